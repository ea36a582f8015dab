/*
 * downsample.c - the point limit (chartex_options.max_points): which points
 * of a long line or scatter series go out, and the "downsampled" key that
 * says so.
 *
 * A line keeps its shape (keep_minmax: per run of points, the extremes in x
 * and y, the M4 reduction), a scatter its extremes and an even sample of
 * the rest (keep_sample); the same figure always keeps the same points.
 * The kept points are copied into arrays owned by the chart being built;
 * the scene's arrays are only read.
 */
#include "chart.h"

#include <math.h>
#include <stdint.h>

/* Bucket boundaries without overflow: the start of bucket j + 1 of nb
 * equal runs over count items is (j + 1) * q + floor((j + 1) * r / nb),
 * kept as a running quotient and remainder. */
typedef struct runs {
    size_t nb, q, r, fl, rem, next;
} runs;

static void
runs_init(runs *rs, size_t count, size_t nb)
{
    rs->nb = nb;
    rs->q = count / nb;
    rs->r = count % nb;
    rs->fl = rs->rem = rs->next = 0;
}

/* The end (exclusive) of the next run. */
static size_t
runs_next(runs *rs)
{
    rs->rem += rs->r;
    if (rs->rem >= rs->nb) {
        rs->rem -= rs->nb;
        rs->fl++;
    }
    rs->next += rs->q;
    return rs->next + rs->fl;
}

static void
sort_small(size_t *v, size_t n)
{
    size_t i, j;

    for (i = 1; i < n; i++)
        for (j = i; j > 0 && v[j - 1] > v[j]; j--) {
            size_t t = v[j];

            v[j] = v[j - 1];
            v[j - 1] = t;
        }
}

/* Appends i to v (n entries) unless it is there already. */
static size_t
add_unique(size_t *v, size_t n, size_t i)
{
    size_t k;

    for (k = 0; k < n; k++)
        if (v[k] == i)
            return n;
    v[n] = i;
    return n + 1;
}

/* A line's shape in at most max points (n > max >= CHARTEX_MIN_MAX_POINTS):
 * the first and last points, and in each of (max - 2) / 4 runs of the
 * points between them, those with the lowest and highest x and y (for a
 * line along x this is the M4 reduction: what a plot of one pixel column
 * per run draws is unchanged).  A run with a point that is not finite and
 * fewer than four extremes also keeps that point, so gaps stay gaps.
 * Writes the kept indices in order into keep; returns their count. */
static size_t
keep_minmax(const double *x, const double *y, size_t n, size_t max, size_t *keep)
{
    size_t nb = (max - 2) / 4, lo = 1, hi, i, j, k = 0, np;
    runs rs;

    runs_init(&rs, n - 2, nb);
    keep[k++] = 0;
    for (j = 0; j < nb; j++, lo = hi) {
        size_t ix0 = SIZE_MAX, ix1 = SIZE_MAX, iy0 = SIZE_MAX, iy1 = SIZE_MAX;
        size_t gap = SIZE_MAX, pick[4];

        hi = 1 + runs_next(&rs);
        for (i = lo; i < hi; i++) {
            if (!isfinite(x[i]) || !isfinite(y[i])) {
                if (gap == SIZE_MAX)
                    gap = i;
                continue;
            }
            if (ix0 == SIZE_MAX) {
                ix0 = ix1 = iy0 = iy1 = i;
                continue;
            }
            if (x[i] < x[ix0])
                ix0 = i;
            if (x[i] > x[ix1])
                ix1 = i;
            if (y[i] < y[iy0])
                iy0 = i;
            if (y[i] > y[iy1])
                iy1 = i;
        }
        np = 0;
        if (ix0 != SIZE_MAX) {
            np = add_unique(pick, np, ix0);
            np = add_unique(pick, np, ix1);
            np = add_unique(pick, np, iy0);
            np = add_unique(pick, np, iy1);
        }
        if (gap != SIZE_MAX && np < 4)
            pick[np++] = gap;
        sort_small(pick, np);
        for (i = 0; i < np; i++)
            keep[k++] = pick[i];
    }
    keep[k++] = n - 1;
    return k;
}

/* A scatter in at most max points (n > max >= CHARTEX_MIN_MAX_POINTS): the
 * points with the lowest and highest finite x and y, and max minus those
 * evenly spaced through the series (index floor(k * n / slots)).  The
 * same figure always keeps the same points.  Indices in order; returns
 * their count. */
static size_t
keep_sample(const double *x, const double *y, size_t n, size_t max, size_t *keep)
{
    size_t ext[4], ne = 0, ix0 = SIZE_MAX, ix1 = 0, iy0 = 0, iy1 = 0;
    size_t i, k = 0, e = 0, s, slots, next;
    runs rs;

    for (i = 0; i < n; i++) {
        if (!isfinite(x[i]) || !isfinite(y[i]))
            continue;
        if (ix0 == SIZE_MAX) {
            ix0 = ix1 = iy0 = iy1 = i;
            continue;
        }
        if (x[i] < x[ix0])
            ix0 = i;
        if (x[i] > x[ix1])
            ix1 = i;
        if (y[i] < y[iy0])
            iy0 = i;
        if (y[i] > y[iy1])
            iy1 = i;
    }
    if (ix0 != SIZE_MAX) {
        ne = add_unique(ext, ne, ix0);
        ne = add_unique(ext, ne, ix1);
        ne = add_unique(ext, ne, iy0);
        ne = add_unique(ext, ne, iy1);
        sort_small(ext, ne);
    }
    slots = max - ne;
    runs_init(&rs, n, slots);
    /* Merge the evenly spaced indices (increasing, distinct since
     * slots < n) with the extremes, dropping repeats. */
    next = 0;
    for (s = 0; s < slots; s++) {
        while (e < ne && ext[e] <= next) {
            if (k == 0 || keep[k - 1] != ext[e])
                keep[k++] = ext[e];
            e++;
        }
        if (k == 0 || keep[k - 1] != next)
            keep[k++] = next;
        next = runs_next(&rs);
    }
    for (; e < ne; e++)
        if (k == 0 || keep[k - 1] != ext[e])
            keep[k++] = ext[e];
    return k;
}

int
chartex__limit_series(chartex__builder *b, chartex__series *s, int sample,
                      double *base)
{
    size_t *keep = NULL, k, i;
    double *x, *y;
    int overflow = 0;

    s->original = s->n;
    s->method = NULL;
    if (b->max_points == 0 || s->n <= b->max_points)
        return 0;
    keep = chartex__malloc(chartex__mul(b->max_points, sizeof *keep, &overflow));
    if (keep == NULL || overflow) {
        chartex__free(keep);
        return -1;
    }
    k = sample ? keep_sample(s->x, s->y, s->n, b->max_points, keep)
               : keep_minmax(s->x, s->y, s->n, b->max_points, keep);
    x = chartex__chart_doubles(b->chart, k);
    y = chartex__chart_doubles(b->chart, k);
    if (x == NULL || y == NULL) {
        chartex__free(keep);
        return -1;
    }
    for (i = 0; i < k; i++) {
        x[i] = s->x[keep[i]];
        y[i] = s->y[keep[i]];
        if (base != NULL)
            base[i] = base[keep[i]];
    }
    chartex__free(keep);
    s->n = k;
    s->x = x;
    s->y = y;
    s->method = sample ? "sample" : "minmax";
    return 0;
}

int
chartex__add_downsampled(chartex__builder *b, chartex__node *el,
                         const chartex__series *s)
{
    chartex__node *obj;

    if (s->method == NULL)
        return 0;
    obj = chartex__node_new(CHARTEX__NODE_OBJECT);
    if (chartex__object_add(el, "downsampled", obj) < 0)
        return -1;
    if (chartex__object_add(obj, "method", chartex__node_cstring(s->method)) < 0
        || chartex__object_add(obj, "max_points",
                               chartex__node_number((double)b->max_points)) < 0
        || chartex__object_add(obj, "original_points",
                               chartex__node_number((double)s->original)) < 0)
        return -1;
    return 0;
}
