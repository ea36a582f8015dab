"""The types a user's type checker sees: `mypy --strict` on a typed example
of the public API (tests/typing_example.py) against the chartex being
tested -- its py.typed and the extension's stub, _chartex.pyi -- must pass,
and calls that break the real signatures must be errors (the names are not
Any through the package's lazy __getattr__).

Skipped, with a message, where mypy is not installed (it is in
requirements-test.txt); Debian's python3 has none.
"""
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import chartex
import golden

pytest.importorskip("mypy", reason="mypy is not installed (pip install -r requirements-test.txt)")
import matplotlib  # noqa: E402

if not (Path(matplotlib.__file__).parent / "py.typed").exists():
    # Before 3.8 matplotlib has no types: a figure would be Any to mypy.
    pytest.skip("matplotlib %s has no type information (3.8 and newer have)"
                % matplotlib.__version__, allow_module_level=True)

EXAMPLE = Path(__file__).resolve().parent / "typing_example.py"

BAD = '''\
import matplotlib.pyplot as plt
import chartex

fig = plt.figure()
chartex.figure_to_dict(fig, 100)                       # line 5: max_points is keyword-only
chartex.figure_to_json(fig, indent="2")                # line 6: indent is an int
chartex.figure_to_dict([1, 2])                         # line 7: not a figure
n: int = chartex.figure_to_scene_json(fig)             # line 8: a str
chartex.scene_json_to_dict(3)                          # line 9: str or bytes
chartex.no_such_function(fig)                          # line 10: not a name of chartex (no __getattr__)
reveal_type(chartex.figure_to_dict)                    # line 11
reveal_type(chartex.chart_figure_to_dict)              # line 12
reveal_type(chartex.__version__)                       # line 13
'''


def _mypy(tmp_path, *files):
    env = dict(os.environ)
    env.pop("MYPYPATH", None)
    if not golden.INSTALLED:
        # A build tree: the package is on PYTHONPATH, which mypy does not
        # read.  Its errors are silenced, as for an installed package.
        env["MYPYPATH"] = str(Path(chartex.__file__).resolve().parent.parent)
        extra = ["--follow-imports=silent"]
    else:
        extra = []
    cmd = [sys.executable, "-m", "mypy", "--strict", *extra, "--no-error-summary",
           "--show-error-codes", "--no-color-output", "--hide-error-context",
           "--cache-dir", str(tmp_path / "mypy-cache"), *map(str, files)]
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True, env=env, cwd=str(tmp_path), timeout=600)


def test_mypy_strict_accepts_the_public_api_and_sees_real_signatures(tmp_path):
    bad = tmp_path / "bad_usage.py"
    bad.write_text(BAD)
    r = _mypy(tmp_path, EXAMPLE, bad)
    assert r.returncode == 1, r.stdout + r.stderr   # 1: the errors below
    lines = r.stdout.splitlines()
    assert all("bad_usage.py" in line for line in lines), r.stdout
    example_lines = [line for line in lines if "typing_example.py" in line]
    assert example_lines == [], "\n".join(example_lines)
    by_line = {}
    for line in lines:
        m = re.match(r".*bad_usage\.py:(\d+): (error|note): (.*)", line)
        if m:
            by_line.setdefault(int(m.group(1)), []).append(m.group(3))
    got = {n: " | ".join(msgs) for n, msgs in by_line.items()}
    for n in (5, 6, 7, 8, 9, 10):
        assert n in got, (n, r.stdout)
    assert "Too many positional arguments" in got[5]
    assert '"indent"' in got[6] and '"str"' in got[6]
    assert "figure_to_dict" in got[7] and "list[int]" in got[7]
    assert 'incompatible type' in got[8].lower() or "Incompatible types" in got[8]
    assert "scene_json_to_dict" in got[9]
    assert 'Module has no attribute "no_such_function"' in got[10]
    sig = ("def (matplotlib.figure.Figure | matplotlib.figure.SubFigure, *, "
           "max_points: int | None =, points_per_pixel: float | None =, "
           "max_total_points: int | None =, max_string: int | None =) -> dict[str, Any]")
    assert sig in _plain(got[11]), got[11]
    assert sig in _plain(got[12]), got[12]
    assert '"str"' in _plain(got[13]), got[13]


def _plain(text):
    """mypy's type text in one spelling across versions: no builtins.
    prefix, X | Y for Union[X, Y] and Optional[X]."""
    text = text.replace("builtins.", "")
    text = re.sub(r"Union\[([^\[\]]*)\]", lambda m: " | ".join(m.group(1).split(", ")), text)
    text = re.sub(r"Optional\[([^\[\]]*)\]", r"\1 | None", text)
    return text
