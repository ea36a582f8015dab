"""What the e2b/chart formatter costs a kernel, per display.

    make bench-ipython
    PYTHONPATH=BUILDDIR/python python3 bench/ipython_formatter.py

1. Objects that are not Figures: the formatter called directly, before and
   after matplotlib is imported, and a whole IPython display (every
   formatter of the shell: DisplayFormatter.format) with and without it.
2. A typical figure (a line chart: 3 series of 100 points, title, labels,
   legend): the formatter against the PNG formatter of the inline backend
   (IPython's print_figure, as the inline backend calls it).
3. A large figure (one line of 200,000 points), whole and with
   max_points=2000.

Times are the best of several repeats (timeit), per call.
"""
import sys
import timeit

from IPython.core.interactiveshell import InteractiveShell

import chartex.ipython


def per_call(fn, number, repeat=7):
    return min(timeit.repeat(fn, number=number, repeat=repeat)) / number


def fmt_time(seconds):
    if seconds < 1e-6:
        return "%.0f ns" % (seconds * 1e9)
    if seconds < 1e-3:
        return "%.2f us" % (seconds * 1e6)
    return "%.2f ms" % (seconds * 1e3)


def row(name, seconds, extra=""):
    print("  %-52s %12s %s" % (name, fmt_time(seconds), extra))


def main():
    shell = InteractiveShell.instance()
    display = shell.display_formatter
    formatter = chartex.ipython.ChartFormatter(parent=display)
    objects = {"int": 42, "str": "hello", "dict (10 keys)": {i: i for i in range(10)},
               "list (1000 ints)": list(range(1000))}

    print("Python %s, IPython %s" % (sys.version.split()[0],
                                     sys.modules["IPython"].__version__))
    print("1. not a Figure, matplotlib not imported (%s)"
          % ("true" if "matplotlib" not in sys.modules else "FALSE"))
    for name, obj in objects.items():
        row("formatter(%s)" % name, per_call(lambda: formatter(obj), 200000))
    assert "matplotlib" not in sys.modules and "numpy" not in sys.modules
    assert "chartex._chartex" not in sys.modules

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from IPython.core.pylabtools import print_figure

    print("   matplotlib imported")
    for name, obj in objects.items():
        row("formatter(%s)" % name, per_call(lambda: formatter(obj), 200000))

    print("   a whole display (DisplayFormatter.format), without / with chartex")
    for name, obj in objects.items():
        # Interleaved, best of each: the machine's load drifts between runs.
        without, with_ = [], []
        for _ in range(15):
            display.formatters.pop("e2b/chart", None)
            without.append(per_call(lambda: display.format(obj), 2000, repeat=1))
            display.formatters["e2b/chart"] = formatter
            with_.append(per_call(lambda: display.format(obj), 2000, repeat=1))
        row("display(%s)" % name, min(with_) - min(without),
            "added (%s -> %s)" % (fmt_time(min(without)), fmt_time(min(with_))))
    display.formatters.pop("e2b/chart", None)

    print("2. a typical figure: 3 lines x 100 points, title, labels, legend")
    import numpy as np

    fig, ax = plt.subplots()
    x = np.linspace(0, 10, 100)
    for k in range(3):
        ax.plot(x, np.sin(x + k), label="series %d" % k)
    ax.set_title("Typical")
    ax.set_xlabel("time (s)")
    ax.set_ylabel("value")
    ax.legend()
    formatter(fig)  # first call imports the extension's dependencies
    chart = per_call(lambda: formatter(fig), 200)
    png = per_call(lambda: print_figure(fig, "png"), 5, repeat=3)
    row("e2b/chart formatter", chart)
    row("image/png (print_figure)", png, "(chart = %.1f%% of png)" % (100 * chart / png))

    print("3. one line of 200,000 points")
    big, bax = plt.subplots()
    bx = np.arange(200000.0)
    bax.plot(bx, np.sin(bx / 1000.0))
    row("e2b/chart formatter, every point", per_call(lambda: formatter(big), 3, repeat=3))
    formatter.max_points = 2000
    row("e2b/chart formatter, max_points=2000", per_call(lambda: formatter(big), 10, repeat=3))
    row("image/png (print_figure)", per_call(lambda: print_figure(big, "png"), 1, repeat=3))


if __name__ == "__main__":
    main()
