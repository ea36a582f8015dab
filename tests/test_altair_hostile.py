"""Hostile Altair input never crashes: Vega-Lite specs of wrong types,
huge bins, deep layers, cycles, odd text; plans (the reader's own input,
python/_chartex/altair/) whose every part is of the wrong type, shape,
size or value.  A conversion returns a chart (its JSON the dict's) or
raises an ordinary exception; it never crashes the interpreter, never
raises SystemError (a C function that failed without saying why), and
never takes long.  Random plans (Hypothesis) put any value anywhere in a
plan that reads; the fuzz target (fuzz/fuzz_altair.c) does the same with
bytes.
"""
import copy
import json
import math
import time

import pytest

from altair_helpers import need_altair

need_altair()

import altair as alt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import chartex  # noqa: E402
import golden  # noqa: E402
from chartex._altair import plan as altair_plan  # noqa: E402

ORDINARY = (chartex.ChartexError, TypeError, ValueError, RecursionError, MemoryError,
            OverflowError)


def survives(obj, seconds=30):
    """figure_to_dict(obj) and figure_to_json(obj): a chart whose JSON is
    its dict, or an ordinary exception; within seconds."""
    start = time.monotonic()
    try:
        d = chartex.figure_to_dict(obj)
    except SystemError:
        raise
    except ORDINARY as e:
        assert str(e) and "\n" not in str(e).strip() or isinstance(e, RecursionError), e
        d = None
    if d is not None:
        text = chartex.figure_to_json(obj)
        assert golden.strict_loads(text) == d
        golden.check_chart(d)
    assert time.monotonic() - start < seconds
    return d


def spec(**kw):
    base = {"data": {"values": [{"a": "x", "b": 1}, {"a": "y", "b": 2}]},
            "mark": "bar",
            "encoding": {"x": {"field": "a", "type": "nominal"},
                         "y": {"field": "b", "type": "quantitative"}}}
    base.update(kw)
    return base


# ---------------------------------------------------------- Vega-Lite specs

@pytest.mark.parametrize("hostile", [
    spec(mark=5),
    spec(mark={"type": "no such mark"}),
    spec(encoding=["x", "y"]),
    spec(encoding={"x": {"field": 5, "type": "nominal"}}),
    spec(encoding={"x": {"field": "a", "type": "nominal", "bin": {"maxbins": 10 ** 9}},
                   "y": {"aggregate": "count", "type": "quantitative"}}),
    spec(encoding={"x": {"field": "b", "type": "quantitative", "bin": {"maxbins": 10 ** 9}},
                   "y": {"aggregate": "count", "type": "quantitative"}}),
    spec(data={"values": "not a list"}),
    spec(data={"values": [1, 2, 3]}),
    spec(data={"values": [{"a": float("nan"), "b": float("inf")}]}),
    spec(data={"values": [{"a": "\ud800", "b": 1e308}, {"a": "\x00\u202e🦜", "b": -1e-320}]}),
    spec(data={"name": "missing"}),
    spec(data={"name": "a"}, datasets={"a": [{"a": "x", "b": 1}], "b": "a"}),
    spec(title={"text": ["a", 5, None, "\ud83d"]}),
    spec(transform=[{"calculate": "datum.b / 0", "as": "b"}]),
    spec(transform=[{"filter": "false"}]),
    spec(transform=[{"window": [{"op": "rank", "as": "r"}], "frame": [None, None]}]),
    {"$schema": "https://vega.github.io/schema/vega-lite/v5.json"},
    {"layer": []},
    {"hconcat": [spec(), 7, {"mark": "point"}]},
    {"facet": {"field": "a", "type": "nominal"}, "spec": spec(data=None),
     "data": {"values": [{"a": str(i), "b": i} for i in range(2000)]}},
    {"repeat": ["a", "b"], "spec": {"mark": "point", "encoding": {
        "x": {"field": {"repeat": "repeat"}, "type": "quantitative"}}},
     "data": {"values": [{"a": 1, "b": 2}]}},
])
def test_hostile_specs(hostile):
    # (VegaFusion itself takes some 10 s to bin two values into 1e9 bins)
    survives(hostile, seconds=120)


def test_deep_layers():
    inner = spec()
    for _ in range(40):
        inner = {"layer": [inner]}
    survives(inner)


def test_a_spec_that_holds_itself():
    s = spec()
    s["encoding"]["x"]["axis"] = s
    with pytest.raises(chartex.ChartexError):
        chartex.figure_to_dict(s)


def test_nested_too_deep_for_json():
    s = spec()
    deep = s
    for _ in range(100000):
        deep["x"] = {}
        deep = deep["x"]
    survives(s)


def test_odd_field_names():
    df = pd.DataFrame({"a.b": [1.0, 2.0], "c[0]": [3.0, 4.0], "🦜 \u202e": ["x", "y"],
                       "\\": [5.0, 6.0]})
    d = survives(alt.Chart(df).mark_point().encode(x=alt.X("a\\.b:Q"), y="c\\[0\\]:Q",
                                                    color="🦜 \u202e:N"))
    assert d is None or d["type"] in ("scatter", "unknown")


def test_object_columns_of_anything():
    df = pd.DataFrame({"x": [1, "two", None, 3.5, [1], {"a": 1}, b"bytes", True],
                       "y": range(8)})
    survives(alt.Chart(df).mark_point().encode(x="x:N", y="y:Q"))
    survives(alt.Chart(df).mark_point().encode(x="x:Q", y="y:Q"))


def test_many_categories_and_facets_are_bounded():
    n = 3000
    df = pd.DataFrame({"k": ["k%d" % i for i in range(n)], "v": np.arange(n, dtype=float)})
    d = survives(alt.Chart(df).mark_bar().encode(x="k:N", y="v:Q").facet(facet="k:N",
                                                                        columns=10))
    assert d is not None and len(d["elements"]) == 256


def test_huge_heatmap_is_given_as_cells():
    n = 4000
    df = pd.DataFrame({"x": ["x%d" % i for i in range(n)], "y": ["y%d" % i for i in range(n)],
                       "v": np.arange(n, dtype=float)})
    d = survives(alt.Chart(df).mark_rect().encode(x="x:N", y="y:N", color="v:Q"))
    assert d["type"] == "unknown" and len(d["cells"]["values"]) == n


# ---------------------------------------------------------------- plans

def good_plan():
    df = pd.DataFrame({"k": ["a", "b", "a"], "v": [1.0, 2.0, 3.0],
                       "t": pd.to_datetime(["2024-01-01", "2024-01-02", "2024-01-03"])})
    c = alt.layer(alt.Chart(df).mark_bar().encode(x="k:N", y="sum(v):Q", color="k:N"),
                  alt.Chart(df).mark_rule().encode(y="mean(v):Q"))
    return altair_plan.plan(c)


def plan_as_lists(p):
    """The plan with its arrays as lists: the plan's JSON form."""
    out = copy.deepcopy(p)
    for ds in out["datasets"].values():
        ds["columns"] = {k: v.tolist() for k, v in ds["columns"].items()}
    return out


def test_a_plan_reads_as_its_chart():
    p = good_plan()
    assert chartex.figure_to_dict(p) == chartex.figure_to_dict(plan_as_lists(p))
    assert json.loads(json.dumps(plan_as_lists(p), default=str))


@pytest.mark.parametrize("path, value", [
    (("vega",), []),
    (("datasets",), "x"),
    (("notes",), 5),
    (("datasets", "data_0", "rows"), -1),
    (("datasets", "data_0", "rows"), 10 ** 30),
    (("datasets", "data_0", "rows"), 10 ** 6),
    (("datasets", "data_0", "columns"), [1, 2]),
    (("datasets", "data_0", "columns", "k"), np.arange(5.0)),
    (("datasets", "data_0", "columns", "k"), np.zeros((2, 2))),
    (("datasets", "data_0", "columns", "sum_v"), np.array(["1", "x", None], dtype=object)),
    (("datasets", "data_0", "columns", "sum_v"), "abc"),
    (("datasets", "data_0", "columns", "sum_v"), np.array([1, 2, 3], dtype="datetime64[D]")),
    (("datasets", "data_0", "temporal"), 7),
    (("datasets", "data_0", "temporal"), ["k", "sum_v"]),
    (("vega", "scales"), {"x": 1}),
    (("vega", "scales", 0, "domain"), [None, [], {}, float("nan"), 10 ** 400]),
    (("vega", "scales", 0, "domain", "sort"), {"op": "median", "field": "v", "order": 3}),
    (("vega", "scales", 0, "type"), "quantize"),
    (("vega", "marks", 0, "encode", "update", "x"), [{"test": "x"}, 5, None]),
    (("vega", "marks", 0, "encode", "update", "x", "offset"), {"scale": "x", "field": "k"}),
    (("vega", "marks", 0, "from", "data"), "data_0@0"),
    (("vega", "marks", 0, "type"), "group"),
    (("vega", "marks", 0, "style"), ["boxplot-box"]),
    (("vega", "marks", 0, "sort"), {"field": "datum[\"\\\"]", "order": "descending"}),
    (("vega", "title"), {"text": {"signal": "x"}}),
    (("vega", "data", 0, "source"), "data_0"),
])
def test_hostile_plans(path, value):
    p = good_plan()
    target = p
    for step in path[:-1]:
        if isinstance(target, dict) and step not in target and isinstance(step, str):
            target = next(iter(target.values())) if step.startswith("data_") else target
            continue
        target = target[step]
    if isinstance(target, dict) and path[-1] not in target and path[-1].startswith("data_"):
        path = path[:-1] + (next(iter(target)),)
    target[path[-1]] = value
    survives(p)


def test_a_group_nested_deeper_than_the_reader_reads():
    p = good_plan()
    marks = p["vega"]["marks"]
    group = {"type": "group", "marks": marks}
    for _ in range(200):
        group = {"type": "group", "style": "cell", "marks": [group]}
    p["vega"]["marks"] = [group]
    survives(p)


def test_a_dataset_deriving_from_itself():
    p = good_plan()
    for d in p["vega"]["data"]:
        d["source"] = d["name"]
    survives(p)


JSON = st.recursive(st.none() | st.booleans() | st.integers() |
                    st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4) |
                    st.dictionaries(st.text(max_size=6), inner, max_size=4),
                    max_leaves=12)


def places(obj, path=()):
    """Every (path) of a JSON-like value, containers and leaves."""
    yield path
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from places(v, path + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from places(v, path + (i,))


@pytest.fixture(scope="module")
def plan_json():
    return plan_as_lists(good_plan())


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_any_value_anywhere_in_a_plan(plan_json, data):
    p = copy.deepcopy(plan_json)
    spots = [s for s in places(p) if s]
    for _ in range(data.draw(st.integers(1, 4))):
        path = data.draw(st.sampled_from(spots))
        target = p
        try:
            for step in path[:-1]:
                target = target[step]
            target[path[-1]] = data.draw(JSON)
        except (KeyError, IndexError, TypeError):
            continue
    survives(p)


def test_numbers_of_every_size_in_a_plan():
    p = plan_as_lists(good_plan())
    ds = next(iter(p["datasets"].values()))
    for name in ds["columns"]:
        ds["columns"][name] = [1e308, -0.0, 5e-324][:ds["rows"]]
    d = survives(p)
    for e in (d or {}).get("elements", []):
        for v in e.values():
            if isinstance(v, float):
                assert math.isfinite(v)
