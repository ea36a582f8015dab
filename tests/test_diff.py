"""The structural diff of charts (chartex._golden.diff) and `chartex diff`."""
import copy
import json
import os
import subprocess
import sys

import pytest

from chartex._golden import diff as _diff

BASE = {
    "type": "line",
    "title": "Temperatures",
    "elements": [
        {"label": "Bergen", "points": [[0.0, 7.5], [1.0, 8.25], [2.0, 9.8]]},
        {"label": "Oslo", "points": [[0.0, 3.0], [1.0, 4.0], [2.0, 5.0]]},
    ],
    "x_label": "Time (h)", "y_label": "Temperature (°C)",
    "x_unit": "h", "y_unit": "°C",
    "x_ticks": [0.0, 1.0, 2.0], "x_tick_labels": ["0", "1", "2"], "x_scale": "linear",
    "y_ticks": [4.0, 8.0], "y_tick_labels": ["4", "8"], "y_scale": "linear",
}


def changed(**changes):
    new = copy.deepcopy(BASE)
    new.update(changes)
    return new


def texts(old, new, **kw):
    return [str(d) for d in _diff.diff(old, new, **kw)]


def test_same_chart_has_no_difference():
    assert _diff.diff(BASE, copy.deepcopy(BASE)) == []
    assert _diff.summary([]) == "no differences (rtol 1e-09, atol 0)"


def test_paths_name_the_value_and_both_sides():
    new = copy.deepcopy(BASE)
    new["elements"][0]["points"][2][1] = 10.8
    new["x_label"] = "Time (min)"
    assert texts(BASE, new) == ["elements[0].points[2][1]: 9.8 -> 10.8",
                                "x_label: 'Time (h)' -> 'Time (min)'"]


def test_missing_and_extra_elements_by_label():
    new = copy.deepcopy(BASE)
    del new["elements"][1]
    new["elements"].append({"label": "Tromsø", "points": [[0.0, -2.0]]})
    new["elements"][0]["points"][2][1] = 10.8
    found = _diff.diff(BASE, new)
    assert [str(d) for d in found] == ["elements[0].points[2][1]: 9.8 -> 10.8",
                                       "missing element 'Oslo'",
                                       "extra element 'Tromsø'"]
    assert _diff.summary(found) == ("3 differences: 1 value changed, 1 element missing, "
                                    "1 extra element (rtol 1e-09, atol 0)")


def test_an_element_removed_in_front_does_not_shift_the_others():
    new = copy.deepcopy(BASE)
    del new["elements"][0]
    # Oslo is matched with Oslo, not with Bergen's position.
    assert texts(BASE, new) == ["missing element 'Bergen'"]


def test_reordered_elements():
    new = copy.deepcopy(BASE)
    new["elements"].reverse()
    assert texts(BASE, new) == [
        "elements: elements in another order: ['Bergen', 'Oslo'] -> ['Oslo', 'Bergen']"]


def test_bars_are_matched_by_label_and_group():
    old = {"type": "bar", "title": None, "elements": [
        {"label": "a", "group": "2023", "value": 1.0},
        {"label": "a", "group": "2024", "value": 2.0}]}
    new = copy.deepcopy(old)
    new["elements"][1]["value"] = 2.5
    assert texts(old, new) == ["elements[1].value: 2.0 -> 2.5"]
    del new["elements"][0]
    assert texts(old, new) == ["missing element 'a' (group '2023')",
                               "elements[1].value: 2.0 -> 2.5"]


def test_repeated_labels_match_by_position():
    old = {"type": "pie", "title": None, "elements": [
        {"label": "", "angle": 90.0, "radius": 1.0},
        {"label": "", "angle": 270.0, "radius": 1.0}]}
    new = copy.deepcopy(old)
    new["elements"][1]["angle"] = 260.0
    new["elements"].append({"label": "", "angle": 10.0, "radius": 1.0})
    assert texts(old, new) == ["elements[1].angle: 270.0 -> 260.0", "extra element ''"]


def test_tolerance():
    new = copy.deepcopy(BASE)
    new["elements"][0]["points"][1][1] = 8.25 * (1 + 1e-12)
    assert _diff.diff(BASE, new) == []
    new["elements"][0]["points"][1][1] = 8.26
    assert texts(BASE, new) == ["elements[0].points[1][1]: 8.25 -> 8.26"]
    assert _diff.diff(BASE, new, rtol=0.01) == []
    assert _diff.diff(BASE, new, atol=0.02) == []
    assert texts(BASE, new, atol=0.005) == ["elements[0].points[1][1]: 8.25 -> 8.26"]
    with pytest.raises(ValueError):
        _diff.diff(BASE, new, rtol=-1)


def test_nan_and_null():
    old = changed(elements=[{"label": "a", "points": [[0.0, None], [1.0, float("nan")]]}])
    new = copy.deepcopy(old)
    assert _diff.diff(old, new) == []
    new["elements"][0]["points"][0][1] = 2.0
    new["elements"][0]["points"][1][1] = 3.0
    assert texts(old, new) == ["elements[0].points[0][1]: null -> 2.0",
                               "elements[0].points[1][1]: NaN -> 3.0"]


def test_strings_and_numbers_are_not_equal():
    old = changed(x_ticks=["a", "b"])
    new = changed(x_ticks=[0.0, 1.0])
    assert texts(old, new) == ["x_ticks[0]: 'a' -> 0.0", "x_ticks[1]: 'b' -> 1.0"]


def test_lists_of_another_length_are_shown_compactly():
    new = changed(y_ticks=[float(v) for v in range(40)])
    (line,) = texts(BASE, new)
    assert line.startswith("y_ticks: [4.0, 8.0] -> [0.0, 1.0, 2.0")
    assert line.endswith("... (40 items)")
    assert len(line) < 100


def test_keys_added_and_removed():
    new = copy.deepcopy(BASE)
    del new["y_unit"]
    new["elements"][0]["y_error"] = [[1.0, 2.0]] * 3
    found = _diff.diff(BASE, new)
    assert [d.kind for d in found] == [_diff.ADDED, _diff.REMOVED]
    assert str(found[0]).startswith("elements[0].y_error: (absent) -> [[1.0, 2.0], ")
    assert str(found[1]) == "y_unit: '°C' -> (absent)"
    assert _diff.summary(found) == ("2 differences: 1 key removed, 1 key added "
                                    "(rtol 1e-09, atol 0)")


def test_ignore_by_key_and_by_pattern():
    new = copy.deepcopy(BASE)
    new["x_ticks"] = [0.0, 2.0]
    new["x_tick_labels"] = ["0", "2"]
    new["elements"][1]["points"][0][1] = 3.5
    assert len(_diff.diff(BASE, new)) == 3
    assert texts(BASE, new, ignore=["x_ticks", "x_tick_labels"]) == [
        "elements[1].points[0][1]: 3.0 -> 3.5"]
    assert texts(BASE, new, ignore=["elements[*].points", "x_tick_labels"]) == [
        "x_ticks: [0.0, 1.0, 2.0] -> [0.0, 2.0]"]
    # The brackets of a pattern are the path's own, not a character class.
    assert len(_diff.diff(BASE, new, ignore=["elements[1].points"])) == 2
    assert len(_diff.diff(BASE, new, ignore=["elements[0].points"])) == 3


def test_superchart_charts_are_recursed():
    old = {"type": "superchart", "title": "Both", "elements": [
        copy.deepcopy(BASE), {"type": "pie", "title": None, "elements": [
            {"label": "x", "angle": 360.0, "radius": 1.0}]}]}
    new = copy.deepcopy(old)
    new["elements"][1]["elements"][0]["radius"] = 0.5
    new["elements"][0]["elements"][1]["label"] = "Drammen"
    assert texts(old, new) == ["missing element 'Oslo'", "extra element 'Drammen'",
                               "elements[1].elements[0].radius: 1.0 -> 0.5"]


def test_format_diff_limits_and_summarises():
    new = copy.deepcopy(BASE)
    for i in range(3):
        new["elements"][1]["points"][i][1] += 1
    text = _diff.format_diff(_diff.diff(BASE, new), rtol=1e-9, atol=0, limit=2)
    assert text.splitlines() == [
        "  elements[1].points[0][1]: 3.0 -> 4.0",
        "  elements[1].points[1][1]: 4.0 -> 5.0",
        "  ... and 1 more",
        "3 differences: 3 values changed (rtol 1e-09, atol 0)"]


# ------------------------------------------------------------ chartex diff

def run_cli(*args, input=None):
    return subprocess.run([sys.executable, "-m", "chartex"] + [str(a) for a in args],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True, input=input, timeout=120)


def write(path, obj):
    path.write_text(json.dumps(obj, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def test_cli_same_charts_exit_0(tmp_path):
    a = write(tmp_path / "a.json", BASE)
    b = write(tmp_path / "b.json", BASE)
    r = run_cli("diff", a, b)
    assert (r.returncode, r.stdout, r.stderr) == (0, "same chart (rtol 1e-09, atol 0)\n", "")


def test_cli_differences_exit_1(tmp_path):
    new = copy.deepcopy(BASE)
    new["elements"][0]["points"][2][1] = 10.8
    del new["elements"][1]
    new["x_label"] = "Time (min)"
    r = run_cli("diff", write(tmp_path / "a.json", BASE), write(tmp_path / "b.json", new))
    assert r.returncode == 1, r.stderr
    assert r.stdout.splitlines() == [
        "  elements[0].points[2][1]: 9.8 -> 10.8",
        "  missing element 'Oslo'",
        "  x_label: 'Time (h)' -> 'Time (min)'",
        "3 differences: 2 values changed, 1 element missing (rtol 1e-09, atol 0)"]


def test_cli_tolerance_and_ignore(tmp_path):
    new = copy.deepcopy(BASE)
    new["elements"][0]["points"][2][1] = 9.81
    new["x_ticks"] = [0.0, 2.0]
    a, b = write(tmp_path / "a.json", BASE), write(tmp_path / "b.json", new)
    assert run_cli("diff", a, b, "--rtol", "0.01").returncode == 1
    r = run_cli("diff", a, b, "--rtol", "0.01", "--ignore", "x_ticks")
    assert (r.returncode, r.stdout) == (0, "same chart (rtol 0.01, atol 0)\n")
    r = run_cli("diff", a, b, "--atol", "0.001", "--ignore", "x_ticks")
    assert r.returncode == 1
    assert "(rtol 1e-09, atol 0.001)" in r.stdout


def test_cli_usage_errors_exit_2(tmp_path):
    a = write(tmp_path / "a.json", BASE)
    r = run_cli("diff", a, tmp_path / "missing.json")
    assert r.returncode == 2
    assert "missing.json: cannot read: No such file or directory" in r.stderr
    bad = tmp_path / "bad.json"
    bad.write_text("{not json\n")
    r = run_cli("diff", a, bad)
    assert r.returncode == 2 and "bad.json: line 1: not JSON" in r.stderr
    r = run_cli("diff", a, a, "--rtol", "-1")
    assert r.returncode == 2 and "must be a number >= 0" in r.stderr
    r = run_cli("diff", a)
    assert r.returncode == 2


def record(source, figure, chart=None, error=None):
    r = {"source": source}
    if figure is not None:  # convert's line for an input that failed has none
        r["figure"] = figure
    if error is not None:
        r["error"] = error
    else:
        r["chart"] = chart
    return json.dumps(r, ensure_ascii=False)


def test_cli_ndjson_matched_by_source(tmp_path):
    pie = {"type": "pie", "title": None, "elements": [{"label": "x", "angle": 360.0,
                                                       "radius": 1.0}]}
    new = copy.deepcopy(BASE)
    new["title"] = "Temperatures (Norway)"
    a = tmp_path / "a.ndjson"
    a.write_text("\n".join([record("p/a.py", 0, BASE), record("p/a.py", 1, pie),
                            record("p/b.py", 0, pie)]) + "\n")
    b = tmp_path / "b.ndjson"
    # Another order, b.py gone, c.py new.
    b.write_text("\n".join([record("p/a.py", 1, pie), record("p/a.py", 0, new),
                            record("p/c.py", None, error="the script raised")]) + "\n")
    r = run_cli("diff", a, b)
    assert r.returncode == 1, r.stderr
    assert r.stdout.splitlines() == [
        "p/a.py (figure 0):",
        "  title: 'Temperatures' -> 'Temperatures (Norway)'",
        "1 difference: 1 value changed (rtol 1e-09, atol 0)",
        "p/b.py (figure 0): only in %s" % a,
        "p/c.py: only in %s" % b,
        "3 of 4 charts differ"]
    r = run_cli("diff", a, a)
    assert (r.returncode, r.stdout) == (0, "0 of 3 charts differ\n")


def test_cli_ndjson_of_other_folders_matched_by_order(tmp_path):
    a = tmp_path / "a.ndjson"
    a.write_text(record("old/a.py", 0, BASE) + "\n" + record("old/b.py", 0, BASE) + "\n")
    new = copy.deepcopy(BASE)
    new["y_scale"] = "log"
    b = tmp_path / "b.ndjson"
    b.write_text(record("new/a.py", 0, BASE) + "\n" + record("new/b.py", 0, new) + "\n")
    r = run_cli("diff", a, b)
    assert r.returncode == 1
    assert "old/b.py (figure 0):\n  y_scale: 'linear' -> 'log'\n" in r.stdout
    assert r.stdout.endswith("1 of 2 charts differ\n")


def test_cli_stdin(tmp_path):
    a = write(tmp_path / "a.json", BASE)
    r = run_cli("diff", a, "-", input=json.dumps(BASE))
    assert r.returncode == 0, r.stderr
