/*
 * plotly.h - what the Plotly reader's files share.  The Plotly reader is
 * the second reader of the extension: it reads a plotly.graph_objects
 * Figure, or the same figure in Plotly's JSON form (a dict {"data": [...],
 * "layout": {...}}, as fig.to_dict() or json.load of fig.write_json's file
 * gives), into the same chartex_scene the matplotlib walker fills, so the
 * core classifies, extracts and emits it unchanged.
 *
 * It never imports plotly: a Figure is recognised only when plotly is
 * already in sys.modules, and everything is read through the mapping
 * protocol (obj["x"]), which plotly objects and dicts both answer.
 * Arrays are read without a Python object per point: NumPy arrays and
 * lists through the NumPy C API, base64 typed arrays ({"dtype", "bdata",
 * "shape"}, plotly 6+) by decoding them in C.  Only strings (categories,
 * dates given as text) are visited one by one, as the objects they
 * already are.
 *
 * One room per purpose, from the figure down:
 *
 *   figure.c       figure -> subplots (cartesian, domains, 3-D scenes,
 *                  polar, maps) -> scene axes in reading order; titles
 *   layout_axis.c  one axis of the layout: its type (given or guessed
 *                  from the data), categories, range, ticks given
 *   families.c     one trace -> scene artists: its type chooses the
 *                  room of its family
 *   polar.c        scatterpolar, scatterpolargl, barpolar: [theta, r]
 *                  lines and points, bars by angle, the polar record
 *   funnels.c      funnel, funnelarea, waterfall: bars in their
 *                  orientation, with a waterfall's measures and totals
 *                  (funnelarea's slices: pie.c)
 *   hierarchies.c  treemap, sunburst, icicle: every node and its value
 *                  (tree.c) as a hierarchy record
 *   table_trace.c  table: header and cells, by column
 *   indicator.c    indicator: value, reference, delta, gauge
 *   sankey.c       sankey: nodes and links (node values: derived.c)
 *   parallel.c     parcoords, parcats: each dimension's values
 *   geo.c          scattergeo, choropleth and the map(box) traces:
 *                  places and their values
 *   scatter.c      scatter, scattergl, scatter3d: lines, markers, fills
 *                  and stacks, error bars
 *   pie.c          pie: wedges in plotly.js's order
 *   boxes.c        box, violin: a box plot's geometry from plotly's
 *                  statistics
 *   barmode.c      bar, histogram: the bar-like traces of a subplot
 *                  placed as plotly.js places them (calc/barplace.c),
 *                  each bar with the position it stands at and its bin
 *   histograms.c   histogram, histogram2d: binned as plotly.js bins them
 *                  (calc/calc.h); a histogram drawn by barmode.c, a
 *                  histogram2d by grids.c
 *   ohlc.c         candlestick, ohlc: wicks and floating bodies, or
 *                  ranges with open and close ticks, as the core reads
 *                  candles
 *   grids.c        heatmap, contour, surface: a grid of z as a mesh
 *                  image, contour levels and lines, a surface's cells
 *   cells.c        columns of cells from Python values (numbers, texts,
 *                  arrays in every form), a trace's new records
 *   trace.c        what every trace family shares: the state of a
 *                  subplot's traces, new artists, a trace's values and
 *                  name
 *   arrays.c       arrays in every form (NumPy, lists, typed arrays)
 *                  on an axis, 2-D grids, an axis' type from its values
 *   typedarray.c   plotly 6's base64 typed arrays, decoded in C
 *   scalars.c      hostile single values: mapping access, text,
 *                  numbers, dates given as text, category indices
 *   calc/          the port of plotly.js's calc step, plain C with no
 *                  Python (calc/calc.h, its one door): histogram bins,
 *                  box statistics, what plotly.js derives for
 *                  hierarchies, waterfalls, funnels and sankeys; the
 *                  wing's one allocator of arrays (calc_alloc.c)
 *
 * Calls go down this list only, never up and never in a loop (a room may
 * pass over the rooms between), and every file may call state.c.
 * Errors: like the walker, a failing Python call becomes
 * ChartexError("while reading ...").
 */
#ifndef PX_PLOTLY_H
#define PX_PLOTLY_H

#include "state.h"
#include "readers.h"    /* px_is_figure, px_read_figure: figure.c's, for module.c */
#include "calc/calc.h"

/* ------------------------------------------------- shared by the files */

#define PX_MAX_AXES 64          /* subplots read; more are left out */
#define MS_PER_DAY 86400000.0   /* plotly.js's dates are ms since 1970 */

/* One axis of the layout (xaxis, yaxis2, scene.zaxis, ...). */
typedef struct px_axis {
    char ref[80];               /* "x", "y2", "scene2.z", "polar.angular": as traces name it */
    PyObject *spec;             /* owned or NULL: its layout mapping */
    px_axis_type type;
    PyObject *cat_index;        /* owned: dict category text -> index */
    PyObject *cat_names;        /* owned: list of the category texts */
    int reversed;
    int multi;                  /* a multicategory axis: each category a
                                   pair, named "outer - inner" */
    int has_domain;             /* domain: a splom's cell, when the layout
                                   gives the axis none */
    double domain[2];
} px_axis;

/* CARTESIAN: an x and a y axis; DOMAIN: a domain of the figure (pie,
 * table, indicator, ...), no axis; SCENE: a 3-D scene (x, y, z); POLAR: a
 * polar subplot (x the angular axis, y the radial one); MAP: a geo,
 * mapbox or map subplot, no axis; TERNARY, SMITH: a ternary or smith
 * subplot, no axis (its traces are records). */
typedef enum px_subplot_kind {
    PX_CARTESIAN = 0, PX_DOMAIN, PX_SCENE, PX_POLAR, PX_MAP, PX_TERNARY, PX_SMITH
} px_subplot_kind;

typedef struct px_trace_state px_trace_state;   /* trace.c */

/* One Axes of the scene: a pair of axes, a pie's domain or a 3-D scene. */
typedef struct px_subplot {
    px_subplot_kind kind;
    px_axis *axis[3];           /* x, y (and z for a scene), borrowed from the reader */
    double domain[4];           /* x0, x1, y0, y1 in paper fractions */
    chartex_axes *axes;
    PyObject *traces;           /* owned list of its traces, in order */
    PyObject *types;            /* owned list: each trace's type (str) */
    PyObject *indices;          /* owned list: each trace's index in the figure */
    char ref[64];               /* "x2y3", "scene2", "polar2", "geo", "d<domain>" */
    px_trace_state *ts;         /* owned: what its traces share while read */
} px_subplot;

typedef struct preader {
    chx_state *st;
    chartex_scene *scene;
    chartex_error err;
    PyObject *layout;           /* owned: the layout mapping (may be an empty dict) */
    PyObject *data;             /* owned: the traces, a list */
    px_axis axes[3 * PX_MAX_AXES];
    size_t n_axes;
    px_subplot subplots[PX_MAX_AXES];
    size_t n_subplots;
    double width, height;       /* the figure in pixels (plotly's defaults) */
    unsigned long next_group;
    const char *barmode;        /* layout.barmode, "group" by default */
    PyObject *keep;             /* owned: the str barmode points into, or NULL */
    PyObject *borrowed;         /* borrowed: the caller's list of what keeps the
                                   buffers the scene borrows alive (px_borrow_points) */
    unsigned char *notes_taken; /* owned: per layout annotation, named a shape */
    Py_ssize_t n_notes;
    struct px_color_use *colors; /* owned: the artists coloured (coloraxis.c) */
    size_t n_colors, cap_colors;
} preader;

/* The pending exception as ChartexError("while reading Plotly WHAT: ..."),
 * through the module's one bridge (chx_reader_error); px_core_fail: a
 * failed builder call (r->err).  Both return -1. */
static inline int
px_fail(preader *r, const char *what)
{
    return chx_reader_error(r->st, "Plotly", what, NULL);
}

static inline int
px_core_fail(preader *r)
{
    return chx_raise_core_error(r->st, &r->err);
}

/* scalars.c ------------------------------------------------------------- */

/* obj[key] as a new reference, or NULL without an exception when obj has
 * no such key or it is None (for plotly objects: not a property, or
 * unset).  Only MemoryError passes through (NULL with it set). */
PyObject *px_get(PyObject *obj, const char *key);
/* Drops the pending exception unless it must reach the caller
 * (chx_clear_recoverable: MemoryError, KeyboardInterrupt, SystemExit);
 * returns NULL. */
PyObject *px_absent(void);
/* Text: the UTF-8 of a str (NUL and lone surrogates handled), valid
 * while *keep lives; 0 with *s NULL when obj is not a str. */
int px_text(PyObject *obj, const char **s, size_t *len, PyObject **keep);
/* A string attribute's UTF-8 (NULL when absent or not a str), valid
 * while *keep (set to a new reference or NULL) lives. */
const char *px_str(PyObject *obj, const char *key, PyObject **keep);
/* The text of obj (a str; anything else sets nothing) given to a builder
 * call, written with s and len: on failure the exception is set and the
 * caller's done label is reached (r is its preader). */
#define SET_TEXT(r, obj, call)                                               \
    do {                                                                     \
        const char *s_;                                                      \
        size_t len_;                                                         \
        PyObject *keep_;                                                     \
        if (px_text((obj), &s_, &len_, &keep_) < 0)                          \
            goto done;                                                       \
        if (s_ != NULL) {                                                    \
            const char *s = s_;                                              \
            size_t len = len_;                                               \
            int rc_ = (call);                                                \
            Py_XDECREF(keep_);                                               \
            if (rc_ < 0) {                                                   \
                px_core_fail(r);                                             \
                goto done;                                                   \
            }                                                                \
        }                                                                    \
        else                                                                 \
            Py_XDECREF(keep_);                                               \
    } while (0)

/* A string attribute as text compared with want: 1 equal, 0 not (absent
 * is dflt). */
int px_str_is(PyObject *obj, const char *key, const char *want, int dflt);
/* A finite double from an int, float or bool (not text): 1, else 0. */
int px_number_of(PyObject *v, double *out);
/* A number: obj[key] as a finite double into *v (1), or 0 when absent,
 * not a number or not finite. */
int px_number(PyObject *obj, const char *key, double *v);
/* A bool attribute (absent: dflt). */
int px_bool(PyObject *obj, const char *key, int dflt);
/* The title text of obj[key]: a str or {"text": str}; NULL when none. */
PyObject *px_title(PyObject *obj, const char *key);

/* The text plotly.js gives a category value (a str, or a number's
 * String(v)) as a new reference; NULL without an exception for a value
 * that is no category (None, NaN, other objects). */
PyObject *px_category_text(PyObject *v);
/* The index of a category text on ax (added when new); -1 on error. */
int px_category(preader *r, px_axis *ax, PyObject *text, double *index);
/* A date given as text ("2024-01-31", "2024-01-31 12:00:00.5", ...):
 * days since 1970-01-01; 0 when it is no date. */
int px_parse_date(const char *s, size_t len, double *days);

/* typedarray.c ---------------------------------------------------------- */

/* 1 when obj is a typed array spec {"dtype": ..., "bdata": ...}. */
int px_is_typed_array(PyObject *obj);
/* The values of a typed array spec as doubles (malloc'd, *n of them, in
 * *rows x *cols: rows 1 for a flat array); NULL with *n 0 (no exception)
 * when the spec is not readable. */
int px_typed_values(PyObject *spec, double **out, size_t *n, size_t *rows, size_t *cols);

/* arrays.c -------------------------------------------------------------- */

/* The values of an array attribute as doubles (malloc'd, *n of them; NULL
 * with *n 0 when absent), positions on axis ax (NULL: plain numbers):
 * numbers as they are, dates as matplotlib-style days since 1970 (the
 * scene's DATE axes with epoch 0), categories as their index on ax (new
 * ones appended).  Unreadable values are NaN.  -1 with an exception. */
int px_values(preader *r, PyObject *obj, px_axis *ax, double **out, size_t *n);
/* A 2-D array (z of a heatmap, surface, contour) as rows x cols doubles,
 * row-major; ragged rows are padded with NaN. */
int px_grid(preader *r, PyObject *obj, double **out, size_t *rows, size_t *cols);
/* What the first values of obj say the axis type is, plotly.js's
 * autotype in short: dates, categories or numbers. */
int px_autotype(preader *r, PyObject *obj, px_axis_type *type);
/* Adds every text of obj's values to ax's categories, in order. */
int px_add_categories(preader *r, PyObject *obj, px_axis *ax);
/* Whether obj is multicategory data (plotly.js: its first two items are
 * arrays, the outer and the inner level). */
int px_is_multicategory(PyObject *obj);
/* The pairs of multicategory data obj: a new list of (outer, inner)
 * text tuples, None for a pair that is no category, as long as the
 * shorter level; NULL with an exception, or without one when obj is no
 * multicategory data. */
PyObject *px_multi_pairs(PyObject *obj);
/* The name of a pair: "outer - inner", as plotly.js's hover says it. */
PyObject *px_multi_name(PyObject *pair);

/* trace.c --------------------------------------------------------------- */

/* The previous scatter curve of the subplot (for fill "tonexty"). */
typedef struct px_curve {
    double *t, *f;
    size_t n;
    int borrowed;       /* t and f lent to the scene: not the curve's to free */
} px_curve;

/* The bar-like traces of one subplot as placed (barmode.c's). */
typedef struct px_bar_state px_bar_state;

/* What the traces of one subplot share while they are read. */
struct px_trace_state {
    px_curve curve;
    px_bar_state *bars;         /* made and freed (bars_free) by barmode.c */
    void (*bars_free)(px_bar_state *);
    int hist_done;
    size_t n_hist;
    px_hist_output *hist;      /* the histograms' bins, in trace order */
    PyObject **hist_trace;      /* borrowed: which trace each belongs to */
    int *hist_horizontal;
    size_t n_stages;            /* funnelarea: the categories its stages took */
    int polar_done;             /* polar: the subplot's record is made */
};

/* One trace as it is read: its reader, subplot, type, index and name. */
typedef struct trace_ctx {
    preader *r;
    px_subplot *p;
    PyObject *trace;
    const char *type;
    Py_ssize_t index;
    PyObject *name;             /* owned */
} trace_ctx;

/* Whether a trace of type is drawn horizontally: its "orientation", else
 * plotly.js's default (a funnel: horizontal; a bar, box or violin given x
 * alone; a box of given statistics positioned by y alone or y0/dy). */
int px_horizontal(PyObject *trace, const char *type);
/* The name plotly gives a trace: its own, or "trace N" (new reference). */
PyObject *px_trace_name(PyObject *trace, Py_ssize_t index);
/* The state the traces of p share (made on first use; NULL with
 * MemoryError), and its release. */
px_trace_state *px_trace_state_of(px_subplot *p);
void px_trace_state_free(px_subplot *p);
/* A new artist of the trace on its subplot's axes: its class
 * "plotly.<type>", role, flags and group, labelled with the trace's name
 * when labelled; NULL with an exception. */
chartex_artist *px_new_artist(trace_ctx *t, chartex_artist_kind kind, chartex_artist_role role,
                              unsigned flags, unsigned long group, int labelled);
/* An array attribute of the trace on axis ax (NULL: plain numbers). */
int px_values_of(trace_ctx *t, const char *key, px_axis *ax, double **v, size_t *n);
/* Positions i -> p0 + dp * i (plotly's x0/dx when no array is given). */
double *px_implied_positions(trace_ctx *t, const char *k0, const char *kd, size_t n);
/* x and y of n points as one array x0, y0, x1, y1, ... (malloc'd). */
double *px_interleave(const double *x, const double *y, size_t n);
/* qsort's order of doubles. */
int px_cmp_double(const void *a, const void *b);
/* plotly.js's dpos: the smallest distance between two distinct finite
 * values of v (n of them; v is compacted and sorted in place), 1 when
 * there are not two. */
double px_min_spacing(double *v, size_t n);
/* The traces of t's type and this orientation on t's subplot, drawn side
 * by side in mode "group": how many, which one t is, and the dpos of all
 * their positions. */
int px_side_by_side(trace_ctx *t, int horizontal, size_t *count, size_t *mine, double *dpos);

/* error_extents.c ------------------------------------------------------- */

/* The plus and minus extents of error_x or error_y (key) of n points at
 * values v along axis ax (NULL: plain numbers), as plotly.js computes
 * them; 0 with *plus NULL when the trace shows none (not visible, nothing
 * given, or ax a date or category axis, where plotly.js draws none). */
int px_error_extents(trace_ctx *t, const char *key, const px_axis *ax, const double *v,
                     size_t n, double **plus, double **minus);
/* An errorbar group's segments along y (dir 1) or x (dir 0) at the n
 * points (x, y). */
int px_error_segments(trace_ctx *t, const double *x, const double *y, size_t n,
                      const double *plus, const double *minus, int dir, unsigned long group);
/* The error bars of the m bars of BARS artist bars (rectangles bx, by,
 * bw, bh; bar k shows the trace's value src[k] of n_src), when the trace
 * has any: bars put in a new group with them. */
int px_bar_errors(trace_ctx *t, chartex_artist *bars, const double *bx, const double *by,
                  const double *bw, const double *bh, const size_t *src, size_t m,
                  size_t n_src, int horizontal);

/* cells.c --------------------------------------------------------------- */

/* A column of cells being filled: numbers (NaN: null), texts (copied),
 * and the rows closed so far; zero it to start.  Every function returns
 * 0 or -1 with an exception. */
typedef struct px_cells {
    size_t n, cap;
    double *num;                /* NaN where a cell is null or a text */
    size_t *off, *len;          /* a text cell's bytes in buf (off SIZE_MAX: none) */
    char *buf;
    size_t blen, bcap;
    size_t n_rows, rows_cap, *rows, row_start;
    int any_text;
} px_cells;

void px_cells_clear(px_cells *c);
int px_cells_number(px_cells *c, double v);
int px_cells_text(px_cells *c, const char *s, size_t len);
int px_cells_null(px_cells *c);
/* One Python value as a cell: None null; a number (not finite: null); a
 * str its text; True / False "true" / "false"; a NumPy number its value;
 * a date its isoformat(); a list, dict or array (no one cell) null;
 * anything else its str(). */
int px_cells_value(px_cells *c, PyObject *v);
/* Every value of an array (list, tuple, NumPy array of any dtype, typed
 * array) as cells, a scalar as one; the count added, or -1. */
Py_ssize_t px_cells_array(preader *r, px_cells *c, PyObject *obj);
/* Closes a row of the column: the cells added since the last one. */
int px_cells_end_row(px_cells *c);
/* Adds the cells to a as column name (rows when some were closed; one
 * value when scalar) and empties c, in every case. */
int px_cells_put(preader *r, chartex_artist *a, const char *name, px_cells *c, int scalar);
/* One-value columns: a Python value (NULL: no column), a text, a number;
 * a list of numbers; the array obj[key] (absent, or a scalar: none). */
int px_put_value(preader *r, chartex_artist *a, const char *name, PyObject *v);
int px_put_text(preader *r, chartex_artist *a, const char *name, const char *s);
int px_put_number(preader *r, chartex_artist *a, const char *name, double v);
int px_put_numbers(preader *r, chartex_artist *a, const char *name, const double *v, size_t n);
int px_put_array(preader *r, chartex_artist *a, const char *name, PyObject *obj,
                 const char *key);
/* The array obj[key] as a column, a list of rows when its items are
 * arrays (a 2-D NumPy array, a list of lists, a 2-D typed array). */
int px_put_rows(preader *r, chartex_artist *a, const char *name, PyObject *obj,
                const char *key);
/* 1 when obj can hold an array: not absent, not a text, a number or a
 * mapping (but a typed array). */
int px_array_like(PyObject *obj);
/* A new RECORD artist of the trace, of kind, with its first columns: the
 * trace's "name" and "trace_type". */
chartex_artist *px_new_record(trace_ctx *t, chartex_record_kind kind);

/* the trace families: each reads one trace t into its subplot ---------- */

/* image_trace.c: image. */
int px_read_image(trace_ctx *t);

/* png.c: the pixels of a PNG data URI ("data:image/png;base64,..."):
 * rows x cols x channels (3 or 4) values of 0 to 255, malloc'd into *out;
 * 1 when read, 0 (no exception) when uri is none this reads, -1 on
 * error. */
int px_png_decode(PyObject *uri, double **out, size_t *rows, size_t *cols, size_t *channels);

/* splom.c: splom.  A panel: the axes of a visible pair of dimensions,
 * and the cell of the matrix each axis takes when the layout says not. */
typedef struct px_splom_panel {
    char xr[16], yr[16];
    double x_domain[2], y_domain[2];
} px_splom_panel;

/* The panels of a splom trace, at most cap into out: how many. */
size_t px_splom_panels(PyObject *trace, px_splom_panel *out, size_t cap);
/* The values of the trace's visible dimension on axis ref ("x2"), a new
 * reference, or NULL. */
PyObject *px_splom_values(PyObject *trace, const char *ref);
/* One panel of a splom trace: the subplot's dimensions as a scatter. */
int px_read_splom(trace_ctx *t);

/* volumes.c: mesh3d, isosurface, volume, cone, streamtube. */
int px_read_volume(trace_ctx *t);

/* carpets.c: carpet, scattercarpet, contourcarpet. */
int px_read_carpet(trace_ctx *t);

/* ternary_smith.c: scatterternary, scattersmith. */
int px_read_ternary_smith(trace_ctx *t);

/* geo.c: scattergeo, choropleth, and the map and mapbox traces. */
int px_read_geo(trace_ctx *t);

/* parallel.c: parcoords (categories 0) and parcats (1). */
int px_read_parallel(trace_ctx *t, int categories);

/* sankey.c: sankey. */
int px_read_sankey(trace_ctx *t);

/* indicator.c: indicator. */
int px_read_indicator(trace_ctx *t);

/* table_trace.c: table. */
int px_read_table(trace_ctx *t);

/* hierarchies.c: treemap, sunburst, icicle. */
int px_read_hierarchy(trace_ctx *t);

/* funnels.c: funnel, waterfall (cartesian) and funnelarea (a domain). */
int px_read_funnel(trace_ctx *t);
int px_read_waterfall(trace_ctx *t);
int px_read_funnelarea(trace_ctx *t);

/* polar.c: scatterpolar, scatterpolargl and barpolar. */
int px_read_polar(trace_ctx *t);

/* grids.c: heatmap, contour (contour 1) and surface. */
int px_read_grid(trace_ctx *t, int contour);
int px_read_surface(trace_ctx *t);
/* The mesh image of a rows x cols grid z (row by row from the bottom)
 * between edges xe (cols + 1) and ye (rows + 1), with its colour range
 * (coloraxis.c) and colorbar title, and its contour levels and lines when
 * contour (histogram2dcontour). */
int px_grid_drawn(trace_ctx *t, double *z, size_t rows, size_t cols, double *xe, double *ye,
                  int contour);
/* A contour trace's levels (at most cap into lv) for values whose finite
 * range is dmin to dmax: contours.start / end / size, else plotly.js's
 * automatic ones (ncontours). */
size_t px_contour_levels(trace_ctx *t, double dmin, double dmax, double *lv, size_t cap);

/* coloraxis.c: artist a (an IMAGE or CONTOUR of trace t, whose values'
 * finite range is dmin to dmax) recorded for its colour range, which
 * px_color_ranges sets once every trace is read; px_trace_zrange: the
 * range of a trace's own zmin / zmax (its values' when it sets none), by
 * which plotly.js chooses contour levels. */
int px_color_scale(trace_ctx *t, chartex_artist *a, double dmin, double dmax);
void px_trace_zrange(PyObject *trace, double dmin, double dmax, double *lo, double *hi);
int px_color_ranges(preader *r);

/* ohlc.c: candlestick (ohlc 0) and ohlc (1). */
int px_read_candles(trace_ctx *t, int ohlc);

/* barmode.c: bar and histogram, placed together as plotly.js places the
 * bar-like traces of a subplot. */
int px_read_bar(trace_ctx *t);
int px_read_histogram(trace_ctx *t);

/* trace.c: gives LINE or SCATTER artist a the n points x, y (arrays of
 * the reader's, malloc'd) without a copy: the scene borrows them, and
 * r->borrowed owns them from here on (freed with it), even on failure;
 * they stay valid until the scene is freed. */
int px_borrow_points(trace_ctx *t, chartex_artist *a, double *x, double *y, size_t n);

/* histograms.c: histogram2d; a histogram's bins, binned with the other
 * histograms of its subplot (once), for barmode.c: *out (the subplot's;
 * NULL when it draws no bin) and whether it is horizontal. */
int px_read_histogram2d(trace_ctx *t);
int px_histogram_bins(trace_ctx *t, PyObject *trace, const px_hist_output **out,
                      int *horizontal);
/* Whether a histogram is drawn horizontally: orientation "h", or y
 * without x. */
int px_histogram_horizontal(PyObject *trace);
/* How a histogram's bins merge under the chart's budget: the
 * CHARTEX_BARS_VALUES_* flag of its histfunc, histnorm and cumulative. */
unsigned px_histogram_flags(trace_ctx *t, int horizontal);

/* boxes.c: box and violin. */
int px_read_box(trace_ctx *t);

/* violins.c: a violin of the n samples v (their statistics s) at centre
 * c, width w: its body and, with box.visible, its inner box, in group;
 * the body (labelled with the trace's name when labelled), or NULL with
 * an exception. */
chartex_artist *px_draw_violin(trace_ctx *t, double c, double w, const double *v, size_t n,
                               const px_box_stats *s, int horizontal, unsigned long group,
                               int labelled);

/* pie.c: pie; and the slices of a pie or funnelarea, as plotly.js's
 * pie/calc.js makes them: the values of equal labels added up (labels
 * counted when there are no values), missing and negative values left
 * out, sorted largest first when sort; labels are strs. */
typedef struct px_slice {
    PyObject *label;    /* borrowed from the trace, or owned by keep */
    double value;
    size_t first;       /* order of first appearance */
} px_slice;

int px_read_pie(trace_ctx *t);
/* *out: *n slices (malloc'd; NULL when none), valid while *keep (a new
 * list, or NULL) and the trace live. */
int px_pie_slices(trace_ctx *t, int sort, px_slice **out, size_t *n, PyObject **keep);

/* scatter.c: scatter, scattergl and scatter3d. */
int px_read_scatter(trace_ctx *t);

/* families.c ------------------------------------------------------------ */

/* Reads trace number index (of type type) into subplot p. */
int px_read_trace(preader *r, px_subplot *p, PyObject *trace, const char *type,
                  Py_ssize_t index);
/* The subplot kind a trace type is drawn in. */
px_subplot_kind px_trace_subplot_kind(const char *type);

/* layout_shapes.c ------------------------------------------------------- */

/* Whether shape (of layout.shapes) is read (1) and the axes of the
 * cartesian subplot it stands on (0: left out). */
int px_shape_place(preader *r, PyObject *shape, char xr[16], char yr[16]);
/* The shapes standing on cartesian subplot p: reference lines and spans,
 * free shapes. */
int px_read_shapes(preader *r, px_subplot *p);

/* layout_axis.c --------------------------------------------------------- */

/* The axis' type from the layout, else from the first trace's data. */
int px_resolve_type(preader *r, px_axis *ax);
/* The categories of a category axis, in plotly.js's order. */
int px_collect_categories(preader *r, px_axis *ax);
/* One axis of the layout onto the scene's axis. */
int px_read_axis(preader *r, px_axis *ax, chartex_axis *axis);

#endif /* PX_PLOTLY_H */
