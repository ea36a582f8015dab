/*
 * families.c - one Plotly trace into the scene's artists, drawn as plotly.js
 * draws it and in the shapes the core already reads for matplotlib; the
 * trace type chooses the room of its family:
 *
 *   scatter, scattergl   scatter.c: a line (mode with lines), a scatter
 *                        (markers only), an area (fill to zero / to the
 *                        previous trace / stackgroup), error bars as an
 *                        errorbar group (the data line + one segment per
 *                        point)
 *   bar                  barmode.c: rectangles with plotly.js's positions,
 *                        widths, bases and barmode (group, stack,
 *                        relative, overlay)
 *   candlestick, ohlc    ohlc.c: wicks and floating bars from the
 *                        open to the close, or ranges with an open tick
 *                        and a close tick (the core reads them as
 *                        candles, src/chart/candles.c)
 *   histogram            histograms.c: barmode.c's bars on the bins of
 *                        calc/calc.h
 *   pie                  pie.c: wedges in plotly.js's order (sorted,
 *                        clockwise from 12 o'clock), labels aggregated
 *   box, violin          boxes.c: the geometry of a box plot (box,
 *                        whiskers, caps, median, outliers) from plotly's
 *                        statistics
 *   heatmap, contour     grids.c: a mesh image with its edges and colour
 *                        scale; contour levels as plotly.js chooses them
 *   histogram2d          histograms.c: the same mesh image, binned by
 *                        calc/calc.h
 *   scatter3d, surface   scatter.c: 3-D lines and points with z; grids.c:
 *                        a surface's cells
 *   scatterpolar(gl),    polar.c: [theta, r] lines and points, bars by
 *   barpolar             angle, the subplot's polar record
 *   funnel, waterfall,   funnels.c: bars in their orientation (a
 *   funnelarea           waterfall's measures and totals)
 *   treemap, sunburst,   hierarchies.c: a hierarchy record
 *   icicle
 *   table, indicator,    table_trace.c, indicator.c, sankey.c, parallel.c:
 *   sankey, parcoords,   a record each
 *   parcats
 *   scattergeo,          geo.c: a geo record of places and values
 *   choropleth, the map
 *   and mapbox traces
 *
 * Anything else is counted as an artist the core does not read.  What
 * every family shares is trace.c's.
 */
#include "plotly.h"

#include <stdio.h>
#include <string.h>

static int
one_of(const char *type, const char *const *names)
{
    for (; *names != NULL; names++)
        if (strcmp(type, *names) == 0)
            return 1;
    return 0;
}

static const char *const domain_types[] = {
    "pie", "funnelarea", "treemap", "sunburst", "icicle", "table", "indicator", "sankey",
    "parcoords", "parcats", NULL
};
static const char *const polar_types[] = {"scatterpolar", "scatterpolargl", "barpolar", NULL};
static const char *const scene_types[] = {
    "scatter3d", "surface", "mesh3d", "isosurface", "volume", "cone", "streamtube", NULL
};
static const char *const volume_types[] = {
    "mesh3d", "isosurface", "volume", "cone", "streamtube", NULL
};
static const char *const carpet_types[] = {"carpet", "scattercarpet", "contourcarpet", NULL};
static const char *const map_types[] = {
    "scattergeo", "choropleth", "scattermapbox", "choroplethmapbox", "densitymapbox",
    "scattermap", "choroplethmap", "densitymap", NULL
};

px_subplot_kind
px_trace_subplot_kind(const char *type)
{
    if (one_of(type, domain_types))
        return PX_DOMAIN;
    if (one_of(type, scene_types))
        return PX_SCENE;
    if (strcmp(type, "scatterternary") == 0)
        return PX_TERNARY;
    if (strcmp(type, "scattersmith") == 0)
        return PX_SMITH;
    if (one_of(type, polar_types))
        return PX_POLAR;
    if (one_of(type, map_types))
        return PX_MAP;
    return PX_CARTESIAN;
}

/* --------------------------------------------------------- dispatch */

/* The trace read by the room of its family. */
static int
read_family(trace_ctx *t)
{
    const char *type = t->type;

    if (strcmp(type, "scatter") == 0 || strcmp(type, "scattergl") == 0
        || strcmp(type, "scatter3d") == 0)
        return px_read_scatter(t);
    if (strcmp(type, "bar") == 0)
        return px_read_bar(t);
    if (strcmp(type, "candlestick") == 0 || strcmp(type, "ohlc") == 0)
        return px_read_candles(t, type[0] == 'o');
    if (strcmp(type, "histogram") == 0)
        return px_read_histogram(t);
    if (strcmp(type, "histogram2d") == 0 || strcmp(type, "histogram2dcontour") == 0)
        return px_read_histogram2d(t);
    if (strcmp(type, "pie") == 0)
        return px_read_pie(t);
    if (strcmp(type, "box") == 0 || strcmp(type, "violin") == 0)
        return px_read_box(t);
    if (strcmp(type, "heatmap") == 0 || strcmp(type, "heatmapgl") == 0)
        return px_read_grid(t, 0);
    if (strcmp(type, "contour") == 0)
        return px_read_grid(t, 1);
    if (strcmp(type, "surface") == 0)
        return px_read_surface(t);
    if (one_of(type, polar_types))
        return px_read_polar(t);
    if (strcmp(type, "funnel") == 0)
        return px_read_funnel(t);
    if (strcmp(type, "waterfall") == 0)
        return px_read_waterfall(t);
    if (strcmp(type, "funnelarea") == 0)
        return px_read_funnelarea(t);
    if (strcmp(type, "treemap") == 0 || strcmp(type, "sunburst") == 0
        || strcmp(type, "icicle") == 0)
        return px_read_hierarchy(t);
    if (strcmp(type, "table") == 0)
        return px_read_table(t);
    if (strcmp(type, "indicator") == 0)
        return px_read_indicator(t);
    if (strcmp(type, "sankey") == 0)
        return px_read_sankey(t);
    if (strcmp(type, "parcoords") == 0 || strcmp(type, "parcats") == 0)
        return px_read_parallel(t, strcmp(type, "parcats") == 0);
    if (one_of(type, map_types))
        return px_read_geo(t);
    if (strcmp(type, "image") == 0)
        return px_read_image(t);
    if (strcmp(type, "splom") == 0)
        return px_read_splom(t);
    if (one_of(type, volume_types))
        return px_read_volume(t);
    if (one_of(type, carpet_types))
        return px_read_carpet(t);
    if (strcmp(type, "scatterternary") == 0 || strcmp(type, "scattersmith") == 0)
        return px_read_ternary_smith(t);
    /* Drawn, but not read: the chart says so (unknown) rather than
     * leaving it out. */
    return px_new_artist(t, CHARTEX_ARTIST_OTHER, CHARTEX_ROLE_DATA, 0, 0, 1) == NULL ? -1 : 0;
}

int
px_read_trace(preader *r, px_subplot *p, PyObject *trace, const char *type, Py_ssize_t index)
{
    trace_ctx t;
    int rc;

    t.r = r;
    t.p = p;
    t.trace = trace;
    t.type = type;
    t.index = index;
    t.name = px_trace_name(trace, index);
    if (t.name == NULL)
        return px_fail(r, "a trace's name");
    rc = read_family(&t);
    Py_DECREF(t.name);
    if (rc < 0) {
        char what[64];

        snprintf(what, sizeof what, "a %s trace", type);
        return px_fail(r, what);
    }
    return 0;
}
