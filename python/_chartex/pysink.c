/*
 * pysink.c - the Python sink: builds dict / list / str / float / bool / None
 * from the core's event stream (chartex_sink), so that the dict and the
 * JSON text come from the same emission and cannot disagree.
 *
 * Values are pushed on one stack of owned references; an open container
 * remembers where its items start.  When it closes, its items are moved
 * into a list made at its exact size (PyList_New(n) + PyList_SET_ITEM: no
 * append, no regrowth, no over-allocation; a chart of n points makes n
 * two-item lists) or into a dict, which replaces them on the stack.  On
 * failure every reference on the stack is released.
 */
#include "pysink.h"

#include <string.h>

/* Keys repeat for every element ("label", "points", ...): a few recently
 * made key strings are reused instead of decoding each one again. */
#define KEY_CACHE_SIZE 32
#define KEY_CACHE_MAXLEN 32

typedef struct key_entry {
    char text[KEY_CACHE_MAXLEN];
    size_t len;
    PyObject *str;              /* owned; NULL when the slot is free */
} key_entry;

/* An open container: where its items start on the value stack. */
typedef struct frame {
    size_t start;
    int is_list;
} frame;

typedef struct pysink {
    PyObject **values;          /* owned references: finished values, and
                                   an object's keys before their values */
    size_t n_values, cap_values;
    frame *frames;              /* open containers */
    size_t depth, cap_frames;
    int roots;                  /* top-level values made */
    key_entry keys[KEY_CACHE_SIZE];
    size_t next_key;            /* round-robin replacement */
} pysink;

static void
pysink_clear(pysink *ps)
{
    size_t i;

    for (i = 0; i < ps->n_values; i++)
        Py_DECREF(ps->values[i]);
    PyMem_Free(ps->values);
    ps->values = NULL;
    ps->n_values = ps->cap_values = 0;
    PyMem_Free(ps->frames);
    ps->frames = NULL;
    ps->depth = ps->cap_frames = 0;
    for (i = 0; i < KEY_CACHE_SIZE; i++)
        Py_CLEAR(ps->keys[i].str);
}

/* Grows the value stack (capacity doubles: amortised O(1) per value). */
static int
grow_values(pysink *ps)
{
    size_t cap = ps->cap_values ? ps->cap_values * 2 : 256;
    PyObject **values;

    if (cap > PY_SSIZE_T_MAX / sizeof *values) {
        PyErr_NoMemory();
        return -1;
    }
    values = PyMem_Realloc(ps->values, cap * sizeof *values);
    if (values == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    ps->values = values;
    ps->cap_values = cap;
    return 0;
}

/* Pushes value (stolen).  A value outside any container is the root: only
 * one is allowed. */
static int
push(pysink *ps, PyObject *value)
{
    if (value == NULL)
        return -1;
    if (ps->depth == 0 && ps->roots++ > 0) {
        Py_DECREF(value);
        PyErr_SetString(PyExc_RuntimeError, "chartex sink: more than one root value");
        return -1;
    }
    if (ps->n_values == ps->cap_values && grow_values(ps) < 0) {
        Py_DECREF(value);
        return -1;
    }
    ps->values[ps->n_values++] = value;
    return 0;
}

/* Inside an object, a value must follow a key: its items alternate. */
static int
value_allowed(pysink *ps)
{
    const frame *f;

    if (ps->depth == 0)
        return 0;
    f = &ps->frames[ps->depth - 1];
    if (!f->is_list && (ps->n_values - f->start) % 2 == 0) {
        PyErr_SetString(PyExc_RuntimeError, "chartex sink: object value without a key");
        return -1;
    }
    return 0;
}

static int
attach(pysink *ps, PyObject *value)
{
    if (value == NULL)
        return -1;
    if (value_allowed(ps) < 0) {
        Py_DECREF(value);
        return -1;
    }
    return push(ps, value);
}

static int
open_container(pysink *ps, int is_list)
{
    frame *frames;
    size_t cap;

    if (value_allowed(ps) < 0)
        return -1;
    if (ps->depth == ps->cap_frames) {
        cap = ps->cap_frames ? ps->cap_frames * 2 : 16;
        frames = PyMem_Realloc(ps->frames, cap * sizeof *frames);
        if (frames == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        ps->frames = frames;
        ps->cap_frames = cap;
    }
    ps->frames[ps->depth].start = ps->n_values;
    ps->frames[ps->depth].is_list = is_list;
    ps->depth++;
    return 0;
}

/* A list that holds only atoms (floats, strings, None, booleans) cannot
 * be part of a reference cycle, so it is taken out of the cyclic
 * collector, as CPython does for its own tuples of atoms.  A chart of n
 * points makes n such [x, y] lists: tracked, the first young collection
 * after the call walked all of them, which cost half as much again as
 * building them.  Should a caller later store a container in one and
 * close a cycle through it, that cycle is never freed (a leak, not a
 * fault); the tracked containers around the points are unaffected. */
static void
untrack_atoms(PyObject *list, Py_ssize_t n)
{
    Py_ssize_t i;

    for (i = 0; i < n; i++) {
        if (PyObject_IS_GC(PyList_GET_ITEM(list, i)))
            return;
    }
    PyObject_GC_UnTrack(list);
}

/* Closes the innermost container: its items leave the stack for a new
 * list or dict, which takes their place. */
static int
close_container(pysink *ps, int is_list)
{
    frame *f;
    PyObject *container;
    size_t n, i;

    if (ps->depth == 0 || ps->frames[ps->depth - 1].is_list != is_list) {
        PyErr_SetString(PyExc_RuntimeError, "chartex sink: unbalanced end event");
        return -1;
    }
    f = &ps->frames[ps->depth - 1];
    n = ps->n_values - f->start;
    if (is_list) {
        container = PyList_New((Py_ssize_t)n);
        if (container == NULL)
            return -1;
        /* The list steals the references: the stack forgets them. */
        for (i = 0; i < n; i++)
            PyList_SET_ITEM(container, (Py_ssize_t)i, ps->values[f->start + i]);
        untrack_atoms(container, (Py_ssize_t)n);
    } else {
        if (n % 2 != 0) {
            PyErr_SetString(PyExc_RuntimeError, "chartex sink: key without a value");
            return -1;
        }
        container = PyDict_New();
        if (container == NULL)
            return -1;
        for (i = 0; i < n; i += 2) {
            if (PyDict_SetItem(container, ps->values[f->start + i],
                               ps->values[f->start + i + 1]) < 0) {
                Py_DECREF(container);
                return -1;
            }
        }
        for (i = 0; i < n; i++)
            Py_DECREF(ps->values[f->start + i]);
    }
    ps->n_values = f->start;
    ps->depth--;
    return push(ps, container);
}

static int
sink_begin_object(void *ctx)
{
    return open_container(ctx, 0);
}

static int
sink_end_object(void *ctx)
{
    return close_container(ctx, 0);
}

static int
sink_begin_array(void *ctx)
{
    return open_container(ctx, 1);
}

static int
sink_end_array(void *ctx)
{
    return close_container(ctx, 1);
}

static PyObject *
decode(const char *s, size_t len)
{
    if (len > PY_SSIZE_T_MAX) {
        PyErr_NoMemory();
        return NULL;
    }
    /* Short ASCII text (labels, dates, numbers' names) is copied into an
     * ASCII str: the decoder's set-up cost more than the copy. */
    if (len <= 64) {
        PyObject *str;
        size_t i;

        for (i = 0; i < len && (unsigned char)s[i] < 0x80; i++)
            ;
        if (i == len) {
            str = PyUnicode_New((Py_ssize_t)len, 127);
            if (str != NULL && len > 0)
                memcpy(PyUnicode_1BYTE_DATA(str), s, len);
            return str;
        }
    }
    /* The walker gives the core valid UTF-8, and the JSON sink replaces
     * invalid bytes with U+FFFD: "replace" keeps a scene read from JSON
     * that the dict and the text agree. */
    return PyUnicode_DecodeUTF8(s, (Py_ssize_t)len, "replace");
}

static int
sink_key(void *ctx, const char *s, size_t len)
{
    pysink *ps = ctx;
    key_entry *e;
    PyObject *key;
    size_t i;

    if (ps->depth == 0 || ps->frames[ps->depth - 1].is_list
        || (ps->n_values - ps->frames[ps->depth - 1].start) % 2 != 0) {
        PyErr_SetString(PyExc_RuntimeError, "chartex sink: key outside an object");
        return -1;
    }
    if (len <= KEY_CACHE_MAXLEN) {
        for (i = 0; i < KEY_CACHE_SIZE; i++) {
            e = &ps->keys[i];
            if (e->str != NULL && e->len == len && memcmp(e->text, s, len) == 0) {
                Py_INCREF(e->str);
                return push(ps, e->str);
            }
        }
    }
    key = decode(s, len);
    if (key == NULL)
        return -1;
    if (len <= KEY_CACHE_MAXLEN) {
        e = &ps->keys[ps->next_key];
        ps->next_key = (ps->next_key + 1) % KEY_CACHE_SIZE;
        Py_XDECREF(e->str);
        memcpy(e->text, s, len);
        e->len = len;
        Py_INCREF(key);
        e->str = key;
    }
    return push(ps, key);
}

static int
sink_string(void *ctx, const char *s, size_t len)
{
    return attach(ctx, decode(s, len));
}

static int
sink_number(void *ctx, double v)
{
    /* Always a float, as json.loads reads the core's repr-style numbers. */
    return attach(ctx, PyFloat_FromDouble(v));
}

/* The object of one value of a point (new reference). */
static PyObject *
cell_object(const chartex_cell *c)
{
    if (c->kind == CHARTEX_CELL_NUMBER)
        return PyFloat_FromDouble(c->number);
    if (c->kind == CHARTEX_CELL_STRING)
        return decode(c->s, c->len);
    Py_INCREF(Py_None);
    return Py_None;
}

/* A point [x, y] in one call (the core's point shortcut): the same list
 * begin_array, two values and end_array would make, without the frame and
 * the three stack pushes.  It holds atoms only: untracked (untrack_atoms). */
static int
sink_point(void *ctx, const chartex_cell *x, const chartex_cell *y)
{
    pysink *ps = ctx;
    PyObject *item, *list;

    if (value_allowed(ps) < 0)
        return -1;
    if (ps->depth == 0) {
        PyErr_SetString(PyExc_RuntimeError, "chartex sink: point outside a list");
        return -1;
    }
    list = PyList_New(2);
    if (list == NULL)
        return -1;
    item = cell_object(x);
    if (item == NULL)
        goto fail;
    PyList_SET_ITEM(list, 0, item);
    item = cell_object(y);
    if (item == NULL)
        goto fail;
    PyList_SET_ITEM(list, 1, item);
    PyObject_GC_UnTrack(list);
    return push(ps, list);
fail:
    Py_DECREF(list);
    return -1;
}

static int
sink_boolean(void *ctx, int v)
{
    return attach(ctx, PyBool_FromLong(v));
}

static int
sink_null(void *ctx)
{
    Py_INCREF(Py_None);
    return attach(ctx, Py_None);
}

/* An integer of a table: an int, as json.loads reads the digits. */
static int
sink_integer(void *ctx, int negative, unsigned long long magnitude)
{
    PyObject *v;

    if (!negative)
        v = PyLong_FromUnsignedLongLong(magnitude);
    else if (magnitude <= (1ULL << 63))
        /* -magnitude, also for 2^63, without overflow. */
        v = PyLong_FromLongLong(-(long long)(magnitude - 1) - 1);
    else {
        PyErr_SetString(PyExc_OverflowError, "chartex sink: integer below -2^63");
        return -1;
    }
    return attach(ctx, v);
}

static void
sink_init(pysink *ps, chartex_sink *sink)
{
    memset(ps, 0, sizeof *ps);
    sink->begin_object = sink_begin_object;
    sink->key = sink_key;
    sink->end_object = sink_end_object;
    sink->begin_array = sink_begin_array;
    sink->end_array = sink_end_array;
    sink->string = sink_string;
    sink->number = sink_number;
    sink->boolean = sink_boolean;
    sink->null = sink_null;
    sink->ctx = ps;
}

/* The dict an emission made (rc its result), or NULL with an exception;
 * clears ps. */
static PyObject *
sink_result(chx_state *st, pysink *ps, int rc, const chartex_error *err,
            const char *what)
{
    PyObject *result = NULL;

    if (rc < 0) {
        chx_raise_core_error(st, err);
        goto done;
    }
    if (ps->depth != 0) {
        PyErr_Format(PyExc_RuntimeError, "chartex sink: unterminated %s", what);
        goto done;
    }
    if (ps->n_values == 0) {
        /* An empty chart may emit nothing at all: it is {}. */
        result = PyDict_New();
        goto done;
    }
    if (!PyDict_CheckExact(ps->values[0])) {
        PyErr_Format(PyExc_RuntimeError, "chartex sink: the %s is not an object", what);
        goto done;
    }
    result = ps->values[0];
    ps->n_values = 0;
done:
    pysink_clear(ps);
    return result;
}

PyObject *
chx_chart_to_python(chx_state *st, const chartex_chart *chart)
{
    pysink ps;
    chartex_sink sink;
    chartex_error err = {0};
    int rc;

    sink_init(&ps, &sink);
    rc = chartex_chart_emit_points(chart, &sink, sink_point, &err);
    return sink_result(st, &ps, rc, &err, "chart");
}

PyObject *
chx_table_to_python(chx_state *st, const chartex_table *table)
{
    pysink ps;
    chartex_sink sink;
    chartex_error err = {0};
    int rc;

    sink_init(&ps, &sink);
    rc = chartex_table_emit(table, &sink, sink_integer, &err);
    return sink_result(st, &ps, rc, &err, "table");
}
