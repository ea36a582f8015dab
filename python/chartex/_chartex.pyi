# Types of the extension module (python/module.c); the signatures are those
# of its docstrings.  chartex/__init__.py re-exports these names.
from typing import Any, Final

from matplotlib.figure import Figure, SubFigure

__version__: Final[str]
# include/chartex.h's CHARTEX_MIN_MAX_POINTS and CHARTEX_AXIS_*.
MIN_MAX_POINTS: Final[int]
AXIS_NUMERIC: Final[int]
AXIS_DATE: Final[int]
AXIS_CATEGORY: Final[int]

class ChartexError(Exception):
    """Raised when chartex cannot read a figure or a scene."""

def figure_to_dict(fig: Figure | SubFigure, /, *,
                   max_points: int | None = None,
                   points_per_pixel: float | None = None,
                   max_total_points: int | None = None,
                   max_string: int | None = None) -> dict[str, Any]: ...
def figure_to_json(fig: Figure | SubFigure, /, *, indent: int | None = None,
                   max_points: int | None = None,
                   points_per_pixel: float | None = None,
                   max_total_points: int | None = None,
                   max_string: int | None = None) -> str: ...
def figure_to_scene_json(fig: Figure | SubFigure, /, *, indent: int | None = None) -> str: ...
def scene_json_to_dict(text: str | bytes, /, *,
                       max_points: int | None = None,
                       points_per_pixel: float | None = None,
                       max_total_points: int | None = None,
                   max_string: int | None = None) -> dict[str, Any]: ...
def scene_json_to_json(text: str | bytes, /, *, indent: int | None = None,
                       max_points: int | None = None,
                       points_per_pixel: float | None = None,
                       max_total_points: int | None = None,
                   max_string: int | None = None) -> str: ...
def frame_to_dict(obj: Any, /, *, max_rows: int | None = None,
                  max_bytes: int | None = None,
                  max_string: int | None = None,
                  max_columns: int | None = None) -> dict[str, list[Any]]: ...
def frame_to_json(obj: Any, /, *, indent: int | None = None,
                  max_rows: int | None = None, max_bytes: int | None = None,
                  max_string: int | None = None,
                  max_columns: int | None = None) -> str: ...
