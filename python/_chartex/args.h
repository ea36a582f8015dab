/*
 * args.h - the keyword arguments of the module's functions (args.c), for
 * module.c: each returns 0, or -1 with an exception set.
 */
#ifndef CHX_ARGS_H
#define CHX_ARGS_H

#include "state.h"

/* indent=None is compact (0); an int from 1 to 100 indents. */
int chx_parse_indent(PyObject *obj, int *indent);
/* max_points, points_per_pixel, max_total_points (None leaves each one
 * off) into opts, zeroed first. */
int chx_parse_options(PyObject *max_obj, PyObject *ppp_obj, PyObject *total_obj,
                      chartex_options *opts);
/* None (*given 0), or an int from lowest up (*given 1; a value past
 * size_t: no limit, *given 0). */
int chx_parse_count(PyObject *obj, const char *name, size_t lowest, size_t *out,
                    int *given);

#endif /* CHX_ARGS_H */
