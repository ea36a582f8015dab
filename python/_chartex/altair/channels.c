/*
 * channels.c - what an Altair view's channels show, and why data is
 * missing, as records (doc/schema.md, "Altair charts"):
 *
 * - "encoding": one record per channel of a pane (x, y, color, shape,
 *   size, opacity, theta, radius) that a mark reads a field on: the field
 *   (Vega's name of it), its type (temporal, quantitative, discrete), its
 *   scale (Vega's type: linear, log, sqrt, symlog, time, utc, band...),
 *   what made the field (the transform: an aggregate's op and the field
 *   it summarises, a time unit, a bin's maxbins or step, a stack's
 *   offset), the axis' or legend's title and format, the domain (given,
 *   or the categories in order) and its sort;
 * - "data_notes": one record per dataset a mark of the view reads that
 *   has no data, with the plan's reason (a URL not fetched, a transform
 *   no engine here evaluates).
 */
#include "altair.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* At most this many categories are listed as a domain. */
#define MAX_DOMAIN 1000

static const struct {
    const char *channel;
    const char *keys[4];
    int axis;                   /* 1: shown by an axis, 0: by a legend */
} channels[] = {
    {"x", {"x", "xc", "x2", NULL}, 1},
    {"y", {"y", "yc", "y2", NULL}, 1},
    {"color", {"fill", "stroke", NULL, NULL}, 0},
    {"shape", {"shape", NULL, NULL, NULL}, 0},
    {"size", {"size", NULL, NULL, NULL}, 0},
    {"opacity", {"opacity", "fillOpacity", "strokeOpacity", NULL}, 0},
    {"theta", {"startAngle", "endAngle", NULL, NULL}, 0},
    {"radius", {"outerRadius", NULL, NULL, NULL}, 0},
};

/* ------------------------------------------------------------- columns */

static int
put_text(vl_reader *r, chartex_artist *a, const char *name, PyObject *text)
{
    const char *s;
    size_t len;
    PyObject *keep;
    int rc = 0;

    if (vl_text(text, &s, &len, &keep) < 0)
        return -1;
    if (s != NULL && (chartex_artist_add_column(a, name, strlen(name), 1, NULL, &s, &len, &r->err) < 0
                      || chartex_artist_set_column_scalar(a, &r->err) < 0))
        rc = vl_core_fail(r);
    Py_XDECREF(keep);
    return rc;
}

static int
put_cstr(vl_reader *r, chartex_artist *a, const char *name, const char *value)
{
    PyObject *t = PyUnicode_FromString(value);
    int rc = t != NULL ? put_text(r, a, name, t) : -1;

    Py_XDECREF(t);
    return rc;
}

static int
put_number(vl_reader *r, chartex_artist *a, const char *name, double v)
{
    if (chartex_artist_add_column(a, name, strlen(name), 1, &v, NULL, NULL, &r->err) < 0
        || chartex_artist_set_column_scalar(a, &r->err) < 0)
        return vl_core_fail(r);
    return 0;
}

/* A list column of strs and numbers (others null), at most max items. */
static int
put_list(vl_reader *r, chartex_artist *a, const char *name, PyObject *list, Py_ssize_t max)
{
    Py_ssize_t n = PyList_GET_SIZE(list) < max ? PyList_GET_SIZE(list) : max, i;
    double *num = malloc((n ? (size_t)n : 1) * sizeof *num);
    const char **texts = calloc(n ? (size_t)n : 1, sizeof *texts);
    size_t *lens = calloc(n ? (size_t)n : 1, sizeof *lens);
    PyObject **keep = calloc(n ? (size_t)n : 1, sizeof *keep);
    int rc = -1;

    if (num == NULL || texts == NULL || lens == NULL || keep == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (i = 0; i < n; i++) {
        PyObject *v = PyList_GET_ITEM(list, i);

        if (!vl_number(v, &num[i]))
            num[i] = NAN;
        if (vl_text(v, &texts[i], &lens[i], &keep[i]) < 0)
            goto done;
    }
    if (chartex_artist_add_column(a, name, strlen(name), (size_t)n, num, texts, lens, &r->err) < 0)
        vl_core_fail(r);
    else
        rc = 0;
done:
    for (i = 0; keep != NULL && i < n; i++)
        Py_XDECREF(keep[i]);
    free(num);
    free(texts);
    free(lens);
    free(keep);
    return rc;
}

/* obj[key] as a text column when it is a str. */
static int
put_key(vl_reader *r, chartex_artist *a, const char *name, PyObject *obj, const char *key)
{
    PyObject *v = vl_get(obj, key);
    int rc = v != NULL && PyUnicode_Check(v) ? put_text(r, a, name, v) : 0;

    Py_XDECREF(v);
    return rc;
}

/* -------------------------------------------------------------- origin */

/* The units of a timeunit transform joined ("yearmonth"). */
static PyObject *
time_unit(PyObject *t)
{
    PyObject *units = vl_get_list(t, "units"), *empty = NULL, *out = NULL;

    if (units == NULL)
        return NULL;
    empty = PyUnicode_FromString("");
    if (empty != NULL)
        out = PyUnicode_Join(empty, units);
    if (out == NULL)
        (void)chx_clear_recoverable();
    Py_XDECREF(empty);
    Py_DECREF(units);
    return out;
}

/* What made field: its transform's type and what it tells, following a
 * stack to the field it stacks (a stack of a sum). */
static int
put_origin(vl_mark *m, chartex_artist *a, PyObject *field)
{
    vl_reader *r = m->v->r;
    PyObject *t = NULL, *next = NULL, *item;
    Py_ssize_t k;
    int hop, rc = 0, typed = 0;

    Py_XINCREF(field);
    for (hop = 0; hop < 3 && rc == 0 && field != NULL; hop++) {
        t = vl_field_origin(m, field, &k);
        Py_CLEAR(field);
        if (t == NULL)
            break;
        if (!typed && (rc = put_key(r, a, "transform", t, "type")) == 0)
            typed = 1;
        if (vl_str_is(t, "type", "aggregate")) {
            PyObject *ops = vl_get_list(t, "ops"), *fs = vl_get_list(t, "fields");

            if (ops != NULL && k < PyList_GET_SIZE(ops)
                && PyUnicode_Check(item = PyList_GET_ITEM(ops, k)))
                rc = put_text(r, a, "aggregate", item);
            if (rc == 0 && fs != NULL && k < PyList_GET_SIZE(fs)
                && PyUnicode_Check(item = PyList_GET_ITEM(fs, k)))
                rc = put_text(r, a, "of", item);
            Py_XDECREF(ops);
            Py_XDECREF(fs);
        }
        else if (vl_str_is(t, "type", "timeunit")) {
            PyObject *unit = time_unit(t);

            rc = unit != NULL ? put_text(r, a, "time_unit", unit) : 0;
            Py_XDECREF(unit);
            rc = rc == 0 ? put_key(r, a, "of", t, "field") : rc;
        }
        else if (vl_str_is(t, "type", "bin")) {
            double v;

            if (vl_number_at(t, "maxbins", &v))
                rc = put_number(r, a, "bin_maxbins", v);
            if (rc == 0 && vl_number_at(t, "step", &v))
                rc = put_number(r, a, "bin_step", v);
            rc = rc == 0 ? put_key(r, a, "of", t, "field") : rc;
        }
        else if (vl_str_is(t, "type", "stack")) {
            rc = put_key(r, a, "stack", t, "offset");
            next = vl_get(t, "field");      /* what it stacks: follow it */
        }
        Py_CLEAR(t);
        field = next;
        next = NULL;
    }
    Py_XDECREF(field);
    Py_XDECREF(t);
    return rc;
}

/* ----------------------------------------------------------- the scale */

static const char *
field_type(const vl_scale *sc)
{
    if (sc == NULL)
        return NULL;
    if (sc->type == VL_SCALE_TIME || sc->type == VL_SCALE_UTC || sc->temporal_categories)
        return "temporal";
    return vl_scale_discrete(sc->type) ? "discrete" : "quantitative";
}

/* "ascending", "descending", "ORDER by OP of FIELD" or "given". */
static PyObject *
sort_text(const vl_scale *sc)
{
    PyObject *domain = vl_get(sc->spec, "domain"), *sort = vl_get(domain, "sort"), *out = NULL;
    PyObject *op, *field;
    const char *order;

    if (domain != NULL && PyList_Check(domain))
        out = PyUnicode_FromString("given");
    else if (sort == Py_True)
        out = PyUnicode_FromString("ascending");
    else if (sort != NULL && PyDict_Check(sort)) {
        order = vl_str_is(sort, "order", "descending") ? "descending" : "ascending";
        op = vl_get(sort, "op");
        field = vl_get(sort, "field");
        if (field != NULL && PyUnicode_Check(field))
            out = PyUnicode_FromFormat("%s by %S of %S", order,
                                       op != NULL && PyUnicode_Check(op) ? op : Py_None, field);
        else if (op != NULL && PyUnicode_Check(op))
            out = PyUnicode_FromFormat("%s by %S", order, op);
        else
            out = PyUnicode_FromString(order);
        Py_XDECREF(op);
        Py_XDECREF(field);
    }
    Py_XDECREF(sort);
    Py_XDECREF(domain);
    return out;
}

static int
put_scale(vl_reader *r, chartex_artist *a, const vl_scale *sc)
{
    PyObject *domain = vl_get_list(sc->spec, "domain"), *sort, *reverse;
    const char *type = field_type(sc);
    int rc = 0;

    if (type != NULL)
        rc = put_cstr(r, a, "type", type);
    if (rc == 0)
        rc = put_cstr(r, a, "scale", vl_scale_vega_name(sc->type));
    if (rc == 0 && domain != NULL)
        rc = put_list(r, a, "domain", domain, MAX_DOMAIN);
    else if (rc == 0 && sc->names != NULL && PyList_GET_SIZE(sc->names) <= MAX_DOMAIN)
        rc = put_list(r, a, "domain", sc->names, MAX_DOMAIN);
    sort = rc == 0 && vl_scale_discrete(sc->type) ? sort_text(sc) : NULL;
    if (sort != NULL)
        rc = put_text(r, a, "sort", sort);
    reverse = vl_get(sc->spec, "reverse");
    if (rc == 0 && reverse == Py_True)
        rc = put_cstr(r, a, "reverse", "true");
    Py_XDECREF(reverse);
    Py_XDECREF(sort);
    Py_XDECREF(domain);
    return rc == 0 && PyErr_Occurred() ? chx_clear_recoverable() : rc;
}

/* The title and format of the axis or legend that shows the scale. */
static int
put_guide(vl_mark *m, chartex_artist *a, const vl_scale *sc, int axis)
{
    vl_reader *r = m->v->r;
    PyObject *guide = axis ? vl_axis_of(r, m->scope, sc->name) : vl_legend_of(r, m->scope, sc->name);
    PyObject *given = vl_get(guide, "title"), *title = vl_title_text(given);
    int rc = title != NULL ? put_text(r, a, "title", title) : 0;

    if (rc == 0)
        rc = put_key(r, a, "format", guide, "format");
    Py_XDECREF(title);
    Py_XDECREF(given);
    Py_XDECREF(guide);
    return rc;
}

/* ------------------------------------------------------------- records */

/* The first mark of the pane whose key channel reads a field: 1 (ch
 * filled), 0 when none. */
static int
channel_in(vl_pane *p, vl_mark *marks, size_t n, size_t c, vl_mark **found, vl_channel *ch)
{
    size_t i, k;

    for (i = 0; i < n; i++) {
        if (marks[i].pane != p || marks[i].rows.data == NULL)
            continue;
        for (k = 0; channels[c].keys[k] != NULL; k++) {
            if (vl_channel_of(&marks[i], channels[c].keys[k], ch) < 0)
                return -1;
            if (ch->kind == VL_CH_FIELD) {
                *found = &marks[i];
                return 1;
            }
            vl_channel_clear(ch);
        }
    }
    return 0;
}

static int
one_record(vl_mark *m, size_t c, const vl_channel *ch)
{
    vl_reader *r = m->v->r;
    chartex_artist *a;
    int rc;

    a = chartex_axes_add_artist(m->pane->axes, CHARTEX_ARTIST_RECORD, &r->err);
    if (a == NULL || chartex_artist_set_record(a, CHARTEX_RECORD_ENCODING, &r->err) < 0)
        return vl_core_fail(r);
    rc = put_cstr(r, a, "channel", channels[c].channel);
    if (rc == 0)
        rc = put_text(r, a, "field", ch->field);
    if (rc == 0 && ch->scale != NULL)
        rc = put_scale(r, a, ch->scale);
    if (rc == 0)
        rc = put_origin(m, a, ch->field);
    if (rc == 0 && ch->scale != NULL)
        rc = put_guide(m, a, ch->scale, channels[c].axis);
    return rc;
}

int
vl_encoding_records(vl_view *v, vl_pane *p, vl_mark *marks, size_t n)
{
    size_t c;
    vl_channel ch;
    vl_mark *m;
    int got;

    (void)v;
    if (p->axes == NULL || !p->has_data)
        return 0;
    for (c = 0; c < sizeof channels / sizeof *channels; c++) {
        got = channel_in(p, marks, n, c, &m, &ch);
        if (got < 0)
            return -1;
        if (got == 0)
            continue;
        got = one_record(m, c, &ch);
        vl_channel_clear(&ch);
        if (got < 0)
            return -1;
    }
    return 0;
}

/* ---------------------------------------------------------- data notes */

/* The name of a mark as Vega-Lite has it: its first style ("bar"), else
 * its Vega type. */
static PyObject *
mark_name(vl_mark *m)
{
    PyObject *style = vl_get(m->mark, "style"), *out = NULL;

    if (style != NULL && PyList_Check(style) && PyList_GET_SIZE(style) > 0)
        out = PyList_GET_ITEM(style, 0);
    else if (style != NULL)
        out = style;
    if (out == NULL || !PyUnicode_Check(out))
        out = m->type_keep;
    Py_XINCREF(out);
    Py_XDECREF(style);
    return out;
}

static int
note_record(vl_mark *m, chartex_axes *axes, PyObject *reason)
{
    vl_reader *r = m->v->r;
    chartex_artist *a = chartex_axes_add_artist(axes, CHARTEX_ARTIST_RECORD, &r->err);
    PyObject *name;
    int rc;

    if (a == NULL || chartex_artist_set_record(a, CHARTEX_RECORD_DATA_NOTES, &r->err) < 0)
        return vl_core_fail(r);
    name = mark_name(m);
    rc = name != NULL ? put_text(r, a, "mark", name) : 0;
    Py_XDECREF(name);
    if (rc == 0)
        rc = put_text(r, a, "dataset", m->data_key);
    if (rc == 0)
        rc = put_text(r, a, "reason", reason);
    return rc;
}

int
vl_data_notes(vl_view *v, vl_mark *marks, size_t n)
{
    size_t i, j;
    int rc = 0;

    for (i = 0; i < n && rc == 0; i++) {
        vl_mark *m = &marks[i];
        PyObject *reason = m->note;
        int seen = 0;

        if (m->data_key == NULL || m->pane == NULL || m->pane->axes == NULL
            || (m->rows.data != NULL && reason == NULL))
            continue;
        for (j = 0; j < i && !seen; j++)
            seen = marks[j].pane == m->pane && vl_same(marks[j].data_key, m->data_key)
                   && (marks[j].note != NULL || marks[j].rows.data == NULL);
        if (seen)
            continue;
        if (reason == NULL) {
            reason = PyUnicode_FromString("not evaluated: the plan has no data for it");
            if (reason == NULL)
                return -1;
            rc = note_record(m, m->pane->axes, reason);
            Py_DECREF(reason);
        }
        else
            rc = note_record(m, m->pane->axes, reason);
    }
    (void)v;
    return rc;
}
