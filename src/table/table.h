/*
 * table.h - private declarations of the table rooms (table.c: building;
 * table_cells.c: one value as a reader sees it; table_emit.c: the budget
 * and the emission).  They stand on base/base.h alone: a table is no
 * scene and no chart.  Not installed.
 *
 * Ownership: a table owns its columns, and a column every array and text
 * it holds.  Nothing is borrowed from the caller.
 */
#ifndef CHARTEX__TABLE_H
#define CHARTEX__TABLE_H

#include "base/base.h"

#include <stdint.h>

typedef enum chartex__col_kind {
    CHARTEX__COL_NULLS = 0,   /* every value null (a new column) */
    CHARTEX__COL_DOUBLE,
    CHARTEX__COL_INT64,
    CHARTEX__COL_UINT64,
    CHARTEX__COL_BOOL,
    CHARTEX__COL_DATETIME,
    CHARTEX__COL_TIMEDELTA,
    CHARTEX__COL_COMPLEX,
    CHARTEX__COL_MIXED        /* value by value: cells */
} chartex__col_kind;

/* One value of a MIXED column. */
typedef enum chartex__cell_tag {
    CHARTEX__CELL_NULL = 0,
    CHARTEX__CELL_DOUBLE,
    CHARTEX__CELL_INTEGER,    /* neg, mag */
    CHARTEX__CELL_BOOL,
    CHARTEX__CELL_STRING,     /* off, len in the column's text */
    CHARTEX__CELL_COMPLEX
} chartex__cell_tag;

typedef struct chartex__tcell {
    unsigned char tag;        /* chartex__cell_tag */
    unsigned char neg;        /* INTEGER: negative */
    union {
        double d;
        uint64_t mag;
        int b;
        struct {
            size_t off, len;
        } s;
        double c[2];
    } u;
} chartex__tcell;

struct chartex_column {
    char *name;               /* unique in its table, NUL-ended */
    size_t name_len;
    chartex__col_kind kind;
    size_t rows;
    double *d;                /* DOUBLE: rows; COMPLEX: 2 * rows */
    int64_t *i;               /* INT64, DATETIME, TIMEDELTA */
    uint64_t *u;              /* UINT64 */
    unsigned char *b;         /* BOOL */
    unsigned char *nulls;     /* INT64, UINT64, BOOL: or NULL (none) */
    chartex_time_unit unit;   /* DATETIME, TIMEDELTA */
    int32_t *offsets;         /* DATETIME: seconds east of UTC, or NULL (naive) */
    chartex__tcell *cells;    /* MIXED: rows */
    chartex__buf text;        /* MIXED: the strings' bytes */
};

struct chartex_table {
    size_t rows;
    size_t n_columns, cap_columns;
    struct chartex_column **columns;
    /* The names' hash set (open addressing, indexes into columns + 1;
     * 0 is a free slot). */
    size_t *slots;
    size_t n_slots;
    /* What is emitted (chartex_table_limit): the first keep_head rows and
     * the last keep_tail; strings cut at max_string code points (0: no). */
    size_t keep_head, keep_tail;
    size_t max_string;
};

/* ---------------------------------------------------- one value (table_cells.c) */

/* Enough for any datetime, duration or integer text. */
#define CHARTEX__TCELL_BUFSIZE 64

/* What a value of a column is, as a sink receives it. */
typedef enum chartex__value_kind {
    CHARTEX__V_NULL = 0,
    CHARTEX__V_NUMBER,
    CHARTEX__V_INTEGER,
    CHARTEX__V_BOOL,
    CHARTEX__V_STRING,
    CHARTEX__V_COMPLEX        /* [re, im]: each a number or null */
} chartex__value_kind;

typedef struct chartex__value {
    chartex__value_kind kind;
    double d;                 /* NUMBER */
    int neg;                  /* INTEGER */
    uint64_t mag;
    int b;                    /* BOOL */
    const char *s;            /* STRING: borrowed (the column or buf) */
    size_t len;
    int cut;                  /* STRING: cut at max_string, "…" to add */
    double c[2];              /* COMPLEX: NaN means null */
} chartex__value;

/* Reads row of col into v; buf (CHARTEX__TCELL_BUFSIZE bytes) holds a
 * date's or duration's text.  max_string: cut strings (0: never). */
void chartex__table_value(const struct chartex_column *col, size_t row,
                          size_t max_string, char *buf, chartex__value *v);
/* The length of v's compact JSON text. */
size_t chartex__value_json_size(const chartex__value *v);

/* ISO 8601 text of an instant counted in unit (offset: seconds east of
 * UTC, written as a suffix when has_offset).  Returns the length, or 0
 * for a count beyond 2^58 days (no date: null). */
size_t chartex__format_instant(int64_t v, chartex_time_unit unit, int has_offset,
                               int32_t offset, char *buf);
/* pandas' Timedelta.isoformat() text of a duration counted in unit. */
size_t chartex__format_duration(int64_t v, chartex_time_unit unit, char *buf);

#endif /* CHARTEX__TABLE_H */
