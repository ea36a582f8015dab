/*
 * scene.c - the scene: building it through the public API (but for the
 * gridded artists: images, meshes, cells and contour sets, scene_grids.c;
 * and the columns of any artist, scene_columns.c),
 * freeing it, and its vocabulary: the names scene JSON gives the public
 * enums and flags.  The predicates the later stages ask of it are
 * scene_query.c's.
 *
 * Ownership: a scene owns its axes, an axes its axis records and artists,
 * an artist its strings and arrays; every setter copies what it is given
 * (chartex.h).
 */
#include "scene/scene.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

/* Replaces *slot with a copy of s (NULL s means ""). */
static int
set_string(char **slot, const char *s, size_t len, chartex_error *err)
{
    char *copy;

    if (s == NULL)
        len = 0;
    copy = chartex__strndup(s ? s : "", len);
    if (copy == NULL)
        return chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory copying a string");
    chartex__free(*slot);
    *slot = copy;
    return 0;
}

static void
axis_init(struct chartex_axis *axis)
{
    memset(axis, 0, sizeof *axis);
    axis->kind = CHARTEX_AXIS_NUMERIC;
    axis->view_lo = NAN;
    axis->view_hi = NAN;
}

void
chartex__free_strings(char **v, size_t n)
{
    size_t i;

    if (v == NULL)
        return;
    for (i = 0; i < n; i++)
        chartex__free(v[i]);
    chartex__free(v);
}

static void
axis_clear(struct chartex_axis *axis)
{
    chartex__free(axis->label);
    chartex__free(axis->scale);
    chartex__free_strings(axis->categories, axis->n_categories);
    chartex__free(axis->ticks);
    chartex__free_strings(axis->tick_labels, axis->n_ticks);
    chartex__free(axis->tick_offset);
    axis_init(axis);
}

/* Lets go of an artist's points: frees them when they are its own. */
static void
drop_points(struct chartex_artist *a)
{
    if (!a->borrowed) {
        chartex__free(a->x);
        chartex__free(a->y);
    }
    a->x = a->y = NULL;
    a->stride = 1;
    a->borrowed = 0;
}

int
chartex__own_points(struct chartex_artist *a)
{
    double *x, *y;
    size_t i;

    if (!a->borrowed)
        return 0;
    x = chartex__malloc(a->n ? a->n * sizeof *x : 1);
    y = chartex__malloc(a->n ? a->n * sizeof *y : 1);
    if (x == NULL || y == NULL) {
        chartex__free(x);
        chartex__free(y);
        return -1;
    }
    for (i = 0; i < a->n; i++) {
        x[i] = CHARTEX__PX(a, i);
        y[i] = CHARTEX__PY(a, i);
    }
    a->x = x;
    a->y = y;
    a->stride = 1;
    a->borrowed = 0;
    return 0;
}

static void
artist_free(struct chartex_artist *a)
{
    if (a == NULL)
        return;
    chartex__free(a->label);
    chartex__free(a->cls);
    drop_points(a);
    chartex__free(a->part_len);
    chartex__free(a->z);
    chartex__free(a->base);
    chartex__free(a->u);
    chartex__free(a->v);
    chartex__free(a->bx);
    chartex__free(a->by);
    chartex__free(a->bw);
    chartex__free(a->bh);
    chartex__free(a->values);
    chartex__free(a->bat);
    chartex__free(a->bin_lo);
    chartex__free(a->bin_hi);
    chartex__free(a->image);
    chartex__free(a->x_edges);
    chartex__free(a->y_edges);
    if (a->cell_text != NULL)
        chartex__free_strings(a->cell_text, a->rows * a->cols);
    chartex__free(a->norm);
    chartex__free(a->cbar_label);
    chartex__free(a->levels);
    chartex__free_strings(a->level_labels, a->n_levels);
    chartex__free(a->part_level);
    chartex__columns_free(a);
    chartex__free(a);
}

static void
axes_free(struct chartex_axes *axes)
{
    size_t i;

    if (axes == NULL)
        return;
    for (i = 0; i < 3; i++)
        chartex__free(axes->title[i]);
    axis_clear(&axes->axis[0]);
    axis_clear(&axes->axis[1]);
    axis_clear(&axes->axis[2]);
    for (i = 0; i < axes->n_artists; i++)
        artist_free(axes->artists[i]);
    chartex__free(axes->artists);
    chartex__free(axes);
}

chartex_scene *
chartex_scene_new(chartex_error *err)
{
    chartex_scene *scene = chartex__calloc(1, sizeof *scene);

    if (scene == NULL)
        goto nomem;
    scene->suptitle = chartex__strndup("", 0);
    if (scene->suptitle == NULL)
        goto nomem;
    return scene;
nomem:
    chartex__free(scene);
    chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory creating a scene");
    return NULL;
}

void
chartex_scene_free(chartex_scene *scene)
{
    size_t i;

    if (scene == NULL)
        return;
    for (i = 0; i < scene->n_axes; i++)
        axes_free(scene->axes[i]);
    chartex__free(scene->axes);
    chartex__free(scene->suptitle);
    chartex__free(scene);
}

int
chartex_scene_set_suptitle(chartex_scene *scene, const char *s, size_t len,
                           chartex_error *err)
{
    if (scene == NULL)
        return chartex__error(err, CHARTEX_ERR_INVALID, "no scene");
    return set_string(&scene->suptitle, s, len, err);
}

/* Grows a pointer vector by one slot. */
static int
grow(void ***v, size_t n, size_t *cap)
{
    size_t new_cap;
    void **p;
    int overflow = 0;

    if (n < *cap)
        return 0;
    new_cap = *cap ? *cap * 2 : 4;
    p = chartex__realloc(*v, chartex__mul(new_cap, sizeof *p, &overflow));
    if (p == NULL || overflow)
        return -1;
    *v = p;
    *cap = new_cap;
    return 0;
}

chartex_axes *
chartex_scene_add_axes(chartex_scene *scene, chartex_error *err)
{
    struct chartex_axes *axes = NULL;
    int i;

    if (scene == NULL) {
        chartex__error(err, CHARTEX_ERR_INVALID, "no scene");
        return NULL;
    }
    axes = chartex__calloc(1, sizeof *axes);
    if (axes == NULL)
        goto nomem;
    axis_init(&axes->axis[0]);
    axis_init(&axes->axis[1]);
    axis_init(&axes->axis[2]);
    for (i = 0; i < 3; i++) {
        axes->title[i] = chartex__strndup("", 0);
        if (axes->title[i] == NULL)
            goto nomem;
    }
    for (i = 0; i < 3; i++) {
        axes->axis[i].label = chartex__strndup("", 0);
        axes->axis[i].scale = chartex__strndup("linear", 6);
        if (axes->axis[i].label == NULL || axes->axis[i].scale == NULL)
            goto nomem;
    }
    if (grow((void ***)&scene->axes, scene->n_axes, &scene->cap_axes) < 0)
        goto nomem;
    scene->axes[scene->n_axes++] = axes;
    return axes;
nomem:
    axes_free(axes);
    chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory adding an axes");
    return NULL;
}

size_t
chartex_scene_axes_count(const chartex_scene *scene)
{
    return scene ? scene->n_axes : 0;
}

int
chartex_axes_set_title(chartex_axes *axes, chartex_title_loc loc, const char *s,
                       size_t len, chartex_error *err)
{
    if (axes == NULL || (int)loc < 0 || (int)loc > 2)
        return chartex__error(err, CHARTEX_ERR_INVALID, "bad axes or title location");
    return set_string(&axes->title[loc], s, len, err);
}

void
chartex_axes_set_flags(chartex_axes *axes, unsigned flags)
{
    if (axes != NULL)
        axes->flags = flags;
}

void
chartex_axes_set_pixels(chartex_axes *axes, double width, double height)
{
    if (axes == NULL)
        return;
    /* Unknown unless both are usable: a limit from a size of NaN or 0
     * would drop everything. */
    if (!(isfinite(width) && isfinite(height) && width > 0 && height > 0))
        width = height = 0;
    axes->px_width = width;
    axes->px_height = height;
}

chartex_axis *
chartex_axes_axis(chartex_axes *axes, int which)
{
    if (axes == NULL || which < 0 || which > 2)
        return NULL;
    return &axes->axis[which];
}

int
chartex_axis_set_label(chartex_axis *axis, const char *s, size_t len,
                       chartex_error *err)
{
    if (axis == NULL)
        return chartex__error(err, CHARTEX_ERR_INVALID, "no axis");
    return set_string(&axis->label, s, len, err);
}

int
chartex_axis_set_scale(chartex_axis *axis, const char *s, size_t len,
                       chartex_error *err)
{
    if (axis == NULL)
        return chartex__error(err, CHARTEX_ERR_INVALID, "no axis");
    return set_string(&axis->scale, s, len, err);
}

void
chartex_axis_set_kind(chartex_axis *axis, chartex_axis_kind kind, double date_epoch)
{
    if (axis == NULL)
        return;
    if (kind != CHARTEX_AXIS_DATE && kind != CHARTEX_AXIS_CATEGORY)
        kind = CHARTEX_AXIS_NUMERIC;
    axis->kind = kind;
    axis->date_epoch = isfinite(date_epoch) ? date_epoch : 0.0;
}

void
chartex_axis_set_view(chartex_axis *axis, double lo, double hi)
{
    if (axis == NULL)
        return;
    axis->view_lo = lo;
    axis->view_hi = hi;
}

int
chartex_axis_add_category(chartex_axis *axis, const char *s, size_t len,
                          chartex_error *err)
{
    char **v;
    char *copy;
    int overflow = 0;

    if (axis == NULL)
        return chartex__error(err, CHARTEX_ERR_INVALID, "no axis");
    copy = chartex__strndup(s ? s : "", s ? len : 0);
    if (copy == NULL)
        return chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory adding a category");
    /* Grow one at a time rounded to powers of two: capacity is implied. */
    if ((axis->n_categories & (axis->n_categories - 1)) == 0) {
        size_t cap = axis->n_categories ? axis->n_categories * 2 : 1;
        v = chartex__realloc(axis->categories,
                             chartex__mul(cap, sizeof *v, &overflow));
        if (v == NULL || overflow) {
            chartex__free(copy);
            return chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory adding a category");
        }
        axis->categories = v;
    }
    axis->categories[axis->n_categories++] = copy;
    return 0;
}

int
chartex_axis_set_ticks(chartex_axis *axis, size_t n, const double *locs,
                       chartex_error *err)
{
    double *ticks = NULL;
    char **labels = NULL;
    size_t i;

    if (axis == NULL || (n > 0 && locs == NULL))
        return chartex__error(err, CHARTEX_ERR_INVALID, "bad axis or ticks");
    ticks = chartex__dupd(locs, n);
    labels = chartex__calloc(n ? n : 1, sizeof *labels);
    if (ticks == NULL || labels == NULL)
        goto nomem;
    for (i = 0; i < n; i++) {
        labels[i] = chartex__strndup("", 0);
        if (labels[i] == NULL)
            goto nomem;
    }
    chartex__free(axis->ticks);
    chartex__free_strings(axis->tick_labels, axis->n_ticks);
    axis->ticks = ticks;
    axis->tick_labels = labels;
    axis->n_ticks = n;
    return 0;
nomem:
    chartex__free(ticks);
    chartex__free_strings(labels, n);
    return chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory setting ticks");
}

int
chartex_axis_set_tick_label(chartex_axis *axis, size_t i, const char *s,
                            size_t len, chartex_error *err)
{
    if (axis == NULL || i >= axis->n_ticks)
        return chartex__error(err, CHARTEX_ERR_INVALID, "tick label index out of range");
    return set_string(&axis->tick_labels[i], s, len, err);
}

int
chartex_axis_set_tick_offset(chartex_axis *axis, const char *s, size_t len,
                             chartex_error *err)
{
    if (axis == NULL)
        return chartex__error(err, CHARTEX_ERR_INVALID, "no axis");
    return set_string(&axis->tick_offset, s, len, err);
}

chartex_artist *
chartex_axes_add_artist(chartex_axes *axes, chartex_artist_kind kind,
                        chartex_error *err)
{
    struct chartex_artist *a = NULL;

    if (axes == NULL || (int)kind < 0 || kind > CHARTEX_ARTIST_KIND_LAST) {
        chartex__error(err, CHARTEX_ERR_INVALID, "bad axes or artist kind");
        return NULL;
    }
    a = chartex__calloc(1, sizeof *a);
    if (a == NULL)
        goto nomem;
    a->kind = kind;
    a->label = chartex__strndup("", 0);
    a->cls = chartex__strndup("", 0);
    if (a->label == NULL || a->cls == NULL)
        goto nomem;
    a->theta1 = a->theta2 = a->r = NAN;
    a->vmin = a->vmax = NAN;
    a->channels = 1;
    a->stride = 1;
    if (grow((void ***)&axes->artists, axes->n_artists, &axes->cap_artists) < 0)
        goto nomem;
    axes->artists[axes->n_artists++] = a;
    return a;
nomem:
    artist_free(a);
    chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory adding an artist");
    return NULL;
}

int
chartex_artist_set_label(chartex_artist *a, const char *s, size_t len,
                         chartex_error *err)
{
    if (a == NULL)
        return chartex__error(err, CHARTEX_ERR_INVALID, "no artist");
    return set_string(&a->label, s, len, err);
}

int
chartex_artist_set_class(chartex_artist *a, const char *s, size_t len,
                         chartex_error *err)
{
    if (a == NULL)
        return chartex__error(err, CHARTEX_ERR_INVALID, "no artist");
    return set_string(&a->cls, s, len, err);
}

void
chartex_artist_set_role(chartex_artist *a, chartex_artist_role role)
{
    if (a != NULL && (int)role >= 0 && role <= CHARTEX_ROLE_DECORATION)
        a->role = role;
}

void
chartex_artist_set_flags(chartex_artist *a, unsigned flags)
{
    if (a != NULL)
        a->flags = flags;
}

void
chartex_artist_set_group(chartex_artist *a, unsigned long group)
{
    if (a != NULL)
        a->group = group;
}

/* Splits n interleaved points into two new arrays. */
static int
split_xy(size_t n, const double *xy, double **x, double **y)
{
    size_t i;
    int overflow = 0;
    size_t bytes = chartex__mul(n ? n : 1, sizeof(double), &overflow);

    *x = *y = NULL;
    if (overflow)
        return -1;
    *x = chartex__malloc(bytes);
    *y = chartex__malloc(bytes);
    if (*x == NULL || *y == NULL) {
        chartex__free(*x);
        chartex__free(*y);
        *x = *y = NULL;
        return -1;
    }
    for (i = 0; i < n; i++) {
        (*x)[i] = xy[2 * i];
        (*y)[i] = xy[2 * i + 1];
    }
    return 0;
}

int
chartex_artist_set_points(chartex_artist *a, size_t n, const double *xy,
                          chartex_error *err)
{
    double *x, *y;

    if (a == NULL || (n > 0 && xy == NULL))
        return chartex__error(err, CHARTEX_ERR_INVALID, "bad artist or points");
    if (n > SIZE_MAX / 2)
        return chartex__error(err, CHARTEX_ERR_LIMIT, "too many points");
    if (split_xy(n, xy, &x, &y) < 0)
        return chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory copying %zu points", n);
    drop_points(a);
    chartex__free(a->part_len);
    chartex__free(a->z);
    a->z = NULL;
    a->part_len = NULL;
    a->n_parts = 0;
    a->x = x;
    a->y = y;
    a->n = n;
    return 0;
}

int
chartex_artist_borrow_points(chartex_artist *a, size_t n, const double *x,
                             const double *y, size_t stride, chartex_error *err)
{
    if (a == NULL || (a->kind != CHARTEX_ARTIST_LINE && a->kind != CHARTEX_ARTIST_SCATTER)
        || stride == 0 || (n > 0 && (x == NULL || y == NULL)))
        return chartex__error(err, CHARTEX_ERR_INVALID, "bad artist or borrowed points");
    if (n > SIZE_MAX / 2 / stride / sizeof(double))
        return chartex__error(err, CHARTEX_ERR_LIMIT, "too many points");
    drop_points(a);
    chartex__free(a->part_len);
    chartex__free(a->z);
    a->z = NULL;
    a->part_len = NULL;
    a->n_parts = 0;
    /* Never written through: the scene's arrays are not const only
     * because its own are filled in place. */
    a->x = (double *)x;
    a->y = (double *)y;
    a->stride = stride;
    a->borrowed = 1;
    a->n = n;
    return 0;
}

int
chartex_artist_set_bars(chartex_artist *a, size_t n, const double *x,
                        const double *y, const double *w, const double *h,
                        const double *values, chartex_error *err)
{
    double *bx = NULL, *by = NULL, *bw = NULL, *bh = NULL, *bv = NULL;

    if (a == NULL || (n > 0 && (x == NULL || y == NULL || w == NULL || h == NULL)))
        return chartex__error(err, CHARTEX_ERR_INVALID, "bad artist or bars");
    bx = chartex__dupd(x, n);
    by = chartex__dupd(y, n);
    bw = chartex__dupd(w, n);
    bh = chartex__dupd(h, n);
    if (values != NULL)
        bv = chartex__dupd(values, n);
    if (bx == NULL || by == NULL || bw == NULL || bh == NULL
        || (values != NULL && bv == NULL)) {
        chartex__free(bx);
        chartex__free(by);
        chartex__free(bw);
        chartex__free(bh);
        chartex__free(bv);
        return chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory copying %zu bars", n);
    }
    chartex__free(a->bx);
    chartex__free(a->by);
    chartex__free(a->bw);
    chartex__free(a->bh);
    chartex__free(a->values);
    /* Positions and bins given for other bars no longer hold. */
    chartex__free(a->bat);
    chartex__free(a->bin_lo);
    chartex__free(a->bin_hi);
    a->bat = a->bin_lo = a->bin_hi = NULL;
    a->bx = bx;
    a->by = by;
    a->bw = bw;
    a->bh = bh;
    a->values = bv;
    a->n = n;
    return 0;
}

/* A copy of v[0..n) (NULL: none) into *out, freeing what *out held.
 * -1 when memory ran out (*out untouched). */
static int
replace_doubles(double **out, const double *v, size_t n)
{
    double *copy = NULL;

    if (v != NULL && (copy = chartex__dupd(v, n)) == NULL)
        return -1;
    chartex__free(*out);
    *out = copy;
    return 0;
}

int
chartex_artist_set_bar_positions(chartex_artist *a, size_t n, const double *at,
                                 const double *bin_start, const double *bin_end,
                                 chartex_error *err)
{
    double *keep_lo = NULL;

    if (a == NULL || a->kind != CHARTEX_ARTIST_BARS || n != a->n
        || (bin_start == NULL) != (bin_end == NULL))
        return chartex__error(err, CHARTEX_ERR_INVALID, "bad artist or bar positions");
    if (bin_start != NULL && (keep_lo = chartex__dupd(bin_start, n)) == NULL)
        return chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory copying %zu bar positions", n);
    if (replace_doubles(&a->bat, at, n) < 0 || replace_doubles(&a->bin_hi, bin_end, n) < 0) {
        chartex__free(keep_lo);
        return chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory copying %zu bar positions", n);
    }
    chartex__free(a->bin_lo);
    a->bin_lo = keep_lo;
    return 0;
}

void
chartex_artist_set_orientation(chartex_artist *a, chartex_orientation o)
{
    if (a != NULL)
        a->orientation = o == CHARTEX_HORIZONTAL ? CHARTEX_HORIZONTAL : CHARTEX_VERTICAL;
}

void
chartex_artist_set_wedge(chartex_artist *a, double theta1, double theta2, double r)
{
    if (a == NULL)
        return;
    a->theta1 = theta1;
    a->theta2 = theta2;
    a->r = r;
}

int
chartex_artist_add_polygon(chartex_artist *a, size_t n, const double *xy,
                           chartex_error *err)
{
    double *x, *y;
    size_t *parts;
    size_t total, i;
    int overflow = 0;

    if (a == NULL || (n > 0 && xy == NULL))
        return chartex__error(err, CHARTEX_ERR_INVALID, "bad artist or polygon");
    if (n > SIZE_MAX / 2 || a->n > SIZE_MAX / 2 - n)
        return chartex__error(err, CHARTEX_ERR_LIMIT, "too many points");
    if (chartex__own_points(a) < 0)
        goto nomem;
    total = a->n + n;
    x = chartex__realloc(a->x, chartex__mul(total ? total : 1, sizeof *x, &overflow));
    if (x == NULL)
        goto nomem;
    a->x = x;
    y = chartex__realloc(a->y, chartex__mul(total ? total : 1, sizeof *y, &overflow));
    if (y == NULL)
        goto nomem;
    a->y = y;
    parts = chartex__realloc(a->part_len,
                             chartex__mul(a->n_parts + 1, sizeof *parts, &overflow));
    if (parts == NULL || overflow)
        goto nomem;
    a->part_len = parts;
    for (i = 0; i < n; i++) {
        a->x[a->n + i] = xy[2 * i];
        a->y[a->n + i] = xy[2 * i + 1];
        /* != is also true for NaN: a patch of NaN points is not hidden. */
        if (a->x[a->n + i] != a->x[0] || a->y[a->n + i] != a->y[0])
            a->spread = 1;
    }
    a->part_len[a->n_parts++] = n;
    a->n = total;
    /* The third coordinates, if any, were those of fewer points. */
    chartex__free(a->z);
    a->z = NULL;
    return 0;
nomem:
    return chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory adding a polygon");
}

int
chartex_artist_set_stairs(chartex_artist *a, size_t n, const double *edges,
                          const double *values, size_t n_baseline,
                          const double *baseline, chartex_orientation o,
                          chartex_error *err)
{
    double *x = NULL, *y = NULL, *base = NULL;

    if (a == NULL || a->kind != CHARTEX_ARTIST_STAIRS || edges == NULL
        || (n > 0 && values == NULL) || (n_baseline > 0 && baseline == NULL)
        || (n_baseline > 1 && n_baseline != n) || (int)o < 0 || o > CHARTEX_HORIZONTAL)
        return chartex__error(err, CHARTEX_ERR_INVALID, "bad stairs");
    if (n > SIZE_MAX / 2 - 1)
        return chartex__error(err, CHARTEX_ERR_LIMIT, "too many steps");
    x = chartex__dupd(edges, n + 1);
    y = chartex__dupd(values, n);
    base = chartex__dupd(baseline, n_baseline);
    if (x == NULL || y == NULL || base == NULL) {
        chartex__free(x);
        chartex__free(y);
        chartex__free(base);
        return chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory copying %zu steps", n);
    }
    drop_points(a);
    chartex__free(a->base);
    a->x = x;
    a->y = y;
    a->base = base;
    a->n = n;
    a->n_base = n_baseline;
    a->orientation = o;
    return 0;
}

int
chartex_artist_set_vectors(chartex_artist *a, size_t n, const double *xy,
                           const double *u, const double *v, chartex_error *err)
{
    double *uc, *vc;

    if (a == NULL || a->kind != CHARTEX_ARTIST_VECTORS || (n > 0 && (u == NULL || v == NULL)))
        return chartex__error(err, CHARTEX_ERR_INVALID, "bad vectors");
    uc = chartex__dupd(u, n);
    vc = chartex__dupd(v, n);
    if (uc == NULL || vc == NULL) {
        chartex__free(uc);
        chartex__free(vc);
        return chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory copying %zu vectors", n);
    }
    if (chartex_artist_set_points(a, n, xy, err) < 0) {
        chartex__free(uc);
        chartex__free(vc);
        return -1;
    }
    chartex__free(a->u);
    chartex__free(a->v);
    a->u = uc;
    a->v = vc;
    return 0;
}

int
chartex_artist_set_z(chartex_artist *a, size_t n, const double *z,
                     chartex_error *err)
{
    double *copy;

    if (a == NULL || (n > 0 && z == NULL))
        return chartex__error(err, CHARTEX_ERR_INVALID, "bad artist or z values");
    if (a->kind != CHARTEX_ARTIST_LINE && a->kind != CHARTEX_ARTIST_SCATTER
        && a->kind != CHARTEX_ARTIST_PATCH && a->kind != CHARTEX_ARTIST_AREA
        && a->kind != CHARTEX_ARTIST_SEGMENTS)
        return chartex__error(err, CHARTEX_ERR_INVALID,
                              "z values for an artist without points");
    if (n != a->n)
        return chartex__error(err, CHARTEX_ERR_INVALID,
                              "%zu z values for %zu points", n, a->n);
    copy = chartex__dupd(z, n);
    if (copy == NULL)
        return chartex__error(err, CHARTEX_ERR_NOMEM, "out of memory copying %zu z values", n);
    chartex__free(a->z);
    a->z = copy;
    return 0;
}

/* ------------------------------------------------------------- vocabulary */

/* Indexed by the public enums. */
const char *const chartex__artist_kind_names[CHARTEX_ARTIST_KIND_LAST + 1] = {
    "line", "scatter", "bars", "wedge", "patch", "area", "segments", "image", "other",
    "stairs", "vectors", "text", "contour", "record"
};
const char *const chartex__role_names[CHARTEX_ROLE_DECORATION + 1] = {
    "data", "refline", "errorbar", "decoration"
};
const char *const chartex__axis_kind_names[CHARTEX_AXIS_CATEGORY + 1] = {
    "numeric", "date", "category"
};
const char *const chartex__title_names[CHARTEX_TITLE_RIGHT + 1] = {
    "center", "left", "right"
};
const char *const chartex__orientation_names[CHARTEX_HORIZONTAL + 1] = {
    "vertical", "horizontal"
};
const char *const chartex__record_kind_names[CHARTEX_RECORD_KIND_LAST + 1] = {
    "hierarchy", "table", "indicator", "sankey", "dimensions", "geo", "polar",
    "volume", "carpet", "ternary", "smith",
    "encoding", "data_notes"
};

const chartex__flag_name chartex__axes_flag_names[CHARTEX__AXES_FLAG_NAMES] = {
    { CHARTEX_AXES_COLORBAR, "colorbar" },
    { CHARTEX_AXES_POLAR, "polar" },
    { CHARTEX_AXES_3D, "3d" },
};

const chartex__flag_name chartex__artist_flag_names[CHARTEX__ARTIST_FLAG_NAMES] = {
    { CHARTEX_LINE_NO_LINE, "no_line" },
    { CHARTEX_LINE_MARKER, "marker" },
    { CHARTEX_LINE_STEPS, "steps" },
    { CHARTEX_ARTIST_STEM, "stem" },
    { CHARTEX_ARTIST_ERRORBAR_DATA, "errorbar_data" },
    { CHARTEX_TEXT_TABLE_CELL, "table_cell" },
    { CHARTEX_TEXT_BAR_CENTRE, "bar_centre" },
    { CHARTEX_IMAGE_ORIGIN_LOWER, "origin_lower" },
    { CHARTEX_CONTOUR_FILLED, "filled" },
    { CHARTEX_REF_X_DATA, "x_data" },
    { CHARTEX_REF_Y_DATA, "y_data" },
    { CHARTEX_WEDGE_EXACT, "exact" },
    { CHARTEX_BARS_BINNED, "binned" },
    { CHARTEX_BARS_VALUES_ADD, "values_add" },
    { CHARTEX_BARS_VALUES_DENSITY, "values_density" },
    { CHARTEX_BARS_VALUES_NO_MERGE, "values_no_merge" },
    { CHARTEX_REF_SEGMENT, "segment" },
};
