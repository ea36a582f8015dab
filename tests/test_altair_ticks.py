"""The ticks of an Altair chart's continuous axes against Vega's own: each
chart is also drawn by Vega itself (vl-convert's scene graph, Vega 6.2), and
the texts of the labels Vega puts on each axis must be exactly the chart's
x_tick_labels / y_tick_labels, and its ticks the numbers they name.  Fixed
cases for each rule (nice domains, zero, domainMin/Max, tickCount, values,
formats: precision, comma, $, %, d, ~, signs, the minus sign U+2212), then
random data, scales and formats.  Ticks this reader does not compute (time
and log axes) stay [] rather than guessed.
"""
import math

import pytest

from altair_helpers import need_altair, read

need_altair()

import altair as alt  # noqa: E402
import pandas as pd  # noqa: E402
import vl_convert as vlc  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import chartex  # noqa: E402

SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))


def vega_labels(c):
    """{orient: [label text, ...]} of the axes Vega draws for chart c (the
    axes with labels, not the grids)."""
    with alt.data_transformers.disable_max_rows():
        spec = c.to_dict()
    out = {}

    def walk(node):
        if isinstance(node, dict):
            if node.get("role") == "axis":
                for item in node.get("items", []):
                    for part in item.get("items", []):
                        if part.get("role") == "axis-label":
                            out.setdefault(item.get("orient"), []).append(
                                [i.get("text") for i in part.get("items", [])])
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(vlc.vegalite_to_scenegraph(spec))
    return out


def number_of(label):
    """The number a label names (d3-format's text read back)."""
    t = label.replace("\u2212", "-").replace(",", "").replace("$", "")
    neg = t.startswith("(") and t.endswith(")")
    t = t.strip("()").replace("%", "")
    v = float(t)
    return -v if neg else v


def check_axes(chart_fixture, c, x=True, y=True):
    d = read(chart_fixture, c)
    want = vega_labels(c)
    if x:
        assert d["x_tick_labels"] == want["bottom"][0], (d["x_ticks"], want)
    if y:
        assert d["y_tick_labels"] == want["left"][0], (d["y_ticks"], want)
    for axis in "xy":
        for tick, label in zip(d["%s_ticks" % axis], d["%s_tick_labels" % axis]):
            scale = 100 if label.endswith("%") or label.endswith("%)") else 1
            assert math.isclose(tick * scale, number_of(label), rel_tol=0.051, abs_tol=0.51 * 10 ** -(
                len(label.split(".")[1].rstrip("%)")) if "." in label else 0)), (tick, label)
    return d


DF = pd.DataFrame({"x": [1.5, 2.0, 30.0, 12.25], "y": [-3.0, 4.0, 5.5, 0.25]})


def test_default_ticks_are_vegas(chart):
    d = check_axes(chart, alt.Chart(DF).mark_point().encode(x="x:Q", y="y:Q"))
    assert d["x_ticks"] == [0.0, 5.0, 10.0, 15.0, 20.0, 25.0, 30.0]
    assert d["y_tick_labels"][0] == "\u22123"   # d3's minus sign


def test_line_ticks(chart):
    d = check_axes(chart, alt.Chart(DF).mark_line().encode(x="x:Q", y="y:Q"))
    assert d["type"] == "line" and d["y_ticks"]


@pytest.mark.parametrize("fmt", [".1f", ",.2f", "$,.2f", ".0%", "%", "d", ",d", "+.1f",
                                 "(.1f", " .1f", "~f", ".3~f", "$~f", ",f", "+$,.1f"])
def test_formats(chart, fmt):
    check_axes(chart, alt.Chart(DF).mark_point().encode(
        x=alt.X("x:Q", axis=alt.Axis(format=fmt)), y=alt.Y("y:Q", axis=alt.Axis(format=fmt))))


@pytest.mark.parametrize("scale", [
    alt.Scale(zero=False), alt.Scale(nice=False), alt.Scale(nice=False, zero=False),
    alt.Scale(domain=[-10, 45]), alt.Scale(domain=[45, -10]), alt.Scale(domainMin=1),
    alt.Scale(domainMax=100, zero=False), alt.Scale(nice=3), alt.Scale(reverse=True),
    alt.Scale(type="sqrt"), alt.Scale(type="pow", exponent=2), alt.Scale(zero=False, nice=7)])
def test_scales(chart, scale):
    check_axes(chart, alt.Chart(DF).mark_point().encode(
        x=alt.X("x:Q", scale=scale), y=alt.Y("y:Q", scale=scale)))


@pytest.mark.parametrize("axis", [
    alt.Axis(tickCount=3), alt.Axis(tickCount=0), alt.Axis(tickCount=25),
    alt.Axis(values=[0, 2.5, 7, 31, -4, 11]), alt.Axis(values=[3, 1, 2], tickCount=2),
    alt.Axis(tickMinStep=10), alt.Axis(tickMinStep=7), alt.Axis(values=list(range(3000))),
    alt.Axis(values=[0, 10, 20, 30], format=".1f"), alt.Axis(format=".300f")])
def test_axis_options(chart, axis):
    check_axes(chart, alt.Chart(DF).mark_point().encode(x=alt.X("x:Q", axis=axis), y="y:Q"))


def test_sizes_set_the_count(chart):
    base = alt.Chart(DF).mark_point().encode(x="x:Q", y="y:Q")
    check_axes(chart, base.properties(width=120, height=700))
    d = chart(alt.hconcat(base.properties(width=90), base.properties(width=500)))
    counts = [len(c["x_ticks"]) for c in d["elements"]]
    assert counts[0] < counts[1]


def test_large_and_small_numbers(chart):
    for k in (-7, -3, 0, 4, 7, 12):
        df = pd.DataFrame({"x": [1.3 * 10 ** k, 7.9 * 10 ** k], "y": [-2.2 * 10 ** k, 5e-1 * 10 ** k]})
        check_axes(chart, alt.Chart(df).mark_point().encode(x="x:Q", y="y:Q"))


def test_one_value(chart):
    df = pd.DataFrame({"x": [5.0, 5.0], "y": [2.0, 2.0]})
    check_axes(chart, alt.Chart(df).mark_point().encode(
        x=alt.X("x:Q", scale=alt.Scale(zero=False)), y=alt.Y("y:Q", scale=alt.Scale(zero=False))))


def test_facet_shares_the_scale(chart):
    df = pd.DataFrame({"x": [1.0, 2, 3, 40], "y": [1.0, 2, 3, 4], "g": ["a", "a", "b", "b"]})
    d = chart(alt.Chart(df).mark_point().encode(x="x:Q", y="y:Q").facet(column="g:N"))
    want = vega_labels(alt.Chart(df).mark_point().encode(x="x:Q", y="y:Q").facet(column="g:N"))
    for cell in d["elements"]:
        assert cell["x_tick_labels"] in want["bottom"]


def test_unknown_ticks_stay_empty(chart):
    df = pd.DataFrame({"t": pd.date_range("2024-01-01", periods=4), "v": [1.0, 10, 100, 1000]})
    d = read(chart, alt.Chart(df).mark_line().encode(
        x="t:T", y=alt.Y("v:Q", scale=alt.Scale(type="log"))))
    assert d["x_ticks"] == [] and d["y_ticks"] == []
    d = read(chart, alt.Chart(DF).mark_point().encode(
        x=alt.X("x:Q", axis=alt.Axis(labelExpr="datum.value * 2")),
        y=alt.Y("y:Q", axis=alt.Axis(format=".2s"))))
    assert d["x_ticks"] == [] and d["y_ticks"] == []


def test_hostile_axes_never_crash(chart):
    spec = alt.Chart(DF).mark_point().encode(x="x:Q", y="y:Q").to_dict()
    for axis in ({"tickCount": 1e12}, {"tickCount": -5}, {"tickCount": float("nan")},
                 {"values": ["a", None]}, {"values": list(range(100000))},
                 {"format": ".300f"}, {"format": "$" * 1000}, {"format": ",.f"},
                 {"tickMinStep": 0}, {"tickMinStep": -1}, {"format": ""}):
        s = dict(spec)
        s["encoding"] = {"x": dict(spec["encoding"]["x"], axis=axis), "y": spec["encoding"]["y"]}
        try:
            d = chartex.figure_to_dict(s)
        except (chartex.ChartexError, ValueError):
            continue
        assert len(d["x_ticks"]) == len(d["x_tick_labels"]) <= 10000


@SETTINGS
@given(lo=st.floats(-1e6, 1e6), span=st.floats(1e-4, 1e6), n=st.integers(1, 6),
       zero=st.sampled_from([None, True, False]), nice=st.sampled_from([None, False, 4, 13]),
       fmt=st.sampled_from([None, ".2f", ",.1f", "$,d", ".1%", "~f", "+,.3~f"]),
       count=st.sampled_from([None, 2, 5, 11]), width=st.integers(50, 900))
def test_random_axes_are_vegas(chart, lo, span, n, zero, nice, fmt, count, width):
    xs = [lo + span * k / max(n - 1, 1) for k in range(n)]
    df = pd.DataFrame({"x": xs, "y": xs[::-1]})
    scale = {} if zero is None else {"zero": zero}
    if nice is not None:
        scale["nice"] = nice
    axis = {}
    if fmt is not None:
        axis["format"] = fmt
    if count is not None:
        axis["tickCount"] = count
    c = alt.Chart(df).mark_point().encode(
        x=alt.X("x:Q", scale=alt.Scale(**scale), axis=alt.Axis(**axis)),
        y=alt.Y("y:Q", scale=alt.Scale(**scale))).properties(width=width)
    d = chartex.figure_to_dict(c)
    want = vega_labels(c)
    assert d["x_tick_labels"] == want["bottom"][0]
    assert d["y_tick_labels"] == want["left"][0]
