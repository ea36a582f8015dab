"""The idioms of issue 30, each at several sizes, against the data that
was plotted: grouped bars year over year, the docs' width 0.35, widths
0.1-0.45 over 3, 5 and 7 categories, bars at x and x + w with the tick
between, one-sided offsets, a container per category, px.bar(color=x),
go.Bar stacks of their own categories, hist() of several datasets,
seaborn's histplot (dodge, stack, fill, layer; any shrink), split
violins, boxes beside hlines (no candles), pandas' index, offset and
log tick labels, hidden ticks.  Each figure is drawn first, as a kernel
draws it; E2B's client reads every chart."""
import io

import numpy as np
import pytest

import chartex

import matplotlib
import matplotlib.pyplot as plt

pd = pytest.importorskip("pandas")

MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


@pytest.fixture
def read(chart):
    """chart(fig) of a figure drawn first, also read by E2B's client."""
    def go(fig):
        if hasattr(fig, "savefig"):
            fig.savefig(io.BytesIO(), format="png")
        d = chart(fig)
        try:
            from e2b_code_interpreter import charts
        except ImportError:
            return d
        obj = charts._deserialize_chart(d)
        assert obj is not None and obj.type.value == d["type"]
        return d
    return go


def bars(d):
    if d["type"] == "superchart":
        d = [c for c in d["elements"] if c["type"] == "bar"][0]
    return [(e["label"], e["group"], e["value"]) for e in d["elements"]]


def labels(d):
    return [b[0] for b in bars(d)]


# ------------------------------------------------------------ grouped bars

@pytest.mark.parametrize("horizontal", [False, True])
@pytest.mark.parametrize("n", [3, 5, 12])
def test_year_over_year_months(read, n, horizontal):
    x = np.arange(n)
    a, b = np.arange(1, n + 1) * 10.0, np.arange(1, n + 1) * 11.0
    fig, ax = plt.subplots()
    draw = ax.barh if horizontal else ax.bar
    draw(x - 0.2, a, 0.4, label="2023")
    draw(x + 0.2, b, 0.4, label="2024")
    (ax.set_yticks if horizontal else ax.set_xticks)(x, MONTHS[:n])
    d = read(fig)
    assert bars(d) == [(m, "2023", v) for m, v in zip(MONTHS, a)] + \
        [(m, "2024", v) for m, v in zip(MONTHS, b)]
    assert d["grouped"] is True


@pytest.mark.parametrize("n", [5, 7])
def test_the_docs_width_035(read, n):
    names = ["c%d" % i for i in range(n)]
    x = np.arange(n)
    w = 0.35
    fig, ax = plt.subplots()
    ax.bar(x - w / 2, x + 1.0, w, label="Men")
    ax.bar(x + w / 2, x + 2.0, w, label="Women")
    ax.set_xticks(x, names)
    assert labels(read(fig)) == names * 2


@pytest.mark.parametrize("n", [3, 5, 7])
@pytest.mark.parametrize("w", [float(v) for v in np.linspace(0.1, 0.45, 11)])
def test_widths_over_categories(read, n, w):
    names = ["c%d" % i for i in range(n)]
    x = np.arange(n)
    fig, ax = plt.subplots()
    ax.bar(x - w / 2, x + 1.0, w, label="a")
    ax.bar(x + w / 2, x + 2.0, w, label="b")
    ax.set_xticks(x, names)
    assert labels(read(fig)) == names * 2


@pytest.mark.parametrize("n", [2, 4, 9])
def test_bars_at_x_and_x_plus_w_with_the_tick_between(read, n):
    names = ["Q%d" % (i + 1) for i in range(n)]
    x = np.arange(n)
    fig, ax = plt.subplots()
    ax.bar(x, np.ones(n), 0.2, label="a")
    ax.bar(x + 0.2, np.ones(n) * 2, 0.2, label="b")
    ax.set_xticks(x + 0.1, names)
    assert labels(read(fig)) == names * 2


@pytest.mark.parametrize("n", [3, 6])
def test_one_sided_offsets(read, n):
    # corpus bar_14: x - w - 0.04, x, x + w + 0.04 under ticks at x
    names = ["GCN", "RvNN", "BERT", "LSTM", "CNN", "SVM"][:n]
    x = np.arange(n)
    w = 0.25
    fig, ax = plt.subplots()
    ax.bar(x - w - 0.04, np.ones(n), w, label="a")
    ax.bar(x, np.ones(n), w, label="b")
    ax.bar(x + w + 0.04, np.ones(n), w, label="c")
    ax.set_xticks(x, names)
    assert labels(read(fig)) == names * 3


@pytest.mark.parametrize("n", [3, 4, 8])
def test_a_container_per_category(read, n):
    # px.bar(color=x) drawn with matplotlib: each bar its own container
    names = ["A%d" % i for i in range(n)]
    fig, ax = plt.subplots()
    for i, name in enumerate(names):
        ax.bar([i], [i + 1.0], label=name)
    ax.set_xticks(range(n), names)
    assert bars(read(fig)) == [(name, name, i + 1.0) for i, name in enumerate(names)]
    fig, ax = plt.subplots()
    for i, name in enumerate(names):
        ax.bar([name], [i + 1.0], label=name)
    assert labels(read(fig)) == names
    # with matplotlib's own numeric ticks: each at its own number
    fig, ax = plt.subplots()
    for i in range(n):
        ax.bar([i], [1.0])
    assert labels(read(fig)) == [str(i) for i in range(n)]


def test_groups_drawn_one_bar_a_call(read):
    # corpus bar_3: a call per bar, touching, a tick under each group
    fig, ax = plt.subplots()
    for k, x0 in enumerate([2.0, 5.0]):
        for j in range(4):
            ax.bar(x0 + (j - 1.5) * 0.5, k + j + 1.0, 0.5)
    ax.set_xticks([2.0, 5.0], ["LIVE", "CSIQ"])
    assert labels(read(fig)) == ["LIVE"] * 4 + ["CSIQ"] * 4


def test_hidden_and_sparse_ticks_give_numbers(read):
    x = np.arange(6)
    fig, ax = plt.subplots()
    ax.bar(x - 0.2, np.ones(6), 0.4)
    ax.bar(x + 0.2, np.ones(6), 0.4)
    ax.set_xticks([])
    assert labels(read(fig)) == [str(i) for i in range(6)] * 2
    fig, ax = plt.subplots()
    ax.bar(x - 0.2, np.ones(6), 0.4)
    ax.bar(x + 0.2, np.ones(6), 0.4)
    ax.set_xticks(x[::2], ["a", "c", "e"])
    assert labels(read(fig)) == ["a", "1", "c", "3", "e", "5"] * 2


def test_tick_labels_relative_to_an_offset_name_nothing(read):
    fig, ax = plt.subplots()
    ax.bar([1e6, 1e6 + 1, 1e6 + 2], [1, 2, 3])
    assert labels(read(fig)) == ["1000000", "1000001", "1000002"]


def test_log_axis_bars_are_their_numbers(read):
    x = [10.0, 100.0, 1000.0, 31.622776601683793]
    fig, ax = plt.subplots()
    ax.bar(x, [1, 2, 3, 4], width=[v * 0.3 for v in x])
    ax.set_xscale("log")
    assert labels(read(fig)) == ["10", "100", "1000", "31.622777"]


def test_pandas_index_names_its_bars(read):
    df = pd.DataFrame({"a": [1, 2, 3], "b": [3, 2, 1]}, index=[2020, 2021, 2022])
    assert labels(read(df.plot.bar().figure)) == ["2020", "2021", "2022"] * 2
    plt.close("all")
    s = pd.Series([1, 2, 3], index=[0.5, 1.5, 2.5])
    assert labels(read(s.plot.bar().figure)) == ["0.5", "1.5", "2.5"]


def test_grouped_dates(read):
    d = pd.date_range("2024-01-01", periods=4)
    fig, ax = plt.subplots()
    ax.bar(d - pd.Timedelta(hours=4), [1, 2, 3, 4], width=0.33)
    ax.bar(d + pd.Timedelta(hours=4), [4, 3, 2, 1], width=0.33)
    assert labels(read(fig)) == [t.isoformat() for t in d] * 2


# -------------------------------------------------------------- histograms

def _bins(d):
    return [tuple(e["bin"]) for e in d["elements"]]


@pytest.mark.parametrize("n_sets", [1, 2, 3])
@pytest.mark.parametrize("histtype", ["bar", "barstacked"])
def test_hist_of_several_datasets(read, n_sets, histtype):
    rng = np.random.default_rng(n_sets)
    data = [rng.normal(size=80) for _ in range(n_sets)]
    edges = [-3, -2, -1, 0, 1, 2, 3]
    fig, ax = plt.subplots()
    counts, _, _ = ax.hist(data if n_sets > 1 else data[0], bins=edges, histtype=histtype)
    d = read(fig)
    assert d["histogram"] is True
    assert _bins(d) == [(float(a), float(b)) for a, b in zip(edges, edges[1:])] * n_sets
    assert labels(d) == ["-2.5", "-1.5", "-0.5", "0.5", "1.5", "2.5"] * n_sets
    counts = np.atleast_2d(counts)
    own = [counts[0]] + [counts[i] - (counts[i - 1] if histtype == "barstacked" else 0)
                         for i in range(1, n_sets)]
    assert [e["value"] for e in d["elements"]] == [float(v) for c in own for v in c]
    # "3 values between -3 and -2" reads back
    e = d["elements"][0]
    assert e["bin"] == [-3.0, -2.0] and e["value"] == np.sum((data[0] >= -3) & (data[0] < -2))


@pytest.mark.parametrize("histtype", ["step", "stepfilled"])
def test_step_histograms_carry_their_steps(read, histtype):
    fig, ax = plt.subplots()
    ax.hist([1, 2, 2, 3, 3, 3], bins=[0.5, 1.5, 2.5, 3.5], histtype=histtype)
    steps = read(fig)["elements"][0]["steps"]
    assert steps["edges"] == [0.5, 1.5, 2.5, 3.5]
    assert steps["values"] == [1.0, 2.0, 3.0]
    assert steps["baseline"] == [0.0, 0.0, 0.0]


def test_pandas_histograms(read):
    rng = np.random.default_rng(5)
    s = pd.Series(rng.normal(size=100))
    ax = s.hist(bins=[-3, -1, 0, 1, 3])
    d = read(ax.figure)
    assert _bins(d) == [(-3.0, -1.0), (-1.0, 0.0), (0.0, 1.0), (1.0, 3.0)]
    plt.close("all")
    df = pd.DataFrame({"a": rng.normal(size=100), "b": rng.normal(size=100)})
    d = read(df.plot.hist(bins=[-3, -1, 0, 1, 3], alpha=0.5).figure)
    assert _bins(d) == [(-3.0, -1.0), (-1.0, 0.0), (0.0, 1.0), (1.0, 3.0)] * 2


@pytest.mark.parametrize("multiple", ["dodge", "stack", "fill", "layer"])
@pytest.mark.parametrize("shrink", [1.0, 0.8, 0.5])
def test_histplot(read, multiple, shrink):
    sns = pytest.importorskip("seaborn")
    rng = np.random.default_rng(3)
    df = pd.DataFrame({"v": np.r_[rng.uniform(5, 10, 30), rng.uniform(10, 15, 30)],
                       "h": ["a"] * 30 + ["b"] * 30})
    fig, ax = plt.subplots()
    sns.histplot(df, x="v", hue="h", multiple=multiple, shrink=shrink,
                 bins=[0.0, 5.0, 10.0, 15.0, 20.0], ax=ax)  # floats: seaborn 0.12 on NumPy 1.24
    d = read(fig)
    chart = d if d["type"] == "bar" else [c for c in d["elements"] if c["type"] == "bar"][0]
    assert chart["histogram"] is True
    got = {(e["group"], tuple(e["bin"])): e for e in chart["elements"]}
    # the bar of hue a in 5-10 and the bar of hue b in 10-15: each in its bin
    assert got[("a", (5.0, 10.0))]["label"] == "7.5"
    assert got[("b", (10.0, 15.0))]["label"] == "12.5"
    if multiple != "fill":
        assert got[("a", (5.0, 10.0))]["value"] == 30.0
        assert got[("b", (10.0, 15.0))]["value"] == 30.0
        assert got[("a", (10.0, 15.0))]["value"] == 0.0


# ----------------------------------------------------------------- plotly

@pytest.fixture
def px():
    return pytest.importorskip("plotly.express")


@pytest.mark.parametrize("barmode", [None, "group", "stack", "relative", "overlay"])
@pytest.mark.parametrize("horizontal", [False, True])
def test_px_bar_colour_per_category(read, px, barmode, horizontal):
    df = pd.DataFrame({"continent": ["Africa", "Americas", "Asia", "Europe", "Oceania"],
                       "pop": [9.3e8, 8.9e8, 3.8e9, 5.8e8, 2.5e7]})
    kw = {"barmode": barmode} if barmode else {}
    if horizontal:
        f = px.bar(df, y="continent", x="pop", color="continent", orientation="h", **kw)
    else:
        f = px.bar(df, x="continent", y="pop", color="continent", **kw)
    assert bars(read(f)) == [(c, c, v) for c, v in zip(df["continent"], df["pop"])]


@pytest.mark.parametrize("n", [2, 3, 6])
def test_go_bar_horizontal_stacks_of_their_own(read, n):
    go = pytest.importorskip("plotly.graph_objects")
    names = ["c%d" % i for i in range(n)]
    f = go.Figure([go.Bar(x=[i + 1.0], y=[name], orientation="h", name=name)
                   for i, name in enumerate(names)], layout=dict(barmode="stack"))
    assert bars(read(f)) == [(name, name, i + 1.0) for i, name in enumerate(names)]


# ---------------------------------------------------- violins and boxes

@pytest.mark.parametrize("n_days", [1, 2, 4])
def test_split_violins_give_each_half_its_box(read, n_days):
    sns = pytest.importorskip("seaborn")
    if tuple(int(v) for v in sns.__version__.split(".")[:2]) < (0, 13):
        pytest.skip("seaborn 0.12 draws one inner box of both halves' data: no half's")
    rng = np.random.default_rng(n_days)
    days = ["Thu", "Fri", "Sat", "Sun"][:n_days]
    df = pd.DataFrame({"day": np.repeat(days, 40), "sex": np.tile(np.repeat(["M", "F"], 20), n_days),
                       "tip": rng.gamma(2, 1.5, 40 * n_days)})
    fig, ax = plt.subplots()
    sns.violinplot(df, x="day", y="tip", hue="sex", split=True, ax=ax)
    d = read(fig)
    assert d["type"] == "box_and_whisker"
    got = {(e["label"], e["group"]): e for e in d["elements"]}
    for day in days:
        for sex in ("M", "F"):
            st = matplotlib.cbook.boxplot_stats(
                df.loc[(df.day == day) & (df.sex == sex), "tip"].to_numpy())[0]
            e = got[(day, sex)]
            assert (e["min"], e["first_quartile"], e["median"], e["third_quartile"], e["max"]) \
                == pytest.approx((st["whislo"], st["q1"], st["med"], st["q3"], st["whishi"]))


def test_boxes_beside_hlines_are_boxes_not_candles(read):
    # the corpus' box_11: two boxplot(patch_artist=True) and two hlines
    data1 = [19, 20, 21, 22, 21.5, 20.5, 19.5]
    data2 = [18, 19, 20, 19.5, 18.5, 19.2, 18.8]
    fig, ax = plt.subplots()
    ax.boxplot(data1, positions=[1], widths=0.6, patch_artist=True,
               boxprops=dict(facecolor="none"))
    ax.boxplot(data2, positions=[2], widths=0.6, patch_artist=True,
               boxprops=dict(facecolor="none"))
    ax.hlines(20.5, 1, 2.25, colors="grey", linestyles="dashed")
    ax.hlines(19.5, 2, 2.25, colors="grey", linestyles="dashed")
    d = read(fig)
    kinds = [c["type"] for c in d["elements"]] if d["type"] == "superchart" else [d["type"]]
    assert "box_and_whisker" in kinds and "bar" not in kinds
    boxes = [c for c in d["elements"] if c["type"] == "box_and_whisker"][0]["elements"]
    for e, data in zip(boxes, [data1, data2]):
        st = matplotlib.cbook.boxplot_stats(data)[0]
        assert (e["min"], e["median"], e["max"]) == (st["whislo"], st["med"], st["whishi"])


def test_candles_stay_candles(read):
    # the manual idiom: bodies and wicks, no median or caps
    x = np.arange(5)
    o, c = np.array([10, 11, 12, 11, 13.0]), np.array([11, 12, 11, 13, 12.0])
    fig, ax = plt.subplots()
    ax.vlines(x, np.minimum(o, c) - 1, np.maximum(o, c) + 1)
    ax.bar(x, c - o, bottom=o)
    d = read(fig)
    assert d["financial"] == "candlestick"
    assert [e["open"] for e in d["elements"]] == list(o)
