/*
 * altair.h - what the Altair reader's rooms share.  The Altair reader is
 * the third reader of the extension: it reads an Altair chart (or a
 * Vega-Lite spec) into the same chartex_scene the matplotlib walker and
 * the Plotly reader fill, so the core classifies, extracts and emits it
 * unchanged.
 *
 * Python decides per chart and per column (chartex._altair.plan):
 * Vega-Lite compiles the chart to Vega, VegaFusion evaluates the data
 * every mark shows, and the plan hands this reader the Vega spec and each
 * dataset's columns as NumPy arrays.  This reader walks the Vega spec --
 * views (the root, concatenated views, facet cells), their marks, scales,
 * axes, legends and titles -- and reads the columns the marks name
 * through the NumPy C API, never a Python object per number (texts are
 * the str objects the arrays already hold).
 *
 * A plan is {"vega": spec, "datasets": {key: {"rows": n, "columns":
 * {field: array}, "temporal": [field, ...]}}, "notes": {key: reason}}:
 * everything in it is read as hostile (the fuzz target hands plans as
 * JSON).
 *
 * One room per purpose, from the chart down:
 *
 *   views.c       the entry points; the plan; the spec's views (the root,
 *                 concatenated and repeated views, facet cells)
 *   gather.c      a view's marks through the groups inside it (a path
 *                 group -- Vega-Lite's one line per colour -- split by its
 *                 facet), each with the rows it names
 *   panes.c       a view's panes: one scene Axes per pair of x and y
 *                 scales, titles, axis titles, sizes
 *   channels.c    what a pane's channels show, as an "encoding" record per
 *                 channel (field, type, scale, time unit, aggregate, bin,
 *                 title, format, domain, sort), and its "data_notes"
 *   marks.c       one mark -> its family by type and style
 *   boxplots.c    boxplot composites: the box, whiskers, median and
 *                 outliers drawn as matplotlib's bxp draws them
 *   rects.c       rect marks as bars (vertical, horizontal, stacked,
 *                 grouped, floating, histogram bins)
 *   tiles.c       rect marks a colour field fills: heatmap cells
 *   arcs.c        arc marks: pie and donut wedges
 *   rules.c       rule marks: reference lines, error bars, segments
 *   paths.c       line, trail and area marks
 *   symbols.c     point, circle, square and tick marks (scatters); text
 *                 marks (annotations at data positions); geoshape marks
 *                 and points on a map (the geo record)
 *   series.c      a mark's series (one per colour, shape or offset group,
 *                 in the legend's order) and the artists they add
 *   encodings.c   a mark's encode channels: fields, constant values, the
 *                 rows' positions on their scales, series keys, where a
 *                 field came from (its transform)
 *   scales.c      a Vega scale: its type, a value's position, its axis
 *   domains.c     a scale's domain: categories in Vega's order, extents
 *   guides.c      the axis and the legend of a scale
 *   ticks.c       the ticks Vega draws on a continuous axis, and their labels
 *   groups.c      rows split into groups by the values of key fields
 *   datasets.c    the plan's datasets: columns through the NumPy C API,
 *                 cells and their texts, a name's dataset in a scope
 *   specs.c       hostile values of the spec: mapping access, texts,
 *                 numbers, styles
 *
 * Calls go down this list only, never up and never in a loop (a room may
 * pass over the rooms between), and every file may call state.c and
 * pystr.c.  Errors: a failing Python call becomes ChartexError("while
 * reading Altair ...") through the module's one bridge.
 */
#ifndef VL_ALTAIR_H
#define VL_ALTAIR_H

#include "state.h"
#include "readers.h"    /* vl_is_chart, vl_read_chart: views.c's, for module.c */

#define VL_MAX_VIEWS 256        /* scene Axes made; more views are left out */
#define VL_MAX_DEPTH 32         /* groups nested deeper are not read */
#define VL_MAX_PANES 8          /* pairs of x and y scales in one view */
#define VL_MAX_KEYS 8           /* fields of one series key */
#define VL_MS_PER_DAY 86400000.0

/* ------------------------------------------------------------- specs.c */

/* obj[key] of a dict as a new reference, or NULL without an exception
 * when obj is no dict, has no such key, or holds None there.  Only
 * MemoryError and what is no Exception pass through (NULL, set). */
PyObject *vl_get(PyObject *obj, const char *key);
/* vl_get, and only a list (else NULL). */
PyObject *vl_get_list(PyObject *obj, const char *key);
/* vl_get, and only a dict (else NULL). */
PyObject *vl_get_dict(PyObject *obj, const char *key);
/* The UTF-8 of a str, lone surrogates and NUL replaced by U+FFFD, valid
 * while *keep lives; *s NULL when obj is no str.  -1 on error. */
int vl_text(PyObject *obj, const char **s, size_t *len, PyObject **keep);
/* obj[key] when it is a str, as UTF-8 valid while *keep lives; NULL when
 * not (no exception). */
const char *vl_str(PyObject *obj, const char *key, PyObject **keep);
/* Whether obj[key] is the str want. */
int vl_str_is(PyObject *obj, const char *key, const char *want);
/* A finite double from an int or float (not a bool, not text): 1, else 0. */
int vl_number(PyObject *v, double *out);
/* obj[key] as a finite number: 1, else 0. */
int vl_number_at(PyObject *obj, const char *key, double *out);
/* Whether a mark's (or group's) "style", a str or a list of them, holds
 * style. */
int vl_has_style(PyObject *mark, const char *style);
/* Whether a str equals want; whether two objects are equal strs. */
int vl_is(PyObject *s, const char *want);
int vl_same(PyObject *a, PyObject *b);
/* A title's text: a str, a list of lines (joined by a space), or
 * {"text": ...}; NULL when none (a signal, empty).  New reference. */
PyObject *vl_title_text(PyObject *title);

/* ---------------------------------------------------------- datasets.c */

/* One dataset of the plan. */
typedef struct vl_data {
    PyObject *key;              /* owned: "name" or "name@0.1" */
    PyObject *columns;          /* borrowed: dict field -> array */
    PyObject *temporal;         /* borrowed: the temporal fields, or NULL */
    size_t rows;
} vl_data;

/* Some rows of a dataset: 0 .. n-1 when idx is NULL, else idx[0 .. n). */
typedef struct vl_rows {
    const vl_data *data;        /* NULL: no data */
    size_t n;
    const size_t *idx;          /* borrowed */
} vl_rows;

#define VL_ROW(rows, i) ((rows)->idx != NULL ? (rows)->idx[i] : (i))

/* A column of a dataset, read whole. */
typedef struct vl_column {
    PyArrayObject *arr;         /* owned: 1-D, C-contiguous */
    const double *num;          /* float64 values, or NULL */
    PyObject **obj;             /* object values, or NULL */
    size_t n;
    int temporal;               /* milliseconds since 1970 UTC */
} vl_column;

/* A value's kind, in a key or a cell. */
typedef enum vl_cell_kind {
    VL_CELL_NULL = 0,
    VL_CELL_NUMBER,
    VL_CELL_TEXT
} vl_cell_kind;

/* One value of a series key or a facet: a number (dates in ms) or a
 * text. */
typedef struct vl_cell {
    vl_cell_kind kind;
    double num;
    PyObject *text;             /* owned str (TEXT) */
    int temporal;
} vl_cell;

/* Rows that share the values of some fields: a series or a facet. */
typedef struct vl_group {
    vl_cell key[VL_MAX_KEYS];
    size_t n_keys;
    PyObject *label;            /* owned str: the key's texts joined by ", " */
    size_t *idx;                /* owned: dataset rows */
    size_t n, cap;
    size_t first;               /* the position of its first row */
} vl_group;

typedef struct vl_groups {
    vl_group *g;
    size_t n, cap;
} vl_groups;

struct vl_reader;

/* The dataset of the plan under key (a str), NULL when the plan has none
 * (no exception). */
const vl_data *vl_dataset(struct vl_reader *r, PyObject *key);
/* Column field of d: 1 read, 0 absent (no such column, or none NumPy
 * can read), -1 on error. */
int vl_column_get(struct vl_reader *r, const vl_data *d, PyObject *field, vl_column *c);
void vl_column_clear(vl_column *c);
/* Cell row of c (a dataset row). */
int vl_cell_of(const vl_column *c, size_t row, vl_cell *out);
void vl_cell_clear(vl_cell *c);
/* The value of a cell as a number: texts that are whole numbers read as
 * JavaScript's +text reads them; NaN otherwise. */
double vl_cell_number(const vl_cell *c);
/* The text of a cell as Vega writes it: a str as it is, a number as
 * JavaScript's String() ("3", "2.5", "1e+21"), a date as ISO 8601 UTC;
 * NULL (no exception) for null.  New reference. */
PyObject *vl_cell_text(const vl_cell *c);
/* Natural order of cells (numbers, then texts by code point, nulls last). */
int vl_cell_compare(const vl_cell *a, const vl_cell *b);
/* Splits rows by the values of fields (a list of field names of their
 * dataset) into groups, in the order their first rows come. */
int vl_split(struct vl_reader *r, const vl_rows *rows, PyObject *fields, vl_groups *out);
void vl_groups_clear(vl_groups *gs);
/* The text of a JavaScript number (String(v)). */
PyObject *vl_number_text(double v);

/* ----------------------------------------------- scales.c, domains.c */

typedef enum vl_scale_type {
    VL_SCALE_NONE = 0,
    VL_SCALE_LINEAR,
    VL_SCALE_LOG,
    VL_SCALE_POW,
    VL_SCALE_SQRT,
    VL_SCALE_SYMLOG,
    VL_SCALE_TIME,
    VL_SCALE_UTC,
    VL_SCALE_BAND,
    VL_SCALE_POINT,
    VL_SCALE_ORDINAL,
    VL_SCALE_OTHER              /* quantize, threshold, bin-ordinal, ... */
} vl_scale_type;

/* A scale of the spec, read once per reader. */
typedef struct vl_scale {
    PyObject *spec;             /* owned: the scale object */
    PyObject *name;             /* owned str */
    vl_scale_type type;
    PyObject *index;            /* owned dict: category text -> int, or NULL */
    PyObject *names;            /* owned list of the category texts, or NULL */
    int temporal_categories;    /* the categories are dates */
    const size_t *facet;        /* the facet rows it was read for (its cache key) */
    double lo, hi;              /* continuous: its domain's data extent (with
                                 * 0 when "zero"), NaN when unknown */
} vl_scale;

/* A group of the spec as it is walked: its scales and datasets are
 * found here, then in its parents'. */
typedef struct vl_scope {
    const struct vl_scope *parent;
    PyObject *group;            /* borrowed: the group mark, or the spec */
    int path[VL_MAX_DEPTH];
    size_t depth;
    PyObject *facet_name;       /* borrowed str: a facet its marks may read */
    vl_rows facet;              /* that facet's rows */
    PyObject *facet_fields;     /* borrowed list: the facet's groupby, or NULL */
    const vl_cell *facet_keys;  /* borrowed: this cell's values of them */
    size_t n_facet_keys;
} vl_scope;

/* domains.c: a discrete scale's categories (sc->index, sc->names) in the
 * order of its domain; a continuous one's data extent (sc->lo, sc->hi). */
int vl_domain_categories(struct vl_reader *r, const vl_scope *s, vl_scale *sc);
int vl_domain_extent(struct vl_reader *r, const vl_scope *s, vl_scale *sc);
/* Whether the scale type places values on categories. */
int vl_scale_discrete(vl_scale_type t);
/* The scale named name (a str) as its scope sees it, NULL when there is
 * none (no exception). */
vl_scale *vl_scale_named(struct vl_reader *r, const vl_scope *s, PyObject *name);
/* The position of a value on a scale: its category's index (NaN when the
 * domain has no such category), days since 1970 for time scales (a date
 * given in ms), the number otherwise. */
double vl_scale_position(const vl_scale *sc, const vl_cell *c);
/* The rows a mark names in scope s: a facet, or a dataset of the plan
 * (*note then receives the plan's note for it, a new reference, when it
 * has one).  0 when the name names neither. */
int vl_resolve_data(struct vl_reader *r, const vl_scope *s, PyObject *name, vl_rows *rows,
                    PyObject **note, PyObject **key);
/* The scene axis of a scale: kind, categories as ticks, scale name. */
int vl_scale_axis(struct vl_reader *r, const vl_scale *sc, chartex_axis *axis);
/* E2B's name of a scale type ("linear", "datetime", "categorical", ...)
 * and Vega's own ("sqrt", "utc", "band", ...). */
const char *vl_scale_e2b_name(vl_scale_type t);
const char *vl_scale_vega_name(vl_scale_type t);
/* The axis that shows the scale named name (a new reference to the axis
 * object, NULL when none): one of its scope's groups', else any group's
 * (a facet's axes are in its header groups); an axis with a title first,
 * never a grid's. */
PyObject *vl_axis_of(struct vl_reader *r, const vl_scope *s, PyObject *name);
/* The legend of a scale (a new reference, NULL when none), found as its
 * axis is. */
PyObject *vl_legend_of(struct vl_reader *r, const vl_scope *s, PyObject *name);
/* ticks.c: the ticks and labels Vega gives the axis guide (its axis
 * object) of a linear, pow or sqrt scale, onto the scene axis; count is
 * the guide's tickCount (-infinity: none given, NaN: not known).  An axis whose
 * ticks are not known here keeps none.  0, or -1 with an exception. */
int vl_axis_ticks(struct vl_reader *r, const vl_scale *sc, PyObject *guide, double count,
                  chartex_axis *axis);
/* The scales cached by a reader, released. */
void vl_scales_clear(struct vl_reader *r);

/* --------------------------------------------------------- encodings.c */

typedef enum vl_ch_kind {
    VL_CH_NONE = 0,             /* no data: pixels, a signal, absent */
    VL_CH_FIELD,                /* a field of the rows, on a scale or not */
    VL_CH_VALUE                 /* one data value on a scale */
} vl_ch_kind;

/* One encode channel of a mark ("x", "y2", "fill", "text"...). */
typedef struct vl_channel {
    vl_ch_kind kind;
    vl_scale *scale;            /* borrowed, or NULL */
    PyObject *field;            /* owned str (FIELD) */
    vl_cell value;              /* VALUE */
    vl_scale *offset_scale;     /* a discrete offset scale (xOffset), or NULL */
    PyObject *offset_field;     /* owned str */
    int has_band;               /* "band" was given */
} vl_channel;

/* A view's pane: the scene Axes of one pair of x and y scales. */
typedef struct vl_pane {
    vl_scale *x, *y;            /* borrowed, or NULL */
    chartex_axes *axes;
    int has_data;
} vl_pane;

/* A view: the scene Axes of one group of the spec (or of one facet
 * cell). */
typedef struct vl_view {
    struct vl_reader *r;
    const vl_scope *scope;
    vl_pane pane[VL_MAX_PANES];
    size_t n_panes;
    PyObject *title;            /* owned str or NULL */
    double width, height;       /* in pixels, NaN when unknown */
} vl_view;

/* One mark of a view, with the rows it draws. */
typedef struct vl_mark {
    vl_view *v;
    const vl_scope *scope;
    PyObject *mark;             /* borrowed */
    PyObject *encode;           /* owned dict: "update" over "enter" */
    const char *type;           /* the mark's type (valid while mark lives) */
    PyObject *type_keep;        /* owned */
    vl_rows rows;
    PyObject *label;            /* owned str: its path group's name, or NULL */
    PyObject *note;             /* owned str: why it has no data, or NULL */
    PyObject *data_key;         /* owned str: its dataset's key, or NULL */
    vl_pane *pane;
    int used;                   /* read (by a composite) */
} vl_mark;

/* The channel name of mark m (update over enter). */
int vl_channel_of(vl_mark *m, const char *name, vl_channel *ch);
void vl_channel_clear(vl_channel *ch);
/* The position of each of the mark's rows on the channel's scale (see
 * vl_scale_position; an offset scale adds its sub-band), out holding
 * m->rows.n values; NaN where there is none. */
int vl_positions(vl_mark *m, const vl_channel *ch, double *out);
/* The cells of a FIELD channel for each row (out: m->rows.n cells, to
 * clear): 1, or 0 when the channel reads no column (every cell null). */
int vl_cells(vl_mark *m, const vl_channel *ch, vl_cell *out);
/* The number of rows' value of a FIELD channel (no scale), NaN where
 * none. */
int vl_numbers(vl_mark *m, PyObject *field, double *out);
/* The fields of the mark's series keys: its discrete colour, shape and
 * dash channels and its offsets (a new list, maybe empty). */
PyObject *vl_series_fields(vl_mark *m);
/* The transform of the spec's data that made field in the mark's dataset
 * (a new reference to the transform object and *index the position of
 * field in its "as"), NULL when none. */
PyObject *vl_field_origin(vl_mark *m, PyObject *field, Py_ssize_t *index);
/* Puts the mark's rows in the order of their positions on channel ch
 * (m->rows.idx then points to *owned, which the caller frees after
 * restoring the rows): VegaFusion's aggregates come in no order. */
int vl_sort_rows(vl_mark *m, const vl_channel *ch, size_t **owned);
/* The name of a series of the mark from its value channel's field (a
 * stack's own field, "count" for "__count"); new reference or NULL. */
PyObject *vl_field_label(vl_mark *m, const vl_channel *ch);
/* The field a mark's channel reads when it is FIELD: borrowed. */
#define VL_FIELD(ch) ((ch)->kind == VL_CH_FIELD ? (ch)->field : NULL)

/* ---------------------------------------------------- the mark families */

/* A new artist of mark m on its pane's Axes, labelled label (NULL: none). */
chartex_artist *vl_new_artist(vl_mark *m, chartex_artist_kind kind, chartex_artist_role role,
                              unsigned flags, PyObject *label);
/* Sets a str as an artist's label. */
int vl_set_label(struct vl_reader *r, chartex_artist *a, PyObject *label);
/* Calls fn once per series of m (marks.c): m->rows holds the series'
 * rows while fn runs, label its name (NULL: the mark has one series and
 * no name). */
typedef int (*vl_series_fn)(vl_mark *m, PyObject *label);
int vl_each_series(vl_mark *m, vl_series_fn fn);
/* Orders the parts of each path group among marks (consecutive marks of
 * one mark object) as the series of one mark are: a stack's from the
 * bottom up, else the legend's order. */
int vl_order_paths(vl_mark *marks, size_t n);

/* symbols.c: point, circle, square, tick (scatters); text (annotations);
 * shape (geoshape: the geo record). */
int vl_read_symbols(vl_mark *m);
int vl_read_texts(vl_mark *m);
int vl_read_geoshapes(vl_mark *m);
/* paths.c: line, trail (lines), area (areas). */
int vl_read_lines(vl_mark *m);
int vl_read_areas(vl_mark *m);
/* rules.c: rule (reference lines, segments, error bars). */
int vl_read_rules(vl_mark *m);
/* arcs.c: arc (wedges). */
int vl_read_arcs(vl_mark *m);
/* rects.c: rect and bar marks (bars; the rects a colour field fills are
 * tiles.c's cells). */
int vl_read_rects(vl_mark *m);
int vl_read_heatmap(vl_mark *m);
/* boxplots.c: the boxplot composites among a view's marks (their marks
 * are marked used). */
int vl_read_boxplots(vl_mark *marks, size_t n);

/* marks.c: one mark into the scene. */
int vl_read_mark(vl_mark *m);

/* gather.c: what a view gathers, freed with it: its marks, the scopes
 * their groups were read in, the splits of their path groups, and the
 * views inside it (a list of (group, index)) to read after. */
typedef struct vl_gather {
    vl_view *v;
    vl_mark *marks;
    size_t n, cap;
    vl_scope **scopes;
    size_t n_scopes, cap_scopes;
    vl_groups *splits;
    size_t n_splits, cap_splits;
    PyObject *subviews;
} vl_gather;

/* The marks of the view's group. */
int vl_gather_view(vl_gather *g, PyObject *group, const vl_scope *s);
void vl_gather_clear(vl_gather *g);
/* A scope of group (index: its place among its parent's groups, -1:
 * the parent's own place), living as long as g. */
vl_scope *vl_gather_scope(vl_gather *g, const vl_scope *parent, PyObject *group, int index);
/* The rows a facet ({name, data, groupby}) names in s (rows), split by
 * its groupby into out: 1, 0 when it names no data, -1. */
int vl_facet_split(struct vl_reader *r, PyObject *facet, const vl_scope *s, vl_rows *rows,
                   vl_groups *out);
/* A group that is a view of its own ("cell" or "view" style); a header
 * group (a facet's titles and shared axes). */
int vl_is_cell(PyObject *group);
int vl_is_header(PyObject *group);

/* panes.c: each gathered mark's pane; the scene Axes of a pane. */
int vl_assign_panes(vl_gather *g);
int vl_make_axes(vl_view *v, vl_pane *p);

/* channels.c: the "encoding" records of a pane, and the view's
 * "data_notes". */
int vl_encoding_records(vl_view *v, vl_pane *p, vl_mark *marks, size_t n);
int vl_data_notes(vl_view *v, vl_mark *marks, size_t n);

/* ------------------------------------------------------------- views.c */

typedef struct vl_reader {
    chx_state *st;
    chartex_scene *scene;
    chartex_error err;
    PyObject *plan;             /* owned */
    PyObject *vega;             /* borrowed from the plan */
    PyObject *datasets;         /* borrowed dict, or NULL */
    PyObject *notes;            /* borrowed dict, or NULL */
    vl_data **data;             /* the datasets read, cached */
    size_t n_data, cap_data;
    vl_scale **scales;          /* the scales read, cached */
    size_t n_scales, cap_scales;
    size_t **arena;             /* row subsets made while reading, freed at its end */
    size_t n_arena, cap_arena;
    size_t n_views;
    unsigned long next_group;
} vl_reader;

/* The pending exception as ChartexError("while reading Altair WHAT:
 * ..."), through the module's one bridge; vl_core_fail: a failed builder
 * call (r->err).  Both return -1. */
static inline int
vl_fail(vl_reader *r, const char *what)
{
    return chx_reader_error(r->st, "Altair", what, NULL);
}

static inline int
vl_core_fail(vl_reader *r)
{
    return chx_raise_core_error(r->st, &r->err);
}

#endif /* VL_ALTAIR_H */
