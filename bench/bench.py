#!/usr/bin/env python3
"""chartex benchmark (`make bench`): times, prints a table, never fails.

For a fixed set of figures, all measured in one run on the same figures:

* chartex.figure_to_dict and chartex.figure_to_json;
* the Agg PNG render of the same figure (savefig to a BytesIO, default dpi),
  the yardstick, since a kernel renders every displayed figure anyway;
* e2b-charts' chart_figure_to_dict when it is importable ('n/a' otherwise);
* two floors: the plain-Python point lists built from the figure's NumPy
  arrays, [[a, b] for a, b in zip(x.tolist(), y.tolist())] over every array
  of the figure, and json.dumps(d, separators=(",", ":"),
  ensure_ascii=False) of the dict, whose text figure_to_json must equal
  byte for byte (checked here, a mismatch is printed loudly);
* the C floor: the same point lists made by NumPy
  (np.column_stack((x, y)).tolist(), collector paused), what making these
  Python objects costs at the least, and the young collection that
  figure_to_dict leaves to the caller (gc.collect(0) right after it);
* scaling per point (1k, 100k, 1M) and per Axes (1, 4, 144);
* the peak memory figure_to_json adds on the 2 x 1M-point line, measured in
  a fresh process from the kernel's peak-RSS counter (see memory_child).

Timings are the best of several runs (time.perf_counter) with the cyclic
collector enabled, as a user has it; a gc.collect() before each run (not
timed) keeps one run's garbage out of the next.  The machine may be noisy:
compare ratios within one run.

Usage: PYTHONPATH=<build>/python MPLBACKEND=Agg python bench/bench.py [--quick]
"""

import ctypes
import gc
import io
import json
import os
import subprocess
import sys
import time
import warnings

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from matplotlib.collections import PathCollection  # noqa: E402
from matplotlib.patches import Rectangle, Wedge  # noqa: E402

import chartex  # noqa: E402

try:
    from e2b_charts import chart_figure_to_dict as e2b_to_dict
except ImportError:  # only installed beside chartex for comparison
    e2b_to_dict = None

QUICK = "--quick" in sys.argv
HUGE = 1_000_000          # figures with this many points or more: e2b once


# ---------------------------------------------------------------- figures

def rng():
    return np.random.default_rng(20261202)


def line(n):
    r = rng()
    fig, ax = plt.subplots()
    x = np.linspace(0.0, 100.0, n)
    ax.plot(x, r.standard_normal(n).cumsum(), label="walk")
    ax.plot(x, np.sin(x) + r.normal(0.0, 0.1, n), label="sine")
    ax.set_title(f"2 x {n} points")
    ax.set_xlabel("time (s)")
    ax.set_ylabel("value [V]")
    ax.legend()
    return fig


def scatter(n):
    r = rng()
    fig, ax = plt.subplots()
    ax.scatter(r.random(n), r.random(n), s=2, label="points")
    ax.set_title(f"scatter {n}")
    return fig


def bar(n):
    r = rng()
    fig, ax = plt.subplots()
    ax.bar([f"c{i:03d}" for i in range(n)], r.random(n) * 100.0)
    ax.set_title(f"bar {n}")
    return fig


def grouped_bars(groups, n):
    r = rng()
    fig, ax = plt.subplots()
    x = np.arange(n)
    w = 0.8 / groups
    for g in range(groups):
        ax.bar(x + g * w, r.random(n) * 100.0, w, label=f"series {g}")
    ax.set_xticks(x + 0.4 - w / 2, [f"g{i}" for i in range(n)])
    ax.legend()
    return fig


def histogram(bins):
    fig, ax = plt.subplots()
    ax.hist(rng().standard_normal(100_000), bins=bins)
    ax.set_title(f"histogram {bins} bins")
    return fig


def pie(n):
    fig, ax = plt.subplots()
    ax.pie(rng().random(n) + 0.1, labels=[f"slice {i}" for i in range(n)])
    ax.set_title(f"pie {n}")
    return fig


def box(n):
    r = rng()
    fig, ax = plt.subplots()
    ax.boxplot([r.standard_normal(200) * (1 + i % 3) for i in range(n)])
    ax.set_title(f"box {n}")
    return fig


def grid(rows, cols, n=100):
    r = rng()
    fig, axs = plt.subplots(rows, cols, squeeze=False)
    x = np.linspace(0.0, 1.0, n)
    for i, ax in enumerate(axs.flat):
        ax.plot(x, r.random(n), label=f"line {i}")
        ax.set_title(f"axes {i}")
    fig.suptitle(f"{rows} x {cols} grid")
    return fig


def date_line(n):
    r = rng()
    fig, ax = plt.subplots()
    t = np.datetime64("2020-01-01T00:00") + np.arange(n).astype("timedelta64[m]")
    ax.plot(t, r.standard_normal(n).cumsum())
    ax.set_title(f"date line {n}")
    return fig


def category_line(n):
    fig, ax = plt.subplots()
    ax.plot([f"cat {i}" for i in range(n)], rng().random(n) * 10.0, marker="o")
    ax.set_title(f"categorical line {n}")
    return fig


FIGURES = [
    ("line 2x1k", lambda: line(1_000)),
    ("line 2x100k", lambda: line(100_000)),
    ("line 2x1M", lambda: line(1_000_000)),
    ("scatter 100k", lambda: scatter(100_000)),
    ("scatter 1M", lambda: scatter(1_000_000)),
    ("bar 200", lambda: bar(200)),
    ("grouped bars 5x200", lambda: grouped_bars(5, 200)),
    ("histogram 1000 bins", lambda: histogram(1000)),
    ("pie 12", lambda: pie(12)),
    ("box 20", lambda: box(20)),
    ("box 200", lambda: box(200)),
    ("grid 2x2", lambda: grid(2, 2)),
    ("grid 12x12", lambda: grid(12, 12)),
    ("date line 100k", lambda: date_line(100_000)),
    ("categorical line 50", lambda: category_line(50)),
]


# ----------------------------------------------------------------- floors

def point_arrays(fig):
    """Every (x, y) array pair the figure holds, as contiguous float64:
    lines' data, scatter offsets, bars' centres and heights, wedges'
    angles.  The floor turns exactly these into Python lists."""
    pairs = []
    for ax in fig.axes:
        for ln in ax.lines:
            xy = np.asarray(ln.get_xydata(), dtype=float)
            pairs.append((np.ascontiguousarray(xy[:, 0]), np.ascontiguousarray(xy[:, 1])))
        for c in ax.collections:
            if isinstance(c, PathCollection):
                off = np.asarray(c.get_offsets(), dtype=float)
                pairs.append((np.ascontiguousarray(off[:, 0]), np.ascontiguousarray(off[:, 1])))
        rects = [p for p in ax.patches if isinstance(p, Rectangle)]
        if rects:
            pairs.append((np.array([p.get_x() + p.get_width() / 2 for p in rects]),
                          np.array([p.get_height() for p in rects])))
        wedges = [p for p in ax.patches if isinstance(p, Wedge)]
        if wedges:
            pairs.append((np.array([p.theta1 for p in wedges]),
                          np.array([p.theta2 for p in wedges])))
    return pairs


def plain_python_floor(pairs):
    return [[[a, b] for a, b in zip(x.tolist(), y.tolist())] for x, y in pairs]


def numpy_floor(pairs):
    """The same lists made in C by NumPy, with the cyclic collector paused as
    figure_to_dict pauses it: what building these objects costs at least."""
    was = gc.isenabled()
    gc.disable()
    try:
        return [np.column_stack((x, y)).tolist() for x, y in pairs]
    finally:
        if was:
            gc.enable()


def deferred_collection(fig, runs):
    """The young collection a figure_to_dict call leaves to the caller's
    next allocations (the collector is paused during the call), timed as
    gc.collect(0) right after it: best of runs, seconds."""
    best = float("inf")
    for _ in range(runs):
        gc.collect()
        d = chartex.figure_to_dict(fig)
        t0 = time.perf_counter()
        gc.collect(0)
        best = min(best, time.perf_counter() - t0)
        del d
    return best


def dumps(d):
    return json.dumps(d, separators=(",", ":"), ensure_ascii=False)


# ----------------------------------------------------------------- timing

def best_of(fn, budget, min_runs=3, max_runs=20):
    """Best time of fn() in seconds: at least min_runs runs, more while the
    total stays under budget seconds."""
    times = []
    while len(times) < min_runs or (sum(times) < budget and len(times) < max_runs):
        gc.collect()
        t0 = time.perf_counter()
        result = fn()
        t = time.perf_counter() - t0
        del result
        times.append(t)
    return min(times)


def png(fig):
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    return buf


def e2b_type(d):
    t = d.get("type") if isinstance(d, dict) else None
    return getattr(t, "value", t)


def measure(name, make):
    fig = make()
    pairs = point_arrays(fig)
    points = sum(len(x) for x, _ in pairs)
    huge = points >= HUGE
    budget = 0.3 if QUICK else 1.0
    runs = 1 if (QUICK and huge) else (2 if huge else 3)
    row = {"name": name, "points": points, "axes": len(fig.axes)}

    row["png"] = best_of(lambda: png(fig), budget, runs)
    row["dict"] = best_of(lambda: chartex.figure_to_dict(fig), budget, runs)
    row["json"] = best_of(lambda: chartex.figure_to_json(fig), budget, runs)
    row["floor"] = best_of(lambda: plain_python_floor(pairs), budget, runs)
    row["npfloor"] = best_of(lambda: numpy_floor(pairs), budget, runs)
    row["gc0"] = deferred_collection(fig, runs)
    d = chartex.figure_to_dict(fig)
    row["dumps"] = best_of(lambda: dumps(d), budget, runs)
    text, ref = chartex.figure_to_json(fig), dumps(d)
    row["same"] = text == ref
    if not row["same"]:
        at = next((i for i, (a, b) in enumerate(zip(text, ref)) if a != b),
                  min(len(text), len(ref)))
        msg = (f"!!! MISMATCH on {name}: figure_to_json differs from json.dumps of the "
               f"dict at offset {at}: {text[at - 40:at + 40]!r} vs {ref[at - 40:at + 40]!r}")
        print(msg, file=sys.stderr, flush=True)
        row["mismatch"] = msg
    row["type"] = d.get("type")
    row["e2b"] = None
    row["e2b_note"] = ""
    if e2b_to_dict is None:
        row["e2b_note"] = "n/a"
    elif QUICK and huge:
        row["e2b_note"] = "skipped"
    else:
        try:
            last = {}

            def run_e2b():
                # e2b's pydantic models warn about NumPy ticks: not ours.
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    last["d"] = e2b_to_dict(fig)

            # Once for the huge figures (seconds each), a few times otherwise.
            row["e2b"] = best_of(run_e2b, 0.5 if QUICK else 2.0,
                                 1 if huge else 2, 1 if huge else 5)
            got = e2b_type(last.pop("d"))
            if got != row["type"]:
                row["e2b_note"] = f"reads as {got or '{}'}"
        except Exception as exc:  # e2b-charts cannot read this figure
            row["e2b"] = None
            row["e2b_note"] = f"raises {type(exc).__name__}"
    del d, text, ref
    plt.close(fig)
    gc.collect()
    return row


# ----------------------------------------------------------------- memory

def rss_kib(field):
    with open("/proc/self/status") as f:
        for ln in f:
            if ln.startswith(field + ":"):
                return int(ln.split()[1])
    raise RuntimeError(f"no {field} in /proc/self/status")


def memory_child(which):
    """In a fresh process: the peak RSS that one figure_to_json (or
    figure_to_dict) call adds on the 2 x 1M-point line.

    tracemalloc only sees Python's allocator, and chartex allocates in C, so
    the kernel's counters are read instead: after a warm-up on a small
    figure (lazy imports) and malloc_trim(0) (free heap pages go back to the
    kernel, so the call cannot hide in pages an earlier call left), VmRSS is
    read, the peak (VmHWM) is reset to it by writing 5 to
    /proc/self/clear_refs, the call runs, and VmHWM is read again.  The
    difference is the peak extra resident memory of the call, its result
    included."""
    fig = line(1_000_000)
    # matplotlib builds a line's cached (n, 2) data on the first
    # get_xydata() or draw; fill it first, as the PNG render beside the
    # formatter does, so that matplotlib's cache is not counted as ours.
    for ln in fig.axes[0].lines:
        ln.get_xydata()
    small = line(100)
    fn = chartex.figure_to_json if which == "json" else chartex.figure_to_dict
    fn(small)
    gc.collect()
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except OSError:
        pass
    before = rss_kib("VmRSS")
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")
    reset = rss_kib("VmHWM")
    result = fn(fig)
    peak = rss_kib("VmHWM")
    size = len(result.encode()) if which == "json" else 0
    print(json.dumps({"before": before, "reset": reset, "peak": peak, "size": size,
                      "str_size": sys.getsizeof(result) if which == "json" else 0}))


def measure_memory(which):
    try:
        out = subprocess.run([sys.executable, os.path.abspath(__file__), "--memory-child", which],
                             capture_output=True, text=True, timeout=600, check=True)
        return json.loads(out.stdout.strip().splitlines()[-1])
    except (subprocess.SubprocessError, ValueError, IndexError, OSError) as exc:
        return {"error": str(exc)}


# ----------------------------------------------------------------- report

def ms(t):
    if t is None:
        return "n/a"
    return f"{t * 1e3:.2f}" if t < 0.01 else f"{t * 1e3:.1f}" if t < 1 else f"{t * 1e3:.0f}"


def pct(a, b):
    return f"{100 * a / b:.1f}%"


def times(a, b):
    r = b / a
    return f"{r:.0f}x" if r >= 10 else f"{r:.1f}x"


def table(headers, rows, align):
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]

    def fmt(cells):
        return "  ".join(c.ljust(w) if a == "l" else c.rjust(w)
                         for c, w, a in zip(cells, widths, align)).rstrip()
    print(fmt(headers))
    print("  ".join("-" * w for w in widths))
    for r in rows:
        print(fmt(r))


def main():
    if "--memory-child" in sys.argv:
        memory_child(sys.argv[sys.argv.index("--memory-child") + 1])
        return
    import platform
    print(f"chartex {chartex.__version__} benchmark{' (quick)' if QUICK else ''}: "
          f"Python {platform.python_version()}, matplotlib {matplotlib.__version__}, "
          f"NumPy {np.__version__}, e2b-charts "
          f"{'present' if e2b_to_dict else 'not importable (n/a)'}")
    print("best of several runs, milliseconds; ratios from the same run\n", flush=True)
    rows = []
    for name, make in FIGURES:
        rows.append(measure(name, make))
        print(f"  measured {name}", file=sys.stderr, flush=True)

    print("Extraction against the PNG render and e2b-charts")
    print("(dict/PNG target <= 5%; e2b/dict target >= 100x)\n")
    body = []
    for r in rows:
        e2b = ms(r["e2b"]) if r["e2b"] is not None else r["e2b_note"]
        speed = times(r["dict"], r["e2b"]) if r["e2b"] is not None else "-"
        if r["e2b"] is not None and r["e2b_note"]:
            speed += f" ({r['e2b_note']})"
        body.append([r["name"], f"{r['points']:,}", ms(r["png"]), ms(r["dict"]),
                     pct(r["dict"], r["png"]), ms(r["json"]), pct(r["json"], r["png"]),
                     e2b, speed])
    table(["figure", "points", "PNG", "dict", "dict/PNG", "json", "json/PNG", "e2b",
           "e2b/dict"], body, "lrrrrrrrl")

    print("\nAgainst plain Python (floor: [[a, b] for a, b in zip(x.tolist(), "
          "y.tolist())] over the figure's arrays;")
    print("numpy: np.column_stack((x, y)).tolist() over the same arrays, collector paused, "
          "the C floor;")
    print("gc after: the young collection figure_to_dict leaves behind, gc.collect(0) "
          "right after the call;")
    print("dumps: json.dumps(dict, separators=(',', ':'), ensure_ascii=False))")
    print("(dict/floor target <= 1; dumps/json target >= 5x; json must equal dumps)\n")
    body = []
    for r in rows:
        body.append([r["name"], ms(r["floor"]), ms(r["npfloor"]), ms(r["dict"]),
                     f"{r['dict'] / r['floor']:.2f}", f"{r['dict'] / r['npfloor']:.2f}",
                     ms(r["gc0"]), ms(r["dumps"]), ms(r["json"]), times(r["json"], r["dumps"]),
                     "yes" if r["same"] else "NO: MISMATCH"])
    table(["figure", "floor", "numpy", "dict", "dict/floor", "dict/numpy", "gc after", "dumps",
           "json", "dumps/json", "identical"], body, "lrrrrrrrrrl")

    by = {r["name"]: r for r in rows}
    print("\nScaling per point (line, 2 series)\n")
    body = []
    for name in ("line 2x1k", "line 2x100k", "line 2x1M"):
        r = by[name]
        n = r["points"]
        body.append([name, f"{n:,}", *(f"{r[k] / n * 1e9:.0f}" for k in
                                       ("dict", "json", "floor", "png"))])
    table(["figure", "points", "dict ns/pt", "json ns/pt", "floor ns/pt", "PNG ns/pt"],
          body, "lrrrrr")

    print("\nScaling per Axes (each Axes: one 100-point line and a title)\n")
    one = measure("grid 1x1", lambda: grid(1, 1))
    body = []
    for r in (one, by["grid 2x2"], by["grid 12x12"]):
        a = r["axes"]
        body.append([r["name"], str(a), *(f"{r[k] / a * 1e3:.3f}" for k in
                                          ("dict", "json", "png"))])
    table(["figure", "axes", "dict ms/axes", "json ms/axes", "PNG ms/axes"], body, "lrrrr")

    print("\nPeak extra memory on the 2 x 1M-point line (fresh process, the lines' data "
          "cache filled\nfirst as a render does; peak RSS reset through /proc/self/clear_refs, "
          "read from VmHWM;\nC allocations and the result included)\n")
    for which in ("json", "dict"):
        m = measure_memory(which)
        if "error" in m:
            print(f"  figure_to_{which}: n/a ({m['error']})")
            continue
        extra = (m["peak"] - m["before"]) * 1024
        if which == "json":
            print(f"  figure_to_json: {extra / 2**20:.1f} MiB peak extra; the JSON is "
                  f"{m['size'] / 2**20:.1f} MiB of UTF-8 = {extra / m['size']:.2f}x,\n"
                  f"    held in a str of {m['str_size'] / 2**20:.1f} MiB = "
                  f"{extra / m['str_size']:.2f}x (target <= 3x)")
        else:
            print(f"  figure_to_dict: {extra / 2**20:.1f} MiB peak extra (the dict "
                  f"itself: 2M lists and 4M floats)")

    print("\nTargets in this run")
    worst = max(rows, key=lambda r: r["dict"] / r["png"])
    met = sum(r["dict"] <= 0.05 * r["png"] for r in rows)
    print(f"  dict <= 5% of PNG:        {met}/{len(rows)} figures; worst "
          f"{worst['name']} {pct(worst['dict'], worst['png'])}")
    e2b_rows = [r for r in rows if r["e2b"] is not None]
    if e2b_rows:
        low = min(e2b_rows, key=lambda r: r["e2b"] / r["dict"])
        met = sum(r["e2b"] >= 100 * r["dict"] for r in e2b_rows)
        print(f"  dict >= 100x e2b-charts:  {met}/{len(e2b_rows)} figures it reads "
              f"without raising; lowest {low['name']} {times(low['dict'], low['e2b'])}")
    worst = max(rows, key=lambda r: r["dict"] / r["floor"])
    met = sum(r["dict"] <= r["floor"] for r in rows)
    print(f"  dict <= plain-Python floor: {met}/{len(rows)} figures; worst "
          f"{worst['name']} {worst['dict'] / worst['floor']:.2f}x the floor")
    low = min(rows, key=lambda r: r["dumps"] / r["json"])
    met = sum(r["dumps"] >= 5 * r["json"] for r in rows)
    print(f"  json >= 5x json.dumps:    {met}/{len(rows)} figures; lowest "
          f"{low['name']} {times(low['json'], low['dumps'])}")
    bad = [r["name"] for r in rows if not r["same"]]
    print(f"  json == json.dumps(dict): {'all figures' if not bad else 'MISMATCH: ' + ', '.join(bad)}")
    if bad:
        for r in rows:
            if "mismatch" in r:
                print(r["mismatch"])


if __name__ == "__main__":
    main()
