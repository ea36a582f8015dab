"""The chartex command line, run as the user runs it: `python -m chartex`
in a subprocess of the configured interpreter (PYTHONPATH from
run-pytest.sh).  Charts are checked against the data each figure plotted;
hostile pickles against marker files their payload would create."""
import datetime as dt
import json
import os
import pickle
import re
import subprocess
import sys
import textwrap
import time

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib import cbook

import chartex
import golden
from chartex._offline import unpickle as _unpickle


def run_cli(*args, cwd=None, timeout=120, env=None):
    full_env = dict(os.environ)
    full_env.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "chartex"] + [str(a) for a in args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True,
        cwd=cwd, timeout=timeout, env=full_env)


def lines_of(stdout):
    return [golden.strict_loads(line) for line in stdout.splitlines()]


def error_lines(stderr):
    return [line for line in stderr.splitlines() if line.startswith("chartex: ")]


# --------------------------------------------------- figures of every kind
# Each kind: the code that draws it (run in this process to pickle it, and
# as a script by the command), and a check of the chart against the data.

X = [0.0, 1.0, 2.5, 4.0]
Y = [3.0, -1.0, 2.25, 8.0]
CATS = ["apples", "pears", "plums"]
VALUES = [4.0, 7.5, 1.25]
SHARES = [1.0, 3.0]
BOXES = [[1.0, 2.0, 2.5, 3.0, 3.5, 4.0, 12.0], [10.0, 11.0, 11.5, 12.0, 13.0]]
DAYS = [dt.datetime(2024, 3, 1) + dt.timedelta(days=i) for i in range(4)]

KINDS = {
    "line": """
        fig, ax = plt.subplots()
        ax.plot(X, Y, label="series")
        ax.set_title("a line")
    """,
    "scatter": """
        fig, ax = plt.subplots()
        ax.scatter(X, Y, label="dots")
    """,
    "bar": """
        fig, ax = plt.subplots()
        ax.bar(CATS, VALUES)
    """,
    "barh": """
        fig, ax = plt.subplots()
        ax.barh(CATS, VALUES)
    """,
    "pie": """
        fig, ax = plt.subplots()
        ax.pie(SHARES, labels=["small", "big"])
    """,
    "box": """
        fig, ax = plt.subplots()
        ax.boxplot(BOXES)
    """,
    "dates": """
        fig, ax = plt.subplots()
        ax.plot(DAYS, Y, label="daily")
    """,
    "superchart": """
        fig, (a, b) = plt.subplots(1, 2)
        a.plot(X, Y, label="left")
        b.bar(CATS, VALUES)
        fig.suptitle("both")
    """,
}

DATA_SOURCE = ("import datetime as dt\nimport matplotlib.pyplot as plt\n"
               "X = %r\nY = %r\nCATS = %r\nVALUES = %r\nSHARES = %r\nBOXES = %r\n"
               "DAYS = [dt.datetime(2024, 3, 1) + dt.timedelta(days=i) for i in range(4)]\n"
               % (X, Y, CATS, VALUES, SHARES, BOXES))


def check_kind(kind, d):
    if kind == "line":
        assert d["type"] == "line" and d["title"] == "a line"
        assert d["elements"] == [{"label": "series", "points": [list(p) for p in zip(X, Y)]}]
    elif kind == "scatter":
        assert d["type"] == "scatter"
        assert d["elements"][0]["label"] == "dots"
        assert d["elements"][0]["points"] == [list(p) for p in zip(X, Y)]
    elif kind in ("bar", "barh"):
        assert d["type"] == "bar"
        assert [e["label"] for e in d["elements"]] == CATS
        assert [e["value"] for e in d["elements"]] == VALUES
    elif kind == "pie":
        assert d["type"] == "pie"
        assert [e["label"] for e in d["elements"]] == ["small", "big"]
        assert [e["angle"] for e in d["elements"]] == pytest.approx(
            [360.0 * s / sum(SHARES) for s in SHARES], rel=1e-6)
    elif kind == "box":
        assert d["type"] == "box_and_whisker"
        stats = cbook.boxplot_stats(BOXES)
        assert [e["median"] for e in d["elements"]] == [s["med"] for s in stats]
        assert [e["min"] for e in d["elements"]] == [s["whislo"] for s in stats]
        assert [e["max"] for e in d["elements"]] == [s["whishi"] for s in stats]
        assert [e["outliers"] for e in d["elements"]] == [s["fliers"].tolist() for s in stats]
    elif kind == "dates":
        assert d["type"] == "line"
        assert d["elements"][0]["points"] == [[golden.iso(t), y] for t, y in zip(DAYS, Y)]
    elif kind == "superchart":
        assert d["type"] == "superchart" and d["title"] == "both"
        left, right = d["elements"]
        assert left["elements"][0]["points"] == [list(p) for p in zip(X, Y)]
        assert [e["value"] for e in right["elements"]] == VALUES
    else:  # pragma: no cover
        raise AssertionError(kind)
    golden.check_chart(d)


def draw(kind):
    namespace = {"plt": plt, "X": X, "Y": Y, "CATS": CATS, "VALUES": VALUES,
                 "SHARES": SHARES, "BOXES": BOXES, "DAYS": DAYS}
    exec(textwrap.dedent(KINDS[kind]), namespace)
    return namespace["fig"]


def write_pickle(path, obj):
    with open(path, "wb") as f:
        pickle.dump(obj, f)
    return path


def write_script(path, body):
    path.write_text(DATA_SOURCE + textwrap.dedent(body), encoding="utf-8")
    return path


# ---------------------------------------------------------------- convert

def test_pickles_of_every_kind(tmp_path):
    paths = [write_pickle(tmp_path / ("%s.pkl" % kind), draw(kind)) for kind in KINDS]
    r = run_cli("convert", *paths, "--jobs", "2")
    assert r.returncode == 0, r.stderr
    out = lines_of(r.stdout)
    assert [o["source"] for o in out] == [str(p) for p in paths]
    assert all(o["figure"] == 0 for o in out)
    for kind, o in zip(KINDS, out):
        check_kind(kind, o["chart"])


def test_scripts_of_every_kind_in_a_folder(tmp_path):
    sub = tmp_path / "deeper"
    sub.mkdir()
    for i, kind in enumerate(KINDS):
        write_script((tmp_path if i % 2 else sub) / ("%s.py" % kind), KINDS[kind])
    (tmp_path / "_helper.py").write_text("raise SystemExit(3)\n")   # skipped
    (tmp_path / "notes.txt").write_text("not an input\n")           # skipped
    r = run_cli("convert", tmp_path)
    assert r.returncode == 0, r.stderr
    out = lines_of(r.stdout)
    # Sorted walk: the files of the folder, then those of deeper/.
    want = sorted(str(tmp_path / (k + ".py")) for i, k in enumerate(KINDS) if i % 2) + \
        sorted(str(sub / (k + ".py")) for i, k in enumerate(KINDS) if not i % 2)
    assert [o["source"] for o in out] == want
    for o in out:
        check_kind(os.path.basename(o["source"])[:-3], o["chart"])


def test_single_figure_is_plain_json(tmp_path):
    path = write_pickle(tmp_path / "line.pkl", draw("line"))
    r = run_cli("convert", path)
    assert r.returncode == 0, r.stderr
    check_kind("line", golden.strict_loads(r.stdout))
    assert r.stdout.count("\n") == 1
    r = run_cli("convert", path, "--indent", "2")
    assert r.stdout == chartex.figure_to_json(draw("line"), indent=2) + "\n"
    r = run_cli("convert", path, "--ndjson")
    assert lines_of(r.stdout)[0]["source"] == str(path)
    check_kind("line", lines_of(r.stdout)[0]["chart"])
    out = tmp_path / "out.json"
    r = run_cli("convert", path, "-o", out)
    assert r.returncode == 0 and r.stdout == ""
    check_kind("line", golden.strict_loads(out.read_text()))


def test_several_figures_from_one_script(tmp_path):
    script = write_script(tmp_path / "many.py", """
        plt.figure()
        plt.plot(X, Y, label="first")
        plt.figure(7)
        plt.bar(CATS, VALUES)
        plt.figure(3)
        plt.pie(SHARES)
        print("chatter on stdout")
        plt.show()
    """)
    r = run_cli("convert", script)
    assert r.returncode == 0, r.stderr
    out = lines_of(r.stdout)
    # Numbered in pyplot's order of figure numbers: 1, 3, 7.
    assert [(o["source"], o["figure"]) for o in out] == [(str(script), n) for n in range(3)]
    assert [o["chart"]["type"] for o in out] == ["line", "pie", "bar"]
    assert out[0]["chart"]["elements"][0]["points"] == [list(p) for p in zip(X, Y)]
    assert [e["value"] for e in out[2]["chart"]["elements"]] == VALUES
    assert "chatter on stdout" in r.stderr


def test_script_output_does_not_corrupt_stdout(tmp_path):
    script = write_script(tmp_path / "noisy.py", """
        import os, sys
        print("print")
        sys.stdout.write("write\\n")
        os.write(1, b"fd 1\\n")
        plt.plot(X, Y, label="series")
        plt.title("a line")
    """)
    r = run_cli("convert", script)
    assert r.returncode == 0, r.stderr
    check_kind("line", golden.strict_loads(r.stdout))
    for text in ("print", "write", "fd 1"):
        assert text in r.stderr


def test_figures_do_not_leak_between_inputs(tmp_path):
    a = write_script(tmp_path / "a.py", """
        import matplotlib
        matplotlib.rcParams["lines.linewidth"] = 9
        plt.figure(); plt.plot([1, 2], [3, 4])
        plt.figure(); plt.plot([5, 6], [7, 8])
    """)
    b = write_script(tmp_path / "b.py", """
        import matplotlib
        assert matplotlib.rcParams["lines.linewidth"] != 9, "rcParams leaked"
        plt.plot(X, Y, label="series"); plt.title("a line")
    """)
    r = run_cli("convert", a, b, "--jobs", "1")
    assert r.returncode == 0, r.stderr
    out = lines_of(r.stdout)
    assert [(o["source"], o["figure"]) for o in out] == [(str(a), 0), (str(a), 1), (str(b), 0)]
    check_kind("line", out[2]["chart"])


def test_every_fixture_pickled(tmp_path):
    """Every golden figure survives the safe unpickler on this matplotlib and
    converts exactly as the live figure does."""
    paths, want = [], []
    g = golden._golden()
    for fixture in golden.fixture_paths():
        try:
            fig = g.build_figure(fixture)
        except g.FixtureSkipped:
            continue  # not drawn on this pair (its skip_reason)
        want.append(chartex.figure_to_dict(fig))
        paths.append(write_pickle(tmp_path / (fixture.stem + ".pkl"), fig))
        golden.close_all()
    r = run_cli("convert", *paths, "--jobs", "2", "--ndjson")
    assert r.returncode == 0, r.stderr
    out = lines_of(r.stdout)
    assert [o["source"] for o in out] == [str(p) for p in paths]
    for o, w in zip(out, want):
        assert o["chart"] == w, o["source"]


def test_fixture_scripts_use_make_figure(tmp_path):
    fixture = golden.DEFAULT_FIXTURES / "bar_categories.py"
    r = run_cli("convert", fixture, "--indent", "2")
    assert r.returncode == 0, r.stderr
    assert r.stdout == golden.expected_path(fixture).read_text(encoding="utf-8")


def test_shorthand_still_works(tmp_path):
    script = write_script(tmp_path / "one.py", KINDS["line"])
    r = run_cli(script)
    assert r.returncode == 0, r.stderr
    check_kind("line", golden.strict_loads(r.stdout))


def test_scene(tmp_path):
    fig = draw("bar")
    path = write_pickle(tmp_path / "bar.pkl", fig)
    r = run_cli("scene", path)
    assert r.returncode == 0, r.stderr
    assert r.stdout == chartex.figure_to_scene_json(fig) + "\n"
    check_kind("bar", chartex.scene_json_to_dict(r.stdout))


def test_batch_of_200_pickles(tmp_path):
    from matplotlib.figure import Figure

    paths = []
    for i in range(200):
        fig = Figure()
        fig.add_subplot().plot([0.0, 1.0], [float(i), i + 0.5], label="n%d" % i)
        paths.append(write_pickle(tmp_path / ("f%03d.pkl" % i), fig))
    start = time.monotonic()
    r = run_cli("convert", tmp_path, "--jobs", "2")
    elapsed = time.monotonic() - start
    assert r.returncode == 0, r.stderr
    out = lines_of(r.stdout)
    assert len(out) == 200
    for i, o in enumerate(out):
        assert o["source"] == str(paths[i])
        assert o["chart"]["elements"] == [
            {"label": "n%d" % i, "points": [[0.0, float(i)], [1.0, i + 0.5]]}]
    assert elapsed < 60, elapsed


# ------------------------------------------------------------- bad inputs

def bad_inputs(tmp_path):
    """Good, broken, hanging and crashing inputs (tests/test_dask.py runs
    them on Dask too): good.pkl first, good2.py last."""
    good = write_pickle(tmp_path / "good.pkl", draw("line"))
    empty = tmp_path / "empty.pkl"
    empty.write_bytes(b"")
    noise = tmp_path / "noise.pkl"
    noise.write_bytes(bytes(range(256)) * 3)
    data = pickle.dumps(draw("bar"))
    truncated = tmp_path / "truncated.pkl"
    truncated.write_bytes(data[:len(data) // 2])
    a_list = write_pickle(tmp_path / "list.pkl", [1, 2, 3])
    an_int = write_pickle(tmp_path / "int.pickle", 42)
    raises = tmp_path / "raises.py"
    raises.write_text("import matplotlib.pyplot as plt\nplt.plot([1, 2])\n"
                      "raise ValueError('broken data')\n")
    hangs = tmp_path / "hangs.py"
    hangs.write_text("import time\nwhile True:\n    time.sleep(0.05)\n")
    exits = tmp_path / "exits.py"
    exits.write_text("import os\nos._exit(3)\n")
    segv = tmp_path / "segv.py"
    segv.write_text("import os, signal\nos.kill(os.getpid(), signal.SIGSEGV)\n")
    nofig = tmp_path / "nofig.py"
    nofig.write_text("x = 1\n")
    sysexit = tmp_path / "sysexit.py"
    sysexit.write_text("import sys\nsys.exit(4)\n")
    missing = tmp_path / "missing.pkl"
    other = tmp_path / "data.csv"
    other.write_text("1,2\n")
    good2 = write_script(tmp_path / "good2.py", KINDS["bar"])
    return [good, empty, noise, truncated, a_list, an_int, raises, hangs, exits,
            segv, nofig, sysexit, missing, other, good2]


# segv.py kills its worker with SIGSEGV: in the sanitizer build ASan's
# handler would turn that into exit status 1, so it is left to the kernel.
NO_SEGV_HANDLER = {"ASAN_OPTIONS": golden.asan_options(":handle_segv=0")}


def test_bad_inputs_each_reported_others_converted(tmp_path):
    inputs = bad_inputs(tmp_path)
    r = run_cli("convert", *inputs, "--jobs", "2", "--timeout", "3", env=NO_SEGV_HANDLER)
    assert r.returncode == 1
    assert "Traceback" not in r.stderr
    out = lines_of(r.stdout)
    assert [o["source"] for o in out] == [str(p) for p in inputs]
    check_kind("line", out[0]["chart"])
    check_kind("bar", out[-1]["chart"])
    errors = {os.path.basename(o["source"]): o["error"] for o in out[1:-1]}
    assert len(errors) == len(inputs) - 2
    assert errors["empty.pkl"] == "empty file"
    assert "not a valid pickle" in errors["noise.pkl"]
    assert "truncated" in errors["truncated.pkl"]
    assert errors["list.pkl"] == "the pickle holds a builtins.list, not a matplotlib Figure"
    assert errors["int.pickle"] == "the pickle holds a builtins.int, not a matplotlib Figure"
    assert errors["raises.py"] == "the script raised ValueError: broken data (line 3)"
    assert errors["hangs.py"] == "timed out after 3 s"
    assert errors["exits.py"] == "the worker converting it exited with status 3"
    assert errors["segv.py"] == "the worker converting it crashed (SIGSEGV)"
    assert errors["nofig.py"] == "the script left no figure open"
    assert errors["sysexit.py"] == "the script exited with status 4"
    assert errors["missing.pkl"] == "no such file or folder"
    assert errors["data.csv"] == "not a .pkl, .pickle, .py or .json file"
    # One line on stderr per failed input, naming it.
    lines = error_lines(r.stderr)
    assert lines == ["chartex: %s: %s" % (p, errors[os.path.basename(str(p))])
                     for p in inputs[1:-1]]


def test_one_failed_input(tmp_path):
    r = run_cli("convert", tmp_path / "nothing.pkl")
    assert r.returncode == 1
    assert r.stdout == ""
    assert r.stderr == "chartex: %s: no such file or folder\n" % (tmp_path / "nothing.pkl")


@pytest.mark.parametrize("args", [
    [], ["convert"], ["convert", "x.pkl", "--indent", "0"], ["convert", "x.pkl", "--jobs", "0"],
    ["convert", "x.pkl", "--timeout", "soon"], ["convert", "x.pkl", "--bogus"],
    ["frobnicate", "--x"], ["scene", "a.pkl", "b.pkl"],
])
def test_usage_errors(tmp_path, args):
    r = run_cli(*args, cwd=tmp_path)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr
    assert r.stdout == ""


def test_unwritable_output_is_a_usage_error(tmp_path):
    path = write_pickle(tmp_path / "line.pkl", draw("line"))
    r = run_cli("convert", path, "-o", tmp_path / "no" / "such" / "dir.json")
    assert r.returncode == 2
    assert "cannot write" in r.stderr


def test_check_default_folder(tmp_path):
    """Without FIXTURES_DIR, check uses the fixtures/ of the source tree it is
    run from (here: found from CHARTEX_SRCDIR) and needs the folder otherwise."""
    from pathlib import Path

    r = run_cli("check", cwd=tmp_path, env={"CHARTEX_SRCDIR": str(golden.SRCDIR)})
    assert r.returncode == 0, r.stdout + r.stderr
    # Every fixture ok, but those that say why they cannot be drawn here.
    m = re.search(r"(\d+) fixtures: (\d+) ok(?:, (\d+) skipped)?\n", r.stdout)
    assert m, r.stdout
    assert int(m.group(1)) == len(golden.fixture_paths())
    assert int(m.group(2)) + int(m.group(3) or 0) == int(m.group(1))
    # Skipped: only those whose skip_reason() says so here (seaborn 0.12,
    # mplfinance not installed).
    g = golden._golden()
    says_why = sum(1 for p in golden.fixture_paths()
                   if getattr(g.load_fixture(p), "skip_reason", lambda: None)())
    assert int(m.group(3) or 0) == says_why, r.stdout
    in_tree = (Path(chartex.__file__).resolve().parents[2] / "include" / "chartex.h").exists()
    r = run_cli("check", cwd=tmp_path, env={"CHARTEX_SRCDIR": ""})
    if in_tree:  # an in-tree build: the package's own tree is the source tree
        assert r.returncode == 0, r.stdout + r.stderr
    else:
        assert r.returncode == 2
        assert "name the fixtures folder" in r.stderr


# -------------------------------------------------------- hostile pickles

class Call:
    """Pickles as a call of func(*args): what an attacker writes."""

    def __init__(self, func, *args):
        self.func, self.args = func, args

    def __reduce__(self):
        return self.func, self.args

    def __call__(self, *args):  # pickle wants the reduce function callable
        raise AssertionError("never called here")


def hostile_pickles(folder):
    """name -> (object to pickle, the global the safe unpickler must name).
    Each payload creates folder/NAME.marker when it runs."""
    import builtins
    import functools
    import subprocess as sp

    import matplotlib.cbook
    import numpy.testing

    def marker(name):
        return str(folder / (name + ".marker"))

    inner = folder / "inner.npy"
    np.save(str(inner), np.array([Call(os.system, "touch " + marker("numpy_load"))],
                                 dtype=object), allow_pickle=True)
    runstring = numpy.testing._private.utils.runstring
    plain = plt.figure()
    plain.add_subplot().plot([1, 2], [3, 4])
    fig = plt.figure()
    fig.add_subplot().plot([1, 2], [3, 4])
    fig.hidden = Call(os.system, "touch " + marker("inside_figure"))
    logger = Call(__import__("logging").getLogger, "chartex-test")
    return {
        "os_system": (Call(os.system, "touch " + marker("os_system")), "system"),
        "popen": (Call(sp.Popen, ["touch", marker("popen")]), "subprocess.Popen"),
        "call": (Call(sp.call, ["touch", marker("call")]), "subprocess.call"),
        "exec": (Call(builtins.exec, "open(%r, 'w').close()" % marker("exec")),
                 "builtins.exec"),
        "eval": (Call(builtins.eval, "open(%r, 'w').close()" % marker("eval")),
                 "builtins.eval"),
        "import": (Call(Call(getattr, Call(builtins.__import__, "os"), "system"),
                        "touch " + marker("import")), "builtins.__import__"),
        "getattr_tofile": (Call(Call(getattr, np.ndarray, "tofile"), np.arange(3.0),
                                marker("getattr_tofile")),
                           "getattr: numpy.ndarray.tofile"),
        "getattr_savefig": (Call(Call(getattr, plain, "savefig"), marker("getattr_savefig")
                                 + ".png"), "getattr: matplotlib.figure.Figure.savefig"),
        "numpy_save": (Call(np.save, marker("numpy_save"), np.arange(3.0)), "numpy.save"),
        "numpy_load": (Call(functools.partial(np.load, allow_pickle=True), str(inner)),
                       "numpy.load"),
        "numpy_testing": (Call(runstring, "open(%r, 'w').close()" % marker("numpy_testing"),
                               {}), "numpy.testing._private.utils.runstring"),
        "pyplot_savefig": (Call(plt.savefig, marker("pyplot_savefig") + ".png"),
                           "matplotlib.pyplot.savefig"),
        "cbook_subprocess": (Call(matplotlib.cbook._check_and_log_subprocess,
                                  ["touch", marker("cbook_subprocess")], logger),
                             "matplotlib.cbook._check_and_log_subprocess"),
        "inside_figure": (fig, "system"),
    }


def _markers(folder):
    return sorted(p.name for p in folder.glob("*.marker*"))


def test_hostile_pickles_are_refused(tmp_path):
    payloads = hostile_pickles(tmp_path)
    paths = [write_pickle(tmp_path / (name + ".pkl"), obj)
             for name, (obj, _) in payloads.items()]
    plt.close("all")
    r = run_cli("convert", *paths, "--jobs", "2", cwd=tmp_path)
    assert r.returncode == 1
    assert _markers(tmp_path) == []
    out = lines_of(r.stdout)
    assert [o["source"] for o in out] == [str(p) for p in paths]
    for o, (name, (_, refused)) in zip(out, payloads.items()):
        assert o["error"].startswith("unsafe pickle: refused "), o
        assert refused in o["error"], o
        assert "--trust" in o["error"]
    assert len(error_lines(r.stderr)) == len(paths)


def test_hostile_payloads_are_real(tmp_path):
    """The same files with --trust do run their code: the refusals above are
    not an accident of broken payloads."""
    payloads = hostile_pickles(tmp_path)
    paths = [write_pickle(tmp_path / (name + ".pkl"), obj)
             for name, (obj, _) in payloads.items()]
    plt.close("all")
    r = run_cli("convert", *paths, "--trust", cwd=tmp_path)
    assert r.returncode == 1   # none of them is a figure but inside_figure
    made = {name.split(".marker")[0] for name in _markers(tmp_path)}
    assert made == set(payloads), r.stderr


def test_restricted_getattr_allows_only_listed_attributes():
    from matplotlib.figure import Figure

    fig = Figure()
    assert _unpickle._restricted_getattr(fig, "delaxes") == fig.delaxes
    for name in ("savefig", "__class__", "__init__", "canvas", "show"):
        with pytest.raises(_unpickle.UnsafePickleError):
            _unpickle._restricted_getattr(fig, name)
    with pytest.raises(_unpickle.UnsafePickleError):
        _unpickle._restricted_getattr(Figure, "savefig")
    with pytest.raises(_unpickle.UnsafePickleError):
        _unpickle._restricted_getattr(fig, "delaxes", None)


def test_allow_list_holds_nothing_that_runs_code_or_writes():
    dangerous = ("os.", "posix.", "subprocess.", "builtins.eval", "builtins.exec",
                 "builtins.open", "builtins.__import__", "builtins.getattr",
                 "builtins.setattr", "builtins.compile", "importlib.", "pickle.",
                 "numpy.load", "numpy.save", "numpy.fromfile", "numpy.loadtxt",
                 "numpy.testing", "numpy.lib.", "matplotlib.pyplot.",
                 "operator.", "shutil.", "io.", "sys.", "runpy.", "code.")
    for name in _unpickle.ALLOWED:
        assert not name.startswith(dangerous), name
        assert "savefig" not in name and "imsave" not in name, name
    for name in _unpickle.GETATTR_ALLOWED:
        assert not name.rsplit(".", 1)[1].startswith("__"), name
        assert not name.endswith((".savefig", ".print_figure", ".tofile", ".dump")), name


def test_pickle_of_another_matplotlib_gets_a_clear_message(tmp_path):
    # A name of the allow-list that only the other supported matplotlib has
    # (matplotlib.axes._subplots went away in 3.7; matplotlib.colorizer
    # arrived in 3.10), in a pickle stamped with another version.
    import importlib

    def importable(name):
        module, attr = name.rsplit(".", 1)
        try:
            getattr(importlib.import_module(module), attr)
            return True
        except (ImportError, AttributeError):
            return False

    other = sorted(n for n in _unpickle.ALLOWED
                   if n.startswith("matplotlib.") and not importable(n))
    assert other, "every allowed matplotlib name imports here"
    module, name = other[0].rsplit(".", 1)
    data = (b"\x80\x02}q\x00(X\x0f\x00\x00\x00__mpl_version__q\x01X\x05\x00\x00\x001.5.0q\x02"
            b"X\x01\x00\x00\x00xq\x03c" + module.encode() + b"\n" + name.encode()
            + b"\nq\x04u.")
    path = tmp_path / "old.pkl"
    path.write_bytes(data)
    r = run_cli("convert", path)
    assert r.returncode == 1
    assert "pickled by matplotlib 1.5.0" in r.stderr
    assert "convert it where matplotlib 1.5.0 is installed" in r.stderr
    assert "Traceback" not in r.stderr


# ------------------------------------------------------------------ check

def test_check_command(tmp_path):
    (tmp_path / "one.py").write_text(
        "from matplotlib.figure import Figure\n\n\ndef make_figure():\n"
        "    fig = Figure()\n    fig.add_subplot().plot([0, 1], [2, 3], label='a')\n"
        "    return fig\n")
    r = run_cli("check", tmp_path)
    assert r.returncode == 1 and "MISSING" in r.stdout
    r = run_cli("check", tmp_path, "--update")
    assert r.returncode == 0, r.stdout + r.stderr
    d = json.loads((tmp_path / "one.json").read_text())
    assert d["elements"] == [{"label": "a", "points": [[0.0, 2.0], [1.0, 3.0]]}]
    assert (tmp_path / "scenes" / "one.scene.json").exists()
    r = run_cli("check", tmp_path)
    assert r.returncode == 0
    assert "1 ok" in r.stdout


def test_check_names_the_packages_a_fixture_needs(tmp_path):
    # A fixture that imports what is not installed is reported in one line
    # with the pip install that brings it, never as a traceback.
    (tmp_path / "needs.py").write_text(
        "import chartex_no_such_package_xyz.sub\n\n\ndef make_figure():\n    pass\n")
    (tmp_path / "also.py").write_text(
        "from chartex_other_missing_pkg import x\n\n\ndef make_figure():\n    pass\n")
    r = run_cli("check", tmp_path)
    assert r.returncode == 1
    assert ("NEEDS    needs\nneeds.py: needs chartex_no_such_package_xyz, which is not "
            "installed here (pip install chartex_no_such_package_xyz)") in r.stdout, r.stdout
    assert ("pip install chartex_no_such_package_xyz chartex_other_missing_pkg") in r.stdout
    from chartex._golden import runner
    assert runner.pip_name("sklearn.datasets") == "scikit-learn"
    assert "Traceback" not in r.stdout + r.stderr
    r = run_cli("check", "--help")
    assert "pip install numpy pandas seaborn plotly" in " ".join(r.stdout.split())


def test_timeout_kills_what_the_script_started(tmp_path):
    hangs = tmp_path / "sleeper.py"
    hangs.write_text("import subprocess, time\n"
                     "subprocess.Popen(['sleep', '37.125'])\n"
                     "time.sleep(30)\n")
    r = run_cli("convert", hangs, "--timeout", "1")
    assert r.returncode == 1
    assert "timed out after 1 s" in r.stderr
    time.sleep(0.2)
    assert not [cmd for cmd in _command_lines() if "37.125" in cmd]


def _command_lines():
    """Every process's command line, read from /proc (not with ps(1), which
    hangs when the sanitizer build's LD_PRELOAD reaches it)."""
    lines = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open("/proc/%s/cmdline" % entry, "rb") as f:
                    lines.append(f.read().replace(b"\0", b" ").decode("utf-8", "replace"))
            except OSError:  # the process ended meanwhile
                pass
    return lines


def test_allow_list_covers_real_figures():
    """tools/pickle_globals.py pickles every fixture and a broad set of other
    figures (every kind, dates, pandas, colorbars, subfigures, polar...):
    with this matplotlib each of them loads through the safe unpickler (a
    missing global or getattr raises UnsafePickleError naming it)."""
    import importlib.util

    path = golden.SRCDIR / "tools" / "pickle_globals.py"
    spec = importlib.util.spec_from_file_location("pickle_globals", str(path))
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    loaded = set()
    for what, data in tool._pickles(protocols=(2, pickle.HIGHEST_PROTOCOL)):
        fig, _ = _unpickle.load_figure(data)
        chartex.figure_to_dict(fig)
        loaded.add(what)
        plt.close("all")
    assert len(loaded) > 70
    assert {"extra pandas_plots", "extra subfigures", "extra polar",
            "extra dates_tz", "fixture line_pandas_dates"} <= loaded


def test_every_marker_unpickles_safely():
    # A pickled MarkerStyle names its drawing function: each of
    # matplotlib's markers must load without --trust ("s" was refused).
    from matplotlib.markers import MarkerStyle
    fig, ax = plt.subplots()
    markers = [m for m in MarkerStyle.markers if m not in ("None", "none", " ", "")]
    for i, m in enumerate(markers):
        ax.plot([i], [i], marker=m, linestyle="none")
    fig2, _ = _unpickle.load_figure(pickle.dumps(fig))
    assert len(fig2.axes[0].lines) == len(markers)
    assert chartex.figure_to_dict(fig2) == chartex.figure_to_dict(fig)


def test_tight_layout_figure_unpickles_safely():
    # After tight_layout() (matplotlib >= 3.6), a drawn figure holds a
    # PlaceHolderLayoutEngine, which the allow-list refused.
    fig, ax = plt.subplots()
    ax.plot([1, 2, 3], [3.5, 1.25, 2.0], label="a")
    fig.tight_layout()
    fig.canvas.draw()
    fig2, _ = _unpickle.load_figure(pickle.dumps(fig))
    d = chartex.figure_to_dict(fig2)
    assert d["elements"][0]["points"] == [[1, 3.5], [2, 1.25], [3, 2.0]]
    assert d == chartex.figure_to_dict(fig)
