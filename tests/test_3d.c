/*
 * test_3d.c - a 3-D Axes in the core: z values on points and polygons
 * (chartex_artist_set_z), the third axis' keys, shapes and their limit,
 * and the scene JSON of both.
 */
#include "helpers.h"


static chartex_axes *
h_axes3d(chartex_scene *s)
{
    chartex_axes *ax = h_axes(s);

    chartex_axes_set_flags(ax, CHARTEX_AXES_3D);
    return ax;
}

Test(three_d, z_must_match_the_points)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes3d(s);
    double x[2] = {0, 1}, z[3] = {5, 6, 7};
    chartex_artist *a = h_line(ax, "l", 2, x, x, 0);
    chartex_artist *img = h_artist(ax, CHARTEX_ARTIST_IMAGE, "i");
    chartex_error err;

    cr_assert_eq(chartex_artist_set_z(a, 3, z, &err), -1);
    cr_assert_eq(err.code, CHARTEX_ERR_INVALID);
    cr_assert_str_eq(err.text, "3 z values for 2 points");
    cr_assert_eq(chartex_artist_set_z(img, 0, NULL, &err), -1);
    cr_assert_eq(chartex_artist_set_z(NULL, 0, NULL, &err), -1);
    cr_assert_eq(chartex_artist_set_z(a, 2, NULL, &err), -1);
    cr_assert_eq(chartex_artist_set_z(a, 2, z, &err), 0);
    /* New points drop the old z. */
    h_add_polygon(a, 1, x, x);
    cr_assert_null(a->z);
    chartex_scene_free(s);
}

Test(three_d, line_z_and_axis_keys)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes3d(s);
    double x[3] = {0, 1, 2}, y[3] = {3, 4, 5}, z[3] = {6, NAN, 8}, t[2] = {6, 8};
    chartex_artist *a = h_line(ax, "path", 3, x, y, 0);

    cr_assert_eq(chartex_artist_set_z(a, 3, z, NULL), 0);
    cr_assert_eq(chartex_axis_set_label(h_axis(ax, 2), "depth (m)", 9, NULL), 0);
    cr_assert_eq(chartex_axis_set_ticks(h_axis(ax, 2), 2, t, NULL), 0);
    cr_assert_eq(chartex_axis_set_tick_label(h_axis(ax, 2), 1, "8", 1, NULL), 0);
    cr_assert_null(chartex_axes_axis(ax, 3));
    h_expect(s, "{\"type\":\"line\",\"title\":null,\"elements\":["
                "{\"label\":\"path\",\"points\":[[0.0,3.0],[1.0,4.0],[2.0,5.0]],"
                "\"z\":[6.0,null,8.0]}],"
                NO_AXES ","
                "\"z_label\":\"depth (m)\",\"z_unit\":\"m\",\"z_ticks\":[6.0,8.0],"
                "\"z_tick_labels\":[\"\",\"8\"],\"z_scale\":\"linear\"}");
}

Test(three_d, polygons_are_shapes_of_an_unknown_chart)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes3d(s);
    double x[3] = {0, 1, 0}, y[3] = {0, 0, 1}, z[5] = {1, 2, 3, 4, 5};
    chartex_artist *a = h_polygon(ax, CHARTEX_ARTIST_AREA, "_child0", 3, x, y);
    chartex_artist *w = h_polygon(ax, CHARTEX_ARTIST_SEGMENTS, "grid", 2, x, y);

    cr_assert_eq(chartex_artist_set_class(a, "Poly3DCollection", 16, NULL), 0);
    cr_assert_eq(chartex_artist_set_z(a, 3, z, NULL), 0);
    cr_assert_eq(chartex_artist_set_z(w, 2, z + 3, NULL), 0);
    h_expect(s, "{\"type\":\"unknown\",\"title\":null,\"elements\":[],"
                NO_AXES ","
                "\"z_label\":null,\"z_unit\":null,\"z_ticks\":[],\"z_tick_labels\":[],"
                "\"z_scale\":\"linear\",\"shapes\":["
                "{\"label\":null,\"class\":\"Poly3DCollection\",\"kind\":\"polygons\","
                "\"polygons\":[[[0.0,0.0,1.0],[1.0,0.0,2.0],[0.0,1.0,3.0]]]},"
                "{\"label\":\"grid\",\"class\":\"\",\"kind\":\"lines\","
                "\"polygons\":[[[0.0,0.0,4.0],[1.0,0.0,5.0]]]}]}");
}

Test(three_d, the_limit_keeps_every_kth_polygon_whole)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes3d(s);
    chartex_artist *a = h_artist(ax, CHARTEX_ARTIST_AREA, "cells");
    chartex_options opts;
    chartex_chart *c;
    double x[4] = {0, 1, 1, 0}, y[4] = {0, 0, 1, 1}, z[40];
    char *text;
    size_t i;

    for (i = 0; i < 10; i++)
        h_add_polygon(a, 4, x, y);
    for (i = 0; i < 40; i++)
        z[i] = (double)i;
    cr_assert_eq(chartex_artist_set_z(a, 40, z, NULL), 0);
    memset(&opts, 0, sizeof opts);
    opts.max_points = 12;   /* 40 points: every 4th polygon (0, 4, 8) */
    c = chartex_chart_from_scene_opts(s, &opts, NULL);
    cr_assert_not_null(c);
    text = chartex_chart_to_json(c, 0, NULL, NULL);
    cr_assert_not_null(text);
    cr_assert(strstr(text, "\"polygons\":[[[0.0,0.0,0.0],[1.0,0.0,1.0],[1.0,1.0,2.0],"
                           "[0.0,1.0,3.0]],[[0.0,0.0,16.0],") != NULL, "%s", text);
    cr_assert(strstr(text, "[[0.0,0.0,32.0],[1.0,0.0,33.0],[1.0,1.0,34.0],[0.0,1.0,35.0]]]")
              != NULL, "%s", text);
    cr_assert(strstr(text, "\"downsampled\":{\"method\":\"every_kth_polygon\",\"step\":4.0,"
                           "\"max_points\":12.0,\"original_polygons\":10.0,"
                           "\"original_points\":40.0}") != NULL, "%s", text);
    chartex_free(text);
    chartex_chart_free(c);
    chartex_scene_free(s);
}

Test(three_d, scene_json_round_trip)
{
    chartex_scene *s = h_scene(), *back;
    chartex_axes *ax = h_axes3d(s);
    double x[2] = {0, 1}, z[2] = {2.5, -1};
    chartex_artist *a = h_scatter(ax, "pts", 2, x, x);
    char *t1, *t2;

    cr_assert_eq(chartex_artist_set_z(a, 2, z, NULL), 0);
    h_label(ax, 2, "z axis");
    t1 = chartex_scene_to_json(s, 0, NULL, NULL);
    cr_assert_not_null(t1);
    cr_assert(strstr(t1, "\"z\":[2.5,-1.0]") != NULL, "%s", t1);
    cr_assert(strstr(t1, "\"z\":{\"label\":\"z axis\"}") != NULL, "%s", t1);
    back = chartex_scene_from_json(t1, strlen(t1), NULL);
    cr_assert_not_null(back);
    t2 = chartex_scene_to_json(back, 0, NULL, NULL);
    cr_assert_str_eq(t1, t2);
    chartex_free(t1);
    chartex_free(t2);
    chartex_scene_free(back);
    chartex_scene_free(s);
}
