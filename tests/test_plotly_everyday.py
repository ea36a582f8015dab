"""Everyday Plotly charts, read as their reader sees them (issue 25),
each against the arrays the traces were given: grouped bars named by
their x (categories, numbers, dates; plotly express), bars and a line on
one subplot both carried, a box or a bar given only x (horizontal, as
plotly.js draws it), multicategory axes (each position named
"outer - inner"), candlestick and ohlc traces (one element per candle
with its open, high, low and close).  Every chart is read from the
figure and its two JSON forms, and by E2B's client where installed
(test_plotly's pchart)."""
import datetime as dt
import math

import numpy as np
import pytest

import chartex
from golden import iso

go = pytest.importorskip("plotly.graph_objects", reason="plotly is not installed")
px = pytest.importorskip("plotly.express", reason="plotly is not installed")
from plotly.subplots import make_subplots  # noqa: E402


def text(v):
    """A category position as plotly.js names it (String(v))."""
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


def bars_of(d, group):
    return [(e["label"], e["value"]) for e in d["elements"] if e["group"] == group]


# ------------------------------------------------------------ grouped bars

@pytest.mark.parametrize("x", [["North", "South", "East"], [2020, 2021, 2022],
                               [1.5, 2.5, 4.0]], ids=["categories", "years", "numbers"])
def test_grouped_bars_are_named_by_their_x(pchart, x):
    a, b = [3.0, 5.0, 2.0], [4.0, 1.0, 6.0]
    d = pchart(go.Figure([go.Bar(x=x, y=a, name="a"), go.Bar(x=x, y=b, name="b")],
                         layout={"barmode": "group"}))
    assert d["type"] == "bar" and d["grouped"] is True
    assert bars_of(d, "a") == list(zip(map(text, x), a))
    assert bars_of(d, "b") == list(zip(map(text, x), b))


def test_grouped_bars_on_dates(pchart):
    days = np.array(["2024-01-01", "2024-02-01", "2024-03-01"], dtype="datetime64[D]")
    d = pchart(go.Figure([go.Bar(x=days, y=[1, 2, 3], name="a"),
                          go.Bar(x=[str(v) for v in days], y=[4, 5, 6], name="b")]))
    assert d["grouped"] is True
    assert bars_of(d, "a") == [(iso(v), float(y)) for v, y in zip(days, [1, 2, 3])]
    assert bars_of(d, "b") == [(iso(v), float(y)) for v, y in zip(days, [4, 5, 6])]


def test_express_grouped_bars(pchart):
    pd = pytest.importorskip("pandas")
    df = pd.DataFrame({"day": ["Thu", "Fri", "Sat", "Thu", "Fri", "Sat"],
                       "sex": ["M", "M", "M", "F", "F", "F"],
                       "tip": [1.5, 2.0, 3.5, 3.0, 4.0, 2.5]})
    fig = px.bar(df, x="day", y="tip", color="sex", barmode="group")
    d = pchart(fig)
    assert d["grouped"] is True and d["x_label"] == "day"
    for trace in fig.data:
        assert bars_of(d, trace.name) == list(zip(list(trace.x), [float(v) for v in trace.y]))


def test_bars_and_a_line_on_one_subplot_are_both_carried(pchart):
    x = ["Jan", "Feb", "Mar"]
    sales, target = [10.0, 12.0, 9.0], [11.0, 11.5, 12.0]
    d = pchart(go.Figure([go.Bar(x=x, y=sales, name="sales"),
                          go.Scatter(x=x, y=target, name="target", mode="lines")]))
    assert d["type"] == "superchart" and d["overlaid"] is True
    bars, line = d["elements"]
    assert bars["type"] == "bar" and bars_of(bars, "sales") == list(zip(x, sales))
    assert line["type"] == "line"
    assert line["elements"][0]["label"] == "target"
    assert line["elements"][0]["points"] == [list(p) for p in zip(x, target)]


def test_markers_over_bars_make_a_scatter_part(pchart):
    d = pchart(go.Figure([go.Bar(x=[1, 2], y=[3, 4]),
                          go.Scatter(x=[1, 2], y=[3.5, 4.5], mode="markers")]))
    assert [c["type"] for c in d["elements"]] == ["bar", "scatter"]


# ------------------------------------------------------ given only x

def hazen(v, q):
    return float(np.percentile(np.asarray(v, float), q, method="hazen"))


@pytest.mark.parametrize("kind", ["Box", "Violin"])
def test_a_box_given_only_x_is_horizontal(pchart, kind):
    v = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 30.0]
    # a violin draws its quartiles with its inner box only
    extra = {"box_visible": True} if kind == "Violin" else {}
    d = pchart(go.Figure(getattr(go, kind)(x=v, name="times", **extra)))
    assert d["type"] == "box_and_whisker" and d["orientation"] == "horizontal"
    (el,) = d["elements"]
    assert el["label"] == "times"
    assert el["median"] == hazen(v, 50)
    assert el["first_quartile"] == hazen(v, 25)
    assert el["third_quartile"] == hazen(v, 75)
    assert el["outliers"] == [30.0]


def test_express_box_of_x(pchart):
    pd = pytest.importorskip("pandas")
    df = pd.DataFrame({"t": [1.0, 2.0, 3.0, 4.0, 9.0]})
    d = pchart(px.box(df, x="t"))
    assert d["orientation"] == "horizontal"
    assert d["elements"][0]["median"] == 3.0


def test_boxes_given_x_and_y_categories_are_horizontal_when_told(pchart):
    d = pchart(go.Figure(go.Box(x=[1, 2, 3, 4, 5, 6], y=["a", "a", "a", "b", "b", "b"],
                                orientation="h")))
    assert [(e["label"], e["median"]) for e in d["elements"]] == [("a", 2.0), ("b", 5.0)]


def test_given_statistics_positioned_by_y_are_horizontal(pchart):
    d = pchart(go.Figure(go.Box(y=["a", "b"], q1=[1, 2], median=[2, 3], q3=[3, 4])))
    assert d["orientation"] == "horizontal"
    assert [(e["label"], e["median"]) for e in d["elements"]] == [("a", 2.0), ("b", 3.0)]


def test_a_bar_given_only_x_is_horizontal(pchart):
    d = pchart(go.Figure(go.Bar(x=[3, 4, 5])))
    assert d["orientation"] == "horizontal"
    assert [(e["label"], e["value"]) for e in d["elements"]] == [("0", 3.0), ("1", 4.0),
                                                                 ("2", 5.0)]


# ---------------------------------------------------- multicategory axes

def multi_names(outer, inner):
    return ["%s - %s" % (text(a), text(b)) for a, b in zip(outer, inner)]


@pytest.mark.parametrize("given", [None, "multicategory"])
def test_multicategory_bars(pchart, given):
    outer = ["2023", "2023", "2024", "2024"]
    inner = ["H1", "H2", "H1", "H2"]
    y = [4.0, 5.0, 6.0, 7.0]
    layout = {"xaxis": {"type": given}} if given else {}
    d = pchart(go.Figure(go.Bar(x=[outer, inner], y=y), layout=layout))
    assert [(e["label"], e["value"]) for e in d["elements"]] == \
        list(zip(multi_names(outer, inner), y))


def test_multicategory_order_and_every_trace(pchart):
    # plotly.js orders the pairs by the order each outer, then each inner,
    # text is first met, over all traces of the axis.
    bar = ([["b", "b"], ["y", "x"]], [5.0, 6.0])
    line = ([["a", "a", "b"], ["x", "y", "x"]], [1.0, 2.0, 3.0])
    d = pchart(go.Figure([go.Bar(x=bar[0], y=bar[1], name="bar"),
                          go.Scatter(x=line[0], y=line[1], name="line")]))
    bars, points = d["elements"]
    assert bars_of(bars, "bar") == list(zip(multi_names(*bar[0]), bar[1]))
    assert points["elements"][0]["points"] == [list(p) for p in
                                               zip(multi_names(*line[0]), line[1])]
    assert points["x_ticks"] == ["b - y", "b - x", "a - y", "a - x"]
    assert points["x_tick_labels"] == points["x_ticks"]
    assert points["x_scale"] == "categorical"


def test_multicategory_numbers_arrays_and_gaps(pchart):
    outer = np.array([2023, 2023, 2024], dtype=object)
    inner = np.array(["Q1", "Q2", None], dtype=object)
    d = pchart(go.Figure(go.Scatter(x=[outer, inner], y=[1, 2, 3], mode="markers")))
    assert d["elements"][0]["points"] == [["2023 - Q1", 1.0], ["2023 - Q2", 2.0],
                                          [None, 3.0]]


def test_multicategory_boxes(pchart):
    outer = ["A"] * 6 + ["B"] * 6
    inner = (["x"] * 3 + ["y"] * 3) * 2
    y = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
    d = pchart(go.Figure(go.Box(x=[outer, inner], y=y)))
    assert [(e["label"], e["median"]) for e in d["elements"]] == \
        [("A - x", 2.0), ("A - y", 5.0), ("B - x", 8.0), ("B - y", 11.0)]


# ------------------------------------------------------- candles

DAYS = np.array(["2024-03-04", "2024-03-05", "2024-03-06", "2024-03-07",
                 "2024-03-08"], dtype="datetime64[D]")
O = [101.0, 103.5, 102.0, 104.0, 106.5]
H = [104.0, 104.5, 105.0, 107.0, 107.5]
L = [100.5, 101.0, 101.5, 103.5, 104.0]
C = [103.5, 102.0, 104.0, 106.5, 105.0]


def candles_of(d, labels, group, o=O, h=H, lo=L, c=C):
    assert d["type"] == "bar" and d["orientation"] == "vertical"
    assert [e["label"] for e in d["elements"]] == list(labels)
    assert all(e["group"] == group for e in d["elements"])
    assert [(e["open"], e["high"], e["low"], e["close"]) for e in d["elements"]] == \
        list(zip(o, h, lo, c))
    assert [e["value"] for e in d["elements"]] == [round(b - a, 10) for a, b in zip(o, c)]
    assert [e["base"] for e in d["elements"]] == list(o)


@pytest.mark.parametrize("trace, kind", [(go.Candlestick, "candlestick"), (go.Ohlc, "ohlc")])
@pytest.mark.parametrize("form", ["datetime64", "text", "datetime"])
def test_candles(pchart, trace, kind, form):
    x = {"datetime64": DAYS, "text": [str(v) for v in DAYS],
         "datetime": [dt.datetime.fromisoformat(str(v)) for v in DAYS]}[form]
    d = pchart(go.Figure(trace(x=x, open=O, high=H, low=L, close=C, name="ACME")))
    assert d["financial"] == kind
    candles_of(d, [iso(v) for v in DAYS], "ACME")


@pytest.mark.parametrize("trace", [go.Candlestick, go.Ohlc])
def test_candles_without_x_and_on_categories(pchart, trace):
    d = pchart(go.Figure(trace(open=O, high=H, low=L, close=C)))
    candles_of(d, ["0", "1", "2", "3", "4"], "trace 0")
    names = ["Mon", "Tue", "Wed", "Thu", "Fri"]
    d = pchart(go.Figure(trace(x=names, open=O, high=H, low=L, close=C)))
    candles_of(d, names, "trace 0")


def test_a_missing_price_is_no_candle(pchart):
    o = [101.0, None, 102.0]
    d = pchart(go.Figure(go.Candlestick(x=DAYS[:3], open=o, high=H[:3], low=L[:3],
                                        close=C[:3])))
    candles_of(d, [iso(DAYS[0]), iso(DAYS[2])], "trace 0", o=[101.0, 102.0],
               h=[H[0], H[2]], lo=[L[0], L[2]], c=[C[0], C[2]])


def test_ohlc_tickwidth_changes_nothing_read(pchart):
    d = pchart(go.Figure(go.Ohlc(x=DAYS, open=O, high=H, low=L, close=C, tickwidth=0.05)))
    candles_of(d, [iso(v) for v in DAYS], "trace 0")


def test_candles_with_volume_and_a_moving_average(pchart):
    fig = make_subplots(rows=2, cols=1, shared_xaxes=True)
    fig.add_trace(go.Candlestick(x=DAYS, open=O, high=H, low=L, close=C, name="ACME"), 1, 1)
    mav = [None, 102.75, 102.75, 105.25, 105.75]
    fig.add_trace(go.Scatter(x=DAYS, y=mav, name="mav 2", mode="lines"), 1, 1)
    fig.add_trace(go.Bar(x=DAYS, y=[1200, 900, 1500, 1800, 1100], name="volume"), 2, 1)
    d = pchart(fig)
    assert d["type"] == "superchart"
    prices, volume = d["elements"]
    assert prices["overlaid"] is True
    candles, line = prices["elements"]
    candles_of(candles, [iso(v) for v in DAYS], "ACME")
    assert line["elements"][0]["points"] == [[iso(v), m] for v, m in zip(DAYS, mav)]
    assert "financial" not in volume
    assert bars_of(volume, "volume") == [(iso(v), float(n)) for v, n in
                                         zip(DAYS, [1200, 900, 1500, 1800, 1100])]


def test_scene_json_reproduces_the_charts():
    figs = [go.Figure(go.Candlestick(x=DAYS, open=O, high=H, low=L, close=C)),
            go.Figure(go.Ohlc(x=DAYS, open=O, high=H, low=L, close=C)),
            go.Figure(go.Bar(x=[["a", "a", "b"], ["x", "y", "x"]], y=[1, 2, 3])),
            go.Figure(go.Box(x=[1, 2, 3, 4, 9]))]
    for fig in figs:
        assert chartex.scene_json_to_dict(chartex.figure_to_scene_json(fig)) == \
            chartex.figure_to_dict(fig)


@pytest.mark.parametrize("trace", [
    {"type": "candlestick", "open": [1], "high": [2]},
    {"type": "ohlc", "x": [1, 2], "open": [1, "a"], "high": [2, 3], "low": [0, 1],
     "close": [1.5, float("nan")]},
    {"type": "candlestick", "open": "nope", "high": 3, "low": None, "close": {}},
    {"type": "bar", "x": [["a"], ["b", "c"], ["d"]], "y": [1]},
    {"type": "bar", "x": [["a", None], [1.5, math.inf]], "y": [1, 2],
     "xaxis": "x"},
])
def test_hostile_traces_never_crash(chart, trace):
    assert isinstance(chart({"data": [trace]}), dict)
