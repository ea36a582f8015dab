"""Large series at the memory floor: chartex's e2b/chart of a figure beside
NumPy's own pass over the same arrays, in one process, interleaved.

    make bench-series                        (BENCH_QUICK=1: fewer runs)
    PYTHONPATH=BUILDDIR/python python3 bench/bench_series.py [--runs N]

For each figure (drawn first, as a kernel draws it before the formatter
runs):

  numpy     what reading the series costs at the least: every line's
            get_xydata() (a scatter's get_offsets(); a Plotly trace's x and
            y arrays), and the lowest and highest x and y of each, by NumPy
  chartex   chartex.figure_to_dict(fig, **formatter's bounds): the chart
            the kernel formatter sends (chartex.ipython.ChartFormatter's
            chart_options()), a few thousand points that keep each
            series' extremes
  to_json   for a Plotly figure, plotly's own fig.to_json(), which every
            display of a Plotly figure pays

Each is the best of --runs calls, the runs of the three taken in turn.  The
ratio chartex / numpy is the target (at most 2).  A benchmark, not a test:
it never fails on a number.
"""
import argparse
import gc
import json
import sys
import time

import numpy as np


def mpl_figures():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import pandas as pd

    rng = np.random.default_rng(0)

    def line2x1m():
        fig, ax = plt.subplots()
        x = np.arange(1_000_000)
        for k in range(2):
            ax.plot(x, np.cumsum(rng.normal(size=x.size)), label="s%d" % k)
        ax.legend()
        return fig

    def scatter1m():
        fig, ax = plt.subplots()
        ax.scatter(rng.normal(size=1_000_000), rng.normal(size=1_000_000), s=1)
        return fig

    def dateline1m():
        fig, ax = plt.subplots()
        t = pd.date_range("2020-01-01", periods=1_000_000, freq="min")
        ax.plot(t, np.cumsum(rng.normal(size=t.size)))
        return fig

    return [("line 2x1M", line2x1m, 2_000_000), ("scatter 1M", scatter1m, 1_000_000),
            ("date line 1M", dateline1m, 1_000_000)]


def mpl_numpy_pass(fig):
    """Every line's and scatter's points read and their extremes found."""
    for ax in fig.axes:
        arrays = [line.get_xydata() for line in ax.get_lines()]
        arrays += [c.get_offsets() for c in ax.collections]
        for xy in arrays:
            xy[:, 0].min()
            xy[:, 0].max()
            xy[:, 1].min()
            xy[:, 1].max()


def plotly_figures():
    try:
        import plotly.graph_objects as go
    except ImportError:
        return []
    rng = np.random.default_rng(1)

    def scattergl2m():
        n = 2_000_000
        return go.Figure(go.Scattergl(x=np.arange(n, dtype=float), y=np.cumsum(rng.normal(size=n)),
                                      mode="lines"))

    def scatter1m():
        n = 1_000_000
        return go.Figure(go.Scattergl(x=rng.normal(size=n), y=rng.normal(size=n), mode="markers"))

    return [("plotly scattergl 2M", scattergl2m, 2_000_000),
            ("plotly scattergl markers 1M", scatter1m, 1_000_000)]


def plotly_numpy_pass(fig):
    for tr in fig.data:
        for v in (tr.x, tr.y):
            a = np.asarray(v)
            a.min()
            a.max()


def best(fn, runs):
    times = []
    for _ in range(runs):
        enabled = gc.isenabled()
        gc.disable()
        try:
            t = time.perf_counter()
            fn()
            times.append(time.perf_counter() - t)
        finally:
            if enabled:
                gc.enable()
    return min(times)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, default=7)
    p.add_argument("--quick", action="store_true")
    p.add_argument("--json", default=None, help="write the measurements here")
    a = p.parse_args(argv)
    runs = 3 if a.quick else a.runs

    import chartex
    from chartex.ipython import ChartFormatter

    opts = ChartFormatter().chart_options()
    import matplotlib

    print("chartex %s series benchmark: Python %s, NumPy %s, matplotlib %s%s"
          % (chartex.__version__, sys.version.split()[0], np.__version__, matplotlib.__version__,
             ", plotly " + __import__("plotly").__version__ if plotly_figures() else ""))
    print("the formatter's bounds: %s; best of %d runs, milliseconds" % (opts, runs))
    rows, saved = [], {}
    figures = [(n, f, p, "mpl") for n, f, p in mpl_figures()] + \
              [(n, f, p, "plotly") for n, f, p in plotly_figures()]
    for name, make, points, kind in figures:
        fig = make()
        if kind == "mpl":
            fig.canvas.draw()
            npass = lambda: mpl_numpy_pass(fig)  # noqa: E731
        else:
            npass = lambda: plotly_numpy_pass(fig)  # noqa: E731
        conv = lambda: chartex.figure_to_dict(fig, **opts)  # noqa: E731
        conv()
        times = {"numpy": [], "chartex": [], "to_json": []}
        for _ in range(runs):
            times["numpy"].append(best(npass, 1))
            times["chartex"].append(best(conv, 1))
            if kind == "plotly":
                times["to_json"].append(best(fig.to_json, 1))
        t = {k: min(v) * 1e3 if v else None for k, v in times.items()}
        size = len(json.dumps(conv(), separators=(",", ":")).encode())
        rows.append([name, "{:,}".format(points), "%.2f" % t["numpy"], "%.2f" % t["chartex"],
                     "%.2f" % (t["chartex"] / t["numpy"]),
                     "%.1f" % t["to_json"] if t["to_json"] else "-",
                     "%.2f" % (t["chartex"] / t["to_json"]) if t["to_json"] else "-",
                     "{:,}".format(size)])
        saved[name] = dict(t, points=points, chart_bytes=size)
        if kind == "mpl":
            import matplotlib.pyplot as plt
            plt.close(fig)
    head = ["figure", "points", "numpy ms", "chartex ms", "chartex/numpy", "to_json ms",
            "chartex/to_json", "chart bytes"]
    widths = [max(len(str(r[i])) for r in [head] + rows) for i in range(len(head))]
    for r in [head, ["-" * w for w in widths]] + rows:
        print("  ".join(str(c).rjust(w) if i else str(c).ljust(w)
                        for i, (c, w) in enumerate(zip(r, widths))))
    print("\ntarget: chartex/numpy <= 2 on every figure")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(saved, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
