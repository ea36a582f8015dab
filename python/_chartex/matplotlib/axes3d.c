/*
 * axes3d.c - the walker's room for mplot3d's artists on a 3-D Axes: a
 * Line3D, a 3-D scatter, polylines (wireframes, 3-D quivers, stems) and
 * polygons (surfaces, 3-D bars, voxels, triangulated surfaces, Patch3D),
 * each with x, y and z in data coordinates.
 *
 * Once a figure has been drawn, the 2-D state matplotlib keeps for these
 * artists is their projection on the screen, not data; the data are in
 * mplot3d's private fields, which chartex._matplotlib.artists.data_3d reads (with its
 * fallbacks) as (kind, xyz, lengths).  This file checks what it got and
 * hands it to the core: the x and y as points or polygons, z through
 * chartex_artist_set_z.
 */
#include "walk.h"

#include <math.h>

/* The kinds of chartex._matplotlib.artists.data_3d. */
enum { KIND_LINE = 0, KIND_POINTS, KIND_LINES, KIND_POLYGONS };

/* lengths as sizes adding up to n: a new array, or NULL with an
 * exception. */
static size_t *
part_lengths(walk *w, PyObject *obj, size_t n, size_t *count)
{
    PyArrayObject *arr;
    const double *d;
    size_t *out = NULL, i, total = 0;

    arr = mpl_as_doubles(w, obj, 1, 1);
    if (arr == NULL)
        return NULL;
    *count = (size_t)PyArray_SIZE(arr);
    d = (const double *)PyArray_DATA(arr);
    out = PyMem_Malloc((*count ? *count : 1) * sizeof *out);
    if (out == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (i = 0; i < *count; i++) {
        if (!(d[i] >= 0 && d[i] <= (double)n && d[i] == floor(d[i]))
            || (total += (size_t)d[i]) > n) {
            PyErr_SetString(PyExc_ValueError, "polygon lengths that do not fit the points");
            PyMem_Free(out);
            out = NULL;
            goto done;
        }
        out[i] = (size_t)d[i];
    }
    if (total != n) {
        PyErr_SetString(PyExc_ValueError, "polygon lengths that do not add up to the points");
        PyMem_Free(out);
        out = NULL;
    }
done:
    Py_DECREF(arr);
    return out;
}

/* Hands the n points of xyz (n rows of x, y, z) to artist a: as its
 * points, or as polygons of the given lengths (parts != NULL), then z. */
static int
set_xyz(walk *w, chartex_artist *a, const double *xyz, size_t n,
        const size_t *parts, size_t n_parts)
{
    double *xy = NULL, *z = NULL;
    size_t i, start = 0;
    int rc = -1;

    xy = PyMem_Malloc((n ? n : 1) * 2 * sizeof *xy);
    z = PyMem_Malloc((n ? n : 1) * sizeof *z);
    if (xy == NULL || z == NULL) {
        PyErr_NoMemory();
        mpl_fail(w, "the 3-D data", NULL);
        goto done;
    }
    for (i = 0; i < n; i++) {
        xy[2 * i] = xyz[3 * i];
        xy[2 * i + 1] = xyz[3 * i + 1];
        z[i] = xyz[3 * i + 2];
    }
    if (parts == NULL) {
        if (chartex_artist_set_points(a, n, xy, &w->err) < 0)
            goto core;
    } else {
        for (i = 0; i < n_parts; start += parts[i], i++)
            if (chartex_artist_add_polygon(a, parts[i], xy + 2 * start, &w->err) < 0)
                goto core;
    }
    if (chartex_artist_set_z(a, n, z, &w->err) < 0)
        goto core;
    rc = 0;
    goto done;
core:
    mpl_core_fail(w);
done:
    PyMem_Free(xy);
    PyMem_Free(z);
    return rc;
}

int
mpl_read_3d(walk *w, axctx *c, PyObject *obj)
{
    static const chartex_artist_kind kinds[4] = {
        CHARTEX_ARTIST_LINE, CHARTEX_ARTIST_SCATTER,
        CHARTEX_ARTIST_SEGMENTS, CHARTEX_ARTIST_AREA
    };
    PyObject *res = NULL, *seq = NULL;
    PyArrayObject *xyz = NULL;
    chartex_artist *a;
    size_t *parts = NULL, n_parts = 0, n;
    unsigned flags = 0;
    long kind;
    int rc = -1, vis;

    res = PyObject_CallMethodOneArg(w->st->artists, w->st->s_data_3d, obj);
    if (res == NULL)
        goto fail;
    if (res == Py_None) {
        rc = 0;
        goto done;
    }
    vis = mpl_is_visible(w, obj);
    if (vis <= 0) {
        rc = vis < 0 ? -1 : 1;
        goto done;
    }
    seq = PySequence_Fast(res, "data_3d() must return a sequence");
    if (seq == NULL)
        goto fail;
    if (PySequence_Fast_GET_SIZE(seq) != 3) {
        PyErr_SetString(PyExc_ValueError, "data_3d() must return 3 values");
        goto fail;
    }
    kind = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, 0));
    if (kind == -1 && PyErr_Occurred())
        goto fail;
    if (kind < KIND_LINE || kind > KIND_POLYGONS) {
        PyErr_Format(PyExc_ValueError, "data_3d() gave the unknown kind %ld", kind);
        goto fail;
    }
    xyz = mpl_as_doubles_ex(w, PySequence_Fast_GET_ITEM(seq, 1), 2, 2, 1);
    if (xyz == NULL)
        goto fail;
    if (PyArray_DIM(xyz, 1) != 3 && PyArray_SIZE(xyz) != 0) {
        PyErr_SetString(PyExc_ValueError, "expected (x, y, z) points");
        goto fail;
    }
    n = PyArray_SIZE(xyz) != 0 ? (size_t)PyArray_DIM(xyz, 0) : 0;
    if (kind == KIND_LINES || kind == KIND_POLYGONS) {
        parts = part_lengths(w, PySequence_Fast_GET_ITEM(seq, 2), n, &n_parts);
        if (parts == NULL)
            goto fail;
    }
    if (kind == KIND_LINE && mpl_line_flags(w, obj, &flags) < 0)
        goto done;
    if (kind != KIND_LINE && mpl_note_colorbar(w, obj) < 0)
        goto done;
    a = mpl_new_artist(w, c, kinds[kind], obj, NULL, CHARTEX_ROLE_DATA, flags, 0);
    if (a == NULL || set_xyz(w, a, PyArray_DATA(xyz), n, parts, n_parts) < 0)
        goto done;
    rc = 1;
    goto done;
fail:
    mpl_fail(w, "the 3-D data", obj);
done:
    Py_XDECREF(res);
    Py_XDECREF(seq);
    Py_XDECREF(xyz);
    PyMem_Free(parts);
    return rc;
}
