/*
 * scene_reader.h - what the rooms of the scene reader share: scene_read.c
 * (the text, the document, its axes) calls scene_read_artists.c (an
 * artist), which calls scene_read_columns.c (an artist's columns), and
 * all call scene_read_values.c (one value, and the path that names it).
 * Not installed; only these four include it, as only they use json-c.
 *
 * Every reading function returns 0, or -1 with the reader's error filled
 * (its message starting with the path of the bad value); the reader stops
 * at the first error.
 */
#ifndef CHARTEX__SCENE_READER_H
#define CHARTEX__SCENE_READER_H

#include "scene/scene.h"

#include <json-c/json.h>

#include <stddef.h>
#include <stdint.h>

/* Where the reader is, as a path for messages ("axes[2].artists[0].points[5]").
 * On failure the reader stops at once, so the path then names the bad value. */
typedef struct chartex__reader {
    chartex_error *err;
    size_t len;
    char path[120];
} chartex__reader;

/* ------------------------------ the path and errors (scene_read_values.c) */

/* Appends to the path (fmt takes key, or i when key is NULL); returns the
 * old length for chartex__read_leave(). */
size_t chartex__read_path_push(chartex__reader *r, const char *fmt, const char *key,
                               size_t i);
/* Appends "[i]" to the path; returns the old length. */
size_t chartex__read_push_index(chartex__reader *r, size_t i);
/* Cuts the path back to mark. */
void chartex__read_leave(chartex__reader *r, size_t mark);

/* A parse error at the current path. */
int chartex__read_fail(chartex__reader *r, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* A builder call failed with e: keep its code, add the path. */
int chartex__read_relay(chartex__reader *r, const chartex_error *e);
/* Out of memory at the current path. */
int chartex__read_nomem(chartex__reader *r);

/* ------------------------------------------- values (scene_read_values.c) */

/* When obj has key with a non-null value: sets *v, extends the path and
 * returns 1 (chartex__read_leave(r, *mark) when done).  Else 0: null means
 * "default". */
int chartex__read_enter(chartex__reader *r, json_object *obj, const char *key,
                        json_object **v, size_t *mark);
/* Fails unless v is of type (what names it in the message). */
int chartex__read_expect(chartex__reader *r, json_object *v, json_type type,
                         const char *what);
/* A string value (with its length: JSON strings may hold "\u0000", which
 * the scene's C strings cannot); valid UTF-8 without U+0000. */
int chartex__read_string(chartex__reader *r, json_object *v, const char **s, size_t *len);
/* The index of v's string in names[n], for enumerations. */
int chartex__read_name(chartex__reader *r, json_object *v, const char *const *names,
                       size_t n, const char *what, int *out);
/* A number: JSON numbers, null (NaN), "Infinity", "-Infinity", "NaN". */
int chartex__read_number(chartex__reader *r, json_object *v, double *out);
/* A non-negative integer no larger than max (integral floats are accepted
 * while they are exact). */
int chartex__read_count(chartex__reader *r, json_object *v, uint64_t max, uint64_t *out);
/* An array of numbers into a new chartex__malloc'd buffer (never NULL on
 * success, even for no numbers). */
int chartex__read_numbers(chartex__reader *r, json_object *v, double **out, size_t *n);
/* [[x, y], ...] into a new interleaved buffer x0 y0 x1 y1 ... */
int chartex__read_points(chartex__reader *r, json_object *v, double **out, size_t *n);
/* ["name", ..., integer bits] into a flag word. */
int chartex__read_flags(chartex__reader *r, json_object *v, const chartex__flag_name *names,
                        size_t n_names, unsigned *out);
/* Looks up an optional string member; *s stays NULL when absent. */
int chartex__read_string_member(chartex__reader *r, json_object *obj, const char *key,
                                const char **s, size_t *len);
/* An optional number member; *out keeps its default when absent or null. */
int chartex__read_number_member(chartex__reader *r, json_object *obj, const char *key,
                                double *out);

/* Calls a string setter of the builder for an optional member. */
#define SET_STRING(r, obj, key, setter, target)                              \
    do {                                                                     \
        const char *s_;                                                      \
        size_t len_;                                                         \
        chartex_error e_ = { CHARTEX_ERR_NOMEM, "out of memory" };           \
        if (chartex__read_string_member((r), (obj), (key), &s_, &len_) < 0)  \
            goto done;                                                       \
        if (s_ != NULL && setter((target), s_, len_, &e_) < 0) {             \
            chartex__read_relay((r), &e_);                                   \
            goto done;                                                       \
        }                                                                    \
    } while (0)

/* --------------------------------------- an artist (scene_read_artists.c) */

/* Reads artist obj into a new artist of axes. */
int chartex__read_artist(chartex__reader *r, json_object *obj, chartex_axes *axes);

/* ---------------------------------- columns (scene_read_columns.c) */

/* A RECORD artist's "record" and any artist's "columns" of obj, into a. */
int chartex__read_columns(chartex__reader *r, json_object *obj, chartex_artist *a);

#endif /* CHARTEX__SCENE_READER_H */
