/*
 * indicator.c - indicator traces: an indicator record with what it
 * shows: its mode, title, value (with number's prefix and suffix), the
 * delta's reference and the delta itself (value - reference; and
 * relative to the reference when delta.relative), the gauge's shape,
 * range (gauge.axis.range, else plotly.js's [0, 1.5 value]), steps and
 * threshold.  The title also names its Axes, as a pie's does.
 */
#include "plotly.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* [lo, hi] of obj (a range) into out: each end that is a number (plotly.js
 * keeps the default of an end given as null: [None, 500]); 1 when both
 * are. */
static int
range_of(PyObject *obj, double out[2])
{
    PyObject *seq;
    int ok = 0;

    if (obj == NULL || PyUnicode_Check(obj) || PyDict_Check(obj))
        return 0;
    seq = PySequence_Fast(obj, "");
    if (seq == NULL)
        return chx_clear_recoverable() < 0 ? -1 : 0;
    if (PySequence_Fast_GET_SIZE(seq) == 2) {
        int lo = px_number_of(PySequence_Fast_GET_ITEM(seq, 0), &out[0]);
        int hi = px_number_of(PySequence_Fast_GET_ITEM(seq, 1), &out[1]);

        ok = lo && hi;
    }
    Py_DECREF(seq);
    return ok;
}

/* The gauge: shape, range, steps and threshold. */
static int
gauge(trace_ctx *t, chartex_artist *a, PyObject *g, double value, int has_value)
{
    preader *r = t->r;
    PyObject *axis = px_get(g, "axis"), *range = px_get(axis, "range");
    PyObject *steps = px_get(g, "steps"), *thr = px_get(g, "threshold"), *shape, *seq = NULL;
    double rg[2] = {0, has_value ? 1.5 * value : 1}, tv;
    px_cells c = {0};
    Py_ssize_t k;
    int got, rc = -1;

    /* "angular" unless given */
    shape = px_get(g, "shape");
    if ((shape != NULL && PyUnicode_Check(shape) ? px_put_value(r, a, "gauge_shape", shape)
                                                : px_put_text(r, a, "gauge_shape", "angular"))
        < 0)
        goto done;
    got = range_of(range, rg);
    if (got < 0 || px_put_numbers(r, a, "gauge_range", rg, 2) < 0)
        goto done;
    if (steps != NULL && !PyUnicode_Check(steps) && !PyDict_Check(steps)) {
        seq = PySequence_Fast(steps, "");
        if (seq == NULL && chx_clear_recoverable() < 0)
            goto done;
        for (k = 0; seq != NULL && k < PySequence_Fast_GET_SIZE(seq); k++) {
            PyObject *sr = px_get(PySequence_Fast_GET_ITEM(seq, k), "range");
            double s[2] = {NAN, NAN};
            int ok = range_of(sr, s);

            Py_XDECREF(sr);
            if (ok < 0)
                goto done;
            if (!ok)
                continue;
            if (px_cells_number(&c, s[0]) < 0 || px_cells_number(&c, s[1]) < 0
                || px_cells_end_row(&c) < 0)
                goto done;
        }
        if (c.n_rows > 0 && px_cells_put(r, a, "gauge_steps", &c, 0) < 0)
            goto done;
    }
    {
        PyObject *v = px_get(thr, "value");

        got = px_number_of(v, &tv);
        Py_XDECREF(v);
        if (got && px_put_number(r, a, "threshold", tv) < 0)
            goto done;
    }
    rc = PyErr_Occurred() ? -1 : 0;
done:
    px_cells_clear(&c);
    Py_XDECREF(axis);
    Py_XDECREF(range);
    Py_XDECREF(steps);
    Py_XDECREF(thr);
    Py_XDECREF(shape);
    Py_XDECREF(seq);
    return rc;
}

int
px_read_indicator(trace_ctx *t)
{
    preader *r = t->r;
    PyObject *mode_obj = NULL, *title = px_title(t->trace, "title"), *num = NULL, *delta = NULL;
    PyObject *g = NULL, *pre = NULL, *suf = NULL, *v = NULL;
    const char *mode = px_str(t->trace, "mode", &mode_obj);
    double value = NAN, ref;
    int has_value, rc = -1;
    chartex_artist *a;

    if (mode == NULL)
        mode = "number";
    v = px_get(t->trace, "value");
    has_value = px_number_of(v, &value);
    a = px_new_record(t, CHARTEX_RECORD_INDICATOR);
    if (a == NULL || px_put_text(r, a, "mode", mode) < 0
        || (title != NULL && px_put_value(r, a, "title", title) < 0)
        || px_put_number(r, a, "value", value) < 0)
        goto done;
    if (strstr(mode, "number") != NULL) {
        num = px_get(t->trace, "number");
        pre = px_get(num, "prefix");
        suf = px_get(num, "suffix");
        if ((pre != NULL && PyUnicode_Check(pre) && px_put_value(r, a, "prefix", pre) < 0)
            || (suf != NULL && PyUnicode_Check(suf) && px_put_value(r, a, "suffix", suf) < 0))
            goto done;
    }
    if (strstr(mode, "delta") != NULL) {
        /* delta.reference defaults to the value itself */
        delta = px_get(t->trace, "delta");
        if (!px_number(delta, "reference", &ref))
            ref = value;
        if (px_put_number(r, a, "reference", ref) < 0
            || px_put_number(r, a, "delta", value - ref) < 0
            || (px_bool(delta, "relative", 0)
                && px_put_number(r, a, "relative_delta", (value - ref) / ref) < 0))
            goto done;
    }
    if (strstr(mode, "gauge") != NULL) {
        g = px_get(t->trace, "gauge");
        if (gauge(t, a, g, value, has_value) < 0)
            goto done;
    }
    /* its title names its Axes, as a pie's does */
    if (title != NULL && PyUnicode_Check(title))
        SET_TEXT(r, title, chartex_axes_set_title(t->p->axes, CHARTEX_TITLE_CENTER, s, len,
                                                  &r->err));
    rc = PyErr_Occurred() ? -1 : 0;
done:
    Py_XDECREF(mode_obj);
    Py_XDECREF(title);
    Py_XDECREF(num);
    Py_XDECREF(delta);
    Py_XDECREF(g);
    Py_XDECREF(pre);
    Py_XDECREF(suf);
    Py_XDECREF(v);
    return rc;
}
