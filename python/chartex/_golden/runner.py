"""The golden-fixture runner behind `chartex check` (and tests/golden.py).

Each fixture is a script FIXTURES_DIR/NAME.py defining make_figure(), which
returns a matplotlib Figure (or a Plotly figure, fixtures/plotly/, or an
Altair chart, fixtures/altair/) built from
fixed data, and NAME.json, the
reviewed chart JSON expected for it (chartex.figure_to_json(fig, indent=2)
plus a final newline).  run() builds every figure from matplotlib's default
settings, compares the JSON text with the expected file, prints a unified
diff for every mismatch and returns 1 when any fixture differs, lacks its
expected file or cannot be built.  update=True rewrites the expected files
from the current output, and the scenes in FIXTURES_DIR/scenes/NAME.scene.json
that the Criterion tests feed to the core (tests/test_fixtures.c); do that
only when an output change is intended, and review the diff of the files.
"""

import difflib
import importlib.util
import os
import sys
from pathlib import Path


def use_agg():
    os.environ.setdefault("MPLBACKEND", "Agg")
    import matplotlib

    matplotlib.use("Agg")
    return matplotlib


def fixture_paths(fixtures_dir):
    """The fixture scripts of a folder, sorted by name."""
    return sorted(p for p in Path(fixtures_dir).glob("*.py") if not p.name.startswith("_"))


def load_fixture(path):
    path = Path(path)
    name = "chartex_fixture_" + path.stem
    spec = importlib.util.spec_from_file_location(name, str(path))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# The names pip knows some importable packages by.
_PIP_NAMES = {"sklearn": "scikit-learn", "PIL": "pillow", "yaml": "pyyaml",
              "mpl_toolkits": "matplotlib", "dateutil": "python-dateutil"}


def pip_name(module):
    """What to pip install for an importable name ("sklearn" -> "scikit-learn")."""
    top = (module or "").split(".")[0]
    return _PIP_NAMES.get(top, top)


class FixtureSkipped(Exception):
    """A fixture that cannot be drawn here: its skip_reason() says why."""


def build_figure(path):
    """Runs a fixture's make_figure() from matplotlib's default settings
    (a Plotly figure, a figure of fixtures/plotly/, and an Altair chart, one
    of fixtures/altair/, are returned as they are).
    Raises FixtureSkipped when the fixture's optional skip_reason() returns
    a reason (a library release that draws the figure differently, such
    as seaborn 0.12's numeric hue offsets)."""
    matplotlib = use_agg()
    matplotlib.rcdefaults()
    from matplotlib.figure import Figure

    module = load_fixture(path)
    reason = getattr(module, "skip_reason", lambda: None)()
    if reason:
        raise FixtureSkipped("%s: %s" % (path.name if hasattr(path, "name") else path, reason))
    fig = module.make_figure()
    if not isinstance(fig, Figure) and not is_plotly_figure(fig) \
            and not is_altair_chart(fig):
        raise TypeError("%s: make_figure() returned %r" % (path, fig))
    return fig


def is_plotly_figure(fig):
    """A Plotly figure (fixtures/plotly/): a plotly Figure, or the dict of
    its JSON form."""
    if isinstance(fig, dict):
        return isinstance(fig.get("data"), list)
    return type(fig).__module__.startswith("plotly") and hasattr(fig, "to_dict")


def is_altair_chart(fig):
    """An Altair chart (fixtures/altair/): any of Altair's top-level
    charts, recognised without importing Altair."""
    from .. import _altair

    return _altair.is_chart(fig)


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
    "updated", "skipped", "needs" (a package the fixture imports is not
    installed: the message names it) or "error"; message is a unified
    diff, the reason for a skip or an error text."""
    path = Path(path)
    want_path = expected_path(path)
    try:
        fig = build_figure(path)
        got = render(fig)
        scene = None
        if update:
            import chartex
            scene = chartex.figure_to_scene_json(fig)
    except FixtureSkipped as e:
        return "skipped", str(e)
    except ModuleNotFoundError as e:
        if not e.name:
            return "error", "%s: %s: %s" % (path.name, type(e).__name__, e)
        return "needs", "%s: needs %s, which is not installed here (pip install %s)" % (
            path.name, e.name.split(".")[0], pip_name(e.name))
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


def run(fixtures_dir, update=False, out=None):
    """Checks (or updates) every fixture of a folder; prints one line per
    fixture that is not ok, its diff or error, and a summary.  Returns 0
    when all match, 1 otherwise, 2 when the folder holds no fixture."""
    out = out or sys.stdout
    use_agg()
    paths = fixture_paths(fixtures_dir)
    if not paths:
        print("chartex check: no fixtures (NAME.py) in %s" % fixtures_dir, file=sys.stderr)
        return 2
    counts = {}
    needed = set()
    for path in paths:
        status, message = check_fixture(path, update=update)
        counts[status] = counts.get(status, 0) + 1
        if status == "needs":
            needed.add(message.rsplit("(pip install ", 1)[1].rstrip(")"))
        if status != "ok":
            print("%-8s %s" % (status.upper(), path.stem), file=out)
        if message:
            print(message, end="" if message.endswith("\n") else "\n", file=out)
    summary = ", ".join("%d %s" % (n, s) for s, n in sorted(counts.items()))
    print("chartex check: %d fixtures: %s" % (len(paths), summary), file=out)
    if needed:
        print("chartex check: the fixtures need packages that are not installed: "
              "pip install %s" % " ".join(sorted(needed)), file=out)
    failed = sum(n for s, n in counts.items() if s not in ("ok", "updated", "skipped"))
    return 1 if failed else 0
