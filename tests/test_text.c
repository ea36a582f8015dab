/*
 * test_text.c - ISO dates of date numbers (against matplotlib's num2date),
 * units of axis labels (against e2b's regex), mathtext simplification.
 */
#include <criterion/criterion.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart/chart_tree.h"

struct date_case {
    double v, epoch;
    const char *iso;  /* NULL: no date (out of range) */
};

/* Generated with matplotlib.dates.num2date (matplotlib 3.10.9). */
static const struct date_case date_cases[] = {
    {0.0, 0.0, "1970-01-01T00:00:00"},  /* 1970-01-01T00:00:00 */
    {-1.5, 0.0, "1969-12-30T12:00:00"},  /* 1969-12-30T12:00:00 */
    {19723.50000142889, 0.0, "2024-01-01T12:00:00.123456"},  /* 2024-01-01T12:00:00.123456 */
    {11016.999988425925, 0.0, "2000-02-29T23:59:59"},  /* 2000-02-29T23:59:59 */
    {-25508.0, 0.0, "1900-03-01T00:00:00"},  /* 1900-03-01T00:00:00 */
    {-25508.75, 0.0, "1900-02-28T06:00:00"},  /* 1900-02-28T06:00:00 */
    {19782.000011574073, 0.0, "2024-02-29T00:00:01"},  /* 2024-02-29T00:00:01 */
    {-135081.0, 0.0, "1600-02-29T00:00:00"},  /* 1600-02-29T00:00:00 */
    {-329892.6041666667, 0.0, "1066-10-14T09:30:00"},  /* 1066-10-14T09:30:00 */
    {-719162.0, 0.0, "0001-01-01T00:00:00"},  /* 0001-01-01T00:00:00 */
    {2932896.999988426, 0.0, "9999-12-31T23:59:59"},  /* 9999-12-31T23:59:59 */
    {18793.33684027779, 0.0, "2021-06-15T08:05:03.000001"},  /* 2021-06-15T08:05:03.000001 */
    {-1.1574074074406894e-11, 0.0, "1969-12-31T23:59:59.999999"},  /* 1969-12-31T23:59:59.999999 */
    {10956.999994212963, 0.0, "1999-12-31T23:59:59.500000"},  /* 1999-12-31T23:59:59.500000 */
    {47482.00000000008, 0.0, "2100-01-01T00:00:00"},  /* 2100-01-01T00:00:00.000007 */
    {47482.00000000012, 0.0, "2100-01-01T00:00:00"},  /* 2100-01-01T00:00:00.000010 */
    {47482.00000000035, 0.0, "2100-01-01T00:00:00.000040"},  /* 2100-01-01T00:00:00.000030 */
    {47482.00069444439, 0.0, "2100-01-01T00:01:00"},  /* 2100-01-01T00:00:59.999995 */
    {-43644.499999998574, 0.0, "1850-07-04T12:00:00.000120"},  /* 1850-07-04T12:00:00.000123 */
    {0.1, 0.0, "1970-01-01T02:24:00"},  /* fraction of a day */
    {0.3333333333333333, 0.0, "1970-01-01T08:00:00"},  /* a third of a day */
    {-719163.0, 0.0, NULL},  /* year 0 */
    {2932897.0, 0.0, NULL},  /* year 10000 */
    {2932896.9999999, 0.0, "9999-12-31T23:59:59.991360"},  /* last moments of 9999 */
    {-0.0, 0.0, "1970-01-01T00:00:00"},  /* minus zero */
    {719163.0, 719163.0, "1970-01-01T00:00:00"},  /* old epoch 1970-01-01T00:00:00 */
    {738955.6566001157, 719163.0, "2024-03-10T15:45:30.250000"},  /* old epoch 2024-03-10T15:45:30.250000 */
    {1.000000000011574, 719163.0, "0001-01-01T00:00:00.000001"},  /* old epoch 0001-01-01T00:00:00.000001 */
    {577736.0, 719163.0, "1582-10-15T00:00:00"},  /* old epoch 1582-10-15T00:00:00 */
    {0.0, 719163.0, NULL},  /* old epoch: 0000-12-31 is out of range */
};

Test(test_text, dates_like_num2date)
{
    char buf[CHARTEX__DATE_BUFSIZE];
    size_t i, n;

    for (i = 0; i < sizeof date_cases / sizeof date_cases[0]; i++) {
        memset(buf, 'x', sizeof buf);
        n = chartex__format_date(date_cases[i].v, date_cases[i].epoch, buf);
        if (date_cases[i].iso == NULL) {
            cr_assert_eq(n, 0, "%.17g gave %s", date_cases[i].v, buf);
            continue;
        }
        cr_assert_eq(n, strlen(date_cases[i].iso), "%.17g", date_cases[i].v);
        cr_assert_str_eq(buf, date_cases[i].iso, "%.17g", date_cases[i].v);
    }
}

Test(test_text, dates_not_finite)
{
    char buf[CHARTEX__DATE_BUFSIZE];

    cr_assert_eq(chartex__format_date(NAN, 0.0, buf), 0);
    cr_assert_eq(chartex__format_date(INFINITY, 0.0, buf), 0);
    cr_assert_eq(chartex__format_date(-INFINITY, 0.0, buf), 0);
    cr_assert_eq(chartex__format_date(0.0, NAN, buf), 0);
    cr_assert_eq(chartex__format_date(1e300, 0.0, buf), 0);
    cr_assert_eq(chartex__format_date(-1e300, 0.0, buf), 0);
}

/* Every day from 0001-01-01 to 9999-12-31 (at noon) against a calendar
 * counted day by day: leap years, month lengths, negative day numbers. */
Test(test_text, dates_every_day)
{
    static const int month_days[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
    char buf[CHARTEX__DATE_BUFSIZE], want[CHARTEX__DATE_BUFSIZE];
    int y = 1, m = 1, d = 1;
    double day = -719162.0;

    while (y <= 9999) {
        int leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
        int len = month_days[m - 1] + (m == 2 && leap);

        /* Plain checks: a Criterion assertion per day would dominate. */
        if (chartex__format_date(day + 0.5, 0.0, buf) != 19
            || atoi(buf) != y || atoi(buf + 5) != m || atoi(buf + 8) != d
            || strcmp(buf + 10, "T12:00:00") != 0) {
            snprintf(want, sizeof want, "%04d-%02d-%02dT12:00:00", y, m, d);
            cr_assert_fail("day %.1f: got %s, want %s", day, buf, want);
        }
        day += 1.0;
        if (++d > len) {
            d = 1;
            if (++m > 12) {
                m = 1;
                y++;
            }
        }
    }
    cr_assert_eq(day, 2932897.0);
}

struct unit_case {
    const char *label;
    const char *unit;  /* NULL: none */
};

/* Generated with Python: re.search(r"\s\((.*?)\)|\[(.*?)\]", label), unit = group(1) or group(2) or none. */
static const struct unit_case unit_cases[] = {
    {"t (s)", "s"},
    {"x [m]", "m"},
    {"Temp (\xc2\xb0""C) [K]", "\xc2\xb0""C"},
    {"a(b)", NULL},
    {"()", NULL},
    {"x ()", NULL},
    {"x []", NULL},
    {"x [] [K]", NULL},
    {"[K] and (s)", "K"},
    {"x\xc2\xa0(s)", "s"},
    {"x\xe2\x80\x89(ms)", "ms"},
    {"x\xe3\x80\x80(ms)", "ms"},
    {"x\n(s)", "s"},
    {"x\x1c(s)", "s"},
    {"x (a\nb)", NULL},
    {"x (a\nb) [c]", "c"},
    {"x (s) (ms)", "s"},
    {"x (s))", "s"},
    {"x [a(b]", "a(b"},
    {"", NULL},
    {"plain", NULL},
    {"x ((s))", "(s"},
    {"energy (J/m\xc2\xb2)", "J/m\xc2\xb2"},
    {"speed\x09(m/s)", "m/s"},
    {"x (", NULL},
    {"[", NULL},
    {"x [m", NULL},
    {"(s) only", NULL},
    {" (s)", "s"},
    {"x\xe2\x80\x8b(s)", NULL},
    {"x\xc2\xa0[m]", "m"},
    {"x (a [b] c)", "a [b] c"},
    {"Wert [\xe2\x82\xac/kWh]", "\xe2\x82\xac/kWh"},
    {"y (a\x0d""b)", "a\x0d""b"},
    {"x\xc2\x85(s)", "s"},
    {"x\xe2\x80\xa8(s)", "s"},
};

Test(test_text, units_like_e2b)
{
    size_t i;

    for (i = 0; i < sizeof unit_cases / sizeof unit_cases[0]; i++) {
        size_t start = 999, len = 999;
        int found = chartex__label_unit(unit_cases[i].label, &start, &len);

        if (unit_cases[i].unit == NULL) {
            cr_assert_eq(found, 0, "label %zu", i);
            continue;
        }
        cr_assert_eq(found, 1, "label %zu", i);
        cr_assert_eq(len, strlen(unit_cases[i].unit), "label %zu", i);
        cr_assert(memcmp(unit_cases[i].label + start, unit_cases[i].unit, len) == 0,
                  "label %zu", i);
    }
    cr_assert_eq(chartex__label_unit(NULL, NULL, NULL), 0);
}

static const struct {
    const char *in, *out;
} math_cases[] = {
    { "$\\mathdefault{10^{2}}$", "10^2" },
    { "$\\mathdefault{10^{-2}}$", "10^-2" },
    { "$\\mathdefault{10^{\\minus2}}$", "10^\xe2\x88\x92" "2" },
    { "$\\mathdefault{2\\times10^{3}}$", "2\xc3\x97" "10^3" },
    { "$a \\cdot b$", "a \xc2\xb7 b" },
    { "$\\alpha$ (rad)", "alpha (rad)" },
    { "A $\\beta$ B $\\gamma$", "A beta B gamma" },
    { "$x_{i}$", "x_i" },
    { "$\\mathrm{m}/\\mathrm{s}^{2}$", "m/s^2" },
    { "$\\left(x\\right)$", "(x)" },
    { "$\\{a\\}$ and $\\%$", "{a} and %" },
    { "$10\\,\\mathrm{m}$", "10 m" },
    { "$\\$5$", "$5" },
    { "$$", "" },
    { "Temp (\xc2\xb0" "C) $\\times$ 2", "Temp (\xc2\xb0" "C) \xc3\x97 2" },
    /* Not mathtext: unchanged, except that "\$" reads as "$". */
    { "plain text {x} \\alpha", "plain text {x} \\alpha" },
    { "costs $5", "costs $5" },
    { "Price \\$5", "Price $5" },
    { "$a$ b $", "$a$ b $" },
    { "\\$x\\$", "$x$" },
    /* Mathtext with escaped dollars outside the math. */
    { "$x$ and \\$5", "x and $5" },
    { "", "" },
};

Test(test_text, mathtext_simplified)
{
    size_t i;

    for (i = 0; i < sizeof math_cases / sizeof math_cases[0]; i++) {
        chartex__buf b = {0};

        cr_assert_eq(chartex__simplify_text(&b, math_cases[i].in,
                                            strlen(math_cases[i].in)), 0);
        cr_assert_not_null(b.data);
        cr_assert_eq(b.len, strlen(math_cases[i].out), "case %zu: %s", i, b.data);
        cr_assert_str_eq(b.data, math_cases[i].out, "case %zu", i);
        chartex__buf_free(&b);
    }
}

/* Appends after what the buffer holds; a failed buffer reports -1. */
Test(test_text, simplify_appends_and_fails_cleanly)
{
    chartex__buf b = {0};

    cr_assert_eq(chartex__buf_append(&b, "> ", 2), 0);
    cr_assert_eq(chartex__simplify_text(&b, "$10^{3}$", 8), 0);
    cr_assert_str_eq(b.data, "> 10^3");
    b.failed = 1;
    cr_assert_eq(chartex__simplify_text(&b, "$x$", 3), -1);
    cr_assert_eq(chartex__simplify_text(&b, "x", 1), -1);
    chartex__buf_free(&b);
}

/* Only len bytes are read: a label with an embedded NUL or no NUL. */
Test(test_text, simplify_respects_length)
{
    chartex__buf b = {0};

    cr_assert_eq(chartex__simplify_text(&b, "$a$$b$", 3), 0);
    cr_assert_str_eq(b.data, "a");
    chartex__buf_free(&b);
}
