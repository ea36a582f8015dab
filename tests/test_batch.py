"""chartex.batch without Dask: the lazy listing (the same order as the
sorted os.walk that `chartex convert` always used, also when a folder's
names are sorted in runs spilled to disk), inputs read as the batch goes,
the records of chartex.batch.convert (the CLI's lines), --max-memory, and a
worker process that ends with its parent."""
import json
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

import golden
from chartex import batch
from test_cli import (KINDS, _command_lines, check_kind, draw, lines_of, run_cli,
                      write_pickle, write_script)


def walk_sorted(top):
    """What `chartex convert FOLDER` listed before chartex.batch: os.walk,
    sorted, hidden and private names skipped."""
    found = []
    for root, dirs, files in os.walk(top):
        dirs[:] = sorted(d for d in dirs if not d.startswith((".", "_")) and d != "__pycache__")
        for name in sorted(files):
            if batch._kind(name) and not name.startswith((".", "_")):
                found.append(os.path.join(root, name))
    return found


def make_tree(top):
    names = ["b.pkl", "a.py", "A.PKL", "z.pickle", "é.py", "10.pkl", "9.pkl", "_private.py",
             ".hidden.pkl", "notes.txt", "x.py.bak"]
    for sub in ["", "sub", "sub/deeper", "Sub2", "_skipped", ".git", "__pycache__", "sub/0"]:
        folder = top / sub
        folder.mkdir(parents=True, exist_ok=True)
        for n in names:
            (folder / n).write_bytes(b"")
    os.symlink(str(top / "sub"), str(top / "linked"))   # not followed, as os.walk
    for i in range(40):
        (top / "many" / ("f%03d.pkl" % ((i * 37) % 40))).parent.mkdir(exist_ok=True)
        (top / "many" / ("f%03d.pkl" % ((i * 37) % 40))).write_bytes(b"")


@pytest.mark.parametrize("run", [batch.SORT_RUN, 3, 1])
def test_listing_is_os_walk_sorted(tmp_path, monkeypatch, run):
    make_tree(tmp_path)
    monkeypatch.setattr(batch, "SORT_RUN", run)
    got = [source for source, kind, error in batch.iter_inputs([tmp_path])]
    assert got == walk_sorted(str(tmp_path))
    assert len(got) == 5 * 7 + 40   # 5 folders of 7 inputs (the link not followed), many/


def test_listing_errors_and_kinds(tmp_path):
    (tmp_path / "empty").mkdir()
    (tmp_path / "a.pkl").write_bytes(b"")
    (tmp_path / "data.csv").write_text("1\n")
    got = list(batch.iter_inputs([tmp_path / "a.pkl", tmp_path / "empty", tmp_path / "no.py",
                                  tmp_path / "data.csv", str(tmp_path / "a.pkl")]))
    assert got == [
        (str(tmp_path / "a.pkl"), "pickle", None),
        (str(tmp_path / "empty"), None,
         "no .pkl, .pickle, .py, Plotly .json or Vega-Lite file in this folder"),
        (str(tmp_path / "no.py"), None, "no such file or folder"),
        (str(tmp_path / "data.csv"), None, "not a .pkl, .pickle, .py or .json file"),
        (str(tmp_path / "a.pkl"), "pickle", None)]


def test_listing_does_not_read_the_folder_ahead(tmp_path, monkeypatch):
    """The folder is listed (os.scandir) when reached, and a folder after it
    not before the first one's files are out."""
    for sub in ("one", "two"):
        (tmp_path / sub).mkdir()
        for i in range(3):
            (tmp_path / sub / ("%d.pkl" % i)).write_bytes(b"")
    scanned = []
    real = os.scandir

    def scandir(path):
        scanned.append(os.path.basename(path))
        return real(path)
    monkeypatch.setattr(batch.os, "scandir", scandir)
    items = batch.iter_inputs([tmp_path / "one", tmp_path / "two"])
    assert scanned == []
    next(items)
    assert scanned == ["one"]
    assert len(list(items)) == 5
    assert scanned == ["one", "two"]


def counting(paths, pulled):
    """The paths as a generator that notes in pulled what was read."""
    for p in paths:
        pulled.append(p)
        yield p


def test_inputs_are_read_as_the_batch_goes(tmp_path):
    paths = [write_pickle(tmp_path / ("f%02d.pkl" % i), draw("line")) for i in range(30)]
    pulled = []
    records = batch.convert(counting(paths, pulled), jobs=1, buffer=4)
    first = next(records)
    assert first["source"] == str(paths[0])
    # At most the buffer (and what is in flight) is read ahead.
    assert len(pulled) <= 4 + batch.IN_FLIGHT_PER_SLOT
    rest = list(records)
    assert [r["source"] for r in [first] + rest] == [str(p) for p in paths]
    assert len(pulled) == 30


def test_records_are_the_cli_lines(tmp_path):
    good = write_pickle(tmp_path / "bar.pkl", draw("bar"))
    two = tmp_path / "two.py"
    two.write_text("import matplotlib.pyplot as plt\nplt.plot([1, 2])\nplt.figure()\n"
                   "plt.bar(['a'], [3.0])\n")
    broken = tmp_path / "broken.pkl"
    broken.write_bytes(b"not a pickle")
    inputs = [good, two, broken, tmp_path / "missing.py"]
    r = run_cli("convert", *inputs, "--jobs", "2", "--ndjson")
    assert r.returncode == 1
    records = list(batch.convert(inputs, jobs=2))
    assert records == lines_of(r.stdout)
    assert list(batch.convert(inputs, jobs=2, text=True)) == r.stdout.splitlines()
    check_kind("bar", records[0]["chart"])
    assert [(r["source"], r.get("figure")) for r in records] == [
        (str(good), 0), (str(two), 0), (str(two), 1), (str(broken), None),
        (str(tmp_path / "missing.py"), None)]


def test_a_buffer_of_one_keeps_the_order(tmp_path):
    """The reorder buffer at its smallest: a slow first input holds the
    others back, none is lost or reordered."""
    slow = tmp_path / "a_slow.py"
    write_script(slow, "import time\ntime.sleep(1.0)\n" + textwrap.dedent(KINDS["line"]))
    paths = [slow] + [write_pickle(tmp_path / ("b%d.pkl" % i), draw("bar")) for i in range(6)]
    records = list(batch.convert(paths, jobs=2, buffer=1))
    assert [r["source"] for r in records] == [str(p) for p in paths]
    check_kind("line", records[0]["chart"])


def _sanitized():
    return "asan" in os.environ.get("LD_PRELOAD", "")


@pytest.mark.skipif(_sanitized(), reason="ASan reserves terabytes of address space: "
                                        "RLIMIT_AS cannot be set under it")
def test_max_memory(tmp_path):
    eats = tmp_path / "eats.py"
    eats.write_text("import matplotlib.pyplot as plt\nplt.plot([1, 2])\n"
                    "hog = bytearray(8 << 30)\n")
    good = write_pickle(tmp_path / "good.pkl", draw("line"))
    r = run_cli("convert", eats, good, "--max-memory", "2000")
    assert r.returncode == 1
    out = lines_of(r.stdout)
    assert out[0] == {"source": str(eats), "error": "the script raised MemoryError (line 3)"}
    check_kind("line", out[1]["chart"])
    # Without the limit the same script is not stopped by chartex (8 GB
    # may or may not be there): only the option makes the difference.
    assert run_cli("convert", "x.pkl", "--max-memory", "-1").returncode == 2


def test_worker_ends_with_its_parent(tmp_path):
    """A worker process whose parent is killed (a Dask worker, killed) ends
    and takes the script's processes with it."""
    hangs = tmp_path / "hangs.py"
    hangs.write_text("import subprocess, time\n"
                     "subprocess.Popen(['sleep', '41.375'])\n"
                     "time.sleep(60)\n")
    parent = subprocess.Popen(
        [sys.executable, "-c",
         "import sys; from chartex import batch\n"
         "batch.run_input({'path': sys.argv[1], 'kind': 'script', 'trust': False,"
         " 'mode': 'chart', 'indent': None}, timeout=0)\n", str(hangs)])
    deadline = time.monotonic() + 60
    while not [c for c in _command_lines() if "41.375" in c]:
        assert time.monotonic() < deadline, "the script did not start"
        time.sleep(0.1)
    parent.send_signal(signal.SIGKILL)
    parent.wait()
    deadline = time.monotonic() + 10
    while [c for c in _command_lines() if "41.375" in c or str(hangs) in c]:
        assert time.monotonic() < deadline, "the worker outlived its parent"
        time.sleep(0.1)


def test_dask_usage_errors(tmp_path):
    path = write_pickle(tmp_path / "line.pkl", draw("line"))
    r = run_cli("convert", path, "--jobs", "2", "--dask", "local:2")
    assert r.returncode == 2 and r.stdout == ""
    assert "--jobs and --dask do not go together" in r.stderr
    r = run_cli("convert", path, "--dask", "local:0")
    assert r.returncode == 2 and r.stdout == ""
    assert "--dask local:N: N must be an integer from 1 to 1024, not '0'" in r.stderr
    r = run_cli("convert", path, "--dask", "tcp://127.0.0.1:1", env={
        "DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT": "1s"})
    assert r.returncode == 2 and r.stdout == ""
    assert "Traceback" not in r.stderr


def test_progress_on_request(tmp_path):
    paths = [write_pickle(tmp_path / ("f%d.pkl" % i), draw("line")) for i in range(3)]
    r = run_cli("convert", *paths, "--progress")
    assert r.returncode == 0
    assert "3/3 done" in r.stderr
    assert len(lines_of(r.stdout)) == 3
    r = run_cli("convert", *paths)       # stderr is not a terminal here
    assert r.stderr == ""
    json.loads(r.stdout.splitlines()[0])
    golden.close_all()


def test_a_batch_closed_early_leaves_no_process(tmp_path):
    """A consumer that stops reading (an interrupted CLI, a break out of the
    loop): the inputs being converted are stopped, none starts after."""
    hangs = [tmp_path / ("h%d.py" % i) for i in range(4)]
    for i, p in enumerate(hangs):
        p.write_text("import subprocess, time\nsubprocess.Popen(['sleep', '43.%d25'])\n"
                     "time.sleep(60)\n" % i)
    good = write_pickle(tmp_path / "a.pkl", draw("line"))
    records = batch.convert([good] + hangs, jobs=2)
    check_kind("line", next(records)["chart"])
    deadline = time.monotonic() + 60
    while len([c for c in _command_lines() if "sleep 43." in c]) < 2:
        assert time.monotonic() < deadline, "the scripts did not start"
        time.sleep(0.1)
    records.close()
    time.sleep(1.0)
    assert [c for c in _command_lines() if "sleep 43." in c] == []
    assert _my_workers() == []


def _my_workers():
    """This process's `chartex _worker` children."""
    found = []
    for entry in os.listdir("/proc"):
        try:
            with open("/proc/%s/stat" % entry) as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            with open("/proc/%s/cmdline" % entry, "rb") as f:
                cmd = f.read().replace(b"\0", b" ").decode("utf-8", "replace")
        except (OSError, ValueError, IndexError):
            continue
        if ppid == os.getpid() and "chartex _worker" in cmd:
            found.append(cmd)
    return found
