/*
 * frames.h - what the table reader's files share (prefix tbl_).  The
 * table reader turns a pandas DataFrame or Series, or a polars DataFrame
 * or Series, into a chartex_table: chartex._tables.frames (Python, per column)
 * says which columns there are, their names and kinds; read_frame.c reads each
 * column's arrays through the NumPy C API into the core's table;
 * objects.c reads the values of object columns one by one, as hostile
 * values.  Its entry point is declared in readers.h.
 */
#ifndef TBL_FRAMES_H
#define TBL_FRAMES_H

#include "state.h"

/* objects.c: sets the value at row of col from obj, a value of an object
 * column (anything).  0, or -1 with an exception set (MemoryError, a
 * KeyboardInterrupt met in a value's __str__, or a core error). */
int tbl_set_object(chx_state *st, chartex_column *col, size_t row, PyObject *obj);

/* objects.c: the UTF-8 of str (lone surrogates become U+FFFD; NUL stays):
 * *s valid while *keep (a new reference or NULL) and str live. */
int tbl_utf8(PyObject *str, const char **s, size_t *len, PyObject **keep);

#endif /* TBL_FRAMES_H */
