"""Altair charts transform by transform: the data a mark shows after the
transform, against pandas' or NumPy's own computation of it from the
source frame (VegaFusion evaluates aggregate, bin, timeUnit, filter,
calculate, fold, window, stack, joinaggregate, impute, lookup; Vega itself,
through vl-convert, density, regression, loess and quantile).
"""
import numpy as np
import pytest

from altair_helpers import encoding, need_altair, read

need_altair()

import altair as alt  # noqa: E402
import pandas as pd  # noqa: E402


@pytest.fixture
def achart(chart):
    return lambda c, **kw: read(chart, c, **kw)


@pytest.fixture
def wide():
    return pd.DataFrame({"year": [2020, 2021, 2022], "apples": [3.0, 5.0, 4.0],
                         "pears": [1.0, 2.0, 6.0]})


@pytest.fixture
def sample():
    rng = np.random.default_rng(7)
    x = rng.uniform(0, 10, 80)
    return pd.DataFrame({"x": x, "y": 2.5 * x + 1 + rng.normal(size=80), "g": rng.choice(["p", "q"], 80)})


def test_filter(achart, wide):
    d = achart(alt.Chart(wide).mark_bar().encode(x="year:O", y="apples:Q")
               .transform_filter(alt.datum.apples > 3))
    assert [(e["label"], e["value"]) for e in d["elements"]] == [("2021", 5.0), ("2022", 4.0)]


def test_calculate(achart, wide):
    d = achart(alt.Chart(wide).mark_line().encode(x="year:Q", y="total:Q")
               .transform_calculate(total="datum.apples + datum.pears"))
    assert d["elements"][0]["points"] == [[2020.0, 4.0], [2021.0, 7.0], [2022.0, 10.0]]
    assert encoding(d, "y")["transform"] == "formula"


def test_fold(achart, wide):
    d = achart(alt.Chart(wide).transform_fold(["apples", "pears"], as_=["fruit", "n"])
               .mark_line().encode(x="year:Q", y="n:Q", color="fruit:N"))
    got = {e["label"]: [p[1] for p in e["points"]] for e in d["elements"]}
    assert got == {"apples": list(wide.apples), "pears": list(wide.pears)}


def test_window_cumulative_sum(achart, wide):
    d = achart(alt.Chart(wide).transform_window(cum="sum(apples)", sort=[{"field": "year"}])
               .mark_line().encode(x="year:Q", y="cum:Q"))
    assert [p[1] for p in d["elements"][0]["points"]] == list(wide.apples.cumsum())
    assert encoding(d, "y")["transform"] == "window"


def test_window_rank(achart, wide):
    d = achart(alt.Chart(wide).transform_window(r="rank()", sort=[{"field": "pears",
                                                                    "order": "descending"}])
               .mark_point().encode(x="pears:Q", y="r:Q"))
    assert sorted(map(tuple, d["elements"][0]["points"])) == [(1.0, 3.0), (2.0, 2.0), (6.0, 1.0)]


def test_joinaggregate(achart, wide):
    d = achart(alt.Chart(wide).transform_joinaggregate(total="sum(apples)")
               .transform_calculate(share="datum.apples / datum.total")
               .mark_bar().encode(x="year:O", y="share:Q"))
    assert [e["value"] for e in d["elements"]] == pytest.approx(list(wide.apples / wide.apples.sum()))


def test_aggregate_transform_and_lookup(achart):
    people = pd.DataFrame({"name": ["ann", "bob", "cy"], "team": [1, 2, 1]})
    teams = pd.DataFrame({"id": [1, 2], "city": ["Oslo", "Rome"]})
    d = achart(alt.Chart(people).transform_lookup(
        lookup="team", from_=alt.LookupData(teams, "id", ["city"]))
        .transform_aggregate(n="count()", groupby=["city"])
        .mark_bar().encode(x="city:N", y="n:Q"), spec_too=False)
    assert [(e["label"], e["value"]) for e in d["elements"]] == [("Oslo", 2.0), ("Rome", 1.0)]


def test_impute(achart):
    df = pd.DataFrame({"x": [0, 1, 2, 0, 2], "y": [1.0, 2, 3, 5, 7], "k": ["a", "a", "a", "b", "b"]})
    d = achart(alt.Chart(df).mark_line().encode(
        x="x:Q", y=alt.Y("y:Q", impute=alt.ImputeParams(value=0)), color="k:N"))
    assert {e["label"]: [p[1] for p in e["points"]] for e in d["elements"]} == {
        "a": [1.0, 2.0, 3.0], "b": [5.0, 0.0, 7.0]}


def test_timeunit_transform(achart):
    df = pd.DataFrame({"when": pd.date_range("2024-01-01", periods=90, freq="D"), "v": 1.0})
    d = achart(alt.Chart(df).transform_timeunit(m="month(when)")
               .mark_bar().encode(x="m:O", y="sum(v):Q"))
    assert [e["value"] for e in d["elements"]] == [31.0, 29.0, 30.0]


def test_bin_transform(achart, sample):
    d = achart(alt.Chart(sample).transform_bin("xb", "x", bin=alt.Bin(step=2))
               .mark_bar().encode(x="xb:Q", x2="xb_end:Q", y="count():Q"))
    for e in d["elements"]:
        inside = ((sample.x >= e["bin"][0]) & (sample.x < e["bin"][1])).sum()
        assert e["value"] == inside
        assert e["bin"][1] - e["bin"][0] == 2.0


def test_regression(achart, sample):
    c = alt.Chart(sample).mark_line().encode(x="x:Q", y="y:Q").transform_regression("x", "y")
    d = achart(c)
    slope, icpt = np.polyfit(sample.x, sample.y, 1)
    pts = d["elements"][0]["points"]
    assert [p[0] for p in pts] == pytest.approx([sample.x.min(), sample.x.max()])
    assert [p[1] for p in pts] == pytest.approx([slope * p[0] + icpt for p in pts])
    assert "data_notes" not in d


def test_regression_by_group(achart, sample):
    d = achart(alt.Chart(sample).mark_line().encode(x="x:Q", y="y:Q", color="g:N")
               .transform_regression("x", "y", groupby=["g"]))
    assert [e["label"] for e in d["elements"]] == ["p", "q"]
    for e in d["elements"]:
        rows = sample[sample.g == e["label"]]
        slope, icpt = np.polyfit(rows.x, rows.y, 1)
        assert [p[1] for p in e["points"]] == pytest.approx([slope * p[0] + icpt
                                                             for p in e["points"]])


def test_polynomial_regression(achart, sample):
    d = achart(alt.Chart(sample).mark_line().encode(x="x:Q", y="y:Q")
               .transform_regression("x", "y", method="poly", order=2, extent=[0, 10]))
    coef = np.polyfit(sample.x, sample.y, 2)
    pts = d["elements"][0]["points"]
    assert pts[0][0] == 0.0 and pts[-1][0] == 10.0
    assert [p[1] for p in pts] == pytest.approx([np.polyval(coef, p[0]) for p in pts], rel=1e-6)


def test_loess(achart, sample):
    d = achart(alt.Chart(sample).mark_line().encode(x="x:Q", y="y:Q")
               .transform_loess("x", "y", bandwidth=0.5))
    xs = [p[0] for p in d["elements"][0]["points"]]
    ys = [p[1] for p in d["elements"][0]["points"]]
    assert xs == sorted(xs) and len(xs) == len(set(sample.x))
    # a smooth of a line with unit noise stays within a few units of it
    assert np.abs(np.array(ys) - (2.5 * np.array(xs) + 1)).max() < 2


def test_density(achart, sample):
    d = achart(alt.Chart(sample).transform_density("x", as_=["x", "density"])
               .mark_area().encode(x="x:Q", y="density:Q"))
    pts = np.array(d["elements"][0]["points"])
    assert len(pts) > 50
    assert pts[0, 0] == sample.x.min() and pts[-1, 0] == sample.x.max()
    # a Gaussian kernel of vega-statistics' bandwidth (Scott's rule of thumb)
    v = sample.x.to_numpy()
    q1, q3 = np.quantile(v, [0.25, 0.75])
    h = 1.06 * min(v.std(ddof=1), (q3 - q1) / 1.34) * len(v) ** -0.2
    want = [np.exp(-0.5 * ((x - v) / h) ** 2).sum() / (len(v) * h * np.sqrt(2 * np.pi))
            for x in pts[:, 0]]
    assert list(pts[:, 1]) == pytest.approx(want, rel=1e-9)


def test_density_by_group(achart, sample):
    d = achart(alt.Chart(sample).transform_density("x", groupby=["g"], as_=["x", "density"])
               .mark_line().encode(x="x:Q", y="density:Q", color="g:N"))
    assert [e["label"] for e in d["elements"]] == ["p", "q"]


def test_quantile(achart, sample):
    d = achart(alt.Chart(sample).transform_quantile("y", step=0.1)
               .mark_point().encode(x="prob:Q", y="value:Q"))
    pts = d["elements"][0]["points"]
    probs = [p[0] for p in pts]
    assert probs == pytest.approx(list(np.arange(0.05, 1, 0.1)))
    assert [p[1] for p in pts] == pytest.approx(list(np.quantile(sample.y, probs)))


def test_too_large_for_vega_says_why(achart):
    from chartex._altair import probe

    big = pd.DataFrame({"x": np.arange(probe.MAX_ROWS + 10.0), "y": 1.0})
    d = achart(alt.Chart(big).mark_line().encode(x="x:Q", y="y:Q")
               .transform_regression("x", "y"), spec_too=False)
    (note,) = d["data_notes"]
    assert note["reason"].startswith("not evaluated: VegaFusion cannot evaluate regression")
    assert note["reason"].endswith("too large for Vega here (over %d rows)" % probe.MAX_ROWS)


def test_dates_vegafusion_cannot_parse_are_vegas(achart):
    # Altair's falkensee example: years as texts on a temporal axis.
    # VegaFusion cannot parse "1875"; Vega (JavaScript's Date) reads it as
    # 1 January 1875, UTC, and so does the chart, with no note.
    df = pd.DataFrame({"year": ["1875", "1890", "1910"], "population": [1309, 1558, 4512]})
    d = achart(alt.Chart(df).mark_line().encode(x="year:T", y="population:Q"))
    assert "data_notes" not in d
    (line,) = d["elements"]
    want = pd.to_datetime(df.year).dt.strftime("%Y-%m-%dT%H:%M:%S").tolist()
    assert line["points"] == [[t, float(p)] for t, p in zip(want, df.population)]
    # bigger than Vega takes here: the note stays, with its reason
    from chartex._altair import probe

    big = pd.DataFrame({"year": ["1875"] * (probe.MAX_ROWS + 1), "v": 1.0})
    d = achart(alt.Chart(big).mark_point().encode(x="year:T", y="v:Q"), spec_too=False)
    (note,) = d["data_notes"]
    assert note["reason"].endswith("too large for Vega here (over %d rows)" % probe.MAX_ROWS)
