/*
 * pysink.h - the Python sink (pysink.c), for module.c: a chart or a table
 * emitted through the public emitter into dict / list / str / int / float /
 * bool / None.
 */
#ifndef CHX_PYSINK_H
#define CHX_PYSINK_H

#include "state.h"

/* Emits the chart into Python objects: a new dict ({} for an empty chart). */
PyObject *chx_chart_to_python(chx_state *st, const chartex_chart *chart);

/* Emits the table into Python objects: a new dict {name: [values]}, its
 * integers ints (the JSON's digits), its numbers floats. */
PyObject *chx_table_to_python(chx_state *st, const chartex_table *table);

#endif /* CHX_PYSINK_H */
