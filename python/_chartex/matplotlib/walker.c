/*
 * walker.c - the walk from the top: a Figure (or SubFigure) and its
 * subfigures, their axes (titles, flags, colorbars), each read through
 * axis.c and order.c into a new scene.  The walker's files and
 * who calls whom: walk.h.
 */
#include "walk.h"

#include <math.h>

#include <string.h>

/* Subfigures nest; a hostile figure must not recurse without bound. */
#define MAX_SUBFIGURE_DEPTH 64

/* Adapters from the typed builder functions to mpl_text_setter. */
static int
set_suptitle(void *t, const char *s, size_t n, chartex_error *e)
{
    return chartex_scene_set_suptitle(t, s, n, e);
}

static int
set_title_center(void *t, const char *s, size_t n, chartex_error *e)
{
    return chartex_axes_set_title(t, CHARTEX_TITLE_CENTER, s, n, e);
}

static int
set_title_left(void *t, const char *s, size_t n, chartex_error *e)
{
    return chartex_axes_set_title(t, CHARTEX_TITLE_LEFT, s, n, e);
}

static int
set_title_right(void *t, const char *s, size_t n, chartex_error *e)
{
    return chartex_axes_set_title(t, CHARTEX_TITLE_RIGHT, s, n, e);
}

/* ------------------------------------------------------------------ axes */

/* 1 when ax.name equals name. */
static int
axes_name_is(PyObject *ax_name, const char *name)
{
    const char *s;

    if (ax_name == NULL || !PyUnicode_Check(ax_name))
        return 0;
    s = PyUnicode_AsUTF8(ax_name);
    if (s == NULL) {
        PyErr_Clear();
        return 0;
    }
    return strcmp(s, name) == 0;
}

/* The axes flags known from the axes alone; COLORBAR is added at the end
 * of the walk for axes that a mappable's colorbar points to. */
static int
axes_flags(walk *w, axctx *c, unsigned *flags)
{
    PyObject *name = NULL, *marker = NULL;
    int is, rc = -1;

    *flags = 0;
    name = mpl_get_optional(c->ax, w->st->s_name);
    if (name == NULL && PyErr_Occurred())
        goto fail;
    if (axes_name_is(name, "polar"))
        *flags |= CHARTEX_AXES_POLAR;
    if (axes_name_is(name, "3d"))
        *flags |= CHARTEX_AXES_3D;
    marker = PyObject_CallMethodOneArg(w->st->compat, w->st->s_colorbar_marker, c->ax);
    if (marker == NULL || (is = PyObject_IsTrue(marker)) < 0)
        goto fail;
    if (is)
        *flags |= CHARTEX_AXES_COLORBAR;
    rc = 0;
    goto done;
fail:
    mpl_fail(w, "the kind of axes", c->ax);
done:
    Py_XDECREF(name);
    Py_XDECREF(marker);
    return rc;
}

/* One side of the axes' bbox in pixels, or NaN when it is not a number.
 * -1 only for an error that must not be hidden (memory). */
static int
bbox_side(PyObject *bbox, PyObject *name, double *v)
{
    PyObject *value = PyObject_GetAttr(bbox, name);

    *v = NAN;
    if (value != NULL && (PyFloat_Check(value) || PyLong_Check(value))
        && !PyBool_Check(value))
        *v = PyFloat_AsDouble(value);
    Py_XDECREF(value);
    if (PyErr_Occurred()) {
        if (PyErr_ExceptionMatches(PyExc_MemoryError))
            return -1;
        PyErr_Clear();
        *v = NAN;
    }
    return 0;
}

/* The axes' size as rendered, in pixels at the figure's dpi (ax.bbox, a
 * public attribute since matplotlib's first releases): what its picture
 * can show (chartex_options.points_per_pixel).  Only a hint: a bbox that
 * cannot be read leaves the size unknown rather than failing the chart. */
static int
axes_pixels(walk *w, axctx *c)
{
    PyObject *bbox = PyObject_GetAttr(c->ax, w->st->s_bbox);
    double width = NAN, height = NAN;
    int rc = 0;

    if (bbox == NULL) {
        if (PyErr_ExceptionMatches(PyExc_MemoryError))
            return -1;
        PyErr_Clear();
    } else if (bbox_side(bbox, w->st->s_width, &width) < 0
               || bbox_side(bbox, w->st->s_height, &height) < 0) {
        rc = -1;
    }
    Py_XDECREF(bbox);
    if (rc == 0)
        chartex_axes_set_pixels(c->axes, width, height);
    return rc;
}

static int
read_axes(walk *w, PyObject *ax, chartex_axes **out, unsigned *flags_out)
{
    chx_state *st = w->st;
    axctx c;
    unsigned flags;
    int rc = -1, vis;

    memset(&c, 0, sizeof c);
    c.ax = ax;
    vis = mpl_is_visible(w, ax);
    if (vis <= 0)
        return vis;
    c.trans_data = PyObject_GetAttr(ax, st->s_transData);
    if (c.trans_data == NULL) {
        mpl_fail(w, "the data transform", ax);
        goto done;
    }
    c.axes = chartex_scene_add_axes(w->scene, &w->err);
    if (c.axes == NULL) {
        mpl_core_fail(w);
        goto done;
    }
    if (mpl_set_text_from_call(w, ax, st->s_get_title, st->s_center, set_title_center,
                           c.axes, "the title") < 0
        || mpl_set_text_from_call(w, ax, st->s_get_title, st->s_left, set_title_left,
                              c.axes, "the left title") < 0
        || mpl_set_text_from_call(w, ax, st->s_get_title, st->s_right, set_title_right,
                              c.axes, "the right title") < 0
        || axes_flags(w, &c, &flags) < 0)
        goto done;
    chartex_axes_set_flags(c.axes, flags);
    c.three_d = (flags & CHARTEX_AXES_3D) != 0;
    if (axes_pixels(w, &c) < 0)
        goto done;
    *out = c.axes;
    *flags_out = flags;
    /* The x axis first: it finds out whether x values are period ordinals. */
    if (mpl_read_axis(w, &c, 0) < 0 || mpl_read_axis(w, &c, 1) < 0
        || (c.three_d && mpl_read_axis(w, &c, 2) < 0))
        goto done;
    if (mpl_legend_read(w, &c) < 0 || mpl_read_artists(w, &c) < 0
        || (!c.three_d && mpl_read_texts(w, &c) < 0))
        goto done;
    rc = 0;
done:
    Py_XDECREF(c.trans_data);
    Py_XDECREF(c.period_freq);
    Py_XDECREF(c.legend_names);
    return rc;
}

/* ---------------------------------------------------------------- figure */

/* Appends the figure's axes, then its subfigures' (recursively), to list;
 * fig.get_axes() of a Figure already lists its subfigures' axes, so ids
 * keeps each axes once. */
static int
collect_axes(walk *w, PyObject *fig, PyObject *list, PyObject *ids, int depth)
{
    PyObject *axes = NULL, *seq = NULL, *subfigs = NULL, *sseq = NULL, *item;
    Py_ssize_t i;
    int rc = -1, in;

    if (depth > MAX_SUBFIGURE_DEPTH) {
        PyErr_SetString(PyExc_RecursionError, "subfigures nested too deeply");
        goto fail;
    }
    axes = PyObject_CallMethodNoArgs(fig, w->st->s_get_axes);
    if (axes == NULL || (seq = PySequence_Fast(axes, "get_axes() must return a sequence")) == NULL)
        goto fail;
    for (i = 0; i < PySequence_Fast_GET_SIZE(seq); i++) {
        item = PySequence_Fast_GET_ITEM(seq, i);
        in = mpl_id_in(ids, item);
        if (in < 0)
            goto fail;
        if (in)
            continue;
        if (mpl_id_add(ids, item) < 0 || PyList_Append(list, item) < 0)
            goto fail;
    }
    subfigs = mpl_get_optional(fig, w->st->s_subfigs);
    if (subfigs == NULL) {
        if (PyErr_Occurred())
            goto fail;
        rc = 0;
        goto done;
    }
    /* A copy: reading a subfigure runs Python code, which may change the
     * figure's list and drop the last reference to the subfigure. */
    sseq = PySequence_Tuple(subfigs);
    if (sseq == NULL)
        goto fail;
    for (i = 0; i < PySequence_Fast_GET_SIZE(sseq); i++)
        if (collect_axes(w, PySequence_Fast_GET_ITEM(sseq, i), list, ids, depth + 1) < 0)
            goto done;
    rc = 0;
    goto done;
fail:
    mpl_fail(w, "the axes", fig);
done:
    Py_XDECREF(axes);
    Py_XDECREF(seq);
    Py_XDECREF(subfigs);
    Py_XDECREF(sseq);
    return rc;
}

chartex_scene *
mpl_read_figure(chx_state *st, PyObject *fig, PyObject *keep)
{
    walk w;
    PyObject *axes = NULL, *ids = NULL;
    chartex_axes **read = NULL;   /* per axes of the list: its scene axes, or NULL */
    unsigned *flags = NULL;
    chartex_scene *result = NULL;
    Py_ssize_t i, n;
    int in;

    memset(&w, 0, sizeof w);
    w.st = st;
    w.keep = keep;
    if (chx_ready(st) < 0)
        goto done;
    w.scene = chartex_scene_new(&w.err);
    if (w.scene == NULL) {
        mpl_core_fail(&w);
        goto done;
    }
    w.colorbar_axes = PySet_New(NULL);
    axes = PyList_New(0);
    ids = PySet_New(NULL);
    if (w.colorbar_axes == NULL || axes == NULL || ids == NULL)
        goto done;
    if (mpl_set_text_from_call(&w, st->compat, st->s_suptitle, fig, set_suptitle,
                           w.scene, "the suptitle") < 0)
        goto done;
    if (collect_axes(&w, fig, axes, ids, 0) < 0)
        goto done;
    n = PyList_GET_SIZE(axes);
    read = PyMem_Calloc(n ? (size_t)n : 1, sizeof *read);
    flags = PyMem_Calloc(n ? (size_t)n : 1, sizeof *flags);
    if (read == NULL || flags == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (i = 0; i < n; i++)
        if (read_axes(&w, PyList_GET_ITEM(axes, i), &read[i], &flags[i]) < 0)
            goto done;
    /* Only now are all colorbars known: a colorbar's axes can come before
     * the axes of its mappable (fig.colorbar(im, cax=cax)). */
    for (i = 0; i < n; i++) {
        if (read[i] == NULL)
            continue;
        in = mpl_id_in(w.colorbar_axes, PyList_GET_ITEM(axes, i));
        if (in < 0) {
            mpl_fail(&w, "the colorbars", NULL);
            goto done;
        }
        if (in)
            chartex_axes_set_flags(read[i], flags[i] | CHARTEX_AXES_COLORBAR);
    }
    result = w.scene;
    w.scene = NULL;
done:
    chartex_scene_free(w.scene);
    PyMem_Free(read);
    PyMem_Free(flags);
    chx_ptrmap_clear(&w.seen);
    Py_XDECREF(w.colorbar_axes);
    Py_XDECREF(axes);
    Py_XDECREF(ids);
    return result;
}
