/*
 * table_trace.c - table traces: a table record with the header (one cell per
 * column; a header of several rows gives its texts joined by a line
 * break) and every cell, by column, as the trace gives them: numbers,
 * texts (dates as ISO text), null.  plotly.js's formats, prefixes and
 * suffixes are not applied.
 */
#include "plotly.h"

#include <stdlib.h>
#include <string.h>

/* The cells of one header column's rows as one text cell of col, a
 * line each (null: empty; a number: its shortest text). */
static int
joined_text(const px_cells *one, px_cells *col)
{
    px_cells joined = {0};
    size_t i;
    int rc = -1;

    for (i = 0; i < one->n; i++) {
        if (i > 0 && px_cells_text(&joined, "\n", 1) < 0)
            goto done;
        if (one->off[i] != SIZE_MAX) {
            if (px_cells_text(&joined, one->buf + one->off[i], one->len[i]) < 0)
                goto done;
        }
        else if (!(one->num[i] == one->num[i])) {
            if (px_cells_text(&joined, "", 0) < 0)
                goto done;
        }
        else {
            char num[CHARTEX_DOUBLE_BUFSIZE];
            size_t len = chartex_format_double(one->num[i], num);

            if (px_cells_text(&joined, num, len) < 0)
                goto done;
        }
    }
    /* the pieces are one text: their bytes, in order, in buf */
    rc = px_cells_text(col, joined.buf ? joined.buf : "", joined.blen);
done:
    px_cells_clear(&joined);
    return rc;
}

/* The header: one cell per column of header.values. */
static int
header(trace_ctx *t, chartex_artist *a, PyObject *values)
{
    PyObject *seq = PySequence_Fast(values, "");
    px_cells col = {0}, one = {0};
    Py_ssize_t k;
    int rc = -1;

    if (seq == NULL)
        return chx_clear_recoverable();
    if (px_is_typed_array(values)) {
        /* numbers, one per column */
        if (px_cells_array(t->r, &col, values) >= 0)
            rc = px_cells_put(t->r, a, "header", &col, 0);
        goto done;
    }
    for (k = 0; k < PySequence_Fast_GET_SIZE(seq); k++) {
        PyObject *it = PySequence_Fast_GET_ITEM(seq, k);

        if (!(PyList_Check(it) || PyTuple_Check(it) || PyArray_Check(it))) {
            if (px_cells_value(&col, it) < 0)
                goto done;
            continue;
        }
        /* several header rows: their texts on lines of one cell */
        if (px_cells_array(t->r, &one, it) < 0)
            goto done;
        if (one.n == 1 && !one.any_text ? px_cells_number(&col, one.num[0]) < 0
                                         : joined_text(&one, &col) < 0)
            goto done;
        px_cells_clear(&one);
    }
    rc = px_cells_put(t->r, a, "header", &col, 0);
done:
    px_cells_clear(&col);
    px_cells_clear(&one);
    Py_DECREF(seq);
    return rc;
}

/* The cells: cells.values, one row of the column per table column. */
static int
columns(trace_ctx *t, chartex_artist *a, PyObject *values)
{
    px_cells col = {0};
    PyObject *seq = NULL;
    double *v = NULL;
    size_t n, rows, cols, i, j;
    Py_ssize_t k;
    int rc = -1;

    if (px_is_typed_array(values)) {
        /* a 2-D typed array: its first dimension are the columns */
        if (px_typed_values(values, &v, &n, &rows, &cols) < 0)
            goto done;
        for (i = 0; v != NULL && i < rows; i++) {
            for (j = 0; j < cols; j++)
                if (px_cells_number(&col, v[i * cols + j]) < 0)
                    goto done;
            if (px_cells_end_row(&col) < 0)
                goto done;
        }
        rc = px_cells_put(t->r, a, "columns", &col, 0);
        goto done;
    }
    seq = PySequence_Fast(values, "");
    if (seq == NULL) {
        rc = chx_clear_recoverable();
        goto done;
    }
    for (k = 0; k < PySequence_Fast_GET_SIZE(seq); k++) {
        if (px_cells_array(t->r, &col, PySequence_Fast_GET_ITEM(seq, k)) < 0
            || px_cells_end_row(&col) < 0)
            goto done;
    }
    rc = px_cells_put(t->r, a, "columns", &col, 0);
done:
    px_cells_clear(&col);
    free(v);
    Py_XDECREF(seq);
    return rc;
}

int
px_read_table(trace_ctx *t)
{
    PyObject *head = px_get(t->trace, "header"), *cells = px_get(t->trace, "cells");
    PyObject *hv = px_get(head, "values"), *cv = px_get(cells, "values");
    chartex_artist *a;
    int rc = -1;

    if (PyErr_Occurred())
        goto done;
    if (!px_array_like(hv) && !px_array_like(cv)) {
        rc = 0;     /* nothing in it */
        goto done;
    }
    a = px_new_record(t, CHARTEX_RECORD_TABLE);
    if (a == NULL)
        goto done;
    if (px_array_like(hv) && header(t, a, hv) < 0)
        goto done;
    if (px_array_like(cv) && columns(t, a, cv) < 0)
        goto done;
    rc = 0;
done:
    Py_XDECREF(head);
    Py_XDECREF(cells);
    Py_XDECREF(hv);
    Py_XDECREF(cv);
    return rc;
}
