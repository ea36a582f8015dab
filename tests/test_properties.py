"""Property tests: random figures made of random artists with random data.

For every figure that matplotlib agrees to build, chartex must either give
a chart that
  - validates against doc/chart.schema.json and reads as E2B's clients read,
  - is the same in figure_to_dict and in figure_to_json (strict JSON: no
    NaN/Infinity; the same Python types; byte for byte the text of
    json.dumps(d, separators=(",", ":"), ensure_ascii=False)),
  - carries the plotted values where that is cheap to check (a single line,
    a single bar container),
or raise ChartexError.  Any other exception fails the test; a crash kills
pytest, which make check reports.

Hypothesis profiles (HYPOTHESIS_PROFILE):
  check  (default) 1,000 figures, derandomized: make check and CI repeat
         the same examples, so a failure reproduces.
  long   20,000 figures from a fresh seed each run (make check-long).
  valgrind  50 derandomized figures, for make valgrind (memcheck runs
         Python some 40 times slower).
  sanitizers  300 derandomized figures: make check in a build configured
         with --enable-sanitizers (run-pytest.sh picks it there).
Figures are made with matplotlib.figure.Figure, not pyplot, so nothing is
left in pyplot's registry; they are small (up to two panels of up to
two artists of up to six points) because building them dominates the
run time.
"""
import datetime as dt
import json
import math
import os
import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import golden

import chartex

from matplotlib.figure import Figure

# ----------------------------------------------------------------- profiles

_HEALTH = [HealthCheck.too_slow, HealthCheck.data_too_large,
           HealthCheck.filter_too_much]
settings.register_profile("check", max_examples=1000, deadline=None,
                          derandomize=True, database=None,
                          suppress_health_check=_HEALTH, print_blob=True)
settings.register_profile("long", max_examples=20000, deadline=None,
                          database=None, suppress_health_check=_HEALTH,
                          print_blob=True)
settings.register_profile("valgrind", max_examples=50, deadline=None,
                          derandomize=True, database=None,
                          suppress_health_check=_HEALTH, print_blob=True)
settings.register_profile("sanitizers", max_examples=300, deadline=None,
                          derandomize=True, database=None,
                          suppress_health_check=_HEALTH, print_blob=True)
PROFILE = settings.get_profile(os.environ.get("HYPOTHESIS_PROFILE", "check"))


def small_profile(n):
    """The profile's settings with n examples (1/20 of them in long)."""
    k = max(n, PROFILE.max_examples // 20)
    return settings(PROFILE, max_examples=k)


def _event(text):
    try:
        event(text)
    except Exception:  # outside a hypothesis test
        pass


def convert(fig):
    """The checked chart of fig, or None when chartex raised ChartexError
    (for both functions: they read the same figure the same way)."""
    try:
        d = chartex.figure_to_dict(fig)
    except chartex.ChartexError:
        d = None
    try:
        text = chartex.figure_to_json(fig)
    except chartex.ChartexError:
        text = None
    assert (d is None) == (text is None), (d, text)
    if d is None:
        _event("ChartexError")
        return None
    assert isinstance(d, dict)
    assert isinstance(text, str)
    parsed = golden.strict_loads(text)
    assert parsed == d
    golden.assert_same_types(parsed, d)
    assert text == json.dumps(d, separators=(",", ":"), ensure_ascii=False)
    golden.check_chart(d)
    _event("type " + (d.get("type") or "{}"))
    return d


# ----------------------------------------------------------------- the data

SPECIAL_FLOATS = [math.nan, math.inf, -math.inf, 0.0, -0.0, 1.0, -1.0, 0.5,
                  1e308, -1e308, 1.7976931348623157e308, 5e-324, -5e-324,
                  2.2250738585072014e-308, 2.0 ** 53 + 1, 1e-300, 1e16, 3.0]
FLOATS = st.one_of(st.sampled_from(SPECIAL_FLOATS), st.floats(),
                   st.floats(-1e3, 1e3))
INTS = st.one_of(st.integers(-5, 5), st.integers(-2 ** 63, 2 ** 63 - 1))

# Any code point, lone surrogates and NUL included, weighted towards the
# awkward ones.
AWKWARD = ["\x00", "\ud800", "\udfff", "\ud83d", "\u2028", "\x1b", "\x7f",
           "\n", "\t", "\"", "\\", "$", "_", "\ufffd", "\U0001f600",
           "\u0301", "\ufeff", "%", "{", "}", "/"]
CHARS = st.one_of(st.sampled_from(AWKWARD),
                  st.integers(0, 0x10FFFF).map(chr),
                  st.characters(min_codepoint=32, max_codepoint=126))
TEXT = st.one_of(st.just(""), st.lists(CHARS, max_size=8).map("".join),
                 st.sampled_from(["_nolegend_", "_child0", "Price ($)",
                                  "t [s]", "x" * 300]))
LABEL = st.one_of(TEXT, st.none(), st.integers(-3, 3), st.floats(), st.just(b"bytes"))


def _tz():
    zones = [dt.timezone.utc, dt.timezone(dt.timedelta(hours=5, minutes=30)),
             dt.timezone(dt.timedelta(hours=-11))]
    try:
        import zoneinfo
        zones.append(zoneinfo.ZoneInfo("Europe/Paris"))
    except Exception:  # pragma: no cover - no tz database
        pass
    return st.sampled_from(zones)


DATETIMES = st.datetimes(min_value=dt.datetime(1, 1, 2),
                         max_value=dt.datetime(9999, 12, 30))


@st.composite
def numbers(draw, n):
    """n numbers in one of many containers and dtypes."""
    form = draw(st.sampled_from(["float64", "float32", "float16", "int64", "int8",
                                 "uint64", "bool", "object", "masked", "list",
                                 "tuple", "float64"]))
    if form in ("int64", "int8", "uint64"):
        info = np.iinfo(form)
        vals = draw(st.lists(st.integers(int(info.min), int(info.max)),
                             min_size=n, max_size=n))
        return np.array(vals, dtype=form)
    if form == "bool":
        return np.array(draw(st.lists(st.booleans(), min_size=n, max_size=n)),
                        dtype=bool)
    if form == "object":
        vals = draw(st.lists(st.one_of(FLOATS, INTS, st.booleans()),
                             min_size=n, max_size=n))
        arr = np.empty(n, dtype=object)
        arr[:] = vals
        return arr
    vals = draw(st.lists(FLOATS, min_size=n, max_size=n))
    if form == "masked":
        mask = draw(st.lists(st.booleans(), min_size=n, max_size=n))
        return np.ma.array(vals, mask=mask, dtype=float)
    if form == "list":
        return vals
    if form == "tuple":
        return tuple(vals)
    with np.errstate(over="ignore"):
        return np.array(vals, dtype=form)


@st.composite
def dates(draw, n):
    form = draw(st.sampled_from(["datetime64", "naive", "aware", "date"]))
    if form == "datetime64":
        unit = draw(st.sampled_from(["D", "s", "ms", "us", "ns"]))
        lo = dt.datetime(1, 1, 2) if unit != "ns" else dt.datetime(1678, 1, 1)
        hi = dt.datetime(9999, 12, 30) if unit != "ns" else dt.datetime(2261, 12, 31)
        vals = draw(st.lists(st.one_of(st.datetimes(lo, hi), st.none()),
                             min_size=n, max_size=n))
        return np.array([np.datetime64(v, unit) if v is not None else np.datetime64("NaT", unit)
                         for v in vals], dtype="datetime64[%s]" % unit)
    if form == "naive":
        return draw(st.lists(DATETIMES, min_size=n, max_size=n))
    if form == "aware":
        return draw(st.lists(st.datetimes(dt.datetime(2, 1, 2), dt.datetime(9998, 12, 30),
                                          timezones=_tz()),
                             min_size=n, max_size=n))
    return draw(st.lists(st.dates(dt.date(1, 1, 2), dt.date(9999, 12, 30)),
                         min_size=n, max_size=n))


def categories(n):
    return st.lists(TEXT, min_size=n, max_size=n)


def xvalues(n):
    return st.one_of(numbers(n), numbers(n), dates(n), categories(n))


LENGTH = st.integers(0, 6)


def finite_values(min_size=0):
    return st.lists(st.one_of(st.floats(0, 100), st.sampled_from([0.0, 1e-300, 1e300])),
                    min_size=min_size, max_size=5)


# --------------------------------------------------------------- the artists

@st.composite
def artist(draw):
    """(name, arguments): one plotting call with its data."""
    name = draw(st.sampled_from([
        "plot", "plot_y", "scatter", "bar", "barh", "pie", "boxplot", "violin",
        "text", "patch", "imshow", "fill_between", "errorbar", "stem", "step",
        "hist", "axhline", "axvspan", "hlines", "stackplot"]))
    n = draw(LENGTH)
    label = draw(LABEL)
    if name in ("plot", "scatter", "step", "stem", "fill_between", "errorbar"):
        args = {"x": draw(xvalues(n)), "y": draw(numbers(n)), "label": label}
        if name == "plot":
            args["fmt"] = draw(st.sampled_from(["-", "o", "", "--", "None"]))
        if name == "fill_between":
            args["y2"] = draw(st.one_of(st.just(0), numbers(n)))
        if name == "errorbar":
            args["yerr"] = draw(st.one_of(st.none(), st.floats(0, 10), st.just(math.nan)))
        return name, args
    if name == "plot_y":
        return name, {"y": draw(numbers(n)), "label": label}
    if name in ("bar", "barh"):
        return name, {"x": draw(xvalues(n)), "h": draw(numbers(n)), "label": label,
                      "bottom": draw(st.one_of(st.none(), st.floats(-5, 5)))}
    if name == "pie":
        return name, {"v": draw(st.one_of(finite_values(1), numbers(n))),
                      "labels": draw(st.one_of(st.none(), st.lists(LABEL, min_size=6, max_size=6)))}
    if name in ("boxplot", "violin"):
        k = draw(st.integers(1, 3))
        data = [draw(st.one_of(finite_values(1), numbers(n))) for _ in range(k)]
        return name, {"data": data, "vert": draw(st.booleans()),
                      "opts": draw(st.booleans())}
    if name == "text":
        return name, {"x": draw(FLOATS), "y": draw(FLOATS), "s": draw(TEXT)}
    if name == "patch":
        return name, {"kind": draw(st.sampled_from(["rect", "circle", "polygon"])),
                      "xy": draw(numbers(n)), "w": draw(FLOATS)}
    if name == "imshow":
        rows, cols = draw(st.integers(0, 3)), draw(st.integers(0, 3))
        vals = draw(st.lists(FLOATS, min_size=rows * cols, max_size=rows * cols))
        arr = np.array(vals, dtype=float).reshape(rows, cols)
        if draw(st.booleans()):
            arr = np.ma.masked_invalid(arr)
        return name, {"a": arr, "colorbar": draw(st.booleans()),
                      "rgb": draw(st.booleans())}
    if name == "hist":
        return name, {"data": draw(numbers(n)),
                      "bins": draw(st.integers(1, 4)),
                      "histtype": draw(st.sampled_from(["bar", "step", "stepfilled"])),
                      "label": label}
    if name == "axhline":
        return name, {"y": draw(FLOATS)}
    if name == "axvspan":
        return name, {"a": draw(FLOATS), "b": draw(FLOATS)}
    if name == "hlines":
        return name, {"y": draw(numbers(n)), "a": draw(FLOATS), "b": draw(FLOATS)}
    # stackplot
    return name, {"x": draw(numbers(n)), "ys": [draw(numbers(n)) for _ in range(2)]}


def _patch(args):
    from matplotlib import patches

    xy = np.ma.filled(np.ma.asarray(args["xy"], dtype=float), np.nan)
    x = float(xy[0]) if len(xy) > 0 else 0.0
    y = float(xy[1]) if len(xy) > 1 else 0.0
    if args["kind"] == "rect":
        return patches.Rectangle((x, y), args["w"], 1.0)
    if args["kind"] == "circle":
        return patches.Circle((x, y), args["w"])
    pts = xy[: len(xy) // 2 * 2].reshape(-1, 2)
    return patches.Polygon(pts if len(pts) else np.zeros((0, 2)))


def draw_artist(fig, ax, name, a):
    """Makes one plotting call; matplotlib may refuse the data (raises)."""
    if name == "plot":
        ax.plot(a["x"], a["y"], a["fmt"], label=a["label"])
    elif name == "plot_y":
        ax.plot(a["y"], label=a["label"])
    elif name == "scatter":
        ax.scatter(a["x"], a["y"], label=a["label"])
    elif name == "step":
        ax.step(a["x"], a["y"], label=a["label"])
    elif name == "stem":
        ax.stem(a["x"], a["y"], label=a["label"])
    elif name == "fill_between":
        ax.fill_between(a["x"], a["y"], a["y2"], label=a["label"])
    elif name == "errorbar":
        ax.errorbar(a["x"], a["y"], yerr=a["yerr"], label=a["label"])
    elif name == "bar":
        ax.bar(a["x"], a["h"], bottom=a["bottom"], label=a["label"])
    elif name == "barh":
        ax.barh(a["x"], a["h"], left=a["bottom"], label=a["label"])
    elif name == "pie":
        labels = a["labels"]
        if labels is not None:
            labels = labels[:len(a["v"])]
        ax.pie(a["v"], labels=labels)
    elif name == "boxplot":
        ax.boxplot(a["data"], vert=a["vert"], patch_artist=a["opts"],
                   showmeans=a["opts"])
    elif name == "violin":
        ax.violinplot(a["data"], vert=a["vert"], showmedians=a["opts"])
    elif name == "text":
        ax.text(a["x"], a["y"], a["s"])
    elif name == "patch":
        ax.add_patch(_patch(a))
    elif name == "imshow":
        arr = a["a"]
        if a["rgb"] and arr.size:
            arr = np.clip(np.nan_to_num(np.ma.filled(arr, 0.0)), 0, 1)
            arr = np.stack([arr, arr, arr], axis=-1)
        im = ax.imshow(arr)
        if a["colorbar"]:
            fig.colorbar(im, ax=ax)
    elif name == "hist":
        ax.hist(a["data"], bins=a["bins"], histtype=a["histtype"], label=a["label"])
    elif name == "axhline":
        ax.axhline(a["y"])
    elif name == "axvspan":
        ax.axvspan(a["a"], a["b"])
    elif name == "hlines":
        ax.hlines(a["y"], a["a"], a["b"])
    elif name == "stackplot":
        ax.stackplot(a["x"], *a["ys"])


# ---------------------------------------------------------------- the figure

@st.composite
def axes_spec(draw):
    return {
        "polar": draw(st.sampled_from([False, False, False, True])),
        "xscale": draw(st.sampled_from([None, None, "log", "symlog", "logit"])),
        "yscale": draw(st.sampled_from([None, None, "log", "symlog"])),
        "title": draw(st.one_of(st.none(), LABEL)),
        "xlabel": draw(st.one_of(st.none(), LABEL)),
        "ylabel": draw(st.one_of(st.none(), LABEL)),
        "artists": draw(st.lists(artist(), max_size=2)),
        "twin": draw(st.one_of(st.none(), st.none(), st.lists(artist(), min_size=1, max_size=1))),
        "noticks": draw(st.booleans()),
    }


@st.composite
def figure_spec(draw):
    panels = draw(st.lists(st.one_of(
        axes_spec().map(lambda s: ("axes", s)),
        st.lists(axes_spec(), min_size=1, max_size=2).map(lambda s: ("subfigure", s))),
        max_size=2))
    return {"suptitle": draw(st.one_of(st.none(), LABEL)), "panels": panels}


class Built:
    """A figure made from a spec, with what was actually plotted."""

    def __init__(self, spec):
        self.fig = Figure(figsize=(4, 3))
        self.plotted = []     # (axes, name, args) of the calls that succeeded
        self.failed = 0
        self.axes = []
        spec_title = spec["suptitle"]
        if spec_title is not None:
            self.fig.suptitle(spec_title)
        panels = spec["panels"]
        if not panels:
            return
        gs = self.fig.add_gridspec(1, len(panels))
        for i, (kind, s) in enumerate(panels):
            if kind == "axes":
                self._axes(self.fig, gs[0, i], s)
            else:
                sub = self.fig.add_subfigure(gs[0, i])
                sub.suptitle("sub %d" % i)
                sgs = sub.add_gridspec(len(s), 1)
                for j, ss in enumerate(s):
                    self._axes(sub, sgs[j, 0], ss)

    def _call(self, what, *args, **kwargs):
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                with np.errstate(all="ignore"):
                    what(*args, **kwargs)
            return True
        except Exception:
            self.failed += 1
            return False

    def _axes(self, parent, where, s):
        ax = parent.add_subplot(where, projection="polar" if s["polar"] else None)
        self.axes.append(ax)
        for setter, value in ((ax.set_title, s["title"]), (ax.set_xlabel, s["xlabel"]),
                              (ax.set_ylabel, s["ylabel"])):
            if value is not None:
                self._call(setter, value)
        for name, args in s["artists"]:
            if self._call(draw_artist, self.fig, ax, name, args):
                self.plotted.append((ax, name, args))
        if s["xscale"] and not s["polar"]:
            self._call(ax.set_xscale, s["xscale"])
        if s["yscale"] and not s["polar"]:
            self._call(ax.set_yscale, s["yscale"])
        if s["noticks"]:
            self._call(ax.set_xticks, [])
        if s["twin"] and not s["polar"]:
            tw = ax.twinx()
            self.axes.append(tw)
            for name, args in s["twin"]:
                if self._call(draw_artist, self.fig, tw, name, args):
                    self.plotted.append((tw, name, args))


# --------------------------------------------------------- value properties

def expected_numbers(values):
    """What chartex writes for the numbers a numeric artist was given:
    floats, None for NaN, infinities and masked values."""
    arr = np.ma.asarray(values)
    with np.errstate(all="ignore"):
        data = np.ma.filled(arr.astype(float), np.nan)
    return [float(v) if math.isfinite(v) else None for v in data.tolist()]


def bar_heights(heights, bottom):
    """The values of bars of these heights: matplotlib converts a height
    relative to its bottom, as (bottom + height) - bottom, in doubles."""
    if bottom is None:
        return expected_numbers(heights)
    h = np.ma.filled(np.ma.asarray(heights).astype(float), np.nan)
    with np.errstate(all="ignore"):
        return expected_numbers((bottom + h) - bottom)


def is_numeric(values):
    if isinstance(values, (list, tuple)):
        return all(isinstance(v, float) for v in values)
    arr = np.asarray(values)
    return arr.dtype.kind in "fiub"


def check_values(built, d):
    """The plotted numbers of a figure with a single data call on one
    linear Axes come out unchanged."""
    if len(built.plotted) != 1 or built.failed or len(built.axes) != 1 or not d:
        return
    ax, name, a = built.plotted[0]
    if ax.name != "rectilinear":
        return
    if name == "plot" and is_numeric(a["x"]) and is_numeric(a["y"]) and a["fmt"] != "None":
        if len(a["y"]) == 0:
            return
        assert d["type"] == "line", d
        (element,) = d["elements"]
        want = [list(p) for p in zip(expected_numbers(a["x"]), expected_numbers(a["y"]))]
        assert element["points"] == want
        event("checked line values")
    elif name == "bar" and is_numeric(a["h"]) and len(a["h"]) > 0:
        assert d["type"] == "bar", d
        assert [e["value"] for e in d["elements"]] == bar_heights(a["h"], a["bottom"])
        event("checked bar values")


# ------------------------------------------------------------------- tests

@settings(PROFILE)
@given(figure_spec())
def test_random_figures(spec):
    built = Built(spec)
    event("%d calls refused by matplotlib" % min(built.failed, 2))
    d = convert(built.fig)
    if d is not None:
        check_values(built, d)


@small_profile(150)
@given(xvalues(4), numbers(4), LABEL, TEXT)
def test_single_line_keeps_its_values(x, y, label, title):
    fig = Figure()
    ax = fig.add_subplot()
    ax.set_title(title)
    try:
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            ax.plot(x, y, label=label)
    except Exception:
        event("refused by matplotlib")
        return
    d = convert(fig)
    if d is None:
        return
    assert d["type"] == "line"
    (element,) = d["elements"]
    assert len(element["points"]) == 4
    assert [p[1] for p in element["points"]] == expected_numbers(y)
    if is_numeric(x):
        assert [p[0] for p in element["points"]] == expected_numbers(x)
    elif isinstance(x, list) and x and isinstance(x[0], str):
        # Categories: each point is named by its category, as matplotlib
        # stored it (through a NumPy str array, which drops trailing NULs).
        assert [p[0] for p in element["points"]] == [
            _replaced(s) for s in np.asarray(x).tolist()]
    elif d["x_scale"] == "datetime":
        assert all(isinstance(p[0], str) or p[0] is None for p in element["points"])
    else:
        # Dates that matplotlib did not take as dates (all-NaT datetime64
        # on matplotlib 3.6 has no converter: int64 numbers).
        xs = ax.lines[0].get_xydata()[:, 0]
        assert [p[0] for p in element["points"]] == expected_numbers(xs)
    want_title = _replaced(title) or None
    assert d["title"] == want_title


def _replaced(s):
    """s as chartex writes it: lone surrogates and NUL become U+FFFD."""
    return "".join("\ufffd" if ("\ud800" <= c <= "\udfff" or c == "\x00") else c
                   for c in s)


@small_profile(150)
@given(st.lists(st.one_of(st.floats(-1e6, 1e6), st.sampled_from(SPECIAL_FLOATS)),
                min_size=1, max_size=6), LABEL)
def test_bar_values_equal_heights(heights, label):
    fig = Figure()
    ax = fig.add_subplot()
    try:
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            ax.bar(range(len(heights)), heights, label=label)
    except Exception:
        event("refused by matplotlib")
        return
    d = convert(fig)
    if d is None:
        return
    assert d["type"] == "bar"
    assert [e["value"] for e in d["elements"]] == expected_numbers(heights)
    assert [e["label"] for e in d["elements"]] == [str(i) for i in range(len(heights))]


@pytest.mark.parametrize("label", ["\ud800", "a\x00b", "\udfff\ud83d", "\x00"])
def test_lone_surrogates_and_nul_become_replacement_characters(label):
    fig = Figure()
    ax = fig.add_subplot()
    ax.plot([0, 1], [1, 2], label=label)
    ax.set_title(label)
    d = convert(fig)
    assert d["title"] == _replaced(label)
    assert d["elements"][0]["label"] == _replaced(label)


def test_date_ticks_outside_the_calendar_are_left_out():
    """Found by test_random_figures: a symlog date axis has ticks at -1e6
    days (year -768), which were written as null, breaking the schema
    (ticks are numbers or strings).  They are left out with their labels."""
    fig = Figure()
    ax = fig.add_subplot()
    ax.plot(np.array([0, 0, 0, 0]))
    ax.plot([dt.date(2000, 1, 1), dt.date(843, 1, 1)], [math.nan, 0.0])
    ax.set_xscale("symlog")
    locs = ax.xaxis.get_majorticklocs()
    assert -1e6 in locs  # the setting still produces the tick
    d = convert(fig)
    assert None not in d["x_ticks"]
    assert len(d["x_ticks"]) == len(d["x_tick_labels"]) == len(locs) - 1
    assert d["x_ticks"][-1] == "1970-01-02T00:00:00"
