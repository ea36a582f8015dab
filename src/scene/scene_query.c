/*
 * scene_query.c - what the scene says about its artists: the questions
 * that classification, box plots and extraction all ask of it (is this
 * label one a reader sees? is this artist data? is this patch an outline?
 * is this polygon a fill_between band?).  They only read the scene.
 */
#include "scene/scene.h"

#include <string.h>

int
chartex__label_is_default(const char *label)
{
    return label == NULL || label[0] == '\0' || label[0] == '_';
}

int
chartex__artist_is_data(const struct chartex_artist *a)
{
    if (a == NULL || a->role != CHARTEX_ROLE_DATA)
        return 0;
    switch (a->kind) {
    case CHARTEX_ARTIST_PATCH:
        /* A patch that is one point draws nothing: a legend's stand-in
         * (seaborn adds a zero-size Rectangle per hue level, with the
         * level's name, for the legend to show), never data. */
        return a->n > 0 && a->spread;
    case CHARTEX_ARTIST_LINE:
    case CHARTEX_ARTIST_SCATTER:
    case CHARTEX_ARTIST_BARS:
    case CHARTEX_ARTIST_AREA:
    case CHARTEX_ARTIST_SEGMENTS:
    case CHARTEX_ARTIST_STAIRS:
    case CHARTEX_ARTIST_VECTORS:
        return a->n > 0;
    case CHARTEX_ARTIST_TEXT:
        return 0;   /* a note on the data, never data itself */
    case CHARTEX_ARTIST_IMAGE:
        return a->rows > 0 && a->cols > 0 && a->image != NULL;
    case CHARTEX_ARTIST_CONTOUR:
        return a->n > 0 && a->n_levels > 0;
    case CHARTEX_ARTIST_RECORD:
        return a->n_columns > 0;
    case CHARTEX_ARTIST_WEDGE:
    case CHARTEX_ARTIST_OTHER:
    default:
        /* A wedge always draws; OTHER is counted but never read. */
        return 1;
    }
}

int
chartex__artist_is_outline(const struct chartex_artist *a)
{
    return a->kind == CHARTEX_ARTIST_PATCH && strcmp(a->cls, "Polygon") == 0
           && chartex__artist_is_data(a);
}

int
chartex__parse_band(const double *x, const double *y, size_t len, int shared_y,
                    size_t *n)
{
    const double *t = shared_y ? y : x;
    size_t i, half;

    /* A raw path ends with its CLOSEPOLY vertex (a copy of the start);
     * Path.to_polygons() gives the polygon without it. */
    if (len >= 5 && len % 2 == 1 && x[len - 1] == x[0] && y[len - 1] == y[0])
        len--;
    if (len < 4 || len % 2 != 0)
        return 0;
    half = (len - 2) / 2;
    /* (t_i, f1_i) at 1..N, then the end point, then (t_i, f2_i) reversed. */
    for (i = 0; i < half; i++)
        if (!(t[1 + i] == t[len - 1 - i]))
            return 0;
    *n = half;
    return 1;
}
