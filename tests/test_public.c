/*
 * test_public.c - libchartex as a third-party client uses it: this file
 * includes the public header only and links the shared library
 * (libchartex.la), so it also proves that what it calls is exported.
 *
 * What it pins: the point shortcut (chartex_chart_emit_points) hands a sink
 * exactly the events chartex_chart_emit would; the streaming dumps
 * (chartex_chart_dump, chartex_scene_dump) write, piece by piece, exactly
 * the text of chartex_chart_to_json / chartex_scene_to_json, stop when the
 * callback says so, and report it; chartex_version() is CHARTEX_VERSION.
 */
#include <criterion/criterion.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chartex.h"

/* ------------------------------------------------------------ the scene */

/* A line on a date x axis with NaN and infinities, a scatter on a category
 * axis, a title with non-ASCII text: every kind of cell.  n points each. */
static chartex_scene *
scene_of(size_t n)
{
    static const char *const cats[] = { "alpha", "beta", "\xce\xb3" "amma" };
    chartex_scene *s = chartex_scene_new(NULL);
    chartex_axes *ax;
    chartex_artist *a;
    double *xy = malloc(2 * (n ? n : 1) * sizeof *xy);
    size_t i;

    cr_assert_not_null(s);
    cr_assert_not_null(xy);
    cr_assert_eq(chartex_scene_set_suptitle(s, "T\xc3\xa9st", 5, NULL), 0);
    /* A line over dates. */
    ax = chartex_scene_add_axes(s, NULL);
    cr_assert_not_null(ax);
    chartex_axis_set_kind(chartex_axes_axis(ax, 0), CHARTEX_AXIS_DATE, 0.0);
    for (i = 0; i < n; i++) {
        xy[2 * i] = 19000.0 + (double)i / 7.0;
        xy[2 * i + 1] = i % 97 == 5 ? NAN : i % 89 == 3 ? INFINITY : sin((double)i) * 1e3;
    }
    if (n > 0)
        xy[0] = 1e9;   /* a date number past year 9999: null */
    a = chartex_axes_add_artist(ax, CHARTEX_ARTIST_LINE, NULL);
    cr_assert_not_null(a);
    cr_assert_eq(chartex_artist_set_label(a, "series \"one\"", 12, NULL), 0);
    cr_assert_eq(chartex_artist_set_points(a, n, xy, NULL), 0);
    /* A scatter over categories (3.0 names none: a number). */
    ax = chartex_scene_add_axes(s, NULL);
    cr_assert_not_null(ax);
    for (i = 0; i < 3; i++)
        cr_assert_eq(chartex_axis_add_category(chartex_axes_axis(ax, 0), cats[i],
                                               strlen(cats[i]), NULL), 0);
    chartex_axis_set_kind(chartex_axes_axis(ax, 0), CHARTEX_AXIS_CATEGORY, 0.0);
    for (i = 0; i < n; i++) {
        xy[2 * i] = (double)(i % 4);
        xy[2 * i + 1] = (double)i * 0.1;
    }
    a = chartex_axes_add_artist(ax, CHARTEX_ARTIST_SCATTER, NULL);
    cr_assert_not_null(a);
    cr_assert_eq(chartex_artist_set_points(a, n, xy, NULL), 0);
    free(xy);
    return s;
}

/* ------------------------------------------------- a recording sink */

/* Every event as one line of text: "[", "]", "{", "}", "k:..", "s:..",
 * "n:<%.17g>", "b:0/1", "null". */
typedef struct rec {
    char *text;
    size_t len, cap;
    size_t points;      /* calls of the point callback */
} rec;

static int
put(rec *r, const char *tag, const char *s, size_t n)
{
    size_t t = strlen(tag);

    while (r->cap - r->len < t + n + 2) {
        r->cap = r->cap ? r->cap * 2 : 4096;
        r->text = realloc(r->text, r->cap);
        cr_assert_not_null(r->text);
    }
    memcpy(r->text + r->len, tag, t);
    memcpy(r->text + r->len + t, s, n);
    r->len += t + n;
    r->text[r->len++] = '\n';
    r->text[r->len] = '\0';
    return 0;
}

static int r_begin_object(void *c) { return put(c, "{", "", 0); }
static int r_end_object(void *c) { return put(c, "}", "", 0); }
static int r_begin_array(void *c) { return put(c, "[", "", 0); }
static int r_end_array(void *c) { return put(c, "]", "", 0); }
static int r_key(void *c, const char *s, size_t n) { return put(c, "k:", s, n); }
static int r_string(void *c, const char *s, size_t n) { return put(c, "s:", s, n); }
static int r_boolean(void *c, int v) { return put(c, v ? "b:1" : "b:0", "", 0); }
static int r_null(void *c) { return put(c, "null", "", 0); }

static int
r_number(void *c, double v)
{
    char buf[40];

    cr_assert(isfinite(v), "number() got a non-finite value");
    snprintf(buf, sizeof buf, "%.17g", v);
    return put(c, "n:", buf, strlen(buf));
}

static int
r_cell(rec *r, const chartex_cell *c)
{
    switch (c->kind) {
    case CHARTEX_CELL_NULL:
        return r_null(r);
    case CHARTEX_CELL_NUMBER:
        return r_number(r, c->number);
    case CHARTEX_CELL_STRING:
        return r_string(r, c->s, c->len);
    }
    cr_assert_fail("a cell of an unknown kind");
    return -1;
}

/* What a point stands for, written out as the four events. */
static int
r_point(void *c, const chartex_cell *x, const chartex_cell *y)
{
    rec *r = c;

    r->points++;
    return r_begin_array(r) < 0 || r_cell(r, x) < 0 || r_cell(r, y) < 0
                   || r_end_array(r) < 0 ? -1 : 0;
}

static chartex_sink
rec_sink(rec *r)
{
    chartex_sink s = { r_begin_object, r_key, r_end_object, r_begin_array,
                       r_end_array, r_string, r_number, r_boolean, r_null, r };
    return s;
}

Test(public_api, point_shortcut_carries_the_same_events)
{
    chartex_scene *s = scene_of(500);
    chartex_chart *c = chartex_chart_from_scene(s, NULL);
    rec plain = {0}, fast = {0}, none = {0};
    chartex_sink sink;

    cr_assert_not_null(c);
    sink = rec_sink(&plain);
    cr_assert_eq(chartex_chart_emit(c, &sink, NULL), 0);
    sink = rec_sink(&fast);
    cr_assert_eq(chartex_chart_emit_points(c, &sink, r_point, NULL), 0);
    sink = rec_sink(&none);
    cr_assert_eq(chartex_chart_emit_points(c, &sink, NULL, NULL), 0);
    /* Every point of both series went through the shortcut... */
    cr_assert_eq(fast.points, 1000);
    /* ...and the events are the same, dates, categories and null included. */
    cr_assert_str_eq(fast.text, plain.text);
    cr_assert_str_eq(none.text, plain.text);
    cr_assert_not_null(strstr(plain.text, "s:2022-01-09T00:00:00\n"));
    cr_assert_not_null(strstr(plain.text, "s:\xce\xb3" "amma\n"));
    cr_assert_not_null(strstr(plain.text, "[\nnull\nn:"));
    free(plain.text);
    free(fast.text);
    free(none.text);
    chartex_chart_free(c);
    chartex_scene_free(s);
}

static int
stop_point(void *c, const chartex_cell *x, const chartex_cell *y)
{
    rec *r = c;

    (void)x;
    (void)y;
    return ++r->points == 10 ? -1 : 0;
}

Test(public_api, point_callback_stops_the_emission)
{
    chartex_scene *s = scene_of(50);
    chartex_chart *c = chartex_chart_from_scene(s, NULL);
    rec r = {0};
    chartex_sink sink = rec_sink(&r);
    chartex_error err = {0};

    cr_assert_eq(chartex_chart_emit_points(c, &sink, stop_point, &err), -1);
    cr_assert_eq(err.code, CHARTEX_ERR_SINK);
    cr_assert_eq(r.points, 10);
    free(r.text);
    chartex_chart_free(c);
    chartex_scene_free(s);
}

/* ------------------------------------------------------------ the dumps */

typedef struct pieces {
    char *text;
    size_t len, cap;
    size_t count, largest;
    size_t fail_at;        /* 1-based piece that fails; 0: none */
} pieces;

static int
collect(const char *buf, size_t len, void *data)
{
    pieces *p = data;

    cr_assert_not_null(buf);
    if (++p->count == p->fail_at)
        return -1;
    p->largest = len > p->largest ? len : p->largest;
    while (p->cap - p->len < len + 1) {
        p->cap = p->cap ? p->cap * 2 : 4096;
        p->text = realloc(p->text, p->cap);
        cr_assert_not_null(p->text);
    }
    memcpy(p->text + p->len, buf, len);
    p->len += len;
    p->text[p->len] = '\0';
    return 0;
}

Test(public_api, chart_dump_streams_the_json_text)
{
    static const int indents[] = { 0, 2, 4 };
    chartex_scene *s = scene_of(40000);
    chartex_chart *c = chartex_chart_from_scene(s, NULL);
    size_t k;

    cr_assert_not_null(c);
    for (k = 0; k < sizeof indents / sizeof *indents; k++) {
        pieces p = {0};
        size_t len = 0;
        char *whole = chartex_chart_to_json(c, indents[k], &len, NULL);

        cr_assert_not_null(whole);
        cr_assert_eq(chartex_chart_dump(c, indents[k], collect, &p, NULL), 0);
        cr_assert_eq(p.len, len, "indent %d: %zu bytes dumped, %zu in the text",
                     indents[k], p.len, len);
        cr_assert(memcmp(p.text, whole, len) == 0, "indent %d: the texts differ", indents[k]);
        /* Streamed, not written at once: pieces of about 64 KiB. */
        cr_assert_gt(p.count, len / (128 * 1024));
        cr_assert_lt(p.largest, 64 * 1024 + 4096);
        chartex_free(whole);
        free(p.text);
    }
    chartex_chart_free(c);
    chartex_scene_free(s);
}

Test(public_api, chart_dump_of_an_empty_chart)
{
    chartex_scene *s = chartex_scene_new(NULL);
    chartex_chart *c = chartex_chart_from_scene(s, NULL);
    pieces p = {0};

    cr_assert(chartex_chart_is_empty(c));
    cr_assert_eq(chartex_chart_dump(c, 0, collect, &p, NULL), 0);
    cr_assert_str_eq(p.text, "{}");
    free(p.text);
    chartex_chart_free(c);
    chartex_scene_free(s);
}

Test(public_api, dump_stops_when_the_callback_fails)
{
    chartex_scene *s = scene_of(40000);
    chartex_chart *c = chartex_chart_from_scene(s, NULL);
    pieces p = {0}, q = {0};
    chartex_error err = {0};

    p.fail_at = 3;
    cr_assert_eq(chartex_chart_dump(c, 0, collect, &p, &err), -1);
    cr_assert_eq(err.code, CHARTEX_ERR_SINK);
    cr_assert_eq(p.count, 3, "no piece is written after the failure");
    /* The very last piece failing is reported too. */
    q.fail_at = 1;
    memset(&err, 0, sizeof err);
    chartex_chart_free(c);
    chartex_scene_free(s);
    s = scene_of(3);
    c = chartex_chart_from_scene(s, NULL);
    cr_assert_eq(chartex_chart_dump(c, 0, collect, &q, &err), -1);
    cr_assert_eq(err.code, CHARTEX_ERR_SINK);
    free(p.text);
    free(q.text);
    chartex_chart_free(c);
    chartex_scene_free(s);
}

Test(public_api, dump_needs_a_chart_and_a_callback)
{
    chartex_scene *s = scene_of(3);
    chartex_chart *c = chartex_chart_from_scene(s, NULL);
    chartex_error err = {0};
    pieces p = {0};

    cr_assert_eq(chartex_chart_dump(NULL, 0, collect, &p, &err), -1);
    cr_assert_eq(err.code, CHARTEX_ERR_INVALID);
    cr_assert_eq(chartex_chart_dump(c, 0, NULL, &p, &err), -1);
    cr_assert_eq(chartex_scene_dump(s, 0, NULL, &p, &err), -1);
    cr_assert_eq(err.code, CHARTEX_ERR_INVALID);
    cr_assert_eq(chartex_scene_dump(NULL, 0, collect, &p, &err), -1);
    cr_assert_eq(p.count, 0);
    chartex_chart_free(c);
    chartex_scene_free(s);
}

Test(public_api, scene_dump_streams_the_scene_json)
{
    static const int indents[] = { 0, 2 };
    chartex_scene *s = scene_of(40000);
    size_t k;

    for (k = 0; k < sizeof indents / sizeof *indents; k++) {
        pieces p = {0}, f = {0};
        chartex_error err = {0};
        size_t len = 0;
        char *whole = chartex_scene_to_json(s, indents[k], &len, NULL);

        cr_assert_not_null(whole);
        cr_assert_eq(chartex_scene_dump(s, indents[k], collect, &p, NULL), 0);
        cr_assert_eq(p.len, len);
        cr_assert(memcmp(p.text, whole, len) == 0);
        cr_assert_gt(p.count, 1);
        cr_assert_lt(p.largest, 64 * 1024 + 4096);
        f.fail_at = 2;
        cr_assert_eq(chartex_scene_dump(s, indents[k], collect, &f, &err), -1);
        cr_assert_eq(err.code, CHARTEX_ERR_SINK);
        cr_assert_eq(f.count, 2);
        chartex_free(whole);
        free(p.text);
        free(f.text);
    }
    chartex_scene_free(s);
}

Test(public_api, version)
{
    cr_assert_str_eq(chartex_version(), CHARTEX_VERSION);
}

/* Columns and records through the public header and the exported symbols. */
Test(public_api, records_and_columns)
{
    static const double values[2] = {10, 4};
    static const char *const labels[2] = {"root", "leaf"};
    static const size_t lens[2] = {4, 4};
    static const size_t rows[1] = {2};
    chartex_scene *s = chartex_scene_new(NULL);
    chartex_axes *ax = chartex_scene_add_axes(s, NULL);
    chartex_artist *a = chartex_axes_add_artist(ax, CHARTEX_ARTIST_RECORD, NULL);
    chartex_chart *c;
    char *text;

    cr_assert_eq(chartex_artist_set_record(a, CHARTEX_RECORD_TABLE, NULL), 0);
    cr_assert_eq(chartex_artist_add_column(a, "labels", 6, 2, NULL, labels, lens, NULL), 0);
    cr_assert_eq(chartex_artist_add_column(a, "values", 6, 2, values, NULL, NULL, NULL), 0);
    cr_assert_eq(chartex_artist_set_column_rows(a, 1, rows, NULL), 0);
    cr_assert_eq(chartex_artist_add_column(a, "n", 1, 1, values, NULL, NULL, NULL), 0);
    cr_assert_eq(chartex_artist_set_column_scalar(a, NULL), 0);
    c = chartex_chart_from_scene(s, NULL);
    cr_assert_not_null(c);
    text = chartex_chart_to_json(c, 0, NULL, NULL);
    cr_assert_not_null(strstr(text, "\"table\":[{\"labels\":[\"root\",\"leaf\"],"
                                    "\"values\":[[10.0,4.0]],\"n\":10.0}]"), "%s", text);
    chartex_free(text);
    chartex_chart_free(c);
    chartex_scene_free(s);
}

/* The chart and the scene of scene_of(n), the line's and the scatter's
 * points borrowed (from pairs, stride 2) instead of copied: the same
 * texts, whole and under every point limit; the scene JSON too. */
static char *
texts_of(chartex_scene *s, const chartex_options *o)
{
    chartex_chart *c = chartex_chart_from_scene_opts(s, o, NULL);
    char *chart, *scene, *both;
    size_t n;

    cr_assert_not_null(c);
    chart = chartex_chart_to_json(c, 0, NULL, NULL);
    scene = chartex_scene_to_json(s, 0, NULL, NULL);
    cr_assert_not_null(chart);
    cr_assert_not_null(scene);
    n = strlen(chart) + strlen(scene) + 2;
    both = malloc(n);
    cr_assert_not_null(both);
    snprintf(both, n, "%s\n%s", chart, scene);
    chartex_free(chart);
    chartex_free(scene);
    chartex_chart_free(c);
    return both;
}

/* scene_of(n)'s line points (which = 0) or scatter points (1), as
 * (x, y) pairs in a new array. */
static double *
pairs_of(size_t n, int which)
{
    double *xy = malloc(2 * (n ? n : 1) * sizeof *xy);
    size_t i;

    cr_assert_not_null(xy);
    for (i = 0; i < n; i++) {
        if (which == 0) {
            xy[2 * i] = i == 0 ? 1e9 : 19000.0 + (double)i / 7.0;
            xy[2 * i + 1] = i % 97 == 5 ? NAN : i % 89 == 3 ? INFINITY : sin((double)i) * 1e3;
        } else {
            xy[2 * i] = (double)(i % 4);
            xy[2 * i + 1] = (double)i * 0.1;
        }
    }
    return xy;
}

/* scene_of(n) with the line's and the scatter's points borrowed from
 * xy[0] and xy[1] (pairs: stride 2). */
static chartex_scene *
borrowing_scene_of(size_t n, double *const xy[2])
{
    static const char *const cats[] = { "alpha", "beta", "\xce\xb3" "amma" };
    chartex_scene *s = chartex_scene_new(NULL);
    chartex_axes *ax;
    chartex_artist *a;
    size_t i;

    cr_assert_not_null(s);
    cr_assert_eq(chartex_scene_set_suptitle(s, "T\xc3\xa9st", 5, NULL), 0);
    ax = chartex_scene_add_axes(s, NULL);
    chartex_axis_set_kind(chartex_axes_axis(ax, 0), CHARTEX_AXIS_DATE, 0.0);
    a = chartex_axes_add_artist(ax, CHARTEX_ARTIST_LINE, NULL);
    cr_assert_eq(chartex_artist_set_label(a, "series \"one\"", 12, NULL), 0);
    cr_assert_eq(chartex_artist_borrow_points(a, n, xy[0], xy[0] + 1, 2, NULL), 0);
    ax = chartex_scene_add_axes(s, NULL);
    for (i = 0; i < 3; i++)
        cr_assert_eq(chartex_axis_add_category(chartex_axes_axis(ax, 0), cats[i],
                                               strlen(cats[i]), NULL), 0);
    chartex_axis_set_kind(chartex_axes_axis(ax, 0), CHARTEX_AXIS_CATEGORY, 0.0);
    a = chartex_axes_add_artist(ax, CHARTEX_ARTIST_SCATTER, NULL);
    cr_assert_eq(chartex_artist_borrow_points(a, n, xy[1], xy[1] + 1, 2, NULL), 0);
    return s;
}

Test(public_api, borrowed_points_read_as_copied_ones)
{
    static const size_t sizes[] = {0, 1, 7, 1000};
    static const chartex_options opts[] = {{0, 0, 0, 0}, {6, 0, 0, 0}, {50, 0, 0, 0}, {0, 0, 60, 0}};
    size_t si, oi;

    for (si = 0; si < sizeof sizes / sizeof *sizes; si++) {
        size_t n = sizes[si];
        double *xy[2] = {pairs_of(n, 0), pairs_of(n, 1)};
        chartex_scene *copied = scene_of(n), *borrowed = borrowing_scene_of(n, xy);

        for (oi = 0; oi < sizeof opts / sizeof *opts; oi++) {
            char *want = texts_of(copied, &opts[oi]), *got = texts_of(borrowed, &opts[oi]);

            cr_assert_str_eq(got, want, "n %zu, options %zu", n, oi);
            free(want);
            free(got);
        }
        chartex_scene_free(copied);
        chartex_scene_free(borrowed);
        free(xy[0]);
        free(xy[1]);
    }
}

Test(public_api, borrowing_is_for_lines_and_scatters)
{
    static const double xy[4] = {1, 2, 3, 4};
    chartex_scene *s = chartex_scene_new(NULL);
    chartex_axes *ax = chartex_scene_add_axes(s, NULL);
    chartex_artist *p = chartex_axes_add_artist(ax, CHARTEX_ARTIST_PATCH, NULL);
    chartex_artist *l = chartex_axes_add_artist(ax, CHARTEX_ARTIST_LINE, NULL);
    chartex_error err;

    cr_assert_eq(chartex_artist_borrow_points(p, 2, xy, xy + 1, 2, &err), -1);
    cr_assert_eq(err.code, CHARTEX_ERR_INVALID);
    cr_assert_eq(chartex_artist_borrow_points(l, 2, xy, xy + 1, 0, &err), -1);
    cr_assert_eq(chartex_artist_borrow_points(l, 2, xy, xy + 1, 2, &err), 0);
    /* Adding to borrowed points copies them first: xy is never written. */
    cr_assert_eq(chartex_artist_add_polygon(l, 2, xy, &err), 0);
    cr_assert_eq(xy[0], 1.0);
    chartex_scene_free(s);
}
