/*
 * scene_read_artists.c - one artist of scene JSON (chartex__read_artist):
 * its kind, role, flags, group, label, class and z values, and the data
 * of its kind (points, polygons, bars, a wedge, stairs, vectors, an image,
 * a mesh or cells, a contour set), each value checked before it reaches
 * the public builder API; its columns are scene_read_columns.c's.
 */
#include "scene/scene_reader.h"

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

/* "bars": {"x", "y", "w", "h", "values", "at", "bin_start", "bin_end"}:
 * arrays of one length; the last four may be missing. */
static int
read_bars(chartex__reader *r, json_object *obj, chartex_artist *a)
{
    static const char *const keys[8] = { "x", "y", "w", "h", "values", "at", "bin_start",
                                         "bin_end" };
    double *col[8] = { NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL };
    json_object *v;
    size_t i, n[8] = { 0, 0, 0, 0, 0, 0, 0, 0 }, mark;
    chartex_error e = { CHARTEX_ERR_NOMEM, "out of memory" };
    int rc = -1;

    if (chartex__read_expect(r, obj, json_type_object, "an object of bar arrays") < 0)
        goto done;
    for (i = 0; i < 8; i++) {
        if (!chartex__read_enter(r, obj, keys[i], &v, &mark))
            continue;
        if (chartex__read_numbers(r, v, &col[i], &n[i]) < 0)
            goto done;
        chartex__read_leave(r, mark);
    }
    /* A missing rectangle array is an empty one; "values" may be missing
     * (read the rectangles), else it needs one value per bar too; so do
     * "at" and the bins. */
    for (i = 1; i < 8; i++) {
        if ((i < 4 || col[i] != NULL) && n[i] != n[0]) {
            chartex__read_fail(r, "\"%s\" has %zu values where \"x\" has %zu", keys[i], n[i],
                               n[0]);
            goto done;
        }
    }
    for (i = 0; i < 4; i++) {
        if (col[i] == NULL && (col[i] = chartex__dupd(NULL, 0)) == NULL) {
            chartex__read_nomem(r);
            goto done;
        }
    }
    if ((col[6] == NULL) != (col[7] == NULL)) {
        chartex__read_fail(r, "\"bin_start\" and \"bin_end\" come together");
        goto done;
    }
    if (chartex_artist_set_bars(a, n[0], col[0], col[1], col[2], col[3], col[4], &e) < 0
        || ((col[5] != NULL || col[6] != NULL)
            && chartex_artist_set_bar_positions(a, n[0], col[5], col[6], col[7], &e) < 0)) {
        chartex__read_relay(r, &e);
        goto done;
    }
    rc = 0;
done:
    for (i = 0; i < 8; i++)
        chartex__free(col[i]);
    return rc;
}

static int
read_polygons(chartex__reader *r, json_object *v, chartex_artist *a)
{
    double *xy = NULL;
    size_t i, n, count, mark;
    chartex_error e = { CHARTEX_ERR_NOMEM, "out of memory" };
    int rc = -1;

    if (chartex__read_expect(r, v, json_type_array, "an array of polygons") < 0)
        goto done;
    count = json_object_array_length(v);
    for (i = 0; i < count; i++) {
        mark = chartex__read_push_index(r, i);
        if (chartex__read_points(r, json_object_array_get_idx(v, i), &xy, &n) < 0)
            goto done;
        if (chartex_artist_add_polygon(a, n, xy, &e) < 0) {
            chartex__read_relay(r, &e);
            goto done;
        }
        chartex__free(xy);
        xy = NULL;
        chartex__read_leave(r, mark);
    }
    rc = 0;
done:
    chartex__free(xy);
    return rc;
}

/* The colour scale of an image or contour set: "vmin", "vmax", "norm",
 * "colorbar_label", each optional. */
static int
read_color_scale(chartex__reader *r, json_object *obj, chartex_artist *a)
{
    double vmin = NAN, vmax = NAN;
    const char *norm;
    size_t len;
    chartex_error e = { CHARTEX_ERR_NOMEM, "out of memory" };
    int rc = -1;

    if (chartex__read_number_member(r, obj, "vmin", &vmin) < 0
        || chartex__read_number_member(r, obj, "vmax", &vmax) < 0
        || chartex__read_string_member(r, obj, "norm", &norm, &len) < 0)
        goto done;
    if (chartex_artist_set_color_scale(a, vmin, vmax, norm, len, &e) < 0) {
        chartex__read_relay(r, &e);
        goto done;
    }
    SET_STRING(r, obj, "colorbar_label", chartex_artist_set_colorbar_label, a);
    rc = 0;
done:
    return rc;
}

/* A mesh's "x_edges" and "y_edges", both or neither. */
static int
read_edges(chartex__reader *r, json_object *obj, chartex_artist *a)
{
    static const char *const keys[2] = { "x_edges", "y_edges" };
    double *e[2] = { NULL, NULL };
    size_t n[2] = { 0, 0 }, mark, i;
    json_object *v;
    chartex_error err = { CHARTEX_ERR_NOMEM, "out of memory" };
    int rc = -1;

    for (i = 0; i < 2; i++) {
        if (!chartex__read_enter(r, obj, keys[i], &v, &mark))
            continue;
        if (chartex__read_numbers(r, v, &e[i], &n[i]) < 0)
            goto done;
        chartex__read_leave(r, mark);
    }
    if (e[0] == NULL && e[1] == NULL) {
        rc = 0;
        goto done;
    }
    if (chartex_artist_set_mesh_edges(a, n[0], e[0], n[1], e[1], &err) < 0) {
        chartex__read_relay(r, &err);
        goto done;
    }
    rc = 0;
done:
    chartex__free(e[0]);
    chartex__free(e[1]);
    return rc;
}

/* "cell_texts": [[row, col, "text"], ...]. */
static int
read_cell_texts(chartex__reader *r, json_object *obj, chartex_artist *a)
{
    json_object *v, *item;
    uint64_t row, col;
    const char *s;
    size_t i, count, len, mark, mark2;
    chartex_error e = { CHARTEX_ERR_NOMEM, "out of memory" };
    int rc = -1;

    if (!chartex__read_enter(r, obj, "cell_texts", &v, &mark))
        return 0;
    if (chartex__read_expect(r, v, json_type_array, "an array of [row, col, text]") < 0)
        goto done;
    count = json_object_array_length(v);
    for (i = 0; i < count; i++) {
        mark2 = chartex__read_push_index(r, i);
        item = json_object_array_get_idx(v, i);
        if (chartex__read_expect(r, item, json_type_array, "[row, col, text]") < 0)
            goto done;
        if (json_object_array_length(item) != 3) {
            chartex__read_fail(r, "expected [row, col, text]");
            goto done;
        }
        if (chartex__read_count(r, json_object_array_get_idx(item, 0), SIZE_MAX, &row) < 0
            || chartex__read_count(r, json_object_array_get_idx(item, 1), SIZE_MAX, &col) < 0
            || chartex__read_string(r, json_object_array_get_idx(item, 2), &s, &len) < 0)
            goto done;
        if (chartex_artist_set_cell_text(a, (size_t)row, (size_t)col, s, len, &e) < 0) {
            chartex__read_relay(r, &e);
            goto done;
        }
        chartex__read_leave(r, mark2);
    }
    chartex__read_leave(r, mark);
    rc = 0;
done:
    return rc;
}

static int
read_image(chartex__reader *r, json_object *obj, chartex_artist *a)
{
    json_object *v;
    double extent[4] = { 0.0, 0.0, 0.0, 0.0 };
    double *values = NULL, *ext = NULL, *cells = NULL;
    uint64_t rows = 0, cols = 0, channels = 1;
    size_t n = 0, n_ext, n_cells = 0, count, mark;
    int overflow = 0, seen = 0, rc = -1;
    chartex_error e = { CHARTEX_ERR_NOMEM, "out of memory" };

    if (chartex__read_enter(r, obj, "rows", &v, &mark)) {
        if (chartex__read_count(r, v, SIZE_MAX, &rows) < 0)
            goto done;
        chartex__read_leave(r, mark);
        seen = 1;
    }
    if (chartex__read_enter(r, obj, "cols", &v, &mark)) {
        if (chartex__read_count(r, v, SIZE_MAX, &cols) < 0)
            goto done;
        chartex__read_leave(r, mark);
        seen = 1;
    }
    if (chartex__read_enter(r, obj, "channels", &v, &mark)) {
        if (chartex__read_count(r, v, 4, &channels) < 0)
            goto done;
        chartex__read_leave(r, mark);
    }
    if (chartex__read_enter(r, obj, "extent", &v, &mark)) {
        if (chartex__read_numbers(r, v, &ext, &n_ext) < 0)
            goto done;
        if (n_ext != 4) {
            chartex__read_fail(r, "expected [left, right, bottom, top]");
            goto done;
        }
        memcpy(extent, ext, sizeof extent);
        chartex__read_leave(r, mark);
        seen = 1;
    }
    if (chartex__read_enter(r, obj, "values", &v, &mark)) {
        if (chartex__read_numbers(r, v, &values, &n) < 0)
            goto done;
        chartex__read_leave(r, mark);
        seen = 1;
    }
    if (chartex__read_enter(r, obj, "cells", &v, &mark)) {
        if (chartex__read_points(r, v, &cells, &n_cells) < 0)
            goto done;
        chartex__read_leave(r, mark);
    }
    if (!seen && cells == NULL) {
        rc = read_color_scale(r, obj, a);
        goto done;
    }
    if (cells != NULL) {
        if (n_cells != n) {
            chartex__read_fail(r, "%zu values for %zu cells", n, n_cells);
            goto done;
        }
        if (chartex_artist_set_cells(a, n_cells, cells, values, &e) < 0) {
            chartex__read_relay(r, &e);
            goto done;
        }
        rc = read_color_scale(r, obj, a);
        goto done;
    }
    count = chartex__mul((size_t)rows, (size_t)cols, &overflow);
    count = chartex__mul(count, (size_t)channels, &overflow);
    if (overflow || count != n) {
        chartex__read_fail(r, "%zu image values for %llu rows x %llu cols", n,
                           (unsigned long long)rows, (unsigned long long)cols);
        goto done;
    }
    if ((channels == 1
             ? chartex_artist_set_image(a, (size_t)rows, (size_t)cols, values, extent, &e)
             : chartex_artist_set_image_colors(a, (size_t)rows, (size_t)cols,
                                               (size_t)channels, values, extent, &e)) < 0) {
        chartex__read_relay(r, &e);
        goto done;
    }
    if (read_edges(r, obj, a) < 0 || read_cell_texts(r, obj, a) < 0
        || read_color_scale(r, obj, a) < 0)
        goto done;
    rc = 0;
done:
    chartex__free(values);
    chartex__free(ext);
    chartex__free(cells);
    return rc;
}

/* A contour set: "levels", "level_labels", "paths" of {"level", "points"}. */
static int
read_contour(chartex__reader *r, json_object *obj, chartex_artist *a)
{
    json_object *v, *p, *pv;
    double *levels = NULL, *xy = NULL;
    size_t n = 0, i, count, mark, mark2, mark3;
    uint64_t level;
    const char *s;
    chartex_error e = { CHARTEX_ERR_NOMEM, "out of memory" };
    int rc = -1;

    if (chartex__read_enter(r, obj, "levels", &v, &mark)) {
        if (chartex__read_numbers(r, v, &levels, &n) < 0)
            goto done;
        if (chartex_artist_set_levels(a, n, levels, &e) < 0) {
            chartex__read_relay(r, &e);
            goto done;
        }
        chartex__read_leave(r, mark);
    }
    if (chartex__read_enter(r, obj, "level_labels", &v, &mark)) {
        if (chartex__read_expect(r, v, json_type_array, "an array of strings") < 0)
            goto done;
        count = json_object_array_length(v);
        for (i = 0; i < count; i++) {
            size_t len;

            mark2 = chartex__read_push_index(r, i);
            if (chartex__read_string(r, json_object_array_get_idx(v, i), &s, &len) < 0)
                goto done;
            if (chartex_artist_set_level_label(a, i, s, len, &e) < 0) {
                chartex__read_relay(r, &e);
                goto done;
            }
            chartex__read_leave(r, mark2);
        }
        chartex__read_leave(r, mark);
    }
    if (read_color_scale(r, obj, a) < 0)
        goto done;
    if (chartex__read_enter(r, obj, "paths", &v, &mark)) {
        if (chartex__read_expect(r, v, json_type_array, "an array of paths") < 0)
            goto done;
        count = json_object_array_length(v);
        for (i = 0; i < count; i++) {
            mark2 = chartex__read_push_index(r, i);
            p = json_object_array_get_idx(v, i);
            if (chartex__read_expect(r, p, json_type_object, "a path") < 0)
                goto done;
            level = 0;
            if (chartex__read_enter(r, p, "level", &pv, &mark3)) {
                if (chartex__read_count(r, pv, SIZE_MAX, &level) < 0)
                    goto done;
                chartex__read_leave(r, mark3);
            }
            n = 0;
            if (chartex__read_enter(r, p, "points", &pv, &mark3)) {
                if (chartex__read_points(r, pv, &xy, &n) < 0)
                    goto done;
                chartex__read_leave(r, mark3);
            }
            if (chartex_artist_add_level_path(a, (size_t)level, n, xy, &e) < 0) {
                chartex__read_relay(r, &e);
                goto done;
            }
            chartex__free(xy);
            xy = NULL;
            chartex__read_leave(r, mark2);
        }
        chartex__read_leave(r, mark);
    }
    rc = 0;
done:
    chartex__free(levels);
    chartex__free(xy);
    return rc;
}

/* "stairs": {"edges", "values", "baseline"} (edges one more than values;
 * baseline empty, one value or one per step). */
static int
read_stairs(chartex__reader *r, json_object *obj, chartex_artist *a, int o)
{
    static const char *const keys[3] = { "edges", "values", "baseline" };
    double *col[3] = { NULL, NULL, NULL };
    json_object *v;
    size_t i, n[3] = { 0, 0, 0 }, mark;
    chartex_error e = { CHARTEX_ERR_NOMEM, "out of memory" };
    int rc = -1;

    if (chartex__read_expect(r, obj, json_type_object, "an object of stairs arrays") < 0)
        goto done;
    for (i = 0; i < 3; i++) {
        if (!chartex__read_enter(r, obj, keys[i], &v, &mark))
            continue;
        if (chartex__read_numbers(r, v, &col[i], &n[i]) < 0)
            goto done;
        chartex__read_leave(r, mark);
    }
    if (n[0] != n[1] + 1 || (n[2] > 1 && n[2] != n[1])) {
        chartex__read_fail(r,
                           "%zu edges, %zu values and %zu baseline values do not make stairs",
                           n[0], n[1], n[2]);
        goto done;
    }
    if (chartex_artist_set_stairs(a, n[1], col[0], col[1], n[2], col[2],
                                  (chartex_orientation)o, &e) < 0) {
        chartex__read_relay(r, &e);
        goto done;
    }
    rc = 0;
done:
    for (i = 0; i < 3; i++)
        chartex__free(col[i]);
    return rc;
}

/* "points", "u", "v" of a vectors artist: one vector per point. */
static int
read_vectors(chartex__reader *r, json_object *obj, chartex_artist *a)
{
    json_object *v;
    double *xy = NULL, *u = NULL, *vv = NULL;
    size_t n = 0, nu = 0, nv = 0, mark;
    chartex_error e = { CHARTEX_ERR_NOMEM, "out of memory" };
    int rc = -1;

    if (chartex__read_enter(r, obj, "points", &v, &mark)) {
        if (chartex__read_points(r, v, &xy, &n) < 0)
            goto done;
        chartex__read_leave(r, mark);
    }
    if (chartex__read_enter(r, obj, "u", &v, &mark)) {
        if (chartex__read_numbers(r, v, &u, &nu) < 0)
            goto done;
        chartex__read_leave(r, mark);
    }
    if (chartex__read_enter(r, obj, "v", &v, &mark)) {
        if (chartex__read_numbers(r, v, &vv, &nv) < 0)
            goto done;
        chartex__read_leave(r, mark);
    }
    if (nu != n || nv != n) {
        chartex__read_fail(r, "%zu points with %zu u and %zu v values", n, nu, nv);
        goto done;
    }
    if (chartex_artist_set_vectors(a, n, xy, u, vv, &e) < 0) {
        chartex__read_relay(r, &e);
        goto done;
    }
    rc = 0;
done:
    chartex__free(xy);
    chartex__free(u);
    chartex__free(vv);
    return rc;
}

/* The keys that hold an artist's data, by kind; keys of other kinds are
 * ignored like unknown keys. */
static int
read_artist_data(chartex__reader *r, json_object *obj, chartex_artist *a, int kind)
{
    json_object *v;
    double *xy = NULL, t1 = NAN, t2 = NAN, rad = NAN;
    size_t n, mark;
    int o = CHARTEX_VERTICAL, rc = -1;
    chartex_error e = { CHARTEX_ERR_NOMEM, "out of memory" };

    switch (kind) {
    case CHARTEX_ARTIST_VECTORS:
        if (read_vectors(r, obj, a) < 0)
            goto done;
        break;
    case CHARTEX_ARTIST_STAIRS:
        if (chartex__read_enter(r, obj, "orientation", &v, &mark)) {
            if (chartex__read_name(r, v, chartex__orientation_names,
                                   CHARTEX__COUNT(chartex__orientation_names), "orientation", &o) < 0)
                goto done;
            chartex__read_leave(r, mark);
        }
        if (chartex__read_enter(r, obj, "stairs", &v, &mark)) {
            if (read_stairs(r, v, a, o) < 0)
                goto done;
            chartex__read_leave(r, mark);
        }
        break;
    case CHARTEX_ARTIST_LINE:
    case CHARTEX_ARTIST_SCATTER:
    case CHARTEX_ARTIST_TEXT:
        if (chartex__read_enter(r, obj, "points", &v, &mark)) {
            if (chartex__read_points(r, v, &xy, &n) < 0)
                goto done;
            if (chartex_artist_set_points(a, n, xy, &e) < 0) {
                chartex__read_relay(r, &e);
                goto done;
            }
            chartex__read_leave(r, mark);
        }
        break;
    case CHARTEX_ARTIST_PATCH:
    case CHARTEX_ARTIST_AREA:
    case CHARTEX_ARTIST_SEGMENTS:
        if (chartex__read_enter(r, obj, "polygons", &v, &mark)) {
            if (read_polygons(r, v, a) < 0)
                goto done;
            chartex__read_leave(r, mark);
        }
        break;
    case CHARTEX_ARTIST_BARS:
        if (chartex__read_enter(r, obj, "orientation", &v, &mark)) {
            if (chartex__read_name(r, v, chartex__orientation_names,
                                   CHARTEX__COUNT(chartex__orientation_names), "orientation", &o) < 0)
                goto done;
            chartex_artist_set_orientation(a, (chartex_orientation)o);
            chartex__read_leave(r, mark);
        }
        if (chartex__read_enter(r, obj, "bars", &v, &mark)) {
            if (read_bars(r, v, a) < 0)
                goto done;
            chartex__read_leave(r, mark);
        }
        break;
    case CHARTEX_ARTIST_WEDGE:
        if (chartex__read_number_member(r, obj, "theta1", &t1) < 0
            || chartex__read_number_member(r, obj, "theta2", &t2) < 0
            || chartex__read_number_member(r, obj, "r", &rad) < 0)
            goto done;
        chartex_artist_set_wedge(a, t1, t2, rad);
        break;
    case CHARTEX_ARTIST_IMAGE:
        if (read_image(r, obj, a) < 0)
            goto done;
        break;
    case CHARTEX_ARTIST_CONTOUR:
        if (read_contour(r, obj, a) < 0)
            goto done;
        break;
    default:
        break;
    }
    rc = 0;
done:
    chartex__free(xy);
    return rc;
}

int
chartex__read_artist(chartex__reader *r, json_object *obj, chartex_axes *axes)
{
    json_object *v;
    chartex_artist *a;
    double *z = NULL;
    size_t mark, n = 0;
    uint64_t group;
    unsigned flags;
    /* kind, role: set by chartex__read_name before use; -O3 cannot tell */
    int kind = 0, role = 0, rc = -1;
    chartex_error e = { CHARTEX_ERR_NOMEM, "out of memory" };

    if (chartex__read_expect(r, obj, json_type_object, "an artist object") < 0)
        goto done;
    if (!chartex__read_enter(r, obj, "kind", &v, &mark)) {
        chartex__read_fail(r, "missing \"kind\"");
        goto done;
    }
    if (chartex__read_name(r, v, chartex__artist_kind_names,
                           CHARTEX__COUNT(chartex__artist_kind_names), "artist kind", &kind) < 0)
        goto done;
    chartex__read_leave(r, mark);
    a = chartex_axes_add_artist(axes, (chartex_artist_kind)kind, &e);
    if (a == NULL) {
        chartex__read_relay(r, &e);
        goto done;
    }
    if (chartex__read_enter(r, obj, "role", &v, &mark)) {
        if (chartex__read_name(r, v, chartex__role_names, CHARTEX__COUNT(chartex__role_names), "role",
                               &role) < 0)
            goto done;
        chartex_artist_set_role(a, (chartex_artist_role)role);
        chartex__read_leave(r, mark);
    }
    if (chartex__read_enter(r, obj, "flags", &v, &mark)) {
        if (chartex__read_flags(r, v, chartex__artist_flag_names,
                                CHARTEX__COUNT(chartex__artist_flag_names), &flags) < 0)
            goto done;
        chartex_artist_set_flags(a, flags);
        chartex__read_leave(r, mark);
    }
    if (chartex__read_enter(r, obj, "group", &v, &mark)) {
        if (chartex__read_count(r, v, ULONG_MAX, &group) < 0)
            goto done;
        chartex_artist_set_group(a, (unsigned long)group);
        chartex__read_leave(r, mark);
    }
    SET_STRING(r, obj, "label", chartex_artist_set_label, a);
    SET_STRING(r, obj, "class", chartex_artist_set_class, a);
    if (read_artist_data(r, obj, a, kind) < 0)
        goto done;
    if (chartex__read_enter(r, obj, "z", &v, &mark)) {
        if (chartex__read_numbers(r, v, &z, &n) < 0)
            goto done;
        if (chartex_artist_set_z(a, n, z, &e) < 0) {
            chartex__read_relay(r, &e);
            goto done;
        }
        chartex__read_leave(r, mark);
    }
    if (chartex__read_columns(r, obj, a) < 0)
        goto done;
    rc = 0;
done:
    chartex__free(z);
    return rc;
}
