/*
 * scene_read.c - scene JSON (doc/scene.md) -> scene: chartex_scene_from_json.
 * Here the text, the document and its axes; an artist is read by
 * scene_read_artists.c, each value by scene_read_values.c (scene_reader.h).
 *
 * The reader is meant for untrusted bytes (bug reports, a fuzzer: this is
 * the fuzz surface, fuzz/fuzz_scene.c): json-c parses with an explicit
 * length and a depth limit, then every value is type-checked before it
 * reaches the public builder API, and every error names the path of the
 * bad value.  The text is only read; the scene returned belongs to the
 * caller (chartex_scene_free), and nothing is left behind on failure.
 */
#include "scene/scene_reader.h"

#include <limits.h>
#include <stdint.h>
#include <string.h>

/* json-c's tokener refuses deeper nesting.  A scene needs 8 levels (a point
 * of a polygon of an artist of an axes); the rest is room for unknown keys.
 * The limit also bounds json-c's recursion when it frees the tree. */
#define SCENE_JSON_MAX_DEPTH 32

/* ------------------------------------------------------------------- axes */

static int
read_strings_into(chartex__reader *r, json_object *v, chartex_axis *axis)
{
    const char *s;
    size_t i, len, count, mark;
    chartex_error e = { CHARTEX_ERR_NOMEM, "out of memory" };

    if (chartex__read_expect(r, v, json_type_array, "an array of strings") < 0)
        return -1;
    count = json_object_array_length(v);
    for (i = 0; i < count; i++) {
        mark = chartex__read_push_index(r, i);
        if (chartex__read_string(r, json_object_array_get_idx(v, i), &s, &len) < 0)
            return -1;
        if (chartex_axis_add_category(axis, s, len, &e) < 0)
            return chartex__read_relay(r, &e);
        chartex__read_leave(r, mark);
    }
    return 0;
}

/* "ticks" and "tick_labels", which must be as many. */
static int
read_ticks(chartex__reader *r, json_object *obj, chartex_axis *axis)
{
    json_object *ticks = NULL, *labels = NULL, *v;
    double *locs = NULL;
    const char *s;
    size_t i, n = 0, len, mark;
    chartex_error e = { CHARTEX_ERR_NOMEM, "out of memory" };
    int rc = -1;

    if (chartex__read_enter(r, obj, "ticks", &ticks, &mark)) {
        if (chartex__read_numbers(r, ticks, &locs, &n) < 0)
            goto done;
        chartex__read_leave(r, mark);
    }
    if (chartex__read_enter(r, obj, "tick_labels", &labels, &mark)) {
        if (chartex__read_expect(r, labels, json_type_array, "an array of strings") < 0)
            goto done;
        if (json_object_array_length(labels) != n) {
            chartex__read_fail(r, "%zu tick labels for %zu ticks",
                               json_object_array_length(labels), n);
            goto done;
        }
        chartex__read_leave(r, mark);
    }
    if (ticks == NULL) {
        rc = 0;
        goto done;
    }
    if (chartex_axis_set_ticks(axis, n, locs, &e) < 0) {
        chartex__read_relay(r, &e);
        goto done;
    }
    if (labels != NULL) {
        mark = chartex__read_path_push(r, r->len > 0 ? ".%s" : "%s", "tick_labels", 0);
        for (i = 0; i < n; i++) {
            size_t item = chartex__read_push_index(r, i);

            v = json_object_array_get_idx(labels, i);
            if (chartex__read_string(r, v, &s, &len) < 0)
                goto done;
            if (chartex_axis_set_tick_label(axis, i, s, len, &e) < 0) {
                chartex__read_relay(r, &e);
                goto done;
            }
            chartex__read_leave(r, item);
        }
        chartex__read_leave(r, mark);
    }
    rc = 0;
done:
    chartex__free(locs);
    return rc;
}

static int
read_axis(chartex__reader *r, json_object *obj, chartex_axis *axis)
{
    json_object *v;
    size_t mark;
    int kind = CHARTEX_AXIS_NUMERIC, rc = -1;
    double epoch = 0.0, lo, hi;

    if (chartex__read_expect(r, obj, json_type_object, "an axis object") < 0)
        goto done;
    SET_STRING(r, obj, "label", chartex_axis_set_label, axis);
    SET_STRING(r, obj, "scale", chartex_axis_set_scale, axis);
    if (chartex__read_enter(r, obj, "kind", &v, &mark)) {
        if (chartex__read_name(r, v, chartex__axis_kind_names,
                               CHARTEX__COUNT(chartex__axis_kind_names), "axis kind", &kind) < 0)
            goto done;
        chartex__read_leave(r, mark);
    }
    if (chartex__read_number_member(r, obj, "date_epoch", &epoch) < 0)
        goto done;
    chartex_axis_set_kind(axis, (chartex_axis_kind)kind, epoch);
    if (chartex__read_enter(r, obj, "view", &v, &mark)) {
        if (!json_object_is_type(v, json_type_array) || json_object_array_length(v) != 2) {
            chartex__read_fail(r, "expected [lo, hi]");
            goto done;
        }
        if (chartex__read_number(r, json_object_array_get_idx(v, 0), &lo) < 0
            || chartex__read_number(r, json_object_array_get_idx(v, 1), &hi) < 0)
            goto done;
        chartex_axis_set_view(axis, lo, hi);
        chartex__read_leave(r, mark);
    }
    if (chartex__read_enter(r, obj, "categories", &v, &mark)) {
        if (read_strings_into(r, v, axis) < 0)
            goto done;
        chartex__read_leave(r, mark);
    }
    if (read_ticks(r, obj, axis) < 0)
        goto done;
    SET_STRING(r, obj, "tick_offset", chartex_axis_set_tick_offset, axis);
    rc = 0;
done:
    return rc;
}

static int
read_axes(chartex__reader *r, json_object *obj, chartex_scene *scene)
{
    json_object *v, *titles;
    chartex_axes *axes;
    size_t i, count, mark, item;
    unsigned flags;
    int rc = -1;
    chartex_error e = { CHARTEX_ERR_NOMEM, "out of memory" };

    if (chartex__read_expect(r, obj, json_type_object, "an axes object") < 0)
        goto done;
    axes = chartex_scene_add_axes(scene, &e);
    if (axes == NULL) {
        chartex__read_relay(r, &e);
        goto done;
    }
    if (chartex__read_enter(r, obj, "titles", &titles, &mark)) {
        if (chartex__read_expect(r, titles, json_type_object, "an object of titles") < 0)
            goto done;
        for (i = 0; i < 3; i++) {
            const char *s;
            size_t len;

            if (chartex__read_string_member(r, titles, chartex__title_names[i], &s, &len)
                < 0)
                goto done;
            if (s != NULL && chartex_axes_set_title(axes, (chartex_title_loc)i, s, len, &e) < 0) {
                chartex__read_relay(r, &e);
                goto done;
            }
        }
        chartex__read_leave(r, mark);
    }
    if (chartex__read_enter(r, obj, "flags", &v, &mark)) {
        if (chartex__read_flags(r, v, chartex__axes_flag_names,
                                CHARTEX__COUNT(chartex__axes_flag_names), &flags) < 0)
            goto done;
        chartex_axes_set_flags(axes, flags);
        chartex__read_leave(r, mark);
    }
    if (chartex__read_enter(r, obj, "pixels", &v, &mark)) {
        double px[2];

        if (!json_object_is_type(v, json_type_array) || json_object_array_length(v) != 2) {
            chartex__read_fail(r, "expected [width, height]");
            goto done;
        }
        if (chartex__read_number(r, json_object_array_get_idx(v, 0), &px[0]) < 0
            || chartex__read_number(r, json_object_array_get_idx(v, 1), &px[1]) < 0)
            goto done;
        chartex_axes_set_pixels(axes, px[0], px[1]);
        chartex__read_leave(r, mark);
    }
    for (i = 0; i < 3; i++) {
        if (chartex__read_enter(r, obj, i == 0 ? "x" : i == 1 ? "y" : "z", &v, &mark)) {
            if (read_axis(r, v, chartex_axes_axis(axes, (int)i)) < 0)
                goto done;
            chartex__read_leave(r, mark);
        }
    }
    if (chartex__read_enter(r, obj, "artists", &v, &mark)) {
        if (chartex__read_expect(r, v, json_type_array, "an array of artists") < 0)
            goto done;
        count = json_object_array_length(v);
        for (i = 0; i < count; i++) {
            item = chartex__read_push_index(r, i);
            if (chartex__read_artist(r, json_object_array_get_idx(v, i), axes) < 0)
                goto done;
            chartex__read_leave(r, item);
        }
        chartex__read_leave(r, mark);
    }
    rc = 0;
done:
    return rc;
}

static int
read_scene(chartex__reader *r, json_object *root, chartex_scene *scene)
{
    json_object *v;
    size_t i, count, mark, item;
    uint64_t version;
    int rc = -1;

    if (chartex__read_expect(r, root, json_type_object, "a scene object") < 0)
        goto done;
    if (chartex__read_enter(r, root, "version", &v, &mark)) {
        if (chartex__read_count(r, v, UINT32_MAX, &version) < 0)
            goto done;
        if (version != CHARTEX__SCENE_JSON_VERSION) {
            chartex__read_fail(r, "unsupported version %llu (this library reads version %d)",
                               (unsigned long long)version, CHARTEX__SCENE_JSON_VERSION);
            goto done;
        }
        chartex__read_leave(r, mark);
    }
    SET_STRING(r, root, "suptitle", chartex_scene_set_suptitle, scene);
    if (chartex__read_enter(r, root, "axes", &v, &mark)) {
        if (chartex__read_expect(r, v, json_type_array, "an array of axes") < 0)
            goto done;
        count = json_object_array_length(v);
        for (i = 0; i < count; i++) {
            item = chartex__read_push_index(r, i);
            if (read_axes(r, json_object_array_get_idx(v, i), scene) < 0)
                goto done;
            chartex__read_leave(r, item);
        }
        chartex__read_leave(r, mark);
    }
    rc = 0;
done:
    return rc;
}

static int
is_json_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* json-c, even when strict, reads some text that is not JSON: object keys
 * in single quotes, the literals NaN and Infinity.  Outside strings JSON
 * has only structure, whitespace, numbers and true/false/null, so one pass
 * over those bytes finds such text (and NUL bytes, which json-c would take
 * for the end of the text).  Returns the offset of the first bad byte, or
 * len. */
static size_t
find_non_json(const char *text, size_t len)
{
    size_t i;
    int in_string = 0;

    for (i = 0; i < len; i++) {
        char c = text[i];

        if (c == '\0')
            return i;
        if (in_string) {
            if (c == '\\')
                i++; /* the escaped byte cannot end the string */
            else if (c == '"')
                in_string = 0;
            continue;
        }
        if (c == '"')
            in_string = 1;
        else if (!is_json_space(c) && strchr("{}[],:0123456789+-.eEtrufalsn", c) == NULL)
            return i;
    }
    return len;
}

chartex_scene *
chartex_scene_from_json(const char *text, size_t len, chartex_error *err)
{
    struct json_tokener *tok = NULL;
    json_object *root = NULL;
    chartex_scene *scene = NULL;
    enum json_tokener_error jerr;
    size_t end;
    chartex__reader r;
    int ok = 0;

    r.err = err;
    r.len = 0;
    r.path[0] = '\0';
    if (text == NULL && len > 0) {
        chartex__error(err, CHARTEX_ERR_INVALID, "no scene JSON text");
        goto done;
    }
    /* json-c takes the length as an int */
    if (len >= INT_MAX) {
        chartex__error(err, CHARTEX_ERR_LIMIT, "scene JSON of %zu bytes is too large", len);
        goto done;
    }
    end = find_non_json(text, len);
    if (end < len) {
        unsigned char c = (unsigned char)text[end];

        if (c > 0x20 && c < 0x7f)
            chartex__error(err, CHARTEX_ERR_PARSE,
                           "not JSON: unexpected '%c' at byte %zu", (char)c, end);
        else
            chartex__error(err, CHARTEX_ERR_PARSE,
                           "not JSON: unexpected byte 0x%02x at byte %zu", c, end);
        goto done;
    }
    tok = json_tokener_new_ex(SCENE_JSON_MAX_DEPTH);
    if (tok == NULL) {
        chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory reading scene JSON");
        goto done;
    }
    /* Scene strings are UTF-8 (chartex.h): text that is not is refused
     * here rather than passed on.  Trailing bytes are reported below, with
     * a clearer message than json-c's. */
    json_tokener_set_flags(tok, JSON_TOKENER_STRICT | JSON_TOKENER_ALLOW_TRAILING_CHARS
                                    | JSON_TOKENER_VALIDATE_UTF8);
    root = json_tokener_parse_ex(tok, len > 0 ? text : "", (int)len);
    jerr = json_tokener_get_error(tok);
    end = json_tokener_get_parse_end(tok);
    if (jerr == json_tokener_continue) {
        /* All bytes were taken and json-c waits for more: a NUL says there
         * is no more, which ends a top-level number or reports the text as
         * cut short. */
        root = json_tokener_parse_ex(tok, "", 1);
        jerr = json_tokener_get_error(tok);
        end = len;
    }
    if (jerr == json_tokener_error_depth) {
        chartex__error(err, CHARTEX_ERR_PARSE,
                       "not a scene: nested deeper than %d levels at byte %zu",
                       SCENE_JSON_MAX_DEPTH, end);
        goto done;
    }
    if (jerr == json_tokener_error_parse_eof) {
        chartex__error(err, CHARTEX_ERR_PARSE, "not JSON: the text ends too early");
        goto done;
    }
    if (jerr == json_tokener_error_parse_utf8_string) {
        chartex__error(err, CHARTEX_ERR_PARSE, "not JSON: invalid UTF-8 near byte %zu", end);
        goto done;
    }
    if (jerr != json_tokener_success) {
        chartex__error(err, CHARTEX_ERR_PARSE, "not JSON: %s at byte %zu",
                       json_tokener_error_desc(jerr), end);
        goto done;
    }
    for (; end < len; end++) {
        if (!is_json_space(text[end])) {
            chartex__error(err, CHARTEX_ERR_PARSE,
                           "not JSON: trailing characters at byte %zu", end);
            goto done;
        }
    }
    scene = chartex_scene_new(err);
    if (scene == NULL)
        goto done;
    if (read_scene(&r, root, scene) < 0)
        goto done;
    ok = 1;
done:
    json_object_put(root);
    if (tok != NULL)
        json_tokener_free(tok);
    if (!ok) {
        chartex_scene_free(scene);
        scene = NULL;
    }
    return scene;
}
