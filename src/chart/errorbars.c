/*
 * errorbars.c - the extent of each error bar: for a data line drawn by
 * errorbar() and for each bar of a bar container with xerr / yerr, the
 * lower and upper end of its error bar in data coordinates, read back from
 * the error-bar segments of its group (role ERRORBAR, kind SEGMENTS).
 *
 * matplotlib draws each direction's error bars as one LineCollection of
 * 2-point segments, the x errors' (horizontal) before the y errors'
 * (vertical), one segment per point that errorevery keeps, in the points'
 * order, NaN points included (the walker reads a NaN segment as a
 * shorter part, skipped here).  A segment belongs to a point when it passes
 * through it: a y error bar lies at the point's x and spans its y.  The
 * segments are matched to the points in order; when one does not match,
 * that direction is given up (no key rather than a wrong number).
 */
#include "chart/chart.h"

#include <math.h>

/* Which way the segments of collection s run: 0 for x errors (horizontal),
 * 1 for y errors (vertical), -1 when they don't say (every segment has
 * length 0, or none is finite), -2 when they are not error bars (not all
 * 2-point segments, or both ways at once). */
static int
segments_direction(const struct chartex_artist *s)
{
    size_t k, off = 0;
    int h = 0, v = 0;

    for (k = 0; k < s->n_parts; off += s->part_len[k], k++) {
        double x0, y0, x1, y1;

        /* The walker leaves out NaN vertices: a NaN error bar comes
         * shorter. */
        if (s->part_len[k] < 2)
            continue;
        if (s->part_len[k] > 2)
            return -2;
        x0 = s->x[off];
        y0 = s->y[off];
        x1 = s->x[off + 1];
        y1 = s->y[off + 1];
        if (isnan(x0) || isnan(y0) || isnan(x1) || isnan(y1))
            continue;
        if (x0 == x1 && y0 != y1)
            v = 1;
        else if (y0 == y1 && x0 != x1)
            h = 1;
        else if (!(x0 == x1 && y0 == y1))
            return -2;  /* slanted: not an error bar */
    }
    if (h && v)
        return -2;
    return v ? 1 : h ? 0 : -1;
}

/* Fills lo[i], hi[i] for the n points (px, py) from the segments of s
 * running in direction dir; NaN where a point has no error bar.  Returns
 * 1 when every finite segment passed through a point, in order; 0 (lo, hi
 * left all NaN) when one did not. */
static int
match_segments(const struct chartex_artist *s, int dir, const double *px,
               const double *py, size_t n, double *lo, double *hi)
{
    const double *along = dir ? px : py;   /* where the bar stands */
    const double *across = dir ? py : px;  /* what it spans */
    const double *sa = dir ? s->x : s->y, *sc = dir ? s->y : s->x;
    size_t k, off = 0, i = 0, j;

    for (j = 0; j < n; j++)
        lo[j] = hi[j] = NAN;
    for (k = 0; k < s->n_parts; off += s->part_len[k], k++) {
        double a, c0, c1, l, h;

        if (s->part_len[k] != 2)
            continue;
        a = sa[off];
        c0 = sc[off];
        c1 = sc[off + 1];
        l = c0 < c1 ? c0 : c1;
        h = c0 < c1 ? c1 : c0;
        if (isnan(a) || isnan(l) || isnan(h) || isnan(sa[off + 1]))
            continue;
        while (i < n && !(along[i] == a && l <= across[i] && across[i] <= h))
            i++;
        if (i == n) {
            for (j = 0; j < n; j++)
                lo[j] = hi[j] = NAN;
            return 0;
        }
        lo[i] = l;
        hi[i] = h;
        i++;
    }
    return 1;
}

int
chartex__find_errors(chartex__builder *b, const struct chartex_axes *axes,
                     const struct chartex_artist *a, const double *px,
                     const double *py, size_t n, chartex__errors *out)
{
    const struct chartex_artist *segs[2] = {NULL, NULL};
    int dirs[2] = {-1, -1};
    size_t i, found = 0;
    int d, k;

    out->lo[0] = out->hi[0] = out->lo[1] = out->hi[1] = NULL;
    if (a->group == 0)
        return 0;
    for (i = 0; i < axes->n_artists; i++) {
        const struct chartex_artist *s = axes->artists[i];

        if (s->group != a->group || s->role != CHARTEX_ROLE_ERRORBAR
            || s->kind != CHARTEX_ARTIST_SEGMENTS)
            continue;
        if (found == 2)
            return 0;  /* more than matplotlib makes: not read */
        segs[found++] = s;
    }
    for (k = 0; k < (int)found; k++) {
        dirs[k] = segments_direction(segs[k]);
        if (dirs[k] == -2)
            return 0;
    }
    if (found == 2) {
        /* x errors come first; a collection of zero-length bars takes the
         * direction the other one leaves. */
        if (dirs[0] == -1 && dirs[1] == -1) {
            dirs[0] = 0;
            dirs[1] = 1;
        } else if (dirs[0] == -1)
            dirs[0] = !dirs[1];
        else if (dirs[1] == -1)
            dirs[1] = !dirs[0];
        if (dirs[0] == dirs[1])
            return 0;
    }
    for (k = 0; k < (int)found; k++) {
        double *lo, *hi;

        d = dirs[k];
        if (d < 0)
            continue;  /* one collection of zero-length bars: which way? */
        lo = chartex__chart_doubles(b->chart, n);
        hi = chartex__chart_doubles(b->chart, n);
        if (lo == NULL || hi == NULL)
            return -1;
        if (match_segments(segs[k], d, px, py, n, lo, hi)) {
            out->lo[d] = lo;
            out->hi[d] = hi;
        }
    }
    return 0;
}
