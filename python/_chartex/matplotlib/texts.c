/*
 * texts.c - the walker's room for text on the data: the Axes' texts
 * (ax.text, ax.annotate, bar_label) that stand at a data position, and the
 * cells of its tables (ax.table).  Each becomes a TEXT artist whose label
 * is the text and whose one point is the position; a table's cells share
 * a group and carry (column, row) as their point.
 *
 * Where a text stands is read by chartex._matplotlib.artists.text_anchor (an
 * Annotation's annotated point when it is given in data coordinates, a
 * plain Text's position when it is drawn with the data transform); the
 * cells by chartex._matplotlib.artists.table_cells.
 */
#include "walk.h"

#include <string.h>

/* Adds a TEXT artist for text s at (x, y). */
static int
add_text(walk *w, axctx *c, PyObject *owner, PyObject *s_obj, const double xy[2],
         unsigned flags, unsigned long group)
{
    chartex_artist *a;
    const char *s;
    size_t len;
    PyObject *keep = NULL;
    int rc = -1;

    if (mpl_utf8_of(s_obj, &s, &len, &keep) < 0) {
        mpl_fail(w, "a text", owner);
        return -1;
    }
    a = chartex_axes_add_artist(c->axes, CHARTEX_ARTIST_TEXT, &w->err);
    if (a == NULL || chartex_artist_set_label(a, s, len, &w->err) < 0
        || chartex_artist_set_class(a, chx_class_name(owner), strlen(chx_class_name(owner)),
                                    &w->err) < 0
        || chartex_artist_set_points(a, 1, xy, &w->err) < 0) {
        mpl_core_fail(w);
        goto done;
    }
    chartex_artist_set_flags(a, flags);
    chartex_artist_set_group(a, group);
    rc = 0;
done:
    Py_XDECREF(keep);
    return rc;
}

/* One text of ax.texts: (text, x, y) from text_anchor, or None. */
static int
read_text(walk *w, axctx *c, PyObject *text)
{
    PyObject *res = NULL, *seq = NULL;
    PyArrayObject *pts = NULL;
    size_t n;
    int rc = -1, vis, centre;

    vis = mpl_is_visible(w, text);
    if (vis <= 0)
        return vis;
    res = PyObject_CallMethodObjArgs(w->st->artists, w->st->s_text_anchor, c->ax, text, NULL);
    if (res == NULL)
        goto fail;
    if (res == Py_None) {
        rc = 0;
        goto done;
    }
    seq = PySequence_Fast(res, "text_anchor() must return a sequence");
    if (seq == NULL)
        goto fail;
    if (PySequence_Fast_GET_SIZE(seq) != 3) {
        PyErr_SetString(PyExc_ValueError, "text_anchor() must return 3 values");
        goto fail;
    }
    centre = PyObject_IsTrue(PySequence_Fast_GET_ITEM(seq, 2));
    if (centre < 0)
        goto fail;
    if (mpl_read_points(w, c, PySequence_Fast_GET_ITEM(seq, 1), 1, &pts, &n) < 0)
        goto fail;
    if (n != 1) {
        PyErr_SetString(PyExc_ValueError, "a text stands at one position");
        goto fail;
    }
    rc = add_text(w, c, text, PySequence_Fast_GET_ITEM(seq, 0),
                  (const double *)PyArray_DATA(pts), centre ? CHARTEX_TEXT_BAR_CENTRE : 0, 0);
    goto done;
fail:
    mpl_fail(w, "a text's position", text);
done:
    Py_XDECREF(res);
    Py_XDECREF(seq);
    Py_XDECREF(pts);
    return rc;
}

/* One table of ax.tables: table_cells gives [(row, col, text), ...]. */
static int
read_table(walk *w, axctx *c, PyObject *table)
{
    PyObject *cells = NULL, *seq = NULL, *item;
    Py_ssize_t i;
    double pos[2];
    long rc_idx[2];
    unsigned long group;
    int rc = -1, vis, k;

    vis = mpl_is_visible(w, table);
    if (vis <= 0)
        return vis;
    cells = PyObject_CallMethodOneArg(w->st->artists, w->st->s_table_cells, table);
    if (cells == NULL)
        goto fail;
    seq = PySequence_Fast(cells, "table_cells() must return a sequence");
    if (seq == NULL)
        goto fail;
    group = ++w->next_group;
    for (i = 0; i < PySequence_Fast_GET_SIZE(seq); i++) {
        item = PySequence_Fast_GET_ITEM(seq, i);
        if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 3) {
            PyErr_SetString(PyExc_ValueError, "a table cell must be (row, col, text)");
            goto fail;
        }
        for (k = 0; k < 2; k++) {
            rc_idx[k] = PyLong_AsLong(PyTuple_GET_ITEM(item, k));
            if (rc_idx[k] == -1 && PyErr_Occurred())
                goto fail;
        }
        pos[0] = (double)rc_idx[1];
        pos[1] = (double)rc_idx[0];
        if (add_text(w, c, table, PyTuple_GET_ITEM(item, 2), pos, CHARTEX_TEXT_TABLE_CELL,
                     group) < 0)
            goto done;
    }
    rc = 0;
    goto done;
fail:
    mpl_fail(w, "a table", table);
done:
    Py_XDECREF(cells);
    Py_XDECREF(seq);
    return rc;
}

/* Reads each object of the list ax.<name> with reader. */
static int
read_list(walk *w, axctx *c, PyObject *name, int (*reader)(walk *, axctx *, PyObject *))
{
    PyObject *list = NULL, *seq = NULL;
    Py_ssize_t i;
    int rc = -1;

    list = mpl_get_optional(c->ax, name);
    if (list == NULL) {
        if (PyErr_Occurred())
            return mpl_fail(w, "the texts", c->ax);
        return 0;
    }
    seq = PySequence_List(list);
    if (seq == NULL) {
        mpl_fail(w, "the texts", c->ax);
        goto done;
    }
    for (i = 0; i < PyList_GET_SIZE(seq); i++)
        if (reader(w, c, PyList_GET_ITEM(seq, i)) < 0)
            goto done;
    rc = 0;
done:
    Py_XDECREF(list);
    Py_XDECREF(seq);
    return rc;
}

/* Reads each object of the list seq (a list of our own) with reader. */
static int
read_each(walk *w, axctx *c, PyObject *seq, int (*reader)(walk *, axctx *, PyObject *))
{
    Py_ssize_t i;

    for (i = 0; i < PyList_GET_SIZE(seq); i++)
        if (reader(w, c, PyList_GET_ITEM(seq, i)) < 0)
            return -1;
    return 0;
}

int
mpl_read_texts(walk *w, axctx *c)
{
    PyObject *res;
    int rc;

    /* Both lists from one pass over the children (chartex._matplotlib.
     * compat.text_lists), or else each list as matplotlib gives it. */
    res = PyObject_CallMethodOneArg(w->st->compat, w->st->s_text_lists, c->ax);
    if (res == NULL)
        return mpl_fail(w, "the texts", c->ax);
    if (res != Py_None) {
        if (!PyTuple_Check(res) || PyTuple_GET_SIZE(res) != 2
            || !PyList_CheckExact(PyTuple_GET_ITEM(res, 0))
            || !PyList_CheckExact(PyTuple_GET_ITEM(res, 1))) {
            Py_DECREF(res);
            PyErr_SetString(PyExc_TypeError,
                            "chartex._matplotlib.compat.text_lists: unexpected result");
            return mpl_fail(w, "the texts", c->ax);
        }
        rc = read_each(w, c, PyTuple_GET_ITEM(res, 0), read_text) < 0
                     || read_each(w, c, PyTuple_GET_ITEM(res, 1), read_table) < 0
                 ? -1 : 0;
        Py_DECREF(res);
        return rc;
    }
    Py_DECREF(res);
    if (read_list(w, c, w->st->s_texts, read_text) < 0)
        return -1;
    return read_list(w, c, w->st->s_tables, read_table);
}
