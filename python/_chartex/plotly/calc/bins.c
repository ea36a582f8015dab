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

/* What calc.js keeps per bin of one trace: its value, whether it is
 * null (no sample yet, for min and max), density's 1/dx, and its count of
 * samples (for avg). */
typedef struct bin_arrays {
    double *val, *inc, *cnt;
    unsigned char *nul;
} bin_arrays;

static void
bin_arrays_free(bin_arrays *b)
{
    free(b->val);
    free(b->nul);
    free(b->inc);
    free(b->cnt);
}

/* The arrays of nb bins between edges, each 0 (null for min and max:
 * extreme); -1 when out of memory. */
static int
bin_arrays_init(bin_arrays *b, const double *edges, size_t nb, dtick size, int extreme)
{
    size_t i;

    b->val = px_calc_alloc(nb, sizeof *b->val);
    b->nul = px_calc_alloc(nb, 1);
    b->inc = px_calc_alloc(nb, sizeof *b->inc);
    b->cnt = px_calc_alloc(nb, sizeof *b->cnt);
    if (!b->val || !b->nul || !b->inc || !b->cnt)
        return -1;
    for (i = 0; i < nb; i++) {
        b->val[i] = 0;
        b->nul[i] = (unsigned char)extreme;
        b->inc[i] = 1 / (px_tick_increment(edges[i], size, 0) - edges[i]);
        b->cnt[i] = 0;
    }
    return 0;
}

/* bin_functions.js: trace ti's samples into its nb bins (counted, or
 * their weights under func when use_w); the total plotly.js adds up. */
static double
bin_samples(const hist_ctx *cx, size_t ti, const double *edges, size_t nb, int use_w,
            bin_arrays *b)
{
    const px_hist_input *t = &cx->in[ti];
    double total = 0, w;
    size_t i;

    for (i = 0; i < t->n; i++) {
        long k = bin_of(t->pos[i], cx->axtype, edges, nb, cx->tstart[ti], cx->tsize[ti]);

        if (k < 0 || (size_t)k >= nb)
            continue;
        if (!use_w) {
            b->val[k] += 1;     /* null++ is 1 */
            b->nul[k] = 0;
            total += 1;
            continue;
        }
        w = t->weights[i];
        if (!js_isnum(w))
            continue;
        total += bin_add(t->func, w, b->val, b->nul, b->cnt, (size_t)k);
    }
    return total;
}

/* average.js: each bin's mean (null without a sample); the total of the
 * means. */
static double
average_bins(bin_arrays *b, size_t nb)
{
    double total = 0;
    size_t i;

    for (i = 0; i < nb; i++) {
        if (b->cnt[i]) {
            b->val[i] /= b->cnt[i];
            total += b->val[i];
        } else {
            b->nul[i] = 1;
        }
    }
    return total;
}

/* The drawn bins into out: the empty bins at both ends left out. */
static int
drawn_bins(const double *edges, size_t nb, const bin_arrays *b, px_hist_output *out)
{
    size_t i, first = 0, lastb = nb ? nb - 1 : 0;

    if (nb == 0) {
        out->nbins = 0;
        out->edges = NULL;
        out->values = NULL;
        return 0;
    }
    for (i = 0; i < nb; i++)
        if (!b->nul[i] && b->val[i] != 0 && !isnan(b->val[i])) {
            first = i;
            break;
        }
    for (i = nb; i-- > first;)
        if (!b->nul[i] && b->val[i] != 0 && !isnan(b->val[i])) {
            lastb = i;
            break;
        }
    out->nbins = lastb - first + 1;
    out->edges = px_calc_alloc(out->nbins + 1, sizeof *out->edges);
    out->values = px_calc_alloc(out->nbins, sizeof *out->values);
    if (!out->edges || !out->values) {
        px_hist_output_clear(out);
        return -1;
    }
    for (i = 0; i < out->nbins; i++) {
        double v = b->val[first + i];

        out->edges[i] = edges[first + i];
        out->values[i] = b->nul[first + i] || !js_isnum(v) ? NAN : v;
    }
    out->edges[out->nbins] = edges[lastb + 1];
    return 0;
}

/* histogram/calc.js calc for one trace, its bins already decided. */
static int
calc_trace(hist_ctx *cx, size_t ti, px_hist_output *out)
{
    const px_hist_input *t = &cx->in[ti];
    px_histnorm norm = t->norm;
    int use_w = t->weights && t->func != PX_HISTFUNC_COUNT;
    size_t nb = 0, i;
    double *edges = NULL, total;
    bin_arrays b = {NULL, NULL, NULL, NULL};
    int rc = -1;

    if (t->cumulative && (norm == PX_HISTNORM_DENSITY
                          || norm == PX_HISTNORM_PROBABILITY_DENSITY))
        /* a cumulative density is an integral */
        norm = norm == PX_HISTNORM_DENSITY ? PX_HISTNORM_NONE : PX_HISTNORM_PROBABILITY;
    if (step_edges(cx->axtype, cx->tstart[ti], cx->tend[ti], cx->tsize[ti], 1, &edges, &nb) < 0
        || bin_arrays_init(&b, edges, nb, cx->tsize[ti],
                           t->func == PX_HISTFUNC_MIN || t->func == PX_HISTFUNC_MAX) < 0)
        goto done;
    total = bin_samples(cx, ti, edges, nb, use_w, &b);
    if (use_w && t->func == PX_HISTFUNC_AVG)
        total = average_bins(&b, nb);
    if (norm != PX_HISTNORM_NONE)      /* norm_functions.js */
        for (i = 0; i < nb; i++) {
            b.val[i] = norm_value(norm, b.val[i], b.nul[i], total, b.inc[i], 1);
            b.nul[i] = 0;
        }
    if (t->cumulative)
        cdf(b.val, b.nul, nb, t->cumulative_decreasing, t->cumulative_currentbin);
    rc = drawn_bins(edges, nb, &b, out);
done:
    free(edges);
    bin_arrays_free(&b);
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

/* cross_trace_defaults.js: unless overlaid, the histograms of one
 * subplot share one group (named by the first's bingroup, the others'
 * ignored); overlaid, traces of one non-empty bingroup share. */
static void
assign_groups(hist_ctx *cx)
{
    const px_hist_input *in = cx->in;
    size_t i, j, ngroups = 0;

    for (i = 0; i < cx->n; i++) {
        const char *bg = in[i].bingroup;

        cx->gid[i] = ngroups;
        if (!cx->overlay) {
            cx->gid[i] = 0;
            continue;
        }
        if (bg && *bg)
            for (j = 0; j < i; j++)
                if (in[j].bingroup && strcmp(in[j].bingroup, bg) == 0) {
                    cx->gid[i] = cx->gid[j];
                    break;
                }
        if (cx->gid[i] == ngroups)
            ngroups++;
    }
}

int
px_histograms(const px_hist_input *in, size_t n_traces, px_axis_type axtype,
               const char *barmode, px_hist_output *out)
{
    hist_ctx cx;
    size_t i;
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
    assign_groups(&cx);
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

/* The bins along one axis of a 2-D histogram. */
typedef struct axis_bins {
    double *edges;           /* nb + 1, c units */
    size_t nb;
    double start_r;          /* the first edge in r units */
    dtick size;
} axis_bins;

/* Both axes' bins (x: ab[0], y: ab[1]) for the first n points. */
static int
both_axes_2d(const px_hist2d_input *in, px_axis_type xtype, px_axis_type ytype, size_t n,
             axis_bins ab[2])
{
    px_hist_input ax[2];
    px_axis_type at[2];
    int d;

    ax[0] = in->x;
    ax[1] = in->y;
    at[0] = xtype;
    at[1] = ytype;
    for (d = 0; d < 2; d++) {
        ax[d].n = n;
        ax[d].weights = NULL;
        ax[d].cumulative = 0;
        ax[d].bingroup = "";
        if (axis_2d(&ax[d], at[d], &ab[d].edges, &ab[d].nb, &ab[d].start_r, &ab[d].size) < 0)
            return -1;
    }
    return 0;
}

/* density's 1/dx along an axis: its mean bin width's (0 without a bin). */
static double
mean_increment(const axis_bins *a)
{
    return a->nb ? 1 / ((a->edges[a->nb] - a->edges[0]) / (double)a->nb) : 0;
}

/* density's 1/dx of bin i: the mean's, or a month bin's own (inc0: the
 * mean's). */
static double
bin_increment(const axis_bins *a, size_t i, double inc0)
{
    return a->size.months > 0 ? 1 / (a->edges[i + 1] - a->edges[i]) : inc0;
}

/* The grid's arrays: values 0 (null for min and max: nul0), counts 0,
 * and each column's 1/dx; -1 when out of memory. */
static int
grid_arrays(const axis_bins ab[2], int nul0, double **values, unsigned char **nul,
            double **cnt, double **xinc)
{
    size_t i, cells = ab[0].nb * ab[1].nb;

    *values = px_calc_alloc(cells, sizeof **values);
    *nul = px_calc_alloc(cells, 1);
    *cnt = px_calc_zalloc(cells, sizeof **cnt);
    *xinc = px_calc_alloc(ab[0].nb, sizeof **xinc);
    if (!*values || !*nul || !*cnt || !*xinc)
        return -1;
    for (i = 0; i < cells; i++) {
        (*values)[i] = 0;
        (*nul)[i] = (unsigned char)nul0;
    }
    for (i = 0; i < ab[0].nb; i++)
        (*xinc)[i] = bin_increment(&ab[0], i, mean_increment(&ab[0]));
    return 0;
}

/* bin_functions.js on the first n points (x[i], y[i]) into the cells of
 * the grid (row by row: y, then x), counted, or z under func when use_w;
 * the total plotly.js adds up. */
static double
bin_points_2d(const px_hist2d_input *in, size_t n, px_axis_type xtype, px_axis_type ytype,
              const axis_bins ab[2], int use_w, double *values, unsigned char *nul,
              double *cnt)
{
    size_t i, cells = ab[0].nb * ab[1].nb;
    double total = 0;

    for (i = 0; i < n && cells; i++) {
        long bx = bin_of(in->x.pos[i], xtype, ab[0].edges, ab[0].nb, ab[0].start_r, ab[0].size);
        long by = bin_of(in->y.pos[i], ytype, ab[1].edges, ab[1].nb, ab[1].start_r, ab[1].size);
        size_t c;
        double w;

        if (bx < 0 || (size_t)bx >= ab[0].nb || by < 0 || (size_t)by >= ab[1].nb)
            continue;
        c = (size_t)by * ab[0].nb + (size_t)bx;
        if (!use_w) {
            values[c] += 1;     /* null++ is 1 */
            nul[c] = 0;
            total += 1;
            continue;
        }
        w = i < in->nz ? in->z[i] : NAN;
        if (js_isnum(w))
            total += bin_add(in->func, w, values, nul, cnt, c);
    }
    return total;
}

/* average.js, row by row, each mean added to *total. */
static void
average_2d(const axis_bins ab[2], double *values, unsigned char *nul, const double *cnt,
           double *total)
{
    size_t i, j;

    for (j = 0; j < ab[1].nb; j++)
        for (i = 0; i < ab[0].nb; i++) {
            size_t c = j * ab[0].nb + i;

            if (cnt[c]) {
                values[c] /= cnt[c];
                *total += values[c];
            } else {
                nul[c] = 1;
            }
        }
}

/* norm_functions.js, row by row (xinc: each column's 1/dx). */
static void
normalise_2d(px_histnorm norm, const axis_bins ab[2], const double *xinc, double total,
             double *values, unsigned char *nul)
{
    double inc_y = mean_increment(&ab[1]);
    size_t i, j;

    for (j = 0; j < ab[1].nb; j++) {
        double yinc = bin_increment(&ab[1], j, inc_y);

        for (i = 0; i < ab[0].nb; i++) {
            size_t c = j * ab[0].nb + i;

            values[c] = norm_value(norm, values[c], nul[c], total, xinc[i], yinc);
            nul[c] = 0;
        }
    }
}

int
px_histogram2d(const px_hist2d_input *in, px_axis_type xtype, px_axis_type ytype,
                px_hist2d_output *out)
{
    axis_bins ab[2];
    double *xinc = NULL, *cnt = NULL, total;
    unsigned char *nul = NULL;
    size_t n, i, cells;
    int use_w, rc = -1;

    if (!out)
        return -1;
    memset(out, 0, sizeof *out);
    if (!in || (in->x.n && !in->x.pos) || (in->y.n && !in->y.pos) || (in->nz && !in->z))
        return -1;
    memset(ab, 0, sizeof ab);
    /* the points are the pairs (x[i], y[i]), i < trace._length */
    n = in->x.n < in->y.n ? in->x.n : in->y.n;
    if (both_axes_2d(in, xtype, ytype, n, ab) < 0)
        goto done;
    if (ab[0].nb && ab[1].nb > MAX_2D_CELLS / ab[0].nb)
        goto done;
    cells = ab[0].nb * ab[1].nb;
    use_w = in->z != NULL && in->func != PX_HISTFUNC_COUNT;
    if (grid_arrays(ab, use_w && (in->func == PX_HISTFUNC_MIN || in->func == PX_HISTFUNC_MAX),
                    &out->values, &nul, &cnt, &xinc) < 0)
        goto done;
    total = bin_points_2d(in, n, xtype, ytype, ab, use_w, out->values, nul, cnt);
    if (use_w && in->func == PX_HISTFUNC_AVG)
        average_2d(ab, out->values, nul, cnt, &total);
    if (in->norm != PX_HISTNORM_NONE)
        normalise_2d(in->norm, ab, xinc, total, out->values, nul);
    for (i = 0; i < cells; i++)
        if (nul[i])
            out->values[i] = NAN;
    out->nx = ab[0].nb;
    out->ny = ab[1].nb;
    out->xedges = ab[0].edges;
    out->yedges = ab[1].edges;
    ab[0].edges = ab[1].edges = NULL;
    if (cells == 0)          /* no bin on an axis: no grid (all 0 and NULL) */
        px_hist2d_output_clear(out);
    rc = 0;
done:
    if (rc < 0)
        px_hist2d_output_clear(out);
    free(ab[0].edges);
    free(ab[1].edges);
    free(xinc);
    free(cnt);
    free(nul);
    return rc;
}
