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
    double *buf = px_calc_alloc(n, 5 * sizeof *buf);
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

/* A trace's candles: x and the four prices of each, n of them. */
typedef struct candles {
    double *x, *o, *h, *l, *c;
    size_t n;
} candles;

/* The prices and x (implied by x0 / dx when absent) of the trace's
 * candles, as many as the shortest array: n 0 when a price is missing. */
static int
read_prices(trace_ctx *t, candles *cd)
{
    px_subplot *p = t->p;
    size_t nx = 0, no = 0, nh = 0, nl = 0, nc = 0, n;

    if (px_values_of(t, "open", p->axis[1], &cd->o, &no) < 0
        || px_values_of(t, "high", p->axis[1], &cd->h, &nh) < 0
        || px_values_of(t, "low", p->axis[1], &cd->l, &nl) < 0
        || px_values_of(t, "close", p->axis[1], &cd->c, &nc) < 0
        || px_values_of(t, "x", p->axis[0], &cd->x, &nx) < 0)
        return -1;
    n = no < nh ? no : nh;
    n = nl < n ? nl : n;
    n = nc < n ? nc : n;
    if (cd->x != NULL && nx < n)
        n = nx;
    if (n == 0 || cd->o == NULL || cd->h == NULL || cd->l == NULL || cd->c == NULL)
        return 0;
    if (cd->x == NULL && (cd->x = px_implied_positions(t, "x0", "dx", n)) == NULL)
        return -1;
    cd->n = n;
    return 0;
}

/* The candles plotly.js draws (x and every price a number), compacted
 * in place. */
static void
keep_drawn(candles *cd)
{
    size_t i, m;

    for (i = 0, m = 0; i < cd->n; i++)
        if (isfinite(cd->x[i]) && isfinite(cd->o[i]) && isfinite(cd->h[i])
            && isfinite(cd->l[i]) && isfinite(cd->c[i])) {
            cd->x[m] = cd->x[i];
            cd->o[m] = cd->o[i];
            cd->h[m] = cd->h[i];
            cd->l[m] = cd->l[i];
            cd->c[m] = cd->c[i];
            m++;
        }
    cd->n = m;
}

/* An ohlc's ticks: at the open to the left of x, at the close to its
 * right, tickwidth (of dpos) long; seg: room for n segments. */
static int
ohlc_ticks(trace_ctx *t, const candles *cd, double *seg, double dpos)
{
    double tw = TICKWIDTH;
    size_t i;

    if (px_number(t->trace, "tickwidth", &tw) && (tw < 0 || tw > 0.5))
        tw = TICKWIDTH;
    if (tw == 0)
        tw = TICKWIDTH;    /* ticks of no length say nothing: as the default */
    for (i = 0; i < cd->n; i++) {
        seg[4 * i] = cd->x[i] - tw * dpos;
        seg[4 * i + 1] = seg[4 * i + 3] = cd->o[i];
        seg[4 * i + 2] = cd->x[i];
    }
    if (segments(t, seg, cd->n, 0) < 0)
        return -1;
    for (i = 0; i < cd->n; i++) {
        seg[4 * i] = cd->x[i];
        seg[4 * i + 1] = seg[4 * i + 3] = cd->c[i];
        seg[4 * i + 2] = cd->x[i] + tw * dpos;
    }
    return segments(t, seg, cd->n, 0);
}

int
px_read_candles(trace_ctx *t, int ohlc)
{
    px_axis *xax = t->p->axis[0];
    candles cd = {NULL, NULL, NULL, NULL, NULL, 0};
    double *seg = NULL, *sorted = NULL, dpos;
    size_t i;
    int rc = -1;

    if (read_prices(t, &cd) < 0)
        goto done;
    if (cd.n == 0) {
        rc = 0;
        goto done;
    }
    keep_drawn(&cd);
    sorted = px_calc_alloc(cd.n, sizeof *sorted);
    seg = px_calc_alloc(cd.n, 4 * sizeof *seg);
    if (sorted == NULL || seg == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    memcpy(sorted, cd.x, cd.n * sizeof *sorted);
    dpos = xax != NULL && xax->type == PX_AXTYPE_CATEGORY ? 1 : px_min_spacing(sorted, cd.n);
    /* The range (a wick under a body) from low to high at each x. */
    for (i = 0; i < cd.n; i++) {
        seg[4 * i] = seg[4 * i + 2] = cd.x[i];
        seg[4 * i + 1] = cd.l[i];
        seg[4 * i + 3] = cd.h[i];
    }
    if (!ohlc)
        rc = segments(t, seg, cd.n, 0) < 0
             || bodies(t, cd.x, cd.o, cd.c, cd.n, dpos / 2 * (1 - BOXGAP) * (1 - BOXGROUPGAP)) < 0
                 ? -1 : 0;
    else
        rc = segments(t, seg, cd.n, 1) < 0 || ohlc_ticks(t, &cd, seg, dpos) < 0 ? -1 : 0;
done:
    free(cd.x);
    free(cd.o);
    free(cd.h);
    free(cd.l);
    free(cd.c);
    free(seg);
    free(sorted);
    return rc;
}
