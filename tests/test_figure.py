"""Whole figures: no data, one chart, several charts, colorbars and empty
axes, and the plot kinds e2b_charts turned into unknown-with-no-data."""
import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.patches import Circle, Rectangle

import chartex


def pairs(xs, ys):
    return [[float(x), float(y)] for x, y in zip(xs, ys)]


# ----------------------------------------------------------------- no data

def test_empty_figure(chart):
    assert chart(plt.figure()) == {}


def test_figure_with_empty_axes(chart):
    fig, axes = plt.subplots(2, 2)
    axes[0, 0].set_title("nothing here")
    fig.suptitle("Still nothing")
    assert chart(fig) == {}


def test_text_only_axes(chart, fig_ax):
    fig, ax = fig_ax
    ax.text(0.5, 0.5, "hello")
    ax.set_title("Text")
    assert chart(fig) == {}


def test_figure_text_only(chart):
    fig = plt.figure()
    fig.text(0.5, 0.5, "hello")
    fig.suptitle("Title")
    assert chart(fig) == {}


# -------------------------------------------------- one chart, many axes

def test_colorbar_is_left_out(chart, fig_ax):
    # e2b_charts made a superchart of a chart and its colorbar.
    fig, ax = fig_ax
    sc = ax.scatter([1, 2, 3], [4, 5, 6], c=[0.1, 0.5, 0.9], label="pts")
    fig.colorbar(sc, ax=ax, label="level")
    ax.set_title("With colorbar")
    d = chart(fig)
    assert d["type"] == "scatter"
    assert d["title"] == "With colorbar"
    assert d["elements"] == [{"label": "pts",
                              "points": [[1, 4], [2, 5], [3, 6]]}]


def test_unused_subplot_is_left_out(chart):
    # e2b_charts made a superchart of one used and one unused subplot.
    fig, (a, b) = plt.subplots(1, 2)
    a.plot([0, 1], [1, 0], label="only")
    a.set_title("Used")
    b.set_title("Unused")
    d = chart(fig)
    assert d["type"] == "line"
    assert d["title"] == "Used"
    assert d["elements"] == [{"label": "only", "points": [[0, 1], [1, 0]]}]


def test_unused_subplot_and_suptitle(chart):
    fig, (a, b) = plt.subplots(2, 1)
    b.bar(["x", "y"], [1, 2])
    fig.suptitle("Overall")
    d = chart(fig)
    assert d["type"] == "bar"
    assert d["title"] == "Overall"


def test_reflines_only_subplot_is_left_out(chart):
    fig, (a, b) = plt.subplots(1, 2)
    a.plot([0, 1], [1, 2])
    b.axhline(0.5)
    assert chart(fig)["type"] == "line"


# --------------------------------------------------------------- superchart

def test_superchart_with_suptitle(chart):
    fig, axes = plt.subplots(2, 2)
    axes[0, 0].plot([0, 1, 2], [1, 3, 2], label="l")
    axes[0, 0].set_title("Line")
    axes[0, 1].bar(["a", "b"], [3, 4])
    axes[0, 1].set_title("Bars")
    axes[1, 0].pie([1, 3])
    axes[1, 1].scatter([1, 2], [2, 1])
    fig.suptitle("Dashboard")
    d = chart(fig)
    assert list(d) == ["type", "title", "elements"]
    assert d["type"] == "superchart"
    assert d["title"] == "Dashboard"
    assert [c["type"] for c in d["elements"]] == ["line", "bar", "pie", "scatter"]
    assert [c["title"] for c in d["elements"]][:2] == ["Line", "Bars"]
    assert d["elements"][0]["elements"] == [
        {"label": "l", "points": [[0, 1], [1, 3], [2, 2]]}]
    assert [e["value"] for e in d["elements"][1]["elements"]] == [3, 4]
    assert [e["angle"] for e in d["elements"][2]["elements"]] == [90.0, 270.0]
    assert d["elements"][3]["elements"][0]["points"] == [[1, 2], [2, 1]]


def test_superchart_without_suptitle(chart):
    fig, (a, b) = plt.subplots(1, 2)
    a.plot([0, 1], [0, 1])
    b.plot([0, 1], [1, 0])
    d = chart(fig)
    assert d["type"] == "superchart"
    assert d["title"] is None
    assert [c["title"] for c in d["elements"]] == [None, None]
    assert len(d["elements"]) == 2


def test_superchart_skips_empty_and_colorbar_axes(chart):
    fig, axes = plt.subplots(1, 3)
    axes[0].plot([0, 1], [0, 1])
    im = axes[1].imshow([[1, 2], [3, 4]])
    fig.colorbar(im, ax=axes[1])
    d = chart(fig)
    assert d["type"] == "superchart"
    assert [c["type"] for c in d["elements"]] == ["line", "unknown"]


def test_twin_axes_give_a_superchart(chart, fig_ax):
    fig, ax = fig_ax
    ax.plot([0, 1, 2], [1, 2, 3], label="left")
    ax2 = ax.twinx()
    ax2.plot([0, 1, 2], [30, 20, 10], label="right", color="r")
    d = chart(fig)
    assert d["type"] == "superchart"
    assert [c["elements"][0]["label"] for c in d["elements"]] == ["left", "right"]


def test_subfigures(chart):
    fig = plt.figure()
    left, right = fig.subfigures(1, 2)
    left.subplots().plot([0, 1], [1, 2], label="a")
    right.subplots().bar(["x"], [1])
    d = chart(fig)
    assert d["type"] == "superchart"
    assert sorted(c["type"] for c in d["elements"]) == ["bar", "line"]


# ------------------------------------------------------------------ unknown

def test_unknown_keeps_the_title(chart, fig_ax):
    fig, ax = fig_ax
    ax.add_patch(Circle((0.5, 0.5), 0.2))
    ax.add_patch(Rectangle((0.1, 0.1), 0.2, 0.3))
    ax.set_title("Shapes")
    d = chart(fig)
    assert (d["type"], d["title"], d["elements"]) == ("unknown", "Shapes", [])
    # The patches keep their geometry (see tests/test_steps_vectors_texts.py).
    assert [s["class"] for s in d["shapes"]] == ["Circle", "Rectangle"]
    assert d["shapes"][1]["polygons"] == [[[0.1, 0.1], [0.30000000000000004, 0.1],
                                           [0.30000000000000004, 0.4], [0.1, 0.4],
                                           [0.1, 0.1]]]


def test_unknown_with_suptitle(chart, fig_ax):
    fig, ax = fig_ax
    ax.add_patch(Circle((0.5, 0.5), 0.2))
    fig.suptitle("Figure")
    d = chart(fig)
    assert d["type"] == "unknown"
    assert d["title"] == "Figure"


def test_contourf_is_not_scatter(chart, fig_ax):
    fig, ax = fig_ax
    x, y = np.meshgrid(np.linspace(-1, 1, 20), np.linspace(-1, 1, 20))
    ax.contourf(x, y, x * x + y * y)
    ax.set_title("Bowl")
    d = chart(fig)
    assert d["type"] == "unknown"
    assert d["title"] == "Bowl"


def test_pcolormesh_is_unknown(chart, fig_ax):
    fig, ax = fig_ax
    ax.pcolormesh(np.arange(12.0).reshape(3, 4))
    assert chart(fig)["type"] == "unknown"


# ------------------------------------------------------------------- image

def test_imshow_gives_unknown_with_the_image(chart, fig_ax):
    # e2b_charts gave unknown with no data for imshow.
    fig, ax = fig_ax
    values = [[1.0, 2.0, 3.0], [4.0, np.nan, 6.0]]
    im = ax.imshow(values)
    fig.colorbar(im, ax=ax)
    ax.set_title("Heat")
    d = chart(fig)
    assert d["type"] == "unknown"
    assert d["title"] == "Heat"
    assert d["elements"] == []
    image = d["image"]
    assert list(image) == ["rows", "cols", "extent", "values", "vmin", "vmax",
                           "norm", "colorbar_label"]
    assert (image["vmin"], image["vmax"], image["norm"]) == (1.0, 6.0, "linear")
    assert image["rows"] == 2 and image["cols"] == 3
    assert image["extent"] == list(im.get_extent())
    assert image["values"] == [[1.0, 2.0, 3.0], [4.0, None, 6.0]]


def test_imshow_extent_and_origin(chart, fig_ax):
    fig, ax = fig_ax
    values = np.arange(6.0).reshape(2, 3)
    im = ax.imshow(values, extent=(0, 30, 0, 20), origin="lower")
    d = chart(fig)
    assert d["image"]["extent"] == [0, 30, 0, 20] == list(im.get_extent())
    assert d["image"]["values"] == values.tolist()


def test_imshow_masked_values_are_null(chart, fig_ax):
    fig, ax = fig_ax
    values = np.ma.masked_array([[1.0, 2.0], [3.0, 4.0]],
                                mask=[[False, True], [False, False]])
    ax.imshow(values)
    d = chart(fig)
    assert d["image"]["values"] == [[1.0, None], [3.0, 4.0]]


# ------------------------------------------------ kinds e2b_charts dropped

def test_errorbar_is_a_line(chart, fig_ax):
    fig, ax = fig_ax
    x, y = [0, 1, 2, 3], [2.0, 2.5, 2.2, 3.1]
    ax.errorbar(x, y, yerr=[0.1, 0.2, 0.1, 0.3], xerr=0.05, capsize=2)
    d = chart(fig)
    assert d["type"] == "line"
    assert len(d["elements"]) == 1
    assert d["elements"][0]["points"] == pairs(x, y)
    assert not d["elements"][0]["label"].startswith("_")


def test_errorbar_keeps_its_legend_label(chart, fig_ax):
    # The label given to errorbar() is what the legend shows (matplotlib
    # keeps it on the container, not on the data line).
    fig, ax = fig_ax
    ax.errorbar([0, 1], [1, 2], yerr=[0.1, 0.1], label="measured")
    ax.errorbar([0, 1], [2, 3], yerr=[0.1, 0.1])
    d = chart(fig)
    assert [e["label"] for e in d["elements"]] == ["measured", "Line 1"]


def test_errorbar_markers_only(chart, fig_ax):
    fig, ax = fig_ax
    ax.errorbar([0, 1, 2], [1, 2, 3], yerr=0.5, fmt="o")
    d = chart(fig)
    assert d["type"] == "line"
    assert d["elements"][0]["points"] == [[0, 1], [1, 2], [2, 3]]


def test_errorbar_with_scatter_is_scatter(chart, fig_ax):
    fig, ax = fig_ax
    ax.scatter([0, 1], [1, 2], label="s")
    ax.errorbar([0, 1], [1, 2], yerr=0.2, fmt="none")
    d = chart(fig)
    assert d["type"] == "scatter"
    assert [e["label"] for e in d["elements"]] == ["s"]


def test_fill_between_is_a_line(chart, fig_ax):
    fig, ax = fig_ax
    x, y = [0, 1, 2, 3], [1.0, 3.0, 2.0, 4.0]
    ax.fill_between(x, y, alpha=0.3)
    d = chart(fig)
    assert d["type"] == "line"
    assert d["elements"] == [{"label": "Area 0", "points": pairs(x, y)}]


def test_fill_between_two_curves_has_a_baseline(chart, fig_ax):
    fig, ax = fig_ax
    x = [0, 1, 2, 3]
    y1, y2 = [2.0, 3.0, 4.0, 5.0], [1.0, 1.5, 1.0, 0.5]
    ax.fill_between(x, y1, y2, label="band")
    d = chart(fig)
    assert d["type"] == "line"
    assert d["elements"] == [{"label": "band", "points": pairs(x, y1),
                              "baseline": y2}]


def test_fill_between_with_line(chart, fig_ax):
    fig, ax = fig_ax
    x = np.linspace(0, 1, 5)
    ax.plot(x, x ** 2, label="mean")
    ax.fill_between(x, x ** 2 - 0.1, x ** 2 + 0.1, alpha=0.2, label="range")
    d = chart(fig)
    assert d["type"] == "line"
    labels = sorted(e["label"] for e in d["elements"])
    assert labels == ["mean", "range"]
    mean = [e for e in d["elements"] if e["label"] == "mean"][0]
    assert mean["points"] == pairs(x, x ** 2)
    band = [e for e in d["elements"] if e["label"] == "range"][0]
    assert band["points"] == pairs(x, x ** 2 - 0.1)
    assert band["baseline"] == (x ** 2 + 0.1).tolist()



def test_fill_between_between_two_lines_keeps_its_position(chart, fig_ax):
    fig, ax = fig_ax
    x = [0, 1, 2]
    ax.plot(x, [1.0, 2.0, 3.0], label="low")
    ax.fill_between(x, [1.0, 2.0, 3.0], [2.0, 3.0, 4.0], label="band")
    ax.plot(x, [2.0, 3.0, 4.0], label="high")
    d = chart(fig)
    assert d["type"] == "line"
    assert d["elements"] == [
        {"label": "low", "points": pairs(x, [1.0, 2.0, 3.0])},
        {"label": "band", "points": pairs(x, [1.0, 2.0, 3.0]),
         "baseline": [2.0, 3.0, 4.0]},
        {"label": "high", "points": pairs(x, [2.0, 3.0, 4.0])}]


def test_artists_missing_from_the_drawing_order_are_still_read(chart, fig_ax):
    # An axes whose get_children() does not show its artists (a subclass
    # that overrides it) loses nothing: they follow, containers first.
    fig, ax = fig_ax
    ax.plot([0, 1], [0, 1], label="line")
    ax.errorbar([0, 1], [1, 2], yerr=0.1, label="err")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 2)
    data = set(ax.lines) | set(ax.collections)
    children = ax.get_children
    ax.get_children = lambda: [a for a in children() if a not in data]
    d = chart(fig)
    assert [e["label"] for e in d["elements"]] == ["err", "line"]
    assert d["elements"][0]["points"] == [[0, 1], [1, 2]]


def test_failing_drawing_order_raises_chartex_error(fig_ax):
    fig, ax = fig_ax
    ax.plot([0, 1], [0, 1])

    def broken():
        raise RuntimeError("no children")
    ax.get_children = broken
    with pytest.raises(chartex.ChartexError) as info:
        chartex.figure_to_dict(fig)
    assert isinstance(info.value.__cause__, RuntimeError)


def test_stackplot_is_a_line(chart, fig_ax):
    fig, ax = fig_ax
    x = [0, 1, 2, 3]
    a, b = [1.0, 2.0, 3.0, 2.0], [2.0, 1.0, 1.0, 3.0]
    ax.stackplot(x, a, b, labels=["A", "B"])
    d = chart(fig)
    assert d["type"] == "line"
    assert [e["label"] for e in d["elements"]] == ["A", "B"]
    # Each layer is bounded by its lower and upper stack line; chartex reads
    # the area's two edges as points and "baseline".
    top = np.cumsum([a, b], axis=0)
    bottoms = [np.zeros(4), top[0]]
    for e, lo, hi in zip(d["elements"], bottoms, top):
        assert [p[0] for p in e["points"]] == x
        ys = [p[1] for p in e["points"]]
        base = e.get("baseline", [0.0] * 4)
        assert sorted([ys, base]) == sorted([lo.tolist(), hi.tolist()])


def test_stem_is_a_line(chart, fig_ax):
    fig, ax = fig_ax
    x, y = [1, 2, 3, 4], [0.5, -1.0, 2.0, 1.5]
    ax.stem(x, y)
    d = chart(fig)
    assert d["type"] == "line"
    assert len(d["elements"]) == 1
    assert d["elements"][0]["points"] == pairs(x, y)
    assert not d["elements"][0]["label"].startswith("_")


def test_stem_keeps_its_legend_label(chart, fig_ax):
    fig, ax = fig_ax
    ax.stem([1, 2], [3, 4], label="impulses")
    d = chart(fig)
    assert d["elements"][0]["label"] == "impulses"


def test_histogram_keeps_its_legend_label(chart, fig_ax):
    # hist(label=...) puts the label on the first bar, which the legend shows.
    fig, ax = fig_ax
    ax.hist([0.5, 1.5, 1.6], bins=[0, 1, 2], label="sizes")
    d = chart(fig)
    assert [e["group"] for e in d["elements"]] == ["sizes", "sizes"]


def test_step_function_is_a_line(chart, fig_ax):
    fig, ax = fig_ax
    ax.step([0, 1, 2], [1, 3, 2], where="mid", label="s")
    d = chart(fig)
    assert d["type"] == "line"
    assert d["elements"] == [{"label": "s", "points": [[0, 1], [1, 3], [2, 2]]}]


def test_hlines_vlines_are_data(chart, fig_ax):
    # hlines/vlines draw data (a LineCollection), unlike axhline.
    fig, ax = fig_ax
    ax.vlines([1, 2, 3], 0, [4, 5, 6])
    d = chart(fig)
    assert d["type"] == "line"
    assert d["elements"] != []


def test_polar_line(chart):
    fig = plt.figure()
    ax = fig.add_subplot(projection="polar")
    theta = [0.0, 0.5, 1.0]
    r = [1.0, 2.0, 3.0]
    ax.plot(theta, r, label="spiral")
    d = chart(fig)
    assert d["type"] == "line"
    assert d["elements"] == [{"label": "spiral", "points": pairs(theta, r)}]


@pytest.mark.parametrize("layers", [
    [[1.0, 2.0, 1.0], [2.0, 1.0, 2.0]],       # the last layer ends level (3, 3, 3)
    [[1.0, 1.0, 1.0], [2.0, 2.0, 2.0]],       # both layers flat
    [[1.0, 2.0, 1.0], [2.0, 1.0, 2.0], [0.5, 0.5, 0.5]],
])
def test_stackplot_on_few_even_points_is_not_a_violin(chart, fig_ax, layers):
    # A stackplot layer is a band with one flat edge; on evenly spaced x it
    # once read as a one-sided violin (a box chart with no quartiles).
    fig, ax = fig_ax
    x = [1.0, 2.0, 3.0]
    ax.stackplot(x, *layers)
    d = chart(fig)
    assert d["type"] == "line"
    bottom = np.zeros(3)
    for element, layer in zip(d["elements"], layers):
        top = bottom + np.asarray(layer)
        assert element["points"] == [[a, b] for a, b in zip(x, top.tolist())]
        if bottom.any():
            assert element["baseline"] == bottom.tolist()
        else:
            assert "baseline" not in element
        bottom = top


def test_step_histogram_is_its_outline(chart, fig_ax):
    # hist(histtype="step") draws one Polygon: read as a line through the
    # bin edges at the counts, not as unknown.
    fig, ax = fig_ax
    counts, edges, _ = ax.hist([1, 2, 2, 3, 3, 3], bins=3, histtype="step",
                               label="h")
    d = chart(fig)
    assert d["type"] == "line"
    (element,) = d["elements"]
    assert element["label"] == "h"
    want = [[float(edges[0]), 0.0]]
    for i, c in enumerate(counts):
        want += [[float(edges[i]), float(c)], [float(edges[i + 1]), float(c)]]
    want.append([float(edges[-1]), 0.0])
    # matplotlib merges the shared vertical edges: compare the distinct
    # corners in order.
    dedup = [p for i, p in enumerate(want) if i == 0 or p != want[i - 1]]
    assert element["points"] == dedup


def test_fill_polygon_is_its_outline(chart, fig_ax):
    fig, ax = fig_ax
    ax.fill([0.0, 1.0, 1.0], [0.0, 0.0, 1.0], label="tri")
    d = chart(fig)
    assert d["type"] == "line"
    assert d["elements"] == [{"label": "tri",
                              "points": [[0.0, 0.0], [1.0, 0.0], [1.0, 1.0]]}]


def test_pandas_area_plot_gives_one_element_per_series(chart):
    # pandas draws each series as an unlabelled edge line plus a labelled
    # fill; the edge line repeats the fill's top and is not a series.
    pd = pytest.importorskip("pandas")
    df = pd.DataFrame({"a": [1.0, 2.0, 3.0], "b": [2.0, 1.0, 2.0]})
    ax = df.plot.area()
    d = chart(ax.figure)
    assert d["type"] == "line"
    assert [e["label"] for e in d["elements"]] == ["a", "b"]
    x = [0.0, 1.0, 2.0]
    assert d["elements"][0]["points"] == [[a, b] for a, b in zip(x, df["a"])]
    tops = (df["a"] + df["b"]).tolist()
    assert d["elements"][1]["points"] == [[a, b] for a, b in zip(x, tops)]
    assert d["elements"][1]["baseline"] == df["a"].tolist()


def test_labelled_line_over_an_area_stays(chart, fig_ax):
    # Only an unlabelled edge is dropped: a labelled line is a series.
    fig, ax = fig_ax
    ax.fill_between([0.0, 1.0], [1.0, 2.0], alpha=0.3)
    ax.plot([0.0, 1.0], [1.0, 2.0], label="trend")
    d = chart(fig)
    assert [e["label"] for e in d["elements"]] == ["Area 0", "trend"]


def test_artist_lists_helper_falls_back_for_redefined_lists():
    # An Axes class that defines one of the four lists itself is read
    # through its lists, not through _children.
    import matplotlib.pyplot as plt
    from matplotlib.axes import Axes
    from chartex._matplotlib import compat as _compat

    class OnlyFirstLine(Axes):
        name = "only_first_line_test"

        @property
        def lines(self):
            return list(super().lines)[:1]

    fig = plt.figure()
    try:
        ax = fig.add_axes([0.1, 0.1, 0.8, 0.8], axes_class=OnlyFirstLine)
        ax.plot([0, 1], [0, 1], label="a")
        ax.plot([0, 1], [1, 0], label="b")
        assert _compat.artist_lists(ax) is None
        d = chartex.figure_to_dict(fig)
        assert [e["label"] for e in d["elements"]] == ["a"]
        plain = fig.add_axes([0.1, 0.1, 0.3, 0.3])
        children, types = _compat.artist_lists(plain)
        assert children == [] and len(types) == 4
    finally:
        plt.close(fig)
