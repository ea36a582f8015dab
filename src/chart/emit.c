/*
 * emit.c - one walk of the chart tree into a sink, and the chart's JSON
 * text: that walk into the JSON writer (kept or streamed).
 *
 * The JSON writer and the Python dict builder receive the very same calls,
 * so the JSON text and the dict cannot disagree.  Bulk data (POINTS and
 * VALUES nodes) is rendered here, value by value, through the axis that
 * gives it meaning.
 *
 * The chart is only read, and nothing is allocated but the text of a
 * string cut at the chart's max_string (with its mark, U+2026): a string
 * handed to the sink (a date's text, a category's name) is valid during
 * the call only.
 */
#include "chart/chart_tree.h"

#include <math.h>
#include <string.h>

/* Renders v as a reader of axis a sees it into c (buf, of
 * CHARTEX__DATE_BUFSIZE bytes, holds a date's text). */
static void
cell_of(double v, const struct chartex_axis *a, char *buf, chartex_cell *c)
{
    size_t len;

    c->kind = CHARTEX_CELL_NULL;
    if (!isfinite(v))
        return;
    if (a != NULL && a->kind == CHARTEX_AXIS_DATE) {
        len = chartex__format_date(v, a->date_epoch, buf);
        /* A date number outside years 1..9999 names no date. */
        if (len > 0) {
            c->kind = CHARTEX_CELL_STRING;
            c->s = buf;
            c->len = len;
        }
        return;
    }
    if (a != NULL && a->kind == CHARTEX_AXIS_CATEGORY && v >= 0
        && v < (double)a->n_categories && v == floor(v)) {
        c->kind = CHARTEX_CELL_STRING;
        c->s = a->categories[(size_t)v];
        c->len = strlen(c->s);
        return;
    }
    c->kind = CHARTEX_CELL_NUMBER;
    c->number = v;
}

/* What one walk of the tree keeps: the sink, the point shortcut, and the
 * text of a string cut at max_string code points. */
typedef struct emitter {
    const chartex_sink *sink;
    chartex_point_fn point;
    size_t max_string;          /* 0: nothing is cut */
    chartex__buf cut;
} emitter;

/* Hands the sink s, cut at e->max_string code points (then followed by
 * U+2026).  -1: the sink stopped; -2: no memory. */
static int
emit_string(emitter *e, const char *s, size_t len)
{
    size_t keep;

    if (e->max_string == 0 || len <= e->max_string
        || (keep = chartex__utf8_prefix(s, len, e->max_string)) >= len)
        return e->sink->string(e->sink->ctx, s, len);
    e->cut.len = 0;
    if (chartex__buf_append(&e->cut, s, keep) < 0
        || chartex__buf_append(&e->cut, CHARTEX__ELLIPSIS, 3) < 0)
        return -2;
    return e->sink->string(e->sink->ctx, e->cut.data, e->cut.len);
}

static int
emit_cell(emitter *e, const chartex_cell *c)
{
    if (c->kind == CHARTEX_CELL_NUMBER)
        return e->sink->number(e->sink->ctx, c->number);
    if (c->kind == CHARTEX_CELL_STRING)
        return emit_string(e, c->s, c->len);
    return e->sink->null(e->sink->ctx);
}

static int
emit_value(emitter *e, double v, const struct chartex_axis *a)
{
    char buf[CHARTEX__DATE_BUFSIZE];
    chartex_cell c;

    cell_of(v, a, buf, &c);
    return emit_cell(e, &c);
}

int
chartex__emit_value(double v, const struct chartex_axis *a,
                    const chartex_sink *sink)
{
    emitter e;

    memset(&e, 0, sizeof e);
    e.sink = sink;
    return emit_value(&e, v, a);
}

/* A category's name in a cell, cut as the sink would get it (the point
 * shortcut hands cells over as they are). */
static int
cut_cell(emitter *e, chartex_cell *c, chartex__buf *into)
{
    size_t keep;

    if (c->kind != CHARTEX_CELL_STRING || e->max_string == 0 || c->len <= e->max_string
        || (keep = chartex__utf8_prefix(c->s, c->len, e->max_string)) >= c->len)
        return 0;
    into->len = 0;
    if (chartex__buf_append(into, c->s, keep) < 0
        || chartex__buf_append(into, CHARTEX__ELLIPSIS, 3) < 0)
        return -2;
    c->s = into->data;
    c->len = into->len;
    return 0;
}

static int
emit_points(emitter *e, const chartex__node *node)
{
    const double *x = node->u.points.x, *y = node->u.points.y, *z = node->u.points.z;
    const struct chartex_axis *xa = node->u.points.xa, *ya = node->u.points.ya;
    const chartex_sink *sink = e->sink;
    char xbuf[CHARTEX__DATE_BUFSIZE], ybuf[CHARTEX__DATE_BUFSIZE];
    chartex_cell cx, cy;
    size_t i, stride = node->u.points.stride;
    void *ctx = sink->ctx;
    int rc;

    if (sink->begin_array(ctx) < 0)
        return -1;
    for (i = 0; i < node->u.points.n; i++) {
        rc = -1;
        cell_of(x[i * stride], xa, xbuf, &cx);
        cell_of(y[i * stride], ya, ybuf, &cy);
        if (z != NULL) {
            /* A 3-D point: the point callback takes pairs only. */
            if (sink->begin_array(ctx) < 0 || (rc = emit_cell(e, &cx)) < 0
                || (rc = emit_cell(e, &cy)) < 0
                || (rc = emit_value(e, z[i], node->u.points.za)) < 0
                || (rc = sink->end_array(ctx)) < 0)
                return rc < -1 ? rc : -1;
            continue;
        }
        /* The same events, in one call, where the sink takes them so. */
        if (e->point != NULL) {
            /* Two category names, both cut: the second has its own text. */
            chartex__buf second = {0};

            rc = cut_cell(e, &cx, &e->cut) < 0 || cut_cell(e, &cy, &second) < 0 ? -2
                 : e->point(ctx, &cx, &cy) < 0 ? -1 : 0;
            chartex__buf_free(&second);
            if (rc < 0)
                return rc;
            continue;
        }
        if (sink->begin_array(ctx) < 0 || (rc = emit_cell(e, &cx)) < 0
            || (rc = emit_cell(e, &cy)) < 0 || (rc = sink->end_array(ctx)) < 0)
            return rc < -1 ? rc : -1;
    }
    return sink->end_array(ctx);
}

static int
emit_values(emitter *e, const chartex__node *node)
{
    size_t i;
    int rc;

    if (node->u.values.scalar)
        return emit_value(e, node->u.values.v[0], node->u.values.axis);
    if (e->sink->begin_array(e->sink->ctx) < 0)
        return -1;
    for (i = 0; i < node->u.values.n; i++) {
        if ((rc = emit_value(e, node->u.values.v[i], node->u.values.axis)) < 0)
            return rc;
    }
    return e->sink->end_array(e->sink->ctx);
}

/* Recursion is bounded by the chart's shape (superchart, chart, element
 * list, element, value list): a handful of levels.  -1: the sink
 * stopped; -2: no memory. */
static int
emit_node(emitter *e, const chartex__node *node)
{
    const chartex_sink *sink = e->sink;
    void *ctx = sink->ctx;
    size_t i;
    int rc;

    if (node == NULL)
        return -1;
    switch (node->type) {
    case CHARTEX__NODE_NULL:
        return sink->null(ctx);
    case CHARTEX__NODE_BOOL:
        return sink->boolean(ctx, node->u.boolean);
    case CHARTEX__NODE_NUMBER:
        return emit_value(e, node->u.number, NULL);
    case CHARTEX__NODE_STRING:
        return emit_string(e, node->u.string.s, node->u.string.len);
    case CHARTEX__NODE_ARRAY:
        if (sink->begin_array(ctx) < 0)
            return -1;
        for (i = 0; i < node->u.list.n; i++) {
            if ((rc = emit_node(e, node->u.list.items[i])) < 0)
                return rc;
        }
        return sink->end_array(ctx);
    case CHARTEX__NODE_OBJECT:
        if (sink->begin_object(ctx) < 0)
            return -1;
        for (i = 0; i < node->u.list.n; i++) {
            const char *key = node->u.list.keys[i];

            if (sink->key(ctx, key, strlen(key)) < 0)
                return -1;
            if ((rc = emit_node(e, node->u.list.items[i])) < 0)
                return rc;
        }
        return sink->end_object(ctx);
    case CHARTEX__NODE_POINTS:
        return emit_points(e, node);
    case CHARTEX__NODE_VALUES:
        return emit_values(e, node);
    }
    return -1;
}

int
chartex_chart_emit(const chartex_chart *chart, const chartex_sink *sink,
                   chartex_error *err)
{
    return chartex_chart_emit_points(chart, sink, NULL, err);
}

int
chartex_chart_emit_points(const chartex_chart *chart, const chartex_sink *sink,
                           chartex_point_fn point, chartex_error *err)
{
    chartex_error_code saved;
    int rc;

    if (chart == NULL || sink == NULL || sink->begin_object == NULL
        || sink->key == NULL || sink->end_object == NULL
        || sink->begin_array == NULL || sink->end_array == NULL
        || sink->string == NULL || sink->number == NULL
        || sink->boolean == NULL || sink->null == NULL)
        return chartex__error(err, CHARTEX_ERR_INVALID,
                              "emit: no chart or an incomplete sink");
    /* A sink may fill err itself (its ctx can point at the same record).
     * Mark err as clean for the walk so such a report can be told from an
     * old one, and give the caller back its record untouched on success. */
    saved = err != NULL ? err->code : CHARTEX_OK;
    if (err != NULL)
        err->code = CHARTEX_OK;
    if (chart->root == NULL) {
        /* An empty chart is the empty object. */
        rc = sink->begin_object(sink->ctx) < 0 || sink->end_object(sink->ctx) < 0
                 ? -1 : 0;
    } else {
        emitter e;

        memset(&e, 0, sizeof e);
        e.sink = sink;
        e.point = point;
        e.max_string = chart->max_string;
        rc = emit_node(&e, chart->root);
        chartex__buf_free(&e.cut);
    }
    if (rc == 0) {
        if (err != NULL)
            err->code = saved;
        return 0;
    }
    if (rc == -2)
        return chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory cutting a text");
    if (err != NULL && err->code != CHARTEX_OK)
        return -1;
    return chartex__error(err, CHARTEX_ERR_SINK, "a sink callback failed");
}

/* ------------------------------------------------ the chart as JSON text */

/* Emits chart into w; the error of a failure in err. */
static int
chart_into(const void *obj, chartex__json_writer *w, chartex_error *err)
{
    const chartex_chart *chart = obj;
    chartex_sink sink;
    chartex_error emit_err;
    int rc;

    chartex__json_writer_sink(w, &sink);
    emit_err.code = CHARTEX_OK;
    emit_err.text[0] = '\0';
    rc = chartex_chart_emit_points(chart, &sink, chartex__json_writer_point(w),
                                   &emit_err);
    if (chartex__json_writer_finish(w, rc, err) == 0)
        return 0;
    if (!chartex__json_writer_failed(w) && err != NULL)
        *err = emit_err;
    return -1;
}

char *
chartex_chart_to_json(const chartex_chart *chart, int indent, size_t *len,
                      chartex_error *err)
{
    if (chart == NULL) {
        chartex__error(err, CHARTEX_ERR_INVALID, "no chart");
        return NULL;
    }
    return chartex__json_text_of(chart, chart_into, indent, len, err);
}

int
chartex_chart_dump(const chartex_chart *chart, int indent, chartex_write_fn write,
                   void *data, chartex_error *err)
{
    if (chart == NULL || write == NULL) {
        chartex__error(err, CHARTEX_ERR_INVALID, "no chart or no write callback");
        return -1;
    }
    return chartex__json_dump_of(chart, chart_into, indent, write, data, err);
}
