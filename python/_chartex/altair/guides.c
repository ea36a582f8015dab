/*
 * guides.c - the guides of a Vega scale for the Altair reader: the axis
 * that shows a position scale (its title, its format) and the legend of a
 * colour, shape or size scale (its title), found in the groups of the
 * scope that uses the scale, else anywhere in the spec (a facet's axes
 * are in its header groups); never a grid's axis.
 */
#include "altair.h"

#include <string.h>

/* --------------------------------------------------------------- guides */

/* An axis that draws only a grid (Vega-Lite's grid axes: no labels). */
static int
grid_only(PyObject *axis)
{
    PyObject *labels = vl_get(axis, "labels");
    int only = labels == Py_False;

    Py_XDECREF(labels);
    return only;
}

/* The guide of the group's list key ("axes", "legends") for the scale
 * name: a guide one of whose channels (channel keys, NULL-ended) names it;
 * with a title first.  Borrowed. */
static PyObject *
guide_in(PyObject *group, const char *key, const char *const *channels, PyObject *name)
{
    PyObject *list = PyDict_Check(group) ? PyDict_GetItemString(group, key) : NULL;
    PyObject *any = NULL;
    Py_ssize_t i;
    size_t k;

    for (i = 0; list != NULL && PyList_Check(list) && i < PyList_GET_SIZE(list); i++) {
        PyObject *g = PyList_GET_ITEM(list, i);

        if (!PyDict_Check(g) || grid_only(g))
            continue;
        for (k = 0; channels[k] != NULL; k++)
            if (vl_same(PyDict_GetItemString(g, channels[k]), name))
                break;
        if (channels[k] == NULL)
            continue;
        if (PyDict_GetItemString(g, "title") != NULL)
            return g;
        if (any == NULL)
            any = g;
    }
    return any;
}

/* The guide in the scope's groups, else in any group of the spec. */
static PyObject *
guide_of(vl_reader *r, const vl_scope *s, const char *key, const char *const *channels,
         PyObject *name)
{
    PyObject *queue[256], *g = NULL;
    size_t head = 0, tail = 0;
    Py_ssize_t i;

    if (name == NULL)
        return NULL;
    for (; s != NULL && g == NULL; s = s->parent)
        g = guide_in(s->group, key, channels, name);
    queue[tail++] = r->vega;
    while (g == NULL && head < tail) {
        PyObject *group = queue[head++];
        PyObject *marks = PyDict_Check(group) ? PyDict_GetItemString(group, "marks") : NULL;

        g = guide_in(group, key, channels, name);
        for (i = 0; marks != NULL && PyList_Check(marks) && i < PyList_GET_SIZE(marks); i++)
            if (tail < sizeof queue / sizeof *queue
                && vl_str_is(PyList_GET_ITEM(marks, i), "type", "group"))
                queue[tail++] = PyList_GET_ITEM(marks, i);
    }
    Py_XINCREF(g);
    return g;
}

PyObject *
vl_axis_of(vl_reader *r, const vl_scope *s, PyObject *name)
{
    static const char *const channels[] = {"scale", NULL};

    return guide_of(r, s, "axes", channels, name);
}

PyObject *
vl_legend_of(vl_reader *r, const vl_scope *s, PyObject *name)
{
    static const char *const channels[] = {"fill", "stroke", "shape", "size", "strokeDash",
                                           "opacity", "strokeWidth", NULL};

    return guide_of(r, s, "legends", channels, name);
}
