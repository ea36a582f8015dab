/*
 * specs.c - hostile values of a Vega spec for the Altair reader: mapping
 * access that never raises for a missing key or a value of the wrong
 * type, texts (lone surrogates and NUL replaced), finite numbers, a
 * mark's styles, a title's text.  Vega-Lite compiles to plain dicts,
 * lists, strs and numbers; a plan given by hand (or by the fuzzer) may
 * hold anything, and anything else reads as absent.
 */
#include "altair.h"
#include "pystr.h"

#include <math.h>
#include <string.h>

PyObject *
vl_get(PyObject *obj, const char *key)
{
    PyObject *v;

    if (obj == NULL || !PyDict_Check(obj))
        return NULL;
    v = PyDict_GetItemString(obj, key);     /* borrowed; never raises but for str */
    if (v == NULL || v == Py_None) {
        (void)chx_clear_recoverable();
        return NULL;
    }
    Py_INCREF(v);
    return v;
}

PyObject *
vl_get_list(PyObject *obj, const char *key)
{
    PyObject *v = vl_get(obj, key);

    if (v != NULL && !PyList_Check(v))
        Py_CLEAR(v);
    return v;
}

PyObject *
vl_get_dict(PyObject *obj, const char *key)
{
    PyObject *v = vl_get(obj, key);

    if (v != NULL && !PyDict_Check(v))
        Py_CLEAR(v);
    return v;
}

int
vl_text(PyObject *obj, const char **s, size_t *len, PyObject **keep)
{
    Py_ssize_t n;
    const char *u;

    *s = NULL;
    *len = 0;
    *keep = NULL;
    if (obj == NULL || !PyUnicode_Check(obj))
        return 0;
    u = PyUnicode_AsUTF8AndSize(obj, &n);
    if (u != NULL && memchr(u, '\0', (size_t)n) == NULL) {
        Py_INCREF(obj);
        *keep = obj;
        *s = u;
        *len = (size_t)n;
        return 0;
    }
    if (u == NULL) {
        if (!PyErr_ExceptionMatches(PyExc_UnicodeError))
            return -1;
        PyErr_Clear();
    }
    /* Lone surrogates or NUL: U+FFFD, as every reader writes them. */
    *keep = chx_utf8_replacing(obj, CHX_TEXT_NO_NUL);
    if (*keep == NULL)
        return -1;
    *s = PyBytes_AS_STRING(*keep);
    *len = (size_t)PyBytes_GET_SIZE(*keep);
    return 0;
}

const char *
vl_str(PyObject *obj, const char *key, PyObject **keep)
{
    PyObject *v = vl_get(obj, key);
    const char *s = NULL;
    size_t len;

    *keep = NULL;
    if (v == NULL)
        return NULL;
    if (vl_text(v, &s, &len, keep) < 0) {
        (void)chx_clear_recoverable();
        s = NULL;
    }
    Py_DECREF(v);
    return s;
}

int
vl_is(PyObject *s, const char *want)
{
    const char *u;

    if (s == NULL || !PyUnicode_Check(s))
        return 0;
    u = PyUnicode_AsUTF8(s);
    if (u == NULL) {
        PyErr_Clear();
        return 0;
    }
    return strcmp(u, want) == 0;
}

int
vl_str_is(PyObject *obj, const char *key, const char *want)
{
    PyObject *v = vl_get(obj, key);
    int eq = vl_is(v, want);

    Py_XDECREF(v);
    return eq;
}

int
vl_number(PyObject *v, double *out)
{
    double d;

    if (v == NULL || PyBool_Check(v) || !(PyFloat_Check(v) || PyLong_Check(v)))
        return 0;
    d = PyFloat_AsDouble(v);
    if (d == -1.0 && PyErr_Occurred()) {
        PyErr_Clear();  /* an int past a double */
        return 0;
    }
    if (!isfinite(d))
        return 0;
    *out = d;
    return 1;
}

int
vl_number_at(PyObject *obj, const char *key, double *out)
{
    PyObject *v = vl_get(obj, key);
    int ok = vl_number(v, out);

    Py_XDECREF(v);
    return ok;
}

int
vl_has_style(PyObject *mark, const char *style)
{
    PyObject *v = vl_get(mark, "style");
    Py_ssize_t i;
    int found = 0;

    if (v == NULL)
        return 0;
    if (PyList_Check(v)) {
        for (i = 0; i < PyList_GET_SIZE(v) && !found; i++)
            found = vl_is(PyList_GET_ITEM(v, i), style);
    }
    else
        found = vl_is(v, style);
    Py_DECREF(v);
    return found;
}

/* The lines of a title (strs) joined by a space; NULL when none is a str. */
static PyObject *
joined_lines(PyObject *list)
{
    PyObject *parts = PyList_New(0), *sep = NULL, *out = NULL;
    Py_ssize_t i;

    if (parts == NULL)
        return NULL;
    for (i = 0; i < PyList_GET_SIZE(list); i++) {
        PyObject *line = PyList_GET_ITEM(list, i);

        if (PyUnicode_Check(line) && PyList_Append(parts, line) < 0)
            goto done;
    }
    if (PyList_GET_SIZE(parts) == 0)
        goto done;
    sep = PyUnicode_FromString(" ");
    if (sep != NULL)
        out = PyUnicode_Join(sep, parts);
done:
    Py_XDECREF(sep);
    Py_DECREF(parts);
    return out;
}

PyObject *
vl_title_text(PyObject *title)
{
    PyObject *text = NULL, *out = NULL;

    if (title == NULL)
        return NULL;
    if (PyDict_Check(title)) {
        text = vl_get(title, "text");
        if (text == NULL)
            return NULL;
        title = text;
    }
    if (PyUnicode_Check(title) && PyUnicode_GET_LENGTH(title) > 0) {
        Py_INCREF(title);
        out = title;
    }
    else if (PyList_Check(title))
        out = joined_lines(title);
    Py_XDECREF(text);
    if (out == NULL)
        (void)chx_clear_recoverable();
    return out;
}

int
vl_same(PyObject *a, PyObject *b)
{
    int eq;

    if (a == NULL || b == NULL || !PyUnicode_Check(a) || !PyUnicode_Check(b))
        return 0;
    eq = PyUnicode_Compare(a, b);
    if (eq == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        return 0;
    }
    return eq == 0;
}
