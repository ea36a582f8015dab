"""chartex's pytest plugin: golden-file tests of the charts of your plots.

Installing chartex registers it (the `pytest11` entry point); in a source
tree, `-p chartex.pytest_plugin` loads it.  In the conventions of
pytest-mpl (a marker on a test that returns a Figure, opt-in comparison
flags) and syrupy (a fixture for tests that check several figures):

    @pytest.mark.chart_compare                     # or (rtol=, atol=, ignore=[...], baseline=...)
    def test_temperatures():
        fig, ax = plt.subplots()
        ...
        return fig

    def test_two_figures(chart_snapshot):
        chart_snapshot(make_first(), name="first")
        chart_snapshot(make_second(), name="second")

    pytest --chartex-generate   # writes tests/__charts__/<module>/<test>.json
    pytest --chartex            # compares; a failure prints the structural diff

Without --chartex or --chartex-generate a marked test just runs (its figure
is closed) and chart_snapshot(fig) does nothing, as pytest-mpl does without
--mpl.  Baselines are the chart JSON (chartex.figure_to_json(fig,
indent=2): keys in the schema's order, the same text on every run).  The
comparison is chartex._golden.diff's: numbers within rtol/atol, elements matched
by label, keys to ignore by name or path pattern.

Options (ini names in brackets, for pytest.ini / pyproject.toml):
  --chartex                  compare with the baselines
  --chartex-generate         write the baselines (and do not compare)
  --chartex-baseline-dir D   [chartex_baseline_dir] baselines in D/<module>/
                             instead of <test folder>/__charts__/<module>/
  --chartex-rtol R           [chartex_rtol] default 1e-09; a marker's wins
  --chartex-atol A           [chartex_atol] default 0; a marker's wins
  --chartex-ignore KEY       [chartex_ignore] a key or path pattern to ignore
                             (repeatable); added to a marker's ignore list
  --chartex-report D         write D/index.html: the original, the baseline
                             and the new chart redrawn, and the diff, for
                             every failing comparison
"""

import json
import os
import re
from pathlib import Path

import pytest

from ._golden import diff as _diff

MARKER = "chart_compare"
_SETTINGS = pytest.StashKey()
DEFAULT_FOLDER = "__charts__"


def pytest_addoption(parser):
    group = parser.getgroup("chartex", "chart comparison (chartex)")
    group.addoption("--chartex", action="store_true",
                    help="compare the charts of tests marked chart_compare (and of "
                         "chart_snapshot) with their baselines")
    group.addoption("--chartex-generate", action="store_true",
                    help="write the baselines of those charts instead of comparing")
    msg = ("folder of the baselines: DIR/<test module>/<test>.json (default: "
           "__charts__ beside each test module); relative to where pytest runs, "
           "or to the ini file for the ini option")
    group.addoption("--chartex-baseline-dir", metavar="DIR", help=msg)
    parser.addini("chartex_baseline_dir", help=msg)
    msg = "relative tolerance of numbers (default %g); a marker's rtol= wins" % _diff.DEFAULT_RTOL
    group.addoption("--chartex-rtol", type=float, metavar="R", help=msg)
    parser.addini("chartex_rtol", help=msg)
    msg = "absolute tolerance of numbers (default %g); a marker's atol= wins" % _diff.DEFAULT_ATOL
    group.addoption("--chartex-atol", type=float, metavar="A", help=msg)
    parser.addini("chartex_atol", help=msg)
    msg = ("a chart key (x_ticks) or path pattern (elements[*].downsampled) not "
           "compared; repeatable, added to a marker's ignore=")
    group.addoption("--chartex-ignore", action="append", default=[], metavar="KEY", help=msg)
    parser.addini("chartex_ignore", type="linelist", help=msg)
    group.addoption("--chartex-report", metavar="DIR",
                    help="write DIR/index.html with the original figure, the baseline "
                         "and the new chart redrawn, and the diff of every failing "
                         "comparison")


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "%s(rtol=None, atol=None, ignore=(), baseline=None): compare the chart of the "
        "Figure the test returns with its baseline (with --chartex; --chartex-generate "
        "writes it)" % MARKER)
    settings = config.stash[_SETTINGS] = _Settings(config)
    if settings.report is not None and not hasattr(config, "workerinput"):
        # A new run's report (pytest-xdist's workers add to the one the
        # controller cleared).
        from ._golden import review as _review

        _review.clear_report(str(settings.report))


def _float_option(config, name, ini):
    value = config.getoption(name)
    if value is None:
        text = config.getini(ini)
        if text:
            try:
                value = float(text)
            except ValueError:
                raise pytest.UsageError("%s = %r is not a number" % (ini, text)) from None
    if value is not None and not value >= 0:
        raise pytest.UsageError("%s must be a number >= 0, not %r" % (ini, value))
    return value


class _Settings:
    def __init__(self, config):
        self.generate = config.getoption("chartex_generate")
        self.compare = config.getoption("chartex") and not self.generate
        self.rtol = _float_option(config, "chartex_rtol", "chartex_rtol")
        self.atol = _float_option(config, "chartex_atol", "chartex_atol")
        self.ignore = list(config.getini("chartex_ignore") or []) \
            + list(config.getoption("chartex_ignore") or [])
        base = config.getoption("chartex_baseline_dir")
        if base:
            self.baseline_dir = Path(config.invocation_params.dir, base)
        elif config.getini("chartex_baseline_dir"):
            root = Path(config.inipath).parent if config.inipath else config.rootpath
            self.baseline_dir = root / config.getini("chartex_baseline_dir")
        else:
            self.baseline_dir = None
        report = config.getoption("chartex_report")
        self.report = Path(config.invocation_params.dir, report) if report else None
        self.rootdir = Path(config.rootpath)
        self.written = []

    @property
    def active(self):
        return self.generate or self.compare


def _safe(name):
    """A test name as a file name: parameters' brackets kept, the rest of
    what a file system or a shell minds replaced."""
    return re.sub(r"[^\w.\[\]=,+-]", "_", name)


def _baseline_path(settings, item, name=None, given=None):
    module = Path(item.path)
    folder = (settings.baseline_dir / module.stem if settings.baseline_dir is not None
              else module.parent / DEFAULT_FOLDER / module.stem)
    if given:
        return folder / given
    stem = _safe(item.name if name is None else "%s.%s" % (item.name, name))
    return folder / (stem + ".json")


def _shown(settings, path):
    try:
        return os.path.relpath(path, settings.rootdir) if str(path).startswith(
            str(settings.rootdir)) else str(path)
    except ValueError:
        return str(path)


def _check(item, fig, what, name=None, rtol=None, atol=None, ignore=(), baseline=None):
    """Generates or compares the chart of fig; returns the failure text or
    None."""
    import chartex
    from matplotlib.figure import Figure

    settings = item.config.stash[_SETTINGS]
    if not isinstance(fig, Figure):
        hint = ("a test marked %s must `return fig`" % MARKER if name is None
                else "chart_snapshot(fig) takes the Figure")
        return ("%s: %s %s, not a matplotlib Figure (%s)"
                % (item.name, what, _type_name(fig), hint))
    text = chartex.figure_to_json(fig, indent=2) + "\n"
    path = _baseline_path(settings, item, name, baseline)
    if settings.generate:
        path.parent.mkdir(parents=True, exist_ok=True)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old != text:
            path.write_text(text, encoding="utf-8")
        settings.written.append(path)
        return None
    if not path.exists():
        return ("chart of %s has no baseline %s: run pytest --chartex-generate to "
                "write it, review it, and commit it" % (item.name, _shown(settings, path)))
    try:
        expected = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        return "cannot read the baseline %s: %s" % (_shown(settings, path), e)
    rtol = rtol if rtol is not None else settings.rtol
    rtol = _diff.DEFAULT_RTOL if rtol is None else rtol
    atol = atol if atol is not None else settings.atol
    atol = _diff.DEFAULT_ATOL if atol is None else atol
    ignore = list(ignore or ()) + settings.ignore
    got = json.loads(text)
    differences = _diff.diff(expected, got, rtol=rtol, atol=atol, ignore=ignore)
    if not differences:
        return None
    label = item.name if name is None else "%s (%s)" % (item.name, name)
    message = "chart of %s differs from its baseline %s:\n%s" % (
        label, _shown(settings, path), _diff.format_diff(differences, rtol, atol))
    if settings.report is not None:
        from ._golden import review as _review

        try:
            _review.add_failure(str(settings.report), item.nodeid if name is None
                                else "%s (%s)" % (item.nodeid, name),
                                fig, expected, got, message)
        except Exception as e:  # the report must not hide the failure
            message += "\n(chartex report not written: %s: %s)" % (type(e).__name__, e)
    return message


def _type_name(value):
    return "None" if value is None else "a %s" % type(value).__name__


def _marker_options(marker):
    if marker is None:
        return {}
    if marker.args:
        raise TypeError("@pytest.mark.%s takes keyword arguments only "
                                "(rtol=, atol=, ignore=, baseline=)" % MARKER)
    unknown = set(marker.kwargs) - {"rtol", "atol", "ignore", "baseline"}
    if unknown:
        raise TypeError("@pytest.mark.%s: unknown argument(s) %s"
                                % (MARKER, ", ".join(sorted(unknown))))
    options = dict(marker.kwargs)
    if isinstance(options.get("ignore"), str):
        options["ignore"] = [options["ignore"]]
    return options


def _close(fig):
    try:
        import matplotlib.pyplot as plt
        from matplotlib.figure import Figure

        if isinstance(fig, Figure):
            plt.close(fig)
    except Exception:
        pass


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem):
    marker = pyfuncitem.get_closest_marker(MARKER)
    if marker is None:
        return None
    options = _marker_options(marker)
    funcargs = pyfuncitem.funcargs
    names = pyfuncitem._fixtureinfo.argnames  # what pytest's own call passes
    result = pyfuncitem.obj(**{name: funcargs[name] for name in names})
    try:
        if pyfuncitem.config.stash[_SETTINGS].active:
            failure = _check(pyfuncitem, result, "the test returned", **options)
            if failure is not None:
                pytest.fail(failure, pytrace=False)
    finally:
        _close(result)
    return True


class ChartSnapshot:
    """The chart_snapshot fixture: call it with a Figure (and a name, when
    a test checks several) to compare that figure's chart with its baseline
    <test>.<name>.json (<test>.<n>.json without a name, n counting those
    calls from 0).  Keyword arguments rtol, atol and ignore as for the marker."""

    def __init__(self, item):
        self._item = item
        self._count = 0
        self._names = set()

    def __call__(self, fig, name=None, rtol=None, atol=None, ignore=()):
        if name is None:
            name = str(self._count)
            self._count += 1
        if name in self._names:
            raise ValueError("chart_snapshot: the name %r is used twice in %s"
                             % (name, self._item.name))
        self._names.add(name)
        if not self._item.config.stash[_SETTINGS].active:
            return
        options = _marker_options(self._item.get_closest_marker(MARKER))
        options.pop("baseline", None)
        failure = _check(self._item, fig, "chart_snapshot() was given", name=str(name),
                         rtol=rtol if rtol is not None else options.get("rtol"),
                         atol=atol if atol is not None else options.get("atol"),
                         ignore=list(ignore or ()) + list(options.get("ignore") or ()))
        if failure is not None:
            pytest.fail(failure, pytrace=False)


@pytest.fixture
def chart_snapshot(request):
    """Compares figures' charts with baselines: chart_snapshot(fig, name=...)."""
    return ChartSnapshot(request.node)


def pytest_terminal_summary(terminalreporter, config):
    settings = config.stash.get(_SETTINGS, None)
    if settings is None:
        return
    if settings.generate and settings.written:
        folders = sorted({_shown(settings, p.parent) for p in settings.written})
        terminalreporter.write_line(
            "chartex: %d baseline%s written in %s" % (
                len(settings.written), "" if len(settings.written) == 1 else "s",
                ", ".join(folders)))
    if settings.report is not None and (settings.report / "index.html").exists():
        terminalreporter.write_line("chartex: report of the failing charts in %s"
                                    % (settings.report / "index.html"))
