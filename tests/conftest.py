"""Shared set-up of the chartex pytest suite.

tests/run-pytest.sh puts the built package on PYTHONPATH and sets
MPLBACKEND=Agg; the same holds when pytest is started by hand with
PYTHONPATH=BUILDDIR/python.  With CHARTEX_TEST_INSTALLED=1 the suite tests
the chartex installed for the interpreter (a wheel) instead, and this file
makes sure that is the chartex it imports.  The helpers that the golden runner and the
tests share (strict JSON parsing, the schema check, the mirror of E2B's
client reads) live in tests/golden.py; this file only adds pytest fixtures.
"""
import json
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

TESTS_DIR = Path(__file__).resolve().parent
if str(TESTS_DIR) not in sys.path:
    sys.path.insert(0, str(TESTS_DIR))

import golden  # noqa: E402

import chartex  # noqa: E402


def _check_installed():
    """In installed mode, chartex must be the installed distribution's
    files, not a source tree or a build that happens to be on sys.path."""
    from importlib import metadata

    try:
        dist = metadata.distribution("chartex")
    except metadata.PackageNotFoundError:
        raise pytest.UsageError("CHARTEX_TEST_INSTALLED is set, but no chartex "
                                "distribution is installed for %s" % sys.executable)
    installed = Path(dist.locate_file("chartex/__init__.py")).resolve()
    imported = Path(chartex.__file__).resolve()
    if installed != imported:
        raise pytest.UsageError("CHARTEX_TEST_INSTALLED is set, but chartex was "
                                "imported from %s, not from the installed %s"
                                % (imported, installed))


if golden.INSTALLED:
    _check_installed()


# Every figure a test hands chartex whole (no bound asked) whose chart is
# large is also read as the kernel formatter reads it: that e2b/chart
# must stay under 2 MB (doc/schema.md, "Bounds").  Small charts are
# under it already; the check costs one more conversion of the large.
FORMATTER_BOUNDS = {"points_per_pixel": 4.0, "max_total_points": 30000, "max_string": 10000}
CHART_LIMIT = 2_000_000


def _many_values(obj, limit=20_000):
    """Whether obj (a chart dict) holds more than limit values."""
    stack, count = [obj], 0
    while stack:
        o = stack.pop()
        if isinstance(o, dict):
            stack.extend(o.values())
        elif isinstance(o, list):
            count += len(o)
            if count > limit:
                return True
            stack.extend(x for x in o if isinstance(x, (list, dict)))
    return False


def _check_bounded(real_json, fig):
    try:
        text = real_json(fig, **FORMATTER_BOUNDS)
    except Exception:  # noqa: BLE001 - the test's own call answered
        return
    assert len(text.encode()) < CHART_LIMIT, (
        "the formatter's e2b/chart of this figure is %d bytes, over 2 MB" % len(text.encode()))


@pytest.fixture(autouse=True)
def _charts_bounded_under_2mb(monkeypatch):
    real_dict, real_json = chartex.figure_to_dict, chartex.figure_to_json

    def figure_to_dict(fig, *args, **kwargs):
        d = real_dict(fig, *args, **kwargs)
        if not args and not kwargs and _many_values(d):
            _check_bounded(real_json, fig)
        return d

    def figure_to_json(fig, *args, **kwargs):
        text = real_json(fig, *args, **kwargs)
        if not args and not kwargs.get("max_points") and not kwargs.get("max_total_points") \
                and len(text) > CHART_LIMIT // 2:
            _check_bounded(real_json, fig)
        return text

    figure_to_dict.__wrapped__ = real_dict
    figure_to_json.__wrapped__ = real_json
    monkeypatch.setattr(chartex, "figure_to_dict", figure_to_dict)
    monkeypatch.setattr(chartex, "chart_figure_to_dict", figure_to_dict)  # E2B's name
    monkeypatch.setattr(chartex, "figure_to_json", figure_to_json)
    yield


@pytest.fixture(autouse=True)
def _fresh_matplotlib():
    """Every test starts from matplotlib's defaults and leaves no figure."""
    matplotlib.rcdefaults()
    yield
    golden.close_all()


def _checked_chart(fig):
    """figure_to_dict(fig), after checking the invariants that hold for
    every figure: the JSON text is strict JSON (no NaN/Infinity), parses to
    the dict with the same Python types, validates against
    doc/chart.schema.json and carries every key E2B's clients read."""
    d = chartex.figure_to_dict(fig)
    text = chartex.figure_to_json(fig)
    assert isinstance(text, str)
    parsed = golden.strict_loads(text)
    assert parsed == d
    golden.assert_same_types(parsed, d)
    assert text == json.dumps(d, separators=(",", ":"), ensure_ascii=False)
    golden.check_chart(d)
    return d


@pytest.fixture
def chart():
    """chart(fig) -> the chart dict of fig, invariants checked."""
    return _checked_chart


@pytest.fixture
def pchart(chart):
    """chart(fig) for a Plotly figure or its JSON form; a figure is also
    read from its two JSON forms (the dict of to_dict() and the parsed text
    of to_json()), which must give the same chart, and E2B's client reads
    the chart when it is installed."""
    def read(fig):
        d = chart(fig)
        if not isinstance(fig, dict):
            assert chart(fig.to_dict()) == d
            assert chart(json.loads(fig.to_json())) == d
        try:
            from e2b_code_interpreter import charts
        except ImportError:
            return d
        if d:
            obj = charts._deserialize_chart(d)
            assert obj is not None and obj.type.value == d["type"]
        return d
    return read


@pytest.fixture
def fig_ax():
    fig, ax = plt.subplots()
    return fig, ax

