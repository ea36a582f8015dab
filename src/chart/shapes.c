/*
 * shapes.c - a chart's "shapes": data drawn as polygons or polylines that
 * no chart type has elements for.  On a 3-D Axes these are the surfaces,
 * 3-D bars, voxels and triangulated surfaces (polygons) and the
 * wireframes, 3-D quivers and stems (polylines), each point [x, y, z] in
 * data values; on a 2-D Axes, free patches (a Rectangle, a Circle, an
 * arrow added with add_patch or ax.arrow), each point [x, y].
 *
 * A shape's polygons are borrowed from the scene; under a point limit
 * every k-th polygon is kept whole (a surface keeps its cells, not parts
 * of their outlines), and the shape says so.
 */
#include "chart/chart.h"

#include <string.h>

int
chartex__artist_is_shape(const struct chartex_axes *axes,
                         const struct chartex_artist *a)
{
    /* Data: a patch without extent (a legend's stand-in) is not. */
    if (!chartex__artist_is_data(a))
        return 0;
    if (axes->flags & CHARTEX_AXES_3D)
        return a->kind == CHARTEX_ARTIST_PATCH || a->kind == CHARTEX_ARTIST_AREA
               || a->kind == CHARTEX_ARTIST_SEGMENTS;
    /* A free patch in data coordinates (a Rectangle, Circle, Ellipse,
     * Polygon, FancyArrow): not an outline (a line element), not a
     * connector or shadow drawn in display space. */
    return a->kind == CHARTEX_ARTIST_PATCH && !chartex__artist_is_outline(a)
           && strcmp(a->cls, "FancyArrowPatch") != 0 && strcmp(a->cls, "ConnectionPatch") != 0
           && strcmp(a->cls, "Shadow") != 0;
}

/* The polygons of a, every step-th one, as lists of points. */
static chartex__node *
polygons_node(const struct chartex_artist *a, const struct chartex_axes *axes,
              size_t step)
{
    const struct chartex_axis *const axis[3] = {
        &axes->axis[0], &axes->axis[1], &axes->axis[2]
    };
    chartex__node *list = chartex__node_new(CHARTEX__NODE_ARRAY), *pts;
    size_t k, off = 0, len;

    if (list == NULL)
        return NULL;
    for (k = 0; k < a->n_parts; off += a->part_len[k], k++) {
        if (k % step != 0)
            continue;
        len = a->part_len[k];
        if (a->z != NULL)
            pts = chartex__node_points3(len, a->x + off, a->y + off, a->z + off, axis);
        else
            pts = chartex__node_points(len, a->x + off, a->y + off, axis[0], axis[1]);
        if (chartex__array_add(list, pts) < 0) {
            chartex__node_free(list);
            return NULL;
        }
    }
    return list;
}

/* The "downsampled" key of a shape that kept every step-th polygon. */
static int
add_shape_downsampled(chartex__node *shape, const struct chartex_artist *a,
                      size_t step, size_t limit)
{
    chartex__node *ds = chartex__node_new(CHARTEX__NODE_OBJECT);

    if (chartex__object_add(shape, "downsampled", ds) < 0)
        return -1;
    return chartex__object_add(ds, "method", chartex__node_cstring("every_kth_polygon")) < 0
                   || chartex__object_add(ds, "step", chartex__node_number((double)step)) < 0
                   || chartex__object_add(ds, "max_points",
                                          chartex__node_number((double)limit)) < 0
                   || chartex__object_add(ds, "original_polygons",
                                          chartex__node_number((double)a->n_parts)) < 0
                   || chartex__object_add(ds, "original_points",
                                          chartex__node_number((double)a->n)) < 0
               ? -1 : 0;
}

static chartex__node *
shape_node(chartex__builder *b, const struct chartex_artist *a,
           const struct chartex_axes *axes)
{
    chartex__node *shape = chartex__node_new(CHARTEX__NODE_OBJECT), *label;
    size_t step, limit;

    if (shape == NULL)
        return NULL;
    if (chartex__limit_shape(b, a->n, &step, &limit) < 0)
        goto fail;
    label = chartex__label_is_default(a->label)
                ? chartex__node_new(CHARTEX__NODE_NULL)
                : chartex__node_string(a->label, strlen(a->label));
    if (chartex__object_add(shape, "label", label) < 0
        || chartex__object_add(shape, "class", chartex__node_cstring(a->cls)) < 0
        || chartex__object_add(shape, "kind",
                               chartex__node_cstring(a->kind == CHARTEX_ARTIST_SEGMENTS
                                                         ? "lines" : "polygons")) < 0
        || chartex__object_add(shape, "polygons", polygons_node(a, axes, step)) < 0)
        goto fail;
    if (step > 1 && add_shape_downsampled(shape, a, step, limit) < 0)
        goto fail;
    return shape;
fail:
    chartex__node_free(shape);
    return NULL;
}

int
chartex__add_shapes(chartex__builder *b, chartex__node *obj,
                    const struct chartex_axes *axes)
{
    chartex__node *list = NULL;
    size_t i;

    for (i = 0; i < axes->n_artists; i++) {
        const struct chartex_artist *a = axes->artists[i];

        /* A box plot's patches are its boxes, a Rectangle drawn as a
         * candle's body is the candle's: whatever chart the shapes go to,
         * a part's taken artists are its own. */
        if (!chartex__artist_is_shape(axes, a) || (b->taken != NULL && b->taken[i]))
            continue;
        if (list == NULL) {
            list = chartex__node_new(CHARTEX__NODE_ARRAY);
            if (chartex__object_add(obj, "shapes", list) < 0)
                return -1;
        }
        if (chartex__array_add(list, shape_node(b, a, axes)) < 0)
            return -1;
    }
    return 0;
}
