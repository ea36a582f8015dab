"""Loading pickled matplotlib Figures without running the pickle's code.

A pickle is a program: its GLOBAL opcodes name any importable callable and
its REDUCE opcodes call them with arguments of the file's choosing, so
pickle.load() of a hostile file runs whatever it wants.  load_figure()
uses an Unpickler whose find_class() returns only the exact "module.name"
globals in ALLOWED and refuses everything else (UnsafePickleError naming
the global) before anything of the file runs.  A module-prefix rule would
not do: matplotlib and numpy themselves hold functions that write files
(numpy.save, Figure.savefig) or run strings.

ALLOWED is what real pickled Figures ask for (every fixture, every chart
kind, dates, categories, colorbars, subfigures, twin axes, polar, pandas
plots) on matplotlib 3.6 and 3.10 with their numpy and pandas, found by
tools/pickle_globals.py and reviewed by hand: each name is a class whose
construction or __setstate__ only builds in-memory state, or a function
that only builds objects or computes; nothing that opens a file, starts a
process, imports by name or evaluates text.

builtins.getattr is how pickle saves a bound method (fig.delaxes kept as a
callback), a nested class or an enum member.  Given freely it reaches
anything (getattr(Figure, "savefig"), a function's __globals__), so it is
replaced by _restricted_getattr, which reads only the attributes in
GETATTR_ALLOWED, named by the class that defines them.

Loading a Figure never opens a window: the worker that loads pickles runs
the Agg backend, and a pyplot figure restored by Figure.__setstate__ is
closed with the worker's other figures after each input.
"""

import _compat_pickle
import importlib
import io
import pickle
import sys
import warnings


class UnsafePickleError(pickle.UnpicklingError):
    """The pickle names a global outside the allow-list."""


def normalize(module, name):
    """The Python 3 name of a protocol 0-2 global (__builtin__.set is
    builtins.set), as the default find_class maps it."""
    if (module, name) in _compat_pickle.NAME_MAPPING:
        return _compat_pickle.NAME_MAPPING[(module, name)]
    return _compat_pickle.IMPORT_MAPPING.get(module, module), name


def _qualname(cls):
    return "%s.%s" % (getattr(cls, "__module__", "?"),
                      getattr(cls, "__qualname__", getattr(cls, "__name__", "?")))


def owner_of(obj, attr):
    """The "module.qualname" of the class that defines attr for obj: for a
    class, the first class of its MRO holding attr (an enum member, a nested
    class), for an instance the first class of its type's MRO."""
    mro = obj.__mro__ if isinstance(obj, type) else type(obj).__mro__
    for cls in mro:
        if attr in vars(cls):
            return _qualname(cls)
    return _qualname(obj if isinstance(obj, type) else type(obj))


def _restricted_getattr(obj, attr, *default):
    if not isinstance(attr, str) or default:
        raise UnsafePickleError("refused getattr(%s, %r)" % (_qualname(type(obj)), attr))
    key = "%s.%s" % (owner_of(obj, attr), attr)
    if key not in GETATTR_ALLOWED:
        raise UnsafePickleError("refused getattr: %s" % key)
    return getattr(obj, attr)


class RestrictedUnpickler(pickle.Unpickler):
    """An Unpickler that resolves only the globals in ALLOWED."""

    def find_class(self, module, name):
        module, name = normalize(module, name)
        full = "%s.%s" % (module, name)
        if full == "builtins.getattr":
            return _restricted_getattr
        found = _resolved.get(full)
        if found is not None:
            return found
        if full not in ALLOWED:
            raise UnsafePickleError("refused global %s" % full)
        # Imported only once allowed: importing runs the module's code.
        obj = importlib.import_module(module)
        for part in name.split("."):
            obj = getattr(obj, part)
        _resolved[full] = obj
        return obj


# The allowed globals already resolved (a figure asks for each many times).
_resolved = {}


class VersionError(Exception):
    """The pickle was written by another matplotlib and does not load here."""


def load_figure(data, trust=False):
    """The Figure pickled in data (bytes).

    Raises UnsafePickleError for a refused global (before anything of the
    file runs), TypeError when the pickle holds something else than a
    Figure, pickle.UnpicklingError (or another exception) for a damaged
    file, and VersionError when the file, written by another matplotlib
    version, fails to load here.
    """
    import matplotlib
    from matplotlib.figure import Figure

    unpickler = (pickle.Unpickler if trust else RestrictedUnpickler)(io.BytesIO(data))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            obj = unpickler.load()
        except UnsafePickleError:
            raise
        except Exception as e:
            saved = _saved_version(caught)
            if saved:
                raise VersionError(
                    "written by matplotlib %s, which this matplotlib %s cannot load "
                    "(%s: %s); convert it with matplotlib %s"
                    % (saved, matplotlib.__version__, type(e).__name__, e, saved)) from e
            raise
    if not isinstance(obj, Figure):
        raise TypeError("the pickle holds a %s, not a matplotlib Figure"
                        % _qualname(type(obj)))
    return obj, _saved_version(caught)


def _saved_version(caught):
    """The version named by matplotlib's "This figure was saved with
    matplotlib version X" warning, or None."""
    for w in caught:
        text = str(w.message)
        marker = "saved with matplotlib version "
        if marker in text:
            return text.split(marker, 1)[1].split()[0]
    return None


# --------------------------------------------------------------- the lists
# Generated by tools/pickle_globals.py on matplotlib 3.10.9 / numpy 2.4 /
# pandas 3 and matplotlib 3.6.3 / numpy 1.24 / pandas 1.5, then reviewed.
ALLOWED = frozenset((
    "_codecs.encode",

    "builtins.bytes",
    "builtins.object",
    "builtins.range",
    "builtins.set",
    "builtins.slice",

    "collections.OrderedDict",

    "datetime.date",
    "datetime.datetime",
    "datetime.time",
    "datetime.timedelta",
    "datetime.timezone",

    "dateutil.rrule.rrule",

    "functools.partial",

    "itertools.count",

    "matplotlib._enums.CapStyle",
    "matplotlib._enums.JoinStyle",

    "matplotlib.artist._XYPair",
    "matplotlib.artist._stale_axes_callback",

    "matplotlib.axes._axes.Axes",
    "matplotlib.axes._base._PropCycle",
    "matplotlib.axes._base._TransformedBoundsLocator",
    "matplotlib.axes._base._process_plot_var_args",
    "matplotlib.axes._subplots.SubplotBase",

    "matplotlib.axis.Axis",
    "matplotlib.axis.Axis._format_with_dict",
    "matplotlib.axis.Ticker",
    "matplotlib.axis.XAxis",
    "matplotlib.axis.XTick",
    "matplotlib.axis.YAxis",
    "matplotlib.axis.YTick",

    "matplotlib.backend_bases.FigureManagerBase",
    "matplotlib.backend_bases._key_handler",
    "matplotlib.backend_bases._mouse_handler",

    "matplotlib.backends.backend_agg.FigureCanvasAgg",

    "matplotlib.category.StrCategoryConverter",
    "matplotlib.category.StrCategoryFormatter",
    "matplotlib.category.StrCategoryLocator",
    "matplotlib.category.UnitData",

    "matplotlib.cbook.CallbackRegistry",
    "matplotlib.cbook.Grouper",
    "matplotlib.cbook._OrderedSet",
    "matplotlib.cbook._exception_printer",
    "matplotlib.cbook._picklable_class_constructor",
    # A contour set's list of collections (matplotlib < 3.8): a list.
    "matplotlib.cbook.silent_list",

    "matplotlib.collections.FillBetweenPolyCollection",
    "matplotlib.collections.LineCollection",
    "matplotlib.collections.PathCollection",
    "matplotlib.collections.PolyCollection",
    "matplotlib.collections.QuadMesh",

    "matplotlib.colorbar.Colorbar",
    "matplotlib.colorbar._ColorbarAxesLocator",
    "matplotlib.colorbar._ColorbarSpine",

    "matplotlib.colorizer.Colorizer",

    "matplotlib.colors.LinearSegmentedColormap",
    "matplotlib.colors.ListedColormap",
    "matplotlib.colors.LogNorm",
    "matplotlib.colors.Normalize",
    "matplotlib.colors._create_empty_object_of_class",

    "matplotlib.container.BarContainer",
    "matplotlib.container.ErrorbarContainer",
    "matplotlib.container.StemContainer",

    "matplotlib.contour.QuadContourSet",

    "matplotlib.dates.AutoDateFormatter",
    "matplotlib.dates.AutoDateLocator",
    "matplotlib.dates.ConciseDateFormatter",
    "matplotlib.dates.DateFormatter",
    "matplotlib.dates.DayLocator",
    "matplotlib.dates.HourLocator",
    "matplotlib.dates.YearLocator",
    "matplotlib.dates._SwitchableDateConverter",
    "matplotlib.dates.rrulewrapper",

    "matplotlib.figure.Figure",
    "matplotlib.figure.SubFigure",
    "matplotlib.figure.SubplotParams",
    "matplotlib.figure._AxesStack",

    "matplotlib.font_manager.FontProperties",

    "matplotlib.gridspec.GridSpec",
    "matplotlib.gridspec.GridSpecFromSubplotSpec",
    "matplotlib.gridspec.SubplotParams",
    "matplotlib.gridspec.SubplotSpec",

    "matplotlib.image.AxesImage",

    "matplotlib.layout_engine.ConstrainedLayoutEngine",
    "matplotlib.layout_engine.PlaceHolderLayoutEngine",
    "matplotlib.layout_engine.TightLayoutEngine",

    "matplotlib.legend.Legend",

    "matplotlib.lines.AxLine",
    "matplotlib.lines.Line2D",
    "matplotlib.lines._AxLine",

    "matplotlib.markers.MarkerStyle",

    "matplotlib.offsetbox.DrawingArea",
    "matplotlib.offsetbox.HPacker",
    "matplotlib.offsetbox.TextArea",
    "matplotlib.offsetbox.VPacker",

    # Every patch class a user adds, and every arrow, box and connection
    # style (pure geometry), not only those the fixtures used.
    "matplotlib.patches.Annulus",
    "matplotlib.patches.Arc",
    "matplotlib.patches.Arrow",
    "matplotlib.patches.ArrowStyle",
    "matplotlib.patches.ArrowStyle.BarAB",
    "matplotlib.patches.ArrowStyle.BracketA",
    "matplotlib.patches.ArrowStyle.BracketAB",
    "matplotlib.patches.ArrowStyle.BracketB",
    "matplotlib.patches.ArrowStyle.BracketCurve",
    "matplotlib.patches.ArrowStyle.Curve",
    "matplotlib.patches.ArrowStyle.CurveA",
    "matplotlib.patches.ArrowStyle.CurveAB",
    "matplotlib.patches.ArrowStyle.CurveB",
    "matplotlib.patches.ArrowStyle.CurveBracket",
    "matplotlib.patches.ArrowStyle.CurveFilledA",
    "matplotlib.patches.ArrowStyle.CurveFilledAB",
    "matplotlib.patches.ArrowStyle.CurveFilledB",
    "matplotlib.patches.ArrowStyle.Fancy",
    "matplotlib.patches.ArrowStyle.Simple",
    "matplotlib.patches.ArrowStyle.Wedge",
    "matplotlib.patches.BoxStyle",
    "matplotlib.patches.BoxStyle.Circle",
    "matplotlib.patches.BoxStyle.DArrow",
    "matplotlib.patches.BoxStyle.Ellipse",
    "matplotlib.patches.BoxStyle.LArrow",
    "matplotlib.patches.BoxStyle.RArrow",
    "matplotlib.patches.BoxStyle.Round",
    "matplotlib.patches.BoxStyle.Round4",
    "matplotlib.patches.BoxStyle.Roundtooth",
    "matplotlib.patches.BoxStyle.Sawtooth",
    "matplotlib.patches.BoxStyle.Square",
    "matplotlib.patches.Circle",
    "matplotlib.patches.CirclePolygon",
    "matplotlib.patches.ConnectionPatch",
    "matplotlib.patches.ConnectionStyle",
    "matplotlib.patches.ConnectionStyle.Angle",
    "matplotlib.patches.ConnectionStyle.Angle3",
    "matplotlib.patches.ConnectionStyle.Arc",
    "matplotlib.patches.ConnectionStyle.Arc3",
    "matplotlib.patches.ConnectionStyle.Bar",
    "matplotlib.patches.Ellipse",
    "matplotlib.patches.FancyArrow",
    "matplotlib.patches.FancyArrowPatch",
    "matplotlib.patches.FancyBboxPatch",
    "matplotlib.patches.PathPatch",
    "matplotlib.patches.Polygon",
    "matplotlib.patches.Rectangle",
    "matplotlib.patches.RegularPolygon",
    "matplotlib.patches.Shadow",
    "matplotlib.patches.StepPatch",
    "matplotlib.patches.Wedge",

    "matplotlib.path.Path",

    "matplotlib.quiver.Barbs",
    "matplotlib.quiver.QuiverKey",
    "matplotlib.table.Cell",
    "matplotlib.table.CustomCell",
    "matplotlib.table.Table",

    "matplotlib.projections.polar.PolarAffine",
    "matplotlib.projections.polar.PolarAxes",
    "matplotlib.projections.polar.PolarTransform",
    "matplotlib.projections.polar.RadialAxis",
    "matplotlib.projections.polar.RadialLocator",
    "matplotlib.projections.polar.RadialTick",
    "matplotlib.projections.polar.ThetaAxis",
    "matplotlib.projections.polar.ThetaFormatter",
    "matplotlib.projections.polar.ThetaLocator",
    "matplotlib.projections.polar.ThetaTick",
    "matplotlib.projections.polar._AxisWrapper",
    "matplotlib.projections.polar._ThetaShift",
    "matplotlib.projections.polar._WedgeBbox",

    "matplotlib.quiver.Quiver",

    "matplotlib.scale.AsinhScale",
    "matplotlib.scale.AsinhTransform",
    # A contour set's colorbar (a BoundaryNorm-like scale): the functions
    # it holds are Colorbar methods, which GETATTR_ALLOWED names.
    "matplotlib.scale.FuncScale",
    "matplotlib.scale.FuncTransform",
    "matplotlib.scale.LinearScale",
    "matplotlib.scale.LogScale",
    "matplotlib.scale.LogTransform",
    "matplotlib.scale.LogitScale",
    "matplotlib.scale.LogitTransform",
    "matplotlib.scale.SymmetricalLogScale",
    "matplotlib.scale.SymmetricalLogTransform",

    "matplotlib.spines.Spine",
    "matplotlib.spines.Spines",

    "matplotlib.text.Annotation",
    "matplotlib.text.Text",

    "matplotlib.ticker.AsinhLocator",
    "matplotlib.ticker.AutoLocator",
    "matplotlib.ticker.AutoMinorLocator",
    "matplotlib.ticker.FixedFormatter",
    "matplotlib.ticker.FixedLocator",
    "matplotlib.ticker.FuncFormatter",
    "matplotlib.ticker.LogFormatterSciNotation",
    "matplotlib.ticker.LogLocator",
    "matplotlib.ticker.LogitFormatter",
    "matplotlib.ticker.LogitLocator",
    "matplotlib.ticker.MaxNLocator",
    "matplotlib.ticker.NullFormatter",
    "matplotlib.ticker.NullLocator",
    "matplotlib.ticker.ScalarFormatter",
    "matplotlib.ticker.StrMethodFormatter",
    "matplotlib.ticker.SymmetricalLogLocator",
    "matplotlib.ticker._Edge_integer",

    "matplotlib.transforms.Affine2D",
    "matplotlib.transforms.AffineDeltaTransform",
    "matplotlib.transforms.Bbox",
    "matplotlib.transforms.BboxTransformFrom",
    "matplotlib.transforms.BboxTransformTo",
    "matplotlib.transforms.BlendedAffine2D",
    "matplotlib.transforms.BlendedGenericTransform",
    "matplotlib.transforms.CompositeAffine2D",
    "matplotlib.transforms.CompositeGenericTransform",
    "matplotlib.transforms.IdentityTransform",
    "matplotlib.transforms.LockableBbox",
    "matplotlib.transforms.ScaledTranslation",
    "matplotlib.transforms.TransformWrapper",
    "matplotlib.transforms.TransformedBbox",
    "matplotlib.transforms.TransformedPatchPath",
    "matplotlib.transforms.TransformedPath",

    "matplotlib.widgets.LockDraw",

    # 3-D Axes (mpl_toolkits.mplot3d) and the artists they make; a
    # Poly3DCollection keeps its depth-sort function (numpy's average, min
    # or max: pure computations).
    "mpl_toolkits.mplot3d.art3d.Collection3D",
    "mpl_toolkits.mplot3d.art3d.Line3D",
    "mpl_toolkits.mplot3d.art3d.Line3DCollection",
    "mpl_toolkits.mplot3d.art3d.Patch3D",
    "mpl_toolkits.mplot3d.art3d.Patch3DCollection",
    "mpl_toolkits.mplot3d.art3d.Path3DCollection",
    "mpl_toolkits.mplot3d.art3d.PathPatch3D",
    "mpl_toolkits.mplot3d.art3d.Poly3DCollection",
    "mpl_toolkits.mplot3d.art3d.QuadContourSet3D",
    "mpl_toolkits.mplot3d.art3d.Text3D",
    "mpl_toolkits.mplot3d.axes3d.Axes3D",
    "mpl_toolkits.mplot3d.axis3d.Axis",
    "mpl_toolkits.mplot3d.axis3d.XAxis",
    "mpl_toolkits.mplot3d.axis3d.YAxis",
    "mpl_toolkits.mplot3d.axis3d.ZAxis",
    "numpy.amax",
    "numpy.amin",
    "numpy.average",
    "numpy.max",
    "numpy.min",

    "numpy._core.multiarray._reconstruct",
    "numpy._core.multiarray.scalar",
    "numpy._core.numeric._frombuffer",
    "numpy.core.multiarray._reconstruct",
    "numpy.core.multiarray.scalar",
    "numpy.core.numeric._frombuffer",
    "numpy.dtype",
    "numpy.ma.MaskedArray",
    "numpy.ma.core.MaskedArray",
    "numpy.ma.core._mareconstruct",
    "numpy.ndarray",

    "pandas.PeriodDtype",
    "pandas.PeriodIndex",
    "pandas.Series",
    "pandas._libs.arrays.__pyx_unpickle_NDArrayBacked",
    "pandas._libs.tslibs.offsets.Day",
    "pandas._libs.tslibs.offsets.Hour",
    "pandas._libs.tslibs.offsets.MonthEnd",
    "pandas._libs.tslibs.offsets.Week",
    "pandas._libs.tslibs.period.Period",
    "pandas._libs.tslibs.timestamps._unpickle_timestamp",
    "pandas.arrays.PeriodArray",
    "pandas.core.arrays.period.PeriodArray",
    "pandas.core.dtypes.dtypes.PeriodDtype",
    "pandas.core.indexes.base._new_Index",
    "pandas.core.indexes.period.PeriodIndex",
    "pandas.core.internals.managers.SingleBlockManager",
    "pandas.core.series.Series",
    "pandas.plotting._matplotlib.converter.PeriodConverter",
    "pandas.plotting._matplotlib.converter.TimeSeries_DateFormatter",
    "pandas.plotting._matplotlib.converter.TimeSeries_DateLocator",
    "pandas.plotting._matplotlib.converter._daily_finder",
    "pandas.plotting._matplotlib.converter._monthly_finder",
    "pandas.plotting._matplotlib.timeseries._format_coord",

    # seaborn >= 0.13 boxplot: a matplotlib Container (a tuple) with its
    # artists as state; unpickling makes the tuple, it calls no seaborn code.
    "seaborn.categorical.BoxPlotContainer",

    # mplfinance: the formatter that names its positions by their dates
    # (a matplotlib Formatter whose state is the dates and a strftime
    # format); unpickling restores that state, it calls no mplfinance code
    # beyond importing mplfinance.  Its style's colormap is matplotlib's.
    "mplfinance._utils.IntegerIndexDateTimeFormatter",
))

GETATTR_ALLOWED = frozenset((
    "builtins.list.remove",

    "matplotlib._enums.CapStyle.butt",
    "matplotlib._enums.CapStyle.projecting",
    "matplotlib._enums.CapStyle.round",
    "matplotlib._enums.JoinStyle.bevel",
    "matplotlib._enums.JoinStyle.miter",
    "matplotlib._enums.JoinStyle.round",

    "matplotlib.axes._axes.Axes._remove_legend",
    "matplotlib.axes._base._AxesBase._unit_change_handler",

    "matplotlib.axis.Axis._format_with_dict",

    "matplotlib.colorbar.Colorbar._cbar_cla",
    "matplotlib.colorbar.Colorbar._forward_boundaries",
    "matplotlib.colorbar.Colorbar._inverse_boundaries",
    "matplotlib.colorbar.Colorbar._get_view",
    "matplotlib.colorbar.Colorbar._set_view",
    "matplotlib.colorbar.Colorbar._set_view_from_bbox",
    "matplotlib.colorbar.Colorbar.drag_pan",

    "matplotlib.figure.Figure.pick",
    "matplotlib.figure.FigureBase._remove_axes",
    "matplotlib.figure.FigureBase._remove_suplabel",
    "matplotlib.figure.FigureBase.delaxes",

    "matplotlib.legend.Legend._findoffset",

    "mpl_toolkits.mplot3d.axes3d.Axes3D._button_press",
    "mpl_toolkits.mplot3d.axes3d.Axes3D._button_release",
    "mpl_toolkits.mplot3d.axes3d.Axes3D._on_move",

    # Every marker's drawing function (MarkerStyle.markers), which a
    # pickled MarkerStyle names: not only those the fixtures used (a
    # square marker "s" was refused until 0.2.0).
    "matplotlib.markers.MarkerStyle._set_caretdown",
    "matplotlib.markers.MarkerStyle._set_caretdownbase",
    "matplotlib.markers.MarkerStyle._set_caretleft",
    "matplotlib.markers.MarkerStyle._set_caretleftbase",
    "matplotlib.markers.MarkerStyle._set_caretright",
    "matplotlib.markers.MarkerStyle._set_caretrightbase",
    "matplotlib.markers.MarkerStyle._set_caretup",
    "matplotlib.markers.MarkerStyle._set_caretupbase",
    "matplotlib.markers.MarkerStyle._set_circle",
    "matplotlib.markers.MarkerStyle._set_diamond",
    "matplotlib.markers.MarkerStyle._set_hexagon1",
    "matplotlib.markers.MarkerStyle._set_hexagon2",
    "matplotlib.markers.MarkerStyle._set_hline",
    "matplotlib.markers.MarkerStyle._set_nothing",
    "matplotlib.markers.MarkerStyle._set_octagon",
    "matplotlib.markers.MarkerStyle._set_pentagon",
    "matplotlib.markers.MarkerStyle._set_pixel",
    "matplotlib.markers.MarkerStyle._set_plus",
    "matplotlib.markers.MarkerStyle._set_plus_filled",
    "matplotlib.markers.MarkerStyle._set_point",
    "matplotlib.markers.MarkerStyle._set_square",
    "matplotlib.markers.MarkerStyle._set_star",
    "matplotlib.markers.MarkerStyle._set_thin_diamond",
    "matplotlib.markers.MarkerStyle._set_tickdown",
    "matplotlib.markers.MarkerStyle._set_tickleft",
    "matplotlib.markers.MarkerStyle._set_tickright",
    "matplotlib.markers.MarkerStyle._set_tickup",
    "matplotlib.markers.MarkerStyle._set_tri_down",
    "matplotlib.markers.MarkerStyle._set_tri_left",
    "matplotlib.markers.MarkerStyle._set_tri_right",
    "matplotlib.markers.MarkerStyle._set_tri_up",
    "matplotlib.markers.MarkerStyle._set_triangle_down",
    "matplotlib.markers.MarkerStyle._set_triangle_left",
    "matplotlib.markers.MarkerStyle._set_triangle_right",
    "matplotlib.markers.MarkerStyle._set_triangle_up",
    "matplotlib.markers.MarkerStyle._set_vline",
    "matplotlib.markers.MarkerStyle._set_x",
    "matplotlib.markers.MarkerStyle._set_x_filled",

    "matplotlib.patches.ArrowStyle.BarAB",
    "matplotlib.patches.ArrowStyle.BracketA",
    "matplotlib.patches.ArrowStyle.BracketAB",
    "matplotlib.patches.ArrowStyle.BracketB",
    "matplotlib.patches.ArrowStyle.BracketCurve",
    "matplotlib.patches.ArrowStyle.Curve",
    "matplotlib.patches.ArrowStyle.CurveA",
    "matplotlib.patches.ArrowStyle.CurveAB",
    "matplotlib.patches.ArrowStyle.CurveB",
    "matplotlib.patches.ArrowStyle.CurveBracket",
    "matplotlib.patches.ArrowStyle.CurveFilledA",
    "matplotlib.patches.ArrowStyle.CurveFilledAB",
    "matplotlib.patches.ArrowStyle.CurveFilledB",
    "matplotlib.patches.ArrowStyle.Fancy",
    "matplotlib.patches.ArrowStyle.Simple",
    "matplotlib.patches.ArrowStyle.Wedge",
    "matplotlib.patches.BoxStyle.Circle",
    "matplotlib.patches.BoxStyle.DArrow",
    "matplotlib.patches.BoxStyle.Ellipse",
    "matplotlib.patches.BoxStyle.LArrow",
    "matplotlib.patches.BoxStyle.RArrow",
    "matplotlib.patches.BoxStyle.Round",
    "matplotlib.patches.BoxStyle.Round4",
    "matplotlib.patches.BoxStyle.Roundtooth",
    "matplotlib.patches.BoxStyle.Sawtooth",
    "matplotlib.patches.BoxStyle.Square",
    "matplotlib.patches.ConnectionStyle.Angle",
    "matplotlib.patches.ConnectionStyle.Angle3",
    "matplotlib.patches.ConnectionStyle.Arc",
    "matplotlib.patches.ConnectionStyle.Arc3",
    "matplotlib.patches.ConnectionStyle.Bar",

    "matplotlib.transforms.Affine2DBase.inverted",
    "matplotlib.transforms.Affine2DBase.transform_affine",
    "matplotlib.transforms.AffineBase.get_affine",
    "matplotlib.transforms.AffineBase.transform",
    "matplotlib.transforms.AffineBase.transform_non_affine",
    "matplotlib.transforms.AffineBase.transform_path",
    "matplotlib.transforms.AffineBase.transform_path_affine",
    "matplotlib.transforms.AffineBase.transform_path_non_affine",
    "matplotlib.transforms.BlendedAffine2D.get_matrix",
    "matplotlib.transforms.BlendedGenericTransform.get_affine",
    "matplotlib.transforms.BlendedGenericTransform.inverted",
    "matplotlib.transforms.BlendedGenericTransform.transform_non_affine",
    "matplotlib.transforms.CompositeGenericTransform.get_affine",
    "matplotlib.transforms.CompositeGenericTransform.inverted",
    "matplotlib.transforms.CompositeGenericTransform.transform_affine",
    "matplotlib.transforms.CompositeGenericTransform.transform_non_affine",
    "matplotlib.transforms.CompositeGenericTransform.transform_path_non_affine",
    "matplotlib.transforms.Transform.get_matrix",
    "matplotlib.transforms.Transform.transform",
    "matplotlib.transforms.Transform.transform_affine",
    "matplotlib.transforms.Transform.transform_path",
    "matplotlib.transforms.Transform.transform_path_affine",
    "matplotlib.transforms.Transform.transform_path_non_affine",
))
