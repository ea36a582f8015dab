"""max_points: a limit on the points per series that keeps each series'
shape.  Every test compares the reduced output with the data it plotted:
the kept points are points of the series, in their order, with the first
and last ones, the extremes, and at most max_points of them."""
import datetime as dt
import json
import math

import matplotlib.pyplot as plt
import numpy as np
import pytest

import chartex
import golden


def reduced(fig, max_points):
    """figure_to_dict with a limit, after the invariants every chart keeps:
    strict JSON equal to the dict, the schema, E2B's client reads."""
    d = chartex.figure_to_dict(fig, max_points=max_points)
    text = chartex.figure_to_json(fig, max_points=max_points)
    assert golden.strict_loads(text) == d
    golden.assert_same_types(golden.strict_loads(text), d)
    golden.check_chart(d)
    return d


def as_pairs(xs, ys):
    return [[None if not math.isfinite(x) else float(x),
             None if not math.isfinite(y) else float(y)] for x, y in zip(xs, ys)]


def assert_subsequence(kept, source):
    """kept is source with some points left out, order unchanged."""
    j = 0
    for p in kept:
        while j < len(source) and source[j] != p:
            j += 1
        assert j < len(source), "point %r is not in the series (in order)" % (p,)
        j += 1


def noisy(n, seed=1):
    rng = np.random.default_rng(seed)
    x = np.linspace(0.0, 100.0, n)
    y = np.sin(x / 7.0) * 10 + rng.normal(0, 1, n)
    return x, y


@pytest.mark.parametrize("limit", [6, 7, 10, 101, 1000])
def test_line_keeps_first_last_and_extremes(limit):
    x, y = noisy(20001)
    y[1234], y[17777] = 55.5, -66.25   # spikes a blind truncation would lose
    fig, ax = plt.subplots()
    ax.plot(x, y, label="signal")
    d = reduced(fig, limit)
    (el,) = d["elements"]
    pts = el["points"]
    source = as_pairs(x, y)
    assert len(pts) <= limit
    assert pts[0] == source[0] and pts[-1] == source[-1]
    assert_subsequence(pts, source)
    ys = [p[1] for p in pts]
    assert max(ys) == 55.5 and min(ys) == -66.25
    assert el["downsampled"] == {"method": "minmax", "max_points": float(limit),
                                 "original_points": float(len(x))}


def test_line_shape_per_run():
    """Each run of consecutive points keeps its lowest and highest y: with
    limit 2 + 4k, the max of y over each run of (n - 2) / k points is kept."""
    n, k = 4002, 50
    x, y = noisy(n, seed=7)
    fig, ax = plt.subplots()
    ax.plot(x, y)
    pts = reduced(fig, 2 + 4 * k)["elements"][0]["points"]
    kept = {p[1] for p in pts}
    run = (n - 2) // k
    for j in range(k):
        part = y[1 + j * run:1 + (j + 1) * run]
        assert float(part.max()) in kept and float(part.min()) in kept


def test_no_key_and_same_points_under_the_limit():
    fig, ax = plt.subplots()
    ax.plot([1, 2, 3], [4, 5, 6], label="a")
    ax.plot(np.arange(50.0), np.arange(50.0) ** 2, label="b")
    d = reduced(fig, 50)
    assert d == chartex.figure_to_dict(fig)
    for el in d["elements"]:
        assert "downsampled" not in el
    # only the long series is reduced, each element says so on its own
    d = reduced(fig, 10)
    a, b = d["elements"]
    assert "downsampled" not in a and a["points"] == [[1.0, 4.0], [2.0, 5.0], [3.0, 6.0]]
    assert b["downsampled"]["original_points"] == 50.0 and len(b["points"]) <= 10


def test_gaps_stay_gaps():
    x = np.arange(1000.0)
    y = np.cos(x / 50.0)
    y[400:420] = np.nan
    fig, ax = plt.subplots()
    ax.plot(x, y)
    pts = reduced(fig, 100)["elements"][0]["points"]
    assert_subsequence(pts, as_pairs(x, y))
    assert any(p[1] is None for p in pts)
    gap = [p for p in pts if p[1] is None]
    assert all(400.0 <= p[0] < 420.0 for p in gap)


def test_scatter_keeps_extremes_and_a_deterministic_sample():
    rng = np.random.default_rng(3)
    x, y = rng.normal(size=5000), rng.normal(size=5000)
    fig, ax = plt.subplots()
    ax.scatter(x, y, label="cloud")
    d = reduced(fig, 200)
    assert d["type"] == "scatter"
    (el,) = d["elements"]
    pts = el["points"]
    assert len(pts) <= 200 and len(pts) >= 190
    source = as_pairs(x, y)
    assert_subsequence(pts, source)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    assert max(xs) == x.max() and min(xs) == x.min()
    assert max(ys) == y.max() and min(ys) == y.min()
    assert el["downsampled"]["method"] == "sample"
    # evenly spaced: index floor(k * n / slots) for the slots besides the extremes
    assert pts[0] == source[0] and source[5000 // 196] in pts
    assert chartex.figure_to_dict(fig, max_points=200) == d


def test_area_baseline_follows_the_points():
    x = np.linspace(0, 10, 3000)
    y1 = np.sin(x) + 2
    y2 = np.cos(x) * 0.5
    fig, ax = plt.subplots()
    ax.fill_between(x, y1, y2, label="band")
    d = reduced(fig, 60)
    (el,) = d["elements"]
    assert len(el["points"]) <= 60 and len(el["baseline"]) == len(el["points"])
    index = {float(v): i for i, v in enumerate(x)}
    for (px, py), b in zip(el["points"], el["baseline"]):
        i = index[px]
        assert py == float(y1[i]) and b == float(y2[i])
    assert max(p[1] for p in el["points"]) == float(y1.max())
    assert el["downsampled"]["original_points"] == 3000.0


def test_dates_stay_dates():
    start = dt.datetime(2024, 1, 1)
    days = [start + dt.timedelta(hours=h) for h in range(2000)]
    values = np.arange(2000.0) % 97
    fig, ax = plt.subplots()
    ax.plot(days, values)
    pts = reduced(fig, 50)["elements"][0]["points"]
    assert pts[0][0] == "2024-01-01T00:00:00"
    assert pts[-1][0] == golden.iso(days[-1])
    assert max(p[1] for p in pts) == 96.0


def test_superchart_limits_every_axes():
    fig, (a, b) = plt.subplots(1, 2)
    a.plot(np.arange(500.0), np.arange(500.0) % 13)
    b.scatter(np.arange(300.0), np.arange(300.0) % 7)
    d = reduced(fig, 20)
    assert d["type"] == "superchart"
    for chart in d["elements"]:
        (el,) = chart["elements"]
        assert len(el["points"]) <= 20 and "downsampled" in el


def test_scene_json_functions_take_the_limit():
    fig, ax = plt.subplots()
    ax.plot(np.arange(100.0), np.arange(100.0) ** 0.5)
    scene = chartex.figure_to_scene_json(fig)
    assert chartex.scene_json_to_dict(scene, max_points=10) == \
        chartex.figure_to_dict(fig, max_points=10)
    assert json.loads(chartex.scene_json_to_json(scene, max_points=10)) == \
        chartex.figure_to_dict(fig, max_points=10)


@pytest.mark.parametrize("bad, exc", [(5, ValueError), (0, ValueError), (-3, ValueError),
                                      (-2 ** 70, ValueError), (True, TypeError),
                                      (10.0, TypeError), ("100", TypeError)])
def test_bad_limits(bad, exc):
    fig, ax = plt.subplots()
    ax.plot([1, 2, 3])
    with pytest.raises(exc):
        chartex.figure_to_dict(fig, max_points=bad)
    with pytest.raises(exc):
        chartex.figure_to_json(fig, max_points=bad)


def test_huge_limit_is_no_limit():
    fig, ax = plt.subplots()
    ax.plot(np.arange(30.0))
    assert chartex.figure_to_dict(fig, max_points=2 ** 80) == chartex.figure_to_dict(fig)
