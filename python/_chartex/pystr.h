/*
 * pystr.h - the UTF-8 of a Python str for the readers, whatever its code
 * points: Python's own encoder refuses lone surrogates, which strict UTF-8
 * cannot encode; these become U+FFFD here (and NUL too, for a reader whose
 * C strings cannot hold it), so the dict and the JSON text carry the same,
 * visibly altered, string.
 */
#ifndef CHX_PYSTR_H
#define CHX_PYSTR_H

#include <Python.h>

/* NUL becomes U+FFFD too (the walker's scene strings end at NUL). */
#define CHX_TEXT_NO_NUL 0x1u

/* The UTF-8 of str (a str) with lone surrogates, and NUL under
 * CHX_TEXT_NO_NUL, replaced by U+FFFD: a new bytes object, or NULL with an
 * exception set. */
PyObject *chx_utf8_replacing(PyObject *str, unsigned flags);

#endif
