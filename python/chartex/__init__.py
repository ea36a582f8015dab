"""chartex: read a matplotlib Figure as structured chart data.

    import chartex
    chartex.figure_to_dict(fig)            # the chart as a dict ({} when no data)
    chartex.figure_to_json(fig, indent=2)  # the same chart as JSON text
    chartex.figure_to_scene_json(fig)      # what the walker saw (for bug reports)
    chartex.scene_json_to_dict(text)       # run the core on a scene JSON
    chartex.render(chart)                  # redraw a chart dict: a matplotlib Figure
    chartex.frame_to_dict(df)              # a pandas/polars frame as E2B's e2b/data dict
    chartex.frame_to_json(df)              # the same as JSON text

The output is E2B's chart schema: `chart_figure_to_dict` is the name E2B's
`e2b_charts` uses, and is the same function as `figure_to_dict`.  The dict
and the JSON always agree: json.loads(figure_to_json(f)) == figure_to_dict(f).

The functions accept a matplotlib Figure or a SubFigure (then only that
subfigure and the subfigures inside it are read), a Plotly figure, or an
Altair chart or Vega-Lite spec (pip install 'chartex[altair]'; doc/
schema.md, "Altair charts"), and raise TypeError for anything else, ChartexError when the figure cannot be read (the message
says what was being read; __cause__ holds matplotlib's exception).
figure_to_dict and figure_to_json take max_points=N to keep at most N
points per series (see doc/schema.md, "downsampled").

In IPython, `%load_ext chartex` registers the e2b/chart and e2b/data
display formatters (chartex.ipython).

Importing chartex imports nothing else: the extension module
(chartex._chartex) is loaded on the first use of one of its names, and it
imports matplotlib's and NumPy's parts when a figure is first read.  So the
IPython formatter, which is asked about every displayed object, can import
this package without slowing down a kernel that never plots.
"""

# The names the extension module provides; bound on first access (PEP 562)
# so that `import chartex` and `import chartex.ipython` stay cheap.
_EXTENSION_NAMES = (
    "ChartexError",
    "__version__",
    "figure_to_dict",
    "figure_to_json",
    "figure_to_scene_json",
    "frame_to_dict",
    "frame_to_json",
    "scene_json_to_dict",
    "scene_json_to_json",
)

__all__ = [
    "ChartexError",
    "__version__",
    "chart_figure_to_dict",
    "figure_to_dict",
    "figure_to_json",
    "figure_to_scene_json",
    "frame_to_dict",
    "frame_to_json",
    "render",
    "scene_json_to_dict",
    "scene_json_to_json",
]


# What type checkers see (mypy and pyright take any TYPE_CHECKING as true):
# the extension's names with the signatures of its stub, _chartex.pyi, and
# no __getattr__, so that a misspelt name is an error, not Any.  At run time
# `typing` is not imported and the names are bound by __getattr__.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from ._chartex import (
        ChartexError,
        __version__,
        figure_to_dict,
        figure_to_json,
        figure_to_scene_json,
        frame_to_dict,
        frame_to_json,
        scene_json_to_dict,
        scene_json_to_json,
    )

    chart_figure_to_dict = figure_to_dict
    from ._golden.render import render

    from IPython.core.interactiveshell import InteractiveShell
else:
    def __getattr__(name):
        if name in _EXTENSION_NAMES or name == "chart_figure_to_dict":
            from . import _chartex

            for n in _EXTENSION_NAMES:
                globals()[n] = getattr(_chartex, n)
            # E2B's name for figure_to_dict.
            globals()["chart_figure_to_dict"] = _chartex.figure_to_dict
            return globals()[name]
        if name == "render":
            # Pure Python (chartex._golden.render): matplotlib is imported on use.
            from ._golden.render import render

            globals()["render"] = render
            return render
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
del TYPE_CHECKING


def __dir__() -> "list[str]":
    return sorted(set(globals()) | set(__all__))


def load_ipython_extension(ip: "InteractiveShell") -> None:
    """`%load_ext chartex`: registers the e2b/chart and e2b/data formatters on ip."""
    from . import ipython

    ipython.register(ip)


def unload_ipython_extension(ip: "InteractiveShell") -> None:
    """`%unload_ext chartex`: removes the e2b/chart and e2b/data formatters from ip."""
    from . import ipython

    ipython.unregister(ip)
