/*
 * barplace.c - where plotly.js places the bars of one subplot and
 * orientation (src/traces/bar/cross_trace_calc.js and sieve.js): bars and
 * histograms together, by barmode (group, overlay, stack, relative, and
 * barnorm), offset groups of alignment groups, each trace's width,
 * offset and base; each bar's centre, width, base and drawn size.
 *
 * plotly.js 3 gives offset groups to every barmode (a trace without one
 * shares the one of its alignment group, "": stack and overlay stay
 * centred); plotly.js 2 only to barmode "group" (legacy), which is what
 * a figure made by plotly.py 5 is drawn with.  The caller counts the
 * groups (strings), this room the numbers.
 */
#include "calc.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* -------------------------------------------------------------- sieve */

/* The running sums of a sieve.js Sieve: one per label, a label being the
 * sign (with sepNegVal), the position (exact, with overlapNoMerge; else
 * rounded to binWidth) and the offset group. */
typedef struct sieve_slot {
    int used, neg, merged;
    double pos;            /* exact position (overlapNoMerge) */
    double rounded;        /* Math.round(position / binWidth) */
    size_t group;
    double sum;
} sieve_slot;

typedef struct sieve {
    int sep_neg, no_merge;
    double bin_width;
    sieve_slot *slot;
    size_t cap, n;
} sieve;

static uint64_t
bits_of(double v)
{
    uint64_t u;

    if (v == 0)
        v = 0;      /* -0 and 0 are one position, as their texts are */
    memcpy(&u, &v, sizeof u);
    return u;
}

static size_t
slot_hash(const sieve_slot *k, size_t cap)
{
    uint64_t h = bits_of(k->merged ? k->rounded : k->pos);

    h ^= (uint64_t)k->group * 0x9e3779b97f4a7c15ULL + (uint64_t)k->neg;
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    return (size_t)(h & (cap - 1));
}

static int
slot_same(const sieve_slot *a, const sieve_slot *b)
{
    double x = a->merged ? a->rounded : a->pos, y = b->merged ? b->rounded : b->pos;

    /* NaN labels are one label ("NaN"), as in JavaScript's text. */
    return a->neg == b->neg && a->group == b->group
           && (bits_of(x) == bits_of(y) || (isnan(x) && isnan(y)));
}

/* The slot of position p, value v, group g; NULL: no memory. */
static sieve_slot *
sieve_find(sieve *s, double p, double v, size_t g)
{
    sieve_slot key, *old;
    size_t h, i, cap;

    memset(&key, 0, sizeof key);
    key.neg = s->sep_neg && v < 0;
    key.merged = !s->no_merge;
    key.pos = p;
    key.rounded = floor(p / s->bin_width + 0.5);     /* Math.round */
    key.group = g;
    if (s->n * 2 >= s->cap) {
        cap = s->cap ? s->cap * 2 : 64;
        old = s->slot;
        s->slot = px_calc_zalloc(cap, sizeof *s->slot);
        if (s->slot == NULL) {
            s->slot = old;
            return NULL;
        }
        for (i = 0; i < s->cap; i++)
            if (old[i].used) {
                h = slot_hash(&old[i], cap);
                while (s->slot[h].used)
                    h = (h + 1) & (cap - 1);
                s->slot[h] = old[i];
            }
        free(old);
        s->cap = cap;
    }
    h = slot_hash(&key, s->cap);
    while (s->slot[h].used && !slot_same(&s->slot[h], &key))
        h = (h + 1) & (s->cap - 1);
    if (!s->slot[h].used) {
        s->slot[h] = key;
        s->slot[h].used = 1;
        s->n++;
    }
    return &s->slot[h];
}

/* Sieve.put: the sum before v is added.  NaN: no memory (*nomem). */
static double
sieve_put(sieve *s, double p, size_t g, double v, int *nomem)
{
    sieve_slot *sl = sieve_find(s, p, v, g);
    double old;

    if (sl == NULL) {
        *nomem = 1;
        return NAN;
    }
    old = sl->sum;
    sl->sum = old + v;
    return old;
}

static double
sieve_get(sieve *s, double p, size_t g, double v, int *nomem)
{
    sieve_slot *sl = sieve_find(s, p, v, g);

    if (sl == NULL) {
        *nomem = 1;
        return NAN;
    }
    return sl->sum;
}

static void
sieve_free(sieve *s)
{
    free(s->slot);
    memset(s, 0, sizeof *s);
}

/* ------------------------------------------------------ distinct values */

static int
cmp_double(const void *pa, const void *pb)
{
    double a = *(const double *)pa, b = *(const double *)pb;

    return (a > b) - (a < b);
}

/* Lib.distinctVals of the positions of traces[0..n): how many distinct
 * positions (values closer than the span / count / 10000 are one), and
 * the smallest difference between two (the span, or 1). */
static int
distinct_vals(px_bar_trace *const *traces, size_t n, size_t *n_pos, size_t *n_distinct,
              double *min_diff)
{
    size_t i, k, m = 0, last;
    double *v, err, pre;

    for (i = 0; i < n; i++)
        for (k = 0; k < traces[i]->n; k++)
            m += isfinite(traces[i]->p[k]);
    *n_pos = m;
    *n_distinct = 0;
    *min_diff = 1;
    if (m == 0)
        return 0;
    v = px_calc_alloc(m, sizeof *v);
    if (v == NULL)
        return -1;
    for (m = 0, i = 0; i < n; i++)
        for (k = 0; k < traces[i]->n; k++)
            if (isfinite(traces[i]->p[k]))
                v[m++] = traces[i]->p[k];
    qsort(v, m, sizeof *v, cmp_double);
    last = m - 1;
    *min_diff = v[last] - v[0];
    if (*min_diff == 0)
        *min_diff = 1;
    err = *min_diff / (double)(last ? last : 1) / 10000;
    pre = v[0];
    *n_distinct = 1;
    for (i = 1; i <= last; i++) {
        if (v[i] - pre > err) {
            *min_diff = fmin(*min_diff, v[i] - pre);
            (*n_distinct)++;
            pre = v[i];
        }
    }
    free(v);
    return 0;
}

/* A Sieve of traces[0..n): its minDiff (width1 of one-bin histograms, 1 on
 * a category axis) and whether two bars share a position. */
static int
sieve_init(sieve *s, px_bar_trace *const *traces, size_t n, const px_bar_layout *L,
           int sep_neg, int no_merge, double *min_diff, int *overlap)
{
    size_t i, n_pos, n_distinct;
    double width1 = INFINITY;

    memset(s, 0, sizeof *s);
    s->sep_neg = sep_neg;
    s->no_merge = no_merge;
    if (distinct_vals(traces, n, &n_pos, &n_distinct, min_diff) < 0)
        return -1;
    for (i = 0; i < n; i++)
        if (traces[i]->n > 0 && isfinite(traces[i]->width1_hist))
            width1 = fmin(width1, traces[i]->width1_hist);
    if (n_distinct == 1 && isfinite(width1))
        *min_diff = width1;
    else
        *min_diff = fmin(*min_diff, width1);
    if (L->category)
        *min_diff = 1;
    s->bin_width = *min_diff;
    *overlap = n_pos != n_distinct;
    return 0;
}

/* ---------------------------------------------------- offsets, widths */

/* The offset and width of trace i of traces[0..n) in a sieve of minDiff
 * (setOffsetAndWidth), before the trace's own width and offset. */
static void
offset_and_width(const px_bar_trace *t, size_t i, size_t n, double min_diff, int overlap,
                 int group_path, const px_bar_layout *L, double *poffset, double *barwidth)
{
    double group_width = min_diff * (1 - L->gap), plus_gap;
    size_t groups = t->n_offset_groups;

    /* plotly.js 2 groups only the traces that barmode "group" groups */
    if (L->legacy && !group_path)
        groups = 0, overlap = 0;
    if (groups)
        plus_gap = group_width / (double)groups;
    else
        plus_gap = overlap ? group_width / (double)n : group_width;
    *barwidth = plus_gap * (1 - L->groupgap);
    if (groups && t->offset_index == SIZE_MAX)
        *poffset = NAN;     /* plotly.js 2: a trace of no group beside grouped ones */
    else if (groups)
        *poffset = ((2 * (double)t->offset_index + 1 - (double)groups) * plus_gap
                    - *barwidth) / 2;
    else if (overlap)
        *poffset = ((2 * (double)i + 1 - (double)n) * plus_gap - *barwidth) / 2;
    else
        *poffset = -*barwidth / 2;
}

/* applyAttributes and setBarCenterAndWidth: bar k's width and centre from
 * the trace's offset and width (arrays: a missing or non-numeric entry is
 * the default; a width without an offset keeps the bar centred). */
static void
centres(px_bar_trace *t, double poffset, double barwidth)
{
    size_t k;

    for (k = 0; k < t->n; k++) {
        double off = poffset, w = barwidth;

        if (t->has_offset)
            off = t->offset != NULL ? (isfinite(t->offset[k]) ? t->offset[k] : poffset)
                                    : t->offset1;
        if (t->has_width) {
            w = t->width != NULL ? (isfinite(t->width[k]) ? t->width[k] : barwidth)
                                 : t->width1;
            if (!t->has_offset)
                off = poffset + (barwidth - w) / 2;
        }
        t->w[k] = w;
        t->c[k] = t->p[k] + off + w / 2;
    }
}

/* setOffsetAndWidth for the traces of one sieve. */
static void
place(px_bar_trace *const *traces, size_t n, sieve *s, double min_diff, int overlap,
      int group_path, const px_bar_layout *L)
{
    size_t i;
    double poff, bw;

    for (i = 0; i < n; i++) {
        offset_and_width(traces[i], i, n, min_diff, overlap, group_path, L, &poff, &bw);
        if (i == 0)
            s->bin_width = bw / 100;   /* stack bars that differ by rounding */
        centres(traces[i], poff, bw);
    }
}

/* ------------------------------------------------------ bases and tops */

/* initBase: the base each bar is given (0 where none). */
static void
init_base(px_bar_trace *t)
{
    size_t k;

    for (k = 0; k < t->n; k++) {
        double b = t->base != NULL ? t->base[k] : t->base1;

        t->b[k] = isfinite(b) ? b : 0;
        t->size[k] = t->s[k];
    }
}

static size_t
group_of(const px_bar_trace *t, const px_bar_layout *L)
{
    return L->legacy ? 0 : t->offset_index;
}

/* normalizeBars: bases and sizes scaled so each position's total is 1 or
 * 100. */
static int
normalize(px_bar_trace *const *traces, size_t n, sieve *s, const px_bar_layout *L)
{
    double top = L->norm == 1 ? 1 : 100;
    size_t i, k;
    int nomem = 0;

    for (i = 0; i < n; i++) {
        px_bar_trace *t = traces[i];

        for (k = 0; k < t->n; k++) {
            double sum, scale;

            if (!isfinite(t->s[k]))
                continue;
            sum = sieve_get(s, t->p[k], group_of(t, L), t->size[k], &nomem);
            scale = fabs(top / sum);
            t->b[k] *= scale;
            t->size[k] *= scale;
        }
    }
    return nomem ? -1 : 0;
}

/* sieveBars: each bar's top into the sieve (for barnorm). */
static int
sieve_bars(px_bar_trace *const *traces, size_t n, sieve *s, const px_bar_layout *L)
{
    size_t i, k;
    int nomem = 0;

    for (i = 0; i < n; i++)
        for (k = 0; k < traces[i]->n; k++)
            if (isfinite(traces[i]->s[k]))
                sieve_put(s, traces[i]->p[k], group_of(traces[i], L),
                          traces[i]->b[k] + traces[i]->s[k], &nomem);
    return nomem ? -1 : 0;
}

/* stackBars: each bar on the sum before it at its position. */
static int
stack(px_bar_trace *const *traces, size_t n, sieve *s, const px_bar_layout *L)
{
    size_t i, k;
    int nomem = 0;

    for (i = 0; i < n; i++) {
        px_bar_trace *t = traces[i];

        for (k = 0; k < t->n; k++) {
            double value;

            if (!isfinite(t->s[k]))
                continue;
            value = t->s[k] + t->b[k];
            t->b[k] = sieve_put(s, t->p[k], group_of(t, L), value, &nomem);
            t->size[k] = value;
        }
    }
    return nomem ? -1 : 0;
}

/* unhideBarsWithinTrace: a trace's own bars at one position (group mode)
 * stack, positives and negatives apart. */
static int
unhide(px_bar_trace *const *traces, size_t n, const px_bar_layout *L)
{
    size_t i, k;
    int nomem = 0;

    for (i = 0; i < n && !nomem; i++) {
        px_bar_trace *t = traces[i];
        sieve in;

        if (t->has_base)
            continue;
        memset(&in, 0, sizeof in);
        in.sep_neg = 1;
        in.no_merge = 1;
        in.bin_width = 1;
        for (k = 0; k < t->n; k++) {
            double base;

            if (!isfinite(t->p[k]))
                continue;
            base = sieve_put(&in, t->p[k], group_of(t, L), t->b[k] + t->s[k], &nomem);
            if (base != 0 && !isnan(base))
                t->b[k] = base;
        }
        sieve_free(&in);
    }
    return nomem ? -1 : 0;
}

/* --------------------------------------------------------------- modes */

static int
overlay_mode(px_bar_trace *const *traces, size_t n, const px_bar_layout *L)
{
    size_t i;
    int rc = 0, overlap;
    double min_diff;

    for (i = 0; i < n && rc == 0; i++) {
        sieve s;

        if (sieve_init(&s, &traces[i], 1, L, 0, !L->norm, &min_diff, &overlap) < 0)
            return -1;
        place(&traces[i], 1, &s, min_diff, overlap, 0, L);
        if (L->norm)
            rc = sieve_bars(&traces[i], 1, &s, L) < 0 || normalize(&traces[i], 1, &s, L) < 0
                 ? -1 : 0;
        sieve_free(&s);
    }
    return rc;
}

static int
group_mode(px_bar_trace *const *traces, size_t n, const px_bar_layout *L)
{
    sieve s;
    double min_diff;
    int rc = -1, overlap;

    if (sieve_init(&s, traces, n, L, 0, !L->norm, &min_diff, &overlap) < 0)
        return -1;
    place(traces, n, &s, min_diff, overlap, 1, L);
    if (!L->legacy && unhide(traces, n, L) < 0)
        goto done;
    if (L->norm && (sieve_bars(traces, n, &s, L) < 0 || normalize(traces, n, &s, L) < 0))
        goto done;
    rc = 0;
done:
    sieve_free(&s);
    return rc;
}

static int
stack_mode(px_bar_trace *const *traces, size_t n, const px_bar_layout *L)
{
    sieve s;
    double min_diff;
    int rc = -1, overlap;

    if (sieve_init(&s, traces, n, L, L->mode == PX_BARMODE_RELATIVE, 0, &min_diff,
                   &overlap) < 0)
        return -1;
    place(traces, n, &s, min_diff, overlap, 0, L);
    if (stack(traces, n, &s, L) < 0 || (L->norm && normalize(traces, n, &s, L) < 0))
        goto done;
    rc = 0;
done:
    sieve_free(&s);
    return rc;
}

int
px_place_bars(px_bar_trace *traces, size_t n, const px_bar_layout *L)
{
    px_bar_trace **in = NULL, **out = NULL;
    size_t i, n_in = 0, n_out = 0;
    int rc = -1;

    if (n == 0)
        return 0;
    in = px_calc_alloc(n, sizeof *in);
    out = px_calc_alloc(n, sizeof *out);
    if (in == NULL || out == NULL)
        goto done;
    for (i = 0; i < n; i++) {
        int excluded;

        init_base(&traces[i]);
        /* group: a trace with an offset of its own is overlaid; stack,
         * relative: one with a base of its own. */
        excluded = L->mode == PX_BARMODE_GROUP ? traces[i].has_offset
                   : L->mode == PX_BARMODE_OVERLAY ? 1 : traces[i].has_base;
        if (excluded)
            out[n_out++] = &traces[i];
        else
            in[n_in++] = &traces[i];
    }
    if (n_in > 0 && (L->mode == PX_BARMODE_GROUP ? group_mode(in, n_in, L)
                                                 : stack_mode(in, n_in, L)) < 0)
        goto done;
    if (n_out > 0 && overlay_mode(out, n_out, L) < 0)
        goto done;
    rc = 0;
done:
    free(in);
    free(out);
    return rc;
}
