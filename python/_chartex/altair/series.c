/*
 * series.c - the series the mark families read a mark in, for the Altair
 * reader: one per value of the mark's discrete colour, shape and dash
 * channels and its offsets, in the order of the colour scale's domain
 * (what its legend lists; a stack's layers from the bottom up, as drawn),
 * each labelled by its values ("Europe", "Europe, 4"); and the artists
 * they add to the mark's pane.
 */
#include "altair.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int
vl_set_label(vl_reader *r, chartex_artist *a, PyObject *label)
{
    const char *s;
    size_t len;
    PyObject *keep;
    int rc = 0;

    if (label == NULL)
        return 0;
    if (vl_text(label, &s, &len, &keep) < 0)
        return -1;
    if (s != NULL && chartex_artist_set_label(a, s, len, &r->err) < 0)
        rc = vl_core_fail(r);
    Py_XDECREF(keep);
    return rc;
}

chartex_artist *
vl_new_artist(vl_mark *m, chartex_artist_kind kind, chartex_artist_role role, unsigned flags,
              PyObject *label)
{
    vl_reader *r = m->v->r;
    chartex_artist *a;
    char cls[48];

    if (m->pane == NULL || m->pane->axes == NULL) {
        PyErr_SetString(r->st->ChartexError, "while reading Altair mark: no Axes for it");
        return NULL;
    }
    a = chartex_axes_add_artist(m->pane->axes, kind, &r->err);
    if (a == NULL) {
        vl_core_fail(r);
        return NULL;
    }
    snprintf(cls, sizeof cls, "altair.%.32s", m->type);
    if (chartex_artist_set_class(a, cls, strlen(cls), &r->err) < 0) {
        vl_core_fail(r);
        return NULL;
    }
    chartex_artist_set_role(a, role);
    chartex_artist_set_flags(a, flags);
    if (vl_set_label(r, a, label) < 0)
        return NULL;
    /* (a view of text marks only has data too: its encoding is given) */
    if (role == CHARTEX_ROLE_DATA)
        m->pane->has_data = 1;
    return a;
}

/* -------------------------------------------------------------- series */

/* The discrete scale of the mark's colour (or shape) channel, which
 * orders its series as the legend does. */
static vl_scale *
legend_scale(vl_mark *m, PyObject *first_field)
{
    static const char *const keys[] = {"fill", "stroke", "shape", "strokeDash"};
    vl_channel ch;
    vl_scale *sc = NULL;
    size_t k;

    for (k = 0; k < sizeof keys / sizeof *keys && sc == NULL; k++) {
        if (vl_channel_of(m, keys[k], &ch) < 0)
            return NULL;
        if (ch.kind == VL_CH_FIELD && ch.scale != NULL && vl_scale_discrete(ch.scale->type)
            && PyUnicode_Compare(ch.field, first_field) == 0)
            sc = ch.scale;
        PyErr_Clear();
        vl_channel_clear(&ch);
    }
    return sc;
}

typedef struct series_order {
    double pos;
    size_t first, at;
    const vl_cell *key;
    int stack;                  /* 1 ascending, -1 descending: by key */
} series_order;

static int
order_cmp(const void *pa, const void *pb)
{
    const series_order *a = pa, *b = pb;

    if (a->stack != 0) {
        int c = vl_cell_compare(a->key, b->key) * a->stack;

        if (c != 0)
            return c;
        return (a->first > b->first) - (a->first < b->first);
    }
    if (isnan(a->pos) != isnan(b->pos))
        return isnan(a->pos) ? 1 : -1;
    if (a->pos != b->pos && !isnan(a->pos))
        return a->pos < b->pos ? -1 : 1;
    return (a->first > b->first) - (a->first < b->first);
}

/* The stack of the mark's values (a new reference to its transform), when
 * the first series field orders it: its layers are then read from the
 * bottom up, as a stack is drawn (the legend lists them the other way). */
static PyObject *
stack_of(vl_mark *m, PyObject *first_field, int *descending)
{
    static const char *const values[] = {"y", "x"};
    PyObject *t = NULL, *sort, *fields, *order;
    vl_channel ch;
    Py_ssize_t k;
    size_t i;

    for (i = 0; i < 2 && t == NULL; i++) {
        if (vl_channel_of(m, values[i], &ch) < 0)
            return NULL;
        t = vl_field_origin(m, VL_FIELD(&ch), &k);
        vl_channel_clear(&ch);
        if (t != NULL && !vl_str_is(t, "type", "stack"))
            Py_CLEAR(t);
    }
    sort = vl_get_dict(t, "sort");
    fields = vl_get_list(sort, "field");
    order = vl_get_list(sort, "order");
    if (fields == NULL || PyList_GET_SIZE(fields) < 1
        || !vl_same(PyList_GET_ITEM(fields, 0), first_field))
        Py_CLEAR(t);
    *descending = order != NULL && PyList_GET_SIZE(order) > 0
                  && vl_is(PyList_GET_ITEM(order, 0), "descending");
    Py_XDECREF(sort);
    Py_XDECREF(fields);
    Py_XDECREF(order);
    return t;
}

/* Reads each group as a series of m (m->rows is the group's while fn
 * runs), in the legend's order, or a stack's from the bottom up. */
static int
each_group(vl_mark *m, vl_groups *gs, vl_scale *legend, int stack, vl_series_fn fn)
{
    series_order *order = calloc(gs->n ? gs->n : 1, sizeof *order);
    vl_rows all = m->rows;
    size_t i;
    int rc = -1;

    if (order == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (i = 0; i < gs->n; i++) {
        order[i].pos = legend != NULL ? vl_scale_position(legend, &gs->g[i].key[0]) : NAN;
        order[i].first = gs->g[i].first;
        order[i].at = i;
        order[i].key = &gs->g[i].key[0];
        order[i].stack = gs->g[i].n_keys > 0 ? stack : 0;
    }
    qsort(order, gs->n, sizeof *order, order_cmp);
    for (i = 0; i < gs->n; i++) {
        vl_group *g = &gs->g[order[i].at];

        m->rows.n = g->n;
        m->rows.idx = g->idx;
        /* A path group split by the same field: its own name. */
        if (fn(m, gs->n == 1 && m->label != NULL ? m->label : g->label) < 0)
            goto done;
    }
    rc = 0;
done:
    m->rows = all;
    free(order);
    return rc;
}

int
vl_each_series(vl_mark *m, vl_series_fn fn)
{
    PyObject *fields = vl_series_fields(m), *stack;
    vl_groups gs;
    vl_scale *legend;
    int rc, descending = 0;

    if (fields == NULL)
        return -1;
    if (PyList_GET_SIZE(fields) == 0 || m->rows.data == NULL) {
        Py_DECREF(fields);
        return fn(m, m->label);
    }
    if (vl_split(m->v->r, &m->rows, fields, &gs) < 0) {
        Py_DECREF(fields);
        return -1;
    }
    legend = legend_scale(m, PyList_GET_ITEM(fields, 0));
    stack = stack_of(m, PyList_GET_ITEM(fields, 0), &descending);
    rc = PyErr_Occurred() ? -1 : each_group(m, &gs, legend,
                                            stack == NULL ? 0 : descending ? -1 : 1, fn);
    Py_XDECREF(stack);
    vl_groups_clear(&gs);
    Py_DECREF(fields);
    return rc;
}


/* ------------------------------------------------------------ path groups */

/* Where a path group's part stands among its siblings: its stack's order
 * (bottom first) or its legend's. */
typedef struct part_key {
    vl_cell cell;
    double pos;
    int stack;
} part_key;

static int
part_key_of(vl_mark *m, part_key *k)
{
    PyObject *fields = vl_series_fields(m), *t;
    vl_column col;
    vl_scale *legend;
    int desc = 0, got;

    memset(k, 0, sizeof *k);
    k->pos = NAN;
    if (fields == NULL)
        return -1;
    if (PyList_GET_SIZE(fields) == 0 || m->rows.data == NULL || m->rows.n == 0) {
        Py_DECREF(fields);
        return 0;
    }
    got = vl_column_get(m->v->r, m->rows.data, PyList_GET_ITEM(fields, 0), &col);
    if (got > 0 && vl_cell_of(&col, VL_ROW(&m->rows, 0), &k->cell) < 0)
        got = -1;
    vl_column_clear(&col);
    legend = got >= 0 ? legend_scale(m, PyList_GET_ITEM(fields, 0)) : NULL;
    t = got >= 0 && !PyErr_Occurred() ? stack_of(m, PyList_GET_ITEM(fields, 0), &desc) : NULL;
    k->stack = t != NULL ? (desc ? -1 : 1) : 0;
    k->pos = legend != NULL ? vl_scale_position(legend, &k->cell) : NAN;
    Py_XDECREF(t);
    Py_DECREF(fields);
    return got < 0 || PyErr_Occurred() ? -1 : 0;
}

static int
part_before(const part_key *a, const part_key *b)
{
    if (a->stack != 0 && b->stack != 0)
        return vl_cell_compare(&a->cell, &b->cell) * a->stack < 0;
    if (isnan(a->pos) || isnan(b->pos))
        return !isnan(a->pos) && isnan(b->pos);
    return a->pos < b->pos;
}

/* Sorts one run of marks (the parts of one path group). */
static int
order_run(vl_mark *marks, size_t n)
{
    part_key *keys = calloc(n, sizeof *keys);
    size_t i, j;
    int rc = -1;

    if (keys == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (i = 0; i < n; i++)
        if (part_key_of(&marks[i], &keys[i]) < 0)
            goto done;
    /* insertion sort: stable, and a path group's parts are few */
    for (i = 1; i < n; i++)
        for (j = i; j > 0 && part_before(&keys[j], &keys[j - 1]); j--) {
            vl_mark tm = marks[j];
            part_key tk = keys[j];

            marks[j] = marks[j - 1];
            marks[j - 1] = tm;
            keys[j] = keys[j - 1];
            keys[j - 1] = tk;
        }
    rc = 0;
done:
    for (i = 0; i < n; i++)
        vl_cell_clear(&keys[i].cell);
    free(keys);
    return rc;
}

int
vl_order_paths(vl_mark *marks, size_t n)
{
    size_t i = 0, j;

    while (i < n) {
        for (j = i + 1; j < n && marks[j].mark == marks[i].mark && marks[i].label != NULL; j++)
            ;
        if (j - i > 1 && order_run(marks + i, j - i) < 0)
            return -1;
        i = j;
    }
    return 0;
}
