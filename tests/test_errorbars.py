"""Error bars: the ends of every error bar, against the values plotted.

Each case is read as it was built and after a render (a kernel renders the
PNG before the chart formatter runs), and the expected ends are computed
from the arrays given to errorbar() / bar(), not copied from an output.
"""
import datetime as dt
import io

import matplotlib.pyplot as plt
import numpy as np
import pytest

import chartex


@pytest.fixture(params=["built", "drawn"])
def read(request, chart):
    """read(fig) -> chart dict, after savefig when the case is "drawn"."""
    def run(fig):
        if request.param == "drawn":
            fig.savefig(io.BytesIO(), format="png")
        return chart(fig)
    return run


def close(got, want):
    """Nested lists equal up to float rounding (None where want has None)."""
    if isinstance(want, list):
        return (isinstance(got, list) and len(got) == len(want)
                and all(close(g, w) for g, w in zip(got, want)))
    if want is None:
        return got is None
    return got is not None and got == pytest.approx(want, rel=1e-12, abs=1e-12)


def ends(centre, err):
    """[[lower, upper], ...] for errorbar's err argument (scalar, (N,) or
    (2, N)), as matplotlib draws it."""
    centre = np.asarray(centre, dtype=float)
    err = np.broadcast_to(np.asarray(err, dtype=float),
                          (2, len(centre)) if np.ndim(err) == 2 else (len(centre),))
    lo, hi = (err[0], err[1]) if err.ndim == 2 else (err, err)
    return [[float(c - a), float(c + b)] for c, a, b in zip(centre, lo, hi)]


def test_symmetric_y(read):
    x = np.array([1.0, 2.0, 3.0, 4.0])
    y = np.array([2.5, 3.0, 1.0, 4.5])
    yerr = np.array([0.2, 0.5, 0.1, 1.25])
    fig, ax = plt.subplots()
    ax.errorbar(x, y, yerr=yerr, label="run")
    el = read(fig)["elements"][0]
    assert el["points"] == [[a, b] for a, b in zip(x.tolist(), y.tolist())]
    assert close(el["y_error"], ends(y, yerr))
    assert "x_error" not in el


def test_asymmetric_both_ways_with_caps(read):
    x = np.array([0.0, 1.0, 2.0])
    y = np.array([10.0, 20.0, 15.0])
    yerr = np.array([[1.0, 2.0, 0.5], [3.0, 0.25, 4.0]])
    xerr = np.array([[0.1, 0.2, 0.3], [0.4, 0.5, 0.6]])
    fig, ax = plt.subplots()
    ax.errorbar(x, y, yerr=yerr, xerr=xerr, capsize=4, fmt="o")
    el = read(fig)["elements"][0]
    assert close(el["y_error"], ends(y, yerr))
    assert close(el["x_error"], ends(x, xerr))


@pytest.mark.parametrize("every", [2, (1, 2), 3])
def test_errorevery(read, every):
    x = np.arange(7.0)
    y = x ** 2
    yerr = 0.5 + x / 10
    fig, ax = plt.subplots()
    ax.errorbar(x, y, yerr=yerr, errorevery=every)
    el = read(fig)["elements"][0]
    start, step = (0, every) if isinstance(every, int) else every
    want = [e if (i >= start and (i - start) % step == 0) else [None, None]
            for i, e in enumerate(ends(y, yerr))]
    assert close(el["y_error"], want)


def test_zero_errors_and_nan_point(read):
    x = np.array([1.0, 2.0, 3.0, 4.0])
    y = np.array([1.0, np.nan, 3.0, 4.0])
    yerr = np.array([0.0, 1.0, 0.0, 2.0])
    xerr = np.array([0.5, 0.5, 0.0, 0.5])
    fig, ax = plt.subplots()
    ax.errorbar(x, y, yerr=yerr, xerr=xerr)
    el = read(fig)["elements"][0]
    want_y = ends(y, yerr)
    want_y[1] = [None, None]
    want_x = ends(x, xerr)
    want_x[1] = [None, None]
    assert el["y_error"] == want_y
    assert el["x_error"] == want_x


def test_only_zero_length_bars_one_way_is_not_guessed(read):
    fig, ax = plt.subplots()
    ax.errorbar([1.0, 2.0], [3.0, 4.0], yerr=0.0)
    el = read(fig)["elements"][0]
    # One collection of zero-length segments does not say which way it
    # runs: no key rather than a guess.
    assert "y_error" not in el and "x_error" not in el


def test_dates(read):
    days = [dt.datetime(2024, 1, d) for d in (1, 2, 3)]
    fig, ax = plt.subplots()
    ax.errorbar(days, [1.0, 2.0, 3.0], xerr=dt.timedelta(hours=12), yerr=0.5)
    el = read(fig)["elements"][0]
    assert el["x_error"] == [["2023-12-31T12:00:00", "2024-01-01T12:00:00"],
                             ["2024-01-01T12:00:00", "2024-01-02T12:00:00"],
                             ["2024-01-02T12:00:00", "2024-01-03T12:00:00"]]
    assert el["y_error"] == [[0.5, 1.5], [1.5, 2.5], [2.5, 3.5]]


def test_two_errorbars_keep_their_own(read):
    fig, ax = plt.subplots()
    ax.errorbar([1.0, 2.0], [1.0, 1.0], yerr=0.1, label="a")
    ax.errorbar([1.0, 2.0], [1.0, 1.0], yerr=0.3, label="b")
    els = read(fig)["elements"]
    assert [e["label"] for e in els] == ["a", "b"]
    assert close(els[0]["y_error"], [[0.9, 1.1], [0.9, 1.1]])
    assert close(els[1]["y_error"], [[0.7, 1.3], [0.7, 1.3]])


def test_downsampled_errors_stay_with_their_points():
    n = 2000
    x = np.arange(n, dtype=float)
    y = np.sin(x / 50.0)
    yerr = 0.01 + x / n
    fig, ax = plt.subplots()
    ax.errorbar(x, y, yerr=yerr)
    el = chartex.figure_to_dict(fig, max_points=100)["elements"][0]
    assert "downsampled" in el
    assert len(el["y_error"]) == len(el["points"])
    for (px, py), (lo, hi) in zip(el["points"], el["y_error"]):
        i = int(px)
        assert py == y[i]
        assert lo == pytest.approx(y[i] - yerr[i]) and hi == pytest.approx(y[i] + yerr[i])


def test_bars_yerr(read):
    names = ["a", "b", "c"]
    h = np.array([3.0, 4.0, 5.0])
    err = np.array([[0.5, 1.0, 1.5], [1.0, 0.5, 0.25]])
    fig, ax = plt.subplots()
    ax.bar(names, h, yerr=err, capsize=3, label="first")
    ax.bar(names, [1.0, 1.0, 1.0], bottom=h, yerr=0.2, label="second")
    d = read(fig)
    assert d["type"] == "bar"
    first = [e for e in d["elements"] if e["group"] == "first"]
    second = [e for e in d["elements"] if e["group"] == "second"]
    assert close([e["y_error"] for e in first], ends(h, err))
    assert close([e["y_error"] for e in second], ends(h + 1.0, 0.2))
    assert all("x_error" not in e for e in d["elements"])


def test_barh_xerr(read):
    w = np.array([3.0, -2.0])
    fig, ax = plt.subplots()
    ax.barh([1, 2], w, xerr=[0.5, 1.0])
    els = read(fig)["elements"]
    assert close([e["x_error"] for e in els], ends(w, [0.5, 1.0]))


def test_bars_without_errors_have_no_key(read):
    fig, ax = plt.subplots()
    ax.bar([1, 2], [3, 4])
    ax.errorbar([1, 2], [3, 4], yerr=1.0, fmt="none")
    d = read(fig)
    # The separate errorbar() call is not the bars' own: matched to no bar.
    assert all("y_error" not in e for e in d["elements"])


def test_slanted_segments_are_not_error_bars():
    scene = {"version": 1, "axes": [{"artists": [
        {"kind": "line", "flags": ["errorbar_data"], "group": 1,
         "points": [[0, 0], [1, 1]]},
        {"kind": "segments", "role": "errorbar", "group": 1,
         "polygons": [[[0, -1], [0.5, 1]], [[1, 0], [1, 2]]]}]}]}
    import json
    d = chartex.scene_json_to_dict(json.dumps(scene))
    assert "y_error" not in d["elements"][0]


def test_segments_that_miss_the_points_are_dropped():
    import json
    scene = {"version": 1, "axes": [{"artists": [
        {"kind": "line", "flags": ["errorbar_data"], "group": 1,
         "points": [[0, 0], [1, 1]]},
        {"kind": "segments", "role": "errorbar", "group": 1,
         "polygons": [[[0, -1], [0, 1]], [[1, 5], [1, 6]]]}]}]}
    d = chartex.scene_json_to_dict(json.dumps(scene))
    assert "y_error" not in d["elements"][0]
    scene["axes"][0]["artists"][1]["polygons"][1] = [[1, 0.5], [1, 1.5]]
    d = chartex.scene_json_to_dict(json.dumps(scene))
    assert d["elements"][0]["y_error"] == [[-1.0, 1.0], [0.5, 1.5]]
