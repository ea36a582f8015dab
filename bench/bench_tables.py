"""What a displayed table costs, end to end, in real IPython kernels, and
the library's own speed beside the stdlib's.

    make bench-kernel                        (after the charts; BENCH_QUICK=1: one run)
    PYTHONPATH=BUILDDIR/python python3 bench/bench_tables.py [--runs N] [--tables 'NAME;...']

It starts one ipykernel per configuration (bench_kernel.Kernel: the
interpreter running this script, jupyter_client's orjson packer when
orjson is installed, else the stdlib json one):

  plain     IPython's own display: text/plain and text/html, no e2b/data
  chartex   `%load_ext chartex`: chartex's e2b/data formatter, its defaults
  e2b       E2B's e2b/data formatter, as its start-up file registers it
            (frame.to_dict(orient="list"), Timestamps as isoformat(); the
            rendition of tests/test_e2b_startup.py)

E2B's formatter breaks the display of some frames (a Timedelta column:
the cell ends in "ValueError: Can't clean for JSON"): its cells say
"error", and the error is printed below the table.

For every table, each run builds the frame in an untimed cell, then times
the cell `df` (the frame as the cell's value): from the execute_request to
the moment the reader has decoded the execute_result.  Runs are
interleaved.  It reports medians: the latency each e2b/data formatter adds
over the plain display, the ratio of E2B's to chartex's, the formatter's
own time inside the kernel, and the bytes of e2b/data and of the whole
message.  Then, in this process: chartex.frame_to_json (unbounded) of a
1,000,000 x 5 float frame against json.dumps(df.to_dict(orient="list")).

A benchmark, not a test: it never fails on a number.
"""
import argparse
import json
import os
import random
import re
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_kernel  # noqa: E402

_PRE = "import numpy as np, pandas as pd\nrng = np.random.default_rng(0)\n"
TABLES = {
    "1,000 x 10 mixed": (
        "n = 1000\n"
        "df = pd.DataFrame({'f': rng.normal(size=n), 'i': rng.integers(0, 100, n),\n"
        "    's': ['name %d' % k for k in range(n)], 'b': rng.random(n) > 0.5,\n"
        "    't': pd.date_range('2024-01-01', periods=n, freq='min'),\n"
        "    'c': pd.Categorical(rng.choice(['x', 'y', 'z'], n)),\n"
        "    'n': pd.array(np.where(rng.random(n) > 0.9, None, rng.integers(0, 9, n)), dtype='Int64'),\n"
        "    'f32': rng.normal(size=n).astype('float32'), 'u': rng.integers(0, 9, n).astype('uint8'),\n"
        "    'o': [k if k % 2 else str(k) for k in range(n)]})"),
    "100,000 x 5": "df = pd.DataFrame(rng.normal(size=(100_000, 5)), columns=list('abcde'))",
    "1,000,000 x 5": "df = pd.DataFrame(rng.normal(size=(1_000_000, 5)), columns=list('abcde'))",
    "10 x 100,000 (wide)": ("df = pd.DataFrame(rng.normal(size=(10, 100_000)),\n"
                            "    columns=['col%d' % k for k in range(100_000)])"),
    "1,000 x 2,000 (wide)": ("df = pd.DataFrame(rng.normal(size=(1_000, 2_000)),\n"
                             "    columns=['col%d' % k for k in range(2_000)])"),
    "datetime-indexed 100,000": (
        "df = pd.DataFrame({'v': rng.normal(size=100_000), 'w': rng.integers(0, 9, 100_000)},\n"
        "    index=pd.date_range('2020-01-01', periods=100_000, freq='min', name='when'))"),
    "groupby 1,000 groups": (
        "raw = pd.DataFrame({'g': rng.integers(0, 1000, 1_000_000), 'v': rng.normal(size=1_000_000)})\n"
        "df = raw.groupby('g').agg(['mean', 'sum', 'count'])"),
    # Run after all the others (BREAKS_E2B).
    "1,000 with Timedelta, Period, Decimal": (
        "import decimal\n"
        "df = pd.DataFrame({'td': pd.to_timedelta(rng.integers(0, 10**6, 1000), unit='s'),\n"
        "    'p': pd.period_range('2024-01', periods=1000, freq='D'),\n"
        "    'd': [decimal.Decimal(k) / 100 for k in range(1000)]})"),
}

# Frames whose display E2B's formatter breaks: timed after every other
# table's runs, since after such a failure E2B's kernel failed the display
# of the next frame with MultiIndex columns with the same error (seen with
# jupyter_client 8.10).
BREAKS_E2B = ["1,000 with Timedelta, Period, Decimal"]

_E2B_DATA = r'''
import pandas as _pd
from IPython.core.formatters import BaseFormatter as _BF
from traitlets import Unicode as _U, ObjectName as _O
def _e2b_frame_columns(frame):
    columns = frame.to_dict(orient="list")
    return {name: [v.isoformat() if isinstance(v, _pd.Timestamp) else v for v in values]
            for name, values in columns.items()}
class _E2BDataFormatter(_BF):
    format_type = _U("e2b/data")
    print_method = _O("_repr_e2b_data_")
    _return_type = (dict, str)
    type_printers = {_pd.DataFrame: _e2b_frame_columns}
get_ipython().display_formatter.formatters["e2b/data"] = _E2BDataFormatter(
    parent=get_ipython().display_formatter)
'''

_PROBES = r'''
import time as _t, json as _json
_ip = get_ipython()
_tb = {"fmt": []}
class _TTimed:
    def __init__(self, f):
        self.f = f
    def __call__(self, obj):
        t0 = _t.perf_counter()
        try:
            return self.f(obj)
        finally:
            _tb["fmt"].append(_t.perf_counter() - t0)
    def __getattr__(self, name):
        return getattr(self.f, name)
_tfs = _ip.display_formatter.formatters
if "e2b/data" in _tfs:
    _tfs["e2b/data"] = _TTimed(_tfs["e2b/data"])
def _tb_take():
    out = dict(_tb)
    _tb["fmt"] = []
    return _json.dumps(out)
'''

CONFIGS = ["plain", "chartex", "e2b"]


def med(v):
    return statistics.median(v) if v else float("nan")


def data_bytes(msg, packer):
    data = msg["content"]["data"].get("e2b/data") if msg else None
    if data is None:
        return 0
    if packer == "orjson":
        import orjson
        return len(orjson.dumps(data))
    return len(json.dumps(data, separators=(",", ":"), ensure_ascii=False,
                          allow_nan=False).encode())


def kernel_tables(tables, runs, packer):
    bench_kernel.SETUP.update({"plain": "", "e2b": _E2B_DATA})
    results, errors = {}, {}
    kernels = []
    with tempfile.TemporaryDirectory() as tmp:
        try:
            for config in CONFIGS:
                # bench_kernel.Kernel has run its probes (the packing of
                # every message); these add the e2b/data formatter's.
                k = bench_kernel.Kernel(tmp, config, packer, {})
                k.run(_PROBES)
                kernels.append(k)
            order = list(kernels)
            rnd = random.Random(2)
            first = [t for t in tables if t not in BREAKS_E2B]
            last = [t for t in tables if t in BREAKS_E2B]
            # Round 0 warms up and is not counted.
            rounds = [(r, first) for r in range(runs + 1)] + [(r, last) for r in range(runs + 1)]
            for r, names in rounds:
                for name in names:
                    rnd.shuffle(order)
                    for k in order:
                        k.run(_PRE + TABLES[name] + "\nNone")
                        k.run("pass", {"b": "_tb_take()"})
                        k.probes()
                        k.decode.clear()
                        try:
                            e2e, msg, _ = k.run("df")
                        except RuntimeError as exc:
                            # The cell's error (E2B's formatter breaks the display).
                            text = re.sub(r"\x1b\[[0-9;]*m", "", str(exc))
                            errors[(name, k.config)] = text.splitlines()[-1][:100]
                            continue
                        fmt = json.loads(k.run("pass", {"b": "_tb_take()"})[2]["b"])["fmt"]
                        pack = k.probes()["pack"]
                        if r == 0:
                            continue
                        results.setdefault((name, k.config), []).append({
                            "e2e": e2e, "fmt": sum(fmt),
                            # the display message's packing (the largest)
                            "pack": max((t for t, _ in pack), default=0.0),
                            "decode": sum(t for t, _ in k.decode),
                            "data_bytes": data_bytes(msg, packer),
                            "msg_bytes": sum(b for _, b in k.decode),
                            "rows_sent": len(next(iter(msg["content"]["data"]["e2b/data"].values()), []))
                            if msg and msg["content"]["data"].get("e2b/data") else 0,
                        })
                print("round %d of %d done" % (r, runs), file=sys.stderr)
        finally:
            for k in kernels:
                k.close()
    return results, errors


def report(tables, results, errors):
    def m(name, c, key, scale=1e3):
        return med([x[key] for x in results.get((name, c), [])]) * scale

    head = ["table", "plain ms", "chartex +ms", "e2b +ms", "e2b/chartex",
            "chartex +stages", "e2b +stages", "e2b/chartex (stages)",
            "chartex bytes", "e2b bytes", "chartex msg", "e2b msg", "rows sent"]
    rows = []
    for name in tables:
        base = m(name, "plain", "e2e")
        row = [name, "%.0f" % base]
        added, stages = {}, {}
        for c in ("chartex", "e2b"):
            if (name, c) in errors:
                added[c] = stages[c] = None
                continue
            added[c] = m(name, c, "e2e") - base
            # What the e2b/data costs by stage: the formatter, and the
            # packing and the reader's decoding beyond the plain display's.
            stages[c] = (m(name, c, "fmt") + m(name, c, "pack") - m(name, "plain", "pack")
                         + m(name, c, "decode") - m(name, "plain", "decode"))
        for c in ("chartex", "e2b"):
            row.append("%+.1f" % added[c] if added[c] is not None else "error")

        def ratio(d):
            if d["chartex"] is None or d["e2b"] is None:
                return "-"
            # Below 1 ms chartex's added latency is within the noise of a
            # median: the ratio is given against 1 ms, as a lower bound.
            if d["chartex"] < 1.0:
                return "> %.0fx" % (d["e2b"] / 1.0)
            return "%.0fx" % (d["e2b"] / d["chartex"])
        row.append(ratio(added))
        for c in ("chartex", "e2b"):
            row.append("%+.1f" % stages[c] if stages[c] is not None else "error")
        row.append(ratio(stages))
        for key in ("data_bytes", "msg_bytes"):
            for c in ("chartex", "e2b"):
                row.append("{:,}".format(int(m(name, c, key, 1))) if (name, c) not in errors
                           else "-")
        row.append("{:,}".format(int(m(name, "chartex", "rows_sent", 1))))
        rows.append(row)
    print("Added latency over the plain display (ms): end to end, and by stage "
          "(formatter + packing + decoding); bytes of e2b/data and of the message")
    bench_kernel.table(head, rows)
    for (name, c), text in sorted(errors.items()):
        print("error: %s with %s: %s" % (name, c, text))


def library(repeat):
    import numpy as np
    import pandas as pd

    import chartex

    df = pd.DataFrame(np.random.default_rng(0).normal(size=(1_000_000, 5)), columns=list("abcde"))

    def best(fn):
        times = []
        for _ in range(repeat):
            t0 = time.perf_counter()
            fn()
            times.append(time.perf_counter() - t0)
        return min(times)

    ours = best(lambda: chartex.frame_to_json(df))
    theirs = best(lambda: json.dumps(df.to_dict(orient="list")))
    ours_d = best(lambda: chartex.frame_to_dict(df))
    theirs_d = best(lambda: df.to_dict(orient="list"))
    assert json.loads(chartex.frame_to_json(df)) == df.to_dict(orient="list")
    print("\n1,000,000 x 5 floats, unbounded, best of %d, in this process:" % repeat)
    bench_kernel.table(["", "chartex", "stdlib/pandas", "ratio"], [
        ["frame_to_json vs json.dumps(df.to_dict('list'))", "%.0f ms" % (ours * 1e3),
         "%.0f ms" % (theirs * 1e3), "%.1fx" % (theirs / ours)],
        ["frame_to_dict vs df.to_dict('list')", "%.0f ms" % (ours_d * 1e3),
         "%.0f ms" % (theirs_d * 1e3), "%.1fx" % (theirs_d / ours_d)],
    ])


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--quick", action="store_true", help="one run")
    p.add_argument("--tables", default=None, help="names separated by ';'")
    a = p.parse_args(argv)
    runs = 1 if a.quick else a.runs
    tables = a.tables.split(";") if a.tables else list(TABLES)
    packer = "orjson" if bench_kernel.have("orjson") else "json"
    import IPython
    import pandas

    import chartex
    print("chartex %s table benchmark: Python %s, pandas %s, IPython %s, packer %s; "
          "%d run(s), medians" % (chartex.__version__, sys.version.split()[0],
                                  pandas.__version__, IPython.__version__, packer, runs))
    results, errors = kernel_tables(tables, runs, packer)
    report(tables, results, errors)
    library(3 if not a.quick else 1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
