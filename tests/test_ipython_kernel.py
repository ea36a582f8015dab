"""The e2b/chart formatter in real IPython kernels.

Each kernel is an ipykernel process started by jupyter_client with the
interpreter running these tests (so both the venv's and Debian's Python are
covered), the built package on PYTHONPATH and matplotlib's inline backend.
Code goes through a real client; the tests read the display_data and
execute_result messages it receives and parse their raw bytes as strict
JSON (no NaN, no Infinity).  One kernel serves the tests of one group, and
every wait has a timeout so that a broken kernel fails a test instead of
hanging the run.
"""
import json
import os
import queue
import sys

import pytest

# Not importorskip: ipykernel and jupyter_client are dependencies of the test
# suite (requirements-test.txt, bootstrap.sh), and a missing one must fail.
from jupyter_client import KernelManager
from jupyter_client.kernelspec import KernelSpecManager

import chartex.ipython

MIME = "e2b/chart"
START_TIMEOUT = 90
MSG_TIMEOUT = 60
INLINE = "module://matplotlib_inline.backend_inline"


def _reject_constant(name):
    raise ValueError("non-standard JSON constant %r in a message" % name)


class Kernel:
    """An ipykernel process and a blocking client talking to it."""

    def __init__(self, tmp, ipython_dir, extra_env=None):
        spec_dir = tmp / "kernels" / "chartex-test"
        spec_dir.mkdir(parents=True)
        (spec_dir / "kernel.json").write_text(json.dumps({
            "argv": [sys.executable, "-m", "ipykernel_launcher", "-f",
                     "{connection_file}"],
            "display_name": "chartex test (%s)" % sys.executable,
            "language": "python",
        }))
        env = dict(os.environ)
        env.pop("CHARTEX_MAX_POINTS", None)
        env.update({"MPLBACKEND": INLINE, "IPYTHONDIR": str(ipython_dir),
                    "PYTHONUNBUFFERED": "1"})
        env.update(extra_env or {})
        self.stderr_path = tmp / "kernel-stderr.txt"
        self._stderr = open(self.stderr_path, "wb")
        self.km = KernelManager(
            kernel_name="chartex-test",
            kernel_spec_manager=KernelSpecManager(kernel_dirs=[str(tmp / "kernels")]),
            connection_file=str(tmp / "connection.json"))
        self.km.start_kernel(env=env, cwd=str(tmp), stderr=self._stderr)
        self.raw = []
        self.kc = self.km.client()
        # Every message's parts are parsed here, strictly: a chart with NaN
        # written as a bare NaN would fail the test that receives it.
        self.kc.session.unpack = self._strict_unpack
        self.kc.start_channels()
        try:
            self.kc.wait_for_ready(timeout=START_TIMEOUT)
            # As in a notebook once pyplot has made a figure, which sets up
            # the inline backend and its image/png formatter for every
            # Figure (one displayed before that has no PNG, with or without
            # chartex), so that each test also passes on its own.
            self.run_ok("import matplotlib.pyplot as _plt\n"
                        "_plt.close(_plt.figure())\n"
                        "del _plt")
        except BaseException:
            self.close()
            raise

    def _strict_unpack(self, data):
        if not isinstance(data, (bytes, str)):
            data = bytes(data)
        if isinstance(data, bytes):
            data = data.decode("utf-8")
        self.raw.append(data)
        return json.loads(data, parse_constant=_reject_constant)

    def run(self, code):
        """Executes code; returns (reply content, iopub messages of it)."""
        msg_id = self.kc.execute(code, store_history=False, allow_stdin=False)
        outputs = []
        while True:
            try:
                msg = self.kc.get_iopub_msg(timeout=MSG_TIMEOUT)
            except queue.Empty:
                pytest.fail("no idle status from the kernel within %ds for:\n%s"
                            % (MSG_TIMEOUT, code))
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            if msg["msg_type"] == "status":
                if msg["content"]["execution_state"] == "idle":
                    break
                continue
            outputs.append(msg)
        while True:
            reply = self.kc.get_shell_msg(timeout=MSG_TIMEOUT)
            if reply["parent_header"].get("msg_id") == msg_id:
                return reply["content"], outputs

    def run_ok(self, code):
        """Executes code that must succeed with no error and nothing on
        stderr; returns its iopub messages."""
        reply, outputs = self.run(code)
        assert reply["status"] == "ok", reply
        bad = [m for m in outputs if m["msg_type"] == "error"
               or (m["msg_type"] == "stream" and m["content"]["name"] == "stderr")]
        assert not bad, bad
        return outputs

    def stdout(self, code):
        outputs = self.run_ok(code)
        return "".join(m["content"]["text"] for m in outputs
                       if m["msg_type"] == "stream" and m["content"]["name"] == "stdout")

    def close(self):
        try:
            self.kc.stop_channels()
        finally:
            try:
                self.km.shutdown_kernel(now=True)
            finally:
                self._stderr.close()


def displays(outputs):
    """The data bundles of display_data and execute_result messages."""
    return [(m["msg_type"], m["content"]["data"]) for m in outputs
            if m["msg_type"] in ("display_data", "execute_result")]


@pytest.fixture(scope="module")
def kernel(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("kernel")
    (tmp / "ipython").mkdir()
    k = Kernel(tmp, tmp / "ipython")
    yield k
    k.close()


@pytest.fixture
def loaded(kernel):
    """The kernel with the extension loaded (quietly, if it already is)."""
    kernel.run_ok("get_ipython().extension_manager.load_extension('chartex')")
    return kernel


def test_load_ext(kernel):
    out = kernel.stdout("%load_ext chartex\n"
                        "import matplotlib, sys\n"
                        "f = get_ipython().display_formatter.formatters['e2b/chart']\n"
                        "print(type(f).__module__, type(f).__name__)\n"
                        "print(matplotlib.get_backend())\n"
                        "print(sys.executable)")
    mod_cls, backend, exe = out.split("\n")[:3]
    assert mod_cls == "chartex.ipython ChartFormatter"
    assert "inline" in backend
    assert exe == sys.executable


def test_plt_show_inline_gives_one_chart_next_to_the_png(loaded):
    outputs = loaded.run_ok(
        "import matplotlib.pyplot as plt\n"
        "plt.plot([1, 2, 3], [2.5, 4.0, 1.0], label='speed')\n"
        "plt.title('Run 1')\n"
        "plt.xlabel('time (s)')\n"
        "plt.show()")
    shown = displays(outputs)
    charts = [d for t, d in shown if MIME in d]
    assert len(charts) == 1, shown
    (data,) = charts
    assert [t for t, d in shown] == ["display_data"]
    assert "image/png" in data and "text/plain" in data
    chart = data[MIME]
    assert chart["type"] == "line" and chart["title"] == "Run 1"
    assert chart["x_label"] == "time (s)" and chart["x_unit"] == "s"
    assert chart["elements"] == [{"label": "speed",
                                  "points": [[1.0, 2.5], [2.0, 4.0], [3.0, 1.0]]}]


def test_figure_as_last_expression(loaded):
    outputs = loaded.run_ok(
        "from matplotlib.figure import Figure\n"
        "fig = Figure()\n"
        "fig.subplots().bar(['apples', 'pears'], [3, 5])\n"
        "fig")
    shown = displays(outputs)
    assert [t for t, d in shown] == ["execute_result"]
    data = shown[0][1]
    assert "image/png" in data
    chart = data[MIME]
    assert chart["type"] == "bar"
    assert [(e["label"], e["value"]) for e in chart["elements"]] == \
        [("apples", 3.0), ("pears", 5.0)]


def test_display_of_a_figure(loaded):
    outputs = loaded.run_ok(
        "from matplotlib.figure import Figure\n"
        "fig2 = Figure()\n"
        "fig2.subplots().scatter([1, 2, 3], [9, 8, 7], label='pts')\n"
        "display(fig2)")
    shown = displays(outputs)
    assert [t for t, d in shown] == ["display_data"]
    chart = shown[0][1][MIME]
    assert chart["type"] == "scatter"
    assert chart["elements"] == [{"label": "pts",
                                  "points": [[1.0, 9.0], [2.0, 8.0], [3.0, 7.0]]}]


def test_non_figures_carry_no_chart(loaded):
    outputs = loaded.run_ok("{'a': 1}")
    (shown,) = displays(outputs)
    assert shown[0] == "execute_result"
    assert MIME not in shown[1] and shown[1]["text/plain"] == "{'a': 1}"
    outputs = loaded.run_ok("display('text', 42)")
    shown = displays(outputs)
    assert len(shown) == 2 and all(MIME not in d for t, d in shown)


def test_an_object_can_supply_its_chart(loaded):
    outputs = loaded.run_ok(
        "class Own:\n"
        "    def _repr_e2b_chart_(self):\n"
        "        return {'type': 'unknown', 'title': 'own', 'elements': []}\n"
        "Own()")
    (shown,) = displays(outputs)
    assert shown[1][MIME] == {"type": "unknown", "title": "own", "elements": []}


def test_failing_extraction_keeps_the_display(loaded):
    loaded.run_ok(
        "import logging\n"
        "_seen = []\n"
        "class _Keep(logging.Handler):\n"
        "    def emit(self, record):\n"
        "        _seen.append(record.getMessage())\n"
        "logging.getLogger('chartex').addHandler(_Keep())\n"
        "from matplotlib.figure import Figure\n"
        "bad = Figure()\n"
        "(bad_line,) = bad.subplots().plot([1, 2, 3], [3, 1, 2])\n"
        "def _boom():\n"
        "    raise RuntimeError('boom in get_xydata')\n"
        "bad_line.get_xydata = _boom\n")
    for _ in range(2):
        outputs = loaded.run_ok("bad")           # no error, no stderr
        (shown,) = displays(outputs)
        assert shown[0] == "execute_result"
        assert "image/png" in shown[1] and "text/plain" in shown[1]
        assert shown[1][MIME] == {}
    outputs = loaded.run_ok("display(bad)")
    assert displays(outputs)[0][1][MIME] == {}
    out = loaded.stdout("print(len(_seen)); print(_seen[0])")
    count, message = out.split("\n")[:2]
    assert count == "1"                          # logged once, not per display
    assert "boom in get_xydata" in message
    # the same shell still charts a healthy figure
    outputs = loaded.run_ok("fig3 = Figure(); fig3.subplots().plot([5, 6]); fig3")
    assert displays(outputs)[0][1][MIME]["elements"][0]["points"] == \
        [[0.0, 5.0], [1.0, 6.0]]


def test_nan_arrives_as_null(loaded):
    before = len(loaded.raw)
    outputs = loaded.run_ok(
        "from matplotlib.figure import Figure\n"
        "nanfig = Figure()\n"
        "nanfig.subplots().plot([0, 1, 2, 3], [1.0, float('nan'), 3.0, float('inf')])\n"
        "nanfig")
    chart = displays(outputs)[0][1][MIME]
    assert chart["elements"][0]["points"] == \
        [[0.0, 1.0], [1.0, None], [2.0, 3.0], [3.0, None]]
    # the message text itself says null (every part was parsed strictly)
    texts = [t for t in loaded.raw[before:] if MIME in t]
    assert texts and all("NaN" not in t and "Infinity" not in t for t in texts)
    assert any('[1.0,null]' in t.replace(" ", "") for t in texts)


def test_empty_figure_gives_empty_chart(loaded):
    outputs = loaded.run_ok("from matplotlib.figure import Figure\n"
                            "empty = Figure(); empty.subplots(); empty")
    assert displays(outputs)[0][1][MIME] == {}


def test_unloading_stops_the_charts(loaded):
    loaded.run_ok("%unload_ext chartex")
    outputs = loaded.run_ok("import matplotlib.pyplot as plt\n"
                            "plt.plot([1, 2], [3, 4])\n"
                            "plt.show()")
    (shown,) = displays(outputs)
    assert "image/png" in shown[1] and MIME not in shown[1]
    assert loaded.stdout("print('e2b/chart' in get_ipython().display_formatter.formatters)") \
        == "False\n"
    loaded.run_ok("%load_ext chartex")
    outputs = loaded.run_ok("plt.plot([1, 2], [3, 4]); plt.show()")
    assert MIME in displays(outputs)[0][1]


# ------------------------------------------------ the start-up file kernel

@pytest.fixture(scope="module")
def startup_kernel(tmp_path_factory):
    """A kernel whose profile holds the start-up file, with a point limit
    from the environment, and no %load_ext."""
    tmp = tmp_path_factory.mktemp("startup")
    ipython_dir = tmp / "ipython"
    chartex.ipython.install_startup(str(ipython_dir))
    k = Kernel(tmp, ipython_dir, {"CHARTEX_MAX_POINTS": "50"})
    yield k
    k.close()


def test_startup_file_registers_the_formatter(startup_kernel):
    out = startup_kernel.stdout(
        "print(type(get_ipython().display_formatter.formatters['e2b/chart']).__name__)\n"
        "print(sorted(n for n in dir() if 'chartex' in n))\n"
        "print(get_ipython().extension_manager.loaded)")
    name, names = out.split("\n")[:2]
    assert name == "ChartFormatter"
    assert names == "[]"                     # the user's namespace stays clean
    outputs = startup_kernel.run_ok(
        "import numpy as np, matplotlib.pyplot as plt\n"
        "x = np.arange(1000.0)\n"
        "y = np.sin(x / 40.0); y[321] = 7.5\n"
        "plt.plot(x, y, label='long')\n"
        "plt.show()")
    (shown,) = displays(outputs)
    (el,) = shown[1][MIME]["elements"]
    assert len(el["points"]) <= 50
    assert el["points"][0] == [0.0, 0.0] and el["points"][-1][0] == 999.0
    assert max(p[1] for p in el["points"]) == 7.5
    assert el["downsampled"] == {"method": "minmax", "max_points": 50.0,
                                 "original_points": 1000.0}


def test_startup_file_logs_to_the_kernel_stderr_once(startup_kernel):
    for _ in range(3):
        outputs = startup_kernel.run_ok(
            "from matplotlib.figure import Figure\n"
            "b = Figure(); (l,) = b.subplots().plot([1, 2])\n"
            "l.get_xydata = lambda: 1 / 0\n"
            "b")
        (shown,) = displays(outputs)
        assert shown[1][MIME] == {} and "image/png" in shown[1]
    startup_kernel.run_ok("import sys; sys.__stderr__.flush()")
    text = startup_kernel.stderr_path.read_text(errors="replace")
    assert text.count("chartex: WARNING: e2b/chart: no chart") == 1, text
    assert "ZeroDivisionError" in text


# ------------------------------------------- the kernel config file route

def test_extension_from_the_kernel_config_file(tmp_path):
    """doc/kernel.md's third route: a profile's ipython_kernel_config.py that
    lists chartex in c.InteractiveShellApp.extensions loads it at start-up,
    so the first plt.show() already carries a chart."""
    ipython_dir = tmp_path / "ipython"
    profile = ipython_dir / "profile_default"
    profile.mkdir(parents=True)
    (profile / "ipython_kernel_config.py").write_text(
        "c.InteractiveShellApp.extensions = ['chartex']\n")
    k = Kernel(tmp_path, ipython_dir)
    try:
        assert k.stdout("print('chartex' in get_ipython().extension_manager.loaded)") \
            .strip() == "True"
        (shown,) = displays(k.run_ok(
            "import matplotlib.pyplot as plt\n"
            "plt.plot([1, 2, 3], [4.5, 5, -1], label='cfg')\n"
            "plt.show()"))
        assert "image/png" in shown[1]
        (el,) = shown[1][MIME]["elements"]
        assert el == {"label": "cfg", "points": [[1.0, 4.5], [2.0, 5.0], [3.0, -1.0]]}
    finally:
        k.close()
