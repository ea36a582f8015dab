/*
 * records.c - what a chart gives of the artists' columns
 * (scene_columns.c): each RECORD artist of an Axes as an object of its
 * columns, under the chart key of its record kind (a list per key, in
 * drawing order; "polar" one object, the last key), after every other
 * key; the per-bar columns of a BARS artist as keys of each bar's
 * element; and the list columns of the artist a box or violin is read
 * from as keys of its element.
 *
 * Cells are numbers (null when not finite), texts or null.  Columns of
 * numbers only are borrowed from the scene as VALUES nodes; the others
 * are one node per cell.  Column names are the keys: they are borrowed
 * from the scene too (the chart is freed before it), unique in their
 * artist by the builder's rule, and never given to an element that has
 * the key already.
 */
#include "chart/chart.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

/* Cell i of column c. */
static chartex__node *
cell_node(const chartex__column *c, size_t i)
{
    if (c->texts != NULL && c->texts[i] != NULL)
        return chartex__node_cstring(c->texts[i]);
    return chartex__node_number(c->numbers[i]);
}

/* Cells [start, start + n) of c as a list. */
static chartex__node *
cells_node(const chartex__column *c, size_t start, size_t n)
{
    chartex__node *list;
    size_t i;

    if (c->texts == NULL)
        return chartex__node_values(n, c->numbers + start, 0, NULL);
    list = chartex__node_new(CHARTEX__NODE_ARRAY);
    if (list == NULL)
        return NULL;
    for (i = 0; i < n; i++)
        if (chartex__array_add(list, cell_node(c, start + i)) < 0) {
            chartex__node_free(list);
            return NULL;
        }
    return list;
}

/* A column as the chart gives it: one value, a list, or a list of rows;
 * at most keep cells of each list and keep rows. */
static chartex__node *
column_node(const chartex__column *c, size_t keep)
{
    chartex__node *rows;
    size_t i, at = 0;

    if (c->scalar)
        return cell_node(c, 0);
    if (c->row_len == NULL)
        return cells_node(c, 0, c->n < keep ? c->n : keep);
    rows = chartex__node_new(CHARTEX__NODE_ARRAY);
    if (rows == NULL)
        return NULL;
    for (i = 0; i < c->n_rows && i < keep; i++) {
        size_t len = c->row_len[i] < keep ? c->row_len[i] : keep;

        if (chartex__array_add(rows, cells_node(c, at, len)) < 0) {
            chartex__node_free(rows);
            return NULL;
        }
        at += c->row_len[i];
    }
    return rows;
}

/* ---------------------------------------------------------------- bounds */

/* The cells of column c kept with at most keep cells a list (and keep
 * rows): SIZE_MAX keep counts them all. */
static size_t
column_cells(const chartex__column *c, size_t keep)
{
    size_t i, n = 0;

    if (c->scalar)
        return 0;
    if (c->row_len == NULL)
        return c->n < keep ? c->n : keep;
    for (i = 0; i < c->n_rows && i < keep; i++)
        n += c->row_len[i] < keep ? c->row_len[i] : keep;
    return n;
}

static size_t
record_cells(const struct chartex_artist *a, size_t keep)
{
    size_t i, n = 0;

    for (i = 0; i < a->n_columns; i++)
        n += column_cells(&a->columns[i], keep);
    return n;
}

/* What a cell of a weighs in the budget: 1, and one more for every 48
 * bytes its texts take on average (a table of long texts). */
static size_t
record_weight(const struct chartex_artist *a, size_t cells)
{
    size_t i, k, bytes = 0;

    for (i = 0; i < a->n_columns; i++) {
        const chartex__column *c = &a->columns[i];

        for (k = 0; c->texts != NULL && k < c->n; k++)
            if (c->texts[k] != NULL)
                bytes += strlen(c->texts[k]);
    }
    return 1 + (cells ? bytes / cells : 0) / 48;
}

/* The columns whose left-out cells are added up, by record kind: what a
 * reader would total (a hierarchy's and a map's values, a sankey's
 * flows). */
static int
summed(chartex_record_kind kind, const char *name)
{
    switch (kind) {
    case CHARTEX_RECORD_HIERARCHY:
    case CHARTEX_RECORD_GEO:
        return strcmp(name, "values") == 0;
    case CHARTEX_RECORD_SANKEY:
        return strcmp(name, "link_values") == 0;
    default:
        return 0;
    }
}

/* The record's "left_out": the cells each cut column lost, and the sum
 * of those of its value columns.  -1: no memory. */
static int
add_record_left_out(chartex__node *obj, const struct chartex_artist *a, size_t keep)
{
    chartex__node *lo = chartex__node_new(CHARTEX__NODE_OBJECT), *cells, *sums = NULL;
    size_t i, k;

    if (chartex__object_add(obj, "left_out", lo) < 0)
        return -1;
    cells = chartex__node_new(CHARTEX__NODE_OBJECT);
    if (chartex__object_add(lo, "cells", cells) < 0)
        return -1;
    for (i = 0; i < a->n_columns; i++) {
        const chartex__column *c = &a->columns[i];
        size_t lost = column_cells(c, SIZE_MAX) - column_cells(c, keep);
        double sum = 0;

        if (lost == 0)
            continue;
        if (chartex__object_add(cells, c->name, chartex__node_number((double)lost)) < 0)
            return -1;
        if (!summed(a->record, c->name) || c->row_len != NULL)
            continue;
        for (k = keep; k < c->n; k++)
            if (!(c->texts != NULL && c->texts[k] != NULL) && isfinite(c->numbers[k]))
                sum += c->numbers[k];
        if (sums == NULL) {
            sums = chartex__node_new(CHARTEX__NODE_OBJECT);
            if (chartex__object_add(lo, "sums", sums) < 0)
                return -1;
        }
        if (chartex__object_add(sums, c->name, chartex__node_number(sum)) < 0)
            return -1;
    }
    return 0;
}

/* How many cells of each list (and rows) record a keeps under the
 * budget: the most whose cells fit in what the budget keeps of them;
 * SIZE_MAX: all.  -1: no memory. */
static int
record_keep(chartex__builder *b, const struct chartex_artist *a, size_t *keep)
{
    size_t all = record_cells(a, SIZE_MAX), kept, lo = 1, hi = 1, i, w = record_weight(a, all);

    *keep = SIZE_MAX;
    if (chartex__bound_elements(b, all, w, &kept) < 0)
        return -1;
    /* Past the budget on its first pass: the second builds it. */
    if (chartex__sizing_only(b, all, w))
        *keep = 0;
    if (kept >= all || *keep == 0)
        return 0;
    for (i = 0; i < a->n_columns; i++) {
        const chartex__column *c = &a->columns[i];
        size_t j;

        hi = c->n > hi ? c->n : hi;
        for (j = 0; c->row_len != NULL && j < c->n_rows; j++)
            hi = c->row_len[j] > hi ? c->row_len[j] : hi;
        hi = c->n_rows > hi ? c->n_rows : hi;
    }
    while (lo < hi) {
        size_t mid = lo + (hi - lo + 1) / 2;

        if (record_cells(a, mid) <= kept)
            lo = mid;
        else
            hi = mid - 1;
    }
    *keep = lo;
    return 0;
}

static chartex__node *
record_node(chartex__builder *b, const struct chartex_artist *a)
{
    chartex__node *obj = chartex__node_new(CHARTEX__NODE_OBJECT);
    size_t i, keep;

    if (obj == NULL || record_keep(b, a, &keep) < 0) {
        chartex__node_free(obj);
        return NULL;
    }
    for (i = 0; i < a->n_columns && keep != 0; i++)
        if (chartex__object_add(obj, a->columns[i].name,
                                column_node(&a->columns[i], keep)) < 0) {
            chartex__node_free(obj);
            return NULL;
        }
    if (keep != SIZE_MAX && keep != 0 && add_record_left_out(obj, a, keep) < 0) {
        chartex__node_free(obj);
        return NULL;
    }
    return obj;
}

static int
is_record(const struct chartex_artist *a, chartex_record_kind kind)
{
    return a->kind == CHARTEX_ARTIST_RECORD && a->record == kind && a->n_columns > 0;
}

/* The order of the record keys in a chart (doc/schema.md): polar last. */
static const chartex_record_kind key_order[CHARTEX_RECORD_KIND_LAST + 1] = {
    CHARTEX_RECORD_HIERARCHY, CHARTEX_RECORD_TABLE, CHARTEX_RECORD_INDICATOR,
    CHARTEX_RECORD_SANKEY, CHARTEX_RECORD_DIMENSIONS, CHARTEX_RECORD_GEO,
    CHARTEX_RECORD_VOLUME, CHARTEX_RECORD_CARPET, CHARTEX_RECORD_TERNARY,
    CHARTEX_RECORD_SMITH, CHARTEX_RECORD_POLAR
};

int
chartex__add_records(chartex__builder *b, chartex__node *obj, const struct chartex_axes *axes)
{
    size_t i, k;

    for (k = 0; k < CHARTEX__COUNT(key_order); k++) {
        chartex_record_kind kind = key_order[k];
        chartex__node *list = NULL;

        for (i = 0; i < axes->n_artists; i++) {
            const struct chartex_artist *a = axes->artists[i];

            if (!is_record(a, kind))
                continue;
            if (kind == CHARTEX_RECORD_POLAR) {
                /* one per Axes: its first */
                if (chartex__object_add(obj, chartex__record_kind_names[kind],
                                        record_node(b, a)) < 0)
                    return -1;
                break;
            }
            if (list == NULL) {
                list = chartex__node_new(CHARTEX__NODE_ARRAY);
                if (chartex__object_add(obj, chartex__record_kind_names[kind], list) < 0)
                    return -1;
            }
            if (chartex__array_add(list, record_node(b, a)) < 0)
                return -1;
        }
    }
    return 0;
}

static int
has_key(const chartex__node *obj, const char *key)
{
    size_t i;

    for (i = 0; i < obj->u.list.n; i++)
        if (strcmp(obj->u.list.keys[i], key) == 0)
            return 1;
    return 0;
}

int
chartex__add_element_columns(chartex__node *el, const struct chartex_artist *a, size_t k)
{
    size_t i;

    for (i = 0; i < a->n_columns; i++) {
        const chartex__column *c = &a->columns[i];

        if (c->n != a->n || c->scalar || c->row_len != NULL || k >= c->n
            || has_key(el, c->name))
            continue;
        if (chartex__object_add(el, c->name, cell_node(c, k)) < 0)
            return -1;
    }
    return 0;
}

/* A column that is a plain list (not one value, not rows). */
static int
is_list(const chartex__column *c)
{
    return !c->scalar && c->row_len == NULL;
}

int
chartex__add_box_columns(chartex__node *el, const struct chartex_artist *a)
{
    size_t i;

    for (i = 0; a != NULL && i < a->n_columns; i++) {
        const chartex__column *c = &a->columns[i];

        if (c->row_len != NULL || has_key(el, c->name))
            continue;
        if (chartex__object_add(el, c->name, column_node(c, SIZE_MAX)) < 0)
            return -1;
    }
    return 0;
}

const double *
chartex__numbers_column(const struct chartex_artist *a, const char *name, size_t *n)
{
    size_t i;

    for (i = 0; a != NULL && i < a->n_columns; i++) {
        const chartex__column *c = &a->columns[i];

        if (is_list(c) && c->texts == NULL && strcmp(c->name, name) == 0) {
            *n = c->n;
            return c->numbers;
        }
    }
    *n = 0;
    return NULL;
}
