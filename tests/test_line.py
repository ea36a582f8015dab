"""Line and scatter charts, and what every 2-D chart shares: labels, units,
titles, ticks, scales, dates, categories and non-finite values.  Each test
checks the output against the data the test plotted."""
import datetime as dt
import re

import matplotlib
import matplotlib.dates as mdates
import matplotlib.pyplot as plt
import numpy as np
import pytest

from golden import iso

ISO_RE = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{6})?$")


def pairs(xs, ys):
    return [[x, y] for x, y in zip(xs, ys)]


def visible_ticks(axis):
    """The major ticks inside the view and their labels as matplotlib's
    formatter writes them (what a reader of the drawn axis sees)."""
    locs = [float(t) for t in axis.get_majorticklocs()]
    labels = list(axis.get_major_formatter().format_ticks(locs))
    lo, hi = sorted(axis.get_view_interval())
    tol = 1e-10 * max(abs(lo), abs(hi))
    keep = [i for i, t in enumerate(locs) if lo - tol <= t <= hi + tol]
    return [locs[i] for i in keep], [labels[i] for i in keep]


def element(d, label):
    found = [e for e in d["elements"] if e["label"] == label]
    assert len(found) == 1, (label, [e["label"] for e in d["elements"]])
    return found[0]


# ------------------------------------------------------------------ lines

def test_one_element_per_line_points_equal_input(chart, fig_ax):
    fig, ax = fig_ax
    x1, y1 = [0, 1, 2, 3], [10, 11, 9.5, 12]
    x2, y2 = [0.5, 1.5, 2.5], [-1, -2.25, 3]
    ax.plot(x1, y1, label="first")
    ax.plot(x2, y2, label="second")
    d = chart(fig)
    assert d["type"] == "line"
    assert list(d) == ["type", "title", "elements", "x_label", "y_label",
                       "x_unit", "y_unit", "x_ticks", "x_tick_labels",
                       "x_scale", "y_ticks", "y_tick_labels", "y_scale"]
    assert d["elements"] == [
        {"label": "first", "points": pairs(x1, y1)},
        {"label": "second", "points": pairs(x2, y2)},
    ]
    assert all(list(e) == ["label", "points"] for e in d["elements"])


def test_y_only_plot_uses_index_as_x(chart, fig_ax):
    fig, ax = fig_ax
    ys = [3, 1, 4, 1, 5]
    ax.plot(ys)
    d = chart(fig)
    assert d["elements"][0]["points"] == pairs(range(5), ys)


def test_many_points_float_precision(chart, fig_ax):
    fig, ax = fig_ax
    x = np.linspace(0, 10, 1001)
    y = np.sin(x) * 1e3 + 1e-9
    ax.plot(x, y)
    d = chart(fig)
    assert d["elements"][0]["points"] == pairs(x.tolist(), y.tolist())


def test_integer_and_float32_inputs(chart, fig_ax):
    fig, ax = fig_ax
    ax.plot(np.arange(4, dtype=np.int64), np.array([1.5, 2.5, 3.25, 4],
                                                    dtype=np.float32))
    d = chart(fig)
    assert d["elements"][0]["points"] == [[0.0, 1.5], [1.0, 2.5],
                                          [2.0, 3.25], [3.0, 4.0]]


def test_marker_only_and_step_lines_are_lines(chart, fig_ax):
    fig, ax = fig_ax
    ax.plot([0, 1, 2], [1, 3, 2], "o", label="markers")
    ax.plot([0, 1, 2], [5, 4, 6], drawstyle="steps-post", label="steps")
    d = chart(fig)
    assert d["type"] == "line"
    assert element(d, "markers")["points"] == [[0, 1], [1, 3], [2, 2]]
    # Points are the data given, not the drawn staircase.
    assert element(d, "steps")["points"] == [[0, 5], [1, 4], [2, 6]]


def test_single_point_line(chart, fig_ax):
    fig, ax = fig_ax
    ax.plot([2.5], [7.0], "o")
    d = chart(fig)
    assert d["type"] == "line"
    assert d["elements"][0]["points"] == [[2.5, 7.0]]


def test_two_point_flat_lines_are_data(chart, fig_ax):
    # e2b_charts dropped any 2-point horizontal or vertical line as a grid line.
    fig, ax = fig_ax
    ax.plot([0, 1], [5, 5], label="flat")
    ax.plot([3, 3], [0, 1], label="upright")
    d = chart(fig)
    assert d["type"] == "line"
    assert element(d, "flat")["points"] == [[0, 5], [1, 5]]
    assert element(d, "upright")["points"] == [[3, 0], [3, 1]]
    assert len(d["elements"]) == 2


def test_single_flat_line_is_a_line_chart(chart, fig_ax):
    fig, ax = fig_ax
    ax.plot([0, 1], [5, 5])
    d = chart(fig)
    assert d["type"] == "line"
    assert d["elements"] == [{"label": "Line 0", "points": [[0, 5], [1, 5]]}]


@pytest.mark.parametrize("add", [
    lambda ax: ax.axhline(1.5),
    lambda ax: ax.axvline(0.5, color="r"),
    lambda ax: ax.axhspan(1, 2, alpha=0.2),
    lambda ax: ax.axvspan(0.2, 0.4, alpha=0.2),
    lambda ax: ax.axline((0, 0), (1, 1)),
], ids=["axhline", "axvline", "axhspan", "axvspan", "axline"])
def test_reference_lines_do_not_change_the_chart(chart, fig_ax, add):
    fig, ax = fig_ax
    ax.plot([0, 1, 2], [1, 2, 3], label="data")
    add(ax)
    d = chart(fig)
    assert d["type"] == "line"
    assert d["elements"] == [{"label": "data",
                              "points": [[0, 1], [1, 2], [2, 3]]}]


def test_reference_lines_alone_are_no_data(chart, fig_ax):
    fig, ax = fig_ax
    ax.axhline(1.0)
    ax.axvline(2.0)
    assert chart(fig) == {}


def test_empty_line_is_no_data(chart, fig_ax):
    fig, ax = fig_ax
    ax.plot([], [])
    assert chart(fig) == {}


def test_invisible_line_is_not_an_element(chart, fig_ax):
    fig, ax = fig_ax
    ax.plot([0, 1], [0, 1], label="shown")
    ax.plot([0, 1], [1, 0], label="hidden", visible=False)
    d = chart(fig)
    assert [e["label"] for e in d["elements"]] == ["shown"]


def test_text_and_legend_do_not_change_the_chart(chart, fig_ax):
    fig, ax = fig_ax
    ax.plot([0, 1], [0, 1], label="a")
    ax.text(0.5, 0.5, "note")
    ax.annotate("peak", xy=(1, 1))
    ax.legend()
    ax.grid(True)
    d = chart(fig)
    assert d["type"] == "line"
    assert d["elements"] == [{"label": "a", "points": [[0, 0], [1, 1]]}]


# ------------------------------------------------------------ line labels

def assert_readable_distinct(labels):
    assert len(set(labels)) == len(labels), labels
    for label in labels:
        assert label and not label.startswith("_"), labels


def test_unlabelled_lines_get_default_labels(chart, fig_ax):
    fig, ax = fig_ax
    for k in range(3):
        ax.plot([0, 1], [k, k + 1])
    d = chart(fig)
    assert [e["label"] for e in d["elements"]] == ["Line 0", "Line 1", "Line 2"]


def test_default_label_counts_the_chart_elements(chart, fig_ax):
    fig, ax = fig_ax
    ax.plot([0, 1], [0, 1], label="named")
    ax.plot([0, 1], [1, 2])
    d = chart(fig)
    assert [e["label"] for e in d["elements"]] == ["named", "Line 1"]


def test_default_label_does_not_repeat_a_user_label(chart, fig_ax):
    fig, ax = fig_ax
    ax.plot([0, 1], [0, 1], label="Line 1")
    ax.plot([0, 1], [1, 2])
    d = chart(fig)
    labels = [e["label"] for e in d["elements"]]
    assert labels[0] == "Line 1"
    assert_readable_distinct(labels)
    assert labels[1] == "Line 2"


@pytest.mark.parametrize("label", ["_childish", "_child0", "_child", "_",
                                   "_nolegend_", "", "_line7", "__x"])
def test_underscore_and_empty_labels_are_defaults(chart, fig_ax, label):
    # e2b_charts crashed on "_childish" (int("ish")).
    fig, ax = fig_ax
    ax.plot([0, 1], [2, 3], label=label)
    ax.plot([0, 1], [3, 4], label=label)
    d = chart(fig)
    labels = [e["label"] for e in d["elements"]]
    assert labels == ["Line 0", "Line 1"]
    assert_readable_distinct(labels)


def test_labels_with_spaces_and_unicode_kept(chart, fig_ax):
    fig, ax = fig_ax
    ax.plot([0, 1], [0, 1], label="  spaced  ")
    ax.plot([0, 1], [1, 0], label="Δ température")
    d = chart(fig)
    assert [e["label"] for e in d["elements"]] == ["  spaced  ", "Δ température"]


# ------------------------------------------------------------------ dates

DATES = [dt.date(2024, 1, 1), dt.date(2024, 1, 2), dt.date(2024, 1, 5)]


def _date_cases():
    return {
        "date": DATES,
        "datetime": [dt.datetime(2023, 12, 31, 23, 59, 59),
                     dt.datetime(2024, 1, 1, 6, 30),
                     dt.datetime(2024, 2, 29, 12, 0, 1)],
        "datetime-us": [dt.datetime(2024, 1, 1, 0, 0, 0, 500000),
                        dt.datetime(2024, 1, 1, 0, 0, 1, 123456),
                        dt.datetime(2024, 1, 1, 0, 0, 2)],
        "datetime64[D]": np.array(["2024-03-01", "2024-03-02", "2024-03-10"],
                                  dtype="datetime64[D]"),
        "datetime64[s]": np.array(["2001-09-09T01:46:40", "2001-09-10T00:00:00",
                                   "2001-09-11T08:46:00"], dtype="datetime64[s]"),
        "datetime64[ns]": np.array(["2020-02-28T10:00", "2020-02-29T10:00",
                                    "2020-03-01T10:00"], dtype="datetime64[ns]"),
        "before-1970": [dt.datetime(1969, 7, 20, 20, 17, 40),
                        dt.datetime(1969, 7, 21, 2, 56, 15),
                        dt.datetime(1969, 7, 24, 16, 50, 35)],
    }


@pytest.mark.parametrize("case", list(_date_cases()))
def test_dates_become_iso_strings(chart, fig_ax, case):
    xs = _date_cases()[case]
    ys = [1.0, 2.0, 3.0]
    fig, ax = fig_ax
    ax.plot(xs, ys)
    d = chart(fig)
    assert d["type"] == "line"
    assert d["elements"][0]["points"] == pairs([iso(x) for x in xs], ys)
    assert d["x_scale"] == "datetime"
    assert d["y_scale"] == "linear"


def test_timezone_aware_datetimes_are_utc(chart, fig_ax):
    tz = dt.timezone(dt.timedelta(hours=2))
    xs = [dt.datetime(2024, 6, 1, 12, 0, tzinfo=tz),
          dt.datetime(2024, 6, 1, 13, 0, tzinfo=tz)]
    fig, ax = fig_ax
    ax.plot(xs, [1, 2])
    d = chart(fig)
    assert d["elements"][0]["points"] == [["2024-06-01T10:00:00", 1],
                                          ["2024-06-01T11:00:00", 2]]


def test_pandas_timestamps(chart, fig_ax):
    pd = pytest.importorskip("pandas")
    xs = [pd.Timestamp("2024-01-01"), pd.Timestamp("2024-01-02 03:04:05"),
          pd.Timestamp("2024-01-03")]
    fig, ax = fig_ax
    ax.plot(xs, [1, 2, 3])
    d = chart(fig)
    assert d["elements"][0]["points"] == pairs([iso(x) for x in xs], [1, 2, 3])
    assert d["x_scale"] == "datetime"


def test_pandas_datetime_index_with_ax_plot(chart, fig_ax):
    pd = pytest.importorskip("pandas")
    idx = pd.date_range("2024-01-01", periods=4, freq="D")
    fig, ax = fig_ax
    ax.plot(idx, [4, 3, 2, 1])
    d = chart(fig)
    assert d["elements"][0]["points"] == pairs([iso(x) for x in idx], [4, 3, 2, 1])
    assert d["x_scale"] == "datetime"


def test_pandas_converters_registered(chart, fig_ax):
    pd = pytest.importorskip("pandas")
    pd.plotting.register_matplotlib_converters()
    fig, ax = fig_ax
    xs = [dt.datetime(2024, 5, 1), dt.datetime(2024, 5, 2, 12)]
    ax.plot(xs, [1, 2])
    d = chart(fig)
    assert d["elements"][0]["points"] == [["2024-05-01T00:00:00", 1],
                                          ["2024-05-02T12:00:00", 2]]
    assert d["x_scale"] == "datetime"


@pytest.mark.parametrize("freq", ["D", "hour", "irregular"])
def test_pandas_series_plot_on_dates(chart, fig_ax, freq):
    # e2b_charts crashed or gave period ordinals for Series.plot() on dates.
    pd = pytest.importorskip("pandas")
    if freq == "D":
        idx = pd.date_range("2024-01-01", periods=5, freq="D")
    elif freq == "hour":
        idx = pd.date_range("2024-01-01", periods=5, freq=pd.offsets.Hour())
    else:
        idx = pd.DatetimeIndex(["2024-01-01", "2024-01-03", "2024-01-04",
                                "2024-02-01", "2024-03-15"])
    values = [1.0, 4.0, 2.0, 8.0, 5.0]
    fig, ax = fig_ax
    pd.Series(values, index=idx, name="sales").plot(ax=ax)
    d = chart(fig)
    assert d["type"] == "line"
    assert d["x_scale"] == "datetime"
    assert d["elements"] == [{"label": "sales",
                              "points": pairs([iso(x) for x in idx], values)}]
    assert all(isinstance(t, str) and ISO_RE.match(t) for t in d["x_ticks"])
    assert len(d["x_ticks"]) == len(d["x_tick_labels"])


def test_pandas_dataframe_plot(chart, fig_ax):
    pd = pytest.importorskip("pandas")
    idx = pd.date_range("2024-01-01", periods=3, freq="D")
    df = pd.DataFrame({"a": [1.0, 2.0, 3.0], "b": [3.0, 2.0, 1.0]}, index=idx)
    fig, ax = fig_ax
    df.plot(ax=ax)
    d = chart(fig)
    xs = [iso(x) for x in idx]
    assert d["elements"] == [{"label": "a", "points": pairs(xs, df["a"])},
                             {"label": "b", "points": pairs(xs, df["b"])}]


def test_pandas_numeric_index_plot(chart, fig_ax):
    pd = pytest.importorskip("pandas")
    fig, ax = fig_ax
    pd.Series([5.0, 6.0, 7.0], index=[10, 20, 30]).plot(ax=ax)
    d = chart(fig)
    assert d["elements"][0]["points"] == [[10, 5], [20, 6], [30, 7]]
    assert d["x_scale"] == "linear"


def test_date2num_with_xaxis_date(chart, fig_ax):
    fig, ax = fig_ax
    nums = mdates.date2num(DATES)
    ax.plot(nums, [1, 2, 3])
    ax.xaxis_date()
    d = chart(fig)
    assert d["elements"][0]["points"] == pairs([iso(x) for x in DATES], [1, 2, 3])
    assert d["x_scale"] == "datetime"


def test_dates_on_the_y_axis(chart, fig_ax):
    fig, ax = fig_ax
    ax.plot([1, 2, 3], DATES)
    d = chart(fig)
    assert d["elements"][0]["points"] == pairs([1, 2, 3], [iso(x) for x in DATES])
    assert d["y_scale"] == "datetime"
    assert d["x_scale"] == "linear"


def test_date_points_and_ticks_share_one_format(chart, fig_ax):
    fig, ax = fig_ax
    ax.plot(DATES, [1, 2, 3])
    ax.set_xticks(DATES)
    ax.xaxis.set_major_formatter(mdates.DateFormatter("%d %b %Y"))
    d = chart(fig)
    point_x = [p[0] for p in d["elements"][0]["points"]]
    assert d["x_ticks"] == point_x == [iso(x) for x in DATES]
    assert d["x_tick_labels"] == ["01 Jan 2024", "02 Jan 2024", "05 Jan 2024"]


def test_default_date_ticks(chart, fig_ax):
    fig, ax = fig_ax
    xs = [dt.datetime(2024, 1, 1) + dt.timedelta(days=7 * k) for k in range(10)]
    ax.plot(xs, range(10))
    d = chart(fig)
    locs, labels = visible_ticks(ax.xaxis)
    assert locs, "matplotlib placed no date ticks"
    assert d["x_ticks"] == [iso(mdates.num2date(t)) for t in locs]
    assert d["x_tick_labels"] == labels
    assert all(ISO_RE.match(t) for t in d["x_ticks"])


def test_date_microsecond_ticks(chart, fig_ax):
    fig, ax = fig_ax
    xs = [dt.datetime(2024, 1, 1, 0, 0, 0, 250000),
          dt.datetime(2024, 1, 1, 0, 0, 0, 750000)]
    ax.plot(xs, [0, 1])
    ax.set_xticks(xs)
    d = chart(fig)
    assert d["x_ticks"] == ["2024-01-01T00:00:00.250000",
                            "2024-01-01T00:00:00.750000"]
    assert [p[0] for p in d["elements"][0]["points"]] == d["x_ticks"]


def test_scatter_on_dates(chart, fig_ax):
    fig, ax = fig_ax
    ax.scatter(DATES, [3, 1, 2])
    d = chart(fig)
    assert d["type"] == "scatter"
    assert d["elements"][0]["points"] == pairs([iso(x) for x in DATES], [3, 1, 2])
    assert d["x_scale"] == "datetime"


# ------------------------------------------------------------- categories

def test_string_categories(chart, fig_ax):
    fig, ax = fig_ax
    cats = ["apples", "pears", "plums"]
    ax.plot(cats, [3, 5, 4])
    d = chart(fig)
    assert d["elements"][0]["points"] == pairs(cats, [3, 5, 4])
    assert d["x_scale"] == "categorical"
    assert d["x_ticks"] == cats
    assert d["x_tick_labels"] == cats
    assert d["y_scale"] == "linear"


def test_categories_shared_by_two_lines(chart, fig_ax):
    fig, ax = fig_ax
    ax.plot(["a", "b"], [1, 2], label="one")
    ax.plot(["b", "c", "a"], [5, 6, 7], label="two")
    d = chart(fig)
    assert element(d, "one")["points"] == [["a", 1], ["b", 2]]
    assert element(d, "two")["points"] == [["b", 5], ["c", 6], ["a", 7]]
    assert d["x_ticks"] == ["a", "b", "c"]


def test_categories_on_the_y_axis(chart, fig_ax):
    fig, ax = fig_ax
    ax.plot([1, 2, 3], ["low", "high", "low"])
    d = chart(fig)
    assert d["elements"][0]["points"] == [[1, "low"], [2, "high"], [3, "low"]]
    assert d["y_scale"] == "categorical"
    assert d["y_ticks"] == ["low", "high"]


def test_scatter_on_categories(chart, fig_ax):
    fig, ax = fig_ax
    ax.scatter(["x", "y", "x"], [1, 2, 3])
    d = chart(fig)
    assert d["type"] == "scatter"
    assert d["elements"][0]["points"] == [["x", 1], ["y", 2], ["x", 3]]
    assert d["x_scale"] == "categorical"


def test_categories_with_hidden_ticks(chart, fig_ax):
    fig, ax = fig_ax
    ax.plot(["a", "b", "c"], [1, 2, 3])
    ax.set_xticks([])
    d = chart(fig)
    assert d["elements"][0]["points"] == [["a", 1], ["b", 2], ["c", 3]]
    assert d["x_ticks"] == [] and d["x_tick_labels"] == []
    assert d["x_scale"] == "categorical"


# ---------------------------------------------------------- non-finite data

def test_nan_and_infinities_are_null(chart, fig_ax):
    fig, ax = fig_ax
    ax.plot([0, 1, 2, 3, np.nan], [np.nan, np.inf, -np.inf, 4.0, 5.0])
    d = chart(fig)
    assert d["elements"][0]["points"] == [[0, None], [1, None], [2, None],
                                          [3, 4.0], [None, 5.0]]


def test_masked_values_are_null(chart, fig_ax):
    fig, ax = fig_ax
    y = np.ma.masked_array([1.0, 2.0, 3.0, 4.0], mask=[False, True, False, False])
    x = np.ma.masked_array([0.0, 1.0, 2.0, 3.0], mask=[False, False, False, True])
    ax.plot(x, y)
    d = chart(fig)
    assert d["elements"][0]["points"] == [[0, 1], [1, None], [2, 3], [None, 4]]


def test_nan_dates_are_null(chart, fig_ax):
    fig, ax = fig_ax
    xs = np.array(["2024-01-01", "NaT", "2024-01-03"], dtype="datetime64[D]")
    ax.plot(xs, [1, 2, 3])
    d = chart(fig)
    assert d["elements"][0]["points"] == [["2024-01-01T00:00:00", 1],
                                          [None, 2],
                                          ["2024-01-03T00:00:00", 3]]


def test_all_nan_line_is_still_a_line(chart, fig_ax):
    fig, ax = fig_ax
    ax.plot([0, 1], [np.nan, np.nan])
    d = chart(fig)
    assert d["type"] == "line"
    assert d["elements"][0]["points"] == [[0, None], [1, None]]


# ---------------------------------------------------------------- scatter

def test_scatter_one_element_per_collection(chart, fig_ax):
    fig, ax = fig_ax
    rng = np.random.default_rng(7)
    a = rng.normal(size=(20, 2))
    b = rng.normal(size=(5, 2))
    ax.scatter(a[:, 0], a[:, 1], label="A")
    ax.scatter(b[:, 0], b[:, 1])
    d = chart(fig)
    assert d["type"] == "scatter"
    assert list(d)[:13] == ["type", "title", "elements", "x_label", "y_label",
                            "x_unit", "y_unit", "x_ticks", "x_tick_labels",
                            "x_scale", "y_ticks", "y_tick_labels", "y_scale"]
    assert d["elements"] == [{"label": "A", "points": a.tolist()},
                             {"label": "Scatter 1", "points": b.tolist()}]


def test_scatter_points_are_the_offsets(chart, fig_ax):
    fig, ax = fig_ax
    coll = ax.scatter([1, 2, 3], [4, 5, 6], s=[10, 20, 30], c=[1, 2, 3])
    d = chart(fig)
    assert d["elements"][0]["points"] == coll.get_offsets().tolist()
    assert d["elements"][0]["label"] == "Scatter 0"


def test_scatter_with_nan(chart, fig_ax):
    # matplotlib masks the whole offset of a point with a NaN coordinate.
    fig, ax = fig_ax
    coll = ax.scatter([0, 1, 2], [1, np.nan, 3])
    d = chart(fig)
    offsets = np.ma.masked_invalid(coll.get_offsets())
    assert d["elements"][0]["points"] == [
        [None if m else float(v) for v, m in zip(row, np.ma.getmaskarray(offsets)[i])]
        for i, row in enumerate(offsets.data)]
    assert d["elements"][0]["points"][0] == [0, 1]
    assert d["elements"][0]["points"][2] == [2, 3]


def test_scatter_with_fit_line(chart, fig_ax):
    # e2b_charts gave unknown with no data for scatter + a fitted line.
    fig, ax = fig_ax
    x = np.array([0.0, 1.0, 2.0, 3.0, 4.0])
    y = np.array([1.1, 2.9, 5.2, 7.1, 8.8])
    slope, intercept = np.polyfit(x, y, 1)
    ax.scatter(x, y, label="measured")
    ax.plot(x, slope * x + intercept, label="fit")
    d = chart(fig)
    assert d["type"] == "scatter"
    assert element(d, "measured")["points"] == pairs(x.tolist(), y.tolist())
    assert element(d, "fit")["points"] == pairs(x.tolist(),
                                                (slope * x + intercept).tolist())
    assert len(d["elements"]) == 2



# ------------------------------------------------------ order of plotting
# Elements follow the order in which the artists were plotted (the axes'
# drawing list), containers included.

def test_plot_errorbar_plot_keep_their_order(chart, fig_ax):
    fig, ax = fig_ax
    xa, ya = [0, 1, 2], [1.0, 2.0, 3.0]
    xb, yb = [0, 1, 2], [2.0, 2.5, 2.2]
    xc, yc = [0, 1, 2], [3.0, 1.0, 0.5]
    ax.plot(xa, ya, label="A")
    ax.errorbar(xb, yb, yerr=[0.1, 0.2, 0.1], capsize=2, label="B")
    ax.plot(xc, yc, label="C")
    d = chart(fig)
    assert d["type"] == "line"
    assert d["elements"] == [{"label": "A", "points": pairs(xa, ya)},
                             {"label": "B", "points": pairs(xb, yb),
                              "y_error": [[y - e, y + e] for y, e in
                                          zip(yb, [0.1, 0.2, 0.1])]},
                             {"label": "C", "points": pairs(xc, yc)}]


def test_default_line_labels_count_in_plotting_order(chart, fig_ax):
    # The k of "Line k" follows the plotting order too.
    fig, ax = fig_ax
    ax.plot([0, 1], [0, 1])
    ax.errorbar([0, 1], [1, 2], yerr=0.1)
    ax.stem([0, 1], [2, 3])
    ax.plot([0, 1], [3, 4])
    d = chart(fig)
    assert [e["label"] for e in d["elements"]] == [
        "Line 0", "Line 1", "Line 2", "Line 3"]
    assert [e["points"][0] for e in d["elements"]] == [
        [0, 0], [0, 1], [0, 2], [0, 3]]


def test_scatter_then_fit_line_keeps_the_scatter_first(chart, fig_ax):
    fig, ax = fig_ax
    x, y = [0.0, 1.0, 2.0], [0.9, 2.1, 2.9]
    ax.scatter(x, y, label="observed")
    ax.plot([0.0, 2.0], [1.0, 3.0], label="fit")
    d = chart(fig)
    assert d["type"] == "scatter"
    assert d["elements"] == [{"label": "observed", "points": pairs(x, y)},
                             {"label": "fit", "points": [[0, 1], [2, 3]]}]


def test_fit_line_then_scatter_keeps_the_line_first(chart, fig_ax):
    fig, ax = fig_ax
    x, y = [0.0, 1.0, 2.0], [0.9, 2.1, 2.9]
    ax.plot([0.0, 2.0], [1.0, 3.0], label="fit")
    ax.scatter(x, y, label="observed")
    d = chart(fig)
    assert [e["label"] for e in d["elements"]] == ["fit", "observed"]
    assert d["elements"][1]["points"] == pairs(x, y)


def test_zorder_does_not_change_the_order(chart, fig_ax):
    # Drawing order by zorder is not plotting order: elements follow the
    # order of the calls.
    fig, ax = fig_ax
    ax.plot([0, 1], [0, 1], label="first", zorder=5)
    ax.plot([0, 1], [1, 0], label="second", zorder=1)
    d = chart(fig)
    assert [e["label"] for e in d["elements"]] == ["first", "second"]


def test_scatter_defaults_are_distinct(chart, fig_ax):
    fig, ax = fig_ax
    ax.scatter([0], [0], label="Scatter 1")
    ax.scatter([1], [1])
    ax.scatter([2], [2], label="_hidden")
    d = chart(fig)
    labels = [e["label"] for e in d["elements"]]
    assert labels[0] == "Scatter 1"
    assert_readable_distinct(labels)


# ------------------------------------------------------ titles and labels

def test_titles_labels_and_units(chart, fig_ax):
    fig, ax = fig_ax
    ax.plot([0, 1], [0, 1])
    ax.set_title("Speed over time")
    ax.set_xlabel("Time (s)")
    ax.set_ylabel("Speed [m/s]")
    d = chart(fig)
    assert d["title"] == "Speed over time"
    assert d["x_label"] == "Time (s)" and d["x_unit"] == "s"
    assert d["y_label"] == "Speed [m/s]" and d["y_unit"] == "m/s"


def test_missing_texts_are_null(chart, fig_ax):
    fig, ax = fig_ax
    ax.plot([0, 1], [0, 1])
    d = chart(fig)
    assert d["title"] is None
    assert d["x_label"] is None and d["y_label"] is None
    assert d["x_unit"] is None and d["y_unit"] is None


@pytest.mark.parametrize("label, unit", [
    ("Time (s)", "s"),
    ("Distance [km]", "km"),
    ("Speed (m/s) [km/h]", "m/s"),
    ("Temperature [°C] (approx)", "°C"),
    ("f(x)", None),                 # no whitespace before the parenthesis
    ("Value ()", None),             # empty unit
    ("Mass []", None),
    ("Energy  (kWh) total", "kWh"),
    ("Plain", None),
    ("Rate (per 1000 people)", "per 1000 people"),
    ("a(b) c (d)", "d"),
])
def test_units(chart, fig_ax, label, unit):
    fig, ax = fig_ax
    ax.plot([0, 1], [0, 1])
    ax.set_xlabel(label)
    ax.set_ylabel(label)
    d = chart(fig)
    assert d["x_label"] == label and d["y_label"] == label
    assert d["x_unit"] == unit and d["y_unit"] == unit


@pytest.mark.parametrize("titles, expected", [
    ({"center": "C", "left": "L", "right": "R"}, "C"),
    ({"left": "L", "right": "R"}, "L"),
    ({"right": "R"}, "R"),
    ({}, None),
])
def test_title_precedence(chart, fig_ax, titles, expected):
    fig, ax = fig_ax
    ax.plot([0, 1], [0, 1])
    for loc, text in titles.items():
        ax.set_title(text, loc=loc)
    assert chart(fig)["title"] == expected


def test_suptitle_only(chart, fig_ax):
    fig, ax = fig_ax
    ax.plot([0, 1], [0, 1])
    fig.suptitle("Figure title")
    assert chart(fig)["title"] == "Figure title"


def test_axes_title_beats_suptitle(chart, fig_ax):
    fig, ax = fig_ax
    ax.plot([0, 1], [0, 1])
    fig.suptitle("Figure title")
    ax.set_title("Axes title", loc="right")
    assert chart(fig)["title"] == "Axes title"


def test_mathtext_is_simplified(chart, fig_ax):
    fig, ax = fig_ax
    ax.plot([0, 1], [0, 1])
    ax.set_title(r"Area $\mathdefault{10^{2}}$")
    ax.set_xlabel(r"Width $2\times3$ (m)")
    d = chart(fig)
    assert d["title"] == "Area 10^2"
    assert d["x_label"] == "Width 2×3 (m)"
    assert d["x_unit"] == "m"


# ------------------------------------------------------------------ ticks

def test_explicit_ticks_and_labels(chart, fig_ax):
    fig, ax = fig_ax
    ax.plot([0, 10], [0, 100])
    ax.set_xticks([0, 5, 10], ["zero", "five", "ten"])
    ax.set_yticks([0, 50, 100])
    d = chart(fig)
    assert d["x_ticks"] == [0.0, 5.0, 10.0]
    assert d["x_tick_labels"] == ["zero", "five", "ten"]
    assert d["y_ticks"] == [0.0, 50.0, 100.0]
    assert d["y_tick_labels"] == ["0", "50", "100"]


def test_ticks_outside_the_view_are_left_out(chart, fig_ax):
    fig, ax = fig_ax
    ax.plot([0, 3], [0, 3])
    ax.set_xticks([0, 1, 2, 3], ["a", "b", "c", "d"])
    ax.set_xlim(0.5, 2.5)
    d = chart(fig)
    assert d["x_ticks"] == [1.0, 2.0]
    assert d["x_tick_labels"] == ["b", "c"]


def test_ticks_at_the_view_edges_are_kept(chart, fig_ax):
    fig, ax = fig_ax
    ax.plot([0, 1], [0, 1])
    ax.set_xlim(0, 1)
    ax.set_xticks([0, 0.5, 1])
    d = chart(fig)
    assert d["x_ticks"] == [0.0, 0.5, 1.0]
    assert d["x_tick_labels"] == ["0.0", "0.5", "1.0"]


def test_inverted_axis_ticks(chart, fig_ax):
    fig, ax = fig_ax
    ax.plot([0, 3], [0, 3])
    ax.set_xticks([0, 1, 2, 3])
    ax.set_xlim(2.5, 0.5)
    d = chart(fig)
    assert sorted(d["x_ticks"]) == [1.0, 2.0]


def test_default_ticks_as_a_reader_sees_them(chart, fig_ax):
    fig, ax = fig_ax
    ax.plot([-1, 0, 1], [0, 1, 0])
    d = chart(fig)
    for axis, key in ((ax.xaxis, "x"), (ax.yaxis, "y")):
        locs, labels = visible_ticks(axis)
        assert d[key + "_ticks"] == locs
        assert d[key + "_tick_labels"] == labels
    # matplotlib writes negative numbers with a real minus sign.
    assert d["x_tick_labels"][0].startswith("\u2212")


@pytest.mark.parametrize("how", ["xticks([])", "set_xticks([])", "NullLocator",
                                 "axis off"])
def test_no_ticks_gives_empty_lists(chart, fig_ax, how):
    # e2b_charts crashed on plt.xticks([]).
    fig, ax = fig_ax
    ax.plot([0, 1], [0, 1])
    if how == "xticks([])":
        plt.sca(ax)
        plt.xticks([])
        plt.yticks([])
    elif how == "set_xticks([])":
        ax.set_xticks([])
        ax.set_yticks([])
    elif how == "NullLocator":
        ax.xaxis.set_major_locator(matplotlib.ticker.NullLocator())
        ax.yaxis.set_major_locator(matplotlib.ticker.NullLocator())
    else:
        ax.set_xticks([])
        ax.set_yticks([])
        ax.axis("off")
    d = chart(fig)
    assert d["type"] == "line"
    assert d["x_ticks"] == [] and d["x_tick_labels"] == []
    assert d["y_ticks"] == [] and d["y_tick_labels"] == []
    assert d["elements"][0]["points"] == [[0, 0], [1, 1]]


def test_log_tick_labels_are_simplified(chart, fig_ax):
    fig, ax = fig_ax
    ax.plot([1, 2, 3], [1, 10, 100])
    ax.set_yscale("log")
    ax.set_ylim(1, 100)
    d = chart(fig)
    assert d["y_scale"] == "log"
    assert d["y_ticks"] == [1.0, 10.0, 100.0]
    assert d["y_tick_labels"] == ["10^0", "10^1", "10^2"]


# ----------------------------------------------------------------- scales

@pytest.mark.parametrize("scale", ["linear", "log", "symlog", "logit"])
def test_scale_names(chart, fig_ax, scale):
    fig, ax = fig_ax
    ys = [0.1, 0.5, 0.9]
    ax.plot([1, 2, 3], ys)
    ax.set_yscale(scale)
    d = chart(fig)
    assert d["y_scale"] == scale
    assert d["x_scale"] == "linear"
    assert d["elements"][0]["points"] == pairs([1, 2, 3], ys)


def test_asinh_scale(chart, fig_ax):
    fig, ax = fig_ax
    ax.plot([1, 2, 3], [-5, 0, 5])
    ax.set_yscale("asinh")
    assert chart(fig)["y_scale"] == "asinh"


def test_function_scales(chart, fig_ax):
    fig, ax = fig_ax
    ax.plot([1, 2, 3], [1, 4, 9])
    ax.set_xscale("function", functions=(np.sqrt, np.square))
    ax.set_yscale("functionlog", functions=(np.sqrt, np.square))
    d = chart(fig)
    assert d["x_scale"] == "function"
    assert d["y_scale"] == "functionlog"


def test_log_x_scale_scatter(chart, fig_ax):
    fig, ax = fig_ax
    ax.scatter([1, 10, 1000], [1, 2, 3])
    ax.set_xscale("log")
    d = chart(fig)
    assert d["type"] == "scatter"
    assert d["x_scale"] == "log"
    assert d["elements"][0]["points"] == [[1, 1], [10, 2], [1000, 3]]


# ------------------------------------------------- mathtext in tick labels

def simplify(text):
    """What a reader sees of a mathtext label, by the brief's rules."""
    import re as _re

    if "$" not in text:
        return text
    out = text.replace("$", "")
    out = out.replace(r"\times", "×").replace(r"\cdot", "·").replace(r"\minus", "−")
    out = _re.sub(r"\\mathdefault", "", out)
    return out.replace("{", "").replace("}", "")


@pytest.mark.parametrize("scale, kwargs, ys", [
    ("log", {}, [1, 10, 1e4]),
    ("log", {"base": 2}, [1, 4, 64]),
    ("symlog", {}, [-1000, -10, 0, 10, 1000]),
])
def test_default_mathtext_tick_labels(chart, fig_ax, scale, kwargs, ys):
    fig, ax = fig_ax
    ax.plot(range(len(ys)), ys)
    ax.set_yscale(scale, **kwargs)
    d = chart(fig)
    locs, labels = visible_ticks(ax.yaxis)
    assert d["y_ticks"] == locs
    assert d["y_tick_labels"] == [simplify(s) for s in labels]
    assert not any("$" in s or "\\" in s for s in d["y_tick_labels"])


def test_numeric_strings_are_categories(chart, fig_ax):
    fig, ax = fig_ax
    ax.plot(["1", "2", "10"], [5, 6, 7])
    d = chart(fig)
    assert d["elements"][0]["points"] == [["1", 5], ["2", 6], ["10", 7]]
    assert d["x_scale"] == "categorical"


def test_values_between_categories_stay_numbers(chart, fig_ax):
    fig, ax = fig_ax
    ax.plot(["a", "b", "c"], [1, 2, 3], label="cats")
    ax.plot([0.5, 1.5], [2, 2], label="between")
    d = chart(fig)
    assert element(d, "cats")["points"] == [["a", 1], ["b", 2], ["c", 3]]
    assert element(d, "between")["points"] == [[0.5, 2], [1.5, 2]]


def test_date_ticks_outside_the_view_are_left_out(chart, fig_ax):
    fig, ax = fig_ax
    days = [dt.date(2024, 1, d) for d in (1, 2, 3, 4, 5)]
    ax.plot(days, [1, 2, 3, 4, 5])
    ax.set_xticks(days)
    ax.set_xlim(dt.date(2024, 1, 2), dt.date(2024, 1, 4))
    d = chart(fig)
    assert d["x_ticks"] == ["2024-01-02T00:00:00", "2024-01-03T00:00:00",
                            "2024-01-04T00:00:00"]
