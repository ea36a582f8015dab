/*
 * calc_shared.h - what the rooms of plotly.js's calc step share: bins.c,
 * bingroups.c, autobin.c and boxstats.c, which compute from a trace's
 * raw data what calc.h promises the Plotly reader.  Plain C, like
 * calc.h; the reader sees calc.h alone.
 *
 *   bins.c       histogram/calc.js and histogram2d/calc.js: the samples
 *                counted into their bins (px_histograms, px_histogram2d)
 *   bingroups.c  calcAllAutoBins: which bins each trace of a bin group
 *                gets, given attributes merged with automatic ones
 *   autobin.c    axes.js's autoBin in JavaScript's arithmetic: numbers,
 *                UTC dates, the tick grid, shifts off the data
 *   boxstats.c   box/calc.js: a box's statistics (px_box_from_samples)
 *
 * Calls go down this list only.
 *
 * Together they are a port of what plotly.js (v4.1.1, the plotly.min.js the
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
#ifndef PX_CALC_SHARED_H
#define PX_CALC_SHARED_H

#include "calc.h"

#include <math.h>
#include <stddef.h>

/* plotly.js's src/constants/numerical.js */
#define ONEAVGYEAR 31557600000.0
#define ONEAVGMONTH 2629800000.0
#define ONEDAY 86400000.0
#define ONEHOUR 3600000.0
#define ONEMIN 60000.0
#define ONESEC 1000.0
#define JS_LN10 2.302585092994046
/* calc.js stops making bins at a million, "so we don't crash the browser" */
#define MAX_BINS 1000000

/* A dtick as plotly.js keeps it: a number, or "M<k>" (k months). */
typedef struct dtick {
    double num;
    int months;              /* > 0: "M<months>", num unused */
} dtick;

/* plotly.js's xbins in c units, with the data span autoBin reports. */
typedef struct binspec {
    double start, end;
    dtick size;
    double span;
} binspec;

/* JavaScript number semantics that plotly.js's rounding depends on. */

static inline int
js_isnum(double v)
{
    return isfinite(v);      /* fast-isnumeric: finite numbers only */
}

static inline int
cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

/* c <-> r: only log axes differ (r is log10); plotly.js's round trip
 * through the range units is kept because it moves edges by an ulp. */
static inline double
c2r(px_axis_type t, double v)
{
    if (t != PX_AXTYPE_LOG)
        return v;
    return v > 0 ? log(v) / JS_LN10 : NAN;
}

static inline double
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

/* autobin.c ------------------------------------------------------------ */

/* axes.tickIncrement: x moved by one dtick (back with reverse). */
double px_tick_increment(double x, dtick dt, int reverse);
/* axes.tickFirst: the first tick of the grid (tick0, dt) in [r0, r1]. */
double px_tick_first(double r0, double r1, double tick0, dtick dt);
/* Lib.aggNums(Math.min / Math.max) over the finite values: NaN if none. */
void px_data_range(const double *v, size_t n, double *lo, double *hi);
/* Lib.distinctVals(...).minDiff over the finite values; -1 out of memory. */
int px_min_diff(const double *v, size_t n, double *out);
/* axes.autoBin: the bins of n samples v on an axis of type axtype. */
int px_auto_bin(const double *v, size_t n, px_axis_type axtype, long nbins,
                const dtick *size, double raw_size, int is2d, binspec *out);

/* bingroups.c ---------------------------------------------------------- */

/* The bins of trace ti's group (calcAllAutoBins), decided once. */
int px_compute_group(hist_ctx *cx, size_t ti, int early_ok, binspec *out_e, int *early);
/* Trace ti's own bins on its group's grid, into cx->tstart/tend/tsize. */
void px_trace_bins(hist_ctx *cx, size_t ti);

#endif /* PX_CALC_SHARED_H */
