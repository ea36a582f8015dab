/*
 * legend.c - names from an Axes' legend for the data artists that
 * carry none of their own (seaborn's hue groups), and nothing else.
 *
 * The matching of legend handles to artists by their look (colour, then
 * marker and line style) is done once per Axes by
 * chartex._matplotlib.legend.legend_names: per artist, never per point.  The answer,
 * {id(artist or container): name or [(name, indices)]}, is kept in the
 * axctx while the Axes' artists are read; mpl_new_artist (values.c)
 * looks a default-labelled artist's name up there itself
 * (mpl_legend_entry, values.c: the rooms call down, never up), and
 * read_path_collection (lines.c) asks this room for the groups of a
 * many-coloured scatter.
 *
 * The names are a reading aid: a legend that cannot be read (a custom
 * handle that raises) leaves the labels as they are rather than failing
 * the chart.  Only MemoryError is passed on.
 */
#include "walk.h"

int
mpl_legend_read(walk *w, axctx *c)
{
    PyObject *names;

    Py_CLEAR(c->legend_names);
    names = PyObject_CallMethodOneArg(w->st->legend, w->st->s_legend_names, c->ax);
    if (names == NULL) {
        if (PyErr_ExceptionMatches(PyExc_MemoryError))
            return mpl_fail(w, "the legend", c->ax);
        PyErr_Clear();
        return 0;
    }
    if (PyDict_CheckExact(names) && PyDict_GET_SIZE(names) > 0)
        c->legend_names = names;
    else
        Py_DECREF(names);
    return 0;
}

int
mpl_legend_groups(walk *w, axctx *c, PyObject *coll, PyObject **groups)
{
    PyObject *e;

    *groups = NULL;
    if (mpl_legend_entry(w, c, coll, &e) < 0)
        return -1;
    if (e != NULL && PyList_CheckExact(e))
        *groups = e;
    return 0;
}

/* Adds one scatter artist per group of groups (our own list of (name,
 * indices) from chartex._matplotlib.legend, checked all the same) with the points of
 * xy (n x 2) at those indices, labelled with the group's name. */
static int
add_groups(walk *w, axctx *c, PyObject *coll, PyObject *groups, const double *xy,
           size_t n)
{
    PyObject *item, *name, *keep = NULL;
    PyArrayObject *idx = NULL;
    double *sub = NULL;
    const npy_int64 *ix;
    chartex_artist *a;
    const char *s;
    size_t len, k, m;
    Py_ssize_t g;
    int rc = -1;

    for (g = 0; g < PyList_GET_SIZE(groups); g++) {
        item = PyList_GET_ITEM(groups, g);
        if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 2
            || !PyUnicode_Check(PyTuple_GET_ITEM(item, 0))) {
            PyErr_SetString(PyExc_TypeError, "chartex._matplotlib.legend: unexpected groups");
            goto fail;
        }
        name = PyTuple_GET_ITEM(item, 0);
        idx = (PyArrayObject *)PyArray_FROMANY(PyTuple_GET_ITEM(item, 1), NPY_INT64, 1, 1,
                                               NPY_ARRAY_IN_ARRAY);
        if (idx == NULL)
            goto fail;
        m = (size_t)PyArray_DIM(idx, 0);
        ix = (const npy_int64 *)PyArray_DATA(idx);
        sub = PyMem_Calloc(m ? 2 * m : 1, sizeof *sub);
        if (sub == NULL) {
            PyErr_NoMemory();
            goto fail;
        }
        for (k = 0; k < m; k++) {
            if (ix[k] < 0 || (size_t)ix[k] >= n) {
                PyErr_SetString(PyExc_IndexError, "chartex._matplotlib.legend: index out of range");
                goto fail;
            }
            sub[2 * k] = xy[2 * ix[k]];
            sub[2 * k + 1] = xy[2 * ix[k] + 1];
        }
        a = mpl_new_artist(w, c, CHARTEX_ARTIST_SCATTER, coll, NULL, CHARTEX_ROLE_DATA, 0, 0);
        if (a == NULL)
            goto done;
        if (mpl_utf8_of(name, &s, &len, &keep) < 0)
            goto fail;
        if (chartex_artist_set_label(a, s, len, &w->err) < 0
            || chartex_artist_set_points(a, m, sub, &w->err) < 0) {
            mpl_core_fail(w);
            goto done;
        }
        Py_CLEAR(keep);
        Py_CLEAR(idx);
        PyMem_Free(sub);
        sub = NULL;
    }
    rc = 0;
    goto done;
fail:
    mpl_fail(w, "the legend's groups", coll);
done:
    Py_XDECREF(keep);
    Py_XDECREF(idx);
    PyMem_Free(sub);
    return rc;
}

int
mpl_legend_split(walk *w, axctx *c, PyObject *coll, const double *xy, size_t n, int *split)
{
    PyObject *groups;

    *split = 0;
    if (mpl_legend_groups(w, c, coll, &groups) < 0)
        return -1;
    if (groups == NULL || n == 0)
        return 0;
    /* Held: reading the groups runs no Python code, but be safe. */
    Py_INCREF(groups);
    *split = add_groups(w, c, coll, groups, xy, n) < 0 ? -1 : 1;
    Py_DECREF(groups);
    return *split < 0 ? -1 : 0;
}
