/*
 * ptrmap.h - a map from object addresses to a small record, for the walker.
 *
 * The walker remembers which artists and containers it has met (by
 * identity, never by ==, which a hostile artist could define).  Keying
 * Python dicts and sets by id() made a new int for every question and was
 * a tenth of the walk of a 1000-bar chart; this map keeps the addresses
 * themselves.  It does not own or touch the objects: the caller keeps them
 * alive while their addresses are in the map.
 */
#ifndef CHX_PTRMAP_H
#define CHX_PTRMAP_H

#include <stddef.h>

typedef struct chx_ptrentry {
    const void *key;            /* NULL: a free slot */
    void *value;                /* the caller's, initially NULL */
    long bits;                  /* the caller's, initially 0 */
} chx_ptrentry;

typedef struct chx_ptrmap {
    chx_ptrentry *slots;
    size_t cap;                 /* 0 or a power of two */
    size_t used;
} chx_ptrmap;

/* An empty map is all zeros: {NULL, 0, 0}. */
void chx_ptrmap_clear(chx_ptrmap *m);

/* The entry of key, or NULL. */
chx_ptrentry *chx_ptrmap_get(const chx_ptrmap *m, const void *key);

/* The entry of key, added (value NULL, bits 0) when absent; *added says
 * which (may be NULL).  NULL when memory ran out (no exception is set).
 * A pointer returned stays valid until the next chx_ptrmap_put. */
chx_ptrentry *chx_ptrmap_put(chx_ptrmap *m, const void *key, int *added);

#endif
