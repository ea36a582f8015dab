/*
 * rects.c - rect marks, for the Altair reader: bars, and heatmap cells.
 *
 * A bar (style "bar", or a rect that no colour field fills) stands on a
 * category (a band scale; an xOffset / yOffset scale places it in its
 * sub-band), a bin or a time unit's interval (its two ends), or a
 * continuous position, and spans its value dimension from its base: a
 * constant (0), a stack's start (its value is then the stack's own field,
 * not the running total), or, for a floating bar (a Gantt chart's
 * x and x2), its first end.  It is vertical unless its categories are on
 * y.  Each series is one bar container (its "group"); a bin's ends are
 * given per bar ("bin_start", "bin_end").  A rect that a colour field
 * fills is a heatmap's cell (tiles.c).
 */
#include "altair.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define BAND 0.8                /* a category's bar width (matplotlib's) */

/* The channels of a rect and their positions. */
typedef struct rect_ctx {
    vl_channel p, p2, pc, v, v2;
    double *a, *a2, *b, *b2;    /* positions of p, p2 (or pc), v, v2 */
    int horizontal;
} rect_ctx;

static void
rect_clear(rect_ctx *c)
{
    vl_channel_clear(&c->p);
    vl_channel_clear(&c->p2);
    vl_channel_clear(&c->pc);
    vl_channel_clear(&c->v);
    vl_channel_clear(&c->v2);
    free(c->a);
    free(c->a2);
    free(c->b);
    free(c->b2);
    memset(c, 0, sizeof *c);
}

static int
discrete(const vl_channel *ch)
{
    return ch->scale != NULL && vl_scale_discrete(ch->scale->type);
}

/* The transform type that made a channel's field ("stack", "bin", ...),
 * and which of its outputs it is. */
static int
origin_is(vl_mark *m, const vl_channel *ch, const char *type, Py_ssize_t *index)
{
    PyObject *t = vl_field_origin(m, VL_FIELD(ch), index);
    int is = t != NULL && vl_str_is(t, "type", type);

    Py_XDECREF(t);
    return is;
}

/* Whether the bars are horizontal: their categories (or bins) are on y.
 * A bar's position is the dimension with categories, else the one with
 * no second end (a point; the other then spans the bar: a candle's open
 * to close) or whose second end is a bin's (a histogram, whose value runs
 * from a constant base); its value the one a stack made. */
static int
is_horizontal(vl_mark *m, const vl_channel *x, const vl_channel *x2, const vl_channel *y,
              const vl_channel *y2)
{
    Py_ssize_t k;

    if (discrete(x) != discrete(y))
        return discrete(y);
    if (x->kind == VL_CH_FIELD && origin_is(m, x, "stack", &k))
        return 1;
    if (y->kind == VL_CH_FIELD && origin_is(m, y, "stack", &k))
        return 0;
    if (x2->kind == VL_CH_NONE && y2->kind != VL_CH_NONE)
        return 0;
    if (y2->kind == VL_CH_NONE && x2->kind != VL_CH_NONE)
        return 1;
    if (x2->kind == VL_CH_FIELD && y2->kind == VL_CH_VALUE)
        return 0;
    if (y2->kind == VL_CH_FIELD && x2->kind == VL_CH_VALUE)
        return 1;
    return y->kind == VL_CH_FIELD && (origin_is(m, y, "bin", &k) || origin_is(m, y, "timeunit", &k));
}

static int
rect_read(vl_mark *m, rect_ctx *c)
{
    vl_channel x, x2, y, y2;
    size_t n = m->rows.n ? m->rows.n : 1;
    int rc = -1;

    memset(c, 0, sizeof *c);
    memset(&x2, 0, sizeof x2);
    memset(&y, 0, sizeof y);
    memset(&y2, 0, sizeof y2);
    if (vl_channel_of(m, "x", &x) < 0 || vl_channel_of(m, "x2", &x2) < 0
        || vl_channel_of(m, "y", &y) < 0 || vl_channel_of(m, "y2", &y2) < 0)
        goto done;
    c->horizontal = is_horizontal(m, &x, &x2, &y, &y2);
    /* The channels move into the context: p is the position's, v the
     * value's. */
    c->p = c->horizontal ? y : x;
    c->p2 = c->horizontal ? y2 : x2;
    c->v = c->horizontal ? x : y;
    c->v2 = c->horizontal ? x2 : y2;
    memset(&x, 0, sizeof x);
    memset(&x2, 0, sizeof x2);
    memset(&y, 0, sizeof y);
    memset(&y2, 0, sizeof y2);
    if (vl_channel_of(m, c->horizontal ? "yc" : "xc", &c->pc) < 0)
        goto done;
    c->a = malloc(n * sizeof *c->a);
    c->a2 = malloc(n * sizeof *c->a2);
    c->b = malloc(n * sizeof *c->b);
    c->b2 = malloc(n * sizeof *c->b2);
    if (c->a == NULL || c->a2 == NULL || c->b == NULL || c->b2 == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    if (vl_positions(m, c->p.kind != VL_CH_NONE ? &c->p : &c->pc, c->a) < 0
        || vl_positions(m, &c->p2, c->a2) < 0 || vl_positions(m, &c->v, c->b) < 0
        || vl_positions(m, &c->v2, c->b2) < 0)
        goto done;
    rc = 0;
done:
    vl_channel_clear(&x);
    vl_channel_clear(&x2);
    vl_channel_clear(&y);
    vl_channel_clear(&y2);
    return rc;
}

/* ---------------------------------------------------------------- bars */

static int
cmp_double(const void *pa, const void *pb)
{
    double a = *(const double *)pa, b = *(const double *)pb;

    return (a > b) - (a < b);
}

/* 0.8 of the smallest distance between two distinct finite positions (1
 * when there are not two): the width of bars at continuous positions. */
static double
spacing(const double *v, size_t n, int *err)
{
    double *s = malloc((n ? n : 1) * sizeof *s), best = INFINITY;
    size_t i, k = 0;

    *err = s == NULL;
    if (s == NULL) {
        PyErr_NoMemory();
        return NAN;
    }
    for (i = 0; i < n; i++)
        if (isfinite(v[i]))
            s[k++] = v[i];
    qsort(s, k, sizeof *s, cmp_double);
    for (i = 1; i < k; i++)
        if (s[i] > s[i - 1] && s[i] - s[i - 1] < best)
            best = s[i] - s[i - 1];
    free(s);
    return BAND * (isfinite(best) ? best : 1.0);
}

/* Where each bar starts and ends along its value, and its own value. */
static int
bar_values(vl_mark *m, const rect_ctx *c, double *base, double *top, double *value)
{
    Py_ssize_t k = -1;
    PyObject *t = c->v.kind == VL_CH_FIELD ? vl_field_origin(m, c->v.field, &k) : NULL;
    PyObject *field = NULL;
    size_t i, n = m->rows.n;
    int stack = t != NULL && vl_str_is(t, "type", "stack") && c->v2.kind == VL_CH_FIELD;
    int rc = 0;

    for (i = 0; i < n; i++) {
        if (stack) {
            base[i] = k == 0 ? c->b[i] : c->b2[i];
            top[i] = k == 0 ? c->b2[i] : c->b[i];
        }
        else if (c->v2.kind == VL_CH_FIELD) {
            base[i] = c->b[i];          /* a floating bar: x to x2 */
            top[i] = c->b2[i];
        }
        else {
            base[i] = c->v2.kind == VL_CH_VALUE ? c->b2[i] : 0.0;
            top[i] = c->b[i];
        }
        value[i] = top[i] - base[i];
    }
    /* A stack's bar is its own value (not the difference of two sums). */
    field = stack ? vl_get(t, "field") : NULL;
    if (field != NULL && PyUnicode_Check(field)) {
        double *own = malloc((n ? n : 1) * sizeof *own);

        if (own == NULL) {
            PyErr_NoMemory();
            rc = -1;
        }
        else if ((rc = vl_numbers(m, field, own)) == 0)
            for (i = 0; i < n; i++)
                if (isfinite(own[i]) && isfinite(value[i]))
                    value[i] = own[i];
        free(own);
    }
    Py_XDECREF(field);
    Py_XDECREF(t);
    return rc;
}

/* A column of one value per bar, as the axis writes it (a date as ISO
 * text on a date axis). */
static int
put_edges(vl_mark *m, chartex_artist *a, const char *name, const double *v, int dates)
{
    vl_reader *r = m->v->r;
    size_t n = m->rows.n, i;
    const char **texts = dates ? calloc(n ? n : 1, sizeof *texts) : NULL;
    size_t *lens = dates ? calloc(n ? n : 1, sizeof *lens) : NULL;
    PyObject **keep = dates ? calloc(n ? n : 1, sizeof *keep) : NULL;
    int rc = -1;

    if (dates && (texts == NULL || lens == NULL || keep == NULL)) {
        PyErr_NoMemory();
        goto done;
    }
    for (i = 0; dates && i < n; i++) {
        vl_cell cell = {VL_CELL_NUMBER, v[i] * VL_MS_PER_DAY, NULL, 1};
        PyObject *t = isfinite(v[i]) ? vl_cell_text(&cell) : NULL;

        if (t == NULL && PyErr_Occurred())
            goto done;
        if (t != NULL && vl_text(t, &texts[i], &lens[i], &keep[i]) < 0) {
            Py_DECREF(t);
            goto done;
        }
        Py_XDECREF(t);
    }
    if (chartex_artist_add_column(a, name, strlen(name), n, dates ? NULL : v, texts, lens,
                                  &r->err) < 0)
        vl_core_fail(r);
    else
        rc = 0;
done:
    for (i = 0; keep != NULL && i < n; i++)
        Py_XDECREF(keep[i]);
    free(texts);
    free(lens);
    free(keep);
    return rc;
}

/* The bins' ends of bars standing on a bin or a time unit's interval. */
static int
bin_columns(vl_mark *m, const rect_ctx *c, chartex_artist *a)
{
    size_t n = m->rows.n, i;
    Py_ssize_t k;
    double *lo, *hi;
    int dates = c->p.scale != NULL
                && (c->p.scale->type == VL_SCALE_TIME || c->p.scale->type == VL_SCALE_UTC);
    int rc = -1;

    if (c->p.kind != VL_CH_FIELD || c->p2.kind != VL_CH_FIELD
        || !(origin_is(m, &c->p, "bin", &k) || origin_is(m, &c->p, "timeunit", &k)))
        return 0;
    lo = malloc((n ? n : 1) * sizeof *lo);
    hi = malloc((n ? n : 1) * sizeof *hi);
    if (lo == NULL || hi == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (i = 0; i < n; i++) {
        lo[i] = fmin(c->a[i], c->a2[i]);
        hi[i] = fmax(c->a[i], c->a2[i]);
    }
    if (put_edges(m, a, "bin_start", lo, dates) == 0 && put_edges(m, a, "bin_end", hi, dates) == 0)
        rc = 0;
done:
    free(lo);
    free(hi);
    return rc;
}

/* Each bar's rectangle: x, y its lower-left corner, w, h its size. */
static int
bar_geometry(vl_mark *m, const rect_ctx *c, double *x, double *y, double *w, double *h,
             double *value)
{
    size_t n = m->rows.n, i;
    double *base = malloc((n ? n : 1) * sizeof *base), *top = malloc((n ? n : 1) * sizeof *top);
    double width = BAND, centre, lo, size;
    int err = 0, ranged = c->p2.kind != VL_CH_NONE, rc = -1;

    if (base == NULL || top == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    if (bar_values(m, c, base, top, value) < 0)
        goto done;
    if (c->p.offset_scale != NULL && c->p.offset_scale->names != NULL)
        width = BAND / (double)(PyList_GET_SIZE(c->p.offset_scale->names) > 0
                                    ? PyList_GET_SIZE(c->p.offset_scale->names) : 1);
    else if (!discrete(&c->p) && !ranged && (width = spacing(c->a, n, &err), err))
        goto done;
    for (i = 0; i < n; i++) {
        size = ranged && !discrete(&c->p) ? fabs(c->a2[i] - c->a[i]) : width;
        centre = ranged && !discrete(&c->p) ? (c->a[i] + c->a2[i]) / 2 : c->a[i];
        lo = centre - size / 2;
        x[i] = c->horizontal ? base[i] : lo;
        w[i] = c->horizontal ? top[i] - base[i] : size;
        y[i] = c->horizontal ? lo : base[i];
        h[i] = c->horizontal ? size : top[i] - base[i];
    }
    rc = 0;
done:
    free(base);
    free(top);
    return rc;
}

static int
bar_series(vl_mark *m, PyObject *label)
{
    rect_ctx c;
    size_t n = m->rows.n, *sorted = NULL;
    double *x = NULL, *y = NULL, *w = NULL, *h = NULL, *value = NULL;
    PyObject *own = NULL;
    vl_rows all = m->rows;
    chartex_artist *a;
    int rc = -1;

    memset(&c, 0, sizeof c);
    /* the bars in the order they stand (an aggregate's come in none) */
    if (rect_read(m, &c) < 0 || vl_sort_rows(m, c.p.kind != VL_CH_NONE ? &c.p : &c.pc,
                                              &sorted) < 0)
        goto done;
    rect_clear(&c);
    if (rect_read(m, &c) < 0)
        goto done;
    x = malloc((n ? n : 1) * sizeof *x);
    y = malloc((n ? n : 1) * sizeof *y);
    w = malloc((n ? n : 1) * sizeof *w);
    h = malloc((n ? n : 1) * sizeof *h);
    value = malloc((n ? n : 1) * sizeof *value);
    if (x == NULL || y == NULL || w == NULL || h == NULL || value == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    if (bar_geometry(m, &c, x, y, w, h, value) < 0)
        goto done;
    if (label == NULL)
        label = own = vl_field_label(m, &c.v);
    a = vl_new_artist(m, CHARTEX_ARTIST_BARS, CHARTEX_ROLE_DATA, 0, label);
    if (a == NULL)
        goto done;
    chartex_artist_set_orientation(a, c.horizontal ? CHARTEX_HORIZONTAL : CHARTEX_VERTICAL);
    if (chartex_artist_set_bars(a, n, x, y, w, h, value, &m->v->r->err) < 0) {
        vl_core_fail(m->v->r);
        goto done;
    }
    rc = bin_columns(m, &c, a);
done:
    free(x);
    free(y);
    free(w);
    free(h);
    free(value);
    Py_XDECREF(own);
    rect_clear(&c);
    m->rows = all;
    free(sorted);
    return rc;
}

int
vl_read_rects(vl_mark *m)
{
    vl_channel fill;
    int heat;

    if (vl_has_style(m->mark, "bar"))
        return vl_each_series(m, bar_series);
    if (vl_channel_of(m, "fill", &fill) < 0)
        return -1;
    /* A rect its colour fills is a heatmap's cell; any other is a bar. */
    heat = fill.kind == VL_CH_FIELD;
    vl_channel_clear(&fill);
    return heat ? vl_read_heatmap(m) : vl_each_series(m, bar_series);
}
