/*
 * scatter.c - scatter, scattergl and scatter3d traces: a line (mode with
 * lines), a scatter (markers only), an area (fill to zero / to the
 * previous trace / stackgroup), error bars as an errorbar group (the data
 * line + one segment per point); on a 3-D scene, lines and points with z.
 */
#include "plotly.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------- error bars */

/* The plus and minus extents of one error_x / error_y of n points at
 * values v; 0 with *plus NULL when the trace has none. */
static int
error_extents(trace_ctx *t, const char *key, const double *v, size_t n,
              double **plus, double **minus)
{
    PyObject *spec = px_get(t->trace, key), *keep = NULL;
    double *arr = NULL, *arrm = NULL, value = 10, valuem = 10;
    size_t na = 0, nm = 0, i;
    const char *type;
    int symmetric, given_value, given_valuem, rc = -1;

    *plus = *minus = NULL;
    if (spec == NULL)
        goto none;
    {
        /* plotly.js: visible by default only when an array or a value is
         * given (plotly objects always hold an error_y, set or not). */
        PyObject *a1 = px_get(spec, "array"), *v1 = px_get(spec, "value");
        int given = a1 != NULL || v1 != NULL;

        Py_XDECREF(a1);
        Py_XDECREF(v1);
        if (!px_bool(spec, "visible", given))
            goto none;
    }
    if (px_values_of(&(trace_ctx){t->r, t->p, spec, t->type, t->index, NULL}, "array", NULL,
                  &arr, &na) < 0
        || px_values_of(&(trace_ctx){t->r, t->p, spec, t->type, t->index, NULL}, "arrayminus",
                     NULL, &arrm, &nm) < 0)
        goto done;
    type = px_str(spec, "type", &keep);
    given_value = px_number(spec, "value", &value);
    given_valuem = px_number(spec, "valueminus", &valuem);
    if (type == NULL)
        type = arr != NULL ? "data" : "percent";
    if (strcmp(type, "data") == 0 && arr == NULL)
        goto none;
    if (strcmp(type, "data") != 0 && !given_value && strcmp(type, "sqrt") != 0
        && strcmp(type, "percent") != 0)
        goto none;
    symmetric = px_bool(spec, "symmetric",
                        !(arrm != NULL || given_valuem));
    *plus = malloc((n ? n : 1) * sizeof **plus);
    *minus = malloc((n ? n : 1) * sizeof **minus);
    if (*plus == NULL || *minus == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    if (!given_valuem)
        valuem = value;
    for (i = 0; i < n; i++) {
        double p, m;

        if (strcmp(type, "data") == 0) {
            p = i < na ? arr[i] : NAN;
            m = symmetric ? p : (i < nm ? arrm[i] : NAN);
        }
        else if (strcmp(type, "percent") == 0) {
            p = fabs(v[i]) * value / 100;
            m = fabs(v[i]) * (symmetric ? value : valuem) / 100;
        }
        else if (strcmp(type, "constant") == 0) {
            p = value;
            m = symmetric ? value : valuem;
        }
        else if (strcmp(type, "sqrt") == 0)
            p = m = sqrt(v[i]);
        else
            p = m = NAN;
        (*plus)[i] = p;
        (*minus)[i] = m;
    }
    rc = 0;
    goto done;
none:
    rc = PyErr_Occurred() ? -1 : 0;
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

/* An errorbar group's segments along y (dir 1) or x (dir 0). */
static int
error_segments(trace_ctx *t, const double *x, const double *y, size_t n,
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

/* --------------------------------------------------------- scatter */

/* An area between curve (t_i, f_i) and base b_i, one polygon per run of
 * finite values, laid out as matplotlib's fill_between (fill_betweenx
 * when horizontal): start, the curve, end, the base reversed. */
static int
area_polygons(trace_ctx *t, chartex_artist *a, const double *tv, const double *f,
              const double *b, size_t n, int horizontal)
{
    size_t i = 0, j, k, m, len;
    double *poly = malloc((2 * n + 2 ? 2 * (2 * n + 2) : 1) * sizeof *poly);
    int rc = -1;

#define PUT(T, F) do {                                                       \
        poly[2 * len] = horizontal ? (F) : (T);                              \
        poly[2 * len + 1] = horizontal ? (T) : (F);                          \
        len++;                                                               \
    } while (0)
    if (poly == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    while (i < n) {
        while (i < n && !(isfinite(tv[i]) && isfinite(f[i]) && isfinite(b[i])))
            i++;
        j = i;
        while (j < n && isfinite(tv[j]) && isfinite(f[j]) && isfinite(b[j]))
            j++;
        if (j > i) {
            m = j - i;
            len = 0;
            PUT(tv[i], b[i]);
            for (k = 0; k < m; k++)
                PUT(tv[i + k], f[i + k]);
            PUT(tv[j - 1], b[j - 1]);
            for (k = m; k-- > 0;)
                PUT(tv[i + k], b[i + k]);
            if (chartex_artist_add_polygon(a, len, poly, &t->r->err) < 0) {
                px_core_fail(t->r);
                goto done;
            }
        }
        i = j;
    }
#undef PUT
    rc = 0;
done:
    free(poly);
    return rc;
}

/* Keeps the subplot's last curve, for the next trace's fill "tonexty". */
static int
keep_curve(px_subplot *p, const double *tv, const double *f, size_t n)
{
    px_trace_state *ts = px_trace_state_of(p);
    px_curve *c;

    if (ts == NULL)
        return -1;
    c = &ts->curve;
    free(c->t);
    free(c->f);
    c->n = 0;
    c->t = malloc((n ? n : 1) * sizeof *c->t);
    c->f = malloc((n ? n : 1) * sizeof *c->f);
    if (c->t == NULL || c->f == NULL) {
        free(c->t);
        free(c->f);
        c->t = c->f = NULL;
        PyErr_NoMemory();
        return -1;
    }
    memcpy(c->t, tv, n * sizeof *tv);
    memcpy(c->f, f, n * sizeof *f);
    c->n = n;
    return 0;
}

int
px_read_scatter(trace_ctx *t)
{
    preader *r = t->r;
    px_subplot *p = t->p;
    int three_d = p->kind == PX_SCENE;
    double *x = NULL, *y = NULL, *z = NULL, *xy = NULL, *base = NULL, *cum = NULL;
    double *ep[2] = {NULL, NULL}, *em[2] = {NULL, NULL};
    size_t nx = 0, ny = 0, nz = 0, n, i;
    PyObject *mode_obj = NULL, *fill_obj = NULL, *stack = NULL, *line = NULL, *shape_obj = NULL;
    const char *mode, *fill, *shape;
    int lines, markers, horizontal, errors, rc = -1, lent = 0;
    unsigned flags = 0;
    unsigned long group = 0;
    chartex_artist *a;

    if (px_values_of(t, "x", p->axis[0], &x, &nx) < 0 || px_values_of(t, "y", p->axis[1], &y, &ny) < 0
        || (three_d && px_values_of(t, "z", p->axis[2], &z, &nz) < 0))
        goto done;
    if (x == NULL && y == NULL)
        goto ok;
    if (x == NULL) {
        nx = ny;
        if ((x = px_implied_positions(t, "x0", "dx", nx)) == NULL)
            goto done;
    }
    if (y == NULL) {
        ny = nx;
        if ((y = px_implied_positions(t, "y0", "dy", ny)) == NULL)
            goto done;
    }
    n = nx < ny ? nx : ny;
    if (three_d) {
        if (z == NULL)
            goto ok;
        if (nz < n)
            n = nz;
    }
    mode = px_str(t->trace, "mode", &mode_obj);
    fill = px_str(t->trace, "fill", &fill_obj);
    stack = px_get(t->trace, "stackgroup");
    if (stack != NULL && !(PyUnicode_Check(stack) && PyUnicode_GET_LENGTH(stack) > 0))
        Py_CLEAR(stack);
    horizontal = px_str_is(t->trace, "orientation", "h", 0);
    if (mode == NULL)
        mode = stack != NULL ? "lines" : n < 20 ? "lines+markers" : "lines";
    if (fill == NULL && stack != NULL)
        fill = horizontal ? "tonextx" : "tonexty";
    lines = strstr(mode, "lines") != NULL;
    markers = strstr(mode, "markers") != NULL;
    line = px_get(t->trace, "line");
    shape = px_str(line, "shape", &shape_obj);

    if (!three_d && fill != NULL && strcmp(fill, "none") != 0) {
        int to_x = strcmp(fill, "tozerox") == 0 || strcmp(fill, "tonextx") == 0;
        int next = strncmp(fill, "tonext", 6) == 0;
        const double *tv = to_x ? y : x, *f = to_x ? x : y;
        px_trace_state *ts = px_trace_state_of(p);
        px_curve *c;

        if (ts == NULL)
            goto done;
        c = &ts->curve;

        if (strcmp(fill, "toself") == 0 || strcmp(fill, "tonext") == 0) {
            a = px_new_artist(t, CHARTEX_ARTIST_AREA, CHARTEX_ROLE_DATA, 0, 0, 1);
            if (a == NULL || (xy = px_interleave(x, y, n)) == NULL)
                goto done;
            if (chartex_artist_add_polygon(a, n, xy, &r->err) < 0) {
                px_core_fail(r);
                goto done;
            }
            goto kept;
        }
        base = calloc(n ? n : 1, sizeof *base);
        cum = malloc((n ? n : 1) * sizeof *cum);
        if (base == NULL || cum == NULL) {
            PyErr_NoMemory();
            goto done;
        }
        if (next && c->t != NULL) {
            i = 0;
            if (c->n == n)
                for (; i < n && (c->t[i] == tv[i] || (isnan(c->t[i]) && isnan(tv[i]))); i++)
                    ;
            if (i < n || c->n != n) {
                /* The trace below stands at other positions: plotly.js
                 * fills (or stacks) between two different outlines,
                 * which is no band; the trace's own points are read as
                 * its line rather than a baseline that is not drawn. */
                free(base);
                free(cum);
                base = cum = NULL;
                Py_CLEAR(stack);
                goto unfilled;
            }
            memcpy(base, c->f, n * sizeof *base);
        }
        for (i = 0; i < n; i++)
            /* A stackgroup adds this trace to the one below (plotly's
             * stackgaps "infer zero": a missing value counts as 0). */
            cum[i] = stack != NULL ? base[i] + (isfinite(f[i]) ? f[i] : 0) : f[i];
        a = px_new_artist(t, CHARTEX_ARTIST_AREA, CHARTEX_ROLE_DATA, 0, 0, 1);
        if (a == NULL)
            goto done;
        if (to_x)
            chartex_artist_set_orientation(a, CHARTEX_HORIZONTAL);
        if (area_polygons(t, a, tv, cum, base, n, to_x) < 0)
            goto done;
        if (keep_curve(p, tv, cum, n) < 0)
            goto done;
        goto ok;
    }
unfilled:
    errors = 0;
    if (!three_d) {
        if (error_extents(t, "error_x", x, n, &ep[0], &em[0]) < 0
            || error_extents(t, "error_y", y, n, &ep[1], &em[1]) < 0)
            goto done;
        errors = ep[0] != NULL || ep[1] != NULL;
    }
    if (lines || errors) {
        if (!lines)
            flags |= CHARTEX_LINE_NO_LINE;
        if (markers)
            flags |= CHARTEX_LINE_MARKER;
        if (shape != NULL && (strcmp(shape, "hv") == 0 || strcmp(shape, "vh") == 0
                              || strcmp(shape, "hvh") == 0 || strcmp(shape, "vhv") == 0))
            flags |= CHARTEX_LINE_STEPS;
        if (errors) {
            flags |= CHARTEX_ARTIST_ERRORBAR_DATA;
            group = ++r->next_group;
        }
        a = px_new_artist(t, CHARTEX_ARTIST_LINE, CHARTEX_ROLE_DATA, flags, group, 1);
    }
    else if (markers)
        a = px_new_artist(t, CHARTEX_ARTIST_SCATTER, CHARTEX_ROLE_DATA, 0, 0, 1);
    else
        goto kept;    /* text or nothing drawn: no data */
    /* The points without a copy: the scene borrows x and y, which the
     * reader's list of borrowed buffers owns from here on. */
    if (a == NULL)
        goto done;
    lent = 1;
    if (px_borrow_points(t, a, x, y, n) < 0)
        goto done;
    if (three_d && chartex_artist_set_z(a, n, z, &r->err) < 0) {
        px_core_fail(r);
        goto done;
    }
    if (ep[0] != NULL && error_segments(t, x, y, n, ep[0], em[0], 0, group) < 0)
        goto done;
    if (ep[1] != NULL && error_segments(t, x, y, n, ep[1], em[1], 1, group) < 0)
        goto done;
kept:
    if (!three_d && keep_curve(p, x, y, n) < 0)
        goto done;
ok:
    rc = 0;
done:
    if (!lent) {
        free(x);
        free(y);
    }
    free(z);
    free(xy);
    free(base);
    free(cum);
    free(ep[0]);
    free(ep[1]);
    free(em[0]);
    free(em[1]);
    Py_XDECREF(mode_obj);
    Py_XDECREF(fill_obj);
    Py_XDECREF(stack);
    Py_XDECREF(line);
    Py_XDECREF(shape_obj);
    return rc;
}
