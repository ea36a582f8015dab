/*
 * chart_tree.h - the chart as a tree (node.c), its one walk into a sink
 * (emit.c) and the texts a reader sees (readable.c): what the chart's
 * builders (chart.h) make and what emission reads.  The tree borrows the
 * scene's arrays, so it stands on scene/scene.h.
 */
#ifndef CHARTEX__CHART_TREE_H
#define CHARTEX__CHART_TREE_H

#include "scene/scene.h"

/* ---------------------------------------------------- chart tree (node.c) */

/* The chart is a small JSON-like tree.  Bulk data is not expanded into one
 * node per number: POINTS and VALUES nodes borrow the scene's arrays and
 * are formatted at emission, through the axis that gives them meaning. */
typedef enum chartex__node_type {
    CHARTEX__NODE_NULL = 0,
    CHARTEX__NODE_BOOL,
    CHARTEX__NODE_NUMBER,
    CHARTEX__NODE_STRING,
    CHARTEX__NODE_ARRAY,
    CHARTEX__NODE_OBJECT,
    CHARTEX__NODE_POINTS,   /* [[x, y], ...] from borrowed x[], y[] */
    CHARTEX__NODE_VALUES    /* [v, ...] from a borrowed array */
} chartex__node_type;

typedef struct chartex__node chartex__node;

/* Strings shorter than this (labels, groups, tick labels) live in their
 * node: one allocation less per string; the node does not grow, as the
 * POINTS member is as large. */
#define CHARTEX__NODE_INLINE 24

struct chartex__node {
    chartex__node_type type;
    union {
        int boolean;
        double number;
        struct {
            char *s;       /* owned, or short: then it points to in */
            size_t len;
            char in[CHARTEX__NODE_INLINE];  /* a short string, NUL-ended */
        } string;
        struct {
            size_t n, cap;
            chartex__node **items;  /* owned */
            const char **keys;     /* OBJECT only: literals, parallel to items */
        } list;
        struct {
            size_t n;
            const double *x, *y;          /* borrowed from the scene */
            size_t stride;                /* point i: x[i * stride], y[i * stride] */
            const struct chartex_axis *xa, *ya; /* borrowed; NULL: numeric */
            const double *z;              /* NULL, or borrowed: [x, y, z] */
            const struct chartex_axis *za;
        } points;
        struct {
            size_t n;
            const double *v;              /* borrowed */
            double *owned;                /* or owned (then v == owned) */
            const struct chartex_axis *axis; /* borrowed; NULL: numeric */
            int scalar;                   /* n == 1, emitted as the value alone */
        } values;
    } u;
};

chartex__node *chartex__node_new(chartex__node_type type);
void chartex__node_free(chartex__node *node);
chartex__node *chartex__node_string(const char *s, size_t len);
chartex__node *chartex__node_cstring(const char *s);  /* NULL s -> null node */
chartex__node *chartex__node_number(double v);
chartex__node *chartex__node_bool(int v);
/* Appends item to an ARRAY.  Takes ownership of item even on failure. */
int chartex__array_add(chartex__node *array, chartex__node *item);
/* Appends key: item to an OBJECT.  Takes ownership of item even on failure.
 * Keys keep their insertion order.  key must be a string literal (or have
 * static storage otherwise): it is kept, not copied. */
int chartex__object_add(chartex__node *object, const char *key, chartex__node *item);
/* A POINTS node borrowing x, y (n each). */
chartex__node *chartex__node_points(size_t n, const double *x, const double *y,
                                    const struct chartex_axis *xa,
                                    const struct chartex_axis *ya);
/* A POINTS node borrowing point i as x[i * stride], y[i * stride]. */
chartex__node *chartex__node_points_strided(size_t n, const double *x, const double *y,
                                            size_t stride, const struct chartex_axis *xa,
                                            const struct chartex_axis *ya);
/* A POINTS node of [x, y, z] triples borrowing x, y, z (n each). */
chartex__node *chartex__node_points3(size_t n, const double *x, const double *y,
                                     const double *z, const struct chartex_axis *const axis[3]);
/* One value as a reader of axis sees it (a number, a date, a category),
 * emitted alone, not in a list. */
chartex__node *chartex__node_value(double v, const struct chartex_axis *axis);
/* A VALUES node; copy != 0 copies v, else borrows it. */
chartex__node *chartex__node_values(size_t n, const double *v, int copy,
                                    const struct chartex_axis *axis);

/* The chart: the tree, and the arrays made for it that could not
 * be borrowed from the scene (a reduced series, an area's curve), which
 * live as long as the chart. */
struct chartex_chart {
    chartex__node *root;    /* NULL for an empty chart */
    size_t max_string;      /* texts are cut at this many code points; 0: no */
    size_t n_bufs, cap_bufs;
    void **bufs;            /* owned, each owned */
};

/* A new empty chart (chartex_chart_free frees it), or NULL. */
chartex_chart *chartex__chart_new(void);
/* An array of n doubles owned by chart (freed with it), or NULL. */
double *chartex__chart_doubles(chartex_chart *chart, size_t n);
/* count zeroed members of size bytes owned by chart (freed with it, as
 * one block: what they point to is not freed), or NULL. */
void *chartex__chart_block(chartex_chart *chart, size_t count, size_t size);

/* ---------------------------------------------------------- emit (emit.c) */

/* Renders v as a reader of axis a sees it: a number, an ISO 8601 string on a
 * date axis, a category name on a category axis (numbers that name no
 * category stay numbers).  Emits null for NaN/inf. */
int chartex__emit_value(double v, const struct chartex_axis *a,
                        const chartex_sink *sink);

/* -------------------------------------------- texts a reader sees (readable.c) */

/* ISO 8601 text of a matplotlib date number on an axis with date_epoch:
 * "YYYY-MM-DDTHH:MM:SS" with ".ffffff" only when there are microseconds.
 * Returns the length, or 0 when v is not finite or out of range. */
#define CHARTEX__DATE_BUFSIZE 40
size_t chartex__format_date(double v, double date_epoch, char *buf);

/* The unit of an axis label: the first " (unit)" or "[unit]".  Returns 1
 * and sets *start, *len when found, else 0. */
int chartex__label_unit(const char *label, size_t *start, size_t *len);

/* Appends the text a reader sees for a title, label or tick label: mathtext
 * ("$...$") simplified ("$\\mathdefault{10^{2}}$" -> "10^2"); other text as is. */
int chartex__simplify_text(chartex__buf *out, const char *s, size_t len);

#endif /* CHARTEX__CHART_TREE_H */
