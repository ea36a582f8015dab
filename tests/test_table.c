/*
 * test_table.c - the core's table: names, every kind of column, the
 * forms of dates and durations, the budget, and the emission into JSON
 * and into a sink that fails.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chartex.h"

static chartex_table *
table(size_t rows)
{
    chartex_table *t = chartex_table_new(rows, NULL);

    cr_assert_not_null(t);
    return t;
}

static chartex_column *
column(chartex_table *t, const char *name)
{
    chartex_column *c = chartex_table_add_column(t, name, strlen(name), NULL);

    cr_assert_not_null(c);
    return c;
}

static void
expect_json(const chartex_table *t, const char *want)
{
    size_t len = 0;
    chartex_error err = {0};
    char *text = chartex_table_to_json(t, 0, &len, &err);

    cr_assert_not_null(text, "%s", err.text);
    cr_expect_str_eq(text, want);
    cr_expect_eq(len, strlen(want));
    chartex_free(text);
}

Test(table, empty_tables)
{
    chartex_table *t = table(0);

    expect_json(t, "{}");
    column(t, "a");
    expect_json(t, "{\"a\":[]}");
    cr_expect_eq(chartex_table_columns(t), 1);
    chartex_table_free(t);
    chartex_table_free(NULL);
    t = table(2);
    column(t, "n");
    expect_json(t, "{\"n\":[null,null]}");
    chartex_table_free(t);
}

Test(table, duplicate_names_are_kept_under_free_names)
{
    chartex_table *t = table(1);
    const char *names[] = {"a", "a", "a.1", "a", "", ""};
    size_t i;

    for (i = 0; i < sizeof names / sizeof *names; i++)
        column(t, names[i]);
    expect_json(t, "{\"a\":[null],\"a.1\":[null],\"a.1.1\":[null],\"a.2\":[null],"
                   "\"\":[null],\".1\":[null]}");
    chartex_table_free(t);
}

Test(table, many_columns)
{
    chartex_table *t = table(0);
    char name[16];
    size_t i;

    for (i = 0; i < 10000; i++) {
        snprintf(name, sizeof name, "c%zu", i % 5000);
        column(t, name);
    }
    cr_expect_eq(chartex_table_columns(t), 10000);
    chartex_table_free(t);
}

Test(table, numbers_integers_booleans)
{
    chartex_table *t = table(4);
    double d[] = {0.1, NAN, INFINITY, -0.0};
    long long i[] = {-9223372036854775807LL - 1, 0, 12, 9223372036854775807LL};
    unsigned long long u[] = {18446744073709551615ULL, 0, 1, 2};
    unsigned char b[] = {1, 0, 7, 0}, nulls[] = {0, 1, 0, 0};

    cr_assert_eq(chartex_column_set_doubles(column(t, "d"), d, NULL), 0);
    cr_assert_eq(chartex_column_set_int64(column(t, "i"), i, NULL, NULL), 0);
    cr_assert_eq(chartex_column_set_uint64(column(t, "u"), u, nulls, NULL), 0);
    cr_assert_eq(chartex_column_set_bools(column(t, "b"), b, nulls, NULL), 0);
    expect_json(t, "{\"d\":[0.1,null,null,-0.0],"
                   "\"i\":[-9223372036854775808,0,12,9223372036854775807],"
                   "\"u\":[18446744073709551615,null,1,2],"
                   "\"b\":[true,null,true,false]}");
    chartex_table_free(t);
}

Test(table, datetimes)
{
    chartex_table *t = table(6);
    long long ns[] = {0, 1, 1500000000, -1, CHARTEX_TIME_NULL, 1711846800000000000LL};
    long long s[] = {253402300800LL, -62167219201LL, 86399, 0, 0, 0};
    long long days[] = {0, -719528, 2932896, 19723, CHARTEX_TIME_NULL, 1};
    int offsets[] = {3600, -19800, 0, 0, 0, 7200};
    int odd[] = {561, 0, 0, -561, 0, 0};

    cr_assert_eq(chartex_column_set_datetimes(column(t, "ns"), ns, CHARTEX_TIME_NS,
                                              NULL, NULL), 0);
    cr_assert_eq(chartex_column_set_datetimes(column(t, "s"), s, CHARTEX_TIME_S,
                                              NULL, NULL), 0);
    cr_assert_eq(chartex_column_set_datetimes(column(t, "d"), days, CHARTEX_TIME_DAY,
                                              NULL, NULL), 0);
    cr_assert_eq(chartex_column_set_datetimes(column(t, "tz"), ns, CHARTEX_TIME_NS,
                                              offsets, NULL), 0);
    cr_assert_eq(chartex_column_set_datetimes(column(t, "lmt"), s, CHARTEX_TIME_S,
                                              odd, NULL), 0);
    expect_json(t,
        "{\"ns\":[\"1970-01-01T00:00:00\",\"1970-01-01T00:00:00.000000001\","
        "\"1970-01-01T00:00:01.500000\",\"1969-12-31T23:59:59.999999999\",null,"
        "\"2024-03-31T01:00:00\"],"
        "\"s\":[\"10000-01-01T00:00:00\",\"-0001-12-31T23:59:59\",\"1970-01-01T23:59:59\","
        "\"1970-01-01T00:00:00\",\"1970-01-01T00:00:00\",\"1970-01-01T00:00:00\"],"
        "\"d\":[\"1970-01-01\",\"0000-01-01\",\"9999-12-31\",\"2024-01-01\",null,\"1970-01-02\"],"
        "\"tz\":[\"1970-01-01T01:00:00+01:00\",\"1969-12-31T18:30:00.000000001-05:30\","
        "\"1970-01-01T00:00:01.500000+00:00\",\"1969-12-31T23:59:59.999999999+00:00\",null,"
        "\"2024-03-31T03:00:00+02:00\"],"
        "\"lmt\":[\"10000-01-01T00:09:21+00:09:21\",\"-0001-12-31T23:59:59+00:00\","
        "\"1970-01-01T23:59:59+00:00\",\"1969-12-31T23:50:39-00:09:21\","
        "\"1970-01-01T00:00:00+00:00\",\"1970-01-01T00:00:00+00:00\"]}");
    offsets[0] = 86400;
    cr_expect_eq(chartex_column_set_datetimes(column(t, "bad"), ns, CHARTEX_TIME_NS,
                                              offsets, NULL), -1);
    cr_expect_eq(chartex_column_set_datetimes(column(t, "bad"), ns, 9, NULL, NULL), -1);
    chartex_table_free(t);
}

Test(table, durations_as_pandas_writes_them)
{
    chartex_table *t = table(7);
    long long ns[] = {3600000000000LL, 93784500000000LL, -3600000000000LL, 0,
                      -86399999999999LL, 1, CHARTEX_TIME_NULL};
    long long d[] = {3, -3, 0, 1, 2, 3, 4};

    cr_assert_eq(chartex_column_set_timedeltas(column(t, "ns"), ns, CHARTEX_TIME_NS,
                                               NULL), 0);
    cr_assert_eq(chartex_column_set_timedeltas(column(t, "d"), d, CHARTEX_TIME_DAY,
                                               NULL), 0);
    expect_json(t, "{\"ns\":[\"P0DT1H0M0S\",\"P1DT2H3M4.5S\",\"P-1DT23H0M0S\",\"P0DT0H0M0S\","
                   "\"P-1DT0H0M0.000000001S\",\"P0DT0H0M0.000000001S\",null],"
                   "\"d\":[\"P3DT0H0M0S\",\"P-3DT0H0M0S\",\"P0DT0H0M0S\",\"P1DT0H0M0S\","
                   "\"P2DT0H0M0S\",\"P3DT0H0M0S\",\"P4DT0H0M0S\"]}");
    chartex_table_free(t);
}

Test(table, complex_and_mixed)
{
    chartex_table *t = table(5);
    double c[] = {1, -2, NAN, 1, INFINITY, 0, 0.5, 0.25, 0, 0};
    chartex_column *m;

    cr_assert_eq(chartex_column_set_complex(column(t, "c"), c, NULL), 0);
    m = column(t, "m");
    cr_assert_eq(chartex_column_set_string(m, 0, "a\"\\\n\x01\0z", 7, NULL), 0);
    cr_assert_eq(chartex_column_set_integer(m, 1, 1, 1ULL << 63, NULL), 0);
    cr_assert_eq(chartex_column_set_integer(m, 2, 1, 0, NULL), 0);
    cr_assert_eq(chartex_column_set_boolean(m, 3, 5, NULL), 0);
    cr_assert_eq(chartex_column_set_complex_at(m, 4, 1, INFINITY, NULL), 0);
    cr_expect_eq(chartex_column_set_integer(m, 4, 1, (1ULL << 63) + 1, NULL), -1);
    cr_expect_eq(chartex_column_set_number(m, 5, 1, NULL), -1);
    expect_json(t, "{\"c\":[[1.0,-2.0],null,[null,0.0],[0.5,0.25],[0.0,0.0]],"
                   "\"m\":[\"a\\\"\\\\\\n\\u0001\\u0000z\",-9223372036854775808,0,true,"
                   "[1.0,null]]}");
    /* Invalid UTF-8 reads as U+FFFD, as Python's decoder does. */
    cr_assert_eq(chartex_column_set_string(m, 0, "\xff\xe2\x82", 3, NULL), 0);
    cr_assert_eq(chartex_column_set_number(m, 1, NAN, NULL), 0);
    cr_assert_eq(chartex_column_set_null(m, 2, NULL), 0);
    cr_assert_eq(chartex_column_set_string(m, 3, "", 0, NULL), 0);
    expect_json(t, "{\"c\":[[1.0,-2.0],null,[null,0.0],[0.5,0.25],[0.0,0.0]],"
                   "\"m\":[\"\xef\xbf\xbd\xef\xbf\xbd\",null,null,\"\",[1.0,null]]}");
    chartex_table_free(t);
}

/* The budget keeps the most rows, alternately from both ends, whose
 * compact JSON fits. */
Test(table, limit)
{
    chartex_table *t = table(6);
    long long v[] = {0, 1, 2, 3, 4, 5};
    chartex_error err = {0};
    char *text;
    size_t len, full;

    cr_assert_eq(chartex_column_set_int64(column(t, "x"), v, NULL, NULL), 0);
    expect_json(t, "{\"x\":[0,1,2,3,4,5]}");
    full = strlen("{\"x\":[0,1,2,3,4,5]}");
    cr_expect_eq(chartex_table_limit(t, full, 0, NULL), 6);
    cr_expect_eq(chartex_table_rows_kept(t), 6);
    cr_expect_eq(chartex_table_limit(t, full - 1, 0, NULL), 5);
    expect_json(t, "{\"x\":[0,1,2,4,5]}");
    cr_expect_eq(chartex_table_limit(t, strlen("{\"x\":[0,5]}"), 0, NULL), 2);
    expect_json(t, "{\"x\":[0,5]}");
    cr_expect_eq(chartex_table_limit(t, strlen("{\"x\":[0]}"), 0, NULL), 1);
    expect_json(t, "{\"x\":[0]}");
    cr_expect_eq(chartex_table_limit(t, strlen("{\"x\":[]}"), 0, NULL), 0);
    expect_json(t, "{\"x\":[]}");
    cr_expect_eq(chartex_table_limit(t, 5, 0, &err), -1);
    cr_expect_eq(err.code, CHARTEX_ERR_LIMIT);
    cr_expect_eq(chartex_table_limit(t, 0, 0, NULL), 6);
    cr_expect_eq(chartex_table_rows_kept(t), 6);
    /* Every bound agrees with the text it makes. */
    for (len = 8; len <= full; len++) {
        long long r = chartex_table_limit(t, len, 0, NULL);
        size_t n;

        text = chartex_table_to_json(t, 0, &n, NULL);
        cr_assert_not_null(text);
        cr_expect_leq(n, len);
        cr_expect_eq((size_t)r, chartex_table_rows_kept(t));
        chartex_free(text);
    }
    chartex_table_free(t);
}

Test(table, long_strings_are_cut)
{
    chartex_table *t = table(2);
    chartex_column *c = column(t, "s");

    cr_assert_eq(chartex_column_set_string(c, 0, "h\xc3\xa9llo w\xf0\x9f\x98\x80rld", 15, NULL), 0);
    cr_assert_eq(chartex_column_set_string(c, 1, "abc", 3, NULL), 0);
    cr_expect_eq(chartex_table_limit(t, 0, 3, NULL), 2);
    expect_json(t, "{\"s\":[\"h\xc3\xa9l\xe2\x80\xa6\",\"abc\"]}");
    cr_expect_eq(chartex_table_limit(t, 0, 7, NULL), 2);
    expect_json(t, "{\"s\":[\"h\xc3\xa9llo w\xe2\x80\xa6\",\"abc\"]}");
    cr_expect_eq(chartex_table_limit(t, strlen("{\"s\":[\"h\xc3\xa9l\xe2\x80\xa6\"]}"), 3,
                                     NULL), 1);
    cr_expect_eq(chartex_table_limit(t, 0, 0, NULL), 2);
    expect_json(t, "{\"s\":[\"h\xc3\xa9llo w\xf0\x9f\x98\x80rld\",\"abc\"]}");
    chartex_table_free(t);
}

Test(table, indent_and_invalid_arguments)
{
    chartex_table *t = table(1);
    long long v[] = {-3};
    char *text;
    chartex_error err = {0};

    cr_assert_eq(chartex_column_set_int64(column(t, "x"), v, NULL, NULL), 0);
    text = chartex_table_to_json(t, 2, NULL, NULL);
    cr_assert_not_null(text);
    cr_expect_str_eq(text, "{\n  \"x\": [\n    -3\n  ]\n}");
    chartex_free(text);
    cr_expect_null(chartex_table_to_json(NULL, 0, NULL, &err));
    cr_expect_eq(err.code, CHARTEX_ERR_INVALID);
    cr_expect_null(chartex_table_add_column(NULL, "x", 1, NULL));
    cr_expect_null(chartex_table_add_column(t, NULL, 1, NULL));
    cr_expect_eq(chartex_column_set_doubles(NULL, NULL, NULL), -1);
    cr_expect_eq(chartex_table_emit(t, NULL, NULL, NULL), -1);
    cr_expect_eq(chartex_table_dump(t, 0, NULL, NULL, NULL), -1);
    chartex_table_free(t);
}

/* ---------------------------------------------------------------- sinks */

typedef struct events {
    int n, fail_at;
    char log[512];
} events;

static int
ev(events *e, const char *what)
{
    e->n++;
    strncat(e->log, what, sizeof e->log - strlen(e->log) - 1);
    return e->fail_at > 0 && e->n == e->fail_at ? -1 : 0;
}

static int e_bo(void *c) { return ev(c, "{"); }
static int e_eo(void *c) { return ev(c, "}"); }
static int e_ba(void *c) { return ev(c, "["); }
static int e_ea(void *c) { return ev(c, "]"); }
static int e_key(void *c, const char *s, size_t n) { (void)s; (void)n; return ev(c, "k"); }
static int e_str(void *c, const char *s, size_t n) { (void)s; (void)n; return ev(c, "s"); }
static int e_num(void *c, double v) { (void)v; return ev(c, "n"); }
static int e_bool(void *c, int v) { (void)v; return ev(c, "b"); }
static int e_null(void *c) { return ev(c, "0"); }
static int e_int(void *c, int neg, unsigned long long m) { (void)neg; (void)m; return ev(c, "i"); }

Test(table, events_and_a_failing_sink)
{
    chartex_table *t = table(2);
    long long v[] = {1, 2};
    double c[] = {1, 2, 3, 4};
    events e;
    chartex_sink sink = {e_bo, e_key, e_eo, e_ba, e_ea, e_str, e_num, e_bool, e_null, &e};
    chartex_error err = {0};
    int k;

    cr_assert_eq(chartex_column_set_int64(column(t, "i"), v, NULL, NULL), 0);
    cr_assert_eq(chartex_column_set_complex(column(t, "c"), c, NULL), 0);
    memset(&e, 0, sizeof e);
    cr_assert_eq(chartex_table_emit(t, &sink, e_int, NULL), 0);
    cr_expect_str_eq(e.log, "{k[ii]k[[nn][nn]]}");
    memset(&e, 0, sizeof e);
    cr_assert_eq(chartex_table_emit(t, &sink, NULL, NULL), 0);
    cr_expect_str_eq(e.log, "{k[nn]k[[nn][nn]]}");
    for (k = 1; k <= 18; k++) {
        memset(&e, 0, sizeof e);
        e.fail_at = k;
        err.code = CHARTEX_OK;
        cr_expect_eq(chartex_table_emit(t, &sink, e_int, &err), -1);
        cr_expect_eq(err.code, CHARTEX_ERR_SINK);
    }
    chartex_table_free(t);
}
