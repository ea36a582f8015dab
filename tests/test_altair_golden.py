"""The Altair golden fixtures (fixtures/altair/NAME.py, one per idiom of
issue 33): each chart gives exactly its reviewed NAME.json (reviewed with
`chartex render --compare` beside Altair's own drawing); the reviewed file
is canonical, keeps every invariant of the schema contract and is read by
E2B's client; the chart's Vega-Lite dict gives the same chart; the scene
kept beside it (fixtures/altair/scenes, which tests/test_fixtures.c also
runs through the core in C) gives the same chart without Python's reader.
The numbers of a few are checked against VegaFusion's own here too, so that
a reviewed file cannot hold a wrong number unnoticed."""
import json

import pytest

import chartex
import golden
from altair_helpers import need_altair

need_altair()

FOLDER = golden.DEFAULT_FIXTURES / "altair"
FIXTURES = golden.fixture_paths(FOLDER)


@pytest.fixture(params=FIXTURES, ids=[p.stem for p in FIXTURES])
def fixture_path(request):
    return request.param


def test_one_fixture_per_idiom():
    assert {p.stem for p in FIXTURES} >= {
        "bar_sorted", "bar_stacked", "bar_grouped", "histogram", "line_timeunit",
        "scatter_colour", "boxplot", "pie_donut", "heatmap", "errorbars", "regression",
        "facet_concat"}
    scenes = {p.name[:-len(".scene.json")] for p in (FOLDER / "scenes").glob("*.scene.json")}
    assert scenes == {p.stem for p in FIXTURES}
    assert {p.stem for p in FOLDER.glob("*.json")} == {p.stem for p in FIXTURES}


def test_golden(fixture_path):
    status, message = golden.check_fixture(fixture_path)
    assert status == "ok", message


def test_expected_file(fixture_path):
    text = golden.expected_path(fixture_path).read_text(encoding="utf-8")
    d = golden.strict_loads(text)
    assert text == json.dumps(d, indent=2, ensure_ascii=False) + "\n"
    golden.check_chart(d)
    try:
        from e2b_code_interpreter import charts
    except ImportError:
        return
    assert charts._deserialize_chart(d).type.value == d["type"]


def test_scene_and_invariants(fixture_path):
    fig = golden.build_figure(fixture_path)
    d = chartex.figure_to_dict(fig)
    compact = chartex.figure_to_json(fig)
    assert golden.strict_loads(compact) == d
    assert compact == json.dumps(d, separators=(",", ":"), ensure_ascii=False)
    scene = golden.scene_path(fixture_path).read_text(encoding="utf-8")
    assert scene == chartex.figure_to_scene_json(fig) + "\n"
    assert chartex.scene_json_to_dict(scene) == d
    want = golden.expected_path(fixture_path).read_text(encoding="utf-8")
    assert chartex.scene_json_to_json(scene, indent=2) + "\n" == want
    # The Vega-Lite dict of the chart (its data inline) reads the same.
    import altair as alt

    with alt.data_transformers.disable_max_rows():
        spec = json.loads(json.dumps(fig.to_dict()))
    assert chartex.figure_to_dict(spec) == d


def _expected(name):
    path = FOLDER / (name + ".json")
    return golden.strict_loads(path.read_text(encoding="utf-8"))


def _frame(name):
    return golden.build_figure(FOLDER / (name + ".py")).transformed_data()


def test_histogram_bins_are_vegafusions():
    d = _expected("histogram")
    df = _frame("histogram")
    start, end = "bin_maxbins_10_x", "bin_maxbins_10_x_end"
    want = sorted(zip(df[start], df[end], df["__count"]))
    got = sorted((e["bin"][0], e["bin"][1], e["value"]) for e in d["elements"])
    assert got == [tuple(float(v) for v in row) for row in want]


def test_sorted_bars_are_vegafusions_sums_in_order():
    d = _expected("bar_sorted")
    df = _frame("bar_sorted")
    sums = dict(zip(df.iloc[:, 0], df.iloc[:, 1]))
    assert [e["value"] for e in d["elements"]] == [float(sums[e["label"]])
                                                 for e in d["elements"]]
    values = [e["value"] for e in d["elements"]]
    assert values == sorted(values, reverse=True)


def test_timeunit_line_is_vegafusions_monthly_means():
    d = _expected("line_timeunit")
    fig = golden.build_figure(FOLDER / "line_timeunit.py")
    df, rule = fig.transformed_data()
    want = [[t.strftime("%Y-%m-%dT%H:%M:%S"), float(v)]
            for t, v in zip(df["yearmonth_date"], df["mean_temp"])]
    assert d["elements"][0]["points"] == want
    assert d["reference_lines"][0]["value"] == float(rule["mean_temp"][0])
