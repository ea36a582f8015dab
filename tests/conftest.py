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

