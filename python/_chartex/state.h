/*
 * state.h - what every file of the extension module chartex._chartex
 * shares: the module state (interned names, the matplotlib classes, the
 * ChartexError type) and the services of state.c.  Like Modules/_sqlite's
 * module.h in CPython: the one header each file includes first; each file
 * with functions for others has its own header beside it.
 *
 *   state.c        module state, lazy imports, the one place where a core
 *                  error becomes a Python exception (chx_raise_core_error)
 *                  and the one bridge from a failed Python call to
 *                  ChartexError (chx_reader_error)
 *   ptrmap.h/.c    a map keyed by object address (artists met, by identity)
 *   pysink.h/.c    the Python sink: chart events -> dict/list/str/float/...
 *   readers.h      the entry point of each reader, a wing of its own folder:
 *                  matplotlib/ (the walker, mpl_: the only C code that
 *                  touches matplotlib), plotly/ (px_) and altair/ (vl_)
 *   module.c       the module: its definition and the functions of the
 *                  Python API, one (source, output) helper behind them
 *
 * Calls go one way, down: module.c calls the readers (through readers.h)
 * and pysink.c; the readers call state.c and ptrmap.c, which call none of
 * them (each wing's own header draws its rooms' order).  No file calls a
 * file that calls it, directly or through others.
 *
 * Ownership: functions returning PyObject * return a new reference or NULL
 * with an exception set; functions returning int return 0, or -1 with an
 * exception set.  Nothing here is shared with the core, which never sees
 * Python: the extension is a client of include/chartex.h alone.
 */
#ifndef CHX_STATE_H
#define CHX_STATE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

/* The NumPy C API table lives in state.c (which defines CHX_NUMPY_OWNER
 * and imports it in chx_ready); every other file refers to it through the
 * same unique symbol. */
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#define PY_ARRAY_UNIQUE_SYMBOL chx_ARRAY_API
#ifndef CHX_NUMPY_OWNER
#define NO_IMPORT_ARRAY
#endif
#include <numpy/arrayobject.h>

#include "chartex.h"

/* Attribute and method names, interned once per module: the walker looks
 * them up for every axes and artist. */
#define CHX_NAMES(X)                                                          \
    X(get_axes) X(subfigs) X(get_visible) X(get_label) X(get_title)          \
    X(name) X(xaxis) X(yaxis) X(get_xlabel) X(get_ylabel) X(get_xscale)      \
    X(get_yscale) X(get_view_interval) X(get_majorticklocs)                  \
    X(get_major_formatter) X(format_ticks) X(get_majorticklabels) X(get_offset) \
    X(get_text) X(images) X(collections) X(lines) X(patches) X(containers)   \
    X(get_children)                                                          \
    X(colorbar) X(ax) X(axes) X(transData) X(get_transform)                 \
    X(get_offset_transform) X(get_data_transform) X(get_patch_transform)    \
    X(get_xydata) X(get_linestyle) X(get_marker) X(get_drawstyle)            \
    X(get_offsets) X(get_paths) X(vertices) X(get_segments) X(get_array)     \
    X(get_extent) X(get_path) X(to_polygons) X(theta1) X(theta2) X(r)        \
    X(get_x) X(get_y) X(get_width) X(get_height) X(datavalues)              \
    X(orientation) X(markerline) X(stemlines) X(baseline) X(ndim)           \
    X(filled) X(center) X(left) X(right)  X(transform)                                    \
    X(bbox) X(width) X(height) X(errorbar)                                               \
    X(zaxis) X(get_zlabel) X(get_zscale) X(stairs_data) X(vector_data)       \
    X(texts) X(tables) X(text_anchor) X(table_cells)                         \
    X(get_xaxis_transform) X(get_yaxis_transform)                            \
    /* chartex._matplotlib.compat, _artists, _legend */                                 \
    X(suptitle) X(axis_kind) X(colorbar_marker) X(date_epoch)              \
    X(period_to_datenum) X(getmaskarray) X(artist_lists) X(data_3d) X(legend_names) X(gridded)    \
    X(axline_points) X(bar_binned) X(offset_data) X(text_lists) X(getmask) X(getdata)                     \
    /* chartex._tables.frames */                                                    \
    X(prepare) X(is_frame) X(cell_text)                                      \
    /* private state: see rectangle_fields (walk_patches.c) */                \
    X(_visible) X(_axes) X(_x0) X(_y0) X(_width) X(_height)

/* matplotlib classes the walker tests artists against, imported on first
 * use (importing chartex does not import matplotlib). */
typedef enum chx_class {
    CHX_FIGUREBASE = 0,
    CHX_LINE2D,
    CHX_PATHCOLLECTION,
    CHX_POLYCOLLECTION,
    CHX_LINECOLLECTION,
    CHX_WEDGE,
    CHX_RECTANGLE,
    CHX_AXESIMAGE,
    CHX_BARCONTAINER,
    CHX_ERRORBARCONTAINER,
    CHX_STEMCONTAINER,
    CHX_MASKEDARRAY,
    CHX_AFFINE2D,
    CHX_STEPPATCH,
    CHX_QUIVER,
    CHX_BARBS,
    CHX_CLASS_COUNT
} chx_class;

typedef struct chx_state {
    PyObject *ChartexError;     /* the exception type */
    PyObject *compat;           /* chartex._matplotlib.compat, imported on first use */
    PyObject *artists;          /* chartex._matplotlib.artists, imported on first use */
    PyObject *legend;           /* chartex._matplotlib.legend, imported on first use */
    PyObject *numpy_ma;         /* numpy.ma, imported on first use */
    PyObject *frames;           /* chartex._tables.frames, on the first frame read */
    PyObject *altair;           /* chartex._altair.plan, on the first Altair chart read */
    PyObject *cls[CHX_CLASS_COUNT]; /* on first use */
    int ready;                  /* the lazy imports above are done */
#define CHX_DECLARE_NAME(n) PyObject *s_##n;
    CHX_NAMES(CHX_DECLARE_NAME)
#undef CHX_DECLARE_NAME
} chx_state;

/* state.c */

/* Fills a zeroed state: interns the names and makes the ChartexError type.
 * On failure, chx_state_clear releases whatever was made. */
int chx_state_init(chx_state *st);
/* The module's m_traverse and m_clear, on its state. */
int chx_state_traverse(chx_state *st, visitproc visit, void *arg);
void chx_state_clear(chx_state *st);
/* Imports what the walker needs on first use: the NumPy C API, the
 * matplotlib classes, chartex._matplotlib.compat, _artists and _legend, numpy.ma. */
int chx_ready(chx_state *st);
/* Imports only the NumPy C API (the Plotly reader needs no matplotlib). */
int chx_ready_numpy(chx_state *st);
/* The one place where a core error becomes a Python exception: keeps an
 * exception already set (a sink callback failed in Python), else raises
 * MemoryError for CHARTEX_ERR_NOMEM and ChartexError otherwise.  Returns
 * -1 so callers can `return chx_raise_core_error(...)`. */
int chx_raise_core_error(chx_state *st, const chartex_error *err);
/* The one error bridge of the readers.  The pending exception becomes
 * ChartexError("while reading [READER ]WHAT[ of a CLASS]: TEXT"), TEXT its
 * str() (its class name when that is empty), with the original as
 * __cause__ and __context__; with none pending, ChartexError("while
 * reading ...: unknown error").  A ChartexError, MemoryError and what is
 * not an Exception (KeyboardInterrupt, SystemExit) pass through as they
 * are.  reader ("Plotly") and obj may be NULL.  Returns -1. */
int chx_reader_error(chx_state *st, const char *reader, const char *what,
                     PyObject *obj);
/* Where a reader reads an unreadable value as missing: clears the pending
 * exception when it is an ordinary error and returns 0 (also when none is
 * pending); keeps it and returns -1 when it must reach the caller, as the
 * bridge lets it through: MemoryError, KeyboardInterrupt, SystemExit. */
int chx_clear_recoverable(void);
/* The name of obj's class without its module ("Line2D"). */
const char *chx_class_name(PyObject *obj);
/* 1 when obj is a Figure or SubFigure, 0 when not, -1 on error.  Does not
 * import matplotlib: an object of a program that never imported it cannot
 * be a Figure. */
int chx_is_figure(chx_state *st, PyObject *obj);

#endif /* CHX_STATE_H */
