/*
 * test_records.c - an artist's columns (src/scene/scene_columns.c) and what a
 * chart gives of them (src/chart/records.c): RECORD artists under the key of
 * their record kind, a bar's per-bar columns as keys of its element, the
 * builder's refusals, their scene JSON (src/scene/scene_write.c,
 * src/scene/scene_read_columns.c) read back and refused; and the exact angle of
 * a Plotly pie's wedge (CHARTEX_WEDGE_EXACT, src/chart/kinds.c).
 */
#include <criterion/criterion.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

/* A column of n numbers (NULL: none) and texts (NULL entries: none). */
static void
column(chartex_artist *a, const char *name, size_t n, const double *num,
       const char *const *texts)
{
    size_t lens[16], i;

    cr_assert_leq(n, 16);
    for (i = 0; texts != NULL && i < n; i++)
        lens[i] = texts[i] != NULL ? strlen(texts[i]) : 0;
    cr_assert_eq(chartex_artist_add_column(a, name, strlen(name), n, num, texts,
                                           texts != NULL ? lens : NULL, NULL), 0);
}

static chartex_artist *
record(chartex_axes *ax, chartex_record_kind kind)
{
    chartex_artist *a = h_artist(ax, CHARTEX_ARTIST_RECORD, NULL);

    cr_assert_eq(chartex_artist_set_record(a, kind, NULL), 0);
    return a;
}

Test(records, a_hierarchy_is_an_unknown_chart_with_its_columns)
{
    static const char *const labels[3] = {"Eve", "Cain", "Seth"};
    static const char *const parents[3] = {"", "Eve", "Eve"};
    static const double values[3] = {10, 14, NAN};
    static const char *const name[1] = {"fam"};
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    chartex_artist *a = record(ax, CHARTEX_RECORD_HIERARCHY);

    column(a, "name", 1, NULL, name);
    cr_assert_eq(chartex_artist_set_column_scalar(a, NULL), 0);
    column(a, "labels", 3, NULL, labels);
    column(a, "parents", 3, NULL, parents);
    column(a, "values", 3, values, NULL);
    h_expect(s, "{\"type\":\"unknown\",\"title\":null,\"elements\":[]," NO_AXES ","
                "\"hierarchy\":[{\"name\":\"fam\",\"labels\":[\"Eve\",\"Cain\",\"Seth\"],"
                "\"parents\":[\"\",\"Eve\",\"Eve\"],\"values\":[10.0,14.0,null]}]}");
}

Test(records, mixed_cells_rows_and_kinds_in_order)
{
    static const char *const header[2] = {"a", "b"};
    static const double num[5] = {1, 2, NAN, INFINITY, 5};
    static const char *const txt[5] = {NULL, NULL, "x", NULL, NULL};
    static const size_t rows[2] = {3, 2};
    static const double v[1] = {7};
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    chartex_artist *geo = record(ax, CHARTEX_RECORD_GEO), *t1, *t2, *ind;

    column(geo, "lon", 1, v, NULL);
    t1 = record(ax, CHARTEX_RECORD_TABLE);
    column(t1, "header", 2, NULL, header);
    column(t1, "columns", 5, num, txt);
    cr_assert_eq(chartex_artist_set_column_rows(t1, 2, rows, NULL), 0);
    t2 = record(ax, CHARTEX_RECORD_TABLE);
    column(t2, "header", 0, NULL, NULL);
    ind = record(ax, CHARTEX_RECORD_INDICATOR);
    column(ind, "value", 1, v, NULL);
    cr_assert_eq(chartex_artist_set_column_scalar(ind, NULL), 0);
    /* a record without columns is no record: not given */
    record(ax, CHARTEX_RECORD_SANKEY);
    /* keys in the order of the record kinds, records in drawing order */
    h_expect(s, "{\"type\":\"unknown\",\"title\":null,\"elements\":[]," NO_AXES ","
                "\"table\":[{\"header\":[\"a\",\"b\"],\"columns\":[[1.0,2.0,\"x\"],[null,5.0]]},"
                "{\"header\":[]}],\"indicator\":[{\"value\":7.0}],\"geo\":[{\"lon\":[7.0]}]}");
}

Test(records, polar_is_one_object_and_not_data)
{
    static const char *const unit[1] = {"degrees"};
    static const double x[2] = {0, 90}, y[2] = {1, 2};
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    chartex_artist *p = record(ax, CHARTEX_RECORD_POLAR), *q;

    chartex_artist_set_role(p, CHARTEX_ROLE_DECORATION);
    column(p, "theta_unit", 1, NULL, unit);
    cr_assert_eq(chartex_artist_set_column_scalar(p, NULL), 0);
    q = record(ax, CHARTEX_RECORD_POLAR);
    chartex_artist_set_role(q, CHARTEX_ROLE_DECORATION);
    column(q, "other", 1, x, NULL);
    /* a decoration alone makes no chart */
    {
        char *text = h_json(s);

        cr_assert_str_eq(text, "{}");
        chartex_free(text);
    }
    h_line(ax, "r", 2, x, y, 0);
    h_expect_has(s, "\"y_scale\":\"linear\",\"polar\":{\"theta_unit\":\"degrees\"}}");
    chartex_scene_free(s);
}

Test(records, per_bar_columns_are_keys_of_each_bar)
{
    static const double x[3] = {-0.4, 0.6, 1.6}, y[3] = {0, 3, 0}, w[3] = {0.8, 0.8, 0.8},
                        h[3] = {3, -1, 2}, total[3] = {3, 2, 2}, two[2] = {1, 2};
    static const char *const measure[3] = {"relative", "relative", "total"};
    static const char *const label[3] = {"no", "no", "no"};
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    chartex_artist *a = h_artist(ax, CHARTEX_ARTIST_BARS, "w");

    cr_assert_eq(chartex_artist_set_bars(a, 3, x, y, w, h, NULL, NULL), 0);
    column(a, "measure", 3, NULL, measure);
    column(a, "total", 3, total, NULL);
    column(a, "label", 3, NULL, label);     /* the element has it: left out */
    column(a, "short", 2, two, NULL);       /* not one cell per bar: left out */
    /* Bar 1 floats (bars.c gives its "base"): the columns' keys follow. */
    h_expect(s, "{\"type\":\"bar\",\"title\":null,\"elements\":["
                "{\"label\":\"0\",\"group\":\"w\",\"value\":3.0,\"measure\":\"relative\",\"total\":3.0},"
                "{\"label\":\"1\",\"group\":\"w\",\"value\":-1.0,\"base\":3.0,"
                "\"measure\":\"relative\",\"total\":2.0},"
                "{\"label\":\"2\",\"group\":\"w\",\"value\":2.0,\"measure\":\"total\",\"total\":2.0}],"
                "\"x_label\":null,\"y_label\":null,\"x_unit\":null,\"y_unit\":null,"
                "\"orientation\":\"vertical\"}");
}

Test(records, the_builder_refuses)
{
    static const double one[1] = {1}, two[2] = {1, 2};
    static const size_t rows[2] = {1, 2};
    const char *t[1] = {"x"};
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    chartex_artist *a = h_artist(ax, CHARTEX_ARTIST_RECORD, NULL);
    chartex_artist *line = h_artist(ax, CHARTEX_ARTIST_LINE, NULL);
    chartex_error err;

    cr_assert_eq(chartex_artist_add_column(a, "", 0, 1, one, NULL, NULL, &err), -1);
    cr_assert_eq(err.code, CHARTEX_ERR_INVALID);
    cr_assert_eq(chartex_artist_add_column(a, "a\0b", 3, 1, one, NULL, NULL, &err), -1);
    cr_assert_eq(chartex_artist_add_column(a, "\xc1\xa2", 2, 1, one, NULL, NULL, &err), -1);
    cr_assert_eq(chartex_artist_add_column(a, "t", 1, 1, NULL, t, NULL, &err), -1);
    cr_assert_eq(chartex_artist_add_column(NULL, "a", 1, 1, one, NULL, NULL, &err), -1);
    cr_assert_eq(chartex_artist_set_column_rows(a, 0, NULL, &err), -1);   /* no column yet */
    cr_assert_eq(chartex_artist_set_column_scalar(a, &err), -1);
    cr_assert_eq(chartex_artist_add_column(a, "a", 1, 2, two, NULL, NULL, &err), 0);
    cr_assert_eq(chartex_artist_add_column(a, "a", 1, 1, one, NULL, NULL, &err), -1);
    cr_assert(strstr(err.text, "second column") != NULL, "%s", err.text);
    cr_assert_eq(chartex_artist_set_column_scalar(a, &err), -1);        /* two cells */
    cr_assert_eq(chartex_artist_set_column_rows(a, 2, rows, &err), -1); /* 3 != 2 */
    cr_assert_eq(chartex_artist_set_column_rows(a, 1, NULL, &err), -1);
    cr_assert_eq(chartex_artist_set_column_rows(a, 1, rows + 1, &err), 0);
    cr_assert_eq(chartex_artist_set_column_scalar(a, &err), -1);        /* rows */
    cr_assert_eq(chartex_artist_set_record(line, CHARTEX_RECORD_GEO, &err), -1);
    cr_assert_eq(chartex_artist_set_record(a, (chartex_record_kind)99, &err), -1);
    cr_assert_eq(chartex_artist_set_record(NULL, CHARTEX_RECORD_GEO, &err), -1);
    /* any artist holds columns; only records and bars give them */
    cr_assert_eq(chartex_artist_add_column(line, "a", 1, 1, one, NULL, NULL, &err), 0);
    chartex_scene_free(s);
}

/* The scene with records and bar columns, written and read back. */
static const char round_trip[] =
    "{\"version\":1,\"axes\":[{\"artists\":["
    "{\"kind\":\"bars\",\"label\":\"w\",\"bars\":{\"x\":[0.0],\"y\":[0.0],\"w\":[1.0],"
    "\"h\":[2.0],\"values\":[2.0]},\"columns\":[{\"name\":\"measure\",\"texts\":[\"total\"]}]},"
    "{\"kind\":\"record\",\"role\":\"decoration\",\"record\":\"polar\",\"columns\":["
    "{\"name\":\"rotation\",\"numbers\":[90.0],\"scalar\":true}]},"
    "{\"kind\":\"record\",\"columns\":[{\"name\":\"labels\",\"texts\":[\"a\",null,\"\"]},"
    "{\"name\":\"values\",\"numbers\":[1.0,null,\"Infinity\"],\"texts\":[null,\"two\",null]},"
    "{\"name\":\"empty\",\"numbers\":[]},"
    "{\"name\":\"rows\",\"numbers\":[1.0,2.0,3.0],\"rows\":[0,1,2]}]},"
    "{\"kind\":\"record\",\"record\":\"sankey\",\"columns\":[{\"name\":\"x\",\"numbers\":[1.0]}]}"
    "]}]}";

Test(records, scene_json_round_trip)
{
    chartex_error err;
    chartex_scene *s = chartex_scene_from_json(round_trip, strlen(round_trip), &err);
    char *text;

    cr_assert_not_null(s, "%s", err.text);
    text = chartex_scene_to_json(s, 0, NULL, &err);
    cr_assert_not_null(text, "%s", err.text);
    cr_assert_str_eq(text, round_trip);
    chartex_free(text);
    h_expect_has(s, "{\"label\":\"0.5\",\"group\":\"w\",\"value\":2.0,\"measure\":\"total\"}");
    h_expect_has(s, "\"hierarchy\":[{\"labels\":[\"a\",null,\"\"],\"values\":[1.0,\"two\",null],"
                    "\"empty\":[],\"rows\":[[],[1.0],[2.0,3.0]]}],\"sankey\":[{\"x\":[1.0]}],"
                    "\"polar\":{\"rotation\":90.0}}");
    chartex_scene_free(s);
}

Test(records, scene_json_refused)
{
    static const struct {
        const char *artist, *message;
    } bad[] = {
        {"{\"kind\":\"record\",\"record\":\"tree\"}", "unknown record kind \"tree\""},
        {"{\"kind\":\"record\",\"columns\":{}}", "expected an array of columns"},
        {"{\"kind\":\"record\",\"columns\":[1]}", "columns[0]: expected a column object"},
        {"{\"kind\":\"record\",\"columns\":[{\"numbers\":[]}]}", "missing \"name\""},
        {"{\"kind\":\"record\",\"columns\":[{\"name\":\"\"}]}", "a column needs a name"},
        {"{\"kind\":\"record\",\"columns\":[{\"name\":\"a\"},{\"name\":\"a\"}]}",
         "a second column named \"a\""},
        {"{\"kind\":\"record\",\"columns\":[{\"name\":\"a\",\"numbers\":[1],\"texts\":[]}]}",
         "1 numbers and 0 texts"},
        {"{\"kind\":\"record\",\"columns\":[{\"name\":\"a\",\"texts\":[1]}]}",
         "texts[0]: expected a string"},
        {"{\"kind\":\"record\",\"columns\":[{\"name\":\"a\",\"numbers\":[1],\"rows\":[2]}]}",
         "rows of 2 cells for a column of 1"},
        {"{\"kind\":\"record\",\"columns\":[{\"name\":\"a\",\"numbers\":[1],\"rows\":[-1]}]}",
         "rows[0]: expected a non-negative integer"},
        {"{\"kind\":\"record\",\"columns\":[{\"name\":\"a\",\"numbers\":[1,2],\"scalar\":true}]}",
         "a scalar column has one cell"},
        {"{\"kind\":\"record\",\"columns\":[{\"name\":\"a\",\"numbers\":[1],\"scalar\":1}]}",
         "scalar: expected true or false"},
    };
    size_t i;

    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char text[512];
        chartex_error err;
        chartex_scene *s;

        snprintf(text, sizeof text, "{\"version\":1,\"axes\":[{\"artists\":[%s]}]}",
                 bad[i].artist);
        s = chartex_scene_from_json(text, strlen(text), &err);
        cr_expect_null(s, "%s", bad[i].artist);
        chartex_scene_free(s);
        cr_expect_eq(err.code, CHARTEX_ERR_PARSE, "%s: %s", bad[i].artist, err.text);
        cr_expect(strstr(err.text, bad[i].message) != NULL, "%s: %s", bad[i].artist, err.text);
    }
}

/* A Plotly pie's wedge of 2.211553546 degrees from 12 o'clock: its angle
 * as given (CHARTEX_WEDGE_EXACT), where matplotlib's float32 rule keeps 4
 * decimals near 90 degrees.  An angle with more digits keeps 13 decimal
 * places, the precision of doubles near 90 degrees. */
Test(records, exact_wedge_angle)
{
    double ang = 2.211553546, t2 = 90, t1 = t2 - ang, long_ang = 7.0 / 1139.5 * 360;
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    chartex_artist *a = h_artist(ax, CHARTEX_ARTIST_WEDGE, "a");
    chartex_artist *b = h_artist(ax, CHARTEX_ARTIST_WEDGE, "b");
    chartex_artist *c = h_artist(ax, CHARTEX_ARTIST_WEDGE, "c");
    chartex_error err;
    chartex_chart *chart;
    const chartex__node *el;

    chartex_artist_set_wedge(a, t1, t2, 1.0);
    chartex_artist_set_flags(a, CHARTEX_WEDGE_EXACT);
    chartex_artist_set_wedge(b, t1 - 300, t1, 1.0);
    chartex_artist_set_flags(b, CHARTEX_WEDGE_EXACT);
    chartex_artist_set_wedge(c, t1 - 300 - long_ang, t1 - 300, 1.0);
    chartex_artist_set_flags(c, CHARTEX_WEDGE_EXACT);
    h_expect_has(s, "{\"label\":\"a\",\"angle\":2.211553546,\"radius\":1.0},"
                    "{\"label\":\"b\",\"angle\":300.0,\"radius\":1.0}");
    chart = chartex_chart_from_scene(s, &err);
    cr_assert_not_null(chart);
    el = h_get(chart->root, "elements")->u.list.items[2];
    cr_assert_float_eq(h_get(el, "angle")->u.number, long_ang, 1e-12);
    cr_assert_neq(h_get(el, "angle")->u.number, long_ang);   /* 13 decimals, not 16 */
    chartex_chart_free(chart);
    chartex_artist_set_flags(a, 0);
    h_expect_has(s, "{\"label\":\"a\",\"angle\":2.2116,\"radius\":1.0}");
    chartex_scene_free(s);
}
