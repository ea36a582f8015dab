/*
 * test_scene_json.c - the scene's JSON form: round trips, exact numbers,
 * and a reader that refuses malformed input cleanly.
 */
#include "scene/scene.h"

#include <criterion/criterion.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- helpers */

#define OK(call) cr_assert_eq((call), 0, "%s failed", #call)
#define STR(s) (s), strlen(s)

static int
same_double(double a, double b)
{
    /* bit for bit, except that any NaN equals any NaN (null carries no
     * payload) */
    if (isnan(a) || isnan(b))
        return isnan(a) && isnan(b);
    return memcmp(&a, &b, sizeof a) == 0;
}

static void
assert_doubles(const double *a, const double *b, size_t n, const char *what)
{
    size_t i;

    if (n == 0)
        return;
    cr_assert((a == NULL) == (b == NULL), "%s: one array is missing", what);
    if (a == NULL)
        return;
    for (i = 0; i < n; i++)
        cr_assert(same_double(a[i], b[i]), "%s[%zu]: %.17g != %.17g", what, i, a[i], b[i]);
}

static void
assert_axis_equal(const struct chartex_axis *a, const struct chartex_axis *b)
{
    size_t i;

    cr_assert_str_eq(a->label, b->label);
    cr_assert_str_eq(a->scale, b->scale);
    cr_assert_eq(a->kind, b->kind);
    cr_assert(same_double(a->date_epoch, b->date_epoch));
    cr_assert(same_double(a->view_lo, b->view_lo));
    cr_assert(same_double(a->view_hi, b->view_hi));
    cr_assert_eq(a->n_categories, b->n_categories);
    for (i = 0; i < a->n_categories; i++)
        cr_assert_str_eq(a->categories[i], b->categories[i]);
    cr_assert_eq(a->n_ticks, b->n_ticks);
    assert_doubles(a->ticks, b->ticks, a->n_ticks, "ticks");
    for (i = 0; i < a->n_ticks; i++)
        cr_assert_str_eq(a->tick_labels[i], b->tick_labels[i]);
}

static void
assert_artist_equal(const struct chartex_artist *a, const struct chartex_artist *b)
{
    size_t i;

    cr_assert_eq(a->kind, b->kind);
    cr_assert_eq(a->role, b->role);
    cr_assert_eq(a->flags, b->flags);
    cr_assert_eq(a->group, b->group);
    cr_assert_str_eq(a->label, b->label);
    cr_assert_str_eq(a->cls, b->cls);
    switch (a->kind) {
    case CHARTEX_ARTIST_LINE:
    case CHARTEX_ARTIST_SCATTER:
        cr_assert_eq(a->n, b->n);
        assert_doubles(a->x, b->x, a->n, "x");
        assert_doubles(a->y, b->y, a->n, "y");
        break;
    case CHARTEX_ARTIST_PATCH:
    case CHARTEX_ARTIST_AREA:
    case CHARTEX_ARTIST_SEGMENTS:
        cr_assert_eq(a->n, b->n);
        cr_assert_eq(a->n_parts, b->n_parts);
        for (i = 0; i < a->n_parts; i++)
            cr_assert_eq(a->part_len[i], b->part_len[i]);
        assert_doubles(a->x, b->x, a->n, "x");
        assert_doubles(a->y, b->y, a->n, "y");
        break;
    case CHARTEX_ARTIST_BARS:
        cr_assert_eq(a->n, b->n);
        cr_assert_eq(a->orientation, b->orientation);
        assert_doubles(a->bx, b->bx, a->n, "bx");
        assert_doubles(a->by, b->by, a->n, "by");
        assert_doubles(a->bw, b->bw, a->n, "bw");
        assert_doubles(a->bh, b->bh, a->n, "bh");
        cr_assert_eq(a->values == NULL, b->values == NULL);
        assert_doubles(a->values, b->values, a->n, "values");
        break;
    case CHARTEX_ARTIST_WEDGE:
        cr_assert(same_double(a->theta1, b->theta1));
        cr_assert(same_double(a->theta2, b->theta2));
        cr_assert(same_double(a->r, b->r));
        break;
    case CHARTEX_ARTIST_IMAGE:
        cr_assert_eq(a->rows, b->rows);
        cr_assert_eq(a->cols, b->cols);
        assert_doubles(a->image, b->image, a->rows * a->cols, "image");
        assert_doubles(a->extent, b->extent, 4, "extent");
        break;
    default:
        break;
    }
}

static void
assert_scene_equal(const chartex_scene *a, const chartex_scene *b)
{
    size_t i, j;

    cr_assert_str_eq(a->suptitle, b->suptitle);
    cr_assert_eq(a->n_axes, b->n_axes);
    for (i = 0; i < a->n_axes; i++) {
        const struct chartex_axes *p = a->axes[i], *q = b->axes[i];

        for (j = 0; j < 3; j++)
            cr_assert_str_eq(p->title[j], q->title[j]);
        cr_assert_eq(p->flags, q->flags);
        assert_axis_equal(&p->axis[0], &q->axis[0]);
        assert_axis_equal(&p->axis[1], &q->axis[1]);
        cr_assert_eq(p->n_artists, q->n_artists);
        for (j = 0; j < p->n_artists; j++)
            assert_artist_equal(p->artists[j], q->artists[j]);
    }
}

/* Reads text that must be rejected as malformed. */
static void
assert_rejected(const char *text, size_t len)
{
    chartex_error err;
    chartex_scene *scene;

    memset(&err, 0, sizeof err);
    scene = chartex_scene_from_json(text, len, &err);
    cr_assert_null(scene, "accepted: %.*s", (int)(len > 300 ? 300 : len), text);
    chartex_scene_free(scene);
    cr_assert_eq(err.code, CHARTEX_ERR_PARSE, "code %d (%s) for: %.*s", err.code,
                 err.text, (int)(len > 300 ? 300 : len), text);
    cr_assert_neq(err.text[0], '\0', "no message for: %.*s", (int)(len > 300 ? 300 : len), text);
}

/* Reads text that must be rejected, with a message that contains want. */
static void
assert_error(const char *text, const char *want)
{
    chartex_error err;
    chartex_scene *scene;

    memset(&err, 0, sizeof err);
    scene = chartex_scene_from_json(STR(text), &err);
    cr_assert_null(scene, "accepted: %s", text);
    cr_assert_eq(err.code, CHARTEX_ERR_PARSE, "code %d for: %s", err.code, text);
    cr_assert(strstr(err.text, want) != NULL, "message \"%s\" lacks \"%s\" for: %s",
              err.text, want, text);
}

static chartex_scene *
read_ok(const char *text, size_t len)
{
    chartex_error err;
    chartex_scene *scene;

    memset(&err, 0, sizeof err);
    scene = chartex_scene_from_json(text, len, &err);
    cr_assert_not_null(scene, "rejected (%s): %.*s", err.text,
                       (int)(len > 300 ? 300 : len), text);
    return scene;
}

static char *
dump(const chartex_scene *scene, int indent, size_t *len)
{
    chartex_error err;
    size_t n = (size_t)-1;
    char *text;

    memset(&err, 0, sizeof err);
    text = chartex_scene_to_json(scene, indent, &n, &err);
    cr_assert_not_null(text, "dump failed: %s", err.text);
    cr_assert_eq(n, strlen(text));
    if (len != NULL)
        *len = n;
    return text;
}

/* dump -> read -> dump gives the same text and the same scene. */
static void
assert_round_trip(const chartex_scene *scene)
{
    int indents[3] = { 0, -1, 2 };
    size_t i, n1, n2;

    for (i = 0; i < 3; i++) {
        char *t1 = dump(scene, indents[i], &n1), *t2;
        chartex_scene *back = read_ok(t1, n1);

        assert_scene_equal(scene, back);
        t2 = dump(back, indents[i], &n2);
        cr_assert_eq(n1, n2);
        cr_assert_str_eq(t1, t2);
        chartex_scene_free(back);
        chartex_free(t1);
        chartex_free(t2);
    }
}

/* A scene that uses every field and every artist kind. */
static chartex_scene *
full_scene(void)
{
    static const double ticks[] = { 0.0, 0.5, 1.0, 1.5 };
    static const double line[] = { 0.0, 1.0, 1.0, NAN, 2.0, INFINITY, 3.0, -INFINITY, 4.0, -0.0 };
    static const double scat[] = { 0.1, 0.2, 1e-300, 5e-324 };
    static const double bx[] = { -0.4, 0.6, 1.6 }, by[] = { 0, 0, 0 };
    static const double bw[] = { 0.8, 0.8, 0.8 }, bh[] = { 3, -2, 0.25 };
    static const double bv[] = { 3, -2, 0.25 };
    static const double poly1[] = { 0, 0, 1, 0, 1, 1, 0, 0 }, poly2[] = { 5, 5 };
    static const double img[] = { 1, 2, 3, 4, 5, NAN }, extent[] = { -0.5, 2.5, 1.5, -0.5 };
    chartex_scene *s = chartex_scene_new(NULL);
    chartex_axes *ax;
    chartex_axis *x, *y;
    chartex_artist *a;

    cr_assert_not_null(s);
    OK(chartex_scene_set_suptitle(s, STR("Figure \"one\" / \\ \xc3\xa9\xe2\x82\xac\xf0\x9f\x93\x88"), NULL));

    ax = chartex_scene_add_axes(s, NULL);
    cr_assert_not_null(ax);
    OK(chartex_axes_set_title(ax, CHARTEX_TITLE_CENTER, STR("Centre"), NULL));
    OK(chartex_axes_set_title(ax, CHARTEX_TITLE_LEFT, STR("left \t\x01\x1f"), NULL));
    OK(chartex_axes_set_title(ax, CHARTEX_TITLE_RIGHT, STR("$\\mathdefault{10^{2}}$"), NULL));
    chartex_axes_set_flags(ax, CHARTEX_AXES_POLAR | CHARTEX_AXES_3D | 0x40u);
    x = chartex_axes_axis(ax, 0);
    y = chartex_axes_axis(ax, 1);
    OK(chartex_axis_set_label(x, STR("Time (s)"), NULL));
    OK(chartex_axis_set_scale(x, STR("symlog"), NULL));
    chartex_axis_set_kind(x, CHARTEX_AXIS_DATE, -719163.0);
    chartex_axis_set_view(x, -0.25, 4.25);
    OK(chartex_axis_set_ticks(x, 4, ticks, NULL));
    OK(chartex_axis_set_tick_label(x, 0, STR("0"), NULL));
    OK(chartex_axis_set_tick_label(x, 2, STR("\xe2\x88\x92" "1"), NULL));
    chartex_axis_set_kind(y, CHARTEX_AXIS_CATEGORY, 0.0);
    OK(chartex_axis_add_category(y, STR("apples"), NULL));
    OK(chartex_axis_add_category(y, STR(""), NULL));
    OK(chartex_axis_add_category(y, STR("\xe6\xa1\x83"), NULL));
    chartex_axis_set_view(y, NAN, 2.0);

    a = chartex_axes_add_artist(ax, CHARTEX_ARTIST_LINE, NULL);
    OK(chartex_artist_set_label(a, STR("_child0"), NULL));
    OK(chartex_artist_set_class(a, STR("Line2D"), NULL));
    chartex_artist_set_flags(a, CHARTEX_LINE_NO_LINE | CHARTEX_LINE_MARKER | CHARTEX_LINE_STEPS);
    chartex_artist_set_group(a, 7);
    OK(chartex_artist_set_points(a, 5, line, NULL));

    a = chartex_axes_add_artist(ax, CHARTEX_ARTIST_LINE, NULL);
    chartex_artist_set_role(a, CHARTEX_ROLE_REFLINE);
    chartex_artist_set_flags(a, CHARTEX_ARTIST_STEM | CHARTEX_ARTIST_ERRORBAR_DATA | 0x80000000u);
    chartex_artist_set_group(a, 4000000000ul);

    a = chartex_axes_add_artist(ax, CHARTEX_ARTIST_SCATTER, NULL);
    OK(chartex_artist_set_label(a, STR("points \xf0\x9f\x98\x80"), NULL));
    OK(chartex_artist_set_points(a, 2, scat, NULL));

    a = chartex_axes_add_artist(ax, CHARTEX_ARTIST_BARS, NULL);
    OK(chartex_artist_set_label(a, STR("Group"), NULL));
    chartex_artist_set_orientation(a, CHARTEX_HORIZONTAL);
    OK(chartex_artist_set_bars(a, 3, bx, by, bw, bh, bv, NULL));

    a = chartex_axes_add_artist(ax, CHARTEX_ARTIST_BARS, NULL);
    OK(chartex_artist_set_bars(a, 3, bx, by, bw, bh, NULL, NULL));

    a = chartex_axes_add_artist(ax, CHARTEX_ARTIST_BARS, NULL);
    chartex_artist_set_role(a, CHARTEX_ROLE_ERRORBAR);

    a = chartex_axes_add_artist(ax, CHARTEX_ARTIST_WEDGE, NULL);
    chartex_artist_set_wedge(a, 0.0, 324.0, 1.0);
    a = chartex_axes_add_artist(ax, CHARTEX_ARTIST_WEDGE, NULL); /* NaN defaults */
    (void)a;

    a = chartex_axes_add_artist(ax, CHARTEX_ARTIST_PATCH, NULL);
    chartex_artist_set_role(a, CHARTEX_ROLE_DECORATION);
    OK(chartex_artist_set_class(a, STR("PathPatch"), NULL));
    OK(chartex_artist_add_polygon(a, 4, poly1, NULL));
    OK(chartex_artist_add_polygon(a, 0, NULL, NULL));
    OK(chartex_artist_add_polygon(a, 1, poly2, NULL));

    a = chartex_axes_add_artist(ax, CHARTEX_ARTIST_AREA, NULL);
    OK(chartex_artist_add_polygon(a, 4, poly1, NULL));
    a = chartex_axes_add_artist(ax, CHARTEX_ARTIST_SEGMENTS, NULL);
    OK(chartex_artist_add_polygon(a, 1, poly2, NULL));
    OK(chartex_artist_add_polygon(a, 4, poly1, NULL));
    a = chartex_axes_add_artist(ax, CHARTEX_ARTIST_SEGMENTS, NULL);
    (void)a;

    a = chartex_axes_add_artist(ax, CHARTEX_ARTIST_IMAGE, NULL);
    OK(chartex_artist_set_image(a, 2, 3, img, extent, NULL));
    a = chartex_axes_add_artist(ax, CHARTEX_ARTIST_IMAGE, NULL);
    OK(chartex_artist_set_image(a, 0, 5, NULL, extent, NULL));

    a = chartex_axes_add_artist(ax, CHARTEX_ARTIST_OTHER, NULL);
    OK(chartex_artist_set_class(a, STR("Text"), NULL));

    /* an axes with every default */
    cr_assert_not_null(chartex_scene_add_axes(s, NULL));

    /* a colorbar, -0.0 epoch, a view with one end unknown, ticks without labels */
    ax = chartex_scene_add_axes(s, NULL);
    chartex_axes_set_flags(ax, CHARTEX_AXES_COLORBAR);
    chartex_axis_set_kind(chartex_axes_axis(ax, 1), CHARTEX_AXIS_NUMERIC, -0.0);
    chartex_axis_set_view(chartex_axes_axis(ax, 1), 1.0, NAN);
    OK(chartex_axis_set_ticks(chartex_axes_axis(ax, 1), 2, ticks, NULL));
    return s;
}

/* ------------------------------------------------------------- round trips */

Test(scene_json, full_scene_round_trips)
{
    chartex_scene *s = full_scene();

    assert_round_trip(s);
    chartex_scene_free(s);
}

Test(scene_json, empty_scene)
{
    chartex_scene *s = chartex_scene_new(NULL);
    char *t = dump(s, 0, NULL);

    cr_assert_str_eq(t, "{\"version\":1,\"axes\":[]}");
    assert_round_trip(s);
    chartex_free(t);
    chartex_scene_free(s);
}

Test(scene_json, compact_and_pretty)
{
    chartex_scene *s = full_scene();
    size_t n1, n2;
    char *compact = dump(s, 0, &n1), *pretty = dump(s, 4, &n2);
    chartex_scene *back;
    char *again;

    cr_assert_null(strchr(compact, '\n'));
    cr_assert_null(strstr(compact, "\": "));
    cr_assert_not_null(strchr(pretty, '\n'));
    cr_assert_not_null(strstr(pretty, "\"version\": 1"));
    /* the pretty text reads back to the same scene */
    back = read_ok(pretty, n2);
    again = dump(back, -3, NULL);
    cr_assert_str_eq(again, compact);
    /* defaults are left out */
    cr_assert_null(strstr(compact, "\"role\":\"data\""));
    cr_assert_null(strstr(compact, "\"scale\":\"linear\""));
    cr_assert_not_null(strstr(compact, "\"role\":\"refline\""));
    cr_assert_not_null(strstr(compact, "\"flags\":[\"polar\",\"3d\",64]"));
    cr_assert_not_null(strstr(compact, "\"flags\":[\"no_line\",\"marker\",\"steps\"]"));
    cr_assert_not_null(strstr(compact, "\"group\":4000000000"));
    cr_assert_not_null(strstr(compact, "\"orientation\":\"horizontal\""));
    /* slashes are not escaped */
    cr_assert_not_null(strstr(compact, "\"one\\\" / \\\\ "));
    chartex_free(again);
    chartex_scene_free(back);
    chartex_free(compact);
    chartex_free(pretty);
    chartex_scene_free(s);
}

Test(scene_json, null_arguments)
{
    chartex_error err;

    memset(&err, 0, sizeof err);
    cr_assert_null(chartex_scene_to_json(NULL, 0, NULL, &err));
    cr_assert_eq(err.code, CHARTEX_ERR_INVALID);
    memset(&err, 0, sizeof err);
    cr_assert_null(chartex_scene_from_json(NULL, 5, &err));
    cr_assert_eq(err.code, CHARTEX_ERR_INVALID);
    /* no error record is fine too */
    cr_assert_null(chartex_scene_from_json("[", 1, NULL));
    cr_assert_null(chartex_scene_to_json(NULL, 0, NULL, NULL));
}

/* ----------------------------------------------------------------- numbers */

Test(scene_json, doubles_round_trip_exactly)
{
    static const double v[] = {
        0.1, 0.2, 0.30000000000000004, 1e-300, 5e-324, 2.2250738585072014e-308,
        -0.0, 0.0, 1e16, 1e22, 1.7976931348623157e308, -1.7976931348623157e308,
        123456789012345678.0, 9007199254740993.0, 1.0 / 3.0, 100.0, 1e-7,
        737425.5, -719163.0, 4.35, 2.675
    };
    size_t n = sizeof v / sizeof v[0], i, len;
    double *xy = malloc(2 * n * sizeof *xy);
    chartex_scene *s = chartex_scene_new(NULL), *back;
    chartex_artist *a;
    char *t;

    for (i = 0; i < n; i++) {
        xy[2 * i] = v[i];
        xy[2 * i + 1] = -v[i];
    }
    a = chartex_axes_add_artist(chartex_scene_add_axes(s, NULL), CHARTEX_ARTIST_LINE, NULL);
    OK(chartex_artist_set_points(a, n, xy, NULL));
    t = dump(s, 0, &len);
    cr_assert_not_null(strstr(t, "[0.1,-0.1]"), "%s", t);
    cr_assert_not_null(strstr(t, "-0.0"), "%s", t);
    back = read_ok(t, len);
    a = back->axes[0]->artists[0];
    cr_assert_eq(a->n, n);
    for (i = 0; i < n; i++) {
        double mx = v[i], my = -v[i];

        cr_assert(memcmp(&a->x[i], &mx, sizeof mx) == 0, "x %.17g != %.17g", a->x[i], mx);
        cr_assert(memcmp(&a->y[i], &my, sizeof my) == 0, "y %.17g != %.17g", a->y[i], my);
    }
    assert_round_trip(s);
    chartex_free(t);
    chartex_scene_free(back);
    chartex_scene_free(s);
    free(xy);
}

Test(scene_json, non_finite_numbers)
{
    static const double xy[] = { NAN, INFINITY, -INFINITY, 1.0 };
    chartex_scene *s = chartex_scene_new(NULL), *back;
    chartex_artist *a;
    size_t len;
    char *t;

    a = chartex_axes_add_artist(chartex_scene_add_axes(s, NULL), CHARTEX_ARTIST_SCATTER, NULL);
    OK(chartex_artist_set_points(a, 2, xy, NULL));
    t = dump(s, 0, &len);
    cr_assert_not_null(strstr(t, "\"points\":[[null,\"Infinity\"],[\"-Infinity\",1.0]]"), "%s", t);
    back = read_ok(t, len);
    a = back->axes[0]->artists[0];
    cr_assert(isnan(a->x[0]));
    cr_assert(isinf(a->y[0]) && a->y[0] > 0);
    cr_assert(isinf(a->x[1]) && a->x[1] < 0);
    chartex_free(t);
    chartex_scene_free(back);
    chartex_scene_free(s);
}

Test(scene_json, reader_accepts_integers_floats_and_spellings)
{
    static const char text[] =
        "{\"axes\":[{\"artists\":[{\"kind\":\"line\",\"points\":"
        "[[1,-2],[3.5,1e2],[1E-2,-0.0],[\"Infinity\",\"-Infinity\"],[\"NaN\",null],"
        "[9007199254740993,-9223372036854775807],[1e999,-1e999],[1e-400,0]]}]}]}";
    chartex_scene *s = read_ok(STR(text));
    const struct chartex_artist *a = s->axes[0]->artists[0];

    cr_assert_eq(a->n, 8);
    cr_assert(a->x[0] == 1.0 && a->y[0] == -2.0);
    cr_assert(a->x[1] == 3.5 && a->y[1] == 100.0);
    cr_assert(a->x[2] == 0.01 && a->y[2] == 0.0 && signbit(a->y[2]));
    cr_assert(isinf(a->x[3]) && a->x[3] > 0 && isinf(a->y[3]) && a->y[3] < 0);
    cr_assert(isnan(a->x[4]) && isnan(a->y[4]));
    cr_assert(a->x[5] == 9007199254740992.0 && a->y[5] == -9223372036854775807.0);
    cr_assert(isinf(a->x[6]) && a->x[6] > 0 && isinf(a->y[6]) && a->y[6] < 0);
    cr_assert(a->x[7] == 0.0);
    chartex_scene_free(s);
}

/* ------------------------------------------------------------ strings */

Test(scene_json, unicode_and_control_characters)
{
    /* every control character but NUL, quotes, backslash, slash, DEL,
     * 2-, 3- and 4-byte UTF-8 */
    char label[64];
    size_t i, n = 0, len;
    chartex_scene *s = chartex_scene_new(NULL), *back;
    chartex_artist *a;
    char *t;

    for (i = 1; i < 32; i++)
        label[n++] = (char)i;
    memcpy(label + n, "\"\\/\x7f\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80", 13);
    n += 13;
    a = chartex_axes_add_artist(chartex_scene_add_axes(s, NULL), CHARTEX_ARTIST_LINE, NULL);
    OK(chartex_artist_set_label(a, label, n, NULL));
    OK(chartex_scene_set_suptitle(s, STR("\xf0\x9f\x93\x8a \xe5\x9b\xbe\xe8\xa1\xa8"), NULL));
    t = dump(s, 0, &len);
    back = read_ok(t, len);
    cr_assert_eq(strlen(back->axes[0]->artists[0]->label), n);
    cr_assert(memcmp(back->axes[0]->artists[0]->label, label, n) == 0);
    assert_round_trip(s);
    chartex_free(t);
    chartex_scene_free(back);
    chartex_scene_free(s);
}

Test(scene_json, reader_decodes_escapes)
{
    static const char text[] =
        "{\"suptitle\":\"\\u00e9\\u20ac\\ud83d\\ude00 \\t\\n\\/\\\"\\\\\\u0001\"}";
    chartex_scene *s = read_ok(STR(text));

    cr_assert_str_eq(s->suptitle, "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80 \t\n/\"\\\x01");
    chartex_scene_free(s);
}

Test(scene_json, invalid_utf8_is_rejected)
{
    static const char *const texts[] = {
        "{\"suptitle\":\"\xff\"}",
        "{\"suptitle\":\"a\xc3\"}",
        "{\"suptitle\":\"\xe2\x82\"}",
        "{\"axes\":[{\"artists\":[{\"kind\":\"line\",\"label\":\"\x80\"}]}]}",
        "{\"s\xff\":1}",
        "{\"suptitle\":\"ok\"}\xc3\xa9",
    };
    size_t i;

    for (i = 0; i < sizeof texts / sizeof texts[0]; i++)
        assert_rejected(STR(texts[i]));
    assert_error("{\"suptitle\":\"\xff\"}", "invalid UTF-8");
}

/* json-c's UTF-8 check is loose: it lets through overlong forms, encoded
 * UTF-16 surrogates and code points above U+10FFFF.  Found by the fuzzer
 * (fuzz/regressions/overlong-utf8-category.json): such a category name
 * reached the sink as invalid UTF-8. */
Test(scene_json, loose_utf8_is_rejected)
{
    static const char *const texts[] = {
        "{\"suptitle\":\"\xc1\xa2\"}",              /* overlong 'b' */
        "{\"suptitle\":\"\xc0\x80\"}",              /* overlong NUL */
        "{\"suptitle\":\"\xe0\x80\xaf\"}",          /* overlong '/' */
        "{\"suptitle\":\"\xf0\x80\x80\xaf\"}",      /* overlong '/' */
        "{\"suptitle\":\"\xed\xa0\x80\"}",          /* U+D800 */
        "{\"suptitle\":\"\xed\xbf\xbf\"}",          /* U+DFFF */
        "{\"suptitle\":\"\xf4\x90\x80\x80\"}",      /* U+110000 */
        "{\"suptitle\":\"\xf7\xbf\xbf\xbf\"}",      /* above U+10FFFF */
        "{\"axes\":[{\"x\":{\"kind\":\"category\",\"categories\":[\"\xc1\xa2\"]}}]}",
        "{\"axes\":[{\"x\":{\"ticks\":[0],\"tick_labels\":[\"\xed\xa0\x80\"]}}]}",
    };
    size_t i;

    for (i = 0; i < sizeof texts / sizeof texts[0]; i++)
        assert_error(texts[i], "invalid UTF-8");
    /* The edges of the valid ranges still read. */
    chartex_scene_free(read_ok(STR("{\"suptitle\":\"\xc2\x80\xed\x9f\xbf\xee\x80\x80"
                                   "\xf4\x8f\xbf\xbf\xf0\x90\x80\x80\"}")));
}

Test(scene_json, lone_surrogates_become_replacement_characters)
{
    static const char text[] = "{\"suptitle\":\"a\\ud800b\\udc00\"}";
    chartex_scene *s = read_ok(STR(text));

    cr_assert_str_eq(s->suptitle, "a\xef\xbf\xbd" "b\xef\xbf\xbd");
    chartex_scene_free(s);
}

Test(scene_json, nul_is_rejected)
{
    static const char raw[] = "{\"suptitle\":\"a\0b\"}";

    assert_error("{\"suptitle\":\"a\\u0000b\"}", "suptitle: strings may not contain U+0000");
    assert_error("{\"axes\":[{\"x\":{\"categories\":[\"ok\",\"\\u0000\"]}}]}",
                 "axes[0].x.categories[1]");
    assert_rejected(raw, sizeof raw - 1);
    assert_rejected("{}\0", 3);
}

/* ----------------------------------------------------- defaults and leniency */

Test(scene_json, minimal_and_default_forms)
{
    static const char *const texts[] = {
        "{}",
        " \t\r\n{ \"version\" : 1 , \"axes\" : [ ] } \n",
        "{\"version\":1.0,\"suptitle\":null,\"axes\":null}",
        "{\"axes\":[{}],\"unknown\":{\"deep\":[1,2,{\"x\":null}]}}",
        "{\"axes\":[{\"titles\":{},\"flags\":[],\"x\":{},\"y\":{\"view\":null},\"artists\":[]}]}",
    };
    size_t i;

    for (i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        chartex_scene *s = read_ok(STR(texts[i]));

        cr_assert_str_eq(s->suptitle, "");
        chartex_scene_free(s);
    }
}

Test(scene_json, explicit_defaults_equal_omitted_ones)
{
    static const char full[] =
        "{\"version\":1,\"suptitle\":\"\",\"axes\":[{\"titles\":{\"center\":\"\",\"left\":\"\","
        "\"right\":\"\"},\"flags\":[],\"x\":{\"label\":\"\",\"scale\":\"linear\",\"kind\":\"numeric\","
        "\"date_epoch\":0,\"view\":[null,null],\"categories\":[],\"ticks\":[],\"tick_labels\":[]},"
        "\"artists\":[{\"kind\":\"bars\",\"role\":\"data\",\"flags\":[],\"group\":0,\"label\":\"\","
        "\"class\":\"\",\"orientation\":\"vertical\",\"bars\":{\"x\":[],\"y\":[],\"w\":[],\"h\":[],"
        "\"values\":null},\"points\":\"ignored: not a line\"}]}]}";
    static const char bare[] = "{\"axes\":[{\"artists\":[{\"kind\":\"bars\",\"bars\":{}}]}]}";
    chartex_scene *a = read_ok(STR(full)), *b = read_ok(STR(bare));
    char *ta = dump(a, 0, NULL), *tb = dump(b, 0, NULL);

    assert_scene_equal(a, b);
    cr_assert_str_eq(ta, tb);
    cr_assert_str_eq(ta, "{\"version\":1,\"axes\":[{\"artists\":[{\"kind\":\"bars\","
                         "\"bars\":{\"x\":[],\"y\":[],\"w\":[],\"h\":[]}}]}]}");
    chartex_free(ta);
    chartex_free(tb);
    chartex_scene_free(a);
    chartex_scene_free(b);
}

Test(scene_json, every_field_read_from_text)
{
    static const char text[] =
        "{\"version\":1,\"suptitle\":\"S\",\"axes\":[{\"titles\":{\"center\":\"C\",\"left\":\"L\","
        "\"right\":\"R\"},\"flags\":[\"colorbar\",\"polar\",\"3d\"],"
        "\"x\":{\"label\":\"X (m)\",\"scale\":\"log\",\"kind\":\"date\",\"date_epoch\":-719163,"
        "\"view\":[0.5,\"Infinity\"],\"categories\":[\"a\",\"b\"],\"ticks\":[1,2],"
        "\"tick_labels\":[\"one\",\"two\"]},\"y\":{\"kind\":\"category\"},"
        "\"artists\":["
        "{\"kind\":\"scatter\",\"role\":\"errorbar\",\"flags\":[\"stem\",\"errorbar_data\",256],"
        "\"group\":3,\"label\":\"l\",\"class\":\"PathCollection\",\"points\":[[1,2]]},"
        "{\"kind\":\"wedge\",\"theta1\":10,\"theta2\":90.5,\"r\":1},"
        "{\"kind\":\"image\",\"rows\":1,\"cols\":2,\"extent\":[0,1,2,3],\"values\":[7,null]},"
        "{\"kind\":\"area\",\"polygons\":[[[0,0],[1,1]],[]]},"
        "{\"kind\":\"bars\",\"orientation\":\"horizontal\",\"bars\":{\"x\":[0],\"y\":[1],"
        "\"w\":[2],\"h\":[0.5],\"values\":[2]}},"
        "{\"kind\":\"other\"}]}]}";
    chartex_scene *s = read_ok(STR(text));
    const struct chartex_axes *ax = s->axes[0];
    const struct chartex_axis *x = &ax->axis[0];
    const struct chartex_artist *a;

    cr_assert_str_eq(s->suptitle, "S");
    cr_assert_str_eq(ax->title[CHARTEX_TITLE_CENTER], "C");
    cr_assert_str_eq(ax->title[CHARTEX_TITLE_LEFT], "L");
    cr_assert_str_eq(ax->title[CHARTEX_TITLE_RIGHT], "R");
    cr_assert_eq(ax->flags, CHARTEX_AXES_COLORBAR | CHARTEX_AXES_POLAR | CHARTEX_AXES_3D);
    cr_assert_str_eq(x->label, "X (m)");
    cr_assert_str_eq(x->scale, "log");
    cr_assert_eq(x->kind, CHARTEX_AXIS_DATE);
    cr_assert_eq(x->date_epoch, -719163.0);
    cr_assert(x->view_lo == 0.5 && isinf(x->view_hi));
    cr_assert_eq(x->n_categories, 2);
    cr_assert_str_eq(x->categories[1], "b");
    cr_assert_eq(x->n_ticks, 2);
    cr_assert_eq(x->ticks[1], 2.0);
    cr_assert_str_eq(x->tick_labels[1], "two");
    cr_assert_eq(ax->axis[1].kind, CHARTEX_AXIS_CATEGORY);
    cr_assert_str_eq(ax->axis[1].scale, "linear");
    cr_assert_eq(ax->n_artists, 6);

    a = ax->artists[0];
    cr_assert_eq(a->kind, CHARTEX_ARTIST_SCATTER);
    cr_assert_eq(a->role, CHARTEX_ROLE_ERRORBAR);
    cr_assert_eq(a->flags, CHARTEX_ARTIST_STEM | CHARTEX_ARTIST_ERRORBAR_DATA | 256u);
    cr_assert_eq(a->group, 3);
    cr_assert_str_eq(a->label, "l");
    cr_assert_str_eq(a->cls, "PathCollection");
    cr_assert(a->n == 1 && a->x[0] == 1.0 && a->y[0] == 2.0);

    a = ax->artists[1];
    cr_assert(a->theta1 == 10.0 && a->theta2 == 90.5 && a->r == 1.0);

    a = ax->artists[2];
    cr_assert(a->rows == 1 && a->cols == 2 && a->image[0] == 7.0 && isnan(a->image[1]));
    cr_assert(a->extent[0] == 0.0 && a->extent[3] == 3.0);

    a = ax->artists[3];
    cr_assert(a->n == 2 && a->n_parts == 2 && a->part_len[0] == 2 && a->part_len[1] == 0);
    cr_assert(a->x[1] == 1.0 && a->y[1] == 1.0);

    a = ax->artists[4];
    cr_assert(a->n == 1 && a->orientation == CHARTEX_HORIZONTAL);
    cr_assert(a->bx[0] == 0.0 && a->by[0] == 1.0 && a->bw[0] == 2.0 && a->bh[0] == 0.5);
    cr_assert(a->values != NULL && a->values[0] == 2.0);

    cr_assert_eq(ax->artists[5]->kind, CHARTEX_ARTIST_OTHER);
    chartex_scene_free(s);
}

/* --------------------------------------------------------- malformed input */

Test(scene_json, not_json)
{
    static const char *const texts[] = {
        "", " ", "x", "{", "}", "[", "{\"axes\"", "{\"axes\":", "{\"axes\":[", "{'axes':[]}",
        "{axes:[]}", "{\"axes\":[],}", "{\"axes\":[1,]}", "{\"a\":1 \"b\":2}",
        "{\"version\":01}", "{\"version\":NaN}", "{\"suptitle\":\"\\x\"}",
        "{\"suptitle\":\"abc}", "{\"suptitle\":\"\\u12\"}", "/* c */ {}", "{} // c",
        "{\"axes\":[]} x", "{}{}", "{} []", "{\"version\":TRUE}", "nul", "tru", "-",
        "{\"a\":-}", "{\"a\":1e}", "{\"a\":.5}",
    };
    size_t i;

    for (i = 0; i < sizeof texts / sizeof texts[0]; i++)
        assert_rejected(STR(texts[i]));
    assert_error("{\"axes\":[]} 1", "trailing");
    assert_error("{\"axes\":[]} {}", "trailing");
    assert_error("{\"axes\":[]} x", "not JSON: unexpected 'x' at byte 12");
    assert_error("{'axes':[]}", "not JSON: unexpected ''' at byte 1");
    assert_error("{\"suptitle\":\"\\u0000\"} \x01", "unexpected byte 0x01 at byte 22");
    assert_error("{\"axes\":[", "ends too early");
}

Test(scene_json, top_level_must_be_an_object)
{
    static const char *const texts[] = {
        "[]", "1", "-1.5", "\"scene\"", "null", "true", "false", "[{}]",
    };
    size_t i;

    for (i = 0; i < sizeof texts / sizeof texts[0]; i++)
        assert_error(texts[i], "scene: expected a scene object");
}

Test(scene_json, wrong_types_at_every_level)
{
    static const struct {
        const char *text, *want;
    } cases[] = {
        { "{\"version\":\"1\"}", "version: expected a non-negative integer" },
        { "{\"version\":2}", "version: unsupported version 2" },
        { "{\"version\":-1}", "version" },
        { "{\"version\":1.5}", "version" },
        { "{\"suptitle\":1}", "suptitle: expected a string" },
        { "{\"suptitle\":[]}", "suptitle" },
        { "{\"axes\":{}}", "axes: expected an array of axes" },
        { "{\"axes\":\"x\"}", "axes" },
        { "{\"axes\":[1]}", "axes[0]: expected an axes object" },
        { "{\"axes\":[{},null]}", "axes[1]: expected an axes object" },
        { "{\"axes\":[{},[]]}", "axes[1]" },
        { "{\"axes\":[{\"titles\":[]}]}", "axes[0].titles: expected an object" },
        { "{\"axes\":[{\"titles\":{\"left\":1}}]}", "axes[0].titles.left: expected a string" },
        { "{\"axes\":[{\"flags\":\"polar\"}]}", "axes[0].flags: expected an array" },
        { "{\"axes\":[{\"flags\":[\"nope\"]}]}", "axes[0].flags[0]: unknown flag \"nope\"" },
        { "{\"axes\":[{\"flags\":[\"marker\"]}]}", "axes[0].flags[0]: unknown flag" },
        { "{\"axes\":[{\"flags\":[1.5]}]}", "axes[0].flags[0]" },
        { "{\"axes\":[{\"flags\":[-1]}]}", "axes[0].flags[0]" },
        { "{\"axes\":[{\"flags\":[4294967296]}]}", "out of range" },
        { "{\"axes\":[{\"flags\":[{}]}]}", "axes[0].flags[0]" },
        { "{\"axes\":[{\"x\":[]}]}", "axes[0].x: expected an axis object" },
        { "{\"axes\":[{\"y\":1}]}", "axes[0].y: expected an axis object" },
        { "{\"axes\":[{\"x\":{\"label\":1}}]}", "axes[0].x.label: expected a string" },
        { "{\"axes\":[{\"x\":{\"scale\":[]}}]}", "axes[0].x.scale" },
        { "{\"axes\":[{\"x\":{\"kind\":\"bogus\"}}]}", "axes[0].x.kind: unknown axis kind" },
        { "{\"axes\":[{\"x\":{\"kind\":1}}]}", "axes[0].x.kind: expected a string" },
        { "{\"axes\":[{\"x\":{\"date_epoch\":\"x\"}}]}", "axes[0].x.date_epoch: expected a number" },
        { "{\"axes\":[{\"x\":{\"date_epoch\":[]}}]}", "axes[0].x.date_epoch" },
        { "{\"axes\":[{\"x\":{\"view\":[1]}}]}", "axes[0].x.view: expected [lo, hi]" },
        { "{\"axes\":[{\"x\":{\"view\":[1,2,3]}}]}", "axes[0].x.view" },
        { "{\"axes\":[{\"x\":{\"view\":\"a\"}}]}", "axes[0].x.view" },
        { "{\"axes\":[{\"x\":{\"view\":[1,true]}}]}", "axes[0].x.view" },
        { "{\"axes\":[{\"x\":{\"categories\":\"a\"}}]}", "axes[0].x.categories: expected an array" },
        { "{\"axes\":[{\"x\":{\"categories\":[\"a\",1]}}]}", "axes[0].x.categories[1]" },
        { "{\"axes\":[{\"x\":{\"ticks\":\"x\"}}]}", "axes[0].x.ticks: expected an array" },
        { "{\"axes\":[{\"x\":{\"ticks\":[1,[2]]}}]}", "axes[0].x.ticks[1]: expected a number" },
        { "{\"axes\":[{\"x\":{\"ticks\":[1,2],\"tick_labels\":[\"a\"]}}]}",
          "axes[0].x.tick_labels: 1 tick labels for 2 ticks" },
        { "{\"axes\":[{\"x\":{\"tick_labels\":[\"a\"]}}]}", "1 tick labels for 0 ticks" },
        { "{\"axes\":[{\"x\":{\"ticks\":[1],\"tick_labels\":[\"a\",\"b\"]}}]}", "tick labels" },
        { "{\"axes\":[{\"x\":{\"ticks\":[1],\"tick_labels\":\"a\"}}]}", "axes[0].x.tick_labels" },
        { "{\"axes\":[{\"x\":{\"ticks\":[1],\"tick_labels\":[2]}}]}",
          "axes[0].x.tick_labels[0]: expected a string" },
        { "{\"axes\":[{\"artists\":{}}]}", "axes[0].artists: expected an array" },
        { "{\"axes\":[{\"artists\":[1]}]}", "axes[0].artists[0]: expected an artist object" },
        { "{\"axes\":[{\"artists\":[{}]}]}", "axes[0].artists[0]: missing \"kind\"" },
        { "{\"axes\":[{\"artists\":[{\"kind\":null}]}]}", "missing \"kind\"" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"nope\"}]}]}",
          "axes[0].artists[0].kind: unknown artist kind \"nope\"" },
        { "{\"axes\":[{\"artists\":[{\"kind\":0}]}]}", "axes[0].artists[0].kind" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"\xc3\xa9\\n0123456789012345678901234567890123456789\"}]}]}",
          "unknown artist kind \"??\?01234567890123456789012345678...\"" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"line\",\"role\":\"main\"}]}]}",
          "axes[0].artists[0].role: unknown role" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"line\",\"flags\":[\"polar\"]}]}]}",
          "axes[0].artists[0].flags[0]: unknown flag" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"line\",\"group\":-1}]}]}",
          "axes[0].artists[0].group" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"line\",\"group\":\"1\"}]}]}", "group" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"line\",\"group\":1.5}]}]}", "group" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"line\",\"group\":1e300}]}]}", "group" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"line\",\"group\":99999999999999999999}]}]}",
          "group: integer out of range" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"line\",\"label\":1}]}]}",
          "axes[0].artists[0].label: expected a string" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"line\",\"class\":{}}]}]}",
          "axes[0].artists[0].class" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"line\",\"points\":{}}]}]}",
          "axes[0].artists[0].points: expected an array" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"line\",\"points\":[1]}]}]}",
          "axes[0].artists[0].points[0]: expected [x, y]" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"scatter\",\"points\":[[1,2],[1]]}]}]}",
          "axes[0].artists[0].points[1]: expected [x, y]" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"line\",\"points\":[[1,2,3]]}]}]}", "expected [x, y]" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"line\",\"points\":[[\"a\",1]]}]}]}",
          "axes[0].artists[0].points[0]: expected a number" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"line\",\"points\":[[1,{}]]}]}]}", "points[0]" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"line\",\"points\":[[1,false]]}]}]}", "points[0]" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"line\",\"points\":[[1,\"inf\"]]}]}]}", "points[0]" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"line\",\"points\":[[1,NaN]]}]}]}",
          "not JSON: unexpected 'N'" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"line\",\"points\":[[1,-Infinity]]}]}]}", "not JSON" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"line\",\"points\":[[1,99999999999999999999]]}]}]}",
          "integer out of range" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"line\",\"points\":[[1,-99999999999999999999]]}]}]}",
          "integer out of range" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"patch\",\"polygons\":{}}]}]}",
          "axes[0].artists[0].polygons: expected an array of polygons" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"area\",\"polygons\":[[1,2]]}]}]}",
          "axes[0].artists[0].polygons[0][0]: expected [x, y]" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"segments\",\"polygons\":[[],[[0,0],[1]]]}]}]}",
          "axes[0].artists[0].polygons[1][1]: expected [x, y]" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"patch\",\"polygons\":[{}]}]}]}", "polygons[0]" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"bars\",\"orientation\":\"diagonal\"}]}]}",
          "axes[0].artists[0].orientation: unknown orientation" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"bars\",\"bars\":[]}]}]}",
          "axes[0].artists[0].bars: expected an object" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"bars\",\"bars\":{\"x\":\"a\"}}]}]}",
          "axes[0].artists[0].bars.x: expected an array" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"bars\",\"bars\":{\"x\":[1],\"y\":[1],\"w\":[1]}}]}]}",
          "axes[0].artists[0].bars: \"h\" has 0 values where \"x\" has 1" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"bars\",\"bars\":{\"x\":[1],\"y\":[1],\"w\":[1],"
          "\"h\":[1],\"values\":[1,2]}}]}]}", "\"values\" has 2 values" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"bars\",\"bars\":{\"y\":[1]}}]}]}", "\"y\" has 1" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"bars\",\"bars\":{\"x\":[1],\"y\":[1],\"w\":[1],"
          "\"h\":[[1]]}}]}]}", "bars.h[0]: expected a number" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"wedge\",\"theta1\":\"a\"}]}]}",
          "axes[0].artists[0].theta1: expected a number" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"wedge\",\"r\":[]}]}]}", "axes[0].artists[0].r" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"image\",\"rows\":-1}]}]}",
          "axes[0].artists[0].rows: expected a non-negative integer" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"image\",\"rows\":\"2\"}]}]}", "rows" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"image\",\"cols\":0.5}]}]}", "cols" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"image\",\"rows\":2,\"cols\":2,\"values\":[1]}]}]}",
          "axes[0].artists[0]: 1 image values for 2 rows x 2 cols" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"image\",\"rows\":2,\"values\":[1,2]}]}]}",
          "2 image values for 2 rows x 0 cols" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"image\",\"extent\":[1,2,3]}]}]}",
          "axes[0].artists[0].extent: expected [left, right, bottom, top]" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"image\",\"extent\":{}}]}]}", "extent" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"image\",\"values\":\"x\"}]}]}", "values" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"image\",\"rows\":4294967296,"
          "\"cols\":4294967296,\"values\":[]}]}]}", "image values for 4294967296 rows" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"image\",\"rows\":18446744073709551615,"
          "\"cols\":2,\"values\":[]}]}]}", "rows" },
        { "{\"axes\":[{\"artists\":[{\"kind\":\"image\",\"rows\":1e15,"
          "\"cols\":1e15,\"values\":[]}]}]}", "image values" },
        { "{\"axes\":[{},{},{\"artists\":[{\"kind\":\"line\",\"points\":"
          "[[1,2],[3,4],[5,6],[7,8],[9,10],[1]]}]}]}",
          "axes[2].artists[0].points[5]: expected [x, y]" },
    };
    size_t i;

    for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
        assert_error(cases[i].text, cases[i].want);
}

static char *
repeat(const char *open, size_t depth, const char *middle, const char *close, size_t *len)
{
    size_t a = strlen(open), b = strlen(middle), c = strlen(close), i, n = 0;
    char *s = malloc(depth * (a + c) + b + 1);

    for (i = 0; i < depth; i++, n += a)
        memcpy(s + n, open, a);
    memcpy(s + n, middle, b);
    n += b;
    for (i = 0; i < depth; i++, n += c)
        memcpy(s + n, close, c);
    s[n] = '\0';
    *len = n;
    return s;
}

Test(scene_json, deep_nesting)
{
    size_t depths[] = { 40, 1000, 100000 }, i, len;
    chartex_scene *s;
    char *t;

    for (i = 0; i < 3; i++) {
        t = repeat("[", depths[i], "", "]", &len);
        assert_rejected(t, len);
        free(t);
        t = repeat("{\"a\":", depths[i], "1", "}", &len);
        assert_rejected(t, len);
        free(t);
        /* deep inside an unknown key */
        t = repeat("{\"axes\":[],\"x\":[", depths[i], "", "]}", &len);
        assert_rejected(t, len);
        free(t);
        t = repeat("{\"axes\":[{\"artists\":[{\"kind\":\"line\",\"x\":", depths[i], "1", "}]}]}", &len);
        assert_rejected(t, len);
        free(t);
        /* unterminated */
        t = repeat("[", depths[i], "", "", &len);
        assert_rejected(t, len);
        free(t);
    }
    assert_error("[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
                 "nested deeper");
    /* modest nesting in an unknown key is fine */
    t = repeat("[", 20, "", "]", &len);
    {
        char *doc = malloc(len + 32);

        len = (size_t)sprintf(doc, "{\"axes\":[],\"x\":%s}", t);
        s = read_ok(doc, len);
        chartex_scene_free(s);
        free(doc);
    }
    free(t);
}

Test(scene_json, huge_counts_and_long_text)
{
    /* many points: the arrays are read in one pass */
    size_t n = 20000, i, len = 0;
    size_t cap = n * 8 + 128;
    char *t = malloc(cap);
    chartex_scene *s;

    len += (size_t)sprintf(t, "{\"axes\":[{\"artists\":[{\"kind\":\"line\",\"points\":[");
    for (i = 0; i < n; i++)
        len += (size_t)sprintf(t + len, "%s[%zu,1]", i ? "," : "", i % 10);
    len += (size_t)sprintf(t + len, "]}]}]}");
    s = read_ok(t, len);
    cr_assert_eq(s->axes[0]->artists[0]->n, n);
    chartex_scene_free(s);
    /* the same, cut anywhere near the end */
    for (i = 1; i < 5; i++)
        assert_rejected(t, len - i);
    free(t);
}

Test(scene_json, every_prefix_of_a_dump_is_rejected)
{
    chartex_scene *s = full_scene();
    size_t len, i;
    char *t = dump(s, 0, &len);

    for (i = 0; i < len; i++) {
        chartex_error err;
        chartex_scene *back;

        memset(&err, 0, sizeof err);
        back = chartex_scene_from_json(t, i, &err);
        cr_assert_null(back, "prefix of %zu bytes accepted", i);
        cr_assert_eq(err.code, CHARTEX_ERR_PARSE, "prefix %zu: %s", i, err.text);
    }
    chartex_free(t);
    chartex_scene_free(s);
}

Test(scene_json, trailing_garbage)
{
    static const char *const tails[] = { "x", "{}", "[]", "1", "\"", ",", "]", "}", "\x01", "\xff" };
    chartex_scene *s = full_scene(), *back;
    size_t len, i;
    char *t = dump(s, 0, &len);
    char *buf = malloc(len + 8);

    for (i = 0; i < sizeof tails / sizeof tails[0]; i++) {
        memcpy(buf, t, len);
        memcpy(buf + len, " ", 1);
        memcpy(buf + len + 1, tails[i], strlen(tails[i]));
        assert_rejected(buf, len + 1 + strlen(tails[i]));
    }
    /* whitespace is not garbage */
    memcpy(buf, t, len);
    memcpy(buf + len, " \n\t\r", 4);
    back = read_ok(buf, len + 4);
    assert_scene_equal(s, back);
    chartex_scene_free(back);
    free(buf);
    chartex_free(t);
    chartex_scene_free(s);
}

/* Every byte of a dump replaced by a few others: the reader may accept or
 * refuse each, but must not crash or leak, and a refusal carries a message. */
Test(scene_json, mutated_dumps_never_crash)
{
    static const char subst[] = { '"', '[', '}', ',', '1', 'e', '\\' };
    chartex_scene *s = full_scene(), *back;
    size_t len, i, j;
    char *t = dump(s, 0, &len);
    char *buf = malloc(len);

    for (i = 0; i < len; i++) {
        for (j = 0; j < sizeof subst; j++) {
            chartex_error err;

            memcpy(buf, t, len);
            buf[i] = subst[j];
            memset(&err, 0, sizeof err);
            back = chartex_scene_from_json(buf, len, &err);
            if (back == NULL)
                cr_assert(err.code != CHARTEX_OK && err.text[0] != '\0');
            chartex_scene_free(back);
        }
    }
    free(buf);
    chartex_free(t);
    chartex_scene_free(s);
}

#ifdef CHARTEX__ALLOC_FAILURE_TESTING
extern long chartex__alloc_count, chartex__alloc_fail_at;

/* Fails each allocation in turn: every failure is reported as NOMEM and
 * frees everything (valgrind checks the latter). */
Test(scene_json, allocation_failures)
{
    chartex_scene *s = full_scene(), *back;
    size_t len;
    char *t = dump(s, 0, &len), *t2;
    long k;
    int done_read = 0, done_write = 0;

    for (k = 1; !(done_read && done_write) && k < 100000; k++) {
        chartex_error err;

        if (!done_read) {
            memset(&err, 0, sizeof err);
            chartex__alloc_count = 0;
            chartex__alloc_fail_at = k;
            back = chartex_scene_from_json(t, len, &err);
            chartex__alloc_fail_at = 0;
            if (back != NULL)
                done_read = 1;
            else
                cr_assert_eq(err.code, CHARTEX_ERR_NOMEM, "%ld: %s", k, err.text);
            chartex_scene_free(back);
        }
        if (!done_write) {
            memset(&err, 0, sizeof err);
            chartex__alloc_count = 0;
            chartex__alloc_fail_at = k;
            t2 = chartex_scene_to_json(s, 0, NULL, &err);
            chartex__alloc_fail_at = 0;
            if (t2 != NULL)
                done_write = 1;
            else
                cr_assert_eq(err.code, CHARTEX_ERR_NOMEM);
            chartex_free(t2);
        }
    }
    cr_assert(done_read && done_write);
    chartex_free(t);
    chartex_scene_free(s);
}
#endif
