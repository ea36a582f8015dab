/*
 * views.c - an Altair chart into a scene: the entry points, the plan
 * (chartex._altair.plan: the Vega spec and the data its marks show), and
 * the views of the spec.
 *
 * A view is a group of the Vega spec that draws marks: the spec itself
 * for a single or layered chart, each "cell" group of a concatenation or
 * a repeat, and each cell of a facet (one group of the spec that Vega
 * repeats for every value of the facet's fields: here one view per
 * value, its rows the facet's, in the order its "sort" gives).  Header
 * groups (a facet's titles and shared axes) draw no data.  A view's
 * marks are gathered through the groups inside it: a path group (Vega-
 * Lite's one line per colour) is split by its facet's fields, each part
 * a series named by its values.
 *
 * Each view is one scene Axes per pair of x and y scales its marks use
 * (a layer with an independent y scale is a twin Axes), with the axes'
 * titles, kinds and categories, the chart's or the cell's title, and its
 * size in pixels (the resolution bound reads it).
 */
#include "altair.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int read_group(vl_reader *r, PyObject *group, const vl_scope *scope);

/* ---------------------------------------------------------- recognition */

/* A dict in the plan's form: {"vega": dict, "datasets": dict}. */
static int
is_plan(PyObject *obj)
{
    PyObject *vega, *data;

    if (!PyDict_Check(obj))
        return 0;
    vega = PyDict_GetItemString(obj, "vega");
    data = PyDict_GetItemString(obj, "datasets");
    return vega != NULL && PyDict_Check(vega) && data != NULL && PyDict_Check(data);
}

/* A Vega-Lite spec as a dict (chartex._altair.is_spec, in C). */
static int
is_spec(PyObject *obj)
{
    static const char *const views[] = {"mark", "layer", "hconcat", "vconcat", "concat",
                                        "facet", "repeat"};
    PyObject *schema, *data;
    const char *s;
    size_t i;

    schema = PyDict_GetItemString(obj, "$schema");
    if (schema != NULL && PyUnicode_Check(schema)) {
        s = PyUnicode_AsUTF8(schema);
        if (s == NULL)
            PyErr_Clear();
        return s != NULL && strstr(s, "vega-lite") != NULL;
    }
    data = PyDict_GetItemString(obj, "data");
    if (data != NULL && PyList_Check(data))
        return 0;
    for (i = 0; i < sizeof views / sizeof *views; i++)
        if (PyDict_GetItemString(obj, views[i]) != NULL)
            return 1;
    return 0;
}

int
vl_is_chart(chx_state *st, PyObject *obj)
{
    PyObject *mod, *cls;
    int ok;

    (void)st;
    if (PyDict_Check(obj))
        return is_plan(obj) || is_spec(obj);
    mod = PyDict_GetItemString(PyImport_GetModuleDict(), "altair");   /* borrowed */
    if (mod == NULL)
        return 0;
    cls = PyObject_GetAttrString(mod, "TopLevelMixin");
    if (cls == NULL) {
        PyErr_Clear();
        return 0;
    }
    ok = PyType_Check(cls) ? PyObject_IsInstance(obj, cls) : 0;
    Py_DECREF(cls);
    return ok;
}

/* --------------------------------------------------------------- views */

static int
read_marks(vl_view *v, vl_gather *g)
{
    size_t i;

    if (vl_read_boxplots(g->marks, g->n) < 0)
        return -1;
    for (i = 0; i < g->n; i++)
        if (vl_read_mark(&g->marks[i]) < 0)
            return -1;
    for (i = 0; i < v->n_panes; i++)
        if (vl_encoding_records(v, &v->pane[i], g->marks, g->n) < 0)
            return -1;
    return vl_data_notes(v, g->marks, g->n);
}

/* The views inside a view (a cell of a concatenation inside a layer's
 * group is rare, but Vega allows it). */
static int
read_subviews(vl_reader *r, vl_gather *g, const vl_scope *scope)
{
    Py_ssize_t i;

    for (i = 0; i < PyList_GET_SIZE(g->subviews); i++) {
        PyObject *item = PyList_GET_ITEM(g->subviews, i);
        PyObject *group = PyTuple_GET_ITEM(item, 0);
        vl_scope *inner = vl_gather_scope(g, scope, group, (int)PyLong_AsSsize_t(PyTuple_GET_ITEM(item, 1)));

        if (inner == NULL || read_group(r, group, inner) < 0)
            return -1;
    }
    return 0;
}

static int
read_view(vl_reader *r, PyObject *group, const vl_scope *scope, PyObject *title)
{
    vl_view v;
    vl_gather g;
    size_t i;
    int rc = -1;

    if (r->n_views >= VL_MAX_VIEWS)
        return 0;
    memset(&v, 0, sizeof v);
    memset(&g, 0, sizeof g);
    v.r = r;
    v.scope = scope;
    v.title = title;
    g.v = &v;
    g.subviews = PyList_New(0);
    if (g.subviews == NULL || vl_gather_view(&g, group, scope) < 0
        || vl_order_paths(g.marks, g.n) < 0 || vl_assign_panes(&g) < 0)
        goto done;
    for (i = 0; i < v.n_panes; i++)
        if (r->n_views < VL_MAX_VIEWS && vl_make_axes(&v, &v.pane[i]) < 0)
            goto done;
    if (read_marks(&v, &g) < 0 || read_subviews(r, &g, scope) < 0)
        goto done;
    rc = 0;
done:
    vl_gather_clear(&g);
    return rc;
}

/* The title of a facet's cell: "field = value" for each of its fields. */
static PyObject *
cell_title(PyObject *groupby, const vl_group *cell)
{
    PyObject *parts = PyList_New(0), *sep = NULL, *out = NULL;
    size_t k;

    if (parts == NULL)
        return NULL;
    for (k = 0; k < cell->n_keys && groupby != NULL && k < (size_t)PyList_GET_SIZE(groupby); k++) {
        PyObject *value = vl_cell_text(&cell->key[k]), *part;

        if (value == NULL && PyErr_Occurred())
            goto done;
        part = PyUnicode_FromFormat("%S = %S", PyList_GET_ITEM(groupby, (Py_ssize_t)k),
                                    value != NULL ? value : Py_None);
        Py_XDECREF(value);
        if (part == NULL || PyList_Append(parts, part) < 0) {
            Py_XDECREF(part);
            goto done;
        }
        Py_DECREF(part);
    }
    sep = PyUnicode_FromString(", ");
    if (sep != NULL)
        out = PyUnicode_Join(sep, parts);
done:
    Py_XDECREF(sep);
    Py_DECREF(parts);
    return out;
}

/* Sorts the cells of a facet as its group's "sort" says ({field: [...],
 * order: [...]}, the fields in the facet's order); else as met. */
static int
cell_cmp(const void *pa, const void *pb, int *desc, size_t n)
{
    const vl_group *a = *(vl_group *const *)pa, *b = *(vl_group *const *)pb;
    size_t k;

    for (k = 0; k < n && k < a->n_keys; k++) {
        int c = vl_cell_compare(&a->key[k], &b->key[k]);

        if (c != 0)
            return desc[k] ? -c : c;
    }
    return (a->first > b->first) - (a->first < b->first);
}

static void
sort_cells(PyObject *group, vl_group **cells, size_t n)
{
    PyObject *sort = vl_get_dict(group, "sort"), *order = vl_get_list(sort, "order");
    int desc[VL_MAX_KEYS] = {0};
    size_t i, j, k;

    if (sort != NULL) {
        for (k = 0; order != NULL && k < VL_MAX_KEYS && k < (size_t)PyList_GET_SIZE(order); k++)
            desc[k] = vl_is(PyList_GET_ITEM(order, (Py_ssize_t)k), "descending");
        /* insertion sort: stable, and facets are few */
        for (i = 1; i < n; i++)
            for (j = i; j > 0 && cell_cmp(&cells[j - 1], &cells[j], desc, VL_MAX_KEYS) > 0; j--) {
                vl_group *t = cells[j];

                cells[j] = cells[j - 1];
                cells[j - 1] = t;
            }
    }
    Py_XDECREF(order);
    Py_XDECREF(sort);
}

/* A facet's cell group: one view per cell. */
static int
facet_cells(vl_reader *r, PyObject *group, const vl_scope *scope, PyObject *facet)
{
    PyObject *groupby = vl_get_list(facet, "groupby"), *name = vl_get(facet, "name");
    vl_groups split;
    vl_group **order = NULL;
    vl_rows rows;
    size_t i;
    int rc = vl_facet_split(r, facet, scope->parent != NULL ? scope->parent : scope, &rows, &split);

    if (rc <= 0)
        goto done;
    rc = -1;
    order = malloc((split.n ? split.n : 1) * sizeof *order);
    if (order == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (i = 0; i < split.n; i++)
        order[i] = &split.g[i];
    sort_cells(group, order, split.n);
    for (i = 0; i < split.n; i++) {
        vl_scope cell = *scope;
        PyObject *title = cell_title(groupby, order[i]);

        if (title == NULL)
            goto done;
        cell.facet_name = name;
        cell.facet.data = rows.data;
        cell.facet.n = order[i]->n;
        cell.facet.idx = order[i]->idx;
        cell.facet_fields = groupby;
        cell.facet_keys = order[i]->key;
        cell.n_facet_keys = order[i]->n_keys;
        if (read_view(r, group, &cell, title) < 0) {
            Py_DECREF(title);
            goto done;
        }
        Py_DECREF(title);
    }
    rc = 0;
done:
    free(order);
    vl_groups_clear(&split);
    Py_XDECREF(groupby);
    Py_XDECREF(name);
    return rc;
}

/* Whether a group draws marks of its own (or through a path group). */
static int
draws(PyObject *group)
{
    PyObject *marks = vl_get_list(group, "marks");
    Py_ssize_t i;
    int yes = 0;

    for (i = 0; marks != NULL && i < PyList_GET_SIZE(marks) && !yes; i++) {
        PyObject *m = PyList_GET_ITEM(marks, i);

        yes = PyDict_Check(m) && (!vl_str_is(m, "type", "group")
                                  || (!vl_is_cell(m) && !vl_is_header(m)));
    }
    Py_XDECREF(marks);
    return yes;
}

static int
read_group(vl_reader *r, PyObject *group, const vl_scope *scope)
{
    PyObject *marks, *from, *facet, *title, *given;
    Py_ssize_t i;
    int index = 0, rc = 0;

    if (scope->depth >= VL_MAX_DEPTH || r->n_views >= VL_MAX_VIEWS)
        return 0;
    if (vl_is_cell(group) || draws(group)) {
        from = vl_get_dict(group, "from");
        facet = vl_get_dict(from, "facet");
        given = vl_get(group, "title");
        title = facet == NULL ? vl_title_text(given) : NULL;
        rc = facet != NULL ? facet_cells(r, group, scope, facet)
                           : read_view(r, group, scope, title);
        Py_XDECREF(given);
        Py_XDECREF(title);
        Py_XDECREF(facet);
        Py_XDECREF(from);
        return rc;
    }
    marks = vl_get_list(group, "marks");
    for (i = 0; marks != NULL && i < PyList_GET_SIZE(marks) && rc == 0; i++) {
        PyObject *m = PyList_GET_ITEM(marks, i);
        vl_scope inner;

        if (!vl_str_is(m, "type", "group"))
            continue;
        memset(&inner, 0, sizeof inner);
        inner.parent = scope;
        inner.group = m;
        inner.depth = scope->depth;
        memcpy(inner.path, scope->path, sizeof inner.path);
        inner.path[inner.depth++] = index++;
        if (!vl_is_header(m))
            rc = read_group(r, m, &inner);
    }
    Py_XDECREF(marks);
    return rc;
}

/* ---------------------------------------------------------- entry point */

/* The plan of obj: obj itself in the plan's form, else what
 * chartex._altair.plan.plan(obj) makes (compiled, evaluated). */
static PyObject *
plan_of(chx_state *st, PyObject *obj)
{
    PyObject *module;

    if (PyDict_Check(obj) && is_plan(obj)) {
        Py_INCREF(obj);
        return obj;
    }
    if (st->altair == NULL) {
        module = PyImport_ImportModule("chartex._altair.plan");
        if (module == NULL)
            return NULL;
        if (st->altair == NULL)
            st->altair = module;
        else
            Py_DECREF(module);
    }
    return PyObject_CallMethod(st->altair, "plan", "O", obj);
}

static void
reader_clear(vl_reader *r)
{
    size_t i;

    vl_scales_clear(r);
    for (i = 0; i < r->n_data; i++) {
        Py_XDECREF(r->data[i]->key);
        free(r->data[i]);
    }
    free(r->data);
    for (i = 0; i < r->n_arena; i++)
        free(r->arena[i]);
    free(r->arena);
    Py_XDECREF(r->plan);
}

static int
read_spec(vl_reader *r)
{
    vl_scope root;
    PyObject *given, *title;
    const char *s;
    size_t len;
    PyObject *keep;
    int rc;

    memset(&root, 0, sizeof root);
    root.group = r->vega;
    given = vl_get(r->vega, "title");
    title = vl_title_text(given);
    Py_XDECREF(given);
    if (vl_text(title, &s, &len, &keep) < 0) {
        Py_XDECREF(title);
        return -1;
    }
    rc = s != NULL ? chartex_scene_set_suptitle(r->scene, s, len, &r->err) : 0;
    Py_XDECREF(keep);
    Py_XDECREF(title);
    if (rc < 0)
        return vl_core_fail(r);
    return read_group(r, r->vega, &root);
}

chartex_scene *
vl_read_chart(chx_state *st, PyObject *obj)
{
    vl_reader r;
    chartex_scene *scene = NULL;

    memset(&r, 0, sizeof r);
    r.st = st;
    if (chx_ready_numpy(st) < 0)
        return NULL;
    r.plan = plan_of(st, obj);
    if (r.plan == NULL) {
        vl_fail(&r, "chart");
        goto done;
    }
    r.vega = PyDict_Check(r.plan) ? PyDict_GetItemString(r.plan, "vega") : NULL;
    r.datasets = PyDict_Check(r.plan) ? PyDict_GetItemString(r.plan, "datasets") : NULL;
    r.notes = PyDict_Check(r.plan) ? PyDict_GetItemString(r.plan, "notes") : NULL;
    if (r.datasets != NULL && !PyDict_Check(r.datasets))
        r.datasets = NULL;
    if (r.notes != NULL && !PyDict_Check(r.notes))
        r.notes = NULL;
    if (r.vega == NULL || !PyDict_Check(r.vega)) {
        PyErr_SetString(st->ChartexError, "while reading Altair chart: the plan has no Vega spec");
        goto done;
    }
    r.scene = chartex_scene_new(&r.err);
    if (r.scene == NULL) {
        vl_core_fail(&r);
        goto done;
    }
    if (read_spec(&r) < 0) {
        vl_fail(&r, "chart");
        goto done;
    }
    scene = r.scene;
    r.scene = NULL;
done:
    chartex_scene_free(r.scene);
    reader_clear(&r);
    return scene;
}
