/*
 * chartex.h - the one public header of libchartex.
 *
 * libchartex turns a *scene* (a neutral description of what a figure draws:
 * axes, their axis state, and the artists inside them) into a *chart* (E2B's
 * chart schema: line, scatter, bar, pie, box_and_whisker, superchart,
 * unknown) and emits the chart into a *sink* (JSON text, or any other
 * consumer such as the Python dict builder of the extension module).
 *
 *     scene  --chartex_chart_from_scene-->  chart  --chartex_chart_emit-->  sink
 *
 * Conventions (as in jansson):
 *   - functions return 0 on success and -1 on failure, or a pointer and NULL
 *     on failure;
 *   - every function that can fail takes an optional `chartex_error *err`
 *     (may be NULL) which, on failure, receives a code and a message;
 *   - the library never prints;
 *   - every `_new` has a `_free`; `_free(NULL)` is a no-op;
 *   - strings passed in are UTF-8 with an explicit length and are copied;
 *     arrays passed in are copied.  Nothing is borrowed from the caller,
 *     but by the one function whose name says so
 *     (chartex_artist_borrow_points), under the rules written there.
 */
#ifndef CHARTEX_H
#define CHARTEX_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) && __GNUC__ >= 4
#define CHARTEX_API __attribute__((visibility("default")))
#else
#define CHARTEX_API
#endif

#define CHARTEX_VERSION "0.2.0"   /* = AC_INIT in configure.ac (tests/test_api.py) */

/* The version of the library actually linked, e.g. "0.2.0" (CHARTEX_VERSION
 * is the one compiled against).  A static string. */
CHARTEX_API const char *chartex_version(void);

/* ------------------------------------------------------------------ errors */

typedef enum chartex_error_code {
    CHARTEX_OK = 0,
    CHARTEX_ERR_NOMEM,     /* an allocation failed */
    CHARTEX_ERR_INVALID,   /* an argument or a value is out of its domain */
    CHARTEX_ERR_PARSE,     /* scene JSON could not be read */
    CHARTEX_ERR_SINK,      /* a sink callback reported failure */
    CHARTEX_ERR_LIMIT      /* a size limit was exceeded */
} chartex_error_code;

#define CHARTEX_ERROR_TEXT_LENGTH 200

/* Caller-owned error record.  Only written on failure. */
typedef struct chartex_error {
    chartex_error_code code;
    char text[CHARTEX_ERROR_TEXT_LENGTH];
} chartex_error;

/* ------------------------------------------------------------------- scene */

/* Opaque handles.  A scene owns its axes; an axes owns its axis records and
 * its artists.  Handles returned by the scene_add / axes_add functions stay
 * valid until the scene is freed. */
typedef struct chartex_scene chartex_scene;
typedef struct chartex_axes chartex_axes;
typedef struct chartex_axis chartex_axis;
typedef struct chartex_artist chartex_artist;

/* How the values on an axis are read. */
typedef enum chartex_axis_kind {
    CHARTEX_AXIS_NUMERIC = 0,  /* plain numbers */
    CHARTEX_AXIS_DATE,         /* matplotlib date numbers (days), see date_epoch */
    CHARTEX_AXIS_CATEGORY      /* integer index i names categories[i] */
} chartex_axis_kind;

typedef enum chartex_title_loc {
    CHARTEX_TITLE_CENTER = 0,
    CHARTEX_TITLE_LEFT,
    CHARTEX_TITLE_RIGHT
} chartex_title_loc;

/* Axes flags. */
#define CHARTEX_AXES_COLORBAR 0x1u  /* a colorbar's axes: never a chart */
#define CHARTEX_AXES_POLAR    0x2u  /* polar projection */
#define CHARTEX_AXES_3D       0x4u  /* 3-D projection */

typedef enum chartex_artist_kind {
    CHARTEX_ARTIST_LINE = 0,  /* Line2D: points (data coordinates) */
    CHARTEX_ARTIST_SCATTER,   /* PathCollection: offsets as points */
    CHARTEX_ARTIST_BARS,      /* BarContainer: one rectangle and value per bar */
    CHARTEX_ARTIST_WEDGE,     /* Wedge (pie slice) */
    CHARTEX_ARTIST_PATCH,     /* any other Patch: its path's polygons in data coords */
    CHARTEX_ARTIST_AREA,      /* PolyCollection (fill_between, stackplot, violin body) */
    CHARTEX_ARTIST_SEGMENTS,  /* LineCollection: polygons are its segments */
    CHARTEX_ARTIST_IMAGE,     /* AxesImage, mesh (pcolormesh, hist2d) or cells (hexbin) */
    CHARTEX_ARTIST_OTHER,     /* anything else that draws: counted, not read */
    CHARTEX_ARTIST_STAIRS,    /* StepPatch (Axes.stairs): values between edges */
    CHARTEX_ARTIST_VECTORS,   /* Quiver, Barbs: a (u, v) vector at each point */
    CHARTEX_ARTIST_TEXT,      /* a text at a data position (annotate, text,
                               * bar_label): its label is the text, its one
                               * point the position.  Never data. */
    CHARTEX_ARTIST_CONTOUR,   /* ContourSet: levels and each level's paths */
    CHARTEX_ARTIST_RECORD     /* what no other kind holds, as named columns of
                               * cells (a hierarchy, a table, an indicator,
                               * links, dimensions, places): given under the
                               * chart key of its record kind
                               * (chartex_artist_set_record), never as an
                               * element.  Data when it has a column. */
} chartex_artist_kind;

/* The last artist kind (kinds are only ever appended). */
#define CHARTEX_ARTIST_KIND_LAST CHARTEX_ARTIST_RECORD

/* What an artist is for.  The walker knows this from matplotlib containers
 * and transforms; the core uses it to leave non-data out of classification. */
typedef enum chartex_artist_role {
    CHARTEX_ROLE_DATA = 0,     /* plotted data */
    CHARTEX_ROLE_REFLINE,      /* axhline/axvline/axline/axhspan: spans the axes */
    CHARTEX_ROLE_ERRORBAR,     /* error bar caps and bar segments */
    CHARTEX_ROLE_DECORATION    /* e.g. a stem plot's baseline and stems */
} chartex_artist_role;

/* Artist flags. */
#define CHARTEX_LINE_NO_LINE  0x1u  /* linestyle is 'None': markers only */
#define CHARTEX_LINE_MARKER   0x2u  /* a marker is drawn at each point */
#define CHARTEX_LINE_STEPS    0x4u  /* drawstyle is one of the steps */
#define CHARTEX_ARTIST_STEM   0x8u  /* the marker line of a stem plot */
#define CHARTEX_ARTIST_ERRORBAR_DATA 0x10u /* the data line of an errorbar */
#define CHARTEX_TEXT_TABLE_CELL 0x20u /* TEXT: a cell of a table (ax.table); its
                                       * point is (column, row), its group the
                                       * table's */
#define CHARTEX_TEXT_BAR_CENTRE 0x40u /* TEXT: bar_label(label_type="center"),
                                       * at the centre of its bar */
#define CHARTEX_IMAGE_ORIGIN_LOWER 0x200u /* IMAGE: row 0 at the extent's bottom */
#define CHARTEX_CONTOUR_FILLED 0x400u /* CONTOUR: contourf: regions between levels */
/* A reference line's (role REFLINE) coordinates that are data values; the
 * others are fractions of the Axes.  axhline, axhspan: REF_Y_DATA (x runs
 * from 0 to 1 across the Axes); axvline, axvspan: REF_X_DATA; axline: both
 * (its points are two points on the line).  Neither: the reader could not
 * tell, and the line is not reported. */
#define CHARTEX_REF_X_DATA     0x800u
#define CHARTEX_REF_Y_DATA     0x1000u
#define CHARTEX_WEDGE_EXACT 0x2000u  /* WEDGE: theta1 and theta2 are exact doubles
                                      * (a Plotly pie's), not float32 fractions
                                      * (matplotlib's pie): the angle keeps every
                                      * digit above the doubles' own rounding */
#define CHARTEX_BARS_BINNED 0x4000u  /* BARS: a histogram drew them (its reader saw
                                      * the evidence: seaborn's histplot, hist()
                                      * of several datasets); the core finds each
                                      * bar's bin from the layout of the bars */
/* BARS that are a histogram's bins (adjacent, in order), and how their
 * values merge when the chart's budget merges runs of bins into one bar
 * (doc/schema.md, "Bounds").  Without any of these the core decides from
 * the numbers, and merges only what they say unambiguously. */
#define CHARTEX_BARS_VALUES_ADD      0x20000u  /* values that add up: counts,
                                             * sums, percents, probabilities */
#define CHARTEX_BARS_VALUES_DENSITY  0x40000u  /* values per unit of width
                                             * (densities): weighted by it */
#define CHARTEX_BARS_VALUES_NO_MERGE 0x80000u /* values no merge keeps exact
                                             * (averages, minima, maxima,
                                             * running totals) */
/* A reference line with both REF_*_DATA flags whose two points are the
 * ends of a segment (a Plotly line shape), not two points of an infinite
 * line (axline). */
#define CHARTEX_REF_SEGMENT 0x8000u

/* The chart key a RECORD artist is given under (doc/schema.md, "Records"):
 * each kind's records of an Axes are a list under its key, in drawing
 * order, but POLAR's, one object (the first), which comes last. */
typedef enum chartex_record_kind {
    CHARTEX_RECORD_HIERARCHY = 0, /* "hierarchy": nodes, parents, values, totals */
    CHARTEX_RECORD_TABLE,         /* "table": a header and cells, by column */
    CHARTEX_RECORD_INDICATOR,     /* "indicator": a value, its reference, a gauge */
    CHARTEX_RECORD_SANKEY,        /* "sankey": nodes and the links between them */
    CHARTEX_RECORD_DIMENSIONS,    /* "dimensions": parallel axes and their values */
    CHARTEX_RECORD_GEO,           /* "geo": places (locations, lon/lat) and values */
    CHARTEX_RECORD_POLAR,         /* "polar": how a polar Axes reads its angles */
    CHARTEX_RECORD_VOLUME,        /* "volume": values on points or a grid in 3-D
                                   * (a mesh, an isosurface, a vector field) */
    CHARTEX_RECORD_CARPET,        /* "carpet": a carpet's grid and what stands on it,
                                   * in its own (a, b) coordinates */
    CHARTEX_RECORD_TERNARY,       /* "ternary": points in (a, b, c) coordinates */
    CHARTEX_RECORD_SMITH,         /* "smith": points as (real, imaginary) */
    CHARTEX_RECORD_ENCODING,      /* "encoding": what a channel of the Axes shows
                                   * (a Vega-Lite view's field, type, scale) */
    CHARTEX_RECORD_DATA_NOTES     /* "data_notes": why data the Axes would show
                                   * is not there (not fetched, not evaluated) */
} chartex_record_kind;

#define CHARTEX_RECORD_KIND_LAST CHARTEX_RECORD_DATA_NOTES

typedef enum chartex_orientation {
    CHARTEX_VERTICAL = 0,
    CHARTEX_HORIZONTAL
} chartex_orientation;

CHARTEX_API chartex_scene *chartex_scene_new(chartex_error *err);
CHARTEX_API void chartex_scene_free(chartex_scene *scene);
CHARTEX_API int chartex_scene_set_suptitle(chartex_scene *scene, const char *s,
                                           size_t len, chartex_error *err);
/* Returns a new axes owned by the scene, or NULL. */
CHARTEX_API chartex_axes *chartex_scene_add_axes(chartex_scene *scene,
                                                 chartex_error *err);
CHARTEX_API size_t chartex_scene_axes_count(const chartex_scene *scene);

CHARTEX_API int chartex_axes_set_title(chartex_axes *axes, chartex_title_loc loc,
                                       const char *s, size_t len,
                                       chartex_error *err);
CHARTEX_API void chartex_axes_set_flags(chartex_axes *axes, unsigned flags);
/* The Axes' size on the rendered figure, in pixels at the figure's dpi
 * (matplotlib's ax.bbox): what a picture of it can show, which the
 * resolution bound of chartex_options (points_per_pixel) reads.  A value
 * that is not finite or not above 0 means "unknown" (the default). */
CHARTEX_API void chartex_axes_set_pixels(chartex_axes *axes, double width,
                                         double height);
/* which: 0 for x, 1 for y, 2 for z (read on a CHARTEX_AXES_3D axes only).
 * The axis record is owned by the axes. */
CHARTEX_API chartex_axis *chartex_axes_axis(chartex_axes *axes, int which);

CHARTEX_API int chartex_axis_set_label(chartex_axis *axis, const char *s,
                                       size_t len, chartex_error *err);
/* matplotlib's scale name: linear, log, symlog, logit, function, ... */
CHARTEX_API int chartex_axis_set_scale(chartex_axis *axis, const char *s,
                                       size_t len, chartex_error *err);
/* date_epoch: the matplotlib date number of 1970-01-01T00:00:00 UTC
 * (0.0 with matplotlib's default epoch); ignored unless kind is DATE. */
CHARTEX_API void chartex_axis_set_kind(chartex_axis *axis, chartex_axis_kind kind,
                                       double date_epoch);
CHARTEX_API void chartex_axis_set_view(chartex_axis *axis, double lo, double hi);
/* Appends the category whose index is the current category count. */
CHARTEX_API int chartex_axis_add_category(chartex_axis *axis, const char *s,
                                          size_t len, chartex_error *err);
/* Sets n major tick locations; their labels start as "" and are set one by
 * one with chartex_axis_set_tick_label. */
CHARTEX_API int chartex_axis_set_ticks(chartex_axis *axis, size_t n,
                                       const double *locs, chartex_error *err);
CHARTEX_API int chartex_axis_set_tick_label(chartex_axis *axis, size_t i,
                                            const char *s, size_t len,
                                            chartex_error *err);
/* The text drawn beside the tick labels that they are relative to (a
 * matplotlib ScalarFormatter's offset or scale, "+1e6", "1e-3"): numbers
 * in the labels are then not the positions.  "" (the default): none. */
CHARTEX_API int chartex_axis_set_tick_offset(chartex_axis *axis, const char *s,
                                             size_t len, chartex_error *err);

/* Returns a new artist owned by the axes, or NULL. */
CHARTEX_API chartex_artist *chartex_axes_add_artist(chartex_axes *axes,
                                                    chartex_artist_kind kind,
                                                    chartex_error *err);
CHARTEX_API int chartex_artist_set_label(chartex_artist *a, const char *s,
                                         size_t len, chartex_error *err);
/* The matplotlib class name, kept for diagnostics and the scene dump. */
CHARTEX_API int chartex_artist_set_class(chartex_artist *a, const char *s,
                                         size_t len, chartex_error *err);
CHARTEX_API void chartex_artist_set_role(chartex_artist *a, chartex_artist_role role);
CHARTEX_API void chartex_artist_set_flags(chartex_artist *a, unsigned flags);
/* Identifies a group of artists that one matplotlib call made (one errorbar,
 * one stem, one violinplot); 0 means none. */
CHARTEX_API void chartex_artist_set_group(chartex_artist *a, unsigned long group);
/* LINE, SCATTER: the n points, interleaved x0 y0 x1 y1 ... (an (n, 2) array). */
CHARTEX_API int chartex_artist_set_points(chartex_artist *a, size_t n,
                                          const double *xy, chartex_error *err);
/* LINE, SCATTER: the n points (x[i * stride], y[i * stride]), borrowed
 * instead of copied: the scene keeps the two pointers, never writes
 * through them and never frees them.  The caller keeps that memory alive
 * and unchanged until the scene is freed, and with it every chart made
 * from the scene (a chart borrows the scene's arrays).  stride counts
 * doubles, at least 1: the points of an (n, 2) C-contiguous array of
 * (x, y) pairs are x = xy, y = xy + 1, stride 2.  For series held by the
 * caller anyway (a NumPy array kept alive for the conversion), whose copy
 * would cost more than reading them once: the chart's point limits then
 * read them in place.  Replaces the artist's points as
 * chartex_artist_set_points does; chartex_artist_add_polygon on such an
 * artist first copies them.  Any other kind: CHARTEX_ERR_INVALID. */
CHARTEX_API int chartex_artist_borrow_points(chartex_artist *a, size_t n,
                                             const double *x, const double *y,
                                             size_t stride, chartex_error *err);
/* BARS: n rectangles (x, y: lower-left corner; w, h: may be negative) and the
 * container's data values (the heights of vertical bars, the widths of
 * horizontal ones).  values may be NULL to mean "read from the rectangles". */
CHARTEX_API int chartex_artist_set_bars(chartex_artist *a, size_t n,
                                        const double *x, const double *y,
                                        const double *w, const double *h,
                                        const double *values,
                                        chartex_error *err);
CHARTEX_API void chartex_artist_set_orientation(chartex_artist *a,
                                                chartex_orientation o);
/* BARS, after chartex_artist_set_bars (n the same): what the figure says
 * of where each bar stands along its category direction.  at: the
 * position the bar names (a Plotly bar's x, whatever offset its barmode
 * draws it at); NaN, or at NULL, where the figure does not say (the core
 * finds it from the layout of the bars).  bin_start, bin_end (both or
 * neither): the bin a histogram's bar counts, NaN where none. */
CHARTEX_API int chartex_artist_set_bar_positions(chartex_artist *a, size_t n,
                                                 const double *at,
                                                 const double *bin_start,
                                                 const double *bin_end,
                                                 chartex_error *err);
/* WEDGE: angles in degrees as matplotlib stores them, and the radius. */
CHARTEX_API void chartex_artist_set_wedge(chartex_artist *a, double theta1,
                                          double theta2, double r);
/* PATCH, AREA, SEGMENTS: appends one polygon (or polyline) of n points,
 * interleaved x y. */
CHARTEX_API int chartex_artist_add_polygon(chartex_artist *a, size_t n,
                                           const double *xy, chartex_error *err);
/* STAIRS: n values between n + 1 edges (along x for a vertical step,
 * along y for a horizontal one), and the baseline: n_baseline 0 (none:
 * the steps are not closed), 1 (one level for all) or n (one per step).
 * The values and the baseline are positions on the other axis. */
CHARTEX_API int chartex_artist_set_stairs(chartex_artist *a, size_t n,
                                          const double *edges, const double *values,
                                          size_t n_baseline, const double *baseline,
                                          chartex_orientation o, chartex_error *err);
/* VECTORS: n points (interleaved x y, as chartex_artist_set_points) and
 * the vector drawn at each, its components u (along x) and v (along y)
 * as given to quiver() or barbs(). */
CHARTEX_API int chartex_artist_set_vectors(chartex_artist *a, size_t n,
                                           const double *xy, const double *u,
                                           const double *v, chartex_error *err);
/* On a CHARTEX_AXES_3D axes, LINE, SCATTER, PATCH, AREA, SEGMENTS: the
 * third coordinate of each point, in data values, n being the number of
 * points set so far (all polygons' points, in order).  Call it after the
 * points: setting points or adding a polygon drops the z values. */
CHARTEX_API int chartex_artist_set_z(chartex_artist *a, size_t n,
                                     const double *z, chartex_error *err);
/* IMAGE: rows x cols values in row-major order; extent is
 * (left, right, bottom, top) in data coordinates. */
CHARTEX_API int chartex_artist_set_image(chartex_artist *a, size_t rows,
                                         size_t cols, const double *values,
                                         const double extent[4],
                                         chartex_error *err);

/* IMAGE of colours: rows x cols pixels of channels (3: RGB, 4: RGBA)
 * values each, row-major, channels innermost (an (rows, cols, channels)
 * array); extent as for chartex_artist_set_image. */
CHARTEX_API int chartex_artist_set_image_colors(chartex_artist *a, size_t rows,
                                                size_t cols, size_t channels,
                                                const double *values,
                                                const double extent[4],
                                                chartex_error *err);
/* IMAGE of a mesh (pcolormesh, pcolor, hist2d): after
 * chartex_artist_set_image, the cell edges along x (cols + 1 values) and
 * along y (rows + 1 values, row 0's first). */
CHARTEX_API int chartex_artist_set_mesh_edges(chartex_artist *a, size_t n_x,
                                              const double *x_edges, size_t n_y,
                                              const double *y_edges,
                                              chartex_error *err);
/* IMAGE (a grid, not cells): the text drawn on the cell at row, col (a
 * seaborn heatmap's annot, ax.text at a cell's centre). */
CHARTEX_API int chartex_artist_set_cell_text(chartex_artist *a, size_t row,
                                             size_t col, const char *s, size_t len,
                                             chartex_error *err);
/* IMAGE of cells that are no grid (hexbin, tripcolor, a curvilinear
 * mesh): n cell centres, interleaved x y, and one value each. */
CHARTEX_API int chartex_artist_set_cells(chartex_artist *a, size_t n,
                                         const double *xy, const double *values,
                                         chartex_error *err);
/* IMAGE, CONTOUR: the colour scale: the norm's vmin and vmax (NaN when
 * unset) and its name (linear, log, symlog, ...: see doc/schema.md). */
CHARTEX_API int chartex_artist_set_color_scale(chartex_artist *a, double vmin,
                                               double vmax, const char *norm,
                                               size_t len, chartex_error *err);
/* IMAGE, CONTOUR: the label of the colorbar drawn for the artist. */
CHARTEX_API int chartex_artist_set_colorbar_label(chartex_artist *a, const char *s,
                                                  size_t len, chartex_error *err);
/* CONTOUR: the n level values (the boundaries of the regions when the
 * artist is FILLED); their labels start as "" (none). */
CHARTEX_API int chartex_artist_set_levels(chartex_artist *a, size_t n,
                                          const double *levels, chartex_error *err);
/* CONTOUR: the clabel text of level i. */
CHARTEX_API int chartex_artist_set_level_label(chartex_artist *a, size_t i,
                                               const char *s, size_t len,
                                               chartex_error *err);
/* CONTOUR: appends one path (a line, or a filled region's boundary) of n
 * points, interleaved x y, drawn for level i (for FILLED: the region
 * between levels i and i + 1). */
CHARTEX_API int chartex_artist_add_level_path(chartex_artist *a, size_t level,
                                              size_t n, const double *xy,
                                              chartex_error *err);

/* Columns: named lists of cells, each cell a number, a text or null, on any
 * artist.  On a RECORD artist they are the record, an object of its
 * columns in order; on BARS, a column of one cell per bar gives each bar's
 * element a key of its name (a waterfall's "measure") unless the element
 * has that key already.  Other artists keep them in the scene only.
 *
 * chartex_artist_add_column appends a column of n cells: cell i is the
 * text texts[i] (text_lens[i] bytes of UTF-8) when texts and texts[i] are
 * not NULL, else the number numbers[i] when numbers is not NULL (NaN and
 * the infinities are null in a chart), else null.  texts needs text_lens.
 * name (name_len bytes) must be valid UTF-8 without U+0000, not empty and
 * not the name of another column of a (CHARTEX_ERR_INVALID).  Everything
 * is copied.  A column is a list of its cells unless shaped by one of the
 * two calls after it: */
CHARTEX_API int chartex_artist_add_column(chartex_artist *a, const char *name,
                                          size_t name_len, size_t n,
                                          const double *numbers,
                                          const char *const *texts,
                                          const size_t *text_lens,
                                          chartex_error *err);
/* The last column added as n_rows lists of row_len[i] cells each (a
 * table's columns, each dimension's values): the lengths must add up to
 * its cells. */
CHARTEX_API int chartex_artist_set_column_rows(chartex_artist *a, size_t n_rows,
                                               const size_t *row_len,
                                               chartex_error *err);
/* The last column added as one value, not a list: it must have one cell. */
CHARTEX_API int chartex_artist_set_column_scalar(chartex_artist *a,
                                                 chartex_error *err);
/* RECORD: the chart key it is given under (CHARTEX_RECORD_HIERARCHY by
 * default). */
CHARTEX_API int chartex_artist_set_record(chartex_artist *a, chartex_record_kind kind,
                                          chartex_error *err);

/* Scene JSON: the scene's interchange form (see doc/scene.md).
 * indent < 0 or 0: compact; > 0: that many spaces per level, laid out as
 * Python's json.dumps(indent=indent) does.
 * Returns a malloc'd NUL-terminated string (free with chartex_free);
 * *len (if not NULL) receives its length. */
CHARTEX_API char *chartex_scene_to_json(const chartex_scene *scene, int indent,
                                        size_t *len, chartex_error *err);
CHARTEX_API chartex_scene *chartex_scene_from_json(const char *text, size_t len,
                                                   chartex_error *err);
/* Receives JSON text in pieces, in order (as jansson's json_dump_callback
 * does): buf holds len bytes, is not NUL-terminated and belongs to the
 * library (copy what you keep).  Returns 0, or -1 to stop the dump. */
typedef int (*chartex_write_fn)(const char *buf, size_t len, void *data);

/* Streams the text chartex_scene_to_json would return to write, in pieces
 * of about 64 KiB, without holding the whole text.  Returns 0, or -1
 * (CHARTEX_ERR_SINK when write failed; the pieces written before stay
 * written). */
CHARTEX_API int chartex_scene_dump(const chartex_scene *scene, int indent,
                                   chartex_write_fn write, void *data,
                                   chartex_error *err);

/* ------------------------------------------------------------------- chart */

typedef struct chartex_chart chartex_chart;

/* Classifies and extracts.  The chart keeps pointers into the scene: free
 * the chart before the scene.  A scene with no data gives an empty chart
 * (chartex_chart_is_empty), which emits as {}. */
CHARTEX_API chartex_chart *chartex_chart_from_scene(const chartex_scene *scene,
                                                    chartex_error *err);

/* The smallest max_points accepted: the first and last points plus the four
 * extremes of one bucket (see chartex_options). */
#define CHARTEX_MIN_MAX_POINTS 6

/* Options of chartex_chart_from_scene_opts.  Zero-initialise it: every
 * field's zero is the default, and new fields are only added at the end. */
typedef struct chartex_options {
    /* The most points kept per line or scatter series (element "points");
     * 0: no limit, else at least CHARTEX_MIN_MAX_POINTS.  A longer series
     * keeps its shape rather than its head: a line keeps its first and last
     * points and, in each of (max_points - 2) / 4 runs of consecutive
     * points, those with the lowest and highest x and y (method "minmax");
     * a scatter keeps the points with the lowest and highest x and y and an
     * evenly spaced subset of the rest (method "sample").  Kept points stay
     * in their order; an area's baseline keeps the same points.  Such an
     * element gets a "downsampled" key (doc/schema.md).  Bars, pie wedges,
     * boxes, candles and records are bounded by the budget alone. */
    size_t max_points;
    /* As exact as the picture: 0 (the default) for off, else a number
     * above 0.  A line or scatter series of an Axes whose size is known
     * (chartex_axes_set_pixels) keeps at most ceil(points_per_pixel *
     * width) + 2 points, chosen as max_points chooses them (with both set,
     * the smaller limit applies); for a line, 4 gives one run of "minmax"
     * per pixel column (its first, last, lowest and highest point).  An image keeps at most one
     * value per pixel: blocks of cells are replaced by their mean (the
     * image's "downsampled" key says how). */
    double points_per_pixel;
    /* A budget for the whole chart: 0 (the default) for none, else at
     * least CHARTEX_MIN_MAX_POINTS.  When the points of every series, the
     * cells of every image and the elements of every other kind (bars,
     * candles, wedges, boxes and their outliers, record cells, each
     * weighing about its share of the JSON), after the limits above, add
     * up to more, one common limit L is put on all of them, the largest
     * that fits (what holds fewer than L stays whole), never below
     * CHARTEX_MIN_MAX_POINTS; the chart then gets a top-level "budget"
     * key.  No kind is thinned into wrong numbers: a histogram's bins are
     * merged exactly, other bars, candles, wedges and boxes keep the first
     * in the axis' order and say what was left out ("left_out"), records
     * keep their lists' first cells (doc/schema.md, "Bounds"). */
    size_t max_total_points;
    /* The most code points of any text the chart gives (titles, labels,
     * names, tick labels, categories, annotations, record texts): longer
     * ones are cut to that many, followed by U+2026; 0 (the default):
     * none cut. */
    size_t max_string;
} chartex_options;

/* chartex_chart_from_scene with options; opts may be NULL (the defaults). */
CHARTEX_API chartex_chart *chartex_chart_from_scene_opts(const chartex_scene *scene,
                                                         const chartex_options *opts,
                                                         chartex_error *err);
CHARTEX_API int chartex_chart_is_empty(const chartex_chart *chart);
CHARTEX_API void chartex_chart_free(chartex_chart *chart);

/* A sink receives the chart as a stream of JSON-like events.  Every callback
 * returns 0, or -1 to stop the emission (which then fails with
 * CHARTEX_ERR_SINK unless the sink filled err itself).  Strings are UTF-8
 * with a length and are only valid during the call.  number() is only called
 * with finite values; NaN and infinities arrive as null(). */
typedef struct chartex_sink {
    int (*begin_object)(void *ctx);
    int (*key)(void *ctx, const char *s, size_t len);
    int (*end_object)(void *ctx);
    int (*begin_array)(void *ctx);
    int (*end_array)(void *ctx);
    int (*string)(void *ctx, const char *s, size_t len);
    int (*number)(void *ctx, double v);
    int (*boolean)(void *ctx, int v);
    int (*null)(void *ctx);
    void *ctx;
} chartex_sink;

CHARTEX_API int chartex_chart_emit(const chartex_chart *chart,
                                   const chartex_sink *sink, chartex_error *err);

/* One value of a point [x, y] as a reader sees it: null (NaN, infinities,
 * a date outside years 1..9999), a number, or a string (an ISO 8601 date on
 * a date axis, a category's name on a category axis).  s is UTF-8, not
 * NUL-terminated, and only valid during the call that receives the cell. */
typedef enum chartex_cell_kind {
    CHARTEX_CELL_NULL = 0,
    CHARTEX_CELL_NUMBER,
    CHARTEX_CELL_STRING
} chartex_cell_kind;

typedef struct chartex_cell {
    chartex_cell_kind kind;
    double number;         /* CHARTEX_CELL_NUMBER: a finite value */
    const char *s;         /* CHARTEX_CELL_STRING: borrowed */
    size_t len;
} chartex_cell;

/* Receives one point of a "points" list in one call.  Returns 0, or -1 to
 * stop the emission (as the sink's callbacks do). */
typedef int (*chartex_point_fn)(void *ctx, const chartex_cell *x,
                                const chartex_cell *y);

/* chartex_chart_emit for sinks that can take a point [x, y] in one call:
 * point(sink->ctx, x, y) then stands for the four events begin_array, the
 * two values, end_array, and receives exactly what they would carry.  The
 * other events are the same as chartex_chart_emit's.  point may be NULL,
 * which is chartex_chart_emit. */
CHARTEX_API int chartex_chart_emit_points(const chartex_chart *chart,
                                          const chartex_sink *sink,
                                          chartex_point_fn point,
                                          chartex_error *err);

/* The chart as JSON text (indent as for chartex_scene_to_json).  Numbers are
 * the shortest text that reads back to the same double, repr(float) style. */
CHARTEX_API char *chartex_chart_to_json(const chartex_chart *chart, int indent,
                                        size_t *len, chartex_error *err);

/* Streams the text chartex_chart_to_json would return to write, in pieces
 * of about 64 KiB, without holding the whole text: the caller keeps only
 * what it copies.  Returns 0, or -1 (CHARTEX_ERR_SINK when write failed;
 * the pieces written before stay written). */
CHARTEX_API int chartex_chart_dump(const chartex_chart *chart, int indent,
                                   chartex_write_fn write, void *data,
                                   chartex_error *err);

/* ------------------------------------------------------------------- table */

/* A table: named columns of equal length, emitted as E2B's column dict
 * {name: [value, ...], ...} (the MIME type e2b/data; doc/schema.md,
 * "Tables").  The table owns its columns; a column handle stays valid
 * until the table is freed.  Every array given is copied (rows values,
 * rows being the table's row count).  A column starts with every value
 * null; a whole-column setter replaces what it held.
 *
 *     chartex_table *t = chartex_table_new(rows, &err);
 *     chartex_column *c = chartex_table_add_column(t, "price", 5, &err);
 *     chartex_column_set_doubles(c, prices, &err);
 *     char *json = chartex_table_to_json(t, 0, NULL, &err);
 */
typedef struct chartex_table chartex_table;
typedef struct chartex_column chartex_column;

/* The unit of an int64 count of time (NumPy's datetime64 and timedelta64
 * units).  DAY: a datetime is a date (written without a time of day). */
typedef enum chartex_time_unit {
    CHARTEX_TIME_DAY = 0,
    CHARTEX_TIME_S,
    CHARTEX_TIME_MS,
    CHARTEX_TIME_US,
    CHARTEX_TIME_NS
} chartex_time_unit;

/* The null of an int64 time (NumPy's NaT). */
#define CHARTEX_TIME_NULL (-9223372036854775807LL - 1)

CHARTEX_API chartex_table *chartex_table_new(size_t rows, chartex_error *err);
CHARTEX_API void chartex_table_free(chartex_table *table);
CHARTEX_API size_t chartex_table_rows(const chartex_table *table);
CHARTEX_API size_t chartex_table_columns(const chartex_table *table);
/* Appends a column, all null.  Names are unique: a name already taken
 * becomes the first free one of NAME.1, NAME.2, ... (as pandas' read_csv
 * names duplicate columns).  Returns a column owned by the table, or NULL. */
CHARTEX_API chartex_column *chartex_table_add_column(chartex_table *table,
                                                     const char *name, size_t len,
                                                     chartex_error *err);

/* Whole columns.  Each array holds the table's row count of values.
 * doubles: NaN and infinities are null.  int64, uint64, booleans (0 false,
 * else true): nulls may be NULL, else a non-zero byte makes that row null. */
CHARTEX_API int chartex_column_set_doubles(chartex_column *col, const double *v,
                                           chartex_error *err);
CHARTEX_API int chartex_column_set_int64(chartex_column *col, const long long *v,
                                         const unsigned char *nulls,
                                         chartex_error *err);
CHARTEX_API int chartex_column_set_uint64(chartex_column *col,
                                          const unsigned long long *v,
                                          const unsigned char *nulls,
                                          chartex_error *err);
CHARTEX_API int chartex_column_set_bools(chartex_column *col, const unsigned char *v,
                                         const unsigned char *nulls,
                                         chartex_error *err);
/* Instants counted in unit from 1970-01-01T00:00:00, CHARTEX_TIME_NULL
 * being null, written as ISO 8601 text.  utc_offsets NULL: naive times,
 * written as they are ("2024-03-01T12:00:00"); else v counts UTC and each
 * value is written in its local time with its offset from UTC in seconds
 * ("2024-03-01T13:00:00+01:00").  doc/schema.md has every form. */
CHARTEX_API int chartex_column_set_datetimes(chartex_column *col, const long long *v,
                                             chartex_time_unit unit,
                                             const int *utc_offsets,
                                             chartex_error *err);
/* Durations in unit, CHARTEX_TIME_NULL being null, written as ISO 8601
 * durations the way pandas' Timedelta.isoformat() writes them
 * ("P0DT1H0M0S", "P-1DT23H59M59.5S"). */
CHARTEX_API int chartex_column_set_timedeltas(chartex_column *col, const long long *v,
                                              chartex_time_unit unit,
                                              chartex_error *err);
/* Complex numbers, interleaved real and imaginary parts (2 * rows values):
 * [real, imag]; null when a part is NaN, a part that is infinite null. */
CHARTEX_API int chartex_column_set_complex(chartex_column *col, const double *re_im,
                                           chartex_error *err);

/* Value by value (a column of mixed values, e.g. strings): the column's
 * other values stay as they were set this way, or null.  A row past the
 * table's end is CHARTEX_ERR_INVALID. */
CHARTEX_API int chartex_column_set_string(chartex_column *col, size_t row,
                                          const char *s, size_t len,
                                          chartex_error *err);
CHARTEX_API int chartex_column_set_number(chartex_column *col, size_t row, double v,
                                          chartex_error *err);
/* The integer negative ? -magnitude : magnitude (magnitude up to 2^63 when
 * negative). */
CHARTEX_API int chartex_column_set_integer(chartex_column *col, size_t row,
                                           int negative, unsigned long long magnitude,
                                           chartex_error *err);
CHARTEX_API int chartex_column_set_boolean(chartex_column *col, size_t row, int v,
                                           chartex_error *err);
CHARTEX_API int chartex_column_set_complex_at(chartex_column *col, size_t row,
                                              double re, double im,
                                              chartex_error *err);
CHARTEX_API int chartex_column_set_null(chartex_column *col, size_t row,
                                        chartex_error *err);

/* Bounds what the table emits (the kernel formatter's budget): strings
 * longer than max_string code points (0: no limit) are cut to that many,
 * followed by U+2026; then the most rows whose compact JSON text fits in
 * max_bytes (0: no limit) are kept, taken alternately from the start and
 * the end (kept: the first ceil(r / 2) and the last floor(r / 2) rows).
 * Returns the number of rows kept, or -1: CHARTEX_ERR_LIMIT when even the
 * column names alone exceed max_bytes.  Each call starts again from every
 * row. */
CHARTEX_API long long chartex_table_limit(chartex_table *table, size_t max_bytes,
                                          size_t max_string, chartex_error *err);
/* The rows the table emits: chartex_table_rows, or what the last
 * chartex_table_limit kept. */
CHARTEX_API size_t chartex_table_rows_kept(const chartex_table *table);

/* Receives an integer (negative ? -magnitude : magnitude) in one call,
 * where chartex_table_emit would otherwise hand it to number() as a
 * double (exact only up to 2^53).  Returns 0, or -1 to stop. */
typedef int (*chartex_integer_fn)(void *ctx, int negative,
                                  unsigned long long magnitude);

/* Emits the table into sink: an object of one key per column, each an
 * array of the kept rows' values (null, booleans, numbers, strings, and
 * [real, imag] arrays).  integer may be NULL (integers go to number()). */
CHARTEX_API int chartex_table_emit(const chartex_table *table,
                                   const chartex_sink *sink,
                                   chartex_integer_fn integer, chartex_error *err);
/* The table as JSON text, byte for byte json.dumps of the dict a sink
 * builds (indent as for chartex_chart_to_json); integers stay integers. */
CHARTEX_API char *chartex_table_to_json(const chartex_table *table, int indent,
                                        size_t *len, chartex_error *err);
/* Streams chartex_table_to_json's text to write (as chartex_chart_dump). */
CHARTEX_API int chartex_table_dump(const chartex_table *table, int indent,
                                   chartex_write_fn write, void *data,
                                   chartex_error *err);

/* ----------------------------------------------------------------- helpers */

/* Enough for any double in repr style, plus the NUL. */
#define CHARTEX_DOUBLE_BUFSIZE 32
/* Writes the shortest repr(float)-style text that reads back to v
 * ("0.1", "100.0", "1e+16", "-0.0", "5e-324"); "null" for NaN and
 * infinities.  Returns the length written (without the NUL). */
CHARTEX_API size_t chartex_format_double(double v, char *buf);

/* Frees memory returned by the library (the JSON strings). */
CHARTEX_API void chartex_free(void *p);

#ifdef __cplusplus
}
#endif

#endif /* CHARTEX_H */
