/*
 * scatter.c - scatter, scattergl and scatter3d traces: a line (mode with
 * lines), a scatter (markers only), an area (fill to zero / to the
 * previous trace / stackgroup), error bars as an errorbar group (the data
 * line + one segment per point, error_extents.c); on a 3-D scene, lines
 * and points with z.
 */
#include "plotly.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* --------------------------------------------------------- scatter */

/* An area between curve (t_i, f_i) and base b_i, one polygon per run of
 * finite values, laid out as matplotlib's fill_between (fill_betweenx
 * when horizontal): start, the curve, end, the base reversed. */
static int
area_polygons(trace_ctx *t, chartex_artist *a, const double *tv, const double *f,
              const double *b, size_t n, int horizontal)
{
    size_t i = 0, j, k, m, len;
    double *poly = px_calc_alloc(n + 1, 4 * sizeof *poly);   /* 2 n + 2 points */
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

/* Keeps the subplot's last curve, for the next trace's fill "tonexty": a copy, or
 * the points themselves when lent to the scene (lent). */
static int
keep_curve(px_subplot *p, const double *tv, const double *f, size_t n, int lent)
{
    px_trace_state *ts = px_trace_state_of(p);
    px_curve *c;

    if (ts == NULL)
        return -1;
    c = &ts->curve;
    if (!c->borrowed) {
        free(c->t);
        free(c->f);
    }
    c->t = c->f = NULL;
    c->n = 0;
    c->borrowed = lent;
    if (lent) {
        /* the scene's borrowed points outlive the reader: no copy */
        c->t = (double *)tv;
        c->f = (double *)f;
        c->n = n;
        return 0;
    }
    c->t = px_calc_alloc(n, sizeof *c->t);
    c->f = px_calc_alloc(n, sizeof *c->f);
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

/* A scatter trace's points: x, y (and z on a 3-D scene), n of them. */
typedef struct scatter_points {
    double *x, *y, *z;
    size_t n;
    int lent;           /* x and y lent to the scene: the reader frees them */
} scatter_points;

/* How a scatter trace is drawn: its mode (lines, markers), fill,
 * stackgroup (NULL when none) and line shape. */
typedef struct scatter_style {
    PyObject *mode_obj, *fill_obj, *stack, *line, *shape_obj;   /* owned */
    const char *fill, *shape;
    int lines, markers;
} scatter_style;

static void
style_clear(scatter_style *st)
{
    Py_XDECREF(st->mode_obj);
    Py_XDECREF(st->fill_obj);
    Py_XDECREF(st->stack);
    Py_XDECREF(st->line);
    Py_XDECREF(st->shape_obj);
}

/* The trace's points: x and y (one of them implied by x0/dx, y0/dy when
 * absent), z on a 3-D scene, as many as the shortest.  1 when there are
 * some to draw, 0 when none (no x and no y; no z on a scene), -1 on
 * error. */
static int
read_points(trace_ctx *t, scatter_points *pts)
{
    px_subplot *p = t->p;
    int three_d = p->kind == PX_SCENE;
    size_t nx = 0, ny = 0, nz = 0;

    if (px_values_of(t, "x", p->axis[0], &pts->x, &nx) < 0
        || px_values_of(t, "y", p->axis[1], &pts->y, &ny) < 0
        || (three_d && px_values_of(t, "z", p->axis[2], &pts->z, &nz) < 0))
        return -1;
    if (pts->x == NULL && pts->y == NULL)
        return 0;
    if (pts->x == NULL) {
        nx = ny;
        if ((pts->x = px_implied_positions(t, "x0", "dx", nx)) == NULL)
            return -1;
    }
    if (pts->y == NULL) {
        ny = nx;
        if ((pts->y = px_implied_positions(t, "y0", "dy", ny)) == NULL)
            return -1;
    }
    pts->n = nx < ny ? nx : ny;
    if (three_d) {
        if (pts->z == NULL)
            return 0;
        if (nz < pts->n)
            pts->n = nz;
    }
    return 1;
}

/* The trace's style as plotly.js defaults it for n points: mode "lines"
 * in a stackgroup, "lines+markers" under 20 points; a stackgroup fills to
 * the next trace below (or beside, horizontal). */
static void
read_style(trace_ctx *t, size_t n, scatter_style *st)
{
    const char *mode = px_str(t->trace, "mode", &st->mode_obj);
    int horizontal;

    st->fill = px_str(t->trace, "fill", &st->fill_obj);
    st->stack = px_get(t->trace, "stackgroup");
    if (st->stack != NULL && !(PyUnicode_Check(st->stack) && PyUnicode_GET_LENGTH(st->stack) > 0))
        Py_CLEAR(st->stack);
    horizontal = px_str_is(t->trace, "orientation", "h", 0);
    if (mode == NULL)
        mode = st->stack != NULL ? "lines" : n < 20 ? "lines+markers" : "lines";
    if (st->fill == NULL && st->stack != NULL)
        st->fill = horizontal ? "tonextx" : "tonexty";
    st->lines = strstr(mode, "lines") != NULL;
    st->markers = strstr(mode, "markers") != NULL;
    st->line = px_get(t->trace, "line");
    st->shape = px_str(st->line, "shape", &st->shape_obj);
}

/* fill "toself" / "tonext": the area inside the trace's own outline. */
static int
fill_outline(trace_ctx *t, const scatter_points *pts)
{
    chartex_artist *a = px_new_artist(t, CHARTEX_ARTIST_AREA, CHARTEX_ROLE_DATA, 0, 0, 1);
    double *xy = NULL;
    int rc = -1;

    if (a == NULL || (xy = px_interleave(pts->x, pts->y, pts->n)) == NULL)
        goto done;
    if (chartex_artist_add_polygon(a, pts->n, xy, &t->r->err) < 0) {
        px_core_fail(t->r);
        goto done;
    }
    rc = keep_curve(t->p, pts->x, pts->y, pts->n, 0);
done:
    free(xy);
    return rc;
}

/* Whether the curve below stands at the n positions tv (NaN where tv is). */
static int
same_positions(const px_curve *c, const double *tv, size_t n)
{
    size_t i = 0;

    if (c->n != n)
        return 0;
    for (; i < n && (c->t[i] == tv[i] || (isnan(c->t[i]) && isnan(tv[i]))); i++)
        ;
    return i == n;
}

/* A filled scatter: an area from the curve down to zero ("tozeroy",
 * "tozerox") or to the subplot's previous curve ("tonexty", "tonextx"),
 * stacked on it in a stackgroup; the curve kept for the next trace.  1
 * when the trace below stands at other positions: plotly.js fills (or
 * stacks) between two different outlines, which is no band, and the
 * trace's own points are read as its line rather than a baseline that is
 * not drawn. */
static int
draw_fill(trace_ctx *t, const scatter_points *pts, const scatter_style *st)
{
    int to_x = strcmp(st->fill, "tozerox") == 0 || strcmp(st->fill, "tonextx") == 0;
    const double *tv = to_x ? pts->y : pts->x, *f = to_x ? pts->x : pts->y;
    px_trace_state *ts = px_trace_state_of(t->p);
    double *base = NULL, *cum = NULL;
    size_t n = pts->n, i;
    chartex_artist *a;
    int rc = -1;

    if (ts == NULL)
        return -1;
    if (strcmp(st->fill, "toself") == 0 || strcmp(st->fill, "tonext") == 0)
        return fill_outline(t, pts);
    base = px_calc_zalloc(n, sizeof *base);
    cum = px_calc_alloc(n, sizeof *cum);
    if (base == NULL || cum == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    if (strncmp(st->fill, "tonext", 6) == 0 && ts->curve.t != NULL) {
        if (!same_positions(&ts->curve, tv, n)) {
            rc = 1;
            goto done;
        }
        memcpy(base, ts->curve.f, n * sizeof *base);
    }
    for (i = 0; i < n; i++)
        /* A stackgroup adds this trace to the one below (plotly's
         * stackgaps "infer zero": a missing value counts as 0). */
        cum[i] = st->stack != NULL ? base[i] + (isfinite(f[i]) ? f[i] : 0) : f[i];
    a = px_new_artist(t, CHARTEX_ARTIST_AREA, CHARTEX_ROLE_DATA, 0, 0, 1);
    if (a == NULL)
        goto done;
    if (to_x)
        chartex_artist_set_orientation(a, CHARTEX_HORIZONTAL);
    if (area_polygons(t, a, tv, cum, base, n, to_x) < 0 || keep_curve(t->p, tv, cum, n, 0) < 0)
        goto done;
    rc = 0;
done:
    free(base);
    free(cum);
    return rc;
}

/* The flags of a scatter's line: no line (error bars alone), markers,
 * steps (line.shape hv, vh, hvh, vhv), the data of an errorbar group. */
static unsigned
line_flags(const scatter_style *st, int errors)
{
    const char *shape = st->shape;
    unsigned flags = 0;

    if (!st->lines)
        flags |= CHARTEX_LINE_NO_LINE;
    if (st->markers)
        flags |= CHARTEX_LINE_MARKER;
    if (shape != NULL && (strcmp(shape, "hv") == 0 || strcmp(shape, "vh") == 0
                          || strcmp(shape, "hvh") == 0 || strcmp(shape, "vhv") == 0))
        flags |= CHARTEX_LINE_STEPS;
    if (errors)
        flags |= CHARTEX_ARTIST_ERRORBAR_DATA;
    return flags;
}

/* An unfilled scatter: its line (mode with lines, or error bars), else
 * its markers, with its error bars as an errorbar group; nothing for
 * text alone. */
static int
draw_line(trace_ctx *t, scatter_points *pts, const scatter_style *st)
{
    int three_d = t->p->kind == PX_SCENE, errors = 0, rc = -1;
    double *ep[2] = {NULL, NULL}, *em[2] = {NULL, NULL};
    unsigned long group = 0;
    chartex_artist *a;

    if (!three_d) {
        if (px_error_extents(t, "error_x", t->p->axis[0], pts->x, pts->n, &ep[0], &em[0]) < 0
            || px_error_extents(t, "error_y", t->p->axis[1], pts->y, pts->n, &ep[1], &em[1]) < 0)
            goto done;
        errors = ep[0] != NULL || ep[1] != NULL;
    }
    if (st->lines || errors) {
        if (errors)
            group = ++t->r->next_group;
        a = px_new_artist(t, CHARTEX_ARTIST_LINE, CHARTEX_ROLE_DATA, line_flags(st, errors),
                          group, 1);
    }
    else if (st->markers)
        a = px_new_artist(t, CHARTEX_ARTIST_SCATTER, CHARTEX_ROLE_DATA, 0, 0, 1);
    else {
        rc = 0;    /* text or nothing drawn: no data */
        goto done;
    }
    /* The points without a copy: the scene borrows x and y, which the
     * reader's list of borrowed buffers owns from here on. */
    if (a == NULL)
        goto done;
    pts->lent = 1;
    if (px_borrow_points(t, a, pts->x, pts->y, pts->n) < 0)
        goto done;
    if (three_d && chartex_artist_set_z(a, pts->n, pts->z, &t->r->err) < 0) {
        px_core_fail(t->r);
        goto done;
    }
    if ((ep[0] != NULL
         && px_error_segments(t, pts->x, pts->y, pts->n, ep[0], em[0], 0, group) < 0)
        || (ep[1] != NULL
            && px_error_segments(t, pts->x, pts->y, pts->n, ep[1], em[1], 1, group) < 0))
        goto done;
    rc = 0;
done:
    free(ep[0]);
    free(ep[1]);
    free(em[0]);
    free(em[1]);
    return rc;
}

int
px_read_scatter(trace_ctx *t)
{
    int three_d = t->p->kind == PX_SCENE, got, rc = -1;
    scatter_points pts = {NULL, NULL, NULL, 0, 0};
    scatter_style st;

    memset(&st, 0, sizeof st);
    got = read_points(t, &pts);
    if (got <= 0) {
        rc = got;
        goto done;
    }
    read_style(t, pts.n, &st);
    if (!three_d && st.fill != NULL && strcmp(st.fill, "none") != 0) {
        got = draw_fill(t, &pts, &st);
        if (got <= 0) {
            rc = got;
            goto done;
        }
        /* no band: the trace is drawn as a line */
    }
    if (draw_line(t, &pts, &st) < 0)
        goto done;
    /* the curve (drawn or not) is the next trace's "tonexty" */
    if (!three_d && keep_curve(t->p, pts.x, pts.y, pts.n, pts.lent) < 0)
        goto done;
    rc = 0;
done:
    if (!pts.lent) {
        free(pts.x);
        free(pts.y);
    }
    free(pts.z);
    style_clear(&st);
    return rc;
}
