/*
 * patches.c - the walker's room for patches: wedges (pie slices) and
 * other patches as polygons, bars, and the containers read as a whole (bar,
 * errorbar and stem containers; their lines are read by lines.c).
 */
#include "walk.h"

#include <math.h>
#include <string.h>

/* value (borrowed) as a double, failing as "while reading <what>" of
 * owner. */
static int
double_of(walk *w, PyObject *value, PyObject *owner, const char *what, double *v)
{
    *v = PyFloat_AsDouble(value);
    if (*v == -1.0 && PyErr_Occurred())
        return mpl_fail(w, what, owner);
    return 0;
}

/* Converts value (a new reference or NULL after a failed call; consumed)
 * to a double, failing as "while reading <what>" of owner. */
static int
number_of(walk *w, PyObject *value, PyObject *owner, const char *what, double *v)
{
    int rc;

    if (value == NULL)
        return mpl_fail(w, what, owner);
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
    arr = mpl_as_doubles(w, tverts, 0, 0);
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

/* A StepPatch (Axes.stairs): its values, edges and baseline as given,
 * read through chartex._matplotlib.artists.stairs_data. */
static int
read_stairs(walk *w, axctx *c, PyObject *patch)
{
    PyObject *res = NULL, *seq = NULL;
    PyArrayObject *arr[3] = { NULL, NULL, NULL };
    chartex_artist *a;
    size_t n, nb;
    int rc = -1, i, vertical;

    res = PyObject_CallMethodOneArg(w->st->artists, w->st->s_stairs_data, patch);
    if (res == NULL)
        goto fail;
    seq = PySequence_Fast(res, "stairs_data() must return a sequence");
    if (seq == NULL)
        goto fail;
    if (PySequence_Fast_GET_SIZE(seq) != 4) {
        PyErr_SetString(PyExc_ValueError, "stairs_data() must return 4 values");
        goto fail;
    }
    for (i = 0; i < 3; i++) {
        /* Copies: the period conversion below writes the edges. */
        arr[i] = mpl_as_doubles_ex(w, PySequence_Fast_GET_ITEM(seq, i), 1, 1, 1);
        if (arr[i] == NULL)
            goto fail;
    }
    vertical = PyObject_IsTrue(PySequence_Fast_GET_ITEM(seq, 3));
    if (vertical < 0)
        goto fail;
    n = (size_t)PyArray_SIZE(arr[0]);
    nb = (size_t)PyArray_SIZE(arr[2]);
    if ((size_t)PyArray_SIZE(arr[1]) != n + 1 || (nb > 1 && nb != n)) {
        PyErr_Format(PyExc_ValueError, "%zu values with %zd edges and %zu baseline values",
                     n, (Py_ssize_t)PyArray_SIZE(arr[1]), nb);
        goto fail;
    }
    if (vertical && c->period_freq != NULL
        && mpl_convert_period(w, c, (double *)PyArray_DATA(arr[1]), n + 1, 1) < 0)
        goto fail;
    a = mpl_new_artist(w, c, CHARTEX_ARTIST_STAIRS, patch, NULL, CHARTEX_ROLE_DATA, 0, 0);
    if (a == NULL)
        goto done;
    if (chartex_artist_set_stairs(a, n, PyArray_DATA(arr[1]), PyArray_DATA(arr[0]), nb,
                                  PyArray_DATA(arr[2]),
                                  vertical ? CHARTEX_VERTICAL : CHARTEX_HORIZONTAL,
                                  &w->err) < 0) {
        mpl_core_fail(w);
        goto done;
    }
    rc = 0;
    goto done;
fail:
    mpl_fail(w, "the steps", patch);
done:
    Py_XDECREF(res);
    Py_XDECREF(seq);
    for (i = 0; i < 3; i++)
        Py_XDECREF(arr[i]);
    return rc;
}

/* A pie slice: a WEDGE of the Wedge's angles and radius. */
static int
read_wedge(walk *w, axctx *c, PyObject *patch, chartex_artist_role role)
{
    chartex_artist *a;
    double t1, t2, r;

    if (attr_double(w, patch, w->st->s_theta1, &t1) < 0
        || attr_double(w, patch, w->st->s_theta2, &t2) < 0
        || attr_double(w, patch, w->st->s_r, &r) < 0)
        return -1;
    a = mpl_new_artist(w, c, CHARTEX_ARTIST_WEDGE, patch, NULL, role, 0, 0);
    if (a == NULL)
        return -1;
    chartex_artist_set_wedge(a, t1, t2, r);
    return 0;
}

/* Any other patch: a PATCH of its path's polygons in data coordinates
 * (scaled first when the patch's own scale would lose digits). */
static int
read_path_patch(walk *w, axctx *c, PyObject *patch, chartex_artist_role role, unsigned flags)
{
    PyObject *path = NULL, *trans = NULL, *polys = NULL, *zero = NULL;
    PyObject *affine = NULL, *scaled = NULL, *both = NULL;
    chartex_artist *a = mpl_new_artist(w, c, CHARTEX_ARTIST_PATCH, patch, NULL, role, flags, 0);
    double scale;
    int rc = -1;

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
    rc = mpl_add_polygons(w, c, a, polys, role == CHARTEX_ROLE_DATA, 0, patch, 1.0 / scale);
    goto done;
fail:
    mpl_fail(w, "the path", patch);
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

/* A patch: a Wedge (pie slice), or any other patch as polygons in data
 * coordinates.  Patches not in data coordinates (axhspan, axvspan) are
 * REFLINE, with the CHARTEX_REF_*_DATA flags of their data coordinates. */
int
mpl_read_patch(walk *w, axctx *c, PyObject *patch)
{
    chartex_artist_role role = CHARTEX_ROLE_DATA;
    unsigned flags = 0;
    int vis, data, is;

    vis = mpl_is_visible(w, patch);
    if (vis <= 0)
        return vis;
    data = mpl_is_data_transform(w, c, patch, w->st->s_get_data_transform);
    if (data < 0)
        return -1;
    if (!data) {
        role = CHARTEX_ROLE_REFLINE;
        if (mpl_ref_flags(w, c, patch, w->st->s_get_data_transform, &flags) < 0)
            return -1;
    }
    is = PyObject_IsInstance(patch, w->st->cls[CHX_WEDGE]);
    if (is < 0)
        return mpl_fail(w, "the class", patch);
    if (is)
        return read_wedge(w, c, patch, role);
    is = role == CHARTEX_ROLE_DATA ? PyObject_IsInstance(patch, w->st->cls[CHX_STEPPATCH]) : 0;
    if (is < 0)
        return mpl_fail(w, "the class", patch);
    if (is)
        return read_stairs(w, c, patch);
    return read_path_patch(w, c, patch, role, flags);
}

/* ------------------------------------------------------------------ bars */

/* datavalues of a BarContainer when numeric and one per bar, else NULL
 * (no exception): the core then reads values from the rectangles. */
static PyArrayObject *
bar_values(walk *w, PyObject *container, Py_ssize_t count)
{
    PyObject *dv = mpl_get_optional(container, w->st->s_datavalues);
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
    values = mpl_as_doubles_ex(w, (PyObject *)raw, 1, 1, 1);
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
    if (mpl_convert_period(w, c, buf, 3 * n, 1) < 0)
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
        fields[i] = mpl_get_optional(rect, names[i]);
        if (fields[i] == NULL) {
            while (i > 0)
                Py_CLEAR(fields[--i]);
            return PyErr_Occurred() ? mpl_fail(w, "a bar", rect) : 0;
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
            mpl_fail(w, "the visibility", rect);
            goto done;
        }
    } else {
        vis = mpl_is_visible(w, rect);
        if (vis < 0)
            goto done;
        f[1] = mpl_get_optional(rect, w->st->s_axes);
        if (f[1] == NULL && PyErr_Occurred()) {
            mpl_fail(w, "a bar", rect);
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

static int read_errorbar(walk *w, axctx *c, PyObject *container, unsigned long group);

/* The error bars of a bar container (bar(..., yerr=...)): matplotlib makes
 * them with errorbar(fmt="none") and keeps that ErrorbarContainer as the
 * BarContainer's public `errorbar`.  They are read here, with the bars'
 * group, so that the core knows whose error bars they are (two stacked
 * bar containers put theirs at the same positions); order.c then
 * skips the ErrorbarContainer, which is in w->seen. */
static int
bar_errorbars(walk *w, axctx *c, PyObject *container, unsigned long group)
{
    PyObject *eb;
    int kind, rc = 0;

    eb = mpl_get_optional(container, w->st->s_errorbar);
    if (eb == NULL)
        return PyErr_Occurred() ? mpl_fail(w, "the error bars", container) : 0;
    if (eb != Py_None && chx_ptrmap_get(&w->seen, eb) == NULL) {
        kind = mpl_container_kind_of(w, eb);
        if (kind < 0)
            rc = -1;
        else if (kind == MPL_CONTAINER_ERRORBAR) {
            rc = mpl_ptr_add(&w->seen, eb) < 0 ? mpl_fail(w, "the error bars", eb)
                                               : read_errorbar(w, c, eb, group);
        }
    }
    Py_DECREF(eb);
    return rc;
}

/* The visible bars of a container (still on the axes): their geometry
 * and datavalues (v NULL without them), count of each at most, in one
 * block; m of them, the first one (borrowed). */
typedef struct bar_set {
    double *x, *y, *wd, *h, *v;
    size_t m;
    PyObject *first;
} bar_set;

/* Reads the bars of patches into b (buf: room for five arrays of count),
 * each marked seen; values: the container's datavalues or NULL. */
static int
read_visible_bars(walk *w, axctx *c, PyObject *patches, double *buf, PyArrayObject *values,
                  bar_set *b)
{
    Py_ssize_t i, count = PySequence_Fast_GET_SIZE(patches);
    const double *dv = values != NULL ? (const double *)PyArray_DATA(values) : NULL;
    PyObject *rect;
    int vis;

    b->x = buf;
    b->y = b->x + count;
    b->wd = b->y + count;
    b->h = b->wd + count;
    b->v = values != NULL ? b->h + count : NULL;
    for (i = 0; i < count; i++) {
        rect = PySequence_Fast_GET_ITEM(patches, i); /* borrowed */
        if (mpl_ptr_add(&w->seen, rect) < 0)
            return mpl_fail(w, "a bar", rect);
        vis = read_rectangle(w, c, rect, &b->x[b->m], &b->y[b->m], &b->wd[b->m], &b->h[b->m]);
        if (vis < 0)
            return -1;
        if (!vis)
            continue;
        if (b->v != NULL)
            b->v[b->m] = dv[i];
        if (b->m++ == 0)
            b->first = rect;
    }
    return 0;
}

/* A horizontal container's bars say so. */
static int
bar_orientation(walk *w, PyObject *container, chartex_artist *a)
{
    PyObject *orient = mpl_get_optional(container, w->st->s_orientation);
    const char *s;

    if (orient == NULL)
        return PyErr_Occurred() ? mpl_fail(w, "the orientation", container) : 0;
    if (PyUnicode_Check(orient)) {
        s = PyUnicode_AsUTF8(orient);
        if (s == NULL)
            PyErr_Clear();
        else if (strcmp(s, "horizontal") == 0)
            chartex_artist_set_orientation(a, CHARTEX_HORIZONTAL);
    }
    Py_DECREF(orient);
    return 0;
}

/* Bars a histogram drew (compat.bar_binned: hist()'s and seaborn's
 * evidence) carry CHARTEX_BARS_BINNED. */
static int
bar_binned(walk *w, PyObject *container, chartex_artist *a)
{
    PyObject *binned = PyObject_CallMethodOneArg(w->st->compat, w->st->s_bar_binned, container);

    if (binned == NULL)
        return mpl_fail(w, "the bars", container);
    if (binned == Py_True)
        chartex_artist_set_flags(a, CHARTEX_BARS_BINNED);   /* bars have no other flag */
    Py_DECREF(binned);
    return 0;
}

/* A BarContainer: one BARS artist with the container's visible bars. */
static int
read_bars(walk *w, axctx *c, PyObject *container)
{
    PyObject *patches_obj = NULL, *patches = NULL;
    PyArrayObject *values = NULL;
    double *buf = NULL;
    bar_set b = {NULL, NULL, NULL, NULL, NULL, 0, NULL};
    chartex_artist *a;
    Py_ssize_t count;
    unsigned long group;
    int rc = -1;

    patches_obj = PyObject_GetAttr(container, w->st->s_patches);
    if (patches_obj == NULL) {
        mpl_fail(w, "the bars", container);
        goto done;
    }
    patches = mpl_as_seq(w, patches_obj, "the bars", container);
    if (patches == NULL)
        goto done;
    count = PySequence_Fast_GET_SIZE(patches);
    buf = PyMem_Calloc(count ? (size_t)count * 5 : 1, sizeof *buf);
    if (buf == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    values = bar_values(w, container, count);
    if (read_visible_bars(w, c, patches, buf, values, &b) < 0)
        goto done;
    if (b.m == 0) {
        rc = 0;
        goto done;
    }
    /* pandas >= 2 places the bars of a time series at Period ordinals. */
    if (c->period_freq != NULL && period_bars(w, c, b.x, b.wd, b.m) < 0) {
        mpl_fail(w, "the bars", container);
        goto done;
    }
    group = ++w->next_group;
    a = mpl_new_artist(w, c, CHARTEX_ARTIST_BARS, container, b.first, CHARTEX_ROLE_DATA, 0,
                       group);
    if (a == NULL)
        goto done;
    if (chartex_artist_set_bars(a, b.m, b.x, b.y, b.wd, b.h, b.v, &w->err) < 0) {
        mpl_core_fail(w);
        goto done;
    }
    if (bar_orientation(w, container, a) < 0 || bar_binned(w, container, a) < 0
        || bar_errorbars(w, c, container, group) < 0)
        goto done;
    rc = 0;
done:
    PyMem_Free(buf);
    Py_XDECREF(patches_obj);
    Py_XDECREF(patches);
    Py_XDECREF(values);
    return rc;
}

/* ------------------------------------------------------------ containers */

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
        return is < 0 ? mpl_fail(w, "the class", line) : 0;
    if (mpl_ptr_add(&w->seen, line) < 0)
        return mpl_fail(w, "a container", line);
    return mpl_read_line(w, c, line, container, role, flags, group);
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
        return is < 0 ? mpl_fail(w, "the class", coll) : 0;
    if (mpl_ptr_add(&w->seen, coll) < 0)
        return mpl_fail(w, "a container", coll);
    return mpl_read_segments(w, c, coll, role, group);
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
    seq = mpl_as_seq(w, parts, "a container", parts);
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

/* The kind of container, or -1 on error. */
int
mpl_container_kind_of(walk *w, PyObject *container)
{
    static const struct {
        int cls;
        mpl_container_kind kind;
    } kinds[] = {
        {CHX_BARCONTAINER, MPL_CONTAINER_BARS},
        {CHX_ERRORBARCONTAINER, MPL_CONTAINER_ERRORBAR},
        {CHX_STEMCONTAINER, MPL_CONTAINER_STEM},
    };
    size_t i;
    int is;

    for (i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        is = PyObject_IsInstance(container, w->st->cls[kinds[i].cls]);
        if (is < 0)
            return mpl_fail(w, "the class", container);
        if (is)
            return (int)kinds[i].kind;
    }
    return MPL_CONTAINER_OTHER;
}

/* The (data_line, caplines, barlinecols) of an ErrorbarContainer, as a fast
 * sequence in *lines (a new reference); *lines stays NULL when it does not
 * have the three parts matplotlib makes (its parts are then read alone from
 * the lists).  -1 on error. */
int
mpl_errorbar_parts(walk *w, PyObject *container, PyObject **lines)
{
    PyObject *lines_obj, *seq;

    *lines = NULL;
    lines_obj = mpl_get_optional(container, w->st->s_lines);
    if (lines_obj == NULL) {
        if (PyErr_Occurred())
            return mpl_fail(w, "the errorbar", container);
        Py_INCREF(container);    /* the container is the tuple itself */
        lines_obj = container;
    }
    seq = mpl_as_seq(w, lines_obj, "the errorbar", container);
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
int
mpl_stem_parts(walk *w, PyObject *container, PyObject *parts[3], int *collection)
{
    parts[0] = PyObject_GetAttr(container, w->st->s_markerline);
    parts[1] = parts[0] ? PyObject_GetAttr(container, w->st->s_stemlines) : NULL;
    parts[2] = parts[1] ? PyObject_GetAttr(container, w->st->s_baseline) : NULL;
    if (parts[2] == NULL) {
        mpl_fail(w, "the stem plot", container);
        goto fail;
    }
    *collection = PyObject_IsInstance(parts[1], w->st->cls[CHX_LINECOLLECTION]);
    if (*collection < 0) {
        mpl_fail(w, "the class", parts[1]);
        goto fail;
    }
    return 0;
fail:
    Py_CLEAR(parts[0]);
    Py_CLEAR(parts[1]);
    Py_CLEAR(parts[2]);
    return -1;
}

/* An ErrorbarContainer: the data line, then caps and bar segments, all
 * in group (the errorbar call's own, or its bars'). */
static int
read_errorbar(walk *w, axctx *c, PyObject *container, unsigned long group)
{
    PyObject *lines;
    int rc = -1;

    if (mpl_errorbar_parts(w, container, &lines) < 0)
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

    if (mpl_stem_parts(w, container, parts, &collection) < 0)
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

int
mpl_read_container(walk *w, axctx *c, PyObject *container)
{
    switch (mpl_container_kind_of(w, container)) {
    case MPL_CONTAINER_BARS:
        return read_bars(w, c, container);
    case MPL_CONTAINER_ERRORBAR:
        return read_errorbar(w, c, container, ++w->next_group);
    case MPL_CONTAINER_STEM:
        return read_stem(w, c, container);
    case MPL_CONTAINER_OTHER:
        return 0;
    default:
        return -1;
    }
}
