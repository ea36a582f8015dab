"""Label accounting (issue 30), beside tests/test_accounting.py: every
category label of a bar chart is a label its axis shows, never a float
residue.

For every golden fixture, matplotlib's and Plotly's, the figures of the
property tests' strategy and the random bar layouts of
tests/test_truth_bars.py, each drawn first as a kernel draws it: every
bar element's label must be
  - a text an axis of the figure shows (a tick label matplotlib drew,
    read after drawing; a Plotly category: a text of a trace's data on a
    category axis, a category of categoryarray, a ticktext), or
  - a number that is no float residue (its shortest text has fewer than
    15 significant digits, or no decimal of 12 digits lies within 1e-12
    of it: "5.55111512312578e-17" and "0.0250000000000001" are residues),
  - or an ISO 8601 date.
The sets of texts are read from matplotlib and plotly themselves, not from
chartex.
"""
import datetime as dt
import io
import math
import os
import re
import warnings

import numpy as np
import pytest

import golden

import chartex

NUMBER = re.compile(r"^[-\u2212]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$")


def _norm(text):
    """A tick label as chartex writes text: mathtext's $ and \\mathdefault
    dropped, whitespace collapsed."""
    t = text.replace("\\mathdefault", "").replace("$", "").replace("{", "").replace("}", "")
    return " ".join(t.split())


def is_residue(label):
    """Whether a number's text is a float residue: 15 or more significant
    digits, where a decimal of at most 12 lies within 1e-12 of it."""
    v = float(label.replace("\u2212", "-"))
    digits = label.lstrip("-\u2212").split("e")[0].replace(".", "").strip("0")
    if len(digits) < 15:
        return False
    scale = max(abs(v), 1e-300)
    short = float("%.12g" % v)
    return abs(short - v) <= 1e-12 * max(abs(v), 1.0) or abs(v) < 1e-12 * scale


def is_date(label):
    try:
        dt.datetime.fromisoformat(label)
        return True
    except ValueError:
        return False


def bar_labels(d):
    if not d:
        return []
    if d.get("type") == "superchart":
        return [x for c in d["elements"] for x in bar_labels(c)]
    if d.get("type") != "bar":
        return []
    return [e["label"] for e in d["elements"]]


def unshown(labels, shown):
    bad = []
    for t in labels:
        if t.strip() in ("nan", "inf", "-inf"):
            continue        # a bar at no position says so
        if NUMBER.match(t.strip()):
            if is_residue(t.strip()):
                bad.append("residue " + t)
        elif is_date(t):
            continue
        elif _norm(t) not in shown:
            bad.append(t)
    return bad


# -------------------------------------------------------------- matplotlib

def mpl_shown(fig):
    """Every tick label text the figure's axes draw, read after drawing,
    and the categories of a string axis (matplotlib's own unit mapping:
    the axis names them even where its ticks are hidden)."""
    shown = set()
    for ax in fig.get_axes():
        for t in ax.get_xticklabels() + ax.get_yticklabels():
            if t.get_text():
                shown.add(_norm(t.get_text()))
        for axis in (ax.xaxis, ax.yaxis):
            mapping = getattr(getattr(axis, "units", None), "_mapping", None)
            if isinstance(mapping, dict):
                shown.update(_norm(str(k)) for k in mapping)
    return shown


def _draw(fig):
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        fig.savefig(io.BytesIO(), format="png")


MPL_FIXTURES = golden.fixture_paths()


@pytest.mark.parametrize("path", MPL_FIXTURES, ids=[p.stem for p in MPL_FIXTURES])
def test_fixture_bars_are_named_as_their_axes_show(path):
    fig = golden.build_figure(path)
    _draw(fig)
    d = chartex.figure_to_dict(fig)
    assert unshown(bar_labels(d), mpl_shown(fig)) == []


# ------------------------------------------------------------------ plotly

def plotly_shown(fig):
    """Texts a Plotly figure's axes show: the texts of its traces' data
    and of each axis' categoryarray and ticktext."""
    shown = set()
    d = fig if isinstance(fig, dict) else fig.to_dict()

    def texts(v):
        if isinstance(v, (list, tuple)):
            for x in v:
                texts(x)
        elif isinstance(v, str):
            shown.add(_norm(v))
        elif isinstance(v, (int, float)) and not isinstance(v, bool):
            shown.add(_norm(str(v)))
    for t in d.get("data", []):
        for key in ("x", "y", "labels", "theta"):
            if key in t:
                texts(list(t[key]) if hasattr(t[key], "__len__") else t[key])
    for key, ax in (d.get("layout") or {}).items():
        if isinstance(ax, dict):
            texts(ax.get("categoryarray") or [])
            texts(ax.get("ticktext") or [])
    return shown


def test_plotly_fixture_bars_are_named_as_their_axes_show():
    pytest.importorskip("plotly.graph_objects")
    paths = golden.fixture_paths(golden.DEFAULT_FIXTURES / "plotly")
    seen = 0
    for path in paths:
        try:
            fig = golden.build_figure(path)
        except BaseException as e:  # a fixture this plotly cannot build
            if type(e).__name__ == "Skipped":
                continue
            raise
        d = chartex.figure_to_dict(fig)
        labels = bar_labels(d)
        seen += len(labels)
        assert unshown(labels, plotly_shown(fig)) == [], path.stem
    assert seen > 0


# ---------------------------------------------------------- random figures

from hypothesis import given, settings  # noqa: E402

import test_properties as tp  # noqa: E402
import test_truth_bars as tb  # noqa: E402

EXAMPLES = int(os.environ.get("CHARTEX_ACCOUNTING_EXAMPLES",
                              "30" if golden.UNDER_ASAN else "80"))


@settings(tp.PROFILE, max_examples=EXAMPLES)
@given(tp.figure_spec())
def test_random_figures_name_bars_as_their_axes_show(spec):
    built = tp.Built(spec)
    try:
        _draw(built.fig)
    except Exception:
        return  # a figure matplotlib itself cannot draw
    try:
        d = chartex.figure_to_dict(built.fig)
    except chartex.ChartexError:
        return
    assert unshown(bar_labels(d), mpl_shown(built.fig)) == []


@settings(tb.PROFILE, max_examples=min(EXAMPLES // 2, tb.PROFILE.max_examples))
@given(tb.layouts())
def test_random_bar_layouts_name_bars_as_their_axes_show(L):
    fig, ax, bars, extent = tb.build(L)
    _draw(fig)
    d = chartex.figure_to_dict(fig)
    assert unshown(bar_labels(d), mpl_shown(fig)) == []


def test_the_accounting_sees_a_residue_and_a_foreign_name():
    assert is_residue("5.55111512312578e-17")
    assert is_residue("0.0250000000000001")
    assert not is_residue("0.025") and not is_residue("1.7782794")
    assert not is_residue("100000000000000") and not is_residue("1000000000000000.0")
    assert unshown(["Jan", "5.55111512312578e-17", "Feb"], {"Jan"}) == \
        ["residue 5.55111512312578e-17", "Feb"]
