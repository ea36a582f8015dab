#!/usr/bin/env python3
"""Batch conversion: the local pool against Dask, and the client's memory.

    PYTHONPATH=BUILDDIR/python python3 bench/bench_batch.py [--quick] [--listing-only]
    make bench-batch

1. Throughput: pickles N figures (default 2,000: a line chart of two
   50-point series, a title, labels, a legend) and writes M plotting
   scripts (default 200, the same chart drawn by pyplot; the figures of
   tools/bench_convert.py) into a temporary
   folder, then runs `chartex convert FOLDER -o FILE` with --jobs 1,
   --jobs 2 and --dask local:2, one run each, and prints a table: figures
   per second (worker and cluster start-up included) and the peak memory
   of the client process (its VmHWM: the CLI, with --dask local its
   in-process scheduler; not the worker processes).  Each run's output
   must be the same NDJSON.
2. Listing: creates folders of 10,000, 100,000 and 1,000,000 empty files
   and lists each with chartex.batch.iter_inputs in a fresh process, as
   `chartex convert` does, printing the peak memory (VmHWM and
   tracemalloc's peak) beside what a list of the same paths (the listing
   before chartex.batch) costs.  The client's memory stays flat.

Needs distributed for the Dask column (skipped, with the reason, without).
--quick: 200 figures, 20 scripts, listings of 1,000 to 100,000 files.
"""
import os
import subprocess
import sys
import tempfile
import time

# The peak RSS is /proc/self/status' VmHWM, this process's own: Linux's
# ru_maxrss starts from the parent's RSS at fork (and this benchmark's
# parent holds matplotlib and the figures it pickled).
HWM = """
def hwm_kb():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
"""

CLIENT = HWM + r"""
import sys
from chartex.cli import main
rc = main(sys.argv[2:])
with open(sys.argv[1], "w") as f:
    f.write("%d %d" % (rc, hwm_kb()))
"""

LISTING = HWM + r"""
import os, sys, tracemalloc
tracemalloc.start()
from chartex import batch
n = 0
if sys.argv[2] == "lazy":
    for _ in batch.iter_inputs([sys.argv[1]]):
        n += 1
else:   # what `chartex convert` did before chartex.batch: the whole list
    found = []
    for root, dirs, files in os.walk(sys.argv[1]):
        dirs[:] = sorted(d for d in dirs if not d.startswith((".", "_")))
        for name in sorted(files):
            if batch._kind(name) and not name.startswith((".", "_")):
                found.append((os.path.join(root, name), batch._kind(name), None))
    n = len(found)
peak = tracemalloc.get_traced_memory()[1]
print(n, hwm_kb(), peak)
"""

SCRIPT = """import matplotlib.pyplot as plt
import numpy as np
x = np.arange(50.0)
fig, ax = plt.subplots()
ax.plot(x, np.sin(x / 7 + {i}), label="sin")
ax.plot(x, np.cos(x / 5 + {i}), label="cos")
ax.set_title("script {i}")
ax.set_xlabel("time [s]")
ax.legend()
"""


def make_inputs(folder, n_figures, n_scripts):
    # The figures of tools/bench_convert.py, and scripts drawing the same.
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                    os.pardir, "tools"))
    from bench_convert import pickle_figures

    pickle_figures(folder, n_figures, "f%05d.pkl")
    for i in range(n_scripts):
        with open(os.path.join(folder, "s%04d.py" % i), "w") as f:
            f.write(SCRIPT.format(i=i))


def run_client(args, folder):
    stats = os.path.join(folder, "client.stats")
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", CLIENT, stats] + args, check=True)
    elapsed = time.perf_counter() - start
    with open(stats) as f:
        rc, maxrss = map(int, f.read().split())
    os.unlink(stats)
    return rc, elapsed, maxrss


def throughput(n_figures, n_scripts):
    try:
        import distributed  # noqa: F401
        dask = "local:2"
    except ImportError as e:
        dask = None
        print("(--dask local:2 skipped: %s)" % e)
    runs = [["--jobs", "1"], ["--jobs", "2"]] + ([["--dask", dask]] if dask else [])
    with tempfile.TemporaryDirectory() as work:
        inputs = os.path.join(work, "inputs")
        os.mkdir(inputs)
        t = time.perf_counter()
        make_inputs(inputs, n_figures, n_scripts)
        print("%d pickled figures and %d scripts written in %.1f s"
              % (n_figures, n_scripts, time.perf_counter() - t))
        rows, first = [], None
        for extra in runs:
            out = os.path.join(work, "out.ndjson")
            rc, elapsed, maxrss = run_client(["convert", inputs, "-o", out] + extra, work)
            with open(out, "rb") as f:
                data = f.read()
            lines = data.count(b"\n")
            assert rc == 0 and lines == n_figures + n_scripts, (rc, lines)
            if first is None:
                first = data
            assert data == first, "%s gives other records than %s" % (extra, runs[0])
            rows.append((" ".join(extra), lines, elapsed, lines / elapsed, maxrss / 1024.0))
        print()
        print("| run             | inputs | seconds | figures/s | client peak RSS (MB) |")
        print("|-----------------|-------:|--------:|----------:|---------------------:|")
        for name, lines, elapsed, rate, mb in rows:
            print("| %-15s | %6d | %7.1f | %9.1f | %20.1f |" % (name, lines, elapsed, rate, mb))
        print("(identical NDJSON from every run; start-up included)")


def listing(sizes):
    print()
    print("| files     | lazy: peak RSS (MB) | lazy: traced peak (MB) "
          "| list: peak RSS (MB) | list: traced peak (MB) |")
    print("|----------:|--------------------:|-----------------------:"
          "|--------------------:|-----------------------:|")
    with tempfile.TemporaryDirectory() as work:
        made = 0
        folder = os.path.join(work, "many")
        os.mkdir(folder)
        for size in sizes:
            while made < size:
                fd = os.open(os.path.join(folder, "empty%07d.pkl" % made),
                             os.O_CREAT | os.O_WRONLY, 0o644)
                os.close(fd)
                made += 1
            row = []
            for how in ("lazy", "list"):
                r = subprocess.run([sys.executable, "-c", LISTING, folder, how],
                                   check=True, stdout=subprocess.PIPE, universal_newlines=True)
                n, maxrss, peak = map(int, r.stdout.split())
                assert n == size, (n, size)
                row += [maxrss / 1024.0, peak / 1e6]
            print("| %9d | %19.1f | %22.1f | %19.1f | %22.1f |" % ((size,) + tuple(row)))


def main(argv):
    quick = "--quick" in argv
    if "--listing-only" not in argv:
        throughput(*((200, 20) if quick else (2000, 200)))
    listing([1000, 10000, 100000] if quick else [10000, 100000, 1000000])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
