"""The Plotly reader: each trace type against the data it was given, the
layout's titles, axes and subplots, the figure's JSON forms (fig.to_dict(),
json.load of fig.write_json's file with plotly 6+'s base64 typed arrays),
the pairs of charts that mean the same in Plotly and matplotlib, and
hostile figures.  Every chart passes the invariants of every matplotlib
chart (the `chart` fixture: strict JSON, dict == JSON, JSON Schema, what
E2B's client reads) and E2B's own client deserializes it."""
import base64
import datetime as dt
import json
import math
import os

import numpy as np
import pytest

import chartex
import golden

go = pytest.importorskip("plotly.graph_objects", reason="plotly is not installed")
import plotly  # noqa: E402
from plotly.subplots import make_subplots  # noqa: E402

PLOTLY_MAJOR = int(plotly.__version__.split(".")[0])


def points(el):
    return [tuple(p) for p in el["points"]]


def nan_to_none(v):
    return [None if (isinstance(x, float) and math.isnan(x)) else x for x in v]


# ------------------------------------------------------------- scatter

@pytest.mark.parametrize("kind", ["scatter", "scattergl"])
def test_lines_and_markers(pchart, kind):
    x = np.linspace(0, 1, 25)
    y = np.sin(x * 6)
    trace = getattr(go, kind.capitalize() if kind == "scatter" else "Scattergl")
    d = pchart(go.Figure([trace(x=x, y=y, mode="lines", name="sine"),
                          trace(x=x, y=-y, mode="lines+markers", name="minus")]))
    assert d["type"] == "line"
    assert [e["label"] for e in d["elements"]] == ["sine", "minus"]
    assert points(d["elements"][0]) == list(zip(x.tolist(), y.tolist()))
    assert points(d["elements"][1]) == list(zip(x.tolist(), (-y).tolist()))


def test_markers_only_is_scatter(pchart):
    d = pchart(go.Figure(go.Scatter(x=[3, 1, 2], y=[9, 8, 7], mode="markers")))
    assert d["type"] == "scatter"
    assert points(d["elements"][0]) == [(3.0, 9.0), (1.0, 8.0), (2.0, 7.0)]
    assert d["elements"][0]["label"] == "trace 0"     # what plotly's legend says


def test_default_mode_and_implied_x(pchart):
    # No x: plotly draws y at 0, 1, 2, ... (x0, dx); under 20 points the
    # default mode is lines+markers.
    d = pchart(go.Figure(go.Scatter(y=[5, 6, 7], x0=10, dx=2)))
    assert d["type"] == "line"
    assert points(d["elements"][0]) == [(10.0, 5.0), (12.0, 6.0), (14.0, 7.0)]


def test_nan_and_none_are_null(pchart):
    d = pchart(go.Figure(go.Scatter(x=[1, 2, 3, 4], y=[1.0, None, float("nan"), 4.0])))
    assert d["elements"][0]["points"] == [[1.0, 1.0], [2.0, None], [3.0, None], [4.0, 4.0]]


def test_text_only_trace_has_no_data(pchart):
    assert pchart(go.Figure(go.Scatter(x=[1], y=[1], mode="text", text=["a"]))) == {}


def test_fill_tozeroy_and_tonexty(pchart):
    x = [1, 2, 3]
    lo, hi = [1, 2, 1], [3, 5, 4]
    d = pchart(go.Figure([go.Scatter(x=x, y=lo, fill="tozeroy", name="low"),
                          go.Scatter(x=x, y=hi, fill="tonexty", name="high")]))
    low, high = d["elements"]
    assert points(low) == list(zip([1.0, 2.0, 3.0], [1.0, 2.0, 1.0]))
    assert "baseline" not in low                      # down to 0
    assert points(high) == list(zip([1.0, 2.0, 3.0], [3.0, 5.0, 4.0]))
    assert high["baseline"] == [1.0, 2.0, 1.0]


def test_fill_to_a_trace_at_other_positions_is_its_line(pchart):
    d = pchart(go.Figure([go.Scatter(x=[1, 2, 3], y=[1, 2, 3], fill="tozeroy"),
                          go.Scatter(x=[1, 2], y=[5, 6], fill="tonexty")]))
    assert points(d["elements"][1]) == [(1.0, 5.0), (2.0, 6.0)]
    assert "baseline" not in d["elements"][1]


def test_stackgroup_tops_and_baselines(pchart):
    x = [0, 1, 2]
    a, b = [1, 2, 3], [10, 20, 30]
    d = pchart(go.Figure([go.Scatter(x=x, y=a, stackgroup="s", name="a"),
                          go.Scatter(x=x, y=b, stackgroup="s", name="b")]))
    ea, eb = d["elements"]
    assert [p[1] for p in ea["points"]] == [1.0, 2.0, 3.0]
    assert [p[1] for p in eb["points"]] == [11.0, 22.0, 33.0]
    assert eb["baseline"] == [1.0, 2.0, 3.0]


def test_error_bars(pchart):
    x, y = [1, 2, 3], [10.0, 20.0, 30.0]
    d = pchart(go.Figure(go.Scatter(
        x=x, y=y, mode="markers",
        error_y=dict(type="data", array=[1, 2, 3], arrayminus=[0.5, 0.5, 0.5]),
        error_x=dict(type="constant", value=0.25))))
    el = d["elements"][0]
    assert el["y_error"] == [[9.5, 11.0], [19.5, 22.0], [29.5, 33.0]]
    assert el["x_error"] == [[0.75, 1.25], [1.75, 2.25], [2.75, 3.25]]
    d = pchart(go.Figure(go.Scatter(x=x, y=y, error_y=dict(type="percent", value=10))))
    assert d["elements"][0]["y_error"] == [[9.0, 11.0], [18.0, 22.0], [27.0, 33.0]]
    d = pchart(go.Figure(go.Scatter(x=x, y=[4.0, 9.0, 16.0], error_y=dict(type="sqrt", visible=True))))
    assert d["elements"][0]["y_error"] == [[2.0, 6.0], [6.0, 12.0], [12.0, 20.0]]
    # An error_y that is only styled is not drawn (plotly.js: visible
    # defaults to whether an array or a value is given).
    d = pchart(go.Figure(go.Scatter(x=x, y=y, error_y=dict(color="red"))))
    assert "y_error" not in d["elements"][0]


# ------------------------------------------------------------ the axes

def test_dates_in_every_form(pchart):
    days = np.array(["2024-01-01", "2024-01-02T12:00", "2024-02-29"], dtype="datetime64[ns]")
    want = ["2024-01-01T00:00:00", "2024-01-02T12:00:00", "2024-02-29T00:00:00"]
    for x in (days,
              ["2024-01-01", "2024-01-02 12:00", "2024-02-29"],
              [dt.datetime(2024, 1, 1), dt.datetime(2024, 1, 2, 12), dt.date(2024, 2, 29)]):
        d = pchart(go.Figure(go.Scatter(x=x, y=[1, 2, 3], mode="lines")))
        assert d["x_scale"] == "datetime"
        assert [p[0] for p in d["elements"][0]["points"]] == want


def test_categories_in_order_of_appearance(pchart):
    d = pchart(go.Figure([go.Scatter(x=["b", "a"], y=[1, 2], mode="markers"),
                          go.Scatter(x=["c", "a"], y=[3, 4], mode="markers")]))
    assert d["x_scale"] == "categorical"
    assert d["x_tick_labels"] == ["b", "a", "c"]
    assert points(d["elements"][1]) == [("c", 3.0), ("a", 4.0)]


def test_category_orders(pchart):
    fig = go.Figure(go.Bar(x=["b", "c", "a"], y=[2, 3, 1]))
    fig.update_xaxes(categoryorder="category ascending")
    d = pchart(fig)
    # Bars come in the trace's order; each keeps its own category.
    assert [(e["label"], e["value"]) for e in d["elements"]] == [("b", 2.0), ("c", 3.0), ("a", 1.0)]
    fig = go.Figure(go.Scatter(x=["b", "c", "a"], y=[2, 3, 1], mode="markers"))
    fig.update_xaxes(categoryorder="category ascending")
    d = pchart(fig)
    assert d["x_tick_labels"] == ["a", "b", "c"]
    assert points(d["elements"][0]) == [("b", 2.0), ("c", 3.0), ("a", 1.0)]
    fig.update_xaxes(categoryorder="array", categoryarray=["c", "a", "b"])
    d = pchart(fig)
    assert d["x_tick_labels"] == ["c", "a", "b"]
    assert d["x_ticks"] == ["c", "a", "b"]


def test_layout_titles_units_scales_ticks(pchart):
    fig = go.Figure(go.Scatter(x=[1, 10, 100], y=[3, 2, 1]))
    fig.update_layout(title="Decay", xaxis=dict(type="log", title="Time (s)"),
                      yaxis=dict(title=dict(text="Mass [kg]"), tickvals=[1, 2, 3],
                                 ticktext=["one", "two", "three"]))
    d = pchart(fig)
    assert d["title"] == "Decay"
    assert (d["x_label"], d["x_unit"], d["x_scale"]) == ("Time (s)", "s", "log")
    assert (d["y_label"], d["y_unit"]) == ("Mass [kg]", "kg")
    assert d["y_ticks"] == [1.0, 2.0, 3.0]
    assert d["y_tick_labels"] == ["one", "two", "three"]
    # Ticks plotly.js computes itself are not known: none are given.
    assert d["x_ticks"] == []


def test_range_filters_given_ticks(pchart):
    fig = go.Figure(go.Scatter(x=[0, 5], y=[0, 5]))
    fig.update_xaxes(range=[0, 3], tickvals=[1, 2, 4])
    assert pchart(fig)["x_ticks"] == [1.0, 2.0]


# ----------------------------------------------------------------- bars

@pytest.mark.parametrize("barmode", ["group", "stack", "relative", "overlay"])
def test_bar_modes_keep_the_values(pchart, barmode):
    fig = go.Figure([go.Bar(x=["a", "b", "c"], y=[1, -2, 3], name="one"),
                     go.Bar(x=["a", "b", "c"], y=[4, 5, -6], name="two")])
    fig.update_layout(barmode=barmode)
    d = pchart(fig)
    assert d["type"] == "bar"
    got = sorted((e["group"], e["label"], e["value"]) for e in d["elements"])
    assert got == sorted([("one", "a", 1.0), ("one", "b", -2.0), ("one", "c", 3.0),
                          ("two", "a", 4.0), ("two", "b", 5.0), ("two", "c", -6.0)])


def test_horizontal_bars_and_base(pchart):
    d = pchart(go.Figure(go.Bar(y=["x", "y"], x=[3, 4], orientation="h", base=[1, 1])))
    assert d["orientation"] == "horizontal"
    assert [(e["label"], e["value"]) for e in d["elements"]] == [("x", 3.0), ("y", 4.0)]


# ------------------------------------------------------------ histogram

def test_histogram_with_given_bins(pchart):
    rng = np.random.default_rng(1)
    v = rng.normal(size=500)
    d = pchart(go.Figure(go.Histogram(x=v, xbins=dict(start=-4, end=4, size=0.5))))
    counts, edges = np.histogram(v, bins=np.arange(-4, 4.5, 0.5))
    got = [e["value"] for e in d["elements"]]
    # plotly.js leaves out the empty bins at both ends.
    nz = np.nonzero(counts)[0]
    assert got == counts[nz[0]:nz[-1] + 1].astype(float).tolist()
    assert sum(got) == 500


def test_histogram_norms_and_auto_bins(pchart):
    v = [1, 2, 2, 3, 3, 3, 4, 4, 4, 4]
    d = pchart(go.Figure(go.Histogram(x=v)))
    assert [e["value"] for e in d["elements"]] == [1.0, 2.0, 3.0, 4.0]
    d = pchart(go.Figure(go.Histogram(x=v, histnorm="probability")))
    assert [e["value"] for e in d["elements"]] == [0.1, 0.2, 0.3, 0.4]
    d = pchart(go.Figure(go.Histogram(y=v)))
    assert d["orientation"] == "horizontal"
    assert [e["value"] for e in d["elements"]] == [1.0, 2.0, 3.0, 4.0]


def test_histogram_of_categories(pchart):
    d = pchart(go.Figure(go.Histogram(x=["a", "b", "a", "c", "a"])))
    assert [(e["label"], e["value"]) for e in d["elements"]] == [("a", 3.0), ("b", 1.0), ("c", 1.0)]


# ------------------------------------------------------------------ pie

def test_pie_sorted_clockwise_and_aggregated(pchart):
    d = pchart(go.Figure(go.Pie(labels=["a", "b", "a", "c"], values=[1, 5, 2, 2], hole=0.4)))
    assert d["type"] == "pie"
    assert [(e["label"], e["angle"]) for e in d["elements"]] == [("b", 180.0), ("a", 108.0),
                                                                ("c", 72.0)]
    d = pchart(go.Figure(go.Pie(labels=["a", "b", "c"], values=[1, 2, 1], sort=False)))
    assert [e["label"] for e in d["elements"]] == ["a", "b", "c"]
    # No values: each label counts once per appearance.
    d = pchart(go.Figure(go.Pie(labels=["x", "y", "x", "x"])))
    assert [(e["label"], e["angle"]) for e in d["elements"]] == [("x", 270.0), ("y", 90.0)]


def test_pie_negative_and_missing_values_are_not_drawn(pchart):
    d = pchart(go.Figure(go.Pie(labels=["a", "b", "c"], values=[1, -1, None])))
    assert [(e["label"], e["angle"]) for e in d["elements"]] == [("a", 360.0)]


# ------------------------------------------------------------ box, violin

def hazen(v, q):
    """plotly.js's default ("linear") quartiles: numpy's Hazen method."""
    return float(np.percentile(np.asarray(v, float), q, method="hazen"))


@pytest.mark.parametrize("kind", ["box", "violin"])
def test_box_statistics_from_samples(pchart, kind):
    rng = np.random.default_rng(2)
    groups = {"p": rng.normal(size=40), "q": np.append(rng.normal(5, 1, size=30), [30.0])}
    x = np.concatenate([[k] * len(v) for k, v in groups.items()])
    y = np.concatenate(list(groups.values()))
    # a violin draws its quartiles only with its inner box (box.visible)
    extra = {"box_visible": True} if kind == "violin" else {}
    d = pchart(go.Figure(getattr(go, kind.capitalize())(x=x, y=y, **extra)))
    assert d["type"] == "box_and_whisker"
    assert [e["label"] for e in d["elements"]] == ["p", "q"]
    for el, (name, v) in zip(d["elements"], groups.items()):
        assert el["median"] == pytest.approx(hazen(v, 50), rel=1e-12)
        assert el["first_quartile"] == pytest.approx(hazen(v, 25), rel=1e-12)
        assert el["third_quartile"] == pytest.approx(hazen(v, 75), rel=1e-12)
        q1, q3 = hazen(v, 25), hazen(v, 75)
        inside = v[(v >= q1 - 1.5 * (q3 - q1)) & (v <= q3 + 1.5 * (q3 - q1))]
        assert el["min"] == pytest.approx(inside.min())
        assert el["max"] == pytest.approx(inside.max())
        assert sorted(el["outliers"]) == sorted(v[(v < inside.min()) | (v > inside.max())].tolist())
    assert 30.0 in d["elements"][1]["outliers"]


def test_box_without_positions_stands_at_its_name(pchart):
    d = pchart(go.Figure([go.Box(y=[1, 2, 3, 4], name="first"),
                          go.Box(y=[2, 3, 4, 5, 6], name="second")]))
    assert [e["label"] for e in d["elements"]] == ["first", "second"]
    assert d["elements"][1]["median"] == 4.0


def test_box_from_given_statistics(pchart):
    d = pchart(go.Figure(go.Box(x=["a", "b"], q1=[1, 2], median=[2, 3], q3=[3, 4],
                                lowerfence=[0, 1], upperfence=[5, 6])))
    assert [(e["label"], e["min"], e["first_quartile"], e["median"], e["third_quartile"],
             e["max"]) for e in d["elements"]] == [("a", 0.0, 1.0, 2.0, 3.0, 5.0),
                                                  ("b", 1.0, 2.0, 3.0, 4.0, 6.0)]


def test_horizontal_box(pchart):
    v = [1.0, 2.0, 3.0, 4.0, 5.0]
    d = pchart(go.Figure(go.Box(x=v, orientation="h", name="h")))
    assert d["orientation"] == "horizontal"
    assert d["elements"][0]["median"] == 3.0


# -------------------------------------------------- heatmap and contour

def test_heatmap_values_names_and_scale(pchart):
    z = [[1, None, 3], [4, 5, float("nan")]]
    fig = go.Figure(go.Heatmap(z=z, x=["mon", "tue", "wed"], y=["am", "pm"], zmin=0, zmax=10,
                               colorbar=dict(title=dict(text="Visits"))))
    d = pchart(fig)
    h = d["heatmap"]
    assert h["values"] == [[1.0, None, 3.0], [4.0, 5.0, None]]
    assert h["col_labels"] == ["mon", "tue", "wed"]
    assert h["row_labels"] == ["am", "pm"]
    assert (h["vmin"], h["vmax"], h["norm"], h["colorbar_label"]) == (0.0, 10.0, "linear", "Visits")


def test_heatmap_numeric_centres_give_edges(pchart):
    d = pchart(go.Figure(go.Heatmap(z=np.arange(6.0).reshape(2, 3), x=[0, 10, 20], y=[1, 3])))
    h = d["heatmap"]
    assert h["x_edges"] == [-5.0, 5.0, 15.0, 25.0]
    assert h["y_edges"] == [0.0, 2.0, 4.0]
    assert h["values"] == [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]
    d = pchart(go.Figure(go.Heatmap(z=np.arange(6.0).reshape(2, 3), transpose=True)))
    assert d["heatmap"]["values"] == [[0.0, 3.0], [1.0, 4.0], [2.0, 5.0]]


def test_contour_levels_and_lines_on_them(pchart):
    g = np.linspace(-2, 2, 41)
    z = g[None, :] ** 2 + g[:, None] ** 2
    d = pchart(go.Figure(go.Contour(z=z, x=g, y=g, contours=dict(start=1, end=3, size=1))))
    (c,) = d["contours"]
    assert c["levels"] == [1.0, 2.0, 3.0]
    for path in c["paths"]:
        r2 = [x * x + y * y for x, y in path["points"]]
        # linear interpolation along a grid edge of spacing 0.1
        assert max(abs(v - path["level"]) for v in r2) < 0.01
    assert {p["level"] for p in c["paths"]} == {1.0, 2.0, 3.0}
    assert d["heatmap"]["values"] == z.tolist()


def test_contour_automatic_levels(pchart):
    z = [[0, 10], [20, 30]]
    d = pchart(go.Figure(go.Contour(z=z)))
    # 15 contours asked for: a rough step of exactly 2 (30 / 15), which
    # plotly.js's autoTicks rounds up past 2 to 5 (Lib.roundUp): 5 to 25,
    # what plotly.js itself gives in node (test_plotly_shown.py checks
    # random ones).  Before issue 31 this asked for 2 to 28.
    assert d["contours"][0]["levels"] == [5.0, 10.0, 15.0, 20.0, 25.0]


# ---------------------------------------------------------------- 3-D

def test_scatter3d_points_and_z_axis(pchart):
    t = np.linspace(0, 4, 30)
    fig = go.Figure(go.Scatter3d(x=np.cos(t), y=np.sin(t), z=t, mode="lines", name="helix"))
    fig.update_layout(scene=dict(zaxis=dict(title="Height (m)")))
    d = pchart(fig)
    el = d["elements"][0]
    assert points(el) == list(zip(np.cos(t).tolist(), np.sin(t).tolist()))
    assert el["z"] == t.tolist()
    assert (d["z_label"], d["z_unit"]) == ("Height (m)", "m")


def test_surface_cells_carry_z(pchart):
    z = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    d = pchart(go.Figure(go.Surface(z=z, x=[10, 20, 30], y=[0, 1])))
    (shape,) = d["shapes"]
    polys = shape["polygons"]
    assert len(polys) == 2
    assert polys[0] == [[10.0, 0.0, 1.0], [20.0, 0.0, 2.0], [20.0, 1.0, 5.0], [10.0, 1.0, 4.0]]


def test_surface_with_empty_grid_positions(pchart):
    """y given as an empty 2-D grid ([[], []]) is no y: rows stand at their
    index.  (Before, the empty grid was read as a one-value buffer and
    each row's y came from past its end: ASan reports that read.)"""
    d = pchart(go.Figure(go.Surface(z=[[1.0, 2.0], [3.0, 4.0]], y=[[], []])))
    assert d["shapes"][0]["polygons"] == [[[0.0, 0.0, 1.0], [1.0, 0.0, 2.0],
                                           [1.0, 1.0, 4.0], [0.0, 1.0, 3.0]]]


# ------------------------------------------------------------- subplots

def test_make_subplots_is_a_superchart_in_reading_order(pchart):
    fig = make_subplots(rows=2, cols=2, subplot_titles=("A", "B", "C", "D"))
    fig.add_trace(go.Scatter(y=[1, 2], name="a"), 1, 1)
    fig.add_trace(go.Bar(y=[3, 4], name="b"), 1, 2)
    fig.add_trace(go.Scatter(y=[5, 6], mode="markers", name="c"), 2, 1)
    fig.add_trace(go.Pie(values=[1, 1], labels=["u", "v"], domain=dict(x=[0.6, 1], y=[0, 0.3])))
    fig.update_layout(title="Grid")
    d = pchart(fig)
    assert d["type"] == "superchart" and d["title"] == "Grid"
    assert [(c["type"], c["title"]) for c in d["elements"]] == [
        ("line", "A"), ("bar", "B"), ("scatter", "C"), ("pie", None)]


def test_express_facets(pchart):
    px = pytest.importorskip("plotly.express")
    pd = pytest.importorskip("pandas")
    df = pd.DataFrame({"x": [1, 2, 3, 4], "y": [1, 4, 9, 16], "side": ["L", "L", "R", "R"]})
    d = pchart(px.scatter(df, x="x", y="y", facet_col="side"))
    assert [c["title"] for c in d["elements"]] == ["side=L", "side=R"]
    assert points(d["elements"][1]["elements"][0]) == [(3.0, 9.0), (4.0, 16.0)]


def test_hidden_traces_are_not_read(pchart):
    d = pchart(go.Figure([go.Scatter(y=[1, 2], name="shown"),
                          go.Scatter(y=[3, 4], name="off", visible=False),
                          go.Scatter(y=[5, 6], name="legend", visible="legendonly")]))
    assert [e["label"] for e in d["elements"]] == ["shown"]


# ------------------------------------------------ the JSON forms, typed arrays

@pytest.mark.parametrize("dtype", ["f8", "f4", "i4", "u4", "i2", "u2", "i1", "u1"])
def test_typed_arrays(chart, dtype):
    v = np.array([0, 1, 2, 100], dtype=np.dtype("<" + dtype))
    spec = {"dtype": dtype, "bdata": base64.b64encode(v.tobytes()).decode()}
    d = chart({"data": [{"type": "scatter", "mode": "lines", "x": spec, "y": spec}]})
    assert points(d["elements"][0]) == [(float(a), float(a)) for a in v]


def test_typed_array_grid_with_shape(chart):
    z = np.arange(6, dtype="<f8").reshape(2, 3)
    spec = {"dtype": "f8", "bdata": base64.b64encode(z.tobytes()).decode(), "shape": "2, 3"}
    d = chart({"data": [{"type": "heatmap", "z": spec}]})
    assert d["heatmap"]["values"] == z.tolist()


def test_write_json_file_round_trip(pchart, tmp_path):
    fig = go.Figure(go.Scatter(x=np.arange(50), y=np.arange(50) ** 2, mode="lines"))
    path = tmp_path / "fig.json"
    fig.write_json(str(path))
    from_file = chartex.figure_to_dict(json.loads(path.read_text()))
    assert from_file == pchart(fig)
    import plotly.io as pio

    assert chartex.figure_to_dict(pio.read_json(str(path))) == from_file


# ------------------------------------------------------------ histogram2d

def test_histogram2d_equals_numpy_on_given_bins(pchart):
    rng = np.random.default_rng(18)
    x, y = rng.normal(size=500), rng.normal(2, 3, size=500)
    fig = go.Figure(go.Histogram2d(x=x, y=y, xbins=dict(start=-4, end=4, size=0.5),
                                   ybins=dict(start=-10, end=14, size=2)))
    h = pchart(fig)["heatmap"]
    assert h["x_edges"] == np.arange(-4, 4.25, 0.5).tolist()
    assert h["y_edges"] == np.arange(-10, 14.5, 2.0).tolist()
    counts, _, _ = np.histogram2d(x, y, bins=[h["x_edges"], h["y_edges"]])
    # rows per y bin, as plotly.js's z
    assert h["values"] == counts.T.tolist()
    assert (h["rows"], h["cols"]) == (12, 16)
    assert (h["vmin"], h["vmax"]) == (counts.min(), counts.max())


def test_histogram2d_histfunc_and_histnorm(pchart):
    rng = np.random.default_rng(5)
    x, y, z = rng.uniform(0, 4, 300), rng.uniform(0, 2, 300), rng.uniform(-1, 5, 300)
    bins = dict(xbins=dict(start=0, end=4, size=1), ybins=dict(start=0, end=2, size=0.5))
    edges = [np.arange(0, 4.5, 1.0), np.arange(0, 2.25, 0.5)]
    count, _, _ = np.histogram2d(x, y, bins=edges)
    total, _, _ = np.histogram2d(x, y, bins=edges, weights=z)
    h = pchart(go.Figure(go.Histogram2d(x=x, y=y, z=z, histfunc="sum", **bins)))["heatmap"]
    np.testing.assert_allclose(h["values"], total.T, rtol=1e-12)
    h = pchart(go.Figure(go.Histogram2d(x=x, y=y, z=z, histfunc="avg", **bins)))["heatmap"]
    np.testing.assert_allclose(h["values"], (total / count).T, rtol=1e-12)
    h = pchart(go.Figure(go.Histogram2d(x=x, y=y, histnorm="probability density", **bins)))
    np.testing.assert_allclose(h["heatmap"]["values"], (count / count.sum() / 0.5).T, rtol=1e-12)
    h = pchart(go.Figure(go.Histogram2d(x=x, y=y, histnorm="percent", **bins)))
    np.testing.assert_allclose(h["heatmap"]["values"], (100 * count / count.sum()).T, rtol=1e-12)
    # avg of an empty bin is plotly.js's null
    h = pchart(go.Figure(go.Histogram2d(x=[0.5, 0.5], y=[0.2, 1.7], z=[1, 3], histfunc="avg",
                                        **bins)))["heatmap"]
    assert h["values"][0][:2] == [1.0, None] and h["values"][3][0] == 3.0


def test_density_heatmap_is_a_heatmap(pchart):
    import plotly.express as px

    df = px.data.tips()
    d = pchart(px.density_heatmap(df, x="total_bill", y="tip", nbinsx=10, nbinsy=8))
    h = d["heatmap"]
    counts, _, _ = np.histogram2d(df["total_bill"], df["tip"], bins=[h["x_edges"], h["y_edges"]])
    assert h["values"] == counts.T.tolist()
    assert sum(map(sum, h["values"])) == len(df)
    assert d["x_label"] == "total_bill" and d["y_label"] == "tip"


def test_histogram2d_auto_bins_equal_plotly_js(pchart):
    """The automatic bins of cases that plotly.js 4.1.1 binned in node
    (tests/data/plotly_reference.json, tools/plotly_reference.js)."""
    ref = json.load(open(os.path.join(os.path.dirname(__file__), "data",
                                      "plotly_reference.json")))
    cases = {c["name"]: c for c in ref["cases"] if c["kind"] == "hist2d"}
    for name in ("h2d_auto", "h2d_nbins", "h2d_large_n", "h2d_max", "h2d_mismatched"):
        c = cases[name]
        h = pchart(go.Figure(go.Histogram2d(**c["trace"])))["heatmap"]
        assert h["x_edges"] == c["result"]["xedges"], name
        assert h["y_edges"] == c["result"]["yedges"], name
        assert h["values"] == c["result"]["z"], name


def test_histogram2d_of_dates_and_categories(pchart):
    x = ["2024-01-01", "2024-01-02", "2024-01-02", "2024-01-05"]
    h = pchart(go.Figure(go.Histogram2d(x=x, y=[1, 1, 2, 2], xbins=dict(size=86400000.0),
                                        ybins=dict(start=0.5, end=2.5, size=1))))["heatmap"]
    # one-day bins, centred on the days as plotly.js centres them
    assert h["x_edges"] == ["2023-12-31T12:00:00", "2024-01-01T12:00:00", "2024-01-02T12:00:00",
                            "2024-01-03T12:00:00", "2024-01-04T12:00:00", "2024-01-05T12:00:00"]
    assert h["values"] == [[1, 1, 0, 0, 0], [0, 1, 0, 0, 1]]
    d = pchart(go.Figure(go.Histogram2d(x=["a", "b", "a", "c"], y=[1, 1, 2, 2],
                                        ybins=dict(start=0.5, end=2.5, size=1))))
    h = d["heatmap"]
    assert h["x_edges"] == [-0.5, 0.5, 1.5, 2.5]
    assert h["col_labels"] == ["a", "b", "c"]
    assert h["values"] == [[1, 1, 0], [1, 0, 1]]


@pytest.mark.parametrize("trace", [
    {"x": ["a", "b", "c"], "y": [1, 2, 3], "xaxis": "x"},
    {"x": [float("nan"), None, "1", 2], "y": [1, None, 2, 3]},
    {"x": [], "y": []},
    {"x": [1, 2, 3], "y": [1]},
    {"x": [1, 2], "y": [1, 2], "z": "not an array", "histfunc": "max"},
    {"x": [1, 2], "y": [1, 2], "z": [None], "histfunc": "avg", "histnorm": "density"},
    {"x": [1, 2], "y": [1, 2], "xbins": {"start": 0, "end": 1e12, "size": 1e-3}},
    {"x": [1, 2], "y": [1, 2], "xbins": {"size": "M1"}, "ybins": {"size": -5, "start": "q"}},
    {"x": {"not": "an array"}, "y": 5, "nbinsx": 10 ** 12},
    {"x": [1e308, -1e308], "y": [1, 2]},
])
def test_histogram2d_hostile(chart, trace):
    layout = {"xaxis": {"type": "linear"}} if trace.get("xaxis") else {}
    trace = dict(trace, type="histogram2d")
    trace.pop("xaxis", None)
    d = chart({"data": [trace], "layout": layout})
    assert isinstance(d, dict)
    h = d.get("heatmap")
    if h is not None:
        assert len(h["values"]) == h["rows"] == len(h["y_edges"]) - 1
        assert all(len(r) == h["cols"] == len(h["x_edges"]) - 1 for r in h["values"])


def test_histogram2d_strings_on_a_linear_axis_are_not_counted(chart):
    d = chart({"data": [{"type": "histogram2d", "x": ["a", "b", 1, 2], "y": [1, 2, 1, 2],
                         "xbins": {"start": 0.5, "end": 2.5, "size": 1},
                         "ybins": {"start": 0.5, "end": 2.5, "size": 1}}],
               "layout": {"xaxis": {"type": "linear"}}})
    assert d["heatmap"]["values"] == [[1, 0], [0, 1]]


def test_histogram2d_mismatched_lengths_count_the_pairs(chart):
    d = chart({"data": [{"type": "histogram2d", "x": [1, 1, 2, 2, 2], "y": [1, 1, 1],
                         "xbins": {"start": 0.5, "end": 2.5, "size": 1},
                         "ybins": {"start": 0.5, "end": 1.5, "size": 1}}]})
    assert d["heatmap"]["values"] == [[2, 1]]


# ------------------------------------------------------------- hostile

@pytest.mark.parametrize("fig", [
    {"data": []},
    {"data": [None, 1, "scatter", []]},
    {"data": [{"type": 5, "x": [1], "y": [1]}]},
    {"data": [{"type": "scatter", "x": {"not": "an array"}, "y": "text"}]},
    {"data": [{"type": "scatter", "x": [[1, 2], [3]], "y": [1, 2]}]},
    {"data": [{"type": "bar", "x": [1, 2], "y": [float("inf"), -float("inf")]}]},
    {"data": [{"type": "heatmap", "z": [[1, 2], [3], "x", None]}]},
    {"data": [{"type": "heatmap", "z": {"dtype": "f8", "bdata": "!!!not base64"}}]},
    {"data": [{"type": "scatter", "y": {"dtype": "c16", "bdata": "AAAA"}}]},
    {"data": [{"type": "scatter", "y": {"dtype": "f8", "bdata": "AAA"}}]},
    {"data": [{"type": "pie", "values": [0, 0]}]},
    {"data": [{"type": "box", "y": [None, float("nan")]}]},
    {"data": [{"type": "histogram", "x": [], "nbinsx": 10 ** 12}]},
    {"data": [{"type": "histogram", "x": [1, 2, 3], "xbins": {"size": -1, "start": 3, "end": 1}}]},
    {"data": [{"type": "contour", "z": [[1, 1], [1, 1]]}]},
    {"data": [{"type": "surface", "z": [[1]]}]},
    {"data": [{"type": "sankey", "node": {}}]},
    {"data": [{"type": "scatter", "x": ["2024-13-45", "\udcff", "x\x00y"], "y": [1, 2, 3]}]},
    {"data": [{"type": "scatter", "xaxis": "nonsense", "yaxis": 7, "y": [1]}],
     "layout": {"xaxis": "not a dict", "title": 5}},
    {"data": [{"type": "scatter", "y": [1, 2]}], "layout": None},
])
def test_hostile_figures_never_crash(chart, fig):
    d = chart(fig)
    assert isinstance(d, dict)


def test_unknown_trace_types_make_an_unknown_chart(chart):
    # (sankey was one before issue 26: the families it reads are
    # tests/test_plotly_families.py's)
    # (splom was one before issue 31: a splom without dimensions draws
    # nothing, tests/test_plotly_families.py reads its panels)
    d = chart({"data": [{"type": "nonsense", "y": [1, 2]}]})
    assert d["type"] == "unknown"


def test_many_subplots(pchart):
    fig = make_subplots(rows=9, cols=9)
    for r in range(1, 10):
        for c in range(1, 10):
            fig.add_trace(go.Scatter(y=[r, c], mode="markers"), r, c)
    d = chartex.figure_to_dict(fig)
    # 64 Axes are read at most (the rest are left out, in reading order).
    assert d["type"] == "superchart" and len(d["elements"]) == 64
    assert points(d["elements"][0]["elements"][0]) == [(0.0, 1.0), (1.0, 1.0)]


def test_huge_trace(chart):
    n = 200_000 if golden.UNDER_ASAN else 2_000_000   # ASan: 3-5x slower
    y = np.random.default_rng(3).normal(size=n)
    d = chartex.figure_to_dict(go.Figure(go.Scattergl(y=y, mode="lines")), max_points=1000)
    el = d["elements"][0]
    assert el["downsampled"]["original_points"] == n
    assert len(el["points"]) <= 1000


def test_wrong_objects_are_refused():
    with pytest.raises(TypeError):
        chartex.figure_to_dict({"layout": {}})
    with pytest.raises(TypeError):
        chartex.figure_to_dict([1, 2])


# ------------------------------------------- the same chart in both libraries

def mpl_chart(draw):
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots()
    draw(ax)
    fig.canvas.draw()
    d = chartex.figure_to_dict(fig)
    plt.close(fig)
    return d


def same_elements(a, b, keys):
    assert len(a["elements"]) == len(b["elements"])
    for ea, eb in zip(a["elements"], b["elements"]):
        for k in keys:
            if isinstance(ea[k], float):
                assert ea[k] == pytest.approx(eb[k], rel=1e-9), k
            else:
                assert ea[k] == eb[k], k


# Pairs that mean the same thing: (plotly figure, matplotlib drawing, keys
# compared element by element).
PAIRS = {
    "line": (lambda: go.Figure(go.Scatter(x=[1, 2, 3], y=[4, 5, 6], mode="lines", name="s")),
             lambda ax: ax.plot([1, 2, 3], [4, 5, 6], label="s"),
             ["label", "points"]),
    "scatter": (lambda: go.Figure(go.Scatter(x=[1, 2, 3], y=[4, 5, 6], mode="markers", name="s")),
                lambda ax: ax.scatter([1, 2, 3], [4, 5, 6], label="s"),
                ["label", "points"]),
    "bar": (lambda: go.Figure(go.Bar(x=["a", "b", "c"], y=[3, 1, 2], name="n")),
            lambda ax: ax.bar(["a", "b", "c"], [3, 1, 2], label="n"),
            ["label", "value", "group"]),
    "barh": (lambda: go.Figure(go.Bar(y=["a", "b"], x=[3, 1], orientation="h", name="n")),
             lambda ax: ax.barh(["a", "b"], [3, 1], label="n"),
             ["label", "value", "group"]),
    "pie": (lambda: go.Figure(go.Pie(labels=["a", "b", "c"], values=[3, 2, 1])),
            lambda ax: ax.pie([3, 2, 1], labels=["a", "b", "c"]),
            ["label", "angle"]),
    "errorbar": (lambda: go.Figure(go.Scatter(x=[1, 2], y=[3, 4], name="e",
                                              error_y=dict(array=[0.5, 1]))),
                 lambda ax: ax.errorbar([1, 2], [3, 4], yerr=[0.5, 1], label="e"),
                 ["label", "points", "y_error"]),
    "area": (lambda: go.Figure(go.Scatter(x=[1, 2, 3], y=[2, 3, 1], fill="tozeroy", name="f")),
             lambda ax: ax.fill_between([1, 2, 3], [2, 3, 1], label="f"),
             ["label", "points"]),
}


@pytest.mark.parametrize("name", sorted(PAIRS))
def test_plotly_and_matplotlib_agree(pchart, name):
    make, draw, keys = PAIRS[name]
    p = pchart(make())
    m = mpl_chart(draw)
    assert p["type"] == m["type"]
    same_elements(p, m, keys)


def test_histogram_pair(pchart):
    v = [0.5, 1.5, 1.7, 2.2, 2.4, 2.9]
    p = pchart(go.Figure(go.Histogram(x=v, xbins=dict(start=0, end=3, size=1))))
    m = mpl_chart(lambda ax: ax.hist(v, bins=[0, 1, 2, 3]))
    assert p["type"] == m["type"] == "bar"
    assert [e["value"] for e in p["elements"]] == [e["value"] for e in m["elements"]]


def test_box_pair(pchart):
    # matplotlib's boxplot and plotly's "inclusive" quartiles are one
    # method (numpy's linear percentiles) for this odd-sized sample.
    v = [1.0, 2.0, 4.0, 8.0, 9.0, 30.0, 3.0]
    p = pchart(go.Figure(go.Box(y=v, name="b", quartilemethod="inclusive")))
    m = mpl_chart(lambda ax: ax.boxplot([v], labels=["b"]))
    same_elements(p, m, ["label", "min", "first_quartile", "median", "third_quartile", "max",
                         "outliers"])


def test_heatmap_pair(pchart):
    z = np.arange(12.0).reshape(3, 4)
    p = pchart(go.Figure(go.Heatmap(z=z)))
    m = mpl_chart(lambda ax: ax.pcolormesh(np.arange(5) - 0.5, np.arange(4) - 0.5, z))
    for k in ("values", "x_edges", "y_edges", "vmin", "vmax"):
        assert p["heatmap"][k] == m["heatmap"][k], k


# ---------------------------------------------- memory, leaks, random input

def every_trace_figure():
    fig = make_subplots(rows=3, cols=3, specs=[[{}, {}, {"type": "domain"}],
                                               [{}, {}, {"type": "scene"}],
                                               [{}, {}, {}]])
    x = np.linspace(0, 1, 30)
    fig.add_trace(go.Scatter(x=x, y=x ** 2, error_y=dict(array=x / 10)), 1, 1)
    fig.add_trace(go.Bar(x=["a", "b"], y=[1, 2]), 1, 2)
    fig.add_trace(go.Pie(labels=["u", "v"], values=[1, 2]), 1, 3)
    fig.add_trace(go.Histogram(x=np.sin(x * 20)), 2, 1)
    fig.add_trace(go.Box(y=x, x=["p", "q"] * 15), 2, 2)
    fig.add_trace(go.Scatter3d(x=x, y=x, z=x), 2, 3)
    fig.add_trace(go.Heatmap(z=np.outer(x, x)[:5, :5]), 3, 1)
    fig.add_trace(go.Contour(z=np.outer(x, x)[:8, :8]), 3, 2)
    fig.add_trace(go.Scatter(x=["2024-01-01", "2024-01-02"], y=[1, 2], fill="tozeroy"), 3, 3)
    return fig


@pytest.mark.parametrize("form", ["object", "json"])
def test_no_leak(form):
    import gc
    import sys

    fig = every_trace_figure()
    if form == "json":
        fig = json.loads(fig.to_json())
        shared = [fig] + list(fig["data"]) + [v for t in fig["data"] for v in t.values()]
    else:
        shared = [fig] + list(fig.data) + [t[k] for t in fig.data for k in ("x", "y") if k in t]
    shared += [None, True, False]
    for _ in range(20):
        chartex.figure_to_dict(fig)
        chartex.figure_to_json(fig)
    golden.collect_all()
    refs = [sys.getrefcount(o) for o in shared]
    n_objects = len(gc.get_objects())
    rounds = 50 if golden.UNDER_ASAN else 200
    for _ in range(rounds):
        chartex.figure_to_dict(fig)
        chartex.figure_to_json(fig)
    golden.collect_all()
    after = [sys.getrefcount(o) for o in shared]
    assert golden.changed_refcounts(shared, refs, after, rounds) == []
    # An object kept per conversion would add 2 * rounds; fewer is what
    # the worker's other threads (xdist's I/O, a Dask client's offload
    # thread left by an earlier test file) allocate meanwhile, which a
    # bound of 5 failed on once in CI.
    assert len(gc.get_objects()) - n_objects < rounds


def test_no_object_per_point():
    """A million-point trace is read without a Python object per point:
    what Python and NumPy allocate while reading it (NumPy's one cast of
    the integer x to doubles, 8 MB) is far below the 32 MB that a float
    object and a list slot per value would take."""
    import tracemalloc

    y = np.random.default_rng(4).normal(size=1_000_000)
    fig = go.Figure(go.Scattergl(x=np.arange(y.size), y=y, mode="lines"))
    chartex.figure_to_json(fig, max_points=1000)
    tracemalloc.start()
    try:
        chartex.figure_to_json(fig, max_points=1000)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 12_000_000, peak


hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

VALUES = st.one_of(st.none(), st.booleans(), st.integers(-10 ** 20, 10 ** 20),
                   st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12),
                   st.sampled_from(["2024-01-01", "2024-02-30", "1e3", "M3", "h", "log",
                                    "category", "date", "group", "stack", "x2", "y2"]))
ARRAYS = st.one_of(VALUES, st.lists(VALUES, max_size=12),
                   st.lists(st.lists(VALUES, max_size=5), max_size=5),
                   st.builds(lambda a: {"dtype": "f8", "bdata": base64.b64encode(
                       np.asarray(a, dtype="<f8").tobytes()).decode()},
                       st.lists(st.floats(), max_size=8)))
KEYS = ["x", "y", "z", "labels", "values", "q1", "median", "q3", "base", "width",
        "orientation", "mode", "fill", "stackgroup", "xbins", "nbinsx", "histnorm",
        "histfunc", "error_y", "xaxis", "yaxis", "name", "visible", "transpose",
        "contours", "boxpoints", "quartilemethod", "sort", "direction"]
TRACES = st.fixed_dictionaries(
    {"type": st.sampled_from(["scatter", "scattergl", "bar", "histogram", "pie", "box",
                              "violin", "heatmap", "contour", "scatter3d", "surface",
                              "sankey"])},
    optional={k: ARRAYS for k in KEYS})
LAYOUTS = st.fixed_dictionaries({}, optional={
    "barmode": VALUES, "title": VALUES, "xaxis": st.dictionaries(
        st.sampled_from(["type", "title", "range", "tickvals", "ticktext", "categoryorder",
                         "categoryarray", "domain"]), ARRAYS, max_size=4),
    "annotations": st.lists(st.dictionaries(st.sampled_from(["x", "y", "xref", "yref", "text"]),
                                            VALUES, max_size=5), max_size=3)})


# Fewer under the sanitizers and in the wheels' quick runs (the
# sanitizers profile), as test_properties does.
QUICK = golden.UNDER_ASAN or os.environ.get("HYPOTHESIS_PROFILE") == "sanitizers"


# (the chart fixture keeps no state between examples)
@settings(max_examples=int(os.environ.get("CHARTEX_PLOTLY_EXAMPLES", "40" if QUICK else "150")),
          deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(TRACES, max_size=4), LAYOUTS)
def test_random_figures_keep_every_invariant(chart, traces, layout):
    d = chart({"data": traces, "layout": layout})
    assert isinstance(d, dict)


# plotly express draws the same charts in one call: the pairs again, from
# a DataFrame, against matplotlib (what pandas' own plot would draw).
def test_express_pairs(pchart):
    px = pytest.importorskip("plotly.express")
    pd = pytest.importorskip("pandas")
    df = pd.DataFrame({"city": ["Berlin", "Paris", "Rome"], "people": [3.7, 2.1, 2.8],
                       "year": [2001, 2002, 2003]})
    p = pchart(px.bar(df, x="city", y="people"))
    m = mpl_chart(lambda ax: ax.bar(df["city"], df["people"]))
    assert [(e["label"], e["value"]) for e in p["elements"]] == \
        [(e["label"], e["value"]) for e in m["elements"]]
    assert (p["x_label"], p["y_label"]) == ("city", "people")
    p = pchart(px.line(df, x="year", y="people"))
    m = mpl_chart(lambda ax: ax.plot(df["year"], df["people"]))
    assert p["elements"][0]["points"] == m["elements"][0]["points"]
    p = pchart(px.scatter(df, x="year", y="people"))
    m = mpl_chart(lambda ax: ax.scatter(df["year"], df["people"]))
    assert p["type"] == m["type"] == "scatter"
    assert p["elements"][0]["points"] == m["elements"][0]["points"]
    p = pchart(px.pie(df, values="people", names="city"))
    m = mpl_chart(lambda ax: ax.pie(df["people"], labels=df["city"]))
    # plotly sorts the slices, largest first; matplotlib keeps the order.
    # (Plotly's angles are exact, matplotlib's float32 ones keep 4 decimals
    # near 180 degrees.)
    assert sorted((e["label"], round(e["angle"], 3)) for e in p["elements"]) == \
        sorted((e["label"], round(e["angle"], 3)) for e in m["elements"])
    v = [1.0, 2.0, 4.0, 8.0, 9.0, 30.0, 3.0]
    fig = px.box(pd.DataFrame({"v": v}), y="v")
    fig.update_traces(quartilemethod="inclusive")
    p = pchart(fig)
    m = mpl_chart(lambda ax: ax.boxplot([v]))
    same_elements(p, m, ["median", "first_quartile", "third_quartile", "min", "max",
                         "outliers"])


def test_scene_json_reproduces_the_chart():
    """A Plotly figure's scene (figure_to_scene_json, what a bug report
    carries) gives the same chart through the core alone."""
    fig = every_trace_figure()
    d = chartex.figure_to_dict(fig)
    assert len(d["elements"]) == 9
    assert chartex.scene_json_to_dict(chartex.figure_to_scene_json(fig)) == d
