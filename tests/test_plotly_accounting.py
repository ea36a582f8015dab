"""Plotly accounting: nothing a Plotly figure shows vanishes from its chart.

Beside tests/test_accounting.py (matplotlib's): for every Plotly golden
fixture and every figure of a random strategy over the families issue 31
reads, each visible trace's numbers and each data-coordinate shape's
coordinates are looked up in the chart chartex gives.  The numbers are
taken from the figure itself (its JSON form), by plotly's attribute
names, independently of how chartex reads them:

  - a trace's value arrays (y of a vertical scatter, bar or box, x of a
    horizontal one, z of a grid, values, a record's arrays): every finite
    number;
  - a bar's error bars: each bar's value minus and plus its error (what
    y_error gives);
  - a box or violin showing all its points: every sample;
  - a layout shape on an axis in both directions, or a line at one value
    (add_hline / add_vline): its coordinates.

Numbers are compared within a relative 1e-6, against every number of the
chart except its ticks and limits.
"""
import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import chartex
import golden

go = pytest.importorskip("plotly.graph_objects", reason="plotly is not installed")

from test_accounting import chart_numbers  # noqa: E402

RTOL = 1e-6

# The attributes that hold a trace's shown numbers, per type (what plotly
# draws as values; positions on category axes travel as text).
VALUE_KEYS = {
    "scatter": ("y",), "scattergl": ("y",), "bar": ("y",), "box": ("y",),
    "violin": ("y",), "heatmap": ("z",), "contour": ("z",), "histogram2dcontour": (),
    "scatter3d": ("z",), "surface": ("z",), "mesh3d": ("x", "y", "z", "intensity"),
    "isosurface": ("value",), "volume": ("value",), "cone": ("u", "v", "w"),
    "streamtube": ("u", "v", "w"), "scattersmith": ("real", "imag"),
    "carpet": ("a", "b"), "scattercarpet": ("a", "b"), "image": ("z",),
    "funnel": ("x",), "waterfall": (), "pie": (), "scatterpolar": ("r",),
    "barpolar": ("r",), "treemap": ("values",), "sunburst": ("values",),
    "icicle": ("values",), "sankey": (), "table": (), "indicator": ("value",),
    "parcoords": (), "parcats": (), "scattergeo": ("lat", "lon"),
    "choropleth": ("z",), "funnelarea": (), "candlestick": ("open", "high", "low", "close"),
    "ohlc": ("open", "high", "low", "close"), "histogram": (), "histogram2d": (),
}


def finite(values):
    out = []

    def walk(v):
        if isinstance(v, (list, tuple, np.ndarray)):
            for x in v:
                walk(x)
        elif isinstance(v, (bool, np.bool_)):
            return
        elif isinstance(v, (int, float, np.integer, np.floating)):
            if math.isfinite(float(v)):
                out.append(float(v))
    walk(values)
    return out


def as_array(v):
    """A plotly JSON value as a NumPy array (decoding typed arrays)."""
    if isinstance(v, dict) and "bdata" in v:
        import base64
        a = np.frombuffer(base64.b64decode(v["bdata"]), dtype=np.dtype(v["dtype"]))
        shape = v.get("shape")
        if isinstance(shape, str):
            shape = [int(x) for x in shape.split(",")]
        return a.reshape(shape) if shape else a
    return v


def expected(fig):
    """(what, number) pairs the chart must hold, from the figure alone."""
    d = fig.to_plotly_json() if hasattr(fig, "to_plotly_json") else fig
    out = []
    for k, t in enumerate(d.get("data") or []):
        if t.get("visible", True) is not True:
            continue
        ty = t.get("type", "scatter")
        horizontal = t.get("orientation") == "h"
        keys = VALUE_KEYS.get(ty, ())
        if horizontal and keys == ("y",):
            keys = ("x",)
        if ty.startswith("scatter") and isinstance(t.get("mode"), str) \
                and "lines" not in t["mode"] and "markers" not in t["mode"]:
            keys = ()
        if ty == "image" and "z" not in t:
            keys = ()
        for key in keys:
            out += [("trace %d %s" % (k, key), v) for v in finite(as_array(t.get(key)))]
        if ty == "bar":
            val = np.asarray(finite(as_array(t.get("x" if horizontal else "y"))))
            err = t.get("error_x" if horizontal else "error_y") or {}
            arr = err.get("array")
            if arr is not None and err.get("visible", True) and len(arr) == len(val) \
                    and err.get("type", "data") == "data" and not err.get("symmetric") is False:
                e = np.asarray(finite(as_array(arr)))
                if len(e) == len(val):
                    out += [("trace %d error" % k, v) for v in np.concatenate([val - e, val + e])]
        if ty in ("box", "violin") and (t.get("boxpoints") == "all" or t.get("points") == "all"):
            out += [("trace %d sample" % k, v)
                    for v in finite(as_array(t.get("x" if horizontal else "y")))]
        if ty == "splom":
            for dim in t.get("dimensions") or ():
                if dim.get("visible", True):
                    out += [("trace %d %s" % (k, dim.get("label")), v)
                            for v in finite(as_array(dim.get("values")))]
        if ty == "scatterternary":
            a, b, c = (np.asarray(finite(as_array(t.get(x))), float) for x in "abc")
            if len(a) == len(b) == len(c) and len(a):
                s = a + b + c
                ok = s > 0
                out += [("trace %d ternary" % k, v)
                        for v in np.concatenate([a[ok] / s[ok], b[ok] / s[ok], c[ok] / s[ok]])]
    # (on a category x axis, a box's at its name or bars' at texts, a
    # shape's x is written as the category it stands at, not a number)
    xcat = any(t.get("type") in ("box", "violin") or any(
        isinstance(v, str) for v in (t.get("x") if isinstance(t.get("x"), list) else ()))
        for t in d.get("data") or ())
    for i, sh in enumerate((d.get("layout") or {}).get("shapes") or ()):
        if sh.get("visible", True) is not True:
            continue
        xref, yref = sh.get("xref", "x"), sh.get("yref", "y")
        xdata = xref.startswith("x") and not xref.endswith("domain")
        ydata = yref.startswith("y") and not yref.endswith("domain")
        kind = sh.get("type", "rect" if "path" not in sh else "path")
        nums = []
        if xdata and not xcat and (ydata or kind == "rect" or sh.get("x0") == sh.get("x1")):
            nums += finite([sh.get("x0"), sh.get("x1")])
        if ydata and (xdata or kind == "rect" or sh.get("y0") == sh.get("y1")):
            nums += finite([sh.get("y0"), sh.get("y1")])
        if kind in ("circle", "path"):
            nums = []               # an ellipse's or a path's outline, not its corners
        if kind == "rect" and xdata and ydata and any(
                t.get("type") in ("box", "violin") for t in d.get("data") or ()):
            nums = []               # a box plot gives no free shapes (doc/schema.md)
        out += [("shape %d" % i, v) for v in nums]
    return out


def missing(fig):
    d = chartex.figure_to_dict(fig)
    have = chart_numbers(d)
    lost = []
    for what, v in expected(fig):
        tol = RTOL * max(1.0, abs(v))
        j = np.searchsorted(have, v - tol)
        if not (j < len(have) and abs(have[j] - v) <= tol):
            lost.append((what, v))
    return lost


# ------------------------------------------------------------- the fixtures

FIXTURES = golden.fixture_paths(golden.DEFAULT_FIXTURES / "plotly")


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_every_fixture_number_is_in_its_chart(path):
    fig = golden._golden().build_figure(Path(path))
    assert missing(fig) == []


# ---------------------------------------------------------- random figures

NUM = st.floats(-1e6, 1e6, allow_nan=False).map(lambda v: round(v, 3))
POS = st.floats(0.5, 1e3, allow_nan=False).map(lambda v: round(v, 3))


@st.composite
def traces(draw):
    n = draw(st.integers(2, 12))
    vals = draw(st.lists(NUM, min_size=n, max_size=n))
    kind = draw(st.sampled_from(["scatter", "bar", "bar_err", "box", "violin", "heatmap",
                                 "splom", "ternary", "smith", "mesh3d", "cone"]))
    if kind == "scatter":
        # (a line of two points beside a box reads as one of its whiskers
        # and the core then reads no box: a known limit of src/chart/box.c,
        # matplotlib's too; three points at least)
        vals += draw(st.lists(NUM, min_size=1, max_size=1))
        return go.Scatter(y=vals, mode=draw(st.sampled_from(["lines", "markers"])))
    if kind == "bar":
        return go.Bar(y=vals)
    if kind == "bar_err":
        err = draw(st.lists(POS, min_size=n, max_size=n))
        return go.Bar(x=["c%d" % i for i in range(n)], y=vals, error_y=dict(array=err))
    if kind == "box":
        return go.Box(y=vals, boxpoints="all")
    if kind == "violin":
        return go.Violin(y=vals, points="all", box_visible=draw(st.booleans()))
    if kind == "heatmap":
        m = draw(st.integers(1, 4))
        return go.Heatmap(z=np.resize(np.array(vals), (m, n)))
    if kind == "splom":
        other = draw(st.lists(NUM, min_size=n, max_size=n))
        return go.Splom(dimensions=[dict(label="p", values=vals), dict(label="q", values=other)])
    if kind == "ternary":
        b = draw(st.lists(POS, min_size=n, max_size=n))
        c = draw(st.lists(POS, min_size=n, max_size=n))
        return go.Scatterternary(a=[abs(v) + 1 for v in vals], b=b, c=c, mode="markers")
    if kind == "smith":
        return go.Scattersmith(real=[abs(v) for v in vals], imag=vals)
    if kind == "mesh3d":
        return go.Mesh3d(x=vals, y=vals[::-1], z=vals)
    return go.Cone(x=vals, y=vals, z=vals, u=vals, v=vals[::-1], w=vals)


@st.composite
def shapes(draw):
    a, b = sorted(draw(st.lists(NUM, min_size=2, max_size=2, unique=True)))
    kind = draw(st.sampled_from(["hline", "vline", "hrect", "vrect", "line", "rect"]))
    if kind == "hline":
        return dict(type="line", xref="x domain", yref="y", x0=0, x1=1, y0=a, y1=a)
    if kind == "vline":
        return dict(type="line", xref="x", yref="y domain", x0=a, x1=a, y0=0, y1=1)
    if kind == "hrect":
        return dict(type="rect", xref="x domain", yref="y", x0=0, x1=1, y0=a, y1=b)
    if kind == "vrect":
        return dict(type="rect", xref="x", yref="y domain", x0=a, x1=b, y0=0, y1=1)
    c, e = draw(NUM), draw(NUM)
    return dict(type=kind, xref="x", yref="y", x0=a, x1=b, y0=c, y1=e)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(traces(), min_size=1, max_size=3), st.lists(shapes(), max_size=3))
def test_every_random_figure_number_is_in_its_chart(ts, shs):
    # (a splom's panels take the axes x, x2, ... y, y2, ...: it is drawn
    # alone, as px.scatter_matrix draws it)
    ts = [t for t in ts if t.type == "splom"][:1] or ts
    # (a chart has one "heatmap" (doc/schema.md): a second grid on the same
    # axes is not given, a known limit of the core, listed in issue 31's
    # report; one grid per figure here)
    grids = [t for t in ts if t.type == "heatmap"]
    ts = [t for t in ts if t.type != "heatmap"] + grids[:1]
    fig = go.Figure(list(ts))
    cartesian = all(t.type in ("scatter", "bar", "box", "violin", "heatmap") for t in ts)
    if cartesian:
        for sh in shs:
            fig.add_shape(**sh)
    assert missing(fig) == []
