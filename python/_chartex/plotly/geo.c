/*
 * geo.c - the traces of geographic and map subplots (scattergeo,
 * choropleth; scattermap, choroplethmap, densitymap and their mapbox
 * forms): a geo record with their places (locations and locationmode,
 * or lon and lat), the values they show (z; a scatter's marker colors
 * and sizes when given as arrays) and their texts, as given.  The map
 * itself (its geometry, its tiles, a geojson) is a picture: not read.
 */
#include "plotly.h"

#include <stdlib.h>
#include <string.h>

/* The array obj[key] as numbers (NaN where not one), as column name;
 * absent or a scalar: none. */
static int
numbers(trace_ctx *t, chartex_artist *a, PyObject *obj, const char *key, const char *name)
{
    trace_ctx o = *t;
    PyObject *v = px_get(obj, key);
    double *vals = NULL;
    size_t n = 0;
    int rc;

    if (v == NULL)
        return PyErr_Occurred() ? -1 : 0;
    if (PyUnicode_Check(v) || PyFloat_Check(v) || PyLong_Check(v)
        || (PyDict_Check(v) && !px_is_typed_array(v))) {
        Py_DECREF(v);
        return 0;
    }
    Py_DECREF(v);
    o.trace = obj;
    if (px_values_of(&o, key, NULL, &vals, &n) < 0)
        return -1;
    rc = vals != NULL ? px_put_numbers(t->r, a, name, vals, n) : 0;
    free(vals);
    return rc;
}

int
px_read_geo(trace_ctx *t)
{
    preader *r = t->r;
    static const char *const places[] = {"locations", "lon", "lat", "z", "text", "hovertext"};
    static const char *const names[] = {"locations", "lon", "lat", "values", "text", "hovertext"};
    /* lon, lat and z are numbers (plotly.js reads "45.5" as 45.5) */
    static const int numeric[] = {0, 1, 1, 1, 0, 0};
    PyObject *marker = px_get(t->trace, "marker"), *mode = NULL, *lm = NULL, *probe;
    chartex_artist *a;
    size_t k;
    int any = 0, rc = -1;

    /* a trace with no place and no value draws nothing to read */
    for (k = 0; k < 4 && !any; k++) {
        probe = px_get(t->trace, places[k]);
        any = probe != NULL;
        Py_XDECREF(probe);
    }
    if (PyErr_Occurred())
        goto done;
    if (!any) {
        rc = 0;
        goto done;
    }
    a = px_new_record(t, CHARTEX_RECORD_GEO);
    if (a == NULL)
        goto done;
    if (strncmp(t->type, "scatter", 7) == 0) {
        /* markers by default, as plotly.js's scattergeo */
        mode = px_get(t->trace, "mode");
        if (px_put_value(r, a, "mode", mode != NULL && PyUnicode_Check(mode) ? mode : NULL) < 0)
            goto done;
    }
    lm = px_get(t->trace, "locationmode");
    probe = px_get(t->trace, "locations");
    if (probe != NULL && lm != NULL && PyUnicode_Check(lm) && px_put_value(r, a, "locationmode", lm) < 0) {
        Py_DECREF(probe);
        goto done;
    }
    Py_XDECREF(probe);
    for (k = 0; k < sizeof places / sizeof places[0]; k++)
        if ((numeric[k] ? numbers(t, a, t->trace, places[k], names[k])
                        : px_put_array(r, a, names[k], t->trace, places[k])) < 0)
            goto done;
    /* marker colors may be numbers or colour names; sizes are numbers */
    if (px_put_array(r, a, "color", marker, "color") < 0
        || numbers(t, a, marker, "size", "size") < 0)
        goto done;
    rc = PyErr_Occurred() ? -1 : 0;
done:
    Py_XDECREF(marker);
    Py_XDECREF(mode);
    Py_XDECREF(lm);
    return rc;
}
