/*
 * test_json.c - the JSON sink and the emitter: string escaping and layouts
 * byte-identical to Python's json.dumps, sink failures, allocation
 * failures.
 */
#include <criterion/criterion.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart/chart_tree.h"

struct escape_case {
    const char *in;
    size_t in_len;
    const char *out;
};

/* Generated with Python: json.dumps(b.decode('utf-8', 'replace'), ensure_ascii=False). */
static const struct escape_case escape_cases[] = {
    {"\x00", 1, "\"\\u0000\""},
    {"\x01", 1, "\"\\u0001\""},
    {"\x02", 1, "\"\\u0002\""},
    {"\x03", 1, "\"\\u0003\""},
    {"\x04", 1, "\"\\u0004\""},
    {"\x05", 1, "\"\\u0005\""},
    {"\x06", 1, "\"\\u0006\""},
    {"\x07", 1, "\"\\u0007\""},
    {"\x08", 1, "\"\\b\""},
    {"\x09", 1, "\"\\t\""},
    {"\n", 1, "\"\\n\""},
    {"\x0b", 1, "\"\\u000b\""},
    {"\x0c", 1, "\"\\f\""},
    {"\x0d", 1, "\"\\r\""},
    {"\x0e", 1, "\"\\u000e\""},
    {"\x0f", 1, "\"\\u000f\""},
    {"\x10", 1, "\"\\u0010\""},
    {"\x11", 1, "\"\\u0011\""},
    {"\x12", 1, "\"\\u0012\""},
    {"\x13", 1, "\"\\u0013\""},
    {"\x14", 1, "\"\\u0014\""},
    {"\x15", 1, "\"\\u0015\""},
    {"\x16", 1, "\"\\u0016\""},
    {"\x17", 1, "\"\\u0017\""},
    {"\x18", 1, "\"\\u0018\""},
    {"\x19", 1, "\"\\u0019\""},
    {"\x1a", 1, "\"\\u001a\""},
    {"\x1b", 1, "\"\\u001b\""},
    {"\x1c", 1, "\"\\u001c\""},
    {"\x1d", 1, "\"\\u001d\""},
    {"\x1e", 1, "\"\\u001e\""},
    {"\x1f", 1, "\"\\u001f\""},
    {"\"", 1, "\"\\\"\""},
    {"\\", 1, "\"\\\\\""},
    {"\x7f", 1, "\"\x7f\""},
    {"/", 1, "\"/\""},
    {"plain ascii", 11, "\"plain ascii\""},
    {"\xc3\xa9", 2, "\"\xc3\xa9\""},
    {"\xe6\xbc\xa2\xe5\xad\x97", 6, "\"\xe6\xbc\xa2\xe5\xad\x97\""},
    {"\xf0\x9f\x98\x80", 4, "\"\xf0\x9f\x98\x80\""},
    {"\xc2\xb0""C \xc3\x97""10\xc2\xb3 \xe2\x88\x92", 14, "\"\xc2\xb0""C \xc3\x97""10\xc2\xb3 \xe2\x88\x92\""},
    {"\x80", 1, "\"\xef\xbf\xbd\""},
    {"\xbf", 1, "\"\xef\xbf\xbd\""},
    {"\xc0\xaf", 2, "\"\xef\xbf\xbd\xef\xbf\xbd\""},
    {"\xc1\xbf", 2, "\"\xef\xbf\xbd\xef\xbf\xbd\""},
    {"\xe0\x80\xaf", 3, "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\""},
    {"\xe0\x9f\xbf", 3, "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\""},
    {"\xf0\x80\x80\xaf", 4, "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\""},
    {"\xf0\x8f\xbf\xbf", 4, "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\""},
    {"\xed\xa0\x80", 3, "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\""},
    {"\xed\xbf\xbf", 3, "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\""},
    {"\xed\x9f\xbf", 3, "\"\xed\x9f\xbf\""},
    {"\xf4\x90\x80\x80", 4, "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\""},
    {"\xf4\x8f\xbf\xbf", 4, "\"\xf4\x8f\xbf\xbf\""},
    {"\xf5\x80\x80\x80", 4, "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\""},
    {"\xfe", 1, "\"\xef\xbf\xbd\""},
    {"\xff", 1, "\"\xef\xbf\xbd\""},
    {"\xe2\x82", 2, "\"\xef\xbf\xbd\""},
    {"\xe2\x82""A", 3, "\"\xef\xbf\xbd""A\""},
    {"\xf0\x9f\x98", 3, "\"\xef\xbf\xbd\""},
    {"\xf0\x9f\x98x", 4, "\"\xef\xbf\xbdx\""},
    {"\xc3", 1, "\"\xef\xbf\xbd\""},
    {"a\xc3", 2, "\"a\xef\xbf\xbd\""},
    {"\xc3\xa9\xc3", 3, "\"\xc3\xa9\xef\xbf\xbd\""},
    {"x\x00y", 3, "\"x\\u0000y\""},
    {"\xe2\x80\xa8\xe2\x80\xa9", 6, "\"\xe2\x80\xa8\xe2\x80\xa9\""},
    {"\xef\xbb\xbf", 3, "\"\xef\xbb\xbf\""},
    {"\xef\xbf\xbd", 3, "\"\xef\xbf\xbd\""},
    {"\xf0\x90\x80\x80", 4, "\"\xf0\x90\x80\x80\""},
    {"\xc2\x80\xdf\xbf\xe0\xa0\x80\xef\xbf\xbf", 10, "\"\xc2\x80\xdf\xbf\xe0\xa0\x80\xef\xbf\xbf\""},
    {"mix \"q\" \\ \n\x09\x1f \xff \xe4\xb8\xad end", 23, "\"mix \\\"q\\\" \\\\ \\n\\t\\u001f \xef\xbf\xbd \xe4\xb8\xad end\""},
    {"", 0, "\"\""},
};
/* Generated with Python's json.dumps of the dict the tree stands for. */
static const char tree_compact[] = "{\"type\":\"line\",\"title\":null,\"flag\":true,\"off\":false,\"elements\":[{\"label\":\"Line 0\",\"points\":[[0.0,0.1],[1.5,100.0],[null,1e-07],[1e+16,null],[-0.0,5e-324]]},{\"label\":\"dates \\\"and\\\" cats\",\"points\":[[\"1970-01-01T00:00:00\",\"a\"],[\"2024-01-01T12:00:00.123456\",\"b\"],[null,\"c\"],[null,2.5],[\"1969-12-30T12:00:00\",3.0],[\"1970-01-01T12:00:00\",-1.0],[\"1970-01-02T00:00:00\",\"a\"],[null,null]]}],\"x_ticks\":[1.0,null,0.30000000000000004,1e-05,123456789.123,-1e+300],\"empty_list\":[],\"empty_obj\":{},\"empty_points\":[],\"nested\":[[[]],{\"a\":[1.0,{\"b\":{}}],\"\":\"empty key\"}],\"text\":\"quote \\\" backslash \\\\ newline \\n tab \\t ctrl \\u0001 \xc3\xa9 \xe6\xbc\xa2 \xf0\x9f\x98\x80\",\"nan\":null}";
static const char tree_indent1[] =
    "{\n"
    " \"type\": \"line\",\n"
    " \"title\": null,\n"
    " \"flag\": true,\n"
    " \"off\": false,\n"
    " \"elements\": [\n"
    "  {\n"
    "   \"label\": \"Line 0\",\n"
    "   \"points\": [\n"
    "    [\n"
    "     0.0,\n"
    "     0.1\n"
    "    ],\n"
    "    [\n"
    "     1.5,\n"
    "     100.0\n"
    "    ],\n"
    "    [\n"
    "     null,\n"
    "     1e-07\n"
    "    ],\n"
    "    [\n"
    "     1e+16,\n"
    "     null\n"
    "    ],\n"
    "    [\n"
    "     -0.0,\n"
    "     5e-324\n"
    "    ]\n"
    "   ]\n"
    "  },\n"
    "  {\n"
    "   \"label\": \"dates \\\"and\\\" cats\",\n"
    "   \"points\": [\n"
    "    [\n"
    "     \"1970-01-01T00:00:00\",\n"
    "     \"a\"\n"
    "    ],\n"
    "    [\n"
    "     \"2024-01-01T12:00:00.123456\",\n"
    "     \"b\"\n"
    "    ],\n"
    "    [\n"
    "     null,\n"
    "     \"c\"\n"
    "    ],\n"
    "    [\n"
    "     null,\n"
    "     2.5\n"
    "    ],\n"
    "    [\n"
    "     \"1969-12-30T12:00:00\",\n"
    "     3.0\n"
    "    ],\n"
    "    [\n"
    "     \"1970-01-01T12:00:00\",\n"
    "     -1.0\n"
    "    ],\n"
    "    [\n"
    "     \"1970-01-02T00:00:00\",\n"
    "     \"a\"\n"
    "    ],\n"
    "    [\n"
    "     null,\n"
    "     null\n"
    "    ]\n"
    "   ]\n"
    "  }\n"
    " ],\n"
    " \"x_ticks\": [\n"
    "  1.0,\n"
    "  null,\n"
    "  0.30000000000000004,\n"
    "  1e-05,\n"
    "  123456789.123,\n"
    "  -1e+300\n"
    " ],\n"
    " \"empty_list\": [],\n"
    " \"empty_obj\": {},\n"
    " \"empty_points\": [],\n"
    " \"nested\": [\n"
    "  [\n"
    "   []\n"
    "  ],\n"
    "  {\n"
    "   \"a\": [\n"
    "    1.0,\n"
    "    {\n"
    "     \"b\": {}\n"
    "    }\n"
    "   ],\n"
    "   \"\": \"empty key\"\n"
    "  }\n"
    " ],\n"
    " \"text\": \"quote \\\" backslash \\\\ newline \\n tab \\t ctrl \\u0001 \xc3\xa9 \xe6\xbc\xa2 \xf0\x9f\x98\x80\",\n"
    " \"nan\": null\n"
    "}"
    ;
static const char tree_indent2[] =
    "{\n"
    "  \"type\": \"line\",\n"
    "  \"title\": null,\n"
    "  \"flag\": true,\n"
    "  \"off\": false,\n"
    "  \"elements\": [\n"
    "    {\n"
    "      \"label\": \"Line 0\",\n"
    "      \"points\": [\n"
    "        [\n"
    "          0.0,\n"
    "          0.1\n"
    "        ],\n"
    "        [\n"
    "          1.5,\n"
    "          100.0\n"
    "        ],\n"
    "        [\n"
    "          null,\n"
    "          1e-07\n"
    "        ],\n"
    "        [\n"
    "          1e+16,\n"
    "          null\n"
    "        ],\n"
    "        [\n"
    "          -0.0,\n"
    "          5e-324\n"
    "        ]\n"
    "      ]\n"
    "    },\n"
    "    {\n"
    "      \"label\": \"dates \\\"and\\\" cats\",\n"
    "      \"points\": [\n"
    "        [\n"
    "          \"1970-01-01T00:00:00\",\n"
    "          \"a\"\n"
    "        ],\n"
    "        [\n"
    "          \"2024-01-01T12:00:00.123456\",\n"
    "          \"b\"\n"
    "        ],\n"
    "        [\n"
    "          null,\n"
    "          \"c\"\n"
    "        ],\n"
    "        [\n"
    "          null,\n"
    "          2.5\n"
    "        ],\n"
    "        [\n"
    "          \"1969-12-30T12:00:00\",\n"
    "          3.0\n"
    "        ],\n"
    "        [\n"
    "          \"1970-01-01T12:00:00\",\n"
    "          -1.0\n"
    "        ],\n"
    "        [\n"
    "          \"1970-01-02T00:00:00\",\n"
    "          \"a\"\n"
    "        ],\n"
    "        [\n"
    "          null,\n"
    "          null\n"
    "        ]\n"
    "      ]\n"
    "    }\n"
    "  ],\n"
    "  \"x_ticks\": [\n"
    "    1.0,\n"
    "    null,\n"
    "    0.30000000000000004,\n"
    "    1e-05,\n"
    "    123456789.123,\n"
    "    -1e+300\n"
    "  ],\n"
    "  \"empty_list\": [],\n"
    "  \"empty_obj\": {},\n"
    "  \"empty_points\": [],\n"
    "  \"nested\": [\n"
    "    [\n"
    "      []\n"
    "    ],\n"
    "    {\n"
    "      \"a\": [\n"
    "        1.0,\n"
    "        {\n"
    "          \"b\": {}\n"
    "        }\n"
    "      ],\n"
    "      \"\": \"empty key\"\n"
    "    }\n"
    "  ],\n"
    "  \"text\": \"quote \\\" backslash \\\\ newline \\n tab \\t ctrl \\u0001 \xc3\xa9 \xe6\xbc\xa2 \xf0\x9f\x98\x80\",\n"
    "  \"nan\": null\n"
    "}"
    ;
static const char tree_indent4[] =
    "{\n"
    "    \"type\": \"line\",\n"
    "    \"title\": null,\n"
    "    \"flag\": true,\n"
    "    \"off\": false,\n"
    "    \"elements\": [\n"
    "        {\n"
    "            \"label\": \"Line 0\",\n"
    "            \"points\": [\n"
    "                [\n"
    "                    0.0,\n"
    "                    0.1\n"
    "                ],\n"
    "                [\n"
    "                    1.5,\n"
    "                    100.0\n"
    "                ],\n"
    "                [\n"
    "                    null,\n"
    "                    1e-07\n"
    "                ],\n"
    "                [\n"
    "                    1e+16,\n"
    "                    null\n"
    "                ],\n"
    "                [\n"
    "                    -0.0,\n"
    "                    5e-324\n"
    "                ]\n"
    "            ]\n"
    "        },\n"
    "        {\n"
    "            \"label\": \"dates \\\"and\\\" cats\",\n"
    "            \"points\": [\n"
    "                [\n"
    "                    \"1970-01-01T00:00:00\",\n"
    "                    \"a\"\n"
    "                ],\n"
    "                [\n"
    "                    \"2024-01-01T12:00:00.123456\",\n"
    "                    \"b\"\n"
    "                ],\n"
    "                [\n"
    "                    null,\n"
    "                    \"c\"\n"
    "                ],\n"
    "                [\n"
    "                    null,\n"
    "                    2.5\n"
    "                ],\n"
    "                [\n"
    "                    \"1969-12-30T12:00:00\",\n"
    "                    3.0\n"
    "                ],\n"
    "                [\n"
    "                    \"1970-01-01T12:00:00\",\n"
    "                    -1.0\n"
    "                ],\n"
    "                [\n"
    "                    \"1970-01-02T00:00:00\",\n"
    "                    \"a\"\n"
    "                ],\n"
    "                [\n"
    "                    null,\n"
    "                    null\n"
    "                ]\n"
    "            ]\n"
    "        }\n"
    "    ],\n"
    "    \"x_ticks\": [\n"
    "        1.0,\n"
    "        null,\n"
    "        0.30000000000000004,\n"
    "        1e-05,\n"
    "        123456789.123,\n"
    "        -1e+300\n"
    "    ],\n"
    "    \"empty_list\": [],\n"
    "    \"empty_obj\": {},\n"
    "    \"empty_points\": [],\n"
    "    \"nested\": [\n"
    "        [\n"
    "            []\n"
    "        ],\n"
    "        {\n"
    "            \"a\": [\n"
    "                1.0,\n"
    "                {\n"
    "                    \"b\": {}\n"
    "                }\n"
    "            ],\n"
    "            \"\": \"empty key\"\n"
    "        }\n"
    "    ],\n"
    "    \"text\": \"quote \\\" backslash \\\\ newline \\n tab \\t ctrl \\u0001 \xc3\xa9 \xe6\xbc\xa2 \xf0\x9f\x98\x80\",\n"
    "    \"nan\": null\n"
    "}"
    ;

Test(test_json, escape_like_python)
{
    size_t i;

    for (i = 0; i < sizeof escape_cases / sizeof escape_cases[0]; i++) {
        chartex__buf b = {0};

        cr_assert_eq(chartex__json_escape(&b, escape_cases[i].in,
                                          escape_cases[i].in_len), 0);
        cr_assert_eq(b.len, strlen(escape_cases[i].out), "case %zu", i);
        cr_assert(memcmp(b.data, escape_cases[i].out, b.len) == 0,
                  "case %zu: got %s want %s", i, b.data, escape_cases[i].out);
        chartex__buf_free(&b);
    }
}

/* Appends to what the buffer already holds. */
Test(test_json, escape_appends)
{
    chartex__buf b = {0};

    cr_assert_eq(chartex__buf_append(&b, "x=", 2), 0);
    cr_assert_eq(chartex__json_escape(&b, "a\"b", 3), 0);
    cr_assert_str_eq(b.data, "x=\"a\\\"b\"");
    chartex__buf_free(&b);
}

/* A failed buffer stays failed: escape reports it. */
Test(test_json, escape_on_failed_buffer)
{
    chartex__buf b = {0};

    b.failed = 1;
    cr_assert_eq(chartex__json_escape(&b, "abc", 3), -1);
    chartex__buf_free(&b);
}

/* ------------------------------------------------------------------ trees */

static const double pts_x[] = { 0.0, 1.5, NAN, 1e16, -0.0 };
static const double pts_y[] = { 0.1, 100.0, 1e-7, INFINITY, 5e-324 };
static const double mix_x[] = { 0.0, 19723.50000142889, NAN, 3e6, -1.5, 0.5, 1.0, INFINITY };
static const double mix_y[] = { 0.0, 1.0, 2.0, 2.5, 3.0, -1.0, -0.0, NAN };
static const double ticks[] = { 1.0, NAN, 0.30000000000000004, 1e-05, 123456789.123, -1e300 };

static struct chartex_axis date_axis, cat_axis;
static char *cat_names[] = { "a", "b", "c" };

static void
setup_axes(void)
{
    memset(&date_axis, 0, sizeof date_axis);
    date_axis.kind = CHARTEX_AXIS_DATE;
    date_axis.date_epoch = 0.0;
    memset(&cat_axis, 0, sizeof cat_axis);
    cat_axis.kind = CHARTEX_AXIS_CATEGORY;
    cat_axis.n_categories = 3;
    cat_axis.categories = cat_names;
}

static chartex__node *
object(void)
{
    return chartex__node_new(CHARTEX__NODE_OBJECT);
}

static chartex__node *
array(void)
{
    return chartex__node_new(CHARTEX__NODE_ARRAY);
}

static chartex__node *
element(const char *label, chartex__node *points)
{
    chartex__node *e = object();

    cr_assert_not_null(e);
    cr_assert_eq(chartex__object_add(e, "label", chartex__node_cstring(label)), 0);
    cr_assert_eq(chartex__object_add(e, "points", points), 0);
    return e;
}

/* The tree that gen_json.py's dict stands for. */
static chartex__node *
build_tree(void)
{
    static const char text[] =
        "quote \" backslash \\ newline \n tab \t ctrl \x01 \xc3\xa9 \xe6\xbc\xa2 \xf0\x9f\x98\x80";
    chartex__node *root = object(), *elements = array(), *nested = array();
    chartex__node *inner = array(), *obj = object(), *a = array(), *b = object();

    setup_axes();
    cr_assert(root && elements && nested && inner && obj && a && b);
    cr_assert_eq(chartex__object_add(root, "type", chartex__node_cstring("line")), 0);
    cr_assert_eq(chartex__object_add(root, "title", chartex__node_cstring(NULL)), 0);
    cr_assert_eq(chartex__object_add(root, "flag", chartex__node_bool(1)), 0);
    cr_assert_eq(chartex__object_add(root, "off", chartex__node_bool(0)), 0);
    cr_assert_eq(chartex__array_add(elements, element("Line 0",
        chartex__node_points(5, pts_x, pts_y, NULL, NULL))), 0);
    cr_assert_eq(chartex__array_add(elements, element("dates \"and\" cats",
        chartex__node_points(8, mix_x, mix_y, &date_axis, &cat_axis))), 0);
    cr_assert_eq(chartex__object_add(root, "elements", elements), 0);
    cr_assert_eq(chartex__object_add(root, "x_ticks",
        chartex__node_values(6, ticks, 1, NULL)), 0);
    cr_assert_eq(chartex__object_add(root, "empty_list", array()), 0);
    cr_assert_eq(chartex__object_add(root, "empty_obj", object()), 0);
    cr_assert_eq(chartex__object_add(root, "empty_points",
        chartex__node_points(0, NULL, NULL, NULL, NULL)), 0);
    cr_assert_eq(chartex__array_add(inner, array()), 0);
    cr_assert_eq(chartex__array_add(nested, inner), 0);
    cr_assert_eq(chartex__object_add(b, "b", object()), 0);
    cr_assert_eq(chartex__array_add(a, chartex__node_number(1.0)), 0);
    cr_assert_eq(chartex__array_add(a, b), 0);
    cr_assert_eq(chartex__object_add(obj, "a", a), 0);
    cr_assert_eq(chartex__object_add(obj, "", chartex__node_cstring("empty key")), 0);
    cr_assert_eq(chartex__array_add(nested, obj), 0);
    cr_assert_eq(chartex__object_add(root, "nested", nested), 0);
    cr_assert_eq(chartex__object_add(root, "text",
        chartex__node_string(text, sizeof text - 1)), 0);
    cr_assert_eq(chartex__object_add(root, "nan", chartex__node_number(NAN)), 0);
    return root;
}

static void
check_layout(int indent, const char *want)
{
    chartex_chart chart;
    chartex_error err;
    size_t len = 0;
    char *text;

    chart.root = build_tree();
    text = chartex_chart_to_json(&chart, indent, &len, &err);
    cr_assert_not_null(text, "%s", err.text);
    cr_assert_eq(len, strlen(want), "indent %d: got\n%s", indent, text);
    cr_assert_str_eq(text, want);
    chartex_free(text);
    chartex__node_free(chart.root);
}

Test(test_json, tree_compact_like_python)
{
    check_layout(0, tree_compact);
    check_layout(-3, tree_compact);
}

Test(test_json, tree_indent_like_python)
{
    check_layout(1, tree_indent1);
    check_layout(2, tree_indent2);
    check_layout(4, tree_indent4);
}

Test(test_json, empty_chart_is_empty_object)
{
    chartex_chart chart = { NULL };
    size_t len = 99;
    char *text;

    text = chartex_chart_to_json(&chart, 0, &len, NULL);
    cr_assert_str_eq(text, "{}");
    cr_assert_eq(len, 2);
    chartex_free(text);
    text = chartex_chart_to_json(&chart, 2, NULL, NULL);
    cr_assert_str_eq(text, "{}");
    chartex_free(text);
}

Test(test_json, null_chart_is_invalid)
{
    chartex_error err;

    cr_assert_null(chartex_chart_to_json(NULL, 0, NULL, &err));
    cr_assert_eq(err.code, CHARTEX_ERR_INVALID);
}

/* Top-level scalars and the writer used directly. */
Test(test_json, writer_scalars_and_take)
{
    chartex__json_writer *w = chartex__json_writer_new(2, 0);
    chartex_sink sink;
    size_t len;
    char *text;

    cr_assert_not_null(w);
    chartex__json_writer_sink(w, &sink);
    cr_assert_eq(sink.number(sink.ctx, 0.1), 0);
    text = chartex__json_writer_take(w, &len);
    cr_assert_str_eq(text, "0.1");
    cr_assert_eq(len, 3);
    chartex_free(text);
    /* The writer is empty again: nothing written gives "". */
    text = chartex__json_writer_take(w, &len);
    cr_assert_str_eq(text, "");
    cr_assert_eq(len, 0);
    chartex_free(text);
    cr_assert_eq(sink.begin_array(sink.ctx), 0);
    cr_assert_eq(sink.number(sink.ctx, NAN), 0);
    cr_assert_eq(sink.boolean(sink.ctx, 7), 0);
    cr_assert_eq(sink.end_array(sink.ctx), 0);
    /* Unbalanced ends are refused. */
    cr_assert_eq(sink.end_array(sink.ctx), -1);
    text = chartex__json_writer_take(w, NULL);
    cr_assert_str_eq(text, "[\n  null,\n  true\n]");
    chartex_free(text);
    chartex__json_writer_free(w);
    chartex__json_writer_free(NULL);
}

/* ------------------------------------------------------------ emit values */

struct recorder {
    chartex__buf log;
    int calls, fail_at;
    chartex_error *err;   /* filled on failure when not NULL */
};

static int
record(struct recorder *r, const char *what, const char *s, size_t len)
{
    if (++r->calls == r->fail_at) {
        if (r->err != NULL)
            chartex__error(r->err, CHARTEX_ERR_LIMIT, "recorder gave up");
        return -1;
    }
    chartex__buf_append(&r->log, what, strlen(what));
    if (s != NULL)
        chartex__buf_append(&r->log, s, len);
    return chartex__buf_putc(&r->log, ' ');
}

static int r_begin_object(void *c) { return record(c, "{", NULL, 0); }
static int r_end_object(void *c) { return record(c, "}", NULL, 0); }
static int r_begin_array(void *c) { return record(c, "[", NULL, 0); }
static int r_end_array(void *c) { return record(c, "]", NULL, 0); }
static int r_key(void *c, const char *s, size_t n) { return record(c, "k:", s, n); }
static int r_string(void *c, const char *s, size_t n) { return record(c, "s:", s, n); }
static int r_boolean(void *c, int v) { return record(c, v ? "true" : "false", NULL, 0); }
static int r_null(void *c) { return record(c, "null", NULL, 0); }
static int
r_number(void *c, double v)
{
    char buf[CHARTEX_DOUBLE_BUFSIZE];
    size_t n = chartex_format_double(v, buf);

    /* The sink contract: number() only sees finite values. */
    cr_assert(isfinite(v));
    return record(c, "n:", buf, n);
}

static chartex_sink
recorder_sink(struct recorder *r)
{
    chartex_sink s = { r_begin_object, r_key, r_end_object, r_begin_array,
                       r_end_array, r_string, r_number, r_boolean, r_null, r };
    return s;
}

Test(test_json, emit_value_per_axis)
{
    struct recorder r = {0};
    chartex_sink sink = recorder_sink(&r);
    struct chartex_axis old_epoch;

    setup_axes();
    memset(&old_epoch, 0, sizeof old_epoch);
    old_epoch.kind = CHARTEX_AXIS_DATE;
    old_epoch.date_epoch = 719163.0;
    cr_assert_eq(chartex__emit_value(2.5, NULL, &sink), 0);
    cr_assert_eq(chartex__emit_value(NAN, NULL, &sink), 0);
    cr_assert_eq(chartex__emit_value(-INFINITY, &cat_axis, &sink), 0);
    cr_assert_eq(chartex__emit_value(1.0, &cat_axis, &sink), 0);
    cr_assert_eq(chartex__emit_value(1.0000001, &cat_axis, &sink), 0);
    cr_assert_eq(chartex__emit_value(3.0, &cat_axis, &sink), 0);
    cr_assert_eq(chartex__emit_value(-1.0, &cat_axis, &sink), 0);
    cr_assert_eq(chartex__emit_value(-1.5, &date_axis, &sink), 0);
    cr_assert_eq(chartex__emit_value(1e7, &date_axis, &sink), 0);
    cr_assert_eq(chartex__emit_value(738955.6566001157, &old_epoch, &sink), 0);
    cr_assert_str_eq(r.log.data,
                     "n:2.5 null null s:b n:1.0000001 n:3.0 n:-1.0 "
                     "s:1969-12-30T12:00:00 null s:2024-03-10T15:45:30.250000 ");
    chartex__buf_free(&r.log);
}

/* Emitting a tree leaves a caller's error record as it was. */
Test(test_json, emit_success_keeps_err)
{
    struct recorder r = {0};
    chartex_sink sink = recorder_sink(&r);
    chartex_chart chart;
    chartex_error err;

    chart.root = build_tree();
    err.code = CHARTEX_ERR_PARSE;
    strcpy(err.text, "old");
    cr_assert_eq(chartex_chart_emit(&chart, &sink, &err), 0);
    cr_assert_eq(err.code, CHARTEX_ERR_PARSE);
    cr_assert_str_eq(err.text, "old");
    cr_assert(strncmp(r.log.data, "{ k:type s:line k:title null ", 29) == 0, "%s", r.log.data);
    chartex__node_free(chart.root);
    chartex__buf_free(&r.log);
}

/* A callback failing anywhere stops the walk with CHARTEX_ERR_SINK, and
 * no further callback runs. */
Test(test_json, sink_failure_stops)
{
    chartex_chart chart;
    int total, k;

    chart.root = build_tree();
    {
        struct recorder r = {0};
        chartex_sink sink = recorder_sink(&r);
        cr_assert_eq(chartex_chart_emit(&chart, &sink, NULL), 0);
        total = r.calls;
        chartex__buf_free(&r.log);
    }
    cr_assert_gt(total, 50);
    for (k = 1; k <= total; k++) {
        struct recorder r = {0};
        chartex_sink sink = recorder_sink(&r);
        chartex_error err;

        r.fail_at = k;
        err.code = CHARTEX_ERR_PARSE;  /* stale: must not be taken as the sink's */
        cr_assert_eq(chartex_chart_emit(&chart, &sink, &err), -1);
        cr_assert_eq(err.code, CHARTEX_ERR_SINK);
        cr_assert_eq(r.calls, k);
        chartex__buf_free(&r.log);
    }
    chartex__node_free(chart.root);
}

/* A sink that reports its own error keeps it. */
Test(test_json, sink_error_kept)
{
    struct recorder r = {0};
    chartex_sink sink = recorder_sink(&r);
    chartex_chart chart = { NULL };
    chartex_error err;

    err.code = CHARTEX_ERR_LIMIT;  /* stale, same code as the sink's */
    r.fail_at = 2;
    r.err = &err;
    cr_assert_eq(chartex_chart_emit(&chart, &sink, &err), -1);
    cr_assert_eq(err.code, CHARTEX_ERR_LIMIT);
    cr_assert_str_eq(err.text, "recorder gave up");
    chartex__buf_free(&r.log);
}

Test(test_json, incomplete_sink_is_invalid)
{
    struct recorder r = {0};
    chartex_sink sink = recorder_sink(&r);
    chartex_chart chart = { NULL };
    chartex_error err;

    sink.null = NULL;
    cr_assert_eq(chartex_chart_emit(&chart, &sink, &err), -1);
    cr_assert_eq(err.code, CHARTEX_ERR_INVALID);
    cr_assert_eq(r.calls, 0);
}

/* Large output: many points go through one buffer and stay exact. */
Test(test_json, many_points)
{
    enum { N = 20000 };
    static double x[N], y[N];
    chartex_chart chart;
    chartex__node *root;
    char *text, *p;
    size_t len, i;

    for (i = 0; i < N; i++) {
        x[i] = (double)i / 7.0;
        y[i] = -(double)i * 1e-9;
    }
    root = object();
    cr_assert_eq(chartex__object_add(root, "points",
        chartex__node_points(N, x, y, NULL, NULL)), 0);
    chart.root = root;
    text = chartex_chart_to_json(&chart, 0, &len, NULL);
    cr_assert_not_null(text);
    cr_assert_eq(strlen(text), len);
    p = text + strlen("{\"points\":[");
    for (i = 0; i < N; i++) {
        char *end;
        cr_assert_eq(*p, '[');
        cr_assert_eq(strtod(p + 1, &end), x[i]);
        cr_assert_eq(*end, ',');
        cr_assert_eq(strtod(end + 1, &end), y[i]);
        cr_assert_eq(*end, ']');
        p = end + 1;
        if (i + 1 < N)
            cr_assert_eq(*p++, ',');
    }
    cr_assert_str_eq(p, "]}");
    chartex_free(text);
    chartex__node_free(root);
}

#ifdef CHARTEX__ALLOC_FAILURE_TESTING
extern long chartex__alloc_count, chartex__alloc_fail_at;

/* Every allocation of chartex_chart_to_json may fail: NULL with NOMEM,
 * never a crash or a leak (run under valgrind / ASan). */
Test(test_json, allocation_failures)
{
    chartex_chart chart;
    long k, total;
    char *text;

    chart.root = build_tree();
    chartex__alloc_count = 0;
    text = chartex_chart_to_json(&chart, 2, NULL, NULL);
    total = chartex__alloc_count;
    cr_assert_not_null(text);
    chartex_free(text);
    for (k = 1; k <= total; k++) {
        chartex_error err;

        chartex__alloc_count = 0;
        chartex__alloc_fail_at = k;
        text = chartex_chart_to_json(&chart, 2, NULL, &err);
        chartex__alloc_fail_at = 0;
        cr_assert_null(text, "allocation %ld", k);
        cr_assert_eq(err.code, CHARTEX_ERR_NOMEM);
    }
    chartex__node_free(chart.root);
}
#endif
