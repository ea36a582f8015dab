/*
 * gather.c - the marks of an Altair view, gathered through the groups
 * inside it: its own marks, those of groups that are no views of their
 * own, and a path group's (Vega-Lite's one line or area per colour) once
 * per part of its facet, each part a series named by its facet's values;
 * a view inside it is kept for later.  Each mark with the rows its "from"
 * names (a facet's, or a dataset of the plan, with the plan's note), and
 * the scopes its names are looked up in, which live as long as the
 * gathering.
 */
#include "altair.h"

#include <stdlib.h>
#include <string.h>

vl_scope *
vl_gather_scope(vl_gather *g, const vl_scope *parent, PyObject *group, int index)
{
    vl_scope *s;

    if (g->n_scopes == g->cap_scopes) {
        size_t cap = g->cap_scopes ? 2 * g->cap_scopes : 8;
        vl_scope **grown = realloc(g->scopes, cap * sizeof *grown);

        if (grown == NULL) {
            PyErr_NoMemory();
            return NULL;
        }
        g->scopes = grown;
        g->cap_scopes = cap;
    }
    s = calloc(1, sizeof *s);
    if (s == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    g->scopes[g->n_scopes++] = s;
    s->parent = parent;
    s->group = group;
    s->depth = parent->depth;
    memcpy(s->path, parent->path, sizeof s->path);
    if (index >= 0 && s->depth < VL_MAX_DEPTH)
        s->path[s->depth++] = index;
    return s;
}

static vl_groups *
new_split(vl_gather *g)
{
    if (g->n_splits == g->cap_splits) {
        size_t cap = g->cap_splits ? 2 * g->cap_splits : 4;
        vl_groups *grown = realloc(g->splits, cap * sizeof *grown);

        if (grown == NULL) {
            PyErr_NoMemory();
            return NULL;
        }
        g->splits = grown;
        g->cap_splits = cap;
    }
    memset(&g->splits[g->n_splits], 0, sizeof *g->splits);
    return &g->splits[g->n_splits++];
}

static void
mark_clear(vl_mark *m)
{
    Py_CLEAR(m->encode);
    Py_CLEAR(m->type_keep);
    Py_CLEAR(m->label);
    Py_CLEAR(m->note);
    Py_CLEAR(m->data_key);
}

void
vl_gather_clear(vl_gather *g)
{
    size_t i;

    for (i = 0; i < g->n; i++)
        mark_clear(&g->marks[i]);
    free(g->marks);
    for (i = 0; i < g->n_scopes; i++)
        free(g->scopes[i]);
    free(g->scopes);
    for (i = 0; i < g->n_splits; i++)
        vl_groups_clear(&g->splits[i]);
    free(g->splits);
    Py_XDECREF(g->subviews);
    memset(g, 0, sizeof *g);
}

/* The encode of a mark: "update" over "enter" (a new dict). */
static PyObject *
encode_of(PyObject *mark)
{
    PyObject *enc = vl_get_dict(mark, "encode"), *out = PyDict_New(), *part;
    static const char *const parts[] = {"enter", "update"};
    size_t k;

    if (out == NULL || enc == NULL) {
        Py_XDECREF(enc);
        return out;
    }
    for (k = 0; k < 2; k++) {
        part = vl_get_dict(enc, parts[k]);
        if (part != NULL && PyDict_Update(out, part) < 0) {
            Py_DECREF(part);
            Py_CLEAR(out);
            break;
        }
        Py_XDECREF(part);
    }
    Py_DECREF(enc);
    return out;
}

/* Appends a mark that reads the rows named by its "from". */
static int
add_mark(vl_gather *g, PyObject *mark, const vl_scope *s, PyObject *label)
{
    PyObject *from = vl_get_dict(mark, "from"), *name = vl_get(from, "data");
    vl_mark *m;
    int found, rc = -1;

    if (g->n == g->cap) {
        size_t cap = g->cap ? 2 * g->cap : 8;
        vl_mark *grown = realloc(g->marks, cap * sizeof *grown);

        if (grown == NULL) {
            PyErr_NoMemory();
            goto done;
        }
        g->marks = grown;
        g->cap = cap;
    }
    m = &g->marks[g->n];
    memset(m, 0, sizeof *m);
    m->v = g->v;
    m->scope = s;
    m->mark = mark;
    m->encode = encode_of(mark);
    m->type_keep = vl_get(mark, "type");
    m->type = m->type_keep != NULL && PyUnicode_Check(m->type_keep)
                  ? PyUnicode_AsUTF8(m->type_keep) : NULL;
    if (m->encode == NULL || (m->type == NULL && PyErr_Occurred())) {
        mark_clear(m);
        goto done;
    }
    Py_XINCREF(label);
    m->label = label;
    g->n++;
    found = name != NULL ? vl_resolve_data(g->v->r, s, name, &m->rows, &m->note, &m->data_key)
                         : 0;
    if (found < 0)
        goto done;
    rc = 0;
done:
    Py_XDECREF(from);
    Py_XDECREF(name);
    return rc;
}

static int gather_group(vl_gather *g, PyObject *group, const vl_scope *s, PyObject *label);

/* The facet of a group ({name, data, groupby}): the rows of its data
 * (rows) split by groupby into out: 1, or 0 when it names no data. */
int
vl_facet_split(vl_reader *r, PyObject *facet, const vl_scope *s, vl_rows *rows, vl_groups *out)
{
    PyObject *data = vl_get(facet, "data"), *groupby = vl_get_list(facet, "groupby");
    PyObject *note = NULL, *key = NULL;
    int found = vl_resolve_data(r, s, data, rows, &note, &key);

    memset(out, 0, sizeof *out);
    if (found > 0 && rows->data != NULL)
        found = vl_split(r, rows, groupby, out) < 0 ? -1 : 1;
    else if (found > 0)
        found = 0;
    Py_XDECREF(note);
    Py_XDECREF(key);
    Py_XDECREF(data);
    Py_XDECREF(groupby);
    return found;
}

/* A path group: its marks once per part of its facet, each part a series
 * named by its facet's values. */
static int
gather_paths(vl_gather *g, PyObject *group, const vl_scope *s, int index, PyObject *facet)
{
    vl_rows rows;
    vl_groups *split = new_split(g);
    PyObject *name = vl_get(facet, "name");
    size_t i;
    int rc = split == NULL ? -1 : vl_facet_split(g->v->r, facet, s, &rows, split);

    if (rc <= 0) {
        Py_XDECREF(name);
        return rc;
    }
    rc = 0;
    for (i = 0; i < split->n && rc == 0; i++) {
        vl_scope *inner = vl_gather_scope(g, s, group, index);

        if (inner == NULL) {
            rc = -1;
            break;
        }
        inner->facet_name = name;       /* kept alive by the plan's spec */
        inner->facet.data = rows.data;
        inner->facet.n = split->g[i].n;
        inner->facet.idx = split->g[i].idx;
        rc = gather_group(g, group, inner, split->g[i].n_keys ? split->g[i].label : NULL);
    }
    Py_XDECREF(name);
    return PyErr_Occurred() ? -1 : rc;
}

int
vl_is_header(PyObject *group)
{
    PyObject *role = vl_get(group, "role");
    const char *s = role != NULL && PyUnicode_Check(role) ? PyUnicode_AsUTF8(role) : NULL;
    int header = s != NULL && (strstr(s, "header") != NULL || strstr(s, "footer") != NULL
                               || strstr(s, "title") != NULL);

    if (s == NULL)
        PyErr_Clear();
    Py_XDECREF(role);
    return header;
}

int
vl_is_cell(PyObject *group)
{
    return vl_has_style(group, "cell") || vl_has_style(group, "view");
}

/* The marks of a group of the view (its own marks, and those of the
 * groups inside it that are no views of their own). */
static int
gather_group(vl_gather *g, PyObject *group, const vl_scope *s, PyObject *label)
{
    PyObject *marks = vl_get_list(group, "marks");
    Py_ssize_t i;
    int index = 0, rc = 0;

    for (i = 0; marks != NULL && i < PyList_GET_SIZE(marks) && rc == 0; i++) {
        PyObject *mark = PyList_GET_ITEM(marks, i), *from, *facet;

        if (!PyDict_Check(mark))
            continue;
        if (!vl_str_is(mark, "type", "group")) {
            rc = add_mark(g, mark, s, label);
            continue;
        }
        if (s->depth >= VL_MAX_DEPTH || vl_is_header(mark)) {
            index++;
            continue;
        }
        if (vl_is_cell(mark)) {
            /* A view inside this one: read on its own, after. */
            PyObject *item = Py_BuildValue("(On)", mark, (Py_ssize_t)index);

            rc = item == NULL || PyList_Append(g->subviews, item) < 0 ? -1 : 0;
            Py_XDECREF(item);
            index++;
            continue;
        }
        from = vl_get_dict(mark, "from");
        facet = vl_get_dict(from, "facet");
        if (facet != NULL)
            rc = gather_paths(g, mark, s, index, facet);
        else {
            vl_scope *inner = vl_gather_scope(g, s, mark, index);

            rc = inner == NULL ? -1 : gather_group(g, mark, inner, label);
        }
        index++;
        Py_XDECREF(from);
        Py_XDECREF(facet);
    }
    Py_XDECREF(marks);
    return rc;
}


int
vl_gather_view(vl_gather *g, PyObject *group, const vl_scope *s)
{
    return gather_group(g, group, s, NULL);
}
