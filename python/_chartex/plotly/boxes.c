/*
 * boxes.c - box and violin traces: the geometry of a box plot (box,
 * whiskers, caps, median, outliers), as matplotlib's bxp draws it, from
 * plotly's statistics (calc/calc.h) of the samples or from the statistics
 * the trace gives, a violin's body and inner box (violins.c); boxmode /
 * violinmode group side by side.  What plotly.js draws beside them
 * travels as columns of the artist a box is read from (its outline, a
 * violin's body; src/chart/records.c): every sample it shows as a point
 * (boxpoints / points "all": "samples"), a violin's outliers, the mean
 * (boxmean, meanline).  A box whose line and fill are invisible (what
 * px.strip makes) shows its points alone: they are read as a scatter at
 * the box's position.
 */
#include "plotly.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* plotly.js's default */
#define BOXGAP 0.3

/* ------------------------------------------------------- box, violin */

/* A line of n points (x and y interleaved in xy) for a box's part; *out
 * (when not NULL) receives it. */
static int
box_line(trace_ctx *t, const double *xy, size_t n, int horizontal, unsigned flags,
         int labelled, chartex_artist **out)
{
    chartex_artist *a = px_new_artist(t, CHARTEX_ARTIST_LINE, CHARTEX_ROLE_DATA, flags, 0,
                                      labelled);
    double *sw = NULL;
    size_t i;
    int rc = -1;

    if (a == NULL)
        return -1;
    if (out != NULL)
        *out = a;
    if (horizontal) {
        sw = px_calc_alloc(n, 2 * sizeof *sw);
        if (sw == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        for (i = 0; i < n; i++) {
            sw[2 * i] = xy[2 * i + 1];
            sw[2 * i + 1] = xy[2 * i];
        }
        xy = sw;
    }
    if (chartex_artist_set_points(a, n, xy, &t->r->err) < 0)
        px_core_fail(t->r);
    else
        rc = 0;
    free(sw);
    return rc;
}

/* One box drawn as matplotlib's bxp draws it: whiskers, caps, box,
 * median, outliers (marker only), at centre c with width w; the box
 * outline (labelled with the trace's own name, when named) into *out. */
static int
draw_box(trace_ctx *t, double c, double w, const px_box_stats *s, int horizontal, int named,
         chartex_artist **out)
{
    double l = c - w / 2, rr = c + w / 2, cw = w / 4;
    double whisk1[4] = {c, s->q1, c, s->lowerfence};
    double whisk2[4] = {c, s->q3, c, s->upperfence};
    double cap1[4] = {c - cw, s->lowerfence, c + cw, s->lowerfence};
    double cap2[4] = {c - cw, s->upperfence, c + cw, s->upperfence};
    double box[10] = {l, s->q1, rr, s->q1, rr, s->q3, l, s->q3, l, s->q1};
    double med[4] = {l, s->median, rr, s->median};
    double *fl = NULL;
    size_t i;
    int rc = -1;

    fl = px_calc_alloc(s->n_outliers, 2 * sizeof *fl);
    if (fl == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (i = 0; i < s->n_outliers; i++) {
        fl[2 * i] = c;
        fl[2 * i + 1] = s->outliers[i];
    }
    if (box_line(t, whisk1, 2, horizontal, 0, 0, NULL) < 0
        || box_line(t, whisk2, 2, horizontal, 0, 0, NULL) < 0
        || box_line(t, cap1, 2, horizontal, 0, 0, NULL) < 0
        || box_line(t, cap2, 2, horizontal, 0, 0, NULL) < 0
        || box_line(t, box, 5, horizontal, 0, named, out) < 0
        || box_line(t, med, 2, horizontal, 0, 0, NULL) < 0
        || box_line(t, fl, s->n_outliers, horizontal,
                    CHARTEX_LINE_NO_LINE | CHARTEX_LINE_MARKER, 0, NULL) < 0)
        goto done;
    rc = 0;
done:
    free(fl);
    return rc;
}

static px_quartile_method
quartile_method(trace_ctx *t)
{
    if (px_str_is(t->trace, "quartilemethod", "exclusive", 0))
        return PX_QUARTILE_EXCLUSIVE;
    if (px_str_is(t->trace, "quartilemethod", "inclusive", 0))
        return PX_QUARTILE_INCLUSIVE;
    return PX_QUARTILE_LINEAR;
}

static px_boxpoints
boxpoints_of(trace_ctx *t, const char *key)
{
    PyObject *v = px_get(t->trace, key);
    px_boxpoints b = PX_BOXPOINTS_OUTLIERS;

    if (v == Py_False)
        b = PX_BOXPOINTS_FALSE;
    else if (v != NULL && PyUnicode_Check(v)) {
        const char *s = PyUnicode_AsUTF8(v);

        if (s == NULL)
            PyErr_Clear();
        else if (strcmp(s, "all") == 0)
            b = PX_BOXPOINTS_ALL;
        else if (strcmp(s, "suspectedoutliers") == 0)
            b = PX_BOXPOINTS_SUSPECTED;
        else if (strcmp(s, "false") == 0)
            b = PX_BOXPOINTS_FALSE;
    }
    Py_XDECREF(v);
    return b;
}

/* A box trace's arrays: positions, samples and the statistics given,
 * positions on the position axis, the rest on the value axis. */
typedef struct box_data {
    double *pos, *val, *q1, *med, *q3, *lf, *uf;
    size_t npos, nval, nq1, nmed, nq3, nlf, nuf;
} box_data;

static int
read_box_data(trace_ctx *t, int horizontal, box_data *d)
{
    px_axis *pax = t->p->axis[horizontal ? 1 : 0], *vax = t->p->axis[horizontal ? 0 : 1];

    if (px_values_of(t, horizontal ? "y" : "x", pax, &d->pos, &d->npos) < 0
        || px_values_of(t, horizontal ? "x" : "y", vax, &d->val, &d->nval) < 0
        || px_values_of(t, "q1", vax, &d->q1, &d->nq1) < 0
        || px_values_of(t, "median", vax, &d->med, &d->nmed) < 0
        || px_values_of(t, "q3", vax, &d->q3, &d->nq3) < 0
        || px_values_of(t, "lowerfence", vax, &d->lf, &d->nlf) < 0
        || px_values_of(t, "upperfence", vax, &d->uf, &d->nuf) < 0)
        return -1;
    return 0;
}

static void
box_data_free(box_data *d)
{
    free(d->pos);
    free(d->val);
    free(d->q1);
    free(d->med);
    free(d->q3);
    free(d->lf);
    free(d->uf);
}

/* Where a box stands without positions: x0 (y0), else its name on a
 * category axis, else the trace's index (*c0 untouched with positions). */
static int
box_origin(trace_ctx *t, int horizontal, const box_data *d, double *c0)
{
    px_axis *pax = t->p->axis[horizontal ? 1 : 0];
    double idx = NAN;

    if (d->pos != NULL || px_number(t->trace, horizontal ? "y0" : "x0", c0))
        return 0;
    if (pax != NULL && pax->type == PX_AXTYPE_CATEGORY
        && px_category(t->r, pax, t->name, &idx) < 0)
        return -1;
    *c0 = isfinite(idx) ? idx : (double)t->index;
    return 0;
}

/* A box's slot among the boxes of its subplot: their width (plotly.js's
 * dpos less the gap, shared in boxmode / violinmode "group"), how many
 * stand side by side and which one this trace's is. */
typedef struct box_slot {
    double dpos, width;
    size_t count, mine;
} box_slot;

static int
box_slot_of(trace_ctx *t, int violin, const box_data *d, box_slot *sl)
{
    px_subplot *p = t->p;
    PyObject *mode_keep = NULL;
    const char *mode = px_str(t->r->layout, violin ? "violinmode" : "boxmode", &mode_keep);
    double *sorted = NULL;
    Py_ssize_t m;
    int rc = -1;

    sl->dpos = 1;
    sl->count = sl->mine = 0;
    for (m = 0; m < PyList_GET_SIZE(p->traces); m++) {
        const char *ty = PyUnicode_AsUTF8(PyList_GET_ITEM(p->types, m));

        if (ty == NULL)
            goto done;
        if (strcmp(ty, t->type) != 0)
            continue;
        if (PyList_GET_ITEM(p->traces, m) == t->trace)
            sl->mine = sl->count;
        sl->count++;
    }
    if (d->pos != NULL && d->npos > 1) {
        sorted = px_calc_alloc(d->npos, sizeof *sorted);
        if (sorted == NULL) {
            PyErr_NoMemory();
            goto done;
        }
        memcpy(sorted, d->pos, d->npos * sizeof *sorted);
        sl->dpos = px_min_spacing(sorted, d->npos);
    }
    sl->width = sl->dpos * (1 - BOXGAP);
    if (mode != NULL && strcmp(mode, "group") == 0 && sl->count > 1)
        sl->width /= (double)sl->count;
    else
        sl->count = 1, sl->mine = 0;
    rc = 0;
done:
    free(sorted);
    Py_XDECREF(mode_keep);
    return rc;
}

/* The centre of the box at position pv: in group mode, box `mine` of
 * `count` sits in its slot of the group. */
static double
slot_centre(const box_slot *sl, double pv)
{
    if (sl->count <= 1)
        return pv;
    return pv - sl->dpos * (1 - BOXGAP) / 2 + sl->width * ((double)sl->mine + 0.5);
}

/* What a trace draws of each box besides its statistics. */
typedef struct box_look {
    int violin;
    int named;                  /* the trace has a name of its own */
    int strip;                  /* line and fill invisible: the points alone */
    int all;                    /* every sample shown as a point */
    int mean;                   /* boxmean / meanline.visible */
    px_boxpoints points;        /* the statistics' whisker rule */
    px_boxpoints shown;         /* the points drawn */
    unsigned long group;        /* a violin trace's bodies' */
} box_look;

/* A box's columns: the samples shown (all), a violin's outliers, the
 * mean. */
static int
box_columns(trace_ctx *t, chartex_artist *a, const box_look *lk, const double *v, size_t n,
            const px_box_stats *s)
{
    double *finite = NULL;
    size_t i, m = 0;
    int rc = -1;

    if (lk->all) {
        if ((finite = px_calc_alloc(n, sizeof *finite)) == NULL) {
            PyErr_NoMemory();
            goto done;
        }
        for (i = 0; i < n; i++)
            if (isfinite(v[i]))
                finite[m++] = v[i];
        if (px_put_numbers(t->r, a, "samples", finite, m) < 0)
            goto done;
    }
    if (lk->violin && lk->shown != PX_BOXPOINTS_FALSE
        && px_put_numbers(t->r, a, "outliers", s->outliers, s->n_outliers) < 0)
        goto done;
    if (lk->mean && isfinite(s->mean) && px_put_number(t->r, a, "mean", s->mean) < 0)
        goto done;
    rc = 0;
done:
    free(finite);
    return rc;
}

/* Boxes of given statistics (q1, median, q3, and the fences or the box),
 * one per entry, at its position or c0 + i. */
static int
given_boxes(trace_ctx *t, const box_data *d, double c0, const box_slot *sl, int horizontal,
            const box_look *lk)
{
    size_t nb = d->nq1 < d->nmed ? d->nq1 : d->nmed, i;
    px_box_stats s;

    memset(&s, 0, sizeof s);
    if (d->nq3 < nb)
        nb = d->nq3;
    for (i = 0; i < nb; i++) {
        double cpos = d->pos != NULL ? (i < d->npos ? d->pos[i] : NAN) : c0 + (double)i;

        if (!isfinite(cpos) || !isfinite(d->q1[i]) || !isfinite(d->med[i])
            || !isfinite(d->q3[i]))
            continue;
        s.q1 = d->q1[i];
        s.median = d->med[i];
        s.q3 = d->q3[i];
        s.lowerfence = d->lf != NULL && i < d->nlf && isfinite(d->lf[i]) ? d->lf[i] : d->q1[i];
        s.upperfence = d->uf != NULL && i < d->nuf && isfinite(d->uf[i]) ? d->uf[i] : d->q3[i];
        s.min = s.lowerfence;
        s.max = s.upperfence;
        s.n_outliers = 0;
        if (draw_box(t, slot_centre(sl, cpos), sl->width, &s, horizontal, lk->named, NULL) < 0)
            return -1;
    }
    return 0;
}

/* qsort's order of (position, value, index) triples: by position, then
 * by index (the trace's order within a box). */
static int
by_position(const void *pa, const void *pb)
{
    const double *a = pa, *b = pb;

    if (a[0] != b[0])
        return a[0] < b[0] ? -1 : 1;
    return a[2] < b[2] ? -1 : a[2] > b[2];
}

/* The (position, value, index) triples of the samples at a finite
 * position, sorted by position (*np of them): each run of one position
 * is a box. */
static double *
position_triples(const box_data *d, size_t *np)
{
    size_t n = d->npos < d->nval ? d->npos : d->nval, i, j;
    double *tr = px_calc_alloc(n, 3 * sizeof *tr);

    if (tr == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    for (i = 0, j = 0; i < n; i++)
        if (isfinite(d->pos[i])) {
            tr[3 * j] = d->pos[i];
            tr[3 * j + 1] = d->val[i];
            tr[3 * j + 2] = (double)i;
            j++;
        }
    qsort(tr, j, 3 * sizeof *tr, by_position);
    *np = j;
    return tr;
}

/* The points a strip shows at position p (all its samples, or those
 * beyond the fences) added to the scatter's xy (*m points so far). */
static void
strip_points(double *xy, size_t *m, double p, const double *v, size_t n,
             const px_box_stats *s, const box_look *lk, int horizontal)
{
    const double *shown = lk->all ? v : s->outliers;
    size_t k, count = lk->all ? n : s->n_outliers;

    for (k = 0; k < count; k++) {
        if (!isfinite(shown[k]))
            continue;
        xy[2 * *m] = horizontal ? shown[k] : p;
        xy[2 * *m + 1] = horizontal ? p : shown[k];
        (*m)++;
    }
}

/* One box (or violin) of the samples v (n of them) at position p. */
static int
one_box(trace_ctx *t, const double *v, size_t n, double p, const box_slot *sl, int horizontal,
        const box_look *lk, double *strip_xy, size_t *m)
{
    px_box_stats s;
    chartex_artist *a = NULL;
    int rc = -1;

    memset(&s, 0, sizeof s);
    if (px_box_from_samples(v, n, quartile_method(t), lk->points, &s) != 0)
        return 0;
    if (lk->strip) {
        strip_points(strip_xy, m, p, v, n, &s, lk, horizontal);
        rc = 0;
        goto done;
    }
    /* a violin of samples that do not spread has no body to read: it is
     * the box it collapses to */
    if (lk->violin && s.max > s.min)
        a = px_draw_violin(t, slot_centre(sl, p), sl->width, v, n, &s, horizontal, lk->group,
                           lk->named);
    else if (draw_box(t, slot_centre(sl, p), sl->width, &s, horizontal, lk->named, &a) < 0)
        goto done;
    if (a == NULL || box_columns(t, a, lk, v, n, &s) < 0)
        goto done;
    rc = 0;
done:
    px_box_stats_clear(&s);
    return rc;
}

/* A strip's points as one scatter of the trace. */
static int
strip_scatter(trace_ctx *t, const double *xy, size_t m)
{
    chartex_artist *a = px_new_artist(t, CHARTEX_ARTIST_SCATTER, CHARTEX_ROLE_DATA, 0, 0, 1);

    if (a == NULL)
        return -1;
    if (chartex_artist_set_points(a, m, xy, &t->r->err) < 0)
        return px_core_fail(t->r);
    return 0;
}

/* Boxes of samples: one per distinct position, in order of position, as
 * plotly.js's statistics give them; one at c0 without positions. */
static int
sample_boxes(trace_ctx *t, const box_data *d, double c0, const box_slot *sl, int horizontal,
             const box_look *lk)
{
    double *group = px_calc_alloc(d->nval, sizeof *group), *tr = NULL;
    double *xy = lk->strip ? px_calc_alloc(d->nval, 2 * sizeof *xy) : NULL;
    size_t np = 0, i, k, run, m = 0;
    int rc = -1;

    if (group == NULL || (lk->strip && xy == NULL)) {
        PyErr_NoMemory();
        goto done;
    }
    if (d->pos == NULL) {
        if (one_box(t, d->val, d->nval, c0, sl, horizontal, lk, xy, &m) < 0)
            goto done;
    }
    else {
        if ((tr = position_triples(d, &np)) == NULL)
            goto done;
        for (i = 0; i < np; i = run) {
            double here = tr[3 * i];

            for (run = i, k = 0; run < np && tr[3 * run] == here; run++)
                group[k++] = tr[3 * run + 1];
            if (one_box(t, group, k, here, sl, horizontal, lk, xy, &m) < 0)
                goto done;
        }
    }
    rc = lk->strip && m > 0 ? strip_scatter(t, xy, m) : 0;
done:
    free(group);
    free(tr);
    free(xy);
    return rc;
}

/* Whether a colour is invisible: "transparent", or an alpha of 0 (rgba(),
 * hsla(), #rrggbbaa, #rgba). */
static int
invisible_color(PyObject *c)
{
    const char *s = c != NULL && PyUnicode_Check(c) ? PyUnicode_AsUTF8(c) : NULL;
    const char *comma;
    size_t len;

    if (s == NULL) {
        PyErr_Clear();
        return 0;
    }
    len = strlen(s);
    if (strcmp(s, "transparent") == 0)
        return 1;
    if ((strncmp(s, "rgba(", 5) == 0 || strncmp(s, "hsla(", 5) == 0)
        && (comma = strrchr(s, ',')) != NULL)
        return strtod(comma + 1, NULL) == 0;
    if (s[0] == '#' && (len == 9 || len == 5))
        return strcmp(s + len - (len == 9 ? 2 : 1), len == 9 ? "00" : "0") == 0;
    return 0;
}

/* Whether a box trace draws no box: its line invisible (width 0 or an
 * invisible colour) and its fill too (invisible, or following the line's
 * invisible colour), as px.strip makes it. */
static int
box_invisible(trace_ctx *t)
{
    PyObject *line = px_get(t->trace, "line"), *color = px_get(line, "color");
    PyObject *fill = px_get(t->trace, "fillcolor");
    double w;
    int line_off = (px_number(line, "width", &w) && w == 0) || invisible_color(color);
    int fill_off = fill != NULL ? invisible_color(fill) : invisible_color(color);

    Py_XDECREF(line);
    Py_XDECREF(color);
    Py_XDECREF(fill);
    return line_off && fill_off;
}

/* Whether a trace has a name of its own (a box's group). */
static int
named(trace_ctx *t)
{
    PyObject *name = px_get(t->trace, "name");
    int has = name != NULL && ((PyUnicode_Check(name) && PyUnicode_GetLength(name) > 0)
                               || PyLong_Check(name) || PyFloat_Check(name));

    Py_XDECREF(name);
    return has;
}

/* What the trace draws besides its statistics. */
static void
look_of(trace_ctx *t, int violin, box_look *lk)
{
    px_boxpoints shown = boxpoints_of(t, violin ? "points" : "boxpoints");
    PyObject *ml;

    memset(lk, 0, sizeof *lk);
    lk->violin = violin;
    lk->named = named(t);
    lk->all = shown == PX_BOXPOINTS_ALL;
    lk->shown = shown;
    /* a violin's box whiskers end at the fences whatever it shows */
    lk->points = violin && shown == PX_BOXPOINTS_FALSE ? PX_BOXPOINTS_OUTLIERS : shown;
    lk->strip = !violin && box_invisible(t) && shown != PX_BOXPOINTS_FALSE;
    if (violin) {
        ml = px_get(t->trace, "meanline");
        lk->mean = px_bool(ml, "visible", 0);
        Py_XDECREF(ml);
        lk->group = ++t->r->next_group;
    }
    else {
        PyObject *bm = px_get(t->trace, "boxmean");

        lk->mean = bm == Py_True || (bm != NULL && PyUnicode_Check(bm));
        Py_XDECREF(bm);
    }
}

/* Box and violin traces: boxes from the samples grouped by position, or
 * from given statistics (q1, median, q3, ...). */
int
px_read_box(trace_ctx *t)
{
    int horizontal = px_horizontal(t->trace, t->type);
    int violin = strcmp(t->type, "violin") == 0;
    double c0 = 0;
    box_data d;
    box_slot sl;
    box_look lk;
    int rc = -1;

    memset(&d, 0, sizeof d);
    look_of(t, violin, &lk);
    if (read_box_data(t, horizontal, &d) < 0 || box_origin(t, horizontal, &d, &c0) < 0
        || box_slot_of(t, violin, &d, &sl) < 0)
        goto done;
    if (d.q1 != NULL && d.med != NULL && d.q3 != NULL)
        rc = given_boxes(t, &d, c0, &sl, horizontal, &lk);
    else if (d.val != NULL)
        rc = sample_boxes(t, &d, c0, &sl, horizontal, &lk);
    else
        rc = 0;
done:
    box_data_free(&d);
    return rc;
}
