/*
 * arrays.c - the arrays of a Plotly figure in every form Plotly keeps them
 * (NumPy arrays of numbers, dates or text; lists and tuples; base64 typed
 * arrays, decoded by typedarray.c), turned into doubles on the axis they
 * are drawn on: numbers, dates (days since 1970-01-01, the scene's DATE
 * axes with epoch 0) or category indices (a multicategory axis' pairs
 * too); 2-D grids (z); an axis' type from its values, as plotly.js's
 * autotype guesses it.
 */
#include "plotly.h"

#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Values looked at to guess an axis type (plotly.js looks at 1000 too). */
#define AUTOTYPE_SAMPLE 1000

/* --------------------------------------------------------------- arrays */

/* Numbers read as numbers on ax: dates take them as milliseconds since
 * 1970 (plotly.js's date numbers), categories as the text of each. */
static int
numbers_on_axis(preader *r, px_axis *ax, double *v, size_t n)
{
    size_t i;
    PyObject *f;

    if (ax == NULL || ax->type == PX_AXTYPE_LINEAR || ax->type == PX_AXTYPE_LOG)
        return 0;
    for (i = 0; i < n; i++) {
        if (!isfinite(v[i])) {
            v[i] = NAN;
            continue;
        }
        if (ax->type == PX_AXTYPE_DATE) {
            v[i] /= MS_PER_DAY;
            continue;
        }
        f = PyFloat_FromDouble(v[i]);
        if (f == NULL || px_category(r, ax, f, &v[i]) < 0) {
            Py_XDECREF(f);
            return -1;
        }
        Py_DECREF(f);
    }
    return 0;
}

/* One value of a sequence on ax. */
static int
item_value(preader *r, px_axis *ax, PyObject *item, double *out)
{
    const char *s;
    Py_ssize_t len;
    char *end;
    double d;
    px_axis_type type = ax != NULL ? ax->type : PX_AXTYPE_LINEAR;

    *out = NAN;
    if (item == Py_None)
        return 0;
    if (type == PX_AXTYPE_CATEGORY)
        return px_category(r, ax, item, out);
    if (PyUnicode_Check(item)) {
        s = PyUnicode_AsUTF8AndSize(item, &len);
        if (s == NULL) {
            PyErr_Clear();
            return 0;
        }
        if (type == PX_AXTYPE_DATE) {
            if (px_parse_date(s, (size_t)len, &d))
                *out = d;
            return 0;
        }
        d = strtod(s, &end);
        if (end != s && *end == '\0' && isfinite(d))
            *out = d;
        return 0;
    }
    if (px_number_of(item, &d)) {
        *out = type == PX_AXTYPE_DATE ? d / MS_PER_DAY : d;
        return 0;
    }
    if (type == PX_AXTYPE_DATE) {
        /* datetime, date, pandas Timestamp, numpy datetime64: their text. */
        PyObject *text = PyObject_Str(item);

        if (text == NULL)
            return px_absent(), PyErr_Occurred() ? -1 : 0;
        s = PyUnicode_AsUTF8AndSize(text, &len);
        if (s != NULL && len >= 10) {
            /* str(datetime) with a UTC offset: the offset is dropped, as
             * plotly.js drops it. */
            size_t l = (size_t)len;

            if (l > 19 && (s[l - 6] == '+' || s[l - 6] == '-') && s[l - 3] == ':')
                l -= 6;
            if (px_parse_date(s, l, &d))
                *out = d;
        }
        else if (s == NULL)
            PyErr_Clear();
        Py_DECREF(text);
    }
    return 0;
}

/* The values of a sequence, one item at a time. */
static int
sequence_values(preader *r, px_axis *ax, PyObject *obj, double **out, size_t *n)
{
    PyObject *seq = PySequence_Fast(obj, "not a sequence");
    Py_ssize_t i, len;
    double *v = NULL;
    int rc = -1;

    if (seq == NULL) {
        px_absent();
        return PyErr_Occurred() ? -1 : 0;
    }
    len = PySequence_Fast_GET_SIZE(seq);
    v = px_calc_alloc((size_t)len, sizeof *v);
    if (v == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (i = 0; i < len; i++)
        if (item_value(r, ax, PySequence_Fast_GET_ITEM(seq, i), &v[i]) < 0)
            goto done;
    *out = v;
    *n = (size_t)len;
    v = NULL;
    rc = 0;
done:
    free(v);
    Py_DECREF(seq);
    return rc;
}

/* A NumPy datetime64 array as days since 1970 (NaT: NaN). */
static int
datetime_values(PyArrayObject *arr, double **out, size_t *n)
{
    PyObject *us = NULL, *i64 = NULL, *view = NULL;
    PyArray_Descr *descr = NULL;
    PyArrayObject *ints = NULL;
    npy_intp k, size;
    const npy_int64 *src;
    double *v = NULL;
    int rc = -1;

    us = PyUnicode_FromString("datetime64[us]");
    if (us == NULL || !PyArray_DescrConverter(us, &descr))
        goto done;
    i64 = PyArray_CastToType(arr, descr, 0);   /* steals descr */
    descr = NULL;
    if (i64 == NULL)
        goto done;
    view = PyArray_View((PyArrayObject *)i64, PyArray_DescrFromType(NPY_INT64), NULL);
    if (view == NULL)
        goto done;
    ints = (PyArrayObject *)PyArray_FROMANY(view, NPY_INT64, 0, 0, NPY_ARRAY_CARRAY);
    if (ints == NULL)
        goto done;
    size = PyArray_SIZE(ints);
    v = px_calc_alloc((size_t)size, sizeof *v);
    if (v == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    src = (const npy_int64 *)PyArray_DATA(ints);
    for (k = 0; k < size; k++)
        v[k] = src[k] == NPY_MIN_INT64 ? NAN : (double)src[k] / 86400e6;
    *out = v;
    *n = (size_t)size;
    v = NULL;
    rc = 0;
done:
    free(v);
    Py_XDECREF(us);
    Py_XDECREF(i64);
    Py_XDECREF(view);
    Py_XDECREF((PyObject *)ints);
    return rc;
}

/* A copy (px_calc_alloc's) of a C-contiguous array of doubles, NaN for every
 * value that is not finite; NULL with MemoryError. */
static double *
finite_copy(PyArrayObject *arr, size_t *n)
{
    size_t k, len = (size_t)PyArray_SIZE(arr);
    const double *src = PyArray_DATA(arr);
    double *v = px_calc_alloc(len, sizeof *v);

    if (v == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    /* One pass: copied and cleaned together (a series of millions is
     * read once, not copied and then read again). */
    for (k = 0; k < len; k++)
        v[k] = isfinite(src[k]) ? src[k] : NAN;
    *n = len;
    return v;
}

/* ------------------------------------------------------ multicategory */

static int
is_array(PyObject *v)
{
    return PyList_Check(v) || PyTuple_Check(v) || PyArray_Check(v) || px_is_typed_array(v);
}

int
px_is_multicategory(PyObject *obj)
{
    PyObject *a, *b;
    int yes;

    if (obj == NULL || PyUnicode_Check(obj) || PyDict_Check(obj) || !PySequence_Check(obj)
        || PySequence_Size(obj) < 2) {
        if (PyErr_Occurred())
            px_absent();
        return 0;
    }
    a = PySequence_GetItem(obj, 0);
    b = a != NULL ? PySequence_GetItem(obj, 1) : NULL;
    yes = a != NULL && b != NULL && is_array(a) && is_array(b);
    if (a == NULL || b == NULL)
        px_absent();
    Py_XDECREF(a);
    Py_XDECREF(b);
    return yes;
}

PyObject *
px_multi_name(PyObject *pair)
{
    return PyUnicode_FromFormat("%U - %U", PyTuple_GET_ITEM(pair, 0),
                                PyTuple_GET_ITEM(pair, 1));
}

PyObject *
px_multi_pairs(PyObject *obj)
{
    PyObject *lv[2] = {NULL, NULL}, *list = NULL, *item;
    Py_ssize_t i, n;
    int k;

    if (!px_is_multicategory(obj))
        return NULL;
    for (k = 0; k < 2; k++) {
        item = PySequence_GetItem(obj, k);
        /* A NumPy row (of objects or text) as a list: its items. */
        lv[k] = item != NULL ? PySequence_Fast(item, "a multicategory level") : NULL;
        Py_XDECREF(item);
        if (lv[k] == NULL)
            goto done;
    }
    n = PySequence_Fast_GET_SIZE(lv[0]);
    if (PySequence_Fast_GET_SIZE(lv[1]) < n)
        n = PySequence_Fast_GET_SIZE(lv[1]);
    list = PyList_New(n);
    if (list == NULL)
        goto done;
    for (i = 0; i < n; i++) {
        PyObject *a = px_category_text(PySequence_Fast_GET_ITEM(lv[0], i)), *b = NULL;

        if (a != NULL)
            b = px_category_text(PySequence_Fast_GET_ITEM(lv[1], i));
        if (PyErr_Occurred()) {
            Py_XDECREF(a);
            Py_XDECREF(b);
            Py_CLEAR(list);
            goto done;
        }
        if (a != NULL && b != NULL)
            item = PyTuple_Pack(2, a, b);
        else {
            item = Py_None;
            Py_INCREF(item);
        }
        Py_XDECREF(a);
        Py_XDECREF(b);
        if (item == NULL) {
            Py_CLEAR(list);
            goto done;
        }
        PyList_SET_ITEM(list, i, item);
    }
done:
    Py_XDECREF(lv[0]);
    Py_XDECREF(lv[1]);
    return list;
}

/* The positions of multicategory data on a multicategory axis: each
 * pair's category; anything else is no position there. */
static int
multi_values(preader *r, PyObject *obj, px_axis *ax, double **out, size_t *n)
{
    PyObject *pairs = px_multi_pairs(obj), *name;
    Py_ssize_t i, len;
    double *v;

    if (pairs == NULL)
        return PyErr_Occurred() ? -1 : 0;
    len = PyList_GET_SIZE(pairs);
    v = px_calc_alloc((size_t)len, sizeof *v);
    if (v == NULL) {
        Py_DECREF(pairs);
        PyErr_NoMemory();
        return -1;
    }
    for (i = 0; i < len; i++) {
        PyObject *pair = PyList_GET_ITEM(pairs, i);

        v[i] = NAN;
        if (pair == Py_None)
            continue;
        name = px_multi_name(pair);
        if (name == NULL || px_category(r, ax, name, &v[i]) < 0) {
            Py_XDECREF(name);
            Py_DECREF(pairs);
            free(v);
            return -1;
        }
        Py_DECREF(name);
    }
    Py_DECREF(pairs);
    *out = v;
    *n = (size_t)len;
    return 0;
}

/* --------------------------------------------------------------- values */

/* A typed array's values on ax. */
static int
typed_on_axis(preader *r, PyObject *obj, px_axis *ax, double **out, size_t *n)
{
    double *v = NULL;
    size_t rows, cols;

    if (px_typed_values(obj, &v, n, &rows, &cols) < 0)
        return -1;
    if (v != NULL && numbers_on_axis(r, ax, v, *n) < 0) {
        free(v);
        *n = 0;
        return -1;
    }
    *out = v;
    return 0;
}

/* A NumPy array's values on ax: dates, numbers (one call), or 1 when its
 * objects or texts are to be read one by one; none for a 2-D array or a
 * dtype not read (complex, timedelta, structured). */
static int
numpy_values(preader *r, PyArrayObject *arr, px_axis *ax, double **out, size_t *n)
{
    int kind = PyArray_DESCR(arr)->kind, rc = -1;
    PyArrayObject *num;
    double *v;
    size_t k, len;

    if (PyArray_NDIM(arr) > 1)
        return 0;
    if (kind == 'M') {
        if (datetime_values(arr, out, n) < 0)
            return -1;
        if (ax != NULL && ax->type != PX_AXTYPE_DATE) {
            /* Dates on an axis of another type: as plotly.js, which
             * then reads them as text, they are not numbers. */
            for (k = 0; k < *n; k++)
                (*out)[k] = NAN;
        }
        return 0;
    }
    if (kind != 'b' && kind != 'i' && kind != 'u' && kind != 'f')
        return kind == 'O' || kind == 'U' || kind == 'S' ? 1 : 0;
    num = (PyArrayObject *)PyArray_FROMANY((PyObject *)arr, NPY_DOUBLE, 1, 1,
                                           NPY_ARRAY_CARRAY | NPY_ARRAY_FORCECAST);
    if (num == NULL)
        return px_fail(r, "an array of numbers");
    v = finite_copy(num, &len);
    if (v != NULL && numbers_on_axis(r, ax, v, len) == 0) {
        *out = v;
        *n = len;
        rc = 0;
    }
    else
        free(v);
    Py_DECREF((PyObject *)num);
    return rc;
}

/* A list or tuple of numbers in one NumPy call; 1 when it holds other
 * values (read one by one). */
static int
list_numbers(PyObject *obj, double **out, size_t *n)
{
    PyArrayObject *arr = (PyArrayObject *)PyArray_FROMANY(obj, NPY_DOUBLE, 1, 1,
                                                          NPY_ARRAY_CARRAY
                                                              | NPY_ARRAY_FORCECAST);

    if (arr == NULL)
        return chx_clear_recoverable() < 0 ? -1 : 1;
    *out = finite_copy(arr, n);
    Py_DECREF((PyObject *)arr);
    return *out == NULL ? -1 : 0;
}

int
px_values(preader *r, PyObject *obj, px_axis *ax, double **out, size_t *n)
{
    int rc;

    *out = NULL;
    *n = 0;
    if (obj == NULL || obj == Py_None)
        return 0;
    if (ax != NULL && ax->multi)
        return multi_values(r, obj, ax, out, n);
    if (px_is_typed_array(obj))
        return typed_on_axis(r, obj, ax, out, n);
    if (PyUnicode_Check(obj) || PyBytes_Check(obj) || PyDict_Check(obj))
        return 0;   /* a scalar or a mapping where an array belongs: none */
    if (PyArray_Check(obj)) {
        if ((rc = numpy_values(r, (PyArrayObject *)obj, ax, out, n)) != 1)
            return rc;
    }
    else if ((ax == NULL || ax->type == PX_AXTYPE_LINEAR || ax->type == PX_AXTYPE_LOG)
             && (PyList_Check(obj) || PyTuple_Check(obj))) {
        if ((rc = list_numbers(obj, out, n)) != 1)
            return rc;
    }
    return sequence_values(r, ax, obj, out, n);
}

/* ---------------------------------------------------------------- grids */

/* A typed array's grid in its shape; none when it holds no value. */
static int
typed_grid(PyObject *obj, double **out, size_t *rows, size_t *cols)
{
    double *v = NULL;
    size_t len;

    if (px_typed_values(obj, &v, &len, rows, cols) < 0)
        return -1;
    if (v == NULL || len == 0) {
        free(v);
        *rows = *cols = 0;
        return 0;
    }
    *out = v;
    return 0;
}

/* A 2-D NumPy array of numbers, or a list of rows of numbers, as one
 * C-contiguous array of doubles into *arr (1); 0 when it is not one (read
 * row by row). */
static int
numeric_grid(preader *r, PyObject *obj, PyArrayObject **arr)
{
    *arr = NULL;
    if (PyArray_Check(obj) && PyArray_NDIM((PyArrayObject *)obj) == 2) {
        int kind = PyArray_DESCR((PyArrayObject *)obj)->kind;

        if (kind != 'b' && kind != 'i' && kind != 'u' && kind != 'f')
            return 0;
        *arr = (PyArrayObject *)PyArray_FROMANY(obj, NPY_DOUBLE, 2, 2,
                                                NPY_ARRAY_CARRAY | NPY_ARRAY_FORCECAST);
        return *arr != NULL ? 1 : px_fail(r, "a 2-D array");
    }
    if (PyList_Check(obj) || PyTuple_Check(obj)) {
        *arr = (PyArrayObject *)PyArray_FROMANY(obj, NPY_DOUBLE, 2, 2,
                                                NPY_ARRAY_CARRAY | NPY_ARRAY_FORCECAST);
        if (*arr != NULL)
            return 1;
        return chx_clear_recoverable() < 0 ? -1 : 0;
    }
    return 0;
}

/* The grid of a 2-D array of doubles (none when it has no cell). */
static int
copy_grid(PyArrayObject *arr, double **out, size_t *rows, size_t *cols)
{
    size_t len;

    *rows = (size_t)PyArray_DIM(arr, 0);
    *cols = (size_t)PyArray_DIM(arr, 1);
    if (*rows * *cols == 0) {
        /* [[], []]: no grid (and no row of any length to read). */
        *rows = *cols = 0;
        return 0;
    }
    *out = finite_copy(arr, &len);
    if (*out == NULL) {
        *rows = *cols = 0;
        return -1;
    }
    return 0;
}

/* The length of the longest row of seq (rows that are no sequence: 0). */
static int
widest_row(PyObject *seq, size_t *ncol)
{
    Py_ssize_t i;

    *ncol = 0;
    for (i = 0; i < PySequence_Fast_GET_SIZE(seq); i++) {
        PyObject *it = PySequence_Fast_GET_ITEM(seq, i);
        Py_ssize_t l = PySequence_Check(it) && !PyUnicode_Check(it) ? PySequence_Size(it) : -1;

        if (l < 0) {
            if (chx_clear_recoverable() < 0)
                return -1;
        }
        else if ((size_t)l > *ncol)
            *ncol = (size_t)l;
    }
    return 0;
}

/* Ragged rows, or rows of text and None: one row at a time, padded with
 * NaN to the longest; none when there is no cell or too many. */
static int
rows_grid(preader *r, PyObject *obj, double **out, size_t *rows, size_t *cols)
{
    PyObject *seq = PySequence_Fast(obj, "not a sequence");
    double *v = NULL, *row = NULL;
    size_t nrow, ncol, len, i, k;
    int rc = -1;

    if (seq == NULL) {
        px_absent();
        return PyErr_Occurred() ? -1 : 0;
    }
    nrow = (size_t)PySequence_Fast_GET_SIZE(seq);
    if (widest_row(seq, &ncol) < 0)
        goto done;
    rc = 0;
    if (nrow == 0 || ncol == 0 || nrow > SIZE_MAX / sizeof(double) / ncol)
        goto done;
    rc = -1;
    v = px_calc_alloc(nrow * ncol, sizeof *v);
    if (v == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (i = 0; i < nrow; i++) {
        PyObject *it = PySequence_Fast_GET_ITEM(seq, i);

        for (k = 0; k < ncol; k++)
            v[i * ncol + k] = NAN;
        if (PyUnicode_Check(it) || !PySequence_Check(it))
            continue;
        if (px_values(r, it, NULL, &row, &len) < 0)
            goto done;
        for (k = 0; k < len && k < ncol; k++)
            v[i * ncol + k] = row[k];
        free(row);
        row = NULL;
    }
    *out = v;
    *rows = nrow;
    *cols = ncol;
    v = NULL;
    rc = 0;
done:
    free(v);
    free(row);
    Py_DECREF(seq);
    return rc;
}

int
px_grid(preader *r, PyObject *obj, double **out, size_t *rows, size_t *cols)
{
    PyArrayObject *arr;
    int rc;

    *out = NULL;
    *rows = *cols = 0;
    if (obj == NULL || obj == Py_None)
        return 0;
    if (px_is_typed_array(obj))
        return typed_grid(obj, out, rows, cols);
    if (PyUnicode_Check(obj) || PyDict_Check(obj))
        return 0;
    rc = numeric_grid(r, obj, &arr);
    if (rc == 0)
        return rows_grid(r, obj, out, rows, cols);
    if (rc > 0) {
        rc = copy_grid(arr, out, rows, cols);
        Py_DECREF((PyObject *)arr);
    }
    return rc;
}

/* ---------------------------------------------------------- axis types */

/* How many of the values looked at read as dates, numbers and texts. */
typedef struct type_votes {
    size_t dates, numbers, texts;
} type_votes;

/* The type of a typed array (numbers) or a NumPy array of dates or
 * numbers: 1 when it says; 0 for objects and texts (read one by one). */
static int
array_type(PyObject *obj, px_axis_type *type)
{
    if (px_is_typed_array(obj)) {
        *type = PX_AXTYPE_LINEAR;
        return 1;
    }
    if (PyArray_Check(obj)) {
        int kind = PyArray_DESCR((PyArrayObject *)obj)->kind;

        if (kind == 'M') {
            *type = PX_AXTYPE_DATE;
            return 1;
        }
        if (kind != 'O' && kind != 'U' && kind != 'S') {
            *type = PX_AXTYPE_LINEAR;
            return 1;
        }
    }
    return 0;
}

/* A text's vote: a number when all of it is one, else a date, else a
 * category. */
static void
text_vote(PyObject *it, type_votes *v)
{
    Py_ssize_t slen;
    const char *s = PyUnicode_AsUTF8AndSize(it, &slen);
    char *end;
    double d;

    if (s == NULL) {
        PyErr_Clear();
        v->texts++;
        return;
    }
    d = strtod(s, &end);
    if (slen > 0 && end == s + slen && !isspace((unsigned char)s[0]))
        v->numbers++;
    else if (px_parse_date(s, (size_t)slen, &d))
        v->dates++;
    else
        v->texts++;
}

/* Another object's vote (datetime.date / datetime / Timestamp): a date
 * when its text is, else a category. */
static int
object_vote(PyObject *it, type_votes *v)
{
    PyObject *t = PyObject_Str(it);
    Py_ssize_t slen;
    const char *s;
    double d;

    if (t == NULL) {
        px_absent();
        if (PyErr_Occurred())
            return -1;
        v->texts++;
        return 0;
    }
    s = PyUnicode_AsUTF8AndSize(t, &slen);
    if (s != NULL && slen >= 10 && px_parse_date(s, 10, &d))
        v->dates++;
    else
        v->texts++;
    if (s == NULL)
        PyErr_Clear();
    Py_DECREF(t);
    return 0;
}

static int
vote(PyObject *it, type_votes *v)
{
    if (PyBool_Check(it))
        v->texts++;     /* plotly.js: booleans are categories */
    else if (PyFloat_Check(it) || PyLong_Check(it))
        v->numbers++;
    else if (PyUnicode_Check(it))
        text_vote(it, v);
    else
        return object_vote(it, v);
    return 0;
}

int
px_autotype(preader *r, PyObject *obj, px_axis_type *type)
{
    PyObject *seq;
    Py_ssize_t i, len;
    type_votes v = {0, 0, 0};

    if (obj == NULL || obj == Py_None || array_type(obj, type)
        || PyUnicode_Check(obj) || PyDict_Check(obj))
        return 0;
    seq = PySequence_Fast(obj, "not a sequence");
    if (seq == NULL) {
        px_absent();
        return PyErr_Occurred() ? -1 : 0;
    }
    len = PySequence_Fast_GET_SIZE(seq);
    for (i = 0; i < len && i < AUTOTYPE_SAMPLE; i++) {
        PyObject *it = PySequence_Fast_GET_ITEM(seq, i);
        int rc = 0;

        if (it == Py_None)
            continue;
        if (PyList_Check(it) || PyTuple_Check(it) || PyArray_Check(it))
            /* A 2-D array (a surface's z): the type of its first row. */
            rc = px_autotype(r, it, type) < 0 ? -1 : 1;
        else if (vote(it, &v) < 0)
            rc = -1;
        if (rc != 0) {
            Py_DECREF(seq);
            return rc < 0 ? -1 : 0;
        }
    }
    Py_DECREF(seq);
    /* plotly.js's autotype: dates when they outnumber the rest twice,
     * categories when texts outnumber numbers twice, numbers otherwise. */
    if (v.dates > 0 && v.dates > 2 * (v.numbers + v.texts))
        *type = PX_AXTYPE_DATE;
    else if (v.texts > 2 * v.numbers || (v.texts > 0 && v.numbers == 0))
        *type = PX_AXTYPE_CATEGORY;
    else if (v.numbers > 0 || v.texts > 0 || v.dates > 0)
        *type = PX_AXTYPE_LINEAR;
    return 0;
}

int
px_add_categories(preader *r, PyObject *obj, px_axis *ax)
{
    double *v = NULL;
    size_t n;
    int rc;

    /* Reading the values on a category axis adds the new ones in order. */
    rc = px_values(r, obj, ax, &v, &n);
    free(v);
    return rc;
}
