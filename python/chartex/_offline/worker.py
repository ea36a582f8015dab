"""The worker process of `chartex convert` (`python -m chartex _worker`).

It reads requests, one JSON line each, from its stdin and answers each with
one JSON line on its stdout:

    {"path": P, "kind": "pickle"|"script"|"json", "trust": bool,
     "mode": "chart"|"scene", "indent": N or null, "review": bool}
    -> {"outputs": [{"text": JSON} or {"error": "..."}, ...]} (one per figure)
    -> {"error": "..."}                                        (the input failed)

and first {"ready": true} once matplotlib and chartex are imported.  With
"review" (chartex convert --review), each output also carries "png": the
figure drawn as PNG, base64-encoded, for the review page.  The
parent (chartex.batch.run_input, in the CLI's process or in a Dask worker)
kills a worker that crashes, hangs or runs over its time and starts
another, so nothing here has to survive a bad input; what it must do is keep inputs apart (every figure is closed, the
rcParams, working directory, sys.argv/sys.path and the script's own modules
restored after each input, and so are plotly's default renderers and
template) and keep the protocol clean: the request and
answer pipes are moved off file descriptors 0 and 1, stdin becomes
/dev/null and whatever writes to stdout (print, C code) lands on stderr.

Plotly: a .json input is a figure written by fig.write_json (a JSON
object with a "data" list, read as the dict it is), or a Vega-Lite spec
(chartex._altair.is_spec: Altair's chart.save / to_json, a .vl.json file);
anything else is refused.  A script's Plotly figures are those it shows: plotly's default
renderer here is chartex's alone (chartex._plotly.hook), which keeps the figure
dict that each fig.show() / plotly.io.show() passes it and displays
nothing; a script that shows none gives the Plotly figures its globals hold
when it ends.  They come after the script's matplotlib figures.

Altair: a script's Altair charts are those it shows (chart.show(), which
here keeps the chart and displays nothing), else the value of its last
statement when that is an expression giving a chart (as a notebook cell
shows it: Altair's own gallery scripts end so), else the last chart its
globals hold.  They come after the Plotly figures.

`--max-memory MB` limits the process's address space (RLIMIT_AS), so that
an input that eats memory fails with MemoryError (or is killed) alone.  The
worker leads its own process group and ends it when its parent dies
(CHARTEX_PARENT_PID): a Dask worker that is killed leaves no script running.
"""

import contextlib
import io
import json
import os
import pickletools
import runpy
import sys
import threading
import time
import traceback


def _take_protocol_fds():
    requests = os.fdopen(os.dup(0), "rb")
    answers = os.fdopen(os.dup(1), "wb")
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    os.dup2(2, 1)
    return requests, answers


def _pickled_mpl_version(data):
    """The matplotlib version written in a Figure pickle's state, or None.
    Reads the opcodes only (pickletools.genops runs nothing)."""
    want = False
    try:
        for op, arg, _ in pickletools.genops(data):
            if isinstance(arg, str):
                if want:
                    return arg
                want = arg == "__mpl_version__"
    except Exception:
        pass
    return None


def _load_pickle(path, trust):
    import matplotlib
    import pickle

    from . import unpickle as _unpickle

    with open(path, "rb") as f:
        data = f.read()
    if not data:
        raise _InputError("empty file")
    try:
        fig, _ = _unpickle.load_figure(data, trust=trust)
        return [fig]
    except _unpickle.UnsafePickleError as e:
        raise _InputError(
            "unsafe pickle: %s (only matplotlib figures load by default; "
            "--trust loads it and runs the code it holds)" % e) from None
    except TypeError as e:
        if "not a matplotlib Figure" in str(e):
            raise _InputError(str(e)) from None
        error = e
    except _unpickle.VersionError as e:
        raise _InputError(str(e)) from None
    except EOFError:
        raise _InputError("truncated pickle (the file ends too early)") from None
    except pickle.UnpicklingError as e:
        error = e
    except Exception as e:
        error = e
    saved = _pickled_mpl_version(data)
    if saved and saved != matplotlib.__version__:
        raise _InputError(
            "pickled by matplotlib %s, which matplotlib %s here cannot load (%s: %s); "
            "convert it where matplotlib %s is installed"
            % (saved, matplotlib.__version__, type(error).__name__, error, saved))
    if isinstance(error, pickle.UnpicklingError):
        raise _InputError("not a valid pickle: %s" % error)
    raise _InputError("cannot load the pickle: %s: %s" % (type(error).__name__, error))


class _InputError(Exception):
    pass


def _script_error(path, e):
    """One line: the exception and the script's line that raised it."""
    if isinstance(e, SystemExit):
        return "the script exited with status %r" % (e.code,)
    where = ""
    target = os.path.abspath(path)
    for frame in traceback.extract_tb(e.__traceback__):
        if os.path.abspath(frame.filename) == target:
            where = " (line %d)" % frame.lineno
    text = str(e).strip().splitlines()
    return "the script raised %s%s%s" % (type(e).__name__, ": " + text[0] if text else "",
                                         where)


# What the Plotly renderer of this process was given during the current
# input: the figure dicts of the script's fig.show() calls, in order.
_plotly_shown = []
_plotly_hook = None
# plotly's default template once plotly.io was imported (its __init__ sets
# it), put back after each input (a script's pio.templates.default = ...
# would style the figures of the next).
_plotly_template = []
_TEMPLATES_MODULE = "plotly.io._templates"


def _plotly_keep(fig_dict):
    _plotly_shown.append(fig_dict)
    return {}   # nothing to display: plotly.io.show then does nothing more


def _plotly_io_imported(module):
    templates = getattr(sys.modules.get(_TEMPLATES_MODULE), "templates", None)
    if templates is not None:
        _plotly_template[:] = [templates.default]


def _attach_plotly():
    """Watches for plotly (never imports it): once a script imports its
    renderers, chartex's is the default one."""
    global _plotly_hook
    from .._plotly import hook as _plotly

    _plotly_hook = _plotly.Hook(_plotly_keep, exclusive=True)
    _plotly_hook.attach()
    _plotly.when_imported("plotly.io", _plotly_io_imported)


def _plotly_reset():
    """Before and after each input: nothing kept, chartex's renderer the
    only default one, the template as plotly set it."""
    del _plotly_shown[:]
    if _plotly_hook is not None:
        _plotly_hook.ensure()
    templates = getattr(sys.modules.get(_TEMPLATES_MODULE), "templates", None)
    if templates is not None and _plotly_template and \
            templates.default != _plotly_template[0]:
        templates.default = _plotly_template[0]


# The Altair charts the current input's script showed (chart.show()).
_altair_shown = []
# The name the value of a script's last expression is kept under.
_LAST = "__chartex_last_expression__"


def _altair_imported(module):
    """Makes chart.show() keep the chart instead of displaying it (there is
    no notebook here, and the "browser" renderer would open a browser)."""
    cls = getattr(module, "TopLevelMixin", None)
    if not isinstance(cls, type) or getattr(cls.show, "_chartex_keeps", False):
        return

    def show(self, *args, **kwargs):
        _altair_shown.append(self)

    show._chartex_keeps = True
    cls.show = show


def _attach_altair():
    """Watches for altair (never imports it), as for plotly."""
    from .._plotly import hook as _plotly

    _plotly.when_imported("altair", _altair_imported)


def _altair_figures(namespace, last):
    """A script's Altair charts: those it showed, else its last
    expression's, else the last chart its globals hold."""
    from .. import _altair

    if _altair_shown:
        return list(_altair_shown)
    if _altair.is_chart(last):
        return [last]
    charts = [v for v in list(namespace.values()) if _altair.is_chart(v)]
    return charts[-1:]


def _exec_keeping_last(path, source):
    """Runs a script as runpy.run_path(path, run_name="__main__") does, but
    keeps the value of its last statement when that is an expression (as a
    notebook cell shows it): (namespace, value)."""
    import ast
    import builtins
    import types

    tree = ast.parse(source, path)
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        node = tree.body[-1]
        keep = ast.Assign(targets=[ast.Name(id=_LAST, ctx=ast.Store())], value=node.value)
        tree.body[-1] = ast.fix_missing_locations(ast.copy_location(keep, node))
    code = compile(tree, path, "exec")
    module = types.ModuleType("__main__")
    module.__dict__.update({"__file__": path, "__builtins__": builtins, "__loader__": None,
                            "__package__": None, "__spec__": None, "__cached__": None})
    saved = sys.modules.get("__main__")
    sys.modules["__main__"] = module
    try:
        exec(code, module.__dict__)
    finally:
        if saved is not None:
            sys.modules["__main__"] = saved
    namespace = dict(module.__dict__)
    return namespace, namespace.pop(_LAST, None)


def _plotly_globals(namespace):
    """The Plotly figures among a script's globals, in the order of their
    names, each once."""
    from .._plotly import hook as _plotly

    found, seen = [], set()
    for value in list(namespace.values()):
        if _plotly.is_figure(value) and id(value) not in seen:
            seen.add(id(value))
            found.append(value)
    return found


_JSON_NAMES = {list: "array", str: "string", int: "number", float: "number",
               bool: "boolean", type(None): "null"}


def _load_json(path):
    """The figure dict of a file that fig.write_json wrote, or a Vega-Lite
    spec."""
    with open(path, "rb") as f:
        data = f.read()
    if not data.strip():
        raise _InputError("empty file")
    try:
        fig = json.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError as e:
        raise _InputError("not UTF-8 text: %s" % e) from None
    except ValueError as e:
        raise _InputError("not valid JSON: %s" % e) from None
    except RecursionError:
        raise _InputError("not readable JSON: nested too deeply") from None
    from .. import _altair
    from .._plotly import hook as _plotly

    if not _plotly.is_figure_json(fig) and not _altair.is_spec(fig):
        what = ("a JSON object without a \"data\" list" if isinstance(fig, dict) else
                "a JSON " + _JSON_NAMES.get(type(fig), type(fig).__name__))
        raise _InputError(
            "not a Plotly figure or a Vega-Lite spec: %s (a .json input must be what "
            "fig.write_json writes, an object with a \"data\" list of traces, or a "
            "Vega-Lite spec, whose \"$schema\" names Vega-Lite)" % what)
    return [fig]


def _run_script(path):
    import matplotlib.pyplot as plt

    from matplotlib.figure import Figure

    from .. import _altair
    from .._plotly import hook as _plotly

    folder = os.path.dirname(os.path.abspath(path))
    sys.argv = [path]
    sys.path.insert(0, folder)
    last = None
    try:
        with open(path, "rb") as f:
            source = f.read()
        with contextlib.redirect_stdout(sys.stderr):
            # A script that draws with Altair may end with its chart, as
            # Altair's gallery does; the others run as runpy runs them.
            if b"altair" in source:
                namespace, last = _exec_keeping_last(path, source)
            else:
                namespace = runpy.run_path(path, run_name="__main__")
    except SystemExit as e:
        # sys.exit() / sys.exit(0) end a script normally.
        if e.code not in (None, 0):
            raise _InputError(_script_error(path, e)) from None
        namespace = {}
    except BaseException as e:
        if isinstance(e, KeyboardInterrupt):
            raise
        raise _InputError(_script_error(path, e)) from None
    figures = [plt.figure(num) for num in plt.get_fignums()]
    # Plotly has no figure manager: its figures are those the script showed
    # (as shown then), else those its globals hold.
    figures += list(_plotly_shown) or _plotly_globals(namespace)
    figures += _altair_figures(namespace, last)
    if not figures and callable(namespace.get("make_figure")):
        # A fixture-style module: make_figure() builds the figure.
        try:
            with contextlib.redirect_stdout(sys.stderr):
                fig = namespace["make_figure"]()
        except Exception as e:
            raise _InputError(_script_error(path, e)) from None
        if not isinstance(fig, Figure) and not _plotly.is_figure(fig) \
                and not _altair.is_chart(fig):
            raise _InputError("make_figure() returned a %s, not a Figure"
                              % type(fig).__name__)
        figures = [fig]
    if not figures:
        raise _InputError("the script left no figure open")
    return figures


def _convert_one(fig, mode, indent):
    import chartex

    try:
        if mode == "scene":
            return {"text": chartex.figure_to_scene_json(fig, indent=indent)}
        return {"text": chartex.figure_to_json(fig, indent=indent)}
    except Exception as e:  # ChartexError, or TypeError for a strange figure
        return {"error": "%s: %s" % (type(e).__name__, e)}


class _Isolation:
    """Puts back what one input may have changed."""

    def __enter__(self):
        import matplotlib

        self.cwd = os.getcwd()
        self.argv = sys.argv[:]
        self.path = sys.path[:]
        self.modules = set(sys.modules)
        self.rc = matplotlib.rc_context()
        self.rc.__enter__()
        _plotly_reset()
        del _altair_shown[:]
        return self

    def __exit__(self, *exc):
        import matplotlib
        import matplotlib.pyplot as plt

        try:
            plt.close("all")
        except Exception:
            pass
        pandas = sys.modules.get("pandas")
        if pandas is not None:
            try:
                pandas.plotting.deregister_matplotlib_converters()
            except Exception:
                pass
        self.rc.__exit__(None, None, None)
        try:
            _plotly_reset()
        except Exception:
            pass
        if matplotlib.get_backend().lower() != "agg":
            plt.switch_backend("Agg")
        os.chdir(self.cwd)
        sys.argv[:] = self.argv
        sys.path[:] = self.path
        # Forget the modules a script imported from its own folder, so that a
        # helper of the same name beside the next script is imported afresh.
        for name in set(sys.modules) - self.modules:
            where = getattr(sys.modules.get(name), "__file__", None) or ""
            if where and not where.startswith((sys.prefix, sys.base_prefix,
                                               sys.exec_prefix)) \
                    and "site-packages" not in where and "dist-packages" not in where:
                del sys.modules[name]
        return False


def handle(request):
    path = request["path"]
    with _Isolation():
        try:
            if request["kind"] == "pickle":
                figures = _load_pickle(path, request.get("trust", False))
            elif request["kind"] == "json":
                figures = _load_json(path)
            else:
                figures = _run_script(path)
        except _InputError as e:
            return {"error": str(e)}
        except OSError as e:
            return {"error": "cannot read: %s" % (e.strerror or e)}
        indent = request.get("indent") if len(figures) == 1 else None
        outputs = [_convert_one(f, request.get("mode", "chart"), indent) for f in figures]
        if request.get("review"):
            for fig, output in zip(figures, outputs):
                output.update(_png(fig))
        return {"outputs": outputs}


def _altair_png(chart):
    """An Altair chart (or a Vega-Lite spec) drawn by Vega itself
    (vl-convert), as the review page shows it."""
    import base64

    from .. import _altair

    try:
        import vl_convert

        spec = chart
        if _altair.is_chart(chart):
            import altair

            with altair.data_transformers.disable_max_rows():
                spec = chart.to_dict()
        return {"png": base64.b64encode(vl_convert.vegalite_to_png(spec)).decode("ascii")}
    except Exception as e:
        return {"png_error": "cannot draw the chart: %s: %s" % (type(e).__name__, e)}


def _png(fig):
    """The figure as the review page shows it (after its chart was read:
    drawing it must not change what was read)."""
    import base64

    from .. import _altair

    if _altair.is_chart(fig) or _altair.is_spec(fig):
        return _altair_png(fig)
    if not hasattr(fig, "savefig"):
        return {"png_error": "a Plotly figure: the review page draws matplotlib "
                             "figures only (its chart is beside)"}

    buf = io.BytesIO()
    try:
        fig.savefig(buf, format="png")
    except Exception as e:
        return {"png_error": "cannot draw the figure: %s: %s" % (type(e).__name__, e)}
    return {"png": base64.b64encode(buf.getvalue()).decode("ascii")}


def _watch_parent():
    """Ends this process group when the parent that started it is gone
    (re-parented processes see another parent id)."""
    try:
        parent = int(os.environ.pop("CHARTEX_PARENT_PID", ""))
    except ValueError:
        return

    def watch():
        while os.getppid() == parent:
            time.sleep(0.5)
        if os.getpgid(0) == os.getpid():  # started as a group leader: take the script's
            os.killpg(os.getpid(), 9)      # processes with it
        os._exit(1)

    if os.getppid() != parent:
        os._exit(1)
    threading.Thread(target=watch, name="chartex-parent-watch", daemon=True).start()


def _limit_memory(megabytes):
    import resource

    limit = megabytes * 1024 * 1024
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


def serve(argv=()):
    max_memory = 0
    if list(argv[:1]) == ["--max-memory"]:
        max_memory = int(argv[1])
    _watch_parent()
    requests, answers = _take_protocol_fds()
    os.environ["MPLBACKEND"] = "Agg"
    import matplotlib

    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    plt.show = lambda *args, **kwargs: None
    import chartex  # noqa: F401  (the extension loads once, before any input)

    _attach_plotly()
    _attach_altair()

    if max_memory:
        _limit_memory(max_memory)

    def send(obj):
        answers.write(json.dumps(obj, ensure_ascii=False).encode("utf-8") + b"\n")
        answers.flush()

    try:
        send({"ready": True})
        for line in requests:
            try:
                answer = handle(json.loads(line.decode("utf-8")))
            except Exception as e:  # a bug of ours: report it as this input's error
                answer = {"error": "internal error: %s: %s" % (type(e).__name__, e)}
            sys.stdout.flush()
            send(answer)
    except BrokenPipeError:
        # The parent is gone or no longer needs this worker (it finished
        # while the worker was starting): nothing to report to.
        os._exit(0)
    return 0


if __name__ == "__main__":
    sys.exit(serve(sys.argv[1:]))
