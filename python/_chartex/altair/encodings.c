/*
 * encodings.c - a Vega mark's encode channels for the Altair reader: what
 * each one reads (a field of the mark's rows on a scale, one data value
 * on a scale, or nothing that is data: pixels, signals), the position of
 * each row on the channel's scale (a category's index, offset within its
 * band by an xOffset / yOffset scale; days for dates; numbers), the
 * fields that make a mark's series (its discrete colour, shape and dash
 * channels, its offsets), and the transform of the spec's data that made
 * a field (an aggregate, a bin, a time unit, a stack...).
 */
#include "altair.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* How much of a category's band the bars of an offset scale share, as
 * the scene's categories are 1 apart (matplotlib's bar width). */
#define BAND 0.8

void
vl_channel_clear(vl_channel *ch)
{
    Py_CLEAR(ch->field);
    Py_CLEAR(ch->offset_field);
    vl_cell_clear(&ch->value);
    memset(ch, 0, sizeof *ch);
}

/* The rule of a channel: a dict, or the last rule without a "test" of a
 * list of production rules (Vega-Lite's invalid-value rules come first).
 * Borrowed from v. */
static PyObject *
rule_of(PyObject *v)
{
    Py_ssize_t i;

    if (v == NULL)
        return NULL;
    if (PyDict_Check(v))
        return v;
    if (!PyList_Check(v))
        return NULL;
    for (i = PyList_GET_SIZE(v) - 1; i >= 0; i--) {
        PyObject *rule = PyList_GET_ITEM(v, i);

        if (PyDict_Check(rule) && PyDict_GetItemString(rule, "test") == NULL)
            return rule;
    }
    return NULL;
}

/* A value given to a scale as a cell. */
static int
value_cell(PyObject *v, vl_cell *c, int temporal)
{
    double d;

    memset(c, 0, sizeof *c);
    if (v == NULL)
        return 0;
    if (PyUnicode_Check(v)) {
        Py_INCREF(v);
        c->kind = VL_CELL_TEXT;
        c->text = v;
    }
    else if (PyBool_Check(v)) {
        c->text = PyUnicode_FromString(v == Py_True ? "true" : "false");
        if (c->text == NULL)
            return -1;
        c->kind = VL_CELL_TEXT;
    }
    else if (vl_number(v, &d)) {
        c->kind = VL_CELL_NUMBER;
        c->num = d;
        c->temporal = temporal;
    }
    return 0;
}

/* An offset of a position: {"scale": a discrete scale, "field": f}. */
static void
offset_of(vl_mark *m, PyObject *rule, vl_channel *ch)
{
    PyObject *off = vl_get_dict(rule, "offset"), *scale, *field;
    vl_scale *sc;

    if (off == NULL)
        return;
    scale = vl_get(off, "scale");
    field = vl_get(off, "field");
    sc = vl_scale_named(m->v->r, m->scope, scale);
    if (sc != NULL && vl_scale_discrete(sc->type) && field != NULL && PyUnicode_Check(field)) {
        ch->offset_scale = sc;
        ch->offset_field = field;
        field = NULL;
    }
    Py_XDECREF(scale);
    Py_XDECREF(field);
    Py_DECREF(off);
}

int
vl_channel_of(vl_mark *m, const char *name, vl_channel *ch)
{
    PyObject *v = vl_get(m->encode, name), *rule, *scale = NULL, *field = NULL, *value;
    int temporal;

    memset(ch, 0, sizeof *ch);
    rule = rule_of(v);
    if (rule == NULL)
        goto done;
    scale = vl_get(rule, "scale");
    if (scale != NULL) {
        ch->scale = vl_scale_named(m->v->r, m->scope, scale);
        if (ch->scale == NULL && PyErr_Occurred())
            goto fail;
    }
    ch->has_band = PyDict_GetItemString(rule, "band") != NULL;
    field = vl_get(rule, "field");
    if (field != NULL && PyUnicode_Check(field)) {
        ch->kind = VL_CH_FIELD;
        ch->field = field;
        field = NULL;
        offset_of(m, rule, ch);
    }
    else if (field == NULL && ch->scale != NULL
             && (value = PyDict_GetItemString(rule, "value")) != NULL) {
        temporal = ch->scale->type == VL_SCALE_TIME || ch->scale->type == VL_SCALE_UTC;
        if (value_cell(value, &ch->value, temporal) < 0)
            goto fail;
        if (ch->value.kind != VL_CELL_NULL)
            ch->kind = VL_CH_VALUE;
        offset_of(m, rule, ch);
    }
done:
    Py_XDECREF(v);
    Py_XDECREF(scale);
    Py_XDECREF(field);
    return PyErr_Occurred() ? chx_clear_recoverable() : 0;
fail:
    Py_XDECREF(v);
    Py_XDECREF(scale);
    Py_XDECREF(field);
    vl_channel_clear(ch);
    return -1;
}

/* The sub-band position of each row's offset category, added to out. */
static int
add_offsets(vl_mark *m, const vl_channel *ch, double *out)
{
    vl_column col;
    vl_cell cell;
    double k, j;
    size_t i;
    int got;

    k = ch->offset_scale->names != NULL ? (double)PyList_GET_SIZE(ch->offset_scale->names) : 0;
    got = vl_column_get(m->v->r, m->rows.data, ch->offset_field, &col);
    if (got <= 0 || k < 1)
        return got < 0 ? -1 : 0;
    for (i = 0; i < m->rows.n; i++) {
        if (vl_cell_of(&col, VL_ROW(&m->rows, i), &cell) < 0) {
            vl_column_clear(&col);
            return -1;
        }
        j = vl_scale_position(ch->offset_scale, &cell);
        out[i] += -BAND / 2 + BAND * (j + 0.5) / k;
        vl_cell_clear(&cell);
    }
    vl_column_clear(&col);
    return 0;
}

int
vl_positions(vl_mark *m, const vl_channel *ch, double *out)
{
    vl_column col;
    vl_cell cell;
    double p;
    size_t i;
    int got;

    if (ch->kind == VL_CH_VALUE) {
        p = ch->scale != NULL ? vl_scale_position(ch->scale, &ch->value)
                              : vl_cell_number(&ch->value);
        for (i = 0; i < m->rows.n; i++)
            out[i] = p;
    }
    else if (ch->kind == VL_CH_FIELD) {
        got = vl_column_get(m->v->r, m->rows.data, ch->field, &col);
        if (got < 0)
            return -1;
        for (i = 0; i < m->rows.n; i++) {
            if (got == 0) {
                out[i] = NAN;
                continue;
            }
            if (vl_cell_of(&col, VL_ROW(&m->rows, i), &cell) < 0) {
                vl_column_clear(&col);
                return -1;
            }
            out[i] = ch->scale != NULL ? vl_scale_position(ch->scale, &cell)
                                       : vl_cell_number(&cell);
            if (cell.kind == VL_CELL_NUMBER && cell.temporal && ch->scale == NULL)
                out[i] = cell.num / VL_MS_PER_DAY;
            vl_cell_clear(&cell);
        }
        vl_column_clear(&col);
    }
    else {
        for (i = 0; i < m->rows.n; i++)
            out[i] = NAN;
        return 0;
    }
    if (ch->offset_scale != NULL && add_offsets(m, ch, out) < 0)
        return -1;
    return PyErr_Occurred() ? chx_clear_recoverable() : 0;
}

int
vl_cells(vl_mark *m, const vl_channel *ch, vl_cell *out)
{
    vl_column col;
    size_t i;
    int got;

    memset(out, 0, m->rows.n * sizeof *out);
    if (ch->kind != VL_CH_FIELD)
        return 0;
    got = vl_column_get(m->v->r, m->rows.data, ch->field, &col);
    if (got <= 0)
        return got;
    for (i = 0; i < m->rows.n; i++)
        if (vl_cell_of(&col, VL_ROW(&m->rows, i), &out[i]) < 0) {
            vl_column_clear(&col);
            return -1;
        }
    vl_column_clear(&col);
    return 1;
}

int
vl_numbers(vl_mark *m, PyObject *field, double *out)
{
    vl_column col;
    vl_cell cell;
    size_t i;
    int got = vl_column_get(m->v->r, m->rows.data, field, &col);

    for (i = 0; i < m->rows.n; i++) {
        out[i] = NAN;
        if (got <= 0)
            continue;
        if (vl_cell_of(&col, VL_ROW(&m->rows, i), &cell) < 0) {
            vl_column_clear(&col);
            return -1;
        }
        out[i] = vl_cell_number(&cell);
        vl_cell_clear(&cell);
    }
    vl_column_clear(&col);
    return got < 0 ? -1 : 0;
}

/* Appends field to list unless it is there. */
static int
add_field(PyObject *list, PyObject *field)
{
    int in;

    if (field == NULL || !PyUnicode_Check(field))
        return 0;
    in = PySequence_Contains(list, field);
    if (in < 0)
        return -1;
    return in ? 0 : PyList_Append(list, field);
}

PyObject *
vl_series_fields(vl_mark *m)
{
    static const char *const keys[] = {"fill", "stroke", "shape", "strokeDash"};
    static const char *const positions[] = {"x", "y", "xc", "yc"};
    PyObject *list = PyList_New(0);
    vl_channel ch;
    size_t k;

    if (list == NULL)
        return NULL;
    for (k = 0; k < sizeof keys / sizeof *keys; k++) {
        if (vl_channel_of(m, keys[k], &ch) < 0)
            goto fail;
        if (ch.kind == VL_CH_FIELD && ch.scale != NULL && vl_scale_discrete(ch.scale->type)
            && add_field(list, ch.field) < 0) {
            vl_channel_clear(&ch);
            goto fail;
        }
        vl_channel_clear(&ch);
    }
    for (k = 0; k < sizeof positions / sizeof *positions; k++) {
        if (vl_channel_of(m, positions[k], &ch) < 0)
            goto fail;
        if (add_field(list, ch.offset_field) < 0) {
            vl_channel_clear(&ch);
            goto fail;
        }
        vl_channel_clear(&ch);
    }
    return list;
fail:
    Py_DECREF(list);
    return NULL;
}

/* ------------------------------------------------------------- lineage */

/* The data entry named name: in the groups of the spec, breadth first
 * from the top (Vega-Lite names its datasets uniquely).  Borrowed. */
static PyObject *
data_entry(PyObject *vega, PyObject *name)
{
    PyObject *queue[64], *found = NULL;
    size_t head = 0, tail = 0;
    Py_ssize_t i;

    queue[tail++] = vega;
    while (head < tail && found == NULL) {
        PyObject *group = queue[head++], *data = PyDict_Check(group)
                                                     ? PyDict_GetItemString(group, "data") : NULL;
        PyObject *marks = PyDict_Check(group) ? PyDict_GetItemString(group, "marks") : NULL;

        for (i = 0; data != NULL && PyList_Check(data) && i < PyList_GET_SIZE(data); i++) {
            PyObject *d = PyList_GET_ITEM(data, i);
            PyObject *n = PyDict_Check(d) ? PyDict_GetItemString(d, "name") : NULL;

            if (n != NULL && PyUnicode_Check(n) && PyUnicode_Compare(n, name) == 0) {
                found = d;
                break;
            }
            PyErr_Clear();
        }
        for (i = 0; marks != NULL && PyList_Check(marks) && i < PyList_GET_SIZE(marks); i++)
            if (tail < sizeof queue / sizeof *queue && vl_str_is(PyList_GET_ITEM(marks, i), "type", "group"))
                queue[tail++] = PyList_GET_ITEM(marks, i);
    }
    return found;
}

/* The position of field in a transform's "as" (a str or a list). */
static Py_ssize_t
as_index(PyObject *t, PyObject *field)
{
    PyObject *as = PyDict_GetItemString(t, "as");
    Py_ssize_t i;

    if (as == NULL)
        return -1;
    if (PyUnicode_Check(as))
        return PyUnicode_Compare(as, field) == 0 ? 0 : (PyErr_Clear(), -1);
    for (i = 0; PyList_Check(as) && i < PyList_GET_SIZE(as); i++) {
        PyObject *a = PyList_GET_ITEM(as, i);

        if (PyUnicode_Check(a) && PyUnicode_Compare(a, field) == 0)
            return i;
        PyErr_Clear();
    }
    return -1;
}

/* Vega-Lite's parse of a field given as JSON text ("toDate(datum.t)" into
 * t): a coercion, not what made the field. */
static int
is_parse(PyObject *t)
{
    static const char *const parses[] = {"toDate(", "toNumber(", "toBoolean(", "toString("};
    PyObject *expr = PyDict_GetItemString(t, "expr");
    const char *s;
    size_t k;

    if (!vl_str_is(t, "type", "formula") || expr == NULL || !PyUnicode_Check(expr))
        return 0;
    s = PyUnicode_AsUTF8(expr);
    if (s == NULL) {
        PyErr_Clear();
        return 0;
    }
    for (k = 0; k < sizeof parses / sizeof *parses; k++)
        if (strncmp(s, parses[k], strlen(parses[k])) == 0)
            return 1;
    return 0;
}

/* The name a dataset key stands for ("data_0@1.2" -> "data_0"). */
static PyObject *
key_name(PyObject *key)
{
    Py_ssize_t at;

    if (key == NULL || !PyUnicode_Check(key))
        return NULL;
    at = PyUnicode_FindChar(key, '@', 0, PyUnicode_GET_LENGTH(key), -1);
    if (at < 0) {
        PyErr_Clear();
        Py_INCREF(key);
        return key;
    }
    return PyUnicode_Substring(key, 0, at);
}

PyObject *
vl_field_origin(vl_mark *m, PyObject *field, Py_ssize_t *index)
{
    PyObject *name, *entry, *ts, *source;
    Py_ssize_t i, k;
    int hops;

    *index = -1;
    if (field == NULL || m->rows.data == NULL)
        return NULL;
    name = key_name(m->rows.data->key);
    for (hops = 0; name != NULL && hops < 64; hops++) {
        entry = data_entry(m->v->r->vega, name);
        Py_DECREF(name);
        name = NULL;
        if (entry == NULL)
            break;
        ts = PyDict_GetItemString(entry, "transform");
        for (i = ts != NULL && PyList_Check(ts) ? PyList_GET_SIZE(ts) - 1 : -1; i >= 0; i--) {
            PyObject *t = PyList_GET_ITEM(ts, i);

            if (PyDict_Check(t) && !is_parse(t) && (k = as_index(t, field)) >= 0) {
                *index = k;
                Py_INCREF(t);
                return t;
            }
        }
        source = PyDict_GetItemString(entry, "source");
        if (source != NULL && PyUnicode_Check(source)) {
            Py_INCREF(source);
            name = source;
        }
    }
    Py_XDECREF(name);
    (void)chx_clear_recoverable();
    return NULL;
}

/* The name of a series the mark draws one of, from its value channel's
 * field: a stack's own field (not its end), "count" for Vega-Lite's
 * "__count", an error band's field (not its "lower_" bound).  New
 * reference, NULL when the channel reads no field. */
PyObject *
vl_field_label(vl_mark *m, const vl_channel *ch)
{
    PyObject *field = VL_FIELD(ch), *t, *out;
    Py_ssize_t k;
    const char *s;

    if (field == NULL)
        return NULL;
    t = vl_field_origin(m, field, &k);
    out = t != NULL && vl_str_is(t, "type", "stack") ? vl_get(t, "field") : NULL;
    Py_XDECREF(t);
    if (out != NULL && !PyUnicode_Check(out))
        Py_CLEAR(out);
    if (out == NULL) {
        Py_INCREF(field);
        out = field;
    }
    s = PyUnicode_AsUTF8(out);
    if (s == NULL) {
        PyErr_Clear();
        return out;
    }
    if (strcmp(s, "__count") == 0)
        Py_SETREF(out, PyUnicode_FromString("count"));
    else if ((vl_has_style(m->mark, "errorband-band") || vl_has_style(m->mark, "errorbar-rule"))
             && (strncmp(s, "lower_", 6) == 0 || strncmp(s, "upper_", 6) == 0) && s[6])
        Py_SETREF(out, PyUnicode_FromString(s + 6));
    return out;
}

/* The rows in the order of a key (NaN last), as met among equals. */
typedef struct row_key {
    double key;
    size_t row;
    size_t at;
} row_key;

static int
row_key_cmp(const void *pa, const void *pb)
{
    const row_key *a = pa, *b = pb;

    if (isnan(a->key) != isnan(b->key))
        return isnan(a->key) ? 1 : -1;
    if (a->key != b->key && !isnan(a->key))
        return a->key < b->key ? -1 : 1;
    return (a->at > b->at) - (a->at < b->at);
}

int
vl_sort_rows(vl_mark *m, const vl_channel *ch, size_t **owned)
{
    size_t n = m->rows.n, i;
    double *pos = malloc((n ? n : 1) * sizeof *pos);
    row_key *keys = malloc((n ? n : 1) * sizeof *keys);
    size_t *idx = malloc((n ? n : 1) * sizeof *idx);
    int rc = -1;

    *owned = NULL;
    if (pos == NULL || keys == NULL || idx == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    if (vl_positions(m, ch, pos) < 0)
        goto done;
    for (i = 0; i < n; i++) {
        keys[i].key = pos[i];
        keys[i].row = VL_ROW(&m->rows, i);
        keys[i].at = i;
    }
    qsort(keys, n, sizeof *keys, row_key_cmp);
    for (i = 0; i < n; i++)
        idx[i] = keys[i].row;
    m->rows.idx = idx;
    *owned = idx;
    idx = NULL;
    rc = 0;
done:
    free(pos);
    free(keys);
    free(idx);
    return rc;
}
