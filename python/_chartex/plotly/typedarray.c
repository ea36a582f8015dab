/*
 * typedarray.c - the base64 typed arrays of plotly 6+ ({"dtype", "bdata",
 * "shape"}, as plotly.py writes a NumPy array into a figure's JSON)
 * decoded in C into doubles, flat or with their 2-D shape.
 */
#include "plotly.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    unsigned char *out = px_calc_alloc(len / 4 * 3 + 3, 1);
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
int
px_is_typed_array(PyObject *obj)
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
    /* a * b must not wrap round to n (a hostile "3, 6148914691236517207"
     * of five values made a table read far past them) */
    if (a > 0 && b > 0 && (size_t)b <= n / (size_t)a && (size_t)a * (size_t)b == n) {
        *rows = (size_t)a;
        *cols = (size_t)b;
    }
}

/* The bytes of one value of dtype dt (plotly.py's names and NumPy's);
 * 0 for a dtype plotly does not write. */
static size_t
dtype_width(const char *dt)
{
    if (strcmp(dt, "f8") == 0 || strcmp(dt, "float64") == 0)
        return 8;
    if (strcmp(dt, "f4") == 0 || strcmp(dt, "i4") == 0 || strcmp(dt, "u4") == 0
        || strcmp(dt, "float32") == 0 || strcmp(dt, "int32") == 0
        || strcmp(dt, "uint32") == 0)
        return 4;
    if (strcmp(dt, "i2") == 0 || strcmp(dt, "u2") == 0 || strcmp(dt, "int16") == 0
        || strcmp(dt, "uint16") == 0)
        return 2;
    if (strcmp(dt, "i1") == 0 || strcmp(dt, "u1") == 0 || strcmp(dt, "u1c") == 0
        || strcmp(dt, "int8") == 0 || strcmp(dt, "uint8") == 0
        || strcmp(dt, "uint8clamped") == 0)
        return 1;
    return 0;
}

/* The value of width bytes b of dtype dt, little-endian as plotly.py
 * writes (numpy's native order on every platform plotly supports is read
 * the same way here); NaN when it is not finite. */
static double
decode_value(const unsigned char *b, const char *dt, size_t width)
{
    double v;

    if (dt[0] == 'f' && width == 8) {
        uint64_t u = (uint64_t)b[0] | (uint64_t)b[1] << 8 | (uint64_t)b[2] << 16
                     | (uint64_t)b[3] << 24 | (uint64_t)b[4] << 32 | (uint64_t)b[5] << 40
                     | (uint64_t)b[6] << 48 | (uint64_t)b[7] << 56;

        memcpy(&v, &u, sizeof v);
    }
    else if (dt[0] == 'f') {
        uint32_t u = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16
                     | (uint32_t)b[3] << 24;
        float f;

        memcpy(&f, &u, sizeof f);
        v = (double)f;
    }
    else {
        uint32_t u = 0;
        int k;

        for (k = (int)width - 1; k >= 0; k--)
            u = (u << 8) | b[k];
        if (dt[0] == 'i') {
            int64_t sv = (int64_t)u;

            if (u & (1u << (8 * width - 1)))
                sv -= (int64_t)1 << (8 * width);
            v = (double)sv;
        }
        else
            v = (double)u;
    }
    return isfinite(v) ? v : NAN;
}

/* The values of a typed array spec as doubles; NULL with *n 0 (no
 * exception) when the spec is not readable. */
int
px_typed_values(PyObject *spec, double **out, size_t *n, size_t *rows, size_t *cols)
{
    PyObject *bdata = px_get(spec, "bdata"), *dtype = px_get(spec, "dtype");
    const char *s, *dt;
    Py_ssize_t slen;
    unsigned char *raw = NULL;
    size_t raw_len = 0, width, i, count;
    double *v = NULL;
    int rc = 0;      /* not readable: no values, no exception */

    *out = NULL;
    *n = 0;
    *rows = 1;
    *cols = 0;
    if (bdata == NULL || dtype == NULL || !PyUnicode_Check(bdata) || !PyUnicode_Check(dtype))
        goto done;
    s = PyUnicode_AsUTF8AndSize(bdata, &slen);
    dt = PyUnicode_AsUTF8(dtype);
    if (s == NULL || dt == NULL) {
        PyErr_Clear();
        goto done;
    }
    raw = b64_decode(s, (size_t)slen, &raw_len);
    if (raw == NULL) {
        rc = PyErr_Occurred() ? -1 : 0;
        goto done;
    }
    if ((width = dtype_width(dt)) == 0)
        goto done;
    count = raw_len / width;
    v = px_calc_alloc(count, sizeof *v);
    if (v == NULL) {
        rc = -1;
        PyErr_NoMemory();
        goto done;
    }
    for (i = 0; i < count; i++)
        v[i] = decode_value(raw + i * width, dt, width);
    typed_shape(spec, count, rows, cols);
    *out = v;
    *n = count;
    v = NULL;
done:
    free(raw);
    free(v);
    Py_XDECREF(bdata);
    Py_XDECREF(dtype);
    return rc;
}
