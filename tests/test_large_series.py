"""Large series read in place (the scene borrows a line's or a scatter's
NumPy buffer, the point limits read it once): the chart the formatter's
bounds give keeps each series' extremes exactly as NumPy finds them, on
random arrays with NaN, infinities and masked values, of any dtype,
strided or not, with dates; every kept point is a point of the series,
in order; and without a bound the chart is every point, as copied
arrays gave it (tools/identity.py proves that on every fixture)."""
import datetime as dt

import matplotlib.pyplot as plt
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import chartex
import golden

BOUNDS = {"points_per_pixel": 4.0, "max_total_points": 30000, "max_string": 10000}


def finite_extremes(xy):
    """NumPy's own pass: the lowest and highest finite x and y of the
    points whose x and y are both finite (the pairs a chart can keep)."""
    ok = np.isfinite(xy).all(axis=1)
    if not ok.any():
        return None
    f = xy[ok]
    return f[:, 0].min(), f[:, 0].max(), f[:, 1].min(), f[:, 1].max()


def kept_points(el):
    return np.array([[np.nan if v is None else v for v in p] for p in el["points"]],
                    dtype=float).reshape(-1, 2)


def is_subsequence(small, big):
    """Every row of small is a row of big, in order (NaN equal to NaN)."""
    j = 0
    for row in small:
        while j < len(big) and not np.array_equal(big[j], row, equal_nan=True):
            j += 1
        if j == len(big):
            return False
        j += 1
    return True


def arrays(draw, n):
    dtype = draw(st.sampled_from([np.float64, np.float32, np.int64, np.int32, np.uint16]))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    v = rng.normal(0, 1e3, size=n)
    if np.dtype(dtype).kind in "iu":
        return (np.abs(v) if np.dtype(dtype).kind == "u" else v).astype(dtype)
    v = v.astype(dtype)
    for bad in (np.nan, np.inf, -np.inf):
        k = draw(st.integers(0, 3))
        v[rng.integers(0, n, size=k)] = bad
    return v


@st.composite
def series(draw):
    n = draw(st.integers(2_000, 60_000))
    x = arrays(draw, n)
    y = arrays(draw, n)
    masked = draw(st.booleans())
    step = draw(st.sampled_from([1, 1, 2, 3]))
    return x, y, masked, step


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(series(), st.sampled_from(["line", "scatter"]))
def test_kept_extremes_are_numpys(s, kind):
    x, y, masked, step = s
    if masked:
        y = np.ma.masked_array(y, mask=np.arange(len(y)) % 7 == 3)
    x, y = x[::step], y[::step]     # strided views: not contiguous
    fig, ax = plt.subplots()
    try:
        art = ax.plot(x, y)[0] if kind == "line" else ax.scatter(x, y, s=1)
        fig.canvas.draw()
        xy = np.asarray(art.get_xydata() if kind == "line" else
                        np.ma.filled(np.ma.asarray(art.get_offsets(), dtype=float), np.nan),
                        dtype=float)
        d = chartex.figure_to_dict(fig, **BOUNDS)
        full = chartex.figure_to_dict(fig)
    finally:
        plt.close(fig)
    golden.check_chart(d)
    (el,) = d["elements"]
    (whole,) = full["elements"]
    got = kept_points(el)
    # The full chart is the series, point for point (null for NaN and inf).
    want_full = np.where(np.isfinite(xy), xy, np.nan)
    if kind == "scatter":
        # matplotlib masks the whole offset of a point with a NaN coordinate.
        want_full[~np.isfinite(xy).all(axis=1)] = np.nan
    assert np.array_equal(kept_points(whole), want_full, equal_nan=True)
    assert len(got) <= max(len(xy), 4 * 640 + 2)
    assert is_subsequence(got, want_full)
    ext = finite_extremes(xy)
    if ext is None:
        return
    f = got[np.isfinite(got).all(axis=1)]
    assert (f[:, 0].min(), f[:, 0].max(), f[:, 1].min(), f[:, 1].max()) == ext
    if len(xy) > len(got):
        assert el["downsampled"]["original_points"] == len(xy)


def test_a_date_line_keeps_its_first_last_and_extreme_dates():
    n = 200_000
    t = np.datetime64("2020-01-01T00:00") + np.arange(n).astype("timedelta64[m]")
    y = np.cumsum(np.random.default_rng(3).normal(size=n))
    fig, ax = plt.subplots()
    ax.plot(t, y)
    fig.canvas.draw()
    d = chartex.figure_to_dict(fig, **BOUNDS)
    pts = d["elements"][0]["points"]
    assert pts[0][0] == "2020-01-01T00:00:00"
    assert pts[-1][0] == (dt.datetime(2020, 1, 1) + dt.timedelta(minutes=n - 1)).isoformat()
    ys = [p[1] for p in pts]
    assert min(ys) == y.min() and max(ys) == y.max()
    assert d["x_scale"] == "datetime"


def test_the_scene_of_a_borrowed_series_is_the_copied_ones():
    """figure_to_scene_json writes the borrowed pairs as it wrote copies,
    and the core alone gives the same chart from that scene."""
    rng = np.random.default_rng(4)
    fig, ax = plt.subplots()
    ax.plot(rng.normal(size=5000)[::2])
    ax.scatter(rng.normal(size=300), rng.normal(size=300))
    text = chartex.figure_to_scene_json(fig)
    assert chartex.scene_json_to_json(text, **BOUNDS) == chartex.figure_to_json(fig, **BOUNDS)
    assert chartex.scene_json_to_json(text) == chartex.figure_to_json(fig)


def test_the_buffer_outlives_the_figure_during_a_call():
    """The arrays are kept alive by the call, not by the figure: a line
    whose data are replaced as it is read still reads consistently."""
    fig, ax = plt.subplots()
    (line,) = ax.plot(np.arange(100_000.0), np.arange(100_000.0))
    real = line.get_xydata

    def get_xydata():
        xy = real()
        line.set_data([0, 1], [0, 1])   # drops the figure's reference
        line.recache()
        return xy
    line.get_xydata = get_xydata
    d = chartex.figure_to_dict(fig, **BOUNDS)
    pts = d["elements"][0]["points"]
    assert pts[0] == [0.0, 0.0] and pts[-1] == [99_999.0, 99_999.0]


@pytest.mark.parametrize("n", [0, 1, 5])
def test_tiny_series(n):
    fig, ax = plt.subplots()
    ax.plot(np.arange(n), np.arange(n))
    ax.scatter(np.arange(n), np.arange(n))
    d = chartex.figure_to_dict(fig, **BOUNDS)
    if n:
        assert all(len(e["points"]) == n for e in d["elements"])
