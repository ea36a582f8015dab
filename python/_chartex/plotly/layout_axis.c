/*
 * layout_axis.c - one axis of a Plotly layout (xaxis, yaxis2, scene.zaxis, ...):
 * its type (given, or plotly.js's autotype of the first trace's data that
 * it holds), its categories in plotly.js's order (a multicategory axis'
 * pairs named "outer - inner"), and what the scene's
 * axis takes from it: title, scale, kind, categories, range, and the
 * ticks the layout gives (tickvals/ticktext).
 */
#include "plotly.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The data a trace places along axis `which` of its subplot, for the
 * axis' type and categories: the array's key, or NULL. */
static const char *
position_key(PyObject *trace, const char *type, int which)
{
    int horizontal = px_horizontal(trace, type);

    if (strcmp(type, "histogram") == 0) {
        PyObject *x = px_get(trace, "x");
        int has_x = x != NULL;

        Py_XDECREF(x);
        /* The counts' axis holds numbers. */
        if (which == 0)
            return has_x ? "x" : NULL;
        return has_x ? NULL : "y";
    }
    if ((strcmp(type, "bar") == 0 || strcmp(type, "box") == 0
         || strcmp(type, "violin") == 0) && horizontal)
        return which == 0 ? "x" : "y";
    /* a polar subplot's angular axis (x) and radial axis (y) */
    if (strncmp(type, "scatterpolar", 12) == 0 || strcmp(type, "barpolar") == 0)
        return which == 0 ? "theta" : which == 1 ? "r" : NULL;
    return which == 0 ? "x" : which == 1 ? "y" : "z";
}

/* Box and violin traces without positions stand at their names, on a
 * category axis. */
static int
named_position(PyObject *trace, const char *type, int which)
{
    PyObject *pos;
    int horizontal, named;

    if (strcmp(type, "box") != 0 && strcmp(type, "violin") != 0)
        return 0;
    horizontal = px_horizontal(trace, type);
    if (which != (horizontal ? 1 : 0))
        return 0;
    pos = px_get(trace, horizontal ? "y" : "x");
    named = pos == NULL;
    Py_XDECREF(pos);
    if (named) {
        double x0;

        named = !px_number(trace, horizontal ? "y0" : "x0", &x0);
    }
    return named;
}

/* The array a trace places on ax (its key's, a splom's dimension's), a
 * new reference or NULL. */
static PyObject *
trace_data(PyObject *trace, const char *type, int which, const px_axis *ax)
{
    const char *key;

    if (strcmp(type, "splom") == 0)
        return which < 2 ? px_splom_values(trace, ax->ref) : NULL;
    key = position_key(trace, type, which);
    return key != NULL ? px_get(trace, key) : NULL;
}

/* What is done for one trace placing data on an axis (as its subplot's
 * axis `which`, its kth trace): 0 to go on to the next, 1 to stop, -1 on
 * error. */
typedef int (*trace_step)(preader *r, px_axis *ax, px_subplot *p, int which, size_t k,
                          PyObject *trace, const char *type, void *ctx);

/* step for every trace that places data on ax, subplot by subplot, as
 * the subplot's axis `which` (below n_which), in trace order: 1 when a
 * step stopped, -1 on error, else 0. */
static int
each_trace_on(preader *r, px_axis *ax, int n_which, trace_step step, void *ctx)
{
    size_t i, k;
    int which, rc;

    for (i = 0; i < r->n_subplots; i++) {
        px_subplot *p = &r->subplots[i];

        for (which = 0; which < n_which; which++) {
            if (p->axis[which] != ax)
                continue;
            for (k = 0; k < (size_t)PyList_GET_SIZE(p->traces); k++) {
                const char *ty = PyUnicode_AsUTF8(PyList_GET_ITEM(p->types, k));

                if (ty == NULL)
                    return -1;
                rc = step(r, ax, p, which, k, PyList_GET_ITEM(p->traces, k), ty, ctx);
                if (rc != 0)
                    return rc;
            }
        }
    }
    return 0;
}

/* The axis type a trace's data says (trace_step): 1 when it says one. */
static int
type_of_data(preader *r, px_axis *ax, px_subplot *p, int which, size_t k, PyObject *tr,
             const char *ty, void *ctx)
{
    PyObject *arr;
    int rc;

    (void)k;
    (void)ctx;
    if (named_position(tr, ty, which)) {
        ax->type = PX_AXTYPE_CATEGORY;
        return 1;
    }
    arr = trace_data(tr, ty, which, ax);
    if (arr == NULL)
        return PyErr_Occurred() ? -1 : 0;
    /* Two arrays, outer and inner: plotly.js's multicategory (not on a
     * 3-D scene, whose z may be 2-D). */
    if (p->kind == PX_CARTESIAN && which < 2 && px_is_multicategory(arr)) {
        Py_DECREF(arr);
        ax->type = PX_AXTYPE_CATEGORY;
        ax->multi = 1;
        return 1;
    }
    ax->type = (px_axis_type)-1;
    rc = px_autotype(r, arr, &ax->type);
    Py_DECREF(arr);
    if (rc < 0)
        return -1;
    if ((int)ax->type != -1)
        return 1;
    ax->type = PX_AXTYPE_LINEAR;
    return 0;
}

/* The axis' type from the layout, else from the first trace's data. */
int
px_resolve_type(preader *r, px_axis *ax)
{
    PyObject *t = px_get(ax->spec, "type");
    const char *s = t != NULL && PyUnicode_Check(t) ? PyUnicode_AsUTF8(t) : NULL;
    int rc = 0;

    if (t != NULL && s == NULL)
        PyErr_Clear();
    if (s != NULL && strcmp(s, "-") != 0) {
        ax->multi = strcmp(s, "multicategory") == 0;
        ax->type = strcmp(s, "log") == 0 ? PX_AXTYPE_LOG
                   : strcmp(s, "date") == 0 ? PX_AXTYPE_DATE
                   : strcmp(s, "category") == 0 || strcmp(s, "multicategory") == 0
                     ? PX_AXTYPE_CATEGORY
                     : PX_AXTYPE_LINEAR;
    }
    else if (each_trace_on(r, ax, 3, type_of_data, NULL) < 0)
        rc = -1;
    Py_XDECREF(t);
    return rc;
}

/* One pair of a multicategory axis: the first index of its outer and
 * inner texts among the axis' data, where it was met, its name. */
typedef struct multi_pair {
    Py_ssize_t outer, inner, order;
    PyObject *name;             /* borrowed from the pairs' names list */
} multi_pair;

static int
cmp_pair(const void *pa, const void *pb)
{
    const multi_pair *a = pa, *b = pb;

    if (a->outer != b->outer)
        return a->outer < b->outer ? -1 : 1;
    if (a->inner != b->inner)
        return a->inner < b->inner ? -1 : 1;
    return (a->order > b->order) - (a->order < b->order);
}

/* The index of text among the values seen of one level (added when new). */
static Py_ssize_t
first_seen(PyObject *seen, PyObject *text)
{
    PyObject *i = PyDict_GetItemWithError(seen, text), *n;
    Py_ssize_t at;

    if (i != NULL)
        return PyLong_AsSsize_t(i);
    if (PyErr_Occurred())
        return -1;
    at = PyDict_GET_SIZE(seen);
    n = PyLong_FromSsize_t(at);
    if (n == NULL || PyDict_SetItem(seen, text, n) < 0)
        at = -1;
    Py_XDECREF(n);
    return at;
}

/* The pairs of a multicategory axis' data as they are met: the texts
 * seen of each level, the pairs' names (which the list borrows). */
typedef struct pair_list {
    PyObject *seen[2], *names;
    multi_pair *list;
    size_t n, cap;
} pair_list;

/* One pair (outer, inner) added to pl. */
static int
add_pair(pair_list *pl, PyObject *pair)
{
    PyObject *name;
    multi_pair *m;

    if (pl->n == pl->cap) {
        size_t cap = pl->cap ? 2 * pl->cap : 64;
        multi_pair *grown = px_calc_grow(pl->list, cap, sizeof *grown);

        if (grown == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        pl->list = grown;
        pl->cap = cap;
    }
    name = px_multi_name(pair);
    if (name == NULL || PyList_Append(pl->names, name) < 0) {
        Py_XDECREF(name);
        return -1;
    }
    Py_DECREF(name);
    m = &pl->list[pl->n];
    m->outer = first_seen(pl->seen[0], PyTuple_GET_ITEM(pair, 0));
    m->inner = first_seen(pl->seen[1], PyTuple_GET_ITEM(pair, 1));
    m->order = (Py_ssize_t)pl->n;
    m->name = name;    /* alive in names */
    if (m->outer < 0 || m->inner < 0)
        return -1;
    pl->n++;
    return 0;
}

/* The pairs of a trace's multicategory data (trace_step). */
static int
pairs_of_data(preader *r, px_axis *ax, px_subplot *p, int which, size_t k, PyObject *tr,
              const char *ty, void *ctx)
{
    const char *key = position_key(tr, ty, which);
    PyObject *arr = key != NULL ? px_get(tr, key) : NULL, *pairs;
    Py_ssize_t j;
    int rc = 0;

    (void)r;
    (void)ax;
    (void)p;
    (void)k;
    pairs = arr != NULL ? px_multi_pairs(arr) : NULL;
    Py_XDECREF(arr);
    if (pairs == NULL)
        return PyErr_Occurred() ? -1 : 0;
    for (j = 0; j < PyList_GET_SIZE(pairs) && rc == 0; j++)
        if (PyList_GET_ITEM(pairs, j) != Py_None)
            rc = add_pair(ctx, PyList_GET_ITEM(pairs, j));
    Py_DECREF(pairs);
    return rc;
}

/* The categories of a multicategory axis in plotly.js's order
 * (setupMultiCategory): the pairs of every trace's data on the axis,
 * sorted by the order their outer texts are first met, then their inner
 * texts'; each named "outer - inner". */
static int
collect_pairs(preader *r, px_axis *ax)
{
    pair_list pl = {{PyDict_New(), PyDict_New()}, PyList_New(0), NULL, 0, 0};
    size_t i;
    int rc = -1;
    double idx;

    if (pl.seen[0] == NULL || pl.seen[1] == NULL || pl.names == NULL
        || each_trace_on(r, ax, 2, pairs_of_data, &pl) < 0)
        goto done;
    if (pl.n > 1)
        qsort(pl.list, pl.n, sizeof *pl.list, cmp_pair);
    for (i = 0; i < pl.n; i++)
        if (px_category(r, ax, pl.list[i].name, &idx) < 0)
            goto done;
    rc = 0;
done:
    Py_XDECREF(pl.seen[0]);
    Py_XDECREF(pl.seen[1]);
    Py_XDECREF(pl.names);
    free(pl.list);
    return rc;
}

/* The categories a trace's data adds to ax (trace_step): a box's name
 * where it stands at its name, else the values it places on the axis. */
static int
categories_of_data(preader *r, px_axis *ax, px_subplot *p, int which, size_t k,
                   PyObject *tr, const char *ty, void *ctx)
{
    PyObject *arr, *name;
    double idx;
    int rc;

    (void)ctx;
    if (named_position(tr, ty, which)) {
        name = px_trace_name(tr, PyLong_AsSsize_t(PyList_GET_ITEM(p->indices, k)));
        rc = name == NULL ? -1 : px_category(r, ax, name, &idx);
        Py_XDECREF(name);
        return rc < 0 ? -1 : 0;
    }
    /* (a heatmap's, contour's or histogram2d's x / y: their categories too) */
    arr = trace_data(tr, ty, which, ax);
    if (arr == NULL)
        return PyErr_Occurred() ? -1 : 0;
    rc = px_add_categories(r, arr, ax);
    Py_DECREF(arr);
    return rc < 0 ? -1 : 0;
}

/* The categories of ax sorted (descending: reversed), their indices
 * anew. */
static int
sort_categories(px_axis *ax, int descending)
{
    PyObject *sorted = PySequence_List(ax->cat_names);
    Py_ssize_t j;

    if (sorted == NULL || PyList_Sort(sorted) < 0
        || (descending && PyList_Reverse(sorted) < 0)) {
        Py_XDECREF(sorted);
        return -1;
    }
    PyDict_Clear(ax->cat_index);
    for (j = 0; j < PyList_GET_SIZE(sorted); j++) {
        PyObject *f = PyFloat_FromDouble((double)j);

        if (f == NULL || PyDict_SetItem(ax->cat_index, PyList_GET_ITEM(sorted, j), f) < 0) {
            Py_XDECREF(f);
            Py_DECREF(sorted);
            return -1;
        }
        Py_DECREF(f);
    }
    Py_SETREF(ax->cat_names, sorted);
    return 0;
}

/* The categories of a category axis, in plotly.js's order: given by
 * categoryarray first (categoryorder "array"), then as the traces meet
 * them, sorted for "category ascending" / "category descending"; a
 * multicategory axis' pairs in its own order (collect_pairs). */
int
px_collect_categories(preader *r, px_axis *ax)
{
    PyObject *order = px_get(ax->spec, "categoryorder"), *given = NULL;
    const char *o = order != NULL && PyUnicode_Check(order) ? PyUnicode_AsUTF8(order) : NULL;
    int rc = -1;

    if (order != NULL && o == NULL)
        PyErr_Clear();
    if (ax->multi) {
        Py_XDECREF(order);
        return collect_pairs(r, ax);
    }
    given = px_get(ax->spec, "categoryarray");
    if (given != NULL && (o == NULL || strcmp(o, "array") == 0 || strcmp(o, "trace") == 0)
        && px_add_categories(r, given, ax) < 0)
        goto done;
    if (each_trace_on(r, ax, 3, categories_of_data, NULL) < 0)
        goto done;
    if (o != NULL && ax->cat_names != NULL
        && (strcmp(o, "category ascending") == 0 || strcmp(o, "category descending") == 0)
        && sort_categories(ax, o[9] == 'd') < 0)
        goto done;
    rc = 0;
done:
    Py_XDECREF(order);
    Py_XDECREF(given);
    return rc;
}

/* The ticks tickvals gives, on ax (numbers, dates as text, categories),
 * labelled by ticktext, else by their category. */
static int
given_ticks(preader *r, px_axis *ax, chartex_axis *axis, PyObject *vals, PyObject *texts)
{
    PyObject *tseq = NULL;
    double *v = NULL;
    size_t n = 0, i;
    int rc = -1;

    if (px_values(r, vals, ax, &v, &n) < 0)
        goto done;
    if (chartex_axis_set_ticks(axis, n, v, &r->err) < 0) {
        px_core_fail(r);
        goto done;
    }
    if (texts != NULL && !PyUnicode_Check(texts)) {
        tseq = PySequence_Fast(texts, "");
        if (tseq == NULL)
            PyErr_Clear();
    }
    for (i = 0; i < n; i++) {
        PyObject *t = NULL;

        if (tseq != NULL && (Py_ssize_t)i < PySequence_Fast_GET_SIZE(tseq))
            t = PySequence_Fast_GET_ITEM(tseq, i);
        else if (ax->type == PX_AXTYPE_CATEGORY && ax->cat_names != NULL
                 && isfinite(v[i]) && v[i] >= 0
                 && v[i] < (double)PyList_GET_SIZE(ax->cat_names))
            t = PyList_GET_ITEM(ax->cat_names, (Py_ssize_t)v[i]);
        else if (PySequence_Check(vals) && !PyUnicode_Check(vals))
            continue;  /* plotly.js formats these: not known here */
        if (t != NULL && PyUnicode_Check(t))
            SET_TEXT(r, t, chartex_axis_set_tick_label(axis, i, s, len, &r->err));
    }
    rc = 0;
done:
    free(v);
    Py_XDECREF(tseq);
    return rc;
}

/* A category axis' ticks: plotly.js labels every category (thinned when
 * they do not fit: all are given here). */
static int
category_ticks(preader *r, px_axis *ax, chartex_axis *axis)
{
    size_t n = (size_t)PyList_GET_SIZE(ax->cat_names), i;
    double *v = px_calc_alloc(n, sizeof *v);
    int rc = -1;

    if (v == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (i = 0; i < n; i++)
        v[i] = (double)i;
    if (chartex_axis_set_ticks(axis, n, v, &r->err) < 0) {
        px_core_fail(r);
        goto done;
    }
    for (i = 0; i < n; i++)
        SET_TEXT(r, PyList_GET_ITEM(ax->cat_names, (Py_ssize_t)i),
                 chartex_axis_set_tick_label(axis, i, s, len, &r->err));
    rc = 0;
done:
    free(v);
    return rc;
}

/* The ticks the layout gives ax: tickvals (and ticktext), else every
 * category. */
static int
layout_ticks(preader *r, px_axis *ax, chartex_axis *axis)
{
    PyObject *vals = px_get(ax->spec, "tickvals"), *texts = px_get(ax->spec, "ticktext");
    int rc = 0;

    if (vals != NULL)
        rc = given_ticks(r, ax, axis, vals, texts);
    else if (ax->type == PX_AXTYPE_CATEGORY && ax->cat_names != NULL)
        rc = category_ticks(r, ax, axis);
    Py_XDECREF(vals);
    Py_XDECREF(texts);
    return rc;
}

/* One axis of the layout onto the scene's axis. */
int
px_read_axis(preader *r, px_axis *ax, chartex_axis *axis)
{
    PyObject *title = px_title(ax->spec, "title"), *range = NULL;
    static const char *const scale[] = {"linear", "log", "linear", "linear"};
    double *v = NULL;
    size_t n = 0, i;
    int rc = -1;

    if (title != NULL)
        SET_TEXT(r, title, chartex_axis_set_label(axis, s, len, &r->err));
    if (chartex_axis_set_scale(axis, scale[ax->type], strlen(scale[ax->type]), &r->err) < 0) {
        px_core_fail(r);
        goto done;
    }
    if (ax->type == PX_AXTYPE_DATE)
        chartex_axis_set_kind(axis, CHARTEX_AXIS_DATE, 0.0);
    else if (ax->type == PX_AXTYPE_CATEGORY) {
        chartex_axis_set_kind(axis, CHARTEX_AXIS_CATEGORY, 0.0);
        for (i = 0; ax->cat_names != NULL && i < (size_t)PyList_GET_SIZE(ax->cat_names); i++)
            SET_TEXT(r, PyList_GET_ITEM(ax->cat_names, (Py_ssize_t)i),
                     chartex_axis_add_category(axis, s, len, &r->err));
    }
    range = px_get(ax->spec, "range");
    if (range != NULL) {
        /* A log axis' range is in powers of ten; a date's may be text; a
         * category axis' is in category indices. */
        if (px_values(r, range, ax->type == PX_AXTYPE_DATE ? ax : NULL, &v, &n) < 0)
            goto done;
        if (n == 2 && isfinite(v[0]) && isfinite(v[1])) {
            if (ax->type == PX_AXTYPE_LOG)
                chartex_axis_set_view(axis, pow(10, v[0]), pow(10, v[1]));
            else
                chartex_axis_set_view(axis, v[0], v[1]);
        }
    }
    if (layout_ticks(r, ax, axis) < 0)
        goto done;
    rc = 0;
done:
    free(v);
    Py_XDECREF(title);
    Py_XDECREF(range);
    return rc;
}
