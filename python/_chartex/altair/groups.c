/*
 * groups.c - rows split into groups by the values of key fields, for the
 * Altair reader: a mark's series (one per colour, shape, dash or offset
 * value), a path group's or a facet's cells, in the order their first
 * rows come; each named by its values' texts joined by ", ".
 */
#include "altair.h"

#include <stdlib.h>
#include <string.h>

/* --------------------------------------------------------------- split */

void
vl_groups_clear(vl_groups *gs)
{
    size_t i, k;

    for (i = 0; i < gs->n; i++) {
        for (k = 0; k < gs->g[i].n_keys; k++)
            vl_cell_clear(&gs->g[i].key[k]);
        Py_XDECREF(gs->g[i].label);
        free(gs->g[i].idx);
    }
    free(gs->g);
    memset(gs, 0, sizeof *gs);
}

/* A hashable key of a row's cells: the one cell's object, or a tuple. */
static PyObject *
key_object(const vl_cell *cells, size_t n)
{
    PyObject *t, *item;
    size_t k;

    if (n == 1 && cells[0].kind == VL_CELL_TEXT) {
        Py_INCREF(cells[0].text);
        return cells[0].text;
    }
    t = PyTuple_New((Py_ssize_t)n);
    if (t == NULL)
        return NULL;
    for (k = 0; k < n; k++) {
        if (cells[k].kind == VL_CELL_TEXT) {
            item = cells[k].text;
            Py_INCREF(item);
        }
        else if (cells[k].kind == VL_CELL_NUMBER)
            item = PyFloat_FromDouble(cells[k].num);
        else {
            item = Py_None;
            Py_INCREF(item);
        }
        if (item == NULL) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, (Py_ssize_t)k, item);
    }
    return t;
}

/* The label of a group: its key cells' texts joined by ", ". */
static PyObject *
group_label(const vl_cell *cells, size_t n)
{
    PyObject *parts = PyList_New(0), *sep = NULL, *out = NULL, *t;
    size_t k;

    if (parts == NULL)
        return NULL;
    for (k = 0; k < n; k++) {
        t = vl_cell_text(&cells[k]);
        if (t == NULL) {
            if (PyErr_Occurred())
                goto done;
            t = PyUnicode_FromString("null");
            if (t == NULL)
                goto done;
        }
        if (PyList_Append(parts, t) < 0) {
            Py_DECREF(t);
            goto done;
        }
        Py_DECREF(t);
    }
    sep = PyUnicode_FromString(", ");
    if (sep != NULL)
        out = PyUnicode_Join(sep, parts);
done:
    Py_XDECREF(sep);
    Py_DECREF(parts);
    return out;
}

static vl_group *
new_group(vl_groups *gs, vl_cell *cells, size_t n_keys, size_t first)
{
    vl_group *g;
    size_t k;

    if (gs->n == gs->cap) {
        size_t cap = gs->cap ? 2 * gs->cap : 8;
        vl_group *grown = realloc(gs->g, cap * sizeof *grown);

        if (grown == NULL) {
            PyErr_NoMemory();
            return NULL;
        }
        gs->g = grown;
        gs->cap = cap;
    }
    g = &gs->g[gs->n];
    memset(g, 0, sizeof *g);
    g->label = group_label(cells, n_keys);
    if (g->label == NULL)
        return NULL;
    gs->n++;
    for (k = 0; k < n_keys; k++) {
        g->key[k] = cells[k];           /* the group takes the cells */
        memset(&cells[k], 0, sizeof cells[k]);
    }
    g->n_keys = n_keys;
    g->first = first;
    return g;
}

static int
group_add(vl_group *g, size_t row)
{
    if (g->n == g->cap) {
        size_t cap = g->cap ? 2 * g->cap : 16;
        size_t *grown = realloc(g->idx, cap * sizeof *grown);

        if (grown == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        g->idx = grown;
        g->cap = cap;
    }
    g->idx[g->n++] = row;
    return 0;
}

/* The row's group (made when new): its index in gs. */
static Py_ssize_t
group_of(vl_groups *gs, PyObject *seen, vl_cell *cells, size_t n_keys, size_t i)
{
    PyObject *key = key_object(cells, n_keys), *at;
    Py_ssize_t g = -1;

    if (key == NULL)
        return -1;
    at = PyDict_GetItemWithError(seen, key);            /* borrowed */
    if (at != NULL)
        g = PyLong_AsSsize_t(at);
    else if (!PyErr_Occurred()) {
        PyObject *index = PyLong_FromSsize_t((Py_ssize_t)gs->n);

        if (index != NULL && PyDict_SetItem(seen, key, index) == 0
            && new_group(gs, cells, n_keys, i) != NULL)
            g = (Py_ssize_t)gs->n - 1;
        Py_XDECREF(index);
    }
    Py_DECREF(key);
    return g;
}

int
vl_split(vl_reader *r, const vl_rows *rows, PyObject *fields, vl_groups *out)
{
    vl_column cols[VL_MAX_KEYS];
    vl_cell cells[VL_MAX_KEYS];
    PyObject *seen = NULL;
    size_t n_keys = 0, i, k;
    Py_ssize_t g;
    int rc = -1;

    memset(out, 0, sizeof *out);
    memset(cols, 0, sizeof cols);
    memset(cells, 0, sizeof cells);
    if (fields != NULL && PyList_Check(fields))
        for (k = 0; k < (size_t)PyList_GET_SIZE(fields) && n_keys < VL_MAX_KEYS; k++) {
            int got = vl_column_get(r, rows->data, PyList_GET_ITEM(fields, (Py_ssize_t)k),
                                    &cols[n_keys]);

            if (got < 0)
                goto done;
            /* A field the data does not have: every row's value is null. */
            n_keys++;
        }
    seen = PyDict_New();
    if (seen == NULL)
        goto done;
    for (i = 0; i < rows->n; i++) {
        size_t row = VL_ROW(rows, i);

        for (k = 0; k < n_keys; k++)
            if (vl_cell_of(&cols[k], row, &cells[k]) < 0)
                goto done;
        g = group_of(out, seen, cells, n_keys, i);
        for (k = 0; k < n_keys; k++)
            vl_cell_clear(&cells[k]);
        if (g < 0 || group_add(&out->g[g], row) < 0)
            goto done;
    }
    rc = 0;
done:
    for (k = 0; k < VL_MAX_KEYS; k++) {
        vl_cell_clear(&cells[k]);
        vl_column_clear(&cols[k]);
    }
    Py_XDECREF(seen);
    if (rc < 0)
        vl_groups_clear(out);
    return rc;
}
