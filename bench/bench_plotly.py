"""What reading a Plotly figure costs, side by side in one run with
plotly's own serialisation of the same figure (fig.to_json(), which every
display of a Plotly figure already pays): make bench-plotly.

For a line of N points (numpy arrays, as plotly express passes them), the
best of REPEAT runs of:
  plotly fig.to_json()                      plotly's own JSON
  chartex figure_to_json(fig)               every point
  chartex figure_to_json(fig, max_points)   the formatter's bound
  chartex figure_to_json(json.loads(...))   the write_json form (typed arrays)
and each chartex time as a ratio to plotly's.  --quick: 100,000 points.
"""
import json
import sys
import time

import numpy as np

import chartex

try:
    import plotly.graph_objects as go
except ImportError:
    sys.exit("bench_plotly needs plotly (pip install plotly)")

REPEAT = 3


def best(f):
    t = float("inf")
    for _ in range(REPEAT):
        t0 = time.perf_counter()
        f()
        t = min(t, time.perf_counter() - t0)
    return t


def main(argv):
    n = 100_000 if "--quick" in argv else 1_000_000
    y = np.random.default_rng(0).normal(size=n)
    fig = go.Figure(go.Scattergl(x=np.arange(n, dtype=float), y=y, mode="lines"))
    as_json = json.loads(fig.to_json())
    # The same chart from the figure and from its JSON form.
    assert chartex.figure_to_dict(as_json, max_points=4000) == \
        chartex.figure_to_dict(fig, max_points=4000)
    base = best(fig.to_json)
    rows = [
        ("plotly fig.to_json()", base),
        ("chartex figure_to_json(fig)", best(lambda: chartex.figure_to_json(fig))),
        ("chartex figure_to_json(fig, max_points=4000)",
         best(lambda: chartex.figure_to_json(fig, max_points=4000))),
        ("chartex figure_to_json(write_json dict, max_points=4000)",
         best(lambda: chartex.figure_to_json(as_json, max_points=4000))),
    ]
    print("%d points, plotly %s, best of %d" % (n, __import__("plotly").__version__, REPEAT))
    print("| what | seconds | x plotly's to_json |")
    print("|---|--:|--:|")
    for what, t in rows:
        print("| %s | %.3f | %.2f |" % (what, t, t / base))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
