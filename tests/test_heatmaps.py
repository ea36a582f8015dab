"""Heatmaps, meshes, cells and images: the "heatmap", "cells" and "image"
keys of an unknown chart (doc/schema.md, "Heatmaps and images"), checked
against the data given to matplotlib and seaborn, with the figure drawn
first (as a kernel renders the PNG before the chart formatter runs) and
not drawn."""
import io

import matplotlib
import numpy as np
import pytest

import chartex

import golden

plt = matplotlib.pyplot


@pytest.fixture(params=["drawn", "not drawn"])
def read(request, chart):
    """read(fig) -> its chart dict, after drawing the figure or not."""
    def _read(fig):
        if request.param == "drawn":
            fig.savefig(io.BytesIO(), format="png")
        return chart(fig)
    return _read


def e2b_reads(d):
    """E2B's Python client deserializes the chart, where it is installed
    (the current pair; tests/test_e2b_startup.py runs it in a kernel)."""
    try:
        from e2b_code_interpreter import charts
    except ImportError:
        return
    obj = charts._deserialize_chart(d)
    assert obj is not None and obj.type.value == d["type"]


def nulls(a):
    """a as nested lists, NaN (and masked) as None."""
    a = np.ma.filled(np.ma.asarray(a, dtype=float), np.nan)
    return [[None if np.isnan(v) else float(v) for v in row] for row in a]


# ------------------------------------------------------------ pcolormesh

def test_pcolormesh_edges_values_and_colour_scale(read):
    fig, ax = plt.subplots()
    x = np.array([0.0, 1.0, 3.0])
    y = np.array([0.0, 2.0, 4.0, 7.0])
    c = np.ma.masked_equal(np.array([[1.0, 2.0], [np.nan, 4.0], [5.0, 6.0]]), 5.0)
    m = ax.pcolormesh(x, y, c, vmin=0, vmax=10, cmap="magma")
    fig.colorbar(m, ax=ax, label="Depth (m)")
    ax.set_title("mesh")
    d = read(fig)
    assert d["type"] == "unknown" and d["title"] == "mesh"
    h = d["heatmap"]
    assert (h["rows"], h["cols"]) == (3, 2)
    assert h["x_edges"] == x.tolist() and h["y_edges"] == y.tolist()
    assert h["values"] == nulls(c) == [[1.0, 2.0], [None, 4.0], [None, 6.0]]
    assert (h["vmin"], h["vmax"], h["norm"]) == (0.0, 10.0, "linear")
    assert h["colorbar_label"] == "Depth (m)"
    assert "row_labels" not in h and "col_labels" not in h
    e2b_reads(d)


def test_pcolormesh_2d_rectilinear_coordinates_and_log_norm(read):
    fig, ax = plt.subplots()
    xx, yy = np.meshgrid([1.0, 2.0, 4.0, 8.0], [10.0, 20.0, 30.0])
    c = np.arange(1.0, 7.0).reshape(2, 3)
    ax.pcolormesh(xx, yy, c, norm=matplotlib.colors.LogNorm(vmin=1, vmax=100))
    h = read(fig)["heatmap"]
    assert h["x_edges"] == [1.0, 2.0, 4.0, 8.0] and h["y_edges"] == [10.0, 20.0, 30.0]
    assert h["values"] == c.tolist()
    assert (h["vmin"], h["vmax"], h["norm"]) == (1.0, 100.0, "log")
    assert h["colorbar_label"] is None


def test_curvilinear_mesh_gives_cell_centres(read):
    fig, ax = plt.subplots()
    xx, yy = np.meshgrid([0.0, 1.0, 2.0], [0.0, 1.0])
    xx = xx + yy  # skewed: no rectilinear grid
    c = np.array([[3.0, 4.0]])
    ax.pcolormesh(xx, yy, c)
    d = read(fig)
    assert "heatmap" not in d
    cells = d["cells"]
    assert cells["points"] == [[1.0, 0.5], [2.0, 0.5]]
    assert cells["values"] == [3.0, 4.0]


def test_gouraud_mesh_gives_the_vertices(read):
    fig, ax = plt.subplots()
    c = np.arange(6.0).reshape(2, 3)
    ax.pcolormesh([0.0, 1.0, 2.0], [0.0, 5.0], c, shading="gouraud")
    cells = read(fig)["cells"]
    assert cells["points"] == [[0.0, 0.0], [1.0, 0.0], [2.0, 0.0],
                               [0.0, 5.0], [1.0, 5.0], [2.0, 5.0]]
    assert cells["values"] == c.ravel().tolist()


def test_pcolormesh_on_dates_gives_iso_edges(read):
    fig, ax = plt.subplots()
    days = np.array(["2024-01-01", "2024-01-02", "2024-01-03"], dtype="datetime64[D]")
    ax.pcolormesh(days, [0.0, 1.0], [[1.0, 2.0]])
    h = read(fig)["heatmap"]
    assert h["x_edges"] == ["2024-01-01T00:00:00", "2024-01-02T00:00:00",
                            "2024-01-03T00:00:00"]


# ----------------------------------------------------------------- pcolor

def test_pcolor_with_masked_cells(read):
    fig, ax = plt.subplots()
    c = np.ma.masked_less(np.arange(6.0).reshape(2, 3), 1.0)
    ax.pcolor(c)
    d = read(fig)
    # PolyQuadMesh (matplotlib >= 3.8) keeps the grid; 3.6's PolyCollection
    # drops masked cells and gives the others at their centres.
    if "heatmap" in d:
        h = d["heatmap"]
        assert h["x_edges"] == [0.0, 1.0, 2.0, 3.0] and h["y_edges"] == [0.0, 1.0, 2.0]
        assert h["values"] == nulls(c)
    else:
        cells = d["cells"]
        assert cells["points"] == [[1.5, 0.5], [2.5, 0.5], [0.5, 1.5], [1.5, 1.5], [2.5, 1.5]]
        assert cells["values"] == [1.0, 2.0, 3.0, 4.0, 5.0]


# ----------------------------------------------------------------- hist2d

def test_hist2d_equals_histogram2d(read):
    rng = np.random.default_rng(3)
    x, y = rng.normal(size=500), rng.normal(size=500) * 2
    fig, ax = plt.subplots()
    ax.hist2d(x, y, bins=(7, 5))
    counts, xe, ye = np.histogram2d(x, y, bins=(7, 5))
    h = read(fig)["heatmap"]
    assert (h["rows"], h["cols"]) == (5, 7)
    assert h["x_edges"] == xe.tolist() and h["y_edges"] == ye.tolist()
    # a row per y bin: the transpose of histogram2d's counts
    assert h["values"] == counts.T.tolist()
    assert h["vmin"] == counts.min() and h["vmax"] == counts.max()


def test_hist2d_cmin_cells_are_null(read):
    fig, ax = plt.subplots()
    x = [0.1, 0.2, 0.7, 0.8, 0.9]
    ax.hist2d(x, x, bins=2, range=[[0, 1], [0, 1]], cmin=1)
    h = read(fig)["heatmap"]
    assert h["values"] == [[2.0, None], [None, 3.0]]


# ---------------------------------------------------------------- seaborn

def test_seaborn_heatmap_names_rows_and_columns(read):
    sns = pytest.importorskip("seaborn")
    pd = pytest.importorskip("pandas")
    df = pd.DataFrame([[1.0, 2.5, np.nan], [4.0, 5.0, 6.0]],
                      index=pd.Index(["north", "south"], name="region"),
                      columns=pd.Index(["2021", "2022", "2023"], name="year"))
    fig, ax = plt.subplots()
    sns.heatmap(df, annot=True, ax=ax, cbar_kws={"label": "sales"})
    d = read(fig)
    h = d["heatmap"]
    assert h["values"] == nulls(df.to_numpy())
    assert h["row_labels"] == list(df.index) and h["col_labels"] == list(df.columns)
    assert h["x_edges"] == [0.0, 1.0, 2.0, 3.0] and h["y_edges"] == [0.0, 1.0, 2.0]
    assert h["colorbar_label"] == "sales"
    assert h["vmin"] == 1.0 and h["vmax"] == 6.0
    # annot: each cell's text as seaborn formats it (".2g"), none on NaN
    assert h["annotations"] == [[None if np.isnan(v) else format(v, ".2g") for v in row]
                                for row in df.to_numpy()]
    # the axis names come with the chart's title-less unknown type
    assert d["type"] == "unknown"
    e2b_reads(d)


def test_seaborn_heatmap_with_every_other_label(read):
    sns = pytest.importorskip("seaborn")
    values = np.arange(40.0).reshape(20, 2)
    fig, ax = plt.subplots()
    sns.heatmap(values, yticklabels=2, ax=ax)
    h = read(fig)["heatmap"]
    assert h["row_labels"] == [str(i) if i % 2 == 0 else None for i in range(20)]
    assert h["col_labels"] == ["0", "1"]


# ------------------------------------------------------------------ cells

def test_hexbin_centres_and_counts(read):
    rng = np.random.default_rng(7)
    x, y = rng.uniform(0, 10, 300), rng.uniform(0, 5, 300)
    fig, ax = plt.subplots()
    coll = ax.hexbin(x, y, gridsize=6)
    cells = read(fig)["cells"]
    offsets = coll.get_offsets()
    assert cells["points"] == offsets.tolist()
    assert cells["values"] == coll.get_array().tolist()
    # recount: each point belongs to its nearest hexagon centre, in the
    # grid's metric (gridsize columns across x, int(gridsize / sqrt(3))
    # rows across y, a row step counting sqrt(3) column steps)
    sx = (x.max() - x.min()) / 6
    sy = (y.max() - y.min()) / int(6 / np.sqrt(3))
    d2 = ((x[:, None] - offsets[:, 0]) / sx) ** 2 + 3 * ((y[:, None] - offsets[:, 1]) / sy) ** 2
    counts = np.bincount(d2.argmin(axis=1), minlength=len(offsets))
    assert cells["values"] == counts.astype(float).tolist()
    assert sum(cells["values"]) == 300


def test_tripcolor_flat_and_gouraud(read):
    x = np.array([0.0, 1.0, 0.0, 1.0])
    y = np.array([0.0, 0.0, 1.0, 1.0])
    z = np.array([1.0, 2.0, 3.0, 4.0])
    tri = [[0, 1, 2], [1, 3, 2]]
    fig, ax = plt.subplots()
    ax.tripcolor(x, y, tri, facecolors=np.array([10.0, 20.0]))
    cells = read(fig)["cells"]
    np.testing.assert_allclose(cells["points"], [[1 / 3, 1 / 3], [2 / 3, 2 / 3]])
    assert cells["values"] == [10.0, 20.0]
    plt.close(fig)
    fig, ax = plt.subplots()
    ax.tripcolor(x, y, tri, z, shading="gouraud")
    cells = read(fig)["cells"]
    assert cells["points"] == np.column_stack((x, y)).tolist()
    assert cells["values"] == z.tolist()


# ----------------------------------------------------------------- images

def test_rgb_image_gives_its_pixels(read):
    rgb = np.arange(2 * 3 * 3, dtype=np.uint8).reshape(2, 3, 3)
    fig, ax = plt.subplots()
    ax.imshow(rgb)
    im = read(fig)["image"]
    assert (im["rows"], im["cols"], im["channels"]) == (2, 3, 3)
    assert im["values"] == rgb.astype(float).tolist()
    assert "vmin" not in im


def test_large_rgba_image_is_a_bounded_thumbnail(read):
    rgba = np.ones((300, 200, 4))
    rgba[:, :100, 0] = 0.0
    fig, ax = plt.subplots()
    ax.matshow(rgba)
    im = read(fig)["image"]
    assert im["channels"] == 4
    assert im["rows"] * im["cols"] <= 16384
    ds = im["downsampled"]
    assert (ds["original_rows"], ds["original_cols"]) == (300, 200)
    assert im["rows"] == -(-300 // ds["block"][0]) and im["cols"] == -(-200 // ds["block"][1])
    assert im["values"][0][0] == [0.0, 1.0, 1.0, 1.0]
    assert im["values"][-1][-1] == [1.0, 1.0, 1.0, 1.0]


def test_imshow_named_ticks_label_cells(read):
    # the "annotated heatmap" of matplotlib's gallery
    values = np.array([[0.8, 2.4], [1.3, 0.0], [4.1, 2.2]])
    fig, ax = plt.subplots()
    ax.imshow(values, norm=matplotlib.colors.PowerNorm(0.5))
    ax.set_xticks(range(2), labels=["cucumber", "tomato"])
    ax.set_yticks(range(3), labels=["Farmer A", "Farmer B", "Farmer C"])
    for i in range(3):
        for j in range(2):
            ax.text(j, i, values[i, j], ha="center", va="center")
    ax.text(0.5, 0.5, "between cells")
    im = read(fig)["image"]
    assert im["annotations"] == [[str(v) for v in row] for row in values]
    assert im["col_labels"] == ["cucumber", "tomato"]
    assert im["row_labels"] == ["Farmer A", "Farmer B", "Farmer C"]
    assert im["norm"] == "power"


def test_imshow_origin_lower_labels_rows_from_the_bottom(read):
    fig, ax = plt.subplots()
    ax.imshow(np.zeros((2, 2)), origin="lower")
    ax.set_yticks([0, 1], labels=["first row", "second row"])
    assert read(fig)["image"]["row_labels"] == ["first row", "second row"]


def test_numeric_ticks_name_no_cells(read):
    fig, ax = plt.subplots()
    ax.imshow(np.zeros((3, 3)))
    im = read(fig)["image"]
    assert "row_labels" not in im and "col_labels" not in im


def test_nonuniform_image_gives_edges_around_its_centres(read):
    from matplotlib.image import NonUniformImage
    fig, ax = plt.subplots()
    im = NonUniformImage(ax, interpolation="nearest")
    xc, yc = np.array([0.0, 1.0, 3.0]), np.array([10.0, 20.0])
    z = np.arange(6.0).reshape(2, 3)
    im.set_data(xc, yc, z)
    ax.add_image(im)
    ax.set(xlim=(-1, 4), ylim=(5, 25))
    h = read(fig)["heatmap"]
    assert h["x_edges"] == [-0.5, 0.5, 2.0, 4.0] and h["y_edges"] == [5.0, 15.0, 25.0]
    assert h["values"] == z.tolist()


# ------------------------------------------------------------------ bounds

def test_large_mesh_is_block_reduced_with_its_edges(chart):
    fig, ax = plt.subplots(figsize=(2, 2), dpi=50)   # 100 x 100 pixels in all
    c = np.arange(400.0 * 300).reshape(400, 300)
    x = np.linspace(0, 3, 301)
    y = np.linspace(0, 4, 401)
    ax.pcolormesh(x, y, c)
    fig.savefig(io.BytesIO())
    d = chartex.figure_to_dict(fig, points_per_pixel=4)
    golden.check_chart(d)
    h = d["heatmap"]
    by, bx = h["downsampled"]["block"]
    assert h["rows"] <= ax.bbox.height + 1 and h["cols"] <= ax.bbox.width + 1
    assert len(h["x_edges"]) == h["cols"] + 1 and len(h["y_edges"]) == h["rows"] + 1
    assert h["x_edges"][0] == 0.0 and h["x_edges"][-1] == 3.0
    assert h["x_edges"][1] == x[int(bx)]
    assert h["values"][0][0] == c[:int(by), :int(bx)].mean()
    whole = chart(fig)["heatmap"]
    assert whole["values"] == c.tolist()


def test_many_cells_are_sampled_with_their_values():
    rng = np.random.default_rng(1)
    fig, ax = plt.subplots()
    coll = ax.hexbin(rng.normal(size=20000), rng.normal(size=20000), gridsize=100)
    d = chartex.figure_to_dict(fig, max_total_points=300)
    golden.check_chart(d)
    cells = d["cells"]
    n = len(coll.get_offsets())
    assert cells["downsampled"]["original_points"] == n
    assert len(cells["points"]) == len(cells["values"]) <= 300
    lookup = {tuple(p): v for p, v in zip(coll.get_offsets().tolist(),
                                          coll.get_array().tolist())}
    for p, v in zip(cells["points"], cells["values"]):
        assert lookup[tuple(p)] == v


# ----------------------------------------------------------------- hostile

def test_empty_and_fully_masked_meshes(chart):
    fig, ax = plt.subplots()
    ax.pcolormesh(np.zeros((0, 0)))
    assert chart(fig) == {}
    plt.close(fig)
    fig, ax = plt.subplots()
    ax.pcolormesh(np.ma.masked_all((1, 2)))
    h = chart(fig)["heatmap"]
    assert h["values"] == [[None, None]]
    assert h["vmin"] is None or h["vmin"] == 0.0


def test_infinite_values_are_null(chart):
    fig, ax = plt.subplots()
    ax.pcolormesh(np.array([[np.inf, -np.inf, 1e308]]))
    assert chart(fig)["heatmap"]["values"] == [[None, None, 1e308]]


def test_scene_round_trip_keeps_meshes():
    sns = pytest.importorskip("seaborn")
    fig, ax = plt.subplots()
    sns.heatmap([[1.0, 2.0], [3.0, 4.0]], ax=ax)
    scene = chartex.figure_to_scene_json(fig)
    assert chartex.scene_json_to_dict(scene) == chartex.figure_to_dict(fig)


def test_markers_over_an_image_keep_the_image(read):
    fig, ax = plt.subplots()
    values = np.arange(6.0).reshape(2, 3)
    ax.imshow(values)
    ax.scatter([0, 2], [1, 0], label="peaks")
    d = read(fig)
    assert d["type"] == "scatter"
    assert d["elements"][0]["points"] == [[0.0, 1.0], [2.0, 0.0]]
    assert d["image"]["values"] == values.tolist()


def test_3d_surfaces_are_no_cells(chart):
    # a Poly3DCollection's paths are projected screen coordinates once
    # drawn: never read as cells in data coordinates
    fig, ax = plt.subplots(subplot_kw={"projection": "3d"})
    x, y = np.meshgrid(np.arange(3.0), np.arange(3.0))
    ax.plot_surface(x, y, x * y, cmap="Blues")
    fig.savefig(io.BytesIO())
    assert "cells" not in chart(fig)


def test_single_cell_pcolor_is_at_its_cell(read):
    fig, ax = plt.subplots()
    ax.pcolor([2.0, 3.0], [5.0, 7.0], np.array([[4.0]]))
    d = read(fig)
    if "heatmap" in d:
        assert d["heatmap"]["x_edges"] == [2.0, 3.0] and d["heatmap"]["values"] == [[4.0]]
    else:   # matplotlib 3.6: a PolyCollection of one polygon
        assert d["cells"]["points"] == [[2.5, 6.0]] and d["cells"]["values"] == [4.0]


def test_hexbin_on_a_log_scale_gives_data_centres(read):
    x = np.array([1.0, 10.0, 100.0, 1000.0, 1000.0])
    y = np.array([1.0, 2.0, 3.0, 4.0, 4.0])
    fig, ax = plt.subplots()
    ax.hexbin(x, y, gridsize=3, xscale="log", mincnt=1)
    cells = read(fig)["cells"]
    # the same hexbin on log10(x) with a linear scale: its centres, 10 ** x
    fig2, ax2 = plt.subplots()
    lin = ax2.hexbin(np.log10(x), y, gridsize=3, mincnt=1)
    want = lin.get_offsets().copy()
    want[:, 0] = 10.0 ** want[:, 0]
    assert cells["values"] == lin.get_array().tolist()
    if len(ax.collections[0].get_paths()) == 1:    # offsets (matplotlib >= 3.8)
        np.testing.assert_allclose(cells["points"], want, rtol=1e-9, atol=1e-6)
    else:
        # 3.6: a polygon per hexagon, 10 ** its corners: the mean of the
        # corners lies inside the hexagon, not at its log-centre
        got = np.array(cells["points"])
        assert (np.abs(np.log10(got[:, 0]) - np.log10(want[:, 0])) < 0.5).all()
        np.testing.assert_allclose(got[:, 1], want[:, 1])
