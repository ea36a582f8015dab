"""chartex: read a matplotlib Figure as structured chart data.

    import chartex
    chartex.figure_to_dict(fig)            # the chart as a dict ({} when no data)
    chartex.figure_to_json(fig, indent=2)  # the same chart as JSON text
    chartex.figure_to_scene_json(fig)      # what the walker saw (for bug reports)
    chartex.scene_json_to_dict(text)       # run the core on a scene JSON

The output is E2B's chart schema: `chart_figure_to_dict` is the name E2B's
`e2b_charts` uses, and is the same function as `figure_to_dict`.  The dict
and the JSON always agree: json.loads(figure_to_json(f)) == figure_to_dict(f).

The functions accept a matplotlib Figure or a SubFigure (then only that
subfigure and the subfigures inside it are read), and raise TypeError for
anything else, ChartexError when the figure cannot be read (the message
says what was being read; __cause__ holds matplotlib's exception).

Importing chartex does not import matplotlib, NumPy or pandas: the work is
done in C (chartex._chartex) when a figure is first read.
"""

from ._chartex import (
    ChartexError,
    __version__,
    figure_to_dict,
    figure_to_json,
    figure_to_scene_json,
    scene_json_to_dict,
    scene_json_to_json,
)

chart_figure_to_dict = figure_to_dict

__all__ = [
    "ChartexError",
    "__version__",
    "chart_figure_to_dict",
    "figure_to_dict",
    "figure_to_json",
    "figure_to_scene_json",
    "scene_json_to_dict",
    "scene_json_to_json",
]
