/*
 * values.c - hostile values, read for every room of the walker: text
 * (UTF-8, NUL and lone surrogates), NumPy arrays (masked values, copies),
 * pandas period ordinals, (x, y) points and polygons; what every artist
 * has (visibility, transform, class name, label).  It calls no room: the
 * rooms call it.  A failed Python call becomes ChartexError through
 * mpl_fail (walk.h), the module's one error bridge (state.c).
 */
#include "walk.h"
#include "pystr.h"

#include <math.h>
#include <string.h>


/* ------------------------------------------------------------------ text */

/* The UTF-8 text of obj: a str as is, None as "", anything else as
 * str(obj).  *s stays valid while *keep (a new reference or NULL, release
 * with Py_XDECREF) lives; obj must outlive *s too. */
int
mpl_utf8_of(PyObject *obj, const char **s, size_t *len, PyObject **keep)
{
    PyObject *str = NULL, *bytes;
    Py_ssize_t n;

    *keep = NULL;
    *s = "";
    *len = 0;
    if (obj == Py_None)
        return 0;
    if (!PyUnicode_Check(obj)) {
        str = PyObject_Str(obj);
        if (str == NULL)
            return -1;
        obj = str;
    }
    *s = PyUnicode_AsUTF8AndSize(obj, &n);
    if (*s != NULL && memchr(*s, '\0', (size_t)n) == NULL) {
        *len = (size_t)n;
        *keep = str;
        return 0;
    }
    if (*s == NULL) {
        if (!PyErr_ExceptionMatches(PyExc_UnicodeEncodeError))
            goto fail;
        PyErr_Clear();
    }
    bytes = chx_utf8_replacing(obj, CHX_TEXT_NO_NUL);
    if (bytes == NULL)
        goto fail;
    Py_XDECREF(str);
    *s = PyBytes_AS_STRING(bytes);
    *len = (size_t)PyBytes_GET_SIZE(bytes);
    *keep = bytes;
    return 0;
fail:
    *s = "";
    Py_XDECREF(str);
    return -1;
}

/* Calls obj.method(arg) (arg may be NULL) and gives the text of the result
 * to the core through set(target, ...). */
int
mpl_set_text_from_call(walk *w, PyObject *obj, PyObject *method, PyObject *arg,
                   mpl_text_setter set, void *target, const char *what)
{
    PyObject *value = NULL, *keep = NULL;
    const char *s;
    size_t len;
    int rc = -1;

    value = arg ? PyObject_CallMethodOneArg(obj, method, arg)
                : PyObject_CallMethodNoArgs(obj, method);
    if (value == NULL || mpl_utf8_of(value, &s, &len, &keep) < 0) {
        mpl_fail(w, what, obj);
        goto done;
    }
    if (set(target, s, len, &w->err) < 0) {
        mpl_core_fail(w);
        goto done;
    }
    rc = 0;
done:
    Py_XDECREF(value);
    Py_XDECREF(keep);
    return rc;
}

/* ----------------------------------------------------------- small reads */

/* obj.get_visible(), as 1 or 0; -1 on error. */
int
mpl_is_visible(walk *w, PyObject *obj)
{
    PyObject *v = PyObject_CallMethodNoArgs(obj, w->st->s_get_visible);
    int rc;

    if (v == NULL)
        return mpl_fail(w, "the visibility", obj);
    rc = PyObject_IsTrue(v);
    Py_DECREF(v);
    if (rc < 0)
        return mpl_fail(w, "the visibility", obj);
    return rc;
}

/* An id for obj in the walk's sets: its address (the artists stay alive
 * during the walk); unlike obj itself, it hashes even when a hostile
 * subclass makes artists unhashable. */
int
mpl_id_add(PyObject *set, PyObject *obj)
{
    PyObject *id = PyLong_FromVoidPtr(obj);
    int rc;

    if (id == NULL)
        return -1;
    rc = PySet_Add(set, id);
    Py_DECREF(id);
    return rc;
}

int
mpl_id_in(PyObject *set, PyObject *obj)
{
    PyObject *id = PyLong_FromVoidPtr(obj);
    int rc;

    if (id == NULL)
        return -1;
    rc = PySet_Contains(set, id);
    Py_DECREF(id);
    return rc;
}

/* A sequence as a tuple (new reference), for indexed reading.  A copy, not
 * PySequence_Fast's list itself: reading an item runs Python code, which
 * may empty or change the list that matplotlib (or a hostile subclass)
 * handed out, and the tuple keeps every item alive and in place. */
PyObject *
mpl_as_seq(walk *w, PyObject *obj, const char *what, PyObject *owner)
{
    PyObject *seq = PySequence_Tuple(obj);

    if (seq == NULL)
        mpl_fail(w, what, owner);
    return seq;
}

/* ---------------------------------------------------------------- arrays */

/* 1 when masked array obj masks nothing (numpy.ma.nomask, or a mask all
 * False), 0 when it masks a value, -1 on error. */
static int
no_mask(walk *w, PyObject *obj)
{
    PyObject *mask = PyObject_CallMethodOneArg(w->st->numpy_ma, w->st->s_getmask, obj);
    PyArrayObject *m = NULL;
    const npy_bool *b;
    npy_intp i, n;
    int rc = -1;

    if (mask == NULL)
        return -1;
    if (!PyArray_Check(mask)) {
        /* nomask (numpy.bool_ False), or anything that is no array. */
        rc = PyObject_IsTrue(mask);
        rc = rc < 0 ? -1 : !rc;
        goto done;
    }
    m = (PyArrayObject *)PyArray_FROMANY(mask, NPY_BOOL, 0, 0, NPY_ARRAY_IN_ARRAY);
    if (m == NULL)
        goto done;
    b = (const npy_bool *)PyArray_DATA(m);
    n = PyArray_SIZE(m);
    for (i = 0; i < n && !b[i]; i++)
        ;
    rc = i == n;
done:
    Py_DECREF(mask);
    Py_XDECREF(m);
    return rc;
}

/* obj as a C-contiguous array of doubles with ndmin..ndmax dimensions.
 * Masked values (numpy.ma) become NaN; the result is then a copy, so the
 * caller's data is never written.  Without copy the result may share the
 * caller's buffer: pass copy when Python code runs before the values are
 * used, since that code may resize the array in place and free it. */
PyArrayObject *
mpl_as_doubles_ex(walk *w, PyObject *obj, int ndmin, int ndmax, int copy)
{
    PyObject *mask = NULL, *filled = NULL, *zero = NULL;
    PyArrayObject *arr = NULL, *m = NULL, *result = NULL;
    npy_intp i, size;
    double *d;
    const npy_bool *mk;
    int masked;

    masked = PyObject_IsInstance(obj, w->st->cls[CHX_MASKEDARRAY]);
    if (masked < 0)
        goto done;
    if (!masked) {
        result = (PyArrayObject *)PyArray_FROMANY(obj, NPY_DOUBLE, ndmin, ndmax,
                                                  NPY_ARRAY_IN_ARRAY | NPY_ARRAY_FORCECAST
                                                  | (copy ? NPY_ARRAY_ENSURECOPY : 0));
        goto done;
    }
    mask = PyObject_CallMethodOneArg(w->st->numpy_ma, w->st->s_getmaskarray, obj);
    if (mask == NULL)
        goto done;
    /* filled(0): masked slots may hold anything (None in an object array);
     * they are overwritten with NaN below. */
    zero = PyLong_FromLong(0);
    if (zero == NULL)
        goto done;
    filled = PyObject_CallMethodOneArg(obj, w->st->s_filled, zero);
    if (filled == NULL)
        goto done;
    arr = (PyArrayObject *)PyArray_FROMANY(filled, NPY_DOUBLE, ndmin, ndmax,
                                           NPY_ARRAY_CARRAY | NPY_ARRAY_FORCECAST
                                           | NPY_ARRAY_ENSURECOPY);
    if (arr == NULL)
        goto done;
    m = (PyArrayObject *)PyArray_FROMANY(mask, NPY_BOOL, 0, 0, NPY_ARRAY_IN_ARRAY);
    if (m == NULL)
        goto done;
    size = PyArray_SIZE(arr);
    if (PyArray_SIZE(m) != size) {
        PyErr_SetString(PyExc_ValueError, "the mask and the data differ in size");
        goto done;
    }
    d = (double *)PyArray_DATA(arr);
    mk = (const npy_bool *)PyArray_DATA(m);
    for (i = 0; i < size; i++)
        if (mk[i])
            d[i] = NAN;
    result = arr;
    arr = NULL;
done:
    Py_XDECREF(mask);
    Py_XDECREF(zero);
    Py_XDECREF(filled);
    Py_XDECREF(arr);
    Py_XDECREF(m);
    return result;
}

PyArrayObject *
mpl_as_doubles(walk *w, PyObject *obj, int ndmin, int ndmax)
{
    return mpl_as_doubles_ex(w, obj, ndmin, ndmax, 0);
}

/* Converts the n values at v[0], v[stride], ... from pandas Period
 * ordinals to date numbers, in place (one vectorised call). */
int
mpl_convert_period(walk *w, axctx *c, double *v, size_t n, size_t stride)
{
    PyArrayObject *in = NULL, *out = NULL;
    PyObject *converted = NULL;
    npy_intp dim = (npy_intp)n;
    double *p;
    const double *q;
    size_t i;
    int rc = -1;

    if (n == 0)
        return 0;
    in = (PyArrayObject *)PyArray_SimpleNew(1, &dim, NPY_DOUBLE);
    if (in == NULL)
        goto done;
    p = (double *)PyArray_DATA(in);
    for (i = 0; i < n; i++)
        p[i] = v[i * stride];
    converted = PyObject_CallMethodObjArgs(w->st->compat, w->st->s_period_to_datenum,
                                           (PyObject *)in, c->period_freq, NULL);
    if (converted == NULL)
        goto done;
    out = (PyArrayObject *)PyArray_FROMANY(converted, NPY_DOUBLE, 1, 1, NPY_ARRAY_IN_ARRAY);
    if (out == NULL)
        goto done;
    if (PyArray_SIZE(out) != dim) {
        PyErr_SetString(PyExc_ValueError, "period conversion changed the size");
        goto done;
    }
    q = (const double *)PyArray_DATA(out);
    for (i = 0; i < n; i++)
        v[i * stride] = q[i];
    rc = 0;
done:
    Py_XDECREF(in);
    Py_XDECREF(converted);
    Py_XDECREF(out);
    return rc;
}

/* obj as n (x, y) points: *out is a new (n, 2) array of doubles, or NULL
 * when n is 0.  On a pandas period axis, convert_x turns the x values into
 * date numbers.  Raises a plain exception: the caller wraps it. */
int
mpl_read_points_scaled(walk *w, axctx *c, PyObject *obj, int convert_x, double scale,
                   PyArrayObject **out, size_t *n)
{
    PyArrayObject *arr, *copy;
    PyObject *data = NULL;
    double *d;
    npy_intp i, size;
    int masked;

    *out = NULL;
    *n = 0;
    /* A scatter's offsets are a masked array whose mask is all False
     * unless a value is missing: then its data are read as they are,
     * without a copy (the caller borrows or copies them at once). */
    masked = PyObject_IsInstance(obj, w->st->cls[CHX_MASKEDARRAY]);
    if (masked < 0 || (masked && (masked = no_mask(w, obj)) < 0))
        return -1;
    if (masked) {
        data = PyObject_CallMethodOneArg(w->st->numpy_ma, w->st->s_getdata, obj);
        if (data == NULL)
            return -1;
        obj = data;
    }
    arr = mpl_as_doubles(w, obj, 1, 2);
    Py_XDECREF(data);
    if (arr == NULL)
        return -1;
    if (PyArray_SIZE(arr) == 0) {
        Py_DECREF(arr);
        return 0;
    }
    if (PyArray_NDIM(arr) != 2 || PyArray_DIM(arr, 1) != 2) {
        PyErr_Format(PyExc_ValueError, "expected (x, y) points, got an array of %d dimension(s)%s",
                     PyArray_NDIM(arr), PyArray_NDIM(arr) == 2 ? " with rows that are not pairs" : "");
        Py_DECREF(arr);
        return -1;
    }
    if ((convert_x && c->period_freq != NULL) || scale != 1.0) {
        copy = (PyArrayObject *)PyArray_NewCopy(arr, NPY_CORDER);
        Py_DECREF(arr);
        if (copy == NULL)
            return -1;
        arr = copy;
    }
    if (scale != 1.0) {
        d = (double *)PyArray_DATA(arr);
        size = PyArray_SIZE(arr);
        for (i = 0; i < size; i++)
            d[i] *= scale;
    }
    if (convert_x && c->period_freq != NULL) {
        if (mpl_convert_period(w, c, (double *)PyArray_DATA(arr),
                           (size_t)PyArray_DIM(arr, 0), 2) < 0) {
            Py_DECREF(arr);
            return -1;
        }
    }
    *out = arr;
    *n = (size_t)PyArray_DIM(arr, 0);
    return 0;
}

int
mpl_read_points(walk *w, axctx *c, PyObject *obj, int convert_x,
            PyArrayObject **out, size_t *n)
{
    return mpl_read_points_scaled(w, c, obj, convert_x, 1.0, out, n);
}

int
mpl_borrow_points(walk *w, chartex_artist *a, PyArrayObject *pts, size_t n)
{
    const double *xy;

    if (pts == NULL || n == 0) {
        if (chartex_artist_set_points(a, 0, NULL, &w->err) < 0)
            return mpl_core_fail(w);
        return 0;
    }
    /* mpl_read_points made it so: C-contiguous, aligned (n, 2) doubles. */
    if (!PyArray_IS_C_CONTIGUOUS(pts) || !PyArray_ISALIGNED(pts) || PyArray_NDIM(pts) != 2
        || PyArray_DIM(pts, 1) != 2 || (size_t)PyArray_DIM(pts, 0) != n
        || PyArray_TYPE(pts) != NPY_DOUBLE) {
        PyErr_SetString(PyExc_SystemError, "chartex: points that are not (n, 2) doubles");
        return -1;
    }
    if (PyList_Append(w->keep, (PyObject *)pts) < 0)
        return -1;
    xy = (const double *)PyArray_DATA(pts);
    if (chartex_artist_borrow_points(a, n, xy, xy + 1, 2, &w->err) < 0)
        return mpl_core_fail(w);
    return 0;
}

/* Adds each (n, 2) array of the sequence seq as a polygon of a. */
int
mpl_add_polygons(walk *w, axctx *c, chartex_artist *a, PyObject *seq_obj,
             int convert_x, int vertices_attr, PyObject *owner, double scale)
{
    PyObject *seq = NULL, *item, *verts = NULL;
    PyArrayObject *pts = NULL;
    Py_ssize_t i, count;
    size_t n;
    int rc = -1;

    seq = mpl_as_seq(w, seq_obj, "the polygons", owner);
    if (seq == NULL)
        return -1;
    count = PySequence_Fast_GET_SIZE(seq);
    for (i = 0; i < count; i++) {
        item = PySequence_Fast_GET_ITEM(seq, i); /* borrowed */
        if (vertices_attr) {
            verts = PyObject_GetAttr(item, w->st->s_vertices);
            if (verts == NULL) {
                mpl_fail(w, "the paths", owner);
                goto done;
            }
        } else {
            Py_INCREF(item);
            verts = item;
        }
        if (mpl_read_points_scaled(w, c, verts, convert_x, scale, &pts, &n) < 0) {
            mpl_fail(w, "the polygons", owner);
            goto done;
        }
        if (chartex_artist_add_polygon(a, n, pts ? PyArray_DATA(pts) : NULL, &w->err) < 0) {
            mpl_core_fail(w);
            goto done;
        }
        Py_CLEAR(verts);
        Py_CLEAR(pts);
    }
    rc = 0;
done:
    Py_XDECREF(seq);
    Py_XDECREF(verts);
    Py_XDECREF(pts);
    return rc;
}

/* --------------------------------------------------------------- artists */

int
mpl_legend_entry(walk *w, axctx *c, PyObject *obj, PyObject **out)
{
    PyObject *key;

    *out = NULL;
    if (c->legend_names == NULL || obj == NULL)
        return 0;
    key = PyLong_FromVoidPtr(obj);
    if (key == NULL)
        return mpl_fail(w, "the legend", obj);
    /* Our own dict, keyed by ints: no Python code runs. */
    *out = PyDict_GetItemWithError(c->legend_names, key);
    Py_DECREF(key);
    if (*out == NULL && PyErr_Occurred())
        return mpl_fail(w, "the legend", obj);
    return 0;
}

/* The name the legend gives obj (or else alt), borrowed; NULL when it
 * gives none. */
static int
legend_name(walk *w, axctx *c, PyObject *obj, PyObject *alt, PyObject **name)
{
    PyObject *e;

    *name = NULL;
    if (mpl_legend_entry(w, c, obj, &e) < 0)
        return -1;
    if (e == NULL && alt != NULL && mpl_legend_entry(w, c, alt, &e) < 0)
        return -1;
    if (e != NULL && PyUnicode_Check(e))
        *name = e;
    return 0;
}

/* The label of the artist a made from obj: obj's label or, when that is a
 * default ("" or "_..."), alt's when alt has a real one.  matplotlib keeps
 * the legend label of errorbar() and stem() on the container (the data
 * line gets "_nolegend_"), and hist() puts it on the first bar. */
static int
set_label(walk *w, axctx *c, chartex_artist *a, PyObject *obj, PyObject *alt)
{
    PyObject *v = NULL, *keep = NULL, *v2 = NULL, *keep2 = NULL, *named;
    const char *s, *s2;
    size_t len, len2;
    int rc = -1;

    v = PyObject_CallMethodNoArgs(obj, w->st->s_get_label);
    if (v == NULL || mpl_utf8_of(v, &s, &len, &keep) < 0) {
        mpl_fail(w, "the label", obj);
        goto done;
    }
    if (alt != NULL && (len == 0 || s[0] == '_')) {
        v2 = PyObject_CallMethodNoArgs(alt, w->st->s_get_label);
        if (v2 == NULL || mpl_utf8_of(v2, &s2, &len2, &keep2) < 0) {
            mpl_fail(w, "the label", alt);
            goto done;
        }
        if (len2 > 0 && s2[0] != '_') {
            s = s2;
            len = len2;
        }
    }
    /* Still a default: the name the legend gives it (seaborn's hue). */
    if (len == 0 || s[0] == '_') {
        if (legend_name(w, c, obj, alt, &named) < 0)
            goto done;
        if (named != NULL) {
            Py_CLEAR(keep2);
            if (mpl_utf8_of(named, &s, &len, &keep2) < 0) {
                mpl_fail(w, "the legend", obj);
                goto done;
            }
        }
    }
    if (chartex_artist_set_label(a, s, len, &w->err) < 0) {
        mpl_core_fail(w);
        goto done;
    }
    rc = 0;
done:
    Py_XDECREF(v);
    Py_XDECREF(keep);
    Py_XDECREF(v2);
    Py_XDECREF(keep2);
    return rc;
}

/* Adds an artist of kind for obj, with its class name and label (alt: see
 * set_label; may be NULL). */
chartex_artist *
mpl_new_artist(walk *w, axctx *c, chartex_artist_kind kind, PyObject *obj,
           PyObject *alt, chartex_artist_role role, unsigned flags,
           unsigned long group)
{
    chartex_artist *a;
    const char *cls = chx_class_name(obj);

    a = chartex_axes_add_artist(c->axes, kind, &w->err);
    if (a == NULL) {
        mpl_core_fail(w);
        return NULL;
    }
    if (chartex_artist_set_class(a, cls, strlen(cls), &w->err) < 0) {
        mpl_core_fail(w);
        return NULL;
    }
    if (set_label(w, c, a, obj, alt) < 0)
        return NULL;
    chartex_artist_set_role(a, role);
    chartex_artist_set_flags(a, flags);
    chartex_artist_set_group(a, group);
    return a;
}

int
mpl_read_other(walk *w, axctx *c, PyObject *obj, chartex_artist_role role)
{
    return mpl_new_artist(w, c, CHARTEX_ARTIST_OTHER, obj, NULL, role, 0, 0) ? 0 : -1;
}

/* 1 when obj.method() is ax.transData (or transData followed by a
 * translation in display space alone, chartex._matplotlib.compat's
 * offset_data), 0 when not, -1 on error. */
int
mpl_is_data_transform(walk *w, axctx *c, PyObject *obj, PyObject *method)
{
    PyObject *t = PyObject_CallMethodNoArgs(obj, method), *off;
    int rc;

    if (t == NULL)
        return mpl_fail(w, "the transform", obj);
    rc = t == c->trans_data;
    if (!rc) {
        off = PyObject_CallMethodObjArgs(w->st->compat, w->st->s_offset_data, t,
                                         c->trans_data, NULL);
        if (off == NULL) {
            Py_DECREF(t);
            return mpl_fail(w, "the transform", obj);
        }
        rc = off == Py_True;
        Py_DECREF(off);
    }
    Py_DECREF(t);
    return rc;
}

/* The CHARTEX_REF_*_DATA flags of a reference line or span whose
 * transform (obj.method()) is not the Axes' data transform: the Axes'
 * y-axis transform (axhline, axhspan) keeps y in data coordinates, its
 * x-axis transform (axvline, axvspan) x; any other, neither.  Asked of
 * the Axes only for such lines.  -1 on error. */
int
mpl_ref_flags(walk *w, axctx *c, PyObject *obj, PyObject *method, unsigned *flags)
{
    PyObject *t = NULL, *axis_t = NULL;
    int rc = -1;

    t = PyObject_CallMethodNoArgs(obj, method);
    if (t == NULL) {
        mpl_fail(w, "the transform", obj);
        goto done;
    }
    axis_t = PyObject_CallMethodNoArgs(c->ax, w->st->s_get_yaxis_transform);
    if (axis_t == NULL) {
        mpl_fail(w, "the y axis transform", c->ax);
        goto done;
    }
    if (t == axis_t)
        *flags |= CHARTEX_REF_Y_DATA;
    Py_CLEAR(axis_t);
    axis_t = PyObject_CallMethodNoArgs(c->ax, w->st->s_get_xaxis_transform);
    if (axis_t == NULL) {
        mpl_fail(w, "the x axis transform", c->ax);
        goto done;
    }
    if (t == axis_t)
        *flags |= CHARTEX_REF_X_DATA;
    rc = 0;
done:
    Py_XDECREF(t);
    Py_XDECREF(axis_t);
    return rc;
}

/* Notes the axes of the colorbar that a mappable (image, collection)
 * points to: that axes is a colorbar's, not a chart. */
int
mpl_note_colorbar(walk *w, PyObject *mappable)
{
    PyObject *cb, *cbax = NULL;
    int rc = 0;

    cb = mpl_get_optional(mappable, w->st->s_colorbar);
    if (cb == NULL)
        return PyErr_Occurred() ? mpl_fail(w, "the colorbar", mappable) : 0;
    if (cb != Py_None) {
        cbax = mpl_get_optional(cb, w->st->s_ax);
        if (cbax == NULL && PyErr_Occurred())
            rc = mpl_fail(w, "the colorbar", mappable);
        else if (cbax != NULL && mpl_id_add(w->colorbar_axes, cbax) < 0)
            rc = mpl_fail(w, "the colorbar", mappable);
    }
    Py_DECREF(cb);
    Py_XDECREF(cbax);
    return rc;
}
