/*
 * coloraxis.c - the range of a trace's colours, as plotly.js's colorscale
 * component sets it (calc.js, defaults.js): zmin / zmax when both are
 * given and zmin < zmax (zauto then defaults to false), else the finite
 * range of the values, made symmetric about zmid when one is given; a
 * range of one value widened by 0.5 each way.  A trace on a shared colour
 * axis (coloraxis: "coloraxis2", what plotly express makes) takes the
 * layout's cmin / cmax / cmid / cauto instead, over the values of every
 * trace on it, and the colour axis' colorbar title.
 *
 * The grids (grids.c: heatmap, contour, histogram2d, histogram2dcontour)
 * record their IMAGE and CONTOUR artists here as they are read; once
 * every trace is read, figure.c sets each one's range (vmin, vmax).
 */
#include "plotly.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One artist coloured by a trace. */
struct px_color_use {
    chartex_artist *a;
    PyObject *trace;            /* borrowed: lives in the figure's data */
    double dmin, dmax;          /* its values' finite range (infinite: none) */
    char axis[32];              /* its colour axis ("coloraxis2"), or "" */
};

int
px_color_scale(trace_ctx *t, chartex_artist *a, double dmin, double dmax)
{
    preader *r = t->r;
    struct px_color_use *u;
    PyObject *keep = NULL;
    const char *ax = px_str(t->trace, "coloraxis", &keep);

    if (r->n_colors == r->cap_colors) {
        size_t cap = r->cap_colors ? 2 * r->cap_colors : 8;
        struct px_color_use *grown = px_calc_grow(r->colors, cap, sizeof *grown);

        if (grown == NULL) {
            Py_XDECREF(keep);
            PyErr_NoMemory();
            return -1;
        }
        r->colors = grown;
        r->cap_colors = cap;
    }
    u = &r->colors[r->n_colors++];
    u->a = a;
    u->trace = t->trace;
    u->dmin = dmin;
    u->dmax = dmax;
    snprintf(u->axis, sizeof u->axis, "%s",
             ax != NULL && strncmp(ax, "coloraxis", 9) == 0 && strlen(ax) < sizeof u->axis
                 ? ax : "");
    Py_XDECREF(keep);
    return 0;
}

/* plotly.js's auto default: true unless min and max are both given with
 * min < max. */
static int
auto_of(PyObject *container, char letter, int *given_min, double *min, int *given_max,
        double *max)
{
    char key[8];

    snprintf(key, sizeof key, "%cmin", letter);
    *given_min = px_number(container, key, min);
    snprintf(key, sizeof key, "%cmax", letter);
    *given_max = px_number(container, key, max);
    snprintf(key, sizeof key, "%cauto", letter);
    return px_bool(container, key, !(*given_min && *given_max && *min < *max));
}

/* The range of values lo..hi (infinite: none) in container (the trace,
 * letter 'z', or a colour axis, 'c'), as colorscale/calc.js makes it. */
static void
range_of(PyObject *container, char letter, double lo, double hi, double *vmin, double *vmax)
{
    int given_min, given_max, autoc;
    double min = NAN, max = NAN, mid;
    char key[8];

    autoc = auto_of(container, letter, &given_min, &min, &given_max, &max);
    if (autoc || !given_min)
        min = lo;
    if (autoc || !given_max)
        max = hi;
    snprintf(key, sizeof key, "%cmid", letter);
    if (autoc && px_number(container, key, &mid) && isfinite(min) && isfinite(max)) {
        if (max - mid > mid - min)
            min = mid - (max - mid);
        else if (max - mid < mid - min)
            max = mid + (mid - min);
    }
    if (isfinite(min) && isfinite(max) && min == max) {
        min -= 0.5;
        max += 0.5;
    }
    *vmin = isfinite(min) ? min : NAN;
    *vmax = isfinite(max) ? max : NAN;
}

void
px_trace_zrange(PyObject *trace, double dmin, double dmax, double *lo, double *hi)
{
    int given_min, given_max;
    double min = NAN, max = NAN;

    /* contour levels follow the trace's own zmin / zmax when it sets
     * them (zauto false), else its values: not zmid, not a colour axis */
    if (!auto_of(trace, 'z', &given_min, &min, &given_max, &max)) {
        *lo = given_min ? min : dmin;
        *hi = given_max ? max : dmax;
    }
    else {
        *lo = dmin;
        *hi = dmax;
    }
}

/* The colorbar title of a colour axis, on the artist a. */
static int
axis_colorbar(preader *r, chartex_artist *a, PyObject *axis)
{
    PyObject *cb = px_get(axis, "colorbar"), *title = px_title(cb, "title");
    int rc = -1;

    if (title != NULL)
        SET_TEXT(r, title, chartex_artist_set_colorbar_label(a, s, len, &r->err));
    rc = PyErr_Occurred() ? -1 : 0;
done:
    Py_XDECREF(cb);
    Py_XDECREF(title);
    return rc;
}

/* The finite range of the values of every use on colour axis name. */
static void
axis_extent(const preader *r, const char *name, double *lo, double *hi)
{
    size_t i;

    *lo = INFINITY;
    *hi = -INFINITY;
    for (i = 0; i < r->n_colors; i++)
        if (strcmp(r->colors[i].axis, name) == 0) {
            *lo = fmin(*lo, r->colors[i].dmin);
            *hi = fmax(*hi, r->colors[i].dmax);
        }
}

int
px_color_ranges(preader *r)
{
    size_t i;

    for (i = 0; i < r->n_colors; i++) {
        struct px_color_use *u = &r->colors[i];
        PyObject *axis = u->axis[0] ? px_get(r->layout, u->axis) : NULL;
        double lo = u->dmin, hi = u->dmax, vmin, vmax;
        int rc;

        if (u->axis[0]) {
            axis_extent(r, u->axis, &lo, &hi);
            range_of(axis, 'c', lo, hi, &vmin, &vmax);
        }
        else
            range_of(u->trace, 'z', lo, hi, &vmin, &vmax);
        rc = chartex_artist_set_color_scale(u->a, vmin, vmax, "linear", 6, &r->err) < 0
                 ? px_core_fail(r) : u->axis[0] ? axis_colorbar(r, u->a, axis) : 0;
        Py_XDECREF(axis);
        if (rc < 0)
            return px_fail(r, "a colour axis");
    }
    return 0;
}
