/*
 * scene_grids.c - building the scene's gridded artists through the public
 * API: images (scalar values or colours), the cell edges of a mesh, cells
 * at points, the texts written in cells, the colour scale of an image or a
 * contour set, and a contour set's levels, their labels and its paths.
 * What a chart makes of them is heatmap.c's and contours.c's.
 *
 * Ownership: as in scene.c, every setter copies what it is given.
 */
#include "scene/scene.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

/* -------------------------------------------------- images, meshes, cells */

int
chartex_artist_set_image(chartex_artist *a, size_t rows, size_t cols,
                         const double *values, const double extent[4],
                         chartex_error *err)
{
    double *copy;
    int overflow = 0;
    size_t count = chartex__mul(rows, cols, &overflow);

    if (a == NULL || (count > 0 && values == NULL) || extent == NULL)
        return chartex__error(err, CHARTEX_ERR_INVALID, "bad artist or image");
    if (overflow)
        return chartex__error(err, CHARTEX_ERR_LIMIT, "image too large");
    copy = chartex__dupd(values, count);
    if (copy == NULL)
        return chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory copying an image");
    chartex__free(a->image);
    if (a->cell_text != NULL) {
        chartex__free_strings(a->cell_text, a->rows * a->cols);
        a->cell_text = NULL;
    }
    a->image = copy;
    a->channels = 1;
    a->rows = rows;
    a->cols = cols;
    memcpy(a->extent, extent, sizeof a->extent);
    return 0;
}

int
chartex_artist_set_image_colors(chartex_artist *a, size_t rows, size_t cols,
                                size_t channels, const double *values,
                                const double extent[4], chartex_error *err)
{
    int overflow = 0;
    size_t pixels = chartex__mul(rows, cols, &overflow);

    if (a == NULL || (channels != 3 && channels != 4))
        return chartex__error(err, CHARTEX_ERR_INVALID, "bad artist or channel count");
    if (overflow || pixels > SIZE_MAX / channels)
        return chartex__error(err, CHARTEX_ERR_LIMIT, "image too large");
    if (chartex_artist_set_image(a, rows, cols * channels, values, extent, err) < 0)
        return -1;
    a->cols = cols;
    a->channels = channels;
    return 0;
}

int
chartex_artist_set_mesh_edges(chartex_artist *a, size_t n_x, const double *x_edges,
                              size_t n_y, const double *y_edges, chartex_error *err)
{
    double *xe, *ye;

    if (a == NULL || a->image == NULL || a->channels != 1 || x_edges == NULL
        || y_edges == NULL || n_x != a->cols + 1 || n_y != a->rows + 1)
        return chartex__error(err, CHARTEX_ERR_INVALID,
                              "mesh edges need cols + 1 and rows + 1 values");
    xe = chartex__dupd(x_edges, n_x);
    ye = chartex__dupd(y_edges, n_y);
    if (xe == NULL || ye == NULL) {
        chartex__free(xe);
        chartex__free(ye);
        return chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory copying mesh edges");
    }
    chartex__free(a->x_edges);
    chartex__free(a->y_edges);
    a->x_edges = xe;
    a->y_edges = ye;
    return 0;
}

int
chartex_artist_set_cells(chartex_artist *a, size_t n, const double *xy,
                         const double *values, chartex_error *err)
{
    double extent[4] = { NAN, NAN, NAN, NAN };

    if (a == NULL || (n > 0 && (xy == NULL || values == NULL)))
        return chartex__error(err, CHARTEX_ERR_INVALID, "bad artist or cells");
    if (chartex_artist_set_points(a, n, xy, err) < 0
        || chartex_artist_set_image(a, n, 1, values, extent, err) < 0)
        return -1;
    return 0;
}

int
chartex_artist_set_cell_text(chartex_artist *a, size_t row, size_t col, const char *s,
                             size_t len, chartex_error *err)
{
    char *copy;

    if (a == NULL || a->image == NULL || CHARTEX__IMAGE_IS_CELLS(a) || row >= a->rows
        || col >= a->cols)
        return chartex__error(err, CHARTEX_ERR_INVALID, "no such cell");
    if (a->cell_text == NULL) {
        /* rows * cols does not overflow: the image holds that many values. */
        a->cell_text = chartex__calloc(a->rows * a->cols, sizeof *a->cell_text);
        if (a->cell_text == NULL)
            return chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory for cell texts");
    }
    copy = chartex__strndup(s ? s : "", s ? len : 0);
    if (copy == NULL)
        return chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory copying a string");
    chartex__free(a->cell_text[row * a->cols + col]);
    a->cell_text[row * a->cols + col] = copy;
    return 0;
}

/* Replaces *slot with a copy of s (len bytes; NULL s: ""). */
static int
set_text(char **slot, const char *s, size_t len, chartex_error *err)
{
    char *copy = chartex__strndup(s ? s : "", s ? len : 0);

    if (copy == NULL)
        return chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory copying a string");
    chartex__free(*slot);
    *slot = copy;
    return 0;
}

int
chartex_artist_set_color_scale(chartex_artist *a, double vmin, double vmax,
                               const char *norm, size_t len, chartex_error *err)
{
    if (a == NULL)
        return chartex__error(err, CHARTEX_ERR_INVALID, "no artist");
    if (set_text(&a->norm, norm, len, err) < 0)
        return -1;
    a->vmin = vmin;
    a->vmax = vmax;
    return 0;
}

int
chartex_artist_set_colorbar_label(chartex_artist *a, const char *s, size_t len,
                                  chartex_error *err)
{
    if (a == NULL)
        return chartex__error(err, CHARTEX_ERR_INVALID, "no artist");
    return set_text(&a->cbar_label, s, len, err);
}

/* ----------------------------------------------------------- contour sets */

int
chartex_artist_set_levels(chartex_artist *a, size_t n, const double *levels,
                          chartex_error *err)
{
    double *copy;
    char **labels;
    size_t i;

    if (a == NULL || (n > 0 && levels == NULL))
        return chartex__error(err, CHARTEX_ERR_INVALID, "bad artist or levels");
    copy = chartex__dupd(levels, n);
    labels = chartex__calloc(n ? n : 1, sizeof *labels);
    if (copy == NULL || labels == NULL) {
        chartex__free(copy);
        chartex__free(labels);
        return chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory copying levels");
    }
    chartex__free(a->levels);
    if (a->level_labels != NULL) {
        for (i = 0; i < a->n_levels; i++)
            chartex__free(a->level_labels[i]);
        chartex__free(a->level_labels);
    }
    a->levels = copy;
    a->level_labels = labels;
    a->n_levels = n;
    return 0;
}

int
chartex_artist_set_level_label(chartex_artist *a, size_t i, const char *s, size_t len,
                               chartex_error *err)
{
    char *copy;

    if (a == NULL || i >= a->n_levels)
        return chartex__error(err, CHARTEX_ERR_INVALID, "bad artist or level index");
    copy = chartex__strndup(s ? s : "", s ? len : 0);
    if (copy == NULL)
        return chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory copying a label");
    chartex__free(a->level_labels[i]);
    a->level_labels[i] = copy;
    return 0;
}

int
chartex_artist_add_level_path(chartex_artist *a, size_t level, size_t n,
                              const double *xy, chartex_error *err)
{
    size_t *lv;
    int overflow = 0;

    if (a == NULL)
        return chartex__error(err, CHARTEX_ERR_INVALID, "no artist");
    /* The level array first: a failed polygon leaves it one too long,
     * which is harmless, never one too short. */
    lv = chartex__realloc(a->part_level,
                          chartex__mul(a->n_parts + 1, sizeof *lv, &overflow));
    if (lv == NULL || overflow) {
        if (lv != NULL)
            a->part_level = lv;
        return chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory adding a path");
    }
    a->part_level = lv;
    lv[a->n_parts] = level;
    return chartex_artist_add_polygon(a, n, xy, err);
}
