/*
 * symbols.c - marks drawn at points, for the Altair reader: point,
 * circle, square and tick marks as scatters (one per series), points
 * placed on a map by longitude and latitude and geoshape marks as the
 * geo record (the map itself is a picture: its places and values are
 * read), and text marks as annotations at their data positions.
 */
#include "altair.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* At most this many texts of one mark are read (each is an artist). */
#define MAX_TEXTS 10000

/* The channel of a position: name ("x"), else its centre ("xc"). */
static int
position_channel(vl_mark *m, const char *name, const char *centre, vl_channel *ch)
{
    if (vl_channel_of(m, name, ch) < 0)
        return -1;
    if (ch->kind != VL_CH_NONE)
        return 0;
    vl_channel_clear(ch);
    return vl_channel_of(m, centre, ch);
}

/* The rows' positions on x and y, interleaved (malloc'd). */
static double *
points_of(vl_mark *m, const vl_channel *cx, const vl_channel *cy)
{
    size_t n = m->rows.n, i;
    double *x = malloc((n ? n : 1) * sizeof *x), *y = malloc((n ? n : 1) * sizeof *y);
    double *xy = malloc((n ? 2 * n : 1) * sizeof *xy);

    if (x == NULL || y == NULL || xy == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    if (vl_positions(m, cx, x) < 0 || vl_positions(m, cy, y) < 0)
        goto fail;
    for (i = 0; i < n; i++) {
        xy[2 * i] = x[i];
        xy[2 * i + 1] = y[i];
    }
    free(x);
    free(y);
    return xy;
fail:
    free(x);
    free(y);
    free(xy);
    return NULL;
}

/* ----------------------------------------------------------------- geo */

/* The geopoint (or geojson) transform that made a position field: its
 * fields are the longitude and latitude.  New reference, or NULL. */
static PyObject *
geo_transform(vl_mark *m, const vl_channel *ch)
{
    Py_ssize_t at;
    PyObject *t = vl_field_origin(m, VL_FIELD(ch), &at);

    if (t != NULL && !(vl_str_is(t, "type", "geopoint") || vl_str_is(t, "type", "geojson")))
        Py_CLEAR(t);
    return t;
}

static int
put_numbers(vl_mark *m, chartex_artist *a, const char *name, PyObject *field)
{
    vl_reader *r = m->v->r;
    double *v = malloc((m->rows.n ? m->rows.n : 1) * sizeof *v);
    int rc = -1;

    if (v == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    if (vl_numbers(m, field, v) == 0) {
        rc = chartex_artist_add_column(a, name, strlen(name), m->rows.n, v, NULL, NULL,
                                       &r->err);
        if (rc < 0)
            vl_core_fail(r);
    }
    free(v);
    return rc;
}

/* A column of the texts (or numbers) of a field, one cell per row. */
static int
put_cells(vl_mark *m, chartex_artist *a, const char *name, const vl_channel *ch)
{
    vl_reader *r = m->v->r;
    size_t n = m->rows.n, i;
    vl_cell *cells = calloc(n ? n : 1, sizeof *cells);
    double *num = malloc((n ? n : 1) * sizeof *num);
    const char **texts = calloc(n ? n : 1, sizeof *texts);
    size_t *lens = calloc(n ? n : 1, sizeof *lens);
    PyObject **keep = calloc(n ? n : 1, sizeof *keep);
    int rc = -1;

    if (cells == NULL || num == NULL || texts == NULL || lens == NULL || keep == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    switch (vl_cells(m, ch, cells)) {
    case -1:
        goto done;
    case 0:
        rc = 0;         /* no such column: no column */
        goto done;
    }
    for (i = 0; i < n; i++) {
        num[i] = cells[i].kind == VL_CELL_NUMBER && !cells[i].temporal ? cells[i].num : NAN;
        if (cells[i].kind == VL_CELL_TEXT || cells[i].temporal) {
            PyObject *t = vl_cell_text(&cells[i]);

            if (t == NULL && PyErr_Occurred())
                goto done;
            if (t != NULL && vl_text(t, &texts[i], &lens[i], &keep[i]) < 0) {
                Py_DECREF(t);
                goto done;
            }
            Py_XDECREF(t);
        }
    }
    if (chartex_artist_add_column(a, name, strlen(name), n, num, texts, lens, &r->err) < 0)
        vl_core_fail(r);
    else
        rc = 0;
done:
    for (i = 0; cells != NULL && i < n; i++) {
        vl_cell_clear(&cells[i]);
        if (keep != NULL)
            Py_XDECREF(keep[i]);
    }
    free(cells);
    free(num);
    free(texts);
    free(lens);
    free(keep);
    return rc;
}

static int
put_text(vl_reader *r, chartex_artist *a, const char *name, const char *value)
{
    const char *texts[1] = {value};
    size_t lens[1] = {strlen(value)};

    if (chartex_artist_add_column(a, name, strlen(name), 1, NULL, texts, lens, &r->err) < 0
        || chartex_artist_set_column_scalar(a, &r->err) < 0)
        return vl_core_fail(r);
    return 0;
}

/* The key of a geo record's values: "values" (numbers) for a continuous
 * scale, "color" (cells) for categories. */
static const char *
value_key(const vl_channel *ch)
{
    return ch->scale != NULL && vl_scale_discrete(ch->scale->type) ? "color" : "values";
}

/* A geo record of the mark's rows: its longitudes and latitudes (the
 * geopoint transform's fields), and the values of its colour and size. */
static int
geo_points(vl_mark *m, PyObject *transform, PyObject *label)
{
    PyObject *fields = vl_get_list(transform, "fields");
    chartex_artist *a;
    vl_channel ch;
    int rc = -1;

    a = vl_new_artist(m, CHARTEX_ARTIST_RECORD, CHARTEX_ROLE_DATA, 0, label);
    if (a == NULL || chartex_artist_set_record(a, CHARTEX_RECORD_GEO, &m->v->r->err) < 0) {
        if (a != NULL)
            vl_core_fail(m->v->r);
        goto done;
    }
    if (put_text(m->v->r, a, "mark", m->type) < 0)
        goto done;
    if (fields != NULL && PyList_GET_SIZE(fields) == 2
        && (put_numbers(m, a, "lon", PyList_GET_ITEM(fields, 0)) < 0
            || put_numbers(m, a, "lat", PyList_GET_ITEM(fields, 1)) < 0))
        goto done;
    if (vl_channel_of(m, "fill", &ch) < 0)
        goto done;
    if (ch.kind != VL_CH_FIELD) {
        vl_channel_clear(&ch);
        if (vl_channel_of(m, "size", &ch) < 0)
            goto done;
    }
    if (ch.kind == VL_CH_FIELD && put_cells(m, a, value_key(&ch), &ch) < 0) {
        vl_channel_clear(&ch);
        goto done;
    }
    vl_channel_clear(&ch);
    rc = 0;
done:
    Py_XDECREF(fields);
    return rc;
}

/* ------------------------------------------------------------ scatters */

static int
scatter_series(vl_mark *m, PyObject *label)
{
    vl_channel cx, cy;
    PyObject *geo = NULL, *own = NULL;
    chartex_artist *a;
    double *xy = NULL;
    int rc = -1;

    memset(&cy, 0, sizeof cy);
    if (position_channel(m, "x", "xc", &cx) < 0 || position_channel(m, "y", "yc", &cy) < 0)
        goto done;
    geo = geo_transform(m, &cx);
    if (geo != NULL) {
        rc = geo_points(m, geo, label);
        goto done;
    }
    if (label == NULL)
        label = own = vl_field_label(m, cy.scale != NULL && vl_scale_discrete(cy.scale->type)
                                            && cx.kind == VL_CH_FIELD ? &cx
                                    : cy.kind == VL_CH_FIELD ? &cy : &cx);
    xy = points_of(m, &cx, &cy);
    if (xy == NULL)
        goto done;
    a = vl_new_artist(m, CHARTEX_ARTIST_SCATTER, CHARTEX_ROLE_DATA, 0, label);
    if (a == NULL)
        goto done;
    if (chartex_artist_set_points(a, m->rows.n, xy, &m->v->r->err) < 0) {
        vl_core_fail(m->v->r);
        goto done;
    }
    rc = 0;
done:
    free(xy);
    Py_XDECREF(geo);
    Py_XDECREF(own);
    vl_channel_clear(&cx);
    vl_channel_clear(&cy);
    return rc;
}

int
vl_read_symbols(vl_mark *m)
{
    return vl_each_series(m, scatter_series);
}

/* --------------------------------------------------------------- texts */

/* The field a text channel's signal formats: the first datum["F"] (or
 * datum.F) it names; NULL when none.  New reference. */
static PyObject *
signal_field(PyObject *signal)
{
    Py_ssize_t n, i, j;
    PyObject *out = NULL;
    const char *s;

    if (signal == NULL || !PyUnicode_Check(signal))
        return NULL;
    s = PyUnicode_AsUTF8AndSize(signal, &n);
    if (s == NULL) {
        PyErr_Clear();
        return NULL;
    }
    for (i = 0; i + 7 < n; i++) {
        if (strncmp(s + i, "datum[\"", 7) != 0)
            continue;
        for (j = i + 7; j < n && s[j] != '"'; j++)
            if (s[j] == '\\')
                return NULL;    /* an escaped name: not read */
        if (j < n)
            out = PyUnicode_DecodeUTF8(s + i + 7, j - i - 7, "replace");
        break;
    }
    if (out == NULL)
        (void)chx_clear_recoverable();
    return out;
}

/* The text channel: a field, a literal, or the field a signal formats. */
static int
text_channel(vl_mark *m, vl_channel *ch, PyObject **literal)
{
    PyObject *v, *rule, *sig;

    *literal = NULL;
    if (vl_channel_of(m, "text", ch) < 0)
        return -1;
    if (ch->kind == VL_CH_FIELD)
        return 0;
    v = vl_get(m->encode, "text");
    rule = v != NULL && PyList_Check(v) && PyList_GET_SIZE(v) > 0
               ? PyList_GET_ITEM(v, PyList_GET_SIZE(v) - 1) : v;
    if (rule != NULL && PyDict_Check(rule)) {
        *literal = PyDict_GetItemString(rule, "value");
        if (*literal != NULL && PyUnicode_Check(*literal))
            Py_INCREF(*literal);
        else
            *literal = NULL;
        sig = PyDict_GetItemString(rule, "signal");
        if (*literal == NULL && (ch->field = signal_field(sig)) != NULL)
            ch->kind = VL_CH_FIELD;
    }
    Py_XDECREF(v);
    return PyErr_Occurred() ? -1 : 0;
}

static int
one_text(vl_mark *m, PyObject *text, double x, double y)
{
    chartex_artist *a;
    double xy[2] = {x, y};

    if (text == NULL || !(isfinite(x) || isfinite(y)))
        return 0;
    a = vl_new_artist(m, CHARTEX_ARTIST_TEXT, CHARTEX_ROLE_DATA, 0, text);
    if (a == NULL)
        return -1;
    if (chartex_artist_set_points(a, 1, xy, &m->v->r->err) < 0)
        return vl_core_fail(m->v->r);
    return 0;
}

int
vl_read_texts(vl_mark *m)
{
    vl_channel cx, cy, ct;
    vl_cell *cells = NULL;
    double *xy = NULL;
    PyObject *literal = NULL, *text;
    size_t i, n = m->rows.n < MAX_TEXTS ? m->rows.n : MAX_TEXTS;
    int rc = -1;

    memset(&cy, 0, sizeof cy);
    memset(&ct, 0, sizeof ct);
    if (position_channel(m, "x", "xc", &cx) < 0 || position_channel(m, "y", "yc", &cy) < 0
        || text_channel(m, &ct, &literal) < 0)
        goto done;
    if (cx.kind == VL_CH_NONE && cy.kind == VL_CH_NONE) {
        rc = 0;         /* placed in pixels (on an arc, in a corner): not data */
        goto done;
    }
    cells = calloc(m->rows.n ? m->rows.n : 1, sizeof *cells);
    xy = points_of(m, &cx, &cy);
    if (cells == NULL || xy == NULL || vl_cells(m, &ct, cells) < 0) {
        if (cells == NULL)
            PyErr_NoMemory();
        goto done;
    }
    for (i = 0; i < n; i++) {
        text = literal != NULL ? (Py_INCREF(literal), literal) : vl_cell_text(&cells[i]);
        if (text == NULL && PyErr_Occurred())
            goto done;
        rc = one_text(m, text, xy[2 * i], xy[2 * i + 1]);
        Py_XDECREF(text);
        if (rc < 0)
            goto done;
        rc = -1;
    }
    rc = 0;
done:
    for (i = 0; cells != NULL && i < m->rows.n; i++)
        vl_cell_clear(&cells[i]);
    free(cells);
    free(xy);
    Py_XDECREF(literal);
    vl_channel_clear(&cx);
    vl_channel_clear(&cy);
    vl_channel_clear(&ct);
    return rc;
}

/* ---------------------------------------------------------- geoshapes */

/* A geoshape mark: the geo record of its features, their ids and the
 * values its colour shows. */
int
vl_read_geoshapes(vl_mark *m)
{
    vl_reader *r = m->v->r;
    chartex_artist *a = vl_new_artist(m, CHARTEX_ARTIST_RECORD, CHARTEX_ROLE_DATA, 0, NULL);
    vl_channel ch;
    PyObject *id;
    int rc = -1;

    if (a == NULL)
        return -1;
    if (chartex_artist_set_record(a, CHARTEX_RECORD_GEO, &r->err) < 0)
        return vl_core_fail(r);
    if (put_text(r, a, "mark", "geoshape") < 0)
        return -1;
    memset(&ch, 0, sizeof ch);
    id = PyUnicode_FromString("id");
    if (id == NULL)
        return -1;
    ch.kind = VL_CH_FIELD;
    ch.field = id;              /* the channel owns it now */
    if (put_cells(m, a, "locations", &ch) < 0)
        goto done;
    vl_channel_clear(&ch);
    if (vl_channel_of(m, "fill", &ch) < 0)
        goto done;
    if (ch.kind == VL_CH_FIELD && put_cells(m, a, value_key(&ch), &ch) < 0)
        goto done;
    rc = 0;
done:
    vl_channel_clear(&ch);
    return rc;
}
