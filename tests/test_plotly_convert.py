"""`chartex convert` of Plotly figures (issue 18): files that fig.write_json
wrote (plotly 6+ writes NumPy arrays as base64 typed arrays, {"dtype":
"f8", "bdata": ...}), other JSON refused with a clear record, folders in
which only write_json's files are inputs, and plotting scripts whose
Plotly figures are those they show (fig.show(), pio.show()) or, when they
show none, those their globals hold.  The records are the same NDJSON as
for matplotlib (tests/test_cli.py), each input in a worker process."""
import json
import textwrap

import pytest

pytest.importorskip("plotly", reason="plotly is not installed for this interpreter "
                                     "(requirements-test.txt)")

import numpy as np  # noqa: E402
import plotly.express as px  # noqa: E402
import plotly.graph_objects as go  # noqa: E402

import chartex  # noqa: E402
import golden  # noqa: E402
from chartex import batch  # noqa: E402
from test_cli import error_lines, lines_of, run_cli  # noqa: E402

SANITIZED = {"test_write_json_records", "test_script_figures_are_those_it_shows"}


# Under the sanitizer runtimes (make check of the --enable-sanitizers
# build) the C these tests reach is the Plotly reader, which test_plotly.py
# runs in full there; every kernel or worker started here is a Python
# process with ASan preloaded (many seconds each), so only the tests named
# in SANITIZED run there: the rest test Python code alone.
@pytest.fixture(autouse=True)
def _few_under_the_sanitizers(request):
    if golden.UNDER_ASAN and request.node.originalname not in SANITIZED:
        pytest.skip("Python paths only: run without the sanitizer runtimes")

XS = [0.0, 1.0, 2.5, 4.0]
YS = [3.0, -1.0, 2.25, 1e16]
FRUIT = ["apples", "pears", "plums"]
SOLD = [3.0, 5.0, 1.5]

NOT_A_FIGURE = ("not a Plotly figure or a Vega-Lite spec: %s (a .json input must be what "
                "fig.write_json writes, an object with a \"data\" list of traces, or a "
                "Vega-Lite spec, whose \"$schema\" names Vega-Lite)")


def line_figure():
    fig = go.Figure(go.Scatter(x=np.array(XS), y=np.array(YS), mode="lines", name="speed"))
    fig.update_layout(title="Run 1", xaxis_title="time (s)")
    return fig


def bar_figure():
    return go.Figure(go.Bar(x=FRUIT, y=np.array(SOLD), name="sold"))


def check_line(chart):
    assert chart["type"] == "line" and chart["title"] == "Run 1"
    assert chart["x_label"] == "time (s)" and chart["x_unit"] == "s"
    (el,) = chart["elements"]
    assert el["label"] == "speed"
    assert el["points"] == [[x, y] for x, y in zip(XS, YS)]


def check_bar(chart):
    assert chart["type"] == "bar"
    assert [(e["label"], e["value"]) for e in chart["elements"]] == list(zip(FRUIT, SOLD))


def convert(*inputs):
    return list(batch.convert([str(i) for i in inputs]))


def charts(records):
    for r in records:
        assert "error" not in r, r
        golden.client_read(r["chart"])
    return [r["chart"] for r in records]


# ------------------------------------------------------ write_json files

@pytest.mark.parametrize("how", ["default", "pretty", "engine json"])
def test_write_json_file(tmp_path, how):
    fig = line_figure()
    path = tmp_path / "run.json"
    kwargs = {"default": {}, "pretty": {"pretty": True},
              "engine json": {"engine": "json"}}[how]
    fig.write_json(str(path), **kwargs)
    text = path.read_text()
    if int(__import__("plotly").__version__.split(".")[0]) >= 6:
        assert '"bdata"' in text            # what this test is about: typed arrays
    r = run_cli("convert", path)
    assert r.returncode == 0, r.stderr
    chart = golden.strict_loads(r.stdout)
    check_line(chart)
    # the same chart as the library gives for the figure and for its dict
    assert chart == chartex.figure_to_dict(fig)
    assert chart == chartex.figure_to_dict(json.loads(text))
    assert json.loads(chartex.figure_to_json(json.loads(text))) == chart


def test_write_json_records(tmp_path):
    line_figure().write_json(str(tmp_path / "a.json"))
    px.bar(x=FRUIT, y=SOLD).write_json(str(tmp_path / "b.json"))
    records = convert(tmp_path / "a.json", tmp_path / "b.json")
    assert [(r["source"], r["figure"]) for r in records] == \
        [(str(tmp_path / "a.json"), 0), (str(tmp_path / "b.json"), 0)]
    line, bar = charts(records)
    check_line(line)
    check_bar(bar)
    r = run_cli("convert", "--ndjson", tmp_path / "a.json")
    assert r.returncode == 0, r.stderr
    (rec,) = lines_of(r.stdout)
    assert rec["source"] == str(tmp_path / "a.json") and rec["figure"] == 0
    check_line(rec["chart"])


@pytest.mark.parametrize("text, what", [
    ('{"type": "line", "title": null, "elements": []}', 'a JSON object without a "data" list'),
    ('{"data": {"x": [1]}}', 'a JSON object without a "data" list'),
    ("[1, 2, 3]", "a JSON array"),
    ('"data"', "a JSON string"),
    ("null", "a JSON null"),
])
def test_other_json_is_refused(tmp_path, text, what):
    path = tmp_path / "other.json"
    path.write_text(text)
    (record,) = convert(path)
    assert record == {"source": str(path), "error": NOT_A_FIGURE % what}
    r = run_cli("convert", path)
    assert r.returncode == 1 and r.stdout == ""
    assert error_lines(r.stderr) == ["chartex: %s: %s" % (path, NOT_A_FIGURE % what)]


@pytest.mark.parametrize("data, error", [
    (b"", "empty file"),
    (b"{\"data\": [", "not valid JSON: "),
    (b"\xff\xfe{}", "not UTF-8 text: "),
])
def test_unreadable_json(tmp_path, data, error):
    path = tmp_path / "bad.json"
    path.write_bytes(data)
    (record,) = convert(path)
    assert record["error"].startswith(error), record


def test_folders_take_only_plotly_json(tmp_path):
    """A folder's .json files are inputs only when they begin as
    write_json's do: the charts convert wrote and a fixture's expected
    output beside its script are not refused."""
    line_figure().write_json(str(tmp_path / "a_fig.json"))
    line_figure().write_json(str(tmp_path / "b_pretty.json"), pretty=True)
    (tmp_path / "c_chart.json").write_text(chartex.figure_to_json(line_figure(), indent=2))
    (tmp_path / "d_settings.json").write_text('{"theme": "dark"}')
    (tmp_path / "e_list.json").write_text('[{"data": []}]')
    (tmp_path / "f_plot.py").write_text(
        "import matplotlib.pyplot as plt\nplt.plot([1, 2], [3, 4])\n")
    (tmp_path / "f_plot.json").write_text('{\n  "type": "line"\n}\n')
    records = convert(tmp_path)
    assert [r["source"] for r in records] == \
        [str(tmp_path / n) for n in ("a_fig.json", "b_pretty.json", "f_plot.py")]
    a, b, plot = charts(records)
    check_line(a)
    assert b == a
    assert plot["elements"][0]["points"] == [[1.0, 3.0], [2.0, 4.0]]
    # named on the command line, any .json is an input
    (record,) = convert(tmp_path / "c_chart.json")
    assert "not a Plotly figure" in record["error"]


def test_a_folder_of_non_figures(tmp_path):
    (tmp_path / "chart.json").write_text('{"type": "line"}')
    assert convert(tmp_path) == [{
        "source": str(tmp_path),
        "error": "no .pkl, .pickle, .py, Plotly .json or Vega-Lite file in this folder"}]


# ----------------------------------------------------------------- scripts

def write(tmp_path, name, code):
    path = tmp_path / name
    path.write_text(textwrap.dedent(code))
    return path


def test_script_figures_are_those_it_shows(tmp_path):
    """Each show is a figure, as it was when shown; nothing is displayed (no
    browser, no IPython)."""
    path = write(tmp_path, "shows.py", """\
        import numpy as np
        import plotly.graph_objects as go
        import plotly.io as pio

        fig = go.Figure(go.Scatter(x=np.array(%r), y=np.array(%r), mode="lines",
                                   name="speed"))
        fig.update_layout(title="Run 1", xaxis_title="time (s)")
        fig.show()
        bars = go.Figure(go.Bar(x=%r, y=%r, name="sold"))
        pio.show(bars)
        fig.update_layout(title="Run 2")
        fig.show()
        print("shown with", pio.renderers.default)
        """ % (XS, YS, FRUIT, SOLD))
    r = run_cli("convert", "--ndjson", path)
    assert r.returncode == 0, r.stderr
    assert "shown with chartex" in r.stderr          # what the script printed
    records = lines_of(r.stdout)
    assert [(x["source"], x["figure"]) for x in records] == [(str(path), n) for n in range(3)]
    first, bar, again = charts(records)
    check_line(first)
    check_bar(bar)
    assert again["title"] == "Run 2" and again["elements"] == first["elements"]


def test_script_that_shows_nothing_gives_its_global_figures(tmp_path):
    path = write(tmp_path, "holds.py", """\
        import plotly.express as px
        import plotly.graph_objects as go

        line = go.Figure(go.Scatter(x=%r, y=%r, mode="lines", name="speed"))
        line.update_layout(title="Run 1", xaxis_title="time (s)")
        bars = px.bar(x=%r, y=%r)
        same = line                        # one figure, once
        """ % (XS, YS, FRUIT, SOLD))
    line, bar = charts(convert(path))
    check_line(line)
    check_bar(bar)


def test_script_with_matplotlib_and_plotly(tmp_path):
    path = write(tmp_path, "mixed.py", """\
        import matplotlib.pyplot as plt
        import plotly.graph_objects as go

        plt.figure(); plt.plot([0, 1], [5, 6], label="mpl")
        go.Figure(go.Bar(x=%r, y=%r)).show()
        plt.figure(); plt.bar(["x"], [2.0])
        """ % (FRUIT, SOLD))
    first, second, plotly_bar = charts(convert(path))
    assert first["elements"][0]["points"] == [[0.0, 5.0], [1.0, 6.0]]
    assert second["type"] == "bar" and second["elements"][0]["value"] == 2.0
    check_bar(plotly_bar)


def test_make_figure_may_return_a_plotly_figure(tmp_path):
    path = write(tmp_path, "fixture_style.py", """\
        import plotly.graph_objects as go

        def make_figure():
            return go.Figure(go.Bar(x=%r, y=%r))
        """ % (FRUIT, SOLD))
    (chart,) = charts(convert(path))
    check_bar(chart)


def test_no_figure_at_all(tmp_path):
    path = write(tmp_path, "nothing.py", "import plotly.graph_objects as go\nx = 1\n")
    assert convert(path) == [{"source": str(path), "error": "the script left no figure open"}]


def test_scripts_do_not_leak_into_each_other(tmp_path):
    """One worker runs both (--jobs 1): the first replaces plotly's default
    renderer and template; the second still has its show() collected, with
    plotly's own template."""
    first = write(tmp_path, "a_first.py", """\
        import plotly.io as pio
        import plotly.graph_objects as go

        pio.renderers.default = "json"
        pio.templates.default = "plotly_dark"
        go.Figure(go.Bar(x=["a"], y=[1.0])).show()
        """)
    second = write(tmp_path, "b_second.py", """\
        import plotly.io as pio
        import plotly.graph_objects as go

        assert pio.renderers.default == "chartex", pio.renderers.default
        assert pio.templates.default == "plotly", pio.templates.default
        go.Figure(go.Bar(x=%r, y=%r)).show()
        """ % (FRUIT, SOLD))
    records = convert(first, second)
    assert [r["source"] for r in records] == [str(first), str(second)]
    assert "error" not in records[1], records[1]
    check_bar(records[1]["chart"])


def test_a_failing_script_after_a_show(tmp_path):
    path = write(tmp_path, "fails.py", """\
        import plotly.graph_objects as go
        go.Figure(go.Bar(x=["a"], y=[1.0])).show()
        raise ValueError("bad data")
        """)
    (record,) = convert(path)
    assert record == {"source": str(path),
                      "error": "the script raised ValueError: bad data (line 3)"}


def test_review_page_says_a_plotly_figure_has_no_picture(tmp_path):
    line_figure().write_json(str(tmp_path / "fig.json"))
    r = run_cli("convert", "--review", tmp_path / "review", tmp_path / "fig.json")
    assert r.returncode == 0, r.stderr
    check_line(golden.strict_loads(r.stdout))
    page = (tmp_path / "review" / "index.html").read_text()
    assert "review page draws matplotlib figures only" in page
