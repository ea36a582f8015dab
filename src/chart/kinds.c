/*
 * kinds.c - the chart of each kind (chartex__kind_chart): line and
 * scatter, box_and_whisker, pie and unknown, with their elements and keys;
 * bar charts are bars.c's.  The points of line and scatter elements come
 * from points.c (and the point limit from downsample.c), the boxes from
 * box.c, gridded data from heatmap.c and contours.c, the names of elements
 * and positions from labels.c, the keys of the axes from builder.c.
 */
#include "chart/chart.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------- line and scatter */

static int
is_point_element(const struct chartex_axes *axes, const struct chartex_artist *a,
                 int scatter_chart)
{
    if (!chartex__artist_is_data(a) || chartex__artist_is_shape(axes, a))
        return 0;
    switch (a->kind) {
    case CHARTEX_ARTIST_LINE:
    case CHARTEX_ARTIST_AREA:
    case CHARTEX_ARTIST_SEGMENTS:
    case CHARTEX_ARTIST_STAIRS:
        return 1;
    case CHARTEX_ARTIST_SCATTER:
    case CHARTEX_ARTIST_VECTORS:
        return scatter_chart;
    case CHARTEX_ARTIST_PATCH:
        return chartex__artist_is_outline(a);
    default:
        return 0;
    }
}

static chartex__node *
point_elements(chartex__builder *b, const struct chartex_axes *axes, int scatter_chart)
{
    chartex__node *elements = chartex__node_new(CHARTEX__NODE_ARRAY), *el;
    chartex__labels used = {0, 0, NULL};
    size_t i, n_line = 0, n_scatter = 0, n_area = 0, n_vectors = 0, n_steps = 0;
    size_t prev_area = (size_t)-1;
    unsigned char *upper = NULL;

    upper = chartex__calloc(axes->n_artists ? axes->n_artists : 1, 1);
    if (elements == NULL || upper == NULL)
        goto fail;
    for (i = 0; i < axes->n_artists; i++) {
        const struct chartex_artist *a = axes->artists[i];

        if (!is_point_element(axes, a, scatter_chart) || (b->taken != NULL && b->taken[i]))
            continue;
        if (chartex__note_label(b, &used, a->label) < 0)
            goto fail;
        if (a->kind == CHARTEX_ARTIST_AREA) {
            if (prev_area != (size_t)-1
                && chartex__area_stacked_on(axes->artists[prev_area], a))
                upper[prev_area] = upper[i] = 1;
            prev_area = i;
        }
    }
    for (i = 0; i < axes->n_artists; i++) {
        const struct chartex_artist *a = axes->artists[i];
        chartex__node *label;

        if (!is_point_element(axes, a, scatter_chart) || (b->taken != NULL && b->taken[i])
            || chartex__is_area_edge(axes, a) || chartex__is_line_band(axes, i))
            continue;
        if (a->kind == CHARTEX_ARTIST_SCATTER)
            label = chartex__element_label(b, &used, a->label, "Scatter", n_scatter++);
        else if (a->kind == CHARTEX_ARTIST_VECTORS)
            label = chartex__element_label(b, &used, a->label, "Vectors", n_vectors++);
        else if (a->kind == CHARTEX_ARTIST_STAIRS)
            label = chartex__element_label(b, &used, a->label, "Steps", n_steps++);
        else if (a->kind == CHARTEX_ARTIST_AREA)
            label = chartex__element_label(b, &used, a->label, "Area", n_area++);
        else
            label = chartex__element_label(b, &used, a->label, "Line", n_line++);
        el = chartex__node_new(CHARTEX__NODE_OBJECT);
        if (chartex__array_add(elements, el) < 0) {
            chartex__node_free(label);
            goto fail;
        }
        if (chartex__object_add(el, "label", label) < 0)
            goto fail;
        if (chartex__add_points(b, el, a, axes, upper[i]) < 0)
            goto fail;
    }
    chartex__labels_free(&used);
    chartex__free(upper);
    return elements;
fail:
    chartex__labels_free(&used);
    chartex__free(upper);
    chartex__node_free(elements);
    return NULL;
}

static chartex__node *
point_chart(chartex__builder *b, const struct chartex_axes *axes, chartex__node *title,
            int scatter_chart)
{
    chartex__node *obj = chartex__chart_head(scatter_chart ? "scatter" : "line", title);

    if (obj == NULL)
        return NULL;
    if (chartex__object_add(obj, "elements", point_elements(b, axes, scatter_chart)) < 0
        || chartex__add_axis_labels(b, obj, axes) < 0
        || chartex__add_ticks(b, obj, &axes->axis[0], 'x') < 0
        || chartex__add_ticks(b, obj, &axes->axis[1], 'y') < 0
        /* Points over a heatmap or contours (tricontour's data points):
         * the gridded data stays. */
        || chartex__add_meshes(b, axes, obj) < 0 || chartex__add_contours(b, axes, obj) < 0
        || chartex__add_tick_notes(b, obj) < 0) {
        chartex__node_free(obj);
        return NULL;
    }
    return obj;
}

/* ------------------------------------------------------------------- bars */

/* The bar chart of axes under the budget (bounds.c): built from what it
 * keeps, with "left_out" and "rebinned" after its keys. */
static chartex__node *
bar_part(chartex__builder *b, const struct chartex_axes *axes, chartex__node *title)
{
    const chartex__candles *candles = b->candles;
    chartex__node *obj = NULL;
    chartex__kept kept;

    if (chartex__bound_bars(b, axes, &kept) < 0) {
        chartex__kept_clear(&kept);
        chartex__node_free(title);
        return NULL;
    }
    /* Past the budget on the first pass: the second builds the chart. */
    if (kept.sizing_only) {
        chartex__kept_clear(&kept);
        obj = chartex__chart_head("bar", title);
        if (chartex__object_add(obj, "elements", chartex__node_new(CHARTEX__NODE_ARRAY)) < 0) {
            chartex__node_free(obj);
            return NULL;
        }
        return obj;
    }
    b->kept = &kept;
    b->candles = kept.candles;
    obj = chartex__bar_chart(b, kept.axes, title);
    b->kept = NULL;
    b->candles = candles;
    if (obj != NULL && chartex__add_left_out(obj, &kept) < 0) {
        chartex__node_free(obj);
        obj = NULL;
    }
    chartex__kept_clear(&kept);
    return obj;
}

/* -------------------------------------------------------------------- box */

/* Whether tick i of cat names a category: labelled, and more than a
 * number. */
static int
named_tick(const struct chartex_axis *cat, size_t i)
{
    return isfinite(cat->ticks[i]) && cat->tick_labels[i][0] != '\0'
           && !chartex__numeric_text(cat->tick_labels[i]);
}

/* The position each box is named by: its own, or, for boxes drawn side
 * by side around a category's tick (seaborn 0.12's hue levels at their
 * offsets, on a FixedLocator axis of the category names), that tick's.
 * A box off every tick goes to the nearest named tick when it is closer
 * to it than half the smallest distance between two named ticks, and
 * another box at another position goes to the same tick.  at: bp->n
 * positions, filled; -1 when out of memory. */
static int
box_positions(const struct chartex_axis *cat, const chartex__boxplot *bp, double *at)
{
    double gap = INFINITY, *lo = NULL, *hi = NULL;
    long *near = NULL;
    size_t i, j, nt = cat->n_ticks;
    int rc = -1;

    for (i = 0; i < bp->n; i++)
        at[i] = bp->boxes[i].pos;
    if (nt == 0 || nt > (size_t)LONG_MAX)
        return 0;
    lo = chartex__calloc(nt, sizeof *lo);
    hi = chartex__calloc(nt, sizeof *hi);
    near = chartex__calloc(bp->n ? bp->n : 1, sizeof *near);
    if (lo == NULL || hi == NULL || near == NULL)
        goto done;
    for (i = 0; i < nt; i++) {
        lo[i] = INFINITY;
        hi[i] = -INFINITY;
        if (!named_tick(cat, i))
            continue;
        for (j = i + 1; j < nt; j++)
            if (named_tick(cat, j) && cat->ticks[j] != cat->ticks[i])
                gap = fmin(gap, fabs(cat->ticks[j] - cat->ticks[i]));
    }
    for (i = 0; i < bp->n; i++) {
        double pos = bp->boxes[i].pos, best_d = INFINITY;

        near[i] = -1;
        if (!isfinite(pos) || chartex__tick_at(cat, pos) >= 0)
            continue;
        for (j = 0; j < nt; j++)
            if (named_tick(cat, j) && fabs(pos - cat->ticks[j]) < best_d) {
                best_d = fabs(pos - cat->ticks[j]);
                near[i] = (long)j;
            }
        if (near[i] >= 0 && !(best_d < gap / 2))
            near[i] = -1;
        if (near[i] >= 0) {
            lo[near[i]] = fmin(lo[near[i]], pos);
            hi[near[i]] = fmax(hi[near[i]], pos);
        }
    }
    for (i = 0; i < bp->n; i++)
        if (near[i] >= 0 && hi[near[i]] > lo[near[i]])
            at[i] = cat->ticks[near[i]];
    rc = 0;
done:
    chartex__free(lo);
    chartex__free(hi);
    chartex__free(near);
    return rc;
}

/* A box's "samples" column (the points a Plotly box or violin draws
 * beside it) under the budget, as its outliers are: the extremes and an
 * even sample, with "samples_downsampled" when the budget cut them.
 * Before the box's other columns, which then skip the key.  -1: no memory. */
static int
add_box_samples(chartex__builder *b, chartex__node *el, const struct chartex_artist *a)
{
    size_t n;
    const double *v = chartex__numbers_column(a, "samples", &n);
    chartex__series s;
    chartex__node *obj;

    if (v == NULL)
        return 0;
    if (chartex__limit_values(b, v, n, &s) < 0
        || chartex__object_add(el, "samples", chartex__node_values(s.n, s.x, 1, NULL)) < 0)
        return -1;
    if (s.method == NULL)
        return 0;
    obj = chartex__node_new(CHARTEX__NODE_OBJECT);
    if (chartex__object_add(el, "samples_downsampled", obj) < 0
        || chartex__object_add(obj, "method", chartex__node_cstring(s.method)) < 0
        || chartex__object_add(obj, "max_points", chartex__node_number((double)s.limit)) < 0
        || chartex__object_add(obj, "original_points",
                               chartex__node_number((double)s.original)) < 0)
        return -1;
    return 0;
}

static chartex__node *
box_element(chartex__builder *b, const struct chartex_axes *axes, const chartex__box *box,
            const struct chartex_axis *cat, double at)
{
    chartex__node *el = chartex__node_new(CHARTEX__NODE_OBJECT);
    const struct chartex_artist *a = box->order < axes->n_artists ? axes->artists[box->order]
                                                                 : NULL;
    const char *group = a != NULL ? a->label : NULL;
    const double *outliers = box->outliers;
    size_t n_outliers = box->n_outliers;
    chartex__series out;

    if (el == NULL)
        return NULL;
    /* A violin has no fliers of its own: its reader may give the points
     * it draws beyond the fences as a column (a Plotly violin's). */
    if (box->violin && n_outliers == 0)
        outliers = chartex__numbers_column(a, "outliers", &n_outliers);

    /* Its outliers under the budget: the extremes and an even sample. */
    if (chartex__limit_values(b, outliers, n_outliers, &out) < 0) {
        chartex__node_free(el);
        return NULL;
    }
    if (chartex__object_add(el, "label", chartex__tick_label_node(b, cat, at)) < 0
        || chartex__object_add(el, "min", chartex__number_or_null(box->min)) < 0
        || chartex__object_add(el, "first_quartile", chartex__number_or_null(box->q1)) < 0
        || chartex__object_add(el, "median", chartex__number_or_null(box->median)) < 0
        || chartex__object_add(el, "third_quartile", chartex__number_or_null(box->q3)) < 0
        || chartex__object_add(el, "max", chartex__number_or_null(box->max)) < 0
        || chartex__object_add(el, "outliers", chartex__node_values(out.n, out.x, 1, NULL)) < 0
        || (!isnan(box->mean)
            && chartex__object_add(el, "mean", chartex__number_or_null(box->mean)) < 0)
        || (!chartex__label_is_default(group)
            && chartex__object_add(el, "group", chartex__node_cstring(group)) < 0)
        || chartex__add_downsampled(el, &out) < 0
        || add_box_samples(b, el, a) < 0
        || chartex__add_box_columns(el, a) < 0) {
        chartex__node_free(el);
        return NULL;
    }
    return el;
}

/* The chart's "left_out": the boxes past the budget, from the position
 * at[keep] to at[n - 1].  -1: no memory. */
static int
add_boxes_left_out(chartex__node *obj, const double *at, size_t keep, size_t n,
                   const struct chartex_axis *cat)
{
    chartex__node *list = chartex__node_new(CHARTEX__NODE_ARRAY);
    chartex__node *e = chartex__left_out_entry("boxes", n - keep);

    if (chartex__object_add(obj, "left_out", list) < 0) {
        chartex__node_free(e);
        return -1;
    }
    if (chartex__array_add(list, e) < 0
        || chartex__object_add(e, "from", chartex__node_value(at[keep], cat)) < 0
        || chartex__object_add(e, "to", chartex__node_value(at[n - 1], cat)) < 0)
        return -1;
    return 0;
}

static chartex__node *
box_chart(chartex__builder *b, const struct chartex_axes *axes, const chartex__boxplot *bp,
          chartex__node *title)
{
    chartex__node *obj = chartex__chart_head("box_and_whisker", title), *elements;
    const struct chartex_axis *cat =
        &axes->axis[bp->orientation == CHARTEX_VERTICAL ? 0 : 1];
    double *at = chartex__calloc(bp->n ? bp->n : 1, sizeof *at);
    size_t i, keep;

    if (obj == NULL || at == NULL || box_positions(cat, bp, at) < 0)
        goto fail;
    elements = chartex__node_new(CHARTEX__NODE_ARRAY);
    /* The first boxes in position order under the budget. */
    if (chartex__object_add(obj, "elements", elements) < 0
        || chartex__bound_elements(b, bp->n, CHARTEX__WEIGHT_BOX, &keep) < 0)
        goto fail;
    for (i = 0; i < keep; i++)
        if (chartex__array_add(elements, box_element(b, axes, &bp->boxes[i], cat, at[i])) < 0)
            goto fail;
    if (chartex__add_axis_labels(b, obj, axes) < 0
        || chartex__object_add(obj, "orientation",
                               chartex__node_cstring(chartex__orientation_name(bp->orientation))) < 0
        || (bp->violin && chartex__object_add(obj, "violin", chartex__node_bool(1)) < 0)
        || (keep < bp->n && add_boxes_left_out(obj, at, keep, bp->n, cat) < 0))
        goto fail;
    chartex__free(at);
    return obj;
fail:
    chartex__free(at);
    chartex__node_free(obj);
    return NULL;
}

/* -------------------------------------------------------------------- pie */

/* The angle of a wedge, |theta2 - theta1| in degrees, to the precision
 * matplotlib computes it with, and at most 8 significant digits (exact:
 * to the precision of the doubles given).  pie()
 * works with float32 fractions: the thetas are only known to a float32
 * ulp or two (3e-5 degrees near 360): matplotlib 3.6 draws pie([90, 10])
 * from 0 to 323.99999141693115, 3.10 a 30% wedge to 108.00000762939453.
 * Rounding to the decimal place above that noise gives back 324.0, 36.0
 * and 108.0; 8 significant digits alone would keep 323.99999. */
static double
wedge_angle(double theta1, double theta2, int exact)
{
    char buf[400];
    double angle = fabs(theta2 - theta1), m = fmax(fabs(theta1), fabs(theta2));
    int e, decimals;

    if (!isfinite(angle) || angle == 0 || !isfinite(m))
        return angle;
    frexp(m, &e);
    /* A float32 near m has an ulp of 2^(e - 24); the fraction and the
     * theta are each rounded once, so keep the decimals above two ulps.
     * Exact thetas (CHARTEX_WEDGE_EXACT: a Plotly pie's) are doubles,
     * with an ulp of 2^(e - 53), and the angle between them is off by at
     * most half of one (one rounding placed the wedge's end): keeping the
     * decimals above one ulp (13 below 512 degrees) drops that noise and
     * gives back any angle of 12 decimals or fewer exactly. */
    decimals = -(int)ceil(log10(ldexp(1.0, e - (exact ? 53 : 23))));
    if (decimals < 0)
        decimals = 0;
    if (decimals > 300)
        decimals = 300;
    snprintf(buf, sizeof buf, "%.*f", decimals, angle);
    angle = strtod(buf, NULL);
    if (exact)
        return angle;
    snprintf(buf, sizeof buf, "%.7e", angle);
    return strtod(buf, NULL);
}

/* The chart's "left_out": the n wedges past the budget, and what their
 * angles add up to.  -1: no memory. */
static int
add_wedges_left_out(chartex__node *obj, size_t n, double angles)
{
    chartex__node *list = chartex__node_new(CHARTEX__NODE_ARRAY);
    chartex__node *e = chartex__left_out_entry("wedges", n);

    if (chartex__object_add(obj, "left_out", list) < 0) {
        chartex__node_free(e);
        return -1;
    }
    if (chartex__array_add(list, e) < 0
        || chartex__object_add(e, "angle_sum", chartex__node_number(angles)) < 0)
        return -1;
    return 0;
}

static chartex__node *
pie_chart(chartex__builder *b, const struct chartex_axes *axes, chartex__node *title)
{
    chartex__node *obj = chartex__chart_head("pie", title), *elements;
    size_t i, n = 0, keep, shown = 0;
    double left_angles = 0;

    if (obj == NULL)
        return NULL;
    /* The first wedges in drawing order (plotly.js's: the largest first,
     * when sorted) under the budget. */
    for (i = 0; i < axes->n_artists; i++)
        n += axes->artists[i]->kind == CHARTEX_ARTIST_WEDGE
             && chartex__artist_is_data(axes->artists[i]);
    elements = chartex__node_new(CHARTEX__NODE_ARRAY);
    if (chartex__object_add(obj, "elements", elements) < 0
        || chartex__bound_elements(b, n, CHARTEX__WEIGHT_WEDGE, &keep) < 0)
        goto fail;
    /* Past the budget on the first pass: the second builds the chart. */
    if (chartex__sizing_only(b, n, CHARTEX__WEIGHT_WEDGE))
        return obj;
    for (i = 0; i < axes->n_artists; i++) {
        const struct chartex_artist *a = axes->artists[i];
        chartex__node *el;

        if (a->kind != CHARTEX_ARTIST_WEDGE || !chartex__artist_is_data(a))
            continue;
        if (shown++ >= keep) {
            double angle = wedge_angle(a->theta1, a->theta2,
                                       (a->flags & CHARTEX_WEDGE_EXACT) != 0);

            if (isfinite(angle))
                left_angles += angle;
            continue;
        }
        el = chartex__node_new(CHARTEX__NODE_OBJECT);
        if (chartex__array_add(elements, el) < 0
            || chartex__object_add(el, "label",
                                   chartex__builder_text(b, a->label, strlen(a->label), 0)) < 0
            || chartex__object_add(el, "angle",
                                   chartex__node_number(wedge_angle(
                                       a->theta1, a->theta2,
                                       (a->flags & CHARTEX_WEDGE_EXACT) != 0))) < 0
            || chartex__object_add(el, "radius", chartex__node_number(a->r)) < 0)
            goto fail;
    }
    if (keep < n && add_wedges_left_out(obj, n - keep, left_angles) < 0)
        goto fail;
    return obj;
fail:
    chartex__node_free(obj);
    return NULL;
}

/* ---------------------------------------------------------------- unknown */

static chartex__node *
unknown_chart(chartex__builder *b, const struct chartex_axes *axes, chartex__node *title)
{
    chartex__node *obj = chartex__chart_head("unknown", title);

    if (obj == NULL)
        return NULL;
    /* Its axes named as a line chart's are, so that its numbers (an
     * image's extent, a mesh's edges, shapes) can be read. */
    if (chartex__object_add(obj, "elements", chartex__node_new(CHARTEX__NODE_ARRAY)) < 0
        || chartex__add_axis_labels(b, obj, axes) < 0
        || chartex__add_ticks(b, obj, &axes->axis[0], 'x') < 0
        || chartex__add_ticks(b, obj, &axes->axis[1], 'y') < 0
        || chartex__add_meshes(b, axes, obj) < 0 || chartex__add_contours(b, axes, obj) < 0
        || chartex__add_tick_notes(b, obj) < 0)
        goto fail;
    return obj;
fail:
    chartex__node_free(obj);
    return NULL;
}

/* ------------------------------------------------------------------ kinds */

chartex__node *
chartex__kind_chart(chartex__builder *b, const struct chartex_axes *axes,
                    chartex__kind kind, const chartex__boxplot *bp, chartex__node *title)
{
    switch (kind) {
    case CHARTEX__KIND_BOX:
        return box_chart(b, axes, bp, title);
    case CHARTEX__KIND_PIE:
        return pie_chart(b, axes, title);
    case CHARTEX__KIND_BAR:
        return bar_part(b, axes, title);
    case CHARTEX__KIND_SCATTER:
        return point_chart(b, axes, title, 1);
    case CHARTEX__KIND_LINE:
        return point_chart(b, axes, title, 0);
    default:
        return unknown_chart(b, axes, title);
    }
}
