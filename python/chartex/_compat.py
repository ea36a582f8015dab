"""Version-specific and private matplotlib / pandas state, in one place.

The C walker (python/walker.c and its rooms, python/walk_*.c) reads
figures through matplotlib's public API; whatever differs between
matplotlib releases, or is only reachable through private attributes, is
read here instead, each with a fallback, so that supporting a new release
means editing this file only.  Supported: matplotlib 3.6 to 3.10, pandas
1.5 to 3.

Nothing here works per data point: arrays are converted with vectorised
NumPy / pandas calls.  This module is imported by the walker on its first
figure (matplotlib is then already imported); pandas is only imported when
a figure was drawn by pandas, which imported it.
"""

import sys
import warnings

import numpy as np

# chartex_axis_kind (include/chartex.h), as the extension exports it (the
# walker, which imports this module, is in the extension: it is loaded).
from ._chartex import AXIS_CATEGORY as CATEGORY
from ._chartex import AXIS_DATE as DATE
from ._chartex import AXIS_NUMERIC as NUMERIC

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


# The names ax's legend gives to artists without a label of their own
# (chartex._legend, which reads legend_handles above).
from ._legend import legend_names  # noqa: E402


# ------------------------------------------------------------------- 3-D

# What data_3d gives, as walk_3d.c reads it.
LINE_3D, POINTS_3D, LINES_3D, POLYGONS_3D = 0, 1, 2, 3


def _xyz(xs, ys, zs):
    """An (n, 3) array (masked where any input is) of three coordinate
    sequences, a scalar or length-1 one broadcast to the others' length."""
    cols = [np.ma.ravel(np.ma.asarray(v)) for v in (xs, ys, zs)]
    n = max(c.size for c in cols)
    cols = [np.ma.resize(c, n) if c.size == 1 and n != 1 else c for c in cols]
    return np.ma.column_stack(cols)


def _parts(parts):
    """Polygons or polylines (a list of (k, 3) arrays, or an (n, k, 3)
    array, maybe masked) as one (total, 3) array and the length of each."""
    if isinstance(parts, np.ndarray) and parts.ndim == 3:
        if isinstance(parts, np.ma.MaskedArray) and parts.mask is not np.ma.nomask:
            # Faces of several lengths are padded with masked rows.
            keep = ~np.ma.getmaskarray(parts).all(axis=2)
            lengths = keep.sum(axis=1)
            return parts[keep], lengths
        return parts.reshape(-1, 3), np.full(parts.shape[0], parts.shape[1])
    arrays = [np.ma.asarray(p).reshape(-1, 3) for p in parts]
    if not arrays:
        return np.zeros((0, 3)), np.zeros(0)
    return np.ma.concatenate(arrays), np.array([len(a) for a in arrays])


def data_3d(artist):
    """What one of mplot3d's artists shows, in data coordinates:
    (kind, xyz, lengths), or None for an artist of another kind.

    Once a figure is drawn, the 2-D state of a 3-D artist (a Line3D's
    xydata, a Path3DCollection's offsets, a Poly3DCollection's paths)
    holds screen projections; the data are in private fields, read here.
    kind is LINE_3D (a Line3D), POINTS_3D (a scatter), LINES_3D (polylines:
    a wireframe, a 3-D quiver) or POLYGONS_3D (surfaces, 3-D bars, voxels,
    Patch3D); xyz is an (n, 3) array; lengths gives the points of each
    polyline or polygon (None for the first two kinds).
    """
    art3d = sys.modules.get("mpl_toolkits.mplot3d.art3d")
    if art3d is None:  # no 3-D Axes was ever made
        return None
    if isinstance(artist, art3d.Line3D):
        get = getattr(artist, "get_data_3d", None)  # matplotlib >= 3.5
        xs, ys, zs = get() if get is not None else artist._verts3d
        return LINE_3D, _xyz(xs, ys, zs), None
    if isinstance(artist, (art3d.Path3DCollection, art3d.Patch3DCollection)):
        xs, ys, zs = artist._offsets3d  # private, 3.6 to 3.10
        return POINTS_3D, _xyz(xs, ys, zs), None
    if isinstance(artist, art3d.Poly3DCollection):
        vec = getattr(artist, "_vec", None)  # private, 3.6 to 3.10
        slices = getattr(artist, "_segslices", None)
        if vec is not None and slices is not None:
            xyz = np.asarray(vec)[:3].T
            return POLYGONS_3D, xyz, np.array([s.stop - s.start for s in slices])
        xyz, lengths = _parts(artist._faces)  # later releases keep faces
        return POLYGONS_3D, xyz, lengths
    if isinstance(artist, art3d.Line3DCollection):
        xyz, lengths = _parts(artist._segments3d)  # private, 3.6 to 3.10
        return LINES_3D, xyz, lengths
    if isinstance(artist, art3d.Patch3D):
        seg = np.ma.asarray(artist._segment3d).reshape(-1, 3)  # private
        return POLYGONS_3D, seg, np.array([len(seg)])
    collection3d = getattr(art3d, "Collection3D", None)  # matplotlib >= 3.10
    if collection3d is not None and isinstance(artist, collection3d):
        # A 2-D collection moved into 3-D (a contour set on a 3-D Axes):
        # one path per item, each split where it moves to a new start.
        kind = POLYGONS_3D if getattr(artist, "filled", False) else LINES_3D
        xyz, lengths = _parts(_path_pieces(artist._3dverts_codes))  # private
        return kind, xyz, lengths
    return None


def _path_pieces(verts_codes):
    """The polylines of (vertices (n, 3), codes) paths: split at each
    MOVETO, without CLOSEPOLY's placeholder vertex."""
    from matplotlib.path import Path
    pieces = []
    for vs, codes in verts_codes:
        vs = np.ma.asarray(vs).reshape(-1, 3)
        if codes is None:
            pieces.append(vs)
            continue
        codes = np.asarray(codes)[:len(vs)]
        keep = codes != Path.CLOSEPOLY
        starts = np.flatnonzero(codes == Path.MOVETO)
        bounds = [0, *[int(i) for i in starts if i > 0], len(vs)]
        for a, b in zip(bounds[:-1], bounds[1:]):
            piece = vs[a:b][keep[a:b]]
            if len(piece):
                pieces.append(piece)
    return pieces


# ------------------------------------------------------- vectors and steps

def vector_data(coll):
    """(positions (n, 2), u, v) of a Quiver or Barbs collection: each
    arrow's or barb's position in data coordinates and the vector given
    for it (masked where matplotlib draws none)."""
    from matplotlib.quiver import Barbs
    if isinstance(coll, Barbs):
        # Barbs keeps every position in x and y; its offsets leave out the
        # masked ones, which u and v still hold.
        xy = np.ma.column_stack([np.ma.ravel(np.ma.asarray(coll.x)),
                                 np.ma.ravel(np.ma.asarray(coll.y))])
        return xy, np.ma.ravel(coll.u), np.ma.ravel(coll.v)
    return coll.get_offsets(), np.ma.ravel(coll.U), np.ma.ravel(coll.V)


def stairs_data(patch):
    """(values, edges, baseline, vertical) of a StepPatch (Axes.stairs):
    baseline as an array of 0 (None: open steps), 1 or len(values) values."""
    data = patch.get_data()  # StairData(values, edges, baseline), >= 3.4
    baseline = data.baseline
    baseline = (np.zeros(0) if baseline is None
                else np.ma.ravel(np.ma.asarray(baseline)))
    vertical = getattr(patch, "orientation", "vertical") != "horizontal"
    return data.values, data.edges, baseline, vertical


# ------------------------------------------------------------------- text

def text_anchor(ax, text):
    """(text, [[x, y]], centre) for a text of ax that stands at a data
    position, else None: an Annotation whose annotated point is in data
    coordinates (annotate(), bar_label()) gives that point, a plain Text
    drawn with ax.transData (ax.text()) its position.  centre: the text is
    a bar_label(label_type="center") at the centre of its bar.  Empty
    texts give None."""
    from matplotlib.text import Annotation
    s = text.get_text()
    if not isinstance(s, str) or s == "":
        return None
    if isinstance(text, Annotation):
        coords = text.xycoords
        if callable(coords):
            # bar_label(label_type="center") anchors at (0.5, 0.5) of its
            # bar, passed as the default argument of a lambda (private).
            bar = (getattr(coords, "__defaults__", None) or (None,))[0]
            if not hasattr(bar, "get_bbox") or tuple(text.xy) != (0.5, 0.5):
                return None
            box = bar.get_bbox()  # the Rectangle in data coordinates
            xy = np.array([[(box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2]])
            return s, xy, True
        if not (isinstance(coords, str) and coords == "data"):
            return None
        x, y = text.xy
        # matplotlib < 3.7 anchors bar_label(label_type="center") at the
        # bar's centre in data coordinates, centred both ways.
        centre = (text.get_horizontalalignment() == "center"
                  and text.get_verticalalignment() == "center"
                  and getattr(text, "anncoords", None) == "offset points")
    else:
        centre = False
        if text.get_transform() is not ax.transData:
            return None
        x, y = text.get_position()
    try:
        # One value each; matplotlib 3.6 converts a category to a 1-array.
        x = np.asarray(ax.xaxis.convert_units(x), dtype=float).ravel()
        y = np.asarray(ax.yaxis.convert_units(y), dtype=float).ravel()
    except (TypeError, ValueError):
        return None  # a position matplotlib itself could not place
    if x.size != 1 or y.size != 1:
        return None
    return s, np.array([[x[0], y[0]]]), centre


def table_cells(table):
    """[(row, col, text), ...] of a matplotlib Table, rows and columns
    counted from 0 at the top left of what is drawn (the column-label row
    first, the row-label column first), in row order."""
    cells = table.get_celld()
    if not cells:
        return []
    rows = sorted({r for r, _ in cells})
    cols = sorted({c for _, c in cells})
    row_at = {r: i for i, r in enumerate(rows)}
    col_at = {c: i for i, c in enumerate(cols)}
    out = []
    for (r, c) in sorted(cells):
        text = cells[(r, c)].get_text().get_text()
        out.append((row_at[r], col_at[c], str(text)))
    return out


# ------------------------------------------------ heatmaps, meshes, contours

# The norm's name as a reader knows the scale, by matplotlib class name;
# a class not listed gives its own name, lowercased.
_NORM_NAMES = {
    "Normalize": "linear", "LogNorm": "log", "SymLogNorm": "symlog",
    "PowerNorm": "power", "TwoSlopeNorm": "twoslope",
    "CenteredNorm": "centered", "BoundaryNorm": "boundary",
    "NoNorm": "none", "AsinhNorm": "asinh", "FuncNorm": "function",
}


def _finite_or_nan(v):
    try:
        v = float(v)
    except (TypeError, ValueError):
        return float("nan")
    return v


def _color_scale(mappable):
    """(vmin, vmax, norm name, colorbar label) of a ScalarMappable."""
    norm = getattr(mappable, "norm", None)
    if norm is None:
        return (float("nan"), float("nan"), "", "")
    name = None
    for klass in type(norm).__mro__:
        name = _NORM_NAMES.get(klass.__name__)
        if name is not None:
            break
    if name is None:
        name = type(norm).__name__.lower()
    label = ""
    cb = getattr(mappable, "colorbar", None)  # public: set by Colorbar
    if cb is not None and getattr(cb, "ax", None) is not None:
        vertical = getattr(cb, "orientation", "vertical") == "vertical"
        label = cb.ax.get_ylabel() if vertical else cb.ax.get_xlabel()
    return (_finite_or_nan(norm.vmin), _finite_or_nan(norm.vmax), name,
            str(label))


def _floats(a):
    """a as a float array, masked values NaN."""
    return np.ma.filled(np.ma.asarray(a).astype(float), np.nan)


def _centred_edges(c):
    """Cell edges around centres c: midpoints, the ends mirrored."""
    c = np.asarray(c, dtype=float).ravel()
    if c.size < 2:
        half = 0.5
        return np.array([c[0] - half, c[0] + half]) if c.size else c
    mid = (c[1:] + c[:-1]) / 2
    return np.concatenate(([2 * c[0] - mid[0]], mid, [2 * c[-1] - mid[-1]]))


def _nearest_cell(edges, p):
    """For each position p, the cell (between consecutive edges) whose
    centre it is (within a millionth of the cell), else -1."""
    centres = (edges[:-1] + edges[1:]) / 2
    tol = np.abs(np.diff(edges)) * 1e-6
    order = np.argsort(centres, kind="stable")
    sc = centres[order]
    i = np.clip(np.searchsorted(sc, p), 1, max(len(sc) - 1, 1))
    lo = order[np.clip(i - 1, 0, len(sc) - 1)]
    hi = order[np.clip(i, 0, len(sc) - 1)]
    best = np.where(np.abs(centres[lo] - p) <= np.abs(centres[hi] - p), lo, hi)
    with np.errstate(invalid="ignore"):
        ok = np.abs(centres[best] - p) <= tol[best]
    return np.where(ok, best, -1)


def _cell_texts(artist, x_edges, y_edges):
    """The texts drawn at cell centres of a grid (seaborn's heatmap annot,
    the gallery's annotated heatmap): [(row, col, text), ...]."""
    ax = getattr(artist, "axes", None)
    texts = list(getattr(ax, "texts", ()) or ())
    if not texts or len(x_edges) < 2 or len(y_edges) < 2:
        return []
    found, pos = [], []
    for t in texts:
        s = t.get_text()
        if not s or not t.get_visible() or t.get_transform() is not ax.transData:
            continue
        try:
            x, y = (float(v) for v in t.get_position())
        except (TypeError, ValueError):  # a date or category position
            continue
        found.append(str(s))
        pos.append((x, y))
    if not found:
        return []
    pos = np.array(pos)
    cols = _nearest_cell(np.asarray(x_edges, dtype=float), pos[:, 0])
    rows = _nearest_cell(np.asarray(y_edges, dtype=float), pos[:, 1])
    return [(int(r), int(c), s) for r, c, s in zip(rows, cols, found)
            if r >= 0 and c >= 0]


def _image(im):
    from matplotlib.image import AxesImage, NonUniformImage, PcolorImage
    lower = getattr(im, "origin", "upper") == "lower"
    data = im.get_array()
    if data is None:
        return None
    if isinstance(im, PcolorImage):  # pcolorfast: _Ax, _Ay are edges
        xe, ye = getattr(im, "_Ax", None), getattr(im, "_Ay", None)  # private
        if xe is not None and ye is not None and np.ndim(data) == 2:
            return ("mesh", _color_scale(im), _floats(data),
                    np.asarray(xe, dtype=float), np.asarray(ye, dtype=float))
        return None
    if isinstance(im, NonUniformImage):  # _Ax, _Ay are the cell centres
        xc, yc = getattr(im, "_Ax", None), getattr(im, "_Ay", None)  # private
        if xc is not None and yc is not None and np.ndim(data) == 2:
            values = _floats(data)
            if values.shape == (np.size(yc), np.size(xc)):
                return ("mesh", _color_scale(im), values, _centred_edges(xc),
                        _centred_edges(yc))
        return None
    if not isinstance(im, AxesImage):
        return None
    if np.ndim(data) == 3 and np.shape(data)[2] in (3, 4):
        return ("colors", np.asarray(im.get_extent(), dtype=float),
                _floats(data), lower)
    texts = []
    if np.ndim(data) == 2:
        left, right, bottom, top = (float(v) for v in im.get_extent())
        rows, cols = np.shape(data)
        first, last = (bottom, top) if lower else (top, bottom)
        texts = _cell_texts(im, np.linspace(left, right, cols + 1),
                            np.linspace(first, last, rows + 1))
    return ("image", _color_scale(im), lower, texts)


def _mesh(coll, coords, data):
    """A QuadMesh's or PolyQuadMesh's grid: rectilinear as edges, else
    cells at the quads' centres (or at the vertices, for gouraud)."""
    xy = np.asarray(coords, dtype=float)
    if xy.ndim != 3 or xy.shape[2] != 2:
        return None
    if xy.shape[0] < 2 or xy.shape[1] < 2:  # no cell: nothing drawn
        return ("mesh", _color_scale(coll), np.zeros((0, 0)), np.zeros(0),
                np.zeros(0))
    rows, cols = xy.shape[0] - 1, xy.shape[1] - 1
    values = _floats(data)
    scale = _color_scale(coll)
    if values.size == (rows + 1) * (cols + 1):  # gouraud: at the vertices
        return ("cells", scale, xy.reshape(-1, 2), values.ravel())
    if values.size != rows * cols:
        return None
    values = values.reshape(rows, cols)
    xe, ye = xy[0, :, 0], xy[:, 0, 1]
    with np.errstate(invalid="ignore"):
        if (np.array_equal(xy[..., 0], np.broadcast_to(xe, xy.shape[:2]),
                           equal_nan=True)
                and np.array_equal(xy[..., 1],
                                   np.broadcast_to(ye[:, None], xy.shape[:2]),
                                   equal_nan=True)):
            return ("mesh", scale, values, xe.copy(), ye.copy(),
                    _cell_texts(coll, xe, ye))
    centres = (xy[:-1, :-1] + xy[1:, :-1] + xy[:-1, 1:] + xy[1:, 1:]) / 4
    return ("cells", scale, centres.reshape(-1, 2), values.ravel())


def _poly_cells(coll, data):
    """hexbin (one path, an offset per cell) or pcolor / tripcolor as a
    PolyCollection (a polygon per cell): cells at centres."""
    values = _floats(data).ravel()
    offsets = np.asarray(coll.get_offsets(), dtype=float)
    paths = coll.get_paths()
    from matplotlib.transforms import IdentityTransform
    if (len(paths) == 1 and offsets.ndim == 2 and len(offsets) == values.size
            and not isinstance(coll.get_offset_transform(), IdentityTransform)):
        # hexbin: one hexagon placed at each offset.  With xscale="log"
        # (yscale) hexbin gives offsets as log10 of the data and a hexagon
        # of 10 ** its shape, all positive, where a linear one straddles 0.
        hexagon = np.asarray(paths[0].vertices, dtype=float)
        offsets = offsets.copy()
        for k in (0, 1):
            if len(hexagon) and (hexagon[:, k] > 0).all():
                offsets[:, k] = 10.0 ** offsets[:, k]
        return ("cells", _color_scale(coll), offsets, values)
    if len(paths) != values.size or not len(paths):
        return None
    from matplotlib.path import Path
    centres = np.empty((len(paths), 2))
    for i, p in enumerate(paths):
        v = np.asarray(p.vertices, dtype=float)
        if p.codes is not None:
            v = v[np.asarray(p.codes) != Path.CLOSEPOLY]
        while len(v) > 1 and np.array_equal(v[0], v[-1]):
            v = v[:-1]  # the explicit closing vertex
        centres[i] = v.mean(axis=0) if len(v) else np.nan
    return ("cells", _color_scale(coll), centres, values)


def _contour_levels(cs):
    levels = np.asarray(cs.levels, dtype=float).ravel()
    labels = [""] * levels.size
    for text, value in zip(getattr(cs, "labelTexts", ()),
                           getattr(cs, "labelCValues", ())):
        hit = np.flatnonzero(levels == value)
        if hit.size and not labels[hit[0]]:
            labels[hit[0]] = str(text.get_text())
    return levels, labels


def _path_polylines(path, closed):
    """The subpaths of a path as arrays of points, without a point repeated
    next to itself, nor a closed path's closing copy of its start."""
    out = []
    for poly in path.to_polygons(closed_only=False):
        poly = np.asarray(poly, dtype=float)
        if len(poly) > 1:  # the contour generator repeats some points
            poly = poly[np.r_[True, (np.diff(poly, axis=0) != 0).any(axis=1)]]
        if closed and len(poly) > 2 and np.array_equal(poly[0], poly[-1]):
            poly = poly[:-1]
        if len(poly):
            out.append(poly)
    return out


def _contour(cs, members):
    filled = bool(getattr(cs, "filled", False))
    levels, labels = _contour_levels(cs)
    paths = []
    if members:  # matplotlib < 3.8: one collection per level
        per_level = [c.get_paths() for c in members]
    else:
        per_level = [[p] for p in cs.get_paths()]
    if filled and len(per_level) > max(levels.size - 1, 0):
        # extend="min", "max" or "both": regions below the first level or
        # above the last; their open ends are infinite (null in the chart).
        extend = getattr(cs, "extend", "neither")
        low = [-np.inf] if extend in ("min", "both") else []
        high = [np.inf] if extend in ("max", "both") else []
        levels = np.concatenate((low, levels, high))
        labels = [""] * len(low) + labels + [""] * len(high)
    for i, level_paths in enumerate(per_level):
        for p in level_paths:
            for poly in _path_polylines(p, filled):
                paths.append((i, poly))
    return ("contour", _color_scale(cs), filled, levels, labels, paths,
            tuple(members))


def _old_contour_like(coll):
    """matplotlib < 3.8: whether a PathCollection is one level of a
    ContourSet: paths in data coordinates, no offsets (a scatter always
    has its offsets in data coordinates)."""
    from matplotlib.transforms import IdentityTransform
    return isinstance(coll.get_offset_transform(), IdentityTransform) \
        and coll.axes is not None


def _old_filled(coll):
    return len(coll.get_facecolor()) > 0  # contour lines have facecolors "none"


def _orphan_contour(coll):
    """matplotlib < 3.8, the ContourSet no longer alive (its result was
    not kept, and no colorbar or clabel holds it): its collections, one per
    level, are all that is left.  The run of such collections that starts
    at coll (same kind and zorder) is one set whose levels are unknown
    (NaN: null in the chart)."""
    from matplotlib.collections import PathCollection
    filled, z = _old_filled(coll), coll.get_zorder()
    members, started = [], False
    for c in coll.axes.collections:
        if c is coll:
            started = True
        if not started:
            continue
        if (type(c) is not PathCollection or not _old_contour_like(c)
                or _old_filled(c) != filled or c.get_zorder() != z):
            break
        members.append(c)
    paths = []
    for i, c in enumerate(members):
        for p in c.get_paths():
            for poly in _path_polylines(p, filled):
                paths.append((i, poly))
    n = len(members) + (1 if filled else 0)
    return ("contour", (float("nan"), float("nan"), "", ""), filled,
            np.full(n, np.nan), [""] * n, paths, tuple(members))


def _old_contour_owner(coll):
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


def gridded(artist):
    """What a gridded or contoured artist holds, as the walker reads it
    (python/walk_meshes.c), or None when it is none of these:

    ("image", scale, origin_lower, texts): a scalar AxesImage (the walker
        reads its array itself);
    ("colors", extent, pixels (rows, cols, channels), origin_lower);
    ("mesh", scale, values (rows, cols), x_edges, y_edges[, texts]);
    ("cells", scale, centres (n, 2), values (n,));
    ("contour", scale, filled, levels, level labels, [(level index,
        points (n, 2)), ...], the artists it was read from).

    scale is (vmin, vmax, norm name, colorbar label), texts the texts drawn
    at cell centres as [(row, col, text)].  Values are floats, NaN where
    masked."""
    from matplotlib.collections import Collection, PathCollection, \
        PolyCollection
    from matplotlib.contour import ContourSet
    from matplotlib.image import AxesImage
    if getattr(getattr(artist, "axes", None), "name", "") == "3d":
        # mplot3d's collections hold projected 2-D paths once drawn: not
        # data coordinates (3-D Axes are read elsewhere).
        return None
    if isinstance(artist, AxesImage):
        return _image(artist)
    if isinstance(artist, ContourSet):  # a Collection since 3.8
        return _contour(artist, ())
    if not isinstance(artist, Collection):
        return None
    from matplotlib.quiver import Barbs, Quiver
    if isinstance(artist, (Quiver, Barbs)):  # arrows, read as vectors
        return None
    if type(artist) is PathCollection and not issubclass(ContourSet,
                                                         Collection):
        if not _old_contour_like(artist):
            return None
        cs = _old_contour_owner(artist)
        if cs is None:
            return _orphan_contour(artist)
        return _contour(cs, list(cs.collections))
    data = artist.get_array()
    if data is None:
        return None
    if np.size(data) == 0:  # coloured by no value: draws no cell
        return ("mesh", _color_scale(artist), np.zeros((0, 0)), np.zeros(0),
                np.zeros(0))
    coords = getattr(artist, "get_coordinates", None)  # QuadMesh, PolyQuadMesh
    if coords is not None:
        return _mesh(artist, coords(), data)
    triangulation = getattr(artist, "_triangulation", None)  # TriMesh, private
    if triangulation is not None:
        values = _floats(data).ravel()
        xy = np.column_stack((np.asarray(triangulation.x, dtype=float),
                              np.asarray(triangulation.y, dtype=float)))
        if len(xy) == values.size:
            return ("cells", _color_scale(artist), xy, values)
        return None
    if isinstance(artist, PolyCollection):
        return _poly_cells(artist, data)
    return None
