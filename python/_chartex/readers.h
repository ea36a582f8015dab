/*
 * readers.h - the entry point of each reader of the extension: what
 * module.c calls to turn a Python object into a chartex_scene.  Each
 * reader is a wing of its own folder, with its own prefix, and this is
 * all that module.c sees of it:
 *
 *   matplotlib/   mpl_   a live matplotlib Figure (the walker)
 *   plotly/       px_    a Plotly figure, object or JSON form
 *
 * A reader returns a new scene, owned by the caller (chartex_scene_free),
 * or NULL with an exception set: ChartexError ("while reading ...", the
 * original exception as __cause__), MemoryError or KeyboardInterrupt.
 */
#ifndef CHX_READERS_H
#define CHX_READERS_H

#include "state.h"

/* matplotlib/walker.c: reads fig (a Figure or SubFigure; chx_is_figure
 * said so) into a new scene. */
chartex_scene *mpl_read_figure(chx_state *st, PyObject *fig);

/* plotly/figure.c: 1 when obj is a Plotly figure (plotly already
 * imported) or a dict in Plotly's JSON form, 0 when not, -1 on error. */
int px_is_figure(chx_state *st, PyObject *obj);
/* plotly/figure.c: reads the Plotly figure into a new scene. */
chartex_scene *px_read_figure(chx_state *st, PyObject *fig);

#endif /* CHX_READERS_H */
