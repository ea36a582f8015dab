/*
 * panes.c - the panes of an Altair view: one scene Axes per pair of x and
 * y scales its marks use (a layer with an independent y scale is a twin
 * Axes; a mark that uses no scale, an arc, joins the first), with the
 * view's title, the axes' kinds, categories and titles (without the
 * " (binned)" or " (month)" Vega-Lite adds to a field's name, which the
 * core would read as a unit), and its size in pixels: its group's encoded
 * size, the spec's, or a band scale's step times its categories.
 */
#include "altair.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The scale of the first of a mark's channels (NULL-ended) that has one. */
static vl_scale *
scale_of(vl_mark *m, const char *const *names)
{
    vl_scale *sc = NULL;
    vl_channel ch;
    size_t k;

    for (k = 0; names[k] != NULL && sc == NULL; k++) {
        if (vl_channel_of(m, names[k], &ch) < 0)
            return NULL;
        if (ch.kind != VL_CH_NONE)
            sc = ch.scale;
        vl_channel_clear(&ch);
    }
    return sc;
}

/* The pane of a mark: the first whose scales agree with the mark's (a
 * scale the one or the other does not have agrees), else a new one. */
static vl_pane *
pane_for(vl_view *v, vl_scale *x, vl_scale *y)
{
    vl_pane *p;
    size_t i;

    for (i = 0; i < v->n_panes; i++) {
        p = &v->pane[i];
        if ((p->x == NULL || x == NULL || p->x == x) && (p->y == NULL || y == NULL || p->y == y)) {
            p->x = p->x != NULL ? p->x : x;
            p->y = p->y != NULL ? p->y : y;
            return p;
        }
    }
    if (v->n_panes == VL_MAX_PANES)
        return &v->pane[0];
    p = &v->pane[v->n_panes++];
    memset(p, 0, sizeof *p);
    p->x = x;
    p->y = y;
    return p;
}

int
vl_assign_panes(vl_gather *g)
{
    static const char *const xs[] = {"x", "xc", "x2", NULL};
    static const char *const ys[] = {"y", "yc", "y2", NULL};
    size_t i;

    for (i = 0; i < g->n; i++) {
        vl_mark *m = &g->marks[i];
        vl_scale *x = scale_of(m, xs), *y = x == NULL && PyErr_Occurred() ? NULL : scale_of(m, ys);

        if (PyErr_Occurred())
            return -1;
        m->pane = pane_for(g->v, x, y);
    }
    return 0;
}

/* ---------------------------------------------------------------- axes */

/* The numeric value of the signal name as a scope sees it. */
static double
signal_value(const vl_scope *s, PyObject *name)
{
    double v = NAN;
    Py_ssize_t i;

    for (; s != NULL && isnan(v); s = s->parent) {
        PyObject *signals = vl_get_list(s->group, "signals");

        for (i = 0; signals != NULL && i < PyList_GET_SIZE(signals) && isnan(v); i++) {
            PyObject *sig = PyList_GET_ITEM(signals, i);

            if (PyDict_Check(sig) && vl_same(PyDict_GetItemString(sig, "name"), name)
                && !vl_number_at(sig, "value", &v))
                v = INFINITY;   /* found, but computed: unknown */
        }
        Py_XDECREF(signals);
    }
    return isfinite(v) && v > 0 ? v : NAN;
}

/* A size of the view ("width" or "height"): its group's encoded size (a
 * value or a signal), the spec's own, or a band scale's step times its
 * categories. */
static double
view_size(vl_view *v, const char *which, vl_scale *sc)
{
    PyObject *enc = vl_get_dict(v->scope->group, "encode"), *upd = vl_get_dict(enc, "update");
    PyObject *size = vl_get_dict(upd, which), *sig, *name;
    char step[16];
    double d = NAN;

    if (size != NULL && !vl_number_at(size, "value", &d) && (sig = vl_get(size, "signal")) != NULL) {
        d = signal_value(v->scope, sig);
        Py_DECREF(sig);
    }
    if (isnan(d) && !vl_number_at(v->scope->group, which, &d)) {
        name = PyUnicode_FromString(which);
        d = name != NULL ? signal_value(v->scope, name) : NAN;
        Py_XDECREF(name);
    }
    if (isnan(d) && sc != NULL && vl_scale_discrete(sc->type) && sc->names != NULL) {
        snprintf(step, sizeof step, "%c_step", which[0] == 'w' ? 'x' : 'y');
        name = PyUnicode_FromString(step);
        d = name != NULL ? signal_value(v->scope, name) * (double)PyList_GET_SIZE(sc->names)
                         : NAN;
        Py_XDECREF(name);
    }
    PyErr_Clear();
    Py_XDECREF(size);
    Py_XDECREF(upd);
    Py_XDECREF(enc);
    return d;
}

/* Whether the words in parentheses are what Vega-Lite adds to a field's
 * title ("binned", a time unit: "month", "year-month-date"): no unit. */
static int
generated(const char *w, size_t n)
{
    static const char *const parts[] = {"year", "quarter", "month", "week", "day", "dayofyear",
                                        "date", "hours", "minutes", "seconds", "milliseconds"};
    size_t i, k, len;

    if (n == 6 && strncmp(w, "binned", 6) == 0)
        return 1;
    for (i = 0; i < n;) {
        for (k = 0; k < sizeof parts / sizeof *parts; k++) {
            len = strlen(parts[k]);
            if (n - i >= len && strncmp(w + i, parts[k], len) == 0
                && (i + len == n || w[i + len] == '-'))
                break;
        }
        if (k == sizeof parts / sizeof *parts)
            return 0;
        i += len + (i + len < n);
    }
    return n > 0;
}

/* An axis title without the " (binned)" or " (month)" Vega-Lite adds to a
 * field's name: the core reads a unit in parentheses, and these are none
 * (the encoding record keeps the title as shown). */
static const char *
without_suffix(const char *t, size_t *len)
{
    const char *open;

    if (*len < 4 || t[*len - 1] != ')')
        return t;
    for (open = t + *len - 2; open > t && *open != '('; open--)
        ;
    if (open > t + 1 && open[-1] == ' ' && generated(open + 1, (size_t)(t + *len - open - 2)))
        *len = (size_t)(open - t - 1);
    return t;
}

static int
axis_label(vl_reader *r, const vl_scope *s, const vl_scale *sc, chartex_axis *axis)
{
    PyObject *guide = sc != NULL ? vl_axis_of(r, s, sc->name) : NULL;
    PyObject *given = vl_get(guide, "title"), *title = vl_title_text(given), *keep = NULL;
    const char *t;
    size_t len;
    int rc = 0;

    if (vl_text(title, &t, &len, &keep) < 0)
        rc = -1;
    else if (t != NULL) {
        t = without_suffix(t, &len);
        if (chartex_axis_set_label(axis, t, len, &r->err) < 0)
            rc = vl_core_fail(r);
    }
    Py_XDECREF(keep);
    Py_XDECREF(title);
    Py_XDECREF(given);
    Py_XDECREF(guide);
    return rc;
}

/* The tickCount of an axis guide: a number, or Vega-Lite's
 * {"signal": "ceil(width/40)"} on the view's size; -infinity when none is
 * given, NaN when not known. */
static double
tick_count(vl_view *v, PyObject *guide, const char *which, vl_scale *sc)
{
    PyObject *given = vl_get(guide, "tickCount"), *sig = vl_get(given, "signal"), *name;
    const char *text = NULL, *slash;
    char ident[64];
    double count = NAN, size, div;
    PyObject *keep = NULL;
    size_t len;

    if (given == NULL)
        count = -INFINITY;
    else if (!vl_number(given, &count) && sig != NULL
             && vl_text(sig, &text, &len, &keep) == 0 && text != NULL
             && len > 6 && strncmp(text, "ceil(", 5) == 0 && text[len - 1] == ')'
             && (slash = memchr(text, '/', len)) != NULL && (size_t)(slash - text - 5) < sizeof ident
             && sscanf(slash + 1, "%lf", &div) == 1 && div > 0) {
        memcpy(ident, text + 5, (size_t)(slash - text - 5));
        ident[slash - text - 5] = '\0';
        name = PyUnicode_FromString(ident);
        size = name != NULL ? signal_value(v->scope, name) : NAN;
        Py_XDECREF(name);
        if (isnan(size) && strstr(ident, which[0] == 'w' ? "idth" : "eight") != NULL)
            size = view_size(v, which, sc);
        count = ceil(size / div);
    }
    PyErr_Clear();
    Py_XDECREF(keep);
    Py_XDECREF(sig);
    Py_XDECREF(given);
    return count;
}

/* The ticks of a continuous scale's axis (category axes have theirs). */
static int
axis_ticks(vl_view *v, vl_scale *sc, const char *which, chartex_axis *axis)
{
    PyObject *guide;
    int rc;

    if (sc == NULL || vl_scale_discrete(sc->type))
        return 0;
    guide = vl_axis_of(v->r, v->scope, sc->name);
    if (guide == NULL)
        return PyErr_Occurred() ? -1 : 0;
    rc = vl_axis_ticks(v->r, sc, guide, tick_count(v, guide, which, sc), axis);
    Py_DECREF(guide);
    return rc;
}

int
vl_make_axes(vl_view *v, vl_pane *p)
{
    vl_reader *r = v->r;
    const char *s;
    size_t len;
    PyObject *keep;

    p->axes = chartex_scene_add_axes(r->scene, &r->err);
    if (p->axes == NULL)
        return vl_core_fail(r);
    r->n_views++;
    if (vl_text(v->title, &s, &len, &keep) < 0)
        return -1;
    if (s != NULL && chartex_axes_set_title(p->axes, CHARTEX_TITLE_CENTER, s, len, &r->err) < 0) {
        Py_XDECREF(keep);
        return vl_core_fail(r);
    }
    Py_XDECREF(keep);
    chartex_axes_set_pixels(p->axes, view_size(v, "width", p->x), view_size(v, "height", p->y));
    if (vl_scale_axis(r, p->x, chartex_axes_axis(p->axes, 0)) < 0
        || vl_scale_axis(r, p->y, chartex_axes_axis(p->axes, 1)) < 0
        || axis_label(r, v->scope, p->x, chartex_axes_axis(p->axes, 0)) < 0
        || axis_label(r, v->scope, p->y, chartex_axes_axis(p->axes, 1)) < 0
        || axis_ticks(v, p->x, "width", chartex_axes_axis(p->axes, 0)) < 0
        || axis_ticks(v, p->y, "height", chartex_axes_axis(p->axes, 1)) < 0)
        return -1;
    return 0;
}

