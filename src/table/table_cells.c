/*
 * table_cells.c - one value of a table as a reader sees it: a number, an
 * integer, a boolean, a string (cut at the budget's length), [re, im],
 * null; the ISO 8601 text of instants and durations held as int64 counts
 * (any year: not through the C library's time functions); and the length
 * of a value's JSON text, for the budget.
 */
#include "table/table.h"

#include <math.h>
#include <string.h>

/* ------------------------------------------------------------------ times */

static const int64_t per_second[] = {
    /* DAY */ 0, /* S */ 1, /* MS */ 1000, /* US */ 1000000, /* NS */ 1000000000
};

/* Floor division and its remainder in [0, d). */
static void
floor_divmod(int64_t v, int64_t d, int64_t *q, int64_t *r)
{
    *q = v / d;
    *r = v % d;
    if (*r < 0) {
        *r += d;
        *q -= 1;
    }
}

/* Splits v (in unit) into days since the epoch and nanoseconds of that
 * day, [0, 86400e9). */
static void
split_days(int64_t v, chartex_time_unit unit, int64_t *days, int64_t *ns)
{
    int64_t ps, rem;

    if (unit == CHARTEX_TIME_DAY) {
        *days = v;
        *ns = 0;
        return;
    }
    ps = per_second[unit];
    floor_divmod(v, 86400 * ps, days, &rem);
    /* rem < 86400 * ps: in nanoseconds it fits (8.64e13 at most). */
    *ns = rem * (1000000000 / ps);
}

/* Howard Hinnant's civil_from_days, in 64 bits (|z| below 2^60). */
static void
civil(int64_t z, int64_t *y, unsigned *m, unsigned *d)
{
    int64_t era, doe, yoe, doy, mp;

    z += 719468;
    era = (z >= 0 ? z : z - 146096) / 146097;
    doe = z - era * 146097;
    yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    *y = yoe + era * 400;
    doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    mp = (5 * doy + 2) / 153;
    *d = (unsigned)(doy - (153 * mp + 2) / 5 + 1);
    *m = (unsigned)(mp < 10 ? mp + 3 : mp - 9);
    if (*m <= 2)
        *y += 1;
}

/* Writes n digits of v (zero-padded) at p; returns p past them. */
static char *
digits(char *p, uint64_t v, int n)
{
    int i;

    for (i = n - 1; i >= 0; i--) {
        p[i] = (char)('0' + v % 10);
        v /= 10;
    }
    return p + n;
}

/* v in decimal, at least min_digits. */
static char *
decimal(char *p, uint64_t v, int min_digits)
{
    char tmp[24];
    int n = 0;

    do {
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v != 0);
    while (n < min_digits)
        tmp[n++] = '0';
    while (n > 0)
        *p++ = tmp[--n];
    return p;
}

static uint64_t
magnitude(int64_t v)
{
    return v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
}

size_t
chartex__format_instant(int64_t v, chartex_time_unit unit, int has_offset,
                        int32_t offset, char *buf)
{
    int64_t days, ns, y, sod;
    unsigned m, d;
    char *p = buf;

    split_days(v, unit, &days, &ns);
    /* Only a count of days can go this far (2^58 days): no date. */
    if (days > (INT64_C(1) << 58) || days < -(INT64_C(1) << 58))
        return 0;
    if (has_offset && unit != CHARTEX_TIME_DAY) {
        /* Local time: the offset moves the time of day, maybe the day. */
        ns += (int64_t)offset * 1000000000;
        if (ns < 0) {
            ns += 86400 * INT64_C(1000000000);
            days -= 1;
        } else if (ns >= 86400 * INT64_C(1000000000)) {
            ns -= 86400 * INT64_C(1000000000);
            days += 1;
        }
    }
    civil(days, &y, &m, &d);
    /* Years 0 to 9999 in four digits, as Python writes them; others as
     * NumPy does (a sign for years before 0, more digits after 9999). */
    if (y < 0)
        *p++ = '-';
    p = decimal(p, magnitude(y), 4);
    *p++ = '-';
    p = digits(p, m, 2);
    *p++ = '-';
    p = digits(p, d, 2);
    if (unit == CHARTEX_TIME_DAY)
        return (size_t)(p - buf);
    sod = ns / 1000000000;
    ns %= 1000000000;
    *p++ = 'T';
    p = digits(p, (uint64_t)(sod / 3600), 2);
    *p++ = ':';
    p = digits(p, (uint64_t)(sod / 60 % 60), 2);
    *p++ = ':';
    p = digits(p, (uint64_t)(sod % 60), 2);
    /* As pandas' Timestamp.isoformat(): microseconds when there are any,
     * nanoseconds when those are not whole microseconds. */
    if (ns != 0) {
        *p++ = '.';
        p = ns % 1000 != 0 ? digits(p, (uint64_t)ns, 9) : digits(p, (uint64_t)(ns / 1000), 6);
    }
    if (has_offset) {
        uint64_t a = magnitude(offset);

        *p++ = offset < 0 ? '-' : '+';
        p = digits(p, a / 3600, 2);
        *p++ = ':';
        p = digits(p, a / 60 % 60, 2);
        if (a % 60 != 0) {
            *p++ = ':';
            p = digits(p, a % 60, 2);
        }
    }
    return (size_t)(p - buf);
}

size_t
chartex__format_duration(int64_t v, chartex_time_unit unit, char *buf)
{
    int64_t days, ns, sec;
    char *p = buf;
    int n;

    /* pandas' components: whole days (floor), then the non-negative rest. */
    split_days(v, unit, &days, &ns);
    sec = ns / 1000000000;
    ns %= 1000000000;
    *p++ = 'P';
    if (days < 0)
        *p++ = '-';
    p = decimal(p, magnitude(days), 1);
    *p++ = 'D';
    *p++ = 'T';
    p = decimal(p, (uint64_t)(sec / 3600), 1);
    *p++ = 'H';
    p = decimal(p, (uint64_t)(sec / 60 % 60), 1);
    *p++ = 'M';
    p = decimal(p, (uint64_t)(sec % 60), 1);
    if (ns != 0) {
        /* Nine digits, trailing zeros trimmed. */
        *p++ = '.';
        for (n = 9; ns % 10 == 0; n--)
            ns /= 10;
        p = digits(p, (uint64_t)ns, n);
    }
    *p++ = 'S';
    return (size_t)(p - buf);
}

/* ------------------------------------------------------------------ values */

static void
string_value(const char *s, size_t len, size_t max_string, chartex__value *v)
{
    v->kind = CHARTEX__V_STRING;
    v->s = s;
    v->len = len;
    v->cut = 0;
    /* Fewer bytes than code points allowed: nothing to cut. */
    if (max_string > 0 && len > max_string) {
        size_t keep = chartex__utf8_prefix(s, len, max_string);

        if (keep < len) {
            v->len = keep;
            v->cut = 1;
        }
    }
}

static int
is_null_row(const struct chartex_column *c, size_t row)
{
    return c->nulls != NULL && c->nulls[row] != 0;
}

void
chartex__table_value(const struct chartex_column *c, size_t row, size_t max_string,
                     char *buf, chartex__value *v)
{
    const chartex__tcell *cell;
    int64_t x;

    v->kind = CHARTEX__V_NULL;
    switch (c->kind) {
    case CHARTEX__COL_NULLS:
        return;
    case CHARTEX__COL_DOUBLE:
        if (isfinite(c->d[row])) {
            v->kind = CHARTEX__V_NUMBER;
            v->d = c->d[row];
        }
        return;
    case CHARTEX__COL_INT64:
        if (is_null_row(c, row))
            return;
        v->kind = CHARTEX__V_INTEGER;
        v->neg = c->i[row] < 0;
        v->mag = magnitude(c->i[row]);
        return;
    case CHARTEX__COL_UINT64:
        if (is_null_row(c, row))
            return;
        v->kind = CHARTEX__V_INTEGER;
        v->neg = 0;
        v->mag = c->u[row];
        return;
    case CHARTEX__COL_BOOL:
        if (is_null_row(c, row))
            return;
        v->kind = CHARTEX__V_BOOL;
        v->b = c->b[row] != 0;
        return;
    case CHARTEX__COL_DATETIME:
    case CHARTEX__COL_TIMEDELTA:
        x = c->i[row];
        if (x == INT64_MIN)
            return;
        v->s = buf;
        v->cut = 0;
        v->len = c->kind == CHARTEX__COL_TIMEDELTA
                     ? chartex__format_duration(x, c->unit, buf)
                     : chartex__format_instant(x, c->unit, c->offsets != NULL,
                                               c->offsets ? c->offsets[row] : 0, buf);
        if (v->len > 0)
            v->kind = CHARTEX__V_STRING;
        return;
    case CHARTEX__COL_COMPLEX:
        if (isnan(c->d[2 * row]) || isnan(c->d[2 * row + 1]))
            return;
        v->kind = CHARTEX__V_COMPLEX;
        v->c[0] = c->d[2 * row];
        v->c[1] = c->d[2 * row + 1];
        return;
    case CHARTEX__COL_MIXED:
        break;
    }
    cell = &c->cells[row];
    switch ((chartex__cell_tag)cell->tag) {
    case CHARTEX__CELL_NULL:
        return;
    case CHARTEX__CELL_DOUBLE:
        if (isfinite(cell->u.d)) {
            v->kind = CHARTEX__V_NUMBER;
            v->d = cell->u.d;
        }
        return;
    case CHARTEX__CELL_INTEGER:
        v->kind = CHARTEX__V_INTEGER;
        v->neg = cell->neg;
        v->mag = cell->u.mag;
        return;
    case CHARTEX__CELL_BOOL:
        v->kind = CHARTEX__V_BOOL;
        v->b = cell->u.b;
        return;
    case CHARTEX__CELL_STRING:
        /* A string set with no bytes left the column's text unmade. */
        string_value(cell->u.s.len ? c->text.data + cell->u.s.off : "", cell->u.s.len,
                     max_string, v);
        return;
    case CHARTEX__CELL_COMPLEX:
        if (isnan(cell->u.c[0]) || isnan(cell->u.c[1]))
            return;
        v->kind = CHARTEX__V_COMPLEX;
        v->c[0] = cell->u.c[0];
        v->c[1] = cell->u.c[1];
        return;
    }
}

static size_t
number_size(double d)
{
    char tmp[CHARTEX_DOUBLE_BUFSIZE];

    return chartex_format_double(d, tmp);   /* "null" when not finite */
}

size_t
chartex__value_json_size(const chartex__value *v)
{
    size_t n;
    uint64_t m;

    switch (v->kind) {
    case CHARTEX__V_NULL:
        return 4;
    case CHARTEX__V_NUMBER:
        return number_size(v->d);
    case CHARTEX__V_INTEGER:
        for (n = 1, m = v->mag; m >= 10; m /= 10)
            n++;
        return n + (v->neg ? 1 : 0);
    case CHARTEX__V_BOOL:
        return v->b ? 4 : 5;
    case CHARTEX__V_STRING:
        /* The cut's U+2026 is three bytes, never escaped. */
        return chartex__json_string_size(v->s, v->len) + (v->cut ? 3 : 0);
    case CHARTEX__V_COMPLEX:
        return 3 + number_size(v->c[0]) + number_size(v->c[1]);
    }
    return 4;
}
