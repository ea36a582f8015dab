/*
 * standing.c - where each bar of an Axes stands: the one rule, for every
 * reader, of which category (tick, or number) names a bar and which bin
 * a histogram's bar counts; doc/schema.md ("Where a bar stands") writes
 * it in words.  Every comparison of positions is within tol, 1e-6 of the
 * narrowest bar's width plus 1e-12 of the largest position, never ==.
 *
 * A bar whose figure says where it stands (a Plotly bar's x) stands
 * there.  The others: bars at one centre make a slot (stacks, overlays);
 * neighbouring slots of different artists make a group when the same two
 * artists stand side by side at the same distance at least twice, no
 * artist twice in a group, and a gap between them (if any) less than half
 * the smallest gap between groups; a lone bar of an artist with one
 * offset in its groups stands at its group's place by that offset.  A
 * group stands at the middle of its first and last slots.  Runs are
 * touching slots, no artist twice.  The anchor under a group names it;
 * a bar in no group, the anchor under its run; with two or more there,
 * the one under the bar itself; with none, the category whose slot holds
 * the position, else the position as the axis writes it (labels.c).  On
 * an axis without anchors, bars that tile it are a histogram's bins:
 * an artist's bars each starting where the last ends, or groups that
 * tile it once each is widened by one ratio (1, or any when a reader saw
 * a histogram: CHARTEX_BARS_BINNED); a binned bar is named by its bin's
 * centre.
 */
#include "chart/chart.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* More artists in one slot than this give no evidence of groups (a cap on
 * the pairs counted; a real slot holds a stack of a few). */
#define MAX_SLOT_ARTISTS 32
/* No group holds more artists than this. */
#define MAX_GROUP_ARTISTS 64

typedef struct ref {            /* one bar placed from the geometry */
    size_t artist, k;
    double c, lo, hi;
    size_t slot;
} ref;

typedef struct slot {           /* bars at one position */
    size_t first, n;            /* refs[first .. first + n) */
    double c, lo, hi;
    size_t unit;
} slot;

typedef struct unit {           /* a group of slots side by side, or one slot */
    size_t first, n;            /* slots[first .. first + n) */
    double at, lo, hi;
    int placed;                 /* a lone slot placed by its artist's offset */
} unit;

typedef struct pair {           /* two artists side by side at one boundary */
    size_t a, b, boundary;
    int touch;                  /* their bars touch: the distance does not count */
    double d, mag;              /* their distance; the larger position */
} pair;

typedef struct layout {         /* the bars of one orientation */
    ref *refs;
    size_t n_refs;
    slot *slots;
    size_t n_slots;
    unit *units;
    size_t n_units;
    double tol;                 /* 1e-6 of the narrowest bar (tol_at adds the
                                   position's own part) */
    double min_width;           /* the narrowest bar's width (0: none) */
} layout;

/* The tolerance two positions about a apart are compared with: 1e-6 of
 * the narrowest bar, plus 1e-12 of a (the doubles' own noise there). */
static double
tol_at(const layout *L, double a)
{
    return L->tol + 1e-12 * fabs(a);
}

/* ---------------------------------------------------------- the bars */

static int
is_plain_bars(const struct chartex_axes *axes, const unsigned char *taken, size_t i)
{
    const struct chartex_artist *a = axes->artists[i];

    return a->kind == CHARTEX_ARTIST_BARS && chartex__artist_is_data(a)
           && !(taken != NULL && taken[i] == 3);
}

static double
centre_of(const struct chartex_artist *a, size_t k)
{
    return a->orientation == CHARTEX_VERTICAL ? a->bx[k] + a->bw[k] / 2
                                              : a->by[k] + a->bh[k] / 2;
}

static double
width_of(const struct chartex_artist *a, size_t k)
{
    return fabs(a->orientation == CHARTEX_VERTICAL ? a->bw[k] : a->bh[k]);
}

static int
cmp_ref(const void *pa, const void *pb)
{
    const ref *a = pa, *b = pb;

    if (a->c != b->c)
        return (a->c > b->c) - (a->c < b->c);
    if (a->artist != b->artist)
        return (a->artist > b->artist) - (a->artist < b->artist);
    return (a->k > b->k) - (a->k < b->k);
}

static int
cmp_pair(const void *pa, const void *pb)
{
    const pair *a = pa, *b = pb;

    if (a->a != b->a)
        return (a->a > b->a) - (a->a < b->a);
    if (a->b != b->b)
        return (a->b > b->b) - (a->b < b->b);
    if (a->touch != b->touch)
        return a->touch - b->touch;
    return (a->d > b->d) - (a->d < b->d);
}

static int
cmp_double(const void *pa, const void *pb)
{
    double a = *(const double *)pa, b = *(const double *)pb;

    return (a > b) - (a < b);
}

/* The bars of orientation o placed from the geometry (finite centre and
 * width, no position given), sorted by centre, and the tolerance of
 * every comparison: 1e-6 of the narrowest bar of o (given or not) plus
 * 1e-12 of the largest position. */
static int
collect(const struct chartex_axes *axes, const unsigned char *taken, chartex_orientation o,
        layout *L)
{
    size_t i, k, n = 0;
    double minw = INFINITY;

    for (i = 0; i < axes->n_artists; i++) {
        const struct chartex_artist *a = axes->artists[i];

        if (!is_plain_bars(axes, taken, i) || a->orientation != o)
            continue;
        for (k = 0; k < a->n; k++) {
            double c = centre_of(a, k), w = width_of(a, k);

            if (!isfinite(c) || !isfinite(w))
                continue;
            if (w > 0)
                minw = fmin(minw, w);
            if (a->bat == NULL || !isfinite(a->bat[k]))
                n++;
        }
    }
    L->min_width = isfinite(minw) ? minw : 0;
    L->tol = 1e-6 * L->min_width;
    L->refs = chartex__calloc(n ? n : 1, sizeof *L->refs);
    if (L->refs == NULL)
        return -1;
    for (i = 0; i < axes->n_artists; i++) {
        const struct chartex_artist *a = axes->artists[i];

        if (!is_plain_bars(axes, taken, i) || a->orientation != o)
            continue;
        for (k = 0; k < a->n; k++) {
            double c = centre_of(a, k), w = width_of(a, k);
            ref *r;

            if (!isfinite(c) || !isfinite(w) || (a->bat != NULL && isfinite(a->bat[k])))
                continue;
            r = &L->refs[L->n_refs++];
            r->artist = i;
            r->k = k;
            r->c = c;
            r->lo = c - w / 2;
            r->hi = c + w / 2;
        }
    }
    chartex__sort(L->refs, L->n_refs, sizeof *L->refs, cmp_ref);
    return 0;
}

/* Bars whose centres are equal within tol stand at one slot. */
static int
make_slots(layout *L)
{
    size_t i;

    L->slots = chartex__calloc(L->n_refs ? L->n_refs : 1, sizeof *L->slots);
    if (L->slots == NULL)
        return -1;
    for (i = 0; i < L->n_refs; i++) {
        ref *r = &L->refs[i];
        slot *s = L->n_slots > 0 ? &L->slots[L->n_slots - 1] : NULL;

        if (s != NULL && r->c - s->c <= tol_at(L, r->c)) {
            s->n++;
            s->lo = fmin(s->lo, r->lo);
            s->hi = fmax(s->hi, r->hi);
        } else {
            s = &L->slots[L->n_slots++];
            s->first = i;
            s->n = 1;
            s->c = r->c;
            s->lo = r->lo;
            s->hi = r->hi;
        }
        r->slot = (size_t)(s - L->slots);
    }
    return 0;
}

/* ------------------------------------------------------------- groups */

/* evidence[b]: the same two artists stand side by side at boundary b
 * (between slots b and b + 1) and somewhere else, at the same distance,
 * or touching both times (a histogram's bins of several widths). */
static int
side_by_side(const layout *L, unsigned char *evidence)
{
    size_t b, i, j, n = 0, cap = 0, run, m;
    pair *p = NULL, *grown;
    int rc = -1;

    for (b = 0; b + 1 < L->n_slots; b++) {
        const slot *s = &L->slots[b], *t = &L->slots[b + 1];

        if (s->n > MAX_SLOT_ARTISTS || t->n > MAX_SLOT_ARTISTS)
            continue;
        for (i = 0; i < s->n; i++)
            for (j = 0; j < t->n; j++) {
                const ref *ra = &L->refs[s->first + i], *rc2 = &L->refs[t->first + j];
                size_t a = ra->artist, c = rc2->artist;

                if (a == c)
                    continue;
                if (n == cap) {
                    cap = cap ? 2 * cap : 64;
                    grown = chartex__realloc(p, cap * sizeof *p);
                    if (grown == NULL)
                        goto done;
                    p = grown;
                }
                p[n].a = a;
                p[n].b = c;
                p[n].boundary = b;
                p[n].d = t->c - s->c;
                p[n].mag = fmax(fabs(s->c), fabs(t->c));
                p[n].touch = fabs(rc2->lo - ra->hi) <= tol_at(L, ra->hi);
                n++;
            }
    }
    chartex__sort(p, n, sizeof *p, cmp_pair);
    for (i = 0; i < n; i += run) {
        for (run = 1; i + run < n && p[i + run].a == p[i].a && p[i + run].b == p[i].b
                      && p[i + run].touch == p[i].touch
                      && (p[i].touch || p[i + run].d - p[i + run - 1].d
                          <= tol_at(L, fmax(p[i + run].mag, p[i + run - 1].mag))); run++)
            ;
        for (m = 0; m < run; m++)
            if (run >= 2)
                evidence[p[i + m].boundary] = 1;
    }
    rc = 0;
done:
    chartex__free(p);
    return rc;
}

/* Units from the joins: slot b + 1 joins the unit of slot b when join[b]
 * and none of its artists is in that unit already (at most
 * MAX_GROUP_ARTISTS of them).  joined[b] receives whether it did. */
static void
make_units(layout *L, const unsigned char *join, unsigned char *joined)
{
    size_t b, i, j, n_art = 0;
    size_t art[MAX_GROUP_ARTISTS];
    unit *u = NULL;

    L->n_units = 0;
    for (b = 0; b < L->n_slots; b++) {
        slot *s = &L->slots[b];
        int ok = b > 0 && join[b - 1] && n_art + s->n <= MAX_GROUP_ARTISTS;

        for (i = 0; ok && i < s->n; i++)
            for (j = 0; j < n_art; j++)
                if (art[j] == L->refs[s->first + i].artist)
                    ok = 0;
        if (b > 0)
            joined[b - 1] = (unsigned char)ok;
        if (!ok) {
            u = &L->units[L->n_units++];
            u->first = b;
            u->n = 0;
            u->lo = s->lo;
            u->hi = s->hi;
            u->placed = 0;
            n_art = 0;
        }
        u->n++;
        u->lo = fmin(u->lo, s->lo);
        u->hi = fmax(u->hi, s->hi);
        for (i = 0; i < s->n && n_art < MAX_GROUP_ARTISTS; i++)
            art[n_art++] = L->refs[s->first + i].artist;
        s->unit = (size_t)(u - L->units);
    }
    for (i = 0; i < L->n_units; i++) {
        u = &L->units[i];
        u->at = (L->slots[u->first].c + L->slots[u->first + u->n - 1].c) / 2;
    }
}

/* The gap between slot b and the next (negative: they overlap). */
static double
gap_at(const layout *L, size_t b)
{
    return L->slots[b + 1].lo - L->slots[b].hi;
}

/* The groups: slots joined where the evidence says so (side_by_side)
 * and their gap is at most a level: the largest level at which every gap
 * joined is less than half the smallest gap left between the units that
 * repeats (at most MAX_LEVELS levels, the smallest, are tried). */
#define MAX_LEVELS 64
static int
make_groups(layout *L)
{
    unsigned char *evidence = NULL, *join = NULL, *joined = NULL;
    double *levels = NULL, level, best = -INFINITY;
    size_t b, i, n_levels = 0, nb = L->n_slots ? L->n_slots - 1 : 0;
    int rc = -1;

    L->units = chartex__calloc(L->n_slots ? L->n_slots : 1, sizeof *L->units);
    evidence = chartex__calloc(nb ? nb : 1, 1);
    join = chartex__calloc(nb ? nb : 1, 1);
    joined = chartex__calloc(nb ? nb : 1, 1);
    levels = chartex__calloc(nb ? nb : 1, sizeof *levels);
    if (L->units == NULL || evidence == NULL || join == NULL || joined == NULL
        || levels == NULL || side_by_side(L, evidence) < 0)
        goto done;
    for (b = 0; b < nb; b++)
        if (evidence[b])
            levels[n_levels++] = fmax(gap_at(L, b), 0);
    chartex__sort(levels, n_levels, sizeof *levels, cmp_double);
    /* the distinct levels (within tolerance), the smallest MAX_LEVELS */
    for (b = 0, i = 0; i < n_levels && b < MAX_LEVELS; i++)
        if (b == 0 || levels[i] - levels[b - 1] > tol_at(L, levels[i]))
            levels[b++] = levels[i];
    n_levels = b;
    for (i = 0; i < n_levels; i++) {
        double between = INFINITY, widest = -INFINITY, apart = INFINITY;
        int touch = 1;

        level = levels[i];
        for (b = 0; b < nb; b++)
            join[b] = evidence[b] && gap_at(L, b) <= level + tol_at(L, L->slots[b].hi);
        make_units(L, join, joined);
        for (b = 0; b < nb; b++) {
            if (!joined[b]) {
                apart = fmin(apart, gap_at(L, b));
                /* the gaps between groups repeat; a hole left by a
                 * series missing once is no such gap */
                if (evidence[b])
                    between = fmin(between, gap_at(L, b));
            } else {
                widest = fmax(widest, gap_at(L, b));
                touch &= gap_at(L, b) <= tol_at(L, L->slots[b].hi);
            }
        }
        /* (groups never overlap one another) */
        if (apart > -L->tol && (touch || widest < between / 2))
            best = level;
    }
    for (b = 0; b < nb; b++)
        join[b] = evidence[b] && gap_at(L, b) <= best + tol_at(L, L->slots[b].hi);
    make_units(L, join, joined);
    rc = 0;
done:
    chartex__free(evidence);
    chartex__free(join);
    chartex__free(joined);
    chartex__free(levels);
    return rc;
}

/* Each artist's offset from the place of its full groups (the groups
 * of the most slots): mode[i], NaN when it has none (at least twice, for
 * most of its bars there).  off: scratch, n_refs entries. */
static void
artist_offsets(const struct chartex_axes *axes, const layout *L, double *off, double *mode)
{
    size_t i, u, r, n, best, run, m, full = 0;

    for (u = 0; u < L->n_units; u++)
        full = L->units[u].n > full ? L->units[u].n : full;
    for (i = 0; i < axes->n_artists; i++) {
        double mag = 0;

        mode[i] = NAN;
        for (n = 0, r = 0; r < L->n_refs && full > 1; r++) {
            const unit *g = &L->units[L->slots[L->refs[r].slot].unit];

            if (L->refs[r].artist == i && g->n == full) {
                off[n++] = L->refs[r].c - g->at;
                mag = fmax(mag, fabs(L->refs[r].c));
            }
        }
        chartex__sort(off, n, sizeof *off, cmp_double);
        for (best = 0, m = 0, r = 0; r < n; r += run) {
            for (run = 1; r + run < n && off[r + run] - off[r + run - 1] <= tol_at(L, mag); run++)
                ;
            if (run > best) {
                best = run;
                m = r;
            }
        }
        if (best >= 2 && 2 * best > n)
            mode[i] = off[m + best / 2];
    }
}

/* A group short of the full groups' slots (a series missing there, or a
 * bar alone) whose artists stand at their offsets from one place stands
 * at that place, as the full groups do. */
static int
place_partial_groups(const struct chartex_axes *axes, layout *L)
{
    double *off = NULL, *mode = NULL, rel_lo = NAN, rel_hi = NAN;
    size_t u, r, k, full = 0;
    int rc = -1;

    off = chartex__calloc(L->n_refs ? L->n_refs : 1, sizeof *off);
    mode = chartex__calloc(axes->n_artists ? axes->n_artists : 1, sizeof *mode);
    if (off == NULL || mode == NULL)
        goto done;
    artist_offsets(axes, L, off, mode);
    for (u = 0; u < L->n_units; u++)
        full = L->units[u].n > full ? L->units[u].n : full;
    /* The extent of a full group about its place: a partial one spans it
     * too (the tick under a full group's middle is under its place). */
    for (u = 0; u < L->n_units && isnan(rel_lo); u++)
        if (L->units[u].n == full && full > 1) {
            rel_lo = L->units[u].lo - L->units[u].at;
            rel_hi = L->units[u].hi - L->units[u].at;
        }
    for (u = 0; u < L->n_units; u++) {
        unit *g = &L->units[u];
        double at = NAN;
        int agree = 1;

        if (g->n >= full)
            continue;
        for (k = g->first; k < g->first + g->n; k++)
            for (r = L->slots[k].first; r < L->slots[k].first + L->slots[k].n; r++) {
                double m2 = mode[L->refs[r].artist], p = L->refs[r].c - m2;

                if (isnan(m2) || (!isnan(at) && fabs(at - p) > tol_at(L, p)))
                    agree = 0;
                else
                    at = p;
            }
        if (!isnan(at) && agree && fabs(at - g->at) > tol_at(L, at)) {
            g->at = at;
            g->lo = fmin(g->lo, at + rel_lo);
            g->hi = fmax(g->hi, at + rel_hi);
            g->placed = 1;
        }
    }
    rc = 0;
done:
    chartex__free(off);
    chartex__free(mode);
    return rc;
}

/* ------------------------------------------------------------- naming */

/* Names the bars of unit u of L in stands by the anchors. */
static void
name_unit(const layout *L, size_t u,
          const chartex__anchors *A, const double *run_lo, const double *run_hi,
          chartex__stands *out)
{
    const unit *g = &L->units[u];
    size_t s, i, cnt = 0;
    long id = -1;
    int own = 0;

    if (g->n > 1 || g->placed) {
        cnt = chartex__anchors_in(A, g->lo, g->hi, tol_at(L, fmax(fabs(g->lo), fabs(g->hi))),
                                  &id);
    } else {
        size_t sl = g->first;

        double t = tol_at(L, fmax(fabs(run_lo[sl]), fabs(run_hi[sl])));

        cnt = chartex__anchors_in(A, run_lo[sl], run_hi[sl], t, &id);
        if (cnt == 1 && run_hi[sl] - run_lo[sl] > g->hi - g->lo + t)
            out->grouped = 1;  /* a run of bars of several artists under one name */
    }
    own = cnt >= 2;
    for (s = g->first; s < g->first + g->n; s++) {
        const slot *sl = &L->slots[s];

        for (i = 0; i < sl->n; i++) {
            const ref *r = &L->refs[sl->first + i];
            chartex__stand *st = &out->of[r->artist][r->k];
            long rid = -1;

            st->at = own ? r->c : g->at;
            st->anchor = -1;
            if (cnt == 1 && !own)
                st->anchor = id;
            else if (own && chartex__anchors_in(A, r->lo, r->hi,
                                                tol_at(L, fmax(fabs(r->lo), fabs(r->hi))),
                                                &rid) == 1)
                st->anchor = rid;
        }
    }
}

/* ---------------------------------------------------------------- bins */

static int
binned_evidence(const struct chartex_axes *axes, const layout *L, size_t u)
{
    const unit *g = &L->units[u];
    size_t s, i;

    for (s = g->first; s < g->first + g->n; s++)
        for (i = 0; i < L->slots[s].n; i++)
            if (axes->artists[L->refs[L->slots[s].first + i].artist]->flags
                & CHARTEX_BARS_BINNED)
                return 1;
    return 0;
}

/* Artist i's bars tile the axis: two or more, of positive width, each
 * starting where the one before it ends. */
static int
artist_tiles(const layout *L, size_t i)
{
    size_t r, n = 0;
    double prev_hi = NAN;

    for (r = 0; r < L->n_refs; r++) {
        const ref *x = &L->refs[r];

        if (x->artist != i)
            continue;
        if (!(x->hi - x->lo > tol_at(L, x->hi)) || (n > 0 && fabs(x->lo - prev_hi) > tol_at(L, x->lo)))
            return 0;
        prev_hi = x->hi;
        n++;
    }
    return n >= 2;
}

/* A bin's edges, recomputed from the bars, lose a few ulps: they are
 * given as the shortest decimal within 1e-14 of their size (-3 for
 * -3.0000000000000004, an edge that numpy computed as it was). */
static void
set_bin(chartex__stand *st, double lo, double hi)
{
    double tol = 1e-14 * fmax(fmax(fabs(lo), fabs(hi)), hi - lo);

    lo = chartex__round_within(lo, tol);
    hi = chartex__round_within(hi, tol);
    st->bin_lo = lo;
    st->bin_hi = hi;
    st->at = (lo + hi) / 2;
    st->anchor = -1;
}

/* The bins of the bars of L on an axis that names nothing. */
static void
find_bins(const struct chartex_axes *axes, const layout *L, chartex__stands *out)
{
    size_t u, s, i, r, all = 1;
    double dr_lo = INFINITY, dr_hi = -INFINITY, dr;
    int evidence = 0;

    for (i = 0; i < axes->n_artists; i++) {
        int any = 0;

        for (r = 0; r < L->n_refs && !any; r++)
            any = L->refs[r].artist == i;
        if (!any)
            continue;
        if (!artist_tiles(L, i)) {
            all = 0;
            continue;
        }
        for (r = 0; r < L->n_refs; r++)
            if (L->refs[r].artist == i)
                set_bin(&out->of[i][L->refs[r].k], L->refs[r].lo, L->refs[r].hi);
        out->binned = 1;
    }
    if (all || L->n_units < 2)
        return;
    /* Groups that tile the axis once each is widened by one ratio. */
    for (u = 0; u + 1 < L->n_units; u++) {
        const unit *a = &L->units[u], *b = &L->units[u + 1];
        double ca = (a->lo + a->hi) / 2, cb = (b->lo + b->hi) / 2;

        double t = tol_at(L, fmax(fabs(ca), fabs(cb)));

        if (!(cb - ca > t) || !(a->hi - a->lo > t) || !(b->hi - b->lo > t))
            return;
        dr = ((a->hi - a->lo) + (b->hi - b->lo)) / (2 * (cb - ca));
        dr_lo = fmin(dr_lo, dr);
        dr_hi = fmax(dr_hi, dr);
    }
    dr = (dr_lo + dr_hi) / 2;
    if (!(dr > 0) || dr > 1 + 1e-6 || dr_hi - dr_lo > 1e-6 * dr)
        return;
    /* Groups that tile (bars of several artists touching, or filling one
     * ratio of each bin) are grouped bars as well as a histogram: only a
     * reader that saw a histogram draw them tells. */
    for (u = 0; u < L->n_units; u++)
        evidence |= binned_evidence(axes, L, u);
    if (!evidence)
        return;
    for (u = 0; u < L->n_units; u++) {
        const unit *g = &L->units[u];
        double c = (g->lo + g->hi) / 2, half = (g->hi - g->lo) / (2 * dr);

        for (s = g->first; s < g->first + g->n; s++)
            for (i = 0; i < L->slots[s].n; i++) {
                const ref *x = &L->refs[L->slots[s].first + i];

                set_bin(&out->of[x->artist][x->k], c - half, c + half);
            }
    }
    out->binned = 1;
}

/* ---------------------------------------------------- given positions */

/* Bars whose figure says where they stand (and what bin they count);
 * several artists' bars at one position but different centres stand
 * side by side. */
static int
given_positions(const struct chartex_axes *axes, const unsigned char *taken,
                chartex_orientation o, const chartex__anchors *A, double tol,
                chartex__stands *out)
{
    ref *g = NULL;
    size_t i, k, n = 0, m;
    long id;

    for (i = 0; i < axes->n_artists; i++) {
        const struct chartex_artist *a = axes->artists[i];

        if (!is_plain_bars(axes, taken, i) || a->orientation != o || a->bat == NULL)
            continue;
        for (k = 0; k < a->n; k++)
            n += isfinite(a->bat[k]);
    }
    if (n == 0)
        return 0;
    g = chartex__calloc(n, sizeof *g);
    if (g == NULL)
        return -1;
    for (n = 0, i = 0; i < axes->n_artists; i++) {
        const struct chartex_artist *a = axes->artists[i];

        if (!is_plain_bars(axes, taken, i) || a->orientation != o || a->bat == NULL)
            continue;
        for (k = 0; k < a->n; k++) {
            chartex__stand *st = &out->of[i][k];

            if (!isfinite(a->bat[k]))
                continue;
            st->at = a->bat[k];
            st->anchor = -1;
            id = -1;
            if (chartex__anchors_in(A, st->at, st->at, tol + 1e-12 * fabs(st->at), &id) == 1)
                st->anchor = id;
            if (a->bin_lo != NULL && isfinite(a->bin_lo[k]) && isfinite(a->bin_hi[k])) {
                st->bin_lo = a->bin_lo[k];
                st->bin_hi = a->bin_hi[k];
                out->binned = 1;
            }
            g[n].artist = i;
            g[n].k = k;
            g[n].c = st->at;
            g[n].lo = centre_of(a, k);
            n++;
        }
    }
    chartex__sort(g, n, sizeof *g, cmp_ref);
    for (i = 0; i < n; i = m) {
        double t = tol + 1e-12 * fabs(g[i].c);

        for (m = i + 1; m < n && g[m].c - g[i].c <= t; m++)
            if (g[m].artist != g[i].artist && isfinite(g[m].lo) && isfinite(g[i].lo)
                && fabs(g[m].lo - g[i].lo) > t)
                out->grouped = 1;
    }
    chartex__free(g);
    return 0;
}

/* ---------------------------------------------------------------- all */

static void
layout_clear(layout *L)
{
    chartex__free(L->refs);
    chartex__free(L->slots);
    chartex__free(L->units);
    memset(L, 0, sizeof *L);
}

/* The runs of touching slots, none with two bars of one artist:
 * run_lo[s], run_hi[s] the extent of slot s's. */
static void
make_runs(const layout *L, double *run_lo, double *run_hi)
{
    size_t s = 0, e, i, j, n_art;
    size_t art[MAX_GROUP_ARTISTS];

    while (s < L->n_slots) {
        double lo = L->slots[s].lo, hi = L->slots[s].hi;

        n_art = 0;
        for (e = s; e < L->n_slots; e++) {
            const slot *t = &L->slots[e];
            int ok = e == s || (t->lo - hi <= tol_at(L, hi) && n_art + t->n <= MAX_GROUP_ARTISTS);

            for (i = 0; ok && e > s && i < t->n; i++)
                for (j = 0; j < n_art; j++)
                    if (art[j] == L->refs[t->first + i].artist)
                        ok = 0;
            if (!ok)
                break;
            for (i = 0; i < t->n && n_art < MAX_GROUP_ARTISTS; i++)
                art[n_art++] = L->refs[t->first + i].artist;
            hi = fmax(hi, t->hi);
        }
        for (i = s; i < e; i++) {
            run_lo[i] = lo;
            run_hi[i] = hi;
        }
        s = e;
    }
}

static int
stand_orientation(const struct chartex_axes *axes, const unsigned char *taken,
                  chartex_orientation o, chartex__stands *out)
{
    const struct chartex_axis *cat = &axes->axis[o == CHARTEX_VERTICAL ? 0 : 1];
    chartex__anchors A;
    layout L;
    double *run_lo = NULL, *run_hi = NULL;
    size_t u;
    int rc = -1;

    memset(&L, 0, sizeof L);
    if (chartex__find_anchors(cat, &A) < 0)
        return -1;
    if (collect(axes, taken, o, &L) < 0)
        goto done;
    out->min_width[o == CHARTEX_VERTICAL ? 0 : 1] = L.min_width;
    if (given_positions(axes, taken, o, &A, L.tol, out) < 0 || make_slots(&L) < 0
        || make_groups(&L) < 0 || place_partial_groups(axes, &L) < 0)
        goto done;
    run_lo = chartex__calloc(L.n_slots ? L.n_slots : 1, sizeof *run_lo);
    run_hi = chartex__calloc(L.n_slots ? L.n_slots : 1, sizeof *run_hi);
    if (run_lo == NULL || run_hi == NULL)
        goto done;
    make_runs(&L, run_lo, run_hi);
    for (u = 0; u < L.n_units; u++) {
        if (L.units[u].n > 1)
            out->grouped = 1;
        name_unit(&L, u, &A, run_lo, run_hi, out);
    }
    if (A.n == 0 && cat->kind != CHARTEX_AXIS_CATEGORY)
        find_bins(axes, &L, out);
    rc = 0;
done:
    chartex__free(run_lo);
    chartex__free(run_hi);
    layout_clear(&L);
    chartex__anchors_clear(&A);
    return rc;
}

int
chartex__find_stands(const struct chartex_axes *axes, const unsigned char *taken,
                     chartex__stands *out)
{
    size_t i, k;

    memset(out, 0, sizeof *out);
    out->of = chartex__calloc(axes->n_artists ? axes->n_artists : 1, sizeof *out->of);
    if (out->of == NULL)
        return -1;
    out->n = axes->n_artists;
    for (i = 0; i < axes->n_artists; i++) {
        const struct chartex_artist *a = axes->artists[i];

        if (!is_plain_bars(axes, taken, i))
            continue;
        out->of[i] = chartex__calloc(a->n ? a->n : 1, sizeof *out->of[i]);
        if (out->of[i] == NULL)
            goto fail;
        for (k = 0; k < a->n; k++) {
            chartex__stand *st = &out->of[i][k];

            st->at = centre_of(a, k);
            st->anchor = -1;
            st->bin_lo = st->bin_hi = NAN;
        }
    }
    if (stand_orientation(axes, taken, CHARTEX_VERTICAL, out) < 0
        || stand_orientation(axes, taken, CHARTEX_HORIZONTAL, out) < 0)
        goto fail;
    return 0;
fail:
    chartex__stands_clear(out);
    return -1;
}

void
chartex__stands_clear(chartex__stands *s)
{
    size_t i;

    if (s->of != NULL)
        for (i = 0; i < s->n; i++)
            chartex__free(s->of[i]);
    chartex__free(s->of);
    memset(s, 0, sizeof *s);
}
