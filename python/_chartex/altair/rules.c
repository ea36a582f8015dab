/*
 * rules.c - rule marks, for the Altair reader: a rule across the view at
 * a data value (only its y, or only its x, is data: a mean, a target) is
 * a reference line; an error bar (Vega-Lite's errorbar, style
 * "errorbar-rule", from its lower to its upper bound) is the error bar of
 * a line of its centres when the data has them (Vega-Lite's
 * "center_FIELD"); any other rule between two data points is a segment
 * (a candle's wick, a dumbbell's bar, a lollipop's stem).
 */
#include "altair.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* At most this many reference lines of one mark are read. */
#define MAX_REFLINES 1000

static int
is_data(const vl_channel *ch)
{
    return ch->kind != VL_CH_NONE;
}

/* The four channels of a rule, their positions. */
typedef struct rule_ctx {
    vl_channel x, x2, y, y2;
    double *px, *px2, *py, *py2;
} rule_ctx;

static void
rule_clear(rule_ctx *c)
{
    vl_channel_clear(&c->x);
    vl_channel_clear(&c->x2);
    vl_channel_clear(&c->y);
    vl_channel_clear(&c->y2);
    free(c->px);
    free(c->px2);
    free(c->py);
    free(c->py2);
    memset(c, 0, sizeof *c);
}

static int
rule_read(vl_mark *m, rule_ctx *c)
{
    size_t n = m->rows.n ? m->rows.n : 1;

    memset(c, 0, sizeof *c);
    if (vl_channel_of(m, "x", &c->x) < 0 || vl_channel_of(m, "x2", &c->x2) < 0
        || vl_channel_of(m, "y", &c->y) < 0 || vl_channel_of(m, "y2", &c->y2) < 0)
        return -1;
    c->px = malloc(n * sizeof *c->px);
    c->px2 = malloc(n * sizeof *c->px2);
    c->py = malloc(n * sizeof *c->py);
    c->py2 = malloc(n * sizeof *c->py2);
    if (c->px == NULL || c->px2 == NULL || c->py == NULL || c->py2 == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    if (vl_positions(m, &c->x, c->px) < 0 || vl_positions(m, &c->x2, c->px2) < 0
        || vl_positions(m, &c->y, c->py) < 0 || vl_positions(m, &c->y2, c->py2) < 0)
        return -1;
    return 0;
}

/* ------------------------------------------------------ reference lines */

/* One reference line per row at the values v on axis y (1) or x (0). */
static int
reflines(vl_mark *m, const double *v, int y, PyObject *label)
{
    size_t i;

    for (i = 0; i < m->rows.n && i < MAX_REFLINES; i++) {
        double pts[4] = {0, v[i], 1, v[i]};
        chartex_artist *a;

        if (!y) {
            pts[0] = pts[2] = v[i];
            pts[1] = 0;
            pts[3] = 1;
        }
        if (!isfinite(v[i]))
            continue;
        a = vl_new_artist(m, CHARTEX_ARTIST_LINE, CHARTEX_ROLE_REFLINE,
                          y ? CHARTEX_REF_Y_DATA : CHARTEX_REF_X_DATA, label);
        if (a == NULL)
            return -1;
        if (chartex_artist_set_points(a, 2, pts, &m->v->r->err) < 0)
            return vl_core_fail(m->v->r);
    }
    return 0;
}

/* ------------------------------------------------------------ segments */

/* Each row's rule from (x, y) to (x2, y2), a missing end the same as the
 * other, as one artist of segments (role DATA or ERRORBAR). */
static int
segments(vl_mark *m, const rule_ctx *c, chartex_artist_role role, unsigned long group,
         PyObject *label)
{
    chartex_artist *a = vl_new_artist(m, CHARTEX_ARTIST_SEGMENTS, role, 0, label);
    size_t i;

    if (a == NULL)
        return -1;
    chartex_artist_set_group(a, group);
    for (i = 0; i < m->rows.n; i++) {
        double seg[4];

        seg[0] = c->px[i];
        seg[1] = c->py[i];
        seg[2] = is_data(&c->x2) ? c->px2[i] : c->px[i];
        seg[3] = is_data(&c->y2) ? c->py2[i] : c->py[i];
        if (chartex_artist_add_polygon(a, 2, seg, &m->v->r->err) < 0)
            return vl_core_fail(m->v->r);
    }
    return 0;
}

/* -------------------------------------------------------------- errors */

/* Vega-Lite's name for the centre of an error bar whose lower bound is
 * the field lower ("lower_v" -> "center_v"), and the field itself ("v");
 * NULL when lower is no such name. */
static PyObject *
centre_field(PyObject *lower, PyObject **base)
{
    const char *s = lower != NULL && PyUnicode_Check(lower) ? PyUnicode_AsUTF8(lower) : NULL;

    *base = NULL;
    if (s == NULL) {
        PyErr_Clear();
        return NULL;
    }
    if (strncmp(s, "lower_", 6) != 0 || s[6] == '\0')
        return NULL;
    *base = PyUnicode_FromString(s + 6);
    return *base != NULL ? PyUnicode_FromFormat("center_%s", s + 6) : NULL;
}

static int
any_finite(const double *v, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        if (isfinite(v[i]))
            return 1;
    return 0;
}

/* An error bar group: the line of its centres (markers only), and its
 * bars from the lower to the upper bound. */
static int
error_series(vl_mark *m, PyObject *label)
{
    rule_ctx c;
    PyObject *centre = NULL, *base = NULL;
    double *mid = NULL, *xy = NULL;
    chartex_artist *a;
    unsigned long group = ++m->v->r->next_group;
    size_t i, n = m->rows.n, *sorted = NULL;
    vl_rows all = m->rows;
    int vertical, rc = -1;

    /* the bars in the order of their positions (an aggregate's come in none) */
    if (rule_read(m, &c) < 0)
        goto done;
    vertical = is_data(&c.y2);
    if (vl_sort_rows(m, vertical ? &c.x : &c.y, &sorted) < 0)
        goto done;
    rule_clear(&c);
    if (rule_read(m, &c) < 0)
        goto done;
    centre = centre_field(vertical ? VL_FIELD(&c.y) : VL_FIELD(&c.x), &base);
    if (centre == NULL && PyErr_Occurred())
        goto done;
    if (label == NULL)
        label = base;
    mid = malloc((n ? n : 1) * sizeof *mid);
    xy = malloc((n ? 2 * n : 1) * sizeof *xy);
    if (mid == NULL || xy == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    if (centre == NULL || vl_numbers(m, centre, mid) < 0 || !any_finite(mid, n)) {
        rc = PyErr_Occurred() ? -1 : segments(m, &c, CHARTEX_ROLE_DATA, 0, label);
        goto done;
    }
    for (i = 0; i < n; i++) {
        xy[2 * i] = vertical ? c.px[i] : mid[i];
        xy[2 * i + 1] = vertical ? mid[i] : c.py[i];
    }
    a = vl_new_artist(m, CHARTEX_ARTIST_LINE, CHARTEX_ROLE_DATA,
                      CHARTEX_LINE_NO_LINE | CHARTEX_LINE_MARKER | CHARTEX_ARTIST_ERRORBAR_DATA,
                      label);
    if (a == NULL)
        goto done;
    chartex_artist_set_group(a, group);
    if (chartex_artist_set_points(a, n, xy, &m->v->r->err) < 0) {
        vl_core_fail(m->v->r);
        goto done;
    }
    rc = segments(m, &c, CHARTEX_ROLE_ERRORBAR, group, NULL);
done:
    free(mid);
    free(xy);
    Py_XDECREF(centre);
    Py_XDECREF(base);
    rule_clear(&c);
    m->rows = all;
    free(sorted);
    return rc;
}

/* ---------------------------------------------------------------- rules */

static int
rule_series(vl_mark *m, PyObject *label)
{
    rule_ctx c;
    int rc = -1;

    if (rule_read(m, &c) < 0)
        goto done;
    if (is_data(&c.y) && !is_data(&c.x) && !is_data(&c.x2) && !is_data(&c.y2))
        rc = reflines(m, c.py, 1, label != NULL ? label : VL_FIELD(&c.y));
    else if (is_data(&c.x) && !is_data(&c.y) && !is_data(&c.y2) && !is_data(&c.x2))
        rc = reflines(m, c.px, 0, label != NULL ? label : VL_FIELD(&c.x));
    else if ((is_data(&c.x) || is_data(&c.x2)) && (is_data(&c.y) || is_data(&c.y2)))
        rc = segments(m, &c, CHARTEX_ROLE_DATA, 0,
                      label != NULL ? label : VL_FIELD(&c.y) != NULL ? VL_FIELD(&c.y)
                                                                    : VL_FIELD(&c.x));
    else
        rc = 0;         /* nothing of it is data */
done:
    rule_clear(&c);
    return rc;
}

int
vl_read_rules(vl_mark *m)
{
    if (vl_has_style(m->mark, "errorbar-rule"))
        return vl_each_series(m, error_series);
    return vl_each_series(m, rule_series);
}
