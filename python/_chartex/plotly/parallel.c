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

/* The categories of a parcats dimension, in plotly.js's order: a new
 * list of its distinct values. */
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

static PyObject *
categories(preader *r, PyObject *dim, PyObject *values)
{
    PyObject *seen = PyDict_New(), *list = PyList_New(0), *given = px_get(dim, "categoryarray");
    PyObject *order_obj = NULL, *arrays[2], *seq = NULL;
    const char *order = px_str(dim, "categoryorder", &order_obj);
    int a, ok = 0;
    Py_ssize_t k;

    if (seen == NULL || list == NULL || PyErr_Occurred())
        goto done;
    arrays[0] = order == NULL || strcmp(order, "array") == 0 || strcmp(order, "trace") == 0
                    ? given : NULL;
    arrays[1] = values;
    for (a = 0; a < 2; a++) {
        if (arrays[a] == NULL || PyUnicode_Check(arrays[a])
            || (PyDict_Check(arrays[a]) && !px_is_typed_array(arrays[a])))
            continue;
        seq = px_is_typed_array(arrays[a]) ? typed_list(r, arrays[a])
              : PyArray_Check(arrays[a]) ? PyObject_CallMethod(arrays[a], "tolist", NULL)
              : PySequence_Fast(arrays[a], "");
        if (seq != NULL && !PyList_Check(seq) && !PyTuple_Check(seq))
            Py_CLEAR(seq);
        if (seq == NULL) {
            if (chx_clear_recoverable() < 0)
                goto done;
            continue;
        }
        for (k = 0; k < PySequence_Fast_GET_SIZE(seq); k++) {
            PyObject *v = PySequence_Fast_GET_ITEM(seq, k);
            int has;

            if (v == Py_None || (PyFloat_Check(v) && isnan(PyFloat_AS_DOUBLE(v))))
                continue;
            if (PyObject_Hash(v) == -1) {
                if (chx_clear_recoverable() < 0)
                    goto done;
                continue;
            }
            has = PyDict_Contains(seen, v);
            if (has < 0)
                goto done;
            if (!has && (PyDict_SetItem(seen, v, Py_True) < 0 || PyList_Append(list, v) < 0))
                goto done;
        }
        Py_CLEAR(seq);
    }
    if (order != NULL && strncmp(order, "category ", 9) == 0) {
        if (PyList_Sort(list) < 0) {
            /* mixed numbers and texts: by their text */
            PyObject *key = NULL, *sorted = NULL, *builtins = PyEval_GetBuiltins();

            if (chx_clear_recoverable() < 0)
                goto done;
            key = PyDict_GetItemString(builtins, "str");   /* borrowed */
            if (key != NULL) {
                PyObject *kw = Py_BuildValue("{s:O}", "key", key), *args = PyTuple_Pack(1, list);

                if (kw != NULL && args != NULL)
                    sorted = PyObject_Call(PyDict_GetItemString(builtins, "sorted"), args, kw);
                Py_XDECREF(kw);
                Py_XDECREF(args);
                if (sorted == NULL)
                    goto done;
                Py_SETREF(list, sorted);
            }
        }
        if (strcmp(order, "category descending") == 0 && PyList_Reverse(list) < 0)
            goto done;
    }
    ok = 1;
done:
    Py_XDECREF(seen);
    Py_XDECREF(given);
    Py_XDECREF(order_obj);
    Py_XDECREF(seq);
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

int
px_read_parallel(trace_ctx *t, int cats)
{
    preader *r = t->r;
    PyObject *dims = px_get(t->trace, "dimensions"), *seq = NULL;
    px_cells labels = {0}, values = {0}, extra = {0};
    Py_ssize_t k;
    chartex_artist *a;
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
        PyObject *dim = PySequence_Fast_GET_ITEM(seq, k), *label, *v;
        size_t start = values.n;

        if (!px_bool(dim, "visible", 1))
            continue;
        v = px_get(dim, "values");
        if (v != NULL && px_cells_array(r, &values, v) < 0) {
            Py_DECREF(v);
            goto done;
        }
        if (px_cells_end_row(&values) < 0) {
            Py_XDECREF(v);
            goto done;
        }
        label = px_get(dim, "label");
        if (px_cells_value(&labels, label) < 0) {
            Py_XDECREF(label);
            Py_XDECREF(v);
            goto done;
        }
        Py_XDECREF(label);
        if (cats) {
            PyObject *list = categories(r, dim, v);

            if (list == NULL || px_cells_array(r, &extra, list) < 0) {
                Py_XDECREF(list);
                Py_XDECREF(v);
                goto done;
            }
            Py_DECREF(list);
        }
        else {
            PyObject *range = px_get(dim, "range"), *rs;
            double rg[2];

            extent(&values, start, rg);
            rs = range != NULL && !PyUnicode_Check(range) && !PyDict_Check(range)
                     ? PySequence_Fast(range, "") : NULL;
            if (rs == NULL && chx_clear_recoverable() < 0) {
                Py_XDECREF(range);
                Py_XDECREF(v);
                goto done;
            }
            if (rs != NULL && PySequence_Fast_GET_SIZE(rs) == 2) {
                double lo, hi;

                if (px_number_of(PySequence_Fast_GET_ITEM(rs, 0), &lo)
                    && px_number_of(PySequence_Fast_GET_ITEM(rs, 1), &hi)) {
                    rg[0] = lo;
                    rg[1] = hi;
                }
            }
            Py_XDECREF(rs);
            Py_XDECREF(range);
            if (px_cells_number(&extra, rg[0]) < 0 || px_cells_number(&extra, rg[1]) < 0) {
                Py_XDECREF(v);
                goto done;
            }
        }
        Py_XDECREF(v);
        if (px_cells_end_row(&extra) < 0)
            goto done;
    }
    if (labels.n == 0) {
        rc = 0;
        goto done;
    }
    a = px_new_record(t, CHARTEX_RECORD_DIMENSIONS);
    if (a == NULL || px_cells_put(r, a, "labels", &labels, 0) < 0
        || px_cells_put(r, a, "values", &values, 0) < 0
        || px_cells_put(r, a, cats ? "categories" : "ranges", &extra, 0) < 0)
        goto done;
    if (cats) {
        PyObject *counts = px_get(t->trace, "counts");
        double one;

        if (px_number_of(counts, &one))
            rc = px_put_number(r, a, "counts", one);
        else
            rc = px_put_array(r, a, "counts", t->trace, "counts");
        Py_XDECREF(counts);
        if (rc < 0)
            goto done;
    }
    else {
        PyObject *line = px_get(t->trace, "line");

        rc = px_put_array(r, a, "line_color", line, "color");
        Py_XDECREF(line);
        if (rc < 0)
            goto done;
    }
    rc = 0;
done:
    px_cells_clear(&labels);
    px_cells_clear(&values);
    px_cells_clear(&extra);
    Py_XDECREF(dims);
    Py_XDECREF(seq);
    return rc;
}
