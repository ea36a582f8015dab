/*
 * grids.c - traces of a grid of z: heatmap and contour, a mesh image with
 * its cell edges and colour scale (px_grid_image, also for histograms.c's
 * histogram2d); a contour's levels as plotly.js chooses them and its
 * iso-lines; a surface's cells on a 3-D scene.
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
int
px_grid_image(trace_ctx *t, const double *z, size_t rows, size_t cols, const double *xe,
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

int
px_read_grid(trace_ctx *t, int contour)
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
    if (px_grid_image(t, z, rows, cols, xe, ye, &zmin, &zmax) < 0)
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

/* ------------------------------------------------------------ surface */

/* A surface's cells as quadrilaterals with their z (x, y: 1-D per column
 * and row, or 2-D like z). */
int
px_read_surface(trace_ctx *t)
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
