"""chartex.ipython without a kernel: the formatter object, registration on a
display formatter, the cost promise (nothing imported for non-Figures),
failures and the point limit.  tests/test_ipython_kernel.py runs the same
formatter inside real kernels."""
import logging
import math
import os
import subprocess
import sys
import types

import matplotlib.pyplot as plt
import numpy as np
import pytest
from IPython.core.formatters import DisplayFormatter
from traitlets import TraitError

import chartex
import chartex.ipython as cx_ipython
from chartex.ipython import MIME_TYPE, ChartFormatter


def fake_shell():
    """What register() needs of a shell: its display formatter."""
    return types.SimpleNamespace(display_formatter=DisplayFormatter())


@pytest.fixture
def fmt(monkeypatch):
    monkeypatch.delenv("CHARTEX_MAX_POINTS", raising=False)
    return ChartFormatter()


def run_fresh(code):
    env = dict(os.environ)
    env.pop("CHARTEX_MAX_POINTS", None)
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_not_mine_imports_nothing():
    """Importing chartex.ipython and answering for non-Figures loads neither
    matplotlib, NumPy nor the extension module."""
    out = run_fresh("""
import sys
import chartex.ipython as m
f = m.ChartFormatter()
class Own:
    def _repr_e2b_chart_(self):
        return {"type": "unknown", "title": None, "elements": []}
results = [f(o) for o in (1, "text", [1, 2], {"a": 1}, None, 2.5, object, m)]
assert results == [None] * 8, results
assert f(Own()) == {"type": "unknown", "title": None, "elements": []}
heavy = sorted(n for n in ("matplotlib", "matplotlib.figure", "numpy", "chartex._chartex")
               if n in sys.modules)
print(heavy)
""")
    assert out.strip() == "[]"


def test_package_names_are_lazy_but_complete():
    out = run_fresh("""
import sys
import chartex
assert "chartex._chartex" not in sys.modules
names = dir(chartex)
for n in chartex.__all__:
    assert n in names, n
from chartex import figure_to_dict, chart_figure_to_dict, ChartexError
assert figure_to_dict is chart_figure_to_dict
assert "chartex._chartex" in sys.modules
assert chartex.__version__ == chartex._chartex.__version__
try:
    chartex.no_such_name
except AttributeError as e:
    print("AttributeError", e)
""")
    assert out.strip() == "AttributeError module 'chartex' has no attribute 'no_such_name'"


def test_figure_gives_its_chart(fmt):
    fig, ax = plt.subplots()
    ax.plot([1, 2, 3], [4.0, 5.5, 6.0], label="speed")
    ax.set_title("Run")
    d = fmt(fig)
    assert d == chartex.figure_to_dict(fig)
    assert d["type"] == "line" and d["title"] == "Run"
    assert d["elements"] == [{"label": "speed",
                              "points": [[1.0, 4.0], [2.0, 5.5], [3.0, 6.0]]}]


def test_subfigure_gives_its_chart(fmt):
    fig = plt.figure()
    left, right = fig.subfigures(1, 2)
    left.subplots().bar(["a", "b"], [3, 4])
    right.subplots().plot([0, 1], [1, 0])
    assert fmt(left)["type"] == "bar"
    assert fmt(right)["type"] == "line"


def test_empty_figure_gives_empty_dict(fmt):
    fig = plt.figure()
    assert fmt(fig) == {}
    fig.add_subplot()
    assert fmt(fig) == {}


def test_failure_gives_empty_dict_and_logs_once(fmt, caplog):
    fig, ax = plt.subplots()
    (line,) = ax.plot([1, 2, 3])

    def broken():
        raise RuntimeError("no data today")

    line.get_xydata = broken
    with caplog.at_level(logging.WARNING, logger="chartex"):
        assert fmt(fig) == {}
        assert fmt(fig) == {}
        assert fmt(fig) == {}
    records = [r for r in caplog.records if r.name == "chartex"]
    assert len(records) == 1
    assert "no data today" in records[0].getMessage()
    assert "ChartexError" in records[0].getMessage()
    (count,) = fmt.failures.values()
    assert count == 3
    # a different failure is logged once more
    def other():
        raise ValueError("another")

    line.get_xydata = other
    with caplog.at_level(logging.WARNING, logger="chartex"):
        assert fmt(fig) == {}
        assert fmt(fig) == {}
    assert len([r for r in caplog.records if r.name == "chartex"]) == 2


def test_own_chart_method_and_its_failures(fmt, caplog):
    class Good:
        def _repr_e2b_chart_(self):
            return {"type": "pie", "title": None, "elements": []}

    class Raises:
        def _repr_e2b_chart_(self):
            raise KeyError("bad")

    class WrongType:
        def _repr_e2b_chart_(self):
            return "not a dict"

    assert fmt(Good()) == {"type": "pie", "title": None, "elements": []}
    with caplog.at_level(logging.WARNING, logger="chartex"):
        assert fmt(Raises()) is None
        assert fmt(Raises()) is None
        assert fmt(WrongType()) is None
    assert len([r for r in caplog.records if r.name == "chartex"]) == 2
    # a class is not asked for its instances' chart
    assert fmt(Good) is None


def test_for_type_printer(fmt):
    class Series:
        pass

    fmt.for_type(Series, lambda s: {"type": "unknown", "title": "mine", "elements": []})
    assert fmt(Series())["title"] == "mine"
    assert fmt(3) is None


def test_disabled_formatter(fmt):
    fig, ax = plt.subplots()
    ax.plot([1, 2])
    fmt.enabled = False
    assert fmt(fig) is None


def test_max_points_setting(fmt, monkeypatch):
    x = np.arange(5000.0)
    fig, ax = plt.subplots()
    ax.plot(x, np.sin(x / 100))
    # The default: the resolution of the Axes, and the budget.
    assert fmt.max_points is None
    assert (fmt.points_per_pixel, fmt.max_total_points) == (4.0, 30_000)
    el = fmt(fig)["elements"][0]
    limit = math.ceil(4 * ax.bbox.width) + 2
    assert limit < 5000
    assert len(el["points"]) <= limit and el["downsampled"]["max_points"] == limit
    assert fmt(fig) == chartex.figure_to_dict(fig, points_per_pixel=4, max_total_points=30_000)
    # A fixed limit instead of the resolution.
    fmt.max_points = 100
    el = fmt(fig)["elements"][0]
    assert len(el["points"]) <= 100 and el["downsampled"]["max_points"] == 100.0
    # 0: no limit at all.
    fmt.max_points = 0
    assert fmt(fig) == chartex.figure_to_dict(fig)
    assert len(fmt(fig)["elements"][0]["points"]) == 5000
    with pytest.raises(TraitError):
        fmt.max_points = 5
    with pytest.raises(TraitError):
        fmt.points_per_pixel = -1.0
    with pytest.raises(TraitError):
        fmt.max_total_points = 3
    fmt.max_points = None
    fmt.points_per_pixel = 0
    fmt.max_total_points = 0
    assert fmt(fig) == chartex.figure_to_dict(fig)
    monkeypatch.setenv("CHARTEX_MAX_POINTS", "250")
    assert ChartFormatter().max_points == 250
    assert ChartFormatter()(fig) == chartex.figure_to_dict(fig, max_points=250,
                                                           max_total_points=30_000)
    monkeypatch.setenv("CHARTEX_MAX_POINTS", "0")
    assert ChartFormatter().max_points == 0
    assert ChartFormatter()(fig) == chartex.figure_to_dict(fig)


@pytest.mark.parametrize("text", ["abc", "3", "-1", "1.5"])
def test_bad_environment_value_is_ignored(monkeypatch, caplog, text):
    monkeypatch.setenv("CHARTEX_MAX_POINTS", text)
    with caplog.at_level(logging.WARNING, logger="chartex"):
        assert ChartFormatter().max_points is None
    assert "CHARTEX_MAX_POINTS" in caplog.text


def test_register_and_unregister():
    ip = fake_shell()
    f = cx_ipython.register(ip)
    assert isinstance(f, ChartFormatter)
    assert ip.display_formatter.formatters[MIME_TYPE] is f
    assert cx_ipython.register(ip) is f
    fig, ax = plt.subplots()
    ax.scatter([1, 2, 3], [3, 1, 2])
    data, _ = ip.display_formatter.format(fig)
    assert data[MIME_TYPE] == chartex.figure_to_dict(fig)
    assert "text/plain" in data
    data, _ = ip.display_formatter.format(12)
    assert MIME_TYPE not in data and data["text/plain"] == "12"
    cx_ipython.unregister(ip)
    assert MIME_TYPE not in ip.display_formatter.formatters
    data, _ = ip.display_formatter.format(fig)
    assert MIME_TYPE not in data


def test_register_replaces_another_e2b_chart_formatter():
    ip = fake_shell()

    class Other(ChartFormatter.__mro__[1]):  # a plain BaseFormatter
        format_type = MIME_TYPE

    ip.display_formatter.formatters[MIME_TYPE] = Other()
    f = cx_ipython.register(ip)
    assert ip.display_formatter.formatters[MIME_TYPE] is f


def test_extension_hooks():
    ip = fake_shell()
    chartex.load_ipython_extension(ip)
    assert isinstance(ip.display_formatter.formatters[MIME_TYPE], ChartFormatter)
    chartex.unload_ipython_extension(ip)
    assert MIME_TYPE not in ip.display_formatter.formatters


def test_register_outside_ipython():
    with pytest.raises(RuntimeError):
        cx_ipython.register()


def test_install_startup(tmp_path):
    target = cx_ipython.install_startup(str(tmp_path), "kernels")
    assert target == str(tmp_path / "profile_kernels" / "startup" / "00-chartex.py")
    with open(target) as f, open(cx_ipython.STARTUP_FILE) as g:
        assert f.read() == g.read()
    out = subprocess.run([sys.executable, "-m", "chartex.ipython", "install",
                          "--ipython-dir", str(tmp_path / "cli")],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == str(tmp_path / "cli" / "profile_default" / "startup"
                                     / "00-chartex.py")
    assert os.path.isfile(out.stdout.strip())
    out = subprocess.run([sys.executable, "-m", "chartex.ipython", "startup-file"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stdout.strip() == cx_ipython.STARTUP_FILE
