/*
 * scene_read_values.c - the values of the scene reader: one value of
 * untrusted scene JSON, type-checked and read (a string, an enumeration's
 * name, a number, a count, an array of numbers or of points, flags, an
 * optional member), and the path that names it in every error message.
 */
#include "scene/scene_reader.h"

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Doubles above this are not all integers, so an integral double beyond it
 * may not be the integer the text meant. */
#define MAX_EXACT_INTEGER 9007199254740992.0

/* Appends to the path; returns the old length for chartex__read_leave().
 * A path too long for the buffer is cut short, which only shortens the
 * message. */
size_t
chartex__read_path_push(chartex__reader *r, const char *fmt, const char *key, size_t i)
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

size_t
chartex__read_push_index(chartex__reader *r, size_t i)
{
    return chartex__read_path_push(r, "[%zu]", NULL, i);
}

void
chartex__read_leave(chartex__reader *r, size_t mark)
{
    r->len = mark;
    r->path[mark] = '\0';
}

static const char *
where(const chartex__reader *r)
{
    return r->len > 0 ? r->path : "scene";
}

/* A parse error at the current path. */
int
chartex__read_fail(chartex__reader *r, const char *fmt, ...)
{
    char msg[CHARTEX_ERROR_TEXT_LENGTH];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return chartex__error(r->err, CHARTEX_ERR_PARSE, "%s: %s", where(r), msg);
}

/* A builder call failed with e: keep its code, add the path. */
int
chartex__read_relay(chartex__reader *r, const chartex_error *e)
{
    return chartex__error(r->err, e->code, "%s: %s", where(r), e->text);
}

int
chartex__read_nomem(chartex__reader *r)
{
    return chartex__error(r->err, CHARTEX_ERR_NOMEM, "%s: out of memory", where(r));
}

/* When obj has key with a non-null value: sets *v, extends the path and
 * returns 1 (chartex__read_leave(r, *mark) when done).  Else 0: null means
 * "default". */
int
chartex__read_enter(chartex__reader *r, json_object *obj, const char *key, json_object **v,
                    size_t *mark)
{
    *v = NULL;
    if (!json_object_object_get_ex(obj, key, v) || *v == NULL)
        return 0;
    *mark = chartex__read_path_push(r, r->len > 0 ? ".%s" : "%s", key, 0);
    return 1;
}

int
chartex__read_expect(chartex__reader *r, json_object *v, json_type type, const char *what)
{
    if (!json_object_is_type(v, type))
        return chartex__read_fail(r, "expected %s", what);
    return 0;
}

/* A string value (with its length: JSON strings may hold "\u0000", which the
 * scene's C strings cannot). */
int
chartex__read_string(chartex__reader *r, json_object *v, const char **s, size_t *len)
{
    int n;

    if (chartex__read_expect(r, v, json_type_string, "a string") < 0)
        return -1;
    n = json_object_get_string_len(v);
    *s = json_object_get_string(v);
    if (n < 0 || *s == NULL)
        return chartex__read_fail(r, "expected a string");
    if (memchr(*s, '\0', (size_t)n) != NULL)
        return chartex__read_fail(r, "strings may not contain U+0000");
    /* json-c's own UTF-8 check lets overlong forms, UTF-16 surrogates and
     * code points above U+10FFFF through ("\xc1\xa2"): the scene's strings
     * are valid UTF-8 (chartex.h), so check again, strictly. */
    if (chartex__utf8_check(*s, (size_t)n) != (size_t)n)
        return chartex__read_fail(r, "invalid UTF-8 at byte %zu of a string",
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
int
chartex__read_name(chartex__reader *r, json_object *v, const char *const *names, size_t n,
                   const char *what, int *out)
{
    char shown[QUOTE_MAX + 4];
    const char *s;
    size_t len, i;

    if (chartex__read_string(r, v, &s, &len) < 0)
        return -1;
    for (i = 0; i < n; i++) {
        if (strlen(names[i]) == len && memcmp(names[i], s, len) == 0) {
            *out = (int)i;
            return 0;
        }
    }
    return chartex__read_fail(r, "unknown %s \"%s\"", what, quote(s, len, shown));
}

/* A number: JSON numbers, null (NaN), "Infinity", "-Infinity", "NaN". */
int
chartex__read_number(chartex__reader *r, json_object *v, double *out)
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
            return chartex__read_fail(r, "integer out of range (write it as a float)");
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
                return chartex__read_nomem(r);
            if (s[0] == '-')
                s++;
            if (s[0] < '0' || s[0] > '9')
                return chartex__read_fail(r, "NaN and Infinity are not JSON: "
                                             "write null or \"Infinity\"");
        }
        return 0;
    case json_type_string:
        if (chartex__read_string(r, v, &s, &len) < 0)
            return -1;
        if (len == 8 && memcmp(s, "Infinity", 8) == 0)
            *out = INFINITY;
        else if (len == 9 && memcmp(s, "-Infinity", 9) == 0)
            *out = -INFINITY;
        else if (len == 3 && memcmp(s, "NaN", 3) == 0)
            *out = NAN;
        else
            return chartex__read_fail(r, "expected a number "
                                         "(or null, \"Infinity\", \"-Infinity\")");
        return 0;
    default:
        return chartex__read_fail(r, "expected a number");
    }
}

/* The common numbers without the bookkeeping of chartex__read_number: 1
 * when v was read, 0 when chartex__read_number must look at it (and name
 * its path). */
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
int
chartex__read_count(chartex__reader *r, json_object *v, uint64_t max, uint64_t *out)
{
    int64_t i;
    double d;

    if (json_object_is_type(v, json_type_int)) {
        i = json_object_get_int64(v);
        if (i < 0)
            return chartex__read_fail(r, "expected a non-negative integer");
        *out = (uint64_t)i;
        if (i == INT64_MAX) {
            /* json-c keeps larger values unsigned, and clamps beyond */
            *out = json_object_get_uint64(v);
            if (*out == UINT64_MAX)
                return chartex__read_fail(r, "integer out of range");
        }
    } else if (json_object_is_type(v, json_type_double)) {
        d = json_object_get_double(v);
        if (!(d >= 0.0 && d <= MAX_EXACT_INTEGER && d == floor(d)))
            return chartex__read_fail(r, "expected a non-negative integer");
        *out = (uint64_t)d;
    } else {
        return chartex__read_fail(r, "expected a non-negative integer");
    }
    if (*out > max)
        return chartex__read_fail(r, "%llu is out of range (at most %llu)",
                                  (unsigned long long)*out, (unsigned long long)max);
    return 0;
}

/* An array of numbers into a new chartex__malloc'd buffer (never NULL on
 * success, even for no numbers). */
int
chartex__read_numbers(chartex__reader *r, json_object *v, double **out, size_t *n)
{
    double *buf = NULL;
    size_t i, count, mark;
    int overflow = 0, rc = -1;

    *out = NULL;
    *n = 0;
    if (chartex__read_expect(r, v, json_type_array, "an array of numbers") < 0)
        goto done;
    count = json_object_array_length(v);
    buf = chartex__malloc(chartex__mul(count ? count : 1, sizeof *buf, &overflow));
    if (overflow || buf == NULL) {
        chartex__read_nomem(r);
        goto done;
    }
    for (i = 0; i < count; i++) {
        json_object *item = json_object_array_get_idx(v, i);

        if (number_quick(item, &buf[i]))
            continue;
        mark = chartex__read_push_index(r, i);
        if (chartex__read_number(r, item, &buf[i]) < 0)
            goto done;
        chartex__read_leave(r, mark);
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
int
chartex__read_points(chartex__reader *r, json_object *v, double **out, size_t *n)
{
    double *xy = NULL;
    json_object *pair;
    size_t i, count, mark;
    int overflow = 0, rc = -1;

    *out = NULL;
    *n = 0;
    if (chartex__read_expect(r, v, json_type_array, "an array of [x, y] points") < 0)
        goto done;
    count = json_object_array_length(v);
    xy = chartex__malloc(chartex__mul(count ? count : 1, 2 * sizeof *xy, &overflow));
    if (overflow || xy == NULL) {
        chartex__read_nomem(r);
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
        mark = chartex__read_push_index(r, i);
        if (!json_object_is_type(pair, json_type_array) || json_object_array_length(pair) != 2) {
            chartex__read_fail(r, "expected [x, y]");
            goto done;
        }
        if (chartex__read_number(r, json_object_array_get_idx(pair, 0), &xy[2 * i]) < 0
            || chartex__read_number(r, json_object_array_get_idx(pair, 1), &xy[2 * i + 1])
                   < 0)
            goto done;
        chartex__read_leave(r, mark);
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
int
chartex__read_flags(chartex__reader *r, json_object *v, const chartex__flag_name *names,
                    size_t n_names, unsigned *out)
{
    char shown[QUOTE_MAX + 4];
    json_object *item;
    const char *s;
    size_t i, j, len, count, mark;
    uint64_t bits;

    *out = 0;
    if (chartex__read_expect(r, v, json_type_array, "an array of flag names") < 0)
        return -1;
    count = json_object_array_length(v);
    for (i = 0; i < count; i++) {
        mark = chartex__read_push_index(r, i);
        item = json_object_array_get_idx(v, i);
        if (json_object_is_type(item, json_type_int)) {
            if (chartex__read_count(r, item, UINT_MAX, &bits) < 0)
                return -1;
            *out |= (unsigned)bits;
        } else {
            if (chartex__read_string(r, item, &s, &len) < 0)
                return -1;
            for (j = 0; j < n_names; j++)
                if (strlen(names[j].name) == len && memcmp(names[j].name, s, len) == 0)
                    break;
            if (j == n_names)
                return chartex__read_fail(r, "unknown flag \"%s\"", quote(s, len, shown));
            *out |= names[j].bit;
        }
        chartex__read_leave(r, mark);
    }
    return 0;
}

/* Looks up an optional string member; *s stays NULL when absent. */
int
chartex__read_string_member(chartex__reader *r, json_object *obj, const char *key,
                            const char **s, size_t *len)
{
    json_object *v;
    size_t mark;

    *s = NULL;
    *len = 0;
    if (!chartex__read_enter(r, obj, key, &v, &mark))
        return 0;
    if (chartex__read_string(r, v, s, len) < 0)
        return -1;
    chartex__read_leave(r, mark);
    return 0;
}

/* An optional number member; *out keeps its default when absent or null. */
int
chartex__read_number_member(chartex__reader *r, json_object *obj, const char *key,
                            double *out)
{
    json_object *v;
    size_t mark;

    if (!chartex__read_enter(r, obj, key, &v, &mark))
        return 0;
    if (chartex__read_number(r, v, out) < 0)
        return -1;
    chartex__read_leave(r, mark);
    return 0;
}
