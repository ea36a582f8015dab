/*
 * tiles.c - rect marks a colour field fills, for the Altair reader:
 * the cells of a heatmap as one mesh, its columns and rows the x and y
 * categories (or bins, or a time unit's intervals: the edges are the
 * union of the cells' ends), its values the colour field's, with the
 * colour scale (its domain, else the data's extent; its type as the norm)
 * and the legend's title.  A colour of categories gives no numbers: each
 * cell's category is its text.  Cells that make no grid (a cell across
 * several edges, centres alone, a grid over MAX_CELLS) are given as cells
 * at their centres.
 */
#include "altair.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CELLS 10000000.0    /* a larger grid is given as cells */

static int
discrete(const vl_channel *ch)
{
    return ch->scale != NULL && vl_scale_discrete(ch->scale->type);
}

static int
cmp_double(const void *pa, const void *pb)
{
    double a = *(const double *)pa, b = *(const double *)pb;

    return (a > b) - (a < b);
}

/* ------------------------------------------------------------- heatmap */

/* One direction of a grid: its cells' index per row, and its edges. */
typedef struct grid_axis {
    double *edges;
    size_t n_cells;
    size_t *cell;       /* per row; SIZE_MAX: none */
} grid_axis;

static void
grid_clear(grid_axis *g)
{
    free(g->edges);
    free(g->cell);
    memset(g, 0, sizeof *g);
}

/* The index of v among the sorted edges e (n of them), or SIZE_MAX. */
static size_t
edge_index(const double *e, size_t n, double v)
{
    size_t lo = 0, hi = n;

    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;

        if (e[mid] < v)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < n && e[lo] == v ? lo : SIZE_MAX;
}

/* A grid direction of categories (discrete), of intervals (a and a2:
 * every cell from one edge to the next), or of nothing (one cell).
 * 0 when the cells make no grid in this direction. */
static int
grid_axis_of(const vl_channel *ch, const vl_channel *ch2, const double *a, const double *a2,
             size_t n, grid_axis *g)
{
    size_t i, k = 0, u = 0;

    memset(g, 0, sizeof *g);
    g->cell = malloc((n ? n : 1) * sizeof *g->cell);
    g->edges = malloc((2 * n + 2) * sizeof *g->edges);
    if (g->cell == NULL || g->edges == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    if (ch->kind == VL_CH_NONE) {
        g->n_cells = 1;
        g->edges[0] = 0;
        g->edges[1] = 1;
        for (i = 0; i < n; i++)
            g->cell[i] = 0;
        return 1;
    }
    if (discrete(ch)) {
        g->n_cells = ch->scale->names != NULL ? (size_t)PyList_GET_SIZE(ch->scale->names) : 0;
        for (i = 0; i <= g->n_cells && i < 2 * n + 2; i++)
            g->edges[i] = (double)i - 0.5;
        if (g->n_cells > 2 * n + 1)
            return 0;
        for (i = 0; i < n; i++)
            g->cell[i] = isfinite(a[i]) && a[i] >= 0 ? (size_t)a[i] : SIZE_MAX;
        return g->n_cells > 0;
    }
    if (ch2->kind == VL_CH_NONE)
        return 0;
    for (i = 0; i < n; i++) {
        if (isfinite(a[i]))
            g->edges[k++] = a[i];
        if (isfinite(a2[i]))
            g->edges[k++] = a2[i];
    }
    qsort(g->edges, k, sizeof *g->edges, cmp_double);
    for (i = 0; i < k; i++)
        if (u == 0 || g->edges[i] != g->edges[u - 1])
            g->edges[u++] = g->edges[i];
    if (u < 2)
        return 0;
    g->n_cells = u - 1;
    for (i = 0; i < n; i++) {
        size_t lo = edge_index(g->edges, u, fmin(a[i], a2[i]));

        g->cell[i] = SIZE_MAX;
        if (lo == SIZE_MAX)
            continue;
        if (lo + 1 >= u || g->edges[lo + 1] != fmax(a[i], a2[i]))
            return 0;   /* a cell over several edges: no grid */
        g->cell[i] = lo;
    }
    return 1;
}

static const char *
norm_of(const vl_scale *sc)
{
    switch (sc != NULL ? sc->type : VL_SCALE_NONE) {
    case VL_SCALE_LOG: return "log";
    case VL_SCALE_SYMLOG: return "symlog";
    case VL_SCALE_POW:
    case VL_SCALE_SQRT: return "power";
    case VL_SCALE_OTHER: return "boundary";
    default: return "linear";
    }
}

/* The colour scale and the legend's title of an image artist. */
static int
color_scale(vl_mark *m, chartex_artist *a, const vl_channel *fill)
{
    vl_reader *r = m->v->r;
    const vl_scale *sc = fill->scale;
    PyObject *domain = sc != NULL ? vl_get_list(sc->spec, "domain") : NULL;
    PyObject *legend = sc != NULL ? vl_legend_of(r, m->scope, sc->name) : NULL;
    PyObject *given = vl_get(legend, "title"), *title = vl_title_text(given), *keep = NULL;
    double lo = sc != NULL ? sc->lo : NAN, hi = sc != NULL ? sc->hi : NAN;
    const char *norm = discrete(fill) ? "none" : norm_of(sc), *s;
    size_t len;
    int rc = -1;

    if (domain != NULL && PyList_GET_SIZE(domain) == 2) {
        (void)vl_number(PyList_GET_ITEM(domain, 0), &lo);
        (void)vl_number(PyList_GET_ITEM(domain, PyList_GET_SIZE(domain) - 1), &hi);
    }
    if (chartex_artist_set_color_scale(a, discrete(fill) ? NAN : lo, discrete(fill) ? NAN : hi,
                                       norm, strlen(norm), &r->err) < 0) {
        vl_core_fail(r);
        goto done;
    }
    if (vl_text(title, &s, &len, &keep) < 0)
        goto done;
    if (s != NULL && chartex_artist_set_colorbar_label(a, s, len, &r->err) < 0) {
        vl_core_fail(r);
        goto done;
    }
    rc = 0;
done:
    Py_XDECREF(keep);
    Py_XDECREF(title);
    Py_XDECREF(given);
    Py_XDECREF(legend);
    Py_XDECREF(domain);
    return rc;
}

/* The positions of a heatmap's cells and the values of its colour. */
typedef struct heat_ctx {
    vl_channel x, x2, y, y2, fill;
    double *px, *px2, *py, *py2, *num;
    vl_cell *cells;
    grid_axis gx, gy;
} heat_ctx;

static void
heat_clear(heat_ctx *c, size_t n)
{
    size_t i;

    vl_channel_clear(&c->x);
    vl_channel_clear(&c->x2);
    vl_channel_clear(&c->y);
    vl_channel_clear(&c->y2);
    vl_channel_clear(&c->fill);
    free(c->px);
    free(c->px2);
    free(c->py);
    free(c->py2);
    free(c->num);
    for (i = 0; c->cells != NULL && i < n; i++)
        vl_cell_clear(&c->cells[i]);
    free(c->cells);
    grid_clear(&c->gx);
    grid_clear(&c->gy);
}

static int
heat_read(vl_mark *m, heat_ctx *c)
{
    size_t n = m->rows.n ? m->rows.n : 1, i;

    if (vl_channel_of(m, "x", &c->x) < 0 || vl_channel_of(m, "x2", &c->x2) < 0
        || vl_channel_of(m, "y", &c->y) < 0 || vl_channel_of(m, "y2", &c->y2) < 0
        || vl_channel_of(m, "fill", &c->fill) < 0)
        return -1;
    if (c->x.kind == VL_CH_NONE && vl_channel_of(m, "xc", &c->x) < 0)
        return -1;
    if (c->y.kind == VL_CH_NONE && vl_channel_of(m, "yc", &c->y) < 0)
        return -1;
    c->px = malloc(n * sizeof *c->px);
    c->px2 = malloc(n * sizeof *c->px2);
    c->py = malloc(n * sizeof *c->py);
    c->py2 = malloc(n * sizeof *c->py2);
    c->num = malloc(n * sizeof *c->num);
    c->cells = calloc(n, sizeof *c->cells);
    if (!c->px || !c->px2 || !c->py || !c->py2 || !c->num || !c->cells) {
        PyErr_NoMemory();
        return -1;
    }
    if (vl_positions(m, &c->x, c->px) < 0 || vl_positions(m, &c->x2, c->px2) < 0
        || vl_positions(m, &c->y, c->py) < 0 || vl_positions(m, &c->y2, c->py2) < 0
        || vl_cells(m, &c->fill, c->cells) < 0)
        return -1;
    for (i = 0; i < m->rows.n; i++)
        c->num[i] = discrete(&c->fill) || c->cells[i].temporal ? NAN
                                                              : vl_cell_number(&c->cells[i]);
    return 0;
}

/* The cells as one mesh: a row per y cell, a column per x cell. */
static int
heat_mesh(vl_mark *m, heat_ctx *c)
{
    vl_reader *r = m->v->r;
    size_t rows = c->gy.n_cells, cols = c->gx.n_cells, i;
    double *z = malloc(rows * cols * sizeof *z), extent[4];
    chartex_artist *a;
    int rc = -1;

    if (z == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (i = 0; i < rows * cols; i++)
        z[i] = NAN;
    for (i = 0; i < m->rows.n; i++)
        if (c->gx.cell[i] < cols && c->gy.cell[i] < rows)
            z[c->gy.cell[i] * cols + c->gx.cell[i]] = c->num[i];
    extent[0] = c->gx.edges[0];
    extent[1] = c->gx.edges[cols];
    extent[2] = c->gy.edges[0];
    extent[3] = c->gy.edges[rows];
    a = vl_new_artist(m, CHARTEX_ARTIST_IMAGE, CHARTEX_ROLE_DATA, CHARTEX_IMAGE_ORIGIN_LOWER, NULL);
    if (a == NULL)
        goto done;
    if (chartex_artist_set_image(a, rows, cols, z, extent, &r->err) < 0
        || chartex_artist_set_mesh_edges(a, cols + 1, c->gx.edges, rows + 1, c->gy.edges,
                                         &r->err) < 0) {
        vl_core_fail(r);
        goto done;
    }
    for (i = 0; discrete(&c->fill) && i < m->rows.n; i++) {
        PyObject *t, *keep;
        const char *s;
        size_t len;

        if (!(c->gx.cell[i] < cols && c->gy.cell[i] < rows))
            continue;
        t = vl_cell_text(&c->cells[i]);
        if (t == NULL && PyErr_Occurred())
            goto done;
        if (vl_text(t, &s, &len, &keep) < 0) {
            Py_XDECREF(t);
            goto done;
        }
        if (s != NULL && chartex_artist_set_cell_text(a, c->gy.cell[i], c->gx.cell[i], s, len,
                                                      &r->err) < 0) {
            Py_XDECREF(keep);
            Py_XDECREF(t);
            vl_core_fail(r);
            goto done;
        }
        Py_XDECREF(keep);
        Py_XDECREF(t);
    }
    rc = color_scale(m, a, &c->fill);
done:
    free(z);
    return rc;
}

/* The cells at their centres, when they make no grid. */
static int
heat_cells(vl_mark *m, heat_ctx *c)
{
    size_t n = m->rows.n, i;
    double *xy = malloc((n ? 2 * n : 1) * sizeof *xy);
    chartex_artist *a;
    int rc = -1;

    if (xy == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (i = 0; i < n; i++) {
        xy[2 * i] = c->x2.kind != VL_CH_NONE ? (c->px[i] + c->px2[i]) / 2 : c->px[i];
        xy[2 * i + 1] = c->y2.kind != VL_CH_NONE ? (c->py[i] + c->py2[i]) / 2 : c->py[i];
    }
    a = vl_new_artist(m, CHARTEX_ARTIST_IMAGE, CHARTEX_ROLE_DATA, 0, NULL);
    if (a == NULL)
        goto done;
    if (chartex_artist_set_cells(a, n, xy, c->num, &m->v->r->err) < 0) {
        vl_core_fail(m->v->r);
        goto done;
    }
    rc = color_scale(m, a, &c->fill);
done:
    free(xy);
    return rc;
}

int
vl_read_heatmap(vl_mark *m)
{
    heat_ctx c;
    size_t n = m->rows.n;
    int gx, gy, rc = -1;

    memset(&c, 0, sizeof c);
    if (heat_read(m, &c) < 0)
        goto done;
    gx = grid_axis_of(&c.x, &c.x2, c.px, c.px2, n, &c.gx);
    gy = gx < 0 ? -1 : grid_axis_of(&c.y, &c.y2, c.py, c.py2, n, &c.gy);
    if (gx < 0 || gy < 0)
        goto done;
    if (gx && gy && (double)c.gx.n_cells * (double)c.gy.n_cells <= MAX_CELLS)
        rc = heat_mesh(m, &c);
    else
        rc = heat_cells(m, &c);
done:
    heat_clear(&c, n);
    return rc;
}

