/*
 * candles.c - candlestick and OHLC charts: the candles of an Axes, found
 * from the numbers alone, and their elements.  Every reader draws them in
 * the same few shapes, so one rule reads mplfinance, the manual idiom
 * (vlines(dates, low, high) + bar(dates, close - open, bottom=open), up
 * and down candles in one bar call or two, wicks drawn as thin bars) and
 * Plotly's candlestick and ohlc traces alike:
 *
 *   body   a floating vertical bar (none of its container's bars starts
 *          at 0) or a 4-corner axis-aligned rectangle (a PolyCollection's
 *          polygon, a Rectangle patch), from its open (the bar's base, the
 *          rectangle's first corner) to its close (the bar's end, the
 *          opposite corner);
 *   wick   a vertical segment (of a line collection, or a line of two or
 *          more points at one x), or a floating bar narrower than the
 *          body, at a body's centre that reaches one of its ends or
 *          crosses it: the low and high are the farthest ends of a body's
 *          wicks (and of the body);
 *   OHLC   a vertical segment from low to high with a horizontal tick
 *          ending at it from the left (the open) and one starting at it
 *          to the right (the close).
 *
 * Candles are all or nothing per artist: a container of bodies is read as
 * candles when every one of its bodies has a wick, a collection of wicks
 * when every one of its segments is a wick of such a body (the same for
 * OHLC sticks and ticks), repeated until nothing changes, so a bar chart
 * with an unrelated vline at one bar stays a bar chart.  The artists of
 * the candles are taken (classify.c marks them): the wicks and ticks make
 * no line part, the bodies no bar elements of their own.  The candles are
 * one element each, in the order of their positions (bars.c places them
 * among the bar chart's elements).
 */
#include "chart/chart.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------- the pieces */

/* A vertical segment: a wick, or the stick of an OHLC candle. */
typedef struct stick {
    double x, lo, hi;
    double w;               /* a thin bar's width; 0 for a line */
    size_t artist, part;
} stick;

/* A horizontal segment: an OHLC tick. */
typedef struct tick {
    double y, left, right;
    size_t artist, part;
} tick;

/* A candle's body. */
typedef struct body {
    double c, half, open, close;
    size_t artist, part;
} body;

typedef struct pieces {
    stick *st;
    size_t n_st;
    tick *tk;
    size_t n_tk;
    body *bd;
    size_t n_bd;
    /* per artist: what it may still be (BODIES, STICKS, TICKS bits) */
    unsigned char *ok;
    /* per artist: what it may be */
    unsigned char *role;
} pieces;

enum { NONE = 0, BODIES = 1, STICKS = 2, TICKS = 4 };

static int
close_to(double a, double b)
{
    return fabs(a - b) <= 1e-9 * fmax(1.0, fmax(fabs(a), fabs(b)));
}

static double
vtol_of(double a, double b, double c, double d)
{
    return 1e-9 * fmax(fmax(fabs(a), fabs(b)), fmax(fabs(c), fabs(d)));
}

/* Whether the points of part [off, off + len) of a are all finite. */
static int
finite_part(const struct chartex_artist *a, size_t off, size_t len)
{
    size_t i;

    for (i = off; i < off + len; i++)
        if (!isfinite(CHARTEX__PX(a, i)) || !isfinite(CHARTEX__PY(a, i)))
            return 0;
    return 1;
}

/* Whether the len points x[i * st], y[i * st] stand at one x: *lo, *hi
 * their y extent.  len >= 2. */
static int
vertical(const double *x, const double *y, size_t st, size_t len, double *lo, double *hi)
{
    size_t i;

    if (len < 2)
        return 0;
    *lo = *hi = y[0];
    for (i = 1; i < len; i++) {
        if (!close_to(x[i * st], x[0]))
            return 0;
        *lo = fmin(*lo, y[i * st]);
        *hi = fmax(*hi, y[i * st]);
    }
    return 1;
}

/* Whether the polygon of len points is an axis-aligned rectangle of 4
 * corners (a 5th repeating the first is allowed) with some width. */
static int
rectangle(const double *x, const double *y, size_t len)
{
    if (len == 5 && (x[4] != x[0] || y[4] != y[0]))
        return 0;
    if (len != 4 && len != 5)
        return 0;
    if (x[0] == x[1] && y[1] == y[2] && x[2] == x[3] && y[3] == y[0])
        return x[0] != x[2];    /* a vertical first edge (mplfinance's) */
    if (y[0] == y[1] && x[1] == x[2] && y[2] == y[3] && x[3] == x[0])
        return x[0] != x[1];    /* a horizontal one (a Rectangle patch's) */
    return 0;
}

static int
grow(void **v, size_t *cap, size_t n, size_t size)
{
    void *p;
    size_t c;
    int overflow = 0;

    if (n < *cap)
        return 0;
    c = *cap ? 2 * *cap : 16;
    p = chartex__realloc(*v, chartex__mul(c, size, &overflow));
    if (p == NULL || overflow)
        return -1;
    *v = p;
    *cap = c;
    return 0;
}

/* What artist i (data, not taken) may be, and its pieces added.  -1: no
 * memory. */
static int
collect(const struct chartex_axes *axes, size_t i, pieces *p, size_t *cap)
{
    const struct chartex_artist *a = axes->artists[i];
    size_t k, off, n_st = p->n_st, n_tk = p->n_tk, n_bd = p->n_bd;
    int vert = 1, horiz = 1, rects = 1, any = 0;

    switch (a->kind) {
    case CHARTEX_ARTIST_BARS:
        /* Bars whose figure says where each stands (a Plotly bar trace)
         * are the figure's bars: no candle is drawn with them. */
        if (a->orientation != CHARTEX_VERTICAL || a->bat != NULL)
            return 0;
        for (k = 0; k < a->n; k++) {
            if (!isfinite(a->bx[k]) || !isfinite(a->by[k]) || !isfinite(a->bw[k])
                || !isfinite(a->bh[k]) || a->bw[k] == 0)
                continue;
            if (a->by[k] == 0)
                goto not_bodies;    /* a bar from 0: no candle's body */
            if (grow((void **)&p->bd, &cap[2], p->n_bd, sizeof *p->bd) < 0
                || grow((void **)&p->st, &cap[0], p->n_st, sizeof *p->st) < 0)
                return -1;
            /* Each bar may be a wick too: a thin one (the bars that draw
             * the wicks of a candle drawn with bars alone). */
            p->st[p->n_st].x = a->bx[k] + a->bw[k] / 2;
            p->st[p->n_st].lo = fmin(a->by[k], a->by[k] + a->bh[k]);
            p->st[p->n_st].hi = fmax(a->by[k], a->by[k] + a->bh[k]);
            p->st[p->n_st].w = fabs(a->bw[k]);
            p->st[p->n_st].artist = i;
            p->st[p->n_st].part = k;
            p->n_st++;
            p->bd[p->n_bd].c = a->bx[k] + a->bw[k] / 2;
            p->bd[p->n_bd].half = fabs(a->bw[k]) / 2;
            p->bd[p->n_bd].open = a->by[k];
            /* open + (close - open): 15 digits take the noise away */
            p->bd[p->n_bd].close = chartex__round15(a->by[k] + a->bh[k]);
            p->bd[p->n_bd].artist = i;
            p->bd[p->n_bd].part = k;
            p->n_bd++;
        }
        if (p->n_bd > n_bd)
            p->role[i] = BODIES | STICKS;
        return 0;
    case CHARTEX_ARTIST_LINE:
        if ((a->flags & CHARTEX_LINE_NO_LINE) || a->n < 2)
            return 0;
        if (grow((void **)&p->st, &cap[0], p->n_st, sizeof *p->st) < 0)
            return -1;
        /* Vertical first: a long line stops at its second point. */
        if (!vertical(a->x, a->y, a->stride, a->n, &p->st[p->n_st].lo, &p->st[p->n_st].hi)
            || !finite_part(a, 0, a->n))
            return 0;
        p->st[p->n_st].x = a->x[0];
        p->st[p->n_st].w = 0;
        p->st[p->n_st].artist = i;
        p->st[p->n_st].part = 0;
        p->n_st++;
        p->role[i] = STICKS;
        return 0;
    case CHARTEX_ARTIST_SEGMENTS:
    case CHARTEX_ARTIST_AREA:
    case CHARTEX_ARTIST_PATCH:
        break;
    default:
        return 0;
    }
    if (a->kind == CHARTEX_ARTIST_SEGMENTS)
        rects = 0;
    else
        vert = horiz = 0;
    if (a->kind == CHARTEX_ARTIST_PATCH && chartex__artist_is_outline(a))
        rects = 0;
    for (k = 0, off = 0; k < a->n_parts && (vert || horiz || rects); off += a->part_len[k], k++) {
        const double *x = a->x + off, *y = a->y + off;
        size_t len = a->part_len[k];
        double lo, hi;

        if (len == 0 || !finite_part(a, off, len))
            continue;   /* a missing candle: nothing drawn */
        any = 1;
        if (vert && vertical(x, y, 1, len, &lo, &hi)) {
            if (grow((void **)&p->st, &cap[0], p->n_st, sizeof *p->st) < 0)
                return -1;
            p->st[p->n_st].x = x[0];
            p->st[p->n_st].lo = lo;
            p->st[p->n_st].hi = hi;
            p->st[p->n_st].w = 0;
            p->st[p->n_st].artist = i;
            p->st[p->n_st].part = k;
            p->n_st++;
        }
        else
            vert = 0;
        if (horiz && len == 2 && y[0] == y[1] && x[0] != x[1]) {
            if (grow((void **)&p->tk, &cap[1], p->n_tk, sizeof *p->tk) < 0)
                return -1;
            p->tk[p->n_tk].y = y[0];
            p->tk[p->n_tk].left = fmin(x[0], x[1]);
            p->tk[p->n_tk].right = fmax(x[0], x[1]);
            p->tk[p->n_tk].artist = i;
            p->tk[p->n_tk].part = k;
            p->n_tk++;
        }
        else
            horiz = 0;
        if (rects && rectangle(x, y, len) && y[0] != 0) {
            if (grow((void **)&p->bd, &cap[2], p->n_bd, sizeof *p->bd) < 0)
                return -1;
            p->bd[p->n_bd].c = (fmin(x[0], x[2]) + fmax(x[0], x[2])) / 2;
            p->bd[p->n_bd].half = fabs(x[2] - x[0]) / 2;
            p->bd[p->n_bd].open = y[0];
            p->bd[p->n_bd].close = y[2];
            p->bd[p->n_bd].artist = i;
            p->bd[p->n_bd].part = k;
            p->n_bd++;
        }
        else
            rects = 0;
    }
    /* Keep the pieces of what the artist may be, drop the rest. */
    if (!vert || !any)
        p->n_st = n_st;
    if (!horiz || !any)
        p->n_tk = n_tk;
    if (!rects || !any)
        p->n_bd = n_bd;
    p->role[i] = (unsigned char)((p->n_st > n_st ? STICKS : 0) | (p->n_tk > n_tk ? TICKS : 0)
                                 | (p->n_bd > n_bd ? BODIES : 0));
    return 0;
not_bodies:
    p->n_bd = n_bd;
    p->n_st = n_st;
    return 0;
}

/* ------------------------------------------------------------ the search */

/* The pieces are sorted by their first member, a double (a stick's x,
 * a body's centre, a tick's end). */
static int
cmp_first(const void *pa, const void *pb)
{
    double a = *(const double *)pa, b = *(const double *)pb;

    return (a > b) - (a < b);
}

/* The first of n sorted pieces of size bytes whose first member is >= v. */
static size_t
lower_bound(const void *v, size_t n, size_t size, double key)
{
    size_t lo = 0, hi = n;

    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;

        if (*(const double *)(const void *)((const char *)v + mid * size) < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Whether wick s belongs to body d: at its centre, reaching an end of it
 * or crossing it. */
static int
wick_of(const stick *s, const body *d)
{
    double bot = fmin(d->open, d->close), top = fmax(d->open, d->close);
    double vt = vtol_of(bot, top, s->lo, s->hi);

    if (fabs(s->x - d->c) > 1e-6 * d->half + 1e-9 * fabs(d->c))
        return 0;
    /* A wick of no length draws nothing (a bar of height 0 over another). */
    if (!(s->hi - s->lo > vt))
        return 0;
    /* A bar is a wick of a wider body only, never of itself. */
    if (s->w > 0 && s->w >= 2 * d->half * (1 - 1e-6))
        return 0;
    return (s->lo <= top + vt && s->hi >= top - vt) || (s->lo <= bot + vt && s->hi >= bot - vt);
}

/* Whether a data line of axes marks body d as a box's: a 2-point
 * horizontal line across it, inside it (a median) or past its ends (a
 * cap), centred on it.  A candle has neither: the kind is decided from
 * all the evidence, not from the shapes a box and a candle share. */
static int
box_marks(const struct chartex_axes *axes, const body *d)
{
    double bot = fmin(d->open, d->close), top = fmax(d->open, d->close);
    size_t i;

    for (i = 0; i < axes->n_artists; i++) {
        const struct chartex_artist *a = axes->artists[i];
        double lo, hi, y, vt;

        if (a->kind != CHARTEX_ARTIST_LINE || !chartex__artist_is_data(a) || a->n != 2
            || (a->flags & CHARTEX_LINE_NO_LINE) || CHARTEX__PY(a, 0) != CHARTEX__PY(a, 1)
            || !isfinite(CHARTEX__PY(a, 0)))
            continue;
        lo = fmin(CHARTEX__PX(a, 0), CHARTEX__PX(a, 1));
        hi = fmax(CHARTEX__PX(a, 0), CHARTEX__PX(a, 1));
        y = CHARTEX__PY(a, 0);
        vt = vtol_of(bot, top, y, 0);
        if (!(hi > lo) || !close_to((lo + hi) / 2, d->c) || hi - lo > 2 * d->half * (1 + 1e-6))
            continue;
        if ((y > bot + vt && y < top - vt && hi - lo >= 2 * d->half * (1 - 1e-6))
            || y > top + vt || y < bot - vt)
            return 1;
    }
    return 0;
}

/* The largest tolerance a body's centre is compared with. */
static double
max_body_tol(const pieces *p)
{
    double t = 0;
    size_t i;

    for (i = 0; i < p->n_bd; i++)
        t = fmax(t, 1e-6 * p->bd[i].half + 1e-9 * fabs(p->bd[i].c));
    return t;
}

/* Candlesticks: drops from p->ok every body artist with a body without a
 * wick, and every stick artist with a stick that is no body's wick, until
 * nothing changes.  Sticks and bodies are sorted here. */
static void
settle_candlesticks(const struct chartex_axes *axes, pieces *p)
{
    double tol = max_body_tol(p);
    int changed = 1;
    size_t i, j;

    chartex__sort(p->st, p->n_st, sizeof *p->st, cmp_first);
    chartex__sort(p->bd, p->n_bd, sizeof *p->bd, cmp_first);
    for (i = 0; i < axes->n_artists; i++)
        p->ok[i] = p->role[i] & (BODIES | STICKS);
    /* A body with a box's median or caps: its artist draws no candles. */
    for (i = 0; i < p->n_bd; i++)
        if ((p->ok[p->bd[i].artist] & BODIES) && box_marks(axes, &p->bd[i]))
            p->ok[p->bd[i].artist] &= (unsigned char)~BODIES;
    while (changed) {
        changed = 0;
        for (i = 0; i < p->n_bd; i++) {
            const body *d = &p->bd[i];
            int found = 0;

            if (!(p->ok[d->artist] & BODIES))
                continue;
            for (j = lower_bound(p->st, p->n_st, sizeof *p->st, d->c - tol);
                 j < p->n_st && p->st[j].x <= d->c + tol && !found; j++)
                found = (p->ok[p->st[j].artist] & STICKS) && wick_of(&p->st[j], d);
            if (!found) {
                p->ok[d->artist] &= (unsigned char)~BODIES;
                changed = 1;
            }
        }
        for (i = 0; i < p->n_st; i++) {
            const stick *s = &p->st[i];
            int found = 0;

            if (!(p->ok[s->artist] & STICKS))
                continue;
            for (j = lower_bound(p->bd, p->n_bd, sizeof *p->bd, s->x - tol);
                 j < p->n_bd && p->bd[j].c <= s->x + tol && !found; j++)
                found = (p->ok[p->bd[j].artist] & BODIES) && wick_of(s, &p->bd[j]);
            if (!found) {
                p->ok[s->artist] &= (unsigned char)~STICKS;
                changed = 1;
            }
        }
    }
    /* Bodies that are also wicks of wider ones are wicks. */
    for (i = 0; i < axes->n_artists; i++)
        if (p->ok[i] == (BODIES | STICKS))
            p->ok[i] = STICKS;
}

/* ----------------------------------------------------------- the candles */

static int
cmp_candle(const void *pa, const void *pb)
{
    const chartex__candle *a = pa, *b = pb;

    if (a->pos != b->pos)
        return (a->pos > b->pos) - (a->pos < b->pos);
    if (a->artist != b->artist)
        return (a->artist > b->artist) - (a->artist < b->artist);
    return (a->k > b->k) - (a->k < b->k);
}

static int
add_candle(chartex__candles *out, chartex__candle c)
{
    if (grow((void **)&out->c, &out->cap, out->n, sizeof *out->c) < 0)
        return -1;
    out->c[out->n++] = c;
    return 0;
}

/* OHLC candles from the sticks and ticks of artists not taken by the
 * candlesticks.  The ticks are matched by a linear pass per stick over
 * ticks sorted by their ends (binary search). */
typedef struct tick_end {
    double at;
    size_t i;
} tick_end;

/* The tick of sorted ends e nearest stick s's position whose end is at
 * s (within tolerance) and whose height lies on s; SIZE_MAX when none.
 * Only ticks of artists in ok count; the first in drawing order wins. */
static size_t
tick_at(const pieces *p, const tick_end *e, size_t n, const stick *s, double tol,
        const unsigned char *ok)
{
    size_t j, best = SIZE_MAX;

    for (j = lower_bound(e, n, sizeof *e, s->x - tol); j < n && e[j].at <= s->x + tol; j++) {
        const tick *t = &p->tk[e[j].i];
        double vt = vtol_of(s->lo, s->hi, t->y, 0);
        double ttol = 1e-6 * (t->right - t->left) + 1e-9 * fabs(s->x);

        if (!ok[t->artist] || fabs(e[j].at - s->x) > ttol || t->y < s->lo - vt
            || t->y > s->hi + vt)
            continue;
        if (best == SIZE_MAX || t->artist < p->tk[best].artist
            || (t->artist == p->tk[best].artist && t->part < p->tk[best].part))
            best = e[j].i;
    }
    return best;
}

static int
find_ohlc(const struct chartex_axes *axes, pieces *p, chartex__candles *out)
{
    tick_end *lefts = NULL, *rights = NULL;   /* by right end, by left end */
    unsigned char *ok = p->ok, *used = NULL;
    double tol = 0;
    size_t i, l, r;
    int changed = 1, rc = -1;

    if (p->n_tk == 0)
        return 0;
    lefts = chartex__calloc(p->n_tk, sizeof *lefts);
    rights = chartex__calloc(p->n_tk, sizeof *rights);
    used = chartex__calloc(p->n_tk, 1);
    if (lefts == NULL || rights == NULL || used == NULL)
        goto done;
    for (i = 0; i < p->n_tk; i++) {
        lefts[i].at = p->tk[i].right;
        lefts[i].i = i;
        rights[i].at = p->tk[i].left;
        rights[i].i = i;
        tol = fmax(tol, 1e-6 * (p->tk[i].right - p->tk[i].left)
                            + 1e-9 * fmax(fabs(p->tk[i].left), fabs(p->tk[i].right)));
    }
    chartex__sort(lefts, p->n_tk, sizeof *lefts, cmp_first);
    chartex__sort(rights, p->n_tk, sizeof *rights, cmp_first);
    /* Sticks not of the candlesticks, ticks of artists of ticks only. */
    for (i = 0; i < axes->n_artists; i++)
        ok[i] = !ok[i] && (p->role[i] == STICKS || p->role[i] == TICKS)
                && axes->artists[i]->kind != CHARTEX_ARTIST_BARS;
    while (changed) {
        /* Every stick has both ticks, every tick is an open or a close
         * of a stick kept. */
        changed = 0;
        memset(used, 0, p->n_tk);
        for (i = 0; i < p->n_st; i++) {
            const stick *s = &p->st[i];

            if (!ok[s->artist])
                continue;
            l = tick_at(p, lefts, p->n_tk, s, tol, ok);
            r = tick_at(p, rights, p->n_tk, s, tol, ok);
            if (l == SIZE_MAX || r == SIZE_MAX) {
                ok[s->artist] = 0;
                changed = 1;
                continue;
            }
            used[l] = used[r] = 1;
        }
        for (i = 0; i < p->n_tk; i++)
            if (ok[p->tk[i].artist] && !used[i]) {
                ok[p->tk[i].artist] = 0;
                changed = 1;
            }
    }
    for (i = 0; i < p->n_st; i++) {
        const stick *s = &p->st[i];

        if (!ok[s->artist])
            continue;
        l = tick_at(p, lefts, p->n_tk, s, tol, ok);
        r = tick_at(p, rights, p->n_tk, s, tol, ok);
        if (add_candle(out, (chartex__candle){s->x, p->tk[l].y, s->hi, s->lo, p->tk[r].y,
                                              s->artist, s->part}) < 0)
            goto done;
        out->n_ohlc++;
    }
    rc = 0;
done:
    chartex__free(lefts);
    chartex__free(rights);
    chartex__free(used);
    return rc;
}

int
chartex__find_candles(const struct chartex_axes *axes, chartex__candles *out,
                      unsigned char *taken)
{
    pieces p;
    size_t cap[3] = {0, 0, 0}, i, j;
    unsigned char *is_candle = NULL;
    double tol;
    int rc = -1;

    memset(&p, 0, sizeof p);
    memset(out, 0, sizeof *out);
    out->first = SIZE_MAX;
    if (axes->n_artists == 0 || (axes->flags & (CHARTEX_AXES_3D | CHARTEX_AXES_POLAR)))
        return 0;
    p.ok = chartex__calloc(axes->n_artists, 1);
    p.role = chartex__calloc(axes->n_artists, 1);
    is_candle = chartex__calloc(axes->n_artists, 1);
    if (p.ok == NULL || p.role == NULL || is_candle == NULL)
        goto done;
    for (i = 0; i < axes->n_artists; i++)
        if (chartex__artist_is_data(axes->artists[i]) && !(taken != NULL && taken[i])
            && collect(axes, i, &p, cap) < 0)
            goto done;
    /* Vertical segments alone (an eventplot, vlines) are no candles:
     * nothing to sort. */
    if (p.n_st == 0 || (p.n_bd == 0 && p.n_tk == 0)) {
        rc = 0;
        goto done;
    }
    /* Candlesticks: bodies and their wicks. */
    settle_candlesticks(axes, &p);
    tol = max_body_tol(&p);
    for (i = 0; i < p.n_bd; i++) {
        const body *d = &p.bd[i];
        double lo = fmin(d->open, d->close), hi = fmax(d->open, d->close), at = NAN;

        if (!(p.ok[d->artist] & BODIES))
            continue;
        /* At its wick's x, the position as given (the body's centre is
         * recomputed from its edges). */
        for (j = lower_bound(p.st, p.n_st, sizeof *p.st, d->c - tol); j < p.n_st && p.st[j].x <= d->c + tol;
             j++)
            if ((p.ok[p.st[j].artist] & STICKS) && wick_of(&p.st[j], d)) {
                lo = fmin(lo, p.st[j].lo);
                hi = fmax(hi, p.st[j].hi);
                if (isnan(at))
                    at = p.st[j].x;
            }
        if (add_candle(out, (chartex__candle){at, d->open, hi, lo, d->close, d->artist,
                                              d->part}) < 0)
            goto done;
        out->n_bodies++;
    }
    for (i = 0; i < axes->n_artists; i++)
        is_candle[i] = p.ok[i];
    /* OHLC: sticks with an open tick and a close tick. */
    if (find_ohlc(axes, &p, out) < 0)
        goto done;
    for (i = 0; i < axes->n_artists; i++)
        if (is_candle[i] || p.ok[i]) {
            if (taken != NULL)
                taken[i] = 3;
            if (out->first == SIZE_MAX)
                out->first = i;
        }
    chartex__sort(out->c, out->n, sizeof *out->c, cmp_candle);
    rc = out->n > 0;
done:
    chartex__free(p.st);
    chartex__free(p.tk);
    chartex__free(p.bd);
    chartex__free(p.ok);
    chartex__free(p.role);
    chartex__free(is_candle);
    if (rc <= 0) {
        chartex__candles_clear(out);
        out->first = SIZE_MAX;
    }
    return rc;
}

void
chartex__candles_clear(chartex__candles *c)
{
    chartex__free(c->c);
    memset(c, 0, sizeof *c);
    c->first = SIZE_MAX;
}

/* ----------------------------------------------------------- elements */

/* close - open to the 15 significant digits of the prices: the
 * difference of two prices (11.8 - 12.0 is -0.1999999999999993) carries
 * no digit they do not. */
static double
change(double open, double close)
{
    double d = close - open, m = fmax(fabs(open), fabs(close)), p;
    int k;

    if (d == 0 || !isfinite(d) || m == 0)
        return d;
    k = 14 - (int)floor(log10(m));
    if (k > 290 || k < -290)
        return d;
    p = pow(10, k >= 0 ? k : -k);
    return k >= 0 ? round(d * p) / p : round(d / p) * p;
}

/* Whether the ticks of x axis xa name the candles: every candle stands
 * at a labelled tick of a numeric axis and one of those labels is more
 * than a number (set_xticks(range(n), dates)), as for bars (bars.c). */
static int
named_by_ticks(const struct chartex_axis *xa, const chartex__candles *candles)
{
    size_t i;
    int named = 0;

    if (xa->kind != CHARTEX_AXIS_NUMERIC)
        return 0;
    for (i = 0; i < candles->n; i++) {
        long t = chartex__tick_at(xa, candles->c[i].pos);

        if (t < 0)
            return 0;
        if (!chartex__numeric_text(xa->tick_labels[t]))
            named = 1;
    }
    return named;
}

int
chartex__candle_elements(chartex__builder *b, const struct chartex_axes *axes,
                         const chartex__candles *candles, chartex__labels *used,
                         size_t *n_group, chartex__node *elements)
{
    const struct chartex_axis *xa = &axes->axis[0], *ya = &axes->axis[1];
    chartex__node *dflt = NULL, *own = NULL;
    size_t i, own_artist = SIZE_MAX;
    int rc = -1, by_ticks = named_by_ticks(xa, candles);

    for (i = 0; i < candles->n; i++) {
        const chartex__candle *c = &candles->c[i];
        const char *label = axes->artists[c->artist]->label;
        chartex__node *el, *group;

        if (chartex__label_is_default(label)) {
            if (dflt == NULL
                && (dflt = chartex__element_label(b, used, "", "Group", (*n_group)++)) == NULL)
                goto done;
            group = dflt;
        }
        else {
            if (own_artist != c->artist) {
                chartex__node_free(own);
                own = chartex__element_label(b, used, label, "Group", 0);
                if (own == NULL)
                    goto done;
                own_artist = c->artist;
            }
            group = own;
        }
        el = chartex__node_new(CHARTEX__NODE_OBJECT);
        if (chartex__array_add(elements, el) < 0
            || chartex__object_add(el, "label",
                                   by_ticks ? chartex__tick_label_node(b, xa, c->pos)
                                            : chartex__position_node(c->pos, xa)) < 0
            || chartex__object_add(el, "group", chartex__node_string(group->u.string.s,
                                                                     group->u.string.len)) < 0
            || chartex__object_add(el, "value",
                                   chartex__node_number(change(c->open, c->close))) < 0
            || (c->open != 0
                && chartex__object_add(el, "base", chartex__node_value(c->open, ya)) < 0)
            || chartex__object_add(el, "open", chartex__node_value(c->open, ya)) < 0
            || chartex__object_add(el, "high", chartex__node_value(c->high, ya)) < 0
            || chartex__object_add(el, "low", chartex__node_value(c->low, ya)) < 0
            || chartex__object_add(el, "close", chartex__node_value(c->close, ya)) < 0)
            goto done;
    }
    rc = 0;
done:
    chartex__node_free(dflt);
    chartex__node_free(own);
    return rc;
}
