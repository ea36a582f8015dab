"""Hostile figures: methods that raise, return the wrong type or size, or
change the figure while chartex reads it.

chartex must give a clean ChartexError or a correct chart: never a crash,
a hang, a SystemError or another exception type.  A crash would kill
pytest, so every case runs in a child interpreter (the one running the
tests) that runs the cases one after the other and reports each; when the
child dies (a signal, an abort) or goes silent, the case it was running is
recorded as crashed or hung and a new child goes on with the next case.

Each case is a function case_NAME() below; it builds its figure with
matplotlib.figure.Figure and checks the result with expect_error,
expect_chart or either.
"""
import json
import os
import subprocess
import sys
import time
import traceback

import pytest

import golden

HERE = os.path.dirname(os.path.abspath(__file__))
CASE_TIMEOUT = 60      # seconds without news from the child: a hang

# --------------------------------------------------------------- checking


def _all_outputs(fig, same=True, huge=False):
    """The outcome of the three figure functions: ("error", message) when
    all raise ChartexError, ("chart", dict) when all succeed.  A figure
    that changes as it is read (same=False) may give each function another
    outcome: each is then checked alone."""
    import chartex
    import golden
    results = []
    for f in (chartex.figure_to_dict, chartex.figure_to_json,
              chartex.figure_to_scene_json):
        try:
            results.append(("chart", f(fig)))
        except chartex.ChartexError as e:
            results.append(("error", str(e)))
        except TypeError as e:
            results.append(("typeerror", str(e)))
        except MemoryError as e:
            # Passes through the readers' one error bridge as it is; only
            # a value that claims a huge size may cause it (either()).
            results.append(("memoryerror", str(e)))
    if results[0][0] == "chart":
        assert isinstance(results[0][1], dict)
        if results[0][1]:
            golden.check_chart(results[0][1])
    if results[1][0] == "chart":
        parsed = golden.strict_loads(results[1][1])
        if parsed:
            golden.check_chart(parsed)
    if results[2][0] == "chart":
        golden.strict_loads(results[2][1])
    # As the kernel formatter reads it: strict, valid and under 2 MB.
    if results[0][0] == "chart" and results[0][1]:
        try:
            bounded = chartex.figure_to_json(fig, points_per_pixel=4.0, max_total_points=30000,
                                             max_string=10000)
        except (chartex.ChartexError, MemoryError):
            assert not same or huge
        else:
            assert len(bounded.encode()) < 2_000_000
            parsed = golden.strict_loads(bounded)
            if parsed:
                golden.check_chart(parsed)
    kinds = {k for k, _ in results}
    if not same:
        assert kinds <= {"chart", "error"} | ({"memoryerror"} if huge else set()), results
        return results[0]
    assert len(kinds) == 1, "the functions disagree: %r" % (results,)
    kind = kinds.pop()
    if kind == "chart":
        d, text = results[0][1], results[1][1]
        assert golden.strict_loads(text) == d
        assert text == json.dumps(d, separators=(",", ":"), ensure_ascii=False)
    return kind, results[0][1]


def expect_error(fig):
    kind, value = _all_outputs(fig)
    assert kind == "error", "expected ChartexError, got %r" % (value,)
    return value


def expect_chart(fig):
    kind, value = _all_outputs(fig)
    assert kind == "chart", "expected a chart, got %s: %s" % (kind, value)
    return value


def either(fig, same=True, huge=False):
    """A chart or ChartexError; with huge (a value claims a size no
    machine has), MemoryError too."""
    kind, value = _all_outputs(fig, same, huge)
    assert kind in ("chart", "error") or (huge and kind == "memoryerror"), (kind, value)
    return value if kind == "chart" else None


def line_figure(n=3):
    from matplotlib.figure import Figure
    fig = Figure()
    ax = fig.add_subplot()
    (line,) = ax.plot(range(n), [float(i * i) for i in range(n)], label="data")
    return fig, ax, line


def subclass(obj, **attrs):
    """Gives obj a class of its own that overrides attrs (properties and
    methods), keeping its name."""
    cls = type(obj)
    obj.__class__ = type(cls.__name__, (cls,), attrs)
    return obj


# ------------------------------------------------------------------ cases
# Regression cases for bugs found here carry the bug in their docstring.

def case_format_ticks_returns_a_tuple():
    """Bug: a formatter returning a tuple was indexed as a list (abort)."""
    from matplotlib.ticker import ScalarFormatter

    class F(ScalarFormatter):
        def format_ticks(self, values):
            return tuple(super().format_ticks(values))
    fig, ax, _ = line_figure()
    ax.set_xlim(0, 2)
    ax.set_xticks([0, 1, 2])
    ax.xaxis.set_major_formatter(F())
    d = expect_chart(fig)
    assert d["x_ticks"] == [0.0, 1.0, 2.0]
    assert len(d["x_tick_labels"]) == 3


def case_bar_list_emptied_while_read():
    """Bug: the bars list was read in place; a bar whose get_x() empties
    it made the walker read past its end (segfault)."""
    from matplotlib.figure import Figure
    fig = Figure()
    ax = fig.add_subplot()
    bc = ax.bar(range(50), range(1, 51))
    bc.patches = list(bc.patches)
    first = bc.patches[0]
    orig = first.get_x

    def get_x():
        bc.patches.clear()
        return orig()
    first.get_x = get_x
    d = either(fig, same=False)
    if d:
        assert [e["value"] for e in d["elements"]] == [float(v) for v in range(1, 51)]


def case_bar_values_resized_while_read():
    """Bug: datavalues shared the container's array; a get_x() resizing it
    in place left the walker reading freed memory."""
    import numpy as np
    from matplotlib.figure import Figure
    fig = Figure()
    ax = fig.add_subplot()
    bc = ax.bar(range(300), np.arange(1.0, 301.0))
    bc.datavalues = np.arange(1.0, 301.0)
    first = bc.patches[0]
    orig = first.get_x

    def get_x():
        bc.datavalues.resize(0, refcheck=False)
        return orig()
    first.get_x = get_x
    d = either(fig, same=False)
    if d:
        assert [e["value"] for e in d["elements"]] == [float(v) for v in range(1, 301)]


def case_tick_locations_resized_by_the_formatter():
    """Bug: the tick locations were read after format_ticks(), which may
    resize the array it is given (use after free)."""
    import numpy as np
    from matplotlib.ticker import FixedLocator, ScalarFormatter

    class L(FixedLocator):
        def __call__(self):
            return np.arange(0.0, 2.0, 0.001)

    class F(ScalarFormatter):
        def format_ticks(self, values):
            values.resize(0, refcheck=False)
            return []
    fig, ax, _ = line_figure()
    ax.set_xlim(0, 2)
    ax.xaxis.set_major_locator(L([0]))
    ax.xaxis.set_major_formatter(F())
    d = expect_chart(fig)
    assert d["x_ticks"] == np.arange(0.0, 2.0, 0.001).tolist()


def case_image_resized_by_get_extent():
    """Bug: the image values were read before get_extent(), which may
    resize the array in place (use after free)."""
    import numpy as np
    from matplotlib.figure import Figure
    fig = Figure()
    ax = fig.add_subplot()
    data = np.arange(10000.0).reshape(100, 100)
    im = ax.imshow(data)
    arr = im.get_array()
    orig = im.get_extent

    def get_extent():
        e = orig()
        arr.resize((0, 0), refcheck=False)
        return e
    im.get_extent = get_extent
    either(fig, same=False)


def case_subfigure_dropped_while_read():
    """Bug: fig.subfigs was read in place; a subfigure whose get_axes()
    removes it from its parent freed it under the walker."""
    from matplotlib.figure import Figure, SubFigure

    class S(SubFigure):
        def get_axes(self):
            self._parent.subfigs.clear()
            return []
    fig = Figure()
    fig.add_subplot().plot([0, 1], [1, 2])
    fig.subfigs.append(S(fig, fig.add_gridspec(1, 1)[0, 0]))
    d = expect_chart(fig)
    assert d["elements"][0]["points"] == [[0.0, 1.0], [1.0, 2.0]]


def case_errorbar_lines_list_emptied_while_read():
    """Bug: an errorbar's parts were read from its list in place."""
    from matplotlib.figure import Figure
    fig = Figure()
    ax = fig.add_subplot()
    ec = ax.errorbar([0, 1, 2], [1, 2, 3], yerr=0.5)
    lines = list(ec.lines)
    ec.lines = lines
    data = lines[0]
    orig = data.get_xydata

    def get_xydata():
        lines.clear()
        return orig()
    data.get_xydata = get_xydata
    either(fig, same=False)


def case_poly_paths_list_emptied_while_read():
    """Bug: a PolyCollection's paths were indexed up to their first count
    while reading each path's vertices can change the list."""
    from matplotlib.figure import Figure
    from matplotlib.path import Path
    fig = Figure()
    ax = fig.add_subplot()
    coll = ax.fill_between([0, 1, 2], [1, 2, 3])
    paths = [Path([[0, 0], [1, 1], [2, 0]]) for _ in range(20)]

    class P(Path):
        @property
        def vertices(self):
            paths.clear()
            return super().vertices
    p0 = paths[0]
    p0.__class__ = P
    coll.get_paths = lambda: paths
    either(fig, same=False)


def case_huge_circle_does_not_hang():
    """Bug: a Circle of radius 1e16 made Path.to_polygons subdivide its
    curves without end in data coordinates (a hang, then out of memory)."""
    from matplotlib import patches
    from matplotlib.figure import Figure
    fig = Figure()
    ax = fig.add_subplot()
    ax.plot([0, 1], [0, 1])
    ax.add_patch(patches.Circle((-4e16, 0.0), 1e16))
    ax.add_patch(patches.Ellipse((0, 0), 1e300, 1e12))
    t = time.time()
    expect_chart(fig)
    assert time.time() - t < 20


def case_rectangles_keep_exact_vertices_when_scaled():
    """The fix above flattens big patches in a space scaled by a power of
    two: straight outlines keep their vertices exactly."""
    from matplotlib import patches
    from matplotlib.figure import Figure
    fig = Figure()
    ax = fig.add_subplot()
    verts = [[0.1, 3e20], [7e19, 1.3e21], [1e21, 0.3]]
    ax.add_patch(patches.Polygon(verts))
    ax.set_xlim(0, 2e21)
    ax.set_ylim(0, 2e21)
    d = expect_chart(fig)
    assert d["elements"][0]["points"] == verts


# Generic attacks: each read of the walker, made to fail in each way.

def _bad_values():
    import numpy as np

    class Len:
        def __len__(self):
            return 2 ** 62

        def __getitem__(self, i):
            if i < 3:
                return 1.0
            raise IndexError(i)

    class BadFloat:
        def __float__(self):
            raise ValueError("no float")

    rec = []
    rec.append(rec)

    def gen():
        yield [0.0, 1.0]
        yield [1.0, 2.0]

    return {
        "raises": RuntimeError("hostile"),
        "none": None,
        "str": "abc",
        "dict": {"a": 1},
        "float": 1.5,
        "generator": gen,
        "huge_len": Len,
        "zero_d": np.float64(3.0),
        "three_d": np.zeros((2, 2, 2)),
        "wrong_rows": [[1.0, 2.0, 3.0]],
        "objects": np.array([object(), object()], dtype=object),
        "bad_float": np.array([[BadFloat(), BadFloat()]], dtype=object),
        "strings": np.array([["a", "b"]]),
        "recursive": rec,
        "huge_str": "x" * 5_000_000,
    }


def _returner(value):
    import types
    if isinstance(value, BaseException):
        def f(*a, **k):
            raise value
    elif isinstance(value, types.FunctionType):
        def f(*a, **k):
            return value()
    elif isinstance(value, type):
        def f(*a, **k):
            return value()
    else:
        def f(*a, **k):
            return value
    return f


LINE_METHODS = ["get_xydata", "get_label", "get_visible", "get_transform",
                "get_linestyle", "get_marker", "get_drawstyle"]
AXES_METHODS = ["get_children", "get_title", "get_xlabel", "get_yscale",
                "get_visible"]
FIG_METHODS = ["get_axes", "get_suptitle"]
AXIS_METHODS = ["get_view_interval", "get_majorticklocs", "get_major_formatter",
                "get_converter", "get_units"]


def generic_case(target, method, value_name):
    from matplotlib.figure import Figure
    fig = Figure()
    ax = fig.add_subplot()
    ax.plot([0, 1, 2], [1, 2, 3], label="a")
    ax.scatter([0, 1], [1, 2])
    ax.bar([0, 1], [1, 2])
    obj = {"line": ax.lines[0], "axes": ax, "figure": fig,
           "xaxis": ax.xaxis, "scatter": ax.collections[0],
           "bar": ax.patches[0]}[target]
    setattr(obj, method, _returner(_bad_values()[value_name]))
    either(fig, same=False, huge=value_name == "huge_len")


def _generic_names():
    names = ["raises", "none", "str", "dict", "float", "generator", "huge_len",
             "zero_d", "three_d", "wrong_rows", "objects", "bad_float", "strings",
             "recursive", "huge_str"]
    out = []
    for target, methods in (("line", LINE_METHODS), ("axes", AXES_METHODS),
                            ("figure", FIG_METHODS), ("xaxis", AXIS_METHODS),
                            ("scatter", ["get_offsets", "get_offset_transform"]),
                            ("bar", ["get_x", "get_height", "get_visible"])):
        for m in methods:
            for v in names:
                out.append("generic:%s:%s:%s" % (target, m, v))
    return out


def case_mutating_get_children_adds_and_removes():
    fig, ax, line = line_figure()
    orig = ax.get_children
    count = [0]

    def get_children():
        count[0] += 1
        ax.plot([0, 1], [count[0], count[0]])
        line.remove() if line in ax.lines else None
        return orig()
    ax.get_children = get_children
    either(fig, same=False)


def case_get_xydata_clears_the_figure():
    fig, ax, line = line_figure()
    orig = line.get_xydata

    def get_xydata():
        xy = orig()
        fig.clear()
        return xy
    line.get_xydata = get_xydata
    either(fig, same=False)


def case_float_that_clears_the_figure():
    import numpy as np
    from matplotlib.figure import Figure
    fig = Figure()
    ax = fig.add_subplot()
    ax.plot([0, 1], [0, 1])

    class F:
        def __float__(self):
            fig.clear()
            return 1.0
    line = ax.lines[0]
    line.get_xydata = lambda: np.array([[F(), F()], [F(), F()]], dtype=object)
    either(fig, same=False)


def case_wedge_with_bad_angles():
    from matplotlib.figure import Figure
    fig = Figure()
    ax = fig.add_subplot()
    (w, *_), _ = ax.pie([1, 2, 3])
    subclass(w, theta1=property(lambda s: "abc"))
    expect_error(fig)


def case_subfigure_containing_itself():
    from matplotlib.figure import Figure
    fig = Figure()
    sub = fig.add_subfigure(fig.add_gridspec(1, 1)[0, 0])
    sub.add_subplot().plot([0, 1])
    sub.subfigs.append(sub)
    either(fig)


def case_label_objects():
    from matplotlib.figure import Figure

    class S(str):
        def __str__(self):
            return "other"

    class Bad:
        def __str__(self):
            raise ValueError("no str")
    for label, ok in ((S("mine"), True), (Bad(), False), (12, True),
                      ("\ud800x\x00", True), ("y" * 3_000_000, True)):
        fig = Figure()
        ax = fig.add_subplot()
        (line,) = ax.plot([0, 1], [0, 1])
        line.get_label = _returner(label)
        d = expect_chart(fig) if ok else expect_error(fig)
        if ok:
            assert isinstance(d["elements"][0]["label"], str)


def case_non_figure_with_lying_class():
    from matplotlib.figure import Figure

    class Liar:
        @property
        def __class__(self):
            return Figure
    import chartex
    try:
        chartex.figure_to_dict(Liar())
    except (chartex.ChartexError, TypeError):
        pass


def case_keyboard_interrupt_passes_through():
    """Exceptions that are not errors are not wrapped: the user's ^C stops
    the conversion as it would stop any call."""
    import chartex
    fig, ax, line = line_figure()

    def stop():
        raise KeyboardInterrupt
    line.get_xydata = stop
    try:
        chartex.figure_to_dict(fig)
    except KeyboardInterrupt:
        return
    raise AssertionError("KeyboardInterrupt was swallowed")


def case_memory_error_passes_through():
    """Out of memory in a matplotlib call is MemoryError, not a
    ChartexError about the line: the walker and the Plotly reader share
    one error bridge (state.c), which lets it through as it is."""
    import chartex
    fig, ax, line = line_figure()

    def starve():
        raise MemoryError("no memory for the points")
    line.get_xydata = starve
    try:
        chartex.figure_to_dict(fig)
    except MemoryError as e:
        assert not isinstance(e, chartex.ChartexError)
        return
    raise AssertionError("MemoryError was wrapped or swallowed")


def case_plotly_errors_pass_through_as_the_walker_s():
    """The Plotly reader meeting MemoryError or KeyboardInterrupt (a ^C
    while plotly's own __getitem__ runs, or while a value is converted):
    raised as they are, as the walker raises them, never read as a missing
    value; an ordinary error in a value makes it unreadable, not fatal."""
    from collections.abc import Mapping

    import chartex

    class Trace(Mapping):
        def __init__(self, exc, key):
            self.d = {"type": "scatter", "y": [1, 2]}
            self.exc, self.key = exc, key

        def __getitem__(self, key):
            if key == self.key:
                raise self.exc
            return self.d[key]

        def __iter__(self):
            return iter(self.d)

        def __len__(self):
            return len(self.d)

    class Values:
        def __init__(self, exc):
            self.exc = exc

        def __array__(self, *a, **k):
            raise self.exc

        def __len__(self):
            raise self.exc

        def __iter__(self):
            raise self.exc

    for exc in (MemoryError(), KeyboardInterrupt()):
        for fig in ({"data": [Trace(exc, "y")], "layout": {}},
                    {"data": [Trace(exc, "name")], "layout": {}},
                    {"data": [{"type": "scatter", "y": Values(exc)}], "layout": {}},
                    {"data": [{"type": "heatmap", "z": [[1, 2], Values(exc)]}], "layout": {}}):
            try:
                chartex.figure_to_dict(fig)
            except type(exc) as e:
                assert not isinstance(e, chartex.ChartexError)
                continue
            raise AssertionError("%r was swallowed" % exc)
    d = chartex.figure_to_dict({"data": [Trace(ValueError("bad"), "name")], "layout": {}})
    assert d["elements"][0]["points"] == [[0.0, 1.0], [1.0, 2.0]]


CASES = sorted(name[5:] for name in list(globals()) if name.startswith("case_"))
ALL = CASES + _generic_names()


def run_one(name):
    if name.startswith("generic:"):
        _, target, method, value = name.split(":")
        generic_case(target, method, value)
    else:
        globals()["case_" + name]()


# ------------------------------------------------------------ the child

def child_main(names):
    """Runs the cases, printing one JSON line per case before and after."""
    import faulthandler
    import resource
    import warnings
    faulthandler.enable()
    # A regression that makes matplotlib allocate without end (the huge
    # circle) fails with MemoryError instead of starving the machine.
    # Under AddressSanitizer the limit comes from ASAN_OPTIONS instead (see
    # run_isolated): its shadow memory needs terabytes of address space.
    if not golden.UNDER_ASAN:
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        limit = 4 << 30
        if hard == resource.RLIM_INFINITY or hard > limit:
            resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    warnings.simplefilter("ignore")
    import matplotlib
    matplotlib.use("Agg")
    for name in names:
        print(json.dumps({"start": name}), flush=True)
        try:
            run_one(name)
            result = {"case": name, "ok": True}
        except BaseException:
            result = {"case": name, "ok": False, "detail": traceback.format_exc()}
        print(json.dumps(result), flush=True)


def run_isolated(names, asan_options=""):
    """{name: (ok, detail)} for every case, each run in a child process;
    a crash or hang costs only the case that caused it."""
    import selectors
    results = {}
    todo = list(names)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [HERE] + [p for p in sys.path if p] )
    if golden.UNDER_ASAN:
        # The 4 GiB cap of child_main, as ASan enforces it: malloc beyond it
        # returns NULL, which Python raises as MemoryError.
        env["ASAN_OPTIONS"] = golden.asan_options(
            ":malloc_limit_mb=4096:allocator_may_return_null=1" + asan_options)
    while todo:
        proc = subprocess.Popen(
            [sys.executable, "-X", "faulthandler", "-c",
             "import sys, test_hostile; test_hostile.child_main(sys.argv[1:])"] + todo,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=HERE,
            text=True)
        sel = selectors.DefaultSelector()
        sel.register(proc.stdout, selectors.EVENT_READ)
        current = last = None
        hung = False
        while True:
            if not sel.select(timeout=CASE_TIMEOUT):
                hung = True
                proc.kill()
                break
            line = proc.stdout.readline()
            if not line:
                break
            msg = json.loads(line)
            if "start" in msg:
                current = msg["start"]
            else:
                results[msg["case"]] = (msg["ok"], msg.get("detail", ""))
                todo.remove(msg["case"])
                last, current = msg["case"], None
        sel.close()
        _, err = proc.communicate()
        if current is not None:
            why = "hung (no news for %ds)" % CASE_TIMEOUT if hung else \
                "crashed: exit status %s" % proc.returncode
            results[current] = (False, "%s\n%s" % (why, err[-3000:]))
            todo.remove(current)
        elif proc.returncode != 0:
            # Died between cases: memory the last case corrupted.
            if last is None:
                raise RuntimeError("the child failed outside a case:\n" + err[-3000:])
            results[last] = (False, "crashed after it returned: exit status %s\n%s"
                             % (proc.returncode, err[-3000:]))
    return results


@pytest.fixture(scope="module")
def outcomes():
    return run_isolated(ALL)


@pytest.mark.parametrize("name", CASES)
def test_hostile(outcomes, name):
    ok, detail = outcomes[name]
    assert ok, detail


def test_generic_attacks(outcomes):
    """Each read of a line, scatter, bar, axes, axis and figure returning
    each kind of bad value: all clean."""
    bad = {n: outcomes[n][1] for n in _generic_names() if not outcomes[n][0]}
    assert not bad, "\n".join("%s:\n%s" % kv for kv in sorted(bad.items())[:5]) + \
        "\n(%d failing)" % len(bad)


def test_the_isolation_reports_a_crash():
    """The runner itself: a case that kills its process is reported as a
    crash and the next case still runs."""
    # The crash is deliberate: under ASan its report (which make check's
    # sanitizer driver counts as a failure) is turned off for this run.
    results = run_isolated(["_selftest_crash", "_selftest_ok"], ":handle_segv=0")
    assert results["_selftest_crash"][0] is False
    assert "crashed" in results["_selftest_crash"][1]
    assert results["_selftest_ok"] == (True, "")


def case__selftest_crash():
    import ctypes
    ctypes.string_at(0)


def case__selftest_ok():
    pass
