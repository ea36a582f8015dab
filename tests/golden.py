#!/usr/bin/env python3
"""Golden-file runner for chartex.

    python tests/golden.py [--update] [FIXTURES_DIR]

Each fixture is a script FIXTURES_DIR/NAME.py defining make_figure(), which
returns a matplotlib Figure built from fixed data, and NAME.json, the
reviewed chart JSON expected for it (chartex.figure_to_json(fig, indent=2)
plus a final newline).  The runner builds every figure, compares the JSON
text with the expected file, prints a unified diff for every mismatch and
exits with status 1 when any fixture differs (2 when one cannot be run).
--update rewrites the expected files from the current output, and the
scenes in FIXTURES_DIR/scenes/NAME.scene.json that the Criterion tests feed
to the core (tests/test_fixtures.c); do that only when an output change is
intended, and review the diff of the files.

The package must be importable (PYTHONPATH=BUILDDIR/python, or
CHARTEX_BUILDDIR=BUILDDIR).  The module also
holds the checks that the pytest suite applies to every chart: strict JSON
parsing, same Python types in the dict and the parsed JSON, validation
against doc/chart.schema.json and a mirror of what E2B's clients read.
"""
import argparse
import datetime as dt
import difflib
import importlib.util
import json
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SRCDIR = HERE.parent
DEFAULT_FIXTURES = SRCDIR / "fixtures"
SCHEMA_PATH = SRCDIR / "doc" / "chart.schema.json"

CHART_TYPES = ("line", "scatter", "bar", "pie", "box_and_whisker",
               "superchart", "unknown")
SCALES = ("linear", "log", "symlog", "logit", "function", "functionlog",
          "asinh", "datetime", "categorical")


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


def load_schema():
    global _SCHEMA
    if _SCHEMA is None:
        with open(SCHEMA_PATH, encoding="utf-8") as f:
            _SCHEMA = json.load(f)
    return _SCHEMA


def schema_errors(d):
    """The messages of every way d breaks doc/chart.schema.json."""
    import jsonschema

    schema = load_schema()
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    errors = sorted(cls(schema).iter_errors(d), key=lambda e: list(e.path))
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
        for i, sub in enumerate(elements):
            if sub.get("type") == "superchart":
                raise ValueError("%s: nested superchart" % where)
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

def fixture_paths(fixtures_dir=None):
    """The fixture scripts of a folder, sorted by name."""
    folder = Path(fixtures_dir) if fixtures_dir else DEFAULT_FIXTURES
    return sorted(p for p in folder.glob("*.py") if not p.name.startswith("_"))


def load_fixture(path):
    path = Path(path)
    name = "chartex_fixture_" + path.stem
    spec = importlib.util.spec_from_file_location(name, str(path))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def build_figure(path):
    """Runs a fixture's make_figure() from matplotlib's default settings."""
    matplotlib = _use_agg()
    matplotlib.rcdefaults()
    from matplotlib.figure import Figure

    fig = load_fixture(path).make_figure()
    if not isinstance(fig, Figure):
        raise TypeError("%s: make_figure() returned %r" % (path, fig))
    return fig


def close_all():
    """Closes every pyplot figure and undoes pandas' registration of its
    date converters (pandas plotting registers them for good), so that one
    figure's set-up does not leak into the next."""
    import matplotlib.pyplot as plt

    plt.close("all")
    pandas = sys.modules.get("pandas")
    if pandas is not None:
        try:
            pandas.plotting.deregister_matplotlib_converters()
        except Exception:  # pragma: no cover - nothing was registered
            pass


def render(fig):
    """The text a fixture's expected file holds."""
    import chartex

    return chartex.figure_to_json(fig, indent=2) + "\n"


def expected_path(path):
    return Path(path).with_suffix(".json")


def scene_path(path):
    """The scene the walker read from a fixture's figure, kept so that the
    Criterion tests run every fixture through the core without Python."""
    path = Path(path)
    return path.parent / "scenes" / (path.stem + ".scene.json")


def _write_scene(path, scene):
    target = scene_path(path)
    target.parent.mkdir(exist_ok=True)
    target.write_text(scene + "\n", encoding="utf-8")


def check_fixture(path, update=False):
    """Returns (status, message): status is "ok", "differs", "missing",
    "updated" or "error"; message is a unified diff or an error text."""
    path = Path(path)
    want_path = expected_path(path)
    try:
        fig = build_figure(path)
        got = render(fig)
        scene = None
        if update:
            import chartex
            scene = chartex.figure_to_scene_json(fig)
    except Exception as e:  # report and go on with the other fixtures
        return "error", "%s: %s: %s" % (path.name, type(e).__name__, e)
    finally:
        close_all()
    if update:
        old = want_path.read_text(encoding="utf-8") if want_path.exists() else None
        if old == got and scene_path(path).exists():
            return "ok", ""
        want_path.write_text(got, encoding="utf-8")
        _write_scene(path, scene)
        return "updated", ""
    if not want_path.exists():
        return "missing", "%s: no expected file %s" % (path.name, want_path.name)
    want = want_path.read_text(encoding="utf-8")
    if want == got:
        return "ok", ""
    diff = difflib.unified_diff(
        want.splitlines(keepends=True), got.splitlines(keepends=True),
        fromfile="%s (expected)" % want_path.name,
        tofile="%s (chartex)" % want_path.name)
    text = "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n"
                   for line in diff)
    return "differs", text


def main(argv=None):
    parser = argparse.ArgumentParser(
        description="Compare chartex's output for each fixture with its "
                    "reviewed expected JSON.")
    parser.add_argument("--update", action="store_true",
                        help="rewrite the expected JSON files from the current output")
    parser.add_argument("fixtures_dir", nargs="?", default=str(DEFAULT_FIXTURES),
                        help="folder of NAME.py + NAME.json fixtures "
                             "(default: %(default)s)")
    args = parser.parse_args(argv)

    # Like tests/run-pytest.sh: CHARTEX_BUILDDIR names the build to test.
    builddir = os.environ.get("CHARTEX_BUILDDIR")
    if builddir:
        sys.path.insert(0, os.path.join(builddir, "python"))
    _use_agg()
    paths = fixture_paths(args.fixtures_dir)
    if not paths:
        print("golden: no fixtures in %s" % args.fixtures_dir, file=sys.stderr)
        return 2
    counts = {}
    for path in paths:
        status, message = check_fixture(path, update=args.update)
        counts[status] = counts.get(status, 0) + 1
        if status != "ok":
            print("%-8s %s" % (status.upper(), path.stem))
        if message:
            print(message, end="" if message.endswith("\n") else "\n")
    summary = ", ".join("%d %s" % (n, s) for s, n in sorted(counts.items()))
    print("golden: %d fixtures: %s" % (len(paths), summary))
    if counts.get("error"):
        return 2
    if counts.get("differs") or counts.get("missing"):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
