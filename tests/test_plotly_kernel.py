"""Plotly figures in real IPython kernels: the e2b/chart that fig.show()
and a figure as a cell's last expression carry (issue 18).

A Plotly figure displays itself: BaseFigure._ipython_display_ calls
plotly.io.show, which publishes the raw MIME bundle of the default
renderers, so IPython's formatters are never asked.  chartex adds its
renderer, "chartex", to that default (chartex._plotly.hook, chartex.ipython);
these tests run the kernels of tests/test_ipython_kernel.py (ipykernel
through jupyter_client, every message part parsed as strict JSON) and read
the display_data that comes out, under either packer, and through E2B's
own client classes.

plotly and nbformat are test requirements, never chartex's: without plotly
there is nothing to test; without nbformat plotly itself refuses to show a
figure in a kernel ("Mime type rendering requires nbformat>=4.2.0"), with
or without chartex.
"""
import importlib.util
import json

import pytest

pytest.importorskip("plotly", reason="plotly is not installed for this interpreter "
                                     "(requirements-test.txt)")
pytest.importorskip("nbformat", reason="plotly shows figures in a kernel only with "
                                       "nbformat (requirements-test.txt)")

import golden  # noqa: E402
from test_ipython_kernel import MIME, Kernel, displays  # noqa: E402

import chartex.ipython  # noqa: E402

PLOTLY_MIME = "application/vnd.plotly.v1+json"

SANITIZED = {"test_last_expression", "test_fig_show", "test_typed_arrays_carry_the_numbers"}


# Under the sanitizer runtimes (make check of the --enable-sanitizers
# build) the C these tests reach is the Plotly reader, which test_plotly.py
# runs in full there; every kernel or worker started here is a Python
# process with ASan preloaded (many seconds each), so only the tests named
# in SANITIZED run there: the rest test Python code alone.
@pytest.fixture(autouse=True)
def _few_under_the_sanitizers(request):
    if golden.UNDER_ASAN and request.node.originalname not in SANITIZED:
        pytest.skip("Python paths only: run without the sanitizer runtimes")

# One cell, as an agent sends it: plotly is imported, a figure made and
# shown, all at once (the renderer must be in place before that first show).
SPEED = (
    "import plotly.graph_objects as go\n"
    "fig = go.Figure(go.Scatter(x=[1, 2, 3], y=[2.5, 4.0, 1.0], mode='lines',\n"
    "                           name='speed'))\n"
    "fig.update_layout(title='Run 1', xaxis_title='time (s)')\n")

FRUIT = (
    "import plotly.graph_objects as go\n"
    "bars = go.Figure(go.Bar(x=['apples', 'pears', 'plums'], y=[3, 5, 1.5], name='sold'))\n")

# NumPy arrays: plotly 6+ hands the renderer base64 typed arrays
# ({"dtype": "f8", "bdata": ...}); plotly 5, the arrays as lists.
ARRAYS = (
    "import numpy as np, plotly.express as px\n"
    "xs = np.arange(5, dtype=float)\n"
    "ys = np.array([0.5, -1.25, 3.0, 1e16, 0.1])\n"
    "arr = px.scatter(x=xs, y=ys, title='arrays')\n")


def figure_displays(msgs):
    """The displays of figures: with plotly 5's "notebook" renderer, the
    first show also publishes plotly.js's loader (text/html alone), which
    is no figure."""
    return [(t, d) for t, d in displays(msgs) if PLOTLY_MIME in d or MIME in d]


def chart_shown(k, code):
    """The e2b/chart of the one display a cell makes; checks that plotly's
    own output is beside it and that the cell raised and printed nothing."""
    shown = figure_displays(k.run_ok(code))
    assert len(shown) == 1, shown
    msg_type, data = shown[0]
    # A Plotly figure publishes itself (display_data), even as the last
    # expression: IPython's execute_result stays empty.
    assert msg_type == "display_data"
    assert PLOTLY_MIME in data, sorted(data)
    assert MIME in data, sorted(data)
    return data[MIME]


def ys_of(element):
    return [p[1] for p in element["points"]]


def xs_of(element):
    return [p[0] for p in element["points"]]


def check_speed(chart):
    assert chart["type"] == "line"
    assert chart["title"] == "Run 1"
    assert chart["x_label"] == "time (s)" and chart["x_unit"] == "s"
    (el,) = chart["elements"]
    assert el["label"] == "speed"
    assert xs_of(el) == [1.0, 2.0, 3.0]
    assert ys_of(el) == [2.5, 4.0, 1.0]


def check_fruit(chart):
    assert chart["type"] == "bar"
    assert [(e["label"], e["value"]) for e in chart["elements"]] == \
        [("apples", 3.0), ("pears", 5.0), ("plums", 1.5)]


@pytest.fixture(scope="module")
def kernel(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("plotly-kernel")
    (tmp / "ipython").mkdir()
    k = Kernel(tmp, tmp / "ipython")
    k.run_ok("%load_ext chartex")
    yield k
    k.close()


@pytest.fixture
def loaded(kernel):
    kernel.run_ok("get_ipython().extension_manager.load_extension('chartex')")
    return kernel


# ------------------------------------------------ the first cell of all

@pytest.mark.parametrize("how", ["last expression", "fig.show()"])
def test_the_cell_that_imports_plotly_already_carries_the_chart(tmp_path, how):
    """plotly's renderers are imported lazily, in the cell that shows the
    first figure: chartex's renderer is there before that show."""
    k = Kernel(tmp_path, tmp_path / "ipython")
    try:
        k.run_ok("%load_ext chartex")
        assert k.stdout("import sys; print('plotly.io._renderers' in sys.modules)") \
            == "False\n"
        chart = chart_shown(k, SPEED + ("fig" if how == "last expression" else "fig.show()"))
        check_speed(chart)
        assert k.stdout("import plotly.io as pio; print(pio.renderers.default)") \
            .strip().endswith("+chartex")
    finally:
        k.close()


def test_plotly_imported_before_the_extension(tmp_path):
    k = Kernel(tmp_path, tmp_path / "ipython")
    try:
        k.run_ok("import plotly.io as pio\n_before = pio.renderers.default")
        k.run_ok("%load_ext chartex")
        assert k.stdout("print(pio.renderers.default == _before + '+chartex')") == "True\n"
        check_fruit(chart_shown(k, FRUIT + "bars.show()"))
    finally:
        k.close()


# ------------------------------------------------------ one kernel, many

def test_last_expression(loaded):
    check_speed(chart_shown(loaded, SPEED + "fig"))


def test_fig_show(loaded):
    check_fruit(chart_shown(loaded, FRUIT + "bars.show()"))


def test_display_and_pio_show(loaded):
    check_fruit(chart_shown(loaded, FRUIT + "display(bars)"))
    check_fruit(chart_shown(loaded, FRUIT + "import plotly.io as pio\npio.show(bars)"))


def test_typed_arrays_carry_the_numbers(loaded):
    chart = chart_shown(loaded, ARRAYS + "arr.show()")
    assert chart["type"] == "scatter" and chart["title"] == "arrays"
    (el,) = chart["elements"]
    assert xs_of(el) == [0.0, 1.0, 2.0, 3.0, 4.0]
    assert ys_of(el) == [0.5, -1.25, 3.0, 1e16, 0.1]
    # the same chart as the library gives for the figure object
    assert chart == json.loads(loaded.stdout(
        "import chartex, json\nprint(chartex.figure_to_json(arr))"))


def test_the_formatter_settings_apply(loaded):
    setting = "get_ipython().display_formatter.formatters['e2b/chart'].max_points = %s"
    loaded.run_ok(setting % 50)
    try:
        chart = chart_shown(loaded,
                            "import numpy as np, plotly.graph_objects as go\n"
                            "y = np.sin(np.arange(1000.0) / 40.0); y[321] = 7.5\n"
                            "long = go.Figure(go.Scatter(x=np.arange(1000.0), y=y, "
                            "mode='lines', name='long'))\n"
                            "long.show()")
        (el,) = chart["elements"]
        assert len(el["points"]) <= 50
        assert el["points"][0] == [0.0, 0.0] and el["points"][-1][0] == 999.0
        assert max(ys_of(el)) == 7.5
        assert el["downsampled"]["original_points"] == 1000.0
    finally:
        loaded.run_ok(setting % None)


def test_failure_gives_no_chart_and_keeps_the_display(loaded):
    loaded.run_ok(
        "import logging, types, chartex.ipython as _ci\n"
        "_seen = []\n"
        "class _Keep(logging.Handler):\n"
        "    def emit(self, record):\n"
        "        _seen.append(record.getMessage())\n"
        "logging.getLogger('chartex').addHandler(_Keep())\n"
        "from chartex import _chartex as _real\n"
        "def _boom(fig, **kw):\n"
        "    raise RuntimeError('boom reading a plotly figure')\n"
        "_ci._extension = types.SimpleNamespace(figure_to_dict=_boom)\n")
    try:
        for code in (FRUIT + "bars.show()", FRUIT + "bars"):
            shown = figure_displays(loaded.run_ok(code))        # no error, no stderr
            assert len(shown) == 1
            data = shown[0][1]
            assert PLOTLY_MIME in data and MIME not in data
    finally:
        loaded.run_ok("_ci._extension = _real")
    out = loaded.stdout("print(len(_seen)); print(_seen[0])")
    count, message = out.split("\n")[:2]
    assert count == "1"                                   # logged once
    assert "boom reading a plotly figure" in message
    check_fruit(chart_shown(loaded, "bars.show()"))


def test_a_replaced_default_gets_the_renderer_back(loaded):
    loaded.run_ok("import plotly.io as pio\npio.renderers.default = 'plotly_mimetype'")
    assert loaded.stdout("print(pio.renderers.default)") == "plotly_mimetype+chartex\n"
    check_fruit(chart_shown(loaded, FRUIT + "bars.show()"))


def test_reload_unload_load(loaded):
    count = ("import plotly.io as pio\n"
             "print(pio.renderers.default.split('+').count('chartex'),\n"
             "      'chartex' in pio.renderers,\n"
             "      len([c for c in get_ipython().events.callbacks['pre_run_cell']\n"
             "           if getattr(c, '__module__', '') == 'chartex.ipython']),\n"
             "      sum(1 for f in __import__('sys').meta_path\n"
             "          if getattr(f, '_chartex_import_watch', False)))")
    assert loaded.stdout(count) == "1 True 1 1\n"
    for _ in range(2):
        loaded.run_ok("%reload_ext chartex")
        assert loaded.stdout(count) == "1 True 1 1\n"
    check_fruit(chart_shown(loaded, FRUIT + "bars.show()"))
    loaded.run_ok("%unload_ext chartex")
    assert loaded.stdout(count) == "0 False 0 0\n"
    (shown,) = figure_displays(loaded.run_ok(FRUIT + "bars.show()"))
    assert PLOTLY_MIME in shown[1] and MIME not in shown[1]
    loaded.run_ok("%load_ext chartex")
    assert loaded.stdout(count) == "1 True 1 1\n"
    check_fruit(chart_shown(loaded, "bars.show()"))


# ------------------------------------------------ packers, E2B's client

@pytest.mark.parametrize("packer", ["json", "orjson"])
def test_the_chart_decodes_the_same_under_either_packer(tmp_path, packer):
    if packer == "orjson" and importlib.util.find_spec("orjson") is None:
        pytest.skip("orjson is not installed for this interpreter")
    ipython_dir = tmp_path / "ipython"
    profile = ipython_dir / "profile_default"
    profile.mkdir(parents=True)
    (profile / "ipython_kernel_config.py").write_text(
        "c.InteractiveShellApp.extensions = ['chartex']\n"
        "c.Session.packer = %r\n" % packer)
    k = Kernel(tmp_path, ipython_dir)
    try:
        assert k.stdout("print(get_ipython().kernel.session.packer)").strip() == packer
        before = len(k.raw)
        chart = chart_shown(
            k, "import plotly.graph_objects as go\n"
               "t = go.Figure(go.Scatter(x=[0, 1, 2, 3], y=[1.0, float('nan'), 3.0, 1e16],\n"
               "                         mode='lines',\n"
               "                         name='température °C \\u2212 \\U0001F600'))\n"
               "t.update_layout(title='quotes \" and \\\\ backslash')\n"
               "t.show()")
        (el,) = chart["elements"]
        assert ys_of(el) == [1.0, None, 3.0, 1e16]
        assert el["label"] == "température °C \u2212 \U0001F600"
        assert chart["title"] == 'quotes " and \\ backslash'
        # The reference: the library's JSON text of the same figure, carried
        # as a string (the same under every packer).
        ref = json.loads(json.loads(k.stdout(
            "import chartex, json\nprint(json.dumps(chartex.figure_to_json(t)))")))
        assert chart == ref
        texts = [t for t in k.raw[before:] if MIME in t]
        assert texts and all("NaN" not in t and "Infinity" not in t for t in texts)
    finally:
        k.close()


def test_e2b_client_reads_the_charts(loaded):
    """What E2B's server makes of a display (e2b/chart becomes the result's
    "chart") read by E2B's own client package, as tests/test_e2b_startup.py
    does for matplotlib."""
    e2b_charts = pytest.importorskip(
        "e2b_code_interpreter.charts",
        reason="E2B's client package e2b-code-interpreter is not installed "
               "(requirements-test.txt)")
    e2b_models = pytest.importorskip("e2b_code_interpreter.models")

    def result(code):
        (shown,) = figure_displays(loaded.run_ok(code))
        msg_type, data = shown
        wire = json.dumps({
            "text": data.get("text/plain"), "html": data.get("text/html"),
            "json": data.get("application/json"), "chart": data.get(MIME),
            "is_main_result": msg_type == "execute_result",
        }, allow_nan=False)
        r = e2b_models.Result(**golden.strict_loads(wire))
        assert "chart" in r.formats()
        assert r.chart.to_dict() == data[MIME]
        return r.chart

    line = result(SPEED + "fig.show()")
    assert isinstance(line, e2b_charts.LineChart)
    assert line.title == "Run 1" and (line.x_label, line.x_unit) == ("time (s)", "s")
    assert [(e.label, e.points) for e in line.elements] == \
        [("speed", [(1.0, 2.5), (2.0, 4.0), (3.0, 1.0)])]
    bar = result(FRUIT + "bars")
    assert isinstance(bar, e2b_charts.BarChart)
    assert [(e.label, e.value) for e in bar.elements] == \
        [("apples", 3.0), ("pears", 5.0), ("plums", 1.5)]
    scatter = result(ARRAYS + "arr.show()")
    assert isinstance(scatter, e2b_charts.ScatterChart)
    assert [p[1] for p in scatter.elements[0].points] == [0.5, -1.25, 3.0, 1e16, 0.1]


# ------------------------------------------------------ the start-up file

def test_startup_file_shows_plotly_charts(tmp_path):
    ipython_dir = tmp_path / "ipython"
    chartex.ipython.install_startup(str(ipython_dir))
    k = Kernel(tmp_path, ipython_dir)
    try:
        assert k.stdout("print(sorted(n for n in dir() if 'chartex' in n or "
                        "'plotly' in n))") == "[]\n"
        check_speed(chart_shown(k, SPEED + "fig.show()"))
        check_fruit(chart_shown(k, FRUIT + "bars"))
    finally:
        k.close()


# ------------------------------------------- the formatter, asked directly

def test_the_formatter_answers_for_a_plotly_figure():
    """A front end that asks the formatters (not plotly's renderers) gets
    the chart too: registered by type name, plotly.basedatatypes.BaseFigure."""
    import plotly.graph_objects as go

    formatter = chartex.ipython.ChartFormatter()
    fig = go.Figure(go.Bar(x=["apples", "pears", "plums"], y=[3, 5, 1.5], name="sold"))
    check_fruit(formatter(fig))
    assert formatter(fig) == chartex.figure_to_dict(fig, **formatter.chart_options())
    assert formatter({"data": "not a figure"}) is None   # a dict is no figure here
