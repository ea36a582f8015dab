"""The Altair fuzz target's findings and seeds, replayed through the real
extension: every file of fuzz/altair-regressions/ (an input the fuzzer
found, kept once fixed) and fuzz/altair-seeds/ (plans made by
tools/altair_fuzz_seeds.py) goes through the checks of fuzz/fuzz_altair.c:
json.loads of its bytes, made a plan when it is none ({"vega": it,
"datasets": {}}), then figure_to_json, figure_to_dict and the chart's
scene; a conversion returns or raises an ordinary exception (a SystemError
is a C function that failed without saying why); the dict and the JSON
text agree; the scene gives the same chart through the core alone.

The plans need no Altair, VegaFusion or vl-convert: they run on Debian's
Python too."""
import json

import pytest

import chartex
import golden

FUZZ = golden.SRCDIR / "fuzz"
INPUTS = sorted(p for d in ("altair-regressions", "altair-seeds")
                for p in (FUZZ / d).glob("*") if p.is_file() and p.name != "README")


def as_plan(obj):
    if not isinstance(obj, dict):
        return None
    vega, data = obj.get("vega"), obj.get("datasets")
    if isinstance(vega, dict) and isinstance(data, dict):
        return obj
    return {"vega": vega if isinstance(vega, dict) else obj,
            "datasets": data if isinstance(data, dict) else {}}


def test_there_are_seeds():
    assert len([p for p in INPUTS if p.parent.name == "altair-seeds"]) >= 20


def test_the_seeds_carry_data():
    charts = [chartex.figure_to_dict(json.loads(p.read_text(encoding="utf-8")))
              for p in INPUTS if p.parent.name == "altair-seeds"]
    assert sum(1 for d in charts if d) >= 20


@pytest.mark.parametrize("path", INPUTS, ids=["%s/%s" % (p.parent.name, p.name) for p in INPUTS])
def test_replay(path):
    text = path.read_bytes().decode("utf-8", "replace")
    try:
        plan = as_plan(json.loads(text))
    except (ValueError, RecursionError):
        return
    if plan is None:
        return
    try:
        out = chartex.figure_to_json(plan)
    except SystemError:
        raise
    except Exception:  # noqa: BLE001 - ordinary failures are the reader's answer
        return
    d = chartex.figure_to_dict(plan)
    assert json.loads(out) == d
    golden.check_chart(d)
    assert chartex.scene_json_to_json(chartex.figure_to_scene_json(plan)) == out
