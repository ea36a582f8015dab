"""Contour sets: the "contours" key of an unknown chart (doc/schema.md,
"Contours"), checked against the data given to matplotlib and seaborn: a
plane z = x + 2y has straight contours, so every point of a level's path
must have z equal to the level, and every boundary point of a filled
region z between its levels.  The figure is drawn first (as a kernel
does) and not drawn."""
import io

import matplotlib
import numpy as np
import pytest

import chartex

import golden

plt = matplotlib.pyplot

# Before matplotlib 3.8 a ContourSet is no artist: only its collections,
# one per level, are in the Axes, and its levels die with it when nothing
# keeps it (its result, a colorbar, clabel).  The tests keep it (KEEP)
# where they check levels; test_unkept_contour_set checks the other case.
OWN_ARTIST = tuple(int(v) for v in matplotlib.__version__.split(".")[:2]) >= (3, 8)
KEEP = []


@pytest.fixture(autouse=True)
def _forget():
    yield
    KEEP.clear()


@pytest.fixture(params=["drawn", "not drawn"])
def read(request, chart):
    def _read(fig):
        if request.param == "drawn":
            fig.savefig(io.BytesIO(), format="png")
        return chart(fig)
    return _read


def plane():
    x = np.linspace(0.0, 4.0, 9)
    y = np.linspace(0.0, 3.0, 7)
    xx, yy = np.meshgrid(x, y)
    return x, y, xx + 2 * yy


def test_contour_lines_lie_on_their_levels(read):
    x, y, z = plane()
    fig, ax = plt.subplots()
    KEEP.append(ax.contour(x, y, z, levels=[1.5, 4.0, 7.25]))
    ax.set_title("plane")
    d = read(fig)
    assert d["type"] == "unknown" and d["title"] == "plane"
    (cs,) = d["contours"]
    assert cs["filled"] is False
    assert cs["levels"] == [1.5, 4.0, 7.25]
    assert "level_labels" not in cs
    assert {p["level"] for p in cs["paths"]} == {1.5, 4.0, 7.25}
    for p in cs["paths"]:
        pts = np.array(p["points"])
        assert len(pts) >= 2
        np.testing.assert_allclose(pts[:, 0] + 2 * pts[:, 1], p["level"], atol=1e-9)
    try:
        from e2b_code_interpreter import charts
    except ImportError:   # the oldest pair: tests/test_e2b_startup.py
        return
    assert charts._deserialize_chart(d).type.value == "unknown"


def test_contourf_regions_lie_between_their_levels(read):
    x, y, z = plane()
    fig, ax = plt.subplots()
    cf = ax.contourf(x, y, z, levels=[0.0, 3.0, 6.0, 10.0])
    fig.colorbar(cf, ax=ax, label="height [m]")
    (cs,) = read(fig)["contours"]
    assert cs["filled"] is True and cs["levels"] == [0.0, 3.0, 6.0, 10.0]
    assert cs["colorbar_label"] == "height [m]"
    assert (cs["vmin"], cs["vmax"], cs["norm"]) == (0.0, 10.0, "linear")
    assert {(p["lower"], p["upper"]) for p in cs["paths"]} == {(0.0, 3.0), (3.0, 6.0),
                                                               (6.0, 10.0)}
    for p in cs["paths"]:
        pts = np.array(p["points"])
        zz = pts[:, 0] + 2 * pts[:, 1]
        assert (zz >= p["lower"] - 1e-9).all() and (zz <= p["upper"] + 1e-9).all()
        assert not np.array_equal(pts[0], pts[-1])   # not repeated at its end


def test_contourf_extend_gives_open_ends(read):
    x, y, z = plane()
    fig, ax = plt.subplots()
    KEEP.append(ax.contourf(x, y, z, levels=[3.0, 6.0], extend="both"))
    (cs,) = read(fig)["contours"]
    assert cs["levels"] == [None, 3.0, 6.0, None]
    bands = {(p["lower"], p["upper"]) for p in cs["paths"]}
    assert bands == {(None, 3.0), (3.0, 6.0), (6.0, None)}


def test_clabel_texts_name_the_levels(read):
    x, y, z = plane()
    fig, ax = plt.subplots()
    c = ax.contour(x, y, z, levels=[2.0, 5.0, 8.0])
    ax.clabel(c, levels=[2.0, 8.0], fmt="%.1f m")
    (cs,) = read(fig)["contours"]
    assert cs["level_labels"] == ["2.0 m", None, "8.0 m"]


def test_contour_and_contourf_together_with_an_image(read):
    x, y, z = plane()
    fig, ax = plt.subplots()
    ax.imshow(z, origin="lower", extent=(0, 4, 0, 3))
    KEEP.append(ax.contourf(x, y, z, levels=3))
    KEEP.append(ax.contour(x, y, z, levels=[5.0], colors="k"))
    d = read(fig)
    assert d["image"]["values"] == z.tolist()
    filled, lines = d["contours"]
    assert filled["filled"] is True and lines["filled"] is False
    assert lines["levels"] == [5.0]


def test_tricontour_on_a_triangulation(read):
    rng = np.random.default_rng(5)
    x, y = rng.uniform(0, 1, 60), rng.uniform(0, 1, 60)
    z = x + 2 * y
    fig, ax = plt.subplots()
    KEEP.append(ax.tricontour(x, y, z, levels=[0.5, 1.5]))
    (cs,) = read(fig)["contours"]
    assert cs["levels"] == [0.5, 1.5]
    for p in cs["paths"]:
        pts = np.array(p["points"])
        np.testing.assert_allclose(pts[:, 0] + 2 * pts[:, 1], p["level"], atol=1e-9)
    plt.close(fig)
    fig, ax = plt.subplots()
    KEEP.append(ax.tricontourf(x, y, z, levels=[0.0, 1.0, 3.0]))
    (cs,) = read(fig)["contours"]
    assert cs["filled"] is True
    assert {(p["lower"], p["upper"]) for p in cs["paths"]} == {(0.0, 1.0), (1.0, 3.0)}


def test_dates_on_a_contour_axis_are_iso_text(read):
    days = np.arange("2024-01-01", "2024-01-05", dtype="datetime64[D]")
    z = np.array([[0.0, 1.0, 2.0, 3.0], [1.0, 2.0, 3.0, 4.0]])
    fig, ax = plt.subplots()
    ax.contour(days, [0.0, 1.0], z, levels=[1.5])
    (cs,) = read(fig)["contours"]
    xs = {p[0] for path in cs["paths"] for p in path["points"]}
    assert all(isinstance(v, str) and v.startswith("2024-01-0") for v in xs)


def test_seaborn_kdeplot_2d(read):
    sns = pytest.importorskip("seaborn")
    rng = np.random.default_rng(2)
    x, y = rng.normal(size=300), rng.normal(size=300)
    fig, ax = plt.subplots()
    sns.kdeplot(x=x, y=y, levels=4, ax=ax)
    d = read(fig)
    (cs,) = d["contours"]
    assert cs["filled"] is False and len(cs["levels"]) == 4
    if OWN_ARTIST:   # seaborn keeps no ContourSet (see KEEP)
        assert sorted(cs["levels"]) == cs["levels"] and None not in cs["levels"]
    assert cs["paths"]
    pts = np.concatenate([np.array(p["points"]) for p in cs["paths"]])
    # the density's contours surround the data
    assert pts[:, 0].min() > x.min() - 3 and pts[:, 0].max() < x.max() + 3
    plt.close(fig)
    fig, ax = plt.subplots()
    sns.kdeplot(x=x, y=y, fill=True, ax=ax)
    (cs,) = read(fig)["contours"]
    assert cs["filled"] is True and cs["paths"]


def test_long_contours_are_thinned_keeping_their_ends():
    t = np.linspace(0, 1, 400)
    xx, yy = np.meshgrid(t, t)
    z = np.hypot(xx - 0.5, yy - 0.5)
    fig, ax = plt.subplots()
    KEEP.append(ax.contour(t, t, z, levels=[0.1, 0.2, 0.3, 0.4]))
    whole = chartex.figure_to_dict(fig)["contours"][0]
    n = sum(len(p["points"]) for p in whole["paths"])
    d = chartex.figure_to_dict(fig, max_points=200)
    golden.check_chart(d)
    cs = d["contours"][0]
    ds = cs["downsampled"]
    assert ds == {"method": "stride", "max_points": 200.0, "original_points": float(n)}
    kept = sum(len(p["points"]) for p in cs["paths"])
    assert kept <= 200 + len(cs["paths"])
    for a, b in zip(whole["paths"], cs["paths"]):
        assert a["level"] == b["level"]
        assert a["points"][0] == b["points"][0] and a["points"][-1] == b["points"][-1]
        assert all(p in a["points"] for p in b["points"])


def test_scene_round_trip_keeps_contours():
    x, y, z = plane()
    fig, ax = plt.subplots()
    c = ax.contour(x, y, z, levels=[2.0, 5.0])
    ax.clabel(c)
    KEEP.append(ax.contourf(x, y, z, levels=[0.0, 5.0, 10.0], alpha=0.3))
    scene = chartex.figure_to_scene_json(fig)
    assert chartex.scene_json_to_dict(scene) == chartex.figure_to_dict(fig)


def test_empty_contour_set_gives_no_chart(chart):
    x, y, z = plane()
    fig, ax = plt.subplots()
    ax.contour(x, y, z, levels=[100.0])   # above every value: no line
    d = chart(fig)
    assert d == {} or d.get("contours") is None


def test_unkept_contour_set(read):
    x, y, z = plane()
    fig, ax = plt.subplots()
    ax.contour(x, y, z, levels=[1.5, 4.0, 7.25])   # the result is dropped
    ax.contourf(x, y, z, levels=[0.0, 5.0, 10.0])
    lines, filled = read(fig)["contours"]
    if OWN_ARTIST:
        assert lines["levels"] == [1.5, 4.0, 7.25]
        assert filled["levels"] == [0.0, 5.0, 10.0]
    else:
        # the collections remain, in data coordinates, but the levels are
        # gone with the ContourSet: null, one per level
        assert lines["levels"] == [None, None, None]
        assert filled["levels"] == [None, None, None]
        assert lines["vmin"] is None and lines["norm"] is None
    assert lines["filled"] is False and filled["filled"] is True
    by_level = {}
    for p in lines["paths"]:
        pts = np.array(p["points"])
        z_of = pts[:, 0] + 2 * pts[:, 1]
        np.testing.assert_allclose(z_of, z_of[0], atol=1e-9)
        by_level.setdefault(p["level"], set()).add(round(z_of[0], 6))
    assert sorted(v for s in by_level.values() for v in s) == [1.5, 4.0, 7.25]


def test_points_drawn_over_contours_keep_the_contours(read):
    # plot_types' tricontour: the data points, then the contours
    rng = np.random.default_rng(4)
    x, y = rng.uniform(0, 1, 40), rng.uniform(0, 1, 40)
    fig, ax = plt.subplots()
    ax.plot(x, y, "o", markersize=2, color="grey")
    KEEP.append(ax.tricontour(x, y, x + 2 * y, levels=[1.0]))
    d = read(fig)
    assert d["type"] == "line"
    assert d["elements"][0]["points"] == np.column_stack((x, y)).tolist()
    (cs,) = d["contours"]
    for p in cs["paths"]:
        pts = np.array(p["points"])
        np.testing.assert_allclose(pts[:, 0] + 2 * pts[:, 1], 1.0, atol=1e-9)
