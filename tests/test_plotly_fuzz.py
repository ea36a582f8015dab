"""The Plotly fuzz target's findings and seeds, replayed through the real
extension: every file of fuzz/plotly-regressions/ (an input the fuzzer
found, kept once fixed) and fuzz/plotly-seeds/ goes through the checks of
fuzz/fuzz_plotly.c: json.loads of its bytes (a list is the figure's data),
then figure_to_json, figure_to_dict and the figure's scene; a conversion
returns, or raises an ordinary exception (a SystemError is a C function
that failed without saying why); the dict and the JSON text agree; the
scene gives the same chart through the core alone.

A replay in pytest rather than in a C program: the reader reads Python
objects, so a replay needs an interpreter, and this one runs the very
extension that make check tests, under the sanitizers too when the build
has them (tests/run-pytest.sh preloads their runtimes)."""
import json
from pathlib import Path

import pytest

import chartex
import golden

FUZZ = golden.SRCDIR / "fuzz"
INPUTS = sorted(p for d in ("plotly-regressions", "plotly-seeds")
                for p in (FUZZ / d).glob("*") if p.is_file() and p.name != "README")


def test_there_are_seeds():
    assert len([p for p in INPUTS if p.parent.name == "plotly-seeds"]) >= 25


@pytest.mark.parametrize("path", INPUTS, ids=["%s/%s" % (p.parent.name, p.name) for p in INPUTS])
def test_replay(path):
    text = path.read_bytes().decode("utf-8", "replace")
    try:
        fig = json.loads(text)
    except (ValueError, RecursionError):
        return
    if isinstance(fig, list):
        fig = {"data": fig}
    if not isinstance(fig, dict):
        return
    try:
        out = chartex.figure_to_json(fig)
    except SystemError:
        raise
    except Exception:  # noqa: BLE001 - ordinary failures are the reader's answer
        return
    d = chartex.figure_to_dict(fig)
    assert json.loads(out) == d
    assert chartex.scene_json_to_json(chartex.figure_to_scene_json(fig)) == out
