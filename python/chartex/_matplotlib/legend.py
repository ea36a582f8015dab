"""Names from the legend, for data artists that carry none of their own.

seaborn (and other libraries drawing through matplotlib) names its hue
groups in the legend only: the lines, bars, boxes and violin bodies it
draws keep matplotlib's default labels ("_child3", "_container0", ""),
while the legend shows a handle of each group's look (its colour, marker,
line style) beside the group's name.  The handles are stand-ins made for
the legend (zero-size rectangles, empty lines, or artists outside the
Axes), so the names are found by matching each handle's look with the
artists' own.  This is the walker's one place for that (walk_legend.c asks
once per Axes; doc/schema.md, "Legend names").

Only a legend entry that no data artist of the Axes names by its own label
is used: a user's unlabelled line drawn in the colour of a labelled one is
not given that line's name.  An artist is named only when exactly one such
entry has its colour (and, where several do, its marker and line style).

A scatter collection whose points have several colours (seaborn's
scatterplot with hue draws one collection for all groups) is given as a
list of (name, point indices) pairs, one per legend entry that names some
of its points; it is split only when every point is named.

Nothing here works per data point in Python: the per-point colours of a
collection are compared with NumPy.
"""

import numpy as np

from . import compat as _compat

# Colour components are compared after rounding: matplotlib's colour
# conversions are exact for the same input, but seaborn's palettes pass
# through several of them (desaturation, to_rgb, hex).
_DECIMALS = 6


def _default(label):
    return not isinstance(label, str) or label == "" or label.startswith("_")


def _rgb(colour):
    from matplotlib.colors import to_rgba

    try:
        r, g, b, _ = to_rgba(colour)
    except (TypeError, ValueError):
        return None
    return (round(float(r), _DECIMALS), round(float(g), _DECIMALS),
            round(float(b), _DECIMALS))


def _rgb_rows(colours):
    """The distinct RGB rows of an Nx4 (or 4) colour array, rounded."""
    arr = np.asarray(colours, dtype=float)
    if arr.ndim == 1:
        arr = arr.reshape(1, -1)
    if arr.ndim != 2 or arr.shape[1] < 3 or arr.shape[0] == 0:
        return None
    return np.round(arr[:, :3], _DECIMALS)


def _look(artist):
    """(rgb, marker, linestyle, kind) of an artist or a legend handle, or
    None when it has no single colour."""
    from matplotlib.collections import Collection
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    if isinstance(artist, Line2D):
        marker = artist.get_marker()
        colour = artist.get_color()
        if artist.get_linestyle() in ("None", "none", "", " ") and marker not in (None, "None", "none", ""):
            colour = artist.get_markerfacecolor()
        return _rgb(colour), str(marker), str(artist.get_linestyle()), "line"
    if isinstance(artist, Patch):
        face = artist.get_facecolor()
        if artist.get_fill() and face is not None and face[3] > 0:
            return _rgb(face), None, None, "patch"
        return _rgb(artist.get_edgecolor()), None, None, "patch"
    if isinstance(artist, Collection):
        rows = _rgb_rows(artist.get_facecolor())
        if rows is None or len(rows) == 0:
            rows = _rgb_rows(artist.get_edgecolor())
        if rows is None:
            return None
        if not (rows == rows[0]).all():  # O(n), where np.unique sorts
            return None
        return tuple(float(v) for v in rows[0]), None, None, "collection"
    return None


def _entries(legends, own):
    """(name, look) of each legend entry whose name no data artist has."""
    out = []
    for legend in legends:
        out.extend(_legend_entries(legend, own))
    return out


def _legend_entries(legend, own):
    handles = _compat.legend_handles(legend)
    texts = legend.get_texts()
    out = []
    for handle, text in zip(handles, texts):
        name = text.get_text()
        if handle is None or _default(name) or name in own:
            continue
        if hasattr(handle, "get_visible") and not handle.get_visible():
            continue  # a sub-title in seaborn's legends ("sex", "size")
        look = _look(handle)
        if look is not None and look[0] is not None:
            out.append((name, look))
    return out


def _match(entries, look):
    """The one entry's name that look matches, or None."""
    found = [(n, lk) for n, lk in entries if lk[0] == look[0]]
    if len(found) > 1 and look[3] == "line":
        found = [(n, lk) for n, lk in found
                 if lk[3] != "line" or (lk[1] == look[1] and lk[2] == look[2])]
    names = {n for n, _ in found}
    return found[0][0] if len(names) == 1 else None


def _has_data(artist):
    """Whether an artist draws data (not a legend's stand-in)."""
    from matplotlib.collections import Collection, PathCollection
    from matplotlib.lines import Line2D
    from matplotlib.patches import Rectangle

    if isinstance(artist, Line2D):
        return len(artist.get_xdata(orig=False)) > 0
    if isinstance(artist, Rectangle):
        return artist.get_width() != 0 or artist.get_height() != 0
    if isinstance(artist, PathCollection):  # markers: its points are its offsets
        return len(artist.get_offsets()) > 0
    if isinstance(artist, Collection):
        return len(artist.get_paths()) > 0
    return True


def _split_scatter(coll, entries):
    """[(name, indices)] for a many-coloured scatter collection whose every
    point has a named colour, else None."""
    rows = _rgb_rows(coll.get_facecolor())
    n = len(coll.get_offsets())
    if rows is None or n == 0 or len(rows) != n:
        return None
    named = {}
    for name, look in entries:
        named.setdefault(look[0], set()).add(name)
    groups = []
    covered = np.zeros(n, dtype=bool)
    for rgb, names in named.items():
        hit = np.all(rows == np.asarray(rgb), axis=1)
        if not hit.any():
            continue
        if len(names) != 1:
            return None
        covered |= hit
        groups.append((next(iter(names)), np.flatnonzero(hit).astype(np.int64)))
    if not covered.all() or len(groups) < 2:
        return None
    groups.sort(key=lambda g: g[1][0])  # in the order of their first point
    return groups


def legend_names(ax):
    """{id(artist or container): name or [(name, indices)]} for ax's data
    artists with a default label that its legend (or, without one, its
    figure's legends) names; None when there is no legend."""
    from matplotlib.collections import PathCollection

    # The Axes' own legend, else its figure's: seaborn's figure-level
    # functions (relplot, catplot, lmplot, displot, pairplot) put one
    # legend beside all their Axes.
    legend = ax.get_legend()
    legends = [legend] if legend is not None else list(getattr(ax.figure, "legends", None) or [])
    if not legends:
        return None
    artists = list(ax.lines) + list(ax.collections) + list(ax.patches)
    containers = list(ax.containers)
    own = set()
    for a in artists + containers:
        label = a.get_label()
        if not _default(label) and (a in containers or _has_data(a)):
            own.add(label)
    entries = _entries(legends, own)
    if not entries:
        return None
    names = {}
    for c in containers:
        patches = getattr(c, "patches", None)
        if not _default(c.get_label()) or not patches:
            continue
        look = _look(patches[0])
        if look is not None and look[0] is not None:
            name = _match(entries, look)
            if name is not None:
                names[id(c)] = name
    for a in artists:
        if not _default(a.get_label()) or not _has_data(a):
            continue
        look = _look(a)
        if look is None:
            if isinstance(a, PathCollection):
                groups = _split_scatter(a, entries)
                if groups is not None:
                    names[id(a)] = groups
            continue
        if look[0] is None:
            continue
        name = _match(entries, look)
        if name is not None:
            names[id(a)] = name
    return names or None
