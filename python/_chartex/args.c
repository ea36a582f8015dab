/*
 * args.c - the keyword arguments of the module's functions, checked as
 * hostile values: indent, the chart's options (chartex_options) and the
 * table's counts.  Each raises the Python exception that says what is
 * wrong with which argument.
 */
#include "args.h"

#include <math.h>
#include <string.h>

#define MAX_INDENT 100

/* indent=None is compact; an int from 1 to MAX_INDENT indents.  0 is refused
 * rather than read as compact: json.dumps(indent=0) means newlines without
 * indentation, which chartex does not produce. */
int
chx_parse_indent(PyObject *obj, int *indent)
{
    long v;

    *indent = 0;
    if (obj == NULL || obj == Py_None)
        return 0;
    if (!PyLong_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "indent must be None or an int, not '%.100s'",
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    v = PyLong_AsLong(obj);
    if (v == -1 && PyErr_Occurred())
        PyErr_Clear();
    else if (v >= 1 && v <= MAX_INDENT) {
        *indent = (int)v;
        return 0;
    }
    PyErr_Format(PyExc_ValueError, "indent must be None or an int from 1 to %d",
                 MAX_INDENT);
    return -1;
}

/* max_points=None is no limit; an int at least CHARTEX_MIN_MAX_POINTS keeps
 * at most that many points per series (a value past size_t is no limit). */
static int
parse_limit(PyObject *obj, const char *name, size_t *out)
{
    int given;

    return chx_parse_count(obj, name, CHARTEX_MIN_MAX_POINTS, out, &given);
}

/* The options of the chart functions (chartex_options): max_points,
 * points_per_pixel, max_total_points; None leaves each one off. */
int
chx_parse_options(PyObject *max_obj, PyObject *ppp_obj, PyObject *total_obj,
              chartex_options *opts)
{
    double ppp;

    memset(opts, 0, sizeof *opts);
    if (parse_limit(max_obj, "max_points", &opts->max_points) < 0
        || parse_limit(total_obj, "max_total_points", &opts->max_total_points) < 0)
        return -1;
    if (ppp_obj == NULL || ppp_obj == Py_None)
        return 0;
    if (PyBool_Check(ppp_obj) || !(PyFloat_Check(ppp_obj) || PyLong_Check(ppp_obj))) {
        PyErr_Format(PyExc_TypeError,
                     "points_per_pixel must be None or a number, not '%.100s'",
                     Py_TYPE(ppp_obj)->tp_name);
        return -1;
    }
    ppp = PyFloat_AsDouble(ppp_obj);
    if (ppp == -1.0 && PyErr_Occurred())
        return -1;
    if (!(isfinite(ppp) && ppp > 0)) {
        PyErr_SetString(PyExc_ValueError,
                        "points_per_pixel must be None or a finite number above 0");
        return -1;
    }
    opts->points_per_pixel = ppp;
    return 0;
}

/* None, or an int from lowest up (a value past size_t: no limit). */
int
chx_parse_count(PyObject *obj, const char *name, size_t lowest, size_t *out, int *given)
{
    size_t v;

    *given = 0;
    *out = 0;
    if (obj == NULL || obj == Py_None)
        return 0;
    if (!PyLong_Check(obj) || PyBool_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s must be None or an int, not '%.100s'",
                     name, Py_TYPE(obj)->tp_name);
        return -1;
    }
    v = PyLong_AsSize_t(obj);
    if (v == (size_t)-1 && PyErr_Occurred()) {
        PyObject *zero;
        int negative;

        if (!PyErr_ExceptionMatches(PyExc_OverflowError))
            return -1;
        PyErr_Clear();
        /* Negative, or more than any frame holds. */
        zero = PyLong_FromLong(0);
        if (zero == NULL)
            return -1;
        negative = PyObject_RichCompareBool(obj, zero, Py_LT);
        Py_DECREF(zero);
        if (negative < 0)
            return -1;
        if (negative)
            goto range;
        return 0;
    }
    if (v < lowest)
        goto range;
    *out = v;
    *given = 1;
    return 0;
range:
    PyErr_Format(PyExc_ValueError, "%s must be None or an int >= %zu", name, lowest);
    return -1;
}
