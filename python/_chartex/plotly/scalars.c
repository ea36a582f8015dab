/*
 * scalars.c - hostile single values for the Plotly reader: mapping access
 * that never raises for a missing key, text, numbers, a date given as
 * text (days since 1970-01-01, the scene's DATE axes with epoch 0), the
 * index of a category on its axis.  Arrays of them are arrays.c's.
 */
#include "plotly.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------ mapping access */

/* Drops the pending exception unless it must reach the caller
 * (chx_clear_recoverable: MemoryError, KeyboardInterrupt, SystemExit);
 * returns NULL. */
PyObject *
px_absent(void)
{
    (void)chx_clear_recoverable();
    return NULL;
}

PyObject *
px_get(PyObject *obj, const char *key)
{
    PyObject *k = NULL, *v = NULL;
    int has;

    if (obj == NULL || obj == Py_None)
        return NULL;
    if (PyDict_Check(obj)) {
        k = PyUnicode_FromString(key);
        if (k == NULL)
            return px_absent();
        v = PyDict_GetItemWithError(obj, k);   /* borrowed */
        Py_DECREF(k);
        if (v == NULL)
            return px_absent();
        Py_INCREF(v);
    }
    else {
        /* (Classes with __getitem__ pass PySequence_Check too: only the
         * built-in sequences are refused.) */
        if (PyUnicode_Check(obj) || PyBytes_Check(obj) || PyList_Check(obj)
            || PyTuple_Check(obj) || PyArray_Check(obj) || !PyMapping_Check(obj))
            return NULL;
        k = PyUnicode_FromString(key);
        if (k == NULL)
            return px_absent();
        /* A plotly object answers `in` for its valid properties, and
         * raises a long error for any other key: ask first. */
        has = PySequence_Contains(obj, k);
        if (has <= 0) {
            Py_DECREF(k);
            return px_absent();
        }
        v = PyObject_GetItem(obj, k);
        Py_DECREF(k);
        if (v == NULL)
            return px_absent();
    }
    if (v == Py_None) {
        Py_DECREF(v);
        return NULL;
    }
    return v;
}

int
px_text(PyObject *obj, const char **s, size_t *len, PyObject **keep)
{
    Py_ssize_t n;

    *s = NULL;
    *len = 0;
    *keep = NULL;
    if (obj == NULL || !PyUnicode_Check(obj))
        return 0;
    *s = PyUnicode_AsUTF8AndSize(obj, &n);
    if (*s != NULL) {
        Py_INCREF(obj);
        *keep = obj;
        *len = (size_t)n;
        return 0;
    }
    if (!PyErr_ExceptionMatches(PyExc_UnicodeError))
        return -1;
    /* Lone surrogates: replaced, as the matplotlib walker does. */
    PyErr_Clear();
    *keep = PyUnicode_AsEncodedString(obj, "utf-8", "replace");
    if (*keep == NULL)
        return -1;
    *s = PyBytes_AS_STRING(*keep);
    *len = (size_t)PyBytes_GET_SIZE(*keep);
    return 0;
}

const char *
px_str(PyObject *obj, const char *key, PyObject **keep)
{
    const char *s = NULL;

    *keep = px_get(obj, key);
    if (*keep != NULL && PyUnicode_Check(*keep))
        s = PyUnicode_AsUTF8(*keep);
    if (s == NULL)
        PyErr_Clear();
    return s;
}

int
px_str_is(PyObject *obj, const char *key, const char *want, int dflt)
{
    PyObject *keep;
    const char *s = px_str(obj, key, &keep);
    int eq = s != NULL ? strcmp(s, want) == 0 : dflt;

    Py_XDECREF(keep);
    return eq;
}

/* A finite double from an int, float or bool (not text). */
int
px_number_of(PyObject *v, double *out)
{
    double d;

    if (v == NULL || !(PyFloat_Check(v) || PyLong_Check(v)))
        return 0;
    d = PyFloat_AsDouble(v);
    if (d == -1.0 && PyErr_Occurred()) {
        PyErr_Clear();
        return 0;
    }
    if (!isfinite(d))
        return 0;
    *out = d;
    return 1;
}

int
px_number(PyObject *obj, const char *key, double *v)
{
    PyObject *x = px_get(obj, key);
    int ok;

    if (x == NULL)
        return 0;
    ok = px_number_of(x, v);
    if (!ok && PyUnicode_Check(x)) {
        const char *s = PyUnicode_AsUTF8(x);
        char *end;
        double d;

        if (s == NULL)
            PyErr_Clear();
        else {
            d = strtod(s, &end);
            if (end != s && *end == '\0' && isfinite(d)) {
                *v = d;
                ok = 1;
            }
        }
    }
    Py_DECREF(x);
    return ok;
}

int
px_bool(PyObject *obj, const char *key, int dflt)
{
    PyObject *v = px_get(obj, key);
    int b;

    if (v == NULL)
        return dflt;
    b = PyBool_Check(v) ? v == Py_True : dflt;
    Py_DECREF(v);
    return b;
}

PyObject *
px_title(PyObject *obj, const char *key)
{
    PyObject *t = px_get(obj, key), *text;

    if (t == NULL)
        return NULL;
    if (PyUnicode_Check(t))
        return t;
    text = px_get(t, "text");
    Py_DECREF(t);
    if (text != NULL && !PyUnicode_Check(text)) {
        Py_DECREF(text);
        return NULL;
    }
    return text;
}

/* ----------------------------------------------------------------- dates */

/* Days from 1970-01-01 to y-m-d (proleptic Gregorian), Howard Hinnant's
 * days_from_civil. */
static double
days_from_civil(long y, unsigned m, unsigned d)
{
    long era;
    unsigned yoe, doy, doe;

    y -= m <= 2;
    era = (y >= 0 ? y : y - 399) / 400;
    yoe = (unsigned)(y - era * 400);
    doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return (double)(era * 146097 + (long)doe - 719468);
}

/* Reads exactly `digits` digits (at least min) at *p. */
static int
read_int(const char **p, const char *end, int min, int max, long *out)
{
    int k = 0;
    long v = 0;

    while (*p < end && k < max && isdigit((unsigned char)**p)) {
        v = v * 10 + (**p - '0');
        (*p)++;
        k++;
    }
    *out = v;
    return k >= min;
}

int
px_parse_date(const char *s, size_t len, double *days)
{
    const char *p = s, *end = s + len;
    long y, mo = 1, d = 1, h = 0, mi = 0, sec = 0;
    double frac = 0, scale = 0.1;
    static const int mdays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};

    while (p < end && *p == ' ')
        p++;
    while (end > p && end[-1] == ' ')
        end--;
    if (p < end && *p == '-')
        return 0;   /* negative years: not read */
    if (!read_int(&p, end, 4, 4, &y))
        return 0;
    if (p == end)
        return 0;   /* a lone year is a number to plotly's autotype */
    if (*p++ != '-' || !read_int(&p, end, 1, 2, &mo) || mo < 1 || mo > 12)
        return 0;
    if (p < end) {
        if (*p++ != '-' || !read_int(&p, end, 1, 2, &d) || d < 1 || d > mdays[mo - 1])
            return 0;
        if (mo == 2 && d == 29 && !(y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)))
            return 0;
    }
    if (p < end) {
        if (*p != ' ' && *p != 'T')
            return 0;
        p++;
        if (!read_int(&p, end, 1, 2, &h) || h > 23)
            return 0;
        if (p < end && *p == ':') {
            p++;
            if (!read_int(&p, end, 2, 2, &mi) || mi > 59)
                return 0;
            if (p < end && *p == ':') {
                p++;
                if (!read_int(&p, end, 2, 2, &sec) || sec > 59)
                    return 0;
                if (p < end && *p == '.') {
                    p++;
                    if (p == end || !isdigit((unsigned char)*p))
                        return 0;
                    while (p < end && isdigit((unsigned char)*p)) {
                        frac += (*p - '0') * scale;
                        scale /= 10;
                        p++;
                    }
                }
            }
        }
        if (p < end && *p == 'Z')
            p++;
    }
    if (p != end)
        return 0;
    *days = days_from_civil(y, (unsigned)mo, (unsigned)d)
            + ((double)h * 3600 + (double)mi * 60 + (double)sec + frac) / 86400.0;
    return 1;
}

/* ------------------------------------------------------- category texts */

/* The text plotly.js gives a number used as a category (String(v)):
 * integers below 1e21 in full, as JavaScript writes them (the shortest
 * digits, then zeros: 2^60 is "1152921504606847000"), others as repr.
 * (Through "%lld" an integer past 2^63 was undefined: a fuzz finding,
 * plotly-regressions/category-huge-integer.json.) */
static PyObject *
number_text(double v)
{
    char *s;
    PyObject *t;

    if (isfinite(v) && v == floor(v) && fabs(v) < 9007199254740992.0)
        return PyUnicode_FromFormat("%lld", (long long)v);
    s = PyOS_double_to_string(v, 'r', 0, 0, NULL);
    if (s != NULL && isfinite(v) && v == floor(v) && fabs(v) < 1e21) {
        /* repr's "d.ddde+XX" written out: the digits, then zeros */
        char digits[32], out[40], *e = strchr(s, 'e');
        size_t nd = 0, k;
        int exp10, neg = s[0] == '-';
        const char *p;

        if (e != NULL) {
            exp10 = atoi(e + 1);
            for (p = s + neg; p < e && nd < sizeof digits - 1; p++)
                if (*p >= '0' && *p <= '9')
                    digits[nd++] = *p;
            if (exp10 >= (int)nd - 1 && exp10 < 21) {
                k = 0;
                if (neg)
                    out[k++] = '-';
                memcpy(out + k, digits, nd);
                k += nd;
                while ((int)(k - (size_t)neg) < exp10 + 1)
                    out[k++] = '0';
                out[k] = '\0';
                PyMem_Free(s);
                return PyUnicode_FromString(out);
            }
        }
    }
    if (s == NULL)
        return NULL;
    t = PyUnicode_FromString(s);
    PyMem_Free(s);
    return t;
}

PyObject *
px_category_text(PyObject *v)
{
    double d;

    if (PyUnicode_Check(v)) {
        Py_INCREF(v);
        return v;
    }
    if (!px_number_of(v, &d))
        return NULL;    /* None, NaN and other objects are no category */
    return number_text(d);
}

static int
ensure_categories(px_axis *ax)
{
    if (ax->cat_index == NULL) {
        ax->cat_index = PyDict_New();
        if (ax->cat_index == NULL)
            return -1;
    }
    if (ax->cat_names == NULL) {
        ax->cat_names = PyList_New(0);
        if (ax->cat_names == NULL)
            return -1;
    }
    return 0;
}

int
px_category(preader *r, px_axis *ax, PyObject *text, double *index)
{
    PyObject *idx, *key = NULL;
    int rc = -1;

    (void)r;
    if (ensure_categories(ax) < 0)
        return -1;
    if (PyUnicode_Check(text)) {
        key = text;
        Py_INCREF(key);
    }
    else {
        double v;

        if (!px_number_of(text, &v)) {
            *index = NAN;    /* None, NaN and other objects are no category */
            return 0;
        }
        key = number_text(v);
        if (key == NULL)
            return -1;
    }
    idx = PyDict_GetItemWithError(ax->cat_index, key);   /* borrowed */
    if (idx != NULL) {
        *index = PyFloat_AsDouble(idx);
        rc = 0;
        goto done;
    }
    if (PyErr_Occurred())
        goto done;
    idx = PyFloat_FromDouble((double)PyList_GET_SIZE(ax->cat_names));
    if (idx == NULL)
        goto done;
    if (PyDict_SetItem(ax->cat_index, key, idx) < 0
        || PyList_Append(ax->cat_names, key) < 0) {
        Py_DECREF(idx);
        goto done;
    }
    *index = PyFloat_AsDouble(idx);
    Py_DECREF(idx);
    rc = 0;
done:
    Py_XDECREF(key);
    return rc;
}
