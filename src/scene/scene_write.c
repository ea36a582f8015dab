/*
 * scene_write.c - scene -> scene JSON (doc/scene.md): chartex_scene_to_json
 * and chartex_scene_dump.
 *
 * The text is streamed through the one JSON writer (base/json_writer.c): no tree is
 * built and nothing is allocated per number, and a dump hands it to its
 * callback in pieces without holding it whole.  Numbers are
 * chartex_format_double's text, so every finite double reads back bit for
 * bit; NaN is null and the infinities are the strings "Infinity" and
 * "-Infinity" (JSON has no literal for them); counts and flag bits are
 * integers.  Fields that hold their default are left out.
 *
 * The compact text is byte for byte what json-c wrote here before
 * (JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE): its layout is
 * the writer's compact one, and strings are written as json-c escaped them
 * -- '"', '\\' and the control characters escaped, '/', DEL and every
 * other byte as is, so text that is not UTF-8 (which the builder does not
 * check) is not replaced (CHARTEX__JSON_RAW_STRINGS) -- and, being C
 * strings, end at their first NUL.  With indent > 0 the layout is
 * json.dumps(indent=N)'s, as for the chart.
 *
 * The scene is only read; the text returned belongs to the caller
 * (chartex_free).
 */
#include "scene/scene.h"

#include <math.h>
#include <string.h>


typedef chartex__json_writer writer;

/* ---------------------------------------------------------------- values */

static int
key(writer *w, const char *k)
{
    return chartex__json_key(w, k, strlen(k));
}

static int
string(writer *w, const char *s)
{
    return chartex__json_string(w, s, strlen(s));
}

/* A number as the scene writes it: null for NaN, a string for the
 * infinities. */
static void
cell(double v, chartex_cell *c)
{
    if (isnan(v)) {
        c->kind = CHARTEX_CELL_NULL;
    } else if (isinf(v)) {
        c->kind = CHARTEX_CELL_STRING;
        c->s = v > 0 ? "Infinity" : "-Infinity";
        c->len = v > 0 ? 8 : 9;
    } else {
        c->kind = CHARTEX_CELL_NUMBER;
        c->number = v;
    }
}

static int
number(writer *w, double v)
{
    chartex_cell c;

    cell(v, &c);
    if (c.kind == CHARTEX_CELL_NUMBER)
        return chartex__json_number(w, v);
    if (c.kind == CHARTEX_CELL_STRING)
        return chartex__json_string(w, c.s, c.len);
    return chartex__json_null(w);
}

static int
numbers(writer *w, const double *v, size_t n)
{
    size_t i;

    if (chartex__json_begin_array(w) < 0)
        return -1;
    for (i = 0; i < n; i++)
        if (number(w, v[i]) < 0)
            return -1;
    return chartex__json_end_array(w);
}

static int
strings(writer *w, char *const *v, size_t n)
{
    size_t i;

    if (chartex__json_begin_array(w) < 0)
        return -1;
    for (i = 0; i < n; i++)
        if (string(w, v[i] ? v[i] : "") < 0)
            return -1;
    return chartex__json_end_array(w);
}

/* [[x, y], ...]: the bulk of a scene, a point per call. */
static int
points_strided(writer *w, const double *x, const double *y, size_t n, size_t stride)
{
    chartex_cell cx, cy;
    size_t i;

    if (chartex__json_begin_array(w) < 0)
        return -1;
    for (i = 0; i < n; i++) {
        cell(x[i * stride], &cx);
        cell(y[i * stride], &cy);
        if (chartex__json_point(w, &cx, &cy) < 0)
            return -1;
    }
    return chartex__json_end_array(w);
}

static int
points(writer *w, const double *x, const double *y, size_t n)
{
    return points_strided(w, x, y, n, 1);
}

/* Names for the known bits, one integer for any others, so that every
 * flag word survives a round trip. */
static int
flags(writer *w, unsigned bits, const chartex__flag_name *names, size_t n_names)
{
    size_t i;

    if (chartex__json_begin_array(w) < 0)
        return -1;
    for (i = 0; i < n_names; i++) {
        if ((bits & names[i].bit) == 0)
            continue;
        bits &= ~names[i].bit;
        if (string(w, names[i].name) < 0)
            return -1;
    }
    if (bits != 0 && chartex__json_integer(w, bits) < 0)
        return -1;
    return chartex__json_end_array(w);
}

static int
nonempty(const char *s)
{
    return s != NULL && s[0] != '\0';
}

/* k: "s" unless s is empty (the default). */
static int
key_string(writer *w, const char *k, const char *s)
{
    if (!nonempty(s))
        return 0;
    return key(w, k) < 0 || string(w, s) < 0 ? -1 : 0;
}

static int
key_number(writer *w, const char *k, double v)
{
    return key(w, k) < 0 || number(w, v) < 0 ? -1 : 0;
}

/* ------------------------------------------------------------------ axis */

static int
scale_is_default(const struct chartex_axis *a)
{
    return a->scale == NULL || strcmp(a->scale, "linear") == 0;
}

static int
kind_is_default(const struct chartex_axis *a)
{
    return a->kind == CHARTEX_AXIS_NUMERIC
           || (unsigned)a->kind >= CHARTEX__COUNT(chartex__axis_kind_names);
}

/* +0.0 is the default; -0.0 is written so that it survives too. */
static int
epoch_is_default(const struct chartex_axis *a)
{
    return a->date_epoch == 0.0 && !signbit(a->date_epoch);
}

static int
view_is_default(const struct chartex_axis *a)
{
    return isnan(a->view_lo) && isnan(a->view_hi);
}

/* k: the axis, unless every field holds its default. */
static int
axis(writer *w, const char *k, const struct chartex_axis *a)
{
    double view[2];

    if (!nonempty(a->label) && scale_is_default(a) && kind_is_default(a)
        && epoch_is_default(a) && view_is_default(a) && a->n_categories == 0
        && a->n_ticks == 0 && !nonempty(a->tick_offset))
        return 0;
    if (key(w, k) < 0 || chartex__json_begin_object(w) < 0
        || key_string(w, "label", a->label) < 0)
        return -1;
    if (!scale_is_default(a) && (key(w, "scale") < 0 || string(w, a->scale) < 0))
        return -1;
    if (!kind_is_default(a)
        && (key(w, "kind") < 0 || string(w, chartex__axis_kind_names[a->kind]) < 0))
        return -1;
    if (!epoch_is_default(a) && key_number(w, "date_epoch", a->date_epoch) < 0)
        return -1;
    if (!view_is_default(a)) {
        view[0] = a->view_lo;
        view[1] = a->view_hi;
        if (key(w, "view") < 0 || numbers(w, view, 2) < 0)
            return -1;
    }
    if (a->n_categories > 0
        && (key(w, "categories") < 0 || strings(w, a->categories, a->n_categories) < 0))
        return -1;
    if (a->n_ticks > 0
        && (key(w, "ticks") < 0 || numbers(w, a->ticks, a->n_ticks) < 0
            || key(w, "tick_labels") < 0 || strings(w, a->tick_labels, a->n_ticks) < 0))
        return -1;
    if (nonempty(a->tick_offset) && key_string(w, "tick_offset", a->tick_offset) < 0)
        return -1;
    return chartex__json_end_object(w);
}

/* --------------------------------------------------------------- artists */

/* "polygons": one array of points per part.  Points set without parts (an
 * artist filled by chartex_artist_set_points) are written as one polygon. */
static int
polygons(writer *w, const struct chartex_artist *a)
{
    size_t i, start = 0, n = a->x != NULL && a->y != NULL ? a->n : 0;
    size_t parts = a->part_len != NULL ? a->n_parts : 0;

    if (chartex__json_begin_array(w) < 0)
        return -1;
    if (parts == 0 && n > 0 && points(w, a->x, a->y, n) < 0)
        return -1;
    for (i = 0; i < parts; i++) {
        /* The builder keeps the parts summing to n; stay inside anyway. */
        size_t len = a->part_len[i] <= n - start ? a->part_len[i] : n - start;

        if (len == 0 ? points(w, NULL, NULL, 0) < 0
                     : points(w, a->x + start, a->y + start, len) < 0)
            return -1;
        start += len;
    }
    return chartex__json_end_array(w);
}

static int
bars(writer *w, const struct chartex_artist *a)
{
    int ok = a->bx && a->by && a->bw && a->bh;
    size_t n = ok ? a->n : 0;

    if (chartex__json_begin_object(w) < 0
        || key(w, "x") < 0 || numbers(w, a->bx, n) < 0
        || key(w, "y") < 0 || numbers(w, a->by, n) < 0
        || key(w, "w") < 0 || numbers(w, a->bw, n) < 0
        || key(w, "h") < 0 || numbers(w, a->bh, n) < 0
        || (ok && a->values != NULL
            && (key(w, "values") < 0 || numbers(w, a->values, n) < 0))
        || (ok && a->bat != NULL && (key(w, "at") < 0 || numbers(w, a->bat, n) < 0))
        || (ok && a->bin_lo != NULL && a->bin_hi != NULL
            && (key(w, "bin_start") < 0 || numbers(w, a->bin_lo, n) < 0
                || key(w, "bin_end") < 0 || numbers(w, a->bin_hi, n) < 0)))
        return -1;
    return chartex__json_end_object(w);
}

/* The colour scale of an image or contour set, where it is set. */
static int
color_scale(writer *w, const struct chartex_artist *a)
{
    if ((!isnan(a->vmin) && key_number(w, "vmin", a->vmin) < 0)
        || (!isnan(a->vmax) && key_number(w, "vmax", a->vmax) < 0)
        || key_string(w, "norm", a->norm) < 0
        || key_string(w, "colorbar_label", a->cbar_label) < 0)
        return -1;
    return 0;
}

/* A mesh's edges, cells' centres, colours: what an image may add. */
static int
image_extra(writer *w, const struct chartex_artist *a)
{
    if (a->channels > 1
        && (key(w, "channels") < 0 || chartex__json_integer(w, a->channels) < 0))
        return -1;
    if (a->x_edges != NULL && a->y_edges != NULL && a->image != NULL
        && (key(w, "x_edges") < 0 || numbers(w, a->x_edges, a->cols + 1) < 0
            || key(w, "y_edges") < 0 || numbers(w, a->y_edges, a->rows + 1) < 0))
        return -1;
    if (CHARTEX__IMAGE_IS_CELLS(a) && a->y != NULL
        && (key(w, "cells") < 0 || points(w, a->x, a->y, a->n) < 0))
        return -1;
    if (a->cell_text != NULL && a->image != NULL) {
        size_t i, k = 0, n = a->rows * a->cols;

        for (i = 0; i < n; i++) {
            if (a->cell_text[i] == NULL)
                continue;
            if ((k++ == 0 && (key(w, "cell_texts") < 0 || chartex__json_begin_array(w) < 0))
                || chartex__json_begin_array(w) < 0
                || chartex__json_integer(w, i / a->cols) < 0
                || chartex__json_integer(w, i % a->cols) < 0
                || string(w, a->cell_text[i]) < 0 || chartex__json_end_array(w) < 0)
                return -1;
        }
        if (k > 0 && chartex__json_end_array(w) < 0)
            return -1;
    }
    return color_scale(w, a);
}

/* "levels", "level_labels" and "paths" ({"level": i, "points"}) of a
 * contour set. */
static int
contour(writer *w, const struct chartex_artist *a)
{
    size_t i, start = 0, named = 0, n = a->x != NULL && a->y != NULL ? a->n : 0;

    for (i = 0; i < a->n_levels; i++)
        named += nonempty(a->level_labels[i]);
    if (key(w, "levels") < 0 || numbers(w, a->levels, a->n_levels) < 0
        || (named > 0
            && (key(w, "level_labels") < 0 || strings(w, a->level_labels, a->n_levels) < 0))
        || color_scale(w, a) < 0 || key(w, "paths") < 0 || chartex__json_begin_array(w) < 0)
        return -1;
    for (i = 0; a->part_len != NULL && i < a->n_parts; i++) {
        size_t len = a->part_len[i] <= n - start ? a->part_len[i] : n - start;

        if (chartex__json_begin_object(w) < 0 || key(w, "level") < 0
            || chartex__json_integer(w, a->part_level ? a->part_level[i] : 0) < 0
            || key(w, "points") < 0
            || (len == 0 ? points(w, NULL, NULL, 0) : points(w, a->x + start, a->y + start,
                                                            len)) < 0
            || chartex__json_end_object(w) < 0)
            return -1;
        start += len;
    }
    return chartex__json_end_array(w);
}

/* The data keys of an artist, by kind. */
static int
artist_data(writer *w, const struct chartex_artist *a)
{
    size_t count;

    switch (a->kind) {
    case CHARTEX_ARTIST_LINE:
    case CHARTEX_ARTIST_SCATTER:
    case CHARTEX_ARTIST_TEXT:
        if (key(w, "points") < 0)
            return -1;
        if (a->x == NULL || a->y == NULL)
            return points(w, NULL, NULL, 0);
        return points_strided(w, a->x, a->y, a->n, a->stride);
    case CHARTEX_ARTIST_VECTORS:
        count = a->x && a->y && a->u && a->v ? a->n : 0;
        return key(w, "points") < 0 || points(w, a->x, a->y, count) < 0
                       || key(w, "u") < 0 || numbers(w, a->u, count) < 0
                       || key(w, "v") < 0 || numbers(w, a->v, count) < 0
                   ? -1 : 0;
    case CHARTEX_ARTIST_STAIRS:
        if (a->x == NULL)
            return 0;
        if (a->orientation == CHARTEX_HORIZONTAL
            && (key(w, "orientation") < 0 || string(w, "horizontal") < 0))
            return -1;
        return key(w, "stairs") < 0 || chartex__json_begin_object(w) < 0
                       || key(w, "edges") < 0 || numbers(w, a->x, a->n + 1) < 0
                       || key(w, "values") < 0 || numbers(w, a->y, a->n) < 0
                       || key(w, "baseline") < 0 || numbers(w, a->base, a->n_base) < 0
                       || chartex__json_end_object(w) < 0
                   ? -1 : 0;
    case CHARTEX_ARTIST_PATCH:
    case CHARTEX_ARTIST_AREA:
    case CHARTEX_ARTIST_SEGMENTS:
        return key(w, "polygons") < 0 || polygons(w, a) < 0 ? -1 : 0;
    case CHARTEX_ARTIST_BARS:
        if (a->orientation == CHARTEX_HORIZONTAL
            && (key(w, "orientation") < 0 || string(w, "horizontal") < 0))
            return -1;
        return key(w, "bars") < 0 || bars(w, a) < 0 ? -1 : 0;
    case CHARTEX_ARTIST_WEDGE:
        return key_number(w, "theta1", a->theta1) < 0
                       || key_number(w, "theta2", a->theta2) < 0
                       || key_number(w, "r", a->r) < 0
                   ? -1 : 0;
    case CHARTEX_ARTIST_IMAGE:
        /* rows * cols cannot overflow: the builder checked it. */
        count = a->image != NULL ? a->rows * a->cols * a->channels : 0;
        return key(w, "rows") < 0 || chartex__json_integer(w, a->image ? a->rows : 0) < 0
                       || key(w, "cols") < 0
                       || chartex__json_integer(w, a->image ? a->cols : 0) < 0
                       || key(w, "extent") < 0 || numbers(w, a->extent, 4) < 0
                       || key(w, "values") < 0 || numbers(w, a->image, count) < 0
                       || image_extra(w, a) < 0
                   ? -1 : 0;
    case CHARTEX_ARTIST_CONTOUR:
        return contour(w, a);
    default:
        return 0;
    }
}

/* A column: its name, "texts" when some cell is a text (null for the
 * others), "numbers" when there are no texts or some other cell is not
 * null, and its shape.  Either array gives the count of cells. */
static int
column(writer *w, const chartex__column *c)
{
    size_t i;
    int with_numbers = c->texts == NULL;

    for (i = 0; !with_numbers && i < c->n; i++)
        with_numbers = c->texts[i] == NULL && !isnan(c->numbers[i]);
    if (chartex__json_begin_object(w) < 0 || key_string(w, "name", c->name) < 0)
        return -1;
    if (with_numbers && (key(w, "numbers") < 0 || numbers(w, c->numbers, c->n) < 0))
        return -1;
    if (c->texts != NULL) {
        if (key(w, "texts") < 0 || chartex__json_begin_array(w) < 0)
            return -1;
        for (i = 0; i < c->n; i++)
            if ((c->texts[i] != NULL ? string(w, c->texts[i]) : chartex__json_null(w)) < 0)
                return -1;
        if (chartex__json_end_array(w) < 0)
            return -1;
    }
    if (c->row_len != NULL) {
        if (key(w, "rows") < 0 || chartex__json_begin_array(w) < 0)
            return -1;
        for (i = 0; i < c->n_rows; i++)
            if (chartex__json_integer(w, c->row_len[i]) < 0)
                return -1;
        if (chartex__json_end_array(w) < 0)
            return -1;
    }
    if (c->scalar && (key(w, "scalar") < 0 || chartex__json_boolean(w, 1) < 0))
        return -1;
    return chartex__json_end_object(w);
}

/* A record's kind, and any artist's columns. */
static int
columns(writer *w, const struct chartex_artist *a)
{
    size_t i;

    if (a->kind == CHARTEX_ARTIST_RECORD && a->record != CHARTEX_RECORD_HIERARCHY
        && (unsigned)a->record < CHARTEX__COUNT(chartex__record_kind_names)
        && (key(w, "record") < 0 || string(w, chartex__record_kind_names[a->record]) < 0))
        return -1;
    if (a->n_columns == 0)
        return 0;
    if (key(w, "columns") < 0 || chartex__json_begin_array(w) < 0)
        return -1;
    for (i = 0; i < a->n_columns; i++)
        if (column(w, &a->columns[i]) < 0)
            return -1;
    return chartex__json_end_array(w);
}

static int
artist(writer *w, const struct chartex_artist *a)
{
    if (chartex__json_begin_object(w) < 0 || key(w, "kind") < 0
        || string(w, chartex__artist_kind_names[a->kind]) < 0)
        return -1;
    if (a->role != CHARTEX_ROLE_DATA && (unsigned)a->role < CHARTEX__COUNT(chartex__role_names)
        && (key(w, "role") < 0 || string(w, chartex__role_names[a->role]) < 0))
        return -1;
    if (a->flags != 0
        && (key(w, "flags") < 0
            || flags(w, a->flags, chartex__artist_flag_names,
                     CHARTEX__COUNT(chartex__artist_flag_names)) < 0))
        return -1;
    if (a->group != 0 && (key(w, "group") < 0 || chartex__json_integer(w, a->group) < 0))
        return -1;
    if (key_string(w, "label", a->label) < 0 || key_string(w, "class", a->cls) < 0
        || artist_data(w, a) < 0)
        return -1;
    /* z follows the points it belongs to (a 3-D Axes' artists). */
    if (a->z != NULL && (key(w, "z") < 0 || numbers(w, a->z, a->n) < 0))
        return -1;
    if (columns(w, a) < 0)
        return -1;
    return chartex__json_end_object(w);
}

/* ------------------------------------------------------------------ axes */

static int
axes(writer *w, const struct chartex_axes *ax)
{
    size_t i;
    int titles = 0;

    if (chartex__json_begin_object(w) < 0)
        return -1;
    for (i = 0; i < 3; i++) {
        if (!nonempty(ax->title[i]))
            continue;
        if (!titles && (key(w, "titles") < 0 || chartex__json_begin_object(w) < 0))
            return -1;
        titles = 1;
        if (key_string(w, chartex__title_names[i], ax->title[i]) < 0)
            return -1;
    }
    if (titles && chartex__json_end_object(w) < 0)
        return -1;
    if (ax->flags != 0
        && (key(w, "flags") < 0
            || flags(w, ax->flags, chartex__axes_flag_names,
                     CHARTEX__COUNT(chartex__axes_flag_names)) < 0))
        return -1;
    if (ax->px_width > 0) {
        double px[2];

        px[0] = ax->px_width;
        px[1] = ax->px_height;
        if (key(w, "pixels") < 0 || numbers(w, px, 2) < 0)
            return -1;
    }
    if (axis(w, "x", &ax->axis[0]) < 0 || axis(w, "y", &ax->axis[1]) < 0
        || axis(w, "z", &ax->axis[2]) < 0)
        return -1;
    if (ax->n_artists > 0) {
        if (key(w, "artists") < 0 || chartex__json_begin_array(w) < 0)
            return -1;
        for (i = 0; i < ax->n_artists; i++)
            if (artist(w, ax->artists[i]) < 0)
                return -1;
        if (chartex__json_end_array(w) < 0)
            return -1;
    }
    return chartex__json_end_object(w);
}

/* The artist kinds the vocabulary names: the builder makes no other. */
static int
kinds_known(const chartex_scene *scene)
{
    size_t i, j;

    for (i = 0; i < scene->n_axes; i++)
        for (j = 0; j < scene->axes[i]->n_artists; j++)
            if ((unsigned)scene->axes[i]->artists[j]->kind
                >= CHARTEX__COUNT(chartex__artist_kind_names))
                return 0;
    return 1;
}

static int
scene_into(writer *w, const chartex_scene *scene)
{
    size_t i;

    if (chartex__json_begin_object(w) < 0 || key(w, "version") < 0
        || chartex__json_integer(w, CHARTEX__SCENE_JSON_VERSION) < 0
        || key_string(w, "suptitle", scene->suptitle) < 0
        || key(w, "axes") < 0 || chartex__json_begin_array(w) < 0)
        return -1;
    for (i = 0; i < scene->n_axes; i++)
        if (axes(w, scene->axes[i]) < 0)
            return -1;
    if (chartex__json_end_array(w) < 0)
        return -1;
    return chartex__json_end_object(w);
}

/* Writes scene through a new writer: kept (write NULL), or streamed to
 * write.  Returns the writer (for its text) or NULL with err filled. */
static writer *
write_scene(const chartex_scene *scene, int indent, chartex_write_fn write,
            void *data, chartex_error *err)
{
    chartex_error e = { CHARTEX_OK, "" };
    writer *w;

    if (scene == NULL) {
        chartex__error(err, CHARTEX_ERR_INVALID, "no scene");
        return NULL;
    }
    if (!kinds_known(scene)) {
        chartex__error(err, CHARTEX_ERR_INVALID, "an artist of unknown kind");
        return NULL;
    }
    w = chartex__json_writer_new(indent, CHARTEX__JSON_RAW_STRINGS);
    if (w == NULL) {
        chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory writing scene JSON");
        return NULL;
    }
    if (write != NULL)
        chartex__json_writer_stream(w, write, data);
    if (chartex__json_writer_finish(w, scene_into(w, scene), &e) == 0)
        return w;
    /* The writer fails only for want of memory or because write did. */
    if (e.code == CHARTEX_ERR_SINK)
        chartex__error(err, CHARTEX_ERR_SINK, "the write callback failed");
    else
        chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory writing scene JSON");
    chartex__json_writer_free(w);
    return NULL;
}

char *
chartex_scene_to_json(const chartex_scene *scene, int indent, size_t *len,
                      chartex_error *err)
{
    writer *w = write_scene(scene, indent, NULL, NULL, err);
    char *text;

    if (w == NULL)
        return NULL;
    text = chartex__json_writer_take(w, len);
    chartex__json_writer_free(w);
    if (text == NULL)
        chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory writing scene JSON");
    return text;
}

int
chartex_scene_dump(const chartex_scene *scene, int indent, chartex_write_fn write,
                   void *data, chartex_error *err)
{
    writer *w;

    if (write == NULL)
        return chartex__error(err, CHARTEX_ERR_INVALID, "no write callback");
    w = write_scene(scene, indent, write, data, err);
    if (w == NULL)
        return -1;
    chartex__json_writer_free(w);
    return 0;
}
