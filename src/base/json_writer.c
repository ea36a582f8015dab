/*
 * json_writer.c - the one JSON writer: the chart's text (a sink of the
 * emitter: emit.c's chartex_chart_to_json, chartex_chart_dump), the
 * scene's (scene_write.c calls the writer directly) and the table's.
 *
 * The chart's text must be byte-identical to Python's
 *   json.dumps(d, separators=(",", ":"), ensure_ascii=False)   (compact)
 *   json.dumps(d, indent=N, ensure_ascii=False)                 (indent N)
 * so that the JSON and the dict built by the Python sink can be compared
 * as text; the scene's uses the same layout.  Everything is appended to
 * one growable buffer, handed over whole (chartex__json_writer_take) or in
 * pieces to a write callback (chartex__json_writer_stream); numbers are
 * formatted in place (no allocation per value).  The writer owns its
 * buffers; the text taken belongs to the caller (chartex_free).
 */
#include "base/base.h"

#include <string.h>

struct chartex__json_writer {
    chartex__buf out;
    /* One byte per open container: 1 once it holds an item (a comma and,
     * when indenting, a new line precede every item but the first). */
    chartex__buf levels;
    int indent;
    unsigned flags;  /* CHARTEX__JSON_RAW_STRINGS */
    int after_key;   /* the next value follows a key on the same line */
    /* Streaming (chartex_chart_dump): the text goes to write whenever the
     * buffer holds DUMP_PIECE bytes; NULL keeps it all in out. */
    chartex_write_fn write;
    void *data;
    int write_failed;
};

/* What a dump hands to its callback at a time. */
#define DUMP_PIECE (64 * 1024)

/* ---------------------------------------------------------------- strings */

/* What a byte needs: 0 copy as is, 1 escape, 2 start of a UTF-8 sequence
 * (or an invalid byte) to check. */
static const unsigned char byte_class[256] = {
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  /* '"' */
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0,  /* '\\' */
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  /* DEL is raw */
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
};

/* chartex__json_escape; raw: bytes that are not UTF-8 are copied, not
 * replaced. */
static int
escape(chartex__buf *b, const char *str, size_t len, int raw)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char *s = (const unsigned char *)str;
    size_t i = 0, run;
    char esc[6];
    size_t esc_len;

    /* Most strings need no escape: reserve once for the plain case. */
    if (chartex__buf_reserve(b, len + 2) < 0 || chartex__buf_putc(b, '"') < 0)
        return -1;
    while (i < len) {
        run = i;
        while (i < len && byte_class[s[i]] == 0)
            i++;
        if (i > run && chartex__buf_append(b, str + run, i - run) < 0)
            return -1;
        if (i >= len)
            break;
        if (byte_class[s[i]] == 2) {
            long n = raw ? 1 : chartex__utf8_sequence(s + i, len - i);
            if (n > 0) {
                if (chartex__buf_append(b, str + i, (size_t)n) < 0)
                    return -1;
                i += (size_t)n;
            } else {
                if (chartex__buf_append(b, "\xef\xbf\xbd", 3) < 0)
                    return -1;
                i += (size_t)-n;
            }
            continue;
        }
        esc[0] = '\\';
        esc_len = 2;
        switch (s[i]) {
        case '"': esc[1] = '"'; break;
        case '\\': esc[1] = '\\'; break;
        case '\n': esc[1] = 'n'; break;
        case '\r': esc[1] = 'r'; break;
        case '\t': esc[1] = 't'; break;
        case '\b': esc[1] = 'b'; break;
        case '\f': esc[1] = 'f'; break;
        default:
            memcpy(esc + 1, "u00", 3);
            esc[4] = hex[s[i] >> 4];
            esc[5] = hex[s[i] & 0xf];
            esc_len = 6;
            break;
        }
        if (chartex__buf_append(b, esc, esc_len) < 0)
            return -1;
        i++;
    }
    return chartex__buf_putc(b, '"');
}

int
chartex__json_escape(chartex__buf *b, const char *s, size_t len)
{
    return escape(b, s, len, 0);
}

size_t
chartex__json_string_size(const char *str, size_t len)
{
    const unsigned char *s = (const unsigned char *)str;
    size_t i = 0, n = 2;

    /* What escape() writes, counted: the same classes, the same escapes. */
    while (i < len) {
        if (byte_class[s[i]] == 0) {
            n++;
            i++;
        } else if (byte_class[s[i]] == 2) {
            long k = chartex__utf8_sequence(s + i, len - i);
            n += k > 0 ? (size_t)k : 3;
            i += (size_t)(k > 0 ? k : -k);
        } else {
            n += strchr("\"\\\n\r\t\b\f", s[i]) != NULL && s[i] != 0 ? 2 : 6;
            i++;
        }
    }
    return n;
}

/* ----------------------------------------------------------------- writer */

/* Whether an append failed for want of memory. */
static int
writer_failed(const chartex__json_writer *w)
{
    return w->out.failed || w->levels.failed;
}

/* Hands what the buffer holds to the write callback and empties it. */
static int
writer_flush(chartex__json_writer *w)
{
    if (w->out.len == 0 || w->out.failed)
        return w->out.failed ? -1 : 0;
    if (w->write(w->out.data, w->out.len, w->data) < 0) {
        w->write_failed = 1;
        return -1;
    }
    w->out.len = 0;
    w->out.data[0] = '\0';
    return 0;
}

/* One byte, without a call while there is room: the writer's hot path is
 * punctuation around numbers. */
static inline int
put1(chartex__buf *b, char c)
{
    if (b->len + 1 < b->cap) {
        b->data[b->len++] = c;
        b->data[b->len] = '\0';
        return 0;
    }
    return chartex__buf_putc(b, c);
}

static int
newline(chartex__json_writer *w, size_t depth)
{
    static const char spaces[] = "                                ";
    size_t n;

    if (chartex__buf_putc(&w->out, '\n') < 0)
        return -1;
    /* indent * depth spaces, in chunks. */
    n = (size_t)w->indent * depth;
    if (depth != 0 && n / depth != (size_t)w->indent) {
        w->out.failed = 1;
        return -1;
    }
    while (n > 0) {
        size_t k = n < sizeof spaces - 1 ? n : sizeof spaces - 1;
        if (chartex__buf_append(&w->out, spaces, k) < 0)
            return -1;
        n -= k;
    }
    return 0;
}

/* Writes what comes before an item: nothing after a key; else a comma
 * unless it is the container's first item, and the indentation. */
static int
before_item(chartex__json_writer *w)
{
    char *has_items;

    /* Every value passes here: the place to hand a full piece on. */
    if (w->write != NULL && w->out.len >= DUMP_PIECE && writer_flush(w) < 0)
        return -1;
    if (w->after_key) {
        w->after_key = 0;
        return 0;
    }
    if (w->levels.len == 0)
        return 0;
    has_items = &w->levels.data[w->levels.len - 1];
    if (*has_items && put1(&w->out, ',') < 0)
        return -1;
    *has_items = 1;
    if (w->indent > 0)
        return newline(w, w->levels.len);
    return 0;
}

static int
open_container(chartex__json_writer *w, char c)
{
    if (before_item(w) < 0 || put1(&w->levels, 0) < 0)
        return -1;
    return put1(&w->out, c);
}

static int
close_container(chartex__json_writer *w, char c)
{
    int had_items;

    if (w->levels.len == 0 || w->after_key)
        return -1;
    had_items = w->levels.data[--w->levels.len] != 0;
    /* Empty containers stay "[]" / "{}", as json.dumps writes them. */
    if (had_items && w->indent > 0 && newline(w, w->levels.len) < 0)
        return -1;
    return put1(&w->out, c);
}

int
chartex__json_begin_object(chartex__json_writer *w)
{
    return open_container(w, '{');
}

int
chartex__json_end_object(chartex__json_writer *w)
{
    return close_container(w, '}');
}

int
chartex__json_begin_array(chartex__json_writer *w)
{
    return open_container(w, '[');
}

int
chartex__json_end_array(chartex__json_writer *w)
{
    return close_container(w, ']');
}

int
chartex__json_key(chartex__json_writer *w, const char *s, size_t len)
{
    if (w->after_key || before_item(w) < 0
        || escape(&w->out, s, len, w->flags & CHARTEX__JSON_RAW_STRINGS) < 0)
        return -1;
    w->after_key = 1;
    if (w->indent > 0)
        return chartex__buf_append(&w->out, ": ", 2);
    return chartex__buf_putc(&w->out, ':');
}

int
chartex__json_string(chartex__json_writer *w, const char *s, size_t len)
{
    if (before_item(w) < 0)
        return -1;
    return escape(&w->out, s, len, w->flags & CHARTEX__JSON_RAW_STRINGS);
}

/* Formats v straight into the buffer (NaN/inf give "null"). */
static int
put_number(chartex__json_writer *w, double v)
{
    if (w->out.len + CHARTEX_DOUBLE_BUFSIZE >= w->out.cap
        && chartex__buf_reserve(&w->out, CHARTEX_DOUBLE_BUFSIZE) < 0)
        return -1;
    w->out.len += chartex_format_double(v, w->out.data + w->out.len);
    return 0;
}

int
chartex__json_number(chartex__json_writer *w, double v)
{
    if (before_item(w) < 0)
        return -1;
    return put_number(w, v);
}

int
chartex__json_integer(chartex__json_writer *w, unsigned long long v)
{
    char digits[24], *p = digits + sizeof digits;

    if (before_item(w) < 0)
        return -1;
    do {
        *--p = (char)('0' + v % 10);
        v /= 10;
    } while (v != 0);
    return chartex__buf_append(&w->out, p, (size_t)(digits + sizeof digits - p));
}

int
chartex__json_int(chartex__json_writer *w, int negative, unsigned long long magnitude)
{
    if (negative && magnitude != 0) {
        if (before_item(w) < 0 || put1(&w->out, '-') < 0)
            return -1;
        /* The minus sign is the item's start: no second separator. */
        w->after_key = 1;
    }
    return chartex__json_integer(w, magnitude);
}

/* One value of a point, with no separator (see chartex__json_point). */
static int
put_cell(chartex__json_writer *w, const chartex_cell *c)
{
    if (c->kind == CHARTEX_CELL_STRING)
        return escape(&w->out, c->s, c->len, w->flags & CHARTEX__JSON_RAW_STRINGS);
    if (c->kind == CHARTEX_CELL_NULL)
        return chartex__buf_append(&w->out, "null", 4);
    return put_number(w, c->number);
}

static int
put_cell_item(chartex__json_writer *w, const chartex_cell *c)
{
    if (c->kind == CHARTEX_CELL_STRING)
        return chartex__json_string(w, c->s, c->len);
    if (c->kind == CHARTEX_CELL_NULL)
        return chartex__json_null(w);
    return chartex__json_number(w, c->number);
}

/* A compact point "[x,y]" in one call (the point shortcut).  Two numbers,
 * the common case, take one reservation.  Indented text has each value on
 * its own line, as json.dumps writes it: the generic calls do that. */
int
chartex__json_point(chartex__json_writer *w, const chartex_cell *x,
                    const chartex_cell *y)
{
    char *p;

    if (w->indent > 0) {
        return chartex__json_begin_array(w) < 0 || put_cell_item(w, x) < 0
                       || put_cell_item(w, y) < 0 || chartex__json_end_array(w) < 0
                   ? -1 : 0;
    }
    if (before_item(w) < 0)
        return -1;
    if (x->kind != CHARTEX_CELL_NUMBER || y->kind != CHARTEX_CELL_NUMBER) {
        return put1(&w->out, '[') < 0 || put_cell(w, x) < 0 || put1(&w->out, ',') < 0
                       || put_cell(w, y) < 0 || put1(&w->out, ']') < 0
                   ? -1 : 0;
    }
    if (w->out.len + 2 * CHARTEX_DOUBLE_BUFSIZE + 3 >= w->out.cap
        && chartex__buf_reserve(&w->out, 2 * CHARTEX_DOUBLE_BUFSIZE + 3) < 0)
        return -1;
    p = w->out.data + w->out.len;
    *p++ = '[';
    p += chartex_format_double(x->number, p);
    *p++ = ',';
    p += chartex_format_double(y->number, p);
    *p++ = ']';
    *p = '\0';
    w->out.len = (size_t)(p - w->out.data);
    return 0;
}

int
chartex__json_boolean(chartex__json_writer *w, int v)
{
    if (before_item(w) < 0)
        return -1;
    return v ? chartex__buf_append(&w->out, "true", 4)
             : chartex__buf_append(&w->out, "false", 5);
}

int
chartex__json_null(chartex__json_writer *w)
{
    if (before_item(w) < 0)
        return -1;
    return chartex__buf_append(&w->out, "null", 4);
}

/* ------------------------------------------------------------------- sink */

/* The writer as a sink of the emitter: each event is the direct call. */

static int
w_begin_object(void *ctx)
{
    return chartex__json_begin_object(ctx);
}

static int
w_end_object(void *ctx)
{
    return chartex__json_end_object(ctx);
}

static int
w_begin_array(void *ctx)
{
    return chartex__json_begin_array(ctx);
}

static int
w_end_array(void *ctx)
{
    return chartex__json_end_array(ctx);
}

static int
w_key(void *ctx, const char *s, size_t len)
{
    return chartex__json_key(ctx, s, len);
}

static int
w_string(void *ctx, const char *s, size_t len)
{
    return chartex__json_string(ctx, s, len);
}

static int
w_number(void *ctx, double v)
{
    return chartex__json_number(ctx, v);
}

static int
w_point(void *ctx, const chartex_cell *x, const chartex_cell *y)
{
    return chartex__json_point(ctx, x, y);
}

static int
w_boolean(void *ctx, int v)
{
    return chartex__json_boolean(ctx, v);
}

static int
w_null(void *ctx)
{
    return chartex__json_null(ctx);
}

chartex__json_writer *
chartex__json_writer_new(int indent, unsigned flags)
{
    chartex__json_writer *w = chartex__calloc(1, sizeof *w);

    if (w != NULL) {
        w->indent = indent > 0 ? indent : 0;
        w->flags = flags;
    }
    return w;
}

void
chartex__json_writer_free(chartex__json_writer *w)
{
    if (w == NULL)
        return;
    chartex__buf_free(&w->out);
    chartex__buf_free(&w->levels);
    chartex__free(w);
}

void
chartex__json_writer_sink(chartex__json_writer *w, chartex_sink *sink)
{
    sink->begin_object = w_begin_object;
    sink->key = w_key;
    sink->end_object = w_end_object;
    sink->begin_array = w_begin_array;
    sink->end_array = w_end_array;
    sink->string = w_string;
    sink->number = w_number;
    sink->boolean = w_boolean;
    sink->null = w_null;
    sink->ctx = w;
}

char *
chartex__json_writer_take(chartex__json_writer *w, size_t *len)
{
    char *text;

    if (writer_failed(w))
        return NULL;
    text = w->out.data;
    if (text == NULL) {
        text = chartex__strndup("", 0);
        if (text == NULL)
            return NULL;
    }
    if (len != NULL)
        *len = w->out.len;
    w->out.data = NULL;
    w->out.len = w->out.cap = 0;
    w->levels.len = 0;
    w->after_key = 0;
    return text;
}

void
chartex__json_writer_stream(chartex__json_writer *w, chartex_write_fn write,
                            void *data)
{
    w->write = write;
    w->data = data;
}

int
chartex__json_writer_finish(chartex__json_writer *w, int rc, chartex_error *err)
{
    if (rc == 0 && w->write != NULL && writer_flush(w) < 0)
        rc = -1;
    if (rc == 0)
        return 0;
    /* The writer only fails for want of memory or because the callback
     * said stop: say which, not "a sink callback failed". */
    if (writer_failed(w))
        return chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory");
    if (w->write_failed)
        return chartex__error(err, CHARTEX_ERR_SINK, "the write callback failed");
    return -1;
}

chartex_point_fn
chartex__json_writer_point(const chartex__json_writer *w)
{
    return w->indent > 0 ? NULL : w_point;
}

int
chartex__json_writer_failed(const chartex__json_writer *w)
{
    return writer_failed(w) || w->write_failed;
}

char *
chartex__json_text_of(const void *obj, chartex__json_into_fn into, int indent, size_t *len,
                      chartex_error *err)
{
    chartex__json_writer *w = chartex__json_writer_new(indent, 0);
    char *text = NULL;

    if (w == NULL) {
        chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory");
        goto done;
    }
    if (into(obj, w, err) < 0)
        goto done;
    text = chartex__json_writer_take(w, len);
    if (text == NULL)
        chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory");
done:
    chartex__json_writer_free(w);
    return text;
}

int
chartex__json_dump_of(const void *obj, chartex__json_into_fn into, int indent,
                      chartex_write_fn write, void *data, chartex_error *err)
{
    chartex__json_writer *w = chartex__json_writer_new(indent, 0);
    int rc = -1;

    if (w == NULL) {
        chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory");
        goto done;
    }
    chartex__json_writer_stream(w, write, data);
    rc = into(obj, w, err);
done:
    chartex__json_writer_free(w);
    return rc;
}
