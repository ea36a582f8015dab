/*
 * volumes.c - the 3-D volume traces of a scene, as a volume record of
 * their values on their points or grid, as given: mesh3d (vertices x, y,
 * z, triangles i, j, k, intensity), isosurface and volume (points of a
 * grid x, y, z with a value each; the range drawn, isomin to isomax,
 * plotly.js's from the values when not given; how many surfaces), cone
 * and streamtube (a vector u, v, w at each point; a streamtube's
 * starts).  What plotly.js computes from them to draw (a mesh's
 * triangulation when no i, j, k is given, iso-surfaces, tubes) is a
 * picture: not read.
 */
#include "plotly.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The range of a grid's values drawn (isosurface, volume): isomin and
 * isomax as given, else the values' extent; and surface.count. */
static int
iso_range(trace_ctx *t, chartex_artist *a)
{
    double *v = NULL, lo = INFINITY, hi = -INFINITY, g, count;
    PyObject *surface = px_get(t->trace, "surface");
    size_t n = 0, i;
    int rc = -1;

    if (px_values_of(t, "value", NULL, &v, &n) < 0)
        goto done;
    for (i = 0; i < n; i++)
        if (isfinite(v[i])) {
            lo = fmin(lo, v[i]);
            hi = fmax(hi, v[i]);
        }
    if (px_number(t->trace, "isomin", &g))
        lo = g;
    if (px_number(t->trace, "isomax", &g))
        hi = g;
    if (!px_number(surface, "count", &count))
        count = 2;      /* plotly.js's default */
    if ((isfinite(lo) && px_put_number(t->r, a, "isomin", lo) < 0)
        || (isfinite(hi) && px_put_number(t->r, a, "isomax", hi) < 0)
        || px_put_number(t->r, a, "surface_count", count) < 0)
        goto done;
    rc = 0;
done:
    free(v);
    Py_XDECREF(surface);
    return rc;
}

/* A streamtube's starts (starts.x, .y, .z). */
static int
starts(trace_ctx *t, chartex_artist *a)
{
    PyObject *st = px_get(t->trace, "starts");
    int rc = 0;

    if (st != NULL)
        rc = px_put_array(t->r, a, "starts_x", st, "x") < 0
                     || px_put_array(t->r, a, "starts_y", st, "y") < 0
                     || px_put_array(t->r, a, "starts_z", st, "z") < 0 ? -1 : 0;
    Py_XDECREF(st);
    return rc;
}

/* The columns of the trace's own attributes, in order (NULL ends). */
static int
arrays(trace_ctx *t, chartex_artist *a, const char *const *keys)
{
    for (; *keys != NULL; keys++)
        if (px_put_array(t->r, a, *keys, t->trace, *keys) < 0)
            return -1;
    return 0;
}

int
px_read_volume(trace_ctx *t)
{
    static const char *const points[] = {"x", "y", "z", NULL};
    static const char *const mesh[] = {"i", "j", "k", "intensity", NULL};
    static const char *const vectors[] = {"u", "v", "w", NULL};
    const char *type = t->type;
    PyObject *probe = px_get(t->trace, "x"), *mode = NULL;
    chartex_artist *a;
    int rc = -1;

    /* no points: nothing drawn to read */
    if (probe == NULL) {
        rc = PyErr_Occurred() ? -1 : 0;
        goto done;
    }
    a = px_new_record(t, CHARTEX_RECORD_VOLUME);
    if (a == NULL || arrays(t, a, points) < 0)
        goto done;
    if (strcmp(type, "mesh3d") == 0) {
        PyObject *intensity = px_get(t->trace, "intensity");

        if (px_array_like(intensity))
            mode = px_get(t->trace, "intensitymode");
        Py_XDECREF(intensity);
        if (arrays(t, a, mesh) < 0
            || (mode != NULL && PyUnicode_Check(mode)
                && px_put_value(t->r, a, "intensitymode", mode) < 0))
            goto done;
    }
    else if (strcmp(type, "isosurface") == 0 || strcmp(type, "volume") == 0) {
        if (px_put_array(t->r, a, "value", t->trace, "value") < 0 || iso_range(t, a) < 0)
            goto done;
    }
    else if (arrays(t, a, vectors) < 0
             || (strcmp(type, "streamtube") == 0 && starts(t, a) < 0))
        goto done;
    rc = PyErr_Occurred() ? -1 : 0;
done:
    Py_XDECREF(probe);
    Py_XDECREF(mode);
    return rc;
}
