/*
 * image_trace.c - image traces: a colour image of its pixels, as
 * matplotlib's imshow of an RGB(A) array gives it (the core's colour
 * IMAGE: `image` with `channels`), from z (rows x cols x 3 or 4, as
 * given: colormodel rgb, rgba, rgba256) or from source, the PNG data URI
 * px.imshow writes (png.c).  Pixel (i, j) is centred at x0 + j dx, y0 +
 * i dy, row 0 at the top (plotly.js reverses the image's y axis), so the
 * extent is [x0 - dx/2, x0 + (cols - 1/2) dx, y0 + (rows - 1/2) dy,
 * y0 - dy/2].  Colour models of hue (hsl, hsla) and sources that are no
 * PNG (a JPEG, a URL) are not read.
 */
#include "plotly.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* z of a typed array of shape "rows, cols, channels". */
static int
typed_pixels(PyObject *z, double **out, size_t *rows, size_t *cols, size_t *ch)
{
    PyObject *shape = px_get(z, "shape");
    const char *s = shape != NULL && PyUnicode_Check(shape) ? PyUnicode_AsUTF8(shape) : NULL;
    size_t n = 0, r2, c2;
    unsigned long a, b, c;
    int rc = 0;

    if (s != NULL && sscanf(s, "%lu , %lu , %lu", &a, &b, &c) == 3
        && px_typed_values(z, out, &n, &r2, &c2) == 0 && *out != NULL
        && a > 0 && b > 0 && n / a / b == c && a * b * c == n) {
        *rows = a;
        *cols = b;
        *ch = c;
        rc = 1;
    }
    else {
        free(*out);
        *out = NULL;
    }
    Py_XDECREF(shape);
    PyErr_Clear();
    return rc;
}

/* z of a NumPy array or nested lists (rows x cols x channels). */
static int
array_pixels(PyObject *z, double **out, size_t *rows, size_t *cols, size_t *ch)
{
    PyArrayObject *arr = (PyArrayObject *)PyArray_FROMANY(z, NPY_DOUBLE, 3, 3,
                                                          NPY_ARRAY_CARRAY);
    size_t n;

    if (arr == NULL)
        return chx_clear_recoverable() < 0 ? -1 : 0;
    *rows = (size_t)PyArray_DIM(arr, 0);
    *cols = (size_t)PyArray_DIM(arr, 1);
    *ch = (size_t)PyArray_DIM(arr, 2);
    n = (size_t)PyArray_SIZE(arr);
    *out = px_calc_alloc(n, sizeof **out);
    if (*out == NULL) {
        Py_DECREF(arr);
        PyErr_NoMemory();
        return -1;
    }
    memcpy(*out, PyArray_DATA(arr), n * sizeof **out);
    Py_DECREF(arr);
    return 1;
}

/* The trace's pixels: source when it is a PNG, else z. */
static int
pixels(trace_ctx *t, double **out, size_t *rows, size_t *cols, size_t *ch)
{
    PyObject *src = px_get(t->trace, "source"), *z = NULL;
    int got = 0;

    if (src != NULL)
        got = px_png_decode(src, out, rows, cols, ch);
    else if ((z = px_get(t->trace, "z")) != NULL)
        got = px_is_typed_array(z) ? typed_pixels(z, out, rows, cols, ch)
                                   : array_pixels(z, out, rows, cols, ch);
    Py_XDECREF(src);
    Py_XDECREF(z);
    return got;
}

int
px_read_image(trace_ctx *t)
{
    double *px = NULL, x0 = 0, dx = 1, y0 = 0, dy = 1, extent[4];
    size_t rows = 0, cols = 0, ch = 0;
    chartex_artist *a;
    int got, rc = -1;

    if (px_str_is(t->trace, "colormodel", "hsl", 0) || px_str_is(t->trace, "colormodel", "hsla", 0))
        return 0;
    got = pixels(t, &px, &rows, &cols, &ch);
    if (got <= 0 || (ch != 3 && ch != 4) || rows == 0 || cols == 0) {
        rc = got < 0 ? -1 : 0;
        goto done;
    }
    px_number(t->trace, "x0", &x0);
    px_number(t->trace, "dx", &dx);
    px_number(t->trace, "y0", &y0);
    px_number(t->trace, "dy", &dy);
    extent[0] = x0 - dx / 2;
    extent[1] = x0 + ((double)cols - 0.5) * dx;
    extent[2] = y0 + ((double)rows - 0.5) * dy;
    extent[3] = y0 - dy / 2;
    a = px_new_artist(t, CHARTEX_ARTIST_IMAGE, CHARTEX_ROLE_DATA, 0, 0, 1);
    if (a == NULL)
        goto done;
    if (chartex_artist_set_image_colors(a, rows, cols, ch, px, extent, &t->r->err) < 0) {
        px_core_fail(t->r);
        goto done;
    }
    rc = 0;
done:
    free(px);
    return rc;
}
