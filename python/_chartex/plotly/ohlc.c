/*
 * ohlc.c - candlestick and ohlc traces, drawn in the shapes the core
 * reads as candles for every reader (src/chart/candles.c):
 *
 *   candlestick  a wick from low to high at each x (a line collection)
 *                and a floating bar from the open to the close, as wide
 *                as plotly.js draws a candlestick's box (dpos * (1 -
 *                boxgap) * (1 - boxgroupgap) each side of x);
 *   ohlc         a range from low to high at each x, a tick to the left
 *                at the open and one to the right at the close, each
 *                tickwidth (0.3) of the smallest x interval long
 *                (plotly.js's ohlc path), three line collections as
 *                mplfinance draws them.
 *
 * x absent: 0, 1, 2, ... (plotly.js's linear coordinate).  A candle with
 * a price or a position that is no number is not drawn, as in plotly.js.
 * The bodies (candlestick) or the ranges (ohlc) carry the trace's name.
 */
#include "plotly.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* plotly.js's defaults: layout.boxgap, layout.boxgroupgap, ohlc's
 * tickwidth. */
#define BOXGAP 0.3
#define BOXGROUPGAP 0.3
#define TICKWIDTH 0.3

/* A line collection of the trace: n segments (x0, y0, x1, y1 each). */
static int
segments(trace_ctx *t, const double *seg, size_t n, int labelled)
{
    chartex_artist *a = px_new_artist(t, CHARTEX_ARTIST_SEGMENTS, CHARTEX_ROLE_DATA, 0, 0,
                                      labelled);
    size_t i;

    if (a == NULL)
        return -1;
    for (i = 0; i < n; i++)
        if (chartex_artist_add_polygon(a, 2, seg + 4 * i, &t->r->err) < 0)
            return px_core_fail(t->r);
    return 0;
}

/* The bodies: bars from the open to the close, half wide each side. */
static int
bodies(trace_ctx *t, const double *x, const double *o, const double *c, size_t n,
       double half)
{
    chartex_artist *a = px_new_artist(t, CHARTEX_ARTIST_BARS, CHARTEX_ROLE_DATA, 0, 0, 1);
    double *buf = malloc((n ? 5 * n : 1) * sizeof *buf);
    size_t i;
    int rc = -1;

    if (a == NULL)
        goto done;
    if (buf == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (i = 0; i < n; i++) {
        buf[i] = x[i] - half;           /* x */
        buf[n + i] = o[i];              /* y: the open */
        buf[2 * n + i] = 2 * half;      /* w */
        buf[3 * n + i] = c[i] - o[i];   /* h, and the value */
        buf[4 * n + i] = c[i] - o[i];
    }
    chartex_artist_set_orientation(a, CHARTEX_VERTICAL);
    if (chartex_artist_set_bars(a, n, buf, buf + n, buf + 2 * n, buf + 3 * n, buf + 4 * n,
                                &t->r->err) < 0) {
        px_core_fail(t->r);
        goto done;
    }
    rc = 0;
done:
    free(buf);
    return rc;
}

int
px_read_candles(trace_ctx *t, int ohlc)
{
    px_subplot *p = t->p;
    double *x = NULL, *o = NULL, *h = NULL, *l = NULL, *c = NULL, *seg = NULL, *sorted = NULL;
    size_t nx = 0, no = 0, nh = 0, nl = 0, nc = 0, n, i, m;
    double dpos, tw = TICKWIDTH;
    int rc = -1;

    if (px_values_of(t, "open", p->axis[1], &o, &no) < 0
        || px_values_of(t, "high", p->axis[1], &h, &nh) < 0
        || px_values_of(t, "low", p->axis[1], &l, &nl) < 0
        || px_values_of(t, "close", p->axis[1], &c, &nc) < 0
        || px_values_of(t, "x", p->axis[0], &x, &nx) < 0)
        goto done;
    n = no < nh ? no : nh;
    n = nl < n ? nl : n;
    n = nc < n ? nc : n;
    if (x != NULL && nx < n)
        n = nx;
    if (n == 0 || o == NULL || h == NULL || l == NULL || c == NULL) {
        rc = 0;
        goto done;
    }
    if (x == NULL && (x = px_implied_positions(t, "x0", "dx", n)) == NULL)
        goto done;
    /* The candles plotly.js draws, compacted in place. */
    for (i = 0, m = 0; i < n; i++)
        if (isfinite(x[i]) && isfinite(o[i]) && isfinite(h[i]) && isfinite(l[i])
            && isfinite(c[i])) {
            x[m] = x[i];
            o[m] = o[i];
            h[m] = h[i];
            l[m] = l[i];
            c[m] = c[i];
            m++;
        }
    n = m;
    sorted = malloc((n ? n : 1) * sizeof *sorted);
    seg = malloc((n ? 4 * n : 1) * sizeof *seg);
    if (sorted == NULL || seg == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    memcpy(sorted, x, n * sizeof *sorted);
    dpos = p->axis[0] != NULL && p->axis[0]->type == PX_AXTYPE_CATEGORY
               ? 1 : px_min_spacing(sorted, n);
    /* The range (a wick under a body) from low to high at each x. */
    for (i = 0; i < n; i++) {
        seg[4 * i] = seg[4 * i + 2] = x[i];
        seg[4 * i + 1] = l[i];
        seg[4 * i + 3] = h[i];
    }
    if (!ohlc) {
        if (segments(t, seg, n, 0) < 0
            || bodies(t, x, o, c, n, dpos / 2 * (1 - BOXGAP) * (1 - BOXGROUPGAP)) < 0)
            goto done;
        rc = 0;
        goto done;
    }
    if (segments(t, seg, n, 1) < 0)
        goto done;
    if (px_number(t->trace, "tickwidth", &tw) && (tw < 0 || tw > 0.5))
        tw = TICKWIDTH;
    if (tw == 0)
        tw = TICKWIDTH;    /* ticks of no length say nothing: as the default */
    for (i = 0; i < n; i++) {
        seg[4 * i] = x[i] - tw * dpos;
        seg[4 * i + 1] = seg[4 * i + 3] = o[i];
        seg[4 * i + 2] = x[i];
    }
    if (segments(t, seg, n, 0) < 0)
        goto done;
    for (i = 0; i < n; i++) {
        seg[4 * i] = x[i];
        seg[4 * i + 1] = seg[4 * i + 3] = c[i];
        seg[4 * i + 2] = x[i] + tw * dpos;
    }
    if (segments(t, seg, n, 0) < 0)
        goto done;
    rc = 0;
done:
    free(x);
    free(o);
    free(h);
    free(l);
    free(c);
    free(seg);
    free(sorted);
    return rc;
}
