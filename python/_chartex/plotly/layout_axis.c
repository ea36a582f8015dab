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

/* The axis' type from the layout, else from the first trace's data. */
int
px_resolve_type(preader *r, px_axis *ax)
{
    PyObject *t = px_get(ax->spec, "type");
    const char *s = t != NULL && PyUnicode_Check(t) ? PyUnicode_AsUTF8(t) : NULL;
    size_t i, k;
    int which, found = 0, rc = -1;

    if (t != NULL && s == NULL)
        PyErr_Clear();
    if (s != NULL && strcmp(s, "-") != 0) {
        ax->multi = strcmp(s, "multicategory") == 0;
        ax->type = strcmp(s, "log") == 0 ? PX_AXTYPE_LOG
                   : strcmp(s, "date") == 0 ? PX_AXTYPE_DATE
                   : strcmp(s, "category") == 0 || strcmp(s, "multicategory") == 0
                     ? PX_AXTYPE_CATEGORY
                     : PX_AXTYPE_LINEAR;
        rc = 0;
        goto done;
    }
    for (i = 0; i < r->n_subplots && !found; i++) {
        px_subplot *p = &r->subplots[i];

        for (which = 0; which < 3 && !found; which++) {
            if (p->axis[which] != ax)
                continue;
            for (k = 0; k < (size_t)PyList_GET_SIZE(p->traces) && !found; k++) {
                PyObject *tr = PyList_GET_ITEM(p->traces, k);
                const char *ty;
                const char *key;
                PyObject *arr;

                ty = PyUnicode_AsUTF8(PyList_GET_ITEM(p->types, k));
                if (ty == NULL)
                    goto done;
                if (named_position(tr, ty, which)) {
                    ax->type = PX_AXTYPE_CATEGORY;
                    found = 1;
                    break;
                }
                key = position_key(tr, ty, which);
                arr = key != NULL ? px_get(tr, key) : NULL;
                if (arr == NULL) {
                    if (PyErr_Occurred())
                        goto done;
                    continue;
                }
                /* Two arrays, outer and inner: plotly.js's multicategory
                 * (not on a 3-D scene, whose z may be 2-D). */
                if (p->kind == PX_CARTESIAN && which < 2 && px_is_multicategory(arr)) {
                    Py_DECREF(arr);
                    ax->type = PX_AXTYPE_CATEGORY;
                    ax->multi = 1;
                    found = 1;
                    break;
                }
                ax->type = (px_axis_type)-1;
                if (px_autotype(r, arr, &ax->type) < 0) {
                    Py_DECREF(arr);
                    goto done;
                }
                Py_DECREF(arr);
                if ((int)ax->type == -1)
                    ax->type = PX_AXTYPE_LINEAR;
                else
                    found = 1;
            }
        }
    }
    rc = 0;
done:
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

/* The categories of a multicategory axis in plotly.js's order
 * (setupMultiCategory): the pairs of every trace's data on the axis,
 * sorted by the order their outer texts are first met, then their inner
 * texts'; each named "outer - inner". */
static int
collect_pairs(preader *r, px_axis *ax)
{
    PyObject *seen[2] = {PyDict_New(), PyDict_New()}, *names = PyList_New(0), *pairs = NULL;
    multi_pair *list = NULL;
    size_t n = 0, cap = 0, i, k;
    int which, rc = -1;
    double idx;

    if (seen[0] == NULL || seen[1] == NULL || names == NULL)
        goto done;
    for (i = 0; i < r->n_subplots; i++) {
        px_subplot *p = &r->subplots[i];

        for (which = 0; which < 2; which++) {
            if (p->axis[which] != ax)
                continue;
            for (k = 0; k < (size_t)PyList_GET_SIZE(p->traces); k++) {
                PyObject *tr = PyList_GET_ITEM(p->traces, k), *arr;
                const char *ty = PyUnicode_AsUTF8(PyList_GET_ITEM(p->types, k));
                const char *key;
                Py_ssize_t j;

                if (ty == NULL)
                    goto done;
                key = position_key(tr, ty, which);
                arr = key != NULL ? px_get(tr, key) : NULL;
                pairs = arr != NULL ? px_multi_pairs(arr) : NULL;
                Py_XDECREF(arr);
                if (pairs == NULL) {
                    if (PyErr_Occurred())
                        goto done;
                    continue;
                }
                for (j = 0; j < PyList_GET_SIZE(pairs); j++) {
                    PyObject *pair = PyList_GET_ITEM(pairs, j), *name;

                    if (pair == Py_None)
                        continue;
                    if (n == cap) {
                        multi_pair *grown;

                        cap = cap ? 2 * cap : 64;
                        grown = realloc(list, cap * sizeof *list);
                        if (grown == NULL) {
                            PyErr_NoMemory();
                            goto done;
                        }
                        list = grown;
                    }
                    name = px_multi_name(pair);
                    if (name == NULL || PyList_Append(names, name) < 0) {
                        Py_XDECREF(name);
                        goto done;
                    }
                    Py_DECREF(name);
                    list[n].outer = first_seen(seen[0], PyTuple_GET_ITEM(pair, 0));
                    list[n].inner = first_seen(seen[1], PyTuple_GET_ITEM(pair, 1));
                    list[n].order = (Py_ssize_t)n;
                    list[n].name = name;    /* alive in names */
                    if (list[n].outer < 0 || list[n].inner < 0)
                        goto done;
                    n++;
                }
                Py_CLEAR(pairs);
            }
        }
    }
    if (n > 1)
        qsort(list, n, sizeof *list, cmp_pair);
    for (i = 0; i < n; i++)
        if (px_category(r, ax, list[i].name, &idx) < 0)
            goto done;
    rc = 0;
done:
    Py_XDECREF(seen[0]);
    Py_XDECREF(seen[1]);
    Py_XDECREF(names);
    Py_XDECREF(pairs);
    free(list);
    return rc;
}

/* The categories of a category axis, in plotly.js's order: given by
 * categoryarray first (categoryorder "array"), then as the traces meet
 * them, sorted for "category ascending" / "category descending"; a
 * multicategory axis' pairs in its own order (collect_pairs). */
int
px_collect_categories(preader *r, px_axis *ax)
{
    PyObject *order = px_get(ax->spec, "categoryorder");
    PyObject *given = NULL, *sorted = NULL;
    const char *o = order != NULL && PyUnicode_Check(order) ? PyUnicode_AsUTF8(order) : NULL;
    size_t i, k;
    int which, rc = -1;
    double idx;

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
    for (i = 0; i < r->n_subplots; i++) {
        px_subplot *p = &r->subplots[i];

        for (which = 0; which < 3; which++) {
            if (p->axis[which] != ax)
                continue;
            for (k = 0; k < (size_t)PyList_GET_SIZE(p->traces); k++) {
                PyObject *tr = PyList_GET_ITEM(p->traces, k), *arr, *name;
                const char *ty = PyUnicode_AsUTF8(PyList_GET_ITEM(p->types, k));
                const char *key;

                if (ty == NULL)
                    goto done;
                if (named_position(tr, ty, which)) {
                    name = px_trace_name(tr, PyLong_AsSsize_t(PyList_GET_ITEM(p->indices, k)));
                    if (name == NULL || px_category(r, ax, name, &idx) < 0) {
                        Py_XDECREF(name);
                        goto done;
                    }
                    Py_DECREF(name);
                    continue;
                }
                key = position_key(tr, ty, which);
                if (key == NULL || strcmp(ty, "heatmap") == 0 || strcmp(ty, "contour") == 0
                    || strcmp(ty, "histogram2d") == 0) {
                    /* a heatmap's x / y: their categories too */
                    if (key == NULL)
                        continue;
                }
                arr = px_get(tr, key);
                if (arr == NULL) {
                    if (PyErr_Occurred())
                        goto done;
                    continue;
                }
                if (px_add_categories(r, arr, ax) < 0) {
                    Py_DECREF(arr);
                    goto done;
                }
                Py_DECREF(arr);
            }
        }
    }
    if (o != NULL && ax->cat_names != NULL
        && (strcmp(o, "category ascending") == 0 || strcmp(o, "category descending") == 0)) {
        Py_ssize_t j;

        sorted = PySequence_List(ax->cat_names);
        if (sorted == NULL || PyList_Sort(sorted) < 0)
            goto done;
        if (o[9] == 'd' && PyList_Reverse(sorted) < 0)
            goto done;
        PyDict_Clear(ax->cat_index);
        for (j = 0; j < PyList_GET_SIZE(sorted); j++) {
            PyObject *f = PyFloat_FromDouble((double)j);

            if (f == NULL || PyDict_SetItem(ax->cat_index, PyList_GET_ITEM(sorted, j), f) < 0) {
                Py_XDECREF(f);
                goto done;
            }
            Py_DECREF(f);
        }
        Py_SETREF(ax->cat_names, sorted);
        sorted = NULL;
    }
    rc = 0;
done:
    Py_XDECREF(order);
    Py_XDECREF(given);
    Py_XDECREF(sorted);
    return rc;
}

/* The positions of tickvals on ax (numbers, dates as text, categories). */
static int
layout_ticks(preader *r, px_axis *ax, chartex_axis *axis)
{
    PyObject *vals = px_get(ax->spec, "tickvals"), *texts = px_get(ax->spec, "ticktext");
    PyObject *tseq = NULL;
    double *v = NULL;
    size_t n = 0, i;
    int rc = -1;

    if (vals != NULL) {
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
    }
    else if (ax->type == PX_AXTYPE_CATEGORY && ax->cat_names != NULL) {
        /* plotly.js labels every category (thinned when they do not fit:
         * all are given here). */
        n = (size_t)PyList_GET_SIZE(ax->cat_names);
        v = malloc((n ? n : 1) * sizeof *v);
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
    }
    rc = 0;
done:
    free(v);
    Py_XDECREF(vals);
    Py_XDECREF(texts);
    Py_XDECREF(tseq);
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
