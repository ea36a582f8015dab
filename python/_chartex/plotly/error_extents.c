/*
 * error_extents.c - error_x and error_y, as plotly.js's errorbars
 * component computes them (compute_error.js, calc.js): each point's or
 * bar's extent below and above its value ("data" arrays, "percent",
 * "constant", "sqrt"), drawn only on a linear or log axis, and the
 * errorbar group that carries them to the core (a SEGMENTS artist of role
 * ERRORBAR per direction, in the group of the data line or of the bars:
 * src/chart/errorbars.c matches them back).  scatter.c's points and
 * barmode.c's bars (with histograms.c's bins) call it.
 */
#include "plotly.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* What an error_x / error_y says: its type ("data", "percent",
 * "constant", "sqrt"), the arrays of a "data" one, its values. */
typedef struct error_spec {
    const char *type;
    const double *arr, *arrm;
    size_t na, nm;
    double value, valuem;
    int symmetric;
} error_spec;

/* plotly.js: an error_x / error_y is visible by default only when an
 * array or a value is given (plotly objects always hold an error_y, set
 * or not). */
static int
error_visible(PyObject *spec)
{
    PyObject *a1 = px_get(spec, "array"), *v1 = px_get(spec, "value");
    int given = a1 != NULL || v1 != NULL;

    Py_XDECREF(a1);
    Py_XDECREF(v1);
    return px_bool(spec, "visible", given);
}

/* The plus and minus extents of n points at values v under e. */
static void
error_values(const error_spec *e, const double *v, size_t n, double *plus, double *minus)
{
    size_t i;

    for (i = 0; i < n; i++) {
        double p, m;

        if (strcmp(e->type, "data") == 0) {
            p = i < e->na ? e->arr[i] : NAN;
            m = e->symmetric ? p : (i < e->nm ? e->arrm[i] : NAN);
        }
        else if (strcmp(e->type, "percent") == 0) {
            p = fabs(v[i]) * e->value / 100;
            m = fabs(v[i]) * (e->symmetric ? e->value : e->valuem) / 100;
        }
        else if (strcmp(e->type, "constant") == 0) {
            p = e->value;
            m = e->symmetric ? e->value : e->valuem;
        }
        else if (strcmp(e->type, "sqrt") == 0)
            p = m = sqrt(v[i]);
        else
            p = m = NAN;
        plus[i] = p;
        minus[i] = m;
    }
}

/* plotly.js draws error bars along a linear or log axis only: none on
 * dates or categories (NULL: plain numbers). */
static int
numeric_axis(const px_axis *ax)
{
    return ax == NULL || ax->type == PX_AXTYPE_LINEAR || ax->type == PX_AXTYPE_LOG;
}

/* The type and values of error spec, its arrays read into arr and arrm;
 * 0 when it draws nothing ("data" without an array, or no value for a
 * type needing one), 1 when it does, -1 on error. */
static int
read_spec(trace_ctx *t, PyObject *spec, error_spec *e, double **arr, double **arrm,
          PyObject **keep)
{
    trace_ctx o = {t->r, t->p, spec, t->type, t->index, NULL};
    int given_value, given_valuem;

    if (px_values_of(&o, "array", NULL, arr, &e->na) < 0
        || px_values_of(&o, "arrayminus", NULL, arrm, &e->nm) < 0)
        return -1;
    e->type = px_str(spec, "type", keep);
    given_value = px_number(spec, "value", &e->value);
    given_valuem = px_number(spec, "valueminus", &e->valuem);
    if (e->type == NULL)
        e->type = *arr != NULL ? "data" : "percent";
    if (strcmp(e->type, "data") == 0 ? *arr == NULL
        : !given_value && strcmp(e->type, "sqrt") != 0 && strcmp(e->type, "percent") != 0)
        return PyErr_Occurred() ? -1 : 0;
    e->symmetric = px_bool(spec, "symmetric", !(*arrm != NULL || given_valuem));
    if (!given_valuem)
        e->valuem = e->value;
    e->arr = *arr;
    e->arrm = *arrm;
    return 1;
}

int
px_error_extents(trace_ctx *t, const char *key, const px_axis *ax, const double *v, size_t n,
                 double **plus, double **minus)
{
    PyObject *spec = px_get(t->trace, key), *keep = NULL;
    double *arr = NULL, *arrm = NULL;
    error_spec e = {NULL, NULL, NULL, 0, 0, 10, 10, 0};
    int got = 0, rc = -1;

    *plus = *minus = NULL;
    if (spec != NULL && error_visible(spec) && numeric_axis(ax))
        got = read_spec(t, spec, &e, &arr, &arrm, &keep);
    if (got <= 0) {
        rc = got < 0 || PyErr_Occurred() ? -1 : 0;
        goto done;
    }
    *plus = px_calc_alloc(n, sizeof **plus);
    *minus = px_calc_alloc(n, sizeof **minus);
    if (*plus == NULL || *minus == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    error_values(&e, v, n, *plus, *minus);
    rc = 0;
done:
    if (rc < 0 || (*plus == NULL) != (*minus == NULL)) {
        free(*plus);
        free(*minus);
        *plus = *minus = NULL;
    }
    free(arr);
    free(arrm);
    Py_XDECREF(keep);
    Py_XDECREF(spec);
    return rc;
}

int
px_error_segments(trace_ctx *t, const double *x, const double *y, size_t n,
                  const double *plus, const double *minus, int dir, unsigned long group)
{
    chartex_artist *a = px_new_artist(t, CHARTEX_ARTIST_SEGMENTS, CHARTEX_ROLE_ERRORBAR, 0,
                                      group, 0);
    double seg[4];
    size_t i;

    if (a == NULL)
        return -1;
    for (i = 0; i < n; i++) {
        if (dir == 1) {
            seg[0] = seg[2] = x[i];
            seg[1] = y[i] - minus[i];
            seg[3] = y[i] + plus[i];
        }
        else {
            seg[1] = seg[3] = y[i];
            seg[0] = x[i] - minus[i];
            seg[2] = x[i] + plus[i];
        }
        if (chartex_artist_add_polygon(a, 2, seg, &t->r->err) < 0)
            return px_core_fail(t->r);
    }
    return 0;
}

/* ------------------------------------------------------ bars' error bars */

/* Values src[k] of the trace's array v (NaN past its end) for the m bars
 * drawn, in place of the trace's own order: a "data" error's arrays and
 * the bars' own values are the trace's, the bars kept are fewer. */
static void
kept(const double *all, const size_t *src, size_t m, double *out)
{
    size_t k;

    for (k = 0; k < m; k++)
        out[k] = all[src[k]];
}

/* One direction's error bars of m bars: dir 1 (error_y) or 0 (error_x),
 * at points (x, y); the extents computed over the trace's n_src values
 * (the bars' own at[], those of positions or ends). */
static int
bar_direction(trace_ctx *t, int dir, const double *x, const double *y, const size_t *src,
              size_t m, size_t n_src, chartex_artist *bars, unsigned long *group)
{
    const double *along = dir ? y : x;
    double *v = px_calc_alloc(n_src, sizeof *v), *plus = NULL, *minus = NULL;
    double *kp = px_calc_alloc(m, sizeof *kp), *km = px_calc_alloc(m, sizeof *km);
    size_t k;
    int rc = -1;

    if (v == NULL || kp == NULL || km == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    /* percent and sqrt read the bar's end (or its centre across): its
     * value as plotly.js places it, one per bar of the trace */
    for (k = 0; k < n_src; k++)
        v[k] = NAN;
    for (k = 0; k < m; k++)
        v[src[k]] = along[k];
    if (px_error_extents(t, dir ? "error_y" : "error_x", t->p->axis[dir], v, n_src, &plus,
                         &minus) < 0)
        goto done;
    if (plus != NULL) {
        kept(plus, src, m, kp);
        kept(minus, src, m, km);
        if (*group == 0) {
            *group = ++t->r->next_group;
            chartex_artist_set_group(bars, *group);
        }
        if (px_error_segments(t, x, y, m, kp, km, dir, *group) < 0)
            goto done;
    }
    rc = 0;
done:
    free(v);
    free(plus);
    free(minus);
    free(kp);
    free(km);
    return rc;
}

int
px_bar_errors(trace_ctx *t, chartex_artist *bars, const double *bx, const double *by,
              const double *bw, const double *bh, const size_t *src, size_t m, size_t n_src,
              int horizontal)
{
    double *x = px_calc_alloc(m, sizeof *x), *y = px_calc_alloc(m, sizeof *y);
    unsigned long group = 0;
    size_t k;
    int rc = -1;

    if (x == NULL || y == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    /* Where the core looks for a bar's error bar (src/chart/bars.c):
     * the middle of its end, computed as it computes it. */
    for (k = 0; k < m; k++) {
        x[k] = horizontal ? bx[k] + bw[k] : bx[k] + 0.5 * bw[k];
        y[k] = horizontal ? by[k] + 0.5 * bh[k] : by[k] + bh[k];
    }
    /* x errors first, as matplotlib draws them and the core reads them */
    if (bar_direction(t, 0, x, y, src, m, n_src, bars, &group) < 0
        || bar_direction(t, 1, x, y, src, m, n_src, bars, &group) < 0)
        goto done;
    rc = 0;
done:
    free(x);
    free(y);
    return rc;
}
