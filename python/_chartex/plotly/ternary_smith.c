/*
 * ternary_smith.c - the traces of ternary and smith subplots, in their
 * own coordinates, a record each: a scatterternary's points as (a, b, c)
 * as plotly.js places them (scatterternary/calc.js: with all three given,
 * each point scaled so that they add up to the subplot's sum; with two,
 * the third is the sum less the others), the subplot's sum and its axes'
 * titles; a scattersmith's points as the real and imaginary parts given.
 */
#include "plotly.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The title of the ternary subplot's axis (aaxis, baxis, caxis). */
static int
axis_title(trace_ctx *t, chartex_artist *a, PyObject *sub, const char *axis, const char *name)
{
    PyObject *ax = px_get(sub, axis), *title = px_title(ax, "title");
    int rc = px_put_value(t->r, a, name, title != NULL && PyUnicode_Check(title) ? title : NULL);

    Py_XDECREF(ax);
    Py_XDECREF(title);
    return rc;
}

/* The n points (a, b, c) of v, all three given, scaled as plotly.js
 * scales them to add up to sum. */
static void
place(double *v[3], size_t n, double sum)
{
    size_t i;
    int k;

    for (i = 0; i < n; i++) {
        double total = v[0][i] + v[1][i] + v[2][i];

        for (k = 0; k < 3; k++)
            v[k][i] = v[k][i] * sum / total;
    }
}

/* The missing coordinate m of two given: the sum less the others. */
static double *
third(double *v[3], int m, size_t n, double sum)
{
    double *out = px_calc_alloc(n, sizeof *out);
    size_t i;

    if (out == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    for (i = 0; i < n; i++)
        out[i] = sum - v[(m + 1) % 3][i] - v[(m + 2) % 3][i];
    return out;
}

/* The ternary subplot's settings (layout.ternary2): its sum, 1 by
 * default; a new reference or NULL. */
static PyObject *
subplot_spec(trace_ctx *t, double *sum)
{
    PyObject *sub = px_get(t->r->layout, t->p->ref);

    if (!px_number(sub, "sum", sum) || !(*sum > 0))
        *sum = 1;
    return sub;
}

static int
read_ternary(trace_ctx *t, chartex_artist *a)
{
    static const char *const keys[3] = {"a", "b", "c"};
    double *v[3] = {NULL, NULL, NULL}, sum;
    size_t n[3] = {0, 0, 0}, m = SIZE_MAX;
    PyObject *sub = subplot_spec(t, &sum);
    int k, missing = -1, given = 0, rc = -1;

    for (k = 0; k < 3; k++) {
        if (px_values_of(t, keys[k], NULL, &v[k], &n[k]) < 0)
            goto done;
        if (v[k] != NULL) {
            given++;
            m = n[k] < m ? n[k] : m;
        }
        else
            missing = k;
    }
    if (given < 2) {
        rc = 0;     /* plotly.js draws no point from one coordinate */
        goto done;
    }
    if (given == 3)
        place(v, m, sum);
    else if ((v[missing] = third(v, missing, m, sum)) == NULL)
        goto done;
    for (k = 0; k < 3; k++)
        if (px_put_numbers(t->r, a, keys[k], v[k], m) < 0)
            goto done;
    if (px_put_number(t->r, a, "sum", sum) < 0 || axis_title(t, a, sub, "aaxis", "a_title") < 0
        || axis_title(t, a, sub, "baxis", "b_title") < 0
        || axis_title(t, a, sub, "caxis", "c_title") < 0)
        goto done;
    rc = 0;
done:
    for (k = 0; k < 3; k++)
        free(v[k]);
    Py_XDECREF(sub);
    return rc;
}

int
px_read_ternary_smith(trace_ctx *t)
{
    int smith = strcmp(t->type, "scattersmith") == 0;
    PyObject *mode = NULL, *probe = px_get(t->trace, smith ? "real" : "a");
    chartex_artist *a;
    int rc = -1;

    if (probe == NULL && !smith && !PyErr_Occurred())
        probe = px_get(t->trace, "b");
    if (probe == NULL) {
        rc = PyErr_Occurred() ? -1 : 0;
        goto done;
    }
    a = px_new_record(t, smith ? CHARTEX_RECORD_SMITH : CHARTEX_RECORD_TERNARY);
    mode = px_get(t->trace, "mode");
    if (a == NULL
        || px_put_value(t->r, a, "mode", mode != NULL && PyUnicode_Check(mode) ? mode : NULL) < 0)
        goto done;
    if (smith ? px_put_array(t->r, a, "real", t->trace, "real") < 0
                    || px_put_array(t->r, a, "imag", t->trace, "imag") < 0
              : read_ternary(t, a) < 0)
        goto done;
    if (px_put_array(t->r, a, "text", t->trace, "text") < 0)
        goto done;
    rc = 0;
done:
    Py_XDECREF(mode);
    Py_XDECREF(probe);
    return rc;
}
