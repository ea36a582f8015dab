/*
 * chart.h - private declarations of the extraction stage, shared by the
 * chart's rooms, section by section (the room named in each section's
 * title): extract.c, kinds.c, bars.c, standing.c, anchors.c, candles.c, labels.c,
 * reflines.c, builder.c, classify.c, box.c, points.c, downsample.c, bounds.c,
 * errorbars.c, shapes.c, annotations.c, heatmap.c, contours.c, records.c.  Below them, the tree
 * they build (chart_tree.h: node.c, emit.c, readable.c).  Not installed.
 *
 * Calls go one way, down:
 *   extract.c -> classify.c -> box.c, candles.c, bars.c (error lines), shapes.c
 *   extract.c -> kinds.c -> bars.c -> candles.c (their elements),
 *                                      standing.c -> anchors.c
 *                kinds.c -> points.c -> errorbars.c, downsample.c
 *                kinds.c -> heatmap.c, contours.c -> downsample.c
 *                           (contours.c -> heatmap.c: the colour scale)
 *   extract.c, kinds.c, bars.c -> annotations.c, shapes.c -> downsample.c
 *   extract.c -> reflines.c
 *   extract.c, bars.c -> records.c
 *   kinds.c, bars.c -> bounds.c -> downsample.c (the budget); records.c -> downsample.c
 *   every builder of a chart -> labels.c -> builder.c -> node.c, readable.c
 * and every room reads the scene through its structs and scene_query.c.
 * No room calls one above it: a name two rooms need lives below both.
 *
 * Ownership: a chartex__boxplot owns its boxes and their outliers; a
 * chartex__builder's chart owns every array made while building it; a
 * chartex__series only points (at the scene's arrays or the chart's).
 */
#ifndef CHARTEX__CHART_H
#define CHARTEX__CHART_H

#include "chart/chart_tree.h"

/* What one Axes becomes.  NONE: it carries no data and is left out. */
typedef enum chartex__kind {
    CHARTEX__KIND_NONE = 0,
    CHARTEX__KIND_BOX,
    CHARTEX__KIND_PIE,
    CHARTEX__KIND_BAR,
    CHARTEX__KIND_SCATTER,
    CHARTEX__KIND_LINE,
    CHARTEX__KIND_UNKNOWN
} chartex__kind;

/* ------------------------------------------------------ box plots (box.c) */

/* One box (or violin) rebuilt from geometry, in data coordinates. */
typedef struct chartex__box {
    size_t order;          /* index of its box / body artist: drawing order;
                              its label names the box's group */
    int violin;            /* 1: rebuilt from a violin body */
    double pos;            /* centre along the category direction */
    double min, q1, median, q3, max;  /* NaN where the plot does not say */
    double mean;           /* NaN when no mean is drawn */
    size_t n_outliers;
    double *outliers;      /* owned; NULL when n_outliers is 0 */
} chartex__box;

typedef struct chartex__boxplot {
    chartex_orientation orientation;
    int violin;            /* at least one element is a violin */
    size_t n, cap;
    chartex__box *boxes;    /* owned, sorted by position, then order */
} chartex__boxplot;

/* Looks for box plots and violins among the data artists of axes, leaving
 * nothing box-like unexplained.  Returns 1, fills out (caller clears it)
 * and marks in used (axes->n_artists bytes) the artists the boxes
 * explain; 0 when axes holds no box plot (out left empty, used
 * untouched); -1 when memory ran out. */
int chartex__find_boxplot(const struct chartex_axes *axes, chartex__boxplot *out,
                          unsigned char *used);
void chartex__boxplot_clear(chartex__boxplot *bp);

/* ------------------------------------------------------ candles (candles.c) */

/* One candle of a candlestick or OHLC chart, in data values. */
typedef struct chartex__candle {
    double pos;             /* its position along x (its wick's) */
    double open, high, low, close;
    size_t artist;          /* the artist of its body or OHLC stick: its group */
    size_t k;               /* its index there */
} chartex__candle;

typedef struct chartex__candles {
    size_t n, cap;
    chartex__candle *c;     /* owned, by position, then drawing order */
    size_t n_bodies, n_ohlc; /* candles drawn with a body, as OHLC ticks */
    size_t first;           /* the first artist that draws a candle, or SIZE_MAX */
} chartex__candles;

/* Looks for candlesticks (floating bars or rectangles with wicks at their
 * centres) and OHLC candles (vertical segments with an open tick to the
 * left and a close tick to the right) among the data artists of axes not
 * taken (taken: axes->n_artists bytes, 0 for free ones, or NULL).
 * Returns 1, fills out (cleared with chartex__candles_clear) and marks
 * in taken (value 3) the artists that draw them; 0 when there are none
 * (out empty); -1 when memory ran out. */
int chartex__find_candles(const struct chartex_axes *axes, chartex__candles *out,
                          unsigned char *taken);
void chartex__candles_clear(chartex__candles *c);

/* -------------------------------------------- classification (classify.c) */

/* The kinds an Axes' data can make, one chart each. */
#define CHARTEX__MAX_PARTS 4

/* What one Axes is made of: its parts, in the order their first artist is
 * drawn, each the chart of one kind (box plots, a pie, bars, lines and
 * scatters, or what is left: gridded data, shapes).  One part is the
 * Axes' chart; several make the Axes a superchart of them.  A BOX part's
 * boxes are in bp, the BAR part's candles in candles.  taken marks the
 * artists that belong to the box part (1: what its boxes explain) or to
 * the bar part (2: the lines seaborn draws as its bars' error bars; 3:
 * the bodies, wicks and ticks of candles): no line or scatter part takes
 * those.  NULL when there are none. */
typedef struct chartex__parts {
    size_t n;                      /* 0: the Axes carries no data */
    chartex__kind kind[CHARTEX__MAX_PARTS];
    chartex__boxplot bp;
    chartex__candles candles;
    unsigned char *taken;          /* owned; axes->n_artists bytes, or NULL */
} chartex__parts;

/* Decides the parts of axes into parts (zeroed by the caller; handed to
 * chartex__classify_clear in every case).  Returns 0, or -1 when memory
 * ran out (err filled). */
int chartex__classify(const struct chartex_axes *axes, chartex__parts *parts,
                      chartex_error *err);
/* Frees what chartex__classify left in parts and empties it. */
void chartex__classify_clear(chartex__parts *parts);

/* ------------------------------- building one chart (extract.c and below) */

/* What extract.c hands the rooms below it while it builds a chart. */
/* The sizes the budget's first pass records: one entry per series or image
 * as it was before any limit, and the limit of its own Axes (0: none). */
typedef struct chartex__sizes {
    size_t n, cap;
    size_t *size, *limit;
    size_t *weight;          /* what one value of it weighs in the budget */
    unsigned char *elements; /* 1: elements (bars, wedges, ...), else points or cells */
} chartex__sizes;

struct chartex__kept;

typedef struct chartex__builder {
    chartex_chart *chart;   /* being built: owns the arrays made for it */
    chartex__buf text;      /* scratch for simplified text (builder.c) */
    /* From chartex_options. */
    size_t opt_max_points;  /* 0: none */
    double points_per_pixel; /* 0: off */
    /* Of the Axes being built (extract.c sets them for each one). */
    size_t max_points;      /* points per series; 0: no limit */
    size_t max_cells;       /* cells per image; 0: no limit */
    double px_width, px_height; /* its size in pixels; 0: unknown */
    /* The budget's common limit on every series and image; 0: none. */
    size_t level;
    chartex__sizes *record; /* the first pass records sizes here; or NULL */
    size_t budget;          /* chartex_options.max_total_points; 0: none */
    /* Of the Axes being built: its texts given to a bar (annotations.c), one
     * flag per artist. */
    unsigned char *used_texts;
    /* Of the Axes being built: the artists its box or bar part takes
     * (chartex__parts), which no line or scatter part takes; NULL: none. */
    const unsigned char *taken;
    /* Of the Axes being built: its candles (chartex__parts); NULL: none. */
    const chartex__candles *candles;
    /* Of the bar chart being built: what the budget keeps of its bars
     * (bounds.c); NULL: every bar. */
    struct chartex__kept *kept;
    /* Of the chart being built: the ticks of x, y, z the budget thinned
     * (every step-th of total), for its "ticks_downsampled"; 0: none. */
    size_t tick_step[3], tick_total[3];
} chartex__builder;

/* A series of points as it goes out: the arrays (borrowed from the scene or
 * owned by the chart), and how many points it had before a limit. */
typedef struct chartex__series {
    size_t n;
    const double *x, *y;
    size_t stride;          /* point i: x[i * stride], y[i * stride] (a
                               borrowed LINE's or SCATTER's; else 1) */
    size_t original;        /* n when nothing was dropped */
    const char *method;     /* NULL when nothing was dropped */
    size_t limit;           /* the limit that dropped points */
} chartex__series;

/* An image's values as they go out: the artist's, or block means. */
typedef struct chartex__image {
    size_t rows, cols;
    const double *values;   /* rows * cols, borrowed or owned by the chart */
    size_t block_rows, block_cols; /* 0 when nothing was reduced */
} chartex__image;

/* ------------------------------------ what the builders share (builder.c) */

/* Simplifies the text a reader sees of s (len bytes) into b->text.  -1: no
 * memory. */
int chartex__builder_simplify(chartex__builder *b, const char *s, size_t len);
/* The simplified text as a string node; a null node when it is empty and
 * null_if_empty.  NULL: no memory. */
chartex__node *chartex__builder_text(chartex__builder *b, const char *s, size_t len,
                                     int null_if_empty);
/* A new chart object with its "type" and "title" keys; takes ownership of
 * title even on failure.  NULL: no memory. */
chartex__node *chartex__chart_head(const char *type, chartex__node *title);
/* The title of axes: its centre, left or right title, else fallback (NULL:
 * none), simplified; a null node when there is none.  NULL: no memory. */
chartex__node *chartex__axes_title(chartex__builder *b, const struct chartex_axes *axes,
                                   const char *fallback);
/* Adds x_label, y_label, x_unit, y_unit.  -1: no memory. */
int chartex__add_axis_labels(chartex__builder *b, chartex__node *obj,
                             const struct chartex_axes *axes);
/* Adds <p>_ticks, <p>_tick_labels, <p>_scale of axis (p: 'x', 'y' or
 * 'z'): the ticks inside the view interval.  -1: no memory. */
int chartex__add_ticks(chartex__builder *b, chartex__node *obj,
                       const struct chartex_axis *axis, char p);
/* Adds "ticks_downsampled" when the budget thinned the ticks of an axis
 * added since the last call: {x|y|z: {step, original_ticks}}.  -1: no
 * memory. */
int chartex__add_tick_notes(chartex__builder *b, chartex__node *obj);
/* Adds a 3-D Axes' third axis: z_label, z_unit, z_ticks, z_tick_labels,
 * z_scale (and its "ticks_downsampled").  -1: no memory. */
int chartex__add_z_axis(chartex__builder *b, chartex__node *obj,
                        const struct chartex_axes *axes);

/* --------------------------------------- the names of elements (labels.c) */

/* Strings already used as element labels in the chart being built (the
 * builder's, freed with chartex__labels_free; zeroed to start). */
typedef struct chartex__labels {
    size_t n, cap;
    char **v;
} chartex__labels;

void chartex__labels_free(chartex__labels *l);
/* Records the (simplified) explicit label of an artist, so that defaults
 * avoid it.  -1: no memory. */
int chartex__note_label(chartex__builder *b, chartex__labels *used, const char *label);
/* The label node of an element: its own label, or "<prefix> k" with k
 * bumped until no other element of the chart uses it.  NULL: no memory. */
chartex__node *chartex__element_label(chartex__builder *b, chartex__labels *used,
                                      const char *label, const char *prefix, size_t k);
/* A number node, or null for NaN (a statistic the plot does not give). */
chartex__node *chartex__number_or_null(double v);
/* The text a reader sees for a position along a category direction: the
 * category name, the ISO date, or the number (15 significant digits). */
chartex__node *chartex__position_node(double v, const struct chartex_axis *axis);
/* The text a reader sees for a position along a category direction at
 * the precision tol (a position within tol of another reads the same):
 * the category within tol of it, the ISO date, or the decimal of the
 * fewest digits within tol (never a float residue).  NULL: no memory. */
chartex__node *chartex__position_text(double v, const struct chartex_axis *axis, double tol);
/* The index of the tick of axis at pos (within 1e-9 relative) that has a
 * label, or -1. */
long chartex__tick_at(const struct chartex_axis *axis, double pos);
/* Whether a tick label is only a number ("3", "-2.5", "1e3", with
 * matplotlib's U+2212 minus): it says nothing the position does not. */
int chartex__numeric_text(const char *s);
/* The label at a position along a category direction: the tick label
 * there, else chartex__position_node.  NULL: no memory. */
chartex__node *chartex__tick_label_node(chartex__builder *b, const struct chartex_axis *axis,
                                        double pos);
/* "vertical" or "horizontal". */
const char *chartex__orientation_name(chartex_orientation o);

/* ----------------------------------------- the point limit (downsample.c) */

/* Applies the builder's point limit to s (sample: a scatter,
 * else a line).  When points are dropped, s gets arrays owned by the chart
 * and each of the n_with arrays in with (s->n values each, e.g. an area's
 * baseline or a line's error bars; NULL entries are skipped) keeps the
 * same indices, in place.  -1: no memory. */
int chartex__limit_series(chartex__builder *b, chartex__series *s, int sample,
                          double *const *with, size_t n_with);
/* The n values v (a box's outliers) under the budget, as elements of
 * weight 1: s->x receives them whole, or the lowest and highest and an
 * even sample of the others (method "sample", in their order, in an
 * array of the chart), s->n how many.  -1: no memory. */
int chartex__limit_values(chartex__builder *b, const double *v, size_t n, chartex__series *s);
/* Adds the element's "downsampled" key when s lost points.  -1: no memory. */
int chartex__add_downsampled(chartex__node *el,
                             const chartex__series *s);
/* The values of image artist a under the builder's limits: whole, or the
 * means of the finite values of blocks of cells (NaN for a block with
 * none; each channel on its own), at most one cell per pixel of the Axes,
 * at most the budget's level and at most cap cells (0: no cap).  -1: no
 * memory. */
int chartex__limit_image(chartex__builder *b, const struct chartex_artist *a,
                         size_t cap, chartex__image *out);
/* Thins the n_parts paths of a (part_len[i] points each, concatenated in
 * a->x, a->y) to about the builder's point limit: every k-th point of each
 * path, and its last.  s->x, s->y receive the kept points (a's own when
 * nothing was dropped: s->method NULL) and len (n_parts entries, the
 * caller's) each path's new length.  -1: no memory. */
int chartex__limit_paths(chartex__builder *b, const struct chartex_artist *a,
                         size_t *len, chartex__series *s);
/* The common limit L that keeps the recorded sizes, each under its own
 * limit, within budget: the largest L (at least CHARTEX_MIN_MAX_POINTS)
 * with sum(weight * min(size, limit, L)) <= budget; 0 when they fit as
 * they are.  *total receives the sum of the points' and cells' sizes
 * before any limit, *elements that of the elements'. */
size_t chartex__budget_level(const chartex__sizes *sizes, size_t budget, size_t *total,
                             size_t *elements);
/* The budget of n elements of one kind (bars, wedges, boxes, candles,
 * record cells), each weighing weight values of the budget: records n
 * for the budget (the first pass), and gives in *keep how many the chart
 * keeps (n, or the budget's level).  -1: no memory. */
int chartex__bound_elements(chartex__builder *b, size_t n, size_t weight, size_t *keep);
/* 1 on the budget's first pass when n values of weight alone exceed the
 * budget: a second pass under a common limit is sure to follow, and the
 * first need only record their size, not build their nodes. */
int chartex__sizing_only(const chartex__builder *b, size_t n, size_t weight);
void chartex__sizes_clear(chartex__sizes *sizes);

/* ----------------------------------------------- element bounds (bounds.c) */

/* What one value of each element kind weighs in the budget
 * (chartex__bound_elements): about its share of the JSON beside a
 * point's. */
#define CHARTEX__WEIGHT_BAR 2
#define CHARTEX__WEIGHT_CANDLE 4
#define CHARTEX__WEIGHT_WEDGE 2
#define CHARTEX__WEIGHT_BOX 4
#define CHARTEX__WEIGHT_NOTE 2      /* an annotation: its text and place */
#define CHARTEX__WEIGHT_TICK 2      /* a tick: its value and its label */
/* The annotations of an Axes and the ticks of an axis count in the
 * budget only past this many: an ordinary chart's few change nothing. */
#define CHARTEX__FEW 1000

/* What a container of bars lost to the budget. */
typedef struct chartex__bar_loss {
    size_t count;           /* 0: none */
    double sum, comp;       /* its values' compensated sum */
    double first, last;     /* where the first and the last stood */
} chartex__bar_loss;

/* What the budget keeps of a bar chart (chartex__bound_bars).  The view,
 * the masks and the losses are owned by the chart being built; the
 * nodes by this, until chartex__add_left_out takes them
 * (chartex__kept_clear frees what is left). */
typedef struct chartex__kept {
    const struct chartex_axes *axes;   /* to build from: the scene's, or a
                                          view with merged histograms */
    const chartex__candles *candles;   /* the candles kept, or NULL */
    size_t merged;                     /* bins per merged bar; 0: none */
    int sizing_only;                   /* the first pass past the budget:
                                          only sizes are recorded */
    unsigned char **mask;              /* per artist: NULL (all), else a
                                          flag per bar kept */
    chartex__bar_loss *loss;           /* per artist, or NULL */
    chartex__node *left_out;           /* the "left_out" list, or NULL */
    chartex__node *candle_entry;       /* the candles' entry, or NULL */
    chartex__node *rebinned;           /* the "rebinned" object, or NULL */
} chartex__kept;

/* Decides what the bar part of axes keeps under the budget (records its
 * sizes on the first pass): a histogram re-binned exactly, the first
 * bars in the category axis' order, the first candles.  -1: no memory. */
int chartex__bound_bars(chartex__builder *b, const struct chartex_axes *axes,
                        chartex__kept *out);
/* Whether bar k of artist i is kept (b->kept; 1 without one). */
int chartex__bar_kept(const chartex__builder *b, size_t i, size_t k);
/* Notes the name of bar artist i's group (a string node), read on cat,
 * for its "left_out" entry.  -1: no memory. */
int chartex__note_bar_group(chartex__builder *b, size_t i, const chartex__node *group,
                            const struct chartex_axis *cat);
/* Adds "bin", the extent [start, end] of merged bar k of a on cat, when
 * the chart's histogram was re-binned (bars.c adds it when standing.c
 * found no bin).  -1: no memory. */
int chartex__add_bin(const chartex__builder *b, chartex__node *el,
                     const struct chartex_artist *a, size_t k,
                     const struct chartex_axis *cat);
/* Adds "left_out" and "rebinned" to chart, when there are any.  -1: no
 * memory. */
int chartex__add_left_out(chartex__node *chart, chartex__kept *kp);
void chartex__kept_clear(chartex__kept *kp);
/* A "left_out" entry {"kind": kind, "elements": n}.  NULL: no memory. */
chartex__node *chartex__left_out_entry(const char *kind, size_t n);
/* Appends entry (taken; NULL: no memory) to chart's "left_out", made
 * when it has none.  -1: no memory. */
int chartex__left_out_append(chartex__node *chart, chartex__node *entry);

/* ------------------------------------------- error bars (errorbars.c) */

/* The error bars of a series: for direction d (0: x, 1: y), lo[d] and
 * hi[d] hold one lower and one upper end per point (NaN where a point has
 * none), or are NULL when the series has no error bars that way.  The
 * arrays are owned by the chart. */
typedef struct chartex__errors {
    double *lo[2], *hi[2];
} chartex__errors;

/* The error bars of artist a (an errorbar() data line, or a bar
 * container) of axes at its n points (px, py): where each error bar is
 * centred (a bar's end, at the middle of its width).  Fills out, with
 * NULL arrays where there are none or where the segments do not match the
 * points.  -1: no memory. */
int chartex__find_errors(chartex__builder *b, const struct chartex_axes *axes,
                         const struct chartex_artist *a, const double *px,
                         const double *py, size_t n, chartex__errors *out);

/* The polygons of a shape (shapes.c) of total points under the builder's
 * limits: the fixed limit per series (chartex_options.max_points) and the
 * budget's level, not the per-pixel one (a surface's picture does not
 * thin out by columns).  Records the size for the budget; *step receives
 * k, keep every k-th polygon (1: all), *limit the limit (0: none).  -1: no
 * memory. */
int chartex__limit_shape(chartex__builder *b, size_t total, size_t *step, size_t *limit);

/* --------------------------------------------------------- shapes (shapes.c) */

/* 1 when artist a of axes is data that the chart gives as a shape, never
 * as an element: on a 3-D Axes, its polygons and polylines (surfaces,
 * 3-D bars, voxels, wireframes, 3-D quivers). */
int chartex__artist_is_shape(const struct chartex_axes *axes,
                             const struct chartex_artist *a);
/* Adds the chart's "shapes" key when axes has shapes.  -1: no memory. */
int chartex__add_shapes(chartex__builder *b, chartex__node *obj,
                        const struct chartex_axes *axes);

/* -------------------------------------------- texts (annotations.c) */

/* The text bar_label() put on bar k of bars a (at the middle of its width,
 * along it at its end, its centre or an end of its error bar: err_lo,
 * err_hi, NaN when none), or NULL; the text is marked used. */
const char *chartex__bar_label(chartex__builder *b, const struct chartex_axes *axes,
                               const struct chartex_artist *a, size_t k,
                               double err_lo, double err_hi);
/* Adds "annotations" (when notes: the texts at data positions that no
 * bar took) and "tables" (the cells of each table).  -1: no memory. */
int chartex__add_texts(chartex__builder *b, chartex__node *obj,
                       const struct chartex_axes *axes, int notes);

/* ---------------------------------------------- element points (points.c) */

/* Adds the "points" of element el for artist a of axes (and an
 * area's "baseline"; stacked: a's curve is the upper one of its bands),
 * then "downsampled" when the limit reduced them.  -1: no memory. */
int chartex__add_points(chartex__builder *b, chartex__node *el,
                        const struct chartex_artist *a,
                        const struct chartex_axes *axes, int stacked);
/* 1 when area c is stacked on area p (stackplot): same x, and c's lower
 * curve is p's upper curve. */
int chartex__area_stacked_on(const struct chartex_artist *p,
                             const struct chartex_artist *c);
/* The index of the band (an area: a confidence band drawn with
 * fill_between) around line i of axes, or SIZE_MAX: the area drawn just
 * after it (else just before it, unless the line before that takes it)
 * with the line's x and each of its y between its curves.  Such an area
 * is the line's element's "band", not an element (chartex__is_line_band). */
size_t chartex__line_band(const struct chartex_axes *axes, size_t i);
int chartex__is_line_band(const struct chartex_axes *axes, size_t i);
/* 1 when line l only traces an edge of an area of axes (pandas'
 * DataFrame.plot.area() draws one beside each fill). */
int chartex__is_area_edge(const struct chartex_axes *axes,
                          const struct chartex_artist *l);

/* ---------------------- images, meshes, cells (heatmap.c); contours.c */

/* Adds the colour scale keys of IMAGE or CONTOUR artist a to obj: vmin,
 * vmax, norm, colorbar_label.  -1: no memory. */
int chartex__add_color_scale(chartex__builder *b, chartex__node *obj,
                             const struct chartex_artist *a);
/* Adds the "image", "heatmap" and "cells" keys of axes to chart (the
 * first IMAGE artist of each form).  -1: no memory. */
int chartex__add_meshes(chartex__builder *b, const struct chartex_axes *axes,
                        chartex__node *chart);
/* Adds the "contours" key of axes to chart: one object per CONTOUR
 * artist, when there are any.  -1: no memory. */
int chartex__add_contours(chartex__builder *b, const struct chartex_axes *axes,
                          chartex__node *chart);

/* ------------------------------------------------------ bar charts (bars.c) */

/* The bar chart of axes, titled title (taken even on failure): a bar
 * element per bar of its data bar artists, named by the group each stands
 * in, with "base" where a bar floats and the extent of its error bar, be
 * it an errorbar() container's or a line drawn as one.  NULL: no memory. */
chartex__node *chartex__bar_chart(chartex__builder *b, const struct chartex_axes *axes,
                                  chartex__node *title);
/* 1 when artist j of axes is a data line drawn as the error bar of a bar
 * (seaborn's barplot: a line along the bar's centre, with or without caps
 * across it, whose extent holds the bar's end); *bar receives the bar's
 * artist index and *k its index there.  0 otherwise. */
int chartex__bar_error_line(const struct chartex_axes *axes, size_t j, size_t *bar,
                            size_t *k);

/* ------------------------- where bars stand (standing.c; anchors.c) */

/* What names positions along a category axis: every category of a
 * category axis (id its index), every labelled tick of a numeric axis
 * whose labels name positions (id the tick's index); sorted by at. */
typedef struct chartex__anchor {
    double at;
    long id;
} chartex__anchor;

typedef struct chartex__anchors {
    size_t n;
    chartex__anchor *v;     /* owned */
    int category;           /* ids are categories */
} chartex__anchors;

/* The anchors of axis into out (chartex__anchors_clear frees them).  -1:
 * no memory. */
int chartex__find_anchors(const struct chartex_axis *axis, chartex__anchors *out);
void chartex__anchors_clear(chartex__anchors *a);
/* How many anchors of A stand in [lo - tol, hi + tol]; *which receives
 * the first one's id. */
size_t chartex__anchors_in(const chartex__anchors *A, double lo, double hi, double tol,
                           long *which);

/* Where one bar stands: the position it is named by (its group's, its
 * bin's centre, or its own centre), the anchor that names it (-1: none:
 * the position does) and the bin it counts (NaN: none). */
typedef struct chartex__stand {
    double at;
    long anchor;
    double bin_lo, bin_hi;
} chartex__stand;

/* Where every bar of an Axes stands: of[i] the stands of artist i's bars
 * (NULL for an artist that is no bars of the chart). */
typedef struct chartex__stands {
    size_t n;
    chartex__stand **of;
    int grouped;            /* bars of several artists side by side */
    int binned;             /* some bars count a histogram's bins */
    double min_width[2];    /* the narrowest vertical, horizontal bar (0: none) */
} chartex__stands;

/* Where each bar of the data bars of axes not taken as candles (taken
 * value 3) stands, by doc/schema.md's rule.  -1: no memory. */
int chartex__find_stands(const struct chartex_axes *axes, const unsigned char *taken,
                         chartex__stands *out);
void chartex__stands_clear(chartex__stands *s);
/* The label of a bar that stands at st on category axis cat, among bars
 * at least min_width wide: the category or tick label of its anchor, else
 * the position as the axis writes it (a category only within tolerance),
 * to 1e-7 of min_width plus the doubles' noise at the position (on a log
 * axis: of the larger of the position and min_width); no float residue:
 * 5.55e-17 next to bars 0.4 wide is 0.
 * NULL: no memory. */
chartex__node *chartex__stand_label(chartex__builder *b, const struct chartex_axis *cat,
                                    const chartex__stand *st, double min_width);

/* ---------------------------------------- candle elements (candles.c) */

/* Adds to elements one bar element per candle, in the order of their
 * positions: "label" the position (a category, an ISO date, the tick
 * label there as for bars, a number), "group" the label of the artist
 * that draws it (the unlabelled ones share one default "Group k", k
 * taken from *n_group, which is then increased; used: the chart's
 * labels), "value" close - open, "base" the open (when not 0), then
 * "open", "high", "low", "close".  -1: no memory. */
int chartex__candle_elements(chartex__builder *b, const struct chartex_axes *axes,
                             const chartex__candles *candles, chartex__labels *used,
                             size_t *n_group, chartex__node *elements);

/* ------------------------------------------ reference lines (reflines.c) */

/* Adds "reference_lines" to obj when axes has reference lines or spans
 * whose data coordinates its reader gave (CHARTEX_REF_*_DATA).  -1: no
 * memory. */
int chartex__add_reference_lines(chartex__builder *b, chartex__node *obj,
                                 const struct chartex_axes *axes);

/* ------------------------------------------------ records (records.c) */

/* Adds the chart keys of the RECORD artists of axes (each record kind's
 * key: a list of its records' objects, "polar" one object), after the
 * chart's other keys.  -1: no memory. */
int chartex__add_records(chartex__builder *b, chartex__node *obj,
                         const struct chartex_axes *axes);
/* Adds to el, the element of bar k of BARS artist a, the cell k of each
 * of a's columns of one cell per bar, under the column's name (unless el
 * has that key already).  -1: no memory. */
int chartex__add_element_columns(chartex__node *el, const struct chartex_artist *a,
                                 size_t k);
/* Adds to el, the element of a box or violin read from artist a (its box
 * outline or body; NULL: none), each of a's columns but those of rows
 * under its name (a Plotly box's "samples" list, its "mean" value),
 * unless el has that key already.  -1: no memory. */
int chartex__add_box_columns(chartex__node *el, const struct chartex_artist *a);
/* The numbers of a's list column name (no texts), *n of them; NULL when
 * a (may be NULL) has none. */
const double *chartex__numbers_column(const struct chartex_artist *a, const char *name,
                                      size_t *n);

/* --------------------------------------- the chart of each kind (kinds.c) */

/* The chart of kind of axes, titled title (taken even on failure): its
 * type, title, elements and the keys of its kind.  bp: the boxes of a
 * CHARTEX__KIND_BOX.  NULL: no memory. */
chartex__node *chartex__kind_chart(chartex__builder *b, const struct chartex_axes *axes,
                                   chartex__kind kind, const chartex__boxplot *bp,
                                   chartex__node *title);

#endif /* CHARTEX__CHART_H */
