/*
 * scene.h - what the scene's rooms share: the structs behind the public
 * handles, the scene's JSON vocabulary and the questions the chart asks of
 * its artists (scene_query.c).
 *
 * Calls go one way.  The scene's rooms build and read scenes and call no
 * chart room: scene.c, scene_grids.c and scene_columns.c build (scene.c
 * -> scene_columns.c to free columns), scene_query.c answers the chart's
 * questions, scene_read.c and its rooms (scene_reader.h) read scene JSON,
 * scene_write.c writes it through the JSON writer (base/base.h).
 */
#ifndef CHARTEX__SCENE_H
#define CHARTEX__SCENE_H

#include "base/base.h"

/* ------------------------- scene (scene.c, scene_grids.c, scene_columns.c) */

/* The structs behind the public handles, built by the public API: scene.c
 * builds and frees them, scene_grids.c sets the gridded artists' data,
 * scene_columns.c an artist's columns. */

/* One named column of cells (chartex_artist_add_column): cell i is
 * texts[i] when texts and texts[i] are not NULL, else numbers[i] (NaN:
 * null). */
typedef struct chartex__column {
    char *name;            /* valid UTF-8, not empty, unique in its artist */
    size_t n;
    double *numbers;       /* n values; NaN where a cell is null or a text */
    char **texts;          /* NULL when no cell is a text, else n entries */
    size_t n_rows;         /* rows: n_rows lists of row_len[i] cells */
    size_t *row_len;       /* NULL: one list (or the scalar) */
    int scalar;            /* one cell, given as a value, not a list */
} chartex__column;

struct chartex_axis {
    char *label;           /* "" when none */
    char *scale;           /* matplotlib scale name, "linear" by default */
    chartex_axis_kind kind;
    double date_epoch;     /* date number of 1970-01-01T00:00:00 UTC */
    double view_lo, view_hi; /* NaN when unknown */
    size_t n_categories;
    char **categories;
    size_t n_ticks;
    double *ticks;
    char **tick_labels;    /* n_ticks strings, each "" when unset */
    char *tick_offset;     /* what the tick labels are relative to; "" none */
};

struct chartex_artist {
    chartex_artist_kind kind;
    chartex_artist_role role;
    unsigned flags;
    unsigned long group;
    char *label;           /* "" when none */
    char *cls;             /* matplotlib class name, "" when none */

    /* LINE, SCATTER: n points.  PATCH, AREA, SEGMENTS: all polygons'
     * points, concatenated; polygon i has part_len[i] points. */
    size_t n;
    double *x, *y;
    /* Point i is (x[i * stride], y[i * stride]): read a LINE's or a
     * SCATTER's points with CHARTEX__PX and CHARTEX__PY.  stride is 1 but
     * for points borrowed from the caller (chartex_artist_borrow_points:
     * borrowed 1, never written or freed here, only LINE and SCATTER);
     * every other kind's arrays are the scene's own and contiguous. */
    size_t stride;
    int borrowed;
    size_t n_parts;
    size_t *part_len;
    /* On a 3-D Axes: the third coordinate of each of the n points (set
     * after the points), or NULL. */
    double *z;

    /* STAIRS: n values (y), n + 1 edges (x); n_base baseline values.
     * VECTORS: n points (x, y) and their components u, v. */
    double *base;
    size_t n_base;
    double *u, *v;

    int spread;            /* PATCH: its points are not all one point (it draws) */

    /* BARS: n rectangles. */
    double *bx, *by, *bw, *bh, *values;
    /* BARS: where the figure says each bar stands (NaN: it does not say)
     * and the bin it counts (NaN: none); NULL when not given. */
    double *bat, *bin_lo, *bin_hi;
    chartex_orientation orientation;

    /* WEDGE */
    double theta1, theta2, r;

    /* IMAGE */
    size_t rows, cols;
    double *image;         /* rows * cols * channels */
    double extent[4];
    size_t channels;       /* 1: scalar values; 3, 4: RGB(A) */
    double *x_edges, *y_edges; /* a mesh's: cols + 1 and rows + 1, or NULL */
    char **cell_text;      /* rows * cols, NULL (or NULL entries): none */
    /* IMAGE of cells: the n points (x, y above) are the cells' centres,
     * rows == n and cols == 1. */

    /* IMAGE, CONTOUR: the colour scale (NaN, "" when unknown). */
    double vmin, vmax;
    char *norm;
    char *cbar_label;

    /* CONTOUR: levels; the paths are the polygons above, part i drawn
     * for level part_level[i]. */
    size_t n_levels;
    double *levels;
    char **level_labels;   /* n_levels strings, "" when none */
    size_t *part_level;    /* n_parts */

    /* Any kind: named columns (scene_columns.c): a RECORD's content, a
     * BARS artist's keys of each bar. */
    size_t n_columns;
    chartex__column *columns;
    chartex_record_kind record; /* RECORD: the chart key it goes under */
};

/* Point i of artist a, whatever its stride (a LINE's or SCATTER's points
 * may be borrowed with one). */
#define CHARTEX__PX(a, i) ((a)->x[(size_t)(i) * (a)->stride])
#define CHARTEX__PY(a, i) ((a)->y[(size_t)(i) * (a)->stride])

/* Gives a a contiguous copy of its points when they are borrowed (before a
 * setter that adds to them).  -1: no memory. */
int chartex__own_points(struct chartex_artist *a);

/* 1 when IMAGE artist a holds cells at points (chartex_artist_set_cells). */
#define CHARTEX__IMAGE_IS_CELLS(a) ((a)->x != NULL && (a)->n > 0)

struct chartex_axes {
    char *title[3];        /* indexed by chartex_title_loc, "" when none */
    unsigned flags;
    double px_width, px_height; /* rendered size in pixels; 0 when unknown */
    struct chartex_axis axis[3]; /* x, y, and z (3-D Axes only) */
    size_t n_artists, cap_artists;
    struct chartex_artist **artists;
};

struct chartex_scene {
    char *suptitle;        /* "" when none */
    size_t n_axes, cap_axes;
    struct chartex_axes **axes;
};

/* Frees the n strings of v, then v (NULL v: nothing); for the arrays of
 * strings a scene owns. */
void chartex__free_strings(char **v, size_t n);

/* Frees an artist's columns (scene_columns.c, for scene.c's artist_free). */
void chartex__columns_free(struct chartex_artist *a);

/* The scene's vocabulary (scene.c): the names scene JSON (doc/scene.md)
 * gives the public enums, indexed by them, and the known flag bits.  Read
 * by the scene reader (scene_read.c and its rooms) and scene_write.c. */
#define CHARTEX__SCENE_JSON_VERSION 1

typedef struct chartex__flag_name {
    unsigned bit;
    const char *name;
} chartex__flag_name;

#define CHARTEX__AXES_FLAG_NAMES 3
#define CHARTEX__ARTIST_FLAG_NAMES 17

extern const char *const chartex__artist_kind_names[CHARTEX_ARTIST_KIND_LAST + 1];
extern const char *const chartex__role_names[CHARTEX_ROLE_DECORATION + 1];
extern const char *const chartex__axis_kind_names[CHARTEX_AXIS_CATEGORY + 1];
extern const char *const chartex__title_names[CHARTEX_TITLE_RIGHT + 1];
extern const char *const chartex__orientation_names[CHARTEX_HORIZONTAL + 1];
extern const char *const chartex__record_kind_names[CHARTEX_RECORD_KIND_LAST + 1];
extern const chartex__flag_name chartex__axes_flag_names[CHARTEX__AXES_FLAG_NAMES];
extern const chartex__flag_name chartex__artist_flag_names[CHARTEX__ARTIST_FLAG_NAMES];

/* ------------------------------------------ scene queries (scene_query.c) */

/* What the scene says about its artists: the questions that classification,
 * box plots and extraction all ask. */

/* 1 when label is no label a reader sees: empty, or matplotlib's hidden
 * kind ("_child0", "_nolegend_"). */
int chartex__label_is_default(const char *label);

/* 1 when a is plotted data that draws something (role DATA, not empty). */
int chartex__artist_is_data(const struct chartex_artist *a);

/* 1 when a is a data Polygon patch read as an outline: the line a step
 * histogram (hist(histtype="step")) or ax.fill() draws. */
int chartex__artist_is_outline(const struct chartex_artist *a);

/* Recognises a fill_between polygon of len points: [start, (t_i, f1_i) for
 * i < N, end, (t_i, f2_i) reversed], with or without a closing copy of the
 * start; t is x (shared_y 0, fill_between) or y (shared_y 1,
 * fill_betweenx).  On success sets *n = N: (t_i, f1_i) is point 1 + i and
 * (t_i, f2_i) is point 2N + 1 - i. */
int chartex__parse_band(const double *x, const double *y, size_t len,
                        int shared_y, size_t *n);

/* A box plot's box outline: a closed Line2D of 5 points (11 when
 * notched), or a PATCH of one such polygon (with or without the closing
 * vertex), finite.  Gives its extent along the category direction (x when
 * vertical) [l, r] and its hinges q1, q3. */
int chartex__box_outline(const struct chartex_artist *a, int vertical, double *l, double *r,
                         double *q1, double *q3);

#endif /* CHARTEX__SCENE_H */
