/*
 * scene_columns.c - an artist's columns: named lists of cells, each a
 * number, a text or null (chartex_artist_add_column), shaped as rows or as
 * one value, and the record kind of a RECORD artist.  They carry what no
 * other part of the scene holds: a hierarchy's nodes, a table's cells, an
 * indicator's numbers, a waterfall bar's measure.  Which chart key they
 * become is records.c's.
 *
 * Ownership: the artist owns its columns, each column its name, numbers,
 * texts and row lengths; every setter copies what it is given (chartex.h).
 */
#include "scene/scene.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

static void
column_clear(chartex__column *c)
{
    size_t i;

    chartex__free(c->name);
    chartex__free(c->numbers);
    /* (not scene.c's chartex__free_strings: scene.c calls this room) */
    for (i = 0; c->texts != NULL && i < c->n; i++)
        chartex__free(c->texts[i]);
    chartex__free(c->texts);
    chartex__free(c->row_len);
    memset(c, 0, sizeof *c);
}

void
chartex__columns_free(struct chartex_artist *a)
{
    size_t i;

    for (i = 0; i < a->n_columns; i++)
        column_clear(&a->columns[i]);
    chartex__free(a->columns);
    a->columns = NULL;
    a->n_columns = 0;
}

/* A name a chart can use as a key: UTF-8 that both sinks write the same,
 * and not a name a has already (the key would come twice). */
static int
check_name(const struct chartex_artist *a, const char *name, size_t len, chartex_error *err)
{
    size_t i;

    if (name == NULL || len == 0)
        return chartex__error(err, CHARTEX_ERR_INVALID, "a column needs a name");
    if (memchr(name, '\0', len) != NULL || chartex__utf8_check(name, len) != len)
        return chartex__error(err, CHARTEX_ERR_INVALID,
                              "a column name must be UTF-8 without U+0000");
    for (i = 0; i < a->n_columns; i++)
        if (strlen(a->columns[i].name) == len && memcmp(a->columns[i].name, name, len) == 0)
            return chartex__error(err, CHARTEX_ERR_INVALID, "a second column named \"%.*s\"",
                                  (int)(len > 32 ? 32 : len), name);
    return 0;
}

int
chartex_artist_add_column(chartex_artist *a, const char *name, size_t name_len, size_t n,
                          const double *numbers, const char *const *texts,
                          const size_t *text_lens, chartex_error *err)
{
    chartex__column c, *grown;
    size_t i, cap;
    int overflow = 0;

    if (a == NULL || (texts != NULL && text_lens == NULL))
        return chartex__error(err, CHARTEX_ERR_INVALID, "bad artist or column");
    if (check_name(a, name, name_len, err) < 0)
        return -1;
    memset(&c, 0, sizeof c);
    c.n = n;
    c.name = chartex__strndup(name, name_len);
    c.numbers = chartex__malloc(chartex__mul(n ? n : 1, sizeof *c.numbers, &overflow));
    if (c.name == NULL || c.numbers == NULL || overflow)
        goto nomem;
    for (i = 0; i < n; i++)
        c.numbers[i] = numbers != NULL ? numbers[i] : NAN;
    if (texts != NULL) {
        for (i = 0; i < n && texts[i] == NULL; i++)
            ;
        if (i < n) {
            c.texts = chartex__calloc(n, sizeof *c.texts);
            if (c.texts == NULL)
                goto nomem;
            for (i = 0; i < n; i++) {
                if (texts[i] == NULL)
                    continue;
                c.texts[i] = chartex__strndup(texts[i], text_lens[i]);
                if (c.texts[i] == NULL)
                    goto nomem;
                /* a text cell has no number: one form for the same cells */
                c.numbers[i] = NAN;
            }
        }
    }
    /* Grown one at a time: artists have few columns. */
    cap = a->n_columns + 1;
    grown = chartex__realloc(a->columns, chartex__mul(cap, sizeof *grown, &overflow));
    if (grown == NULL || overflow)
        goto nomem;
    a->columns = grown;
    a->columns[a->n_columns++] = c;
    return 0;
nomem:
    column_clear(&c);
    return chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory copying a column of %zu cells",
                          n);
}

int
chartex_artist_set_column_rows(chartex_artist *a, size_t n_rows, const size_t *row_len,
                               chartex_error *err)
{
    chartex__column *c;
    size_t i, total = 0, *copy;
    int overflow = 0;

    if (a == NULL || a->n_columns == 0 || (n_rows > 0 && row_len == NULL))
        return chartex__error(err, CHARTEX_ERR_INVALID, "no column to shape");
    c = &a->columns[a->n_columns - 1];
    if (c->scalar)
        return chartex__error(err, CHARTEX_ERR_INVALID, "a scalar column has no rows");
    for (i = 0; i < n_rows; i++) {
        if (row_len[i] > SIZE_MAX - total)
            return chartex__error(err, CHARTEX_ERR_INVALID, "rows longer than the column");
        total += row_len[i];
    }
    if (total != c->n)
        return chartex__error(err, CHARTEX_ERR_INVALID, "rows of %zu cells for a column of %zu",
                              total, c->n);
    copy = chartex__malloc(chartex__mul(n_rows ? n_rows : 1, sizeof *copy, &overflow));
    if (copy == NULL || overflow) {
        chartex__free(copy);
        return chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory copying %zu rows", n_rows);
    }
    if (n_rows > 0)
        memcpy(copy, row_len, n_rows * sizeof *copy);
    chartex__free(c->row_len);
    c->row_len = copy;
    c->n_rows = n_rows;
    return 0;
}

int
chartex_artist_set_column_scalar(chartex_artist *a, chartex_error *err)
{
    chartex__column *c;

    if (a == NULL || a->n_columns == 0)
        return chartex__error(err, CHARTEX_ERR_INVALID, "no column to shape");
    c = &a->columns[a->n_columns - 1];
    if (c->n != 1 || c->row_len != NULL)
        return chartex__error(err, CHARTEX_ERR_INVALID,
                              "a scalar column has one cell and no rows (this has %zu)", c->n);
    c->scalar = 1;
    return 0;
}

int
chartex_artist_set_record(chartex_artist *a, chartex_record_kind kind, chartex_error *err)
{
    if (a == NULL || a->kind != CHARTEX_ARTIST_RECORD || (int)kind < 0
        || kind > CHARTEX_RECORD_KIND_LAST)
        return chartex__error(err, CHARTEX_ERR_INVALID, "bad record artist or kind");
    a->record = kind;
    return 0;
}
