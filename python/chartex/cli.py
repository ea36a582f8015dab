"""The chartex command line.

    chartex convert INPUT... [-o FILE] [--ndjson] [--indent N]
                             [--jobs N | --dask SCHEDULER|local[:N]] [--progress]
                             [--timeout SECONDS] [--max-memory MB] [--trust]
    chartex scene INPUT [--trust] [--timeout SECONDS] [--max-memory MB]
    chartex check [FIXTURES_DIR] [--update]
    chartex ipython install [--ipython-dir DIR] [--profile NAME]
    chartex ipython startup-file

(`python -m chartex ...` is the same command; `python -m chartex SCRIPT.py`
is short for `convert SCRIPT.py`.)

convert: INPUT is a pickled Figure (.pkl, .pickle), a plotting script
(.py: run with the Agg backend, plt.show() does nothing, every figure it
leaves open is converted; a script that leaves none but defines
make_figure() gives that function's figure) or a folder (searched
recursively for both, skipping names that start with "." or "_").  When the
run gives exactly one figure and no input fails, stdout is that chart's
JSON; otherwise (or with --ndjson) stdout has one line per figure or failed
input, in the order of the inputs:

    {"source":PATH,"figure":N,"chart":{...}}
    {"source":PATH,"error":"..."}

N counts the figures of one input from 0 (a pickle holds figure 0; a
script's figures are numbered in pyplot's order of figure numbers).  An
input is converted in a worker process (--jobs of them, or one per thread
of each Dask worker with --dask), so that a crash, a hang (--timeout), a
memory hog (--max-memory) or a stray sys.exit of one input does not stop
the others; what a script prints goes to stderr.  chartex.batch runs the
inputs (the same records from Python: chartex.batch.convert).  Pickles are loaded with an
allow-list of matplotlib and NumPy classes (chartex._unpickle); --trust
loads any pickle, which runs whatever code the file holds.

Exit status: 0 when every input converted, 1 when some failed (one line on
stderr each), 2 for a usage error.
"""

import argparse
import itertools
import logging
import os
import sys
import time

from . import batch

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Optional, Sequence
del TYPE_CHECKING

COMMANDS = ("convert", "scene", "check", "ipython", "_worker")
DEFAULT_TIMEOUT = batch.DEFAULT_TIMEOUT


class UsageError(Exception):
    pass


def _prog():
    name = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else ""
    return "chartex" if name == "chartex" else "python -m chartex"


def _int_range(low, high):
    def parse(text):
        try:
            value = int(text)
        except ValueError:
            value = low - 1
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                "must be an integer from %d to %d, not %r" % (low, high, text))
        return value
    return parse


def _seconds(text):
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not (value >= 0 and value < 1e9):
        raise argparse.ArgumentTypeError("must be a number of seconds >= 0, not %r" % text)
    return value


def _parser():
    parser = argparse.ArgumentParser(
        prog=_prog(),
        description="Read matplotlib figures as chart JSON (E2B's chart schema).")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True

    convert = commands.add_parser(
        "convert", help="convert pickled figures, plotting scripts and folders of them",
        description="Convert pickled Figures (.pkl, .pickle), plotting scripts (.py, "
                    "run headless) and folders of them to chart JSON.  One figure: "
                    "its JSON; several, or a failed input: one JSON line each.")
    convert.add_argument("inputs", nargs="+", metavar="INPUT",
                         help="a .pkl/.pickle file, a .py script or a folder")
    convert.add_argument("-o", "--output", metavar="FILE",
                         help="write to FILE instead of stdout")
    convert.add_argument("--ndjson", action="store_true",
                         help="one JSON line per figure or failed input, even for one figure")
    convert.add_argument("--indent", type=_int_range(1, 100), metavar="N",
                         help="indent a single figure's JSON by N spaces (1 to 100)")
    _add_run_options(convert)

    scene = commands.add_parser(
        "scene", help="print the scene JSON the walker read (for bug reports)",
        description="Print the scene JSON chartex's walker read from the figures of "
                    "INPUT: attach it to a bug report, it reproduces the chart "
                    "without matplotlib.")
    scene.add_argument("inputs", nargs=1, metavar="INPUT",
                       help="a .pkl/.pickle file or a .py script")
    scene.add_argument("-o", "--output", metavar="FILE",
                       help="write to FILE instead of stdout")
    _add_run_options(scene, jobs=False)

    check = commands.add_parser(
        "check", help="compare golden fixtures with their expected JSON",
        description="Build each fixture (FIXTURES_DIR/NAME.py defining make_figure()), "
                    "compare its chart JSON with NAME.json and print a unified diff "
                    "for each mismatch.  Exit status 1 when any differs.")
    check.add_argument("fixtures_dir", nargs="?", metavar="FIXTURES_DIR",
                       help="the folder of fixtures (default: fixtures/ when run "
                            "from a chartex source tree)")
    check.add_argument("--update", action="store_true",
                       help="rewrite NAME.json and scenes/NAME.scene.json from the "
                            "current output (review the diff before committing)")

    # Listed for --help; its arguments are chartex.ipython's (main() hands
    # them over before this parser sees them).
    commands.add_parser(
        "ipython", add_help=False,
        help="set up the e2b/chart formatter for IPython kernels: "
             "'install' copies the start-up file into a profile (see "
             "'%s ipython --help')" % _prog())
    return parser


def _add_run_options(parser, jobs=True):
    if jobs:
        parser.add_argument("-j", "--jobs", type=_int_range(1, 256), metavar="N",
                            help="worker processes (default 1)")
        parser.add_argument("--dask", metavar="SCHEDULER",
                            help="run on a Dask cluster: a scheduler's address "
                                 "(tcp://host:8786), or local[:N] for a local cluster of "
                                 "N worker processes (needs distributed)")
        parser.add_argument("--progress", action="store_true",
                            help="show progress on stderr (default: when stderr is a "
                                 "terminal)")
    parser.add_argument("--max-memory", type=_int_range(0, 1 << 30), default=0, metavar="MB",
                        help="limit each worker process's address space to MB "
                             "megabytes (default 0: no limit)")
    parser.add_argument("--timeout", type=_seconds, default=DEFAULT_TIMEOUT,
                        metavar="SECONDS",
                        help="give up on an input after this long (default %g; 0: never)"
                             % DEFAULT_TIMEOUT)
    parser.add_argument("--trust", action="store_true",
                        help="load any pickle: this RUNS THE CODE the file holds; "
                             "only for pickles you made yourself")


# --------------------------------------------------------------- convert

class _Progress:
    """A one-line progress count on stderr: inputs done, of those listed so
    far ("+" while the listing goes on)."""

    def __init__(self, stream, on):
        self.stream = stream
        self.on = on
        self.shown = 0.0

    def clear(self):
        if self.on and self.shown:
            self.stream.write("\r\033[K")
            self.stream.flush()

    def __call__(self, done, listed, listed_all):
        now = time.monotonic()
        if self.on and (now - self.shown >= 0.1 or (listed_all and done == listed)):
            self.shown = now
            self.stream.write("\r\033[K%d/%d%s done" % (done, listed, "" if listed_all else "+"))
            self.stream.flush()


def _open_output(path):
    if path is None or path == "-":
        return sys.stdout, None
    tmp = path + ".tmp%d" % os.getpid()
    try:
        return open(tmp, "w", encoding="utf-8"), tmp
    except OSError as e:
        raise UsageError("cannot write %s: %s" % (path, e.strerror or e)) from e


def _dask_client(spec):
    """(client, cluster) for --dask: "local", "local:N" or a scheduler's address."""
    try:
        import dask
        import distributed
    except ImportError as e:
        raise UsageError("--dask needs Dask's distributed (pip install 'chartex[dask]'): %s"
                         % e) from None
    if spec == "local" or spec.startswith("local:"):
        n = None
        if spec != "local":
            try:
                n = _int_range(1, 1024)(spec[6:])
            except argparse.ArgumentTypeError as e:
                raise UsageError("--dask local:N: N %s" % e) from None
        # chartex reports the inputs of a worker that died instead of
        # letting the scheduler run them again (see batch._DaskExecutor), and
        # a worker holds only the task it runs, so that a death loses no other.
        with dask.config.set({"distributed.scheduler.allowed-failures": 0,
                              "distributed.scheduler.worker-saturation": 1.0}):
            cluster = distributed.LocalCluster(
                n_workers=n or os.cpu_count() or 1, threads_per_worker=1, processes=True,
                dashboard_address=":0", silence_logs=logging.CRITICAL)
            return distributed.Client(cluster), cluster
    try:
        return distributed.Client(spec), None
    except (OSError, ValueError) as e:
        raise UsageError("cannot connect to the Dask scheduler %s: %s" % (spec, e)) from None


def _convert(args, mode):
    key = "chart" if mode == "chart" else "scene"
    indent = getattr(args, "indent", None)
    ndjson = getattr(args, "ndjson", False)
    dask_spec = getattr(args, "dask", None)
    if dask_spec is not None and getattr(args, "jobs", None) is not None:
        raise UsageError("--jobs and --dask do not go together (a Dask worker runs "
                         "one input per thread)")
    jobs = getattr(args, "jobs", None) or 1
    items = batch.iter_inputs(args.inputs)
    first = list(itertools.islice(items, 2))
    # With several inputs, the run cannot give exactly one figure without a
    # failure (each input gives at least one or fails): lines from the start.
    single = not ndjson and len(first) == 1

    out, tmp = _open_output(args.output)
    show = getattr(args, "progress", False) or (len(first) > 1 and sys.stderr.isatty())
    progress = _Progress(sys.stderr, show)
    failures = 0
    held = []   # in single mode: the lines, until we know how many there are
    client = cluster = None
    try:
        if dask_spec is not None:
            client, cluster = _dask_client(dask_spec)
        for source, answer in batch.answers(
                None, client=client, jobs=jobs, timeout=args.timeout, trust=args.trust,
                max_memory=args.max_memory, mode=mode, indent=indent if single else None,
                progress=progress, listed=itertools.chain(first, items)):
            for line, text, figure, error in batch.record_lines(source, answer, key):
                if error is not None:
                    failures += 1
                    progress.clear()
                    where = source if figure is None else "%s (figure %d)" % (source, figure)
                    print("chartex: %s: %s" % (where, error), file=sys.stderr)
                if single:
                    held.append((text, line))
                else:
                    out.write(line + "\n")
        progress.clear()
        if single:
            if len(held) == 1 and held[0][0] is not None:
                out.write(held[0][0] + "\n")
            elif not (len(held) == 1 and failures):
                for _, line in held:
                    out.write(line + "\n")
        out.flush()
        if tmp is not None:
            out.close()
            os.replace(tmp, args.output)
            tmp = None
    finally:
        if tmp is not None:
            out.close()
            os.unlink(tmp)
        if client is not None:
            client.close()
        if cluster is not None:
            cluster.close()
    return 1 if failures else 0


# ------------------------------------------------------------------ check

def _default_fixtures():
    """fixtures/ of the chartex source tree we are run from, or None."""
    candidates = [os.getcwd(),
                  os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))]
    srcdir = os.environ.get("CHARTEX_SRCDIR")
    if srcdir:
        candidates.insert(0, srcdir)
    for root in candidates:
        if (os.path.isfile(os.path.join(root, "include", "chartex.h"))
                and os.path.isdir(os.path.join(root, "fixtures"))):
            return os.path.join(root, "fixtures")
    return None


def _check(args):
    from . import _golden

    folder = args.fixtures_dir or _default_fixtures()
    if folder is None:
        raise UsageError("name the fixtures folder (not run from a chartex source tree)")
    if not os.path.isdir(folder):
        raise UsageError("%s: no such folder" % folder)
    return _golden.run(folder, update=args.update)


# ---------------------------------------------------------------- ipython

def _ipython(argv):
    """`chartex ipython ...`: what `python -m chartex.ipython ...` does."""
    try:
        from . import ipython
    except ImportError as e:
        print("%s ipython: needs IPython (pip install 'chartex[ipython]'): %s"
              % (_prog(), e), file=sys.stderr)
        return 2
    return ipython.main(argv, prog=_prog() + " ipython")


# ------------------------------------------------------------------- main

def main(argv: "Optional[Sequence[str]]" = None) -> int:
    """The `chartex` command (python -m chartex): returns the exit status."""
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv and argv[0] not in COMMANDS and not argv[0].startswith("-"):
        argv.insert(0, "convert")  # `chartex SCRIPT.py`: the old shorthand
    if argv[:1] == ["_worker"]:
        from ._worker import serve
        return serve(argv[1:])
    if argv[:1] == ["ipython"]:
        return _ipython(argv[1:])
    args = _parser().parse_args(argv)
    try:
        if args.command == "convert":
            return _convert(args, "chart")
        if args.command == "scene":
            return _convert(args, "scene")
        if args.command == "check":
            return _check(args)
    except UsageError as e:
        print("%s: error: %s" % (_prog(), e), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("chartex: interrupted", file=sys.stderr)
        return 130
    return 2
