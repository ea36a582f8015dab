/*
 * scene_read.c - scene JSON (doc/scene.md) -> scene: chartex_scene_from_json.
 *
 * The reader is meant for untrusted bytes (bug reports, a fuzzer: this is
 * the fuzz surface, fuzz/fuzz_scene.c): json-c parses with an explicit
 * length and a depth limit, then every value is type-checked before it
 * reaches the public builder API, and every error names the path of the
 * bad value.  The text is only read; the scene returned belongs to the
 * caller (chartex_scene_free), and nothing is left behind on failure.
 */
#include "internal.h"

#include <json-c/json.h>

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* json-c's tokener refuses deeper nesting.  A scene needs 8 levels (a point
 * of a polygon of an artist of an axes); the rest is room for unknown keys.
 * The limit also bounds json-c's recursion when it frees the tree. */
#define SCENE_JSON_MAX_DEPTH 32

/* Doubles above this are not all integers, so an integral double beyond it
 * may not be the integer the text meant. */
#define MAX_EXACT_INTEGER 9007199254740992.0

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Where the reader is, as a path for messages ("axes[2].artists[0].points[5]").
 * On failure the reader stops at once, so the path then names the bad value. */
typedef struct reader {
    chartex_error *err;
    size_t len;
    char path[120];
} reader;

/* Appends to the path; returns the old length for leave().  A path too long
 * for the buffer is cut short, which only shortens the message. */
static size_t
path_push(reader *r, const char *fmt, const char *key, size_t i)
{
    size_t old = r->len;
    int n;

    if (r->len >= sizeof r->path - 1)
        return old;
    if (key != NULL)
        n = snprintf(r->path + r->len, sizeof r->path - r->len, fmt, key);
    else
        n = snprintf(r->path + r->len, sizeof r->path - r->len, fmt, i);
    if (n > 0)
        r->len += (size_t)n < sizeof r->path - r->len ? (size_t)n : sizeof r->path - 1 - r->len;
    return old;
}

static size_t
push_index(reader *r, size_t i)
{
    return path_push(r, "[%zu]", NULL, i);
}

static void
leave(reader *r, size_t mark)
{
    r->len = mark;
    r->path[mark] = '\0';
}

static const char *
where(const reader *r)
{
    return r->len > 0 ? r->path : "scene";
}

/* A parse error at the current path. */
static int
fail(reader *r, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static int
fail(reader *r, const char *fmt, ...)
{
    char msg[CHARTEX_ERROR_TEXT_LENGTH];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return chartex__error(r->err, CHARTEX_ERR_PARSE, "%s: %s", where(r), msg);
}

/* A builder call failed with e: keep its code, add the path. */
static int
relay(reader *r, const chartex_error *e)
{
    return chartex__error(r->err, e->code, "%s: %s", where(r), e->text);
}

static int
nomem(reader *r)
{
    return chartex__error(r->err, CHARTEX_ERR_NOMEM, "%s: out of memory", where(r));
}

/* When obj has key with a non-null value: sets *v, extends the path and
 * returns 1 (leave(r, *mark) when done).  Else 0: null means "default". */
static int
enter(reader *r, json_object *obj, const char *key, json_object **v, size_t *mark)
{
    *v = NULL;
    if (!json_object_object_get_ex(obj, key, v) || *v == NULL)
        return 0;
    *mark = path_push(r, r->len > 0 ? ".%s" : "%s", key, 0);
    return 1;
}

static int
expect(reader *r, json_object *v, json_type type, const char *what)
{
    if (!json_object_is_type(v, type))
        return fail(r, "expected %s", what);
    return 0;
}

/* A string value (with its length: JSON strings may hold "\u0000", which the
 * scene's C strings cannot). */
static int
string_value(reader *r, json_object *v, const char **s, size_t *len)
{
    int n;

    if (expect(r, v, json_type_string, "a string") < 0)
        return -1;
    n = json_object_get_string_len(v);
    *s = json_object_get_string(v);
    if (n < 0 || *s == NULL)
        return fail(r, "expected a string");
    if (memchr(*s, '\0', (size_t)n) != NULL)
        return fail(r, "strings may not contain U+0000");
    /* json-c's own UTF-8 check lets overlong forms, UTF-16 surrogates and
     * code points above U+10FFFF through ("\xc1\xa2"): the scene's strings
     * are valid UTF-8 (chartex.h), so check again, strictly. */
    if (chartex__utf8_check(*s, (size_t)n) != (size_t)n)
        return fail(r, "invalid UTF-8 at byte %zu of a string",
                    chartex__utf8_check(*s, (size_t)n));
    *len = (size_t)n;
    return 0;
}

/* A short, printable ASCII copy of untrusted text for a message (which
 * must stay valid UTF-8 whatever the input held). */
#define QUOTE_MAX 32
static const char *
quote(const char *s, size_t len, char out[QUOTE_MAX + 4])
{
    size_t i, n = len > QUOTE_MAX ? QUOTE_MAX : len;

    for (i = 0; i < n; i++)
        out[i] = s[i] >= 0x20 && s[i] < 0x7f ? s[i] : '?';
    if (n < len) {
        memcpy(out + n, "...", 3);
        n += 3;
    }
    out[n] = '\0';
    return out;
}

/* The index of v's string in names[n], for enumerations. */
static int
name_value(reader *r, json_object *v, const char *const *names, size_t n,
           const char *what, int *out)
{
    char shown[QUOTE_MAX + 4];
    const char *s;
    size_t len, i;

    if (string_value(r, v, &s, &len) < 0)
        return -1;
    for (i = 0; i < n; i++) {
        if (strlen(names[i]) == len && memcmp(names[i], s, len) == 0) {
            *out = (int)i;
            return 0;
        }
    }
    return fail(r, "unknown %s \"%s\"", what, quote(s, len, shown));
}

/* A number: JSON numbers, null (NaN), "Infinity", "-Infinity", "NaN". */
static int
number_value(reader *r, json_object *v, double *out)
{
    const char *s;
    size_t len;

    switch (json_object_get_type(v)) {
    case json_type_null:
        *out = NAN;
        return 0;
    case json_type_int:
        /* json-c clamps integers it cannot hold: refuse rather than read a
         * different number. */
        if (json_object_get_int64(v) == INT64_MIN || json_object_get_uint64(v) == UINT64_MAX)
            return fail(r, "integer out of range (write it as a float)");
        *out = json_object_get_double(v);
        return 0;
    case json_type_double:
        *out = json_object_get_double(v);
        if (!isfinite(*out)) {
            /* json-c reads the literals NaN and Infinity even when strict;
             * they are not JSON.  A literal too large for a double (1e999)
             * is a number, and reads as an infinity as Python's does. */
            s = json_object_to_json_string_ext(v, JSON_C_TO_STRING_PLAIN);
            if (s == NULL)
                return nomem(r);
            if (s[0] == '-')
                s++;
            if (s[0] < '0' || s[0] > '9')
                return fail(r, "NaN and Infinity are not JSON: write null or \"Infinity\"");
        }
        return 0;
    case json_type_string:
        if (string_value(r, v, &s, &len) < 0)
            return -1;
        if (len == 8 && memcmp(s, "Infinity", 8) == 0)
            *out = INFINITY;
        else if (len == 9 && memcmp(s, "-Infinity", 9) == 0)
            *out = -INFINITY;
        else if (len == 3 && memcmp(s, "NaN", 3) == 0)
            *out = NAN;
        else
            return fail(r, "expected a number (or null, \"Infinity\", \"-Infinity\")");
        return 0;
    default:
        return fail(r, "expected a number");
    }
}

/* The common numbers without the bookkeeping of number_value: 1 when v
 * was read, 0 when number_value must look at it (and name its path). */
static int
number_quick(json_object *v, double *out)
{
    switch (json_object_get_type(v)) {
    case json_type_null:
        *out = NAN;
        return 1;
    case json_type_double:
        *out = json_object_get_double(v);
        return isfinite(*out);
    case json_type_int:
        if (json_object_get_int64(v) == INT64_MIN || json_object_get_uint64(v) == UINT64_MAX)
            return 0;
        *out = json_object_get_double(v);
        return 1;
    default:
        return 0;
    }
}

/* A non-negative integer no larger than max (integral floats are accepted
 * while they are exact). */
static int
count_value(reader *r, json_object *v, uint64_t max, uint64_t *out)
{
    int64_t i;
    double d;

    if (json_object_is_type(v, json_type_int)) {
        i = json_object_get_int64(v);
        if (i < 0)
            return fail(r, "expected a non-negative integer");
        *out = (uint64_t)i;
        if (i == INT64_MAX) {
            /* json-c keeps larger values unsigned, and clamps beyond */
            *out = json_object_get_uint64(v);
            if (*out == UINT64_MAX)
                return fail(r, "integer out of range");
        }
    } else if (json_object_is_type(v, json_type_double)) {
        d = json_object_get_double(v);
        if (!(d >= 0.0 && d <= MAX_EXACT_INTEGER && d == floor(d)))
            return fail(r, "expected a non-negative integer");
        *out = (uint64_t)d;
    } else {
        return fail(r, "expected a non-negative integer");
    }
    if (*out > max)
        return fail(r, "%llu is out of range (at most %llu)",
                    (unsigned long long)*out, (unsigned long long)max);
    return 0;
}

/* An array of numbers into a new chartex__malloc'd buffer (never NULL on
 * success, even for no numbers). */
static int
numbers_value(reader *r, json_object *v, double **out, size_t *n)
{
    double *buf = NULL;
    size_t i, count, mark;
    int overflow = 0, rc = -1;

    *out = NULL;
    *n = 0;
    if (expect(r, v, json_type_array, "an array of numbers") < 0)
        goto done;
    count = json_object_array_length(v);
    buf = chartex__malloc(chartex__mul(count ? count : 1, sizeof *buf, &overflow));
    if (overflow || buf == NULL) {
        nomem(r);
        goto done;
    }
    for (i = 0; i < count; i++) {
        json_object *item = json_object_array_get_idx(v, i);

        if (number_quick(item, &buf[i]))
            continue;
        mark = push_index(r, i);
        if (number_value(r, item, &buf[i]) < 0)
            goto done;
        leave(r, mark);
    }
    *out = buf;
    *n = count;
    buf = NULL;
    rc = 0;
done:
    chartex__free(buf);
    return rc;
}

/* [[x, y], ...] into a new interleaved buffer x0 y0 x1 y1 ... */
static int
points_value(reader *r, json_object *v, double **out, size_t *n)
{
    double *xy = NULL;
    json_object *pair;
    size_t i, count, mark;
    int overflow = 0, rc = -1;

    *out = NULL;
    *n = 0;
    if (expect(r, v, json_type_array, "an array of [x, y] points") < 0)
        goto done;
    count = json_object_array_length(v);
    xy = chartex__malloc(chartex__mul(count ? count : 1, 2 * sizeof *xy, &overflow));
    if (overflow || xy == NULL) {
        nomem(r);
        goto done;
    }
    for (i = 0; i < count; i++) {
        json_object *px, *py;

        pair = json_object_array_get_idx(v, i);
        if (json_object_is_type(pair, json_type_array) && json_object_array_length(pair) == 2) {
            px = json_object_array_get_idx(pair, 0);
            py = json_object_array_get_idx(pair, 1);
            if (number_quick(px, &xy[2 * i]) && number_quick(py, &xy[2 * i + 1]))
                continue;
        }
        /* the slow way, which names the bad value */
        mark = push_index(r, i);
        if (!json_object_is_type(pair, json_type_array) || json_object_array_length(pair) != 2) {
            fail(r, "expected [x, y]");
            goto done;
        }
        if (number_value(r, json_object_array_get_idx(pair, 0), &xy[2 * i]) < 0
            || number_value(r, json_object_array_get_idx(pair, 1), &xy[2 * i + 1]) < 0)
            goto done;
        leave(r, mark);
    }
    *out = xy;
    *n = count;
    xy = NULL;
    rc = 0;
done:
    chartex__free(xy);
    return rc;
}

/* ["name", ..., integer bits] into a flag word. */
static int
flags_value(reader *r, json_object *v, const chartex__flag_name *names, size_t n_names,
            unsigned *out)
{
    char shown[QUOTE_MAX + 4];
    json_object *item;
    const char *s;
    size_t i, j, len, count, mark;
    uint64_t bits;

    *out = 0;
    if (expect(r, v, json_type_array, "an array of flag names") < 0)
        return -1;
    count = json_object_array_length(v);
    for (i = 0; i < count; i++) {
        mark = push_index(r, i);
        item = json_object_array_get_idx(v, i);
        if (json_object_is_type(item, json_type_int)) {
            if (count_value(r, item, UINT_MAX, &bits) < 0)
                return -1;
            *out |= (unsigned)bits;
        } else {
            if (string_value(r, item, &s, &len) < 0)
                return -1;
            for (j = 0; j < n_names; j++)
                if (strlen(names[j].name) == len && memcmp(names[j].name, s, len) == 0)
                    break;
            if (j == n_names)
                return fail(r, "unknown flag \"%s\"", quote(s, len, shown));
            *out |= names[j].bit;
        }
        leave(r, mark);
    }
    return 0;
}

/* Looks up an optional string member; *s stays NULL when absent. */
static int
string_member(reader *r, json_object *obj, const char *key, const char **s, size_t *len)
{
    json_object *v;
    size_t mark;

    *s = NULL;
    *len = 0;
    if (!enter(r, obj, key, &v, &mark))
        return 0;
    if (string_value(r, v, s, len) < 0)
        return -1;
    leave(r, mark);
    return 0;
}

/* An optional number member; *out keeps its default when absent or null. */
static int
number_member(reader *r, json_object *obj, const char *key, double *out)
{
    json_object *v;
    size_t mark;

    if (!enter(r, obj, key, &v, &mark))
        return 0;
    if (number_value(r, v, out) < 0)
        return -1;
    leave(r, mark);
    return 0;
}

/* Calls a string setter of the builder for an optional member. */
#define SET_STRING(r, obj, key, setter, target)                              \
    do {                                                                     \
        const char *s_;                                                      \
        size_t len_;                                                         \
        chartex_error e_ = { CHARTEX_ERR_NOMEM, "out of memory" };          \
        if (string_member((r), (obj), (key), &s_, &len_) < 0)                \
            goto done;                                                       \
        if (s_ != NULL && setter((target), s_, len_, &e_) < 0) {             \
            relay((r), &e_);                                                 \
            goto done;                                                       \
        }                                                                    \
    } while (0)

static int
read_strings_into(reader *r, json_object *v, chartex_axis *axis)
{
    const char *s;
    size_t i, len, count, mark;
    chartex_error e = { CHARTEX_ERR_NOMEM, "out of memory" };

    if (expect(r, v, json_type_array, "an array of strings") < 0)
        return -1;
    count = json_object_array_length(v);
    for (i = 0; i < count; i++) {
        mark = push_index(r, i);
        if (string_value(r, json_object_array_get_idx(v, i), &s, &len) < 0)
            return -1;
        if (chartex_axis_add_category(axis, s, len, &e) < 0)
            return relay(r, &e);
        leave(r, mark);
    }
    return 0;
}

/* "ticks" and "tick_labels", which must be as many. */
static int
read_ticks(reader *r, json_object *obj, chartex_axis *axis)
{
    json_object *ticks = NULL, *labels = NULL, *v;
    double *locs = NULL;
    const char *s;
    size_t i, n = 0, len, mark;
    chartex_error e = { CHARTEX_ERR_NOMEM, "out of memory" };
    int rc = -1;

    if (enter(r, obj, "ticks", &ticks, &mark)) {
        if (numbers_value(r, ticks, &locs, &n) < 0)
            goto done;
        leave(r, mark);
    }
    if (enter(r, obj, "tick_labels", &labels, &mark)) {
        if (expect(r, labels, json_type_array, "an array of strings") < 0)
            goto done;
        if (json_object_array_length(labels) != n) {
            fail(r, "%zu tick labels for %zu ticks", json_object_array_length(labels), n);
            goto done;
        }
        leave(r, mark);
    }
    if (ticks == NULL) {
        rc = 0;
        goto done;
    }
    if (chartex_axis_set_ticks(axis, n, locs, &e) < 0) {
        relay(r, &e);
        goto done;
    }
    if (labels != NULL) {
        mark = path_push(r, r->len > 0 ? ".%s" : "%s", "tick_labels", 0);
        for (i = 0; i < n; i++) {
            size_t item = push_index(r, i);

            v = json_object_array_get_idx(labels, i);
            if (string_value(r, v, &s, &len) < 0)
                goto done;
            if (chartex_axis_set_tick_label(axis, i, s, len, &e) < 0) {
                relay(r, &e);
                goto done;
            }
            leave(r, item);
        }
        leave(r, mark);
    }
    rc = 0;
done:
    chartex__free(locs);
    return rc;
}

static int
read_axis(reader *r, json_object *obj, chartex_axis *axis)
{
    json_object *v;
    size_t mark;
    int kind = CHARTEX_AXIS_NUMERIC, rc = -1;
    double epoch = 0.0, lo, hi;

    if (expect(r, obj, json_type_object, "an axis object") < 0)
        goto done;
    SET_STRING(r, obj, "label", chartex_axis_set_label, axis);
    SET_STRING(r, obj, "scale", chartex_axis_set_scale, axis);
    if (enter(r, obj, "kind", &v, &mark)) {
        if (name_value(r, v, chartex__axis_kind_names, COUNT(chartex__axis_kind_names),
                       "axis kind", &kind) < 0)
            goto done;
        leave(r, mark);
    }
    if (number_member(r, obj, "date_epoch", &epoch) < 0)
        goto done;
    chartex_axis_set_kind(axis, (chartex_axis_kind)kind, epoch);
    if (enter(r, obj, "view", &v, &mark)) {
        if (!json_object_is_type(v, json_type_array) || json_object_array_length(v) != 2) {
            fail(r, "expected [lo, hi]");
            goto done;
        }
        if (number_value(r, json_object_array_get_idx(v, 0), &lo) < 0
            || number_value(r, json_object_array_get_idx(v, 1), &hi) < 0)
            goto done;
        chartex_axis_set_view(axis, lo, hi);
        leave(r, mark);
    }
    if (enter(r, obj, "categories", &v, &mark)) {
        if (read_strings_into(r, v, axis) < 0)
            goto done;
        leave(r, mark);
    }
    if (read_ticks(r, obj, axis) < 0)
        goto done;
    rc = 0;
done:
    return rc;
}

/* "bars": {"x", "y", "w", "h", "values"}: arrays of one length. */
static int
read_bars(reader *r, json_object *obj, chartex_artist *a)
{
    static const char *const keys[5] = { "x", "y", "w", "h", "values" };
    double *col[5] = { NULL, NULL, NULL, NULL, NULL };
    json_object *v;
    size_t i, n[5] = { 0, 0, 0, 0, 0 }, mark;
    chartex_error e = { CHARTEX_ERR_NOMEM, "out of memory" };
    int rc = -1;

    if (expect(r, obj, json_type_object, "an object of bar arrays") < 0)
        goto done;
    for (i = 0; i < 5; i++) {
        if (!enter(r, obj, keys[i], &v, &mark))
            continue;
        if (numbers_value(r, v, &col[i], &n[i]) < 0)
            goto done;
        leave(r, mark);
    }
    /* A missing rectangle array is an empty one; "values" may be missing
     * (read the rectangles), else it needs one value per bar too. */
    for (i = 1; i < 5; i++) {
        if ((i < 4 || col[i] != NULL) && n[i] != n[0]) {
            fail(r, "\"%s\" has %zu values where \"x\" has %zu", keys[i], n[i], n[0]);
            goto done;
        }
    }
    for (i = 0; i < 4; i++) {
        if (col[i] == NULL && (col[i] = chartex__dupd(NULL, 0)) == NULL) {
            nomem(r);
            goto done;
        }
    }
    if (chartex_artist_set_bars(a, n[0], col[0], col[1], col[2], col[3], col[4], &e) < 0) {
        relay(r, &e);
        goto done;
    }
    rc = 0;
done:
    for (i = 0; i < 5; i++)
        chartex__free(col[i]);
    return rc;
}

static int
read_polygons(reader *r, json_object *v, chartex_artist *a)
{
    double *xy = NULL;
    size_t i, n, count, mark;
    chartex_error e = { CHARTEX_ERR_NOMEM, "out of memory" };
    int rc = -1;

    if (expect(r, v, json_type_array, "an array of polygons") < 0)
        goto done;
    count = json_object_array_length(v);
    for (i = 0; i < count; i++) {
        mark = push_index(r, i);
        if (points_value(r, json_object_array_get_idx(v, i), &xy, &n) < 0)
            goto done;
        if (chartex_artist_add_polygon(a, n, xy, &e) < 0) {
            relay(r, &e);
            goto done;
        }
        chartex__free(xy);
        xy = NULL;
        leave(r, mark);
    }
    rc = 0;
done:
    chartex__free(xy);
    return rc;
}

/* The colour scale of an image or contour set: "vmin", "vmax", "norm",
 * "colorbar_label", each optional. */
static int
read_color_scale(reader *r, json_object *obj, chartex_artist *a)
{
    double vmin = NAN, vmax = NAN;
    const char *norm;
    size_t len;
    chartex_error e = { CHARTEX_ERR_NOMEM, "out of memory" };
    int rc = -1;

    if (number_member(r, obj, "vmin", &vmin) < 0 || number_member(r, obj, "vmax", &vmax) < 0
        || string_member(r, obj, "norm", &norm, &len) < 0)
        goto done;
    if (chartex_artist_set_color_scale(a, vmin, vmax, norm, len, &e) < 0) {
        relay(r, &e);
        goto done;
    }
    SET_STRING(r, obj, "colorbar_label", chartex_artist_set_colorbar_label, a);
    rc = 0;
done:
    return rc;
}

/* A mesh's "x_edges" and "y_edges", both or neither. */
static int
read_edges(reader *r, json_object *obj, chartex_artist *a)
{
    static const char *const keys[2] = { "x_edges", "y_edges" };
    double *e[2] = { NULL, NULL };
    size_t n[2] = { 0, 0 }, mark, i;
    json_object *v;
    chartex_error err = { CHARTEX_ERR_NOMEM, "out of memory" };
    int rc = -1;

    for (i = 0; i < 2; i++) {
        if (!enter(r, obj, keys[i], &v, &mark))
            continue;
        if (numbers_value(r, v, &e[i], &n[i]) < 0)
            goto done;
        leave(r, mark);
    }
    if (e[0] == NULL && e[1] == NULL) {
        rc = 0;
        goto done;
    }
    if (chartex_artist_set_mesh_edges(a, n[0], e[0], n[1], e[1], &err) < 0) {
        relay(r, &err);
        goto done;
    }
    rc = 0;
done:
    chartex__free(e[0]);
    chartex__free(e[1]);
    return rc;
}

/* "cell_texts": [[row, col, "text"], ...]. */
static int
read_cell_texts(reader *r, json_object *obj, chartex_artist *a)
{
    json_object *v, *item;
    uint64_t row, col;
    const char *s;
    size_t i, count, len, mark, mark2;
    chartex_error e = { CHARTEX_ERR_NOMEM, "out of memory" };
    int rc = -1;

    if (!enter(r, obj, "cell_texts", &v, &mark))
        return 0;
    if (expect(r, v, json_type_array, "an array of [row, col, text]") < 0)
        goto done;
    count = json_object_array_length(v);
    for (i = 0; i < count; i++) {
        mark2 = push_index(r, i);
        item = json_object_array_get_idx(v, i);
        if (expect(r, item, json_type_array, "[row, col, text]") < 0)
            goto done;
        if (json_object_array_length(item) != 3) {
            fail(r, "expected [row, col, text]");
            goto done;
        }
        if (count_value(r, json_object_array_get_idx(item, 0), SIZE_MAX, &row) < 0
            || count_value(r, json_object_array_get_idx(item, 1), SIZE_MAX, &col) < 0
            || string_value(r, json_object_array_get_idx(item, 2), &s, &len) < 0)
            goto done;
        if (chartex_artist_set_cell_text(a, (size_t)row, (size_t)col, s, len, &e) < 0) {
            relay(r, &e);
            goto done;
        }
        leave(r, mark2);
    }
    leave(r, mark);
    rc = 0;
done:
    return rc;
}

static int
read_image(reader *r, json_object *obj, chartex_artist *a)
{
    json_object *v;
    double extent[4] = { 0.0, 0.0, 0.0, 0.0 };
    double *values = NULL, *ext = NULL, *cells = NULL;
    uint64_t rows = 0, cols = 0, channels = 1;
    size_t n = 0, n_ext, n_cells = 0, count, mark;
    int overflow = 0, seen = 0, rc = -1;
    chartex_error e = { CHARTEX_ERR_NOMEM, "out of memory" };

    if (enter(r, obj, "rows", &v, &mark)) {
        if (count_value(r, v, SIZE_MAX, &rows) < 0)
            goto done;
        leave(r, mark);
        seen = 1;
    }
    if (enter(r, obj, "cols", &v, &mark)) {
        if (count_value(r, v, SIZE_MAX, &cols) < 0)
            goto done;
        leave(r, mark);
        seen = 1;
    }
    if (enter(r, obj, "channels", &v, &mark)) {
        if (count_value(r, v, 4, &channels) < 0)
            goto done;
        leave(r, mark);
    }
    if (enter(r, obj, "extent", &v, &mark)) {
        if (numbers_value(r, v, &ext, &n_ext) < 0)
            goto done;
        if (n_ext != 4) {
            fail(r, "expected [left, right, bottom, top]");
            goto done;
        }
        memcpy(extent, ext, sizeof extent);
        leave(r, mark);
        seen = 1;
    }
    if (enter(r, obj, "values", &v, &mark)) {
        if (numbers_value(r, v, &values, &n) < 0)
            goto done;
        leave(r, mark);
        seen = 1;
    }
    if (enter(r, obj, "cells", &v, &mark)) {
        if (points_value(r, v, &cells, &n_cells) < 0)
            goto done;
        leave(r, mark);
    }
    if (!seen && cells == NULL) {
        rc = read_color_scale(r, obj, a);
        goto done;
    }
    if (cells != NULL) {
        if (n_cells != n) {
            fail(r, "%zu values for %zu cells", n, n_cells);
            goto done;
        }
        if (chartex_artist_set_cells(a, n_cells, cells, values, &e) < 0) {
            relay(r, &e);
            goto done;
        }
        rc = read_color_scale(r, obj, a);
        goto done;
    }
    count = chartex__mul((size_t)rows, (size_t)cols, &overflow);
    count = chartex__mul(count, (size_t)channels, &overflow);
    if (overflow || count != n) {
        fail(r, "%zu image values for %llu rows x %llu cols", n,
             (unsigned long long)rows, (unsigned long long)cols);
        goto done;
    }
    if ((channels == 1
             ? chartex_artist_set_image(a, (size_t)rows, (size_t)cols, values, extent, &e)
             : chartex_artist_set_image_colors(a, (size_t)rows, (size_t)cols,
                                               (size_t)channels, values, extent, &e)) < 0) {
        relay(r, &e);
        goto done;
    }
    if (read_edges(r, obj, a) < 0 || read_cell_texts(r, obj, a) < 0
        || read_color_scale(r, obj, a) < 0)
        goto done;
    rc = 0;
done:
    chartex__free(values);
    chartex__free(ext);
    chartex__free(cells);
    return rc;
}

/* A contour set: "levels", "level_labels", "paths" of {"level", "points"}. */
static int
read_contour(reader *r, json_object *obj, chartex_artist *a)
{
    json_object *v, *p, *pv;
    double *levels = NULL, *xy = NULL;
    size_t n = 0, i, count, mark, mark2, mark3;
    uint64_t level;
    const char *s;
    chartex_error e = { CHARTEX_ERR_NOMEM, "out of memory" };
    int rc = -1;

    if (enter(r, obj, "levels", &v, &mark)) {
        if (numbers_value(r, v, &levels, &n) < 0)
            goto done;
        if (chartex_artist_set_levels(a, n, levels, &e) < 0) {
            relay(r, &e);
            goto done;
        }
        leave(r, mark);
    }
    if (enter(r, obj, "level_labels", &v, &mark)) {
        if (expect(r, v, json_type_array, "an array of strings") < 0)
            goto done;
        count = json_object_array_length(v);
        for (i = 0; i < count; i++) {
            size_t len;

            mark2 = push_index(r, i);
            if (string_value(r, json_object_array_get_idx(v, i), &s, &len) < 0)
                goto done;
            if (chartex_artist_set_level_label(a, i, s, len, &e) < 0) {
                relay(r, &e);
                goto done;
            }
            leave(r, mark2);
        }
        leave(r, mark);
    }
    if (read_color_scale(r, obj, a) < 0)
        goto done;
    if (enter(r, obj, "paths", &v, &mark)) {
        if (expect(r, v, json_type_array, "an array of paths") < 0)
            goto done;
        count = json_object_array_length(v);
        for (i = 0; i < count; i++) {
            mark2 = push_index(r, i);
            p = json_object_array_get_idx(v, i);
            if (expect(r, p, json_type_object, "a path") < 0)
                goto done;
            level = 0;
            if (enter(r, p, "level", &pv, &mark3)) {
                if (count_value(r, pv, SIZE_MAX, &level) < 0)
                    goto done;
                leave(r, mark3);
            }
            n = 0;
            if (enter(r, p, "points", &pv, &mark3)) {
                if (points_value(r, pv, &xy, &n) < 0)
                    goto done;
                leave(r, mark3);
            }
            if (chartex_artist_add_level_path(a, (size_t)level, n, xy, &e) < 0) {
                relay(r, &e);
                goto done;
            }
            chartex__free(xy);
            xy = NULL;
            leave(r, mark2);
        }
        leave(r, mark);
    }
    rc = 0;
done:
    chartex__free(levels);
    chartex__free(xy);
    return rc;
}

/* "stairs": {"edges", "values", "baseline"} (edges one more than values;
 * baseline empty, one value or one per step). */
static int
read_stairs(reader *r, json_object *obj, chartex_artist *a, int o)
{
    static const char *const keys[3] = { "edges", "values", "baseline" };
    double *col[3] = { NULL, NULL, NULL };
    json_object *v;
    size_t i, n[3] = { 0, 0, 0 }, mark;
    chartex_error e = { CHARTEX_ERR_NOMEM, "out of memory" };
    int rc = -1;

    if (expect(r, obj, json_type_object, "an object of stairs arrays") < 0)
        goto done;
    for (i = 0; i < 3; i++) {
        if (!enter(r, obj, keys[i], &v, &mark))
            continue;
        if (numbers_value(r, v, &col[i], &n[i]) < 0)
            goto done;
        leave(r, mark);
    }
    if (n[0] != n[1] + 1 || (n[2] > 1 && n[2] != n[1])) {
        fail(r, "%zu edges, %zu values and %zu baseline values do not make stairs",
             n[0], n[1], n[2]);
        goto done;
    }
    if (chartex_artist_set_stairs(a, n[1], col[0], col[1], n[2], col[2],
                                  (chartex_orientation)o, &e) < 0) {
        relay(r, &e);
        goto done;
    }
    rc = 0;
done:
    for (i = 0; i < 3; i++)
        chartex__free(col[i]);
    return rc;
}

/* "points", "u", "v" of a vectors artist: one vector per point. */
static int
read_vectors(reader *r, json_object *obj, chartex_artist *a)
{
    json_object *v;
    double *xy = NULL, *u = NULL, *vv = NULL;
    size_t n = 0, nu = 0, nv = 0, mark;
    chartex_error e = { CHARTEX_ERR_NOMEM, "out of memory" };
    int rc = -1;

    if (enter(r, obj, "points", &v, &mark)) {
        if (points_value(r, v, &xy, &n) < 0)
            goto done;
        leave(r, mark);
    }
    if (enter(r, obj, "u", &v, &mark)) {
        if (numbers_value(r, v, &u, &nu) < 0)
            goto done;
        leave(r, mark);
    }
    if (enter(r, obj, "v", &v, &mark)) {
        if (numbers_value(r, v, &vv, &nv) < 0)
            goto done;
        leave(r, mark);
    }
    if (nu != n || nv != n) {
        fail(r, "%zu points with %zu u and %zu v values", n, nu, nv);
        goto done;
    }
    if (chartex_artist_set_vectors(a, n, xy, u, vv, &e) < 0) {
        relay(r, &e);
        goto done;
    }
    rc = 0;
done:
    chartex__free(xy);
    chartex__free(u);
    chartex__free(vv);
    return rc;
}

/* The keys that hold an artist's data, by kind; keys of other kinds are
 * ignored like unknown keys. */
static int
read_artist_data(reader *r, json_object *obj, chartex_artist *a, int kind)
{
    json_object *v;
    double *xy = NULL, t1 = NAN, t2 = NAN, rad = NAN;
    size_t n, mark;
    int o = CHARTEX_VERTICAL, rc = -1;
    chartex_error e = { CHARTEX_ERR_NOMEM, "out of memory" };

    switch (kind) {
    case CHARTEX_ARTIST_VECTORS:
        if (read_vectors(r, obj, a) < 0)
            goto done;
        break;
    case CHARTEX_ARTIST_STAIRS:
        if (enter(r, obj, "orientation", &v, &mark)) {
            if (name_value(r, v, chartex__orientation_names, COUNT(chartex__orientation_names),
                           "orientation", &o) < 0)
                goto done;
            leave(r, mark);
        }
        if (enter(r, obj, "stairs", &v, &mark)) {
            if (read_stairs(r, v, a, o) < 0)
                goto done;
            leave(r, mark);
        }
        break;
    case CHARTEX_ARTIST_LINE:
    case CHARTEX_ARTIST_SCATTER:
    case CHARTEX_ARTIST_TEXT:
        if (enter(r, obj, "points", &v, &mark)) {
            if (points_value(r, v, &xy, &n) < 0)
                goto done;
            if (chartex_artist_set_points(a, n, xy, &e) < 0) {
                relay(r, &e);
                goto done;
            }
            leave(r, mark);
        }
        break;
    case CHARTEX_ARTIST_PATCH:
    case CHARTEX_ARTIST_AREA:
    case CHARTEX_ARTIST_SEGMENTS:
        if (enter(r, obj, "polygons", &v, &mark)) {
            if (read_polygons(r, v, a) < 0)
                goto done;
            leave(r, mark);
        }
        break;
    case CHARTEX_ARTIST_BARS:
        if (enter(r, obj, "orientation", &v, &mark)) {
            if (name_value(r, v, chartex__orientation_names, COUNT(chartex__orientation_names),
                           "orientation", &o) < 0)
                goto done;
            chartex_artist_set_orientation(a, (chartex_orientation)o);
            leave(r, mark);
        }
        if (enter(r, obj, "bars", &v, &mark)) {
            if (read_bars(r, v, a) < 0)
                goto done;
            leave(r, mark);
        }
        break;
    case CHARTEX_ARTIST_WEDGE:
        if (number_member(r, obj, "theta1", &t1) < 0 || number_member(r, obj, "theta2", &t2) < 0
            || number_member(r, obj, "r", &rad) < 0)
            goto done;
        chartex_artist_set_wedge(a, t1, t2, rad);
        break;
    case CHARTEX_ARTIST_IMAGE:
        if (read_image(r, obj, a) < 0)
            goto done;
        break;
    case CHARTEX_ARTIST_CONTOUR:
        if (read_contour(r, obj, a) < 0)
            goto done;
        break;
    default:
        break;
    }
    rc = 0;
done:
    chartex__free(xy);
    return rc;
}

static int
read_artist(reader *r, json_object *obj, chartex_axes *axes)
{
    json_object *v;
    chartex_artist *a;
    double *z = NULL;
    size_t mark, n = 0;
    uint64_t group;
    unsigned flags;
    int kind = 0, role = 0, rc = -1;  /* set by name_value before use; -O3 cannot tell */
    chartex_error e = { CHARTEX_ERR_NOMEM, "out of memory" };

    if (expect(r, obj, json_type_object, "an artist object") < 0)
        goto done;
    if (!enter(r, obj, "kind", &v, &mark)) {
        fail(r, "missing \"kind\"");
        goto done;
    }
    if (name_value(r, v, chartex__artist_kind_names, COUNT(chartex__artist_kind_names),
                   "artist kind", &kind) < 0)
        goto done;
    leave(r, mark);
    a = chartex_axes_add_artist(axes, (chartex_artist_kind)kind, &e);
    if (a == NULL) {
        relay(r, &e);
        goto done;
    }
    if (enter(r, obj, "role", &v, &mark)) {
        if (name_value(r, v, chartex__role_names, COUNT(chartex__role_names), "role", &role) < 0)
            goto done;
        chartex_artist_set_role(a, (chartex_artist_role)role);
        leave(r, mark);
    }
    if (enter(r, obj, "flags", &v, &mark)) {
        if (flags_value(r, v, chartex__artist_flag_names,
                        COUNT(chartex__artist_flag_names), &flags) < 0)
            goto done;
        chartex_artist_set_flags(a, flags);
        leave(r, mark);
    }
    if (enter(r, obj, "group", &v, &mark)) {
        if (count_value(r, v, ULONG_MAX, &group) < 0)
            goto done;
        chartex_artist_set_group(a, (unsigned long)group);
        leave(r, mark);
    }
    SET_STRING(r, obj, "label", chartex_artist_set_label, a);
    SET_STRING(r, obj, "class", chartex_artist_set_class, a);
    if (read_artist_data(r, obj, a, kind) < 0)
        goto done;
    if (enter(r, obj, "z", &v, &mark)) {
        if (numbers_value(r, v, &z, &n) < 0)
            goto done;
        if (chartex_artist_set_z(a, n, z, &e) < 0) {
            relay(r, &e);
            goto done;
        }
        leave(r, mark);
    }
    rc = 0;
done:
    chartex__free(z);
    return rc;
}

static int
read_axes(reader *r, json_object *obj, chartex_scene *scene)
{
    json_object *v, *titles;
    chartex_axes *axes;
    size_t i, count, mark, item;
    unsigned flags;
    int rc = -1;
    chartex_error e = { CHARTEX_ERR_NOMEM, "out of memory" };

    if (expect(r, obj, json_type_object, "an axes object") < 0)
        goto done;
    axes = chartex_scene_add_axes(scene, &e);
    if (axes == NULL) {
        relay(r, &e);
        goto done;
    }
    if (enter(r, obj, "titles", &titles, &mark)) {
        if (expect(r, titles, json_type_object, "an object of titles") < 0)
            goto done;
        for (i = 0; i < 3; i++) {
            const char *s;
            size_t len;

            if (string_member(r, titles, chartex__title_names[i], &s, &len) < 0)
                goto done;
            if (s != NULL && chartex_axes_set_title(axes, (chartex_title_loc)i, s, len, &e) < 0) {
                relay(r, &e);
                goto done;
            }
        }
        leave(r, mark);
    }
    if (enter(r, obj, "flags", &v, &mark)) {
        if (flags_value(r, v, chartex__axes_flag_names, COUNT(chartex__axes_flag_names),
                        &flags) < 0)
            goto done;
        chartex_axes_set_flags(axes, flags);
        leave(r, mark);
    }
    if (enter(r, obj, "pixels", &v, &mark)) {
        double px[2];

        if (!json_object_is_type(v, json_type_array) || json_object_array_length(v) != 2) {
            fail(r, "expected [width, height]");
            goto done;
        }
        if (number_value(r, json_object_array_get_idx(v, 0), &px[0]) < 0
            || number_value(r, json_object_array_get_idx(v, 1), &px[1]) < 0)
            goto done;
        chartex_axes_set_pixels(axes, px[0], px[1]);
        leave(r, mark);
    }
    for (i = 0; i < 3; i++) {
        if (enter(r, obj, i == 0 ? "x" : i == 1 ? "y" : "z", &v, &mark)) {
            if (read_axis(r, v, chartex_axes_axis(axes, (int)i)) < 0)
                goto done;
            leave(r, mark);
        }
    }
    if (enter(r, obj, "artists", &v, &mark)) {
        if (expect(r, v, json_type_array, "an array of artists") < 0)
            goto done;
        count = json_object_array_length(v);
        for (i = 0; i < count; i++) {
            item = push_index(r, i);
            if (read_artist(r, json_object_array_get_idx(v, i), axes) < 0)
                goto done;
            leave(r, item);
        }
        leave(r, mark);
    }
    rc = 0;
done:
    return rc;
}

static int
read_scene(reader *r, json_object *root, chartex_scene *scene)
{
    json_object *v;
    size_t i, count, mark, item;
    uint64_t version;
    int rc = -1;

    if (expect(r, root, json_type_object, "a scene object") < 0)
        goto done;
    if (enter(r, root, "version", &v, &mark)) {
        if (count_value(r, v, UINT32_MAX, &version) < 0)
            goto done;
        if (version != CHARTEX__SCENE_JSON_VERSION) {
            fail(r, "unsupported version %llu (this library reads version %d)",
                 (unsigned long long)version, CHARTEX__SCENE_JSON_VERSION);
            goto done;
        }
        leave(r, mark);
    }
    SET_STRING(r, root, "suptitle", chartex_scene_set_suptitle, scene);
    if (enter(r, root, "axes", &v, &mark)) {
        if (expect(r, v, json_type_array, "an array of axes") < 0)
            goto done;
        count = json_object_array_length(v);
        for (i = 0; i < count; i++) {
            item = push_index(r, i);
            if (read_axes(r, json_object_array_get_idx(v, i), scene) < 0)
                goto done;
            leave(r, item);
        }
        leave(r, mark);
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
    reader r;
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
