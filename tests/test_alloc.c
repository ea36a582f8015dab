/*
 * test_alloc.c - every allocation of the core fails in turn, on real scenes.
 *
 * Built only into tests/alloc_tests, against a copy of the core compiled with
 * -DCHARTEX_ALLOC_FAILURE_TESTING (src/base/util.c): there the n-th call of
 * chartex__malloc/calloc/realloc returns NULL, and chartex__alloc_live counts
 * the blocks not yet freed.  In the spirit of jansson's chaos test, for each
 * fixture scene the whole pipeline -- reading the scene JSON, writing it back,
 * classification and extraction, the JSON emitter (compact and pretty) and an
 * emission into a counting sink -- runs with n = 1, 2, ... until a run
 * completes with no failure injected.  Every run before that must fail with
 * CHARTEX_ERR_NOMEM at the step that met the failure, and once everything is
 * freed no block may be left.  The last run must give exactly the output of a
 * run without failures.
 *
 * The counting sink allocates nothing of the core's, so the emission is
 * also run with a sink that fails at its k-th event, for every k.
 */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chartex.h"

#ifndef CHARTEX_FIXTURES_DIR
#error "CHARTEX_FIXTURES_DIR must name the fixtures folder"
#endif
#ifndef CHARTEX__ALLOC_FAILURE_TESTING
#error "test_alloc.c needs the core built with CHARTEX__ALLOC_FAILURE_TESTING"
#endif

extern long chartex__alloc_count, chartex__alloc_fail_at, chartex__alloc_live;

static char *
slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *data = NULL;
    long size;

    if (f == NULL)
        return NULL;
    if (fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0
        || fseek(f, 0, SEEK_SET) != 0)
        goto done;
    data = malloc((size_t)size + 1);
    if (data == NULL)
        goto done;
    if (fread(data, 1, (size_t)size, f) != (size_t)size) {
        free(data);
        data = NULL;
        goto done;
    }
    data[size] = '\0';
    *len = (size_t)size;
done:
    fclose(f);
    return data;
}

/* ---------------------------------------------------------- counting sink */

typedef struct counter {
    long events;
    long fail_at;    /* > 0: that event returns -1 */
} counter;

static int
count(void *ctx)
{
    counter *c = ctx;

    c->events++;
    return c->fail_at > 0 && c->events == c->fail_at ? -1 : 0;
}

static int
count_str(void *ctx, const char *s, size_t len)
{
    (void)s;
    (void)len;
    return count(ctx);
}

static int
count_num(void *ctx, double v)
{
    (void)v;
    return count(ctx);
}

static int
count_bool(void *ctx, int v)
{
    (void)v;
    return count(ctx);
}

static chartex_sink
counting_sink(counter *c, long fail_at)
{
    chartex_sink s = {count, count_str, count, count, count,
                      count_str, count_num, count_bool, count, c};

    c->events = 0;
    c->fail_at = fail_at;
    return s;
}

/* ------------------------------------------------------------ the pipeline */

/* What one complete run produced. */
typedef struct outputs {
    char *scene_text;   /* the scene written back */
    char *compact;      /* the chart's JSON */
    char *pretty;
    long events;        /* events the counting sink received */
} outputs;

static void
outputs_free(outputs *o)
{
    chartex_free(o->scene_text);
    chartex_free(o->compact);
    chartex_free(o->pretty);
    memset(o, 0, sizeof *o);
}

/* The options of the pipeline's chart (NULL: the defaults). */
static const chartex_options *pipeline_opts;

/* Runs every step; returns 0, or -1 with err filled by the step that
 * failed.  Everything the core allocated is freed before it returns, except
 * the texts in *out on success. */
static int
pipeline(const char *text, size_t len, outputs *out, chartex_error *err)
{
    chartex_scene *scene = NULL;
    chartex_chart *chart = NULL;
    chartex_sink sink;
    counter c;
    int rc = -1;

    memset(out, 0, sizeof *out);
    scene = chartex_scene_from_json(text, len, err);
    if (scene == NULL)
        goto done;
    out->scene_text = chartex_scene_to_json(scene, 0, NULL, err);
    if (out->scene_text == NULL)
        goto done;
    chart = chartex_chart_from_scene_opts(scene, pipeline_opts, err);
    if (chart == NULL)
        goto done;
    out->compact = chartex_chart_to_json(chart, 0, NULL, err);
    if (out->compact == NULL)
        goto done;
    out->pretty = chartex_chart_to_json(chart, 2, NULL, err);
    if (out->pretty == NULL)
        goto done;
    sink = counting_sink(&c, 0);
    if (chartex_chart_emit(chart, &sink, err) < 0)
        goto done;
    out->events = c.events;
    rc = 0;
done:
    if (rc < 0)
        outputs_free(out);
    chartex_chart_free(chart);
    chartex_scene_free(scene);
    return rc;
}

/* Fails allocation n = 1, 2, ... of the pipeline on one scene; returns the
 * number of allocations of a complete run. */
static long
chaos_one(const char *name, const char *text, size_t len)
{
    outputs want, got;
    chartex_error err;
    long n, total, kept;

    cr_assert_eq(chartex__alloc_live, 0, "%s: blocks live before the test", name);
    chartex__alloc_count = 0;
    chartex__alloc_fail_at = 0;
    memset(&err, 0, sizeof err);
    cr_assert_eq(pipeline(text, len, &want, &err), 0, "%s: %s", name, err.text);
    total = chartex__alloc_count;
    cr_assert_gt(total, 0, "%s: no allocation counted", name);
    /* The texts of the reference run, and nothing else, are still live. */
    kept = chartex__alloc_live;
    cr_assert_eq(kept, 3, "%s: %ld blocks live after a complete run", name, kept);

    for (n = 1;; n++) {
        int rc;

        memset(&err, 0, sizeof err);
        chartex__alloc_count = 0;
        chartex__alloc_fail_at = n;
        rc = pipeline(text, len, &got, &err);
        chartex__alloc_fail_at = 0;
        if (rc == 0) {
            /* Success is only allowed when the n-th allocation never came:
             * a failure must never be swallowed into a different result. */
            cr_assert_lt(chartex__alloc_count, n,
                         "%s: allocation %ld failed but the run succeeded", name, n);
            cr_assert_eq(n, total + 1, "%s: %ld allocations, then %ld", name,
                         total, chartex__alloc_count);
            cr_assert_str_eq(got.scene_text, want.scene_text, "%s", name);
            cr_assert_str_eq(got.compact, want.compact, "%s", name);
            cr_assert_str_eq(got.pretty, want.pretty, "%s", name);
            cr_assert_eq(got.events, want.events, "%s", name);
            outputs_free(&got);
            break;
        }
        cr_assert_geq(chartex__alloc_count, n, "%s: failed with no failure injected "
                      "(allocation %ld): %s", name, n, err.text);
        cr_assert_eq(err.code, CHARTEX_ERR_NOMEM, "%s: allocation %ld: code %d: %s",
                     name, n, (int)err.code, err.text);
        cr_assert_neq(err.text[0], '\0', "%s: allocation %ld: no message", name, n);
        cr_assert_eq(chartex__alloc_live, kept, "%s: allocation %ld failed: %ld blocks leaked",
                     name, n, chartex__alloc_live - kept);
    }
    outputs_free(&want);
    cr_assert_eq(chartex__alloc_live, 0, "%s: blocks leaked", name);
    return total;
}

/* A sink that fails at event k, for every k: the emission stops with
 * CHARTEX_ERR_SINK, allocates nothing, and the chart is still whole. */
static void
sink_failures_one(const char *name, const char *text, size_t len)
{
    chartex_scene *scene;
    chartex_chart *chart;
    chartex_sink sink;
    chartex_error err;
    counter c;
    long k, events, live;

    scene = chartex_scene_from_json(text, len, &err);
    cr_assert_not_null(scene, "%s: %s", name, err.text);
    chart = chartex_chart_from_scene(scene, &err);
    cr_assert_not_null(chart, "%s: %s", name, err.text);
    live = chartex__alloc_live;
    sink = counting_sink(&c, 0);
    chartex__alloc_count = 0;
    cr_assert_eq(chartex_chart_emit(chart, &sink, &err), 0, "%s: %s", name, err.text);
    cr_assert_eq(chartex__alloc_count, 0, "%s: emission allocated", name);
    events = c.events;
    for (k = 1; k <= events; k++) {
        sink = counting_sink(&c, k);
        memset(&err, 0, sizeof err);
        cr_assert_eq(chartex_chart_emit(chart, &sink, &err), -1, "%s: event %ld", name, k);
        cr_assert_eq(err.code, CHARTEX_ERR_SINK, "%s: event %ld: %s", name, k, err.text);
        cr_assert_eq(c.events, k, "%s: emission went on after event %ld failed", name, k);
        cr_assert_eq(chartex__alloc_live, live, "%s", name);
    }
    sink = counting_sink(&c, 0);
    cr_assert_eq(chartex_chart_emit(chart, &sink, &err), 0, "%s", name);
    cr_assert_eq(c.events, events, "%s", name);
    chartex_chart_free(chart);
    chartex_scene_free(scene);
    cr_assert_eq(chartex__alloc_live, 0, "%s: blocks leaked", name);
}

/* Runs f on every fixture scene of folder (CHARTEX_FIXTURES_DIR and a
 * subfolder: "" or "/plotly"); returns how many there were. */
static int
each_scene_of(const char *sub, void (*f)(const char *name, const char *text, size_t len,
                                         void *arg),
              void *arg)
{
    char dir[4096], path[4096 + 256];
    DIR *d;
    struct dirent *e;
    int count = 0;

    snprintf(dir, sizeof dir, "%s%s/scenes", CHARTEX_FIXTURES_DIR, sub);
    d = opendir(dir);
    cr_assert_not_null(d, "cannot open %s", dir);
    while ((e = readdir(d)) != NULL) {
        size_t nlen = strlen(e->d_name), len = 0;
        char *text;

        if (nlen < 11 || strcmp(e->d_name + nlen - 11, ".scene.json") != 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        text = slurp(path, &len);
        cr_assert_not_null(text, "cannot read %s", path);
        f(e->d_name, text, len, arg);
        free(text);
        count++;
    }
    closedir(d);
    return count;
}

static int
each_scene(void (*f)(const char *name, const char *text, size_t len, void *arg), void *arg)
{
    return each_scene_of("", f, arg);
}

typedef struct chaos_stats {
    long min_total, max_total, sum_total;
} chaos_stats;

static void
chaos_cb(const char *name, const char *text, size_t len, void *arg)
{
    chaos_stats *st = arg;
    long total = chaos_one(name, text, len);

    if (st->min_total == 0 || total < st->min_total)
        st->min_total = total;
    if (total > st->max_total)
        st->max_total = total;
    st->sum_total += total;
}

static void
sink_cb(const char *name, const char *text, size_t len, void *arg)
{
    (void)arg;
    sink_failures_one(name, text, len);
}

Test(alloc, every_allocation_of_every_fixture_scene)
{
    chaos_stats st = {0, 0, 0};
    int n = each_scene(chaos_cb, &st);

    /* The fixtures cover every chart kind (fixtures/README or NAME.py). */
    cr_assert_geq(n, 50, "only %d fixture scenes", n);
    cr_log_info("%d scenes, %ld..%ld allocations each, %ld failures injected",
                n, st.min_total, st.max_total, st.sum_total);
}

Test(alloc, sink_failing_at_every_event)
{
    cr_assert_geq(each_scene(sink_cb, NULL), 50);
}

/* The Plotly fixtures' scenes (records, exact wedges, per-bar columns). */
Test(alloc, every_allocation_of_every_plotly_fixture_scene)
{
    chaos_stats st = {0, 0, 0};

    cr_assert_geq(each_scene_of("/plotly", chaos_cb, &st), 17);
    cr_assert_geq(each_scene_of("/plotly", sink_cb, NULL), 17);
}

/* The smallest scenes and the edges of the API fail cleanly too. */
Test(alloc, small_scenes)
{
    static const char *scenes[] = {
        "{\"version\":1,\"axes\":[]}",
        "{\"version\":1,\"axes\":[{}]}",
        "{\"version\":1,\"suptitle\":\"S\",\"axes\":[{\"artists\":[{\"kind\":\"line\","
        "\"points\":[[0,1],[1,2]]}]},{\"artists\":[{\"kind\":\"wedge\",\"theta1\":0,"
        "\"theta2\":90,\"r\":1}]}]}",
    };
    size_t i;

    for (i = 0; i < sizeof scenes / sizeof *scenes; i++)
        chaos_one(scenes[i], scenes[i], strlen(scenes[i]));
}

/* Columns (scene_columns.c, scene_read_columns.c, records.c): a record
 * of every shape and a bar's per-bar columns fail cleanly too. */
Test(alloc, records)
{
    static const char scene[] =
        "{\"version\":1,\"axes\":[{\"artists\":["
        "{\"kind\":\"bars\",\"label\":\"w\",\"bars\":{\"x\":[0.0],\"y\":[0.0],"
        "\"w\":[1.0],\"h\":[2.0]},\"columns\":[{\"name\":\"measure\","
        "\"texts\":[\"a long measure name past the inline size\"]},"
        "{\"name\":\"total\",\"numbers\":[2]}]},"
        "{\"kind\":\"record\",\"record\":\"polar\",\"columns\":["
        "{\"name\":\"rotation\",\"numbers\":[90.0],\"scalar\":true}]},"
        "{\"kind\":\"record\",\"record\":\"table\",\"columns\":["
        "{\"name\":\"header\",\"texts\":[\"a\",\"b\"]},"
        "{\"name\":\"columns\",\"numbers\":[1,null,3],\"texts\":[null,\"x\",null],"
        "\"rows\":[2,1]},{\"name\":\"n\",\"numbers\":[1,2],\"rows\":[1,1]}]},"
        "{\"kind\":\"record\",\"record\":\"table\",\"columns\":["
        "{\"name\":\"one\",\"texts\":[\"t\"],\"scalar\":true}]}]}]}";

    chaos_one("records", scene, strlen(scene));
}

/* The resolution and the budget (chartex_options): the budget's recording
 * pass, its second build and the image's block means fail cleanly too. */
Test(alloc, bounds)
{
    static const char scene[] =
        "{\"version\":1,\"axes\":[{\"pixels\":[3.0,2.0],\"artists\":["
        "{\"kind\":\"line\",\"points\":[[0,1],[1,5],[2,2],[3,8],[4,0],[5,3],[6,1],"
        "[7,9],[8,2],[9,4],[10,6],[11,1],[12,7],[13,3],[14,2],[15,5]]},"
        "{\"kind\":\"line\",\"points\":[[0,1],[1,2]]}]},"
        "{\"pixels\":[3.0,2.0],\"artists\":[{\"kind\":\"image\",\"rows\":4,"
        "\"cols\":6,\"extent\":[0,6,4,0],\"values\":[1,2,3,4,5,6,7,8,9,10,11,12,"
        "13,14,15,16,17,18,19,20,21,22,23,24]}]}]}";
    chartex_options opts = {0};

    opts.points_per_pixel = 1.0;
    opts.max_total_points = 10;
    pipeline_opts = &opts;
    chaos_one("bounds", scene, strlen(scene));
    pipeline_opts = NULL;
}

/* A parse error is an error of the input, not of memory: with every
 * allocation allowed it reports PARSE, and when an allocation fails on the
 * way it reports NOMEM or PARSE (whichever it met first), never leaking. */
Test(alloc, invalid_scene)
{
    static const char text[] = "{\"version\":1,\"axes\":[{\"titles\":{\"center\":\"t\"},"
                               "\"artists\":[{\"kind\":\"nope\"}]}]}";
    chartex_error err;
    long n, total;

    chartex__alloc_count = 0;
    cr_assert_null(chartex_scene_from_json(text, sizeof text - 1, &err));
    cr_assert_eq(err.code, CHARTEX_ERR_PARSE, "%s", err.text);
    total = chartex__alloc_count;
    for (n = 1; n <= total; n++) {
        memset(&err, 0, sizeof err);
        chartex__alloc_count = 0;
        chartex__alloc_fail_at = n;
        cr_assert_null(chartex_scene_from_json(text, sizeof text - 1, &err));
        chartex__alloc_fail_at = 0;
        cr_assert(err.code == CHARTEX_ERR_NOMEM || err.code == CHARTEX_ERR_PARSE,
                  "%ld: %d %s", n, (int)err.code, err.text);
        cr_assert_eq(chartex__alloc_live, 0, "%ld", n);
    }
}

/* ------------------------------------------------------------------ tables */

/* Builds a table of every kind of column (enough of them that the names'
 * set and the column list grow), bounds it with a string cut, and writes
 * it compact and indented and into the counting sink.  0, or -1 with err. */
static int
table_run(char **compact, char **pretty, chartex_error *err)
{
    static const double d[] = {0.5, NAN, 2};
    static const long long i[] = {-1, 0, 9223372036854775807LL};
    static const unsigned long long u[] = {1, 2, 18446744073709551615ULL};
    static const unsigned char b[] = {1, 0, 1}, nulls[] = {0, 1, 0};
    static const long long t[] = {0, CHARTEX_TIME_NULL, 1711846800000000000LL};
    static const int off[] = {3600, 0, 7200};
    static const double c[] = {1, 2, NAN, 0, 3, 4};
    chartex_table *table;
    chartex_column *col;
    char name[16];
    counter cnt;
    chartex_sink sink = counting_sink(&cnt, 0);
    int k, rc = -1;

    *compact = *pretty = NULL;
    table = chartex_table_new(3, err);
    if (table == NULL)
        return -1;
    for (k = 0; k < 24; k++) {
        /* Duplicates: a name taken becomes name.1 */
        snprintf(name, sizeof name, "c%d", k % 12);
        col = chartex_table_add_column(table, name, strlen(name), err);
        if (col == NULL) {
            rc = -1;
            goto done;
        }
        switch (k % 12) {
        case 0: rc = chartex_column_set_doubles(col, d, err); break;
        case 1: rc = chartex_column_set_int64(col, i, nulls, err); break;
        case 2: rc = chartex_column_set_uint64(col, u, NULL, err); break;
        case 3: rc = chartex_column_set_bools(col, b, nulls, err); break;
        case 4: rc = chartex_column_set_datetimes(col, t, CHARTEX_TIME_NS, off, err); break;
        case 5: rc = chartex_column_set_timedeltas(col, t, CHARTEX_TIME_NS, err); break;
        case 6: rc = chartex_column_set_complex(col, c, err); break;
        case 7:
            rc = chartex_column_set_string(col, 0, "h\xc3\xa9llo world", 12, err);
            if (rc == 0)
                rc = chartex_column_set_integer(col, 1, 1, 5, err);
            if (rc == 0)
                rc = chartex_column_set_complex_at(col, 2, 1, 2, err);
            break;
        case 8:
            rc = chartex_column_set_number(col, 0, 1.5, err);
            if (rc == 0)
                rc = chartex_column_set_boolean(col, 1, 1, err);
            if (rc == 0)
                rc = chartex_column_set_null(col, 2, err);
            break;
        default: rc = 0; break;
        }
        if (rc < 0)
            goto done;
    }
    rc = -1;
    if (chartex_table_limit(table, 400, 4, err) < 0)
        goto done;
    *compact = chartex_table_to_json(table, 0, NULL, err);
    if (*compact == NULL)
        goto done;
    *pretty = chartex_table_to_json(table, 2, NULL, err);
    if (*pretty == NULL)
        goto done;
    rc = chartex_table_emit(table, &sink, NULL, err);
done:
    if (rc < 0) {
        chartex_free(*compact);
        chartex_free(*pretty);
        *compact = *pretty = NULL;
    }
    chartex_table_free(table);
    return rc;
}

Test(alloc, table)
{
    char *want_c, *want_p, *got_c, *got_p;
    chartex_error err;
    long n, total;

    cr_assert_eq(chartex__alloc_live, 0);
    chartex__alloc_count = 0;
    chartex__alloc_fail_at = 0;
    memset(&err, 0, sizeof err);
    cr_assert_eq(table_run(&want_c, &want_p, &err), 0, "%s", err.text);
    total = chartex__alloc_count;
    for (n = 1;; n++) {
        int rc;

        memset(&err, 0, sizeof err);
        chartex__alloc_count = 0;
        chartex__alloc_fail_at = n;
        rc = table_run(&got_c, &got_p, &err);
        chartex__alloc_fail_at = 0;
        if (rc == 0) {
            cr_assert_eq(n, total + 1, "%ld allocations, then %ld", total,
                         chartex__alloc_count);
            cr_assert_str_eq(got_c, want_c);
            cr_assert_str_eq(got_p, want_p);
            chartex_free(got_c);
            chartex_free(got_p);
            break;
        }
        cr_assert_eq(err.code, CHARTEX_ERR_NOMEM, "allocation %ld: code %d: %s", n,
                     (int)err.code, err.text);
        cr_assert_eq(chartex__alloc_live, 2, "allocation %ld: %ld blocks live", n,
                     chartex__alloc_live);
    }
    chartex_free(want_c);
    chartex_free(want_p);
    cr_assert_eq(chartex__alloc_live, 0, "blocks leaked");
}
