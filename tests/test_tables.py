"""Tables: chartex.frame_to_dict / frame_to_json (the e2b/data dict) against
each frame's own values, dtype by dtype, on the pandas of this interpreter
(1.5 on Debian's Python, the current one in the venv) and polars where it
is installed; hostile frames; the dict and the JSON agree; no leak; no
Python object per value on the JSON path; the e2b/data and strict
application/json formatters in an in-process IPython shell.
"""
import datetime as dt
import decimal
import gc
import json
import math
import os
import sys

import numpy as np
import pytest

import chartex
import golden

pd = pytest.importorskip("pandas")

PANDAS_MAJOR = int(pd.__version__.split(".")[0])


def both(obj, **kw):
    """frame_to_dict, checked against frame_to_json: equal, and the JSON
    strict and byte for byte json.dumps of the dict."""
    d = chartex.frame_to_dict(obj, **kw)
    text = chartex.frame_to_json(obj, **kw)
    assert golden.strict_loads(text) == d
    assert text == json.dumps(d, separators=(",", ":"), ensure_ascii=False)
    assert all(isinstance(k, str) for k in d)
    return d


# -------------------------------------------------- the frame's own values

def ref_value(v):
    """What the e2b/data dict holds for one value, computed from the value
    itself the slow way (the documented form of each type)."""
    if v is None or v is pd.NA or v is pd.NaT:
        return None
    if isinstance(v, (bool, np.bool_)):
        return bool(v)
    if isinstance(v, (int, np.integer)):
        # Past 64 bits: the digits as text.
        return int(v) if -(2 ** 63) <= v < 2 ** 64 else str(int(v))
    if isinstance(v, (float, np.floating)):
        return float(v) if math.isfinite(v) else None
    if isinstance(v, (complex, np.complexfloating)):
        if math.isnan(v.real) or math.isnan(v.imag):
            return None
        return [ref_value(float(v.real)), ref_value(float(v.imag))]
    if isinstance(v, (pd.Timestamp, pd.Timedelta)):
        return v.isoformat()
    if isinstance(v, np.datetime64):
        return None if np.isnat(v) else pd.Timestamp(v).isoformat()
    if isinstance(v, np.timedelta64):
        return None if np.isnat(v) else pd.Timedelta(v).isoformat()
    if isinstance(v, decimal.Decimal):
        return str(v) if v.is_finite() else None
    if isinstance(v, (dt.datetime, dt.date, dt.time)):
        return v.isoformat()
    if isinstance(v, dt.timedelta):
        return pd.Timedelta(v).isoformat()
    if isinstance(v, bytes):
        return v.decode("utf-8", "backslashreplace")
    if isinstance(v, str):
        # A lone surrogate is one U+FFFD.
        return "".join("\ufffd" if "\ud800" <= c <= "\udfff" else c for c in v)
    return str(v)


def ref_column(values):
    if isinstance(values.dtype, (pd.PeriodDtype, pd.IntervalDtype)):
        return [None if pd.isna(v) else str(v) for v in values]
    return [ref_value(v) for v in list(values)]


N = 7
rng = np.random.default_rng(7)
DTYPES = {
    "float64": pd.Series([0.1, np.nan, np.inf, -0.0, 1e300, 5e-324, 2.5]),
    "float32": pd.Series(np.array([0.1, np.nan, 1, 2, 3, 4, 5], dtype=np.float32)),
    "float16": pd.Series(np.array([0.1, np.nan, 1, 2, 3, 4, 5], dtype=np.float16)),
    "int64": pd.Series([np.iinfo(np.int64).min, -1, 0, 1, 2, 3, np.iinfo(np.int64).max]),
    "int8": pd.Series(np.arange(-3, 4, dtype=np.int8)),
    "uint64": pd.Series(np.array([0, 1, 2, 3, 4, 5, 2 ** 64 - 1], dtype=np.uint64)),
    "bool": pd.Series([True, False, True, True, False, False, True]),
    "Int64": pd.Series([1, None, -3, 4, 5, 6, 2 ** 62], dtype="Int64"),
    "UInt8": pd.Series([1, None, 3, 4, 5, 6, 255], dtype="UInt8"),
    "Float64": pd.Series([1.5, None, 3, 4, 5, 6, 7], dtype="Float64"),
    "boolean": pd.Series([True, None, False, True, True, False, None], dtype="boolean"),
    "datetime": pd.Series(pd.to_datetime([
        pd.Timestamp(x) if x else None
        for x in ["2024-01-01", None, "2024-01-01 00:00:00.5", "1969-12-31 23:59:59.999999999",
                  "1677-09-22", "2262-04-11", "2024-02-29 12:00"]])),
    "datetime_tz": pd.Series(pd.date_range("2024-03-31 00:30", periods=N, freq="37min",
                                           tz="Europe/Berlin")).where(lambda s: s.index != 2),
    "datetime_utc": pd.Series(pd.date_range("2024-01-01", periods=N, freq="h", tz="UTC")),
    "datetime_fixed": pd.Series(pd.date_range("2024-01-01", periods=N, freq="D",
                                              tz=dt.timezone(dt.timedelta(hours=-5, minutes=-30)))),
    "timedelta": pd.Series(pd.to_timedelta([3600, None, -1, 0, 0.5, 86400 * 3 + 1, -86400 * 2.5],
                                           unit="s")),
    "period_M": pd.Series(pd.period_range("2024-01", periods=N, freq="M")),
    "period_Q": pd.Series(pd.period_range("2024Q1", periods=N, freq="Q")),
    "interval": pd.Series(pd.interval_range(0, N)),
    "category_str": pd.Series(pd.Categorical(["a", "b", None, "a", "c", "b", "a"])),
    "category_int": pd.Series(pd.Categorical([3, 1, None, 3, 2, 1, 1])),
    "category_date": pd.Series(pd.Categorical(pd.to_datetime(["2024-01-01"] * 6 + [None]))),
    "complex": pd.Series([1 + 2j, complex("nan"), complex(1, float("inf")), 0j, -1j, 2, 3]),
    "decimal": pd.Series([decimal.Decimal("1.10"), decimal.Decimal("NaN"), decimal.Decimal("-0"),
                          decimal.Decimal("1e-30"), decimal.Decimal("Infinity"),
                          decimal.Decimal("123456789012345678901234567890"), None]),
    "string": pd.Series(["a", None, "", "é", "日本", "\U0001F600", "x\x00y"], dtype="string"),
    "object_str": pd.Series(["a", None, "", "é", "日本", "\ud800x", "\n\"\\"], dtype=object),
    "bytes": pd.Series([b"ab", b"\xff\x00", None, b"", "str", 1, 2.5]),
    "object_mixed": pd.Series([1, 2.5, "x", None, True, dt.date(2024, 1, 2), [1, 2]]),
    "object_dates": pd.Series([dt.datetime(2024, 1, 1, tzinfo=dt.timezone.utc), dt.date(2024, 1, 1),
                               dt.time(1, 2, 3), dt.timedelta(days=-1, seconds=5), pd.NaT, pd.NA,
                               np.datetime64("2024-01-01T01")]),
    "object_big_ints": pd.Series([2 ** 70, -(2 ** 70), 2 ** 64 - 1, -(2 ** 63), np.int64(5),
                                  np.uint64(2 ** 64 - 1), np.float32(0.5)], dtype=object),
    "sparse": pd.Series(pd.arrays.SparseArray([0.0, 0, 1, 0, np.nan, 2, 0])),
}
if PANDAS_MAJOR >= 2:
    DTYPES["datetime_s"] = pd.Series(np.array(["2024-01-01T00:00:01", "NaT", "9999-12-31",
                                               "0001-01-01", "1970-01-01", "2000-01-01",
                                               "2024-02-29"], dtype="datetime64[s]"))
    DTYPES["timedelta_ms"] = pd.Series(np.array([1, -1, 1000, 0, 86400000, 5, 7],
                                                dtype="timedelta64[ms]"))


@pytest.mark.parametrize("name", sorted(DTYPES))
def test_every_dtype_against_its_own_values(name):
    s = DTYPES[name]
    d = both(s.rename(name).to_frame())
    assert list(d) == [name]
    assert d[name] == ref_column(s), (d[name], ref_column(s))


def test_all_dtypes_in_one_frame():
    df = pd.DataFrame({k: v.reset_index(drop=True) for k, v in DTYPES.items()})
    d = both(df)
    assert list(d) == list(DTYPES)
    for k, v in DTYPES.items():
        assert d[k] == ref_column(v), k


def test_documented_forms():
    df = pd.DataFrame({
        "t": pd.to_datetime(["2024-03-01 12:00", None]),
        "z": pd.to_datetime(["2024-03-01 12:00", "2024-07-01 12:00"]).tz_localize("Europe/Berlin"),
        "td": pd.to_timedelta(["1h", "-1s"]),
        "p": pd.period_range("2024-01", periods=2, freq="M"),
        "c": [1 + 2j, 3],
        "dec": [decimal.Decimal("12.50"), decimal.Decimal("NaN")],
        "b": pd.array([True, None], dtype="boolean"),
    })
    assert both(df) == {
        "t": ["2024-03-01T12:00:00", None],
        "z": ["2024-03-01T12:00:00+01:00", "2024-07-01T12:00:00+02:00"],
        "td": ["P0DT1H0M0S", "P-1DT23H59M59S"],
        "p": ["2024-01", "2024-02"],
        "c": [[1.0, 2.0], [3.0, 0.0]],
        "dec": ["12.50", None],
        "b": [True, None],
    }


# --------------------------------------------------------------- the index

def test_groupby_keeps_its_index():
    df = pd.DataFrame({"city": ["Tokyo", "Paris", "Tokyo"], "pop": [37, 11, 1]})
    assert both(df.groupby("city").sum()) == {"city": ["Paris", "Tokyo"], "pop": [11, 38]}
    assert both(df) == {"city": ["Tokyo", "Paris", "Tokyo"], "pop": [37, 11, 1]}


@pytest.mark.parametrize("index", [
    pd.RangeIndex(5, 8), pd.RangeIndex(0, 6, 2), pd.Index([3, 1, 2]), pd.Index(["a", "b", "c"]),
    pd.Index([3, 1, 2], name="k"), pd.date_range("2024-01-01", periods=3, name="day"),
    pd.RangeIndex(0, 3, name="n"),
    pd.MultiIndex.from_tuples([("a", 1), ("a", 2), ("b", 1)]),
    pd.MultiIndex.from_tuples([("a", 1), ("a", 2), ("b", 1)], names=["k", None]),
    pd.CategoricalIndex(["x", "y", "x"]),
])
def test_index_as_reset_index_makes_it(index):
    df = pd.DataFrame({"v": [1.5, 2.5, 3.5], "index": [1, 2, 3]}, index=index)
    expected = df.reset_index()
    d = both(df)
    assert list(d) == [str(c) for c in expected.columns]
    for c in expected.columns:
        assert d[str(c)] == ref_column(expected[c]), c


def test_series():
    assert both(pd.Series([1, 2], name="x", index=["a", "b"])) == \
        {"index": ["a", "b"], "x": [1, 2]}
    assert both(pd.Series([1.5, None])) == {"0": [1.5, None]}
    assert both(pd.Series([1], name="index", index=["a"])) == {"level_0": ["a"], "index": [1]}
    assert both(pd.Series([], dtype=float)) == {"0": []}


def test_column_names():
    df = pd.DataFrame([[1, 2, 3, 4, 5]], columns=["a", "a", "a.1", 7, None])
    assert list(both(df)) == ["a", "a.1", "a.1.1", "7", "None"]
    cols = pd.MultiIndex.from_tuples([("pop", "mean"), ("pop", "sum"), ("area", "")])
    df = pd.DataFrame([[1.0, 2, 3]], columns=cols, index=pd.Index(["x"], name="city"))
    assert both(df) == {"city": ["x"], "pop_mean": [1.0], "pop_sum": [2], "area": [3]}
    df = pd.DataFrame({("a", "b"): [1], ("a_b", ""): [2], (1, 2.5): [3]})
    assert list(both(df)) == ["a_b", "a_b.1", "1_2.5"]


def test_groupby_agg_multiindex_columns():
    df = pd.DataFrame({"city": ["T", "P", "T"], "pop": [1, 2, 3]})
    g = df.groupby("city").agg(["mean", "sum"])
    assert both(g) == {"city": ["P", "T"], "pop_mean": [2.0, 2.0], "pop_sum": [2, 4]}


# ------------------------------------------------------------------ bounds

def test_max_rows_head_and_tail():
    df = pd.DataFrame({"x": np.arange(100)})
    assert both(df, max_rows=5) == {"x": [0, 1, 2, 98, 99]}
    assert both(df, max_rows=1) == {"x": [0]}
    assert both(df, max_rows=0) == {"x": []}
    assert both(df, max_rows=100) == {"x": list(range(100))}
    # The index of the rows kept is that of the frame, not of the slice;
    # an index named like a column keeps both (x, x.1).
    assert both(df.set_index(df.x * 2), max_rows=2) == {"x": [0, 198], "x.1": [0, 99]}
    assert both(pd.DataFrame({"x": [1, 2, 3]}), max_rows=2) == {"x": [1, 3]}


def test_max_bytes_and_max_string():
    df = pd.DataFrame({"x": np.arange(1000), "s": ["é" * 50] * 1000})
    d = both(df, max_bytes=2000)
    text = chartex.frame_to_json(df, max_bytes=2000)
    assert len(text.encode()) <= 2000
    n = len(d["x"])
    assert 0 < n < 1000 and d["x"] == list(range((n + 1) // 2)) + list(range(1000 - n // 2, 1000))
    d = both(df, max_string=3, max_rows=2)
    assert d["s"] == ["ééé…", "ééé…"]
    with pytest.raises(chartex.ChartexError, match="column names"):
        chartex.frame_to_dict(pd.DataFrame({"x" * 100: [1]}), max_bytes=50)
    for bad in (-1, 0):
        with pytest.raises(ValueError):
            chartex.frame_to_dict(df, max_bytes=bad)
    with pytest.raises(ValueError):
        chartex.frame_to_dict(df, max_rows=-1)
    with pytest.raises(TypeError):
        chartex.frame_to_dict(df, max_rows=1.5)
    assert both(df, max_rows=10 ** 30)["x"] == list(range(1000))


# ----------------------------------------------------------------- hostile

class Hostile:
    def __str__(self):
        raise RuntimeError("no text")


class Long(int):
    def __str__(self):
        raise RuntimeError("no text")


def test_hostile_objects():
    values = [Hostile(), Long(2 ** 70), Long(3), float("nan"), np.float64("inf"), object,
              {"a": {1, 2}}, "\udfff" * 3, "x" * 100_000, np.array([1, 2]), pd.Series([1]),
              2 ** 64, -(2 ** 63) - 1, np.datetime64("NaT"), decimal.Decimal("sNaN")]
    d = both(pd.DataFrame({"o": pd.Series(values, dtype=object)}))
    o = d["o"]
    assert o[0] == "<unprintable Hostile>"
    assert o[1] == str(2 ** 70) and o[2] == 3
    assert o[3] is None and o[4] is None and o[5] == str(object)
    assert o[7] == "\ufffd" * 3 and o[8] == "x" * 100_000
    assert o[11] == str(2 ** 64) and o[12] == str(-(2 ** 63) - 1)
    assert o[13] is None and o[14] is None


def test_shapes():
    assert both(pd.DataFrame()) == {}
    assert both(pd.DataFrame({"a": []})) == {"a": []}
    assert both(pd.DataFrame(index=[1, 2])) == {"index": [1, 2]}
    wide = pd.DataFrame(np.arange(20000.0).reshape(2, 10000))
    d = both(wide)
    assert len(d) == 10000 and d["9999"] == [9999.0, 19999.0]
    assert both(wide, max_bytes=200_000)


def test_keyboard_interrupt_passes_through():
    class Stop:
        def __str__(self):
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        chartex.frame_to_dict(pd.DataFrame({"o": [Stop()]}))


def test_not_a_frame():
    for obj in (None, 3, [1, 2], {"a": [1]}, np.arange(3), pd.Index([1])):
        with pytest.raises(TypeError, match="pandas DataFrame"):
            chartex.frame_to_dict(obj)
        with pytest.raises(TypeError):
            chartex.frame_to_json(obj)


# ---------------------------------------------------------------- polars

def test_polars():
    pl = pytest.importorskip("polars")
    df = pl.DataFrame({
        "i": [1, None, 3], "f": [1.5, None, float("nan")], "s": ["a", None, "é"],
        "b": [True, None, False], "d": [dt.date(2024, 1, 1), None, dt.date(1, 1, 1)],
        "t": [dt.datetime(2024, 3, 31, 1), None, dt.datetime(2024, 3, 31, 2, 0, 0, 5)],
        "du": [dt.timedelta(hours=1), None, dt.timedelta(seconds=-1)],
        "u": pl.Series([1, 2, 2 ** 64 - 1], dtype=pl.UInt64),
        "c": pl.Series(["x", "y", None], dtype=pl.Categorical),
        "l": [[1, 2], None, []],
        "dec": pl.Series([decimal.Decimal("1.10"), None, decimal.Decimal("2.00")]),
    })
    df = df.with_columns(pl.col("t").dt.replace_time_zone("UTC")
                         .dt.convert_time_zone("Europe/Berlin").alias("z"))
    assert both(df) == {
        "i": [1, None, 3], "f": [1.5, None, None], "s": ["a", None, "é"],
        "b": [True, None, False], "d": ["2024-01-01", None, "0001-01-01"],
        "t": ["2024-03-31T01:00:00", None, "2024-03-31T02:00:00.000005"],
        "du": ["P0DT1H0M0S", None, "P-1DT23H59M59S"], "u": [1, 2, 2 ** 64 - 1],
        "c": ["x", "y", None], "l": ["[1, 2]", None, "[]"], "dec": ["1.10", None, "2.00"],
        "z": ["2024-03-31T03:00:00+02:00", None, "2024-03-31T04:00:00.000005+02:00"],
    }
    assert both(df["i"]) == {"i": [1, None, 3]}
    assert both(df, max_rows=2)["i"] == [1, 3]
    assert both(pl.DataFrame()) == {}


# ------------------------------------------------- leaks and no objects

def test_no_object_per_value():
    """A 1,000,000 x 5 float frame to JSON: what Python allocates is the
    text's str, not a float object per value (160 MB)."""
    import tracemalloc

    df = pd.DataFrame(np.random.default_rng(1).normal(size=(200_000, 5)))
    chartex.frame_to_json(df)
    tracemalloc.start()
    try:
        text = chartex.frame_to_json(df)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < len(text) * 1.5 + 2_000_000, (peak, len(text))


# Fewer rounds than test_leaks' (each converts every dtype twice); the
# warm-up lets pandas 1.5 fill its caches (a few references to NaT).
ROUNDS = max(int(os.environ.get("CHARTEX_LEAK_ROUNDS", "2000")) // 10, 50)
WARM_UP = 100


def test_no_leak():
    frames = [pd.DataFrame({k: v.reset_index(drop=True) for k, v in DTYPES.items()}),
              pd.Series([1, 2], name="s"), pd.DataFrame({"o": [Hostile(), "\ud800"]})]

    def convert():
        for f in frames:
            chartex.frame_to_dict(f)
            chartex.frame_to_json(f, max_rows=3, max_bytes=10_000, max_string=2)
        try:
            chartex.frame_to_dict(frames[0], max_bytes=10)
        except chartex.ChartexError:
            pass

    def type_counts():
        # Weak references are pandas' (3.x): copy-on-write tracks the views
        # of a frame's blocks with them and drops the dead ones in batches.
        golden.collect_all()
        counts = {}
        for o in gc.get_objects():
            t = type(o).__name__
            if t != "ReferenceType":
                counts[t] = counts.get(t, 0) + 1
        return counts

    for _ in range(WARM_UP):
        convert()
    shared = [None, True, False, pd.NA, pd.NaT] + frames
    counts = type_counts()
    before = [sys.getrefcount(o) for o in shared]
    for _ in range(ROUNDS):
        convert()
    counts_after = type_counts()
    after = [sys.getrefcount(o) for o in shared]
    assert golden.changed_refcounts(shared, before, after, ROUNDS) == []
    grown = {t: n - counts.get(t, 0) for t, n in counts_after.items()
             if n > counts.get(t, 0) + 2}
    assert not grown, grown


# ------------------------------------------------------- the formatters

IPython = pytest.importorskip("IPython")


def fake_shell():
    """What register() needs of a shell: its display formatter (no
    InteractiveShell singleton, which would make get_ipython() answer for
    the other tests of this process)."""
    import types

    from IPython.core.formatters import DisplayFormatter

    return types.SimpleNamespace(display_formatter=DisplayFormatter())


@pytest.fixture(scope="module")
def shell():
    import chartex.ipython

    ip = fake_shell()
    chartex.ipython.register(ip)
    yield ip
    chartex.ipython.unregister(ip)


def fmt(ip, obj):
    return ip.display_formatter.format(obj)


def test_data_formatter(shell):
    import chartex.ipython  # noqa: F401

    df = pd.DataFrame({"x": np.arange(1000), "t": pd.to_timedelta(np.arange(1000), unit="s")})
    data, md = fmt(shell, df)
    assert "text/plain" in data and "text/html" in data
    rows = pd.get_option("display.max_rows")
    assert data["e2b/data"]["x"] == list(range(rows // 2)) + list(range(1000 - rows // 2, 1000))
    assert md["e2b/data"] == {"rows": 1000, "columns": 2, "rows_sent": rows, "columns_sent": 2}
    small = pd.DataFrame({"x": [1, 2]})
    data, md = fmt(shell, small)
    assert data["e2b/data"] == {"x": [1, 2]}
    assert md["e2b/data"] == {"rows": 2, "columns": 1, "rows_sent": 2, "columns_sent": 1}
    data, _ = fmt(shell, pd.Series([1.5], name="s"))
    assert data["e2b/data"] == {"s": [1.5]}
    data, md = fmt(shell, 42)
    assert "e2b/data" not in data and "e2b/data" not in md


def test_data_formatter_other_objects(shell):
    # Not a frame: a printer registered for the type, else the object's own
    # _repr_e2b_data_, as IPython looks them up; a result that is no dict is
    # no e2b/data (logged), never a broken display.
    f = shell.display_formatter.formatters["e2b/data"]

    class Own:
        def _repr_e2b_data_(self):
            return {"a": [1]}

    class Wrong:
        def _repr_e2b_data_(self):
            return "not a dict"

    class Registered:
        def _repr_e2b_data_(self):
            return {"own": [0]}

    assert fmt(shell, Own())[0]["e2b/data"] == {"a": [1]}
    data, _ = fmt(shell, Wrong())
    assert "e2b/data" not in data and "text/plain" in data
    assert any("not a dict" in k[2] for k in f.failures)
    f.for_type(Registered, lambda obj: {"printer": [2]})
    try:
        assert fmt(shell, Registered())[0]["e2b/data"] == {"printer": [2]}
    finally:
        f.pop(Registered)


def test_data_formatter_settings(shell):
    f = shell.display_formatter.formatters["e2b/data"]
    df = pd.DataFrame({"x": np.arange(100), "s": ["y" * 100] * 100})
    try:
        f.max_rows = 0
        assert len(fmt(shell, df)[0]["e2b/data"]["x"]) == 100
        f.max_rows = 4
        assert fmt(shell, df)[0]["e2b/data"]["x"] == [0, 1, 98, 99]
        f.max_string = 5
        assert fmt(shell, df)[0]["e2b/data"]["s"][0] == "yyyyy…"
        f.max_rows, f.max_string, f.max_bytes = 0, 0, 1000
        data, md = fmt(shell, df)
        assert len(json.dumps(data["e2b/data"])) <= 1000
        assert md["e2b/data"]["rows"] == 100 and md["e2b/data"]["rows_sent"] < 100
        f.max_bytes = 10        # both names do not fit: the first column alone
        data, md = fmt(shell, df)
        assert data["e2b/data"] == {"x": [0]}
        assert md["e2b/data"] == {"rows": 100, "columns": 2, "rows_sent": 1, "columns_sent": 1}
        f.max_bytes = 5         # no name fits: no e2b/data, logged once
        data, md = fmt(shell, df)
        assert "e2b/data" not in data and "text/plain" in data
        assert any("ChartexError" in k[1] for k in f.failures)
    finally:
        f.max_rows, f.max_string, f.max_bytes = None, 10_000, 1_000_000


def test_data_formatter_never_breaks_a_display(shell):
    df = pd.DataFrame({"o": [Hostile()], "t": [pd.Timedelta(1, "h")], "d": [decimal.Decimal(1)]})
    data, _ = fmt(shell, df)
    assert data["e2b/data"] == {"o": ["<unprintable Hostile>"], "t": ["P0DT1H0M0S"], "d": ["1"]}


def test_data_formatter_failure_is_logged_once(shell, monkeypatch, caplog):
    from chartex._tables import frames as _frames

    def broken(obj, max_rows=None, max_columns=None):
        raise RuntimeError("a broken frame")

    f = shell.display_formatter.formatters["e2b/data"]
    monkeypatch.setattr(_frames, "prepare", broken)
    with caplog.at_level("WARNING", logger="chartex"):
        for _ in range(3):
            data, md = fmt(shell, pd.DataFrame({"a": [1]}))
            assert "e2b/data" not in data and "e2b/data" not in md
            assert "text/plain" in data and "text/html" in data
    logged = [r for r in caplog.records if "a broken frame" in r.getMessage()]
    assert len(logged) == 1 and "e2b/data: no data for a DataFrame" in logged[0].getMessage()
    assert f.failures[("chartex", "ChartexError",
                       "while reading table a frame of a DataFrame: a broken frame")] == 3


def test_json_formatter():
    import chartex.ipython
    from IPython.core.formatters import JSONFormatter

    ip = fake_shell()
    chartex.ipython.register(ip, json=True)
    try:
        data, md = fmt(ip, {"a": np.float64("nan"), 1: np.arange(3), (1, 2): [np.int64(5), None],
                            "t": pd.Timestamp("2024-01-01"), "df": pd.DataFrame({"x": [1]}),
                            "n": [float("inf"), dt.date(2024, 1, 1), decimal.Decimal("1.5")]})
        assert data["application/json"] == {
            "a": None, "1": [0, 1, 2], "(1, 2)": [5, None], "t": "2024-01-01T00:00:00",
            "df": {"x": [1]}, "n": [None, "2024-01-01", "1.5"]}
        assert md["application/json"] == {"expanded": True}
        json.dumps(data["application/json"], allow_nan=False)
        cycle = []
        cycle.append(cycle)
        data, _ = fmt(ip, cycle)
        assert "application/json" not in data and "text/plain" in data
    finally:
        chartex.ipython.unregister(ip)
    assert type(ip.display_formatter.formatters["application/json"]) is JSONFormatter
    assert "e2b/data" not in ip.display_formatter.formatters


def test_install_json_startup(tmp_path):
    import chartex.ipython

    path = chartex.ipython.install_startup(str(tmp_path), json=True)
    text = open(path).read()
    assert "JSON_FORMATTER = True" in text
    path = chartex.ipython.install_startup(str(tmp_path))
    assert "JSON_FORMATTER = False" in open(path).read()


def test_module_without_ipython(tmp_path):
    """python -m chartex.ipython without IPython: a message, not a traceback."""
    import subprocess

    (tmp_path / "IPython").mkdir()
    (tmp_path / "IPython" / "__init__.py").write_text("raise ImportError('no IPython here')")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(tmp_path)] + [p for p in sys.path if p]))
    r = subprocess.run([sys.executable, "-m", "chartex.ipython", "install"], env=env,
                       capture_output=True, text=True)
    assert r.returncode != 0
    assert "pip install 'chartex[ipython]'" in r.stderr and "Traceback" not in r.stderr
