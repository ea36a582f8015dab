/*
 * points.c - the points of a line chart's or scatter chart's element: a
 * line's or scatter's points, an outline's (a step histogram, ax.fill), an
 * area's curve and baseline read back from its fill_between bands, and
 * which areas are stacked (stackplot) or traced by a line (pandas' area
 * plot).
 *
 * The points are borrowed from the scene where they lie in order; curves
 * that must be gathered from a band, and series the point limit reduced
 * (downsample.c), are arrays owned by the chart being built.
 */
#include "chart/chart.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

/* The parts of an AREA artist read as fill_between bands.  Returns 1 and
 * the total number of points when every polygon is one. */
static int
area_bands(const struct chartex_artist *a, size_t *total)
{
    size_t k, off = 0, n;

    *total = 0;
    if (a->n_parts == 0)
        return 0;
    for (k = 0; k < a->n_parts; off += a->part_len[k], k++) {
        if (!chartex__parse_band(a->x + off, a->y + off, a->part_len[k], 0, &n))
            return 0;
        *total += n;
    }
    return 1;
}

/* Runs BODY for each point of each band of a recognised area, with t (x),
 * f1 (the first curve) and f2 (the second) of that point. */
#define FOR_BAND_POINTS(a, t, f1, f2, BODY)                                  \
    do {                                                                     \
        size_t k_, off_ = 0, n_, i_;                                         \
        for (k_ = 0; k_ < (a)->n_parts; off_ += (a)->part_len[k_], k_++) {   \
            chartex__parse_band((a)->x + off_, (a)->y + off_,                \
                                (a)->part_len[k_], 0, &n_);                  \
            for (i_ = 0; i_ < n_; i_++) {                                    \
                double t = (a)->x[off_ + 1 + i_];                            \
                double f1 = (a)->y[off_ + 1 + i_];                           \
                double f2 = (a)->y[off_ + 2 * n_ + 1 - i_];                  \
                BODY                                                         \
            }                                                                \
        }                                                                    \
    } while (0)

int
chartex__area_stacked_on(const struct chartex_artist *p, const struct chartex_artist *c)
{
    size_t k, off = 0, n_p, n_c, i, tp, tc;

    if (!area_bands(p, &tp) || !area_bands(c, &tc) || tp != tc
        || p->n_parts != c->n_parts)
        return 0;
    for (k = 0; k < p->n_parts; off += p->part_len[k], k++) {
        if (p->part_len[k] != c->part_len[k])
            return 0;
        chartex__parse_band(p->x + off, p->y + off, p->part_len[k], 0, &n_p);
        chartex__parse_band(c->x + off, c->y + off, c->part_len[k], 0, &n_c);
        if (n_p != n_c)
            return 0;
        for (i = 0; i < n_p; i++)
            if (p->x[off + 1 + i] != c->x[off + 1 + i]
                || p->y[off + 2 * n_p + 1 - i] != c->y[off + 1 + i])
                return 0;
    }
    return 1;
}

/* 1 when line l only traces an edge of area a: an unlabelled line whose
 * points are one of the band's curves.  pandas' DataFrame.plot.area()
 * draws each series as such a line plus a labelled fill; both as elements
 * would repeat every series. */
static int
traces_area_edge(const struct chartex_artist *l, const struct chartex_artist *a)
{
    size_t total = 0, j = 0;
    int on_f1 = 1, on_f2 = 1;

    if (l->kind != CHARTEX_ARTIST_LINE || !chartex__label_is_default(l->label)
        || a->kind != CHARTEX_ARTIST_AREA || !chartex__artist_is_data(a)
        || !area_bands(a, &total) || total != l->n || total == 0)
        return 0;
    FOR_BAND_POINTS(a, t, f1, f2, {
        if (CHARTEX__PX(l, j) != t)
            on_f1 = on_f2 = 0;
        if (CHARTEX__PY(l, j) != f1)
            on_f1 = 0;
        if (CHARTEX__PY(l, j) != f2)
            on_f2 = 0;
        j++;
    });
    return on_f1 || on_f2;
}

int
chartex__is_area_edge(const struct chartex_axes *axes, const struct chartex_artist *l)
{
    size_t i;

    for (i = 0; i < axes->n_artists; i++)
        if (traces_area_edge(l, axes->artists[i]))
            return 1;
    return 0;
}

/* 1 when area a is a band around line l (a confidence band: seaborn's
 * lineplot and regplot, fill_between(x, lo, hi) beside plot(x, y)): one
 * band point per line point at the same x, each finite y of the line
 * between the band's curves, not all of them on one curve (a line along
 * an area's edge is a series of its own), and a label that is a default
 * or the line's own. */
static int
band_around(const struct chartex_artist *l, const struct chartex_artist *a)
{
    size_t total = 0, j = 0;
    int ok = 1, on_f1 = 1, on_f2 = 1;

    if (l->kind != CHARTEX_ARTIST_LINE || !chartex__artist_is_data(l)
        || a->kind != CHARTEX_ARTIST_AREA || !chartex__artist_is_data(a)
        || a->role != CHARTEX_ROLE_DATA || !area_bands(a, &total) || total != l->n
        || (!chartex__label_is_default(a->label) && strcmp(a->label, l->label) != 0))
        return 0;
    FOR_BAND_POINTS(a, t, f1, f2, {
        double y = CHARTEX__PY(l, j);

        if (!(CHARTEX__PX(l, j) == t) || (isfinite(y) && !(fmin(f1, f2) <= y && y <= fmax(f1, f2))))
            ok = 0;
        if (y != f1)
            on_f1 = 0;
        if (y != f2)
            on_f2 = 0;
        j++;
    });
    return ok && !on_f1 && !on_f2;
}

size_t
chartex__line_band(const struct chartex_axes *axes, size_t i)
{
    const struct chartex_artist *l = axes->artists[i];

    if (l->kind != CHARTEX_ARTIST_LINE)
        return SIZE_MAX;
    if (i + 1 < axes->n_artists && band_around(l, axes->artists[i + 1]))
        return i + 1;
    /* The band drawn first: unless the line before it takes it. */
    if (i >= 1 && band_around(l, axes->artists[i - 1])
        && !(i >= 2 && band_around(axes->artists[i - 2], axes->artists[i - 1])))
        return i - 1;
    return SIZE_MAX;
}

int
chartex__is_line_band(const struct chartex_axes *axes, size_t i)
{
    if (axes->artists[i]->kind != CHARTEX_ARTIST_AREA)
        return 0;
    return (i >= 1 && chartex__line_band(axes, i - 1) == i)
        || (i + 1 < axes->n_artists && chartex__line_band(axes, i + 1) == i);
}

/* The band's lower and upper curve at each of its n points, in arrays of
 * the chart being built.  -1: no memory. */
static int
band_curves(chartex__builder *b, const struct chartex_artist *a, size_t n, double **lo,
            double **hi)
{
    size_t j = 0;

    *lo = chartex__chart_doubles(b->chart, n);
    *hi = chartex__chart_doubles(b->chart, n);
    if (*lo == NULL || *hi == NULL)
        return -1;
    FOR_BAND_POINTS(a, t, f1, f2, {
        (void)t;
        (*lo)[j] = fmin(f1, f2);
        (*hi)[j] = fmax(f1, f2);
        if (isnan(f1) || isnan(f2))
            (*lo)[j] = (*hi)[j] = NAN;
        j++;
    });
    return 0;
}

/* An area element: the band's curve as points, the other curve as
 * "baseline" unless it is all 0.  The curve shown is the upper one for
 * stacked areas and when the first curve is all 0 (fill_between(x, 0, y),
 * a stackplot's first layer); else the first (y1). */
static int
add_area(chartex__builder *b, chartex__node *el, const struct chartex_artist *a,
         const struct chartex_axes *axes, int stacked)
{
    const struct chartex_axis *xa = &axes->axis[0], *ya = &axes->axis[1];
    size_t total = 0, j = 0;
    int y1_zero = 1, y2_zero = 1, upper, overflow = 0;
    double *x, *y, *base = NULL;
    chartex__node *baseline;
    chartex__series s;

    if (!area_bands(a, &total)) {
        s.n = a->n;
        s.x = a->x;
        s.y = a->y;
        s.stride = 1;
        if (chartex__limit_series(b, &s, 0, NULL, 0) < 0
            || chartex__object_add(el, "points",
                                   chartex__node_points(s.n, s.x, s.y, xa, ya)) < 0)
            return -1;
        return chartex__add_downsampled(el, &s);
    }
    FOR_BAND_POINTS(a, t, f1, f2, {
        (void)t;
        if (f1 != 0)
            y1_zero = 0;
        if (f2 != 0)
            y2_zero = 0;
    });
    upper = stacked || (y1_zero && !y2_zero);
    if (!upper && a->n_parts == 1) {
        /* The first curve is contiguous in the scene: borrow it. */
        s.x = a->x + 1;
        s.y = a->y + 1;
    } else {
        x = chartex__chart_doubles(b->chart, total);
        y = chartex__chart_doubles(b->chart, total);
        if (x == NULL || y == NULL)
            return -1;
        FOR_BAND_POINTS(a, t, f1, f2, {
            x[j] = t;
            y[j] = upper ? f2 : f1;
            j++;
        });
        s.x = x;
        s.y = y;
    }
    s.n = total;
    s.stride = 1;
    if (!(upper ? y1_zero : y2_zero)) {
        base = chartex__malloc(chartex__mul(total ? total : 1, sizeof *base,
                                            &overflow));
        if (base == NULL)
            return -1;
        j = 0;
        FOR_BAND_POINTS(a, t, f1, f2, {
            (void)t;
            base[j++] = upper ? f1 : f2;
        });
    }
    if (chartex__limit_series(b, &s, 0, &base, 1) < 0
        || chartex__object_add(el, "points",
                               chartex__node_points(s.n, s.x, s.y, xa, ya)) < 0) {
        chartex__free(base);
        return -1;
    }
    if (base != NULL) {
        baseline = chartex__node_new(CHARTEX__NODE_VALUES);
        if (baseline == NULL) {
            chartex__free(base);
            return -1;
        }
        baseline->u.values.n = s.n;
        baseline->u.values.owned = base;
        baseline->u.values.v = base;
        baseline->u.values.axis = ya;
        if (chartex__object_add(el, "baseline", baseline) < 0)
            return -1;
    }
    return chartex__add_downsampled(el, &s);
}

/* A copy of n values of v owned by the chart (which the point limit may
 * thin out in place) in *out.  -1: no memory. */
static int
copy_into_chart(chartex__builder *b, const double *v, size_t n, double **out)
{
    size_t i;

    *out = chartex__chart_doubles(b->chart, n);
    if (*out == NULL)
        return -1;
    for (i = 0; i < n; i++)
        (*out)[i] = v[i];
    return 0;
}

/* s's points as contiguous arrays owned by the chart (s borrowed pairs).
 * -1: no memory. */
static int
contiguous_series(chartex__builder *b, chartex__series *s)
{
    double *x = chartex__chart_doubles(b->chart, s->n);
    double *y = chartex__chart_doubles(b->chart, s->n);
    size_t i;

    if (x == NULL || y == NULL)
        return -1;
    for (i = 0; i < s->n; i++) {
        x[i] = s->x[i * s->stride];
        y[i] = s->y[i * s->stride];
    }
    s->x = x;
    s->y = y;
    s->stride = 1;
    return 0;
}

/* A line collection's segments as one series (arrays owned by the chart):
 * a segment that starts where the previous one ended continues it, and a
 * gap (a point of NaN, written [null, null]) separates the others, so no
 * line joins what the collection draws apart (vlines, a streamplot's
 * streamlines).  -1: no memory. */
static int
segments_series(chartex__builder *b, const struct chartex_artist *a, chartex__series *s,
                double **z_out)
{
    double *x, *y, *z = NULL;
    size_t k, i, off = 0, n = 0, len;
    int any = 0;

    x = chartex__chart_doubles(b->chart, a->n + a->n_parts);
    y = chartex__chart_doubles(b->chart, a->n + a->n_parts);
    if (a->z != NULL)
        z = chartex__chart_doubles(b->chart, a->n + a->n_parts);
    if (x == NULL || y == NULL || (a->z != NULL && z == NULL))
        return -1;
    for (k = 0; k < a->n_parts; off += a->part_len[k], k++) {
        len = a->part_len[k];
        if (len == 0)
            continue;
        i = 0;
        if (any) {
            if (x[n - 1] == a->x[off] && y[n - 1] == a->y[off]
                && (z == NULL || z[n - 1] == a->z[off])) {
                i = 1;
            } else {
                x[n] = y[n] = NAN;
                if (z != NULL)
                    z[n] = NAN;
                n++;
            }
        }
        for (; i < len; i++, n++) {
            x[n] = a->x[off + i];
            y[n] = a->y[off + i];
            if (z != NULL)
                z[n] = a->z[off + i];
        }
        any = 1;
    }
    s->n = n;
    s->x = x;
    s->y = y;
    s->stride = 1;
    *z_out = z;
    return 0;
}

/* A stairs element: "points" trace the steps as drawn (each value held
 * from its left edge to its right one, 2n points), "steps" gives the
 * edges, the values and the baseline exactly. */
static int
add_stairs(chartex__builder *b, chartex__node *el, const struct chartex_artist *a,
           const struct chartex_axes *axes)
{
    int vertical = a->orientation != CHARTEX_HORIZONTAL;
    const struct chartex_axis *ea = &axes->axis[vertical ? 0 : 1];
    const struct chartex_axis *va = &axes->axis[vertical ? 1 : 0];
    chartex__node *steps, *base;
    chartex__series s;
    double *e, *v;
    size_t i;

    e = chartex__chart_doubles(b->chart, 2 * a->n);
    v = chartex__chart_doubles(b->chart, 2 * a->n);
    if (e == NULL || v == NULL)
        return -1;
    for (i = 0; i < a->n; i++) {
        e[2 * i] = a->x[i];
        e[2 * i + 1] = a->x[i + 1];
        v[2 * i] = v[2 * i + 1] = a->y[i];
    }
    s.n = 2 * a->n;
    s.x = vertical ? e : v;
    s.y = vertical ? v : e;
    s.stride = 1;
    if (chartex__limit_series(b, &s, 0, NULL, 0) < 0
        || chartex__object_add(el, "points",
                               chartex__node_points(s.n, s.x, s.y, &axes->axis[0],
                                                    &axes->axis[1])) < 0)
        return -1;
    steps = chartex__node_new(CHARTEX__NODE_OBJECT);
    if (chartex__object_add(el, "steps", steps) < 0
        || chartex__object_add(steps, "edges",
                               chartex__node_values(a->n + 1, a->x, 0, ea)) < 0
        || chartex__object_add(steps, "values", chartex__node_values(a->n, a->y, 0, va)) < 0)
        return -1;
    /* One baseline value per step (a common level repeated), or null
     * when the steps are not closed. */
    if (a->n_base == 0) {
        base = chartex__node_new(CHARTEX__NODE_NULL);
    } else if (a->n_base == 1) {
        double *rep = chartex__chart_doubles(b->chart, a->n);

        if (rep == NULL)
            return -1;
        for (i = 0; i < a->n; i++)
            rep[i] = a->base[0];
        base = chartex__node_values(a->n, rep, 0, va);
    } else {
        base = chartex__node_values(a->n_base, a->base, 0, va);
    }
    if (chartex__object_add(steps, "baseline", base) < 0
        || chartex__object_add(steps, "orientation",
                               chartex__node_cstring(vertical ? "vertical" : "horizontal")) < 0)
        return -1;
    return chartex__add_downsampled(el, &s);
}

/* Whether the n points (u, v) of an outline trace a histogram's steps
 * (hist(histtype="step" or "stepfilled"), a staircase patch): from
 * (e0, b) up to each step's value, along it to the next edge, and down
 * at the last edge, then, when closed, back along the bottom of each
 * step to e0.  *nb receives the number of steps, *closed whether the
 * bottom path is there.  Edges strictly increase or decrease. */
static int
staircase(const double *u, const double *v, size_t n, size_t *nb, int *closed)
{
    size_t k, m, top;
    double dir;

    if (n < 4 || u[0] != u[1] || u[1] == u[2] || v[1] != v[2])
        return 0;
    dir = u[2] > u[1] ? 1 : -1;
    /* the top: P[2k+1] = (e_k, val_k), P[2k+2] = (e_{k+1}, val_k) */
    for (k = 0; 2 * k + 2 < n; k++) {
        if (u[2 * k + 1] != u[2 * k] || v[2 * k + 1] != v[2 * k + 2]
            || !((u[2 * k + 2] - u[2 * k + 1]) * dir > 0))
            break;
        if (2 * k + 3 < n && u[2 * k + 3] != u[2 * k + 2])
            break;          /* the next point leaves the last edge: no more steps */
    }
    m = k + 1 <= n ? k : 0;
    /* k steps whose last edge point P[2k] ends with a drop at P[2k+1] */
    while (m > 0 && !(2 * m + 1 < n && u[2 * m + 1] == u[2 * m]))
        m--;
    if (m == 0)
        return 0;
    top = 2 * m + 2;
    if (top == n) {
        *nb = m;
        *closed = 0;
        return 1;
    }
    /* the bottom, back: (e_k, bot_k), (e_k, bot_{k-1}) for k = m - 1 .. 1,
     * then (e_0, bot_0) */
    if (n != 4 * m + 1)
        return 0;
    for (k = 0; k + 1 < m; k++) {
        size_t i = top + 2 * k, e = m - 1 - k;

        if (u[i] != u[2 * e] || u[i + 1] != u[2 * e] || v[i] != v[i - 1])
            return 0;
    }
    if (u[n - 1] != u[0] || v[n - 1] != v[n - 2])
        return 0;
    *nb = m;
    *closed = 1;
    return 1;
}

/* Adds "steps" to the element of outline a when it traces a histogram's
 * steps: its edges, values (each step's top) and baseline (each step's
 * bottom; one level repeated when an open outline starts and ends on it,
 * else null), as stairs give them.  -1: no memory. */
static int
add_outline_steps(chartex__builder *b, chartex__node *el, const struct chartex_artist *a,
                  const struct chartex_axes *axes)
{
    size_t n = a->n, nb = 0, k;
    int closed = 0, horizontal = 0;
    const double *u, *v;
    double *e, *val, *bot = NULL;
    chartex__node *steps, *base;

    if (a->kind != CHARTEX_ARTIST_PATCH || a->n_parts != 1 || n < 4)
        return 0;
    if (a->x[n - 1] == a->x[0] && a->y[n - 1] == a->y[0] && n > 4
        && !(n == 4 * ((n - 1) / 4) + 1))
        n--;
    u = a->x;
    v = a->y;
    if (!staircase(u, v, n, &nb, &closed)) {
        horizontal = 1;
        u = a->y;
        v = a->x;
        if (!staircase(u, v, n, &nb, &closed))
            return 0;
    }
    e = chartex__chart_doubles(b->chart, nb + 1);
    val = chartex__chart_doubles(b->chart, nb);
    if (e == NULL || val == NULL)
        return -1;
    for (k = 0; k < nb; k++) {
        e[k] = u[2 * k];
        val[k] = v[2 * k + 1];
    }
    e[nb] = u[2 * nb];
    if (closed || v[0] == v[2 * nb + 1]) {
        bot = chartex__chart_doubles(b->chart, nb);
        if (bot == NULL)
            return -1;
        for (k = 0; k < nb; k++)
            bot[k] = !closed ? v[0] : k + 1 == nb ? v[2 * nb + 1]
                     : v[2 * nb + 3 + 2 * (nb - 2 - k)];
    }
    steps = chartex__node_new(CHARTEX__NODE_OBJECT);
    base = bot != NULL ? chartex__node_values(nb, bot, 0, &axes->axis[horizontal ? 0 : 1])
                       : chartex__node_new(CHARTEX__NODE_NULL);
    if (chartex__object_add(el, "steps", steps) < 0) {
        chartex__node_free(base);
        return -1;
    }
    if (chartex__object_add(steps, "edges",
                            chartex__node_values(nb + 1, e, 0,
                                                 &axes->axis[horizontal ? 1 : 0])) < 0
        || chartex__object_add(steps, "values",
                               chartex__node_values(nb, val, 0,
                                                    &axes->axis[horizontal ? 0 : 1])) < 0) {
        chartex__node_free(base);
        return -1;
    }
    if (chartex__object_add(steps, "baseline", base) < 0
        || chartex__object_add(steps, "orientation",
                               chartex__node_cstring(horizontal ? "horizontal"
                                                                : "vertical")) < 0)
        return -1;
    return 0;
}

int
chartex__add_points(chartex__builder *b, chartex__node *el,
                    const struct chartex_artist *a, const struct chartex_axes *axes,
                    int stacked)
{
    const struct chartex_axis *xa = &axes->axis[0], *ya = &axes->axis[1];
    chartex__series s;
    chartex__errors errs;
    double *with[7], *z = NULL, *band_lo = NULL, *band_hi = NULL;
    size_t n = a->n, i, band = SIZE_MAX;
    int d;

    if (a->kind == CHARTEX_ARTIST_AREA)
        return add_area(b, el, a, axes, stacked);
    if (a->kind == CHARTEX_ARTIST_STAIRS)
        return add_stairs(b, el, a, axes);
    /* Path.to_polygons() closes an outline by repeating its first vertex:
     * the step histogram drew no such segment. */
    if (a->kind == CHARTEX_ARTIST_PATCH && a->n_parts == 1 && n >= 2
        && a->x[n - 1] == a->x[0] && a->y[n - 1] == a->y[0])
        n--;
    s.n = n;
    s.x = a->x;
    s.y = a->y;
    s.stride = a->stride;
    if (a->kind == CHARTEX_ARTIST_SEGMENTS && a->n_parts > 1) {
        if (segments_series(b, a, &s, &z) < 0)
            return -1;
        n = s.n;
    }
    errs.lo[0] = errs.hi[0] = errs.lo[1] = errs.hi[1] = NULL;
    /* An errorbar()'s data line is matched to its segments point by
     * point, on contiguous arrays: borrowed pairs are copied first. */
    if ((a->flags & CHARTEX_ARTIST_ERRORBAR_DATA) && s.stride != 1
        && contiguous_series(b, &s) < 0)
        return -1;
    if ((a->flags & CHARTEX_ARTIST_ERRORBAR_DATA)
        && chartex__find_errors(b, axes, a, s.x, s.y, n, &errs) < 0)
        return -1;
    /* A 3-D point's z: a copy (the segments' own already is, aligned with
     * their series), which the limit may thin out in place. */
    if (a->z != NULL && z == NULL) {
        z = chartex__chart_doubles(b->chart, n);
        if (z == NULL)
            return -1;
        for (i = 0; i < n; i++)
            z[i] = a->z[i];
    }
    for (i = 0; i < axes->n_artists && a->kind == CHARTEX_ARTIST_LINE; i++)
        if (axes->artists[i] == a) {
            band = chartex__line_band(axes, i);
            break;
        }
    if (band != SIZE_MAX && band_curves(b, axes->artists[band], n, &band_lo, &band_hi) < 0)
        return -1;
    with[0] = errs.lo[0];
    with[1] = errs.hi[0];
    with[2] = errs.lo[1];
    with[3] = errs.hi[1];
    with[4] = z;
    with[5] = band_lo;
    with[6] = band_hi;
    if (a->kind == CHARTEX_ARTIST_VECTORS) {
        if (copy_into_chart(b, a->u, n, &with[0]) < 0
            || copy_into_chart(b, a->v, n, &with[1]) < 0)
            return -1;
        with[2] = with[3] = NULL;
    }
    if (chartex__limit_series(b, &s, a->kind != CHARTEX_ARTIST_LINE
                                         && a->kind != CHARTEX_ARTIST_PATCH
                                         && a->kind != CHARTEX_ARTIST_SEGMENTS, with, 7) < 0
        || chartex__object_add(el, "points",
                               chartex__node_points_strided(s.n, s.x, s.y, s.stride,
                                                            xa, ya)) < 0)
        return -1;
    /* Each error bar's ends, as positions on the axis it runs along. */
    for (d = 0; d < 2 && a->kind != CHARTEX_ARTIST_VECTORS; d++)
        if (errs.lo[d] != NULL
            && chartex__object_add(el, d ? "y_error" : "x_error",
                                   chartex__node_points(s.n, errs.lo[d], errs.hi[d],
                                                        &axes->axis[d],
                                                        &axes->axis[d])) < 0)
            return -1;
    if (z != NULL
        && chartex__object_add(el, "z", chartex__node_values(s.n, z, 0, &axes->axis[2])) < 0)
        return -1;
    /* A vector's components, as numbers: lengths, not positions. */
    if (a->kind == CHARTEX_ARTIST_VECTORS
        && chartex__object_add(el, "vectors", chartex__node_points(s.n, with[0], with[1],
                                                                    NULL, NULL)) < 0)
        return -1;
    /* The band around the line: [lower, upper] at each point. */
    if (band_lo != NULL
        && chartex__object_add(el, "band", chartex__node_points(s.n, band_lo, band_hi,
                                                                &axes->axis[1],
                                                                &axes->axis[1])) < 0)
        return -1;
    if (add_outline_steps(b, el, a, axes) < 0)
        return -1;
    return chartex__add_downsampled(el, &s);
}
