#!/usr/bin/env python3
"""Batch throughput of `chartex convert` on pickled figures.

    PYTHONPATH=BUILDDIR/python python3 tools/bench_convert.py [N] [JOBS...]

Pickles N figures (default 200: a line chart of two 50-point series each,
pyplot-made, with a title, labels and a legend) into a temporary folder,
then times `python -m chartex convert FOLDER --jobs J -o FILE` for each J
(default 1 and 2), checks one line per figure and prints figures per
second.  The time includes starting the workers (importing matplotlib).
"""
import os
import pickle
import subprocess
import sys
import tempfile
import time


def pickle_figures(folder, n, name="f%04d.pkl"):
    """Pickles n figures into folder (also used by bench/bench_batch.py)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    x = np.arange(50.0)
    for i in range(n):
        fig, ax = plt.subplots()
        ax.plot(x, np.sin(x / 7 + i), label="sin")
        ax.plot(x, np.cos(x / 5 + i), label="cos")
        ax.set_title("figure %d" % i)
        ax.set_xlabel("time [s]")
        ax.legend()
        with open(os.path.join(folder, name % i), "wb") as f:
            pickle.dump(fig, f)
        plt.close(fig)


def main(argv):
    n = int(argv[0]) if argv else 200
    jobs = [int(j) for j in argv[1:]] or [1, 2]
    with tempfile.TemporaryDirectory() as folder:
        pickle_figures(folder, n)
        out = os.path.join(folder, "out.ndjson")
        for j in jobs:
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "chartex", "convert", folder,
                            "--jobs", str(j), "-o", out], check=True)
            elapsed = time.perf_counter() - start
            with open(out) as f:
                lines = sum(1 for _ in f)
            assert lines == n, (lines, n)
            print("--jobs %d: %d figures in %.2f s = %.1f figures/s"
                  % (j, n, elapsed, n / elapsed))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
