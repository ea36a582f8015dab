/*
 * fuzz_scene.c - the fuzz entry point: arbitrary bytes as scene JSON.
 *
 * When the bytes parse as a scene, the whole core runs on it: the scene is
 * dumped and read back (the dump, compact, indented or streamed, must read
 * back to the same text), then
 * classified and extracted, and the chart is emitted three ways -- as compact
 * and as pretty JSON text, and into a sink that checks every event and
 * rebuilds the chart as a json-c tree.  The JSON text must be strict JSON
 * equal to that tree (the dict and the JSON can never disagree), and a sink
 * that fails part-way must make the emission fail cleanly.  Any broken
 * promise aborts, which libFuzzer reports as a crash.
 *
 * Built two ways from the same file: with clang -fsanitize=fuzzer (make fuzz),
 * and without libFuzzer by tests/fuzz_replay.c, which feeds it every file of
 * fuzz/regressions/ and the fixtures' scenes under make check.
 */
#include "chartex.h"

#include <json-c/json.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define CHECK(cond)                                                         \
    do {                                                                    \
        if (!(cond)) {                                                      \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__,          \
                    __LINE__, #cond);                                       \
            abort();                                                        \
        }                                                                   \
    } while (0)

/* ------------------------------------------------------- the checking sink */

/* The sink's promises (see chartex_sink in chartex.h): events nest properly,
 * a key comes before every value inside an object and never elsewhere,
 * number() only sees finite values, strings are valid UTF-8.  It builds the
 * json-c tree of what it received, to compare with the JSON text. */
#define MAX_NEST 64

typedef struct checker {
    json_object *stack[MAX_NEST];
    char *pending_key;      /* inside an object: the key of the next value */
    int depth;
    json_object *root;
    long events;
    long fail_at;           /* > 0: the fail_at-th event returns -1 */
} checker;

static int
valid_utf8(const unsigned char *s, size_t len)
{
    size_t i = 0;

    while (i < len) {
        unsigned c = s[i];
        size_t n, k;
        unsigned long cp;

        if (c < 0x80) {
            i++;
            continue;
        }
        if (c >= 0xC2 && c <= 0xDF) {
            n = 1;
            cp = c & 0x1F;
        } else if (c >= 0xE0 && c <= 0xEF) {
            n = 2;
            cp = c & 0x0F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            n = 3;
            cp = c & 0x07;
        } else {
            return 0;
        }
        if (len - i <= n)
            return 0;
        for (k = 1; k <= n; k++) {
            if ((s[i + k] & 0xC0) != 0x80)
                return 0;
            cp = (cp << 6) | (s[i + k] & 0x3F);
        }
        if ((n == 2 && cp < 0x800) || (n == 3 && (cp < 0x10000 || cp > 0x10FFFF))
            || (cp >= 0xD800 && cp <= 0xDFFF))
            return 0;
        i += n + 1;
    }
    return 1;
}

/* Counts an event; -1 when this is the one that must fail. */
static int
tick(checker *c)
{
    c->events++;
    return c->fail_at > 0 && c->events == c->fail_at ? -1 : 0;
}

/* Places a finished value: at the root, after a key, or in an array.
 * json-c's null is the NULL pointer, so only null may be NULL. */
static void
place(checker *c, json_object *v, int is_null)
{
    json_object *top;

    CHECK(v != NULL || is_null);
    if (c->depth == 0) {
        CHECK(c->root == NULL && v != NULL);
        c->root = v;
        return;
    }
    top = c->stack[c->depth - 1];
    if (json_object_is_type(top, json_type_object)) {
        CHECK(c->pending_key != NULL);
        /* A key twice in one object would make the dict and the text differ. */
        CHECK(!json_object_object_get_ex(top, c->pending_key, NULL));
        CHECK(json_object_object_add(top, c->pending_key, v) == 0);
        free(c->pending_key);
        c->pending_key = NULL;
    } else {
        CHECK(json_object_array_add(top, v) == 0);
    }
}

static int
begin(checker *c, json_object *v)
{
    if (tick(c) < 0) {
        json_object_put(v);
        return -1;
    }
    CHECK(c->depth < MAX_NEST);
    /* Placed first (so the tree owns it), then entered. */
    place(c, v, 0);
    c->stack[c->depth++] = v;
    return 0;
}

static int
end(checker *c, json_type type)
{
    if (tick(c) < 0)
        return -1;
    CHECK(c->depth > 0);
    CHECK(json_object_is_type(c->stack[c->depth - 1], type));
    CHECK(c->pending_key == NULL);
    c->depth--;
    return 0;
}

static int
s_begin_object(void *ctx)
{
    return begin(ctx, json_object_new_object());
}

static int
s_end_object(void *ctx)
{
    return end(ctx, json_type_object);
}

static int
s_begin_array(void *ctx)
{
    return begin(ctx, json_object_new_array());
}

static int
s_end_array(void *ctx)
{
    return end(ctx, json_type_array);
}

static int
s_key(void *ctx, const char *s, size_t len)
{
    checker *c = ctx;

    if (tick(c) < 0)
        return -1;
    CHECK(c->depth > 0 && json_object_is_type(c->stack[c->depth - 1], json_type_object));
    CHECK(c->pending_key == NULL);
    CHECK(s != NULL && len > 0 && memchr(s, '\0', len) == NULL);
    CHECK(valid_utf8((const unsigned char *)s, len));
    c->pending_key = malloc(len + 1);
    CHECK(c->pending_key != NULL);
    memcpy(c->pending_key, s, len);
    c->pending_key[len] = '\0';
    return 0;
}

static int
s_string(void *ctx, const char *s, size_t len)
{
    checker *c = ctx;

    if (tick(c) < 0)
        return -1;
    CHECK(s != NULL || len == 0);
    CHECK(valid_utf8((const unsigned char *)s, len));
    place(c, json_object_new_string_len(s ? s : "", (int)len), 0);
    return 0;
}

static int
s_number(void *ctx, double v)
{
    checker *c = ctx;

    if (tick(c) < 0)
        return -1;
    CHECK(isfinite(v));
    place(c, json_object_new_double(v), 0);
    return 0;
}

static int
s_boolean(void *ctx, int v)
{
    checker *c = ctx;

    if (tick(c) < 0)
        return -1;
    CHECK(v == 0 || v == 1);
    place(c, json_object_new_boolean(v), 0);
    return 0;
}

static int
s_null(void *ctx)
{
    checker *c = ctx;

    if (tick(c) < 0)
        return -1;
    place(c, NULL, 1);
    return 0;
}

static void
checker_init(checker *c, chartex_sink *sink, long fail_at)
{
    memset(c, 0, sizeof *c);
    c->fail_at = fail_at;
    sink->begin_object = s_begin_object;
    sink->key = s_key;
    sink->end_object = s_end_object;
    sink->begin_array = s_begin_array;
    sink->end_array = s_end_array;
    sink->string = s_string;
    sink->number = s_number;
    sink->boolean = s_boolean;
    sink->null = s_null;
    sink->ctx = c;
}

static void
checker_clear(checker *c)
{
    json_object_put(c->root);
    free(c->pending_key);
    c->root = NULL;
    c->pending_key = NULL;
}

/* ----------------------------------------------------------------- checks */

/* Strict JSON, the whole text, nothing after it. */
static json_object *
parse_strict(const char *text, size_t len)
{
    json_tokener *tok = json_tokener_new();
    json_object *v;

    CHECK(tok != NULL);
    json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
    v = json_tokener_parse_ex(tok, text, (int)len);
    CHECK(v != NULL && json_tokener_get_error(tok) == json_tokener_success);
    CHECK(json_tokener_get_parse_end(tok) == len);
    json_tokener_free(tok);
    return v;
}

/* json-c's equality, except that the object's keys must also be in the same
 * order: the schema's key order is part of the contract. */
static void
check_same(json_object *a, json_object *b)
{
    CHECK(json_object_equal(a, b));
    if (json_object_is_type(a, json_type_object)) {
        struct json_object_iterator ia = json_object_iter_begin(a);
        struct json_object_iterator ea = json_object_iter_end(a);
        struct json_object_iterator ib = json_object_iter_begin(b);

        while (!json_object_iter_equal(&ia, &ea)) {
            CHECK(strcmp(json_object_iter_peek_name(&ia),
                         json_object_iter_peek_name(&ib)) == 0);
            check_same(json_object_iter_peek_value(&ia),
                       json_object_iter_peek_value(&ib));
            json_object_iter_next(&ia);
            json_object_iter_next(&ib);
        }
    } else if (json_object_is_type(a, json_type_array)) {
        size_t i, n = json_object_array_length(a);

        for (i = 0; i < n; i++)
            check_same(json_object_array_get_idx(a, i), json_object_array_get_idx(b, i));
    }
}

/* A scene dump's pieces, gathered. */
typedef struct gathered {
    char *text;
    size_t len, pieces;
} gathered;

static int
gather(const char *buf, size_t len, void *data)
{
    gathered *g = data;
    char *t = realloc(g->text, g->len + len + 1);

    CHECK(t != NULL && len > 0);
    memcpy(t + g->len, buf, len);
    g->text = t;
    g->len += len;
    g->text[g->len] = '\0';
    g->pieces++;
    return 0;
}

/* text (of len bytes), whose compact form must be want: read back, it
 * writes want again. */
static void
check_reads_back_to(const char *text, size_t len, const char *want, size_t want_len)
{
    chartex_error err;
    chartex_scene *back = chartex_scene_from_json(text, len, &err);
    size_t len2;
    char *text2;

    if (back == NULL)
        fprintf(stderr, "the dump does not read back: %s\n%s\n", err.text, text);
    CHECK(back != NULL);
    text2 = chartex_scene_to_json(back, 0, &len2, &err);
    CHECK(text2 != NULL);
    CHECK(len2 == want_len && memcmp(want, text2, len2) == 0);
    chartex_free(text2);
    chartex_scene_free(back);
}

/* Dump, read back, dump again: the same text (doc/scene.md, "Numbers").
 * The indented text and the streamed one say the same. */
static void
check_scene_round_trip(const chartex_scene *scene)
{
    chartex_error err;
    size_t len, plen;
    char *text = chartex_scene_to_json(scene, 0, &len, &err);
    char *pretty = chartex_scene_to_json(scene, 3, &plen, &err);
    gathered g = { NULL, 0, 0 };

    CHECK(text != NULL && strlen(text) == len);
    CHECK(pretty != NULL && strlen(pretty) == plen && plen > len);
    check_reads_back_to(text, len, text, len);
    check_reads_back_to(pretty, plen, text, len);
    CHECK(chartex_scene_dump(scene, 3, gather, &g, &err) == 0);
    CHECK(g.len == plen && memcmp(g.text, pretty, plen) == 0);
    free(g.text);
    chartex_free(pretty);
    chartex_free(text);
}

static void
check_chart(const chartex_chart *chart, unsigned seed)
{
    chartex_error err;
    chartex_sink sink;
    checker c;
    size_t len, plen;
    char *text, *pretty;
    json_object *parsed, *pparsed;

    text = chartex_chart_to_json(chart, 0, &len, &err);
    CHECK(text != NULL && strlen(text) == len);
    pretty = chartex_chart_to_json(chart, 2, &plen, &err);
    CHECK(pretty != NULL && strlen(pretty) == plen);

    checker_init(&c, &sink, 0);
    CHECK(chartex_chart_emit(chart, &sink, &err) == 0);
    CHECK(c.depth == 0 && c.root != NULL);
    CHECK(json_object_is_type(c.root, json_type_object));
    CHECK(chartex_chart_is_empty(chart) == (json_object_object_length(c.root) == 0));

    parsed = parse_strict(text, len);
    pparsed = parse_strict(pretty, plen);
    check_same(c.root, parsed);
    check_same(c.root, pparsed);
    json_object_put(pparsed);
    json_object_put(parsed);

    /* A sink that fails at some event: the emission stops there, reports a
     * sink error, and emitting again afterwards still works. */
    if (c.events > 0) {
        long events = c.events;

        checker_clear(&c);
        checker_init(&c, &sink, 1 + (long)(seed % (unsigned long)events));
        memset(&err, 0, sizeof err);
        CHECK(chartex_chart_emit(chart, &sink, &err) == -1);
        CHECK(err.code == CHARTEX_ERR_SINK && err.text[0] != '\0');
        CHECK(c.events == c.fail_at);
    }
    checker_clear(&c);
    chartex_free(pretty);
    chartex_free(text);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    chartex_error err;
    chartex_scene *scene;
    chartex_chart *chart;
    unsigned seed = 0;
    size_t i;

    memset(&err, 0, sizeof err);
    scene = chartex_scene_from_json((const char *)data, size, &err);
    if (scene == NULL) {
        /* Refused: with a reason, never silently. */
        CHECK(err.code != CHARTEX_OK && err.text[0] != '\0');
        CHECK(memchr(err.text, '\0', sizeof err.text) != NULL);
        return 0;
    }
    check_scene_round_trip(scene);

    memset(&err, 0, sizeof err);
    chart = chartex_chart_from_scene(scene, &err);
    if (chart == NULL) {
        /* Only a want of memory or a size limit may stop a scene that was
         * read: anything else it holds must be classified, as unknown if
         * need be. */
        CHECK(err.code == CHARTEX_ERR_NOMEM || err.code == CHARTEX_ERR_LIMIT);
    } else {
        for (i = 0; i < size; i++)
            seed = seed * 31u + data[i];
        check_chart(chart, seed);
        chartex_chart_free(chart);
    }
    chartex_scene_free(scene);
    return 0;
}
