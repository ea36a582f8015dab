/*
 * walk_meshes.c - the walker's room for gridded data: images (AxesImage).
 */
#include "walk.h"

#include <string.h>

/* An AxesImage: scalar 2-D data is read, colour (RGB, RGBA) images are
 * counted. */
int
chx_read_image(walk *w, axctx *c, PyObject *im)
{
    PyObject *data = NULL, *ndim_obj = NULL, *ext_obj = NULL;
    PyArrayObject *values = NULL, *ext = NULL;
    chartex_artist *a;
    double extent[4];
    long ndim;
    int rc = -1, vis, is;

    if (chx_note_colorbar(w, im) < 0)
        return -1;
    vis = chx_is_visible(w, im);
    if (vis <= 0)
        return vis;
    is = PyObject_IsInstance(im, w->st->cls[CHX_AXESIMAGE]);
    if (is < 0)
        return chx_fail(w, "the class", im);
    if (!is)
        return chx_read_other(w, c, im, CHARTEX_ROLE_DATA);
    data = PyObject_CallMethodNoArgs(im, w->st->s_get_array);
    if (data == NULL)
        goto fail;
    if (data == Py_None) {
        rc = chx_read_other(w, c, im, CHARTEX_ROLE_DATA);
        goto done;
    }
    ndim_obj = PyObject_GetAttr(data, w->st->s_ndim);
    if (ndim_obj == NULL)
        goto fail;
    ndim = PyLong_AsLong(ndim_obj);
    if (ndim == -1 && PyErr_Occurred())
        goto fail;
    if (ndim != 2) {
        rc = chx_read_other(w, c, im, CHARTEX_ROLE_DATA);
        goto done;
    }
    ext_obj = PyObject_CallMethodNoArgs(im, w->st->s_get_extent);
    if (ext_obj == NULL)
        goto fail;
    ext = chx_as_doubles(w, ext_obj, 1, 1);
    if (ext == NULL)
        goto fail;
    if (PyArray_SIZE(ext) != 4) {
        PyErr_SetString(PyExc_ValueError, "the extent is not 4 numbers");
        goto fail;
    }
    memcpy(extent, PyArray_DATA(ext), sizeof extent);
    a = chx_new_artist(w, c, CHARTEX_ARTIST_IMAGE, im, NULL, CHARTEX_ROLE_DATA, 0, 0);
    if (a == NULL)
        goto done;
    /* The values last, with no Python code run between reading them and
     * the core copying them: they may share the image's buffer, which
     * get_extent() or get_label() could resize (and free) in place. */
    values = chx_as_doubles(w, data, 2, 2);
    if (values == NULL)
        goto fail;
    if (chartex_artist_set_image(a, (size_t)PyArray_DIM(values, 0),
                                 (size_t)PyArray_DIM(values, 1),
                                 PyArray_DATA(values), extent, &w->err) < 0) {
        chx_core_fail(w);
        goto done;
    }
    rc = 0;
    goto done;
fail:
    chx_fail(w, "the image", im);
done:
    Py_XDECREF(data);
    Py_XDECREF(ndim_obj);
    Py_XDECREF(ext_obj);
    Py_XDECREF(values);
    Py_XDECREF(ext);
    return rc;
}
