"""Everyday charts, read as their reader sees them (issue 25): grouped bars
named by their category, nothing drawn left out (a line over bars, a KDE
over a histogram, a stripplot over boxes, a labelled target line), floating
bars with their base.  Each figure is drawn first, as a kernel renders it
before the chart formatter runs; each assertion is against the data that
was plotted; E2B's own client reads every chart (where installed)."""
import io

import numpy as np
import pytest

import chartex

import matplotlib.pyplot as plt

pd = pytest.importorskip("pandas")


@pytest.fixture
def read(chart):
    """chart(fig) of a figure drawn first, also read by E2B's client."""
    def go(fig):
        fig.savefig(io.BytesIO(), format="png")
        d = chart(fig)
        try:
            from e2b_code_interpreter import charts
        except ImportError:
            return d
        obj = charts._deserialize_chart(d)
        assert obj is not None and obj.type.value == d["type"]
        if d["type"] == "superchart":
            assert [c.type.value for c in obj.elements] == [c["type"] for c in d["elements"]]
        return d
    return go


def bars(d):
    return [(e["label"], e["group"], e["value"]) for e in d["elements"]]


def parts(d):
    """The charts of an overlaid superchart, by type."""
    assert d["type"] == "superchart" and d.get("overlaid") is True, d["type"]
    return {c["type"]: c for c in d["elements"]}


# ------------------------------------------------------------ grouped bars

def test_matplotlib_grouped_bar_idiom(read):
    # matplotlib's own example: bars at x -/+ width/2, ticks naming x.
    regions = ["North", "South", "East"]
    men, women = [20, 34, 30], [25, 32, 34]
    fig, ax = plt.subplots()
    x = np.arange(len(regions))
    w = 0.35
    ax.bar(x - w / 2, men, w, label="Men")
    ax.bar(x + w / 2, women, w, label="Women")
    ax.set_xticks(x, regions)
    ax.legend()
    d = read(fig)
    assert d["type"] == "bar" and d["grouped"] is True and "stacked" not in d
    assert bars(d) == [(r, "Men", v) for r, v in zip(regions, men)] + \
        [(r, "Women", v) for r, v in zip(regions, women)]


def test_gallery_grouped_bars_with_a_multiplier(read):
    # The gallery's "grouped bar chart with labels": x + width * multiplier,
    # ticks at the middle of each group.
    species = ("Adelie", "Chinstrap", "Gentoo")
    means = {"Bill Depth": (18.35, 18.43, 14.98), "Bill Length": (38.79, 48.83, 47.50),
             "Flipper Length": (189.95, 195.82, 217.19)}
    fig, ax = plt.subplots(layout="constrained")
    x = np.arange(len(species))
    width = 0.25
    for multiplier, (attribute, measurement) in enumerate(means.items()):
        rects = ax.bar(x + width * multiplier, measurement, width, label=attribute)
        ax.bar_label(rects, padding=3)
    ax.set_xticks(x + width, species)
    d = read(fig)
    assert bars(d) == [(s, attr, v) for attr, ms in means.items() for s, v in zip(species, ms)]
    assert [e["bar_label"] for e in d["elements"][:3]] == ["18.35", "18.43", "14.98"]


def test_horizontal_groups_named_by_their_y_ticks(read):
    names = ["alpha", "beta"]
    fig, ax = plt.subplots()
    y = np.arange(2)
    ax.barh(y - 0.2, [3, 4], 0.4, label="2023")
    ax.barh(y + 0.2, [5, 6], 0.4, label="2024")
    ax.set_yticks(y, names)
    d = read(fig)
    assert d["orientation"] == "horizontal"
    assert bars(d) == [("alpha", "2023", 3), ("beta", "2023", 4),
                       ("alpha", "2024", 5), ("beta", "2024", 6)]


@pytest.mark.parametrize("kind", ["bar", "barh"])
def test_pandas_grouped_bars_are_named_by_the_index(read, kind):
    df = pd.DataFrame({"apples": [3, 5, 2], "pears": [1, 4, 6]},
                      index=["Mon", "Tue", "Wed"])
    ax = df.plot(kind=kind)
    d = read(ax.figure)
    assert bars(d) == [(day, col, float(df.loc[day, col]))
                       for col in df.columns for day in df.index]


def test_groupby_size_unstack_plot_bar(read):
    sales = pd.DataFrame({"city": ["Oslo", "Oslo", "Rome", "Rome", "Rome", "Lima"],
                          "kind": ["a", "b", "a", "a", "b", "b"]})
    table = sales.groupby(["city", "kind"]).size().unstack(fill_value=0)
    ax = table.plot.bar()
    d = read(ax.figure)
    assert bars(d) == [(city, kind, float(table.loc[city, kind]))
                       for kind in table.columns for city in table.index]


def test_bars_at_years_plus_minus_an_offset(read):
    years = np.array([2020, 2021, 2022, 2023])
    fig, ax = plt.subplots()
    ax.bar(years - 0.2, [1, 2, 3, 4], 0.4, label="imports")
    ax.bar(years + 0.2, [4, 3, 2, 1], 0.4, label="exports")
    d = read(fig)
    assert [e["label"] for e in d["elements"]] == [str(y) for y in years] * 2


def test_histogram_of_two_datasets_names_each_bin_once(read):
    rng = np.random.default_rng(3)
    a, b = rng.normal(size=200), rng.normal(1, size=150)
    edges = np.array([-3.0, -1.5, 0.0, 1.5, 3.0, 4.5])
    fig, ax = plt.subplots()
    ax.hist([a, b], bins=edges, label=["a", "b"])
    d = read(fig)
    centres = [str(c).rstrip("0").rstrip(".") if c != int(c) else str(int(c))
               for c in (edges[:-1] + edges[1:]) / 2]
    assert [e["label"] for e in d["elements"]] == centres * 2
    assert [e["value"] for e in d["elements"]] == \
        list(np.histogram(a, edges)[0].astype(float)) + list(np.histogram(b, edges)[0].astype(float))


# --------------------------------------------------- nothing drawn vanishes

def test_pareto_line_over_bars(read):
    counts = pd.Series({"late": 42, "damaged": 23, "lost": 9, "other": 6})
    cumulative = counts.cumsum() / counts.sum() * 100
    fig, ax = plt.subplots()
    ax.bar(counts.index, counts.to_numpy(), label="complaints")
    ax.plot(counts.index, cumulative.to_numpy(), "o-", color="k", label="cumulative %")
    ax.set_title("Pareto")
    d = read(fig)
    assert d["title"] == "Pareto"
    p = parts(d)
    assert [c["type"] for c in d["elements"]] == ["bar", "line"]
    assert bars(p["bar"]) == [(k, "complaints", float(v)) for k, v in counts.items()]
    (line,) = p["line"]["elements"]
    assert line["label"] == "cumulative %"
    assert line["points"] == [[k, pytest.approx(v)] for k, v in cumulative.items()]
    assert p["line"]["title"] == p["bar"]["title"] == "Pareto"


def test_rolling_mean_over_monthly_bars(read):
    s = pd.Series([5.0, 7, 6, 9, 12, 10], index=pd.period_range("2024-01", periods=6, freq="M"))
    ax = s.plot.bar(color="0.7")
    rolling = s.rolling(3).mean()
    ax.plot(range(len(s)), rolling.to_numpy(), color="r", label="3-month mean")
    d = read(ax.figure)
    p = parts(d)
    assert [e["value"] for e in p["bar"]["elements"]] == list(s)
    (line,) = p["line"]["elements"]
    assert [y for _, y in line["points"]] == [None if v != v else v for v in rolling]


def test_histplot_with_its_kde(read):
    sns = pytest.importorskip("seaborn")
    data = np.random.default_rng(1).normal(10, 2, size=300)
    fig, ax = plt.subplots()
    sns.histplot(data, kde=True, ax=ax)
    d = read(fig)
    p = parts(d)
    assert sum(e["value"] for e in p["bar"]["elements"]) == 300
    (kde,) = p["line"]["elements"]
    assert len(kde["points"]) > 100
    # The KDE is scaled to the counts: its peak is near the tallest bin's.
    peak = max(y for _, y in kde["points"])
    assert 0.5 < peak / max(e["value"] for e in p["bar"]["elements"]) < 1.5


def test_labelled_target_line_keeps_its_value_and_name(read):
    fig, ax = plt.subplots()
    ax.bar(["Q1", "Q2", "Q3"], [80, 95, 102])
    ax.axhline(100, color="r", ls="--", label="target")
    ax.axhspan(90, 110, alpha=0.1, label="band")
    d = read(fig)
    assert d["type"] == "bar"
    assert d["reference_lines"] == [
        {"label": "target", "axis": "y", "value": 100.0},
        {"label": "band", "axis": "y", "from": 90.0, "to": 110.0}]


def test_mean_line_on_a_date_axis(read):
    dates = pd.date_range("2024-01-01", periods=5, freq="D")
    fig, ax = plt.subplots()
    ax.plot(dates, [3, 5, 4, 6, 5], label="visits")
    ax.axvline(dates[2], color="k", label="launch")
    d = read(fig)
    assert d["reference_lines"] == [{"label": "launch", "axis": "x",
                                     "value": "2024-01-03T00:00:00"}]


def test_boxplot_under_a_stripplot(read):
    sns = pytest.importorskip("seaborn")
    rng = np.random.default_rng(7)
    df = pd.DataFrame({"day": np.repeat(["Thu", "Fri"], 30), "tip": rng.gamma(2, 1.5, 60)})
    fig, ax = plt.subplots()
    sns.boxplot(df, x="day", y="tip", ax=ax)
    sns.stripplot(df, x="day", y="tip", ax=ax, color="k")
    d = read(fig)
    p = parts(d)
    from matplotlib.cbook import boxplot_stats
    for el, day in zip(p["box_and_whisker"]["elements"], ["Thu", "Fri"]):
        stats = boxplot_stats(df[df.day == day].tip.to_numpy())[0]
        assert el["label"] == day
        assert el["median"] == pytest.approx(stats["med"])
        assert el["first_quartile"] == pytest.approx(stats["q1"])
    ys = sorted(y for e in p["scatter"]["elements"] for _, y in e["points"])
    assert ys == pytest.approx(sorted(df.tip))


def test_seaborn_hue_boxes_are_named_by_their_category(read):
    # seaborn 0.12 draws each hue level's box at an offset from the
    # category's tick (a FixedLocator of the names), 0.13 on a category
    # axis: either way a box is named by the day under it, never -0.2.
    sns = pytest.importorskip("seaborn")
    rng = np.random.default_rng(3)
    days, sexes = ["Thu", "Fri", "Sat"], ["M", "F"]
    df = pd.DataFrame({"day": np.repeat(days, 40), "sex": np.tile(np.repeat(sexes, 20), 3),
                       "bill": rng.normal(20, 5, 120)})
    fig, ax = plt.subplots()
    sns.boxplot(data=df, x="day", y="bill", hue="sex", ax=ax)
    d = read(fig)
    assert d["type"] == "box_and_whisker"
    from matplotlib.cbook import boxplot_stats
    want = [(day, sex) for day in days for sex in sexes]
    assert [(e["label"], e["group"]) for e in d["elements"]] == want
    for el, (day, sex) in zip(d["elements"], want):
        v = df[(df.day == day) & (df.sex == sex)].bill.to_numpy()
        assert el["median"] == pytest.approx(boxplot_stats(v)[0]["med"])


def test_boxes_beside_a_tick_alone_keep_their_position(read):
    # One box off the ticks is no group of boxes around a category: its
    # position is what the reader sees.
    fig, ax = plt.subplots()
    ax.boxplot([[1, 2, 3, 4], [2, 3, 4, 5], [3, 4, 5, 6]], positions=[0, 0.3, 1])
    ax.set_xticks([0, 1], ["A", "B"])
    assert [e["label"] for e in read(fig)["elements"]] == ["A", "0.3", "B"]
    fig, ax = plt.subplots()
    ax.boxplot([[1, 2, 3, 4], [2, 3, 4, 5], [3, 4, 5, 6], [1, 5, 6, 7]],
               positions=[-0.2, 0.2, 0.8, 1.2])
    ax.set_xticks([0, 1], ["A", "B"])
    assert [e["label"] for e in read(fig)["elements"]] == ["A", "A", "B", "B"]


def test_seaborn_barplot_error_bars_are_the_bars_own(read):
    sns = pytest.importorskip("seaborn")
    df = pd.DataFrame({"g": np.repeat(["a", "b"], 10),
                       "v": np.random.default_rng(2).normal(5, 1, 20)})
    fig, ax = plt.subplots()
    sns.barplot(df, x="g", y="v", errorbar=("sd", 1), capsize=0.2, ax=ax)
    d = read(fig)
    assert d["type"] == "bar"
    for e, g in zip(d["elements"], ["a", "b"]):
        v = df[df.g == g].v
        assert e["value"] == pytest.approx(v.mean())
        lo, hi = e["y_error"]
        assert (lo, hi) == pytest.approx((v.mean() - v.std(), v.mean() + v.std()))


# ---------------------------------------------------------- floating bars

def test_gantt_chart_bars_carry_their_start(read):
    tasks = ["design", "build", "test"]
    start, length = [0, 3, 7], [3, 4, 2]
    fig, ax = plt.subplots()
    ax.barh(tasks, length, left=start)
    d = read(fig)
    # A bar based at 0 has no base: it stands where any bar does.
    assert [(e["label"], e.get("base", 0.0), e["value"]) for e in d["elements"]] == \
        [(t, float(s), float(n)) for t, s, n in zip(tasks, start, length)]
    assert "base" not in d["elements"][0]


def test_gantt_chart_on_dates(read):
    import datetime as dt
    starts = [dt.datetime(2024, 3, 1), dt.datetime(2024, 3, 4)]
    fig, ax = plt.subplots()
    ax.barh(["plan", "ship"], [dt.timedelta(days=3), dt.timedelta(days=2)], left=starts)
    d = read(fig)
    assert [(e["label"], e["base"], e["value"]) for e in d["elements"]] == [
        ("plan", "2024-03-01T00:00:00", 3.0), ("ship", "2024-03-04T00:00:00", 2.0)]


def test_waterfall_running_totals_are_bases(read):
    steps = {"start": 100, "sales": 40, "costs": -25, "tax": -10}
    running = np.cumsum([0] + list(steps.values())[:-1])
    fig, ax = plt.subplots()
    ax.bar(list(steps), list(steps.values()), bottom=running)
    d = read(fig)
    assert [(e["label"], e.get("base"), e["value"]) for e in d["elements"]] == [
        ("start", None, 100.0), ("sales", 100.0, 40.0), ("costs", 140.0, -25.0),
        ("tax", 115.0, -10.0)]
    assert "stacked" not in d


def test_stacked_bars_have_no_base(read):
    fig, ax = plt.subplots()
    ax.bar(["a", "b"], [1, 2], label="x")
    ax.bar(["a", "b"], [3, 4], bottom=[1, 2], label="y")
    d = read(fig)
    assert d["stacked"] is True and "grouped" not in d
    assert all("base" not in e for e in d["elements"])
