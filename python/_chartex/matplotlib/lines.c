/*
 * lines.c - the walker's room for lines: Line2D, and the collections
 * of lines, paths and polygons (LineCollection, PathCollection: scatter,
 * PolyCollection: fill_between, stackplot, violin bodies).
 */
#include "walk.h"

#include <string.h>

/* 1 when a style value means "nothing drawn" (None, "None", "", " "). */
static int
is_none_style(PyObject *v)
{
    const char *s;

    if (v == Py_None)
        return 1;
    if (!PyUnicode_Check(v))
        return 0;
    s = PyUnicode_AsUTF8(v);
    if (s == NULL) {
        PyErr_Clear();
        return 0;
    }
    return strcmp(s, "None") == 0 || strcmp(s, "") == 0 || strcmp(s, " ") == 0;
}

int
mpl_line_flags(walk *w, PyObject *line, unsigned *flags)
{
    PyObject *ls = NULL, *marker = NULL, *ds = NULL;
    const char *s;
    int rc = -1;

    ls = PyObject_CallMethodNoArgs(line, w->st->s_get_linestyle);
    if (ls == NULL)
        goto done;
    marker = PyObject_CallMethodNoArgs(line, w->st->s_get_marker);
    if (marker == NULL)
        goto done;
    ds = PyObject_CallMethodNoArgs(line, w->st->s_get_drawstyle);
    if (ds == NULL)
        goto done;
    if (is_none_style(ls))
        *flags |= CHARTEX_LINE_NO_LINE;
    if (!is_none_style(marker))
        *flags |= CHARTEX_LINE_MARKER;
    if (PyUnicode_Check(ds)) {
        s = PyUnicode_AsUTF8(ds);
        if (s == NULL)
            PyErr_Clear();
        else if (strncmp(s, "steps", 5) == 0)
            *flags |= CHARTEX_LINE_STEPS;
    }
    rc = 0;
done:
    if (rc < 0)
        mpl_fail(w, "the style", line);
    Py_XDECREF(ls);
    Py_XDECREF(marker);
    Py_XDECREF(ds);
    return rc;
}

/* A Line2D.  role DATA is refined to REFLINE for lines that are not in
 * data coordinates (axhline, axvline: blended transforms; axline), with
 * the CHARTEX_REF_*_DATA flags of the coordinates that are data. */
int
mpl_read_line(walk *w, axctx *c, PyObject *line, PyObject *label_alt,
          chartex_artist_role role, unsigned flags, unsigned long group)
{
    PyObject *xy = NULL;
    PyArrayObject *pts = NULL;
    chartex_artist *a;
    const char *cls;
    size_t n;
    int rc = -1, vis, data, axline = 0;

    vis = mpl_is_visible(w, line);
    if (vis <= 0)
        return vis;
    if (role == CHARTEX_ROLE_DATA) {
        data = mpl_is_data_transform(w, c, line, w->st->s_get_transform);
        if (data < 0)
            return -1;
        cls = chx_class_name(line);
        axline = strcmp(cls, "_AxLine") == 0 || strcmp(cls, "AxLine") == 0;
        if (!data || axline)
            role = CHARTEX_ROLE_REFLINE;
        /* Which of a reference line's coordinates are data: an axline's
         * two points both; an axhline's y, an axvline's x. */
        if (axline)
            flags |= CHARTEX_REF_X_DATA | CHARTEX_REF_Y_DATA;
        else if (!data && mpl_ref_flags(w, c, line, w->st->s_get_transform, &flags) < 0)
            return -1;
    }
    if (mpl_line_flags(w, line, &flags) < 0)
        return -1;
    a = mpl_new_artist(w, c, CHARTEX_ARTIST_LINE, line, label_alt, role, flags, group);
    if (a == NULL)
        return -1;
    /* get_xydata: the data after unit conversion (dates, categories); an
     * axline's is no data: its two points (chartex._matplotlib.compat). */
    if (axline)
        xy = PyObject_CallMethodOneArg(w->st->compat, w->st->s_axline_points, line);
    else
        xy = PyObject_CallMethodNoArgs(line, w->st->s_get_xydata);
    if (xy == NULL || mpl_read_points(w, c, xy, role != CHARTEX_ROLE_REFLINE, &pts, &n) < 0) {
        mpl_fail(w, "the data", line);
        goto done;
    }
    if (mpl_borrow_points(w, a, pts, n) < 0)
        goto done;
    rc = 0;
done:
    Py_XDECREF(xy);
    Py_XDECREF(pts);
    return rc;
}

/* A LineCollection: its segments.  role DATA becomes REFLINE when the
 * segments are not in data coordinates (vlines with an axes transform). */
int
mpl_read_segments(walk *w, axctx *c, PyObject *coll, chartex_artist_role role,
              unsigned long group)
{
    PyObject *segs = NULL;
    chartex_artist *a;
    int rc = -1, vis, data;

    vis = mpl_is_visible(w, coll);
    if (vis <= 0)
        return vis;
    if (role == CHARTEX_ROLE_DATA) {
        data = mpl_is_data_transform(w, c, coll, w->st->s_get_transform);
        if (data < 0)
            return -1;
        if (!data)
            role = CHARTEX_ROLE_REFLINE;
    }
    a = mpl_new_artist(w, c, CHARTEX_ARTIST_SEGMENTS, coll, NULL, role, 0, group);
    if (a == NULL)
        return -1;
    segs = PyObject_CallMethodNoArgs(coll, w->st->s_get_segments);
    if (segs == NULL) {
        mpl_fail(w, "the segments", coll);
        goto done;
    }
    rc = mpl_add_polygons(w, c, a, segs, role != CHARTEX_ROLE_REFLINE, 0, coll, 1.0);
done:
    Py_XDECREF(segs);
    return rc;
}

/* ----------------------------------------------------------- collections */

/* A PathCollection: a scatter when its offsets are data positions. */
static int
read_path_collection(walk *w, axctx *c, PyObject *coll)
{
    PyObject *offsets = NULL;
    PyArrayObject *pts = NULL;
    chartex_artist *a;
    chartex_artist_role role = CHARTEX_ROLE_DATA;
    size_t n;
    int rc = -1, data, split = 0;

    data = mpl_is_data_transform(w, c, coll, w->st->s_get_offset_transform);
    if (data < 0)
        return -1;
    if (!data) {
        /* Paths drawn in data coordinates without offsets are not markers
         * (contour sets on matplotlib < 3.8): counted, not read. */
        data = mpl_is_data_transform(w, c, coll, w->st->s_get_transform);
        if (data < 0)
            return -1;
        if (data)
            return mpl_read_other(w, c, coll, CHARTEX_ROLE_DATA);
        role = CHARTEX_ROLE_DECORATION;
    }
    offsets = PyObject_CallMethodNoArgs(coll, w->st->s_get_offsets);
    if (offsets == NULL || mpl_read_points(w, c, offsets, role == CHARTEX_ROLE_DATA, &pts, &n) < 0) {
        mpl_fail(w, "the offsets", coll);
        goto done;
    }
    /* seaborn's hue groups in one collection: one artist per group. */
    if (role == CHARTEX_ROLE_DATA
        && mpl_legend_split(w, c, coll, pts ? PyArray_DATA(pts) : NULL, n, &split) < 0)
        goto done;
    if (split) {
        rc = 0;
        goto done;
    }
    a = mpl_new_artist(w, c, CHARTEX_ARTIST_SCATTER, coll, NULL, role, 0, 0);
    if (a == NULL || mpl_borrow_points(w, a, pts, n) < 0)
        goto done;
    rc = 0;
done:
    Py_XDECREF(offsets);
    Py_XDECREF(pts);
    return rc;
}

/* A PolyCollection (fill_between, stackplot, violin bodies): one polygon
 * per path.  Colour-mapped ones (pcolor, hexbin) are counted, not read. */
static int
read_poly_collection(walk *w, axctx *c, PyObject *coll)
{
    PyObject *array = NULL, *paths = NULL;
    chartex_artist *a;
    chartex_artist_role role = CHARTEX_ROLE_DATA;
    int rc = -1, data;

    array = PyObject_CallMethodNoArgs(coll, w->st->s_get_array);
    if (array == NULL)
        return mpl_fail(w, "the colour array", coll);
    if (array != Py_None) {
        Py_DECREF(array);
        return mpl_read_other(w, c, coll, CHARTEX_ROLE_DATA);
    }
    Py_DECREF(array);
    data = mpl_is_data_transform(w, c, coll, w->st->s_get_transform);
    if (data < 0)
        return -1;
    if (!data)
        role = CHARTEX_ROLE_REFLINE;
    a = mpl_new_artist(w, c, CHARTEX_ARTIST_AREA, coll, NULL, role, 0, 0);
    if (a == NULL)
        return -1;
    paths = PyObject_CallMethodNoArgs(coll, w->st->s_get_paths);
    if (paths == NULL) {
        mpl_fail(w, "the paths", coll);
        goto done;
    }
    rc = mpl_add_polygons(w, c, a, paths, role == CHARTEX_ROLE_DATA, 1, coll, 1.0);
done:
    Py_XDECREF(paths);
    return rc;
}

int
mpl_read_collection(walk *w, axctx *c, PyObject *coll)
{
    chx_state *st = w->st;
    int vis, is;

    if (mpl_note_colorbar(w, coll) < 0)
        return -1;
    vis = mpl_is_visible(w, coll);
    if (vis <= 0)
        return vis;
    /* Vector fields first: a coloured quiver is a PolyCollection with an
     * array, whose polygons are arrows, not cells. */
    if ((is = PyObject_IsInstance(coll, st->cls[CHX_QUIVER])) != 0
        || (is = PyObject_IsInstance(coll, st->cls[CHX_BARBS])) != 0)
        return is < 0 ? mpl_fail(w, "the class", coll) : mpl_read_vectors(w, c, coll);
    if ((is = mpl_read_gridded(w, c, coll)) != 0)
        return is < 0 ? -1 : 0;
    if ((is = PyObject_IsInstance(coll, st->cls[CHX_LINECOLLECTION])) != 0)
        return is < 0 ? mpl_fail(w, "the class", coll)
                      : mpl_read_segments(w, c, coll, CHARTEX_ROLE_DATA, 0);
    if ((is = PyObject_IsInstance(coll, st->cls[CHX_PATHCOLLECTION])) != 0)
        return is < 0 ? mpl_fail(w, "the class", coll) : read_path_collection(w, c, coll);
    if ((is = PyObject_IsInstance(coll, st->cls[CHX_POLYCOLLECTION])) != 0)
        return is < 0 ? mpl_fail(w, "the class", coll) : read_poly_collection(w, c, coll);
    return mpl_read_other(w, c, coll, CHARTEX_ROLE_DATA);
}
