"""Altair charts in real IPython kernels: the e2b/chart a chart carries
beside Altair's own Vega-Lite bundle (issue 33), as a cell's last
expression, with display() and with chart.show().

Altair displays through _repr_mimebundle_, which IPython asks first, and
then every formatter whose MIME type the bundle lacks: the e2b/chart
formatter sees the chart object itself.  These tests run the kernels of
tests/test_ipython_kernel.py (ipykernel through jupyter_client, every
message part parsed as strict JSON) and read what comes out.  A kernel
that shows no Altair chart never imports VegaFusion or vl-convert.
"""
import json

import pytest

from altair_helpers import need_altair

need_altair()

import golden  # noqa: E402
from test_ipython_kernel import MIME, Kernel, displays  # noqa: E402

VEGA_LITE = "application/vnd.vegalite.v6+json"

SALES = (
    "import altair as alt, pandas as pd\n"
    "sales = pd.DataFrame({'region': ['North', 'South', 'East'], 'units': [3, 5, 1.5]})\n"
    "bars = alt.Chart(sales, title='Units').mark_bar().encode(x='region:N', y='units:Q')\n")


@pytest.fixture(autouse=True)
def _python_paths_only(request):
    if golden.UNDER_ASAN and request.node.originalname != "test_last_expression":
        pytest.skip("Python paths only: run without the sanitizer runtimes")


def altair_output(data):
    """Altair's own output: its Vega-Lite bundle, or the HTML its default
    renderer makes where no front end announces Vega-Lite support."""
    return VEGA_LITE in data or "vega-embed" in data.get("text/html", "")


def chart_shown(k, code):
    """The e2b/chart of the one display a cell makes, with Altair's own
    output beside it; the cell raised and printed nothing."""
    shown = [(t, d) for t, d in displays(k.run_ok(code)) if MIME in d or altair_output(d)]
    assert len(shown) == 1, shown
    data = shown[0][1]
    assert altair_output(data), sorted(data)
    assert MIME in data, sorted(data)
    return data[MIME]


def check_sales(chart):
    assert chart["type"] == "bar" and chart["title"] == "Units"
    assert [(e["label"], e["value"]) for e in chart["elements"]] == [
        ("East", 1.5), ("North", 3.0), ("South", 5.0)]


@pytest.fixture(scope="module")
def kernel(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("altair-kernel")
    (tmp / "ipython").mkdir()
    k = Kernel(tmp, tmp / "ipython")
    k.run_ok("%load_ext chartex")
    yield k
    k.close()


def test_no_vegafusion_until_an_altair_chart(tmp_path):
    k = Kernel(tmp_path, tmp_path / "ipython")
    try:
        k.run_ok("%load_ext chartex")
        k.run_ok("import matplotlib.pyplot as plt\nplt.plot([1, 2])\nplt.show()")
        k.run_ok("import pandas as pd\ndisplay(pd.DataFrame({'a': [1]}))")
        loaded = "import sys; print(sorted(m for m in ('vegafusion', 'vl_convert', 'altair',\n" \
                 "    'chartex._altair.plan') if m in sys.modules))"
        assert k.stdout(loaded) == "[]\n"
        check_sales(chart_shown(k, SALES + "bars"))
        assert k.stdout(loaded) == "['altair', 'chartex._altair.plan', 'vegafusion', " \
                                   "'vl_convert']\n"
    finally:
        k.close()


def test_last_expression(kernel):
    check_sales(chart_shown(kernel, SALES + "bars"))


def test_display_and_show(kernel):
    check_sales(chart_shown(kernel, SALES + "display(bars)"))
    check_sales(chart_shown(kernel, SALES + "bars.show()"))


def test_compound_charts(kernel):
    chart = chart_shown(kernel, SALES + "(bars | bars.mark_point()).properties(title='both')")
    assert chart["type"] == "superchart" and chart["title"] == "both"
    assert [c["type"] for c in chart["elements"]] == ["bar", "scatter"]


def test_the_same_chart_as_the_library(kernel):
    chart = chart_shown(kernel, SALES + "bars")
    assert chart == json.loads(kernel.stdout(
        "import chartex, json\nprint(chartex.figure_to_json(bars))"))


def test_the_bounds_apply(kernel):
    chart = chart_shown(kernel,
                        "import numpy as np\n"
                        "alt.data_transformers.disable_max_rows()\n"
                        "big = pd.DataFrame({'x': np.arange(100000.0), 'y': np.sin(np.arange(100000.0))})\n"
                        "alt.Chart(big).mark_line().encode(x='x:Q', y='y:Q')")
    (el,) = chart["elements"]
    # 4 points per pixel column of the 300-pixel view
    assert len(el["points"]) <= 4 * 300 + 2
    assert el["downsampled"]["original_points"] == 100000.0


def test_max_rows_error_of_altair_keeps_the_chart(kernel):
    # Altair's own display refuses more than 5000 rows: chartex still reads
    # the chart (VegaFusion is no browser), and the cell shows Altair's error
    kernel.run_ok("alt.data_transformers.enable('default')")
    _, msgs = kernel.run("import numpy as np\n"
                      "many = pd.DataFrame({'x': np.arange(6000.0), 'y': 1.0})\n"
                      "alt.Chart(many).mark_point().encode(x='x:Q', y='y:Q')")
    charts = [d[MIME] for t, d in displays(msgs) if MIME in d]
    assert len(charts) == 1 and charts[0]["type"] == "scatter"


def test_without_vegafusion_no_chart_and_one_log(tmp_path):
    k = Kernel(tmp_path, tmp_path / "ipython")
    try:
        k.run_ok("%load_ext chartex")
        k.run_ok("import logging, sys\n"
                 "_seen = []\n"
                 "class _Keep(logging.Handler):\n"
                 "    def emit(self, record):\n"
                 "        _seen.append(record.getMessage())\n"
                 "logging.getLogger('chartex').addHandler(_Keep())\n"
                 "sys.modules['vegafusion'] = None\n")
        for _ in range(2):
            shown = [d for t, d in displays(k.run_ok(SALES + "bars")) if altair_output(d)]
            # the display goes on; its e2b/chart is empty (E2B's server drops it)
            assert len(shown) == 1 and shown[0].get(MIME, {}) == {}
        out = k.stdout("print(len(_seen)); print(_seen[0])")
        count, message = out.split("\n")[:2]
        assert count == "1"
        assert "pip install 'chartex[altair]'" in message
    finally:
        k.close()
