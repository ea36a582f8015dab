/*
 * util.c - the services every room of the core uses: errors, allocation
 * (with the allocation-failure switch of the test build), the growable
 * byte buffer, and the library's version.
 *
 * Ownership: what chartex__malloc and friends hand out is freed with
 * chartex__free; what the library hands its caller (JSON text) with
 * chartex_free.  A buffer owns its data until chartex__buf_free.
 */
#include "base/base.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int
chartex__error(chartex_error *err, chartex_error_code code, const char *fmt, ...)
{
    va_list ap;

    if (err == NULL)
        return -1;
    err->code = code;
    va_start(ap, fmt);
    vsnprintf(err->text, sizeof err->text, fmt, ap);
    va_end(ap);
    return -1;
}

/* ------------------------------------------------------------------ memory */

#ifdef CHARTEX__ALLOC_FAILURE_TESTING
/* Test builds only (tests/test_alloc.c): the chartex__alloc_fail_at-th
 * allocation (1-based, counting from the last reset of chartex__alloc_count)
 * fails; 0 fails none.  chartex__alloc_live counts the blocks handed out and
 * not yet freed, so a test can check that a failed call leaked nothing.  Not
 * thread-safe, like the tests that use it. */
long chartex__alloc_count = 0;
long chartex__alloc_fail_at = 0;
long chartex__alloc_live = 0;

static int
fail_now(void)
{
    chartex__alloc_count++;
    return chartex__alloc_fail_at > 0 && chartex__alloc_count == chartex__alloc_fail_at;
}

static void *
count_new(void *p)
{
    if (p != NULL)
        chartex__alloc_live++;
    return p;
}

static void
count_free(void *p)
{
    if (p != NULL)
        chartex__alloc_live--;
}
#else
#define fail_now() 0
#define count_new(p) (p)
#define count_free(p) ((void)0)
#endif

void *
chartex__malloc(size_t n)
{
    if (fail_now())
        return NULL;
    return count_new(malloc(n ? n : 1));
}

void *
chartex__calloc(size_t count, size_t size)
{
    if (fail_now())
        return NULL;
    if (count == 0 || size == 0)
        return count_new(calloc(1, 1));
    return count_new(calloc(count, size));
}

void *
chartex__realloc(void *p, size_t n)
{
    void *q;

    if (fail_now())
        return NULL;
    q = realloc(p, n ? n : 1);
    /* Only growing from nothing makes a new block. */
    return p == NULL ? count_new(q) : q;
}

void
chartex__free(void *p)
{
    count_free(p);
    free(p);
}

void
chartex__sort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *))
{
    if (n > 1)
        qsort(base, n, size, cmp);
}

/* What the library hands out (JSON text) comes from chartex__malloc. */
void
chartex_free(void *p)
{
    count_free(p);
    free(p);
}

char *
chartex__strndup(const char *s, size_t len)
{
    char *copy;

    if (len == SIZE_MAX)
        return NULL;
    copy = chartex__malloc(len + 1);
    if (copy == NULL)
        return NULL;
    if (len)
        memcpy(copy, s, len);
    copy[len] = '\0';
    return copy;
}

size_t
chartex__mul(size_t count, size_t size, int *overflow)
{
    if (size != 0 && count > SIZE_MAX / size) {
        *overflow = 1;
        return 0;
    }
    return count * size;
}

double *
chartex__dupd(const double *v, size_t count)
{
    int overflow = 0;
    size_t bytes = chartex__mul(count, sizeof(double), &overflow);
    double *copy;

    if (overflow)
        return NULL;
    copy = chartex__malloc(bytes ? bytes : sizeof(double));
    if (copy == NULL)
        return NULL;
    if (bytes)
        memcpy(copy, v, bytes);
    return copy;
}

/* ------------------------------------------------------------------ buffer */

int
chartex__buf_reserve(chartex__buf *b, size_t extra)
{
    size_t need, cap;
    char *data;

    if (b->failed)
        return -1;
    if (extra > SIZE_MAX - b->len - 1)
        goto fail;
    need = b->len + extra + 1;
    if (need <= b->cap)
        return 0;
    cap = b->cap ? b->cap : 256;
    while (cap < need)
        cap = cap > SIZE_MAX / 2 ? need : cap * 2;
    data = chartex__realloc(b->data, cap);
    if (data == NULL)
        goto fail;
    b->data = data;
    b->cap = cap;
    return 0;
fail:
    b->failed = 1;
    return -1;
}

int
chartex__buf_append(chartex__buf *b, const char *s, size_t len)
{
    if (chartex__buf_reserve(b, len) < 0)
        return -1;
    if (len)
        memcpy(b->data + b->len, s, len);
    b->len += len;
    b->data[b->len] = '\0';
    return 0;
}

int
chartex__buf_putc(chartex__buf *b, char c)
{
    if (chartex__buf_reserve(b, 1) < 0)
        return -1;
    b->data[b->len++] = c;
    b->data[b->len] = '\0';
    return 0;
}

void
chartex__buf_free(chartex__buf *b)
{
    chartex__free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
    b->failed = 0;
}

/* ----------------------------------------------------------------- version */

const char *
chartex_version(void)
{
    return CHARTEX_VERSION;
}
