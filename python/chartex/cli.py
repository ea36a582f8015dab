"""The chartex command line.

    chartex convert INPUT... [-o FILE] [--ndjson] [--indent N] [--jobs N]
                             [--timeout SECONDS] [--trust] [--review DIR]
    chartex scene INPUT [--trust]
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
input is converted in a worker process (--jobs of them), so that a crash,
a hang (--timeout) or a stray sys.exit of one input does not stop the
others; what a script prints goes to stderr.  Pickles are loaded with an
allow-list of matplotlib and NumPy classes (chartex._unpickle); --trust
loads any pickle, which runs whatever code the file holds.

--review DIR also writes DIR/index.html: each figure's PNG beside the
chart redrawn from its numbers (chartex.render), with the chart's type,
title, element count and scales under them.

Exit status: 0 when every input converted, 1 when some failed (one line on
stderr each), 2 for a usage error.

diff: the structural diff of two charts (chartex._diff): one line per
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
import collections
import json
import os
import selectors
import signal
import subprocess
import sys
import time

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Optional, Sequence
del TYPE_CHECKING

PICKLE_SUFFIXES = (".pkl", ".pickle")
SCRIPT_SUFFIXES = (".py",)
COMMANDS = ("convert", "scene", "check", "diff", "render", "ipython", "_worker")
DEFAULT_TIMEOUT = 120.0
# A worker that has not imported matplotlib after this long is stuck.
STARTUP_TIMEOUT = 120.0


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
                    "for each mismatch.  Exit status 1 when any differs.")
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
        parser.add_argument("-j", "--jobs", type=_int_range(1, 256), default=1, metavar="N",
                            help="worker processes (default 1)")
    parser.add_argument("--timeout", type=_seconds, default=DEFAULT_TIMEOUT,
                        metavar="SECONDS",
                        help="give up on an input after this long (default %g; 0: never)"
                             % DEFAULT_TIMEOUT)
    parser.add_argument("--trust", action="store_true",
                        help="load any pickle: this RUNS THE CODE the file holds; "
                             "only for pickles you made yourself")


def _add_tolerance_options(parser):
    from . import _diff

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


# ------------------------------------------------------------------ inputs

def _kind(path):
    lower = path.lower()
    if lower.endswith(PICKLE_SUFFIXES):
        return "pickle"
    if lower.endswith(SCRIPT_SUFFIXES):
        return "script"
    return None


def collect(inputs):
    """The inputs as a list of (source, kind, error): kind "pickle" or
    "script", or error set for an input that cannot be converted.  Folders
    are expanded in sorted order, depth first."""
    found = []
    for given in inputs:
        if os.path.isdir(given):
            before = len(found)
            for root, dirs, files in os.walk(given):
                dirs[:] = sorted(d for d in dirs
                                 if not d.startswith((".", "_")) and d != "__pycache__")
                for name in sorted(files):
                    kind = _kind(name)
                    if kind and not name.startswith((".", "_")):
                        found.append((os.path.join(root, name), kind, None))
            if len(found) == before:
                found.append((given, None, "no .pkl, .pickle or .py file in this folder"))
        elif not os.path.exists(given):
            found.append((given, None, "no such file or folder"))
        elif _kind(given) is None:
            found.append((given, None, "not a .pkl, .pickle or .py file"))
        else:
            found.append((given, _kind(given), None))
    return found


# ------------------------------------------------------------ the workers

def _worker_env():
    """The environment of a worker: this package first on its path, the
    Agg backend."""
    env = dict(os.environ)
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    old = env.get("PYTHONPATH")
    env["PYTHONPATH"] = here + (os.pathsep + old if old else "")
    env["MPLBACKEND"] = "Agg"
    return env


def _describe_exit(code):
    if code is not None and code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = "signal %d" % -code
        return "the worker converting it crashed (%s)" % name
    return "the worker converting it exited with status %s" % code


class _Worker:
    """One `python -m chartex _worker` process.  Requests go to its stdin,
    one JSON line each; its answers come on its stdout, one JSON line each
    (the worker moves what the converted script prints to stderr)."""

    def __init__(self, env):
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "chartex", "_worker"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env,
            start_new_session=True)
        self.buf = b""
        self.task = None      # index of the task in progress
        self.ready = False
        self.deadline = time.monotonic() + STARTUP_TIMEOUT

    def send(self, index, request, timeout):
        self.task = index
        self.deadline = time.monotonic() + timeout if timeout else None
        self.proc.stdin.write(json.dumps(request).encode("utf-8") + b"\n")
        self.proc.stdin.flush()

    def kill(self):
        # The worker leads its own process group: take what the script
        # started with it.
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except OSError:
            pass
        self.close()

    def close(self):
        for f in (self.proc.stdin, self.proc.stdout):
            try:
                f.close()
            except OSError:
                pass
        try:
            return self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.wait()


def run_tasks(requests, jobs, timeout, on_result):
    """Runs each request (a dict for the worker) in a pool of `jobs`
    workers; calls on_result(index, answer) in index order, where answer is
    the worker's dict ({"outputs": [...]} or {"error": "..."})."""
    env = _worker_env()
    pending = collections.deque(range(len(requests)))
    done = {}
    next_out = 0
    workers = []
    sel = selectors.DefaultSelector()

    def finish(worker, answer):
        nonlocal next_out
        done[worker.task] = answer
        worker.task = None
        while next_out in done:
            on_result(next_out, done.pop(next_out))
            next_out += 1

    def retire(worker, error):
        sel.unregister(worker.proc.stdout)
        workers.remove(worker)
        task = worker.task
        if error is None:
            error = _describe_exit(worker.close())
        if task is not None:
            finish(worker, {"error": error})
        elif not worker.ready:
            # A worker that dies before it is ready will not get better:
            # report it once per waiting task instead of looping.
            while pending:
                worker.task = pending.popleft()
                finish(worker, {"error": "cannot start a worker: " + error})

    try:
        while pending or any(w.task is not None for w in workers):
            while len(workers) < min(jobs, len(pending) + sum(
                    w.task is not None for w in workers)):
                w = _Worker(env)
                workers.append(w)
                sel.register(w.proc.stdout, selectors.EVENT_READ, w)
            for w in workers:
                if w.ready and w.task is None and pending:
                    index = pending.popleft()
                    try:
                        w.send(index, requests[index], timeout)
                    except OSError:
                        w.task = index
                        retire(w, None)
                        break
            deadlines = [w.deadline for w in workers if w.deadline is not None
                         and (w.task is not None or not w.ready)]
            wait = None
            if deadlines:
                wait = max(0.0, min(deadlines) - time.monotonic())
            for key, _ in sel.select(wait):
                w = key.data
                chunk = os.read(w.proc.stdout.fileno(), 1 << 20)
                if not chunk:
                    retire(w, None)
                    continue
                w.buf += chunk
                while b"\n" in w.buf and w in workers:
                    line, w.buf = w.buf.split(b"\n", 1)
                    answer = json.loads(line.decode("utf-8"))
                    if answer.get("ready"):
                        w.ready = True
                        w.deadline = None
                    elif w.task is not None:
                        finish(w, answer)
            now = time.monotonic()
            for w in list(workers):
                if w.deadline is not None and now >= w.deadline:
                    if w.task is not None:
                        w.kill()
                        retire_error = "timed out after %g s" % timeout
                    elif not w.ready:
                        w.kill()
                        retire_error = "it did not start within %g s" % STARTUP_TIMEOUT
                    else:
                        continue
                    sel.unregister(w.proc.stdout)
                    workers.remove(w)
                    if w.task is not None:
                        finish(w, {"error": retire_error})
    finally:
        for w in workers:
            try:
                sel.unregister(w.proc.stdout)
            except (KeyError, ValueError):
                pass
            if w.task is None:
                w.close()  # EOF on stdin: the worker exits
            else:
                w.kill()
        sel.close()


# --------------------------------------------------------------- convert

class _Progress:
    """A one-line progress bar on stderr, for batches on a terminal."""

    def __init__(self, total, stream):
        self.total = total
        self.stream = stream
        self.on = total > 1 and hasattr(stream, "isatty") and stream.isatty()
        self.count = 0

    def clear(self):
        if self.on:
            self.stream.write("\r\033[K")
            self.stream.flush()

    def step(self):
        self.count += 1
        if self.on:
            width = 30
            filled = width * self.count // self.total
            self.stream.write("\r[%s%s] %d/%d" % ("#" * filled, "." * (width - filled),
                                                  self.count, self.total))
            self.stream.flush()


def _line(source, figure=None, key=None, text=None, error=None):
    head = '{"source":%s' % json.dumps(source, ensure_ascii=False)
    if figure is not None:
        head += ',"figure":%d' % figure
    if error is not None:
        return head + ',"error":%s}' % json.dumps(error, ensure_ascii=False)
    return head + ',"%s":%s}' % (key, text)


def _open_output(path):
    if path is None or path == "-":
        return sys.stdout, None
    tmp = path + ".tmp%d" % os.getpid()
    try:
        return open(tmp, "w", encoding="utf-8"), tmp
    except OSError as e:
        raise UsageError("cannot write %s: %s" % (path, e.strerror or e)) from e


def _convert(args, mode):
    inputs = collect(args.inputs)
    key = "chart" if mode == "chart" else "scene"
    indent = getattr(args, "indent", None)
    ndjson = getattr(args, "ndjson", False)
    jobs = getattr(args, "jobs", 1)
    tasks = [i for i, (_, kind, error) in enumerate(inputs) if error is None]
    # With several inputs, the run cannot give exactly one figure without a
    # failure (each input gives at least one or fails): lines from the start.
    single = not ndjson and len(inputs) == 1
    review = getattr(args, "review", None)
    requests = [{"path": inputs[i][0], "kind": inputs[i][1], "trust": args.trust,
                 "mode": mode, "indent": indent if single else None,
                 "review": bool(review)} for i in tasks]
    page = None
    if review:
        from . import _review

        try:
            page = _review.Page(review, "chartex convert --review")
        except OSError as e:
            raise UsageError("cannot write %s: %s" % (review, e.strerror or e)) from e

    out, tmp = _open_output(args.output)
    progress = _Progress(len(inputs), sys.stderr)
    failures = 0
    held = []   # in single mode: the lines, until we know how many there are

    def report(source, error, figure=None):
        nonlocal failures
        failures += 1
        progress.clear()
        where = source if figure is None else "%s (figure %d)" % (source, figure)
        print("chartex: %s: %s" % (where, error), file=sys.stderr)

    def emit(index, answer):
        source = inputs[index][0]
        lines = []
        if "error" in answer:
            report(source, answer["error"])
            lines.append((None, _line(source, error=answer["error"])))
            if page is not None:
                page.add(source, error=answer["error"])
        else:
            for n, item in enumerate(answer["outputs"]):
                if "error" in item:
                    report(source, item["error"], n)
                    lines.append((None, _line(source, n, error=item["error"])))
                else:
                    lines.append((item["text"], _line(source, n, key, item["text"])))
                if page is not None:
                    _review_add(page, "%s (figure %d)" % (source, n), item)
        if single:
            held.extend(lines)
        else:
            for _, line in lines:
                out.write(line + "\n")
        progress.step()

    order = []  # inputs in order: failed-before-running ones interleaved

    def on_result(task_index, answer):
        order.append((tasks[task_index], answer))
        flush_ready()

    emitted = [0]

    def flush_ready():
        # Emit inputs in input order: a collect() error is emitted as soon as
        # every input before it is.
        results = dict(order)
        while emitted[0] < len(inputs):
            i = emitted[0]
            if inputs[i][2] is not None:
                emit(i, {"error": inputs[i][2]})
            elif i in results:
                emit(i, results.pop(i))
            else:
                break
            emitted[0] += 1
        order[:] = list(results.items())

    try:
        flush_ready()
        if tasks:
            run_tasks(requests, jobs, args.timeout, on_result)
        flush_ready()
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
    return 1 if failures else 0


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
    from . import _golden

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
    from . import _diff

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
    from . import _render

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
    from . import _review

    found = collect([args.compare])
    source, kind, error = found[0]
    if error is not None or len(found) != 1:
        raise UsageError("%s: %s" % (args.compare, error or "name one pickle or script"))
    answers = []
    run_tasks([{"path": source, "kind": kind, "trust": args.trust, "mode": "chart",
                "indent": None, "review": True}], 1, args.timeout,
              lambda i, answer: answers.append(answer))
    answer = answers[0]
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
        from ._worker import serve
        return serve()
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
