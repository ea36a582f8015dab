/*
 * heatmap.c - gridded and celled data: images (imshow, matshow, scalar or
 * RGB(A)), meshes with cell edges (pcolormesh, pcolor, hist2d, seaborn's
 * heatmap, NonUniformImage) and cells at points (hexbin, tripcolor, a
 * curvilinear mesh): the keys of those IMAGE artists in an unknown chart,
 * "image", "heatmap" and "cells" (doc/schema.md).  Their setters, which
 * build the scene, are scene_grids.c's.
 */
#include "chart/chart.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* An image of colours gives its pixels' values only up to this many
 * pixels, as block means beyond (a thumbnail, not the photograph). */
#define COLOR_MAX_PIXELS 16384

/* A cell is named by a tick within this fraction of its size. */
#define TICK_TOLERANCE 1e-6

/* Label matching costs ticks x cells; beyond this, no labels. */
#define MAX_LABEL_WORK 4000000

/* A number node, or null when v is not finite. */
static chartex__node *
finite_node(double v)
{
    return isfinite(v) ? chartex__node_number(v) : chartex__node_new(CHARTEX__NODE_NULL);
}

int
chartex__add_color_scale(chartex__builder *b, chartex__node *obj,
                         const struct chartex_artist *a)
{
    const char *cb = a->cbar_label != NULL ? a->cbar_label : "";

    if (chartex__object_add(obj, "vmin", finite_node(a->vmin)) < 0
        || chartex__object_add(obj, "vmax", finite_node(a->vmax)) < 0
        || chartex__object_add(obj, "norm", a->norm != NULL && a->norm[0] != '\0'
                                                ? chartex__node_cstring(a->norm)
                                                : chartex__node_new(CHARTEX__NODE_NULL)) < 0
        || chartex__object_add(obj, "colorbar_label",
                               chartex__builder_text(b, cb, strlen(cb), 1)) < 0)
        return -1;
    return 0;
}

/* 1 when text is only the number v (a numeric axis' own tick label, which
 * names no cell): "0.5" at 0.5, "−1" at -1. */
static int
label_is_position(const char *s, double v)
{
    char buf[64];
    size_t i = 0, k = 0;
    double parsed;
    char *end;

    while (s[i] != '\0' && k + 1 < sizeof buf) {
        /* U+2212 MINUS SIGN, matplotlib's, reads as '-'. */
        if ((unsigned char)s[i] == 0xe2 && (unsigned char)s[i + 1] == 0x88
            && (unsigned char)s[i + 2] == 0x92) {
            buf[k++] = '-';
            i += 3;
        } else if (s[i] == '$') {
            i++;
        } else {
            buf[k++] = s[i++];
        }
    }
    if (s[i] != '\0' || k == 0)
        return 0;
    buf[k] = '\0';
    parsed = strtod(buf, &end);
    if (end == buf || *end != '\0')
        return 0;
    return fabs(parsed - v) <= 1e-9 * (fabs(v) > 1 ? fabs(v) : 1);
}

/* The labels that axis ax's ticks give n cells, cell i spanning edge(i) to
 * edge(i + 1), where edge(i) = e[i], or e0 + i * step when e is NULL: a
 * list with a string for each named cell and null for the others, or a
 * null node (*none = 1) when no tick names a cell.  NULL: no memory. */
static chartex__node *
cell_labels(chartex__builder *b, const struct chartex_axis *ax, size_t n,
            const double *e, double e0, double step, int *none)
{
    chartex__node *list = NULL;
    size_t i, t, named = 0;
    const char **names = NULL;

    *none = 1;
    if (n == 0 || ax->n_ticks == 0 || ax->n_ticks > MAX_LABEL_WORK / n)
        return chartex__node_new(CHARTEX__NODE_NULL);
    names = chartex__calloc(n, sizeof *names);
    if (names == NULL)
        return NULL;
    for (i = 0; i < n; i++) {
        double lo = e ? e[i] : e0 + (double)i * step;
        double hi = e ? e[i + 1] : e0 + (double)(i + 1) * step;
        double c = (lo + hi) / 2, tol = fabs(hi - lo) * TICK_TOLERANCE;

        if (!isfinite(c))
            continue;
        for (t = 0; t < ax->n_ticks; t++) {
            const char *s = ax->tick_labels[t];

            if (fabs(ax->ticks[t] - c) <= tol && s[0] != '\0'
                && !label_is_position(s, ax->ticks[t])) {
                names[i] = s;
                named++;
                break;
            }
        }
    }
    if (named == 0) {
        chartex__free(names);
        return chartex__node_new(CHARTEX__NODE_NULL);
    }
    *none = 0;
    list = chartex__node_new(CHARTEX__NODE_ARRAY);
    for (i = 0; list != NULL && i < n; i++) {
        chartex__node *item = names[i] != NULL
                                  ? chartex__builder_text(b, names[i], strlen(names[i]), 0)
                                  : chartex__node_new(CHARTEX__NODE_NULL);

        if (chartex__array_add(list, item) < 0) {
            chartex__node_free(list);
            list = NULL;
        }
    }
    chartex__free(names);
    return list;
}

/* Adds key: the labels of cell_labels when some tick names a cell. */
static int
add_labels(chartex__builder *b, chartex__node *obj, const char *key,
           const struct chartex_axis *ax, size_t n, const double *e, double e0,
           double step)
{
    int none;
    chartex__node *list = cell_labels(b, ax, n, e, e0, step, &none);

    if (list == NULL)
        return -1;
    if (none) {
        chartex__node_free(list);
        return 0;
    }
    return chartex__object_add(obj, key, list);
}

/* Every block-th of n + 1 edges, and the last: the edges of the blocks. */
static chartex__node *
block_edges(chartex__builder *b, const double *e, size_t n, size_t block,
            const struct chartex_axis *axis)
{
    size_t k, m;
    double *out;

    if (block <= 1)
        return chartex__node_values(n + 1, e, 0, axis);
    m = (n + block - 1) / block;
    out = chartex__chart_doubles(b->chart, m + 1);
    if (out == NULL)
        return NULL;
    for (k = 0; k < m; k++)
        out[k] = e[k * block];
    out[m] = e[n];
    return chartex__node_values(m + 1, out, 0, axis);
}

/* "values": the reduced grid, row by row (each cell a list of its
 * channels for an image of colours). */
static int
add_grid(chartex__node *obj, const chartex__image *im, size_t channels)
{
    chartex__node *rows = chartex__node_new(CHARTEX__NODE_ARRAY), *row;
    size_t r, c;

    if (chartex__object_add(obj, "values", rows) < 0)
        return -1;
    for (r = 0; r < im->rows; r++) {
        const double *v = im->values + r * im->cols * channels;

        if (channels == 1) {
            if (chartex__array_add(rows, chartex__node_values(im->cols, v, 0, NULL)) < 0)
                return -1;
            continue;
        }
        row = chartex__node_new(CHARTEX__NODE_ARRAY);
        if (chartex__array_add(rows, row) < 0)
            return -1;
        for (c = 0; c < im->cols; c++)
            if (chartex__array_add(row, chartex__node_values(channels, v + c * channels,
                                                             0, NULL)) < 0)
                return -1;
    }
    return 0;
}

/* "annotations": the texts drawn on the cells, row by row (null where a
 * cell has none), when any cell has one and the grid is whole. */
static int
add_annotations(chartex__builder *b, chartex__node *obj, const struct chartex_artist *a,
                const chartex__image *im)
{
    chartex__node *rows, *row;
    size_t r, c, any = 0;

    if (a->cell_text == NULL || im->block_rows != 0)
        return 0;
    for (r = 0; r < a->rows * a->cols && !any; r++)
        any = a->cell_text[r] != NULL;
    if (!any)
        return 0;
    rows = chartex__node_new(CHARTEX__NODE_ARRAY);
    if (chartex__object_add(obj, "annotations", rows) < 0)
        return -1;
    for (r = 0; r < a->rows; r++) {
        row = chartex__node_new(CHARTEX__NODE_ARRAY);
        if (chartex__array_add(rows, row) < 0)
            return -1;
        for (c = 0; c < a->cols; c++) {
            const char *t = a->cell_text[r * a->cols + c];

            if (chartex__array_add(row, t != NULL ? chartex__builder_text(b, t, strlen(t), 0)
                                                  : chartex__node_new(CHARTEX__NODE_NULL)) < 0)
                return -1;
        }
    }
    return 0;
}

static int
add_block_downsampled(chartex__node *obj, const chartex__image *im,
                      const struct chartex_artist *a)
{
    chartex__node *ds;
    double block[2];

    if (im->block_rows == 0)
        return 0;
    block[0] = (double)im->block_rows;
    block[1] = (double)im->block_cols;
    ds = chartex__node_new(CHARTEX__NODE_OBJECT);
    if (chartex__object_add(obj, "downsampled", ds) < 0
        || chartex__object_add(ds, "method", chartex__node_cstring("block_mean")) < 0
        || chartex__object_add(ds, "block", chartex__node_values(2, block, 1, NULL)) < 0
        || chartex__object_add(ds, "original_rows", chartex__node_number((double)a->rows)) < 0
        || chartex__object_add(ds, "original_cols", chartex__node_number((double)a->cols)) < 0)
        return -1;
    return 0;
}

/* What an image and a mesh both end with: the rows' and columns' names
 * where the axes name the cells (not when cells were merged into blocks),
 * the texts written in the cells, and how the grid was reduced.  A row's
 * or column's cells lie at edges e, or from e0 in steps of step when e is
 * NULL. */
static int
add_names_and_texts(chartex__builder *b, chartex__node *obj,
                    const struct chartex_axes *axes, const struct chartex_artist *a,
                    const chartex__image *im, const double *y_edges, double y0,
                    double dy, const double *x_edges, double x0, double dx)
{
    if ((im->block_rows <= 1
         && add_labels(b, obj, "row_labels", &axes->axis[1], a->rows, y_edges, y0, dy) < 0)
        || (im->block_cols <= 1
            && add_labels(b, obj, "col_labels", &axes->axis[0], a->cols, x_edges, x0,
                          dx) < 0)
        || add_annotations(b, obj, a, im) < 0
        || add_block_downsampled(obj, im, a) < 0)
        return -1;
    return 0;
}

/* "image": an AxesImage.  Its cells split the extent evenly; row 0 lies
 * at the extent's top, or at its bottom with origin="lower". */
static chartex__node *
image_node(chartex__builder *b, const struct chartex_axes *axes,
           const struct chartex_artist *a)
{
    chartex__node *obj;
    chartex__image im;
    int lower = (a->flags & CHARTEX_IMAGE_ORIGIN_LOWER) != 0;
    double y0 = lower ? a->extent[2] : a->extent[3];
    double y1 = lower ? a->extent[3] : a->extent[2];

    if (chartex__limit_image(b, a, a->channels > 1 ? COLOR_MAX_PIXELS : 0, &im) < 0)
        return NULL;
    obj = chartex__node_new(CHARTEX__NODE_OBJECT);
    if (chartex__object_add(obj, "rows", chartex__node_number((double)im.rows)) < 0
        || chartex__object_add(obj, "cols", chartex__node_number((double)im.cols)) < 0
        || chartex__object_add(obj, "extent",
                               chartex__node_values(4, a->extent, 0, NULL)) < 0
        || add_grid(obj, &im, a->channels) < 0)
        goto fail;
    if (a->channels > 1) {
        if (chartex__object_add(obj, "channels",
                                chartex__node_number((double)a->channels)) < 0)
            goto fail;
    } else if (chartex__add_color_scale(b, obj, a) < 0) {
        goto fail;
    }
    if (add_names_and_texts(b, obj, axes, a, &im, NULL, y0, (y1 - y0) / (double)a->rows,
                            NULL, a->extent[0],
                            (a->extent[1] - a->extent[0]) / (double)a->cols) < 0)
        goto fail;
    return obj;
fail:
    chartex__node_free(obj);
    return NULL;
}

/* "heatmap": a mesh with its cell edges. */
static chartex__node *
heatmap_node(chartex__builder *b, const struct chartex_axes *axes,
             const struct chartex_artist *a)
{
    chartex__node *obj;
    chartex__image im;

    if (chartex__limit_image(b, a, 0, &im) < 0)
        return NULL;
    obj = chartex__node_new(CHARTEX__NODE_OBJECT);
    if (chartex__object_add(obj, "rows", chartex__node_number((double)im.rows)) < 0
        || chartex__object_add(obj, "cols", chartex__node_number((double)im.cols)) < 0
        || chartex__object_add(obj, "x_edges", block_edges(b, a->x_edges, a->cols,
                                                           im.block_cols, &axes->axis[0])) < 0
        || chartex__object_add(obj, "y_edges", block_edges(b, a->y_edges, a->rows,
                                                           im.block_rows, &axes->axis[1])) < 0
        || add_grid(obj, &im, 1) < 0
        || chartex__add_color_scale(b, obj, a) < 0
        || add_names_and_texts(b, obj, axes, a, &im, a->y_edges, 0, 0, a->x_edges, 0, 0) < 0)
        goto fail;
    return obj;
fail:
    chartex__node_free(obj);
    return NULL;
}

/* "cells": values at the cells' centres, reduced as a scatter is. */
static chartex__node *
cells_node(chartex__builder *b, const struct chartex_axes *axes,
           const struct chartex_artist *a)
{
    chartex__node *obj;
    chartex__series s;
    double *values, *with[1];

    values = chartex__chart_doubles(b->chart, a->n);
    if (values == NULL)
        return NULL;
    memcpy(values, a->image, a->n * sizeof *values);
    with[0] = values;
    s.n = a->n;
    s.x = a->x;
    s.y = a->y;
    s.stride = a->stride;
    if (chartex__limit_series(b, &s, 1, with, 1) < 0)
        return NULL;
    obj = chartex__node_new(CHARTEX__NODE_OBJECT);
    if (chartex__object_add(obj, "points",
                            chartex__node_points_strided(s.n, s.x, s.y, s.stride,
                                                         &axes->axis[0], &axes->axis[1])) < 0
        || chartex__object_add(obj, "values", chartex__node_values(s.n, values, 0, NULL)) < 0
        || chartex__add_color_scale(b, obj, a) < 0
        || chartex__add_downsampled(obj, &s) < 0) {
        chartex__node_free(obj);
        return NULL;
    }
    return obj;
}

int
chartex__add_meshes(chartex__builder *b, const struct chartex_axes *axes,
                    chartex__node *chart)
{
    int have_image = 0, have_heatmap = 0, have_cells = 0;
    size_t i;

    /* The first of each form: an Axes shows one heatmap in practice. */
    for (i = 0; i < axes->n_artists; i++) {
        const struct chartex_artist *a = axes->artists[i];

        if (a->kind != CHARTEX_ARTIST_IMAGE || !chartex__artist_is_data(a))
            continue;
        if (CHARTEX__IMAGE_IS_CELLS(a)) {
            if (!have_cells++ && chartex__object_add(chart, "cells", cells_node(b, axes, a)) < 0)
                return -1;
        } else if (a->x_edges != NULL && a->y_edges != NULL) {
            if (!have_heatmap++
                && chartex__object_add(chart, "heatmap", heatmap_node(b, axes, a)) < 0)
                return -1;
        } else if (!have_image++
                   && chartex__object_add(chart, "image", image_node(b, axes, a)) < 0) {
            return -1;
        }
    }
    return 0;
}
