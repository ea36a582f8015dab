/*
 * test_scene_write.c - the scene JSON writer (src/scene/scene_write.c): compact
 * text byte for byte as json-c wrote it before the writer streamed, the
 * indented layout of json.dumps(indent=N), streaming in pieces, a failing
 * write callback, and (in the alloc build) every allocation failing.
 *
 * json-c is the oracle of the compact text: the old writer printed a json-c
 * tree with JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE, and
 * json-c reads a number back keeping its text, so json-c's print of what
 * json-c reads from our text is what the old writer would have written.
 */
#include "scene/scene.h"

#include <criterion/criterion.h>
#include <json-c/json.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OK(call) cr_assert_eq((call), 0, "%s failed", #call)
#define STR(s) (s), strlen(s)
#define JSONC_FLAGS (JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE)

/* ---------------------------------------------------------------- helpers */

static char *
to_json(const chartex_scene *s, int indent, size_t *len)
{
    chartex_error err;
    size_t n = (size_t)-1;
    char *text;

    memset(&err, 0, sizeof err);
    text = chartex_scene_to_json(s, indent, &n, &err);
    cr_assert_not_null(text, "chartex_scene_to_json: %s", err.text);
    cr_assert_eq(n, strlen(text));
    if (len != NULL)
        *len = n;
    return text;
}

/* What json-c prints for what json-c reads from text. */
static char *
json_c_reprint(const char *text, size_t len)
{
    struct json_tokener *tok = json_tokener_new();
    json_object *o;
    const char *s;
    char *copy;

    cr_assert_not_null(tok);
    o = json_tokener_parse_ex(tok, text, (int)len);
    cr_assert_eq(json_tokener_get_error(tok), json_tokener_success, "json-c: %s",
                 json_tokener_error_desc(json_tokener_get_error(tok)));
    s = json_object_to_json_string_ext(o, JSONC_FLAGS);
    cr_assert_not_null(s);
    copy = malloc(strlen(s) + 1);
    cr_assert_not_null(copy);
    memcpy(copy, s, strlen(s) + 1);
    json_object_put(o);
    json_tokener_free(tok);
    return copy;
}

static void
assert_json_c_text(const chartex_scene *s)
{
    size_t len;
    char *text = to_json(s, 0, &len), *want = json_c_reprint(text, len);

    cr_assert_str_eq(text, want, "\n got: %s\nwant: %s", text, want);
    free(want);
    chartex_free(text);
}

static void
points(chartex_artist *a, size_t n, const double *xy)
{
    OK(chartex_artist_set_points(a, n, xy, NULL));
}

/* Every kind of artist, every field set away from its default, and the
 * numbers that need care. */
static chartex_scene *
tricky_scene(void)
{
    static const double line[] = { 0.0, 1.0, NAN, INFINITY, -INFINITY, -0.0, 5e-324, 1e16,
                                   0.1, 100.0, 1.7976931348623157e308, 1e-7 };
    static const double ticks[] = { 1.0, 10.0 };
    static const double bx[] = { 0.5 }, by[] = { -1.0 }, bw[] = { 2.0 }, bh[] = { NAN };
    static const double poly[] = { 0, 0, 1, 0, 1, 1 };
    static const double img[] = { 1, NAN }, ext[] = { 0, 2, 0, 1 };
    chartex_scene *s = chartex_scene_new(NULL);
    chartex_axes *ax;
    chartex_axis *x, *y;
    chartex_artist *a;

    cr_assert_not_null(s);
    OK(chartex_scene_set_suptitle(s, STR("Sup / \"t\" \\ \x7f \xc3\xa9"), NULL));
    ax = chartex_scene_add_axes(s, NULL);
    OK(chartex_axes_set_title(ax, CHARTEX_TITLE_CENTER, STR("C"), NULL));
    OK(chartex_axes_set_title(ax, CHARTEX_TITLE_RIGHT, STR("R\n"), NULL));
    chartex_axes_set_flags(ax, CHARTEX_AXES_POLAR | 0x40u);
    x = chartex_axes_axis(ax, 0);
    y = chartex_axes_axis(ax, 1);
    OK(chartex_axis_set_label(x, STR("x (s)"), NULL));
    OK(chartex_axis_set_scale(x, STR("log"), NULL));
    OK(chartex_axis_set_ticks(x, 2, ticks, NULL));
    OK(chartex_axis_set_tick_label(x, 1, STR("10"), NULL));
    chartex_axis_set_view(x, 0.5, NAN);
    chartex_axis_set_kind(y, CHARTEX_AXIS_CATEGORY, 0.0);
    OK(chartex_axis_add_category(y, STR("a"), NULL));
    OK(chartex_axis_add_category(y, STR("b\t"), NULL));
    a = chartex_axes_add_artist(ax, CHARTEX_ARTIST_LINE, NULL);
    points(a, 6, line);
    OK(chartex_artist_set_label(a, STR("L"), NULL));
    OK(chartex_artist_set_class(a, STR("Line2D"), NULL));
    chartex_artist_set_flags(a, CHARTEX_LINE_NO_LINE | CHARTEX_LINE_MARKER | 0x100u);
    chartex_artist_set_group(a, 4000000000ul);
    a = chartex_axes_add_artist(ax, CHARTEX_ARTIST_SCATTER, NULL);
    chartex_artist_set_role(a, CHARTEX_ROLE_ERRORBAR);
    a = chartex_axes_add_artist(ax, CHARTEX_ARTIST_BARS, NULL);
    OK(chartex_artist_set_bars(a, 1, bx, by, bw, bh, NULL, NULL));
    chartex_artist_set_orientation(a, CHARTEX_HORIZONTAL);
    a = chartex_axes_add_artist(ax, CHARTEX_ARTIST_WEDGE, NULL);
    chartex_artist_set_wedge(a, 0.0, 90.5, INFINITY);
    a = chartex_axes_add_artist(ax, CHARTEX_ARTIST_PATCH, NULL);
    OK(chartex_artist_add_polygon(a, 3, poly, NULL));
    OK(chartex_artist_add_polygon(a, 0, poly, NULL));
    a = chartex_axes_add_artist(ax, CHARTEX_ARTIST_AREA, NULL);
    a = chartex_axes_add_artist(ax, CHARTEX_ARTIST_IMAGE, NULL);
    OK(chartex_artist_set_image(a, 1, 2, img, ext, NULL));
    a = chartex_axes_add_artist(ax, CHARTEX_ARTIST_OTHER, NULL);
    chartex_artist_set_role(a, CHARTEX_ROLE_DECORATION);
    ax = chartex_scene_add_axes(s, NULL);
    x = chartex_axes_axis(ax, 0);
    chartex_axis_set_kind(x, CHARTEX_AXIS_DATE, -0.0);
    return s;
}

/* A line of n points that need 16 or 17 digits. */
static chartex_scene *
long_line(size_t n)
{
    chartex_scene *s = chartex_scene_new(NULL);
    double *xy = malloc(2 * n * sizeof *xy);
    size_t i;

    cr_assert(s != NULL && xy != NULL);
    for (i = 0; i < n; i++) {
        xy[2 * i] = (double)i / 3.0;
        xy[2 * i + 1] = sin((double)i);
    }
    points(chartex_axes_add_artist(chartex_scene_add_axes(s, NULL), CHARTEX_ARTIST_LINE,
                                   NULL), n, xy);
    free(xy);
    return s;
}

/* ------------------------------------------------------- the compact text */

/* What the json-c writer of the build before gave for tricky_scene(), byte
 * for byte (checked against that build's libchartex.so). */
static const char tricky_compact[] =
    "{\"version\":1,\"suptitle\":\"Sup / \\\"t\\\" \\\\ \177 \303\251\","
    "\"axes\":[{\"titles\":{\"center\":\"C\",\"right\":\"R\\n\"},"
    "\"flags\":[\"polar\",64],\"x\":{\"label\":\"x (s)\",\"scale\":\"log\","
    "\"view\":[0.5,null],\"ticks\":[1.0,10.0],\"tick_labels\":[\"\","
    "\"10\"]},\"y\":{\"kind\":\"category\",\"categories\":[\"a\","
    "\"b\\t\"]},\"artists\":[{\"kind\":\"line\",\"flags\":[\"no_line\","
    "\"marker\",256],\"group\":4000000000,\"label\":\"L\",\"class\":\"Line2D\","
    "\"points\":[[0.0,1.0],[null,\"Infinity\"],[\"-Infinity\",-0.0],"
    "[5e-324,1e+16],[0.1,100.0],[1.7976931348623157e+308,1e-07]]},"
    "{\"kind\":\"scatter\",\"role\":\"errorbar\",\"points\":[]},{\"kind\":\"bars\","
    "\"orientation\":\"horizontal\",\"bars\":{\"x\":[0.5],\"y\":[-1.0],"
    "\"w\":[2.0],\"h\":[null]}},{\"kind\":\"wedge\",\"theta1\":0.0,"
    "\"theta2\":90.5,\"r\":\"Infinity\"},{\"kind\":\"patch\",\"polygons\":[[[0.0,"
    "0.0],[1.0,0.0],[1.0,1.0]],[]]},{\"kind\":\"area\",\"polygons\":[]},"
    "{\"kind\":\"image\",\"rows\":1,\"cols\":2,\"extent\":[0.0,2.0,"
    "0.0,1.0],\"values\":[1.0,null]},{\"kind\":\"other\",\"role\":\"decoration\"}]},"
    "{\"x\":{\"kind\":\"date\",\"date_epoch\":-0.0}}]}";

Test(scene_write, compact_text)
{
    chartex_scene *s = tricky_scene();
    char *t = to_json(s, 0, NULL);

    cr_assert_str_eq(t, tricky_compact, "\n got: %s\nwant: %s", t, tricky_compact);
    chartex_free(t);
    chartex_scene_free(s);
}

Test(scene_write, compact_text_is_json_c_text)
{
    chartex_scene *s = tricky_scene();

    assert_json_c_text(s);
    chartex_scene_free(s);
    s = long_line(1000);
    assert_json_c_text(s);
    chartex_scene_free(s);
    s = chartex_scene_new(NULL);
    assert_json_c_text(s);
    chartex_scene_free(s);
}

/* Every byte, alone and after a valid character, escaped as json-c did:
 * control characters as \b \f \n \r \t or \u00xx, '"' and '\\' escaped,
 * '/' and DEL as is, and bytes that are not UTF-8 passed on. */
Test(scene_write, strings_as_json_c_escaped_them)
{
    static const char *const cases[] = {
        "\xc3", "\xc3\xa9", "\xe2\x82", "\xe2\x82\xac", "\xed\xa0\x80", "\xc0\xaf",
        "\xf4\x90\x80\x80", "\xf0\x9f\x98\x80", "a\xff" "b", "\xef\xbf\xbd", "</script>",
    };
    char s[4], *want;
    int c;

    for (c = 1; c < 256 + (int)(sizeof cases / sizeof *cases); c++) {
        chartex_scene *scene = chartex_scene_new(NULL);
        json_object *o;
        const char *str;
        char *t;

        if (c < 256) {
            s[0] = (char)c;
            s[1] = 'x';
            s[2] = '\0';
            str = s;
        } else {
            str = cases[c - 256];
        }
        OK(chartex_scene_set_suptitle(scene, STR(str), NULL));
        t = to_json(scene, 0, NULL);
        o = json_object_new_string(str);
        want = malloc(strlen(json_object_to_json_string_ext(o, JSONC_FLAGS)) + 64);
        cr_assert_not_null(want);
        sprintf(want, "{\"version\":1,\"suptitle\":%s,\"axes\":[]}",
                json_object_to_json_string_ext(o, JSONC_FLAGS));
        cr_assert_str_eq(t, want, "byte or case %d", c);
        free(want);
        json_object_put(o);
        chartex_free(t);
        chartex_scene_free(scene);
    }
}

/* The scene's strings are C strings: text after a NUL is not written. */
Test(scene_write, strings_end_at_nul)
{
    chartex_scene *s = chartex_scene_new(NULL);
    char *t;

    OK(chartex_scene_set_suptitle(s, "ab\0cd", 5, NULL));
    t = to_json(s, 0, NULL);
    cr_assert_str_eq(t, "{\"version\":1,\"suptitle\":\"ab\",\"axes\":[]}");
    chartex_free(t);
    chartex_scene_free(s);
}

/* ------------------------------------------------------------- indented */

/* Python's json.dumps(json.loads(tricky_compact), indent=N,
 * ensure_ascii=False) for N = 1, 2, 4. */
static const char tricky_indent1[] =
    "{\n"
    " \"version\": 1,\n"
    " \"suptitle\": \"Sup / \\\"t\\\" \\\\ \177 \303\251\",\n"
    " \"axes\": [\n"
    "  {\n"
    "   \"titles\": {\n"
    "    \"center\": \"C\",\n"
    "    \"right\": \"R\\n\"\n"
    "   },\n"
    "   \"flags\": [\n"
    "    \"polar\",\n"
    "    64\n"
    "   ],\n"
    "   \"x\": {\n"
    "    \"label\": \"x (s)\",\n"
    "    \"scale\": \"log\",\n"
    "    \"view\": [\n"
    "     0.5,\n"
    "     null\n"
    "    ],\n"
    "    \"ticks\": [\n"
    "     1.0,\n"
    "     10.0\n"
    "    ],\n"
    "    \"tick_labels\": [\n"
    "     \"\",\n"
    "     \"10\"\n"
    "    ]\n"
    "   },\n"
    "   \"y\": {\n"
    "    \"kind\": \"category\",\n"
    "    \"categories\": [\n"
    "     \"a\",\n"
    "     \"b\\t\"\n"
    "    ]\n"
    "   },\n"
    "   \"artists\": [\n"
    "    {\n"
    "     \"kind\": \"line\",\n"
    "     \"flags\": [\n"
    "      \"no_line\",\n"
    "      \"marker\",\n"
    "      256\n"
    "     ],\n"
    "     \"group\": 4000000000,\n"
    "     \"label\": \"L\",\n"
    "     \"class\": \"Line2D\",\n"
    "     \"points\": [\n"
    "      [\n"
    "       0.0,\n"
    "       1.0\n"
    "      ],\n"
    "      [\n"
    "       null,\n"
    "       \"Infinity\"\n"
    "      ],\n"
    "      [\n"
    "       \"-Infinity\",\n"
    "       -0.0\n"
    "      ],\n"
    "      [\n"
    "       5e-324,\n"
    "       1e+16\n"
    "      ],\n"
    "      [\n"
    "       0.1,\n"
    "       100.0\n"
    "      ],\n"
    "      [\n"
    "       1.7976931348623157e+308,\n"
    "       1e-07\n"
    "      ]\n"
    "     ]\n"
    "    },\n"
    "    {\n"
    "     \"kind\": \"scatter\",\n"
    "     \"role\": \"errorbar\",\n"
    "     \"points\": []\n"
    "    },\n"
    "    {\n"
    "     \"kind\": \"bars\",\n"
    "     \"orientation\": \"horizontal\",\n"
    "     \"bars\": {\n"
    "      \"x\": [\n"
    "       0.5\n"
    "      ],\n"
    "      \"y\": [\n"
    "       -1.0\n"
    "      ],\n"
    "      \"w\": [\n"
    "       2.0\n"
    "      ],\n"
    "      \"h\": [\n"
    "       null\n"
    "      ]\n"
    "     }\n"
    "    },\n"
    "    {\n"
    "     \"kind\": \"wedge\",\n"
    "     \"theta1\": 0.0,\n"
    "     \"theta2\": 90.5,\n"
    "     \"r\": \"Infinity\"\n"
    "    },\n"
    "    {\n"
    "     \"kind\": \"patch\",\n"
    "     \"polygons\": [\n"
    "      [\n"
    "       [\n"
    "        0.0,\n"
    "        0.0\n"
    "       ],\n"
    "       [\n"
    "        1.0,\n"
    "        0.0\n"
    "       ],\n"
    "       [\n"
    "        1.0,\n"
    "        1.0\n"
    "       ]\n"
    "      ],\n"
    "      []\n"
    "     ]\n"
    "    },\n"
    "    {\n"
    "     \"kind\": \"area\",\n"
    "     \"polygons\": []\n"
    "    },\n"
    "    {\n"
    "     \"kind\": \"image\",\n"
    "     \"rows\": 1,\n"
    "     \"cols\": 2,\n"
    "     \"extent\": [\n"
    "      0.0,\n"
    "      2.0,\n"
    "      0.0,\n"
    "      1.0\n"
    "     ],\n"
    "     \"values\": [\n"
    "      1.0,\n"
    "      null\n"
    "     ]\n"
    "    },\n"
    "    {\n"
    "     \"kind\": \"other\",\n"
    "     \"role\": \"decoration\"\n"
    "    }\n"
    "   ]\n"
    "  },\n"
    "  {\n"
    "   \"x\": {\n"
    "    \"kind\": \"date\",\n"
    "    \"date_epoch\": -0.0\n"
    "   }\n"
    "  }\n"
    " ]\n"
    "}";
static const char tricky_indent2[] =
    "{\n"
    "  \"version\": 1,\n"
    "  \"suptitle\": \"Sup / \\\"t\\\" \\\\ \177 \303\251\",\n"
    "  \"axes\": [\n"
    "    {\n"
    "      \"titles\": {\n"
    "        \"center\": \"C\",\n"
    "        \"right\": \"R\\n\"\n"
    "      },\n"
    "      \"flags\": [\n"
    "        \"polar\",\n"
    "        64\n"
    "      ],\n"
    "      \"x\": {\n"
    "        \"label\": \"x (s)\",\n"
    "        \"scale\": \"log\",\n"
    "        \"view\": [\n"
    "          0.5,\n"
    "          null\n"
    "        ],\n"
    "        \"ticks\": [\n"
    "          1.0,\n"
    "          10.0\n"
    "        ],\n"
    "        \"tick_labels\": [\n"
    "          \"\",\n"
    "          \"10\"\n"
    "        ]\n"
    "      },\n"
    "      \"y\": {\n"
    "        \"kind\": \"category\",\n"
    "        \"categories\": [\n"
    "          \"a\",\n"
    "          \"b\\t\"\n"
    "        ]\n"
    "      },\n"
    "      \"artists\": [\n"
    "        {\n"
    "          \"kind\": \"line\",\n"
    "          \"flags\": [\n"
    "            \"no_line\",\n"
    "            \"marker\",\n"
    "            256\n"
    "          ],\n"
    "          \"group\": 4000000000,\n"
    "          \"label\": \"L\",\n"
    "          \"class\": \"Line2D\",\n"
    "          \"points\": [\n"
    "            [\n"
    "              0.0,\n"
    "              1.0\n"
    "            ],\n"
    "            [\n"
    "              null,\n"
    "              \"Infinity\"\n"
    "            ],\n"
    "            [\n"
    "              \"-Infinity\",\n"
    "              -0.0\n"
    "            ],\n"
    "            [\n"
    "              5e-324,\n"
    "              1e+16\n"
    "            ],\n"
    "            [\n"
    "              0.1,\n"
    "              100.0\n"
    "            ],\n"
    "            [\n"
    "              1.7976931348623157e+308,\n"
    "              1e-07\n"
    "            ]\n"
    "          ]\n"
    "        },\n"
    "        {\n"
    "          \"kind\": \"scatter\",\n"
    "          \"role\": \"errorbar\",\n"
    "          \"points\": []\n"
    "        },\n"
    "        {\n"
    "          \"kind\": \"bars\",\n"
    "          \"orientation\": \"horizontal\",\n"
    "          \"bars\": {\n"
    "            \"x\": [\n"
    "              0.5\n"
    "            ],\n"
    "            \"y\": [\n"
    "              -1.0\n"
    "            ],\n"
    "            \"w\": [\n"
    "              2.0\n"
    "            ],\n"
    "            \"h\": [\n"
    "              null\n"
    "            ]\n"
    "          }\n"
    "        },\n"
    "        {\n"
    "          \"kind\": \"wedge\",\n"
    "          \"theta1\": 0.0,\n"
    "          \"theta2\": 90.5,\n"
    "          \"r\": \"Infinity\"\n"
    "        },\n"
    "        {\n"
    "          \"kind\": \"patch\",\n"
    "          \"polygons\": [\n"
    "            [\n"
    "              [\n"
    "                0.0,\n"
    "                0.0\n"
    "              ],\n"
    "              [\n"
    "                1.0,\n"
    "                0.0\n"
    "              ],\n"
    "              [\n"
    "                1.0,\n"
    "                1.0\n"
    "              ]\n"
    "            ],\n"
    "            []\n"
    "          ]\n"
    "        },\n"
    "        {\n"
    "          \"kind\": \"area\",\n"
    "          \"polygons\": []\n"
    "        },\n"
    "        {\n"
    "          \"kind\": \"image\",\n"
    "          \"rows\": 1,\n"
    "          \"cols\": 2,\n"
    "          \"extent\": [\n"
    "            0.0,\n"
    "            2.0,\n"
    "            0.0,\n"
    "            1.0\n"
    "          ],\n"
    "          \"values\": [\n"
    "            1.0,\n"
    "            null\n"
    "          ]\n"
    "        },\n"
    "        {\n"
    "          \"kind\": \"other\",\n"
    "          \"role\": \"decoration\"\n"
    "        }\n"
    "      ]\n"
    "    },\n"
    "    {\n"
    "      \"x\": {\n"
    "        \"kind\": \"date\",\n"
    "        \"date_epoch\": -0.0\n"
    "      }\n"
    "    }\n"
    "  ]\n"
    "}";
static const char tricky_indent4[] =
    "{\n"
    "    \"version\": 1,\n"
    "    \"suptitle\": \"Sup / \\\"t\\\" \\\\ \177 \303\251\",\n"
    "    \"axes\": [\n"
    "        {\n"
    "            \"titles\": {\n"
    "                \"center\": \"C\",\n"
    "                \"right\": \"R\\n\"\n"
    "            },\n"
    "            \"flags\": [\n"
    "                \"polar\",\n"
    "                64\n"
    "            ],\n"
    "            \"x\": {\n"
    "                \"label\": \"x (s)\",\n"
    "                \"scale\": \"log\",\n"
    "                \"view\": [\n"
    "                    0.5,\n"
    "                    null\n"
    "                ],\n"
    "                \"ticks\": [\n"
    "                    1.0,\n"
    "                    10.0\n"
    "                ],\n"
    "                \"tick_labels\": [\n"
    "                    \"\",\n"
    "                    \"10\"\n"
    "                ]\n"
    "            },\n"
    "            \"y\": {\n"
    "                \"kind\": \"category\",\n"
    "                \"categories\": [\n"
    "                    \"a\",\n"
    "                    \"b\\t\"\n"
    "                ]\n"
    "            },\n"
    "            \"artists\": [\n"
    "                {\n"
    "                    \"kind\": \"line\",\n"
    "                    \"flags\": [\n"
    "                        \"no_line\",\n"
    "                        \"marker\",\n"
    "                        256\n"
    "                    ],\n"
    "                    \"group\": 4000000000,\n"
    "                    \"label\": \"L\",\n"
    "                    \"class\": \"Line2D\",\n"
    "                    \"points\": [\n"
    "                        [\n"
    "                            0.0,\n"
    "                            1.0\n"
    "                        ],\n"
    "                        [\n"
    "                            null,\n"
    "                            \"Infinity\"\n"
    "                        ],\n"
    "                        [\n"
    "                            \"-Infinity\",\n"
    "                            -0.0\n"
    "                        ],\n"
    "                        [\n"
    "                            5e-324,\n"
    "                            1e+16\n"
    "                        ],\n"
    "                        [\n"
    "                            0.1,\n"
    "                            100.0\n"
    "                        ],\n"
    "                        [\n"
    "                            1.7976931348623157e+308,\n"
    "                            1e-07\n"
    "                        ]\n"
    "                    ]\n"
    "                },\n"
    "                {\n"
    "                    \"kind\": \"scatter\",\n"
    "                    \"role\": \"errorbar\",\n"
    "                    \"points\": []\n"
    "                },\n"
    "                {\n"
    "                    \"kind\": \"bars\",\n"
    "                    \"orientation\": \"horizontal\",\n"
    "                    \"bars\": {\n"
    "                        \"x\": [\n"
    "                            0.5\n"
    "                        ],\n"
    "                        \"y\": [\n"
    "                            -1.0\n"
    "                        ],\n"
    "                        \"w\": [\n"
    "                            2.0\n"
    "                        ],\n"
    "                        \"h\": [\n"
    "                            null\n"
    "                        ]\n"
    "                    }\n"
    "                },\n"
    "                {\n"
    "                    \"kind\": \"wedge\",\n"
    "                    \"theta1\": 0.0,\n"
    "                    \"theta2\": 90.5,\n"
    "                    \"r\": \"Infinity\"\n"
    "                },\n"
    "                {\n"
    "                    \"kind\": \"patch\",\n"
    "                    \"polygons\": [\n"
    "                        [\n"
    "                            [\n"
    "                                0.0,\n"
    "                                0.0\n"
    "                            ],\n"
    "                            [\n"
    "                                1.0,\n"
    "                                0.0\n"
    "                            ],\n"
    "                            [\n"
    "                                1.0,\n"
    "                                1.0\n"
    "                            ]\n"
    "                        ],\n"
    "                        []\n"
    "                    ]\n"
    "                },\n"
    "                {\n"
    "                    \"kind\": \"area\",\n"
    "                    \"polygons\": []\n"
    "                },\n"
    "                {\n"
    "                    \"kind\": \"image\",\n"
    "                    \"rows\": 1,\n"
    "                    \"cols\": 2,\n"
    "                    \"extent\": [\n"
    "                        0.0,\n"
    "                        2.0,\n"
    "                        0.0,\n"
    "                        1.0\n"
    "                    ],\n"
    "                    \"values\": [\n"
    "                        1.0,\n"
    "                        null\n"
    "                    ]\n"
    "                },\n"
    "                {\n"
    "                    \"kind\": \"other\",\n"
    "                    \"role\": \"decoration\"\n"
    "                }\n"
    "            ]\n"
    "        },\n"
    "        {\n"
    "            \"x\": {\n"
    "                \"kind\": \"date\",\n"
    "                \"date_epoch\": -0.0\n"
    "            }\n"
    "        }\n"
    "    ]\n"
    "}";

Test(scene_write, indent_is_json_dumps_layout)
{
    chartex_scene *s = tricky_scene();
    char *t1 = to_json(s, 1, NULL), *t2 = to_json(s, 2, NULL), *t4 = to_json(s, 4, NULL);

    cr_assert_str_eq(t1, tricky_indent1, "\n got: %s\nwant: %s", t1, tricky_indent1);
    cr_assert_str_eq(t2, tricky_indent2, "\n got: %s\nwant: %s", t2, tricky_indent2);
    cr_assert_str_eq(t4, tricky_indent4, "\n got: %s\nwant: %s", t4, tricky_indent4);
    chartex_free(t1);
    chartex_free(t2);
    chartex_free(t4);
    chartex_scene_free(s);
}

/* The indented text is the compact one with whitespace between tokens:
 * taken out again (outside strings), it gives the compact text back. */
static char *
squeeze(const char *t)
{
    char *out = malloc(strlen(t) + 1), *p = out;
    int in_string = 0;

    cr_assert_not_null(out);
    for (; *t; t++) {
        if (in_string) {
            *p++ = *t;
            if (*t == '\\')
                *p++ = *++t;
            else if (*t == '"')
                in_string = 0;
        } else if (*t == '"') {
            *p++ = *t;
            in_string = 1;
        } else if (*t != ' ' && *t != '\n') {
            *p++ = *t;
        }
    }
    *p = '\0';
    return out;
}

Test(scene_write, indent_only_adds_whitespace)
{
    chartex_scene *s = tricky_scene();
    char *compact = to_json(s, 0, NULL), *again;
    int indent;

    for (indent = -3; indent <= 40; indent += 1) {
        char *t = to_json(s, indent, NULL), *q = squeeze(t);

        cr_assert_str_eq(q, compact, "indent %d", indent);
        if (indent <= 0) {
            cr_assert_str_eq(t, compact, "indent %d", indent);
        } else {
            /* {\n, then the first key indented by exactly indent spaces */
            size_t k;

            cr_assert(strncmp(t, "{\n", 2) == 0, "indent %d", indent);
            for (k = 0; k < (size_t)indent; k++)
                cr_assert_eq(t[2 + k], ' ', "indent %d", indent);
            cr_assert(strncmp(t + 2 + indent, "\"version\": 1,\n", 13) == 0,
                      "indent %d", indent);
        }
        free(q);
        chartex_free(t);
    }
    /* and reads back to a scene that writes the same text */
    {
        size_t len;
        char *t = to_json(s, 3, &len);
        chartex_scene *back = chartex_scene_from_json(t, len, NULL);

        cr_assert_not_null(back);
        again = to_json(back, 0, NULL);
        cr_assert_str_eq(again, compact);
        chartex_free(again);
        chartex_scene_free(back);
        chartex_free(t);
    }
    chartex_free(compact);
    chartex_scene_free(s);
}

/* ------------------------------------------------------------- streaming */

typedef struct pieces {
    char *text;
    size_t len, cap, count, largest;
    size_t fail_at;        /* > 0: that piece returns -1 */
} pieces;

static int
collect(const char *buf, size_t len, void *data)
{
    pieces *p = data;

    p->count++;
    if (p->fail_at > 0 && p->count == p->fail_at)
        return -1;
    if (len > p->largest)
        p->largest = len;
    if (p->len + len + 1 > p->cap) {
        p->cap = (p->len + len + 1) * 2;
        p->text = realloc(p->text, p->cap);
        cr_assert_not_null(p->text);
    }
    memcpy(p->text + p->len, buf, len);
    p->len += len;
    p->text[p->len] = '\0';
    return 0;
}

Test(scene_write, dump_streams_the_same_text_in_pieces)
{
    chartex_scene *s = long_line(100000);
    int indents[3] = { 0, 2, 4 };
    size_t i;

    for (i = 0; i < 3; i++) {
        pieces p = { NULL, 0, 0, 0, 0, 0 };
        chartex_error err;
        size_t len;
        char *t = to_json(s, indents[i], &len);

        memset(&err, 0, sizeof err);
        cr_assert_eq(chartex_scene_dump(s, indents[i], collect, &p, &err), 0, "%s",
                     err.text);
        cr_assert_eq(p.len, len);
        cr_assert(memcmp(p.text, t, len) == 0, "indent %d", indents[i]);
        /* pieces of about 64 KiB: the text is never held whole */
        cr_assert_gt(p.count, len / 70000, "%zu pieces for %zu bytes", p.count, len);
        cr_assert_leq(p.largest, 64 * 1024 + 256, "a piece of %zu bytes", p.largest);
        free(p.text);
        chartex_free(t);
    }
    chartex_scene_free(s);
}

Test(scene_write, dump_stops_when_write_fails)
{
    chartex_scene *s = long_line(20000);
    size_t k, total;
    pieces p = { NULL, 0, 0, 0, 0, 0 };
    chartex_error err;

    cr_assert_eq(chartex_scene_dump(s, 0, collect, &p, NULL), 0);
    total = p.count;
    cr_assert_gt(total, 3);
    free(p.text);
    for (k = 1; k <= total; k++) {
        pieces q = { NULL, 0, 0, 0, 0, k };

        memset(&err, 0, sizeof err);
        cr_assert_eq(chartex_scene_dump(s, 0, collect, &q, &err), -1, "piece %zu", k);
        cr_assert_eq(err.code, CHARTEX_ERR_SINK);
        cr_assert_str_eq(err.text, "the write callback failed");
        cr_assert_eq(q.count, k, "write called again after piece %zu failed", k);
        free(q.text);
    }
    chartex_scene_free(s);
}

Test(scene_write, null_arguments)
{
    chartex_scene *s = chartex_scene_new(NULL);
    pieces p = { NULL, 0, 0, 0, 0, 0 };
    chartex_error err;

    memset(&err, 0, sizeof err);
    cr_assert_eq(chartex_scene_dump(s, 0, NULL, NULL, &err), -1);
    cr_assert_eq(err.code, CHARTEX_ERR_INVALID);
    cr_assert_str_eq(err.text, "no write callback");
    memset(&err, 0, sizeof err);
    cr_assert_eq(chartex_scene_dump(NULL, 0, collect, &p, &err), -1);
    cr_assert_eq(err.code, CHARTEX_ERR_INVALID);
    cr_assert_str_eq(err.text, "no scene");
    cr_assert_eq(p.count, 0);
    cr_assert_eq(chartex_scene_dump(NULL, 0, collect, &p, NULL), -1);
    chartex_scene_free(s);
}

/* ------------------------------------------------------------ allocation */

#ifdef CHARTEX__ALLOC_FAILURE_TESTING
extern long chartex__alloc_count, chartex__alloc_fail_at, chartex__alloc_live;

/* Fails every allocation of a write in turn, kept and streamed, compact and
 * indented: each failure is NOMEM with the scene writer's message, leaves no
 * block behind, and the first run that meets no failure writes the text. */
Test(scene_write, allocation_failures)
{
    chartex_scene *scenes[2];
    int indents[2] = { 0, 2 };
    size_t i, j, streamed;

    scenes[0] = tricky_scene();
    scenes[1] = long_line(30000);
    for (i = 0; i < 2; i++) {
        for (j = 0; j < 2; j++) {
            for (streamed = 0; streamed < 2; streamed++) {
                char *want = to_json(scenes[i], indents[j], NULL);
                long k, live = chartex__alloc_live;

                for (k = 1;; k++) {
                    pieces p = { NULL, 0, 0, 0, 0, 0 };
                    chartex_error err;
                    char *t = NULL;
                    int rc;

                    memset(&err, 0, sizeof err);
                    chartex__alloc_count = 0;
                    chartex__alloc_fail_at = k;
                    if (streamed) {
                        rc = chartex_scene_dump(scenes[i], indents[j], collect, &p, &err);
                    } else {
                        t = chartex_scene_to_json(scenes[i], indents[j], NULL, &err);
                        rc = t != NULL ? 0 : -1;
                    }
                    chartex__alloc_fail_at = 0;
                    if (rc == 0) {
                        cr_assert_lt(chartex__alloc_count, k, "failure %ld swallowed", k);
                        cr_assert_str_eq(streamed ? p.text : t, want);
                        chartex_free(t);
                        free(p.text);
                        break;
                    }
                    cr_assert_eq(err.code, CHARTEX_ERR_NOMEM, "%ld: %s", k, err.text);
                    cr_assert_str_eq(err.text, "out of memory writing scene JSON");
                    cr_assert_eq(chartex__alloc_live, live, "%ld: blocks leaked", k);
                    free(p.text);
                }
                chartex_free(want);
            }
        }
        chartex_scene_free(scenes[i]);
    }
}
#endif
