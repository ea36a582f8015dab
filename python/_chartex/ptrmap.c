/*
 * ptrmap.c - open addressing with linear probing, keyed by address; see
 * ptrmap.h.  No Python API is used: the walker calls it with or without
 * the GIL alike, and raises MemoryError itself when a put fails.
 */
#include "ptrmap.h"

#include <stdint.h>
#include <stdlib.h>

/* Objects are 16-byte aligned and often allocated in sequence: a
 * multiplicative hash spreads their addresses over the table. */
static size_t
slot_of(const void *key, size_t cap)
{
    uint64_t h = (uint64_t)(uintptr_t)key * UINT64_C(0x9e3779b97f4a7c15);

    return (size_t)(h >> 32) & (cap - 1);
}

void
chx_ptrmap_clear(chx_ptrmap *m)
{
    free(m->slots);
    m->slots = NULL;
    m->cap = m->used = 0;
}

chx_ptrentry *
chx_ptrmap_get(const chx_ptrmap *m, const void *key)
{
    size_t i;

    if (m->cap == 0 || key == NULL)
        return NULL;
    for (i = slot_of(key, m->cap);; i = (i + 1) & (m->cap - 1)) {
        if (m->slots[i].key == key)
            return &m->slots[i];
        if (m->slots[i].key == NULL)
            return NULL;
    }
}

/* Doubles the table (at most half full after), moving every entry. */
static int
grow(chx_ptrmap *m)
{
    size_t cap = m->cap ? m->cap * 2 : 64, i, j;
    chx_ptrentry *slots;

    if (cap > SIZE_MAX / 2 / sizeof *slots)
        return -1;
    slots = calloc(cap, sizeof *slots);
    if (slots == NULL)
        return -1;
    for (i = 0; i < m->cap; i++) {
        if (m->slots[i].key == NULL)
            continue;
        for (j = slot_of(m->slots[i].key, cap); slots[j].key != NULL; j = (j + 1) & (cap - 1))
            ;
        slots[j] = m->slots[i];
    }
    free(m->slots);
    m->slots = slots;
    m->cap = cap;
    return 0;
}

chx_ptrentry *
chx_ptrmap_put(chx_ptrmap *m, const void *key, int *added)
{
    chx_ptrentry *e = chx_ptrmap_get(m, key);
    size_t i;

    if (added != NULL)
        *added = 0;
    if (e != NULL || key == NULL)
        return e;
    /* At most half full: probes stay short. */
    if ((m->used + 1) * 2 > m->cap && grow(m) < 0)
        return NULL;
    for (i = slot_of(key, m->cap); m->slots[i].key != NULL; i = (i + 1) & (m->cap - 1))
        ;
    m->slots[i].key = key;
    m->slots[i].value = NULL;
    m->slots[i].bits = 0;
    m->used++;
    if (added != NULL)
        *added = 1;
    return &m->slots[i];
}
