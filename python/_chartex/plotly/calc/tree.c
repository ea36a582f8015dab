/*
 * tree.c - sunburst/calc.js, which treemap and icicle share: the
 * hierarchy of a trace's nodes (ids, else labels, and parents), the root
 * plotly.js adds (one implied root: the one parent that names no node; a
 * root of roots when several nodes have no parent), d3-hierarchy's
 * stratify (its "missing", "ambiguous" and "cycle" errors), and each
 * node's value as branchvalues defines it ("remainder": its own value and
 * its descendants'; "total": as given, no smaller than its children's
 * sum) or, without values, as count does (leaves, branches).  Plain C,
 * iterative (a hierarchy may be a chain of any depth), every lookup by a
 * hash table.
 */
#include "calc.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* plotly.js's ALMOST_EQUAL of branchvalues "total" */
#define ALMOST_EQUAL (1 - 1e-9)

#define NONE SIZE_MAX

/* ------------------------------------------------------- the id table */

typedef struct table {
    size_t cap;
    size_t *slot;       /* node index, or NONE */
} table;

static uint64_t
hash(const char *s)
{
    uint64_t h = 14695981039346656037ULL;

    for (; *s; s++) {
        h ^= (unsigned char)*s;
        h *= 1099511628211ULL;
    }
    return h;
}

/* The slot of id s among the nodes' ids (NONE-valued when absent). */
static size_t *
lookup(const table *t, const char *const *ids, const char *s)
{
    size_t h = (size_t)hash(s) & (t->cap - 1);

    while (t->slot[h] != NONE && strcmp(ids[t->slot[h]], s) != 0)
        h = (h + 1) & (t->cap - 1);
    return &t->slot[h];
}

void
px_tree_result_clear(px_tree_result *res)
{
    free(res->value);
    memset(res, 0, sizeof *res);
}

/* The calc's nodes: the valid rows, then the added root (when there is
 * one), whose id is not a C string of the input. */
typedef struct calc {
    size_t n;               /* rows */
    size_t m;               /* nodes: valid rows and the added root */
    size_t *row;            /* node -> row (NONE for the added root) */
    const char **id, **pid;
    double *v;
    size_t *parent, *first, *next;   /* the tree: first child, next sibling */
    unsigned char *twice;   /* a second node has this node's id */
    size_t root;
} calc;

static void
calc_free(calc *c)
{
    free(c->row);
    free((void *)c->id);
    free((void *)c->pid);
    free(c->v);
    free(c->parent);
    free(c->first);
    free(c->next);
    free(c->twice);
}

/* The calc's arrays for n rows and the root it may add, the order of its
 * nodes, and the result's n + 1 values (NaN); -1 when out of memory. */
static int
calc_alloc(calc *c, size_t n, size_t **order, px_tree_result *res)
{
    size_t i;

    res->value = px_calc_alloc(n + 1, sizeof *res->value);
    c->row = px_calc_alloc(n + 1, sizeof *c->row);
    c->id = px_calc_alloc(n + 1, sizeof *c->id);
    c->pid = px_calc_alloc(n + 1, sizeof *c->pid);
    c->v = px_calc_alloc(n + 1, sizeof *c->v);
    c->parent = px_calc_alloc(n + 1, sizeof *c->parent);
    c->first = px_calc_alloc(n + 1, sizeof *c->first);
    c->next = px_calc_alloc(n + 1, sizeof *c->next);
    c->twice = px_calc_zalloc(n + 1, 1);
    *order = px_calc_alloc(n + 1, sizeof **order);
    if (n > SIZE_MAX / 4 / sizeof(double) || res->value == NULL || c->row == NULL
        || c->id == NULL || c->pid == NULL || c->v == NULL || c->parent == NULL
        || c->first == NULL || c->next == NULL || c->twice == NULL || *order == NULL)
        return -1;
    for (i = 0; i <= n; i++)
        res->value[i] = NAN;
    return 0;
}

/* The rows plotly.js keeps (a valid key, and a valid value when there are
 * values) as the calc's nodes; how many of them have no parent. */
static size_t
keep_rows(const px_tree_input *in, calc *c)
{
    size_t i, n_rootless = 0;

    for (i = 0; i < in->n; i++) {
        double v = in->values != NULL ? in->values[i] : NAN;

        if (in->ids[i] == NULL)
            continue;
        if (in->values != NULL && !(isfinite(v) && v >= 0))
            continue;
        c->row[c->m] = i;
        c->id[c->m] = in->ids[i];
        c->pid[c->m] = in->parents[i] != NULL ? in->parents[i] : "";
        c->v[c->m] = v;
        if (c->pid[c->m][0] == '\0')
            n_rootless++;
        c->m++;
    }
    c->n = c->m;
    return n_rootless;
}

/* The table of the nodes' ids (twice set on the first node of an id that
 * a second node has too); -1 when out of memory. */
static int
index_ids(table *t, calc *c)
{
    size_t i;

    for (t->cap = 16; t->cap < 2 * (c->n + 1); t->cap *= 2)
        ;
    t->slot = px_calc_alloc(t->cap, sizeof *t->slot);
    if (t->slot == NULL)
        return -1;
    for (i = 0; i < t->cap; i++)
        t->slot[i] = NONE;
    for (i = 0; i < c->n; i++) {
        size_t *s = lookup(t, c->id, c->id[i]);

        /* a second node of one id: d3's "ambiguous" when it is a parent */
        if (*s == NONE)
            *s = i;
        else
            c->twice[*s] = 1;
    }
    return 0;
}

/* When every node has a parent: the one parent that names no node, the
 * root plotly.js adds, into *added.  1 when there is none or several
 * (plotly.js draws nothing; res->error says why, NULL for no node). */
static int
find_implied_root(const table *t, const calc *c, px_tree_result *res, const char **added)
{
    size_t i;

    for (i = 0; i < c->n; i++) {
        if (*lookup(t, c->id, c->pid[i]) != NONE)
            continue;
        if (*added != NULL && strcmp(*added, c->pid[i]) != 0) {
            res->error = "several implied roots";
            return 1;
        }
        *added = c->pid[i];
    }
    if (*added == NULL) {
        res->error = c->n > 0 ? "no root" : NULL;
        return 1;
    }
    return 0;
}

/* d3-hierarchy's stratify: each node under its parent (children in
 * reverse order: only the values are wanted), under the added root
 * (has_root) the nodes without a parent when dummy, those of the implied
 * root added.  1 with res->error when a parent is missing or ambiguous. */
static int
stratify(calc *c, const table *t, const char *added, int dummy, int has_root,
         px_tree_result *res)
{
    size_t i;

    for (i = 0; i < c->m; i++) {
        c->parent[i] = c->first[i] = c->next[i] = NONE;
    }
    for (i = 0; i < c->m; i++) {
        size_t p;

        if (i == c->root && has_root)
            continue;
        if (c->pid[i][0] == '\0') {
            if (dummy)
                p = c->root;
            else {
                c->root = i;
                continue;
            }
        }
        else if (added != NULL && strcmp(c->pid[i], added) == 0)
            p = c->root;
        else {
            p = *lookup(t, c->id, c->pid[i]);
            if (p == NONE || c->twice[p]) {
                snprintf(res->error_text, sizeof res->error_text, "%s: %.60s",
                         p == NONE ? "missing" : "ambiguous", c->pid[i]);
                res->error = res->error_text;
                return 1;
            }
        }
        c->parent[i] = p;
        c->next[i] = c->first[p];
        c->first[p] = i;
    }
    return 0;
}

/* Every node below the root, parents before children, into order: how
 * many (fewer than the nodes when some are in a cycle, d3's "cycle"). */
static size_t
top_down(const calc *c, size_t *order)
{
    size_t i, k, n_order = 0;

    order[n_order++] = c->root;
    for (k = 0; k < n_order; k++)
        for (i = c->first[order[k]]; i != NONE; i = c->next[i])
            order[n_order++] = i;
    return n_order;
}

/* Each node's value, children before parents (order reversed), as
 * branchvalues or count say.  1 with res->error when a "total" is
 * smaller than its children's sum. */
static int
node_values(const px_tree_input *in, const calc *c, const size_t *order, size_t n_order,
            px_tree_result *res)
{
    size_t i, k;

    for (k = n_order; k-- > 0;) {
        size_t node = order[k];
        double sum = 0, partial = 0, v = c->v[node];
        int branch = c->first[node] != NONE;

        for (i = c->first[node]; i != NONE; i = c->next[i]) {
            sum += res->value[c->row[i]];
            partial += c->v[i];
        }
        if (in->values == NULL) {
            /* countDescendants: leaves, branches or both */
            v = branch ? sum + (in->count_branches ? 1 : 0) : in->count_leaves ? 1 : 0;
        }
        else if (in->branch_total) {
            if (branch && c->row[node] == NONE)
                v = partial;
            if (branch && v < partial * ALMOST_EQUAL) {
                res->error = "a total is smaller than the sum of its children";
                return 1;
            }
        }
        else
            v = (isnan(v) ? 0 : v) + sum;
        res->value[c->row[node] == NONE ? in->n : c->row[node]] = v;
    }
    return 0;
}

int
px_tree(const px_tree_input *in, px_tree_result *res)
{
    calc c;
    table t = {0, NULL};
    size_t i, n_rootless, *order = NULL;
    const char *added = NULL;      /* the implied root's id */
    int rc = -1, dummy = 0, has_root;
    static const char dummy_id[] = "";

    memset(&c, 0, sizeof c);
    memset(res, 0, sizeof *res);
    res->implied_root = NULL;
    if (calc_alloc(&c, in->n, &order, res) < 0)
        goto done;
    n_rootless = keep_rows(in, &c);
    if (index_ids(&t, &c) < 0)
        goto done;
    /* From here on plotly.js's result is known: values, or why none. */
    rc = 0;
    if (n_rootless == 0) {
        if (find_implied_root(&t, &c, res, &added))
            goto done;
        res->implied_root = added;
    }
    else if (n_rootless > 1)
        dummy = 1;    /* a root of roots, with no label */
    has_root = added != NULL || dummy;
    if (has_root) {
        c.row[c.m] = NONE;
        c.id[c.m] = added != NULL ? added : dummy_id;
        c.pid[c.m] = "";
        c.v[c.m] = NAN;
        c.root = c.m++;
    }
    if (stratify(&c, &t, added, dummy, has_root, res) || c.m == 0)
        goto done;
    if (top_down(&c, order) != c.m) {
        res->error = "cycle";
        goto done;
    }
    if (node_values(in, &c, order, c.m, res))
        goto done;
    res->has_root_value = c.row[c.root] == NONE && added != NULL;
done:
    if (rc == 0 && res->error != NULL) {
        /* plotly.js draws nothing: no value */
        for (i = 0; i <= in->n; i++)
            res->value[i] = NAN;
        res->implied_root = NULL;
        res->has_root_value = 0;
    }
    if (rc < 0) {
        free(res->value);
        res->value = NULL;
    }
    calc_free(&c);
    free(t.slot);
    free(order);
    return rc;
}
