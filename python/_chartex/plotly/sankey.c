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
    grown = realloc(got, (n > ng ? n : ng ? ng : 1) * sizeof *got);
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

int
px_read_sankey(trace_ctx *t)
{
    preader *r = t->r;
    PyObject *node = px_get(t->trace, "node"), *link = px_get(t->trace, "link");
    double *src = NULL, *tgt = NULL, *val = NULL, *nv = NULL, *probe = NULL;
    size_t nl = 0, n_nodes, n_labels = 0;
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
        || padded(t, link, "value", nl, &val) < 0)
        goto done;
    {
        PyObject *lab = px_get(node, "label");

        if (px_array_like(lab) && px_cells_array(r, &labels, lab) < 0) {
            Py_DECREF(lab);
            goto done;
        }
        Py_XDECREF(lab);
        if (PyErr_Occurred())
            goto done;
        n_labels = labels.n;
    }
    if (n_labels == 0 && nl == 0) {
        rc = 0;
        goto done;
    }
    n_nodes = src != NULL && tgt != NULL && val != NULL
                  ? px_sankey_nodes(n_labels, src, tgt, nl) : n_labels;
    nv = malloc((n_nodes ? n_nodes : 1) * sizeof *nv);
    if (nv == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    if (src != NULL && tgt != NULL && val != NULL) {
        if (px_sankey_values(n_nodes, src, tgt, val, nl, nv) < 0) {
            PyErr_NoMemory();
            goto done;
        }
    }
    else {
        size_t i;

        for (i = 0; i < n_nodes; i++)
            nv[i] = NAN;
    }
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
