/*
 * box.c - box plots and violins rebuilt from what matplotlib draws.
 *
 * matplotlib keeps no box plot object: Axes.bxp draws, per box, a box (a
 * closed 5-point Line2D, 11 points when notched, or a PathPatch with
 * patch_artist), two whiskers along the centre (q1 -> whislo, q3 -> whishi),
 * two optional caps across at whislo / whishi, a median across the box, an
 * optional mean (a marker-only point, or a line across with meanline) and a
 * marker-only flier line at the centre (possibly empty).  Axes.violin draws
 * one fill_betweenx body per violin (fill_between when horizontal) and line
 * collections for means, extrema (mins, maxes, bars), medians, quantiles;
 * seaborn adds an inner box to its violins (inner_box), each half's to a
 * split violin's halves (split_pairs).
 *
 * The geometry is matched back into statistics here.  The boxes found
 * must explain every data artist that could be a part of one: a 2-point
 * line, a box-like outline or a line collection left over means the plot
 * is something else.  Other data beside them (seaborn's stripplot over its
 * boxplot, a line of means, bars) is left to the Axes' other parts, each a
 * chart of its own (classify.c).  Positions are compared with a 1e-9
 * relative tolerance: the box's centre is recomputed as (left + right) / 2
 * while the whiskers carry the exact position.
 * Only classify.c asks (chartex__find_boxplot); the boxes found belong to
 * the caller's chartex__boxplot (chartex__boxplot_clear frees them).
 */
#include "chart/chart.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define REL_TOL 1e-9

/* a and b equal within REL_TOL of the larger of |a|, |b| and scale. */
static int
near(double a, double b, double scale)
{
    double m;

    if (a == b)
        return 1;
    if (!isfinite(a) || !isfinite(b))
        return 0;
    m = fmax(fabs(a), fabs(b));
    if (isfinite(scale) && scale > m)
        m = scale;
    return fabs(a - b) <= REL_TOL * m;
}

/* Coordinates along the category direction (p) and the value direction
 * (v): x and y for vertical plots, swapped for horizontal ones.  Point k
 * of any artist (a line's points may be borrowed pairs, strided). */
static double
pc(const struct chartex_artist *a, int vertical, size_t k)
{
    return vertical ? CHARTEX__PX(a, k) : CHARTEX__PY(a, k);
}

static double
vc(const struct chartex_artist *a, int vertical, size_t k)
{
    return vertical ? CHARTEX__PY(a, k) : CHARTEX__PX(a, k);
}

/* The first n (at most 12) points of a along p and v, in arrays. */
static void
first_points(const struct chartex_artist *a, int vertical, size_t n, double *p, double *v)
{
    size_t k;

    for (k = 0; k < n; k++) {
        p[k] = pc(a, vertical, k);
        v[k] = vc(a, vertical, k);
    }
}


static int
all_finite(const struct chartex_artist *a)
{
    size_t i;

    for (i = 0; i < a->n; i++)
        if (!isfinite(CHARTEX__PX(a, i)) || !isfinite(CHARTEX__PY(a, i)))
            return 0;
    return 1;
}

/* A drawn 2-point data line with finite ends. */
static int
is_line2(const struct chartex_artist *a)
{
    return a->kind == CHARTEX_ARTIST_LINE && chartex__artist_is_data(a)
        && a->n == 2 && !(a->flags & CHARTEX_LINE_NO_LINE) && all_finite(a);
}

/* A marker-only data line (fliers, means). */
static int
is_marker_line(const struct chartex_artist *a)
{
    return a->kind == CHARTEX_ARTIST_LINE && chartex__artist_is_data(a)
        && (a->flags & CHARTEX_LINE_NO_LINE);
}

/* ------------------------------------------------------------ the search */

typedef struct body {
    size_t idx;            /* artist index */
    int even;              /* values evenly spaced (violin_stats' linspace) */
    int half;              /* one-sided (violinplot side='low'/'high') */
    int side;              /* 1: it fills from its centre up, -1: down to it */
    double pos, lo, hi;    /* centre and extent along the category direction */
    double min, max;       /* extent along the value direction */
    double median, mean;
} body;

#define SHAPE_LINE2 1        /* is_line2 */
#define SHAPE_MARKERS 2      /* is_marker_line */

typedef struct search {
    const struct chartex_axes *axes;
    int vertical;
    unsigned char *used;   /* per artist: explained by a structure found */
    unsigned char *shape;  /* per artist: SHAPE_LINE2 | SHAPE_MARKERS, found
                              once: try_box asks for every box and artist */
    size_t *scratch;       /* n_artists indices */
    body *bodies;          /* n_artists bodies */
    size_t n_bodies;
    int *seg_type;         /* per artist: what a line collection is */
    chartex__boxplot *out;
} search;

static chartex__box *
new_box(chartex__boxplot *bp)
{
    chartex__box *b;

    if (bp->n == bp->cap) {
        size_t cap = bp->cap ? bp->cap * 2 : 8;
        int overflow = 0;
        chartex__box *v = chartex__realloc(bp->boxes,
                                           chartex__mul(cap, sizeof *v, &overflow));

        if (v == NULL || overflow)
            return NULL;
        bp->boxes = v;
        bp->cap = cap;
    }
    b = &bp->boxes[bp->n++];
    memset(b, 0, sizeof *b);
    b->min = b->q1 = b->median = b->q3 = b->max = b->mean = NAN;
    return b;
}

/* Whisker test: a line along the centre c starting at from, going down
 * (dir < 0) or up (dir > 0). */
static int
whisker_ok(const search *s, size_t j, double c, double pscale, double from,
           double vscale, int dir)
{
    const struct chartex_artist *a = s->axes->artists[j];
    double p[2], v[2];

    if (s->used[j] || !(s->shape[j] & SHAPE_LINE2))
        return 0;
    first_points(a, s->vertical, 2, p, v);
    if (!near(p[0], c, pscale) || !near(p[1], c, pscale) || !near(v[0], from, vscale))
        return 0;
    return dir < 0 ? v[1] <= v[0] : v[1] >= v[0];
}

/* Appends the flier values of marker line a to box b. */
static int
add_outliers(chartex__box *b, const struct chartex_artist *a, int vertical)
{
    double *o;
    size_t k;
    int overflow = 0;

    if (!(a->flags & CHARTEX_LINE_MARKER))
        return 0;  /* markers switched off (sym=''): nothing is shown */
    o = chartex__realloc(b->outliers,
                         chartex__mul(b->n_outliers + a->n, sizeof *o, &overflow));
    if (o == NULL || overflow)
        return -1;
    for (k = 0; k < a->n; k++)
        o[b->n_outliers + k] = vc(a, vertical, k);
    b->outliers = o;
    b->n_outliers += a->n;
    return 0;
}

/* Tries to explain the box outline at artist i with whiskers, caps, median,
 * mean and fliers among the unused artists.  Returns 1 (box added, artists
 * marked used), 0 (no box here), -1 (no memory). */
static int
try_box(search *s, size_t i)
{
    const struct chartex_axes *axes = s->axes;
    size_t n = axes->n_artists, j, k, n_across = 0, n_marks = 0, m;
    size_t lo_w = SIZE_MAX, hi_w = SIZE_MAX;
    size_t cap_lo = SIZE_MAX, cap_hi = SIZE_MAX, median = SIZE_MAX, meanline = SIZE_MAX;
    size_t *across = s->scratch;
    double l, r, q1, q3, width, mid, vspan, c, whislo, whishi;
    chartex__box *b;

    if (!chartex__box_outline(axes->artists[i], s->vertical, &l, &r, &q1, &q3))
        return 0;
    width = r - l;
    mid = l + width / 2;
    vspan = q3 - q1;

    /* The whiskers: the first pair (in drawing order) that fits. */
    for (j = 0; j < n && lo_w == SIZE_MAX; j++) {
        if (!whisker_ok(s, j, mid, width, q1, vspan, -1))
            continue;
        for (k = 0; k < n; k++) {
            if (k != j && whisker_ok(s, k, mid, width, q3, vspan, +1)) {
                lo_w = j;
                hi_w = k;
                break;
            }
        }
    }
    if (lo_w == SIZE_MAX)
        return 0;
    /* The whiskers carry the exact position the box was drawn at. */
    c = pc(axes->artists[lo_w], s->vertical, 0);
    if (!near(pc(axes->artists[hi_w], s->vertical, 0), c, width))
        return 0;
    whislo = vc(axes->artists[lo_w], s->vertical, 1);
    whishi = vc(axes->artists[hi_w], s->vertical, 1);
    vspan = fmax(vspan, whishi - whislo);

    /* Lines across the centre, no wider than the box: caps, the median,
     * a mean line, in drawing order. */
    for (j = 0; j < n; j++) {
        const struct chartex_artist *a = axes->artists[j];
        double p[2], v[2], a0, a1;

        if (j == lo_w || j == hi_w || s->used[j] || !(s->shape[j] & SHAPE_LINE2))
            continue;
        first_points(a, s->vertical, 2, p, v);
        a0 = fmin(p[0], p[1]);
        a1 = fmax(p[0], p[1]);
        if (!near(v[0], v[1], vspan) || !near(a0 + (a1 - a0) / 2, c, width)
            || a1 - a0 > width + REL_TOL * fmax(fabs(c), width))
            continue;
        across[n_across++] = j;
    }
    /* bxp draws caps before the median: with three or more lines across,
     * the first at whislo and the next at whishi are the caps. */
    if (n_across >= 3) {
        for (m = 0; m < n_across && cap_lo == SIZE_MAX; m++)
            if (near(vc(axes->artists[across[m]], s->vertical, 0), whislo, vspan))
                cap_lo = across[m];
        for (m = 0; m < n_across && cap_hi == SIZE_MAX; m++)
            if (across[m] != cap_lo
                && near(vc(axes->artists[across[m]], s->vertical, 0), whishi, vspan))
                cap_hi = across[m];
        if (cap_lo == SIZE_MAX || cap_hi == SIZE_MAX)
            cap_lo = cap_hi = SIZE_MAX;
    }
    for (m = 0; m < n_across; m++) {
        size_t a = across[m];
        double v = vc(axes->artists[a], s->vertical, 0);

        if (a == cap_lo || a == cap_hi)
            continue;
        if (median == SIZE_MAX && v >= q1 - REL_TOL * fmax(fabs(q1), vspan)
            && v <= q3 + REL_TOL * fmax(fabs(q3), vspan))
            median = a;
        else if (meanline == SIZE_MAX && median != SIZE_MAX)
            meanline = a;
    }
    if (median == SIZE_MAX)
        return 0;

    b = new_box(s->out);
    if (b == NULL)
        return -1;
    b->order = i;
    b->pos = c;
    b->min = whislo;
    b->q1 = q1;
    b->median = vc(axes->artists[median], s->vertical, 0);
    b->q3 = q3;
    b->max = whishi;
    if (meanline != SIZE_MAX)
        b->mean = vc(axes->artists[meanline], s->vertical, 0);
    s->used[i] = s->used[lo_w] = s->used[hi_w] = s->used[median] = 1;
    if (cap_lo != SIZE_MAX)
        s->used[cap_lo] = s->used[cap_hi] = 1;
    if (meanline != SIZE_MAX)
        s->used[meanline] = 1;

    /* Marker-only lines at the centre: a mean point (drawn before the
     * fliers) and the fliers. */
    for (j = 0; j < n; j++) {
        const struct chartex_artist *a = axes->artists[j];

        if (s->used[j] || !(s->shape[j] & SHAPE_MARKERS))
            continue;
        for (k = 0; k < a->n && near(pc(a, s->vertical, k), c, width); k++)
            ;
        if (k == a->n)
            across[n_marks++] = j;
    }
    for (m = 0; m < n_marks; m++) {
        const struct chartex_artist *a = axes->artists[across[m]];
        double v = vc(a, s->vertical, 0);

        s->used[across[m]] = 1;
        if (a->n == 1 && isnan(b->mean)
            && ((n_marks >= 2 && m == 0)
                || (n_marks == 1 && v >= whislo && v <= whishi))) {
            b->mean = v;
            continue;
        }
        if (add_outliers(b, a, s->vertical) < 0)
            return -1;
    }
    return 1;
}

/* ---------------------------------------------------------------- violins */

/* Reads artist i as a violin body for the current orientation. */
static int
try_body(search *s, size_t i)
{
    const struct chartex_artist *a = s->axes->artists[i];
    const double *t, *f;
    size_t n, k;
    double f1, f2;
    int low = 1, high = 1;
    body *bd;

    if (a->kind != CHARTEX_ARTIST_AREA || !chartex__artist_is_data(a)
        || a->n_parts != 1 || !all_finite(a))
        return 0;
    /* Vertical violins are fill_betweenx: the shared coordinate is y. */
    if (!chartex__parse_band(a->x, a->y, a->n, s->vertical, &n) || n < 2)
        return 0;
    t = s->vertical ? a->y : a->x;
    f = s->vertical ? a->x : a->y;
    bd = &s->bodies[s->n_bodies];
    bd->idx = i;
    bd->lo = bd->hi = f[1];
    bd->min = bd->max = t[1];
    bd->median = bd->mean = NAN;
    for (k = 0; k < n; k++) {
        f1 = f[1 + k];
        f2 = f[2 * n + 1 - k];
        if (f1 != f[1])
            high = 0;   /* side='high' fills from the centre up */
        if (f2 != f[2 * n + 1])
            low = 0;    /* side='low' fills down to the centre */
        bd->lo = fmin(bd->lo, fmin(f1, f2));
        bd->hi = fmax(bd->hi, fmax(f1, f2));
        bd->min = fmin(bd->min, t[1 + k]);
        bd->max = fmax(bd->max, t[1 + k]);
    }
    /* violin_stats evaluates the density at np.linspace(min, max, points). */
    bd->even = n >= 3;
    for (k = 2; k < n && bd->even; k++)
        if (!near(t[1 + k] - t[k], t[2] - t[1], fmax(fabs(bd->min), fabs(bd->max))))
            bd->even = 0;
    bd->half = high || low;
    bd->side = high ? 1 : low ? -1 : 0;
    if (high)
        bd->pos = f[1];
    else if (low)
        bd->pos = f[2 * n + 1];
    else {
        bd->pos = f[1] + (f[2 * n + 1] - f[1]) / 2;
        for (k = 0; k < n; k++)
            if (!near(f[1 + k] + f[2 * n + 1 - k], 2 * bd->pos, bd->hi - bd->lo))
                return 0;
    }
    if (!(bd->hi > bd->lo))
        return 0;
    s->n_bodies++;
    return 1;
}

enum { SEG_NONE = 0, SEG_EXTREMA, SEG_SINGLE, SEG_MULTI };

/* The body a violin line segment (2 points) belongs to; *perp is 1 for
 * lines across (means, medians, extrema), 0 for the bar along the centre. */
static size_t
segment_body(const search *s, const double *p, const double *v, int *perp)
{
    size_t b;

    for (b = 0; b < s->n_bodies; b++) {
        const body *bd = &s->bodies[b];
        double ps = fmax(fabs(bd->pos), bd->hi - bd->lo);
        double vs = bd->max - bd->min;
        double tol = REL_TOL * ps;

        if (near(v[0], v[1], vs)) {
            double a0 = fmin(p[0], p[1]), a1 = fmax(p[0], p[1]);

            if (a0 <= bd->pos + tol && a1 >= bd->pos - tol
                && a0 >= bd->lo - tol && a1 <= bd->hi + tol
                && v[0] >= bd->min - REL_TOL * fmax(fabs(bd->min), vs)
                && v[0] <= bd->max + REL_TOL * fmax(fabs(bd->max), vs)) {
                *perp = 1;
                return b;
            }
        }
        if (near(p[0], bd->pos, ps) && near(p[1], bd->pos, ps)
            && ((near(v[0], bd->min, vs) && near(v[1], bd->max, vs))
                || (near(v[0], bd->max, vs) && near(v[1], bd->min, vs)))) {
            *perp = 0;
            return b;
        }
    }
    return SIZE_MAX;
}

/* What line collection i is, relative to the bodies found: SEG_NONE (not a
 * violin part), SEG_EXTREMA (mins, maxes or bars), SEG_SINGLE (one line
 * across per body: means or medians), SEG_MULTI (quantiles). */
static int
segment_type(const search *s, size_t i, size_t *counts)
{
    const struct chartex_artist *a = s->axes->artists[i];
    size_t part, off = 0, b, n_perp = 0, n_par = 0;
    int at_min = 1, at_max = 1, single = 1;

    if (a->kind != CHARTEX_ARTIST_SEGMENTS || !chartex__artist_is_data(a)
        || s->n_bodies == 0 || !all_finite(a))
        return SEG_NONE;
    memset(counts, 0, s->n_bodies * sizeof *counts);
    for (part = 0; part < a->n_parts; off += a->part_len[part], part++) {
        /* A collection's points: contiguous, never borrowed. */
        const double *p = (s->vertical ? a->x : a->y) + off;
        const double *v = (s->vertical ? a->y : a->x) + off;
        int perp = 0;

        if (a->part_len[part] != 2)
            return SEG_NONE;
        b = segment_body(s, p, v, &perp);
        if (b == SIZE_MAX)
            return SEG_NONE;
        if (perp) {
            const body *bd = &s->bodies[b];

            n_perp++;
            counts[b]++;
            if (!near(v[0], bd->min, bd->max - bd->min))
                at_min = 0;
            if (!near(v[0], bd->max, bd->max - bd->min))
                at_max = 0;
        } else {
            n_par++;
        }
    }
    if (n_par > 0)
        return n_perp == 0 ? SEG_EXTREMA : SEG_NONE;
    if (n_perp == 0)
        return SEG_NONE;
    if (at_min || at_max)
        return SEG_EXTREMA;
    for (b = 0; b < s->n_bodies; b++)
        if (counts[b] > 1)
            single = 0;
    return single ? SEG_SINGLE : SEG_MULTI;
}

/* Sets the median (or mean) of each body from single collection i. */
static void
assign_single(search *s, size_t i, int median)
{
    const struct chartex_artist *a = s->axes->artists[i];
    size_t part, off = 0, b;

    for (part = 0; part < a->n_parts; off += a->part_len[part], part++) {
        const double *v = (s->vertical ? a->y : a->x) + off;
        int perp = 0;

        b = segment_body(s, (s->vertical ? a->x : a->y) + off, v, &perp);
        if (b == SIZE_MAX || !perp)
            continue;
        if (median)
            s->bodies[b].median = v[0];
        else
            s->bodies[b].mean = v[0];
    }
}

/* A one-point data artist (a 1-point line, a 1-point scatter) at p along
 * the centre: *v is its value. */
static int
centre_point(const search *s, size_t j, double pos, double pscale, double *v)
{
    const struct chartex_artist *a = s->axes->artists[j];

    if (s->used[j] || a->n != 1
        || (a->kind != CHARTEX_ARTIST_LINE && a->kind != CHARTEX_ARTIST_SCATTER)
        || !chartex__artist_is_data(a) || !all_finite(a))
        return 0;
    if (!near(pc(a, s->vertical, 0), pos, pscale))
        return 0;
    *v = vc(a, s->vertical, 0);
    return 1;
}

/* seaborn's inner box of a violin (violinplot(inner="box"), the default):
 * drawn right after the body, a thin line from whislo to whishi and a
 * thick one from q1 to q3 along the body's centre, and the median as one
 * point between them (a 1-point line in seaborn 0.13, a 1-point scatter
 * in 0.12).  The body's KDE extends past the data (cut), so these lines
 * are what gives the data's statistics: found, they set box's min, q1,
 * median, q3, max as for a box (boxplot_stats' whislo, q1, med, q3,
 * whishi) and are marked used.  Only the three data artists that follow
 * the body are looked at: the two halves of a split violin share their
 * centre, each with its own inner box (seaborn 0.13; 0.12 draws one box
 * of both halves' data, which is no half's: not taken).  Returns 1 when
 * found; with box NULL only looks. */
static int
inner_box(search *s, const body *bd, chartex__box *box)
{
    const struct chartex_axes *axes = s->axes;
    double ps = fmax(fabs(bd->pos), bd->hi - bd->lo), vs = bd->max - bd->min;
    double lo[2], hi[2], med = NAN, v;
    size_t j, k = 0, next[3], line[2], point = SIZE_MAX, n_lines = 0, w, q;

    for (j = bd->idx + 1; j < axes->n_artists && k < 3; j++)
        if (chartex__artist_is_data(axes->artists[j]))
            next[k++] = j;
    if (k < 3)
        return 0;
    for (k = 0; k < 3; k++) {
        const struct chartex_artist *a = axes->artists[next[k]];
        double p[2], vv[2];

        j = next[k];
        if (centre_point(s, j, bd->pos, ps, &v)) {
            if (point != SIZE_MAX)
                return 0;
            point = j;
            med = v;
            continue;
        }
        if (s->used[j] || !(s->shape[j] & SHAPE_LINE2) || n_lines == 2)
            return 0;
        first_points(a, s->vertical, 2, p, vv);
        if (!near(p[0], bd->pos, ps) || !near(p[1], bd->pos, ps)
            || fmin(vv[0], vv[1]) < bd->min - REL_TOL * fmax(fabs(bd->min), vs)
            || fmax(vv[0], vv[1]) > bd->max + REL_TOL * fmax(fabs(bd->max), vs))
            return 0;
        lo[n_lines] = fmin(vv[0], vv[1]);
        hi[n_lines] = fmax(vv[0], vv[1]);
        line[n_lines++] = j;
    }
    if (n_lines != 2 || point == SIZE_MAX)
        return 0;
    w = (lo[0] <= lo[1] && hi[0] >= hi[1]) ? 0 : 1;    /* the whiskers' line */
    q = 1 - w;
    if (!(lo[w] <= lo[q] && hi[w] >= hi[q]) || med < lo[q] || med > hi[q])
        return 0;
    if (box == NULL)
        return 1;
    s->used[line[0]] = s->used[line[1]] = s->used[point] = 1;
    box->min = lo[w], box->q1 = lo[q], box->median = med;
    box->q3 = hi[q], box->max = hi[w];
    return 1;
}

/* Whether every body is a half beside a half of the other side at its
 * centre: seaborn's split violins (a stackplot's layers never pair so). */
static int
split_pairs(const search *s)
{
    size_t b, c;
    int paired = 1;

    for (b = 0; b < s->n_bodies && paired; b++)
        for (paired = 0, c = 0; c < s->n_bodies && !paired; c++)
            paired = s->bodies[b].half && c != b
                     && s->bodies[c].side == -s->bodies[b].side
                     && near(s->bodies[b].pos, s->bodies[c].pos,
                             fmax(s->bodies[b].hi - s->bodies[b].lo,
                                  s->bodies[c].hi - s->bodies[c].lo));
    return paired;
}

/* Finds violin bodies and their line collections.  -1: no memory. */
static int
find_violins(search *s)
{
    const struct chartex_axes *axes = s->axes;
    size_t n = axes->n_artists, i, b, first_extrema = SIZE_MAX, n_single = 0;
    size_t single[2] = {SIZE_MAX, SIZE_MAX}, n_single_after = 0;
    size_t *counts = s->scratch;
    unsigned long group = 0;
    int grouped = 1, any_segments = 0, even = 1;

    s->n_bodies = 0;
    for (i = 0; i < n; i++)
        if (!s->used[i])
            try_body(s, i);
    if (s->n_bodies == 0)
        return 0;
    for (i = 0; i < n; i++) {
        s->seg_type[i] = s->used[i] ? SEG_NONE : segment_type(s, i, counts);
        if (s->seg_type[i] != SEG_NONE)
            any_segments = 1;
        if (s->seg_type[i] == SEG_EXTREMA && first_extrema == SIZE_MAX)
            first_extrema = i;
    }
    for (b = 0; b < s->n_bodies; b++) {
        unsigned long g = axes->artists[s->bodies[b].idx]->group;

        if (g == 0 || (b > 0 && g != group))
            grouped = 0;
        group = g;
        if (!s->bodies[b].even || s->bodies[b].half)
            even = 0;
    }
    /* Bodies without violin lines (showextrema=False) are violins when
     * they look like violin_stats' output: evenly spaced values, drawn by
     * fill_betweenx, or several side by side.  One symmetric
     * fill_between(x, c - y, c + y) alone stays an area (an error band).
     * One-sided bodies need violin lines or a shared group: a stackplot's
     * layers are bands with one flat edge (the first sits on 0, the last
     * may end level) and would otherwise read as half violins. */
    if (!any_segments && !grouped && !(even && (s->vertical || s->n_bodies >= 2))
        && !split_pairs(s)) {
        /* seaborn's violins: bodies with an inner box each. */
        for (b = 0; b < s->n_bodies; b++)
            if (!inner_box(s, &s->bodies[b], NULL))
                return 0;
    }

    /* Axes.violin draws means, then extrema, then medians, then quantiles:
     * a single line per body after the extrema is the median, one before
     * them the mean; without extrema, one alone is taken as the median. */
    for (i = 0; i < n; i++) {
        if (s->seg_type[i] != SEG_SINGLE)
            continue;
        if (first_extrema != SIZE_MAX) {
            if (i < first_extrema)
                assign_single(s, i, 0);
            else if (n_single_after++ == 0)
                assign_single(s, i, 1);
        } else if (n_single < 2) {
            single[n_single++] = i;
        }
    }
    if (n_single == 1)
        assign_single(s, single[0], 1);
    else if (n_single == 2) {
        assign_single(s, single[0], 0);
        assign_single(s, single[1], 1);
    }
    for (i = 0; i < n; i++)
        if (s->seg_type[i] != SEG_NONE)
            s->used[i] = 1;

    for (b = 0; b < s->n_bodies; b++) {
        const body *bd = &s->bodies[b];
        chartex__box *box = new_box(s->out);

        if (box == NULL)
            return -1;
        s->used[bd->idx] = 1;
        box->order = bd->idx;
        box->violin = 1;
        box->pos = bd->pos;
        box->min = bd->min;
        box->max = bd->max;
        box->median = bd->median;
        box->mean = bd->mean;
        (void)inner_box(s, bd, box);
        s->out->violin = 1;
    }
    return 0;
}

/* ------------------------------------------------------------ public part */

void
chartex__boxplot_clear(chartex__boxplot *bp)
{
    size_t i;

    if (bp == NULL)
        return;
    for (i = 0; i < bp->n; i++)
        chartex__free(bp->boxes[i].outliers);
    chartex__free(bp->boxes);
    memset(bp, 0, sizeof *bp);
}

/* Position order (doc/schema.md), then drawing order: seaborn draws hue
 * level by hue level, each at its offset. */
static int
by_position(const void *pa, const void *pb)
{
    const chartex__box *a = pa, *b = pb;

    if (a->pos != b->pos && !isnan(a->pos) && !isnan(b->pos))
        return (a->pos > b->pos) - (a->pos < b->pos);
    return (a->order > b->order) - (a->order < b->order);
}

/* Whether an artist left over beside boxes could have been a part of one
 * (a whisker, a cap, a median, a box, a violin's lines): then the boxes
 * found are not the whole story, and the Axes is no box plot. */
/* Whether a line collection has a segment centred on a box found (a
 * whisker, cap or median could be one): hlines between boxes are not. */
static int
segments_at_boxes(const search *s, const struct chartex_artist *a)
{
    const double *p = s->vertical ? a->x : a->y;   /* a collection's: contiguous */
    size_t k, b, off = 0;

    for (k = 0; k < a->n_parts; off += a->part_len[k++])
        for (b = 0; a->part_len[k] > 0 && b < s->out->n; b++)
            if (near((p[off] + p[off + a->part_len[k] - 1]) / 2, s->out->boxes[b].pos,
                     fmax(fabs(s->out->boxes[b].pos), 1)))
                return 1;
    return 0;
}

static int
box_like(const search *s, size_t i)
{
    const struct chartex_artist *a = s->axes->artists[i];
    double l, r, q1, q3;

    if (a->kind == CHARTEX_ARTIST_SEGMENTS)
        return segments_at_boxes(s, a);
    if (a->kind == CHARTEX_ARTIST_LINE || a->kind == CHARTEX_ARTIST_PATCH)
        return (s->shape[i] & SHAPE_LINE2) || chartex__box_outline(a, 1, &l, &r, &q1, &q3)
            || chartex__box_outline(a, 0, &l, &r, &q1, &q3);
    return 0;
}

/* One attempt in one orientation: 1 when boxes were found and nothing
 * box-like is left over. */
static int
attempt(search *s)
{
    const struct chartex_axes *axes = s->axes;
    size_t i;
    int r;

    memset(s->used, 0, axes->n_artists);
    for (i = 0; i < axes->n_artists; i++) {
        if (s->used[i])
            continue;
        r = try_box(s, i);
        if (r < 0)
            return -1;
    }
    if (find_violins(s) < 0)
        return -1;
    if (s->out->n == 0)
        return 0;
    for (i = 0; i < axes->n_artists; i++)
        if (!s->used[i] && chartex__artist_is_data(axes->artists[i]) && box_like(s, i))
            return 0;
    return 1;
}

int
chartex__find_boxplot(const struct chartex_axes *axes, chartex__boxplot *out,
                      unsigned char *used)
{
    search s;
    size_t i, n;
    int possible = 0, r = 0, o;

    memset(out, 0, sizeof *out);
    if (axes == NULL || axes->n_artists == 0)
        return 0;
    n = axes->n_artists;
    /* Cheap refusal first: box plots are made of lines, patches, areas and
     * line collections (and seaborn 0.12's one-point median dot in a
     * violin), with at least one outline or body among them. */
    for (i = 0; i < n; i++) {
        const struct chartex_artist *a = axes->artists[i];
        double bl, br, q1, q3;

        if (!chartex__artist_is_data(a))
            continue;
        if (a->kind == CHARTEX_ARTIST_AREA || chartex__box_outline(a, 1, &bl, &br, &q1, &q3)
            || chartex__box_outline(a, 0, &bl, &br, &q1, &q3))
            possible = 1;
    }
    if (!possible)
        return 0;

    memset(&s, 0, sizeof s);
    s.axes = axes;
    s.out = out;
    s.used = chartex__calloc(n, 1);
    s.scratch = chartex__calloc(n, sizeof *s.scratch);
    s.bodies = chartex__calloc(n, sizeof *s.bodies);
    s.seg_type = chartex__calloc(n, sizeof *s.seg_type);
    s.shape = chartex__calloc(n, 1);
    if (s.used == NULL || s.scratch == NULL || s.bodies == NULL || s.seg_type == NULL
        || s.shape == NULL) {
        r = -1;
        goto done;
    }
    for (i = 0; i < n; i++)
        s.shape[i] = (unsigned char)((is_line2(axes->artists[i]) ? SHAPE_LINE2 : 0)
                                     | (is_marker_line(axes->artists[i]) ? SHAPE_MARKERS : 0));
    for (o = 0; o < 2; o++) {
        s.vertical = o == 0;
        r = attempt(&s);
        if (r != 0)
            break;
        chartex__boxplot_clear(out);
    }
    if (r == 1) {
        out->orientation = s.vertical ? CHARTEX_VERTICAL : CHARTEX_HORIZONTAL;
        chartex__sort(out->boxes, out->n, sizeof *out->boxes, by_position);
        memcpy(used, s.used, n);
    }
done:
    if (r != 1)
        chartex__boxplot_clear(out);
    chartex__free(s.used);
    chartex__free(s.scratch);
    chartex__free(s.bodies);
    chartex__free(s.seg_type);
    chartex__free(s.shape);
    return r;
}
