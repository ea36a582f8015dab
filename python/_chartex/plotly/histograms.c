/*
 * histograms.c - the traces plotly.js bins: histogram and histogram2d.
 * Their attributes (xbins, nbinsx, histfunc, histnorm, cumulative) become
 * the inputs of calc/calc.h, the histograms of a subplot binned together as
 * plotly.js bins them; a histogram's bins are drawn by barmode.c (which
 * places them among the subplot's bars), a histogram2d's grid as grids.c's
 * mesh image.
 */
#include "plotly.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------- histogram */

static px_histfunc
histfunc_of(trace_ctx *t)
{
    PyObject *keep;
    const char *s = px_str(t->trace, "histfunc", &keep);
    px_histfunc f = PX_HISTFUNC_COUNT;

    if (s != NULL)
        f = strcmp(s, "sum") == 0 ? PX_HISTFUNC_SUM : strcmp(s, "avg") == 0 ? PX_HISTFUNC_AVG
            : strcmp(s, "min") == 0 ? PX_HISTFUNC_MIN : strcmp(s, "max") == 0
            ? PX_HISTFUNC_MAX : PX_HISTFUNC_COUNT;
    Py_XDECREF(keep);
    return f;
}

static px_histnorm
histnorm_of(trace_ctx *t)
{
    PyObject *keep;
    const char *s = px_str(t->trace, "histnorm", &keep);
    px_histnorm h = PX_HISTNORM_NONE;

    if (s != NULL)
        h = strcmp(s, "percent") == 0 ? PX_HISTNORM_PERCENT
            : strcmp(s, "probability") == 0 ? PX_HISTNORM_PROBABILITY
            : strcmp(s, "density") == 0 ? PX_HISTNORM_DENSITY
            : strcmp(s, "probability density") == 0 ? PX_HISTNORM_PROBABILITY_DENSITY
            : PX_HISTNORM_NONE;
    Py_XDECREF(keep);
    return h;
}

/* How the bins of a histogram merge under the chart's budget
 * (CHARTEX_BARS_VALUES_*, doc/schema.md "Bounds"): counts and sums, in
 * percent or probability or not, add up; densities are weighted by the
 * bins' widths; averages, minima, maxima and running totals do not
 * merge.  plotly.js counts when no values are given to aggregate. */
unsigned
px_histogram_flags(trace_ctx *t, int horizontal)
{
    PyObject *values = px_get(t->trace, horizontal ? "x" : "y"), *cum;
    px_histfunc f = values != NULL ? histfunc_of(t) : PX_HISTFUNC_COUNT;
    px_histnorm h = histnorm_of(t);
    int cumulative;

    Py_XDECREF(values);
    cum = px_get(t->trace, "cumulative");
    cumulative = cum != NULL && px_bool(cum, "enabled", 0);
    Py_XDECREF(cum);
    if (cumulative || (f != PX_HISTFUNC_COUNT && f != PX_HISTFUNC_SUM))
        return CHARTEX_BARS_VALUES_NO_MERGE;
    if (h == PX_HISTNORM_DENSITY || h == PX_HISTNORM_PROBABILITY_DENSITY)
        return CHARTEX_BARS_VALUES_DENSITY;
    return CHARTEX_BARS_VALUES_ADD;
}

/* A finite number, or a number's text. */
static int
obj_number(PyObject *o, double *v)
{
    const char *s;
    char *end;
    double d;

    if (PyFloat_Check(o) || PyLong_Check(o)) {
        d = PyFloat_AsDouble(o);
        if (d == -1.0 && PyErr_Occurred()) {
            PyErr_Clear();
            return 0;
        }
    }
    else if (PyUnicode_Check(o) && (s = PyUnicode_AsUTF8(o)) != NULL) {
        d = strtod(s, &end);
        if (end == s || *end != '\0')
            return 0;
    }
    else {
        PyErr_Clear();
        return 0;
    }
    if (!isfinite(d))
        return 0;
    *v = d;
    return 1;
}

/* A histogram axis' positions (plotly.js's units: dates in ms) and its
 * bin attributes (xbins / ybins and nbinsx / nbinsy) into in. */
static int
axis_bins_input(trace_ctx *t, const char *letter, px_axis *pax, double **pos, size_t *n,
                px_hist_input *in)
{
    PyObject *bins = NULL, *size = NULL;
    char key[8];
    size_t i;
    double v;
    int rc = -1;

    in->start = in->end = in->size = NAN;
    if (px_values_of(t, letter, pax, pos, n) < 0)
        goto done;
    if (pax != NULL && pax->type == PX_AXTYPE_DATE)
        for (i = 0; i < *n; i++)
            (*pos)[i] *= MS_PER_DAY;
    snprintf(key, sizeof key, "%sbins", letter);
    bins = px_get(t->trace, key);
    if (bins != NULL) {
        px_axis *dax = pax != NULL && pax->type == PX_AXTYPE_DATE ? pax : NULL;
        const char *k[2] = {"start", "end"};
        int j;

        for (j = 0; j < 2; j++) {
            PyObject *e = px_get(bins, k[j]);

            if (e == NULL)
                continue;
            if (dax != NULL && PyUnicode_Check(e)) {
                const char *s = PyUnicode_AsUTF8(e);
                Py_ssize_t sl = (Py_ssize_t)(s ? strlen(s) : 0);

                if (s != NULL && px_parse_date(s, (size_t)sl, &v))
                    (j ? &in->end : &in->start)[0] = v * MS_PER_DAY;
                PyErr_Clear();
            }
            else if (obj_number(e, &v))
                (j ? &in->end : &in->start)[0] = v;
            Py_DECREF(e);
        }
        size = px_get(bins, "size");
        if (size != NULL && PyUnicode_Check(size)) {
            const char *s = PyUnicode_AsUTF8(size);
            long months;

            if (s != NULL && s[0] == 'M' && sscanf(s + 1, "%ld", &months) == 1 && months > 0)
                in->size_months = months < INT_MAX ? (int)months : INT_MAX;
            else if (s != NULL && px_number(bins, "size", &v))
                in->size = v;
            PyErr_Clear();
        }
        else if (px_number(bins, "size", &v))
            in->size = v;
    }
    snprintf(key, sizeof key, "nbins%s", letter);
    if (px_number(t->trace, key, &v) && v >= 1 && v < 1e9)
        in->nbins = (long)v;
    rc = 0;
done:
    Py_XDECREF(bins);
    Py_XDECREF(size);
    return rc;
}

/* The histogram's inputs; positions in plotly.js's units (dates in ms). */
typedef struct hist_slot {
    px_hist_input in;
    double *pos, *w;
    PyObject *keep;             /* the bingroup's str */
    int horizontal;
} hist_slot;

int
px_histogram_horizontal(PyObject *trace)
{
    PyObject *x, *y;
    int h;

    if (px_str_is(trace, "orientation", "h", 0))
        return 1;
    if (px_str_is(trace, "orientation", "v", 0))
        return 0;
    /* plotly.js: "h" when it has y and no x */
    x = px_get(trace, "x");
    y = px_get(trace, "y");
    h = x == NULL && y != NULL;
    Py_XDECREF(x);
    Py_XDECREF(y);
    px_absent();
    return h;
}

static int
hist_input(trace_ctx *t, hist_slot *h)
{
    px_subplot *p = t->p;
    PyObject *cum = NULL;
    px_axis *pax;
    size_t n = 0, nw = 0;
    int rc = -1;

    memset(h, 0, sizeof *h);
    h->horizontal = px_histogram_horizontal(t->trace);
    pax = p->axis[h->horizontal ? 1 : 0];
    if (axis_bins_input(t, h->horizontal ? "y" : "x", pax, &h->pos, &n, &h->in) < 0)
        goto done;
    if (histfunc_of(t) != PX_HISTFUNC_COUNT
        && px_values_of(t, h->horizontal ? "x" : "y", NULL, &h->w, &nw) < 0)
        goto done;
    if (h->w != NULL && nw < n)
        n = nw;
    h->in.pos = h->pos;
    h->in.weights = h->w;
    h->in.n = h->pos != NULL ? n : 0;
    h->in.func = histfunc_of(t);
    h->in.norm = histnorm_of(t);
    cum = px_get(t->trace, "cumulative");
    if (cum != NULL && px_bool(cum, "enabled", 0)) {
        h->in.cumulative = 1;
        h->in.cumulative_decreasing = px_str_is(cum, "direction", "decreasing", 0);
        h->in.cumulative_currentbin = px_str_is(cum, "currentbin", "exclude", 0) ? 1
                                      : px_str_is(cum, "currentbin", "half", 0) ? 2 : 0;
    }
    h->in.bingroup = px_str(t->trace, "bingroup", &h->keep);
    if (h->in.bingroup == NULL)
        h->in.bingroup = "";
    rc = 0;
done:
    Py_XDECREF(cum);
    return rc;
}

static void
hist_slot_clear(hist_slot *h)
{
    free(h->pos);
    free(h->w);
    Py_XDECREF(h->keep);
    memset(h, 0, sizeof *h);
}

/* The histograms of the subplot, binned together the first time one of
 * them is read (plotly.js bins the traces of one axis together). */
static int
subplot_histograms(trace_ctx *t, px_trace_state *ts)
{
    px_subplot *p = t->p;
    Py_ssize_t k, m = PyList_GET_SIZE(p->traces);
    hist_slot *slots = NULL;
    px_hist_input *in = NULL;
    size_t n = 0, i, j;
    int rc = -1, o;

    slots = calloc((size_t)m + 1, sizeof *slots);
    in = calloc((size_t)m + 1, sizeof *in);
    ts->hist = calloc((size_t)m + 1, sizeof *ts->hist);
    ts->hist_trace = calloc((size_t)m + 1, sizeof *ts->hist_trace);
    ts->hist_horizontal = calloc((size_t)m + 1, sizeof *ts->hist_horizontal);
    if (slots == NULL || in == NULL || ts->hist == NULL || ts->hist_trace == NULL
        || ts->hist_horizontal == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (k = 0; k < m; k++) {
        trace_ctx o2 = *t;
        const char *ty = PyUnicode_AsUTF8(PyList_GET_ITEM(p->types, k));

        if (ty == NULL)
            goto done;
        if (strcmp(ty, "histogram") != 0)
            continue;
        o2.trace = PyList_GET_ITEM(p->traces, k);
        if (hist_input(&o2, &slots[n]) < 0)
            goto done;
        ts->hist_trace[n] = o2.trace;
        ts->hist_horizontal[n] = slots[n].horizontal;
        n++;
    }
    /* Vertical and horizontal histograms are binned on different axes. */
    for (o = 0; o < 2; o++) {
        size_t cnt = 0, *map = malloc((n + 1) * sizeof *map);
        px_hist_output *out = calloc(n + 1, sizeof *out);
        px_axis *pax = p->axis[o ? 1 : 0];

        if (map == NULL || out == NULL) {
            free(map);
            free(out);
            PyErr_NoMemory();
            goto done;
        }
        for (i = 0; i < n; i++)
            if (slots[i].horizontal == o) {
                in[cnt] = slots[i].in;
                map[cnt++] = i;
            }
        if (cnt > 0 && px_histograms(in, cnt, pax != NULL ? pax->type : PX_AXTYPE_LINEAR,
                                      t->r->barmode, out) < 0) {
            /* No bins these inputs can give (or no memory for them): the
             * histograms draw no bars. */
            for (j = 0; j < cnt; j++)
                px_hist_output_clear(&out[j]);
        }
        for (j = 0; j < cnt; j++)
            ts->hist[map[j]] = out[j];
        free(map);
        free(out);
    }
    ts->n_hist = n;
    ts->hist_done = 1;
    rc = 0;
done:
    for (i = 0; i < (size_t)m; i++)
        hist_slot_clear(&slots[i]);
    free(slots);
    free(in);
    return rc;
}

int
px_histogram_bins(trace_ctx *t, PyObject *trace, const px_hist_output **out, int *horizontal)
{
    px_trace_state *ts = px_trace_state_of(t->p);
    size_t i;

    *out = NULL;
    *horizontal = 0;
    if (ts == NULL)
        return -1;
    if (!ts->hist_done && subplot_histograms(t, ts) < 0)
        return -1;
    for (i = 0; i < ts->n_hist; i++)
        if (ts->hist_trace[i] == trace) {
            *horizontal = ts->hist_horizontal[i];
            if (ts->hist[i].nbins > 0 && ts->hist[i].edges != NULL)
                *out = &ts->hist[i];
        }
    return 0;
}

/* A histogram2d: the grid plotly.js bins from x and y (calc/calc.h's
 * px_histogram2d), drawn as a heatmap's.  Bins no input can give (no
 * finite pair, more cells than px_histogram2d makes) draw nothing. */
int
px_read_histogram2d(trace_ctx *t)
{
    px_subplot *p = t->p;
    PyObject *marker = NULL;
    px_hist2d_input in;
    px_hist2d_output out;
    double *xp = NULL, *yp = NULL, *z = NULL;
    size_t nx = 0, ny = 0, i, d;
    int rc = -1;

    memset(&in, 0, sizeof in);
    memset(&out, 0, sizeof out);
    if (axis_bins_input(t, "x", p->axis[0], &xp, &nx, &in.x) < 0
        || axis_bins_input(t, "y", p->axis[1], &yp, &ny, &in.y) < 0)
        goto done;
    if (xp == NULL || yp == NULL)
        goto ok;
    in.x.pos = xp;
    in.x.n = nx;
    in.y.pos = yp;
    in.y.n = ny;
    /* histfunc aggregates z, or else an array marker.color */
    if (px_values_of(t, "z", NULL, &z, &in.nz) < 0)
        goto done;
    if (z == NULL) {
        trace_ctx mt = *t;      /* the marker read as the trace is */

        marker = px_get(t->trace, "marker");
        mt.trace = marker;
        mt.name = NULL;
        if (marker != NULL && px_values_of(&mt, "color", NULL, &z, &in.nz) < 0)
            goto done;
    }
    in.z = z;
    in.func = z != NULL ? histfunc_of(t) : PX_HISTFUNC_COUNT;
    in.norm = histnorm_of(t);
    if (px_histogram2d(&in, p->axis[0] != NULL ? p->axis[0]->type : PX_AXTYPE_LINEAR,
                        p->axis[1] != NULL ? p->axis[1]->type : PX_AXTYPE_LINEAR, &out) < 0
        || out.nx == 0 || out.ny == 0)
        goto ok;
    for (d = 0; d < 2; d++) {
        px_axis *ax = p->axis[d];
        double *e = d ? out.yedges : out.xedges;
        size_t ne = (d ? out.ny : out.nx) + 1;

        if (ax != NULL && ax->type == PX_AXTYPE_DATE)
            for (i = 0; i < ne; i++)
                e[i] /= MS_PER_DAY;
    }
    if (px_grid_drawn(t, out.values, out.ny, out.nx, out.xedges, out.yedges,
                      strcmp(t->type, "histogram2dcontour") == 0) < 0)
        goto done;
ok:
    rc = 0;
done:
    px_hist2d_output_clear(&out);
    free(xp);
    free(yp);
    free(z);
    Py_XDECREF(marker);
    return rc;
}
