/*
 * builder.c - what the builders of a chart share: the text a reader sees
 * (simplified into the builder's scratch buffer), the head of every chart
 * (type, title), an Axes' title, and the keys of its axes: labels, units,
 * ticks and scales (and a 3-D Axes' third axis).  It sits below every
 * chart builder (extract.c, kinds.c, heatmap.c, contours.c) and calls none
 * of them.
 */
#include "chart/chart.h"

#include <math.h>
#include <string.h>

/* ----------------------------------------------------------------- helpers */

/* Simplifies s into b->text.  -1: no memory. */
int
chartex__builder_simplify(chartex__builder *b, const char *s, size_t len)
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
    if (chartex__builder_simplify(b, s, len) < 0)
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

/* The scale names E2B's clients know (ScaleType), besides "datetime" and
 * "categorical", which the axis' kind gives. */
static const char *const known_scales[] = {
    "linear", "log", "symlog", "logit", "function", "functionlog", "asinh"
};

/* The axis' scale as E2B's clients name it: a scale registered under
 * another name (matplotlib.scale.register_scale) or a name that is no
 * scale at all is "unknown", as those clients read any other name. */
static const char *
scale_name(const struct chartex_axis *axis)
{
    size_t i;

    if (axis->kind == CHARTEX_AXIS_DATE)
        return "datetime";
    if (axis->kind == CHARTEX_AXIS_CATEGORY)
        return "categorical";
    if (axis->scale == NULL || axis->scale[0] == '\0')
        return "linear";
    for (i = 0; i < sizeof known_scales / sizeof *known_scales; i++)
        if (strcmp(axis->scale, known_scales[i]) == 0)
            return known_scales[i];
    return "unknown";
}

/* ------------------------------------------------------------- chart keys */

chartex__node *
chartex__axes_title(chartex__builder *b, const struct chartex_axes *axes,
                    const char *fallback)
{
    static const chartex_title_loc order[3] = {
        CHARTEX_TITLE_CENTER, CHARTEX_TITLE_LEFT, CHARTEX_TITLE_RIGHT
    };
    size_t i;

    for (i = 0; i < 4; i++) {
        const char *s = i < 3 ? axes->title[order[i]] : fallback;

        if (s == NULL || s[0] == '\0')
            continue;
        if (chartex__builder_simplify(b, s, strlen(s)) < 0)
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
chartex__node *
chartex__chart_head(const char *type, chartex__node *title)
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

int
chartex__add_axis_labels(chartex__builder *b, chartex__node *obj,
                         const struct chartex_axes *axes)
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
/* Whether tick i of axis is given: inside the view [lo, hi] (within
 * tol) when filter, and a value (the schema and E2B's clients take a
 * number or a string): one that would be written as null, a non-finite
 * location or a date outside years 1-9999 (a symlog date axis reaches
 * -1e6 days), is left out with its label. */
static int
tick_given(const struct chartex_axis *axis, size_t i, int filter, double lo, double hi,
           double tol)
{
    double t = axis->ticks[i];

    if (filter && !(t >= lo - tol && t <= hi + tol))
        return 0;
    if (!isfinite(t))
        return 0;
    if (axis->kind == CHARTEX_AXIS_DATE) {
        char buf[CHARTEX__DATE_BUFSIZE];

        if (chartex__format_date(t, axis->date_epoch, buf) == 0)
            return 0;
    }
    return 1;
}

int
chartex__add_tick_notes(chartex__builder *b, chartex__node *obj)
{
    static const char *const axes_names[3] = {"x", "y", "z"};
    chartex__node *notes = NULL;
    int d;

    for (d = 0; d < 3; d++) {
        chartex__node *one;

        if (b->tick_step[d] == 0)
            continue;
        if (notes == NULL) {
            notes = chartex__node_new(CHARTEX__NODE_OBJECT);
            if (chartex__object_add(obj, "ticks_downsampled", notes) < 0)
                return -1;
        }
        one = chartex__node_new(CHARTEX__NODE_OBJECT);
        if (chartex__object_add(notes, axes_names[d], one) < 0
            || chartex__object_add(one, "step", chartex__node_number((double)b->tick_step[d])) < 0
            || chartex__object_add(one, "original_ticks",
                                   chartex__node_number((double)b->tick_total[d])) < 0)
            return -1;
        b->tick_step[d] = b->tick_total[d] = 0;
    }
    return 0;
}

int
chartex__add_ticks(chartex__builder *b, chartex__node *obj,
                   const struct chartex_axis *axis, char p)
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
    size_t i, n = 0, shown = 0, keep, step = 1, at = 0;
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
    /* Under the budget, every step-th tick the chart gives (the first
     * included): a category axis ticks every one of thousands.  The few
     * ticks of an ordinary axis are not counted. */
    for (i = 0; i < axis->n_ticks; i++)
        shown += tick_given(axis, i, filter, lo, hi, tol);
    keep = shown;
    if (shown > CHARTEX__FEW && chartex__bound_elements(b, shown, CHARTEX__WEIGHT_TICK,
                                                        &keep) < 0)
        return -1;
    if (keep < shown) {
        step = shown / keep + (shown % keep != 0);
        b->tick_step[key == names[0] ? 0 : key == names[1] ? 1 : 2] = step;
        b->tick_total[key == names[0] ? 0 : key == names[1] ? 1 : 2] = shown;
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

        if (!tick_given(axis, i, filter, lo, hi, tol) || at++ % step != 0)
            continue;
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

/* A 3-D Axes' third axis: z_label, z_unit, z_ticks, z_tick_labels,
 * z_scale, after the chart's own keys. */
int
chartex__add_z_axis(chartex__builder *b, chartex__node *obj,
                    const struct chartex_axes *axes)
{
    const char *zl = axes->axis[2].label;

    if (chartex__object_add(obj, "z_label", text_node(b, zl, zl ? strlen(zl) : 0, 1)) < 0
        || chartex__object_add(obj, "z_unit", unit_node(b, zl)) < 0
        || chartex__add_ticks(b, obj, &axes->axis[2], 'z') < 0)
        return -1;
    return chartex__add_tick_notes(b, obj);
}
