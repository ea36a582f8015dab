/*
 * scene_write_bench.c - the time to write a large scene as scene JSON, for
 * one or more builds of libchartex side by side in one run.
 *
 *     make bench/scene_write_bench
 *     bench/scene_write_bench [-n POINTS] [-r ROUNDS] LIB.so [LIB.so ...]
 *
 * e.g. the build before the streaming writer against this one:
 *     bench/scene_write_bench /work/old/_venv/.libs/libchartex.so.0 .libs/libchartex.so
 *
 * Each library is loaded with dlopen (RTLD_LOCAL, so their symbols do not
 * mix) and builds the same scene through its own public API: one Axes with
 * a line of POINTS points (default 1,000,000) whose coordinates need all 17
 * digits, as measured data does, plus ticks and labels.  Then
 * chartex_scene_to_json(scene, 0, ...) (compact) runs ROUNDS times per
 * library, the libraries taking turns so that a busy machine slows them
 * alike; the best and the median time are printed, with the text's size
 * and whether every library wrote the same bytes.  Only the public API is
 * used, so any build that has it can be compared.
 */
#define _POSIX_C_SOURCE 200809L
#include "chartex.h"

#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct lib {
    const char *path;
    void *handle;
    chartex_scene *(*scene_new)(chartex_error *);
    void (*scene_free)(chartex_scene *);
    chartex_axes *(*add_axes)(chartex_scene *, chartex_error *);
    chartex_axis *(*axes_axis)(chartex_axes *, int);
    int (*axis_set_label)(chartex_axis *, const char *, size_t, chartex_error *);
    int (*axis_set_ticks)(chartex_axis *, size_t, const double *, chartex_error *);
    int (*axis_set_tick_label)(chartex_axis *, size_t, const char *, size_t,
                               chartex_error *);
    void (*axis_set_view)(chartex_axis *, double, double);
    chartex_artist *(*add_artist)(chartex_axes *, chartex_artist_kind, chartex_error *);
    int (*artist_set_label)(chartex_artist *, const char *, size_t, chartex_error *);
    int (*artist_set_class)(chartex_artist *, const char *, size_t, chartex_error *);
    int (*artist_set_points)(chartex_artist *, size_t, const double *, chartex_error *);
    char *(*scene_to_json)(const chartex_scene *, int, size_t *, chartex_error *);
    void (*free_text)(void *);
    chartex_scene *scene;
    double *times;
    size_t len;
} lib;

static void *
sym(lib *l, const char *name)
{
    void *p = dlsym(l->handle, name);

    if (p == NULL) {
        fprintf(stderr, "%s: no %s\n", l->path, name);
        exit(2);
    }
    return p;
}

static void
load(lib *l, const char *path)
{
    memset(l, 0, sizeof *l);
    l->path = path;
    l->handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (l->handle == NULL) {
        fprintf(stderr, "%s\n", dlerror());
        exit(2);
    }
    *(void **)&l->scene_new = sym(l, "chartex_scene_new");
    *(void **)&l->scene_free = sym(l, "chartex_scene_free");
    *(void **)&l->add_axes = sym(l, "chartex_scene_add_axes");
    *(void **)&l->axes_axis = sym(l, "chartex_axes_axis");
    *(void **)&l->axis_set_label = sym(l, "chartex_axis_set_label");
    *(void **)&l->axis_set_ticks = sym(l, "chartex_axis_set_ticks");
    *(void **)&l->axis_set_tick_label = sym(l, "chartex_axis_set_tick_label");
    *(void **)&l->axis_set_view = sym(l, "chartex_axis_set_view");
    *(void **)&l->add_artist = sym(l, "chartex_axes_add_artist");
    *(void **)&l->artist_set_label = sym(l, "chartex_artist_set_label");
    *(void **)&l->artist_set_class = sym(l, "chartex_artist_set_class");
    *(void **)&l->artist_set_points = sym(l, "chartex_artist_set_points");
    *(void **)&l->scene_to_json = sym(l, "chartex_scene_to_json");
    *(void **)&l->free_text = sym(l, "chartex_free");
}

#define CHECK(call)                                                          \
    do {                                                                     \
        if ((call) != 0) {                                                   \
            fprintf(stderr, "%s: %s failed\n", l->path, #call);             \
            exit(2);                                                         \
        }                                                                    \
    } while (0)

static void
build(lib *l, const double *xy, size_t n)
{
    static const double ticks[] = { 0, 200, 400, 600, 800, 1000 };
    static const char *const names[] = { "0", "200", "400", "600", "800", "1000" };
    chartex_axes *ax;
    chartex_axis *x, *y;
    chartex_artist *a;
    size_t i;

    l->scene = l->scene_new(NULL);
    if (l->scene == NULL || (ax = l->add_axes(l->scene, NULL)) == NULL) {
        fprintf(stderr, "%s: no scene\n", l->path);
        exit(2);
    }
    x = l->axes_axis(ax, 0);
    y = l->axes_axis(ax, 1);
    CHECK(l->axis_set_label(x, "time (s)", 8, NULL));
    CHECK(l->axis_set_label(y, "signal [mV]", 11, NULL));
    CHECK(l->axis_set_ticks(x, 6, ticks, NULL));
    for (i = 0; i < 6; i++)
        CHECK(l->axis_set_tick_label(x, i, names[i], strlen(names[i]), NULL));
    l->axis_set_view(x, -50, 1050);
    l->axis_set_view(y, -1.5, 1.5);
    a = l->add_artist(ax, CHARTEX_ARTIST_LINE, NULL);
    if (a == NULL) {
        fprintf(stderr, "%s: no artist\n", l->path);
        exit(2);
    }
    CHECK(l->artist_set_label(a, "sensor", 6, NULL));
    CHECK(l->artist_set_class(a, "Line2D", 6, NULL));
    CHECK(l->artist_set_points(a, n, xy, NULL));
}

static double
now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int
by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

int
main(int argc, char **argv)
{
    size_t n = 1000000, rounds = 7, i, k, n_libs;
    unsigned long long seed = 12345;
    char *first = NULL;
    size_t first_len = 0;
    int same = 1, opt = 1;
    double *xy;
    lib *libs;

    while (opt < argc && argv[opt][0] == '-') {
        if (strcmp(argv[opt], "-n") == 0 && opt + 1 < argc)
            n = strtoull(argv[++opt], NULL, 10);
        else if (strcmp(argv[opt], "-r") == 0 && opt + 1 < argc)
            rounds = strtoull(argv[++opt], NULL, 10);
        else
            break;
        opt++;
    }
    if (opt >= argc || rounds == 0) {
        fprintf(stderr, "usage: %s [-n POINTS] [-r ROUNDS] LIB.so [LIB.so ...]\n", argv[0]);
        return 2;
    }
    n_libs = (size_t)(argc - opt);
    libs = calloc(n_libs, sizeof *libs);
    xy = malloc(2 * (n ? n : 1) * sizeof *xy);
    if (libs == NULL || xy == NULL)
        return 2;
    /* A noisy signal: x evenly spaced, y a sine plus a little noise, so
     * that most numbers take 16 or 17 digits. */
    for (i = 0; i < n; i++) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        xy[2 * i] = (double)i * (1000.0 / (double)(n ? n : 1));
        xy[2 * i + 1] = sin((double)i * 1e-3) + (double)(seed >> 11) * 0x1p-53 * 0.01;
    }
    for (k = 0; k < n_libs; k++) {
        load(&libs[k], argv[opt + (int)k]);
        build(&libs[k], xy, n);
        libs[k].times = calloc(rounds, sizeof(double));
        if (libs[k].times == NULL)
            return 2;
    }
    for (i = 0; i < rounds; i++) {
        for (k = 0; k < n_libs; k++) {
            lib *l = &libs[k];
            chartex_error err;
            size_t len = 0;
            double t0 = now();
            char *text = l->scene_to_json(l->scene, 0, &len, &err);

            l->times[i] = now() - t0;
            if (text == NULL) {
                fprintf(stderr, "%s: %s\n", l->path, err.text);
                return 1;
            }
            l->len = len;
            if (i == 0) {
                if (k == 0) {
                    first = malloc(len + 1);
                    if (first == NULL)
                        return 2;
                    memcpy(first, text, len + 1);
                    first_len = len;
                } else if (len != first_len || memcmp(text, first, len) != 0) {
                    same = 0;
                }
            }
            l->free_text(text);
        }
    }
    printf("chartex_scene_to_json, compact, %zu points, %zu rounds each\n", n, rounds);
    for (k = 0; k < n_libs; k++) {
        lib *l = &libs[k];

        qsort(l->times, rounds, sizeof *l->times, by_value);
        printf("  %-50s best %7.1f ms  median %7.1f ms  (%zu bytes)\n", l->path,
               l->times[0] * 1e3, l->times[rounds / 2] * 1e3, l->len);
    }
    if (n_libs > 1) {
        printf("  the same text from every library: %s\n", same ? "yes" : "NO");
        printf("  median ratio first/last: %.1fx\n",
               libs[0].times[rounds / 2] / libs[n_libs - 1].times[rounds / 2]);
    }
    for (k = 0; k < n_libs; k++) {
        libs[k].scene_free(libs[k].scene);
        free(libs[k].times);
    }
    free(first);
    free(libs);
    free(xy);
    return same ? 0 : 1;
}
