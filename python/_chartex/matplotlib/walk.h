/*
 * walk.h - what the walker's files share.  The walker reads a live
 * matplotlib Figure into a chartex_scene.
 *
 * This is the only C code that touches matplotlib.  It uses matplotlib's
 * public API; what is private or differs between releases is read by the
 * helpers of chartex/_compat.py (suptitle, axis kinds and categories,
 * pandas period axes, the colorbar marker, the children behind the artist
 * lists, and the private state the Python-side readers need), with one
 * exception kept in C for speed: the fields of a Rectangle
 * (rectangle_fields, patches.c), with the methods as fallback.  Some
 * artists are read through one Python call each, where NumPy does the
 * per-point work: chartex/_artists.py (3-D, vectors, steps, texts, table
 * cells, gridded data) and chartex/_legend.py (the legend's names).
 *
 * Arrays are read with the NumPy C API as contiguous doubles (masked
 * values become NaN) and handed to the core, which copies them, but for
 * the points of lines and scatters, whose buffers the scene borrows
 * (mpl_borrow_points; the arrays stay alive in the caller's list until
 * the scene is freed): no Python object is made per data point, and a
 * large series is read once, by the chart's point limit.  Every value is treated as hostile: any
 * failing call becomes ChartexError("while reading <what>: <message>")
 * with the original exception as __cause__ (mpl_fail).
 *
 * One room per family of artists, in this folder (the reader's wing;
 * non-static names take the prefix mpl_).  Calls only go down this list,
 * never up and never in a loop:
 *
 *   walker.c    figure -> subfigures -> axes (titles, flags, size,
 *               colorbars); calls axis.c, legend.c, order.c, texts.c
 *   axis.c      axis kinds, view, ticks and their labels
 *   order.c     drawing order: which artists of an Axes are read, and
 *               when; calls the rooms below
 *   patches.c   patches, bars, containers (bar, errorbar, stem); a
 *               container's lines are read by lines.c
 *   axes3d.c    mplot3d's artists on a 3-D Axes, in x, y and z
 *   lines.c     Line2D, line, path and poly collections
 *   meshes.c    images, meshes, cells and contour sets
 *   vectors.c   vector fields: Quiver and Barbs, positions and (u, v)
 *   texts.c     text on the data: annotations, bar labels, table cells
 *   legend.c    names from the legend (seaborn's hue groups): read once
 *               per Axes into its axctx
 *   values.c    hostile values: text, NumPy arrays, dates/periods,
 *               points; what every artist has (its label, with the name
 *               the legend gave it)
 *
 * and every file may call the module's shared files (state.c: the
 * module state and the one error bridge; ptrmap.c).  A new family of
 * artists gets a room of its own, called from order.c.
 */
#ifndef MPL_WALK_H
#define MPL_WALK_H

#include "state.h"
#include "ptrmap.h"
#include "readers.h"    /* mpl_read_figure, walker.c's, for module.c */

/* ------------------------------------------------- shared by the rooms */

typedef struct walk {
    chx_state *st;
    chartex_scene *scene;
    PyObject *keep;            /* borrowed: the caller's list of the arrays
                                  whose buffers the scene borrows, alive
                                  until the scene is freed */
    chartex_error err;
    chx_ptrmap seen;           /* artists already read through a container */
    PyObject *colorbar_axes;   /* ids of the axes of the figure's colorbars */
    unsigned long next_group;  /* last group id given to a container */
    double date_epoch;
    int have_epoch;
} walk;

/* What the artists of one Axes are read against. */
typedef struct axctx {
    PyObject *ax;              /* borrowed */
    PyObject *trans_data;      /* owned: ax.transData */
    PyObject *period_freq;     /* owned, or NULL: x values are pandas Period ordinals */
    PyObject *legend_names;    /* owned, or NULL: legend.c */
    chartex_axes *axes;
    int three_d;               /* a 3-D Axes: its artists are read by axes3d.c */
} axctx;

/* A typed text setter of the builder API, as mpl_set_text_from_call calls
 * it. */
typedef int (*mpl_text_setter)(void *target, const char *s, size_t len,
                               chartex_error *err);

/* The containers whose parts the walker reads as a whole. */
typedef enum mpl_container_kind {
    MPL_CONTAINER_OTHER = 0,   /* its artists are read from the lists */
    MPL_CONTAINER_BARS,
    MPL_CONTAINER_ERRORBAR,
    MPL_CONTAINER_STEM
} mpl_container_kind;

/* Two helpers that the bars call for every bar (six times for the second):
 * inline, as they were when the walker was one file. */

/* Adds obj to a map of objects met (by identity); -1 with MemoryError. */
static inline int
mpl_ptr_add(chx_ptrmap *m, PyObject *obj)
{
    if (chx_ptrmap_put(m, obj, NULL) == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

/* obj.name, or NULL with no exception when obj has no such attribute. */
static inline PyObject *
mpl_get_optional(PyObject *obj, PyObject *name)
{
    PyObject *value = PyObject_GetAttr(obj, name);

    if (value == NULL && PyErr_ExceptionMatches(PyExc_AttributeError))
        PyErr_Clear();
    return value;
}

/* values.c.  Functions taking a walk raise as mpl_fail does. */

/* The pending exception as ChartexError("while reading WHAT[ of a CLASS]:
 * ...") (obj may be NULL), through the module's one bridge
 * (chx_reader_error); mpl_core_fail: a failed builder call (w->err).
 * Both return -1. */
static inline int
mpl_fail(walk *w, const char *what, PyObject *obj)
{
    return chx_reader_error(w->st, NULL, what, obj);
}

static inline int
mpl_core_fail(walk *w)
{
    return chx_raise_core_error(w->st, &w->err);
}

/* The UTF-8 text of obj (str as is, None as "", else str(obj)), valid
 * while *keep lives. */
int mpl_utf8_of(PyObject *obj, const char **s, size_t *len, PyObject **keep);
/* obj.method([arg]) given as text to the core through set(target, ...). */
int mpl_set_text_from_call(walk *w, PyObject *obj, PyObject *method, PyObject *arg,
                           mpl_text_setter set, void *target, const char *what);
int mpl_is_visible(walk *w, PyObject *obj);
/* Sets of objects by address (Python sets of ids; see the .c file). */
int mpl_id_add(PyObject *set, PyObject *obj);
int mpl_id_in(PyObject *set, PyObject *obj);
PyObject *mpl_as_seq(walk *w, PyObject *obj, const char *what, PyObject *owner);
/* Arrays of doubles (masked values NaN); copy: see the .c file. */
PyArrayObject *mpl_as_doubles_ex(walk *w, PyObject *obj, int ndmin, int ndmax, int copy);
PyArrayObject *mpl_as_doubles(walk *w, PyObject *obj, int ndmin, int ndmax);
int mpl_convert_period(walk *w, axctx *c, double *v, size_t n, size_t stride);
int mpl_read_points_scaled(walk *w, axctx *c, PyObject *obj, int convert_x, double scale,
                           PyArrayObject **out, size_t *n);
int mpl_read_points(walk *w, axctx *c, PyObject *obj, int convert_x,
                    PyArrayObject **out, size_t *n);
/* Gives LINE or SCATTER artist a the n points of pts (an (n, 2) array of
 * doubles from mpl_read_points, or NULL when n is 0) without copying
 * them: the scene borrows pts' buffer, kept alive in w->keep. */
int mpl_borrow_points(walk *w, chartex_artist *a, PyArrayObject *pts, size_t n);
int mpl_add_polygons(walk *w, axctx *c, chartex_artist *a, PyObject *seq_obj,
                     int convert_x, int vertices_attr, PyObject *owner, double scale);
chartex_artist *mpl_new_artist(walk *w, axctx *c, chartex_artist_kind kind, PyObject *obj,
                               PyObject *alt, chartex_artist_role role, unsigned flags,
                               unsigned long group);
int mpl_read_other(walk *w, axctx *c, PyObject *obj, chartex_artist_role role);
int mpl_is_data_transform(walk *w, axctx *c, PyObject *obj, PyObject *method);
/* ORs into *flags the CHARTEX_REF_*_DATA flags of a reference line or span
 * (obj.method(), its transform, is not the data transform). */
int mpl_ref_flags(walk *w, axctx *c, PyObject *obj, PyObject *method, unsigned *flags);
int mpl_note_colorbar(walk *w, PyObject *mappable);
/* The entry of c's legend names (legend.c read them for the Axes, before
 * its artists) for obj: a name, or a list of (name, indices) groups;
 * borrowed, NULL when none.  -1 only for MemoryError. */
int mpl_legend_entry(walk *w, axctx *c, PyObject *obj, PyObject **out);

/* lines.c */
int mpl_read_line(walk *w, axctx *c, PyObject *line, PyObject *label_alt,
                  chartex_artist_role role, unsigned flags, unsigned long group);
int mpl_read_segments(walk *w, axctx *c, PyObject *coll, chartex_artist_role role,
                      unsigned long group);
int mpl_read_collection(walk *w, axctx *c, PyObject *coll);
/* ORs the line's style flags (CHARTEX_LINE_*) into *flags. */
int mpl_line_flags(walk *w, PyObject *line, unsigned *flags);

/* texts.c: the Axes' texts at data positions and its tables' cells,
 * after its artists. */
int mpl_read_texts(walk *w, axctx *c);

/* vectors.c: a Quiver or Barbs collection. */
int mpl_read_vectors(walk *w, axctx *c, PyObject *coll);

/* axes3d.c: reads obj when it is one of mplot3d's artists (1), or
 * leaves it to the other rooms (0); -1 with ChartexError. */
int mpl_read_3d(walk *w, axctx *c, PyObject *obj);

/* patches.c */
int mpl_read_patch(walk *w, axctx *c, PyObject *patch);
int mpl_read_container(walk *w, axctx *c, PyObject *container);
/* What mpl_read_container reads, for order.c to find first. */
int mpl_container_kind_of(walk *w, PyObject *container);
int mpl_errorbar_parts(walk *w, PyObject *container, PyObject **lines);
int mpl_stem_parts(walk *w, PyObject *container, PyObject *parts[3], int *collection);

/* legend.c: the names the Axes' legend gives to artists without their
 * own (read once per Axes, before its artists); name and groups are
 * borrowed from c, NULL when there are none.  -1 only for MemoryError. */
int mpl_legend_read(walk *w, axctx *c);
int mpl_legend_groups(walk *w, axctx *c, PyObject *coll, PyObject **groups);
/* A many-coloured scatter the legend names by groups: one scatter artist
 * per group, from its points xy (n x 2); *split 1 when done, 0 when coll
 * has no groups (the caller reads it as one artist). */
int mpl_legend_split(walk *w, axctx *c, PyObject *coll, const double *xy, size_t n, int *split);

/* meshes.c */
int mpl_read_image(walk *w, axctx *c, PyObject *im);
/* A mesh, cells or a contour set (or, before matplotlib 3.8, one of a
 * contour set's collections): 1 when read, 0 when coll is none of these,
 * -1 on error. */
int mpl_read_gridded(walk *w, axctx *c, PyObject *coll);

/* order.c: the artists of the axes, in drawing order. */
int mpl_read_artists(walk *w, axctx *c);

/* axis.c: the x (which 0), y (1) or z (2, a 3-D Axes) axis of the axes. */
int mpl_read_axis(walk *w, axctx *c, int which);

#endif /* MPL_WALK_H */
