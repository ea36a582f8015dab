"""pandas period axes: Series.plot() of a DatetimeIndex with a regular
frequency plots Period ordinals.  The chart gives the index's own dates
(a week's last day, which is where pandas anchors every weekly frequency;
the first instant of the other periods), on lines and on bars, drawn or
not, and the ticks agree with their labels.  doc/schema.md, "Values"."""
import io
import re

import matplotlib.pyplot as plt
import numpy as np
import pytest

pd = pytest.importorskip("pandas")

from golden import iso  # noqa: E402

NEW = tuple(int(p) for p in pd.__version__.split(".")[:2]) >= (2, 2)
# pandas >= 3 plots bars on a period axis; before, at integer positions.
BARS_ON_PERIODS = tuple(int(p) for p in pd.__version__.split(".")[:1]) >= (3,)
ME, QE, YE, H = ("ME", "QE", "YE", "h") if NEW else ("M", "Q", "A", "H")

# Frequencies whose index holds the period's own anchor day: the chart gives
# the index's dates exactly.
OWN = ["D", "B", "W-SUN", "W-MON", "W-TUE", "W-WED", "W-THU", "W-FRI",
       "W-SAT", "MS", "QS", "YS", H]
# Anchored on the end: pandas keeps only the Period, which the chart gives
# by its first day (the same Period as for MS / QS / YS).
END = [ME, QE, YE]

MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep",
          "Oct", "Nov", "Dec"]


def series(freq, n=30):
    idx = pd.date_range("2024-01-07", periods=n, freq=freq)
    return pd.Series(np.arange(n, dtype=float) * 1.5 - 3, index=idx)


def drawn(fig):
    fig.savefig(io.BytesIO())  # as a kernel does before the formatter runs
    return fig


def period_start_iso(idx, freq):
    return [iso(t) for t in idx.to_period(freq).to_timestamp(how="start")]


def check_tick_agrees(tick, label):
    """Each line of a pandas period-axis label names a part of its tick's
    date: a year, a month name, Qn, a day of the month or a time."""
    t = pd.Timestamp(tick)
    for part in label.split("\n"):
        part = part.strip()
        if not part:
            continue
        if re.fullmatch(r"\d{4}", part):
            assert int(part) == t.year, (tick, label)
        elif part in MONTHS:
            assert MONTHS.index(part) + 1 == t.month, (tick, label)
        elif re.fullmatch(r"Q[1-4]", part):
            assert int(part[1]) == t.quarter, (tick, label)
        elif re.fullmatch(r"\d\d?", part):
            assert int(part) == t.day, (tick, label)
        elif re.fullmatch(r"\d\d:\d\d", part):
            assert part == t.strftime("%H:%M"), (tick, label)
        elif re.fullmatch(r"\d\d-[A-Z][a-z]{2}", part):  # 07-Jan (hourly)
            assert part == t.strftime("%d-%b"), (tick, label)
        else:
            pytest.fail("unexpected tick label part %r of %r" % (part, label))


@pytest.mark.parametrize("draw", [False, True], ids=["fresh", "drawn"])
@pytest.mark.parametrize("freq", OWN + END)
def test_line_points_are_the_index_dates(chart, freq, draw):
    s = series(freq)
    fig, ax = plt.subplots()
    s.plot(ax=ax)
    if draw:
        drawn(fig)
    d = chart(fig)
    assert d["type"] == "line" and d["x_scale"] == "datetime"
    (el,) = d["elements"]
    if freq in OWN:
        want = [iso(t) for t in s.index]
    else:
        want = period_start_iso(s.index, {ME: "M", QE: "Q", YE: "Y" if NEW else "A"}[freq])
    assert [p[0] for p in el["points"]] == want
    assert [p[1] for p in el["points"]] == s.tolist()
    assert d["x_ticks"], "a period axis has ticks"
    for tick, label in zip(d["x_ticks"], d["x_tick_labels"]):
        check_tick_agrees(tick, label)


@pytest.mark.parametrize("freq", ["W-SUN", "W-WED", "W-SAT"])
def test_weekly_ticks_agree_with_labels(chart, freq):
    # The issue's case: a tick at 2024-01-29 labelled "Feb" (the start of
    # the week that holds Feb 1); the week's own date is 2024-02-04.
    s = series(freq, n=60)
    fig, ax = plt.subplots()
    s.plot(ax=ax)
    d = chart(drawn(fig))
    assert len(d["x_ticks"]) >= 3
    named = [t for t, lab in zip(d["x_ticks"], d["x_tick_labels"])
             if any(m in lab for m in MONTHS)]
    assert named
    for tick, label in zip(d["x_ticks"], d["x_tick_labels"]):
        check_tick_agrees(tick, label)
        assert pd.Timestamp(tick).day_name()[:3].upper() == freq[2:], tick


def test_weekly_sunday_example_from_the_issue(chart):
    idx = pd.date_range("2024-01-07", periods=8, freq="W-SUN")
    s = pd.Series([3.0, 1, 4, 1, 5, 9, 2, 6], index=idx, name="visits")
    fig, ax = plt.subplots()
    s.plot(ax=ax)
    d = chart(drawn(fig))
    assert d["elements"][0]["points"][:2] == [["2024-01-07T00:00:00", 3.0],
                                              ["2024-01-14T00:00:00", 1.0]]
    assert all(pd.Timestamp(p[0]).dayofweek == 6 for p in d["elements"][0]["points"])


@pytest.mark.parametrize("draw", [False, True], ids=["fresh", "drawn"])
@pytest.mark.parametrize("freq", OWN)
def test_bar_labels_are_the_index_dates(chart, freq, draw):
    s = series(freq, n=8)
    fig, ax = plt.subplots()
    s.plot.bar(ax=ax)
    if draw:
        drawn(fig)
    d = chart(fig)
    assert d["type"] == "bar"
    assert [e["value"] for e in d["elements"]] == s.tolist()
    labels = [e["label"] for e in d["elements"]]
    if BARS_ON_PERIODS:
        # pandas >= 3 plots bars on a period axis: ISO dates.
        assert labels == [iso(t) for t in s.index]
    else:
        # Older pandas: integer positions named by the index' own text.
        assert labels == [str(t) for t in s.index]


def test_period_indexed_series(chart):
    # Period-indexed data: a week by its last day, a month by its first.
    w = pd.Series([1.0, 2.0, 3.0],
                  index=pd.period_range("2024-01-01", periods=3, freq="W-SUN"))
    m = pd.Series([1.0, 2.0, 3.0],
                  index=pd.period_range("2024-01", periods=3, freq="M"))
    fig, (a1, a2) = plt.subplots(2)
    w.plot(ax=a1)
    m.plot(ax=a2)
    d = chart(drawn(fig))
    weekly, monthly = d["elements"]
    assert [p[0] for p in weekly["elements"][0]["points"]] == [
        "2024-01-07T00:00:00", "2024-01-14T00:00:00", "2024-01-21T00:00:00"]
    assert [p[0] for p in monthly["elements"][0]["points"]] == [
        "2024-01-01T00:00:00", "2024-02-01T00:00:00", "2024-03-01T00:00:00"]
