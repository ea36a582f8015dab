#!/usr/bin/env python3
"""Runs chartex on one of make bench's figures, for a profiler.

The figure is built and drawn first (as the kernel's PNG render does), then
figure_to_dict (or figure_to_json with --json) is called CALLS times (2 by
default).  Under callgrind, collect only chartex's work:

  PYTHONPATH=<build>/python valgrind --tool=callgrind --collect-atstart=no \\
      --toggle-collect=chx_walk_figure --toggle-collect=chart_dict \\
      python3 bench/profile.py "histogram 1000 bins"
  callgrind_annotate --inclusive=yes callgrind.out.<pid>

(chx_walk_figure is the walk of the figure, chart_dict the core's chart and
the dict; for --json toggle figure_to_json instead.)  With perf:

  PYTHONPATH=<build>/python perf record python3 bench/profile.py "line 2x1M" --calls 6

Usage: profile.py NAME [--json] [--calls N]; NAME as in make bench's table
(profile.py --list prints them).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
_args = sys.argv[1:]
sys.argv = sys.argv[:1]          # bench.py reads its own flags from argv

import bench  # noqa: E402  (selects the Agg backend, builds the figures)

import chartex  # noqa: E402


def main(args):
    names = [name for name, _ in bench.FIGURES]
    if not args or args[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    if args[0] == "--list":
        print("\n".join(names))
        return 0
    if args[0] not in names:
        print(f"profile.py: no figure {args[0]!r}; one of: {', '.join(names)}",
              file=sys.stderr)
        return 2
    calls = int(args[args.index("--calls") + 1]) if "--calls" in args else 2
    fn = chartex.figure_to_json if "--json" in args else chartex.figure_to_dict
    fig = dict(bench.FIGURES)[args[0]]()
    fig.canvas.draw()
    for _ in range(calls):
        fn(fig)
    return 0


if __name__ == "__main__":
    sys.exit(main(_args))
