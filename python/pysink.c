/*
 * pysink.c - the Python sink: builds dict / list / str / float / bool / None
 * from the core's event stream (chartex_sink), so that the dict and the
 * JSON text come from the same emission and cannot disagree.
 *
 * Open containers are kept on an explicit stack (no recursion); every new
 * value is attached to its parent as soon as it is made, so on failure
 * releasing the root releases everything.
 */
#include "ext.h"

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

typedef struct pysink {
    PyObject *root;             /* owned: the first value made */
    PyObject **stack;           /* borrowed (the root owns them): open containers */
    size_t depth, cap;
    PyObject *key;              /* owned: key waiting for its value, or NULL */
    key_entry keys[KEY_CACHE_SIZE];
    size_t next_key;            /* round-robin replacement */
} pysink;

static void
pysink_clear(pysink *ps)
{
    size_t i;

    Py_CLEAR(ps->root);
    Py_CLEAR(ps->key);
    PyMem_Free(ps->stack);
    ps->stack = NULL;
    ps->depth = ps->cap = 0;
    for (i = 0; i < KEY_CACHE_SIZE; i++)
        Py_CLEAR(ps->keys[i].str);
}

/* Attaches value (stolen) to the open container, or makes it the root. */
static int
attach(pysink *ps, PyObject *value)
{
    PyObject *parent;
    int rc;

    if (value == NULL)
        return -1;
    if (ps->depth == 0) {
        if (ps->root != NULL) {
            Py_DECREF(value);
            PyErr_SetString(PyExc_RuntimeError, "chartex sink: more than one root value");
            return -1;
        }
        ps->root = value;
        return 0;
    }
    parent = ps->stack[ps->depth - 1];
    if (PyList_CheckExact(parent)) {
        rc = PyList_Append(parent, value);
    } else {
        if (ps->key == NULL) {
            Py_DECREF(value);
            PyErr_SetString(PyExc_RuntimeError, "chartex sink: object value without a key");
            return -1;
        }
        rc = PyDict_SetItem(parent, ps->key, value);
        Py_CLEAR(ps->key);
    }
    Py_DECREF(value);
    return rc;
}

/* Attaches a new container and opens it. */
static int
open_container(pysink *ps, PyObject *container)
{
    PyObject **stack;
    size_t cap;

    if (container == NULL)
        return -1;
    if (ps->depth == ps->cap) {
        cap = ps->cap ? ps->cap * 2 : 16;
        stack = PyMem_Realloc(ps->stack, cap * sizeof *stack);
        if (stack == NULL) {
            Py_DECREF(container);
            PyErr_NoMemory();
            return -1;
        }
        ps->stack = stack;
        ps->cap = cap;
    }
    /* The parent (or ps->root) keeps container alive while it is open. */
    if (attach(ps, container) < 0)
        return -1;
    ps->stack[ps->depth++] = container;
    return 0;
}

static int
close_container(pysink *ps, int is_list)
{
    if (ps->depth == 0 || !!PyList_CheckExact(ps->stack[ps->depth - 1]) != is_list) {
        PyErr_SetString(PyExc_RuntimeError, "chartex sink: unbalanced end event");
        return -1;
    }
    ps->depth--;
    return 0;
}

static int
sink_begin_object(void *ctx)
{
    return open_container(ctx, PyDict_New());
}

static int
sink_end_object(void *ctx)
{
    return close_container(ctx, 0);
}

static int
sink_begin_array(void *ctx)
{
    return open_container(ctx, PyList_New(0));
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

    if (ps->depth == 0 || PyList_CheckExact(ps->stack[ps->depth - 1]) || ps->key != NULL) {
        PyErr_SetString(PyExc_RuntimeError, "chartex sink: key outside an object");
        return -1;
    }
    if (len <= KEY_CACHE_MAXLEN) {
        for (i = 0; i < KEY_CACHE_SIZE; i++) {
            e = &ps->keys[i];
            if (e->str != NULL && e->len == len && memcmp(e->text, s, len) == 0) {
                Py_INCREF(e->str);
                ps->key = e->str;
                return 0;
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
    ps->key = key;
    return 0;
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

PyObject *
chx_chart_to_python(chx_state *st, const chartex_chart *chart)
{
    pysink ps;
    chartex_sink sink;
    chartex_error err = {0};
    PyObject *result = NULL;

    memset(&ps, 0, sizeof ps);
    sink.begin_object = sink_begin_object;
    sink.key = sink_key;
    sink.end_object = sink_end_object;
    sink.begin_array = sink_begin_array;
    sink.end_array = sink_end_array;
    sink.string = sink_string;
    sink.number = sink_number;
    sink.boolean = sink_boolean;
    sink.null = sink_null;
    sink.ctx = &ps;
    if (chartex_chart_emit(chart, &sink, &err) < 0) {
        chx_raise_core_error(st, &err);
        goto done;
    }
    if (ps.depth != 0) {
        PyErr_SetString(PyExc_RuntimeError, "chartex sink: unterminated chart");
        goto done;
    }
    if (ps.root == NULL) {
        /* An empty chart may emit nothing at all: it is {}. */
        result = PyDict_New();
        goto done;
    }
    if (!PyDict_CheckExact(ps.root)) {
        PyErr_SetString(PyExc_RuntimeError, "chartex sink: the chart is not an object");
        goto done;
    }
    result = ps.root;
    ps.root = NULL;
done:
    pysink_clear(&ps);
    return result;
}
