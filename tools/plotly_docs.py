#!/usr/bin/env python3
"""Reads the examples of plotly's documentation with chartex, offline, and
reports per trace family the figures that give no numbers.

    python tools/plotly_docs.py DOCS_DIR [--build DIR ...] [--json FILE]

DOCS_DIR holds pages of plotly.py's documentation (doc/python/*.md of a
plotly.py checkout, or a folder of such pages): every ```python block of a
page runs in order in one namespace, as a notebook runs them, with the
network cut off (a block that reads a URL, or needs a package that is not
installed, fails and is counted as skipped). Every figure a block shows
(fig.show(), or a figure as the block's last expression) is converted by
chartex.figure_to_dict and counted:

- "numbers": its chart (or a chart of its superchart) has elements, or one
  of the keys that carry numbers (image, heatmap, cells, contours, shapes,
  reference_lines, hierarchy, table, indicator, sankey, dimensions, geo,
  volume, carpet, ternary, smith);
- "no numbers": {} or only charts without them;
- "error": chartex raised.

Each figure is also judged, from the figure itself and not from chartex,
to hold data or not ("data", holds_data below): it holds data when a
visible trace has values (a non-empty array of one of the keys that carry
a trace's numbers, an indicator's value; a scatter drawing text alone or
nothing holds none), or when a shape of the layout stands in data
coordinates (its x or y on an axis, not its domain or the paper). An
empty map, a template shown without traces, a figure of text alone holds
none. The summary gives, per build, how many of the figures that hold
data carry numbers, and lists those that do not.

Each --build DIR (a build tree: DIR/python holds the chartex package) is
measured in a child process of its own, so that two builds (before and
after a change) are compared in one run; without --build, the chartex on
sys.path is used. The table lists, per trace type, the figures holding it
and, per build, how many of them give no numbers.
"""
import argparse
import ast
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

NUMBER_KEYS = ("image", "heatmap", "cells", "contours", "shapes", "reference_lines",
               "hierarchy", "table", "indicator", "sankey", "dimensions", "geo", "volume",
               "carpet", "ternary", "smith")
# The keys of a trace that hold its numbers (positions, values, places).
DATA_KEYS = ("x", "y", "z", "values", "labels", "a", "b", "c", "real", "imag", "r", "theta",
             "lat", "lon", "locations", "value", "u", "v", "w", "open", "high", "low", "close",
             "ids", "parents", "source", "q1", "median", "q3", "intensity", "i", "j", "k")
BLOCK = re.compile(r"^```python[^\n]*\n(.*?)^```", re.S | re.M)


def has_numbers(d):
    if not d:
        return False
    if d.get("type") == "superchart":
        return any(has_numbers(c) for c in d["elements"])
    return bool(d.get("elements")) or any(k in d for k in NUMBER_KEYS)


def has_values(key, v):
    """Whether attribute key's value v holds numbers of the trace."""
    if v is None or isinstance(v, bool):
        return False
    if isinstance(v, dict):                 # a typed array (plotly 6+)
        return bool(v.get("bdata"))
    if isinstance(v, str):
        return key == "source" and bool(v)
    if isinstance(v, (int, float)):
        return key == "value"               # an indicator's
    try:
        return len(v) > 0
    except TypeError:
        return False


def trace_holds_data(t):
    """Whether trace t (its plotly JSON) is drawn and has values."""
    if t.get("visible", True) is not True:
        return False
    mode = t.get("mode")
    if t.get("type", "scatter").startswith("scatter") and isinstance(mode, str) \
            and ("lines" not in mode and "markers" not in mode):
        return False                        # text alone, or nothing
    if any(has_values("values", d.get("values")) for d in t.get("dimensions") or ()
           if isinstance(d, dict)):
        return True
    for part, key in (("cells", "values"), ("link", "value"), ("node", "label")):
        if isinstance(t.get(part), dict) and has_values(key, t[part].get(key)):
            return True
    return any(has_values(k, t.get(k)) for k in DATA_KEYS)


def shape_in_data(shape, cartesian):
    """Whether a layout shape stands in data coordinates."""
    if shape.get("visible", True) is not True:
        return False
    refs = [shape.get(k) or ("x" if k == "xref" else "y") if cartesian else shape.get(k)
            for k in ("xref", "yref")]
    return any(isinstance(ref, str) and ref[:1] in "xy" and not ref.endswith("domain")
               for ref in refs)


def holds_data(fig):
    """Whether the figure holds data: a trace with values or a shape in
    data coordinates (judged from the figure, not by chartex)."""
    d = fig.to_plotly_json()
    traces = d.get("data") or []
    if any(trace_holds_data(t) for t in traces):
        return True
    cartesian = all(t.get("type", "scatter") in CARTESIAN for t in traces)
    return any(shape_in_data(sh, cartesian) for sh in (d.get("layout") or {}).get("shapes") or ())


CARTESIAN = ("scatter", "scattergl", "bar", "histogram", "box", "violin", "heatmap", "contour",
             "histogram2d", "histogram2dcontour", "candlestick", "ohlc", "funnel", "waterfall",
             "image", "carpet", "scattercarpet", "contourcarpet", "splom")


def offline():
    """No network: every connection fails at once."""
    import socket

    def refuse(*args, **kwargs):
        raise OSError("offline: plotly_docs.py runs the examples without network")

    socket.socket.connect = refuse
    socket.socket.connect_ex = refuse
    socket.create_connection = refuse
    socket.getaddrinfo = refuse


def run_pages(folder):
    """The child: runs every page and converts every figure shown."""
    os.environ.setdefault("MPLBACKEND", "Agg")
    offline()
    import plotly.basedatatypes as bdt
    import plotly.io as pio

    import chartex

    pio.renderers.default = "json"
    shown = []
    bdt.BaseFigure.show = lambda self, *a, **k: shown.append(self)
    results = []
    pages = sorted(Path(folder).glob("*.md"))
    for page in pages:
        namespace = {"__name__": "__main__"}
        for index, code in enumerate(BLOCK.findall(page.read_text(encoding="utf-8"))):
            shown.clear()
            where = "%s#%d" % (page.stem, index)
            try:
                tree = ast.parse(code)
                last = None
                if tree.body and isinstance(tree.body[-1], ast.Expr):
                    last = ast.Expression(tree.body.pop().value)
                exec(compile(tree, where, "exec"), namespace)
                if last is not None:
                    value = eval(compile(last, where, "eval"), namespace)
                    if isinstance(value, bdt.BaseFigure) and not shown:
                        shown.append(value)
            except BaseException as e:  # noqa: BLE001 - an example that fails is skipped
                if isinstance(e, KeyboardInterrupt):
                    raise
                results.append({"block": where, "skipped": "%s: %s" % (
                    type(e).__name__, str(e).splitlines()[0][:120] if str(e) else "")})
                continue
            for k, fig in enumerate(list(shown)):
                types = sorted({t.type for t in fig.data})
                entry = {"block": where, "figure": k, "types": types, "data": holds_data(fig)}
                try:
                    entry["numbers"] = has_numbers(chartex.figure_to_dict(fig))
                except Exception as e:  # noqa: BLE001 - reported, not raised
                    entry["error"] = "%s: %s" % (type(e).__name__, e)
                results.append(entry)
    return {"pages": len(pages), "chartex": chartex.__file__, "results": results}


def measure(folder, build):
    """The results of one build, from a child process."""
    env = dict(os.environ)
    if build is not None:
        env["PYTHONPATH"] = os.pathsep.join(
            [str(Path(build).resolve() / "python")] + [p for p in [env.get("PYTHONPATH")] if p])
    started = time.time()
    out = subprocess.run([sys.executable, __file__, "--child", str(folder)], env=env,
                         stdout=subprocess.PIPE, check=True, universal_newlines=True).stdout
    data = json.loads(out.splitlines()[-1])
    data["seconds"] = round(time.time() - started, 1)
    return data


def table(folder, runs, names):
    figures = [r for r in runs[0]["results"] if "types" in r]
    skipped = [r for r in runs[0]["results"] if "skipped" in r]
    print("%d pages of %s: %d figures shown, %d blocks skipped (network, missing packages)"
          % (runs[0]["pages"], folder, len(figures), len(skipped)))
    families = sorted({t for r in figures for t in r["types"]})
    width = max([len(f) for f in families] + [12])
    head = "%-*s %8s" % (width, "trace type", "figures") + "".join(
        " %14s" % ("no numbers " + n) for n in names)
    print(head)
    print("-" * len(head))
    for fam in families:
        line = "%-*s %8d" % (width, fam, sum(fam in r["types"] for r in figures))
        for run in runs:
            held = [r for r in run["results"] if fam in r.get("types", ())]
            line += " %14s" % ("%d" % sum(not r.get("numbers") for r in held))
        print(line)
    print("-" * len(head))
    line = "%-*s %8d" % (width, "all figures", len(figures))
    for run in runs:
        held = [r for r in run["results"] if "types" in r]
        bad = sum(not r.get("numbers") for r in held)
        line += " %14s" % ("%d (%.0f%%)" % (bad, 100.0 * bad / max(1, len(held))))
    print(line)
    with_data = [r for r in figures if r.get("data")]
    print("%d figures hold data (a trace with values, a shape in data coordinates), %d hold none"
          % (len(with_data), len(figures) - len(with_data)))
    for name, run in zip(names, runs):
        held = [r for r in run["results"] if r.get("data")]
        carried = sum(bool(r.get("numbers")) for r in held)
        print("%s: %d of the %d figures that hold data carry numbers (%.1f%%); misses: %s" % (
            name, carried, len(held), 100.0 * carried / max(1, len(held)),
            ", ".join("%s (%s)" % (r["block"], "+".join(r["types"]) or "shapes")
                      for r in held if not r.get("numbers")) or "none"))
    for name, run in zip(names, runs):
        errors = [r for r in run["results"] if "error" in r]
        print("%s: %s, %.1f s, %d conversion errors%s" % (
            name, run["chartex"], run["seconds"], len(errors),
            "".join("\n  %s: %s" % (r["block"], r["error"]) for r in errors)))
        empty = sorted({r["block"] for r in run["results"]
                        if "types" in r and not r.get("numbers")})
        print("  no numbers: %s" % (", ".join(empty) or "none"))


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("docs", help="a folder of plotly.py documentation pages (*.md)")
    p.add_argument("--build", action="append", default=[],
                   help="a build tree whose python/ holds chartex (repeat to compare)")
    p.add_argument("--json", help="write every result here")
    p.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    a = p.parse_args(argv)
    if a.child:
        print(json.dumps(run_pages(a.docs)))
        return 0
    builds = a.build or [None]
    names = [Path(b).name if b else "chartex" for b in builds]
    runs = [measure(a.docs, b) for b in builds]
    table(a.docs, runs, names)
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump(dict(zip(names, runs)), f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
