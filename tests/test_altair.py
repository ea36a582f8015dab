"""Altair charts, mark by mark, against the data: the source frame (pandas
computes what the chart shows) and VegaFusion's own transformed data.

The idioms are those of Altair's documentation: a bar chart of an
aggregate, stacked, grouped and horizontal bars, a histogram, a line over
time and with a time unit, a scatter by colour, a boxplot, a pie and a
donut, a heatmap, error bars and bands, a rule over a line, text labels,
ticks, facets, repeats and concatenations.
"""
import math

import numpy as np
import pytest

from altair_helpers import elements, encoding, need_altair, read

need_altair()

import altair as alt  # noqa: E402
import pandas as pd  # noqa: E402

import chartex  # noqa: E402


@pytest.fixture
def achart(chart):
    return lambda c, **kw: read(chart, c, **kw)


@pytest.fixture
def sales():
    return pd.DataFrame({
        "region": ["North", "South", "East", "North", "South", "East", "North", "West"],
        "product": ["tea", "tea", "tea", "coffee", "coffee", "coffee", "tea", "coffee"],
        "units": [12.0, 7.5, 3.0, 4.0, 9.0, 1.5, 2.0, 6.0],
    })


@pytest.fixture
def noise():
    rng = np.random.default_rng(33)
    return pd.DataFrame({"group": rng.choice(["a", "b", "c"], 300),
                         "value": rng.normal(size=300) * 2 + 1,
                         "other": rng.normal(size=300)})


# ---------------------------------------------------------------- bars

def test_bar_of_an_aggregate(achart, sales):
    d = achart(alt.Chart(sales).mark_bar().encode(x="region:N", y="sum(units):Q"))
    want = sales.groupby("region").units.sum()
    assert d["type"] == "bar" and d["orientation"] == "vertical"
    assert [e["label"] for e in d["elements"]] == sorted(want.index)
    assert {e["label"]: e["value"] for e in d["elements"]} == want.to_dict()
    assert all("base" not in e for e in d["elements"])
    assert d["x_label"] == "region" and d["y_label"] == "Sum of units"
    y = encoding(d, "y")
    assert (y["aggregate"], y["of"], y["field"]) == ("sum", "units", "sum_units")


def test_bars_sorted_by_their_value(achart, sales):
    d = achart(alt.Chart(sales).mark_bar().encode(x=alt.X("region:N", sort="-y"),
                                                   y="sum(units):Q"))
    want = sales.groupby("region").units.sum().sort_values(ascending=False)
    assert [e["label"] for e in d["elements"]] == list(want.index)
    assert encoding(d, "x")["sort"] == "descending by sum of units"


def test_bars_in_a_given_order(achart, sales):
    order = ["West", "North", "East", "South"]
    d = achart(alt.Chart(sales).mark_bar().encode(x=alt.X("region:N", sort=order),
                                                   y="sum(units):Q"))
    assert [e["label"] for e in d["elements"]] == order


def test_horizontal_bars(achart, sales):
    d = achart(alt.Chart(sales).mark_bar().encode(y="region:N", x="mean(units):Q"))
    want = sales.groupby("region").units.mean()
    assert d["orientation"] == "horizontal"
    assert {e["label"]: e["value"] for e in d["elements"]} == pytest.approx(want.to_dict())


def test_stacked_bars(achart, sales):
    d = achart(alt.Chart(sales).mark_bar().encode(x="region:N", y="sum(units):Q",
                                                   color="product:N"))
    want = sales.groupby(["product", "region"]).units.sum()
    assert d["stacked"] is True
    got = {(e["group"], e["label"]): e["value"] for e in d["elements"]}
    assert got == want.to_dict()
    # a stack's bars carry their own value, and their base is the stack below
    assert all("base" not in e for e in d["elements"])
    assert encoding(d, "y")["stack"] == "zero"


def test_normalized_stack_values_are_the_bars_own(achart, sales):
    d = achart(alt.Chart(sales).mark_bar().encode(
        x="region:N", y=alt.Y("sum(units):Q", stack="normalize"), color="product:N"))
    want = sales.groupby(["product", "region"]).units.sum()
    got = {(e["group"], e["label"]): e["value"] for e in d["elements"]}
    assert got == want.to_dict()
    assert encoding(d, "y")["stack"] == "normalize"


def test_grouped_bars_by_offset(achart, sales):
    d = achart(alt.Chart(sales).mark_bar().encode(x="region:N", y="sum(units):Q",
                                                   xOffset="product:N", color="product:N"))
    want = sales.groupby(["product", "region"]).units.sum()
    assert d.get("grouped") is True and "stacked" not in d
    assert {(e["group"], e["label"]): e["value"] for e in d["elements"]} == want.to_dict()


def test_floating_bars_gantt(achart):
    df = pd.DataFrame({"task": ["plan", "build", "ship"],
                       "start": pd.to_datetime(["2024-01-01", "2024-01-10", "2024-02-01"]),
                       "end": pd.to_datetime(["2024-01-12", "2024-02-05", "2024-02-10"])})
    d = achart(alt.Chart(df).mark_bar().encode(y="task:N", x="start:T", x2="end:T"))
    assert d["orientation"] == "horizontal"
    got = {e["label"]: (e["base"], e["value"]) for e in d["elements"]}
    assert got == {"plan": ("2024-01-01T00:00:00", 11.0),
                   "build": ("2024-01-10T00:00:00", 26.0),
                   "ship": ("2024-02-01T00:00:00", 9.0)}


def test_histogram_bins_with_their_ends(achart, noise):
    c = alt.Chart(noise).mark_bar().encode(alt.X("value:Q", bin=alt.Bin(maxbins=20)),
                                           y="count()")
    d = achart(c)
    bins = c.transformed_data()
    start, end = "bin_maxbins_20_value", "bin_maxbins_20_value_end"
    want = dict(zip(bins[start], bins["__count"]))
    assert {e["bin"][0]: e["value"] for e in d["elements"]} == want
    for e in d["elements"]:
        assert e["bin"][1] > e["bin"][0]
        assert float(e["label"]) == pytest.approx((e["bin"][0] + e["bin"][1]) / 2)
        inside = ((noise.value >= e["bin"][0]) & (noise.value < e["bin"][1])).sum()
        assert e["value"] == inside or e["bin"][1] == bins[end].max()
    assert sum(e["value"] for e in d["elements"]) == len(noise)
    starts = [e["bin"][0] for e in d["elements"]]
    assert starts == sorted(starts)
    assert d["x_label"] == "value" and d["x_unit"] is None
    assert encoding(d, "x")["title"] == "value (binned)"
    assert encoding(d, "x")["bin_maxbins"] == 20.0


def test_histogram_by_colour_is_stacked(achart, noise):
    d = achart(alt.Chart(noise).mark_bar().encode(alt.X("value:Q", bin=True), y="count()",
                                                   color="group:N"))
    assert d["stacked"] is True
    counts = {}
    for e in d["elements"]:
        counts[e["group"]] = counts.get(e["group"], 0) + e["value"]
    assert counts == noise.group.value_counts().to_dict()


def test_bars_over_time(achart):
    df = pd.DataFrame({"day": pd.date_range("2024-03-01", periods=5), "n": [3, 1, 4, 1, 5]})
    d = achart(alt.Chart(df).mark_bar().encode(x="day:T", y="n:Q"))
    assert [e["label"] for e in d["elements"]] == [
        "2024-03-0%dT00:00:00" % i for i in range(1, 6)]
    assert [e["value"] for e in d["elements"]] == [3.0, 1.0, 4.0, 1.0, 5.0]


def test_bars_by_month_time_unit(achart):
    df = pd.DataFrame({"date": pd.date_range("2023-01-01", periods=365), "v": 1.0})
    d = achart(alt.Chart(df).mark_bar().encode(x="month(date):O", y="sum(v):Q"))
    assert [e["value"] for e in d["elements"]] == [
        31.0, 28.0, 31.0, 30.0, 31.0, 30.0, 31.0, 31.0, 30.0, 31.0, 30.0, 31.0]
    assert encoding(d, "x")["time_unit"] == "month"


# ---------------------------------------------------------------- lines

def test_line_over_time_by_colour(achart):
    df = pd.DataFrame({"t": list(pd.date_range("2024-01-01", periods=4)) * 2,
                       "price": [1.0, 2, 3, 4, 10, 9, 8, 7], "sym": ["A"] * 4 + ["B"] * 4})
    d = achart(alt.Chart(df).mark_line().encode(x="t:T", y="price:Q", color="sym:N"))
    assert d["type"] == "line" and d["x_scale"] == "datetime"
    assert [e["label"] for e in d["elements"]] == ["A", "B"]
    assert elements(d, label="B")[0]["points"] == [
        ["2024-01-0%dT00:00:00" % (i + 1), v] for i, v in enumerate([10.0, 9, 8, 7])]


def test_line_points_in_drawing_order(achart):
    # Vega draws a line sorted by x, whatever the data's order
    df = pd.DataFrame({"x": [3.0, 1, 2], "y": [30.0, 10, 20]})
    d = achart(alt.Chart(df).mark_line().encode(x="x:Q", y="y:Q"))
    assert d["elements"][0]["points"] == [[1.0, 10.0], [2.0, 20.0], [3.0, 30.0]]
    d = achart(alt.Chart(df.assign(o=[0, 2, 1])).mark_line().encode(x="x:Q", y="y:Q",
                                                                     order="o:Q"))
    assert d["elements"][0]["points"] == [[3.0, 30.0], [2.0, 20.0], [1.0, 10.0]]


def test_line_with_a_time_unit(achart):
    df = pd.DataFrame({"date": pd.date_range("2022-01-01", "2023-12-31", freq="D")})
    df["v"] = np.arange(len(df), dtype=float)
    d = achart(alt.Chart(df).mark_line().encode(x="yearmonth(date):T", y="mean(v):Q"))
    want = df.groupby(df.date.dt.to_period("M")).v.mean()
    pts = d["elements"][0]["points"]
    assert len(pts) == 24
    assert [p[0][:7] for p in pts] == [str(p) for p in want.index]
    assert [p[1] for p in pts] == pytest.approx(list(want))
    assert d["x_label"] == "date" and d["x_unit"] is None
    x = encoding(d, "x")
    assert (x["time_unit"], x["of"], x["title"]) == ("yearmonth", "date", "date (year-month)")


def test_step_line(achart):
    df = pd.DataFrame({"x": [0.0, 1, 2], "y": [1.0, 3, 2]})
    d = achart(alt.Chart(df).mark_line(interpolate="step-after").encode(x="x:Q", y="y:Q"))
    assert d["type"] == "line"
    assert d["elements"][0]["points"] == [[0.0, 1.0], [1.0, 3.0], [2.0, 2.0]]


def test_trail(achart):
    df = pd.DataFrame({"x": [0.0, 1, 2], "y": [1.0, 3, 2]})
    d = achart(alt.Chart(df).mark_trail().encode(x="x:Q", y="y:Q", size="y:Q"))
    assert d["type"] == "line" and d["elements"][0]["points"] == [[0.0, 1.0], [1.0, 3.0],
                                                                  [2.0, 2.0]]


def test_line_with_nulls_keeps_them(achart):
    df = pd.DataFrame({"x": [0.0, 1, 2, 3], "y": [1.0, np.nan, 2, 4]})
    d = achart(alt.Chart(df).mark_line().encode(x="x:Q", y="y:Q"))
    assert d["elements"][0]["points"] == [[0.0, 1.0], [1.0, None], [2.0, 2.0], [3.0, 4.0]]


# ---------------------------------------------------------------- areas

def test_stacked_areas(achart):
    df = pd.DataFrame({"x": [0, 1, 2] * 2, "y": [1.0, 2, 3, 10, 20, 30],
                       "k": ["a"] * 3 + ["b"] * 3})
    d = achart(alt.Chart(df).mark_area().encode(x="x:Q", y="y:Q", color="k:N"))
    # read from the bottom up, as a stack is drawn
    assert [e["label"] for e in d["elements"]] == ["b", "a"]
    tops = {e["label"]: [p[1] for p in e["points"]] for e in d["elements"]}
    bases = {e["label"]: e.get("baseline", [0.0] * 3) for e in d["elements"]}
    # Vega-Lite stacks the colour's values in descending order: b at the bottom
    assert bases["b"] == [0.0, 0.0, 0.0] and tops["b"] == [10.0, 20.0, 30.0]
    assert bases["a"] == [10.0, 20.0, 30.0] and tops["a"] == [11.0, 22.0, 33.0]


def test_area_from_zero(achart):
    df = pd.DataFrame({"x": [0.0, 1, 2], "y": [1.0, 4, 2]})
    d = achart(alt.Chart(df).mark_area().encode(x="x:Q", y="y:Q"))
    assert d["type"] == "line"
    assert d["elements"][0]["points"] == [[0.0, 1.0], [1.0, 4.0], [2.0, 2.0]]
    assert "baseline" not in d["elements"][0]


def test_area_between_two_fields(achart):
    df = pd.DataFrame({"x": [0.0, 1, 2], "lo": [1.0, 2, 1], "hi": [3.0, 5, 4]})
    d = achart(alt.Chart(df).mark_area().encode(x="x:Q", y="lo:Q", y2="hi:Q"))
    e = d["elements"][0]
    assert [p[1] for p in e["points"]] == [1.0, 2.0, 1.0] and e["baseline"] == [3.0, 5.0, 4.0]


# -------------------------------------------------------------- scatters

def test_scatter_by_colour(achart, noise):
    d = achart(alt.Chart(noise).mark_point().encode(x="value:Q", y="other:Q",
                                                     color="group:N"))
    assert d["type"] == "scatter"
    assert [e["label"] for e in d["elements"]] == ["a", "b", "c"]
    for e in d["elements"]:
        rows = noise[noise.group == e["label"]]
        assert e["points"] == [[x, y] for x, y in zip(rows.value, rows.other)]
    assert encoding(d, "color")["domain"] == ["a", "b", "c"]


def test_scatter_by_colour_and_shape(achart, sales):
    d = achart(alt.Chart(sales).mark_point().encode(x="units:Q", y="region:N",
                                                     color="product:N", shape="region:N"))
    labels = {e["label"] for e in d["elements"]}
    want = {"%s, %s" % (p, r) for p, r in zip(sales["product"], sales.region)}
    assert labels == want


@pytest.mark.parametrize("mark", ["circle", "square", "point"])
def test_every_point_mark(achart, mark, sales):
    d = achart(getattr(alt.Chart(sales), "mark_" + mark)().encode(x="units:Q", y="region:N"))
    assert d["type"] == "scatter"
    assert d["elements"][0]["points"] == [[u, r] for u, r in zip(sales.units, sales.region)]


def test_scatter_on_log_and_sqrt_scales(achart, sales):
    d = achart(alt.Chart(sales).mark_point().encode(
        x=alt.X("units:Q", scale=alt.Scale(type="log")),
        y=alt.Y("units:Q", scale=alt.Scale(type="sqrt"), axis=alt.Axis(format=".1f"))))
    assert (d["x_scale"], d["y_scale"]) == ("log", "function")
    assert (encoding(d, "x")["scale"], encoding(d, "y")["scale"]) == ("log", "sqrt")
    assert encoding(d, "y")["format"] == ".1f"


def test_ticks_are_a_scatter(achart, sales):
    d = achart(alt.Chart(sales).mark_tick().encode(x="units:Q", y="region:N"))
    assert d["type"] == "scatter"
    assert sorted(map(tuple, d["elements"][0]["points"])) == sorted(
        zip(sales.units, sales.region))
    assert d["elements"][0]["label"] == "units"


def test_strip_without_y(achart, sales):
    d = achart(alt.Chart(sales).mark_tick().encode(x="units:Q"))
    assert [p[0] for p in d["elements"][0]["points"]] == list(sales.units)


# ----------------------------------------------------------------- boxes

def test_boxplot_statistics(achart, noise):
    d = achart(alt.Chart(noise).mark_boxplot().encode(x="group:N", y="value:Q"))
    assert d["type"] == "box_and_whisker" and d["orientation"] == "vertical"
    for e in d["elements"]:
        v = np.sort(noise.value[noise.group == e["label"]].to_numpy())
        q1, med, q3 = np.quantile(v, [0.25, 0.5, 0.75])
        lo, hi = q1 - 1.5 * (q3 - q1), q3 + 1.5 * (q3 - q1)
        inside = v[(v >= lo) & (v <= hi)]
        assert (e["first_quartile"], e["median"], e["third_quartile"]) == pytest.approx(
            (q1, med, q3))
        assert (e["min"], e["max"]) == pytest.approx((inside.min(), inside.max()))
        assert sorted(e["outliers"]) == pytest.approx(sorted(v[(v < lo) | (v > hi)]))


def test_horizontal_min_max_boxplot(achart, noise):
    d = achart(alt.Chart(noise).mark_boxplot(extent="min-max").encode(y="group:N",
                                                                       x="value:Q"))
    assert d["orientation"] == "horizontal"
    for e in d["elements"]:
        v = noise.value[noise.group == e["label"]]
        assert (e["min"], e["max"]) == pytest.approx((v.min(), v.max()))
        assert e["outliers"] == []


# ------------------------------------------------------------------ pies

@pytest.mark.parametrize("inner", [0, 50])
def test_pie_and_donut(achart, sales, inner):
    d = achart(alt.Chart(sales).mark_arc(innerRadius=inner).encode(theta="sum(units):Q",
                                                                    color="region:N"))
    want = sales.groupby("region").units.sum()
    assert d["type"] == "pie"
    angles = {e["label"]: e["angle"] for e in d["elements"]}
    assert angles == pytest.approx((want / want.sum() * 360).to_dict())
    assert sum(angles.values()) == pytest.approx(360)


def test_radial_chart_radius(achart):
    df = pd.DataFrame({"v": [1.0, 2, 3]})
    d = achart(alt.Chart(df).mark_arc().encode(theta=alt.Theta("v:Q", stack=True),
                                                radius=alt.Radius("v:Q").scale(type="sqrt")))
    assert sorted(e["radius"] for e in d["elements"]) == [1.0, 2.0, 3.0]


# -------------------------------------------------------------- heatmaps

def test_heatmap_of_categories(achart, sales):
    d = achart(alt.Chart(sales).mark_rect().encode(x="region:N", y="product:N",
                                                    color="sum(units):Q"))
    h = d["heatmap"]
    assert d["type"] == "unknown"
    assert h["col_labels"] == ["East", "North", "South", "West"]
    assert h["row_labels"] == ["coffee", "tea"]
    want = sales.pivot_table(index="product", columns="region", values="units",
                             aggfunc="sum")
    got = [[None if v is None else v for v in row] for row in h["values"]]
    for r, prod in enumerate(h["row_labels"]):
        for c, reg in enumerate(h["col_labels"]):
            w = want.loc[prod, reg]
            assert got[r][c] == (None if math.isnan(w) else w)
    assert h["colorbar_label"] == "Sum of units"
    assert (h["vmin"], h["vmax"]) == (1.5, 14.0)


def test_binned_heatmap(achart, noise):
    c = alt.Chart(noise).mark_rect().encode(alt.X("value:Q", bin=alt.Bin(maxbins=10)),
                                            alt.Y("other:Q", bin=alt.Bin(maxbins=10)),
                                            color="count():Q")
    d = achart(c)
    h = d["heatmap"]
    counts, _, _ = np.histogram2d(noise.other, noise.value, bins=[h["y_edges"], h["x_edges"]])
    got = np.array([[0 if v is None else v for v in row] for row in h["values"]])
    assert (got == counts).all()


def test_nominal_colours_are_cell_texts(achart, sales):
    d = achart(alt.Chart(sales).mark_rect().encode(x="region:N", y="product:N",
                                                    color="product:N"))
    h = d["heatmap"]
    assert h["annotations"][h["row_labels"].index("tea")][h["col_labels"].index("North")] == "tea"


# ---------------------------------------------------------- errors, rules

def test_error_bars_of_means(achart, noise):
    d = achart(alt.Chart(noise).mark_errorbar(extent="stderr").encode(x="group:N",
                                                                       y="value:Q"))
    e = d["elements"][0]
    assert d["type"] == "line"
    g = noise.groupby("group").value
    want_mean, want_se = g.mean(), g.std() / np.sqrt(g.count())
    for (label, mean), (lo, hi) in zip(e["points"], e["y_error"]):
        assert mean == pytest.approx(want_mean[label])
        assert (lo, hi) == pytest.approx((want_mean[label] - want_se[label],
                                          want_mean[label] + want_se[label]))


def test_error_band_is_its_lines_band(achart):
    df = pd.DataFrame({"x": np.repeat(np.arange(5.0), 4),
                       "y": np.tile([1.0, 2, 3, 6], 5) + np.repeat(np.arange(5.0), 4)})
    band = alt.Chart(df).mark_errorband(extent="stdev").encode(x="x:Q", y="y:Q")
    line = alt.Chart(df).mark_line().encode(x="x:Q", y="mean(y):Q")
    d = achart(line + band)
    (e,) = d["elements"]
    g = df.groupby("x").y
    assert [p[1] for p in e["points"]] == pytest.approx(list(g.mean()))
    assert [lo for lo, hi in e["band"]] == pytest.approx(list(g.mean() - g.std()))


def test_rule_over_a_line_is_a_reference(achart, noise):
    base = alt.Chart(noise)
    d = achart(base.mark_point().encode(x="value:Q", y="other:Q")
               + base.mark_rule(color="red").encode(y="mean(other):Q"))
    (ref,) = d["reference_lines"]
    assert (ref["axis"], ref["label"]) == ("y", "mean_other")
    assert ref["value"] == pytest.approx(noise.other.mean())


def test_rules_between_points_are_segments(achart):
    df = pd.DataFrame({"k": ["a", "b"], "lo": [1.0, 2.0], "hi": [3.0, 5.0]})
    d = achart(alt.Chart(df).mark_rule().encode(x="k:N", y="lo:Q", y2="hi:Q"))
    assert d["type"] == "line"
    assert d["elements"][0]["points"] == [["a", 1.0], ["a", 3.0], [None, None],
                                          ["b", 2.0], ["b", 5.0]]


def test_candlestick(achart):
    df = pd.DataFrame({"date": pd.date_range("2024-01-01", periods=3),
                       "open": [10.0, 11, 10.5], "close": [11.0, 10.5, 12],
                       "low": [9.5, 10, 10], "high": [11.5, 11.2, 12.5]})
    base = alt.Chart(df).encode(x="date:T")
    d = achart(base.mark_rule().encode(y="low:Q", y2="high:Q")
               + base.mark_bar().encode(y="open:Q", y2="close:Q"))
    assert d["type"] == "bar" and d["financial"] == "candlestick"
    c = d["elements"][0]
    assert (c["open"], c["high"], c["low"], c["close"]) == (10.0, 11.5, 9.5, 11.0)


# ------------------------------------------------------------------ texts

def test_text_labels_on_bars(achart, sales):
    # the texts at the bars' tops are their labels, as bar_label() gives
    base = alt.Chart(sales).encode(x="region:N", y="sum(units):Q")
    d = achart(base.mark_bar() + base.mark_text(dy=-5).encode(text="sum(units):Q"))
    want = sales.groupby("region").units.sum()
    assert {e["label"]: e["bar_label"] for e in d["elements"]} == {
        k: ("%g" % v) for k, v in want.items()}


def test_text_beside_points_are_annotations(achart, sales):
    base = alt.Chart(sales).encode(x="units:Q", y="region:N")
    d = achart(base.mark_point() + base.mark_text(dx=10).encode(text="product:N"))
    assert [(a["x"], a["y"], a["text"]) for a in d["annotations"]] == list(
        zip(sales.units, sales.region, sales["product"]))


def test_text_only_view(achart):
    df = pd.DataFrame({"x": [1.0, 2.0], "t": ["é", "🦜"]})
    d = achart(alt.Chart(df).mark_text().encode(x="x:Q", text="t:N"))
    assert d["type"] == "unknown"
    assert [a["text"] for a in d["annotations"]] == ["é", "🦜"]


# -------------------------------------------------- views: layer, concat...

def test_layer_of_bars_and_line_is_overlaid(achart, sales):
    base = alt.Chart(sales).encode(x="region:N")
    d = achart(base.mark_bar().encode(y="sum(units):Q")
               + base.mark_line(color="red").encode(y="mean(units):Q"))
    assert d["type"] == "superchart" and d.get("overlaid") is True
    assert [c["type"] for c in d["elements"]] == ["bar", "line"]


def test_independent_y_is_a_twin(achart, sales):
    base = alt.Chart(sales).encode(x="region:N")
    d = achart(alt.layer(base.mark_bar().encode(y="sum(units):Q"),
                         base.mark_line().encode(y="count():Q")).resolve_scale(y="independent"))
    assert d["type"] == "superchart"
    assert [c["y_label"] for c in d["elements"]] == ["Sum of units", "Count of Records"]


def test_concat(achart, sales):
    a = alt.Chart(sales).mark_bar().encode(x="region:N", y="sum(units):Q").properties(title="A")
    b = alt.Chart(sales).mark_point().encode(x="units:Q", y="product:N").properties(title="B")
    d = achart(alt.vconcat(a | b, b, title="all"))
    assert d["type"] == "superchart" and d["title"] == "all"
    assert [(c["type"], c["title"]) for c in d["elements"]] == [
        ("bar", "A"), ("scatter", "B"), ("scatter", "B")]


def test_facet_cells(achart, sales):
    d = achart(alt.Chart(sales).mark_bar().encode(x="region:N", y="sum(units):Q")
               .facet(column="product:N"))
    assert [c["title"] for c in d["elements"]] == ["product = coffee", "product = tea"]
    for c in d["elements"]:
        prod = c["title"].split(" = ")[1]
        want = sales[sales["product"] == prod].groupby("region").units.sum()
        assert {e["label"]: e["value"] for e in c["elements"]} == want.to_dict()


def test_facet_rows_and_columns_descending(achart, noise):
    d = achart(alt.Chart(noise).mark_point().encode(x="value:Q", y="other:Q").facet(
        row=alt.Row("group:N", sort="descending"), column="group:N"))
    titles = [c["title"] for c in d["elements"]]
    assert titles == ["group = c, group = c", "group = b, group = b", "group = a, group = a"]


def test_repeat(achart, noise):
    d = achart(alt.Chart(noise).mark_point().encode(
        x=alt.X(alt.repeat("column"), type="quantitative"), y="other:Q")
        .repeat(column=["value", "other"]))
    assert [c["x_label"] for c in d["elements"]] == ["value", "other"]
    assert [p[0] for p in d["elements"][0]["elements"][0]["points"]] == list(noise.value)


def test_layered_facet(achart, sales):
    d = achart(alt.layer(alt.Chart().mark_bar().encode(x="region:N", y="sum(units):Q"),
                         alt.Chart().mark_rule().encode(y="mean(units):Q"),
                         data=sales).facet(column="product:N"))
    assert [c["title"] for c in d["elements"]] == ["product = coffee", "product = tea"]
    for c in d["elements"]:
        prod = c["title"].split(" = ")[1]
        (ref,) = c["reference_lines"]
        assert ref["value"] == pytest.approx(sales[sales["product"] == prod].units.mean())


# ------------------------------------------------------------ the spec form

def test_a_vega_lite_dict(achart):
    spec = {"$schema": "https://vega.github.io/schema/vega-lite/v5.json",
            "data": {"values": [{"a": "x", "b": 1}, {"a": "y", "b": 2}]},
            "mark": "bar", "encoding": {"x": {"field": "a", "type": "nominal"},
                                        "y": {"field": "b", "type": "quantitative"}}}
    d = achart(spec)
    assert [(e["label"], e["value"]) for e in d["elements"]] == [("x", 1.0), ("y", 2.0)]


def test_a_spec_without_schema(achart):
    d = achart({"data": {"values": [{"x": 1, "y": 2}]}, "mark": "point",
                "encoding": {"x": {"field": "x", "type": "quantitative"},
                             "y": {"field": "y", "type": "quantitative"}}})
    assert d["elements"][0]["points"] == [[1.0, 2.0]]


def test_titles_and_units(achart, sales):
    d = achart(alt.Chart(sales, title=alt.Title(["Units", "by region"]))
               .mark_bar().encode(x=alt.X("region:N", title="Region"),
                                  y=alt.Y("sum(units):Q", title="Sold (kg)")))
    assert (d["title"], d["x_label"], d["y_label"], d["y_unit"]) == (
        "Units by region", "Region", "Sold (kg)", "kg")


def test_url_data_is_not_fetched(achart):
    d = achart(alt.Chart("https://example.invalid/cars.json").mark_point().encode(
        x="a:Q", y="b:Q"))
    assert d["type"] == "unknown"
    (note,) = d["data_notes"]
    assert note == {"mark": "point", "dataset": "source_0",
                    "reason": "data from a URL is not fetched: https://example.invalid/cars.json"}


def test_empty_data(achart):
    d = achart(alt.Chart(pd.DataFrame({"a": [], "b": []})).mark_point().encode(x="a:Q", y="b:Q"))
    assert d == {} or d["type"] in ("scatter", "unknown")


def test_json_equals_dict_and_bounds(sales):
    c = alt.Chart(pd.DataFrame({"x": np.arange(5000.0), "y": np.sin(np.arange(5000.0))})) \
        .mark_line().encode(x="x:Q", y="y:Q")
    import json

    assert json.loads(chartex.figure_to_json(c)) == chartex.figure_to_dict(c)
    small = chartex.figure_to_dict(c, max_points=100)
    assert len(small["elements"][0]["points"]) <= 100
    assert small["elements"][0]["downsampled"]["original_points"] == 5000.0
    pix = chartex.figure_to_dict(c, points_per_pixel=1)
    assert len(pix["elements"][0]["points"]) <= 302     # 300 pixels wide


# -------------------------------------------------------------------- maps

def test_points_on_a_map(achart):
    df = pd.DataFrame({"lon": [-122.4, -74.0, 2.35], "lat": [37.8, 40.7, 48.85],
                       "pop": [0.8, 8.3, 2.1]})
    d = achart(alt.Chart(df).mark_circle().encode(longitude="lon:Q", latitude="lat:Q",
                                                   size="pop:Q").project("equalEarth"))
    (geo,) = d["geo"]
    assert (geo["mark"], geo["lon"], geo["lat"], geo["values"]) == (
        "symbol", list(df.lon), list(df.lat), list(df["pop"]))


def test_geoshapes_with_their_values(achart):
    square = [[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]]
    features = [{"type": "Feature", "id": i, "properties": {"rate": r},
                 "geometry": {"type": "Polygon",
                              "coordinates": [[[x + i, y] for x, y in square[0]]]}}
                for i, r in enumerate([0.25, 0.5, 0.75])]
    data = alt.InlineData(values={"type": "FeatureCollection", "features": features},
                          format=alt.DataFormat(property="features"))
    d = achart(alt.Chart(data).mark_geoshape().encode(color="properties.rate:Q"))
    (geo,) = d["geo"]
    assert geo["mark"] == "geoshape"
    assert geo["locations"] == [0.0, 1.0, 2.0]
    assert geo["values"] == [0.25, 0.5, 0.75]
