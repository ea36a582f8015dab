/*
 * scene_read_columns.c - an artist's columns in scene JSON
 * (chartex__read_columns): a RECORD artist's "record" kind, and any
 * artist's "columns", each {"name", "numbers", "texts", "rows", "scalar"},
 * checked before they reach the public builder API (untrusted input: the
 * lengths of "numbers" and "texts" agree, "rows" add up to the cells, a
 * scalar has one cell, names are unique).
 */
#include "scene/scene_reader.h"

#include <stdint.h>
#include <string.h>

/* "texts": strings or null, one per cell: pointers into json-c's tree
 * (which outlives the call), with their lengths. */
static int
read_texts(chartex__reader *r, json_object *v, const char ***texts, size_t **lens, size_t *n)
{
    size_t i, count, mark;
    int overflow = 0;

    if (chartex__read_expect(r, v, json_type_array, "an array of texts") < 0)
        return -1;
    count = json_object_array_length(v);
    *texts = chartex__calloc(count ? count : 1, sizeof **texts);
    *lens = chartex__malloc(chartex__mul(count ? count : 1, sizeof **lens, &overflow));
    if (*texts == NULL || *lens == NULL || overflow)
        return chartex__read_nomem(r);
    for (i = 0; i < count; i++) {
        json_object *item = json_object_array_get_idx(v, i);

        (*lens)[i] = 0;
        if (item == NULL)
            continue;   /* null: no text */
        mark = chartex__read_push_index(r, i);
        if (chartex__read_string(r, item, &(*texts)[i], &(*lens)[i]) < 0)
            return -1;
        chartex__read_leave(r, mark);
    }
    *n = count;
    return 0;
}

/* "rows": the length of each row, as counts. */
static int
read_rows(chartex__reader *r, json_object *v, size_t **rows, size_t *n)
{
    size_t i, count, mark;
    uint64_t len;
    int overflow = 0;

    if (chartex__read_expect(r, v, json_type_array, "an array of row lengths") < 0)
        return -1;
    count = json_object_array_length(v);
    *rows = chartex__malloc(chartex__mul(count ? count : 1, sizeof **rows, &overflow));
    if (*rows == NULL || overflow)
        return chartex__read_nomem(r);
    for (i = 0; i < count; i++) {
        mark = chartex__read_push_index(r, i);
        if (chartex__read_count(r, json_object_array_get_idx(v, i), SIZE_MAX, &len) < 0)
            return -1;
        (*rows)[i] = (size_t)len;
        chartex__read_leave(r, mark);
    }
    *n = count;
    return 0;
}

static int
read_column(chartex__reader *r, json_object *obj, chartex_artist *a)
{
    json_object *v;
    const char *name, **texts = NULL;
    double *numbers = NULL;
    size_t name_len, n_numbers = 0, n_texts = 0, n_rows = 0, *lens = NULL, *rows = NULL, mark;
    int has_numbers = 0, has_texts = 0, scalar = 0, rc = -1;
    chartex_error e = { CHARTEX_ERR_NOMEM, "out of memory" };

    if (chartex__read_expect(r, obj, json_type_object, "a column object") < 0
        || chartex__read_string_member(r, obj, "name", &name, &name_len) < 0)
        goto done;
    if (name == NULL) {
        chartex__read_fail(r, "missing \"name\"");
        goto done;
    }
    if (chartex__read_enter(r, obj, "numbers", &v, &mark)) {
        if (chartex__read_numbers(r, v, &numbers, &n_numbers) < 0)
            goto done;
        has_numbers = 1;
        chartex__read_leave(r, mark);
    }
    if (chartex__read_enter(r, obj, "texts", &v, &mark)) {
        if (read_texts(r, v, &texts, &lens, &n_texts) < 0)
            goto done;
        has_texts = 1;
        chartex__read_leave(r, mark);
    }
    if (has_numbers && has_texts && n_numbers != n_texts) {
        chartex__read_fail(r, "%zu numbers and %zu texts", n_numbers, n_texts);
        goto done;
    }
    if (chartex__read_enter(r, obj, "scalar", &v, &mark)) {
        if (chartex__read_expect(r, v, json_type_boolean, "true or false") < 0)
            goto done;
        scalar = json_object_get_boolean(v);
        chartex__read_leave(r, mark);
    }
    if (chartex_artist_add_column(a, name, name_len, has_numbers ? n_numbers : n_texts, numbers,
                                  texts, lens, &e) < 0) {
        if (e.code == CHARTEX_ERR_INVALID)   /* a bad or second name */
            e.code = CHARTEX_ERR_PARSE;
        chartex__read_relay(r, &e);
        goto done;
    }
    if (chartex__read_enter(r, obj, "rows", &v, &mark)) {
        if (read_rows(r, v, &rows, &n_rows) < 0)
            goto done;
        if (chartex_artist_set_column_rows(a, n_rows, rows, &e) < 0) {
            if (e.code == CHARTEX_ERR_INVALID)
                e.code = CHARTEX_ERR_PARSE;
            chartex__read_relay(r, &e);
            goto done;
        }
        chartex__read_leave(r, mark);
    }
    if (scalar && chartex_artist_set_column_scalar(a, &e) < 0) {
        if (e.code == CHARTEX_ERR_INVALID)
            e.code = CHARTEX_ERR_PARSE;
        chartex__read_relay(r, &e);
        goto done;
    }
    rc = 0;
done:
    chartex__free(numbers);
    chartex__free((void *)texts);
    chartex__free(lens);
    chartex__free(rows);
    return rc;
}

int
chartex__read_columns(chartex__reader *r, json_object *obj, chartex_artist *a)
{
    json_object *v;
    size_t i, count, mark, imark;
    int kind = 0;
    chartex_error e = { CHARTEX_ERR_NOMEM, "out of memory" };

    if (a->kind == CHARTEX_ARTIST_RECORD && chartex__read_enter(r, obj, "record", &v, &mark)) {
        if (chartex__read_name(r, v, chartex__record_kind_names,
                               CHARTEX__COUNT(chartex__record_kind_names), "record kind", &kind) < 0)
            return -1;
        if (chartex_artist_set_record(a, (chartex_record_kind)kind, &e) < 0)
            return chartex__read_relay(r, &e);
        chartex__read_leave(r, mark);
    }
    if (!chartex__read_enter(r, obj, "columns", &v, &mark))
        return 0;
    if (chartex__read_expect(r, v, json_type_array, "an array of columns") < 0)
        return -1;
    count = json_object_array_length(v);
    for (i = 0; i < count; i++) {
        imark = chartex__read_push_index(r, i);
        if (read_column(r, json_object_array_get_idx(v, i), a) < 0)
            return -1;
        chartex__read_leave(r, imark);
    }
    chartex__read_leave(r, mark);
    return 0;
}
