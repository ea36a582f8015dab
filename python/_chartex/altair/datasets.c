/*
 * datasets.c - the plan's datasets for the Altair reader: each one's
 * columns read whole through the NumPy C API (float64 numbers and dates,
 * object arrays of texts), one value of a column as a cell, the text
 * Vega gives a value (JavaScript's String() of a number, ISO 8601 of a
 * date), and rows split into groups by the values of key fields (a
 * line's series, a facet's cells).
 */
#include "altair.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ROWS ((size_t)1 << 40)
#define MAX_BARE 10000

/* ------------------------------------------------------------ datasets */

static int
size_of(PyObject *v, size_t *out)
{
    size_t n;

    if (v == NULL || !PyLong_Check(v) || PyBool_Check(v))
        return 0;
    n = PyLong_AsSize_t(v);
    if (n == (size_t)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        return 0;
    }
    if (n > MAX_ROWS)
        return 0;
    *out = n;
    return 1;
}

/* A new dataset of the plan's entry (a dict), NULL when it is none. */
static vl_data *
read_entry(PyObject *key, PyObject *entry)
{
    PyObject *rows = vl_get(entry, "rows");
    vl_data *d = NULL;
    size_t n = 0;

    if (!size_of(rows, &n))
        goto done;
    d = calloc(1, sizeof *d);
    if (d == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    d->key = key;
    d->rows = n;
    d->columns = PyDict_GetItemString(entry, "columns");          /* borrowed */
    if (d->columns != NULL && !PyDict_Check(d->columns))
        d->columns = NULL;
    /* A dataset holds the rows its columns hold: a count its columns do
     * not have (a hand-made plan's) is cut to them.  A dataset without
     * columns (Vega-Lite's "empty", one row for marks of constants) keeps
     * its count, up to MAX_BARE rows. */
    if (d->columns == NULL || PyDict_GET_SIZE(d->columns) == 0)
        d->rows = d->rows < MAX_BARE ? d->rows : MAX_BARE;
    else {
        PyObject *k, *v;
        Py_ssize_t pos = 0, len;

        while (PyDict_Next(d->columns, &pos, &k, &v)) {
            len = PyUnicode_Check(v) || PyBytes_Check(v) ? 0 : PyObject_Length(v);
            if (len < 0) {
                if (chx_clear_recoverable() < 0) {
                    free(d);
                    d = NULL;
                    goto done;
                }
                len = 0;
            }
            if ((size_t)len < d->rows)
                d->rows = (size_t)len;
        }
    }
    d->temporal = PyDict_GetItemString(entry, "temporal");        /* borrowed */
    if (d->temporal != NULL && !(PyList_Check(d->temporal) || PyTuple_Check(d->temporal)
                                 || PyAnySet_Check(d->temporal)))
        d->temporal = NULL;
done:
    Py_XDECREF(rows);
    return d;
}

const vl_data *
vl_dataset(vl_reader *r, PyObject *key)
{
    PyObject *entry;
    vl_data *d;
    size_t i;

    if (r->datasets == NULL || key == NULL || !PyUnicode_Check(key))
        return NULL;
    for (i = 0; i < r->n_data; i++) {
        int eq = PyUnicode_Compare(r->data[i]->key, key);

        if (eq == 0)
            return r->data[i];
        if (eq == -1 && PyErr_Occurred())
            PyErr_Clear();
    }
    entry = PyDict_GetItemWithError(r->datasets, key);   /* borrowed */
    if (entry == NULL || !PyDict_Check(entry)) {
        (void)chx_clear_recoverable();
        return NULL;
    }
    if (r->n_data == r->cap_data) {
        size_t cap = r->cap_data ? 2 * r->cap_data : 8;
        vl_data **grown = realloc(r->data, cap * sizeof *grown);

        if (grown == NULL) {
            PyErr_NoMemory();
            return NULL;
        }
        r->data = grown;
        r->cap_data = cap;
    }
    d = read_entry(key, entry);
    if (d == NULL)
        return NULL;
    /* The entry lives in the plan, which the reader holds; the key may
     * be made for the lookup ("name@0.1"): the dataset holds it. */
    Py_INCREF(key);
    d->key = key;
    r->data[r->n_data++] = d;
    return d;
}

/* ------------------------------------------------------ names in scope */

/* Whether group defines a dataset named name. */
static int
defines(PyObject *group, PyObject *name)
{
    PyObject *data = vl_get_list(group, "data");
    Py_ssize_t i;
    int found = 0;

    if (data == NULL)
        return 0;
    for (i = 0; i < PyList_GET_SIZE(data) && !found; i++) {
        PyObject *n = PyDict_Check(PyList_GET_ITEM(data, i))
                          ? PyDict_GetItemString(PyList_GET_ITEM(data, i), "name") : NULL;

        if (n != NULL && PyUnicode_Check(n)) {
            int eq = PyUnicode_Compare(n, name);

            if (eq == -1 && PyErr_Occurred())
                PyErr_Clear();
            found = eq == 0;
        }
    }
    Py_DECREF(data);
    return found;
}

/* The plan's key of name defined at s: "name", or "name@i.j". */
static PyObject *
data_key(const vl_scope *s, PyObject *name)
{
    char buf[VL_MAX_DEPTH * 12 + 2];
    size_t i, at = 0;

    if (s->depth == 0) {
        Py_INCREF(name);
        return name;
    }
    for (i = 0; i < s->depth && at < sizeof buf - 12; i++)
        at += (size_t)snprintf(buf + at, sizeof buf - at, "%s%d", i ? "." : "@", s->path[i]);
    return PyUnicode_FromFormat("%U%s", name, buf);
}

/* Keeps idx (malloc'd) until the reader ends. */
static int
arena_keep(vl_reader *r, size_t *idx)
{
    if (r->n_arena == r->cap_arena) {
        size_t cap = r->cap_arena ? 2 * r->cap_arena : 16;
        size_t **grown = realloc(r->arena, cap * sizeof *grown);

        if (grown == NULL) {
            free(idx);
            PyErr_NoMemory();
            return -1;
        }
        r->arena = grown;
        r->cap_arena = cap;
    }
    r->arena[r->n_arena++] = idx;
    return 0;
}

/* The rows of a dataset defined in a facet's cell that are this cell's:
 * Vega evaluates it once per cell (the probe gave every cell's rows, each
 * with its cell's facet values). */
static int
cell_rows(vl_reader *r, const vl_scope *s, vl_rows *rows)
{
    vl_column cols[VL_MAX_KEYS];
    size_t i, k, n = 0, nk = s->n_facet_keys, *idx;
    int rc = -1;

    nk = nk < VL_MAX_KEYS && nk <= (size_t)PyList_GET_SIZE(s->facet_fields)
             ? nk : 0;
    memset(cols, 0, sizeof cols);
    idx = malloc((rows->n ? rows->n : 1) * sizeof *idx);
    if (idx == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (k = 0; k < nk; k++)
        if (vl_column_get(r, rows->data, PyList_GET_ITEM(s->facet_fields, (Py_ssize_t)k),
                          &cols[k]) < 0)
            goto done;
    for (i = 0; i < rows->n; i++) {
        int keep = 1;

        for (k = 0; k < nk && keep; k++) {
            vl_cell c;

            if (vl_cell_of(&cols[k], VL_ROW(rows, i), &c) < 0)
                goto done;
            keep = vl_cell_compare(&c, &s->facet_keys[k]) == 0;
            vl_cell_clear(&c);
        }
        if (keep)
            idx[n++] = VL_ROW(rows, i);
    }
    rows->n = n;
    rows->idx = idx;
    rc = arena_keep(r, idx);
    idx = NULL;
done:
    free(idx);
    for (k = 0; k < VL_MAX_KEYS; k++)
        vl_column_clear(&cols[k]);
    return rc;
}

int
vl_resolve_data(vl_reader *r, const vl_scope *s, PyObject *name, vl_rows *rows,
                PyObject **note, PyObject **key)
{
    PyObject *k;
    const vl_data *d;

    memset(rows, 0, sizeof *rows);
    *note = NULL;
    *key = NULL;
    if (name == NULL || !PyUnicode_Check(name))
        return 0;
    for (; s != NULL; s = s->parent) {
        if (vl_same(s->facet_name, name)) {
            *rows = s->facet;
            return 1;
        }
        if (!defines(s->group, name))
            continue;
        k = data_key(s, name);
        if (k == NULL)
            return -1;
        d = vl_dataset(r, k);
        if (d == NULL && PyErr_Occurred()) {
            Py_DECREF(k);
            return -1;
        }
        rows->data = d;
        rows->n = d != NULL ? d->rows : 0;
        if (d != NULL && s->facet_fields != NULL && PyList_Check(s->facet_fields)
            && s->n_facet_keys > 0 && cell_rows(r, s, rows) < 0) {
            Py_DECREF(k);
            return -1;
        }
        if (r->notes != NULL) {
            *note = PyDict_GetItemWithError(r->notes, k);   /* borrowed */
            if (*note != NULL && PyUnicode_Check(*note))
                Py_INCREF(*note);
            else {
                *note = NULL;
                (void)chx_clear_recoverable();
            }
        }
        *key = k;
        return 1;
    }
    return 0;
}

/* ------------------------------------------------------------- columns */

static int
is_temporal(const vl_data *d, PyObject *field)
{
    int in;

    if (d->temporal == NULL)
        return 0;
    in = PySequence_Contains(d->temporal, field);
    if (in < 0) {
        PyErr_Clear();
        return 0;
    }
    return in;
}

/* A Vega field name without its escapes ("a\\.b" -> "a.b"), None when it
 * has none; a new reference, NULL on error. */
static PyObject *
unescaped(PyObject *field)
{
    Py_ssize_t n, i, k = 0;
    const char *s = PyUnicode_AsUTF8AndSize(field, &n);
    char *buf;
    PyObject *out;

    if (s == NULL) {
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    if (memchr(s, '\\', (size_t)n) == NULL)
        Py_RETURN_NONE;
    buf = malloc((size_t)n + 1);
    if (buf == NULL)
        return PyErr_NoMemory();
    for (i = 0; i < n; i++) {
        if (s[i] == '\\' && i + 1 < n)
            i++;
        buf[k++] = s[i];
    }
    out = PyUnicode_DecodeUTF8(buf, k, "replace");
    free(buf);
    return out;
}

int
vl_column_get(vl_reader *r, const vl_data *d, PyObject *field, vl_column *c)
{
    PyObject *v;
    PyArrayObject *a = NULL;

    (void)r;
    memset(c, 0, sizeof *c);
    if (d == NULL || d->columns == NULL || field == NULL || !PyUnicode_Check(field))
        return 0;
    v = PyDict_GetItemWithError(d->columns, field);      /* borrowed */
    if (v == NULL && !PyErr_Occurred()) {
        /* Vega's escaped field name ("a\\.b", the key "a.b"). */
        PyObject *plain = unescaped(field);

        if (plain == NULL)
            return -1;
        if (plain != Py_None)
            v = PyDict_GetItemWithError(d->columns, plain);
        Py_DECREF(plain);
    }
    if (v == NULL)
        return chx_clear_recoverable();
    if (PyArray_Check(v) && PyArray_NDIM((PyArrayObject *)v) == 1
        && PyArray_TYPE((PyArrayObject *)v) == NPY_OBJECT) {
        a = (PyArrayObject *)PyArray_FROMANY(v, NPY_OBJECT, 1, 1, NPY_ARRAY_CARRAY_RO);
    }
    else if (!PyUnicode_Check(v) && !PyBytes_Check(v) && !PyDict_Check(v)) {
        a = (PyArrayObject *)PyArray_FROMANY(v, NPY_DOUBLE, 1, 1,
                                             NPY_ARRAY_CARRAY_RO | NPY_ARRAY_FORCECAST);
        if (a == NULL && chx_clear_recoverable() == 0)
            /* Texts, or a mix: the objects as they are. */
            a = (PyArrayObject *)PyArray_FROMANY(v, NPY_OBJECT, 1, 1, NPY_ARRAY_CARRAY_RO);
    }
    if (a == NULL)
        return chx_clear_recoverable();
    if ((size_t)PyArray_DIM(a, 0) != d->rows) {
        /* A column of another length than its dataset: not read. */
        Py_DECREF(a);
        return 0;
    }
    c->arr = a;
    c->n = d->rows;
    if (PyArray_TYPE(a) == NPY_DOUBLE)
        c->num = (const double *)PyArray_DATA(a);
    else
        c->obj = (PyObject **)PyArray_DATA(a);
    c->temporal = c->num != NULL && is_temporal(d, field);
    return 1;
}

void
vl_column_clear(vl_column *c)
{
    Py_CLEAR(c->arr);
    c->num = NULL;
    c->obj = NULL;
    c->n = 0;
}

/* --------------------------------------------------------------- cells */

int
vl_cell_of(const vl_column *c, size_t row, vl_cell *out)
{
    PyObject *v;
    double d;

    memset(out, 0, sizeof *out);
    if (row >= c->n)
        return 0;
    if (c->num != NULL) {
        d = c->num[row];
        if (isfinite(d)) {
            out->kind = VL_CELL_NUMBER;
            out->num = d;
            out->temporal = c->temporal;
        }
        return 0;
    }
    v = c->obj != NULL ? c->obj[row] : NULL;
    if (v == NULL || v == Py_None)
        return 0;
    if (PyUnicode_Check(v)) {
        Py_INCREF(v);
        out->kind = VL_CELL_TEXT;
        out->text = v;
    }
    else if (PyBool_Check(v)) {
        out->text = PyUnicode_FromString(v == Py_True ? "true" : "false");
        if (out->text == NULL)
            return -1;
        out->kind = VL_CELL_TEXT;
    }
    else if (vl_number(v, &d)) {
        out->kind = VL_CELL_NUMBER;
        out->num = d;
    }
    return 0;
}

void
vl_cell_clear(vl_cell *c)
{
    Py_CLEAR(c->text);
    c->kind = VL_CELL_NULL;
}

double
vl_cell_number(const vl_cell *c)
{
    const char *s, *end;
    char *stop;
    double d;

    if (c->kind == VL_CELL_NUMBER)
        return c->num;
    if (c->kind != VL_CELL_TEXT)
        return NAN;
    s = PyUnicode_AsUTF8(c->text);
    if (s == NULL) {
        PyErr_Clear();
        return NAN;
    }
    while (*s == ' ' || *s == '\t' || *s == '\n')
        s++;
    end = s + strlen(s);
    while (end > s && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\n'))
        end--;
    if (end == s || strchr("+-.0123456789", *s) == NULL || end - s > 64)
        return NAN;
    d = strtod(s, &stop);
    return stop == end && isfinite(d) ? d : NAN;
}

/* The text of a date given in ms since 1970 UTC: ISO 8601, as the core
 * writes dates ("2024-03-01T12:00:00", ".ffffff" when there is a
 * fraction); NULL (no exception) out of the years 1 to 9999. */
static PyObject *
date_text(double ms)
{
    double days = floor(ms / VL_MS_PER_DAY), rest = ms - days * VL_MS_PER_DAY;
    long long z, era, doe, yoe, y, doy, mp, d, m, secs;
    long long micros;
    char buf[128];

    if (!(days > -719162.0 - 1 && days < 2932897.0))
        return NULL;
    /* civil_from_days (H. Hinnant) */
    z = (long long)days + 719468;
    era = (z >= 0 ? z : z - 146096) / 146097;
    doe = z - era * 146097;
    yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    y = yoe + era * 400;
    doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    mp = (5 * doy + 2) / 153;
    d = doy - (153 * mp + 2) / 5 + 1;
    m = mp < 10 ? mp + 3 : mp - 9;
    y += m <= 2;
    if (y < 1 || y > 9999)
        return NULL;
    micros = (long long)llround(rest * 1000.0);
    secs = micros / 1000000;
    micros %= 1000000;
    if (micros)
        snprintf(buf, sizeof buf, "%04lld-%02lld-%02lldT%02lld:%02lld:%02lld.%06lld", y, m, d,
                 secs / 3600, secs / 60 % 60, secs % 60, micros);
    else
        snprintf(buf, sizeof buf, "%04lld-%02lld-%02lldT%02lld:%02lld:%02lld", y, m, d,
                 secs / 3600, secs / 60 % 60, secs % 60);
    return PyUnicode_FromString(buf);
}

/* The shortest digits of |v| (repr's) and its decimal exponent n, v =
 * 0.DIGITS x 10^n: JavaScript's k digits and n of Number::toString. */
static size_t
shortest_digits(double v, char *digits, int *n)
{
    char buf[CHARTEX_DOUBLE_BUFSIZE];
    size_t len = chartex_format_double(fabs(v), buf), i, k = 0;
    int point = 0, exp10 = 0, seen_point = 0, lead = 1;
    char *e = strchr(buf, 'e');

    if (e != NULL) {
        exp10 = atoi(e + 1);
        len = (size_t)(e - buf);
    }
    for (i = 0; i < len; i++) {
        if (buf[i] == '.') {
            seen_point = 1;
            continue;
        }
        if (!seen_point)
            point++;
        if (lead && buf[i] == '0') {
            point--;            /* a leading zero moves the point left */
            continue;
        }
        lead = 0;
        digits[k++] = buf[i];
    }
    while (k > 1 && digits[k - 1] == '0')
        k--;
    digits[k] = '\0';
    *n = point + exp10;
    return k;
}

PyObject *
vl_number_text(double v)
{
    char digits[40], out[64];
    int n, k, i, pos = 0;

    if (!isfinite(v))
        return PyUnicode_FromString(isnan(v) ? "NaN" : v > 0 ? "Infinity" : "-Infinity");
    if (v == 0)
        return PyUnicode_FromString("0");
    if (fabs(v) < 1e21 && v == floor(v)) {
        snprintf(out, sizeof out, "%.0f", v);
        return PyUnicode_FromString(out);
    }
    k = (int)shortest_digits(v, digits, &n);
    if (v < 0)
        out[pos++] = '-';
    if (k <= n && n <= 21) {
        for (i = 0; i < k; i++)
            out[pos++] = digits[i];
        for (i = k; i < n; i++)
            out[pos++] = '0';
    }
    else if (0 < n && n <= 21) {
        for (i = 0; i < k; i++) {
            if (i == n)
                out[pos++] = '.';
            out[pos++] = digits[i];
        }
    }
    else if (-6 < n && n <= 0) {
        out[pos++] = '0';
        out[pos++] = '.';
        for (i = 0; i < -n; i++)
            out[pos++] = '0';
        for (i = 0; i < k; i++)
            out[pos++] = digits[i];
    }
    else {
        out[pos++] = digits[0];
        if (k > 1) {
            out[pos++] = '.';
            for (i = 1; i < k; i++)
                out[pos++] = digits[i];
        }
        pos += snprintf(out + pos, sizeof out - (size_t)pos, "e%c%d", n - 1 >= 0 ? '+' : '-',
                        abs(n - 1));
    }
    out[pos] = '\0';
    return PyUnicode_FromString(out);
}

PyObject *
vl_cell_text(const vl_cell *c)
{
    if (c->kind == VL_CELL_TEXT) {
        Py_INCREF(c->text);
        return c->text;
    }
    if (c->kind != VL_CELL_NUMBER)
        return NULL;
    if (c->temporal)
        return date_text(c->num);
    return vl_number_text(c->num);
}

int
vl_cell_compare(const vl_cell *a, const vl_cell *b)
{
    int cmp;

    if (a->kind != b->kind)
        return a->kind == VL_CELL_NULL ? 1 : b->kind == VL_CELL_NULL ? -1
             : a->kind == VL_CELL_NUMBER ? -1 : 1;
    if (a->kind == VL_CELL_NUMBER)
        return a->num < b->num ? -1 : a->num > b->num;
    if (a->kind == VL_CELL_NULL)
        return 0;
    cmp = PyUnicode_Compare(a->text, b->text);
    if (cmp == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        return 0;
    }
    return cmp;
}

