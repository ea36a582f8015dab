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
        *owned = px_calc_alloc(c->len[i] + 1, 1);
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

/* The arrays a hierarchy trace gives, in the order of given[] and has[]. */
static const char *const keys[4] = {"ids", "labels", "parents", "values"};

/* The trace's ids, labels, parents and values into given[k] (has[k]
 * set), each when it is an array (a scalar names no node). */
static int
read_given(trace_ctx *t, px_cells given[4], int has[4])
{
    size_t k;

    for (k = 0; k < 4; k++) {
        PyObject *v = px_get(t->trace, keys[k]);
        Py_ssize_t got;

        if (v == NULL) {
            if (PyErr_Occurred())
                return -1;
            continue;
        }
        if (!px_array_like(v)) {
            Py_DECREF(v);
            continue;
        }
        got = px_cells_array(t->r, &given[k], v);
        Py_DECREF(v);
        if (got < 0)
            return -1;
        has[k] = 1;
    }
    return 0;
}

/* The rows of a hierarchy as tree.c reads them: each one's id (its
 * label without ids) and parent as text, its value; and the texts they
 * point into. */
typedef struct tree_rows {
    size_t n;
    char (*nums)[2][32];        /* a number's text, for id and parent */
    char **owned;               /* texts copied, two per row */
    const char **ids, **parents;
    double *values;             /* NULL without values */
} tree_rows;

static void
tree_rows_free(tree_rows *rows)
{
    size_t i;

    if (rows->owned != NULL)
        for (i = 0; i < 2 * rows->n + 1; i++)
            free(rows->owned[i]);
    free(rows->owned);
    free(rows->nums);
    free(rows->ids);
    free(rows->parents);
    free(rows->values);
}

/* plotly.js's isNumeric of cell i: numbers, and texts of numbers. */
static double
numeric_value(const px_cells *c, size_t i)
{
    char buf[64], *end;
    size_t len;
    double v;

    if (c->off[i] == SIZE_MAX)
        return c->num[i];
    len = c->len[i] < 63 ? c->len[i] : 63;
    memcpy(buf, c->buf + c->off[i], len);
    buf[len] = '\0';
    v = strtod(buf, &end);
    return end == buf || *end != '\0' || len == 0 ? NAN : v;
}

/* The rows plotly.js reads: as many as its shortest arrays hold. */
static int
tree_rows_of(const px_cells given[4], const int has[4], tree_rows *rows)
{
    const px_cells *key = &given[has[0] ? 0 : 1];
    size_t n = key->n, i;

    if (given[2].n < n)
        n = given[2].n;
    if (has[3] && given[3].n < n)
        n = given[3].n;
    rows->n = n;
    rows->nums = px_calc_zalloc(n + 1, sizeof *rows->nums);
    rows->owned = px_calc_zalloc(n + 1, 2 * sizeof *rows->owned);
    rows->ids = px_calc_zalloc(n + 1, sizeof *rows->ids);
    rows->parents = px_calc_zalloc(n + 1, sizeof *rows->parents);
    rows->values = has[3] ? px_calc_alloc(n + 1, sizeof *rows->values) : NULL;
    if (rows->nums == NULL || rows->owned == NULL || rows->ids == NULL
        || rows->parents == NULL || (has[3] && rows->values == NULL)) {
        PyErr_NoMemory();
        return -1;
    }
    for (i = 0; i < n; i++) {
        if (key_text(key, i, rows->nums[i][0], &rows->owned[2 * i], &rows->ids[i]) < 0
            || key_text(&given[2], i, rows->nums[i][1], &rows->owned[2 * i + 1],
                        &rows->parents[i]) < 0)
            return -1;
        if (rows->values != NULL)
            rows->values[i] = numeric_value(&given[3], i);
    }
    return 0;
}

/* tree.c's input: the rows, branchvalues ("total" or the remainder) and
 * what count counts without values (leaves, branches or both). */
static void
tree_input_of(trace_ctx *t, const tree_rows *rows, px_tree_input *in)
{
    PyObject *keep = NULL;
    const char *bv, *count;

    memset(in, 0, sizeof *in);
    in->n = rows->n;
    in->ids = rows->ids;
    in->parents = rows->parents;
    in->values = rows->values;
    bv = px_str(t->trace, "branchvalues", &keep);
    in->branch_total = bv != NULL && strcmp(bv, "total") == 0;
    Py_CLEAR(keep);
    count = px_str(t->trace, "count", &keep);
    in->count_leaves = count == NULL || strstr(count, "leaves") != NULL;
    in->count_branches = count != NULL && strstr(count, "branches") != NULL;
    Py_XDECREF(keep);
}

/* The hierarchy record: the rule of its values, every array given (with
 * the root plotly.js adds as a last row: its id, as label too), the
 * totals, and the error that leaves it undrawn. */
static int
hierarchy_record(trace_ctx *t, const px_cells given[4], const int has[4],
                 const px_tree_input *in, const px_tree_result *res)
{
    preader *r = t->r;
    chartex_artist *a = px_new_record(t, CHARTEX_RECORD_HIERARCHY);
    px_cells out = {0};
    int more = res->implied_root != NULL, rc = -1;
    size_t k;

    if (a == NULL)
        goto done;
    if (in->values != NULL) {
        if (px_put_text(r, a, "branchvalues", in->branch_total ? "total" : "remainder") < 0)
            goto done;
    }
    else if (px_put_text(r, a, "count", in->count_branches
                                            ? (in->count_leaves ? "branches+leaves" : "branches")
                                            : "leaves") < 0)
        goto done;
    for (k = 0; k < 4; k++) {
        if (!has[k])
            continue;
        if (first_cells(&given[k], in->n, &out, k == 2 ? "" : k == 3 ? NULL : res->implied_root,
                        NAN, more) < 0
            || px_cells_put(r, a, keys[k], &out, 0) < 0)
            goto done;
    }
    if (px_put_numbers(r, a, "totals", res->value, in->n + (more ? 1 : 0)) < 0
        || (res->error != NULL && px_put_text(r, a, "error", res->error) < 0))
        goto done;
    rc = 0;
done:
    px_cells_clear(&out);
    return rc;
}

int
px_read_hierarchy(trace_ctx *t)
{
    px_cells given[4];
    int has[4] = {0, 0, 0, 0}, rc = -1;
    tree_rows rows;
    px_tree_input in;
    px_tree_result res;
    size_t k;

    memset(given, 0, sizeof given);
    memset(&rows, 0, sizeof rows);
    memset(&res, 0, sizeof res);
    if (read_given(t, given, has) < 0)
        goto done;
    if (!has[0] && !has[1]) {
        rc = 0;
        goto done;
    }
    if (tree_rows_of(given, has, &rows) < 0)
        goto done;
    tree_input_of(t, &rows, &in);
    if (px_tree(&in, &res) < 0) {
        PyErr_NoMemory();
        goto done;
    }
    rc = hierarchy_record(t, given, has, &in, &res);
done:
    for (k = 0; k < 4; k++)
        px_cells_clear(&given[k]);
    tree_rows_free(&rows);
    px_tree_result_clear(&res);
    return rc;
}
