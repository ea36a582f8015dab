/*
 * classify.c - what each Axes is made of: the parts of its chart.
 *
 * The parts are decided from the DATA artists only: reference lines,
 * error bars and decorations never make one.  An Axes may hold several
 * kinds of data, and nothing drawn is left out: each kind present is a
 * part, a chart of its own, and an Axes of several parts becomes a
 * superchart of them (extract.c), as a twin Axes does.
 *
 *   box     box plots and violins (box.c), with the artists they explain;
 *   pie     wedges;
 *   bar     bar containers, and the lines drawn as their error bars
 *           (seaborn's barplot, bars.c); candles (candles.c): their
 *           bodies, wicks and OHLC ticks;
 *   points  lines, areas, line collections, stairs, outlines and
 *           scatters (a scatter part when there is a scatter, else a line
 *           part; lines are elements of a scatter chart too), except what
 *           the boxes explain;
 *   unknown what is left when no part above takes it: gridded data
 *           (images, meshes, contours) beside boxes, a pie or bars, or an
 *           Axes of nothing else.
 *
 * Parts are listed in the order their first artist is drawn.  The scene
 * is only read.  A box part's boxes and the artists they explain go to
 * the caller, who frees them with chartex__classify_clear.
 */
#include "chart/chart.h"

#include <stdint.h>
#include <string.h>

/* What makes a point part: -1 none, 0 a line part's, 1 a scatter's. */
static int
point_part(const struct chartex_artist *a)
{
    switch (a->kind) {
    case CHARTEX_ARTIST_LINE:
    case CHARTEX_ARTIST_AREA:
    case CHARTEX_ARTIST_SEGMENTS:
    case CHARTEX_ARTIST_STAIRS:
        return 0;
    case CHARTEX_ARTIST_SCATTER:
    case CHARTEX_ARTIST_VECTORS:
        return 1;
    case CHARTEX_ARTIST_PATCH:
        return chartex__artist_is_outline(a) ? 0 : -1;
    default:
        return -1;
    }
}

int
chartex__classify(const struct chartex_axes *axes, chartex__parts *parts,
                  chartex_error *err)
{
    size_t i, n_data = 0;
    size_t first[CHARTEX__KIND_UNKNOWN + 1];
    int has_scatter = 0, has_gridded = 0, found, candles;
    chartex__kind k, points = CHARTEX__KIND_NONE;

    memset(parts, 0, sizeof *parts);
    if (axes == NULL || (axes->flags & CHARTEX_AXES_COLORBAR))
        return 0;
    for (i = 0; i < axes->n_artists; i++)
        if (chartex__artist_is_data(axes->artists[i]))
            n_data++;
    if (n_data == 0)
        return 0;

    /* taken: 1 explained by the boxes, 2 an error bar of the bars, 3 a
     * candle's body, wick or tick. */
    parts->taken = chartex__calloc(axes->n_artists, 1);
    if (parts->taken == NULL)
        return chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory classifying an Axes");
    found = chartex__find_boxplot(axes, &parts->bp, parts->taken);
    if (found < 0) {
        chartex__classify_clear(parts);
        return chartex__error(err, CHARTEX_ERR_NOMEM,
                              "out of memory reading a box plot");
    }
    /* Candles among what the boxes leave: their wicks and ticks are no
     * lines, their bodies no bars of their own. */
    candles = chartex__find_candles(axes, &parts->candles, parts->taken);
    if (candles < 0) {
        chartex__classify_clear(parts);
        return chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory reading candles");
    }
    found |= candles;
    for (i = 0; i < axes->n_artists; i++) {
        size_t bar, at;

        if (!parts->taken[i] && chartex__bar_error_line(axes, i, &bar, &at)) {
            parts->taken[i] = 2;
            found = 1;
        }
    }
    if (!found) {
        chartex__free(parts->taken);
        parts->taken = NULL;
    }

    for (k = 0; k <= CHARTEX__KIND_UNKNOWN; k++)
        first[k] = SIZE_MAX;
    for (i = 0; i < axes->n_artists; i++) {
        const struct chartex_artist *a = axes->artists[i];
        int p;

        if (!chartex__artist_is_data(a))
            continue;
        if (parts->taken != NULL && parts->taken[i]) {
            if (parts->taken[i] == 1 && first[CHARTEX__KIND_BOX] == SIZE_MAX)
                first[CHARTEX__KIND_BOX] = i;
            if (parts->taken[i] == 3 && first[CHARTEX__KIND_BAR] == SIZE_MAX)
                first[CHARTEX__KIND_BAR] = i;
            continue;   /* an error line: its bar makes the bar part */
        }
        /* A 3-D surface or wireframe is a shape of whatever chart the
         * Axes makes (unknown when it has nothing else). */
        if (chartex__artist_is_shape(axes, a))
            continue;
        if (a->kind == CHARTEX_ARTIST_WEDGE) {
            if (first[CHARTEX__KIND_PIE] == SIZE_MAX)
                first[CHARTEX__KIND_PIE] = i;
            continue;
        }
        if (a->kind == CHARTEX_ARTIST_BARS) {
            if (first[CHARTEX__KIND_BAR] == SIZE_MAX)
                first[CHARTEX__KIND_BAR] = i;
            continue;
        }
        if (a->kind == CHARTEX_ARTIST_IMAGE || a->kind == CHARTEX_ARTIST_CONTOUR)
            has_gridded = 1;
        p = point_part(a);
        if (p < 0)
            continue;
        if (p == 1)
            has_scatter = 1;
        if (first[CHARTEX__KIND_LINE] == SIZE_MAX)
            first[CHARTEX__KIND_LINE] = i;
    }
    if (first[CHARTEX__KIND_LINE] != SIZE_MAX) {
        points = has_scatter ? CHARTEX__KIND_SCATTER : CHARTEX__KIND_LINE;
        first[points] = first[CHARTEX__KIND_LINE];
        if (points != CHARTEX__KIND_LINE)
            first[CHARTEX__KIND_LINE] = SIZE_MAX;
    }
    /* Gridded data is carried by a line or scatter chart, else by an
     * unknown one; so is an Axes whose data makes no part. */
    if (points == CHARTEX__KIND_NONE
        && (has_gridded || (first[CHARTEX__KIND_BOX] == SIZE_MAX
                            && first[CHARTEX__KIND_PIE] == SIZE_MAX
                            && first[CHARTEX__KIND_BAR] == SIZE_MAX)))
        first[CHARTEX__KIND_UNKNOWN] = axes->n_artists;

    /* The parts in drawing order (the unknown one last). */
    for (;;) {
        chartex__kind best = CHARTEX__KIND_NONE;
        size_t at = SIZE_MAX;

        for (k = CHARTEX__KIND_BOX; k <= CHARTEX__KIND_UNKNOWN; k++)
            if (first[k] != SIZE_MAX && (at == SIZE_MAX || first[k] < at)) {
                at = first[k];
                best = k;
            }
        if (best == CHARTEX__KIND_NONE)
            break;
        parts->kind[parts->n++] = best;
        first[best] = SIZE_MAX;
    }
    return 0;
}

void
chartex__classify_clear(chartex__parts *parts)
{
    chartex__boxplot_clear(&parts->bp);
    chartex__candles_clear(&parts->candles);
    chartex__free(parts->taken);
    memset(parts, 0, sizeof *parts);
}
