"""Plotly figures: how chartex meets them without importing plotly.

Two places need Plotly figures as they are shown: the e2b/chart formatter
of a kernel (chartex.ipython) and the worker of `chartex convert`
(chartex._offline.worker).  Neither can rely on IPython's formatters alone: a
Plotly figure displays itself (BaseFigure._ipython_display_ calls
plotly.io.show, which publishes a raw MIME bundle made by the renderers of
plotly.io.renderers.default), and fig.show() never goes through a formatter
at all.  What every Plotly display goes through is that renderer list, so
chartex takes part in it the way plotly documents: a MimetypeRenderer named
"chartex" whose to_mimebundle(fig_dict) gives {"e2b/chart": chart}, added to
the default with "+" (the kernel) or made the whole default (the worker,
which only collects what a script shows).

The renderer must be in place before the first show, and plotly imports its
renderers lazily (plotly.io._renderers, on the first use of pio.renderers or
pio.show, typically inside the very cell that imports plotly and shows a
figure: an agent's one-cell program).  So a Hook registers it at once when
that module is already imported, and otherwise watches for it with a
sys.meta_path finder that answers for that one module name only: it asks
the other finders for the module's spec and wraps its loader so that, when
the module has run, the renderer is registered (the module's __loader__ and
__spec__.loader are the original loader again before it runs).  A failure
there is logged, never raised into the user's import.  Nothing else about
importing changes, and detach() takes the finder out again.
"""

import logging
import sys
import threading

RENDERERS_MODULE = "plotly.io._renderers"
BASE_RENDERERS_MODULE = "plotly.io._base_renderers"
FIGURE_MODULE = "plotly.basedatatypes"
RENDERER_NAME = "chartex"

log = logging.getLogger("chartex")


def is_figure(obj):
    """True when obj is a Plotly figure (a plotly.basedatatypes.BaseFigure:
    go.Figure, go.FigureWidget); never imports plotly."""
    module = sys.modules.get(FIGURE_MODULE)
    cls = getattr(module, "BaseFigure", None)
    return isinstance(cls, type) and isinstance(obj, cls)


def is_figure_json(obj):
    """True when obj has the shape of a Plotly figure in its JSON form
    (fig.to_dict(), fig.to_plotly_json(), json.load of fig.write_json's
    file): a dict with a "data" list."""
    return isinstance(obj, dict) and isinstance(obj.get("data"), list)


# ------------------------------------------------------------ the finder

class _Loader:
    """Runs the module with its own loader, then the watch's callback."""

    def __init__(self, loader, watch):
        self.loader = loader
        self.watch = watch

    def create_module(self, spec):
        return self.loader.create_module(spec)

    def exec_module(self, module):
        loader = self.loader
        # Leave no trace of the wrapping on the module (importlib.reload,
        # inspect.getsource and the like use its loader).
        try:
            module.__loader__ = loader
            if getattr(module, "__spec__", None) is not None:
                module.__spec__.loader = loader
        except Exception:
            pass
        loader.exec_module(module)
        self.watch.fire(module)

    def __getattr__(self, name):
        return getattr(self.loader, name)


class _ImportWatch:
    """A sys.meta_path finder that calls callbacks[name](module) once the
    module name has been imported (run to its end).  It finds nothing
    itself: the spec is the other finders' own."""

    _chartex_import_watch = True   # recognised across reloads of this module

    def __init__(self):
        self.callbacks = {}
        self._busy = threading.local()

    def find_spec(self, fullname, path=None, target=None):
        if fullname not in self.callbacks or getattr(self._busy, "on", False):
            return None
        self._busy.on = True     # a finder below that asks importlib again
        try:
            spec = None
            for finder in list(sys.meta_path):
                if getattr(finder, "_chartex_import_watch", False):
                    continue
                find = getattr(finder, "find_spec", None)
                if find is None:
                    continue
                spec = find(fullname, path, target)
                if spec is not None:
                    break
        finally:
            self._busy.on = False
        if spec is None:
            return None
        loader = spec.loader
        if loader is not None and hasattr(loader, "exec_module") \
                and not isinstance(loader, _Loader):
            spec.loader = _Loader(loader, self)
        return spec

    def invalidate_caches(self):
        pass

    def fire(self, module):
        callback = self.callbacks.get(getattr(module, "__name__", None))
        if callback is None:
            return
        try:
            callback(module)
        except Exception as exc:  # never into the user's import
            log.warning("plotly: %s's import hook failed (%s: %s)",
                        module.__name__, type(exc).__name__, exc, exc_info=True)


_watch = None


def _the_watch():
    """The one finder of this process, first in sys.meta_path."""
    global _watch
    if _watch is None:
        _watch = _ImportWatch()
    if _watch not in sys.meta_path:
        # A finder of an earlier copy of this module (importlib.reload)
        # would fire twice: take it out.
        sys.meta_path[:] = [f for f in sys.meta_path
                            if not getattr(f, "_chartex_import_watch", False)]
        sys.meta_path.insert(0, _watch)
    return _watch


def when_imported(name, callback):
    """Calls callback(module) now if the module name is imported, and
    whenever it is imported (again) from now on."""
    _the_watch().callbacks[name] = callback
    module = sys.modules.get(name)
    if module is not None:
        _watch.fire(module)


def forget(name):
    """Stops watching for the module name; the finder leaves sys.meta_path
    when it watches nothing."""
    if _watch is None:
        return
    _watch.callbacks.pop(name, None)
    if not _watch.callbacks:
        sys.meta_path[:] = [f for f in sys.meta_path if f is not _watch]


# ------------------------------------------------------------ the renderer

_renderer_classes = {}


def _renderer_class(base):
    """A plotly MimetypeRenderer subclass (made when plotly is there: this
    module never imports it), one per base class."""
    cls = _renderer_classes.get(base)
    if cls is None:
        class ChartexRenderer(base):
            """chartex: the figure's chart (E2B's chart schema) under the MIME
            type e2b/chart.  Never raises: a figure that cannot be read
            gives no e2b/chart, the other renderers' output goes on."""

            def __init__(self, to_bundle=None):
                self.to_bundle = to_bundle

            def to_mimebundle(self, fig_dict):
                try:
                    bundle = self.to_bundle(fig_dict)
                except Exception:
                    return {}
                return bundle if isinstance(bundle, dict) else {}

        ChartexRenderer.__module__ = __name__
        cls = _renderer_classes[base] = ChartexRenderer
    return cls


def _set_default(renderers, value):
    """renderers.default = value, without making the renderers already in
    use activate again (the setter queues every renderer of the list for
    activation; "notebook" would publish plotly.js once more).  Ours has
    nothing to activate."""
    pending = getattr(renderers, "_to_activate", None)
    renderers.default = value
    if isinstance(pending, list) and hasattr(renderers, "_to_activate"):
        renderers._to_activate = pending


def _names(default):
    return [n for n in (default or "").split("+") if n]


class Hook:
    """Keeps a renderer `name`, whose to_mimebundle(fig_dict) returns
    to_bundle(fig_dict), in plotly's renderers and in their default from
    the moment plotly's renderers exist until detach().

    exclusive=False (the kernel): appended to the default with "+", when
    there is a default (an empty one means no display: left alone).
    exclusive=True (the convert worker): the default is this renderer
    alone, so that a script's fig.show() displays nothing and opens no
    browser."""

    def __init__(self, to_bundle, name=RENDERER_NAME, exclusive=False):
        self.to_bundle = to_bundle
        self.name = name
        self.exclusive = exclusive
        self.renderer = None

    def attach(self):
        when_imported(RENDERERS_MODULE, self._install)

    def ensure(self):
        """Puts the renderer back where it belongs, if plotly's renderers are
        imported and something (the user, a script) took it out; cheap when
        nothing changed."""
        module = sys.modules.get(RENDERERS_MODULE)
        if module is not None:
            self._install(module)

    def detach(self):
        forget(RENDERERS_MODULE)
        module = sys.modules.get(RENDERERS_MODULE)
        renderers = getattr(module, "renderers", None)
        if renderers is None:
            return
        try:
            names = _names(renderers.default)
            if self.name in names:
                _set_default(renderers, "+".join(n for n in names if n != self.name))
        except Exception as exc:
            log.warning("plotly: cannot take %r out of the default renderers (%s: %s)",
                        self.name, type(exc).__name__, exc)
        if self.name in renderers and renderers[self.name] is self.renderer:
            try:
                del renderers[self.name]
            except AttributeError:
                # plotly's RenderersConfig.__delitem__ deletes, then reads an
                # attribute it does not have (_default).
                pass

    def _install(self, module):
        renderers = getattr(module, "renderers", None)
        base = getattr(sys.modules.get(BASE_RENDERERS_MODULE), "MimetypeRenderer", None)
        if renderers is None or not isinstance(base, type):
            return False    # a plotly we do not know: no renderer, no harm
        cls = _renderer_class(base)
        if not isinstance(self.renderer, cls):
            self.renderer = cls(self.to_bundle)
        if self.name not in renderers or renderers[self.name] is not self.renderer:
            renderers[self.name] = self.renderer
        default = renderers.default or ""
        if self.exclusive:
            if default != self.name:
                _set_default(renderers, self.name)
        else:
            names = _names(default)
            if names and self.name not in names:
                _set_default(renderers, "+".join(names + [self.name]))
        return True
