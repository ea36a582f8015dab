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

/* A column of floats ('f') or complex numbers ('c'): one array. */
static int
float_values(chx_state *st, const plan_column *c, chartex_column *col, size_t rows)
{
    int cplx = c->kind == 'c', rc;
    PyArrayObject *a = array_of(st, c->values, cplx ? NPY_CDOUBLE : NPY_DOUBLE, rows,
                                cplx ? "a column of complex numbers" : "a column of floats");
    chartex_error err = {0};

    if (a == NULL)
        return -1;
    rc = cplx ? chartex_column_set_complex(col, PyArray_DATA(a), &err)
              : chartex_column_set_doubles(col, PyArray_DATA(a), &err);
    if (rc < 0)
        chx_raise_core_error(st, &err);
    Py_DECREF(a);
    return rc;
}

/* A column of integers ('i', 'u') or booleans ('b'), with the mask of
 * its missing values when there is one (extra1). */
static int
integer_values(chx_state *st, const plan_column *c, chartex_column *col, size_t rows)
{
    PyArrayObject *a, *nulls = NULL;
    chartex_error err = {0};
    const unsigned char *mask = NULL;
    int rc = -1;

    a = array_of(st, c->values, c->kind == 'i' ? NPY_INT64 : c->kind == 'u' ? NPY_UINT64
                                                                           : NPY_BOOL,
                 rows, "a column of integers or booleans");
    if (a == NULL)
        return -1;
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
    if (rc < 0)
        chx_raise_core_error(st, &err);
done:
    Py_DECREF(a);
    Py_XDECREF(nulls);
    return rc;
}

/* A column of datetimes ('M', with their time zone offsets when extra2
 * gives them) or timedeltas ('m'), in the unit extra1 names. */
static int
time_values(chx_state *st, const plan_column *c, chartex_column *col, size_t rows)
{
    PyArrayObject *a, *offsets = NULL;
    chartex_error err = {0};
    chartex_time_unit unit = CHARTEX_TIME_NS;
    int rc = -1;

    if (c->extra1 == NULL || unit_of(st, c->extra1, &unit) < 0)
        return -1;
    a = array_of(st, c->values, NPY_INT64, rows, "a column of times");
    if (a == NULL)
        return -1;
    if (c->kind == 'm')
        rc = chartex_column_set_timedeltas(col, PyArray_DATA(a), unit, &err);
    else {
        if (c->extra2 != NULL && c->extra2 != Py_None) {
            offsets = array_of(st, c->extra2, NPY_INT32, rows, "a column's time zone offsets");
            if (offsets == NULL)
                goto done;
        }
        rc = chartex_column_set_datetimes(col, PyArray_DATA(a), unit,
                                          offsets ? PyArray_DATA(offsets) : NULL, &err);
    }
    if (rc < 0)
        chx_raise_core_error(st, &err);
done:
    Py_DECREF(a);
    Py_XDECREF(offsets);
    return rc;
}

/* A column of objects, value by value (objects.c). */
static int
object_values(chx_state *st, const plan_column *c, chartex_column *col, size_t rows)
{
    PyObject *seq = PySequence_Fast(c->values, "object column values must be a sequence");
    Py_ssize_t i, n;
    int rc = -1;

    if (seq == NULL) {
        reader_error(st, "a column of objects", NULL);
        return -1;
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
done:
    Py_DECREF(seq);
    return rc;
}

/* Reads one column's values (c) into col, by its kind ('N': no values). */
static int
read_values(chx_state *st, const plan_column *c, chartex_column *col, size_t rows)
{
    switch (c->kind) {
    case 'N':
        return 0;
    case 'f':
    case 'c':
        return float_values(st, c, col, rows);
    case 'i':
    case 'u':
    case 'b':
        return integer_values(st, c, col, rows);
    case 'M':
    case 'm':
        return time_values(st, c, col, rows);
    case 'O':
        return object_values(st, c, col, rows);
    default:
        return bad_plan(st, "an unknown kind of column");
    }
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

/* The frame's plan from chartex._tables.frames.prepare: (rows, columns,
 * total columns), a new reference; *total_rows the frame's rows, *rows
 * those read (max_rows at most, when not negative), *total_columns the
 * frame's columns (the plan's columns: max_columns at most, both ends). */
static PyObject *
frame_plan(chx_state *st, PyObject *obj, Py_ssize_t max_rows, Py_ssize_t max_columns,
           size_t *total_rows, size_t *rows, size_t *total_columns)
{
    PyObject *limit, *climit, *plan;
    size_t n;

    limit = max_rows < 0 ? Py_NewRef(Py_None) : PyLong_FromSsize_t(max_rows);
    climit = max_columns < 0 ? Py_NewRef(Py_None) : PyLong_FromSsize_t(max_columns);
    if (limit == NULL || climit == NULL) {
        Py_XDECREF(limit);
        Py_XDECREF(climit);
        return NULL;
    }
    plan = PyObject_CallMethodObjArgs(st->frames, st->s_prepare, obj, limit, climit, NULL);
    Py_DECREF(limit);
    Py_DECREF(climit);
    if (plan == NULL) {
        reader_error(st, "a frame", obj);
        return NULL;
    }
    if (!PyTuple_Check(plan) || PyTuple_GET_SIZE(plan) != 3
        || !PyLong_Check(PyTuple_GET_ITEM(plan, 0)) || !PyLong_Check(PyTuple_GET_ITEM(plan, 2))) {
        bad_plan(st, "no (rows, columns, total columns)");
        Py_DECREF(plan);
        return NULL;
    }
    n = PyLong_AsSize_t(PyTuple_GET_ITEM(plan, 0));
    if (n == (size_t)-1 && PyErr_Occurred()) {
        Py_DECREF(plan);
        return NULL;
    }
    *total_rows = n;
    *total_columns = PyLong_AsSize_t(PyTuple_GET_ITEM(plan, 2));
    if (*total_columns == (size_t)-1 && PyErr_Occurred()) {
        Py_DECREF(plan);
        return NULL;
    }
    *rows = max_rows >= 0 && n > (size_t)max_rows ? (size_t)max_rows : n;
    return plan;
}

/* Every column of the plan (columns: a sequence) into table, rows each. */
static int
read_columns(chx_state *st, chartex_table *table, PyObject *columns, size_t rows)
{
    PyObject *keep = NULL;
    chartex_error err = {0};
    chartex_column *col;
    plan_column c;
    const char *name;
    size_t name_len;
    Py_ssize_t i;

    for (i = 0; i < PySequence_Fast_GET_SIZE(columns); i++) {
        if (plan_item(st, PySequence_Fast_GET_ITEM(columns, i), &c) < 0
            || tbl_utf8(c.name, &name, &name_len, &keep) < 0) {
            Py_XDECREF(keep);
            return -1;
        }
        col = chartex_table_add_column(table, name, name_len, &err);
        Py_CLEAR(keep);
        if (col == NULL) {
            chx_raise_core_error(st, &err);
            return -1;
        }
        if (read_values(st, &c, col, rows) < 0)
            return -1;
    }
    return 0;
}

chartex_table *
tbl_read_frame(chx_state *st, PyObject *obj, Py_ssize_t max_rows, Py_ssize_t max_columns,
               size_t *total_rows, size_t *total_columns)
{
    PyObject *plan = NULL, *columns = NULL;
    chartex_table *table = NULL;
    chartex_error err = {0};
    size_t rows;
    int ok = 0;

    if (ready(st) < 0)
        goto done;
    plan = frame_plan(st, obj, max_rows, max_columns, total_rows, &rows, total_columns);
    if (plan == NULL)
        goto done;
    columns = PySequence_Fast(PyTuple_GET_ITEM(plan, 1), "columns must be a sequence");
    if (columns == NULL)
        goto done;
    table = chartex_table_new(rows, &err);
    if (table == NULL) {
        chx_raise_core_error(st, &err);
        goto done;
    }
    if (read_columns(st, table, columns, rows) < 0)
        goto done;
    ok = 1;
done:
    if (!ok) {
        chartex_table_free(table);
        table = NULL;
    }
    Py_XDECREF(plan);
    Py_XDECREF(columns);
    return table;
}
