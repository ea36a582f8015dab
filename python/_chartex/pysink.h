/*
 * pysink.h - the Python sink (pysink.c), for module.c: a chart emitted
 * through the public emitter into dict / list / str / float / bool / None.
 */
#ifndef CHX_PYSINK_H
#define CHX_PYSINK_H

#include "state.h"

/* Emits the chart into Python objects: a new dict ({} for an empty chart). */
PyObject *chx_chart_to_python(chx_state *st, const chartex_chart *chart);

#endif /* CHX_PYSINK_H */
