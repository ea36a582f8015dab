/*
 * test_plotly_stats.c - python/_chartex/plotly/stats.h against plotly.js itself:
 * tests/data/plotly_reference.json holds what plotly.js 4.1.1's own calc
 * gave for each case (tools/plotly_reference.js ran it in node); here the
 * C port must give the same bins, values and box statistics.  Then
 * hostile input, which must neither crash nor leak.
 */
#include <criterion/criterion.h>
#include <json-c/json.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../python/_chartex/plotly/calc/calc.h"

#ifndef CHARTEX_SRCDIR
#error "CHARTEX_SRCDIR must name the source tree"
#endif

#define REFERENCE CHARTEX_SRCDIR "/tests/data/plotly_reference.json"

static json_object *
field(json_object *o, const char *key)
{
    json_object *v = NULL;

    if (!o || !json_object_object_get_ex(o, key, &v))
        return NULL;
    return v;
}

/* JSON null (plotly.js's undefined / NaN) is NaN here. */
static double
num(json_object *v)
{
    if (!v || json_object_get_type(v) == json_type_null)
        return NAN;
    if (json_object_get_type(v) != json_type_double && json_object_get_type(v) != json_type_int)
        return NAN;
    return json_object_get_double(v);
}

static double *
numbers(json_object *arr, size_t *n)
{
    size_t i, len = arr ? json_object_array_length(arr) : 0;
    double *out = malloc((len ? len : 1) * sizeof *out);

    cr_assert_not_null(out);
    for (i = 0; i < len; i++)
        out[i] = num(json_object_array_get_idx(arr, i));
    *n = len;
    return out;
}

/* Equal to 1e-12 relative (exactly for zeros), NaN matching NaN. */
static int
close(double a, double b)
{
    if (isnan(a) || isnan(b))
        return isnan(a) && isnan(b);
    if (a == b)
        return 1;
    return fabs(a - b) <= 1e-12 * fmax(fabs(a), fabs(b));
}

static json_object *
reference(void)
{
    json_object *doc = json_object_from_file(REFERENCE), *cases = field(doc, "cases");

    cr_assert_not_null(cases, "cannot read %s", REFERENCE);
    return doc;
}

static px_axis_type
axis_type(const char *s)
{
    if (!strcmp(s, "log"))
        return PX_AXTYPE_LOG;
    if (!strcmp(s, "date"))
        return PX_AXTYPE_DATE;
    if (!strcmp(s, "category"))
        return PX_AXTYPE_CATEGORY;
    return PX_AXTYPE_LINEAR;
}

static const char *
str(json_object *o, const char *key, const char *dflt)
{
    json_object *v = field(o, key);

    return v && json_object_get_type(v) == json_type_string ? json_object_get_string(v) : dflt;
}

/* A histogram axis' bins as the Plotly reader would pass them: xbins or
 * ybins (letter) and nbinsx / nbinsy. */
static void
axis_bins(json_object *tr, const char *l, px_hist_input *in)
{
    char key[16];
    json_object *b, *sz;

    snprintf(key, sizeof key, "%sbins", l);
    b = field(tr, key);
    in->start = num(field(b, "start"));
    in->end = num(field(b, "end"));
    in->size = NAN;
    sz = field(b, "size");
    if (sz && json_object_get_type(sz) == json_type_string)
        in->size_months = atoi(json_object_get_string(sz) + 1);
    else if (sz)
        in->size = num(sz);
    snprintf(key, sizeof key, "nbins%s", l);
    in->nbins = field(tr, key) ? json_object_get_int(field(tr, key)) : 0;
}

static px_histfunc
func_of(const char *func)
{
    return !strcmp(func, "sum") ? PX_HISTFUNC_SUM : !strcmp(func, "avg") ? PX_HISTFUNC_AVG
         : !strcmp(func, "min") ? PX_HISTFUNC_MIN : !strcmp(func, "max") ? PX_HISTFUNC_MAX
         : PX_HISTFUNC_COUNT;
}

static px_histnorm
norm_of(const char *norm)
{
    return !strcmp(norm, "percent") ? PX_HISTNORM_PERCENT
         : !strcmp(norm, "probability") ? PX_HISTNORM_PROBABILITY
         : !strcmp(norm, "density") ? PX_HISTNORM_DENSITY
         : !strcmp(norm, "probability density") ? PX_HISTNORM_PROBABILITY_DENSITY
         : PX_HISTNORM_NONE;
}

/* One histogram trace's attributes as the Plotly reader would pass them. */
static void
hist_input(json_object *tr, json_object *res, px_hist_input *in, double **pos, double **w)
{
    json_object *cum = field(tr, "cumulative");
    const char *func = str(tr, "histfunc", "count"), *norm = str(tr, "histnorm", "");
    size_t nw = 0;

    memset(in, 0, sizeof *in);
    *pos = numbers(field(res, "pos"), &in->n);
    in->pos = *pos;
    *w = NULL;
    in->func = func_of(func);
    if (field(tr, "y") && in->func != PX_HISTFUNC_COUNT) {
        *w = numbers(field(tr, "y"), &nw);
        cr_assert_eq(nw, in->n);
        in->weights = *w;
    }
    in->norm = norm_of(norm);
    axis_bins(tr, "x", in);
    if (cum && json_object_get_boolean(field(cum, "enabled"))) {
        const char *cb = str(cum, "currentbin", "include");

        in->cumulative = 1;
        in->cumulative_decreasing = !strcmp(str(cum, "direction", "increasing"), "decreasing");
        in->cumulative_currentbin = !strcmp(cb, "exclude") ? 1 : !strcmp(cb, "half") ? 2 : 0;
    }
    in->bingroup = str(tr, "bingroup", "");
}

static void
check_hist_case(json_object *c)
{
    const char *name = str(c, "name", "?");
    json_object *traces = field(c, "traces"), *result = field(c, "result");
    size_t nt = json_object_array_length(traces), i, k;
    px_hist_input *in = calloc(nt, sizeof *in);
    px_hist_output *out = calloc(nt, sizeof *out);
    double **pos = calloc(nt, sizeof *pos), **w = calloc(nt, sizeof *w);

    cr_assert(in && out && pos && w);
    for (i = 0; i < nt; i++)
        hist_input(json_object_array_get_idx(traces, i), json_object_array_get_idx(result, i),
                   &in[i], &pos[i], &w[i]);
    cr_assert_eq(px_histograms(in, nt, axis_type(str(c, "axis", "linear")),
                                str(c, "barmode", "group"), out), 0, "%s", name);
    for (i = 0; i < nt; i++) {
        json_object *r = json_object_array_get_idx(result, i);
        size_t ne, nv;
        double *edges = numbers(field(r, "edges"), &ne), *vals = numbers(field(r, "values"), &nv);

        cr_expect_eq(out[i].nbins, nv, "%s trace %zu: %zu bins, plotly.js %zu",
                     name, i, out[i].nbins, nv);
        if (out[i].nbins == nv) {
            for (k = 0; k < nv; k++)
                cr_expect(close(out[i].values[k], vals[k]), "%s trace %zu bin %zu: %.17g, plotly.js %.17g",
                          name, i, k, out[i].values[k], vals[k]);
            for (k = 0; nv && k < ne; k++)
                cr_expect(close(out[i].edges[k], edges[k]), "%s trace %zu edge %zu: %.17g, plotly.js %.17g",
                          name, i, k, out[i].edges[k], edges[k]);
        }
        free(edges);
        free(vals);
        px_hist_output_clear(&out[i]);
        free(pos[i]);
        free(w[i]);
    }
    free(in);
    free(out);
    free(pos);
    free(w);
}

static void
check_box_case(json_object *c)
{
    const char *name = str(c, "name", "?"), *qm = str(c, "quartilemethod", "linear");
    json_object *r = field(c, "result"), *bp = field(c, "boxpoints");
    px_boxpoints points = PX_BOXPOINTS_OUTLIERS;
    px_box_stats s;
    size_t n, no, k;
    double *y = numbers(field(c, "y"), &n), *outl = numbers(field(r, "outliers"), &no);

    if (bp && json_object_get_type(bp) == json_type_boolean)
        points = PX_BOXPOINTS_FALSE;
    else if (bp && !strcmp(json_object_get_string(bp), "all"))
        points = PX_BOXPOINTS_ALL;
    else if (bp && !strcmp(json_object_get_string(bp), "suspectedoutliers"))
        points = PX_BOXPOINTS_SUSPECTED;
    cr_assert_eq(px_box_from_samples(y, n,
                                      !strcmp(qm, "exclusive") ? PX_QUARTILE_EXCLUSIVE
                                      : !strcmp(qm, "inclusive") ? PX_QUARTILE_INCLUSIVE
                                      : PX_QUARTILE_LINEAR, points, &s), 0, "%s", name);
#define SAME(mine, key) \
    cr_expect(close(s.mine, num(field(r, key))), "%s %s: %.17g, plotly.js %.17g", \
              name, key, s.mine, num(field(r, key)))
    SAME(min, "min");
    SAME(q1, "q1");
    SAME(median, "median");
    SAME(q3, "q3");
    SAME(max, "max");
    SAME(lowerfence, "lowerfence");
    SAME(upperfence, "upperfence");
    SAME(mean, "mean");
    SAME(sd, "sd");
#undef SAME
    cr_expect_eq(s.n, (size_t)json_object_get_int(field(r, "n")), "%s n", name);
    cr_expect_eq(s.n_outliers, no, "%s: %zu outliers, plotly.js %zu", name, s.n_outliers, no);
    for (k = 0; k < no && k < s.n_outliers; k++)
        cr_expect(close(s.outliers[k], outl[k]), "%s outlier %zu", name, k);
    px_box_stats_clear(&s);
    free(y);
    free(outl);
}

/* One axis of a 2-D histogram case: positions as plotly.js's calcdata
 * numbers, its xbins / ybins and nbinsx / nbinsy. */
static void
axis_2d_input(json_object *tr, json_object *res, const char *l, px_hist_input *in,
              double **pos)
{
    char key[16];

    memset(in, 0, sizeof *in);
    snprintf(key, sizeof key, "%spos", l);
    *pos = numbers(field(res, key), &in->n);
    in->pos = *pos;
    axis_bins(tr, l, in);
}

static void
check_hist2d_case(json_object *c)
{
    const char *name = str(c, "name", "?");
    json_object *tr = field(c, "trace"), *r = field(c, "result"), *zr = field(r, "z");
    json_object *zin = field(tr, "z") ? field(tr, "z") : field(field(tr, "marker"), "color");
    const char *func = str(tr, "histfunc", "count"), *norm = str(tr, "histnorm", "");
    px_hist2d_input in;
    px_hist2d_output out;
    double *xp, *yp, *z = NULL, *xe, *ye;
    size_t nxe, nye, ny = zr ? json_object_array_length(zr) : 0, i, j, k;

    memset(&in, 0, sizeof in);
    axis_2d_input(tr, r, "x", &in.x, &xp);
    axis_2d_input(tr, r, "y", &in.y, &yp);
    if (zin && json_object_get_type(zin) == json_type_array) {
        z = numbers(zin, &in.nz);
        in.z = z;
    }
    in.func = func_of(func);
    in.norm = norm_of(norm);
    xe = numbers(field(r, "xedges"), &nxe);
    ye = numbers(field(r, "yedges"), &nye);
    cr_assert_eq(px_histogram2d(&in, axis_type(str(c, "xaxis", "linear")),
                                 axis_type(str(c, "yaxis", "linear")), &out), 0, "%s", name);
    cr_expect_eq(out.nx + 1, nxe, "%s: %zu x bins, plotly.js %zu", name, out.nx, nxe - 1);
    cr_expect_eq(out.ny + 1, nye, "%s: %zu y bins, plotly.js %zu", name, out.ny, nye - 1);
    cr_expect_eq(out.ny, ny, "%s: %zu rows, plotly.js %zu", name, out.ny, ny);
    if (out.nx + 1 == nxe && out.ny + 1 == nye && out.ny == ny) {
        for (k = 0; k < nxe; k++)    /* the edges exactly */
            cr_expect(out.xedges[k] == xe[k], "%s x edge %zu: %.17g, plotly.js %.17g",
                      name, k, out.xedges[k], xe[k]);
        for (k = 0; k < nye; k++)
            cr_expect(out.yedges[k] == ye[k], "%s y edge %zu: %.17g, plotly.js %.17g",
                      name, k, out.yedges[k], ye[k]);
        for (j = 0; j < ny; j++) {
            json_object *row = json_object_array_get_idx(zr, j);

            cr_expect_eq(json_object_array_length(row), out.nx, "%s row %zu", name, j);
            for (i = 0; i < out.nx && i < json_object_array_length(row); i++) {
                double want = num(json_object_array_get_idx(row, i)), got = out.values[j * out.nx + i];

                cr_expect(close(got, want), "%s z[%zu][%zu]: %.17g, plotly.js %.17g",
                          name, j, i, got, want);
            }
        }
    }
    px_hist2d_output_clear(&out);
    free(xp);
    free(yp);
    free(z);
    free(xe);
    free(ye);
}

static size_t
check_cases(const char *kind)
{
    json_object *doc = reference(), *cases = field(doc, "cases");
    size_t i, n = 0;

    for (i = 0; i < json_object_array_length(cases); i++) {
        json_object *c = json_object_array_get_idx(cases, i);

        if (strcmp(str(c, "kind", ""), kind))
            continue;
        if (!strcmp(kind, "box"))
            check_box_case(c);
        else if (!strcmp(kind, "hist2d"))
            check_hist2d_case(c);
        else
            check_hist_case(c);
        n++;
    }
    json_object_put(doc);
    return n;
}

Test(plotly_reference, histograms_equal_plotly_js)
{
    cr_expect_geq(check_cases("hist"), 40);
}

Test(plotly_reference, histograms2d_equal_plotly_js)
{
    cr_expect_geq(check_cases("hist2d"), 15);
}

Test(plotly_reference, boxes_equal_plotly_js)
{
    cr_expect_geq(check_cases("box"), 10);
}

/* ------------------------------------------------------------------ */

static px_hist_input
plain(const double *pos, size_t n)
{
    px_hist_input in;

    memset(&in, 0, sizeof in);
    in.pos = pos;
    in.n = n;
    in.start = in.end = in.size = NAN;
    return in;
}

Test(hostile, no_traces_and_no_samples)
{
    px_hist_output out = {7, NULL, NULL};
    px_hist_input in = plain(NULL, 0);

    cr_expect_eq(px_histograms(NULL, 0, PX_AXTYPE_LINEAR, "group", &out), 0);
    /* no sample: no bins */
    cr_assert_eq(px_histograms(&in, 1, PX_AXTYPE_LINEAR, "group", &out), 0);
    cr_expect_eq(out.nbins, 0);
    cr_expect_null(out.edges);
    cr_expect_null(out.values);
    /* samples promised but no array: refused */
    in.n = 3;
    cr_expect_eq(px_histograms(&in, 1, PX_AXTYPE_LINEAR, "group", &out), -1);
}

Test(hostile, nan_and_infinities_are_skipped)
{
    const double v[] = {NAN, INFINITY, -INFINITY, NAN};
    const double w[] = {1, INFINITY, 2, 2, 3, NAN};
    px_hist_input in = plain(v, 4);
    px_hist_output out;

    cr_assert_eq(px_histograms(&in, 1, PX_AXTYPE_DATE, "overlay", &out), 0);
    cr_expect_eq(out.nbins, 0);
    in = plain(w, 6);
    cr_assert_eq(px_histograms(&in, 1, PX_AXTYPE_LINEAR, NULL, &out), 0);
    cr_expect_gt(out.nbins, 0);
    {
        double total = 0;
        size_t i;

        for (i = 0; i < out.nbins; i++)
            total += out.values[i];
        cr_expect_eq(total, 4);
    }
    px_hist_output_clear(&out);
}

/* Samples far beyond given bins (1e275 bin widths away, the fuzzer's
 * plotly-regressions/histogram-far-sample.json) fall in no bin: no long
 * holds the bin index a double would give them. */
Test(hostile, samples_far_beyond_the_bins)
{
    const double v[] = {1e300, -1e300, 0.5, 1.5e300, 1.5};
    px_hist_input in = plain(v, 5);
    px_hist_output out;

    in.start = 0;
    in.end = 2;
    in.size = 1;
    cr_assert_eq(px_histograms(&in, 1, PX_AXTYPE_LINEAR, "group", &out), 0);
    cr_assert_eq(out.nbins, 2);
    cr_expect_eq(out.values[0], 1);
    cr_expect_eq(out.values[1], 1);
    px_hist_output_clear(&out);
}

Test(hostile, nbins_and_sizes_out_of_range)
{
    double v[100];
    px_hist_input in;
    px_hist_output out;
    size_t i;

    for (i = 0; i < 100; i++)
        v[i] = (double)i;
    in = plain(v, 100);
    in.nbins = -5;           /* invalid: automatic bins */
    cr_assert_eq(px_histograms(&in, 1, PX_AXTYPE_LINEAR, "group", &out), 0);
    cr_expect_gt(out.nbins, 0);
    px_hist_output_clear(&out);
    /* a huge nbins: bins of 1e-7, stopped at plotly.js's million */
    in.nbins = 1000000000L;
    cr_assert_eq(px_histograms(&in, 1, PX_AXTYPE_LINEAR, "group", &out), 0);
    cr_expect_leq(out.nbins, 1000000);
    px_hist_output_clear(&out);
    /* a negative, zero or NaN size: plotly.js's default, 1 */
    in.nbins = 0;
    in.size = -3;
    cr_assert_eq(px_histograms(&in, 1, PX_AXTYPE_LINEAR, "group", &out), 0);
    cr_expect_eq(out.edges[1] - out.edges[0], 1);
    px_hist_output_clear(&out);
    in.size = 0;
    cr_assert_eq(px_histograms(&in, 1, PX_AXTYPE_LINEAR, "group", &out), 0);
    cr_expect_eq(out.edges[1] - out.edges[0], 1);
    px_hist_output_clear(&out);
    /* a tiny size over a wide range: a million bins, no more */
    in.size = 1e-9;
    in.start = 0;
    in.end = 1e9;
    cr_assert_eq(px_histograms(&in, 1, PX_AXTYPE_LINEAR, "group", &out), 0);
    cr_expect_leq(out.nbins, 1000000);
    px_hist_output_clear(&out);
    /* start after end: no bins */
    in.size = 1;
    in.start = 50;
    in.end = 10;
    cr_assert_eq(px_histograms(&in, 1, PX_AXTYPE_LINEAR, "group", &out), 0);
    cr_expect_eq(out.nbins, 0);
    /* a size that makes no progress at this magnitude */
    in.start = 1e300;
    in.end = INFINITY;
    in.size = 1;
    cr_assert_eq(px_histograms(&in, 1, PX_AXTYPE_LINEAR, "group", &out), 0);
    cr_expect_leq(out.nbins, 1);
    px_hist_output_clear(&out);
}

Test(hostile, dates_and_months_far_out)
{
    const double v[] = {-8.64e15, 8.64e15, 0};
    px_hist_input in = plain(v, 3);
    px_hist_output out;

    cr_assert_eq(px_histograms(&in, 1, PX_AXTYPE_DATE, "group", &out), 0);
    px_hist_output_clear(&out);
    in.size_months = 1;      /* ~ 5e6 months: stopped at a million bins */
    cr_assert_eq(px_histograms(&in, 1, PX_AXTYPE_DATE, "group", &out), 0);
    cr_expect_leq(out.nbins, 1000000);
    px_hist_output_clear(&out);
}

Test(hostile, log_axis_with_non_positive_data)
{
    const double v[] = {-1, 0, 2, 3};
    px_hist_input in = plain(v, 4);
    px_hist_output out;

    cr_assert_eq(px_histograms(&in, 1, PX_AXTYPE_LOG, "group", &out), 0);
    px_hist_output_clear(&out);
}

Test(hostile, boxes)
{
    const double bad[] = {NAN, INFINITY, -INFINITY};
    const double one[] = {NAN, 3};
    px_box_stats s;

    cr_expect_eq(px_box_from_samples(NULL, 0, PX_QUARTILE_LINEAR, PX_BOXPOINTS_OUTLIERS, &s), -1);
    cr_expect_eq(px_box_from_samples(bad, 3, PX_QUARTILE_LINEAR, PX_BOXPOINTS_OUTLIERS, &s), -1);
    cr_expect_null(s.outliers);
    cr_assert_eq(px_box_from_samples(one, 2, PX_QUARTILE_LINEAR, PX_BOXPOINTS_ALL, &s), 0);
    cr_expect_eq(s.n, 1);
    cr_expect_eq(s.median, 3);
    cr_expect_eq(s.sd, 0);
    cr_expect_eq(s.n_outliers, 0);
    px_box_stats_clear(&s);
    /* plotly.js's exclusive quartiles of one sample are undefined */
    cr_assert_eq(px_box_from_samples(one, 2, PX_QUARTILE_EXCLUSIVE, PX_BOXPOINTS_OUTLIERS, &s), 0);
    cr_expect(isnan(s.q1) && isnan(s.q3) && isnan(s.lowerfence));
    px_box_stats_clear(&s);
}

Test(hostile, histogram2d)
{
    double nan3[3] = {NAN, INFINITY, -INFINITY}, x[3] = {1, 2, 3}, y[2] = {5, 6};
    px_hist2d_input in;
    px_hist2d_output out;

    memset(&in, 0, sizeof in);
    in.x.start = in.x.end = in.x.size = NAN;
    in.y.start = in.y.end = in.y.size = NAN;
    /* a count without positions */
    in.x.n = 3;
    in.y.n = 3;
    cr_expect_eq(px_histogram2d(&in, PX_AXTYPE_LINEAR, PX_AXTYPE_LINEAR, &out), -1);
    cr_expect(out.values == NULL && out.nx == 0);
    cr_expect_eq(px_histogram2d(NULL, PX_AXTYPE_LINEAR, PX_AXTYPE_LINEAR, &out), -1);
    /* nothing finite, nothing at all: no grid */
    in.x.pos = nan3;
    in.y.pos = nan3;
    cr_expect_eq(px_histogram2d(&in, PX_AXTYPE_LINEAR, PX_AXTYPE_LINEAR, &out), 0);
    cr_expect(out.nx * out.ny == 0 && out.values == NULL);
    px_hist2d_output_clear(&out);
    in.x.n = in.y.n = 0;
    cr_expect_eq(px_histogram2d(&in, PX_AXTYPE_DATE, PX_AXTYPE_CATEGORY, &out), 0);
    px_hist2d_output_clear(&out);
    /* mismatched lengths: the pairs; z shorter than the points */
    in.x.pos = x;
    in.x.n = 3;
    in.y.pos = y;
    in.y.n = 2;
    in.z = y;
    in.nz = 1;
    in.func = PX_HISTFUNC_SUM;
    cr_assert_eq(px_histogram2d(&in, PX_AXTYPE_LINEAR, PX_AXTYPE_LINEAR, &out), 0);
    cr_expect(out.nx >= 1 && out.ny >= 1);
    px_hist2d_output_clear(&out);
    /* a grid too big: 1e6 x 1e6 bins */
    in.x.start = in.y.start = 0;
    in.x.end = in.y.end = 1e6;
    in.x.size = in.y.size = 1;
    cr_expect_eq(px_histogram2d(&in, PX_AXTYPE_LINEAR, PX_AXTYPE_LINEAR, &out), -1);
    cr_expect(out.values == NULL);
    /* bins that cannot be stepped */
    in.x.start = 1e300;
    in.x.end = 1e301;
    in.x.size = 1;
    cr_expect_eq(px_histogram2d(&in, PX_AXTYPE_LINEAR, PX_AXTYPE_LINEAR, &out), -1);
}
