/*
 * domains.c - the domain of a Vega scale for the Altair reader, as Vega
 * computes it from the data: for the scales that place values on
 * categories (band, point, ordinal), the categories in Vega's order (a
 * literal domain as it is, or the values of the domain's fields, sorted
 * as its "sort" says: ascending, descending, or by an aggregate of
 * another field -- count, sum, mean, min, max, median, distinct, valid,
 * missing -- ties in the order first met); for the others, the extent of
 * the domain's fields (with 0 when the scale has "zero").
 */
#include "altair.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------- categories */

/* What a category collects of the rows that hold it, for a sort by an
 * aggregate. */
typedef struct cat_stat {
    vl_cell cell;
    size_t first;
    double count, valid, sum, min, max;
    double *values;
    size_t n_values, cap_values;
} cat_stat;

typedef struct cat_list {
    cat_stat *c;
    size_t n, cap;
    PyObject *seen;     /* dict text -> index */
    const char *op;     /* the aggregate sorted by, or NULL */
} cat_list;

static void
cat_list_clear(cat_list *l)
{
    size_t i;

    for (i = 0; i < l->n; i++) {
        vl_cell_clear(&l->c[i].cell);
        free(l->c[i].values);
    }
    free(l->c);
    Py_XDECREF(l->seen);
    memset(l, 0, sizeof *l);
}

/* The category of cell (taken when new): its stat, NULL when the cell is
 * null or on error. */
static cat_stat *
cat_of(cat_list *l, vl_cell *cell)
{
    PyObject *text = vl_cell_text(cell), *at;
    cat_stat *c = NULL;

    if (text == NULL)
        return NULL;
    at = PyDict_GetItemWithError(l->seen, text);            /* borrowed */
    if (at != NULL) {
        c = &l->c[PyLong_AsSsize_t(at)];
        goto done;
    }
    if (PyErr_Occurred())
        goto done;
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 16;
        cat_stat *grown = realloc(l->c, cap * sizeof *grown);

        if (grown == NULL) {
            PyErr_NoMemory();
            goto done;
        }
        l->c = grown;
        l->cap = cap;
    }
    at = PyLong_FromSsize_t((Py_ssize_t)l->n);
    if (at == NULL || PyDict_SetItem(l->seen, text, at) < 0) {
        Py_XDECREF(at);
        goto done;
    }
    Py_DECREF(at);
    c = &l->c[l->n];
    memset(c, 0, sizeof *c);
    c->cell = *cell;
    memset(cell, 0, sizeof *cell);
    c->first = l->n++;
    c->min = INFINITY;
    c->max = -INFINITY;
done:
    Py_DECREF(text);
    return c;
}

static int
cat_add_value(cat_stat *c, double v)
{
    c->count++;
    if (!isfinite(v))
        return 0;
    c->valid++;
    c->sum += v;
    c->min = v < c->min ? v : c->min;
    c->max = v > c->max ? v : c->max;
    if (c->n_values == c->cap_values) {
        size_t cap = c->cap_values ? 2 * c->cap_values : 8;
        double *grown = realloc(c->values, cap * sizeof *grown);

        if (grown == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        c->values = grown;
        c->cap_values = cap;
    }
    c->values[c->n_values++] = v;
    return 0;
}

/* The categories of one field of rows, and (sort_field) what they
 * aggregate of another. */
static int
collect(vl_reader *r, cat_list *l, const vl_rows *rows, PyObject *field, PyObject *sort_field)
{
    vl_column col, scol;
    vl_cell cell, sc;
    size_t i;
    int rc = -1, has_sort = 0;

    memset(&scol, 0, sizeof scol);
    if (vl_column_get(r, rows->data, field, &col) <= 0)
        return PyErr_Occurred() ? -1 : 0;
    if (sort_field != NULL && (has_sort = vl_column_get(r, rows->data, sort_field, &scol)) < 0)
        goto done;
    for (i = 0; i < rows->n; i++) {
        size_t row = VL_ROW(rows, i);
        cat_stat *c;

        if (vl_cell_of(&col, row, &cell) < 0)
            goto done;
        c = cell.kind == VL_CELL_NULL ? NULL : cat_of(l, &cell);
        vl_cell_clear(&cell);
        if (c == NULL) {
            if (PyErr_Occurred())
                goto done;
            continue;
        }
        if (has_sort) {
            if (vl_cell_of(&scol, row, &sc) < 0)
                goto done;
            if (cat_add_value(c, vl_cell_number(&sc)) < 0) {
                vl_cell_clear(&sc);
                goto done;
            }
            vl_cell_clear(&sc);
        }
        else
            c->count++;
    }
    rc = 0;
done:
    vl_column_clear(&col);
    vl_column_clear(&scol);
    return rc;
}

static int
cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return x < y ? -1 : x > y;
}

/* The aggregate op of a category's sort values (NaN when there is none). */
static double
aggregate(cat_stat *c, const char *op)
{
    size_t i, distinct;

    if (op == NULL || strcmp(op, "count") == 0)
        return c->count;
    if (strcmp(op, "valid") == 0)
        return c->valid;
    if (strcmp(op, "missing") == 0)
        return c->count - c->valid;
    if (c->n_values == 0)
        return NAN;
    if (strcmp(op, "sum") == 0)
        return c->sum;
    if (strcmp(op, "mean") == 0 || strcmp(op, "average") == 0)
        return c->sum / c->valid;
    if (strcmp(op, "min") == 0)
        return c->min;
    if (strcmp(op, "max") == 0)
        return c->max;
    qsort(c->values, c->n_values, sizeof *c->values, cmp_double);
    if (strcmp(op, "median") == 0) {
        size_t m = c->n_values / 2;

        return c->n_values % 2 ? c->values[m] : (c->values[m - 1] + c->values[m]) / 2;
    }
    if (strcmp(op, "distinct") == 0) {
        for (i = 1, distinct = 1; i < c->n_values; i++)
            distinct += c->values[i] != c->values[i - 1];
        return (double)distinct;
    }
    return NAN;
}

/* The order of sorting: by an aggregate (key), or by the values. */
typedef struct sort_item {
    const vl_cell *cell;
    double key;
    size_t first;
    int by_key, descending;
} sort_item;

static int
sort_cmp(const void *pa, const void *pb)
{
    const sort_item *a = pa, *b = pb;
    int c;

    if (a->by_key) {
        /* NaN (no value) last, as Vega's ascending puts undefined. */
        if (isnan(a->key) != isnan(b->key))
            return isnan(a->key) ? 1 : -1;
        c = a->key < b->key ? -1 : a->key > b->key;
    }
    else
        c = vl_cell_compare(a->cell, b->cell);
    if (a->descending)
        c = -c;
    return c != 0 ? c : (a->first > b->first) - (a->first < b->first);
}

/* Sorts the categories as sort (True, or {op, field, order}) says. */
static int
sort_categories(cat_list *l, PyObject *sort)
{
    sort_item *items;
    cat_stat *sorted;
    PyObject *order = NULL;
    size_t i;
    int by_key, descending;

    if (sort == NULL || sort == Py_False || l->n < 2)
        return 0;
    order = vl_get(sort, "order");
    descending = vl_is(order, "descending");
    Py_XDECREF(order);
    by_key = PyDict_Check(sort) && (l->op != NULL || PyDict_GetItemString(sort, "field") != NULL);
    if (PyDict_Check(sort) && !by_key && PyDict_GetItemString(sort, "order") == NULL)
        return 0;
    items = calloc(l->n, sizeof *items);
    sorted = malloc(l->n * sizeof *sorted);
    if (items == NULL || sorted == NULL) {
        free(items);
        free(sorted);
        PyErr_NoMemory();
        return -1;
    }
    for (i = 0; i < l->n; i++) {
        items[i].cell = &l->c[i].cell;
        items[i].key = by_key ? aggregate(&l->c[i], l->op) : 0;
        items[i].first = i;
        items[i].by_key = by_key;
        items[i].descending = descending;
    }
    qsort(items, l->n, sizeof *items, sort_cmp);
    for (i = 0; i < l->n; i++)
        sorted[i] = l->c[items[i].first];
    memcpy(l->c, sorted, l->n * sizeof *sorted);
    free(sorted);
    free(items);
    return 0;
}

/* One source of a domain: {data, field} in the scale's scope. */
static int
collect_source(vl_reader *r, const vl_scope *s, cat_list *l, PyObject *data, PyObject *field,
               PyObject *sort_field)
{
    vl_rows rows;
    PyObject *note = NULL, *key = NULL;
    int found, rc = 0;

    if (field == NULL || !PyUnicode_Check(field))
        return 0;
    found = vl_resolve_data(r, s, data, &rows, &note, &key);
    if (found < 0)
        return -1;
    if (found && rows.data != NULL)
        rc = collect(r, l, &rows, field, sort_field);
    Py_XDECREF(note);
    Py_XDECREF(key);
    return rc;
}

/* The categories of a domain given by data: {data, field | fields} or
 * {fields: [{data, field}, ...]}, with its sort. */
static int
data_domain(vl_reader *r, const vl_scope *s, PyObject *domain, cat_list *l)
{
    PyObject *data = vl_get(domain, "data"), *field = vl_get(domain, "field");
    PyObject *fields = vl_get_list(domain, "fields"), *sort = vl_get(domain, "sort");
    PyObject *sort_field = NULL, *op = NULL;
    Py_ssize_t i;
    int rc = -1;

    if (sort != NULL && PyDict_Check(sort)) {
        sort_field = vl_get(sort, "field");
        op = vl_get(sort, "op");
        l->op = op != NULL && PyUnicode_Check(op) ? PyUnicode_AsUTF8(op) : NULL;
        if (l->op == NULL)
            PyErr_Clear();
    }
    if (field != NULL && collect_source(r, s, l, data, field, sort_field) < 0)
        goto done;
    for (i = 0; fields != NULL && i < PyList_GET_SIZE(fields); i++) {
        PyObject *f = PyList_GET_ITEM(fields, i), *fd, *ff;

        if (PyUnicode_Check(f)) {
            if (collect_source(r, s, l, data, f, sort_field) < 0)
                goto done;
            continue;
        }
        fd = vl_get(f, "data");
        ff = vl_get(f, "field");
        rc = collect_source(r, s, l, fd, ff, sort_field);
        Py_XDECREF(fd);
        Py_XDECREF(ff);
        if (rc < 0)
            goto done;
        rc = -1;
    }
    rc = sort_categories(l, sort);
done:
    /* l->op points into op: sorting is done. */
    l->op = NULL;
    Py_XDECREF(data);
    Py_XDECREF(field);
    Py_XDECREF(fields);
    Py_XDECREF(sort);
    Py_XDECREF(sort_field);
    Py_XDECREF(op);
    return rc;
}

/* The categories of a literal domain (a list of values). */
static int
literal_domain(cat_list *l, PyObject *domain)
{
    Py_ssize_t i;
    vl_cell cell;
    double d;

    for (i = 0; i < PyList_GET_SIZE(domain); i++) {
        PyObject *v = PyList_GET_ITEM(domain, i);

        memset(&cell, 0, sizeof cell);
        if (PyUnicode_Check(v)) {
            Py_INCREF(v);
            cell.kind = VL_CELL_TEXT;
            cell.text = v;
        }
        else if (PyBool_Check(v)) {
            cell.text = PyUnicode_FromString(v == Py_True ? "true" : "false");
            if (cell.text == NULL)
                return -1;
            cell.kind = VL_CELL_TEXT;
        }
        else if (vl_number(v, &d)) {
            cell.kind = VL_CELL_NUMBER;
            cell.num = d;
        }
        else
            continue;
        if (cat_of(l, &cell) == NULL && PyErr_Occurred()) {
            vl_cell_clear(&cell);
            return -1;
        }
        vl_cell_clear(&cell);
    }
    return 0;
}

/* Fills sc->index and sc->names with its categories. */
int
vl_domain_categories(vl_reader *r, const vl_scope *s, vl_scale *sc)
{
    PyObject *domain = vl_get(sc->spec, "domain");
    cat_list l;
    size_t i;
    int rc = -1;

    memset(&l, 0, sizeof l);
    l.seen = PyDict_New();
    sc->index = PyDict_New();
    sc->names = PyList_New(0);
    if (l.seen == NULL || sc->index == NULL || sc->names == NULL)
        goto done;
    if (domain != NULL && PyList_Check(domain))
        rc = literal_domain(&l, domain);
    else if (domain != NULL && PyDict_Check(domain))
        rc = data_domain(r, s, domain, &l);
    else
        rc = 0;
    if (rc < 0)
        goto done;
    rc = -1;
    for (i = 0; i < l.n; i++) {
        PyObject *text = vl_cell_text(&l.c[i].cell), *at;

        if (text == NULL) {
            if (PyErr_Occurred())
                goto done;
            continue;
        }
        at = PyLong_FromSsize_t(PyList_GET_SIZE(sc->names));
        if (at == NULL || PyDict_SetItem(sc->index, text, at) < 0
            || PyList_Append(sc->names, text) < 0) {
            Py_XDECREF(at);
            Py_DECREF(text);
            goto done;
        }
        Py_DECREF(at);
        Py_DECREF(text);
        if (l.c[i].cell.temporal)
            sc->temporal_categories = 1;
    }
    rc = 0;
done:
    cat_list_clear(&l);
    Py_XDECREF(domain);
    return rc;
}

/* The extent of one field of a domain's data. */
static int
field_extent(vl_reader *r, const vl_scope *s, PyObject *data, PyObject *field, double *lo,
             double *hi)
{
    vl_rows rows;
    vl_column col;
    vl_cell cell;
    PyObject *note = NULL, *key = NULL;
    size_t i;
    int found = vl_resolve_data(r, s, data, &rows, &note, &key), got = 0;

    Py_XDECREF(note);
    Py_XDECREF(key);
    if (found <= 0 || rows.data == NULL)
        return found < 0 ? -1 : 0;
    got = vl_column_get(r, rows.data, field, &col);
    if (got <= 0)
        return got;
    for (i = 0; i < rows.n; i++) {
        double v;

        if (vl_cell_of(&col, VL_ROW(&rows, i), &cell) < 0) {
            vl_column_clear(&col);
            return -1;
        }
        v = vl_cell_number(&cell);
        vl_cell_clear(&cell);
        if (isfinite(v)) {
            *lo = isnan(*lo) || v < *lo ? v : *lo;
            *hi = isnan(*hi) || v > *hi ? v : *hi;
        }
    }
    vl_column_clear(&col);
    return 0;
}

/* sc->lo, sc->hi: the extent of a continuous scale's data domain. */
int
vl_domain_extent(vl_reader *r, const vl_scope *s, vl_scale *sc)
{
    PyObject *domain = vl_get_dict(sc->spec, "domain"), *data, *field, *fields, *zero;
    Py_ssize_t i;
    int rc = 0;

    sc->lo = sc->hi = NAN;
    if (domain == NULL)
        return 0;
    data = vl_get(domain, "data");
    field = vl_get(domain, "field");
    fields = vl_get_list(domain, "fields");
    if (field != NULL)
        rc = field_extent(r, s, data, field, &sc->lo, &sc->hi);
    for (i = 0; rc == 0 && fields != NULL && i < PyList_GET_SIZE(fields); i++) {
        PyObject *f = PyList_GET_ITEM(fields, i), *fd = NULL, *ff = NULL;

        if (PyUnicode_Check(f))
            rc = field_extent(r, s, data, f, &sc->lo, &sc->hi);
        else {
            fd = vl_get(f, "data");
            ff = vl_get(f, "field");
            rc = field_extent(r, s, fd, ff, &sc->lo, &sc->hi);
        }
        Py_XDECREF(fd);
        Py_XDECREF(ff);
    }
    zero = vl_get(sc->spec, "zero");
    if (zero == Py_True && !isnan(sc->lo)) {
        sc->lo = sc->lo > 0 ? 0 : sc->lo;
        sc->hi = sc->hi < 0 ? 0 : sc->hi;
    }
    Py_XDECREF(zero);
    Py_XDECREF(data);
    Py_XDECREF(field);
    Py_XDECREF(fields);
    Py_DECREF(domain);
    return rc;
}

