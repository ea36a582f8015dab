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
        sw = malloc((n ? 2 * n : 1) * sizeof *sw);
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

    fl = malloc((s->n_outliers ? 2 * s->n_outliers : 1) * sizeof *fl);
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

/* Box and violin traces: boxes from the samples grouped by position, or
 * from given statistics (q1, median, q3, ...). */
int
px_read_box(trace_ctx *t)
{
    px_subplot *p = t->p;
    int horizontal = px_horizontal(t->trace, t->type);
    int violin = strcmp(t->type, "violin") == 0;
    px_axis *pax = p->axis[horizontal ? 1 : 0], *vax = p->axis[horizontal ? 0 : 1];
    double *pos = NULL, *val = NULL, *q1 = NULL, *med = NULL, *q3 = NULL, *lf = NULL,
           *uf = NULL, *sorted = NULL, *group = NULL, c0, width, dpos = 1;
    size_t npos = 0, nval = 0, nq1 = 0, nmed = 0, nq3 = 0, nlf = 0, nuf = 0, i, j, k;
    size_t count = 0, mine = 0;
    Py_ssize_t m;
    px_box_stats s;
    int rc = -1, named;
    PyObject *mode_keep = NULL;
    const char *mode;

    memset(&s, 0, sizeof s);
    if (px_values_of(t, horizontal ? "y" : "x", pax, &pos, &npos) < 0
        || px_values_of(t, horizontal ? "x" : "y", vax, &val, &nval) < 0
        || px_values_of(t, "q1", vax, &q1, &nq1) < 0 || px_values_of(t, "median", vax, &med, &nmed) < 0
        || px_values_of(t, "q3", vax, &q3, &nq3) < 0
        || px_values_of(t, "lowerfence", vax, &lf, &nlf) < 0
        || px_values_of(t, "upperfence", vax, &uf, &nuf) < 0)
        goto done;
    /* Where a box stands without positions: its name on a category axis,
     * else x0 (y0). */
    named = pos == NULL && !px_number(t->trace, horizontal ? "y0" : "x0", &c0);
    if (pos == NULL && named) {
        double idx = NAN;

        if (pax != NULL && pax->type == PX_AXTYPE_CATEGORY
            && px_category(t->r, pax, t->name, &idx) < 0)
            goto done;
        c0 = isfinite(idx) ? idx : (double)t->index;
    }
    /* Side by side with the other boxes of the subplot (boxmode group). */
    mode = px_str(t->r->layout, violin ? "violinmode" : "boxmode", &mode_keep);
    for (m = 0; m < PyList_GET_SIZE(p->traces); m++) {
        const char *ty = PyUnicode_AsUTF8(PyList_GET_ITEM(p->types, m));

        if (ty == NULL)
            goto done;
        if (strcmp(ty, t->type) != 0)
            continue;
        if (PyList_GET_ITEM(p->traces, m) == t->trace)
            mine = count;
        count++;
    }
    if (pos != NULL && npos > 1) {
        sorted = malloc(npos * sizeof *sorted);
        if (sorted == NULL) {
            PyErr_NoMemory();
            goto done;
        }
        memcpy(sorted, pos, npos * sizeof *sorted);
        dpos = px_min_spacing(sorted, npos);
    }
    width = dpos * (1 - BOXGAP);
    if (mode != NULL && strcmp(mode, "group") == 0 && count > 1)
        width /= (double)count;
    else
        count = 1, mine = 0;
    /* In group mode, box `mine` of `count` sits in its slot of the group. */
#define CENTRE(pv) ((pv) - dpos * (1 - BOXGAP) / 2 + width * ((double)mine + 0.5))
    if (q1 != NULL && med != NULL && q3 != NULL) {
        /* Given statistics, one box per entry. */
        size_t nb = nq1 < nmed ? nq1 : nmed;

        if (nq3 < nb)
            nb = nq3;
        for (i = 0; i < nb; i++) {
            double cpos = pos != NULL ? (i < npos ? pos[i] : NAN) : c0 + (double)i;

            if (!isfinite(cpos) || !isfinite(q1[i]) || !isfinite(med[i]) || !isfinite(q3[i]))
                continue;
            s.q1 = q1[i];
            s.median = med[i];
            s.q3 = q3[i];
            s.lowerfence = lf != NULL && i < nlf && isfinite(lf[i]) ? lf[i] : q1[i];
            s.upperfence = uf != NULL && i < nuf && isfinite(uf[i]) ? uf[i] : q3[i];
            s.min = s.lowerfence;
            s.max = s.upperfence;
            s.n_outliers = 0;
            if (draw_box(t, count > 1 ? CENTRE(cpos) : cpos, width, &s, horizontal) < 0)
                goto done;
        }
        goto ok;
    }
    if (val == NULL)
        goto ok;
    /* Samples: one box per distinct position, in order of position. */
    group = malloc((nval ? nval : 1) * sizeof *group);
    if (group == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    if (pos == NULL) {
        if (px_box_from_samples(val, nval, quartile_method(t), boxpoints_of(t, "boxpoints"),
                                 &s) == 0) {
            if (draw_box(t, c0, width, &s, horizontal) < 0)
                goto done;
            px_box_stats_clear(&s);
        }
        goto ok;
    }
    /* Sort (position, value) pairs by position: each run is one box. */
    {
        size_t np = npos < nval ? npos : nval, run;
        double *pairs = malloc((np ? 2 * np : 1) * sizeof *pairs);

        if (pairs == NULL) {
            PyErr_NoMemory();
            goto done;
        }
        for (i = 0, j = 0; i < np; i++)
            if (isfinite(pos[i])) {
                pairs[2 * j] = pos[i];
                pairs[2 * j + 1] = val[i];
                j++;
            }
        np = j;
        qsort(pairs, np, 2 * sizeof *pairs, px_cmp_double);
        for (i = 0; i < np; i = run) {
            double here = pairs[2 * i];

            for (run = i, k = 0; run < np && pairs[2 * run] == here; run++)
                group[k++] = pairs[2 * run + 1];
            if (px_box_from_samples(group, k, quartile_method(t),
                                     boxpoints_of(t, violin ? "points" : "boxpoints"), &s) != 0)
                continue;
            rc = draw_box(t, count > 1 ? CENTRE(here) : here, width, &s, horizontal);
            px_box_stats_clear(&s);
            if (rc < 0) {
                free(pairs);
                goto done;
            }
            rc = -1;
        }
        free(pairs);
    }
#undef CENTRE
ok:
    rc = 0;
done:
    px_box_stats_clear(&s);
    free(pos);
    free(val);
    free(q1);
    free(med);
    free(q3);
    free(lf);
    free(uf);
    free(sorted);
    free(group);
    Py_XDECREF(mode_keep);
    return rc;
}
