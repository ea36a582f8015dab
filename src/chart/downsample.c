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
#include "chart/chart.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

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
keep_minmax(const double *x, const double *y, size_t st, size_t n, size_t max, size_t *keep)
{
    size_t nb = (max - 2) / 4, lo = 1, hi, i, j, k = 0, np;
    runs rs;

    runs_init(&rs, n - 2, nb);
    keep[k++] = 0;
    for (j = 0; j < nb; j++, lo = hi) {
        size_t ix0 = SIZE_MAX, ix1 = SIZE_MAX, iy0 = SIZE_MAX, iy1 = SIZE_MAX;
        size_t gap = SIZE_MAX, pick[4];

        double x0 = 0, x1 = 0, y0 = 0, y1 = 0;

        hi = 1 + runs_next(&rs);
        /* One pass over the run as it lies in memory (strided when the
         * points are borrowed pairs): the extremes' values are kept in
         * registers beside their indices. */
        for (i = lo; i < hi; i++) {
            double xi = x[i * st], yi = y[i * st];

            if (!isfinite(xi) || !isfinite(yi)) {
                if (gap == SIZE_MAX)
                    gap = i;
                continue;
            }
            if (ix0 == SIZE_MAX) {
                ix0 = ix1 = iy0 = iy1 = i;
                x0 = x1 = xi;
                y0 = y1 = yi;
                continue;
            }
            if (xi < x0) {
                x0 = xi;
                ix0 = i;
            }
            if (xi > x1) {
                x1 = xi;
                ix1 = i;
            }
            if (yi < y0) {
                y0 = yi;
                iy0 = i;
            }
            if (yi > y1) {
                y1 = yi;
                iy1 = i;
            }
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
keep_sample(const double *x, const double *y, size_t st, size_t n, size_t max, size_t *keep)
{
    size_t ext[4], ne = 0, ix0 = SIZE_MAX, ix1 = 0, iy0 = 0, iy1 = 0;
    size_t i, k = 0, e = 0, s, slots, next;
    double x0 = 0, x1 = 0, y0 = 0, y1 = 0;
    runs rs;

    for (i = 0; i < n; i++) {
        double xi = x[i * st], yi = y[i * st];

        if (!isfinite(xi) || !isfinite(yi))
            continue;
        if (ix0 == SIZE_MAX) {
            ix0 = ix1 = iy0 = iy1 = i;
            x0 = x1 = xi;
            y0 = y1 = yi;
            continue;
        }
        if (xi < x0) {
            x0 = xi;
            ix0 = i;
        }
        if (xi > x1) {
            x1 = xi;
            ix1 = i;
        }
        if (yi < y0) {
            y0 = yi;
            iy0 = i;
        }
        if (yi > y1) {
            y1 = yi;
            iy1 = i;
        }
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

/* The smaller of two limits, 0 meaning none. */
static size_t
smaller_limit(size_t a, size_t b)
{
    if (a == 0)
        return b;
    return b != 0 && b < a ? b : a;
}

/* Notes a series' or image's size for the budget (first pass only): size
 * values under a limit of its own (0: none), each weighing weight; an
 * element kind's (elements) are counted apart from points and cells. */
static int
record_weighed(chartex__builder *b, size_t size, size_t limit, size_t weight, int elements)
{
    chartex__sizes *r = b->record;

    if (r == NULL)
        return 0;
    if (r->n == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 16;
        int overflow = 0;
        size_t bytes = chartex__mul(cap, sizeof(size_t), &overflow);
        size_t *sz, *lim, *w;
        unsigned char *el;

        if (overflow)
            return -1;
        sz = chartex__realloc(r->size, bytes);
        if (sz == NULL)
            return -1;
        r->size = sz;
        lim = chartex__realloc(r->limit, bytes);
        if (lim == NULL)
            return -1;
        r->limit = lim;
        w = chartex__realloc(r->weight, bytes);
        if (w == NULL)
            return -1;
        r->weight = w;
        el = chartex__realloc(r->elements, cap);
        if (el == NULL)
            return -1;
        r->elements = el;
        r->cap = cap;
    }
    r->size[r->n] = size;
    r->limit[r->n] = limit;
    r->weight[r->n] = weight ? weight : 1;
    r->elements[r->n] = elements != 0;
    r->n++;
    return 0;
}

static int
record(chartex__builder *b, size_t size, size_t limit)
{
    return record_weighed(b, size, limit, 1, 0);
}

int
chartex__bound_elements(chartex__builder *b, size_t size, size_t weight, size_t *keep)
{
    if (record_weighed(b, size, 0, weight, 1) < 0)
        return -1;
    *keep = b->level != 0 && size > b->level ? b->level : size;
    return 0;
}

int
chartex__sizing_only(const chartex__builder *b, size_t n, size_t weight)
{
    return b->record != NULL && b->budget != 0 && weight != 0 && n > b->budget / weight;
}

void
chartex__sizes_clear(chartex__sizes *sizes)
{
    chartex__free(sizes->size);
    chartex__free(sizes->limit);
    chartex__free(sizes->weight);
    chartex__free(sizes->elements);
    memset(sizes, 0, sizeof *sizes);
}

/* sum(weight * min(size, limit, level)) of the recorded sizes, saturating. */
static size_t
sizes_sum(const chartex__sizes *r, size_t level)
{
    size_t i, sum = 0;

    for (i = 0; i < r->n; i++) {
        size_t k = smaller_limit(r->limit[i], level);
        int overflow = 0;

        if (k == 0 || k > r->size[i])
            k = r->size[i];
        k = chartex__mul(k, r->weight[i], &overflow);
        if (overflow)
            k = SIZE_MAX;
        sum = SIZE_MAX - sum < k ? SIZE_MAX : sum + k;
    }
    return sum;
}

size_t
chartex__budget_level(const chartex__sizes *r, size_t budget, size_t *total,
                      size_t *elements)
{
    size_t i, lo = CHARTEX_MIN_MAX_POINTS, hi = CHARTEX_MIN_MAX_POINTS;

    *total = *elements = 0;
    for (i = 0; i < r->n; i++) {
        size_t *t = r->elements[i] ? elements : total;

        *t = SIZE_MAX - *t < r->size[i] ? SIZE_MAX : *t + r->size[i];
        hi = r->size[i] > hi ? r->size[i] : hi;
    }
    if (budget == 0 || sizes_sum(r, 0) <= budget)
        return 0;
    /* The sum only grows with the level: the largest level in [lo, hi]
     * that fits, or lo, the floor, when even that does not. */
    while (lo < hi) {
        size_t mid = lo + (hi - lo + 1) / 2;

        if (sizes_sum(r, mid) <= budget)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* ceil(a / b) for b > 0. */
static size_t
ceil_div(size_t a, size_t b)
{
    return a / b + (a % b != 0);
}

/* How many cells of n fit in a pixel size v (0: unknown): the block side
 * that leaves at most ceil(v) blocks. */
static size_t
pixel_block(size_t n, double v)
{
    size_t px;

    if (!(v > 0))
        return 1;
    px = v >= (double)(SIZE_MAX / 2) ? SIZE_MAX / 2 : (size_t)ceil(v);
    return n > px ? ceil_div(n, px) : 1;
}

/* The power of two that brings a block's largest magnitude m below 1 (0
 * when it is below 1 already): the block's values are summed divided by
 * it, so a sum of finite values near DBL_MAX does not overflow. */
static int
block_exponent(double m)
{
    return m >= 1.0 ? ilogb(m) + 1 : 0;
}

/* One pass over an image's finite values by output cell (blocks of fy x fx
 * cells, ocols blocks a row; acc has 3 doubles a cell).  Pass 0 keeps each
 * block's largest magnitude in acc[0] and counts the values; the caller
 * turns acc[0] into 2^-block_exponent; pass 1 adds the values times that
 * (a power of two: exact for all but the subnormal), into a
 * Neumaier-compensated sum acc[1] + acc[2], so the mean is the double
 * nearest the exact one in practice without long double (which valgrind,
 * and some platforms, compute as double). */
static void
block_pass(const struct chartex_artist *a, size_t fy, size_t fx, size_t ocols,
           double *acc, size_t *count, int pass)
{
    size_t ch = a->channels ? a->channels : 1, r, c, k;

    for (r = 0; r < a->rows; r++) {
        const double *row = a->image + r * a->cols * ch;
        size_t base = (r / fy) * ocols * ch;

        for (c = 0; c < a->cols; c++) {
            for (k = 0; k < ch; k++) {
                double v = row[c * ch + k], *cell, y, t;
                size_t i = base + (c / fx) * ch + k;

                if (!isfinite(v))
                    continue;
                cell = acc + 3 * i;
                if (pass == 0) {
                    cell[0] = fmax(cell[0], fabs(v));
                    count[i]++;
                    continue;
                }
                y = v * cell[0];
                t = cell[1] + y;
                cell[2] += fabs(cell[1]) >= fabs(y) ? (cell[1] - t) + y : (y - t) + cell[1];
                cell[1] = t;
            }
        }
    }
}

int
chartex__limit_image(chartex__builder *b, const struct chartex_artist *a,
                     size_t cap, chartex__image *out)
{
    size_t cells = a->rows * a->cols, ch = a->channels ? a->channels : 1;
    size_t fy, fx, g, orows, ocols, r, n;
    size_t *count = NULL;
    double *acc = NULL;
    double *mean;
    int rc = -1;

    out->rows = a->rows;
    out->cols = a->cols;
    out->values = a->image;
    out->block_rows = out->block_cols = 0;
    /* rows * cols * channels does not overflow: the scene holds that many
     * values.  First one block per pixel of the Axes, in each direction,
     * where its size is known (and a resolution asked for); then, under a
     * budget or the caller's cap, larger multiples of those blocks until
     * they hold. */
    fy = b->max_cells != 0 ? pixel_block(a->rows, b->px_height) : 1;
    fx = b->max_cells != 0 ? pixel_block(a->cols, b->px_width) : 1;
    orows = ceil_div(a->rows, fy);
    ocols = ceil_div(a->cols, fx);
    if (record(b, cells, orows * ocols) < 0)
        return -1;
    for (g = 1; ((b->level != 0 && orows * ocols > b->level)
                 || (cap != 0 && orows * ocols > cap))
                && !(orows == 1 && ocols == 1);) {
        g++;
        orows = ceil_div(a->rows, fy * g);
        ocols = ceil_div(a->cols, fx * g);
    }
    fy *= g;
    fx *= g;
    if (fy == 1 && fx == 1)
        return 0;
    /* Each channel of a colour is averaged on its own.  acc holds per
     * output cell its largest magnitude, then a compensated sum. */
    n = orows * ocols * ch;
    mean = chartex__chart_doubles(b->chart, n);
    acc = chartex__calloc(n, 3 * sizeof *acc);
    count = chartex__calloc(n, sizeof *count);
    if (mean == NULL || acc == NULL || count == NULL)
        goto done;
    block_pass(a, fy, fx, ocols, acc, count, 0);
    for (r = 0; r < n; r++)
        acc[3 * r] = ldexp(1.0, -block_exponent(acc[3 * r]));
    block_pass(a, fy, fx, ocols, acc, count, 1);
    for (r = 0; r < n; r++)
        mean[r] = count[r] ? ldexp((acc[3 * r + 1] + acc[3 * r + 2]) / (double)count[r],
                                   -ilogb(acc[3 * r]))
                           : NAN;
    out->rows = orows;
    out->cols = ocols;
    out->values = mean;
    out->block_rows = fy;
    out->block_cols = fx;
    rc = 0;
done:
    chartex__free(acc);
    chartex__free(count);
    return rc;
}

int
chartex__limit_series(chartex__builder *b, chartex__series *s, int sample,
                      double *const *with, size_t n_with)
{
    size_t *keep = NULL, k, i, j;
    double *x, *y;
    int overflow = 0;

    s->original = s->n;
    s->method = NULL;
    s->limit = smaller_limit(b->max_points, b->level);
    if (record(b, s->n, b->max_points) < 0)
        return -1;
    if (s->limit == 0 || s->n <= s->limit)
        return 0;
    keep = chartex__malloc(chartex__mul(s->limit, sizeof *keep, &overflow));
    if (keep == NULL || overflow) {
        chartex__free(keep);
        return -1;
    }
    k = sample ? keep_sample(s->x, s->y, s->stride, s->n, s->limit, keep)
               : keep_minmax(s->x, s->y, s->stride, s->n, s->limit, keep);
    x = chartex__chart_doubles(b->chart, k);
    y = chartex__chart_doubles(b->chart, k);
    if (x == NULL || y == NULL) {
        chartex__free(keep);
        return -1;
    }
    for (i = 0; i < k; i++) {
        x[i] = s->x[keep[i] * s->stride];
        y[i] = s->y[keep[i] * s->stride];
        for (j = 0; j < n_with; j++)
            if (with[j] != NULL)
                with[j][i] = with[j][keep[i]];
    }
    chartex__free(keep);
    s->n = k;
    s->x = x;
    s->y = y;
    s->stride = 1;
    s->method = sample ? "sample" : "minmax";
    return 0;
}

int
chartex__limit_values(chartex__builder *b, const double *v, size_t n, chartex__series *s)
{
    size_t *keep = NULL, k, i;
    double *out;
    int overflow = 0;

    s->n = s->original = n;
    s->x = s->y = v;
    s->stride = 1;
    s->method = NULL;
    s->limit = 0;
    if (chartex__bound_elements(b, n, 1, &k) < 0)
        return -1;
    if (k >= n)
        return 0;
    keep = chartex__malloc(chartex__mul(k, sizeof *keep, &overflow));
    out = chartex__chart_doubles(b->chart, k);
    if (keep == NULL || overflow || out == NULL) {
        chartex__free(keep);
        return -1;
    }
    /* A scatter of (v, v): the lowest and highest value and an even
     * sample of the rest, in their order. */
    s->n = keep_sample(v, v, 1, n, k, keep);
    for (i = 0; i < s->n; i++)
        out[i] = v[keep[i]];
    chartex__free(keep);
    s->x = s->y = out;
    s->limit = k;
    s->method = "sample";
    return 0;
}

int
chartex__limit_paths(chartex__builder *b, const struct chartex_artist *a,
                     size_t *len, chartex__series *s)
{
    size_t i, j, start, step, kept = 0;
    double *ox, *oy;

    if (a->n_parts > 0)
        memcpy(len, a->part_len, a->n_parts * sizeof *len);
    s->n = s->original = a->n;
    s->x = a->x;
    s->y = a->y;
    s->stride = 1;          /* paths: contiguous, never borrowed */
    s->method = NULL;
    s->limit = smaller_limit(b->max_points, b->level);
    if (record(b, a->n, b->max_points) < 0)
        return -1;
    if (s->limit == 0 || a->n <= s->limit)
        return 0;
    /* Every step-th point of each path and its last: about limit points,
     * one more at most per path, and each path keeps its ends. */
    step = ceil_div(a->n, s->limit);
    ox = chartex__chart_doubles(b->chart, a->n);
    oy = chartex__chart_doubles(b->chart, a->n);
    if (ox == NULL || oy == NULL)
        return -1;
    for (i = 0, start = 0; i < a->n_parts; i++) {
        size_t n = a->part_len[i], before = kept;

        for (j = 0; j < n; j += step) {
            ox[kept] = a->x[start + j];
            oy[kept++] = a->y[start + j];
        }
        if (n > 1 && (n - 1) % step != 0) {
            ox[kept] = a->x[start + n - 1];
            oy[kept++] = a->y[start + n - 1];
        }
        len[i] = kept - before;
        start += n;
    }
    s->n = kept;
    s->x = ox;
    s->y = oy;
    s->stride = 1;
    s->method = "stride";
    return 0;
}

int
chartex__add_downsampled(chartex__node *el,
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
                               chartex__node_number((double)s->limit)) < 0
        || chartex__object_add(obj, "original_points",
                               chartex__node_number((double)s->original)) < 0)
        return -1;
    return 0;
}

int
chartex__limit_shape(chartex__builder *b, size_t total, size_t *step, size_t *limit)
{
    *limit = smaller_limit(b->opt_max_points, b->level);
    *step = 1;
    if (record(b, total, b->opt_max_points) < 0)
        return -1;
    if (*limit != 0 && total > *limit)
        *step = total / *limit + (total % *limit != 0);
    return 0;
}
