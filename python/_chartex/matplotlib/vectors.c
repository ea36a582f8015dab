/*
 * vectors.c - the walker's room for vector fields: quiver() and
 * barbs(), read as the position of each arrow or barb and the (u, v)
 * vector given for it, through chartex._matplotlib.artists.vector_data (Quiver keeps
 * U and V, Barbs u and v; Barbs drops masked points from its offsets, so
 * its positions are read from x and y).
 */
#include "walk.h"

int
mpl_read_vectors(walk *w, axctx *c, PyObject *coll)
{
    PyObject *res = NULL, *seq = NULL;
    PyArrayObject *pts = NULL, *u = NULL, *v = NULL;
    chartex_artist *a;
    size_t n = 0;
    int rc = -1, data;

    data = mpl_is_data_transform(w, c, coll, w->st->s_get_offset_transform);
    if (data < 0)
        return -1;
    if (!data)   /* arrows placed in axes or figure coordinates */
        return mpl_read_other(w, c, coll, CHARTEX_ROLE_DECORATION);
    res = PyObject_CallMethodOneArg(w->st->artists, w->st->s_vector_data, coll);
    if (res == NULL)
        goto fail;
    seq = PySequence_Fast(res, "vector_data() must return a sequence");
    if (seq == NULL)
        goto fail;
    if (PySequence_Fast_GET_SIZE(seq) != 3) {
        PyErr_SetString(PyExc_ValueError, "vector_data() must return 3 values");
        goto fail;
    }
    if (mpl_read_points(w, c, PySequence_Fast_GET_ITEM(seq, 0), 1, &pts, &n) < 0)
        goto fail;
    u = mpl_as_doubles_ex(w, PySequence_Fast_GET_ITEM(seq, 1), 1, 1, 1);
    v = u ? mpl_as_doubles_ex(w, PySequence_Fast_GET_ITEM(seq, 2), 1, 1, 1) : NULL;
    if (v == NULL)
        goto fail;
    if ((size_t)PyArray_SIZE(u) != n || (size_t)PyArray_SIZE(v) != n) {
        PyErr_Format(PyExc_ValueError, "%zu positions with %zd u and %zd v values", n,
                     (Py_ssize_t)PyArray_SIZE(u), (Py_ssize_t)PyArray_SIZE(v));
        goto fail;
    }
    a = mpl_new_artist(w, c, CHARTEX_ARTIST_VECTORS, coll, NULL, CHARTEX_ROLE_DATA, 0, 0);
    if (a == NULL)
        goto done;
    if (chartex_artist_set_vectors(a, n, pts ? PyArray_DATA(pts) : NULL,
                                   PyArray_DATA(u), PyArray_DATA(v), &w->err) < 0) {
        mpl_core_fail(w);
        goto done;
    }
    rc = 0;
    goto done;
fail:
    mpl_fail(w, "the vectors", coll);
done:
    Py_XDECREF(res);
    Py_XDECREF(seq);
    Py_XDECREF(pts);
    Py_XDECREF(u);
    Py_XDECREF(v);
    return rc;
}
