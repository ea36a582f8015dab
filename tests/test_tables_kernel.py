"""The e2b/data formatter (and the strict application/json one) in a real
kernel started with chartex's start-up file alone, installed with
`chartex ipython install --json` as a kernel image would replace E2B's
0002_data.py with it: every displayed DataFrame and Series carries its
e2b/data, the index kept, no value lost, never a broken display or a
warning in the cell, at most 2 MB; read back with E2B's own client
(e2b-code-interpreter, where installed: the venv) as result.data.
One kernel for the whole file (each start costs seconds).
"""
import json

import pytest

pytest.importorskip("pandas", reason="the tables' kernel tests display pandas frames")

import chartex.ipython  # noqa: E402
import golden  # noqa: E402
from test_ipython_kernel import Kernel  # noqa: E402

DATA = "e2b/data"
LIMIT = 2_000_000


@pytest.fixture(scope="module")
def kernel(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("tables")
    path = chartex.ipython.install_startup(str(tmp / "ipython"), json=True)
    assert path.endswith("00-chartex.py")
    k = Kernel(tmp, tmp / "ipython")
    yield k
    k.close()


def shown(outputs):
    """(msg_type, data, metadata) of each display message."""
    return [(m["msg_type"], m["content"]["data"], m["content"]["metadata"]) for m in outputs
            if m["msg_type"] in ("display_data", "execute_result")]


def one(kernel, code):
    (item,) = shown(kernel.run_ok(code))
    return item


def client_result(msg_type, data):
    """What E2B's Python client makes of a display, relayed as E2B's server
    relays it (e2b/data -> "data"); None without the client."""
    try:
        from e2b_code_interpreter import models
    except ImportError:
        return None
    wire = json.dumps({"text": data.get("text/plain"), "html": data.get("text/html"),
                       "json": data.get("application/json"), "data": data.get(DATA),
                       "is_main_result": msg_type == "execute_result"}, allow_nan=False)
    return models.Result(**golden.strict_loads(wire))


def test_the_start_up_file_registers_chartex(kernel):
    out = kernel.stdout(
        "f = get_ipython().display_formatter.formatters\n"
        "print(type(f['e2b/data']).__name__, type(f['e2b/chart']).__name__,\n"
        "      type(f['application/json']).__name__)\n"
        "import sys; print('pandas' in sys.modules)")
    assert out.split("\n")[:2] == ["DataFormatter ChartFormatter StrictJSONFormatter", "False"]


def test_the_dtypes_that_break_e2b_s_formatter(kernel):
    msg_type, data, md = one(kernel, (
        "import pandas as pd, decimal\n"
        "pd.DataFrame({'td': pd.to_timedelta(['1h', None]),\n"
        "              'p': pd.period_range('2024-01', periods=2, freq='M'),\n"
        "              'd': [decimal.Decimal('12.50'), decimal.Decimal('NaN')],\n"
        "              't': pd.to_datetime(['2024-03-01 12:00', None]),\n"
        "              'z': pd.date_range('2024-03-31', periods=2, freq='6h', tz='Europe/Berlin')})"))
    assert msg_type == "execute_result" and "text/html" in data
    assert data[DATA] == {"td": ["P0DT1H0M0S", None], "p": ["2024-01", "2024-02"],
                          "d": ["12.50", None], "t": ["2024-03-01T12:00:00", None],
                          "z": ["2024-03-31T00:00:00+01:00", "2024-03-31T07:00:00+02:00"]}
    assert md[DATA] == {"rows": 2, "columns": 5, "rows_sent": 2, "columns_sent": 5}
    result = client_result(msg_type, data)
    if result is not None:
        assert result.data == data[DATA] and "data" in result.formats()
        assert result.is_main_result and result.html


def test_index_duplicates_multiindex_series(kernel):
    _, data, _ = one(kernel, (
        "import pandas as pd\n"
        "df = pd.DataFrame({'city': ['Tokyo', 'Paris', 'Tokyo'], 'pop': [37, 11, 1]})\n"
        "df.groupby('city').sum()"))
    assert data[DATA] == {"city": ["Paris", "Tokyo"], "pop": [11, 38]}
    # Neither pandas' duplicate-column warning nor jupyter_client's
    # serialization warning reaches the cell (run_ok: no stderr).
    _, data, _ = one(kernel, "pd.DataFrame([[1, 2]], columns=['a', 'a'])")
    assert data[DATA] == {"a": [1], "a.1": [2]}
    _, data, _ = one(kernel, "df.groupby('city').agg(['mean', 'sum'])")
    assert data[DATA] == {"city": ["Paris", "Tokyo"], "pop_mean": [11.0, 19.0],
                          "pop_sum": [11, 38]}
    msg_type, data, _ = one(kernel, "df['pop']")
    assert data[DATA] == {"pop": [37, 11, 1]}
    result = client_result(msg_type, data)
    if result is not None:
        assert result.data == {"pop": [37, 11, 1]}


def test_a_million_rows_stay_small(kernel):
    outputs = kernel.run_ok(
        "import numpy as np, pandas as pd\n"
        "big = pd.DataFrame(np.random.default_rng(0).normal(size=(1_000_000, 5)),\n"
        "                   columns=list('abcde'))\n"
        "big.iloc[3, 1] = np.nan\n"
        "big")
    (msg_type, data, md), = shown(outputs)
    raw = [r for r in kernel.raw if '"e2b/data"' in r]
    assert raw and len(raw[-1].encode()) < LIMIT
    assert md[DATA] == {"rows": 1_000_000, "columns": 5, "rows_sent": 60, "columns_sent": 5}
    assert len(data[DATA]["a"]) == 60 and data[DATA]["b"][3] is None
    out = kernel.stdout("import chartex, json\n"
                        "print(json.dumps(chartex.frame_to_dict(big, max_rows=60)))")
    assert json.loads(out) == data[DATA]


def test_json_formatter_and_hostile_values(kernel):
    msg_type, data, md = one(kernel, (
        "import numpy as np, pandas as pd\n"
        "{'nan': float('nan'), 1: np.arange(3), 'f': np.float32(0.5), 'when': pd.Timestamp(0)}"))
    assert data["application/json"] == {"nan": None, "1": [0, 1, 2], "f": 0.5,
                                        "when": "1970-01-01T00:00:00"}
    assert md["application/json"] == {"expanded": True}
    # (A lone surrogate would break the display without chartex too: the
    # frame's own text/plain holds it, which no packer can encode.)
    _, data, _ = one(kernel, "pd.DataFrame({'o': ['x' * 30_000, 'é😀', b'\\xff', None]})")
    assert data[DATA] == {"o": ["x" * 10_000 + "\u2026", "é😀", "\\xff", None]}


def test_polars_in_the_kernel(kernel):
    has = kernel.stdout("import importlib.util\n"
                        "print(importlib.util.find_spec('polars') is not None)")
    if has.strip() != "True":
        pytest.skip("polars is not installed for this Python")
    _, data, md = one(kernel, "import polars as pl\npl.DataFrame({'a': [1, None], 's': ['x', 'y']})")
    assert data[DATA] == {"a": [1, None], "s": ["x", "y"]}
    assert md[DATA]["rows"] == 2


def test_failure_keeps_the_display(kernel):
    msg_type, data, md = one(kernel, (
        "import pandas as pd\n"
        "get_ipython().display_formatter.formatters['e2b/data'].max_bytes = 5\n"
        "pd.DataFrame({'a': [1]})"))
    try:
        assert DATA not in data and DATA not in md
        assert "text/plain" in data and "text/html" in data
    finally:
        kernel.run_ok("get_ipython().display_formatter.formatters['e2b/data'].max_bytes = 1_000_000")
    text = kernel.stderr_path.read_text(errors="replace")
    assert "e2b/data: no data for a DataFrame" in text
