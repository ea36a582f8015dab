/*
 * splom.c - splom traces (plotly.express.scatter_matrix): a scatter plot
 * matrix, one panel per pair of visible dimensions, each on its own
 * cartesian subplot (the trace's xaxes[i] and yaxes[j]: "x", "x2", ... by
 * default), as plotly.js lays it out: the diagonal unless
 * diagonal.visible is false, the upper and lower halves unless
 * showupperhalf / showlowerhalf is false; a grid of equal cells, the first
 * dimension at the left and at the top, when the layout gives the axes
 * no domain.  figure.c asks for the panels (px_splom_panels) and
 * layout_axis.c for a dimension's values on an axis (px_splom_values);
 * each panel is read as a scatter of dimension i against dimension j,
 * its axes titled with their labels when the layout titles them not.
 */
#include "plotly.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The axis ref of dimension k along letter: xaxes[k] / yaxes[k] when
 * given, else "x", "x2", ... into out. */
static void
axis_ref(PyObject *trace, char letter, Py_ssize_t k, char out[16])
{
    char key[8];
    PyObject *list, *item = NULL;
    const char *s = NULL;

    snprintf(key, sizeof key, "%caxes", letter);
    list = px_get(trace, key);
    if (list != NULL && PyList_Check(list) && k < PyList_GET_SIZE(list)) {
        item = PyList_GET_ITEM(list, k);
        s = PyUnicode_Check(item) ? PyUnicode_AsUTF8(item) : NULL;
        if (s == NULL)
            PyErr_Clear();
    }
    if (s != NULL && s[0] == letter && strlen(s) < 16)
        snprintf(out, 16, "%s", s);
    else if (k == 0)
        snprintf(out, 16, "%c", letter);
    else
        snprintf(out, 16, "%c%d", letter, (int)((k + 1) % 100000000));
    Py_XDECREF(list);
}

/* The trace's dimensions as a list (a new reference), or NULL. */
static PyObject *
dimensions(PyObject *trace)
{
    PyObject *dims = px_get(trace, "dimensions"), *list;

    if (dims == NULL)
        return NULL;
    list = PySequence_List(dims);
    Py_DECREF(dims);
    if (list == NULL)
        px_absent();
    return list;
}

static int
dim_visible(PyObject *dim)
{
    return PyMapping_Check(dim) && px_bool(dim, "visible", 1);
}

size_t
px_splom_panels(PyObject *trace, px_splom_panel *out, size_t cap)
{
    PyObject *dims = dimensions(trace), *diag = px_get(trace, "diagonal");
    int show_diag = px_bool(diag, "visible", 1), upper = px_bool(trace, "showupperhalf", 1);
    int lower = px_bool(trace, "showlowerhalf", 1);
    Py_ssize_t i, j, nd = dims != NULL ? PyList_GET_SIZE(dims) : 0, m = 0, vi, vj;
    size_t n = 0;

    Py_XDECREF(diag);
    for (i = 0; i < nd; i++)
        m += dim_visible(PyList_GET_ITEM(dims, i));
    /* panel (column i, row j): x is dimension i, y dimension j */
    for (j = 0, vj = 0; j < nd; j++) {
        if (!dim_visible(PyList_GET_ITEM(dims, j)))
            continue;
        for (i = 0, vi = 0; i < nd && n < cap; i++) {
            if (!dim_visible(PyList_GET_ITEM(dims, i)))
                continue;
            if ((i == j && show_diag) || (i > j && upper) || (i < j && lower)) {
                px_splom_panel *pn = &out[n++];

                axis_ref(trace, 'x', i, pn->xr);
                axis_ref(trace, 'y', j, pn->yr);
                pn->x_domain[0] = (double)vi / (double)m;
                pn->x_domain[1] = (double)(vi + 1) / (double)m;
                pn->y_domain[0] = 1 - (double)(vj + 1) / (double)m;
                pn->y_domain[1] = 1 - (double)vj / (double)m;
            }
            vi++;
        }
        vj++;
    }
    Py_XDECREF(dims);
    px_absent();
    return n;
}

/* The visible dimension standing on axis ref (its index, -1 for none). */
static Py_ssize_t
dimension_on(PyObject *trace, PyObject *dims, const char *ref)
{
    Py_ssize_t k;
    char r[16];

    for (k = 0; k < PyList_GET_SIZE(dims); k++) {
        axis_ref(trace, ref[0], k, r);
        if (strcmp(r, ref) == 0)
            return dim_visible(PyList_GET_ITEM(dims, k)) ? k : -1;
    }
    return -1;
}

PyObject *
px_splom_values(PyObject *trace, const char *ref)
{
    PyObject *dims = dimensions(trace), *v = NULL;
    Py_ssize_t k = dims != NULL ? dimension_on(trace, dims, ref) : -1;

    if (k >= 0)
        v = px_get(PyList_GET_ITEM(dims, k), "values");
    Py_XDECREF(dims);
    return v;
}

/* The label of the dimension on axis `which` of the panel, as its axis'
 * title when the layout gives it none. */
static int
axis_label(trace_ctx *t, PyObject *dim, int which)
{
    px_axis *ax = t->p->axis[which];
    PyObject *given = px_title(ax->spec, "title"), *label = NULL;
    int rc = 0;

    if (given == NULL && !PyErr_Occurred()) {
        label = px_get(dim, "label");
        if (label != NULL && PyUnicode_Check(label))
            SET_TEXT(t->r, label, chartex_axis_set_label(chartex_axes_axis(t->p->axes, which),
                                                          s, len, &t->r->err));
    }
    rc = PyErr_Occurred() ? -1 : 0;
done:
    if (PyErr_Occurred())
        rc = -1;
    Py_XDECREF(given);
    Py_XDECREF(label);
    return rc;
}

/* The values of dimension dim on axis ax. */
static int
dim_values(trace_ctx *t, PyObject *dim, px_axis *ax, double **v, size_t *n)
{
    trace_ctx o = *t;

    o.trace = dim;
    return px_values_of(&o, "values", ax, v, n);
}

int
px_read_splom(trace_ctx *t)
{
    px_subplot *p = t->p;
    PyObject *dims = dimensions(t->trace);
    Py_ssize_t i = -1, j = -1;
    double *x = NULL, *y = NULL, *xy = NULL;
    size_t nx = 0, ny = 0;
    chartex_artist *a;
    int rc = -1;

    if (dims != NULL) {
        i = dimension_on(t->trace, dims, p->axis[0]->ref);
        j = dimension_on(t->trace, dims, p->axis[1]->ref);
    }
    if (i < 0 || j < 0) {
        rc = PyErr_Occurred() ? -1 : 0;
        goto done;
    }
    if (dim_values(t, PyList_GET_ITEM(dims, i), p->axis[0], &x, &nx) < 0
        || dim_values(t, PyList_GET_ITEM(dims, j), p->axis[1], &y, &ny) < 0
        || axis_label(t, PyList_GET_ITEM(dims, i), 0) < 0
        || axis_label(t, PyList_GET_ITEM(dims, j), 1) < 0)
        goto done;
    if (x == NULL || y == NULL) {
        rc = 0;
        goto done;
    }
    if ((xy = px_interleave(x, y, nx < ny ? nx : ny)) == NULL)
        goto done;
    a = px_new_artist(t, CHARTEX_ARTIST_SCATTER, CHARTEX_ROLE_DATA, 0, 0, 1);
    if (a == NULL)
        goto done;
    if (chartex_artist_set_points(a, nx < ny ? nx : ny, xy, &t->r->err) < 0) {
        px_core_fail(t->r);
        goto done;
    }
    rc = 0;
done:
    free(x);
    free(y);
    free(xy);
    Py_XDECREF(dims);
    return rc;
}
