"""seaborn's plots (0.13, and Debian's 0.12 on the oldest pair): hue box
and violin plots as box charts in position order with each cell's
boxplot_stats, groups named by the legend, confidence bands, regression
fits and figure-level grids.  Every expectation is computed from the data
given to seaborn.  Figures are drawn first, as a kernel does."""
import gc
import io

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.cbook import boxplot_stats
from matplotlib.colors import to_rgb

sns = pytest.importorskip("seaborn")
pd = pytest.importorskip("pandas")

SNS = tuple(int(p) for p in sns.__version__.split(".")[:2])
DAYS = ["Thu", "Fri", "Sat", "Sun"]
SEXES = ["Male", "Female"]


@pytest.fixture(autouse=True)
def _collect():
    """seaborn's grids (FacetGrid, PairGrid, JointGrid) and their figures
    hold each other in reference cycles: collected here, after each test,
    not during another file's reference counting (tests/test_leaks.py)."""
    yield
    plt.close("all")
    gc.collect()


@pytest.fixture
def tips():
    """A tips-like table (seaborn's load_dataset needs the internet)."""
    rng = np.random.default_rng(7)
    n = 160
    df = pd.DataFrame({
        "day": np.repeat(DAYS, n // 4),
        "sex": np.tile(np.repeat(SEXES, n // 8), 4),
        "total_bill": np.round(rng.gamma(4.0, 5.0, n), 2),
        "size": rng.integers(1, 6, n),
        "hour": np.tile(np.arange(20), n // 20),
    })
    df["tip"] = np.round(df.total_bill * rng.uniform(0.08, 0.22, n), 2)
    df.loc[5, "tip"] = 25.0    # an outlier
    return df


def draw(fig):
    fig.savefig(io.BytesIO())
    return fig


def cells(df, cat, hue, value):
    """(category, hue level, values) in position order."""
    return [(c, h, df[(df[cat] == c) & (df[hue] == h)][value].to_numpy())
            for c in DAYS for h in SEXES]


def assert_box_stats(el, values, fliers=True):
    st = boxplot_stats(values)[0]
    assert el["min"] == pytest.approx(st["whislo"], rel=1e-12)
    assert el["first_quartile"] == pytest.approx(st["q1"], rel=1e-12)
    assert el["median"] == pytest.approx(st["med"], rel=1e-12)
    assert el["third_quartile"] == pytest.approx(st["q3"], rel=1e-12)
    assert el["max"] == pytest.approx(st["whishi"], rel=1e-12)
    if fliers:
        assert sorted(el["outliers"]) == pytest.approx(sorted(st["fliers"].tolist()))
    else:
        assert el["outliers"] == []


def label_ok(label, day, sex):
    """A box is named by the category under it, as the reader sees it:
    seaborn 0.13 draws on a category axis; seaborn 0.12 draws at numeric
    offsets around the named ticks (-0.2 and +0.2 for two hue levels),
    which are never the label (doc/schema.md, box labels)."""
    return label == day


@pytest.mark.parametrize("legend", [True, False], ids=["legend", "nolegend"])
@pytest.mark.parametrize("orient", ["v", "h"])
def test_hue_boxplot(chart, tips, legend, orient):
    fig, ax = plt.subplots()
    xy = dict(x="day", y="tip") if orient == "v" else dict(x="tip", y="day")
    kw = {} if legend else {"legend": False}
    if SNS < (0, 13) and not legend:
        pytest.skip("seaborn 0.12's boxplot has no legend parameter")
    sns.boxplot(data=tips, hue="sex", ax=ax, **xy, **kw)
    d = chart(draw(fig))
    assert d["type"] == "box_and_whisker"
    assert d["orientation"] == ("vertical" if orient == "v" else "horizontal")
    want = cells(tips, "day", "sex", "tip")
    assert len(d["elements"]) == len(want)
    for el, (day, sex, values) in zip(d["elements"], want):
        assert_box_stats(el, values)
        if legend:
            assert el["group"] == sex
        else:
            assert "group" not in el
        if orient == "v":
            assert label_ok(el["label"], day, sex), (el["label"], day)


@pytest.mark.parametrize("legend", [True, False], ids=["legend", "nolegend"])
def test_hue_violinplot(chart, tips, legend):
    if SNS < (0, 13) and not legend:
        pytest.skip("seaborn 0.12's violinplot has no legend parameter")
    fig, ax = plt.subplots()
    sns.violinplot(data=tips, x="day", y="total_bill", hue="sex", ax=ax,
                   **({} if legend else {"legend": False}))
    d = chart(draw(fig))
    assert d["type"] == "box_and_whisker"
    assert d["violin"] is True
    want = cells(tips, "day", "sex", "total_bill")
    assert len(d["elements"]) == len(want)
    for el, (day, sex, values) in zip(d["elements"], want):
        # The inner box: the same numbers as a box plot, without fliers.
        assert_box_stats(el, values, fliers=False)
        assert (el.get("group") == sex) if legend else ("group" not in el)


def test_boxplot_without_hue(chart, tips):
    fig, ax = plt.subplots()
    sns.boxplot(data=tips, x="day", y="tip", ax=ax)
    d = chart(draw(fig))
    assert d["type"] == "box_and_whisker"
    assert [e["label"] for e in d["elements"]] == DAYS
    for el, day in zip(d["elements"], DAYS):
        assert_box_stats(el, tips[tips.day == day].tip.to_numpy())
        assert "group" not in el


def test_lineplot_hue_names_and_band(chart, tips):
    fig, ax = plt.subplots()
    sns.lineplot(data=tips, x="hour", y="tip", hue="sex", ax=ax)
    d = chart(draw(fig))
    assert d["type"] == "line"
    by_label = {e["label"]: e for e in d["elements"]}
    assert sorted(by_label) == sorted(SEXES)
    for sex in SEXES:
        el = by_label[sex]
        mean = tips[tips.sex == sex].groupby("hour").tip.mean()
        assert [p[0] for p in el["points"]] == [float(h) for h in mean.index]
        assert [p[1] for p in el["points"]] == pytest.approx(mean.tolist(), rel=1e-12)
        assert len(el["band"]) == len(el["points"])
        for (lo, hi), (_, y) in zip(el["band"], el["points"]):
            assert lo <= y <= hi and lo < hi


def test_lineplot_hue_and_style(chart, tips):
    # The legend holds hue entries (colours) and style entries (grey
    # dashes): each line still takes its hue's name, not a style's.
    fig, ax = plt.subplots()
    sns.lineplot(data=tips, x="hour", y="tip", hue="sex", style="sex", ax=ax,
                 errorbar=None)
    d = chart(draw(fig))
    assert sorted(e["label"] for e in d["elements"]) == sorted(SEXES)


def test_scatterplot_hue_split_by_legend(chart, tips):
    fig, ax = plt.subplots()
    sns.scatterplot(data=tips, x="total_bill", y="tip", hue="sex", ax=ax)
    d = chart(draw(fig))
    assert d["type"] == "scatter"
    assert [e["label"] for e in d["elements"]] == SEXES   # first points first
    for el in d["elements"]:
        sub = tips[tips.sex == el["label"]]
        assert el["points"] == [[x, y] for x, y in zip(sub.total_bill, sub.tip)]


def test_scatterplot_continuous_hue_stays_one(chart, tips):
    # A colour scale names no single colour per point: one element.
    fig, ax = plt.subplots()
    sns.scatterplot(data=tips, x="total_bill", y="tip", hue="total_bill", ax=ax,
                    legend=False)
    d = chart(draw(fig))
    assert len(d["elements"]) == 1
    assert len(d["elements"][0]["points"]) == len(tips)


def test_barplot_hue_groups(chart, tips):
    fig, ax = plt.subplots()
    sns.barplot(data=tips, x="day", y="tip", hue="sex", ax=ax)
    d = chart(draw(fig))
    assert d["type"] == "bar"
    groups = {}
    for e in d["elements"]:
        groups.setdefault(e["group"], []).append(e["value"])
    assert sorted(groups) == sorted(SEXES)
    for sex, values in groups.items():
        means = [tips[(tips.day == day) & (tips.sex == sex)].tip.mean() for day in DAYS]
        assert values == pytest.approx(means, rel=1e-12)


def test_histplot_hue_groups(chart, tips):
    fig, ax = plt.subplots()
    sns.histplot(data=tips, x="total_bill", hue="sex", ax=ax)
    d = chart(draw(fig))
    assert d["type"] == "bar"
    counts = {}
    for e in d["elements"]:
        counts[e["group"]] = counts.get(e["group"], 0) + e["value"]
    assert counts == {sex: float((tips.sex == sex).sum()) for sex in SEXES}


def test_kdeplot_hue_lines_named_by_colour(chart, tips):
    fig, ax = plt.subplots()
    sns.kdeplot(data=tips, x="total_bill", hue="sex", ax=ax)
    d = chart(draw(fig))
    assert d["type"] == "line"
    palette = sns.color_palette(n_colors=2)
    colour_of = {sex: palette[i] for i, sex in enumerate(SEXES)}
    for el in d["elements"]:
        line = [ln for ln in ax.lines if len(ln.get_xdata())
                and np.allclose(to_rgb(ln.get_color()), colour_of[el["label"]])]
        assert len(line) == 1
        assert [p[1] for p in el["points"]] == line[0].get_ydata().tolist()


def test_regplot_points_fit_and_band(chart, tips):
    fig, ax = plt.subplots()
    sns.regplot(data=tips, x="total_bill", y="tip", ax=ax, seed=0)
    d = chart(draw(fig))
    assert d["type"] == "scatter"
    scatter, fit = d["elements"]
    assert scatter["points"] == [[x, y] for x, y in zip(tips.total_bill, tips.tip)]
    slope, icept = np.polyfit(tips.total_bill, tips.tip, 1)
    xs = np.array([p[0] for p in fit["points"]])
    assert [p[1] for p in fit["points"]] == pytest.approx(slope * xs + icept, rel=1e-9)
    assert len(fit["band"]) == len(fit["points"])
    assert all(lo <= p[1] <= hi for (lo, hi), p in zip(fit["band"], fit["points"]))


def test_lmplot_hue_facets(chart, tips):
    g = sns.lmplot(data=tips, x="total_bill", y="tip", col="sex", seed=0)
    d = chart(draw(g.figure))
    assert d["type"] == "superchart"
    assert len(d["elements"]) == 2
    for panel, sex in zip(d["elements"], SEXES):
        assert panel["title"] == "sex = %s" % sex
        sub = tips[tips.sex == sex]
        assert panel["elements"][0]["points"] == [[x, y] for x, y in zip(sub.total_bill, sub.tip)]
        assert "band" in panel["elements"][1]


def test_catplot_box_facets(chart, tips):
    g = sns.catplot(data=tips, x="day", y="tip", col="sex", kind="box")
    d = chart(draw(g.figure))
    assert d["type"] == "superchart"
    assert [p["type"] for p in d["elements"]] == ["box_and_whisker"] * 2
    for panel, sex in zip(d["elements"], SEXES):
        for el, day in zip(panel["elements"], DAYS):
            assert_box_stats(el, tips[(tips.sex == sex) & (tips.day == day)].tip.to_numpy())


def test_facetgrid_map_scatter(chart, tips):
    g = sns.FacetGrid(tips, col="day", col_wrap=2)
    g.map(plt.scatter, "total_bill", "tip")
    d = chart(draw(g.figure))
    assert d["type"] == "superchart"
    assert len(d["elements"]) == 4
    for panel, day in zip(d["elements"], DAYS):
        sub = tips[tips.day == day]
        assert panel["elements"][0]["points"] == [[x, y] for x, y in zip(sub.total_bill, sub.tip)]


def test_pairplot_panels(chart, tips):
    g = sns.pairplot(tips[["total_bill", "tip", "size"]])
    d = chart(draw(g.figure))
    assert d["type"] == "superchart"
    assert len(d["elements"]) == 9
    kinds = [p["type"] for p in d["elements"]]
    assert kinds.count("bar") == 3 and kinds.count("scatter") == 6
    # In the figure's order: the grid row by row, whose diagonal Axes stay
    # empty (skipped), then the diagonal's own Axes (twins): the third
    # panel is row 1, column 0 (tip against total_bill).
    assert kinds == ["scatter"] * 6 + ["bar"] * 3
    assert d["elements"][2]["elements"][0]["points"] == [
        [x, y] for x, y in zip(tips.total_bill, tips.tip)]


def test_jointplot_panels(chart, tips):
    g = sns.jointplot(data=tips, x="total_bill", y="tip")
    d = chart(draw(g.figure))
    assert d["type"] == "superchart"
    assert [p["type"] for p in d["elements"]] == ["scatter", "bar", "bar"]
    assert d["elements"][0]["elements"][0]["points"] == [
        [x, y] for x, y in zip(tips.total_bill, tips.tip)]
    assert sum(e["value"] for e in d["elements"][1]["elements"]) == len(tips)


def test_catplot_hue_facets_share_categories(chart, tips):
    # The second panel shares the first's category axis (sharex): its
    # boxes are named by the shared categories, its groups by the
    # figure's legend.
    tips["half"] = np.where(tips.index % 2 == 0, "even", "odd")
    g = sns.catplot(data=tips, x="day", y="tip", hue="sex", col="half", kind="box")
    d = chart(draw(g.figure))
    assert [p["type"] for p in d["elements"]] == ["box_and_whisker"] * 2
    for panel, half in zip(d["elements"], ["even", "odd"]):
        want = cells(tips[tips.half == half], "day", "sex", "tip")
        assert len(panel["elements"]) == len(want)
        for el, (day, sex, values) in zip(panel["elements"], want):
            assert_box_stats(el, values)
            assert el["group"] == sex
            assert label_ok(el["label"], day, sex), (el["label"], day)


def test_e2b_client_reads_seaborn_charts(tips):
    # E2B's own client (pip e2b-code-interpreter) builds its typed charts
    # from these outputs: the new keys (group, band) are extra, not in
    # its way.  _deserialize_chart is what its Result calls.
    charts = pytest.importorskip("e2b_code_interpreter.charts")
    import chartex

    figs = []
    fig, ax = plt.subplots()
    sns.boxplot(data=tips, x="day", y="tip", hue="sex", ax=ax)
    figs.append((fig, charts.BoxAndWhiskerChart))
    fig, ax = plt.subplots()
    sns.lineplot(data=tips, x="hour", y="tip", hue="sex", ax=ax)
    figs.append((fig, charts.LineChart))
    fig, ax = plt.subplots()
    sns.scatterplot(data=tips, x="total_bill", y="tip", hue="sex", ax=ax)
    figs.append((fig, charts.ScatterChart))
    figs.append((sns.pairplot(tips[["total_bill", "tip"]]).figure, charts.SuperChart))
    for fig, cls in figs:
        d = chartex.figure_to_dict(draw(fig))
        chart = charts._deserialize_chart(d)
        assert isinstance(chart, cls)
        assert len(chart.elements) == len(d["elements"])
