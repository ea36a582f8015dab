/*
 * numfmt.c - doubles as Python's repr(float) writes them.
 *
 * JSON numbers must read back to the same double (strict round trip) and
 * must look like Python's repr so that our JSON is byte-identical to
 * json.dumps of the same dict.  repr gives the *shortest* decimal that
 * rounds back to the double (the closest such decimal when several have
 * that length), then lays it out fixed for decimal exponents -4..15 and
 * scientific otherwise.
 *
 * The shortest digits come from Ryu (Ulf Adams, "Ryu: fast float-to-string
 * conversion", PLDI 2018): one 64x128-bit multiplication per bound with a
 * table of powers of five, then digit removal.  It is exact for every
 * double and an order of magnitude faster than printf + strtod loops, which
 * matters because point arrays dominate the output.  The tables of powers
 * of five (pow5_inv_split, pow5_split) are in numfmt_tables.h, generated
 * from exact integer arithmetic by tools/gen_numfmt_tables.py.
 *
 * Everything here writes into the caller's buffer (CHARTEX_DOUBLE_BUFSIZE
 * bytes) and allocates nothing.
 */
#include "base/base.h"
#include "base/numfmt_tables.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MANTISSA_BITS 52
#define EXPONENT_BITS 11
#define EXPONENT_BIAS 1023
#define POW5_INV_BITCOUNT 125
#define POW5_BITCOUNT 125

/* ------------------------------------------------------------ arithmetic */

/* ceil(log2(5^e)) for 0 <= e <= 3528 (1 for e == 0). */
static int32_t
pow5bits(int32_t e)
{
    return (int32_t)(((uint32_t)e * 1217359u) >> 19) + 1;
}

/* floor(log10(2^e)) for 0 <= e <= 1650. */
static uint32_t
log10_pow2(int32_t e)
{
    return ((uint32_t)e * 78913u) >> 18;
}

/* floor(log10(5^e)) for 0 <= e <= 2620. */
static uint32_t
log10_pow5(int32_t e)
{
    return ((uint32_t)e * 732923u) >> 20;
}

static uint32_t
pow5_factor(uint64_t v)
{
    uint32_t count = 0;

    for (;;) {
        uint64_t q = v / 5;
        if (v - 5 * q != 0)
            break;
        v = q;
        count++;
    }
    return count;
}

static int
multiple_of_pow5(uint64_t v, uint32_t p)
{
    return pow5_factor(v) >= p;
}

static int
multiple_of_pow2(uint64_t v, uint32_t p)
{
    return (v & ((UINT64_C(1) << p) - 1)) == 0;
}

#if defined(__SIZEOF_INT128__) && !defined(CHARTEX__NO_INT128)
__extension__ typedef unsigned __int128 u128;

/* (m * mul) >> j, where mul is a 128-bit table entry and 64 < j < 128. */
static uint64_t
mul_shift64(uint64_t m, const uint64_t *mul, int32_t j)
{
    u128 b0 = (u128)m * mul[0];
    u128 b2 = (u128)m * mul[1];

    return (uint64_t)(((b0 >> 64) + b2) >> (j - 64));
}
#else
/* Portable 64x64 -> 128 multiplication for compilers without __int128. */
static uint64_t
umul128(uint64_t a, uint64_t b, uint64_t *hi)
{
    uint64_t a_lo = (uint32_t)a, a_hi = a >> 32;
    uint64_t b_lo = (uint32_t)b, b_hi = b >> 32;
    uint64_t b00 = a_lo * b_lo, b01 = a_lo * b_hi;
    uint64_t b10 = a_hi * b_lo, b11 = a_hi * b_hi;
    uint64_t mid1 = b10 + (b00 >> 32);
    uint64_t mid2 = b01 + (uint32_t)mid1;

    *hi = b11 + (mid1 >> 32) + (mid2 >> 32);
    return (mid2 << 32) | (uint32_t)b00;
}

static uint64_t
mul_shift64(uint64_t m, const uint64_t *mul, int32_t j)
{
    uint64_t high0, high1, low1, sum;
    int32_t dist = j - 64;

    low1 = umul128(m, mul[1], &high1);
    (void)umul128(m, mul[0], &high0);
    sum = high0 + low1;
    if (sum < high0)
        high1++;
    return (high1 << (64 - dist)) | (sum >> dist);
}
#endif

/* ------------------------------------------------------- shortest digits */

/* Sets *digits and *exp10 so that digits * 10^exp10 is the shortest
 * decimal (closest among the shortest) that reads back to the finite,
 * non-zero double with these IEEE fields. */
static void
shortest(uint64_t ieee_mantissa, uint32_t ieee_exponent,
         uint64_t *digits, int32_t *exp10)
{
    int32_t e2, e10;
    uint64_t m2, mv, vr, vp, vm, output;
    uint32_t mm_shift, removed = 0;
    int accept_bounds, vm_trailing_zeros = 0, vr_trailing_zeros = 0;
    unsigned last_removed_digit = 0;

    if (ieee_exponent == 0) {
        e2 = 1 - EXPONENT_BIAS - MANTISSA_BITS - 2;
        m2 = ieee_mantissa;
    } else {
        /* Fast path for integers below 2^53 (common in data: counts,
         * years, 100.0): their exact digits, less trailing zeros, are the
         * shortest, as the reading interval is at most +-0.5 wide. */
        int32_t shift = EXPONENT_BIAS + MANTISSA_BITS - (int32_t)ieee_exponent;

        m2 = (UINT64_C(1) << MANTISSA_BITS) | ieee_mantissa;
        if (shift >= 0 && shift <= MANTISSA_BITS
            && (m2 & ((UINT64_C(1) << shift) - 1)) == 0) {
            m2 >>= shift;
            e10 = 0;
            while (m2 % 10 == 0) {
                m2 /= 10;
                e10++;
            }
            *digits = m2;
            *exp10 = e10;
            return;
        }
        e2 = (int32_t)ieee_exponent - EXPONENT_BIAS - MANTISSA_BITS - 2;
    }
    /* Round-half-even on reading: the interval's bounds are included when
     * the mantissa is even. */
    accept_bounds = (m2 & 1) == 0;
    /* The interval is [mv - 1 - mm_shift, mv + 2] in units of 2^e2; it is
     * narrower below at a power of two (the lower neighbour is closer). */
    mv = 4 * m2;
    mm_shift = ieee_mantissa != 0 || ieee_exponent <= 1;

    if (e2 >= 0) {
        uint32_t q = log10_pow2(e2) - (e2 > 3);
        int32_t k = POW5_INV_BITCOUNT + pow5bits((int32_t)q) - 1;
        int32_t i = -e2 + (int32_t)q + k;
        const uint64_t *mul = pow5_inv_split[q];

        e10 = (int32_t)q;
        vr = mul_shift64(4 * m2, mul, i);
        vp = mul_shift64(4 * m2 + 2, mul, i);
        vm = mul_shift64(4 * m2 - 1 - mm_shift, mul, i);
        if (q <= 21) {
            /* Only one of mp, mv and mm can be a multiple of 5. */
            if (mv % 5 == 0)
                vr_trailing_zeros = multiple_of_pow5(mv, q);
            else if (accept_bounds)
                vm_trailing_zeros = multiple_of_pow5(mv - 1 - mm_shift, q);
            else
                vp -= (uint64_t)multiple_of_pow5(mv + 2, q);
        }
    } else {
        uint32_t q = log10_pow5(-e2) - (-e2 > 1);
        int32_t i = -e2 - (int32_t)q;
        int32_t k = pow5bits(i) - POW5_BITCOUNT;
        int32_t j = (int32_t)q - k;
        const uint64_t *mul = pow5_split[i];

        e10 = (int32_t)q + e2;
        vr = mul_shift64(4 * m2, mul, j);
        vp = mul_shift64(4 * m2 + 2, mul, j);
        vm = mul_shift64(4 * m2 - 1 - mm_shift, mul, j);
        if (q <= 1) {
            /* mv = 4 * m2 always has two trailing zero bits. */
            vr_trailing_zeros = 1;
            if (accept_bounds)
                vm_trailing_zeros = mm_shift == 1;
            else
                vp--;
        } else if (q < 63) {
            vr_trailing_zeros = multiple_of_pow2(mv, q);
        }
    }

    if (vm_trailing_zeros || vr_trailing_zeros) {
        /* The rare exact cases: track trailing zeros for exact rounding. */
        for (;;) {
            uint64_t vp10 = vp / 10, vm10 = vm / 10, vr10;
            if (vp10 <= vm10)
                break;
            vr10 = vr / 10;
            vm_trailing_zeros &= vm - 10 * vm10 == 0;
            vr_trailing_zeros &= last_removed_digit == 0;
            last_removed_digit = (unsigned)(vr - 10 * vr10);
            vr = vr10;
            vp = vp10;
            vm = vm10;
            removed++;
        }
        if (vm_trailing_zeros) {
            for (;;) {
                uint64_t vm10 = vm / 10, vr10;
                if (vm - 10 * vm10 != 0)
                    break;
                vr10 = vr / 10;
                vr_trailing_zeros &= last_removed_digit == 0;
                last_removed_digit = (unsigned)(vr - 10 * vr10);
                vr = vr10;
                vp = vp / 10;
                vm = vm10;
                removed++;
            }
        }
        /* Exactly halfway: round to even. */
        if (vr_trailing_zeros && last_removed_digit == 5 && vr % 2 == 0)
            last_removed_digit = 4;
        output = vr + ((vr == vm && (!accept_bounds || !vm_trailing_zeros))
                       || last_removed_digit >= 5);
    } else {
        /* The common case: no exact trailing zeros to track.  k digits can
         * go while a multiple of 10^k lies in (vm, vp], i.e. while
         * vp / 10^k > vm / 10^k, which holds for every k up to the
         * largest.  Most doubles of real data lose two or three digits:
         * two at once, then one at a time.  Short decimals (12.5, prices)
         * lose a dozen: after the first two, six, four and two go at once
         * when they can (each division is by a constant, so a
         * multiplication), and the loop finishes.  round_up says whether
         * the last digit removed, the one next to the kept ones, is >= 5:
         * after a chunk, whether the chunk's part is >= half its scale. */
        int round_up = 0;

        if (vp / 100 > vm / 100) {
            round_up = vr % 100 >= 50;
            vr /= 100;
            vp /= 100;
            vm /= 100;
            removed += 2;
            if (vp / 1000000 > vm / 1000000) {
                uint64_t vr_chunk = vr, scale = 1000000;

                vr /= 1000000;
                vp /= 1000000;
                vm /= 1000000;
                removed += 6;
                if (vp / 10000 > vm / 10000) {
                    vr /= 10000;
                    vp /= 10000;
                    vm /= 10000;
                    scale *= 10000;
                    removed += 4;
                }
                if (vp / 100 > vm / 100) {
                    vr /= 100;
                    vp /= 100;
                    vm /= 100;
                    scale *= 100;
                    removed += 2;
                }
                round_up = vr_chunk - vr * scale >= scale / 2;
            }
        }
        for (;;) {
            uint64_t vp10 = vp / 10, vm10 = vm / 10, vr10;
            if (vp10 <= vm10)
                break;
            vr10 = vr / 10;
            round_up = vr - 10 * vr10 >= 5;
            vr = vr10;
            vp = vp10;
            vm = vm10;
            removed++;
        }
        output = vr + (vr == vm || round_up);
    }
    *digits = output;
    *exp10 = e10 + (int32_t)removed;
}

/* ---------------------------------------------------------------- layout */

static const char two_digits[200] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

static const uint64_t pow10[18] = {
    UINT64_C(1), UINT64_C(10), UINT64_C(100), UINT64_C(1000), UINT64_C(10000),
    UINT64_C(100000), UINT64_C(1000000), UINT64_C(10000000),
    UINT64_C(100000000), UINT64_C(1000000000), UINT64_C(10000000000),
    UINT64_C(100000000000), UINT64_C(1000000000000),
    UINT64_C(10000000000000), UINT64_C(100000000000000),
    UINT64_C(1000000000000000), UINT64_C(10000000000000000),
    UINT64_C(100000000000000000)
};

/* Number of decimal digits of v < 10^17 (1 for 0).  Without a loop: lengths
 * vary from one value to the next in real data, and a mispredicted loop
 * exit cost more than the rest of the layout.  The bit length gives the
 * digit count or one more (1233 / 4096 is just above log10(2)); one
 * comparison decides. */
static int
decimal_length(uint64_t v)
{
#if defined(__GNUC__)
    /* v | 1 has the same digit count (powers of ten are even) and is
     * never 0, which __builtin_clzll is undefined for. */
    uint64_t u = v | 1;
    int t;

    /* Full-precision data has 16 or 17 digits: two easy comparisons. */
    if (v >= pow10[15])
        return 16 + (v >= pow10[16]);
    t = ((64 - __builtin_clzll(u)) * 1233) >> 12;
    return t + (u >= pow10[t]);
#else
    int n = 17;

    while (n > 1 && v < pow10[n - 1])
        n--;
    return n;
#endif
}

/* Writes exactly n digits of v (zero-padded) so that they end at end.
 * Eight digits at a time in 32-bit arithmetic, as two independent halves:
 * 64-bit divisions form one long dependency chain. */
static void
put_digits(uint64_t v, char *end, int n)
{
    uint32_t x;

    while (n >= 8) {
        uint32_t lo = (uint32_t)(v % 100000000), hi4 = lo / 10000, lo4 = lo % 10000;

        v /= 100000000;
        memcpy(end - 2, two_digits + 2 * (lo4 % 100), 2);
        memcpy(end - 4, two_digits + 2 * (lo4 / 100), 2);
        memcpy(end - 6, two_digits + 2 * (hi4 % 100), 2);
        memcpy(end - 8, two_digits + 2 * (hi4 / 100), 2);
        end -= 8;
        n -= 8;
    }
    x = (uint32_t)v;
    while (n >= 2) {
        end -= 2;
        memcpy(end, two_digits + 2 * (x % 100), 2);
        x /= 100;
        n -= 2;
    }
    if (n > 0)
        *--end = (char)('0' + x % 10);
}

/* Writes the decimal exponent part "e+XX" / "e-XXX". */
static char *
put_exponent(char *p, int e)
{
    *p++ = 'e';
    if (e < 0) {
        *p++ = '-';
        e = -e;
    } else {
        *p++ = '+';
    }
    if (e >= 100) {
        *p++ = (char)('0' + e / 100);
        e %= 100;
    }
    memcpy(p, two_digits + 2 * e, 2);
    return p + 2;
}

/* v's bits, and its mantissa and biased exponent fields. */
static uint64_t
ieee_fields(double v, uint64_t *mantissa, uint32_t *exponent)
{
    uint64_t bits;

    memcpy(&bits, &v, sizeof bits);
    *mantissa = bits & ((UINT64_C(1) << MANTISSA_BITS) - 1);
    *exponent = (uint32_t)((bits >> MANTISSA_BITS) & ((1u << EXPONENT_BITS) - 1));
    return bits;
}

size_t
chartex_format_double(double v, char *buf)
{
    uint64_t bits, ieee_mantissa, digits;
    uint32_t ieee_exponent;
    int32_t exp10;
    char *p = buf;
    int n, e;

    bits = ieee_fields(v, &ieee_mantissa, &ieee_exponent);
    if (ieee_exponent == (1u << EXPONENT_BITS) - 1) {
        memcpy(buf, "null", 5);
        return 4;
    }
    if (bits >> 63)
        *p++ = '-';
    if (ieee_exponent == 0 && ieee_mantissa == 0) {
        memcpy(p, "0.0", 4);
        return (size_t)(p - buf) + 3;
    }

    shortest(ieee_mantissa, ieee_exponent, &digits, &exp10);
    n = decimal_length(digits);
    /* e: the exponent of the first digit, as in d.ddd x 10^e. */
    e = exp10 + n - 1;

    if (e < -4 || e >= 16) {
        /* d.ddde+XX: the digits one place right, then the first one moved
         * in front of the point. */
        put_digits(digits, p + 1 + n, n);
        p[0] = p[1];
        if (n > 1) {
            p[1] = '.';
            p += n + 1;
        } else {
            p += 1;
        }
        p = put_exponent(p, e);
    } else if (e < 0) {
        /* 0.000ddd */
        memcpy(p, "0.0000", (size_t)(1 - e));
        p += 1 - e;
        put_digits(digits, p + n, n);
        p += n;
    } else if (n <= e + 1) {
        /* Integral: the digits, zeros up to the point, ".0". */
        put_digits(digits, p + n, n);
        p += n;
        memset(p, '0', (size_t)(e + 1 - n));
        p += e + 1 - n;
        memcpy(p, ".0", 2);
        p += 2;
    } else {
        /* ddd.ddd: the digits one place right, then the integer ones
         * moved back in front of the point (splitting the digits with a
         * division by a variable power of ten costs a hardware divide). */
        put_digits(digits, p + 1 + n, n);
        memmove(p, p + 1, (size_t)e + 1);
        p[e + 1] = '.';
        p += n + 1;
    }
    *p = '\0';
    return (size_t)(p - buf);
}

/* Exactly representable powers of ten: one multiplication or division by
 * one of them rounds once, so it gives what strtod gives. */
static const double exact10[23] = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22
};

double
chartex__round_within(double v, double tol)
{
    uint64_t bits, ieee_mantissa, digits, keep, rest;
    uint32_t ieee_exponent;
    int32_t exp10;
    int n, k, drop, e;
    double r;

    if (!isfinite(v) || !(tol > 0) || v == 0)
        return v;
    if (fabs(v) <= tol)
        return 0.0;
    bits = ieee_fields(v, &ieee_mantissa, &ieee_exponent);
    if (ieee_exponent == 0)
        return v;     /* subnormal: smaller than any tolerance that matters */
    shortest(ieee_mantissa, ieee_exponent, &digits, &exp10);
    n = decimal_length(digits);
    /* The shortest decimal that reads back to v, cut to k digits (rounded
     * half up), for k = 1, 2, ...: the first within tol.  Each is built
     * as keep x 10^e with one rounding, so no printf or strtod (nor the
     * locale) is involved. */
    for (k = 1; k < n; k++) {
        drop = n - k;
        keep = digits / pow10[drop];
        rest = digits % pow10[drop];
        keep += rest >= pow10[drop] / 2;
        e = exp10 + drop;
        if (e >= 0 && e <= 22)
            r = (double)keep * exact10[e];
        else if (e < 0 && e >= -22)
            r = (double)keep / exact10[-e];
        else
            continue;
        if (bits >> 63)
            r = -r;
        if (fabs(r - v) <= tol)
            return r;
    }
    return v;
}

double
chartex__round15(double v)
{
    char tmp[40];
    uint64_t bits, ieee_mantissa, digits, keep, tail;
    uint32_t ieee_exponent;
    int32_t exp10;
    int n, drop, e;
    double r;

    bits = ieee_fields(v, &ieee_mantissa, &ieee_exponent);
    if (ieee_exponent == (1u << EXPONENT_BITS) - 1
        || (ieee_exponent == 0 && ieee_mantissa == 0))
        return v;
    if (ieee_exponent == 0)
        goto slow;    /* subnormal: rare, left to printf */
    shortest(ieee_mantissa, ieee_exponent, &digits, &exp10);
    n = decimal_length(digits);
    /* A decimal of 15 digits or fewer that reads back to v is also v's
     * 15-digit rounding (DBL_DIG is 15). */
    if (n <= 15)
        return v;
    /* digits has 16 or 17 digits, and is the closest decimal of its length
     * to v, so v lies within half a unit of its last digit: 0.5 units of
     * the 17th digit when it has 17, 5 when it has 16.  tail holds the
     * dropped digits in units of the 17th (a multiple of 10 for 16
     * digits): v rounds as the decimal does unless the tail is within
     * that distance of half-way, 50, where printf decides.  One unit of
     * margin on 17 digits; 40 and 60 are 5 units clear on 16. */
    drop = n - 15;
    keep = digits / pow10[drop];
    tail = (digits % pow10[drop]) * (drop == 1 ? 10 : 1);
    if (tail >= 49 && tail <= 51)
        goto slow;
    keep += tail > 51;
    e = exp10 + drop;
    if (e >= 0 && e <= 22)
        r = (double)keep * exact10[e];
    else if (e < 0 && e >= -22)
        r = (double)keep / exact10[-e];
    else
        goto slow;
    return bits >> 63 ? -r : r;
slow:
    snprintf(tmp, sizeof tmp, "%.15g", v);
    return strtod(tmp, NULL);
}

size_t
chartex__number_label(double v, char *buf)
{
    char *p = buf;
    uint64_t whole;

    if (isnan(v)) {
        memcpy(buf, "nan", 4);
        return 3;
    }
    if (isinf(v)) {
        if (v < 0)
            *p++ = '-';
        memcpy(p, "inf", 4);
        return (size_t)(p - buf) + 3;
    }
    if (v != floor(v) || fabs(v) >= 1e15)
        return chartex_format_double(v, buf);
    /* An integral position reads as an integer ("3", not "3.0"); -0.0 is
     * position 0 too. */
    if (v < 0)
        *p++ = '-';
    whole = (uint64_t)fabs(v);
    put_digits(whole, p + decimal_length(whole), decimal_length(whole));
    p += decimal_length(whole);
    *p = '\0';
    return (size_t)(p - buf);
}
