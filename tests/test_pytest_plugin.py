"""chartex's pytest plugin (chartex.pytest_plugin), run in pytest's own
pytester: a user's test module, its baselines written with
--chartex-generate and compared with --chartex."""
import json
import re
import textwrap

import golden

pytest_plugins = ["pytester"]



def _installed_entry_point():
    from importlib import metadata

    try:
        points = metadata.entry_points(group="pytest11")
    except TypeError:  # Python 3.10 without the selection interface
        points = metadata.entry_points().get("pytest11", [])
    return any(ep.value == "chartex.pytest_plugin" for ep in points)


# A source tree's package is on PYTHONPATH, not installed: load the plugin
# by name.  An installed chartex (CHARTEX_TEST_INSTALLED) is loaded through
# its entry point, as a user gets it; naming it too would register it twice.
PLUGIN = (() if _installed_entry_point() else ("-p", "chartex.pytest_plugin")) \
    + ("-p", "no:cacheprovider")

PLOTS = '''
import pytest
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

SHIFT = {shift}
OSLO = {oslo}
XLABEL = {xlabel!r}


@pytest.mark.chart_compare
def test_temperatures():
    fig, ax = plt.subplots()
    ax.plot([0, 1, 2], [7.5, 8.25, 9.8 + SHIFT], label="Bergen")
    if OSLO:
        ax.plot([0, 1, 2], [3.0, 4.0, 5.0], label="Oslo")
    ax.set_xlabel(XLABEL)
    ax.set_xticks([0, 1, 2])
    ax.set_yticks([0, 5, 10])
    ax.set_ylim(0, 12)
    return fig
'''


def write_plots(pytester, shift=0.0, oslo=True, xlabel="Time (h)", extra=""):
    pytester.makepyfile(test_plots=PLOTS.format(shift=shift, oslo=oslo, xlabel=xlabel)
                        + textwrap.dedent(extra))


def run(pytester, *args):
    return pytester.runpytest_subprocess(*PLUGIN, *args)


def baseline(pytester, name="test_temperatures"):
    return pytester.path / "__charts__" / "test_plots" / (name + ".json")


def test_generate_then_pass(pytester):
    write_plots(pytester)
    result = run(pytester, "--chartex-generate")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["chartex: 1 baseline written in __charts__/test_plots"])
    text = baseline(pytester).read_text(encoding="utf-8")
    chart = json.loads(text)
    assert chart["type"] == "line"
    assert [e["label"] for e in chart["elements"]] == ["Bergen", "Oslo"]
    assert chart["elements"][0]["points"] == [[0.0, 7.5], [1.0, 8.25], [2.0, 9.8]]
    # Indented chart JSON, as chartex writes it, the same on every run.
    assert text.startswith('{\n  "type": "line",\n  "title": null,\n')
    run(pytester, "--chartex-generate").assert_outcomes(passed=1)
    assert baseline(pytester).read_text(encoding="utf-8") == text
    run(pytester, "--chartex").assert_outcomes(passed=1)


def test_failure_prints_the_structural_diff(pytester):
    write_plots(pytester)
    run(pytester, "--chartex-generate").assert_outcomes(passed=1)
    write_plots(pytester, shift=1.0, oslo=False, xlabel="Time (min)")
    result = run(pytester, "--chartex")
    result.assert_outcomes(failed=1)
    out = result.stdout.str()
    expected = (
        "chart of test_temperatures differs from its baseline "
        "__charts__/test_plots/test_temperatures.json:\n"
        "  elements[0].points[2][1]: 9.8 -> 10.8\n"
        "  missing element 'Oslo'\n"
        "  x_label: 'Time (h)' -> 'Time (min)'\n"
        "  x_unit: 'h' -> 'min'\n"
        "4 differences: 3 values changed, 1 element missing (rtol 1e-09, atol 0)\n")
    assert expected in out
    # pytrace=False: the diff, not the plugin's traceback.
    assert "pytest_plugin.py" not in out


def test_without_the_flag_the_test_just_runs(pytester):
    write_plots(pytester)
    # No baseline at all, and none needed.
    run(pytester).assert_outcomes(passed=1)
    assert not (pytester.path / "__charts__").exists()


def test_missing_baseline(pytester):
    write_plots(pytester)
    result = run(pytester, "--chartex")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([
        "chart of test_temperatures has no baseline "
        "__charts__/test_plots/test_temperatures.json: run pytest --chartex-generate*"])


def test_a_test_that_returns_no_figure(pytester):
    pytester.makepyfile(test_none='''
        import pytest
        import matplotlib.pyplot as plt

        @pytest.mark.chart_compare
        def test_forgot_return():
            fig, ax = plt.subplots()
            ax.plot([1, 2], [3, 4])
    ''')
    result = run(pytester, "--chartex")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([
        "test_forgot_return: the test returned None, not a matplotlib Figure "
        "(a test marked chart_compare must `return fig`)"])
    # Without --chartex it runs as any test.
    run(pytester).assert_outcomes(passed=1)


def test_marker_tolerance(pytester):
    write_plots(pytester)
    run(pytester, "--chartex-generate").assert_outcomes(passed=1)
    write_plots(pytester, shift=0.01)
    run(pytester, "--chartex").assert_outcomes(failed=1)
    src = (pytester.path / "test_plots.py").read_text()
    (pytester.path / "test_plots.py").write_text(src.replace(
        "@pytest.mark.chart_compare\n", "@pytest.mark.chart_compare(rtol=0.01)\n"))
    run(pytester, "--chartex").assert_outcomes(passed=1)
    # The marker's rtol wins over a global one.
    run(pytester, "--chartex", "--chartex-rtol", "0").assert_outcomes(passed=1)


def test_global_tolerance_option_and_ini(pytester):
    write_plots(pytester)
    run(pytester, "--chartex-generate").assert_outcomes(passed=1)
    write_plots(pytester, shift=0.01)
    result = run(pytester, "--chartex", "--chartex-atol", "0.001")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*1 difference: 1 value changed (rtol 1e-09, atol 0.001)"])
    run(pytester, "--chartex", "--chartex-atol", "0.02").assert_outcomes(passed=1)
    pytester.makeini("[pytest]\nchartex_rtol = 0.01\n")
    run(pytester, "--chartex").assert_outcomes(passed=1)


def test_ignored_keys(pytester):
    write_plots(pytester)
    run(pytester, "--chartex-generate").assert_outcomes(passed=1)
    write_plots(pytester, xlabel="Time (min)")
    result = run(pytester, "--chartex")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["2 differences: 2 values changed*"])
    run(pytester, "--chartex", "--chartex-ignore", "x_label",
        "--chartex-ignore", "x_unit").assert_outcomes(passed=1)
    src = (pytester.path / "test_plots.py").read_text()
    (pytester.path / "test_plots.py").write_text(src.replace(
        "@pytest.mark.chart_compare\n",
        "@pytest.mark.chart_compare(ignore=['x_label'])\n"))
    result = run(pytester, "--chartex")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["  x_unit: 'h' -> 'min'",
                                 "1 difference: 1 value changed*"])
    pytester.makeini("[pytest]\nchartex_ignore =\n    x_unit\n")
    run(pytester, "--chartex").assert_outcomes(passed=1)


def test_baseline_dir_option_ini_and_marker(pytester):
    write_plots(pytester)
    run(pytester, "--chartex-generate", "--chartex-baseline-dir", "charts").assert_outcomes(
        passed=1)
    assert (pytester.path / "charts" / "test_plots" / "test_temperatures.json").exists()
    assert not baseline(pytester).exists()
    pytester.makeini("[pytest]\nchartex_baseline_dir = golden\n")
    run(pytester, "--chartex-generate").assert_outcomes(passed=1)
    assert (pytester.path / "golden" / "test_plots" / "test_temperatures.json").exists()
    src = (pytester.path / "test_plots.py").read_text()
    (pytester.path / "test_plots.py").write_text(src.replace(
        "@pytest.mark.chart_compare\n",
        "@pytest.mark.chart_compare(baseline='weather.json')\n"))
    run(pytester, "--chartex-generate").assert_outcomes(passed=1)
    assert (pytester.path / "golden" / "test_plots" / "weather.json").exists()
    run(pytester, "--chartex").assert_outcomes(passed=1)


def test_fixture_with_several_figures(pytester):
    pytester.makepyfile(test_many='''
        import matplotlib.pyplot as plt

        HEIGHT = %s

        def test_two_figures(chart_snapshot):
            fig, ax = plt.subplots()
            ax.bar(["a", "b"], [1.0, HEIGHT])
            chart_snapshot(fig, name="bars")
            fig, ax = plt.subplots()
            ax.pie([1.0, 3.0], labels=["x", "y"])
            chart_snapshot(fig)
    ''' % "2.0")
    run(pytester, "--chartex-generate").assert_outcomes(passed=1)
    folder = pytester.path / "__charts__" / "test_many"
    assert sorted(p.name for p in folder.iterdir()) == [
        "test_two_figures.0.json", "test_two_figures.bars.json"]
    bars = json.loads((folder / "test_two_figures.bars.json").read_text())
    assert [e["value"] for e in bars["elements"]] == [1.0, 2.0]
    pie = json.loads((folder / "test_two_figures.0.json").read_text())
    assert [e["angle"] for e in pie["elements"]] == [90.0, 270.0]
    run(pytester, "--chartex").assert_outcomes(passed=1)
    src = (pytester.path / "test_many.py").read_text()
    (pytester.path / "test_many.py").write_text(src.replace("HEIGHT = 2.0", "HEIGHT = 2.5"))
    result = run(pytester, "--chartex")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([
        "chart of test_two_figures (bars) differs from its baseline "
        "__charts__/test_many/test_two_figures.bars.json:",
        "  elements[1].value: 2.0 -> 2.5"])
    # Without a flag the fixture compares nothing.
    run(pytester).assert_outcomes(passed=1)


def test_report_dir(pytester):
    write_plots(pytester)
    run(pytester, "--chartex-generate").assert_outcomes(passed=1)
    write_plots(pytester, shift=1.0)
    result = run(pytester, "--chartex", "--chartex-report", "report")
    result.assert_outcomes(failed=1)
    index = pytester.path / "report" / "index.html"
    result.stdout.fnmatch_lines(["chartex: report of the failing charts in *index.html"])
    page = index.read_text(encoding="utf-8")
    assert "test_plots.py::test_temperatures" in page
    assert "elements[0].points[2][1]: 9.8 -&gt; 10.8" in page
    images = re.findall(r'<img src="([^"]+)"', page)
    assert len(images) == 3  # the original, the baseline and the new chart redrawn
    for src in images:
        data = (pytester.path / "report" / src).read_bytes()
        assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 1000
    assert "<td>type</td><td>line</td>" in page
    assert "<td>elements</td><td>2 (6 points)</td>" in page
    # A passing run clears the old report.
    write_plots(pytester)
    run(pytester, "--chartex", "--chartex-report", "report").assert_outcomes(passed=1)
    assert not index.exists()


def test_marker_usage_errors(pytester):
    pytester.makepyfile(test_bad='''
        import pytest
        import matplotlib.pyplot as plt

        @pytest.mark.chart_compare(tolerance=1)
        def test_typo():
            fig, ax = plt.subplots()
            ax.plot([1, 2])
            return fig
    ''')
    result = run(pytester, "--chartex")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*chart_compare: unknown argument(s) tolerance*"])


def test_help_lists_the_options(pytester):
    result = run(pytester, "--help")
    for option in ("--chartex", "--chartex-generate", "--chartex-baseline-dir",
                   "--chartex-rtol", "--chartex-atol", "--chartex-ignore",
                   "--chartex-report"):
        assert option in result.stdout.str()
    result = run(pytester, "--markers")
    result.stdout.fnmatch_lines(["@pytest.mark.chart_compare(rtol=None, atol=None*"])


def test_entry_point_is_declared():
    # pip install chartex is enough: pytest finds the plugin through this.
    text = (golden.SRCDIR / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r'\n\[project\.entry-points\.pytest11\]\n'
                     r'chartex = "chartex\.pytest_plugin"\n', text)


def test_baselines_are_the_reviewed_fixture_text(pytester):
    # A baseline is the text chartex's own golden files hold (indented, keys
    # in the schema's order), which test_golden checks on both supported
    # matplotlib versions: the same file whichever version wrote it.
    names = ["line_dates", "bar_grouped", "box_violin", "superchart_grid"]
    pytester.makepyfile(test_fixtures='''
        import pytest
        from chartex._golden import runner as _golden

        @pytest.mark.chart_compare
        @pytest.mark.parametrize("name", %r)
        def test_fixture(name):
            return _golden.build_figure(%r + "/" + name + ".py")
    ''' % (names, str(golden.DEFAULT_FIXTURES)))
    run(pytester, "--chartex-generate").assert_outcomes(passed=len(names))
    for name in names:
        written = pytester.path / "__charts__" / "test_fixtures" / ("test_fixture[%s].json" % name)
        assert written.read_text(encoding="utf-8") == golden.expected_path(
            golden.DEFAULT_FIXTURES / (name + ".py")).read_text(encoding="utf-8")
    run(pytester, "--chartex").assert_outcomes(passed=len(names))
