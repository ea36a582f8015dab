/*
 * extract.c - the chart tree of a scene (chartex_chart_from_scene_opts):
 * the options, one chart per Axes that carries data or a superchart of
 * several, each Axes' limits, what every Axes' chart ends with (its texts,
 * a 3-D Axes' third axis, shapes), and the budget's second pass.  Which
 * chart an Axes is comes from classify.c, the chart of each kind from
 * kinds.c, its title from builder.c.
 *
 * Keys are added in the order of E2B's schema, every key always present
 * (null where nothing applies), additional keys after them.  Bulk data is
 * not copied into one node per number: POINTS and VALUES nodes borrow the
 * scene's arrays together with the axis that gives them meaning, and dates
 * and categories are rendered when the tree is emitted.
 *
 * The chart returned belongs to the caller (chartex_chart_free, node.c):
 * it owns its tree and the arrays made for it, and borrows the scene's, so
 * it must be freed before the scene.
 */
#include "chart/chart.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

/* ------------------------------------------------------------------ scene */

/* ceil(v) as a size, saturating (v > 0). */
static size_t
size_ceil(double v)
{
    return v >= (double)(SIZE_MAX / 2) ? SIZE_MAX / 2 : (size_t)ceil(v);
}

/* The limits of the Axes about to be built (chartex_options): a fixed
 * limit per series, and what its picture can show where its size is
 * known: points_per_pixel points per pixel column for a series, one cell
 * per pixel for an image. */
static void
axes_limits(chartex__builder *b, const struct chartex_axes *axes)
{
    size_t cap = b->opt_max_points;

    b->max_cells = 0;
    b->px_width = axes->px_width;
    b->px_height = axes->px_height;
    if (b->points_per_pixel > 0 && axes->px_width > 0) {
        /* points_per_pixel per pixel column, and the first and last
         * points: for a line at 4, one run of minmax per column. */
        size_t px = size_ceil(b->points_per_pixel * axes->px_width) + 2;
        size_t w = size_ceil(axes->px_width), h = size_ceil(axes->px_height);

        if (px < CHARTEX_MIN_MAX_POINTS)
            px = CHARTEX_MIN_MAX_POINTS;
        if (cap == 0 || px < cap)
            cap = px;
        b->max_cells = w > SIZE_MAX / h ? SIZE_MAX : w * h;
    }
    b->max_points = cap;
}

/* A copy of a title node (a string or null).  NULL: no memory. */
static chartex__node *
title_copy(const chartex__node *title)
{
    if (title->type == CHARTEX__NODE_STRING)
        return chartex__node_string(title->u.string.s, title->u.string.len);
    return chartex__node_new(CHARTEX__NODE_NULL);
}

/* The chart of an Axes: its one part's chart, or a superchart of its
 * parts (classify.c), each titled with the Axes' title.  What belongs to
 * the Axes rather than to one kind (the texts no bar took, shapes, the
 * third axis of a 3-D Axes, its records) goes to its first chart that can
 * say it. */
static chartex__node *
axes_chart(chartex__builder *b, const struct chartex_axes *axes, const chartex__parts *parts,
           const char *fallback_title)
{
    chartex__node *title, *obj = NULL, *charts = NULL, *one, *first = NULL;
    size_t i;
    int notes = 1;

    axes_limits(b, axes);
    title = chartex__axes_title(b, axes, fallback_title);
    if (title == NULL)
        return NULL;
    /* Which texts went to bars: not annotations too. */
    b->used_texts = chartex__calloc(axes->n_artists ? axes->n_artists : 1, 1);
    if (b->used_texts == NULL) {
        chartex__node_free(title);
        return NULL;
    }
    b->taken = parts->taken;
    b->candles = parts->candles.n > 0 ? &parts->candles : NULL;
    if (parts->n == 1) {
        obj = first = chartex__kind_chart(b, axes, parts->kind[0], &parts->bp, title);
        notes = parts->kind[0] != CHARTEX__KIND_PIE;
    } else {
        obj = chartex__chart_head("superchart", title_copy(title));
        charts = chartex__node_new(CHARTEX__NODE_ARRAY);
        if (chartex__object_add(obj, "elements", charts) < 0
            || chartex__object_add(obj, "overlaid", chartex__node_bool(1)) < 0) {
            chartex__node_free(title);
            goto fail;
        }
        for (i = 0; i < parts->n; i++) {
            one = chartex__kind_chart(b, axes, parts->kind[i], &parts->bp,
                                      i + 1 < parts->n ? title_copy(title) : title);
            if (chartex__array_add(charts, one) < 0) {
                if (i + 1 < parts->n)
                    chartex__node_free(title);
                goto fail;
            }
            /* Annotations go to the first chart that is no pie. */
            if (first == NULL && parts->kind[i] != CHARTEX__KIND_PIE)
                first = one;
        }
        if (first == NULL) {
            first = charts->u.list.items[0];
            notes = 0;
        }
    }
    if (first == NULL || chartex__add_texts(b, first, axes, notes) < 0
        || (notes && chartex__add_reference_lines(b, first, axes) < 0))
        goto fail;
    /* A 3-D Axes' chart names its third axis; shapes go to the first chart
     * that is no box plot. */
    if ((axes->flags & CHARTEX_AXES_3D) && chartex__add_z_axis(b, first, axes) < 0)
        goto fail;
    if (parts->n == 1 ? parts->kind[0] != CHARTEX__KIND_BOX : 1) {
        chartex__node *target = first;

        for (i = 0; charts != NULL && i < parts->n; i++)
            if (parts->kind[i] != CHARTEX__KIND_BOX) {
                target = charts->u.list.items[i];
                break;
            }
        if (chartex__add_shapes(b, target, axes) < 0)
            goto fail;
    }
    /* The Axes' records (records.c), after the first chart's other keys. */
    if (chartex__add_records(b, first, axes) < 0)
        goto fail;
    b->taken = NULL;
    b->candles = NULL;
    chartex__free(b->used_texts);
    b->used_texts = NULL;
    return obj;
fail:
    b->taken = NULL;
    b->candles = NULL;
    chartex__free(b->used_texts);
    b->used_texts = NULL;
    chartex__node_free(obj);
    return NULL;
}

chartex_chart *
chartex_chart_from_scene(const chartex_scene *scene, chartex_error *err)
{
    return chartex_chart_from_scene_opts(scene, NULL, err);
}

/* The chart's root: one Axes' chart, or a superchart of several; NULL for
 * a scene with no data (*empty set) or when memory ran out. */
static chartex__node *
build_root(chartex__builder *b, const chartex_scene *scene, const chartex__parts *parts,
           size_t n_charts, size_t last)
{
    chartex__node *root, *charts, *one, *title;
    const char *sup = scene->suptitle;
    size_t i;

    if (n_charts == 1)
        return axes_chart(b, scene->axes[last], &parts[last], sup);
    if (sup != NULL && sup[0] != '\0')
        title = chartex__builder_text(b, sup, strlen(sup), 1);
    else
        title = chartex__node_new(CHARTEX__NODE_NULL);
    root = chartex__chart_head("superchart", title);
    if (root == NULL)
        return NULL;
    charts = chartex__node_new(CHARTEX__NODE_ARRAY);
    if (chartex__object_add(root, "elements", charts) < 0)
        goto fail;
    for (i = 0; i < scene->n_axes; i++) {
        if (parts[i].n == 0)
            continue;
        one = axes_chart(b, scene->axes[i], &parts[i], NULL);
        if (chartex__array_add(charts, one) < 0)
            goto fail;
    }
    return root;
fail:
    chartex__node_free(root);
    return NULL;
}

/* The top-level "budget" key: the budget, and the points and cells the
 * chart's series and images had before any limit (and its elements of
 * the bounded kinds, when it has any). */
static int
add_budget(chartex__node *root, size_t budget, size_t total, size_t elements)
{
    chartex__node *obj = chartex__node_new(CHARTEX__NODE_OBJECT);

    if (chartex__object_add(root, "budget", obj) < 0)
        return -1;
    return chartex__object_add(obj, "max_total_points", chartex__node_number((double)budget)) < 0
                   || chartex__object_add(obj, "original_points",
                                          chartex__node_number((double)total)) < 0
                   || (elements != 0
                       && chartex__object_add(obj, "original_elements",
                                              chartex__node_number((double)elements)) < 0)
               ? -1 : 0;
}

static int
check_options(const chartex_options *opts, chartex_error *err)
{
    if (opts == NULL)
        return 0;
    if (opts->max_points != 0 && opts->max_points < CHARTEX_MIN_MAX_POINTS)
        return chartex__error(err, CHARTEX_ERR_INVALID, "max_points must be 0 or at least %d",
                              CHARTEX_MIN_MAX_POINTS);
    if (opts->max_total_points != 0 && opts->max_total_points < CHARTEX_MIN_MAX_POINTS)
        return chartex__error(err, CHARTEX_ERR_INVALID,
                              "max_total_points must be 0 or at least %d",
                              CHARTEX_MIN_MAX_POINTS);
    if (!(opts->points_per_pixel == 0
          || (isfinite(opts->points_per_pixel) && opts->points_per_pixel > 0)))
        return chartex__error(err, CHARTEX_ERR_INVALID,
                              "points_per_pixel must be 0 or a finite number above 0");
    return 0;
}

chartex_chart *
chartex_chart_from_scene_opts(const chartex_scene *scene,
                              const chartex_options *opts, chartex_error *err)
{
    chartex__builder b;
    chartex__sizes sizes;
    chartex_chart *chart = NULL;
    chartex__parts *parts = NULL;
    size_t i, n_charts = 0, last = 0, budget, level, total = 0, elements = 0;

    memset(&b, 0, sizeof b);
    memset(&sizes, 0, sizeof sizes);
    if (scene == NULL) {
        chartex__error(err, CHARTEX_ERR_INVALID, "no scene");
        return NULL;
    }
    if (check_options(opts, err) < 0)
        return NULL;
    if (opts != NULL) {
        b.opt_max_points = opts->max_points;
        b.points_per_pixel = opts->points_per_pixel;
    }
    budget = opts != NULL ? opts->max_total_points : 0;
    chart = chartex__chart_new();
    parts = chartex__calloc(scene->n_axes ? scene->n_axes : 1, sizeof *parts);
    if (chart == NULL || parts == NULL)
        goto nomem;
    b.chart = chart;
    chart->max_string = opts != NULL ? opts->max_string : 0;
    for (i = 0; i < scene->n_axes; i++) {
        if (chartex__classify(scene->axes[i], &parts[i], err) < 0)
            goto fail;
        if (parts[i].n > 0) {
            n_charts++;
            last = i;
        }
    }
    if (n_charts > 0) {
        /* With a budget, the first build records every series' and
         * image's size; should they not fit, the chart is built again
         * under the common limit that makes them fit. */
        b.record = budget != 0 ? &sizes : NULL;
        b.budget = budget;
        chart->root = build_root(&b, scene, parts, n_charts, last);
        if (chart->root == NULL)
            goto nomem;
        b.record = NULL;
        level = chartex__budget_level(&sizes, budget, &total, &elements);
        if (level != 0) {
            chartex_chart_free(chart);
            chart = chartex__chart_new();
            if (chart == NULL)
                goto nomem;
            chart->max_string = opts->max_string;
            b.chart = chart;
            b.level = level;
            chart->root = build_root(&b, scene, parts, n_charts, last);
            if (chart->root == NULL || add_budget(chart->root, budget, total, elements) < 0)
                goto nomem;
        }
    }
    for (i = 0; i < scene->n_axes; i++)
        chartex__classify_clear(&parts[i]);
    chartex__free(parts);
    chartex__buf_free(&b.text);
    chartex__sizes_clear(&sizes);
    return chart;
nomem:
    chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory building the chart");
fail:
    if (parts != NULL)
        for (i = 0; i < scene->n_axes; i++)
            chartex__classify_clear(&parts[i]);
    chartex__free(parts);
    chartex__buf_free(&b.text);
    chartex__sizes_clear(&sizes);
    chartex_chart_free(chart);
    return NULL;
}
