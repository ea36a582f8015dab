"""What a display costs the user, end to end, in real IPython kernels.

    make bench-kernel                         (BENCH_QUICK=1: fewer runs)
    PYTHONPATH=BUILDDIR/python python3 bench/bench_kernel.py [--runs N]
        [--figures NAME,NAME] [--configs NAME,NAME] [--json OUT]

It starts one ipykernel per configuration with jupyter_client, matplotlib's
inline backend and this interpreter:

  png       the inline backend only: no e2b/chart formatter
  chartex   `%load_ext chartex`, the formatter with its defaults
  nolimit   the same with CHARTEX_MAX_POINTS=0 (no limit: every point)
  e2b       e2b-charts' chart_figure_to_dict in an e2b/chart formatter, as
            E2B's start-up script registers it (only when e2b-charts is
            installed beside chartex; it is never a dependency)

each twice: with jupyter_client's stdlib json packer and with orjson (when
orjson is installed), set on both the kernel's and the reader's session.
For every figure, each run first builds the figure in an untimed cell, then
times the cell `plt.show()`: from the execute_request sent to the moment
the reader has checked and decoded the display_data message (the PNG
rendered, every formatter run, the message packed, sent and unpacked).
Runs are interleaved (every configuration once per figure per round, in a
shuffled order) so that a noisy neighbour hits all of them alike.

Inside the kernels it also measures the e2b/chart formatter's own time and
the packing of the display message; in the reader, the HMAC check and
decode of that message; and the bytes of the chart on the wire (the chart
as the packer encodes it).  It reports medians, the latency each chart
formatter adds over PNG only (absolute and as a share of PNG only), and
the ratio of e2b-charts' added latency to chartex's.

A benchmark, not a test: it never fails on a number.
"""
import argparse
import ast
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from jupyter_client import KernelManager
from jupyter_client.kernelspec import KernelSpecManager

INLINE = "module://matplotlib_inline.backend_inline"
MIME = "e2b/chart"

# Figures: code that builds a pyplot figure (seeded data), run untimed.
_PRE = "import numpy as np, matplotlib.pyplot as plt\nrng = np.random.default_rng(0)\n"
FIGURES = {
    "line 2x1k": "x = np.arange(1000)\nfor k in range(2): plt.plot(x, np.cumsum(rng.normal(size=x.size)), label='s%d' % k)\nplt.legend()",
    "line 2x100k": "x = np.arange(100_000)\nfor k in range(2): plt.plot(x, np.cumsum(rng.normal(size=x.size)), label='s%d' % k)\nplt.legend()",
    "line 2x1M": "x = np.arange(1_000_000)\nfor k in range(2): plt.plot(x, np.cumsum(rng.normal(size=x.size)), label='s%d' % k)\nplt.legend()",
    "scatter 100k": "plt.scatter(rng.normal(size=100_000), rng.normal(size=100_000), s=1)",
    "scatter 1M": "plt.scatter(rng.normal(size=1_000_000), rng.normal(size=1_000_000), s=1)",
    "bar 200": "plt.bar(['c%d' % i for i in range(200)], rng.uniform(1, 10, 200))",
    "pie 12": "plt.pie(rng.uniform(1, 10, 12), labels=['p%d' % i for i in range(12)])",
    "box 20": "plt.boxplot([rng.normal(i, 1 + i / 10, 200) for i in range(20)])",
    "grid 2x2 10k": "fig, axs = plt.subplots(2, 2)\nfor ax in axs.flat: ax.plot(np.cumsum(rng.normal(size=10_000)))",
    "grid 12x12 10k": "fig, axs = plt.subplots(12, 12, figsize=(12, 12))\nfor ax in axs.flat: ax.plot(np.cumsum(rng.normal(size=10_000)))",
    "date line 100k": "import pandas as pd\nt = pd.date_range('2020-01-01', periods=100_000, freq='min')\nplt.plot(t, np.cumsum(rng.normal(size=t.size)))",
    "heatmap 1000x1000": "plt.imshow(rng.normal(size=(1000, 1000)))\nplt.colorbar()",
    "heatmap 2000x2000": "plt.imshow(rng.normal(size=(2000, 2000)))\nplt.colorbar()",
    # Heavy figures: matplotlib takes minutes to make 200,000 patches, so
    # each kernel builds them once and displays the same figure each round
    # (display(_fig): what plt.show() does, without closing it).
    "bar 200k": {"reuse": True, "build": "_fig, _ax = plt.subplots()\n"
                 "_ax.bar(np.arange(200_000), rng.uniform(1, 10, 200_000))"},
    "hist 200k bins": {"reuse": True, "build": "_fig, _ax = plt.subplots()\n"
                       "_ax.hist(rng.normal(size=1_000_000), bins=200_000)"},
    # Plotly figures, shown with fig.show() (plotly's renderers: plotly_mimetype,
    # and chartex's when it is loaded).
    "plotly bar 200k": {"show": "_fig.show()", "build": "import plotly.graph_objects as go\n"
                        "_fig = go.Figure(go.Bar(x=np.arange(200_000), y=rng.uniform(1, 10, 200_000)))"},
    "plotly hist 200k bins": {"show": "_fig.show()", "build": "import plotly.graph_objects as go\n"
                              "_fig = go.Figure(go.Histogram(x=rng.normal(size=1_000_000), nbinsx=200_000))"},
    "plotly hist 1M bins": {"show": "_fig.show()", "build": "import plotly.graph_objects as go\n"
                            "_fig = go.Figure(go.Histogram(x=rng.uniform(size=20_000), "
                            "xbins=dict(start=0, end=1, size=1e-6)))"},
    "plotly scattergl 2M": {"show": "_fig.show()", "build": "import plotly.graph_objects as go\n"
                            "_fig = go.Figure(go.Scattergl(x=np.arange(2_000_000.0), "
                            "y=np.cumsum(rng.normal(size=2_000_000)), mode='lines'))"},
}


def figure_parts(fig):
    """(build code, timed code, reuse) of a figure of FIGURES."""
    spec = FIGURES[fig]
    if isinstance(spec, str):
        return spec, "plt.show()", False
    if spec.get("reuse"):
        return spec["build"], "display(_fig)", True
    return spec["build"], spec.get("show", "plt.show()"), False
QUICK = ["line 2x1k", "line 2x100k", "scatter 100k", "bar 200", "pie 12", "box 20",
         "grid 2x2 10k", "date line 100k", "plotly bar 200k", "plotly scattergl 2M"]

# Set up in each kernel: the configuration's formatter, and probes that
# time the e2b/chart formatter and the packing of messages.
_PROBES = r'''
import time as _t, sys as _sys, json as _json
_ip = get_ipython()
_bench = {"fmt": [], "pack": []}
class _Timed:
    def __init__(self, f):
        self.f = f
    def __call__(self, obj):
        t0 = _t.perf_counter()
        try:
            return self.f(obj)
        finally:
            _bench["fmt"].append(_t.perf_counter() - t0)
    def __getattr__(self, name):
        return getattr(self.f, name)
_fs = _ip.display_formatter.formatters
if "e2b/chart" in _fs:
    _fs["e2b/chart"] = _Timed(_fs["e2b/chart"])
_session = _ip.kernel.session
_pack = _session.pack
def _timed_pack(obj, _pack=_pack):
    t0 = _t.perf_counter()
    b = _pack(obj)
    _bench["pack"].append((_t.perf_counter() - t0, len(b)))
    return b
_session.pack = _timed_pack
# chartex's Plotly renderer calls the formatter's own method, not the
# formatter object: timed too (the kernels without chartex have none).
try:
    import chartex.ipython as _ci
    _h = _ci._plotly_hook
    if _h is not None:
        _tb = _Timed(_h.to_bundle)
        _h.to_bundle = _tb
        if getattr(_h, "renderer", None) is not None:
            _h.renderer.to_bundle = _tb
except ImportError:
    pass
def _bench_take():
    out = dict(_bench, packer=str(_session.packer))
    _bench["fmt"], _bench["pack"] = [], []
    return _json.dumps(out)
'''

_E2B = r'''
import sys as _sys
from IPython.core.formatters import BaseFormatter as _BF
from traitlets import Unicode as _U, ObjectName as _O
class _E2BChartFormatter(_BF):
    # The logic of E2B's start-up script: gate on sys.modules, call
    # e2b_charts, {} on any failure.
    format_type = _U("e2b/chart")
    print_method = _O("_repr_e2b_chart_")
    _return_type = (dict, str)
    def __call__(self, obj):
        if _sys.modules.get("matplotlib") is None:
            return super().__call__(obj)
        from matplotlib.pyplot import Figure
        if not isinstance(obj, Figure):
            return super().__call__(obj)
        from e2b_charts import chart_figure_to_dict
        try:
            return chart_figure_to_dict(obj)
        except Exception:
            return {}
get_ipython().display_formatter.formatters["e2b/chart"] = _E2BChartFormatter(
    parent=get_ipython().display_formatter)
import warnings as _w
_w.filterwarnings("ignore")
'''

SETUP = {
    "png": "",
    "chartex": "%load_ext chartex",
    "nolimit": "%load_ext chartex",
    "e2b": _E2B,
}


class Kernel:
    def __init__(self, tmp, config, packer, env_extra):
        self.config, self.packer = config, packer
        d = Path(tmp) / ("%s-%s" % (config, packer))
        spec = d / "kernels" / "bench"
        spec.mkdir(parents=True)
        (spec / "kernel.json").write_text(json.dumps({
            "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}",
                     "--Session.packer=%s" % packer],
            "display_name": "bench", "language": "python"}))
        env = dict(os.environ)
        env.pop("CHARTEX_MAX_POINTS", None)
        env.update({"MPLBACKEND": INLINE, "IPYTHONDIR": str(d / "ipython"),
                    "PYTHONWARNINGS": "ignore"})
        # The chartex this benchmark imports, whatever the kernel's cwd.
        import chartex
        pkg_parent = str(Path(chartex.__file__).resolve().parent.parent)
        env["PYTHONPATH"] = os.pathsep.join([pkg_parent] + [x for x in env.get("PYTHONPATH", "").split(os.pathsep) if x])
        env.update(env_extra)
        self.km = KernelManager(kernel_name="bench",
                                kernel_spec_manager=KernelSpecManager(kernel_dirs=[str(d / "kernels")]),
                                connection_file=str(d / "connection.json"))
        self.km.session.packer = packer
        self.km.start_kernel(env=env, cwd=str(d), stderr=open(d / "stderr.txt", "wb"))
        self.kc = self.km.client()
        self.kc.session.packer = packer
        self.decode = []
        self._wrap_reader()
        self.kc.start_channels()
        self.kc.wait_for_ready(timeout=120)
        # Not interactive: a cell that builds a figure does not show it at its
        # end, so the timed cell plt.show() is the one that does.
        self.run("import matplotlib.pyplot as plt\nplt.close(plt.figure())\nplt.ioff()\n" + SETUP[config])
        # Plotly's figures through its mimetype renderer alone (and chartex's,
        # which its formatter adds back before each cell), in every kernel.
        self.run("try:\n    import plotly.io as _pio\n    _pio.renderers.default = 'plotly_mimetype'\n"
                 "except ImportError:\n    pass\n")
        self.run(_PROBES)

    def _wrap_reader(self):
        session = self.kc.session
        orig = session.deserialize

        def deserialize(msg_list, content=True, copy=True):
            t0 = time.perf_counter()
            msg = orig(msg_list, content=content, copy=copy)
            if msg["header"]["msg_type"] in ("display_data", "execute_result"):
                self.decode.append((time.perf_counter() - t0,
                                    sum(len(p) for p in msg_list)))
            return msg
        session.deserialize = deserialize

    def run(self, code, expressions=None, timeout=600):
        """Runs code; returns (seconds until the first display message was
        decoded or None, that message, the values of expressions)."""
        t0 = time.perf_counter()
        msg_id = self.kc.execute(code, user_expressions=expressions)
        shown, first = None, None
        while True:
            msg = self.kc.get_iopub_msg(timeout=timeout)
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            kind = msg["msg_type"]
            if kind in ("display_data", "execute_result") and shown is None:
                shown, first = time.perf_counter() - t0, msg
            elif kind == "error":
                raise RuntimeError("%s: %s" % (self.config, "\n".join(msg["content"]["traceback"])[-2000:]))
            elif kind == "status" and msg["content"]["execution_state"] == "idle":
                break
        while True:
            reply = self.kc.get_shell_msg(timeout=timeout)
            if reply["parent_header"].get("msg_id") == msg_id:
                break
        values = {}
        for name, v in (reply["content"].get("user_expressions") or {}).items():
            if v.get("status") != "ok":
                raise RuntimeError("%s: %s" % (self.config, v))
            values[name] = ast.literal_eval(v["data"]["text/plain"])
        return shown, first, values

    def send(self, code):
        """Starts running code; wait() for it."""
        return self.kc.execute(code)

    def wait(self, msg_id, timeout=3600):
        while True:
            reply = self.kc.get_shell_msg(timeout=timeout)
            if reply["parent_header"].get("msg_id") == msg_id:
                if reply["content"].get("status") != "ok":
                    raise RuntimeError("%s: %s" % (self.config, reply["content"]))
                return

    def probes(self):
        return json.loads(self.run("pass", {"b": "_bench_take()"})[2]["b"])

    def close(self):
        try:
            self.kc.stop_channels()
        finally:
            self.km.shutdown_kernel(now=True)


def chart_bytes(msg, packer):
    chart = msg["content"]["data"].get(MIME) if msg else None
    if chart is None:
        return 0
    if packer == "orjson":
        import orjson
        return len(orjson.dumps(chart))
    return len(json.dumps(chart, separators=(",", ":"), ensure_ascii=False,
                          allow_nan=False).encode())


def have(module):
    try:
        __import__(module)
        return True
    except ImportError:
        return False


def med(v):
    return statistics.median(v) if v else float("nan")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--quick", action="store_true", help="3 runs, the smaller figures")
    p.add_argument("--figures", default=None)
    p.add_argument("--configs", default=None)
    p.add_argument("--json", default=None, help="write every measurement here")
    p.add_argument("--report", default=None, metavar="JSON",
                   help="print the tables of a run saved with --json, run nothing")
    a = p.parse_args(argv)
    if a.report:
        saved = json.loads(Path(a.report).read_text())
        results = {tuple(k.split("|")): v for k, v in saved.items()}
        figs = [f for f in FIGURES if any(k[0] == f for k in results)]
        cfgs = [c for c in SETUP if any(k[1] == c for k in results)]
        pks = [q for q in ("json", "orjson") if any(k[2] == q for k in results)]
        report(results, figs, cfgs, pks)
        return 0
    runs = 3 if a.quick and a.runs == 5 else a.runs
    figures = a.figures.split(",") if a.figures else (QUICK if a.quick else list(FIGURES))
    configs = a.configs.split(",") if a.configs else ["png", "chartex", "nolimit", "e2b"]
    notes = []
    if "e2b" in configs and not have("e2b_charts"):
        configs.remove("e2b")
        notes.append("e2b-charts is not installed beside chartex: no e2b column "
                     "(pip install e2b-charts in this environment to compare)")
    packers = ["json"] + (["orjson"] if have("orjson") else [])
    if len(packers) == 1:
        notes.append("orjson is not installed: the stdlib json packer only")
    import chartex
    import IPython
    import jupyter_client
    import matplotlib
    print("chartex %s kernel benchmark: Python %s, matplotlib %s, IPython %s, jupyter_client %s"
          % (chartex.__version__, sys.version.split()[0], matplotlib.__version__,
             IPython.__version__, jupyter_client.__version__))
    for n in notes:
        print("note:", n)
    print("%d runs per figure and configuration, interleaved; medians in ms" % runs)
    results = {}   # (fig, config, packer) -> list of dicts
    kernels = []
    with tempfile.TemporaryDirectory() as tmp:
        try:
            for packer in packers:
                for config in configs:
                    env = {"CHARTEX_MAX_POINTS": "0"} if config == "nolimit" else {}
                    kernels.append(Kernel(tmp, config, packer, env))
            rnd = random.Random(1)
            light = [f for f in figures if not figure_parts(f)[2]]
            heavy = [f for f in figures if figure_parts(f)[2]]
            measure_rounds(kernels, light, runs, rnd, results)
            small = kernels[[k.config for k in kernels].index("chartex")] if "chartex" in configs else None
            own = small.run(_FORMATTER_COST, {"c": "_c"})[2]["c"] if small else None
            # The heavy figures last, in the same run: a matplotlib figure
            # of 200,000 patches holds 4 GB, so only two kernels hold one,
            # PNG only and chartex, with the last packer, and one figure at
            # a time (built once, displayed each round, then dropped).
            if heavy:
                keep = [k for k in kernels if k.config in ("png", "chartex")
                        and k.packer == packers[-1]]
                for k in kernels:
                    if k not in keep:
                        k.close()
                kernels[:] = keep
                for fig in heavy:
                    pending = [k.send(_PRE + figure_parts(fig)[0] + "\nplt.close(_fig)")
                               for k in kernels]
                    for k, msg_id in zip(kernels, pending):
                        k.wait(msg_id)
                    print("built %s" % fig, file=sys.stderr)
                    measure_rounds(kernels, [fig], runs, rnd, results, warm=False)
                    for k in kernels:
                        k.run("del _fig, _ax\nimport gc as _gc\n_gc.collect()")
        finally:
            for k in kernels:
                k.close()
    report(results, figures, configs, packers)
    if own:
        print("\nThe formatter's own cost in the chartex kernel (best of 7, per call):")
        print(own)
    if a.json:
        Path(a.json).write_text(json.dumps({"%s|%s|%s" % k: v for k, v in results.items()}, indent=1))
    return 0


def measure_rounds(kernels, figures, runs, rnd, results, warm=True):
    """runs rounds (and a warm-up round 0, not counted, when warm) of every
    figure in every kernel, the kernels in a shuffled order each time."""
    order = list(kernels)
    for r in range(0 if warm else 1, runs + 1):
        for fig in figures:
            build, show, reuse = figure_parts(fig)
            rnd.shuffle(order)
            for k in order:
                if not reuse:
                    k.run(_PRE + build)
                k.probes()           # drop what building recorded
                k.decode.clear()
                e2e, msg, _ = k.run(show)
                pr = k.probes()
                if r == 0:
                    continue
                results.setdefault((fig, k.config, k.packer), []).append({
                    "e2e": e2e,
                    "fmt": sum(pr["fmt"]),
                    "pack": sum(t for t, _ in pr["pack"]),
                    "decode": sum(t for t, _ in k.decode),
                    "msg_bytes": sum(b for _, b in k.decode),
                    "chart_bytes": chart_bytes(msg, k.packer),
                })
        print("round %d of %d done" % (r, runs), file=sys.stderr)


_FORMATTER_COST = r'''
import timeit as _ti
_f = get_ipython().display_formatter.formatters["e2b/chart"].f
def _best(fn, n):
    return min(_ti.repeat(fn, number=n, repeat=7)) / n
_small, _ax = plt.subplots()
for _k in range(3): _ax.plot(range(100), [(_i * _k) % 17 for _i in range(100)], label="s%d" % _k)
_ax.set_title("t"); _ax.set_xlabel("x (s)"); _ax.legend()
_small.canvas.draw()
_c = "non-Figure display (an int): %.2f us\ntypical small figure (3 lines x 100 points), drawn: %.3f ms" % (
    _best(lambda: _f(42), 100000) * 1e6, _best(lambda: _f(_small), 200) * 1e3)
plt.close(_small)
'''


def report(results, figures, configs, packers):
    """Two views of what a chart formatter adds to a display, per packer:
    end to end (the median latency minus PNG only's: honest but noisy on a
    shared machine), and by stage (the formatter, plus the packing and the
    reader's decoding beyond PNG only's: what the chart itself costs, far
    less noisy).  Both as a share of PNG only's end-to-end latency."""
    charts = [c for c in configs if c != "png"]

    def m(fig, c, packer, key):
        return med([x[key] for x in results.get((fig, c, packer), [])]) * 1e3

    for packer in packers:
        print("\n== packer: %s" % packer)
        head = ["figure", "PNG only"]
        for c in charts:
            head += [c, "+ms e2e", "+ms stages", "+% stages"]
        if "e2b" in charts and "chartex" in charts:
            head.append("e2b/chartex (stages)")
        rows, detail = [], []
        for fig in figures:
            if (fig, "png", packer) not in results:
                continue      # a heavy figure: the last packer's kernels only
            base = m(fig, "png", packer, "e2e")
            row = [fig, "%.0f" % base]
            added = {}
            for c in charts:
                if (fig, c, packer) not in results:
                    row += ["-", "-", "-", "-"]
                    added[c] = float("nan")
                    continue
                e = m(fig, c, packer, "e2e")
                added[c] = (m(fig, c, packer, "fmt")
                            + m(fig, c, packer, "pack") - m(fig, "png", packer, "pack")
                            + m(fig, c, packer, "decode") - m(fig, "png", packer, "decode"))
                row += ["%.0f" % e, "%+.0f" % (e - base), "%+.1f" % added[c],
                        "%.1f%%" % (100 * added[c] / base)]
            if "e2b" in charts and "chartex" in charts:
                row.append("%.1fx" % (added["e2b"] / added["chartex"]) if added["chartex"] > 0
                           else "-")
            rows.append(row)
            for c in configs:
                xs = results.get((fig, c, packer), [])
                if not xs:
                    continue
                detail.append([fig, c, "%.2f" % m(fig, c, packer, "fmt"),
                               "%.2f" % m(fig, c, packer, "pack"),
                               "%.2f" % m(fig, c, packer, "decode"),
                               "{:,}".format(int(med([x["chart_bytes"] for x in xs]))),
                               "{:,}".format(int(med([x["msg_bytes"] for x in xs])))])
        table(head, rows)
        print()
        table(["figure", "config", "formatter", "pack", "reader decode", "chart bytes",
               "message bytes"], detail)
    # The targets: chartex's formatter with its defaults adds at most 5 % of
    # the PNG-only (or plain) display, or 2 ms, by stage; its largest chart.
    if "chartex" in charts:
        met, missed, largest = 0, [], (0, None)
        for packer in packers:
            for fig in figures:
                if (fig, "chartex", packer) not in results:
                    continue
                base = m(fig, "png", packer, "e2e")
                added = (m(fig, "chartex", packer, "fmt")
                         + m(fig, "chartex", packer, "pack") - m(fig, "png", packer, "pack")
                         + m(fig, "chartex", packer, "decode") - m(fig, "png", packer, "decode"))
                if added <= 2.0 or added <= 0.05 * base:
                    met += 1
                else:
                    missed.append("%s (%s: +%.1f ms, %.1f%%)" % (fig, packer, added,
                                                                100 * added / base))
                size = max(x["chart_bytes"] for x in results[(fig, "chartex", packer)])
                if size > largest[0]:
                    largest = (size, "%s (%s)" % (fig, packer))
        print("\nTargets (chartex, by stage): added <= 5%% of PNG only or <= 2 ms on %d of %d"
              % (met, met + len(missed)))
        for x in missed:
            print("  missed: " + x)
        print("The largest e2b/chart (chartex's defaults): {:,} bytes, {}".format(*largest))


def table(head, rows):
    widths = [max(len(str(r[i])) for r in [head] + rows) for i in range(len(head))]
    for r in [head, ["-" * w for w in widths]] + rows:
        print("  ".join(str(c).rjust(w) if i else str(c).ljust(w)
                        for i, (c, w) in enumerate(zip(r, widths))))


if __name__ == "__main__":
    sys.exit(main())
