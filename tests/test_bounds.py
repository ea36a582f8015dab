"""Every element kind under the chart's budget (doc/schema.md, *Bounds*),
checked against the source data of each figure: a histogram re-binned
exactly (its counts add up to the data's, each merged bar's value is
what np.histogram gives for the merged bins, its extent the bins' own),
the bars kept are the drawn ones with their values, and every left-out
record adds up (kept + left out = all, values and angles summed, the
one candle the left-out candles make); records keep their first cells
and say what they lost.  Hypothesis draws the sizes and the budgets.
`max_points=0` (the formatter) and the library's defaults keep all."""
import json

import matplotlib.pyplot as plt
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import chartex
import golden

BUDGET = 30000
DEFAULTS = {"points_per_pixel": 4.0, "max_total_points": BUDGET, "max_string": 10_000}


def bounded(fig, **kw):
    """The chart under the formatter's defaults (or kw), checked."""
    opts = dict(DEFAULTS, **kw)
    d = chartex.figure_to_dict(fig, **opts)
    text = chartex.figure_to_json(fig, **opts)
    assert golden.strict_loads(text) == d
    golden.check_chart(d)
    return d, len(text.encode())


def test_the_formatter_defaults_are_these():
    from chartex.ipython import ChartFormatter

    opts = ChartFormatter().chart_options()
    assert {k: v for k, v in opts.items() if v is not None} == DEFAULTS
    import conftest

    assert conftest.FORMATTER_BOUNDS == DEFAULTS


# ------------------------------------------------------------- histograms

def merged_expected(counts, edges, g, density=False):
    """What merging runs of g bins gives: values and [start, end]."""
    out = []
    for s in range(0, len(counts), g):
        c, e = counts[s:s + g], edges[s:s + len(counts[s:s + g]) + 1]
        w = np.diff(e)
        v = float((c * w).sum() / w.sum()) if density else float(c.sum())
        out.append((v, e[0], e[-1]))
    return out


def check_rebinned(d, counts, edges, density=False):
    rb = d["rebinned"]
    g = int(rb["bins_per_bar"])
    assert rb["original_bars"] == len(counts)
    assert len(d["elements"]) <= rb["max_bars"]
    want = merged_expected(counts, edges, g, density)
    assert len(d["elements"]) == len(want)
    for el, (v, lo, hi) in zip(d["elements"], want):
        assert el["value"] == pytest.approx(v, rel=1e-12, abs=1e-300)
        assert el["bin"][0] == pytest.approx(lo, rel=1e-12, abs=1e-12)
        assert el["bin"][1] == pytest.approx(hi, rel=1e-12, abs=1e-12)
    # The bins tile the data's range, each ending where the next starts.
    for a, b in zip(d["elements"], d["elements"][1:]):
        assert a["bin"][1] == pytest.approx(b["bin"][0], rel=1e-12, abs=1e-12)
    return g


def test_hist_of_10k_bins_is_rebinned_and_adds_up(fig_ax):
    # matplotlib takes minutes to make 100,000 bars: the rule is the same
    # at a tenth of the size and a tenth of the budget.
    fig, ax = fig_ax
    x = np.random.default_rng(1).normal(size=20_000)
    counts, edges, _ = ax.hist(x, bins=10_000)
    d, size = bounded(fig, max_total_points=3000)
    g = check_rebinned(d, counts, edges)
    assert g >= 2
    assert sum(e["value"] for e in d["elements"]) == len(x)
    assert d["budget"]["original_elements"] == 10_000
    # Without a budget every bin is there, without "rebinned".
    full = chartex.figure_to_dict(fig)
    assert len(full["elements"]) == 10_000 and "rebinned" not in full


def test_density_hist_is_weighted_by_width(fig_ax):
    fig, ax = fig_ax
    x = np.random.default_rng(2).exponential(size=5_000)
    edges = np.concatenate([np.linspace(0, 5, 3_001), [7.0, 20.0]])
    dens, edges, _ = ax.hist(x, bins=edges, density=True)
    d, _ = bounded(fig, max_total_points=1000)
    check_rebinned(d, dens, edges, density=True)
    area = sum(e["value"] * (e["bin"][1] - e["bin"][0]) for e in d["elements"])
    assert area == pytest.approx(1.0, rel=1e-9)


def test_stacked_hist_merges_each_layer_on_the_merged_layer_below(fig_ax):
    fig, ax = fig_ax
    rng = np.random.default_rng(3)
    data = [rng.normal(size=4_000), rng.normal(1, 1, size=4_000)]
    counts, edges, _ = ax.hist(data, bins=2_000, stacked=True, label=["a", "b"])
    d, _ = bounded(fig, max_total_points=1000)
    # matplotlib gives the running totals: each layer's own counts.
    own = [counts[0], counts[1] - counts[0]]
    g = int(d["rebinned"]["bins_per_bar"])
    els = d["elements"]
    n = len(els) // 2
    assert d.get("stacked") is True
    for layer, name in enumerate(["a", "b"]):
        got = [e for e in els if e["group"] == name]
        assert len(got) == n
        want = merged_expected(np.round(own[layer]), edges, g)
        assert [e["value"] for e in got] == pytest.approx([w[0] for w in want])
        assert sum(e["value"] for e in got) == len(data[layer])


def test_cumulative_or_ambiguous_hists_are_not_merged(fig_ax):
    fig, ax = fig_ax
    x = np.random.default_rng(4).normal(size=3_000)
    counts, edges, _ = ax.hist(x, bins=4_000, cumulative=True)
    d, size = bounded(fig, max_total_points=1000)
    assert "rebinned" not in d
    (lo,) = d["left_out"]
    kept = d["elements"]
    assert lo["kind"] == "bars" and lo["elements"] + len(kept) == 4_000
    # The first bars along the axis, each the drawn one.
    assert [e["value"] for e in kept] == list(counts[:len(kept)])
    assert lo["value_sum"] == pytest.approx(counts[len(kept):].sum())


# ------------------------------------------------------- categorical bars

def test_20k_bars_keep_the_first_and_say_what_is_left_out(fig_ax):
    fig, ax = fig_ax
    y = np.random.default_rng(5).uniform(size=20_000)
    ax.bar(range(20_000), y)
    d, size = bounded(fig, max_total_points=3000)
    kept = d["elements"]
    (lo,) = d["left_out"]
    assert len(kept) + lo["elements"] == 20_000
    assert len(kept) <= 1500
    assert [e["value"] for e in kept] == list(y[:len(kept)])
    assert [e["label"] for e in kept[:3]] == ["0", "1", "2"]
    assert lo["value_sum"] == pytest.approx(y[len(kept):].sum(), rel=1e-12)
    assert lo["from"] == len(kept) and lo["to"] == 19_999
    assert lo["group"] == kept[0]["group"]
    assert "rebinned" not in d


def test_grouped_categorical_bars_are_cut_between_groups(fig_ax):
    fig, ax = fig_ax
    n = 1_200
    rng = np.random.default_rng(6)
    a, b = rng.uniform(size=n), rng.uniform(size=n)
    x = np.arange(n)
    ax.bar(x - 0.2, a, 0.4, label="A")
    ax.bar(x + 0.2, b, 0.4, label="B")
    ax.set_xticks(x[:5], ["c%d" % i for i in range(5)])
    d, _ = bounded(fig, max_total_points=1000)
    kept = d["elements"]
    ka = [e for e in kept if e["group"] == "A"]
    kb = [e for e in kept if e["group"] == "B"]
    assert len(ka) == len(kb)    # no group is cut in half
    assert [e["value"] for e in ka] == list(a[:len(ka)])
    assert [e["value"] for e in kb] == list(b[:len(kb)])
    los = {e["group"]: e for e in d["left_out"]}
    assert los["A"]["elements"] == n - len(ka) == los["B"]["elements"]
    assert los["A"]["value_sum"] == pytest.approx(a[len(ka):].sum())
    assert los["B"]["value_sum"] == pytest.approx(b[len(kb):].sum())


def test_category_bars_name_their_left_out_range(fig_ax):
    fig, ax = fig_ax
    names = ["item %05d" % i for i in range(4_000)]
    v = np.arange(4_000, dtype=float)
    ax.barh(names, v)
    d, _ = bounded(fig, max_total_points=1000)
    kept = d["elements"]
    (lo,) = d["left_out"]
    assert [e["label"] for e in kept] == names[:len(kept)]
    assert lo["from"] == names[len(kept)] and lo["to"] == names[-1]
    assert lo["value_sum"] == v[len(kept):].sum()


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(n=st.integers(1, 800), budget=st.integers(6, 1200), containers=st.integers(1, 3),
       hist=st.booleans())
def test_any_size_any_budget_adds_up(n, budget, containers, hist):
    fig, ax = plt.subplots()
    rng = np.random.default_rng(n * 7 + budget)
    values = []
    if hist:
        x = [rng.normal(size=rng.integers(1, 2000)) for _ in range(containers)]
        counts, edges, _ = ax.hist(x if containers > 1 else x[0], bins=n,
                                   stacked=containers > 1)
        total = sum(len(v) for v in x)
    else:
        for c in range(containers):
            values.append(rng.uniform(-1, 1, size=n))
            ax.bar(np.arange(n) + 0.25 * c, values[-1], 0.25, label="g%d" % c)
    try:
        d = chartex.figure_to_dict(fig, max_total_points=budget)
        golden.check_chart(d)
        full = chartex.figure_to_dict(fig)
    finally:
        plt.close(fig)
    bars = n * containers
    if "left_out" not in d and "rebinned" not in d:
        assert d["elements"] == full["elements"]
        assert 2 * bars <= budget or bars <= 6
        return
    if "rebinned" in d:
        assert sum(e["value"] for e in d["elements"]) == pytest.approx(total)
        assert len(d["elements"]) <= max(d["rebinned"]["max_bars"], 6)
        return
    kept = d["elements"]
    left = sum(e["elements"] for e in d["left_out"])
    assert len(kept) + left == bars
    # Every kept bar is a drawn one, named and valued as without a budget.
    full_by = {(e["group"], e["label"]): e["value"] for e in full["elements"]}
    for e in kept:
        assert full_by[(e["group"], e["label"])] == e["value"]
    if values:
        for entry in d["left_out"]:
            mine = [e["value"] for e in kept if e["group"] == entry["group"]]
            allv = [e["value"] for e in full["elements"] if e["group"] == entry["group"]]
            assert entry["value_sum"] == pytest.approx(sum(allv) - sum(mine), abs=1e-9)


def test_max_points_0_and_the_library_keep_every_bar(fig_ax):
    fig, ax = fig_ax
    ax.bar(range(2_000), np.ones(2_000))
    assert len(chartex.figure_to_dict(fig)["elements"]) == 2_000
    from chartex.ipython import ChartFormatter

    f = ChartFormatter()
    f.max_points = 0
    assert f.chart_options() == {}


# ------------------------------------------------------- pie, boxes, candles

def test_pie_keeps_the_first_wedges_and_their_angles_add_up(fig_ax):
    fig, ax = fig_ax
    v = np.random.default_rng(7).uniform(1, 2, size=2_000)
    ax.pie(v)
    d, size = bounded(fig, max_total_points=1000)
    (lo,) = d["left_out"]
    assert lo["kind"] == "wedges"
    assert len(d["elements"]) + lo["elements"] == 2_000
    assert len(d["elements"]) <= 500
    angles = v / v.sum() * 360
    assert [e["angle"] for e in d["elements"][:50]] == pytest.approx(angles[:50], rel=1e-4)
    assert lo["angle_sum"] == pytest.approx(angles[len(d["elements"]):].sum(), rel=1e-4)


def test_boxes_and_their_outliers(fig_ax):
    fig, ax = fig_ax
    data = np.random.default_rng(8).standard_cauchy(size=(200_000, 3))
    ax.boxplot(data)
    d, size = bounded(fig)
    assert size < 2_000_000
    assert sum(len(e["outliers"]) for e in d["elements"]) <= BUDGET
    full = chartex.figure_to_dict(fig)
    for el, whole in zip(d["elements"], full["elements"]):
        for k in ("min", "first_quartile", "median", "third_quartile", "max"):
            assert el[k] == whole[k]
        ds = el["downsampled"]
        assert ds["method"] == "sample" and ds["original_points"] == len(whole["outliers"])
        # A subset, in order, with the extremes.
        kept, allo = el["outliers"], whole["outliers"]
        assert min(kept) == min(allo) and max(kept) == max(allo)
        it = iter(allo)
        assert all(any(k == a for a in it) for k in kept)


def test_many_boxes_keep_the_first_in_position_order(fig_ax):
    fig, ax = fig_ax
    ax.boxplot(np.random.default_rng(9).normal(size=(50, 300)))
    d, _ = bounded(fig, max_total_points=400)
    (lo,) = d["left_out"]
    assert lo["kind"] == "boxes"
    assert len(d["elements"]) + lo["elements"] == 300
    assert [e["label"] for e in d["elements"][:3]] == ["1", "2", "3"]
    assert lo["from"] == len(d["elements"]) + 1 and lo["to"] == 300


def test_candles_left_out_make_one_candle(fig_ax):
    fig, ax = fig_ax
    rng = np.random.default_rng(10)
    n = 1_200
    x = np.arange(n)
    o = 100 + rng.normal(size=n).cumsum()
    c = o + rng.normal(size=n)
    hi = np.maximum(o, c) + rng.uniform(size=n)
    lo_ = np.minimum(o, c) - rng.uniform(size=n)
    ax.vlines(x, lo_, hi)
    ax.bar(x, c - o, 0.6, bottom=o)
    d, _ = bounded(fig, max_total_points=1000)
    assert d["financial"] == "candlestick"
    kept = d["elements"]
    (lo,) = d["left_out"]
    k = len(kept)
    assert lo["kind"] == "candles" and k + lo["elements"] == n
    assert [e["open"] for e in kept] == pytest.approx(list(o[:k]))
    assert lo["open"] == pytest.approx(o[k]) and lo["close"] == pytest.approx(c[-1])
    assert lo["high"] == pytest.approx(hi[k:].max()) and lo["low"] == pytest.approx(lo_[k:].min())
    assert lo["from"] == k and lo["to"] == n - 1


# ------------------------------------------------------------------ Plotly

go = pytest.importorskip("plotly.graph_objects")


def test_plotly_bar_200k(pchart):
    y = np.random.default_rng(11).uniform(size=200_000)
    fig = go.Figure(go.Bar(x=np.arange(200_000), y=y))
    d, size = bounded(fig)
    assert size < 2_000_000
    (lo,) = d["left_out"]
    assert [e["value"] for e in d["elements"]] == list(y[:len(d["elements"])])
    assert lo["value_sum"] == pytest.approx(y[len(d["elements"]):].sum())


@pytest.mark.parametrize("trace", ["box", "violin"])
def test_plotly_box_samples_are_bounded_with_their_extremes(trace):
    """px.box(points="all") of 300,000 samples: the samples beside the box
    are sampled under the budget (their lowest and highest kept, the rest
    a subsequence in the trace's order) and say so; the statistics are
    the whole data's."""
    v = np.random.default_rng(21).normal(size=300_000)
    make = go.Box if trace == "box" else go.Violin
    kw = {"boxpoints": "all"} if trace == "box" else {"points": "all", "box_visible": True}
    fig = go.Figure(make(y=v, name="a", **kw))
    d, size = bounded(fig)
    assert size < 2_000_000
    (el,) = d["elements"]
    s = el["samples"]
    assert len(s) < len(v)
    assert el["samples_downsampled"]["original_points"] == len(v)
    assert el["samples_downsampled"]["method"] == "sample"
    assert min(s) == v.min() and max(s) == v.max()
    pos = {x: i for i, x in enumerate(v)}
    idx = [pos[x] for x in s]
    assert idx == sorted(idx)
    assert el["median"] == pytest.approx(np.median(v), rel=1e-3, abs=1e-3)
    whole = chartex.figure_to_dict(fig)  # the library keeps every element
    assert whole["elements"][0]["samples"] == list(v)
    assert "samples_downsampled" not in whole["elements"][0]


@pytest.mark.parametrize("histnorm", ["", "percent", "probability", "density",
                                      "probability density"])
def test_plotly_histogram_of_200k_bins(histnorm):
    x = np.random.default_rng(12).normal(size=40_000)
    fig = go.Figure(go.Histogram(x=x, nbinsx=20_000, histnorm=histnorm))
    d, size = bounded(fig, max_total_points=3000)
    full = chartex.figure_to_dict(fig)
    g = int(d["rebinned"]["bins_per_bar"])
    fv = [e["value"] for e in full["elements"]]
    els = d["elements"]
    assert len(els) == -(-len(fv) // g)
    for r, el in enumerate(els):
        run = fv[r * g:(r + 1) * g]
        if "density" in histnorm:
            # Equal widths (an automatic bin size): the weighted mean is the mean.
            assert el["value"] == pytest.approx(sum(run) / len(run), rel=1e-9)
        else:
            assert el["value"] == pytest.approx(sum(run), rel=1e-9, abs=1e-12)
    total = {"": len(x), "percent": 100.0, "probability": 1.0}
    if histnorm in total:
        assert sum(e["value"] for e in els) == pytest.approx(total[histnorm], rel=1e-9)


def test_plotly_histogram_with_a_bargap_merges_its_bins():
    """Bars drawn narrower than their bins (bargap) merge by their bins
    (issue 30's "bin" extents): each merged bar's bin is its first bin's
    start to its last bin's end, and the bins still tile the range."""
    x = np.random.default_rng(14).normal(size=20_000)
    fig = go.Figure(go.Histogram(x=x, xbins={"start": -5, "end": 5, "size": 0.002}))
    fig.update_layout(bargap=0.3)
    full = chartex.figure_to_dict(fig)
    d, _ = bounded(fig, max_total_points=1000)
    g = int(d["rebinned"]["bins_per_bar"])
    fe = full["elements"]
    els = d["elements"]
    assert len(els) == -(-len(fe) // g)
    for r, el in enumerate(els):
        run = fe[r * g:(r + 1) * g]
        assert el["value"] == sum(e["value"] for e in run)
        assert el["bin"][0] == pytest.approx(run[0]["bin"][0], rel=1e-12, abs=1e-12)
        assert el["bin"][1] == pytest.approx(run[-1]["bin"][1], rel=1e-12, abs=1e-12)
    for a, b in zip(els, els[1:]):
        assert a["bin"][1] == pytest.approx(b["bin"][0], rel=1e-12, abs=1e-12)


def test_plotly_histogram_averages_are_never_merged():
    rng = np.random.default_rng(13)
    x = rng.uniform(size=10_000)
    fig = go.Figure(go.Histogram(x=x, y=rng.uniform(size=10_000), histfunc="avg",
                                 nbinsx=5_000))
    d, _ = bounded(fig, max_total_points=1000)
    assert "rebinned" not in d and d["left_out"][0]["kind"] == "bars"


def test_plotly_records_keep_their_first_cells():
    rng = np.random.default_rng(14)
    n = 6_000
    vals = rng.uniform(size=n)
    fig = go.Figure(go.Treemap(labels=["root"] + ["n%d" % i for i in range(n)],
                               parents=[""] + ["root"] * n, values=[0] + list(vals)))
    d, size = bounded(fig, max_total_points=3000)
    (h,) = d["hierarchy"]
    k = len(h["labels"])
    assert k < n + 1 and h["labels"][:3] == ["root", "n0", "n1"]
    assert h["left_out"]["cells"]["labels"] == n + 1 - k
    assert h["left_out"]["sums"]["values"] == pytest.approx(vals[k - 1:].sum())
    fig = go.Figure(go.Table(header=dict(values=["a", "b"]),
                             cells=dict(values=[list(range(n)), ["t%d" % i for i in range(n)]])))
    d, size = bounded(fig, max_total_points=3000)
    (t,) = d["table"]
    assert t["header"] == ["a", "b"]
    k = len(t["columns"][0])
    assert t["columns"][0] == list(map(float, range(k)))
    assert t["left_out"]["cells"]["columns"] == 2 * (n - k)
    fig = go.Figure(go.Sankey(node=dict(label=["n%d" % i for i in range(100)]),
                              link=dict(source=rng.integers(0, 100, n),
                                        target=rng.integers(0, 100, n), value=vals)))
    d, size = bounded(fig, max_total_points=3000)
    (s,) = d["sankey"]
    k = len(s["link_values"])
    assert s["link_values"] == list(vals[:k])
    assert s["left_out"]["sums"]["link_values"] == pytest.approx(vals[k:].sum())
    fig = go.Figure(go.Scattergeo(lon=rng.uniform(-180, 180, n), lat=rng.uniform(-90, 90, n)))
    d, size = bounded(fig, max_total_points=3000)
    assert d["geo"][0]["left_out"]["cells"]["lon"] > 0


def test_the_fuzzers_million_bin_histogram_is_bounded():
    path = golden.SRCDIR / "tests" / "data" / "plotly-histogram-million-bins.json"
    fig = json.loads(path.read_text())
    d, size = bounded(fig)
    assert size < 2_000_000
    # A cumulative histogram (running totals never merge): its first
    # bars, and what the others add up to.
    (lo,) = d["left_out"]
    assert lo["elements"] + len(d["elements"]) == d["budget"]["original_elements"] > 900_000


# ------------------------------------------------------------------ tables

pd = pytest.importorskip("pandas")


def test_max_columns_keeps_both_ends_and_the_index():
    df = pd.DataFrame(np.arange(30).reshape(3, 10), columns=["c%d" % i for i in range(10)],
                      index=pd.Index(["a", "b", "c"], name="key"))
    d = chartex.frame_to_dict(df, max_columns=5)
    assert list(d) == ["key", "c0", "c1", "c2", "c8", "c9"]
    assert d["c9"] == [9, 19, 29] and d["key"] == ["a", "b", "c"]
    assert chartex.frame_to_dict(df, max_columns=None) == chartex.frame_to_dict(df)
    assert chartex.frame_to_dict(df, max_columns=0) == {"key": ["a", "b", "c"]}
    assert json.loads(chartex.frame_to_json(df, max_columns=1)) == \
        {"key": ["a", "b", "c"], "c0": [0, 10, 20]}
    s = pd.Series([1, 2], name="v")
    assert chartex.frame_to_dict(s, max_columns=1) == {"v": [1, 2]}


def test_a_frame_of_100k_columns_gets_its_e2b_data():
    from chartex._tables.formatters import DataFormatter

    wide = pd.DataFrame(np.zeros((10, 100_000)), columns=["col%d" % i for i in range(100_000)])
    f = DataFormatter()
    data, md = f(wide)
    assert md == {"rows": 10, "columns": 100_000, "rows_sent": 10, "columns_sent": 20}
    assert list(data)[:2] == ["col0", "col1"] and list(data)[-1] == "col99999"
    # Every column asked for (display.max_columns None): as many as the
    # byte budget holds, from both ends, never nothing.
    with pd.option_context("display.max_columns", None):
        data, md = f(wide)
    assert 20 < md["columns_sent"] < 100_000 and len(json.dumps(data)) <= 1_000_000
    assert list(data)[0] == "col0" and list(data)[-1] == "col99999"


def test_polars_max_columns():
    pl = pytest.importorskip("polars")
    df = pl.DataFrame({"c%d" % i: [i] for i in range(7)})
    assert list(chartex.frame_to_dict(df, max_columns=3)) == ["c0", "c1", "c6"]


# ------------------------------------ every benchmark and fuzz figure < 2 MB

BENCH = golden.SRCDIR / "bench"
FUZZ = golden.SRCDIR / "fuzz"


def _bench_module(name):
    import importlib.util

    spec = importlib.util.spec_from_file_location("_bench_" + name, BENCH / (name + ".py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _kernel_figures():
    """bench_kernel's figures, built as its kernels build them; the two
    heavy ones (matplotlib takes minutes to make 200,000 patches) at
    200,000 through Plotly and at 20,000 through matplotlib instead."""
    bk = _bench_module("bench_kernel")
    for name in bk.FIGURES:
        build, show, reuse = bk.figure_parts(name)
        if reuse:
            build = build.replace("200_000", "20_000")
        yield "bench_kernel: " + name, bk._PRE + build


@pytest.mark.parametrize("name,code", list(_kernel_figures()), ids=lambda v: v
                         if isinstance(v, str) and v.startswith("bench") else "")
def test_bench_kernel_figures_stay_under_2mb(name, code):
    ns = {}
    exec(code, ns)
    fig = ns.get("_fig") or plt.gcf()
    d, size = bounded(fig)
    assert size < 2_000_000, (name, size)


def test_bench_and_bench_series_figures_stay_under_2mb():
    for mod, figs in (("bench", lambda m: m.FIGURES),
                      ("bench_series", lambda m: [(n, f) for n, f, _ in m.mpl_figures()
                                                  + m.plotly_figures()])):
        for name, make in figs(_bench_module(mod)):
            fig = make()
            if hasattr(fig, "canvas"):
                fig.canvas.draw()
            d, size = bounded(fig)
            assert size < 2_000_000, (mod, name, size)
            plt.close("all")


def test_the_fuzz_corpus_stays_under_2mb():
    paths = sorted(p for d in ("plotly-regressions", "plotly-seeds")
                   for p in (FUZZ / d).glob("*.json"))
    assert len(paths) >= 25
    for path in paths:
        try:
            fig = json.loads(path.read_text())
        except ValueError:
            continue
        if isinstance(fig, list):
            fig = {"data": fig}
        try:
            d, size = bounded(fig)
        except chartex.ChartexError:
            continue
        assert size < 2_000_000, (path.name, size)
