/*
 * test_meshes.c - heatmaps, cells, colour images and contour sets in the
 * core (src/chart/heatmap.c, src/chart/contours.c, the bounds in src/chart/downsample.c):
 * scenes built in C, their charts, and their scene JSON read back.
 */
#include <criterion/criterion.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"


static char *
json_opts(chartex_scene *s, const chartex_options *opts)
{
    chartex_error err = {CHARTEX_OK, ""};
    chartex_chart *c = chartex_chart_from_scene_opts(s, opts, &err);
    char *text;

    cr_assert_not_null(c, "%s", err.text);
    text = chartex_chart_to_json(c, 0, NULL, &err);
    cr_assert_not_null(text, "%s", err.text);
    chartex_chart_free(c);
    return text;
}

/* A 2 x 3 mesh: x edges 0 1 3 6, y edges 10 20 40. */
static chartex_artist *
mesh(chartex_axes *ax)
{
    static const double v[6] = {1, 2, 3, 4, NAN, 6};
    static const double xe[4] = {0, 1, 3, 6}, ye[3] = {10, 20, 40};
    double extent[4] = {0, 6, 10, 40};
    chartex_artist *a = h_artist(ax, CHARTEX_ARTIST_IMAGE, NULL);

    cr_assert_eq(chartex_artist_set_image(a, 2, 3, v, extent, NULL), 0);
    cr_assert_eq(chartex_artist_set_mesh_edges(a, 4, xe, 3, ye, NULL), 0);
    return a;
}

Test(heatmap, edges_values_and_scale)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    chartex_artist *a = mesh(ax);

    cr_assert_eq(chartex_artist_set_color_scale(a, 0.0, INFINITY, "log", 3, NULL), 0);
    cr_assert_eq(chartex_artist_set_colorbar_label(a, "$10^{3}$ m", 10, NULL), 0);
    h_expect(s, "{\"type\":\"unknown\",\"title\":null,\"elements\":[]," NO_AXES ","
                "\"heatmap\":{\"rows\":2.0,\"cols\":3.0,\"x_edges\":[0.0,1.0,3.0,6.0],"
                "\"y_edges\":[10.0,20.0,40.0],\"values\":[[1.0,2.0,3.0],[4.0,null,6.0]],"
                "\"vmin\":0.0,\"vmax\":null,\"norm\":\"log\","
                "\"colorbar_label\":\"10^3 m\"}}");
}

Test(heatmap, cell_texts_only_on_cells_of_a_grid)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    chartex_artist *a = mesh(ax), *c = h_artist(ax, CHARTEX_ARTIST_IMAGE, NULL);
    chartex_error err = {CHARTEX_OK, ""};
    double xy[2] = {0, 0}, v = 1;

    cr_expect_eq(chartex_artist_set_cell_text(a, 2, 0, "x", 1, &err), -1);
    cr_expect_eq(chartex_artist_set_cell_text(a, 0, 3, "x", 1, &err), -1);
    cr_assert_eq(chartex_artist_set_cells(c, 1, xy, &v, NULL), 0);
    cr_expect_eq(chartex_artist_set_cell_text(c, 0, 0, "x", 1, &err), -1);
    cr_expect_eq(err.code, CHARTEX_ERR_INVALID);
    cr_assert_eq(chartex_artist_set_cell_text(a, 0, 1, "old", 3, NULL), 0);
    cr_assert_eq(chartex_artist_set_cell_text(a, 0, 1, "$\\times$2", 9, NULL), 0);
    h_expect_has(s, "\"annotations\":[[null,\"\xc3\x97" "2\",null],[null,null,null]]");
    chartex_scene_free(s);
}

Test(heatmap, edges_must_match_the_grid)
{
    chartex_scene *s = h_scene();
    chartex_artist *a = mesh(h_axes(s));
    chartex_error err = {CHARTEX_OK, ""};
    double e[3] = {0, 1, 2};

    cr_expect_eq(chartex_artist_set_mesh_edges(a, 3, e, 3, e, &err), -1);
    cr_expect_eq(err.code, CHARTEX_ERR_INVALID);
    cr_expect_eq(chartex_artist_set_mesh_edges(a, 4, NULL, 3, e, &err), -1);
    cr_expect_eq(chartex_artist_set_mesh_edges(NULL, 4, e, 3, e, &err), -1);
    chartex_scene_free(s);
}

Test(heatmap, ticks_at_centres_name_rows_and_columns)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    /* x: a name at column 0's centre, a number at its own place (2.0
     * names nothing), a tick off every centre (5.0); y (edges -40, -20,
     * -10): matplotlib's U+2212 minus, "−30" at -30 names nothing. */
    double xt[3] = {0.5, 2.0, 5.0}, yt[2] = {-30.0, -15.0};
    double ye[3] = {-40, -20, -10};
    const double xe[4] = {0, 1, 3, 6};
    const char *xl[3] = {"alpha", "2.0", "$\\mathdefault{gamma}$"};
    const char *yl[2] = {"\xe2\x88\x92" "30", "\xe2\x88\x92" "1"};

    cr_assert_eq(chartex_artist_set_mesh_edges(mesh(ax), 4, xe, 3, ye, NULL), 0);
    h_ticks(ax, 0, 3, xt, xl);
    h_ticks(ax, 1, 2, yt, yl);
    h_expect_has(s, "\"row_labels\":[null,\"\xe2\x88\x92" "1\"],"
                    "\"col_labels\":[\"alpha\",null,null]}");
    chartex_scene_free(s);
}

Test(heatmap, only_numbers_at_their_places_give_no_labels)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    double xt[2] = {0.5, 2.0};
    const char *xl[2] = {"0.5", "2"};
    char *text;

    mesh(ax);
    h_ticks(ax, 0, 2, xt, xl);
    text = h_json(s);
    cr_expect_null(strstr(text, "row_labels"), "%s", text);
    cr_expect_null(strstr(text, "col_labels"), "%s", text);
    chartex_free(text);
    chartex_scene_free(s);
}

Test(heatmap, reduced_with_the_edges_of_its_blocks)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    chartex_artist *a = h_artist(ax, CHARTEX_ARTIST_IMAGE, NULL);
    chartex_options opts = {0};
    double v[4 * 6], xe[7], ye[5], extent[4] = {0, 6, 0, 4};
    size_t i;
    char *text;

    for (i = 0; i < 24; i++)
        v[i] = (double)i;
    for (i = 0; i < 7; i++)
        xe[i] = (double)i * 10;
    for (i = 0; i < 5; i++)
        ye[i] = (double)i;
    cr_assert_eq(chartex_artist_set_image(a, 4, 6, v, extent, NULL), 0);
    cr_assert_eq(chartex_artist_set_mesh_edges(a, 7, xe, 5, ye, NULL), 0);
    chartex_axes_set_pixels(ax, 3.0, 2.0);
    opts.points_per_pixel = 4.0;
    text = json_opts(s, &opts);
    /* 2 x 2 blocks: the means, and every second edge and the last. */
    cr_expect_not_null(strstr(text, "\"rows\":2.0,\"cols\":3.0,"
                                    "\"x_edges\":[0.0,20.0,40.0,60.0],"
                                    "\"y_edges\":[0.0,2.0,4.0],"
                                    "\"values\":[[3.5,5.5,7.5],[15.5,17.5,19.5]]"), "%s", text);
    cr_expect_not_null(strstr(text, "\"block\":[2.0,2.0]"), "%s", text);
    chartex_free(text);
    chartex_scene_free(s);
}

Test(cells, points_values_and_sampling)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    chartex_artist *a = h_artist(ax, CHARTEX_ARTIST_IMAGE, NULL);
    chartex_options opts = {0};
    double xy[2 * 100], v[100];
    size_t i;
    char *text, *p;

    for (i = 0; i < 100; i++) {
        xy[2 * i] = (double)i;
        xy[2 * i + 1] = (double)(i % 7);
        v[i] = (double)i * 10;     /* the value says which cell it is */
    }
    cr_assert_eq(chartex_artist_set_cells(a, 100, xy, v, NULL), 0);
    opts.max_points = 10;
    text = json_opts(s, &opts);
    cr_expect_not_null(strstr(text, "\"downsampled\":{\"method\":\"sample\","
                                    "\"max_points\":10.0,\"original_points\":100.0}"), "%s", text);
    /* Each kept cell keeps its own value: point x goes with 10 x. */
    p = strstr(text, "\"points\":[[0.0,0.0],");
    cr_expect_not_null(p, "%s", text);
    cr_expect_not_null(strstr(text, "\"values\":[0.0,"), "%s", text);
    cr_expect_not_null(strstr(text, "[99.0,1.0]]"), "%s", text);
    cr_expect_not_null(strstr(text, "990.0]"), "%s", text);
    chartex_free(text);
    chartex_scene_free(s);
}

Test(image, colours_keep_their_channels_and_a_bound)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    chartex_artist *a = h_artist(ax, CHARTEX_ARTIST_IMAGE, NULL);
    chartex_error err = {CHARTEX_OK, ""};
    double extent[4] = {-0.5, 199.5, 199.5, -0.5}, *px;
    size_t i, n = 200 * 200 * 3;
    char *text;

    px = malloc(n * sizeof *px);
    cr_assert_not_null(px);
    for (i = 0; i < n; i++)
        px[i] = (double)(i % 3);   /* r = 0, g = 1, b = 2 everywhere */
    cr_expect_eq(chartex_artist_set_image_colors(a, 200, 200, 5, px, extent, &err), -1);
    cr_assert_eq(chartex_artist_set_image_colors(a, 200, 200, 3, px, extent, NULL), 0);
    free(px);
    text = h_json(s);
    /* 40,000 pixels: blocks of 2 x 2 leave 10,000 (<= 16,384), each
     * channel its own mean. */
    cr_expect_not_null(strstr(text, "\"image\":{\"rows\":100.0,\"cols\":100.0,"), "%s", text);
    cr_expect_not_null(strstr(text, "\"values\":[[[0.0,1.0,2.0],[0.0,1.0,2.0],"), "%s", text);
    cr_expect_not_null(strstr(text, "\"channels\":3.0,\"downsampled\":{\"method\":\"block_mean\","
                                    "\"block\":[2.0,2.0],\"original_rows\":200.0,"
                                    "\"original_cols\":200.0}}"), "%.300s", text);
    cr_expect_null(strstr(text, "vmin"));
    chartex_free(text);
    chartex_scene_free(s);
}

/* A contour set of two levels: two paths at level 0, one at level 1. */
static chartex_artist *
contour(chartex_axes *ax, unsigned flags)
{
    double levels[2] = {1.0, 2.5};
    double p0[6] = {0, 0, 1, 1, 2, 0}, p1[4] = {5, 5, 6, 6}, p2[6] = {0, 3, 1, 4, 2, 3};
    chartex_artist *a = h_artist(ax, CHARTEX_ARTIST_CONTOUR, NULL);

    chartex_artist_set_flags(a, flags);
    cr_assert_eq(chartex_artist_set_levels(a, 2, levels, NULL), 0);
    cr_assert_eq(chartex_artist_add_level_path(a, 0, 3, p0, NULL), 0);
    cr_assert_eq(chartex_artist_add_level_path(a, 0, 2, p1, NULL), 0);
    cr_assert_eq(chartex_artist_add_level_path(a, 1, 3, p2, NULL), 0);
    return a;
}

Test(contours, levels_labels_and_paths)
{
    chartex_scene *s = h_scene();
    chartex_artist *a = contour(h_axes(s), 0);
    chartex_error err = {CHARTEX_OK, ""};

    cr_expect_eq(chartex_artist_set_level_label(a, 2, "x", 1, &err), -1);
    cr_assert_eq(chartex_artist_set_level_label(a, 1, "2.5 km", 6, NULL), 0);
    cr_assert_eq(chartex_artist_set_color_scale(a, 1.0, 2.5, "linear", 6, NULL), 0);
    h_expect(s, "{\"type\":\"unknown\",\"title\":null,\"elements\":[]," NO_AXES ",\"contours\":["
                "{\"filled\":false,\"levels\":[1.0,2.5],\"level_labels\":[null,\"2.5 km\"],"
                "\"vmin\":1.0,\"vmax\":2.5,\"norm\":\"linear\",\"colorbar_label\":null,"
                "\"paths\":[{\"level\":1.0,\"points\":[[0.0,0.0],[1.0,1.0],[2.0,0.0]]},"
                "{\"level\":1.0,\"points\":[[5.0,5.0],[6.0,6.0]]},"
                "{\"level\":2.5,\"points\":[[0.0,3.0],[1.0,4.0],[2.0,3.0]]}]}]}");
}

Test(contours, filled_regions_between_levels)
{
    chartex_scene *s = h_scene();

    contour(h_axes(s), CHARTEX_CONTOUR_FILLED);
    /* The region of the last level has no upper level: null. */
    h_expect_has(s, "{\"lower\":1.0,\"upper\":2.5,\"points\":[[0.0,0.0],");
    h_expect_has(s, "{\"lower\":2.5,\"upper\":null,\"points\":[[0.0,3.0],");
    chartex_scene_free(s);
}

Test(contours, thinned_by_a_stride_keeping_each_end)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    chartex_artist *a = h_artist(ax, CHARTEX_ARTIST_CONTOUR, NULL);
    chartex_options opts = {0};
    double level = 0.0, xy[2 * 25];
    size_t i;
    char *text;

    for (i = 0; i < 25; i++) {
        xy[2 * i] = (double)i;
        xy[2 * i + 1] = 0.0;
    }
    cr_assert_eq(chartex_artist_set_levels(a, 1, &level, NULL), 0);
    cr_assert_eq(chartex_artist_add_level_path(a, 0, 25, xy, NULL), 0);
    cr_assert_eq(chartex_artist_add_level_path(a, 0, 25, xy, NULL), 0);
    opts.max_points = 10;   /* 50 points: every 5th, and each path's last */
    text = json_opts(s, &opts);
    cr_expect_not_null(strstr(text, "\"points\":[[0.0,0.0],[5.0,0.0],[10.0,0.0],[15.0,0.0],"
                                    "[20.0,0.0],[24.0,0.0]]}"), "%s", text);
    cr_expect_not_null(strstr(text, "\"downsampled\":{\"method\":\"stride\","
                                    "\"max_points\":10.0,\"original_points\":50.0}"), "%s", text);
    chartex_free(text);
    chartex_scene_free(s);
}

Test(contours, empty_set_is_no_data)
{
    chartex_scene *s = h_scene();
    chartex_artist *a = h_artist(h_axes(s), CHARTEX_ARTIST_CONTOUR, NULL);
    double level = 1.0;

    cr_assert_eq(chartex_artist_set_levels(a, 1, &level, NULL), 0);
    h_expect(s, "{}");
}

/* Scene JSON keeps every new field: written, read, written again. */
Test(meshes, scene_json_round_trip)
{
    chartex_scene *s = h_scene(), *back;
    chartex_axes *ax = h_axes(s);
    chartex_artist *a = mesh(ax), *c;
    chartex_error err = {CHARTEX_OK, ""};
    double xy[4] = {1, 2, 3, 4}, v[2] = {5, NAN}, ext[4] = {0, 1, 1, 0};
    double px[2 * 1 * 4] = {1, 0, 0, 1, 0, 1, 0, 0.5};
    char *one, *two, *c1, *c2;

    cr_assert_eq(chartex_artist_set_color_scale(a, 1, 6, "twoslope", 8, NULL), 0);
    cr_assert_eq(chartex_artist_set_colorbar_label(a, "cb", 2, NULL), 0);
    cr_assert_eq(chartex_artist_set_cell_text(a, 1, 2, "six", 3, NULL), 0);
    c = contour(ax, CHARTEX_CONTOUR_FILLED);
    cr_assert_eq(chartex_artist_set_level_label(c, 0, "one", 3, NULL), 0);
    a = h_artist(ax, CHARTEX_ARTIST_IMAGE, NULL);
    cr_assert_eq(chartex_artist_set_cells(a, 2, xy, v, NULL), 0);
    a = h_artist(ax, CHARTEX_ARTIST_IMAGE, NULL);
    chartex_artist_set_flags(a, CHARTEX_IMAGE_ORIGIN_LOWER);
    cr_assert_eq(chartex_artist_set_image_colors(a, 2, 1, 4, px, ext, NULL), 0);
    one = chartex_scene_to_json(s, 0, NULL, &err);
    cr_assert_not_null(one, "%s", err.text);
    back = chartex_scene_from_json(one, strlen(one), &err);
    cr_assert_not_null(back, "%s", err.text);
    two = chartex_scene_to_json(back, 0, NULL, &err);
    cr_assert_not_null(two, "%s", err.text);
    cr_expect_str_eq(one, two);
    cr_expect_not_null(strstr(one, "\"flags\":[\"filled\"]"), "%s", one);
    cr_expect_not_null(strstr(one, "\"channels\":4"), "%s", one);
    c1 = h_json(s);
    c2 = h_json(back);
    cr_expect_str_eq(c1, c2);
    cr_expect_not_null(strstr(c1, "\"annotations\":[[null,null,null],[null,null,\"six\"]]"),
                       "%s", c1);
    cr_expect_not_null(strstr(c1, "\"cells\":{\"points\":[[1.0,2.0],[3.0,4.0]],"
                                  "\"values\":[5.0,null]"), "%s", c1);
    chartex_free(one);
    chartex_free(two);
    chartex_free(c1);
    chartex_free(c2);
    chartex_scene_free(s);
    chartex_scene_free(back);
}

Test(meshes, hostile_scene_json)
{
    static const char *const bad[] = {
        /* values that do not fill rows x cols x channels */
        "{\"version\":1,\"axes\":[{\"artists\":[{\"kind\":\"image\",\"rows\":1,\"cols\":1,"
        "\"channels\":3,\"values\":[1,2]}]}]}",
        /* more than 4 channels */
        "{\"version\":1,\"axes\":[{\"artists\":[{\"kind\":\"image\",\"rows\":1,\"cols\":1,"
        "\"channels\":5,\"values\":[1,2,3,4,5]}]}]}",
        /* edges that do not match the grid */
        "{\"version\":1,\"axes\":[{\"artists\":[{\"kind\":\"image\",\"rows\":1,\"cols\":1,"
        "\"values\":[1],\"x_edges\":[0,1,2],\"y_edges\":[0,1]}]}]}",
        /* cells and values of different counts */
        "{\"version\":1,\"axes\":[{\"artists\":[{\"kind\":\"image\",\"cells\":[[0,0]],"
        "\"values\":[1,2]}]}]}",
        /* a label for a level that does not exist */
        "{\"version\":1,\"axes\":[{\"artists\":[{\"kind\":\"contour\",\"levels\":[1],"
        "\"level_labels\":[\"a\",\"b\"]}]}]}",
        /* a text for a cell beyond the grid */
        "{\"version\":1,\"axes\":[{\"artists\":[{\"kind\":\"image\",\"rows\":1,\"cols\":1,"
        "\"values\":[1],\"cell_texts\":[[0,1,\"x\"]]}]}]}",
        /* a path that is no object, a negative level */
        "{\"version\":1,\"axes\":[{\"artists\":[{\"kind\":\"contour\",\"levels\":[1],"
        "\"paths\":[[0,0]]}]}]}",
        "{\"version\":1,\"axes\":[{\"artists\":[{\"kind\":\"contour\",\"levels\":[1],"
        "\"paths\":[{\"level\":-1,\"points\":[[0,0]]}]}]}]}",
    };
    size_t i;

    for (i = 0; i < sizeof bad / sizeof *bad; i++) {
        chartex_error err = {CHARTEX_OK, ""};
        chartex_scene *s = chartex_scene_from_json(bad[i], strlen(bad[i]), &err);

        cr_expect_null(s, "case %zu was read", i);
        cr_expect_neq(err.code, CHARTEX_OK, "case %zu", i);
        chartex_scene_free(s);
    }
}

/* A level index beyond the levels reads as null, never out of bounds. */
Test(meshes, path_level_beyond_the_levels)
{
    const char *text = "{\"version\":1,\"axes\":[{\"artists\":[{\"kind\":\"contour\","
                       "\"levels\":[1],\"paths\":[{\"level\":7,\"points\":[[0,0],[1,1]]}]}]}]}";
    chartex_error err = {CHARTEX_OK, ""};
    chartex_scene *s = chartex_scene_from_json(text, strlen(text), &err);

    cr_assert_not_null(s, "%s", err.text);
    h_expect_has(s, "\"paths\":[{\"level\":null,\"points\":[[0.0,0.0],[1.0,1.0]]}]");
    chartex_scene_free(s);
}
