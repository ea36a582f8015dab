"""`chartex convert --dask` and chartex.batch.convert(client=...) on a Dask
LocalCluster (processes, 2 workers of 1 thread, started once for this
module): the same records as the local pool, byte for byte, for the CLI's
good, hostile, broken, hanging and crashing inputs; a worker killed in the
middle of a batch (by an input that kills its Dask worker's process from
inside the isolated worker process) and a restart of the workers cost only
the inputs they held, each reported, none dropped, none run again without
its record saying so; the inputs read as the batch goes."""
import os
import textwrap
import threading
import time

import pytest

# The Dask path is Python only, and in the sanitizer build the ASan
# runtime preloaded into every process of the cluster reports on what the
# tests do on purpose (an input that kills its worker with os.kill): the
# same tests run in the plain build and against every wheel.
if "asan" in os.environ.get("LD_PRELOAD", ""):
    pytest.skip("Dask clusters are not run under the sanitizer runtimes", allow_module_level=True)

distributed = pytest.importorskip("distributed")
dask = pytest.importorskip("dask")

import golden  # noqa: E402
from chartex import batch  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402
from test_batch import counting  # noqa: E402
from test_cli import (KINDS, NO_SEGV_HANDLER, bad_inputs, check_kind, draw,  # noqa: E402
                      error_lines, hostile_pickles, lines_of, run_cli, write_pickle,
                      write_script)

# The scheduler of this module's cluster runs a task again once after its
# worker died (allowed-failures 1), to see the record say so; `--dask
# local` runs nothing again (0).
ALLOWED_FAILURES = 1


@pytest.fixture(scope="module")
def client():
    with dask.config.set({"distributed.scheduler.allowed-failures": ALLOWED_FAILURES,
                          "distributed.scheduler.worker-saturation": 1.0}):
        cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                           dashboard_address=":0", silence_logs=50)
    c = distributed.Client(cluster)
    yield c
    c.close()
    cluster.close()


def all_inputs(folder):
    """test_cli's bad inputs, its hostile pickles and a figure of each kind."""
    inputs = bad_inputs(folder)
    hostile = folder / "hostile"
    hostile.mkdir()
    for name, (obj, _) in hostile_pickles(hostile).items():
        write_pickle(hostile / (name + ".pkl"), obj)
    inputs.append(hostile)
    kinds = folder / "kinds"
    kinds.mkdir()
    for i, kind in enumerate(KINDS):
        if i % 2:
            write_pickle(kinds / ("%s.pkl" % kind), draw(kind))
        else:
            write_script(kinds / ("%s.py" % kind), KINDS[kind])
    inputs.append(kinds)
    plt.close("all")
    return inputs


def test_the_cli_gives_the_same_records_on_dask(tmp_path, client):
    inputs = all_inputs(tmp_path)
    args = ["convert"] + inputs + ["--timeout", "3"]
    local = run_cli(*args, "--jobs", "2", cwd=tmp_path, env=NO_SEGV_HANDLER)
    assert local.returncode == 1
    out = lines_of(local.stdout)
    errors = {os.path.basename(o["source"]): o.get("error") for o in out}
    assert errors["hangs.py"] == "timed out after 3 s"
    assert errors["segv.py"] == "the worker converting it crashed (SIGSEGV)"
    assert errors["exits.py"] == "the worker converting it exited with status 3"
    hostile = [n for n in errors if os.path.exists(tmp_path / "hostile" / n)]
    assert len(hostile) == 14
    assert all(errors[n].startswith("unsafe pickle: refused ") for n in hostile)
    check_kind("line", out[0]["chart"])
    for o in out[-len(KINDS):]:
        check_kind(os.path.basename(o["source"]).split(".")[0], o["chart"])
    for how in ("local:2", client.scheduler.address):
        start = time.monotonic()
        on_dask = run_cli(*args, "--dask", how, cwd=tmp_path, env=NO_SEGV_HANDLER)
        assert on_dask.stdout == local.stdout, how
        assert error_lines(on_dask.stderr) == error_lines(local.stderr), how
        assert on_dask.returncode == 1
        assert time.monotonic() - start < 90
    assert sorted(p.name for p in tmp_path.rglob("*.marker*")) == []


def test_batch_convert_with_a_client(tmp_path, client):
    inputs = [write_pickle(tmp_path / ("%s.pkl" % kind), draw(kind)) for kind in KINDS]
    inputs.append(write_script(tmp_path / "bar.py", KINDS["bar"]))
    inputs.append(tmp_path / "nothing.pkl")
    records = list(batch.convert(inputs, client=client))
    assert records == list(batch.convert(inputs, jobs=2))
    assert [r["source"] for r in records] == [str(p) for p in inputs]
    for kind, r in zip(list(KINDS) + ["bar"], records):
        check_kind(kind, r["chart"])
    assert records[-1] == {"source": str(tmp_path / "nothing.pkl"),
                           "error": "no such file or folder"}
    text = list(batch.convert(inputs, client=client, text=True))
    assert [golden.strict_loads(line) for line in text] == records
    # The workers keep no worker process of chartex's after a batch.
    assert sum(client.run(batch.close_workers).values()) == 0


KILLER = "import os, time\nos.kill(os.getppid(), 9)\ntime.sleep(5)\n"


def test_a_worker_killed_mid_batch(tmp_path, client):
    """An input that kills its Dask worker: its record says so, every other
    input has its chart, in order; with allowed-failures 1 the scheduler ran
    the killer once more (attempts 2), and any input whose result was lost
    with a worker says how many times it ran."""
    paths = [write_pickle(tmp_path / ("a%02d.pkl" % i), draw("bar")) for i in range(12)]
    killer = tmp_path / "b_killer.py"
    killer.write_text(KILLER)
    paths += [killer] + [write_pickle(tmp_path / ("c%02d.pkl" % i), draw("line"))
                         for i in range(12)]
    records = list(batch.convert(paths, client=client, timeout=60))
    assert [r["source"] for r in records] == [str(p) for p in paths]
    lost = records[12]
    assert lost == {"source": str(killer), "attempts": ALLOWED_FAILURES + 1,
                    "error": batch.LOST}
    for p, r in zip(paths[:12] + paths[13:], records[:12] + records[13:]):
        check_kind("bar" if p.name.startswith("a") else "line", r["chart"])
        # An input running beside the killer is lost with the killer's
        # worker and run again: at most once per death of the killer
        # (ALLOWED_FAILURES + 1 of them), and its record says so.
        assert 1 <= r.get("attempts", 1) <= ALLOWED_FAILURES + 2
    client.wait_for_workers(2, timeout=120)

    # The CLI's own cluster runs nothing twice: the killer's record is the
    # error, without attempts.
    r = run_cli("convert", tmp_path, "--dask", "local:2", "--timeout", "60")
    assert r.returncode == 1
    out = lines_of(r.stdout)
    assert [o["source"] for o in out] == [str(p) for p in paths]
    assert out[12] == {"source": str(killer), "error": batch.LOST}
    assert error_lines(r.stderr) == ["chartex: %s: %s" % (killer, batch.LOST)]
    assert all("chart" in o for o in out[:12] + out[13:])


def test_inputs_are_read_as_the_batch_goes(tmp_path, client):
    paths = [write_pickle(tmp_path / ("f%02d.pkl" % i), draw("line")) for i in range(40)]
    pulled = []
    records = batch.convert(counting(paths, pulled), client=client, buffer=5)
    first = next(records)
    assert first["source"] == str(paths[0])
    assert len(pulled) <= 5 + batch.IN_FLIGHT_PER_SLOT * 2
    assert [r["source"] for r in [first] + list(records)] == [str(p) for p in paths]
    assert len(pulled) == 40


def test_a_restart_mid_batch(tmp_path, client):
    """client.restart() while inputs run (last in this module: on a loaded
    machine a worker may take long to come back): each input is in the output, with
    its chart or an error saying the scheduler dropped it; those the
    scheduler ran again (recent distributed computes the futures a restart
    lost once more) say so."""
    paths = [write_script(tmp_path / ("s%02d.py" % i),
                          "import time\ntime.sleep(0.4)\n" + textwrap.dedent(KINDS["line"]))
             for i in range(10)]
    records = batch.convert(paths, client=client, timeout=60)
    got = [next(records)]
    restart = threading.Thread(target=client.restart, daemon=True)
    restart.start()
    got += list(records)
    restart.join(120)
    assert [r["source"] for r in got] == [str(p) for p in paths]
    dropped = [r for r in got if "error" in r]
    assert all(r["error"] in (batch.CANCELLED, batch.LOST) for r in dropped), dropped
    again = [r for r in got if r.get("attempts", 1) > 1]
    assert dropped or again, "the restart touched no input: it came too late to test"
    for r in got:
        if "chart" in r:
            check_kind("line", r["chart"])
