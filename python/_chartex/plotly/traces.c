/*
 * traces.c - one Plotly trace into the scene's artists, drawn as
 * plotly.js draws it and in the shapes the core already reads for
 * matplotlib:
 *
 *   scatter, scattergl   a line (mode with lines), a scatter (markers
 *                        only), an area (fill to zero / to the previous
 *                        trace / stackgroup), error bars as an errorbar
 *                        group (the data line + one segment per point)
 *   bar, histogram       bars: rectangles with plotly.js's positions,
 *                        widths, bases and barmode (group, stack,
 *                        relative, overlay); histogram bins by
 *                        stats.h
 *   pie                  wedges in plotly.js's order (sorted, clockwise
 *                        from 12 o'clock), labels aggregated
 *   box, violin          the geometry of a box plot (box, whiskers, caps,
 *                        median, outliers) from plotly's statistics
 *   heatmap, contour     a mesh image with its edges and colour scale;
 *                        contour levels as plotly.js chooses them
 *   histogram2d          the same mesh image, binned by stats.h
 *   scatter3d, surface   3-D lines and points with z; a surface's cells
 *
 * Anything else is counted as an artist the core does not read.  What
 * every family shares is trace.c's.
 */
#include "plotly.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* plotly.js's defaults */
#define BARGAP 0.2
#define BOXGAP 0.3
#define NCONTOURS 15

px_subplot_kind
px_trace_subplot_kind(const char *type)
{
    if (strcmp(type, "pie") == 0)
        return PX_DOMAIN;
    if (strcmp(type, "scatter3d") == 0 || strcmp(type, "surface") == 0)
        return PX_SCENE;
    return PX_CARTESIAN;
}

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

static int
read_scatter(trace_ctx *t)
{
    preader *r = t->r;
    px_subplot *p = t->p;
    int three_d = p->kind == PX_SCENE;
    double *x = NULL, *y = NULL, *z = NULL, *xy = NULL, *base = NULL, *cum = NULL;
    double *ep[2] = {NULL, NULL}, *em[2] = {NULL, NULL};
    size_t nx = 0, ny = 0, nz = 0, n, i;
    PyObject *mode_obj = NULL, *fill_obj = NULL, *stack = NULL, *line = NULL, *shape_obj = NULL;
    const char *mode, *fill, *shape;
    int lines, markers, horizontal, errors, rc = -1;
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
    if (a == NULL || (xy = px_interleave(x, y, n)) == NULL)
        goto done;
    if (chartex_artist_set_points(a, n, xy, &r->err) < 0
        || (three_d && chartex_artist_set_z(a, n, z, &r->err) < 0)) {
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
    free(x);
    free(y);
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

/* ------------------------------------------------------------- bars */

static size_t
hash_pos(double v, size_t cap)
{
    uint64_t u;

    if (v == 0)
        v = 0;    /* -0.0 and 0.0 are one position */
    memcpy(&u, &v, sizeof u);
    u ^= u >> 33;
    u *= 0xff51afd7ed558ccdULL;
    u ^= u >> 33;
    return (size_t)(u & (cap - 1));
}

static stack_slot *
stack_find(stack_table *s, double pos)
{
    size_t h, i, cap;
    stack_slot *old;

    if (s->n * 2 >= s->cap) {
        cap = s->cap ? s->cap * 2 : 64;
        old = s->slot;
        s->slot = calloc(cap, sizeof *s->slot);
        if (s->slot == NULL) {
            s->slot = old;
            return NULL;
        }
        for (i = 0; i < s->cap; i++)
            if (old[i].used) {
                h = hash_pos(old[i].pos, cap);
                while (s->slot[h].used)
                    h = (h + 1) & (cap - 1);
                s->slot[h] = old[i];
            }
        free(old);
        s->cap = cap;
    }
    h = hash_pos(pos, s->cap);
    while (s->slot[h].used && s->slot[h].pos != pos)
        h = (h + 1) & (s->cap - 1);
    if (!s->slot[h].used) {
        s->slot[h].used = 1;
        s->slot[h].pos = pos;
        s->slot[h].up = s->slot[h].down = 0;
        s->n++;
    }
    return &s->slot[h];
}

/* The bar-like traces of the subplot drawn beside each other: how many
 * (of this orientation) and which one this is; and plotly.js's dpos, the
 * smallest distance between two positions of them all. */
static int
bar_layout(trace_ctx *t, int horizontal, size_t *count, size_t *mine, double *dpos)
{
    px_subplot *p = t->p;
    Py_ssize_t k;
    double *all = NULL, *v = NULL;
    size_t n_all = 0, n, i;
    int rc = -1;

    *count = 0;
    *mine = 0;
    for (k = 0; k < PyList_GET_SIZE(p->traces); k++) {
        PyObject *tr = PyList_GET_ITEM(p->traces, k);
        const char *ty = PyUnicode_AsUTF8(PyList_GET_ITEM(p->types, k));
        trace_ctx o = *t;

        if (ty == NULL)
            goto done;
        if (strcmp(ty, "bar") != 0 || px_str_is(tr, "orientation", "h", 0) != horizontal)
            continue;
        if (tr == t->trace)
            *mine = *count;
        (*count)++;
        o.trace = tr;
        if (px_values_of(&o, horizontal ? "y" : "x", p->axis[horizontal ? 1 : 0], &v, &n) < 0)
            goto done;
        if (v != NULL) {
            double *grown = realloc(all, (n_all + n + 1) * sizeof *all);

            if (grown == NULL) {
                PyErr_NoMemory();
                goto done;
            }
            all = grown;
            for (i = 0; i < n; i++)
                if (isfinite(v[i]))
                    all[n_all++] = v[i];
            free(v);
            v = NULL;
        }
    }
    *dpos = all != NULL ? px_min_spacing(all, n_all) : 1;
    rc = 0;
done:
    free(all);
    free(v);
    return rc;
}

/* Bars at positions pos with values val (n of them), in plotly.js's
 * geometry for the layout's barmode. */
static int
emit_bars(trace_ctx *t, const double *pos, const double *val, const double *width_given,
          const double *base_given, size_t n, int horizontal, double full_width,
          size_t count, size_t mine, const char *barmode)
{
    preader *r = t->r;
    px_trace_state *ts = px_trace_state_of(t->p);
    size_t i, m = 0;
    double *bx = NULL, *by = NULL, *bw = NULL, *bh = NULL, *bv = NULL;
    int group = strcmp(barmode, "group") == 0 && count > 1;
    int stacking = strcmp(barmode, "stack") == 0 || strcmp(barmode, "relative") == 0;
    int relative = strcmp(barmode, "relative") == 0;
    chartex_artist *a;
    int rc = -1;

    if (ts == NULL)
        return -1;
    bx = malloc((n ? n : 1) * sizeof *bx);
    by = malloc((n ? n : 1) * sizeof *by);
    bw = malloc((n ? n : 1) * sizeof *bw);
    bh = malloc((n ? n : 1) * sizeof *bh);
    bv = malloc((n ? n : 1) * sizeof *bv);
    if (bx == NULL || by == NULL || bw == NULL || bh == NULL || bv == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (i = 0; i < n; i++) {
        double w = width_given != NULL && isfinite(width_given[i]) ? width_given[i] : full_width;
        double c = pos[i], b = base_given != NULL && isfinite(base_given[i]) ? base_given[i] : 0;
        double v = val[i];

        if (!isfinite(c))
            continue;
        if (group && width_given == NULL) {
            w = full_width / (double)count;
            c = pos[i] - full_width / 2 + w * ((double)mine + 0.5);
        }
        if (stacking && isfinite(v) && base_given == NULL) {
            stack_slot *s = stack_find(&ts->stack, pos[i]);

            if (s == NULL) {
                PyErr_NoMemory();
                goto done;
            }
            if (relative && v < 0) {
                b = s->down;
                s->down += v;
            }
            else {
                b = s->up;
                s->up += v;
                if (!relative)
                    s->down = s->up;
            }
        }
        if (horizontal) {
            bx[m] = b;
            by[m] = c - w / 2;
            bw[m] = isfinite(v) ? v : 0;
            bh[m] = w;
        }
        else {
            bx[m] = c - w / 2;
            by[m] = b;
            bw[m] = w;
            bh[m] = isfinite(v) ? v : 0;
        }
        bv[m] = v;
        m++;
    }
    a = px_new_artist(t, CHARTEX_ARTIST_BARS, CHARTEX_ROLE_DATA, 0, 0, 1);
    if (a == NULL)
        goto done;
    chartex_artist_set_orientation(a, horizontal ? CHARTEX_HORIZONTAL : CHARTEX_VERTICAL);
    if (chartex_artist_set_bars(a, m, bx, by, bw, bh, bv, &r->err) < 0) {
        px_core_fail(r);
        goto done;
    }
    rc = 0;
done:
    free(bx);
    free(by);
    free(bw);
    free(bh);
    free(bv);
    return rc;
}

/* One value or an array of them for n bars (width, base, offset). */
static int
per_bar(trace_ctx *t, const char *key, size_t n, double **out)
{
    double one, *v = NULL;
    size_t nv = 0, i;

    *out = NULL;
    if (px_number(t->trace, key, &one)) {
        v = malloc((n ? n : 1) * sizeof *v);
        if (v == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        for (i = 0; i < n; i++)
            v[i] = one;
        *out = v;
        return 0;
    }
    if (px_values_of(t, key, NULL, &v, &nv) < 0)
        return -1;
    if (v != NULL && nv < n) {
        double *grown = realloc(v, (n ? n : 1) * sizeof *v);

        if (grown == NULL) {
            free(v);
            PyErr_NoMemory();
            return -1;
        }
        v = grown;
        for (i = nv; i < n; i++)
            v[i] = NAN;
    }
    *out = v;
    return 0;
}

static int
read_bar(trace_ctx *t)
{
    px_subplot *p = t->p;
    int horizontal = px_str_is(t->trace, "orientation", "h", 0);
    px_axis *pax = p->axis[horizontal ? 1 : 0], *vax = p->axis[horizontal ? 0 : 1];
    double *pos = NULL, *val = NULL, *width = NULL, *base = NULL, dpos, gap = BARGAP;
    size_t npos = 0, nval = 0, n, count, mine;
    int rc = -1;

    if (px_values_of(t, horizontal ? "y" : "x", pax, &pos, &npos) < 0
        || px_values_of(t, horizontal ? "x" : "y", vax, &val, &nval) < 0)
        goto done;
    if (val == NULL)
        goto ok;
    if (pos == NULL) {
        npos = nval;
        pos = px_implied_positions(t, horizontal ? "y0" : "x0", horizontal ? "dy" : "dx", npos);
        if (pos == NULL)
            goto done;
    }
    n = npos < nval ? npos : nval;
    if (bar_layout(t, horizontal, &count, &mine, &dpos) < 0
        || per_bar(t, "width", n, &width) < 0 || per_bar(t, "base", n, &base) < 0)
        goto done;
    px_number(t->r->layout, "bargap", &gap);
    if (emit_bars(t, pos, val, width, base, n, horizontal, dpos * (1 - gap), count, mine,
                  t->r->barmode) < 0)
        goto done;
ok:
    rc = 0;
done:
    free(pos);
    free(val);
    free(width);
    free(base);
    return rc;
}

/* ---------------------------------------------------------- histogram */

static px_histfunc
histfunc_of(trace_ctx *t)
{
    PyObject *keep;
    const char *s = px_str(t->trace, "histfunc", &keep);
    px_histfunc f = PX_HISTFUNC_COUNT;

    if (s != NULL)
        f = strcmp(s, "sum") == 0 ? PX_HISTFUNC_SUM : strcmp(s, "avg") == 0 ? PX_HISTFUNC_AVG
            : strcmp(s, "min") == 0 ? PX_HISTFUNC_MIN : strcmp(s, "max") == 0
            ? PX_HISTFUNC_MAX : PX_HISTFUNC_COUNT;
    Py_XDECREF(keep);
    return f;
}

static px_histnorm
histnorm_of(trace_ctx *t)
{
    PyObject *keep;
    const char *s = px_str(t->trace, "histnorm", &keep);
    px_histnorm h = PX_HISTNORM_NONE;

    if (s != NULL)
        h = strcmp(s, "percent") == 0 ? PX_HISTNORM_PERCENT
            : strcmp(s, "probability") == 0 ? PX_HISTNORM_PROBABILITY
            : strcmp(s, "density") == 0 ? PX_HISTNORM_DENSITY
            : strcmp(s, "probability density") == 0 ? PX_HISTNORM_PROBABILITY_DENSITY
            : PX_HISTNORM_NONE;
    Py_XDECREF(keep);
    return h;
}

/* A finite number, or a number's text. */
static int
obj_number(PyObject *o, double *v)
{
    const char *s;
    char *end;
    double d;

    if (PyFloat_Check(o) || PyLong_Check(o)) {
        d = PyFloat_AsDouble(o);
        if (d == -1.0 && PyErr_Occurred()) {
            PyErr_Clear();
            return 0;
        }
    }
    else if (PyUnicode_Check(o) && (s = PyUnicode_AsUTF8(o)) != NULL) {
        d = strtod(s, &end);
        if (end == s || *end != '\0')
            return 0;
    }
    else {
        PyErr_Clear();
        return 0;
    }
    if (!isfinite(d))
        return 0;
    *v = d;
    return 1;
}

/* A histogram axis' positions (plotly.js's units: dates in ms) and its
 * bin attributes (xbins / ybins and nbinsx / nbinsy) into in. */
static int
axis_bins_input(trace_ctx *t, const char *letter, px_axis *pax, double **pos, size_t *n,
                px_hist_input *in)
{
    PyObject *bins = NULL, *size = NULL;
    char key[8];
    size_t i;
    double v;
    int rc = -1;

    in->start = in->end = in->size = NAN;
    if (px_values_of(t, letter, pax, pos, n) < 0)
        goto done;
    if (pax != NULL && pax->type == PX_AXTYPE_DATE)
        for (i = 0; i < *n; i++)
            (*pos)[i] *= MS_PER_DAY;
    snprintf(key, sizeof key, "%sbins", letter);
    bins = px_get(t->trace, key);
    if (bins != NULL) {
        px_axis *dax = pax != NULL && pax->type == PX_AXTYPE_DATE ? pax : NULL;
        const char *k[2] = {"start", "end"};
        int j;

        for (j = 0; j < 2; j++) {
            PyObject *e = px_get(bins, k[j]);

            if (e == NULL)
                continue;
            if (dax != NULL && PyUnicode_Check(e)) {
                const char *s = PyUnicode_AsUTF8(e);
                Py_ssize_t sl = (Py_ssize_t)(s ? strlen(s) : 0);

                if (s != NULL && px_parse_date(s, (size_t)sl, &v))
                    (j ? &in->end : &in->start)[0] = v * MS_PER_DAY;
                PyErr_Clear();
            }
            else if (obj_number(e, &v))
                (j ? &in->end : &in->start)[0] = v;
            Py_DECREF(e);
        }
        size = px_get(bins, "size");
        if (size != NULL && PyUnicode_Check(size)) {
            const char *s = PyUnicode_AsUTF8(size);
            long months;

            if (s != NULL && s[0] == 'M' && sscanf(s + 1, "%ld", &months) == 1 && months > 0)
                in->size_months = months < INT_MAX ? (int)months : INT_MAX;
            else if (s != NULL && px_number(bins, "size", &v))
                in->size = v;
            PyErr_Clear();
        }
        else if (px_number(bins, "size", &v))
            in->size = v;
    }
    snprintf(key, sizeof key, "nbins%s", letter);
    if (px_number(t->trace, key, &v) && v >= 1 && v < 1e9)
        in->nbins = (long)v;
    rc = 0;
done:
    Py_XDECREF(bins);
    Py_XDECREF(size);
    return rc;
}

/* The histogram's inputs; positions in plotly.js's units (dates in ms). */
typedef struct hist_slot {
    px_hist_input in;
    double *pos, *w;
    PyObject *keep;             /* the bingroup's str */
    int horizontal;
} hist_slot;

static int
hist_input(trace_ctx *t, hist_slot *h)
{
    px_subplot *p = t->p;
    PyObject *x = px_get(t->trace, "x"), *cum = NULL;
    px_axis *pax;
    size_t n = 0, nw = 0;
    int rc = -1;

    memset(h, 0, sizeof *h);
    h->horizontal = x == NULL;
    Py_XDECREF(x);
    pax = p->axis[h->horizontal ? 1 : 0];
    if (axis_bins_input(t, h->horizontal ? "y" : "x", pax, &h->pos, &n, &h->in) < 0)
        goto done;
    if (histfunc_of(t) != PX_HISTFUNC_COUNT
        && px_values_of(t, h->horizontal ? "x" : "y", NULL, &h->w, &nw) < 0)
        goto done;
    if (h->w != NULL && nw < n)
        n = nw;
    h->in.pos = h->pos;
    h->in.weights = h->w;
    h->in.n = h->pos != NULL ? n : 0;
    h->in.func = histfunc_of(t);
    h->in.norm = histnorm_of(t);
    cum = px_get(t->trace, "cumulative");
    if (cum != NULL && px_bool(cum, "enabled", 0)) {
        h->in.cumulative = 1;
        h->in.cumulative_decreasing = px_str_is(cum, "direction", "decreasing", 0);
        h->in.cumulative_currentbin = px_str_is(cum, "currentbin", "exclude", 0) ? 1
                                      : px_str_is(cum, "currentbin", "half", 0) ? 2 : 0;
    }
    h->in.bingroup = px_str(t->trace, "bingroup", &h->keep);
    if (h->in.bingroup == NULL)
        h->in.bingroup = "";
    rc = 0;
done:
    Py_XDECREF(cum);
    return rc;
}

static void
hist_slot_clear(hist_slot *h)
{
    free(h->pos);
    free(h->w);
    Py_XDECREF(h->keep);
    memset(h, 0, sizeof *h);
}

/* The histograms of the subplot, binned together the first time one of
 * them is read (plotly.js bins the traces of one axis together). */
static int
subplot_histograms(trace_ctx *t, px_trace_state *ts)
{
    px_subplot *p = t->p;
    Py_ssize_t k, m = PyList_GET_SIZE(p->traces);
    hist_slot *slots = NULL;
    px_hist_input *in = NULL;
    size_t n = 0, i, j;
    int rc = -1, o;

    slots = calloc((size_t)m + 1, sizeof *slots);
    in = calloc((size_t)m + 1, sizeof *in);
    ts->hist = calloc((size_t)m + 1, sizeof *ts->hist);
    ts->hist_trace = calloc((size_t)m + 1, sizeof *ts->hist_trace);
    ts->hist_horizontal = calloc((size_t)m + 1, sizeof *ts->hist_horizontal);
    if (slots == NULL || in == NULL || ts->hist == NULL || ts->hist_trace == NULL
        || ts->hist_horizontal == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (k = 0; k < m; k++) {
        trace_ctx o2 = *t;
        const char *ty = PyUnicode_AsUTF8(PyList_GET_ITEM(p->types, k));

        if (ty == NULL)
            goto done;
        if (strcmp(ty, "histogram") != 0)
            continue;
        o2.trace = PyList_GET_ITEM(p->traces, k);
        if (hist_input(&o2, &slots[n]) < 0)
            goto done;
        ts->hist_trace[n] = o2.trace;
        ts->hist_horizontal[n] = slots[n].horizontal;
        n++;
    }
    /* Vertical and horizontal histograms are binned on different axes. */
    for (o = 0; o < 2; o++) {
        size_t cnt = 0, *map = malloc((n + 1) * sizeof *map);
        px_hist_output *out = calloc(n + 1, sizeof *out);
        px_axis *pax = p->axis[o ? 1 : 0];

        if (map == NULL || out == NULL) {
            free(map);
            free(out);
            PyErr_NoMemory();
            goto done;
        }
        for (i = 0; i < n; i++)
            if (slots[i].horizontal == o) {
                in[cnt] = slots[i].in;
                map[cnt++] = i;
            }
        if (cnt > 0 && px_histograms(in, cnt, pax != NULL ? pax->type : PX_AXTYPE_LINEAR,
                                      t->r->barmode, out) < 0) {
            /* No bins these inputs can give (or no memory for them): the
             * histograms draw no bars. */
            for (j = 0; j < cnt; j++)
                px_hist_output_clear(&out[j]);
        }
        for (j = 0; j < cnt; j++)
            ts->hist[map[j]] = out[j];
        free(map);
        free(out);
    }
    ts->n_hist = n;
    ts->hist_done = 1;
    rc = 0;
done:
    for (i = 0; i < (size_t)m; i++)
        hist_slot_clear(&slots[i]);
    free(slots);
    free(in);
    return rc;
}

static int
read_histogram(trace_ctx *t)
{
    px_trace_state *ts = px_trace_state_of(t->p);
    px_hist_output *h = NULL;
    px_axis *pax;
    double *pos = NULL, *width = NULL, gap = 0;
    size_t i, count = 0, mine = 0;
    int horizontal = 0, rc = -1;
    const char *barmode;

    if (ts == NULL)
        return -1;
    if (!ts->hist_done && subplot_histograms(t, ts) < 0)
        return -1;
    for (i = 0; i < ts->n_hist && h == NULL; i++)
        if (ts->hist_trace[i] == t->trace) {
            h = &ts->hist[i];
            horizontal = ts->hist_horizontal[i];
        }
    if (h == NULL || h->nbins == 0 || h->edges == NULL)
        return 0;
    /* Its place among the histograms of its orientation (barmode group). */
    for (i = 0; i < ts->n_hist; i++)
        if (ts->hist_horizontal[i] == horizontal) {
            if (ts->hist_trace[i] == t->trace)
                mine = count;
            count++;
        }
    pax = t->p->axis[horizontal ? 1 : 0];
    pos = malloc(h->nbins * sizeof *pos);
    width = malloc(h->nbins * sizeof *width);
    if (pos == NULL || width == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    px_number(t->r->layout, "bargap", &gap);
    for (i = 0; i < h->nbins; i++) {
        double lo = h->edges[i], hi = h->edges[i + 1];

        if (pax != NULL && pax->type == PX_AXTYPE_DATE) {
            lo /= MS_PER_DAY;
            hi /= MS_PER_DAY;
        }
        pos[i] = (lo + hi) / 2;
        width[i] = (hi - lo) * (1 - gap);
    }
    barmode = t->r->barmode;
    if (strcmp(barmode, "group") == 0 && count > 1) {
        /* Side by side within each bin. */
        for (i = 0; i < h->nbins; i++) {
            double w = width[i] / (double)count;

            pos[i] = pos[i] - width[i] / 2 + w * ((double)mine + 0.5);
            width[i] = w;
        }
    }
    rc = emit_bars(t, pos, h->values, width, NULL, h->nbins, horizontal, 1, 1, 0,
                   strcmp(barmode, "group") == 0 ? "overlay" : barmode);
done:
    free(pos);
    free(width);
    return rc;
}

/* --------------------------------------------------------------- pie */

typedef struct slice {
    PyObject *label;    /* borrowed from the labels' list, or owned text */
    double value;
    size_t first;       /* order of first appearance */
} slice;

static int
slice_order(const void *pa, const void *pb)
{
    const slice *a = pa, *b = pb;

    if (a->value != b->value)
        return a->value > b->value ? -1 : 1;
    return a->first < b->first ? -1 : a->first > b->first;
}

static int
read_pie(trace_ctx *t)
{
    preader *r = t->r;
    PyObject *labels = px_get(t->trace, "labels"), *lseq = NULL, *index = NULL;
    PyObject *title = NULL, *made = NULL;
    double *vals = NULL, total = 0, rot = 0, start, at;
    size_t nv = 0, nl = 0, n, i, ns = 0;
    slice *sl = NULL;
    int clockwise, sort, rc = -1;
    chartex_artist *a;

    if (px_values_of(t, "values", NULL, &vals, &nv) < 0)
        goto done;
    if (labels != NULL && !PyUnicode_Check(labels)) {
        lseq = PySequence_Fast(labels, "");
        if (lseq == NULL) {
            PyErr_Clear();
        }
        else
            nl = (size_t)PySequence_Fast_GET_SIZE(lseq);
    }
    n = vals != NULL ? (lseq != NULL ? (nl > nv ? nl : nv) : nv) : nl;
    if (n == 0)
        goto ok;
    made = PyList_New(0);
    index = PyDict_New();
    sl = calloc(n, sizeof *sl);
    if (made == NULL || index == NULL || sl == NULL) {
        if (sl == NULL)
            PyErr_NoMemory();
        goto done;
    }
    /* plotly.js adds up the values of equal labels (counting the labels
     * when no values are given); labels past the values count nothing. */
    for (i = 0; i < n; i++) {
        PyObject *lab, *key, *pos;
        double v = vals != NULL ? (i < nv ? vals[i] : NAN) : 1;
        double l0 = 0, dl = 1;

        if (lseq != NULL && i < nl && PySequence_Fast_GET_ITEM(lseq, i) != Py_None)
            lab = PySequence_Fast_GET_ITEM(lseq, i);
        else {
            px_number(t->trace, "label0", &l0);
            px_number(t->trace, "dlabel", &dl);
            double lv = l0 + dl * (double)i;

            /* plotly.js names these slices by the number's text. */
            if (lv == floor(lv) && fabs(lv) < 1e15)
                lab = PyUnicode_FromFormat("%lld", (long long)lv);
            else {
                PyObject *f = PyFloat_FromDouble(lv);

                lab = f != NULL ? PyObject_Str(f) : NULL;
                Py_XDECREF(f);
            }
            if (lab == NULL || PyList_Append(made, lab) < 0) {
                Py_XDECREF(lab);
                goto done;
            }
            Py_DECREF(lab);
        }
        if (!PyUnicode_Check(lab)) {
            key = PyObject_Str(lab);
            if (key == NULL || PyList_Append(made, key) < 0) {
                Py_XDECREF(key);
                goto done;
            }
            Py_DECREF(key);
            lab = key;
        }
        if (!(isfinite(v) && v >= 0))
            continue;     /* plotly.js draws no negative or missing value */
        pos = PyDict_GetItemWithError(index, lab);
        if (pos != NULL) {
            sl[PyLong_AsSize_t(pos)].value += v;
            continue;
        }
        if (PyErr_Occurred())
            goto done;
        pos = PyLong_FromSize_t(ns);
        if (pos == NULL || PyDict_SetItem(index, lab, pos) < 0) {
            Py_XDECREF(pos);
            goto done;
        }
        Py_DECREF(pos);
        sl[ns].label = lab;
        sl[ns].value = v;
        sl[ns].first = ns;
        ns++;
    }
    sort = px_bool(t->trace, "sort", 1);
    if (sort)
        qsort(sl, ns, sizeof *sl, slice_order);
    clockwise = !px_str_is(t->trace, "direction", "counterclockwise", 0);
    px_number(t->trace, "rotation", &rot);
    for (i = 0; i < ns; i++)
        total += sl[i].value;
    if (!(total > 0))
        goto ok;
    start = 90 - rot;     /* plotly.js: the first slice starts at 12 o'clock */
    at = start;
    for (i = 0; i < ns; i++) {
        double ang = sl[i].value / total * 360, t1, t2;

        if (clockwise) {
            t2 = at;
            t1 = at - ang;
            at = t1;
        }
        else {
            t1 = at;
            t2 = at + ang;
            at = t2;
        }
        a = chartex_axes_add_artist(t->p->axes, CHARTEX_ARTIST_WEDGE, &r->err);
        if (a == NULL || chartex_artist_set_class(a, "plotly.pie", 10, &r->err) < 0) {
            px_core_fail(r);
            goto done;
        }
        chartex_artist_set_wedge(a, t1, t2, 1.0);
        SET_TEXT(r, sl[i].label, chartex_artist_set_label(a, s, len, &r->err));
    }
    /* A pie's own title names its Axes. */
    title = px_title(t->trace, "title");
    if (title != NULL)
        SET_TEXT(r, title, chartex_axes_set_title(t->p->axes, CHARTEX_TITLE_CENTER, s, len,
                                                  &r->err));
ok:
    rc = 0;
done:
    free(vals);
    free(sl);
    Py_XDECREF(labels);
    Py_XDECREF(lseq);
    Py_XDECREF(index);
    Py_XDECREF(made);
    Py_XDECREF(title);
    return rc;
}

/* ------------------------------------------------------- box, violin */

/* A line of n points (x and y interleaved in xy) for a box's part. */
static int
box_line(trace_ctx *t, const double *xy, size_t n, int horizontal, unsigned flags,
         unsigned long group)
{
    chartex_artist *a = px_new_artist(t, CHARTEX_ARTIST_LINE, CHARTEX_ROLE_DATA, flags, group, 0);
    double *sw = NULL;
    size_t i;
    int rc = -1;

    if (a == NULL)
        return -1;
    if (horizontal) {
        sw = malloc((n ? 2 * n : 1) * sizeof *sw);
        if (sw == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        for (i = 0; i < n; i++) {
            sw[2 * i] = xy[2 * i + 1];
            sw[2 * i + 1] = xy[2 * i];
        }
        xy = sw;
    }
    if (chartex_artist_set_points(a, n, xy, &t->r->err) < 0)
        px_core_fail(t->r);
    else
        rc = 0;
    free(sw);
    return rc;
}

/* One box drawn as matplotlib's bxp draws it: whiskers, caps, box,
 * median, outliers (marker only), at centre c with width w. */
static int
draw_box(trace_ctx *t, double c, double w, const px_box_stats *s, int horizontal)
{
    double l = c - w / 2, rr = c + w / 2, cw = w / 4;
    double whisk1[4] = {c, s->q1, c, s->lowerfence};
    double whisk2[4] = {c, s->q3, c, s->upperfence};
    double cap1[4] = {c - cw, s->lowerfence, c + cw, s->lowerfence};
    double cap2[4] = {c - cw, s->upperfence, c + cw, s->upperfence};
    double box[10] = {l, s->q1, rr, s->q1, rr, s->q3, l, s->q3, l, s->q1};
    double med[4] = {l, s->median, rr, s->median};
    double *fl = NULL;
    size_t i;
    int rc = -1;

    fl = malloc((s->n_outliers ? 2 * s->n_outliers : 1) * sizeof *fl);
    if (fl == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (i = 0; i < s->n_outliers; i++) {
        fl[2 * i] = c;
        fl[2 * i + 1] = s->outliers[i];
    }
    if (box_line(t, whisk1, 2, horizontal, 0, 0) < 0
        || box_line(t, whisk2, 2, horizontal, 0, 0) < 0
        || box_line(t, cap1, 2, horizontal, 0, 0) < 0
        || box_line(t, cap2, 2, horizontal, 0, 0) < 0
        || box_line(t, box, 5, horizontal, 0, 0) < 0
        || box_line(t, med, 2, horizontal, 0, 0) < 0
        || box_line(t, fl, s->n_outliers, horizontal,
                    CHARTEX_LINE_NO_LINE | CHARTEX_LINE_MARKER, 0) < 0)
        goto done;
    rc = 0;
done:
    free(fl);
    return rc;
}

static px_quartile_method
quartile_method(trace_ctx *t)
{
    if (px_str_is(t->trace, "quartilemethod", "exclusive", 0))
        return PX_QUARTILE_EXCLUSIVE;
    if (px_str_is(t->trace, "quartilemethod", "inclusive", 0))
        return PX_QUARTILE_INCLUSIVE;
    return PX_QUARTILE_LINEAR;
}

static px_boxpoints
boxpoints_of(trace_ctx *t, const char *key)
{
    PyObject *v = px_get(t->trace, key);
    px_boxpoints b = PX_BOXPOINTS_OUTLIERS;

    if (v == Py_False)
        b = PX_BOXPOINTS_FALSE;
    else if (v != NULL && PyUnicode_Check(v)) {
        const char *s = PyUnicode_AsUTF8(v);

        if (s == NULL)
            PyErr_Clear();
        else if (strcmp(s, "all") == 0)
            b = PX_BOXPOINTS_ALL;
        else if (strcmp(s, "suspectedoutliers") == 0)
            b = PX_BOXPOINTS_SUSPECTED;
        else if (strcmp(s, "false") == 0)
            b = PX_BOXPOINTS_FALSE;
    }
    Py_XDECREF(v);
    return b;
}

/* Box and violin traces: boxes from the samples grouped by position, or
 * from given statistics (q1, median, q3, ...). */
static int
read_box(trace_ctx *t)
{
    px_subplot *p = t->p;
    int horizontal = px_str_is(t->trace, "orientation", "h", 0);
    int violin = strcmp(t->type, "violin") == 0;
    px_axis *pax = p->axis[horizontal ? 1 : 0], *vax = p->axis[horizontal ? 0 : 1];
    double *pos = NULL, *val = NULL, *q1 = NULL, *med = NULL, *q3 = NULL, *lf = NULL,
           *uf = NULL, *sorted = NULL, *group = NULL, c0, width, dpos = 1;
    size_t npos = 0, nval = 0, nq1 = 0, nmed = 0, nq3 = 0, nlf = 0, nuf = 0, i, j, k;
    size_t count = 0, mine = 0;
    Py_ssize_t m;
    px_box_stats s;
    int rc = -1, named;
    PyObject *mode_keep = NULL;
    const char *mode;

    memset(&s, 0, sizeof s);
    if (px_values_of(t, horizontal ? "y" : "x", pax, &pos, &npos) < 0
        || px_values_of(t, horizontal ? "x" : "y", vax, &val, &nval) < 0
        || px_values_of(t, "q1", vax, &q1, &nq1) < 0 || px_values_of(t, "median", vax, &med, &nmed) < 0
        || px_values_of(t, "q3", vax, &q3, &nq3) < 0
        || px_values_of(t, "lowerfence", vax, &lf, &nlf) < 0
        || px_values_of(t, "upperfence", vax, &uf, &nuf) < 0)
        goto done;
    /* Where a box stands without positions: its name on a category axis,
     * else x0 (y0). */
    named = pos == NULL && !px_number(t->trace, horizontal ? "y0" : "x0", &c0);
    if (pos == NULL && named) {
        double idx = NAN;

        if (pax != NULL && pax->type == PX_AXTYPE_CATEGORY
            && px_category(t->r, pax, t->name, &idx) < 0)
            goto done;
        c0 = isfinite(idx) ? idx : (double)t->index;
    }
    /* Side by side with the other boxes of the subplot (boxmode group). */
    mode = px_str(t->r->layout, violin ? "violinmode" : "boxmode", &mode_keep);
    for (m = 0; m < PyList_GET_SIZE(p->traces); m++) {
        const char *ty = PyUnicode_AsUTF8(PyList_GET_ITEM(p->types, m));

        if (ty == NULL)
            goto done;
        if (strcmp(ty, t->type) != 0)
            continue;
        if (PyList_GET_ITEM(p->traces, m) == t->trace)
            mine = count;
        count++;
    }
    if (pos != NULL && npos > 1) {
        sorted = malloc(npos * sizeof *sorted);
        if (sorted == NULL) {
            PyErr_NoMemory();
            goto done;
        }
        memcpy(sorted, pos, npos * sizeof *sorted);
        dpos = px_min_spacing(sorted, npos);
    }
    width = dpos * (1 - BOXGAP);
    if (mode != NULL && strcmp(mode, "group") == 0 && count > 1)
        width /= (double)count;
    else
        count = 1, mine = 0;
    /* In group mode, box `mine` of `count` sits in its slot of the group. */
#define CENTRE(pv) ((pv) - dpos * (1 - BOXGAP) / 2 + width * ((double)mine + 0.5))
    if (q1 != NULL && med != NULL && q3 != NULL) {
        /* Given statistics, one box per entry. */
        size_t nb = nq1 < nmed ? nq1 : nmed;

        if (nq3 < nb)
            nb = nq3;
        for (i = 0; i < nb; i++) {
            double cpos = pos != NULL ? (i < npos ? pos[i] : NAN) : c0 + (double)i;

            if (!isfinite(cpos) || !isfinite(q1[i]) || !isfinite(med[i]) || !isfinite(q3[i]))
                continue;
            s.q1 = q1[i];
            s.median = med[i];
            s.q3 = q3[i];
            s.lowerfence = lf != NULL && i < nlf && isfinite(lf[i]) ? lf[i] : q1[i];
            s.upperfence = uf != NULL && i < nuf && isfinite(uf[i]) ? uf[i] : q3[i];
            s.min = s.lowerfence;
            s.max = s.upperfence;
            s.n_outliers = 0;
            if (draw_box(t, count > 1 ? CENTRE(cpos) : cpos, width, &s, horizontal) < 0)
                goto done;
        }
        goto ok;
    }
    if (val == NULL)
        goto ok;
    /* Samples: one box per distinct position, in order of position. */
    group = malloc((nval ? nval : 1) * sizeof *group);
    if (group == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    if (pos == NULL) {
        if (px_box_from_samples(val, nval, quartile_method(t), boxpoints_of(t, "boxpoints"),
                                 &s) == 0) {
            if (draw_box(t, c0, width, &s, horizontal) < 0)
                goto done;
            px_box_stats_clear(&s);
        }
        goto ok;
    }
    /* Sort (position, value) pairs by position: each run is one box. */
    {
        size_t np = npos < nval ? npos : nval, run;
        double *pairs = malloc((np ? 2 * np : 1) * sizeof *pairs);

        if (pairs == NULL) {
            PyErr_NoMemory();
            goto done;
        }
        for (i = 0, j = 0; i < np; i++)
            if (isfinite(pos[i])) {
                pairs[2 * j] = pos[i];
                pairs[2 * j + 1] = val[i];
                j++;
            }
        np = j;
        qsort(pairs, np, 2 * sizeof *pairs, px_cmp_double);
        for (i = 0; i < np; i = run) {
            double here = pairs[2 * i];

            for (run = i, k = 0; run < np && pairs[2 * run] == here; run++)
                group[k++] = pairs[2 * run + 1];
            if (px_box_from_samples(group, k, quartile_method(t),
                                     boxpoints_of(t, violin ? "points" : "boxpoints"), &s) != 0)
                continue;
            rc = draw_box(t, count > 1 ? CENTRE(here) : here, width, &s, horizontal);
            px_box_stats_clear(&s);
            if (rc < 0) {
                free(pairs);
                goto done;
            }
            rc = -1;
        }
        free(pairs);
    }
#undef CENTRE
ok:
    rc = 0;
done:
    px_box_stats_clear(&s);
    free(pos);
    free(val);
    free(q1);
    free(med);
    free(q3);
    free(lf);
    free(uf);
    free(sorted);
    free(group);
    Py_XDECREF(mode_keep);
    return rc;
}

/* ------------------------------------------------- heatmap, contour */

/* Cell edges from n positions for cells cells: the positions themselves
 * (n == cells + 1), midpoints between centres (n == cells, plotly.js's
 * makeBoundArray), or i - 0.5 from p0/dp when none are given. */
static double *
cell_edges(trace_ctx *t, const double *v, size_t n, size_t cells, const char *k0,
           const char *kd)
{
    double *e = malloc((cells + 1) * sizeof *e), p0 = 0, dp = 1;
    size_t i;

    if (e == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    if (v != NULL && n == cells + 1) {
        memcpy(e, v, (cells + 1) * sizeof *e);
        return e;
    }
    if (v != NULL && n >= cells && cells >= 2) {
        for (i = 1; i < cells; i++)
            e[i] = (v[i - 1] + v[i]) / 2;
        e[0] = v[0] - (e[1] - v[0]);
        e[cells] = v[cells - 1] + (v[cells - 1] - e[cells - 1]);
        return e;
    }
    if (v != NULL && n >= 1 && cells == 1) {
        e[0] = v[0] - 0.5;
        e[1] = v[0] + 0.5;
        return e;
    }
    px_number(t->trace, k0, &p0);
    px_number(t->trace, kd, &dp);
    for (i = 0; i <= cells; i++)
        e[i] = p0 + dp * ((double)i - 0.5);
    return e;
}

/* plotly.js's automatic contour levels: ncontours (15) steps of a round
 * size (1, 2 or 5 times a power of ten, at least (zmax - zmin) /
 * ncontours) between zmin and zmax, ends excluded. */
static size_t
auto_levels(double zmin, double zmax, long ncontours, double *lv, size_t cap)
{
    double rough = (zmax - zmin) / (double)(ncontours > 0 ? ncontours : NCONTOURS);
    double base, x, size, start, end, v;
    size_t n = 0;

    if (!(isfinite(rough) && rough > 0))
        return 0;
    base = pow(10, floor(log10(rough)));
    x = rough / base;
    size = base * (x > 5 ? 10 : x > 2 ? 5 : x > 1 ? 2 : 1);
    start = ceil(zmin / size) * size;
    end = floor(zmax / size) * size;
    if (start <= zmin)
        start += size;
    if (end >= zmax)
        end -= size;
    for (v = start; v <= end + size * 1e-9 && n < cap; v = start + size * (double)n)
        lv[n++] = fabs(v) < size * 1e-9 ? 0 : v;
    return n;
}


/* Where level lv crosses grid edge id (see iso_lines) into xy[0..1]. */
static int
edge_point(const double *z, size_t rows, size_t cols, const double *xs, const double *ys,
           double lv, size_t id, double *xy)
{
    size_t ei, ej;
    double za, zb, f, xa, ya, xb, yb;

    if (id < rows * cols) {
        ei = id / cols;
        ej = id % cols;
        if (ej + 1 >= cols)
            return 0;
        za = z[ei * cols + ej];
        zb = z[ei * cols + ej + 1];
        xa = xs[ej];
        xb = xs[ej + 1];
        ya = yb = ys[ei];
    }
    else {
        id -= rows * cols;
        ei = id / cols;
        ej = id % cols;
        if (ei + 1 >= rows)
            return 0;
        za = z[ei * cols + ej];
        zb = z[(ei + 1) * cols + ej];
        ya = ys[ei];
        yb = ys[ei + 1];
        xa = xb = xs[ej];
    }
    f = zb != za ? (lv - za) / (zb - za) : 0.5;
    xy[0] = xa + f * (xb - xa);
    xy[1] = ya + f * (yb - ya);
    return 1;
}

/* The iso-lines of level lv through the grid z (rows x cols samples at
 * xs[j], ys[i]): marching squares, the crossings joined into polylines
 * through the grid edges they share, each added as one path of the
 * level.  plotly.js draws the same lines (and fills between them). */
static int
iso_lines(trace_ctx *t, chartex_artist *a, size_t level, double lv, const double *z,
          size_t rows, size_t cols, const double *xs, const double *ys)
{
    /* A crossing is identified by its grid edge: horizontal edges
     * (i, j)-(i, j+1) are i * cols + j, vertical ones (i, j)-(i+1, j) are
     * rows * cols + i * cols + j. */
    size_t n_edges = 2 * rows * cols, cap = 0, n_seg = 0, i, j, k;
    size_t *seg = NULL;            /* two edge ids per segment */
    size_t *link = NULL;           /* per edge: up to two segments (+1), 0 none */
    unsigned char *used = NULL;
    size_t *chain = NULL, *back = NULL;
    double *xy = NULL;
    int rc = -1;

#define HE(i, j) ((i) * cols + (j))
#define VE(i, j) (rows * cols + (i) * cols + (j))
    if (rows < 2 || cols < 2)
        return 0;
    link = calloc(2 * n_edges, sizeof *link);
    if (link == NULL)
        goto nomem;
    for (i = 0; i + 1 < rows; i++)
        for (j = 0; j + 1 < cols; j++) {
            double v0 = z[i * cols + j], v1 = z[i * cols + j + 1];
            double v2 = z[(i + 1) * cols + j + 1], v3 = z[(i + 1) * cols + j];
            int c = (v0 > lv) | (v1 > lv) << 1 | (v2 > lv) << 2 | (v3 > lv) << 3;
            size_t e[4] = {HE(i, j), VE(i, j + 1), HE(i + 1, j), VE(i, j)};
            size_t pairs[4];
            int np = 0, q;

            if (!(isfinite(v0) && isfinite(v1) && isfinite(v2) && isfinite(v3)))
                continue;
            switch (c) {
            case 0: case 15: break;
            case 1: case 14: pairs[0] = e[3]; pairs[1] = e[0]; np = 1; break;
            case 2: case 13: pairs[0] = e[0]; pairs[1] = e[1]; np = 1; break;
            case 3: case 12: pairs[0] = e[3]; pairs[1] = e[1]; np = 1; break;
            case 4: case 11: pairs[0] = e[1]; pairs[1] = e[2]; np = 1; break;
            case 6: case 9: pairs[0] = e[0]; pairs[1] = e[2]; np = 1; break;
            case 7: case 8: pairs[0] = e[3]; pairs[1] = e[2]; np = 1; break;
            case 5: case 10: {
                /* A saddle: the centre's mean decides which corners join. */
                int centre_high = (v0 + v1 + v2 + v3) / 4 > lv;

                if ((c == 5) == centre_high) {
                    pairs[0] = e[3]; pairs[1] = e[2]; pairs[2] = e[0]; pairs[3] = e[1];
                }
                else {
                    pairs[0] = e[3]; pairs[1] = e[0]; pairs[2] = e[1]; pairs[3] = e[2];
                }
                np = 2;
                break;
            }
            }
            for (q = 0; q < np; q++) {
                size_t a0 = pairs[2 * q], b0 = pairs[2 * q + 1];

                if (n_seg == cap) {
                    size_t *grown;

                    cap = cap ? 2 * cap : 256;
                    grown = realloc(seg, 2 * cap * sizeof *seg);
                    if (grown == NULL)
                        goto nomem;
                    seg = grown;
                }
                seg[2 * n_seg] = a0;
                seg[2 * n_seg + 1] = b0;
                link[2 * a0 + (link[2 * a0] != 0)] = n_seg + 1;
                link[2 * b0 + (link[2 * b0] != 0)] = n_seg + 1;
                n_seg++;
            }
        }
    if (n_seg == 0) {
        rc = 0;
        goto done;
    }
    used = calloc(n_seg, 1);
    xy = malloc(2 * (n_seg + 2) * sizeof *xy);
    chain = malloc((n_seg + 2) * sizeof *chain);
    back = malloc((n_seg + 2) * sizeof *back);
    if (used == NULL || xy == NULL || chain == NULL || back == NULL)
        goto nomem;
    for (k = 0; k < n_seg; k++) {
        size_t nf = 0, nb = 0, len, w, end, cur;
        int dir;

        if (used[k])
            continue;
        used[k] = 1;
        /* Grow the chain of edges from both ends of segment k through the
         * segments that share an edge (each edge has at most two). */
        for (dir = 0; dir < 2; dir++) {
            size_t *out = dir == 0 ? chain : back, *nout = dir == 0 ? &nf : &nb;

            end = seg[2 * k + (dir == 0)];
            cur = k;
            for (;;) {
                size_t s1 = link[2 * end], s2 = link[2 * end + 1], nx = 0;

                if (s1 != 0 && s1 - 1 != cur && !used[s1 - 1])
                    nx = s1;
                else if (s2 != 0 && s2 - 1 != cur && !used[s2 - 1])
                    nx = s2;
                out[(*nout)++] = end;
                if (nx == 0)
                    break;
                cur = nx - 1;
                used[cur] = 1;
                end = seg[2 * cur] == end ? seg[2 * cur + 1] : seg[2 * cur];
            }
        }
        /* back (reversed) then chain: the whole line in order. */
        len = 0;
        /* (A level through a sample gives one point twice: kept once.) */
#define PUT_EDGE(id)                                                         \
        if (edge_point(z, rows, cols, xs, ys, lv, (id), &xy[2 * len])        \
            && !(len > 0 && xy[2 * len] == xy[2 * len - 2]                   \
                 && xy[2 * len + 1] == xy[2 * len - 1]))                     \
            len++;
        for (w = nb; w-- > 0;) {
            PUT_EDGE(back[w]);
        }
        for (w = 0; w < nf; w++) {
            PUT_EDGE(chain[w]);
        }
#undef PUT_EDGE
        if (len >= 2 && chartex_artist_add_level_path(a, level, len, xy, &t->r->err) < 0) {
            px_core_fail(t->r);
            goto done;
        }
    }
    rc = 0;
    goto done;
nomem:
    PyErr_NoMemory();
done:
    free(seg);
    free(link);
    free(used);
    free(chain);
    free(back);
    free(xy);
    return rc;
#undef HE
#undef VE
}

/* The mesh image of a rows x cols grid z (row by row from the bottom)
 * between edges xe (cols + 1) and ye (rows + 1): its colour scale from
 * z's finite range or zmin / zmax, the colorbar's title; *zmin / *zmax
 * receive the scale's ends (infinite when z has no finite value). */
static int
grid_image(trace_ctx *t, const double *z, size_t rows, size_t cols, const double *xe,
           const double *ye, double *zmin, double *zmax)
{
    preader *r = t->r;
    PyObject *cb = NULL, *ctitle = NULL;
    chartex_artist *a;
    double extent[4], v;
    size_t i;
    int rc = -1;

    *zmin = INFINITY;
    *zmax = -INFINITY;
    for (i = 0; i < rows * cols; i++)
        if (isfinite(z[i])) {
            *zmin = fmin(*zmin, z[i]);
            *zmax = fmax(*zmax, z[i]);
        }
    if (px_number(t->trace, "zmin", &v))
        *zmin = v;
    if (px_number(t->trace, "zmax", &v))
        *zmax = v;
    extent[0] = xe[0];
    extent[1] = xe[cols];
    extent[2] = ye[0];
    extent[3] = ye[rows];
    a = px_new_artist(t, CHARTEX_ARTIST_IMAGE, CHARTEX_ROLE_DATA, CHARTEX_IMAGE_ORIGIN_LOWER, 0, 1);
    if (a == NULL)
        goto done;
    if (chartex_artist_set_image(a, rows, cols, z, extent, &r->err) < 0
        || chartex_artist_set_mesh_edges(a, cols + 1, xe, rows + 1, ye, &r->err) < 0
        || chartex_artist_set_color_scale(a, isfinite(*zmin) ? *zmin : NAN,
                                          isfinite(*zmax) ? *zmax : NAN, "linear", 6,
                                          &r->err) < 0) {
        px_core_fail(r);
        goto done;
    }
    cb = px_get(t->trace, "colorbar");
    ctitle = px_title(cb, "title");
    if (ctitle != NULL)
        SET_TEXT(r, ctitle, chartex_artist_set_colorbar_label(a, s, len, &r->err));
    rc = 0;
done:
    Py_XDECREF(cb);
    Py_XDECREF(ctitle);
    return rc;
}

static int
read_grid(trace_ctx *t, int contour)
{
    preader *r = t->r;
    px_subplot *p = t->p;
    PyObject *zobj = px_get(t->trace, "z"), *contours = NULL;
    double *z = NULL, *x = NULL, *y = NULL, *xe = NULL, *ye = NULL, *zt = NULL;
    double *xs = NULL, *ys = NULL;
    double zmin = INFINITY, zmax = -INFINITY, v, lv[1024];
    size_t rows = 0, cols = 0, nx = 0, ny = 0, i, j, nl = 0;
    chartex_artist *a;
    int rc = -1;

    if (px_grid(r, zobj, &z, &rows, &cols) < 0)
        goto done;
    if (z == NULL || rows == 0 || cols == 0)
        goto ok;
    if (px_bool(t->trace, "transpose", 0)) {
        zt = malloc(rows * cols * sizeof *zt);
        if (zt == NULL) {
            PyErr_NoMemory();
            goto done;
        }
        for (i = 0; i < rows; i++)
            for (j = 0; j < cols; j++)
                zt[j * rows + i] = z[i * cols + j];
        free(z);
        z = zt;
        zt = NULL;
        i = rows;
        rows = cols;
        cols = i;
    }
    if (px_values_of(t, "x", p->axis[0], &x, &nx) < 0 || px_values_of(t, "y", p->axis[1], &y, &ny) < 0)
        goto done;
    xe = cell_edges(t, x, nx, cols, "x0", "dx");
    ye = cell_edges(t, y, ny, rows, "y0", "dy");
    if (xe == NULL || ye == NULL)
        goto done;
    if (grid_image(t, z, rows, cols, xe, ye, &zmin, &zmax) < 0)
        goto done;
    if (contour) {
        double start, end, size, nc = NCONTOURS;

        contours = px_get(t->trace, "contours");
        if (px_number(contours, "start", &start) && px_number(contours, "end", &end)
            && px_number(contours, "size", &size) && size > 0 && end >= start) {
            for (v = start; v <= end + size * 1e-9 && nl < sizeof lv / sizeof lv[0];
                 v = start + size * (double)nl)
                lv[nl++] = v;
        }
        else {
            px_number(t->trace, "ncontours", &nc);
            nl = auto_levels(zmin, zmax, (long)nc, lv, sizeof lv / sizeof lv[0]);
        }
        /* The paths given are the lines at each level (plotly.js fills
         * between them for coloring "fill" / "heatmap"): not FILLED. */
        a = px_new_artist(t, CHARTEX_ARTIST_CONTOUR, CHARTEX_ROLE_DATA, 0, 0, 1);
        if (a == NULL)
            goto done;
        if (chartex_artist_set_levels(a, nl, lv, &r->err) < 0
            || chartex_artist_set_color_scale(a, isfinite(zmin) ? zmin : NAN,
                                              isfinite(zmax) ? zmax : NAN, "linear", 6,
                                              &r->err) < 0) {
            px_core_fail(r);
            goto done;
        }
        xs = malloc(cols * sizeof *xs);
        ys = malloc(rows * sizeof *ys);
        if (xs == NULL || ys == NULL) {
            PyErr_NoMemory();
            goto done;
        }
        for (j = 0; j < cols; j++)
            xs[j] = (xe[j] + xe[j + 1]) / 2;
        for (i = 0; i < rows; i++)
            ys[i] = (ye[i] + ye[i + 1]) / 2;
        if (x != NULL && nx == cols)
            memcpy(xs, x, cols * sizeof *xs);
        if (y != NULL && ny == rows)
            memcpy(ys, y, rows * sizeof *ys);
        /* The lines cost a pass over the grid per level: past 5e7 cells
         * visited they are not drawn here (the levels and the grid are). */
        if ((double)nl * (double)rows * (double)cols <= 5e7)
            for (i = 0; i < nl; i++)
                if (iso_lines(t, a, i, lv[i], z, rows, cols, xs, ys) < 0)
                    goto done;
    }
ok:
    rc = 0;
done:
    free(z);
    free(zt);
    free(x);
    free(y);
    free(xe);
    free(ye);
    free(xs);
    free(ys);
    Py_XDECREF(zobj);
    Py_XDECREF(contours);
    return rc;
}

/* A histogram2d: the grid plotly.js bins from x and y (stats.h's
 * px_histogram2d), drawn as a heatmap's.  Bins no input can give (no
 * finite pair, more cells than px_histogram2d makes) draw nothing. */
static int
read_histogram2d(trace_ctx *t)
{
    px_subplot *p = t->p;
    PyObject *marker = NULL;
    px_hist2d_input in;
    px_hist2d_output out;
    double *xp = NULL, *yp = NULL, *z = NULL, zmin, zmax;
    size_t nx = 0, ny = 0, i, d;
    int rc = -1;

    memset(&in, 0, sizeof in);
    memset(&out, 0, sizeof out);
    if (axis_bins_input(t, "x", p->axis[0], &xp, &nx, &in.x) < 0
        || axis_bins_input(t, "y", p->axis[1], &yp, &ny, &in.y) < 0)
        goto done;
    if (xp == NULL || yp == NULL)
        goto ok;
    in.x.pos = xp;
    in.x.n = nx;
    in.y.pos = yp;
    in.y.n = ny;
    /* histfunc aggregates z, or else an array marker.color */
    if (px_values_of(t, "z", NULL, &z, &in.nz) < 0)
        goto done;
    if (z == NULL) {
        trace_ctx mt = *t;      /* the marker read as the trace is */

        marker = px_get(t->trace, "marker");
        mt.trace = marker;
        mt.name = NULL;
        if (marker != NULL && px_values_of(&mt, "color", NULL, &z, &in.nz) < 0)
            goto done;
    }
    in.z = z;
    in.func = z != NULL ? histfunc_of(t) : PX_HISTFUNC_COUNT;
    in.norm = histnorm_of(t);
    if (px_histogram2d(&in, p->axis[0] != NULL ? p->axis[0]->type : PX_AXTYPE_LINEAR,
                        p->axis[1] != NULL ? p->axis[1]->type : PX_AXTYPE_LINEAR, &out) < 0
        || out.nx == 0 || out.ny == 0)
        goto ok;
    for (d = 0; d < 2; d++) {
        px_axis *ax = p->axis[d];
        double *e = d ? out.yedges : out.xedges;
        size_t ne = (d ? out.ny : out.nx) + 1;

        if (ax != NULL && ax->type == PX_AXTYPE_DATE)
            for (i = 0; i < ne; i++)
                e[i] /= MS_PER_DAY;
    }
    if (grid_image(t, out.values, out.ny, out.nx, out.xedges, out.yedges, &zmin, &zmax) < 0)
        goto done;
ok:
    rc = 0;
done:
    px_hist2d_output_clear(&out);
    free(xp);
    free(yp);
    free(z);
    Py_XDECREF(marker);
    return rc;
}

/* ------------------------------------------------------------ surface */

/* A surface's cells as quadrilaterals with their z (x, y: 1-D per column
 * and row, or 2-D like z). */
static int
read_surface(trace_ctx *t)
{
    preader *r = t->r;
    PyObject *zobj = px_get(t->trace, "z"), *xobj = px_get(t->trace, "x");
    PyObject *yobj = px_get(t->trace, "y");
    double *z = NULL, *x = NULL, *y = NULL, quad[8], qz[4];
    size_t rows = 0, cols = 0, xr = 0, xc = 0, yr = 0, yc = 0, i, j, k, n_poly = 0;
    chartex_artist *a;
    double *zall = NULL;
    int rc = -1;

    if (px_grid(r, zobj, &z, &rows, &cols) < 0)
        goto done;
    if (z == NULL || rows < 2 || cols < 2)
        goto ok;
    /* x and y: 2-D grids like z, or 1-D (x per column, y per row). */
    if (xobj != NULL && PySequence_Check(xobj) && PySequence_Size(xobj) > 0) {
        PyObject *first = PySequence_GetItem(xobj, 0);
        int two_d = first != NULL && !PyUnicode_Check(first) && PySequence_Check(first);

        Py_XDECREF(first);
        PyErr_Clear();
        if (two_d ? px_grid(r, xobj, &x, &xr, &xc) < 0
                  : px_values(r, xobj, t->p->axis[0], &x, &xc) < 0)
            goto done;
        if (!two_d)
            xr = 0;
    }
    if (yobj != NULL && PySequence_Check(yobj) && PySequence_Size(yobj) > 0) {
        PyObject *first = PySequence_GetItem(yobj, 0);
        int two_d = first != NULL && !PyUnicode_Check(first) && PySequence_Check(first);

        Py_XDECREF(first);
        PyErr_Clear();
        if (two_d ? px_grid(r, yobj, &y, &yr, &yc) < 0
                  : px_values(r, yobj, t->p->axis[1], &y, &yc) < 0)
            goto done;
        if (!two_d) {
            yr = yc;
            yc = 0;
        }
    }
#define XAT(i, j) (x == NULL ? (double)(j) : xr > 0 ? (xr == rows && xc == cols ? x[(i) * cols + (j)] : NAN) : ((j) < xc ? x[j] : NAN))
#define YAT(i, j) (y == NULL ? (double)(i) : yc > 0 ? (yr == rows && yc == cols ? y[(i) * cols + (j)] : NAN) : ((i) < yr ? y[i] : NAN))
    a = px_new_artist(t, CHARTEX_ARTIST_AREA, CHARTEX_ROLE_DATA, 0, 0, 1);
    if (a == NULL)
        goto done;
    zall = malloc((rows - 1) * (cols - 1) * 4 * sizeof *zall);
    if (zall == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (i = 0; i + 1 < rows; i++)
        for (j = 0; j + 1 < cols; j++) {
            size_t ii[4] = {i, i, i + 1, i + 1}, jj[4] = {j, j + 1, j + 1, j};

            for (k = 0; k < 4; k++) {
                quad[2 * k] = XAT(ii[k], jj[k]);
                quad[2 * k + 1] = YAT(ii[k], jj[k]);
                qz[k] = z[ii[k] * cols + jj[k]];
            }
            if (chartex_artist_add_polygon(a, 4, quad, &r->err) < 0) {
                px_core_fail(r);
                goto done;
            }
            memcpy(zall + 4 * n_poly, qz, sizeof qz);
            n_poly++;
        }
#undef XAT
#undef YAT
    if (chartex_artist_set_z(a, 4 * n_poly, zall, &r->err) < 0) {
        px_core_fail(r);
        goto done;
    }
ok:
    rc = 0;
done:
    free(z);
    free(x);
    free(y);
    free(zall);
    Py_XDECREF(zobj);
    Py_XDECREF(xobj);
    Py_XDECREF(yobj);
    return rc;
}

/* --------------------------------------------------------- dispatch */

int
px_read_trace(preader *r, px_subplot *p, PyObject *trace, const char *type, Py_ssize_t index)
{
    trace_ctx t;
    int rc;
    chartex_artist *a;

    t.r = r;
    t.p = p;
    t.trace = trace;
    t.type = type;
    t.index = index;
    t.name = px_trace_name(trace, index);
    if (t.name == NULL)
        return px_fail(r, "a trace's name");
    if (strcmp(type, "scatter") == 0 || strcmp(type, "scattergl") == 0
        || strcmp(type, "scatter3d") == 0)
        rc = read_scatter(&t);
    else if (strcmp(type, "bar") == 0)
        rc = read_bar(&t);
    else if (strcmp(type, "histogram") == 0)
        rc = read_histogram(&t);
    else if (strcmp(type, "histogram2d") == 0)
        rc = read_histogram2d(&t);
    else if (strcmp(type, "pie") == 0)
        rc = read_pie(&t);
    else if (strcmp(type, "box") == 0 || strcmp(type, "violin") == 0)
        rc = read_box(&t);
    else if (strcmp(type, "heatmap") == 0 || strcmp(type, "heatmapgl") == 0)
        rc = read_grid(&t, 0);
    else if (strcmp(type, "contour") == 0)
        rc = read_grid(&t, 1);
    else if (strcmp(type, "surface") == 0)
        rc = read_surface(&t);
    else {
        /* Drawn, but not read: the chart says so (unknown) rather than
         * leaving it out. */
        a = px_new_artist(&t, CHARTEX_ARTIST_OTHER, CHARTEX_ROLE_DATA, 0, 0, 1);
        rc = a == NULL ? -1 : 0;
    }
    Py_DECREF(t.name);
    if (rc < 0) {
        char what[64];

        snprintf(what, sizeof what, "a %s trace", type);
        return px_fail(r, what);
    }
    return 0;
}
