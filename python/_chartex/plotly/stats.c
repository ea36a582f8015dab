/*
 * plotly_stats.c - a port of what plotly.js (v4.1.1, the plotly.min.js the
 * plotly Python package ships) computes from a histogram's or a box's raw
 * samples: src/traces/histogram/calc.js (calc, calcAllAutoBins, the
 * single-value overlay case, cdf), bin_functions.js, norm_functions.js,
 * average.js, cross_trace_defaults.js (bin groups), the autoBin,
 * autoShiftNumericBins, autoShiftMonthBins, autoTicks, tickIncrement and
 * tickFirst of src/plots/cartesian/axes.js, and of src/lib: increment,
 * findBin, roundUp, distinctVals, aggNums/mean/stdev, incrementMonth,
 * findExactDates; and src/traces/box/calc.js with the whisker rule of
 * box/plot.js.
 *
 * The arithmetic is kept in plotly.js's order on purpose: bin edges are
 * compared exactly with plotly.js's own output (tests/data/
 * plotly_reference.json), and summing in another order, or rounding an
 * increment differently, moves an edge by an ulp and a sample into another
 * bin.
 *
 * Units: positions are plotly.js's calcdata ("c") values: numbers on
 * linear axes, milliseconds on date axes, indices on category axes, the
 * data themselves (not their logarithm) on log axes.  xbins.start/end are
 * given in range ("r") units as in plotly.js: log10 on log axes.
 */
#include "stats.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* plotly.js's src/constants/numerical.js */
#define ONEAVGYEAR 31557600000.0
#define ONEAVGMONTH 2629800000.0
#define ONEDAY 86400000.0
#define ONEHOUR 3600000.0
#define ONEMIN 60000.0
#define ONESEC 1000.0
#define JS_LN10 2.302585092994046
/* 2000-01-01 and 2000-01-02 (a Sunday) UTC: dateTick0(calendar, 0 / 1) */
#define TICK0_DATE 946684800000.0
#define TICK0_SUNDAY 946771200000.0
/* calc.js stops making bins at a million, "so we don't crash the browser" */
#define MAX_BINS 1000000
/* a 2-D histogram's grid: beyond this many cells, no result */
#define MAX_2D_CELLS 10000000

/* A dtick as plotly.js keeps it: a number, or "M<k>" (k months). */
typedef struct dtick {
    double num;
    int months;              /* > 0: "M<months>", num unused */
} dtick;

/* ---------------------------------------------------------------------
 * JavaScript number semantics that plotly.js's rounding depends on.
 */

static int
js_isnum(double v)
{
    return isfinite(v);      /* fast-isnumeric: finite numbers only */
}

/* Math.round: halves go up, also for negatives. */
static double
js_round(double v)
{
    double f = floor(v);

    return v - f >= 0.5 ? f + 1 : f;
}

/* The shortest decimal digits that read back as v: count and exponent. */
static int
shortest_digits(double v, int *exp10)
{
    char buf[40];
    int p, k;

    for (p = 1; p <= 17; p++) {
        snprintf(buf, sizeof buf, "%.*e", p - 1, v);
        if (strtod(buf, NULL) == v)
            break;
    }
    if (p > 17)
        p = 17;
    snprintf(buf, sizeof buf, "%.*e", p - 1, fabs(v));
    *exp10 = atoi(strchr(buf, 'e') + 1);
    /* digits without trailing zeros (the shortest never has any but "0") */
    k = p;
    while (k > 1 && buf[k] == '0')   /* digit k sits at buf[k] after "d." */
        k--;
    return k;
}

/* String(v).length, as Number::toString writes v. */
static size_t
js_num_len(double v)
{
    int e, k, n;
    size_t len;
    char ebuf[16];

    if (isnan(v))
        return 3;
    if (isinf(v))
        return v < 0 ? 9 : 8;
    if (v == 0)
        return 1;
    len = v < 0 ? 1 : 0;
    k = shortest_digits(v, &e);
    n = e + 1;               /* where the decimal point goes */
    if (k <= n && n <= 21)
        return len + (size_t)n;
    if (0 < n && n <= 21)
        return len + (size_t)k + 1;
    if (-6 < n && n <= 0)
        return len + 2 + (size_t)(-n) + (size_t)k;
    snprintf(ebuf, sizeof ebuf, "%d", abs(n - 1));
    return len + (size_t)k + (k > 1 ? 1 : 0) + 2 + strlen(ebuf);
}

/* Lib.increment: x + delta, rounded to 12 digits when the sum shows a
 * floating-point tail (0.1 + 0.2) that neither operand had. */
static double
js_increment(double x, double delta)
{
    double scale, nx;
    size_t lx1;

    if (delta == 0 || isnan(delta))
        return x;
    scale = 1 / fabs(delta);
    nx = scale > 1 ? (scale * x + scale * delta) / scale : x + delta;
    lx1 = js_num_len(nx);
    if (lx1 > 16 && lx1 >= js_num_len(x) + js_num_len(delta) && isfinite(nx)) {
        char buf[40];
        double r;
        int e;

        snprintf(buf, sizeof buf, "%.11e", nx);    /* toPrecision(12) */
        r = strtod(buf, NULL);
        e = atoi(strchr(buf, 'e') + 1);
        if (e < 12)                                 /* no "e+" in it */
            nx = r;
    }
    return nx;
}

/* Lib.roundUp: the first of the sorted rounding values >= v (<= v when
 * reverse), binary search capped at 100 steps as in plotly.js. */
static double
round_up(double v, const double *arr, int n, int reverse)
{
    int lo = 0, hi = n - 1, mid, c = 0;
    int dlo = reverse ? 0 : 1, dhi = reverse ? 1 : 0;

    while (lo < hi && c++ < 100) {
        mid = reverse ? (int)ceil((lo + hi) / 2.0) : (lo + hi) / 2;
        if (arr[mid] <= v)
            lo = mid + dlo;
        else
            hi = mid - dhi;
    }
    return arr[lo];
}

/* ---------------------------------------------------------------------
 * Dates: UTC milliseconds, Gregorian (plotly.js without world calendars).
 */

static double
days_from_civil(double y, int m, double d)
{
    /* H. Hinnant's algorithm; m 1..12, d may overflow the month as
     * Date.UTC lets it */
    double era, yoe, doy, doe;

    y -= m <= 2;
    era = floor(y / 400);
    yoe = y - era * 400;
    doy = floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
    doe = yoe * 365 + floor(yoe / 4) - floor(yoe / 100) + doy;
    return era * 146097 + doe - 719468;
}

static void
civil_from_days(double z, double *y, int *m, int *d)
{
    double era, doe, yoe, doy, mp;

    z += 719468;
    era = floor(z / 146097);
    doe = z - era * 146097;
    yoe = floor((doe - floor(doe / 1460) + floor(doe / 36524) - floor(doe / 146096)) / 365);
    doy = doe - (365 * yoe + floor(yoe / 4) - floor(yoe / 100));
    mp = floor((5 * doy + 2) / 153);
    *d = (int)(doy - floor((153 * mp + 2) / 5) + 1);
    *m = (int)(mp < 10 ? mp + 3 : mp - 9);
    *y = yoe + era * 400 + (*m <= 2);
}

static double
js_mod(double v, double d)
{
    double out = fmod(v, d);

    return out < 0 ? out + d : out;
}

/* Lib.incrementMonth: midnight three days into the month, moved by
 * months with Date.setUTCMonth (day overflow rolls on), time put back. */
static double
increment_month(double ms, double months)
{
    double frac = js_mod(ms, ONEDAY), day0, y, mi;
    int m, d;

    if (!isfinite(ms))
        return NAN;
    day0 = js_round(ms - frac) + 3 * ONEDAY;
    civil_from_days(floor(day0 / ONEDAY), &y, &m, &d);
    mi = (m - 1) + trunc(months);
    y += floor(mi / 12);
    mi = js_mod(mi, 12);
    return days_from_civil(y, (int)mi + 1, d) * ONEDAY + frac - 3 * ONEDAY;
}

/* ---------------------------------------------------------------------
 * Ticks (axes.js): the bins are a tick grid of a throwaway axis.
 */

static double
tick_increment(double x, dtick dt, int reverse)
{
    if (dt.months > 0)
        return increment_month(x, reverse ? -dt.months : dt.months);
    return js_increment(x, reverse ? -dt.num : dt.num);
}

static double
round_dtick(double rough, double base, const double *arr, int n)
{
    return base * round_up(rough / base, arr, n, 0);
}

/* axes.autoTicks for a linear or date axis (autoBin never asks for
 * another: log axes bin linearly, categories return before). */
static void
auto_ticks(int is_date, double rough, dtick *dt, double *tick0)
{
    static const double r10[] = {2, 5, 10}, r12[] = {1, 2, 3, 6, 12},
                        r60[] = {1, 2, 5, 10, 15, 30}, rday[] = {1, 2, 3, 7, 14};
    double base;

    dt->months = 0;
    if (is_date) {
        double a = 2 * rough;

        *tick0 = TICK0_DATE;
        if (a > ONEAVGYEAR) {
            rough /= ONEAVGYEAR;
            base = pow(10, floor(log(rough) / JS_LN10));
            dt->months = (int)(12 * round_dtick(rough, base, r10, 3));
        } else if (a > ONEAVGMONTH) {
            rough /= ONEAVGMONTH;
            dt->months = (int)round_dtick(rough, 1, r12, 5);
        } else if (a > ONEDAY) {
            dt->num = round_dtick(rough, ONEDAY, rday, 5);
            *tick0 = TICK0_SUNDAY;     /* no tickformat: weeks start Sunday */
        } else if (a > ONEHOUR) {
            dt->num = round_dtick(rough, ONEHOUR, r12, 5);
        } else if (a > ONEMIN) {
            dt->num = round_dtick(rough, ONEMIN, r60, 6);
        } else if (a > ONESEC) {
            dt->num = round_dtick(rough, ONESEC, r60, 6);
        } else {
            base = pow(10, floor(log(rough) / JS_LN10));
            dt->num = round_dtick(rough, base, r10, 3);
        }
    } else {
        *tick0 = 0;
        base = pow(10, floor(log(rough) / JS_LN10));
        dt->num = round_dtick(rough, base, r10, 3);
    }
    if (dt->months == 0 && dt->num == 0)
        dt->num = 1;
}

/* axes.tickFirst on an increasing range [r0, r1]. */
static double
tick_first(double r0, double r1, double tick0, dtick dt)
{
    double o = r0 - (r1 - r0) * 1e-4, d, p, v;
    int h;

    if (dt.months <= 0)
        return ceil((o - tick0) / dt.num) * dt.num + tick0;
    d = tick0;
    for (h = 0; h < 10; h++) {
        dtick m = {0, 0};

        p = tick_increment(d, dt, 0);
        if ((p - o) * (d - o) <= 0)
            return d > p ? d : p;
        v = (o - (d + p) / 2) / (p - d);
        m.months = (int)((fabs(js_round(v)) != 0 ? fabs(js_round(v)) : 1) * dt.months);
        d = tick_increment(d, m, v < 0);
    }
    return d;                /* "tickFirst did not converge" */
}

/* ---------------------------------------------------------------------
 * Samples
 */

static int
cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

/* Lib.distinctVals(...).minDiff over the finite values. */
static int
min_diff(const double *v, size_t n, double *out)
{
    double *t = malloc((n ? n : 1) * sizeof *t), span, eps, prev = 0, best;
    size_t k = 0, i;
    int have = 0;

    if (!t)
        return -1;
    for (i = 0; i < n; i++)
        if (js_isnum(v[i]))
            t[k++] = v[i];
    qsort(t, k, sizeof *t, cmp_double);
    span = k ? t[k - 1] - t[0] : NAN;
    best = span != 0 && !isnan(span) ? span : 1;
    eps = best / (k > 1 ? (double)(k - 1) : (k ? 1.0 : -1.0)) / 1e4;
    for (i = 0; i < k; i++) {
        if (!have) {
            prev = t[i];
            have = 1;
        } else if (t[i] - prev > eps) {
            if (t[i] - prev < best)
                best = t[i] - prev;
            prev = t[i];
        }
    }
    free(t);
    *out = best;
    return 0;
}

/* Lib.stdev: the population deviation, summed in data order. */
static double
stdev_pop(const double *v, size_t n)
{
    double sum = 0, mean, var = 0;
    size_t k = 0, i;

    for (i = 0; i < n; i++)
        if (js_isnum(v[i])) {
            sum += v[i];
            k++;
        }
    mean = sum / (double)k;
    for (i = 0; i < n; i++)
        if (js_isnum(v[i]))
            var += (v[i] - mean) * (v[i] - mean);
    return sqrt(var / (double)k);
}

/* axes.js autoShiftNumericBins: move the start off the data's values. */
static double
shift_numeric(double start, const double *v, size_t n, int is_date, dtick dt,
              double dmin, double dmax)
{
    size_t edge = 0, mid = 0, ints = 0, blank = 0, i, f;
    double d = dt.num;
#define NEAR_EDGE(x) (fmod(1 + ((x) - start) * 100 / d, 100) < 2)

    for (i = 0; i < n; i++) {
        if (fmod(v[i], 1) == 0)
            ints++;
        else if (!js_isnum(v[i]))
            blank++;
        if (NEAR_EDGE(v[i]))
            edge++;
        if (NEAR_EDGE(v[i] + d / 2))
            mid++;
    }
    f = n - blank;
    if (ints == f && !is_date) {
        if (d < 1) {
            start = dmin - 0.5 * d;
        } else {
            start -= 0.5;
            if (start + d < dmin)
                start += d;
        }
    } else if (mid < f * 0.1 && (edge > f * 0.3 || NEAR_EDGE(dmin) || NEAR_EDGE(dmax))) {
        double h = d / 2;

        start += start + h < dmin ? h : -h;
    }
#undef NEAR_EDGE
    return start;
}

/* axes.js autoShiftMonthBins: month bins of dates that fall on the
 * first of a month (or year, or midnight) are centred on them. */
static double
shift_months(double start, const double *v, size_t n, dtick dt, double dmin)
{
    size_t years = 0, months = 0, days = 0, blank = 0, i;
    double c, next;

    for (i = 0; i < n; i++) {
        double y;
        int m, d;

        if (!js_isnum(v[i])) {
            blank++;
            continue;
        }
        if (fmod(v[i], ONEDAY) != 0)
            continue;
        civil_from_days(floor(v[i] / ONEDAY), &y, &m, &d);
        if (d == 1) {
            if (m == 1)
                years++;
            else
                months++;
        } else {
            days++;
        }
    }
    months += years;
    days += months;
    c = (double)(n - blank);
    if (days / c > 0.8) {
        dtick m6 = {0, 6}, m1 = {0, 1};

        if (years / c > 0.8 && dt.months % 12 == 0)
            start = tick_increment(start, m6, 1) + ONEDAY * 1.5;
        else if (months / c > 0.8)
            start = tick_increment(start, m1, 1) + ONEDAY * 15.5;
        else
            start -= ONEDAY / 2;
        next = tick_increment(start, dt, 0);
        if (next <= dmin)
            return next;
    }
    return start;
}

/* plotly.js's xbins in c units, with the data span autoBin reports. */
typedef struct binspec {
    double start, end;
    dtick size;
    double span;
} binspec;

/* Lib.aggNums(Math.min / Math.max) over the finite values: NaN if none. */
static void
data_range(const double *v, size_t n, double *lo, double *hi)
{
    size_t i;

    *lo = NAN;
    *hi = NAN;
    for (i = 0; i < n; i++) {
        if (!js_isnum(v[i]))
            continue;
        if (isnan(*lo) || v[i] < *lo)
            *lo = v[i];
        if (isnan(*hi) || v[i] > *hi)
            *hi = v[i];
    }
}

/* axes.autoBin.  size: the given (cleaned) bin size or NULL; is2d: a
 * 2-D histogram's axis (the rough size uses n^0.25, not n^0.4). */
static int
auto_bin(const double *v, size_t n, px_axis_type axtype, long nbins,
         const dtick *size, double raw_size, int is2d, binspec *out)
{
    double o, s, tick0, p, e;
    int is_date = axtype == PX_AXTYPE_DATE;
    dtick dt = {1, 0};

    data_range(v, n, &o, &s);
    out->span = s - o;
    if (axtype == PX_AXTYPE_CATEGORY) {
        double r = js_round(raw_size);

        out->start = o - 0.5;
        out->end = s + 0.5;
        out->size.months = 0;
        out->size.num = isnan(r) || r == 0 ? 1 : (r > 1 ? r : 1);
        return 0;
    }
    if (size) {
        dt = *size;
        /* autoBin calls clean_ticks' tick0 without the dtick, so even
         * whole weeks start on 2000-01-01 (a Saturday), not on a Sunday */
        tick0 = is_date ? TICK0_DATE : 0;
    } else {
        double u;

        if (nbins > 0) {
            u = (s - o) / (double)nbins;
        } else {
            static const double r9[] = {0.9, 1.9, 4.9, 9.9};
            double md, f, h;

            if (min_diff(v, n, &md) < 0)
                return -1;
            f = pow(10, floor(log(md) / JS_LN10));
            h = f * round_up(md / f, r9, 4, 1);
            u = 2 * stdev_pop(v, n) / pow((double)n, is2d ? 0.25 : 0.4);
            u = isnan(h) || isnan(u) ? NAN : fmax(h, u);  /* Math.max: NaN wins */
            if (!js_isnum(u))
                u = 1;
        }
        auto_ticks(is_date, u, &dt, &tick0);
    }
    p = tick_increment(tick_first(o, s, tick0, dt), dt, 1);
    if (dt.months <= 0) {
        double m;

        p = shift_numeric(p, v, n, is_date, dt, o, s);
        m = 1 + floor((s - p) / dt.num);
        e = p + m * dt.num;
    } else {
        size_t guard = 0;

        p = shift_months(p, v, n, dt, o);
        /* the data's span in months bounds this loop; the guard only
         * stops a NaN or runaway on hostile input */
        for (e = p; e <= s && guard < 10 * (size_t)MAX_BINS; guard++)
            e = tick_increment(e, dt, 0);
    }
    out->start = p;
    out->end = e;
    out->size = dt;
    return 0;
}

/* ---------------------------------------------------------------------
 * Histograms
 */

/* c <-> r: only log axes differ (r is log10); plotly.js's round trip
 * through the range units is kept because it moves edges by an ulp. */
static double
c2r(px_axis_type t, double v)
{
    if (t != PX_AXTYPE_LOG)
        return v;
    return v > 0 ? log(v) / JS_LN10 : NAN;
}

static double
r2c(px_axis_type t, double v)
{
    return t == PX_AXTYPE_LOG ? pow(10, v) : v;
}

/* The bin options of one bin group (layout._histogramBinOpts[...]). */
typedef struct group_opts {
    int done;
    int size_found, start_found, end_found;
    dtick size;
    double raw_size;         /* as given, for category axes' rounding */
    double start, end;       /* r units */
    long nbins;
} group_opts;

typedef struct hist_ctx {
    const px_hist_input *in;
    size_t n;
    px_axis_type axtype;
    int overlay;
    int is2d;                /* histogram2d: autoBin's is2d */
    size_t *gid;             /* group of each trace */
    group_opts *g;
    double *tstart, *tend;   /* each trace's bins (r units) */
    dtick *tsize;
} hist_ctx;

static int
size_given(const px_hist_input *t)
{
    return t->size_months > 0 || !isnan(t->size);
}

/* Uve.dtick (clean_ticks.js) on a given bin size. */
static dtick
clean_size(const px_hist_input *t, px_axis_type axtype)
{
    dtick d = {0, 0};
    int is_date = axtype == PX_AXTYPE_DATE;

    if (t->size_months > 0 && is_date) {
        d.months = t->size_months;
        return d;
    }
    if (t->size_months > 0 || !js_isnum(t->size) || t->size <= 0) {
        d.num = is_date ? ONEDAY : 1;
        return d;
    }
    d.num = is_date ? (t->size > 0.1 ? t->size : 0.1) : t->size;
    return d;
}

/* The group's attributes as cross_trace_defaults.js finds them: each
 * from the first trace of the group that gives it. */
static void
group_inputs(hist_ctx *cx, size_t g)
{
    group_opts *o = &cx->g[g];
    size_t i;

    for (i = 0; i < cx->n; i++) {
        const px_hist_input *t = &cx->in[i];

        if (cx->gid[i] != g)
            continue;
        if (!o->start_found && !isnan(t->start)) {
            o->start_found = 1;
            o->start = t->start;
        }
        if (!o->end_found && !isnan(t->end)) {
            o->end_found = 1;
            o->end = t->end;
        }
        if (!o->size_found && size_given(t)) {
            o->size_found = 1;
            o->size = clean_size(t, cx->axtype);
            o->raw_size = t->size_months > 0 ? NAN : t->size;
        }
        if (!o->nbins && t->nbins > 0)
            o->nbins = t->nbins;
    }
    if (o->size_found)
        o->nbins = 0;
}

/* All positions of a group, in trace order (calcAllAutoBins' concat). */
static double *
group_positions(hist_ctx *cx, size_t g, size_t *len)
{
    size_t i, k = 0, total = 0;
    double *all;

    for (i = 0; i < cx->n; i++)
        if (cx->gid[i] == g)
            total += cx->in[i].n;
    all = malloc((total ? total : 1) * sizeof *all);
    if (!all)
        return NULL;
    for (i = 0; i < cx->n; i++)
        if (cx->gid[i] == g && cx->in[i].n) {
            memcpy(all + k, cx->in[i].pos, cx->in[i].n * sizeof *all);
            k += cx->in[i].n;
        }
    *len = total;
    return all;
}

static int compute_group(hist_ctx *cx, size_t ti, int early_ok, binspec *out_e, int *early);

/* histogram/calc.js handleSingleValueOverlays: on an overlay axis a trace
 * whose samples are all one value gets a bin as wide as the narrowest
 * bins of the other traces, centred on its value. */
static int
single_value_overlays(hist_ctx *cx, size_t ti, binspec *e)
{
    size_t *lst = malloc(cx->n * sizeof *lst), nl = 0, i, j;
    double l = INFINITY, *first = NULL;
    int rc = -1, passed = 0;

    if (!lst)
        goto done;
    lst[nl++] = ti;
    for (i = 0; i < cx->n; i++) {
        if (i == ti) {
            passed = 1;
        } else if (!passed) {
            group_opts *o = &cx->g[cx->gid[i]];
            dtick sz = o->size;

            /* Math.min with a month string is NaN, and stays NaN */
            l = sz.months > 0 ? NAN : (isnan(l) ? l : fmin(l, sz.num));
        } else {
            binspec be;
            int early = 0;

            if (compute_group(cx, i, 1, &be, &early) < 0)
                goto done;
            if (early) {
                lst[nl++] = i;
            } else {
                dtick sz = cx->g[cx->gid[i]].size;

                l = sz.months > 0 ? NAN : (isnan(l) ? l : fmin(l, sz.num));
            }
        }
    }
    first = calloc(nl, sizeof *first);
    if (!first)
        goto done;
    for (i = 0; i < nl; i++) {
        const px_hist_input *t = &cx->in[lst[i]];

        first[i] = NAN;
        for (j = 0; j < t->n; j++)
            if (js_isnum(t->pos[j])) {     /* the first defined pos0 */
                first[i] = t->pos[j];
                break;
            }
    }
    if (!isfinite(l) && min_diff(first, nl, &l) < 0)
        goto done;
    for (i = 0; i < nl; i++) {
        group_opts *o = &cx->g[cx->gid[lst[i]]];

        o->start = c2r(cx->axtype, first[i] - l / 2);
        o->end = c2r(cx->axtype, first[i] + l / 2);
        o->size.num = l;
        o->size.months = 0;
        o->done = 1;
        if (lst[i] == ti) {
            e->start = first[i] - l / 2;
            e->end = first[i] + l / 2;
            e->size = o->size;
        }
    }
    rc = 0;
done:
    free(first);
    free(lst);
    return rc;
}

/* The middle of calcAllAutoBins: a group's automatic bins, merged with
 * the attributes its traces give.  With early_ok (the single-value
 * overlay search) a one-value trace returns its autoBin unmerged. */
static int
compute_group(hist_ctx *cx, size_t ti, int early_ok, binspec *out_e, int *early)
{
    size_t g = cx->gid[ti], len = 0, i, last = ti;
    group_opts *o = &cx->g[g];
    const px_hist_input *t = &cx->in[ti], *lt;
    double *all = NULL;
    binspec e;
    int rc = -1;

    *early = 0;
    if (o->done)
        return 0;
    group_inputs(cx, g);
    all = group_positions(cx, g, &len);
    if (!all)
        goto done;
    if (auto_bin(all, len, cx->axtype, o->nbins, o->size_found ? &o->size : NULL,
                 o->raw_size, cx->is2d, &e) < 0)
        goto done;
    /* the single-value case: overlay, not categories, no bingroup, no size */
    if (cx->overlay && e.span == 0 && cx->axtype != PX_AXTYPE_CATEGORY
        && !(t->bingroup && *t->bingroup) && !size_given(t)) {
        if (early_ok) {
            *out_e = e;
            *early = 1;
            rc = 0;
            goto done;
        }
        if (single_value_overlays(cx, ti, &e) < 0)
            goto done;
    }
    e.start = c2r(cx->axtype, e.start);
    e.end = c2r(cx->axtype, e.end);
    /* the cumulative edge case, on the group's last trace's settings */
    for (i = 0; i < cx->n; i++)
        if (cx->gid[i] == g)
            last = i;
    lt = &cx->in[last];
    if (lt->cumulative && lt->cumulative_currentbin != 0) {
        if (lt->cumulative_decreasing)
            e.start = c2r(cx->axtype, tick_increment(r2c(cx->axtype, e.start), e.size, 1));
        else
            e.end = c2r(cx->axtype, tick_increment(r2c(cx->axtype, e.end), e.size, 0));
    }
    o->size = e.size;
    if (!o->start_found)
        o->start = e.start;
    if (!o->end_found)
        o->end = e.end;
    o->done = 1;
    *out_e = e;
    rc = 0;
done:
    free(all);
    return rc;
}

/* The end of calcAllAutoBins: a trace of a shared group whose own start
 * differs starts on the group's grid at or before its own start (or
 * data), and ends at its own end (or data). */
static void
trace_bins(hist_ctx *cx, size_t ti)
{
    const px_hist_input *t = &cx->in[ti];
    group_opts *o = &cx->g[cx->gid[ti]];
    double start = o->start, end = o->end, dmin, dmax;
    int own_start = !isnan(t->start), own_end = !isnan(t->end);

    data_range(t->pos, t->n, &dmin, &dmax);
    if ((o->start_found || own_start) && !(own_start && t->start == o->start)) {
        double r = own_start ? t->start : dmin;
        double first = tick_first(r, tick_increment(r, o->size, 0), o->start, o->size);

        if (first > r)
            first = tick_increment(first, o->size, 1);
        start = first;
    }
    if ((o->end_found || own_end) && !(own_end && t->end == o->end))
        end = own_end ? t->end : dmax;
    cx->tstart[ti] = start;
    cx->tend[ti] = end;
    cx->tsize[ti] = o->size;
}

/* histogram/calc.js cdf */
static void
cdf(double *v, unsigned char *nul, size_t n, int decreasing, int currentbin)
{
    size_t i;
    double prev, vi;

    if (n == 0)
        return;
    for (i = 0; i < n; i++)
        if (nul[i]) {        /* null in arithmetic is 0 */
            v[i] = 0;
            nul[i] = 0;
        }
    if (currentbin == 2) {
        if (!decreasing) {
            prev = v[0];
            v[0] /= 2;
            for (i = 1; i < n; i++) {
                vi = v[i];
                v[i] = prev + vi / 2;
                prev += vi;
            }
        } else {
            prev = v[n - 1];
            v[n - 1] /= 2;
            for (i = n - 1; i-- > 0;) {
                vi = v[i];
                v[i] = prev + vi / 2;
                prev += vi;
            }
        }
    } else if (!decreasing) {
        for (i = 1; i < n; i++)
            v[i] += v[i - 1];
        if (currentbin == 1) {
            memmove(v + 1, v, (n - 1) * sizeof *v);
            v[0] = 0;
        }
    } else {
        for (i = n - 1; i-- > 0;)
            v[i] += v[i + 1];
        if (currentbin == 1) {
            memmove(v, v + 1, (n - 1) * sizeof *v);
            v[n - 1] = 0;
        }
    }
}

/* Lib.findBin on uniform bins, or on sorted edges (month bins). */
static long
find_bin(double x, double start, double size, const double *edges, size_t ne)
{
    size_t lo = 0, hi = ne, c = 0, mid;
    double step;

    if (!edges)
        return (long)floor((x - start) / size + 1e-9);
    step = ne > 1 ? (edges[ne - 1] - edges[0]) / (double)(ne - 1) : 1;
    x += step * 1e-9 * (step >= 0 ? 1 : -1);
    while (lo < hi && c++ < 100) {
        mid = (lo + hi) / 2;
        if (step >= 0 ? edges[mid] <= x : edges[mid] > x)
            lo = mid + 1;
        else
            hi = mid;
    }
    return (long)lo - 1;
}

/* bin_functions.js: sample w into bin b under func (count is not here);
 * returns what plotly.js adds to the total. */
static double
bin_add(px_histfunc func, double w, double *val, unsigned char *nul, double *cnt, size_t b)
{
    switch (func) {
    case PX_HISTFUNC_SUM:
        val[b] += w;
        return w;
    case PX_HISTFUNC_AVG:
        val[b] += w;
        cnt[b]++;
        return 0;
    case PX_HISTFUNC_MIN:
    case PX_HISTFUNC_MAX:
        if (nul[b]) {
            val[b] = w;
            nul[b] = 0;
            return w;
        }
        if (func == PX_HISTFUNC_MIN ? val[b] > w : val[b] < w) {
            double d = w - val[b];

            val[b] = w;
            return d;
        }
        return 0;
    default:
        return 0;
    }
}

/* norm_functions.js on one bin's value v (null: 0, as null * x is 0);
 * xinc, yinc: density's 1/dx and 1/dy (yinc 1 in 1-D). */
static double
norm_value(px_histnorm norm, double v, int nul, double total, double xinc, double yinc)
{
    if (nul)
        v = 0;
    switch (norm) {
    case PX_HISTNORM_PERCENT:
        return v * (100 / total);
    case PX_HISTNORM_PROBABILITY:
        return v / total;
    case PX_HISTNORM_DENSITY:
        return v * (xinc * (yinc != 0 && !isnan(yinc) ? yinc : 1));
    case PX_HISTNORM_PROBABILITY_DENSITY:
        return v * (xinc / (yinc != 0 && !isnan(yinc) ? total / yinc : total));
    default:
        return v;
    }
}

/* calc.js's bin edges from start_r to end_r (range units) in steps of
 * size, into *edges (c units, *nb bins: nb + 1 edges, malloc'd).  capped
 * (histogram/calc.js): at most MAX_BINS bins, and a step that makes no
 * progress ends the bins after that bin, as plotly.js stops.  Not capped
 * (histogram2d/calc.js, which has neither stop and would loop forever):
 * -1 there instead. */
static int
step_edges(px_axis_type at, double start_r, double end_r, dtick size, int capped,
           double **edges, size_t *nb)
{
    size_t cap = 64, k = 0;
    double c = r2c(at, start_r), end, *e = malloc((cap + 1) * sizeof *e);
    int rc = -1;

    if (!e)
        return -1;
    /* decrease end a little in case of rounding errors */
    end = r2c(at, end_r) + (c - tick_increment(c, size, 0)) / 1e6;
    while (c < end) {
        double a = tick_increment(c, size, 0);

        if (k >= MAX_BINS || (!capped && !(a > c))) {
            if (capped)
                break;
            goto done;
        }
        if (k == cap) {
            double *ne = realloc(e, (2 * cap + 1) * sizeof *ne);

            if (!ne)
                goto done;
            e = ne;
            cap *= 2;
        }
        e[k++] = c;
        if (a <= c)
            break;
        c = a;
    }
    e[k] = c;
    *edges = e;
    e = NULL;
    *nb = k;
    rc = 0;
done:
    free(e);
    return rc;
}

/* Lib.findBin of position x among a trace's bins (edges from step_edges,
 * from start_r in steps of size): the bin's index, or -1 for a position
 * that is not a number.  Month bins are found among their edges; others
 * from the start, which plotly.js takes in range units (also on a log
 * axis) except on dates. */
static long
bin_of(double x, px_axis_type at, const double *edges, size_t nb, double start_r,
       dtick size)
{
    if (!js_isnum(x))
        return -1;
    if (size.months > 0)
        return find_bin(x, 0, 0, edges, nb + 1);
    if (at == PX_AXTYPE_DATE)
        return find_bin(x, r2c(at, start_r), size.num, NULL, 0);
    return find_bin(x, start_r, size.num, NULL, 0);
}

/* histogram/calc.js calc for one trace, its bins already decided. */
static int
calc_trace(hist_ctx *cx, size_t ti, px_hist_output *out)
{
    const px_hist_input *t = &cx->in[ti];
    px_axis_type at = cx->axtype;
    dtick size = cx->tsize[ti];
    px_histnorm norm = t->norm;
    int density, doavg, extreme, use_w;
    size_t nb = 0, i, first, lastb;
    double *edges = NULL, *val = NULL, *inc = NULL, *cnt = NULL, total = 0;
    unsigned char *nul = NULL;
    int rc = -1;

    density = norm == PX_HISTNORM_DENSITY || norm == PX_HISTNORM_PROBABILITY_DENSITY;
    if (t->cumulative && density) {   /* a cumulative density is an integral */
        norm = norm == PX_HISTNORM_DENSITY ? PX_HISTNORM_NONE : PX_HISTNORM_PROBABILITY;
        density = 0;
    }
    extreme = t->func == PX_HISTFUNC_MIN || t->func == PX_HISTFUNC_MAX;
    use_w = t->weights && t->func != PX_HISTFUNC_COUNT;
    doavg = use_w && t->func == PX_HISTFUNC_AVG;

    if (step_edges(at, cx->tstart[ti], cx->tend[ti], size, 1, &edges, &nb) < 0)
        goto done;
    val = malloc((nb ? nb : 1) * sizeof *val);
    nul = malloc(nb ? nb : 1);
    inc = malloc((nb ? nb : 1) * sizeof *inc);
    cnt = malloc((nb ? nb : 1) * sizeof *cnt);
    if (!val || !nul || !inc || !cnt)
        goto done;
    for (i = 0; i < nb; i++) {
        val[i] = 0;
        nul[i] = (unsigned char)extreme;
        inc[i] = 1 / (tick_increment(edges[i], size, 0) - edges[i]);
        cnt[i] = 0;
    }

    /* bin the samples (bin_functions.js) */
    for (i = 0; i < t->n; i++) {
        long b = bin_of(t->pos[i], at, edges, nb, cx->tstart[ti], size);
        double w;

        if (b < 0 || (size_t)b >= nb)
            continue;
        if (!use_w) {
            val[b] += 1;     /* null++ is 1 */
            nul[b] = 0;
            total += 1;
            continue;
        }
        w = t->weights[i];
        if (!js_isnum(w))
            continue;
        total += bin_add(t->func, w, val, nul, cnt, (size_t)b);
    }
    if (doavg) {             /* average.js */
        total = 0;
        for (i = 0; i < nb; i++) {
            if (cnt[i]) {
                val[i] /= cnt[i];
                total += val[i];
            } else {
                nul[i] = 1;
            }
        }
    }
    if (norm != PX_HISTNORM_NONE)      /* norm_functions.js */
        for (i = 0; i < nb; i++) {
            val[i] = norm_value(norm, val[i], nul[i], total, inc[i], 1);
            nul[i] = 0;
        }
    if (t->cumulative)
        cdf(val, nul, nb, t->cumulative_decreasing, t->cumulative_currentbin);

    /* the drawn range: empty bins at both ends are left out */
    first = 0;
    lastb = nb ? nb - 1 : 0;
    for (i = 0; i < nb; i++)
        if (!nul[i] && val[i] != 0 && !isnan(val[i])) {
            first = i;
            break;
        }
    for (i = nb; i-- > first;)
        if (!nul[i] && val[i] != 0 && !isnan(val[i])) {
            lastb = i;
            break;
        }
    if (nb == 0) {
        out->nbins = 0;
        out->edges = NULL;
        out->values = NULL;
        rc = 0;
        goto done;
    }
    out->nbins = lastb - first + 1;
    out->edges = malloc((out->nbins + 1) * sizeof *out->edges);
    out->values = malloc(out->nbins * sizeof *out->values);
    if (!out->edges || !out->values) {
        px_hist_output_clear(out);
        goto done;
    }
    for (i = 0; i < out->nbins; i++) {
        double v = val[first + i];

        out->edges[i] = edges[first + i];
        out->values[i] = nul[first + i] || !js_isnum(v) ? NAN : v;
    }
    out->edges[out->nbins] = edges[lastb + 1];
    rc = 0;
done:
    free(edges);
    free(val);
    free(nul);
    free(inc);
    free(cnt);
    return rc;
}

void
px_hist_output_clear(px_hist_output *out)
{
    if (!out)
        return;
    free(out->edges);
    free(out->values);
    out->edges = NULL;
    out->values = NULL;
    out->nbins = 0;
}

int
px_histograms(const px_hist_input *in, size_t n_traces, px_axis_type axtype,
               const char *barmode, px_hist_output *out)
{
    hist_ctx cx;
    size_t i, j, ngroups = 0;
    int rc = -1;

    if (!out || (!in && n_traces))
        return -1;
    for (i = 0; i < n_traces; i++) {
        out[i].nbins = 0;
        out[i].edges = NULL;
        out[i].values = NULL;
    }
    if (n_traces == 0)
        return 0;
    memset(&cx, 0, sizeof cx);
    cx.in = in;
    cx.n = n_traces;
    cx.axtype = axtype;
    cx.overlay = barmode && strcmp(barmode, "overlay") == 0;
    cx.gid = malloc(n_traces * sizeof *cx.gid);
    cx.g = calloc(n_traces, sizeof *cx.g);
    cx.tstart = malloc(n_traces * sizeof *cx.tstart);
    cx.tend = malloc(n_traces * sizeof *cx.tend);
    cx.tsize = malloc(n_traces * sizeof *cx.tsize);
    if (!cx.gid || !cx.g || !cx.tstart || !cx.tend || !cx.tsize)
        goto done;
    for (i = 0; i < n_traces; i++)
        if (in[i].n && !in[i].pos)
            goto done;

    /* cross_trace_defaults.js: unless overlaid, the histograms of one
     * subplot share one group (named by the first's bingroup, the others'
     * ignored); overlaid, traces of one non-empty bingroup share. */
    for (i = 0; i < n_traces; i++) {
        const char *bg = in[i].bingroup;

        cx.gid[i] = ngroups;
        if (!cx.overlay) {
            cx.gid[i] = 0;
            continue;
        }
        if (bg && *bg)
            for (j = 0; j < i; j++)
                if (in[j].bingroup && strcmp(in[j].bingroup, bg) == 0) {
                    cx.gid[i] = cx.gid[j];
                    break;
                }
        if (cx.gid[i] == ngroups)
            ngroups++;
    }
    for (i = 0; i < n_traces; i++)
        cx.g[i].raw_size = NAN;

    /* in trace order, as plotly.js calcs them */
    for (i = 0; i < n_traces; i++) {
        binspec e;
        int early;

        if (compute_group(&cx, i, 0, &e, &early) < 0)
            goto done;
        trace_bins(&cx, i);
        if (calc_trace(&cx, i, &out[i]) < 0)
            goto done;
    }
    rc = 0;
done:
    if (rc < 0)
        for (i = 0; i < n_traces; i++)
            px_hist_output_clear(&out[i]);
    free(cx.gid);
    free(cx.g);
    free(cx.tstart);
    free(cx.tend);
    free(cx.tsize);
    return rc;
}

/* ---------------------------------------------------------------------
 * 2-D histograms (histogram2d/calc.js)
 */

/* One axis of a 2-D histogram: calcAllAutoBins for a trace alone in its
 * bin group (is2d, no cumulative, no single-value overlay), then its bin
 * edges as calc.js steps them (c units) into *edges (nb + 1 of them). */
static int
axis_2d(const px_hist_input *in, px_axis_type at, double **edges, size_t *nb,
        double *start_r, dtick *size)
{
    hist_ctx cx;
    group_opts g;
    size_t gid = 0;
    double tstart, tend;
    dtick tsize;
    binspec be;
    int early;

    memset(&cx, 0, sizeof cx);
    memset(&g, 0, sizeof g);
    g.raw_size = NAN;
    cx.in = in;
    cx.n = 1;
    cx.axtype = at;
    cx.is2d = 1;
    cx.gid = &gid;
    cx.g = &g;
    cx.tstart = &tstart;
    cx.tend = &tend;
    cx.tsize = &tsize;
    if (compute_group(&cx, 0, 0, &be, &early) < 0)
        return -1;
    trace_bins(&cx, 0);
    if (step_edges(at, tstart, tend, tsize, 0, edges, nb) < 0)
        return -1;
    *start_r = tstart;
    *size = tsize;
    return 0;
}

void
px_hist2d_output_clear(px_hist2d_output *out)
{
    if (!out)
        return;
    free(out->xedges);
    free(out->yedges);
    free(out->values);
    memset(out, 0, sizeof *out);
}

int
px_histogram2d(const px_hist2d_input *in, px_axis_type xtype, px_axis_type ytype,
                px_hist2d_output *out)
{
    px_hist_input ax[2];
    px_axis_type at[2];
    double *edges[2] = {NULL, NULL}, start_r[2], inc[2] = {0, 0}, total = 0;
    double *xinc = NULL, *cnt = NULL;
    unsigned char *nul = NULL;
    dtick size[2];
    size_t nb[2] = {0, 0}, n, i, j, cells;
    int d, extreme, use_w, doavg, rc = -1;

    if (!out)
        return -1;
    memset(out, 0, sizeof *out);
    if (!in || (in->x.n && !in->x.pos) || (in->y.n && !in->y.pos) || (in->nz && !in->z))
        return -1;
    /* the points are the pairs (x[i], y[i]), i < trace._length */
    n = in->x.n < in->y.n ? in->x.n : in->y.n;
    ax[0] = in->x;
    ax[1] = in->y;
    at[0] = xtype;
    at[1] = ytype;
    for (d = 0; d < 2; d++) {
        ax[d].n = n;
        ax[d].weights = NULL;
        ax[d].cumulative = 0;
        ax[d].bingroup = "";
        if (axis_2d(&ax[d], at[d], &edges[d], &nb[d], &start_r[d], &size[d]) < 0)
            goto done;
    }
    if (nb[0] && nb[1] > MAX_2D_CELLS / nb[0])
        goto done;
    cells = nb[0] * nb[1];
    extreme = in->func == PX_HISTFUNC_MIN || in->func == PX_HISTFUNC_MAX;
    use_w = in->z != NULL && in->func != PX_HISTFUNC_COUNT;
    doavg = use_w && in->func == PX_HISTFUNC_AVG;
    out->values = malloc((cells ? cells : 1) * sizeof *out->values);
    nul = malloc(cells ? cells : 1);
    cnt = calloc(cells ? cells : 1, sizeof *cnt);
    xinc = malloc((nb[0] ? nb[0] : 1) * sizeof *xinc);
    if (!out->values || !nul || !cnt || !xinc)
        goto done;
    for (i = 0; i < cells; i++) {
        out->values[i] = 0;
        nul[i] = (unsigned char)(extreme && use_w);   /* null for min/max */
    }
    /* density's 1/dx: the mean bin width, or each month bin's own */
    for (d = 0; d < 2; d++)
        if (nb[d])
            inc[d] = 1 / ((edges[d][nb[d]] - edges[d][0]) / (double)nb[d]);
    for (i = 0; i < nb[0]; i++)
        xinc[i] = size[0].months > 0 ? 1 / (edges[0][i + 1] - edges[0][i]) : inc[0];

    for (i = 0; i < n && cells; i++) {
        long bx = bin_of(in->x.pos[i], xtype, edges[0], nb[0], start_r[0], size[0]);
        long by = bin_of(in->y.pos[i], ytype, edges[1], nb[1], start_r[1], size[1]);
        size_t c;
        double w;

        if (bx < 0 || (size_t)bx >= nb[0] || by < 0 || (size_t)by >= nb[1])
            continue;
        c = (size_t)by * nb[0] + (size_t)bx;
        if (!use_w) {
            out->values[c] += 1;     /* null++ is 1 */
            nul[c] = 0;
            total += 1;
            continue;
        }
        w = i < in->nz ? in->z[i] : NAN;
        if (js_isnum(w))
            total += bin_add(in->func, w, out->values, nul, cnt, c);
    }
    if (doavg)               /* average.js, row by row into one total */
        for (j = 0; j < nb[1]; j++)
            for (i = 0; i < nb[0]; i++) {
                size_t c = j * nb[0] + i;

                if (cnt[c]) {
                    out->values[c] /= cnt[c];
                    total += out->values[c];
                } else {
                    nul[c] = 1;
                }
            }
    if (in->norm != PX_HISTNORM_NONE)     /* norm_functions.js, row by row */
        for (j = 0; j < nb[1]; j++) {
            double yinc = size[1].months > 0 ? 1 / (edges[1][j + 1] - edges[1][j]) : inc[1];

            for (i = 0; i < nb[0]; i++) {
                size_t c = j * nb[0] + i;

                out->values[c] = norm_value(in->norm, out->values[c], nul[c], total, xinc[i],
                                            yinc);
                nul[c] = 0;
            }
        }
    for (i = 0; i < cells; i++)
        if (nul[i])
            out->values[i] = NAN;
    out->nx = nb[0];
    out->ny = nb[1];
    out->xedges = edges[0];
    out->yedges = edges[1];
    edges[0] = edges[1] = NULL;
    if (cells == 0)          /* no bin on an axis: no grid (all 0 and NULL) */
        px_hist2d_output_clear(out);
    rc = 0;
done:
    if (rc < 0)
        px_hist2d_output_clear(out);
    free(edges[0]);
    free(edges[1]);
    free(xinc);
    free(cnt);
    free(nul);
    return rc;
}

/* ---------------------------------------------------------------------
 * Box statistics (box/calc.js)
 */

/* Lib.interp: the p quantile of sorted v, plotly.js's way. */
static double
interp(const double *v, size_t n, double p)
{
    double t = p * (double)n - 0.5, r;

    if (n == 0)
        return NAN;          /* v[0] of an empty array: undefined */
    if (t < 0)
        return v[0];
    if (t > (double)n - 1)
        return v[n - 1];
    r = fmod(t, 1);
    return r * v[(size_t)ceil(t)] + (1 - r) * v[(size_t)floor(t)];
}

/* Lib.findBin on the sorted samples; shifted: the "< x" variant. */
static long
find_bin_sorted(double x, const double *v, size_t n, int shifted)
{
    size_t lo = 0, hi = n, c = 0, mid;
    double step = n > 1 ? (v[n - 1] - v[0]) / (double)(n - 1) : 1;

    x += step * 1e-9 * (shifted ? -1 : 1);
    while (lo < hi && c++ < 100) {
        mid = (lo + hi) / 2;
        if (shifted ? v[mid] < x : v[mid] <= x)
            lo = mid + 1;
        else
            hi = mid;
    }
    return (long)lo - 1;
}

void
px_box_stats_clear(px_box_stats *s)
{
    if (!s)
        return;
    free(s->outliers);
    s->outliers = NULL;
    s->n_outliers = 0;
}

int
px_box_from_samples(const double *v, size_t n, px_quartile_method method,
                     px_boxpoints boxpoints, px_box_stats *out)
{
    double *t = NULL, sum = 0, var = 0;
    size_t a = 0, i, k;
    long b;
    int rc = -1;

    if (!out)
        return -1;
    memset(out, 0, sizeof *out);
    if (!v || n == 0)
        return -1;
    t = malloc(n * sizeof *t);
    if (!t)
        goto done;
    for (i = 0; i < n; i++)
        if (js_isnum(v[i]))
            t[a++] = v[i];
    if (a == 0)
        goto done;
    qsort(t, a, sizeof *t, cmp_double);

    out->n = a;
    out->min = t[0];
    out->max = t[a - 1];
    for (i = 0; i < a; i++)  /* in sorted order, as Lib.mean sums */
        sum += t[i];
    out->mean = sum / (double)a;
    for (i = 0; i < a; i++)
        var += (t[i] - out->mean) * (t[i] - out->mean);
    out->sd = sqrt(var / (double)a);
    out->median = interp(t, a, 0.5);
    if (a % 2 && method != PX_QUARTILE_LINEAR) {
        size_t h = a / 2;    /* slice() truncates a/2 */

        if (method == PX_QUARTILE_EXCLUSIVE) {
            out->q1 = interp(t, h, 0.5);
            out->q3 = interp(t + h + 1, a - h - 1, 0.5);
        } else {
            out->q1 = interp(t, h + 1, 0.5);
            out->q3 = interp(t + h, a - h, 0.5);
        }
    } else {
        out->q1 = interp(t, a, 0.25);
        out->q3 = interp(t, a, 0.75);
    }
    /* the fences: the last samples within 1.5 IQR of the box, or the box */
    b = find_bin_sorted(2.5 * out->q1 - 1.5 * out->q3, t, a, 1) + 1;
    k = b < 0 ? 0 : ((size_t)b > a - 1 ? a - 1 : (size_t)b);
    out->lowerfence = fmin(out->q1, t[k]);
    b = find_bin_sorted(2.5 * out->q3 - 1.5 * out->q1, t, a, 0);
    k = b < 0 ? 0 : (size_t)b;
    out->upperfence = fmax(out->q3, t[k]);
    if (isnan(out->q1))
        out->lowerfence = NAN;
    if (isnan(out->q3))
        out->upperfence = NAN;

    if (boxpoints == PX_BOXPOINTS_FALSE) {
        /* box/plot.js draws the whiskers to min and max without points */
        out->lowerfence = out->min;
        out->upperfence = out->max;
        rc = 0;
        goto done;
    }
    for (i = 0; i < a; i++)
        if (t[i] < out->lowerfence || t[i] > out->upperfence)
            out->n_outliers++;
    if (out->n_outliers) {
        out->outliers = malloc(out->n_outliers * sizeof *out->outliers);
        if (!out->outliers) {
            out->n_outliers = 0;
            goto done;
        }
        for (i = 0, k = 0; i < a; i++)
            if (t[i] < out->lowerfence || t[i] > out->upperfence)
                out->outliers[k++] = t[i];
    }
    rc = 0;
done:
    free(t);
    return rc;
}
