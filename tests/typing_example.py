"""A user's typed code calling every public function of chartex.

tests/test_typing.py runs `mypy --strict` on this file against the chartex
being tested (the stub _chartex.pyi and py.typed); it must pass, and the
revealed types must be the real ones, not Any.  It is also a valid program.
"""
from typing import Any

import matplotlib.pyplot as plt

import chartex
from chartex import ChartexError, chart_figure_to_dict, figure_to_dict


def main() -> None:
    fig, ax = plt.subplots()
    ax.plot([1.0, 2.0], [3.0, 4.0], label="a")
    d: dict[str, Any] = figure_to_dict(fig)
    d2: dict[str, Any] = chart_figure_to_dict(fig, max_points=100)
    text: str = chartex.figure_to_json(fig, indent=2, max_points=None)
    scene: str = chartex.figure_to_scene_json(fig, indent=None)
    d3: dict[str, Any] = chartex.scene_json_to_dict(scene, max_points=10)
    d4: dict[str, Any] = chartex.scene_json_to_dict(scene.encode())
    text2: str = chartex.scene_json_to_json(scene, indent=1, max_points=6)
    version: str = chartex.__version__
    sub = fig.add_subfigure(fig.add_gridspec(1, 1)[0])
    d5 = chartex.figure_to_dict(sub)
    try:
        chartex.scene_json_to_json("{")
    except ChartexError as e:
        message: str = str(e)
        print(message)
    print(d == d2, d3 == d4, len(text), len(text2), version, d5)
    plt.close(fig)
    frame: Any = None   # a pandas or polars frame, in real use
    if frame is not None:
        table: dict[str, list[Any]] = chartex.frame_to_dict(frame, max_rows=10)
        table_text: str = chartex.frame_to_json(frame, indent=2, max_bytes=1000)
        print(table, table_text)


if __name__ == "__main__":
    main()
