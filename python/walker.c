/*
 * walker.c - reads a live matplotlib Figure into a chartex_scene.
 *
 * This is the only C code that touches matplotlib.  It uses matplotlib's
 * public API; what is private or differs between releases is read by the
 * helpers of chartex/_compat.py (suptitle, axis kinds and categories,
 * pandas period axes, the colorbar marker, the children behind the artist
 * lists), called from here, with one exception kept in C for speed: the
 * fields of a Rectangle (rectangle_fields), with the methods as fallback.
 *
 * Arrays are read with the NumPy C API as contiguous doubles (masked
 * values become NaN) and handed to the core, which copies them: no Python
 * object is made per data point.  Every value is treated as hostile: any
 * failing call becomes ChartexError("while reading <what>: <message>")
 * with the original exception as __cause__.
 */
#include "walk.h"

#include <math.h>
#include <string.h>

/* Subfigures nest; a hostile figure must not recurse without bound. */
#define MAX_SUBFIGURE_DEPTH 64

/* Adapters from the typed builder functions to chx_text_setter. */
static int
set_suptitle(void *t, const char *s, size_t n, chartex_error *e)
{
    return chartex_scene_set_suptitle(t, s, n, e);
}

static int
set_axis_label(void *t, const char *s, size_t n, chartex_error *e)
{
    return chartex_axis_set_label(t, s, n, e);
}

static int
set_axis_scale(void *t, const char *s, size_t n, chartex_error *e)
{
    return chartex_axis_set_scale(t, s, n, e);
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

static int
line_flags(walk *w, PyObject *line, unsigned *flags)
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
        chx_fail(w, "the style", line);
    Py_XDECREF(ls);
    Py_XDECREF(marker);
    Py_XDECREF(ds);
    return rc;
}

/* A Line2D.  role DATA is refined to REFLINE for lines that are not in
 * data coordinates (axhline, axvline: blended transforms; axline). */
static int
read_line(walk *w, axctx *c, PyObject *line, PyObject *label_alt,
          chartex_artist_role role, unsigned flags, unsigned long group)
{
    PyObject *xy = NULL;
    PyArrayObject *pts = NULL;
    chartex_artist *a;
    const char *cls;
    size_t n;
    int rc = -1, vis, data;

    vis = chx_is_visible(w, line);
    if (vis <= 0)
        return vis;
    if (role == CHARTEX_ROLE_DATA) {
        data = chx_is_data_transform(w, c, line, w->st->s_get_transform);
        if (data < 0)
            return -1;
        cls = chx_class_name(line);
        if (!data || strcmp(cls, "_AxLine") == 0 || strcmp(cls, "AxLine") == 0)
            role = CHARTEX_ROLE_REFLINE;
    }
    if (line_flags(w, line, &flags) < 0)
        return -1;
    a = chx_new_artist(w, c, CHARTEX_ARTIST_LINE, line, label_alt, role, flags, group);
    if (a == NULL)
        return -1;
    /* get_xydata: the data after unit conversion (dates, categories). */
    xy = PyObject_CallMethodNoArgs(line, w->st->s_get_xydata);
    if (xy == NULL || chx_read_points(w, c, xy, role != CHARTEX_ROLE_REFLINE, &pts, &n) < 0) {
        chx_fail(w, "the data", line);
        goto done;
    }
    if (chartex_artist_set_points(a, n, pts ? PyArray_DATA(pts) : NULL, &w->err) < 0) {
        chx_core_fail(w);
        goto done;
    }
    rc = 0;
done:
    Py_XDECREF(xy);
    Py_XDECREF(pts);
    return rc;
}

/* A LineCollection: its segments.  role DATA becomes REFLINE when the
 * segments are not in data coordinates (vlines with an axes transform). */
static int
read_segments(walk *w, axctx *c, PyObject *coll, chartex_artist_role role,
              unsigned long group)
{
    PyObject *segs = NULL;
    chartex_artist *a;
    int rc = -1, vis, data;

    vis = chx_is_visible(w, coll);
    if (vis <= 0)
        return vis;
    if (role == CHARTEX_ROLE_DATA) {
        data = chx_is_data_transform(w, c, coll, w->st->s_get_transform);
        if (data < 0)
            return -1;
        if (!data)
            role = CHARTEX_ROLE_REFLINE;
    }
    a = chx_new_artist(w, c, CHARTEX_ARTIST_SEGMENTS, coll, NULL, role, 0, group);
    if (a == NULL)
        return -1;
    segs = PyObject_CallMethodNoArgs(coll, w->st->s_get_segments);
    if (segs == NULL) {
        chx_fail(w, "the segments", coll);
        goto done;
    }
    rc = chx_add_polygons(w, c, a, segs, role != CHARTEX_ROLE_REFLINE, 0, coll, 1.0);
done:
    Py_XDECREF(segs);
    return rc;
}

/* A PathCollection: a scatter when its offsets are data positions. */
static int
read_path_collection(walk *w, axctx *c, PyObject *coll)
{
    PyObject *offsets = NULL;
    PyArrayObject *pts = NULL;
    chartex_artist *a;
    chartex_artist_role role = CHARTEX_ROLE_DATA;
    size_t n;
    int rc = -1, data;

    data = chx_is_data_transform(w, c, coll, w->st->s_get_offset_transform);
    if (data < 0)
        return -1;
    if (!data) {
        /* Paths drawn in data coordinates without offsets are not markers
         * (contour sets on matplotlib < 3.8): counted, not read. */
        data = chx_is_data_transform(w, c, coll, w->st->s_get_transform);
        if (data < 0)
            return -1;
        if (data)
            return chx_read_other(w, c, coll, CHARTEX_ROLE_DATA);
        role = CHARTEX_ROLE_DECORATION;
    }
    a = chx_new_artist(w, c, CHARTEX_ARTIST_SCATTER, coll, NULL, role, 0, 0);
    if (a == NULL)
        return -1;
    offsets = PyObject_CallMethodNoArgs(coll, w->st->s_get_offsets);
    if (offsets == NULL || chx_read_points(w, c, offsets, role == CHARTEX_ROLE_DATA, &pts, &n) < 0) {
        chx_fail(w, "the offsets", coll);
        goto done;
    }
    if (chartex_artist_set_points(a, n, pts ? PyArray_DATA(pts) : NULL, &w->err) < 0) {
        chx_core_fail(w);
        goto done;
    }
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
        return chx_fail(w, "the colour array", coll);
    if (array != Py_None) {
        Py_DECREF(array);
        return chx_read_other(w, c, coll, CHARTEX_ROLE_DATA);
    }
    Py_DECREF(array);
    data = chx_is_data_transform(w, c, coll, w->st->s_get_transform);
    if (data < 0)
        return -1;
    if (!data)
        role = CHARTEX_ROLE_REFLINE;
    a = chx_new_artist(w, c, CHARTEX_ARTIST_AREA, coll, NULL, role, 0, 0);
    if (a == NULL)
        return -1;
    paths = PyObject_CallMethodNoArgs(coll, w->st->s_get_paths);
    if (paths == NULL) {
        chx_fail(w, "the paths", coll);
        goto done;
    }
    rc = chx_add_polygons(w, c, a, paths, role == CHARTEX_ROLE_DATA, 1, coll, 1.0);
done:
    Py_XDECREF(paths);
    return rc;
}

static int
read_collection(walk *w, axctx *c, PyObject *coll)
{
    chx_state *st = w->st;
    int vis, is;

    if (chx_note_colorbar(w, coll) < 0)
        return -1;
    vis = chx_is_visible(w, coll);
    if (vis <= 0)
        return vis;
    if ((is = PyObject_IsInstance(coll, st->cls[CHX_LINECOLLECTION])) != 0)
        return is < 0 ? chx_fail(w, "the class", coll)
                      : read_segments(w, c, coll, CHARTEX_ROLE_DATA, 0);
    if ((is = PyObject_IsInstance(coll, st->cls[CHX_PATHCOLLECTION])) != 0)
        return is < 0 ? chx_fail(w, "the class", coll) : read_path_collection(w, c, coll);
    if ((is = PyObject_IsInstance(coll, st->cls[CHX_POLYCOLLECTION])) != 0)
        return is < 0 ? chx_fail(w, "the class", coll) : read_poly_collection(w, c, coll);
    return chx_read_other(w, c, coll, CHARTEX_ROLE_DATA);
}

/* value (borrowed) as a double, failing as "while reading <what>" of
 * owner. */
static int
double_of(walk *w, PyObject *value, PyObject *owner, const char *what, double *v)
{
    *v = PyFloat_AsDouble(value);
    if (*v == -1.0 && PyErr_Occurred())
        return chx_fail(w, what, owner);
    return 0;
}

/* Converts value (a new reference or NULL after a failed call; consumed)
 * to a double, failing as "while reading <what>" of owner. */
static int
number_of(walk *w, PyObject *value, PyObject *owner, const char *what, double *v)
{
    int rc;

    if (value == NULL)
        return chx_fail(w, what, owner);
    rc = double_of(w, value, owner, what, v);
    Py_DECREF(value);
    return rc;
}

/* Reads attribute name of obj as a double. */
static int
attr_double(walk *w, PyObject *obj, PyObject *name, double *v)
{
    return number_of(w, PyObject_GetAttr(obj, name), obj, "a wedge", v);
}

/* The power of two that brings the largest finite coordinate of path
 * under transform into [512, 1024) when it is larger, else 1.
 *
 * Path.to_polygons flattens curves (a Circle, an Ellipse, a PathPatch) to
 * within 0.5 units of the space it works in.  In data coordinates that
 * tolerance means nothing: a circle of radius 1e12 becomes millions of
 * vertices, and at 1e16, where doubles are 2 apart, the subdivision never
 * meets it and runs to its recursion limit (billions of vertices: a hang,
 * then the kernel killed for memory).  Flattening in a space scaled by a
 * power of two to about 1000 units, like a drawing on a canvas, bounds the
 * work; scaling back by the inverse power of two is exact, so straight
 * paths (rectangles, polygons) keep their vertices bit for bit. */
static int
patch_scale(walk *w, PyObject *path, PyObject *trans, double *scale)
{
    PyObject *verts = NULL, *tverts = NULL;
    PyArrayObject *arr = NULL;
    const double *d;
    npy_intp i, size;
    double m = 0.0, v;
    int e, rc = -1;

    *scale = 1.0;
    verts = PyObject_GetAttr(path, w->st->s_vertices);
    if (verts == NULL)
        goto done;
    tverts = PyObject_CallMethodOneArg(trans, w->st->s_transform, verts);
    if (tverts == NULL)
        goto done;
    arr = chx_as_doubles(w, tverts, 0, 0);
    if (arr == NULL)
        goto done;
    d = (const double *)PyArray_DATA(arr);
    size = PyArray_SIZE(arr);
    for (i = 0; i < size; i++) {
        v = fabs(d[i]);
        if (isfinite(v) && v > m)
            m = v;
    }
    if (m >= 1024.0) {
        frexp(m, &e);              /* m = f * 2^e, 0.5 <= f < 1 */
        *scale = ldexp(1.0, 10 - e);
    }
    rc = 0;
done:
    Py_XDECREF(verts);
    Py_XDECREF(tverts);
    Py_XDECREF(arr);
    return rc;
}

/* A patch: a Wedge (pie slice), or any other patch as polygons in data
 * coordinates.  Patches not in data coordinates (axhspan, axvspan) are
 * REFLINE. */
static int
read_patch(walk *w, axctx *c, PyObject *patch)
{
    PyObject *path = NULL, *trans = NULL, *polys = NULL, *zero = NULL;
    PyObject *affine = NULL, *scaled = NULL, *both = NULL;
    chartex_artist *a;
    chartex_artist_role role = CHARTEX_ROLE_DATA;
    double t1, t2, r, scale;
    int rc = -1, vis, data, is;

    vis = chx_is_visible(w, patch);
    if (vis <= 0)
        return vis;
    data = chx_is_data_transform(w, c, patch, w->st->s_get_data_transform);
    if (data < 0)
        return -1;
    if (!data)
        role = CHARTEX_ROLE_REFLINE;
    is = PyObject_IsInstance(patch, w->st->cls[CHX_WEDGE]);
    if (is < 0)
        return chx_fail(w, "the class", patch);
    if (is) {
        if (attr_double(w, patch, w->st->s_theta1, &t1) < 0
            || attr_double(w, patch, w->st->s_theta2, &t2) < 0
            || attr_double(w, patch, w->st->s_r, &r) < 0)
            return -1;
        a = chx_new_artist(w, c, CHARTEX_ARTIST_WEDGE, patch, NULL, role, 0, 0);
        if (a == NULL)
            return -1;
        chartex_artist_set_wedge(a, t1, t2, r);
        return 0;
    }
    a = chx_new_artist(w, c, CHARTEX_ARTIST_PATCH, patch, NULL, role, 0, 0);
    if (a == NULL)
        return -1;
    path = PyObject_CallMethodNoArgs(patch, w->st->s_get_path);
    if (path == NULL)
        goto fail;
    trans = PyObject_CallMethodNoArgs(patch, w->st->s_get_patch_transform);
    if (trans == NULL)
        goto fail;
    if (patch_scale(w, path, trans, &scale) < 0)
        goto fail;
    if (scale != 1.0) {
        /* trans + Affine2D().scale(s): trans, then the scaling. */
        affine = PyObject_CallNoArgs(w->st->cls[CHX_AFFINE2D]);
        scaled = affine ? PyObject_CallMethod(affine, "scale", "d", scale) : NULL;
        both = scaled ? PyNumber_Add(trans, scaled) : NULL;
        if (both == NULL)
            goto fail;
        Py_SETREF(trans, both);
        both = NULL;
    }
    /* to_polygons(transform, width=0, height=0, closed_only=False): open
     * paths (a step histogram's outline) stay open. */
    zero = PyLong_FromLong(0);
    if (zero == NULL)
        goto fail;
    polys = PyObject_CallMethodObjArgs(path, w->st->s_to_polygons, trans, zero, zero,
                                       Py_False, NULL);
    if (polys == NULL)
        goto fail;
    rc = chx_add_polygons(w, c, a, polys, role == CHARTEX_ROLE_DATA, 0, patch, 1.0 / scale);
    goto done;
fail:
    chx_fail(w, "the path", patch);
done:
    Py_XDECREF(path);
    Py_XDECREF(trans);
    Py_XDECREF(polys);
    Py_XDECREF(zero);
    Py_XDECREF(affine);
    Py_XDECREF(scaled);
    Py_XDECREF(both);
    return rc;
}

/* An AxesImage: scalar 2-D data is read, colour (RGB, RGBA) images are
 * counted. */
static int
read_image(walk *w, axctx *c, PyObject *im)
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

/* ------------------------------------------------------------ containers */

/* datavalues of a BarContainer when numeric and one per bar, else NULL
 * (no exception): the core then reads values from the rectangles. */
static PyArrayObject *
bar_values(walk *w, PyObject *container, Py_ssize_t count)
{
    PyObject *dv = chx_get_optional(container, w->st->s_datavalues);
    PyArrayObject *raw = NULL, *values = NULL;

    if (dv == NULL || dv == Py_None)
        goto done;
    raw = (PyArrayObject *)PyArray_FROM_O(dv);
    if (raw == NULL)
        goto done;
    if (!(PyArray_ISBOOL(raw) || PyArray_ISINTEGER(raw) || PyArray_ISFLOAT(raw))
        || PyArray_NDIM(raw) != 1 || PyArray_DIM(raw, 0) != count)
        goto done;
    /* A copy: the bars' methods run before the values are used. */
    values = chx_as_doubles_ex(w, (PyObject *)raw, 1, 1, 1);
done:
    /* Unusable values are not an error: they are only a refinement. */
    if (values == NULL && PyErr_Occurred() && PyErr_ExceptionMatches(PyExc_Exception))
        PyErr_Clear();
    Py_XDECREF(dv);
    Py_XDECREF(raw);
    return values;
}

/* Reads a number from rect.method(). */
static int
call_double(walk *w, PyObject *obj, PyObject *method, double *v)
{
    return number_of(w, PyObject_CallMethodNoArgs(obj, method), obj, "a bar", v);
}

/* Converts n bars at pandas Period ordinals (x: left edges, wd: widths,
 * in place) to date numbers.  The centre is converted exactly (a bar
 * centred on a period starts at that period's first instant); the width
 * scales with the length of the period around the centre, so that no edge
 * falls across a boundary between periods of different lengths. */
static int
period_bars(walk *w, axctx *c, double *x, double *wd, size_t n)
{
    double *buf, centre;
    size_t i;
    int rc = -1;

    if (n > ((size_t)-1) / (3 * sizeof *buf)) {
        PyErr_NoMemory();
        return -1;
    }
    buf = PyMem_Malloc(n ? 3 * n * sizeof *buf : 1);
    if (buf == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (i = 0; i < n; i++) {
        centre = x[i] + wd[i] / 2;
        buf[3 * i] = centre;
        buf[3 * i + 1] = centre - 0.5;
        buf[3 * i + 2] = centre + 0.5;
    }
    if (chx_convert_period(w, c, buf, 3 * n, 1) < 0)
        goto done;
    for (i = 0; i < n; i++) {
        wd[i] *= buf[3 * i + 2] - buf[3 * i + 1];
        x[i] = buf[3 * i] - wd[i] / 2;
    }
    rc = 0;
done:
    PyMem_Free(buf);
    return rc;
}

/* Private state, read here only.  matplotlib's Rectangle.get_x, get_y,
 * get_width and get_height return the attributes _x0, _y0, _width and
 * _height, Artist.get_visible returns _visible and Artist.axes is _axes
 * (the same in 3.6 and 3.10).  For a bar whose class is exactly Rectangle
 * they are read as attributes: six Python method calls per bar were a
 * third of a 1000-bin histogram's cost.  Sets fields (new references) and
 * returns 1; returns 0, with nothing set, when the bar must be read
 * through its methods (a subclass, which may override them, or an
 * attribute missing); -1 on error. */
static int
rectangle_fields(walk *w, PyObject *rect, PyObject *fields[6])
{
    PyObject *names[6] = {
        w->st->s__visible, w->st->s__axes, w->st->s__x0, w->st->s__y0,
        w->st->s__width, w->st->s__height
    };
    int i;

    if (Py_TYPE(rect) != (PyTypeObject *)w->st->cls[CHX_RECTANGLE])
        return 0;
    for (i = 0; i < 6; i++) {
        fields[i] = chx_get_optional(rect, names[i]);
        if (fields[i] == NULL) {
            while (i > 0)
                Py_CLEAR(fields[--i]);
            return PyErr_Occurred() ? chx_fail(w, "a bar", rect) : 0;
        }
    }
    return 1;
}

/* Reads a bar of the axes: 1 with its geometry, 0 when it is hidden or
 * was removed from the axes (it stays in its container), -1 on error. */
static int
read_rectangle(walk *w, axctx *c, PyObject *rect, double *x, double *y,
               double *wd, double *h)
{
    PyObject *f[6] = {NULL, NULL, NULL, NULL, NULL, NULL};
    int rc = -1, vis, i, fast;

    fast = rectangle_fields(w, rect, f);
    if (fast < 0)
        return -1;
    if (fast) {
        vis = PyObject_IsTrue(f[0]);
        if (vis < 0) {
            chx_fail(w, "the visibility", rect);
            goto done;
        }
    } else {
        vis = chx_is_visible(w, rect);
        if (vis < 0)
            goto done;
        f[1] = chx_get_optional(rect, w->st->s_axes);
        if (f[1] == NULL && PyErr_Occurred()) {
            chx_fail(w, "a bar", rect);
            goto done;
        }
    }
    /* A removed bar stays in its container but left the axes. */
    if (!vis || f[1] != c->ax) {
        rc = 0;
        goto done;
    }
    if (fast) {
        if (double_of(w, f[2], rect, "a bar", x) < 0
            || double_of(w, f[3], rect, "a bar", y) < 0
            || double_of(w, f[4], rect, "a bar", wd) < 0
            || double_of(w, f[5], rect, "a bar", h) < 0)
            goto done;
    } else if (call_double(w, rect, w->st->s_get_x, x) < 0
               || call_double(w, rect, w->st->s_get_y, y) < 0
               || call_double(w, rect, w->st->s_get_width, wd) < 0
               || call_double(w, rect, w->st->s_get_height, h) < 0) {
        goto done;
    }
    rc = 1;
done:
    for (i = 0; i < 6; i++)
        Py_XDECREF(f[i]);
    return rc;
}

/* A BarContainer: one BARS artist with the container's visible bars. */
static int
read_bars(walk *w, axctx *c, PyObject *container)
{
    PyObject *patches_obj = NULL, *patches = NULL, *rect, *orient = NULL;
    PyObject *first = NULL;    /* borrowed from patches: the first bar read */
    PyArrayObject *values = NULL;
    double *buf = NULL, *x, *y, *wd, *h, *v = NULL;
    const double *dv = NULL;
    chartex_artist *a;
    Py_ssize_t i, count;
    size_t m = 0;
    int rc = -1, vis;
    const char *s;

    patches_obj = PyObject_GetAttr(container, w->st->s_patches);
    if (patches_obj == NULL) {
        chx_fail(w, "the bars", container);
        goto done;
    }
    patches = chx_as_seq(w, patches_obj, "the bars", container);
    if (patches == NULL)
        goto done;
    count = PySequence_Fast_GET_SIZE(patches);
    buf = PyMem_Calloc(count ? (size_t)count * 5 : 1, sizeof *buf);
    if (buf == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    x = buf;
    y = x + count;
    wd = y + count;
    h = wd + count;
    values = bar_values(w, container, count);
    if (values != NULL) {
        dv = (const double *)PyArray_DATA(values);
        v = h + count;
    }
    for (i = 0; i < count; i++) {
        rect = PySequence_Fast_GET_ITEM(patches, i); /* borrowed */
        if (chx_ptr_add(&w->seen, rect) < 0) {
            chx_fail(w, "a bar", rect);
            goto done;
        }
        vis = read_rectangle(w, c, rect, &x[m], &y[m], &wd[m], &h[m]);
        if (vis < 0)
            goto done;
        if (!vis)
            continue;
        if (v != NULL)
            v[m] = dv[i];
        if (m++ == 0)
            first = rect;
    }
    if (m == 0) {
        rc = 0;
        goto done;
    }
    if (c->period_freq != NULL) {
        /* pandas >= 2 places the bars of a time series at Period ordinals. */
        if (period_bars(w, c, x, wd, m) < 0) {
            chx_fail(w, "the bars", container);
            goto done;
        }
    }
    a = chx_new_artist(w, c, CHARTEX_ARTIST_BARS, container, first, CHARTEX_ROLE_DATA, 0, 0);
    if (a == NULL)
        goto done;
    if (chartex_artist_set_bars(a, m, x, y, wd, h, v, &w->err) < 0) {
        chx_core_fail(w);
        goto done;
    }
    orient = chx_get_optional(container, w->st->s_orientation);
    if (orient == NULL && PyErr_Occurred()) {
        chx_fail(w, "the orientation", container);
        goto done;
    }
    if (orient != NULL && PyUnicode_Check(orient)) {
        s = PyUnicode_AsUTF8(orient);
        if (s == NULL)
            PyErr_Clear();
        else if (strcmp(s, "horizontal") == 0)
            chartex_artist_set_orientation(a, CHARTEX_HORIZONTAL);
    }
    rc = 0;
done:
    PyMem_Free(buf);
    Py_XDECREF(patches_obj);
    Py_XDECREF(patches);
    Py_XDECREF(orient);
    Py_XDECREF(values);
    return rc;
}

/* Reads line (if it is a Line2D) as part of container (whose label the
 * line shows when its own is a default; NULL: never). */
static int
container_line(walk *w, axctx *c, PyObject *line, PyObject *container,
               chartex_artist_role role, unsigned flags, unsigned long group)
{
    int is;

    if (line == Py_None)
        return 0;
    is = PyObject_IsInstance(line, w->st->cls[CHX_LINE2D]);
    if (is <= 0)
        return is < 0 ? chx_fail(w, "the class", line) : 0;
    if (chx_ptr_add(&w->seen, line) < 0)
        return chx_fail(w, "a container", line);
    return read_line(w, c, line, container, role, flags, group);
}

/* Reads coll (if it is a LineCollection) as part of a container. */
static int
container_segments(walk *w, axctx *c, PyObject *coll, chartex_artist_role role,
                   unsigned long group)
{
    int is;

    if (coll == Py_None)
        return 0;
    is = PyObject_IsInstance(coll, w->st->cls[CHX_LINECOLLECTION]);
    if (is <= 0)
        return is < 0 ? chx_fail(w, "the class", coll) : 0;
    if (chx_ptr_add(&w->seen, coll) < 0)
        return chx_fail(w, "a container", coll);
    return read_segments(w, c, coll, role, group);
}

/* Reads each Line2D / LineCollection of a sequence (caplines, barlinecols,
 * or stem lines of old matplotlib). */
static int
container_parts(walk *w, axctx *c, PyObject *parts, chartex_artist_role role,
                unsigned long group)
{
    PyObject *seq, *item;
    Py_ssize_t i;
    int rc = 0;

    if (parts == Py_None)
        return 0;
    seq = chx_as_seq(w, parts, "a container", parts);
    if (seq == NULL)
        return -1;
    for (i = 0; i < PySequence_Fast_GET_SIZE(seq) && rc == 0; i++) {
        item = PySequence_Fast_GET_ITEM(seq, i);
        rc = container_line(w, c, item, NULL, role, 0, group);
        if (rc == 0)
            rc = container_segments(w, c, item, role, group);
    }
    Py_DECREF(seq);
    return rc;
}

/* The containers whose parts the walker reads as a whole. */
typedef enum container_kind {
    CONTAINER_OTHER = 0,   /* its artists are read from the lists */
    CONTAINER_BARS,
    CONTAINER_ERRORBAR,
    CONTAINER_STEM
} container_kind;

/* The kind of container, or -1 on error. */
static int
container_kind_of(walk *w, PyObject *container)
{
    static const struct {
        int cls;
        container_kind kind;
    } kinds[] = {
        {CHX_BARCONTAINER, CONTAINER_BARS},
        {CHX_ERRORBARCONTAINER, CONTAINER_ERRORBAR},
        {CHX_STEMCONTAINER, CONTAINER_STEM},
    };
    size_t i;
    int is;

    for (i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        is = PyObject_IsInstance(container, w->st->cls[kinds[i].cls]);
        if (is < 0)
            return chx_fail(w, "the class", container);
        if (is)
            return (int)kinds[i].kind;
    }
    return CONTAINER_OTHER;
}

/* The (data_line, caplines, barlinecols) of an ErrorbarContainer, as a fast
 * sequence in *lines (a new reference); *lines stays NULL when it does not
 * have the three parts matplotlib makes (its parts are then read alone from
 * the lists).  -1 on error. */
static int
errorbar_parts(walk *w, PyObject *container, PyObject **lines)
{
    PyObject *lines_obj, *seq;

    *lines = NULL;
    lines_obj = chx_get_optional(container, w->st->s_lines);
    if (lines_obj == NULL) {
        if (PyErr_Occurred())
            return chx_fail(w, "the errorbar", container);
        Py_INCREF(container);    /* the container is the tuple itself */
        lines_obj = container;
    }
    seq = chx_as_seq(w, lines_obj, "the errorbar", container);
    Py_DECREF(lines_obj);
    if (seq == NULL)
        return -1;
    if (PySequence_Fast_GET_SIZE(seq) != 3) {
        Py_DECREF(seq);
        return 0;
    }
    *lines = seq;
    return 0;
}

/* The markerline, stemlines and baseline of a StemContainer (new
 * references in parts), and whether stemlines is one LineCollection
 * (else a list of Line2D: use_line_collection=False, matplotlib < 3.8). */
static int
stem_parts(walk *w, PyObject *container, PyObject *parts[3], int *collection)
{
    parts[0] = PyObject_GetAttr(container, w->st->s_markerline);
    parts[1] = parts[0] ? PyObject_GetAttr(container, w->st->s_stemlines) : NULL;
    parts[2] = parts[1] ? PyObject_GetAttr(container, w->st->s_baseline) : NULL;
    if (parts[2] == NULL) {
        chx_fail(w, "the stem plot", container);
        goto fail;
    }
    *collection = PyObject_IsInstance(parts[1], w->st->cls[CHX_LINECOLLECTION]);
    if (*collection < 0) {
        chx_fail(w, "the class", parts[1]);
        goto fail;
    }
    return 0;
fail:
    Py_CLEAR(parts[0]);
    Py_CLEAR(parts[1]);
    Py_CLEAR(parts[2]);
    return -1;
}

/* An ErrorbarContainer: the data line, then caps and bar segments. */
static int
read_errorbar(walk *w, axctx *c, PyObject *container)
{
    PyObject *lines;
    unsigned long group = ++w->next_group;
    int rc = -1;

    if (errorbar_parts(w, container, &lines) < 0)
        return -1;
    if (lines == NULL)
        return 0;
    if (container_line(w, c, PySequence_Fast_GET_ITEM(lines, 0), container,
                       CHARTEX_ROLE_DATA, CHARTEX_ARTIST_ERRORBAR_DATA, group) < 0
        || container_parts(w, c, PySequence_Fast_GET_ITEM(lines, 1),
                           CHARTEX_ROLE_ERRORBAR, group) < 0
        || container_parts(w, c, PySequence_Fast_GET_ITEM(lines, 2),
                           CHARTEX_ROLE_ERRORBAR, group) < 0)
        goto done;
    rc = 0;
done:
    Py_DECREF(lines);
    return rc;
}

/* A StemContainer: markerline (data), stemlines and baseline (decoration). */
static int
read_stem(walk *w, axctx *c, PyObject *container)
{
    PyObject *parts[3];
    unsigned long group = ++w->next_group;
    int rc = -1, collection;

    if (stem_parts(w, container, parts, &collection) < 0)
        return -1;
    if (container_line(w, c, parts[0], container, CHARTEX_ROLE_DATA,
                       CHARTEX_ARTIST_STEM, group) < 0
        || (collection
                ? container_segments(w, c, parts[1], CHARTEX_ROLE_DECORATION, group)
                : container_parts(w, c, parts[1], CHARTEX_ROLE_DECORATION, group)) < 0
        || container_line(w, c, parts[2], NULL, CHARTEX_ROLE_DECORATION, 0, group) < 0)
        goto done;
    rc = 0;
done:
    Py_DECREF(parts[0]);
    Py_DECREF(parts[1]);
    Py_DECREF(parts[2]);
    return rc;
}

static int
read_container(walk *w, axctx *c, PyObject *container)
{
    switch (container_kind_of(w, container)) {
    case CONTAINER_BARS:
        return read_bars(w, c, container);
    case CONTAINER_ERRORBAR:
        return read_errorbar(w, c, container);
    case CONTAINER_STEM:
        return read_stem(w, c, container);
    case CONTAINER_OTHER:
        return 0;
    default:
        return -1;
    }
}

typedef int (*artist_reader)(walk *w, axctx *c, PyObject *obj);

static int
read_plain_line(walk *w, axctx *c, PyObject *line)
{
    return read_line(w, c, line, NULL, CHARTEX_ROLE_DATA, 0, 0);
}

/* ---------------------------------------------------------- drawing order
 *
 * Elements follow the order in which the user plotted: the artists are read
 * in the axes' drawing-list order (ax.get_children(): the order they were
 * added).  A container is read as a whole where its first member appears in
 * that order, so its parts keep their roles and groups.  The lists
 * ax.lines / collections / patches / images decide what is read (an artist
 * in none of them, such as a spine or a title, is not); an artist or a
 * container that get_children() does not show is read after the others,
 * containers first, so that nothing read before is lost. */

/* The state of the ordered walk of one Axes. */
typedef struct order {
    PyObject *containers;  /* ax.containers as a list */
    chx_ptrmap owner;      /* member -> its (first) container, as value */
    chx_ptrmap done;       /* the containers read */
    chx_ptrmap lists;      /* artist -> bit mask of the lists holding it */
    PyObject *listed;      /* the listed artists, each once, in list order */
    PyObject *keep;        /* container members: keeps their addresses unique */
} order;

/* The lists read, in the order an artist in several of them is read. */
#define ORDER_LISTS 4

static PyObject *
list_name(chx_state *st, int k)
{
    PyObject *names[ORDER_LISTS] = {
        st->s_lines, st->s_collections, st->s_patches, st->s_images
    };
    return names[k];
}

static const artist_reader list_readers[ORDER_LISTS] = {
    read_plain_line, read_collection, read_patch, read_image
};

/* Notes obj (unless None) as a member of container. */
static int
note_member(walk *w, order *o, PyObject *obj, PyObject *container)
{
    chx_ptrentry *e;
    int added;

    if (obj == Py_None)
        return 0;
    if (PyList_Append(o->keep, obj) < 0)
        return chx_fail(w, "a container", container);
    e = chx_ptrmap_put(&o->owner, obj, &added);
    if (e == NULL) {
        PyErr_NoMemory();
        return chx_fail(w, "a container", container);
    }
    /* Borrowed: o->containers holds it.  The first container wins. */
    if (added)
        e->value = container;
    return 0;
}

/* Notes each item of the sequence parts (unless None) as a member. */
static int
note_parts(walk *w, order *o, PyObject *parts, PyObject *container, const char *what)
{
    PyObject *seq;
    Py_ssize_t i;
    int rc = 0;

    if (parts == Py_None)
        return 0;
    seq = chx_as_seq(w, parts, what, container);
    if (seq == NULL)
        return -1;
    for (i = 0; i < PySequence_Fast_GET_SIZE(seq) && rc == 0; i++)
        rc = note_member(w, o, PySequence_Fast_GET_ITEM(seq, i), container);
    Py_DECREF(seq);
    return rc;
}

/* Notes the artists that read_container() reads from container, found by
 * the same functions. */
static int
note_container(walk *w, order *o, PyObject *container)
{
    PyObject *parts = NULL, *stem[3] = {NULL, NULL, NULL};
    int rc = -1, collection;

    switch (container_kind_of(w, container)) {
    case CONTAINER_BARS:
        parts = PyObject_GetAttr(container, w->st->s_patches);
        if (parts == NULL) {
            chx_fail(w, "the bars", container);
            goto done;
        }
        rc = note_parts(w, o, parts, container, "the bars");
        break;
    case CONTAINER_ERRORBAR:
        if (errorbar_parts(w, container, &parts) < 0)
            goto done;
        rc = parts == NULL ? 0
             : note_member(w, o, PySequence_Fast_GET_ITEM(parts, 0), container) < 0
                   || note_parts(w, o, PySequence_Fast_GET_ITEM(parts, 1), container,
                                 "the errorbar") < 0
                   || note_parts(w, o, PySequence_Fast_GET_ITEM(parts, 2), container,
                                 "the errorbar") < 0
               ? -1 : 0;
        break;
    case CONTAINER_STEM:
        if (stem_parts(w, container, stem, &collection) < 0)
            goto done;
        rc = note_member(w, o, stem[0], container) < 0
                 || (collection ? note_member(w, o, stem[1], container)
                                : note_parts(w, o, stem[1], container, "the stem plot")) < 0
                 || note_member(w, o, stem[2], container) < 0
             ? -1 : 0;
        break;
    case CONTAINER_OTHER:
        rc = 0;    /* its artists are read from the lists */
        break;
    default:
        break;
    }
done:
    Py_XDECREF(parts);
    Py_XDECREF(stem[0]);
    Py_XDECREF(stem[1]);
    Py_XDECREF(stem[2]);
    return rc;
}

/* Reads container unless it was read already. */
static int
read_container_once(walk *w, axctx *c, order *o, PyObject *container)
{
    int added;

    if (chx_ptrmap_put(&o->done, container, &added) == NULL) {
        PyErr_NoMemory();
        return chx_fail(w, "a container", container);
    }
    return added ? read_container(w, c, container) : 0;
}

/* Notes that the lists in bits hold item: ORs bits into its mask and, the
 * first time, appends it to o->listed.  Returns -1 with an exception. */
static int
note_listed(order *o, PyObject *item, long bits)
{
    chx_ptrentry *e;
    int added;

    e = chx_ptrmap_put(&o->lists, item, &added);
    if (e == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    e->bits |= bits;
    /* o->listed keeps the artist alive while its address is a key. */
    return added ? PyList_Append(o->listed, item) : 0;
}

/* Fills o->lists and o->listed from one pass over the axes' children, with
 * the types chartex._compat.artist_lists says each list admits, as
 * iterating the four lists would (o->listed in list order: the lines,
 * then the collections, ...).  Returns 1 when done, 0 when the lists must
 * be iterated instead, -1 on error. */
static int
listed_from_children(walk *w, axctx *c, order *o)
{
    PyObject *res = NULL, *children, *types, *item;
    long *bits = NULL;
    Py_ssize_t i, n;
    int rc = -1, k, r;

    res = PyObject_CallMethodOneArg(w->st->compat, w->st->s_artist_lists, c->ax);
    if (res == NULL)
        goto fail;
    if (res == Py_None) {
        rc = 0;
        goto done;
    }
    /* Our own list and tuple, made by _compat: checked all the same. */
    if (!PyTuple_Check(res) || PyTuple_GET_SIZE(res) != 2
        || !PyList_CheckExact(PyTuple_GET_ITEM(res, 0))
        || !PyTuple_Check(PyTuple_GET_ITEM(res, 1))
        || PyTuple_GET_SIZE(PyTuple_GET_ITEM(res, 1)) != ORDER_LISTS) {
        PyErr_SetString(PyExc_TypeError, "chartex._compat.artist_lists: unexpected result");
        goto fail;
    }
    children = PyTuple_GET_ITEM(res, 0);
    types = PyTuple_GET_ITEM(res, 1);
    /* isinstance can run Python code (__instancecheck__, a __class__
     * property) that changes the list: the length is read on each pass
     * and every item is held while it is tested. */
    n = PyList_GET_SIZE(children);
    bits = PyMem_Calloc(n ? (size_t)n : 1, sizeof *bits);
    if (bits == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    for (i = 0; i < n && i < PyList_GET_SIZE(children); i++) {
        item = PyList_GET_ITEM(children, i);
        Py_INCREF(item);
        for (k = 0; k < ORDER_LISTS; k++) {
            r = PyObject_IsInstance(item, PyTuple_GET_ITEM(types, k));
            if (r < 0) {
                Py_DECREF(item);
                goto fail;
            }
            if (r)
                bits[i] |= 1L << k;
        }
        Py_DECREF(item);
    }
    for (k = 0; k < ORDER_LISTS; k++) {
        for (i = 0; i < n && i < PyList_GET_SIZE(children); i++) {
            if (!(bits[i] & (1L << k)))
                continue;
            item = PyList_GET_ITEM(children, i);
            Py_INCREF(item);
            r = note_listed(o, item, 1L << k);
            Py_DECREF(item);
            if (r < 0)
                goto fail;
        }
    }
    rc = 1;
    goto done;
fail:
    chx_fail(w, "the artists", c->ax);
done:
    PyMem_Free(bits);
    Py_XDECREF(res);
    return rc;
}

/* The pre-pass: ax.containers and their members, then which lists hold
 * which artist.  The lists are iterated, not copied: an Axes.ArtistList
 * filters all of the axes' children on every pass, and copying it would
 * make one more pass to find its length. */
static int
order_prepare(walk *w, axctx *c, order *o)
{
    PyObject *list = NULL, *iter = NULL, *item = NULL;
    Py_ssize_t i;
    int rc = -1, k;

    list = PyObject_GetAttr(c->ax, w->st->s_containers);
    o->containers = list ? PySequence_List(list) : NULL;
    if (o->containers == NULL) {
        chx_fail(w, "the artists", c->ax);
        goto done;
    }
    Py_CLEAR(list);
    for (i = 0; i < PyList_GET_SIZE(o->containers); i++)
        if (note_container(w, o, PyList_GET_ITEM(o->containers, i)) < 0)
            goto done;
    k = listed_from_children(w, c, o);
    if (k < 0)
        goto done;
    for (k = k ? ORDER_LISTS : 0; k < ORDER_LISTS; k++) {
        list = PyObject_GetAttr(c->ax, list_name(w->st, k));
        if (list == NULL || (iter = PyObject_GetIter(list)) == NULL) {
            chx_fail(w, "the artists", c->ax);
            goto done;
        }
        while ((item = PyIter_Next(iter)) != NULL) {
            if (note_listed(o, item, 1L << k) < 0)
                break;
            Py_CLEAR(item);
        }
        if (PyErr_Occurred()) {
            chx_fail(w, "the artists", c->ax);
            goto done;
        }
        Py_CLEAR(list);
        Py_CLEAR(iter);
    }
    rc = 0;
done:
    Py_XDECREF(list);
    Py_XDECREF(iter);
    Py_XDECREF(item);
    return rc;
}

/* Visits one artist of the drawing order: reads its container where it is
 * the container's first member met, then the artist itself from each list
 * that holds it, once, unless a container read it. */
static int
order_visit(walk *w, axctx *c, order *o, PyObject *obj)
{
    chx_ptrentry *e;
    PyObject *container;
    long bits = 0;
    int k, seen;

    e = chx_ptrmap_get(&o->owner, obj);
    container = e != NULL ? e->value : NULL;    /* borrowed */
    if (container != NULL) {
        Py_INCREF(container);    /* a hostile reader cannot free it under us */
        k = read_container_once(w, c, o, container);
        Py_DECREF(container);
        if (k < 0)
            return -1;
    }
    /* Read once: the mask is spent, so a later visit of the same artist
     * (the lists' tail after the drawing order) reads nothing. */
    e = chx_ptrmap_get(&o->lists, obj);
    if (e != NULL) {
        bits = e->bits;
        e->bits = 0;
    }
    seen = bits ? chx_ptrmap_get(&w->seen, obj) != NULL : 1;
    for (k = 0; k < ORDER_LISTS && !seen; k++)
        if ((bits & (1L << k)) && list_readers[k](w, c, obj) < 0)
            return -1;
    return 0;
}

/* Reads the artists of the axes in drawing order. */
static int
read_artists(walk *w, axctx *c)
{
    PyObject *children = NULL, *seq = NULL;  /* seq: our copy of the children */
    order o;
    Py_ssize_t i;
    int rc = -1;

    memset(&o, 0, sizeof o);
    o.listed = PyList_New(0);
    o.keep = PyList_New(0);
    if (o.listed == NULL || o.keep == NULL) {
        chx_fail(w, "the artists", c->ax);
        goto done;
    }
    if (order_prepare(w, c, &o) < 0)
        goto done;
    children = PyObject_CallMethodNoArgs(c->ax, w->st->s_get_children);
    seq = children ? PySequence_List(children) : NULL;
    if (seq == NULL) {
        chx_fail(w, "the drawing order", c->ax);
        goto done;
    }
    for (i = 0; i < PyList_GET_SIZE(seq); i++)
        if (order_visit(w, c, &o, PyList_GET_ITEM(seq, i)) < 0)
            goto done;
    /* What the drawing order did not show, in today's order: containers,
     * then the lists. */
    for (i = 0; i < PyList_GET_SIZE(o.containers); i++)
        if (read_container_once(w, c, &o, PyList_GET_ITEM(o.containers, i)) < 0)
            goto done;
    for (i = 0; i < PyList_GET_SIZE(o.listed); i++)
        if (order_visit(w, c, &o, PyList_GET_ITEM(o.listed, i)) < 0)
            goto done;
    rc = 0;
done:
    Py_XDECREF(children);
    Py_XDECREF(seq);
    Py_XDECREF(o.containers);
    chx_ptrmap_clear(&o.owner);
    chx_ptrmap_clear(&o.done);
    chx_ptrmap_clear(&o.lists);
    Py_XDECREF(o.listed);
    Py_XDECREF(o.keep);
    return rc;
}

/* ------------------------------------------------------------------ axis */

static double
epoch(walk *w, int *ok)
{
    PyObject *v;

    *ok = 1;
    if (w->have_epoch)
        return w->date_epoch;
    v = PyObject_CallMethodNoArgs(w->st->compat, w->st->s_date_epoch);
    if (v != NULL) {
        w->date_epoch = PyFloat_AsDouble(v);
        Py_DECREF(v);
        if (!(w->date_epoch == -1.0 && PyErr_Occurred())) {
            w->have_epoch = 1;
            return w->date_epoch;
        }
    }
    *ok = 0;
    chx_fail(w, "the date epoch", NULL);
    return 0.0;
}

/* The axis kind from chartex._compat.axis_kind: (kind, categories, freq). */
static int
read_axis_kind(walk *w, axctx *c, PyObject *axis, chartex_axis *ca, int which)
{
    PyObject *res = NULL, *seq = NULL, *cats = NULL, *keep = NULL, *freq;
    PyObject *which_obj = NULL;
    Py_ssize_t i;
    long kind;
    double ep = 0.0;
    const char *s;
    size_t len;
    int rc = -1, ok;

    which_obj = PyLong_FromLong(which);
    if (which_obj == NULL)
        goto fail;
    res = PyObject_CallMethodObjArgs(w->st->compat, w->st->s_axis_kind, c->ax, axis,
                                     which_obj, NULL);
    if (res == NULL)
        goto fail;
    seq = PySequence_Fast(res, "axis_kind() must return a sequence");
    if (seq == NULL)
        goto fail;
    if (PySequence_Fast_GET_SIZE(seq) != 3) {
        PyErr_SetString(PyExc_ValueError, "axis_kind() must return 3 values");
        goto fail;
    }
    kind = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, 0));
    if (kind == -1 && PyErr_Occurred())
        goto fail;
    if (kind == CHARTEX_AXIS_DATE) {
        ep = epoch(w, &ok);
        if (!ok)
            goto done;
        freq = PySequence_Fast_GET_ITEM(seq, 2);
        if (which == 0 && freq != Py_None) {
            Py_INCREF(freq);
            Py_XSETREF(c->period_freq, freq);
        }
        chartex_axis_set_kind(ca, CHARTEX_AXIS_DATE, ep);
    } else if (kind == CHARTEX_AXIS_CATEGORY) {
        chartex_axis_set_kind(ca, CHARTEX_AXIS_CATEGORY, 0.0);
        cats = PySequence_Tuple(PySequence_Fast_GET_ITEM(seq, 1));
        if (cats == NULL)
            goto fail;
        for (i = 0; i < PySequence_Fast_GET_SIZE(cats); i++) {
            if (chx_utf8_of(PySequence_Fast_GET_ITEM(cats, i), &s, &len, &keep) < 0)
                goto fail;
            if (chartex_axis_add_category(ca, s, len, &w->err) < 0) {
                chx_core_fail(w);
                goto done;
            }
            Py_CLEAR(keep);
        }
    }
    rc = 0;
    goto done;
fail:
    chx_fail(w, which ? "the y axis units" : "the x axis units", NULL);
done:
    Py_XDECREF(which_obj);
    Py_XDECREF(res);
    Py_XDECREF(seq);
    Py_XDECREF(cats);
    Py_XDECREF(keep);
    return rc;
}

/* The tick label texts: the major formatter's format_ticks(locs), which is
 * what drawing shows (Axis._update_ticks formats the same way) without
 * making Tick objects; get_majorticklabels() when that fails to give one
 * text per tick. */
static PyObject *
tick_texts(walk *w, PyObject *axis, PyObject *locs, Py_ssize_t n)
{
    PyObject *fmt = NULL, *texts = NULL, *seq = NULL, *labels = NULL, *lseq = NULL;
    PyObject *result = NULL, *t;
    Py_ssize_t i;

    fmt = PyObject_CallMethodNoArgs(axis, w->st->s_get_major_formatter);
    if (fmt == NULL)
        goto done;
    texts = PyObject_CallMethodOneArg(fmt, w->st->s_format_ticks, locs);
    if (texts == NULL)
        goto done;
    /* A list of our own: read_ticks indexes it as a list, and a formatter
     * may return a tuple, or a list it keeps and changes. */
    seq = PySequence_List(texts);
    if (seq == NULL)
        goto done;
    if (PyList_GET_SIZE(seq) == n) {
        result = seq;
        seq = NULL;
        goto done;
    }
    labels = PyObject_CallMethodNoArgs(axis, w->st->s_get_majorticklabels);
    if (labels == NULL)
        goto done;
    lseq = PySequence_Tuple(labels);
    if (lseq == NULL)
        goto done;
    if (PySequence_Fast_GET_SIZE(lseq) != n) {
        result = PyList_New(0);   /* no texts: the labels stay "" */
        goto done;
    }
    result = PyList_New(n);
    if (result == NULL)
        goto done;
    for (i = 0; i < n; i++) {
        t = PyObject_CallMethodNoArgs(PySequence_Fast_GET_ITEM(lseq, i), w->st->s_get_text);
        if (t == NULL) {
            Py_CLEAR(result);
            goto done;
        }
        PyList_SET_ITEM(result, i, t);
    }
done:
    Py_XDECREF(fmt);
    Py_XDECREF(texts);
    Py_XDECREF(seq);
    Py_XDECREF(labels);
    Py_XDECREF(lseq);
    return result;
}

static int
read_ticks(walk *w, axctx *c, PyObject *axis, chartex_axis *ca, int which)
{
    PyObject *locs_obj = NULL, *texts = NULL, *keep = NULL;
    PyArrayObject *locs = NULL, *copy;
    const char *what = which ? "the y axis ticks" : "the x axis ticks";
    const char *s;
    size_t len;
    Py_ssize_t i, n;
    int rc = -1;

    locs_obj = PyObject_CallMethodNoArgs(axis, w->st->s_get_majorticklocs);
    if (locs_obj == NULL)
        goto fail;
    /* A copy: the formatter runs before the locations are used. */
    locs = chx_as_doubles_ex(w, locs_obj, 1, 1, 1);
    if (locs == NULL)
        goto fail;
    n = PyArray_SIZE(locs);
    texts = tick_texts(w, axis, locs_obj, n);
    if (texts == NULL)
        goto fail;
    if (which == 0 && c->period_freq != NULL) {
        copy = (PyArrayObject *)PyArray_NewCopy(locs, NPY_CORDER);
        if (copy == NULL)
            goto fail;
        Py_SETREF(locs, copy);
        if (chx_convert_period(w, c, (double *)PyArray_DATA(locs), (size_t)n, 1) < 0)
            goto fail;
    }
    if (chartex_axis_set_ticks(ca, (size_t)n, PyArray_DATA(locs), &w->err) < 0) {
        chx_core_fail(w);
        goto done;
    }
    for (i = 0; i < PyList_GET_SIZE(texts) && i < n; i++) {
        if (chx_utf8_of(PyList_GET_ITEM(texts, i), &s, &len, &keep) < 0)
            goto fail;
        if (chartex_axis_set_tick_label(ca, (size_t)i, s, len, &w->err) < 0) {
            chx_core_fail(w);
            goto done;
        }
        Py_CLEAR(keep);
    }
    rc = 0;
    goto done;
fail:
    /* Ticks only describe the data: when matplotlib cannot compute them
     * (a locator given an infinite view fails, and so would drawing), the
     * axis is read without them (or with their labels left "") rather than
     * losing the whole chart. */
    if (PyErr_ExceptionMatches(PyExc_Exception)
        && !PyErr_ExceptionMatches(PyExc_MemoryError)) {
        PyErr_Clear();
        rc = 0;
    } else {
        chx_fail(w, what, axis);
    }
done:
    Py_XDECREF(locs_obj);
    Py_XDECREF(locs);
    Py_XDECREF(texts);
    Py_XDECREF(keep);
    return rc;
}

static int
read_axis(walk *w, axctx *c, int which)
{
    chx_state *st = w->st;
    PyObject *axis = NULL, *view_obj = NULL;
    PyArrayObject *view = NULL, *copy;
    chartex_axis *ca = chartex_axes_axis(c->axes, which);
    double lo, hi;
    int rc = -1;

    axis = PyObject_GetAttr(c->ax, which ? st->s_yaxis : st->s_xaxis);
    if (axis == NULL) {
        chx_fail(w, which ? "the y axis" : "the x axis", c->ax);
        goto done;
    }
    if (chx_set_text_from_call(w, c->ax, which ? st->s_get_ylabel : st->s_get_xlabel,
                           NULL, set_axis_label, ca, "an axis label") < 0
        || chx_set_text_from_call(w, c->ax, which ? st->s_get_yscale : st->s_get_xscale,
                              NULL, set_axis_scale, ca, "an axis scale") < 0
        || read_axis_kind(w, c, axis, ca, which) < 0)
        goto done;
    view_obj = PyObject_CallMethodNoArgs(axis, st->s_get_view_interval);
    if (view_obj == NULL || (view = chx_as_doubles(w, view_obj, 1, 1)) == NULL)
        goto fail_view;
    if (PyArray_SIZE(view) != 2) {
        PyErr_SetString(PyExc_ValueError, "the view interval is not 2 numbers");
        goto fail_view;
    }
    if (which == 0 && c->period_freq != NULL) {
        copy = (PyArrayObject *)PyArray_NewCopy(view, NPY_CORDER);
        if (copy == NULL)
            goto fail_view;
        Py_SETREF(view, copy);
        if (chx_convert_period(w, c, (double *)PyArray_DATA(view), 2, 1) < 0)
            goto fail_view;
    }
    lo = ((const double *)PyArray_DATA(view))[0];
    hi = ((const double *)PyArray_DATA(view))[1];
    chartex_axis_set_view(ca, lo, hi);
    rc = read_ticks(w, c, axis, ca, which);
    goto done;
fail_view:
    chx_fail(w, "the view interval", axis);
done:
    Py_XDECREF(axis);
    Py_XDECREF(view_obj);
    Py_XDECREF(view);
    return rc;
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
    name = chx_get_optional(c->ax, w->st->s_name);
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
    chx_fail(w, "the kind of axes", c->ax);
done:
    Py_XDECREF(name);
    Py_XDECREF(marker);
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
    vis = chx_is_visible(w, ax);
    if (vis <= 0)
        return vis;
    c.trans_data = PyObject_GetAttr(ax, st->s_transData);
    if (c.trans_data == NULL) {
        chx_fail(w, "the data transform", ax);
        goto done;
    }
    c.axes = chartex_scene_add_axes(w->scene, &w->err);
    if (c.axes == NULL) {
        chx_core_fail(w);
        goto done;
    }
    if (chx_set_text_from_call(w, ax, st->s_get_title, st->s_center, set_title_center,
                           c.axes, "the title") < 0
        || chx_set_text_from_call(w, ax, st->s_get_title, st->s_left, set_title_left,
                              c.axes, "the left title") < 0
        || chx_set_text_from_call(w, ax, st->s_get_title, st->s_right, set_title_right,
                              c.axes, "the right title") < 0
        || axes_flags(w, &c, &flags) < 0)
        goto done;
    chartex_axes_set_flags(c.axes, flags);
    *out = c.axes;
    *flags_out = flags;
    /* The x axis first: it finds out whether x values are period ordinals. */
    if (read_axis(w, &c, 0) < 0 || read_axis(w, &c, 1) < 0)
        goto done;
    if (read_artists(w, &c) < 0)
        goto done;
    rc = 0;
done:
    Py_XDECREF(c.trans_data);
    Py_XDECREF(c.period_freq);
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
        in = chx_id_in(ids, item);
        if (in < 0)
            goto fail;
        if (in)
            continue;
        if (chx_id_add(ids, item) < 0 || PyList_Append(list, item) < 0)
            goto fail;
    }
    subfigs = chx_get_optional(fig, w->st->s_subfigs);
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
    chx_fail(w, "the axes", fig);
done:
    Py_XDECREF(axes);
    Py_XDECREF(seq);
    Py_XDECREF(subfigs);
    Py_XDECREF(sseq);
    return rc;
}

chartex_scene *
chx_walk_figure(chx_state *st, PyObject *fig)
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
    if (chx_ready(st) < 0)
        goto done;
    w.scene = chartex_scene_new(&w.err);
    if (w.scene == NULL) {
        chx_core_fail(&w);
        goto done;
    }
    w.colorbar_axes = PySet_New(NULL);
    axes = PyList_New(0);
    ids = PySet_New(NULL);
    if (w.colorbar_axes == NULL || axes == NULL || ids == NULL)
        goto done;
    if (chx_set_text_from_call(&w, st->compat, st->s_suptitle, fig, set_suptitle,
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
        in = chx_id_in(w.colorbar_axes, PyList_GET_ITEM(axes, i));
        if (in < 0) {
            chx_fail(&w, "the colorbars", NULL);
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
