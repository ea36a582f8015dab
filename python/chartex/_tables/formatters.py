"""The e2b/data formatter (tables) and the strict application/json
formatter, the other half of E2B's kernel start-up file (its
0002_data.py: E2BDataFormatter and E2BJSONFormatter), done with chartex's
guarantees; chartex.ipython registers them (register(), %load_ext chartex,
the start-up file).

e2b/data: every displayed pandas DataFrame or Series, or polars DataFrame
or Series, carries its columns as E2B's column dict {name: [values]}
(chartex.frame_to_dict: the index first, every name a string, every value
strict JSON), which E2B's clients read as result.data.  Bounded like
pandas' own display: at most `max_rows` rows (pandas' display.max_rows,
60, unless set: the first ceil(N/2) and the last floor(N/2)) and
`max_columns` of the frame's columns (display.max_columns, 20 in a
kernel, from both ends alike; the index's are always sent), strings cut
at `max_string` code points, and at most `max_bytes` of JSON (fewer rows,
from both ends, until it fits; fewer columns when their names alone do
not).  The display message's metadata for e2b/data says how many rows
and columns the frame has and how many were sent (doc/schema.md,
"Tables").

application/json (opt-in: register(json=True), `chartex ipython install
--json`): a list or dict displayed as a cell's value becomes JSON even when
it holds NumPy values, dates, frames or non-string keys; NaN and infinities
become null.

Both promise what the chart formatter promises: an object that is not
theirs costs a sys.modules lookup (nothing is imported), and a failure
never breaks a display: no e2b/data (or no application/json) key, the
text and HTML as usual, the reason logged once through the "chartex"
logger.
"""
import logging
import math
import os
import sys

from IPython.core.formatters import BaseFormatter, JSONFormatter
from IPython.utils.dir2 import get_real_method
from traitlets import Integer, ObjectName, TraitError, Unicode, default, validate

DATA_MIME_TYPE = "e2b/data"
JSON_MIME_TYPE = "application/json"
ENV_MAX_ROWS = "CHARTEX_MAX_ROWS"
ENV_MAX_COLUMNS = "CHARTEX_MAX_COLUMNS"
# The budget of one e2b/data: 1 MB of JSON, under E2B's 2 MB whatever the
# packer adds around it; strings longer than MAX_STRING are cut.
MAX_BYTES = 1_000_000
MAX_STRING = 10_000
# The rows and columns when pandas is not imported (a polars frame):
# pandas' defaults.
DEFAULT_MAX_ROWS = 60
DEFAULT_MAX_COLUMNS = 20
# Distinct failures remembered per formatter (see log_failure).
MAX_DISTINCT_FAILURES = 100

log = logging.getLogger("chartex")

_extension = None


def _frames_module():
    # chartex._tables.frames imports NumPy: only once a frame is met.
    from . import frames
    return frames


def _text(exc):
    try:
        return str(exc)
    except Exception:  # an exception whose __str__ fails
        return "<unprintable %s>" % type(exc).__name__


def log_failure(failures, mime, what, obj, exc):
    """Logs exc once per distinct (type, message) in failures (a dict kept
    by the formatter), saying that obj's display goes on without `what`."""
    try:
        key = (type(exc).__module__, type(exc).__qualname__, _text(exc))
        if key in failures:
            failures[key] += 1
            return
        if len(failures) > MAX_DISTINCT_FAILURES:
            return
        failures[key] = 1
        if len(failures) > MAX_DISTINCT_FAILURES:
            log.warning("%s: more than %d distinct failures; no longer logging new ones",
                        mime, MAX_DISTINCT_FAILURES)
            return
        log.warning("%s: no %s for a %s (%s: %s); the display goes on without it, "
                    "and this failure is not logged again", mime, what,
                    type(obj).__name__, type(exc).__name__, key[2],
                    exc_info=(type(exc), exc, exc.__traceback__))
    except Exception:  # logging must not break a display either
        pass


def bounded_frame(obj, options):
    """frame_to_dict(obj, **options).  Should the names of the columns it
    keeps alone pass max_bytes (display.max_columns unset in pandas, and
    a frame thousands of columns wide), fewer columns are sent, from both
    ends, until they fit, rather than none: at most 2 x log2(columns)
    tries, each of half as many columns."""
    global _extension
    if _extension is None:
        from .. import _chartex as _extension
    options = dict(options)
    columns = None
    while True:
        try:
            return _extension.frame_to_dict(obj, **options)
        except _extension.ChartexError as exc:
            if "column names alone" not in _text(exc):
                raise
            if columns is None:
                columns = _frames_module().shape(obj)[1]
            columns = min(columns, options.get("max_columns") or columns) // 2
            if columns < 1:
                raise
            options["max_columns"] = columns


def registered_result(formatter, obj):
    """What formatter's registered printer for obj gives, else obj's own
    _repr_ method for the formatter's MIME type (IPython's lookup order): a
    dict, or None when there is neither; TypeError when the result is
    something else."""
    def checked(result):
        if result is None or isinstance(result, dict):
            return result
        raise TypeError("%s of %s returned %s, not a dict"
                        % (formatter.print_method, type(obj).__name__, type(result).__name__))

    if formatter.singleton_printers or formatter.type_printers \
            or formatter.deferred_printers:
        try:
            printer = formatter.lookup(obj)
        except KeyError:
            pass
        else:
            return checked(printer(obj))
    method = get_real_method(obj, formatter.print_method)
    return None if method is None else checked(method())


def is_frame(obj):
    """True when obj is a pandas or polars DataFrame or Series; never imports."""
    for name in ("pandas", "polars"):
        module = sys.modules.get(name)
        if module is not None:
            types = tuple(t for t in (getattr(module, "DataFrame", None),
                                      getattr(module, "Series", None)) if isinstance(t, type))
            if types and isinstance(obj, types):
                return True
    return False


def _env_count(name, what):
    text = os.environ.get(name, "").strip()
    if not text:
        return None
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        log.warning("%s=%r ignored: it must be 0 (no limit) or a number of %s",
                    name, text, what)
        return None
    return value


def _env_max_rows():
    return _env_count(ENV_MAX_ROWS, "rows")


def _env_max_columns():
    return _env_count(ENV_MAX_COLUMNS, "columns")


def _pandas_option(name, default, auto):
    """pandas' option name: None (unlimited) for None, auto for 0 (pandas
    fits a terminal's width then), default without pandas."""
    pd = sys.modules.get("pandas")
    if pd is None:
        return default
    try:
        value = pd.get_option(name)
    except Exception:
        return default
    if value is None or value < 0:
        return None
    return auto if value == 0 else int(value)


def _pandas_max_rows():
    return _pandas_option("display.max_rows", DEFAULT_MAX_ROWS, None)


def _pandas_max_columns():
    # 0, a terminal's "as many as fit": a notebook's 20.
    return _pandas_option("display.max_columns", DEFAULT_MAX_COLUMNS, DEFAULT_MAX_COLUMNS)


class DataFormatter(BaseFormatter):
    """IPython formatter for the MIME type e2b/data.

    A pandas or polars DataFrame or Series gives chartex.frame_to_dict with
    the bounds below, and its size as the message's metadata; nothing when
    it cannot be read.  Other objects give what their _repr_e2b_data_()
    method or a printer registered with for_type() returns (a dict), else
    nothing.  Calling the formatter never raises.
    """

    format_type = Unicode(DATA_MIME_TYPE)
    _return_type = dict
    print_method = ObjectName("_repr_e2b_data_")

    max_rows = Integer(
        None, allow_none=True,
        help="Rows sent at most: the first ceil(N/2) and the last floor(N/2); "
             "None: pandas' display.max_rows (60 without pandas); 0: every row.  "
             "Defaults to the environment variable %s." % ENV_MAX_ROWS).tag(config=True)
    max_bytes = Integer(
        MAX_BYTES,
        help="The most bytes of JSON an e2b/data may take: fewer rows, from both "
             "ends, until it fits; 0: no budget.").tag(config=True)
    max_string = Integer(
        MAX_STRING,
        help="Strings longer than this many characters are cut (ending with "
             "U+2026); 0: never.").tag(config=True)
    max_columns = Integer(
        None, allow_none=True,
        help="The frame's own columns sent at most (the index's are always sent): "
             "the first ceil(N/2) and the last floor(N/2); None: pandas' "
             "display.max_columns (20 without pandas); 0: every column.  Defaults "
             "to the environment variable %s." % ENV_MAX_COLUMNS).tag(config=True)

    @default("max_rows")
    def _max_rows_default(self):
        return _env_max_rows()

    @default("max_columns")
    def _max_columns_default(self):
        return _env_max_columns()

    @validate("max_rows", "max_bytes", "max_string", "max_columns")
    def _check_count(self, proposal):
        value = proposal["value"]
        if value is not None and value < 0:
            raise TraitError("%s must be 0 or more, not %r" % (proposal["trait"].name, value))
        return value

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.failures = {}

    def frame_options(self):
        """The keyword arguments of chartex.frame_to_dict that these settings
        make for a frame displayed now (display.max_rows is read each time)."""
        rows = self.max_rows
        if rows is None:
            rows = _pandas_max_rows()
        columns = self.max_columns
        if columns is None:
            columns = _pandas_max_columns()
        return {"max_rows": rows or None, "max_bytes": self.max_bytes or None,
                "max_string": self.max_string or None, "max_columns": columns or None}

    # Not decorated with catch_format_error, as BaseFormatter.__call__ is:
    # that prints a traceback into the user's cell.  Failures end here.
    def __call__(self, obj):
        if not self.enabled:
            return None
        if is_frame(obj):
            return self._frame_data(obj)
        return self._other_data(obj)

    def _frame_data(self, obj):
        try:
            options = self.frame_options()
            data = bounded_frame(obj, options)
            rows, columns = _frames_module().shape(obj)
            if data:
                sent = len(next(iter(data.values())))
            else:
                sent = rows if options["max_rows"] is None else min(rows, options["max_rows"])
            return data, {"rows": rows, "columns": columns, "rows_sent": sent,
                          "columns_sent": len(data)}
        except Exception as exc:
            log_failure(self.failures, DATA_MIME_TYPE, "data", obj, exc)
            return None

    def _other_data(self, obj):
        try:
            return registered_result(self, obj)
        except Exception as exc:
            log_failure(self.failures, DATA_MIME_TYPE, "data", obj, exc)
            return None


# ---------------------------------------------------------- application/json

# Deeper containers are refused (a reference cycle is one).
_MAX_DEPTH = 200


def _key(k):
    if isinstance(k, str):
        return k
    if k is None or isinstance(k, bool):
        return {None: "null", True: "true", False: "false"}[k]
    np = sys.modules.get("numpy")
    if np is not None and isinstance(k, np.generic):
        k = k.item()
    if isinstance(k, float) and not math.isfinite(k):
        return "null"
    if isinstance(k, tuple):
        return "(" + ", ".join(_key(v) for v in k) + ")"
    if hasattr(k, "isoformat") and not isinstance(k, (int, float)):
        return k.isoformat()
    return str(k)


def _plain(obj, depth):
    """obj as plain JSON values (dict with str keys, list, str, int, float,
    bool, None): NaN and infinities None, NumPy values as Python's, dates
    ISO text, frames as their e2b/data dict (with the e2b/data formatter's
    default bounds), anything else str()."""
    if depth <= 0:
        raise ValueError("nested deeper than %d levels (or a reference cycle)" % _MAX_DEPTH)
    if obj is None or isinstance(obj, (str, bool)):
        return obj
    if isinstance(obj, int):
        return int(obj)
    if isinstance(obj, float):
        return float(obj) if math.isfinite(obj) else None
    if isinstance(obj, dict):
        return {_key(k): _plain(v, depth - 1) for k, v in obj.items()}
    if isinstance(obj, (list, tuple, set, frozenset)):
        return [_plain(v, depth - 1) for v in obj]
    np = sys.modules.get("numpy")
    if np is not None and isinstance(obj, (np.generic, np.ndarray)):
        if isinstance(obj, (np.datetime64, np.timedelta64)) or obj.dtype.kind in "MmOV":
            if isinstance(obj, np.ndarray):
                return [_plain(v, depth - 1) for v in obj.tolist()]
            return None if np.isnat(obj) else str(obj)
        return _plain(obj.tolist(), depth)
    if is_frame(obj):
        # Bounded as the e2b/data formatter's defaults bound it.
        global _extension
        if _extension is None:
            from .. import _chartex as _extension
        return bounded_frame(obj, {"max_rows": _pandas_max_rows(), "max_bytes": MAX_BYTES,
                                   "max_string": MAX_STRING,
                                   "max_columns": _pandas_max_columns()})
    if isinstance(obj, complex):
        return [_plain(obj.real, depth), _plain(obj.imag, depth)]
    if hasattr(obj, "isoformat"):
        return obj.isoformat()
    return str(obj)


def strict_json(obj):
    """obj (a list or dict) as plain values that json.dumps writes as strict
    JSON (see _plain); raises ValueError past 200 levels."""
    return _plain(obj, _MAX_DEPTH)


class StrictJSONFormatter(JSONFormatter):
    """IPython's application/json formatter, which also answers for every
    list and dict (as E2B's E2BJSONFormatter does, through orjson), with
    strict JSON: NaN and infinities null, NumPy values as numbers,
    non-string keys as text, other values as text.  Never raises."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.failures = {}

    def __call__(self, obj):
        if self.enabled and isinstance(obj, (list, dict)):
            try:
                return strict_json(obj), {"expanded": True}
            except Exception as exc:
                log_failure(self.failures, JSON_MIME_TYPE, "JSON", obj, exc)
                return None
        return super().__call__(obj)
