/*
 * meshes.c - the walker's room for gridded data: images (AxesImage,
 * scalar or RGB(A), NonUniformImage, PcolorImage), meshes (QuadMesh,
 * PolyQuadMesh, pcolor's PolyCollection, hist2d, seaborn's heatmap),
 * cells (hexbin, tripcolor) and contour sets (contour, contourf,
 * tricontour(f), seaborn's 2-D kdeplot).
 *
 * What differs between matplotlib releases (a ContourSet is one
 * Collection from 3.8, one collection per level before; pcolor's class;
 * the private centres of a NonUniformImage) is read by
 * chartex._matplotlib.artists.gridded, which returns NumPy arrays: nothing here or
 * there works per cell.
 */
#include "walk.h"

#include <string.h>

/* The ("...", scale, ...) tuple of chartex._matplotlib.artists.gridded: item i. */
#define ITEM(t, i) PyTuple_GET_ITEM((t), (i))

/* Applies scale, (vmin, vmax, norm name, colorbar label), to a. */
static int
set_scale(walk *w, chartex_artist *a, PyObject *scale)
{
    PyObject *keep = NULL;
    const char *s;
    size_t len;
    double vmin, vmax;
    int rc = -1;

    if (!PyTuple_Check(scale) || PyTuple_GET_SIZE(scale) != 4) {
        PyErr_SetString(PyExc_TypeError, "chartex._matplotlib.artists.gridded: bad colour scale");
        return -1;
    }
    vmin = PyFloat_AsDouble(ITEM(scale, 0));
    vmax = PyFloat_AsDouble(ITEM(scale, 1));
    if (PyErr_Occurred() || mpl_utf8_of(ITEM(scale, 2), &s, &len, &keep) < 0)
        goto done;
    if (chartex_artist_set_color_scale(a, vmin, vmax, s, len, &w->err) < 0) {
        mpl_core_fail(w);
        rc = -2;
        goto done;
    }
    Py_CLEAR(keep);
    if (mpl_utf8_of(ITEM(scale, 3), &s, &len, &keep) < 0)
        goto done;
    if (chartex_artist_set_colorbar_label(a, s, len, &w->err) < 0) {
        mpl_core_fail(w);
        rc = -2;
        goto done;
    }
    rc = 0;
done:
    Py_XDECREF(keep);
    return rc;
}

/* texts, [(row, col, text), ...], onto the cells of a. */
static int
set_texts(walk *w, chartex_artist *a, PyObject *texts)
{
    PyObject *keep = NULL;
    Py_ssize_t i;
    const char *s;
    size_t len, row, col;
    int rc = -1;

    if (!PyList_Check(texts)) {
        PyErr_SetString(PyExc_TypeError, "chartex._matplotlib.artists.gridded: bad cell texts");
        return -1;
    }
    for (i = 0; i < PyList_GET_SIZE(texts); i++) {
        PyObject *t = PyList_GET_ITEM(texts, i);

        if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) != 3) {
            PyErr_SetString(PyExc_TypeError, "chartex._matplotlib.artists.gridded: bad cell text");
            goto done;
        }
        row = PyLong_AsSize_t(ITEM(t, 0));
        col = row == (size_t)-1 ? 0 : PyLong_AsSize_t(ITEM(t, 1));
        if (PyErr_Occurred() || mpl_utf8_of(ITEM(t, 2), &s, &len, &keep) < 0)
            goto done;
        if (chartex_artist_set_cell_text(a, row, col, s, len, &w->err) < 0) {
            mpl_core_fail(w);
            rc = -2;
            goto done;
        }
        Py_CLEAR(keep);
    }
    rc = 0;
done:
    Py_XDECREF(keep);
    return rc;
}

/* ("mesh", scale, values, x_edges, y_edges[, texts]) */
static int
read_mesh(walk *w, axctx *c, PyObject *obj, PyObject *t)
{
    PyArrayObject *v = NULL, *xe = NULL, *ye = NULL;
    chartex_artist *a;
    double extent[4];
    size_t nx, ny;
    int rc = -1;

    v = mpl_as_doubles(w, ITEM(t, 2), 2, 2);
    xe = v ? mpl_as_doubles(w, ITEM(t, 3), 1, 1) : NULL;
    ye = xe ? mpl_as_doubles(w, ITEM(t, 4), 1, 1) : NULL;
    if (ye == NULL)
        goto done;
    nx = (size_t)PyArray_SIZE(xe);
    ny = (size_t)PyArray_SIZE(ye);
    if (nx < 2 || ny < 2) {
        rc = 0;    /* an empty mesh draws nothing */
        goto done;
    }
    extent[0] = ((double *)PyArray_DATA(xe))[0];
    extent[1] = ((double *)PyArray_DATA(xe))[nx - 1];
    extent[2] = ((double *)PyArray_DATA(ye))[0];
    extent[3] = ((double *)PyArray_DATA(ye))[ny - 1];
    a = mpl_new_artist(w, c, CHARTEX_ARTIST_IMAGE, obj, NULL, CHARTEX_ROLE_DATA, 0, 0);
    if (a == NULL) {
        rc = -2;
        goto done;
    }
    if (chartex_artist_set_image(a, (size_t)PyArray_DIM(v, 0), (size_t)PyArray_DIM(v, 1),
                                 PyArray_DATA(v), extent, &w->err) < 0
        || chartex_artist_set_mesh_edges(a, nx, PyArray_DATA(xe), ny, PyArray_DATA(ye),
                                         &w->err) < 0) {
        mpl_core_fail(w);
        rc = -2;
        goto done;
    }
    rc = set_scale(w, a, ITEM(t, 1));
    if (rc == 0 && PyTuple_GET_SIZE(t) > 5)
        rc = set_texts(w, a, ITEM(t, 5));
done:
    Py_XDECREF(v);
    Py_XDECREF(xe);
    Py_XDECREF(ye);
    return rc;
}

/* ("cells", scale, centres (n, 2), values (n,)) */
static int
read_cells(walk *w, axctx *c, PyObject *obj, PyObject *t)
{
    PyArrayObject *xy = NULL, *v = NULL;
    chartex_artist *a;
    int rc = -1;

    xy = mpl_as_doubles(w, ITEM(t, 2), 2, 2);
    v = xy ? mpl_as_doubles(w, ITEM(t, 3), 1, 1) : NULL;
    if (v == NULL)
        goto done;
    if (PyArray_DIM(xy, 1) != 2 || PyArray_DIM(xy, 0) != PyArray_SIZE(v)) {
        PyErr_SetString(PyExc_ValueError, "cells and values differ in number");
        goto done;
    }
    a = mpl_new_artist(w, c, CHARTEX_ARTIST_IMAGE, obj, NULL, CHARTEX_ROLE_DATA, 0, 0);
    if (a == NULL) {
        rc = -2;
        goto done;
    }
    if (chartex_artist_set_cells(a, (size_t)PyArray_SIZE(v), PyArray_DATA(xy),
                                 PyArray_DATA(v), &w->err) < 0) {
        mpl_core_fail(w);
        rc = -2;
        goto done;
    }
    rc = set_scale(w, a, ITEM(t, 1));
done:
    Py_XDECREF(xy);
    Py_XDECREF(v);
    return rc;
}

/* ("colors", extent, pixels (rows, cols, channels), origin_lower) */
static int
read_colors(walk *w, axctx *c, PyObject *obj, PyObject *t)
{
    PyArrayObject *ext = NULL, *px = NULL;
    chartex_artist *a;
    int rc = -1, lower;

    ext = mpl_as_doubles(w, ITEM(t, 1), 1, 1);
    if (ext == NULL || (lower = PyObject_IsTrue(ITEM(t, 3))) < 0)
        goto done;
    if (PyArray_SIZE(ext) != 4) {
        PyErr_SetString(PyExc_ValueError, "the extent is not 4 numbers");
        goto done;
    }
    px = mpl_as_doubles(w, ITEM(t, 2), 3, 3);
    if (px == NULL)
        goto done;
    a = mpl_new_artist(w, c, CHARTEX_ARTIST_IMAGE, obj, NULL, CHARTEX_ROLE_DATA,
                       lower ? CHARTEX_IMAGE_ORIGIN_LOWER : 0, 0);
    if (a == NULL) {
        rc = -2;
        goto done;
    }
    if (chartex_artist_set_image_colors(a, (size_t)PyArray_DIM(px, 0),
                                        (size_t)PyArray_DIM(px, 1),
                                        (size_t)PyArray_DIM(px, 2), PyArray_DATA(px),
                                        PyArray_DATA(ext), &w->err) < 0) {
        mpl_core_fail(w);
        rc = -2;
        goto done;
    }
    rc = 0;
done:
    Py_XDECREF(ext);
    Py_XDECREF(px);
    return rc;
}

/* A contour's level labels (one per level at most, empty ones left
 * out).  -1: a Python error; -2: a core error, reported. */
static int
level_labels(walk *w, chartex_artist *a, PyObject *labels, Py_ssize_t n_levels)
{
    PyObject *keep = NULL;
    const char *s;
    size_t len;
    Py_ssize_t i;

    for (i = 0; i < PyList_GET_SIZE(labels) && i < n_levels; i++) {
        if (mpl_utf8_of(PyList_GET_ITEM(labels, i), &s, &len, &keep) < 0) {
            Py_XDECREF(keep);
            return -1;
        }
        if (len > 0 && chartex_artist_set_level_label(a, (size_t)i, s, len, &w->err) < 0) {
            Py_XDECREF(keep);
            mpl_core_fail(w);
            return -2;
        }
        Py_CLEAR(keep);
    }
    return 0;
}

/* A contour's paths, each (level, points (n, 2)).  -1: a Python error;
 * -2: a core error, reported. */
static int
level_paths(walk *w, chartex_artist *a, PyObject *paths)
{
    PyArrayObject *pts;
    Py_ssize_t i, level;

    for (i = 0; i < PyList_GET_SIZE(paths); i++) {
        PyObject *item = PyList_GET_ITEM(paths, i);
        int rc = 0;

        if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 2) {
            PyErr_SetString(PyExc_TypeError, "chartex._matplotlib.artists.gridded: bad contour path");
            return -1;
        }
        level = PyLong_AsSsize_t(ITEM(item, 0));
        if (level < 0) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "negative contour level");
            return -1;
        }
        pts = mpl_as_doubles(w, ITEM(item, 1), 2, 2);
        if (pts == NULL)
            return -1;
        if (PyArray_DIM(pts, 1) != 2) {
            PyErr_SetString(PyExc_ValueError, "contour points are not (n, 2)");
            rc = -1;
        }
        else if (chartex_artist_add_level_path(a, (size_t)level, (size_t)PyArray_DIM(pts, 0),
                                               PyArray_DATA(pts), &w->err) < 0) {
            mpl_core_fail(w);
            rc = -2;
        }
        Py_DECREF(pts);
        if (rc < 0)
            return rc;
    }
    return 0;
}

/* ("contour", scale, filled, levels, labels, [(level, points)], members) */
static int
read_contour(walk *w, axctx *c, PyObject *obj, PyObject *t)
{
    PyObject *labels = ITEM(t, 4), *paths = ITEM(t, 5), *members = ITEM(t, 6);
    PyArrayObject *levels = NULL;
    chartex_artist *a;
    Py_ssize_t i;
    int rc = -1, filled;

    if (!PyList_Check(labels) || !PyList_Check(paths) || !PyTuple_Check(members)) {
        PyErr_SetString(PyExc_TypeError, "chartex._matplotlib.artists.gridded: bad contour set");
        goto done;
    }
    /* Its collections (matplotlib < 3.8) are read here, never as scatters. */
    for (i = 0; i < PyTuple_GET_SIZE(members); i++)
        if (mpl_ptr_add(&w->seen, ITEM(members, i)) < 0)
            goto done;
    if ((filled = PyObject_IsTrue(ITEM(t, 2))) < 0)
        goto done;
    levels = mpl_as_doubles(w, ITEM(t, 3), 1, 1);
    if (levels == NULL)
        goto done;
    a = mpl_new_artist(w, c, CHARTEX_ARTIST_CONTOUR, obj, NULL, CHARTEX_ROLE_DATA,
                       filled ? CHARTEX_CONTOUR_FILLED : 0, 0);
    if (a == NULL) {
        rc = -2;
        goto done;
    }
    if (chartex_artist_set_levels(a, (size_t)PyArray_SIZE(levels), PyArray_DATA(levels),
                                  &w->err) < 0) {
        mpl_core_fail(w);
        rc = -2;
        goto done;
    }
    if ((rc = level_labels(w, a, labels, PyArray_SIZE(levels))) < 0
        || (rc = level_paths(w, a, paths)) < 0)
        goto done;
    rc = set_scale(w, a, ITEM(t, 1));
done:
    Py_XDECREF(levels);
    return rc;
}

/* Calls chartex._matplotlib.artists.gridded(obj): a new reference, or NULL with an
 * exception. */
static PyObject *
gridded(walk *w, PyObject *obj)
{
    return PyObject_CallMethodOneArg(w->st->artists, w->st->s_gridded, obj);
}

/* Reads the gridded artist obj as t (gridded's result) says.  0, or -1
 * with ChartexError set. */
static int
read_gridded(walk *w, axctx *c, PyObject *obj, PyObject *t)
{
    const char *form;
    int rc;

    if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) < 1 || !PyUnicode_Check(ITEM(t, 0))
        || (form = PyUnicode_AsUTF8(ITEM(t, 0))) == NULL) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_TypeError, "chartex._matplotlib.artists.gridded: unexpected result");
        return mpl_fail(w, "the mesh", obj);
    }
    if (strcmp(form, "mesh") == 0 && (PyTuple_GET_SIZE(t) == 5 || PyTuple_GET_SIZE(t) == 6))
        rc = read_mesh(w, c, obj, t);
    else if (strcmp(form, "cells") == 0 && PyTuple_GET_SIZE(t) == 4)
        rc = read_cells(w, c, obj, t);
    else if (strcmp(form, "colors") == 0 && PyTuple_GET_SIZE(t) == 4)
        rc = read_colors(w, c, obj, t);
    else if (strcmp(form, "contour") == 0 && PyTuple_GET_SIZE(t) == 7)
        rc = read_contour(w, c, obj, t);
    else {
        PyErr_SetString(PyExc_TypeError, "chartex._matplotlib.artists.gridded: unexpected result");
        rc = -1;
    }
    /* -2: a builder call failed, already reported. */
    if (rc == -1)
        return mpl_fail(w, "the mesh", obj);
    return rc < 0 ? -1 : 0;
}

int
mpl_read_gridded(walk *w, axctx *c, PyObject *coll)
{
    PyObject *t = gridded(w, coll);
    int rc;

    if (t == NULL)
        return mpl_fail(w, "the mesh", coll);
    if (t == Py_None) {
        Py_DECREF(t);
        return 0;
    }
    rc = read_gridded(w, c, coll, t);
    Py_DECREF(t);
    return rc < 0 ? -1 : 1;
}

/* An image's extent (get_extent(): 4 numbers) into extent; -1 with a
 * Python error. */
static int
image_extent(walk *w, PyObject *im, double extent[4])
{
    PyObject *ext_obj = PyObject_CallMethodNoArgs(im, w->st->s_get_extent);
    PyArrayObject *ext = ext_obj != NULL ? mpl_as_doubles(w, ext_obj, 1, 1) : NULL;
    int rc = -1;

    if (ext != NULL) {
        if (PyArray_SIZE(ext) != 4)
            PyErr_SetString(PyExc_ValueError, "the extent is not 4 numbers");
        else {
            memcpy(extent, PyArray_DATA(ext), 4 * sizeof *extent);
            rc = 0;
        }
    }
    Py_XDECREF(ext_obj);
    Py_XDECREF(ext);
    return rc;
}

/* A scalar AxesImage: its array, extent and origin, and scale. */
static int
read_scalar_image(walk *w, axctx *c, PyObject *im, PyObject *data, PyObject *t)
{
    PyObject *ndim_obj = NULL;
    PyArrayObject *values = NULL;
    chartex_artist *a;
    double extent[4];
    long ndim;
    int rc = -1, lower;

    ndim_obj = PyObject_GetAttr(data, w->st->s_ndim);
    if (ndim_obj == NULL)
        goto fail;
    ndim = PyLong_AsLong(ndim_obj);
    if (ndim == -1 && PyErr_Occurred())
        goto fail;
    if (ndim != 2) {
        rc = mpl_read_other(w, c, im, CHARTEX_ROLE_DATA);
        goto done;
    }
    if ((lower = PyObject_IsTrue(ITEM(t, 2))) < 0 || image_extent(w, im, extent) < 0)
        goto fail;
    a = mpl_new_artist(w, c, CHARTEX_ARTIST_IMAGE, im, NULL, CHARTEX_ROLE_DATA,
                       lower ? CHARTEX_IMAGE_ORIGIN_LOWER : 0, 0);
    if (a == NULL)
        goto done;
    rc = set_scale(w, a, ITEM(t, 1));
    if (rc == -1)
        goto fail;
    if (rc < 0)
        goto done;
    rc = -1;
    /* The values last, with no Python code run between reading them and
     * the core copying them: they may share the image's buffer, which
     * get_extent() or get_label() could resize (and free) in place. */
    values = mpl_as_doubles(w, data, 2, 2);
    if (values == NULL)
        goto fail;
    if (chartex_artist_set_image(a, (size_t)PyArray_DIM(values, 0),
                                 (size_t)PyArray_DIM(values, 1),
                                 PyArray_DATA(values), extent, &w->err) < 0) {
        mpl_core_fail(w);
        goto done;
    }
    /* The texts after the values: the grid's size is known then. */
    rc = set_texts(w, a, ITEM(t, 3));
    if (rc == -1)
        goto fail;
    rc = rc < 0 ? -1 : 0;
    goto done;
fail:
    mpl_fail(w, "the image", im);
done:
    Py_XDECREF(ndim_obj);
    Py_XDECREF(values);
    return rc;
}

/* An AxesImage: scalar 2-D data, colours (RGB, RGBA), or a mesh
 * (NonUniformImage, PcolorImage). */
int
mpl_read_image(walk *w, axctx *c, PyObject *im)
{
    PyObject *data = NULL, *t = NULL;
    const char *form;
    int rc = -1, vis, is;

    if (mpl_note_colorbar(w, im) < 0)
        return -1;
    vis = mpl_is_visible(w, im);
    if (vis <= 0)
        return vis;
    is = PyObject_IsInstance(im, w->st->cls[CHX_AXESIMAGE]);
    if (is < 0)
        return mpl_fail(w, "the class", im);
    if (!is)
        return mpl_read_other(w, c, im, CHARTEX_ROLE_DATA);
    t = gridded(w, im);
    if (t == NULL)
        return mpl_fail(w, "the image", im);
    if (t == Py_None) {
        rc = mpl_read_other(w, c, im, CHARTEX_ROLE_DATA);
        goto done;
    }
    if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) < 1 || !PyUnicode_Check(ITEM(t, 0))
        || (form = PyUnicode_AsUTF8(ITEM(t, 0))) == NULL) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_TypeError, "chartex._matplotlib.artists.gridded: unexpected result");
        rc = mpl_fail(w, "the image", im);
        goto done;
    }
    if (strcmp(form, "image") != 0 || PyTuple_GET_SIZE(t) != 4) {
        rc = read_gridded(w, c, im, t);
        goto done;
    }
    data = PyObject_CallMethodNoArgs(im, w->st->s_get_array);
    if (data == NULL) {
        rc = mpl_fail(w, "the image", im);
        goto done;
    }
    if (data == Py_None)
        rc = mpl_read_other(w, c, im, CHARTEX_ROLE_DATA);
    else
        rc = read_scalar_image(w, c, im, data, t);
done:
    Py_XDECREF(data);
    Py_XDECREF(t);
    return rc;
}
