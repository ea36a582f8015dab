"""The e2b/chart display formatter for IPython and Jupyter kernels.

    %load_ext chartex                  # in a notebook or kernel: one line
    chartex.ipython.register()         # the same from code; returns the formatter
    python3 -m chartex.ipython install # every kernel of the default profile

Once registered, every matplotlib Figure that IPython displays (plt.show()
under the inline backend, a Figure as a cell's last expression,
display(fig)) carries its chart, E2B's chart schema as a dict, under the
MIME type `e2b/chart`, next to the image/png that the inline backend makes.
Any other object can supply its own chart through a `_repr_e2b_chart_()`
method returning a dict.

Plotly figures carry theirs too, whether shown with fig.show(), as a
cell's last expression or with display(fig).  A Plotly figure displays
itself through plotly's renderers (plotly.io.renderers.default), not
through IPython's formatters, so registering also adds a renderer named
"chartex" to that default ("plotly_mimetype" becomes
"plotly_mimetype+chartex"), as soon as plotly's renderers are imported
(chartex._plotly.hook: an import hook, so that a cell that imports plotly and
shows a figure gets its chart), and puts it back before each cell if the
default was replaced without it.  The formatter also answers for a
plotly.basedatatypes.BaseFigure itself (registered by type name: plotly
is never imported), for a front end that asks the formatters directly.

Two promises, because the formatter runs for every displayed object:

- Answering "not mine" is cheap: it never imports matplotlib, NumPy or the
  extension module.  An object can only be a Figure when matplotlib.figure
  is already in sys.modules, so that is checked first.
- A failure never breaks a display: whatever goes wrong while reading a
  figure, the formatter returns {} (which E2B's server drops), the other
  MIME types are produced as usual, nothing reaches the user's cell, and
  the reason is logged once per distinct failure through the "chartex"
  logger (which has only a NullHandler: configure logging to see it; the
  start-up file sends it to the kernel's own stderr, the server's log).

Large figures: by default the chart is as exact as the picture and small
enough to travel.  Each line or scatter series keeps at most
`points_per_pixel` (4) points per pixel column of its Axes as rendered,
reduced with the shape-keeping methods of doc/schema.md (a line keeps the
first, last, lowest and highest point of each run), and an image at most
one value (a block mean) per pixel; then a budget for the whole chart,
`max_total_points` (30,000 points and image cells: under 2 MB of JSON even
when every number is 24 characters long), lowers every series' limit alike
until the chart fits.  Reduced elements say so in their "downsampled" key,
and a chart the budget reduced in its top-level "budget" key.  The library
API (chartex.figure_to_dict) keeps every point unless asked.

`max_points` (a setting of the formatter, or the environment variable
CHARTEX_MAX_POINTS read when the formatter is made) changes that: None (the
default) is the bound above; N (at least 6) a fixed limit of N points per
series instead of the resolution (the budget still holds); 0 no limit at
all: every point and every cell, whatever the size.
"""

import logging
import math
import os
import sys

try:
    from IPython.core.formatters import BaseFormatter
    from traitlets import Float, Integer, ObjectName, TraitError, Unicode, default, validate

    from ._tables import formatters as _formatters
    from ._plotly import hook as _plotly
except ImportError as _exc:
    if __name__ == "__main__":   # python -m chartex.ipython: say what to install
        sys.exit("python -m chartex.ipython: needs IPython (pip install 'chartex[ipython]'): "
                 "%s" % _exc)
    raise

TYPE_CHECKING = False
if TYPE_CHECKING:  # the annotations' names, for type checkers only
    from typing import Optional, Sequence

    from IPython.core.interactiveshell import InteractiveShell
del TYPE_CHECKING

MIME_TYPE = "e2b/chart"
ENV_MAX_POINTS = "CHARTEX_MAX_POINTS"
STARTUP_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                            "ipython_startup.py")
STARTUP_NAME = "00-chartex.py"

log = logging.getLogger("chartex")
# A library leaves output to the application: without a handler of its own,
# logging's last resort would print warnings to sys.stderr, which a kernel
# forwards into the user's cell.
log.addHandler(logging.NullHandler())

# The figure classes of the matplotlib.figure module last seen in
# sys.modules (FigureBase covers Figure and SubFigure).
_figure_module = None
_figure_types = ()
_extension = None


def _figure_classes(module):
    global _figure_module, _figure_types
    if module is not _figure_module:
        types = tuple(t for t in (getattr(module, "FigureBase", None),
                                  getattr(module, "Figure", None))
                      if isinstance(t, type))
        _figure_module, _figure_types = module, types
    return _figure_types


def _min_max_points():
    """The smallest limit the core accepts: the first and last points plus
    the four extremes of one bucket (include/chartex.h, CHARTEX_MIN_MAX_POINTS,
    which the extension exports).  Asked for only when a limit is checked or
    its help is shown: importing this module must not load the extension."""
    global _extension
    if _extension is None:
        from . import _chartex as _extension
    return _extension.MIN_MAX_POINTS


def __getattr__(name):
    # MIN_MAX_POINTS, a name of this module, read from the extension on
    # first use (PEP 562).
    if name == "MIN_MAX_POINTS":
        return _min_max_points()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _is_figure(obj):
    """True when obj is a matplotlib Figure or SubFigure; never imports."""
    module = sys.modules.get("matplotlib.figure")
    return module is not None and isinstance(obj, _figure_classes(module))


# The bound of the default (see the module's text): 4 points per pixel
# column keeps a line's first, last, lowest and highest point in each; the
# budget keeps a payload under 2 MB when every point is as long as it can be
# in jupyter_client's stdlib json (two 24-character numbers and a date
# string's worth of punctuation: under 64 bytes), with room for the texts.
POINTS_PER_PIXEL = 4.0
MAX_TOTAL_POINTS = 30_000
# Longer texts (a title, a name, a category) are cut, as e2b/data's are.
MAX_STRING = 10_000


def _env_max_points():
    text = os.environ.get(ENV_MAX_POINTS, "").strip()
    if not text:
        return None
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value != 0 and value < _min_max_points():
        log.warning("%s=%r ignored: it must be 0 (no limit) or an integer >= %d",
                    ENV_MAX_POINTS, text, _min_max_points())
        return None
    return value


def _text(exc):
    try:
        return str(exc)
    except Exception:  # an exception whose __str__ fails
        return "<unprintable %s>" % type(exc).__name__


class _MaxPointsTrait(Integer):
    """The max_points setting.  Its help names the smallest limit, which
    only the extension knows: the text is made when the help is read (by
    %config or --help-all), since making it when this module is imported
    would load the extension."""

    _made = False

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # TraitType.__init__ reads the help (to set __doc__): empty until here.
        self._made = True

    @property
    def help(self):
        if not self._made:
            return ""
        return ("Keep at most this many points per series (at least %d), "
                "keeping the series' shape, instead of points_per_pixel; 0: no "
                "limit at all (every point and image cell); None: the "
                "resolution and budget bound.  Defaults to the environment "
                "variable %s." % (_min_max_points(), ENV_MAX_POINTS))

    @help.setter
    def help(self, value):
        pass    # always the text above


# Help shows a setting's type by the name of its trait's class: Integer's.
_MaxPointsTrait.__name__ = _MaxPointsTrait.__qualname__ = Integer.__name__


class ChartFormatter(BaseFormatter):
    """IPython formatter for the MIME type e2b/chart.

    A matplotlib Figure (or SubFigure) gives chartex.figure_to_dict(fig),
    {} when it has no data or cannot be read.  Other objects give what
    their _repr_e2b_chart_() method or a printer registered with
    for_type() returns (a dict), else nothing.  Calling the formatter
    never raises.
    """

    format_type = Unicode(MIME_TYPE)
    _return_type = dict
    print_method = ObjectName("_repr_e2b_chart_")

    max_points = _MaxPointsTrait(None, allow_none=True).tag(config=True)

    @default("max_points")
    def _max_points_default(self):
        return _env_max_points()

    @validate("max_points")
    def _check_max_points(self, proposal):
        value = proposal["value"]
        if value is not None and value != 0 and value < _min_max_points():
            raise TraitError("max_points must be None, 0 or an integer >= %d, not %r"
                             % (_min_max_points(), value))
        return value

    points_per_pixel = Float(
        POINTS_PER_PIXEL,
        help="Points kept per pixel column of a series' Axes as rendered "
             "(images: one value per pixel), unless max_points is set.  "
             "0: no resolution bound.").tag(config=True)

    max_total_points = Integer(
        MAX_TOTAL_POINTS,
        help="A budget for the whole chart: series points and image cells "
             "after the other limits; 0: none.  Unless max_points is 0.").tag(config=True)

    max_string = Integer(
        MAX_STRING,
        help="Texts longer than this many characters are cut (ending with "
             "U+2026); 0: never.  Unless max_points is 0.").tag(config=True)

    @validate("max_string")
    def _check_max_string(self, proposal):
        value = proposal["value"]
        if value < 0:
            raise TraitError("max_string must be 0 or more, not %r" % (value,))
        return value

    @validate("points_per_pixel")
    def _check_points_per_pixel(self, proposal):
        value = proposal["value"]
        if not (value == 0 or (math.isfinite(value) and value > 0)):
            raise TraitError("points_per_pixel must be 0 or a finite number above 0, "
                             "not %r" % (value,))
        return value

    @validate("max_total_points")
    def _check_max_total_points(self, proposal):
        value = proposal["value"]
        if value != 0 and value < _min_max_points():
            raise TraitError("max_total_points must be 0 or an integer >= %d, not %r"
                             % (_min_max_points(), value))
        return value

    def chart_options(self):
        """The keyword arguments of figure_to_dict that these settings make."""
        if self.max_points == 0:
            return {}
        return {"max_points": self.max_points,
                "points_per_pixel": (self.points_per_pixel or None
                                     if self.max_points is None else None),
                "max_total_points": self.max_total_points or None,
                "max_string": self.max_string or None}

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        # (exception type, message) -> how many times it happened.
        self.failures = {}
        # A Plotly figure given to the formatter itself (plotly figures
        # display themselves through plotly's renderers: see register()).
        # By name, so that plotly is imported only by the user.
        self.for_type_by_name(_plotly.FIGURE_MODULE, "BaseFigure", self._figure_chart)

    # Not decorated with catch_format_error, as BaseFormatter.__call__ is:
    # that prints a traceback into the user's cell.  Failures end here.
    def __call__(self, obj):
        if _is_figure(obj):
            if not self.enabled:
                return None
            return self._figure_chart(obj)
        return self._other_chart(obj)

    def _figure_chart(self, fig):
        chart = self._chart_or_none(fig)
        return {} if chart is None else chart

    def _chart_or_none(self, fig):
        """The chart of fig (a matplotlib or Plotly figure, or a Plotly
        figure's dict), None when it cannot be read (the failure is logged
        once)."""
        global _extension
        try:
            if _extension is None:
                from . import _chartex as _extension
            return _extension.figure_to_dict(fig, **self.chart_options())
        except Exception as exc:
            self._failed(exc, fig)
            return None

    def _plotly_bundle(self, fig_dict):
        """What the "chartex" Plotly renderer adds to a shown figure's MIME
        bundle: {"e2b/chart": chart}, nothing when this formatter is
        disabled or the figure cannot be read."""
        if not self.enabled:
            return {}
        chart = self._chart_or_none(fig_dict)
        return {} if chart is None else {MIME_TYPE: chart}

    def _other_chart(self, obj):
        if not self.enabled:
            return None
        try:
            return _formatters.registered_result(self, obj)
        except Exception as exc:
            self._failed(exc, obj)
            return None

    def _failed(self, exc, obj):
        """Logs exc once per distinct (type, message)."""
        _formatters.log_failure(self.failures, MIME_TYPE, "chart", obj, exc)


def _shell(ip):
    if ip is None:
        from IPython import get_ipython

        ip = get_ipython()
        if ip is None:
            raise RuntimeError("chartex.ipython: not running inside IPython; "
                               "pass the shell")
    return ip


def register(ip: "Optional[InteractiveShell]" = None, *, json: bool = False) -> ChartFormatter:
    """Installs the e2b/chart formatter on the shell ip (the running one when
    None) and returns it, and the e2b/data formatter beside it (tables:
    chartex._tables.formatters); json=True also replaces IPython's
    application/json formatter with the strict one that answers for every
    list and dict (E2B's E2BJSONFormatter).  Registering again keeps the
    installed ones; formatters of another kind for these MIME types are
    replaced."""
    ip = _shell(ip)
    formatters = ip.display_formatter.formatters
    if not isinstance(formatters.get(_formatters.DATA_MIME_TYPE),
                      _formatters.DataFormatter):
        formatters[_formatters.DATA_MIME_TYPE] = _formatters.DataFormatter(
            parent=ip.display_formatter)
    if json and not isinstance(formatters.get(_formatters.JSON_MIME_TYPE),
                               _formatters.StrictJSONFormatter):
        formatters[_formatters.JSON_MIME_TYPE] = _formatters.StrictJSONFormatter(
            parent=ip.display_formatter)
    current = formatters.get(MIME_TYPE)
    if isinstance(current, ChartFormatter):
        _attach_plotly(ip, current)
        return current
    formatter = ChartFormatter(parent=ip.display_formatter)
    formatters[MIME_TYPE] = formatter
    _attach_plotly(ip, formatter)
    _log_packer(ip)
    return formatter


# The "chartex" Plotly renderer of this process (plotly's renderers are a
# process-wide setting), and the shell whose pre_run_cell event keeps it in
# the default.
_plotly_hook = None
_plotly_shell = None


def _plotly_ensure(*args):
    """pre_run_cell: the renderer back in plotly's default when the user
    replaced the default without it (pio.renderers.default = "notebook"),
    from the next cell on.  Costs a sys.modules lookup while plotly is not
    imported."""
    try:
        if _plotly_hook is not None:
            _plotly_hook.ensure()
    except Exception as exc:
        log.warning("e2b/chart: cannot keep the chartex Plotly renderer in the default "
                    "(%s: %s)", type(exc).__name__, _text(exc))


def _attach_plotly(ip, formatter):
    """Makes fig.show() (and every other display of a Plotly figure) carry
    the chart that formatter makes: see the module's text.  Registering
    again only follows the formatter."""
    global _plotly_hook, _plotly_shell
    try:
        if _plotly_hook is None:
            _plotly_hook = _plotly.Hook(formatter._plotly_bundle)
        _plotly_hook.to_bundle = formatter._plotly_bundle
        if _plotly_hook.renderer is not None:
            _plotly_hook.renderer.to_bundle = formatter._plotly_bundle
        _plotly_hook.attach()
        if _plotly_shell is not None and _plotly_shell is not ip:
            _detach_event(_plotly_shell)
        if _plotly_ensure not in ip.events.callbacks.get("pre_run_cell", []):
            ip.events.register("pre_run_cell", _plotly_ensure)
        _plotly_shell = ip
    except Exception as exc:  # matplotlib's charts do not depend on it
        log.warning("e2b/chart: Plotly figures will carry no chart (%s: %s)",
                    type(exc).__name__, _text(exc), exc_info=True)


def _detach_event(ip):
    try:
        ip.events.unregister("pre_run_cell", _plotly_ensure)
    except (ValueError, KeyError, AttributeError):
        pass


def _detach_plotly(ip):
    global _plotly_hook, _plotly_shell
    if _plotly_shell is not None:
        _detach_event(_plotly_shell)
    _detach_event(ip)
    _plotly_shell = None
    hook, _plotly_hook = _plotly_hook, None
    if hook is not None:
        try:
            hook.detach()
        except Exception as exc:
            log.warning("e2b/chart: cannot remove the chartex Plotly renderer (%s: %s)",
                        type(exc).__name__, _text(exc))


def _log_packer(ip):
    """Says once, at debug level, how this kernel packs its messages: the
    stdlib json packer costs more than the chart (README, "Delivery")."""
    try:
        session = getattr(getattr(ip, "kernel", None), "session", None)
        if session is None:
            return
        packer = str(getattr(session, "packer", "?"))
        log.debug("e2b/chart: this kernel packs its messages with %r%s", packer,
                  "" if packer == "orjson" else
                  " (install orjson, or set c.Session.packer = 'orjson', for a "
                  "faster one)")
    except Exception:  # a diagnostic must not break registration
        pass


def unregister(ip: "Optional[InteractiveShell]" = None) -> None:
    """Removes the e2b/chart and e2b/data formatters from the shell ip (the
    running one when None), whatever their kind, chartex's application/json
    formatter (IPython's comes back) and the chartex renderer from plotly's;
    displays then carry no chart and no table."""
    ip = _shell(ip)
    formatters = ip.display_formatter.formatters
    formatters.pop(MIME_TYPE, None)
    formatters.pop(_formatters.DATA_MIME_TYPE, None)
    if isinstance(formatters.get(_formatters.JSON_MIME_TYPE),
                  _formatters.StrictJSONFormatter):
        # IPython's own again.
        from IPython.core.formatters import JSONFormatter

        formatters[_formatters.JSON_MIME_TYPE] = JSONFormatter(parent=ip.display_formatter)
    _detach_plotly(ip)


# The start-up file's switch for the application/json formatter, which
# install_startup(json=True) turns on in the copy.
_JSON_SWITCH = "JSON_FORMATTER = False"


def install_startup(ipython_dir: "Optional[str]" = None, profile: str = "default",
                    json: bool = False) -> str:
    """Copies the start-up file into <ipython_dir>/profile_<profile>/startup/
    as 00-chartex.py (ipython_dir: $IPYTHONDIR or ~/.ipython) and returns
    its path.  Every kernel started with that profile then registers the
    e2b/chart and e2b/data formatters, and with json=True the strict
    application/json formatter too."""
    if ipython_dir is None:
        from IPython.paths import get_ipython_dir

        ipython_dir = get_ipython_dir()
    folder = os.path.join(ipython_dir, "profile_" + profile, "startup")
    os.makedirs(folder, exist_ok=True)
    target = os.path.join(folder, STARTUP_NAME)
    with open(STARTUP_FILE, encoding="utf-8") as f:
        text = f.read()
    if json:
        if _JSON_SWITCH not in text:
            raise RuntimeError("%s has no %r line" % (STARTUP_FILE, _JSON_SWITCH))
        text = text.replace(_JSON_SWITCH, "JSON_FORMATTER = True", 1)
    with open(target, "w", encoding="utf-8") as f:
        f.write(text)
    return target


def main(argv: "Optional[Sequence[str]]" = None, prog: str = "python -m chartex.ipython") -> int:
    """`python -m chartex.ipython COMMAND` (also `chartex ipython COMMAND`)."""
    import argparse

    parser = argparse.ArgumentParser(
        prog=prog,
        description="Set up the e2b/chart and e2b/data formatters for IPython kernels.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True
    install = commands.add_parser(
        "install", help="copy the start-up file into an IPython profile",
        description="Copy the start-up file into IPYTHON_DIR/profile_PROFILE/"
                    "startup/%s, so that every kernel of that profile registers "
                    "the formatters." % STARTUP_NAME)
    install.add_argument("--ipython-dir", default=None,
                         help="default: $IPYTHONDIR, else ~/.ipython")
    install.add_argument("--profile", default="default")
    install.add_argument("--json", action="store_true",
                         help="also replace IPython's application/json formatter: every "
                              "displayed list or dict as strict JSON (E2B's "
                              "E2BJSONFormatter)")
    commands.add_parser("startup-file", help="print the start-up file's path")
    args = parser.parse_args(argv)
    if args.command == "install":
        print(install_startup(args.ipython_dir, args.profile, json=args.json))
    else:
        print(STARTUP_FILE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
