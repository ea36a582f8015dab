"""The golden fixtures: each fixtures/NAME.py figure must give exactly the
reviewed fixtures/NAME.json, and every fixture's output must keep the
invariants of the schema contract."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import chartex
import golden

FIXTURES = golden.fixture_paths()


def test_enough_fixtures():
    assert len(FIXTURES) >= 30, [p.stem for p in FIXTURES]


def test_every_fixture_has_an_expected_file():
    folder = golden.DEFAULT_FIXTURES
    scripts = {p.stem for p in FIXTURES}
    expected = {p.stem for p in folder.glob("*.json")}
    assert scripts - expected == set(), "fixtures without expected JSON"
    assert expected - scripts == set(), "expected JSON without a fixture"


def test_every_fixture_has_a_scene():
    # tests/test_fixtures.c runs these scenes through the core without
    # Python; a fixture without one would be skipped there silently.
    folder = golden.DEFAULT_FIXTURES / "scenes"
    scripts = {p.stem for p in FIXTURES}
    scenes = {p.name[:-len(".scene.json")] for p in folder.glob("*.scene.json")}
    assert scripts - scenes == set(), "fixtures without a scene (run golden.py --update)"
    assert scenes - scripts == set(), "scenes without a fixture"


def test_scene_gives_the_expected_chart(fixture_path):
    # The same check as the Criterion test, through the Python API.
    scene = golden.scene_path(fixture_path).read_text(encoding="utf-8")
    want = golden.expected_path(fixture_path).read_text(encoding="utf-8")
    assert chartex.scene_json_to_json(scene, indent=2) + "\n" == want


@pytest.fixture(params=FIXTURES, ids=[p.stem for p in FIXTURES])
def fixture_path(request):
    return request.param


def test_expected_file_is_canonical(fixture_path):
    """The reviewed file is chart JSON as chartex writes it (indent 2, keys in
    the schema's order is checked by the comparison itself) and it satisfies
    the schema and the client's reads.  This holds without the engine."""
    text = golden.expected_path(fixture_path).read_text(encoding="utf-8")
    d = golden.strict_loads(text)
    assert text == json.dumps(d, indent=2, ensure_ascii=False) + "\n"
    golden.check_chart(d)


def test_golden(fixture_path):
    status, message = golden.check_fixture(fixture_path)
    if status == "skipped":
        pytest.skip(message)
    assert status == "ok", message


def test_invariants(fixture_path):
    try:
        fig = golden.build_figure(fixture_path)
        d = chartex.figure_to_dict(fig)
        compact = chartex.figure_to_json(fig)
        pretty = chartex.figure_to_json(fig, indent=2)
        scene = chartex.figure_to_scene_json(fig)
    finally:
        golden.close_all()
    # The dict and the JSON never disagree, and the JSON is strict.
    assert golden.strict_loads(compact) == d
    assert golden.strict_loads(pretty) == d
    golden.assert_same_types(golden.strict_loads(compact), d)
    assert compact == json.dumps(d, separators=(",", ":"), ensure_ascii=False)
    assert pretty == json.dumps(d, indent=2, ensure_ascii=False)
    # Schema, JSON types and every key E2B's clients read.
    golden.check_chart(d)
    # The scene dump reproduces the chart without matplotlib.
    assert chartex.scene_json_to_dict(scene) == d
    assert chartex.scene_json_to_json(scene) == compact


def _write_fixture(folder, name, body):
    (folder / (name + ".py")).write_text(
        "from matplotlib.figure import Figure\n\n\n"
        "def make_figure():\n"
        "    fig = Figure()\n"
        "    ax = fig.add_subplot()\n"
        + "".join("    %s\n" % line for line in body)
        + "    return fig\n", encoding="utf-8")


def _run_runner(*args):
    env = dict(os.environ)
    env.setdefault("MPLBACKEND", "Agg")
    return subprocess.run([sys.executable, str(Path(golden.__file__)), *args],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True, env=env, timeout=300)


def test_runner_reports_diffs_and_updates(tmp_path):
    _write_fixture(tmp_path, "one", ['ax.plot([0, 1], [2, 3], label="a")'])
    _write_fixture(tmp_path, "two", ['ax.bar(["x", "y"], [1, 2])'])
    # Missing expected files: failure, nothing written.
    r = _run_runner(str(tmp_path))
    assert r.returncode == 1, r.stdout + r.stderr
    assert "MISSING" in r.stdout
    assert not (tmp_path / "one.json").exists()
    # --update writes them; then everything matches.
    r = _run_runner("--update", str(tmp_path))
    assert r.returncode == 0, r.stdout + r.stderr
    assert json.loads((tmp_path / "one.json").read_text())["type"] == "line"
    r = _run_runner(str(tmp_path))
    assert r.returncode == 0, r.stdout + r.stderr
    # A changed expectation gives a unified diff naming the file.
    path = tmp_path / "one.json"
    path.write_text(path.read_text().replace('"a"', '"b"'))
    r = _run_runner(str(tmp_path))
    assert r.returncode == 1
    assert "DIFFERS" in r.stdout
    assert "--- one.json (expected)" in r.stdout
    assert "+++ one.json (chartex)" in r.stdout
    assert '-      "label": "b",' in r.stdout
    assert '+      "label": "a",' in r.stdout
    # A fixture that raises is reported and makes the run fail.
    (tmp_path / "three.py").write_text("def make_figure():\n    raise RuntimeError('boom')\n")
    r = _run_runner(str(tmp_path))
    assert r.returncode == 1
    assert "ERROR    three" in r.stdout
    assert "boom" in r.stdout


def test_one_pass_over_the_children_reads_what_the_lists_read(fixture_path, monkeypatch):
    # The walker reads ax._children once (chartex._matplotlib.compat.artist_lists)
    # instead of iterating ax.lines / collections / patches / images; with
    # the helper disabled it iterates the lists.  Both must give the same
    # scene, artist for artist and in the same order.
    from chartex._matplotlib import compat as _compat
    try:
        fig = golden.build_figure(fixture_path)
        assert all(_compat.artist_lists(ax) is not None for ax in fig.axes)
        fast = chartex.figure_to_scene_json(fig)
        monkeypatch.setattr(_compat, "artist_lists", lambda ax: None)
        assert chartex.figure_to_scene_json(fig) == fast
    finally:
        golden.close_all()
