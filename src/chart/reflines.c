/*
 * reflines.c - a chart's "reference_lines": the lines and spans drawn
 * across an Axes to mark a value (axhline, axvline, axhspan, axvspan), a
 * line through two points (axline) or between them (a Plotly line shape,
 * CHARTEX_REF_SEGMENT).  They are not data (they never make
 * a chart, classify.c), but a reader of the picture sees them: a target,
 * a mean, a threshold, a band of acceptable values.  The reader of the
 * figure says which of their coordinates are data (CHARTEX_REF_*_DATA);
 * one it cannot tell about is left out.
 */
#include "chart/chart.h"

#include <math.h>
#include <string.h>

/* The lowest and highest finite values of v[i * st], i < n. */
static int
extent(const double *v, size_t n, size_t st, double *lo, double *hi)
{
    size_t i;
    int any = 0;

    for (i = 0; i < n; i++) {
        double vi = v[i * st];

        if (!isfinite(vi))
            continue;
        if (!any || vi < *lo)
            *lo = vi;
        if (!any || vi > *hi)
            *hi = vi;
        any = 1;
    }
    return any;
}

/* The object of reference line a, or NULL with *skip set when it says
 * nothing that can be read (no flags, no finite value).  NULL without
 * *skip: no memory. */
static chartex__node *
reference(chartex__builder *b, const struct chartex_axes *axes,
          const struct chartex_artist *a, int *skip)
{
    unsigned which = a->flags & (CHARTEX_REF_X_DATA | CHARTEX_REF_Y_DATA);
    chartex__node *obj;
    double lo = 0, hi = 0;
    int d;

    *skip = 0;
    if (which == 0 || a->n == 0 || (a->kind != CHARTEX_ARTIST_LINE
                                    && a->kind != CHARTEX_ARTIST_PATCH)) {
        *skip = 1;
        return NULL;
    }
    obj = chartex__node_new(CHARTEX__NODE_OBJECT);
    if (obj == NULL
        || chartex__object_add(obj, "label",
                               chartex__label_is_default(a->label)
                                   ? chartex__node_new(CHARTEX__NODE_NULL)
                                   : chartex__builder_text(b, a->label, strlen(a->label), 0)) < 0)
        goto fail;
    if (which == (CHARTEX_REF_X_DATA | CHARTEX_REF_Y_DATA)) {
        /* axline: two points of the line. */
        if (a->kind != CHARTEX_ARTIST_LINE || a->n != 2)
            goto skip;
        if (chartex__object_add(obj, "points",
                                chartex__node_points_strided(2, a->x, a->y, a->stride,
                                                             &axes->axis[0],
                                                             &axes->axis[1])) < 0
            || ((a->flags & CHARTEX_REF_SEGMENT)
                && chartex__object_add(obj, "segment", chartex__node_bool(1)) < 0))
            goto fail;
        return obj;
    }
    d = which == CHARTEX_REF_Y_DATA;
    if (!extent(d ? a->y : a->x, a->n, a->stride, &lo, &hi))
        goto skip;
    if (chartex__object_add(obj, "axis", chartex__node_cstring(d ? "y" : "x")) < 0)
        goto fail;
    if (a->kind == CHARTEX_ARTIST_LINE) {
        if (chartex__object_add(obj, "value", chartex__node_value(lo, &axes->axis[d])) < 0)
            goto fail;
    } else if (chartex__object_add(obj, "from", chartex__node_value(lo, &axes->axis[d])) < 0
               || chartex__object_add(obj, "to", chartex__node_value(hi, &axes->axis[d])) < 0) {
        goto fail;
    }
    return obj;
skip:
    *skip = 1;
fail:
    chartex__node_free(obj);
    return NULL;
}

int
chartex__add_reference_lines(chartex__builder *b, chartex__node *obj,
                             const struct chartex_axes *axes)
{
    chartex__node *list = NULL, *one;
    size_t i;
    int skip;

    for (i = 0; i < axes->n_artists; i++) {
        const struct chartex_artist *a = axes->artists[i];

        if (a->role != CHARTEX_ROLE_REFLINE)
            continue;
        one = reference(b, axes, a, &skip);
        if (one == NULL) {
            if (skip)
                continue;
            return -1;
        }
        if (list == NULL) {
            list = chartex__node_new(CHARTEX__NODE_ARRAY);
            if (chartex__object_add(obj, "reference_lines", list) < 0) {
                chartex__node_free(one);
                return -1;
            }
        }
        if (chartex__array_add(list, one) < 0)
            return -1;
    }
    return 0;
}
