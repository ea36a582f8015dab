#!/usr/bin/env python3
"""A gallery run of seaborn's example plots: does every Axes with data
give data?

    PYTHONPATH=BUILDDIR/python python3 tools/gallery_seaborn.py [-v]

seaborn's own examples (seaborn/examples/*.py) load their data with
sns.load_dataset, which needs the internet; these are the same plots drawn
from data generated here with a fixed seed, shaped like the datasets they
use (tips, penguins, fmri, flights, diamonds, iris...).  Each figure is
drawn (savefig, as a kernel does) and read with chartex.figure_to_dict.

An Axes "has data" when it holds a non-empty line, a collection with
points or paths, a patch of non-zero size or an image (colorbars aside).
It "gives data" when its chart (the figure's chart, or its panel of the
superchart) has elements or an image.  The table prints, per example, the
Axes with data, those that gave data, and the chart types; the exit status
is 1 when any Axes with data gave none.
"""
import argparse
import io
import os
import sys
import warnings

os.environ.setdefault("MPLBACKEND", "Agg")

import matplotlib  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import seaborn as sns  # noqa: E402

import chartex  # noqa: E402

SNS = tuple(int(p) for p in sns.__version__.split(".")[:2])
RNG = np.random.default_rng(2024)


# ------------------------------------------------------------------ data

def tips(n=244):
    day = RNG.choice(["Thur", "Fri", "Sat", "Sun"], n, p=[.25, .1, .35, .3])
    df = pd.DataFrame({
        "total_bill": np.round(RNG.gamma(4.5, 4.4, n), 2),
        "sex": RNG.choice(["Male", "Female"], n),
        "smoker": RNG.choice(["Yes", "No"], n),
        "day": pd.Categorical(day, ["Thur", "Fri", "Sat", "Sun"]),
        "time": np.where(np.isin(day, ["Thur", "Fri"]), "Lunch", "Dinner"),
        "size": RNG.integers(1, 7, n),
    })
    df["tip"] = np.round(df.total_bill * RNG.uniform(.08, .22, n) + .5, 2)
    return df


def penguins(n=300):
    species = RNG.choice(["Adelie", "Chinstrap", "Gentoo"], n)
    base = pd.Series(species).map({"Adelie": 38.8, "Chinstrap": 48.8, "Gentoo": 47.5})
    depth = pd.Series(species).map({"Adelie": 18.3, "Chinstrap": 18.4, "Gentoo": 15.0})
    mass = pd.Series(species).map({"Adelie": 3700, "Chinstrap": 3730, "Gentoo": 5070})
    return pd.DataFrame({
        "species": species,
        "island": RNG.choice(["Biscoe", "Dream", "Torgersen"], n),
        "bill_length_mm": base + RNG.normal(0, 2.8, n),
        "bill_depth_mm": depth + RNG.normal(0, 1.0, n),
        "flipper_length_mm": np.round(mass / 20 + RNG.normal(0, 6, n)),
        "body_mass_g": mass + RNG.normal(0, 450, n),
        "sex": RNG.choice(["Male", "Female"], n),
    })


def fmri():
    rows = []
    for subject in range(8):
        for event in ("stim", "cue"):
            for region in ("parietal", "frontal"):
                amp = .2 if event == "stim" else .05
                for t in range(19):
                    rows.append((f"s{subject}", t, event, region,
                                 amp * np.sin(t / 3) * np.exp(-t / 8) + RNG.normal(0, .03)))
    return pd.DataFrame(rows, columns=["subject", "timepoint", "event", "region", "signal"])


def flights():
    months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct",
              "Nov", "Dec"]
    rows = [(y, m, int(100 + (y - 1949) * 25 + 40 * np.sin(i / 2) + RNG.normal(0, 8)))
            for y in range(1949, 1961) for i, m in enumerate(months)]
    df = pd.DataFrame(rows, columns=["year", "month", "passengers"])
    df["month"] = pd.Categorical(df.month, months)
    return df


def diamonds(n=2000):
    carat = RNG.gamma(2, .4, n)
    return pd.DataFrame({
        "carat": carat,
        "price": np.exp(8 + 1.6 * np.log(carat) + RNG.normal(0, .3, n)),
        "cut": RNG.choice(["Ideal", "Premium", "Good", "Very Good", "Fair"], n),
        "clarity": RNG.choice(["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"], n),
    })


def iris(n=150):
    species = np.repeat(["setosa", "versicolor", "virginica"], n // 3)
    centre = pd.Series(species).map({"setosa": 0, "versicolor": 1, "virginica": 2}).to_numpy()
    return pd.DataFrame({
        "sepal_length": 5 + .8 * centre + RNG.normal(0, .4, n),
        "sepal_width": 3.4 - .3 * centre + RNG.normal(0, .3, n),
        "petal_length": 1.5 + 2.2 * centre + RNG.normal(0, .4, n),
        "petal_width": .25 + .9 * centre + RNG.normal(0, .2, n),
        "species": species,
    })


# Not drawn: regplot(logistic=True), lowess and robust fits need
# statsmodels, which neither supported pair installs; clustermap needs scipy.


def timeseries():
    idx = pd.date_range("2020-01-05", periods=60, freq="W-SUN")
    return pd.DataFrame(RNG.normal(0, 1, (60, 4)).cumsum(axis=0), index=idx,
                        columns=list("abcd"))


# -------------------------------------------------------------- examples
# Each returns a Figure; named after seaborn's examples where one exists.

def ex(fn):
    EXAMPLES.append(fn)
    return fn


def axes_ex(draw):
    """An example drawn on one Axes of a new figure: draw(ax)."""
    def example():
        fig, ax = plt.subplots()
        draw(ax)
        return fig
    example.__name__ = draw.__name__
    return ex(example)


EXAMPLES = []


@axes_ex
def grouped_boxplot(ax):
    sns.boxplot(data=tips(), x="day", y="total_bill", hue="smoker", ax=ax)


@axes_ex
def grouped_violinplots(ax):
    sns.violinplot(data=tips(), x="day", y="total_bill", hue="smoker", ax=ax)


@axes_ex
def split_violins(ax):
    sns.violinplot(data=tips(), x="day", y="total_bill", hue="sex", split=True, ax=ax)


@axes_ex
def horizontal_boxplot(ax):
    df = diamonds()
    sns.boxplot(data=df, x="price", y="clarity", ax=ax)


@axes_ex
def boxplot_with_strip(ax):
    df = tips()
    sns.boxplot(data=df, x="total_bill", y="day", ax=ax, whis=(0, 100))
    sns.stripplot(data=df, x="total_bill", y="day", size=4, color=".3", ax=ax)


@axes_ex
def boxenplot(ax):
    sns.boxenplot(data=diamonds(), x="clarity", y="carat", ax=ax)


@axes_ex
def errorband_lineplots(ax):
    sns.lineplot(data=fmri(), x="timepoint", y="signal", hue="region", style="event", ax=ax)


@axes_ex
def lineplot_hue_band(ax):
    sns.lineplot(data=fmri(), x="timepoint", y="signal", hue="event", ax=ax)


@axes_ex
def wide_data_lineplot(ax):
    sns.lineplot(data=timeseries(), palette="tab10", linewidth=2.5, ax=ax)


@ex
def timeseries_facets():
    g = sns.relplot(data=flights(), x="month", y="passengers", col="year", col_wrap=4,
                    kind="line", height=2)
    return g.figure


@axes_ex
def scatterplot_hue_size(ax):
    sns.scatterplot(data=tips(), x="total_bill", y="tip", hue="size", size="size", ax=ax)


@axes_ex
def scatterplot_categorical_hue(ax):
    sns.scatterplot(data=penguins(), x="bill_length_mm", y="bill_depth_mm",
                    hue="species", ax=ax)


@ex
def scatter_bubbles():
    g = sns.relplot(data=penguins(), x="bill_length_mm", y="body_mass_g", hue="species",
                    size="flipper_length_mm", sizes=(20, 200))
    return g.figure


@ex
def grouped_barplot():
    g = sns.catplot(data=penguins(), kind="bar", x="species", y="body_mass_g", hue="sex")
    return g.figure


@axes_ex
def barplot_hue(ax):
    sns.barplot(data=tips(), x="day", y="tip", hue="sex", ax=ax)


@axes_ex
def countplot(ax):
    sns.countplot(data=tips(), x="day", hue="time", ax=ax)


@axes_ex
def pointplot_anova(ax):
    sns.pointplot(data=tips(), x="day", y="tip", hue="sex", dodge=True, ax=ax)


@axes_ex
def stripplot(ax):
    sns.stripplot(data=tips(), x="day", y="total_bill", hue="sex", dodge=True, ax=ax)


@axes_ex
def swarmplot(ax):
    sns.swarmplot(data=tips().head(120), x="day", y="total_bill", hue="sex", ax=ax)


@axes_ex
def histogram_stacked(ax):
    sns.histplot(data=diamonds(), x="price", hue="cut", multiple="stack", log_scale=True,
                 ax=ax)


@axes_ex
def histplot_hue_layer(ax):
    sns.histplot(data=penguins(), x="flipper_length_mm", hue="species", ax=ax)


@axes_ex
def histplot_kde(ax):
    sns.histplot(data=penguins(), x="body_mass_g", kde=True, ax=ax)


@axes_ex
def kdeplot_hue(ax):
    sns.kdeplot(data=penguins(), x="body_mass_g", hue="species", ax=ax)


@axes_ex
def kdeplot_fill_stack(ax):
    sns.kdeplot(data=diamonds(), x="carat", hue="cut", multiple="fill", ax=ax)


@axes_ex
def ecdfplot(ax):
    sns.ecdfplot(data=penguins(), x="bill_length_mm", hue="species", ax=ax)


@axes_ex
def rugplot(ax):
    df = tips()
    sns.scatterplot(data=df, x="total_bill", y="tip", ax=ax)
    sns.rugplot(data=df, x="total_bill", y="tip", ax=ax)


@ex
def displot_facets():
    g = sns.displot(data=penguins(), x="flipper_length_mm", col="species", height=3)
    return g.figure


@axes_ex
def regplot(ax):
    sns.regplot(data=tips(), x="total_bill", y="tip", seed=0, ax=ax)


@axes_ex
def residplot(ax):
    sns.residplot(data=tips(), x="total_bill", y="tip", ax=ax)


@ex
def multiple_regression():
    g = sns.lmplot(data=penguins(), x="bill_length_mm", y="bill_depth_mm", hue="species",
                   seed=0, height=4)
    return g.figure


@ex
def anscombes_quartet():
    df = pd.DataFrame({"dataset": np.repeat(list("IJKL"), 11),
                       "x": np.tile(np.arange(4, 15, dtype=float), 4)})
    df["y"] = 3 + .5 * df.x + RNG.normal(0, 1, len(df))
    g = sns.lmplot(data=df, x="x", y="y", col="dataset", col_wrap=2, ci=None, height=3)
    return g.figure


@ex
def jointplot_scatter():
    g = sns.jointplot(data=penguins(), x="bill_length_mm", y="bill_depth_mm",
                      hue="species")
    return g.figure


@ex
def jointplot_reg():
    g = sns.jointplot(data=tips(), x="total_bill", y="tip", kind="reg", seed=0)
    return g.figure


@ex
def pairplot():
    g = sns.pairplot(iris(), hue="species", height=1.6)
    return g.figure


@ex
def pairgrid_mixed():
    g = sns.PairGrid(iris().drop(columns="species"), height=1.6, diag_sharey=False)
    g.map_upper(sns.scatterplot, s=10)
    g.map_lower(sns.regplot, scatter_kws={"s": 5}, ci=None)
    g.map_diag(sns.histplot)
    return g.figure


@ex
def facetgrid_scatter():
    g = sns.FacetGrid(tips(), col="time", row="sex", height=2.5)
    g.map_dataframe(sns.scatterplot, x="total_bill", y="tip")
    return g.figure


@ex
def catplot_box_facets():
    g = sns.catplot(data=tips(), x="day", y="total_bill", hue="smoker", col="time",
                    kind="box", height=3)
    return g.figure


@ex
def catplot_violin_facets():
    g = sns.catplot(data=tips(), x="day", y="total_bill", col="sex", kind="violin",
                    height=3)
    return g.figure


@axes_ex
def pandas_weekly_line(ax):
    timeseries().a.plot(ax=ax)


@axes_ex
def pandas_weekly_bar(ax):
    timeseries().a.head(12).plot.bar(ax=ax)


# --------------------------------------------------------------- the run

def _has_data(ax):
    from matplotlib.collections import Collection
    from matplotlib.patches import Rectangle

    if getattr(ax, "_colorbar", None) is not None:
        return False
    for line in ax.lines:
        if line.get_visible() and len(line.get_xdata()) > 0 and line.get_transform() == ax.transData:
            return True
    for coll in ax.collections:
        if coll.get_visible() and isinstance(coll, Collection) and (
                len(coll.get_offsets()) > 0 and coll.get_offset_transform() == ax.transData
                or len(coll.get_paths()) > 0 and coll.get_transform() == ax.transData):
            return True
    for patch in ax.patches:
        if not patch.get_visible():
            continue
        # Any other visible patch draws something; a Rectangle of zero size
        # (a legend's stand-in) does not.
        if not isinstance(patch, Rectangle) or (patch.get_width() != 0
                                                and patch.get_height() != 0):
            return True
    return bool(ax.images)


def _gives_data(chart):
    return bool(chart.get("elements")) or "image" in chart


def run_one(fn):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        fig = fn()
        fig.savefig(io.BytesIO())
    try:
        with_data = sum(_has_data(ax) for ax in fig.axes)
        d = chartex.figure_to_dict(fig)
    finally:
        plt.close("all")
    if not d:
        panels = []
    elif d["type"] == "superchart":
        panels = d["elements"]
    else:
        panels = [d]
    gave = sum(_gives_data(p) for p in panels)
    types = sorted({p["type"] for p in panels})
    return with_data, gave, types, d


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-v", "--verbose", action="store_true", help="print each chart's elements' labels")
    args = ap.parse_args(argv)
    print("seaborn %s, matplotlib %s, pandas %s" % (sns.__version__, matplotlib.__version__,
                                                   pd.__version__))
    print("%-28s %9s %6s  %s" % ("example", "with data", "gave", "types"))
    tot_with = tot_gave = failed = 0
    by_type = {}
    for fn in EXAMPLES:
        try:
            with_data, gave, types, d = run_one(fn)
        except Exception as e:  # report and go on
            print("%-28s ERROR %s: %s" % (fn.__name__, type(e).__name__, e))
            failed += 1
            continue
        tot_with += with_data
        tot_gave += min(gave, with_data)
        for t in types:
            by_type[t] = by_type.get(t, 0) + 1
        mark = "" if gave >= with_data else "   <-- missing data"
        if gave < with_data:
            failed += 1
        print("%-28s %9d %6d  %s%s" % (fn.__name__, with_data, gave, ",".join(types), mark))
        if args.verbose:
            panels = d.get("elements", []) if d.get("type") == "superchart" else [d]
            for p in panels:
                labels = [e.get("group", e.get("label")) for e in p.get("elements", [])]
                print("    %s: %s" % (p.get("type"), sorted(set(map(str, labels)))[:8]))
    print("total: %d examples, %d Axes with data, %d gave data; chart types %s; %d failing"
          % (len(EXAMPLES), tot_with, tot_gave,
             ", ".join("%s %d" % kv for kv in sorted(by_type.items())), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
