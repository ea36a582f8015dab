"""Version-specific and private matplotlib / pandas state, in one place.

The C walker (python/_chartex/matplotlib/) and its Python-side readers
(chartex._matplotlib.artists, chartex._matplotlib.legend) read figures through matplotlib's
public API; whatever differs between matplotlib releases, or is only
reachable through private attributes, is read here instead, each with a
fallback, so that supporting a new release means editing this file only.
Supported: matplotlib 3.6 to 3.10, pandas 1.5 to 3.  This module imports
nothing of chartex: the readers import it, never the other way round.

Nothing here works per data point: arrays are converted with vectorised
NumPy / pandas calls.  This module is imported by the walker on its first
figure (matplotlib is then already imported); pandas is only imported when
a figure was drawn by pandas, which imported it.
"""

import sys
import warnings

import numpy as np

# chartex_axis_kind (include/chartex.h), the values axis_kind gives the
# walker.  Written out, not imported from the extension (which imports this
# module): tests/test_api.py checks them against chartex._chartex.AXIS_*.
NUMERIC, DATE, CATEGORY = 0, 1, 2

_DATE_CONVERTER_NAMES = frozenset(
    ("DateConverter", "ConciseDateConverter", "_SwitchableDateConverter",
     "DatetimeConverter"))


def orientation_kwargs(method, horizontal):
    """The keyword argument that lays out Axes.bxp / Axes.violin (for
    chartex.render) vertically or horizontally: orientation= since
    matplotlib 3.10, which deprecates vert=; vert= before."""
    import inspect

    if "orientation" in inspect.signature(method).parameters:
        return {"orientation": "horizontal" if horizontal else "vertical"}
    return {"vert": not horizontal}


def suptitle(fig):
    """The figure's (or subfigure's) suptitle text, "" when none."""
    get = getattr(fig, "get_suptitle", None)  # matplotlib >= 3.8
    if get is not None:
        return get()
    text = getattr(fig, "_suptitle", None)
    return text.get_text() if text is not None else ""


def _converter(axis):
    get = getattr(axis, "get_converter", None)  # matplotlib >= 3.10
    if get is not None:
        return get()
    return getattr(axis, "converter", None)


def _category_names(axis):
    """Category names by index, from the axis' UnitData."""
    mapping = getattr(axis.get_units(), "_mapping", None)  # private
    if isinstance(mapping, dict):
        size = len(mapping)
        names = [""] * size
        for value, index in mapping.items():
            if isinstance(index, int) and 0 <= index < size:
                if isinstance(value, bytes):  # as StrCategoryFormatter shows it
                    value = value.decode("utf-8", "replace")
                names[index] = str(value)
        return names
    # Fallback: the tick labels at the integer locations.
    locs = np.asarray(axis.get_majorticklocs(), dtype=float)
    labels = axis.get_major_formatter().format_ticks(locs)
    found = {}
    for loc, label in zip(locs.tolist(), labels):
        if loc == int(loc) and 0 <= loc < 1e6:
            found[int(loc)] = str(label)
    return [found.get(i, "") for i in range(max(found) + 1)] if found else []


def _shared_converter(ax, axis, which):
    """(axis, converter) of an Axes sharing this axis, when only that one
    holds the converter: the Axes of a grid with sharex share their units
    (categories, dates), but matplotlib sets the converter on the axis
    that was given the data first (seaborn's catplot / FacetGrid panels
    after the first).  (axis, None) when none has one."""
    try:
        group = ax.get_shared_x_axes() if which == 0 else ax.get_shared_y_axes()
        siblings = group.get_siblings(ax)
    except (AttributeError, TypeError):
        return axis, None
    for other in siblings:
        if other is ax:
            continue
        other_axis = other.xaxis if which == 0 else other.yaxis
        if other_axis.get_units() is not axis.get_units():
            continue
        conv = _converter(other_axis)
        if conv is not None:
            return other_axis, conv
    return axis, None


def axis_kind(ax, axis, which):
    """(kind, categories, freq) of the x (which=0) or y (which=1) axis.

    categories: the names by index on a category axis, else None.
    freq: on a pandas period axis (Series.plot() on a regular DatetimeIndex
    plots Period ordinals and stores their frequency as axis.freq), the
    frequency to convert ordinals with period_to_datenum, else None.
    """
    conv = _converter(axis)
    if conv is None:
        axis, conv = _shared_converter(ax, axis, which)
    if conv is None:
        dates = index_dates(axis)
        if dates is not None:
            return CATEGORY, dates, None
        if _date_formatted(axis):
            return DATE, None, None
        return NUMERIC, None, None
    names = {cls.__name__ for cls in type(conv).__mro__}
    # PeriodConverter derives from DateConverter: test it first.
    if "PeriodConverter" in names:
        # The converter reads the frequency from the Axis; pandas also sets
        # it on the Axes for line plots (and only on the Axis for bars).
        freq = getattr(axis, "freq", None)
        if freq is None:
            freq = getattr(ax, "freq", None)
        if which == 0 and freq is not None:
            return DATE, None, freq
        return NUMERIC, None, None
    if names & _DATE_CONVERTER_NAMES:
        return DATE, None, None
    if "StrCategoryConverter" in names:
        return CATEGORY, _category_names(axis), None
    return NUMERIC, None, None


def _date_formatted(axis):
    """Whether an axis without units shows its numbers as dates: date
    numbers plotted as plain floats under one of matplotlib's date
    formatters (mplfinance's show_nontrading=True, a DateFormatter set
    by hand), which a reader reads as dates."""
    from matplotlib import dates
    return isinstance(axis.get_major_formatter(),
                      (dates.DateFormatter, dates.AutoDateFormatter,
                       dates.ConciseDateFormatter))


def index_dates(axis):
    """The dates that name the integer positions of an axis, as ISO 8601
    texts by index, or None.

    mplfinance draws its candles, bars and lines at 0, 1, 2, ... (one
    position per row, so that days without trading leave no gap) and
    names each position by its date with its IntegerIndexDateTimeFormatter,
    which keeps the dates, matplotlib date numbers, in its attribute
    `dates` (private: not documented by mplfinance).  The axis is then a
    category axis of those dates, each written as chartex writes dates
    (UTC, ".ffffff" only when there are microseconds).  Fallback: None
    (a numeric axis, whose tick labels name the positions) when the
    formatter keeps no such array."""
    fmt = axis.get_major_formatter()
    if type(fmt).__name__ != "IntegerIndexDateTimeFormatter":
        return None
    dates = getattr(fmt, "dates", None)  # private, mplfinance 0.12
    try:
        nums = np.asarray(dates, dtype=float).ravel()
    except (TypeError, ValueError):
        return None
    if dates is None or nums.size == 0:
        return None
    with np.errstate(invalid="ignore"):
        us = np.round((nums - date_epoch()) * 86400e6)
        ok = np.isfinite(us) & (np.abs(us) < 2.5e17)   # years 1 to 9999
    stamps = np.where(ok, us, 0).astype(np.int64).astype("datetime64[us]")
    whole = np.where(ok, us, 0) % 1e6 == 0
    texts = np.where(whole, np.datetime_as_string(stamps, unit="s"),
                     np.datetime_as_string(stamps, unit="us"))
    return np.where(ok, texts, "").tolist()


def colorbar_marker(ax):
    """Whether ax is a colorbar's axes, for colorbars that no mappable in
    the figure points to (e.g. a colorbar of a ContourSet on matplotlib
    3.6, or of a free ScalarMappable)."""
    return getattr(ax, "_colorbar", None) is not None  # private, >= 3.6


_ARTIST_LISTS = ("lines", "collections", "patches", "images")


def artist_lists(ax):
    """ax's children and the types that ax.lines, ax.collections,
    ax.patches and ax.images admit, as (children, (Line2D, Collection,
    Patch, AxesImage)); None when they cannot be read that way.

    On matplotlib >= 3.5 each of those lists is an ArtistList that filters
    the private ax._children by isinstance every time it is iterated, with
    a Python call per child: reading the children once and testing the
    types in C makes one pass instead of four.  None (the walker then
    iterates the four lists) when ax has no _children list or its class
    defines any of the four lists differently."""
    children = getattr(ax, "_children", None)  # private, >= 3.5
    if type(children) is not list:
        return None
    try:
        from matplotlib.axes._base import _AxesBase
    except ImportError:
        return None
    cls = type(ax)
    for name in _ARTIST_LISTS:
        base = _AxesBase.__dict__.get(name)
        if not isinstance(base, property) or getattr(cls, name, None) is not base:
            return None
    from matplotlib.collections import Collection
    from matplotlib.image import AxesImage
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch
    return list(children), (Line2D, Collection, Patch, AxesImage)


def text_lists(ax):
    """(ax.texts, ax.tables) as two lists, from one pass over ax's
    children; None when they cannot be read that way (the walker then
    reads the two lists).  Each of those ArtistLists filters every child
    with a Python call, twice (its length, then its items): 200,000 bars
    made that a third of reading them."""
    children = getattr(ax, "_children", None)  # private, >= 3.5
    if type(children) is not list:
        return None
    try:
        from matplotlib.axes._base import _AxesBase
        from matplotlib.table import Table
        from matplotlib.text import Text
    except ImportError:
        return None
    cls = type(ax)
    for name in ("texts", "tables"):
        base = _AxesBase.__dict__.get(name)
        if not isinstance(base, property) or getattr(cls, name, None) is not base:
            return None
    texts, tables = [], []
    for child in list(children):
        if isinstance(child, Text):
            texts.append(child)
        elif isinstance(child, Table):
            tables.append(child)
    return texts, tables


def date_epoch():
    """The matplotlib date number of 1970-01-01T00:00:00 UTC."""
    from matplotlib.dates import date2num
    return float(date2num(np.datetime64("1970-01-01T00:00:00")))


def _is_weekly(index, pd):
    offsets = getattr(getattr(pd, "tseries", None), "offsets", None)
    week = getattr(offsets, "Week", None)
    return week is not None and isinstance(getattr(index, "freq", None), week)


def _period_dates(ordinals, freq, pd):
    """The date each period ordinal stands for: its first instant, except
    for weekly periods, its last day.

    pandas plots a DatetimeIndex with a regular frequency as the Periods
    that hold its timestamps, and keeps nothing else of it.  Weekly
    frequencies are always anchored on their end day (a W-SUN index holds
    Sundays, the W-SUN period of a Sunday runs Monday to that Sunday, and
    pandas' tick labels name a week by that day), so the last day is the
    index's own date.  For the other frequencies the first instant is
    (daily, business, hourly, MS, QS, YS); a month, quarter or year given
    as its end (ME, QE, YE) becomes the same Period as one given as its
    start, so its first day is given (doc/schema.md, "Values")."""
    from matplotlib.dates import date2num
    from_ordinals = getattr(pd.PeriodIndex, "from_ordinals", None)  # pandas >= 2.2
    if from_ordinals is not None:
        index = from_ordinals(ordinals, freq=freq)
    else:
        index = pd.PeriodIndex(ordinal=ordinals, freq=freq)
    if _is_weekly(index, pd):
        stamps = index.asfreq("D", how="end").to_timestamp()
    else:
        stamps = index.to_timestamp(how="start")
    return np.asarray(date2num(stamps.to_numpy()), dtype=float)


def period_to_datenum(values, freq):
    """Matplotlib date numbers of pandas Period ordinals (any shape).

    Each period gives the date of _period_dates (its start; a week's last
    day).  A fractional ordinal (a view limit, a bar's edge) lies that
    fraction of the way from its period's date to the next one's.  NaN,
    infinities and ordinals outside pandas' timestamp range become NaN.
    """
    pd = sys.modules.get("pandas")
    if pd is None:
        import pandas as pd
    # pandas deprecates some period frequencies (business days) that its
    # own plotting still uses: converting them is not the user's doing.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)
        warnings.simplefilter("ignore", DeprecationWarning)
        return _period_to_datenum(values, freq, pd)


def _period_to_datenum(values, freq, pd):
    v = np.array(values, dtype=float)
    out = np.full(v.shape, np.nan)
    lo = pd.Period(pd.Timestamp.min.ceil("D") + pd.Timedelta(days=1), freq=freq).ordinal
    hi = pd.Period(pd.Timestamp.max.floor("D") - pd.Timedelta(days=1), freq=freq).ordinal - 1
    with np.errstate(invalid="ignore"):
        ok = np.isfinite(v) & (v >= lo) & (v <= hi)
    if ok.any():
        x = v[ok]
        base = np.floor(x)
        frac = x - base
        base = base.astype(np.int64)
        start = _period_dates(base, freq, pd)
        if frac.any():
            stop = _period_dates(base + 1, freq, pd)
            start = start + frac * (stop - start)
        out[ok] = start
    return out


def legend_handles(legend):
    """The legend's handles, one per text."""
    handles = getattr(legend, "legend_handles", None)  # matplotlib >= 3.7
    if handles is None:
        handles = getattr(legend, "legendHandles", None)  # removed in 3.9
    return list(handles) if handles is not None else []


# ------------------------------------------- private state of the artists
# What chartex._matplotlib.artists reads of an artist that matplotlib keeps privately
# or that changed between releases.

def line3d_data(artist):
    """A Line3D's (xs, ys, zs)."""
    get = getattr(artist, "get_data_3d", None)  # matplotlib >= 3.5
    return get() if get is not None else artist._verts3d


def offsets3d(artist):
    """A Path3DCollection's or Patch3DCollection's (xs, ys, zs)."""
    return artist._offsets3d  # private, 3.6 to 3.10


def poly3d_vertices(artist):
    """A Poly3DCollection's polygons: (xyz (n, 3), lengths) from its
    vertex buffer, or (None, faces) where a release keeps faces instead."""
    vec = getattr(artist, "_vec", None)  # private, 3.6 to 3.10
    slices = getattr(artist, "_segslices", None)
    if vec is not None and slices is not None:
        xyz = np.asarray(vec)[:3].T
        return xyz, np.array([s.stop - s.start for s in slices])
    return None, artist._faces  # later releases keep faces


def segments3d(artist):
    """A Line3DCollection's polylines."""
    return artist._segments3d  # private, 3.6 to 3.10


def segment3d(artist):
    """A Patch3D's outline."""
    return artist._segment3d  # private


def collection3d_class(art3d):
    """mplot3d's Collection3D (a 2-D collection moved into 3-D), or None
    before matplotlib 3.10."""
    return getattr(art3d, "Collection3D", None)


def collection3d_paths(artist):
    """A Collection3D's paths as (vertices (n, 3), codes) pairs."""
    return artist._3dverts_codes  # private


def axline_points(line):
    """An axline's two points in data coordinates, as a (2, 2) array: the
    points it was given, or its point and one a unit further along x by
    its slope."""
    if hasattr(line, "get_xy1"):  # matplotlib >= 3.8
        xy1, xy2, slope = line.get_xy1(), line.get_xy2(), line.get_slope()
    else:
        xy1, xy2, slope = line._xy1, line._xy2, line._slope  # private, 3.6, 3.7
    ax = line.axes

    def point(xy):
        x = np.asarray(ax.xaxis.convert_units(xy[0]), dtype=float).ravel()
        y = np.asarray(ax.yaxis.convert_units(xy[1]), dtype=float).ravel()
        return [float(x[0]) if x.size else np.nan, float(y[0]) if y.size else np.nan]

    p1 = point(xy1)
    if xy2 is not None:
        p2 = point(xy2)
    else:
        p2 = [p1[0] + 1.0, p1[1] + float(slope)]
    return np.array([p1, p2], dtype=float)


def offset_data(transform, trans_data):
    """Whether transform is the Axes' data transform followed by a
    translation in display space alone (transData + ScaledTranslation:
    seaborn's split violins shift each half's inner box by half its line
    width): its coordinates are data.  A composite keeps its two parts
    privately (_a, _b, since matplotlib 1.x); without them, no."""
    first = getattr(transform, "_a", None)
    then = getattr(transform, "_b", None)
    if first is not trans_data or then is None:
        return False
    try:
        if not then.is_affine:
            return False
        m = then.get_matrix()
        return bool(m[0][0] == 1 and m[1][1] == 1 and m[0][1] == 0 and m[1][0] == 0)
    except Exception:
        return False


def bar_binned(container):
    """Whether a BarContainer was drawn by a histogram, as its first bar's
    sticky edges say: hist() of several datasets clears both of every bar
    but the first dataset's (bar() keeps the base of the value axis);
    seaborn's histplot sets the value axis' to (0, inf), or to (0, 1) and
    the data axis' to the bins' extent with multiple="fill"."""
    try:
        patches = container.patches
        if not patches:
            return False
        sticky = patches[0].sticky_edges
        sx, sy = [float(v) for v in sticky.x], [float(v) for v in sticky.y]
    except Exception:
        return False
    vertical = getattr(container, "orientation", "vertical") != "horizontal"
    cat, val = (sx, sy) if vertical else (sy, sx)
    if not cat and not val:
        return True
    if any(not np.isfinite(v) for v in val):
        return True
    return len(cat) == 2 and len(val) == 2


def bar_label_centre_bar(coords):
    """The bar a bar_label(label_type="center") annotation is anchored to:
    matplotlib passes it as the default argument of its xycoords lambda
    (private); None for any other callable."""
    return (getattr(coords, "__defaults__", None) or (None,))[0]


def image_axes_arrays(im):
    """A PcolorImage's edges or a NonUniformImage's centres: (x, y), each
    None when the release keeps them elsewhere."""
    return getattr(im, "_Ax", None), getattr(im, "_Ay", None)  # private


def triangulation(artist):
    """A TriMesh's Triangulation, or None for another collection."""
    return getattr(artist, "_triangulation", None)  # TriMesh, private


def contour_sets_are_collections():
    """Whether a ContourSet is itself a Collection (matplotlib >= 3.8);
    before, each level is a PathCollection of the set's own."""
    from matplotlib.collections import Collection
    from matplotlib.contour import ContourSet
    return issubclass(ContourSet, Collection)


def old_contour_like(coll):
    """matplotlib < 3.8: whether a PathCollection is one level of a
    ContourSet: paths in data coordinates, no offsets (a scatter always
    has its offsets in data coordinates)."""
    from matplotlib.transforms import IdentityTransform
    return isinstance(coll.get_offset_transform(), IdentityTransform) \
        and coll.axes is not None


def old_filled(coll):
    """matplotlib < 3.8: whether a level's PathCollection is filled."""
    return len(coll.get_facecolor()) > 0  # contour lines have facecolors "none"


def old_contour_run(coll):
    """matplotlib < 3.8, the ContourSet no longer alive (its result was
    not kept, and no colorbar or clabel holds it): its collections, one per
    level, are all that is left.  The run of such collections that starts
    at coll (same kind and zorder), as a list."""
    from matplotlib.collections import PathCollection
    filled, z = old_filled(coll), coll.get_zorder()
    members, started = [], False
    for c in coll.axes.collections:
        if c is coll:
            started = True
        if not started:
            continue
        if (type(c) is not PathCollection or not old_contour_like(c)
                or old_filled(c) != filled or c.get_zorder() != z):
            break
        members.append(c)
    return members


def old_contour_owner(coll):
    """matplotlib < 3.8: the ContourSet whose per-level PathCollection coll
    is.  It keeps no link to its set; the set's list of collections is
    found through the garbage collector's referrers (the public way to
    find who holds an object), which scans every object: only tried for
    a PathCollection without offsets, which scatter never makes."""
    import gc
    from matplotlib.contour import ContourSet
    for holder in gc.get_referrers(coll):
        if not isinstance(holder, list):
            continue
        for owner in gc.get_referrers(holder):
            if isinstance(owner, ContourSet) and owner.collections is holder:
                return owner
            if isinstance(owner, dict) and owner.get("collections") is holder:
                for cs in gc.get_referrers(owner):
                    if isinstance(cs, ContourSet) \
                            and getattr(cs, "__dict__", None) is owner:
                        return cs
    return None
