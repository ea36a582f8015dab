/*
 * hierarchies.c - treemap, sunburst and icicle traces: a hierarchy record
 * with every node plotly.js reads (its ids, labels, parents and values as
 * given, up to the shortest of them, as plotly.js reads them) and the
 * value plotly.js computes for each (tree.c: "totals", by branchvalues or
 * count), the root plotly.js adds when one parent names no node as a last
 * row, and why nothing is drawn when plotly.js cannot build the
 * hierarchy ("error": a cycle, a missing parent, ...).
 */
#include "plotly.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Cell i of c as plotly.js's String() of a valid key into *out: a text
 * (copied into *owned), a number's text (made in num, 32 bytes), or NULL
 * when it is no valid key (null, "").  -1: no memory. */
static int
key_text(const px_cells *c, size_t i, char *num, char **owned, const char **out)
{
    double v = c->num[i];

    *out = NULL;
    if (c->off[i] != SIZE_MAX) {
        if (c->len[i] == 0)
            return 0;
        *owned = malloc(c->len[i] + 1);
        if (*owned == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        memcpy(*owned, c->buf + c->off[i], c->len[i]);
        (*owned)[c->len[i]] = '\0';
        *out = *owned;
        return 0;
    }
    if (isnan(v))
        return 0;
    if (v == floor(v) && fabs(v) < 1e21)
        snprintf(num, 32, "%.0f", v);
    else
        chartex_format_double(v, num);
    *out = num;
    return 0;
}

/* The first n cells of src into dst (null past its own: labels may be
 * shorter than the ids that count the rows; fuzz finding
 * plotly-regressions/sunburst-short-labels.json), then one more: text s
 * (NULL: the number v). */
static int
first_cells(const px_cells *src, size_t n, px_cells *dst, const char *s, double v, int more)
{
    size_t i;

    for (i = 0; i < n; i++) {
        int rc = i >= src->n ? px_cells_null(dst)
                 : src->off[i] != SIZE_MAX
                     ? px_cells_text(dst, src->buf + src->off[i], src->len[i])
                     : px_cells_number(dst, src->num[i]);

        if (rc < 0)
            return -1;
    }
    if (!more)
        return 0;
    return s != NULL ? px_cells_text(dst, s, strlen(s)) : px_cells_number(dst, v);
}

int
px_read_hierarchy(trace_ctx *t)
{
    preader *r = t->r;
    static const char *const keys[4] = {"ids", "labels", "parents", "values"};
    px_cells given[4], out = {0};
    int has[4] = {0, 0, 0, 0}, rc = -1, more;
    size_t n = 0, i, k;
    char (*nums)[2][32] = NULL;
    char **owned = NULL;
    const char **ids = NULL, **parents = NULL;
    double *values = NULL;
    px_tree_input in;
    px_tree_result res;
    PyObject *keep = NULL;
    const char *count, *bv;
    chartex_artist *a;

    memset(given, 0, sizeof given);
    memset(&res, 0, sizeof res);
    for (k = 0; k < 4; k++) {
        PyObject *v = px_get(t->trace, keys[k]);
        Py_ssize_t got;

        if (v == NULL) {
            if (PyErr_Occurred())
                goto done;
            continue;
        }
        /* arrays only: a scalar names no node */
        if (!px_array_like(v)) {
            Py_DECREF(v);
            continue;
        }
        got = px_cells_array(r, &given[k], v);
        Py_DECREF(v);
        if (got < 0)
            goto done;
        has[k] = 1;
    }
    if (!has[0] && !has[1])
        goto ok;
    /* plotly.js reads as many rows as its shortest arrays hold */
    n = given[has[0] ? 0 : 1].n;
    if (given[2].n < n)
        n = given[2].n;
    if (has[3] && given[3].n < n)
        n = given[3].n;
    nums = calloc(n + 1, sizeof *nums);
    owned = calloc(2 * n + 1, sizeof *owned);
    ids = calloc(n + 1, sizeof *ids);
    parents = calloc(n + 1, sizeof *parents);
    values = has[3] ? malloc((n + 1) * sizeof *values) : NULL;
    if (nums == NULL || owned == NULL || ids == NULL || parents == NULL
        || (has[3] && values == NULL)) {
        PyErr_NoMemory();
        goto done;
    }
    for (i = 0; i < n; i++) {
        if (key_text(&given[has[0] ? 0 : 1], i, nums[i][0], &owned[2 * i], &ids[i]) < 0
            || key_text(&given[2], i, nums[i][1], &owned[2 * i + 1], &parents[i]) < 0)
            goto done;
        if (values != NULL) {
            /* plotly.js's isNumeric: numbers, and texts of numbers */
            values[i] = given[3].num[i];
            if (given[3].off[i] != SIZE_MAX) {
                char buf[64], *end;
                size_t len = given[3].len[i] < 63 ? given[3].len[i] : 63;

                memcpy(buf, given[3].buf + given[3].off[i], len);
                buf[len] = '\0';
                values[i] = strtod(buf, &end);
                if (end == buf || *end != '\0' || len == 0)
                    values[i] = NAN;
            }
        }
    }
    memset(&in, 0, sizeof in);
    in.n = n;
    in.ids = ids;
    in.parents = parents;
    in.values = values;
    bv = px_str(t->trace, "branchvalues", &keep);
    in.branch_total = bv != NULL && strcmp(bv, "total") == 0;
    Py_CLEAR(keep);
    count = px_str(t->trace, "count", &keep);
    in.count_leaves = count == NULL || strstr(count, "leaves") != NULL;
    in.count_branches = count != NULL && strstr(count, "branches") != NULL;
    Py_CLEAR(keep);
    if (px_tree(&in, &res) < 0) {
        PyErr_NoMemory();
        goto done;
    }
    a = px_new_record(t, CHARTEX_RECORD_HIERARCHY);
    if (a == NULL)
        goto done;
    if (values != NULL) {
        if (px_put_text(r, a, "branchvalues", in.branch_total ? "total" : "remainder") < 0)
            goto done;
    }
    else if (px_put_text(r, a, "count", in.count_branches
                                            ? (in.count_leaves ? "branches+leaves" : "branches")
                                            : "leaves") < 0)
        goto done;
    /* the root plotly.js adds is the last row: its id, as label too */
    more = res.implied_root != NULL;
    for (k = 0; k < 4; k++) {
        if (!has[k])
            continue;
        if (first_cells(&given[k], n, &out, k == 2 ? "" : k == 3 ? NULL : res.implied_root, NAN,
                        more) < 0
            || px_cells_put(r, a, keys[k], &out, 0) < 0)
            goto done;
    }
    if (px_put_numbers(r, a, "totals", res.value, n + (more ? 1 : 0)) < 0
        || (res.error != NULL && px_put_text(r, a, "error", res.error) < 0))
        goto done;
ok:
    rc = 0;
done:
    for (k = 0; k < 4; k++)
        px_cells_clear(&given[k]);
    px_cells_clear(&out);
    if (owned != NULL)
        for (i = 0; i < 2 * n + 1; i++)
            free(owned[i]);
    free(owned);
    free(nums);
    free(ids);
    free(parents);
    free(values);
    px_tree_result_clear(&res);
    Py_XDECREF(keep);
    return rc;
}
