#!/usr/bin/env python3
"""Run chartex over figures like those of matplotlib's `plot_types` gallery.

    PYTHONPATH=BUILDDIR/python python3 tools/gallery_plot_types.py [--json]

Each function below draws one figure as the gallery page of that name does
(the same calls, on data made the same way; written for this tool, not
copied), draws it (as a kernel renders the PNG first) and reads it with
chartex.figure_to_dict.  For every Axes that holds data (its own lines,
collections, patches or images; colorbars and empty Axes left out) the
table says what chartex gave: the chart type, the number of elements and
the additional keys that carry gridded data or geometry (image, heatmap,
cells, contours, shapes: 3-D surfaces, bars, voxels, wireframes).  "no data" marks an Axes with data whose chart carries no
numbers at all; the exit status is the number of such Axes on families
this tool expects to be read (see EXPECTED), so a regression fails.
"""
import io
import json
import sys

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import chartex  # noqa: E402

GRIDDED = ("image", "heatmap", "cells", "contours", "shapes")


def _z(n=256):
    x, y = np.meshgrid(np.linspace(-3, 3, n), np.linspace(-3, 3, n))
    return x, y, (1 - x / 2 + x ** 5 + y ** 3) * np.exp(-x ** 2 - y ** 2)


def _rng():
    return np.random.default_rng(19680801)


# ------------------------------------------------------------------ basic

def plot():
    x = np.linspace(0, 10, 100)
    fig, ax = plt.subplots()
    ax.plot(x, 4 + 1 * np.sin(2 * x), linewidth=2.0)
    return fig


def scatter_plot():
    rng = _rng()
    x = 4 + rng.normal(0, 2, 24)
    y = 4 + rng.normal(0, 2, len(x))
    fig, ax = plt.subplots()
    ax.scatter(x, y, s=rng.uniform(15, 80, len(x)), c=rng.uniform(15, 80, len(x)),
               vmin=0, vmax=100)
    return fig


def bar():
    fig, ax = plt.subplots()
    ax.bar(0.5 + np.arange(8), [4.8, 5.5, 3.5, 4.6, 6.5, 6.6, 2.6, 3.0], width=1,
           edgecolor="white", linewidth=0.7)
    return fig


def stem():
    fig, ax = plt.subplots()
    ax.stem(0.5 + np.arange(8), [4.8, 5.5, 3.5, 4.6, 6.5, 6.6, 2.6, 3.0])
    return fig


def fill_between():
    rng = _rng()
    x = np.linspace(0, 8, 16)
    y1 = 3 + 4 * x / 8 + rng.uniform(0.0, 0.5, len(x))
    y2 = 1 + 2 * x / 8 + rng.uniform(0.0, 0.5, len(x))
    fig, ax = plt.subplots()
    ax.fill_between(x, y1, y2, alpha=.5, linewidth=0)
    ax.plot(x, (y1 + y2) / 2, linewidth=2)
    return fig


def stackplot():
    x = np.arange(0, 10, 2)
    fig, ax = plt.subplots()
    ax.stackplot(x, np.vstack([[1, 1.25, 2, 2.75, 3], [1, 1, 1, 1, 1], [2, 1, 2, 1, 2]]))
    return fig


def stairs():
    fig, ax = plt.subplots()
    ax.stairs([4.8, 5.5, 3.5, 4.6, 6.5, 6.6, 2.6, 3.0], linewidth=2.5)
    return fig


# ----------------------------------------------------------------- arrays

def imshow():
    x, y, z = _z(16)
    fig, ax = plt.subplots()
    ax.imshow(z, origin="lower")
    return fig


def pcolormesh():
    x = [-3, -2, -1.6, -1.2, -.8, -.5, -.2, .1, .3, .5, .8, 1.1, 1.5, 1.9, 2.3, 3]
    xx, yy = np.meshgrid(x, np.linspace(-3, 3, 128))
    z = (1 - xx / 2 + xx ** 5 + yy ** 3) * np.exp(-xx ** 2 - yy ** 2)
    fig, ax = plt.subplots()
    ax.pcolormesh(xx, yy, z, vmin=-0.5, vmax=1.0)
    return fig


def contour():
    x, y, z = _z()
    fig, ax = plt.subplots()
    ax.contour(x, y, z, levels=np.linspace(np.min(z), np.max(z), 7))
    return fig


def contourf():
    x, y, z = _z()
    fig, ax = plt.subplots()
    ax.contourf(x, y, z, levels=np.linspace(z.min(), z.max(), 7))
    return fig


def barbs():
    x, y = np.meshgrid([1, 2, 4], [1, 2, 4])
    angle = np.pi / 180 * np.array([[15., 30, 35], [25, 25, 10], [45, 45, 45]])
    amplitude = np.array([[5, 10, 25], [15, 20, 30], [25, 30, 40]])
    fig, ax = plt.subplots()
    ax.barbs(x, y, amplitude * np.sin(angle), amplitude * np.cos(angle), barbcolor="C0",
             flagcolor="C0", length=7, linewidth=1.5)
    return fig


def quiver():
    x = np.linspace(-4, 4, 6)
    xx, yy = np.meshgrid(x, x)
    u, v = xx + yy, yy - xx
    fig, ax = plt.subplots()
    ax.quiver(xx, yy, u, v, color="C0", angles="xy", scale_units="xy", scale=5, width=.015)
    return fig


def streamplot():
    x, y = np.meshgrid(np.linspace(-3, 3, 256), np.linspace(-3, 3, 256))
    z = (1 - x / 2 + x ** 5 + y ** 3) * np.exp(-x ** 2 - y ** 2)
    v = np.diff(z[1:, :], axis=1)
    u = -np.diff(z[:, 1:], axis=0)
    fig, ax = plt.subplots()
    ax.streamplot(x[1:, 1:], y[1:, 1:], u, v)
    return fig


# ------------------------------------------------------------------ stats

def hist_plot():
    x = 4 + _rng().normal(0, 1.5, 200)
    fig, ax = plt.subplots()
    ax.hist(x, bins=8, linewidth=0.5, edgecolor="white")
    return fig


def boxplot_plot():
    d = _rng().normal((3, 5, 4), (1.25, 1.00, 1.25), (100, 3))
    fig, ax = plt.subplots()
    ax.boxplot(d, positions=[2, 4, 6], widths=1.5, patch_artist=True, showmeans=False,
               showfliers=False)
    return fig


def errorbar_plot():
    fig, ax = plt.subplots()
    ax.errorbar([2, 4, 6], [3.6, 5, 4.2], [0.9, 1.2, 0.4], fmt="o", linewidth=2, capsize=6)
    return fig


def violin():
    d = _rng().normal((3, 5, 4), (0.75, 1.00, 0.75), (200, 3))
    fig, ax = plt.subplots()
    ax.violinplot(d, [2, 4, 6], widths=2, showmeans=False, showmedians=False,
                  showextrema=False)
    return fig


def eventplot():
    d = _rng().gamma(4, size=(3, 50))
    fig, ax = plt.subplots()
    ax.eventplot(d, orientation="vertical", lineoffsets=[2, 4, 6], linewidth=0.75)
    return fig


def hist2d():
    rng = _rng()
    x = rng.standard_normal(5000)
    y = 1.2 * x + rng.standard_normal(5000) / 3
    fig, ax = plt.subplots()
    ax.hist2d(x, y, bins=(np.arange(-3, 3, 0.1), np.arange(-3, 3, 0.1)))
    return fig


def hexbin():
    rng = _rng()
    x = rng.standard_normal(5000)
    y = 1.2 * x + rng.standard_normal(5000) / 3
    fig, ax = plt.subplots()
    ax.hexbin(x, y, gridsize=20)
    return fig


def pie():
    fig, ax = plt.subplots()
    ax.pie([1, 2, 3, 4], radius=3, center=(4, 4), wedgeprops={"linewidth": 1,
                                                              "edgecolor": "white"},
           frame=True)
    return fig


def ecdf():
    x = 4 + _rng().normal(0, 1.5, 200)
    fig, ax = plt.subplots()
    ax.ecdf(x)
    return fig


# ----------------------------------------------------------- unstructured

def _scattered():
    rng = _rng()
    x = rng.uniform(-3, 3, 256)
    y = rng.uniform(-3, 3, 256)
    z = (1 - x / 2 + x ** 5 + y ** 3) * np.exp(-x ** 2 - y ** 2)
    return x, y, z


def tricontour():
    x, y, z = _scattered()
    fig, ax = plt.subplots()
    ax.plot(x, y, "o", markersize=2, color="lightgrey")
    ax.tricontour(x, y, z, levels=np.linspace(z.min(), z.max(), 7))
    return fig


def tricontourf():
    x, y, z = _scattered()
    fig, ax = plt.subplots()
    ax.plot(x, y, "o", markersize=2, color="grey")
    ax.tricontourf(x, y, z, levels=np.linspace(z.min(), z.max(), 7))
    return fig


def tripcolor():
    x, y, z = _scattered()
    fig, ax = plt.subplots()
    ax.plot(x, y, "o", markersize=2, color="grey")
    ax.tripcolor(x, y, z)
    return fig


def triplot():
    x, y, z = _scattered()
    fig, ax = plt.subplots()
    ax.triplot(x, y)
    return fig


# --------------------------------------------------------------------- 3-D

def _ax3d():
    return plt.subplots(subplot_kw={"projection": "3d"})


def scatter3d():
    rng = _rng()
    fig, ax = _ax3d()
    ax.scatter(rng.uniform(23, 32, 100), rng.uniform(0, 100, 100), rng.uniform(-50, -25, 100))
    return fig


def surface3d():
    x, y = np.meshgrid(np.arange(-5, 5, 0.25), np.arange(-5, 5, 0.25))
    fig, ax = _ax3d()
    ax.plot_surface(x, y, np.sin(np.sqrt(x ** 2 + y ** 2)), vmin=-1.2, cmap="Blues")
    return fig


def trisurf3d():
    radii = np.linspace(0.125, 1.0, 8)
    angles = np.linspace(0, 2 * np.pi, 36, endpoint=False)[..., np.newaxis]
    x = np.append(0, (radii * np.cos(angles)).flatten())
    y = np.append(0, (radii * np.sin(angles)).flatten())
    fig, ax = _ax3d()
    ax.plot_trisurf(x, y, np.sin(-x * y), vmin=-0.6, cmap="Blues")
    return fig


def voxels():
    x, y, z = np.indices((8, 8, 8))
    fig, ax = _ax3d()
    ax.voxels(((x < 3) & (y < 3) & (z < 3)) | ((x >= 5) & (y >= 5) & (z >= 5)),
              edgecolor="k")
    return fig


def wire3d():
    x, y = np.meshgrid(np.linspace(-3, 3, 20), np.linspace(-3, 3, 20))
    fig, ax = _ax3d()
    ax.plot_wireframe(x, y, np.exp(-x ** 2 - y ** 2), rstride=2, cstride=2)
    return fig


def bar3d():
    x, y = [1, 1, 2, 2], [1, 2, 1, 2]
    fig, ax = _ax3d()
    ax.bar3d(x, y, [0, 0, 0, 0], np.ones_like(x) * 0.5, np.ones_like(x) * 0.5, [2, 3, 1, 4])
    return fig


def plot3d():
    n = 100
    xs = np.linspace(0, 1, n)
    fig, ax = _ax3d()
    ax.plot(xs, np.cos(6 * np.pi * xs), np.sin(6 * np.pi * xs))
    return fig


def quiver3d():
    n = 4
    x = np.linspace(-1, 1, n)
    y = np.linspace(-1, 1, n)
    z = np.linspace(-1, 1, n)
    fig, ax = _ax3d()
    ax.quiver(x, y, z, np.sin(x), -np.cos(y), 0.2 * np.ones(n))
    return fig


def stem3d():
    theta = np.linspace(0, 2 * np.pi, 16)
    fig, ax = _ax3d()
    ax.stem(np.cos(theta - np.pi / 2), np.sin(theta - np.pi / 2), theta)
    return fig


FAMILIES = {
    "basic": [plot, scatter_plot, bar, stem, fill_between, stackplot, stairs],
    "arrays": [imshow, pcolormesh, contour, contourf, barbs, quiver, streamplot],
    "stats": [hist_plot, boxplot_plot, errorbar_plot, violin, eventplot, hist2d, hexbin,
              pie, ecdf],
    "unstructured": [tricontour, tricontourf, tripcolor, triplot],
    "3D": [scatter3d, surface3d, trisurf3d, voxels, wire3d, bar3d, plot3d, quiver3d, stem3d],
}

# Figures this tool expects to give data: the families chartex reads today.
# The others (vector fields, steps, 3-D) belong to other parts of issue 13;
# they are listed in the table all the same.
# Every figure of every family: each Axes with data must give data.
EXPECTED = {f.__name__ for fam in FAMILIES for f in FAMILIES[fam]}


def _data_axes(fig):
    """The Axes of fig that hold data, colorbars left out."""
    out = []
    for ax in fig.axes:
        if getattr(ax, "_colorbar", None) is not None:
            continue
        if len(ax.lines) + len(ax.collections) + len(ax.patches) + len(ax.images):
            out.append(ax)
    return out


def _has_numbers(chart):
    return bool(chart.get("elements")) or any(k in chart for k in GRIDDED)


def run():
    rows = []
    for family, funcs in FAMILIES.items():
        for func in funcs:
            name = func.__name__
            try:
                fig = func()
            except Exception as exc:  # a matplotlib too old for the call
                rows.append((family, name, 0, "skipped", "", "", type(exc).__name__))
                continue
            fig.savefig(io.BytesIO(), format="png")
            d = chartex.figure_to_dict(fig)
            axes = _data_axes(fig)
            charts = d.get("elements", []) if d.get("type") == "superchart" else [d]
            for i in range(len(axes)):
                chart = charts[i] if i < len(charts) else {}
                keys = ",".join(k for k in GRIDDED if k in chart)
                ok = _has_numbers(chart)
                rows.append((family, name, i, chart.get("type", "{}"),
                             len(chart.get("elements", [])), keys,
                             "data" if ok else "no data"))
            plt.close(fig)
    return rows


def main(argv):
    rows = run()
    if "--json" in argv:
        print(json.dumps(rows, indent=1))
    else:
        print("matplotlib %s" % matplotlib.__version__)
        print("%-13s %-14s %3s %-16s %8s %-22s %s"
              % ("family", "figure", "ax", "type", "elements", "gridded keys", "result"))
        for r in rows:
            print("%-13s %-14s %3s %-16s %8s %-22s %s" % r)
        with_data = [r for r in rows if r[6] in ("data", "no data")]
        given = [r for r in with_data if r[6] == "data"]
        print("\nAxes with data: %d, giving data: %d, without: %d"
              % (len(with_data), len(given), len(with_data) - len(given)))
    missing = [r for r in rows if r[6] == "no data" and r[1] in EXPECTED]
    for r in missing:
        print("expected data: %s/%s" % (r[0], r[1]), file=sys.stderr)
    return len(missing)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
