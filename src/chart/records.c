/*
 * records.c - what a chart gives of the artists' columns
 * (scene_columns.c): each RECORD artist of an Axes as an object of its
 * columns, under the chart key of its record kind (a list per key, in
 * drawing order; "polar" one object, last), after every other key; and the
 * per-bar columns of a BARS artist as keys of each bar's element.
 *
 * Cells are numbers (null when not finite), texts or null.  Columns of
 * numbers only are borrowed from the scene as VALUES nodes; the others
 * are one node per cell.  Column names are the keys: they are borrowed
 * from the scene too (the chart is freed before it), unique in their
 * artist by the builder's rule, and never given to an element that has
 * the key already.
 */
#include "chart/chart.h"

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

/* A column as the chart gives it: one value, a list, or a list of rows. */
static chartex__node *
column_node(const chartex__column *c)
{
    chartex__node *rows;
    size_t i, at = 0;

    if (c->scalar)
        return cell_node(c, 0);
    if (c->row_len == NULL)
        return cells_node(c, 0, c->n);
    rows = chartex__node_new(CHARTEX__NODE_ARRAY);
    if (rows == NULL)
        return NULL;
    for (i = 0; i < c->n_rows; i++) {
        if (chartex__array_add(rows, cells_node(c, at, c->row_len[i])) < 0) {
            chartex__node_free(rows);
            return NULL;
        }
        at += c->row_len[i];
    }
    return rows;
}

static chartex__node *
record_node(const struct chartex_artist *a)
{
    chartex__node *obj = chartex__node_new(CHARTEX__NODE_OBJECT);
    size_t i;

    if (obj == NULL)
        return NULL;
    for (i = 0; i < a->n_columns; i++)
        if (chartex__object_add(obj, a->columns[i].name, column_node(&a->columns[i])) < 0) {
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

/* The keys in the order a chart gives them: the kinds in their order,
 * "polar" (one object) last. */
static const chartex_record_kind record_order[CHARTEX_RECORD_KIND_LAST + 1] = {
    CHARTEX_RECORD_HIERARCHY, CHARTEX_RECORD_TABLE, CHARTEX_RECORD_INDICATOR,
    CHARTEX_RECORD_SANKEY, CHARTEX_RECORD_DIMENSIONS, CHARTEX_RECORD_GEO,
    CHARTEX_RECORD_ENCODING, CHARTEX_RECORD_DATA_NOTES, CHARTEX_RECORD_POLAR
};

int
chartex__add_records(chartex__builder *b, chartex__node *obj, const struct chartex_axes *axes)
{
    int k;
    size_t i;

    (void)b;
    for (k = 0; k <= CHARTEX_RECORD_KIND_LAST; k++) {
        chartex_record_kind kind = record_order[k];
        chartex__node *list = NULL;

        for (i = 0; i < axes->n_artists; i++) {
            const struct chartex_artist *a = axes->artists[i];

            if (!is_record(a, kind))
                continue;
            if (kind == CHARTEX_RECORD_POLAR) {
                /* one per Axes: its first */
                if (chartex__object_add(obj, chartex__record_kind_names[kind],
                                        record_node(a)) < 0)
                    return -1;
                break;
            }
            if (list == NULL) {
                list = chartex__node_new(CHARTEX__NODE_ARRAY);
                if (chartex__object_add(obj, chartex__record_kind_names[kind], list) < 0)
                    return -1;
            }
            if (chartex__array_add(list, record_node(a)) < 0)
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
