"""Box-and-whisker charts: the statistics read from the drawn boxes equal
matplotlib.cbook.boxplot_stats of the data; violin plots give boxes too."""
import contextlib
import inspect
import warnings

import numpy as np
import pytest
from matplotlib import cbook

BOX_KEYS = ["label", "min", "first_quartile", "median", "third_quartile",
            "max", "outliers"]

DATA = [
    [1.0, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0, 12.0, -6.0],
    [10.0, 11.0, 11.5, 12.0, 13.0, 14.0, 15.0],
    [0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.1, 5.0, 6.0],
]


def expected(data, labels, whis=1.5, showfliers=True):
    out = []
    for s, label in zip(cbook.boxplot_stats(data, whis=whis), labels):
        out.append({
            "label": label,
            "min": s["whislo"],
            "first_quartile": s["q1"],
            "median": s["med"],
            "third_quartile": s["q3"],
            "max": s["whishi"],
            "outliers": sorted(s["fliers"].tolist()) if showfliers else [],
        })
    return out


def assert_boxes(d, want):
    got = d["elements"]
    assert [e["label"] for e in got] == [e["label"] for e in want]
    for g, w in zip(got, want):
        assert list(g) == BOX_KEYS
        for k in BOX_KEYS[1:-1]:
            assert g[k] == pytest.approx(w[k], rel=1e-12, abs=1e-12), (g["label"], k)
        assert sorted(g["outliers"]) == pytest.approx(w["outliers"], rel=1e-12,
                                                      abs=1e-12), g["label"]


def box_chart(d, orientation="vertical"):
    assert d["type"] == "box_and_whisker"
    assert list(d)[:8] == ["type", "title", "elements", "x_label", "y_label",
                           "x_unit", "y_unit", "orientation"]
    assert d["orientation"] == orientation


@contextlib.contextmanager
def quiet():
    """vert= is pending deprecation in matplotlib 3.10; it is still the way
    most code asks for horizontal boxes, so the tests keep using it."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PendingDeprecationWarning)
        warnings.simplefilter("ignore", DeprecationWarning)
        yield


def has_orientation_param(ax):
    return "orientation" in inspect.signature(ax.boxplot).parameters


# ------------------------------------------------------------ vertical

def test_default_boxplot_is_a_box_chart(chart, fig_ax):
    # e2b_charts classed a default plt.boxplot(data) as a line chart.
    fig, ax = fig_ax
    ax.boxplot(DATA)
    ax.set_title("Spread")
    ax.set_ylabel("Delay (ms)")
    d = chart(fig)
    box_chart(d)
    assert d["title"] == "Spread"
    assert d["y_label"] == "Delay (ms)" and d["y_unit"] == "ms"
    assert_boxes(d, expected(DATA, ["1", "2", "3"]))


def test_patch_artist(chart, fig_ax):
    fig, ax = fig_ax
    ax.boxplot(DATA, patch_artist=True)
    d = chart(fig)
    box_chart(d)
    assert_boxes(d, expected(DATA, ["1", "2", "3"]))


def test_single_box(chart, fig_ax):
    # e2b_charts crashed on a single box.
    fig, ax = fig_ax
    ax.boxplot(DATA[0])
    d = chart(fig)
    box_chart(d)
    assert_boxes(d, expected([DATA[0]], ["1"]))


@pytest.mark.parametrize("patch_artist", [False, True])
def test_equal_boxes(chart, fig_ax, patch_artist):
    # e2b_charts crashed on boxes of equal size.
    fig, ax = fig_ax
    same = [[1, 2, 3, 4, 5], [1, 2, 3, 4, 5], [1, 2, 3, 4, 5]]
    ax.boxplot(same, patch_artist=patch_artist)
    d = chart(fig)
    box_chart(d)
    assert_boxes(d, expected(same, ["1", "2", "3"]))


@pytest.mark.parametrize("patch_artist", [False, True])
def test_zero_length_whiskers(chart, fig_ax, patch_artist):
    fig, ax = fig_ax
    data = [[1, 1, 1, 1, 2, 3, 3, 3, 3], [5, 5, 5, 6, 7, 8, 9]]
    stats = cbook.boxplot_stats(data)
    assert stats[0]["whislo"] == stats[0]["q1"]
    assert stats[0]["whishi"] == stats[0]["q3"]
    ax.boxplot(data, patch_artist=patch_artist)
    d = chart(fig)
    box_chart(d)
    assert_boxes(d, expected(data, ["1", "2"]))


def test_no_fliers(chart, fig_ax):
    fig, ax = fig_ax
    ax.boxplot(DATA, showfliers=False)
    d = chart(fig)
    box_chart(d)
    assert_boxes(d, expected(DATA, ["1", "2", "3"], showfliers=False))


def test_whiskers_at_the_extremes(chart, fig_ax):
    fig, ax = fig_ax
    ax.boxplot(DATA, whis=(0, 100))
    d = chart(fig)
    box_chart(d)
    want = expected(DATA, ["1", "2", "3"], whis=(0, 100))
    assert_boxes(d, want)
    for w, data in zip(want, DATA):
        assert w["min"] == min(data) and w["max"] == max(data)
        assert w["outliers"] == []


def test_no_caps(chart, fig_ax):
    fig, ax = fig_ax
    ax.boxplot(DATA, showcaps=False)
    d = chart(fig)
    box_chart(d)
    assert_boxes(d, expected(DATA, ["1", "2", "3"]))


def test_many_boxes(chart, fig_ax):
    fig, ax = fig_ax
    rng = np.random.default_rng(3)
    data = [rng.normal(loc=i, scale=1 + i / 5, size=40) for i in range(12)]
    ax.boxplot(data)
    d = chart(fig)
    box_chart(d)
    assert_boxes(d, expected(data, [str(i + 1) for i in range(12)]))


def test_tick_labels_name_the_boxes(chart, fig_ax):
    fig, ax = fig_ax
    ax.boxplot(DATA)
    ax.set_xticklabels(["alpha", "beta", "gamma"])
    d = chart(fig)
    assert_boxes(d, expected(DATA, ["alpha", "beta", "gamma"]))


def test_positions(chart, fig_ax):
    fig, ax = fig_ax
    ax.boxplot(DATA[:2], positions=[2, 5], widths=0.8)
    ax.set_xticks([2, 5], ["two", "five"])
    d = chart(fig)
    box_chart(d)
    assert_boxes(d, expected(DATA[:2], ["two", "five"]))


def test_positions_without_ticks_use_the_position(chart, fig_ax):
    fig, ax = fig_ax
    ax.boxplot(DATA[:2], positions=[2, 5])
    ax.set_xticks([])
    d = chart(fig)
    assert_boxes(d, expected(DATA[:2], ["2", "5"]))


def test_box_with_reference_line(chart, fig_ax):
    fig, ax = fig_ax
    ax.boxplot(DATA)
    ax.axhline(3.0, linestyle="--")
    d = chart(fig)
    box_chart(d)
    assert_boxes(d, expected(DATA, ["1", "2", "3"]))


def test_means_are_read(chart, fig_ax):
    # showmeans adds a marker per box; the chart stays a box chart and each
    # element carries the additional key "mean".
    fig, ax = fig_ax
    ax.boxplot(DATA, showmeans=True)
    d = chart(fig)
    box_chart(d)
    want = expected(DATA, ["1", "2", "3"])
    for g, w, s in zip(d["elements"], want, cbook.boxplot_stats(DATA)):
        assert list(g) == BOX_KEYS + ["mean"]
        assert g["mean"] == pytest.approx(s["mean"], rel=1e-12)
        for k in BOX_KEYS[1:-1]:
            assert g[k] == pytest.approx(w[k], rel=1e-12, abs=1e-12)


def test_box_statistics_of_integers(chart, fig_ax):
    fig, ax = fig_ax
    data = [list(range(1, 11)), [2, 4, 4, 4, 5, 5, 7, 9, 40]]
    ax.boxplot(data)
    d = chart(fig)
    assert_boxes(d, expected(data, ["1", "2"]))


# ---------------------------------------------------------- horizontal

@pytest.mark.parametrize("patch_artist", [False, True])
def test_vert_false(chart, fig_ax, patch_artist):
    # e2b_charts crashed on vert=False.
    fig, ax = fig_ax
    with quiet():
        ax.boxplot(DATA, vert=False, patch_artist=patch_artist)
    ax.set_xlabel("Latency [s]")
    d = chart(fig)
    box_chart(d, "horizontal")
    assert d["x_label"] == "Latency [s]" and d["x_unit"] == "s"
    assert_boxes(d, expected(DATA, ["1", "2", "3"]))


def test_orientation_horizontal(chart, fig_ax):
    fig, ax = fig_ax
    if not has_orientation_param(ax):
        pytest.skip("this matplotlib has no boxplot(orientation=...)")
    ax.boxplot(DATA, orientation="horizontal", patch_artist=True)
    d = chart(fig)
    box_chart(d, "horizontal")
    assert_boxes(d, expected(DATA, ["1", "2", "3"]))


def test_horizontal_single_and_equal(chart, fig_ax):
    fig, ax = fig_ax
    same = [[1, 2, 3, 4, 5], [1, 2, 3, 4, 5]]
    with quiet():
        ax.boxplot(same, vert=False)
    d = chart(fig)
    box_chart(d, "horizontal")
    assert_boxes(d, expected(same, ["1", "2"]))


def test_horizontal_tick_labels(chart, fig_ax):
    fig, ax = fig_ax
    with quiet():
        ax.boxplot(DATA, vert=False)
    ax.set_yticklabels(["a", "b", "c"])
    d = chart(fig)
    assert_boxes(d, expected(DATA, ["a", "b", "c"]))


def test_horizontal_zero_length_whiskers(chart, fig_ax):
    fig, ax = fig_ax
    data = [[1, 1, 1, 1, 2, 3, 3, 3, 3]]
    with quiet():
        ax.boxplot(data, vert=False)
    d = chart(fig)
    box_chart(d, "horizontal")
    assert_boxes(d, expected(data, ["1"]))


# -------------------------------------------------------------- pandas

def test_pandas_dataframe_boxplot(chart, fig_ax):
    pd = pytest.importorskip("pandas")
    fig, ax = fig_ax
    df = pd.DataFrame({"a": DATA[1], "b": [v * 2 for v in DATA[1]]})
    df.plot.box(ax=ax)
    d = chart(fig)
    box_chart(d)
    assert_boxes(d, expected([df["a"].to_numpy(), df["b"].to_numpy()], ["a", "b"]))


# -------------------------------------------------------------- violins

VIOLIN_DATA = [[1.0, 2.0, 2.5, 3.0, 4.0, 7.0], [3.0, 3.5, 4.0, 6.0, 6.5]]


def test_violin_plot(chart, fig_ax):
    # e2b_charts gave unknown with no data for violinplot.
    fig, ax = fig_ax
    ax.violinplot(VIOLIN_DATA, positions=[1, 2], showmedians=True)
    ax.set_xticks([1, 2], ["first", "second"])
    d = chart(fig)
    assert d["type"] == "box_and_whisker"
    assert d["orientation"] == "vertical"
    assert d["violin"] is True
    assert [e["label"] for e in d["elements"]] == ["first", "second"]
    for e, data in zip(d["elements"], VIOLIN_DATA):
        assert list(e) == BOX_KEYS
        assert e["min"] == pytest.approx(min(data), rel=1e-12)
        assert e["max"] == pytest.approx(max(data), rel=1e-12)
        assert e["median"] == pytest.approx(float(np.median(data)), rel=1e-12)
        assert e["first_quartile"] is None and e["third_quartile"] is None
        assert e["outliers"] == []


def test_violin_without_median(chart, fig_ax):
    fig, ax = fig_ax
    ax.violinplot(VIOLIN_DATA)
    ax.set_xticks([1, 2], ["a", "b"])
    d = chart(fig)
    assert d["type"] == "box_and_whisker"
    assert d["violin"] is True
    for e, data in zip(d["elements"], VIOLIN_DATA):
        assert e["median"] is None
        assert e["min"] == pytest.approx(min(data), rel=1e-12)
        assert e["max"] == pytest.approx(max(data), rel=1e-12)


def test_violin_without_extrema(chart, fig_ax):
    fig, ax = fig_ax
    ax.violinplot(VIOLIN_DATA, showextrema=False)
    ax.set_xticks([1, 2], ["a", "b"])
    d = chart(fig)
    assert d["type"] == "box_and_whisker"
    assert [e["label"] for e in d["elements"]] == ["a", "b"]
    for e, data in zip(d["elements"], VIOLIN_DATA):
        assert e["min"] == pytest.approx(min(data), rel=1e-12)
        assert e["max"] == pytest.approx(max(data), rel=1e-12)


def test_horizontal_violin(chart, fig_ax):
    fig, ax = fig_ax
    with quiet():
        ax.violinplot(VIOLIN_DATA, vert=False, showmedians=True)
    ax.set_yticks([1, 2], ["a", "b"])
    d = chart(fig)
    assert d["type"] == "box_and_whisker"
    assert d["orientation"] == "horizontal"
    assert [e["label"] for e in d["elements"]] == ["a", "b"]
    for e, data in zip(d["elements"], VIOLIN_DATA):
        assert e["median"] == pytest.approx(float(np.median(data)), rel=1e-12)
        assert e["min"] == pytest.approx(min(data), rel=1e-12)
        assert e["max"] == pytest.approx(max(data), rel=1e-12)


def test_plain_boxes_have_no_violin_key(chart, fig_ax):
    fig, ax = fig_ax
    ax.boxplot(DATA)
    assert "violin" not in chart(fig)
