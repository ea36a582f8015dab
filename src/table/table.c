/*
 * table.c - building a table: its columns, their unique names, and the
 * values each one holds (whole arrays, copied, or value by value).  The
 * emission is table_emit.c's, a value's text table_cells.c's.
 */
#include "table/table.h"

#include <stdio.h>
#include <string.h>

chartex_table *
chartex_table_new(size_t rows, chartex_error *err)
{
    chartex_table *t = chartex__calloc(1, sizeof *t);

    if (t == NULL) {
        chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory");
        return NULL;
    }
    t->rows = rows;
    t->keep_head = rows;
    return t;
}

static void
column_clear(struct chartex_column *c)
{
    chartex__free(c->d);
    chartex__free(c->i);
    chartex__free(c->u);
    chartex__free(c->b);
    chartex__free(c->nulls);
    chartex__free(c->offsets);
    chartex__free(c->cells);
    chartex__buf_free(&c->text);
    c->d = NULL;
    c->i = NULL;
    c->u = NULL;
    c->b = NULL;
    c->nulls = NULL;
    c->offsets = NULL;
    c->cells = NULL;
    c->kind = CHARTEX__COL_NULLS;
}

void
chartex_table_free(chartex_table *t)
{
    size_t i;

    if (t == NULL)
        return;
    for (i = 0; i < t->n_columns; i++) {
        column_clear(t->columns[i]);
        chartex__free(t->columns[i]->name);
        chartex__free(t->columns[i]);
    }
    chartex__free(t->columns);
    chartex__free(t->slots);
    chartex__free(t);
}

size_t
chartex_table_rows(const chartex_table *t)
{
    return t != NULL ? t->rows : 0;
}

size_t
chartex_table_columns(const chartex_table *t)
{
    return t != NULL ? t->n_columns : 0;
}

size_t
chartex_table_rows_kept(const chartex_table *t)
{
    return t != NULL ? t->keep_head + t->keep_tail : 0;
}

/* ------------------------------------------------------------------ names */

/* FNV-1a. */
static size_t
name_hash(const char *s, size_t len)
{
    uint64_t h = 1469598103934665603ULL;
    size_t i;

    for (i = 0; i < len; i++) {
        h ^= (unsigned char)s[i];
        h *= 1099511628211ULL;
    }
    return (size_t)h;
}

/* The slot of name: where it is, or the free slot where it would go. */
static size_t *
name_slot(const chartex_table *t, const char *s, size_t len)
{
    size_t mask = t->n_slots - 1, i = name_hash(s, len) & mask;

    for (;;) {
        size_t *slot = &t->slots[i];
        const struct chartex_column *c;

        if (*slot == 0)
            return slot;
        c = t->columns[*slot - 1];
        if (c->name_len == len && memcmp(c->name, s, len) == 0)
            return slot;
        i = (i + 1) & mask;
    }
}

/* Keeps the set under half full. */
static int
names_grow(chartex_table *t)
{
    size_t n = t->n_slots ? t->n_slots * 2 : 16, i, *old = t->slots, old_n = t->n_slots;
    int overflow = 0;

    if (2 * (t->n_columns + 1) <= t->n_slots)
        return 0;
    chartex__mul(n, sizeof *t->slots, &overflow);
    if (overflow)
        return -1;
    t->slots = chartex__calloc(n, sizeof *t->slots);
    if (t->slots == NULL) {
        t->slots = old;
        return -1;
    }
    t->n_slots = n;
    for (i = 0; i < old_n; i++) {
        if (old[i] != 0) {
            const struct chartex_column *c = t->columns[old[i] - 1];
            *name_slot(t, c->name, c->name_len) = old[i];
        }
    }
    chartex__free(old);
    return 0;
}

/* A name not yet taken: name itself, or name.1, name.2, ... (malloc'd). */
static char *
free_name(const chartex_table *t, const char *s, size_t len, size_t *out_len)
{
    char suffix[24];
    unsigned long long k;
    char *name;

    if (*name_slot(t, s, len) == 0) {
        *out_len = len;
        return chartex__strndup(s, len);
    }
    for (k = 1;; k++) {
        size_t n = (size_t)snprintf(suffix, sizeof suffix, ".%llu", k);

        if (len > SIZE_MAX - n - 1)
            return NULL;
        name = chartex__malloc(len + n + 1);
        if (name == NULL)
            return NULL;
        memcpy(name, s, len);
        memcpy(name + len, suffix, n + 1);
        if (*name_slot(t, name, len + n) == 0) {
            *out_len = len + n;
            return name;
        }
        chartex__free(name);
    }
}

chartex_column *
chartex_table_add_column(chartex_table *t, const char *s, size_t len,
                         chartex_error *err)
{
    struct chartex_column *c = NULL;

    if (t == NULL || (s == NULL && len > 0)) {
        chartex__error(err, CHARTEX_ERR_INVALID, "table_add_column: no table or no name");
        return NULL;
    }
    if (s == NULL)
        s = "";
    if (t->n_columns == t->cap_columns) {
        size_t cap = t->cap_columns ? t->cap_columns * 2 : 8;
        int overflow = 0;
        struct chartex_column **columns;

        chartex__mul(cap, sizeof *columns, &overflow);
        columns = overflow ? NULL : chartex__realloc(t->columns, cap * sizeof *columns);
        if (columns == NULL)
            goto nomem;
        t->columns = columns;
        t->cap_columns = cap;
    }
    if (names_grow(t) < 0)
        goto nomem;
    c = chartex__calloc(1, sizeof *c);
    if (c == NULL)
        goto nomem;
    c->rows = t->rows;
    c->name = free_name(t, s, len, &c->name_len);
    if (c->name == NULL)
        goto nomem;
    t->columns[t->n_columns++] = c;
    *name_slot(t, c->name, c->name_len) = t->n_columns;
    return c;
nomem:
    chartex__free(c);
    chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory");
    return NULL;
}

/* ----------------------------------------------------------- whole columns */

/* A copy of count items of size bytes (count 0: a 1-byte block), or NULL. */
static void *
dup_array(const void *v, size_t count, size_t size)
{
    int overflow = 0;
    size_t n = chartex__mul(count, size, &overflow);
    void *p;

    if (overflow)
        return NULL;
    p = chartex__malloc(n ? n : 1);
    if (p != NULL && n)
        memcpy(p, v, n);
    return p;
}

static int
nomem(chartex_error *err)
{
    return chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory");
}

static int
check(const struct chartex_column *c, const void *v, const char *what,
      chartex_error *err)
{
    if (c == NULL || (v == NULL && c->rows > 0))
        return chartex__error(err, CHARTEX_ERR_INVALID, "%s: no column or no values",
                              what);
    return 0;
}

/* Replaces c's values with count items of size bytes copied from v, the
 * nulls (or none) beside them: the new arrays are made before the old go. */
static int
set_array(struct chartex_column *c, chartex__col_kind kind, const void *v,
          size_t count, size_t size, const unsigned char *nulls, void **slot,
          chartex_error *err)
{
    void *copy = dup_array(v, count, size);
    unsigned char *n = NULL;

    if (copy == NULL)
        return nomem(err);
    if (nulls != NULL) {
        n = dup_array(nulls, c->rows, 1);
        if (n == NULL) {
            chartex__free(copy);
            return nomem(err);
        }
    }
    column_clear(c);
    *slot = copy;
    c->nulls = n;
    c->kind = kind;
    return 0;
}

int
chartex_column_set_doubles(chartex_column *c, const double *v, chartex_error *err)
{
    if (check(c, v, "column_set_doubles", err) < 0)
        return -1;
    return set_array(c, CHARTEX__COL_DOUBLE, v, c->rows, sizeof(double), NULL,
                     (void **)&c->d, err);
}

int
chartex_column_set_int64(chartex_column *c, const long long *v,
                         const unsigned char *nulls, chartex_error *err)
{
    if (check(c, v, "column_set_int64", err) < 0)
        return -1;
    return set_array(c, CHARTEX__COL_INT64, v, c->rows, sizeof(int64_t), nulls,
                     (void **)&c->i, err);
}

int
chartex_column_set_uint64(chartex_column *c, const unsigned long long *v,
                          const unsigned char *nulls, chartex_error *err)
{
    if (check(c, v, "column_set_uint64", err) < 0)
        return -1;
    return set_array(c, CHARTEX__COL_UINT64, v, c->rows, sizeof(uint64_t), nulls,
                     (void **)&c->u, err);
}

int
chartex_column_set_bools(chartex_column *c, const unsigned char *v,
                         const unsigned char *nulls, chartex_error *err)
{
    if (check(c, v, "column_set_bools", err) < 0)
        return -1;
    return set_array(c, CHARTEX__COL_BOOL, v, c->rows, 1, nulls, (void **)&c->b, err);
}

static int
unit_ok(chartex_time_unit unit, chartex_error *err)
{
    if ((int)unit < (int)CHARTEX_TIME_DAY || (int)unit > (int)CHARTEX_TIME_NS)
        return chartex__error(err, CHARTEX_ERR_INVALID, "unknown time unit %d", (int)unit);
    return 0;
}

int
chartex_column_set_datetimes(chartex_column *c, const long long *v,
                             chartex_time_unit unit, const int *utc_offsets,
                             chartex_error *err)
{
    int32_t *offsets = NULL;
    size_t k;

    if (check(c, v, "column_set_datetimes", err) < 0 || unit_ok(unit, err) < 0)
        return -1;
    if (utc_offsets != NULL) {
        /* Real offsets are within a day; others would make no time. */
        for (k = 0; k < c->rows; k++) {
            if (utc_offsets[k] <= -86400 || utc_offsets[k] >= 86400)
                return chartex__error(err, CHARTEX_ERR_INVALID,
                                      "column_set_datetimes: a UTC offset of %d s",
                                      utc_offsets[k]);
        }
        offsets = dup_array(utc_offsets, c->rows, sizeof *offsets);
        if (offsets == NULL)
            return nomem(err);
    }
    if (set_array(c, CHARTEX__COL_DATETIME, v, c->rows, sizeof(int64_t), NULL,
                  (void **)&c->i, err) < 0) {
        chartex__free(offsets);
        return -1;
    }
    c->unit = unit;
    c->offsets = offsets;
    return 0;
}

int
chartex_column_set_timedeltas(chartex_column *c, const long long *v,
                              chartex_time_unit unit, chartex_error *err)
{
    if (check(c, v, "column_set_timedeltas", err) < 0 || unit_ok(unit, err) < 0)
        return -1;
    if (set_array(c, CHARTEX__COL_TIMEDELTA, v, c->rows, sizeof(int64_t), NULL,
                  (void **)&c->i, err) < 0)
        return -1;
    c->unit = unit;
    return 0;
}

int
chartex_column_set_complex(chartex_column *c, const double *re_im, chartex_error *err)
{
    int overflow = 0;

    if (check(c, re_im, "column_set_complex", err) < 0)
        return -1;
    chartex__mul(c->rows, 2, &overflow);
    if (overflow)
        return nomem(err);
    return set_array(c, CHARTEX__COL_COMPLEX, re_im, 2 * c->rows, sizeof(double), NULL,
                     (void **)&c->d, err);
}

/* ------------------------------------------------------------ value by value */

/* The cell at row of a MIXED column: the column becomes one (all null) on
 * its first value set this way. */
static chartex__tcell *
cell_at(struct chartex_column *c, size_t row, chartex_error *err)
{
    if (c == NULL || row >= c->rows) {
        chartex__error(err, CHARTEX_ERR_INVALID, "column_set: no column or row %zu "
                       "past the end", row);
        return NULL;
    }
    if (c->kind != CHARTEX__COL_MIXED) {
        chartex__tcell *cells = chartex__calloc(c->rows ? c->rows : 1, sizeof *cells);

        if (cells == NULL) {
            nomem(err);
            return NULL;
        }
        column_clear(c);
        c->cells = cells;
        c->kind = CHARTEX__COL_MIXED;
    }
    return &c->cells[row];
}

int
chartex_column_set_string(chartex_column *c, size_t row, const char *s, size_t len,
                          chartex_error *err)
{
    chartex__tcell *cell;
    size_t off;

    if (s == NULL && len > 0)
        return chartex__error(err, CHARTEX_ERR_INVALID, "column_set_string: no text");
    cell = cell_at(c, row, err);
    if (cell == NULL)
        return -1;
    off = c->text.len;
    /* A string replaced keeps its old bytes: setting each value once is
     * the use this serves. */
    if (len > 0 && chartex__buf_append(&c->text, s, len) < 0) {
        c->text.failed = 0;
        return nomem(err);
    }
    cell->tag = CHARTEX__CELL_STRING;
    cell->u.s.off = off;
    cell->u.s.len = len;
    return 0;
}

int
chartex_column_set_number(chartex_column *c, size_t row, double v, chartex_error *err)
{
    chartex__tcell *cell = cell_at(c, row, err);

    if (cell == NULL)
        return -1;
    cell->tag = CHARTEX__CELL_DOUBLE;
    cell->u.d = v;
    return 0;
}

int
chartex_column_set_integer(chartex_column *c, size_t row, int negative,
                           unsigned long long magnitude, chartex_error *err)
{
    chartex__tcell *cell;

    if (negative && magnitude > (1ULL << 63))
        return chartex__error(err, CHARTEX_ERR_INVALID,
                              "column_set_integer: below -2^63");
    cell = cell_at(c, row, err);
    if (cell == NULL)
        return -1;
    cell->tag = CHARTEX__CELL_INTEGER;
    cell->neg = negative && magnitude != 0;
    cell->u.mag = magnitude;
    return 0;
}

int
chartex_column_set_boolean(chartex_column *c, size_t row, int v, chartex_error *err)
{
    chartex__tcell *cell = cell_at(c, row, err);

    if (cell == NULL)
        return -1;
    cell->tag = CHARTEX__CELL_BOOL;
    cell->u.b = v != 0;
    return 0;
}

int
chartex_column_set_complex_at(chartex_column *c, size_t row, double re, double im,
                              chartex_error *err)
{
    chartex__tcell *cell = cell_at(c, row, err);

    if (cell == NULL)
        return -1;
    cell->tag = CHARTEX__CELL_COMPLEX;
    cell->u.c[0] = re;
    cell->u.c[1] = im;
    return 0;
}

int
chartex_column_set_null(chartex_column *c, size_t row, chartex_error *err)
{
    chartex__tcell *cell = cell_at(c, row, err);

    if (cell == NULL)
        return -1;
    cell->tag = CHARTEX__CELL_NULL;
    return 0;
}
