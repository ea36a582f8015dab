#!/usr/bin/env python3
"""Which globals do real pickled matplotlib Figures ask the unpickler for?

    PYTHONPATH=BUILDDIR/python python3 tools/pickle_globals.py [--check]

Builds a broad set of real figures -- every fixture in fixtures/, every
chart kind through pyplot and through Figure(), dates (datetime, numpy
datetime64, pandas), categories, colorbars, subfigures, twin axes, legends,
texts and annotations, images, log and polar axes, pandas plots -- pickles
each one, loads it back with an Unpickler that records every find_class
call, and prints the union, one "module.name" per line, sorted.

The safe unpickler's allow-list (python/chartex/_unpickle.py, ALLOWED) is
the union of this output on every supported matplotlib (run it with each
interpreter), reviewed by hand: a name is only kept when calling it with
attacker-chosen arguments can neither run code nor touch files.  --check
prints the names this interpreter needs that ALLOWED lacks (exit status 1
when there are any), and the names ALLOWED holds that no figure here asked
for (informational: the other matplotlib version may need them).
"""
import argparse
import datetime as dt
import importlib.util
import io
import os
import pickle
import sys
from pathlib import Path

os.environ.setdefault("MPLBACKEND", "Agg")

SRCDIR = Path(__file__).resolve().parent.parent


class _Recorder(pickle.Unpickler):
    """Records each global, and for builtins.getattr (how pickle saves a
    bound method, a nested class or an enum member) the attribute it reads,
    as "getattr OWNER.NAME" with OWNER the class that defines the attribute
    (chartex._offline.unpickle.owner_of)."""

    def __init__(self, data, seen):
        super().__init__(io.BytesIO(data))
        self.seen = seen

    def find_class(self, module, name):
        from chartex._offline.unpickle import normalize, owner_of

        module, name = normalize(module, name)
        self.seen.add(module + "." + name)
        found = super().find_class(module, name)
        if found is getattr:
            seen = self.seen

            def recording_getattr(obj, attr, *default):
                seen.add("getattr %s.%s" % (owner_of(obj, attr), attr))
                return getattr(obj, attr, *default)
            return recording_getattr
        return found


def _fixture_figures():
    for path in sorted((SRCDIR / "fixtures").glob("*.py")):
        spec = importlib.util.spec_from_file_location("fx_" + path.stem, str(path))
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        yield "fixture " + path.stem, module.make_figure


def _extra_figures():
    """Figures beyond the fixtures, drawn through pyplot (so that the pickle
    carries _restore_to_pylab) with the features users pickle."""
    import matplotlib.pyplot as plt
    import numpy as np

    x = np.linspace(0.0, 10.0, 30)
    y = np.sin(x)
    days = [dt.datetime(2024, 1, 1) + dt.timedelta(days=i) for i in range(5)]

    def line():
        fig, ax = plt.subplots()
        ax.plot(x, y, "o-", label="sin")
        ax.plot(x, np.cos(x), "--", label="cos", drawstyle="steps-mid")
        ax.axhline(0.5)
        ax.axvline(2.0)
        ax.axline((0, 0), slope=1)
        ax.legend(title="legend")
        ax.set_title("t")
        ax.text(1, 1, "note")
        ax.annotate("peak", xy=(1.5, 1), xytext=(3, 1.5),
                    arrowprops=dict(arrowstyle="->"))
        ax.grid(True)
        fig.suptitle("sup")
        return fig

    def scatter():
        fig, ax = plt.subplots()
        sc = ax.scatter(x, y, c=y, s=x * 3, cmap="viridis", marker="^")
        fig.colorbar(sc, ax=ax, label="value")
        return fig

    def bars():
        fig, axes = plt.subplots(2, 2)
        axes[0, 0].bar(["a", "b", "c"], [1, 2, 3], yerr=[0.1, 0.2, 0.3])
        axes[0, 1].barh(["a", "b"], [3, 4], hatch="//")
        rects = axes[1, 0].bar([1, 2], [3, 4])
        axes[1, 0].bar_label(rects)
        axes[1, 1].hist(np.arange(20.0), bins=5, histtype="stepfilled")
        return fig

    def pie_box():
        fig, (a, b, c) = plt.subplots(1, 3)
        a.pie([1, 2, 3], labels=["x", "y", "z"], autopct="%1.1f%%", explode=[0, 0.1, 0])
        b.boxplot([[1, 2, 3, 10], [2, 3, 4]], notch=True, patch_artist=True,
                  showmeans=True)
        c.violinplot([[1, 2, 3], [2, 3, 5]])
        return fig

    def other_kinds():
        fig, axes = plt.subplots(3, 3)
        axes[0, 0].errorbar(x[:5], y[:5], yerr=0.1, xerr=0.2)
        axes[0, 1].fill_between(x, y, 0, alpha=0.3)
        axes[0, 2].stem(x[:5], y[:5])
        axes[1, 0].stackplot(x, y, y + 1, labels=["a", "b"])
        axes[1, 1].step(x, y)
        axes[1, 2].contourf(np.outer(y, y))
        axes[2, 0].pcolormesh(np.outer(y[:5], y[:5]))
        axes[2, 1].hexbin(x, y, gridsize=5)
        axes[2, 2].quiver([0, 1], [0, 1], [1, 1], [1, 0])
        return fig

    def images():
        fig, (a, b) = plt.subplots(1, 2)
        im = a.imshow(np.arange(12.0).reshape(3, 4), norm="log" if hasattr(
            plt, "subplot_mosaic") else None, interpolation="nearest")
        fig.colorbar(im, ax=a, orientation="horizontal")
        b.matshow(np.eye(3))
        b.contour(np.outer(y, y), levels=3)
        return fig

    def scales():
        fig, axes = plt.subplots(2, 2)
        axes[0, 0].plot([1, 10, 100], [1, 100, 10000])
        axes[0, 0].set_xscale("log")
        axes[0, 0].set_yscale("log", base=2)
        axes[0, 1].plot([-10, 0, 10], [0.1, 0.5, 0.9])
        axes[0, 1].set_xscale("symlog")
        axes[0, 1].set_yscale("logit")
        axes[1, 0].loglog([1, 10], [1, 10])
        axes[1, 1].semilogy([1, 2], [1, 100])
        return fig

    def polar():
        fig = plt.figure()
        ax = fig.add_subplot(projection="polar")
        ax.plot(x, np.abs(y))
        ax.bar([0.5, 1.5], [1, 2])
        return fig

    def twins():
        fig, ax = plt.subplots()
        ax.plot([1, 2, 3], [1, 2, 3], label="left")
        ax2 = ax.twinx()
        ax2.plot([1, 2, 3], [30, 20, 10], color="r", label="right")
        ax3 = ax.twiny()
        ax3.set_xlim(0, 1)
        fig.legend()
        return fig

    def shared():
        fig, axes = plt.subplots(2, 2, sharex=True, sharey="row")
        for a in axes.flat:
            a.plot([1, 2], [3, 4])
        inset = axes[0, 0].inset_axes([0.5, 0.5, 0.4, 0.4])
        inset.plot([0, 1], [1, 0])
        return fig

    def subfigures():
        fig = plt.figure(layout="constrained") if hasattr(plt, "subplot_mosaic") else plt.figure()
        left, right = fig.subfigures(1, 2)
        left.subplots().plot([1, 2], [2, 1])
        right.suptitle("right")
        right.subplots(2, 1)[0].bar(["a"], [1])
        return fig

    def mosaic_gridspec():
        fig = plt.figure(constrained_layout=True)
        axd = fig.subplot_mosaic([["a", "b"], ["c", "c"]])
        axd["a"].plot([1, 2])
        gs = fig.add_gridspec(2, 2)
        ax = plt.figure().add_subplot(gs[0, :])
        ax.plot([1, 2])
        return fig

    def tight():
        fig, ax = plt.subplots(figsize=(4, 3), dpi=72, tight_layout=True)
        ax.plot([1, 2, 3], [3, 2, 1], color="#ff0000", linewidth=3, alpha=0.5)
        ax.set_xticks([1, 2, 3], ["one", "two", "three"], rotation=45)
        ax.xaxis.set_major_formatter("{x:.1f} s")
        ax.yaxis.set_major_formatter("%.2f")
        ax.set_xlim(0, 4)
        ax.invert_yaxis()
        ax.set_aspect("equal")
        ax.minorticks_on()
        return fig

    def dates_datetime():
        fig, (a, b, c) = plt.subplots(3, 1)
        a.plot(days, [1, 2, 3, 4, 5])
        b.plot(np.array(days, dtype="datetime64[D]"), [1, 2, 3, 4, 5])
        b.xaxis.set_major_formatter(
            __import__("matplotlib.dates").dates.ConciseDateFormatter(
                b.xaxis.get_major_locator()))
        c.bar([d.date() for d in days], [1, 2, 3, 4, 5])
        fig.autofmt_xdate()
        return fig

    def dates_tz():
        fig, ax = plt.subplots()
        ax.plot([d.replace(tzinfo=dt.timezone.utc) for d in days], [1, 2, 3, 4, 5])
        ax.plot(np.array(["2024-01-01T00:00", "2024-01-02T00:00"],
                         dtype="datetime64[m]"), [1, 2])
        return fig

    def date_locators():
        import matplotlib.dates as mdates

        fig, ax = plt.subplots()
        ax.plot(days, [1, 2, 3, 4, 5])
        ax.xaxis.set_major_locator(mdates.DayLocator(interval=2))
        ax.xaxis.set_minor_locator(mdates.HourLocator(byhour=[0, 12]))
        ax.xaxis.set_major_formatter(mdates.DateFormatter("%d %b"))
        ax2 = plt.figure().add_subplot()
        ax2.plot(days, [1, 2, 3, 4, 5])
        ax2.xaxis.set_major_locator(mdates.MonthLocator())
        ax2.xaxis.set_major_locator(mdates.YearLocator())
        return fig

    def categories():
        fig, (a, b) = plt.subplots(1, 2)
        a.plot(["x", "y", "z"], [1, 3, 2])
        b.scatter(["x", "y"], ["p", "q"])
        return fig

    def masked():
        fig, ax = plt.subplots()
        ax.plot(np.ma.masked_invalid([1.0, np.nan, 3.0]))
        ax.plot(np.array([1, 2, 3], dtype=np.int64), np.array([1, 2, 3], dtype=np.float32))
        ax.plot([np.float64(1.5), np.int32(2)], [True, False])
        return fig

    def pandas_plots():
        import pandas as pd

        figs = []
        index = pd.date_range("2024-01-01", periods=6, freq="D")
        df = pd.DataFrame({"a": range(6), "b": [float(i) ** 2 for i in range(6)]},
                          index=index)
        fig, axes = plt.subplots(3, 2)
        df.plot(ax=axes[0, 0])
        df.plot.bar(ax=axes[0, 1])
        df.plot.area(ax=axes[1, 0])
        df["a"].plot.hist(ax=axes[1, 1])
        df.plot.scatter(x="a", y="b", ax=axes[2, 0])
        df.reset_index().plot(x="index", y="b", ax=axes[2, 1])
        figs.append(fig)
        fig, axes = plt.subplots(2, 2)
        pd.Series([1, 2, 3], index=pd.period_range("2024-01", periods=3, freq="M")).plot(ax=axes[0, 0])
        pd.Series([1.0, 2.0, 3.0], index=pd.date_range("2024-01-01", periods=3, freq="h",
                                                       tz="UTC")).plot(ax=axes[0, 1])
        axes[1, 0].plot(pd.to_datetime(["2024-01-01", "2024-02-01"]), [1, 2])
        axes[1, 1].plot(pd.Series(pd.to_datetime(["2024-01-01", "2024-03-01"])), [1, 2])
        pd.Series({"x": 1, "y": 2}).plot.pie(ax=plt.figure().add_subplot())
        pd.DataFrame({"v": [1, 2, 3, 4]}).boxplot(ax=plt.figure().add_subplot())
        figs.append(fig)
        return figs

    for name, make in sorted(locals().items()):
        if callable(make) and name not in ("x", "y", "days"):
            yield "extra " + name, make


def _pickles(protocols=range(2, pickle.HIGHEST_PROTOCOL + 1)):
    """(what, bytes) of every pickled figure, with every protocol from 2."""
    import matplotlib
    import matplotlib.pyplot as plt

    matplotlib.use("Agg")
    sources = list(_fixture_figures()) + list(_extra_figures())
    for what, make in sources:
        matplotlib.rcdefaults()
        try:
            made = make()
        except Exception as e:  # a figure this matplotlib cannot draw
            print("skipped %s: %s: %s" % (what, type(e).__name__, e), file=sys.stderr)
            continue
        figs = made if isinstance(made, list) else [made]
        figs += [plt.figure(n) for n in plt.get_fignums()
                 if plt.figure(n) not in figs]
        for fig in figs:
            for protocol in protocols:
                try:
                    data = pickle.dumps(fig, protocol=protocol)
                except Exception as e:  # not picklable: nobody can send it
                    print("unpicklable %s: %s: %s" % (what, type(e).__name__, e),
                          file=sys.stderr)
                    break
                yield what, data
        plt.close("all")
        if "pandas" in sys.modules:
            sys.modules["pandas"].plotting.deregister_matplotlib_converters()


def discover():
    seen = set()
    count = 0
    for what, data in _pickles():
        _Recorder(data, seen).load()
        count += 1
        import matplotlib.pyplot as plt
        plt.close("all")
    return seen, count


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="compare with chartex._offline.unpickle.ALLOWED")
    args = parser.parse_args(argv)
    import matplotlib
    import numpy

    seen, count = discover()
    print("# %d pickles, matplotlib %s, numpy %s, python %s" % (
        count, matplotlib.__version__, numpy.__version__, sys.version.split()[0]),
        file=sys.stderr)
    if not args.check:
        for name in sorted(seen):
            print(name)
        return 0
    from chartex._offline import unpickle as _unpickle

    # builtins.getattr is always replaced by the restricted one.
    known = set(_unpickle.ALLOWED) | {"builtins.getattr"} | {
        "getattr " + name for name in _unpickle.GETATTR_ALLOWED}
    missing = sorted(seen - known)
    unused = sorted(known - seen)
    for name in missing:
        print("missing %s" % name)
    for name in unused:
        print("unused here %s" % name)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
