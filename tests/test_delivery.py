"""The bound that keeps a chart as exact as its picture: points_per_pixel
(each series reduced to what its Axes can show: about that many points per
pixel column of the Axes as rendered), max_total_points (a budget for the
whole chart, series and image cells together) and the block reduction of
images.  Every test compares the output with the data it plotted, on a
figure drawn first (as a kernel draws the PNG before the chart).
"""
import io
import json
import math

import matplotlib.pyplot as plt
import numpy as np
import pytest

import chartex
import golden
from test_max_points import as_pairs, assert_subsequence, noisy


def drawn(fig):
    fig.savefig(io.BytesIO(), format="png")
    return fig


def chart(fig, **kw):
    """figure_to_dict with options, after the invariants every chart keeps."""
    d = chartex.figure_to_dict(fig, **kw)
    text = chartex.figure_to_json(fig, **kw)
    assert golden.strict_loads(text) == d
    golden.check_chart(d)
    return d


def columns(ax):
    """The Axes' width in pixels as rendered at the figure's dpi."""
    return ax.bbox.width


def test_line_is_reduced_to_four_points_per_pixel_column():
    x, y = noisy(200_001)
    y[777], y[150_000] = 60.0, -70.0        # spikes: kept whatever the limit
    fig, ax = plt.subplots(figsize=(6.4, 4.8), dpi=100)
    ax.plot(x, y, label="signal")
    drawn(fig)
    limit = math.ceil(4 * columns(ax)) + 2
    d = chart(fig, points_per_pixel=4)
    (el,) = d["elements"]
    pts = el["points"]
    source = as_pairs(x, y)
    assert len(pts) <= limit
    # As fine as the picture: one minmax run (first, last, lowest, highest
    # point) per pixel column the Axes has, at least.
    assert (limit - 2) // 4 >= math.floor(columns(ax))
    assert len(pts) >= 2 * math.floor(columns(ax))
    assert pts[0] == source[0] and pts[-1] == source[-1]
    assert [x[777], 60.0] in pts and [x[150_000], -70.0] in pts
    assert_subsequence(pts, source)
    assert el["downsampled"] == {"method": "minmax", "max_points": float(limit),
                                 "original_points": 200_001.0}


def test_width_follows_the_figure_size_and_dpi():
    x, y = noisy(100_000)
    sizes = []
    for figsize, dpi in (((3, 2), 72), ((6.4, 4.8), 100), ((12, 4), 150)):
        fig, ax = plt.subplots(figsize=figsize, dpi=dpi)
        ax.plot(x, y)
        drawn(fig)
        d = chart(fig, points_per_pixel=4)
        assert d["elements"][0]["downsampled"]["max_points"] == math.ceil(4 * columns(ax)) + 2
        sizes.append(len(d["elements"][0]["points"]))
        plt.close(fig)
    assert sizes[0] < sizes[1] < sizes[2]


def test_each_axes_of_a_grid_gets_its_own_width():
    fig = plt.figure(figsize=(8, 4), dpi=100)
    wide = fig.add_axes([0.05, 0.1, 0.6, 0.8])
    narrow = fig.add_axes([0.75, 0.1, 0.2, 0.8])
    x, y = noisy(50_000)
    wide.plot(x, y)
    narrow.plot(x, y)
    drawn(fig)
    d = chart(fig, points_per_pixel=4)
    a, b = d["elements"]
    assert a["elements"][0]["downsampled"]["max_points"] == math.ceil(4 * columns(wide)) + 2
    assert b["elements"][0]["downsampled"]["max_points"] == math.ceil(4 * columns(narrow)) + 2


def test_a_series_within_the_resolution_is_sent_whole():
    x, y = noisy(1000)
    fig, ax = plt.subplots()
    ax.plot(x, y, label="small")
    drawn(fig)
    d = chart(fig, points_per_pixel=4)
    (el,) = d["elements"]
    assert "downsampled" not in el
    assert el["points"] == as_pairs(x, y)
    assert "budget" not in d


def test_scatter_keeps_its_extremes_at_the_resolution():
    rng = np.random.default_rng(3)
    x, y = rng.normal(size=100_000), rng.normal(size=100_000)
    x[5], y[99_000] = 40.0, -40.0
    fig, ax = plt.subplots()
    ax.scatter(x, y)
    drawn(fig)
    d = chart(fig, points_per_pixel=4)
    (el,) = d["elements"]
    pts = el["points"]
    assert len(pts) <= math.ceil(4 * columns(ax)) + 2
    assert [40.0, y[5]] in pts and [x[99_000], -40.0] in pts
    assert_subsequence(pts, as_pairs(x, y))
    assert el["downsampled"]["method"] == "sample"


def test_fixed_limit_and_resolution_take_the_smaller():
    x, y = noisy(100_000)
    fig, ax = plt.subplots()
    ax.plot(x, y)
    drawn(fig)
    d = chart(fig, points_per_pixel=4, max_points=100)
    assert len(d["elements"][0]["points"]) <= 100
    assert d["elements"][0]["downsampled"]["max_points"] == 100.0


def test_budget_bounds_a_grid_of_many_series():
    fig, axs = plt.subplots(12, 12, figsize=(12, 12))
    rng = np.random.default_rng(0)
    data = []
    for ax in axs.flat:
        y = np.cumsum(rng.normal(size=10_000))
        ax.plot(y)
        data.append(y)
    drawn(fig)
    d = chart(fig, points_per_pixel=4, max_total_points=30_000)
    total = sum(len(el["points"]) for c in d["elements"] for el in c["elements"])
    assert total <= 30_000
    assert d["budget"] == {"max_total_points": 30_000.0, "original_points": 1_440_000.0}
    for c, y in zip(d["elements"], data):
        (el,) = c["elements"]
        pts = el["points"]
        assert el["downsampled"]["original_points"] == 10_000.0
        assert pts[0] == [0.0, y[0]] and pts[-1] == [9999.0, y[-1]]
        assert max(p[1] for p in pts) == y.max() and min(p[1] for p in pts) == y.min()
    text = chartex.figure_to_json(fig, points_per_pixel=4, max_total_points=30_000)
    assert len(text.encode()) < 2_000_000


def test_budget_shares_fairly_small_series_stay_whole():
    fig, ax = plt.subplots()
    x, y = noisy(100_000)
    ax.plot(x, y, label="big")
    ax.plot(x[:50], y[:50], label="small")
    drawn(fig)
    d = chart(fig, max_total_points=1000)
    big, small = d["elements"]
    assert "downsampled" not in small and len(small["points"]) == 50
    assert len(big["points"]) + 50 <= 1000
    # The rest goes to the big one (minmax keeps at most its limit: fewer
    # where a run's extremes coincide).
    assert len(big["points"]) >= 0.9 * (1000 - 50)
    assert big["downsampled"]["max_points"] == 950.0


def test_budget_alone_leaves_a_small_chart_alone():
    x, y = noisy(500)
    fig, ax = plt.subplots()
    ax.plot(x, y)
    d = chart(fig, max_total_points=30_000)
    assert "budget" not in d and "downsampled" not in d["elements"][0]


def block_means(a, fy, fx):
    r, c = a.shape
    out = []
    for i in range(0, r, fy):
        row = []
        for j in range(0, c, fx):
            block = a[i:i + fy, j:j + fx]
            finite = block[np.isfinite(block)]
            row.append(float(finite.mean()) if finite.size else None)
        out.append(row)
    return out


@pytest.mark.parametrize("shape", [(1000, 1000), (3000, 200), (7, 5000)])
def test_image_is_block_averaged_to_one_cell_per_pixel(shape):
    rng = np.random.default_rng(1)
    a = rng.normal(size=shape)
    a[0:3, 0:3] = np.nan                     # a block with no finite cell
    fig, ax = plt.subplots(figsize=(4, 4), dpi=100)
    ax.imshow(a, aspect="auto")
    drawn(fig)
    d = chart(fig, points_per_pixel=4)
    img = d["image"]
    fy, fx = (int(v) for v in img["downsampled"]["block"])
    assert img["downsampled"] == {"method": "block_mean", "block": [float(fy), float(fx)],
                                  "original_rows": float(shape[0]),
                                  "original_cols": float(shape[1])}
    # One cell per pixel at most, and no coarser than that needs.
    assert fy == max(1, math.ceil(shape[0] / math.ceil(ax.bbox.height)))
    assert fx == max(1, math.ceil(shape[1] / math.ceil(ax.bbox.width)))
    assert img["rows"] == math.ceil(shape[0] / fy) and img["cols"] == math.ceil(shape[1] / fx)
    expected = block_means(a, fy, fx)
    rows, cols = int(img["rows"]), int(img["cols"])
    assert len(img["values"]) == rows and all(len(r) == cols for r in img["values"])
    for i in sorted({0, 1, rows // 2, rows - 1}):
        for j in sorted({0, 5 % cols, cols - 1}):
            e, v = expected[i][j], img["values"][i][j]
            assert (e is None and v is None) or v == pytest.approx(e, rel=1e-12, abs=1e-12)
    assert img["values"][0][0] == (None if fy <= 3 and fx <= 3 else img["values"][0][0])
    assert img["extent"] == [-0.5, shape[1] - 0.5, shape[0] - 0.5, -0.5]


def test_image_within_budget_is_whole():
    a = np.arange(12.0).reshape(3, 4)
    fig, ax = plt.subplots()
    ax.imshow(a)
    d = chart(fig, points_per_pixel=4, max_total_points=30_000)
    assert "downsampled" not in d["image"]
    assert d["image"]["values"] == a.tolist()


def test_huge_heatmap_fits_the_budget():
    a = np.random.default_rng(2).normal(size=(2000, 2000))
    fig, ax = plt.subplots()
    ax.imshow(a)
    fig.colorbar(ax.images[0])
    drawn(fig)
    text = chartex.figure_to_json(fig, points_per_pixel=4, max_total_points=30_000)
    d = json.loads(text)
    assert d["image"]["rows"] * d["image"]["cols"] <= 30_000
    assert len(text.encode()) < 2_000_000


def test_no_options_keep_every_point():
    x, y = noisy(300_000)
    fig, ax = plt.subplots()
    ax.plot(x, y)
    drawn(fig)
    d = chart(fig)
    assert len(d["elements"][0]["points"]) == 300_000


@pytest.mark.parametrize("kw, exc", [
    ({"points_per_pixel": 0}, ValueError), ({"points_per_pixel": -1.0}, ValueError),
    ({"points_per_pixel": float("nan")}, ValueError), ({"points_per_pixel": "4"}, TypeError),
    ({"max_total_points": 5}, ValueError), ({"max_total_points": -1}, ValueError),
    ({"max_total_points": 1.5}, TypeError)])
def test_bad_options(kw, exc):
    fig, ax = plt.subplots()
    ax.plot([1, 2, 3])
    with pytest.raises(exc):
        chartex.figure_to_dict(fig, **kw)
    with pytest.raises(exc):
        chartex.figure_to_json(fig, **kw)


def test_scene_json_carries_the_pixels():
    x, y = noisy(100_000)
    fig, ax = plt.subplots()
    ax.plot(x, y)
    drawn(fig)
    scene = chartex.figure_to_scene_json(fig)
    (axes,) = json.loads(scene)["axes"]
    assert axes["pixels"] == [ax.bbox.width, ax.bbox.height]
    assert (chartex.scene_json_to_dict(scene, points_per_pixel=4)
            == chartex.figure_to_dict(fig, points_per_pixel=4))
