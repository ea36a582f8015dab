/*
 * test_extract.c - the chart of a scene, checked as its whole JSON text
 * (src/chart/extract.c and the chart rooms below it, through src/chart/emit.c and src/base/json_writer.c).
 */
#include <json-c/json.h>

#include "helpers.h"

#define NO_LABELS                                                             \
    "\"x_label\":null,\"y_label\":null,\"x_unit\":null,\"y_unit\":null"

static const unsigned MARKERS = CHARTEX_LINE_NO_LINE | CHARTEX_LINE_MARKER;

/* ------------------------------------------------------------------ lines */

Test(line, default_labels_and_nan)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    double x[3] = {0, 1, 2}, y[3] = {1, NAN, INFINITY};

    h_line(ax, "_child0", 3, x, y, 0);
    h_line(ax, "_childish", 2, x, x, 0);
    h_line(ax, "", 1, x, x, MARKERS);
    h_expect(s, "{\"type\":\"line\",\"title\":null,\"elements\":["
                "{\"label\":\"Line 0\",\"points\":[[0.0,1.0],[1.0,null],[2.0,null]]},"
                "{\"label\":\"Line 1\",\"points\":[[0.0,0.0],[1.0,1.0]]},"
                "{\"label\":\"Line 2\",\"points\":[[0.0,0.0]]}],"
                NO_AXES "}");
}

/* Labels shorter than a node's inline buffer, just fitting, just not, and
 * long, all come out whole (util.c keeps short strings in the node). */
Test(line, labels_around_the_inline_length)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    double x[1] = {0};

    h_line(ax, "a", 1, x, x, 0);
    h_line(ax, "abcdefghijklmnopqrstuvw", 1, x, x, 0);   /* 23 bytes */
    h_line(ax, "abcdefghijklmnopqrstuvwx", 1, x, x, 0);  /* 24 bytes */
    h_line(ax, "Temp\xc3\xa9rature moyenne de l'air \xc3\xa0 Lisbonne", 1, x, x, 0);
    h_expect(s, "{\"type\":\"line\",\"title\":null,\"elements\":["
                "{\"label\":\"a\",\"points\":[[0.0,0.0]]},"
                "{\"label\":\"abcdefghijklmnopqrstuvw\",\"points\":[[0.0,0.0]]},"
                "{\"label\":\"abcdefghijklmnopqrstuvwx\",\"points\":[[0.0,0.0]]},"
                "{\"label\":\"Temp\xc3\xa9rature moyenne de l'air \xc3\xa0 Lisbonne\","
                "\"points\":[[0.0,0.0]]}],"
                NO_AXES "}");
}

Test(line, defaults_avoid_explicit_labels)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    double x[1] = {0};

    h_line(ax, NULL, 1, x, x, 0);
    h_line(ax, NULL, 1, x, x, 0);
    h_line(ax, "Line 0", 1, x, x, 0);
    h_line(ax, "Line 3", 1, x, x, 0);
    h_line(ax, NULL, 1, x, x, 0);
    h_expect(s, "{\"type\":\"line\",\"title\":null,\"elements\":["
                "{\"label\":\"Line 1\",\"points\":[[0.0,0.0]]},"
                "{\"label\":\"Line 2\",\"points\":[[0.0,0.0]]},"
                "{\"label\":\"Line 0\",\"points\":[[0.0,0.0]]},"
                "{\"label\":\"Line 3\",\"points\":[[0.0,0.0]]},"
                "{\"label\":\"Line 4\",\"points\":[[0.0,0.0]]}],"
                NO_AXES "}");
}

Test(line, two_point_line_is_data_refline_is_not)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    chartex_artist *ref;

    h_line2(ax, "level", 0, 5, 1, 5, 0);
    ref = h_line2(ax, NULL, 0, 2, 1, 2, 0);
    chartex_artist_set_role(ref, CHARTEX_ROLE_REFLINE);
    h_expect(s, "{\"type\":\"line\",\"title\":null,\"elements\":["
                "{\"label\":\"level\",\"points\":[[0.0,5.0],[1.0,5.0]]}],"
                NO_AXES "}");
}

Test(line, errorbar_and_stem_data_lines)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    chartex_artist *a;
    double x[2] = {1, 2}, y[2] = {3, 4}, seg[8] = {1, 2.5, 1, 3.5, 2, 3.5, 2, 4.5};

    a = h_line(ax, NULL, 2, x, y, 0);
    chartex_artist_set_flags(a, CHARTEX_ARTIST_ERRORBAR_DATA);
    a = h_segments(ax, NULL, 2, seg);
    chartex_artist_set_role(a, CHARTEX_ROLE_ERRORBAR);
    a = h_line(ax, NULL, 2, x, x, MARKERS | CHARTEX_ARTIST_STEM);
    a = h_line2(ax, NULL, 1, 0, 2, 0, 0);
    chartex_artist_set_role(a, CHARTEX_ROLE_DECORATION);
    h_expect(s, "{\"type\":\"line\",\"title\":null,\"elements\":["
                "{\"label\":\"Line 0\",\"points\":[[1.0,3.0],[2.0,4.0]]},"
                "{\"label\":\"Line 1\",\"points\":[[1.0,1.0],[2.0,2.0]]}],"
                NO_AXES "}");
}

Test(line, scatter_with_fit_line)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    double x[3] = {0, 1, 2}, y[3] = {0.5, 1, 2.5}, fx[2] = {0, 2}, fy[2] = {0.25, 2.25};

    h_scatter(ax, "_child0", 3, x, y);
    h_line(ax, "_child1", 2, fx, fy, 0);
    h_scatter(ax, "more", 1, x, y);
    h_expect(s, "{\"type\":\"scatter\",\"title\":null,\"elements\":["
                "{\"label\":\"Scatter 0\",\"points\":[[0.0,0.5],[1.0,1.0],[2.0,2.5]]},"
                "{\"label\":\"Line 0\",\"points\":[[0.0,0.25],[2.0,2.25]]},"
                "{\"label\":\"more\",\"points\":[[0.0,0.5]]}],"
                NO_AXES "}");
}

Test(line, areas_fill_between_and_stackplot)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    double x[3] = {0, 1, 2}, zero[3] = {0, 0, 0}, a[3] = {1, 2, 3};
    double ab[3] = {2, 3, 4}, lo[3] = {-1, -1, 0}, hi[3] = {1, 1, 2};

    /* fill_between(x, a): y2 all 0, no baseline. */
    h_fill_between(ax, NULL, 3, x, a, zero);
    /* fill_between(x, lo, hi): the band, hi as baseline. */
    h_fill_between(ax, "band", 3, x, lo, hi);
    h_expect(s, "{\"type\":\"line\",\"title\":null,\"elements\":["
                "{\"label\":\"Area 0\",\"points\":[[0.0,1.0],[1.0,2.0],[2.0,3.0]]},"
                "{\"label\":\"band\",\"points\":[[0.0,-1.0],[1.0,-1.0],[2.0,0.0]],"
                "\"baseline\":[1.0,1.0,2.0]}],"
                NO_AXES "}");

    /* stackplot(x, a, [1, 1, 1]): fill_between(x, 0, a), then
     * fill_between(x, a, a + 1): each layer's top, and what it sits on. */
    s = h_scene();
    ax = h_axes(s);
    h_fill_between(ax, "_child0", 3, x, zero, a);
    h_fill_between(ax, "_child1", 3, x, a, ab);
    h_expect(s, "{\"type\":\"line\",\"title\":null,\"elements\":["
                "{\"label\":\"Area 0\",\"points\":[[0.0,1.0],[1.0,2.0],[2.0,3.0]]},"
                "{\"label\":\"Area 1\",\"points\":[[0.0,2.0],[1.0,3.0],[2.0,4.0]],"
                "\"baseline\":[1.0,2.0,3.0]}],"
                NO_AXES "}");
}

Test(line, area_in_two_parts_and_odd_polygon)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    chartex_artist *a = h_artist(ax, CHARTEX_ARTIST_AREA, NULL);
    double x1[2] = {0, 1}, y1[2] = {1, 2}, x2[2] = {3, 4}, y2[2] = {5, 6}, z[2] = {0, 0};
    double tx[3] = {0, 1, 0}, ty[3] = {0, 0, 1};

    /* fill_between with a gap (where=): one polygon per region. */
    h_band(a, 2, x1, y1, z, 0);
    h_band(a, 2, x2, y2, z, 0);
    h_polygon(ax, CHARTEX_ARTIST_AREA, NULL, 3, tx, ty);
    h_expect(s, "{\"type\":\"line\",\"title\":null,\"elements\":["
                "{\"label\":\"Area 0\",\"points\":[[0.0,1.0],[1.0,2.0],[3.0,5.0],[4.0,6.0]]},"
                "{\"label\":\"Area 1\",\"points\":[[0.0,0.0],[1.0,0.0],[0.0,1.0]]}],"
                NO_AXES "}");
}

/* ------------------------------------------------------ labels and ticks */

Test(axes, titles_labels_units_scales)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    double x[1] = {1};

    h_line(ax, NULL, 1, x, x, 0);
    h_title(ax, CHARTEX_TITLE_RIGHT, "right");
    h_title(ax, CHARTEX_TITLE_LEFT, "left");
    h_label(ax, 0, "Time (s)");
    h_label(ax, 1, "Speed [$10^{3}$ m/s] (avg)");
    h_scale(ax, 1, "log");
    h_expect(s, "{\"type\":\"line\",\"title\":\"left\",\"elements\":["
                "{\"label\":\"Line 0\",\"points\":[[1.0,1.0]]}],"
                "\"x_label\":\"Time (s)\",\"y_label\":\"Speed [10^3 m/s] (avg)\","
                "\"x_unit\":\"s\",\"y_unit\":\"10^3 m/s\","
                "\"x_ticks\":[],\"x_tick_labels\":[],\"x_scale\":\"linear\","
                "\"y_ticks\":[],\"y_tick_labels\":[],\"y_scale\":\"log\"}");

    s = h_scene();
    ax = h_axes(s);
    h_line(ax, NULL, 1, x, x, 0);
    h_title(ax, CHARTEX_TITLE_RIGHT, "right");
    h_title(ax, CHARTEX_TITLE_LEFT, "left");
    h_title(ax, CHARTEX_TITLE_CENTER, "centre");
    h_suptitle(s, "figure");
    h_expect_has(s, "\"title\":\"centre\"");
    chartex_scene_free(s);

    /* No axes title: the figure's suptitle. */
    s = h_scene();
    ax = h_axes(s);
    h_line(ax, NULL, 1, x, x, 0);
    h_title(ax, CHARTEX_TITLE_RIGHT, "right");
    h_suptitle(s, "figure");
    h_expect_has(s, "\"title\":\"right\"");
    chartex_scene_free(s);
    s = h_scene();
    ax = h_axes(s);
    h_line(ax, NULL, 1, x, x, 0);
    h_suptitle(s, "2 $\\times$ 3");
    h_expect_has(s, "{\"type\":\"line\",\"title\":\"2 \xc3\x97 3\",");
    chartex_scene_free(s);
}

Test(axes, ticks_inside_the_view)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    double x[2] = {0, 1};
    double xt[6] = {-0.2, 0.0, 0.4000000000000001, 0.8, 1.0000000000000002, 1.2};
    const char *xl[6] = {"\xe2\x88\x92" "0.2", "0.0", "0.4", "0.8", "1.0", "1.2"};
    double yt[3] = {1, 10, 100};
    const char *yl[3] = {"$\\mathdefault{10^{0}}$", "$\\mathdefault{10^{1}}$",
                         "$\\mathdefault{10^{2}}$"};

    h_line(ax, NULL, 2, x, x, 0);
    h_ticks(ax, 0, 6, xt, xl);
    h_view(ax, 0, -0.05, 1.0);
    h_ticks(ax, 1, 3, yt, yl);   /* view unknown: all ticks */
    h_expect(s, "{\"type\":\"line\",\"title\":null,\"elements\":["
                "{\"label\":\"Line 0\",\"points\":[[0.0,0.0],[1.0,1.0]]}],"
                NO_LABELS ","
                "\"x_ticks\":[0.0,0.4000000000000001,0.8,1.0000000000000002],"
                "\"x_tick_labels\":[\"0.0\",\"0.4\",\"0.8\",\"1.0\"],"
                "\"x_scale\":\"linear\","
                "\"y_ticks\":[1.0,10.0,100.0],"
                "\"y_tick_labels\":[\"10^0\",\"10^1\",\"10^2\"],"
                "\"y_scale\":\"linear\"}");

    /* An inverted view filters the same way. */
    s = h_scene();
    ax = h_axes(s);
    h_line(ax, NULL, 2, x, x, 0);
    h_ticks(ax, 0, 6, xt, xl);
    h_view(ax, 0, 0.9, 0.1);
    h_expect_has(s, "\"x_ticks\":[0.4000000000000001,0.8],");
    chartex_scene_free(s);
}

Test(axes, dates_and_categories)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    const char *cats[3] = {"apple", "pear", "plum"};
    /* 2024-01-01 and 2024-01-02 12:00:00.5 with matplotlib's 1970 epoch. */
    double x[2] = {19723.0, 19724.5 + 0.5 / 86400}, y[2] = {0, 2};
    double xt[2] = {19723.0, 19724.0}, yt[4] = {0, 1, 2, 5};
    const char *xl[2] = {"Jan 01", "Jan 02"}, *yl[4] = {"apple", "pear", "plum", ""};

    chartex_axis_set_kind(h_axis(ax, 0), CHARTEX_AXIS_DATE, 0);
    h_categories(ax, 1, 3, cats);
    h_line(ax, NULL, 2, x, y, 0);
    h_ticks(ax, 0, 2, xt, xl);
    h_ticks(ax, 1, 4, yt, yl);
    h_expect(s, "{\"type\":\"line\",\"title\":null,\"elements\":["
                "{\"label\":\"Line 0\",\"points\":[[\"2024-01-01T00:00:00\",\"apple\"],"
                "[\"2024-01-02T12:00:00.500000\",\"plum\"]]}],"
                NO_LABELS ","
                "\"x_ticks\":[\"2024-01-01T00:00:00\",\"2024-01-02T00:00:00\"],"
                "\"x_tick_labels\":[\"Jan 01\",\"Jan 02\"],\"x_scale\":\"datetime\","
                "\"y_ticks\":[\"apple\",\"pear\",\"plum\",5.0],"
                "\"y_tick_labels\":[\"apple\",\"pear\",\"plum\",\"\"],"
                "\"y_scale\":\"categorical\"}");
}

/* ------------------------------------------------------------------- bars */

#define BAR(label, group, value) \
    "{\"label\":\"" label "\",\"group\":\"" group "\",\"value\":" value "}"

Test(bar, equal_heights_stay_vertical_on_categories)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    const char *cats[3] = {"a", "b", "c"};
    double c[3] = {0, 1, 2}, v[3] = {1, 1, 1};

    h_categories(ax, 0, 3, cats);
    h_bars(ax, "_container0", CHARTEX_VERTICAL, 3, c, v, 0.8, NULL);
    /* plt.xticks([]): no ticks, the categories still name the bars. */
    h_ticks(ax, 0, 0, NULL, NULL);
    h_expect(s, "{\"type\":\"bar\",\"title\":null,\"elements\":["
                BAR("a", "Group 0", "1.0") "," BAR("b", "Group 0", "1.0") ","
                BAR("c", "Group 0", "1.0") "]," NO_LABELS
                ",\"orientation\":\"vertical\"}");
}

Test(bar, single_and_zero_bars_with_errorbars)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    chartex_artist *e;
    double c[2] = {0, 1}, v[2] = {0, 0}, seg[4] = {0, -0.1, 0, 0.1};

    h_bars(ax, "sales", CHARTEX_VERTICAL, 1, c, v, 0.8, NULL);
    h_bars(ax, NULL, CHARTEX_VERTICAL, 2, c, v, 0.8, NULL);
    e = h_segments(ax, NULL, 1, seg);
    chartex_artist_set_role(e, CHARTEX_ROLE_ERRORBAR);
    h_expect(s, "{\"type\":\"bar\",\"title\":null,\"elements\":["
                BAR("0", "sales", "0.0") "," BAR("0", "Group 1", "0.0") ","
                BAR("1", "Group 1", "0.0") "]," NO_LABELS
                ",\"orientation\":\"vertical\"}");
}

Test(bar, barh_values_are_widths_labels_from_y)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    const char *cats[2] = {"x", "y"};
    double c[2] = {0, 1}, v[2] = {3, -5};

    h_categories(ax, 1, 2, cats);
    h_label(ax, 0, "Amount (EUR)");
    h_bars(ax, NULL, CHARTEX_HORIZONTAL, 2, c, v, 0.8, NULL);
    h_expect(s, "{\"type\":\"bar\",\"title\":null,\"elements\":["
                BAR("x", "Group 0", "3.0") "," BAR("y", "Group 0", "-5.0") "],"
                "\"x_label\":\"Amount (EUR)\",\"y_label\":null,\"x_unit\":\"EUR\","
                "\"y_unit\":null,\"orientation\":\"horizontal\"}");
}

Test(bar, numeric_positions_grouped_offsets_histogram)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    double c[2] = {1, 2.5}, v[2] = {3, 5}, c2[2] = {1.4, 2.9}, v2[2] = {1, 2};
    double hc[3] = {0.1, 0.30000000000000004, -0.2}, hv[3] = {2, 4, 1};
    chartex_artist *raw;
    double rx[1] = {-0.30000000000000004}, ry[1] = {0}, rw[1] = {0.8}, rh[1] = {7};

    h_bars(ax, NULL, CHARTEX_VERTICAL, 2, c, v, 0.8, NULL);
    h_bars(ax, "_container1", CHARTEX_VERTICAL, 2, c2, v2, 0.4, NULL);
    /* (bars that overlap bars of another slot: no groups, each at its own
     * place; doc/schema.md "Where a bar stands") */
    /* hist(): bins centred on their middles, width of a bin. */
    h_bars(ax, "hist", CHARTEX_VERTICAL, 3, hc, hv, 0.2, NULL);
    /* No container values: the heights. */
    raw = h_artist(ax, CHARTEX_ARTIST_BARS, NULL);
    cr_assert_eq(chartex_artist_set_bars(raw, 1, rx, ry, rw, rh, NULL, NULL), 0);
    h_expect(s, "{\"type\":\"bar\",\"title\":null,\"elements\":["
                BAR("1", "Group 0", "3.0") "," BAR("2.5", "Group 0", "5.0") ","
                BAR("1.4", "Group 1", "1.0") "," BAR("2.9", "Group 1", "2.0") ","
                BAR("0.1", "hist", "2.0") "," BAR("0.3", "hist", "4.0") ","
                BAR("-0.2", "hist", "1.0") "," BAR("0.1", "Group 3", "7.0") "],"
                NO_LABELS ",\"orientation\":\"vertical\"}");
}

/* A position is named by the shortest decimal within 1e-7 of the
 * narrowest bar plus the doubles' noise there (1e-14 of it), which takes
 * away the noise of x + w / 2 and keeps every digit a bar's width tells
 * (doc/schema.md "Where a bar stands"). */
Test(bar, position_labels_round_to_15_digits)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    double c[7] = {123456789012345.0, 0.1234567890123456, 0.123456789012345,
                   1234567.8901234567, 2.675, 1e22, -7.000000000000001};
    double v[7] = {1, 2, 3, 4, 5, 6, 7};

    h_bars(ax, "b", CHARTEX_VERTICAL, 7, c, v, 0.8, NULL);
    h_expect(s, "{\"type\":\"bar\",\"title\":null,\"elements\":["
                BAR("123456789012345", "b", "1.0") ","
                BAR("0.1234568", "b", "2.0") ","
                BAR("0.1234568", "b", "3.0") ","
                BAR("1234567.8901235", "b", "4.0") ","
                BAR("2.675", "b", "5.0") "," BAR("1e+22", "b", "6.0") ","
                BAR("-7", "b", "7.0") "],"
                NO_LABELS ",\"orientation\":\"vertical\"}");
}

Test(bar, date_positions)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    double c[2] = {19723.0, 19724.5}, v[2] = {1, 2};

    chartex_axis_set_kind(h_axis(ax, 0), CHARTEX_AXIS_DATE, 0);
    h_bars(ax, "_container0", CHARTEX_VERTICAL, 2, c, v, 0.8, NULL);
    h_expect(s, "{\"type\":\"bar\",\"title\":null,\"elements\":["
                BAR("2024-01-01T00:00:00", "Group 0", "1.0") ","
                BAR("2024-01-02T12:00:00", "Group 0", "2.0") "],"
                NO_LABELS ",\"orientation\":\"vertical\"}");
}

/* -------------------------------------------------------------------- pie */

Test(pie, angles_labels_explode)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);

    /* pie([90, 10]) on matplotlib 3.6: float32 fractions times 360. */
    h_wedge(ax, "", 0, 323.99999141693115, 1);
    h_wedge(ax, "", 323.99999141693115, 359.99999195337296, 1);
    /* pie([0.3, 0.7]) on matplotlib 3.10 (float32 thetas). */
    h_wedge(ax, "", 0, 108.00000762939453, 1);
    /* pie([1, 1000]): small angles keep their digits. */
    h_wedge(ax, "", 0, 0.3596403496339917, 1);
    h_expect(s, "{\"type\":\"pie\",\"title\":null,\"elements\":["
                "{\"label\":\"\",\"angle\":324.0,\"radius\":1.0},"
                "{\"label\":\"\",\"angle\":36.0,\"radius\":1.0},"
                "{\"label\":\"\",\"angle\":108.0,\"radius\":1.0},"
                "{\"label\":\"\",\"angle\":0.3596403,\"radius\":1.0}]}");

    /* Labels (never defaulted), an exploded wedge (same angle, moved
     * centre), reversed direction (counterclock=False). */
    s = h_scene();
    ax = h_axes(s);
    h_wedge(ax, "a", 90, 150, 1);
    h_wedge(ax, "_b", 150, 270, 1.1);
    h_wedge(ax, "c", 90, -90, 0.5);
    h_expect(s, "{\"type\":\"pie\",\"title\":null,\"elements\":["
                "{\"label\":\"a\",\"angle\":60.0,\"radius\":1.0},"
                "{\"label\":\"_b\",\"angle\":120.0,\"radius\":1.1},"
                "{\"label\":\"c\",\"angle\":180.0,\"radius\":0.5}]}");
}

/* -------------------------------------------------------------------- box */

#define BOX(label, min, q1, med, q3, max, outliers)                           \
    "{\"label\":\"" label "\",\"min\":" min ",\"first_quartile\":" q1          \
    ",\"median\":" med ",\"third_quartile\":" q3 ",\"max\":" max               \
    ",\"outliers\":[" outliers "]}"

static const double fliers[2] = {-4, 12};
static const h_stats stats3[3] = {
    {1, 2, 3, 4, 5, 3.1, 0, NULL},
    {0, 2.5, 3, 6, 9, 4, 2, fliers},
    {-1, 0, 0.5, 1, 2, 0.4, 0, NULL},
};

Test(box_chart, vertical_horizontal_patch)
{
    int variant;

    for (variant = 0; variant < 4; variant++) {
        chartex_scene *s = h_scene();
        chartex_axes *ax = h_axes(s);
        h_bxp opt = {0};

        opt.horizontal = variant & 1;
        opt.patch_artist = (variant & 2) != 0;
        h_boxplot(ax, 3, stats3, &opt);
        h_label(ax, 1, "y (cm)");
        h_expect(s, opt.horizontal
            ? "{\"type\":\"box_and_whisker\",\"title\":null,\"elements\":["
              BOX("1", "1.0", "2.0", "3.0", "4.0", "5.0", "") ","
              BOX("2", "0.0", "2.5", "3.0", "6.0", "9.0", "-4.0,12.0") ","
              BOX("3", "-1.0", "0.0", "0.5", "1.0", "2.0", "") "],"
              "\"x_label\":null,\"y_label\":\"y (cm)\",\"x_unit\":null,\"y_unit\":\"cm\","
              "\"orientation\":\"horizontal\"}"
            : "{\"type\":\"box_and_whisker\",\"title\":null,\"elements\":["
              BOX("1", "1.0", "2.0", "3.0", "4.0", "5.0", "") ","
              BOX("2", "0.0", "2.5", "3.0", "6.0", "9.0", "-4.0,12.0") ","
              BOX("3", "-1.0", "0.0", "0.5", "1.0", "2.0", "") "],"
              "\"x_label\":null,\"y_label\":\"y (cm)\",\"x_unit\":null,\"y_unit\":\"cm\","
              "\"orientation\":\"vertical\"}");
    }
}

Test(box_chart, one_box_labels_means)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    h_bxp opt = {0};
    double t[1] = {1};
    const char *tl[1] = {"$\\mathdefault{10^{2}}$"};

    opt.showmeans = 1;
    h_boxplot(ax, 1, stats3 + 1, &opt);
    /* boxplot(tick_labels=[...]) replaces the labels of the ticks. */
    h_ticks(ax, 0, 1, t, tl);
    h_expect(s, "{\"type\":\"box_and_whisker\",\"title\":null,\"elements\":["
                "{\"label\":\"10^2\",\"min\":0.0,\"first_quartile\":2.5,"
                "\"median\":3.0,\"third_quartile\":6.0,\"max\":9.0,"
                "\"outliers\":[-4.0,12.0],\"mean\":4.0}],"
                NO_LABELS ",\"orientation\":\"vertical\"}");
}

Test(box_chart, equal_boxes_zero_whiskers_no_ticks)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    h_stats st[2] = {{2, 2, 3, 4, 4, 3, 0, NULL}, {2, 2, 3, 4, 4, 3, 0, NULL}};
    static const double pos[2] = {0, 2.5};
    h_bxp opt = {0};

    opt.positions = pos;
    h_boxplot(ax, 2, st, &opt);
    h_ticks(ax, 0, 0, NULL, NULL);
    h_expect(s, "{\"type\":\"box_and_whisker\",\"title\":null,\"elements\":["
                BOX("0", "2.0", "2.0", "3.0", "4.0", "4.0", "") ","
                BOX("2.5", "2.0", "2.0", "3.0", "4.0", "4.0", "") "],"
                NO_LABELS ",\"orientation\":\"vertical\"}");
}

Test(box_chart, violins)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    chartex_artist *body = h_artist(ax, CHARTEX_ARTIST_AREA, "_child0");
    double t[3] = {1, 5.5, 10}, f1[3] = {0.9, 0.75, 0.95}, f2[3] = {1.1, 1.25, 1.05};
    double maxes[4] = {0.875, 10, 1.125, 10}, mins[4] = {0.875, 1, 1.125, 1};
    double bars[4] = {1, 1, 1, 10}, medians[4] = {0.875, 3, 1.125, 3};

    h_band(body, 3, t, f1, f2, 1);
    h_segments(ax, NULL, 1, maxes);
    h_segments(ax, NULL, 1, mins);
    h_segments(ax, NULL, 1, bars);
    h_segments(ax, NULL, 1, medians);
    h_expect(s, "{\"type\":\"box_and_whisker\",\"title\":null,\"elements\":["
                "{\"label\":\"1\",\"min\":1.0,\"first_quartile\":null,\"median\":3.0,"
                "\"third_quartile\":null,\"max\":10.0,\"outliers\":[]}],"
                NO_LABELS ",\"orientation\":\"vertical\",\"violin\":true}");
}

/* ------------------------------------------------------------ other kinds */

Test(unknown, image)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s), *cb = h_axes(s);
    chartex_artist *im = h_artist(ax, CHARTEX_ARTIST_IMAGE, NULL);
    double values[6] = {1, 2, 3, 4, NAN, 6}, extent[4] = {-0.5, 2.5, 1.5, -0.5};
    double cv[2] = {0, 6}, ce[4] = {0, 1, 0, 6};

    cr_assert_eq(chartex_artist_set_image(im, 2, 3, values, extent, NULL), 0);
    cr_assert_eq(chartex_artist_set_color_scale(im, 1.0, 6.0, "linear", 6, NULL), 0);
    cr_assert_eq(chartex_artist_set_colorbar_label(im, "Heat (K)", 8, NULL), 0);
    h_title(ax, CHARTEX_TITLE_CENTER, "heat");
    /* The colorbar's axes is left out. */
    chartex_axes_set_flags(cb, CHARTEX_AXES_COLORBAR);
    im = h_artist(cb, CHARTEX_ARTIST_IMAGE, NULL);
    cr_assert_eq(chartex_artist_set_image(im, 2, 1, cv, ce, NULL), 0);
    h_expect(s, "{\"type\":\"unknown\",\"title\":\"heat\",\"elements\":[]," NO_AXES ","
                "\"image\":{\"rows\":2.0,\"cols\":3.0,\"extent\":[-0.5,2.5,1.5,-0.5],"
                "\"values\":[[1.0,2.0,3.0],[4.0,null,6.0]],\"vmin\":1.0,\"vmax\":6.0,"
                "\"norm\":\"linear\",\"colorbar_label\":\"Heat (K)\"}}");
}

Test(unknown, patches_only)
{
    chartex_scene *s = h_scene();
    double px[4] = {0, 1, 1, 0}, py[4] = {0, 0, 1, 1};

    /* A free patch keeps its geometry as a shape. */
    h_polygon(h_axes(s), CHARTEX_ARTIST_PATCH, NULL, 4, px, py);
    h_expect(s, "{\"type\":\"unknown\",\"title\":null,\"elements\":[]," NO_AXES ","
                "\"shapes\":[{\"label\":null,\"class\":\"\",\"kind\":\"polygons\","
                "\"polygons\":[[[0.0,0.0],[1.0,0.0],[1.0,1.0],[0.0,1.0]]]}]}");
}

/* ----------------------------------------------------------------- figure */

Test(figure, empty)
{
    chartex_scene *s = h_scene();
    chartex_chart *c;
    chartex_axes *ax;
    chartex_artist *ref;

    c = chartex_chart_from_scene(s, NULL);
    cr_assert_not_null(c);
    cr_expect(chartex_chart_is_empty(c));
    chartex_chart_free(c);
    h_suptitle(s, "nothing to see");
    ax = h_axes(s);
    h_axes(s);
    ref = h_line2(ax, NULL, 0, 1, 1, 1, 0);
    chartex_artist_set_role(ref, CHARTEX_ROLE_REFLINE);
    h_line(ax, NULL, 0, NULL, NULL, 0);
    h_expect(s, "{}");
    cr_expect(chartex_chart_is_empty(NULL));
    chartex_chart_free(NULL);
    cr_expect_null(chartex_chart_from_scene(NULL, NULL));
}

Test(figure, one_chart_among_empty_axes)
{
    chartex_scene *s = h_scene();
    double x[1] = {0};

    h_axes(s);
    h_line(h_axes(s), NULL, 1, x, x, 0);
    h_axes(s);
    h_suptitle(s, "Sup");
    h_expect(s, "{\"type\":\"line\",\"title\":\"Sup\",\"elements\":["
                "{\"label\":\"Line 0\",\"points\":[[0.0,0.0]]}]," NO_AXES "}");
}

Test(figure, superchart)
{
    int with_title;

    for (with_title = 0; with_title < 2; with_title++) {
        chartex_scene *s = h_scene();
        chartex_axes *a1 = h_axes(s), *a2;
        double x[1] = {0};

        h_line(a1, NULL, 1, x, x, 0);
        h_axes(s);
        a2 = h_axes(s);
        h_wedge(a2, "w", 0, 360, 1);
        h_title(a2, CHARTEX_TITLE_LEFT, "pie");
        if (with_title)
            h_suptitle(s, "Both");
        h_expect(s, with_title
            ? "{\"type\":\"superchart\",\"title\":\"Both\",\"elements\":["
              "{\"type\":\"line\",\"title\":null,\"elements\":["
              "{\"label\":\"Line 0\",\"points\":[[0.0,0.0]]}]," NO_AXES "},"
              "{\"type\":\"pie\",\"title\":\"pie\",\"elements\":["
              "{\"label\":\"w\",\"angle\":360.0,\"radius\":1.0}]}]}"
            : "{\"type\":\"superchart\",\"title\":null,\"elements\":["
              "{\"type\":\"line\",\"title\":null,\"elements\":["
              "{\"label\":\"Line 0\",\"points\":[[0.0,0.0]]}]," NO_AXES "},"
              "{\"type\":\"pie\",\"title\":\"pie\",\"elements\":["
              "{\"label\":\"w\",\"angle\":360.0,\"radius\":1.0}]}]}");
    }
}

/* The chart tree borrows the scene's arrays instead of one node per
 * number. */
Test(figure, bulk_data_is_borrowed)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    chartex_artist *a;
    chartex_chart *c;
    const chartex__node *points;
    double x[3] = {0, 1, 2};

    a = h_line(ax, NULL, 3, x, x, 0);
    c = chartex_chart_from_scene(s, NULL);
    cr_assert_not_null(c);
    points = h_get(h_item(h_get(c->root, "elements"), 0), "points");
    cr_assert_not_null(points);
    cr_expect_eq(points->type, CHARTEX__NODE_POINTS);
    cr_expect_eq(points->u.points.x, a->x);
    cr_expect_eq(points->u.points.y, a->y);
    cr_expect_eq(points->u.points.xa, &ax->axis[0]);
    chartex_chart_free(c);
    chartex_scene_free(s);
}

/* ---------------------------------------------------------- downsampling */

/* Checks the points of the first element of the chart of s under
 * max_points against its source series xs/ys (n points): a "downsampled"
 * key with method, max_points and n; at most max_points points, each a
 * source point, in source order; every index of must[0..nmust) (the
 * extremes) kept, and for a line ("minmax") its first and last points.
 * Frees s. */
static void
h_check_reduced(chartex_scene *s, size_t max_points, const char *method, size_t n,
                const double *xs, const double *ys, const size_t *must, size_t nmust)
{
    chartex_options opts = {0};
    chartex_error err = {CHARTEX_OK, ""};
    chartex_chart *c;
    char *text;
    json_object *root, *el, *pts, *ds;
    size_t i, k, src = 0, kept, found = 0;
    int ends = strcmp(method, "minmax") == 0;   /* a line keeps both ends */

    opts.max_points = max_points;
    c = chartex_chart_from_scene_opts(s, &opts, &err);
    cr_assert_not_null(c, "%s", err.text);
    text = chartex_chart_to_json(c, 0, NULL, &err);
    cr_assert_not_null(text, "%s", err.text);
    root = json_tokener_parse(text);
    cr_assert_not_null(root, "not JSON: %s", text);
    el = json_object_array_get_idx(json_object_object_get(root, "elements"), 0);
    pts = json_object_object_get(el, "points");
    kept = json_object_array_length(pts);
    cr_assert(json_object_object_get_ex(el, "downsampled", &ds), "no downsampled key");
    cr_expect_str_eq(json_object_get_string(json_object_object_get(ds, "method")), method);
    cr_expect_eq(json_object_get_double(json_object_object_get(ds, "max_points")),
                 (double)max_points);
    cr_expect_eq(json_object_get_double(json_object_object_get(ds, "original_points")),
                 (double)n);
    cr_expect_leq(kept, max_points);
    cr_expect_geq(kept, CHARTEX_MIN_MAX_POINTS);
    for (k = 0; k < kept; k++) {
        json_object *p = json_object_array_get_idx(pts, k);
        double x = json_object_get_double(json_object_array_get_idx(p, 0));
        double y = json_object_get_double(json_object_array_get_idx(p, 1));

        while (src < n && !(xs[src] == x && ys[src] == y))
            src++;
        cr_assert_lt(src, n, "point %zu [%g, %g] is not a source point after the last", k, x, y);
        if (k == 0 && ends)
            cr_expect_eq(src, 0, "the first point is not kept");
        if (k == kept - 1 && ends)
            cr_expect_eq(src, n - 1, "the last point is not kept");
        for (i = 0; i < nmust; i++)
            if (must[i] == src)
                found++;
        src++;
    }
    cr_expect_eq(found, nmust, "%zu of the %zu extremes kept", found, nmust);
    json_object_put(root);
    chartex_free(text);
    chartex_chart_free(c);
    chartex_scene_free(s);
}

#define NDS 1000

Test(downsample, line_keeps_its_ends_and_extremes)
{
    static double x[NDS], y[NDS];
    size_t i, must[3] = {321, 700, 999};
    chartex_scene *s = h_scene();

    for (i = 0; i < NDS; i++) {
        x[i] = (double)i;
        y[i] = sin((double)i / 40.0);
    }
    y[321] = 7.5;     /* a spike and a dip that blind truncation would lose */
    y[700] = -9.0;
    y[999] = 3.25;
    h_line(h_axes(s), "a", NDS, x, y, 0);
    h_check_reduced(s, 50, "minmax", NDS, x, y, must, 3);
}

Test(downsample, scatter_keeps_its_extremes)
{
    static double x[NDS], y[NDS];
    size_t i, must[4] = {17, 444, 901, 12};
    chartex_scene *s = h_scene();

    for (i = 0; i < NDS; i++) {
        x[i] = (double)((i * 37) % 101);
        y[i] = (double)((i * 53) % 97);
    }
    x[17] = 500.0;    /* the largest x */
    x[444] = -500.0;  /* the smallest x */
    y[901] = 400.0;   /* the largest y */
    y[12] = -400.0;   /* the smallest y */
    h_scatter(h_axes(s), "pts", NDS, x, y);
    h_check_reduced(s, 40, "sample", NDS, x, y, must, 4);
}

Test(downsample, no_limit_and_short_series_are_untouched)
{
    double x[8] = {0, 1, 2, 3, 4, 5, 6, 7}, y[8] = {3, 1, 4, 1, 5, 9, 2, 6};
    chartex_options opts = {0};
    chartex_error err = {CHARTEX_OK, ""};
    chartex_scene *s = h_scene();
    chartex_chart *c;
    char *text;
    size_t limit[2] = {0, 8};
    int k;

    h_line(h_axes(s), "a", 8, x, y, 0);
    for (k = 0; k < 2; k++) {
        opts.max_points = limit[k];
        c = chartex_chart_from_scene_opts(s, &opts, &err);
        cr_assert_not_null(c, "%s", err.text);
        text = chartex_chart_to_json(c, 0, NULL, &err);
        cr_assert_not_null(text);
        cr_expect_not_null(strstr(text, "\"points\":[[0.0,3.0],[1.0,1.0],[2.0,4.0],[3.0,1.0],"
                                        "[4.0,5.0],[5.0,9.0],[6.0,2.0],[7.0,6.0]]}"), "%s", text);
        cr_expect_null(strstr(text, "downsampled"), "%s", text);
        chartex_free(text);
        chartex_chart_free(c);
    }
    chartex_scene_free(s);
}

/* ------------------------------------------ resolution and budget */

static char *
json_with(chartex_scene *s, const chartex_options *opts)
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

/* n points of a noisy line, x = 0 .. n - 1. */
static void
long_line(chartex_axes *ax, const char *label, size_t n)
{
    double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
    size_t i;

    cr_assert(x != NULL && y != NULL);
    for (i = 0; i < n; i++) {
        x[i] = (double)i;
        y[i] = sin((double)i * 0.01) * 100.0 + (double)(i % 7);
    }
    h_line(ax, label, n, x, y, 0);
    free(x);
    free(y);
}

Test(downsample, points_per_pixel_follows_each_axes_width)
{
    chartex_options opts = {0};
    chartex_scene *s = h_scene();
    chartex_axes *wide = h_axes(s), *narrow = h_axes(s), *unknown = h_axes(s);
    char *text;

    long_line(wide, "wide", 10000);
    long_line(narrow, "narrow", 10000);
    long_line(unknown, "unknown", 100);
    chartex_axes_set_pixels(wide, 496.0, 369.6);
    chartex_axes_set_pixels(narrow, 99.2, 50.0);
    /* A size that is not usable is no size: that series stays whole. */
    chartex_axes_set_pixels(unknown, NAN, 10.0);
    opts.points_per_pixel = 4.0;
    text = json_with(s, &opts);
    cr_expect_not_null(strstr(text, "\"max_points\":1986.0,\"original_points\":10000.0"), "%s", text);
    cr_expect_not_null(strstr(text, "\"max_points\":399.0,\"original_points\":10000.0"), "%s", text);
    cr_expect_null(strstr(text, "\"original_points\":100.0"), "%s", text);
    chartex_free(text);
    /* With max_points too, the smaller limit applies. */
    opts.max_points = 500;
    text = json_with(s, &opts);
    cr_expect_not_null(strstr(text, "\"max_points\":500.0,\"original_points\":10000.0"), "%s", text);
    cr_expect_not_null(strstr(text, "\"max_points\":399.0,\"original_points\":10000.0"), "%s", text);
    chartex_free(text);
    chartex_scene_free(s);
}

Test(downsample, budget_is_shared_and_small_series_stay_whole)
{
    chartex_options opts = {0};
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    char *text;

    long_line(ax, "big", 5000);
    long_line(ax, "bigger", 9000);
    long_line(ax, "small", 40);
    opts.max_total_points = 1040;
    text = json_with(s, &opts);
    /* (1040 - 40) / 2 each for the large ones; the small one is whole. */
    cr_expect_not_null(strstr(text, "\"max_points\":500.0,\"original_points\":5000.0"), "%s", text);
    cr_expect_not_null(strstr(text, "\"max_points\":500.0,\"original_points\":9000.0"), "%s", text);
    cr_expect_null(strstr(text, "\"original_points\":40.0"), "%s", text);
    cr_expect_not_null(strstr(text, ",\"budget\":{\"max_total_points\":1040.0,"
                                    "\"original_points\":14040.0}}"), "%s", text);
    chartex_free(text);
    /* A budget the series fit in changes nothing. */
    opts.max_total_points = 14040;
    text = json_with(s, &opts);
    cr_expect_null(strstr(text, "budget"), "%s", text);
    cr_expect_null(strstr(text, "downsampled"), "%s", text);
    chartex_free(text);
    /* Below 6 per series it cannot go: the floor holds. */
    opts.max_total_points = 6;
    text = json_with(s, &opts);
    cr_expect_not_null(strstr(text, "\"max_points\":6.0,\"original_points\":9000.0"), "%s", text);
    chartex_free(text);
    chartex_scene_free(s);
}

Test(downsample, options_out_of_range_are_refused)
{
    chartex_options opts = {0};
    chartex_error err = {CHARTEX_OK, ""};
    chartex_scene *s = h_scene();

    long_line(h_axes(s), "a", 10);
    opts.max_total_points = 5;
    cr_expect_null(chartex_chart_from_scene_opts(s, &opts, &err));
    cr_expect_eq(err.code, CHARTEX_ERR_INVALID);
    opts.max_total_points = 0;
    opts.points_per_pixel = -1.0;
    cr_expect_null(chartex_chart_from_scene_opts(s, &opts, &err));
    opts.points_per_pixel = NAN;
    cr_expect_null(chartex_chart_from_scene_opts(s, &opts, &err));
    opts.points_per_pixel = INFINITY;
    cr_expect_null(chartex_chart_from_scene_opts(s, &opts, &err));
    chartex_scene_free(s);
}

/* A scene of one image of rows x cols values v in an Axes of w x h pixels. */
static chartex_scene *
image_scene(size_t rows, size_t cols, const double *v, const double *extent, double w,
            double h)
{
    chartex_error err = {CHARTEX_OK, ""};
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    chartex_artist *a = chartex_axes_add_artist(ax, CHARTEX_ARTIST_IMAGE, &err);

    cr_assert_not_null(a);
    cr_assert_eq(chartex_artist_set_image(a, rows, cols, v, extent, &err), 0);
    chartex_axes_set_pixels(ax, w, h);
    return s;
}

Test(downsample, block_means_are_exact_where_a_plain_sum_is_not)
{
    /* Two blocks of 2 x 2.  In the first, 1e16 + 1 rounds back to 1e16 in
     * a double, so a plain sum gives the mean 0.25; in the second, a plain
     * sum overflows at 1.5e308 + 1.5e308.  The compensated, scaled sum
     * gives 0.5 and (1.5e308 + 1e300) / 4 without long double (which
     * valgrind computes as a double). */
    double v[8] = {1e16, 1, 1.5e308, 1.5e308, -1e16, 1, -1.5e308, 1e300};
    double extent[4] = {0, 4, 2, 0};
    chartex_options opts = {0};
    chartex_scene *s = image_scene(2, 4, v, extent, 2.0, 1.0);
    char *text;

    opts.points_per_pixel = 1.0;
    text = json_with(s, &opts);
    cr_expect_not_null(strstr(text, "\"values\":[[0.5,3.750000025e+307]]"), "%s", text);
    chartex_free(text);
    chartex_scene_free(s);
}

Test(downsample, image_blocks_are_means_of_finite_cells)
{
    /* 4 x 6 cells in an Axes of 2 x 3 pixels: blocks of 2 x 2. */
    double v[24] = {
        1, 2, 3, 4, 5, 6,
        3, 4, NAN, 8, 7, 8,
        NAN, NAN, 1e308, 1e308, -1, 1,
        NAN, NAN, 1e308, 1e308, 0.5, 0.25,
    };
    double extent[4] = {0, 6, 4, 0};
    chartex_options opts = {0};
    chartex_scene *s = image_scene(4, 6, v, extent, 3.0, 2.0);
    char *text;

    opts.points_per_pixel = 4.0;
    text = json_with(s, &opts);
    /* The means: no overflow near DBL_MAX, NaN left out, null for none. */
    cr_expect_not_null(strstr(text, "\"image\":{\"rows\":2.0,\"cols\":3.0,"
                                    "\"extent\":[0.0,6.0,4.0,0.0],"
                                    "\"values\":[[2.5,5.0,6.5],[null,1e+308,0.1875]],"
                                    "\"vmin\":null,\"vmax\":null,\"norm\":null,"
                                    "\"colorbar_label\":null,"
                                    "\"downsampled\":{\"method\":\"block_mean\","
                                    "\"block\":[2.0,2.0],\"original_rows\":4.0,"
                                    "\"original_cols\":6.0}}"), "%s", text);
    chartex_free(text);
    /* Without a resolution or budget the image is whole. */
    opts.points_per_pixel = 0;
    text = json_with(s, &opts);
    cr_expect_null(strstr(text, "downsampled"), "%s", text);
    chartex_free(text);
    /* A budget alone: blocks grow until the cells fit (24 -> 6). */
    opts.max_total_points = 6;
    text = json_with(s, &opts);
    cr_expect_not_null(strstr(text, "\"rows\":2.0,\"cols\":3.0,"), "%s", text);
    cr_expect_not_null(strstr(text, "\"budget\":{\"max_total_points\":6.0,"
                                    "\"original_points\":24.0}"), "%s", text);
    chartex_free(text);
    chartex_scene_free(s);
}

Test(downsample, scene_json_keeps_the_pixels)
{
    chartex_scene *s = h_scene(), *back;
    chartex_axes *ax = h_axes(s);
    chartex_error err = {CHARTEX_OK, ""};
    char *text, *again;
    size_t len;

    chartex_axes_set_pixels(ax, 496.0, 369.5);
    text = chartex_scene_to_json(s, 0, &len, &err);
    cr_assert_not_null(text);
    cr_expect_not_null(strstr(text, "\"pixels\":[496.0,369.5]"), "%s", text);
    back = chartex_scene_from_json(text, len, &err);
    cr_assert_not_null(back, "%s", err.text);
    again = chartex_scene_to_json(back, 0, NULL, &err);
    cr_expect_str_eq(again, text);
    chartex_free(again);
    chartex_free(text);
    chartex_scene_free(back);
    {
        const char *bad = "{\"axes\":[{\"pixels\":[1.0]}]}";

        back = chartex_scene_from_json(bad, strlen(bad), &err);
    }
    cr_expect_null(back);
    cr_expect_eq(err.code, CHARTEX_ERR_PARSE);
    chartex_scene_free(s);
}
