#!/usr/bin/env python3
"""chartex beside E2B's extractor on the everyday charts of issues 25 and 30,
one run.

    PYTHONPATH=BUILD/python:E2B_SITE MPLBACKEND=Agg python tools/e2b_everyday.py

E2B_SITE is a folder where e2b-charts (and pydantic) were installed for this
run only (`pip install --target DIR e2b-charts pydantic`): never a
dependency of chartex.  Each figure is drawn first, as a kernel draws it;
each row says what the reader of the picture sees (the truth, from the
data plotted) and what each extractor gave: the bar labels, whether every
series drawn is there, the numbers that say where a floating bar starts.
"""
import io
import sys
import warnings

import numpy as np

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

import chartex  # noqa: E402

try:
    from e2b_charts import chart_figure_to_dict as e2b
except ImportError:
    e2b = None


def grouped():
    fig, ax = plt.subplots()
    x = np.arange(3)
    ax.bar(x - 0.175, [20, 34, 30], 0.35, label="Men")
    ax.bar(x + 0.175, [25, 32, 34], 0.35, label="Women")
    ax.set_xticks(x, ["North", "South", "East"])
    return fig, "labels North, South, East for both groups"


def gallery():
    fig, ax = plt.subplots()
    x = np.arange(3)
    for k, (name, v) in enumerate({"a": (1, 2, 3), "b": (4, 5, 6), "c": (7, 8, 9)}.items()):
        ax.bar(x + 0.25 * k, v, 0.25, label=name)
    ax.set_xticks(x + 0.25, ["Adelie", "Chinstrap", "Gentoo"])
    return fig, "labels Adelie, Chinstrap, Gentoo for each group"


def horizontal():
    fig, ax = plt.subplots()
    y = np.arange(2)
    ax.barh(y - 0.2, [3, 4], 0.4, label="2023")
    ax.barh(y + 0.2, [5, 6], 0.4, label="2024")
    ax.set_yticks(y, ["alpha", "beta"])
    return fig, "labels alpha, beta for both groups"


def pandas_bar():
    df = pd.DataFrame({"apples": [3, 5, 2], "pears": [1, 4, 6]}, index=["Mon", "Tue", "Wed"])
    return df.plot(kind="bar").figure, "labels Mon, Tue, Wed for both columns"


def pandas_barh():
    df = pd.DataFrame({"apples": [3, 5, 2], "pears": [1, 4, 6]}, index=["Mon", "Tue", "Wed"])
    return df.plot.barh().figure, "labels Mon, Tue, Wed for both columns"


def unstack():
    s = pd.DataFrame({"city": ["Oslo", "Oslo", "Rome", "Rome", "Lima"],
                      "kind": ["a", "b", "a", "b", "b"]})
    return (s.groupby(["city", "kind"]).size().unstack(fill_value=0).plot.bar().figure,
            "labels Lima, Oslo, Rome for both kinds")


def years():
    fig, ax = plt.subplots()
    yrs = np.array([2020, 2021, 2022])
    ax.bar(yrs - 0.2, [1, 2, 3], 0.4, label="imports")
    ax.bar(yrs + 0.2, [3, 2, 1], 0.4, label="exports")
    return fig, "labels 2020, 2021, 2022 for both groups"


def hist2():
    fig, ax = plt.subplots()
    rng = np.random.default_rng(0)
    ax.hist([rng.normal(size=100), rng.normal(size=100)], bins=[-2, -1, 0, 1, 2], label=["a", "b"])
    return fig, "one name per bin: -1.5, -0.5, 0.5, 1.5 for both datasets"


def pareto():
    fig, ax = plt.subplots()
    ax.bar(["late", "damaged", "lost"], [42, 23, 9])
    ax.plot(["late", "damaged", "lost"], [57, 88, 100], "o-", label="cumulative %")
    return fig, "bars and the cumulative line 57, 88, 100"


def rolling():
    s = pd.Series([5.0, 7, 6, 9, 12, 10])
    ax = s.plot.bar()
    ax.plot(range(6), s.rolling(3).mean().to_numpy(), color="r", label="mean")
    return ax.figure, "bars and the rolling mean 6, 7.33, 9, 10.33"


def kde():
    import seaborn as sns
    fig, ax = plt.subplots()
    sns.histplot(np.random.default_rng(1).normal(size=200), kde=True, ax=ax)
    return fig, "histogram and its KDE line"


def target():
    fig, ax = plt.subplots()
    ax.bar(["Q1", "Q2", "Q3"], [80, 95, 102])
    ax.axhline(100, color="r", label="target")
    return fig, "bars and the target line at 100"


def box_strip():
    import seaborn as sns
    rng = np.random.default_rng(7)
    df = pd.DataFrame({"day": np.repeat(["Thu", "Fri"], 20), "tip": rng.gamma(2, 1.5, 40)})
    fig, ax = plt.subplots()
    sns.boxplot(df, x="day", y="tip", ax=ax)
    sns.stripplot(df, x="day", y="tip", ax=ax, color="k")
    return fig, "two boxes (their statistics) and 40 points"


def gantt():
    fig, ax = plt.subplots()
    ax.barh(["design", "build", "test"], [3, 4, 2], left=[0, 3, 7])
    return fig, "starts 0, 3, 7 and durations 3, 4, 2"


def waterfall():
    fig, ax = plt.subplots()
    ax.bar(["start", "sales", "costs"], [100, 40, -25], bottom=[0, 100, 140])
    return fig, "running totals 0, 100, 140 and steps 100, 40, -25"


MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


def months():
    fig, ax = plt.subplots()
    x = np.arange(12)
    ax.bar(x - 0.2, np.arange(1, 13), 0.4, label="2023")
    ax.bar(x + 0.2, np.arange(2, 14), 0.4, label="2024")
    ax.set_xticks(x, MONTHS)
    return fig, "labels Jan ... Dec for both years (issue 30)"


def docs_width_7():
    fig, ax = plt.subplots()
    x = np.arange(7)
    ax.bar(x - 0.175, x + 1, 0.35, label="Men")
    ax.bar(x + 0.175, x + 2, 0.35, label="Women")
    ax.set_xticks(x, ["G%d" % i for i in range(7)])
    return fig, "labels G0 ... G6 for both groups"


def one_sided():
    fig, ax = plt.subplots()
    x = np.arange(3)
    for k, name in enumerate(["a", "b", "c"]):
        ax.bar(x + (k - 1) * 0.29, [1, 2, 3], 0.25, label=name)
    ax.set_xticks(x, ["GCN", "RvNN", "BERT"])
    return fig, "labels GCN, RvNN, BERT for each series"


def per_category():
    fig, ax = plt.subplots()
    for i, c in enumerate(["Africa", "Americas", "Asia", "Europe"]):
        ax.bar([i], [i + 1], label=c)
    ax.set_xticks(range(4), ["Africa", "Americas", "Asia", "Europe"])
    return fig, "each bar its own continent (a container per category)"


def hist_bins():
    fig, ax = plt.subplots()
    rng = np.random.default_rng(0)
    ax.hist(rng.normal(size=100), bins=[-3, -2, -1, 0, 1, 2, 3])
    return fig, "bins -3..-2, ..., 2..3 with their counts (bin extents)"


def histplot_dodge():
    import seaborn as sns
    rng = np.random.default_rng(3)
    df = pd.DataFrame({"v": np.r_[rng.uniform(5, 10, 30), rng.uniform(10, 15, 30)],
                       "h": ["a"] * 30 + ["b"] * 30})
    fig, ax = plt.subplots()
    sns.histplot(df, x="v", hue="h", multiple="dodge", bins=[0, 5, 10, 15, 20], ax=ax)
    return fig, "a's 30 in 5-10, b's 30 in 10-15, each bar its bin"


def split_violin():
    import seaborn as sns
    rng = np.random.default_rng(7)
    df = pd.DataFrame({"day": np.repeat(["Thu", "Fri"], 40),
                       "sex": np.tile(np.repeat(["M", "F"], 20), 2),
                       "tip": rng.gamma(2, 1.5, 80)})
    fig, ax = plt.subplots()
    sns.violinplot(df, x="day", y="tip", hue="sex", split=True, ax=ax)
    return fig, "four halves, each with its box statistics"


def boxes_hlines():
    fig, ax = plt.subplots()
    ax.boxplot([19, 20, 21, 22, 21.5, 20.5, 19.5], positions=[1], widths=0.6,
               patch_artist=True, boxprops=dict(facecolor="none"))
    ax.boxplot([18, 19, 20, 19.5, 18.5, 19.2, 18.8], positions=[2], widths=0.6,
               patch_artist=True, boxprops=dict(facecolor="none"))
    ax.hlines(20.5, 1, 2.25)
    ax.hlines(19.5, 2, 2.25)
    return fig, "two boxes (medians 20.5, 19) and two lines, no candles"


CASES = [grouped, gallery, horizontal, pandas_bar, pandas_barh, unstack, years, hist2,
         pareto, rolling, kde, target, box_strip, gantt, waterfall, months, docs_width_7,
         one_sided, per_category, hist_bins, histplot_dodge, split_violin, boxes_hlines]


def summary(d):
    """What a chart says, in a line."""
    if not d:
        return "{}"
    if d.get("type") == "superchart":
        return "superchart[" + "; ".join(summary(c) for c in d["elements"]) + "]"
    kind = d["type"]
    els = d.get("elements") or []
    if kind == "bar":
        def one(e):
            base = e.get("base")
            return "%s%s=%g" % (e["label"], "@%s" % base if base is not None else "",
                                e["value"] if e["value"] is not None else float("nan"))
        text = "bar " + ", ".join(one(e) for e in els[:6]) + (" ..." if len(els) > 6 else "")
        if any("bin" in e for e in els[:1]):
            text += " bins " + ", ".join("%g..%g" % tuple(e["bin"]) for e in els[:3] if "bin" in e)
    elif kind in ("line", "scatter"):
        text = "%s %s" % (kind, ", ".join("%s(%d pts)" % (e["label"], len(e["points"]))
                                          for e in els))
    elif kind == "box_and_whisker":
        text = "box " + ", ".join("%s med %.3g" % (e["label"], e["median"]) for e in els)
    else:
        text = "%s (%d elements)" % (kind, len(els))
    refs = d.get("reference_lines")
    if refs:
        text += " + ref " + ", ".join("%s=%s" % (r.get("label"), r.get("value")) for r in refs)
    return text


def run(fn, fig):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return summary(fn(fig))
    except Exception as e:  # the extractor's failure is a result
        return "raised %s: %s" % (type(e).__name__, str(e)[:60])


def main():
    print("| idiom | the reader sees | chartex | e2b_charts %s |" % (
        "" if e2b else "(not installed)"))
    print("|---|---|---|---|")
    for case in CASES:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            fig, truth = case()
            fig.savefig(io.BytesIO(), format="png")
        ours = run(chartex.figure_to_dict, fig)
        theirs = run(e2b, fig) if e2b else "n/a"
        print("| %s | %s | %s | %s |" % (case.__name__, truth, ours, theirs))
        plt.close("all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
