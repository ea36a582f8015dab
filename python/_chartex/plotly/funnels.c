/*
 * funnels.c - funnel, waterfall and funnelarea traces, as bar charts in
 * their orientation: one bar per stage (or step) at its position, with
 * its own value; a waterfall's bars from its running total before to the
 * one after (derived.c: waterfall/calc.js), each bar's element with its
 * "measure", "base" and "total"; a funnel's bars centred on the axis line
 * with the percents plotly.js shows (of the first, previous and total
 * value); a funnelarea's stages, its slices as pie.c aggregates them, on
 * a category axis of its domain.
 */
#include "plotly.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ geometry */

/* n bars at positions pos from s0 to s1 (a NaN s1: no bar drawn, kept
 * with its value), of width w each (shifted by offset), valued val: a
 * new BARS artist. */
static chartex_artist *
bars(trace_ctx *t, const double *pos, const double *s0, const double *s1, const double *val,
     size_t n, int horizontal, double w, double offset)
{
    preader *r = t->r;
    double *bx = px_calc_alloc(n, sizeof *bx), *by = px_calc_alloc(n, sizeof *by);
    double *bw = px_calc_alloc(n, sizeof *bw), *bh = px_calc_alloc(n, sizeof *bh);
    chartex_artist *a = NULL;
    size_t i;

    if (bx == NULL || by == NULL || bw == NULL || bh == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (i = 0; i < n; i++) {
        double lo = isfinite(s0[i]) ? s0[i] : 0, len = isfinite(s1[i]) ? s1[i] - lo : 0;
        double c = pos[i] + offset;

        if (horizontal) {
            bx[i] = lo;
            bw[i] = len;
            by[i] = c - w / 2;
            bh[i] = w;
        }
        else {
            bx[i] = c - w / 2;
            bw[i] = w;
            by[i] = lo;
            bh[i] = len;
        }
    }
    a = px_new_artist(t, CHARTEX_ARTIST_BARS, CHARTEX_ROLE_DATA, 0, 0, 1);
    if (a == NULL)
        goto done;
    chartex_artist_set_orientation(a, horizontal ? CHARTEX_HORIZONTAL : CHARTEX_VERTICAL);
    if (chartex_artist_set_bars(a, n, bx, by, bw, bh, val, &r->err) < 0) {
        px_core_fail(r);
        a = NULL;
    }
done:
    free(bx);
    free(by);
    free(bw);
    free(bh);
    return a;
}

/* The positions and sizes of a funnel or waterfall; positions implied by
 * x0/dx (y0/dy) when not given.  *n 0 when there are no sizes. */
static int
positions_and_sizes(trace_ctx *t, int horizontal, double **pos, double **size, size_t *n)
{
    px_subplot *p = t->p;
    size_t npos = 0, nsize = 0;

    *pos = *size = NULL;
    *n = 0;
    if (px_values_of(t, horizontal ? "y" : "x", p->axis[horizontal ? 1 : 0], pos, &npos) < 0
        || px_values_of(t, horizontal ? "x" : "y", p->axis[horizontal ? 0 : 1], size, &nsize)
               < 0)
        return -1;
    if (*size == NULL)
        return 0;
    if (*pos == NULL) {
        npos = nsize;
        *pos = px_implied_positions(t, horizontal ? "y0" : "x0", horizontal ? "dy" : "dx",
                                    npos);
        if (*pos == NULL)
            return -1;
    }
    *n = npos < nsize ? npos : nsize;
    return 0;
}

/* Leaves out the bars at no position (plotly.js draws none there; a
 * waterfall's totals count them all the same): compacts pos and the k
 * arrays (and the measures m, when given) of n values; the count kept. */
static size_t
placed(double *pos, size_t n, double **arrays, size_t k, px_measure *m)
{
    size_t i, j, kept = 0;

    for (i = 0; i < n; i++) {
        if (!isfinite(pos[i]))
            continue;
        pos[kept] = pos[i];
        for (j = 0; j < k; j++)
            arrays[j][kept] = arrays[j][i];
        if (m != NULL)
            m[kept] = m[i];
        kept++;
    }
    return kept;
}

/* The width and offset of the bars of the trace: plotly.js's dpos less
 * the gap, shared by the traces of its kind beside each other (mode
 * "group"). */
static int
bar_width(trace_ctx *t, int horizontal, const char *mode_key, const char *dflt_mode,
          const char *gap_key, double dflt_gap, double *w, double *offset)
{
    size_t count, mine;
    double dpos, gap = dflt_gap, given;
    int group;

    if (px_side_by_side(t, horizontal, &count, &mine, &dpos) < 0)
        return -1;
    px_number(t->r->layout, gap_key, &gap);
    group = px_str_is(t->r->layout, mode_key, "group", strcmp(dflt_mode, "group") == 0);
    *w = dpos * (1 - gap);
    *offset = 0;
    if (px_number(t->trace, "width", &given) && given > 0)
        *w = given;
    else if (group && count > 1) {
        *w /= (double)count;
        *offset = -dpos * (1 - gap) / 2 + *w * ((double)mine + 0.5);
    }
    return 0;
}

/* ------------------------------------------------------------ waterfall */

/* A waterfall's measures (n of them, zeroed: "relative") as its
 * "measure" says: "total" / "t" or "absolute" / "a". */
static int
read_measures(trace_ctx *t, px_measure *m, size_t n)
{
    PyObject *measures = px_get(t->trace, "measure"), *seq = NULL;
    size_t i;

    if (measures != NULL && !PyUnicode_Check(measures) && !PyDict_Check(measures)) {
        seq = PySequence_Fast(measures, "");
        if (seq == NULL && chx_clear_recoverable() < 0) {
            Py_DECREF(measures);
            return -1;
        }
    }
    for (i = 0; seq != NULL && i < n && i < (size_t)PySequence_Fast_GET_SIZE(seq); i++) {
        PyObject *it = PySequence_Fast_GET_ITEM(seq, i);
        const char *s = PyUnicode_Check(it) ? PyUnicode_AsUTF8(it) : NULL;

        if (s == NULL && PyErr_Occurred())
            PyErr_Clear();
        if (s != NULL && (strcmp(s, "total") == 0 || strcmp(s, "t") == 0))
            m[i] = PX_MEASURE_TOTAL;
        else if (s != NULL && (strcmp(s, "absolute") == 0 || strcmp(s, "a") == 0))
            m[i] = PX_MEASURE_ABSOLUTE;
    }
    Py_XDECREF(measures);
    Py_XDECREF(seq);
    return 0;
}

/* Each bar's measure, its base (running total before) and total after. */
static int
waterfall_columns(preader *r, chartex_artist *a, const px_measure *m, const double *s0,
                  const double *s1, size_t n)
{
    static const char *const names[3] = {"relative", "total", "absolute"};
    px_cells cells = {0};
    size_t i;

    for (i = 0; i < n; i++)
        if (px_cells_text(&cells, names[m[i]], strlen(names[m[i]])) < 0) {
            px_cells_clear(&cells);
            return -1;
        }
    if (px_cells_put(r, a, "measure", &cells, 0) < 0 || px_put_numbers(r, a, "base", s0, n) < 0
        || px_put_numbers(r, a, "total", s1, n) < 0)
        return -1;
    return 0;
}

int
px_read_waterfall(trace_ctx *t)
{
    int horizontal = px_horizontal(t->trace, t->type);
    double *pos = NULL, *size = NULL, *s0 = NULL, *s1 = NULL, *own = NULL, base = 0, w, off;
    px_measure *m = NULL;
    size_t n;
    chartex_artist *a;
    int rc = -1;

    if (positions_and_sizes(t, horizontal, &pos, &size, &n) < 0)
        goto done;
    if (n == 0) {
        rc = 0;
        goto done;
    }
    s0 = px_calc_alloc(n, sizeof *s0);
    s1 = px_calc_alloc(n, sizeof *s1);
    own = px_calc_alloc(n, sizeof *own);
    m = px_calc_zalloc(n, sizeof *m);
    if (s0 == NULL || s1 == NULL || own == NULL || m == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    if (read_measures(t, m, n) < 0)
        goto done;
    px_number(t->trace, "base", &base);
    px_waterfall(size, m, n, base, s0, s1, own);
    {
        double *arrays[3] = {s0, s1, own};

        n = placed(pos, n, arrays, 3, m);
    }
    if (bar_width(t, horizontal, "waterfallmode", "group", "waterfallgap", 0.2, &w, &off) < 0)
        goto done;
    a = bars(t, pos, s0, s1, own, n, horizontal, w, off);
    if (a == NULL || waterfall_columns(t->r, a, m, s0, s1, n) < 0)
        goto done;
    rc = 0;
done:
    free(pos);
    free(size);
    free(s0);
    free(s1);
    free(own);
    free(m);
    return rc;
}

/* --------------------------------------------------------------- funnel */

int
px_read_funnel(trace_ctx *t)
{
    preader *r = t->r;
    int horizontal = px_horizontal(t->trace, t->type);
    double *pos = NULL, *size = NULL, *s0 = NULL, *s1 = NULL, *pct[3] = {NULL, NULL, NULL};
    double w, off;
    size_t n, i;
    chartex_artist *a;
    int rc = -1;

    if (positions_and_sizes(t, horizontal, &pos, &size, &n) < 0)
        goto done;
    if (n == 0) {
        rc = 0;
        goto done;
    }
    s0 = px_calc_alloc(n, sizeof *s0);
    s1 = px_calc_alloc(n, sizeof *s1);
    for (i = 0; i < 3; i++)
        pct[i] = px_calc_alloc(n, sizeof *pct[i]);
    if (s0 == NULL || s1 == NULL || pct[0] == NULL || pct[1] == NULL || pct[2] == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    /* negative values are no value (plotly.js's BADNUM) */
    for (i = 0; i < n; i++)
        if (size[i] < 0)
            size[i] = NAN;
    px_funnel(size, n, s0, s1, pct[0], pct[1], pct[2]);
    {
        double *arrays[6] = {size, s0, s1, pct[0], pct[1], pct[2]};

        n = placed(pos, n, arrays, 6, NULL);
    }
    if (bar_width(t, horizontal, "funnelmode", "stack", "funnelgap", 0, &w, &off) < 0)
        goto done;
    a = bars(t, pos, s0, s1, size, n, horizontal, w, off);
    if (a == NULL || px_put_numbers(r, a, "percent_initial", pct[0], n) < 0
        || px_put_numbers(r, a, "percent_previous", pct[1], n) < 0
        || px_put_numbers(r, a, "percent_total", pct[2], n) < 0)
        goto done;
    rc = 0;
done:
    free(pos);
    free(size);
    free(s0);
    free(s1);
    for (i = 0; i < 3; i++)
        free(pct[i]);
    return rc;
}

/* ----------------------------------------------------------- funnelarea */

int
px_read_funnelarea(trace_ctx *t)
{
    preader *r = t->r;
    px_trace_state *ts = px_trace_state_of(t->p);
    chartex_axis *cat = chartex_axes_axis(t->p->axes, 1);
    PyObject *keep = NULL, *title = NULL;
    px_slice *sl = NULL;
    size_t ns = 0, i;
    double *buf = NULL, *pos, *s0, *s1, *val, *pct, total = 0;
    chartex_artist *a;
    int rc = -1;

    if (ts == NULL || px_pie_slices(t, 0, &sl, &ns, &keep) < 0)
        goto done;
    if (ns == 0) {
        rc = 0;
        goto done;
    }
    /* each stage's position, start, end, value and percent of the total */
    if ((buf = px_calc_alloc(ns, 5 * sizeof *buf)) == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    pos = buf;
    s0 = buf + ns;
    s1 = buf + 2 * ns;
    val = buf + 3 * ns;
    pct = buf + 4 * ns;
    for (i = 0; i < ns; i++)
        total += sl[i].value;
    /* The stages, top to bottom, are categories of the domain's y axis;
     * each a bar centred on the funnel's axis. */
    chartex_axis_set_kind(cat, CHARTEX_AXIS_CATEGORY, 0.0);
    for (i = 0; i < ns; i++) {
        SET_TEXT(r, sl[i].label, chartex_axis_add_category(cat, s, len, &r->err));
        pos[i] = (double)(ts->n_stages + i);
        val[i] = sl[i].value;
        s0[i] = -0.5 * val[i];
        s1[i] = 0.5 * val[i];
        pct[i] = total > 0 ? val[i] * 100 / total : NAN;
    }
    ts->n_stages += ns;
    a = bars(t, pos, s0, s1, val, ns, 1, 0.8, 0);
    if (a == NULL || px_put_numbers(r, a, "percent_total", pct, ns) < 0)
        goto done;
    /* its own title names its Axes, as a pie's does */
    title = px_title(t->trace, "title");
    if (title != NULL)
        SET_TEXT(r, title, chartex_axes_set_title(t->p->axes, CHARTEX_TITLE_CENTER, s, len,
                                                  &r->err));
    rc = 0;
done:
    free(sl);
    free(buf);
    Py_XDECREF(keep);
    Py_XDECREF(title);
    return rc;
}
