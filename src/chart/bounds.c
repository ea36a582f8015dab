/*
 * bounds.c - the bounds of a bar chart's elements under the chart's
 * budget (chartex_options.max_total_points: the common level of
 * extract.c, downsample.c's chartex__bound_elements), and the records of
 * what was left out.  No number is made up and none is thinned out of a
 * series of bars:
 *
 *   - a histogram over the budget is re-binned exactly: runs of g
 *     adjacent bins merged into one bar spanning them, whose value is
 *     what its bins' values make together (counts, probabilities and
 *     percents add up, densities are weighted by the bins' widths), a
 *     stack standing on the merged stack below it, each merged bar with
 *     its extent ("bin") and the chart with "rebinned";
 *   - other bars keep those a reader sees first, in the order of the
 *     category axis, and "left_out" says, per group, how many were left
 *     out, what their values add up to and where they stood;
 *   - candles keep the first in date order, "left_out" giving the
 *     others as the one candle they make together (the first open, the
 *     highest high, the lowest low, the last close).
 *
 * bars.c builds the chart from what chartex__bound_bars decides: the
 * Axes to read (the scene's, or a view of it owned by the chart, whose
 * histogram containers are merged copies), the bars it keeps
 * (chartex__bar_kept), the extent of merged bins (chartex__add_bin);
 * chartex__add_left_out adds the keys.  Pie wedges and boxes (kinds.c)
 * and record cells (records.c) are bounded where they are built, with
 * chartex__bound_elements and the left-out entries made here.
 */
#include "chart/chart.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

/* ------------------------------------------------------------- helpers */

/* A sum of doubles, Neumaier-compensated: counts stay exact, and a sum
 * of many densities the double nearest the exact one in practice. */
typedef struct sum {
    double s, c;
} sum;

static void
sum_add(sum *t, double v)
{
    double u = t->s + v;

    t->c += fabs(t->s) >= fabs(v) ? (t->s - u) + v : (v - u) + t->s;
    t->s = u;
}

static double
sum_of(const sum *t)
{
    return t->s + t->c;
}

static int
is_plain_bars(const struct chartex_axes *axes, const unsigned char *taken, size_t i)
{
    const struct chartex_artist *a = axes->artists[i];

    return a->kind == CHARTEX_ARTIST_BARS && chartex__artist_is_data(a)
           && !(taken != NULL && taken[i] == 3);
}

/* Bar k's edges along the category direction, and where it starts and
 * ends along the value direction. */
static double
lo_of(const struct chartex_artist *a, size_t k)
{
    return a->orientation == CHARTEX_VERTICAL ? a->bx[k] : a->by[k];
}

static double
ext_of(const struct chartex_artist *a, size_t k)
{
    return a->orientation == CHARTEX_VERTICAL ? a->bw[k] : a->bh[k];
}

static double
base_of(const struct chartex_artist *a, size_t k)
{
    return a->orientation == CHARTEX_VERTICAL ? a->by[k] : a->bx[k];
}

static double
top_of(const struct chartex_artist *a, size_t k)
{
    return a->orientation == CHARTEX_VERTICAL ? a->by[k] + a->bh[k] : a->bx[k] + a->bw[k];
}

static double
value_of(const struct chartex_artist *a, size_t k)
{
    return a->values != NULL ? a->values[k]
                             : a->orientation == CHARTEX_VERTICAL ? a->bh[k] : a->bw[k];
}

static int
close_to(double a, double b, double scale)
{
    return fabs(a - b) <= 1e-9 * fmax(fmax(fabs(a), fabs(b)), scale);
}

/* Whether the reader gave bar k's bin (chartex_artist_set_bar_positions):
 * then the bin, not the bar drawn in it, is what merges. */
static int
has_bin(const struct chartex_artist *a, size_t k)
{
    return a->bin_lo != NULL && a->bin_hi != NULL && isfinite(a->bin_lo[k])
           && isfinite(a->bin_hi[k]) && a->bin_hi[k] > a->bin_lo[k];
}

/* Bar k's bin width: its bin's when given, else the bar's own. */
static double
bin_width(const struct chartex_artist *a, size_t k)
{
    return has_bin(a, k) ? a->bin_hi[k] - a->bin_lo[k] : ext_of(a, k);
}

/* The category axis of bars of orientation o. */
static const struct chartex_axis *
category_axis(const struct chartex_axes *axes, chartex_orientation o)
{
    return &axes->axis[o == CHARTEX_VERTICAL ? 0 : 1];
}

/* A "left_out" entry: {"kind": kind, "elements": n}; NULL: no memory. */
static chartex__node *
entry(const char *kind, size_t n)
{
    chartex__node *e = chartex__node_new(CHARTEX__NODE_OBJECT);

    if (chartex__object_add(e, "kind", chartex__node_cstring(kind)) < 0
        || chartex__object_add(e, "elements", chartex__node_number((double)n)) < 0) {
        chartex__node_free(e);
        return NULL;
    }
    return e;
}

/* Appends e to the list *list (made when NULL).  Takes e.  -1: no memory. */
static int
append(chartex__node **list, chartex__node *e)
{
    if (*list == NULL && (*list = chartex__node_new(CHARTEX__NODE_ARRAY)) == NULL) {
        chartex__node_free(e);
        return -1;
    }
    return chartex__array_add(*list, e);
}

/* ------------------------------------------------------------ histograms */

/* How a histogram's values merge: they add up, are per unit of width
 * (weighted by it), or nothing says (no merge). */
enum { MERGE_NONE, MERGE_SUM, MERGE_DENSITY };

/* Whether the n bars of a are a histogram's bins: some width each, in
 * order, each ending where the next starts (each bin, when the reader gave
 * them: bars drawn with a gap in their bins). */
static int
adjacent_bins(const struct chartex_artist *a)
{
    size_t k;

    if (a->n < 2)
        return 0;
    for (k = 0; k < a->n; k++) {
        double lo = lo_of(a, k), w = ext_of(a, k);

        if (!isfinite(lo) || !isfinite(w) || !(w > 0) || !isfinite(value_of(a, k))
            || !isfinite(base_of(a, k)))
            return 0;
        if (has_bin(a, 0)) {
            if (!has_bin(a, k) || (k + 1 < a->n && (!has_bin(a, k + 1)
                                                    || !close_to(a->bin_hi[k], a->bin_lo[k + 1],
                                                                 bin_width(a, k)))))
                return 0;
            if (k + 1 < a->n && !(lo_of(a, k + 1) > lo))
                return 0;
            continue;
        }
        if (k + 1 < a->n && !close_to(lo + w, lo_of(a, k + 1), w))
            return 0;
    }
    return 1;
}

/* How the values of histogram a merge: as its reader says
 * (CHARTEX_BARS_VALUES_*), else as the numbers say: whole numbers are
 * counts, values adding up to 1 or 100 probabilities or percents (all
 * three add up); values whose areas add up to 1 densities.  A container
 * that fits both, or neither, or whose values never fall or never rise
 * (a cumulative histogram reads so) is not merged. */
static int
merge_rule(const struct chartex_artist *a)
{
    size_t k;
    int whole = 1, up = 1, down = 1, adds, density;
    sum s1 = {0, 0}, sw = {0, 0};

    if (a->flags & CHARTEX_BARS_VALUES_NO_MERGE)
        return MERGE_NONE;
    if (a->flags & CHARTEX_BARS_VALUES_DENSITY)
        return MERGE_DENSITY;
    if (a->flags & CHARTEX_BARS_VALUES_ADD)
        return MERGE_SUM;
    for (k = 0; k < a->n; k++) {
        double v = value_of(a, k);

        if (!(v == floor(v) && fabs(v) < 9007199254740992.0))
            whole = 0;
        if (k > 0 && v < value_of(a, k - 1))
            up = 0;
        if (k > 0 && v > value_of(a, k - 1))
            down = 0;
        sum_add(&s1, v);
        sum_add(&sw, v * bin_width(a, k));
    }
    if (up || down)
        return MERGE_NONE;
    adds = whole || fabs(sum_of(&s1) - 1) <= 1e-9 || fabs(sum_of(&s1) - 100) <= 1e-7;
    density = fabs(sum_of(&sw) - 1) <= 1e-9;
    if (adds == density)
        return MERGE_NONE;
    return adds ? MERGE_SUM : MERGE_DENSITY;
}

/* The earlier container of hist (indices into axes, count of them) that
 * container c stands on, bin by bin; SIZE_MAX when none. */
static size_t
stands_on(const struct chartex_axes *axes, const size_t *hist, size_t c)
{
    const struct chartex_artist *a = axes->artists[hist[c]];
    size_t p, k;

    for (p = c; p-- > 0;) {
        const struct chartex_artist *q = axes->artists[hist[p]];

        if (q->n != a->n || q->orientation != a->orientation)
            continue;
        for (k = 0; k < a->n; k++)
            if (!close_to(base_of(a, k), top_of(q, k), 0)
                || !close_to(lo_of(a, k), lo_of(q, k), ext_of(a, k)))
                break;
        if (k == a->n)
            return p;
    }
    return SIZE_MAX;
}

/* Whether every run of g bins of a stands on one base. */
static int
runs_share_bases(const struct chartex_artist *a, size_t g)
{
    size_t k;

    for (k = 0; k < a->n; k++)
        if (!close_to(base_of(a, k), base_of(a, k - k % g), 0))
            return 0;
    return 1;
}

/* The merged copy of histogram a (runs of g bins), owned by the chart;
 * below: the merged container a stands on, or NULL.  NULL: no memory. */
static struct chartex_artist *
merged_copy(chartex__builder *b, const struct chartex_artist *a, size_t g, int rule,
            const struct chartex_artist *below)
{
    struct chartex_artist *m = chartex__chart_block(b->chart, 1, sizeof *m);
    size_t r, k, n = (a->n + g - 1) / g;
    int vertical = a->orientation == CHARTEX_VERTICAL;
    double *lo, *ext, *base, *val, *blo = NULL, *bhi = NULL, *bat = NULL;

    if (m == NULL)
        return NULL;
    if (has_bin(a, 0)) {
        blo = chartex__chart_doubles(b->chart, n);
        bhi = chartex__chart_doubles(b->chart, n);
        bat = chartex__chart_doubles(b->chart, n);
        if (blo == NULL || bhi == NULL || bat == NULL)
            return NULL;
    }
    *m = *a;    /* its label, class, flags; the arrays below are new */
    lo = chartex__chart_doubles(b->chart, n);
    ext = chartex__chart_doubles(b->chart, n);
    base = chartex__chart_doubles(b->chart, n);
    val = chartex__chart_doubles(b->chart, n);
    if (lo == NULL || ext == NULL || base == NULL || val == NULL)
        return NULL;
    for (r = 0; r < n; r++) {
        size_t first = r * g, end = first + g < a->n ? first + g : a->n;
        sum v = {0, 0}, w = {0, 0};

        for (k = first; k < end; k++) {
            sum_add(&v, rule == MERGE_DENSITY ? value_of(a, k) * bin_width(a, k)
                                              : value_of(a, k));
            sum_add(&w, bin_width(a, k));
        }
        if (blo != NULL) {
            /* the merged bin: the first bin's start to the last's end */
            blo[r] = a->bin_lo[first];
            bhi[r] = a->bin_hi[end - 1];
            bat[r] = blo[r] + (bhi[r] - blo[r]) / 2;
        }
        lo[r] = lo_of(a, first);
        ext[r] = lo_of(a, end - 1) + ext_of(a, end - 1) - lo[r];
        val[r] = rule == MERGE_DENSITY ? sum_of(&v) / sum_of(&w) : sum_of(&v);
        /* A stack stands on the merged bar below; else the run's base. */
        base[r] = below != NULL ? top_of(below, r) : base_of(a, first);
    }
    m->n = n;
    m->values = val;
    m->bx = vertical ? lo : base;
    m->bw = vertical ? ext : val;
    m->by = vertical ? base : lo;
    m->bh = vertical ? val : ext;
    /* Where a merged bar stands: its merged bin's middle, or its own. */
    m->bat = bat;
    m->bin_lo = blo;
    m->bin_hi = bhi;
    /* What was per bin is not per merged bin: its error bars, its keys. */
    m->group = 0;
    m->n_columns = 0;
    m->columns = NULL;
    return m;
}

/* Merges the histograms of axes when every container of bars is one
 * whose values merge: out->axes becomes a view with merged copies.
 * Returns 1 when merged, 0 when the bars are no such histograms. */
static int
merge_histograms(chartex__builder *b, const struct chartex_axes *axes, size_t n_bars,
                 size_t keep, chartex__kept *out)
{
    size_t *hist = NULL, *below = NULL, nh = 0, i, g, total, c;
    int *rule = NULL, rc = -1;
    struct chartex_axes *view = NULL;
    struct chartex_artist **arts = NULL;

    hist = chartex__calloc(axes->n_artists, sizeof *hist);
    below = chartex__calloc(axes->n_artists, sizeof *below);
    rule = chartex__calloc(axes->n_artists, sizeof *rule);
    if (hist == NULL || below == NULL || rule == NULL)
        goto done;
    rc = 0;
    for (i = 0; i < axes->n_artists; i++) {
        if (!is_plain_bars(axes, b->taken, i))
            continue;
        if (!adjacent_bins(axes->artists[i])
            || (rule[nh] = merge_rule(axes->artists[i])) == MERGE_NONE)
            goto done;
        hist[nh++] = i;
    }
    /* The smallest run that brings the bars within what is kept. */
    for (g = (n_bars + keep - 1) / keep;; g++) {
        for (total = 0, c = 0; c < nh; c++)
            total += (axes->artists[hist[c]]->n + g - 1) / g;
        if (total <= keep || g >= n_bars)
            break;
    }
    for (c = 0; c < nh; c++) {
        below[c] = stands_on(axes, hist, c);
        if (below[c] == SIZE_MAX && !runs_share_bases(axes->artists[hist[c]], g))
            goto done;
    }
    rc = -1;
    view = chartex__chart_block(b->chart, 1, sizeof *view);
    arts = chartex__chart_block(b->chart, axes->n_artists, sizeof *arts);
    if (view == NULL || arts == NULL)
        goto done;
    *view = *axes;
    memcpy(arts, axes->artists, axes->n_artists * sizeof *arts);
    for (c = 0; c < nh; c++) {
        arts[hist[c]] = merged_copy(b, axes->artists[hist[c]], g, rule[c],
                                    below[c] == SIZE_MAX ? NULL : arts[hist[below[c]]]);
        if (arts[hist[c]] == NULL)
            goto done;
    }
    view->artists = arts;
    out->axes = view;
    out->merged = g;
    out->rebinned = chartex__node_new(CHARTEX__NODE_OBJECT);
    if (chartex__object_add(out->rebinned, "bins_per_bar", chartex__node_number((double)g)) < 0
        || chartex__object_add(out->rebinned, "original_bars",
                               chartex__node_number((double)n_bars)) < 0
        || chartex__object_add(out->rebinned, "max_bars", chartex__node_number((double)keep)) < 0)
        goto done;
    rc = 1;
done:
    chartex__free(hist);
    chartex__free(below);
    chartex__free(rule);
    return rc;
}

/* -------------------------------------------------- bars in axis order */

typedef struct placed {
    double at;              /* the bar's centre along the category direction */
    size_t artist, k;
} placed;

static int
by_place(const void *pa, const void *pb)
{
    const placed *a = pa, *b = pb;

    if (isnan(a->at) || isnan(b->at))
        return isnan(a->at) - isnan(b->at);
    return (a->at > b->at) - (a->at < b->at);
}

/* Keeps the first keep of the n bars at p (sorted in the axis' order):
 * moved back, as far as half of keep, to the last gap wider than the
 * widest bar, so that no group of bars side by side or stacked is cut.
 * Returns how many are kept. */
static size_t
cut_at(const placed *p, size_t n, size_t keep, double widest)
{
    size_t j;

    if (keep >= n)
        return n;
    for (j = keep; j >= keep / 2 && j >= 1; j--)
        if (isfinite(p[j].at) && isfinite(p[j - 1].at) && fabs(p[j].at - p[j - 1].at) > widest)
            return j;
    return keep;
}

/* What each container lost of the sorted bars p[from..n): how many,
 * what their values add up to, where the first and the last stood. */
static void
bar_losses(const chartex__builder *b, const struct chartex_axes *axes, const placed *p,
           size_t from, size_t n, chartex__bar_loss *loss)
{
    size_t j;

    for (j = from; j < n; j++) {
        chartex__bar_loss *l = &loss[p[j].artist];
        double v = value_of(axes->artists[p[j].artist], p[j].k);
        sum s = {l->sum, l->comp};

        (void)b;
        if (l->count++ == 0)
            l->first = l->last = NAN;
        if (isfinite(v))
            sum_add(&s, v);
        l->sum = s.s;
        l->comp = s.c;
        if (isfinite(p[j].at)) {
            if (isnan(l->first))
                l->first = p[j].at;
            l->last = p[j].at;
        }
    }
}

/* Keeps the first bars in the category axis' order; what each
 * container lost waits for its group's name (chartex__note_bar_group). */
static int
keep_first_bars(chartex__builder *b, const struct chartex_axes *axes, size_t n_bars,
                size_t keep, chartex__kept *out)
{
    placed *p = chartex__calloc(n_bars, sizeof *p);
    size_t i, k, n = 0, cut;
    double widest = 0;
    int rc = -1, reverse = 0;

    out->mask = chartex__chart_block(b->chart, axes->n_artists, sizeof *out->mask);
    out->loss = chartex__chart_block(b->chart, axes->n_artists, sizeof *out->loss);
    if (p == NULL || out->mask == NULL || out->loss == NULL)
        goto done;
    for (i = 0; i < axes->n_artists; i++) {
        const struct chartex_artist *a = axes->artists[i];
        const struct chartex_axis *cat = category_axis(axes, a->orientation);

        if (!is_plain_bars(axes, b->taken, i))
            continue;
        /* The axis drawn from its high end: its first bars are its highest. */
        reverse = cat->view_lo > cat->view_hi;
        out->mask[i] = chartex__chart_block(b->chart, a->n, 1);
        if (out->mask[i] == NULL)
            goto done;
        for (k = 0; k < a->n; k++, n++) {
            double w = fabs(ext_of(a, k));

            p[n].at = lo_of(a, k) + ext_of(a, k) / 2;
            if (reverse)
                p[n].at = -p[n].at;
            p[n].artist = i;
            p[n].k = k;
            if (isfinite(w))
                widest = fmax(widest, w);
        }
    }
    /* Bars are mostly given in the axis' order already: one pass says so. */
    for (k = 1; k < n && by_place(&p[k - 1], &p[k]) <= 0; k++)
        ;
    if (k < n)
        chartex__sort(p, n, sizeof *p, by_place);
    cut = cut_at(p, n, keep, widest);
    for (k = 0; k < cut; k++)
        out->mask[p[k].artist][p[k].k] = 1;
    for (k = 0; k < n && reverse; k++)
        p[k].at = -p[k].at;
    bar_losses(b, axes, p, cut, n, out->loss);
    rc = 0;
done:
    chartex__free(p);
    return rc;
}

/* ---------------------------------------------------------------- candles */

/* The candles after the first keep, as the one candle they make. */
static int
candle_entry(chartex__builder *b, const struct chartex_axes *axes,
             const chartex__candles *c, size_t keep, chartex__kept *out)
{
    const struct chartex_axis *xa = &axes->axis[0], *ya = &axes->axis[1];
    double high = -INFINITY, low = INFINITY;
    chartex__node *e;
    size_t i;

    (void)b;
    for (i = keep; i < c->n; i++) {
        high = fmax(high, c->c[i].high);
        low = fmin(low, c->c[i].low);
    }
    e = entry("candles", c->n - keep);
    if (e == NULL || chartex__object_add(e, "from", chartex__node_value(c->c[keep].pos, xa)) < 0
        || chartex__object_add(e, "to", chartex__node_value(c->c[c->n - 1].pos, xa)) < 0
        || chartex__object_add(e, "open", chartex__node_value(c->c[keep].open, ya)) < 0
        || chartex__object_add(e, "high", chartex__node_value(high, ya)) < 0
        || chartex__object_add(e, "low", chartex__node_value(low, ya)) < 0
        || chartex__object_add(e, "close", chartex__node_value(c->c[c->n - 1].close, ya)) < 0) {
        chartex__node_free(e);
        return -1;
    }
    out->candle_entry = e;
    return 0;
}

/* ------------------------------------------------------------ the API */

int
chartex__bound_bars(chartex__builder *b, const struct chartex_axes *axes, chartex__kept *out)
{
    size_t i, n_bars = 0, keep;
    int merged;

    memset(out, 0, sizeof *out);
    out->axes = axes;
    out->candles = b->candles;
    for (i = 0; i < axes->n_artists; i++)
        if (is_plain_bars(axes, b->taken, i))
            n_bars += axes->artists[i]->n;
    if (b->candles != NULL) {
        chartex__candles *c;

        if (chartex__bound_elements(b, b->candles->n, CHARTEX__WEIGHT_CANDLE, &keep) < 0)
            return -1;
        if (keep < b->candles->n) {
            c = chartex__chart_block(b->chart, 1, sizeof *c);
            if (c == NULL)
                return -1;
            *c = *b->candles;   /* the first keep, by position */
            c->n = keep;
            out->candles = c;
            if (candle_entry(b, axes, b->candles, keep, out) < 0)
                return -1;
        }
    }
    if (n_bars == 0)
        return 0;
    if (chartex__bound_elements(b, n_bars, CHARTEX__WEIGHT_BAR, &keep) < 0)
        return -1;
    out->sizing_only = chartex__sizing_only(b, n_bars, CHARTEX__WEIGHT_BAR);
    if (keep >= n_bars || out->sizing_only)
        return 0;
    merged = merge_histograms(b, axes, n_bars, keep, out);
    if (merged != 0)
        return merged < 0 ? -1 : 0;
    return keep_first_bars(b, axes, n_bars, keep, out);
}

int
chartex__bar_kept(const chartex__builder *b, size_t i, size_t k)
{
    const chartex__kept *kp = b->kept;

    return kp == NULL || kp->mask == NULL || kp->mask[i] == NULL || kp->mask[i][k];
}

int
chartex__note_bar_group(chartex__builder *b, size_t i, const chartex__node *group,
                        const struct chartex_axis *cat)
{
    chartex__kept *kp = b->kept;
    const chartex__bar_loss *l;
    chartex__node *e;

    if (kp == NULL || kp->loss == NULL || kp->loss[i].count == 0)
        return 0;
    l = &kp->loss[i];
    e = chartex__node_new(CHARTEX__NODE_OBJECT);
    if (chartex__object_add(e, "kind", chartex__node_cstring("bars")) < 0
        || chartex__object_add(e, "group", chartex__node_string(group->u.string.s,
                                                                group->u.string.len)) < 0
        || chartex__object_add(e, "elements", chartex__node_number((double)l->count)) < 0
        || chartex__object_add(e, "value_sum", chartex__node_number(l->sum + l->comp)) < 0
        || chartex__object_add(e, "from", chartex__node_value(l->first, cat)) < 0
        || chartex__object_add(e, "to", chartex__node_value(l->last, cat)) < 0) {
        chartex__node_free(e);
        return -1;
    }
    return append(&kp->left_out, e);
}

int
chartex__add_bin(const chartex__builder *b, chartex__node *el, const struct chartex_artist *a,
                 size_t k, const struct chartex_axis *cat)
{
    double pair[2];

    if (b->kept == NULL || b->kept->merged == 0)
        return 0;
    /* The merged bin the reader's bins give; else a merged bin ends where
     * the next starts: that bin's own edge. */
    if (has_bin(a, k)) {
        pair[0] = a->bin_lo[k];
        pair[1] = a->bin_hi[k];
    } else {
        pair[0] = lo_of(a, k);
        pair[1] = k + 1 < a->n ? lo_of(a, k + 1) : lo_of(a, k) + ext_of(a, k);
    }
    return chartex__object_add(el, "bin", chartex__node_values(2, pair, 1, cat));
}

int
chartex__add_left_out(chartex__node *chart, chartex__kept *kp)
{
    int rc = 0;

    if (kp->candle_entry != NULL) {
        if (append(&kp->left_out, kp->candle_entry) < 0)
            rc = -1;
        kp->candle_entry = NULL;
    }
    if (rc == 0 && kp->left_out != NULL) {
        rc = chartex__object_add(chart, "left_out", kp->left_out);
        kp->left_out = NULL;
    }
    if (rc == 0 && kp->rebinned != NULL) {
        rc = chartex__object_add(chart, "rebinned", kp->rebinned);
        kp->rebinned = NULL;
    }
    return rc;
}

void
chartex__kept_clear(chartex__kept *kp)
{
    chartex__node_free(kp->left_out);
    chartex__node_free(kp->rebinned);
    chartex__node_free(kp->candle_entry);
    memset(kp, 0, sizeof *kp);
}

chartex__node *
chartex__left_out_entry(const char *kind, size_t n)
{
    return entry(kind, n);
}

int
chartex__left_out_append(chartex__node *chart, chartex__node *entry)
{
    size_t i;

    if (entry == NULL)
        return -1;
    for (i = 0; i < chart->u.list.n; i++)
        if (strcmp(chart->u.list.keys[i], "left_out") == 0)
            return chartex__array_add(chart->u.list.items[i], entry);
    {
        chartex__node *list = NULL;

        if (append(&list, entry) < 0)
            return -1;
        return chartex__object_add(chart, "left_out", list);
    }
}
