"""The chartex command line.

    python -m chartex convert SCRIPT.py [--indent N]

runs a plotting script headless (Agg backend, plt.show() does nothing) and
prints the chart JSON of each figure the script leaves open: one figure as
its JSON (indented with --indent N), several as one compact JSON per line.
`python -m chartex SCRIPT.py` is short for `convert SCRIPT.py`.

What the script prints goes to stderr: stdout carries only the JSON.
Exit status: 0 on success, 1 when the script fails or leaves no figure
open (one line on stderr says why), 2 for a usage error.
"""

import argparse
import contextlib
import os
import runpy
import sys

COMMANDS = ("convert",)


def _indent(text):
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value <= 100:
        raise argparse.ArgumentTypeError(f"must be an integer from 1 to 100, not {text!r}")
    return value


def _parser():
    parser = argparse.ArgumentParser(
        prog="python -m chartex",
        description="Read matplotlib figures as chart JSON (E2B's chart schema).")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True
    convert = commands.add_parser(
        "convert", help="run a plotting script and print the chart JSON of its figures",
        description="Run a plotting script with the Agg backend (plt.show() does "
                    "nothing) and print the chart JSON of each figure it leaves "
                    "open: one figure as its JSON, several as one JSON per line.")
    convert.add_argument("script", metavar="SCRIPT.py", help="the plotting script")
    convert.add_argument("--indent", type=_indent, metavar="N", default=None,
                         help="indent a single figure's JSON by N spaces (1 to 100)")
    return parser


def _run_script(path):
    """Runs path as __main__ with the Agg backend; returns the open figures.

    What the script prints goes to stderr, so that stdout carries only JSON.
    """
    import matplotlib
    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    plt.show = lambda *args, **kwargs: None
    saved_argv, saved_path = sys.argv[:], sys.path[:]
    sys.argv = [path]
    sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
    try:
        with contextlib.redirect_stdout(sys.stderr):
            runpy.run_path(path, run_name="__main__")
    except SystemExit as e:
        # sys.exit() / sys.exit(0) end a script normally; any other code fails it.
        if e.code not in (None, 0):
            raise
    finally:
        sys.argv, sys.path = saved_argv, saved_path
    return [plt.figure(num) for num in plt.get_fignums()]


def _convert(args):
    import chartex

    if not os.path.isfile(args.script):
        print(f"chartex: {args.script}: no such file", file=sys.stderr)
        return 1
    try:
        figures = _run_script(args.script)
    except BaseException as e:  # the script's own failure, whatever it is
        if isinstance(e, KeyboardInterrupt):
            raise
        text = str(e) if not isinstance(e, SystemExit) else f"exit status {e.code}"
        print(f"chartex: {args.script} failed: {type(e).__name__}: {text}",
              file=sys.stderr)
        return 1
    if not figures:
        print(f"chartex: {args.script} left no figure open", file=sys.stderr)
        return 1
    try:
        if len(figures) == 1:
            out = [chartex.figure_to_json(figures[0], indent=args.indent)]
        else:
            out = [chartex.figure_to_json(f) for f in figures]
    except chartex.ChartexError as e:
        print(f"chartex: {args.script}: {e}", file=sys.stderr)
        return 1
    sys.stdout.write("\n".join(out) + "\n")
    return 0


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv and argv[0] not in COMMANDS and not argv[0].startswith("-"):
        argv.insert(0, "convert")
    args = _parser().parse_args(argv)
    if args.command == "convert":
        return _convert(args)
    return 2


if __name__ == "__main__":
    sys.exit(main())
