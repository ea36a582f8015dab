/*
 * stats.h - what plotly.js computes from a trace's raw data before it
 * draws: a histogram's bins and their values, a box's (or violin's)
 * statistics.  Plain C on doubles: no Python, no plotly; the Plotly reader
 * (histograms.c, boxes.c) calls it with arrays it has already read, and the
 * results equal plotly.js's own (src/traces/histogram/calc.js,
 * src/plots/cartesian/axes.js autoBin, src/traces/box/calc.js).  Made in
 * bins.c, bingroups.c, autobin.c and boxstats.c (calc.h: what they share).
 *
 * Positions on a date axis are milliseconds since 1970-01-01 UTC (plotly.js's
 * own date numbers); on a category axis, category indices.
 *
 * Ownership: every array a function returns is malloc'd and belongs to the
 * caller (free()).  Functions return 0, or -1 when out of memory or when the
 * input cannot give a result (then nothing is allocated).
 */
#ifndef PX_STATS_H
#define PX_STATS_H

#include <stddef.h>

typedef enum px_histfunc {
    PX_HISTFUNC_COUNT = 0, PX_HISTFUNC_SUM, PX_HISTFUNC_AVG,
    PX_HISTFUNC_MIN, PX_HISTFUNC_MAX
} px_histfunc;

typedef enum px_histnorm {
    PX_HISTNORM_NONE = 0, PX_HISTNORM_PERCENT, PX_HISTNORM_PROBABILITY,
    PX_HISTNORM_DENSITY, PX_HISTNORM_PROBABILITY_DENSITY
} px_histnorm;

typedef enum px_axis_type {
    PX_AXTYPE_LINEAR = 0, PX_AXTYPE_LOG, PX_AXTYPE_DATE, PX_AXTYPE_CATEGORY
} px_axis_type;

/* One histogram trace as its attributes give it (NaN / 0: not given). */
typedef struct px_hist_input {
    const double *pos;      /* n sample positions (NaN: skipped, as plotly.js) */
    const double *weights;  /* n values for histfunc sum/avg/min/max (the
                               other axis' array), or NULL for count */
    size_t n;
    double start, end;      /* xbins.start / xbins.end, NaN when not given
                               (in range units: log10 on a log axis) */
    double size;            /* xbins.size, NaN when not given (or months) */
    int size_months;        /* > 0: xbins.size was "M<k>" (date axis): k */
    long nbins;             /* nbinsx, 0 when not given */
    px_histfunc func;
    px_histnorm norm;
    int cumulative;         /* cumulative.enabled */
    int cumulative_decreasing;   /* cumulative.direction == "decreasing" */
    int cumulative_currentbin;   /* 0 include, 1 exclude, 2 half */
    const char *bingroup;   /* traces sharing a non-empty bingroup share bins */
} px_hist_input;

/* The drawn bins of one trace: nbins values between nbins + 1 edges
 * (positions as above: data values on a log axis), the empty bins at both
 * ends left out as plotly.js leaves them out of calcdata.  nbins 0 (edges
 * and values NULL) when there is no bin: no finite sample, start >= end.
 * plotly.js makes at most 1e6 bins; so does this. */
typedef struct px_hist_output {
    size_t nbins;
    double *edges;          /* nbins + 1 */
    double *values;         /* nbins (NaN where plotly.js draws no bar) */
} px_hist_output;

/* The histograms of one subplot's position axis (all histogram traces
 * that share that axis, in trace order): when barmode is not "overlay",
 * plotly.js shares automatic bins between all of them (their bingroups
 * ignored: cross_trace_defaults.js); overlaid, between the traces of one
 * non-empty bingroup (histogram/calc.js calcAllAutoBins).  -1 also when a
 * trace has n > 0 but no pos.  out receives n_traces results (free each with
 * px_hist_output_clear).  barmode: "group", "stack", "relative", "overlay". */
int px_histograms(const px_hist_input *in, size_t n_traces, px_axis_type axtype,
                   const char *barmode, px_hist_output *out);
void px_hist_output_clear(px_hist_output *out);

/* One histogram2d trace: x and y give each axis' positions and bin
 * attributes (pos, n, start, end, size, size_months, nbins as for a 1-D
 * trace; their weights, func, norm, cumulative and bingroup are ignored).
 * The points are the pairs (x.pos[i], y.pos[i]) for i < min(x.n, y.n), as
 * plotly.js's trace._length.  z: the values histfunc sum/avg/min/max
 * aggregates (z, or marker.color), nz of them (a point past nz, or whose z
 * is NaN, is counted by no function but count), or NULL. */
typedef struct px_hist2d_input {
    px_hist_input x, y;
    const double *z;
    size_t nz;
    px_histfunc func;
    px_histnorm norm;
} px_hist2d_input;

/* The grid plotly.js computes: nx x-bins between nx + 1 xedges, ny y-bins,
 * values row by row (ny rows of nx: values[j * nx + i] is x-bin i, y-bin
 * j).  Empty bins stay (0 for count and sum; NaN, plotly.js's null, for avg
 * and for min/max with no sample (without z plotly.js counts); with a
 * histnorm null becomes 0 as in plotly.js).  The edges are the bins' own (c units: ms on a date axis);
 * plotly.js draws them evenly spaced (x0, dx), which differs only for
 * month bins.  nx = ny = 0 and all NULL when an axis has no bin. */
typedef struct px_hist2d_output {
    size_t nx, ny;
    double *xedges, *yedges, *values;
} px_hist2d_output;

/* histogram2d/calc.js for one trace alone in its bin groups (each axis
 * binned by autoBin with is2d: the rough size is 2 stdev / n^0.25), the
 * given xbins/ybins merged as for 1-D histograms.  -1 (nothing allocated)
 * when out of memory, when a pos or z is NULL with a count > 0, or when the
 * bins cannot be stepped (more than 1e6 on an axis, an increment that makes
 * no progress: plotly.js never ends there) or exceed 1e7 cells.  Free out
 * with px_hist2d_output_clear. */
int px_histogram2d(const px_hist2d_input *in, px_axis_type xtype, px_axis_type ytype,
                    px_hist2d_output *out);
void px_hist2d_output_clear(px_hist2d_output *out);

typedef enum px_quartile_method {
    PX_QUARTILE_LINEAR = 0, PX_QUARTILE_EXCLUSIVE, PX_QUARTILE_INCLUSIVE
} px_quartile_method;

typedef enum px_boxpoints {
    PX_BOXPOINTS_OUTLIERS = 0, PX_BOXPOINTS_SUSPECTED, PX_BOXPOINTS_ALL,
    PX_BOXPOINTS_FALSE
} px_boxpoints;

/* One box as plotly.js draws it. */
typedef struct px_box_stats {
    double min, q1, median, q3, max;   /* plotly.js's min/max: the data's */
    double lowerfence, upperfence;     /* the whiskers' ends */
    double mean, sd;
    size_t n;                          /* finite samples */
    size_t n_outliers;
    double *outliers;                  /* the points beyond the fences, sorted */
} px_box_stats;

/* Statistics of n samples (NaN and infinities skipped) with plotly.js's
 * quartile method and whisker rule for the given boxpoints: with
 * PX_BOXPOINTS_FALSE box/plot.js draws the whiskers to min and max, so
 * lowerfence/upperfence are min/max and there are no outliers; otherwise
 * they are calc.js's lf/uf and the outliers are the samples beyond them
 * (for "all" too).  sd is the population deviation (sdmultiple 1).  The
 * exclusive quartiles of a single sample are NaN, as plotly.js's are
 * undefined (q1, q3 and the fences).  -1 when no sample is finite, or out
 * of memory. */
int px_box_from_samples(const double *v, size_t n, px_quartile_method method,
                         px_boxpoints boxpoints, px_box_stats *out);
void px_box_stats_clear(px_box_stats *s);

#endif
