"""Bars named as their axis names them (issue 30), on random layouts,
against matplotlib.

Random grouped, stacked and floating layouts: 1-40 categories, 1-6
series, widths 0.05-1 of the category spacing, groups centred on their
tick, one-sided (the tick at the first bar, or at the left edge of the
group), with gaps between the bars or touching, series with missing
values; vertical and horizontal; string (category), numeric (with tick
labels that name the categories, with matplotlib's own numeric ticks,
with every other tick labelled, with no ticks at all), date and log
axes.  Each figure is drawn first, as a kernel draws it.

The oracle does not share chartex's code: the layout is built from known
categories, and after drawing the text its axis shows at each bar's group
is read from matplotlib itself (ax.get_xticklabels(): the one tick label
drawn under the group; the category's date; where no tick names it, the
group's position, which chartex must write as a number within 1e-7 of
the larger of it and the narrowest bar, never a float residue).  Every
value is the one plotted.  Histograms: every bar's bin is
numpy.histogram's, its label the bin's centre, every bar of one bin with
one name; seaborn's histplot with any multiple and shrink.
"""
import datetime as dt
import io
import math
import os
import re

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import golden

import chartex

import matplotlib
import matplotlib.dates as mdates
from matplotlib.figure import Figure

_HEALTH = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]
_PROFILES = {"check": 120, "long": 10000, "valgrind": 20, "sanitizers": 40}
_NAME = os.environ.get("HYPOTHESIS_PROFILE", "check")
PROFILE = settings(max_examples=_PROFILES.get(_NAME, 120), deadline=None,
                   derandomize=_NAME != "long", database=None,
                   suppress_health_check=_HEALTH, print_blob=True)

NUMBER = re.compile(r"^-?(\d+(\.\d*)?|\.\d+)(e[-+]?\d+)?$")


def checked(fig):
    """The chart of fig drawn first, its invariants checked; E2B's client
    reads it."""
    fig.savefig(io.BytesIO(), format="png")
    d = chartex.figure_to_dict(fig)
    assert golden.strict_loads(chartex.figure_to_json(fig)) == d
    golden.check_chart(d)
    try:
        from e2b_code_interpreter import charts
    except ImportError:
        return d
    if d:
        assert charts._deserialize_chart(d).type.value == d["type"]
    return d


def bar_chart(d):
    if d.get("type") == "superchart":
        bars = [c for c in d["elements"] if c["type"] == "bar"]
        assert len(bars) == 1, [c["type"] for c in d["elements"]]
        return bars[0]
    assert d.get("type") == "bar", d.get("type")
    return d


def drawn_ticks(ax, horizontal):
    """The tick labels matplotlib drew: (position, text), read after
    drawing."""
    labels = ax.get_yticklabels() if horizontal else ax.get_xticklabels()
    out = []
    for t in labels:
        text = t.get_text()
        if text and t.get_visible():
            x, y = t.get_position()
            out.append((y if horizontal else x, text))
    return out


def same_number(label, at, min_width):
    prec = 1e-7 * max(abs(at), min_width)
    return NUMBER.match(label) is not None and abs(float(label) - at) <= prec * (1 + 1e-9) \
        and len(label.lstrip("-").replace(".", "")) <= 17


# ------------------------------------------------------------ the layouts

NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov",
         "Dec"] + ["K%02d" % i for i in range(40)]


@st.composite
def layouts(draw):
    n_cats = draw(st.integers(1, 40))
    n_series = draw(st.integers(1, 6))
    axis = draw(st.sampled_from(["names", "names", "string", "numbers", "sparse",
                                 "hidden", "dates", "log"]))
    horizontal = draw(st.booleans())
    arrangement = draw(st.sampled_from(["side", "side", "stack", "float"]))
    if axis == "log":
        arrangement = draw(st.sampled_from(["stack", "float"]))
        n_series = min(n_series, 3)
    spacing = 1.0 if axis in ("string",) else draw(st.sampled_from([1.0, 0.5, 2.0, 10.0, 1.0]))
    start = draw(st.sampled_from([0.0, 1.0, 2020.0, -3.0]))
    if axis == "dates":
        spacing = draw(st.sampled_from([1.0, 7.0]))
    if arrangement == "side":
        fill = draw(st.floats(0.3, 0.95))
        raw = [draw(st.floats(0.05, 1.0)) for _ in range(n_series)]
        gap_frac = draw(st.sampled_from([0.0, 0.0, 0.05, 0.15, 0.3]))
        if n_cats < 2:
            gap_frac = 0.0      # a layout seen once gives evidence by touching
        while True:
            total = sum(raw) * (1 + gap_frac)
            widths = [w / total * fill * spacing for w in raw]
            gaps = [w * gap_frac for w in widths]
            # The documented rule (doc/schema.md): a gap inside a group is
            # under half the gap between groups; layouts past it (a gap of
            # 0.3 bar in groups 0.1 apart) are not promised a group.
            between = spacing - sum(widths) - sum(gaps[:-1])
            if max(gaps) < 0.45 * between:
                break
            gap_frac /= 2
        where = draw(st.sampled_from(["centre", "centre", "first", "edge"]))
    else:
        widths = [draw(st.floats(0.05, 1.0)) * spacing] * n_series
        gaps = [0.0] * n_series
        where = "centre"
    missing = []
    for j in range(n_series):
        if arrangement == "side" and n_cats >= 5 and n_series >= 2 and draw(st.booleans()):
            # a few missing, never at the first two categories
            missing.append(set(draw(st.lists(st.integers(2, n_cats - 1), max_size=n_cats // 4))))
        else:
            missing.append(set())
    values = [[draw(st.one_of(st.integers(1, 100).map(float),
                              st.floats(0.5, 1e4).map(lambda v: round(v, 2))))
               for _ in range(n_cats)] for _ in range(n_series)]
    align = draw(st.sampled_from(["center", "edge"]))
    return dict(n_cats=n_cats, n_series=n_series, axis=axis, horizontal=horizontal,
                arrangement=arrangement, spacing=spacing, start=start, widths=widths,
                gaps=gaps, where=where, missing=missing, values=values, align=align,
                floats=[draw(st.floats(-50, 50).map(lambda v: round(v, 1)))
                        for _ in range(n_cats)])


def positions(L):
    """Each category's position: a number (dates: a date number)."""
    if L["axis"] == "log":
        return [10 ** (1 + k / 2) for k in range(L["n_cats"])]
    if L["axis"] == "dates":
        base = mdates.date2num(dt.datetime(2024, 1, 1))
        return [base + L["spacing"] * k for k in range(L["n_cats"])]
    if L["axis"] == "string":
        return [float(k) for k in range(L["n_cats"])]
    return [L["start"] + L["spacing"] * k for k in range(L["n_cats"])]


def build(L):
    """The figure of layout L, and what each bar is: [(series, category,
    centre, value)] in the order chartex lists them, and each
    category's group extent (lo, hi) and position."""
    fig = Figure()
    ax = fig.add_subplot()
    h = L["horizontal"]
    x = positions(L)
    n, m = L["n_cats"], L["n_series"]
    draw = ax.barh if h else ax.bar
    if L["axis"] == "string":
        (ax.yaxis if h else ax.xaxis).update_units(np.array(NAMES[:n], dtype=object))
    if L["axis"] == "log":
        (ax.set_yscale if h else ax.set_xscale)("log")
    widths, gaps = L["widths"], L["gaps"]
    total = sum(widths) + sum(gaps[:-1])
    bars = []
    extent = {}
    bottoms = [0.0] * n
    L["pattern"] = {}
    for k in range(n):
        # the middle of the first and last series' centres, missing or not
        if L["arrangement"] == "side":
            left = {"centre": x[k] - total / 2, "first": x[k] - widths[0] / 2,
                    "edge": x[k]}[L["where"]]
            first = left + widths[0] / 2
            last = left + sum(widths[:-1]) + sum(gaps[:m - 1]) + widths[-1] / 2
            L["pattern"][k] = (first + last) / 2
        else:
            L["pattern"][k] = x[k]
    for j in range(m):
        ks = [k for k in range(n) if k not in L["missing"][j]]
        centres, vals, base = [], [], []
        for k in ks:
            if L["arrangement"] == "side":
                left = {"centre": x[k] - total / 2, "first": x[k] - widths[0] / 2,
                        "edge": x[k]}[L["where"]]
                c = left + sum(widths[:j]) + sum(gaps[:j]) + widths[j] / 2
                extent[k] = (left, left + total)
            else:
                w = widths[j] if L["axis"] != "log" else x[k] * 0.3
                c = x[k]
                extent[k] = (c - w / 2, c + w / 2)
            centres.append(c)
            vals.append(L["values"][j][k])
            if L["arrangement"] == "stack":
                base.append(bottoms[k])
                bottoms[k] += L["values"][j][k]
            elif L["arrangement"] == "float":
                base.append(L["floats"][k] + 100 * j)
            else:
                base.append(0.0)
        w = widths[j]
        if L["axis"] == "log":
            w = [x[k] * 0.3 for k in ks]
        where = centres if L["align"] == "center" else \
            [c - (wi if isinstance(w, list) else w) / 2 for c, wi in
             zip(centres, w if isinstance(w, list) else [w] * len(centres))]
        kw = {"align": L["align"], ("left" if h else "bottom"): base,
              ("height" if h else "width"): w}
        if L["axis"] == "dates":
            where = mdates.num2date(where)
        container = draw(where, vals, label="s%d" % j, **kw)
        # the values matplotlib holds: bar() converts each height as
        # (bottom + height) - bottom, a few ulps off the one given
        held = [float(v) for v in container.datavalues]
        assert held == pytest.approx(vals, rel=1e-9)
        for k, c, v in zip(ks, centres, held):
            bars.append((j, k, c, v))
    if L["axis"] == "names":
        (ax.set_yticks if h else ax.set_xticks)(x, NAMES[:n])
    elif L["axis"] == "sparse":
        (ax.set_yticks if h else ax.set_xticks)(x[::2], NAMES[:n:2])
    elif L["axis"] == "hidden":
        (ax.set_yticks if h else ax.set_xticks)([])
    return fig, ax, bars, extent


def group_at(L, k, c, bars):
    """Where the group of category k stands: the middle of the first and
    last series' centres there (also where a series is missing); a bar's
    own centre where the layout gives no evidence of groups (it appears
    once: one category)."""
    if L["n_cats"] < 2:
        return c
    return L["pattern"][k]


def tiles(L, j):
    """Whether series j's bars tile the axis (each where the last ends):
    read as a histogram's bins on an axis that names nothing.  Touching is
    decided as chartex decides it: within 1e-6 of the narrowest bar (a
    width of 0.99999998 tiles)."""
    return L["arrangement"] != "side" and L["n_cats"] >= 2 and L["axis"] not in (
        "names", "sparse", "string", "log") \
        and L["spacing"] - L["widths"][j] <= 1e-6 * min(L["widths"]) \
        and not L["missing"][j]


@PROFILE
@given(layouts())
def test_every_bar_is_named_as_its_axis_names_it(L):
    try:
        every_bar_named(L)
    except AssertionError:
        print("LAYOUT", repr(L))
        raise


def every_bar_named(L):
    fig, ax, bars, extent = build(L)
    d = checked(fig)
    chart = bar_chart(d)
    els = chart["elements"]
    assert len(els) == len(bars)
    h = L["horizontal"]
    ticks = drawn_ticks(ax, h)
    min_width = min(L["widths"]) if L["axis"] != "log" else \
        min(p * 0.3 for p in positions(L))
    x = positions(L)
    for e, (j, k, c, v) in zip(els, bars):
        assert e["value"] == v, (e, v)
        assert e["group"] == "s%d" % j
        lo, hi = extent[k]
        eps = 1e-9 * max(abs(lo), abs(hi), L["spacing"])
        under = [t for (p, t) in ticks if lo - eps <= p <= hi + eps]
        if L["axis"] == "string":
            assert e["label"] == NAMES[k], (e, k)
        elif L["axis"] in ("names", "sparse") and len(under) == 1:
            # the one label matplotlib drew under the bar's group
            assert e["label"] == under[0], (e, under, k)
        elif L["axis"] == "dates":
            # the ISO date of the group, to 1e-7 of the narrowest bar
            at = group_at(L, k, c, bars)
            got = mdates.date2num(dt.datetime.fromisoformat(e["label"]))
            assert abs(got - at) <= 1e-7 * min_width + 2e-11 * abs(at), (e, at)
        else:
            # no tick names it: the group's position, as a number
            at = group_at(L, k, c, bars)
            assert same_number(e["label"], at, min_width), (e, at, k, under)
        if L["axis"] in ("names", "sparse") and len(under) != 1:
            assert NUMBER.match(e["label"]), e      # never another's name
        if "bin" in e:
            assert tiles(L, j), e
            w = L["widths"][j]
            lo, hi = e["bin"]
            if L["axis"] == "dates":
                lo, hi = (mdates.date2num(dt.datetime.fromisoformat(t)) for t in e["bin"])
            assert abs(lo - (c - w / 2)) <= 1e-9 * max(abs(c), 1) and \
                abs(hi - (c + w / 2)) <= 1e-9 * max(abs(c), 1), (e, c, w)


# -------------------------------------------------------- histograms

@st.composite
def hist_layouts(draw):
    n_sets = draw(st.integers(1, 4))
    seed = draw(st.integers(0, 2 ** 16))
    sizes = [draw(st.integers(5, 200)) for _ in range(n_sets)]
    bins = draw(st.one_of(st.integers(1, 30),
                          st.lists(st.floats(-4, 4).map(lambda v: round(v, 2)), min_size=2,
                                   max_size=12, unique=True).map(sorted)))
    return dict(seed=seed, sizes=sizes, bins=bins,
                histtype=draw(st.sampled_from(["bar", "barstacked", "step", "stepfilled"])),
                rwidth=draw(st.sampled_from([None, None, 0.5, 0.9, 1.0])),
                orientation=draw(st.sampled_from(["vertical", "horizontal"])))


def _close(a, b):
    return abs(a - b) <= 1e-12 * max(abs(a), abs(b), 1)


@PROFILE
@given(hist_layouts())
def test_histogram_bins_carry_their_extent(H):
    rng = np.random.default_rng(H["seed"])
    data = [rng.normal(size=n) for n in H["sizes"]]
    fig = Figure()
    ax = fig.add_subplot()
    counts, edges, _ = ax.hist(data if len(data) > 1 else data[0], bins=H["bins"],
                               histtype=H["histtype"], rwidth=H["rwidth"],
                               orientation=H["orientation"])
    assume(len(edges) >= 3)     # one bin: nothing tiles, no evidence of a histogram
    counts = np.atleast_2d(counts)
    min_width = drawn_min_width(ax)
    d = checked(fig)
    if H["histtype"].startswith("step"):
        lines = d["elements"] if d["type"] == "line" else []
        assert len(lines) == len(data)
        for e in lines:
            steps = e["steps"]
            assert all(_close(a, b) for a, b in zip(steps["edges"], edges))
            assert steps["orientation"] == H["orientation"]
        return
    chart = bar_chart(d)
    # One dataset with rwidth < 1 draws bars apart, as bar() would: nothing
    # tells them from a bar chart, and they carry no bins (their labels are
    # still the bins' centres).
    told = len(data) > 1 or H["rwidth"] in (None, 1.0)
    assert (chart.get("histogram") is True) == told
    els = chart["elements"]
    nb = len(edges) - 1
    assert len(els) == nb * len(data)
    stacked = H["histtype"] == "barstacked"
    for i, e in enumerate(els):
        s, b = divmod(i, nb)
        lo, hi = e["bin"] if told else (edges[b], edges[b + 1])
        assert _close(lo, edges[b]) and _close(hi, edges[b + 1]), (e, edges[b:b + 2])
        assert same_number(e["label"], (edges[b] + edges[b + 1]) / 2, min_width), e
        own = counts[s][b] - (counts[s - 1][b] if stacked and s else 0)
        assert e["value"] == pytest.approx(own), (e, own)
    names = {}
    for i, e in enumerate(els):
        names.setdefault(i % nb, set()).add(e["label"])
    assert all(len(v) == 1 for v in names.values())     # one name per bin


def drawn_min_width(ax):
    """The narrowest bar matplotlib drew (along its category axis)."""
    widths = []
    for c in ax.containers:
        horizontal = getattr(c, "orientation", "vertical") == "horizontal"
        widths += [abs(p.get_height() if horizontal else p.get_width()) for p in c.patches]
    widths = [w for w in widths if w > 0]
    return min(widths) if widths else 0


@st.composite
def seaborn_layouts(draw):
    return dict(seed=draw(st.integers(0, 2 ** 16)), n_hue=draw(st.integers(1, 4)),
                multiple=draw(st.sampled_from(["layer", "dodge", "stack", "fill"])),
                shrink=draw(st.sampled_from([1.0, 0.8, 0.5, 0.33])),
                bins=draw(st.sampled_from([5, 10, 17, "auto"])),
                horizontal=draw(st.booleans()))


@PROFILE
@given(seaborn_layouts())
def test_seaborn_histplot_bins(S):
    sns = pytest.importorskip("seaborn")
    pd = pytest.importorskip("pandas")
    rng = np.random.default_rng(S["seed"])
    n = 60 * S["n_hue"]
    df = pd.DataFrame({"v": rng.normal(size=n) * 3 + np.repeat(np.arange(S["n_hue"]), 60),
                       "h": np.repeat(["h%d" % i for i in range(S["n_hue"])], 60)})
    fig = Figure()
    ax = fig.add_subplot()
    kw = {"y" if S["horizontal"] else "x": "v"}
    # (seaborn's multiple needs a hue: without one it is "layer")
    sns.histplot(df, hue="h" if S["n_hue"] > 1 else None,
                 multiple=S["multiple"] if S["n_hue"] > 1 else "layer",
                 shrink=S["shrink"], bins=S["bins"], ax=ax, **kw)
    edges = np.histogram_bin_edges(df["v"], bins=S["bins"])
    assume(len(edges) >= 3)
    min_width = drawn_min_width(ax)
    d = checked(fig)
    chart = bar_chart(d)
    assert chart.get("histogram") is True
    nb = len(edges) - 1
    els = chart["elements"]
    assert len(els) == nb * S["n_hue"]
    for e in els:
        lo, hi = e["bin"]
        b = int(np.argmin(np.abs(edges[:-1] - lo)))
        assert _close(lo, edges[b]) and _close(hi, edges[b + 1]), (e, edges[b:b + 2])
        assert same_number(e["label"], (lo + hi) / 2, min_width), e
    by_hue = {}
    for e in els:
        by_hue.setdefault(e["group"], []).append(e)
    if S["multiple"] in ("layer", "dodge", "stack") and S["n_hue"] > 1:
        for hue, es in by_hue.items():
            counts, _ = np.histogram(df.loc[df["h"] == hue, "v"], bins=edges)
            assert sorted(e["value"] for e in es) == sorted(map(float, counts)), hue
