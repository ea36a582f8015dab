/*
 * node.c - the chart tree: its nodes, and the chart that owns the tree.
 *
 * A chart (struct chartex_chart, chart_tree.h) owns its root node and the
 * few arrays that extraction had to make rather than borrow from the scene
 * (a reduced series, an area's reordered curve).  An ARRAY or OBJECT node
 * owns its items; a STRING node owns its text; POINTS and VALUES nodes
 * borrow the scene's arrays (VALUES may own a copy instead).  Everything
 * else the tree points to -- the scene's arrays and axes -- is borrowed,
 * so a chart must be freed before its scene.
 */
#include "chart/chart_tree.h"

#include <string.h>


chartex__node *
chartex__node_new(chartex__node_type type)
{
    chartex__node *node = chartex__calloc(1, sizeof *node);

    if (node != NULL)
        node->type = type;
    return node;
}

void
chartex__node_free(chartex__node *node)
{
    size_t i;

    if (node == NULL)
        return;
    switch (node->type) {
    case CHARTEX__NODE_STRING:
        if (node->u.string.s != node->u.string.in)
            chartex__free(node->u.string.s);
        break;
    case CHARTEX__NODE_ARRAY:
    case CHARTEX__NODE_OBJECT:
        for (i = 0; i < node->u.list.n; i++)
            chartex__node_free(node->u.list.items[i]);
        chartex__free(node->u.list.items);
        chartex__free(node->u.list.keys);
        break;
    case CHARTEX__NODE_VALUES:
        chartex__free(node->u.values.owned);
        break;
    default:
        break;
    }
    chartex__free(node);
}

chartex__node *
chartex__node_string(const char *s, size_t len)
{
    chartex__node *node = chartex__node_new(CHARTEX__NODE_STRING);

    if (node == NULL)
        return NULL;
    if (len < sizeof node->u.string.in) {
        node->u.string.s = node->u.string.in;
        if (len > 0)
            memcpy(node->u.string.in, s, len);
        node->u.string.in[len] = '\0';
    } else {
        node->u.string.s = chartex__strndup(s, len);
        if (node->u.string.s == NULL) {
            chartex__free(node);
            return NULL;
        }
    }
    node->u.string.len = len;
    return node;
}

chartex__node *
chartex__node_cstring(const char *s)
{
    if (s == NULL)
        return chartex__node_new(CHARTEX__NODE_NULL);
    return chartex__node_string(s, strlen(s));
}

chartex__node *
chartex__node_number(double v)
{
    chartex__node *node = chartex__node_new(CHARTEX__NODE_NUMBER);

    if (node != NULL)
        node->u.number = v;
    return node;
}

chartex__node *
chartex__node_bool(int v)
{
    chartex__node *node = chartex__node_new(CHARTEX__NODE_BOOL);

    if (node != NULL)
        node->u.boolean = v != 0;
    return node;
}

static int
list_grow(chartex__node *list, int with_keys)
{
    size_t cap;
    chartex__node **items;
    const char **keys;
    int overflow = 0;

    if (list->u.list.n < list->u.list.cap)
        return 0;
    cap = list->u.list.cap ? list->u.list.cap * 2 : 8;
    items = chartex__realloc(list->u.list.items,
                             chartex__mul(cap, sizeof *items, &overflow));
    if (items == NULL || overflow)
        return -1;
    list->u.list.items = items;
    if (with_keys) {
        keys = chartex__realloc(list->u.list.keys,
                                chartex__mul(cap, sizeof *keys, &overflow));
        if (keys == NULL)
            return -1;
        list->u.list.keys = keys;
    }
    list->u.list.cap = cap;
    return 0;
}

int
chartex__array_add(chartex__node *array, chartex__node *item)
{
    if (item == NULL || array == NULL || array->type != CHARTEX__NODE_ARRAY)
        goto fail;
    if (list_grow(array, 0) < 0)
        goto fail;
    array->u.list.items[array->u.list.n++] = item;
    return 0;
fail:
    chartex__node_free(item);
    return -1;
}

int
chartex__object_add(chartex__node *object, const char *key, chartex__node *item)
{
    if (item == NULL || key == NULL || object == NULL
        || object->type != CHARTEX__NODE_OBJECT || list_grow(object, 1) < 0)
        goto fail;
    object->u.list.keys[object->u.list.n] = key;
    object->u.list.items[object->u.list.n++] = item;
    return 0;
fail:
    chartex__node_free(item);
    return -1;
}

chartex__node *
chartex__node_points_strided(size_t n, const double *x, const double *y, size_t stride,
                             const struct chartex_axis *xa, const struct chartex_axis *ya)
{
    chartex__node *node = chartex__node_new(CHARTEX__NODE_POINTS);

    if (node == NULL)
        return NULL;
    node->u.points.n = n;
    node->u.points.x = x;
    node->u.points.y = y;
    node->u.points.stride = stride;
    node->u.points.xa = xa;
    node->u.points.ya = ya;
    return node;
}

chartex__node *
chartex__node_points(size_t n, const double *x, const double *y,
                     const struct chartex_axis *xa, const struct chartex_axis *ya)
{
    return chartex__node_points_strided(n, x, y, 1, xa, ya);
}

chartex__node *
chartex__node_points3(size_t n, const double *x, const double *y, const double *z,
                      const struct chartex_axis *const axis[3])
{
    chartex__node *node = chartex__node_points(n, x, y, axis[0], axis[1]);

    if (node == NULL)
        return NULL;
    node->u.points.z = z;
    node->u.points.za = axis[2];
    return node;
}

chartex__node *
chartex__node_value(double v, const struct chartex_axis *axis)
{
    chartex__node *node = chartex__node_values(1, &v, 1, axis);

    if (node != NULL)
        node->u.values.scalar = 1;
    return node;
}

chartex__node *
chartex__node_values(size_t n, const double *v, int copy,
                     const struct chartex_axis *axis)
{
    chartex__node *node = chartex__node_new(CHARTEX__NODE_VALUES);

    if (node == NULL)
        return NULL;
    node->u.values.n = n;
    node->u.values.axis = axis;
    if (copy) {
        node->u.values.owned = chartex__dupd(v, n);
        if (node->u.values.owned == NULL) {
            chartex__free(node);
            return NULL;
        }
        node->u.values.v = node->u.values.owned;
    } else {
        node->u.values.v = v;
    }
    return node;
}

/* ------------------------------------------------------------------ chart */

chartex_chart *
chartex__chart_new(void)
{
    return chartex__calloc(1, sizeof(chartex_chart));
}

/* Memory of count members of size bytes owned by chart, zeroed when
 * zero; NULL when memory ran out or the size overflows. */
static void *
chart_memory(chartex_chart *chart, size_t count, size_t size, int zero)
{
    void *v;
    int overflow = 0;

    if (chart->n_bufs == chart->cap_bufs) {
        size_t cap = chart->cap_bufs ? chart->cap_bufs * 2 : 4;
        void **bufs = chartex__realloc(chart->bufs,
                                       chartex__mul(cap, sizeof *bufs, &overflow));

        if (bufs == NULL || overflow)
            return NULL;
        chart->bufs = bufs;
        chart->cap_bufs = cap;
    }
    if (zero) {
        v = chartex__calloc(count ? count : 1, size);
    } else {
        v = chartex__malloc(chartex__mul(count ? count : 1, size, &overflow));
        if (overflow) {
            chartex__free(v);
            v = NULL;
        }
    }
    if (v == NULL)
        return NULL;
    chart->bufs[chart->n_bufs++] = v;
    return v;
}

double *
chartex__chart_doubles(chartex_chart *chart, size_t n)
{
    return chart_memory(chart, n, sizeof(double), 0);
}

void *
chartex__chart_block(chartex_chart *chart, size_t count, size_t size)
{
    return chart_memory(chart, count, size, 1);
}

int
chartex_chart_is_empty(const chartex_chart *chart)
{
    return chart == NULL || chart->root == NULL;
}

void
chartex_chart_free(chartex_chart *chart)
{
    size_t i;

    if (chart == NULL)
        return;
    chartex__node_free(chart->root);
    for (i = 0; i < chart->n_bufs; i++)
        chartex__free(chart->bufs[i]);
    chartex__free(chart->bufs);
    chartex__free(chart);
}
