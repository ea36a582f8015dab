/*
 * pystr.c - the UTF-8 of a Python str for the readers, lone surrogates (and,
 * when asked, NUL) replaced by U+FFFD.  It calls no other room.
 */
#include "pystr.h"

PyObject *
chx_utf8_replacing(PyObject *str, unsigned flags)
{
    Py_ssize_t i, n;
    size_t size = 0;
    int kind;
    const void *data;
    PyObject *bytes;
    unsigned char *out;
    Py_UCS4 c;

#if PY_VERSION_HEX < 0x030C0000
    if (PyUnicode_READY(str) < 0)
        return NULL;
#endif
    n = PyUnicode_GET_LENGTH(str);
    kind = PyUnicode_KIND(str);
    data = PyUnicode_DATA(str);
    for (i = 0; i < n; i++) {
        c = PyUnicode_READ(kind, data, i);
        if ((c >= 0xD800 && c <= 0xDFFF) || (c == 0 && (flags & CHX_TEXT_NO_NUL)))
            c = 0xFFFD;
        size += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
    }
    if (size > PY_SSIZE_T_MAX)
        return PyErr_NoMemory();
    bytes = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)size);
    if (bytes == NULL)
        return NULL;
    out = (unsigned char *)PyBytes_AS_STRING(bytes);
    for (i = 0; i < n; i++) {
        c = PyUnicode_READ(kind, data, i);
        if ((c >= 0xD800 && c <= 0xDFFF) || (c == 0 && (flags & CHX_TEXT_NO_NUL)))
            c = 0xFFFD;
        if (c < 0x80) {
            *out++ = (unsigned char)c;
        } else if (c < 0x800) {
            *out++ = (unsigned char)(0xC0 | (c >> 6));
            *out++ = (unsigned char)(0x80 | (c & 0x3F));
        } else if (c < 0x10000) {
            *out++ = (unsigned char)(0xE0 | (c >> 12));
            *out++ = (unsigned char)(0x80 | ((c >> 6) & 0x3F));
            *out++ = (unsigned char)(0x80 | (c & 0x3F));
        } else {
            *out++ = (unsigned char)(0xF0 | (c >> 18));
            *out++ = (unsigned char)(0x80 | ((c >> 12) & 0x3F));
            *out++ = (unsigned char)(0x80 | ((c >> 6) & 0x3F));
            *out++ = (unsigned char)(0x80 | (c & 0x3F));
        }
    }
    return bytes;
}
