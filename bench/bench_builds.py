#!/usr/bin/env python3
"""Two builds of chartex side by side, one run (`make bench-builds
OLD=<old build>/python`): is any figure slower?

    python bench/bench_builds.py OLD_PYTHONPATH NEW_PYTHONPATH [--rounds N] [--quick]

Each build runs in child processes of its own (one interpreter cannot
import two builds of one package).  The figures are bench.py's (the same
set `make bench` times) and a few Plotly figures of bench_plotly.py's
kind; each child builds them, draws the matplotlib ones (as a kernel
does), and prints the best time of figure_to_dict and figure_to_json for
each.  Children of the two builds alternate, N rounds each, old first in
odd rounds and new first in even ones, so that the machine's drift and
noise fall on both alike.  The table gives each build's best over all
rounds and the ratio new / old; on a shared machine ratios within 0.9 to
1.1 are noise.
"""
import argparse
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))

CHILD = r"""
import gc, io, json, sys, time, warnings
sys.path.insert(0, %(here)r)
import matplotlib
matplotlib.use("Agg")
import bench
import chartex

quick = %(quick)r
figs = [(name, make) for name, make in bench.FIGURES
        if not (quick and ("1M" in name or "100k" in name))]
plotly = []
try:
    import numpy as np
    import plotly.graph_objects as go
    n = 10_000 if quick else 200_000
    x = np.arange(n)
    plotly = [
        ("plotly line %%d" %% n, lambda: go.Figure(go.Scattergl(x=x, y=np.sin(x / 50.0)))),
        ("plotly bars 3x200", lambda: go.Figure([go.Bar(x=list(range(200)), y=np.arange(200.0) + k)
                                                 for k in range(3)])),
        ("plotly histogram 100k", lambda: go.Figure(go.Histogram(x=np.random.default_rng(1).normal(size=100_000)))),
        ("plotly heatmap 300x300", lambda: go.Figure(go.Heatmap(z=np.random.default_rng(2).random((300, 300))))),
    ]
except ImportError:
    pass

def best(fn, arg, reps):
    # The best of at least reps calls and of 0.2 s of calls (a figure of a
    # fraction of a millisecond needs hundreds to find its best), the
    # collector off while they run.
    t, n, spent = float("inf"), 0, 0.0
    gc.collect()
    gc.disable()
    try:
        while n < reps or (spent < 0.2 and n < 2000):
            t0 = time.perf_counter()
            fn(arg)
            dt = time.perf_counter() - t0
            t, n, spent = min(t, dt), n + 1, spent + dt
    finally:
        gc.enable()
    return t

out = {}
for name, make in figs + plotly:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        fig = make()
        if hasattr(fig, "savefig"):
            fig.savefig(io.BytesIO(), format="png")
        reps = 3 if ("1M" in name or "100k" in name or "200000" in name) else 7
        out[name] = (best(chartex.figure_to_dict, fig, reps),
                     best(chartex.figure_to_json, fig, reps))
        if hasattr(fig, "savefig"):
            import matplotlib.pyplot as plt
            plt.close("all")
print(json.dumps(out))
"""


def run_child(pythonpath, quick):
    env = dict(os.environ, PYTHONPATH=pythonpath, MPLBACKEND="Agg")
    code = CHILD % {"here": HERE, "quick": quick}
    res = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                         text=True, timeout=3600)
    if res.returncode != 0:
        sys.exit("child with PYTHONPATH=%s failed:\n%s" % (pythonpath, res.stderr[-3000:]))
    return json.loads(res.stdout.strip().splitlines()[-1])


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("old")
    p.add_argument("new")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--quick", action="store_true")
    a = p.parse_args(argv)
    best = {"old": {}, "new": {}}
    t0 = time.time()
    for r in range(a.rounds):
        order = ("old", "new") if r % 2 == 0 else ("new", "old")
        for which in order:
            res = run_child(getattr(a, which), a.quick)
            for name, (td, tj) in res.items():
                bd, bj = best[which].get(name, (float("inf"), float("inf")))
                best[which][name] = (min(bd, td), min(bj, tj))
    print("old: %s\nnew: %s\n%d rounds of each, alternating, %.0f s\n" % (
        a.old, a.new, a.rounds, time.time() - t0))
    print("%-26s %11s %11s %7s   %11s %11s %7s" % (
        "figure", "dict old", "dict new", "ratio", "json old", "json new", "ratio"))
    worst = 0.0
    for name in best["old"]:
        if name not in best["new"]:
            continue
        (od, oj), (nd, nj) = best["old"][name], best["new"][name]
        rd, rj = nd / od, nj / oj
        worst = max(worst, rd, rj)
        print("%-26s %9.3f ms %9.3f ms %7.3f   %9.3f ms %9.3f ms %7.3f" % (
            name, od * 1e3, nd * 1e3, rd, oj * 1e3, nj * 1e3, rj))
    print("\nworst ratio new/old: %.3f" % worst)
    return 0


if __name__ == "__main__":
    sys.exit(main())
