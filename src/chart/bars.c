/*
 * bars.c - the bar chart of an Axes: one element per bar, container by
 * container and bar by bar within each, labelled with what the reader of
 * the picture sees, valued with what was given, and based where the bar
 * floats.
 *
 * Where a bar stands (standing.c, one rule for every reader): bars side
 * by side in a group (matplotlib's x - w/2, x + w/2 idiom; the gallery's
 * x + w * k; pandas' grouped df.plot.bar(); hist() of several datasets;
 * plotly's barmode "group"; seaborn's dodged hues) are named by their
 * group, not by the offset each is drawn at: by the category or the
 * labelled tick under the group, else by the group's position as the
 * axis writes it; a histogram's bars by their bin, which they carry
 * ("bin").
 *
 * A floating bar (Gantt's left=, a waterfall's bottom=, a candle's body)
 * carries its "base": the value axis' coordinate it starts at, when that
 * is not 0 and the bar does not stand on the top of a bar drawn before it
 * at the same position (a stack is read as a stack).
 *
 * Candles (candles.c) are elements of the bar chart too, one per candle
 * with its open, high, low and close, placed where the first artist that
 * draws them stands; their bodies are none of the bars above, and the
 * chart says "financial".
 *
 * A bar's error bar is its errorbar() container's (bar(..., yerr=...),
 * errorbars.c) or, for seaborn's barplot, the plain line drawn along the
 * bar's centre (with caps across it or not) whose extent holds the bar's
 * end: such a line belongs to the bar (classify.c leaves it to the bar
 * part) and gives its extent.
 */
#include "chart/chart.h"

#include <stdint.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------- geometry */

static int
is_bars(const struct chartex_artist *a)
{
    return a->kind == CHARTEX_ARTIST_BARS && chartex__artist_is_data(a);
}

/* Bars of artist i that are bars of the chart: not a candle's bodies
 * (taken 3, candles.c), which are candle elements. */
static int
plain_bars(const struct chartex_axes *axes, const unsigned char *taken, size_t i)
{
    return is_bars(axes->artists[i]) && !(taken != NULL && taken[i] == 3);
}

/* Bar k's centre along the category direction and its width there. */
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

/* Where bar k starts and ends along the value direction. */
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

/* Whether bar m of p ends where a bar at centre c starts (base). */
static int
stands_on(const struct chartex_artist *p, size_t m, double c, double base, double tol)
{
    double t = top_of(p, m);

    return fabs(centre_of(p, m) - c) <= tol + 1e-12 * fabs(c)
        && fabs(t - base) <= 1e-9 * fmax(fabs(t), fabs(base));
}

/* Where bar k of artist i starts: 0 at 0 (or not finite), STACKED on the
 * top of a bar drawn before it at the same position, else FLOATING. */
enum { AT_ZERO, STACKED, FLOATING };

static int
standing(const struct chartex_axes *axes, const unsigned char *taken, size_t i, size_t k,
         double tol)
{
    const struct chartex_artist *a = axes->artists[i];
    double base = base_of(a, k), c = centre_of(a, k);
    size_t j, m;

    if (!isfinite(base) || base == 0 || !isfinite(c))
        return AT_ZERO;
    for (j = 0; j < i; j++) {
        const struct chartex_artist *p = axes->artists[j];

        if (!plain_bars(axes, taken, j) || p->orientation != a->orientation)
            continue;
        /* Stacks share their indices: bar k first. */
        if (k < p->n && stands_on(p, k, c, base, tol))
            return STACKED;
        for (m = 0; m < p->n; m++)
            if (m != k && stands_on(p, m, c, base, tol))
                return STACKED;
    }
    return FLOATING;
}

/* ------------------------------------------------- lines as error bars */

/* Whether artist j is a data line drawn along bar k of artist *bar's
 * centre (with or without caps across it, NaN between its pieces) whose
 * extent along the value direction, [*lo, *hi], holds the bar's end:
 * that bar's error bar.  Any bar of axes may be the one (found). */
static int
whisker_of(const struct chartex_axes *axes, size_t j, size_t *bar, size_t *k,
           double *vlo, double *vhi)
{
    const struct chartex_artist *l = axes->artists[j];
    size_t i, m, n_finite = 0;
    double lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY};

    if (l->kind != CHARTEX_ARTIST_LINE || !chartex__artist_is_data(l)
        || (l->flags & CHARTEX_LINE_NO_LINE) || l->n < 2)
        return 0;
    /* No bars, no error bar: a long line is not read for nothing. */
    for (i = 0; i < axes->n_artists && !(i != j && is_bars(axes->artists[i])); i++)
        ;
    if (i == axes->n_artists)
        return 0;
    for (m = 0; m < l->n; m++) {
        double xm = CHARTEX__PX(l, m), ym = CHARTEX__PY(l, m);

        if (!isfinite(xm) || !isfinite(ym))
            continue;
        n_finite++;
        lo[0] = fmin(lo[0], xm);
        hi[0] = fmax(hi[0], xm);
        lo[1] = fmin(lo[1], ym);
        hi[1] = fmax(hi[1], ym);
    }
    if (n_finite < 2)
        return 0;
    for (i = 0; i < axes->n_artists; i++) {
        const struct chartex_artist *a = axes->artists[i];
        int d;   /* the value direction: 1 (y) for vertical bars */
        const double *along, *value;
        size_t st = l->stride;

        if (!is_bars(a) || i == j)
            continue;
        d = a->orientation == CHARTEX_VERTICAL ? 1 : 0;
        along = d ? l->x : l->y;
        value = d ? l->y : l->x;
        for (m = 0; m < a->n; m++) {
            double c = centre_of(a, m), w = width_of(a, m), t = top_of(a, m);
            double tol = 1e-9 * fmax(fabs(c), w), vtol;
            size_t p;
            int whisker = 0;

            /* Across the bar: within its width, centred on it. */
            if (!isfinite(c) || !isfinite(t) || hi[1 - d] - lo[1 - d] > w + tol
                || fabs((lo[1 - d] + hi[1 - d]) / 2 - c) > tol)
                continue;
            /* Along it: the bar's end within the line's extent. */
            vtol = 1e-9 * fmax(fmax(fabs(lo[d]), fabs(hi[d])), fabs(t));
            if (t < lo[d] - vtol || t > hi[d] + vtol)
                continue;
            /* A whisker: two points in a row on the bar's centre. */
            for (p = 0; p + 1 < l->n && !whisker; p++)
                whisker = isfinite(value[p * st]) && isfinite(value[(p + 1) * st])
                          && fabs(along[p * st] - c) <= tol
                          && fabs(along[(p + 1) * st] - c) <= tol;
            if (!whisker)
                continue;
            *bar = i;
            *k = m;
            *vlo = lo[d];
            *vhi = hi[d];
            return 1;
        }
    }
    return 0;
}

int
chartex__bar_error_line(const struct chartex_axes *axes, size_t j, size_t *bar, size_t *k)
{
    const struct chartex_artist *l = axes->artists[j], *a;
    double lo, hi, v, c, tol;
    size_t back;
    int d;

    if (whisker_of(axes, j, bar, k, &lo, &hi))
        return 1;
    /* A cap drawn on its own (seaborn 0.12): a 2-point line across the
     * bar, right after its whisker, at one of the whisker's ends. */
    if (l->kind != CHARTEX_ARTIST_LINE || !chartex__artist_is_data(l)
        || (l->flags & CHARTEX_LINE_NO_LINE) || l->n != 2)
        return 0;
    for (back = 1; back <= 2 && back <= j; back++) {
        if (!whisker_of(axes, j - back, bar, k, &lo, &hi))
            continue;
        a = axes->artists[*bar];
        d = a->orientation == CHARTEX_VERTICAL ? 1 : 0;
        c = centre_of(a, *k);
        tol = 1e-9 * fmax(fabs(c), width_of(a, *k));
        {
            double x0 = CHARTEX__PX(l, 0), x1 = CHARTEX__PX(l, 1);
            double y0 = CHARTEX__PY(l, 0), y1 = CHARTEX__PY(l, 1);

            v = d ? y0 : x0;
            if ((d ? y1 : x1) == v && (v == lo || v == hi)
                && fabs(((d ? x0 : y0) + (d ? x1 : y1)) / 2 - c) <= tol
                && fabs((d ? x1 : y1) - (d ? x0 : y0)) <= width_of(a, *k) + tol)
                return 1;
        }
    }
    return 0;
}

/* The error bars that lines draw for the bars of axes: lo[i] and hi[i]
 * (chart-owned arrays, one value per bar of artist i, NaN where none), or
 * NULL for an artist with none.  -1: no memory. */
static int
line_errors(chartex__builder *b, const struct chartex_axes *axes, double **lo, double **hi)
{
    size_t j, i, k, m;

    for (j = 0; j < axes->n_artists; j++) {
        const struct chartex_artist *l = axes->artists[j];
        int d;

        if (b->taken == NULL || b->taken[j] != 2 || !chartex__bar_error_line(axes, j, &i, &k))
            continue;
        if (lo[i] == NULL) {
            lo[i] = chartex__chart_doubles(b->chart, axes->artists[i]->n);
            hi[i] = chartex__chart_doubles(b->chart, axes->artists[i]->n);
            if (lo[i] == NULL || hi[i] == NULL)
                return -1;
            for (m = 0; m < axes->artists[i]->n; m++)
                lo[i][m] = hi[i][m] = NAN;
        }
        d = axes->artists[i]->orientation == CHARTEX_VERTICAL;
        for (m = 0; m < l->n; m++) {
            double xm = CHARTEX__PX(l, m), ym = CHARTEX__PY(l, m);
            double v = d ? ym : xm;

            if (!isfinite(xm) || !isfinite(ym))
                continue;
            lo[i][k] = isnan(lo[i][k]) ? v : fmin(lo[i][k], v);
            hi[i][k] = isnan(hi[i][k]) ? v : fmax(hi[i][k], v);
        }
    }
    return 0;
}

/* ---------------------------------------------------------- error bars */

/* The error bars of bars a (bar(..., yerr=...)): matplotlib centres each
 * at the bar's end, in the middle of its width, computed as here. */
static int
bar_errors(chartex__builder *b, const struct chartex_axes *axes,
           const struct chartex_artist *a, chartex__errors *errs)
{
    double *px, *py;
    size_t k;

    errs->lo[0] = errs->hi[0] = errs->lo[1] = errs->hi[1] = NULL;
    if (a->group == 0)
        return 0;
    px = chartex__chart_doubles(b->chart, a->n);
    py = chartex__chart_doubles(b->chart, a->n);
    if (px == NULL || py == NULL)
        return -1;
    for (k = 0; k < a->n; k++) {
        if (a->orientation == CHARTEX_VERTICAL) {
            px[k] = a->bx[k] + 0.5 * a->bw[k];
            py[k] = a->by[k] + a->bh[k];
        } else {
            px[k] = a->bx[k] + a->bw[k];
            py[k] = a->by[k] + 0.5 * a->bh[k];
        }
    }
    return chartex__find_errors(b, axes, a, px, py, a->n, errs);
}

/* Adds bar k's "x_error" / "y_error": [lower, upper] as values of the axis
 * the error bar runs along. */
static int
add_bar_errors(chartex__node *el, const chartex__errors *errs, size_t k,
               const struct chartex_axes *axes)
{
    int d;

    for (d = 0; d < 2; d++) {
        double pair[2];

        if (errs->lo[d] == NULL)
            continue;
        pair[0] = errs->lo[d][k];
        pair[1] = errs->hi[d][k];
        if (chartex__object_add(el, d ? "y_error" : "x_error",
                                chartex__node_values(2, pair, 1, &axes->axis[d])) < 0)
            return -1;
    }
    return 0;
}

/* Adds bar k's "bar_label": the text bar_label() put on it. */
static int
add_bar_label(chartex__builder *b, chartex__node *el, const struct chartex_axes *axes,
              const struct chartex_artist *a, size_t k, const chartex__errors *errs)
{
    int d = a->orientation == CHARTEX_VERTICAL ? 1 : 0;
    double lo = errs->lo[d] != NULL ? errs->lo[d][k] : NAN;
    double hi = errs->hi[d] != NULL ? errs->hi[d][k] : NAN;
    const char *text = chartex__bar_label(b, axes, a, k, lo, hi);

    if (text == NULL)
        return 0;
    return chartex__object_add(el, "bar_label", chartex__node_string(text, strlen(text)));
}

/* ------------------------------------------------------------- the chart */

/* Adds bar k's "bin": [start, end] of the bin it counts (values of the
 * category axis cat). */
static int
add_bin(chartex__node *el, const chartex__stand *st, const struct chartex_axis *cat)
{
    double pair[2];

    if (isnan(st->bin_lo) || isnan(st->bin_hi))
        return 0;
    pair[0] = st->bin_lo;
    pair[1] = st->bin_hi;
    return chartex__object_add(el, "bin", chartex__node_values(2, pair, 1, cat));
}

/* One bar's element: label (where it stands), group, value, then base,
 * bin, error bars, bar label, the artist's per-bar keys.  -1: no memory. */
static int
bar_element(chartex__builder *b, const struct chartex_axes *axes, size_t i, size_t k,
            const chartex__stand *st, double minw, const chartex__node *group,
            const chartex__errors *errs, int *stacked, chartex__node *elements)
{
    const struct chartex_artist *a = axes->artists[i];
    int vertical = a->orientation == CHARTEX_VERTICAL;
    const struct chartex_axis *cat = &axes->axis[vertical ? 0 : 1];
    const struct chartex_axis *val = &axes->axis[vertical ? 1 : 0];
    double value = a->values != NULL ? a->values[k] : vertical ? a->bh[k] : a->bw[k];
    int stand = standing(axes, b->taken, i, k, 1e-6 * minw);
    chartex__node *el = chartex__node_new(CHARTEX__NODE_OBJECT);

    if (stand == STACKED)
        *stacked = 1;
    if (chartex__array_add(elements, el) < 0)
        return -1;
    if (chartex__object_add(el, "label", chartex__stand_label(b, cat, st, minw)) < 0
        || chartex__object_add(el, "group", chartex__node_string(group->u.string.s,
                                                                 group->u.string.len)) < 0
        || chartex__object_add(el, "value", chartex__node_number(value)) < 0
        || (stand == FLOATING
            && chartex__object_add(el, "base", chartex__node_value(base_of(a, k), val)) < 0)
        || (isnan(st->bin_lo) ? chartex__add_bin(b, el, a, k, cat) : add_bin(el, st, cat)) < 0
        || add_bar_errors(el, errs, k, axes) < 0
        || add_bar_label(b, el, axes, a, k, errs) < 0
        || chartex__add_element_columns(el, a, k) < 0)
        return -1;
    return 0;
}

/* What the bar chart says of how its bars stand: *grouped when bars of
 * several containers stand side by side, *stacked when a bar stands on
 * the top of another, *binned when bars count a histogram's bins. */
static chartex__node *
bar_elements(chartex__builder *b, const struct chartex_axes *axes, int *grouped,
             int *stacked, int *binned)
{
    chartex__node *elements = chartex__node_new(CHARTEX__NODE_ARRAY);
    chartex__labels used = {0, 0, NULL};
    chartex__stands stands = {0, NULL, 0, 0, {0, 0}};
    double **llo = NULL, **lhi = NULL;
    size_t i, k, n_group = 0, n = axes->n_artists ? axes->n_artists : 1;

    llo = chartex__calloc(n, sizeof *llo);
    lhi = chartex__calloc(n, sizeof *lhi);
    if (elements == NULL || llo == NULL || lhi == NULL
        || chartex__find_stands(axes, b->taken, &stands) < 0
        || line_errors(b, axes, llo, lhi) < 0)
        goto fail;
    *grouped = stands.grouped;
    *binned = stands.binned;
    *stacked = 0;
    for (i = 0; i < axes->n_artists; i++) {
        const struct chartex_artist *a = axes->artists[i];

        if ((is_bars(a) || (b->candles != NULL && b->taken != NULL && b->taken[i] == 3))
            && chartex__note_label(b, &used, a->label) < 0)
            goto fail;
    }
    for (i = 0; i < axes->n_artists; i++) {
        const struct chartex_artist *a = axes->artists[i];
        int vertical = a->orientation == CHARTEX_VERTICAL;
        const struct chartex_axis *cat = &axes->axis[vertical ? 0 : 1];
        double minw = stands.min_width[vertical ? 0 : 1];
        chartex__node *group;
        chartex__errors errs;

        /* The candles, one element each, where the first is drawn. */
        if (b->candles != NULL && i == b->candles->first
            && chartex__candle_elements(b, axes, b->candles, &used, &n_group, elements) < 0)
            goto fail;
        if (!plain_bars(axes, b->taken, i) || stands.of[i] == NULL)
            continue;
        if (bar_errors(b, axes, a, &errs) < 0)
            goto fail;
        /* No errorbar() of its own: the lines drawn as its error bars. */
        if (errs.lo[vertical] == NULL && llo[i] != NULL) {
            errs.lo[vertical] = llo[i];
            errs.hi[vertical] = lhi[i];
        }
        group = chartex__element_label(b, &used, a->label, "Group", n_group++);
        if (group == NULL || chartex__note_bar_group(b, i, group, cat) < 0) {
            chartex__node_free(group);
            goto fail;
        }
        for (k = 0; k < a->n; k++)
            /* Past the budget (bounds.c): said in "left_out". */
            if (chartex__bar_kept(b, i, k)
                && bar_element(b, axes, i, k, &stands.of[i][k], minw, group, &errs, stacked,
                               elements) < 0) {
                chartex__node_free(group);
                goto fail;
            }
        chartex__node_free(group);
    }
    chartex__stands_clear(&stands);
    chartex__labels_free(&used);
    chartex__free(llo);
    chartex__free(lhi);
    return elements;
fail:
    chartex__stands_clear(&stands);
    chartex__labels_free(&used);
    chartex__free(llo);
    chartex__free(lhi);
    chartex__node_free(elements);
    return NULL;
}

chartex__node *
chartex__bar_chart(chartex__builder *b, const struct chartex_axes *axes, chartex__node *title)
{
    chartex__node *obj = chartex__chart_head("bar", title);
    chartex_orientation o = CHARTEX_VERTICAL;
    size_t i;
    int grouped = 0, stacked = 0, binned = 0;

    if (obj == NULL)
        return NULL;
    for (i = 0; i < axes->n_artists; i++) {
        if (plain_bars(axes, b->taken, i)) {
            o = axes->artists[i]->orientation;
            break;
        }
    }
    /* Candles stand upright, and say what chart they make. */
    if (b->candles != NULL && (b->candles->first < i || i == axes->n_artists))
        o = CHARTEX_VERTICAL;
    if (chartex__object_add(obj, "elements", bar_elements(b, axes, &grouped, &stacked,
                                                          &binned)) < 0
        || chartex__add_axis_labels(b, obj, axes) < 0
        || chartex__object_add(obj, "orientation",
                               chartex__node_cstring(chartex__orientation_name(o))) < 0
        || (grouped && chartex__object_add(obj, "grouped", chartex__node_bool(1)) < 0)
        || (stacked && chartex__object_add(obj, "stacked", chartex__node_bool(1)) < 0)
        || (binned && chartex__object_add(obj, "histogram", chartex__node_bool(1)) < 0)
        || (b->candles != NULL
            && chartex__object_add(obj, "financial",
                                   chartex__node_cstring(b->candles->n_bodies > 0
                                                             ? "candlestick" : "ohlc")) < 0)) {
        chartex__node_free(obj);
        return NULL;
    }
    return obj;
}
