/*
 * violins.c - a violin trace's violins as plotly.js draws them: a body,
 * the kernel density of its samples (violin/calc.js: a Gaussian kernel,
 * Silverman's bandwidth unless one is given), and, with box.visible, the
 * inner box plotly.js draws in it (whiskers from the lower to the upper
 * fence, a box from q1 to q3, the median).  Laid out as the core reads a
 * seaborn violin (src/chart/box.c): the body as a fill_betweenx band of
 * evenly spaced values (fill_between when horizontal), then the inner
 * box's whiskers, its box and its median point; the bodies of one trace
 * share a group.  boxes.c gives the samples and statistics and puts the
 * points plotly.js draws beside the violin on its body, as columns.
 *
 * The body is evaluated between the samples' minimum and maximum, where
 * its statistics are (plotly.js's soft span draws its tails two
 * bandwidths further): a violin without its box reads as the data's
 * extent, as matplotlib's violinplot does.
 */
#include "plotly.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define BODY_POINTS 64

/* plotly.js's bandwidth (violin/calc.js): the trace's, else Silverman's
 * rule 1.059 min(sd, IQR / 1.349) n^-0.2, with the sample standard
 * deviation; 0 for samples that do not spread. */
static double
bandwidth(trace_ctx *t, const double *v, size_t n, const px_box_stats *s)
{
    double bw, sum = 0, ssd, iqr = s->q3 - s->q1;
    size_t i;

    if (px_number(t->trace, "bandwidth", &bw) && bw > 0)
        return bw;
    for (i = 0; i < n; i++)
        sum += (v[i] - s->mean) * (v[i] - s->mean);
    ssd = n > 1 ? sqrt(sum / (double)(n - 1)) : 0;
    bw = 1.059 * fmin(ssd, isfinite(iqr) && iqr > 0 ? iqr / 1.349 : ssd)
         * pow((double)n, -0.2);
    return isfinite(bw) ? bw : 0;
}

/* The density of the n samples v at x under a Gaussian kernel. */
static double
density(const double *v, size_t n, double bw, double x)
{
    double sum = 0;
    size_t i;

    if (!(bw > 0))
        return 1;
    for (i = 0; i < n; i++) {
        double u = (x - v[i]) / bw;

        sum += exp(-0.5 * u * u);
    }
    return sum / ((double)n * bw * sqrt(2 * M_PI));
}

/* The body at centre c, width w: the density between lo and hi at
 * BODY_POINTS even steps, half its width each side, as fill_betweenx
 * lays a band out (start, one edge, end, the other edge reversed). */
static int
draw_body(trace_ctx *t, chartex_artist *a, const double *v, size_t n, double bw, double lo,
          double hi, double c, double w, int horizontal)
{
    double dens[BODY_POINTS], pos[BODY_POINTS], xy[2 * (2 * BODY_POINTS + 2)], top = 0;
    size_t k, m = 0;
    int flat = 1;

#define PUT(T, F) do {                                                       \
        xy[2 * m] = horizontal ? (T) : (F);                                  \
        xy[2 * m + 1] = horizontal ? (F) : (T);                              \
        m++;                                                                 \
    } while (0)
    for (k = 0; k < BODY_POINTS; k++) {
        pos[k] = lo + (hi - lo) * (double)k / (BODY_POINTS - 1);
        dens[k] = density(v, n, bw, pos[k]);
        top = fmax(top, dens[k]);
    }
    for (k = 0; k < BODY_POINTS; k++) {
        dens[k] = top > 0 ? w / 2 * dens[k] / top : w / 2;
        flat = flat && dens[k] == dens[0];
    }
    /* A body of one width (samples that do not spread, a density that
     * underflows) would read as a one-sided violin: its ends are pinched
     * to the centre, so that it reads as the whole violin it is. */
    if (flat)
        dens[0] = dens[BODY_POINTS - 1] = 0;
    PUT(pos[0], c + dens[0]);
    for (k = 0; k < BODY_POINTS; k++)
        PUT(pos[k], c - dens[k]);
    PUT(pos[BODY_POINTS - 1], c + dens[BODY_POINTS - 1]);
    for (k = BODY_POINTS; k-- > 0;)
        PUT(pos[k], c + dens[k]);
#undef PUT
    if (chartex_artist_add_polygon(a, m, xy, &t->r->err) < 0)
        return px_core_fail(t->r);
    return 0;
}

/* A line of n points (n 1: a marker) at centre c from value v0 to v1. */
static int
inner_line(trace_ctx *t, double c, double v0, double v1, size_t n, int horizontal,
           unsigned long group)
{
    unsigned flags = n == 1 ? CHARTEX_LINE_NO_LINE | CHARTEX_LINE_MARKER : 0;
    chartex_artist *a = px_new_artist(t, CHARTEX_ARTIST_LINE, CHARTEX_ROLE_DATA, flags, group, 0);
    double xy[4];

    if (a == NULL)
        return -1;
    xy[0] = horizontal ? v0 : c;
    xy[1] = horizontal ? c : v0;
    xy[2] = horizontal ? v1 : c;
    xy[3] = horizontal ? c : v1;
    if (chartex_artist_set_points(a, n, xy, &t->r->err) < 0)
        return px_core_fail(t->r);
    return 0;
}

chartex_artist *
px_draw_violin(trace_ctx *t, double c, double w, const double *v, size_t n,
               const px_box_stats *s, int horizontal, unsigned long group, int labelled)
{
    chartex_artist *body;
    double bw = bandwidth(t, v, n, s);
    PyObject *box = px_get(t->trace, "box");
    int inner = px_bool(box, "visible", 0);

    Py_XDECREF(box);
    body = px_new_artist(t, CHARTEX_ARTIST_AREA, CHARTEX_ROLE_DATA, 0, group, labelled);
    if (body == NULL || draw_body(t, body, v, n, bw, s->min, s->max, c, w, horizontal) < 0)
        return NULL;
    /* violin/plot.js draws the box's whiskers to the fences, whatever
     * the points shown */
    if (inner && isfinite(s->q1) && isfinite(s->q3) && isfinite(s->lowerfence)
        && isfinite(s->upperfence)
        && (inner_line(t, c, s->lowerfence, s->upperfence, 2, horizontal, group) < 0
            || inner_line(t, c, s->q1, s->q3, 2, horizontal, group) < 0
            || inner_line(t, c, s->median, s->median, 1, horizontal, group) < 0))
        return NULL;
    return body;
}
