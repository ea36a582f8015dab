/*
 * chart.h - private declarations shared by classify.c, box.c and extract.c.
 * Not installed; the rest of src/ sees only internal.h.
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

/* Decides the kind of axes.  For CHARTEX__KIND_BOX, bp receives the boxes
 * (the caller hands bp to chartex__classify_clear in every case).  Returns
 * 0, or -1 when memory ran out (err filled). */
int chartex__classify(const struct chartex_axes *axes, chartex__kind *kind,
                      chartex__boxplot *bp, chartex_error *err);
/* Frees what chartex__classify left in bp and empties it. */
void chartex__classify_clear(chartex__boxplot *bp);

#endif /* CHARTEX__CHART_H */
