/*
 * calc.h - what plotly.js computes from a trace's raw data before it
 * draws: a histogram's bins and their values, a box's (or violin's)
 * statistics.  Plain C on doubles: no Python, no plotly; the Plotly reader
 * (histograms.c, boxes.c) calls it with arrays it has already read, and the
 * results equal plotly.js's own (src/traces/histogram/calc.js,
 * src/plots/cartesian/axes.js autoBin, src/traces/box/calc.js).  Made in
 * bins.c, bingroups.c, autobin.c and boxstats.c (calc_shared.h: what they
 * share).
 * And what other families derive (hierarchies.c, funnels.c, sankey.c call
 * it): a hierarchy's values (tree.c: src/traces/sunburst/calc.js), a
 * waterfall's totals, a funnel's ratios, a sankey's node values
 * (derived.c).
 *
 * Positions on a date axis are milliseconds since 1970-01-01 UTC (plotly.js's
 * own date numbers); on a category axis, category indices.
 *
 * Ownership: every array a function returns is allocated by calc_alloc.c
 * (malloc's memory) and belongs to the caller (free()).  Functions return
 * 0, or -1 when out of memory or when the input cannot give a result (then
 * nothing is allocated).
 */
#ifndef PX_CALC_H
#define PX_CALC_H

#include <stddef.h>

/* calc_alloc.c: the wing's one allocator of arrays.  count members of size
 * bytes (a count of 0 gives one member: NULL always means out of memory, or
 * a size that does not fit), uninitialised, zeroed, or p grown or shrunk
 * to count members as realloc does.  Freed with free(). */
void *px_calc_alloc(size_t count, size_t size);
void *px_calc_zalloc(size_t count, size_t size);
void *px_calc_grow(void *p, size_t count, size_t size);

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

/* ----------------------------------------------------- tree.c */

/* The rows of a treemap, sunburst or icicle trace, as plotly.js reads
 * them: n rows (the shortest of its ids or labels, parents and values). */
typedef struct px_tree_input {
    size_t n;
    const char *const *ids;     /* each row's id (its ids[i], else its
                                   labels[i], as String() writes it); NULL
                                   where that is no valid key */
    const char *const *parents; /* each row's parent's id; NULL or "" for
                                   none */
    const double *values;       /* n values (NaN: missing), or NULL when the
                                   trace has none */
    int branch_total;           /* branchvalues "total" (else "remainder") */
    int count_leaves, count_branches;  /* count, used without values */
} px_tree_input;

/* What plotly.js computes: each row's value (value[i]; NaN for a row it
 * leaves out) and the value of the root it adds (value[n]), or why it
 * draws nothing. */
typedef struct px_tree_result {
    double *value;              /* n + 1 values */
    const char *implied_root;   /* the root plotly.js adds: the one parent
                                   that names no row (borrowed from
                                   parents), or NULL */
    int has_root_value;         /* value[n] is implied_root's */
    const char *error;          /* plotly.js draws nothing: why; else NULL
                                   (may point into error_text) */
    char error_text[96];
} px_tree_result;

/* sunburst/calc.js for one trace.  -1 when out of memory (nothing
 * allocated); else 0, with res->value to free by px_tree_result_clear
 * (all NaN when plotly.js draws nothing, res->error saying why). */
int px_tree(const px_tree_input *in, px_tree_result *res);
void px_tree_result_clear(px_tree_result *res);

/* -------------------------------------------------- derived.c */

typedef enum px_measure {
    PX_MEASURE_RELATIVE = 0, PX_MEASURE_TOTAL, PX_MEASURE_ABSOLUTE
} px_measure;

/* waterfall/calc.js and its cross-trace step for n bars of amounts size
 * (NaN: missing, which adds 0) with their measures (NULL: all relative)
 * on base (trace.base): each bar's start s0 and end s1 (its running
 * total on base: what plotly.js gives as its value), and its own value
 * (a relative bar's amount, NaN when missing; a sum's total). */
void px_waterfall(const double *size, const px_measure *measure, size_t n, double base,
                  double *s0, double *s1, double *own);

/* funnel/calc.js for n values v (negative: missing, as plotly.js reads
 * them): each bar centred on the axis line, from s0 to s1 (NaN when
 * missing), and its value in percent of the first value (plotly.js's
 * "percent initial"), of the previous value that is there ("percent
 * previous", 100 for the first) and of their sum ("percent total"); NaN
 * where not defined. */
void px_funnel(const double *v, size_t n, double *s0, double *s1, double *initial,
               double *prev, double *total);

/* The nodes of a sankey: its labels, and every further node up to the
 * largest index a link names (plotly.js), at most n_labels + 2 n_links. */
size_t px_sankey_nodes(size_t n_labels, const double *source, const double *target,
                       size_t n_links);
/* Each node's value as d3-sankey gives it: the larger of the sums of the
 * links into it and out of it, over the links plotly.js keeps (a value
 * above 0 between two nodes); NaN for a node without one, which plotly.js
 * does not draw.  -1 when out of memory. */
int px_sankey_values(size_t n_nodes, const double *source, const double *target,
                     const double *value, size_t n_links, double *node_value);

/* barplace.c: where plotly.js places the bars and histograms of one
 * subplot and orientation (bar/cross_trace_calc.js, sieve.js). */
typedef enum px_barmode {
    PX_BARMODE_GROUP = 0, PX_BARMODE_OVERLAY, PX_BARMODE_STACK, PX_BARMODE_RELATIVE
} px_barmode;

/* One bar or histogram trace: its bars' positions and sizes as plotly.js
 * computes them (positions in the units of the caller's axis: category
 * indices, numbers, days), what the trace says of their width, offset and
 * base, its offset group; and the caller's arrays (n each) that receive
 * each bar's centre, width, base and drawn size. */
typedef struct px_bar_trace {
    size_t n;
    const double *p, *s;          /* NaN: no position, no size */
    const double *base;           /* per bar (NaN: 0), or NULL */
    double base1;                 /* one base for all (NaN: none) when base is NULL */
    int has_base;                 /* the trace sets a base */
    const double *width;          /* per bar (NaN: the default), or NULL */
    double width1;                /* one width for all when width is NULL */
    int has_width;
    const double *offset;         /* the same for offset */
    double offset1;
    int has_offset;
    double width1_hist;           /* a histogram of one bin: its bin's width; NaN */
    size_t offset_index;          /* its offset group among n_offset_groups
                                     (SIZE_MAX: none, plotly.js 2: not drawn
                                     beside traces of a group) */
    size_t n_offset_groups;       /* of its alignment group; 0: none */
    double *c, *w, *b, *size;     /* out */
} px_bar_trace;

typedef struct px_bar_layout {
    px_barmode mode;
    double gap, groupgap;         /* layout.bargap (its default decided), bargroupgap */
    int category;                 /* the position axis is a category axis */
    int norm;                     /* barnorm: 0 none, 1 fraction, 2 percent */
    int legacy;                   /* plotly.js 2: offset groups in mode group only */
} px_bar_layout;

/* Places the bars of traces[0..n) as plotly.js does.  -1: no memory. */
int px_place_bars(px_bar_trace *traces, size_t n, const px_bar_layout *layout);

#endif
