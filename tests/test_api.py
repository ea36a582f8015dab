"""The public Python API: names, argument checking, the JSON text and the
scene JSON round trip."""
import json
import math

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.figure import Figure

import chartex
import golden


# ------------------------------------------------------------ public names

def test_public_names():
    for name in ("figure_to_dict", "figure_to_json", "figure_to_scene_json",
                 "chart_figure_to_dict", "scene_json_to_dict",
                 "scene_json_to_json", "ChartexError"):
        assert hasattr(chartex, name), name
        assert callable(getattr(chartex, name)), name


def test_chart_figure_to_dict_is_figure_to_dict():
    # The name E2B's kernel formatter calls is the same object.
    assert chartex.chart_figure_to_dict is chartex.figure_to_dict


def test_chartex_error_is_an_exception():
    assert isinstance(chartex.ChartexError, type)
    assert issubclass(chartex.ChartexError, Exception)
    with pytest.raises(chartex.ChartexError):
        raise chartex.ChartexError("x")


# ----------------------------------------------------------- type checking

NOT_FIGURES = [None, 42, "figure", b"figure", [1, 2], {"type": "line"},
               object()]


@pytest.mark.parametrize("func", ["figure_to_dict", "figure_to_json",
                                  "figure_to_scene_json",
                                  "chart_figure_to_dict"])
@pytest.mark.parametrize("value", NOT_FIGURES,
                         ids=lambda v: type(v).__name__)
def test_type_error_for_non_figure(func, value):
    with pytest.raises(TypeError):
        getattr(chartex, func)(value)


@pytest.mark.parametrize("func", ["figure_to_dict", "figure_to_json",
                                  "figure_to_scene_json"])
def test_type_error_for_axes(func):
    fig, ax = plt.subplots()
    ax.plot([1, 2, 3])
    with pytest.raises(TypeError):
        getattr(chartex, func)(ax)


def test_figure_without_pyplot():
    # A Figure made directly (no pyplot, no canvas of a GUI backend).
    fig = Figure()
    ax = fig.add_subplot()
    ax.plot([0, 1, 2], [3, 4, 5], label="a")
    d = chartex.figure_to_dict(fig)
    assert d["type"] == "line"
    assert d["elements"] == [{"label": "a",
                              "points": [[0.0, 3.0], [1.0, 4.0], [2.0, 5.0]]}]


def test_indent_is_keyword_only():
    fig, ax = plt.subplots()
    ax.plot([1, 2])
    with pytest.raises(TypeError):
        chartex.figure_to_json(fig, 2)
    with pytest.raises(TypeError):
        chartex.figure_to_scene_json(fig, 2)


# --------------------------------------------------------------- JSON text

def _sample_figures():
    figs = []
    fig, ax = plt.subplots()
    ax.plot([0, 1, 2], [0.5, float("nan"), 2.5], label="l")
    ax.set_title("Title")
    ax.set_xlabel("Time (s)")
    figs.append(fig)
    fig, ax = plt.subplots()
    ax.bar(["a", "b"], [1, 2])
    figs.append(fig)
    fig, ax = plt.subplots()
    ax.pie([1, 3], labels=["x", "y"])
    figs.append(fig)
    fig, ax = plt.subplots()
    ax.boxplot([[1, 2, 3, 4, 50], [2, 3, 4]])
    figs.append(fig)
    fig, (a, b) = plt.subplots(1, 2)
    a.scatter([1, 2], [3, 4])
    b.plot([1, 2], [3, 4])
    fig.suptitle("Both")
    figs.append(fig)
    figs.append(plt.figure())
    return figs


@pytest.mark.parametrize("index", range(6))
def test_json_text_is_python_json(index):
    fig = _sample_figures()[index]
    d = chartex.figure_to_dict(fig)
    compact = chartex.figure_to_json(fig)
    assert compact == json.dumps(d, separators=(",", ":"), ensure_ascii=False)
    assert chartex.figure_to_json(fig, indent=None) == compact
    pretty = chartex.figure_to_json(fig, indent=2)
    assert pretty == json.dumps(d, indent=2, ensure_ascii=False)
    assert golden.strict_loads(pretty) == d
    golden.assert_same_types(golden.strict_loads(compact), d)
    four = chartex.figure_to_json(fig, indent=4)
    assert four == json.dumps(d, indent=4, ensure_ascii=False)


def test_empty_figure_text():
    fig = plt.figure()
    assert chartex.figure_to_dict(fig) == {}
    assert chartex.figure_to_json(fig) == "{}"
    assert json.loads(chartex.figure_to_json(fig, indent=2)) == {}


def test_numbers_are_repr_floats(chart):
    ys = [0.1, 100.0, 1e16, 1e-07, -0.0, 5e-324, 1.2345e300,
          123456789.125, -2.5, 1 / 3]
    fig, ax = plt.subplots()
    ax.plot(range(len(ys)), ys)
    d = chart(fig)
    got = [p[1] for p in d["elements"][0]["points"]]
    assert got == ys
    # -0.0 keeps its sign in the text, as repr(-0.0) does.
    text = chartex.figure_to_json(fig)
    points = json.dumps(d["elements"][0]["points"], separators=(",", ":"))
    assert points in text
    assert "[4.0,-0.0]" in text
    assert "[2.0,1e+16]" in text
    assert "[3.0,1e-07]" in text
    assert "[5.0,5e-324]" in text
    assert math.copysign(1.0, d["elements"][0]["points"][4][1]) == -1.0


def test_non_finite_values_are_null(chart):
    fig, ax = plt.subplots()
    ax.plot([0, 1, 2, 3], [1.0, np.nan, np.inf, -np.inf])
    d = chart(fig)
    assert d["elements"][0]["points"] == [[0.0, 1.0], [1.0, None],
                                          [2.0, None], [3.0, None]]
    text = chartex.figure_to_json(fig)
    assert "NaN" not in text and "Infinity" not in text


def test_strings_escaped_like_python_json(chart):
    title = 'quote " backslash \\ tab \t newline \n bell \x07 del \x7f'
    label = "Température (°C) — 温度 😀"
    fig, ax = plt.subplots()
    ax.plot([1, 2], [3, 4], label="línea \u2028 sep")
    ax.set_title(title)
    ax.set_ylabel(label)
    d = chart(fig)
    assert d["title"] == title
    assert d["y_label"] == label
    assert d["y_unit"] == "°C"
    assert d["elements"][0]["label"] == "línea \u2028 sep"
    # ensure_ascii=False: non-ASCII text is written as is.
    assert "温度 😀" in chartex.figure_to_json(fig)


def test_dict_holds_only_json_types(chart):
    for fig in _sample_figures():
        golden.assert_json_types(chart(fig))


def test_figure_is_left_unchanged():
    fig, ax = plt.subplots()
    line, = ax.plot([0, 1, 2], [2, 1, 3], label="l")
    ax.set_title("t")
    xlim, ylim = ax.get_xlim(), ax.get_ylim()
    xticks = list(ax.get_xticks())
    first = chartex.figure_to_json(fig)
    assert ax.get_xlim() == xlim and ax.get_ylim() == ylim
    assert list(ax.get_xticks()) == xticks
    assert list(line.get_ydata()) == [2, 1, 3]
    assert line.get_label() == "l"
    # Deterministic: the same figure gives the same text again.
    assert chartex.figure_to_json(fig) == first


def test_works_after_draw():
    fig, ax = plt.subplots()
    ax.plot([0, 1, 2], [2, 1, 3])
    before = chartex.figure_to_dict(fig)
    fig.canvas.draw()
    assert chartex.figure_to_dict(fig) == before


# -------------------------------------------------------------- scene JSON

@pytest.mark.parametrize("index", range(6))
def test_scene_json_round_trip(index):
    fig = _sample_figures()[index]
    scene = chartex.figure_to_scene_json(fig)
    assert isinstance(scene, str)
    json.loads(scene)  # the scene is JSON
    assert chartex.scene_json_to_dict(scene) == chartex.figure_to_dict(fig)
    assert chartex.scene_json_to_json(scene) == chartex.figure_to_json(fig)
    assert (chartex.scene_json_to_json(scene, indent=2)
            == chartex.figure_to_json(fig, indent=2))
    pretty = chartex.figure_to_scene_json(fig, indent=2)
    assert json.loads(pretty) == json.loads(scene)
    assert chartex.scene_json_to_dict(pretty) == chartex.figure_to_dict(fig)


def test_scene_json_round_trip_dates_categories_nan():
    import datetime as dt

    fig, (a, b) = plt.subplots(1, 2)
    a.plot([dt.date(2024, 1, 1), dt.date(2024, 1, 2)], [1.0, np.nan])
    b.plot(["x", "y", "z"], [1, np.inf, 3])
    scene = chartex.figure_to_scene_json(fig)
    assert chartex.scene_json_to_dict(scene) == chartex.figure_to_dict(fig)
    assert chartex.scene_json_to_json(scene) == chartex.figure_to_json(fig)


@pytest.mark.parametrize("text", ["", "not json", "[1, 2", "{\"axes\": 5}",
                                  "42"])
def test_bad_scene_json_raises(text):
    with pytest.raises((chartex.ChartexError, ValueError)):
        chartex.scene_json_to_dict(text)
    with pytest.raises((chartex.ChartexError, ValueError)):
        chartex.scene_json_to_json(text)


@pytest.mark.parametrize("value", [None, 42, ["{}"]])
def test_scene_json_needs_text(value):
    with pytest.raises(TypeError):
        chartex.scene_json_to_dict(value)


@pytest.mark.parametrize("enabled", [True, False])
def test_garbage_collector_state_is_restored(enabled):
    # figure_to_dict pauses the cyclic collector while it builds the lists;
    # the caller's setting must come back either way, also after an error.
    import gc
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots()
    ax.plot([1.0, 2.0, 3.0], [4.0, 5.0, 6.0])
    was = gc.isenabled()
    try:
        (gc.enable if enabled else gc.disable)()
        assert chartex.figure_to_dict(fig)["type"] == "line"
        assert gc.isenabled() is enabled
        with pytest.raises(chartex.ChartexError):
            chartex.scene_json_to_dict("{not json")
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()
        plt.close(fig)


def test_lists_of_atoms_are_left_out_of_the_cyclic_collector():
    # Point pairs and other lists of floats, strings and None are untracked
    # (so the collection after a large chart does not walk them all); every
    # container around them stays tracked, and they are still plain lists.
    import gc
    fig, ax = plt.subplots()
    ax.plot([0.0, 1.0, 2.0], [1.5, float("nan"), 3.0], label="a")
    ax.set_xticks([0.0, 1.0, 2.0])
    try:
        d = chartex.figure_to_dict(fig)
    finally:
        plt.close(fig)
    points = d["elements"][0]["points"]
    assert points == [[0.0, 1.5], [1.0, None], [2.0, 3.0]]
    assert all(type(p) is list for p in points)
    assert not any(gc.is_tracked(p) for p in points)
    assert not gc.is_tracked(d["x_ticks"])
    assert gc.is_tracked(d) and gc.is_tracked(d["elements"])
    assert gc.is_tracked(d["elements"][0]) and gc.is_tracked(points)
    # A tracked object stored in an untracked pair is kept alive by it.
    points[0].append([object()])
    gc.collect()
    assert len(points[0][2]) == 1 and type(points[0][2][0]) is object


def test_nul_and_lone_surrogates_are_replaced_not_cut():
    # The scene holds C strings: a NUL would cut "a\0b" to "a" without a
    # trace.  NUL and lone surrogates (which UTF-8 cannot encode) both come
    # out as U+FFFD, the same in the dict and the JSON.
    fig, ax = plt.subplots()
    try:
        ax.plot([1.0, 2.0], [3.0, 4.0], label="x\0y\ud800z")
        ax.set_title("a\0b")
        ax.set_xlabel("t\0 (s)")
        d = chartex.figure_to_dict(fig)
        assert d["title"] == "a\ufffdb"
        assert d["elements"][0]["label"] == "x\ufffdy\ufffdz"
        assert d["x_label"] == "t\ufffd (s)" and d["x_unit"] == "s"
        assert json.loads(chartex.figure_to_json(fig)) == d
    finally:
        plt.close(fig)


def test_version_matches_configure():
    """chartex.__version__ (CHARTEX_VERSION in include/chartex.h) is the
    version configure.ac's AC_INIT gives the release tarball."""
    import re
    text = (golden.SRCDIR / "configure.ac").read_text()
    (version,) = re.findall(r"AC_INIT\(\[chartex\],\s*\[([^\]]+)\]", text)
    assert chartex.__version__ == version


def header_constants():
    """The integer constants of include/chartex.h by name: each
    `#define NAME <int>` and each enum constant, valued as C values them."""
    import re
    text = (golden.SRCDIR / "include" / "chartex.h").read_text()
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    consts = {m.group(1): int(m.group(2), 0)
              for m in re.finditer(r"^\s*#\s*define\s+(CHARTEX_\w+)\s+\(?(-?(?:0x)?[0-9a-fA-F]+)\)?\s*$",
                                   text, flags=re.M)}
    for body in re.findall(r"\benum\b[^{;]*\{([^}]*)\}", text):
        value = -1
        for item in filter(None, (i.strip() for i in body.split(","))):
            name, _, expr = (p.strip() for p in item.partition("="))
            try:
                value = int(expr, 0) if expr else value + 1
            except (TypeError, ValueError):  # an expression: not read here
                value = None
            consts[name] = value
    return consts


def test_extension_exports_the_header_constants():
    # chartex.ipython reads these from the extension instead of copying
    # them; chartex._matplotlib.compat, which the extension imports, writes the axis
    # kinds out (an import back would be a circle): both checked here.
    from chartex import _chartex
    from chartex._matplotlib import compat as _compat
    import chartex.ipython
    h = header_constants()
    assert _chartex.MIN_MAX_POINTS == h["CHARTEX_MIN_MAX_POINTS"]
    assert chartex.ipython.MIN_MAX_POINTS == h["CHARTEX_MIN_MAX_POINTS"]
    assert ("at least %d" % h["CHARTEX_MIN_MAX_POINTS"]
            in chartex.ipython.ChartFormatter.max_points.help)
    for kind in ("NUMERIC", "DATE", "CATEGORY"):
        value = h["CHARTEX_AXIS_" + kind]
        assert type(value) is int
        assert getattr(_chartex, "AXIS_" + kind) == value
        assert getattr(_compat, kind) == value


def test_reading_the_constants_imports_no_matplotlib():
    # chartex.ipython reads the constants from the extension, whose
    # import imports neither matplotlib nor NumPy.
    import subprocess
    import sys
    code = ("import sys, chartex._chartex as m; m.MIN_MAX_POINTS, m.AXIS_DATE; "
            "print(sorted(n for n in ('matplotlib', 'numpy') if n in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_version_is_one_everywhere():
    # configure.ac's AC_INIT, the header's CHARTEX_VERSION, the library's
    # chartex_version() (the extension's __version__) and the package's.
    import re
    from chartex import _chartex
    text = (golden.SRCDIR / "configure.ac").read_text()
    (version,) = re.findall(r"AC_INIT\(\[chartex\],\s*\[([^\]]+)\]", text)
    header = (golden.SRCDIR / "include" / "chartex.h").read_text()
    (defined,) = re.findall(r'#define CHARTEX_VERSION "([^"]+)"', header)
    assert defined == version
    assert _chartex.__version__ == chartex.__version__ == version


@pytest.mark.parametrize("wide", ["\u00e9", "\u2212", "\U0001f4c8"])
def test_large_json_text_is_decoded_whole(wide):
    # Text of a megabyte or more is decoded into its str in pieces from the
    # end while the text is cut short (module.c, json_str).  Non-ASCII
    # labels of every width at the start, the middle and the end of the
    # text, across piece boundaries, must come out exactly as json.dumps.
    n = 60_000
    fig, ax = plt.subplots()
    try:
        x = np.linspace(0.0, 1.0, n)
        for k in range(4):
            ax.plot(x, x * (k + 1), label=f"{wide * (k + 1)} line {k} {wide}")
        ax.set_title(wide * 3)
        ax.set_xticks([0.0, 0.5, 1.0], [f"{wide}0", f"{wide}½", f"{wide}1"])
        text = chartex.figure_to_json(fig)
        d = chartex.figure_to_dict(fig)
    finally:
        plt.close(fig)
    assert len(text.encode("utf-8")) > 3 * (1 << 20)
    assert text == json.dumps(d, separators=(",", ":"), ensure_ascii=False)
    back = json.loads(text)
    assert [e["label"] for e in back["elements"]] == [
        f"{wide * (k + 1)} line {k} {wide}" for k in range(4)]
    assert back["x_tick_labels"] == [f"{wide}0", f"{wide}½", f"{wide}1"]
    assert [p[1] for p in back["elements"][3]["points"][:3]] == list(x[:3] * 4)
