/*
 * base.h - the ground every room of the core stands on: errors, memory and
 * the byte buffer (util.c), UTF-8 (utf8.c), numbers as text (numfmt.c)
 * and the one JSON writer (json_writer.c).  Nothing here knows a scene, a
 * chart or a table; the scene's rooms add scene/scene.h, the chart's
 * chart/chart.h, the table's table/table.h.  Not installed: nothing
 * outside src/ and the C tests includes it.
 *
 * Ownership: every pointer in the structs of the core is owned by the
 * struct that holds it, except where a comment says "borrowed".
 */
#ifndef CHARTEX__BASE_H
#define CHARTEX__BASE_H

#include "chartex.h"

#include <stdarg.h>
#include <stddef.h>

/* The number of members of an array. */
#define CHARTEX__COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* -------------------------------------------------------- errors (util.c) */

/* Fills err (if not NULL) and returns -1, so callers can `return error(...)`. */
int chartex__error(chartex_error *err, chartex_error_code code,
                   const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* -------------------------------------------------------- memory (util.c) */

/* All allocation in the core goes through these, so a test build can make
 * the n-th allocation fail (see tests/). */
void *chartex__malloc(size_t n);
void *chartex__calloc(size_t count, size_t size);
void *chartex__realloc(void *p, size_t n);
void chartex__free(void *p);
/* qsort, which must not be given a null array even of no members: an
 * array of none may be NULL here. */
void chartex__sort(void *base, size_t n, size_t size,
                   int (*cmp)(const void *, const void *));
/* Copies len bytes and adds a NUL.  NULL on allocation failure. */
char *chartex__strndup(const char *s, size_t len);
/* Copies count doubles; count 0 gives a non-NULL 1-element buffer. */
double *chartex__dupd(const double *v, size_t count);
/* count * size, or 0 with *overflow set when it does not fit. */
size_t chartex__mul(size_t count, size_t size, int *overflow);

/* A growable byte buffer (always NUL-terminated when data != NULL). */
typedef struct chartex__buf {
    char *data;
    size_t len;
    size_t cap;
    int failed; /* sticky: an append failed for want of memory */
} chartex__buf;

int chartex__buf_reserve(chartex__buf *b, size_t extra);
int chartex__buf_append(chartex__buf *b, const char *s, size_t len);
int chartex__buf_putc(chartex__buf *b, char c);
void chartex__buf_free(chartex__buf *b);

/* --------------------------------------------------------- UTF-8 (utf8.c) */

/* The length of the valid UTF-8 sequence at s (avail bytes, at
 * least 1, s[0] >= 0x80), or, when it is invalid, minus the length of its
 * maximal valid prefix (at least 1): the bytes that Python's decoder
 * replaces with one U+FFFD ("maximal subpart"). */
long chartex__utf8_sequence(const unsigned char *s, size_t avail);

/* The offset of the first byte of s that is not part of a valid UTF-8
 * sequence (overlong forms, surrogates and code points above U+10FFFF are
 * invalid), or len when all of s is valid. */
size_t chartex__utf8_check(const char *s, size_t len);

/* The bytes of s (len bytes) that hold its first n code points, or len
 * when it has no more.  Counts as a reader does: invalid bytes are one
 * U+FFFD each maximal part (chartex__utf8_sequence).  What a text cut at
 * n code points keeps (a table's strings, a chart's texts). */
size_t chartex__utf8_prefix(const char *s, size_t len, size_t n);

/* U+2026, the mark a cut text ends with. */
#define CHARTEX__ELLIPSIS "\xe2\x80\xa6"

/* ----------------------------------------------------- numbers (numfmt.c) */

/* The text of a position used as a label: "3" for an integral value below
 * 1e15 in magnitude, else the shortest repr ("2.5", "1e+20"); "nan"/"inf"
 * for non-finite values.  Returns the length. */
size_t chartex__number_label(double v, char *buf);

/* v rounded to 15 significant digits, exactly as strtod of printf's "%.15g"
 * of v (NaN, infinities and zeros unchanged), mostly without either. */
double chartex__round15(double v);

/* The decimal of the fewest significant digits within tol of v (v itself
 * when none is shorter; 0 when |v| <= tol; v unchanged when tol is not
 * above 0 or v is not finite): what a position reads as at the precision
 * its chart supports, without a float residue (5.55e-17 at a tolerance of
 * 1e-9 is 0, 0.0250000000000001 is 0.025). */
double chartex__round_within(double v, double tol);

/* -------------------------------------------- JSON writer (json_writer.c) */

/* The one JSON writer.  It is a sink of the emitter for the chart
 * (chartex__json_writer_sink) and is called directly for the scene
 * (scene_write.c).  indent <= 0 is compact; > 0 indents as
 * json.dumps(indent=N) does.  The writer owns its buffer until the text is
 * taken. */
typedef struct chartex__json_writer chartex__json_writer;

/* Strings are copied byte for byte but for the escapes JSON needs: bytes
 * that are not UTF-8 are kept, not replaced with U+FFFD (the scene JSON,
 * as json-c wrote it). */
#define CHARTEX__JSON_RAW_STRINGS 0x1u

chartex__json_writer *chartex__json_writer_new(int indent, unsigned flags);
void chartex__json_writer_free(chartex__json_writer *w);
void chartex__json_writer_sink(chartex__json_writer *w, chartex_sink *sink);
/* The point shortcut of w for chartex_chart_emit_points: compact "[x,y]"
 * in one call; NULL for indented text, whose points take the generic
 * calls. */
chartex_point_fn chartex__json_writer_point(const chartex__json_writer *w);
/* 1 when w itself failed (memory ran out, or the write callback said
 * stop): chartex__json_writer_finish then reported its own error. */
int chartex__json_writer_failed(const chartex__json_writer *w);
/* Hands over the text; the writer is left empty. */
char *chartex__json_writer_take(chartex__json_writer *w, size_t *len);
/* From now on the writer hands its text to write in pieces (see
 * chartex_chart_dump) instead of keeping it. */
void chartex__json_writer_stream(chartex__json_writer *w, chartex_write_fn write,
                                 void *data);
/* Ends a streamed or kept text: rc is the emission's result.  Hands the
 * last piece to write; on failure fills err for the writer's own causes
 * (memory, the callback) and returns -1, leaving err alone otherwise. */
int chartex__json_writer_finish(chartex__json_writer *w, int rc, chartex_error *err);
/* Emits obj into w and finishes it (chartex__json_writer_finish): 0, or
 * -1 with err filled. */
typedef int (*chartex__json_into_fn)(const void *obj, chartex__json_writer *w,
                                     chartex_error *err);
/* obj's JSON text through a new writer and into (malloc'd, *len its
 * length when len is not NULL), or NULL with err filled. */
char *chartex__json_text_of(const void *obj, chartex__json_into_fn into, int indent,
                            size_t *len, chartex_error *err);
/* obj's JSON text handed to write in pieces: 0, or -1 with err filled. */
int chartex__json_dump_of(const void *obj, chartex__json_into_fn into, int indent,
                          chartex_write_fn write, void *data, chartex_error *err);

/* The writer's calls, one per JSON value (as the sink's events): 0, or -1
 * when memory ran out or the write callback failed (chartex__json_writer_
 * finish tells which).  Strings are UTF-8 with a length. */
int chartex__json_begin_object(chartex__json_writer *w);
int chartex__json_end_object(chartex__json_writer *w);
int chartex__json_begin_array(chartex__json_writer *w);
int chartex__json_end_array(chartex__json_writer *w);
int chartex__json_key(chartex__json_writer *w, const char *s, size_t len);
int chartex__json_string(chartex__json_writer *w, const char *s, size_t len);
/* The shortest repr-style text of v; null when v is not finite. */
int chartex__json_number(chartex__json_writer *w, double v);
/* v in decimal digits: an integer stays "1", never "1.0". */
int chartex__json_integer(chartex__json_writer *w, unsigned long long v);
/* An integer with its sign: "-12", "0", "18446744073709551615". */
int chartex__json_int(chartex__json_writer *w, int negative, unsigned long long magnitude);
int chartex__json_boolean(chartex__json_writer *w, int v);
int chartex__json_null(chartex__json_writer *w);
/* The array [x, y] in one call. */
int chartex__json_point(chartex__json_writer *w, const chartex_cell *x,
                        const chartex_cell *y);

/* The length of what chartex__json_escape appends for s (quotes included). */
size_t chartex__json_string_size(const char *s, size_t len);

/* Appends s as a JSON string literal (with quotes), escaping as Python's
 * json.dumps(ensure_ascii=False) does; invalid UTF-8 bytes become U+FFFD. */
int chartex__json_escape(chartex__buf *b, const char *s, size_t len);

#endif /* CHARTEX__BASE_H */
