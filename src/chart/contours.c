/*
 * contours.c - contour sets (contour, contourf, tricontour(f), seaborn's
 * 2-D kdeplot): the "contours" key of an unknown chart (doc/schema.md).
 * The setters of CONTOUR artists, which build the scene, are
 * scene_grids.c's.
 */
#include "chart/chart.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

/* The level value at index i, NaN beyond the levels. */
static double
level_at(const struct chartex_artist *a, size_t i)
{
    return i < a->n_levels ? a->levels[i] : NAN;
}

static chartex__node *
number_or_null(double v)
{
    return isfinite(v) ? chartex__node_number(v) : chartex__node_new(CHARTEX__NODE_NULL);
}

/* "level_labels": each level's clabel text (null for none), when one has. */
static int
add_level_labels(chartex__builder *b, chartex__node *obj, const struct chartex_artist *a)
{
    chartex__node *list;
    size_t i, named = 0;

    for (i = 0; i < a->n_levels; i++)
        named += a->level_labels[i] != NULL && a->level_labels[i][0] != '\0';
    if (named == 0)
        return 0;
    list = chartex__node_new(CHARTEX__NODE_ARRAY);
    if (chartex__object_add(obj, "level_labels", list) < 0)
        return -1;
    for (i = 0; i < a->n_levels; i++) {
        const char *s = a->level_labels[i] ? a->level_labels[i] : "";

        if (chartex__array_add(list, chartex__builder_text(b, s, strlen(s), 1)) < 0)
            return -1;
    }
    return 0;
}

static chartex__node *
contour_node(chartex__builder *b, const struct chartex_axes *axes,
             const struct chartex_artist *a)
{
    chartex__node *obj = NULL, *paths, *p;
    chartex__series s;
    size_t *len, i, start = 0;
    int filled = (a->flags & CHARTEX_CONTOUR_FILLED) != 0;

    len = chartex__calloc(a->n_parts ? a->n_parts : 1, sizeof *len);
    if (len == NULL || chartex__limit_paths(b, a, len, &s) < 0)
        goto fail;
    obj = chartex__node_new(CHARTEX__NODE_OBJECT);
    if (chartex__object_add(obj, "filled", chartex__node_bool(filled)) < 0
        || chartex__object_add(obj, "levels",
                               chartex__node_values(a->n_levels, a->levels, 0, NULL)) < 0
        || add_level_labels(b, obj, a) < 0
        || chartex__add_color_scale(b, obj, a) < 0)
        goto fail;
    paths = chartex__node_new(CHARTEX__NODE_ARRAY);
    if (chartex__object_add(obj, "paths", paths) < 0)
        goto fail;
    for (i = 0; i < a->n_parts; i++) {
        size_t lv = a->part_level != NULL ? a->part_level[i] : 0;

        p = chartex__node_new(CHARTEX__NODE_OBJECT);
        if (chartex__array_add(paths, p) < 0)
            goto fail;
        if (filled) {
            if (chartex__object_add(p, "lower", number_or_null(level_at(a, lv))) < 0
                || chartex__object_add(p, "upper",
                                       number_or_null(lv < SIZE_MAX ? level_at(a, lv + 1)
                                                                    : NAN)) < 0)
                goto fail;
        } else if (chartex__object_add(p, "level", number_or_null(level_at(a, lv))) < 0) {
            goto fail;
        }
        if (chartex__object_add(p, "points",
                                chartex__node_points(len[i], s.x + start, s.y + start,
                                                     &axes->axis[0], &axes->axis[1])) < 0)
            goto fail;
        start += len[i];
    }
    if (chartex__add_downsampled(obj, &s) < 0)
        goto fail;
    chartex__free(len);
    return obj;
fail:
    chartex__free(len);
    chartex__node_free(obj);
    return NULL;
}

int
chartex__add_contours(chartex__builder *b, const struct chartex_axes *axes,
                      chartex__node *chart)
{
    chartex__node *list = NULL;
    size_t i;

    for (i = 0; i < axes->n_artists; i++) {
        const struct chartex_artist *a = axes->artists[i];

        if (a->kind != CHARTEX_ARTIST_CONTOUR || !chartex__artist_is_data(a))
            continue;
        if (list == NULL) {
            list = chartex__node_new(CHARTEX__NODE_ARRAY);
            if (chartex__object_add(chart, "contours", list) < 0)
                return -1;
        }
        if (chartex__array_add(list, contour_node(b, axes, a)) < 0)
            return -1;
    }
    return 0;
}
