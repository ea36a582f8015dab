/*
 * polar.c - scatterpolar, scatterpolargl and barpolar traces on a polar
 * subplot, whose x axis is the angular one and y the radial one: lines
 * and scatters of [theta, r] points (theta as plotly.js shows it: in the
 * angular axis' unit, degrees by default, or a category), bars by angle
 * (each bar's label its theta, its value its r), and the subplot's polar
 * record, which says how the angles read: their unit, the direction they
 * run and where 0 stands (angularaxis.direction, .rotation), the sector.
 */
#include "plotly.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846

/* The subplot's layout.polarN. */
static PyObject *
polar_spec(trace_ctx *t)
{
    return px_get(t->r->layout, t->p->ref);
}

/* 1 when the angular axis shows radians (angularaxis.thetaunit). */
static int
axis_radians(trace_ctx *t)
{
    return px_str_is(t->p->axis[0]->spec, "thetaunit", "radians", 0);
}

/* The polar record of the subplot, once. */
static int
polar_record(trace_ctx *t)
{
    preader *r = t->r;
    px_trace_state *ts = px_trace_state_of(t->p);
    PyObject *spec = NULL, *sector = NULL, *ang = t->p->axis[0]->spec;
    const char *unit;
    double rot, sec[2] = {0, 360};
    int cw, rc = -1;
    chartex_artist *a;

    if (ts == NULL)
        return -1;
    if (ts->polar_done)
        return 0;
    ts->polar_done = 1;
    a = chartex_axes_add_artist(t->p->axes, CHARTEX_ARTIST_RECORD, &r->err);
    if (a == NULL || chartex_artist_set_record(a, CHARTEX_RECORD_POLAR, &r->err) < 0
        || chartex_artist_set_class(a, "plotly.polar", 12, &r->err) < 0) {
        px_core_fail(r);
        goto done;
    }
    /* how angles read, not data: it makes no chart of its own */
    chartex_artist_set_role(a, CHARTEX_ROLE_DECORATION);
    unit = t->p->axis[0]->type == PX_AXTYPE_CATEGORY ? "categories"
           : axis_radians(t) ? "radians" : "degrees";
    cw = px_str_is(ang, "direction", "clockwise", 0);
    /* plotly.js: 0 at 3 o'clock counterclockwise, at 12 o'clock clockwise */
    if (!px_number(ang, "rotation", &rot))
        rot = cw ? 90 : 0;
    spec = polar_spec(t);
    sector = px_get(spec, "sector");
    if (sector != NULL && !PyUnicode_Check(sector) && !PyDict_Check(sector)) {
        PyObject *seq = PySequence_Fast(sector, "");

        if (seq == NULL) {
            if (chx_clear_recoverable() < 0)
                goto done;
        }
        else {
            double lo, hi;

            if (PySequence_Fast_GET_SIZE(seq) == 2
                && px_number_of(PySequence_Fast_GET_ITEM(seq, 0), &lo)
                && px_number_of(PySequence_Fast_GET_ITEM(seq, 1), &hi)) {
                sec[0] = lo;
                sec[1] = hi;
            }
            Py_DECREF(seq);
        }
    }
    if (px_put_text(r, a, "theta_unit", unit) < 0
        || px_put_text(r, a, "direction", cw ? "clockwise" : "counterclockwise") < 0
        || px_put_number(r, a, "rotation", rot) < 0 || px_put_numbers(r, a, "sector", sec, 2) < 0)
        goto done;
    rc = PyErr_Occurred() ? -1 : 0;
done:
    Py_XDECREF(spec);
    Py_XDECREF(sector);
    return rc;
}

/* theta and r of n points: theta on the angular axis in its unit (implied
 * by theta0 / dtheta when not given: a full turn over the points). */
static int
theta_and_r(trace_ctx *t, double **theta, double **rad, size_t *n)
{
    px_subplot *p = t->p;
    size_t nt = 0, nr = 0, i;
    int category = p->axis[0]->type == PX_AXTYPE_CATEGORY;
    int given_radians = px_str_is(t->trace, "thetaunit", "radians", 0), shown_radians;
    double scale = 1;

    *theta = *rad = NULL;
    *n = 0;
    if (px_values_of(t, "r", p->axis[1], rad, &nr) < 0
        || px_values_of(t, "theta", p->axis[0], theta, &nt) < 0)
        return -1;
    if (*rad == NULL)
        return 0;
    shown_radians = axis_radians(t);
    if (*theta == NULL) {
        double t0 = 0, dt = nr > 0 ? (given_radians ? 2 * PI : 360) / (double)nr : 1;

        px_number(t->trace, "theta0", &t0);
        px_number(t->trace, "dtheta", &dt);
        nt = nr;
        *theta = px_calc_alloc(nt, sizeof **theta);
        if (*theta == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        for (i = 0; i < nt; i++)
            (*theta)[i] = t0 + dt * (double)i;
    }
    *n = nt < nr ? nt : nr;
    /* the trace's unit to the axis' */
    if (!category && given_radians != shown_radians)
        scale = given_radians ? 180 / PI : PI / 180;
    if (scale != 1)
        for (i = 0; i < *n; i++)
            (*theta)[i] *= scale;
    return 0;
}

static int
polar_bars(trace_ctx *t, const double *theta, const double *rad, size_t n)
{
    preader *r = t->r;
    double *bx = NULL, *by = NULL, *bw = NULL, *bh = NULL, *sp = NULL, *base = NULL;
    double w, one, b0 = 0;
    size_t nb = 0, i;
    chartex_artist *a;
    int rc = -1;

    bx = px_calc_alloc(n, sizeof *bx);
    by = px_calc_alloc(n, sizeof *by);
    bw = px_calc_alloc(n, sizeof *bw);
    bh = px_calc_alloc(n, sizeof *bh);
    sp = px_calc_alloc(n, sizeof *sp);
    if (bx == NULL || by == NULL || bw == NULL || bh == NULL || sp == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    /* plotly.js's width: the smallest angle between two bars */
    memcpy(sp, theta, n * sizeof *sp);
    w = px_min_spacing(sp, n);
    if (px_number(t->trace, "width", &one) && one > 0)
        w = one;
    if (!px_number(t->trace, "base", &b0)
        && px_values_of(t, "base", t->p->axis[1], &base, &nb) < 0)
        goto done;
    for (i = 0; i < n; i++) {
        double b = base != NULL && i < nb && isfinite(base[i]) ? base[i] : b0;

        bx[i] = theta[i] - w / 2;
        bw[i] = w;
        by[i] = b;
        bh[i] = isfinite(rad[i]) ? rad[i] : 0;
    }
    a = px_new_artist(t, CHARTEX_ARTIST_BARS, CHARTEX_ROLE_DATA, 0, 0, 1);
    if (a == NULL)
        goto done;
    if (chartex_artist_set_bars(a, n, bx, by, bw, bh, rad, &r->err) < 0) {
        px_core_fail(r);
        goto done;
    }
    rc = 0;
done:
    free(bx);
    free(by);
    free(bw);
    free(bh);
    free(sp);
    free(base);
    return rc;
}

/* A scatterpolar's line (mode with lines) or markers of n [theta, r]
 * points; nothing for text alone. */
static int
polar_points(trace_ctx *t, const double *theta, const double *rad, size_t n)
{
    PyObject *mode_obj = NULL;
    const char *mode = px_str(t->trace, "mode", &mode_obj);
    double *xy = NULL;
    chartex_artist *a;
    int rc = -1;

    /* plotly.js's default mode, as a scatter's */
    if (mode == NULL)
        mode = n < 20 ? "lines+markers" : "lines";
    if (strstr(mode, "lines") != NULL)
        a = px_new_artist(t, CHARTEX_ARTIST_LINE, CHARTEX_ROLE_DATA,
                          strstr(mode, "markers") != NULL ? CHARTEX_LINE_MARKER : 0, 0, 1);
    else if (strstr(mode, "markers") != NULL)
        a = px_new_artist(t, CHARTEX_ARTIST_SCATTER, CHARTEX_ROLE_DATA, 0, 0, 1);
    else {
        rc = 0;    /* text or nothing drawn */
        goto done;
    }
    if (a == NULL || (xy = px_interleave(theta, rad, n)) == NULL)
        goto done;
    if (chartex_artist_set_points(a, n, xy, &t->r->err) < 0) {
        px_core_fail(t->r);
        goto done;
    }
    rc = 0;
done:
    free(xy);
    Py_XDECREF(mode_obj);
    return rc;
}

int
px_read_polar(trace_ctx *t)
{
    double *theta = NULL, *rad = NULL;
    size_t n;
    int rc = -1;

    if (polar_record(t) < 0 || theta_and_r(t, &theta, &rad, &n) < 0)
        goto done;
    if (rad == NULL)
        rc = 0;
    else if (strcmp(t->type, "barpolar") == 0)
        rc = polar_bars(t, theta, rad, n);
    else
        rc = polar_points(t, theta, rad, n);
done:
    free(theta);
    free(rad);
    return rc;
}
