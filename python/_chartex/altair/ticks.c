/*
 * ticks.c - the ticks Vega draws on a continuous axis, for the Altair
 * reader, computed as Vega 6.2 (vl-convert's engine, which the tests run
 * beside) computes them: vega-encode's Scale and AxisTicks, vega-scale's
 * ticks.js, vega-format's formatSpan, d3-array's ticks, d3-scale's nice,
 * d3-format 3.1.0's format.  Later releases differ at two edges: Vega 6.4
 * lowers a count until the step is at least tickMinStep, and d3-format
 * 3.1.2 writes a one-value domain's labels with 6 decimals.
 *
 *   - the scale's domain: its literal two numbers or its data extent, with
 *     0 when "zero" (by default on linear, pow and sqrt scales), then
 *     "domainMin" / "domainMax", then made nice ("nice": true, or a count);
 *   - the count: the axis's "tickCount" (10 when none, or the number of
 *     its "values"), lowered by "tickMinStep";
 *   - the values: the axis's "values" inside the domain, thinned to the
 *     count, or d3's ticks of the domain for that count;
 *   - the labels: the axis's "format" (d3's specifiers with the types f,
 *     % and d, a sign, $, a comma, a precision and ~), or ",f" at the
 *     precision the tick step needs, as d3 writes them (toFixed, a minus
 *     sign U+2212, "0" rather than "-0").
 *
 * Scales Vega ticks otherwise (time, utc, log, symlog, binned, padded) and
 * axes whose labels an expression writes keep no ticks: an unknown tick is
 * left out, never guessed.
 */
#include "altair.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TICKS 10000         /* more are no axis anyone reads */
#define LABEL_SIZE 128          /* a label of a number below 1e21 */

/* ------------------------------------------------------------ d3-array */

/* JavaScript's Math.round: halves up, toward +infinity. */
static double
js_round(double x)
{
    double r = floor(x);

    return x - r >= 0.5 ? r + 1 : r;
}

/* d3-array's tickSpec: ticks i1..i2 times inc (inc < 0: divided by -inc). */
static void
tick_spec(double start, double stop, double count, double *i1, double *i2, double *inc)
{
    const double e10 = sqrt(50.0), e5 = sqrt(10.0), e2 = sqrt(2.0);
    double step = (stop - start) / fmax(0.0, count), power = floor(log10(step));
    double error = step / pow(10.0, power);
    double factor = error >= e10 ? 10 : error >= e5 ? 5 : error >= e2 ? 2 : 1;

    if (power < 0) {
        *inc = pow(10.0, -power) / factor;
        *i1 = js_round(start * *inc);
        *i2 = js_round(stop * *inc);
        if (*i1 / *inc < start)
            ++*i1;
        if (*i2 / *inc > stop)
            --*i2;
        *inc = -*inc;
    } else {
        *inc = pow(10.0, power) * factor;
        *i1 = js_round(start / *inc);
        *i2 = js_round(stop / *inc);
        if (*i1 * *inc < start)
            ++*i1;
        if (*i2 * *inc > stop)
            --*i2;
    }
    if (*i2 < *i1 && 0.5 <= count && count < 2)
        tick_spec(start, stop, count * 2, i1, i2, inc);
}

static double
tick_increment(double start, double stop, double count)
{
    double i1, i2, inc;

    tick_spec(start, stop, count, &i1, &i2, &inc);
    return inc;
}

static double
tick_step(double start, double stop, double count)
{
    int reverse = stop < start;
    double inc = reverse ? tick_increment(stop, start, count)
                         : tick_increment(start, stop, count);

    return (reverse ? -1 : 1) * (inc < 0 ? 1 / -inc : inc);
}

/* d3-array's ticks into out (at most MAX_TICKS): their number, or -1 when
 * there would be more. */
static long
d3_ticks(double start, double stop, double count, double *out)
{
    double i1, i2, inc, n;
    int reverse = stop < start;
    long i;

    if (!(count > 0))
        return 0;
    if (start == stop) {
        out[0] = start;
        return 1;
    }
    tick_spec(reverse ? stop : start, reverse ? start : stop, count, &i1, &i2, &inc);
    if (!(i2 >= i1))
        return 0;
    n = i2 - i1 + 1;
    if (!(n <= MAX_TICKS))
        return -1;
    for (i = 0; i < (long)n; i++) {
        double k = reverse ? i2 - (double)i : i1 + (double)i;

        out[i] = inc < 0 ? k / -inc : k * inc;
    }
    return (long)n;
}

/* d3-scale's linear nice(count) of the domain [*d0, *d1]. */
static void
d3_nice(double *d0, double *d1, double count)
{
    int swap = *d1 < *d0;
    double start = swap ? *d1 : *d0, stop = swap ? *d0 : *d1, step, prestep = NAN;
    int iter;

    for (iter = 0; iter < 10; iter++) {
        step = tick_increment(start, stop, count);
        if (step == prestep) {
            *d0 = swap ? stop : start;
            *d1 = swap ? start : stop;
            return;
        } else if (step > 0) {
            start = floor(start / step) * step;
            stop = ceil(stop / step) * step;
        } else if (step < 0) {
            start = ceil(start * step) / step;
            stop = floor(stop * step) / step;
        } else {
            return;
        }
        prestep = step;
    }
}

/* ------------------------------------------------------------- domains */

/* A number at key of the scale: 1 a number, 0 absent (or None), -1 present
 * and not a number (a signal: unknown). */
static int
number_or_absent(PyObject *spec, const char *key, double *out)
{
    PyObject *v = vl_get(spec, key);
    int rc;

    if (v == NULL)
        return PyErr_Occurred() ? -2 : 0;
    rc = vl_number(v, out) ? 1 : -1;
    Py_DECREF(v);
    return rc;
}

/* Whether a key of the scale makes its ticks unknown here. */
static int
unknown_key(PyObject *spec, const char *key)
{
    PyObject *v = vl_get(spec, key);
    int unknown = v != NULL;

    Py_XDECREF(v);
    return unknown;
}

/* The scale's zero, domainMin, domainMax and nice on [*d0, *d1]:
 * 1, or 0 when one of them is not known. */
static int
adjust_domain(const vl_scale *sc, double *d0, double *d1)
{
    PyObject *zero = vl_get(sc->spec, "zero"), *nice;
    double v, count;
    int rc;

    if (zero == Py_True || (zero == NULL && !PyErr_Occurred())) {
        *d0 = *d0 > 0 ? 0 : *d0;
        *d1 = *d1 < 0 ? 0 : *d1;
    }
    Py_XDECREF(zero);
    if ((rc = number_or_absent(sc->spec, "domainMin", &v)) < 0)
        return 0;
    *d0 = rc ? v : *d0;
    if ((rc = number_or_absent(sc->spec, "domainMax", &v)) < 0)
        return 0;
    *d1 = rc ? v : *d1;
    nice = vl_get(sc->spec, "nice");
    rc = 1;
    if (nice == Py_True)
        d3_nice(d0, d1, 10);
    else if (nice != NULL && vl_number(nice, &count))
        d3_nice(d0, d1, count);
    else if (nice != NULL && nice != Py_False)
        rc = 0;
    Py_XDECREF(nice);
    return rc && !PyErr_Occurred() && isfinite(*d0) && isfinite(*d1);
}

/* The domain of a continuous scale as Vega sets it: 1, or 0 when not
 * known here. */
static int
scale_domain(const vl_scale *sc, double *d0, double *d1)
{
    static const char *const unknown[] = {"domainRaw", "domainMid", "padding", "bins", NULL};
    PyObject *domain, *raw;
    size_t k;
    int ok = 0;

    if (sc == NULL || (sc->type != VL_SCALE_LINEAR && sc->type != VL_SCALE_POW
                       && sc->type != VL_SCALE_SQRT))
        return 0;
    for (k = 0; unknown[k] != NULL; k++) {
        if (strcmp(unknown[k], "domainRaw") == 0) {
            /* A selection's scale binding: null until the user zooms. */
            raw = vl_get(sc->spec, "domainRaw");
            ok = raw == NULL || PyDict_Check(raw);
            Py_XDECREF(raw);
            if (!ok)
                return 0;
        } else if (unknown_key(sc->spec, unknown[k]))
            return 0;
    }
    domain = vl_get(sc->spec, "domain");
    ok = 0;
    if (domain != NULL && PyList_Check(domain)) {
        ok = PyList_GET_SIZE(domain) == 2 && vl_number(PyList_GET_ITEM(domain, 0), d0)
             && vl_number(PyList_GET_ITEM(domain, 1), d1);
    } else if (domain != NULL && PyDict_Check(domain) && !unknown_key(domain, "signal")) {
        *d0 = sc->lo;
        *d1 = sc->hi;
        ok = isfinite(*d0) && isfinite(*d1);
    }
    Py_XDECREF(domain);
    return ok && !PyErr_Occurred() && adjust_domain(sc, d0, d1);
}

/* ---------------------------------------------------------- the values */

/* vega-scale's tickCount (Vega 6.2) for a number count and the axis's
 * tickMinStep (NaN: none): at most span / minStep + 1 ticks. */
static double
minstep_count(double d0, double d1, double count, double minstep)
{
    double span = d1 - d0, q;

    if (isnan(minstep))
        return count;
    q = (isnan(span) ? 0 : span) / minstep;
    if (q == 0 || isnan(q))
        q = 1;
    return isnan(count) ? count : fmin(count, floor(q) + 1);
}

static int
ascending_order(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

static int
descending_order(const void *a, const void *b)
{
    return ascending_order(b, a);
}

/* vega-scale's validTicks of the axis's values: those inside the domain,
 * in the order of the range (descending when the scale is reversed), every
 * other one dropped until they are at most count, keeping the ends.
 * Returns their number, or -1 when a value is no number. */
static long
valid_ticks(PyObject *values, double d0, double d1, int reverse, double count, double *out)
{
    Py_ssize_t i, n = PyList_GET_SIZE(values);
    double lo = fmin(d0, d1), hi = fmax(d0, d1), v, first, last;
    int descending = (d1 < d0) != reverse;
    long k = 0, j, m;

    for (i = 0; i < n && k < MAX_TICKS; i++) {
        if (!vl_number(PyList_GET_ITEM(values, i), &v))
            return -1;
        if (v >= lo && v <= hi)
            out[k++] = v;
    }
    qsort(out, (size_t)k, sizeof *out, descending ? descending_order : ascending_order);
    if (count > 0 && k > 1) {
        first = out[0];
        last = out[k - 1];
        while (k > count && k >= 3) {
            for (j = 0, m = 0; j < k; j += 2)
                out[m++] = out[j];
            k = m;
        }
        if (k < 3) {
            out[0] = first;
            out[1] = last;
            k = 2;
        }
    }
    return k;
}

/* ------------------------------------------------------------ d3-format */

/* A d3 format specifier this room writes: [sign][$][,][.precision][~]
 * with the type f, % or d (or none, then ",f"'s type f). */
typedef struct fmt {
    char sign;                  /* '-' (the default), '+', '(' or ' ' */
    int currency, comma, trim;
    int precision;              /* -1: none */
    char type;                  /* 'f', '%' or 'd' */
} fmt;

/* 1 when s is a specifier this room writes, 0 when not. */
static int
parse_format(const char *s, fmt *f)
{
    f->sign = '-';
    f->currency = f->comma = f->trim = 0;
    f->precision = -1;
    f->type = 'f';
    if (s[0] != '\0' && (strchr("<>=^", s[0]) != NULL || (s[1] != '\0' && strchr("<>=^", s[1]) != NULL)))
        return 0;   /* fill and alignment */
    if (s[0] != '\0' && strchr("+-( ", s[0]) != NULL)
        f->sign = *s++;
    if (*s == '$') {
        f->currency = 1;
        s++;
    }
    if (*s == '#' || (*s >= '0' && *s <= '9'))
        return 0;   /* a prefix for other bases, zero fill, a width */
    if (*s == ',') {
        f->comma = 1;
        s++;
    }
    if (*s == '.') {
        if (*++s < '0' || *s > '9')
            return 0;
        for (f->precision = 0; *s >= '0' && *s <= '9'; s++)
            f->precision = f->precision < 100 ? f->precision * 10 + (*s - '0') : 100;
    }
    if (*s == '~') {
        f->trim = 1;
        s++;
    }
    if (*s == 'f' || *s == '%' || *s == 'd')
        f->type = *s++;
    else
        return 0;   /* another type, or none: d3's ".12~g" */
    return *s == '\0';
}

/* d3-format's exponent: the decimal exponent of x's shortest text; NaN
 * for what is not finite, 0 for 0 (d3-format 3.1.0's, in Vega 6.2: a
 * one-value domain's labels have no decimals; 3.1.2 gives NaN there). */
static double
decimal_exponent(double x)
{
    char buf[CHARTEX_DOUBLE_BUFSIZE];
    const char *e, *p;
    int k;

    x = fabs(x);
    if (!isfinite(x))
        return NAN;
    if (x == 0)
        return 0;
    chartex_format_double(x, buf);
    if ((e = strchr(buf, 'e')) != NULL)
        return (double)atoi(e + 1);
    p = strchr(buf, '.');
    if (buf[0] != '0')
        return (double)((p != NULL ? p - buf : (ptrdiff_t)strlen(buf)) - 1);
    for (k = 1; p != NULL && p[k] == '0'; k++)
        ;
    return (double)-k;
}

/* vega-format's formatSpan: the precision the tick step of [d0, d1] needs
 * when the specifier gives none, clamped as d3 clamps it. */
static void
span_precision(fmt *f, double d0, double d1, double count)
{
    double p;

    if (f->precision < 0 && (f->type == 'f' || f->type == '%')) {
        /* Math.max(0, NaN) is NaN: the precision stays unset */
        p = -decimal_exponent(tick_step(d0, d1, count));
        if (!isnan(p))
            f->precision = (int)fmax(0, fmin(fmax(0, p), 100) - (f->type == '%') * 2);
    }
    if (f->precision < 0)
        f->precision = 6;   /* d3-format's default */
    f->precision = f->precision > 20 ? 20 : f->precision;
}

/* Adds one unit in the last digit of a decimal text (carrying). */
static void
round_up(char *s, size_t size)
{
    size_t i = strlen(s);

    while (i-- > 0) {
        if (s[i] == '.')
            continue;
        if (s[i] != '9') {
            s[i]++;
            return;
        }
        s[i] = '0';
    }
    if (strlen(s) + 2 <= size) {
        memmove(s + 1, s, strlen(s) + 1);
        s[0] = '1';
    }
}

/* JavaScript's x.toFixed(p) for 0 <= x < 1e21: the exact decimal value
 * rounded, a tie to the larger (C's printf rounds a tie to even). */
static void
js_fixed(double x, int p, char *out, size_t size)
{
    char exact[LABEL_SIZE];
    size_t n;

    snprintf(out, size, "%.*f", p, x);
    snprintf(exact, sizeof exact, "%.*f", p + 25, x);
    n = strlen(exact) - 25;
    if (exact[n] == '5' && strspn(exact + n + 1, "0") == 24
        && strncmp(out, exact, strlen(out)) == 0)
        round_up(out, size);
}

/* d3-format's text of v: 1, or 0 when it is beyond what this room
 * writes (1e21 and more, which toFixed writes in exponent form). */
static int
format_value(const fmt *f, double v, char *out, size_t size)
{
    char digits[LABEL_SIZE], grouped[LABEL_SIZE * 2];
    double a = fabs(v);
    int negative = signbit(v) != 0, zero;
    size_t i, n, k;

    if (f->type == '%')
        a *= 100;
    if (!(a < 1e21) || (f->type == 'd' && !(js_round(a) < 9007199254740992.0)))
        return 0;
    if (f->type == 'd')
        snprintf(digits, sizeof digits, "%.0f", js_round(a));
    else
        js_fixed(a, f->precision, digits, sizeof digits);
    if (f->trim && strchr(digits, '.') != NULL) {
        for (n = strlen(digits); digits[n - 1] == '0'; n--)
            ;
        digits[digits[n - 1] == '.' ? n - 1 : n] = '\0';
    }
    zero = strspn(digits, "0.") == strlen(digits);
    negative = negative && !(zero && f->sign != '+');
    for (n = 0; digits[n] >= '0' && digits[n] <= '9'; n++)
        ;
    for (i = 0, k = 0; i < n; i++) {
        grouped[k++] = digits[i];
        if (f->comma && (n - i - 1) % 3 == 0 && i + 1 < n)
            grouped[k++] = ',';
    }
    grouped[k] = '\0';
    snprintf(out, size, "%s%s%s%s%s%s",
             negative ? (f->sign == '(' ? "(" : "\xe2\x88\x92")
                      : (f->sign == '-' || f->sign == '(' ? "" : f->sign == '+' ? "+" : " "),
             f->currency ? "$" : "", grouped, digits + n, f->type == '%' ? "%" : "",
             negative && f->sign == '(' ? ")" : "");
    return 1;
}

/* ------------------------------------------------------------ the axis */

/* Whether something else writes the axis's labels: an expression, an
 * encode block, a time format. */
static int
labels_unknown(PyObject *guide)
{
    PyObject *encode = vl_get_dict(guide, "encode"), *labels = vl_get_dict(encode, "labels");
    PyObject *type = vl_get(guide, "formatType"), *labels_flag = vl_get(guide, "labels");
    int unknown = unknown_key(guide, "labelExpr") || labels != NULL || labels_flag == Py_False
                  || (type != NULL && !vl_is(type, "number"));

    Py_XDECREF(encode);
    Py_XDECREF(labels);
    Py_XDECREF(type);
    Py_XDECREF(labels_flag);
    return unknown || PyErr_Occurred() != NULL;
}

/* The ticks' values into out: their number, or -1 when not known. */
static long
tick_values(const vl_scale *sc, PyObject *guide, double d0, double d1, double *count,
            double *out)
{
    PyObject *values = vl_get(guide, "values"), *reverse = vl_get(sc->spec, "reverse");
    double minstep = NAN;
    long n = -1;
    int rc = number_or_absent(guide, "tickMinStep", &minstep);

    if (rc >= 0 && (values == NULL || PyList_Check(values))) {
        if (*count == -INFINITY)
            *count = values != NULL ? (double)PyList_GET_SIZE(values) : 10;
        *count = minstep_count(d0, d1, *count, rc ? minstep : NAN);
        n = values != NULL ? valid_ticks(values, d0, d1, reverse == Py_True, *count, out)
                           : d3_ticks(d0, d1, *count, out);
    }
    Py_XDECREF(values);
    Py_XDECREF(reverse);
    return PyErr_Occurred() ? -1 : n;
}

int
vl_axis_ticks(vl_reader *r, const vl_scale *sc, PyObject *guide, double count,
              chartex_axis *axis)
{
    PyObject *keep = NULL;
    const char *spec;
    char label[3 * LABEL_SIZE];
    double d0, d1, *v = NULL;
    long n, i;
    fmt f;
    int rc = -1;

    if (guide == NULL || isnan(count) || !scale_domain(sc, &d0, &d1) || labels_unknown(guide))
        return PyErr_Occurred() ? vl_fail(r, "an axis") : 0;
    /* No format: ",f"; an empty one is d3's ".12~g", not written here. */
    spec = vl_str(guide, "format", &keep);
    if (!parse_format(spec != NULL ? (spec[0] != '\0' ? spec : "?")
                                   : (unknown_key(guide, "format") ? "?" : ",f"), &f)) {
        Py_XDECREF(keep);
        return PyErr_Occurred() ? vl_fail(r, "an axis") : 0;
    }
    Py_XDECREF(keep);
    if ((v = malloc(MAX_TICKS * sizeof *v)) == NULL) {
        PyErr_NoMemory();
        return vl_fail(r, "an axis");
    }
    if ((n = tick_values(sc, guide, d0, d1, &count, v)) < 0) {
        rc = PyErr_Occurred() ? vl_fail(r, "an axis") : 0;
        goto done;
    }
    span_precision(&f, d0, d1, count);
    for (i = 0; i < n; i++)
        if (!format_value(&f, v[i], label, sizeof label)) {
            rc = 0;   /* a label beyond this room: no ticks rather than some */
            goto done;
        }
    if (chartex_axis_set_ticks(axis, (size_t)n, v, &r->err) < 0) {
        rc = vl_core_fail(r);
        goto done;
    }
    for (i = 0; i < n; i++) {
        format_value(&f, v[i], label, sizeof label);
        if (chartex_axis_set_tick_label(axis, (size_t)i, label, strlen(label), &r->err) < 0) {
            rc = vl_core_fail(r);
            goto done;
        }
    }
    rc = 0;
done:
    free(v);
    return rc;
}
