/*
 * plotly_values.c - hostile values for the Plotly reader: mapping access
 * that never raises for a missing key, text, numbers, and arrays in every
 * form Plotly keeps them (NumPy arrays of numbers, dates or text; lists and
 * tuples; base64 typed arrays {"dtype", "bdata", "shape"} of plotly 6+),
 * turned into doubles on the axis they are drawn on: numbers, dates (days
 * since 1970-01-01, the scene's DATE axes with epoch 0) or category indices.
 */
#include "plotly.h"

#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MS_PER_DAY 86400000.0
/* Values looked at to guess an axis type (plotly.js looks at 1000 too). */
#define AUTOTYPE_SAMPLE 1000

/* ------------------------------------------------------ mapping access */

/* Drops the pending exception unless it must reach the caller
 * (chx_clear_recoverable: MemoryError, KeyboardInterrupt, SystemExit);
 * returns NULL. */
static PyObject *
absent(void)
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
            return absent();
        v = PyDict_GetItemWithError(obj, k);   /* borrowed */
        Py_DECREF(k);
        if (v == NULL)
            return absent();
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
            return absent();
        /* A plotly object answers `in` for its valid properties, and
         * raises a long error for any other key: ask first. */
        has = PySequence_Contains(obj, k);
        if (has <= 0) {
            Py_DECREF(k);
            return absent();
        }
        v = PyObject_GetItem(obj, k);
        Py_DECREF(k);
        if (v == NULL)
            return absent();
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
static int
number_of(PyObject *v, double *out)
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
    ok = number_of(x, v);
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

/* The text plotly.js gives a number used as a category (String(v)). */
static PyObject *
number_text(double v)
{
    char *s;
    PyObject *t;

    if (isfinite(v) && v == floor(v) && fabs(v) < 1e21)
        return PyUnicode_FromFormat("%lld", (long long)v);
    s = PyOS_double_to_string(v, 'r', 0, 0, NULL);
    if (s == NULL)
        return NULL;
    t = PyUnicode_FromString(s);
    PyMem_Free(s);
    return t;
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

        if (!number_of(text, &v)) {
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

/* ----------------------------------------------------------- typed arrays */

/* base64 (standard and URL-safe alphabets): each character's 6 bits, 64
 * for padding and whitespace (skipped), 255 for anything else. */
static unsigned char b64_table[256];
static int b64_ready = 0;

static void
b64_init(void)
{
    const char *alpha = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    int k;

    memset(b64_table, 255, sizeof b64_table);
    for (k = 0; k < 64; k++)
        b64_table[(unsigned char)alpha[k]] = (unsigned char)k;
    b64_table['-'] = 62;
    b64_table['_'] = 63;
    b64_table['='] = b64_table['\n'] = b64_table['\r'] = b64_table[' '] = 64;
    b64_ready = 1;
}

/* Decodes base64 text (whitespace and padding tolerated); NULL on a
 * character outside the alphabet (no exception) or out of memory (set). */
static unsigned char *
b64_decode(const char *s, size_t len, size_t *out_len)
{
    unsigned char *out = malloc(len / 4 * 3 + 3);
    const unsigned char *p = (const unsigned char *)s, *end = p + len;
    size_t o = 0;
    unsigned acc = 0, v;
    int bits = 0;

    if (out == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    if (!b64_ready)
        b64_init();
    /* Whole groups of four characters first: the common case. */
    while (end - p >= 4) {
        unsigned a = b64_table[p[0]], b = b64_table[p[1]], c = b64_table[p[2]],
                 d = b64_table[p[3]];

        if ((a | b | c | d) >= 64 || bits != 0)
            break;
        out[o++] = (unsigned char)(a << 2 | b >> 4);
        out[o++] = (unsigned char)((b & 15) << 4 | c >> 2);
        out[o++] = (unsigned char)((c & 3) << 6 | d);
        p += 4;
    }
    for (; p < end; p++) {
        v = b64_table[*p];
        if (v == 64)
            continue;
        if (v == 255) {
            free(out);
            return NULL;
        }
        acc = (acc << 6) | v;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out[o++] = (unsigned char)(acc >> bits);
            acc &= (1u << bits) - 1;
        }
    }
    *out_len = o;
    return out;
}

/* 1 when obj is a typed array spec {"dtype": ..., "bdata": ...}. */
static int
is_typed_array(PyObject *obj)
{
    PyObject *b;

    if (!PyDict_Check(obj))
        return 0;
    b = px_get(obj, "bdata");
    if (b == NULL)
        return 0;
    Py_DECREF(b);
    return 1;
}

/* The shape of a typed array ("3, 4", [3, 4] or absent): rows and cols
 * (rows 1 for a flat array). */
static void
typed_shape(PyObject *spec, size_t n, size_t *rows, size_t *cols)
{
    PyObject *shape = px_get(spec, "shape");
    long a = -1, b = -1;

    *rows = 1;
    *cols = n;
    if (shape == NULL)
        return;
    if (PyUnicode_Check(shape)) {
        const char *s = PyUnicode_AsUTF8(shape);

        if (s == NULL || sscanf(s, "%ld , %ld", &a, &b) != 2)
            PyErr_Clear(), a = b = -1;
    }
    else if (PyList_Check(shape) && PyList_GET_SIZE(shape) == 2) {
        a = PyLong_AsLong(PyList_GET_ITEM(shape, 0));
        b = PyLong_AsLong(PyList_GET_ITEM(shape, 1));
        if (PyErr_Occurred())
            PyErr_Clear(), a = b = -1;
    }
    Py_DECREF(shape);
    if (a > 0 && b > 0 && (size_t)a * (size_t)b == n) {
        *rows = (size_t)a;
        *cols = (size_t)b;
    }
}

/* The values of a typed array spec as doubles; NULL with *n 0 (no
 * exception) when the spec is not readable. */
static int
typed_values(PyObject *spec, double **out, size_t *n, size_t *rows, size_t *cols)
{
    PyObject *bdata = px_get(spec, "bdata"), *dtype = px_get(spec, "dtype");
    const char *s, *dt;
    Py_ssize_t slen;
    unsigned char *raw = NULL;
    size_t raw_len = 0, width, i, count;
    double *v = NULL;
    int rc = -1;

    *out = NULL;
    *n = 0;
    *rows = 1;
    *cols = 0;
    if (bdata == NULL || dtype == NULL || !PyUnicode_Check(bdata) || !PyUnicode_Check(dtype)) {
        rc = 0;
        goto done;
    }
    s = PyUnicode_AsUTF8AndSize(bdata, &slen);
    dt = PyUnicode_AsUTF8(dtype);
    if (s == NULL || dt == NULL) {
        PyErr_Clear();
        rc = 0;
        goto done;
    }
    raw = b64_decode(s, (size_t)slen, &raw_len);
    if (raw == NULL) {
        rc = PyErr_Occurred() ? -1 : 0;
        goto done;
    }
    if (strcmp(dt, "f8") == 0 || strcmp(dt, "float64") == 0)
        width = 8;
    else if (strcmp(dt, "f4") == 0 || strcmp(dt, "i4") == 0 || strcmp(dt, "u4") == 0
             || strcmp(dt, "float32") == 0 || strcmp(dt, "int32") == 0
             || strcmp(dt, "uint32") == 0)
        width = 4;
    else if (strcmp(dt, "i2") == 0 || strcmp(dt, "u2") == 0 || strcmp(dt, "int16") == 0
             || strcmp(dt, "uint16") == 0)
        width = 2;
    else if (strcmp(dt, "i1") == 0 || strcmp(dt, "u1") == 0 || strcmp(dt, "u1c") == 0
             || strcmp(dt, "int8") == 0 || strcmp(dt, "uint8") == 0
             || strcmp(dt, "uint8clamped") == 0)
        width = 1;
    else {
        rc = 0;    /* a dtype plotly does not write: not read */
        goto done;
    }
    count = raw_len / width;
    v = malloc((count ? count : 1) * sizeof *v);
    if (v == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (i = 0; i < count; i++) {
        const unsigned char *b = raw + i * width;

        /* Little-endian, as plotly.py writes (numpy's native order on
         * every platform plotly supports is read the same way here). */
        if (dt[0] == 'f' && width == 8) {
            uint64_t u = (uint64_t)b[0] | (uint64_t)b[1] << 8 | (uint64_t)b[2] << 16
                         | (uint64_t)b[3] << 24 | (uint64_t)b[4] << 32 | (uint64_t)b[5] << 40
                         | (uint64_t)b[6] << 48 | (uint64_t)b[7] << 56;
            double d;

            memcpy(&d, &u, sizeof d);
            v[i] = d;
        }
        else if (dt[0] == 'f') {
            uint32_t u = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16
                         | (uint32_t)b[3] << 24;
            float f;

            memcpy(&f, &u, sizeof f);
            v[i] = (double)f;
        }
        else {
            uint32_t u = 0;
            int k, is_signed = dt[0] == 'i';

            for (k = (int)width - 1; k >= 0; k--)
                u = (u << 8) | b[k];
            if (is_signed) {
                int64_t sv = (int64_t)u;

                if (u & (1u << (8 * width - 1)))
                    sv -= (int64_t)1 << (8 * width);
                v[i] = (double)sv;
            }
            else
                v[i] = (double)u;
        }
        if (!isfinite(v[i]))
            v[i] = NAN;
    }
    typed_shape(spec, count, rows, cols);
    *out = v;
    *n = count;
    v = NULL;
    rc = 0;
done:
    free(raw);
    free(v);
    Py_XDECREF(bdata);
    Py_XDECREF(dtype);
    return rc;
}

/* --------------------------------------------------------------- arrays */

/* Numbers read as numbers on ax: dates take them as milliseconds since
 * 1970 (plotly.js's date numbers), categories as the text of each. */
static int
numbers_on_axis(preader *r, px_axis *ax, double *v, size_t n)
{
    size_t i;
    PyObject *f;

    if (ax == NULL || ax->type == PX_AXTYPE_LINEAR || ax->type == PX_AXTYPE_LOG)
        return 0;
    for (i = 0; i < n; i++) {
        if (!isfinite(v[i])) {
            v[i] = NAN;
            continue;
        }
        if (ax->type == PX_AXTYPE_DATE) {
            v[i] /= MS_PER_DAY;
            continue;
        }
        f = PyFloat_FromDouble(v[i]);
        if (f == NULL || px_category(r, ax, f, &v[i]) < 0) {
            Py_XDECREF(f);
            return -1;
        }
        Py_DECREF(f);
    }
    return 0;
}

/* One value of a sequence on ax. */
static int
item_value(preader *r, px_axis *ax, PyObject *item, double *out)
{
    const char *s;
    Py_ssize_t len;
    char *end;
    double d;
    px_axis_type type = ax != NULL ? ax->type : PX_AXTYPE_LINEAR;

    *out = NAN;
    if (item == Py_None)
        return 0;
    if (type == PX_AXTYPE_CATEGORY)
        return px_category(r, ax, item, out);
    if (PyUnicode_Check(item)) {
        s = PyUnicode_AsUTF8AndSize(item, &len);
        if (s == NULL) {
            PyErr_Clear();
            return 0;
        }
        if (type == PX_AXTYPE_DATE) {
            if (px_parse_date(s, (size_t)len, &d))
                *out = d;
            return 0;
        }
        d = strtod(s, &end);
        if (end != s && *end == '\0' && isfinite(d))
            *out = d;
        return 0;
    }
    if (number_of(item, &d)) {
        *out = type == PX_AXTYPE_DATE ? d / MS_PER_DAY : d;
        return 0;
    }
    if (type == PX_AXTYPE_DATE) {
        /* datetime, date, pandas Timestamp, numpy datetime64: their text. */
        PyObject *text = PyObject_Str(item);

        if (text == NULL)
            return absent(), PyErr_Occurred() ? -1 : 0;
        s = PyUnicode_AsUTF8AndSize(text, &len);
        if (s != NULL && len >= 10) {
            /* str(datetime) with a UTC offset: the offset is dropped, as
             * plotly.js drops it. */
            size_t l = (size_t)len;

            if (l > 19 && (s[l - 6] == '+' || s[l - 6] == '-') && s[l - 3] == ':')
                l -= 6;
            if (px_parse_date(s, l, &d))
                *out = d;
        }
        else if (s == NULL)
            PyErr_Clear();
        Py_DECREF(text);
    }
    return 0;
}

/* The values of a sequence, one item at a time. */
static int
sequence_values(preader *r, px_axis *ax, PyObject *obj, double **out, size_t *n)
{
    PyObject *seq = PySequence_Fast(obj, "not a sequence");
    Py_ssize_t i, len;
    double *v = NULL;
    int rc = -1;

    if (seq == NULL) {
        absent();
        return PyErr_Occurred() ? -1 : 0;
    }
    len = PySequence_Fast_GET_SIZE(seq);
    v = malloc((size_t)(len ? len : 1) * sizeof *v);
    if (v == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (i = 0; i < len; i++)
        if (item_value(r, ax, PySequence_Fast_GET_ITEM(seq, i), &v[i]) < 0)
            goto done;
    *out = v;
    *n = (size_t)len;
    v = NULL;
    rc = 0;
done:
    free(v);
    Py_DECREF(seq);
    return rc;
}

/* A NumPy datetime64 array as days since 1970 (NaT: NaN). */
static int
datetime_values(PyArrayObject *arr, double **out, size_t *n)
{
    PyObject *us = NULL, *i64 = NULL, *view = NULL;
    PyArray_Descr *descr = NULL;
    PyArrayObject *ints = NULL;
    npy_intp k, size;
    const npy_int64 *src;
    double *v = NULL;
    int rc = -1;

    us = PyUnicode_FromString("datetime64[us]");
    if (us == NULL || !PyArray_DescrConverter(us, &descr))
        goto done;
    i64 = PyArray_CastToType(arr, descr, 0);   /* steals descr */
    descr = NULL;
    if (i64 == NULL)
        goto done;
    view = PyArray_View((PyArrayObject *)i64, PyArray_DescrFromType(NPY_INT64), NULL);
    if (view == NULL)
        goto done;
    ints = (PyArrayObject *)PyArray_FROMANY(view, NPY_INT64, 0, 0, NPY_ARRAY_CARRAY);
    if (ints == NULL)
        goto done;
    size = PyArray_SIZE(ints);
    v = malloc((size_t)(size ? size : 1) * sizeof *v);
    if (v == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    src = (const npy_int64 *)PyArray_DATA(ints);
    for (k = 0; k < size; k++)
        v[k] = src[k] == NPY_MIN_INT64 ? NAN : (double)src[k] / 86400e6;
    *out = v;
    *n = (size_t)size;
    v = NULL;
    rc = 0;
done:
    free(v);
    Py_XDECREF(us);
    Py_XDECREF(i64);
    Py_XDECREF(view);
    Py_XDECREF((PyObject *)ints);
    return rc;
}

/* A malloc'd copy of a C-contiguous array of doubles, NaN for every
 * value that is not finite; NULL with MemoryError. */
static double *
finite_copy(PyArrayObject *arr, size_t *n)
{
    size_t k, len = (size_t)PyArray_SIZE(arr);
    double *v = malloc((len ? len : 1) * sizeof *v);

    if (v == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    memcpy(v, PyArray_DATA(arr), len * sizeof *v);
    for (k = 0; k < len; k++)
        if (!isfinite(v[k]))
            v[k] = NAN;
    *n = len;
    return v;
}

int
px_values(preader *r, PyObject *obj, px_axis *ax, double **out, size_t *n)
{
    PyArrayObject *arr = NULL;
    double *v = NULL;
    size_t rows, cols, k, len;
    int kind, rc = -1;

    *out = NULL;
    *n = 0;
    if (obj == NULL || obj == Py_None)
        return 0;
    if (is_typed_array(obj)) {
        if (typed_values(obj, &v, n, &rows, &cols) < 0)
            return -1;
        if (v != NULL && numbers_on_axis(r, ax, v, *n) < 0) {
            free(v);
            *n = 0;
            return -1;
        }
        *out = v;
        return 0;
    }
    if (PyUnicode_Check(obj) || PyBytes_Check(obj) || PyDict_Check(obj))
        return 0;   /* a scalar or a mapping where an array belongs: none */
    if (PyArray_Check(obj)) {
        arr = (PyArrayObject *)obj;
        kind = PyArray_DESCR(arr)->kind;
        if (PyArray_NDIM(arr) > 1)
            return 0;
        if (kind == 'M') {
            if (datetime_values(arr, out, n) < 0)
                return -1;
            if (ax != NULL && ax->type != PX_AXTYPE_DATE) {
                /* Dates on an axis of another type: as plotly.js, which
                 * then reads them as text, they are not numbers. */
                for (k = 0; k < *n; k++)
                    (*out)[k] = NAN;
            }
            return 0;
        }
        if (kind == 'b' || kind == 'i' || kind == 'u' || kind == 'f') {
            arr = (PyArrayObject *)PyArray_FROMANY(obj, NPY_DOUBLE, 1, 1,
                                                   NPY_ARRAY_CARRAY | NPY_ARRAY_FORCECAST);
            if (arr == NULL)
                return px_fail(r, "an array of numbers");
            v = finite_copy(arr, &len);
            if (v == NULL || numbers_on_axis(r, ax, v, len) < 0)
                goto done;
            *out = v;
            *n = len;
            v = NULL;
            rc = 0;
            goto done;
        }
        if (kind != 'O' && kind != 'U' && kind != 'S')
            return 0;   /* complex, timedelta, structured: not read */
    }
    else if (ax == NULL || ax->type == PX_AXTYPE_LINEAR || ax->type == PX_AXTYPE_LOG) {
        /* A list of numbers in one NumPy call. */
        if (PyList_Check(obj) || PyTuple_Check(obj)) {
            arr = (PyArrayObject *)PyArray_FROMANY(obj, NPY_DOUBLE, 1, 1,
                                                   NPY_ARRAY_CARRAY | NPY_ARRAY_FORCECAST);
            if (arr != NULL) {
                *out = finite_copy(arr, n);
                rc = *out == NULL ? -1 : 0;
                goto done;
            }
            if (chx_clear_recoverable() < 0)
                return -1;
        }
    }
    arr = NULL;
    return sequence_values(r, ax, obj, out, n);
done:
    free(v);
    Py_XDECREF((PyObject *)arr);
    return rc;
}

int
px_grid(preader *r, PyObject *obj, double **out, size_t *rows, size_t *cols)
{
    PyArrayObject *arr = NULL;
    PyObject *seq = NULL;
    double *v = NULL, *row = NULL;
    size_t nrow, ncol = 0, len, i, k;
    int rc = -1;

    *out = NULL;
    *rows = *cols = 0;
    if (obj == NULL || obj == Py_None)
        return 0;
    if (is_typed_array(obj)) {
        if (typed_values(obj, &v, &len, rows, cols) < 0)
            return -1;
        if (v == NULL || len == 0) {
            free(v);
            *rows = *cols = 0;
            return 0;
        }
        *out = v;
        return 0;
    }
    if (PyUnicode_Check(obj) || PyDict_Check(obj))
        return 0;
    if (PyArray_Check(obj) && PyArray_NDIM((PyArrayObject *)obj) == 2) {
        int kind = PyArray_DESCR((PyArrayObject *)obj)->kind;

        if (kind != 'b' && kind != 'i' && kind != 'u' && kind != 'f')
            goto rows;
        arr = (PyArrayObject *)PyArray_FROMANY(obj, NPY_DOUBLE, 2, 2,
                                               NPY_ARRAY_CARRAY | NPY_ARRAY_FORCECAST);
        if (arr == NULL)
            return px_fail(r, "a 2-D array");
        goto copy;
    }
    if (PyList_Check(obj) || PyTuple_Check(obj)) {
        arr = (PyArrayObject *)PyArray_FROMANY(obj, NPY_DOUBLE, 2, 2,
                                               NPY_ARRAY_CARRAY | NPY_ARRAY_FORCECAST);
        if (arr != NULL)
            goto copy;
        if (chx_clear_recoverable() < 0)
            return -1;
    }
rows:
    /* Ragged rows, or rows of text and None: one row at a time. */
    seq = PySequence_Fast(obj, "not a sequence");
    if (seq == NULL) {
        absent();
        return PyErr_Occurred() ? -1 : 0;
    }
    nrow = (size_t)PySequence_Fast_GET_SIZE(seq);
    for (i = 0; i < nrow; i++) {
        PyObject *it = PySequence_Fast_GET_ITEM(seq, i);
        Py_ssize_t l = PySequence_Check(it) && !PyUnicode_Check(it) ? PySequence_Size(it) : -1;

        if (l < 0) {
            if (chx_clear_recoverable() < 0)
                goto done;
        }
        else if ((size_t)l > ncol)
            ncol = (size_t)l;
    }
    if (nrow == 0 || ncol == 0 || nrow > SIZE_MAX / sizeof(double) / ncol) {
        rc = 0;
        goto done;
    }
    v = malloc(nrow * ncol * sizeof *v);
    if (v == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (i = 0; i < nrow; i++) {
        PyObject *it = PySequence_Fast_GET_ITEM(seq, i);

        for (k = 0; k < ncol; k++)
            v[i * ncol + k] = NAN;
        if (PyUnicode_Check(it) || !PySequence_Check(it))
            continue;
        if (px_values(r, it, NULL, &row, &len) < 0)
            goto done;
        for (k = 0; k < len && k < ncol; k++)
            v[i * ncol + k] = row[k];
        free(row);
        row = NULL;
    }
    *out = v;
    *rows = nrow;
    *cols = ncol;
    v = NULL;
    rc = 0;
    goto done;
copy:
    *rows = (size_t)PyArray_DIM(arr, 0);
    *cols = (size_t)PyArray_DIM(arr, 1);
    if (*rows * *cols == 0) {
        /* [[], []]: no grid (and no row of any length to read). */
        *rows = *cols = 0;
        rc = 0;
        goto done;
    }
    *out = finite_copy(arr, &len);
    if (*out == NULL) {
        *rows = *cols = 0;
        goto done;
    }
    rc = 0;
done:
    free(v);
    free(row);
    Py_XDECREF(seq);
    Py_XDECREF((PyObject *)arr);
    return rc;
}

/* ---------------------------------------------------------- axis types */

int
px_autotype(preader *r, PyObject *obj, px_axis_type *type)
{
    PyObject *seq = NULL;
    Py_ssize_t i, len;
    size_t dates = 0, numbers = 0, texts = 0;
    const char *s;
    Py_ssize_t slen;
    double d;
    char *end;

    (void)r;
    if (obj == NULL || obj == Py_None)
        return 0;
    if (is_typed_array(obj)) {
        *type = PX_AXTYPE_LINEAR;
        return 0;
    }
    if (PyArray_Check(obj)) {
        int kind = PyArray_DESCR((PyArrayObject *)obj)->kind;

        if (kind == 'M') {
            *type = PX_AXTYPE_DATE;
            return 0;
        }
        if (kind != 'O' && kind != 'U' && kind != 'S') {
            *type = PX_AXTYPE_LINEAR;
            return 0;
        }
    }
    if (PyUnicode_Check(obj) || PyDict_Check(obj))
        return 0;
    seq = PySequence_Fast(obj, "not a sequence");
    if (seq == NULL) {
        absent();
        return PyErr_Occurred() ? -1 : 0;
    }
    len = PySequence_Fast_GET_SIZE(seq);
    for (i = 0; i < len && i < AUTOTYPE_SAMPLE; i++) {
        PyObject *it = PySequence_Fast_GET_ITEM(seq, i);

        if (it == Py_None)
            continue;
        if (PyList_Check(it) || PyTuple_Check(it) || PyArray_Check(it)) {
            /* A 2-D array (a surface's z): the type of its first row. */
            int rc = px_autotype(r, it, type);

            Py_DECREF(seq);
            return rc;
        }
        if (PyBool_Check(it))
            texts++;     /* plotly.js: booleans are categories */
        else if (PyFloat_Check(it) || PyLong_Check(it))
            numbers++;
        else if (PyUnicode_Check(it)) {
            s = PyUnicode_AsUTF8AndSize(it, &slen);
            if (s == NULL) {
                PyErr_Clear();
                texts++;
                continue;
            }
            d = strtod(s, &end);
            if (slen > 0 && end == s + slen && !isspace((unsigned char)s[0]))
                numbers++;
            else if (px_parse_date(s, (size_t)slen, &d))
                dates++;
            else
                texts++;
        }
        else {
            /* datetime.date / datetime / Timestamp: a date when its text is */
            PyObject *t = PyObject_Str(it);

            if (t == NULL) {
                absent();
                if (PyErr_Occurred())
                    goto fail;
                texts++;
                continue;
            }
            s = PyUnicode_AsUTF8AndSize(t, &slen);
            if (s != NULL && slen >= 10 && px_parse_date(s, 10, &d))
                dates++;
            else
                texts++;
            if (s == NULL)
                PyErr_Clear();
            Py_DECREF(t);
        }
    }
    Py_DECREF(seq);
    /* plotly.js's autotype: dates when they outnumber the rest twice,
     * categories when texts outnumber numbers twice, numbers otherwise. */
    if (dates > 0 && dates > 2 * (numbers + texts))
        *type = PX_AXTYPE_DATE;
    else if (texts > 2 * numbers || (texts > 0 && numbers == 0))
        *type = PX_AXTYPE_CATEGORY;
    else if (numbers > 0 || texts > 0 || dates > 0)
        *type = PX_AXTYPE_LINEAR;
    return 0;
fail:
    Py_DECREF(seq);
    return -1;
}

int
px_add_categories(preader *r, PyObject *obj, px_axis *ax)
{
    double *v = NULL;
    size_t n;
    int rc;

    /* Reading the values on a category axis adds the new ones in order. */
    rc = px_values(r, obj, ax, &v, &n);
    free(v);
    return rc;
}
