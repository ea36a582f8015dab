/*
 * sankey.c - sankey traces: a sankey record with the nodes (their labels
 * as given, and each node's value as d3-sankey gives it: derived.c) and
 * the links (source and target node indices, value, label), one row per
 * link value as plotly.js reads them.
 */
#include "plotly.h"

#include <math.h>
#include <stdlib.h>

/* key of obj as n doubles (NaN past its values); *v NULL when absent. */
static int
padded(trace_ctx *t, PyObject *obj, const char *key, size_t n, double **v)
{
    trace_ctx o = *t;
    double *got = NULL, *grown;
    size_t ng = 0, i;

    *v = NULL;
    o.trace = obj;
    if (px_values_of(&o, key, NULL, &got, &ng) < 0)
        return -1;
    if (got == NULL)
        return 0;
    grown = px_calc_grow(got, n > ng ? n : ng, sizeof *got);
    if (grown == NULL) {
        free(got);
        PyErr_NoMemory();
        return -1;
    }
    for (i = ng; i < n; i++)
        grown[i] = NAN;
    *v = grown;
    return 0;
}

/* The value of each of the n_nodes nodes: d3-sankey's when every link
 * array is given (nl links), else NaN. */
static int
node_values(size_t n_nodes, const double *src, const double *tgt, const double *val, size_t nl,
            double *nv)
{
    size_t i;

    if (src != NULL && tgt != NULL && val != NULL) {
        if (px_sankey_values(n_nodes, src, tgt, val, nl, nv) < 0) {
            PyErr_NoMemory();
            return -1;
        }
        return 0;
    }
    for (i = 0; i < n_nodes; i++)
        nv[i] = NAN;
    return 0;
}

/* The node labels given (an array) into labels. */
static int
node_labels(preader *r, PyObject *node, px_cells *labels)
{
    PyObject *lab = px_get(node, "label");
    int rc = 0;

    if (px_array_like(lab) && px_cells_array(r, labels, lab) < 0)
        rc = -1;
    Py_XDECREF(lab);
    return rc < 0 || PyErr_Occurred() ? -1 : 0;
}

int
px_read_sankey(trace_ctx *t)
{
    preader *r = t->r;
    PyObject *node = px_get(t->trace, "node"), *link = px_get(t->trace, "link");
    double *src = NULL, *tgt = NULL, *val = NULL, *nv = NULL, *probe = NULL;
    size_t nl = 0, n_nodes;
    px_cells labels = {0};
    chartex_artist *a;
    int rc = -1;
    trace_ctx o = *t;

    if (PyErr_Occurred())
        goto done;
    /* one link per value, as plotly.js reads them */
    o.trace = link;
    if (px_values_of(&o, "value", NULL, &probe, &nl) < 0)
        goto done;
    if (padded(t, link, "source", nl, &src) < 0 || padded(t, link, "target", nl, &tgt) < 0
        || padded(t, link, "value", nl, &val) < 0 || node_labels(r, node, &labels) < 0)
        goto done;
    if (labels.n == 0 && nl == 0) {
        rc = 0;
        goto done;
    }
    n_nodes = src != NULL && tgt != NULL && val != NULL
                  ? px_sankey_nodes(labels.n, src, tgt, nl) : labels.n;
    nv = px_calc_alloc(n_nodes, sizeof *nv);
    if (nv == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    if (node_values(n_nodes, src, tgt, val, nl, nv) < 0)
        goto done;
    a = px_new_record(t, CHARTEX_RECORD_SANKEY);
    if (a == NULL || px_cells_put(r, a, "node_labels", &labels, 0) < 0
        || px_put_numbers(r, a, "node_values", nv, n_nodes) < 0
        || (src != NULL && px_put_numbers(r, a, "link_sources", src, nl) < 0)
        || (tgt != NULL && px_put_numbers(r, a, "link_targets", tgt, nl) < 0)
        || (val != NULL && px_put_numbers(r, a, "link_values", val, nl) < 0)
        || px_put_array(r, a, "link_labels", link, "label") < 0)
        goto done;
    rc = 0;
done:
    px_cells_clear(&labels);
    free(src);
    free(tgt);
    free(val);
    free(nv);
    free(probe);
    Py_XDECREF(node);
    Py_XDECREF(link);
    return rc;
}
