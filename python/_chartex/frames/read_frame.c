/*
 * read_frame.c - a pandas or polars frame into a chartex_table: asks
 * chartex._tables.frames.prepare which columns there are (the index first, as
 * reset_index makes it), then reads each one into the core's table, whole
 * arrays through the NumPy C API (no Python object per value) or, for
 * object columns, value by value (objects.c).  The entry point,
 * tbl_read_frame, is declared in readers.h.
 */
#include "frames.h"
#include "readers.h"

#include <string.h>

/* The core's offsets are C ints; NumPy's are int32. */
typedef char tbl_int_is_32_bits[sizeof(int) == 4 ? 1 : -1];

/* A column of the plan: (kind, name, values, extra, extra). */
typedef struct plan_column {
    char kind;
    PyObject *name, *values, *extra1, *extra2;  /* borrowed from the tuple */
} plan_column;

static int
reader_error(chx_state *st, const char *what, PyObject *obj)
{
    return chx_reader_error(st, "table", what, obj);
}

static int
bad_plan(chx_state *st, const char *why)
{
    PyErr_Format(st->ChartexError, "while reading table: chartex._tables.frames gave %s", why);
    return -1;
}

/* values as a 1-D C-contiguous array of type with rows items (cast as
 * needed: float16 and float32 to double, int8..int32 to int64...). */
static PyArrayObject *
array_of(chx_state *st, PyObject *values, int type, size_t rows, const char *what)
{
    PyArrayObject *a;

    a = (PyArrayObject *)PyArray_FROMANY(values, type, 1, 1,
                                         NPY_ARRAY_CARRAY_RO | NPY_ARRAY_FORCECAST);
    if (a == NULL) {
        reader_error(st, what, NULL);
        return NULL;
    }
    if ((size_t)PyArray_DIM(a, 0) != rows) {
        PyErr_Format(st->ChartexError, "while reading table: %s has %zd values for %zu rows",
                     what, PyArray_DIM(a, 0), rows);
        Py_DECREF(a);
        return NULL;
    }
    return a;
}

static int
unit_of(chx_state *st, PyObject *obj, chartex_time_unit *unit)
{
    static const char *const names[] = {"D", "s", "ms", "us", "ns"};
    const char *s;
    int i;

    s = PyUnicode_Check(obj) ? PyUnicode_AsUTF8(obj) : NULL;
    if (s == NULL) {
        PyErr_Clear();
        return bad_plan(st, "a time unit that is not a str");
    }
    for (i = 0; i < 5; i++) {
        if (strcmp(s, names[i]) == 0) {
            *unit = (chartex_time_unit)(CHARTEX_TIME_DAY + i);
            return 0;
        }
    }
    return bad_plan(st, "an unknown time unit");
}

/* Reads one column's values (c) into col. */
static int
read_values(chx_state *st, const plan_column *c, chartex_column *col, size_t rows)
{
    PyArrayObject *a = NULL, *nulls = NULL, *offsets = NULL;
    PyObject *seq = NULL;
    chartex_error err = {0};
    chartex_time_unit unit = CHARTEX_TIME_NS;
    const unsigned char *mask = NULL;
    Py_ssize_t i, n;
    int rc = -1;

    switch (c->kind) {
    case 'N':
        return 0;
    case 'f':
        a = array_of(st, c->values, NPY_DOUBLE, rows, "a column of floats");
        if (a == NULL)
            goto done;
        rc = chartex_column_set_doubles(col, PyArray_DATA(a), &err);
        break;
    case 'i':
    case 'u':
    case 'b':
        a = array_of(st, c->values, c->kind == 'i' ? NPY_INT64 : c->kind == 'u' ? NPY_UINT64
                                                                               : NPY_BOOL,
                     rows, "a column of integers or booleans");
        if (a == NULL)
            goto done;
        if (c->extra1 != NULL && c->extra1 != Py_None) {
            nulls = array_of(st, c->extra1, NPY_BOOL, rows, "a column's missing values");
            if (nulls == NULL)
                goto done;
            mask = PyArray_DATA(nulls);
        }
        if (c->kind == 'i')
            rc = chartex_column_set_int64(col, PyArray_DATA(a), mask, &err);
        else if (c->kind == 'u')
            rc = chartex_column_set_uint64(col, PyArray_DATA(a), mask, &err);
        else
            rc = chartex_column_set_bools(col, PyArray_DATA(a), mask, &err);
        break;
    case 'M':
    case 'm':
        if (c->extra1 == NULL || unit_of(st, c->extra1, &unit) < 0)
            goto done;
        a = array_of(st, c->values, NPY_INT64, rows, "a column of times");
        if (a == NULL)
            goto done;
        if (c->kind == 'm') {
            rc = chartex_column_set_timedeltas(col, PyArray_DATA(a), unit, &err);
            break;
        }
        if (c->extra2 != NULL && c->extra2 != Py_None) {
            offsets = array_of(st, c->extra2, NPY_INT32, rows, "a column's time zone offsets");
            if (offsets == NULL)
                goto done;
        }
        rc = chartex_column_set_datetimes(col, PyArray_DATA(a), unit,
                                          offsets ? PyArray_DATA(offsets) : NULL, &err);
        break;
    case 'c':
        a = array_of(st, c->values, NPY_CDOUBLE, rows, "a column of complex numbers");
        if (a == NULL)
            goto done;
        rc = chartex_column_set_complex(col, PyArray_DATA(a), &err);
        break;
    case 'O':
        seq = PySequence_Fast(c->values, "object column values must be a sequence");
        if (seq == NULL) {
            reader_error(st, "a column of objects", NULL);
            goto done;
        }
        n = PySequence_Fast_GET_SIZE(seq);
        if ((size_t)n != rows) {
            PyErr_Format(st->ChartexError, "while reading table: a column of objects has "
                         "%zd values for %zu rows", n, rows);
            goto done;
        }
        for (i = 0; i < n; i++) {
            if (tbl_set_object(st, col, (size_t)i, PySequence_Fast_GET_ITEM(seq, i)) < 0)
                goto done;
        }
        rc = 0;
        goto done;
    default:
        bad_plan(st, "an unknown kind of column");
        goto done;
    }
    if (rc < 0)
        chx_raise_core_error(st, &err);
done:
    Py_XDECREF(a);
    Py_XDECREF(nulls);
    Py_XDECREF(offsets);
    Py_XDECREF(seq);
    return rc;
}

/* Parses one item of the plan. */
static int
plan_item(chx_state *st, PyObject *item, plan_column *c)
{
    Py_ssize_t n;
    const char *kind;

    if (!PyTuple_Check(item) || (n = PyTuple_GET_SIZE(item)) < 2)
        return bad_plan(st, "a column that is not a tuple");
    kind = PyUnicode_Check(PyTuple_GET_ITEM(item, 0))
               ? PyUnicode_AsUTF8(PyTuple_GET_ITEM(item, 0)) : NULL;
    if (kind == NULL || kind[0] == '\0' || kind[1] != '\0') {
        PyErr_Clear();
        return bad_plan(st, "a column of no known kind");
    }
    c->kind = kind[0];
    c->name = PyTuple_GET_ITEM(item, 1);
    c->values = n > 2 ? PyTuple_GET_ITEM(item, 2) : Py_None;
    c->extra1 = n > 3 ? PyTuple_GET_ITEM(item, 3) : NULL;
    c->extra2 = n > 4 ? PyTuple_GET_ITEM(item, 4) : NULL;
    if (!PyUnicode_Check(c->name))
        return bad_plan(st, "a column name that is not a str");
    return 0;
}

static int
ready(chx_state *st)
{
    PyObject *frames;

    if (chx_ready_numpy(st) < 0)
        return -1;
    if (st->frames == NULL) {
        frames = PyImport_ImportModule("chartex._tables.frames");
        if (frames == NULL)
            return -1;
        if (st->frames == NULL)
            st->frames = frames;
        else
            Py_DECREF(frames);
    }
    return 0;
}

int
tbl_is_frame(chx_state *st, PyObject *obj)
{
    PyObject *yes;
    int rc;

    if (ready(st) < 0)
        return -1;
    yes = PyObject_CallMethodOneArg(st->frames, st->s_is_frame, obj);
    if (yes == NULL)
        return -1;
    rc = PyObject_IsTrue(yes);
    Py_DECREF(yes);
    return rc;
}

chartex_table *
tbl_read_frame(chx_state *st, PyObject *obj, Py_ssize_t max_rows, size_t *total_rows)
{
    PyObject *plan = NULL, *limit = NULL, *columns = NULL, *keep = NULL;
    chartex_table *table = NULL;
    chartex_column *col;
    chartex_error err = {0};
    plan_column c;
    Py_ssize_t i, n_columns;
    size_t n, rows;
    const char *name;
    size_t name_len;
    int ok = 0;

    if (ready(st) < 0)
        goto done;
    limit = max_rows < 0 ? Py_NewRef(Py_None) : PyLong_FromSsize_t(max_rows);
    if (limit == NULL)
        goto done;
    plan = PyObject_CallMethodObjArgs(st->frames, st->s_prepare, obj, limit, NULL);
    if (plan == NULL) {
        reader_error(st, "a frame", obj);
        goto done;
    }
    if (!PyTuple_Check(plan) || PyTuple_GET_SIZE(plan) != 2
        || !PyLong_Check(PyTuple_GET_ITEM(plan, 0))) {
        bad_plan(st, "no (rows, columns) pair");
        goto done;
    }
    n = PyLong_AsSize_t(PyTuple_GET_ITEM(plan, 0));
    if (n == (size_t)-1 && PyErr_Occurred())
        goto done;
    *total_rows = n;
    rows = max_rows >= 0 && n > (size_t)max_rows ? (size_t)max_rows : n;
    columns = PySequence_Fast(PyTuple_GET_ITEM(plan, 1), "columns must be a sequence");
    if (columns == NULL)
        goto done;
    table = chartex_table_new(rows, &err);
    if (table == NULL) {
        chx_raise_core_error(st, &err);
        goto done;
    }
    n_columns = PySequence_Fast_GET_SIZE(columns);
    for (i = 0; i < n_columns; i++) {
        if (plan_item(st, PySequence_Fast_GET_ITEM(columns, i), &c) < 0
            || tbl_utf8(c.name, &name, &name_len, &keep) < 0)
            goto done;
        col = chartex_table_add_column(table, name, name_len, &err);
        Py_CLEAR(keep);
        if (col == NULL) {
            chx_raise_core_error(st, &err);
            goto done;
        }
        if (read_values(st, &c, col, rows) < 0)
            goto done;
    }
    ok = 1;
done:
    if (!ok) {
        chartex_table_free(table);
        table = NULL;
    }
    Py_XDECREF(plan);
    Py_XDECREF(limit);
    Py_XDECREF(columns);
    Py_XDECREF(keep);
    return table;
}
