"""Pie charts: one element per wedge, the angle in degrees rounded to 8
significant digits, the wedge's label ("" when none) and radius."""
import pytest


def test_ninety_ten(chart, fig_ax):
    fig, ax = fig_ax
    ax.pie([90, 10])
    d = chart(fig)
    assert list(d) == ["type", "title", "elements"]
    assert d["type"] == "pie"
    assert d["elements"] == [{"label": "", "angle": 324.0, "radius": 1.0},
                             {"label": "", "angle": 36.0, "radius": 1.0}]
    assert all(list(e) == ["label", "angle", "radius"] for e in d["elements"])


@pytest.mark.parametrize("values", [
    [1, 1, 1],
    [1, 2, 3, 4],
    [1, 6],
    [3, 7, 11, 13],
    [0.2, 0.3, 0.5],
    [1e-3, 1, 1000],
])
def test_angles_are_the_shares(chart, fig_ax, values):
    # matplotlib computes the wedges from float32 fractions, so a share like
    # 1/7 is only known to about 7 digits; the angle is that, rounded to 8
    # significant digits.
    fig, ax = fig_ax
    ax.pie(values)
    d = chart(fig)
    total = float(sum(values))
    got = [e["angle"] for e in d["elements"]]
    assert got == pytest.approx([360.0 * v / total for v in values],
                                rel=1e-6, abs=1e-9)
    for a in got:
        assert a == float("%.8g" % a), a
    assert sum(got) == pytest.approx(360.0)


@pytest.mark.parametrize("values, angles", [
    ([1, 1, 1], [120.0, 120.0, 120.0]),
    ([1, 1, 2, 4], [45.0, 45.0, 90.0, 180.0]),
    ([75, 25], [270.0, 90.0]),
    ([1, 3, 4], [45.0, 135.0, 180.0]),
])
def test_round_shares_read_exactly(chart, fig_ax, values, angles):
    fig, ax = fig_ax
    ax.pie(values)
    d = chart(fig)
    assert [e["angle"] for e in d["elements"]] == angles


@pytest.mark.parametrize("values, angles", [
    ([30, 70], [108.0, 252.0]),
    ([1, 4], [72.0, 288.0]),
    ([10, 20, 30, 40], [36.0, 72.0, 108.0, 144.0]),
    ([60, 25, 15], [216.0, 90.0, 54.0]),
])
def test_whole_degree_shares_read_exactly(chart, fig_ax, values, angles):
    # As for 90/10: shares that are whole degrees read as whole degrees,
    # although matplotlib computes the wedges from float32 fractions
    # (theta2 of a 30% wedge is 108.00000762939453 on matplotlib 3.10).
    fig, ax = fig_ax
    ax.pie(values)
    d = chart(fig)
    assert [e["angle"] for e in d["elements"]] == angles


def test_labels_and_title(chart, fig_ax):
    fig, ax = fig_ax
    ax.pie([1, 1, 2], labels=["cats", "dogs", "fish"], autopct="%1.1f%%")
    ax.set_title("Pets")
    d = chart(fig)
    assert d["title"] == "Pets"
    assert d["elements"] == [
        {"label": "cats", "angle": 90.0, "radius": 1.0},
        {"label": "dogs", "angle": 90.0, "radius": 1.0},
        {"label": "fish", "angle": 180.0, "radius": 1.0},
    ]


def test_exploded_wedges(chart, fig_ax):
    fig, ax = fig_ax
    ax.pie([1, 1, 2], labels=["a", "b", "c"], explode=[0, 0.1, 0.3], shadow=False)
    d = chart(fig)
    assert [(e["label"], e["angle"], e["radius"]) for e in d["elements"]] == [
        ("a", 90.0, 1.0), ("b", 90.0, 1.0), ("c", 180.0, 1.0)]


def test_radius(chart, fig_ax):
    fig, ax = fig_ax
    ax.pie([1, 3], radius=0.5)
    d = chart(fig)
    assert [e["radius"] for e in d["elements"]] == [0.5, 0.5]
    assert [e["angle"] for e in d["elements"]] == [90.0, 270.0]


def test_start_angle_and_clockwise(chart, fig_ax):
    fig, ax = fig_ax
    ax.pie([1, 3], startangle=90, counterclock=False, labels=["x", "y"])
    d = chart(fig)
    assert [(e["label"], e["angle"]) for e in d["elements"]] == [
        ("x", 90.0), ("y", 270.0)]


def test_partial_pie(chart, fig_ax):
    fig, ax = fig_ax
    ax.pie([0.25, 0.5], normalize=False)
    d = chart(fig)
    assert [e["angle"] for e in d["elements"]] == [90.0, 180.0]


def test_zero_wedge(chart, fig_ax):
    fig, ax = fig_ax
    ax.pie([1, 0, 1], labels=["a", "none", "b"])
    d = chart(fig)
    assert [(e["label"], e["angle"]) for e in d["elements"]] == [
        ("a", 180.0), ("none", 0.0), ("b", 180.0)]


def test_donut(chart, fig_ax):
    # Two rings: the outer wedges, then the inner ones, each with its radius.
    fig, ax = fig_ax
    ax.pie([1, 1], radius=1.0, wedgeprops={"width": 0.3}, labels=["o1", "o2"])
    ax.pie([1, 3], radius=0.7, wedgeprops={"width": 0.3}, labels=["i1", "i2"])
    d = chart(fig)
    assert [(e["label"], e["angle"], e["radius"]) for e in d["elements"]] == [
        ("o1", 180.0, 1.0), ("o2", 180.0, 1.0),
        ("i1", 90.0, 0.7), ("i2", 270.0, 0.7)]


def test_pie_with_legend(chart, fig_ax):
    fig, ax = fig_ax
    wedges, _ = ax.pie([2, 2])
    ax.legend(wedges, ["left", "right"])
    d = chart(fig)
    assert d["type"] == "pie"
    assert [e["angle"] for e in d["elements"]] == [180.0, 180.0]


def test_underscore_wedge_labels_are_kept_as_given(chart, fig_ax):
    # Pie labels are not defaulted: a wedge's label is read as it is.
    fig, ax = fig_ax
    ax.pie([1, 1], labels=["", "b"])
    d = chart(fig)
    assert [e["label"] for e in d["elements"]] == ["", "b"]
