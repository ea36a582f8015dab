/*
 * table_emit.c - a table into a sink: {name: [value, ...], ...}, the
 * kept rows of every column, through the same sink interface as a chart,
 * so that the JSON writer and the Python dict builder receive the same
 * events; the table's JSON text; and the budget that chooses the rows
 * kept (chartex_table_limit), measured in the JSON text's bytes.
 */
#include "table/table.h"

#include <math.h>
#include <string.h>


/* ------------------------------------------------------------------ budget */

/* The JSON bytes of the rows of one row (each value and the comma before
 * it but for the first row). */
static size_t
row_size(const chartex_table *t, size_t row, size_t max_string)
{
    char buf[CHARTEX__TCELL_BUFSIZE];
    chartex__value v;
    size_t i, n = 0;

    for (i = 0; i < t->n_columns; i++) {
        chartex__table_value(t->columns[i], row, max_string, buf, &v);
        n += chartex__value_json_size(&v) + 1;
    }
    return n;
}

long long
chartex_table_limit(chartex_table *t, size_t max_bytes, size_t max_string,
                    chartex_error *err)
{
    size_t total, i, r, rows;

    if (t == NULL) {
        chartex__error(err, CHARTEX_ERR_INVALID, "table_limit: no table");
        return -1;
    }
    t->max_string = max_string;
    rows = t->rows;
    t->keep_head = rows;
    t->keep_tail = 0;
    if (max_bytes == 0)
        return (long long)rows;
    /* {"name":[],...}: braces, and per column its key, colon, brackets and
     * a comma between columns. */
    total = 2;
    for (i = 0; i < t->n_columns; i++) {
        const struct chartex_column *c = t->columns[i];

        total += chartex__json_string_size(c->name, c->name_len) + 3 + (i > 0);
    }
    if (total > max_bytes) {
        t->keep_head = 0;
        chartex__error(err, CHARTEX_ERR_LIMIT,
                       "the column names alone take %zu bytes of JSON, over the "
                       "budget of %zu", total, max_bytes);
        return -1;
    }
    /* Rows alternately from the start and the end: 0, rows-1, 1, rows-2,
     * ...  The first row of a column has no comma before it. */
    for (r = 0; r < rows; r++) {
        size_t row = r % 2 == 0 ? r / 2 : rows - 1 - r / 2;
        size_t add = row_size(t, row, max_string) - (r == 0 ? t->n_columns : 0);

        if (add > max_bytes - total)
            break;
        total += add;
    }
    t->keep_head = (r + 1) / 2;
    t->keep_tail = r / 2;
    if (r == rows) {
        t->keep_head = rows;
        t->keep_tail = 0;
    }
    return (long long)r;
}

/* ---------------------------------------------------------------- emission */

typedef struct emitter {
    const chartex_sink *sink;
    chartex_integer_fn integer;
    size_t max_string;
    chartex__buf cut;          /* a cut string and its mark */
} emitter;

static int
emit_number_or_null(const emitter *e, double d)
{
    if (isfinite(d))
        return e->sink->number(e->sink->ctx, d);
    return e->sink->null(e->sink->ctx);
}

static int
emit_value(emitter *e, const chartex__value *v)
{
    void *ctx = e->sink->ctx;

    switch (v->kind) {
    case CHARTEX__V_NULL:
        break;
    case CHARTEX__V_NUMBER:
        return e->sink->number(ctx, v->d);
    case CHARTEX__V_INTEGER:
        if (e->integer != NULL)
            return e->integer(ctx, v->neg, (unsigned long long)v->mag);
        return e->sink->number(ctx, v->neg ? -(double)v->mag : (double)v->mag);
    case CHARTEX__V_BOOL:
        return e->sink->boolean(ctx, v->b);
    case CHARTEX__V_STRING:
        if (!v->cut)
            return e->sink->string(ctx, v->s, v->len);
        e->cut.len = 0;
        if (chartex__buf_append(&e->cut, v->s, v->len) < 0
            || chartex__buf_append(&e->cut, CHARTEX__ELLIPSIS, 3) < 0)
            return -2;
        return e->sink->string(ctx, e->cut.data, e->cut.len);
    case CHARTEX__V_COMPLEX:
        return e->sink->begin_array(ctx) < 0 || emit_number_or_null(e, v->c[0]) < 0
                       || emit_number_or_null(e, v->c[1]) < 0
                       || e->sink->end_array(ctx) < 0
                   ? -1 : 0;
    }
    return e->sink->null(ctx);
}

/* Emits the table: 0, -1 when the sink stopped, -2 out of memory. */
static int
emit_table(const chartex_table *t, emitter *e)
{
    const chartex_sink *sink = e->sink;
    char buf[CHARTEX__TCELL_BUFSIZE];
    chartex__value v;
    size_t i, k, n = t->keep_head + t->keep_tail;
    int rc;

    if (sink->begin_object(sink->ctx) < 0)
        return -1;
    for (i = 0; i < t->n_columns; i++) {
        const struct chartex_column *c = t->columns[i];

        if (sink->key(sink->ctx, c->name, c->name_len) < 0
            || sink->begin_array(sink->ctx) < 0)
            return -1;
        for (k = 0; k < n; k++) {
            size_t row = k < t->keep_head ? k : t->rows - n + k;

            chartex__table_value(c, row, t->max_string, buf, &v);
            rc = emit_value(e, &v);
            if (rc < 0)
                return rc;
        }
        if (sink->end_array(sink->ctx) < 0)
            return -1;
    }
    return sink->end_object(sink->ctx);
}

int
chartex_table_emit(const chartex_table *t, const chartex_sink *sink,
                   chartex_integer_fn integer, chartex_error *err)
{
    chartex_error_code saved;
    emitter e;
    int rc;

    if (t == NULL || sink == NULL || sink->begin_object == NULL
        || sink->key == NULL || sink->end_object == NULL
        || sink->begin_array == NULL || sink->end_array == NULL
        || sink->string == NULL || sink->number == NULL
        || sink->boolean == NULL || sink->null == NULL)
        return chartex__error(err, CHARTEX_ERR_INVALID,
                              "table_emit: no table or an incomplete sink");
    /* As chartex_chart_emit: a sink may fill err itself. */
    saved = err != NULL ? err->code : CHARTEX_OK;
    if (err != NULL)
        err->code = CHARTEX_OK;
    memset(&e, 0, sizeof e);
    e.sink = sink;
    e.integer = integer;
    rc = emit_table(t, &e);
    chartex__buf_free(&e.cut);
    if (rc == 0) {
        if (err != NULL)
            err->code = saved;
        return 0;
    }
    if (rc == -2)
        return chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory");
    if (err != NULL && err->code != CHARTEX_OK)
        return -1;
    return chartex__error(err, CHARTEX_ERR_SINK, "a sink callback failed");
}

/* ---------------------------------------------------------------- JSON text */

static int
w_integer(void *ctx, int negative, unsigned long long magnitude)
{
    return chartex__json_int(ctx, negative, magnitude);
}

/* Emits t into w; the error of a failure in err. */
static int
table_into(const void *obj, chartex__json_writer *w, chartex_error *err)
{
    const chartex_table *t = obj;
    chartex_sink sink;
    chartex_error emit_err, own;
    int rc;

    chartex__json_writer_sink(w, &sink);
    emit_err.code = CHARTEX_OK;
    emit_err.text[0] = '\0';
    own.code = CHARTEX_OK;
    own.text[0] = '\0';
    rc = chartex_table_emit(t, &sink, w_integer, &emit_err);
    if (chartex__json_writer_finish(w, rc, &own) == 0)
        return 0;
    /* The writer's own cause (memory, the callback) when it has one. */
    if (err != NULL)
        *err = own.code != CHARTEX_OK ? own : emit_err;
    return -1;
}

char *
chartex_table_to_json(const chartex_table *t, int indent, size_t *len,
                      chartex_error *err)
{
    if (t == NULL) {
        chartex__error(err, CHARTEX_ERR_INVALID, "no table");
        return NULL;
    }
    return chartex__json_text_of(t, table_into, indent, len, err);
}

int
chartex_table_dump(const chartex_table *t, int indent, chartex_write_fn write,
                   void *data, chartex_error *err)
{
    if (t == NULL || write == NULL) {
        chartex__error(err, CHARTEX_ERR_INVALID, "no table or no write callback");
        return -1;
    }
    return chartex__json_dump_of(t, table_into, indent, write, data, err);
}
