/*
 * boxstats.c - a box's statistics (box/calc.js, with the whisker rule of
 * box/plot.js): px_box_from_samples of stats.h.  See calc.h.
 */
#include "calc_shared.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------------
 * Box statistics (box/calc.js)
 */

/* Lib.interp: the p quantile of sorted v, plotly.js's way. */
static double
interp(const double *v, size_t n, double p)
{
    double t = p * (double)n - 0.5, r;

    if (n == 0)
        return NAN;          /* v[0] of an empty array: undefined */
    if (t < 0)
        return v[0];
    if (t > (double)n - 1)
        return v[n - 1];
    r = fmod(t, 1);
    return r * v[(size_t)ceil(t)] + (1 - r) * v[(size_t)floor(t)];
}

/* Lib.findBin on the sorted samples; shifted: the "< x" variant. */
static long
find_bin_sorted(double x, const double *v, size_t n, int shifted)
{
    size_t lo = 0, hi = n, c = 0, mid;
    double step = n > 1 ? (v[n - 1] - v[0]) / (double)(n - 1) : 1;

    x += step * 1e-9 * (shifted ? -1 : 1);
    while (lo < hi && c++ < 100) {
        mid = (lo + hi) / 2;
        if (shifted ? v[mid] < x : v[mid] <= x)
            lo = mid + 1;
        else
            hi = mid;
    }
    return (long)lo - 1;
}

void
px_box_stats_clear(px_box_stats *s)
{
    if (!s)
        return;
    free(s->outliers);
    s->outliers = NULL;
    s->n_outliers = 0;
}

/* The quartiles of the a sorted samples t by method (box/calc.js). */
static void
quartiles(const double *t, size_t a, px_quartile_method method, px_box_stats *out)
{
    if (a % 2 && method != PX_QUARTILE_LINEAR) {
        size_t h = a / 2;    /* slice() truncates a/2 */

        if (method == PX_QUARTILE_EXCLUSIVE) {
            out->q1 = interp(t, h, 0.5);
            out->q3 = interp(t + h + 1, a - h - 1, 0.5);
        } else {
            out->q1 = interp(t, h + 1, 0.5);
            out->q3 = interp(t + h, a - h, 0.5);
        }
    } else {
        out->q1 = interp(t, a, 0.25);
        out->q3 = interp(t, a, 0.75);
    }
}

/* The fences: the last samples within 1.5 IQR of the box, or the box. */
static void
fences(const double *t, size_t a, px_box_stats *out)
{
    long b;
    size_t k;

    b = find_bin_sorted(2.5 * out->q1 - 1.5 * out->q3, t, a, 1) + 1;
    k = b < 0 ? 0 : ((size_t)b > a - 1 ? a - 1 : (size_t)b);
    out->lowerfence = fmin(out->q1, t[k]);
    b = find_bin_sorted(2.5 * out->q3 - 1.5 * out->q1, t, a, 0);
    k = b < 0 ? 0 : (size_t)b;
    out->upperfence = fmax(out->q3, t[k]);
    if (isnan(out->q1))
        out->lowerfence = NAN;
    if (isnan(out->q3))
        out->upperfence = NAN;
}

/* The samples beyond the fences, in order, into out->outliers; -1 when
 * out of memory. */
static int
outliers(const double *t, size_t a, px_box_stats *out)
{
    size_t i, k;

    for (i = 0; i < a; i++)
        if (t[i] < out->lowerfence || t[i] > out->upperfence)
            out->n_outliers++;
    if (out->n_outliers == 0)
        return 0;
    out->outliers = px_calc_alloc(out->n_outliers, sizeof *out->outliers);
    if (!out->outliers) {
        out->n_outliers = 0;
        return -1;
    }
    for (i = 0, k = 0; i < a; i++)
        if (t[i] < out->lowerfence || t[i] > out->upperfence)
            out->outliers[k++] = t[i];
    return 0;
}

int
px_box_from_samples(const double *v, size_t n, px_quartile_method method,
                     px_boxpoints boxpoints, px_box_stats *out)
{
    double *t = NULL, sum = 0, var = 0;
    size_t a = 0, i;
    int rc = -1;

    if (!out)
        return -1;
    memset(out, 0, sizeof *out);
    if (!v || n == 0)
        return -1;
    t = px_calc_alloc(n, sizeof *t);
    if (!t)
        goto done;
    for (i = 0; i < n; i++)
        if (js_isnum(v[i]))
            t[a++] = v[i];
    if (a == 0)
        goto done;
    qsort(t, a, sizeof *t, cmp_double);

    out->n = a;
    out->min = t[0];
    out->max = t[a - 1];
    for (i = 0; i < a; i++)  /* in sorted order, as Lib.mean sums */
        sum += t[i];
    out->mean = sum / (double)a;
    for (i = 0; i < a; i++)
        var += (t[i] - out->mean) * (t[i] - out->mean);
    out->sd = sqrt(var / (double)a);
    out->median = interp(t, a, 0.5);
    quartiles(t, a, method, out);
    fences(t, a, out);
    if (boxpoints == PX_BOXPOINTS_FALSE) {
        /* box/plot.js draws the whiskers to min and max without points */
        out->lowerfence = out->min;
        out->upperfence = out->max;
        rc = 0;
    }
    else
        rc = outliers(t, a, out);
done:
    free(t);
    return rc;
}
