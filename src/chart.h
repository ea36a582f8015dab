/*
 * chart.h - private declarations of the extraction stage, shared by
 * classify.c, box.c, extract.c, points.c and downsample.c.  Not installed;
 * the rest of src/ sees only internal.h.
 *
 * Ownership: a chartex__boxplot owns its boxes and their outliers; a
 * chartex__builder's chart owns every array made while building it; a
 * chartex__series only points (at the scene's arrays or the chart's).
 */
#ifndef CHARTEX__CHART_H
#define CHARTEX__CHART_H

#include "internal.h"

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
    size_t order;          /* index of its box / body artist: output order */
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
    chartex__box *boxes;    /* owned, sorted by order */
} chartex__boxplot;

/* Looks for box plots and violins that explain every data artist of axes.
 * Returns 1 and fills out (caller clears it), 0 when axes is not a box
 * plot (out left empty), -1 when memory ran out. */
int chartex__find_boxplot(const struct chartex_axes *axes, chartex__boxplot *out);
void chartex__boxplot_clear(chartex__boxplot *bp);

/* -------------------------------------------- classification (classify.c) */

/* Decides the kind of axes.  For CHARTEX__KIND_BOX, bp receives the boxes
 * (the caller hands bp to chartex__classify_clear in every case).  Returns
 * 0, or -1 when memory ran out (err filled). */
int chartex__classify(const struct chartex_axes *axes, chartex__kind *kind,
                      chartex__boxplot *bp, chartex_error *err);
/* Frees what chartex__classify left in bp and empties it. */
void chartex__classify_clear(chartex__boxplot *bp);

/* ------------------------------- building one chart (extract.c and below) */

/* What extract.c hands points.c and downsample.c while it builds a chart. */
typedef struct chartex__builder {
    chartex_chart *chart;   /* being built: owns the arrays made for it */
    chartex__buf text;      /* scratch for simplified text (extract.c) */
    size_t max_points;      /* 0: no limit (chartex_options) */
} chartex__builder;

/* A series of points as it goes out: the arrays (borrowed from the scene or
 * owned by the chart), and how many points it had before a limit. */
typedef struct chartex__series {
    size_t n;
    const double *x, *y;
    size_t original;        /* n when nothing was dropped */
    const char *method;     /* NULL when nothing was dropped */
} chartex__series;

/* ----------------------------------------- the point limit (downsample.c) */

/* Applies the builder's point limit to s (sample: a scatter,
 * else a line).  When points are dropped, s gets arrays owned by the chart
 * and base (an area's baseline, s->n values, may be NULL) keeps the same
 * indices, in place.  -1: no memory. */
int chartex__limit_series(chartex__builder *b, chartex__series *s, int sample,
                          double *base);
/* Adds the element's "downsampled" key when s lost points.  -1: no memory. */
int chartex__add_downsampled(chartex__builder *b, chartex__node *el,
                             const chartex__series *s);

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
/* 1 when line l only traces an edge of an area of axes (pandas'
 * DataFrame.plot.area() draws one beside each fill). */
int chartex__is_area_edge(const struct chartex_axes *axes,
                          const struct chartex_artist *l);

#endif /* CHARTEX__CHART_H */
