"""Steps, vector fields, text on the data and free patches, against the
values given to the plotting calls; each case built and after a render
(as a kernel calls chartex)."""
import datetime as dt
import io

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.patches import Circle, Ellipse, FancyArrow, Rectangle

import chartex


@pytest.fixture(params=["built", "drawn"])
def read(request, chart):
    def run(fig):
        if request.param == "drawn":
            fig.savefig(io.BytesIO(), format="png")
        return chart(fig)
    return run


# ------------------------------------------------------------------ steps

def test_stairs_vertical(read):
    values, edges = np.array([1.0, 3.0, 2.5]), np.array([0.0, 1.0, 2.0, 4.0])
    fig, ax = plt.subplots()
    ax.stairs(values, edges, label="counts")
    d = read(fig)
    assert d["type"] == "line"
    (el,) = d["elements"]
    assert el["label"] == "counts"
    assert el["steps"] == {"edges": edges.tolist(), "values": values.tolist(),
                           "baseline": [0.0, 0.0, 0.0], "orientation": "vertical"}
    want = [p for i, v in enumerate(values) for p in ([edges[i], v], [edges[i + 1], v])]
    assert el["points"] == want


def test_stairs_horizontal_baseline_array_and_none(read):
    fig, (a, b) = plt.subplots(1, 2)
    a.stairs([2.0, 5.0], [10.0, 20.0, 30.0], baseline=[1.0, -1.0],
             orientation="horizontal", fill=True)
    b.stairs([2.0, np.nan, 4.0], [0.0, 1.0, 2.0, 3.0], baseline=None)
    one, two = read(fig)["elements"]
    assert one["elements"][0]["label"] == "Steps 0"
    assert one["elements"][0]["steps"] == {"edges": [10.0, 20.0, 30.0], "values": [2.0, 5.0],
                                           "baseline": [1.0, -1.0],
                                           "orientation": "horizontal"}
    assert one["elements"][0]["points"][:2] == [[2.0, 10.0], [2.0, 20.0]]
    steps = two["elements"][0]["steps"]
    assert steps["baseline"] is None and steps["values"] == [2.0, None, 4.0]


def test_stairs_of_np_histogram(read):
    rng = np.random.default_rng(3)
    data = rng.normal(size=500)
    counts, edges = np.histogram(data, bins=12)
    fig, ax = plt.subplots()
    ax.stairs(counts, edges)
    steps = read(fig)["elements"][0]["steps"]
    assert steps["values"] == counts.astype(float).tolist()
    assert steps["edges"] == edges.tolist()


def test_stairs_on_dates(read):
    days = np.array(["2024-01-01", "2024-01-02", "2024-01-04"], dtype="datetime64[D]")
    fig, ax = plt.subplots()
    ax.stairs([5.0, 7.0], days)
    steps = read(fig)["elements"][0]["steps"]
    assert steps["edges"] == ["2024-01-01T00:00:00", "2024-01-02T00:00:00",
                              "2024-01-04T00:00:00"]


# ---------------------------------------------------------------- vectors

def test_quiver_positions_and_components(read):
    X, Y = np.meshgrid(np.arange(3.0), np.arange(2.0))
    U, V = np.cos(X) * 2, Y - 0.5
    fig, ax = plt.subplots()
    ax.quiver(X, Y, U, V, label="wind")
    d = read(fig)
    assert d["type"] == "scatter"
    (el,) = d["elements"]
    assert el["label"] == "wind"
    assert el["points"] == [[x, y] for x, y in zip(X.ravel().tolist(), Y.ravel().tolist())]
    assert el["vectors"] == [[u, v] for u, v in zip(U.ravel().tolist(), V.ravel().tolist())]


def test_quiver_scaled_and_coloured_keeps_components(read):
    fig, ax = plt.subplots()
    ax.quiver([0.0, 1.0], [0.0, 1.0], [3.0, 4.0], [0.0, -2.0], [1.0, 2.0],
              angles="xy", scale_units="xy", scale=2)
    el = read(fig)["elements"][0]
    assert el["label"] == "Vectors 0"
    assert el["vectors"] == [[3.0, 0.0], [4.0, -2.0]]


def test_barbs_with_a_masked_vector(read):
    u = np.ma.masked_array([10.0, -20.0, 5.0], mask=[0, 1, 0])
    fig, ax = plt.subplots()
    ax.barbs([0.0, 1.0, 2.0], [0.0, 0.0, 1.0], u, [5.0, 30.0, 0.0])
    el = read(fig)["elements"][0]
    assert el["points"] == [[0.0, 0.0], [1.0, 0.0], [2.0, 1.0]]
    assert el["vectors"][0] == [10.0, 5.0] and el["vectors"][2] == [5.0, 0.0]
    assert el["vectors"][1][0] is None


def test_quiver_with_scatter_and_line(read):
    fig, ax = plt.subplots()
    ax.plot([0.0, 1.0], [0.0, 1.0], label="path")
    ax.quiver([0.5], [0.5], [1.0], [1.0], label="v")
    ax.scatter([1.0], [0.0], label="s")
    d = read(fig)
    assert d["type"] == "scatter"
    assert [e["label"] for e in d["elements"]] == ["path", "v", "s"]
    assert "vectors" not in d["elements"][0] and "vectors" not in d["elements"][2]


def test_streamplot_lines_are_not_joined(read):
    Y, X = np.mgrid[-2:2:9j, -2:2:9j]
    fig, ax = plt.subplots()
    ax.streamplot(X, Y, -Y, X, density=0.6)
    d = read(fig)
    assert d["type"] == "line"
    pts = d["elements"][0]["points"]
    gaps = [i for i, p in enumerate(pts) if p == [None, None]]
    assert gaps, "separate streamlines need gaps"
    # Every piece between gaps runs along the flow (dx, dy) = (-y, x):
    # each step is nearly perpendicular to the radius.
    for a, b in zip(pts, pts[1:]):
        if None in a or None in b or a == b:
            continue
        step = np.subtract(b, a)
        radius = np.add(a, b) / 2
        cos = abs(np.dot(step, radius)) / (np.linalg.norm(step) * np.linalg.norm(radius))
        assert cos < 0.35


def test_vlines_are_separate(read):
    fig, ax = plt.subplots()
    ax.vlines([1.0, 2.0], [0.0, 0.5], [3.0, 4.0])
    assert read(fig)["elements"][0]["points"] == [[1.0, 0.0], [1.0, 3.0], [None, None],
                                                  [2.0, 0.5], [2.0, 4.0]]


# ------------------------------------------------------------------- text

def test_bar_label_edge_centre_and_errors(read):
    fig, ax = plt.subplots()
    heights = [3.0, -4.0]
    b = ax.bar(["a", "b"], heights, yerr=[0.5, 1.0])
    ax.bar_label(b, labels=["A", "B"])                      # at the error bar's end
    top = ax.bar(["a", "b"], [1.0, 1.0], bottom=[3.0, -4.0])
    ax.bar_label(top, label_type="center", fmt="%.1f")      # at the centre
    d = read(fig)
    assert [e.get("bar_label") for e in d["elements"]] == ["A", "B", "1.0", "1.0"]
    assert "annotations" not in d


def test_bar_label_horizontal_and_a_second_label(read):
    fig, ax = plt.subplots()
    b = ax.barh([0, 1], [5.0, 7.0])
    ax.bar_label(b)
    ax.bar_label(b, labels=["x", "y"], label_type="center")
    d = read(fig)
    assert [e["bar_label"] for e in d["elements"]] == ["5", "7"]
    # A bar's second label is kept, as an annotation at its anchor.
    assert d["annotations"] == [{"text": "x", "x": 2.5, "y": 0.0},
                                {"text": "y", "x": 3.5, "y": 1.0}]


def test_annotations_text_and_annotate(read):
    days = [dt.datetime(2024, 3, d) for d in (1, 2, 3)]
    fig, ax = plt.subplots()
    ax.plot(days, [1.0, 5.0, 2.0])
    ax.annotate("peak", xy=(days[1], 5.0), xytext=(days[2], 4.0),
                arrowprops={"arrowstyle": "->"})
    ax.text(days[0], 1.5, "start")
    ax.text(0.5, 0.95, "in axes coordinates", transform=ax.transAxes)
    ax.annotate("offset", xy=(0.1, 0.1), xycoords="axes fraction")
    ax.text(days[2], 2.0, "")
    d = read(fig)
    assert d["annotations"] == [
        {"text": "peak", "x": "2024-03-02T00:00:00", "y": 5.0},
        {"text": "start", "x": "2024-03-01T00:00:00", "y": 1.5}]


def test_text_only_is_no_chart(read):
    fig, ax = plt.subplots()
    ax.text(0.5, 0.5, "hello")
    assert read(fig) == {}


def test_pie_texts_are_not_annotations(read):
    fig, ax = plt.subplots()
    ax.pie([1.0, 3.0], labels=["a", "b"], autopct="%1.0f%%")
    assert "annotations" not in read(fig)


def test_table_cells(read):
    fig, ax = plt.subplots()
    ax.plot([0.0, 1.0], [0.0, 1.0])
    ax.table(cellText=[["1", "2"], ["3", "4"]], rowLabels=["r1", "r2"],
             colLabels=["c1", "c2"])
    ax.table(cellText=[["only"]], loc="top")
    d = read(fig)
    assert d["tables"] == [[["", "c1", "c2"], ["r1", "1", "2"], ["r2", "3", "4"]],
                           [["only"]]]


# --------------------------------------------------------- free patches

def test_free_patches_keep_their_geometry(read):
    fig, ax = plt.subplots()
    ax.add_patch(Rectangle((1.0, 2.0), 3.0, 0.5, label="box"))
    ax.add_patch(Circle((5.0, 5.0), 2.0))
    ax.add_patch(Ellipse((0.0, 0.0), 4.0, 2.0))
    ax.add_patch(FancyArrow(0.0, 0.0, 1.0, 1.0, width=0.1, length_includes_head=True))
    ax.add_patch(Rectangle((0.0, 0.0), 0.0, 0.0))   # a stand-in: no extent
    ax.autoscale_view()
    d = read(fig)
    assert d["type"] == "unknown"
    assert [s["class"] for s in d["shapes"]] == ["Rectangle", "Circle", "Ellipse", "FancyArrow"]
    box, circle, ellipse, arrow = d["shapes"]
    assert box["label"] == "box"
    assert box["polygons"] == [[[1.0, 2.0], [4.0, 2.0], [4.0, 2.5], [1.0, 2.5], [1.0, 2.0]]]
    for x, y in circle["polygons"][0]:
        # matplotlib's circle is a Bezier spline; its vertices include
        # control points, within 6% of the radius.
        assert np.hypot(x - 5.0, y - 5.0) == pytest.approx(2.0, rel=0.06)
    xs = [p[0] for p in ellipse["polygons"][0]]
    assert min(xs) == pytest.approx(-2.0) and max(xs) == pytest.approx(2.0)
    tips = arrow["polygons"][0]
    assert any(p == pytest.approx([1.0, 1.0]) for p in tips)
    assert d["x_scale"] == "linear" and "y_ticks" in d


def test_box_patches_are_boxes_not_shapes(read):
    fig, ax = plt.subplots()
    ax.boxplot([[1.0, 2.0, 3.0, 4.0], [2.0, 3.0, 5.0, 8.0]], patch_artist=True)
    d = read(fig)
    assert d["type"] == "box_and_whisker" and "shapes" not in d


def test_patch_beside_a_line(read):
    fig, ax = plt.subplots()
    ax.plot([0.0, 2.0], [0.0, 2.0])
    ax.add_patch(Rectangle((0.5, 0.5), 1.0, 1.0, label="region"))
    d = read(fig)
    assert d["type"] == "line"
    assert d["shapes"][0]["label"] == "region"


def test_scene_json_round_trip():
    fig, ax = plt.subplots()
    ax.stairs([1.0, 2.0], [0.0, 1.0, 2.0], baseline=None)
    ax.quiver([0.0], [1.0], [2.0], [3.0])
    ax.annotate("n", xy=(1.0, 1.0))
    ax.table(cellText=[["x"]])
    text = chartex.figure_to_scene_json(fig)
    assert chartex.scene_json_to_dict(text) == chartex.figure_to_dict(fig)


def test_scene_json_rejects_bad_stairs_and_vectors():
    import json
    bad = [
        {"kind": "stairs", "stairs": {"edges": [0, 1], "values": [1, 2]}},
        {"kind": "stairs", "stairs": {"edges": [0, 1, 2], "values": [1, 2],
                                      "baseline": [0, 0, 0]}},
        {"kind": "vectors", "points": [[0, 0]], "u": [1, 2], "v": [1]},
    ]
    for artist in bad:
        scene = {"version": 1, "axes": [{"artists": [artist]}]}
        with pytest.raises(chartex.ChartexError):
            chartex.scene_json_to_dict(json.dumps(scene))
