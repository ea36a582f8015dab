/*
 * anchors.c - what names positions along a bar chart's category axis
 * (standing.c asks it): every category of a category axis; every
 * labelled tick of a numeric axis whose labels name positions (text, or
 * a number that is not the tick's position, with no offset text beside
 * the labels: pandas' index, set_xticks(x, names)); none on a date axis
 * or where the labels only number the positions (ScalarFormatter,
 * LogFormatter's mathtext powers of ten).
 */
#include "chart/chart.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The number a tick label writes ("3", "−2.5", "1e3", "1,000", mathtext
 * "$\mathdefault{10^{2}}$" and "2\times10^{3}"); 0 when it is no number. */
static int
label_number(const char *s, double *v)
{
    char buf[64], *e, *x;
    size_t n = 0;
    double mant = 1, ex;

    for (; *s && n + 1 < sizeof buf; s++) {
        if (strncmp(s, "\\mathdefault", 12) == 0) {
            s += 11;
            continue;
        }
        if (strncmp(s, "\\times", 6) == 0) {
            buf[n++] = 'x';
            s += 5;
            continue;
        }
        if (strncmp(s, "\xe2\x88\x92", 3) == 0) {      /* U+2212 minus */
            buf[n++] = '-';
            s += 2;
            continue;
        }
        if (strncmp(s, "\xc3\x97", 2) == 0) {          /* U+00D7 times */
            buf[n++] = 'x';
            s += 1;
            continue;
        }
        if (strchr("${}, ", *s) != NULL)
            continue;
        buf[n++] = *s;
    }
    if (*s)
        return 0;
    buf[n] = '\0';
    if (n == 0)
        return 0;
    x = strstr(buf, "10^");
    if (x != NULL) {
        if (x != buf) {
            if (x[-1] != 'x')
                return 0;
            x[-1] = '\0';
            mant = strtod(buf, &e);
            if (e == buf || *e != '\0')
                return 0;
        }
        ex = strtod(x + 3, &e);
        if (e == x + 3 || *e != '\0')
            return 0;
        *v = mant * pow(10, ex);
        return isfinite(*v);
    }
    *v = strtod(buf, &e);
    return e != buf && *e == '\0' && isfinite(*v);
}

/* Whether the labelled ticks of numeric axis name positions: one of them
 * is text, or a number that is not its tick's position (when no offset
 * text makes the numbers relative). */
static int
ticks_name(const struct chartex_axis *axis)
{
    int offset = axis->tick_offset != NULL && axis->tick_offset[0] != '\0';
    size_t i;

    for (i = 0; i < axis->n_ticks; i++) {
        const char *s = axis->tick_labels[i];
        double t = axis->ticks[i], v;

        if (s[0] == '\0' || !isfinite(t))
            continue;
        if (!label_number(s, &v))
            return 1;
        if (!offset && fabs(v - t) > 1e-9 * fmax(fabs(v), fabs(t)) + 1e-300)
            return 1;
    }
    return 0;
}

static int
cmp_anchor(const void *pa, const void *pb)
{
    const chartex__anchor *a = pa, *b = pb;

    return (a->at > b->at) - (a->at < b->at);
}

int
chartex__find_anchors(const struct chartex_axis *axis, chartex__anchors *out)
{
    size_t i, n = 0;

    memset(out, 0, sizeof *out);
    if (axis->kind == CHARTEX_AXIS_CATEGORY)
        n = axis->n_categories;
    else if (axis->kind == CHARTEX_AXIS_NUMERIC && ticks_name(axis))
        n = axis->n_ticks;
    out->v = chartex__calloc(n ? n : 1, sizeof *out->v);
    if (out->v == NULL)
        return -1;
    for (i = 0; i < n; i++) {
        if (axis->kind == CHARTEX_AXIS_CATEGORY) {
            out->v[out->n].at = (double)i;
        } else {
            if (axis->tick_labels[i][0] == '\0' || !isfinite(axis->ticks[i]))
                continue;
            out->v[out->n].at = axis->ticks[i];
        }
        out->v[out->n++].id = (long)i;
    }
    chartex__sort(out->v, out->n, sizeof *out->v, cmp_anchor);
    out->category = axis->kind == CHARTEX_AXIS_CATEGORY;
    return 0;
}

void
chartex__anchors_clear(chartex__anchors *a)
{
    chartex__free(a->v);
    memset(a, 0, sizeof *a);
}

size_t
chartex__anchors_in(const chartex__anchors *A, double lo, double hi, double tol, long *which)
{
    size_t a = 0, b = A->n, first;

    while (a < b) {
        size_t mid = a + (b - a) / 2;

        if (A->v[mid].at < lo - tol)
            a = mid + 1;
        else
            b = mid;
    }
    first = a;
    while (a < A->n && A->v[a].at <= hi + tol)
        a++;
    if (a > first)
        *which = A->v[first].id;
    return a - first;
}
