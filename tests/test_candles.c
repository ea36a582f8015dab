/*
 * test_candles.c - candlestick and OHLC charts (src/chart/candles.c): the
 * candles found from the numbers as every reader draws them (floating
 * bars or rectangles with wicks, OHLC sticks with their ticks), and what
 * stays a bar or a line chart.
 */
#include "helpers.h"

#define NO_LABELS                                                             \
    "\"x_label\":null,\"y_label\":null,\"x_unit\":null,\"y_unit\":null"

/* A candle element: label, group, value, base, open, high, low, close. */
#define CANDLE(label, group, value, o, h, l, c)                               \
    "{\"label\":\"" label "\",\"group\":\"" group "\",\"value\":" value       \
    ",\"base\":" o ",\"open\":" o ",\"high\":" h ",\"low\":" l ",\"close\":" c "}"

#define CANDLESTICK_END NO_LABELS ",\"orientation\":\"vertical\",\"financial\":\"candlestick\"}"

/* Five days of prices (2024-01-01 is day 19723 since 1970). */
static const double DAY[5] = {19723, 19724, 19725, 19726, 19727};
static const double OPEN[5] = {10, 11, 10.5, 12, 11};
static const double HIGH[5] = {11.5, 11.5, 12.5, 12.5, 13};
static const double LOW[5] = {9.5, 10, 10, 11, 10.5};
static const double CLOSE[5] = {11, 10.5, 12, 11.5, 12.5};

#define FIVE_CANDLES(g)                                                       \
    CANDLE("2024-01-01T00:00:00", g, "1.0", "10.0", "11.5", "9.5", "11.0") "," \
    CANDLE("2024-01-02T00:00:00", g, "-0.5", "11.0", "11.5", "10.0", "10.5") "," \
    CANDLE("2024-01-03T00:00:00", g, "1.5", "10.5", "12.5", "10.0", "12.0") "," \
    CANDLE("2024-01-04T00:00:00", g, "-0.5", "12.0", "12.5", "11.0", "11.5") "," \
    CANDLE("2024-01-05T00:00:00", g, "1.5", "11.0", "13.0", "10.5", "12.5")

static chartex_axes *
date_axes(chartex_scene *s)
{
    chartex_axes *ax = h_axes(s);

    chartex_axis_set_kind(h_axis(ax, 0), CHARTEX_AXIS_DATE, 0);
    return ax;
}

/* vlines(x, lo, hi) for the candles in idx (n of them). */
static chartex_artist *
vlines(chartex_axes *ax, const char *label, size_t n, const size_t *idx)
{
    double seg[20];
    size_t i;

    for (i = 0; i < n; i++) {
        seg[4 * i] = seg[4 * i + 2] = DAY[idx[i]];
        seg[4 * i + 1] = LOW[idx[i]];
        seg[4 * i + 3] = HIGH[idx[i]];
    }
    return h_segments(ax, label, n, seg);
}

/* bar(x, close - open, 0.6, bottom=open) for the candles in idx. */
static chartex_artist *
bodies(chartex_axes *ax, const char *label, size_t n, const size_t *idx)
{
    double c[5], v[5], b[5];
    size_t i;

    for (i = 0; i < n; i++) {
        c[i] = DAY[idx[i]];
        v[i] = CLOSE[idx[i]] - OPEN[idx[i]];
        b[i] = OPEN[idx[i]];
    }
    return h_bars(ax, label, CHARTEX_VERTICAL, n, c, v, 0.6, b);
}

static const size_t ALL[5] = {0, 1, 2, 3, 4};

/* ax.vlines(dates, low, high) + ax.bar(dates, close - open, bottom=open):
 * one bar element per candle, the wicks no line. */
Test(candles, vlines_and_floating_bars)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = date_axes(s);

    vlines(ax, NULL, 5, ALL);
    bodies(ax, NULL, 5, ALL);
    h_expect(s, "{\"type\":\"bar\",\"title\":null,\"elements\":[" FIVE_CANDLES("Group 0")
                "]," CANDLESTICK_END);
}

/* Up and down candles as two bar calls (and their wicks as two vlines):
 * one series, in the order of the dates, in one default group. */
Test(candles, up_and_down_in_two_calls)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = date_axes(s);
    static const size_t up[3] = {0, 2, 4}, down[2] = {1, 3};

    bodies(ax, NULL, 3, up);
    vlines(ax, NULL, 3, up);
    bodies(ax, "_container2", 2, down);
    vlines(ax, NULL, 2, down);
    h_expect(s, "{\"type\":\"bar\",\"title\":null,\"elements\":[" FIVE_CANDLES("Group 0")
                "]," CANDLESTICK_END);
}

/* Named bodies name their candles' group. */
Test(candles, labelled_bodies_name_the_group)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = date_axes(s);

    vlines(ax, NULL, 5, ALL);
    bodies(ax, "ACME", 5, ALL);
    h_expect(s, "{\"type\":\"bar\",\"title\":null,\"elements\":[" FIVE_CANDLES("ACME")
                "]," CANDLESTICK_END);
}

/* mplfinance's type="candle": wicks from the low up to the body and from
 * the high down to it (zero-length ones too), as one LineCollection, and
 * the bodies as a PolyCollection of rectangles drawn from the open (the
 * first corner) to the close, at integer positions named by dates (a
 * category axis, chartex._matplotlib.compat.index_dates). */
Test(candles, mplfinance_candle)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    static const char *dates[5] = {"2024-01-01T00:00:00", "2024-01-02T00:00:00",
                                   "2024-01-03T00:00:00", "2024-01-04T00:00:00",
                                   "2024-01-05T00:00:00"};
    chartex_artist *wicks = h_artist(ax, CHARTEX_ARTIST_SEGMENTS, "_child0");
    chartex_artist *bars = h_artist(ax, CHARTEX_ARTIST_AREA, "_child1");
    size_t i, half;
    double d = 0.3;

    h_categories(ax, 0, 5, dates);
    for (half = 0; half < 2; half++)
        for (i = 0; i < 5; i++) {
            double end = half ? fmax(OPEN[i], CLOSE[i]) : fmin(OPEN[i], CLOSE[i]);
            double seg[4] = {(double)i, half ? HIGH[i] : LOW[i], (double)i, end};

            cr_assert_eq(chartex_artist_add_polygon(wicks, 2, seg, NULL), 0);
        }
    for (i = 0; i < 5; i++) {
        double px[5] = {i - d, i - d, i + d, i + d, i - d};
        double py[5] = {OPEN[i], CLOSE[i], CLOSE[i], OPEN[i], OPEN[i]};

        h_add_polygon(bars, 5, px, py);
    }
    h_expect(s, "{\"type\":\"bar\",\"title\":null,\"elements\":[" FIVE_CANDLES("Group 0")
                "]," CANDLESTICK_END);
}

/* Candles drawn one by one: a Rectangle patch from (x - w/2, open) with
 * height close - open (its first edge horizontal), and a Line2D wick. */
Test(candles, rectangles_and_line_wicks)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = date_axes(s);
    size_t i;

    for (i = 0; i < 5; i++) {
        double x0 = DAY[i] - 0.3, x1 = DAY[i] + 0.3;
        double px[5] = {x0, x1, x1, x0, x0};
        double py[5] = {OPEN[i], OPEN[i], CLOSE[i], CLOSE[i], OPEN[i]};
        double lx[2] = {DAY[i], DAY[i]}, ly[2] = {LOW[i], HIGH[i]};
        chartex_artist *r = h_polygon(ax, CHARTEX_ARTIST_PATCH, NULL, 5, px, py);

        cr_assert_eq(chartex_artist_set_class(r, "Rectangle", 9, NULL), 0);
        h_line(ax, NULL, 2, lx, ly, 0);
    }
    h_expect(s, "{\"type\":\"bar\",\"title\":null,\"elements\":[" FIVE_CANDLES("Group 0")
                "]," CANDLESTICK_END);
}

/* mplfinance's type="ohlc" (and Plotly's ohlc trace, drawn the same way):
 * the range from low to high, a tick to the left at the open, a tick to
 * the right at the close, three LineCollections. */
Test(candles, ohlc_ticks)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = date_axes(s);
    double range[20], open[20], close[20];
    size_t i;

    for (i = 0; i < 5; i++) {
        double r[4] = {DAY[i], LOW[i], DAY[i], HIGH[i]};
        double o[4] = {DAY[i] - 0.35, OPEN[i], DAY[i], OPEN[i]};
        double c[4] = {DAY[i], CLOSE[i], DAY[i] + 0.35, CLOSE[i]};

        memcpy(range + 4 * i, r, sizeof r);
        memcpy(open + 4 * i, o, sizeof o);
        memcpy(close + 4 * i, c, sizeof c);
    }
    h_segments(ax, "prices", 5, range);
    h_segments(ax, NULL, 5, open);
    h_segments(ax, NULL, 5, close);
    h_expect(s, "{\"type\":\"bar\",\"title\":null,\"elements\":[" FIVE_CANDLES("prices")
                "]," NO_LABELS ",\"orientation\":\"vertical\",\"financial\":\"ohlc\"}");
}

/* An OHLC stick without its close tick is no candle: three line sets. */
Test(candles, ohlc_without_a_close_is_lines)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    double range[8] = {0, 1, 0, 4, 1, 2, 1, 5};
    double open[8] = {-0.3, 2, 0, 2, 0.7, 3, 1, 3};
    double close[4] = {0, 3, 0.3, 3};

    h_segments(ax, NULL, 2, range);
    h_segments(ax, NULL, 2, open);
    h_segments(ax, NULL, 1, close);
    h_expect_has(s, "{\"type\":\"line\"");
    h_expect_has(s, "\"label\":\"Line 2\"");
    chartex_scene_free(s);
}

/* A mean line over candles: an overlaid superchart of the candles and
 * the line. */
Test(candles, a_moving_average_beside_them)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = date_axes(s);
    double mav[5] = {NAN, 10.75, 11.25, 11.75, 12};

    vlines(ax, NULL, 5, ALL);
    bodies(ax, NULL, 5, ALL);
    h_line(ax, "mav", 5, DAY, mav, 0);
    h_expect_has(s, "{\"type\":\"superchart\",\"title\":null,\"elements\":["
                    "{\"type\":\"bar\",\"title\":null,\"elements\":[" FIVE_CANDLES("Group 0"));
    h_expect_has(s, "{\"type\":\"line\",\"title\":null,\"elements\":[{\"label\":\"mav\"");
    h_expect_has(s, "\"overlaid\":true}");
    chartex_scene_free(s);
}

/* Bars from 0 with a range line over each (a bar chart with min-max
 * lines) are no candles: the bars stay bars, the lines lines. */
Test(candles, bars_from_zero_are_no_bodies)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    double c[2] = {0, 1}, v[2] = {3, 5}, seg[8] = {0, 2, 0, 4, 1, 4, 1, 6};

    h_bars(ax, NULL, CHARTEX_VERTICAL, 2, c, v, 0.8, NULL);
    h_segments(ax, NULL, 2, seg);
    h_expect_has(s, "{\"type\":\"bar\",\"title\":null,\"elements\":[{\"label\":\"0\","
                    "\"group\":\"Group 0\",\"value\":3.0}");
    h_expect_has(s, "{\"type\":\"line\"");
    h_expect_has(s, "\"overlaid\":true}");
    chartex_scene_free(s);
}

/* Floating bars with a vertical line at one of them only, or with a
 * line collection that has a segment at no body, are no candles either:
 * candles are all or nothing per artist. */
Test(candles, all_or_nothing_per_artist)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = date_axes(s);
    static const size_t two[2] = {0, 1};
    double extra[8] = {DAY[0], LOW[0], DAY[0], HIGH[0], DAY[4], 1, DAY[4], 2};
    char *text;

    bodies(ax, NULL, 5, ALL);
    vlines(ax, NULL, 2, two);
    text = h_json(s);
    cr_expect_null(strstr(text, "financial"), "%s", text);
    cr_expect_not_null(strstr(text, "\"base\":10.0}"), "%s", text);
    chartex_free(text);
    chartex_scene_free(s);

    s = h_scene();
    ax = date_axes(s);
    bodies(ax, NULL, 1, ALL);
    h_segments(ax, NULL, 2, extra);
    text = h_json(s);
    cr_expect_null(strstr(text, "financial"), "%s", text);
    chartex_free(text);
    chartex_scene_free(s);
}

/* Candles at integer positions whose tick labels name them (set_xticks(
 * range(n), dates)) are named by those labels, as bars are. */
Test(candles, named_by_tick_labels)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    double x[2] = {0, 1}, v[2] = {1, -0.5}, b[2] = {10, 11}, seg[8] = {0, 9.5, 0, 11.5, 1, 10, 1, 11.5};
    static const char *labels[2] = {"Mon", "Tue"};

    h_ticks(ax, 0, 2, x, labels);
    h_segments(ax, NULL, 2, seg);
    h_bars(ax, NULL, CHARTEX_VERTICAL, 2, x, v, 0.6, b);
    h_expect(s, "{\"type\":\"bar\",\"title\":null,\"elements\":["
                CANDLE("Mon", "Group 0", "1.0", "10.0", "11.5", "9.5", "11.0") ","
                CANDLE("Tue", "Group 0", "-0.5", "11.0", "11.5", "10.0", "10.5") "],"
                CANDLESTICK_END);
}

/* A missing day (NaN prices) is no candle and keeps the others. */
Test(candles, missing_days_are_left_out)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    double x[3] = {0, 1, 2}, v[3] = {1, NAN, -0.5}, b[3] = {10, NAN, 11};
    double seg[12] = {0, 9.5, 0, 11.5, 1, NAN, 1, NAN, 2, 10, 2, 11.5};

    h_segments(ax, NULL, 3, seg);
    h_bars(ax, NULL, CHARTEX_VERTICAL, 3, x, v, 0.6, b);
    h_expect(s, "{\"type\":\"bar\",\"title\":null,\"elements\":["
                CANDLE("0", "Group 0", "1.0", "10.0", "11.5", "9.5", "11.0") ","
                CANDLE("2", "Group 0", "-0.5", "11.0", "11.5", "10.0", "10.5") "],"
                CANDLESTICK_END);
}

/* Candles drawn with bars alone (a tutorial's way): the bodies, and thin
 * bars from the close up to the high and from the open down to the low
 * (up and down days in calls of their own).  A bar narrower than a body
 * at its centre, reaching its end, is a wick. */
Test(candles, thin_bars_as_wicks)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = date_axes(s);
    static const size_t up[3] = {0, 2, 4}, down[2] = {1, 3};
    const size_t *sel[2] = {up, down};
    size_t n[2] = {3, 2}, g, i;

    for (g = 0; g < 2; g++) {
        double c[3], v[3], b[3], hv[3], hb[3], lv[3], lb[3];

        for (i = 0; i < n[g]; i++) {
            size_t k = sel[g][i];
            double top = fmax(OPEN[k], CLOSE[k]), bot = fmin(OPEN[k], CLOSE[k]);

            c[i] = DAY[k];
            v[i] = CLOSE[k] - OPEN[k];
            b[i] = OPEN[k];
            hv[i] = HIGH[k] - top;
            hb[i] = top;
            lv[i] = LOW[k] - bot;
            lb[i] = bot;
        }
        h_bars(ax, NULL, CHARTEX_VERTICAL, n[g], c, v, 0.4, b);
        h_bars(ax, NULL, CHARTEX_VERTICAL, n[g], c, hv, 0.05, hb);
        h_bars(ax, NULL, CHARTEX_VERTICAL, n[g], c, lv, 0.05, lb);
    }
    h_expect(s, "{\"type\":\"bar\",\"title\":null,\"elements\":[" FIVE_CANDLES("Group 0")
                "]," CANDLESTICK_END);
}

/* Floating bars of one width over each other are no candles. */
Test(candles, equal_floating_bars_are_no_wicks)
{
    chartex_scene *s = h_scene();
    chartex_axes *ax = h_axes(s);
    double c[2] = {0, 1}, v[2] = {1, 2}, b[2] = {1, 1}, v2[2] = {1, 1}, b2[2] = {2, 3};
    char *text;

    h_bars(ax, NULL, CHARTEX_VERTICAL, 2, c, v, 0.6, b);
    h_bars(ax, NULL, CHARTEX_VERTICAL, 2, c, v2, 0.6, b2);
    text = h_json(s);
    cr_expect_null(strstr(text, "financial"), "%s", text);
    cr_expect_not_null(strstr(text, "\"stacked\":true"), "%s", text);
    chartex_free(text);
    chartex_scene_free(s);
}
