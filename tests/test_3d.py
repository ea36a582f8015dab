"""3-D Axes: x, y and z in data coordinates, drawn or not.

Once a figure is drawn (a kernel renders the PNG before the chart
formatter runs), the 2-D state of mplot3d's artists holds screen
projections (about +-0.1); every case here is read as built and after a
render, and checked against the arrays given to the plotting call.
"""
import io
import json
import pickle

import matplotlib.pyplot as plt
import numpy as np
import pytest

import chartex
from chartex._offline import unpickle as _unpickle


@pytest.fixture(params=["built", "drawn", "rotated"])
def read(request, chart):
    """read(fig) -> chart dict, after savefig when the case is drawn (and
    with another view angle when it is rotated)."""
    def run(fig):
        if request.param == "rotated":
            for ax in fig.axes:
                if hasattr(ax, "view_init"):
                    ax.view_init(elev=60, azim=-120)
        if request.param != "built":
            fig.savefig(io.BytesIO(), format="png")
        return chart(fig)
    return run


def axes3d():
    fig = plt.figure()
    return fig, fig.add_subplot(projection="3d")


def as_set(points):
    return {tuple(float(v) for v in p) for p in points}


def test_line_and_scatter_points_and_z(read):
    t = np.linspace(0, 4 * np.pi, 50)
    x, y, z = np.cos(t), np.sin(t), t / 3
    sx, sy, sz = np.array([0.5, -1.0, 2.0]), np.array([3.0, 0.25, -2.0]), np.array([7.0, 8.0, 9.5])
    fig, ax = axes3d()
    ax.plot(x, y, z, label="helix")
    ax.scatter(sx, sy, sz, label="probes")
    ax.set_xlabel("East (km)")
    ax.set_ylabel("North [km]")
    ax.set_zlabel("Depth (m)")
    d = read(fig)
    assert d["type"] == "scatter"
    helix, probes = d["elements"]
    assert helix["label"] == "helix" and probes["label"] == "probes"
    assert helix["points"] == [[a, b] for a, b in zip(x.tolist(), y.tolist())]
    assert helix["z"] == z.tolist()
    assert probes["points"] == [[a, b] for a, b in zip(sx.tolist(), sy.tolist())]
    assert probes["z"] == sz.tolist()
    assert (d["x_unit"], d["y_unit"], d["z_label"], d["z_unit"]) == ("km", "km", "Depth (m)", "m")
    assert d["z_scale"] == "linear"
    lo, hi = sorted(ax.get_zlim())
    assert d["z_ticks"] and all(lo - 1e-9 <= t <= hi + 1e-9 for t in d["z_ticks"])
    assert len(d["z_tick_labels"]) == len(d["z_ticks"])
    assert "shapes" not in d


def test_z_keys_come_last_and_only_on_3d(read):
    fig, ax = axes3d()
    ax.plot([0.0, 1.0], [2.0, 3.0], [4.0, 5.0])
    keys = list(read(fig))
    assert keys[-5:] == ["z_label", "z_unit", "z_ticks", "z_tick_labels", "z_scale"]
    fig2, ax2 = plt.subplots()
    ax2.plot([0.0, 1.0], [2.0, 3.0])
    assert not any(k.startswith("z_") for k in read(fig2))


def test_nan_and_masked_z_are_null(read):
    fig, ax = axes3d()
    z = np.ma.masked_array([1.0, 2.0, 3.0, 4.0], mask=[0, 1, 0, 0])
    z[3] = np.nan
    ax.plot([0.0, 1.0, 2.0, 3.0], [0.0, 1.0, 0.0, 1.0], z)
    el = read(fig)["elements"][0]
    # matplotlib 3.10 keeps the mask (and masks the point's x and y too:
    # _broadcast_with_masks), so the point is not drawn; 3.6 drops the mask
    # (np.broadcast_to) and draws z = 2.0.  The chart says what is drawn.
    held = np.ma.filled(np.ma.asarray(ax.lines[0].get_data_3d()[2], dtype=float), np.nan)
    hidden = not np.isfinite(held[1])
    assert el["z"] == [1.0, None if hidden else 2.0, 3.0, None]
    assert el["points"][1] == ([None, None] if hidden else [1.0, 1.0])
    assert [el["points"][i] for i in (0, 2, 3)] == [[0.0, 0.0], [2.0, 0.0], [3.0, 1.0]]


def test_scalar_z_is_broadcast(read):
    fig, ax = axes3d()
    ax.plot([0.0, 1.0, 2.0], [5.0, 6.0, 7.0], zs=2.5, zdir="z")
    assert read(fig)["elements"][0]["z"] == [2.5, 2.5, 2.5]


def test_surface_cells_lie_on_the_surface(read):
    xs, ys = np.arange(4.0), np.array([0.0, 0.5, 2.0])
    X, Y = np.meshgrid(xs, ys)
    Z = X * 2 - Y ** 2
    fig, ax = axes3d()
    ax.plot_surface(X, Y, Z)
    ax.set_zlabel("height (m)")
    d = read(fig)
    assert d["type"] == "unknown" and d["elements"] == []
    assert d["z_unit"] == "m" and d["x_scale"] == "linear" and "y_ticks" in d
    (shape,) = d["shapes"]
    assert (shape["class"], shape["kind"], shape["label"]) == ("Poly3DCollection", "polygons", None)
    assert len(shape["polygons"]) == (len(ys) - 1) * (len(xs) - 1)
    vertices = [p for poly in shape["polygons"] for p in poly]
    for x, y, z in vertices:
        assert z == pytest.approx(x * 2 - y ** 2)
    assert as_set(vertices) == as_set(zip(X.ravel(), Y.ravel(), Z.ravel()))


def test_wireframe_lines(read):
    X, Y = np.meshgrid(np.arange(3.0), np.arange(2.0))
    Z = X + 10 * Y
    fig, ax = axes3d()
    ax.plot_wireframe(X, Y, Z, label="mesh")
    (shape,) = read(fig)["shapes"]
    assert (shape["class"], shape["kind"], shape["label"]) == ("Line3DCollection", "lines", "mesh")
    rows = [[[float(x), float(y), float(z)] for x, y, z in zip(X[i], Y[i], Z[i])]
            for i in range(X.shape[0])]
    cols = [[[float(x), float(y), float(z)] for x, y, z in zip(X[:, j], Y[:, j], Z[:, j])]
            for j in range(X.shape[1])]
    assert sorted(shape["polygons"]) == sorted(rows + cols)


def test_bar3d_faces(read):
    x, y, z = [0.0, 2.0], [1.0, 1.0], [0.0, 0.5]
    dx, dy, dz = 0.5, 0.25, [3.0, 4.0]
    fig, ax = axes3d()
    ax.bar3d(x, y, z, dx, dy, dz)
    (shape,) = read(fig)["shapes"]
    faces = shape["polygons"]
    assert len(faces) == 12
    for k in range(2):
        corners = as_set(p for face in faces[6 * k:6 * k + 6] for p in face)
        want = {(a, b, c) for a in (x[k], x[k] + dx) for b in (y[k], y[k] + dy)
                for c in (z[k], z[k] + dz[k])}
        assert corners == want


def test_voxels_faces(read):
    filled = np.zeros((3, 2, 2), bool)
    filled[2, 1, 0] = True
    fig, ax = axes3d()
    ax.voxels(filled)
    (shape,) = read(fig)["shapes"]
    assert len(shape["polygons"]) == 6
    corners = as_set(p for face in shape["polygons"] for p in face)
    assert corners == {(a, b, c) for a in (2, 3) for b in (1, 2) for c in (0, 1)}


def test_trisurf_triangles_are_the_triangulation(read):
    x = np.array([0.0, 1.0, 0.0, 1.0, 0.5])
    y = np.array([0.0, 0.0, 1.0, 1.0, 0.5])
    z = x ** 2 + y
    fig, ax = axes3d()
    ax.plot_trisurf(x, y, z)
    (shape,) = read(fig)["shapes"]
    from matplotlib.tri import Triangulation
    tri = Triangulation(x, y)
    assert len(shape["polygons"]) == len(tri.triangles)
    want = sorted(sorted((x[i], y[i], z[i]) for i in t) for t in tri.triangles)
    got = sorted(sorted(tuple(p) for p in poly) for poly in shape["polygons"])
    assert got == want


def test_quiver_shafts_run_from_tail_to_tip(read):
    x, y, z = np.array([0.0, 1.0]), np.array([0.0, 2.0]), np.array([0.0, -1.0])
    u, v, w = np.array([1.0, 0.5]), np.array([0.0, 1.0]), np.array([2.0, 0.0])
    fig, ax = axes3d()
    ax.quiver(x, y, z, u, v, w)
    (shape,) = read(fig)["shapes"]
    assert shape["kind"] == "lines"
    shafts = shape["polygons"][:2]
    for i, shaft in enumerate(shafts):
        tail = (x[i], y[i], z[i])
        tip = (x[i] + u[i], y[i] + v[i], z[i] + w[i])
        assert as_set(shaft) == {tail, tip}


def test_bars_with_zs_are_rectangles_in_3d(read):
    fig, ax = axes3d()
    ax.bar([0.0, 1.0], [3.0, 5.0], zs=2.0, zdir="y", width=0.5)
    shapes = read(fig)["shapes"]
    assert [s["class"] for s in shapes] == ["Patch3D", "Patch3D"]
    for s, (x0, h) in zip(shapes, [(0.0, 3.0), (1.0, 5.0)]):
        pts = as_set(s["polygons"][0])
        assert pts == {(x0 - 0.25, 2.0, 0.0), (x0 + 0.25, 2.0, 0.0),
                       (x0 + 0.25, 2.0, h), (x0 - 0.25, 2.0, h)}


def test_contour_levels_lie_at_their_height(read):
    X, Y = np.meshgrid(np.linspace(-1, 1, 9), np.linspace(-1, 1, 9))
    fig, ax = axes3d()
    ax.contour(X, Y, X ** 2 + Y ** 2, levels=[0.25, 0.5])
    d = read(fig)
    pts = [p for s in d["shapes"] for poly in s["polygons"] for p in poly]
    assert pts and {p[2] for p in pts} == {0.25, 0.5}
    for x, y, z in pts:
        # Linear interpolation of x^2 + y^2 on the grid: near the level.
        assert x * x + y * y == pytest.approx(z, abs=0.05)


def test_surface_with_a_line_is_a_line_chart_with_shapes(read):
    X, Y = np.meshgrid(np.arange(3.0), np.arange(3.0))
    fig, ax = axes3d()
    ax.plot_surface(X, Y, X * Y, label="surface")
    ax.plot([0.0, 2.0], [0.0, 2.0], [0.0, 4.0], "r-", label="diagonal")
    d = read(fig)
    assert d["type"] == "line"
    assert [e["label"] for e in d["elements"]] == ["diagonal"]
    assert d["elements"][0]["z"] == [0.0, 4.0]
    assert [s["label"] for s in d["shapes"]] == ["surface"]


def test_subplots_of_2d_and_3d(read):
    fig = plt.figure()
    ax1 = fig.add_subplot(1, 2, 1)
    ax1.plot([0.0, 1.0], [1.0, 0.0])
    ax2 = fig.add_subplot(1, 2, 2, projection="3d")
    ax2.scatter([1.0], [2.0], [3.0])
    d = read(fig)
    assert d["type"] == "superchart"
    flat, deep = d["elements"]
    assert "z_label" not in flat and "z" not in flat["elements"][0]
    assert deep["elements"][0]["z"] == [3.0]


def test_budget_keeps_every_kth_polygon():
    X, Y = np.meshgrid(np.arange(41.0), np.arange(41.0))
    fig, ax = axes3d()
    ax.plot_surface(X, Y, X - Y, rstride=1, cstride=1)
    whole = chartex.figure_to_dict(fig)["shapes"][0]
    assert len(whole["polygons"]) == 1600 and "downsampled" not in whole
    d = chartex.figure_to_dict(fig, max_total_points=1000)
    shape = d["shapes"][0]
    ds = shape["downsampled"]
    assert ds["method"] == "every_kth_polygon" and ds["original_polygons"] == 1600
    assert ds["original_points"] == sum(len(p) for p in whole["polygons"])
    assert shape["polygons"] == whole["polygons"][::int(ds["step"])]
    assert sum(len(p) for p in shape["polygons"]) <= 1000 + len(whole["polygons"][0])
    assert d["budget"]["original_points"] == ds["original_points"]
    # The per-pixel bound (the formatter's) leaves shapes whole.
    fig.savefig(io.BytesIO())
    same = chartex.figure_to_dict(fig, points_per_pixel=1)["shapes"][0]
    assert len(same["polygons"]) == 1600


def test_scene_json_round_trip_keeps_z():
    X, Y = np.meshgrid(np.arange(3.0), np.arange(2.0))
    fig, ax = axes3d()
    ax.plot([0.0, 1.0], [1.0, 2.0], [3.0, 4.0])
    ax.plot_wireframe(X, Y, X + Y)
    ax.set_zlabel("z (s)")
    scene = chartex.figure_to_scene_json(fig)
    s = json.loads(scene)
    assert s["axes"][0]["z"]["label"] == "z (s)"
    assert s["axes"][0]["artists"][0]["z"] == [3.0, 4.0]
    assert chartex.scene_json_to_dict(scene) == chartex.figure_to_dict(fig)


def test_scene_json_z_count_must_match():
    scene = {"version": 1, "axes": [{"flags": ["3d"], "artists": [
        {"kind": "line", "points": [[0, 0], [1, 1]], "z": [1, 2, 3]}]}]}
    with pytest.raises(chartex.ChartexError, match="3 z values for 2 points"):
        chartex.scene_json_to_dict(json.dumps(scene))


def test_pickled_3d_figure_loads_safely(read):
    X, Y = np.meshgrid(np.arange(3.0), np.arange(3.0))
    fig, ax = axes3d()
    ax.plot([0.0, 1.0], [0.0, 1.0], [0.0, 1.0], marker="o")
    ax.scatter([0.0, 1.0], [1.0, 2.0], [3.0, 4.0])
    ax.plot_surface(X, Y, X * Y)
    ax.plot_wireframe(X, Y, X + Y)
    ax.quiver([0.0], [0.0], [0.0], [1.0], [1.0], [1.0])
    ax.contour(X, Y, X * Y)
    want = read(fig)
    fig2, _ = _unpickle.load_figure(pickle.dumps(fig))
    assert chartex.figure_to_dict(fig2) == want


def test_hostile_3d_data_raises_not_crashes():
    fig, ax = axes3d()
    (line,) = ax.plot([0.0, 1.0], [0.0, 1.0], [0.0, 1.0])
    line._verts3d = (["a", "b"], [0.0, 1.0], [0.0, 1.0])
    with pytest.raises(chartex.ChartexError, match="3-D data"):
        chartex.figure_to_dict(fig)
    line._verts3d = ([0.0, 1.0, 2.0], [0.0, 1.0], [0.0, 1.0])
    with pytest.raises(chartex.ChartexError):
        chartex.figure_to_dict(fig)
    line._verts3d = ([], [], [])
    assert chartex.figure_to_dict(fig) == {}
