/*
 * boxes.c - box and violin traces: the geometry of a box plot (box,
 * whiskers, caps, median, outliers), as matplotlib's bxp draws it, from
 * plotly's statistics (calc/calc.h) of the samples or from the statistics
 * the trace gives; boxmode / violinmode group side by side.
 */
#include "plotly.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* plotly.js's default */
#define BOXGAP 0.3

/* ------------------------------------------------------- box, violin */

/* A line of n points (x and y interleaved in xy) for a box's part. */
static int
box_line(trace_ctx *t, const double *xy, size_t n, int horizontal, unsigned flags,
         unsigned long group)
{
    chartex_artist *a = px_new_artist(t, CHARTEX_ARTIST_LINE, CHARTEX_ROLE_DATA, flags, group, 0);
    double *sw = NULL;
    size_t i;
    int rc = -1;

    if (a == NULL)
        return -1;
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
 * median, outliers (marker only), at centre c with width w. */
static int
draw_box(trace_ctx *t, double c, double w, const px_box_stats *s, int horizontal)
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
    if (box_line(t, whisk1, 2, horizontal, 0, 0) < 0
        || box_line(t, whisk2, 2, horizontal, 0, 0) < 0
        || box_line(t, cap1, 2, horizontal, 0, 0) < 0
        || box_line(t, cap2, 2, horizontal, 0, 0) < 0
        || box_line(t, box, 5, horizontal, 0, 0) < 0
        || box_line(t, med, 2, horizontal, 0, 0) < 0
        || box_line(t, fl, s->n_outliers, horizontal,
                    CHARTEX_LINE_NO_LINE | CHARTEX_LINE_MARKER, 0) < 0)
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

/* Boxes of given statistics (q1, median, q3, and the fences or the box),
 * one per entry, at its position or c0 + i. */
static int
given_boxes(trace_ctx *t, const box_data *d, double c0, const box_slot *sl, int horizontal)
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
        if (draw_box(t, slot_centre(sl, cpos), sl->width, &s, horizontal) < 0)
            return -1;
    }
    return 0;
}

/* The (position, value) pairs of the samples at a finite position,
 * sorted by position (*np of them): each run of one position is a box. */
static double *
position_pairs(const box_data *d, size_t *np)
{
    size_t n = d->npos < d->nval ? d->npos : d->nval, i, j;
    double *pairs = px_calc_alloc(n, 2 * sizeof *pairs);

    if (pairs == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    for (i = 0, j = 0; i < n; i++)
        if (isfinite(d->pos[i])) {
            pairs[2 * j] = d->pos[i];
            pairs[2 * j + 1] = d->val[i];
            j++;
        }
    qsort(pairs, j, 2 * sizeof *pairs, px_cmp_double);
    *np = j;
    return pairs;
}

/* Boxes of samples: one per distinct position, in order of position, as
 * plotly.js's statistics give them; one at c0 without positions. */
static int
sample_boxes(trace_ctx *t, const box_data *d, double c0, const box_slot *sl, int horizontal,
             int violin)
{
    double *group = px_calc_alloc(d->nval, sizeof *group), *pairs = NULL;
    size_t np = 0, i, k, run;
    px_box_stats s;
    int rc = -1;

    memset(&s, 0, sizeof s);
    if (group == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    if (d->pos == NULL) {
        rc = px_box_from_samples(d->val, d->nval, quartile_method(t),
                                 boxpoints_of(t, "boxpoints"), &s) == 0
                 ? draw_box(t, c0, sl->width, &s, horizontal) : 0;
        goto done;
    }
    if ((pairs = position_pairs(d, &np)) == NULL)
        goto done;
    for (i = 0; i < np; i = run) {
        double here = pairs[2 * i];

        for (run = i, k = 0; run < np && pairs[2 * run] == here; run++)
            group[k++] = pairs[2 * run + 1];
        if (px_box_from_samples(group, k, quartile_method(t),
                                boxpoints_of(t, violin ? "points" : "boxpoints"), &s) != 0)
            continue;
        if (draw_box(t, slot_centre(sl, here), sl->width, &s, horizontal) < 0)
            goto done;
        px_box_stats_clear(&s);
    }
    rc = 0;
done:
    px_box_stats_clear(&s);
    free(group);
    free(pairs);
    return rc;
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
    int rc = -1;

    memset(&d, 0, sizeof d);
    if (read_box_data(t, horizontal, &d) < 0 || box_origin(t, horizontal, &d, &c0) < 0
        || box_slot_of(t, violin, &d, &sl) < 0)
        goto done;
    if (d.q1 != NULL && d.med != NULL && d.q3 != NULL)
        rc = given_boxes(t, &d, c0, &sl, horizontal);
    else if (d.val != NULL)
        rc = sample_boxes(t, &d, c0, &sl, horizontal, violin);
    else
        rc = 0;
done:
    box_data_free(&d);
    return rc;
}
