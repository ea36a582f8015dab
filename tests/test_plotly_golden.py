"""The Plotly golden fixtures (fixtures/plotly/NAME.py, one per trace family
of issue 26 and the exact pie): each figure gives exactly its reviewed
NAME.json, on both supported plotly releases; the reviewed file is
canonical, keeps every invariant of the schema contract and is read by
E2B's client; the scene kept beside it (fixtures/plotly/scenes, which
tests/test_fixtures.c also runs through the core in C) gives the same
chart without Python's reader."""
import json
from pathlib import Path

import pytest

import chartex
import golden

pytest.importorskip("plotly.graph_objects", reason="plotly is not installed")

FOLDER = golden.DEFAULT_FIXTURES / "plotly"
FIXTURES = golden.fixture_paths(FOLDER)


@pytest.fixture(params=FIXTURES, ids=[p.stem for p in FIXTURES])
def fixture_path(request):
    return request.param


def test_one_fixture_per_family():
    assert {p.stem for p in FIXTURES} >= {
        "polar", "barpolar", "funnel", "funnelarea", "waterfall", "treemap", "sunburst",
        "icicle", "table", "indicator", "sankey", "parcoords", "parcats", "scattergeo",
        "choropleth", "maps", "pie_exact"}
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
