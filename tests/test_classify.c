/*
 * test_classify.c - the kind of each Axes, and box plots / violins rebuilt
 * from geometry (src/chart/classify.c, src/chart/box.c).
 */
#include "helpers.h"
#include "chart/chart.h"

/* The kind of the scene's axes i: its one part's (the box plot cleared),
 * CHARTEX__KIND_NONE for no part, KIND_MIXED for several. */
#define KIND_MIXED ((chartex__kind)100)

static chartex__kind
kind_of(chartex_scene *s, size_t i)
{
    chartex__parts parts;
    chartex__kind kind;

    memset(&parts, 0, sizeof parts);
    cr_assert_eq(chartex__classify(s->axes[i], &parts, NULL), 0);
    kind = parts.n == 0 ? CHARTEX__KIND_NONE : parts.n == 1 ? parts.kind[0] : KIND_MIXED;
    chartex__classify_clear(&parts);
    return kind;
}

/* The kinds of the parts of axes i, in order, as decimal digits. */
static int
parts_of(chartex_scene *s, size_t i)
{
    chartex__parts parts;
    size_t k;
    int digits = 0;

    memset(&parts, 0, sizeof parts);
    cr_assert_eq(chartex__classify(s->axes[i], &parts, NULL), 0);
    for (k = 0; k < parts.n; k++)
        digits = digits * 10 + (int)parts.kind[k];
    chartex__classify_clear(&parts);
    return digits;
}

/* Classifies axes 0 and asserts it is a box plot of n elements, whose
 * boxes go to bp (the caller clears it). */
static void
boxplot_of(chartex_scene *s, size_t n, chartex__boxplot *bp)
{
    chartex__parts parts;

    memset(&parts, 0, sizeof parts);
    cr_assert_eq(chartex__classify(s->axes[0], &parts, NULL), 0);
    cr_assert_eq(parts.n, 1, "%zu parts, not a box plot", parts.n);
    cr_assert_eq(parts.kind[0], CHARTEX__KIND_BOX, "kind %d, not a box plot",
                 (int)parts.kind[0]);
    *bp = parts.bp;
    memset(&parts.bp, 0, sizeof parts.bp);
    chartex__classify_clear(&parts);
    cr_assert_eq(bp->n, n, "%zu boxes, want %zu", bp->n, n);
}

static void
expect_box(const chartex__box *b, double pos, double min, double q1, double med,
           double q3, double max)
{
    cr_expect_eq(b->pos, pos, "pos %.17g", b->pos);
    cr_expect_eq(b->min, min, "min %.17g", b->min);
    cr_expect_eq(b->q1, q1, "q1 %.17g", b->q1);
    cr_expect_eq(b->median, med, "median %.17g", b->median);
    cr_expect_eq(b->q3, q3, "q3 %.17g", b->q3);
    cr_expect_eq(b->max, max, "max %.17g", b->max);
}

/* ------------------------------------------------------------- plain kinds */

Test(classify, line)
{
    chartex_scene *s = h_scene();
    double x[3] = {0, 1, 2}, y[3] = {1, 4, 9};

    h_line(h_axes(s), NULL, 3, x, y, 0);
    cr_expect_eq(kind_of(s, 0), CHARTEX__KIND_LINE);
    chartex_scene_free(s);
}

Test(classify, two_point_lines_are_data)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);

    /* plot([0, 1], [5, 5]): data, not a grid line. */
    h_line2(ax, "_child0", 0, 5, 1, 5, 0);
    cr_expect_eq(kind_of(s, 0), CHARTEX__KIND_LINE);
    chartex_scene_free(s);
}

Test(classify, reference_lines_change_nothing)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s), *only_ref = h_axes(s);
    chartex_artist *ref;
    double x[2] = {0, 1}, y[2] = {2, 3};

    h_line(ax, NULL, 2, x, y, 0);
    ref = h_line2(ax, NULL, 0, 5, 1, 5, 0);
    chartex_artist_set_role(ref, CHARTEX_ROLE_REFLINE);
    cr_expect_eq(kind_of(s, 0), CHARTEX__KIND_LINE);
    ref = h_line2(only_ref, NULL, 0, 5, 1, 5, 0);
    chartex_artist_set_role(ref, CHARTEX_ROLE_REFLINE);
    cr_expect_eq(kind_of(s, 1), CHARTEX__KIND_NONE);
    chartex_scene_free(s);
}

Test(classify, scatter_with_fit_line)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    double x[3] = {0, 1, 2}, y[3] = {0.1, 0.9, 2.1};

    h_scatter(ax, NULL, 3, x, y);
    h_line(ax, "fit", 3, x, x, 0);
    cr_expect_eq(kind_of(s, 0), CHARTEX__KIND_SCATTER);
    chartex_scene_free(s);
}

Test(classify, bars_with_errorbars_and_lines)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    chartex_artist *e;
    double c[2] = {0, 1}, v[2] = {3, 4}, ex[2] = {0, 0}, ey[2] = {2.5, 3.5};

    h_bars(ax, NULL, CHARTEX_VERTICAL, 2, c, v, 0.8, NULL);
    e = h_line(ax, NULL, 2, ex, ey, CHARTEX_LINE_NO_LINE | CHARTEX_LINE_MARKER);
    chartex_artist_set_role(e, CHARTEX_ROLE_ERRORBAR);
    h_line(ax, "trend", 2, c, v, 0);
    /* The error bars belong to the bars; the line is a part of its own. */
    cr_expect_eq(kind_of(s, 0), KIND_MIXED);
    cr_expect_eq(parts_of(s, 0), CHARTEX__KIND_BAR * 10 + CHARTEX__KIND_LINE);
    chartex_scene_free(s);
}

Test(classify, pie)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);

    h_wedge(ax, "a", 0, 324, 1);
    h_wedge(ax, "b", 324, 360, 1);
    cr_expect_eq(kind_of(s, 0), CHARTEX__KIND_PIE);
    chartex_scene_free(s);
}

Test(classify, image_patches_and_other_are_unknown)
{
    chartex_scene *s = h_scene();
    chartex_artist *im = h_artist(h_axes(s), CHARTEX_ARTIST_IMAGE, NULL);
    double values[4] = {1, 2, 3, 4}, extent[4] = {-0.5, 1.5, 1.5, -0.5};
    double px[4] = {0, 1, 1, 0}, py[4] = {0, 0, 1, 1};

    cr_assert_eq(chartex_artist_set_image(im, 2, 2, values, extent, NULL), 0);
    h_polygon(h_axes(s), CHARTEX_ARTIST_PATCH, NULL, 4, px, py);
    h_artist(h_axes(s), CHARTEX_ARTIST_OTHER, NULL);
    cr_expect_eq(kind_of(s, 0), CHARTEX__KIND_UNKNOWN);
    cr_expect_eq(kind_of(s, 1), CHARTEX__KIND_UNKNOWN);
    cr_expect_eq(kind_of(s, 2), CHARTEX__KIND_UNKNOWN);
    chartex_scene_free(s);
}

Test(classify, left_out_axes)
{
    chartex_scene *s = h_scene();
    chartex_axes *cb = h_axes(s), *empty_line = h_axes(s), *deco = h_axes(s);
    chartex_artist *a;
    double values[2] = {0, 1}, extent[4] = {0, 1, 0, 1}, x[2] = {0, 1};

    h_axes(s);  /* nothing at all */
    a = h_artist(cb, CHARTEX_ARTIST_IMAGE, NULL);
    cr_assert_eq(chartex_artist_set_image(a, 2, 1, values, extent, NULL), 0);
    chartex_axes_set_flags(cb, CHARTEX_AXES_COLORBAR);
    h_line(empty_line, NULL, 0, NULL, NULL, 0);
    a = h_line(deco, NULL, 2, x, x, 0);
    chartex_artist_set_role(a, CHARTEX_ROLE_DECORATION);
    cr_expect_eq(kind_of(s, 0), CHARTEX__KIND_NONE);
    cr_expect_eq(kind_of(s, 1), CHARTEX__KIND_NONE);
    cr_expect_eq(kind_of(s, 2), CHARTEX__KIND_NONE);
    cr_expect_eq(kind_of(s, 3), CHARTEX__KIND_NONE);
    chartex_scene_free(s);
}

Test(classify, areas_and_segments_are_line)
{
    chartex_scene *s = h_scene();
    double x[3] = {0, 1, 2}, y1[3] = {1, 2, 3}, y0[3] = {0, 0, 0};
    double seg[4] = {0, 0, 0, 1};

    h_fill_between(h_axes(s), NULL, 3, x, y1, y0);
    h_segments(h_axes(s), NULL, 1, seg);
    cr_expect_eq(kind_of(s, 0), CHARTEX__KIND_LINE);
    cr_expect_eq(kind_of(s, 1), CHARTEX__KIND_LINE);
    chartex_scene_free(s);
}

/* ---------------------------------------------------------------- box plots */

/* ax.boxplot([[1, 2, 3, 4, 5, 20], [2, 2, 3, 3, 4]], showmeans=True) as
 * matplotlib 3.10 draws it (the numbers printed by matplotlib itself). */
Test(box, matplotlib_two_boxes_with_means)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    chartex__boxplot bp;
    const unsigned M = CHARTEX_LINE_NO_LINE | CHARTEX_LINE_MARKER;
    double bx1[5] = {0.925, 1.075, 1.075, 0.925, 0.925};
    double by1[5] = {2.25, 2.25, 4.75, 4.75, 2.25};
    double bx2[5] = {1.925, 2.075, 2.075, 1.925, 1.925};
    double by2[5] = {2.0, 2.0, 3.0, 3.0, 2.0};
    double one[1] = {1.0}, two[1] = {2.0}, mean1[1] = {5.833333333333333};
    double mean2[1] = {2.8}, flier[1] = {20.0};

    h_line(ax, "_child0", 5, bx1, by1, 0);
    h_line2(ax, "_nolegend_", 1.0, 2.25, 1.0, 1.0, 0);
    h_line2(ax, "_nolegend_", 1.0, 4.75, 1.0, 5.0, 0);
    h_line2(ax, "_nolegend_", 0.9625, 1.0, 1.0375, 1.0, 0);
    h_line2(ax, "_nolegend_", 0.9625, 5.0, 1.0375, 5.0, 0);
    h_line2(ax, "_nolegend_", 0.925, 3.5, 1.075, 3.5, 0);
    h_line(ax, "_child6", 1, one, mean1, M);
    h_line(ax, "_nolegend_", 1, one, flier, M);
    h_line(ax, "_child8", 5, bx2, by2, 0);
    h_line2(ax, "_nolegend_", 2.0, 2.0, 2.0, 2.0, 0);
    h_line2(ax, "_nolegend_", 2.0, 3.0, 2.0, 4.0, 0);
    h_line2(ax, "_nolegend_", 1.9625, 2.0, 2.0375, 2.0, 0);
    h_line2(ax, "_nolegend_", 1.9625, 4.0, 2.0375, 4.0, 0);
    h_line2(ax, "_nolegend_", 1.925, 3.0, 2.075, 3.0, 0);
    h_line(ax, "_child14", 1, two, mean2, M);
    h_line(ax, "_nolegend_", 0, NULL, NULL, M);

    boxplot_of(s, 2, &bp);
    cr_expect_eq(bp.orientation, CHARTEX_VERTICAL);
    cr_expect_not(bp.violin);
    expect_box(&bp.boxes[0], 1.0, 1.0, 2.25, 3.5, 4.75, 5.0);
    cr_expect_eq(bp.boxes[0].mean, 5.833333333333333);
    cr_assert_eq(bp.boxes[0].n_outliers, 1);
    cr_expect_eq(bp.boxes[0].outliers[0], 20.0);
    /* Zero-length lower whisker, median on q3. */
    expect_box(&bp.boxes[1], 2.0, 2.0, 2.0, 3.0, 3.0, 4.0);
    cr_expect_eq(bp.boxes[1].mean, 2.8);
    cr_expect_eq(bp.boxes[1].n_outliers, 0);
    chartex__boxplot_clear(&bp);
    chartex_scene_free(s);
}

static const double fl3[3] = {-4, 11, 12};
static const h_stats three[3] = {
    {1, 2, 3, 4, 5, 3.1, 0, NULL},
    {0, 2.5, 3, 6, 9, 4, 3, fl3},
    {-1, 0, 0.5, 1, 2, 0.4, 0, NULL},
};

/* seaborn 0.12's hue boxes: each level's box at an offset from a tick
 * labelled with the category; a box alone off the ticks keeps its
 * position. */
Test(box, side_by_side_boxes_named_by_their_category_tick)
{
    static const double around[4] = {-0.2, 0.2, 0.8, 1.2}, alone[3] = {0, 0.3, 1};
    static const double locs[2] = {0, 1};
    static const char *const names[2] = {"Thu", "Fri"};
    static const h_stats four[4] = {
        {1, 2, 3, 4, 5, 3, 0, NULL}, {1, 2, 3, 4, 5, 3, 0, NULL},
        {1, 2, 3, 4, 5, 3, 0, NULL}, {1, 2, 3, 4, 5, 3, 0, NULL},
    };
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    h_bxp opt = {0};
    char *text;

    opt.positions = around;
    h_boxplot(ax, 4, four, &opt);
    h_ticks(ax, 0, 2, locs, names);
    text = h_json(s);
    cr_expect_not_null(strstr(text, "\"label\":\"Thu\",\"min\":1.0"), "%s", text);
    cr_expect_null(strstr(text, "-0.2"), "%s", text);
    cr_expect_null(strstr(text, "\"label\":\"0.8\""), "%s", text);
    chartex_free(text);
    chartex_scene_free(s);

    s = h_scene();
    ax = h_axes(s);
    opt.positions = alone;
    h_boxplot(ax, 3, four, &opt);
    h_ticks(ax, 0, 2, locs, names);
    h_expect_has(s, "\"label\":\"0.3\"");
    chartex_scene_free(s);
}

Test(box, vertical_and_horizontal)
{
    int horizontal;

    for (horizontal = 0; horizontal < 2; horizontal++) {
        chartex_scene *s = h_scene();
        h_bxp opt = {0};
        chartex__boxplot bp;

        opt.horizontal = horizontal;
        h_boxplot(h_axes(s), 3, three, &opt);
        boxplot_of(s, 3, &bp);
        cr_expect_eq(bp.orientation, horizontal ? CHARTEX_HORIZONTAL : CHARTEX_VERTICAL);
        expect_box(&bp.boxes[0], 1, 1, 2, 3, 4, 5);
        expect_box(&bp.boxes[1], 2, 0, 2.5, 3, 6, 9);
        expect_box(&bp.boxes[2], 3, -1, 0, 0.5, 1, 2);
        cr_assert_eq(bp.boxes[1].n_outliers, 3);
        cr_expect_eq(bp.boxes[1].outliers[0], -4);
        cr_expect_eq(bp.boxes[1].outliers[2], 12);
        cr_expect(isnan(bp.boxes[0].mean));
        chartex__boxplot_clear(&bp);
        chartex_scene_free(s);
    }
}

Test(box, patch_artist_notches_no_caps_meanline)
{
    int variant;

    for (variant = 0; variant < 8; variant++) {
        chartex_scene *s = h_scene();
        h_bxp opt = {0};
        chartex__boxplot bp;

        opt.patch_artist = variant & 1;
        opt.notch = (variant & 2) ? 0.25 : 0;
        opt.hide_caps = (variant & 4) != 0;
        opt.showmeans = 1;
        opt.meanline = variant >= 4;
        opt.horizontal = variant == 3 || variant == 6;
        h_boxplot(h_axes(s), 3, three, &opt);
        boxplot_of(s, 3, &bp);
        expect_box(&bp.boxes[1], 2, 0, 2.5, 3, 6, 9);
        cr_expect_eq(bp.boxes[1].mean, 4, "variant %d", variant);
        cr_expect_eq(bp.boxes[1].n_outliers, 3, "variant %d", variant);
        cr_expect_eq(bp.boxes[2].mean, 0.4, "variant %d", variant);
        chartex__boxplot_clear(&bp);
        chartex_scene_free(s);
    }
}

Test(box, notch_beyond_the_hinges)
{
    /* notch=True with few values: the confidence interval of the median
     * reaches past q1 and q3, so the outline's bounding box is not the box
     * (matplotlib 3.10, boxplot([[1, 2, 3, 4, 5, 20]], notch=True)). */
    chartex_scene *s;
    chartex_axes *ax;
    chartex__boxplot bp;
    h_bxp opt = {0};
    h_stats st = {1, 2.25, 3.5, 4.75, 5, 0, 0, NULL};
    int horizontal;

    for (horizontal = 0; horizontal < 2; horizontal++) {
        s = h_scene();
        ax = h_axes(s);
        opt.notch = 1.6023745400706626;
        opt.horizontal = horizontal;
        opt.patch_artist = horizontal;
        h_boxplot(ax, 1, &st, &opt);
        boxplot_of(s, 1, &bp);
        expect_box(&bp.boxes[0], 1, 1, 2.25, 3.5, 4.75, 5);
        chartex__boxplot_clear(&bp);
        chartex_scene_free(s);
    }
}

Test(box, single_and_equal_boxes)
{
    chartex_scene *s = h_scene();
    h_stats same[3] = {
        {1, 2, 3, 4, 5, 3, 0, NULL}, {1, 2, 3, 4, 5, 3, 0, NULL},
        {1, 2, 3, 4, 5, 3, 0, NULL},
    };
    chartex__boxplot bp;
    size_t i;

    h_boxplot(h_axes(s), 1, three, NULL);
    boxplot_of(s, 1, &bp);
    expect_box(&bp.boxes[0], 1, 1, 2, 3, 4, 5);
    chartex__boxplot_clear(&bp);
    chartex_scene_free(s);

    s = h_scene();
    h_boxplot(h_axes(s), 3, same, NULL);
    boxplot_of(s, 3, &bp);
    for (i = 0; i < 3; i++)
        expect_box(&bp.boxes[i], (double)(i + 1), 1, 2, 3, 4, 5);
    chartex__boxplot_clear(&bp);
    chartex_scene_free(s);
}

Test(box, degenerate_boxes)
{
    /* All values equal: box, whiskers, caps and median on one value; a box
     * whose median is on q1 with zero whiskers; and one flier line with a
     * mean outside the whiskers (drawn before the fliers). */
    static const double fl[2] = {100, 200};
    h_stats st[3] = {
        {7, 7, 7, 7, 7, 7, 0, NULL},
        {2, 2, 2, 5, 5, 3, 0, NULL},
        {1, 1, 1, 1, 1, 60.8, 2, fl},
    };
    int horizontal;

    for (horizontal = 0; horizontal < 2; horizontal++) {
        chartex_scene *s = h_scene();
        h_bxp opt = {0};
        chartex__boxplot bp;

        opt.horizontal = horizontal;
        opt.showmeans = 1;
        h_boxplot(h_axes(s), 3, st, &opt);
        boxplot_of(s, 3, &bp);
        cr_expect_eq(bp.orientation, horizontal ? CHARTEX_HORIZONTAL : CHARTEX_VERTICAL);
        expect_box(&bp.boxes[0], 1, 7, 7, 7, 7, 7);
        expect_box(&bp.boxes[1], 2, 2, 2, 2, 5, 5);
        expect_box(&bp.boxes[2], 3, 1, 1, 1, 1, 1);
        cr_expect_eq(bp.boxes[2].mean, 60.8);
        cr_expect_eq(bp.boxes[2].n_outliers, 2);
        chartex__boxplot_clear(&bp);
        chartex_scene_free(s);
    }
}

Test(box, square_box_at_odd_positions)
{
    /* A box as wide as it is tall, at date-like positions, width 1. */
    static const double pos[2] = {19000.5, 19002.5};
    h_stats st[2] = {{-0.5, 0, 0.25, 1, 1.5, 0, 0, NULL}, {0, 0, 0, 1, 1, 0, 0, NULL}};
    h_bxp opt = {0};
    chartex_scene *s = h_scene();
    chartex__boxplot bp;

    opt.positions = pos;
    opt.width = 1;
    h_boxplot(h_axes(s), 2, st, &opt);
    boxplot_of(s, 2, &bp);
    cr_expect_eq(bp.orientation, CHARTEX_VERTICAL);
    expect_box(&bp.boxes[0], 19000.5, -0.5, 0, 0.25, 1, 1.5);
    expect_box(&bp.boxes[1], 19002.5, 0, 0, 0, 1, 1);
    chartex__boxplot_clear(&bp);
    chartex_scene_free(s);
}

Test(box, not_a_box_plot)
{
    chartex_scene *s = h_scene();
    chartex_axes *extra_line = h_axes(s), *with_scatter = h_axes(s);
    chartex_axes *rect = h_axes(s), *no_median = h_axes(s);
    double x[2] = {0, 1}, rx[5] = {0, 1, 1, 0, 0}, ry[5] = {0, 0, 1, 1, 0};

    h_boxplot(extra_line, 3, three, NULL);
    h_line(extra_line, "also", 2, x, x, 0);
    h_boxplot(with_scatter, 3, three, NULL);
    h_scatter(with_scatter, NULL, 2, x, x);
    /* A closed rectangle is a line, not a box. */
    h_line(rect, NULL, 5, rx, ry, 0);
    /* Box and whiskers without a median. */
    h_line(no_median, NULL, 5, rx, ry, 0);
    h_line2(no_median, NULL, 0.5, 0, 0.5, -1, 0);
    h_line2(no_median, NULL, 0.5, 1, 0.5, 2, 0);
    /* A 2-point line beside boxes could be a box's part: no box plot. */
    cr_expect_eq(kind_of(s, 0), CHARTEX__KIND_LINE);
    /* A scatter beside them is a part of its own (a stripplot). */
    cr_expect_eq(parts_of(s, 1), CHARTEX__KIND_BOX * 10 + CHARTEX__KIND_SCATTER);
    cr_expect_eq(kind_of(s, 2), CHARTEX__KIND_LINE);
    cr_expect_eq(kind_of(s, 3), CHARTEX__KIND_LINE);
    chartex_scene_free(s);
}

Test(box, odd_geometry_does_not_crash)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    double nx[5] = {NAN, 1, 1, 0, NAN}, ny[5] = {0, 0, 1, 1, 0};
    double inf[2] = {INFINITY, -INFINITY}, z[5] = {0, 0, 0, 0, 0};
    chartex_artist *p;

    h_line(ax, NULL, 5, nx, ny, 0);
    h_line(ax, NULL, 2, inf, inf, 0);
    h_line(ax, NULL, 5, z, z, 0);          /* a box of no size */
    h_line2(ax, NULL, 0, 0, 0, 0, 0);
    h_line2(ax, NULL, 0, 0, 0, 0, 0);
    h_line2(ax, NULL, 0, 0, 0, 0, 0);
    h_line(ax, NULL, 1, z, z, CHARTEX_LINE_NO_LINE);
    p = h_artist(ax, CHARTEX_ARTIST_PATCH, NULL);
    h_add_polygon(p, 5, z, z);
    h_add_polygon(p, 2, z, z);
    h_polygon(ax, CHARTEX_ARTIST_AREA, NULL, 5, nx, ny);
    h_segments(ax, NULL, 1, z);
    (void)kind_of(s, 0);
    chartex_scene_free(s);
}

/* ------------------------------------------------------------------ bands */

Test(band, fill_between_polygons)
{
    /* fill_between([0, 1, 2], [1, 2, 3], [0.5, 0.5, 1]): the path's raw
     * vertices (with CLOSEPOLY), and Path.to_polygons() (without). */
    double x[9] = {0, 0, 1, 2, 2, 2, 1, 0, 0};
    double y[9] = {0.5, 1, 2, 3, 1, 1, 0.5, 0.5, 0.5};
    /* interpolate=True: start and end are crossing points. */
    double ix[8] = {0.5, 0, 1, 2, 1.5, 2, 1, 0}, iy[8] = {0.7, 1, 2, 3, 2.2, 1, 0.5, 0.5};
    size_t n = 0;

    cr_expect(chartex__parse_band(x, y, 9, 0, &n));
    cr_expect_eq(n, 3);
    n = 0;
    cr_expect(chartex__parse_band(x, y, 8, 0, &n));
    cr_expect_eq(n, 3);
    /* The same polygon read as fill_betweenx does not fit. */
    cr_expect_not(chartex__parse_band(x, y, 9, 1, &n));
    /* fill_betweenx: x and y swapped. */
    cr_expect(chartex__parse_band(y, x, 9, 1, &n));
    cr_expect(chartex__parse_band(ix, iy, 8, 0, &n));
    cr_expect_eq(n, 3);
    cr_expect_not(chartex__parse_band(x, y, 3, 0, &n));
    cr_expect_not(chartex__parse_band(x, y, 7, 0, &n));
}

/* ------------------------------------------------------------------ violins */

/* A violin body as Axes.violin draws it (fill_betweenx when vertical). */
static void
violin_body(chartex_axes *ax, double pos, double lo, double hi, int horizontal)
{
    chartex_artist *a = h_artist(ax, CHARTEX_ARTIST_AREA, "_child");
    double t[5], f1[5], f2[5];
    int i;

    for (i = 0; i < 5; i++) {
        double w = 0.25 * (i == 2 ? 1 : i == 1 || i == 3 ? 0.6 : 0.1);

        t[i] = lo + (hi - lo) * i / 4;
        f1[i] = -w + pos;
        f2[i] = w + pos;
    }
    h_band(a, 5, t, f1, f2, !horizontal);
}

/* hlines (vlines when horizontal) across the violins at values v. */
static void
violin_across(chartex_axes *ax, size_t n, const double *pos, const double *v,
              int horizontal)
{
    double seg[16];
    size_t i;

    cr_assert_leq(n, 4);
    for (i = 0; i < n; i++) {
        double p0 = pos[i] - 0.125, p1 = pos[i] + 0.125;

        seg[4 * i + 0] = horizontal ? v[i] : p0;
        seg[4 * i + 1] = horizontal ? p0 : v[i];
        seg[4 * i + 2] = horizontal ? v[i] : p1;
        seg[4 * i + 3] = horizontal ? p1 : v[i];
    }
    h_segments(ax, NULL, n, seg);
}

static void
violin_bars(chartex_axes *ax, size_t n, const double *pos, const double *lo,
            const double *hi, int horizontal)
{
    double seg[16];
    size_t i;

    for (i = 0; i < n; i++) {
        seg[4 * i + 0] = horizontal ? lo[i] : pos[i];
        seg[4 * i + 1] = horizontal ? pos[i] : lo[i];
        seg[4 * i + 2] = horizontal ? hi[i] : pos[i];
        seg[4 * i + 3] = horizontal ? pos[i] : hi[i];
    }
    h_segments(ax, NULL, n, seg);
}

Test(violin, extrema_and_medians)
{
    int horizontal;
    static const double pos[2] = {1, 2}, lo[2] = {1, -3}, hi[2] = {10, 4};
    static const double med[2] = {3, 0.5}, mean[2] = {3.5, 0.25};

    for (horizontal = 0; horizontal < 2; horizontal++) {
        chartex_scene *s = h_scene();
        chartex_axes *ax = h_axes(s);
        chartex__boxplot bp;

        violin_body(ax, 1, 1, 10, horizontal);
        violin_body(ax, 2, -3, 4, horizontal);
        violin_across(ax, 2, pos, mean, horizontal);  /* cmeans */
        violin_across(ax, 2, pos, hi, horizontal);    /* cmaxes */
        violin_across(ax, 2, pos, lo, horizontal);    /* cmins */
        violin_bars(ax, 2, pos, lo, hi, horizontal);  /* cbars */
        violin_across(ax, 2, pos, med, horizontal);   /* cmedians */
        boxplot_of(s, 2, &bp);
        cr_expect(bp.violin);
        cr_expect_eq(bp.orientation, horizontal ? CHARTEX_HORIZONTAL : CHARTEX_VERTICAL);
        cr_expect(bp.boxes[0].violin);
        cr_expect_eq(bp.boxes[0].pos, 1);
        cr_expect_eq(bp.boxes[0].min, 1);
        cr_expect_eq(bp.boxes[0].max, 10);
        cr_expect_eq(bp.boxes[0].median, 3);
        cr_expect_eq(bp.boxes[0].mean, 3.5);
        cr_expect(isnan(bp.boxes[0].q1) && isnan(bp.boxes[0].q3));
        cr_expect_eq(bp.boxes[1].pos, 2);
        cr_expect_eq(bp.boxes[1].min, -3);
        cr_expect_eq(bp.boxes[1].median, 0.5);
        chartex__boxplot_clear(&bp);
        chartex_scene_free(s);
    }
}

Test(violin, default_violinplot_has_no_median)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    static const double pos[1] = {1}, lo[1] = {0}, hi[1] = {4};
    chartex__boxplot bp;

    violin_body(ax, 1, 0, 4, 0);
    violin_across(ax, 1, pos, hi, 0);
    violin_across(ax, 1, pos, lo, 0);
    violin_bars(ax, 1, pos, lo, hi, 0);
    boxplot_of(s, 1, &bp);
    cr_expect(isnan(bp.boxes[0].median));
    cr_expect_eq(bp.boxes[0].max, 4);
    chartex__boxplot_clear(&bp);
    chartex_scene_free(s);
}

Test(violin, bodies_alone)
{
    chartex_scene *s = h_scene();
    chartex_axes *two = h_axes(s), *band = h_axes(s), *one = h_axes(s);
    unsigned char used[8] = {0};
    chartex_axes *uneven = h_axes(s);
    chartex_artist *a;
    double t[3] = {0, 1, 3}, f1[3] = {0.9, 0.8, 0.9}, f2[3] = {1.1, 1.2, 1.1};
    chartex__boxplot bp;

    /* violinplot(showextrema=False): bodies only. */
    violin_body(two, 1, 0, 4, 1);
    violin_body(two, 2, 1, 3, 1);
    /* fill_between(x, -y, y): a symmetric band, not a violin. */
    violin_body(band, 0, 0, 4, 1);
    /* One vertical body (fill_betweenx) is a violin. */
    violin_body(one, 1, 0, 4, 0);
    /* Unevenly spaced values are not violin_stats' output. */
    a = h_artist(uneven, CHARTEX_ARTIST_AREA, NULL);
    h_band(a, 3, t, f1, f2, 1);
    cr_expect_eq(kind_of(s, 0), CHARTEX__KIND_BOX);
    cr_expect_eq(kind_of(s, 1), CHARTEX__KIND_LINE);
    cr_expect_eq(kind_of(s, 2), CHARTEX__KIND_BOX);
    cr_expect_eq(kind_of(s, 3), CHARTEX__KIND_LINE);
    memset(&bp, 0, sizeof bp);
    cr_assert_eq(chartex__find_boxplot(two, &bp, used), 1);
    cr_expect_eq(bp.orientation, CHARTEX_HORIZONTAL);
    cr_expect_eq(bp.n, 2);
    cr_expect_eq(bp.boxes[1].min, 1);
    cr_expect_eq(bp.boxes[1].max, 3);
    cr_expect(isnan(bp.boxes[1].median));
    chartex__boxplot_clear(&bp);
    chartex_scene_free(s);
}

Test(classify, parts_in_drawing_order)
{
    chartex_scene *s = h_scene();
    chartex_axes *line_first = h_axes(s), *pie_line = h_axes(s), *bars_image = h_axes(s);
    double c[2] = {0, 1}, v[2] = {3, 4}, px[3] = {0, 1, 2}, py[3] = {1, 3, 2};
    chartex_artist *im;
    double cells[4] = {1, 2, 3, 4}, extent[4] = {0, 1, 0, 1};

    h_line(line_first, "trend", 3, px, py, 0);
    h_bars(line_first, NULL, CHARTEX_VERTICAL, 2, c, v, 0.8, NULL);
    h_wedge(pie_line, "a", 0, 90, 1);
    h_line(pie_line, NULL, 3, px, py, 0);
    /* Gridded data beside bars only: an unknown part carries it, last. */
    im = h_artist(bars_image, CHARTEX_ARTIST_IMAGE, NULL);
    cr_assert_eq(chartex_artist_set_image(im, 2, 2, cells, extent, NULL), 0);
    h_bars(bars_image, NULL, CHARTEX_VERTICAL, 2, c, v, 0.8, NULL);
    cr_expect_eq(parts_of(s, 0), CHARTEX__KIND_LINE * 10 + CHARTEX__KIND_BAR);
    cr_expect_eq(parts_of(s, 1), CHARTEX__KIND_PIE * 10 + CHARTEX__KIND_LINE);
    cr_expect_eq(parts_of(s, 2), CHARTEX__KIND_BAR * 10 + CHARTEX__KIND_UNKNOWN);
    chartex_scene_free(s);
}
