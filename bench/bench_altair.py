"""What reading an Altair chart adds to its display in a real IPython
kernel, side by side in one run with Altair's own display of the same
chart: make bench-altair.

    PYTHONPATH=BUILDDIR/python python3 bench/bench_altair.py [--runs N]
        [--rows 10,10000,1000000] [--charts NAME,NAME] [--json OUT]

Four kernels (ipykernel through jupyter_client, this interpreter):

  altair        Altair's own display: its default renderer, the data
                inline (alt.data_transformers.disable_max_rows(), without
                which a chart of more than 5,000 rows does not display)
  altair+cx     the same with `%load_ext chartex` (e2b/chart beside it)
  vegafusion    Altair's VegaFusion data transformer (the data evaluated
                before it is embedded: what Altair's docs advise for large
                data); a chart of more than its row limit does not display
  vegafusion+cx the same with `%load_ext chartex`

For every chart and row count, a cell builds the chart (untimed), then the
timed cell is the chart as its last expression: from the execute_request
to the moment the reader has decoded the display message.  Inside the
kernels the e2b/chart formatter's own time is measured too.  Each kernel
first shows a 10-row chart (untimed) so that every one-off start-up is
paid before the runs; runs are interleaved across the kernels.  The table:
the medians, chartex's added latency over the same kernel without it, and
the formatter's own time.

VegaFusion's start-up is measured apart, in fresh interpreters: importing
what the reader needs, vl-convert's first compile (it starts its Deno
engine), VegaFusion's first evaluation, and chartex's first chart end to
end against its second.

A benchmark, not a test: it never fails on a number.
"""
import argparse
import ast
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MIME = "e2b/chart"

# Untimed: the data of n rows (seeded) and the chart c.
_DATA = (
    "import altair as alt, numpy as np, pandas as pd\n"
    "rng = np.random.default_rng(0)\n"
    "n = {n}\n"
    "df = pd.DataFrame({{'x': rng.normal(size=n), 'y': rng.normal(size=n),\n"
    "    'g': rng.choice(list('abcdefgh'), size=n),\n"
    "    't': pd.Timestamp('2024-01-01') + pd.to_timedelta(np.arange(n) % 365, unit='D')}})\n")
CHARTS = {
    "histogram": "c = alt.Chart(df).mark_bar().encode(alt.X('x:Q', bin=alt.Bin(maxbins=40)), y='count()')",
    "bar mean": "c = alt.Chart(df).mark_bar().encode(x='g:N', y='mean(y):Q')",
    "line by day": "c = alt.Chart(df).mark_line().encode(x='yearmonthdate(t):T', y='mean(y):Q', color='g:N')",
    "scatter": "c = alt.Chart(df).mark_point().encode(x='x:Q', y='y:Q', color='g:N')",
}
ROWS = [10, 10_000, 1_000_000]

SETUP = {
    "altair": "import altair as alt\nalt.data_transformers.disable_max_rows()\n",
    "altair+cx": "import altair as alt\nalt.data_transformers.disable_max_rows()\n%load_ext chartex\n",
    "vegafusion": "import altair as alt\nalt.data_transformers.enable('vegafusion')\n",
    "vegafusion+cx": "import altair as alt\nalt.data_transformers.enable('vegafusion')\n%load_ext chartex\n",
}

# The e2b/chart formatter's own time, in the kernel.
_PROBES = r'''
import time as _t, json as _json
_fs = get_ipython().display_formatter.formatters
_bench = []
class _Timed:
    def __init__(self, f):
        self.f = f
    def __call__(self, obj):
        t0 = _t.perf_counter()
        try:
            return self.f(obj)
        finally:
            _bench.append(_t.perf_counter() - t0)
    def __getattr__(self, name):
        return getattr(self.f, name)
if "e2b/chart" in _fs:
    _fs["e2b/chart"] = _Timed(_fs["e2b/chart"])
def _bench_take():
    out = list(_bench)
    del _bench[:]
    return _json.dumps(out)
'''


class Kernel:
    def __init__(self, tmp, config):
        from jupyter_client import KernelManager
        from jupyter_client.kernelspec import KernelSpecManager

        import chartex

        self.config = config
        d = Path(tmp) / config.replace("+", "-")
        spec = d / "kernels" / "bench"
        spec.mkdir(parents=True)
        (spec / "kernel.json").write_text(json.dumps({
            "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
            "display_name": "bench", "language": "python"}))
        env = dict(os.environ)
        env.pop("CHARTEX_MAX_POINTS", None)
        env.update({"IPYTHONDIR": str(d / "ipython"), "PYTHONWARNINGS": "ignore",
                    "MPLBACKEND": "Agg"})
        pkg_parent = str(Path(chartex.__file__).resolve().parent.parent)
        env["PYTHONPATH"] = os.pathsep.join(
            [pkg_parent] + [x for x in env.get("PYTHONPATH", "").split(os.pathsep) if x])
        self.km = KernelManager(kernel_name="bench",
                                kernel_spec_manager=KernelSpecManager(kernel_dirs=[str(d / "kernels")]),
                                connection_file=str(d / "connection.json"))
        self.km.start_kernel(env=env, cwd=str(d), stderr=open(d / "stderr.txt", "wb"))
        self.kc = self.km.client()
        self.kc.start_channels()
        self.kc.wait_for_ready(timeout=120)
        self.run(SETUP[config])
        self.run(_PROBES)

    def run(self, code, expressions=None, timeout=900):
        """Runs code; returns (seconds until the display message was
        decoded or None, its data, the error text or None, expressions)."""
        t0 = time.perf_counter()
        msg_id = self.kc.execute(code, user_expressions=expressions)
        shown, data, error = None, None, None
        while True:
            msg = self.kc.get_iopub_msg(timeout=timeout)
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            kind = msg["msg_type"]
            if kind in ("display_data", "execute_result") and shown is None:
                shown, data = time.perf_counter() - t0, msg["content"]["data"]
            elif kind == "error":
                error = "%s: %s" % (msg["content"]["ename"], msg["content"]["evalue"][:200])
            elif kind == "status" and msg["content"]["execution_state"] == "idle":
                break
        while True:
            reply = self.kc.get_shell_msg(timeout=timeout)
            if reply["parent_header"].get("msg_id") == msg_id:
                break
        values = {}
        for name, v in (reply["content"].get("user_expressions") or {}).items():
            if v.get("status") == "ok":
                values[name] = ast.literal_eval(v["data"]["text/plain"])
        return shown, data, error, values

    def formatter_times(self):
        return json.loads(self.run("pass", {"b": "_bench_take()"})[3]["b"])

    def close(self):
        try:
            self.kc.stop_channels()
        finally:
            self.km.shutdown_kernel(now=True)


def displayed(data):
    """Altair's own output is in the message: its Vega-Lite bundle or the
    HTML of its default renderer (which is not a 'cannot display' text)."""
    if not data:
        return False
    html = data.get("text/html", "")
    return any(k.startswith("application/vnd.vegalite") for k in data) or "vega-embed" in html


def med(v):
    return statistics.median(v) if v else float("nan")


# In a fresh interpreter: VegaFusion's and vl-convert's start-up, then
# chartex's first and second reading of a 10-row chart.
_STARTUP = r'''
import json, sys, time
t = {}
t0 = time.perf_counter()
import altair as alt, pandas as pd
t["import altair"] = time.perf_counter() - t0
import chartex
df = pd.DataFrame({"g": list("abcde") * 2, "v": range(10)})
c = alt.Chart(df).mark_bar().encode(x="g:N", y="mean(v):Q")
t0 = time.perf_counter()
import vegafusion, vl_convert, pyarrow
t["import vegafusion, vl_convert, pyarrow"] = time.perf_counter() - t0
if sys.argv[1] == "parts":
    spec = c.to_dict()
    t0 = time.perf_counter()
    vega = vl_convert.vegalite_to_vega(spec)
    t["vl-convert first compile (Deno start)"] = time.perf_counter() - t0
    t0 = time.perf_counter()
    vl_convert.vegalite_to_vega(spec)
    t["vl-convert next compile"] = time.perf_counter() - t0
    t0 = time.perf_counter()
    names = [d["name"] for d in vega["data"] if "values" in d or "source" in d]
    vegafusion.runtime.pre_transform_datasets(vega, names[-1:], dataset_format="pyarrow")
    t["VegaFusion first evaluation"] = time.perf_counter() - t0
    t0 = time.perf_counter()
    vegafusion.runtime.pre_transform_datasets(vega, names[-1:], dataset_format="pyarrow")
    t["VegaFusion next evaluation"] = time.perf_counter() - t0
else:
    t0 = time.perf_counter()
    chartex.figure_to_dict(c)
    t["chartex first chart (all start-up)"] = time.perf_counter() - t0
    t0 = time.perf_counter()
    chartex.figure_to_dict(c)
    t["chartex second chart"] = time.perf_counter() - t0
print(json.dumps(t))
'''


def startup(runs):
    out = {}
    for mode in ("parts", "chartex"):
        for _ in range(runs):
            r = subprocess.run([sys.executable, "-c", _STARTUP, mode], capture_output=True,
                               text=True, env=dict(os.environ, PYTHONWARNINGS="ignore"))
            if r.returncode != 0:
                out.setdefault("error", []).append(r.stderr.strip().splitlines()[-1:])
                continue
            for k, v in json.loads(r.stdout.strip().splitlines()[-1]).items():
                out.setdefault(k, []).append(v)
    return out


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--quick", action="store_true", help="2 runs, up to 10,000 rows")
    p.add_argument("--rows", default=None, help="row counts, comma-separated")
    p.add_argument("--charts", default=None)
    p.add_argument("--configs", default=None)
    p.add_argument("--json", default=None, help="write every measurement here")
    a = p.parse_args(argv)
    rows = [int(r) for r in a.rows.split(",")] if a.rows else (
        ROWS[:2] if a.quick else ROWS)
    runs = 2 if a.quick else a.runs
    charts = a.charts.split(",") if a.charts else list(CHARTS)
    configs = a.configs.split(",") if a.configs else list(SETUP)
    try:
        import altair
        import vegafusion
    except ImportError as e:
        sys.exit("bench_altair needs chartex[altair] (pip install 'chartex[altair]'): %s" % e)
    print("Altair %s, VegaFusion %s, Python %s; %d runs, medians"
          % (altair.__version__, vegafusion.__version__, sys.version.split()[0], runs))
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        kernels = [Kernel(tmp, c) for c in configs]
        try:
            first = {}
            for k in kernels:  # every one-off start-up paid before the runs
                k.run(_DATA.format(n=10) + CHARTS["bar mean"])
                k.run("c")
                first[k.config] = k.formatter_times()
            for n in rows:
                for name in charts:
                    for k in kernels:
                        k.run(_DATA.format(n=n) + CHARTS[name])
                    for _ in range(runs):
                        order = list(kernels)
                        random.shuffle(order)
                        for k in order:
                            shown, data, error, _ = k.run("c")
                            fmt = k.formatter_times()
                            r = results.setdefault((name, n, k.config), {
                                "wall": [], "fmt": [], "bytes": 0, "error": None,
                                "shown": True, "chart": None})
                            r["error"] = r["error"] or error
                            r["shown"] = r["shown"] and displayed(data)
                            if shown is not None:
                                r["wall"].append(shown)
                            r["fmt"].extend(fmt)
                            if data:
                                r["bytes"] = sum(len(json.dumps(v)) for v in data.values())
                                if MIME in data:
                                    r["chart"] = data[MIME].get("type") if data[MIME] else "{}"
                    print("  %s, %d rows done" % (name, n), file=sys.stderr, flush=True)
        finally:
            for k in kernels:
                k.close()
    report(results, rows, charts, configs)
    print()
    print("The first e2b/chart of each kernel (a 10-row bar chart: the import of "
          "chartex._altair, vl-convert's Deno start, VegaFusion's first run):")
    for c, times in first.items():
        if times:
            print("  %s: formatter %.3f s" % (c, times[0]))
    print()
    print("VegaFusion's and vl-convert's start-up (fresh interpreters, medians of 3):")
    st = startup(3)
    print("| step | seconds |")
    print("|---|--:|")
    for k, v in st.items():
        print("| %s | %s |" % (k, v if k == "error" else "%.3f" % med(v)))
    if a.json:
        Path(a.json).write_text(json.dumps({
            "runs": {"%s|%d|%s" % key: v for key, v in results.items()},
            "first": first, "startup": st}, indent=1))
    return 0


def report(results, rows, charts, configs):
    print("| chart | rows | kernel | shown (s) | added by chartex (s) | formatter (s) | message bytes | e2b/chart |")
    print("|---|--:|---|--:|--:|--:|--:|---|")
    for name in charts:
        for n in rows:
            for c in configs:
                r = results.get((name, n, c))
                if r is None:
                    continue
                base = results.get((name, n, c.replace("+cx", ""))) if c.endswith("+cx") else None
                wall = med(r["wall"])
                if not r["shown"]:
                    shown = "not shown (%s)" % (r["error"] or "no Altair output")
                else:
                    shown = "%.3f" % wall
                added = ""
                if base is not None and base["shown"] and r["shown"]:
                    added = "%+.3f" % (wall - med(base["wall"]))
                fmt = "%.3f" % med(r["fmt"]) if r["fmt"] else ""
                print("| %s | %s | %s | %s | %s | %s | %s | %s |" % (
                    name, "{:,}".format(n), c, shown, added, fmt,
                    "{:,}".format(r["bytes"]), r["chart"] or ""))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
