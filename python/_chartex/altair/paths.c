/*
 * paths.c - marks drawn as paths, for the Altair reader: line and trail
 * marks as lines, area marks as areas between their two edges (a stack's
 * layer between its start and end, an error band between its lower and
 * upper bounds, an area from its base), one per series, with the points
 * in the order Vega draws them: its mark's "sort" (Vega-Lite sorts a
 * line by x, or by its "order" field), not the data's.
 */
#include "altair.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A row's sort key. */
typedef struct sort_key {
    vl_cell cell;
    size_t at;
    int descending;
} sort_key;

static int
key_cmp(const void *pa, const void *pb)
{
    const sort_key *a = pa, *b = pb;
    int c = vl_cell_compare(&a->cell, &b->cell);

    if (a->descending && a->cell.kind != VL_CELL_NULL && b->cell.kind != VL_CELL_NULL)
        c = -c;
    return c != 0 ? c : (a->at > b->at) - (a->at < b->at);
}

/* The field of a sort's "field": "x" and "y" name the mark's own
 * channels; "datum[\"F\"]", "datum.F" and "F" a field.  New reference. */
static PyObject *
sort_field(PyObject *f)
{
    Py_ssize_t n;
    const char *s;

    if (f == NULL || !PyUnicode_Check(f))
        return NULL;
    s = PyUnicode_AsUTF8AndSize(f, &n);
    if (s == NULL) {
        PyErr_Clear();
        return NULL;
    }
    if (n > 9 && strncmp(s, "datum[\"", 7) == 0 && strcmp(s + n - 2, "\"]") == 0
        && memchr(s + 7, '\\', (size_t)n - 9) == NULL)
        return PyUnicode_DecodeUTF8(s + 7, n - 9, "replace");
    if (n > 6 && strncmp(s, "datum.", 6) == 0)
        return PyUnicode_DecodeUTF8(s + 6, n - 6, "replace");
    Py_INCREF(f);
    return f;
}

/* The permutation of the rows that the mark's sort gives (NULL when the
 * mark has none: the data's order), from the positions x and y or a
 * field. */
static size_t *
drawing_order(vl_mark *m, const double *x, const double *y, int *err)
{
    PyObject *sort = vl_get_dict(m->mark, "sort"), *fv = NULL, *field = NULL;
    sort_key *keys = NULL;
    size_t *perm = NULL, n = m->rows.n, i;
    vl_channel ch;
    int desc;

    *err = 0;
    memset(&ch, 0, sizeof ch);
    if (sort == NULL || n < 2)
        goto done;
    fv = vl_get(sort, "field");
    if (fv != NULL && PyList_Check(fv) && PyList_GET_SIZE(fv) > 0) {
        PyObject *first = PyList_GET_ITEM(fv, 0);

        Py_INCREF(first);
        Py_SETREF(fv, first);
    }
    desc = vl_str_is(sort, "order", "descending") || vl_str_is(sort, "order", "desc");
    field = sort_field(fv);
    keys = calloc(n, sizeof *keys);
    perm = malloc(n * sizeof *perm);
    if (field == NULL || keys == NULL || perm == NULL) {
        *err = PyErr_Occurred() != NULL || keys == NULL || perm == NULL;
        if (keys == NULL || perm == NULL)
            PyErr_NoMemory();
        free(perm);
        perm = NULL;
        goto done;
    }
    if (!vl_is(field, "x") && !vl_is(field, "y")) {
        vl_cell *cells = calloc(n, sizeof *cells);

        ch.kind = VL_CH_FIELD;
        ch.field = field;
        field = NULL;
        if (cells == NULL || vl_cells(m, &ch, cells) < 0) {
            if (cells == NULL)
                PyErr_NoMemory();
            free(cells);
            goto fail;
        }
        for (i = 0; i < n; i++)
            keys[i].cell = cells[i];     /* the keys take the cells */
        free(cells);
    }
    for (i = 0; i < n; i++) {
        keys[i].at = i;
        keys[i].descending = desc;
    }
    if (field != NULL) {
        const double *v = vl_is(field, "x") ? x : y;

        for (i = 0; i < n; i++)
            if (isfinite(v[i])) {
                keys[i].cell.kind = VL_CELL_NUMBER;
                keys[i].cell.num = v[i];
            }
    }
    qsort(keys, n, sizeof *keys, key_cmp);
    for (i = 0; i < n; i++)
        perm[i] = keys[i].at;
    goto done;
fail:
    *err = 1;
    free(perm);
    perm = NULL;
done:
    for (i = 0; keys != NULL && i < n; i++)
        vl_cell_clear(&keys[i].cell);
    free(keys);
    vl_channel_clear(&ch);
    Py_XDECREF(field);
    Py_XDECREF(fv);
    Py_XDECREF(sort);
    return perm;
}

/* Applies perm (or nothing when NULL) to v in place. */
static int
permute(double *v, const size_t *perm, size_t n)
{
    double *tmp;
    size_t i;

    if (perm == NULL || v == NULL)
        return 0;
    tmp = malloc((n ? n : 1) * sizeof *tmp);
    if (tmp == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (i = 0; i < n; i++)
        tmp[i] = v[perm[i]];
    memcpy(v, tmp, n * sizeof *v);
    free(tmp);
    return 0;
}

/* The positions of three channels of the rows (c may be NULL), in the
 * order Vega draws them. */
static int
ordered(vl_mark *m, const vl_channel *ca, const vl_channel *cb, const vl_channel *cc,
        int sort_by_b, double **a, double **b, double **c)
{
    size_t n = m->rows.n, *perm;
    int err;

    *a = malloc((n ? n : 1) * sizeof **a);
    *b = malloc((n ? n : 1) * sizeof **b);
    *c = cc != NULL ? malloc((n ? n : 1) * sizeof **c) : NULL;
    if (*a == NULL || *b == NULL || (cc != NULL && *c == NULL)) {
        PyErr_NoMemory();
        return -1;
    }
    if (vl_positions(m, ca, *a) < 0 || vl_positions(m, cb, *b) < 0
        || (cc != NULL && vl_positions(m, cc, *c) < 0))
        return -1;
    perm = sort_by_b ? drawing_order(m, *b, *a, &err) : drawing_order(m, *a, *b, &err);
    if (err) {
        free(perm);
        return -1;
    }
    if (permute(*a, perm, n) < 0 || permute(*b, perm, n) < 0 || permute(*c, perm, n) < 0) {
        free(perm);
        return -1;
    }
    free(perm);
    return 0;
}

/* ---------------------------------------------------------------- lines */

static unsigned
line_flags(vl_mark *m)
{
    PyObject *v = vl_get(m->encode, "interpolate"), *value = NULL;
    unsigned flags = 0;
    const char *s;

    if (v != NULL && PyDict_Check(v))
        value = PyDict_GetItemString(v, "value");
    s = value != NULL && PyUnicode_Check(value) ? PyUnicode_AsUTF8(value) : NULL;
    if (s != NULL && strncmp(s, "step", 4) == 0)
        flags |= CHARTEX_LINE_STEPS;
    PyErr_Clear();
    Py_XDECREF(v);
    return flags;
}

static int
line_series(vl_mark *m, PyObject *label)
{
    vl_channel cx, cy;
    double *x = NULL, *y = NULL, *unused = NULL, *xy = NULL;
    PyObject *own = NULL;
    chartex_artist *a;
    size_t i, n = m->rows.n;
    int rc = -1;

    memset(&cy, 0, sizeof cy);
    if (vl_channel_of(m, "x", &cx) < 0 || vl_channel_of(m, "y", &cy) < 0)
        goto done;
    if (ordered(m, &cx, &cy, NULL, 0, &x, &y, &unused) < 0)
        goto done;
    xy = malloc((n ? 2 * n : 1) * sizeof *xy);
    if (xy == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (i = 0; i < n; i++) {
        xy[2 * i] = x[i];
        xy[2 * i + 1] = y[i];
    }
    if (label == NULL)
        label = own = vl_field_label(m, &cy);
    a = vl_new_artist(m, CHARTEX_ARTIST_LINE, CHARTEX_ROLE_DATA, line_flags(m), label);
    if (a == NULL)
        goto done;
    if (chartex_artist_set_points(a, n, xy, &m->v->r->err) < 0) {
        vl_core_fail(m->v->r);
        goto done;
    }
    rc = 0;
done:
    free(x);
    free(y);
    free(unused);
    free(xy);
    Py_XDECREF(own);
    vl_channel_clear(&cx);
    vl_channel_clear(&cy);
    return rc;
}

int
vl_read_lines(vl_mark *m)
{
    return vl_each_series(m, line_series);
}

/* ---------------------------------------------------------------- areas */

/* The polygons of an area between curve (t, f) and base b, one per run
 * of finite values, laid out as matplotlib's fill_between (fill_betweenx
 * when horizontal): start, the curve, end, the base reversed. */
static int
area_polygons(vl_mark *m, chartex_artist *a, const double *t, const double *f,
              const double *b, size_t n, int horizontal)
{
    size_t i = 0, j, k, len;
    double *poly = malloc((2 * n + 2) * 2 * sizeof *poly);
    int rc = -1;

#define PUT(T, F) do {                                                       \
        poly[2 * len] = horizontal ? (F) : (T);                              \
        poly[2 * len + 1] = horizontal ? (T) : (F);                          \
        len++;                                                               \
    } while (0)
    if (poly == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    while (i < n) {
        while (i < n && !(isfinite(t[i]) && isfinite(f[i]) && isfinite(b[i])))
            i++;
        j = i;
        while (j < n && isfinite(t[j]) && isfinite(f[j]) && isfinite(b[j]))
            j++;
        if (j > i) {
            len = 0;
            PUT(t[i], b[i]);
            for (k = i; k < j; k++)
                PUT(t[k], f[k]);
            PUT(t[j - 1], b[j - 1]);
            for (k = j; k-- > i;)
                PUT(t[k], b[k]);
            if (chartex_artist_add_polygon(a, len, poly, &m->v->r->err) < 0) {
                vl_core_fail(m->v->r);
                goto done;
            }
        }
        i = j;
    }
#undef PUT
    rc = 0;
done:
    free(poly);
    return rc;
}

static int
horizontal_area(vl_mark *m)
{
    PyObject *v = vl_get_dict(m->encode, "orient");
    int h = v != NULL && vl_str_is(v, "value", "horizontal");

    Py_XDECREF(v);
    return h;
}

/* Whether the channel's field is a stack's end. */
static int
stacked(vl_mark *m, const vl_channel *ch)
{
    Py_ssize_t k;
    PyObject *t = vl_field_origin(m, VL_FIELD(ch), &k);
    int yes = t != NULL && vl_str_is(t, "type", "stack");

    Py_XDECREF(t);
    return yes;
}

static int
area_series(vl_mark *m, PyObject *label)
{
    int h = horizontal_area(m);
    vl_channel ct, cf, cb;
    double *t = NULL, *f = NULL, *b = NULL;
    PyObject *own = NULL;
    chartex_artist *a;
    size_t i;
    int rc = -1;

    memset(&cf, 0, sizeof cf);
    memset(&cb, 0, sizeof cb);
    if (vl_channel_of(m, h ? "y" : "x", &ct) < 0 || vl_channel_of(m, h ? "x" : "y", &cf) < 0
        || vl_channel_of(m, h ? "x2" : "y2", &cb) < 0)
        goto done;
    if (ordered(m, &ct, &cf, &cb, 0, &t, &f, &b) < 0)
        goto done;
    if (cb.kind == VL_CH_NONE)
        for (i = 0; i < m->rows.n; i++)
            b[i] = 0.0;     /* drawn down to the axis */
    if (stacked(m, &cf)) {
        /* A stack's layer from its start to its end, as matplotlib's
         * stackplot draws one (the lower edge first): the core reads the
         * layer's top as its curve, the layer below's top as its base. */
        double *swap = f;

        f = b;
        b = swap;
    }
    /* An error band is the band of the line drawn with it: unnamed, as a
     * band is (the core gives it to that line). */
    if (label == NULL && !vl_has_style(m->mark, "errorband-band"))
        label = own = vl_field_label(m, &cf);
    a = vl_new_artist(m, CHARTEX_ARTIST_AREA, CHARTEX_ROLE_DATA, 0, label);
    if (a == NULL || area_polygons(m, a, t, f, b, m->rows.n, h) < 0)
        goto done;
    rc = 0;
done:
    free(t);
    free(f);
    free(b);
    Py_XDECREF(own);
    vl_channel_clear(&ct);
    vl_channel_clear(&cf);
    vl_channel_clear(&cb);
    return rc;
}

int
vl_read_areas(vl_mark *m)
{
    return vl_each_series(m, area_series);
}
