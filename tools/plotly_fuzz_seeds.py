#!/usr/bin/env python3
"""Writes the seed corpus of the Plotly fuzz target (fuzz/fuzz_plotly.c):
one small JSON form of a Plotly figure per file, for every trace family
the reader has a room for.

    python tools/plotly_fuzz_seeds.py [OUT_DIR]     (default: fuzz/plotly-seeds)

The seeds are the Plotly golden fixtures (fixtures/plotly/) and one figure
of each other family the tests draw, as fig.to_json() writes them (base64
typed arrays for NumPy arrays with plotly 6 and later; plain lists too),
without the layout's template (plotly's default one is larger than the
rest of a figure, and the reader never reads it). Each seed stays under
4 KiB, libFuzzer's default -max_len.
"""
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent


def figures():
    import plotly.graph_objects as go
    from plotly.subplots import make_subplots

    sys.path.insert(0, str(ROOT / "python"))
    from chartex._golden import runner as _golden

    for path in _golden.fixture_paths(ROOT / "fixtures" / "plotly"):
        yield "fixture_" + path.stem, _golden.load_fixture(path).make_figure()
    x = np.linspace(0, 1, 12)
    yield "scatter", go.Figure([go.Scatter(x=x, y=x ** 2, mode="lines", name="a",
                                           error_y=dict(array=x / 10)),
                                go.Scatter(x=x, y=x, fill="tonexty", stackgroup="s")])
    yield "scatter_dates", go.Figure(go.Scatter(x=["2024-01-01", "2024-02-01"], y=[1, 2]))
    yield "bar", go.Figure([go.Bar(x=["a", "b"], y=[1, 2], base=[0, 1]),
                            go.Bar(y=["a", "b"], x=[3, 1], orientation="h")],
                           layout=dict(barmode="stack"))
    yield "histogram", go.Figure(go.Histogram(x=np.sin(x * 20), nbinsx=5, histnorm="percent",
                                              cumulative=dict(enabled=True)))
    yield "histogram2d", go.Figure(go.Histogram2d(x=x, y=x[::-1], nbinsx=3, nbinsy=3))
    yield "box", go.Figure([go.Box(y=x, x=["p", "q"] * 6, boxpoints="all"),
                            go.Violin(y=x, name="v")])
    yield "heatmap", go.Figure(go.Heatmap(z=np.outer(x[:4], x[:3]), x=["a", "b", "c"]))
    yield "contour", go.Figure(go.Contour(z=np.outer(x[:5], x[:5]),
                                          contours=dict(start=0, end=1, size=0.25)))
    yield "pie", go.Figure(go.Pie(labels=["u", "v", "u"], values=[1, 2, 3], hole=0.3))
    yield "scene", go.Figure([go.Scatter3d(x=x[:4], y=x[:4], z=x[:4]),
                              go.Surface(z=np.outer(x[:3], x[:3]))])
    fig = make_subplots(rows=1, cols=2, specs=[[{"type": "polar"}, {"type": "domain"}]])
    fig.add_trace(go.Barpolar(r=[1, 2], theta=[0, 90], width=[20, 20]), 1, 1)
    fig.add_trace(go.Sunburst(ids=[1, 2, 3], labels=["a", "b", "c"], parents=["", 1, 1],
                              values=np.array([5.0, 2.0, 3.0]), branchvalues="total"), 1, 2)
    yield "polar_sunburst", fig
    yield "waterfall_h", go.Figure(go.Waterfall(orientation="h", y=["a", "b", "c"],
                                                x=np.array([5.0, -2.0, 0.0]),
                                                measure=["absolute", "relative", "total"],
                                                base=10))
    yield "table_numpy", go.Figure(go.Table(header=dict(values=["a", "b"]),
                                            cells=dict(values=np.arange(6.0).reshape(2, 3))))
    yield "densitymapbox", {"data": [{"type": "densitymapbox", "lat": [1, 2], "lon": [3, 4],
                                      "z": [5, 6]}]}


def as_text(fig):
    d = fig if isinstance(fig, dict) else json.loads(fig.to_json())
    d.get("layout", {}).pop("template", None)
    return json.dumps(d, separators=(",", ":"), ensure_ascii=False)


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else ROOT / "fuzz" / "plotly-seeds"
    out.mkdir(parents=True, exist_ok=True)
    for name, fig in figures():
        text = as_text(fig)
        if len(text.encode("utf-8")) > 4096:
            print("%s: %d bytes, over 4 KiB: left out" % (name, len(text)), file=sys.stderr)
            continue
        (out / (name + ".json")).write_text(text + "\n", encoding="utf-8")
    print("%d seeds in %s" % (len(list(out.glob("*.json"))), out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
