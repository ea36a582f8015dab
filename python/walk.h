/*
 * walk.h - the walker: a live matplotlib Figure read into a chartex_scene.
 */
#ifndef CHX_WALK_H
#define CHX_WALK_H

#include "state.h"

/* Reads the figure (a Figure or SubFigure) into a new scene, or returns
 * NULL with ChartexError (or MemoryError) set. */
chartex_scene *chx_walk_figure(chx_state *st, PyObject *fig);

#endif /* CHX_WALK_H */
