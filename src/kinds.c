/*
 * kinds.c - the chart of each kind (chartex__kind_chart): line and
 * scatter, bar, box_and_whisker, pie and unknown, with their elements and
 * keys.  The points of line and scatter elements come from points.c (and
 * the point limit from downsample.c), the boxes from box.c, a bar's error
 * bars and labels from errorbars.c and texts.c, gridded data from
 * heatmap.c and contours.c, the keys of the axes from builder.c.
 */
#include "chart.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Strings already used as element labels in the chart being built. */
typedef struct labels {
    size_t n, cap;
    char **v;
} labels;

/* ----------------------------------------------------------------- helpers */

/* A number node, or null for NaN (a statistic the plot does not give). */
static chartex__node *
number_node(double v)
{
    if (isnan(v))
        return chartex__node_new(CHARTEX__NODE_NULL);
    return chartex__node_number(v);
}

static int
labels_has(const labels *l, const char *s, size_t len)
{
    size_t i;

    for (i = 0; i < l->n; i++)
        if (strlen(l->v[i]) == len && memcmp(l->v[i], s, len) == 0)
            return 1;
    return 0;
}

static int
labels_add(labels *l, const char *s, size_t len)
{
    char *copy;

    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 8;
        int overflow = 0;
        char **v = chartex__realloc(l->v, chartex__mul(cap, sizeof *v, &overflow));

        if (v == NULL || overflow)
            return -1;
        l->v = v;
        l->cap = cap;
    }
    copy = chartex__strndup(s, len);
    if (copy == NULL)
        return -1;
    l->v[l->n++] = copy;
    return 0;
}

static void
labels_free(labels *l)
{
    size_t i;

    for (i = 0; i < l->n; i++)
        chartex__free(l->v[i]);
    chartex__free(l->v);
    memset(l, 0, sizeof *l);
}

/* Records the (simplified) explicit label of a, so defaults avoid it. */
static int
note_label(chartex__builder *b, labels *used, const char *label)
{
    if (chartex__label_is_default(label))
        return 0;
    if (chartex__builder_simplify(b, label, strlen(label)) < 0)
        return -1;
    if (labels_has(used, b->text.data, b->text.len))
        return 0;
    return labels_add(used, b->text.data, b->text.len);
}

/* The label node of an element: its own label, or "<prefix> k" with k
 * bumped until no other element of the chart uses it. */
static chartex__node *
element_label(chartex__builder *b, labels *used, const char *label, const char *prefix,
              size_t k)
{
    char buf[64];
    int len;

    if (!chartex__label_is_default(label))
        return chartex__builder_text(b, label, strlen(label), 0);
    for (;; k++) {
        len = snprintf(buf, sizeof buf, "%s %zu", prefix, k);
        if (!labels_has(used, buf, (size_t)len))
            break;
    }
    if (labels_add(used, buf, (size_t)len) < 0)
        return NULL;
    return chartex__node_string(buf, (size_t)len);
}

/* The text a reader sees for a position along a category direction: the
 * category name, the ISO date, or the number. */
static chartex__node *
position_node(double v, const struct chartex_axis *axis)
{
    char buf[64];
    size_t len;

    if (axis != NULL && axis->kind == CHARTEX_AXIS_CATEGORY && isfinite(v)) {
        double r = floor(v + 0.5);

        if (r >= 0 && r < (double)axis->n_categories) {
            const char *s = axis->categories[(size_t)r];

            return chartex__node_string(s, strlen(s));
        }
    }
    if (axis != NULL && axis->kind == CHARTEX_AXIS_DATE) {
        len = chartex__format_date(v, axis->date_epoch, buf);
        if (len > 0)
            return chartex__node_string(buf, len);
    }
    /* A centre recomputed as x + w / 2 can be an ulp away from the
     * position given (0.1 - 0.4 + 0.4 is 0.09999999999999998): 15
     * significant digits take the noise away. */
    v = chartex__round15(v);
    len = chartex__number_label(v, buf);
    return chartex__node_string(buf, len);
}

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
    labels used = {0, 0, NULL};
    size_t i, n_line = 0, n_scatter = 0, n_area = 0, n_vectors = 0, n_steps = 0;
    size_t prev_area = (size_t)-1;
    unsigned char *upper = NULL;

    upper = chartex__calloc(axes->n_artists ? axes->n_artists : 1, 1);
    if (elements == NULL || upper == NULL)
        goto fail;
    for (i = 0; i < axes->n_artists; i++) {
        const struct chartex_artist *a = axes->artists[i];

        if (!is_point_element(axes, a, scatter_chart))
            continue;
        if (note_label(b, &used, a->label) < 0)
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

        if (!is_point_element(axes, a, scatter_chart) || chartex__is_area_edge(axes, a)
            || chartex__is_line_band(axes, i))
            continue;
        if (a->kind == CHARTEX_ARTIST_SCATTER)
            label = element_label(b, &used, a->label, "Scatter", n_scatter++);
        else if (a->kind == CHARTEX_ARTIST_VECTORS)
            label = element_label(b, &used, a->label, "Vectors", n_vectors++);
        else if (a->kind == CHARTEX_ARTIST_STAIRS)
            label = element_label(b, &used, a->label, "Steps", n_steps++);
        else if (a->kind == CHARTEX_ARTIST_AREA)
            label = element_label(b, &used, a->label, "Area", n_area++);
        else
            label = element_label(b, &used, a->label, "Line", n_line++);
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
    labels_free(&used);
    chartex__free(upper);
    return elements;
fail:
    labels_free(&used);
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
        || chartex__add_meshes(b, axes, obj) < 0 || chartex__add_contours(b, axes, obj) < 0) {
        chartex__node_free(obj);
        return NULL;
    }
    return obj;
}

/* ------------------------------------------------------------------- bars */

/* The index of the labelled tick at position pos (within 1e-9 relative),
 * or -1. */
static chartex__node *tick_label_node(chartex__builder *b, const struct chartex_axis *axis,
                               double pos);

static long
tick_at(const struct chartex_axis *axis, double pos)
{
    size_t i;

    for (i = 0; i < axis->n_ticks && i < (size_t)LONG_MAX; i++) {
        double t = axis->ticks[i];

        if ((t == pos || fabs(t - pos) <= 1e-9 * fmax(fabs(t), fabs(pos)))
            && axis->tick_labels[i][0] != '\0')
            return (long)i;
    }
    return -1;
}

/* Whether a tick label is only a number ("3", "-2.5", "1e3", with
 * matplotlib's U+2212 minus), i.e. says nothing the position does not. */
static int
numeric_text(const char *s)
{
    int digits = 0;

    for (; *s; s++) {
        if (*s >= '0' && *s <= '9')
            digits = 1;
        else if (strncmp(s, "\xe2\x88\x92", 3) == 0)
            s += 2;
        else if (strchr("+-.,eE ", *s) == NULL)
            return 0;
    }
    return digits;
}

/* Bars drawn at numeric positions whose ticks name them: pandas'
 * Series.plot.bar() and ax.bar(range(n), v) + set_xticks(range(n), names)
 * put every bar on a tick labelled with its category.  Then the tick labels
 * are the bars' labels; otherwise (offsets, histogram bins, plain numbers)
 * each bar keeps its own position as its label. */
static int
bars_named_by_ticks(const struct chartex_axes *axes)
{
    size_t i, k;
    int named = 0, any = 0;

    for (i = 0; i < axes->n_artists; i++) {
        const struct chartex_artist *a = axes->artists[i];
        int vertical = a->orientation == CHARTEX_VERTICAL;
        const struct chartex_axis *cat = &axes->axis[vertical ? 0 : 1];

        if (a->kind != CHARTEX_ARTIST_BARS || !chartex__artist_is_data(a))
            continue;
        if (cat->kind != CHARTEX_AXIS_NUMERIC)
            return 0;
        for (k = 0; k < a->n; k++) {
            double centre = vertical ? a->bx[k] + a->bw[k] / 2
                                     : a->by[k] + a->bh[k] / 2;
            long t = tick_at(cat, centre);

            if (t < 0)
                return 0;
            any = 1;
            if (!numeric_text(cat->tick_labels[t]))
                named = 1;
        }
    }
    return any && named;
}

/* The error bars of bars a (bar(..., yerr=...)): matplotlib centres each
 * at the bar's end, in the middle of its width, computed as here. */
static int
bar_errors(chartex__builder *b, const struct chartex_axes *axes,
           const struct chartex_artist *a, chartex__errors *errs)
{
    double *px, *py;
    size_t k;

    errs->lo[0] = errs->hi[0] = errs->lo[1] = errs->hi[1] = NULL;
    if (a->group == 0)
        return 0;
    px = chartex__chart_doubles(b->chart, a->n);
    py = chartex__chart_doubles(b->chart, a->n);
    if (px == NULL || py == NULL)
        return -1;
    for (k = 0; k < a->n; k++) {
        if (a->orientation == CHARTEX_VERTICAL) {
            px[k] = a->bx[k] + 0.5 * a->bw[k];
            py[k] = a->by[k] + a->bh[k];
        } else {
            px[k] = a->bx[k] + a->bw[k];
            py[k] = a->by[k] + 0.5 * a->bh[k];
        }
    }
    return chartex__find_errors(b, axes, a, px, py, a->n, errs);
}

/* Adds bar k's "x_error" / "y_error": [lower, upper] as values of the axis
 * the error bar runs along. */
static int
add_bar_errors(chartex__node *el, const chartex__errors *errs, size_t k,
               const struct chartex_axes *axes)
{
    int d;

    for (d = 0; d < 2; d++) {
        double pair[2];

        if (errs->lo[d] == NULL)
            continue;
        pair[0] = errs->lo[d][k];
        pair[1] = errs->hi[d][k];
        if (chartex__object_add(el, d ? "y_error" : "x_error",
                                chartex__node_values(2, pair, 1, &axes->axis[d])) < 0)
            return -1;
    }
    return 0;
}

/* Adds bar k's "bar_label": the text bar_label() put on it. */
static int
add_bar_label(chartex__builder *b, chartex__node *el, const struct chartex_axes *axes,
              const struct chartex_artist *a, size_t k, const chartex__errors *errs)
{
    int d = a->orientation == CHARTEX_VERTICAL ? 1 : 0;
    double lo = errs->lo[d] != NULL ? errs->lo[d][k] : NAN;
    double hi = errs->hi[d] != NULL ? errs->hi[d][k] : NAN;
    const char *text = chartex__bar_label(b, axes, a, k, lo, hi);

    if (text == NULL)
        return 0;
    return chartex__object_add(el, "bar_label", chartex__node_string(text, strlen(text)));
}

static chartex__node *
bar_elements(chartex__builder *b, const struct chartex_axes *axes)
{
    chartex__node *elements = chartex__node_new(CHARTEX__NODE_ARRAY);
    labels used = {0, 0, NULL};
    size_t i, k, n_group = 0;
    int by_ticks = bars_named_by_ticks(axes);

    if (elements == NULL)
        goto fail;
    for (i = 0; i < axes->n_artists; i++) {
        const struct chartex_artist *a = axes->artists[i];

        if (a->kind == CHARTEX_ARTIST_BARS && chartex__artist_is_data(a)
            && note_label(b, &used, a->label) < 0)
            goto fail;
    }
    for (i = 0; i < axes->n_artists; i++) {
        const struct chartex_artist *a = axes->artists[i];
        int vertical = a->orientation == CHARTEX_VERTICAL;
        const struct chartex_axis *cat = &axes->axis[vertical ? 0 : 1];
        chartex__node *group;
        chartex__errors errs;

        if (a->kind != CHARTEX_ARTIST_BARS || !chartex__artist_is_data(a))
            continue;
        if (bar_errors(b, axes, a, &errs) < 0)
            goto fail;
        group = element_label(b, &used, a->label, "Group", n_group++);
        if (group == NULL)
            goto fail;
        for (k = 0; k < a->n; k++) {
            double value = a->values != NULL ? a->values[k]
                         : vertical ? a->bh[k] : a->bw[k];
            double centre = vertical ? a->bx[k] + a->bw[k] / 2
                                     : a->by[k] + a->bh[k] / 2;
            chartex__node *el = chartex__node_new(CHARTEX__NODE_OBJECT);
            chartex__node *g = chartex__node_string(group->u.string.s,
                                                    group->u.string.len);

            if (chartex__array_add(elements, el) < 0) {
                chartex__node_free(g);
                chartex__node_free(group);
                goto fail;
            }
            if (chartex__object_add(el, "label",
                                    by_ticks ? tick_label_node(b, cat, centre)
                                             : position_node(centre, cat)) < 0) {
                chartex__node_free(g);
                chartex__node_free(group);
                goto fail;
            }
            if (chartex__object_add(el, "group", g) < 0
                || chartex__object_add(el, "value", chartex__node_number(value)) < 0
                || add_bar_errors(el, &errs, k, axes) < 0
                || add_bar_label(b, el, axes, a, k, &errs) < 0
                || chartex__add_element_columns(el, a, k) < 0) {
                chartex__node_free(group);
                goto fail;
            }
        }
        chartex__node_free(group);
    }
    labels_free(&used);
    return elements;
fail:
    labels_free(&used);
    chartex__node_free(elements);
    return NULL;
}

static const char *
orientation_name(chartex_orientation o)
{
    return o == CHARTEX_HORIZONTAL ? "horizontal" : "vertical";
}

static chartex__node *
bar_chart(chartex__builder *b, const struct chartex_axes *axes, chartex__node *title)
{
    chartex__node *obj = chartex__chart_head("bar", title);
    chartex_orientation o = CHARTEX_VERTICAL;
    size_t i;

    if (obj == NULL)
        return NULL;
    for (i = 0; i < axes->n_artists; i++) {
        const struct chartex_artist *a = axes->artists[i];

        if (a->kind == CHARTEX_ARTIST_BARS && chartex__artist_is_data(a)) {
            o = a->orientation;
            break;
        }
    }
    if (chartex__object_add(obj, "elements", bar_elements(b, axes)) < 0
        || chartex__add_axis_labels(b, obj, axes) < 0
        || chartex__object_add(obj, "orientation",
                               chartex__node_cstring(orientation_name(o))) < 0) {
        chartex__node_free(obj);
        return NULL;
    }
    return obj;
}

/* -------------------------------------------------------------------- box */

/* The label at a position along a category direction (a box's, or a bar's
 * named by ticks): the tick label there, else the position as text. */
static chartex__node *
tick_label_node(chartex__builder *b, const struct chartex_axis *axis, double pos)
{
    long i = tick_at(axis, pos);

    if (i >= 0) {
        const char *s = axis->tick_labels[i];

        if (chartex__builder_simplify(b, s, strlen(s)) < 0)
            return NULL;
        if (b->text.len > 0)
            return chartex__node_string(b->text.data, b->text.len);
    }
    return position_node(pos, axis);
}

static chartex__node *
box_element(chartex__builder *b, const struct chartex_axes *axes, const chartex__box *box,
            const struct chartex_axis *cat)
{
    chartex__node *el = chartex__node_new(CHARTEX__NODE_OBJECT);
    const char *group = box->order < axes->n_artists ? axes->artists[box->order]->label : NULL;

    if (el == NULL)
        return NULL;
    if (chartex__object_add(el, "label", tick_label_node(b, cat, box->pos)) < 0
        || chartex__object_add(el, "min", number_node(box->min)) < 0
        || chartex__object_add(el, "first_quartile", number_node(box->q1)) < 0
        || chartex__object_add(el, "median", number_node(box->median)) < 0
        || chartex__object_add(el, "third_quartile", number_node(box->q3)) < 0
        || chartex__object_add(el, "max", number_node(box->max)) < 0
        || chartex__object_add(el, "outliers",
                               chartex__node_values(box->n_outliers, box->outliers,
                                                    1, NULL)) < 0
        || (!isnan(box->mean)
            && chartex__object_add(el, "mean", number_node(box->mean)) < 0)
        || (!chartex__label_is_default(group)
            && chartex__object_add(el, "group", chartex__node_cstring(group)) < 0)) {
        chartex__node_free(el);
        return NULL;
    }
    return el;
}

static chartex__node *
box_chart(chartex__builder *b, const struct chartex_axes *axes, const chartex__boxplot *bp,
          chartex__node *title)
{
    chartex__node *obj = chartex__chart_head("box_and_whisker", title), *elements;
    const struct chartex_axis *cat =
        &axes->axis[bp->orientation == CHARTEX_VERTICAL ? 0 : 1];
    size_t i;

    if (obj == NULL)
        return NULL;
    elements = chartex__node_new(CHARTEX__NODE_ARRAY);
    if (chartex__object_add(obj, "elements", elements) < 0)
        goto fail;
    for (i = 0; i < bp->n; i++)
        if (chartex__array_add(elements, box_element(b, axes, &bp->boxes[i], cat)) < 0)
            goto fail;
    if (chartex__add_axis_labels(b, obj, axes) < 0
        || chartex__object_add(obj, "orientation",
                               chartex__node_cstring(orientation_name(bp->orientation))) < 0
        || (bp->violin && chartex__object_add(obj, "violin", chartex__node_bool(1)) < 0))
        goto fail;
    return obj;
fail:
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

static chartex__node *
pie_chart(chartex__builder *b, const struct chartex_axes *axes, chartex__node *title)
{
    chartex__node *obj = chartex__chart_head("pie", title), *elements;
    size_t i;

    if (obj == NULL)
        return NULL;
    elements = chartex__node_new(CHARTEX__NODE_ARRAY);
    if (chartex__object_add(obj, "elements", elements) < 0)
        goto fail;
    for (i = 0; i < axes->n_artists; i++) {
        const struct chartex_artist *a = axes->artists[i];
        chartex__node *el;

        if (a->kind != CHARTEX_ARTIST_WEDGE || !chartex__artist_is_data(a))
            continue;
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
        || chartex__add_meshes(b, axes, obj) < 0 || chartex__add_contours(b, axes, obj) < 0)
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
        return bar_chart(b, axes, title);
    case CHARTEX__KIND_SCATTER:
        return point_chart(b, axes, title, 1);
    case CHARTEX__KIND_LINE:
        return point_chart(b, axes, title, 0);
    default:
        return unknown_chart(b, axes, title);
    }
}
