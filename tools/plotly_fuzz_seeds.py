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
    # issue 31: shapes, error bars on bars, points beside boxes, strips,
    # violins, colour axes and the families read since
    fig = go.Figure(go.Scatter(x=["2024-01-01", "2024-01-05"], y=[1, 3]))
    fig.add_hline(y=2, annotation_text="target")
    fig.add_vrect(x0="2024-01-02", x1="2024-01-03")
    fig.add_shape(type="line", x0="2024-01-01", y0=0, x1="2024-01-05", y1=4)
    fig.add_shape(type="circle", x0="2024-01-02", y0=1, x1="2024-01-03", y1=2)
    fig.add_shape(type="path", path="M 1 1 L 2 2 Q 3 1 4 2 C 5 3 6 1 7 2 Z")
    fig.add_shape(type="rect", xref="paper", yref="y", x0=0, x1=1, y0=1, y1=2,
                  label=dict(text="band"))
    yield "shapes", fig
    yield "bar_errors", go.Figure([
        go.Bar(x=["a", "b"], y=[1, 2], error_y=dict(type="percent", value=10)),
        go.Bar(x=["a", "b"], y=[3, 1], error_y=dict(array=[0.5, 0.2], arrayminus=[0.1, 0.3])),
        go.Bar(y=["a", "b"], x=[3, 1], orientation="h", error_x=dict(type="sqrt", visible=True))],
        layout=dict(barmode="stack"))
    yield "strip_violin", go.Figure([
        go.Box(y=x, x=["p"] * 12, boxpoints="all", line=dict(width=0),
               fillcolor="rgba(255,255,255,0)"),
        go.Violin(y=x, box=dict(visible=True), points="all", meanline=dict(visible=True)),
        go.Box(y=x, boxmean="sd", boxpoints="suspectedoutliers")])
    yield "coloraxis", go.Figure([go.Heatmap(z=[[1, 2], [3, 4]], coloraxis="coloraxis"),
                                  go.Histogram2dContour(x=x, y=x, coloraxis="coloraxis")],
                                 layout=dict(coloraxis=dict(cmin=-1, cmax=5, cmid=0)))
    yield "splom", go.Figure(go.Splom(dimensions=[dict(label="p", values=x[:5]),
                                                  dict(label="q", values=x[:5] ** 2),
                                                  dict(label="r", values=x[:5], visible=False)],
                                      showupperhalf=False))
    yield "image", go.Figure([go.Image(z=np.arange(12).reshape(2, 2, 3), x0=1, dy=2)])
    yield "image_png", {"data": [{"type": "image", "source": png_uri()}]}
    yield "volumes", go.Figure([
        go.Mesh3d(x=[0, 1, 0], y=[0, 0, 1], z=[0, 1, 0], i=[0], j=[1], k=[2], intensity=[1, 2, 3]),
        go.Isosurface(x=[0, 1, 0, 1], y=[0, 0, 1, 1], z=[0, 0, 0, 0], value=[1, 2, 3, 4],
                      isomin=1, isomax=3, surface_count=2),
        go.Cone(x=[1], y=[1], z=[1], u=[1], v=[0], w=[0]),
        go.Streamtube(x=[0, 1], y=[0, 1], z=[0, 1], u=[1, 1], v=[0, 0], w=[0, 0],
                      starts=dict(x=[0], y=[0], z=[0]))])
    yield "carpet", go.Figure([
        go.Carpet(carpet="c", a=[1, 1, 2, 2], b=[1, 2, 1, 2], y=[1, 2, 3, 4],
                  aaxis=dict(title="a"), baxis=dict(title="b")),
        go.Scattercarpet(carpet="c", a=[1, 2], b=[1.5, 1.5], mode="markers"),
        go.Contourcarpet(carpet="c", a=[1, 2], b=[1, 2], z=[[1, 2], [3, 4]])])
    yield "ternary_smith", go.Figure([
        go.Scatterternary(a=[1, 2], b=[1, 1], c=[2, 1], mode="markers"),
        go.Scattersmith(real=[0.5, 1], imag=[0.5, -1])],
        layout=dict(ternary=dict(sum=100)))


def png_uri():
    """A 3 x 2 RGB PNG as the data URI px.imshow writes (zlib, chunks with
    their CRCs, filter 0 and 1 rows)."""
    import base64
    import struct
    import zlib

    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    rows = b"\x00" + bytes(range(9)) + b"\x01" + bytes([10, 20, 30, 1, 1, 1, 2, 2, 2])
    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 3, 2, 8, 2, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))
    return "data:image/png;base64," + base64.b64encode(png).decode()


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
