/*
 * arcs.c - arc marks, for the Altair reader: each row a wedge, its angle
 * from its start and end on the theta scale (Vega-Lite stacks theta: the
 * wedge spans its stack's start and end, the whole circle the scale's
 * domain, from 0 to the stack's total unless a domain or a range is
 * given), its label the value of its colour, its radius the value of its
 * radius channel (a radial chart) or 1.
 */
#include "altair.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define TWO_PI 6.283185307179586

/* The domain and range of the theta scale: [lo, hi] -> [r0, r1] radians.
 * The domain is the scale's literal one, else its data's extent (from 0:
 * Vega-Lite's zero), over every row the scale sees, not only this mark's
 * (the pies of facets that share the scale are parts of one whole). */
static void
theta_map(const vl_scale *sc, double d[2], double rg[2])
{
    PyObject *domain = vl_get_list(sc->spec, "domain"), *range = vl_get_list(sc->spec, "range");

    d[0] = sc->lo;
    d[1] = sc->hi;
    if (domain != NULL && PyList_GET_SIZE(domain) == 2) {
        double lo, hi;

        if (vl_number(PyList_GET_ITEM(domain, 0), &lo)
            && vl_number(PyList_GET_ITEM(domain, 1), &hi)) {
            d[0] = lo;
            d[1] = hi;
        }
    }
    rg[0] = 0;
    rg[1] = TWO_PI;
    if (range != NULL && PyList_GET_SIZE(range) == 2) {
        double r0, r1;

        if (vl_number(PyList_GET_ITEM(range, 0), &r0)
            && vl_number(PyList_GET_ITEM(range, 1), &r1)) {
            rg[0] = r0;
            rg[1] = r1;
        }
    }
    Py_XDECREF(domain);
    Py_XDECREF(range);
}

static double
degrees(double v, const double d[2], const double rg[2])
{
    if (!(d[1] > d[0]))
        return NAN;
    return (rg[0] + (v - d[0]) / (d[1] - d[0]) * (rg[1] - rg[0])) * 360.0 / TWO_PI;
}

typedef struct arc_ctx {
    vl_channel start, end, radius, fill;
    double *a, *b, *r;
    vl_cell *labels;
} arc_ctx;

static void
arc_clear(arc_ctx *c, size_t n)
{
    size_t i;

    vl_channel_clear(&c->start);
    vl_channel_clear(&c->end);
    vl_channel_clear(&c->radius);
    vl_channel_clear(&c->fill);
    free(c->a);
    free(c->b);
    free(c->r);
    for (i = 0; c->labels != NULL && i < n; i++)
        vl_cell_clear(&c->labels[i]);
    free(c->labels);
}

/* The value of each row on a FIELD channel (no scale): its field. */
static int
values_of(vl_mark *m, const vl_channel *ch, double *out)
{
    size_t i;

    if (ch->kind == VL_CH_FIELD)
        return vl_numbers(m, ch->field, out);
    for (i = 0; i < m->rows.n; i++)
        out[i] = ch->kind == VL_CH_VALUE ? vl_cell_number(&ch->value) : NAN;
    return 0;
}

static int
one_wedge(vl_mark *m, const arc_ctx *c, size_t i, const double d[2], const double rg[2])
{
    PyObject *label = vl_cell_text(&c->labels[i]);
    chartex_artist *a;
    double t1 = degrees(c->a[i], d, rg), t2 = degrees(c->b[i], d, rg);
    double radius = c->radius.kind != VL_CH_NONE ? c->r[i] : 1.0;

    if (label == NULL && PyErr_Occurred())
        return -1;
    if (!(isfinite(t1) && isfinite(t2))) {
        Py_XDECREF(label);
        return 0;       /* not drawn */
    }
    a = vl_new_artist(m, CHARTEX_ARTIST_WEDGE, CHARTEX_ROLE_DATA, CHARTEX_WEDGE_EXACT, label);
    Py_XDECREF(label);
    if (a == NULL)
        return -1;
    chartex_artist_set_wedge(a, t1 < t2 ? t1 : t2, t1 < t2 ? t2 : t1, radius);
    return 0;
}

/* An arc's angle given as a value of the encode (radians), or NaN. */
static double
raw_angle(vl_mark *m, const char *name)
{
    PyObject *v = vl_get_dict(m->encode, name);
    double d = NAN;

    if (v != NULL && PyDict_GetItemString(v, "scale") == NULL && !vl_number_at(v, "value", &d))
        d = NAN;
    Py_XDECREF(v);
    return d;
}

static int
constant_wedge(vl_mark *m)
{
    double a = raw_angle(m, "startAngle"), b = raw_angle(m, "endAngle");
    chartex_artist *w;

    if (!(isfinite(a) && isfinite(b)) || m->rows.n == 0)
        return 0;
    a *= 360.0 / TWO_PI;
    b *= 360.0 / TWO_PI;
    w = vl_new_artist(m, CHARTEX_ARTIST_WEDGE, CHARTEX_ROLE_DATA, CHARTEX_WEDGE_EXACT, NULL);
    if (w == NULL)
        return -1;
    chartex_artist_set_wedge(w, fmin(a, b), fmax(a, b), 1.0);
    return 0;
}

int
vl_read_arcs(vl_mark *m)
{
    arc_ctx c;
    size_t n = m->rows.n, i, *sorted = NULL;
    vl_rows all = m->rows;
    double d[2], rg[2];
    int rc = -1;

    memset(&c, 0, sizeof c);
    if (vl_channel_of(m, "startAngle", &c.start) < 0 || vl_channel_of(m, "endAngle", &c.end) < 0
        || vl_channel_of(m, "outerRadius", &c.radius) < 0 || vl_channel_of(m, "fill", &c.fill) < 0)
        goto done;
    if (c.start.kind != VL_CH_FIELD || c.start.scale == NULL) {
        /* Angles given as values, in radians, without a scale (Vega-Lite's
         * theta datum with scale=None): one wedge of that angle. */
        rc = constant_wedge(m);
        goto done;
    }
    /* the wedges in the order they go round (an aggregate's come in none) */
    if (vl_sort_rows(m, c.end.kind == VL_CH_FIELD ? &c.end : &c.start, &sorted) < 0)
        goto done;
    c.a = malloc((n ? n : 1) * sizeof *c.a);
    c.b = malloc((n ? n : 1) * sizeof *c.b);
    c.r = malloc((n ? n : 1) * sizeof *c.r);
    c.labels = calloc(n ? n : 1, sizeof *c.labels);
    if (c.a == NULL || c.b == NULL || c.r == NULL || c.labels == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    if (values_of(m, &c.start, c.a) < 0 || values_of(m, &c.end, c.b) < 0
        || values_of(m, &c.radius, c.r) < 0 || vl_cells(m, &c.fill, c.labels) < 0)
        goto done;
    if (c.end.kind == VL_CH_NONE)
        for (i = 0; i < n; i++)
            c.b[i] = 0;
    theta_map(c.start.scale, d, rg);
    for (i = 0; i < n; i++)
        if (one_wedge(m, &c, i, d, rg) < 0)
            goto done;
    rc = 0;
done:
    arc_clear(&c, n);
    m->rows = all;
    free(sorted);
    return rc;
}
