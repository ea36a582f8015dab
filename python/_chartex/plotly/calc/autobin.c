/*
 * autobin.c - plotly.js's automatic bins for a set of samples (axes.js
 * autoBin, autoShiftNumericBins, autoShiftMonthBins) and what they stand
 * on, in JavaScript's arithmetic: Math.round, String(v).length,
 * Lib.increment and roundUp; UTC dates in milliseconds (incrementMonth);
 * the tick grid (autoTicks, tickIncrement, tickFirst).  See calc.h.
 */
#include "calc_shared.h"
#include "chartex.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* 2000-01-01 and 2000-01-02 (a Sunday) UTC: dateTick0(calendar, 0 / 1) */
#define TICK0_DATE 946684800000.0
#define TICK0_SUNDAY 946771200000.0

/* ---------------------------------------------------------------------
 * JavaScript number semantics that plotly.js's rounding depends on.
 */

/* Math.round: halves go up, also for negatives. */
static double
js_round(double v)
{
    double f = floor(v);

    return v - f >= 0.5 ? f + 1 : f;
}

/* The shortest decimal digits that read back as v (finite, not 0), as
 * Number::toString finds them: their count, and the exponent of the first.
 * From the core's Ryu (chartex_format_double's repr-style text), where a
 * loop of printf and strtod over 17 precisions took most of the time of a
 * histogram of a million bins. */
static int
shortest_digits(double v, int *exp10)
{
    char buf[CHARTEX_DOUBLE_BUFSIZE], mant[CHARTEX_DOUBLE_BUFSIZE];
    const char *e;
    size_t i, n = 0, point = SIZE_MAX, first;
    int exp = 0;

    chartex_format_double(fabs(v), buf);
    e = strchr(buf, 'e');
    if (e != NULL)
        exp = atoi(e + 1);
    for (i = 0; buf[i] != '\0' && buf + i != e; i++) {
        if (buf[i] == '.')
            point = n;
        else
            mant[n++] = buf[i];
    }
    if (point == SIZE_MAX)
        point = n;
    for (first = 0; first + 1 < n && mant[first] == '0'; first++)
        ;
    while (n > first + 1 && mant[n - 1] == '0')
        n--;
    *exp10 = exp + (int)point - 1 - (int)first;
    return (int)(n - first);
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

double
px_tick_increment(double x, dtick dt, int reverse)
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
double
px_tick_first(double r0, double r1, double tick0, dtick dt)
{
    double o = r0 - (r1 - r0) * 1e-4, d, p, v;
    int h;

    if (dt.months <= 0)
        return ceil((o - tick0) / dt.num) * dt.num + tick0;
    d = tick0;
    for (h = 0; h < 10; h++) {
        dtick m = {0, 0};

        p = px_tick_increment(d, dt, 0);
        if ((p - o) * (d - o) <= 0)
            return d > p ? d : p;
        v = (o - (d + p) / 2) / (p - d);
        m.months = (int)((fabs(js_round(v)) != 0 ? fabs(js_round(v)) : 1) * dt.months);
        d = px_tick_increment(d, m, v < 0);
    }
    return d;                /* "tickFirst did not converge" */
}

/* ---------------------------------------------------------------------
 * Samples
 */

/* Lib.distinctVals(...).minDiff over the finite values. */
int
px_min_diff(const double *v, size_t n, double *out)
{
    double *t = px_calc_alloc(n, sizeof *t), span, eps, prev = 0, best;
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
            start = px_tick_increment(start, m6, 1) + ONEDAY * 1.5;
        else if (months / c > 0.8)
            start = px_tick_increment(start, m1, 1) + ONEDAY * 15.5;
        else
            start -= ONEDAY / 2;
        next = px_tick_increment(start, dt, 0);
        if (next <= dmin)
            return next;
    }
    return start;
}

/* Lib.aggNums(Math.min / Math.max) over the finite values: NaN if none. */
void
px_data_range(const double *v, size_t n, double *lo, double *hi)
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

/* autoBin's rough bin size when none is given: the span [o, s] over
 * nbins, else twice the samples' standard deviation over n^0.4 (n^0.25
 * in 2-D), no less than their smallest gap rounded up (1 when that is no
 * number).  -1 when out of memory. */
static int
rough_size(const double *v, size_t n, long nbins, double o, double s, int is2d, double *u)
{
    static const double r9[] = {0.9, 1.9, 4.9, 9.9};
    double md, f, h;

    if (nbins > 0) {
        *u = (s - o) / (double)nbins;
        return 0;
    }
    if (px_min_diff(v, n, &md) < 0)
        return -1;
    f = pow(10, floor(log(md) / JS_LN10));
    h = f * round_up(md / f, r9, 4, 1);
    *u = 2 * stdev_pop(v, n) / pow((double)n, is2d ? 0.25 : 0.4);
    *u = isnan(h) || isnan(*u) ? NAN : fmax(h, *u);  /* Math.max: NaN wins */
    if (!js_isnum(*u))
        *u = 1;
    return 0;
}

/* autoBin's end: the start *p shifted off the data (numbers, or months),
 * and the first edge past the data's top s. */
static double
shifted_end(double *p, const double *v, size_t n, int is_date, dtick dt, double o, double s)
{
    double e;

    if (dt.months <= 0) {
        double m;

        *p = shift_numeric(*p, v, n, is_date, dt, o, s);
        m = 1 + floor((s - *p) / dt.num);
        e = *p + m * dt.num;
    } else {
        size_t guard = 0;

        *p = shift_months(*p, v, n, dt, o);
        /* the data's span in months bounds this loop; the guard only
         * stops a NaN or runaway on hostile input */
        for (e = *p; e <= s && guard < 10 * (size_t)MAX_BINS; guard++)
            e = px_tick_increment(e, dt, 0);
    }
    return e;
}

/* axes.autoBin.  size: the given (cleaned) bin size or NULL; is2d: a
 * 2-D histogram's axis (the rough size uses n^0.25, not n^0.4). */
int
px_auto_bin(const double *v, size_t n, px_axis_type axtype, long nbins,
         const dtick *size, double raw_size, int is2d, binspec *out)
{
    double o, s, tick0, p;
    int is_date = axtype == PX_AXTYPE_DATE;
    dtick dt = {1, 0};

    px_data_range(v, n, &o, &s);
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

        if (rough_size(v, n, nbins, o, s, is2d, &u) < 0)
            return -1;
        auto_ticks(is_date, u, &dt, &tick0);
    }
    p = px_tick_increment(px_tick_first(o, s, tick0, dt), dt, 1);
    out->end = shifted_end(&p, v, n, is_date, dt, o, s);
    out->start = p;
    out->size = dt;
    return 0;
}
