/*
 * readers.h - the entry point of each reader of the extension: what
 * module.c calls to turn a Python object into a chartex_scene.  Each
 * reader is a wing of its own folder, with its own prefix, and this is
 * all that module.c sees of it:
 *
 *   matplotlib/   mpl_   a live matplotlib Figure (the walker)
 *   plotly/       px_    a Plotly figure, object or JSON form
 *   frames/       tbl_   a pandas or polars frame (a table, not a scene)
 *
 * A reader returns a new scene, owned by the caller (chartex_scene_free),
 * or NULL with an exception set: ChartexError ("while reading ...", the
 * original exception as __cause__), MemoryError or KeyboardInterrupt.
 */
#ifndef CHX_READERS_H
#define CHX_READERS_H

#include "state.h"

/* matplotlib/walker.c: reads fig (a Figure or SubFigure; chx_is_figure
 * said so) into a new scene, which borrows the buffers of the arrays it
 * appends to keep (a list): the caller keeps the list until the scene is
 * freed. */
chartex_scene *mpl_read_figure(chx_state *st, PyObject *fig, PyObject *keep);

/* plotly/figure.c: 1 when obj is a Plotly figure (plotly already
 * imported) or a dict in Plotly's JSON form, 0 when not, -1 on error. */
int px_is_figure(chx_state *st, PyObject *obj);
/* plotly/figure.c: reads the Plotly figure into a new scene, which
 * borrows buffers kept alive by what the reader appends to keep (as
 * mpl_read_figure's). */
chartex_scene *px_read_figure(chx_state *st, PyObject *fig, PyObject *keep);

/* frames/read_frame.c: 1 when obj is a pandas DataFrame or Series or a polars
 * DataFrame or Series (never importing either), 0 when not, -1 on error. */
int tbl_is_frame(chx_state *st, PyObject *obj);
/* frames/read_frame.c: reads the frame into a new table (owned by the caller,
 * chartex_table_free), the index first as reset_index makes it; at most
 * max_rows rows (-1: all), the first ceil(max_rows / 2) and the last
 * floor(max_rows / 2), and at most max_columns of its own columns (-1:
 * all), from both ends alike.  *total_rows receives the frame's row
 * count, *total_columns its column count (index columns included). */
chartex_table *tbl_read_frame(chx_state *st, PyObject *obj, Py_ssize_t max_rows,
                              Py_ssize_t max_columns, size_t *total_rows,
                              size_t *total_columns);

#endif /* CHX_READERS_H */
