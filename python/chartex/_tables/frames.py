"""What the table reader needs to know of a pandas or polars frame, column
by column: the columns of the e2b/data dict (the index first, as
reset_index() would make it), their names as strings, and each one's values
in a form the extension reads through the NumPy C API (python/_chartex/
table/).  The work here is per column, never per value (but for the values
of object columns, which are Python objects already: cell_text).

Every pandas and polars version difference is absorbed here, tested on
pandas 1.5 (Debian's) and the current pandas (tests/test_tables.py).

prepare(obj, max_rows, max_columns) -> (total rows, [column, ...], total
columns), each column a tuple whose first item says how the extension
reads it:

    ("f", name, values)                     floats (NaN: null)
    ("i", name, values, nulls or None)      signed integers
    ("u", name, values, nulls or None)      unsigned integers
    ("b", name, values, nulls or None)      booleans
    ("M", name, int64, unit, offsets)       instants: NaT is INT64_MIN; offsets
                                            None (naive) or int32 seconds east of UTC
    ("m", name, int64, unit)                durations
    ("c", name, values)                     complex numbers
    ("O", name, values)                     Python objects, one by one
    ("N", name)                             every value null

unit is one of "D", "s", "ms", "us", "ns".  nulls: a boolean array, True
where the value is missing.
"""
import datetime
import decimal
import sys

import numpy as np

_UNITS = ("D", "s", "ms", "us", "ns")
_PER_SECOND = {"s": 1, "ms": 1000, "us": 1000000, "ns": 1000000000}
_NAT = np.iinfo(np.int64).min
# NumPy units the core does not count in, and the unit each is read in.
_DATETIME_AS = {"Y": "D", "M": "D", "W": "D", "h": "s", "m": "s",
                "ps": "ns", "fs": "ns", "as": "ns"}
_TIMEDELTA_AS = {"W": "s", "D": "s", "h": "s", "m": "s", "ps": "ns", "fs": "ns", "as": "ns"}
# The separator of a MultiIndex column's levels in its name.
LEVEL_SEPARATOR = "_"


def is_frame(obj):
    """True when obj is a pandas DataFrame or Series or a polars DataFrame
    or Series; imports nothing (an object of a library never imported
    cannot be one of its frames)."""
    return _library(obj) is not None


def _library(obj):
    pd = sys.modules.get("pandas")
    if pd is not None and isinstance(obj, (getattr(pd, "DataFrame", ()), getattr(pd, "Series", ()))):
        return "pandas"
    pl = sys.modules.get("polars")
    if pl is not None and isinstance(obj, (getattr(pl, "DataFrame", ()), getattr(pl, "Series", ()))):
        return "polars"
    return None


def prepare(obj, max_rows=None, max_columns=None):
    """(total rows, columns, total columns) of obj: at most max_rows rows
    (None: all), the first ceil(max_rows / 2) and the last floor(max_rows
    / 2); at most max_columns of the frame's own columns, the first and
    the last likewise (the index columns are always kept, and counted in
    the total)."""
    library = _library(obj)
    if library == "pandas":
        return _pandas(obj, max_rows, max_columns, sys.modules["pandas"])
    if library == "polars":
        return _polars(obj, max_rows, max_columns, sys.modules["polars"])
    raise TypeError("frame_to_dict() argument must be a pandas DataFrame or Series or a "
                    "polars DataFrame or Series, not '%s'" % type(obj).__name__)


def shape(obj):
    """(rows, columns) of the e2b/data dict of obj without bounds: the
    frame's rows, and its columns with the index's (as prepare counts
    them)."""
    library = _library(obj)
    if library == "pandas":
        pd = sys.modules["pandas"]
        m = 1 if isinstance(obj, pd.Series) else obj.shape[1]
        return len(obj), _index_columns(obj, pd) + m
    if library == "polars":
        pl = sys.modules["polars"]
        frame = obj.to_frame() if isinstance(obj, pl.Series) else obj
        return frame.height, frame.width
    raise TypeError("not a pandas or polars frame: '%s'" % type(obj).__name__)


def _window(n, max_rows):
    """The rows (or columns) kept: (head, tail), or None for all."""
    if max_rows is None or n <= max_rows:
        return None
    return (max_rows + 1) // 2, max_rows // 2


def column_name(label):
    """A column label as a string: a tuple (a MultiIndex column) is its
    non-empty levels joined with LEVEL_SEPARATOR; anything else str()."""
    if isinstance(label, tuple):
        parts = [_text(x) for x in label]
        return LEVEL_SEPARATOR.join(p for p in parts if p != "")
    return _text(label)


def _text(x):
    if isinstance(x, str):
        return x
    try:
        return str(x)
    except Exception:
        return "<unprintable %s>" % type(x).__name__


# ------------------------------------------------------------------ pandas

def _index_columns(obj, pd):
    """How many columns obj's index makes: 0 for a default RangeIndex, one
    per level of a MultiIndex, else 1."""
    index = obj.index
    # A default RangeIndex says nothing: every other index is data.
    # (pandas 1.5 gives DataFrame() an empty object Index: nothing either.)
    default = (isinstance(index, pd.RangeIndex) and index.start == 0 and index.step == 1
               or len(index) == 0 and not isinstance(index, pd.MultiIndex))
    if default and index.name is None:
        return 0
    return index.nlevels if isinstance(index, pd.MultiIndex) else 1


def _pandas(obj, max_rows, max_columns, pd):
    is_series = isinstance(obj, pd.Series)
    n = len(obj)
    # Decided before the rows are chosen, which turns a RangeIndex into
    # integers; and before the columns are, for reset_index's "level_0".
    meaningful = _index_columns(obj, pd) > 0
    index_named_index = any(_is_label(x, "index")
                            for x in ([obj.name] if is_series else obj.columns))
    m = 1 if is_series else obj.shape[1]
    total_columns = _index_columns(obj, pd) + m
    window = _window(n, max_rows)
    if window is not None:
        head, tail = window
        obj = obj.iloc[np.r_[0:head, n - tail:n]]
    window = None if is_series else _window(m, max_columns)
    if window is not None:
        head, tail = window
        obj = obj.iloc[:, np.r_[0:head, m - tail:m]]
    index = obj.index
    if is_series:
        labels = [0 if obj.name is None else obj.name]
    else:
        labels = list(obj.columns)
    columns = []
    if meaningful:
        if isinstance(index, pd.MultiIndex):
            for i, level_name in enumerate(index.names):
                name = "level_%d" % i if level_name is None else level_name
                columns.append(_pandas_column(column_name(name), index.get_level_values(i), pd))
        else:
            name = index.name
            if name is None:
                name = "level_0" if index_named_index else "index"
            columns.append(_pandas_column(column_name(name), index, pd))
    if is_series:
        columns.append(_pandas_column(column_name(labels[0]), obj, pd))
        return n, columns, total_columns
    blocks = _numpy_blocks(obj)
    for j, label in enumerate(labels):
        if j in blocks:
            columns.append(_numpy_column(column_name(label), blocks[j]))
        else:
            columns.append(_pandas_column(column_name(label), obj.iloc[:, j], pd))
    return n, columns, total_columns


def _numpy_blocks(frame):
    """{position: 1-D array} for the columns of plain NumPy dtypes that
    share their dtype with others, read as one 2-D array per dtype: a
    Series per column costs pandas tens of microseconds, a second for a
    frame 10,000 columns wide."""
    positions = {}
    for j, dtype in enumerate(frame.dtypes.tolist()):
        if isinstance(dtype, np.dtype) and dtype.kind in "fiubcmM":
            positions.setdefault(dtype, []).append(j)
    arrays = {}
    for dtype, where in positions.items():
        if len(where) < 8:
            continue
        block = frame.iloc[:, where].to_numpy()
        if block.dtype != dtype or block.shape != (len(frame), len(where)):
            continue
        for k, j in enumerate(where):
            arrays[j] = block[:, k]
    return arrays


def _is_label(label, name):
    # reset_index looks for "index" among the column labels (a tuple's
    # first level for MultiIndex columns).
    if isinstance(label, tuple):
        return len(label) > 0 and isinstance(label[0], str) and label[0] == name
    return isinstance(label, str) and label == name


def _pandas_column(name, values, pd):
    """values: a Series or an Index."""
    dtype = values.dtype
    if isinstance(dtype, np.dtype):
        return _numpy_column(name, np.asarray(values))
    api = pd.api.types
    if isinstance(dtype, pd.CategoricalDtype):
        cat = values.array
        codes = np.asarray(cat.codes)
        missing = codes < 0
        if len(cat.categories) == 0:
            return ("N", name)
        taken = cat.categories.take(np.where(missing, 0, codes))
        return _with_nulls(_pandas_column(name, taken, pd), missing)
    if isinstance(dtype, pd.DatetimeTZDtype):
        arr = values.array
        unit = getattr(dtype, "unit", "ns")
        utc = np.asarray(arr.asi8)
        local = np.asarray(arr.tz_localize(None).asi8)
        nat = utc == _NAT
        offsets = np.where(nat, 0, (local - utc) // _PER_SECOND[unit]).astype(np.int32)
        return ("M", name, utc, unit, offsets)
    if isinstance(dtype, pd.SparseDtype):
        return _numpy_column(name, np.asarray(values.array.to_dense()))
    if isinstance(dtype, (pd.PeriodDtype, pd.IntervalDtype)):
        missing = np.asarray(values.isna())
        text = np.array(values.astype(str), dtype=object)
        text[missing] = None
        return ("O", name, text)
    kind = getattr(dtype, "kind", "O")
    if kind in "iufb" and not api.is_object_dtype(dtype):
        # Nullable (masked) integers, floats and booleans, or pyarrow's.
        missing = np.asarray(values.isna(), dtype=bool)
        if kind == "f":
            return ("f", name, values.to_numpy(dtype="float64", na_value=np.nan))
        target = {"i": "int64", "u": "uint64", "b": "bool"}[kind]
        fill = False if kind == "b" else 0
        return (kind, name, values.to_numpy(dtype=target, na_value=fill),
                missing if missing.any() else None)
    # Strings (StringDtype of any storage) and whatever else: their objects.
    return ("O", name, values.to_numpy(dtype=object, na_value=None))


def _numpy_column(name, a):
    a = a.reshape(-1) if a.ndim != 1 else a
    kind = a.dtype.kind
    if kind == "f":
        return ("f", name, a)
    if kind in "iub":
        return (kind, name, a, None)
    if kind == "M":
        unit, count = np.datetime_data(a.dtype)
        if unit == "generic":
            return ("N", name)
        if count != 1 or unit not in _UNITS:
            unit = _DATETIME_AS.get(unit, unit if unit in _UNITS else "ns")
            a = a.astype("datetime64[%s]" % unit)
        return ("M", name, a.view(np.int64), unit, None)
    if kind == "m":
        unit, count = np.datetime_data(a.dtype)
        if unit == "generic":
            return ("N", name)
        if unit in ("Y", "M"):      # months have no fixed length
            return ("O", name, a.astype(object))
        if count != 1 or unit not in _UNITS or unit == "D":
            unit = _TIMEDELTA_AS.get(unit, "s")
            a = a.astype("timedelta64[%s]" % unit)
        return ("m", name, a.view(np.int64), unit)
    if kind == "c":
        return ("c", name, a.astype(np.complex128, copy=False))
    if kind == "O":
        return ("O", name, a)
    return ("O", name, a.astype(object))


def _with_nulls(column, missing):
    """column with the values where missing is True made null."""
    if not missing.any():
        return column
    kind = column[0]
    if kind == "N":
        return column
    if kind in "iub":
        nulls = missing if column[3] is None else (missing | column[3])
        return column[:3] + (nulls,)
    values = np.array(column[2], copy=True)
    if kind in "Mm":
        values[missing] = _NAT
    elif kind in "fc":
        values[missing] = np.nan
    else:
        values[missing] = None
    return column[:2] + (values,) + column[3:]


# ------------------------------------------------------------------ polars

def _polars(obj, max_rows, max_columns, pl):
    frame = obj.to_frame() if isinstance(obj, pl.Series) else obj
    n, m = frame.height, frame.width
    window = _window(m, max_columns)
    if window is not None:
        head, tail = window
        frame = frame.select(frame.columns[:head] + (frame.columns[m - tail:] if tail else []))
    window = _window(n, max_rows)
    if window is not None:
        head, tail = window
        frame = pl.concat([frame.head(head), frame.tail(tail)]) if tail else frame.head(head)
    return n, [_polars_column(column_name(s.name), s, pl) for s in frame.get_columns()], m


def _polars_column(name, s, pl):
    dt = s.dtype
    missing = s.is_null().to_numpy() if s.null_count() > 0 else None
    if dt == pl.Null:
        return ("N", name)
    if dt.is_float():
        return ("f", name, s.cast(pl.Float64).fill_null(float("nan")).to_numpy())
    if dt.is_integer():
        kind = "u" if dt in (pl.UInt8, pl.UInt16, pl.UInt32, pl.UInt64) else "i"
        return (kind, name, s.fill_null(0).to_numpy(), missing)
    if dt == pl.Boolean:
        return ("b", name, s.fill_null(False).to_numpy(), missing)
    if dt == pl.Date:
        return ("M", name, s.to_physical().cast(pl.Int64).fill_null(_NAT).to_numpy(), "D", None)
    if isinstance(dt, pl.Datetime) or dt == pl.Datetime:
        unit = dt.time_unit or "us"
        utc = s.to_physical().fill_null(_NAT).to_numpy()
        offsets = None
        if dt.time_zone is not None:
            local = s.dt.replace_time_zone(None).to_physical().fill_null(_NAT).to_numpy()
            offsets = np.where(utc == _NAT, 0, (local - utc) // _PER_SECOND[unit]).astype(np.int32)
        return ("M", name, utc, unit, offsets)
    if isinstance(dt, pl.Duration) or dt == pl.Duration:
        return ("m", name, s.to_physical().fill_null(_NAT).to_numpy(), dt.time_unit or "us")
    if dt in (pl.String, pl.Categorical) or isinstance(dt, (pl.Categorical, pl.Enum)):
        return ("O", name, s.cast(pl.String).to_list())
    # Decimal, Time, Binary, List, Struct, Object...: their Python values.
    return ("O", name, s.to_list())


# ----------------------------------------------------------- object values

def cell_text(obj):
    """The text of a value of an object column that is not None, a bool,
    an int, a float, a complex or a str (the extension reads those itself):
    None when it is a missing value.  Never raises for an ordinary error."""
    try:
        pd = sys.modules.get("pandas")
        if pd is not None and (obj is pd.NaT or obj is pd.NA):
            return None
        if isinstance(obj, decimal.Decimal):
            return str(obj) if obj.is_finite() else None
        if isinstance(obj, (datetime.datetime, datetime.date, datetime.time)):
            return obj.isoformat()
        if isinstance(obj, (np.datetime64, np.timedelta64)):
            if np.isnat(obj):
                return None
            if pd is not None:
                try:
                    return (pd.Timestamp(obj) if isinstance(obj, np.datetime64)
                            else pd.Timedelta(obj)).isoformat()
                except (ValueError, OverflowError):
                    pass
            return str(obj)
        if isinstance(obj, datetime.timedelta):
            return _duration_text(obj)
        if isinstance(obj, (bytes, bytearray, memoryview)):
            return bytes(obj).decode("utf-8", "backslashreplace")
        return str(obj)
    except Exception:
        try:
            return "<unprintable %s>" % type(obj).__name__
        except Exception:
            return "<unprintable>"


def _duration_text(td):
    """pandas' Timedelta.isoformat() of a datetime.timedelta (a pandas
    Timedelta has its own, with nanoseconds)."""
    if hasattr(td, "isoformat"):
        return td.isoformat()
    seconds, micro = td.seconds, td.microseconds
    text = "P%dDT%dH%dM%d" % (td.days, seconds // 3600, seconds // 60 % 60, seconds % 60)
    if micro:
        text += ("." + "%06d" % micro).rstrip("0")
    return text + "S"
