"""How exact is a bounded line, as a picture?  Draws a long line, reads it
with the formatter's default bound (points_per_pixel=4), draws the kept
points the same way, and counts the pixels of the two PNGs that differ.

    PYTHONPATH=BUILDDIR/python python3 bench/pixel_compare.py

The bound keeps one minmax run per pixel column, but its runs hold equal
numbers of points rather than being aligned to the pixel columns, so a
redrawn line may differ here and there by a pixel; this measures how much.
"""
import io

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import chartex  # noqa: E402


def render(x, y, lim):
    fig, ax = plt.subplots(figsize=(6.4, 4.8), dpi=100)
    ax.plot(x, y, lw=1)
    ax.set_xlim(*lim[0])
    ax.set_ylim(*lim[1])
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    plt.close(fig)
    return plt.imread(io.BytesIO(buf.getvalue())), ax


def main():
    rng = np.random.default_rng(0)
    print("%-10s %8s %8s %22s %14s" % ("points", "kept", "limit", "pixels differing >10%",
                                      "any"))
    for n in (20_000, 200_001, 1_000_000):
        x = np.arange(n, dtype=float)
        y = np.cumsum(rng.normal(size=n))
        lim = ((x[0], x[-1]), (y.min() - 1, y.max() + 1))
        fig, ax = plt.subplots(figsize=(6.4, 4.8), dpi=100)
        ax.plot(x, y)
        ax.set_xlim(*lim[0])
        ax.set_ylim(*lim[1])
        fig.savefig(io.BytesIO(), format="png")
        (el,) = chartex.figure_to_dict(fig, points_per_pixel=4)["elements"]
        plt.close(fig)
        p = np.array(el["points"], dtype=float)
        a, _ = render(x, y, lim)
        b, _ = render(p[:, 0], p[:, 1], lim)
        diff = np.abs(a - b).max(axis=2)
        limit = el.get("downsampled", {}).get("max_points", float(n))
        print("%-10s %8d %8d %15d (%.2f%%) %14d" % (
            "{:,}".format(n), len(p), limit, (diff > 0.1).sum(),
            100.0 * (diff > 0.1).sum() / diff.size, (diff > 0).sum()))


if __name__ == "__main__":
    main()
