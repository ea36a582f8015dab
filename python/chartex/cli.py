"""The chartex command line.

    chartex convert INPUT... [-o FILE] [--ndjson] [--indent N]
                             [--jobs N | --dask SCHEDULER|local[:N]] [--progress]
                             [--timeout SECONDS] [--max-memory MB] [--trust]
                             [--review DIR]
    chartex scene INPUT [--trust] [--timeout SECONDS] [--max-memory MB]
    chartex check [FIXTURES_DIR] [--update]
    chartex diff A.json B.json [--rtol R] [--atol A] [--ignore KEY]...
    chartex render CHART.json -o OUT.png [--dpi N]
    chartex render CHART.json --compare FIGURE -o DIR
    chartex ipython install [--ipython-dir DIR] [--profile NAME]
    chartex ipython startup-file

(`python -m chartex ...` is the same command; `python -m chartex SCRIPT.py`
is short for `convert SCRIPT.py`.)

convert: INPUT is a pickled Figure (.pkl, .pickle), a plotting script
(.py: run with the Agg backend, plt.show() does nothing, every figure it
leaves open is converted, then every Plotly figure it shows with
fig.show(), or, when it shows none, those its globals hold, then every
Altair chart it shows with chart.show(), or, when it shows none, the chart
its last line gives (as a notebook shows it), else the last chart its
globals hold; a script that gives none but defines make_figure() gives
that function's figure), a Plotly figure written by fig.write_json
(.json: a JSON object with a "data" list), a Vega-Lite spec (.vl.json, or
.json whose "$schema" names Vega-Lite: Altair's chart.save; other JSON is
refused) or a folder (searched recursively for them, skipping names that
start with "." or "_" and .json files that begin as neither).  When the
run gives exactly one figure and no input fails, stdout is that chart's
JSON; otherwise (or with --ndjson) stdout has one line per figure or failed
input, in the order of the inputs:

    {"source":PATH,"figure":N,"chart":{...}}
    {"source":PATH,"error":"..."}

N counts the figures of one input from 0 (a pickle or a .json file
holds figure 0; a script's figures are numbered in pyplot's order of
figure numbers, its Plotly figures after them in the order shown).  An
input is converted in a worker process (--jobs of them, or one per thread
of each Dask worker with --dask), so that a crash, a hang (--timeout), a
memory hog (--max-memory) or a stray sys.exit of one input does not stop
the others; what a script prints goes to stderr.  chartex.batch runs the
inputs (the same records from Python: chartex.batch.convert).  Pickles are loaded with an
allow-list of matplotlib and NumPy classes (chartex._offline.unpickle); --trust
loads any pickle, which runs whatever code the file holds.

--review DIR also writes DIR/index.html: each figure's PNG beside the
chart redrawn from its numbers (chartex.render), with the chart's type,
title, element count and scales under them.

Exit status: 0 when every input converted, 1 when some failed (one line on
stderr each), 2 for a usage error.

diff: the structural diff of two charts (chartex._golden.diff): one line per
difference (`elements[0].points[2][1]: 9.8 -> 10.8`, `missing element
'Oslo'`) and a summary.  A and B are chart JSON or NDJSON from convert
(records matched by source and figure, else by order).  Exit status 0 when
they are the same (within --rtol/--atol), 1 when they differ, 2 for a usage
error or a file that cannot be read.

render: draws the chart of CHART.json (a chart, or NDJSON holding one) with
matplotlib into a PNG.  With --compare FIGURE (a pickle or a script, run as
convert runs it), writes the review page of FIGURE's figures beside the
charts of CHART.json (in order) into the folder -o names.
"""

import argparse
import itertools
import json
import logging
import os
import sys
import time

from . import batch

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Optional, Sequence
del TYPE_CHECKING

COMMANDS = ("convert", "scene", "check", "diff", "render", "ipython", "_worker")
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
        description="Read matplotlib and Plotly figures as chart JSON (E2B's chart "
                    "schema).")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True

    convert = commands.add_parser(
        "convert", help="convert pickled figures, plotting scripts, Plotly JSON, "
                        "Vega-Lite specs and folders of them",
        description="Convert pickled Figures (.pkl, .pickle), plotting scripts (.py, "
                    "run headless; matplotlib, Plotly and Altair figures), Plotly "
                    "figures written by fig.write_json (.json), Vega-Lite specs "
                    "(.vl.json, Altair's chart.save) and folders of them to chart "
                    "JSON.  One figure: its JSON; several, or a failed input: one "
                    "JSON line each.")
    convert.add_argument("inputs", nargs="+", metavar="INPUT",
                         help="a .pkl/.pickle file, a .py script, a Plotly .json file, a "
                              "Vega-Lite .vl.json/.json file or a folder")
    convert.add_argument("-o", "--output", metavar="FILE",
                         help="write to FILE instead of stdout")
    convert.add_argument("--ndjson", action="store_true",
                         help="one JSON line per figure or failed input, even for one figure")
    convert.add_argument("--indent", type=_int_range(1, 100), metavar="N",
                         help="indent a single figure's JSON by N spaces (1 to 100)")
    convert.add_argument("--review", metavar="DIR",
                         help="also write DIR/index.html: each figure beside its chart "
                              "redrawn, with the chart's key facts")
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
                    "for each mismatch.  Exit status 1 when any differs.  Needs "
                    "matplotlib, and whatever the fixtures import: chartex's own "
                    "(fixtures/) use NumPy, pandas, seaborn and plotly (pip install "
                    "numpy pandas seaborn plotly), and mplfinance for two that are "
                    "skipped without it; a fixture whose package is missing is "
                    "reported with the pip install that brings it.")
    check.add_argument("fixtures_dir", nargs="?", metavar="FIXTURES_DIR",
                       help="the folder of fixtures (default: fixtures/ when run "
                            "from a chartex source tree)")
    check.add_argument("--update", action="store_true",
                       help="rewrite NAME.json and scenes/NAME.scene.json from the "
                            "current output (review the diff before committing)")

    diff = commands.add_parser(
        "diff", help="the structural diff of two chart JSON (or NDJSON) files",
        description="Compare two charts (chart JSON, or NDJSON from convert) and print "
                    "each difference by its path, then a summary.  Exit status 0 when "
                    "they are the same, 1 when they differ, 2 when a file cannot be read.")
    diff.add_argument("old", metavar="A", help="the baseline (chart JSON or NDJSON; - for stdin)")
    diff.add_argument("new", metavar="B", help="the chart compared with it")
    _add_tolerance_options(diff)
    diff.add_argument("--limit", type=_int_range(1, 1000000), metavar="N",
                      help="show at most N differences per chart (the summary counts all)")

    render = commands.add_parser(
        "render", help="redraw a chart JSON with matplotlib (PNG), or a review page",
        description="Draw the chart of CHART (chart JSON, or NDJSON holding one chart) "
                    "with matplotlib, from its numbers alone, into the PNG -o names.  "
                    "With --compare FIGURE, write a review page (DIR/index.html) of "
                    "FIGURE's figures beside CHART's charts instead.")
    render.add_argument("chart", metavar="CHART", help="chart JSON or NDJSON (- for stdin)")
    render.add_argument("-o", "--output", metavar="OUT", required=True,
                        help="the PNG to write (with --compare: the folder of the page)")
    render.add_argument("--dpi", type=_int_range(10, 1000), default=100, metavar="N",
                        help="resolution of the PNG (default 100)")
    render.add_argument("--compare", metavar="FIGURE",
                        help="a pickled Figure or a plotting script, drawn beside the chart")
    _add_run_options(render, jobs=False)

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


def _add_tolerance_options(parser):
    from ._golden import diff as _diff

    parser.add_argument("--rtol", type=_tolerance, default=_diff.DEFAULT_RTOL, metavar="R",
                        help="relative tolerance of numbers (default %g)" % _diff.DEFAULT_RTOL)
    parser.add_argument("--atol", type=_tolerance, default=_diff.DEFAULT_ATOL, metavar="A",
                        help="absolute tolerance of numbers (default %g)" % _diff.DEFAULT_ATOL)
    parser.add_argument("--ignore", action="append", default=[], metavar="KEY",
                        help="a key (x_ticks) or path pattern (elements[*].downsampled) "
                             "not compared; repeatable")


def _tolerance(text):
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not (value >= 0 and value < float("inf")):
        raise argparse.ArgumentTypeError("must be a number >= 0, not %r" % text)
    return value


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

    review = getattr(args, "review", None)
    page = None
    if review:
        from ._golden import review as _review

        try:
            page = _review.Page(review, "chartex convert --review")
        except OSError as e:
            raise UsageError("cannot write %s: %s" % (review, e.strerror or e)) from e

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
                progress=progress, listed=itertools.chain(first, items),
                review=page is not None):
            if page is not None:
                _review_answer(page, source, answer)
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
        if page is not None:
            print("chartex: review page %s" % page.finish(), file=sys.stderr)
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


def _review_answer(page, source, answer):
    """One input's answer as review page entries."""
    if "error" in answer:
        page.add(source, error=answer["error"])
        return
    for n, item in enumerate(answer["outputs"]):
        _review_add(page, "%s (figure %d)" % (source, n), item)


def _review_add(page, name, item):
    """One worker output (with its "png") as a review page entry."""
    import base64

    png = base64.b64decode(item["png"]) if item.get("png") else None
    error = item.get("error") or item.get("png_error")
    chart = json.loads(item["text"]) if "text" in item else None
    page.add(name, original_png=png, chart=chart, error=error)


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
    from ._golden import runner as _golden

    folder = args.fixtures_dir or _default_fixtures()
    if folder is None:
        raise UsageError("name the fixtures folder (not run from a chartex source tree)")
    if not os.path.isdir(folder):
        raise UsageError("%s: no such folder" % folder)
    return _golden.run(folder, update=args.update)


# ------------------------------------------------------------ diff, render

def _read_text(path):
    try:
        if path == "-":
            return sys.stdin.read()
        with open(path, encoding="utf-8") as f:
            return f.read()
    except (OSError, UnicodeDecodeError) as e:
        raise UsageError("%s: cannot read: %s" % (path, getattr(e, "strerror", None) or e)) from e


def read_charts(path):
    """The charts of a file: a list of (name, chart or None, error or None).
    A chart JSON file gives one, named by the file; NDJSON from convert one
    per line, named "SOURCE (figure N)"."""
    text = _read_text(path)
    try:
        whole = json.loads(text)
    except ValueError:
        whole = None
    else:
        if not (isinstance(whole, dict) and "source" in whole):
            if not isinstance(whole, dict):
                raise UsageError("%s: not a chart (a JSON object)" % path)
            return [(path, whole, None)]
    records = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError as e:
            raise UsageError("%s: line %d: not JSON (%s)" % (path, number, e)) from None
        if not isinstance(record, dict) or "source" not in record:
            raise UsageError("%s: line %d: not a record of chartex convert "
                             "({\"source\": ..., \"chart\": ...})" % (path, number))
        name = str(record["source"])
        if "figure" in record:
            name += " (figure %s)" % record["figure"]
        records.append((name, record.get("chart"), record.get("error")))
    if not records:
        raise UsageError("%s: empty" % path)
    return records


def _diff_command(args):
    from ._golden import diff as _diff

    old = read_charts(args.old)
    new = read_charts(args.new)
    if len(old) == 1 and len(new) == 1:
        pairs = [(old[0][0] if old[0][0] == new[0][0] else None, old[0], new[0])]
    else:
        new_names = [n for n, _, _ in new]
        if set(n for n, _, _ in old) & set(new_names):
            where = {r[0]: r for r in new}
            pairs = [(r[0], r, where.get(r[0])) for r in old]
            pairs += [(r[0], None, r) for r in new if r[0] not in {o[0] for o in old}]
        else:  # other folders: the same inputs in the same order
            pairs = [(o[0] if o else n[0], o, n) for o, n in
                     _zip_longest(old, new)]
    out = sys.stdout
    differing = 0
    for name, a, b in pairs:
        head = "" if name is None else name + ": "
        if a is None:
            differing += 1
            print("%sonly in %s" % (head, args.new), file=out)
            continue
        if b is None:
            differing += 1
            print("%sonly in %s" % (head, args.old), file=out)
            continue
        if a[2] is not None or b[2] is not None:
            if a[2] != b[2]:
                differing += 1
                print("%serror %s -> %s" % (head, _diff.show(a[2]), _diff.show(b[2])),
                      file=out)
            continue
        found = _diff.diff(a[1], b[1], rtol=args.rtol, atol=args.atol, ignore=args.ignore)
        if found:
            differing += 1
            if len(pairs) > 1 or name is not None:
                print(name + ":", file=out)
            print(_diff.format_diff(found, args.rtol, args.atol, limit=args.limit), file=out)
    if len(pairs) > 1:
        print("%d of %d charts differ" % (differing, len(pairs)), file=out)
    elif not differing:
        print("same chart (rtol %g, atol %g)" % (args.rtol, args.atol), file=out)
    return 1 if differing else 0


def _zip_longest(a, b):
    import itertools

    return itertools.zip_longest(a, b)


def _render_command(args):
    from ._golden import render as _render

    charts = read_charts(args.chart)
    if args.compare is None:
        if len(charts) != 1:
            raise UsageError("%s holds %d charts; render draws one (or a page: --compare)"
                             % (args.chart, len(charts)))
        name, chart, error = charts[0]
        if error is not None:
            raise UsageError("%s: the record is an error: %s" % (name, error))
        try:
            _render.render(chart, dpi=args.dpi).savefig(args.output, format="png")
        except OSError as e:
            raise UsageError("cannot write %s: %s" % (args.output, e.strerror or e)) from e
        return 0
    from ._golden import review as _review

    found = list(itertools.islice(batch.iter_inputs([args.compare]), 2))
    source, kind, error = found[0]
    if error is not None or len(found) != 1:
        raise UsageError("%s: %s" % (args.compare, error or "name one pickle or script"))
    answer = batch.run_input({"path": source, "kind": kind, "trust": args.trust,
                              "mode": "chart", "indent": None, "review": True},
                             timeout=args.timeout, max_memory=args.max_memory)
    if "error" in answer:
        print("chartex: %s: %s" % (source, answer["error"]), file=sys.stderr)
        return 1
    try:
        page = _review.Page(args.output, "chartex render --compare %s" % source)
    except OSError as e:
        raise UsageError("cannot write %s: %s" % (args.output, e.strerror or e)) from e
    outputs = answer["outputs"]
    for n in range(max(len(outputs), len(charts))):
        item = dict(outputs[n]) if n < len(outputs) else {}
        item.pop("text", None)
        if n < len(charts):
            name, chart, error = charts[n]
            if chart is not None:
                item["text"] = json.dumps(chart)
            elif error:
                item["error"] = error
        _review_add(page, "%s (figure %d)" % (source, n), item)
    print("chartex: review page %s" % page.finish(), file=sys.stderr)
    return 0


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
        from ._offline.worker import serve
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
        if args.command == "diff":
            return _diff_command(args)
        if args.command == "render":
            return _render_command(args)
    except UsageError as e:
        print("%s: error: %s" % (_prog(), e), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("chartex: interrupted", file=sys.stderr)
        return 130
    return 2
