/*
 * numfmt_bench.c - C-level micro-benchmark for `make bench` (not a test:
 * it times and prints, it never fails on a number).
 *
 *   1. chartex_format_double, in doubles per second on one core, over fixed
 *      sets of 1M doubles (uniform [0,1), integers, short decimals, tiny,
 *      huge, random bit patterns), beside snprintf("%.17g") for scale.
 *   2. The JSON emission of a 1M-point line chart from its scene, through
 *      the public C API only (no Python), and the scene JSON round trip.
 *
 * Every set comes from a fixed splitmix64 sequence, so runs compare.
 * Usage: numfmt_bench [--quick]
 */
/* clock_gettime under -std=c11 */
#define _POSIX_C_SOURCE 200809L

#include "chartex.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SET_SIZE 1000000

/* CPU time of this thread: the machine may be shared, and a wall clock
 * would count the time other processes held the core. */
static double
now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint64_t
splitmix64(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));

    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

static double
from_bits(uint64_t b)
{
    double v;

    memcpy(&v, &b, sizeof v);
    return v;
}

/* A double with a random 52-bit mantissa and a biased exponent drawn from
 * [lo, hi]. */
static double
random_with_exponent(uint64_t *s, unsigned lo, unsigned hi)
{
    uint64_t r = splitmix64(s);
    uint64_t e = lo + (splitmix64(s) % (hi - lo + 1));

    return from_bits((e << 52) | (r & ((UINT64_C(1) << 52) - 1)));
}

enum set_kind { UNIFORM, INTEGERS, DECIMALS, TINY, HUGE_, BITS, SET_COUNT };

static const char *const set_names[SET_COUNT] = {
    "uniform [0,1)", "integers < 2^31", "decimals 2 places", "tiny (1e-308..1e-290)",
    "huge (1e+290..1e+308)", "random bit patterns"
};

static void
fill_set(enum set_kind kind, double *v, size_t n)
{
    uint64_t s = UINT64_C(0x5eed) + (uint64_t)kind;
    size_t i;

    for (i = 0; i < n; i++) {
        switch (kind) {
        case UNIFORM:
            v[i] = (double)(splitmix64(&s) >> 11) * 0x1p-53;
            break;
        case INTEGERS:
            v[i] = (double)(splitmix64(&s) >> 33);
            break;
        case DECIMALS:
            /* Prices, percentages: -99999.99 .. 99999.99 in cents. */
            v[i] = (double)((int64_t)(splitmix64(&s) % 19999999) - 9999999) / 100.0;
            break;
        case TINY:
            v[i] = random_with_exponent(&s, 1, 60);
            break;
        case HUGE_:
            v[i] = random_with_exponent(&s, 1986, 2046);
            break;
        case BITS:
            do
                v[i] = from_bits(splitmix64(&s));
            while (!isfinite(v[i]));
            break;
        default:
            break;
        }
    }
}

/* Best of `runs` passes over v, in doubles per second.  The total length
 * is returned through *bytes so that the work cannot be optimised away. */
static double
time_format(const double *v, size_t n, int runs, int use_printf, size_t *bytes)
{
    char buf[64];
    double best = 1e30;
    int r;

    for (r = 0; r < runs; r++) {
        size_t total = 0, i;
        double t0 = now(), t;

        if (use_printf) {
            for (i = 0; i < n; i++)
                total += (size_t)snprintf(buf, sizeof buf, "%.17g", v[i]);
        } else {
            for (i = 0; i < n; i++)
                total += chartex_format_double(v[i], buf);
        }
        t = now() - t0;
        if (t < best)
            best = t;
        *bytes = total;
    }
    return (double)n / best;
}

static int
fail(const char *what, const chartex_error *err)
{
    fprintf(stderr, "numfmt_bench: %s: %s\n", what, err->text);
    return 1;
}

/* A scene of one Axes holding a line of n points: x evenly spaced, y a
 * random walk (full-precision doubles, as real data has), with ticks. */
static chartex_scene *
line_scene(size_t n, chartex_error *err)
{
    chartex_scene *scene = chartex_scene_new(err);
    chartex_axes *axes;
    chartex_artist *a;
    double *xy = malloc(2 * n * sizeof *xy), y = 0.0;
    double ticks[6] = {0, 200, 400, 600, 800, 1000};
    uint64_t s = 42;
    size_t i;
    int k;

    if (scene == NULL || xy == NULL)
        goto fail;
    for (i = 0; i < n; i++) {
        xy[2 * i] = (double)i * (1000.0 / (double)n);
        y += (double)(splitmix64(&s) >> 11) * 0x1p-53 - 0.5;
        xy[2 * i + 1] = y;
    }
    axes = chartex_scene_add_axes(scene, err);
    if (axes == NULL
        || chartex_axes_set_title(axes, CHARTEX_TITLE_CENTER, "bench", 5, err) < 0
        || chartex_axis_set_ticks(chartex_axes_axis(axes, 0), 6, ticks, err) < 0)
        goto fail;
    for (k = 0; k < 6; k++) {
        char label[16];
        int len = snprintf(label, sizeof label, "%d", (int)ticks[k]);

        if (chartex_axis_set_tick_label(chartex_axes_axis(axes, 0), (size_t)k,
                                        label, (size_t)len, err) < 0)
            goto fail;
    }
    a = chartex_axes_add_artist(axes, CHARTEX_ARTIST_LINE, err);
    if (a == NULL || chartex_artist_set_label(a, "walk", 4, err) < 0
        || chartex_artist_set_points(a, n, xy, err) < 0)
        goto fail;
    free(xy);
    return scene;
fail:
    free(xy);
    chartex_scene_free(scene);
    return NULL;
}

int
main(int argc, char **argv)
{
    int quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
    int runs = quick ? 2 : 5;
    size_t n_points = 1000000, bytes = 0, len = 0;
    double *v = malloc(SET_SIZE * sizeof *v);
    double best, t0, t, rate_all = 0;
    chartex_error err = {0};
    chartex_scene *scene = NULL, *back = NULL;
    chartex_chart *chart = NULL;
    char *text = NULL, *scene_text = NULL;
    int k, r, rc = 1;

    if (v == NULL)
        return 1;
    printf("C micro-benchmark (one core, CPU time of the thread, best of %d)\n\n", runs);
    printf("chartex_format_double over fixed sets of %d doubles:\n", SET_SIZE);
    printf("  %-24s %12s %9s %14s %8s\n", "set", "doubles/s", "ns/double",
           "%.17g doubles/s", "bytes/v");
    for (k = 0; k < SET_COUNT; k++) {
        double rate, rate_printf;
        size_t pbytes;

        fill_set((enum set_kind)k, v, SET_SIZE);
        rate = time_format(v, SET_SIZE, runs, 0, &bytes);
        rate_printf = time_format(v, SET_SIZE, quick ? 1 : 2, 1, &pbytes);
        rate_all += 1.0 / rate;
        printf("  %-24s %11.1fM %9.1f %13.1fM %8.1f\n", set_names[k], rate / 1e6,
               1e9 / rate, rate_printf / 1e6, (double)bytes / SET_SIZE);
    }
    printf("  %-24s %11.1fM %9.1f\n", "all sets (harmonic mean)",
           SET_COUNT / rate_all / 1e6, 1e9 * rate_all / SET_COUNT);

    /* The chart of a 1M-point line, from its scene, to JSON text. */
    scene = line_scene(n_points, &err);
    if (scene == NULL) {
        rc = fail("building the scene", &err);
        goto done;
    }
    printf("\nJSON of a %zu-point line chart from its scene (no Python):\n", n_points);
    best = 1e30;
    for (r = 0; r < runs; r++) {
        t0 = now();
        chart = chartex_chart_from_scene(scene, &err);
        if (chart == NULL) {
            rc = fail("chart", &err);
            goto done;
        }
        text = chartex_chart_to_json(chart, 0, &len, &err);
        if (text == NULL) {
            rc = fail("chart JSON", &err);
            goto done;
        }
        t = now() - t0;
        if (t < best)
            best = t;
        chartex_chart_free(chart);
        chart = NULL;
        chartex_free(text);
        text = NULL;
    }
    printf("  chart + JSON text     %8.1f ms  %6.1f ns/point  %6.1f MB/s  (%zu bytes)\n",
           best * 1e3, best * 1e9 / (double)n_points, (double)len / best / 1e6, len);

    /* Scene JSON both ways (the bug-report format; not a target). */
    best = 1e30;
    for (r = 0; r < (quick ? 1 : 3); r++) {
        t0 = now();
        scene_text = chartex_scene_to_json(scene, 0, &len, &err);
        if (scene_text == NULL) {
            rc = fail("scene JSON", &err);
            goto done;
        }
        t = now() - t0;
        if (t < best)
            best = t;
        if (r + 1 < (quick ? 1 : 3)) {
            chartex_free(scene_text);
            scene_text = NULL;
        }
    }
    printf("  scene -> scene JSON   %8.1f ms  %6.1f ns/point  %6.1f MB/s  (%zu bytes)\n",
           best * 1e3, best * 1e9 / (double)n_points, (double)len / best / 1e6, len);
    best = 1e30;
    for (r = 0; r < (quick ? 1 : 3); r++) {
        t0 = now();
        back = chartex_scene_from_json(scene_text, len, &err);
        if (back == NULL) {
            rc = fail("reading scene JSON", &err);
            goto done;
        }
        t = now() - t0;
        if (t < best)
            best = t;
        chartex_scene_free(back);
        back = NULL;
    }
    printf("  scene JSON -> scene   %8.1f ms  %6.1f ns/point  %6.1f MB/s\n",
           best * 1e3, best * 1e9 / (double)n_points, (double)len / best / 1e6);
    rc = 0;
done:
    chartex_chart_free(chart);
    chartex_free(text);
    chartex_free(scene_text);
    chartex_scene_free(back);
    chartex_scene_free(scene);
    free(v);
    return rc;
}
