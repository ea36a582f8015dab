/*
 * cells.c - columns of cells from Python values, for the records of the
 * trace families that no other scene artist holds (hierarchies, tables,
 * indicators, links, dimensions, places) and for a bar's per-bar keys: a
 * cell is a number, a text or null, read from any value or from an array
 * in every form (lists, tuples, NumPy arrays of any dtype, plotly 6's
 * typed arrays: numbers in one NumPy call or by decoding in C, texts one
 * by one), and the new RECORD artists of a trace.
 */
#include "plotly.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define NO_TEXT SIZE_MAX

/* Under ASan (make fuzz, --enable-sanitizers) the capacity past a column's
 * cells is poisoned, so that a read past them is caught, not a read of
 * garbage (the fuzzer's plotly-regressions/sunburst-short-labels.json read
 * labels past their own, which ASan could not see in the capacity). */
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PX_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define PX_ASAN 1
#endif

#ifdef PX_ASAN
#include <sanitizer/asan_interface.h>
/* Poisons (1) or unpoisons (0) slots [from, to) of the three arrays. */
static void
mark(px_cells *c, size_t from, size_t to, int poison)
{
    if (c->num == NULL || from >= to)
        return;
    if (poison) {
        ASAN_POISON_MEMORY_REGION(c->num + from, (to - from) * sizeof *c->num);
        ASAN_POISON_MEMORY_REGION(c->off + from, (to - from) * sizeof *c->off);
        ASAN_POISON_MEMORY_REGION(c->len + from, (to - from) * sizeof *c->len);
    }
    else {
        ASAN_UNPOISON_MEMORY_REGION(c->num + from, (to - from) * sizeof *c->num);
        ASAN_UNPOISON_MEMORY_REGION(c->off + from, (to - from) * sizeof *c->off);
        ASAN_UNPOISON_MEMORY_REGION(c->len + from, (to - from) * sizeof *c->len);
    }
}
#else
#define mark(c, from, to, poison) ((void)0)
#endif

void
px_cells_clear(px_cells *c)
{
    mark(c, 0, c->cap, 0);
    free(c->num);
    free(c->off);
    free(c->len);
    free(c->buf);
    free(c->rows);
    memset(c, 0, sizeof *c);
}

static int
grow(px_cells *c)
{
    size_t cap;
    double *num;
    size_t *off, *len;

    if (c->n < c->cap) {
        mark(c, c->n, c->n + 1, 0);     /* the slot about to be written */
        return 0;
    }
    cap = c->cap ? c->cap * 2 : 16;
    mark(c, 0, c->cap, 0);              /* px_calc_grow copies all of it */
    num = px_calc_grow(c->num, cap, sizeof *num);
    if (num == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    c->num = num;
    off = px_calc_grow(c->off, cap, sizeof *off);
    if (off == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    c->off = off;
    len = px_calc_grow(c->len, cap, sizeof *len);
    if (len == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    c->len = len;
    c->cap = cap;
    mark(c, c->n + 1, cap, 1);
    return 0;
}

int
px_cells_number(px_cells *c, double v)
{
    if (grow(c) < 0)
        return -1;
    c->num[c->n] = isfinite(v) ? v : NAN;
    c->off[c->n] = NO_TEXT;
    c->len[c->n] = 0;
    c->n++;
    return 0;
}

int
px_cells_null(px_cells *c)
{
    return px_cells_number(c, NAN);
}

int
px_cells_text(px_cells *c, const char *s, size_t len)
{
    if (grow(c) < 0)
        return -1;
    if (len > SIZE_MAX / 2 - c->blen) {
        PyErr_NoMemory();
        return -1;
    }
    /* (an empty text too has its place: buf is never NULL after it) */
    if (c->blen + len > c->bcap || c->buf == NULL) {
        size_t cap = c->bcap ? c->bcap : 256;
        char *buf;

        while (cap < c->blen + len)
            cap *= 2;
        buf = px_calc_grow(c->buf, cap, 1);
        if (buf == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        c->buf = buf;
        c->bcap = cap;
    }
    if (len > 0)
        memcpy(c->buf + c->blen, s, len);
    c->num[c->n] = NAN;
    c->off[c->n] = c->blen;
    c->len[c->n] = len;
    c->blen += len;
    c->n++;
    c->any_text = 1;
    return 0;
}

/* The text of a str (lone surrogates replaced). */
static int
str_cell(px_cells *c, PyObject *s)
{
    const char *t;
    size_t len;
    PyObject *keep;
    int rc;

    if (px_text(s, &t, &len, &keep) < 0)
        return -1;
    rc = t != NULL ? px_cells_text(c, t, len) : px_cells_null(c);
    Py_XDECREF(keep);
    return rc;
}

int
px_cells_value(px_cells *c, PyObject *v)
{
    PyObject *text;
    double d;
    int rc;

    if (v == NULL || v == Py_None)
        return px_cells_null(c);
    if (PyBool_Check(v))
        return px_cells_text(c, v == Py_True ? "true" : "false", v == Py_True ? 4 : 5);
    if (PyFloat_Check(v) || PyLong_Check(v)) {
        if (!px_number_of(v, &d))
            d = NAN;
        return px_cells_number(c, d);
    }
    if (PyUnicode_Check(v))
        return str_cell(c, v);
    if (PyList_Check(v) || PyTuple_Check(v) || PyDict_Check(v) || PyArray_Check(v)
        || PyBytes_Check(v))
        return px_cells_null(c);     /* not one cell */
    if (PyArray_IsScalar(v, Number) && !PyArray_IsScalar(v, Bool)) {
        /* numpy.int64, numpy.float32, ...: their number */
        d = PyFloat_AsDouble(v);
        if (d == -1.0 && PyErr_Occurred()) {
            if (chx_clear_recoverable() < 0)
                return -1;
            d = NAN;
        }
        return px_cells_number(c, d);
    }
    /* dates (date, datetime, pandas' Timestamp) as ISO text, anything
     * else as its str() */
    text = PyObject_HasAttrString(v, "isoformat") ? PyObject_CallMethod(v, "isoformat", NULL)
                                                  : PyObject_Str(v);
    if (text == NULL || !PyUnicode_Check(text)) {
        Py_XDECREF(text);
        if (chx_clear_recoverable() < 0)
            return -1;
        return px_cells_null(c);
    }
    rc = str_cell(c, text);
    Py_DECREF(text);
    return rc;
}

Py_ssize_t
px_cells_array(preader *r, px_cells *c, PyObject *obj)
{
    PyObject *seq = NULL, *list = NULL;
    double *v = NULL;
    size_t n = 0, i;
    Py_ssize_t k, added = -1;

    if (obj == NULL || obj == Py_None)
        return 0;
    if (px_is_typed_array(obj)
        || (PyArray_Check(obj) && strchr("iuf", PyArray_DESCR((PyArrayObject *)obj)->kind)
            && PyArray_NDIM((PyArrayObject *)obj) == 1)) {
        if (px_values(r, obj, NULL, &v, &n) < 0)
            return -1;
        for (i = 0; i < n; i++)
            if (px_cells_number(c, v[i]) < 0)
                goto done;
        added = (Py_ssize_t)n;
        goto done;
    }
    if (PyUnicode_Check(obj) || PyDict_Check(obj) || PyBytes_Check(obj)
        || !PySequence_Check(obj)) {
        if (px_cells_value(c, obj) < 0)
            return -1;
        return 1;
    }
    if (PyArray_Check(obj)) {
        /* dates as datetime objects (nanoseconds would be integers),
         * objects and texts as Python values */
        if (PyArray_DESCR((PyArrayObject *)obj)->kind == 'M') {
            PyObject *us = PyObject_CallMethod(obj, "astype", "s", "datetime64[us]");

            if (us == NULL)
                return -1;
            list = PyObject_CallMethod(us, "tolist", NULL);
            Py_DECREF(us);
        }
        else
            list = PyObject_CallMethod(obj, "tolist", NULL);
        if (list == NULL)
            return -1;
        obj = list;
    }
    seq = PySequence_Fast(obj, "not a sequence");
    if (seq == NULL) {
        if (chx_clear_recoverable() < 0)
            goto done;
        added = 0;
        goto done;
    }
    for (k = 0; k < PySequence_Fast_GET_SIZE(seq); k++)
        if (px_cells_value(c, PySequence_Fast_GET_ITEM(seq, k)) < 0)
            goto done;
    added = PySequence_Fast_GET_SIZE(seq);
done:
    free(v);
    Py_XDECREF(seq);
    Py_XDECREF(list);
    return added;
}

int
px_cells_end_row(px_cells *c)
{
    if (c->n_rows == c->rows_cap) {
        size_t cap = c->rows_cap ? c->rows_cap * 2 : 8, *rows;

        rows = px_calc_grow(c->rows, cap, sizeof *rows);
        if (rows == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        c->rows = rows;
        c->rows_cap = cap;
    }
    c->rows[c->n_rows++] = c->n - c->row_start;
    c->row_start = c->n;
    return 0;
}

int
px_cells_put(preader *r, chartex_artist *a, const char *name, px_cells *c, int scalar)
{
    const char **texts = NULL;
    size_t i;
    int rc = -1;

    if (c->any_text) {
        texts = px_calc_alloc(c->n, sizeof *texts);
        if (texts == NULL) {
            PyErr_NoMemory();
            goto done;
        }
        for (i = 0; i < c->n; i++)
            texts[i] = c->off[i] == NO_TEXT ? NULL : c->buf + c->off[i];
    }
    if (chartex_artist_add_column(a, name, strlen(name), c->n, c->num, texts, c->len,
                                  &r->err) < 0
        || (c->n_rows > 0 && chartex_artist_set_column_rows(a, c->n_rows, c->rows, &r->err) < 0)
        || (scalar && chartex_artist_set_column_scalar(a, &r->err) < 0)) {
        px_core_fail(r);
        goto done;
    }
    rc = 0;
done:
    free(texts);
    px_cells_clear(c);
    return rc;
}

/* ------------------------------------------------------- records */

int
px_put_value(preader *r, chartex_artist *a, const char *name, PyObject *v)
{
    px_cells c = {0};

    if (v == NULL)
        return 0;
    if (px_cells_value(&c, v) < 0) {
        px_cells_clear(&c);
        return -1;
    }
    return px_cells_put(r, a, name, &c, 1);
}

int
px_put_text(preader *r, chartex_artist *a, const char *name, const char *s)
{
    px_cells c = {0};

    if (px_cells_text(&c, s, strlen(s)) < 0) {
        px_cells_clear(&c);
        return -1;
    }
    return px_cells_put(r, a, name, &c, 1);
}

int
px_put_number(preader *r, chartex_artist *a, const char *name, double v)
{
    px_cells c = {0};

    if (px_cells_number(&c, v) < 0) {
        px_cells_clear(&c);
        return -1;
    }
    return px_cells_put(r, a, name, &c, 1);
}

int
px_put_numbers(preader *r, chartex_artist *a, const char *name, const double *v, size_t n)
{
    px_cells c = {0};
    size_t i;

    for (i = 0; i < n; i++)
        if (px_cells_number(&c, v[i]) < 0) {
            px_cells_clear(&c);
            return -1;
        }
    return px_cells_put(r, a, name, &c, 0);
}

int
px_array_like(PyObject *obj)
{
    if (obj == NULL || obj == Py_None || PyUnicode_Check(obj) || PyBytes_Check(obj)
        || PyFloat_Check(obj) || PyLong_Check(obj))
        return 0;
    return !PyDict_Check(obj) || px_is_typed_array(obj);
}

int
px_put_array(preader *r, chartex_artist *a, const char *name, PyObject *obj, const char *key)
{
    PyObject *v = px_get(obj, key);
    px_cells c = {0};
    Py_ssize_t n;

    if (v == NULL)
        return PyErr_Occurred() ? -1 : 0;
    /* a scalar where an array belongs (plotly repeats it): not a column */
    if (!px_array_like(v)) {
        Py_DECREF(v);
        return 0;
    }
    n = px_cells_array(r, &c, v);
    Py_DECREF(v);
    if (n < 0) {
        px_cells_clear(&c);
        return -1;
    }
    return px_cells_put(r, a, name, &c, 0);
}

/* The rows of a typed array of rows x cols values as cells. */
static int
typed_rows(px_cells *c, const double *v, size_t rows, size_t cols)
{
    size_t i, j;

    for (i = 0; i < rows; i++) {
        for (j = 0; j < cols; j++)
            if (px_cells_number(c, v[i * cols + j]) < 0)
                return -1;
        if (px_cells_end_row(c) < 0)
            return -1;
    }
    return 0;
}

/* The cells of v, a list of rows when its items are arrays (a 2-D NumPy
 * array, a list of lists, a typed array of two dimensions). */
static int
rows_of(preader *r, px_cells *c, PyObject *v)
{
    PyObject *seq = NULL;
    double *vals = NULL;
    size_t n = 0, rows = 0, cols = 0;
    Py_ssize_t i;
    int rc = -1;

    if (px_is_typed_array(v)) {
        if (px_typed_values(v, &vals, &n, &rows, &cols) < 0)
            goto done;
        if (rows > 1) {
            rc = typed_rows(c, vals, rows, cols);
            goto done;
        }
    }
    else if (!PyUnicode_Check(v) && (seq = PySequence_Fast(v, "")) != NULL
             && PySequence_Fast_GET_SIZE(seq) > 0
             && px_array_like(PySequence_Fast_GET_ITEM(seq, 0))) {
        for (i = 0; i < PySequence_Fast_GET_SIZE(seq); i++)
            if (px_cells_array(r, c, PySequence_Fast_GET_ITEM(seq, i)) < 0
                || px_cells_end_row(c) < 0)
                goto done;
        rc = 0;
        goto done;
    }
    if (seq == NULL && chx_clear_recoverable() < 0)
        goto done;
    rc = px_cells_array(r, c, v) < 0 ? -1 : 0;
done:
    free(vals);
    Py_XDECREF(seq);
    return rc;
}

int
px_put_rows(preader *r, chartex_artist *a, const char *name, PyObject *obj, const char *key)
{
    PyObject *v = px_get(obj, key);
    px_cells c = {0};
    int rc;

    if (v == NULL)
        return PyErr_Occurred() ? -1 : 0;
    if (!px_array_like(v)) {
        Py_DECREF(v);
        return 0;
    }
    rc = rows_of(r, &c, v);
    Py_DECREF(v);
    if (rc < 0) {
        px_cells_clear(&c);
        return -1;
    }
    return px_cells_put(r, a, name, &c, 0);
}

chartex_artist *
px_new_record(trace_ctx *t, chartex_record_kind kind)
{
    chartex_artist *a = px_new_artist(t, CHARTEX_ARTIST_RECORD, CHARTEX_ROLE_DATA, 0, 0, 1);

    if (a == NULL)
        return NULL;
    if (chartex_artist_set_record(a, kind, &t->r->err) < 0) {
        px_core_fail(t->r);
        return NULL;
    }
    if (px_put_value(t->r, a, "name", t->name) < 0 || px_put_text(t->r, a, "trace_type", t->type) < 0)
        return NULL;
    return a;
}
