/*
 * carpets.c - carpet, scattercarpet and contourcarpet traces, as a carpet
 * record each, in the carpet's own (a, b) coordinates: a carpet's grid
 * (a and b, its x and y when given, its axes' titles), the points of a
 * scattercarpet on it, a contourcarpet's values and its contour levels
 * (as plotly.js chooses them: grids.c).  Where each (a, b) lands in x and
 * y is plotly.js's interpolation over the carpet's grid: not computed.
 */
#include "plotly.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* An axis title of a carpet (aaxis.title.text, or a str title). */
static int
axis_title(trace_ctx *t, chartex_artist *a, const char *axis, const char *name)
{
    PyObject *ax = px_get(t->trace, axis), *title = px_title(ax, "title");
    int rc = px_put_value(t->r, a, name, title != NULL && PyUnicode_Check(title) ? title : NULL);

    Py_XDECREF(ax);
    Py_XDECREF(title);
    return rc;
}

/* A contourcarpet's levels, from its values' finite range. */
static int
levels(trace_ctx *t, chartex_artist *a)
{
    PyObject *z = px_get(t->trace, "z"), *first = NULL;
    double *v = NULL, lo = INFINITY, hi = -INFINITY, lv[1024];
    size_t n = 0, rows = 0, cols = 0, i, nl;
    int rc = -1;

    if (z == NULL) {
        rc = PyErr_Occurred() ? -1 : 0;
        goto done;
    }
    if (!px_is_typed_array(z) && PySequence_Check(z) && PySequence_Size(z) > 0)
        first = PySequence_GetItem(z, 0);
    if (first == NULL)
        px_absent();
    if ((first != NULL && px_array_like(first) ? px_grid(t->r, z, &v, &rows, &cols)
                                               : px_values(t->r, z, NULL, &v, &n)) < 0)
        goto done;
    if (first != NULL && px_array_like(first))
        n = rows * cols;
    for (i = 0; i < n; i++)
        if (isfinite(v[i])) {
            lo = fmin(lo, v[i]);
            hi = fmax(hi, v[i]);
        }
    nl = px_contour_levels(t, lo, hi, lv, sizeof lv / sizeof lv[0]);
    rc = px_put_numbers(t->r, a, "levels", lv, nl);
done:
    free(v);
    Py_XDECREF(first);
    Py_XDECREF(z);
    return rc;
}

int
px_read_carpet(trace_ctx *t)
{
    const char *type = t->type;
    PyObject *id = px_get(t->trace, "carpet"), *mode = NULL, *probe = px_get(t->trace, "a");
    chartex_artist *a;
    int rc = -1;

    if (probe == NULL && !PyErr_Occurred())
        probe = px_get(t->trace, strcmp(type, "contourcarpet") == 0 ? "z" : "y");
    /* without a (or a carpet's y, a contour's z) nothing is drawn */
    if (probe == NULL) {
        rc = PyErr_Occurred() ? -1 : 0;
        goto done;
    }
    a = px_new_record(t, CHARTEX_RECORD_CARPET);
    if (a == NULL
        || px_put_value(t->r, a, "carpet", id != NULL && PyUnicode_Check(id) ? id : NULL) < 0
        || px_put_rows(t->r, a, "a", t->trace, "a") < 0
        || px_put_rows(t->r, a, "b", t->trace, "b") < 0)
        goto done;
    if (strcmp(type, "carpet") == 0) {
        if (px_put_rows(t->r, a, "x", t->trace, "x") < 0
            || px_put_rows(t->r, a, "y", t->trace, "y") < 0
            || axis_title(t, a, "aaxis", "a_title") < 0 || axis_title(t, a, "baxis", "b_title") < 0)
            goto done;
    }
    else if (strcmp(type, "scattercarpet") == 0) {
        mode = px_get(t->trace, "mode");
        if (px_put_value(t->r, a, "mode", mode != NULL && PyUnicode_Check(mode) ? mode : NULL) < 0
            || px_put_array(t->r, a, "text", t->trace, "text") < 0)
            goto done;
    }
    else if (px_put_rows(t->r, a, "z", t->trace, "z") < 0 || levels(t, a) < 0)
        goto done;
    rc = PyErr_Occurred() ? -1 : 0;
done:
    Py_XDECREF(id);
    Py_XDECREF(mode);
    Py_XDECREF(probe);
    return rc;
}
