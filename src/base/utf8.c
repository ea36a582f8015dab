/*
 * utf8.c - UTF-8 checking, shared by the scene reader (which refuses text
 * that is not UTF-8) and the JSON writer (which replaces what is not, as
 * Python's decoder does).
 *
 * Strict UTF-8 as the Unicode standard defines it: overlong forms, UTF-16
 * surrogates and code points above U+10FFFF are invalid.  Nothing here
 * allocates or keeps a pointer.
 */
#include "base/base.h"

long
chartex__utf8_sequence(const unsigned char *s, size_t avail)
{
    unsigned char lead = s[0], lo = 0x80, hi = 0xbf;
    size_t need, i;

    if (lead >= 0xc2 && lead <= 0xdf)
        need = 1;
    else if (lead >= 0xe0 && lead <= 0xef)
        need = 2;
    else if (lead >= 0xf0 && lead <= 0xf4)
        need = 3;
    else
        return -1;
    /* The second byte's range excludes overlong forms, UTF-16 surrogates
     * and code points above U+10FFFF. */
    if (lead == 0xe0)
        lo = 0xa0;
    else if (lead == 0xed)
        hi = 0x9f;
    else if (lead == 0xf0)
        lo = 0x90;
    else if (lead == 0xf4)
        hi = 0x8f;
    for (i = 1; i <= need; i++) {
        if (i >= avail || s[i] < lo || s[i] > hi)
            return -(long)i;
        lo = 0x80;
        hi = 0xbf;
    }
    return (long)need + 1;
}

size_t
chartex__utf8_check(const char *str, size_t len)
{
    const unsigned char *s = (const unsigned char *)str;
    size_t i = 0;
    long n;

    while (i < len) {
        if (s[i] < 0x80) {
            i++;
            continue;
        }
        n = chartex__utf8_sequence(s + i, len - i);
        if (n < 0)
            return i;
        i += (size_t)n;
    }
    return len;
}

size_t
chartex__utf8_prefix(const char *s, size_t len, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0, count = 0;

    while (i < len && count < n) {
        if (u[i] < 0x80) {
            i++;
        } else {
            long k = chartex__utf8_sequence(u + i, len - i);
            i += (size_t)(k > 0 ? k : -k);
        }
        count++;
    }
    return i;
}
