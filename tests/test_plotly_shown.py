"""What a Plotly picture shows that issue 31 reads (doc/schema.md, "Plotly
figures"): shapes as reference lines and shapes, error bars on bars, the
points beside boxes and violins, px.strip's points, violins as violins,
colour-axis ranges, and the families read as nothing before (splom,
histogram2dcontour, image, the 3-D volumes, carpet, ternary, smith).
Each against the figure's own arrays, in the px idioms users write and the
go forms; every chart goes through the `pchart` fixture (its two JSON
forms give the same chart, the schema validates it, E2B's client reads
it)."""
import math

import numpy as np
import pytest

go = pytest.importorskip("plotly.graph_objects", reason="plotly is not installed")
px = pytest.importorskip("plotly.express")
pd = pytest.importorskip("pandas")
import plotly  # noqa: E402
from plotly.subplots import make_subplots  # noqa: E402

PLOTLY = tuple(int(p) for p in plotly.__version__.split(".")[:2])


def charts(d):
    """The charts of d (its superchart's, or d itself)."""
    return d["elements"] if d.get("type") == "superchart" else [d]


def hazen(v, q):
    return float(np.percentile(np.asarray(v, float), q, method="hazen"))


# ------------------------------------------------------------------ shapes

def test_hline_vrect_and_a_line_shape_are_reference_lines(pchart):
    x, y = [1.0, 2.0, 3.0, 4.0], [2.0, 4.0, 3.0, 5.0]
    fig = px.scatter(x=x, y=y)
    fig.add_hline(y=3.75, annotation_text="target")
    fig.add_vline(x=2.5)
    fig.add_vrect(x0=1.5, x1=2.25, annotation_text="window")
    fig.add_hrect(y0=2.5, y1=3.0)
    fig.add_shape(type="line", x0=0, y0=0, x1=5, y1=5)     # predicted = actual
    d = pchart(fig)
    assert d["type"] == "scatter"
    assert [list(p) for p in d["elements"][0]["points"]] == [list(p) for p in zip(x, y)]
    assert d["reference_lines"] == [
        {"label": "target", "axis": "y", "value": 3.75},
        {"label": None, "axis": "x", "value": 2.5},
        {"label": "window", "axis": "x", "from": 1.5, "to": 2.25},
        {"label": None, "axis": "y", "from": 2.5, "to": 3.0},
        {"label": None, "points": [[0.0, 0.0], [5.0, 5.0]], "segment": True},
    ]


def test_vline_on_a_date_axis_and_a_category_axis(pchart):
    days = pd.date_range("2024-01-01", periods=20)
    fig = px.line(x=days, y=np.arange(20.0))
    fig.add_vline(x="2024-01-10")
    fig.add_vrect(x0=days[2], x1=days[4])
    d = pchart(fig)
    assert d["reference_lines"][0] == {"label": None, "axis": "x",
                                       "value": "2024-01-10T00:00:00"}
    assert d["reference_lines"][1] == {"label": None, "axis": "x",
                                       "from": "2024-01-03T00:00:00",
                                       "to": "2024-01-05T00:00:00"}
    fig = px.bar(x=["a", "b", "c"], y=[1, 3, 2])
    fig.add_vline(x="b")
    fig.add_hline(y=2, line_dash="dot", annotation_text="mean")
    d = pchart(fig)
    assert d["reference_lines"] == [{"label": None, "axis": "x", "value": "b"},
                                    {"label": "mean", "axis": "y", "value": 2.0}]


def test_reference_lines_per_subplot(pchart):
    fig = make_subplots(rows=1, cols=2)
    fig.add_trace(go.Scatter(y=[1, 2, 3]), 1, 1)
    fig.add_trace(go.Scatter(y=[5, 6, 7]), 1, 2)
    fig.add_hline(y=2.5, row=1, col=1, annotation_text="left")
    fig.add_hline(y=6.5, row=1, col=2, annotation_text="right")
    left, right = charts(pchart(fig))
    assert left["reference_lines"] == [{"label": "left", "axis": "y", "value": 2.5}]
    assert right["reference_lines"] == [{"label": "right", "axis": "y", "value": 6.5}]


def test_shapes_by_the_written_rule(pchart):
    fig = go.Figure(go.Scatter(x=[0, 10], y=[0, 10]))
    fig.add_shape(type="rect", x0=1, y0=2, x1=3, y1=5)                       # data both
    fig.add_shape(type="rect", xref="paper", yref="paper", x0=0, y0=0, x1=1, y1=1)
    fig.add_shape(type="line", xref="x", yref="paper", x0=1, x1=2, y0=0, y1=1)  # slanted
    fig.add_shape(type="line", x0=4, x1=4, y0=0, y1=1, visible=False)
    fig.add_shape(type="circle", x0=6, y0=6, x1=8, y1=8)
    d = pchart(fig)
    assert "reference_lines" not in d
    rect, circle = d["shapes"]
    (poly,) = rect["polygons"]
    assert sorted({tuple(p) for p in poly}) == [(1.0, 2.0), (1.0, 5.0), (3.0, 2.0), (3.0, 5.0)]
    pts = np.array(circle["polygons"][0])
    assert np.allclose(np.hypot(pts[:, 0] - 7, pts[:, 1] - 7), 1.0)


def test_shapes_alone_make_their_axes(pchart):
    fig = go.Figure()
    fig.add_shape(type="rect", x0=0, y0=0, x1=2, y1=1)
    fig.add_shape(type="line", x0=0, y0=0, x1=2, y1=1)
    d = pchart(fig)
    assert d["type"] == "unknown"
    assert d["reference_lines"] == [{"label": None, "points": [[0.0, 0.0], [2.0, 1.0]],
                                     "segment": True}]
    assert len(d["shapes"]) == 1


# --------------------------------------------------------- error bars on bars

def test_px_bar_error_y_from_a_column(pchart):
    df = pd.DataFrame({"x": ["a", "b", "c"], "y": [1.0, 2.5, 3.0], "sd": [0.1, 0.4, 0.3]})
    d = pchart(px.bar(df, x="x", y="y", error_y="sd"))
    assert d["type"] == "bar"
    for el, (_, row) in zip(d["elements"], df.iterrows()):
        assert el["label"] == row.x and el["value"] == row.y
        assert el["y_error"] == pytest.approx([row.y - row.sd, row.y + row.sd], rel=1e-12)


@pytest.mark.parametrize("spec, lo, hi", [
    (dict(type="percent", value=10), [0.9, 1.8, 3.6], [1.1, 2.2, 4.4]),
    (dict(type="constant", value=0.5), [0.5, 1.5, 3.5], [1.5, 2.5, 4.5]),
    # (plotly.js shows sqrt error bars only when told: no array, no value)
    (dict(type="sqrt", visible=True), [0.0, 2 - math.sqrt(2), 2.0], [2.0, 2 + math.sqrt(2), 6.0]),
    (dict(type="data", array=[0.1, 0.2, 0.3], arrayminus=[0.3, 0.2, 0.1]),
     [0.7, 1.8, 3.9], [1.1, 2.2, 4.3]),
])
def test_go_bar_error_kinds(pchart, spec, lo, hi):
    d = pchart(go.Figure(go.Bar(x=["p", "q", "r"], y=[1, 2, 4], error_y=spec)))
    for el, a, b in zip(d["elements"], lo, hi):
        assert el["y_error"] == pytest.approx([a, b], rel=1e-12, abs=1e-12)


def test_horizontal_bar_error_x(pchart):
    d = pchart(go.Figure(go.Bar(y=["p", "q"], x=[3, 5], orientation="h",
                                error_x=dict(type="data", array=[1, 2]))))
    assert d["orientation"] == "horizontal"
    assert [el["x_error"] for el in d["elements"]] == [[2.0, 4.0], [3.0, 7.0]]


def test_bar_without_error_bars_has_none(pchart):
    d = pchart(go.Figure(go.Bar(x=["p"], y=[1], error_y=dict(array=[1], visible=False))))
    assert "y_error" not in d["elements"][0]


# ------------------------------------------------------- boxes, violins, strips

TIPS = [16.99, 10.34, 21.01, 23.68, 24.59, 25.29, 8.77, 26.88, 15.04, 14.78, 10.27]


def test_px_box_points_all_gives_every_sample(pchart):
    df = pd.DataFrame({"bill": TIPS})
    d = pchart(px.box(df, y="bill", points="all"))
    (el,) = d["elements"]
    assert el["samples"] == TIPS
    assert el["median"] == pytest.approx(hazen(TIPS, 50), rel=1e-12)


def test_box_outliers_only_have_no_samples(pchart):
    d = pchart(go.Figure(go.Box(y=TIPS + [80.0], boxpoints="outliers")))
    (el,) = d["elements"]
    assert "samples" not in el and el["outliers"] == [80.0]


def test_box_mean_is_given_with_boxmean(pchart):
    d = pchart(go.Figure(go.Box(y=TIPS, boxmean=True)))
    assert d["elements"][0]["mean"] == pytest.approx(np.mean(TIPS), rel=1e-12)


def test_px_strip_is_its_points(pchart):
    df = pd.DataFrame({"day": ["Sat"] * 5 + ["Sun"] * 6, "bill": TIPS})
    d = pchart(px.strip(df, x="day", y="bill"))
    assert d["type"] == "scatter"
    pts = [p for el in d["elements"] for p in el["points"]]
    assert sorted(map(tuple, pts)) == sorted(zip(df.day, df.bill))
    assert "first_quartile" not in str(d)


def test_px_violin_with_box(pchart):
    rng = np.random.default_rng(4)
    df = pd.DataFrame({"g": ["a"] * 30 + ["b"] * 25,
                       "v": np.concatenate([rng.normal(0, 1, 30), rng.normal(3, 2, 25)])})
    d = pchart(px.violin(df, x="g", y="v", box=True))
    assert d["type"] == "box_and_whisker" and d["violin"] is True
    for el, (name, grp) in zip(d["elements"], df.groupby("g")):
        v = grp.v.to_numpy()
        assert el["label"] == name
        assert el["median"] == pytest.approx(hazen(v, 50), rel=1e-9)
        assert el["first_quartile"] == pytest.approx(hazen(v, 25), rel=1e-9)
        assert el["third_quartile"] == pytest.approx(hazen(v, 75), rel=1e-9)


def test_violin_without_box_draws_no_quartiles(pchart):
    v = [1.0, 2.0, 2.5, 3.0, 7.0]
    d = pchart(px.violin(y=v, points="all"))
    (el,) = d["elements"]
    assert d["violin"] is True
    assert el["first_quartile"] is None and el["median"] is None
    assert el["samples"] == v


# ------------------------------------------------------------ colour axes

def test_px_imshow_corr_takes_the_colour_axis_range(pchart):
    rng = np.random.default_rng(0)
    corr = pd.DataFrame(rng.normal(size=(30, 3)), columns=list("abc")).corr()
    extra = {"text_auto": ".2f"} if PLOTLY >= (5, 5) else {}    # (new in plotly 5.5)
    try:
        fig = px.imshow(corr, zmin=-1, zmax=1, **extra)
    except AttributeError:      # plotly 5.4's px.imshow asks NumPy >= 1.24 for np.bool
        fig = go.Figure(go.Heatmap(z=corr.to_numpy(), x=list(corr.columns),
                                   y=list(corr.index), coloraxis="coloraxis"),
                        layout=dict(coloraxis=dict(cmin=-1, cmax=1)))
    d = pchart(fig)
    h = d["heatmap"]
    assert (h["vmin"], h["vmax"]) == (-1.0, 1.0)
    assert np.allclose(h["values"], corr.to_numpy())


def test_zmid_makes_the_range_symmetric(pchart):
    z = [[-1.0, 2.0], [0.5, 3.0]]
    d = pchart(go.Figure(go.Heatmap(z=z, zmid=0)))
    assert (d["heatmap"]["vmin"], d["heatmap"]["vmax"]) == (-3.0, 3.0)
    d = pchart(go.Figure(go.Heatmap(z=z, zmin=0, zmax=10)))
    assert (d["heatmap"]["vmin"], d["heatmap"]["vmax"]) == (0.0, 10.0)


def test_shared_coloraxis_spans_every_trace(pchart):
    fig = make_subplots(rows=1, cols=2)
    fig.add_trace(go.Heatmap(z=[[1, 2]], coloraxis="coloraxis"), 1, 1)
    fig.add_trace(go.Heatmap(z=[[5, 9]], coloraxis="coloraxis"), 1, 2)
    left, right = charts(pchart(fig))
    assert (left["heatmap"]["vmin"], left["heatmap"]["vmax"]) == (1.0, 9.0)
    assert (right["heatmap"]["vmin"], right["heatmap"]["vmax"]) == (1.0, 9.0)
    fig.update_layout(coloraxis=dict(cmin=0, cmax=20))
    left, right = charts(pchart(fig))
    assert (right["heatmap"]["vmin"], right["heatmap"]["vmax"]) == (0.0, 20.0)


# ------------------------------------------------------------------ splom

def test_scatter_matrix_panels(pchart):
    iris = px.data.iris().head(12)
    dims = ["sepal_length", "sepal_width", "petal_length"]
    d = pchart(px.scatter_matrix(iris, dimensions=dims))
    panels = charts(d)
    assert len(panels) == 9
    for k, p in enumerate(panels):
        i, j = divmod(k, 3)                 # row (y) i, column (x) j, from the top
        assert (p["x_label"], p["y_label"]) == (dims[j], dims[i])
        pts = [q for el in p["elements"] for q in el["points"]]
        assert sorted(map(tuple, pts)) == sorted(zip(iris[dims[j]], iris[dims[i]]))


def test_splom_without_diagonal_and_upper_half(pchart):
    v = [[1, 2, 3], [4, 5, 6], [7, 8, 10]]
    fig = go.Figure(go.Splom(dimensions=[dict(label=n, values=x) for n, x in zip("pqr", v)],
                             diagonal_visible=False, showupperhalf=False))
    panels = charts(pchart(fig))
    assert sorted((p["x_label"], p["y_label"]) for p in panels) == [
        ("p", "q"), ("p", "r"), ("q", "r")]


# --------------------------------------------------------- the other families

def test_histogram2dcontour_is_its_bins_and_contours(pchart):
    rng = np.random.default_rng(1)
    x, y = rng.normal(size=200), rng.normal(size=200)
    grid = pchart(go.Figure(go.Histogram2d(x=x, y=y)))["heatmap"]
    d = pchart(go.Figure(go.Histogram2dContour(x=x, y=y)))
    assert d["heatmap"]["values"] == grid["values"]
    assert d["heatmap"]["x_edges"] == grid["x_edges"]
    (c,) = d["contours"]
    assert c["levels"] and c["paths"]
    top = max(max(r) for r in grid["values"])
    assert 0 < min(c["levels"]) and max(c["levels"]) < top


def test_px_density_contour(pchart):
    tips = px.data.tips()
    d = pchart(px.density_contour(tips, x="total_bill", y="tip"))
    counts = np.array(d["heatmap"]["values"], float)
    assert counts.sum() == len(tips)


def test_rgb_imshow_is_its_pixels(pchart):
    img = np.arange(2 * 4 * 3, dtype=np.uint8).reshape(2, 4, 3) * 7
    try:
        fig = px.imshow(img)
    except AttributeError:      # plotly 5.4's px.imshow asks NumPy >= 1.24 for np.bool
        fig = go.Figure(go.Image(z=img))
    d = pchart(fig)
    im = d["image"]
    assert im["channels"] == 3 and (im["rows"], im["cols"]) == (2, 4)
    assert np.array_equal(np.array(im["values"]), img)
    assert im["extent"] == [-0.5, 3.5, 1.5, -0.5]


def test_go_image_rgba_z(pchart):
    z = np.array([[[255, 0, 0, 1], [0, 255, 0, 0.5]]], float)
    d = pchart(go.Figure(go.Image(z=z, colormodel="rgba", x0=10, dx=2)))
    im = d["image"]
    assert im["channels"] == 4
    assert im["extent"][:2] == [9.0, 13.0]


def test_mesh3d_and_isosurface_records(pchart):
    d = pchart(go.Figure(go.Mesh3d(x=[0, 1, 0, 1], y=[0, 0, 1, 1], z=[0, 1, 2, 3],
                                   i=[0, 1], j=[1, 2], k=[2, 3], intensity=[1, 2, 3, 4])))
    (m,) = d["volume"]
    assert m["trace_type"] == "mesh3d"
    assert (m["x"], m["z"], m["i"], m["k"]) == ([0.0, 1.0, 0.0, 1.0], [0.0, 1.0, 2.0, 3.0],
                                                [0.0, 1.0], [2.0, 3.0])
    X, Y, Z = np.mgrid[0:1:3j, 0:1:3j, 0:1:3j]
    val = (X + Y + Z).ravel()
    d = pchart(go.Figure(go.Isosurface(x=X.ravel(), y=Y.ravel(), z=Z.ravel(), value=val)))
    (s,) = d["volume"]
    assert np.allclose(s["value"], val)
    assert (s["isomin"], s["isomax"]) == (val.min(), val.max())


def test_cone_vectors(pchart):
    d = pchart(go.Figure(go.Cone(x=[1, 2], y=[1, 2], z=[1, 2], u=[1, 0], v=[0, 1], w=[2, 3])))
    (c,) = d["volume"]
    assert (c["u"], c["v"], c["w"]) == ([1.0, 0.0], [0.0, 1.0], [2.0, 3.0])


def test_scatter_ternary_points_are_scaled_to_the_sum(pchart):
    a, b, c = [1.0, 2.0, 3.0], [1.0, 1.0, 1.0], [2.0, 1.0, 0.0]
    d = pchart(px.scatter_ternary(a=a, b=b, c=c))
    (t,) = d["ternary"]
    s = np.array(a) + b + c
    assert np.allclose(t["a"], np.array(a) / s) and np.allclose(t["c"], np.array(c) / s)
    assert t["sum"] == 1.0


def test_scatter_ternary_two_given(pchart):
    d = pchart(go.Figure(go.Scatterternary(a=[0.2, 0.5], b=[0.3, 0.1], sum=1)))
    assert np.allclose(d["ternary"][0]["c"], [0.5, 0.4])


def test_scatter_smith_and_carpet(pchart):
    d = pchart(go.Figure(go.Scattersmith(real=[0.5, 1, 2], imag=[0.5, -1, 0])))
    assert d["smith"][0]["real"] == [0.5, 1.0, 2.0]
    assert d["smith"][0]["imag"] == [0.5, -1.0, 0.0]
    d = pchart(go.Figure([go.Carpet(a=[4, 4, 5, 5], b=[1, 2, 1, 2], y=[2, 3, 3, 4]),
                          go.Scattercarpet(a=[4, 5], b=[1.5, 1.5], mode="markers")]))
    car, pts = d["carpet"]
    assert car["a"] == [4.0, 4.0, 5.0, 5.0] and car["y"] == [2.0, 3.0, 3.0, 4.0]
    assert (pts["a"], pts["b"]) == ([4.0, 5.0], [1.5, 1.5])


@pytest.mark.parametrize("fig", [
    {"data": [{"type": "splom", "dimensions": [{"values": "abc"}, 5, None]}]},
    {"data": [{"type": "image", "source": "data:image/png;base64,iVBORw0KGgo="}]},
    {"data": [{"type": "image", "source": "data:image/png;base64,!!!"}]},
    {"data": [{"type": "image", "z": [[[1, 2]]]}]},
    {"data": [{"type": "mesh3d", "x": [1], "i": ["a"], "intensity": {}}]},
    {"data": [{"type": "scatterternary", "a": [0, 0], "b": [0, 0], "c": [0, 0]}]},
    {"data": [{"type": "carpet", "a": [[1, 2], [3]], "b": 7}]},
    {"data": [{"type": "scatter", "y": [1]}],
     "layout": {"shapes": [{"type": "path", "path": "M 1 1 C 2 Q"}, 5, {"x0": "nan"},
                           {"type": "line", "xref": "x9", "x0": 1, "x1": 1}]}},
    {"data": [{"type": "box", "y": [1, 2, 3], "boxpoints": "all", "line": {"width": 0},
               "fillcolor": "rgba(0,0,0,0)"}]},
    {"data": [{"type": "bar", "y": [1, 2], "error_y": {"array": ["x", None, 3]}}]},
])
def test_hostile_new_families_never_crash(chart, fig):
    assert isinstance(chart(fig), dict)


def test_sqrt_error_bars_are_hidden_unless_visible(pchart):
    # plotly.js's errorbars defaults: visible = whether array or value is given
    d = pchart(go.Figure(go.Bar(x=["p"], y=[4], error_y=dict(type="sqrt"))))
    assert "y_error" not in d["elements"][0]


def test_a_violin_of_one_value_is_its_box(pchart):
    d = pchart(go.Figure(go.Violin(y=[5, 5, 5], name="v")))
    (el,) = d["elements"]
    assert "violin" not in d
    assert (el["label"], el["min"], el["median"], el["max"]) == ("v", 5.0, 5.0, 5.0)


def test_a_flat_violin_body_is_read_whole(pchart):
    # samples so far apart that the density underflows: the body is flat
    d = pchart(go.Figure(go.Violin(x=[-2e4, 1.7e4, 6e16], y0=3, orientation="h")))
    (el,) = d["elements"]
    assert d["violin"] is True and el["label"] == "3"


def test_a_rectangle_over_a_box_plot_leaves_the_boxes(pchart):
    fig = px.box(y=TIPS, points="all")
    fig.add_shape(type="rect", x0=-0.2, x1=0.2, y0=12, y1=20)
    d = pchart(fig)
    assert d["type"] == "box_and_whisker" and d["elements"][0]["samples"] == TIPS


NODE_LEVELS = r"""
const P = require(process.argv[1]);
const Plotly = P.loadPlotly(process.argv[2]);
const figs = JSON.parse(require('fs').readFileSync(0, 'utf8'));
console.log(JSON.stringify(figs.map(f => {
    const c = P.calc(Plotly, f.data, f.layout || {})._fullData[0].contours;
    return [c.start, c.end, c.size];
})));
"""


def test_histogram2dcontour_levels_are_plotly_js_own():
    """The automatic contour levels of histogram2dcontour traces of random
    samples and of contour traces, against plotly.js's own (contours.start / end / size after
    its calc), run in node on the plotly.min.js plotly ships."""
    import json
    import shutil
    import subprocess
    from pathlib import Path

    import chartex

    bundle = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
    if shutil.which("node") is None or not bundle.exists():
        pytest.skip("node or plotly.min.js missing")
    rng = np.random.default_rng(31)
    figs = []
    for k in range(12):
        n = int(rng.integers(5, 300))
        trace = {"type": "histogram2dcontour", "x": rng.normal(size=n).round(3).tolist(),
                 "y": (rng.gamma(2, size=n) * 10).round(2).tolist()}
        if k % 3 == 1:
            trace["ncontours"] = int(rng.integers(3, 30))
        if k % 4 == 2:
            trace["nbinsx"] = int(rng.integers(2, 20))
        figs.append({"data": [trace]})
    # contour traces too, with ranges whose rough step is exactly round
    # (0 to 30 over 15 levels: plotly.js's step is 5, not 2)
    for top, nc in ((30, None), (15, None), (1000, 10), (7, 7), (0.37, None), (123.4, 9)):
        z = rng.uniform(0, top, size=(4, 5))
        z[0, 0], z[-1, -1] = 0, top
        trace = {"type": "contour", "z": z.tolist()}
        if nc:
            trace["ncontours"] = nc
        figs.append({"data": [trace]})
    tool = Path(__file__).resolve().parent.parent / "tools" / "plotly_node.js"
    out = subprocess.run(["node", "-e", NODE_LEVELS, str(tool), str(bundle)],
                         input=json.dumps(figs), capture_output=True, text=True, check=True)
    for fig, (start, end, size) in zip(figs, json.loads(out.stdout)):
        levels = chartex.figure_to_dict(fig)["contours"][0]["levels"]
        want = np.arange(start, end + size / 2, size)
        assert len(levels) == len(want) and np.allclose(levels, want, rtol=1e-9, atol=1e-9 * size), \
            (fig["data"][0].get("ncontours"), fig["data"][0].get("nbinsx"), levels, want)
