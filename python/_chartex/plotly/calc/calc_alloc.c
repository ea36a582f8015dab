/*
 * calc_alloc.c - the one way the Plotly wing allocates arrays: a count of
 * members of a size, checked for overflow, never a null array for none.
 *
 * plotly.js's arrays may be empty (a trace of no samples, a hierarchy of no
 * node) and the ports keep their loops over them; a request for no member
 * gives one, so that NULL always means "out of memory" and no caller needs
 * its own zero-size guard.  The memory is malloc's: what these return, and
 * what calc.h's functions hand the reader, is freed with free().
 */
#include "calc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* count * size in bytes, at least size; 0 when it does not fit. */
static size_t
bytes_of(size_t count, size_t size)
{
    if (size == 0)
        size = 1;
    if (count == 0)
        count = 1;
    if (count > SIZE_MAX / size)
        return 0;
    return count * size;
}

void *
px_calc_alloc(size_t count, size_t size)
{
    size_t n = bytes_of(count, size);

    return n == 0 ? NULL : malloc(n);
}

void *
px_calc_zalloc(size_t count, size_t size)
{
    size_t n = bytes_of(count, size);

    return n == 0 ? NULL : calloc(1, n);
}

void *
px_calc_grow(void *p, size_t count, size_t size)
{
    size_t n = bytes_of(count, size);

    return n == 0 ? NULL : realloc(p, n);
}
