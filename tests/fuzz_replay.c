/*
 * fuzz_replay.c - runs the fuzz entry point (fuzz/fuzz_scene.c) on files,
 * without libFuzzer, so that make check replays every input the fuzzer ever
 * found (fuzz/regressions/) and the seed corpus (fixtures/scenes/) with the
 * ordinary compiler, and under --enable-sanitizers / make valgrind too.
 *
 *   fuzz_replay [FILE|DIR]...     default: the two folders above
 *
 * The entry point aborts on any broken promise, so a regression crashes this
 * program; it prints each file before running it so the log names it.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#ifndef CHARTEX_SRCDIR
#error "CHARTEX_SRCDIR must name the source tree"
#endif

static int
run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    uint8_t *data = NULL;
    long size;
    int rc = -1;

    if (f == NULL) {
        perror(path);
        return -1;
    }
    if (fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0)
        goto done;
    /* An exact-size buffer, so that ASan sees a read past the input. */
    data = malloc(size ? (size_t)size : 1);
    if (data == NULL || fread(data, 1, (size_t)size, f) != (size_t)size)
        goto done;
    printf("%s\n", path);
    fflush(stdout);
    LLVMFuzzerTestOneInput(data, (size_t)size);
    rc = 0;
done:
    if (rc < 0)
        fprintf(stderr, "%s: cannot read\n", path);
    free(data);
    fclose(f);
    return rc;
}

static int
cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Runs every regular file of a folder, in name order; returns the count or -1. */
static long
run_dir(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char **names = NULL, path[4096];
    size_t n = 0, cap = 0, i;
    long count = 0;

    if (d == NULL) {
        perror(dir);
        return -1;
    }
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        if (n == cap) {
            char **bigger = realloc(names, (cap = cap ? 2 * cap : 64) * sizeof *names);

            if (bigger == NULL)
                abort();
            names = bigger;
        }
        names[n] = strdup(e->d_name);
        if (names[n] == NULL)
            abort();
        n++;
    }
    closedir(d);
    qsort(names, n, sizeof *names, cmp_names);
    for (i = 0; i < n; i++) {
        struct stat st;

        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
            if (run_file(path) < 0)
                count = -1;
            else if (count >= 0)
                count++;
        }
        free(names[i]);
    }
    free(names);
    return count;
}

static long
run_arg(const char *arg)
{
    struct stat st;

    if (stat(arg, &st) != 0) {
        perror(arg);
        return -1;
    }
    if (S_ISDIR(st.st_mode))
        return run_dir(arg);
    return run_file(arg) < 0 ? -1 : 1;
}

int
main(int argc, char **argv)
{
    static const char *defaults[] = {
        CHARTEX_SRCDIR "/fuzz/regressions",
        CHARTEX_SRCDIR "/fixtures/scenes",
    };
    long total = 0, n;
    int i, failed = 0;

    if (argc > 1) {
        for (i = 1; i < argc; i++) {
            if ((n = run_arg(argv[i])) < 0)
                failed = 1;
            else
                total += n;
        }
    } else {
        for (i = 0; i < 2; i++) {
            if ((n = run_arg(defaults[i])) < 0)
                failed = 1;
            else
                total += n;
        }
    }
    printf("%ld inputs replayed\n", total);
    /* An empty run proves nothing: the folders must hold inputs. */
    return failed || total == 0 ? 1 : 0;
}
