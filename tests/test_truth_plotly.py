"""Plotly bars where plotly.js places them (issue 30), on random figures,
against plotly.js itself.

The oracle is plotly.js (the plotly.min.js the plotly package ships, or
$PLOTLY_JS), run in node by tools/plotly_bars_reference.js: one node
process for the session, a figure a line.  For each random figure (bar
and histogram traces, 1-6 of them, 1-40 categories, every barmode,
disjoint and partial categories per trace, px's one trace per category,
offsetgroup / alignmentgroup, width / offset / base, bargap, bargroupgap,
barnorm, categoryorder / categoryarray; category, numeric and date axes;
vertical and horizontal) every bar chartex gives must be the bar plotly.js
draws: its label the category (number, date) plotly.js places it at, its
value the trace's, its rectangle plotly.js's (centre, width, base, size),
a histogram's bar its bin.  The oracle shares no code with chartex.

Skipped, with the reason, where node or the bundle is missing.  Figures
are made as plain dicts: plotly objects validate the same attributes, and
the dict is what both chartex and plotly.js read (plotly.py 5 would not
write the base64 arrays that plotly.js 2 cannot read).
"""
import datetime as dt
import json
import math
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import golden

import chartex

plotly = pytest.importorskip("plotly")

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "plotly_bars_reference.js"

_HEALTH = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]
_PROFILES = {"check": 150, "long": 5000, "valgrind": 20, "sanitizers": 40}
_NAME = os.environ.get("HYPOTHESIS_PROFILE", "check")
PROFILE = settings(max_examples=_PROFILES.get(_NAME, 150), deadline=None,
                   derandomize=_NAME != "long", database=None,
                   suppress_health_check=_HEALTH, print_blob=True)


def _bundle():
    path = os.environ.get("PLOTLY_JS")
    if path:
        return Path(path)
    return Path(plotly.__file__).parent / "package_data" / "plotly.min.js"


class Oracle:
    """plotly.js in one node process: place(figure dict) -> its bars."""

    def __init__(self, node, bundle):
        self.proc = subprocess.Popen([node, str(TOOL), str(bundle)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)

    def place(self, fig):
        self.proc.stdin.write(json.dumps(fig, allow_nan=False) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        assert line, "plotly_bars_reference.js ended"
        out = json.loads(line)
        assert "error" not in out, out.get("error")
        return out

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


@pytest.fixture(scope="module")
def oracle():
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: plotly.js is the oracle of these tests "
                    "(apt-get install nodejs)")
    bundle = _bundle()
    if not bundle.is_file():
        pytest.skip("no plotly.min.js at %s (this plotly ships none; set PLOTLY_JS)" % bundle)
    o = Oracle(node, bundle)
    try:
        yield o
    finally:
        o.close()


def checked(fig):
    """The chart of fig, its invariants checked as the suite checks every
    chart (strict JSON equal to the dict, the schema, E2B's client)."""
    d = chartex.figure_to_dict(fig)
    text = chartex.figure_to_json(fig)
    assert golden.strict_loads(text) == d
    golden.check_chart(d)
    try:
        from e2b_code_interpreter import charts
    except ImportError:
        return d
    if d:
        assert charts._deserialize_chart(d).type.value == d["type"]
    return d


def bar_charts(d):
    if not d:
        return []
    if d["type"] == "superchart":
        return [c for c in d["elements"] if c["type"] == "bar"]
    return [d] if d["type"] == "bar" else []


def scene_bars(fig):
    """The rectangles chartex read, artist by artist (bars only)."""
    scene = json.loads(chartex.figure_to_scene_json(fig))
    out = []
    for axes in scene["axes"]:
        for a in axes.get("artists", []):
            if a["kind"] == "bars":
                out.append((a.get("orientation", "vertical"), a["bars"]))
    return out


MS_PER_DAY = 86400000.0


def iso(ms):
    t = dt.datetime(1970, 1, 1) + dt.timedelta(milliseconds=ms)
    return t.isoformat(timespec="microseconds" if t.microsecond else "seconds")


def close(a, b, scale=1.0):
    if a is None or b is None:
        return a is None and b is None
    return abs(a - b) <= 1e-9 * max(abs(a), abs(b), scale)


def compare(fig, ref):
    """Every bar chartex gives against plotly.js's bars of the figure."""
    d = checked(fig)
    charts = bar_charts(d)
    elements = [e for c in charts for e in c["elements"]]
    rects = scene_bars(fig)
    want = []
    for t in ref["traces"]:
        horizontal = t["orientation"] == "h"
        ax = ref["axes"][t["yaxis"] if horizontal else t["xaxis"]]
        drawn = [b for b in t["bars"] if b["p"] is not None and b["c"] is not None
                 and b["w"] is not None]
        want.append((t, ax, drawn))
    assert len(rects) == len([w for w in want if w[2]]), (len(rects), want)
    min_width = {h: min([b["w"] / (MS_PER_DAY if ax["type"] == "date" else 1)
                         for t, ax, drawn in want for b in drawn
                         if (t["orientation"] == "h") == h and b["w"] > 0] or [0])
                 for h in (False, True)}
    k = 0
    for (t, ax, drawn), (orient, bars) in zip([w for w in want if w[2]], rects):
        horizontal = t["orientation"] == "h"
        assert orient == ("horizontal" if horizontal else "vertical")
        scale = MS_PER_DAY if ax["type"] == "date" else 1.0
        for j, b in enumerate(drawn):
            e = elements[k]
            k += 1
            # the label: the category (number, date) plotly.js places it at
            if ax["type"] in ("category", "multicategory"):
                assert e["label"] == ax["categories"][int(b["p"])], (e, b)
            elif ax["type"] == "date":
                assert e["label"] == iso(b["p"]), (e, b)
            else:
                # the number, to 7 digits of the larger of it and the
                # narrowest bar (doc/schema.md): never a float residue
                prec = 1e-7 * max(abs(b["p"]), min_width[horizontal])
                assert abs(float(e["label"]) - b["p"]) <= prec * (1 + 1e-9), (e, b, prec)
                assert len(e["label"].lstrip("-").replace(".", "")) <= 17, e["label"]
            if t["type"] == "histogram":
                lo, hi = e["bin"]
                if b.get("bin0") is None:
                    # a bundle whose bin loop the tool cannot edit: the bin
                    # is where plotly.js puts its bar, centred on it
                    if ax["type"] != "date":
                        assert lo < b["p"] < hi and close((lo + hi) / 2, b["p"], hi - lo)
                elif ax["type"] == "date":
                    assert (lo, hi) == (iso(b["bin0"]), iso(b["bin1"]))
                else:
                    assert close(lo, b["bin0"]) and close(hi, b["bin1"]), (e["bin"], b)
            else:
                assert "bin" not in e
            # the rectangle: plotly.js's
            x, y, w, h = (bars[key][j] for key in ("x", "y", "w", "h"))
            lo_p, width, base, size = (y, h, x, w) if horizontal else (x, w, y, h)
            # (a date's days hold its milliseconds to about 1e-12 of them)
            mag = max(abs(b["c"]), abs(b["w"]))
            assert close(lo_p * scale, b["c"] - b["w"] / 2, mag), (lo_p, b)
            assert close(width * scale, b["w"], mag * (1e3 if scale > 1 else 1)), (width, b)
            assert close(base, b["b"]), (base, b)
            assert close(size, b["s"] if not ref.get("norm") else size), (size, b)
    assert k == len(elements), (k, len(elements))
    return d


# ---------------------------------------------------------- random figures

NAMES = ["A%02d" % i for i in range(40)]


@st.composite
def figures(draw):
    n_traces = draw(st.integers(1, 6))
    n_cats = draw(st.integers(1, 40))
    axis = draw(st.sampled_from(["category", "category", "numeric", "date", "log"]))
    horizontal = draw(st.booleans())
    mode = draw(st.sampled_from(["group", "stack", "relative", "overlay"]))
    layout = {"barmode": mode}
    if draw(st.integers(0, 4)) == 0:
        layout["bargap"] = draw(st.sampled_from([0, 0.05, 0.3, 0.5]))
    if draw(st.integers(0, 4)) == 0:
        layout["bargroupgap"] = draw(st.sampled_from([0.1, 0.25]))
    if mode != "overlay" and draw(st.integers(0, 6)) == 0:
        layout["barnorm"] = draw(st.sampled_from(["fraction", "percent"]))
    if axis == "category":
        cats = NAMES[:n_cats]
        pos = cats
    elif axis == "date":
        start = dt.date(2024, 1, 1)
        step = draw(st.sampled_from([1, 7, 31]))
        pos = [(start + dt.timedelta(days=step * i)).isoformat() for i in range(n_cats)]
    elif axis == "log":
        pos = [float(10 ** (i / 4)) for i in range(1, n_cats + 1)]
    else:
        step = draw(st.sampled_from([1, 0.5, 2, 10, 0.1]))
        pos = [round(step * i + draw(st.sampled_from([0, 0.25])), 6) for i in range(n_cats)]
    pax = "yaxis" if horizontal else "xaxis"
    if axis == "log":
        layout[pax] = {"type": "log"}
    if axis == "category" and draw(st.integers(0, 3)) == 0:
        order = draw(st.permutations(cats))
        layout[pax] = {"categoryorder": "array", "categoryarray": list(order)}
    shape = draw(st.sampled_from(["full", "partial", "disjoint", "one each", "px"]))
    data = []
    for i in range(n_traces):
        kind = "histogram" if axis in ("numeric", "date") and draw(st.integers(0, 5)) == 0 \
            else "bar"
        if kind == "histogram":
            n = draw(st.integers(1, 40))
            samples = draw(st.lists(st.sampled_from(pos), min_size=n, max_size=n))
            t = {"type": "histogram", ("y" if horizontal else "x"): samples}
            if draw(st.booleans()):
                t["nbins" + ("y" if horizontal else "x")] = draw(st.integers(1, 12))
            data.append(t)
            continue
        if shape == "full":
            mine = list(pos)
        elif shape == "disjoint":
            mine = pos[i::n_traces]
        elif shape in ("one each", "px"):
            mine = [pos[i % len(pos)]]
        else:
            mine = draw(st.lists(st.sampled_from(pos), min_size=1, max_size=len(pos),
                                 unique=True))
        values = draw(st.lists(st.one_of(st.integers(-50, 100).map(float),
                                         st.floats(-1e3, 1e3, allow_nan=False).map(
                                             lambda v: round(v, 3))),
                               min_size=len(mine), max_size=len(mine)))
        t = {"type": "bar", "name": "t%d" % i}
        if horizontal:
            t.update(y=list(mine), x=values, orientation="h")
        else:
            t.update(x=list(mine), y=values)
        if shape == "px":
            t["name"] = str(mine[0])
            if mode == "group":
                t.update(offsetgroup=str(mine[0]), alignmentgroup="True")
        if draw(st.integers(0, 5)) == 0:
            t["offsetgroup"] = draw(st.sampled_from(["g1", "g2", "g3"]))
            if draw(st.booleans()):
                t["alignmentgroup"] = draw(st.sampled_from(["a1", "a2"]))
        if draw(st.integers(0, 6)) == 0:
            w = draw(st.sampled_from([0.05, 0.2, 0.4, 1.0]))
            if axis == "date":
                w *= MS_PER_DAY
            elif axis == "numeric":
                w *= abs(pos[1] - pos[0]) if len(pos) > 1 else 1
            t["width"] = w if draw(st.booleans()) else [w] * len(mine)
        if axis != "log" and draw(st.integers(0, 8)) == 0:
            off = draw(st.sampled_from([-0.4, 0.0, 0.2]))
            if axis == "date":
                off *= MS_PER_DAY
            t["offset"] = off
        if draw(st.integers(0, 6)) == 0:
            t["base"] = draw(st.sampled_from([-5.0, 10.0]))
        data.append(t)
    return {"data": data, "layout": layout}


@PROFILE
@given(figures())
def test_plotly_bars_stand_where_plotlyjs_places_them(oracle, fig):
    ref = oracle.place(fig)
    assume(ref["traces"])
    ref["norm"] = "barnorm" in fig["layout"]
    try:
        compare(fig, ref)
    except AssertionError:
        print("FIGURE", json.dumps(fig))
        raise


# ----------------------------------------------------- the idioms

def px_figure(f):
    return json.loads(f.to_json())


def test_px_colour_per_category_names_every_bar_by_its_own(oracle):
    px = pytest.importorskip("plotly.express")
    pd = pytest.importorskip("pandas")
    df = pd.DataFrame({"continent": ["Africa", "Americas", "Asia", "Europe", "Oceania"],
                       "pop": [9.3e8, 8.9e8, 3.8e9, 5.8e8, 2.5e7]})
    for kw in ({}, {"barmode": "group"}, {"barmode": "stack"}):
        f = px_figure(px.bar(df, x="continent", y="pop", color="continent", **kw))
        d = compare(f, oracle.place(f))
        assert [e["label"] for e in d["elements"]] == list(df["continent"])
        assert [e["value"] for e in d["elements"]] == list(df["pop"])
        f = px_figure(px.bar(df, y="continent", x="pop", color="continent",
                             orientation="h", **kw))
        d = compare(f, oracle.place(f))
        assert [e["label"] for e in d["elements"]] == list(df["continent"])


def test_go_bar_horizontal_stacks_each_own_category(oracle):
    f = {"data": [{"type": "bar", "x": [21], "y": ["A"], "orientation": "h"},
                  {"type": "bar", "x": [5], "y": ["B"], "orientation": "h"},
                  {"type": "bar", "x": [7, 3], "y": ["C", "A"], "orientation": "h"}],
         "layout": {"barmode": "stack"}}
    d = compare(f, oracle.place(f))
    assert [(e["label"], e["value"]) for e in d["elements"]] == \
        [("A", 21.0), ("B", 5.0), ("C", 7.0), ("A", 3.0)]
    assert d.get("stacked") is True


def test_disjoint_numbers_in_group_mode(oracle):
    f = {"data": [{"type": "bar", "x": [1, 2], "y": [5, 6]},
                  {"type": "bar", "x": [3, 4], "y": [7, 8]}],
         "layout": {"barmode": "group"}}
    d = compare(f, oracle.place(f))
    assert [e["label"] for e in d["elements"]] == ["1", "2", "3", "4"]


def test_histograms_carry_plotlyjs_bins(oracle):
    f = {"data": [{"type": "histogram", "x": [-2.5, -2.2, -1.5, 0.1, 0.2, 0.3, 2.9]},
                  {"type": "histogram", "x": [-2.9, -2.1, 1.0, 1.5]}],
         "layout": {"barmode": "group"}}
    ref = oracle.place(f)
    d = compare(f, ref)
    assert d.get("histogram") is True
    # every bar of one bin has that bin's name and extent
    by_bin = {}
    for e in d["elements"]:
        by_bin.setdefault(tuple(e["bin"]), set()).add(e["label"])
    assert all(len(v) == 1 for v in by_bin.values())
