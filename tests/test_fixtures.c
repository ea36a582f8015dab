/*
 * test_fixtures.c - every golden fixture through the core alone.
 *
 * tests/golden.py --update keeps, beside each fixture's reviewed chart
 * (fixtures/NAME.json), the scene the walker read from its figure
 * (fixtures/scenes/NAME.scene.json).  Reading that scene and extracting the
 * chart here, without Python, must give the reviewed chart byte for byte:
 * the core's classification and extraction are checked on real matplotlib
 * scenes of every kind, and a core bug reproduces in C.
 */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chartex.h"

#ifndef CHARTEX_FIXTURES_DIR
#error "CHARTEX_FIXTURES_DIR must name the fixtures folder"
#endif

/* Reads a whole file; NULL when it cannot. */
static char *
slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *data = NULL;
    long size;

    if (f == NULL)
        return NULL;
    if (fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0
        || fseek(f, 0, SEEK_SET) != 0)
        goto done;
    data = malloc((size_t)size + 1);
    if (data == NULL)
        goto done;
    if (fread(data, 1, (size_t)size, f) != (size_t)size) {
        free(data);
        data = NULL;
        goto done;
    }
    data[size] = '\0';
    *len = (size_t)size;
done:
    fclose(f);
    return data;
}

/* Checks one fixture of folder; returns 1 when it matches. */
static int
check_one(const char *folder, const char *name)
{
    char scene_file[4096], want_file[4096];
    char *scene_text = NULL, *want = NULL, *got = NULL;
    size_t scene_len = 0, want_len = 0, got_len = 0;
    chartex_scene *scene = NULL;
    chartex_chart *chart = NULL;
    chartex_error err = {0};
    int ok = 0;

    snprintf(scene_file, sizeof scene_file, "%s/scenes/%s.scene.json", folder, name);
    snprintf(want_file, sizeof want_file, "%s/%s.json", folder, name);
    scene_text = slurp(scene_file, &scene_len);
    want = slurp(want_file, &want_len);
    cr_expect(scene_text != NULL, "%s: cannot read %s", name, scene_file);
    cr_expect(want != NULL, "%s: cannot read %s", name, want_file);
    if (scene_text == NULL || want == NULL)
        goto done;
    scene = chartex_scene_from_json(scene_text, scene_len, &err);
    cr_expect(scene != NULL, "%s: scene not read: %s", name, err.text);
    if (scene == NULL)
        goto done;
    chart = chartex_chart_from_scene(scene, &err);
    cr_expect(chart != NULL, "%s: no chart: %s", name, err.text);
    if (chart == NULL)
        goto done;
    got = chartex_chart_to_json(chart, 2, &got_len, &err);
    cr_expect(got != NULL, "%s: no JSON: %s", name, err.text);
    if (got == NULL)
        goto done;
    /* The expected file is the JSON text plus a final newline. */
    ok = want_len == got_len + 1 && want[got_len] == '\n'
         && memcmp(want, got, got_len) == 0;
    cr_expect(ok, "%s: the core's chart differs from %s.json\n--- got:\n%s",
              name, name, got);
done:
    chartex_free(got);
    chartex_chart_free(chart);
    chartex_scene_free(scene);
    free(scene_text);
    free(want);
    return ok;
}

/* Checks every fixture of folder; returns how many there are, and sets
 * *matched to how many match. */
static int
check_folder(const char *folder, int *matched)
{
    char path[4096];
    DIR *dir;
    struct dirent *entry;
    const char *suffix = ".scene.json";
    size_t suffix_len = strlen(suffix);
    int count = 0;

    snprintf(path, sizeof path, "%s/scenes", folder);
    dir = opendir(path);
    *matched = 0;
    cr_assert(dir != NULL, "cannot open %s", path);
    while ((entry = readdir(dir)) != NULL) {
        char name[1024];
        size_t len = strlen(entry->d_name);

        if (len <= suffix_len || len - suffix_len >= sizeof name
            || strcmp(entry->d_name + len - suffix_len, suffix) != 0)
            continue;
        memcpy(name, entry->d_name, len - suffix_len);
        name[len - suffix_len] = '\0';
        count++;
        *matched += check_one(folder, name);
    }
    closedir(dir);
    return count;
}

Test(fixtures, every_scene_gives_its_reviewed_chart)
{
    int matched, count = check_folder(CHARTEX_FIXTURES_DIR, &matched);

    /* Issue 2 asks for at least 25 golden fixtures. */
    cr_expect(count >= 25, "only %d fixture scenes", count);
    cr_expect_eq(matched, count, "%d of %d fixtures differ", count - matched, count);
}

/* The Plotly fixtures (fixtures/plotly/): one per trace family of issue 26,
 * their records and exact wedges through the core alone. */
Test(fixtures, every_plotly_scene_gives_its_reviewed_chart)
{
    int matched, count = check_folder(CHARTEX_FIXTURES_DIR "/plotly", &matched);

    cr_expect(count >= 17, "only %d Plotly fixture scenes", count);
    cr_expect_eq(matched, count, "%d of %d Plotly fixtures differ", count - matched, count);
}

/* The Altair fixtures (fixtures/altair/): one per idiom of issue 33 (bars
 * of an aggregate, stacked and grouped bars, a histogram, a line by time
 * unit with a rule, a box plot, a donut, a heatmap, error bars, a
 * regression, a scatter by colour, a facet beside a concatenation),
 * through the core alone. */
Test(fixtures, every_altair_scene_gives_its_reviewed_chart)
{
    int matched, count = check_folder(CHARTEX_FIXTURES_DIR "/altair", &matched);

    cr_expect(count >= 12, "only %d Altair fixture scenes", count);
    cr_expect_eq(matched, count, "%d of %d Altair fixtures differ", count - matched, count);
}
