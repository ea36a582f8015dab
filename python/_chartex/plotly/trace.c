/*
 * trace.c - what every trace family of the Plotly reader shares: the
 * state the traces of one subplot share while they are read (made on
 * first use), a trace's new artists, the values of one of its keys, the
 * positions it implies (x0 / dx), x and y interleaved, plotly.js's dpos
 * (the smallest distance between positions), the name plotly gives a
 * trace and its orientation.
 */
#include "plotly.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

px_trace_state *
px_trace_state_of(px_subplot *p)
{
    if (p->ts == NULL) {
        p->ts = px_calc_zalloc(1, sizeof *p->ts);
        if (p->ts == NULL)
            PyErr_NoMemory();
    }
    return p->ts;
}

void
px_trace_state_free(px_subplot *p)
{
    px_trace_state *ts = p->ts;
    size_t i;

    if (ts == NULL)
        return;
    if (!ts->curve.borrowed) {
        free(ts->curve.t);
        free(ts->curve.f);
    }
    if (ts->bars_free != NULL)
        ts->bars_free(ts->bars);
    for (i = 0; i < ts->n_hist; i++)
        px_hist_output_clear(&ts->hist[i]);
    free(ts->hist);
    free(ts->hist_trace);
    free(ts->hist_horizontal);
    free(ts);
    p->ts = NULL;
}

chartex_artist *
px_new_artist(trace_ctx *t, chartex_artist_kind kind, chartex_artist_role role,
           unsigned flags, unsigned long group, int labelled)
{
    preader *r = t->r;
    chartex_artist *a = chartex_axes_add_artist(t->p->axes, kind, &r->err);
    char cls[48];
    const char *s;
    size_t len;
    PyObject *keep = NULL;

    if (a == NULL) {
        px_core_fail(r);
        return NULL;
    }
    snprintf(cls, sizeof cls, "plotly.%s", t->type);
    if (chartex_artist_set_class(a, cls, strlen(cls), &r->err) < 0) {
        px_core_fail(r);
        return NULL;
    }
    chartex_artist_set_role(a, role);
    chartex_artist_set_flags(a, flags);
    chartex_artist_set_group(a, group);
    if (labelled) {
        if (px_text(t->name, &s, &len, &keep) < 0)
            return NULL;
        if (s != NULL && chartex_artist_set_label(a, s, len, &r->err) < 0) {
            Py_XDECREF(keep);
            px_core_fail(r);
            return NULL;
        }
        Py_XDECREF(keep);
    }
    return a;
}

/* An array attribute of the trace on axis ax (NULL: plain numbers). */
int
px_values_of(trace_ctx *t, const char *key, px_axis *ax, double **v, size_t *n)
{
    PyObject *obj = px_get(t->trace, key);
    int rc;

    *v = NULL;
    *n = 0;
    if (obj == NULL)
        return PyErr_Occurred() ? -1 : 0;
    rc = px_values(t->r, obj, ax, v, n);
    Py_DECREF(obj);
    return rc;
}

/* Positions i -> p0 + dp * i (plotly's x0/dx when no array is given). */
double *
px_implied_positions(trace_ctx *t, const char *k0, const char *kd, size_t n)
{
    double p0 = 0, dp = 1, *v = px_calc_alloc(n, sizeof *v);
    size_t i;

    if (v == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    px_number(t->trace, k0, &p0);
    px_number(t->trace, kd, &dp);
    for (i = 0; i < n; i++)
        v[i] = p0 + dp * (double)i;
    return v;
}

double *
px_interleave(const double *x, const double *y, size_t n)
{
    double *xy = px_calc_alloc(n, 2 * sizeof *xy);
    size_t i;

    if (xy == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    for (i = 0; i < n; i++) {
        xy[2 * i] = x[i];
        xy[2 * i + 1] = y[i];
    }
    return xy;
}

static void
free_buffer(PyObject *capsule)
{
    free(PyCapsule_GetPointer(capsule, "chartex.buffer"));
}

/* Appends buffer v to the list of borrowed buffers (it frees v when it
 * cannot).  -1 with MemoryError. */
static int
keep_buffer(preader *r, double *v)
{
    PyObject *c;
    int rc;

    if (v == NULL)
        return 0;
    c = PyCapsule_New(v, "chartex.buffer", free_buffer);
    if (c == NULL) {
        free(v);
        return -1;
    }
    rc = PyList_Append(r->borrowed, c);
    Py_DECREF(c);
    return rc;
}

int
px_borrow_points(trace_ctx *t, chartex_artist *a, double *x, double *y, size_t n)
{
    preader *r = t->r;
    int rc;

    rc = keep_buffer(r, x);
    if (keep_buffer(r, y) < 0 || rc < 0)
        return -1;
    if (chartex_artist_borrow_points(a, n, x, y, 1, &r->err) < 0)
        return px_core_fail(r);
    return 0;
}

int
px_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return x < y ? -1 : x > y;
}

/* plotly.js's dpos: the smallest distance between two distinct finite
 * values of v (n of them; v is compacted and sorted in place), 1 when
 * there are not two. */
double
px_min_spacing(double *v, size_t n)
{
    size_t i, m = 0;
    double d = INFINITY;

    for (i = 0; i < n; i++)
        if (isfinite(v[i]))
            v[m++] = v[i];
    qsort(v, m, sizeof *v, px_cmp_double);
    for (i = 1; i < m; i++)
        if (v[i] > v[i - 1] && v[i] - v[i - 1] < d)
            d = v[i] - v[i - 1];
    return isfinite(d) ? d : 1;
}

/* The traces of t's type and this orientation on t's subplot, which
 * plotly.js draws side by side (barmode, funnelmode, waterfallmode
 * "group"): how many, which one t is, and dpos, the smallest distance
 * between two of all their positions. */
int
px_side_by_side(trace_ctx *t, int horizontal, size_t *count, size_t *mine, double *dpos)
{
    px_subplot *p = t->p;
    Py_ssize_t k;
    double *all = NULL, *v = NULL;
    size_t n_all = 0, n, i;
    int rc = -1;

    *count = *mine = 0;
    for (k = 0; k < PyList_GET_SIZE(p->traces); k++) {
        PyObject *tr = PyList_GET_ITEM(p->traces, k);
        const char *ty = PyUnicode_AsUTF8(PyList_GET_ITEM(p->types, k));
        trace_ctx o = *t;

        if (ty == NULL)
            goto done;
        if (strcmp(ty, t->type) != 0 || px_horizontal(tr, ty) != horizontal)
            continue;
        if (tr == t->trace)
            *mine = *count;
        (*count)++;
        o.trace = tr;
        if (px_values_of(&o, horizontal ? "y" : "x", p->axis[horizontal ? 1 : 0], &v, &n) < 0)
            goto done;
        if (v != NULL) {
            double *grown = px_calc_grow(all, n_all + n, sizeof *all);

            if (grown == NULL) {
                PyErr_NoMemory();
                goto done;
            }
            all = grown;
            for (i = 0; i < n; i++)
                if (isfinite(v[i]))
                    all[n_all++] = v[i];
            free(v);
            v = NULL;
        }
    }
    *dpos = all != NULL ? px_min_spacing(all, n_all) : 1;
    rc = 0;
done:
    free(all);
    free(v);
    return rc;
}

/* Whether trace[key] holds values: a non-empty array or a typed array. */
static int
has_values(PyObject *trace, const char *key)
{
    PyObject *v = px_get(trace, key);
    Py_ssize_t n;
    int has;

    if (v == NULL)
        return 0;
    if (px_is_typed_array(v))
        has = 1;
    else if (PyUnicode_Check(v) || PyDict_Check(v) || !PySequence_Check(v))
        has = 0;
    else {
        n = PySequence_Size(v);
        if (n < 0)
            px_absent();
        has = n > 0;
    }
    Py_DECREF(v);
    return has;
}

int
px_horizontal(PyObject *trace, const char *type)
{
    PyObject *o = px_get(trace, "orientation");
    int has_x, has_y, h;

    if (o != NULL && PyUnicode_Check(o)) {
        h = PyUnicode_CompareWithASCIIString(o, "h") == 0;
        Py_DECREF(o);
        return h;
    }
    Py_XDECREF(o);
    /* A funnel's stages go down the y axis unless it says otherwise. */
    if (strcmp(type, "funnel") == 0)
        return 1;
    if (strcmp(type, "bar") != 0 && strcmp(type, "box") != 0 && strcmp(type, "violin") != 0)
        return 0;
    has_x = has_values(trace, "x");
    has_y = has_values(trace, "y");
    if (strcmp(type, "box") == 0 && has_values(trace, "q1") && has_values(trace, "median")
        && has_values(trace, "q3")) {
        double v;

        /* Given statistics: positions in y alone (or y0, dy) are a
         * horizontal box's. */
        if (has_x || has_y)
            return has_y && !has_x;
        return (px_number(trace, "y0", &v) || px_number(trace, "dy", &v))
               && !px_number(trace, "x0", &v) && !px_number(trace, "dx", &v);
    }
    /* Samples (bar: values) in x alone: horizontal. */
    return has_x && !has_y;
}

PyObject *
px_trace_name(PyObject *trace, Py_ssize_t index)
{
    PyObject *name = px_get(trace, "name");

    if (name != NULL && PyUnicode_Check(name))
        return name;
    if (name != NULL && (PyLong_Check(name) || PyFloat_Check(name))) {
        PyObject *s = PyObject_Str(name);

        Py_DECREF(name);
        return s;
    }
    Py_XDECREF(name);
    if (PyErr_Occurred())
        return NULL;
    return PyUnicode_FromFormat("trace %zd", index);
}
