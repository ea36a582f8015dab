/*
 * readable.c - the texts a reader sees: ISO dates of date numbers, units of
 * axis labels, mathtext simplified to plain text.
 *
 * Dates are written into the caller's buffer (CHARTEX__DATE_BUFSIZE bytes),
 * simplified text is appended to the caller's chartex__buf; nothing else is
 * kept.
 */
#include "chart/chart_tree.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

/* ------------------------------------------------------------------ dates */

#define US_PER_DAY 86400000000.0
#define US_PER_SECOND INT64_C(1000000)
/* Unix seconds of 0001-01-01T00:00:00 and 10000-01-01T00:00:00: the range
 * Python's datetime (and so matplotlib's num2date) accepts. */
#define MIN_UNIX_SECONDS INT64_C(-62135596800)
#define END_UNIX_SECONDS INT64_C(253402300800)

static int64_t
floor_div(int64_t a, int64_t b)
{
    int64_t q = a / b;

    if ((a % b != 0) && ((a < 0) != (b < 0)))
        q--;
    return q;
}

/* Proleptic Gregorian date of a count of days since 1970-01-01
 * (H. Hinnant's civil_from_days: 400-year eras, March-based years). */
static void
civil_from_days(int64_t z, int *year, int *month, int *day)
{
    int64_t era, doe, yoe, doy, mp, y;

    z += 719468;
    era = floor_div(z, 146097);
    doe = z - era * 146097;
    yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    y = yoe + era * 400;
    doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    mp = (5 * doy + 2) / 153;
    *day = (int)(doy - (153 * mp + 2) / 5 + 1);
    *month = (int)(mp < 10 ? mp + 3 : mp - 9);
    *year = (int)(y + (*month <= 2));
}

static char *
put_digits(char *p, long v, int width)
{
    int i;

    for (i = width - 1; i >= 0; i--) {
        p[i] = (char)('0' + v % 10);
        v /= 10;
    }
    return p + width;
}

size_t
chartex__format_date(double v, double date_epoch, char *buf)
{
    double vus, eus;
    int64_t us, secs, days, sod, frac;
    int year, month, day;
    char *p = buf;

    if (!isfinite(v) || !isfinite(date_epoch))
        return 0;
    /* As matplotlib's num2date: whole microseconds since its epoch,
     * rounded half to even (np.round).  The epoch is a whole number of
     * microseconds, so rounding it separately keeps v's own rounding. */
    vus = nearbyint(v * US_PER_DAY);
    eus = nearbyint(date_epoch * US_PER_DAY);
    if (fabs(vus) > 9e17 || fabs(eus) > 9e17)
        return 0;
    us = (int64_t)vus - (int64_t)eus;
    secs = floor_div(us, US_PER_SECOND);
    frac = us - secs * US_PER_SECOND;
    if (secs < MIN_UNIX_SECONDS || secs >= END_UNIX_SECONDS)
        return 0;
    /* num2date rounds far dates (|v| > 70 years of days) to 20 us to hide
     * float noise; a reader should see the same time matplotlib shows. */
    if (fabs(v) > 70.0 * 365.0) {
        int64_t q = frac / 20, r = frac % 20;
        if (r > 10 || (r == 10 && (q & 1)))
            q++;
        frac = q * 20;
        if (frac == US_PER_SECOND) {
            frac = 0;
            secs++;
            if (secs >= END_UNIX_SECONDS)
                return 0;
        }
    }
    days = floor_div(secs, 86400);
    sod = secs - days * 86400;
    civil_from_days(days, &year, &month, &day);

    p = put_digits(p, year, 4);
    *p++ = '-';
    p = put_digits(p, month, 2);
    *p++ = '-';
    p = put_digits(p, day, 2);
    *p++ = 'T';
    p = put_digits(p, (long)(sod / 3600), 2);
    *p++ = ':';
    p = put_digits(p, (long)(sod / 60 % 60), 2);
    *p++ = ':';
    p = put_digits(p, (long)(sod % 60), 2);
    if (frac != 0) {
        *p++ = '.';
        p = put_digits(p, (long)frac, 6);
    }
    *p = '\0';
    return (size_t)(p - buf);
}

/* ------------------------------------------------------------------ units */

/* Length of the whitespace character at s (as Python's regex \s matches
 * in a str pattern: str.isspace), or 0. */
static size_t
space_len(const unsigned char *s, const unsigned char *end)
{
    size_t avail = (size_t)(end - s);

    if ((*s >= 0x09 && *s <= 0x0d) || (*s >= 0x1c && *s <= 0x20))
        return 1;
    if (avail >= 2 && s[0] == 0xc2 && (s[1] == 0x85 || s[1] == 0xa0))
        return 2;
    if (avail >= 3) {
        unsigned c = ((unsigned)(s[0] & 0x0f) << 12)
                     | ((unsigned)(s[1] & 0x3f) << 6) | (s[2] & 0x3fu);
        if ((s[0] & 0xf0) != 0xe0 || (s[1] & 0xc0) != 0x80
            || (s[2] & 0xc0) != 0x80)
            return 0;
        if (c == 0x1680 || (c >= 0x2000 && c <= 0x200a) || c == 0x2028
            || c == 0x2029 || c == 0x202f || c == 0x205f || c == 0x3000)
            return 3;
    }
    return 0;
}

/* The first `close` after from, before any newline ('.' does not match a
 * newline in the e2b regex); NULL if none. */
static const unsigned char *
find_close(const unsigned char *from, const unsigned char *end,
           unsigned char close)
{
    const unsigned char *p;

    for (p = from; p < end; p++) {
        if (*p == close)
            return p;
        if (*p == '\n')
            return NULL;
    }
    return NULL;
}

/* E2B's rule, regex r"\s\((.*?)\)|\[(.*?)\]" searched left to right: the
 * first match decides, and an empty unit means none. */
int
chartex__label_unit(const char *label, size_t *start, size_t *len)
{
    const unsigned char *s = (const unsigned char *)label;
    const unsigned char *end, *p, *open, *close;
    size_t w;

    if (label == NULL)
        return 0;
    end = s + strlen(label);
    for (p = s; p < end; p++) {
        open = NULL;
        if (*p == '[') {
            open = p + 1;
            close = find_close(open, end, ']');
        } else if ((w = space_len(p, end)) != 0 && p + w < end
                   && p[w] == '(') {
            open = p + w + 1;
            close = find_close(open, end, ')');
        }
        if (open == NULL || close == NULL)
            continue;
        if (close == open)
            return 0;
        *start = (size_t)(open - s);
        *len = (size_t)(close - open);
        return 1;
    }
    return 0;
}

/* --------------------------------------------------------------- mathtext */

/* Commands that only choose a font or a size: the reader sees their
 * argument, not their name. */
static const char *const wrappers[] = {
    "mathdefault", "mathregular", "mathrm", "mathit", "mathbf", "mathsf",
    "mathtt", "mathcal", "mathbb", "mathfrak", "mathscr", "mathnormal",
    "mathcircled", "boldsymbol", "operatorname", "text", "textrm", "textit",
    "textbf", "textsf", "texttt", "rm", "it", "bf", "sf", "tt", "cal",
    "displaystyle", "textstyle", "scriptstyle", "left", "right", NULL
};

/* Commands drawn as a symbol a reader would not guess from the name. */
static const struct {
    const char *name;
    const char *text;
} symbols[] = {
    {"times", "\xc3\x97"},    /* U+00D7 */
    {"cdot", "\xc2\xb7"},     /* U+00B7 */
    {"minus", "\xe2\x88\x92"}, /* U+2212 */
    {"quad", " "},
    {"qquad", " "},
    {NULL, NULL}
};

static int
is_letter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int
name_is(const char *name, size_t n, const char *word)
{
    return strlen(word) == n && memcmp(name, word, n) == 0;
}

/* Appends the plain text of the inside of one $...$. */
static int
simplify_math(chartex__buf *out, const char *m, size_t n)
{
    size_t k = 0, start, i;
    int rc = 0, known;

    while (k < n && rc == 0) {
        char c = m[k];

        if (c == '{' || c == '}') {
            k++;
            continue;
        }
        if (c != '\\' || k + 1 >= n) {
            rc = chartex__buf_putc(out, c);
            k++;
            continue;
        }
        if (!is_letter(m[k + 1])) {
            /* \, \; \: and "\ " are spaces, \! a negative space; other
             * escapes (\$ \% \{ \} \_ \\) stand for the character. */
            c = m[k + 1];
            if (c == ',' || c == ';' || c == ':' || c == ' ')
                rc = chartex__buf_putc(out, ' ');
            else if (c != '!')
                rc = chartex__buf_putc(out, c);
            k += 2;
            continue;
        }
        start = ++k;
        while (k < n && is_letter(m[k]))
            k++;
        known = 0;
        for (i = 0; wrappers[i] != NULL && !known; i++)
            known = name_is(m + start, k - start, wrappers[i]);
        for (i = 0; symbols[i].name != NULL && !known; i++) {
            if (name_is(m + start, k - start, symbols[i].name)) {
                rc = chartex__buf_append(out, symbols[i].text,
                                         strlen(symbols[i].text));
                known = 1;
            }
        }
        if (!known)
            rc = chartex__buf_append(out, m + start, k - start);
    }
    return rc;
}

/* Appends s[0..n) with each "\$" read as "$", as matplotlib does outside
 * math. */
static int
append_unescaped(chartex__buf *out, const char *s, size_t n)
{
    size_t i = 0, run = 0;

    while (i < n) {
        if (s[i] == '\\' && i + 1 < n && s[i + 1] == '$') {
            if (chartex__buf_append(out, s + run, i - run) < 0)
                return -1;
            run = i + 1;
            i += 2;
        } else {
            i++;
        }
    }
    return chartex__buf_append(out, s + run, n - run);
}

/* Text is mathtext exactly when matplotlib's cbook.is_math_text says so:
 * a positive, even count of unescaped dollars.  Then, as its parser does:
 * plain runs (where "\$" is a dollar) alternate with $...$ segments (where
 * a backslash escapes the next character). */
int
chartex__simplify_text(chartex__buf *out, const char *s, size_t len)
{
    size_t i, j, dollars = 0, escaped = 0;

    for (i = 0; i < len; i++) {
        if (s[i] == '$') {
            dollars++;
            if (i > 0 && s[i - 1] == '\\')
                escaped++;
        }
    }
    if (dollars == escaped || (dollars - escaped) % 2 != 0)
        return append_unescaped(out, s, len);

    i = 0;
    while (i < len) {
        j = i;
        while (j < len && s[j] != '$')
            j += (s[j] == '\\' && j + 1 < len && s[j + 1] == '$') ? 2 : 1;
        if (append_unescaped(out, s + i, j - i) < 0)
            return -1;
        if (j >= len)
            break;
        i = j + 1;
        j = i;
        while (j < len && s[j] != '$')
            j += (s[j] == '\\' && j + 1 < len) ? 2 : 1;
        if (j >= len) {
            /* An unterminated segment (matplotlib would fail to draw it):
             * the reader gets the raw text. */
            return chartex__buf_append(out, s + i - 1, len - i + 1);
        }
        if (simplify_math(out, s + i, j - i) < 0)
            return -1;
        i = j + 1;
    }
    /* Make sure an empty result still leaves a valid (NUL-ended) buffer. */
    return chartex__buf_reserve(out, 0);
}
