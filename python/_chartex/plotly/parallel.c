/*
 * parallel.c - parcoords and parcats traces: a dimensions record with
 * each visible dimension's label and values (as given: numbers, or a
 * parcats dimension's categories), a parcoords dimension's range (given,
 * else its values' extent, as plotly.js draws it), a parcats dimension's
 * categories in plotly.js's order (categoryarray first, then as met;
 * sorted for "category ascending" / "descending") and the parcats counts.
 */
#include "plotly.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A typed array as a list of floats (a NULL pointer when it is none). */
static PyObject *
typed_list(preader *r, PyObject *obj)
{
    double *v = NULL;
    size_t n = 0, i;
    PyObject *list;

    if (px_values(r, obj, NULL, &v, &n) < 0)
        return NULL;
    list = PyList_New((Py_ssize_t)n);
    for (i = 0; list != NULL && i < n; i++) {
        PyObject *f = PyFloat_FromDouble(v[i]);

        if (f == NULL) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, (Py_ssize_t)i, f);
    }
    free(v);
    return list;
}

/* An array of a dimension (typed, NumPy or a sequence) as a list or
 * tuple of its values into *seq; NULL when it is none. */
static int
values_seq(preader *r, PyObject *arr, PyObject **seq)
{
    *seq = NULL;
    if (arr == NULL || PyUnicode_Check(arr) || (PyDict_Check(arr) && !px_is_typed_array(arr)))
        return 0;
    *seq = px_is_typed_array(arr) ? typed_list(r, arr)
           : PyArray_Check(arr) ? PyObject_CallMethod(arr, "tolist", NULL)
           : PySequence_Fast(arr, "");
    if (*seq != NULL && !PyList_Check(*seq) && !PyTuple_Check(*seq))
        Py_CLEAR(*seq);
    if (*seq == NULL)
        return chx_clear_recoverable();
    return 0;
}

/* The values of seq not yet seen (not None or NaN, and hashable) added
 * to list in the order met. */
static int
add_distinct(PyObject *seen, PyObject *list, PyObject *seq)
{
    Py_ssize_t k;

    for (k = 0; k < PySequence_Fast_GET_SIZE(seq); k++) {
        PyObject *v = PySequence_Fast_GET_ITEM(seq, k);
        int has;

        if (v == Py_None || (PyFloat_Check(v) && isnan(PyFloat_AS_DOUBLE(v))))
            continue;
        if (PyObject_Hash(v) == -1) {
            if (chx_clear_recoverable() < 0)
                return -1;
            continue;
        }
        has = PyDict_Contains(seen, v);
        if (has < 0)
            return -1;
        if (!has && (PyDict_SetItem(seen, v, Py_True) < 0 || PyList_Append(list, v) < 0))
            return -1;
    }
    return 0;
}

/* categoryorder "category ascending" / "descending": *list sorted
 * (mixed numbers and texts: by their text), reversed for descending. */
static int
order_categories(PyObject **list, const char *order)
{
    if (PyList_Sort(*list) < 0) {
        PyObject *key = NULL, *sorted = NULL, *builtins = PyEval_GetBuiltins();

        if (chx_clear_recoverable() < 0)
            return -1;
        key = PyDict_GetItemString(builtins, "str");   /* borrowed */
        if (key != NULL) {
            PyObject *kw = Py_BuildValue("{s:O}", "key", key), *args = PyTuple_Pack(1, *list);

            if (kw != NULL && args != NULL)
                sorted = PyObject_Call(PyDict_GetItemString(builtins, "sorted"), args, kw);
            Py_XDECREF(kw);
            Py_XDECREF(args);
            if (sorted == NULL)
                return -1;
            Py_SETREF(*list, sorted);
        }
    }
    if (strcmp(order, "category descending") == 0 && PyList_Reverse(*list) < 0)
        return -1;
    return 0;
}

/* The categories of a parcats dimension, in plotly.js's order: a new
 * list of its distinct values, categoryarray's first. */
static PyObject *
categories(preader *r, PyObject *dim, PyObject *values)
{
    PyObject *seen = PyDict_New(), *list = PyList_New(0), *given = px_get(dim, "categoryarray");
    PyObject *order_obj = NULL, *arrays[2], *seq;
    const char *order = px_str(dim, "categoryorder", &order_obj);
    int a, rc, ok = 0;

    if (seen == NULL || list == NULL || PyErr_Occurred())
        goto done;
    arrays[0] = order == NULL || strcmp(order, "array") == 0 || strcmp(order, "trace") == 0
                    ? given : NULL;
    arrays[1] = values;
    for (a = 0; a < 2; a++) {
        if (values_seq(r, arrays[a], &seq) < 0)
            goto done;
        if (seq == NULL)
            continue;
        rc = add_distinct(seen, list, seq);
        Py_DECREF(seq);
        if (rc < 0)
            goto done;
    }
    if (order != NULL && strncmp(order, "category ", 9) == 0
        && order_categories(&list, order) < 0)
        goto done;
    ok = 1;
done:
    Py_XDECREF(seen);
    Py_XDECREF(given);
    Py_XDECREF(order_obj);
    if (!ok)
        Py_CLEAR(list);
    return list;
}

/* The extent of the finite cells of c from start. */
static void
extent(const px_cells *c, size_t start, double r[2])
{
    size_t i;

    r[0] = r[1] = NAN;
    for (i = start; i < c->n; i++) {
        double v = c->num[i];

        if (!isfinite(v))
            continue;
        if (isnan(r[0]) || v < r[0])
            r[0] = v;
        if (isnan(r[1]) || v > r[1])
            r[1] = v;
    }
}

/* A parcoords dimension's range into extra: given, else the extent of
 * its values (those of values from start). */
static int
dimension_range(PyObject *dim, const px_cells *values, size_t start, px_cells *extra)
{
    PyObject *range = px_get(dim, "range"), *rs;
    double rg[2];
    int rc = -1;

    extent(values, start, rg);
    rs = range != NULL && !PyUnicode_Check(range) && !PyDict_Check(range)
             ? PySequence_Fast(range, "") : NULL;
    if (rs == NULL && chx_clear_recoverable() < 0)
        goto done;
    if (rs != NULL && PySequence_Fast_GET_SIZE(rs) == 2) {
        double lo, hi;

        if (px_number_of(PySequence_Fast_GET_ITEM(rs, 0), &lo)
            && px_number_of(PySequence_Fast_GET_ITEM(rs, 1), &hi)) {
            rg[0] = lo;
            rg[1] = hi;
        }
    }
    if (px_cells_number(extra, rg[0]) < 0 || px_cells_number(extra, rg[1]) < 0)
        goto done;
    rc = 0;
done:
    Py_XDECREF(rs);
    Py_XDECREF(range);
    return rc;
}

/* One visible dimension: its values (a row of values), its label, and a
 * row of extra: its categories (parcats, cats) or its range. */
static int
read_dimension(preader *r, PyObject *dim, int cats, px_cells *labels, px_cells *values,
               px_cells *extra)
{
    PyObject *v = px_get(dim, "values"), *label = NULL, *list = NULL;
    size_t start = values->n;
    int rc = -1;

    if ((v != NULL && px_cells_array(r, values, v) < 0) || px_cells_end_row(values) < 0)
        goto done;
    label = px_get(dim, "label");
    if (px_cells_value(labels, label) < 0)
        goto done;
    if (cats) {
        list = categories(r, dim, v);
        if (list == NULL || px_cells_array(r, extra, list) < 0)
            goto done;
    }
    else if (dimension_range(dim, values, start, extra) < 0)
        goto done;
    rc = px_cells_end_row(extra);
done:
    Py_XDECREF(v);
    Py_XDECREF(label);
    Py_XDECREF(list);
    return rc;
}

/* The dimensions record: labels, values, categories or ranges, and the
 * counts (parcats) or line colours (parcoords). */
static int
dimensions_record(trace_ctx *t, int cats, px_cells *labels, px_cells *values, px_cells *extra)
{
    preader *r = t->r;
    chartex_artist *a = px_new_record(t, CHARTEX_RECORD_DIMENSIONS);
    PyObject *obj;
    double one;
    int rc;

    if (a == NULL || px_cells_put(r, a, "labels", labels, 0) < 0
        || px_cells_put(r, a, "values", values, 0) < 0
        || px_cells_put(r, a, cats ? "categories" : "ranges", extra, 0) < 0)
        return -1;
    if (cats) {
        obj = px_get(t->trace, "counts");
        if (px_number_of(obj, &one))
            rc = px_put_number(r, a, "counts", one);
        else
            rc = px_put_array(r, a, "counts", t->trace, "counts");
    }
    else {
        obj = px_get(t->trace, "line");
        rc = px_put_array(r, a, "line_color", obj, "color");
    }
    Py_XDECREF(obj);
    return rc < 0 ? -1 : 0;
}

int
px_read_parallel(trace_ctx *t, int cats)
{
    PyObject *dims = px_get(t->trace, "dimensions"), *seq = NULL;
    px_cells labels = {0}, values = {0}, extra = {0};
    Py_ssize_t k;
    int rc = -1;

    if (dims == NULL || PyUnicode_Check(dims) || PyDict_Check(dims)) {
        rc = PyErr_Occurred() ? -1 : 0;
        goto done;
    }
    seq = PySequence_Fast(dims, "");
    if (seq == NULL) {
        rc = chx_clear_recoverable();
        goto done;
    }
    for (k = 0; k < PySequence_Fast_GET_SIZE(seq); k++) {
        PyObject *dim = PySequence_Fast_GET_ITEM(seq, k);

        if (px_bool(dim, "visible", 1)
            && read_dimension(t->r, dim, cats, &labels, &values, &extra) < 0)
            goto done;
    }
    rc = labels.n == 0 ? 0 : dimensions_record(t, cats, &labels, &values, &extra);
done:
    px_cells_clear(&labels);
    px_cells_clear(&values);
    px_cells_clear(&extra);
    Py_XDECREF(dims);
    Py_XDECREF(seq);
    return rc;
}
