"""Candlestick and OHLC charts from matplotlib, as a price chart's reader
reads them: one element per candle with its date and the open, high, low
and close that were plotted (src/chart/candles.c decides them from the numbers).
Every idiom is drawn first, as a kernel renders a figure before its
formatter runs, and read back by E2B's client where it is installed.
mplfinance is a test dependency only: its cases skip without it
(Debian's Python); the manual idioms run on both matplotlib versions."""
import datetime as dt
import io

import numpy as np
import pytest

import chartex
from golden import iso

from chartex._matplotlib import compat as _compat

DATES = np.array(["2024-01-01", "2024-01-02", "2024-01-03", "2024-01-04",
                  "2024-01-05", "2024-01-08"], dtype="datetime64[D]")
OPEN = np.array([10.0, 11.0, 10.5, 12.0, 11.0, 12.0])
HIGH = np.array([11.5, 11.2, 12.3, 12.4, 12.8, 12.5])
LOW = np.array([9.5, 10.2, 10.1, 11.2, 10.8, 11.5])
CLOSE = np.array([11.0, 10.5, 12.0, 11.5, 12.5, 11.8])
VOLUME = np.array([100, 200, 150, 120, 300, 90])
KEYS = ["label", "group", "value", "base", "open", "high", "low", "close"]


def drawn(fig):
    fig.savefig(io.BytesIO(), format="png")
    return fig


def e2b_read(d):
    """E2B's client reads the chart (its own types), where installed."""
    try:
        from e2b_code_interpreter import charts
    except ImportError:
        return
    obj = charts._deserialize_chart(d)
    assert obj is not None and obj.type.value == d["type"]


def assert_candles(chart_dict, labels, group="Group 0", kind="candlestick",
                   o=OPEN, h=HIGH, lo=LOW, c=CLOSE):
    """The candles of a bar chart are exactly the plotted ones, in date
    order."""
    d = chart_dict
    assert d["type"] == "bar" and d["orientation"] == "vertical"
    assert d["financial"] == kind
    els = d["elements"]
    assert [e["label"] for e in els] == list(labels)
    assert all(list(e) == KEYS for e in els), els[0]
    assert [e["group"] for e in els] == [group] * len(labels)
    assert [e["open"] for e in els] == o.tolist()
    assert [e["high"] for e in els] == h.tolist()
    assert [e["low"] for e in els] == lo.tolist()
    assert [e["close"] for e in els] == c.tolist()
    assert [e["base"] for e in els] == o.tolist()
    # close - open, to the prices' own digits (11.8 - 12.0 reads -0.2)
    assert [e["value"] for e in els] == [float(round(v, 12)) for v in (c - o).tolist()]


# ------------------------------------------------------ the manual idiom

@pytest.mark.parametrize("form", ["datetime64", "pandas", "datetime"])
def test_vlines_and_floating_bars(chart, fig_ax, form):
    fig, ax = fig_ax
    if form == "pandas":
        pd = pytest.importorskip("pandas")
        x = pd.DatetimeIndex(DATES)
    elif form == "datetime":
        x = [dt.datetime(2024, 1, d.astype(object).day) for d in DATES]
    else:
        x = DATES
    ax.vlines(x, LOW, HIGH, color="k")
    ax.bar(x, CLOSE - OPEN, bottom=OPEN, width=0.6)
    ax.set_ylabel("Price (USD)")
    d = chart(drawn(fig))
    assert_candles(d, [iso(v) for v in DATES])
    assert d["y_unit"] == "USD"
    e2b_read(d)


def test_up_and_down_candles_in_two_calls(chart, fig_ax):
    fig, ax = fig_ax
    up = CLOSE >= OPEN
    down = ~up
    for sel, colour in ((up, "green"), (down, "red")):
        ax.vlines(DATES[sel], LOW[sel], HIGH[sel], color=colour)
        ax.bar(DATES[sel], (CLOSE - OPEN)[sel], bottom=OPEN[sel], width=0.6, color=colour)
    d = chart(drawn(fig))
    # one series, in date order, whatever the order of drawing
    assert_candles(d, [iso(v) for v in DATES])
    e2b_read(d)


def test_candles_drawn_with_bars_alone(chart, fig_ax):
    # A tutorial's way: for rising and for falling days, the bodies and
    # thin bars from the body up to the high and down to the low.
    pd = pytest.importorskip("pandas")
    prices = pd.DataFrame({"open": OPEN, "close": CLOSE, "high": HIGH, "low": LOW},
                          index=pd.DatetimeIndex(DATES))
    up = prices[prices.close >= prices.open]
    down = prices[prices.close < prices.open]
    fig, ax = fig_ax
    width, width2 = 0.4, 0.05
    ax.bar(up.index, up.close - up.open, width, bottom=up.open, color="green")
    ax.bar(up.index, up.high - up.close, width2, bottom=up.close, color="green")
    ax.bar(up.index, up.low - up.open, width2, bottom=up.open, color="green")
    ax.bar(down.index, down.close - down.open, width, bottom=down.open, color="red")
    ax.bar(down.index, down.high - down.open, width2, bottom=down.open, color="red")
    ax.bar(down.index, down.low - down.close, width2, bottom=down.close, color="red")
    d = chart(drawn(fig))
    assert_candles(d, [iso(v) for v in DATES])
    e2b_read(d)


def test_labelled_bodies_name_the_group(chart, fig_ax):
    fig, ax = fig_ax
    ax.bar(DATES, CLOSE - OPEN, bottom=OPEN, width=0.6, label="ACME")
    ax.vlines(DATES, LOW, HIGH)
    d = chart(drawn(fig))
    assert_candles(d, [iso(v) for v in DATES], group="ACME")


def test_candles_drawn_one_by_one(chart, fig_ax):
    # The old mpl_finance way: a Rectangle and a Line2D per candle.
    from matplotlib.lines import Line2D
    from matplotlib.patches import Rectangle

    fig, ax = fig_ax
    x = np.arange(len(OPEN), dtype=float)
    for i in range(len(OPEN)):
        ax.add_line(Line2D([x[i], x[i]], [LOW[i], HIGH[i]]))
        ax.add_patch(Rectangle((x[i] - 0.3, OPEN[i]), 0.6, CLOSE[i] - OPEN[i]))
    ax.autoscale_view()
    ax.set_xticks(x, [str(v) for v in DATES])
    d = chart(drawn(fig))
    assert_candles(d, [str(v) for v in DATES])
    assert "shapes" not in d


def test_a_moving_average_beside_the_candles(chart, fig_ax):
    fig, ax = fig_ax
    mav = np.convolve(CLOSE, [0.5, 0.5], mode="full")[:len(CLOSE)]
    ax.vlines(DATES, LOW, HIGH)
    ax.bar(DATES, CLOSE - OPEN, bottom=OPEN, width=0.6)
    ax.plot(DATES, mav, label="mav 2")
    d = chart(drawn(fig))
    assert d["type"] == "superchart" and d["overlaid"] is True
    bars, line = d["elements"]
    assert_candles(bars, [iso(v) for v in DATES])
    assert line["type"] == "line" and [e["label"] for e in line["elements"]] == ["mav 2"]
    assert [p[1] for p in line["elements"][0]["points"]] == mav.tolist()


def test_bars_with_range_lines_stay_bars(chart, fig_ax):
    # Bars from 0 with a min-max line over each: no candles.
    fig, ax = fig_ax
    ax.bar([0, 1, 2], [3, 5, 4])
    ax.vlines([0, 1, 2], [2, 4, 3], [4, 6, 5])
    d = chart(drawn(fig))
    assert d["type"] == "superchart"
    assert [c["type"] for c in d["elements"]] == ["bar", "line"]
    assert "financial" not in d["elements"][0]
    assert [e["value"] for e in d["elements"][0]["elements"]] == [3, 5, 4]


def test_a_gantt_of_floating_bars_stays_bars(chart, fig_ax):
    fig, ax = fig_ax
    ax.bar([0, 1], [2, 3], bottom=[1, 4])
    d = chart(drawn(fig))
    assert "financial" not in d
    assert [e["base"] for e in d["elements"]] == [1, 4]


# ------------------------------------------------------------ mplfinance

def mpf_frame():
    pd = pytest.importorskip("pandas")
    return pd.DataFrame({"Open": OPEN, "High": HIGH, "Low": LOW, "Close": CLOSE,
                         "Volume": VOLUME}, index=pd.DatetimeIndex(DATES))


@pytest.fixture
def mpf():
    return pytest.importorskip("mplfinance", reason="mplfinance is not installed")


@pytest.mark.parametrize("kind", ["candle", "ohlc", "hollow_and_filled"])
def test_mplfinance(chart, mpf, kind):
    fig, _ = mpf.plot(mpf_frame(), type=kind, returnfig=True)
    d = chart(drawn(fig))
    assert_candles(d, [iso(v) for v in DATES],
                   kind="ohlc" if kind == "ohlc" else "candlestick")
    assert d["y_label"] == "Price"
    e2b_read(d)


@pytest.mark.parametrize("kind", ["candle", "ohlc"])
def test_mplfinance_volume_and_mav(chart, mpf, kind):
    fig, _ = mpf.plot(mpf_frame(), type=kind, volume=True, mav=(2,), returnfig=True)
    d = chart(drawn(fig))
    assert d["type"] == "superchart"
    prices, volume = d["elements"]
    assert prices["overlaid"] is True
    candles, mav = prices["elements"]
    assert_candles(candles, [iso(v) for v in DATES],
                   kind="ohlc" if kind == "ohlc" else "candlestick")
    # the moving average and the volume are dated too
    assert [p[0] for p in mav["elements"][0]["points"]] == [iso(v) for v in DATES]
    assert mav["x_scale"] == "categorical"
    assert volume["type"] == "bar" and "financial" not in volume
    assert [(e["label"], e["value"]) for e in volume["elements"]] == \
        [(iso(v), float(n)) for v, n in zip(DATES, VOLUME)]
    e2b_read(d)


def test_mplfinance_show_nontrading(chart, mpf):
    # Plain date numbers under a DateFormatter: a date axis.
    fig, _ = mpf.plot(mpf_frame(), type="candle", show_nontrading=True, returnfig=True)
    d = chart(drawn(fig))
    assert_candles(d, [iso(v) for v in DATES])


def test_mplfinance_line_is_dated(chart, mpf):
    fig, _ = mpf.plot(mpf_frame(), type="line", returnfig=True)
    d = chart(drawn(fig))
    assert d["type"] == "line"
    assert d["elements"][0]["points"] == [[iso(v), c] for v, c in zip(DATES, CLOSE.tolist())]


# ------------------------------------------- _compat.index_dates, pinned

def test_index_dates_reads_mplfinance_formatter(mpf):
    from mplfinance._utils import IntegerIndexDateTimeFormatter
    import matplotlib.dates as mdates
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots()
    stamps = [dt.datetime(2024, 1, 2), dt.datetime(2024, 1, 3, 9, 30, 0, 250)]
    ax.xaxis.set_major_formatter(IntegerIndexDateTimeFormatter(mdates.date2num(stamps)))
    assert _compat.index_dates(ax.xaxis) == ["2024-01-02T00:00:00",
                                            "2024-01-03T09:30:00.000250"]
    assert _compat.axis_kind(ax, ax.xaxis, 0)[:2] == (
        _compat.CATEGORY, ["2024-01-02T00:00:00", "2024-01-03T09:30:00.000250"])


def test_index_dates_fallback():
    # A formatter of that name without its dates (a later mplfinance):
    # no dates, the axis stays numeric and its tick labels name the bars.
    import matplotlib.pyplot as plt
    from matplotlib.ticker import Formatter

    class IntegerIndexDateTimeFormatter(Formatter):
        def __call__(self, x, pos=None):
            return "day %d" % x

    fig, ax = plt.subplots()
    ax.xaxis.set_major_formatter(IntegerIndexDateTimeFormatter())
    assert _compat.index_dates(ax.xaxis) is None
    assert _compat.axis_kind(ax, ax.xaxis, 0)[0] == _compat.NUMERIC
    # dates it cannot say are empty names
    fmt = IntegerIndexDateTimeFormatter()
    fmt.dates = [np.nan, 19723.0 + _compat.date_epoch()]
    ax.xaxis.set_major_formatter(fmt)
    assert _compat.index_dates(ax.xaxis) == ["", "2024-01-01T00:00:00"]


def test_date_formatter_on_plain_numbers_is_a_date_axis(chart, fig_ax):
    import matplotlib.dates as mdates

    fig, ax = fig_ax
    x = mdates.date2num(DATES)
    ax.bar(np.asarray(x, dtype=float), VOLUME)
    ax.xaxis.set_major_formatter(mdates.DateFormatter("%b %d"))
    d = chart(drawn(fig))
    assert [e["label"] for e in d["elements"]] == [iso(v) for v in DATES]


def test_scene_json_reproduces_the_candles(fig_ax):
    fig, ax = fig_ax
    ax.vlines(DATES, LOW, HIGH)
    ax.bar(DATES, CLOSE - OPEN, bottom=OPEN, width=0.6)
    drawn(fig)
    assert chartex.scene_json_to_dict(chartex.figure_to_scene_json(fig)) == \
        chartex.figure_to_dict(fig)
