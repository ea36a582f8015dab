/*
 * scene_write.c - scene -> scene JSON (doc/scene.md): chartex_scene_to_json
 * and chartex_scene_dump.
 *
 * The writer builds a json-c tree from the scene structs and lets json-c
 * print it; numbers carry chartex_format_double's text, so every finite
 * double reads back bit for bit.  The scene is only read; the text
 * returned belongs to the caller (chartex_free).
 */
#include "internal.h"

#include <json-c/json.h>

#include <math.h>
#include <stdint.h>
#include <string.h>

/* Keys are string literals: json-c need not copy them, and each is added
 * once per object. */
#define ADD_OPTS (JSON_C_OBJECT_ADD_KEY_IS_NEW | JSON_C_OBJECT_ADD_CONSTANT_KEY)

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Adds key: val to obj, taking val.  A NULL val is a constructor that ran
 * out of memory (JSON null goes through put_number only). */
static int
put(json_object *obj, const char *key, json_object *val)
{
    if (val == NULL)
        return -1;
    if (json_object_object_add_ex(obj, key, val, ADD_OPTS) != 0) {
        json_object_put(val);
        return -1;
    }
    return 0;
}

/* Appends val to arr, taking it; NULL val as for put(). */
static int
append(json_object *arr, json_object *val)
{
    if (val == NULL)
        return -1;
    if (json_object_array_add(arr, val) != 0) {
        json_object_put(val);
        return -1;
    }
    return 0;
}

/* An array with room for n items (json-c takes an int size hint). */
static json_object *
array_new(size_t n)
{
    return json_object_new_array_ext(n == 0 ? 1 : n > 65536 ? 65536 : (int)n);
}

/* The JSON value of a number.  *out is NULL for NaN, which json-c prints as
 * null; infinities are strings because JSON has no literal for them. */
static int
number_new(double v, json_object **out)
{
    char buf[CHARTEX_DOUBLE_BUFSIZE];

    *out = NULL;
    if (isnan(v))
        return 0;
    if (isinf(v)) {
        *out = json_object_new_string(v > 0 ? "Infinity" : "-Infinity");
    } else {
        chartex_format_double(v, buf);
        *out = json_object_new_double_s(v, buf);
    }
    return *out == NULL ? -1 : 0;
}

static int
put_number(json_object *obj, const char *key, double v)
{
    json_object *val;

    if (number_new(v, &val) < 0)
        return -1;
    if (json_object_object_add_ex(obj, key, val, ADD_OPTS) != 0) {
        json_object_put(val);
        return -1;
    }
    return 0;
}

static int
append_number(json_object *arr, double v)
{
    json_object *val;

    if (number_new(v, &val) < 0)
        return -1;
    if (json_object_array_add(arr, val) != 0) {
        json_object_put(val);
        return -1;
    }
    return 0;
}

static json_object *
numbers_new(const double *v, size_t n)
{
    json_object *arr = array_new(n);
    size_t i;

    if (arr == NULL)
        return NULL;
    for (i = 0; i < n; i++) {
        if (append_number(arr, v[i]) < 0) {
            json_object_put(arr);
            return NULL;
        }
    }
    return arr;
}

static json_object *
strings_new(char *const *v, size_t n)
{
    json_object *arr = array_new(n);
    size_t i;

    if (arr == NULL)
        return NULL;
    for (i = 0; i < n; i++) {
        if (append(arr, json_object_new_string(v[i] ? v[i] : "")) < 0) {
            json_object_put(arr);
            return NULL;
        }
    }
    return arr;
}

/* [[x, y], ...] */
static json_object *
points_new(const double *x, const double *y, size_t n)
{
    json_object *arr = array_new(n), *pair;
    size_t i;

    if (arr == NULL)
        return NULL;
    for (i = 0; i < n; i++) {
        pair = json_object_new_array_ext(2);
        if (append(arr, pair) < 0 || append_number(pair, x[i]) < 0
            || append_number(pair, y[i]) < 0) {
            json_object_put(arr);
            return NULL;
        }
    }
    return arr;
}

/* Names for the known bits, one integer for any others, so that every
 * flag word survives a round trip. */
static json_object *
flags_new(unsigned flags, const chartex__flag_name *names, size_t n_names)
{
    json_object *arr = array_new(n_names + 1);
    size_t i;

    if (arr == NULL)
        return NULL;
    for (i = 0; i < n_names; i++) {
        if ((flags & names[i].bit) == 0)
            continue;
        flags &= ~names[i].bit;
        if (append(arr, json_object_new_string(names[i].name)) < 0)
            goto fail;
    }
    if (flags != 0 && append(arr, json_object_new_int64((int64_t)flags)) < 0)
        goto fail;
    return arr;
fail:
    json_object_put(arr);
    return NULL;
}

static int
nonempty(const char *s)
{
    return s != NULL && s[0] != '\0';
}

/* Writes key: "s" unless s is empty (the default). */
static int
put_string(json_object *obj, const char *key, const char *s)
{
    if (!nonempty(s))
        return 0;
    return put(obj, key, json_object_new_string(s));
}

/* Adds parent[key] = the axis, unless every field holds its default. */
static int
axis_put(json_object *parent, const char *key, const struct chartex_axis *a)
{
    json_object *o = json_object_new_object();
    double view[2];
    int rc = -1;

    if (o == NULL)
        goto done;
    if (put_string(o, "label", a->label) < 0)
        goto done;
    if (a->scale != NULL && strcmp(a->scale, "linear") != 0
        && put(o, "scale", json_object_new_string(a->scale)) < 0)
        goto done;
    if (a->kind != CHARTEX_AXIS_NUMERIC && (unsigned)a->kind < COUNT(chartex__axis_kind_names)
        && put(o, "kind", json_object_new_string(chartex__axis_kind_names[a->kind])) < 0)
        goto done;
    /* +0.0 is the default; -0.0 is written so that it survives too. */
    if ((a->date_epoch != 0.0 || signbit(a->date_epoch))
        && put_number(o, "date_epoch", a->date_epoch) < 0)
        goto done;
    if (!isnan(a->view_lo) || !isnan(a->view_hi)) {
        view[0] = a->view_lo;
        view[1] = a->view_hi;
        if (put(o, "view", numbers_new(view, 2)) < 0)
            goto done;
    }
    if (a->n_categories > 0
        && put(o, "categories", strings_new(a->categories, a->n_categories)) < 0)
        goto done;
    if (a->n_ticks > 0
        && (put(o, "ticks", numbers_new(a->ticks, a->n_ticks)) < 0
            || put(o, "tick_labels", strings_new(a->tick_labels, a->n_ticks)) < 0))
        goto done;
    if (json_object_object_length(o) == 0) {
        rc = 0;
        goto done;
    }
    rc = put(parent, key, o);
    o = NULL; /* taken by put, even on failure */
done:
    json_object_put(o);
    return rc;
}

/* "polygons": one array of points per part.  Points set without parts (an
 * artist filled by chartex_artist_set_points) are written as one polygon. */
static json_object *
polygons_new(const struct chartex_artist *a)
{
    json_object *arr;
    size_t i, start = 0, n = a->x != NULL && a->y != NULL ? a->n : 0;
    size_t parts = a->part_len != NULL ? a->n_parts : 0;

    arr = array_new(parts);
    if (arr == NULL)
        return NULL;
    if (parts == 0 && n > 0)
        return append(arr, points_new(a->x, a->y, n)) < 0 ? NULL : arr;
    for (i = 0; i < parts; i++) {
        /* The builder keeps the parts summing to n; stay inside anyway. */
        size_t len = a->part_len[i] <= n - start ? a->part_len[i] : n - start;

        if (append(arr, points_new(a->x + start, a->y + start, len)) < 0) {
            json_object_put(arr);
            return NULL;
        }
        start += len;
    }
    return arr;
}

static json_object *
bars_new(const struct chartex_artist *a)
{
    json_object *o = json_object_new_object();
    int ok = a->bx && a->by && a->bw && a->bh;
    size_t n = ok ? a->n : 0;

    if (o == NULL)
        return NULL;
    if (put(o, "x", numbers_new(a->bx, n)) < 0 || put(o, "y", numbers_new(a->by, n)) < 0
        || put(o, "w", numbers_new(a->bw, n)) < 0 || put(o, "h", numbers_new(a->bh, n)) < 0
        || (ok && a->values != NULL && put(o, "values", numbers_new(a->values, n)) < 0)) {
        json_object_put(o);
        return NULL;
    }
    return o;
}

/* The data keys of an artist, by kind. */
static int
artist_data_put(json_object *o, const struct chartex_artist *a)
{
    size_t count;

    switch (a->kind) {
    case CHARTEX_ARTIST_LINE:
    case CHARTEX_ARTIST_SCATTER:
        if (a->x == NULL || a->y == NULL)
            return put(o, "points", array_new(0));
        return put(o, "points", points_new(a->x, a->y, a->n));
    case CHARTEX_ARTIST_PATCH:
    case CHARTEX_ARTIST_AREA:
    case CHARTEX_ARTIST_SEGMENTS:
        return put(o, "polygons", polygons_new(a));
    case CHARTEX_ARTIST_BARS:
        if (a->orientation == CHARTEX_HORIZONTAL
            && put(o, "orientation", json_object_new_string("horizontal")) < 0)
            return -1;
        return put(o, "bars", bars_new(a));
    case CHARTEX_ARTIST_WEDGE:
        if (put_number(o, "theta1", a->theta1) < 0 || put_number(o, "theta2", a->theta2) < 0)
            return -1;
        return put_number(o, "r", a->r);
    case CHARTEX_ARTIST_IMAGE:
        /* rows * cols cannot overflow: the builder checked it. */
        count = a->image != NULL ? a->rows * a->cols : 0;
        if (put(o, "rows", json_object_new_uint64(a->image ? a->rows : 0)) < 0
            || put(o, "cols", json_object_new_uint64(a->image ? a->cols : 0)) < 0
            || put(o, "extent", numbers_new(a->extent, 4)) < 0)
            return -1;
        return put(o, "values", numbers_new(a->image, count));
    default:
        return 0;
    }
}

static int
artist_append(json_object *list, const struct chartex_artist *a)
{
    json_object *o = json_object_new_object();
    int rc = -1;

    if (o == NULL)
        goto done;
    if ((unsigned)a->kind >= COUNT(chartex__artist_kind_names))
        goto done; /* the builder never makes one */
    if (put(o, "kind", json_object_new_string(chartex__artist_kind_names[a->kind])) < 0)
        goto done;
    if (a->role != CHARTEX_ROLE_DATA && (unsigned)a->role < COUNT(chartex__role_names)
        && put(o, "role", json_object_new_string(chartex__role_names[a->role])) < 0)
        goto done;
    if (a->flags != 0
        && put(o, "flags", flags_new(a->flags, chartex__artist_flag_names,
                                     COUNT(chartex__artist_flag_names))) < 0)
        goto done;
    if (a->group != 0 && put(o, "group", json_object_new_uint64(a->group)) < 0)
        goto done;
    if (put_string(o, "label", a->label) < 0 || put_string(o, "class", a->cls) < 0)
        goto done;
    if (artist_data_put(o, a) < 0)
        goto done;
    rc = append(list, o);
    o = NULL; /* taken by append */
done:
    json_object_put(o);
    return rc;
}

static int
axes_append(json_object *list, const struct chartex_axes *ax)
{
    json_object *o = json_object_new_object(), *titles = NULL, *artists;
    size_t i;
    int rc = -1;

    if (o == NULL)
        goto done;
    for (i = 0; i < 3; i++) {
        if (!nonempty(ax->title[i]))
            continue;
        if (titles == NULL) {
            titles = json_object_new_object();
            if (put(o, "titles", titles) < 0)
                goto done;
        }
        if (put(titles, chartex__title_names[i], json_object_new_string(ax->title[i])) < 0)
            goto done;
    }
    if (ax->flags != 0
        && put(o, "flags", flags_new(ax->flags, chartex__axes_flag_names, COUNT(chartex__axes_flag_names))) < 0)
        goto done;
    if (axis_put(o, "x", &ax->axis[0]) < 0 || axis_put(o, "y", &ax->axis[1]) < 0)
        goto done;
    if (ax->n_artists > 0) {
        artists = array_new(ax->n_artists);
        if (put(o, "artists", artists) < 0)
            goto done;
        for (i = 0; i < ax->n_artists; i++)
            if (artist_append(artists, ax->artists[i]) < 0)
                goto done;
    }
    rc = append(list, o);
    o = NULL;
done:
    json_object_put(o);
    return rc;
}

char *
chartex_scene_to_json(const chartex_scene *scene, int indent, size_t *len,
                      chartex_error *err)
{
    json_object *root = NULL, *axes;
    const char *text;
    char *out = NULL;
    size_t i, n = 0;
    /* Slashes stay unescaped: "\/" is legal but surprises readers.  json-c
     * indents pretty output by two spaces whatever indent asks for. */
    int flags = indent > 0
        ? JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE
        : JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE;

    if (scene == NULL) {
        chartex__error(err, CHARTEX_ERR_INVALID, "no scene");
        return NULL;
    }
    root = json_object_new_object();
    if (root == NULL || put(root, "version", json_object_new_int(CHARTEX__SCENE_JSON_VERSION)) < 0
        || put_string(root, "suptitle", scene->suptitle) < 0)
        goto done;
    axes = array_new(scene->n_axes);
    if (put(root, "axes", axes) < 0)
        goto done;
    for (i = 0; i < scene->n_axes; i++)
        if (axes_append(axes, scene->axes[i]) < 0)
            goto done;
    text = json_object_to_json_string_length(root, flags, &n);
    if (text == NULL)
        goto done;
    out = chartex__strndup(text, n);
done:
    json_object_put(root);
    if (out == NULL)
        chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory writing scene JSON");
    else if (len != NULL)
        *len = n;
    return out;
}

int
chartex_scene_dump(const chartex_scene *scene, int indent, chartex_write_fn write,
                   void *data, chartex_error *err)
{
    char *text = NULL;
    size_t len = 0, at, n;
    int rc = -1;

    if (write == NULL) {
        chartex__error(err, CHARTEX_ERR_INVALID, "no write callback");
        goto done;
    }
    text = chartex_scene_to_json(scene, indent, &len, err);
    if (text == NULL)
        goto done;
    for (at = 0; at < len; at += n) {
        n = len - at < 65536 ? len - at : 65536;
        if (write(text + at, n, data) < 0) {
            chartex__error(err, CHARTEX_ERR_SINK, "the write callback failed");
            goto done;
        }
    }
    rc = 0;
done:
    chartex_free(text);
    return rc;
}
