/*
 * objects.c - the values of object columns, one by one, read as hostile
 * values: None, booleans, integers of any size, floats, complex numbers
 * and strings (lone surrogates included) are read here; anything else is
 * given the text chartex._tables.frames.cell_text gives it (a date's ISO text, a
 * Decimal's digits, str() at worst), or null.  An ordinary error in a
 * value's own methods makes that value null; MemoryError, KeyboardInterrupt
 * and SystemExit reach the caller (chx_clear_recoverable).
 */
#include "frames.h"
#include "pystr.h"

#include <string.h>

int
tbl_utf8(PyObject *str, const char **s, size_t *len, PyObject **keep)
{
    Py_ssize_t n;
    PyObject *bytes;

    *keep = NULL;
    *s = PyUnicode_AsUTF8AndSize(str, &n);
    if (*s != NULL) {
        *len = (size_t)n;
        return 0;
    }
    if (!PyErr_ExceptionMatches(PyExc_UnicodeEncodeError))
        return -1;
    PyErr_Clear();
    bytes = chx_utf8_replacing(str, 0);
    if (bytes == NULL)
        return -1;
    *s = PyBytes_AS_STRING(bytes);
    *len = (size_t)PyBytes_GET_SIZE(bytes);
    *keep = bytes;
    return 0;
}

/* A core error as a Python exception: -1. */
static int
core_failed(chx_state *st, const chartex_error *err)
{
    return chx_raise_core_error(st, err);
}

static int
set_text(chx_state *st, chartex_column *col, size_t row, PyObject *str)
{
    chartex_error err = {0};
    PyObject *keep = NULL;
    const char *s;
    size_t len;
    int rc;

    if (tbl_utf8(str, &s, &len, &keep) < 0)
        return -1;
    rc = chartex_column_set_string(col, row, s, len, &err);
    Py_XDECREF(keep);
    return rc < 0 ? core_failed(st, &err) : 0;
}

/* An int: exact when it fits in 64 bits (signed or not), else its digits
 * as text. */
static int
set_int(chx_state *st, chartex_column *col, size_t row, PyObject *v)
{
    chartex_error err = {0};
    PyObject *digits;
    long long x;
    unsigned long long u;
    int overflow = 0, rc;

    x = PyLong_AsLongLongAndOverflow(v, &overflow);
    if (x == -1 && PyErr_Occurred())
        return -1;
    if (overflow == 0) {
        u = x < 0 ? 0ULL - (unsigned long long)x : (unsigned long long)x;
        rc = chartex_column_set_integer(col, row, x < 0, u, &err);
        return rc < 0 ? core_failed(st, &err) : 0;
    }
    if (overflow > 0) {
        u = PyLong_AsUnsignedLongLong(v);
        if (!(u == (unsigned long long)-1 && PyErr_Occurred())) {
            rc = chartex_column_set_integer(col, row, 0, u, &err);
            return rc < 0 ? core_failed(st, &err) : 0;
        }
        if (!PyErr_ExceptionMatches(PyExc_OverflowError))
            return -1;
        PyErr_Clear();
    }
    /* Past 64 bits: the digits (int.__repr__, not a subclass' __str__). */
    digits = PyLong_Type.tp_repr(v);
    if (digits == NULL)
        return -1;
    rc = set_text(st, col, row, digits);
    Py_DECREF(digits);
    return rc;
}

static int
set_number(chx_state *st, chartex_column *col, size_t row, double d)
{
    chartex_error err = {0};

    return chartex_column_set_number(col, row, d, &err) < 0 ? core_failed(st, &err) : 0;
}

/* Anything else: chartex._tables.frames.cell_text(obj), a str or None. */
static int
set_other(chx_state *st, chartex_column *col, size_t row, PyObject *obj)
{
    PyObject *text;
    int rc = 0;

    text = PyObject_CallMethodOneArg(st->frames, st->s_cell_text, obj);
    if (text == NULL)
        return chx_clear_recoverable();
    if (PyUnicode_Check(text))
        rc = set_text(st, col, row, text);
    Py_DECREF(text);
    return rc;
}

int
tbl_set_object(chx_state *st, chartex_column *col, size_t row, PyObject *obj)
{
    chartex_error err = {0};
    PyObject *index;
    Py_complex z;
    double d;
    int truth, rc;

    if (obj == Py_None)
        return 0;
    if (PyBool_Check(obj) || PyArray_IsScalar(obj, Bool)) {
        truth = PyObject_IsTrue(obj);
        if (truth < 0)
            return chx_clear_recoverable();
        return chartex_column_set_boolean(col, row, truth, &err) < 0
                   ? core_failed(st, &err) : 0;
    }
    if (PyUnicode_Check(obj))
        return set_text(st, col, row, obj);
    if (PyFloat_Check(obj))
        return set_number(st, col, row, PyFloat_AS_DOUBLE(obj));
    if (PyLong_Check(obj))
        return set_int(st, col, row, obj);
    if (PyArray_IsScalar(obj, Integer)) {
        index = PyNumber_Index(obj);
        if (index == NULL)
            return chx_clear_recoverable();
        rc = set_int(st, col, row, index);
        Py_DECREF(index);
        return rc;
    }
    if (PyArray_IsScalar(obj, Floating)) {
        d = PyFloat_AsDouble(obj);
        if (d == -1.0 && PyErr_Occurred())
            return chx_clear_recoverable();
        return set_number(st, col, row, d);
    }
    if (PyComplex_Check(obj) || PyArray_IsScalar(obj, ComplexFloating)) {
        z = PyComplex_AsCComplex(obj);
        if (z.real == -1.0 && PyErr_Occurred())
            return chx_clear_recoverable();
        return chartex_column_set_complex_at(col, row, z.real, z.imag, &err) < 0
                   ? core_failed(st, &err) : 0;
    }
    return set_other(st, col, row, obj);
}
