/*
 * axis.c - the walker's room for an axis: its label and scale, its
 * kind (numbers, dates, categories, pandas periods), its view interval,
 * and its ticks with their labels.
 */
#include "walk.h"

/* Adapters from the typed builder functions to mpl_text_setter. */
static int
set_axis_label(void *t, const char *s, size_t n, chartex_error *e)
{
    return chartex_axis_set_label(t, s, n, e);
}

static int
set_axis_scale(void *t, const char *s, size_t n, chartex_error *e)
{
    return chartex_axis_set_scale(t, s, n, e);
}

static double
epoch(walk *w, int *ok)
{
    PyObject *v;

    *ok = 1;
    if (w->have_epoch)
        return w->date_epoch;
    v = PyObject_CallMethodNoArgs(w->st->compat, w->st->s_date_epoch);
    if (v != NULL) {
        w->date_epoch = PyFloat_AsDouble(v);
        Py_DECREF(v);
        if (!(w->date_epoch == -1.0 && PyErr_Occurred())) {
            w->have_epoch = 1;
            return w->date_epoch;
        }
    }
    *ok = 0;
    mpl_fail(w, "the date epoch", NULL);
    return 0.0;
}

/* The axis kind from chartex._matplotlib.compat.axis_kind: (kind, categories, freq). */
static int
read_axis_kind(walk *w, axctx *c, PyObject *axis, chartex_axis *ca, int which)
{
    PyObject *res = NULL, *seq = NULL, *cats = NULL, *keep = NULL, *freq;
    PyObject *which_obj = NULL;
    Py_ssize_t i;
    long kind;
    double ep = 0.0;
    const char *s;
    size_t len;
    int rc = -1, ok;

    which_obj = PyLong_FromLong(which);
    if (which_obj == NULL)
        goto fail;
    res = PyObject_CallMethodObjArgs(w->st->compat, w->st->s_axis_kind, c->ax, axis,
                                     which_obj, NULL);
    if (res == NULL)
        goto fail;
    seq = PySequence_Fast(res, "axis_kind() must return a sequence");
    if (seq == NULL)
        goto fail;
    if (PySequence_Fast_GET_SIZE(seq) != 3) {
        PyErr_SetString(PyExc_ValueError, "axis_kind() must return 3 values");
        goto fail;
    }
    kind = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, 0));
    if (kind == -1 && PyErr_Occurred())
        goto fail;
    if (kind == CHARTEX_AXIS_DATE) {
        ep = epoch(w, &ok);
        if (!ok)
            goto done;
        freq = PySequence_Fast_GET_ITEM(seq, 2);
        if (which == 0 && freq != Py_None) {
            Py_INCREF(freq);
            Py_XSETREF(c->period_freq, freq);
        }
        chartex_axis_set_kind(ca, CHARTEX_AXIS_DATE, ep);
    } else if (kind == CHARTEX_AXIS_CATEGORY) {
        chartex_axis_set_kind(ca, CHARTEX_AXIS_CATEGORY, 0.0);
        cats = PySequence_Tuple(PySequence_Fast_GET_ITEM(seq, 1));
        if (cats == NULL)
            goto fail;
        for (i = 0; i < PySequence_Fast_GET_SIZE(cats); i++) {
            if (mpl_utf8_of(PySequence_Fast_GET_ITEM(cats, i), &s, &len, &keep) < 0)
                goto fail;
            if (chartex_axis_add_category(ca, s, len, &w->err) < 0) {
                mpl_core_fail(w);
                goto done;
            }
            Py_CLEAR(keep);
        }
    }
    rc = 0;
    goto done;
fail:
    mpl_fail(w, which == 2 ? "the z axis units" : which ? "the y axis units" : "the x axis units", NULL);
done:
    Py_XDECREF(which_obj);
    Py_XDECREF(res);
    Py_XDECREF(seq);
    Py_XDECREF(cats);
    Py_XDECREF(keep);
    return rc;
}

/* The tick label texts: the major formatter's format_ticks(locs), which is
 * what drawing shows (Axis._update_ticks formats the same way) without
 * making Tick objects; get_majorticklabels() when that fails to give one
 * text per tick. */
static PyObject *
tick_texts(walk *w, PyObject *axis, PyObject *locs, Py_ssize_t n)
{
    PyObject *fmt = NULL, *texts = NULL, *seq = NULL, *labels = NULL, *lseq = NULL;
    PyObject *result = NULL, *t;
    Py_ssize_t i;

    fmt = PyObject_CallMethodNoArgs(axis, w->st->s_get_major_formatter);
    if (fmt == NULL)
        goto done;
    texts = PyObject_CallMethodOneArg(fmt, w->st->s_format_ticks, locs);
    if (texts == NULL)
        goto done;
    /* A list of our own: read_ticks indexes it as a list, and a formatter
     * may return a tuple, or a list it keeps and changes. */
    seq = PySequence_List(texts);
    if (seq == NULL)
        goto done;
    if (PyList_GET_SIZE(seq) == n) {
        result = seq;
        seq = NULL;
        goto done;
    }
    labels = PyObject_CallMethodNoArgs(axis, w->st->s_get_majorticklabels);
    if (labels == NULL)
        goto done;
    lseq = PySequence_Tuple(labels);
    if (lseq == NULL)
        goto done;
    if (PySequence_Fast_GET_SIZE(lseq) != n) {
        result = PyList_New(0);   /* no texts: the labels stay "" */
        goto done;
    }
    result = PyList_New(n);
    if (result == NULL)
        goto done;
    for (i = 0; i < n; i++) {
        t = PyObject_CallMethodNoArgs(PySequence_Fast_GET_ITEM(lseq, i), w->st->s_get_text);
        if (t == NULL) {
            Py_CLEAR(result);
            goto done;
        }
        PyList_SET_ITEM(result, i, t);
    }
done:
    Py_XDECREF(fmt);
    Py_XDECREF(texts);
    Py_XDECREF(seq);
    Py_XDECREF(labels);
    Py_XDECREF(lseq);
    return result;
}

/* The text drawn beside the tick labels that they are relative to: the
 * major formatter's get_offset() once it has formatted the ticks (a
 * ScalarFormatter's "+1e6" or "1e-3").  A formatter without one, or one
 * that fails, gives none. */
static int
read_tick_offset(walk *w, PyObject *axis, chartex_axis *ca)
{
    PyObject *fmt = NULL, *text = NULL, *keep = NULL;
    const char *s;
    size_t len;
    int rc = 0;

    fmt = PyObject_CallMethodNoArgs(axis, w->st->s_get_major_formatter);
    if (fmt != NULL)
        text = PyObject_CallMethodNoArgs(fmt, w->st->s_get_offset);
    if (text == NULL || !PyUnicode_Check(text)) {
        if (PyErr_Occurred() && (PyErr_ExceptionMatches(PyExc_MemoryError)
                                 || !PyErr_ExceptionMatches(PyExc_Exception)))
            rc = -1;
        else
            PyErr_Clear();
        goto done;
    }
    if (mpl_utf8_of(text, &s, &len, &keep) < 0) {
        rc = -1;
        goto done;
    }
    if (len > 0 && chartex_axis_set_tick_offset(ca, s, len, &w->err) < 0) {
        mpl_core_fail(w);
        rc = -1;
    }
done:
    Py_XDECREF(fmt);
    Py_XDECREF(text);
    Py_XDECREF(keep);
    return rc;
}

static int
read_ticks(walk *w, axctx *c, PyObject *axis, chartex_axis *ca, int which)
{
    PyObject *locs_obj = NULL, *texts = NULL, *keep = NULL;
    PyArrayObject *locs = NULL, *copy;
    const char *what = which == 2 ? "the z axis ticks" : which ? "the y axis ticks" : "the x axis ticks";
    const char *s;
    size_t len;
    Py_ssize_t i, n;
    int rc = -1;

    locs_obj = PyObject_CallMethodNoArgs(axis, w->st->s_get_majorticklocs);
    if (locs_obj == NULL)
        goto fail;
    /* A copy: the formatter runs before the locations are used. */
    locs = mpl_as_doubles_ex(w, locs_obj, 1, 1, 1);
    if (locs == NULL)
        goto fail;
    n = PyArray_SIZE(locs);
    texts = tick_texts(w, axis, locs_obj, n);
    if (texts == NULL)
        goto fail;
    if (which == 0 && c->period_freq != NULL) {
        copy = (PyArrayObject *)PyArray_NewCopy(locs, NPY_CORDER);
        if (copy == NULL)
            goto fail;
        Py_SETREF(locs, copy);
        if (mpl_convert_period(w, c, (double *)PyArray_DATA(locs), (size_t)n, 1) < 0)
            goto fail;
    }
    if (chartex_axis_set_ticks(ca, (size_t)n, PyArray_DATA(locs), &w->err) < 0) {
        mpl_core_fail(w);
        goto done;
    }
    for (i = 0; i < PyList_GET_SIZE(texts) && i < n; i++) {
        if (mpl_utf8_of(PyList_GET_ITEM(texts, i), &s, &len, &keep) < 0)
            goto fail;
        if (chartex_axis_set_tick_label(ca, (size_t)i, s, len, &w->err) < 0) {
            mpl_core_fail(w);
            goto done;
        }
        Py_CLEAR(keep);
    }
    if (read_tick_offset(w, axis, ca) < 0)
        goto fail;
    rc = 0;
    goto done;
fail:
    /* Ticks only describe the data: when matplotlib cannot compute them
     * (a locator given an infinite view fails, and so would drawing), the
     * axis is read without them (or with their labels left "") rather than
     * losing the whole chart. */
    if (PyErr_ExceptionMatches(PyExc_Exception)
        && !PyErr_ExceptionMatches(PyExc_MemoryError)) {
        PyErr_Clear();
        rc = 0;
    } else {
        mpl_fail(w, what, axis);
    }
done:
    Py_XDECREF(locs_obj);
    Py_XDECREF(locs);
    Py_XDECREF(texts);
    Py_XDECREF(keep);
    return rc;
}

int
mpl_read_axis(walk *w, axctx *c, int which)
{
    chx_state *st = w->st;
    PyObject *axis = NULL, *view_obj = NULL;
    PyArrayObject *view = NULL, *copy;
    chartex_axis *ca = chartex_axes_axis(c->axes, which);
    double lo, hi;
    int rc = -1;

    PyObject *const names[3][3] = {
        { st->s_xaxis, st->s_get_xlabel, st->s_get_xscale },
        { st->s_yaxis, st->s_get_ylabel, st->s_get_yscale },
        { st->s_zaxis, st->s_get_zlabel, st->s_get_zscale },
    };
    static const char *const what[3] = { "the x axis", "the y axis", "the z axis" };

    if (ca == NULL || which < 0 || which > 2) {
        PyErr_SetString(PyExc_SystemError, "no such axis");
        return mpl_fail(w, "an axis", c->ax);
    }
    axis = PyObject_GetAttr(c->ax, names[which][0]);
    if (axis == NULL) {
        mpl_fail(w, what[which], c->ax);
        goto done;
    }
    if (mpl_set_text_from_call(w, c->ax, names[which][1],
                           NULL, set_axis_label, ca, "an axis label") < 0
        || mpl_set_text_from_call(w, c->ax, names[which][2],
                              NULL, set_axis_scale, ca, "an axis scale") < 0
        || read_axis_kind(w, c, axis, ca, which) < 0)
        goto done;
    view_obj = PyObject_CallMethodNoArgs(axis, st->s_get_view_interval);
    if (view_obj == NULL || (view = mpl_as_doubles(w, view_obj, 1, 1)) == NULL)
        goto fail_view;
    if (PyArray_SIZE(view) != 2) {
        PyErr_SetString(PyExc_ValueError, "the view interval is not 2 numbers");
        goto fail_view;
    }
    if (which == 0 && c->period_freq != NULL) {
        copy = (PyArrayObject *)PyArray_NewCopy(view, NPY_CORDER);
        if (copy == NULL)
            goto fail_view;
        Py_SETREF(view, copy);
        if (mpl_convert_period(w, c, (double *)PyArray_DATA(view), 2, 1) < 0)
            goto fail_view;
    }
    lo = ((const double *)PyArray_DATA(view))[0];
    hi = ((const double *)PyArray_DATA(view))[1];
    chartex_axis_set_view(ca, lo, hi);
    rc = read_ticks(w, c, axis, ca, which);
    goto done;
fail_view:
    mpl_fail(w, "the view interval", axis);
done:
    Py_XDECREF(axis);
    Py_XDECREF(view_obj);
    Py_XDECREF(view);
    return rc;
}
