/*
 * classify.c - which chart kind is each Axes?
 *
 * The kind is decided from the DATA artists only: reference lines, error
 * bars and decorations never change it.  The first rule that applies wins:
 * box plot (every data artist is part of a box or a violin), pie (wedges),
 * bar (bar containers), scatter (path collections), line (lines, areas,
 * line collections), unknown (anything else, e.g. images).
 *
 * The scene is only read.  For a box plot the boxes (box.c) go to the
 * caller, who frees them with chartex__classify_clear.
 */
#include "chart.h"

int
chartex__classify(const struct chartex_axes *axes, chartex__kind *kind,
                  chartex__boxplot *bp, chartex_error *err)
{
    size_t i, n_data = 0;
    int has_wedge = 0, has_bars = 0, has_scatter = 0, has_line = 0;
    int found;

    *kind = CHARTEX__KIND_NONE;
    if (axes == NULL || (axes->flags & CHARTEX_AXES_COLORBAR))
        return 0;
    for (i = 0; i < axes->n_artists; i++) {
        const struct chartex_artist *a = axes->artists[i];

        if (!chartex__artist_is_data(a))
            continue;
        n_data++;
        /* A 3-D surface or wireframe is a shape of whatever chart the
         * Axes makes (unknown when it has nothing else). */
        if (chartex__artist_is_shape(axes, a))
            continue;
        switch (a->kind) {
        case CHARTEX_ARTIST_WEDGE:
            has_wedge = 1;
            break;
        case CHARTEX_ARTIST_BARS:
            has_bars = 1;
            break;
        case CHARTEX_ARTIST_SCATTER:
        case CHARTEX_ARTIST_VECTORS:
            has_scatter = 1;
            break;
        case CHARTEX_ARTIST_LINE:
        case CHARTEX_ARTIST_AREA:
        case CHARTEX_ARTIST_SEGMENTS:
        case CHARTEX_ARTIST_STAIRS:
            has_line = 1;
            break;
        case CHARTEX_ARTIST_PATCH:
            if (chartex__artist_is_outline(a))
                has_line = 1;
            break;
        default:
            break;
        }
    }
    if (n_data == 0)
        return 0;

    found = chartex__find_boxplot(axes, bp);
    if (found < 0)
        return chartex__error(err, CHARTEX_ERR_NOMEM,
                              "out of memory reading a box plot");
    if (found) {
        *kind = CHARTEX__KIND_BOX;
        return 0;
    }
    if (has_wedge)
        *kind = CHARTEX__KIND_PIE;
    else if (has_bars)
        *kind = CHARTEX__KIND_BAR;
    else if (has_scatter)
        *kind = CHARTEX__KIND_SCATTER;
    else if (has_line)
        *kind = CHARTEX__KIND_LINE;
    else
        *kind = CHARTEX__KIND_UNKNOWN;
    return 0;
}

void
chartex__classify_clear(chartex__boxplot *bp)
{
    chartex__boxplot_clear(bp);
}
