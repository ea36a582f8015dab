/*
 * labels.c - the names a reader sees in a chart: an element's label (its
 * own, or a default "<Kind> k" no other element of the chart uses), a
 * position along a category direction (the category, the ISO date, the
 * number, or the tick label there), a statistic that may be missing.
 * Shared by the chart builders (kinds.c, bars.c); it calls builder.c for
 * the simplified text and nothing above it.
 */
#include "chart/chart.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------ elements */

chartex__node *
chartex__number_or_null(double v)
{
    if (isnan(v))
        return chartex__node_new(CHARTEX__NODE_NULL);
    return chartex__node_number(v);
}

static int
labels_has(const chartex__labels *l, const char *s, size_t len)
{
    size_t i;

    for (i = 0; i < l->n; i++)
        if (strlen(l->v[i]) == len && memcmp(l->v[i], s, len) == 0)
            return 1;
    return 0;
}

static int
labels_add(chartex__labels *l, const char *s, size_t len)
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

void
chartex__labels_free(chartex__labels *l)
{
    size_t i;

    for (i = 0; i < l->n; i++)
        chartex__free(l->v[i]);
    chartex__free(l->v);
    memset(l, 0, sizeof *l);
}

int
chartex__note_label(chartex__builder *b, chartex__labels *used, const char *label)
{
    if (chartex__label_is_default(label))
        return 0;
    if (chartex__builder_simplify(b, label, strlen(label)) < 0)
        return -1;
    if (labels_has(used, b->text.data, b->text.len))
        return 0;
    return labels_add(used, b->text.data, b->text.len);
}

chartex__node *
chartex__element_label(chartex__builder *b, chartex__labels *used, const char *label,
                       const char *prefix, size_t k)
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

chartex__node *
chartex__position_node(double v, const struct chartex_axis *axis)
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

chartex__node *
chartex__position_text(double v, const struct chartex_axis *axis, double tol)
{
    char buf[64];
    size_t len;

    if (axis != NULL && axis->kind == CHARTEX_AXIS_CATEGORY && isfinite(v)) {
        double r = floor(v + 0.5);

        if (fabs(v - r) <= tol && r >= 0 && r < (double)axis->n_categories) {
            const char *s = axis->categories[(size_t)r];

            return chartex__node_string(s, strlen(s));
        }
    }
    if (axis != NULL && axis->kind == CHARTEX_AXIS_DATE && isfinite(v)) {
        /* To the microsecond, as matplotlib's dates; rounded to tol. */
        double us = (v - axis->date_epoch) * 86400e6;

        us = chartex__round_within(us, tol * 86400e6);
        len = chartex__format_date(axis->date_epoch + us / 86400e6, axis->date_epoch, buf);
        if (len > 0)
            return chartex__node_string(buf, len);
    }
    len = chartex__number_label(chartex__round_within(v, tol), buf);
    return chartex__node_string(buf, len);
}

/* ----------------------------------------------------------- positions */

/* The index of the labelled tick at position pos (within 1e-9 relative),
 * or -1. */
long
chartex__tick_at(const struct chartex_axis *axis, double pos)
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
int
chartex__numeric_text(const char *s)
{
    int digits = 0, sign_ok = 1;

    /* A sign stands first or after an exponent's e: "2024-01-31" is a
     * date, no number. */
    for (; *s; s++) {
        int sign = *s == '+' || *s == '-' || strncmp(s, "\xe2\x88\x92", 3) == 0;

        if (sign && !sign_ok)
            return 0;
        sign_ok = *s == 'e' || *s == 'E' || (*s == ' ' && !digits);
        if (*s >= '0' && *s <= '9')
            digits = 1;
        else if (strncmp(s, "\xe2\x88\x92", 3) == 0)
            s += 2;
        else if (strchr("+-.,eE ", *s) == NULL)
            return 0;
    }
    return digits;
}

chartex__node *
chartex__tick_label_node(chartex__builder *b, const struct chartex_axis *axis, double pos)
{
    long i = chartex__tick_at(axis, pos);

    if (i >= 0) {
        const char *s = axis->tick_labels[i];

        if (chartex__builder_simplify(b, s, strlen(s)) < 0)
            return NULL;
        if (b->text.len > 0)
            return chartex__node_string(b->text.data, b->text.len);
    }
    return chartex__position_node(pos, axis);
}

const char *
chartex__orientation_name(chartex_orientation o)
{
    return o == CHARTEX_HORIZONTAL ? "horizontal" : "vertical";
}

chartex__node *
chartex__stand_label(chartex__builder *b, const struct chartex_axis *cat,
                     const chartex__stand *st, double min_width)
{
    /* To 1e-7 of the narrowest bar, and the doubles' own noise at the
     * position; on a log axis, where bars widen with their position, of
     * the larger of the position and the narrowest bar (a date's number
     * counts from an epoch: its size says nothing). */
    int log_scale = cat->scale != NULL && strcmp(cat->scale, "log") == 0;
    double tol = cat->kind == CHARTEX_AXIS_DATE ? 1e-7 * min_width
               : log_scale ? 1e-7 * fmax(fabs(st->at), min_width)
                           : 1e-7 * min_width + 1e-14 * fabs(st->at);

    if (st->anchor >= 0) {
        if (cat->kind == CHARTEX_AXIS_CATEGORY && (size_t)st->anchor < cat->n_categories) {
            const char *s = cat->categories[st->anchor];

            return chartex__node_string(s, strlen(s));
        }
        if ((size_t)st->anchor < cat->n_ticks) {
            const char *s = cat->tick_labels[st->anchor];

            if (chartex__builder_simplify(b, s, strlen(s)) < 0)
                return NULL;
            if (b->text.len > 0)
                return chartex__node_string(b->text.data, b->text.len);
        }
    }
    /* No anchor: the position (a category only where it stands at one:
     * a bar beside a category is not named by a guess). */
    return chartex__position_text(st->at, cat, tol);
}
