/*
 * extract.c - the chart tree of a scene: one chart per Axes that carries
 * data, its elements, labels, units, ticks and scales.  The points of line
 * and scatter elements come from points.c (and the point limit from
 * downsample.c); which chart an Axes is, from classify.c.
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
#include "chart.h"

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Strings already used as element labels in the chart being built. */
typedef struct labels {
    size_t n, cap;
    char **v;
} labels;

/* ----------------------------------------------------------------- helpers */

/* Simplifies s into b->text.  -1: no memory. */
static int
simplify(chartex__builder *b, const char *s, size_t len)
{
    b->text.len = 0;
    if (b->text.data != NULL)
        b->text.data[0] = '\0';
    if (chartex__buf_reserve(&b->text, len) < 0)
        return -1;
    if (chartex__simplify_text(&b->text, s, len) < 0 || b->text.failed)
        return -1;
    return 0;
}

/* The simplified text as a string node; a null node when it is empty and
 * null_if_empty.  NULL: no memory. */
static chartex__node *
text_node(chartex__builder *b, const char *s, size_t len, int null_if_empty)
{
    if (s == NULL || len == 0)
        return null_if_empty ? chartex__node_new(CHARTEX__NODE_NULL)
                             : chartex__node_string("", 0);
    if (simplify(b, s, len) < 0)
        return NULL;
    if (b->text.len == 0 && null_if_empty)
        return chartex__node_new(CHARTEX__NODE_NULL);
    return chartex__node_string(b->text.data ? b->text.data : "", b->text.len);
}

chartex__node *
chartex__builder_text(chartex__builder *b, const char *s, size_t len, int null_if_empty)
{
    return text_node(b, s, len, null_if_empty);
}

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
    if (simplify(b, label, strlen(label)) < 0)
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
        return text_node(b, label, strlen(label), 0);
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

static const char *
scale_name(const struct chartex_axis *axis)
{
    if (axis->kind == CHARTEX_AXIS_DATE)
        return "datetime";
    if (axis->kind == CHARTEX_AXIS_CATEGORY)
        return "categorical";
    return axis->scale != NULL && axis->scale[0] ? axis->scale : "linear";
}

/* ------------------------------------------------------------- chart keys */

static chartex__node *
axes_title(chartex__builder *b, const struct chartex_axes *axes, const char *fallback)
{
    static const chartex_title_loc order[3] = {
        CHARTEX_TITLE_CENTER, CHARTEX_TITLE_LEFT, CHARTEX_TITLE_RIGHT
    };
    size_t i;

    for (i = 0; i < 4; i++) {
        const char *s = i < 3 ? axes->title[order[i]] : fallback;

        if (s == NULL || s[0] == '\0')
            continue;
        if (simplify(b, s, strlen(s)) < 0)
            return NULL;
        if (b->text.len > 0)
            return chartex__node_string(b->text.data, b->text.len);
    }
    return chartex__node_new(CHARTEX__NODE_NULL);
}

static chartex__node *
unit_node(chartex__builder *b, const char *label)
{
    size_t start, len;

    if (label == NULL || !chartex__label_unit(label, &start, &len))
        return chartex__node_new(CHARTEX__NODE_NULL);
    return text_node(b, label + start, len, 1);
}

/* type, title: the start of every chart. */
static chartex__node *
chart_head(const char *type, chartex__node *title)
{
    chartex__node *obj = chartex__node_new(CHARTEX__NODE_OBJECT);

    if (obj == NULL) {
        chartex__node_free(title);
        return NULL;
    }
    if (chartex__object_add(obj, "type", chartex__node_cstring(type)) < 0) {
        chartex__node_free(title);
        chartex__node_free(obj);
        return NULL;
    }
    if (chartex__object_add(obj, "title", title) < 0) {
        chartex__node_free(obj);
        return NULL;
    }
    return obj;
}

static int
add_axis_labels(chartex__builder *b, chartex__node *obj, const struct chartex_axes *axes)
{
    const char *xl = axes->axis[0].label, *yl = axes->axis[1].label;

    if (chartex__object_add(obj, "x_label", text_node(b, xl, xl ? strlen(xl) : 0, 1)) < 0
        || chartex__object_add(obj, "y_label", text_node(b, yl, yl ? strlen(yl) : 0, 1)) < 0
        || chartex__object_add(obj, "x_unit", unit_node(b, xl)) < 0
        || chartex__object_add(obj, "y_unit", unit_node(b, yl)) < 0)
        return -1;
    return 0;
}

/* <p>_ticks, <p>_tick_labels, <p>_scale for one axis: the ticks inside
 * the view interval (all of them when the view is unknown), with a 1e-10
 * relative tolerance for ticks computed at the very ends of the view. */
static int
add_ticks(chartex__builder *b, chartex__node *obj, const struct chartex_axis *axis, char p)
{
    static const char *const names[3][3] = {
        { "x_ticks", "x_tick_labels", "x_scale" },
        { "y_ticks", "y_tick_labels", "y_scale" },
        { "z_ticks", "z_tick_labels", "z_scale" },
    };
    const char *const *key = names[p == 'x' ? 0 : p == 'y' ? 1 : 2];
    chartex__node *ticks = NULL, *tick_labels = NULL;
    double lo = axis->view_lo, hi = axis->view_hi, tol = 0;
    int filter = isfinite(lo) && isfinite(hi);
    size_t i, n = 0;
    double *v;
    int overflow = 0, rc;

    if (filter) {
        if (lo > hi) {
            double t = lo;

            lo = hi;
            hi = t;
        }
        tol = 1e-10 * fmax(fmax(fabs(lo), fabs(hi)), hi - lo);
    }
    ticks = chartex__node_new(CHARTEX__NODE_VALUES);
    if (ticks == NULL)
        goto fail;
    v = chartex__malloc(chartex__mul(axis->n_ticks ? axis->n_ticks : 1,
                                     sizeof *v, &overflow));
    if (v == NULL)
        goto fail;
    ticks->u.values.owned = v;  /* freed with the node from here on */
    ticks->u.values.v = v;
    ticks->u.values.axis = axis;
    tick_labels = chartex__node_new(CHARTEX__NODE_ARRAY);
    if (tick_labels == NULL)
        goto fail;
    for (i = 0; i < axis->n_ticks; i++) {
        double t = axis->ticks[i];
        const char *s = axis->tick_labels[i];

        if (filter && !(t >= lo - tol && t <= hi + tol))
            continue;
        /* A tick must be a value (the schema and E2B's clients take a
         * number or a string): one that would be written as null, a
         * non-finite location or a date outside years 1-9999 (a symlog
         * date axis reaches -1e6 days), is left out with its label. */
        if (!isfinite(t))
            continue;
        if (axis->kind == CHARTEX_AXIS_DATE) {
            char buf[CHARTEX__DATE_BUFSIZE];

            if (chartex__format_date(t, axis->date_epoch, buf) == 0)
                continue;
        }
        v[n++] = t;
        if (chartex__array_add(tick_labels, text_node(b, s, strlen(s), 0)) < 0)
            goto fail;
    }
    ticks->u.values.n = n;
    rc = chartex__object_add(obj, key[0], ticks);
    ticks = NULL;  /* owned by obj, even on failure */
    if (rc < 0)
        goto fail;
    rc = chartex__object_add(obj, key[1], tick_labels);
    tick_labels = NULL;
    if (rc < 0)
        goto fail;
    if (chartex__object_add(obj, key[2], chartex__node_cstring(scale_name(axis))) < 0)
        goto fail;
    return 0;
fail:
    chartex__node_free(ticks);
    chartex__node_free(tick_labels);
    return -1;
}

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
    chartex__node *obj = chart_head(scatter_chart ? "scatter" : "line", title);

    if (obj == NULL)
        return NULL;
    if (chartex__object_add(obj, "elements", point_elements(b, axes, scatter_chart)) < 0
        || add_axis_labels(b, obj, axes) < 0
        || add_ticks(b, obj, &axes->axis[0], 'x') < 0
        || add_ticks(b, obj, &axes->axis[1], 'y') < 0
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
                || add_bar_label(b, el, axes, a, k, &errs) < 0) {
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
    chartex__node *obj = chart_head("bar", title);
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
        || add_axis_labels(b, obj, axes) < 0
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

        if (simplify(b, s, strlen(s)) < 0)
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
    chartex__node *obj = chart_head("box_and_whisker", title), *elements;
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
    if (add_axis_labels(b, obj, axes) < 0
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
 * matplotlib computes it with, and at most 8 significant digits.  pie()
 * works with float32 fractions: the thetas are only known to a float32
 * ulp or two (3e-5 degrees near 360): matplotlib 3.6 draws pie([90, 10])
 * from 0 to 323.99999141693115, 3.10 a 30% wedge to 108.00000762939453.
 * Rounding to the decimal place above that noise gives back 324.0, 36.0
 * and 108.0; 8 significant digits alone would keep 323.99999. */
static double
wedge_angle(double theta1, double theta2)
{
    char buf[400];
    double angle = fabs(theta2 - theta1), m = fmax(fabs(theta1), fabs(theta2));
    int e, decimals;

    if (!isfinite(angle) || angle == 0 || !isfinite(m))
        return angle;
    frexp(m, &e);
    /* A float32 near m has an ulp of 2^(e - 24); the fraction and the
     * theta are each rounded once, so keep the decimals above two ulps. */
    decimals = -(int)ceil(log10(ldexp(1.0, e - 23)));
    if (decimals < 0)
        decimals = 0;
    if (decimals > 300)
        decimals = 300;
    snprintf(buf, sizeof buf, "%.*f", decimals, angle);
    angle = strtod(buf, NULL);
    snprintf(buf, sizeof buf, "%.7e", angle);
    return strtod(buf, NULL);
}

static chartex__node *
pie_chart(chartex__builder *b, const struct chartex_axes *axes, chartex__node *title)
{
    chartex__node *obj = chart_head("pie", title), *elements;
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
                                   text_node(b, a->label, strlen(a->label), 0)) < 0
            || chartex__object_add(el, "angle",
                                   chartex__node_number(wedge_angle(a->theta1, a->theta2))) < 0
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
    chartex__node *obj = chart_head("unknown", title);

    if (obj == NULL)
        return NULL;
    /* Its axes named as a line chart's are, so that its numbers (an
     * image's extent, a mesh's edges, shapes) can be read. */
    if (chartex__object_add(obj, "elements", chartex__node_new(CHARTEX__NODE_ARRAY)) < 0
        || add_axis_labels(b, obj, axes) < 0
        || add_ticks(b, obj, &axes->axis[0], 'x') < 0
        || add_ticks(b, obj, &axes->axis[1], 'y') < 0
        || chartex__add_meshes(b, axes, obj) < 0 || chartex__add_contours(b, axes, obj) < 0)
        goto fail;
    return obj;
fail:
    chartex__node_free(obj);
    return NULL;
}

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

/* A 3-D Axes' third axis: z_label, z_unit, z_ticks, z_tick_labels,
 * z_scale, after the chart's own keys. */
static int
add_z_axis(chartex__builder *b, chartex__node *obj, const struct chartex_axes *axes)
{
    const char *zl = axes->axis[2].label;

    if (chartex__object_add(obj, "z_label", text_node(b, zl, zl ? strlen(zl) : 0, 1)) < 0
        || chartex__object_add(obj, "z_unit", unit_node(b, zl)) < 0)
        return -1;
    return add_ticks(b, obj, &axes->axis[2], 'z');
}

static chartex__node *
kind_chart(chartex__builder *b, const struct chartex_axes *axes, chartex__kind kind,
           const chartex__boxplot *bp, chartex__node *title)
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

static chartex__node *
axes_chart(chartex__builder *b, const struct chartex_axes *axes, chartex__kind kind,
           const chartex__boxplot *bp, const char *fallback_title)
{
    chartex__node *title, *obj;

    axes_limits(b, axes);
    title = axes_title(b, axes, fallback_title);

    if (title == NULL)
        return NULL;
    /* Which texts went to bars: not annotations too. */
    b->used_texts = chartex__calloc(axes->n_artists ? axes->n_artists : 1, 1);
    if (b->used_texts == NULL) {
        chartex__node_free(title);
        return NULL;
    }
    obj = kind_chart(b, axes, kind, bp, title);
    if (obj != NULL && chartex__add_texts(b, obj, axes, kind != CHARTEX__KIND_PIE) < 0) {
        chartex__node_free(obj);
        obj = NULL;
    }
    chartex__free(b->used_texts);
    b->used_texts = NULL;
    if (obj == NULL)
        return NULL;
    /* A 3-D Axes' chart names its third axis. */
    if (((axes->flags & CHARTEX_AXES_3D) && add_z_axis(b, obj, axes) < 0)
        || (kind != CHARTEX__KIND_BOX && chartex__add_shapes(b, obj, axes) < 0)) {
        chartex__node_free(obj);
        return NULL;
    }
    return obj;
}

chartex_chart *
chartex_chart_from_scene(const chartex_scene *scene, chartex_error *err)
{
    return chartex_chart_from_scene_opts(scene, NULL, err);
}

/* The chart's root: one Axes' chart, or a superchart of several; NULL for
 * a scene with no data (*empty set) or when memory ran out. */
static chartex__node *
build_root(chartex__builder *b, const chartex_scene *scene, const chartex__kind *kinds,
           const chartex__boxplot *bps, size_t n_charts, size_t last)
{
    chartex__node *root, *charts, *one, *title;
    const char *sup = scene->suptitle;
    size_t i;

    if (n_charts == 1)
        return axes_chart(b, scene->axes[last], kinds[last], &bps[last], sup);
    if (sup != NULL && sup[0] != '\0')
        title = text_node(b, sup, strlen(sup), 1);
    else
        title = chartex__node_new(CHARTEX__NODE_NULL);
    root = chart_head("superchart", title);
    if (root == NULL)
        return NULL;
    charts = chartex__node_new(CHARTEX__NODE_ARRAY);
    if (chartex__object_add(root, "elements", charts) < 0)
        goto fail;
    for (i = 0; i < scene->n_axes; i++) {
        if (kinds[i] == CHARTEX__KIND_NONE)
            continue;
        one = axes_chart(b, scene->axes[i], kinds[i], &bps[i], NULL);
        if (chartex__array_add(charts, one) < 0)
            goto fail;
    }
    return root;
fail:
    chartex__node_free(root);
    return NULL;
}

/* The top-level "budget" key: the budget, and the points and cells the
 * chart's series and images had before any limit. */
static int
add_budget(chartex__node *root, size_t budget, size_t total)
{
    chartex__node *obj = chartex__node_new(CHARTEX__NODE_OBJECT);

    if (chartex__object_add(root, "budget", obj) < 0)
        return -1;
    return chartex__object_add(obj, "max_total_points", chartex__node_number((double)budget)) < 0
                   || chartex__object_add(obj, "original_points",
                                          chartex__node_number((double)total)) < 0
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
    chartex__kind *kinds = NULL;
    chartex__boxplot *bps = NULL;
    size_t i, n_charts = 0, last = 0, budget, level, total = 0;

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
    kinds = chartex__calloc(scene->n_axes ? scene->n_axes : 1, sizeof *kinds);
    bps = chartex__calloc(scene->n_axes ? scene->n_axes : 1, sizeof *bps);
    if (chart == NULL || kinds == NULL || bps == NULL)
        goto nomem;
    b.chart = chart;
    for (i = 0; i < scene->n_axes; i++) {
        if (chartex__classify(scene->axes[i], &kinds[i], &bps[i], err) < 0)
            goto fail;
        if (kinds[i] != CHARTEX__KIND_NONE) {
            n_charts++;
            last = i;
        }
    }
    if (n_charts > 0) {
        /* With a budget, the first build records every series' and
         * image's size; should they not fit, the chart is built again
         * under the common limit that makes them fit. */
        b.record = budget != 0 ? &sizes : NULL;
        chart->root = build_root(&b, scene, kinds, bps, n_charts, last);
        if (chart->root == NULL)
            goto nomem;
        b.record = NULL;
        level = chartex__budget_level(&sizes, budget, &total);
        if (level != 0) {
            chartex_chart_free(chart);
            chart = chartex__chart_new();
            if (chart == NULL)
                goto nomem;
            b.chart = chart;
            b.level = level;
            chart->root = build_root(&b, scene, kinds, bps, n_charts, last);
            if (chart->root == NULL || add_budget(chart->root, budget, total) < 0)
                goto nomem;
        }
    }
    for (i = 0; i < scene->n_axes; i++)
        chartex__classify_clear(&bps[i]);
    chartex__free(bps);
    chartex__free(kinds);
    chartex__buf_free(&b.text);
    chartex__sizes_clear(&sizes);
    return chart;
nomem:
    chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory building the chart");
fail:
    if (bps != NULL)
        for (i = 0; i < scene->n_axes; i++)
            chartex__classify_clear(&bps[i]);
    chartex__free(bps);
    chartex__free(kinds);
    chartex__buf_free(&b.text);
    chartex__sizes_clear(&sizes);
    chartex_chart_free(chart);
    return NULL;
}
