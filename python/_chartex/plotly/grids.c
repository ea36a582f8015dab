/*
 * grids.c - traces of a grid of z: heatmap and contour, a mesh image with
 * its cell edges and colour scale (px_grid_drawn, also for histograms.c's
 * histogram2d and histogram2dcontour; the colour range: coloraxis.c); a
 * contour's levels as plotly.js chooses them and its iso-lines; a
 * surface's cells on a 3-D scene.
 */
#include "plotly.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* plotly.js's default */
#define NCONTOURS 15

/* ------------------------------------------------- heatmap, contour */

/* Cell edges from n positions for cells cells: the positions themselves
 * (n == cells + 1), midpoints between centres (n == cells, plotly.js's
 * makeBoundArray), or i - 0.5 from p0/dp when none are given. */
static double *
cell_edges(trace_ctx *t, const double *v, size_t n, size_t cells, const char *k0,
           const char *kd)
{
    double *e = px_calc_alloc(cells + 1, sizeof *e), p0 = 0, dp = 1;
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
 * size between zmin and zmax, ends excluded.  The size is axes.js's
 * autoTicks of a linear axis: base, the power of ten below (zmax - zmin)
 * / ncontours as Math.log(rough) / Math.LN10 floors it, times the first
 * of 2, 5, 10 above rough / base (Lib.roundUp: above, not at, so that a
 * rough step of exactly 2 is 5, and of exactly 1 is 2). */
static size_t
auto_levels(double zmin, double zmax, long ncontours, double *lv, size_t cap)
{
    double rough = (zmax - zmin) / (double)(ncontours > 0 ? ncontours : NCONTOURS);
    double base, x, size, start, end, v;
    size_t n = 0;

    if (!(isfinite(rough) && rough > 0))
        return 0;
    base = pow(10, floor(log(rough) / M_LN10));
    x = rough / base;
    size = base * (x < 2 ? 2 : x < 5 ? 5 : 10);
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


/* A grid of samples z (rows x cols, row-major) standing at xs[j], ys[i],
 * for its iso-lines.  A crossing of a level is identified by its grid
 * edge: horizontal edges (i, j)-(i, j+1) are i * cols + j, vertical
 * ones (i, j)-(i+1, j) are rows * cols + i * cols + j. */
typedef struct iso_grid {
    const double *z, *xs, *ys;
    size_t rows, cols;
} iso_grid;

/* The crossings of one level: segments between two grid edges, and per
 * edge the (at most two) segments through it. */
typedef struct iso_segments {
    size_t *seg;                /* two edge ids per segment */
    size_t n_seg, cap;
    size_t *link;               /* per edge: up to two segments (+1), 0 none */
} iso_segments;

/* Where level lv crosses grid edge id into xy[0..1]; 0 for an edge past
 * the grid. */
static int
edge_point(const iso_grid *g, double lv, size_t id, double *xy)
{
    size_t rows = g->rows, cols = g->cols, ei, ej;
    const double *z = g->z;
    double za, zb, f, xa, ya, xb, yb;

    if (id < rows * cols) {
        ei = id / cols;
        ej = id % cols;
        if (ej + 1 >= cols)
            return 0;
        za = z[ei * cols + ej];
        zb = z[ei * cols + ej + 1];
        xa = g->xs[ej];
        xb = g->xs[ej + 1];
        ya = yb = g->ys[ei];
    }
    else {
        id -= rows * cols;
        ei = id / cols;
        ej = id % cols;
        if (ei + 1 >= rows)
            return 0;
        za = z[ei * cols + ej];
        zb = z[(ei + 1) * cols + ej];
        ya = g->ys[ei];
        yb = g->ys[ei + 1];
        xa = xb = g->xs[ej];
    }
    f = zb != za ? (lv - za) / (zb - za) : 0.5;
    xy[0] = xa + f * (xb - xa);
    xy[1] = ya + f * (yb - ya);
    return 1;
}

/* Marching squares on cell (i, j) at level lv: the edge pairs of its 0,
 * 1 or 2 segments into pairs; how many. */
static int
cell_segments(const iso_grid *g, size_t i, size_t j, double lv, size_t pairs[4])
{
    size_t rows = g->rows, cols = g->cols;
    const double *z = g->z;
    double v0 = z[i * cols + j], v1 = z[i * cols + j + 1];
    double v2 = z[(i + 1) * cols + j + 1], v3 = z[(i + 1) * cols + j];
    int c = (v0 > lv) | (v1 > lv) << 1 | (v2 > lv) << 2 | (v3 > lv) << 3;
    /* its edges: bottom, right, top, left */
    size_t e[4] = {i * cols + j, rows * cols + i * cols + j + 1, (i + 1) * cols + j,
                   rows * cols + i * cols + j};

    if (!(isfinite(v0) && isfinite(v1) && isfinite(v2) && isfinite(v3)))
        return 0;
    switch (c) {
    case 0: case 15: return 0;
    case 1: case 14: pairs[0] = e[3]; pairs[1] = e[0]; return 1;
    case 2: case 13: pairs[0] = e[0]; pairs[1] = e[1]; return 1;
    case 3: case 12: pairs[0] = e[3]; pairs[1] = e[1]; return 1;
    case 4: case 11: pairs[0] = e[1]; pairs[1] = e[2]; return 1;
    case 6: case 9: pairs[0] = e[0]; pairs[1] = e[2]; return 1;
    case 7: case 8: pairs[0] = e[3]; pairs[1] = e[2]; return 1;
    default: {
        /* 5, 10: a saddle; the centre's mean decides which corners join. */
        int centre_high = (v0 + v1 + v2 + v3) / 4 > lv;

        if ((c == 5) == centre_high) {
            pairs[0] = e[3]; pairs[1] = e[2]; pairs[2] = e[0]; pairs[3] = e[1];
        }
        else {
            pairs[0] = e[3]; pairs[1] = e[0]; pairs[2] = e[1]; pairs[3] = e[2];
        }
        return 2;
    }
    }
}

/* Adds the segment between edges a0 and b0; -1 when out of memory. */
static int
add_segment(iso_segments *s, size_t a0, size_t b0)
{
    if (s->n_seg == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 256, *grown;

        grown = px_calc_grow(s->seg, cap, 2 * sizeof *s->seg);
        if (grown == NULL)
            return -1;
        s->seg = grown;
        s->cap = cap;
    }
    s->seg[2 * s->n_seg] = a0;
    s->seg[2 * s->n_seg + 1] = b0;
    s->link[2 * a0 + (s->link[2 * a0] != 0)] = s->n_seg + 1;
    s->link[2 * b0 + (s->link[2 * b0] != 0)] = s->n_seg + 1;
    s->n_seg++;
    return 0;
}

/* Every segment of level lv, cell by cell; -1 when out of memory. */
static int
find_segments(const iso_grid *g, double lv, iso_segments *s)
{
    size_t i, j, pairs[4];
    int np, q;

    for (i = 0; i + 1 < g->rows; i++)
        for (j = 0; j + 1 < g->cols; j++) {
            np = cell_segments(g, i, j, lv, pairs);
            for (q = 0; q < np; q++)
                if (add_segment(s, pairs[2 * q], pairs[2 * q + 1]) < 0)
                    return -1;
        }
    return 0;
}

/* The chain of edges from one end of segment k (the second, dir 0; the
 * first, dir 1) through the unused segments that share an edge (each
 * edge has at most two), each marked used: its edges into out, how many. */
static size_t
follow_chain(const iso_segments *s, unsigned char *used, size_t k, int dir, size_t *out)
{
    size_t n = 0, end = s->seg[2 * k + (dir == 0)], cur = k;

    for (;;) {
        size_t s1 = s->link[2 * end], s2 = s->link[2 * end + 1], nx = 0;

        if (s1 != 0 && s1 - 1 != cur && !used[s1 - 1])
            nx = s1;
        else if (s2 != 0 && s2 - 1 != cur && !used[s2 - 1])
            nx = s2;
        out[n++] = end;
        if (nx == 0)
            return n;
        cur = nx - 1;
        used[cur] = 1;
        end = s->seg[2 * cur] == end ? s->seg[2 * cur + 1] : s->seg[2 * cur];
    }
}

/* Appends where level lv crosses edge id to the line xy of *len points
 * (a level through a sample gives one point twice: kept once). */
static void
put_edge(const iso_grid *g, double lv, size_t id, double *xy, size_t *len)
{
    size_t l = *len;

    if (edge_point(g, lv, id, &xy[2 * l])
        && !(l > 0 && xy[2 * l] == xy[2 * l - 2] && xy[2 * l + 1] == xy[2 * l - 1]))
        (*len)++;
}

/* The segments of a level joined into polylines through the edges they
 * share, each added as one path of the level. */
static int
join_segments(trace_ctx *t, chartex_artist *a, size_t level, double lv, const iso_grid *g,
              const iso_segments *s)
{
    unsigned char *used = px_calc_zalloc(s->n_seg, 1);
    double *xy = px_calc_alloc(s->n_seg + 2, 2 * sizeof *xy);
    size_t *chain = px_calc_alloc(s->n_seg + 2, sizeof *chain);
    size_t *back = px_calc_alloc(s->n_seg + 2, sizeof *back);
    size_t k, w, nf, nb, len;
    int rc = -1;

    if (used == NULL || xy == NULL || chain == NULL || back == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (k = 0; k < s->n_seg; k++) {
        if (used[k])
            continue;
        used[k] = 1;
        nf = follow_chain(s, used, k, 0, chain);
        nb = follow_chain(s, used, k, 1, back);
        /* back (reversed) then chain: the whole line in order. */
        len = 0;
        for (w = nb; w-- > 0;)
            put_edge(g, lv, back[w], xy, &len);
        for (w = 0; w < nf; w++)
            put_edge(g, lv, chain[w], xy, &len);
        if (len >= 2 && chartex_artist_add_level_path(a, level, len, xy, &t->r->err) < 0) {
            px_core_fail(t->r);
            goto done;
        }
    }
    rc = 0;
done:
    free(used);
    free(chain);
    free(back);
    free(xy);
    return rc;
}

/* The iso-lines of level lv through the grid g: marching squares, the
 * crossings joined into polylines through the grid edges they share,
 * each added as one path of the level.  plotly.js draws the same lines
 * (and fills between them). */
static int
iso_lines(trace_ctx *t, chartex_artist *a, size_t level, double lv, const iso_grid *g)
{
    iso_segments s = {NULL, 0, 0, NULL};
    int rc = -1;

    if (g->rows < 2 || g->cols < 2)
        return 0;
    /* 2 rows cols edges (no overflow: z holds rows cols doubles) */
    s.link = px_calc_zalloc(2 * g->rows * g->cols, 2 * sizeof *s.link);
    if (s.link == NULL || find_segments(g, lv, &s) < 0) {
        PyErr_NoMemory();
        goto done;
    }
    rc = s.n_seg == 0 ? 0 : join_segments(t, a, level, lv, g, &s);
done:
    free(s.seg);
    free(s.link);
    return rc;
}

/* The mesh image of a rows x cols grid z (row by row from the bottom)
 * between edges xe (cols + 1) and ye (rows + 1), its colour range set
 * once the figure is read (coloraxis.c), the colorbar's title; *zmin /
 * *zmax receive z's finite range (infinite when it has none). */
static int
grid_image(trace_ctx *t, const double *z, size_t rows, size_t cols, const double *xe,
           const double *ye, double *zmin, double *zmax)
{
    preader *r = t->r;
    PyObject *cb = NULL, *ctitle = NULL;
    chartex_artist *a;
    double extent[4];
    size_t i;
    int rc = -1;

    *zmin = INFINITY;
    *zmax = -INFINITY;
    for (i = 0; i < rows * cols; i++)
        if (isfinite(z[i])) {
            *zmin = fmin(*zmin, z[i]);
            *zmax = fmax(*zmax, z[i]);
        }
    extent[0] = xe[0];
    extent[1] = xe[cols];
    extent[2] = ye[0];
    extent[3] = ye[rows];
    a = px_new_artist(t, CHARTEX_ARTIST_IMAGE, CHARTEX_ROLE_DATA, CHARTEX_IMAGE_ORIGIN_LOWER, 0, 1);
    if (a == NULL)
        goto done;
    if (chartex_artist_set_image(a, rows, cols, z, extent, &r->err) < 0
        || chartex_artist_set_mesh_edges(a, cols + 1, xe, rows + 1, ye, &r->err) < 0) {
        px_core_fail(r);
        goto done;
    }
    if (px_color_scale(t, a, *zmin, *zmax) < 0)
        goto done;
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

/* A heatmap's or contour's grid: z (rows x cols), its x and y as given
 * (nx, ny of them) and its cells' edges. */
typedef struct grid_trace {
    double *z, *x, *y, *xe, *ye;
    size_t rows, cols, nx, ny;
} grid_trace;

/* z transposed (transpose: true): its columns become its rows. */
static int
transpose(grid_trace *g)
{
    double *zt = px_calc_alloc(g->rows * g->cols, sizeof *zt);
    size_t i, j;

    if (zt == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (i = 0; i < g->rows; i++)
        for (j = 0; j < g->cols; j++)
            zt[j * g->rows + i] = g->z[i * g->cols + j];
    free(g->z);
    g->z = zt;
    i = g->rows;
    g->rows = g->cols;
    g->cols = i;
    return 0;
}

/* A contour's levels into lv (cap at most): contours.start to .end by
 * .size when all are given, else plotly.js's automatic ones between zmin
 * and zmax (ncontours of them); how many. */
static size_t
contour_levels(trace_ctx *t, PyObject *contours, double zmin, double zmax, double *lv,
               size_t cap)
{
    double start, end, size, nc = NCONTOURS, v;
    size_t nl = 0;

    if (px_number(contours, "start", &start) && px_number(contours, "end", &end)
        && px_number(contours, "size", &size) && size > 0 && end >= start) {
        for (v = start; v <= end + size * 1e-9 && nl < cap; v = start + size * (double)nl)
            lv[nl++] = v;
        return nl;
    }
    px_number(t->trace, "ncontours", &nc);
    return auto_levels(zmin, zmax, (long)nc, lv, cap);
}

size_t
px_contour_levels(trace_ctx *t, double dmin, double dmax, double *lv, size_t cap)
{
    PyObject *contours = px_get(t->trace, "contours");
    double lo, hi;
    size_t nl;

    px_trace_zrange(t->trace, dmin, dmax, &lo, &hi);
    nl = contour_levels(t, contours, lo, hi, lv, cap);
    Py_XDECREF(contours);
    return nl;
}

/* Where the samples stand: the x and y given one per column and row,
 * else the cells' centres. */
static int
sample_positions(const grid_trace *g, double **xs, double **ys)
{
    size_t i, j;

    *xs = px_calc_alloc(g->cols, sizeof **xs);
    *ys = px_calc_alloc(g->rows, sizeof **ys);
    if (*xs == NULL || *ys == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (j = 0; j < g->cols; j++)
        (*xs)[j] = (g->xe[j] + g->xe[j + 1]) / 2;
    for (i = 0; i < g->rows; i++)
        (*ys)[i] = (g->ye[i] + g->ye[i + 1]) / 2;
    if (g->x != NULL && g->nx == g->cols)
        memcpy(*xs, g->x, g->cols * sizeof **xs);
    if (g->y != NULL && g->ny == g->rows)
        memcpy(*ys, g->y, g->rows * sizeof **ys);
    return 0;
}

/* A contour's levels and lines over its mesh image (its values' finite
 * range dmin to dmax; the levels between the trace's own zmin and zmax
 * when it sets them, as plotly.js's). */
static int
draw_contour(trace_ctx *t, const grid_trace *g, double dmin, double dmax)
{
    preader *r = t->r;
    double lv[1024], *xs = NULL, *ys = NULL;
    size_t nl = px_contour_levels(t, dmin, dmax, lv, sizeof lv / sizeof lv[0]), i;
    chartex_artist *a;
    int rc = -1;


    /* The paths given are the lines at each level (plotly.js fills
     * between them for coloring "fill" / "heatmap"): not FILLED. */
    a = px_new_artist(t, CHARTEX_ARTIST_CONTOUR, CHARTEX_ROLE_DATA, 0, 0, 1);
    if (a == NULL)
        goto done;
    if (chartex_artist_set_levels(a, nl, lv, &r->err) < 0) {
        px_core_fail(r);
        goto done;
    }
    if (px_color_scale(t, a, dmin, dmax) < 0)
        goto done;
    if (sample_positions(g, &xs, &ys) < 0)
        goto done;
    /* The lines cost a pass over the grid per level: past 5e7 cells
     * visited they are not drawn here (the levels and the grid are). */
    if ((double)nl * (double)g->rows * (double)g->cols <= 5e7) {
        iso_grid ig = {g->z, xs, ys, g->rows, g->cols};

        for (i = 0; i < nl; i++)
            if (iso_lines(t, a, i, lv[i], &ig) < 0)
                goto done;
    }
    rc = 0;
done:
    free(xs);
    free(ys);
    return rc;
}

int
px_grid_drawn(trace_ctx *t, double *z, size_t rows, size_t cols, double *xe, double *ye,
              int contour)
{
    grid_trace g;
    double zmin, zmax;

    memset(&g, 0, sizeof g);
    g.z = z;
    g.rows = rows;
    g.cols = cols;
    g.xe = xe;
    g.ye = ye;
    if (grid_image(t, z, rows, cols, xe, ye, &zmin, &zmax) < 0)
        return -1;
    return contour ? draw_contour(t, &g, zmin, zmax) : 0;
}

int
px_read_grid(trace_ctx *t, int contour)
{
    px_subplot *p = t->p;
    PyObject *zobj = px_get(t->trace, "z");
    grid_trace g;
    double zmin = INFINITY, zmax = -INFINITY;
    int rc = -1;

    memset(&g, 0, sizeof g);
    if (px_grid(t->r, zobj, &g.z, &g.rows, &g.cols) < 0)
        goto done;
    if (g.z == NULL || g.rows == 0 || g.cols == 0) {
        rc = 0;
        goto done;
    }
    if (px_bool(t->trace, "transpose", 0) && transpose(&g) < 0)
        goto done;
    if (px_values_of(t, "x", p->axis[0], &g.x, &g.nx) < 0
        || px_values_of(t, "y", p->axis[1], &g.y, &g.ny) < 0)
        goto done;
    g.xe = cell_edges(t, g.x, g.nx, g.cols, "x0", "dx");
    g.ye = cell_edges(t, g.y, g.ny, g.rows, "y0", "dy");
    if (g.xe == NULL || g.ye == NULL
        || grid_image(t, g.z, g.rows, g.cols, g.xe, g.ye, &zmin, &zmax) < 0)
        goto done;
    if (contour && draw_contour(t, &g, zmin, zmax) < 0)
        goto done;
    rc = 0;
done:
    free(g.z);
    free(g.x);
    free(g.y);
    free(g.xe);
    free(g.ye);
    Py_XDECREF(zobj);
    return rc;
}

/* ------------------------------------------------------------ surface */

/* A surface's x or y: a 2-D grid like z (rows x cols), or 1-D along its
 * axis (x per column: rows 0, cols its count; y per row: cols 0, rows its
 * count), or none (v NULL: the sample indices). */
typedef struct surface_coord {
    double *v;
    size_t rows, cols;
} surface_coord;

/* Reads a surface's x (per_row 0) or y (per_row 1) into c. */
static int
surface_coord_of(preader *r, PyObject *obj, px_axis *ax, int per_row, surface_coord *c)
{
    PyObject *first;
    int two_d;

    if (obj == NULL || !PySequence_Check(obj) || PySequence_Size(obj) <= 0)
        return 0;
    first = PySequence_GetItem(obj, 0);
    two_d = first != NULL && !PyUnicode_Check(first) && PySequence_Check(first);
    Py_XDECREF(first);
    PyErr_Clear();
    if (two_d)
        return px_grid(r, obj, &c->v, &c->rows, &c->cols);
    return px_values(r, obj, ax, &c->v, per_row ? &c->rows : &c->cols);
}

/* The coordinate of sample (i, j) of a rows x cols surface: y (is_y) or
 * x; NaN past the values given. */
static double
coord_at(const surface_coord *c, int is_y, size_t rows, size_t cols, size_t i, size_t j)
{
    size_t along = is_y ? i : j;

    if (c->v == NULL)
        return (double)along;
    if (is_y ? c->cols > 0 : c->rows > 0)
        return c->rows == rows && c->cols == cols ? c->v[i * cols + j] : NAN;
    return along < (is_y ? c->rows : c->cols) ? c->v[along] : NAN;
}

/* The surface's cells as quadrilaterals of a, each with the z of its
 * corners. */
static int
surface_cells(trace_ctx *t, chartex_artist *a, const double *z, size_t rows, size_t cols,
              const surface_coord *x, const surface_coord *y)
{
    /* (rows - 1) (cols - 1) < rows cols, the count of z's doubles */
    double quad[8], qz[4], *zall = px_calc_alloc((rows - 1) * (cols - 1), 4 * sizeof *zall);
    size_t i, j, k, n_poly = 0;
    int rc = -1;

    if (zall == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (i = 0; i + 1 < rows; i++)
        for (j = 0; j + 1 < cols; j++) {
            size_t ii[4] = {i, i, i + 1, i + 1}, jj[4] = {j, j + 1, j + 1, j};

            for (k = 0; k < 4; k++) {
                quad[2 * k] = coord_at(x, 0, rows, cols, ii[k], jj[k]);
                quad[2 * k + 1] = coord_at(y, 1, rows, cols, ii[k], jj[k]);
                qz[k] = z[ii[k] * cols + jj[k]];
            }
            if (chartex_artist_add_polygon(a, 4, quad, &t->r->err) < 0) {
                px_core_fail(t->r);
                goto done;
            }
            memcpy(zall + 4 * n_poly, qz, sizeof qz);
            n_poly++;
        }
    if (chartex_artist_set_z(a, 4 * n_poly, zall, &t->r->err) < 0) {
        px_core_fail(t->r);
        goto done;
    }
    rc = 0;
done:
    free(zall);
    return rc;
}

/* A surface's cells as quadrilaterals with their z (x, y: 1-D per column
 * and row, or 2-D like z). */
int
px_read_surface(trace_ctx *t)
{
    preader *r = t->r;
    PyObject *zobj = px_get(t->trace, "z"), *xobj = px_get(t->trace, "x");
    PyObject *yobj = px_get(t->trace, "y");
    surface_coord x = {NULL, 0, 0}, y = {NULL, 0, 0};
    double *z = NULL;
    size_t rows = 0, cols = 0;
    chartex_artist *a;
    int rc = -1;

    if (px_grid(r, zobj, &z, &rows, &cols) < 0)
        goto done;
    if (z == NULL || rows < 2 || cols < 2) {
        rc = 0;
        goto done;
    }
    if (surface_coord_of(r, xobj, t->p->axis[0], 0, &x) < 0
        || surface_coord_of(r, yobj, t->p->axis[1], 1, &y) < 0)
        goto done;
    a = px_new_artist(t, CHARTEX_ARTIST_AREA, CHARTEX_ROLE_DATA, 0, 0, 1);
    if (a == NULL || surface_cells(t, a, z, rows, cols, &x, &y) < 0)
        goto done;
    rc = 0;
done:
    free(z);
    free(x.v);
    free(y.v);
    Py_XDECREF(zobj);
    Py_XDECREF(xobj);
    Py_XDECREF(yobj);
    return rc;
}
