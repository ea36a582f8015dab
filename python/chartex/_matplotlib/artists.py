"""The walker's readers written in Python: what the C walker
(python/_chartex/matplotlib/) reads of some artists through one call per
artist, where NumPy does the per-point work better than a C loop over
Python objects would: mplot3d's artists in x, y and z, vector fields,
steps, texts at data positions, table cells, and gridded data (images,
meshes, cells, contour sets).

Every read of private or release-specific matplotlib state goes through
chartex._matplotlib.compat; this module keeps to what its readers compute.  Nothing
here works per data point in Python: arrays are converted with vectorised
NumPy calls.  Imported by the walker on its first figure (matplotlib is
then already imported).
"""

import sys

import numpy as np

from . import compat as _compat

# ------------------------------------------------------------------- 3-D

# What data_3d gives, as axes3d.c reads it.
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
        xs, ys, zs = _compat.line3d_data(artist)
        return LINE_3D, _xyz(xs, ys, zs), None
    if isinstance(artist, (art3d.Path3DCollection, art3d.Patch3DCollection)):
        xs, ys, zs = _compat.offsets3d(artist)
        return POINTS_3D, _xyz(xs, ys, zs), None
    if isinstance(artist, art3d.Poly3DCollection):
        xyz, lengths = _compat.poly3d_vertices(artist)
        if xyz is not None:
            return POLYGONS_3D, xyz, lengths
        xyz, lengths = _parts(lengths)  # the faces
        return POLYGONS_3D, xyz, lengths
    if isinstance(artist, art3d.Line3DCollection):
        xyz, lengths = _parts(_compat.segments3d(artist))
        return LINES_3D, xyz, lengths
    if isinstance(artist, art3d.Patch3D):
        seg = np.ma.asarray(_compat.segment3d(artist)).reshape(-1, 3)
        return POLYGONS_3D, seg, np.array([len(seg)])
    collection3d = _compat.collection3d_class(art3d)
    if collection3d is not None and isinstance(artist, collection3d):
        # A 2-D collection moved into 3-D (a contour set on a 3-D Axes):
        # one path per item, each split where it moves to a new start.
        kind = POLYGONS_3D if getattr(artist, "filled", False) else LINES_3D
        xyz, lengths = _parts(_path_pieces(_compat.collection3d_paths(artist)))
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
            bar = _compat.bar_label_centre_bar(coords)
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
        xe, ye = _compat.image_axes_arrays(im)
        if xe is not None and ye is not None and np.ndim(data) == 2:
            return ("mesh", _color_scale(im), _floats(data),
                    np.asarray(xe, dtype=float), np.asarray(ye, dtype=float))
        return None
    if isinstance(im, NonUniformImage):  # _Ax, _Ay are the cell centres
        xc, yc = _compat.image_axes_arrays(im)
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


def _orphan_contour(coll):
    """matplotlib < 3.8, the ContourSet no longer alive: the run of its
    level collections that starts at coll (_compat.old_contour_run) is one
    set whose levels are unknown (NaN: null in the chart)."""
    members = _compat.old_contour_run(coll)
    filled = _compat.old_filled(coll)
    paths = []
    for i, c in enumerate(members):
        for p in c.get_paths():
            for poly in _path_polylines(p, filled):
                paths.append((i, poly))
    n = len(members) + (1 if filled else 0)
    return ("contour", (float("nan"), float("nan"), "", ""), filled,
            np.full(n, np.nan), [""] * n, paths, tuple(members))


def gridded(artist):
    """What a gridded or contoured artist holds, as the walker reads it
    (python/_chartex/matplotlib/meshes.c), or None when it is none of these:

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
    if type(artist) is PathCollection and not _compat.contour_sets_are_collections():
        if not _compat.old_contour_like(artist):
            return None
        cs = _compat.old_contour_owner(artist)
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
    triangulation = _compat.triangulation(artist)
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
