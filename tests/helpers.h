/*
 * helpers.h - building scenes in C for the Criterion tests, the way the
 * walker would from what matplotlib draws, and reading charts back.
 *
 * Every helper asserts on failure, so a test reads as a list of steps.
 * The box plot helper is a port of matplotlib's Axes.bxp geometry.
 */
#ifndef CHARTEX_TESTS_HELPERS_H
#define CHARTEX_TESTS_HELPERS_H

#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "chartex.h"
#include "chart/chart_tree.h"

/* ------------------------------------------------------------------ scene */

static inline chartex_scene *
h_scene(void)
{
    chartex_scene *s = chartex_scene_new(NULL);

    cr_assert_not_null(s);
    return s;
}

static inline chartex_axes *
h_axes(chartex_scene *s)
{
    chartex_axes *ax = chartex_scene_add_axes(s, NULL);

    cr_assert_not_null(ax);
    return ax;
}

static inline void
h_title(chartex_axes *ax, chartex_title_loc loc, const char *s)
{
    cr_assert_eq(chartex_axes_set_title(ax, loc, s, strlen(s), NULL), 0);
}

static inline void
h_suptitle(chartex_scene *sc, const char *s)
{
    cr_assert_eq(chartex_scene_set_suptitle(sc, s, strlen(s), NULL), 0);
}

/* which: 0 x, 1 y. */
static inline chartex_axis *
h_axis(chartex_axes *ax, int which)
{
    chartex_axis *a = chartex_axes_axis(ax, which);

    cr_assert_not_null(a);
    return a;
}

static inline void
h_label(chartex_axes *ax, int which, const char *s)
{
    cr_assert_eq(chartex_axis_set_label(h_axis(ax, which), s, strlen(s), NULL), 0);
}

static inline void
h_scale(chartex_axes *ax, int which, const char *s)
{
    cr_assert_eq(chartex_axis_set_scale(h_axis(ax, which), s, strlen(s), NULL), 0);
}

static inline void
h_view(chartex_axes *ax, int which, double lo, double hi)
{
    chartex_axis_set_view(h_axis(ax, which), lo, hi);
}

/* n ticks with their labels (labels may be NULL: all ""). */
static inline void
h_ticks(chartex_axes *ax, int which, size_t n, const double *locs,
        const char *const *labels)
{
    chartex_axis *a = h_axis(ax, which);
    size_t i;

    cr_assert_eq(chartex_axis_set_ticks(a, n, locs, NULL), 0);
    for (i = 0; labels != NULL && i < n; i++)
        cr_assert_eq(chartex_axis_set_tick_label(a, i, labels[i], strlen(labels[i]),
                                                 NULL), 0);
}

/* A category axis (as matplotlib's StrCategoryConverter maps them). */
static inline void
h_categories(chartex_axes *ax, int which, size_t n, const char *const *names)
{
    chartex_axis *a = h_axis(ax, which);
    size_t i;

    chartex_axis_set_kind(a, CHARTEX_AXIS_CATEGORY, 0);
    for (i = 0; i < n; i++)
        cr_assert_eq(chartex_axis_add_category(a, names[i], strlen(names[i]), NULL), 0);
}

static inline chartex_artist *
h_artist(chartex_axes *ax, chartex_artist_kind kind, const char *label)
{
    chartex_artist *a = chartex_axes_add_artist(ax, kind, NULL);

    cr_assert_not_null(a);
    if (label != NULL)
        cr_assert_eq(chartex_artist_set_label(a, label, strlen(label), NULL), 0);
    return a;
}

/* A Line2D from separate x and y arrays. */
static inline chartex_artist *
h_line(chartex_axes *ax, const char *label, size_t n, const double *xs,
       const double *ys, unsigned flags)
{
    chartex_artist *a = h_artist(ax, CHARTEX_ARTIST_LINE, label);
    double *xy = malloc(2 * (n ? n : 1) * sizeof *xy);
    size_t i;

    cr_assert_not_null(xy);
    for (i = 0; i < n; i++) {
        xy[2 * i] = xs[i];
        xy[2 * i + 1] = ys[i];
    }
    cr_assert_eq(chartex_artist_set_points(a, n, xy, NULL), 0);
    chartex_artist_set_flags(a, flags);
    free(xy);
    return a;
}

/* A 2-point line, as bxp draws whiskers, caps and medians. */
static inline chartex_artist *
h_line2(chartex_axes *ax, const char *label, double x0, double y0, double x1,
        double y1, unsigned flags)
{
    double xs[2] = {x0, x1}, ys[2] = {y0, y1};

    return h_line(ax, label, 2, xs, ys, flags);
}

static inline chartex_artist *
h_scatter(chartex_axes *ax, const char *label, size_t n, const double *xs,
          const double *ys)
{
    chartex_artist *a = h_artist(ax, CHARTEX_ARTIST_SCATTER, label);
    double *xy = malloc(2 * (n ? n : 1) * sizeof *xy);
    size_t i;

    cr_assert_not_null(xy);
    for (i = 0; i < n; i++) {
        xy[2 * i] = xs[i];
        xy[2 * i + 1] = ys[i];
    }
    cr_assert_eq(chartex_artist_set_points(a, n, xy, NULL), 0);
    free(xy);
    return a;
}

/* A PATCH, AREA or SEGMENTS artist with one polygon. */
static inline chartex_artist *
h_polygon(chartex_axes *ax, chartex_artist_kind kind, const char *label, size_t n,
          const double *xs, const double *ys)
{
    chartex_artist *a = h_artist(ax, kind, label);
    double *xy = malloc(2 * (n ? n : 1) * sizeof *xy);
    size_t i;

    cr_assert_not_null(xy);
    for (i = 0; i < n; i++) {
        xy[2 * i] = xs[i];
        xy[2 * i + 1] = ys[i];
    }
    cr_assert_eq(chartex_artist_add_polygon(a, n, xy, NULL), 0);
    free(xy);
    return a;
}

static inline void
h_add_polygon(chartex_artist *a, size_t n, const double *xs, const double *ys)
{
    double *xy = malloc(2 * (n ? n : 1) * sizeof *xy);
    size_t i;

    cr_assert_not_null(xy);
    for (i = 0; i < n; i++) {
        xy[2 * i] = xs[i];
        xy[2 * i + 1] = ys[i];
    }
    cr_assert_eq(chartex_artist_add_polygon(a, n, xy, NULL), 0);
    free(xy);
}

/* A LineCollection of n 2-point segments (x0 y0 x1 y1 each). */
static inline chartex_artist *
h_segments(chartex_axes *ax, const char *label, size_t n, const double *segs)
{
    chartex_artist *a = h_artist(ax, CHARTEX_ARTIST_SEGMENTS, label);
    size_t i;

    for (i = 0; i < n; i++)
        cr_assert_eq(chartex_artist_add_polygon(a, 2, segs + 4 * i, NULL), 0);
    return a;
}

/* The polygon matplotlib's fill_between(t, f1, f2) makes (fill_betweenx
 * when shared_y), as the path's raw vertices: start, (t, f1)..., end,
 * (t, f2) reversed, and the CLOSEPOLY vertex (a copy of the start). */
static inline void
h_band(chartex_artist *a, size_t n, const double *t, const double *f1,
       const double *f2, int shared_y)
{
    size_t len = 2 * n + 3, i, k = 0;
    double *px = malloc(len * sizeof *px), *py = malloc(len * sizeof *py);
    double *pt = shared_y ? py : px, *pf = shared_y ? px : py;

    cr_assert(px != NULL && py != NULL);
    pt[k] = t[0];
    pf[k++] = f2[0];
    for (i = 0; i < n; i++) {
        pt[k] = t[i];
        pf[k++] = f1[i];
    }
    pt[k] = t[n - 1];
    pf[k++] = f2[n - 1];
    for (i = n; i-- > 0;) {
        pt[k] = t[i];
        pf[k++] = f2[i];
    }
    pt[k] = t[0];
    pf[k++] = f2[0];
    h_add_polygon(a, len, px, py);
    free(px);
    free(py);
}

static inline chartex_artist *
h_fill_between(chartex_axes *ax, const char *label, size_t n, const double *x,
               const double *y1, const double *y2)
{
    chartex_artist *a = h_artist(ax, CHARTEX_ARTIST_AREA, label);

    h_band(a, n, x, y1, y2, 0);
    return a;
}

/* ax.bar(centres, heights, width) (vertical) or ax.barh (horizontal):
 * rectangles centred on the positions, values as the container's. */
static inline chartex_artist *
h_bars(chartex_axes *ax, const char *label, chartex_orientation o, size_t n,
       const double *centres, const double *values, double width,
       const double *bottoms)
{
    chartex_artist *a = h_artist(ax, CHARTEX_ARTIST_BARS, label);
    double *x = malloc((n ? n : 1) * sizeof *x), *y = malloc((n ? n : 1) * sizeof *y);
    double *w = malloc((n ? n : 1) * sizeof *w), *h = malloc((n ? n : 1) * sizeof *h);
    size_t i;

    cr_assert(x && y && w && h);
    for (i = 0; i < n; i++) {
        double base = bottoms ? bottoms[i] : 0;

        if (o == CHARTEX_VERTICAL) {
            x[i] = centres[i] - width / 2;
            w[i] = width;
            y[i] = base;
            h[i] = values[i];
        } else {
            y[i] = centres[i] - width / 2;
            h[i] = width;
            x[i] = base;
            w[i] = values[i];
        }
    }
    cr_assert_eq(chartex_artist_set_bars(a, n, x, y, w, h, values, NULL), 0);
    chartex_artist_set_orientation(a, o);
    free(x);
    free(y);
    free(w);
    free(h);
    return a;
}

static inline chartex_artist *
h_wedge(chartex_axes *ax, const char *label, double t1, double t2, double r)
{
    chartex_artist *a = h_artist(ax, CHARTEX_ARTIST_WEDGE, label);

    chartex_artist_set_wedge(a, t1, t2, r);
    return a;
}

/* -------------------------------------------------------------- box plots */

/* One box's statistics, as matplotlib's cbook.boxplot_stats gives them. */
typedef struct h_stats {
    double whislo, q1, med, q3, whishi, mean;
    size_t n_fliers;
    const double *fliers;
} h_stats;

typedef struct h_bxp {
    int horizontal;        /* vert=False / orientation='horizontal' */
    int patch_artist;
    int showmeans, meanline;
    int hide_caps;         /* showcaps=False */
    double notch;          /* > 0: shownotches, cilo/cihi = med -/+ notch */
    double width;          /* 0: matplotlib's default */
    const double *positions; /* NULL: 1..n */
} h_bxp;

/* Draws what Axes.bxp draws for n boxes, in its order: box, whiskers,
 * caps, median, mean, fliers, box after box. */
static inline void
h_boxplot(chartex_axes *ax, size_t n, const h_stats *st, const h_bxp *opt)
{
    h_bxp none;
    size_t i, k;
    double lo = 1, hi = (double)n, width;

    memset(&none, 0, sizeof none);
    if (opt == NULL)
        opt = &none;
    if (opt->positions != NULL) {
        lo = hi = opt->positions[0];
        for (i = 1; i < n; i++) {
            lo = fmin(lo, opt->positions[i]);
            hi = fmax(hi, opt->positions[i]);
        }
    }
    width = opt->width > 0 ? opt->width : fmin(fmax(0.15 * (hi - lo), 0.15), 0.5);
#define H_SWAP_LINE(label, n_, xs_, ys_, flags_)                              \
    (opt->horizontal ? h_line(ax, label, n_, ys_, xs_, flags_)               \
                     : h_line(ax, label, n_, xs_, ys_, flags_))
    for (i = 0; i < n; i++) {
        const h_stats *s = &st[i];
        double pos = opt->positions ? opt->positions[i] : (double)(i + 1);
        double capw = 0.5 * width;
        double whis_x[2] = {pos, pos};
        double wlo[2] = {s->q1, s->whislo}, whi[2] = {s->q3, s->whishi};
        double cap_x[2] = {pos - capw * 0.5, pos + capw * 0.5};
        double cap_lo[2] = {s->whislo, s->whislo}, cap_hi[2] = {s->whishi, s->whishi};
        double left = pos - width * 0.5, right = pos + width * 0.5;
        double med_y[2] = {s->med, s->med}, med_x[2] = {left, right};
        double box_x[11], box_y[11];
        size_t nb;

        if (opt->notch > 0) {
            double nl = pos - width * 0.25, nr = pos + width * 0.25;
            double cilo = s->med - opt->notch, cihi = s->med + opt->notch;
            double bx[11] = {left, right, right, nr, right, right, left, left, nl, left, left};
            double by[11] = {s->q1, s->q1, cilo, s->med, cihi, s->q3, s->q3, cihi,
                             s->med, cilo, s->q1};

            memcpy(box_x, bx, sizeof bx);
            memcpy(box_y, by, sizeof by);
            nb = 11;
            med_x[0] = nl;
            med_x[1] = nr;
        } else {
            double bx[5] = {left, right, right, left, left};
            double by[5] = {s->q1, s->q1, s->q3, s->q3, s->q1};

            memcpy(box_x, bx, sizeof bx);
            memcpy(box_y, by, sizeof by);
            nb = 5;
        }
        if (opt->patch_artist) {
            /* A PathPatch: the walker reads Path.to_polygons(), which for
             * this closed path gives the 5 (11) points. */
            if (opt->horizontal)
                h_polygon(ax, CHARTEX_ARTIST_PATCH, NULL, nb, box_y, box_x);
            else
                h_polygon(ax, CHARTEX_ARTIST_PATCH, NULL, nb, box_x, box_y);
        } else {
            H_SWAP_LINE("_child", nb, box_x, box_y, 0);
        }
        H_SWAP_LINE("_nolegend_", 2, whis_x, wlo, 0);
        H_SWAP_LINE("_nolegend_", 2, whis_x, whi, 0);
        if (!opt->hide_caps) {
            H_SWAP_LINE("_nolegend_", 2, cap_x, cap_lo, 0);
            H_SWAP_LINE("_nolegend_", 2, cap_x, cap_hi, 0);
        }
        H_SWAP_LINE("_nolegend_", 2, med_x, med_y, 0);
        if (opt->showmeans) {
            if (opt->meanline) {
                double mx[2] = {left, right}, my[2] = {s->mean, s->mean};

                H_SWAP_LINE("_child", 2, mx, my, 0);
            } else {
                double mx[1] = {pos}, my[1] = {s->mean};

                H_SWAP_LINE("_child", 1, mx, my,
                            CHARTEX_LINE_NO_LINE | CHARTEX_LINE_MARKER);
            }
        }
        {
            double *fx = malloc((s->n_fliers ? s->n_fliers : 1) * sizeof *fx);

            cr_assert_not_null(fx);
            for (k = 0; k < s->n_fliers; k++)
                fx[k] = pos;
            H_SWAP_LINE("_nolegend_", s->n_fliers, fx, s->fliers,
                        CHARTEX_LINE_NO_LINE | CHARTEX_LINE_MARKER);
            free(fx);
        }
    }
#undef H_SWAP_LINE
    /* bxp puts a FixedLocator at the positions, labelled with them. */
    {
        double *locs = malloc((n ? n : 1) * sizeof *locs);
        char **labels = malloc((n ? n : 1) * sizeof *labels);

        cr_assert(locs && labels);
        for (i = 0; i < n; i++) {
            locs[i] = opt->positions ? opt->positions[i] : (double)(i + 1);
            labels[i] = malloc(32);
            cr_assert_not_null(labels[i]);
            chartex__number_label(locs[i], labels[i]);
        }
        h_ticks(ax, opt->horizontal ? 1 : 0, n, locs, (const char *const *)labels);
        for (i = 0; i < n; i++)
            free(labels[i]);
        free(labels);
        free(locs);
    }
}

/* ------------------------------------------------------------------ chart */

/* The x and y axis keys of a chart whose axes hold their defaults (every
 * line and scatter chart, and every unknown chart, names its axes). */
#define NO_AXES                                                               \
    "\"x_label\":null,\"y_label\":null,\"x_unit\":null,\"y_unit\":null,"      \
    "\"x_ticks\":[],\"x_tick_labels\":[],\"x_scale\":\"linear\","             \
    "\"y_ticks\":[],\"y_tick_labels\":[],\"y_scale\":\"linear\""


/* The chart of s as compact JSON ("{}" when empty); free with free(). */
static inline char *
h_json(const chartex_scene *s)
{
    chartex_error err = {CHARTEX_OK, ""};
    chartex_chart *c = chartex_chart_from_scene(s, &err);
    char *text;

    cr_assert_not_null(c, "chartex_chart_from_scene: %s", err.text);
    text = chartex_chart_to_json(c, 0, NULL, &err);
    cr_assert_not_null(text, "chartex_chart_to_json: %s", err.text);
    chartex_chart_free(c);
    return text;
}

/* Asserts the chart of s is exactly the JSON text expected, then frees s. */
static inline void
h_expect(chartex_scene *s, const char *expected)
{
    char *text = h_json(s);

    cr_expect_str_eq(text, expected, "\n got: %s\nwant: %s", text, expected);
    chartex_free(text);
    chartex_scene_free(s);
}

/* Asserts the chart of s contains the text part (a piece of its JSON). */
static inline void
h_expect_has(const chartex_scene *s, const char *part)
{
    char *text = h_json(s);

    cr_expect_not_null(strstr(text, part), "\n got: %s\nmissing: %s", text, part);
    chartex_free(text);
}

/* Value of key in an OBJECT node, or NULL. */
static inline const chartex__node *
h_get(const chartex__node *obj, const char *key)
{
    size_t i;

    if (obj == NULL || obj->type != CHARTEX__NODE_OBJECT)
        return NULL;
    for (i = 0; i < obj->u.list.n; i++)
        if (strcmp(obj->u.list.keys[i], key) == 0)
            return obj->u.list.items[i];
    return NULL;
}

static inline const chartex__node *
h_item(const chartex__node *arr, size_t i)
{
    cr_assert_not_null(arr);
    cr_assert_eq(arr->type, CHARTEX__NODE_ARRAY);
    cr_assert_lt(i, arr->u.list.n);
    return arr->u.list.items[i];
}

#endif /* CHARTEX_TESTS_HELPERS_H */
