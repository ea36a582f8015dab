/*
 * figure.c - a Plotly figure into a scene: which subplots it has
 * (cartesian axis pairs, the domains of pies and the other domain traces,
 * given or as cells of layout.grid, 3-D scenes, polar subplots, geo and
 * map subplots, ternary and smith subplots; the splom's panels; the axes
 * layout.shapes stand on), each one an
 * Axes of the scene in reading order, and what the layout says of each:
 * titles, axis titles, axis types (given, or plotly.js's autotype of the
 * first trace's data), categories in plotly.js's order, ranges, and the
 * ticks the layout gives (tickvals/ticktext, and every category).  Each
 * axis is read by layout_axis.c, the traces by families.c.
 */
#include "plotly.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* plotly.js's default figure and margins, in pixels. */
#define DEFAULT_WIDTH 700.0
#define DEFAULT_HEIGHT 450.0
#define DEFAULT_MARGIN_X 160.0
#define DEFAULT_MARGIN_Y 180.0
#define DOMAIN_TOL 1e-6

int
px_is_figure(chx_state *st, PyObject *obj)
{
    PyObject *modules, *mod, *cls, *data;
    int ok;

    (void)st;
    if (PyDict_Check(obj)) {
        data = PyDict_GetItemString(obj, "data");   /* borrowed */
        return data != NULL && (PyList_Check(data) || PyTuple_Check(data));
    }
    modules = PyImport_GetModuleDict();              /* borrowed */
    mod = PyDict_GetItemString(modules, "plotly.basedatatypes");
    if (mod == NULL)
        return 0;
    cls = PyObject_GetAttrString(mod, "BaseFigure");
    if (cls == NULL) {
        PyErr_Clear();
        return 0;
    }
    ok = PyType_Check(cls) ? PyObject_IsInstance(obj, cls) : 0;
    Py_DECREF(cls);
    return ok;
}

/* ------------------------------------------------------------- the axes */

/* The axis a trace names ("x", "x2", "scene2.z"), made on first use. */
static px_axis *
axis_of(preader *r, const char *ref)
{
    px_axis *ax;
    char key[96];
    const char *dot;
    PyObject *scene;
    size_t i;

    for (i = 0; i < r->n_axes; i++)
        if (strcmp(r->axes[i].ref, ref) == 0)
            return &r->axes[i];
    if (r->n_axes == sizeof r->axes / sizeof r->axes[0])
        return NULL;
    ax = &r->axes[r->n_axes++];
    memset(ax, 0, sizeof *ax);
    snprintf(ax->ref, sizeof ax->ref, "%s", ref);
    dot = strchr(ref, '.');
    if (dot != NULL) {
        /* scene2.z -> layout.scene2.zaxis */
        snprintf(key, sizeof key, "%.*s", (int)(dot - ref), ref);
        scene = px_get(r->layout, key);
        snprintf(key, sizeof key, "%saxis", dot + 1);
        ax->spec = px_get(scene, key);
        Py_XDECREF(scene);
    }
    else {
        /* x2 -> layout.xaxis2 */
        snprintf(key, sizeof key, "%caxis%s", ref[0], ref + 1);
        ax->spec = px_get(r->layout, key);
    }
    if (PyErr_Occurred())
        return NULL;
    ax->type = PX_AXTYPE_LINEAR;
    return ax;
}

/* A trace's reference to its axis ("x", "x2"), checked; dflt otherwise. */
static void
trace_ref(PyObject *trace, const char *key, const char *dflt, char *out, size_t size)
{
    PyObject *v = px_get(trace, key);
    const char *s = NULL;

    if (v != NULL && PyUnicode_Check(v))
        s = PyUnicode_AsUTF8(v);
    if (s == NULL)
        PyErr_Clear();
    snprintf(out, size, "%s", s != NULL && strlen(s) < 16 ? s : dflt);
    Py_XDECREF(v);
}

/* x0, x1 of a [lo, hi] pair (a domain) into d; defaults kept. */
static void
pair_of(PyObject *obj, double d[2])
{
    PyObject *seq;
    double a, b;

    if (obj == NULL || !(PyList_Check(obj) || PyTuple_Check(obj)))
        return;
    seq = PySequence_Fast(obj, "");
    if (seq == NULL) {
        PyErr_Clear();
        return;
    }
    if (PySequence_Fast_GET_SIZE(seq) == 2) {
        a = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(seq, 0));
        b = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(seq, 1));
        if (PyErr_Occurred())
            PyErr_Clear();
        else if (isfinite(a) && isfinite(b)) {
            d[0] = a;
            d[1] = b;
        }
    }
    Py_DECREF(seq);
}

static void
axis_domain(px_axis *ax, double d[2])
{
    PyObject *dom = px_get(ax->spec, "domain");

    d[0] = ax->has_domain ? ax->domain[0] : 0;
    d[1] = ax->has_domain ? ax->domain[1] : 1;
    pair_of(dom, d);
    Py_XDECREF(dom);
}

/* A domain given as a cell of layout.grid ({"row": i, "column": j}, as
 * the indicator and make_subplots examples place traces) into d: the
 * grid's cell, rows from the top (roworder "top to bottom", no gaps). */
static void
grid_domain(preader *r, PyObject *dom, double d[4])
{
    PyObject *grid = px_get(r->layout, "grid");
    double row, col, rows, cols;

    if (px_number(dom, "row", &row) && px_number(dom, "column", &col)
        && px_number(grid, "rows", &rows) && px_number(grid, "columns", &cols)
        && rows >= 1 && cols >= 1 && row >= 0 && col >= 0 && row < rows && col < cols) {
        int bottom_up = px_str_is(grid, "roworder", "bottom to top", 0);

        row = floor(row);
        col = floor(col);
        d[0] = col / cols;
        d[1] = (col + 1) / cols;
        d[2] = bottom_up ? row / rows : 1 - (row + 1) / rows;
        d[3] = bottom_up ? (row + 1) / rows : 1 - row / rows;
    }
    Py_XDECREF(grid);
}

/* x and y of a domain mapping ({"x": [x0, x1], "y": [y0, y1]}) into
 * d[0..1] and d[2..3]; defaults kept. */
static void
domain_pairs(PyObject *dom, double d[4])
{
    PyObject *part = px_get(dom, "x");

    pair_of(part, d);
    Py_XDECREF(part);
    part = px_get(dom, "y");
    pair_of(part, d + 2);
    Py_XDECREF(part);
}

/* The layout key of a polar, map, ternary or smith trace's subplot:
 * polar2, geo3, mapbox, map2, ternary2, smith (its base name when the
 * trace names another). */
static void
polar_or_map_ref(PyObject *trace, const char *type, px_subplot_kind kind, char ref[64])
{
    const char *base = kind == PX_POLAR ? "polar" : kind == PX_TERNARY ? "ternary"
                       : kind == PX_SMITH ? "smith"
                       : strcmp(type, "scattergeo") == 0 || strcmp(type, "choropleth") == 0
                       ? "geo" : strstr(type, "mapbox") != NULL ? "mapbox" : "map";

    trace_ref(trace, strcmp(base, "geo") == 0 ? "geo" : "subplot", base, ref, 64);
    if (strncmp(ref, base, strlen(base)) != 0
        || strspn(ref + strlen(base), "0123456789") != strlen(ref + strlen(base)))
        snprintf(ref, 64, "%s", base);
}

/* The reference of a trace's subplot, which names it: "x2y3" (its axes
 * into xr and yr), "scene2", "polar2", "geo", or "d<domain>" for a
 * domain trace (its domain into d). */
static void
subplot_ref(preader *r, PyObject *trace, const char *type, px_subplot_kind kind,
            char ref[64], char xr[16], char yr[16], double d[4])
{
    PyObject *dom;

    if (kind == PX_CARTESIAN) {
        trace_ref(trace, "xaxis", "x", xr, 16);
        trace_ref(trace, "yaxis", "y", yr, 16);
        if (xr[0] != 'x' || yr[0] != 'y') {
            snprintf(xr, 16, "x");
            snprintf(yr, 16, "y");
        }
        snprintf(ref, 64, "%s%s", xr, yr);
    }
    else if (kind == PX_SCENE) {
        trace_ref(trace, "scene", "scene", ref, 64);
        if (strncmp(ref, "scene", 5) != 0)
            snprintf(ref, 64, "scene");
    }
    else if (kind == PX_POLAR || kind == PX_MAP || kind == PX_TERNARY || kind == PX_SMITH)
        polar_or_map_ref(trace, type, kind, ref);
    else {
        dom = px_get(trace, "domain");
        domain_pairs(dom, d);
        grid_domain(r, dom, d);
        Py_XDECREF(dom);
        snprintf(ref, 64, "d%.4g,%.4g,%.4g,%.4g", d[0], d[1], d[2], d[3]);
    }
}

/* A cartesian subplot's axes xr and yr, and its domain: theirs (an
 * overlaying axis, a secondary y, shares its base's). */
static int
cartesian_axes(preader *r, px_subplot *p, const char *xr, const char *yr)
{
    PyObject *over;

    p->axis[0] = axis_of(r, xr);
    p->axis[1] = axis_of(r, yr);
    if (p->axis[0] == NULL || p->axis[1] == NULL)
        return -1;
    axis_domain(p->axis[0], p->domain);
    axis_domain(p->axis[1], p->domain + 2);
    over = px_get(p->axis[1]->spec, "overlaying");
    if (over != NULL && PyUnicode_Check(over)) {
        const char *o = PyUnicode_AsUTF8(over);
        px_axis *base = o != NULL && o[0] == 'y' ? axis_of(r, o) : NULL;

        if (o == NULL)
            PyErr_Clear();
        if (base != NULL)
            axis_domain(base, p->domain + 2);
    }
    Py_XDECREF(over);
    return 0;
}

/* A polar, map or 3-D subplot's domain (layout.polar2.domain, ...: a
 * cell of layout.grid too but on a scene), and its axes: a polar
 * subplot's angular (x) and radial (y), a scene's x, y and z. */
static int
layout_subplot_axes(preader *r, px_subplot *p)
{
    PyObject *spec = px_get(r->layout, p->ref), *dom = px_get(spec, "domain");
    char ref[80];
    int i, n = p->kind == PX_POLAR ? 2 : p->kind == PX_SCENE ? 3 : 0;

    domain_pairs(dom, p->domain);
    if (p->kind != PX_SCENE)
        grid_domain(r, dom, p->domain);
    Py_XDECREF(dom);
    Py_XDECREF(spec);
    for (i = 0; i < n; i++) {
        /* polar2.angular -> layout.polar2.angularaxis (x), .radial (y);
         * scene2.z -> layout.scene2.zaxis */
        if (p->kind == PX_POLAR)
            snprintf(ref, sizeof ref, "%s.%s", p->ref, i == 0 ? "angular" : "radial");
        else
            snprintf(ref, sizeof ref, "%s.%c", p->ref, "xyz"[i]);
        p->axis[i] = axis_of(r, ref);
        if (p->axis[i] == NULL)
            return -1;
    }
    return 0;
}

/* The subplot ref (of kind; its axes xr and yr when cartesian, its domain
 * d when a domain's), made on first use; NULL when there are too many (its
 * traces are left out) or on error (exception set). */
static px_subplot *
subplot_at(preader *r, px_subplot_kind kind, const char *ref, const char *xr, const char *yr,
           const double d[4])
{
    px_subplot *p;
    size_t i;
    int rc = 0;

    for (i = 0; i < r->n_subplots; i++)
        if (strcmp(r->subplots[i].ref, ref) == 0)
            return &r->subplots[i];
    if (r->n_subplots == PX_MAX_AXES)
        return NULL;
    p = &r->subplots[r->n_subplots];
    memset(p, 0, sizeof *p);
    p->kind = kind;
    snprintf(p->ref, sizeof p->ref, "%s", ref);
    memcpy(p->domain, d, sizeof p->domain);
    p->traces = PyList_New(0);
    if (p->traces == NULL)
        return NULL;
    r->n_subplots++;
    if (kind == PX_CARTESIAN)
        rc = cartesian_axes(r, p, xr, yr);
    else if (kind != PX_DOMAIN)
        rc = layout_subplot_axes(r, p);
    return rc < 0 || PyErr_Occurred() ? NULL : p;
}

/* The subplot of a trace (see subplot_at). */
static px_subplot *
subplot_of(preader *r, PyObject *trace, const char *type)
{
    px_subplot_kind kind = px_trace_subplot_kind(type);
    char ref[64], xr[16] = "", yr[16] = "";
    double d[4] = {0, 1, 0, 1};

    subplot_ref(r, trace, type, kind, ref, xr, yr, d);
    if (PyErr_Occurred())
        return NULL;
    return subplot_at(r, kind, ref, xr, yr, d);
}

/* The cartesian subplots the shapes of the layout stand on, made when no
 * trace made them (a figure of shapes alone). */
static int
place_shapes(preader *r)
{
    PyObject *shapes = px_get(r->layout, "shapes"), *seq = NULL;
    const double d[4] = {0, 1, 0, 1};
    char xr[16], yr[16], ref[64];
    Py_ssize_t i;
    int rc = -1;

    if (shapes == NULL || PyUnicode_Check(shapes)
        || (seq = PySequence_Fast(shapes, "")) == NULL) {
        px_absent();
        rc = PyErr_Occurred() ? -1 : 0;
        goto done;
    }
    for (i = 0; i < PySequence_Fast_GET_SIZE(seq); i++) {
        if (px_shape_place(r, PySequence_Fast_GET_ITEM(seq, i), xr, yr) != 1)
            continue;
        snprintf(ref, sizeof ref, "%s%s", xr, yr);
        if (subplot_at(r, PX_CARTESIAN, ref, xr, yr, d) == NULL && PyErr_Occurred())
            goto done;
    }
    rc = PyErr_Occurred() ? -1 : 0;
done:
    Py_XDECREF(shapes);
    Py_XDECREF(seq);
    return rc;
}

/* Reading order: top to bottom, then left to right. */
static int
subplot_order(const void *pa, const void *pb)
{
    const px_subplot *a = pa, *b = pb;
    double ya = a->domain[3], yb = b->domain[3];

    if (fabs(ya - yb) > DOMAIN_TOL)
        return ya > yb ? -1 : 1;
    if (fabs(a->domain[0] - b->domain[0]) > DOMAIN_TOL)
        return a->domain[0] < b->domain[0] ? -1 : 1;
    return 0;
}

/* A subplot title: an annotation in paper coordinates centred over the
 * top of a subplot not yet titled (the first such) titles it. */
static int
annotation_title(preader *r, PyObject *a, unsigned char *titled)
{
    PyObject *text = NULL;
    double x, y;
    size_t k;
    int rc = -1;

    if (!px_str_is(a, "xref", "paper", 0) || !px_str_is(a, "yref", "paper", 0)
        || !px_number(a, "x", &x) || !px_number(a, "y", &y))
        return 0;
    for (k = 0; k < r->n_subplots; k++) {
        px_subplot *p = &r->subplots[k];

        if (titled[k] || fabs((p->domain[0] + p->domain[1]) / 2 - x) > DOMAIN_TOL
            || fabs(p->domain[3] - y) > DOMAIN_TOL)
            continue;
        text = px_get(a, "text");
        if (text != NULL && PyUnicode_Check(text)) {
            SET_TEXT(r, text, chartex_axes_set_title(p->axes, CHARTEX_TITLE_CENTER, s, len,
                                                     &r->err));
            titled[k] = 1;
        }
        break;
    }
    rc = 0;
done:
    Py_XDECREF(text);
    return rc;
}

/* The figure's title; subplot titles are annotations in paper
 * coordinates centred over a subplot's top (make_subplots, plotly
 * express facets): they become that subplot's title. */
static int
read_titles(preader *r)
{
    PyObject *title = px_title(r->layout, "title"), *notes = NULL, *seq = NULL;
    unsigned char *titled = px_calc_zalloc(r->n_subplots, 1);
    Py_ssize_t i;
    int rc = -1;

    if (titled == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    if (title != NULL) {
        if (r->n_subplots == 1)
            SET_TEXT(r, title, chartex_axes_set_title(r->subplots[0].axes,
                                                      CHARTEX_TITLE_CENTER, s, len,
                                                      &r->err));
        else
            SET_TEXT(r, title, chartex_scene_set_suptitle(r->scene, s, len, &r->err));
    }
    notes = px_get(r->layout, "annotations");
    if (notes == NULL || r->n_subplots < 2) {
        rc = PyErr_Occurred() ? -1 : 0;
        goto done;
    }
    seq = PySequence_Fast(notes, "");
    if (seq == NULL) {
        PyErr_Clear();
        rc = 0;
        goto done;
    }
    for (i = 0; i < PySequence_Fast_GET_SIZE(seq); i++)
        if (annotation_title(r, PySequence_Fast_GET_ITEM(seq, i), titled) < 0)
            goto done;
    rc = PyErr_Occurred() ? -1 : 0;
done:
    free(titled);
    Py_XDECREF(title);
    Py_XDECREF(notes);
    Py_XDECREF(seq);
    return rc;
}

static void
reader_clear(preader *r)
{
    size_t i;

    for (i = 0; i < r->n_axes; i++) {
        Py_CLEAR(r->axes[i].spec);
        Py_CLEAR(r->axes[i].cat_index);
        Py_CLEAR(r->axes[i].cat_names);
    }
    for (i = 0; i < r->n_subplots; i++) {
        Py_CLEAR(r->subplots[i].traces);
        Py_CLEAR(r->subplots[i].types);
        Py_CLEAR(r->subplots[i].indices);
        px_trace_state_free(&r->subplots[i]);
    }
    Py_CLEAR(r->layout);
    Py_CLEAR(r->data);
    Py_CLEAR(r->keep);
    free(r->notes_taken);
    r->notes_taken = NULL;
    free(r->colors);
    r->colors = NULL;
}

/* The trace's type ("scatter" when not said). */
static PyObject *
trace_type(PyObject *trace)
{
    PyObject *t = px_get(trace, "type");

    if (t != NULL && PyUnicode_Check(t))
        return t;
    Py_XDECREF(t);
    if (PyErr_Occurred())
        return NULL;
    return PyUnicode_FromString("scatter");
}

/* Trace number i (its type a str) added to subplot p's traces. */
static int
add_trace(px_subplot *p, PyObject *trace, PyObject *type, Py_ssize_t i)
{
    PyObject *index;
    int rc;

    if (p->types == NULL && ((p->types = PyList_New(0)) == NULL
                             || (p->indices = PyList_New(0)) == NULL))
        return -1;
    index = PyLong_FromSsize_t(i);
    rc = index == NULL || PyList_Append(p->traces, trace) < 0
         || PyList_Append(p->types, type) < 0 || PyList_Append(p->indices, index) < 0 ? -1 : 0;
    Py_XDECREF(index);
    return rc;
}

/* A splom trace (number i) on the subplot of each of its panels, their
 * axes in the matrix's cells when the layout places them not. */
static int
add_splom(preader *r, PyObject *trace, PyObject *type, Py_ssize_t i)
{
    px_splom_panel panels[PX_MAX_AXES];
    size_t n = px_splom_panels(trace, panels, PX_MAX_AXES), k;
    const double d[4] = {0, 1, 0, 1};
    char ref[64];

    for (k = 0; k < n; k++) {
        px_axis *x = axis_of(r, panels[k].xr), *y = axis_of(r, panels[k].yr);
        px_subplot *p;

        if (x == NULL || y == NULL)
            return PyErr_Occurred() ? -1 : 0;
        x->has_domain = y->has_domain = 1;
        memcpy(x->domain, panels[k].x_domain, sizeof x->domain);
        memcpy(y->domain, panels[k].y_domain, sizeof y->domain);
        snprintf(ref, sizeof ref, "%.15s%.15s", panels[k].xr, panels[k].yr);
        p = subplot_at(r, PX_CARTESIAN, ref, panels[k].xr, panels[k].yr, d);
        if (p == NULL) {
            if (PyErr_Occurred())
                return -1;
            continue;
        }
        if (add_trace(p, trace, type, i) < 0)
            return -1;
    }
    return 0;
}

/* Groups the drawn traces by subplot. */
static int
group_traces(preader *r)
{
    Py_ssize_t i;
    PyObject *trace, *type = NULL, *vis;
    px_subplot *p;
    const char *ty;

    for (i = 0; i < PyList_GET_SIZE(r->data); i++) {
        trace = PyList_GET_ITEM(r->data, i);
        if (!PyDict_Check(trace) && !PyMapping_Check(trace))
            continue;
        /* visible: false and "legendonly" are not drawn. */
        vis = px_get(trace, "visible");
        if (vis != NULL && (vis == Py_False || PyUnicode_Check(vis))) {
            Py_DECREF(vis);
            continue;
        }
        Py_XDECREF(vis);
        type = trace_type(trace);
        if (type == NULL)
            goto fail;
        ty = PyUnicode_AsUTF8(type);
        if (ty == NULL)
            goto fail;
        if (strcmp(ty, "splom") == 0) {
            if (add_splom(r, trace, type, i) < 0)
                goto fail;
            Py_CLEAR(type);
            continue;
        }
        p = subplot_of(r, trace, ty);
        if (p == NULL) {
            if (PyErr_Occurred())
                goto fail;
            Py_CLEAR(type);
            continue;
        }
        if (add_trace(p, trace, type, i) < 0)
            goto fail;
        Py_CLEAR(type);
    }
    return 0;
fail:
    Py_XDECREF(type);
    return -1;
}

/* The scene's Axes of a subplot: flags, size in pixels, its axes. */
static int
make_axes(preader *r, px_subplot *p)
{
    double wfrac = fabs(p->domain[1] - p->domain[0]), hfrac = fabs(p->domain[3] - p->domain[2]);
    int which, n = p->kind == PX_SCENE ? 3 : p->kind == PX_CARTESIAN || p->kind == PX_POLAR ? 2 : 0;

    p->axes = chartex_scene_add_axes(r->scene, &r->err);
    if (p->axes == NULL)
        return px_core_fail(r);
    if (p->kind == PX_SCENE)
        chartex_axes_set_flags(p->axes, CHARTEX_AXES_3D);
    if (p->kind == PX_POLAR)
        chartex_axes_set_flags(p->axes, CHARTEX_AXES_POLAR);
    chartex_axes_set_pixels(p->axes, (r->width - DEFAULT_MARGIN_X) * wfrac,
                            (r->height - DEFAULT_MARGIN_Y) * hfrac);
    for (which = 0; which < n; which++)
        if (px_read_axis(r, p->axis[which], chartex_axes_axis(p->axes, which)) < 0)
            return -1;
    return 0;
}

/* The figure's traces (r->data, a list) and layout (an empty dict when
 * it has none), and what the layout says for every trace: its barmode
 * and size. */
static int
open_figure(preader *r, PyObject *fig)
{
    PyObject *data = PyDict_Check(fig) ? PyDict_GetItemString(fig, "data") : NULL;
    double w, h;

    if (data != NULL)
        Py_INCREF(data);
    else if (!PyDict_Check(fig))
        data = PyObject_GetAttrString(fig, "data");
    if (data == NULL) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_TypeError, "a Plotly figure has no data");
        return px_fail(r, "the figure's data");
    }
    r->data = PySequence_List(data);
    Py_DECREF(data);
    if (r->data == NULL)
        return px_fail(r, "the figure's data");
    r->layout = PyDict_Check(fig) ? px_get(fig, "layout") : PyObject_GetAttrString(fig, "layout");
    if (r->layout == NULL) {
        if (chx_clear_recoverable() < 0)
            return -1;
        r->layout = PyDict_New();
        if (r->layout == NULL)
            return -1;
    }
    /* layout.barmode ("group" when not given), which every bar and
     * histogram trace of the figure is drawn by. */
    r->barmode = px_str(r->layout, "barmode", &r->keep);
    if (r->barmode == NULL)
        r->barmode = "group";
    r->width = px_number(r->layout, "width", &w) && w > 10 ? w : DEFAULT_WIDTH;
    r->height = px_number(r->layout, "height", &h) && h > 10 ? h : DEFAULT_HEIGHT;
    return 0;
}

/* The subplots as the scene's Axes in reading order: their axes' types
 * and categories, each axis, the titles. */
static int
read_subplots(preader *r)
{
    size_t i;

    for (i = 0; i < r->n_axes; i++)
        if (px_resolve_type(r, &r->axes[i]) < 0)
            return px_fail(r, "an axis type");
    for (i = 0; i < r->n_axes; i++)
        if (r->axes[i].type == PX_AXTYPE_CATEGORY && px_collect_categories(r, &r->axes[i]) < 0)
            return px_fail(r, "the categories of an axis");
    qsort(r->subplots, r->n_subplots, sizeof r->subplots[0], subplot_order);
    for (i = 0; i < r->n_subplots; i++)
        if (make_axes(r, &r->subplots[i]) < 0)
            return px_fail(r, "an axis");
    if (read_titles(r) < 0)
        return px_fail(r, "the titles");
    return 0;
}

/* Every trace into its subplot, subplot by subplot. */
static int
read_traces(preader *r)
{
    size_t i, k;

    for (i = 0; i < r->n_subplots; i++) {
        px_subplot *p = &r->subplots[i];

        for (k = 0; k < (size_t)PyList_GET_SIZE(p->traces); k++) {
            const char *ty = PyUnicode_AsUTF8(PyList_GET_ITEM(p->types, k));
            Py_ssize_t index = PyLong_AsSsize_t(PyList_GET_ITEM(p->indices, k));

            if (ty == NULL || px_read_trace(r, p, PyList_GET_ITEM(p->traces, k), ty, index) < 0)
                return -1;
        }
        if (px_read_shapes(r, p) < 0)
            return -1;
    }
    return 0;
}

chartex_scene *
px_read_figure(chx_state *st, PyObject *fig, PyObject *keep)
{
    preader *r = px_calc_zalloc(1, sizeof *r);
    chartex_scene *scene = NULL;

    if (r == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    r->st = st;
    r->borrowed = keep;
    if (chx_ready_numpy(st) < 0)
        goto done;
    r->scene = chartex_scene_new(&r->err);
    if (r->scene == NULL) {
        px_core_fail(r);
        goto done;
    }
    if (open_figure(r, fig) < 0)
        goto done;
    if (group_traces(r) < 0) {
        px_fail(r, "the traces");
        goto done;
    }
    if (place_shapes(r) < 0) {
        px_fail(r, "the shapes");
        goto done;
    }
    if (read_subplots(r) < 0 || read_traces(r) < 0 || px_color_ranges(r) < 0)
        goto done;
    scene = r->scene;
    r->scene = NULL;
done:
    chartex_scene_free(r->scene);
    reader_clear(r);
    free(r);
    return scene;
}
