"""Property tests of the Altair reader over random data and encodings: the
chart holds exactly what VegaFusion's transformed data (Altair's own
chart.transformed_data(), which runs VegaFusion apart from chartex's
plan) says the marks show: every bar's category, group and value; every
point; every line's points in the order Vega draws them.  Categories and
groups are the texts Vega gives values (JavaScript's String() of a
number).
"""
import math
from collections import Counter

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

CATS = ["a", "b", "c", "Ωmega", "🦜", "10", "2"]
SETTINGS = settings(max_examples=int(60 * golden.HYPOTHESIS_SCALE)
                    if hasattr(golden, "HYPOTHESIS_SCALE") else 60,
                    deadline=None, suppress_health_check=list(HealthCheck))


def js_text(v):
    """Vega's text of a category value (JavaScript's String())."""
    if isinstance(v, str):
        return v
    if float(v).is_integer() and abs(v) < 1e21:
        return "%d" % v
    return repr(float(v))


@st.composite
def frames(draw):
    n = draw(st.integers(1, 40))
    cat = draw(st.lists(st.sampled_from(CATS), min_size=n, max_size=n))
    grp = draw(st.lists(st.sampled_from(["p", "q", "r"]), min_size=n, max_size=n))
    num = st.floats(-1e6, 1e6, allow_nan=False) | st.integers(-1000, 1000).map(float)
    val = draw(st.lists(num | st.just(float("nan")), min_size=n, max_size=n))
    x = draw(st.lists(num, min_size=n, max_size=n))
    return pd.DataFrame({"cat": cat, "grp": grp, "val": val, "x": x})


def finite(v):
    return v is not None and not (isinstance(v, float) and math.isnan(v))


@SETTINGS
@given(df=frames(), op=st.sampled_from(["sum", "mean", "min", "max", "count", "median"]),
       colour=st.booleans(), horizontal=st.booleans())
def test_bars_are_the_transformed_aggregates(df, op, colour, horizontal):
    agg = alt.Y("%s(val):Q" % op) if not horizontal else alt.X("%s(val):Q" % op)
    cat = alt.X("cat:N") if not horizontal else alt.Y("cat:N")
    enc = {"y" if not horizontal else "x": agg, "x" if not horizontal else "y": cat}
    if colour:
        enc["color"] = "grp:N"
    c = alt.Chart(df).mark_bar().encode(**enc)
    d = chartex.figure_to_dict(c)
    golden.check_chart(d)
    t = c.transformed_data()
    field = "__count" if op == "count" else "%s_val" % op
    if t is None or len(t) == 0:
        assert d == {} or d["type"] in ("bar", "unknown")
        return
    assert d["type"] == "bar"
    assert d["orientation"] == ("horizontal" if horizontal else "vertical")
    want = Counter()
    for _, row in t.iterrows():
        v = row[field]
        want[(js_text(row["cat"]), row["grp"] if colour else None,
              float(v) if finite(v) else None)] += 1
    got = Counter((e["label"], e["group"] if colour else None, e["value"])
                  for e in d["elements"])
    assert got == want


@SETTINGS
@given(df=frames(), colour=st.booleans())
def test_points_are_the_rows(df, colour):
    enc = {"x": "x:Q", "y": "val:Q"}
    if colour:
        enc["color"] = "grp:N"
    c = alt.Chart(df).mark_point().encode(**enc)
    d = chartex.figure_to_dict(c)
    golden.check_chart(d)
    t = c.transformed_data()
    want = Counter((r["grp"] if colour else None, float(r["x"]),
                    float(r["val"]) if finite(r["val"]) else None)
                   for _, r in t.iterrows())
    got = Counter((e["label"] if colour else None, p[0], p[1])
                  for e in d.get("elements", []) for p in e["points"])
    assert got == want


@SETTINGS
@given(df=frames())
def test_lines_are_drawn_in_x_order(df):
    c = alt.Chart(df).mark_line().encode(x="x:Q", y="val:Q", color="grp:N")
    d = chartex.figure_to_dict(c)
    t = c.transformed_data()
    for e in d.get("elements", []):
        rows = t[t.grp == e["label"]]
        xs = [p[0] for p in e["points"]]
        assert xs == sorted(xs)
        assert Counter(xs) == Counter(float(v) for v in rows.x)
        for x, y in e["points"]:
            ys = [float(v) if finite(v) else None for v in rows.val[rows.x == x]]
            assert y in ys


@SETTINGS
@given(df=frames(), maxbins=st.integers(2, 60))
def test_histogram_counts_every_value(df, maxbins):
    c = alt.Chart(df).mark_bar().encode(alt.X("x:Q", bin=alt.Bin(maxbins=maxbins)), y="count()")
    d = chartex.figure_to_dict(c)
    t = c.transformed_data()
    # every value Vega bins (it leaves out one that rounds past the last
    # bin's end: 999999.9999999999 of nice bins ending at 1e6, Vega in
    # vl-convert as VegaFusion)
    assert sum(e["value"] for e in d["elements"]) == t["__count"].sum()
    assert len(df) - t["__count"].sum() <= 1
    assert Counter((e["bin"][0], e["bin"][1], e["value"]) for e in d["elements"]) == Counter(
        zip(t["bin_maxbins_%d_x" % maxbins], t["bin_maxbins_%d_x_end" % maxbins],
            t["__count"].astype(float)))
    for e in d["elements"]:
        assert e["bin"][0] < e["bin"][1]
        # named by its centre, written to the precision the bar's width
        # justifies (issue 30's rule: 0.3, not 0.30000000000000004)
        width = e["bin"][1] - e["bin"][0]
        assert float(e["label"]) == pytest.approx((e["bin"][0] + e["bin"][1]) / 2,
                                                  rel=1e-12, abs=width * 1e-6)


@SETTINGS
@given(df=frames())
def test_pie_angles_are_shares(df):
    c = alt.Chart(df).mark_arc().encode(theta="count():Q", color="cat:N")
    d = chartex.figure_to_dict(c)
    counts = df.cat.value_counts()
    got = {e["label"]: e["angle"] for e in d["elements"]}
    assert got == pytest.approx({js_text(k): v / len(df) * 360 for k, v in counts.items()})
