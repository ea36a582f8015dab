"""`chartex convert` of Altair charts (issue 33): Vega-Lite files (.vl.json,
and .json files whose "$schema" names Vega-Lite: what Altair's chart.save
writes), folders holding them, and plotting scripts whose Altair charts are
those they show (chart.show()), else the one their last line gives (as a
notebook shows it, as Altair's own gallery scripts end), else the last one
their globals hold.  The records are the same NDJSON as for matplotlib
(tests/test_cli.py), each input in a worker process."""
import json
import textwrap

import pytest

from altair_helpers import need_altair

need_altair()

import altair as alt  # noqa: E402
import pandas as pd  # noqa: E402

import golden  # noqa: E402
from chartex import batch  # noqa: E402
from test_cli import lines_of, run_cli  # noqa: E402


@pytest.fixture(autouse=True)
def _python_paths_only(request):
    if golden.UNDER_ASAN and request.node.originalname != "test_vl_json_file":
        pytest.skip("Python paths only: run without the sanitizer runtimes")


SALES = pd.DataFrame({"region": ["North", "South", "East"], "units": [3.0, 5.0, 1.5]})


def bars():
    return alt.Chart(SALES, title="Units").mark_bar().encode(x="region:N", y="units:Q")


def check_bars(chart):
    assert chart["type"] == "bar" and chart["title"] == "Units"
    assert [(e["label"], e["value"]) for e in chart["elements"]] == [
        ("East", 1.5), ("North", 3.0), ("South", 5.0)]


def convert(*inputs):
    records = list(batch.convert([str(i) for i in inputs]))
    for r in records:
        assert "error" not in r, r
        golden.client_read(r["chart"])
    return [r["chart"] for r in records]


def test_vl_json_file(tmp_path):
    path = tmp_path / "bars.vl.json"
    bars().save(str(path))
    (chart,) = convert(path)
    check_bars(chart)
    r = run_cli("convert", str(path))
    assert r.returncode == 0, r.stderr
    check_bars(json.loads(r.stdout))


def test_json_file_with_a_vega_lite_schema(tmp_path):
    path = tmp_path / "bars.json"
    path.write_text(bars().to_json(), encoding="utf-8")
    (chart,) = convert(path)
    check_bars(chart)


def test_folders_take_vega_lite_files(tmp_path):
    bars().save(str(tmp_path / "a.vl.json"))
    (tmp_path / "b.json").write_text(bars().to_json(), encoding="utf-8")
    (tmp_path / "settings.json").write_text('{"theme": "dark"}', encoding="utf-8")
    (tmp_path / "c.json").write_text(json.dumps({"mark": "bar"}), encoding="utf-8")
    found = [p for p, kind, err in batch.iter_inputs([str(tmp_path)])]
    assert [p.rsplit("/", 1)[1] for p in found] == ["a.vl.json", "b.json"]
    for chart in convert(tmp_path):
        check_bars(chart)


def test_other_json_is_refused(tmp_path):
    path = tmp_path / "x.json"
    path.write_text('{"theme": "dark"}', encoding="utf-8")
    (record,) = batch.convert([str(path)])
    assert record["error"].startswith("not a Plotly figure or a Vega-Lite spec")


SCRIPT = """\
import altair as alt
import pandas as pd

sales = pd.DataFrame({"region": ["North", "South", "East"], "units": [3.0, 5.0, 1.5]})
base = alt.Chart(sales, title="Units")
"""


@pytest.mark.parametrize("ending", [
    "base.mark_bar().encode(x='region:N', y='units:Q')",                   # a notebook's cell
    "chart = base.mark_bar().encode(x='region:N', y='units:Q')\nchart.show()",
    "chart = base.mark_bar().encode(x='region:N', y='units:Q')\nprint('done')",
])
def test_script_charts(tmp_path, ending):
    path = tmp_path / "script.py"
    path.write_text(SCRIPT + ending + "\n", encoding="utf-8")
    (chart,) = convert(path)
    check_bars(chart)


def test_a_script_showing_two(tmp_path):
    path = tmp_path / "two.py"
    path.write_text(SCRIPT + textwrap.dedent("""\
        base.mark_bar().encode(x='region:N', y='units:Q').show()
        base.mark_point().encode(x='units:Q', y='region:N').show()
        """), encoding="utf-8")
    assert [c["type"] for c in convert(path)] == ["bar", "scatter"]


def test_matplotlib_and_altair_in_one_script(tmp_path):
    path = tmp_path / "both.py"
    path.write_text(SCRIPT + textwrap.dedent("""\
        import matplotlib.pyplot as plt
        plt.plot([1, 2, 3])
        base.mark_bar().encode(x='region:N', y='units:Q')
        """), encoding="utf-8")
    assert [c["type"] for c in convert(path)] == ["line", "bar"]


def test_a_failing_altair_script(tmp_path):
    path = tmp_path / "bad.py"
    path.write_text("import altair as alt\nraise ValueError('no data here')\n",
                    encoding="utf-8")
    (record,) = batch.convert([str(path)])
    assert "ValueError: no data here" in record["error"]


def test_ndjson_records(tmp_path):
    bars().save(str(tmp_path / "a.vl.json"))
    r = run_cli("convert", "--ndjson", str(tmp_path / "a.vl.json"))
    (rec,) = lines_of(r.stdout)
    assert rec["source"].endswith("a.vl.json") and rec["figure"] == 0
    check_bars(rec["chart"])
