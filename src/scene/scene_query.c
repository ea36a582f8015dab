/*
 * scene_query.c - what the scene says about its artists: the questions
 * that classification, box plots and extraction all ask of it (is this
 * label one a reader sees? is this artist data? is this patch an outline?
 * is this polygon a fill_between band? a box plot's box?).  They only read
 * the scene.
 */
#include "scene/scene.h"

#include <math.h>
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

/* 1 when the 4 corners of the bounding box bb (xmin xmax ymin ymax) are
 * among the n points. */
static int
has_corners(const double *x, const double *y, size_t n, const double bb[4])
{
    size_t i;
    int corners = 0;

    for (i = 0; i < n; i++) {
        int left = x[i] == bb[0], right = x[i] == bb[1];
        int bottom = y[i] == bb[2], top = y[i] == bb[3];

        if (left && bottom)
            corners |= 1;
        if (right && bottom)
            corners |= 2;
        if (right && top)
            corners |= 4;
        if (left && top)
            corners |= 8;
    }
    return corners == 15;
}

/* A notched box as bxp draws it, 11 points along p (category direction)
 * and v (values): p = [l r r nr r r l l nl l l],
 * v = [q1 q1 cilo med cihi q3 q3 cihi med cilo q1].  The notch may reach
 * beyond the hinges (cilo < q1), so the bounding box does not give them. */
static int
notched(const double *p, const double *v, double *l, double *r, double *q1,
        double *q3)
{
    if (!(p[0] == p[6] && p[0] == p[7] && p[0] == p[9] && p[0] == p[10]
          && p[1] == p[2] && p[1] == p[4] && p[1] == p[5]
          && v[0] == v[1] && v[0] == v[10] && v[5] == v[6]
          && v[2] == v[9] && v[4] == v[7] && v[3] == v[8]
          && v[0] <= v[5] && p[0] <= p[1]))
        return 0;
    *l = p[0];
    *r = p[1];
    *q1 = v[0];
    *q3 = v[5];
    return 1;
}

/* A box outline: a closed Line2D of 5 points (11 when notched), or a
 * PATCH of one such polygon (with or without the closing vertex).  Gives
 * the extent along the category direction [l, r] and the hinges. */
int
chartex__box_outline(const struct chartex_artist *a, int vertical, double *l, double *r,
                     double *q1, double *q3)
{
    size_t i, n = a->n;
    double bb[4], x[12], y[12];

    /* The kind first: only lines and patches have points to look at. */
    if (a->kind == CHARTEX_ARTIST_LINE) {
        if (a->flags & CHARTEX_LINE_NO_LINE)
            return 0;
    } else if (a->kind != CHARTEX_ARTIST_PATCH || a->n_parts != 1) {
        return 0;
    }
    if (!chartex__artist_is_data(a) || (n != 5 && n != 6 && n != 11 && n != 12))
        return 0;
    /* A line's points may be borrowed pairs (strided): copied, 12 at most. */
    for (i = 0; i < n; i++) {
        x[i] = CHARTEX__PX(a, i);
        y[i] = CHARTEX__PY(a, i);
        if (!isfinite(x[i]) || !isfinite(y[i]))
            return 0;
    }
    if ((n == 6 || n == 12) && x[n - 1] == x[0] && y[n - 1] == y[0])
        n--;
    if ((n != 5 && n != 11) || x[n - 1] != x[0] || y[n - 1] != y[0])
        return 0;
    if (n == 11)
        return notched(vertical ? x : y, vertical ? y : x, l, r, q1, q3);
    bb[0] = bb[1] = x[0];
    bb[2] = bb[3] = y[0];
    for (i = 1; i < n; i++) {
        bb[0] = fmin(bb[0], x[i]);
        bb[1] = fmax(bb[1], x[i]);
        bb[2] = fmin(bb[2], y[i]);
        bb[3] = fmax(bb[3], y[i]);
    }
    if (!has_corners(x, y, n, bb))
        return 0;
    *l = vertical ? bb[0] : bb[2];
    *r = vertical ? bb[1] : bb[3];
    *q1 = vertical ? bb[2] : bb[0];
    *q3 = vertical ? bb[3] : bb[1];
    return 1;
}
