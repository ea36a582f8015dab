"""The Plotly trace families issue 26 reads (doc/schema.md, "Records" and
"Plotly figures"): polar traces, funnels and waterfalls, hierarchies,
tables, indicators, sankeys, parallel coordinates and categories, geo and
map traces, and the exact angles of a pie.  Each family against the
trace's own arrays (and plotly.js's semantics where plotly computes a
value: tests/test_plotly_derived.c compares those with plotly.js itself),
in its JSON forms and with typed arrays, on hostile input, and read by
E2B's client (the `pchart` fixture: every chart passes the invariants of
every chart and the client deserializes it)."""
import base64
import math

import numpy as np
import pytest

import chartex
import golden

go = pytest.importorskip("plotly.graph_objects", reason="plotly is not installed")
import plotly  # noqa: E402
from plotly.subplots import make_subplots  # noqa: E402

PLOTLY = tuple(int(p) for p in plotly.__version__.split(".")[:2])


def typed(values, dtype="f8", shape=None):
    """plotly 6's base64 typed array of values."""
    spec = {"dtype": dtype, "bdata": base64.b64encode(
        np.asarray(values, dtype="<" + dtype).tobytes()).decode()}
    if shape is not None:
        spec["shape"] = shape
    return spec


def record(d, key, i=0):
    assert key in d, sorted(d)
    return d[key][i]


def close(a, b):
    return all((x is None and y is None) or (x is not None and y is not None
                                             and math.isclose(x, y, rel_tol=1e-12))
               for x, y in zip(a, b)) and len(a) == len(b)


EVE = ["Eve", "Cain", "Seth", "Enos", "Noam", "Abel", "Awan", "Enoch", "Azura"]
EVE_PARENTS = ["", "Eve", "Eve", "Seth", "Seth", "Eve", "Eve", "Awan", "Eve"]


# ------------------------------------------------------------------ polar

def test_scatterpolar_points_are_theta_and_r(pchart):
    r, theta = [0.5, 1, 2, 2.5, 3, 4], [35, 70, 120, 155, 205, 240]
    d = pchart(go.Figure(go.Scatterpolar(r=r, theta=theta, mode="markers", name="p")))
    assert d["type"] == "scatter"
    assert d["elements"][0]["points"] == [[float(t), float(v)] for t, v in zip(theta, r)]
    assert d["polar"] == {"theta_unit": "degrees", "direction": "counterclockwise",
                          "rotation": 0.0, "sector": [0.0, 360.0]}


def test_scatterpolar_categories_fill_and_lines(pchart):
    cats = ["cost", "mechanics", "chemistry", "heat", "integration"]
    fig = go.Figure([go.Scatterpolar(r=[1, 5, 2, 2, 3], theta=cats, fill="toself", name="A"),
                     go.Scatterpolar(r=[4, 3, 2.5, 1, 2], theta=cats, fill="toself", name="B")])
    d = pchart(fig)
    assert d["type"] == "line"
    assert [e["label"] for e in d["elements"]] == ["A", "B"]
    assert d["elements"][1]["points"] == [[c, float(v)] for c, v in zip(cats, [4, 3, 2.5, 1, 2])]
    assert d["polar"]["theta_unit"] == "categories"
    assert d["x_scale"] == "categorical"


def test_polar_units_direction_rotation(pchart):
    fig = make_subplots(rows=1, cols=3, specs=[[{"type": "polar"}] * 3])
    fig.add_trace(go.Scatterpolar(r=[1, 2], theta=[math.pi / 2, math.pi], thetaunit="radians",
                                  mode="lines"), 1, 1)
    fig.add_trace(go.Scatterpolar(r=[1, 2], theta=[90, 180], mode="lines"), 1, 2)
    fig.add_trace(go.Scatterpolar(r=[1, 2, 3, 4], mode="lines"), 1, 3)
    fig.update_layout(polar2=dict(angularaxis=dict(thetaunit="radians", direction="clockwise")),
                      polar3=dict(angularaxis=dict(rotation=45), sector=[0, 180]))
    d = pchart(fig)
    first, second, third = d["elements"]
    # radians given, degrees shown
    assert [p[0] for p in first["elements"][0]["points"]] == pytest.approx([90, 180])
    # degrees given, radians shown; clockwise turns from 12 o'clock
    assert [p[0] for p in second["elements"][0]["points"]] == pytest.approx(
        [math.pi / 2, math.pi])
    assert second["polar"] == {"theta_unit": "radians", "direction": "clockwise",
                               "rotation": 90.0, "sector": [0.0, 360.0]}
    # no theta: a full turn over the points
    assert [p[0] for p in third["elements"][0]["points"]] == [0.0, 90.0, 180.0, 270.0]
    assert third["polar"]["rotation"] == 45.0 and third["polar"]["sector"] == [0.0, 180.0]


def test_barpolar_is_bars_by_angle(pchart):
    dirs = ["North", "N-E", "East", "S-E"]
    fig = go.Figure([go.Barpolar(r=[77.5, 72.5, 70.0, 45.0], theta=dirs, name="11-14 m/s"),
                     go.Barpolar(r=[57.5, 50.0, 45.0, 35.0], theta=dirs, name="8-11 m/s")])
    d = pchart(fig)
    assert d["type"] == "bar"
    assert [(e["label"], e["group"], e["value"]) for e in d["elements"]][:5] == [
        ("North", "11-14 m/s", 77.5), ("N-E", "11-14 m/s", 72.5), ("East", "11-14 m/s", 70.0),
        ("S-E", "11-14 m/s", 45.0), ("North", "8-11 m/s", 57.5)]
    d = pchart(go.Figure(go.Barpolar(r=[3.5, 1.5], theta=[65, 15], width=[20, 15])))
    assert [(e["label"], e["value"]) for e in d["elements"]] == [("65", 3.5), ("15", 1.5)]


def test_polar_radial_axis_and_subplots(pchart):
    fig = make_subplots(rows=2, cols=2, specs=[[{"type": "polar"}] * 2] * 2)
    fig.add_trace(go.Scatterpolar(r=[1, 2, 3], theta=[50, 100, 200]), 1, 1)
    fig.add_trace(go.Scatterpolar(r=["a", "b", "c"], theta=["D", "C", "B"]), 1, 2)
    fig.add_trace(go.Scatterpolar(r=[50, 300, 900], theta=[0, 90, 180]), 2, 1)
    fig.add_trace(go.Barpolar(r=[3, 4], theta=[0, 90]), 2, 2)
    fig.update_layout(polar3=dict(radialaxis=dict(type="log", title=dict(text="Power (W)"))))
    d = pchart(fig)
    assert d["type"] == "superchart"
    a, b, c, e = d["elements"]
    assert b["elements"][0]["points"] == [["D", "a"], ["C", "b"], ["B", "c"]]
    assert c["y_scale"] == "log" and c["y_label"] == "Power (W)" and c["y_unit"] == "W"
    assert e["type"] == "bar" and "polar" in e


def test_polar_and_matplotlib_differ_only_by_the_unit():
    """matplotlib's polar Axes gives theta in radians (its data); Plotly's
    [theta, r] are in degrees, as plotly shows them: the same r, and theta
    converted."""
    import matplotlib.pyplot as plt

    theta = [0.0, 45.0, 90.0]
    r = [1.0, 2.0, 3.0]
    fig, ax = plt.subplots(subplot_kw={"projection": "polar"})
    ax.plot(np.radians(theta), r, label="s")
    m = chartex.figure_to_dict(fig)
    plt.close(fig)
    p = chartex.figure_to_dict(go.Figure(go.Scatterpolar(r=r, theta=theta, mode="lines",
                                                         name="s")))
    assert m["type"] == p["type"] == "line"
    assert [pt[1] for pt in m["elements"][0]["points"]] == [pt[1] for pt in p["elements"][0]["points"]]
    assert np.degrees([pt[0] for pt in m["elements"][0]["points"]]) == pytest.approx(
        [pt[0] for pt in p["elements"][0]["points"]])
    assert "polar" not in m and p["polar"]["theta_unit"] == "degrees"


# ----------------------------------------------------- funnels, waterfalls

def waterfall_reference(y, measure, base=0.0):
    """waterfall/calc.js, written out: (own value, start, end) per bar."""
    out, total = [], 0.0
    for v, m in zip(y, measure):
        amount = v if v is not None else 0.0
        if m in ("absolute", "a"):
            total = amount
            out.append((total, base, base + total))
        elif m in ("total", "t"):
            out.append((total, base, base + total))
        else:
            out.append((v, base + total, base + total + amount))
            total += amount
    return out


@pytest.mark.parametrize("horizontal", [False, True])
def test_waterfall_measures_bases_and_totals(pchart, horizontal):
    stages = ["Sales", "Consulting", "Net revenue", "Purchases", "Other", "Profit"]
    y = [60, 80, None, -40, -20, None]
    measure = ["relative", "relative", "total", "relative", "relative", "total"]
    kw = dict(y=stages, x=y, orientation="h") if horizontal else dict(x=stages, y=y)
    d = pchart(go.Figure(go.Waterfall(measure=measure, name="2018", **kw)))
    assert d["type"] == "bar"
    assert d["orientation"] == ("horizontal" if horizontal else "vertical")
    ref = waterfall_reference(y, measure)
    assert [e["label"] for e in d["elements"]] == stages
    assert [e["measure"] for e in d["elements"]] == measure
    assert [(e["value"], e["base"], e["total"]) for e in d["elements"]] == \
        [(None if v is None else float(v), float(b), float(t)) for v, b, t in ref]
    assert d["elements"][-1]["total"] == 80.0


def test_waterfall_base_absolute_and_typed_arrays(pchart):
    y, measure = [5.0, 7.0, -3.0, 2.0], ["absolute", "relative", "t", "a"]
    trace = {"type": "waterfall", "x": ["a", "b", "c", "d"], "y": typed(y),
             "measure": measure, "base": 100}
    d = pchart({"data": [trace]})
    ref = waterfall_reference(y, measure, 100.0)
    assert [(e["value"], e["base"], e["total"]) for e in d["elements"]] == \
        [(float(v), float(b), float(t)) for v, b, t in ref]
    assert [e["measure"] for e in d["elements"]] == ["absolute", "relative", "total", "absolute"]


def test_funnel_stages_values_and_percents(pchart):
    stages = ["Website visit", "Downloads", "Potential customers", "Requested price", "Sent"]
    x = [39, 27.4, 20.6, 11, 2]
    d = pchart(go.Figure(go.Funnel(y=stages, x=x, name="f")))
    assert d["type"] == "bar" and d["orientation"] == "horizontal"
    assert [(e["label"], e["group"], e["value"]) for e in d["elements"]] == \
        [(s, "f", float(v)) for s, v in zip(stages, x)]
    el = d["elements"]
    assert [e["percent_initial"] for e in el] == pytest.approx([v * 100 / 39 for v in x])
    assert [e["percent_previous"] for e in el] == pytest.approx(
        [100] + [x[i] * 100 / x[i - 1] for i in range(1, 5)])
    assert [e["percent_total"] for e in el] == pytest.approx([v * 100 / sum(x) for v in x])
    assert el[0]["percent_initial"] == 100.0 and el[3]["percent_total"] == 11.0


def test_funnel_negative_and_missing_values(pchart):
    d = pchart(go.Figure(go.Funnel(x=["a", "b", "c", "d"], y=[-5, 60, None, 10],
                                   orientation="v")))
    el = d["elements"]
    assert d["orientation"] == "vertical"
    assert [e["value"] for e in el] == [None, 60.0, None, 10.0]
    assert [e["percent_previous"] for e in el] == [None, 100.0, None, pytest.approx(100 / 6)]


def test_express_funnel_groups(pchart):
    px = pytest.importorskip("plotly.express")
    pd = pytest.importorskip("pandas")
    stages = ["visit", "download", "price"]
    df = pd.concat([pd.DataFrame(dict(number=[39, 27, 11], stage=stages, office="Montreal")),
                    pd.DataFrame(dict(number=[52, 36, 14], stage=stages, office="Toronto"))])
    d = pchart(px.funnel(df, x="number", y="stage", color="office"))
    assert [(e["label"], e["group"], e["value"]) for e in d["elements"]] == \
        [(s, "Montreal", float(v)) for s, v in zip(stages, [39, 27, 11])] + \
        [(s, "Toronto", float(v)) for s, v in zip(stages, [52, 36, 14])]


def test_funnelarea_stages(pchart):
    d = pchart(go.Figure(go.Funnelarea(labels=["a", "b", "a", "c"], values=[5, 4, 3, 2],
                                       title=dict(text="Sales"))))
    assert d["type"] == "bar" and d["orientation"] == "horizontal" and d["title"] == "Sales"
    # equal labels added up, in order (no sorting, as plotly.js)
    assert [(e["label"], e["value"]) for e in d["elements"]] == [("a", 8.0), ("b", 4.0),
                                                                ("c", 2.0)]
    assert [e["percent_total"] for e in d["elements"]] == pytest.approx([57.142857142857, 28.5714285714286, 14.2857142857143])
    d = pchart(go.Figure(go.Funnelarea(values=[5, 4, 3], text=["1st", "2nd", "3rd"])))
    assert [e["label"] for e in d["elements"]] == ["0", "1", "2"]


def test_funnelareas_in_domains_are_a_superchart(pchart):
    fig = go.Figure([go.Funnelarea(values=[500, 450], domain={"x": [0, 0.5], "y": [0, 0.5]}),
                     go.Funnelarea(values=[600, 500], domain={"x": [0, 0.5], "y": [0.55, 1]})])
    d = pchart(fig)
    assert d["type"] == "superchart"
    assert [[e["value"] for e in c["elements"]] for c in d["elements"]] == [[600.0, 500.0],
                                                                            [500.0, 450.0]]


# ------------------------------------------------------------- hierarchies

@pytest.mark.parametrize("kind", ["Treemap", "Sunburst", "Icicle"])
def test_hierarchy_remainder_totals(pchart, kind):
    values = [10, 14, 12, 10, 2, 6, 6, 1, 4]
    d = pchart(go.Figure(getattr(go, kind)(labels=EVE, parents=EVE_PARENTS, values=values)))
    assert d["type"] == "unknown" and d["elements"] == []
    h = record(d, "hierarchy")
    assert h["trace_type"] == kind.lower() and h["branchvalues"] == "remainder"
    assert h["labels"] == EVE and h["parents"] == EVE_PARENTS
    assert h["values"] == [float(v) for v in values]
    assert h["totals"] == [65.0, 14.0, 24.0, 10.0, 2.0, 6.0, 7.0, 1.0, 4.0]
    assert "ids" not in h and "error" not in h


def test_hierarchy_total_and_count(pchart):
    d = pchart(go.Figure(go.Sunburst(labels=EVE, parents=EVE_PARENTS, branchvalues="total",
                                     values=[65, 14, 12, 10, 2, 6, 6, 4, 4])))
    h = record(d, "hierarchy")
    assert h["branchvalues"] == "total" and h["totals"] == h["values"]
    d = pchart(go.Figure(go.Icicle(labels=EVE, parents=EVE_PARENTS)))
    h = record(d, "hierarchy")
    assert h["count"] == "leaves" and "values" not in h
    assert h["totals"] == [6.0, 1.0, 2.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]
    d = pchart(go.Figure(go.Treemap(labels=EVE, parents=EVE_PARENTS, count="branches+leaves")))
    assert record(d, "hierarchy")["totals"][0] == 9.0


def test_hierarchy_implied_root_is_the_last_row(pchart):
    d = pchart(go.Figure(go.Treemap(labels=["Asia", "Europe", "China", "France"],
                                    parents=["World", "World", "Asia", "Europe"],
                                    values=[1, 2, 3, 4])))
    h = record(d, "hierarchy")
    assert h["labels"] == ["Asia", "Europe", "China", "France", "World"]
    assert h["parents"] == ["World", "World", "Asia", "Europe", ""]
    assert h["values"] == [1.0, 2.0, 3.0, 4.0, None]
    assert h["totals"] == [4.0, 6.0, 3.0, 4.0, 10.0]


def test_express_treemap_path(pchart):
    px = pytest.importorskip("plotly.express")
    pd = pytest.importorskip("pandas")
    df = pd.DataFrame(dict(region=["N", "N", "S"], vendor=["a", "b", "c"], sales=[1, 3, 2]))
    d = pchart(px.treemap(df, path=[px.Constant("all"), "region", "vendor"], values="sales"))
    h = record(d, "hierarchy")
    assert h["branchvalues"] == "total"
    by_id = dict(zip(h["ids"], h["totals"]))
    assert by_id == {"all/N/a": 1.0, "all/N/b": 3.0, "all/S/c": 2.0, "all/N": 4.0,
                     "all/S": 2.0, "all": 6.0}
    assert dict(zip(h["ids"], h["parents"]))["all/N/a"] == "all/N"


def test_hierarchy_ids_repeat_labels(pchart):
    d = pchart(go.Figure(go.Sunburst(ids=["r", "r/a", "r/b", "r/a/x", "r/b/x"],
                                     labels=["all", "a", "b", "x", "x"],
                                     parents=["", "r", "r", "r/a", "r/b"],
                                     values=[0, 1, 2, 3, 4])))
    h = record(d, "hierarchy")
    assert h["ids"][3:] == ["r/a/x", "r/b/x"] and h["labels"][3:] == ["x", "x"]
    assert h["totals"] == [10.0, 4.0, 6.0, 3.0, 4.0]


@pytest.mark.parametrize("labels, parents, values, branch, error", [
    (["r", "a", "b", "c"], ["", "r", "c", "b"], None, "remainder", "cycle"),
    (["r", "a", "b"], ["", "r", "nowhere"], None, "remainder", "missing: nowhere"),
    (["a", "b"], ["X", "Y"], None, "remainder", "several implied roots"),
    (["r", "a", "a", "x"], ["", "r", "r", "a"], None, "remainder", "ambiguous: a"),
    (["r", "a", "b"], ["", "r", "r"], [4, 2, 3], "total",
     "a total is smaller than the sum of its children"),
])
def test_hierarchy_plotly_draws_nothing(pchart, labels, parents, values, branch, error):
    d = pchart(go.Figure(go.Treemap(labels=labels, parents=parents, values=values,
                                    branchvalues=branch)))
    h = record(d, "hierarchy")
    assert h["error"] == error
    assert h["totals"] == [None] * len(labels)
    assert h["labels"] == labels


def test_hierarchy_rows_plotly_leaves_out(pchart):
    # a negative, missing or non-numeric value, an empty label: not drawn;
    # the arrays read up to the shortest
    d = pchart({"data": [{"type": "treemap", "labels": ["r", "a", "b", "c", "", "e", "f"],
                          "parents": ["", "r", "r", "r", "r", "r"],
                          "values": [1, -2, None, "3", 4, "x", 9]}]})
    h = record(d, "hierarchy")
    assert len(h["labels"]) == len(h["totals"]) == 6
    assert h["totals"] == [4.0, None, None, 3.0, None, None]


def test_hierarchy_labels_shorter_than_ids(pchart):
    # the ids count the rows: labels past their own are null (the fuzzer's
    # plotly-regressions/sunburst-short-labels.json read memory past them)
    d = pchart({"data": [{"type": "sunburst", "ids": ["r", "r/a", "r/b"], "labels": ["all"],
                          "parents": ["", "r", "r"], "values": [0, 1, 2]}]})
    h = record(d, "hierarchy")
    assert h["labels"] == ["all", None, None]
    assert h["totals"] == [3.0, 1.0, 2.0]


def test_hierarchy_deep_chain_and_typed_values(pchart):
    n = 20000 if golden.UNDER_ASAN else 100000
    labels = ["n%d" % i for i in range(n)]
    trace = {"type": "icicle", "labels": labels, "parents": [""] + labels[:-1],
             "values": typed(np.ones(n))}
    d = chartex.figure_to_dict({"data": [trace]})
    h = record(d, "hierarchy")
    assert h["totals"][0] == float(n) and h["totals"][-1] == 1.0
    # the same chain closed into a cycle: no recursion, no hang
    trace["parents"] = [""] + labels[:-1]
    trace["parents"][1] = labels[-1]
    h = record(chartex.figure_to_dict({"data": [trace]}), "hierarchy")
    assert h["error"] == "cycle"


# ------------------------------------------------------------------ tables

def test_table_header_and_cells_by_column(pchart):
    d = pchart(go.Figure(go.Table(header=dict(values=["A Scores", "B Scores"]),
                                  cells=dict(values=[[100, 90, 80, 90], [95, 85, 75, 95]]))))
    assert d["type"] == "unknown"
    t = record(d, "table")
    assert t["header"] == ["A Scores", "B Scores"]
    assert t["columns"] == [[100.0, 90.0, 80.0, 90.0], [95.0, 85.0, 75.0, 95.0]]


def test_table_of_a_dataframe_mixed_cells_and_header_rows(pchart):
    pd = pytest.importorskip("pandas")
    df = pd.DataFrame({"city": ["Berlin", "Paris"], "people": [3.7, np.nan],
                       "day": pd.to_datetime(["2024-01-02", "2024-03-04"]),
                       "n": np.array([1, 2], dtype="int32")})
    fig = go.Figure(go.Table(header=dict(values=[["<b>City</b>", "name"], "people", "day", 5]),
                             cells=dict(values=[df[c] for c in df.columns])))
    t = record(pchart(fig), "table")
    assert t["header"] == ["<b>City</b>\nname", "people", "day", 5.0]
    assert t["columns"][0] == ["Berlin", "Paris"]
    assert t["columns"][1] == [3.7, None]
    assert t["columns"][2][0].startswith("2024-01-02")
    assert t["columns"][3] == [1.0, 2.0]


def test_table_typed_array_cells(pchart):
    d = pchart({"data": [{"type": "table", "header": {"values": ["a", "b"]},
                          "cells": {"values": typed([[1, 2, 3], [4, 5, 6]], "i4", "2, 3")}}]})
    assert record(d, "table")["columns"] == [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]
    d = pchart({"data": [{"type": "table", "cells": {"values": [typed([1.5, 2.5]), ["x", None]]}}]})
    assert record(d, "table")["columns"] == [[1.5, 2.5], ["x", None]]


# -------------------------------------------------------------- indicators

def test_indicator_number_delta_gauge(pchart):
    d = pchart(go.Figure(go.Indicator(
        mode="gauge+number+delta", value=450, title={"text": "Speed"},
        delta={"reference": 380}, number={"prefix": "$", "suffix": "m"},
        gauge={"axis": {"range": [None, 500]},
               "steps": [{"range": [0, 250]}, {"range": [250, 400]}],
               "threshold": {"value": 490}})))
    assert d["type"] == "unknown" and d["title"] == "Speed"
    i = record(d, "indicator")
    assert i == {"name": "trace 0", "trace_type": "indicator", "mode": "gauge+number+delta",
                 "title": "Speed", "value": 450.0, "prefix": "$", "suffix": "m",
                 "reference": 380.0, "delta": 70.0, "gauge_shape": "angular",
                 "gauge_range": [0.0, 500.0], "gauge_steps": [[0.0, 250.0], [250.0, 400.0]],
                 "threshold": 490.0}


def test_indicator_defaults_relative_and_grid(pchart):
    fig = go.Figure([
        go.Indicator(value=200, mode="number+delta", delta={"reference": 400, "relative": True},
                     domain={"row": 0, "column": 1}),
        go.Indicator(value=120, mode="gauge", gauge={"shape": "bullet"},
                     domain={"row": 0, "column": 0}),
        go.Indicator(value=40, mode="delta", domain={"row": 1, "column": 1})])
    fig.update_layout(grid={"rows": 2, "columns": 2})
    d = pchart(fig)
    assert d["type"] == "superchart"
    # reading order: the grid's rows top to bottom, left to right
    left, right, below = (c["indicator"][0] for c in d["elements"])
    assert left["gauge_shape"] == "bullet" and left["gauge_range"] == [0.0, 180.0]
    assert right["delta"] == -200.0 and right["relative_delta"] == -0.5
    assert below["reference"] == 40.0 and below["delta"] == 0.0


# ----------------------------------------------------------------- sankeys

def test_sankey_nodes_values_and_links(pchart):
    d = pchart(go.Figure(go.Sankey(
        node=dict(label=["A1", "A2", "B1", "B2", "C1", "C2"]),
        link=dict(source=[0, 1, 0, 2, 3, 3], target=[2, 3, 3, 4, 4, 5],
                  value=[8, 4, 2, 8, 4, 2], label=["a", "b", "c", "d", "e", "f"]))))
    s = record(d, "sankey")
    assert s["node_labels"] == ["A1", "A2", "B1", "B2", "C1", "C2"]
    assert s["node_values"] == [10.0, 4.0, 8.0, 6.0, 12.0, 2.0]
    assert s["link_sources"] == [0.0, 1.0, 0.0, 2.0, 3.0, 3.0]
    assert s["link_targets"] == [2.0, 3.0, 3.0, 4.0, 4.0, 5.0]
    assert s["link_values"] == [8.0, 4.0, 2.0, 8.0, 4.0, 2.0]
    assert s["link_labels"] == ["a", "b", "c", "d", "e", "f"]


def test_sankey_hostile_links(pchart):
    d = pchart({"data": [{"type": "sankey", "node": {"label": ["a", "b"]},
                          "link": {"source": [0, 1e300, -1, 0.5, "x"], "target": [1, 0],
                                   "value": [3, 2, 1, 1, float("nan")]}}]})
    s = record(d, "sankey")
    assert s["node_values"][:2] == [3.0, 3.0]
    assert s["link_targets"] == [1.0, 0.0, None, None, None]


# ---------------------------------------------------- parcoords and parcats

def test_parcoords_dimensions(pchart):
    d = pchart(go.Figure(go.Parcoords(line_color="blue", dimensions=[
        dict(range=[1, 5], label="A", values=[1, 4]),
        dict(label="B", values=[3, 1.5]),
        dict(label="hidden", values=[0, 0], visible=False)])))
    p = record(d, "dimensions")
    assert p["trace_type"] == "parcoords" and p["labels"] == ["A", "B"]
    assert p["values"] == [[1.0, 4.0], [3.0, 1.5]]
    assert p["ranges"] == [[1.0, 5.0], [1.5, 3.0]]


def test_parcats_categories_and_counts(pchart):
    d = pchart(go.Figure(go.Parcats(dimensions=[
        dict(label="Hair", values=["Black", "Brown", "Brown", "Red"]),
        dict(label="Sex", values=["F", "M", "F", "M"], categoryorder="category descending"),
        dict(label="Class", values=[3, 1, 2, 1], categoryarray=[2, 3])],
        counts=[6, 10, 40, 23])))
    p = record(d, "dimensions")
    assert p["labels"] == ["Hair", "Sex", "Class"]
    assert p["values"][0] == ["Black", "Brown", "Brown", "Red"]
    assert p["categories"] == [["Black", "Brown", "Red"], ["M", "F"], [2.0, 3.0, 1.0]]
    assert p["counts"] == [6.0, 10.0, 40.0, 23.0]


def test_express_parallel_coordinates(pchart):
    px = pytest.importorskip("plotly.express")
    df = px.data.iris()
    d = pchart(px.parallel_coordinates(df, color="species_id"))
    p = record(d, "dimensions")
    assert len(p["values"]) == len(p["labels"]) == 5
    assert p["values"][0] == df["sepal_length"].tolist()


# ------------------------------------------------------------ geo and maps

def test_scattergeo_and_choropleth(pchart):
    fig = go.Figure(go.Scattergeo(lon=[-75, -80], lat=[45, 20], text=["a", "b"],
                                  marker=dict(size=[4, 8], color=[1.5, 2.5]), mode="markers"))
    g = record(pchart(fig), "geo")
    assert g == {"name": "trace 0", "trace_type": "scattergeo", "mode": "markers",
                 "lon": [-75.0, -80.0], "lat": [45.0, 20.0], "text": ["a", "b"],
                 "color": [1.5, 2.5], "size": [4.0, 8.0]}
    fig = go.Figure(go.Choropleth(locations=["CA", "TX"], z=[1.5, 2], locationmode="USA-states"))
    g = record(pchart(fig), "geo")
    assert (g["locationmode"], g["locations"], g["values"]) == ("USA-states", ["CA", "TX"],
                                                              [1.5, 2.0])


@pytest.mark.parametrize("kind", ["scattermapbox", "densitymapbox", "scattermap", "densitymap",
                                  "choroplethmap", "choroplethmapbox"])
def test_map_traces(pchart, kind):
    trace = {"type": kind, "lat": ["45.5", 38.9], "lon": [-73.5, "-77.0"], "z": [1, 2],
             "locations": ["a", "b"]}
    g = record(pchart({"data": [trace]}), "geo")
    assert g["trace_type"] == kind
    assert g["lat"] == [45.5, 38.9] and g["lon"] == [-73.5, -77.0] and g["values"] == [1.0, 2.0]


def test_express_scatter_geo_groups(pchart):
    px = pytest.importorskip("plotly.express")
    df = px.data.gapminder().query("year == 2007")
    d = pchart(px.scatter_geo(df, locations="iso_alpha", color="continent", size="pop"))
    geo = d["geo"]
    assert [g["name"] for g in geo] == list(df["continent"].unique())
    assert sum(len(g["locations"]) for g in geo) == len(df)
    assert geo[0]["size"] == df[df["continent"] == geo[0]["name"]]["pop"].astype(float).tolist()


def test_map_without_places_is_no_chart(pchart):
    assert pchart({"data": [{"type": "scattergeo"}, {"type": "choroplethmap", "geojson": {}}]}) == {}


# ----------------------------------------------------------------- pies

def test_pie_angles_are_exact(pchart):
    values = [2.211553546, 357.788446454]
    d = pchart(go.Figure(go.Pie(labels=["a", "b"], values=values, sort=False)))
    assert [e["angle"] for e in d["elements"]] == values
    values = [1, 2, 3.3, 1e-6]
    d = pchart(go.Figure(go.Pie(labels=list("abcd"), values=values)))
    total = sum(values)
    for e in d["elements"]:
        want = values["abcd".index(e["label"])] / total * 360
        assert e["angle"] == pytest.approx(want, rel=0, abs=1e-12)


def test_numbers_as_categories_are_named_as_javascript_names_them(pchart):
    # String(v) of plotly.js: integers below 1e21 in full (the shortest
    # digits, then zeros); the fuzzer's category-huge-integer.json
    xs = [2 ** 60, 1.75563e20, -2 ** 62, 5, 1e21, 0.5]
    d = pchart({"data": [{"type": "bar", "x": xs, "y": [1] * 6}],
                "layout": {"xaxis": {"type": "category"}}})
    assert [e["label"] for e in d["elements"]] == [
        "1152921504606847000", "175563000000000000000", "-4611686018427388000", "5", "1e+21",
        "0.5"]


# ------------------------------------------------- everything, and hostile

def every_family_figure():
    fig = make_subplots(rows=3, cols=3, specs=[
        [{"type": "polar"}, {"type": "domain"}, {"type": "domain"}],
        [{"type": "xy"}, {"type": "domain"}, {"type": "domain"}],
        [{"type": "domain"}, {"type": "domain"}, {"type": "scattergeo"}]])
    fig.add_trace(go.Scatterpolar(r=[1, 2, 3], theta=[0, 90, 180]), 1, 1)
    fig.add_trace(go.Treemap(labels=EVE, parents=EVE_PARENTS), 1, 2)
    fig.add_trace(go.Table(header=dict(values=["a"]), cells=dict(values=[[1, 2]])), 1, 3)
    fig.add_trace(go.Waterfall(x=["a", "b", "c"], y=[1, -2, 0], measure=["relative", "relative",
                                                                          "total"]), 2, 1)
    fig.add_trace(go.Indicator(value=3, mode="number+delta", delta={"reference": 2}), 2, 2)
    fig.add_trace(go.Sankey(node=dict(label=["x", "y"]),
                            link=dict(source=[0], target=[1], value=[2])), 2, 3)
    fig.add_trace(go.Parcoords(dimensions=[dict(label="d", values=[1, 2])]), 3, 1)
    fig.add_trace(go.Funnelarea(values=[3, 2]), 3, 2)
    fig.add_trace(go.Scattergeo(lon=[1], lat=[2]), 3, 3)
    return fig


def test_every_family_in_one_figure_and_its_scene(pchart):
    fig = every_family_figure()
    d = pchart(fig)
    assert d["type"] == "superchart" and len(d["elements"]) == 9
    keys = [next(k for k in ("polar", "hierarchy", "table", "indicator", "sankey",
                             "dimensions", "geo", "elements") if c.get(k))
            for c in d["elements"]]
    assert keys == ["polar", "hierarchy", "table", "elements", "indicator", "sankey",
                    "dimensions", "elements", "geo"]
    # the scene carries the records: the core alone gives the same chart
    scene = chartex.figure_to_scene_json(fig)
    assert chartex.scene_json_to_dict(scene) == d
    assert '"kind":"record"' in scene


@pytest.mark.parametrize("trace", [
    {"type": "treemap", "labels": {"not": "an array"}, "parents": 5},
    {"type": "treemap", "labels": [[1], {"a": 2}, None, float("nan"), True],
     "parents": ["", [1], 3, None, True], "values": [1, 2, "x", None, float("inf")]},
    {"type": "sunburst", "ids": [1, 1, 2], "parents": [None, 1, 1]},
    {"type": "icicle", "labels": ["a"] * 50, "parents": ["a"] * 50},
    {"type": "table", "header": {"values": [[["deep"]], {"x": 1}, None]},
     "cells": {"values": "text"}},
    {"type": "table", "cells": {"values": [[1, [2, 3]], {"dtype": "f8", "bdata": "!!"}]}},
    {"type": "table", "cells": {"values": {"dtype": "f8", "bdata": "AAAA", "shape": "2, 99"}}},
    # a shape whose product wraps round to the count of values (3 x (2^64 + 5) / 3)
    {"type": "table", "cells": {"values": typed([1, 2, 3, 4, 5], shape="3, 6148914691236517207")}},
    {"type": "heatmap", "z": typed([1, 2, 3, 4, 5], shape=[3, 6148914691236517207])},
    {"type": "indicator", "value": "fast", "delta": {"reference": [1]},
     "gauge": {"axis": {"range": "x"}, "steps": [{"range": [1]}, 5, None]}},
    {"type": "indicator", "mode": 5, "value": 1e308, "delta": {"reference": -1e308}},
    {"type": "sankey", "node": {"label": "abc"}, "link": {"source": [], "value": [1, 2]}},
    {"type": "sankey", "link": {"source": [1e18, -1e18], "target": [1e18, 0], "value": [1, 1]}},
    {"type": "parcoords", "dimensions": [None, 5, {"values": "x"}, {"range": [1, "a"]}]},
    {"type": "parcats", "dimensions": [{"values": [[1], {"a": 1}, None, float("nan")]}],
     "counts": "many"},
    {"type": "scattergeo", "lon": [1, 2, 3], "lat": ["a"], "text": 5, "marker": []},
    {"type": "choropleth", "locations": [None], "z": {"dtype": "c16", "bdata": "AAAA"}},
    {"type": "waterfall", "x": [[1, 2], [3]], "y": [1, None, "a"], "measure": [5, None, "a"]},
    {"type": "waterfall", "y": [1e308, 1e308, -1e308], "measure": "total"},
    {"type": "funnel", "x": [float("inf"), -1, None], "y": ["a", "b"]},
    {"type": "funnelarea", "values": [-1, float("nan")], "labels": 5},
    {"type": "scatterpolar", "r": {"dtype": "f8", "bdata": "AAAAAAAA8D8="}, "theta": "north"},
    {"type": "barpolar", "r": [1, 2], "theta": [None, None], "width": -1, "base": "x"},
])
def test_hostile_traces_never_crash(chart, trace):
    d = chart({"data": [trace], "layout": {"grid": {"rows": "x"}, "polar": {"sector": [1]}}})
    assert isinstance(d, dict)


# ------------------------------------------------------ random families

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

VALUES = st.one_of(st.none(), st.booleans(), st.integers(-10 ** 20, 10 ** 20),
                   st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=6),
                   st.sampled_from(["", "a", "b", "r", "total", "absolute", "radians",
                                    "clockwise", "2024-01-01", "gauge+number+delta"]))
ARRAYS = st.one_of(VALUES, st.lists(VALUES, max_size=8),
                   st.lists(st.lists(VALUES, max_size=4), max_size=4),
                   st.builds(lambda a: {"dtype": "f8", "bdata": base64.b64encode(
                       np.asarray(a, dtype="<f8").tobytes()).decode()},
                       st.lists(st.floats(), max_size=6)))
LEAVES = {k: ARRAYS for k in (
    "labels", "parents", "ids", "values", "branchvalues", "count", "r", "theta", "thetaunit",
    "mode", "measure", "x", "y", "base", "orientation", "value", "locations", "lon", "lat",
    "z", "text", "counts", "width", "name", "subplot", "geo")}
NESTED = {
    "header": st.dictionaries(st.just("values"), ARRAYS, max_size=1),
    "cells": st.dictionaries(st.just("values"), ARRAYS, max_size=1),
    "delta": st.dictionaries(st.sampled_from(["reference", "relative"]), VALUES, max_size=2),
    "gauge": st.dictionaries(st.sampled_from(["axis", "steps", "threshold", "shape"]),
                             st.one_of(ARRAYS, st.dictionaries(st.sampled_from(
                                 ["range", "value"]), ARRAYS, max_size=2)), max_size=3),
    "node": st.dictionaries(st.just("label"), ARRAYS, max_size=1),
    "link": st.dictionaries(st.sampled_from(["source", "target", "value", "label"]), ARRAYS,
                            max_size=4),
    "dimensions": st.lists(st.dictionaries(st.sampled_from(
        ["label", "values", "range", "categoryorder", "categoryarray", "visible"]),
        ARRAYS, max_size=4), max_size=3),
    "domain": st.dictionaries(st.sampled_from(["row", "column", "x", "y"]), ARRAYS, max_size=2),
    "marker": st.dictionaries(st.sampled_from(["color", "size"]), ARRAYS, max_size=2),
}
FAMILIES = st.fixed_dictionaries(
    {"type": st.sampled_from(["treemap", "sunburst", "icicle", "table", "indicator", "sankey",
                              "parcoords", "parcats", "scattergeo", "choropleth", "scattermap",
                              "densitymapbox", "scatterpolar", "barpolar", "funnel",
                              "funnelarea", "waterfall", "pie"])},
    optional=dict(LEAVES, **NESTED))
LAYOUTS = st.fixed_dictionaries({}, optional={
    "grid": st.dictionaries(st.sampled_from(["rows", "columns", "roworder"]), VALUES,
                            max_size=3),
    "polar": st.dictionaries(st.sampled_from(["sector", "angularaxis", "radialaxis"]),
                             st.one_of(ARRAYS, st.dictionaries(st.sampled_from(
                                 ["direction", "rotation", "thetaunit", "type"]), VALUES,
                                 max_size=3)), max_size=3),
    "waterfallmode": VALUES, "funnelmode": VALUES})

QUICK = golden.UNDER_ASAN


@settings(max_examples=40 if QUICK else 120, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(FAMILIES, max_size=3), LAYOUTS)
def test_random_family_figures_keep_every_invariant(chart, traces, layout):
    fig = {"data": traces, "layout": layout}
    d = chart(fig)
    assert isinstance(d, dict)
    assert chartex.scene_json_to_dict(chartex.figure_to_scene_json(fig)) == d
