/*
 * test_bars.c - bar charts as their reader sees them (src/chart/bars.c): bars
 * named by the group they stand in, floating bars' base, stacks, the
 * lines drawn as a bar's error bar; an Axes of several kinds of data as
 * an overlaid superchart (src/chart/extract.c); reference lines
 * (src/chart/reflines.c).
 */
#include "helpers.h"

/* A vertical bar container of n bars at centres with the given bottoms
 * (NULL: 0) and width. */
static void
bars(chartex_axes *ax, const char *label, size_t n, const double *centres,
     const double *values, double width, const double *bottoms)
{
    h_bars(ax, label, CHARTEX_VERTICAL, n, centres, values, width, bottoms);
}

Test(bars, offsets_around_labelled_ticks_name_the_group)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    double a[3] = {-0.175, 0.825, 1.825}, b[3] = {0.175, 1.175, 2.175};
    double va[3] = {20, 34, 30}, vb[3] = {25, 32, 34}, t[3] = {0, 1, 2};
    const char *names[3] = {"North", "South", "East"};
    size_t i;

    bars(ax, "Men", 3, a, va, 0.35, NULL);
    bars(ax, "Women", 3, b, vb, 0.35, NULL);
    cr_assert_eq(chartex_axis_set_ticks(h_axis(ax, 0), 3, t, NULL), 0);
    for (i = 0; i < 3; i++)
        cr_assert_eq(chartex_axis_set_tick_label(h_axis(ax, 0), i, names[i],
                                                 strlen(names[i]), NULL), 0);
    h_expect(s, "{\"type\":\"bar\",\"title\":null,\"elements\":["
             "{\"label\":\"North\",\"group\":\"Men\",\"value\":20.0},"
             "{\"label\":\"South\",\"group\":\"Men\",\"value\":34.0},"
             "{\"label\":\"East\",\"group\":\"Men\",\"value\":30.0},"
             "{\"label\":\"North\",\"group\":\"Women\",\"value\":25.0},"
             "{\"label\":\"South\",\"group\":\"Women\",\"value\":32.0},"
             "{\"label\":\"East\",\"group\":\"Women\",\"value\":34.0}],"
             "\"x_label\":null,\"y_label\":null,\"x_unit\":null,\"y_unit\":null,"
             "\"orientation\":\"vertical\",\"grouped\":true}");
}

Test(bars, three_offsets_and_no_ticks_name_the_middle)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    double c0[2] = {2020, 2021}, c1[2] = {2020.25, 2021.25}, c2[2] = {2020.5, 2021.5};
    double v[2] = {1, 2};

    bars(ax, "a", 2, c0, v, 0.25, NULL);
    bars(ax, "b", 2, c1, v, 0.25, NULL);
    bars(ax, "c", 2, c2, v, 0.25, NULL);
    h_expect_has(s, "{\"label\":\"2020.25\",\"group\":\"a\",\"value\":1.0},"
                 "{\"label\":\"2021.25\",\"group\":\"a\",\"value\":2.0},"
                 "{\"label\":\"2020.25\",\"group\":\"b\"");
    chartex_scene_free(s);
}

Test(bars, containers_far_apart_are_no_group)
{
    /* Side by side means within a bar width and a half of each other and
     * narrower than the spacing: bars at other positions keep their own. */
    chartex_scene *s = h_scene();
    chartex_axes *far = h_axes(s);
    double a[2] = {0, 1}, b[2] = {10, 11}, c[2] = {0.45, 1.45}, v[2] = {1, 2};

    bars(far, NULL, 2, a, v, 0.4, NULL);
    bars(far, NULL, 2, b, v, 0.4, NULL);
    h_expect_has(s, "{\"label\":\"10\",\"group\":\"Group 1\"");
    chartex_scene_free(s);
    /* A group (0.45 + 0.6) wider than the bars' spacing: no groups either. */
    s = h_scene();
    far = h_axes(s);
    bars(far, NULL, 2, a, v, 0.6, NULL);
    bars(far, NULL, 2, c, v, 0.6, NULL);
    h_expect_has(s, "{\"label\":\"0.45\",\"group\":\"Group 1\"");
    chartex_scene_free(s);
}

Test(bars, single_bars_at_two_categories_are_no_group)
{
    /* One bar per container, at categories 0 and 1 (an Altair bar chart
     * coloured by a field whose values fall on different categories): no
     * spacing of a container's own to compare, but a group never spans
     * more than one category of a category axis. */
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    chartex_axis *x = h_axis(ax, 0);
    double a[1] = {0}, b[1] = {1}, v[1] = {3};

    chartex_axis_set_kind(x, CHARTEX_AXIS_CATEGORY, 0);
    cr_assert_eq(chartex_axis_add_category(x, "a", 1, NULL), 0);
    cr_assert_eq(chartex_axis_add_category(x, "b", 1, NULL), 0);
    bars(ax, "q", 1, a, v, 0.8, NULL);
    bars(ax, "p", 1, b, v, 0.8, NULL);
    h_expect_has(s, "{\"label\":\"a\",\"group\":\"q\",\"value\":3.0},"
                 "{\"label\":\"b\",\"group\":\"p\",\"value\":3.0}]");
    chartex_scene_free(s);
}

Test(bars, floating_bars_have_a_base_stacks_do_not)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    double c[3] = {0, 1, 2}, steps[3] = {100, 40, -25}, running[3] = {0, 100, 140};
    double v2[3] = {1, 1, 1}, tops[3] = {100, 140, 115};

    bars(ax, "steps", 3, c, steps, 0.8, running);
    /* Stacked on the steps' tops: no base, and the chart says stacked. */
    bars(ax, "more", 3, c, v2, 0.8, tops);
    h_expect_has(s, "{\"label\":\"0\",\"group\":\"steps\",\"value\":100.0},"
                 "{\"label\":\"1\",\"group\":\"steps\",\"value\":40.0,\"base\":100.0},"
                 "{\"label\":\"2\",\"group\":\"steps\",\"value\":-25.0,\"base\":140.0},"
                 "{\"label\":\"0\",\"group\":\"more\",\"value\":1.0},");
    h_expect_has(s, "\"orientation\":\"vertical\",\"stacked\":true}");
    chartex_scene_free(s);
}

Test(bars, a_line_along_a_bar_is_its_error_bar)
{
    /* seaborn: a line along the bar's centre, caps across it in the same
     * line (NaN between the pieces), holding the bar's end. */
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    double c[2] = {0, 1}, v[2] = {3, 4};
    double lx[8] = {-0.1, 0.1, NAN, 0, 0, NAN, -0.1, 0.1};
    double ly[8] = {2.5, 2.5, NAN, 2.5, 3.5, NAN, 3.5, 3.5};
    double wx[2] = {1, 1}, wy[2] = {3.8, 4.4};

    bars(ax, NULL, 2, c, v, 0.8, NULL);
    h_line(ax, NULL, 8, lx, ly, 0);
    h_line(ax, NULL, 2, wx, wy, 0);
    h_expect(s, "{\"type\":\"bar\",\"title\":null,\"elements\":["
             "{\"label\":\"0\",\"group\":\"Group 0\",\"value\":3.0,\"y_error\":[2.5,3.5]},"
             "{\"label\":\"1\",\"group\":\"Group 0\",\"value\":4.0,\"y_error\":[3.8,4.4]}],"
             "\"x_label\":null,\"y_label\":null,\"x_unit\":null,\"y_unit\":null,"
             "\"orientation\":\"vertical\"}");
}

Test(bars, a_line_off_the_bars_is_a_line)
{
    /* Not at a bar's centre, or not holding its end: a line of its own,
     * and the Axes an overlaid superchart of its bars and its line. */
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    double c[1] = {0}, v[1] = {3}, lx[2] = {0, 0}, ly[2] = {5, 6};

    bars(ax, NULL, 1, c, v, 0.8, NULL);
    h_line(ax, "above", 2, lx, ly, 0);
    h_expect_has(s, "{\"type\":\"superchart\",\"title\":null,\"elements\":[{\"type\":\"bar\"");
    h_expect_has(s, "{\"type\":\"line\",\"title\":null,\"elements\":[{\"label\":\"above\","
                 "\"points\":[[0.0,5.0],[0.0,6.0]]}]");
    h_expect_has(s, "\"overlaid\":true");
    chartex_scene_free(s);
}

Test(bars, reference_lines)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    double c[1] = {0}, v[1] = {3}, hx[2] = {0, 1}, hy[2] = {2.5, 2.5};
    double vx[2] = {0.25, 0.25}, vy[2] = {0, 1};
    double sx[5] = {0, 1, 1, 0, 0}, sy[5] = {1, 1, 2, 2, 1};
    double ax1[2] = {0, 1}, ay1[2] = {0, 2};
    chartex_artist *a;

    bars(ax, NULL, 1, c, v, 0.8, NULL);
    a = h_line(ax, "target", 2, hx, hy, 0);
    chartex_artist_set_role(a, CHARTEX_ROLE_REFLINE);
    chartex_artist_set_flags(a, CHARTEX_REF_Y_DATA);
    a = h_line(ax, NULL, 2, vx, vy, 0);
    chartex_artist_set_role(a, CHARTEX_ROLE_REFLINE);
    chartex_artist_set_flags(a, CHARTEX_REF_X_DATA);
    a = h_polygon(ax, CHARTEX_ARTIST_PATCH, "band", 5, sx, sy);
    chartex_artist_set_role(a, CHARTEX_ROLE_REFLINE);
    chartex_artist_set_flags(a, CHARTEX_REF_Y_DATA);
    a = h_line(ax, NULL, 2, ax1, ay1, 0);
    chartex_artist_set_role(a, CHARTEX_ROLE_REFLINE);
    chartex_artist_set_flags(a, CHARTEX_REF_X_DATA | CHARTEX_REF_Y_DATA);
    /* Which coordinates are data unknown: not reported. */
    a = h_line(ax, "unread", 2, hx, hy, 0);
    chartex_artist_set_role(a, CHARTEX_ROLE_REFLINE);
    h_expect_has(s, "\"reference_lines\":["
                 "{\"label\":\"target\",\"axis\":\"y\",\"value\":2.5},"
                 "{\"label\":null,\"axis\":\"x\",\"value\":0.25},"
                 "{\"label\":\"band\",\"axis\":\"y\",\"from\":1.0,\"to\":2.0},"
                 "{\"label\":null,\"points\":[[0.0,0.0],[1.0,2.0]]}]}");
    chartex_scene_free(s);
}

Test(bars, reference_lines_alone_make_no_chart)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    double hx[2] = {0, 1}, hy[2] = {2.5, 2.5};
    chartex_artist *a = h_line(ax, "target", 2, hx, hy, 0);

    chartex_artist_set_role(a, CHARTEX_ROLE_REFLINE);
    chartex_artist_set_flags(a, CHARTEX_REF_Y_DATA);
    h_expect(s, "{}");
}
