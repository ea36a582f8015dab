"""Accounting: nothing drawn vanishes from the chart.

For every golden fixture and every figure of the property tests' strategy,
drawn first as a kernel draws it, each data artist matplotlib holds is
looked up in the chart chartex gives: its numbers must be found there.
The artists are enumerated with matplotlib's own API, independently of
how chartex classifies them, so that the next combination of artists
(a line over bars, a KDE over a histogram, a labelled target line) cannot
silently drop a series.

What counts, per Axes (colorbars, 3-D and polar Axes, hidden artists and
empty ones aside):
  - a Line2D in data coordinates: its finite y values on a numeric y
    axis (dates and categories travel as text); a segment of up to five
    points (a box plot's whisker, cap, median or box) in a figure with a
    box plot its y values or else its x values, as a horizontal box plot
    draws its data along x;
  - a reference line (axhline / axvline) on an Axes with data: its value;
  - a bar container: each bar's value (its height, or width when
    horizontal);
  - a scatter (PathCollection with offsets in data coordinates): its
    finite y offsets on a numeric y axis;
  - a pie wedge: its angle in degrees (to a thousandth of a degree:
    chartex rounds an angle above pie()'s float32 noise).
Numbers are compared within a relative 1e-6 (chartex writes float32 data
with 8 significant digits), against every number of the chart except its
ticks and limits, which could hold any value by chance.
"""
import io
import math
import os
import warnings

import numpy as np
import pytest

import golden

import chartex

from matplotlib.figure import Figure  # noqa: F401  (the strategy's figures)

RTOL = 1e-6
# Keys whose numbers say where the axes are, not what is drawn.
SKIP_KEYS = {"x_ticks", "y_ticks", "z_ticks", "x_tick_labels", "y_tick_labels",
             "z_tick_labels", "x_limits", "y_limits", "z_limits", "budget"}


def chart_numbers(d):
    """Every finite number of the chart (and every text that is one),
    except ticks and limits, sorted."""
    out = []

    def walk(v):
        if isinstance(v, dict):
            for k, x in v.items():
                if k not in SKIP_KEYS:
                    walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)
        elif isinstance(v, bool):
            return
        elif isinstance(v, (int, float)):
            if math.isfinite(v):
                out.append(float(v))
        elif isinstance(v, str):
            try:
                f = float(v.replace("\u2212", "-"))
            except ValueError:
                return
            if math.isfinite(f):
                out.append(f)
    walk(d)
    return np.array(sorted(out))


class WedgeAngle(float):
    """An angle found within a thousandth of a degree."""


def missing(values, pool):
    """The values (finite ones) not found in the sorted pool."""
    vals = np.asarray([v for v in values if v is not None], dtype=float)
    vals = vals[np.isfinite(vals)]
    if vals.size == 0:
        return []
    if pool.size == 0:
        return sorted(set(vals.tolist()))
    i = np.clip(np.searchsorted(pool, vals), 1, pool.size - 1) if pool.size > 1 else \
        np.zeros(vals.size, dtype=int)
    near = np.minimum(np.abs(pool[i] - vals), np.abs(pool[np.maximum(i - 1, 0)] - vals))
    tol = RTOL * np.maximum(np.abs(vals), 1e-300) + 1e-12
    return sorted(set(vals[near > tol].tolist()))


def _numeric_axis(axis):
    """Whether an axis shows plain numbers (not dates, not categories)."""
    conv = getattr(axis, "get_converter", None)
    conv = conv() if conv is not None else getattr(axis, "converter", None)
    return conv is None


def _floats(a):
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            arr = np.ma.asarray(a, dtype=float)
        except (TypeError, ValueError):
            return np.zeros(0)
    return np.ma.filled(arr, np.nan).ravel()


def drawn_numbers(ax):
    """{what: values} that the Axes draws, read with matplotlib's API."""
    import matplotlib.collections as mcoll
    import matplotlib.container as mcont
    import matplotlib.patches as mpatches

    out = {}
    data = ax.transData
    x_numeric, y_numeric = _numeric_axis(ax.xaxis), _numeric_axis(ax.yaxis)
    lines, reflines = {}, {}
    # A stem plot's baseline is a decoration (y = 0 across the stems).
    baselines = {id(c.baseline) for c in ax.containers
                 if isinstance(c, mcont.StemContainer)}
    for i, line in enumerate(ax.lines):
        if not line.get_visible() or len(line.get_xdata()) == 0 or id(line) in baselines:
            continue
        # Transforms compare equal by value: an axhline's blended
        # transform "==" transData on a fresh Axes.  Identity tells.
        t = line.get_transform()
        x, y = _floats(line.get_xdata()), _floats(line.get_ydata())
        name = "line %d (%s)" % (i, line.get_label())
        if t is data:
            # y is what a series draws; a short segment (a box plot's
            # whisker, cap or median, a horizontal box's outline) may be
            # drawn along either axis: (y, x) means "y, or else x".
            if len(y) <= 5:
                lines[name] = (list(y) if y_numeric else [], list(x) if x_numeric else [])
            else:
                lines[name] = (list(y) if y_numeric else [], None)
        elif t == ax.get_yaxis_transform() and len(set(y[np.isfinite(y)])) == 1:
            reflines[name + " axhline"] = [y[0]] if y_numeric else []
        elif t == ax.get_xaxis_transform() and len(set(x[np.isfinite(x)])) == 1:
            reflines[name + " axvline"] = [x[0]] if x_numeric else []
    out.update(lines)
    for i, c in enumerate(ax.containers):
        if isinstance(c, mcont.BarContainer):
            bars = [p for p in c.patches if p.get_visible()]
            if not bars:
                continue
            horizontal = getattr(c, "orientation", None) == "horizontal"
            values = getattr(c, "datavalues", None)
            if values is None or len(values) != len(c.patches):
                values = [p.get_width() if horizontal else p.get_height() for p in c.patches]
            out["bars %d (%s)" % (i, c.get_label())] = list(_floats(values))
    for i, coll in enumerate(ax.collections):
        if type(coll) is mcoll.PathCollection and coll.get_visible() \
                and coll.get_offset_transform() == data:
            # Masked offsets (a point with a NaN coordinate) are not drawn.
            off = np.ma.asarray(coll.get_offsets())
            if off.ndim == 2 and off.shape[1] == 2 and len(off) and y_numeric:
                out["scatter %d (%s)" % (i, coll.get_label())] = list(_floats(off[:, 1]))
    for i, p in enumerate(ax.patches):
        if isinstance(p, mpatches.Wedge) and p.get_visible():
            # Compared to the thousandth of a degree: chartex rounds an
            # angle above pie()'s float32 noise at its thetas (up to 360).
            out["wedge %d" % i] = WedgeAngle(p.theta2 - p.theta1)
    if out:
        # Reference lines beside data: an Axes of reference lines alone
        # is no chart ({}), one with data keeps them.
        out.update(reflines)
    return out


def _has_boxes(d):
    if isinstance(d, dict):
        if d.get("type") == "box_and_whisker":
            return True
        return d.get("type") == "superchart" and any(_has_boxes(e) for e in d["elements"])
    return False


def unaccounted(fig, d):
    """What the figure draws that its chart d does not hold."""
    pool = chart_numbers(d)
    boxes = _has_boxes(d)
    lost = []
    colorbars = {id(getattr(getattr(m, "colorbar", None), "ax", None))
                 for ax in fig.get_axes() for m in list(ax.images) + list(ax.collections)}
    for ax in fig.get_axes():
        if not ax.get_visible() or id(ax) in colorbars or ax.name != "rectilinear":
            continue
        for what, values in drawn_numbers(ax).items():
            if isinstance(values, tuple):
                y, x = values
                miss = missing(y, pool)
                if miss and boxes and x is not None and not missing(x, pool):
                    miss = []
            elif isinstance(values, WedgeAngle):
                miss = [] if pool.size and np.min(np.abs(pool - values)) <= 1e-3 else [values]
            else:
                miss = missing(values, pool)
            if miss:
                lost.append("%s: %s" % (what, miss[:6]))
    return lost


# Past this many pixels (or radians of a polar Axes' theta) a patch is not a
# picture matplotlib can draw in reasonable time: Agg rasterizes a filled
# path unclipped (a circle far beyond the canvas took minutes), and a polar
# Axes turns every theta span into arcs of 2**(span / (pi/2)) segments (a
# bar as wide as 1e10 radians never finishes, or runs out of memory).
# No kernel shows such a figure (its PNG never comes), so the accounting
# leaves it out.
_MAX_PIXELS = 1e7
_MAX_THETA_SPAN = 1e3


def _undrawable(fig):
    """Whether some patch of fig is beyond what matplotlib draws in time."""
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        for ax in fig.get_axes():
            for p in ax.patches:
                if ax.name == "rectilinear":
                    # Where it lands on the canvas (cheap: the transform is
                    # affine, or a log).
                    xy = p.get_transform().transform(p.get_path().vertices)
                    far = np.abs(xy) > _MAX_PIXELS
                else:
                    # The data extent alone: the projection is what is slow.
                    xy = p.get_path().transformed(p.get_patch_transform()).vertices
                    x = xy[np.isfinite(xy[:, 0]), 0] if xy.size else xy
                    far = x.size and x.max() - x.min() > _MAX_THETA_SPAN
                if np.any(far):  # NaN compares False: matplotlib draws nothing
                    return True
    return False


def _draw(fig):
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        fig.savefig(io.BytesIO(), format="png")


# ---------------------------------------------------------------- fixtures

FIXTURES = golden.fixture_paths()


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_fixture_draws_nothing_the_chart_drops(path):
    fig = golden.build_figure(path)
    _draw(fig)
    d = chartex.figure_to_dict(fig)
    assert unaccounted(fig, d) == []


# ------------------------------------------------------- property figures

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import given, settings  # noqa: E402

import test_properties as tp  # noqa: E402

EXAMPLES = int(os.environ.get("CHARTEX_ACCOUNTING_EXAMPLES",
                              "60" if golden.UNDER_ASAN else "300"))


@settings(tp.PROFILE, max_examples=EXAMPLES)
@given(tp.figure_spec())
def test_random_figures_draw_nothing_the_chart_drops(spec):
    built = tp.Built(spec)
    hypothesis.assume(not _undrawable(built.fig))
    try:
        _draw(built.fig)
    except Exception:
        return  # a figure matplotlib itself cannot draw
    try:
        d = chartex.figure_to_dict(built.fig)
    except chartex.ChartexError:
        return
    assert unaccounted(built.fig, d) == []


def test_the_accounting_sees_a_dropped_series():
    # The check itself: a chart without the line is caught.
    fig = Figure()
    ax = fig.add_subplot()
    ax.plot([0, 1, 2], [3.5, 7.25, 1.125], label="kept")
    ax.plot([0, 1, 2], [11.5, 12.75, 13.0625], label="dropped")
    d = chartex.figure_to_dict(fig)
    assert unaccounted(fig, d) == []
    d["elements"] = d["elements"][:1]
    assert unaccounted(fig, d) == ["line 1 (dropped): [11.5, 12.75, 13.0625]"]
