/*
 * annotations.c - text on the data: the text bar_label() puts on a bar (a bar
 * element's "bar_label"), the chart's other texts at data positions
 * ("annotations": annotate(), text()) and its tables' cells ("tables").
 *
 * Texts are TEXT artists (never data): the label is the text, the one
 * point the position; a table's cells share a group and stand at
 * (column, row).  A text given to a bar is not an annotation too: the
 * builder's used_texts marks it.
 */
#include "chart/chart.h"

#include <math.h>
#include <string.h>

static int
near(double p, double q)
{
    return p == q || fabs(p - q) <= 1e-9 * fmax(fabs(p), fabs(q));
}

static int
is_note(const struct chartex_artist *t)
{
    return t->kind == CHARTEX_ARTIST_TEXT && !(t->flags & CHARTEX_TEXT_TABLE_CELL)
           && t->n == 1 && t->x != NULL && t->y != NULL;
}

const char *
chartex__bar_label(chartex__builder *b, const struct chartex_axes *axes,
                   const struct chartex_artist *a, size_t k, double err_lo, double err_hi)
{
    int vertical = a->orientation == CHARTEX_VERTICAL;
    double centre = vertical ? a->bx[k] + a->bw[k] / 2 : a->by[k] + a->bh[k] / 2;
    double start = vertical ? a->by[k] : a->bx[k];
    double len = vertical ? a->bh[k] : a->bw[k];
    size_t i;

    for (i = 0; i < axes->n_artists; i++) {
        const struct chartex_artist *t = axes->artists[i];
        double across, along;

        if (!is_note(t) || b->used_texts[i])
            continue;
        across = vertical ? t->x[0] : t->y[0];
        along = vertical ? t->y[0] : t->x[0];
        /* bar_label(): label_type="center" at the bar's centre (the
         * walker knows those), else at the bar's end or, with error bars,
         * at the error bar's far end. */
        if (!near(across, centre))
            continue;
        if ((t->flags & CHARTEX_TEXT_BAR_CENTRE)
                ? !near(along, start + len / 2)
                : !(near(along, start + len) || near(along, err_lo) || near(along, err_hi)))
            continue;
        b->used_texts[i] = 1;
        return t->label;
    }
    return NULL;
}

/* The index of the interval of edges (n + 1, increasing or decreasing)
 * that holds v, or -1. */
static long
interval_of(const double *edges, size_t n, double v)
{
    size_t i;

    for (i = 0; i < n; i++)
        if ((v >= edges[i] && v <= edges[i + 1]) || (v <= edges[i] && v >= edges[i + 1]))
            return (long)i;
    return -1;
}

/* 1 when text t is read elsewhere: the text drawn on a cell of an image
 * or mesh (seaborn's annot: the cell's text), or a contour label (clabel:
 * its level's label). */
static int
claimed_elsewhere(const struct chartex_axes *axes, const struct chartex_artist *t)
{
    size_t i, k;

    for (i = 0; i < axes->n_artists; i++) {
        const struct chartex_artist *a = axes->artists[i];

        if (a->kind == CHARTEX_ARTIST_CONTOUR) {
            for (k = 0; k < a->n_levels; k++)
                if (a->level_labels != NULL && a->level_labels[k] != NULL
                    && a->level_labels[k][0] != '\0' && strcmp(a->level_labels[k], t->label) == 0)
                    return 1;
        } else if (a->kind == CHARTEX_ARTIST_IMAGE && a->cell_text != NULL && a->rows > 0
                   && a->cols > 0) {
            long r, c;

            if (a->x_edges != NULL && a->y_edges != NULL) {
                c = interval_of(a->x_edges, a->cols, t->x[0]);
                r = interval_of(a->y_edges, a->rows, t->y[0]);
            } else {
                /* An image: extent (left, right, bottom, top); row 0 at the
                 * top, or at the bottom with origin="lower". */
                double fx = (t->x[0] - a->extent[0]) / (a->extent[1] - a->extent[0]);
                double fy = (a->flags & CHARTEX_IMAGE_ORIGIN_LOWER)
                                ? (t->y[0] - a->extent[2]) / (a->extent[3] - a->extent[2])
                                : (t->y[0] - a->extent[3]) / (a->extent[2] - a->extent[3]);

                c = fx >= 0 && fx < 1 ? (long)(fx * (double)a->cols) : -1;
                r = fy >= 0 && fy < 1 ? (long)(fy * (double)a->rows) : -1;
            }
            if (r >= 0 && c >= 0 && (size_t)r < a->rows && (size_t)c < a->cols) {
                const char *cell = a->cell_text[(size_t)r * a->cols + (size_t)c];

                if (cell != NULL && strcmp(cell, t->label) == 0)
                    return 1;
            }
        }
    }
    return 0;
}

/* "annotations": [{"text", "x", "y"}] of the notes no bar took and no
 * mesh or contour set reads as its own. */
static int
add_annotations(chartex__builder *b, chartex__node *obj, const struct chartex_axes *axes)
{
    chartex__node *list = NULL, *note;
    size_t i, n = 0, keep, shown = 0;
    unsigned char *mine;

    /* The notes in drawing order, under the budget (bounds.c: the first;
     * "left_out" counts the others). */
    mine = chartex__calloc(axes->n_artists ? axes->n_artists : 1, 1);
    if (mine == NULL)
        return -1;
    for (i = 0; i < axes->n_artists; i++)
        if (is_note(axes->artists[i]) && !b->used_texts[i]
            && !claimed_elsewhere(axes, axes->artists[i])) {
            mine[i] = 1;
            n++;
        }
    keep = n;
    if (n > CHARTEX__FEW && chartex__bound_elements(b, n, CHARTEX__WEIGHT_NOTE, &keep) < 0) {
        chartex__free(mine);
        return -1;
    }
    for (i = 0; i < axes->n_artists && shown < keep; i++) {
        const struct chartex_artist *t = axes->artists[i];

        if (!mine[i])
            continue;
        shown++;
        if (list == NULL) {
            list = chartex__node_new(CHARTEX__NODE_ARRAY);
            if (chartex__object_add(obj, "annotations", list) < 0) {
                chartex__free(mine);
                return -1;
            }
        }
        note = chartex__node_new(CHARTEX__NODE_OBJECT);
        if (chartex__array_add(list, note) < 0
            || chartex__object_add(note, "text",
                                   chartex__node_string(t->label, strlen(t->label))) < 0
            || chartex__object_add(note, "x", chartex__node_value(t->x[0], &axes->axis[0])) < 0
            || chartex__object_add(note, "y", chartex__node_value(t->y[0], &axes->axis[1])) < 0) {
            chartex__free(mine);
            return -1;
        }
    }
    chartex__free(mine);
    if (keep < n && chartex__left_out_append(obj, chartex__left_out_entry("annotations",
                                                                          n - keep)) < 0)
        return -1;
    return 0;
}

/* One table: the cells of group g as rows of texts ("" where a cell of
 * the grid is missing). */
static chartex__node *
table_node(const struct chartex_axes *axes, unsigned long g)
{
    chartex__node *rows = NULL, *row;
    size_t i, n_rows = 0, n_cols = 0, r, c;

    for (i = 0; i < axes->n_artists; i++) {
        const struct chartex_artist *t = axes->artists[i];

        if (t->kind != CHARTEX_ARTIST_TEXT || !(t->flags & CHARTEX_TEXT_TABLE_CELL)
            || t->group != g || t->n != 1 || !(t->x[0] >= 0 && t->y[0] >= 0)
            || t->x[0] > 1e6 || t->y[0] > 1e6)
            continue;
        if ((size_t)t->y[0] + 1 > n_rows)
            n_rows = (size_t)t->y[0] + 1;
        if ((size_t)t->x[0] + 1 > n_cols)
            n_cols = (size_t)t->x[0] + 1;
    }
    rows = chartex__node_new(CHARTEX__NODE_ARRAY);
    if (rows == NULL)
        return NULL;
    for (r = 0; r < n_rows; r++) {
        row = chartex__node_new(CHARTEX__NODE_ARRAY);
        if (chartex__array_add(rows, row) < 0)
            goto fail;
        for (c = 0; c < n_cols; c++) {
            const char *s = "";

            for (i = 0; i < axes->n_artists; i++) {
                const struct chartex_artist *t = axes->artists[i];

                if (t->kind == CHARTEX_ARTIST_TEXT && (t->flags & CHARTEX_TEXT_TABLE_CELL)
                    && t->group == g && t->n == 1 && t->x[0] == (double)c
                    && t->y[0] == (double)r) {
                    s = t->label;
                    break;
                }
            }
            if (chartex__array_add(row, chartex__node_string(s, strlen(s))) < 0)
                goto fail;
        }
    }
    return rows;
fail:
    chartex__node_free(rows);
    return NULL;
}

/* "tables": one grid of texts per table, in the order the tables were
 * read. */
static int
add_tables(chartex__node *obj, const struct chartex_axes *axes)
{
    chartex__node *list = NULL;
    unsigned long last = 0;
    size_t i;

    for (i = 0; i < axes->n_artists; i++) {
        const struct chartex_artist *t = axes->artists[i];

        if (t->kind != CHARTEX_ARTIST_TEXT || !(t->flags & CHARTEX_TEXT_TABLE_CELL)
            || t->group == last)
            continue;
        last = t->group;
        if (list == NULL) {
            list = chartex__node_new(CHARTEX__NODE_ARRAY);
            if (chartex__object_add(obj, "tables", list) < 0)
                return -1;
        }
        if (chartex__array_add(list, table_node(axes, t->group)) < 0)
            return -1;
    }
    return 0;
}

int
chartex__add_texts(chartex__builder *b, chartex__node *obj,
                   const struct chartex_axes *axes, int notes)
{
    if (notes && add_annotations(b, obj, axes) < 0)
        return -1;
    return add_tables(obj, axes);
}
