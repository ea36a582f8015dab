/*
 * bins.c - the histograms of stats.h: px_histograms (histogram/calc.js:
 * each trace's samples counted into the bins bingroups.c gives it, with
 * its histfunc, histnorm and cumulative) and px_histogram2d
 * (histogram2d/calc.js).  See calc.h.
 */
#include "calc_shared.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* a 2-D histogram's grid: beyond this many cells, no result */
#define MAX_2D_CELLS 10000000

/* ---------------------------------------------------------------------
 * Histograms
 */

/* histogram/calc.js cdf */
static void
cdf(double *v, unsigned char *nul, size_t n, int decreasing, int currentbin)
{
    size_t i;
    double prev, vi;

    if (n == 0)
        return;
    for (i = 0; i < n; i++)
        if (nul[i]) {        /* null in arithmetic is 0 */
            v[i] = 0;
            nul[i] = 0;
        }
    if (currentbin == 2) {
        if (!decreasing) {
            prev = v[0];
            v[0] /= 2;
            for (i = 1; i < n; i++) {
                vi = v[i];
                v[i] = prev + vi / 2;
                prev += vi;
            }
        } else {
            prev = v[n - 1];
            v[n - 1] /= 2;
            for (i = n - 1; i-- > 0;) {
                vi = v[i];
                v[i] = prev + vi / 2;
                prev += vi;
            }
        }
    } else if (!decreasing) {
        for (i = 1; i < n; i++)
            v[i] += v[i - 1];
        if (currentbin == 1) {
            memmove(v + 1, v, (n - 1) * sizeof *v);
            v[0] = 0;
        }
    } else {
        for (i = n - 1; i-- > 0;)
            v[i] += v[i + 1];
        if (currentbin == 1) {
            memmove(v, v + 1, (n - 1) * sizeof *v);
            v[n - 1] = 0;
        }
    }
}

/* Lib.findBin on uniform bins, or on sorted edges (month bins). */
static long
find_bin(double x, double start, double size, const double *edges, size_t ne)
{
    size_t lo = 0, hi = ne, c = 0, mid;
    double step;

    if (!edges) {
        double f = floor((x - start) / size + 1e-9);

        /* Far beyond the bins (or NaN, an infinite quotient): in none,
         * rather than a double that no long holds (fuzz finding
         * plotly-histogram-far-sample). */
        if (!(f >= -1.0 && f <= 4e18))
            return f > 0 ? LONG_MAX : -1;
        return (long)f;
    }
    step = ne > 1 ? (edges[ne - 1] - edges[0]) / (double)(ne - 1) : 1;
    x += step * 1e-9 * (step >= 0 ? 1 : -1);
    while (lo < hi && c++ < 100) {
        mid = (lo + hi) / 2;
        if (step >= 0 ? edges[mid] <= x : edges[mid] > x)
            lo = mid + 1;
        else
            hi = mid;
    }
    return (long)lo - 1;
}

/* bin_functions.js: sample w into bin b under func (count is not here);
 * returns what plotly.js adds to the total. */
static double
bin_add(px_histfunc func, double w, double *val, unsigned char *nul, double *cnt, size_t b)
{
    switch (func) {
    case PX_HISTFUNC_SUM:
        val[b] += w;
        return w;
    case PX_HISTFUNC_AVG:
        val[b] += w;
        cnt[b]++;
        return 0;
    case PX_HISTFUNC_MIN:
    case PX_HISTFUNC_MAX:
        if (nul[b]) {
            val[b] = w;
            nul[b] = 0;
            return w;
        }
        if (func == PX_HISTFUNC_MIN ? val[b] > w : val[b] < w) {
            double d = w - val[b];

            val[b] = w;
            return d;
        }
        return 0;
    default:
        return 0;
    }
}

/* norm_functions.js on one bin's value v (null: 0, as null * x is 0);
 * xinc, yinc: density's 1/dx and 1/dy (yinc 1 in 1-D). */
static double
norm_value(px_histnorm norm, double v, int nul, double total, double xinc, double yinc)
{
    if (nul)
        v = 0;
    switch (norm) {
    case PX_HISTNORM_PERCENT:
        return v * (100 / total);
    case PX_HISTNORM_PROBABILITY:
        return v / total;
    case PX_HISTNORM_DENSITY:
        return v * (xinc * (yinc != 0 && !isnan(yinc) ? yinc : 1));
    case PX_HISTNORM_PROBABILITY_DENSITY:
        return v * (xinc / (yinc != 0 && !isnan(yinc) ? total / yinc : total));
    default:
        return v;
    }
}

/* calc.js's bin edges from start_r to end_r (range units) in steps of
 * size, into *edges (c units, *nb bins: nb + 1 edges, malloc'd).  capped
 * (histogram/calc.js): at most MAX_BINS bins, and a step that makes no
 * progress ends the bins after that bin, as plotly.js stops.  Not capped
 * (histogram2d/calc.js, which has neither stop and would loop forever):
 * -1 there instead. */
static int
step_edges(px_axis_type at, double start_r, double end_r, dtick size, int capped,
           double **edges, size_t *nb)
{
    size_t cap = 64, k = 0;
    double c = r2c(at, start_r), end, *e = px_calc_alloc(cap + 1, sizeof *e);
    int rc = -1;

    if (!e)
        return -1;
    /* decrease end a little in case of rounding errors */
    end = r2c(at, end_r) + (c - px_tick_increment(c, size, 0)) / 1e6;
    while (c < end) {
        double a = px_tick_increment(c, size, 0);

        if (k >= MAX_BINS || (!capped && !(a > c))) {
            if (capped)
                break;
            goto done;
        }
        if (k == cap) {
            double *ne = px_calc_grow(e, 2 * cap + 1, sizeof *ne);

            if (!ne)
                goto done;
            e = ne;
            cap *= 2;
        }
        e[k++] = c;
        if (a <= c)
            break;
        c = a;
    }
    e[k] = c;
    *edges = e;
    e = NULL;
    *nb = k;
    rc = 0;
done:
    free(e);
    return rc;
}

/* Lib.findBin of position x among a trace's bins (edges from step_edges,
 * from start_r in steps of size): the bin's index, or -1 for a position
 * that is not a number.  Month bins are found among their edges; others
 * from the start, which plotly.js takes in range units (also on a log
 * axis) except on dates. */
static long
bin_of(double x, px_axis_type at, const double *edges, size_t nb, double start_r,
       dtick size)
{
    if (!js_isnum(x))
        return -1;
    if (size.months > 0)
        return find_bin(x, 0, 0, edges, nb + 1);
    if (at == PX_AXTYPE_DATE)
        return find_bin(x, r2c(at, start_r), size.num, NULL, 0);
    return find_bin(x, start_r, size.num, NULL, 0);
}

/* histogram/calc.js calc for one trace, its bins already decided. */
static int
calc_trace(hist_ctx *cx, size_t ti, px_hist_output *out)
{
    const px_hist_input *t = &cx->in[ti];
    px_axis_type at = cx->axtype;
    dtick size = cx->tsize[ti];
    px_histnorm norm = t->norm;
    int density, doavg, extreme, use_w;
    size_t nb = 0, i, first, lastb;
    double *edges = NULL, *val = NULL, *inc = NULL, *cnt = NULL, total = 0;
    unsigned char *nul = NULL;
    int rc = -1;

    density = norm == PX_HISTNORM_DENSITY || norm == PX_HISTNORM_PROBABILITY_DENSITY;
    if (t->cumulative && density) {   /* a cumulative density is an integral */
        norm = norm == PX_HISTNORM_DENSITY ? PX_HISTNORM_NONE : PX_HISTNORM_PROBABILITY;
        density = 0;
    }
    extreme = t->func == PX_HISTFUNC_MIN || t->func == PX_HISTFUNC_MAX;
    use_w = t->weights && t->func != PX_HISTFUNC_COUNT;
    doavg = use_w && t->func == PX_HISTFUNC_AVG;

    if (step_edges(at, cx->tstart[ti], cx->tend[ti], size, 1, &edges, &nb) < 0)
        goto done;
    val = px_calc_alloc(nb, sizeof *val);
    nul = px_calc_alloc(nb, 1);
    inc = px_calc_alloc(nb, sizeof *inc);
    cnt = px_calc_alloc(nb, sizeof *cnt);
    if (!val || !nul || !inc || !cnt)
        goto done;
    for (i = 0; i < nb; i++) {
        val[i] = 0;
        nul[i] = (unsigned char)extreme;
        inc[i] = 1 / (px_tick_increment(edges[i], size, 0) - edges[i]);
        cnt[i] = 0;
    }

    /* bin the samples (bin_functions.js) */
    for (i = 0; i < t->n; i++) {
        long b = bin_of(t->pos[i], at, edges, nb, cx->tstart[ti], size);
        double w;

        if (b < 0 || (size_t)b >= nb)
            continue;
        if (!use_w) {
            val[b] += 1;     /* null++ is 1 */
            nul[b] = 0;
            total += 1;
            continue;
        }
        w = t->weights[i];
        if (!js_isnum(w))
            continue;
        total += bin_add(t->func, w, val, nul, cnt, (size_t)b);
    }
    if (doavg) {             /* average.js */
        total = 0;
        for (i = 0; i < nb; i++) {
            if (cnt[i]) {
                val[i] /= cnt[i];
                total += val[i];
            } else {
                nul[i] = 1;
            }
        }
    }
    if (norm != PX_HISTNORM_NONE)      /* norm_functions.js */
        for (i = 0; i < nb; i++) {
            val[i] = norm_value(norm, val[i], nul[i], total, inc[i], 1);
            nul[i] = 0;
        }
    if (t->cumulative)
        cdf(val, nul, nb, t->cumulative_decreasing, t->cumulative_currentbin);

    /* the drawn range: empty bins at both ends are left out */
    first = 0;
    lastb = nb ? nb - 1 : 0;
    for (i = 0; i < nb; i++)
        if (!nul[i] && val[i] != 0 && !isnan(val[i])) {
            first = i;
            break;
        }
    for (i = nb; i-- > first;)
        if (!nul[i] && val[i] != 0 && !isnan(val[i])) {
            lastb = i;
            break;
        }
    if (nb == 0) {
        out->nbins = 0;
        out->edges = NULL;
        out->values = NULL;
        rc = 0;
        goto done;
    }
    out->nbins = lastb - first + 1;
    out->edges = px_calc_alloc(out->nbins + 1, sizeof *out->edges);
    out->values = px_calc_alloc(out->nbins, sizeof *out->values);
    if (!out->edges || !out->values) {
        px_hist_output_clear(out);
        goto done;
    }
    for (i = 0; i < out->nbins; i++) {
        double v = val[first + i];

        out->edges[i] = edges[first + i];
        out->values[i] = nul[first + i] || !js_isnum(v) ? NAN : v;
    }
    out->edges[out->nbins] = edges[lastb + 1];
    rc = 0;
done:
    free(edges);
    free(val);
    free(nul);
    free(inc);
    free(cnt);
    return rc;
}

void
px_hist_output_clear(px_hist_output *out)
{
    if (!out)
        return;
    free(out->edges);
    free(out->values);
    out->edges = NULL;
    out->values = NULL;
    out->nbins = 0;
}

int
px_histograms(const px_hist_input *in, size_t n_traces, px_axis_type axtype,
               const char *barmode, px_hist_output *out)
{
    hist_ctx cx;
    size_t i, j, ngroups = 0;
    int rc = -1;

    if (!out || (!in && n_traces))
        return -1;
    for (i = 0; i < n_traces; i++) {
        out[i].nbins = 0;
        out[i].edges = NULL;
        out[i].values = NULL;
    }
    if (n_traces == 0)
        return 0;
    memset(&cx, 0, sizeof cx);
    cx.in = in;
    cx.n = n_traces;
    cx.axtype = axtype;
    cx.overlay = barmode && strcmp(barmode, "overlay") == 0;
    cx.gid = px_calc_alloc(n_traces, sizeof *cx.gid);
    cx.g = px_calc_zalloc(n_traces, sizeof *cx.g);
    cx.tstart = px_calc_alloc(n_traces, sizeof *cx.tstart);
    cx.tend = px_calc_alloc(n_traces, sizeof *cx.tend);
    cx.tsize = px_calc_alloc(n_traces, sizeof *cx.tsize);
    if (!cx.gid || !cx.g || !cx.tstart || !cx.tend || !cx.tsize)
        goto done;
    for (i = 0; i < n_traces; i++)
        if (in[i].n && !in[i].pos)
            goto done;

    /* cross_trace_defaults.js: unless overlaid, the histograms of one
     * subplot share one group (named by the first's bingroup, the others'
     * ignored); overlaid, traces of one non-empty bingroup share. */
    for (i = 0; i < n_traces; i++) {
        const char *bg = in[i].bingroup;

        cx.gid[i] = ngroups;
        if (!cx.overlay) {
            cx.gid[i] = 0;
            continue;
        }
        if (bg && *bg)
            for (j = 0; j < i; j++)
                if (in[j].bingroup && strcmp(in[j].bingroup, bg) == 0) {
                    cx.gid[i] = cx.gid[j];
                    break;
                }
        if (cx.gid[i] == ngroups)
            ngroups++;
    }
    for (i = 0; i < n_traces; i++)
        cx.g[i].raw_size = NAN;

    /* in trace order, as plotly.js calcs them */
    for (i = 0; i < n_traces; i++) {
        binspec e;
        int early;

        if (px_compute_group(&cx, i, 0, &e, &early) < 0)
            goto done;
        px_trace_bins(&cx, i);
        if (calc_trace(&cx, i, &out[i]) < 0)
            goto done;
    }
    rc = 0;
done:
    if (rc < 0)
        for (i = 0; i < n_traces; i++)
            px_hist_output_clear(&out[i]);
    free(cx.gid);
    free(cx.g);
    free(cx.tstart);
    free(cx.tend);
    free(cx.tsize);
    return rc;
}

/* ---------------------------------------------------------------------
 * 2-D histograms (histogram2d/calc.js)
 */

/* One axis of a 2-D histogram: calcAllAutoBins for a trace alone in its
 * bin group (is2d, no cumulative, no single-value overlay), then its bin
 * edges as calc.js steps them (c units) into *edges (nb + 1 of them). */
static int
axis_2d(const px_hist_input *in, px_axis_type at, double **edges, size_t *nb,
        double *start_r, dtick *size)
{
    hist_ctx cx;
    group_opts g;
    size_t gid = 0;
    double tstart, tend;
    dtick tsize;
    binspec be;
    int early;

    memset(&cx, 0, sizeof cx);
    memset(&g, 0, sizeof g);
    g.raw_size = NAN;
    cx.in = in;
    cx.n = 1;
    cx.axtype = at;
    cx.is2d = 1;
    cx.gid = &gid;
    cx.g = &g;
    cx.tstart = &tstart;
    cx.tend = &tend;
    cx.tsize = &tsize;
    if (px_compute_group(&cx, 0, 0, &be, &early) < 0)
        return -1;
    px_trace_bins(&cx, 0);
    if (step_edges(at, tstart, tend, tsize, 0, edges, nb) < 0)
        return -1;
    *start_r = tstart;
    *size = tsize;
    return 0;
}

void
px_hist2d_output_clear(px_hist2d_output *out)
{
    if (!out)
        return;
    free(out->xedges);
    free(out->yedges);
    free(out->values);
    memset(out, 0, sizeof *out);
}

int
px_histogram2d(const px_hist2d_input *in, px_axis_type xtype, px_axis_type ytype,
                px_hist2d_output *out)
{
    px_hist_input ax[2];
    px_axis_type at[2];
    double *edges[2] = {NULL, NULL}, start_r[2], inc[2] = {0, 0}, total = 0;
    double *xinc = NULL, *cnt = NULL;
    unsigned char *nul = NULL;
    dtick size[2];
    size_t nb[2] = {0, 0}, n, i, j, cells;
    int d, extreme, use_w, doavg, rc = -1;

    if (!out)
        return -1;
    memset(out, 0, sizeof *out);
    if (!in || (in->x.n && !in->x.pos) || (in->y.n && !in->y.pos) || (in->nz && !in->z))
        return -1;
    /* the points are the pairs (x[i], y[i]), i < trace._length */
    n = in->x.n < in->y.n ? in->x.n : in->y.n;
    ax[0] = in->x;
    ax[1] = in->y;
    at[0] = xtype;
    at[1] = ytype;
    for (d = 0; d < 2; d++) {
        ax[d].n = n;
        ax[d].weights = NULL;
        ax[d].cumulative = 0;
        ax[d].bingroup = "";
        if (axis_2d(&ax[d], at[d], &edges[d], &nb[d], &start_r[d], &size[d]) < 0)
            goto done;
    }
    if (nb[0] && nb[1] > MAX_2D_CELLS / nb[0])
        goto done;
    cells = nb[0] * nb[1];
    extreme = in->func == PX_HISTFUNC_MIN || in->func == PX_HISTFUNC_MAX;
    use_w = in->z != NULL && in->func != PX_HISTFUNC_COUNT;
    doavg = use_w && in->func == PX_HISTFUNC_AVG;
    out->values = px_calc_alloc(cells, sizeof *out->values);
    nul = px_calc_alloc(cells, 1);
    cnt = px_calc_zalloc(cells, sizeof *cnt);
    xinc = px_calc_alloc(nb[0], sizeof *xinc);
    if (!out->values || !nul || !cnt || !xinc)
        goto done;
    for (i = 0; i < cells; i++) {
        out->values[i] = 0;
        nul[i] = (unsigned char)(extreme && use_w);   /* null for min/max */
    }
    /* density's 1/dx: the mean bin width, or each month bin's own */
    for (d = 0; d < 2; d++)
        if (nb[d])
            inc[d] = 1 / ((edges[d][nb[d]] - edges[d][0]) / (double)nb[d]);
    for (i = 0; i < nb[0]; i++)
        xinc[i] = size[0].months > 0 ? 1 / (edges[0][i + 1] - edges[0][i]) : inc[0];

    for (i = 0; i < n && cells; i++) {
        long bx = bin_of(in->x.pos[i], xtype, edges[0], nb[0], start_r[0], size[0]);
        long by = bin_of(in->y.pos[i], ytype, edges[1], nb[1], start_r[1], size[1]);
        size_t c;
        double w;

        if (bx < 0 || (size_t)bx >= nb[0] || by < 0 || (size_t)by >= nb[1])
            continue;
        c = (size_t)by * nb[0] + (size_t)bx;
        if (!use_w) {
            out->values[c] += 1;     /* null++ is 1 */
            nul[c] = 0;
            total += 1;
            continue;
        }
        w = i < in->nz ? in->z[i] : NAN;
        if (js_isnum(w))
            total += bin_add(in->func, w, out->values, nul, cnt, c);
    }
    if (doavg)               /* average.js, row by row into one total */
        for (j = 0; j < nb[1]; j++)
            for (i = 0; i < nb[0]; i++) {
                size_t c = j * nb[0] + i;

                if (cnt[c]) {
                    out->values[c] /= cnt[c];
                    total += out->values[c];
                } else {
                    nul[c] = 1;
                }
            }
    if (in->norm != PX_HISTNORM_NONE)     /* norm_functions.js, row by row */
        for (j = 0; j < nb[1]; j++) {
            double yinc = size[1].months > 0 ? 1 / (edges[1][j + 1] - edges[1][j]) : inc[1];

            for (i = 0; i < nb[0]; i++) {
                size_t c = j * nb[0] + i;

                out->values[c] = norm_value(in->norm, out->values[c], nul[c], total, xinc[i],
                                            yinc);
                nul[c] = 0;
            }
        }
    for (i = 0; i < cells; i++)
        if (nul[i])
            out->values[i] = NAN;
    out->nx = nb[0];
    out->ny = nb[1];
    out->xedges = edges[0];
    out->yedges = edges[1];
    edges[0] = edges[1] = NULL;
    if (cells == 0)          /* no bin on an axis: no grid (all 0 and NULL) */
        px_hist2d_output_clear(out);
    rc = 0;
done:
    if (rc < 0)
        px_hist2d_output_clear(out);
    free(edges[0]);
    free(edges[1]);
    free(xinc);
    free(cnt);
    free(nul);
    return rc;
}
