/*
 * test_plotly_derived.c - what the Plotly reader derives besides
 * statistics (python/_chartex/plotly/tree.c, derived.c) against plotly.js
 * itself: tests/data/plotly_reference_records.json holds what plotly.js
 * 4.1.1's own calc gave for each case of
 * tools/plotly_reference_records_cases.json (tools/plotly_reference_records.js
 * ran it in node): a hierarchy's values, the root it adds, whether it
 * draws at all; a waterfall's and a funnel's bars.  Then what plotly.js
 * cannot show: deep chains, large and hostile input, sankey node values.
 */
#include <criterion/criterion.h>
#include <json-c/json.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../python/_chartex/plotly/calc/calc.h"

#ifndef CHARTEX_SRCDIR
#error "CHARTEX_SRCDIR must name the source tree"
#endif

#define REFERENCE CHARTEX_SRCDIR "/tests/data/plotly_reference_records.json"

static json_object *
field(json_object *o, const char *key)
{
    json_object *v = NULL;

    if (!o || !json_object_object_get_ex(o, key, &v))
        return NULL;
    return v;
}

/* plotly.js's isNumeric: numbers and numeric texts; NaN otherwise. */
static double
num(json_object *v)
{
    const char *s;
    char *end;
    double d;

    if (!v)
        return NAN;
    switch (json_object_get_type(v)) {
    case json_type_int:
    case json_type_double:
        return json_object_get_double(v);
    case json_type_string:
        s = json_object_get_string(v);
        d = strtod(s, &end);
        return end != s && *end == '\0' ? d : NAN;
    default:
        return NAN;
    }
}

static size_t
len_of(json_object *a)
{
    return a != NULL && json_object_is_type(a, json_type_array) ? json_object_array_length(a)
                                                                : 0;
}

/* String(v) of a valid key (a non-empty text, a number), else NULL; the
 * texts of numbers are kept in buf (16 bytes per row). */
static const char *
key_of(json_object *v, char *buf)
{
    if (v == NULL)
        return NULL;
    if (json_object_is_type(v, json_type_string))
        return json_object_get_string_len(v) > 0 ? json_object_get_string(v) : NULL;
    if (json_object_is_type(v, json_type_int)) {
        snprintf(buf, 16, "%lld", (long long)json_object_get_int64(v));
        return buf;
    }
    return NULL;
}

static json_object *
reference(void)
{
    json_object *root = json_object_from_file(REFERENCE);

    cr_assert_not_null(root, "cannot read %s", REFERENCE);
    return root;
}

static int
same(double a, double b)
{
    return (isnan(a) && isnan(b)) || a == b || fabs(a - b) <= 1e-12 * fmax(fabs(a), fabs(b));
}

static void
tree_case(json_object *c)
{
    const char *name = json_object_get_string(field(c, "name"));
    json_object *tr = field(c, "trace"), *res = field(c, "result");
    json_object *ids = field(tr, "ids"), *labels = field(tr, "labels");
    json_object *parents = field(tr, "parents"), *values = field(tr, "values");
    json_object *count = field(tr, "count"), *bv = field(tr, "branchvalues");
    json_object *want = field(res, "values"), *root = field(res, "root");
    size_t n = len_of(ids != NULL ? ids : labels), i;
    const char **idv, **pv;
    double *vv = NULL;
    char *buf;
    px_tree_input in;
    px_tree_result out;
    int drawn = json_object_get_boolean(field(res, "drawn")), any = 0;

    if (len_of(parents) < n)
        n = len_of(parents);
    if (values != NULL && len_of(values) < n)
        n = len_of(values);
    idv = calloc(n + 1, sizeof *idv);
    pv = calloc(n + 1, sizeof *pv);
    buf = calloc(n + 1, 32);
    cr_assert(idv && pv && buf);
    if (values != NULL) {
        vv = calloc(n + 1, sizeof *vv);
        cr_assert_not_null(vv);
    }
    for (i = 0; i < n; i++) {
        idv[i] = key_of(json_object_array_get_idx(ids != NULL ? ids : labels, i), buf + 32 * i);
        pv[i] = key_of(json_object_array_get_idx(parents, i), buf + 32 * i + 16);
        if (vv != NULL)
            vv[i] = num(json_object_array_get_idx(values, i));
    }
    memset(&in, 0, sizeof in);
    in.n = n;
    in.ids = idv;
    in.parents = pv;
    in.values = vv;
    in.branch_total = bv != NULL && strcmp(json_object_get_string(bv), "total") == 0;
    in.count_leaves = count == NULL || strstr(json_object_get_string(count), "leaves") != NULL;
    in.count_branches = count != NULL && strstr(json_object_get_string(count), "branches") != NULL;
    cr_assert_eq(px_tree(&in, &out), 0, "%s", name);
    for (i = 0; i < len_of(want); i++) {
        double w = num(json_object_array_get_idx(want, i)), g = i < n ? out.value[i] : NAN;

        cr_expect(same(g, w), "%s: row %zu: %g, plotly.js %g", name, i, g, w);
        any |= !isnan(g);
    }
    cr_expect_eq(drawn, out.error == NULL && any, "%s: drawn %d, error %s", name, drawn,
                 out.error ? out.error : "none");
    if (root != NULL && !json_object_is_type(root, json_type_null)) {
        cr_expect(out.implied_root != NULL && out.has_root_value, "%s: no implied root", name);
        if (out.implied_root != NULL)
            cr_expect_str_eq(out.implied_root, json_object_get_string(field(root, "id")), "%s",
                             name);
        cr_expect(same(out.value[n], num(field(root, "value"))), "%s: root %g", name,
                  out.value[n]);
    }
    else
        cr_expect(out.implied_root == NULL && !out.has_root_value, "%s", name);
    px_tree_result_clear(&out);
    free(idv);
    free(pv);
    free(buf);
    free(vv);
}

/* The size and position arrays of a bar-like trace, as calc.js picks them. */
static size_t
bar_sizes(json_object *tr, int funnel, double **size)
{
    json_object *o = field(tr, "orientation");
    int horizontal = o != NULL ? strcmp(json_object_get_string(o), "h") == 0 : funnel;
    json_object *s = field(tr, horizontal ? "x" : "y"), *p = field(tr, horizontal ? "y" : "x");
    size_t n = len_of(s), i;

    if (p != NULL && len_of(p) < n)
        n = len_of(p);
    *size = calloc(n + 1, sizeof **size);
    cr_assert_not_null(*size);
    for (i = 0; i < n; i++)
        (*size)[i] = num(json_object_array_get_idx(s, i));
    return n;
}

static void
waterfall_case(json_object *c)
{
    const char *name = json_object_get_string(field(c, "name"));
    json_object *tr = field(c, "trace"), *res = field(c, "result"), *ms = field(tr, "measure");
    double *size, *s0, *s1, *own;
    px_measure *m;
    size_t n = bar_sizes(tr, 0, &size), i;

    cr_assert_eq(len_of(res), n, "%s", name);
    s0 = calloc(n + 1, sizeof *s0);
    s1 = calloc(n + 1, sizeof *s1);
    own = calloc(n + 1, sizeof *own);
    m = calloc(n + 1, sizeof *m);
    for (i = 0; i < n; i++) {
        const char *t = i < len_of(ms) ? json_object_get_string(json_object_array_get_idx(ms, i))
                                       : "relative";

        m[i] = strcmp(t, "total") == 0 || strcmp(t, "t") == 0 ? PX_MEASURE_TOTAL
               : strcmp(t, "absolute") == 0 || strcmp(t, "a") == 0 ? PX_MEASURE_ABSOLUTE
               : PX_MEASURE_RELATIVE;
    }
    px_waterfall(size, m, n, num(field(tr, "base")), s0, s1, own);
    for (i = 0; i < n; i++) {
        json_object *b = json_object_array_get_idx(res, i);

        cr_expect(same(s0[i], num(field(b, "s0"))), "%s: bar %zu starts at %g", name, i, s0[i]);
        cr_expect(same(s1[i], num(field(b, "s1"))), "%s: bar %zu ends at %g", name, i, s1[i]);
        cr_expect(same(s1[i], num(field(b, "v"))), "%s: bar %zu value %g", name, i, s1[i]);
    }
    free(size);
    free(s0);
    free(s1);
    free(own);
    free(m);
}

static void
funnel_case(json_object *c)
{
    const char *name = json_object_get_string(field(c, "name"));
    json_object *tr = field(c, "trace"), *res = field(c, "result");
    double *size, *out[5];
    static const char *const keys[5] = {"s0", "s1", "begR", "difR", "sumR"};
    size_t n = bar_sizes(tr, 1, &size), i, k;

    cr_assert_eq(len_of(res), n, "%s", name);
    for (k = 0; k < 5; k++)
        out[k] = calloc(n + 1, sizeof *out[k]);
    px_funnel(size, n, out[0], out[1], out[2], out[3], out[4]);
    for (i = 0; i < n; i++)
        for (k = 0; k < 5; k++) {
            double w = num(field(json_object_array_get_idx(res, i), keys[k]));

            if (k >= 2)
                w *= 100;    /* plotly.js's ratios, in percent */

            cr_expect(same(out[k][i], w), "%s: bar %zu %s %g, plotly.js %g", name, i, keys[k],
                      out[k][i], w);
        }
    for (k = 0; k < 5; k++)
        free(out[k]);
    free(size);
}

Test(plotly_derived, equals_plotly_js)
{
    json_object *root = reference(), *cases = field(root, "cases");
    size_t i, n_tree = 0, n_bars = 0;

    for (i = 0; i < len_of(cases); i++) {
        json_object *c = json_object_array_get_idx(cases, i);
        const char *kind = json_object_get_string(field(c, "kind"));

        if (strcmp(kind, "tree") == 0) {
            tree_case(c);
            n_tree++;
        }
        else if (strcmp(kind, "waterfall") == 0) {
            waterfall_case(c);
            n_bars++;
        }
        else {
            funnel_case(c);
            n_bars++;
        }
    }
    cr_assert_geq(n_tree, 20);
    cr_assert_geq(n_bars, 6);
    json_object_put(root);
}

/* A chain 200,000 deep: no recursion; a node's value counts what is below. */
Test(plotly_derived, deep_chain)
{
    size_t n = 200000, i;
    char *names = malloc(n * 12);
    const char **ids = malloc(n * sizeof *ids), **parents = malloc(n * sizeof *parents);
    px_tree_input in = {0};
    px_tree_result out;

    cr_assert(names && ids && parents);
    for (i = 0; i < n; i++) {
        snprintf(names + 12 * i, 12, "n%zu", i);
        ids[i] = names + 12 * i;
        parents[i] = i == 0 ? "" : names + 12 * (i - 1);
    }
    in.n = n;
    in.ids = ids;
    in.parents = parents;
    in.count_leaves = 1;
    in.count_branches = 1;
    cr_assert_eq(px_tree(&in, &out), 0);
    cr_assert_null(out.error);
    cr_assert_eq(out.value[0], (double)n);
    cr_assert_eq(out.value[n - 1], 1.0);
    px_tree_result_clear(&out);
    /* the same chain closed into a cycle below its root */
    parents[1] = names + 12 * (n - 1);
    cr_assert_eq(px_tree(&in, &out), 0);
    cr_assert_str_eq(out.error, "cycle");
    cr_assert(isnan(out.value[0]));
    px_tree_result_clear(&out);
    free(names);
    free(ids);
    free(parents);
}

Test(plotly_derived, hostile_trees)
{
    const char *ids[4] = {"a", "a", NULL, "b"}, *parents[4] = {"a", "b", "a", "a"};
    double values[4] = {NAN, INFINITY, -1, 1e308};
    px_tree_input in = {0};
    px_tree_result out;

    /* every row its own parent or a missing one: no root */
    in.n = 4;
    in.ids = ids;
    in.parents = parents;
    cr_assert_eq(px_tree(&in, &out), 0);
    cr_assert_not_null(out.error);
    px_tree_result_clear(&out);
    /* no valid value: nothing, and no error */
    in.values = values;
    values[3] = -1;
    cr_assert_eq(px_tree(&in, &out), 0);
    px_tree_result_clear(&out);
    /* none at all */
    in.n = 0;
    cr_assert_eq(px_tree(&in, &out), 0);
    cr_assert_null(out.error);
    px_tree_result_clear(&out);
}

Test(plotly_derived, sankey_node_values)
{
    /* links: 0->2 (8), 1->2 (4), 2->3 (12, and a bad one), a negative, an
     * index past the labels, a self-link */
    double src[7] = {0, 1, 2, 2, 0, 9, 4}, tgt[7] = {2, 2, 3, NAN, 3, 0, 4};
    double val[7] = {8, 4, 10, 5, -1, 3, 2}, nv[12];
    size_t n = px_sankey_nodes(4, src, tgt, 7);

    cr_assert_eq(n, 10);
    cr_assert_eq(px_sankey_values(n, src, tgt, val, 7, nv), 0);
    cr_expect_eq(nv[0], 8.0);   /* out 8; in 3 from node 9 */
    cr_expect_eq(nv[1], 4.0);
    cr_expect_eq(nv[2], 12.0);  /* in 12, out 10 */
    cr_expect_eq(nv[3], 10.0);
    cr_expect_eq(nv[4], 2.0);   /* a self-link */
    cr_expect(isnan(nv[5]));    /* no link */
    cr_expect_eq(nv[9], 3.0);
    /* an index far past the labels and links is not a node */
    src[5] = 1e300;
    cr_expect_eq(px_sankey_nodes(4, src, tgt, 7), 4 + 14);
}
