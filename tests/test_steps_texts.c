/*
 * test_steps_texts.c - stairs, vector fields, text on the data and free
 * patches in the core: what each artist kind becomes, and the scene JSON
 * of the new kinds.
 */
#include "helpers.h"


static chartex_artist *
h_text(chartex_axes *ax, const char *s, double x, double y, unsigned flags,
       unsigned long group)
{
    chartex_artist *t = h_artist(ax, CHARTEX_ARTIST_TEXT, s);
    double xy[2] = {x, y};

    cr_assert_eq(chartex_artist_set_points(t, 1, xy, NULL), 0);
    chartex_artist_set_flags(t, flags);
    chartex_artist_set_group(t, group);
    return t;
}

Test(steps, stairs_element)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    chartex_artist *a = h_artist(ax, CHARTEX_ARTIST_STAIRS, "");
    double edges[3] = {0, 1, 3}, values[2] = {2, NAN}, base = -1;
    chartex_error err;

    cr_assert_eq(chartex_artist_set_stairs(a, 2, edges, values, 2, values, CHARTEX_VERTICAL,
                                           NULL), 0);
    cr_assert_eq(chartex_artist_set_stairs(a, 2, edges, values, 3, values, CHARTEX_VERTICAL,
                                           &err), -1);
    cr_assert_eq(chartex_artist_set_stairs(a, 2, NULL, values, 0, NULL, CHARTEX_VERTICAL,
                                           &err), -1);
    cr_assert_eq(chartex_artist_set_stairs(h_artist(ax, CHARTEX_ARTIST_LINE, ""), 0, edges,
                                           values, 0, NULL, CHARTEX_VERTICAL, &err), -1);
    cr_assert_eq(chartex_artist_set_stairs(a, 2, edges, values, 1, &base, CHARTEX_HORIZONTAL,
                                           NULL), 0);
    h_expect(s, "{\"type\":\"line\",\"title\":null,\"elements\":["
                "{\"label\":\"Steps 0\",\"points\":[[2.0,0.0],[2.0,1.0],[null,1.0],[null,3.0]],"
                "\"steps\":{\"edges\":[0.0,1.0,3.0],\"values\":[2.0,null],"
                "\"baseline\":[-1.0,-1.0],\"orientation\":\"horizontal\"}}],"
                NO_AXES "}");
}

Test(steps, vectors_element_and_limit)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    chartex_artist *a = h_artist(ax, CHARTEX_ARTIST_VECTORS, "wind");
    double xy[4] = {0, 1, 2, 3}, u[2] = {5, -1}, v[2] = {NAN, 2};
    chartex_error err;

    cr_assert_eq(chartex_artist_set_vectors(a, 2, xy, NULL, v, &err), -1);
    cr_assert_eq(chartex_artist_set_vectors(a, 2, xy, u, v, NULL), 0);
    h_expect(s, "{\"type\":\"scatter\",\"title\":null,\"elements\":["
                "{\"label\":\"wind\",\"points\":[[0.0,1.0],[2.0,3.0]],"
                "\"vectors\":[[5.0,null],[-1.0,2.0]]}],"
                NO_AXES "}");
}

Test(steps, segments_that_do_not_continue_get_a_gap)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    double segs[12] = {0, 0, 1, 1, 1, 1, 2, 0, 5, 5, 6, 6};

    h_segments(ax, "", 3, segs);
    h_expect(s, "{\"type\":\"line\",\"title\":null,\"elements\":["
                "{\"label\":\"Line 0\",\"points\":[[0.0,0.0],[1.0,1.0],[2.0,0.0],"
                "[null,null],[5.0,5.0],[6.0,6.0]]}],"
                NO_AXES "}");
}

Test(texts, bar_labels_edge_centre_and_the_rest_as_annotations)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    double centres[2] = {0, 1}, values[2] = {4, -2};

    h_bars(ax, "b", CHARTEX_VERTICAL, 2, centres, values, 0.8, NULL);
    h_text(ax, "edge", 0, 4, 0, 0);
    h_text(ax, "mid", 1, -1, CHARTEX_TEXT_BAR_CENTRE, 0);
    h_text(ax, "not a centre label", 0, 2, 0, 0);    /* bar 0's centre, no flag */
    h_text(ax, "second", 0, 4, 0, 0);                /* bar 0 is labelled already */
    h_expect(s, "{\"type\":\"bar\",\"title\":null,\"elements\":["
                "{\"label\":\"0\",\"group\":\"b\",\"value\":4.0,\"bar_label\":\"edge\"},"
                "{\"label\":\"1\",\"group\":\"b\",\"value\":-2.0,\"bar_label\":\"mid\"}],"
                "\"x_label\":null,\"y_label\":null,\"x_unit\":null,\"y_unit\":null,"
                "\"orientation\":\"vertical\",\"annotations\":["
                "{\"text\":\"not a centre label\",\"x\":0.0,\"y\":2.0},"
                "{\"text\":\"second\",\"x\":0.0,\"y\":4.0}]}");
}

Test(texts, annotations_on_dates_and_tables)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    double x[2] = {19723, 19724};

    chartex_axis_set_kind(h_axis(ax, 0), CHARTEX_AXIS_DATE, 0.0);
    h_line(ax, "l", 2, x, x, 0);
    h_text(ax, "new year", 19723, 1.5, 0, 0);
    h_text(ax, "a", 0, 0, CHARTEX_TEXT_TABLE_CELL, 7);
    h_text(ax, "b", 1, 1, CHARTEX_TEXT_TABLE_CELL, 7);
    h_text(ax, "c", 0, 0, CHARTEX_TEXT_TABLE_CELL, 9);
    h_expect_has(s, "\"annotations\":[{\"text\":\"new year\",\"x\":\"2024-01-01T00:00:00\","
                    "\"y\":1.5}],\"tables\":[[[\"a\",\"\"],[\"\",\"b\"]],[[\"c\"]]]}");
    chartex_scene_free(s);
}

Test(texts, text_alone_is_no_chart_and_pie_keeps_no_notes)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    chartex_artist *w;

    h_text(ax, "hello", 0.5, 0.5, 0, 0);
    h_expect(s, "{}");
    s = h_scene();
    ax = h_axes(s);
    w = h_artist(ax, CHARTEX_ARTIST_WEDGE, "a");
    chartex_artist_set_wedge(w, 0, 90, 1);
    h_text(ax, "25%", 0.3, 0.3, 0, 0);
    h_expect(s, "{\"type\":\"pie\",\"title\":null,\"elements\":["
                "{\"label\":\"a\",\"angle\":90.0,\"radius\":1.0}]}");
}

Test(shapes, free_patches_but_not_outlines_or_stand_ins)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    double x[4] = {0, 1, 1, 0}, y[4] = {0, 0, 2, 2}, z[2] = {0, 0};
    chartex_artist *p = h_polygon(ax, CHARTEX_ARTIST_PATCH, "box", 4, x, y);
    chartex_artist *q = h_polygon(ax, CHARTEX_ARTIST_PATCH, "", 2, z, z);
    chartex_artist *r = h_polygon(ax, CHARTEX_ARTIST_PATCH, "", 4, x, y);

    cr_assert_eq(chartex_artist_set_class(p, "Rectangle", 9, NULL), 0);
    cr_assert_eq(chartex_artist_set_class(q, "Rectangle", 9, NULL), 0);
    cr_assert_eq(chartex_artist_set_class(r, "FancyArrowPatch", 15, NULL), 0);
    h_expect(s, "{\"type\":\"unknown\",\"title\":null,\"elements\":[]," NO_AXES ","
                "\"shapes\":[{\"label\":\"box\",\"class\":\"Rectangle\",\"kind\":\"polygons\","
                "\"polygons\":[[[0.0,0.0],[1.0,0.0],[1.0,2.0],[0.0,2.0]]]}]}");
}

Test(steps, scene_json_round_trip_of_the_new_kinds)
{
    chartex_scene *s = h_scene(), *back;
    chartex_axes *ax = h_axes(s);
    chartex_artist *st = h_artist(ax, CHARTEX_ARTIST_STAIRS, "s");
    chartex_artist *ve = h_artist(ax, CHARTEX_ARTIST_VECTORS, "v");
    double edges[3] = {0, 1, 2}, values[2] = {3, 4}, xy[2] = {1, 2}, u = 3, v = 4;
    char *t1, *t2;

    cr_assert_eq(chartex_artist_set_stairs(st, 2, edges, values, 0, NULL, CHARTEX_HORIZONTAL,
                                           NULL), 0);
    cr_assert_eq(chartex_artist_set_vectors(ve, 1, xy, &u, &v, NULL), 0);
    h_text(ax, "t", 1, 2, CHARTEX_TEXT_TABLE_CELL | CHARTEX_TEXT_BAR_CENTRE, 3);
    t1 = chartex_scene_to_json(s, 0, NULL, NULL);
    cr_assert_not_null(t1);
    cr_assert(strstr(t1, "\"orientation\":\"horizontal\",\"stairs\":{\"edges\":[0.0,1.0,2.0],"
                         "\"values\":[3.0,4.0],\"baseline\":[]}") != NULL, "%s", t1);
    cr_assert(strstr(t1, "\"kind\":\"text\",\"flags\":[\"table_cell\",\"bar_centre\"]")
              != NULL, "%s", t1);
    back = chartex_scene_from_json(t1, strlen(t1), NULL);
    cr_assert_not_null(back);
    t2 = chartex_scene_to_json(back, 0, NULL, NULL);
    cr_assert_str_eq(t1, t2);
    chartex_free(t1);
    chartex_free(t2);
    chartex_scene_free(back);
    chartex_scene_free(s);
}
