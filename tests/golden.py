#!/usr/bin/env python3
"""Golden-file helpers of the chartex tests.

    python tests/golden.py [--update] [FIXTURES_DIR]

is `chartex check` (python/chartex/_golden.py) for an uninstalled build.
Each fixture is a script FIXTURES_DIR/NAME.py defining make_figure(), which
returns a matplotlib Figure built from fixed data, and NAME.json, the
reviewed chart JSON expected for it (chartex.figure_to_json(fig, indent=2)
plus a final newline).  The runner builds every figure, compares the JSON
text with the expected file, prints a unified diff for every mismatch and
exits with status 1 when any fixture differs, lacks its expected file or
cannot be run.
--update rewrites the expected files from the current output, and the
scenes in FIXTURES_DIR/scenes/NAME.scene.json that the Criterion tests feed
to the core (tests/test_fixtures.c); do that only when an output change is
intended, and review the diff of the files.

The package must be importable (PYTHONPATH=BUILDDIR/python, or
CHARTEX_BUILDDIR=BUILDDIR, or installed: CHARTEX_TEST_INSTALLED=1, see
tests/run-pytest.sh).  The source tree is CHARTEX_SRCDIR, by default the
folder above this file's.  The module also
holds the checks that the pytest suite applies to every chart: strict JSON
parsing, same Python types in the dict and the parsed JSON, validation
against doc/chart.schema.json and a mirror of what E2B's clients read.
"""
import datetime as dt
import json
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SRCDIR = Path(os.environ.get("CHARTEX_SRCDIR") or HERE.parent).resolve()
# Testing the chartex installed for this interpreter (a wheel), not a build.
INSTALLED = bool(os.environ.get("CHARTEX_TEST_INSTALLED"))
DEFAULT_FIXTURES = SRCDIR / "fixtures"
SCHEMA_PATH = SRCDIR / "doc" / "chart.schema.json"

CHART_TYPES = ("line", "scatter", "bar", "pie", "box_and_whisker",
               "superchart", "unknown")
SCALES = ("linear", "log", "symlog", "logit", "function", "functionlog",
          "asinh", "datetime", "categorical")

# In a build configured with --enable-sanitizers, tests/run-pytest.sh
# preloads the ASan runtime into Python (and so into every child process).
UNDER_ASAN = "libasan" in os.environ.get("LD_PRELOAD", "")


def collect_all():
    """Collect until nothing more is found: one collection can free objects
    whose finalizers leave garbage for the next (a seaborn figure drawn by
    an earlier test releases ~4000 references to None that way).  Leak
    tests measure reference counts between two of these."""
    import gc

    for _ in range(10):
        if gc.collect() == 0:
            break


def changed_refcounts(objs, before, after, calls):
    """The indices of objs whose reference count moved between before and
    after (lists of sys.getrefcount), over `calls` conversions.  None, True
    and False are shared with every thread of the process (pytest-xdist's
    I/O thread holds them in the messages it is decoding while the test
    runs), so on a Python where they are not immortal their counts wander
    by a few: for them only a drift of `calls` or more, what a leak in every
    conversion gives, counts."""
    changed = []
    for i, o in enumerate(objs):
        delta = after[i] - before[i]
        if any(o is s for s in (None, True, False)):
            if abs(delta) >= calls:
                changed.append(i)
        elif delta:
            changed.append(i)
    return changed


def asan_options(extra):
    """ASAN_OPTIONS for a child process: this process' options plus extra
    (":name=value..."); ASan reads the last value of an option."""
    return os.environ.get("ASAN_OPTIONS", "") + extra


# ------------------------------------------------------------ environment

def _use_agg():
    os.environ.setdefault("MPLBACKEND", "Agg")
    import matplotlib

    matplotlib.use("Agg")
    return matplotlib


def mpl_version():
    """The running matplotlib version as a tuple of ints, (3, 10, 9)."""
    import matplotlib

    parts = []
    for p in matplotlib.__version__.split(".")[:3]:
        digits = ""
        for ch in p:
            if not ch.isdigit():
                break
            digits += ch
        parts.append(int(digits or 0))
    return tuple(parts)


def iso(value):
    """The ISO 8601 text a date of the source data must read as: UTC,
    "YYYY-MM-DDTHH:MM:SS", plus ".ffffff" only when there are microseconds.
    Accepts date, datetime (naive means UTC), numpy.datetime64 and pandas
    Timestamp."""
    try:
        import numpy as np

        if isinstance(value, np.datetime64):
            value = value.astype("datetime64[us]").item()
    except ImportError:  # pragma: no cover
        pass
    if hasattr(value, "to_pydatetime"):
        value = value.to_pydatetime()
    if not isinstance(value, dt.datetime):
        value = dt.datetime(value.year, value.month, value.day)
    if value.tzinfo is not None:
        value = value.astimezone(dt.timezone.utc).replace(tzinfo=None)
    text = value.strftime("%Y-%m-%dT%H:%M:%S")
    if value.microsecond:
        text += ".%06d" % value.microsecond
    return text


# ------------------------------------------------------- invariant checks

def _reject_constant(name):
    raise ValueError("non-standard JSON constant %r" % name)


def strict_loads(text):
    """json.loads that refuses NaN, Infinity and -Infinity."""
    return json.loads(text, parse_constant=_reject_constant)


def assert_same_types(a, b, path="$"):
    """a and b are equal JSON-like trees with the same Python types at every
    node (so a float in the dict is a float after a JSON round trip)."""
    assert type(a) is type(b), "%s: %s vs %s" % (path, type(a).__name__,
                                                 type(b).__name__)
    if isinstance(a, dict):
        assert list(a) == list(b), "%s: keys %r vs %r" % (path, list(a), list(b))
        for k in a:
            assert_same_types(a[k], b[k], "%s.%s" % (path, k))
    elif isinstance(a, list):
        assert len(a) == len(b), "%s: lengths differ" % path
        for i, (x, y) in enumerate(zip(a, b)):
            assert_same_types(x, y, "%s[%d]" % (path, i))


def assert_json_types(d, path="$"):
    """Only dict, list, str, float, bool and None: numbers are doubles."""
    if isinstance(d, dict):
        for k, v in d.items():
            assert isinstance(k, str), "%s: key %r" % (path, k)
            assert_json_types(v, "%s.%s" % (path, k))
    elif isinstance(d, list):
        for i, v in enumerate(d):
            assert_json_types(v, "%s[%d]" % (path, i))
    else:
        assert d is None or type(d) in (str, float, bool), \
            "%s: %r is a %s" % (path, d, type(d).__name__)


_SCHEMA = None
_VALIDATOR = None


def load_schema():
    global _SCHEMA
    if _SCHEMA is None:
        with open(SCHEMA_PATH, encoding="utf-8") as f:
            _SCHEMA = json.load(f)
    return _SCHEMA


def schema_validator():
    """A validator of doc/chart.schema.json, made once per process after
    the schema itself is checked against its metaschema (that check took
    0.4 s, and ran for every chart the tests validated)."""
    global _VALIDATOR
    if _VALIDATOR is None:
        import jsonschema

        schema = load_schema()
        cls = jsonschema.validators.validator_for(schema)
        cls.check_schema(schema)
        _VALIDATOR = cls(schema)
    return _VALIDATOR


def schema_errors(d):
    """The messages of every way d breaks doc/chart.schema.json."""
    errors = sorted(schema_validator().iter_errors(d), key=lambda e: list(e.path))
    return ["%s: %s" % ("/".join(str(p) for p in e.absolute_path) or "$",
                        e.message) for e in errors]


def validate_schema(d):
    errors = schema_errors(d)
    assert not errors, "schema:\n  " + "\n  ".join(errors)


# What E2B's clients read.  The Python client (e2b_code_interpreter.charts)
# builds typed objects with kwargs["..."], so a missing key is a KeyError;
# ChartType(...) raises on an unknown type; scales outside ScaleType become
# "unknown".  The table is DESIGN.md's "Output schema".
_COMMON = ("type", "title", "elements")
_CHART2D = ("x_label", "y_label", "x_unit", "y_unit")
_POINT = ("x_ticks", "x_tick_labels", "x_scale", "y_ticks", "y_tick_labels",
          "y_scale")
_ELEMENT_KEYS = {
    "line": ("label", "points"),
    "scatter": ("label", "points"),
    "bar": ("label", "group", "value"),
    "pie": ("label", "angle", "radius"),
    "box_and_whisker": ("label", "min", "first_quartile", "median",
                        "third_quartile", "max", "outliers"),
}


def _str_or_none(v, where):
    if v is not None and not isinstance(v, str):
        raise TypeError("%s: %r is not a string or null" % (where, v))


def _number_or_none(v, where):
    if v is not None and (isinstance(v, bool) or not isinstance(v, (int, float))):
        raise TypeError("%s: %r is not a number or null" % (where, v))


def client_read(d, where="$"):
    """Reads d the way E2B's clients do and raises (KeyError, ValueError,
    TypeError) where they would.  An empty dict means "no chart"."""
    if not d:
        return None
    kind = d["type"]
    if kind not in CHART_TYPES:
        raise ValueError("%s: unknown chart type %r" % (where, kind))
    _str_or_none(d["title"], where + ".title")
    elements = d["elements"]
    if not isinstance(elements, list):
        raise TypeError("%s.elements is not a list" % where)
    if kind in ("line", "scatter", "bar", "box_and_whisker"):
        for k in _CHART2D:
            _str_or_none(d[k], "%s.%s" % (where, k))
    if kind in ("line", "scatter"):
        for axis in ("x", "y"):
            ticks = d[axis + "_ticks"]
            labels = d[axis + "_tick_labels"]
            if not isinstance(ticks, list) or not isinstance(labels, list):
                raise TypeError("%s: %s ticks are not lists" % (where, axis))
            for t in ticks:
                if not isinstance(t, (str, float, int)) or isinstance(t, bool):
                    raise TypeError("%s: tick %r" % (where, t))
            for t in labels:
                if not isinstance(t, str):
                    raise TypeError("%s: tick label %r" % (where, t))
            if not isinstance(d[axis + "_scale"], str):
                raise TypeError("%s: %s_scale" % (where, axis))
    if kind == "superchart":
        # One level of nesting: the figure's superchart holds an Axes'
        # superchart of its parts (bars and a line on one Axes); the
        # clients deserialize superchart elements recursively.
        for i, sub in enumerate(elements):
            if sub.get("type") == "superchart" and (
                    where != "$" or any(e.get("type") == "superchart" for e in sub["elements"])):
                raise ValueError("%s: superchart nested more than once" % where)
            client_read(sub, "%s.elements[%d]" % (where, i))
        return d
    for i, e in enumerate(elements):
        at = "%s.elements[%d]" % (where, i)
        if kind == "unknown":
            continue
        for k in _ELEMENT_KEYS[kind]:
            e[k]  # KeyError as in the client
        if not isinstance(e["label"], str):
            raise TypeError("%s.label is not a string" % at)
        if kind in ("line", "scatter"):
            for p in e["points"]:
                x, y = p  # the client unpacks pairs
                for v in (x, y):
                    if not (v is None or isinstance(v, (str, float, int))):
                        raise TypeError("%s: point value %r" % (at, v))
        elif kind == "bar":
            if not isinstance(e["group"], str):
                raise TypeError("%s.group is not a string" % at)
            _number_or_none(e["value"], at + ".value")
        elif kind == "pie":
            _number_or_none(e["angle"], at + ".angle")
            _number_or_none(e["radius"], at + ".radius")
        elif kind == "box_and_whisker":
            for k in _ELEMENT_KEYS[kind][1:-1]:
                _number_or_none(e[k], "%s.%s" % (at, k))
            for v in e["outliers"]:
                _number_or_none(v, at + ".outliers")
    return d


def check_chart(d):
    """Every invariant that holds for one chart dict."""
    assert_json_types(d)
    validate_schema(d)
    client_read(d)


# --------------------------------------------------------------- fixtures
# The runner itself is chartex._golden.runner (the `chartex check` command); these
# names stay here for the tests that use them.

def _golden():
    builddir = None if INSTALLED else os.environ.get("CHARTEX_BUILDDIR")
    if builddir and os.path.join(builddir, "python") not in sys.path:
        sys.path.insert(0, os.path.join(builddir, "python"))
    from chartex._golden import runner as g
    return g


def fixture_paths(fixtures_dir=None):
    """The fixture scripts of a folder (default: fixtures/), sorted by name."""
    return _golden().fixture_paths(fixtures_dir or DEFAULT_FIXTURES)


def build_figure(path):
    """The fixture's figure; pytest.skip when the fixture says it cannot
    be drawn here (skip_reason)."""
    g = _golden()
    try:
        return g.build_figure(path)
    except g.FixtureSkipped as e:
        import pytest

        pytest.skip(str(e))


def close_all():
    return _golden().close_all()


def expected_path(path):
    return _golden().expected_path(path)


def scene_path(path):
    return _golden().scene_path(path)


def check_fixture(path, update=False):
    return _golden().check_fixture(path, update=update)


def main(argv=None):
    """`chartex check`, for a build that is not installed: runs with the
    package of CHARTEX_BUILDDIR (or PYTHONPATH)."""
    _golden()
    from chartex.cli import main as cli_main

    args = list(sys.argv[1:] if argv is None else argv)
    if not [a for a in args if not a.startswith("-")]:
        args.append(str(DEFAULT_FIXTURES))
    return cli_main(["check"] + args)


if __name__ == "__main__":
    sys.exit(main())
