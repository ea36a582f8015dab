"""chartex.render: a chart redrawn from its numbers reads back as the same
chart; its pictures; `chartex render` and the review pages."""
import json
import re
import struct
import subprocess
import sys

import matplotlib.pyplot as plt
import numpy as np
import pytest

import chartex
import golden
from chartex._golden import diff as _diff
from chartex._golden import review as _review

FIXTURES = golden.fixture_paths()

# What the schema cannot carry, so that the redrawn figure reads differently,
# each with the reason.  Every other fixture must read back exactly.
NOT_CARRIED = {
    # A free patch's class is a fact about the original artist, not its
    # geometry: redrawn from its outline, every shape is a PathPatch.
    "unknown_patches": ["shapes[0].class: 'Circle' -> 'PathPatch'",
                        "shapes[1].class: 'Rectangle' -> 'PathPatch'"],
    # A contour set is computed from a field the chart does not carry (it
    # carries the levels and the paths): redrawn, its paths are a line
    # collection or filled polygons, read back as such.
    "contour_clabel": ["type: 'unknown' -> 'line'", "extra element 'Line 0'",
                       "contours: [{filled: false, levels: [1.0, 2.5], level_labels: "
                       "['1.0', ... (1 items) -> (absent)"],
    "contourf_extend": ["type: 'unknown' -> 'line'", "extra element 'Area 0'",
                        "contours: [{filled: true, levels: [null, 1.0, 3.0, null], "
                        "vmin: 1.0, ... (1 items) -> (absent)"],
    # hexbin's cells are centres and values; their hexagons (gridsize,
    # extent) are not in the chart: redrawn as coloured points.
    "cells_hexbin": ["type: 'unknown' -> 'scatter'", "extra element 'Scatter 0'",
                     "cells: {points: [[-2e-09, 0.0], [2.000000002, 2.1], "
                     "[0.49999999900... (6 items) -> (absent)"],
}


def expected_chart(path):
    return json.loads(golden.expected_path(path).read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_fixture_round_trip(path):
    want = expected_chart(path)
    fig = chartex.render(want)
    got = chartex.figure_to_dict(fig)
    differences = [str(d) for d in _diff.diff(want, got, rtol=0, atol=0)]
    assert differences == NOT_CARRIED.get(path.stem, [])
    if path.stem not in NOT_CARRIED:
        assert got == want


def test_the_exceptions_are_fixtures():
    assert set(NOT_CARRIED) <= {p.stem for p in FIXTURES}


def test_every_kind_is_among_the_fixtures():
    kinds = set()
    extra = set()
    for path in FIXTURES:
        chart = expected_chart(path)
        kinds.add(chart.get("type"))
        charts = chart["elements"] if chart.get("type") == "superchart" else [chart]
        for c in charts:
            kinds.add(c.get("type"))
            extra.update(k for k in ("orientation", "violin", "image", "shapes", "z_scale",
                                     "annotations", "tables", "heatmap", "cells",
                                     "contours") if c.get(k))
            for e in c.get("elements") or []:
                extra.update(k for k in ("baseline", "x_error", "y_error", "mean", "z",
                                         "steps", "vectors", "bar_label", "band",
                                         "group") if k in e)
    assert {"line", "scatter", "bar", "pie", "box_and_whisker", "superchart",
            "unknown"} <= kinds
    assert {"orientation", "violin", "image", "baseline", "x_error", "y_error",
            "mean", "shapes", "z_scale", "annotations", "tables", "z", "steps",
            "vectors", "bar_label", "band", "group", "heatmap", "cells",
            "contours"} <= extra


# Figures beyond the fixtures: drawn, read, redrawn, read again.
def _horizontal_violin(ax):
    kw = {"orientation": "horizontal"} if "orientation" in \
        plt.Axes.violinplot.__code__.co_varnames else {"vert": False}
    ax.violinplot([[1.0, 2.0, 3.0, 9.0], [2.0, 2.5, 4.0]], **kw)


def _horizontal_box(ax):
    kw = {"orientation": "horizontal"} if "orientation" in \
        plt.Axes.boxplot.__code__.co_varnames else {"vert": False}
    ax.boxplot([[1.0, 2.0, 3.0, 4.0, 30.0], [2.0, 3.0, 3.5]], **kw)
    ax.set_xlabel("Delay (ms)")


LIVE = {
    "line_nan_log": lambda ax: (ax.plot([1.0, 2.0, 3.0, 4.0], [1.0, np.nan, 100.0, 1e4],
                                        label="growth"), ax.set_yscale("log")),
    "scatter_nan": lambda ax: ax.scatter([1.0, 2.0, np.nan], [3.0, 4.0, 5.0]),
    "barh_groups": lambda ax: (ax.barh(["a", "b"], [1.0, 2.0], label="x"),
                               ax.barh(["a", "b"], [0.5, 0.25], left=[1.0, 2.0],
                                       label="y")),
    "bar_negative_yerr": lambda ax: ax.bar([0, 1, 2], [3.0, -2.0, 1.0],
                                           yerr=[0.5, 1.0, 0.25]),
    "pie_partial": lambda ax: ax.pie([0.2, 0.3], labels=["a", "b"], normalize=False),
    "violin_horizontal": _horizontal_violin,
    "violin_no_medians": lambda ax: ax.violinplot([[1.0, 2.0, 5.0], [0.0, 4.0, 4.5]]),
    "box_horizontal": _horizontal_box,
    "errorbar_asymmetric": lambda ax: ax.errorbar([1.0, 2.0, 3.0], [2.0, 4.0, 3.0],
                                                  yerr=[[0.5, 1.0, 0.0], [1.0, 0.5, 2.0]],
                                                  xerr=0.25, label="e"),
    "fill_between_two_edges": lambda ax: ax.fill_between([0.0, 1.0, 2.0], [1.0, 3.0, 2.0],
                                                         [0.5, 0.5, 1.0], label="band"),
    "imshow_nan": lambda ax: ax.imshow([[1.0, np.nan], [3.0, 4.0], [5.0, 6.0]]),
    "symlog_asinh": lambda ax: (ax.plot([-10.0, 0.0, 10.0], [1.0, 2.0, 3.0]),
                                ax.set_xscale("symlog"), ax.set_yscale("asinh")),
}


@pytest.mark.parametrize("name", sorted(LIVE))
def test_live_round_trip(name):
    fig, ax = plt.subplots()
    LIVE[name](ax)
    want = chartex.figure_to_dict(fig)
    assert want and want["type"] != "unknown" or "image" in want
    got = chartex.figure_to_dict(chartex.render(want))
    assert [str(d) for d in _diff.diff(want, got, rtol=0, atol=0)] == []


def test_downsampled_and_budget_are_not_redrawn():
    # The reduced points are drawn; the keys saying how many there were are
    # not data a figure can carry.
    fig, ax = plt.subplots()
    ax.plot(np.arange(1000.0), np.sin(np.arange(1000.0)), label="s")
    want = chartex.figure_to_dict(fig, max_points=50)
    assert "downsampled" in want["elements"][0]
    got = chartex.figure_to_dict(chartex.render(want))
    assert [str(d) for d in _diff.diff(want, got, ignore=["x_ticks", "x_tick_labels",
                                                          "y_ticks", "y_tick_labels"])] \
        == ["elements[0].downsampled: {method: 'minmax', max_points: 50.0, "
            "original_points: 1000.0} -> (absent)"]
    assert got["elements"][0]["points"] == want["elements"][0]["points"]


def test_render_takes_json_text_and_refuses_other_things():
    chart = expected_chart(golden.DEFAULT_FIXTURES / "pie_90_10.py")
    text = json.dumps(chart)
    assert chartex.figure_to_dict(chartex.render(text)) == chart
    with pytest.raises(TypeError, match="render\\(\\) takes a chart dict"):
        chartex.render([chart])
    # An empty chart is an empty figure.
    assert chartex.figure_to_dict(chartex.render({})) == {}


# ------------------------------------------------------------- pictures

def png_size(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def colours(path):
    import matplotlib.image

    pixels = matplotlib.image.imread(str(path))
    return len(np.unique(pixels.reshape(-1, pixels.shape[-1]), axis=0))


KIND_FIXTURES = {"line": "line_basic", "scatter": "scatter_basic", "bar": "bar_grouped",
                 "barh": "barh_categories", "pie": "pie_donut", "box": "box_showmeans",
                 "violin": "box_violin", "errorbar": "errorbar", "area": "fill_between",
                 "image": "imshow_colorbar", "superchart": "superchart_grid"}


@pytest.mark.parametrize("kind", sorted(KIND_FIXTURES))
def test_picture_of_each_kind(kind, tmp_path):
    chart = expected_chart(golden.DEFAULT_FIXTURES / (KIND_FIXTURES[kind] + ".py"))
    out = tmp_path / (kind + ".png")
    chartex.render(chart, dpi=50).savefig(out)
    data = out.read_bytes()
    width, height = png_size(data)
    if kind == "superchart":
        n = len(chart["elements"])
        cols = int(np.ceil(np.sqrt(n)))
        rows = int(np.ceil(n / cols))
        assert (width, height) == (round(4.8 * cols * 50), round(3.6 * rows * 50))
    else:
        assert (width, height) == (320, 240)
    # Drawn, not blank: a white page has one colour, a chart many.
    assert colours(out) > 20


# ------------------------------------------------------ the command line

def run_cli(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "chartex"] + [str(a) for a in args],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True, timeout=300, cwd=cwd)


def test_cli_render_png(tmp_path):
    chart = golden.expected_path(golden.DEFAULT_FIXTURES / "bar_grouped.py")
    out = tmp_path / "bars.png"
    r = run_cli("render", chart, "-o", out)
    assert (r.returncode, r.stderr) == (0, "")
    assert png_size(out.read_bytes()) == (640, 480)
    r = run_cli("render", chart, "-o", out, "--dpi", "50")
    assert png_size(out.read_bytes()) == (320, 240)


def test_cli_render_errors(tmp_path):
    r = run_cli("render", tmp_path / "none.json", "-o", tmp_path / "x.png")
    assert r.returncode == 2 and "cannot read" in r.stderr
    two = tmp_path / "two.ndjson"
    two.write_text('{"source":"a.py","figure":0,"chart":{}}\n'
                   '{"source":"a.py","figure":1,"chart":{}}\n')
    r = run_cli("render", two, "-o", tmp_path / "x.png")
    assert r.returncode == 2 and "holds 2 charts" in r.stderr
    r = run_cli("render", golden.expected_path(golden.DEFAULT_FIXTURES / "pie_90_10.py"))
    assert r.returncode == 2  # -o is required


SCRIPT = """
import matplotlib.pyplot as plt
fig, ax = plt.subplots()
ax.plot([1, 2, 3], [4.0, 5.0, 4.5], label="Oslo")
ax.set_title("Rain")
plt.figure()
plt.pie([1, 3], labels=["dry", "wet"])
"""


def page_images(folder):
    page = (folder / "index.html").read_text(encoding="utf-8")
    images = re.findall(r'<img src="([^"]+)"', page)
    for src in images:
        assert png_size((folder / src).read_bytes())[0] > 100
    return page, images


def test_convert_review(tmp_path):
    (tmp_path / "rain.py").write_text(SCRIPT)
    (tmp_path / "broken.py").write_text("raise ValueError('no data')\n")
    r = run_cli("convert", "--ndjson", "--review", "review", "rain.py", "broken.py",
                cwd=tmp_path)
    assert r.returncode == 1  # broken.py failed; the page still lists it
    assert "chartex: review page review/index.html" in r.stderr
    records = [json.loads(line) for line in r.stdout.splitlines()]
    assert [rec.get("figure") for rec in records] == [0, 1, None]
    page, images = page_images(tmp_path / "review")
    # Two figures, each original beside its redrawing.
    assert len(images) == 4
    assert page.index("rain.py (figure 0)") < page.index("rain.py (figure 1)") \
        < page.index("broken.py")
    assert "the script raised ValueError: no data" in page
    assert "<td>type</td><td>line</td>" in page
    assert "<td>title</td><td>Rain</td>" in page
    assert "<td>elements</td><td>1 (3 points)</td>" in page
    assert "<td>x scale</td><td>linear</td>" in page
    assert "<td>type</td><td>pie</td>" in page


def test_render_compare(tmp_path):
    (tmp_path / "rain.py").write_text(SCRIPT)
    r = run_cli("convert", "rain.py", "-o", "rain.ndjson", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    r = run_cli("render", "rain.ndjson", "--compare", "rain.py", "-o", "page", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    page, images = page_images(tmp_path / "page")
    assert len(images) == 4
    assert "<td>type</td><td>pie</td>" in page


def test_facts_of_a_superchart():
    chart = expected_chart(golden.DEFAULT_FIXTURES / "superchart_grid.py")
    facts = dict(_review.facts(chart))
    assert facts["type"] == "superchart"
    assert facts["charts"] == str(len(chart["elements"]))
    assert facts["chart 0"].startswith(chart["elements"][0]["type"] + ":")
    assert _review.facts({}) == [("type", "(no chart: the figure has no data)")]
