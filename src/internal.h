/*
 * internal.h - the private header shared by the core sources in src/: the
 * scene and chart structs behind the public handles, and what each room
 * offers the others, section by section (the room named in each section's
 * title).  The chart's rooms add chart.h, the scene reader's rooms
 * scene_read.h.  Not installed: nothing outside src/ and the C tests
 * includes it.
 *
 * Calls go one way.  The scene's rooms build and read scenes and call no
 * chart room: scene.c, scene_grids.c and scene_columns.c build (scene.c
 * -> scene_columns.c to free columns), scene_query.c answers the
 * chart's questions, scene_read.c and its rooms read scene JSON,
 * scene_write.c writes it.  The chart's rooms (chart.h) read the scene and
 * build the chart tree (node.c); json.c writes text through emit.c's walk
 * of the tree.  Below them all: text.c, numfmt.c, utf8.c, util.c.
 *
 * Ownership: every pointer in these structs is owned by the struct that
 * holds it, except where a comment says "borrowed".
 */
#ifndef CHARTEX__INTERNAL_H
#define CHARTEX__INTERNAL_H

#include "chartex.h"

#include <stdarg.h>
#include <stddef.h>

/* -------------------------------------------------------- errors (util.c) */

/* Fills err (if not NULL) and returns -1, so callers can `return error(...)`. */
int chartex__error(chartex_error *err, chartex_error_code code,
                   const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* -------------------------------------------------------- memory (util.c) */

/* All allocation in the core goes through these, so a test build can make
 * the n-th allocation fail (see tests/). */
void *chartex__malloc(size_t n);
void *chartex__calloc(size_t count, size_t size);
void *chartex__realloc(void *p, size_t n);
void chartex__free(void *p);
/* qsort, which must not be given a null array even of no members: an
 * array of none may be NULL here. */
void chartex__sort(void *base, size_t n, size_t size,
                   int (*cmp)(const void *, const void *));
/* Copies len bytes and adds a NUL.  NULL on allocation failure. */
char *chartex__strndup(const char *s, size_t len);
/* Copies count doubles; count 0 gives a non-NULL 1-element buffer. */
double *chartex__dupd(const double *v, size_t count);
/* count * size, or 0 with *overflow set when it does not fit. */
size_t chartex__mul(size_t count, size_t size, int *overflow);

/* A growable byte buffer (always NUL-terminated when data != NULL). */
typedef struct chartex__buf {
    char *data;
    size_t len;
    size_t cap;
    int failed; /* sticky: an append failed for want of memory */
} chartex__buf;

int chartex__buf_reserve(chartex__buf *b, size_t extra);
int chartex__buf_append(chartex__buf *b, const char *s, size_t len);
int chartex__buf_putc(chartex__buf *b, char c);
void chartex__buf_free(chartex__buf *b);

/* --------------------------------------------------------- UTF-8 (utf8.c) */

/* The length of the valid UTF-8 sequence at s (avail bytes, at
 * least 1, s[0] >= 0x80), or, when it is invalid, minus the length of its
 * maximal valid prefix (at least 1): the bytes that Python's decoder
 * replaces with one U+FFFD ("maximal subpart"). */
long chartex__utf8_sequence(const unsigned char *s, size_t avail);

/* The offset of the first byte of s that is not part of a valid UTF-8
 * sequence (overlong forms, surrogates and code points above U+10FFFF are
 * invalid), or len when all of s is valid. */
size_t chartex__utf8_check(const char *s, size_t len);

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
#define CHARTEX__ARTIST_FLAG_NAMES 12

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
    size_t n_bufs, cap_bufs;
    double **bufs;          /* owned, each owned */
};

/* A new empty chart (chartex_chart_free frees it), or NULL. */
chartex_chart *chartex__chart_new(void);
/* An array of n doubles owned by chart (freed with it), or NULL. */
double *chartex__chart_doubles(chartex_chart *chart, size_t n);

/* ---------------------------------------------------------- emit (emit.c) */

/* Renders v as a reader of axis a sees it: a number, an ISO 8601 string on a
 * date axis, a category name on a category axis (numbers that name no
 * category stay numbers).  Emits null for NaN/inf. */
int chartex__emit_value(double v, const struct chartex_axis *a,
                        const chartex_sink *sink);

/* --------------------------------------------------------- texts (text.c) */

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

/* ----------------------------------------------------- numbers (numfmt.c) */

/* The text of a position used as a label: "3" for an integral value below
 * 1e15 in magnitude, else the shortest repr ("2.5", "1e+20"); "nan"/"inf"
 * for non-finite values.  Returns the length. */
size_t chartex__number_label(double v, char *buf);

/* v rounded to 15 significant digits, exactly as strtod of printf's "%.15g"
 * of v (NaN, infinities and zeros unchanged), mostly without either. */
double chartex__round15(double v);

/* --------------------------------------------------- JSON writer (json.c) */

/* The one JSON writer.  It is a sink of the emitter for the chart
 * (chartex__json_writer_sink) and is called directly for the scene
 * (scene_write.c).  indent <= 0 is compact; > 0 indents as
 * json.dumps(indent=N) does.  The writer owns its buffer until the text is
 * taken. */
typedef struct chartex__json_writer chartex__json_writer;

/* Strings are copied byte for byte but for the escapes JSON needs: bytes
 * that are not UTF-8 are kept, not replaced with U+FFFD (the scene JSON,
 * as json-c wrote it). */
#define CHARTEX__JSON_RAW_STRINGS 0x1u

chartex__json_writer *chartex__json_writer_new(int indent, unsigned flags);
void chartex__json_writer_free(chartex__json_writer *w);
void chartex__json_writer_sink(chartex__json_writer *w, chartex_sink *sink);
/* Hands over the text; the writer is left empty. */
char *chartex__json_writer_take(chartex__json_writer *w, size_t *len);
/* From now on the writer hands its text to write in pieces (see
 * chartex_chart_dump) instead of keeping it. */
void chartex__json_writer_stream(chartex__json_writer *w, chartex_write_fn write,
                                 void *data);
/* Ends a streamed or kept text: rc is the emission's result.  Hands the
 * last piece to write; on failure fills err for the writer's own causes
 * (memory, the callback) and returns -1, leaving err alone otherwise. */
int chartex__json_writer_finish(chartex__json_writer *w, int rc, chartex_error *err);
/* Emits obj into w and finishes it (chartex__json_writer_finish): 0, or
 * -1 with err filled. */
typedef int (*chartex__json_into_fn)(const void *obj, chartex__json_writer *w,
                                     chartex_error *err);
/* obj's JSON text through a new writer and into (malloc'd, *len its
 * length when len is not NULL), or NULL with err filled. */
char *chartex__json_text_of(const void *obj, chartex__json_into_fn into, int indent,
                            size_t *len, chartex_error *err);
/* obj's JSON text handed to write in pieces: 0, or -1 with err filled. */
int chartex__json_dump_of(const void *obj, chartex__json_into_fn into, int indent,
                          chartex_write_fn write, void *data, chartex_error *err);

/* The writer's calls, one per JSON value (as the sink's events): 0, or -1
 * when memory ran out or the write callback failed (chartex__json_writer_
 * finish tells which).  Strings are UTF-8 with a length. */
int chartex__json_begin_object(chartex__json_writer *w);
int chartex__json_end_object(chartex__json_writer *w);
int chartex__json_begin_array(chartex__json_writer *w);
int chartex__json_end_array(chartex__json_writer *w);
int chartex__json_key(chartex__json_writer *w, const char *s, size_t len);
int chartex__json_string(chartex__json_writer *w, const char *s, size_t len);
/* The shortest repr-style text of v; null when v is not finite. */
int chartex__json_number(chartex__json_writer *w, double v);
/* v in decimal digits: an integer stays "1", never "1.0". */
int chartex__json_integer(chartex__json_writer *w, unsigned long long v);
/* An integer with its sign: "-12", "0", "18446744073709551615". */
int chartex__json_int(chartex__json_writer *w, int negative, unsigned long long magnitude);
int chartex__json_boolean(chartex__json_writer *w, int v);
int chartex__json_null(chartex__json_writer *w);
/* The array [x, y] in one call. */
int chartex__json_point(chartex__json_writer *w, const chartex_cell *x,
                        const chartex_cell *y);

/* The length of what chartex__json_escape appends for s (quotes included). */
size_t chartex__json_string_size(const char *s, size_t len);

/* Appends s as a JSON string literal (with quotes), escaping as Python's
 * json.dumps(ensure_ascii=False) does; invalid UTF-8 bytes become U+FFFD. */
int chartex__json_escape(chartex__buf *b, const char *s, size_t len);

#endif /* CHARTEX__INTERNAL_H */
