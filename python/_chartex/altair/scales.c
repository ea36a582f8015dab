/*
 * scales.c - a Vega scale for the Altair reader: its type, and for the
 * scales that place values on categories (band, point, ordinal) its
 * categories in the order Vega gives its domain (a literal domain as it
 * is, or the values of the domain's fields, sorted as its "sort" says:
 * ascending, descending, or by an aggregate of another field, ties in the
 * order first met); the position of a value on a scale; the scene axis of
 * a scale; and which dataset (or facet) a name means in a group.
 */
#include "altair.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    const char *name;
    vl_scale_type type;
} scale_types[] = {
    {"linear", VL_SCALE_LINEAR}, {"log", VL_SCALE_LOG}, {"pow", VL_SCALE_POW},
    {"sqrt", VL_SCALE_SQRT}, {"symlog", VL_SCALE_SYMLOG}, {"time", VL_SCALE_TIME},
    {"utc", VL_SCALE_UTC}, {"band", VL_SCALE_BAND}, {"point", VL_SCALE_POINT},
    {"ordinal", VL_SCALE_ORDINAL},
};

int
vl_scale_discrete(vl_scale_type t)
{
    return t == VL_SCALE_BAND || t == VL_SCALE_POINT || t == VL_SCALE_ORDINAL;
}

const char *
vl_scale_vega_name(vl_scale_type t)
{
    size_t i;

    for (i = 0; i < sizeof scale_types / sizeof *scale_types; i++)
        if (scale_types[i].type == t)
            return scale_types[i].name;
    return t == VL_SCALE_NONE ? "none" : "other";
}

const char *
vl_scale_e2b_name(vl_scale_type t)
{
    switch (t) {
    case VL_SCALE_LOG: return "log";
    case VL_SCALE_SYMLOG: return "symlog";
    case VL_SCALE_POW:
    case VL_SCALE_SQRT: return "function";
    case VL_SCALE_TIME:
    case VL_SCALE_UTC: return "datetime";
    case VL_SCALE_BAND:
    case VL_SCALE_POINT:
    case VL_SCALE_ORDINAL: return "categorical";
    default: return "linear";
    }
}

/* --------------------------------------------------------------- scales */

static void
scale_free(vl_scale *sc)
{
    if (sc == NULL)
        return;
    Py_XDECREF(sc->spec);
    Py_XDECREF(sc->name);
    Py_XDECREF(sc->index);
    Py_XDECREF(sc->names);
    free(sc);
}

void
vl_scales_clear(vl_reader *r)
{
    size_t i;

    for (i = 0; i < r->n_scales; i++)
        scale_free(r->scales[i]);
    free(r->scales);
    r->scales = NULL;
    r->n_scales = r->cap_scales = 0;
}

static vl_scale_type
type_of(PyObject *spec)
{
    PyObject *t = vl_get(spec, "type");
    vl_scale_type type = VL_SCALE_LINEAR;   /* Vega's default */
    size_t i;

    if (t != NULL) {
        type = VL_SCALE_OTHER;
        for (i = 0; i < sizeof scale_types / sizeof *scale_types; i++)
            if (vl_is(t, scale_types[i].name))
                type = scale_types[i].type;
    }
    Py_XDECREF(t);
    return type;
}

/* The scale object named name among group's scales (borrowed), or NULL. */
static PyObject *
find_in(PyObject *group, PyObject *name)
{
    PyObject *scales = vl_get_list(group, "scales"), *found = NULL;
    Py_ssize_t i;

    if (scales == NULL)
        return NULL;
    for (i = 0; i < PyList_GET_SIZE(scales) && found == NULL; i++) {
        PyObject *sc = PyList_GET_ITEM(scales, i);

        if (PyDict_Check(sc) && vl_same(PyDict_GetItemString(sc, "name"), name))
            found = sc;
    }
    Py_DECREF(scales);
    return found;       /* lives in the group, which the plan holds */
}

/* A scale is read once per facet cell it is defined for: a cell's own
 * scale (resolved independently) has the cell's domain. */
static const size_t *
facet_of(const vl_scope *s)
{
    for (; s != NULL; s = s->parent)
        if (s->facet_name != NULL)
            return s->facet.idx;
    return NULL;
}

static vl_scale *
cached(vl_reader *r, PyObject *spec, const size_t *facet)
{
    size_t i;

    for (i = 0; i < r->n_scales; i++)
        if (r->scales[i]->spec == spec && r->scales[i]->facet == facet)
            return r->scales[i];
    return NULL;
}

static vl_scale *
new_scale(vl_reader *r, const vl_scope *s, PyObject *spec, PyObject *name)
{
    vl_scale *sc;

    if (r->n_scales == r->cap_scales) {
        size_t cap = r->cap_scales ? 2 * r->cap_scales : 8;
        vl_scale **grown = realloc(r->scales, cap * sizeof *grown);

        if (grown == NULL) {
            PyErr_NoMemory();
            return NULL;
        }
        r->scales = grown;
        r->cap_scales = cap;
    }
    sc = calloc(1, sizeof *sc);
    if (sc == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    Py_INCREF(spec);
    Py_INCREF(name);
    sc->spec = spec;
    sc->name = name;
    sc->type = type_of(spec);
    sc->facet = facet_of(s);
    r->scales[r->n_scales++] = sc;
    if (vl_scale_discrete(sc->type) ? vl_domain_categories(r, s, sc) < 0
                                       : vl_domain_extent(r, s, sc) < 0)
        return NULL;
    return sc;
}

vl_scale *
vl_scale_named(vl_reader *r, const vl_scope *s, PyObject *name)
{
    PyObject *spec;
    vl_scale *sc;

    if (name == NULL || !PyUnicode_Check(name))
        return NULL;
    for (; s != NULL; s = s->parent) {
        spec = find_in(s->group, name);
        if (spec == NULL)
            continue;
        sc = cached(r, spec, facet_of(s));
        return sc != NULL ? sc : new_scale(r, s, spec, name);
    }
    return NULL;
}

double
vl_scale_position(const vl_scale *sc, const vl_cell *c)
{
    PyObject *text, *at;
    double pos = NAN;

    if (c->kind == VL_CELL_NULL || sc == NULL)
        return NAN;
    if (vl_scale_discrete(sc->type)) {
        if (sc->index == NULL)
            return NAN;
        text = vl_cell_text(c);
        if (text == NULL) {
            (void)chx_clear_recoverable();
            return NAN;
        }
        at = PyDict_GetItemWithError(sc->index, text);      /* borrowed */
        if (at != NULL)
            pos = PyLong_AsDouble(at);
        (void)chx_clear_recoverable();
        Py_DECREF(text);
        return pos;
    }
    if (sc->type == VL_SCALE_TIME || sc->type == VL_SCALE_UTC)
        return c->kind == VL_CELL_NUMBER ? c->num / VL_MS_PER_DAY : NAN;
    return vl_cell_number(c);
}

/* A literal numeric domain [lo, hi] (dates in ms) as the axis' view. */
static void
literal_view(const vl_scale *sc, chartex_axis *axis)
{
    PyObject *domain = vl_get_list(sc->spec, "domain");
    double lo, hi;

    if (domain != NULL && PyList_GET_SIZE(domain) == 2
        && vl_number(PyList_GET_ITEM(domain, 0), &lo)
        && vl_number(PyList_GET_ITEM(domain, 1), &hi)) {
        if (sc->type == VL_SCALE_TIME || sc->type == VL_SCALE_UTC) {
            lo /= VL_MS_PER_DAY;
            hi /= VL_MS_PER_DAY;
        }
        PyObject *reverse = vl_get(sc->spec, "reverse");

        if (reverse == Py_True)
            chartex_axis_set_view(axis, hi, lo);
        else
            chartex_axis_set_view(axis, lo, hi);
        Py_XDECREF(reverse);
    }
    Py_XDECREF(domain);
}

/* A category axis: every category is a tick named by it. */
static int
category_axis(vl_reader *r, const vl_scale *sc, chartex_axis *axis)
{
    Py_ssize_t i, n = sc->names != NULL ? PyList_GET_SIZE(sc->names) : 0;
    double *locs = malloc((n ? (size_t)n : 1) * sizeof *locs);
    const char *s;
    size_t len;
    PyObject *keep;
    int rc = -1;

    if (locs == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    chartex_axis_set_kind(axis, CHARTEX_AXIS_CATEGORY, 0.0);
    for (i = 0; i < n; i++) {
        locs[i] = (double)i;
        if (vl_text(PyList_GET_ITEM(sc->names, i), &s, &len, &keep) < 0)
            goto done;
        if (s != NULL && chartex_axis_add_category(axis, s, len, &r->err) < 0) {
            Py_XDECREF(keep);
            vl_core_fail(r);
            goto done;
        }
        Py_XDECREF(keep);
    }
    if (chartex_axis_set_ticks(axis, (size_t)n, locs, &r->err) < 0) {
        vl_core_fail(r);
        goto done;
    }
    for (i = 0; i < n; i++) {
        if (vl_text(PyList_GET_ITEM(sc->names, i), &s, &len, &keep) < 0)
            goto done;
        if (s != NULL && chartex_axis_set_tick_label(axis, (size_t)i, s, len, &r->err) < 0) {
            Py_XDECREF(keep);
            vl_core_fail(r);
            goto done;
        }
        Py_XDECREF(keep);
    }
    if (n > 0)
        chartex_axis_set_view(axis, -0.5, (double)n - 0.5);
    rc = 0;
done:
    free(locs);
    return rc;
}

int
vl_scale_axis(vl_reader *r, const vl_scale *sc, chartex_axis *axis)
{
    const char *name;

    if (sc == NULL)
        return 0;
    if (vl_scale_discrete(sc->type))
        return category_axis(r, sc, axis);
    if (sc->type == VL_SCALE_TIME || sc->type == VL_SCALE_UTC)
        chartex_axis_set_kind(axis, CHARTEX_AXIS_DATE, 0.0);
    else {
        name = vl_scale_e2b_name(sc->type);
        if (chartex_axis_set_scale(axis, name, strlen(name), &r->err) < 0)
            return vl_core_fail(r);
    }
    literal_view(sc, axis);
    return 0;
}

