"""Batch conversion: `chartex convert` and `chartex.batch.convert()`.

One function decides what an input's answer is: `run_input(request)`, which
hands the input to a worker process (`python -m chartex _worker`, see
chartex._offline.worker) and waits for its answer, with the timeout and memory
limit, turning a crash, a hang or an exit of that process into the input's
error.  Two executors call it:

- the local pool (`jobs=N`, `--jobs N`): N threads of this process, each
  driving one worker process;
- Dask (`client=...`, `--dask ...`): one task per input, run on a Dask
  worker, which drives a worker process of its own, so that a bad input
  never takes the Dask worker down.

Both are fed by one loop (`_ordered`): inputs are listed lazily
(`iter_inputs`), at most a few per execution slot are in flight, and the
answers come out in input order through a bounded reorder buffer.

    for record in chartex.batch.convert(["figures/"], client=client):
        ...   # {"source": PATH, "figure": N, "chart": {...}} or {..., "error": "..."}
"""

import collections
import heapq
import json
import os
import queue
import re
import selectors
import signal
import struct
import subprocess
import sys
import tempfile
import threading
import time

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Dict, Iterable, Iterator, Optional, Union
del TYPE_CHECKING

PICKLE_SUFFIXES = (".pkl", ".pickle")
SCRIPT_SUFFIXES = (".py",)
# Plotly figures written by fig.write_json, Vega-Lite specs (.vl.json).
JSON_SUFFIXES = (".json",)
VEGA_LITE_SUFFIXES = (".vl.json",)
DEFAULT_TIMEOUT = 120.0
# A worker process that has not imported matplotlib after this long is stuck.
STARTUP_TIMEOUT = 120.0
# Answers held back for an earlier input, at most (the reorder buffer), and
# inputs handed to the executor but not answered, per execution slot.
DEFAULT_BUFFER = 1024
IN_FLIGHT_PER_SLOT = 2


# ------------------------------------------------------------------ inputs

def _kind(path):
    lower = path.lower()
    if lower.endswith(PICKLE_SUFFIXES):
        return "pickle"
    if lower.endswith(SCRIPT_SUFFIXES):
        return "script"
    if lower.endswith(JSON_SUFFIXES):
        return "json"
    return None


# How every file that fig.write_json writes begins (plotly's to_json puts
# the traces first, whichever JSON engine and indentation), after an
# optional byte order mark.
_PLOTLY_JSON_START = re.compile(rb'\A(?:\xef\xbb\xbf)?\s*\{\s*"data"\s*:\s*\[')
# A Vega-Lite spec names its schema (Altair's chart.save and to_json write
# "$schema" among the first keys; a .vl.json file is one by its name).
_VEGA_LITE_SCHEMA = re.compile(rb'"\$schema"\s*:\s*"[^"]*vega-lite')


def _plotly_json(path):
    """True when the file at path begins as a Plotly figure's JSON does, or
    is a Vega-Lite spec (.vl.json, or a "$schema" naming Vega-Lite in its
    first bytes).  A folder holds all kinds of .json files (charts that
    chartex wrote, the expected output of fixtures, settings): those are
    not inputs, so only the first bytes of each are read, and a .json file
    named on the command line is always an input (refused by the worker
    when it is no figure)."""
    if path.lower().endswith(VEGA_LITE_SUFFIXES):
        return True
    try:
        with open(path, "rb") as f:
            head = f.read(4096)
    except OSError:
        return True     # the worker says why it cannot be read
    return _PLOTLY_JSON_START.match(head) is not None or \
        _VEGA_LITE_SCHEMA.search(head) is not None


# A folder's names are sorted in memory up to this many; a longer listing
# is sorted in runs of this size written to temporary files and merged, so
# that a folder of a million pickles costs the client one run, not a
# million names.
SORT_RUN = 1 << 16


class _Sorter:
    """Collects names, gives them back sorted (str order), holding at most
    SORT_RUN of them in memory."""

    def __init__(self):
        self.run = []
        self.spilled = []

    def add(self, name):
        self.run.append(name)
        if len(self.run) >= SORT_RUN:
            self._spill()

    def _spill(self):
        f = tempfile.TemporaryFile()
        self.run.sort()
        for name in self.run:
            # UTF-8 keeps code point order, surrogatepass keeps the
            # undecodable names os.scandir gives as surrogates.
            data = name.encode("utf-8", "surrogatepass")
            f.write(struct.pack("<I", len(data)) + data)
        f.seek(0)
        self.spilled.append(f)
        self.run = []

    @staticmethod
    def _read(f):
        reader = open(f.fileno(), "rb", buffering=1 << 16, closefd=False)
        while True:
            head = reader.read(4)
            if not head:
                return
            yield reader.read(struct.unpack("<I", head)[0]).decode("utf-8", "surrogatepass")

    def __iter__(self):
        self.run.sort()
        if not self.spilled:
            names, self.run = self.run, []
            yield from names
            return
        try:
            yield from heapq.merge(self.run, *[self._read(f) for f in self.spilled])
        finally:
            for f in self.spilled:
                f.close()
            self.spilled = []


def _walk(top):
    """The input files under the folder top, in os.walk's order with each
    folder's files and subfolders sorted (files first, then each subfolder
    depth first), skipping names that start with "." or "_" and .json
    files that do not begin as a Plotly figure; a generator over os.scandir
    that never holds a whole folder's names."""
    files, dirs = _Sorter(), _Sorter()
    try:
        with os.scandir(top) as it:
            for entry in it:
                name = entry.name
                if name.startswith((".", "_")):
                    continue
                try:
                    is_dir = entry.is_dir()
                except OSError:
                    is_dir = False
                if is_dir:
                    # Like os.walk: a link to a folder is not followed.
                    if name != "__pycache__" and not entry.is_symlink():
                        dirs.add(name)
                elif _kind(name):
                    files.add(name)
    except OSError:
        return
    for name in files:
        path = os.path.join(top, name)
        if _kind(name) != "json" or _plotly_json(path):
            yield path
    for name in dirs:
        yield from _walk(os.path.join(top, name))


def iter_inputs(inputs):
    # type: (Iterable[Union[str, os.PathLike]]) -> Iterator[tuple]
    """The inputs, lazily, as (source, kind, error): kind "pickle",
    "script" or "json" (a Plotly figure that fig.write_json wrote), or error
    set for an input that cannot be converted.  Folders are expanded in
    sorted order, depth first, as they are reached."""
    for given in inputs:
        given = os.fspath(given)
        if os.path.isdir(given):
            found = False
            for path in _walk(given):
                found = True
                yield (path, _kind(path), None)
            if not found:
                yield (given, None, "no .pkl, .pickle, .py, Plotly .json or Vega-Lite file "
                                    "in this folder")
        elif not os.path.exists(given):
            yield (given, None, "no such file or folder")
        elif _kind(given) is None:
            yield (given, None, "not a .pkl, .pickle, .py or .json file")
        else:
            yield (given, _kind(given), None)


# ------------------------------------------------- the per-input function

def _child_env():
    """The environment of a worker process: this package first on its path,
    the Agg backend, and who its parent is (it exits when that parent
    dies, see chartex._offline.worker)."""
    env = dict(os.environ)
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    old = env.get("PYTHONPATH")
    env["PYTHONPATH"] = here + (os.pathsep + old if old else "")
    env["MPLBACKEND"] = "Agg"
    env["CHARTEX_PARENT_PID"] = str(os.getpid())
    return env


def _describe_exit(code):
    if code is not None and code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = "signal %d" % -code
        return "the worker converting it crashed (%s)" % name
    return "the worker converting it exited with status %s" % code


class _Child:
    """One `python -m chartex _worker` process.  Requests go to its stdin,
    one JSON line each; its answers come on its stdout, one JSON line each
    (the worker moves what the converted script prints to stderr).  It
    leads its own process group, so a kill takes what the script started
    with it."""

    def __init__(self, max_memory):
        argv = [sys.executable, "-m", "chartex", "_worker"]
        if max_memory:
            argv += ["--max-memory", str(max_memory)]
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     env=_child_env(), start_new_session=True)
        self.buf = b""

    def _read_line(self, deadline):
        """The next line, None at EOF, or "timeout" when the deadline passes."""
        fd = self.proc.stdout.fileno()
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_READ)
            while b"\n" not in self.buf:
                wait = None if deadline is None else max(0.0, deadline - time.monotonic())
                if not sel.select(wait):
                    if deadline is not None and time.monotonic() >= deadline:
                        return "timeout"
                    continue
                chunk = os.read(fd, 1 << 20)
                if not chunk:
                    return None
                self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line

    def start(self):
        """Waits for the worker's {"ready": true}: None, or why it did not come."""
        line = self._read_line(time.monotonic() + STARTUP_TIMEOUT)
        if line == "timeout":
            self.kill()
            return "it did not start within %g s" % STARTUP_TIMEOUT
        if line is None:
            return _describe_exit(self.close())
        return None

    def run(self, request, timeout):
        """(answer, still usable)."""
        try:
            self.proc.stdin.write(json.dumps(request).encode("utf-8") + b"\n")
            self.proc.stdin.flush()
        except OSError:
            return {"error": _describe_exit(self.close())}, False
        line = self._read_line(time.monotonic() + timeout if timeout else None)
        if line == "timeout":
            self.kill()
            return {"error": "timed out after %g s" % timeout}, False
        if line is None:
            return {"error": _describe_exit(self.close())}, False
        return json.loads(line.decode("utf-8")), True

    def kill(self):
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


# The worker processes of this process (the CLI's, or a Dask worker's):
# idle ones by memory limit, and every one, so that an interrupted batch
# can kill them.  A worker process that failed to start is remembered, so
# that the inputs after it fail at once instead of each waiting for a start.
_lock = threading.Lock()
_idle = collections.defaultdict(list)
_all = set()
_start_errors = {}


def run_input(request, timeout=DEFAULT_TIMEOUT, max_memory=0):
    # type: (Dict[str, Any], float, int) -> Dict[str, Any]
    """Converts one input in a worker process of this process: the answer,
    {"outputs": [{"text": JSON} or {"error": ...}, ...]} or {"error": ...}.
    request: {"path", "kind": "pickle"|"script"|"json", "trust", "mode", "indent"[,
    "review"]}.
    The one function both executors run (the local pool in its threads, Dask
    as a task on its workers)."""
    with _lock:
        child = _idle[max_memory].pop() if _idle[max_memory] else None
        failed = _start_errors.get(max_memory)
    if child is None:
        if failed is not None:
            return {"error": "cannot start a worker: " + failed}
        child = _Child(max_memory)
        with _lock:
            _all.add(child)
        error = child.start()
        if error is not None:
            with _lock:
                _all.discard(child)
                _start_errors[max_memory] = error
            return {"error": "cannot start a worker: " + error}
    usable = False
    try:
        answer, usable = child.run(request, timeout)
    finally:
        with _lock:
            if usable:
                _idle[max_memory].append(child)
            else:
                _all.discard(child)
        if not usable:
            child.kill()
    return answer


def close_workers(kill=False):
    """Ends this process's idle worker processes (and, with kill, the busy
    ones: their inputs are answered with an error)."""
    with _lock:
        idle = [c for cs in _idle.values() for c in cs]
        _idle.clear()
        _start_errors.clear()
        busy = [c for c in _all if c not in idle] if kill else []
        _all.difference_update(idle)
    for child in idle:
        child.close()  # EOF on its stdin: it exits
    for child in busy:
        try:
            os.killpg(child.proc.pid, signal.SIGKILL)
        except OSError:
            pass
    return len(idle)


# ------------------------------------------------------------ executors

class _LocalExecutor:
    """jobs threads, each driving one worker process through run_input."""

    def __init__(self, jobs, timeout, max_memory):
        from concurrent.futures import ThreadPoolExecutor

        self.slots = jobs
        self.timeout, self.max_memory = timeout, max_memory
        self.pool = ThreadPoolExecutor(jobs, thread_name_prefix="chartex")
        self.done = queue.Queue()

    def submit(self, index, request):
        future = self.pool.submit(run_input, request, self.timeout, self.max_memory)
        future.add_done_callback(lambda f: self.done.put((index, f)))

    def next_done(self):
        index, future = self.done.get()
        return index, future.result()

    def close(self, interrupted):
        if interrupted:
            # No input starts after this; those running end with their
            # worker processes (their answers go nowhere).
            self.pool.shutdown(wait=False, cancel_futures=True)
            close_workers(kill=True)
        self.pool.shutdown(wait=True)
        close_workers()


LOST = "the Dask worker converting it died (its inputs are not run again)"
CANCELLED = "the Dask scheduler dropped it (cancelled: the workers restarted?)"


def _dask_task(topic, index, request, timeout, max_memory):
    """run_input as a Dask task.  It first tells the client that it starts
    (an event on topic), so that the client counts the runs of each input:
    a scheduler may run a task again when the worker that ran it, or holds
    its result, dies."""
    from distributed import get_worker

    get_worker().log_event(topic, index)
    return run_input(request, timeout, max_memory)


class _DaskExecutor:
    """One Dask task per input, run_input on a worker.

    A worker that dies loses the tasks it held.  Their inputs are reported
    (LOST), not retried: with the conversion isolated in a worker process,
    what kills a Dask worker is nearly always the input it was running, and
    running it again would kill another.  The scheduler itself may still run
    a task again: when the worker holding its finished result dies before
    the client fetched it, or when configured to re-run the tasks of dead
    workers (distributed.scheduler.allowed-failures > 0; `--dask local`
    sets it to 0).  Each task reports its start (an event, which a worker
    killed at once may never send), and the scheduler counts the deaths of
    the workers that held it (TaskState.suspicious, asked once per batch of
    results when it may re-run them); a record of an input that ran, or may
    have run, more than once carries "attempts", how many times."""

    def __init__(self, client, timeout, max_memory):
        import uuid

        from distributed import as_completed

        self.client = client
        self.timeout, self.max_memory = timeout, max_memory
        self.slots = max(1, sum(client.nthreads().values()))
        self.completed = as_completed(with_results=False)
        self.indexes = {}
        self.ready = collections.deque()
        self.token = uuid.uuid4().hex[:12]
        self.topic = "chartex-%s" % self.token
        self.starts = collections.Counter()
        client.subscribe_topic(self.topic, self._started)
        # What runs on the scheduler is defined here, so that cloudpickle
        # sends it by value: the scheduler need not have chartex installed.
        self.reruns = client.run_on_scheduler(
            lambda dask_scheduler: dask_scheduler.allowed_failures) > 0

        def suspicious(dask_scheduler, keys):
            """How many times each task was on a worker that died."""
            tasks = dask_scheduler.tasks
            return {k: tasks[k].suspicious for k in keys if k in tasks}
        self.suspicious = suspicious

    def _started(self, event):
        _, index = event
        self.starts[index] += 1

    def submit(self, index, request):
        future = self.client.submit(_dask_task, self.topic, index, request, self.timeout,
                                    self.max_memory, key="chartex-%s-%d" % (self.token, index),
                                    pure=False)
        self.indexes[future.key] = index
        self.completed.add(future)

    def _answer(self, future):
        if future.status == "error":
            error = future.exception()
            if type(error).__name__ == "KilledWorker":
                return {"error": LOST}
            return {"error": "internal error on the Dask worker: %s: %s"
                             % (type(error).__name__, error)}
        if future.status == "cancelled":
            return {"error": CANCELLED}
        try:
            return future.result()
        except Exception:  # the result lost, then the recomputation failed
            return self._answer(future) if future.status != "finished" else {"error": LOST}

    def next_done(self):
        if not self.ready:
            batch = self.completed.next_batch(block=True)
            deaths = {}
            if self.reruns:
                deaths = self.client.run_on_scheduler(self.suspicious,
                                                      keys=[f.key for f in batch])
            finished = [f for f in batch if f.status == "finished"]
            results = {}
            try:
                # One round trip for the batch.  A result lost with its
                # worker meanwhile is computed again (and counted) by gather.
                results = dict(zip([f.key for f in finished], self.client.gather(finished)))
            except Exception:
                pass
            for future in batch:
                answer = results[future.key] if future.key in results \
                    else self._answer(future)
                # Each death is a run; a task that was answered ran once more.
                ran = deaths.get(future.key, 0) + (answer.get("error") not in (LOST, CANCELLED))
                self.ready.append((future, answer, ran))
        future, answer, ran = self.ready.popleft()
        index = self.indexes.pop(future.key)
        future.release()
        attempts = max(self.starts.pop(index, 0), ran)
        if attempts > 1:
            answer = dict(answer, attempts=attempts)
        return index, answer

    def close(self, interrupted):
        futures = list(self.completed.futures)
        if futures:
            self.client.cancel(futures)
        try:
            self.client.unsubscribe_topic(self.topic)
        except Exception:
            pass
        try:
            self.client.run(close_workers)
        except Exception:  # a worker leaving meanwhile: its processes end with it
            pass


# ------------------------------------------------------ the ordered loop

def _ordered(items, executor, make_request, buffer, progress=None):
    """Yields (source, answer) for each of items ((source, kind, error)
    tuples, read as needed) in their order.  At most IN_FLIGHT_PER_SLOT
    inputs per slot are with the executor, and an input is handed over only
    when fewer than `buffer` inputs before it are unanswered, so what is
    held (sources, answers waiting for an earlier one) stays bounded however
    many inputs there are."""
    items = iter(items)
    max_in_flight = IN_FLIGHT_PER_SLOT * executor.slots
    window = max(buffer, max_in_flight)
    sources, answers = {}, {}
    next_in = next_out = in_flight = 0
    listed_all = False
    interrupted = True
    try:
        while True:
            while not listed_all and in_flight < max_in_flight and next_in - next_out < window:
                try:
                    source, kind, error = next(items)
                except StopIteration:
                    listed_all = True
                    break
                sources[next_in] = source
                if error is not None:
                    answers[next_in] = {"error": error}
                else:
                    executor.submit(next_in, make_request(source, kind))
                    in_flight += 1
                next_in += 1
            if next_out in answers:
                yield sources.pop(next_out), answers.pop(next_out)
                next_out += 1
                if progress is not None:
                    progress(next_out, next_in, listed_all)
                continue
            if listed_all and next_out == next_in:
                break
            index, answer = executor.next_done()
            in_flight -= 1
            answers[index] = answer
        interrupted = False
    finally:
        executor.close(interrupted)


def answers(inputs, client=None, jobs=1, timeout=DEFAULT_TIMEOUT, trust=False,
            max_memory=0, mode="chart", indent=None, buffer=DEFAULT_BUFFER,
            progress=None, listed=None, review=False):
    """(source, answer) for each input, in input order (see run_input);
    listed: the inputs as iter_inputs gives them, instead of inputs;
    review: each output also carries its figure's PNG ("png")."""
    def make_request(source, kind):
        request = {"path": source, "kind": kind, "trust": bool(trust), "mode": mode,
                   "indent": indent}
        if review:
            request["review"] = True
        return request

    if client is not None:
        executor = _DaskExecutor(client, timeout, max_memory)
    else:
        executor = _LocalExecutor(jobs, timeout, max_memory)
    items = listed if listed is not None else iter_inputs(inputs)
    return _ordered(items, executor, make_request, buffer, progress)


# --------------------------------------------------------------- records

def record_lines(source, answer, key="chart"):
    """The NDJSON lines of one input's answer, as (line, chart text or None,
    figure number or None, error or None) each: what `chartex convert`
    writes, one line per figure or a failed input."""
    extra = ""
    if "attempts" in answer:
        extra = ',"attempts":%d' % answer["attempts"]
    head = '{"source":%s' % json.dumps(source, ensure_ascii=False)
    if "error" in answer:
        return [(head + extra + ',"error":%s}' % json.dumps(answer["error"], ensure_ascii=False),
                 None, None, answer["error"])]
    lines = []
    for n, item in enumerate(answer["outputs"]):
        if "error" in item:
            lines.append((head + ',"figure":%d%s,"error":%s}'
                          % (n, extra, json.dumps(item["error"], ensure_ascii=False)),
                          None, n, item["error"]))
        else:
            lines.append((head + ',"figure":%d%s,"%s":%s}' % (n, extra, key, item["text"]),
                          item["text"], n, None))
    return lines


def convert(inputs, client=None, jobs=1, timeout=DEFAULT_TIMEOUT, trust=False,
            max_memory=0, buffer=DEFAULT_BUFFER, text=False):
    # type: (Iterable[Union[str, os.PathLike]], Any, int, float, bool, int, int, bool) -> Iterator[Any]
    """Converts pickled Figures, plotting scripts, Plotly figures written by
    fig.write_json (.json) and folders of them, as
    `chartex convert --ndjson` does, and yields its records in input order
    as they finish: {"source": PATH, "figure": N, "chart": {...}}, or
    {"source": PATH, "error": "..."} for an input that failed ({"source",
    "figure", "error"} for one figure that failed); with text=True the
    NDJSON lines themselves (no newline).

    client: a distributed.Client to run on (one task per input, each in a
    worker process of its Dask worker; the paths must be readable there),
    or None for a local pool of `jobs` worker processes.  timeout: seconds
    per input (0: none); max_memory: the address space of a worker process
    in MB (0: no limit); trust: load any pickle (RUNS THE CODE it holds).
    inputs may be a generator: it is read as the batch goes."""
    for source, answer in answers(inputs, client=client, jobs=jobs, timeout=timeout,
                                  trust=trust, max_memory=max_memory, buffer=buffer):
        for line, _, _, _ in record_lines(source, answer):
            yield line if text else json.loads(line)
