"""chartex in E2B's place: E2B's kernel start-up logic with chartex's
chart_figure_to_dict where E2B imports e2b_charts', in a real kernel, and
the e2b/chart that comes out read by E2B's own client package.

E2B's code interpreter image copies a start-up file into the IPython
profile (template/startup_scripts/0002_data.py of e2b-dev/code-interpreter)
that registers three formatters: e2b/chart, which calls e2b_charts'
chart_figure_to_dict for a Figure and gives {} when it raises; e2b/data,
which gives a pandas DataFrame's columns; and application/json through
orjson.  STARTUP below is this test's own rendition of that logic, with the
one import swapped, as doc/install.md tells a kernel image maker to do.  The
charts are then deserialized with e2b_code_interpreter (E2B's Python
client, from PyPI: a test requirement, never a dependency of chartex) the
way it reads a result that E2B's server relays: the MIME type e2b/chart
becomes the result's "chart", which the client turns into LineChart,
BarChart... objects.
"""
import json

import pytest

pytest.importorskip("IPython")
pytest.importorskip("jupyter_client")
pytest.importorskip("orjson", reason="E2B's start-up logic needs orjson (requirements-test.txt)")
pytest.importorskip("pandas", reason="E2B's start-up logic needs pandas (requirements-test.txt)")
e2b_charts = pytest.importorskip(
    "e2b_code_interpreter.charts",
    reason="E2B's client package e2b-code-interpreter is not installed (requirements-test.txt)")
e2b_models = pytest.importorskip("e2b_code_interpreter.models")

import golden  # noqa: E402
from test_ipython_kernel import Kernel, displays  # noqa: E402

MIME = "e2b/chart"

STARTUP = '''\
# E2B's kernel start-up logic (its 0002_data.py), with chartex in the place
# of e2b_charts: the one line a kernel image changes.
import IPython
import orjson
import pandas
from IPython.core.formatters import BaseFormatter, JSONFormatter
from traitlets.traitlets import ObjectName, Unicode

from chartex import chart_figure_to_dict


def _chart_or_empty(figure):
    try:
        return chart_figure_to_dict(figure)
    except:  # noqa: E722  (E2B's: any failure gives no chart)
        return {}


def _frame_columns(frame):
    columns = frame.to_dict(orient="list")
    return {name: [v.isoformat() if isinstance(v, pandas.Timestamp) else v for v in values]
            for name, values in columns.items()}


class DataFormatter(BaseFormatter):
    format_type = Unicode("e2b/data")
    print_method = ObjectName("_repr_e2b_data_")
    _return_type = (dict, str)
    type_printers = {pandas.DataFrame: _frame_columns}


class ChartFormatter(BaseFormatter):
    format_type = Unicode("e2b/chart")
    print_method = ObjectName("_repr_e2b_chart_")
    _return_type = (dict, str)

    def __call__(self, obj):
        # Imported here, as E2B does, not when the kernel starts.
        from matplotlib.pyplot import Figure

        if isinstance(obj, Figure):
            return _chart_or_empty(obj)
        return super().__call__(obj)


class OrjsonFormatter(JSONFormatter):
    def __call__(self, obj):
        if isinstance(obj, (list, dict)):
            try:
                text = orjson.dumps(obj, option=orjson.OPT_SERIALIZE_NUMPY
                                    | orjson.OPT_NON_STR_KEYS)
                return orjson.loads(text), {"expanded": True}
            except TypeError:
                pass
        return super().__call__(obj)


_shell = IPython.get_ipython()
_formatters = _shell.display_formatter.formatters
_formatters["e2b/data"] = DataFormatter(parent=_shell.display_formatter)
_formatters["e2b/chart"] = ChartFormatter(parent=_shell.display_formatter)
_formatters["application/json"] = OrjsonFormatter(parent=_shell.display_formatter)
'''


@pytest.fixture(scope="module")
def e2b_kernel(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("e2b")
    startup = tmp / "ipython" / "profile_default" / "startup"
    startup.mkdir(parents=True)
    (startup / "0002_data.py").write_text(STARTUP)
    k = Kernel(tmp, tmp / "ipython")
    yield k
    k.close()


def e2b_results(outputs):
    """What E2B's client makes of a cell's displays: the server turns each
    display's MIME bundle into a result (e2b/chart -> "chart"), sends it as
    JSON, and the client builds a Result, which deserializes the chart."""
    results = []
    for msg_type, data in displays(outputs):
        wire = json.dumps({
            "text": data.get("text/plain"), "png": data.get("image/png"),
            "json": data.get("application/json"), "data": data.get("e2b/data"),
            "chart": data.get(MIME), "is_main_result": msg_type == "execute_result",
        }, allow_nan=False)
        results.append((data, e2b_models.Result(**golden.strict_loads(wire))))
    return results


def one_result(kernel, code):
    (pair,) = e2b_results(kernel.run_ok(code))
    return pair


def test_the_formatter_is_e2b_s_logic(e2b_kernel):
    out = e2b_kernel.stdout(
        "f = get_ipython().display_formatter.formatters\n"
        "print(type(f['e2b/chart']).__name__, type(f['e2b/data']).__name__,\n"
        "      type(f['application/json']).__name__)\n"
        "import sys; print('e2b_charts' in sys.modules)")
    assert out.split("\n")[:2] == ["ChartFormatter DataFormatter OrjsonFormatter", "False"]
    text = e2b_kernel.stderr_path.read_text(errors="replace")
    assert "Traceback" not in text, text


def test_line_chart_reaches_the_client(e2b_kernel):
    data, result = one_result(
        e2b_kernel,
        "import matplotlib.pyplot as plt\n"
        "plt.plot([1, 2, 3], [2.5, 4.0, 1.0], label='speed')\n"
        "plt.plot([1, 2, 3], [5, 5, 5], label='limit')\n"
        "plt.title('Run 1'); plt.xlabel('time (s)'); plt.ylabel('v [m/s]')\n"
        "plt.show()")
    assert "image/png" in data
    assert "chart" in result.formats() and "png" in result.formats()
    chart = result.chart
    assert isinstance(chart, e2b_charts.LineChart)
    assert chart.type == e2b_charts.ChartType.LINE
    assert chart.title == "Run 1"
    assert (chart.x_label, chart.x_unit, chart.y_label, chart.y_unit) == \
        ("time (s)", "s", "v [m/s]", "m/s")
    assert chart.x_scale == e2b_charts.ScaleType.LINEAR
    assert [(e.label, e.points) for e in chart.elements] == [
        ("speed", [(1.0, 2.5), (2.0, 4.0), (3.0, 1.0)]),
        ("limit", [(1.0, 5.0), (2.0, 5.0), (3.0, 5.0)]),  # e2b_charts drops this one
    ]
    assert chart.x_ticks and len(chart.x_ticks) == len(chart.x_tick_labels)
    assert chart.to_dict() == data[MIME]


def test_every_kind_deserializes(e2b_kernel):
    cases = {
        "bar": ("fig, ax = plt.subplots(); ax.bar(['apples', 'pears'], [3, 3])",
                e2b_charts.BarChart),
        "pie": ("fig, ax = plt.subplots(); ax.pie([1, 3], labels=['a', 'b'])",
                e2b_charts.PieChart),
        "box": ("fig, ax = plt.subplots(); ax.boxplot([[1, 2, 3, 4, 50], [2, 3, 4, 5, 6]])",
                e2b_charts.BoxAndWhiskerChart),
        "scatter": ("fig, ax = plt.subplots(); ax.scatter([1, 2], [3, 4], label='p')",
                    e2b_charts.ScatterChart),
        "grid": ("fig, (a, b) = plt.subplots(1, 2); a.plot([1, 2]); b.bar(['x'], [2])\n"
                 "fig.suptitle('two')", e2b_charts.SuperChart),
    }
    for name, (code, cls) in cases.items():
        data, result = one_result(e2b_kernel, "import matplotlib.pyplot as plt\n" + code
                                  + "\nplt.show()")
        assert isinstance(result.chart, cls), (name, data.get(MIME))
    # the values, read through E2B's objects
    _, bar = one_result(e2b_kernel, "fig, ax = plt.subplots(); ax.bar(['apples', 'pears'], [3, 3])"
                                    "\nplt.show()")
    assert [(e.label, e.value) for e in bar.chart.elements] == [("apples", 3.0), ("pears", 3.0)]
    _, box = one_result(e2b_kernel, "fig, ax = plt.subplots(); ax.boxplot([[1, 2, 3, 4, 50]])"
                                    "\nplt.show()")
    (b,) = box.chart.elements
    assert (b.min, b.first_quartile, b.median, b.third_quartile, b.max, b.outliers) == \
        (1.0, 2.0, 3.0, 4.0, 4.0, [50.0])
    _, grid = one_result(e2b_kernel, "fig, (a, b) = plt.subplots(1, 2); a.plot([1, 2])\n"
                                     "b.pie([1, 1]); fig.suptitle('two'); plt.show()")
    assert grid.chart.title == "two"
    assert [type(c).__name__ for c in grid.chart.elements] == ["LineChart", "PieChart"]


def test_dates_come_as_iso_text(e2b_kernel):
    _, result = one_result(
        e2b_kernel,
        "import pandas as pd\n"
        "s = pd.Series([3.0, 1.5, 2.0], index=pd.date_range('2024-03-01', periods=3))\n"
        "ax = s.plot(label='sales'); plt.show()")
    chart = result.chart
    assert isinstance(chart, e2b_charts.LineChart)
    assert chart.x_scale == e2b_charts.ScaleType.DATETIME
    (el,) = chart.elements
    assert [p[0][:10] for p in el.points] == ["2024-03-01", "2024-03-02", "2024-03-03"]
    assert [p[1] for p in el.points] == [3.0, 1.5, 2.0]


def test_same_chart_as_chartex_in_the_kernel(e2b_kernel):
    outputs = e2b_kernel.run_ok(
        "import chartex, matplotlib.pyplot as plt\n"
        "fig, ax = plt.subplots(); ax.plot([0.1, 0.2], [1e16, float('nan')], label='n')\n"
        "print(chartex.figure_to_json(fig))\n"
        "plt.show()")
    printed = "".join(m["content"]["text"] for m in outputs if m["msg_type"] == "stream")
    (pair,) = e2b_results(outputs)
    assert pair[0][MIME] == golden.strict_loads(printed)
    assert pair[1].chart.elements[0].points == [(0.1, 1e16), (0.2, None)]


def test_failure_gives_no_chart_and_keeps_the_rest(e2b_kernel):
    data, result = one_result(
        e2b_kernel,
        "from matplotlib.figure import Figure\n"
        "bad = Figure(); (l,) = bad.subplots().plot([1, 2])\n"
        "l.get_xydata = lambda: 1 / 0\n"
        "bad")
    assert data[MIME] == {}
    assert result.chart is None and result.png and result.is_main_result
    data, result = one_result(
        e2b_kernel,
        "import pandas as pd\n"
        "pd.DataFrame({'a': [1, 2], 't': pd.to_datetime(['2024-01-01', '2024-01-02'])})")
    assert MIME not in data
    assert result.data == {"a": [1, 2], "t": ["2024-01-01T00:00:00", "2024-01-02T00:00:00"]}
