"""Bar charts: orientation from matplotlib's bar container, values from the
data, labels from categories or each bar's own position, groups from the
container's label."""
import datetime as dt

import numpy as np
import pytest

from golden import iso

BAR_KEYS = ["type", "title", "elements", "x_label", "y_label", "x_unit",
            "y_unit", "orientation"]


def bars(d):
    return [(e["label"], e["group"], e["value"]) for e in d["elements"]]


def test_vertical_bars_on_categories(chart, fig_ax):
    fig, ax = fig_ax
    ax.bar(["red", "green", "blue"], [3, 7, 5])
    ax.set_xlabel("Colour")
    ax.set_ylabel("Count (items)")
    ax.set_title("Votes")
    d = chart(fig)
    assert list(d) == BAR_KEYS
    assert d["type"] == "bar"
    assert d["orientation"] == "vertical"
    assert d["title"] == "Votes"
    assert d["x_label"] == "Colour" and d["y_label"] == "Count (items)"
    assert d["x_unit"] is None and d["y_unit"] == "items"
    assert bars(d) == [("red", "Group 0", 3), ("green", "Group 0", 7),
                       ("blue", "Group 0", 5)]
    assert all(list(e) == ["label", "group", "value"] for e in d["elements"])


@pytest.mark.parametrize("heights", [[2, 2, 2], [0.8, 0.8, 0.8], [5]])
def test_equal_heights_are_vertical(chart, fig_ax, heights):
    # e2b_charts read bars of equal height as horizontal (values 0.8).
    fig, ax = fig_ax
    cats = ["a", "b", "c"][:len(heights)]
    ax.bar(cats, heights)
    d = chart(fig)
    assert d["orientation"] == "vertical"
    assert [e["value"] for e in d["elements"]] == heights
    assert [e["label"] for e in d["elements"]] == cats


def test_single_bar(chart, fig_ax):
    fig, ax = fig_ax
    ax.bar([4], [9.5])
    d = chart(fig)
    assert d["orientation"] == "vertical"
    assert bars(d) == [("4", "Group 0", 9.5)]


def test_zero_height_bars_are_vertical(chart, fig_ax):
    fig, ax = fig_ax
    ax.bar([0, 1, 2], [0, 0, 0])
    d = chart(fig)
    assert d["type"] == "bar"
    assert d["orientation"] == "vertical"
    assert bars(d) == [("0", "Group 0", 0), ("1", "Group 0", 0),
                       ("2", "Group 0", 0)]


def test_negative_values(chart, fig_ax):
    fig, ax = fig_ax
    ax.bar(["loss", "gain"], [-3.5, 2.0])
    d = chart(fig)
    assert d["orientation"] == "vertical"
    assert [e["value"] for e in d["elements"]] == [-3.5, 2.0]


def test_numeric_positions_label_each_bar(chart, fig_ax):
    fig, ax = fig_ax
    ax.bar([1.5, 2.5, 10], [1, 2, 3])
    d = chart(fig)
    assert bars(d) == [("1.5", "Group 0", 1), ("2.5", "Group 0", 2),
                       ("10", "Group 0", 3)]


def test_year_positions(chart, fig_ax):
    fig, ax = fig_ax
    years = [2019, 2020, 2021, 2022]
    ax.bar(years, [10, 12, 9, 14])
    d = chart(fig)
    assert [e["label"] for e in d["elements"]] == ["2019", "2020", "2021", "2022"]


def test_grouped_bars_are_named_by_their_group(chart, fig_ax):
    # Bars side by side around x (x - 0.2, x + 0.2): each stands in the
    # group at x, which the reader sees; the offset is where it is drawn.
    fig, ax = fig_ax
    x = np.arange(3)
    a, b = [1, 2, 3], [4, 5, 6]
    ax.bar(x - 0.2, a, 0.4, label="2023")
    ax.bar(x + 0.2, b, 0.4, label="2024")
    d = chart(fig)
    assert d["orientation"] == "vertical"
    assert bars(d) == [("0", "2023", 1), ("1", "2023", 2), ("2", "2023", 3),
                       ("0", "2024", 4), ("1", "2024", 5), ("2", "2024", 6)]


def test_grouped_bars_three_groups(chart, fig_ax):
    fig, ax = fig_ax
    x = np.arange(4)
    w = 0.25
    for i in range(3):
        ax.bar(x + (i - 1) * w, [i + 1] * 4, w)
    d = chart(fig)
    assert [e["label"] for e in d["elements"]] == ["0", "1", "2", "3"] * 3
    assert [e["group"] for e in d["elements"]] == (
        ["Group 0"] * 4 + ["Group 1"] * 4 + ["Group 2"] * 4)


def test_odd_positions_read_back_as_numbers(chart, fig_ax):
    fig, ax = fig_ax
    pos = [0.1, 0.7, 1.3]
    ax.bar(pos, [1, 2, 3], width=0.3)
    d = chart(fig)
    labels = [e["label"] for e in d["elements"]]
    assert [float(s) for s in labels] == pytest.approx(pos, abs=1e-12)


def test_histogram_bins_are_labelled_by_their_centres(chart, fig_ax):
    fig, ax = fig_ax
    data = [0.5, 1.2, 1.7, 2.1, 2.2, 2.9, 3.5, 3.6, 3.7, 3.8]
    counts, edges, _ = ax.hist(data, bins=[0, 1, 2, 3, 4])
    d = chart(fig)
    assert d["type"] == "bar"
    assert d["orientation"] == "vertical"
    assert bars(d) == [("0.5", "Group 0", 1), ("1.5", "Group 0", 2),
                       ("2.5", "Group 0", 3), ("3.5", "Group 0", 4)]
    assert [e["value"] for e in d["elements"]] == counts.tolist()


def test_histogram_uneven_bins(chart, fig_ax):
    fig, ax = fig_ax
    ax.hist([0.1, 0.2, 1.0, 3.0, 9.0], bins=[0, 0.5, 2, 10])
    d = chart(fig)
    assert bars(d) == [("0.25", "Group 0", 2), ("1.25", "Group 0", 1),
                       ("6", "Group 0", 2)]


def test_hidden_ticks_keep_category_labels(chart, fig_ax):
    fig, ax = fig_ax
    ax.bar(["a", "b", "c"], [1, 2, 3])
    ax.set_xticks([])
    d = chart(fig)
    assert [e["label"] for e in d["elements"]] == ["a", "b", "c"]


def test_renamed_ticks_keep_category_labels(chart, fig_ax):
    fig, ax = fig_ax
    ax.bar(["a", "b", "c"], [1, 2, 3])
    ax.set_xticks([0, 1, 2], ["first", "second", "third"])
    d = chart(fig)
    assert [e["label"] for e in d["elements"]] == ["a", "b", "c"]


def test_horizontal_bars(chart, fig_ax):
    fig, ax = fig_ax
    ax.barh(["north", "south", "east"], [30, 45, 12], label="sites")
    ax.set_xlabel("Visitors (k)")
    ax.set_ylabel("Region")
    d = chart(fig)
    assert list(d) == BAR_KEYS
    assert d["orientation"] == "horizontal"
    assert bars(d) == [("north", "sites", 30), ("south", "sites", 45),
                       ("east", "sites", 12)]
    assert d["x_label"] == "Visitors (k)" and d["x_unit"] == "k"
    assert d["y_label"] == "Region" and d["y_unit"] is None


def test_horizontal_equal_widths(chart, fig_ax):
    fig, ax = fig_ax
    ax.barh(["a", "b"], [4, 4])
    d = chart(fig)
    assert d["orientation"] == "horizontal"
    assert bars(d) == [("a", "Group 0", 4), ("b", "Group 0", 4)]


def test_horizontal_zero_widths(chart, fig_ax):
    fig, ax = fig_ax
    ax.barh(["a", "b"], [0, 0])
    d = chart(fig)
    assert d["orientation"] == "horizontal"
    assert bars(d) == [("a", "Group 0", 0), ("b", "Group 0", 0)]


def test_horizontal_single_bar(chart, fig_ax):
    fig, ax = fig_ax
    ax.barh([3], [7])
    d = chart(fig)
    assert d["orientation"] == "horizontal"
    assert bars(d) == [("3", "Group 0", 7)]


def test_horizontal_numeric_positions(chart, fig_ax):
    fig, ax = fig_ax
    ax.barh([1, 2.5], [3, 4], height=0.5)
    d = chart(fig)
    assert bars(d) == [("1", "Group 0", 3), ("2.5", "Group 0", 4)]


def test_stacked_bars_values_are_the_data(chart, fig_ax):
    fig, ax = fig_ax
    cats = ["q1", "q2"]
    ax.bar(cats, [3, 4], label="base")
    ax.bar(cats, [1, 2], bottom=[3, 4], label="extra")
    d = chart(fig)
    assert bars(d) == [("q1", "base", 3), ("q2", "base", 4),
                       ("q1", "extra", 1), ("q2", "extra", 2)]



def test_stacked_bars_with_a_line_between_keep_container_order(chart, fig_ax):
    # The line is a chart of its own beside the bars (the Axes is a
    # superchart of its parts); the containers stay in the order they were
    # plotted, with their error bars, and a stack has no "base".
    fig, ax = fig_ax
    cats = ["q1", "q2"]
    ax.bar(cats, [3, 4], label="base", yerr=[0.5, 0.5])
    ax.plot(cats, [5, 6], label="target")
    ax.bar(cats, [1, 2], bottom=[3, 4], label="extra", yerr=[0.2, 0.2])
    ax.bar(cats, [2, 1], bottom=[4, 6], label="top")
    d = chart(fig)
    assert d["type"] == "superchart"
    barchart, line = d["elements"]
    assert (barchart["type"], line["type"]) == ("bar", "line")
    assert bars(barchart) == [("q1", "base", 3), ("q2", "base", 4),
                              ("q1", "extra", 1), ("q2", "extra", 2),
                              ("q1", "top", 2), ("q2", "top", 1)]
    assert not any("base" in e for e in barchart["elements"])
    assert line["elements"] == [{"label": "target", "points": [["q1", 5.0], ["q2", 6.0]]}]


def test_line_before_bars_is_drawn_first(chart, fig_ax):
    fig, ax = fig_ax
    ax.plot([0, 1], [2, 3], label="trend")
    ax.bar([0, 1], [4, 5])
    ax.bar([0, 1], [1, 1], bottom=[4, 5])
    d = chart(fig)
    assert [c["type"] for c in d["elements"]] == ["line", "bar"]
    assert d["elements"][0]["elements"][0]["points"] == [[0.0, 2.0], [1.0, 3.0]]
    assert bars(d["elements"][1]) == [("0", "Group 0", 4), ("1", "Group 0", 5),
                                      ("0", "Group 1", 1), ("1", "Group 1", 1)]


def test_stacked_horizontal_bars(chart, fig_ax):
    fig, ax = fig_ax
    ax.barh(["a", "b"], [2, 3], label="x")
    ax.barh(["a", "b"], [5, 1], left=[2, 3], label="y")
    d = chart(fig)
    assert d["orientation"] == "horizontal"
    assert bars(d) == [("a", "x", 2), ("b", "x", 3), ("a", "y", 5), ("b", "y", 1)]


def test_bars_with_error_bars_stay_bars(chart, fig_ax):
    # e2b_charts gave unknown with no data for bars with yerr.
    fig, ax = fig_ax
    ax.bar(["a", "b", "c"], [2, 4, 3], yerr=[0.5, 0.2, 0.4], capsize=3)
    d = chart(fig)
    assert d["type"] == "bar"
    assert bars(d) == [("a", "Group 0", 2), ("b", "Group 0", 4),
                       ("c", "Group 0", 3)]


def test_horizontal_bars_with_error_bars(chart, fig_ax):
    fig, ax = fig_ax
    ax.barh([0, 1], [2, 4], xerr=[0.5, 0.2])
    d = chart(fig)
    assert d["orientation"] == "horizontal"
    assert [e["value"] for e in d["elements"]] == [2, 4]


def test_bar_with_line_keeps_both_and_the_reference_line(chart, fig_ax):
    fig, ax = fig_ax
    ax.bar(["a", "b"], [1, 2])
    ax.plot(["a", "b"], [1.5, 1.5], color="k")
    ax.axhline(1.2)
    d = chart(fig)
    assert d["type"] == "superchart"
    barchart, line = d["elements"]
    assert bars(barchart) == [("a", "Group 0", 1), ("b", "Group 0", 2)]
    assert line["elements"][0]["points"] == [["a", 1.5], ["b", 1.5]]
    # The reference line goes with the Axes' first chart.
    assert barchart["reference_lines"] == [{"label": None, "axis": "y", "value": 1.2}]
    assert "reference_lines" not in line


def test_group_defaults(chart, fig_ax):
    fig, ax = fig_ax
    ax.bar([0, 1], [1, 2], width=0.4)
    ax.bar([0.4, 1.4], [3, 4], width=0.4)
    d = chart(fig)
    assert [e["group"] for e in d["elements"]] == ["Group 0", "Group 0",
                                                   "Group 1", "Group 1"]


def test_group_default_does_not_repeat_a_user_label(chart, fig_ax):
    fig, ax = fig_ax
    ax.bar([0, 1], [1, 2], width=0.4, label="Group 1")
    ax.bar([0.4, 1.4], [3, 4], width=0.4)
    d = chart(fig)
    groups = [e["group"] for e in d["elements"]]
    assert groups[:2] == ["Group 1", "Group 1"]
    assert groups[2] == groups[3] == "Group 2"


@pytest.mark.parametrize("label", ["_hidden", "_container5", "", "_"])
def test_underscore_group_labels_are_defaults(chart, fig_ax, label):
    fig, ax = fig_ax
    ax.bar(["a"], [1], label=label)
    d = chart(fig)
    assert d["elements"][0]["group"] == "Group 0"


def test_bars_on_dates(chart, fig_ax):
    fig, ax = fig_ax
    days = [dt.date(2024, 4, 1), dt.date(2024, 4, 2), dt.date(2024, 4, 3)]
    ax.bar(days, [5, 3, 8])
    d = chart(fig)
    assert d["orientation"] == "vertical"
    assert bars(d) == [(iso(x), "Group 0", v) for x, v in zip(days, [5, 3, 8])]


def test_nan_bar_value_is_null(chart, fig_ax):
    fig, ax = fig_ax
    ax.bar(["a", "b"], [1.0, np.nan])
    d = chart(fig)
    assert [e["value"] for e in d["elements"]] == [1.0, None]
    assert [e["label"] for e in d["elements"]] == ["a", "b"]


def test_bar_label_texts_are_ignored(chart, fig_ax):
    fig, ax = fig_ax
    bc = ax.bar(["a", "b"], [1, 2])
    ax.bar_label(bc)
    d = chart(fig)
    assert bars(d) == [("a", "Group 0", 1), ("b", "Group 0", 2)]


def test_many_bars(chart, fig_ax):
    fig, ax = fig_ax
    values = np.arange(100) * 1.5
    ax.bar(np.arange(100), values)
    d = chart(fig)
    assert [e["value"] for e in d["elements"]] == values.tolist()
    assert [e["label"] for e in d["elements"]] == [str(i) for i in range(100)]


def test_offset_bars_on_a_category_axis(chart, fig_ax):
    # On a category axis the group's position is the category's index.
    fig, ax = fig_ax
    cats = ["a", "b", "c"]
    ax.plot(cats, [0, 0, 0], color="k")  # makes x a category axis
    ax.bar(np.arange(3) - 0.2, [1, 2, 3], width=0.4, label="left")
    ax.bar(np.arange(3) + 0.2, [4, 5, 6], width=0.4, label="right")
    d = chart(fig)
    line, barchart = d["elements"]
    assert line["elements"][0]["points"] == [["a", 0.0], ["b", 0.0], ["c", 0.0]]
    assert bars(barchart) == [("a", "left", 1), ("b", "left", 2), ("c", "left", 3),
                              ("a", "right", 4), ("b", "right", 5), ("c", "right", 6)]


def test_pandas_bar_plot_reads_the_index(chart):
    # Series.plot.bar() draws bars at 0..n-1 on a numeric axis and names them
    # with tick labels: the index is what a reader sees under each bar.
    pd = pytest.importorskip("pandas")
    s = pd.Series([3.0, 5.0, 2.0], index=["apples", "pears", "plums"])
    ax = s.plot.bar()
    d = chart(ax.figure)
    assert d["orientation"] == "vertical"
    assert bars(d) == [(k, "Group 0", v) for k, v in s.items()]


def test_pandas_barh_plot_reads_the_index(chart):
    pd = pytest.importorskip("pandas")
    s = pd.Series([1.5, 4.0], index=["north", "south"], name="sales")
    ax = s.plot.barh()
    d = chart(ax.figure)
    assert d["orientation"] == "horizontal"
    assert [(e["label"], e["value"]) for e in d["elements"]] == list(s.items())


def test_bars_named_by_set_xticks(chart, fig_ax):
    fig, ax = fig_ax
    ax.bar(range(3), [1, 2, 3])
    ax.set_xticks(range(3), ["a", "b", "c"])
    assert bars(chart(fig)) == [("a", "Group 0", 1), ("b", "Group 0", 2),
                                ("c", "Group 0", 3)]


def test_numeric_tick_labels_do_not_rename_bars(chart, fig_ax):
    # Ticks that only repeat the position ("1.0" under the bar at 1) leave
    # the bar's own position as its label.
    fig, ax = fig_ax
    ax.bar([1, 2, 3], [4, 5, 6])
    ax.set_xticks([1, 2, 3], ["1.0", "2.0", "3.0"])
    assert [e["label"] for e in chart(fig)["elements"]] == ["1", "2", "3"]


def test_rectangles_read_from_fields_match_their_methods():
    # Bars of class Rectangle are read from the fields behind get_x, ...,
    # get_visible and axes (walker.c, rectangle_fields); any other class
    # through the methods.  The same bars, re-classed to a subclass that
    # changes nothing, must give the same scene: hidden and removed bars,
    # negative heights, stacked bottoms and a histogram included.
    import matplotlib.pyplot as plt
    from matplotlib.patches import Rectangle

    import chartex

    class SameRectangle(Rectangle):
        pass

    fig, (a1, a2) = plt.subplots(1, 2)
    try:
        bars = a1.bar([0.5, 1.5, 2.5, 3.5], [3.0, -1.25, 2.0, 7.5],
                      bottom=[0.0, 1.0, 0.5, 0.0], label="b")
        bars[1].set_visible(False)
        bars[2].remove()
        a2.hist(np.random.default_rng(5).standard_normal(500), bins=40)
        fast = chartex.figure_to_scene_json(fig)
        d = chartex.figure_to_dict(fig)
        first = d["elements"][0]["elements"]
        assert [(e["label"], e["value"]) for e in first] == [("0.5", 3.0), ("3.5", 7.5)]
        for ax in (a1, a2):
            for p in ax.patches:
                assert type(p) is Rectangle
                p.__class__ = SameRectangle
        assert chartex.figure_to_scene_json(fig) == fast
    finally:
        plt.close(fig)
