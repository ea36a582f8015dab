"""Redraws a chart (chartex's chart dict or its JSON) with matplotlib.

    fig = chartex.render(chart)          # a matplotlib Figure (not a pyplot one)
    chartex render CHART.json -o OUT.png

The point is to *see* what was read: each element is drawn from its numbers
alone, so the picture shows the reading, not the original.  Every kind
chartex writes is drawn: lines (with their error bars and areas: an element
with a `baseline` is a band), scatters, bars (vertical or horizontal; groups
side by side at their label when the chart is `grouped`, on each other when
it is `stacked`, floating bars from their `base`; bars at numeric labels
stand at those positions; candles as vlines and floating bars, or OHLC
ranges with their ticks), pies (rings by radius), boxes (with means and
outliers) and violins, images (`unknown` with `image`), reference lines,
the `overlaid` superchart of one Axes as its charts over each other on one
Axes, and a superchart as a grid of its charts under its title.  Titles, axis labels, scales and the
ticks with their texts are set as the chart gives them, so that reading the
redrawn figure with chartex gives the same chart again, up to what the
schema does not carry (tests/test_render.py lists those cases).
"""

import math

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from matplotlib.figure import Figure
del TYPE_CHECKING


def _is_number_text(text):
    try:
        value = float(text)
    except (TypeError, ValueError):
        return False
    return math.isfinite(value)


def _f(value):
    """A chart number as a float (null as NaN)."""
    if value is None or isinstance(value, bool):
        return math.nan
    if isinstance(value, (int, float)):
        return float(value)
    raise TypeError("expected a number or null, got %r" % (value,))


def _is_date_text(text):
    """Whether a label is an ISO 8601 date as chartex writes them."""
    import re

    return isinstance(text, str) and re.fullmatch(
        r"-?\d{4,}-\d\d-\d\d(T\d\d:\d\d:\d\d(\.\d+)?)?Z?", text) is not None


def _date_number(text):
    import numpy as np
    from matplotlib import dates as mdates

    if text is None:
        return math.nan
    if text.endswith("Z"):
        text = text[:-1]
    return float(mdates.date2num(np.datetime64(text, "us")))


class _Axis:
    """How one axis of a line or scatter chart turns values into the numbers
    drawn: dates to date numbers, category names to their positions."""

    def __init__(self, ax, which, scale, ticks):
        self.axis = ax.xaxis if which == "x" else ax.yaxis
        self.which = which
        self.scale = scale
        self.ticks = ticks or []
        if scale == "datetime":
            # Date numbers on an axis made a date axis.
            (ax.xaxis_date if which == "x" else ax.yaxis_date)()
        elif scale == "categorical":
            # The categories in the order the ticks show them, then those
            # only points name.
            self.categories = [t for t in self.ticks if isinstance(t, str)]

    def add_categories(self, values):
        if self.scale == "categorical":
            for v in values:
                if isinstance(v, str) and v not in self.categories:
                    self.categories.append(v)

    def register(self):
        import numpy as np

        if self.scale == "categorical" and self.categories:
            self.axis.update_units(np.array(self.categories, dtype=object))

    def number(self, value):
        if isinstance(value, str):
            if self.scale == "categorical":
                return float(self.categories.index(value))
            return _date_number(value)
        if value is None:
            return math.nan
        return _f(value)

    def numbers(self, values):
        return [self.number(v) for v in values]


def _set_scale(ax, which, scale):
    set_scale = ax.set_xscale if which == "x" else ax.set_yscale
    if scale in ("log", "symlog", "logit", "asinh"):
        set_scale(scale)
    elif scale in ("function", "functionlog"):
        same = (lambda v: v, lambda v: v)
        set_scale(scale, functions=same)


def _set_ticks(ax, which, axis, ticks, labels):
    if ticks is None:
        return
    positions = axis.numbers(ticks)
    labels = list(labels or [])
    set_ticks = ax.set_xticks if which == "x" else ax.set_yticks
    set_labels = ax.set_xticklabels if which == "x" else ax.set_yticklabels
    set_ticks(positions)
    if len(labels) == len(positions):
        set_labels(labels)


def _texts(ax, chart):
    if chart.get("title"):
        ax.set_title(chart["title"])
    if chart.get("x_label"):
        ax.set_xlabel(chart["x_label"])
    if chart.get("y_label"):
        ax.set_ylabel(chart["y_label"])


def _error_offsets(centres, ends):
    """errorbar's [below, above] offsets from [lower, upper] ends."""
    below, above = [], []
    for c, end in zip(centres, ends):
        lo, hi = (end or [None, None])[:2]
        lo, hi = _f(lo), _f(hi)
        below.append(c - lo if math.isfinite(lo) else math.nan)
        above.append(hi - c if math.isfinite(hi) else math.nan)
    # matplotlib refuses negative offsets (an end on the wrong side of its
    # point): such a bar is drawn from the point.
    return [[max(b, 0.0) if b == b else b for b in below],
            [max(a, 0.0) if a == a else a for a in above]]


def _axes_of(ax, chart):
    """The x and y _Axis of a chart, their categories registered."""
    x = _Axis(ax, "x", chart.get("x_scale"), chart.get("x_ticks"))
    y = _Axis(ax, "y", chart.get("y_scale"), chart.get("y_ticks"))
    for element in chart.get("elements") or []:
        points = element.get("points") or []
        x.add_categories(p[0] for p in points)
        y.add_categories(p[1] for p in points)
    x.register()
    y.register()
    return x, y


def _finish_axes(ax, chart, x, y):
    for which, axis in (("x", x), ("y", y)):
        scale = chart.get(which + "_scale")
        if scale not in ("datetime", "categorical"):
            _set_scale(ax, which, scale)
        _set_ticks(ax, which, axis, chart.get(which + "_ticks"),
                   chart.get(which + "_tick_labels"))


def _draw_xy(ax, chart):
    """A line or scatter chart."""
    import numpy as np

    x, y = _axes_of(ax, chart)
    scatter = chart.get("type") == "scatter"
    three_d = hasattr(ax, "set_zlabel")
    for element in chart.get("elements") or []:
        points = element.get("points") or []
        xs = np.array(x.numbers(p[0] for p in points), dtype=float)
        ys = np.array(y.numbers(p[1] for p in points), dtype=float)
        label = element.get("label") or None
        if three_d:
            zs = np.array([_f(v) for v in element.get("z") or []], dtype=float)
            if scatter and not _is_fit_line(element):
                ax.scatter(xs, ys, zs, label=label)
            else:
                ax.plot(xs, ys, zs, label=label)
            continue
        steps = element.get("steps")
        if steps is not None:
            vertical = steps.get("orientation") != "horizontal"
            along, across = (x, y) if vertical else (y, x)
            base = steps.get("baseline")
            values = across.numbers(steps.get("values") or [])
            edges = along.numbers(steps.get("edges") or [])
            if len(points) == 2 * len(values) + 2 and len(edges) == len(values) + 1 > 1:
                # A step histogram's outline (hist(histtype="step")): drawn
                # as hist() draws it, down to the baseline at both ends.
                mids = [(lo + hi) / 2 for lo, hi in zip(edges, edges[1:])]
                ax.hist(mids, bins=edges, weights=values, histtype="step",
                        bottom=0 if base is None else across.numbers(base),
                        orientation="vertical" if vertical else "horizontal", label=label)
                continue
            ax.stairs(across.numbers(steps.get("values") or []),
                      along.numbers(steps.get("edges") or []),
                      baseline=None if base is None else across.numbers(base),
                      orientation="vertical" if vertical else "horizontal", label=label)
            continue
        if element.get("vectors") is not None:
            uv = element["vectors"]
            ax.quiver(xs, ys, [_f(v[0]) for v in uv], [_f(v[1]) for v in uv], label=label)
            continue
        if element.get("band") is not None:
            band = element["band"]
            ax.plot(xs, ys, label=label)
            ax.fill_between(xs, y.numbers(b[0] for b in band), y.numbers(b[1] for b in band),
                            alpha=0.2)
            continue
        if element.get("baseline") is not None:
            base = np.array(y.numbers(element["baseline"]), dtype=float)
            ax.fill_between(xs, ys, base, label=label, alpha=0.5)
        elif "x_error" in element or "y_error" in element:
            xerr = (_error_offsets(xs, element["x_error"])
                    if element.get("x_error") is not None else None)
            yerr = (_error_offsets(ys, element["y_error"])
                    if element.get("y_error") is not None else None)
            # In a scatter chart, error bars on points with no line between.
            ax.errorbar(xs, ys, xerr=xerr, yerr=yerr, label=label, capsize=3,
                        fmt="o" if scatter else "")
        elif scatter and not _is_fit_line(element):
            ax.scatter(xs, ys, label=label)
        else:
            ax.plot(xs, ys, label=label)
    _draw_gridded(ax, chart)
    _draw_shapes(ax, chart)
    _finish_axes(ax, chart, x, y)


def _is_fit_line(element):
    # In a scatter chart, a line's element is named "Line k" by default;
    # one labelled so is drawn as a line again.
    label = element.get("label") or ""
    return label.startswith("Line ") and label[5:].isdigit()


def _draw_candles(ax, chart, candles, slots, width):
    """Candles as the manual idiom draws them: vlines(x, low, high) and
    bar(x, close - open, bottom=open) for a candlestick chart; the range
    with hlines to the left at the open and to the right at the close for
    an OHLC chart; one call per group."""
    groups = []
    for e in candles:
        if e.get("group") not in groups:
            groups.append(e.get("group"))
    for group in groups:
        mine = [e for e in candles if e.get("group") == group]
        at = [slots[e["label"]] for e in mine]
        o, h, lo, c = ([_f(e.get(k)) for e in mine] for k in ("open", "high", "low", "close"))
        if chart.get("financial") == "ohlc":
            ax.vlines(at, lo, h, label=group)
            ax.hlines(o, [x - width * 0.35 for x in at], at)
            ax.hlines(c, at, [x + width * 0.35 for x in at])
        else:
            ax.vlines(at, lo, h, color="k", linewidth=1)
            ax.bar(at, [b - a for a, b in zip(o, c)], bottom=o, width=width * 0.75,
                   label=group)


def _numeric_bin(e):
    b = e.get("bin")
    return isinstance(b, list) and len(b) == 2 and all(isinstance(v, (int, float)) for v in b)


def _draw_bar(ax, chart, categorical=False):
    """Bars at their labels: groups side by side when the chart says they
    are grouped, on each other when it says they are stacked, floating
    bars from their base; candles as candles.  categorical: the x axis is
    a category axis (the overlaid line over the bars says so), even when
    the labels are dates."""
    horizontal = chart.get("orientation") == "horizontal"
    elements = chart.get("elements") or []
    labels = [e.get("label") for e in elements]
    numeric = bool(labels) and all(_is_number_text(t) for t in labels)
    groups = []
    for e in elements:
        if e.get("group") not in groups:
            groups.append(e.get("group"))
    grouped = bool(chart.get("grouped")) and len(groups) > 1
    stacked = bool(chart.get("stacked"))
    # Bars on a date axis are labelled with ISO dates: drawn at those dates.
    dates = not numeric and not categorical and bool(labels) and all(
        _is_date_text(t) for t in labels)
    if dates:
        (ax.yaxis_date if horizontal else ax.xaxis_date)()
    width = 0.8
    if numeric or dates:
        where = sorted({float(t) if numeric else _date_number(t) for t in labels})
        gaps = [b - a for a, b in zip(where, where[1:]) if b > a]
        width = 0.8 * min(gaps) if gaps else 0.8
    # Positions: numbers where the labels are numbers or dates, else one
    # slot per label in the order met (what a category axis does).
    slots = {}
    for t in labels:
        slots.setdefault(t, float(t) if numeric else _date_number(t) if dates
                         else float(len(slots)))
    if not numeric and not dates and slots:
        # A category axis, its categories in slot order: the bars (and
        # annotations at a category) stand at their index.
        import numpy as np

        (ax.yaxis if horizontal else ax.xaxis).update_units(
            np.array(list(slots), dtype=object))
    candles = [e for e in elements if "open" in e]
    if candles:
        _draw_candles(ax, chart, candles, slots, width)
        elements = [e for e in elements if "open" not in e]
        groups = [g for g in groups if any(e.get("group") == g for e in elements)]
    ends = {}  # label -> the top of the stack so far (stacked groups)
    draw = ax.barh if horizontal else ax.bar
    each = width / len(groups) if grouped else width
    for gi, group in enumerate(groups):
        mine = [e for e in elements if e.get("group") == group]
        offset = (gi - (len(groups) - 1) / 2) * each if grouped else 0.0
        at = [slots[e["label"]] + offset for e in mine]
        values = [_f(e.get("value")) for e in mine]
        bottoms = [_base(ax, e["base"], horizontal) if e.get("base") is not None
                   else (ends.get(e["label"], 0.0) if stacked else 0.0) for e in mine]
        key = "x_error" if horizontal else "y_error"
        err = None
        if any(e.get(key) is not None for e in mine):
            tops = [b + (v if v == v else 0.0) for b, v in zip(bottoms, values)]
            err = _error_offsets(tops, [e.get(key) for e in mine])
        size = each
        if numeric and all(_numeric_bin(e) for e in mine):
            # A histogram's bars over their bins, side by side in each when
            # grouped (the bin is what counts, not the bar drawn in it).
            share = [(e["bin"][1] - e["bin"][0]) / (len(groups) if grouped else 1)
                     for e in mine]
            at = [e["bin"][0] + s * (gi + 0.5 if grouped else 0.5)
                  for e, s in zip(mine, share)]
            size = share
        kwargs = {"label": group}
        if horizontal:
            kwargs.update(height=size, left=bottoms, xerr=err)
        else:
            kwargs.update(width=size, bottom=bottoms, yerr=err)
        if err is not None:
            kwargs["capsize"] = 3
        bars = draw(at, values, **kwargs)
        if any(e.get("bar_label") for e in mine):
            ax.bar_label(bars, labels=[e.get("bar_label") or "" for e in mine])
        for e, b, v in zip(mine, bottoms, values):
            ends[e["label"]] = b + (v if v == v else 0.0)


def _base(ax, base, horizontal):
    """A floating bar's base as a number: a date (the value axis made a date
    axis) or the number itself."""
    if isinstance(base, str):
        (ax.xaxis_date if horizontal else ax.yaxis_date)()
        return _date_number(base)
    return _f(base)


def _draw_reference_lines(ax, chart):
    """axhline, axvline, axhspan, axvspan and axline again, from the
    values they mark."""
    refs = chart.get("reference_lines") or []
    if not refs or hasattr(ax, "set_zlabel"):
        return
    # (dates and categories by the chart's axes: a Plotly shape's)
    x, y = _axes_of(ax, chart)
    for ref in refs:
        label = ref.get("label") or None
        if ref.get("points"):
            (x1, y1), (x2, y2) = ref["points"][:2]
            ends = (x.number(x1), y.number(y1)), (x.number(x2), y.number(y2))
            if ref.get("segment"):
                ax.plot(*zip(*ends), color="0.3", ls=":", label=label)
            else:
                ax.axline(*ends, color="0.3", ls=":", label=label)
            continue
        axis = ref.get("axis")
        along = y if axis == "y" else x
        if "value" in ref:
            (ax.axhline if axis == "y" else ax.axvline)(along.number(ref["value"]), color="0.3",
                                                        ls="--", label=label)
        elif "from" in ref:
            (ax.axhspan if axis == "y" else ax.axvspan)(along.number(ref["from"]),
                                                        along.number(ref.get("to")),
                                                        alpha=0.15, label=label)


def _draw_pie(ax, chart):
    elements = chart.get("elements") or []
    rings = []  # consecutive wedges of one radius: one pie() each
    for e in elements:
        r = _f(e.get("radius"))
        if rings and rings[-1][0] == r:
            rings[-1][1].append(e)
        else:
            rings.append((r, [e]))
    radii = sorted({r for r, _ in rings if r == r}, reverse=True)
    for r, wedges in rings:
        inner = [s for s in radii if s < r]
        props = {"width": r - inner[0]} if inner else None
        shares = [_f(e.get("angle")) / 360.0 for e in wedges]
        # A whole circle (200 + 120 + 40 degrees) is normalised: its shares
        # can add up to 1 plus rounding, which pie() refuses unnormalised.
        whole = abs(sum(shares) - 1.0) <= 1e-9
        ax.pie(shares, labels=[e.get("label") or "" for e in wedges],
               radius=r if r == r else 1.0, normalize=whole, wedgeprops=props)


def _draw_box(ax, chart, overlaid=False):
    import numpy as np

    from .._matplotlib import compat as _compat

    horizontal = chart.get("orientation") == "horizontal"
    elements = chart.get("elements") or []
    positions = list(range(1, len(elements) + 1))
    labels = [e.get("label") or "" for e in elements]
    if overlaid and labels and not all(_is_number_text(t) for t in labels):
        # Over other charts of the Axes (a stripplot's points at each
        # category): the boxes stand at their categories too.
        axis = ax.yaxis if horizontal else ax.xaxis
        axis.update_units(np.array(labels, dtype=object))
        positions = [float(p) for p in np.atleast_1d(axis.convert_units(labels))]
    if chart.get("violin") and any(e.get("first_quartile") is not None for e in elements):
        _draw_inner_box_violins(ax, elements, positions, horizontal)
        (ax.set_yticks if horizontal else ax.set_xticks)(positions, labels)
    elif chart.get("violin"):
        stats = []
        for e in elements:
            lo, hi = _f(e.get("min")), _f(e.get("max"))
            mid = _f(e.get("median"))
            centre = mid if mid == mid else (lo + hi) / 2
            coords = np.linspace(lo, hi, 64)
            spread = max(hi - lo, 1e-12) / 4
            vals = np.exp(-0.5 * ((coords - centre) / spread) ** 2)
            stats.append({"coords": coords, "vals": vals, "mean": centre,
                          "median": mid if mid == mid else centre, "min": lo, "max": hi})
        showmedians = any(e.get("median") is not None for e in elements)
        ax.violin(stats, positions=positions, showmedians=showmedians,
                  **_compat.orientation_kwargs(ax.violin, horizontal))
        (ax.set_yticks if horizontal else ax.set_xticks)(positions, labels)
    else:
        stats = []
        for e in elements:
            s = {"whislo": _f(e.get("min")), "q1": _f(e.get("first_quartile")),
                 "med": _f(e.get("median")), "q3": _f(e.get("third_quartile")),
                 "whishi": _f(e.get("max")),
                 "fliers": [_f(v) for v in e.get("outliers") or []],
                 "label": e.get("label") or ""}
            if e.get("mean") is not None:
                s["mean"] = _f(e["mean"])
            stats.append(s)
        showmeans = any("mean" in s for s in stats)
        for s in stats:
            s.setdefault("mean", s["med"])
        drawn = ax.bxp(stats, positions=positions, showmeans=showmeans,
                       **_compat.orientation_kwargs(ax.bxp, horizontal))
        for box, e in zip(drawn["boxes"], elements):
            if e.get("group"):
                box.set_label(e["group"])


def _draw_inner_box_violins(ax, elements, positions, horizontal):
    """Violins with a box's statistics, drawn as seaborn draws them: each
    body (a fill between two curves), then its inner box: a thin line
    from min to max, a thick one from q1 to q3, the median as one point."""
    import numpy as np

    for pos, e in zip(positions, elements):
        lo, hi = _f(e.get("min")), _f(e.get("max"))
        q1, q3, mid = _f(e.get("first_quartile")), _f(e.get("third_quartile")), \
            _f(e.get("median"))
        span = max(hi - lo, 1e-12)
        coords = np.linspace(lo - span / 4, hi + span / 4, 64)
        centre = mid if mid == mid else (lo + hi) / 2
        half = 0.4 * np.exp(-0.5 * ((coords - centre) / (span / 2)) ** 2)
        label = e.get("group") or None
        if horizontal:
            ax.fill_between(coords, pos - half, pos + half, label=label, alpha=0.6)
            ax.plot([lo, hi], [pos, pos], color="k", lw=1)
            ax.plot([q1, q3], [pos, pos], color="k", lw=4)
            ax.plot([mid], [pos], "wo")
        else:
            ax.fill_betweenx(coords, pos - half, pos + half, label=label, alpha=0.6)
            ax.plot([pos, pos], [lo, hi], color="k", lw=1)
            ax.plot([pos, pos], [q1, q3], color="k", lw=4)
            ax.plot([pos], [mid], "wo")


def _norm(scale):
    """A matplotlib norm for a colour scale {vmin, vmax, norm}."""
    from matplotlib import colors

    vmin, vmax = scale.get("vmin"), scale.get("vmax")
    vmin = None if vmin is None else _f(vmin)
    vmax = None if vmax is None else _f(vmax)
    name = scale.get("norm")
    if name == "log":
        return colors.LogNorm(vmin, vmax)
    if name == "power":
        return colors.PowerNorm(1.0, vmin, vmax)
    return colors.Normalize(vmin, vmax)


def _colorbar(ax, mappable, scale):
    label = scale.get("colorbar_label")
    if label is not None:
        ax.figure.colorbar(mappable, ax=ax, label=label)


def _grid(rows):
    import numpy as np

    return np.ma.masked_invalid(np.array([[_f(v) for v in row] for row in rows or []],
                                         dtype=float))


def _draw_image(ax, image):
    import numpy as np

    rows = image.get("values") or []
    if not rows:
        return
    extent = image.get("extent")
    kwargs = {}
    if extent and len(extent) == 4 and None not in extent:
        kwargs["extent"] = [float(v) for v in extent]
    if image.get("channels"):
        pixels = np.array([[[_f(c) for c in px] for px in row] for row in rows], dtype=float)
        if pixels.size and np.nanmax(pixels) > 1:
            pixels = pixels.astype(np.uint8)
        ax.imshow(pixels, aspect="auto", **kwargs)
        return
    im = ax.imshow(_grid(rows), aspect="auto", norm=_norm(image), **kwargs)
    _colorbar(ax, im, image)
    _draw_cell_texts(ax, image.get("annotations"), None, None, extent)


def _centres(edges):
    return [(_f(a) + _f(b)) / 2 for a, b in zip(edges, edges[1:])]


def _draw_cell_texts(ax, texts, x_edges, y_edges, extent=None):
    """The texts drawn on cells (seaborn's annot), at the cells' centres."""
    if not texts:
        return
    if x_edges is None:
        left, right, bottom, top = (_f(v) for v in extent)
        cols, rows = len(texts[0]), len(texts)
        xc = [left + (right - left) * (c + 0.5) / cols for c in range(cols)]
        yc = [top + (bottom - top) * (r + 0.5) / rows for r in range(rows)]
    else:
        xc, yc = _centres(x_edges), _centres(y_edges)
    for r, row in enumerate(texts):
        for c, text in enumerate(row):
            if text and r < len(yc) and c < len(xc):
                ax.text(xc[c], yc[r], text, ha="center", va="center")


def _draw_heatmap(ax, heatmap):
    x_edges = [_f(v) for v in heatmap.get("x_edges") or []]
    y_edges = [_f(v) for v in heatmap.get("y_edges") or []]
    values = _grid(heatmap.get("values"))
    if values.size == 0 or len(x_edges) < 2 or len(y_edges) < 2:
        return
    mesh = ax.pcolormesh(x_edges, y_edges, values, norm=_norm(heatmap))
    _colorbar(ax, mesh, heatmap)
    _draw_cell_texts(ax, heatmap.get("annotations"), x_edges, y_edges)
    for which, key in (("y", "row_labels"), ("x", "col_labels")):
        names = heatmap.get(key)
        if names:
            centres = _centres(y_edges if which == "y" else x_edges)
            keep = [(p, n) for p, n in zip(centres, names) if n is not None]
            getattr(ax, "set_%sticks" % which)([p for p, _ in keep], [n for _, n in keep])


def _draw_cells(ax, cells):
    """Cells that form no grid, as coloured points at their centres (the
    cells' shapes are not in the chart)."""
    points = cells.get("points") or []
    if points:
        coll = ax.scatter([_f(p[0]) for p in points], [_f(p[1]) for p in points],
                          c=[_f(v) for v in cells.get("values") or []], norm=_norm(cells),
                          marker="h", s=200)
        _colorbar(ax, coll, cells)


def _draw_contours(ax, contours):
    """Each contour set's paths (the field they were computed from is not
    in the chart): lines for contour(), filled polygons for contourf()."""
    from matplotlib.collections import LineCollection, PolyCollection

    for cset in contours or []:
        paths = [[[_f(v) for v in p] for p in path.get("points") or []]
                 for path in cset.get("paths") or []]
        paths = [p for p in paths if p]
        if not paths:
            continue
        if cset.get("filled"):
            ax.add_collection(PolyCollection(paths, alpha=0.6))
        else:
            ax.add_collection(LineCollection(paths))
    ax.autoscale_view()


def draw_chart(ax, chart, overlaid=False, _categorical_x=False):
    """Draws one chart (not a superchart) into ax (overlaid: over the other
    charts of its Axes; _categorical_x: one of them has a category x)."""
    kind = chart.get("type")
    _texts(ax, chart)
    if kind in ("line", "scatter"):
        _draw_xy(ax, chart)
    elif kind == "bar":
        _draw_bar(ax, chart, _categorical_x)
    elif kind == "pie":
        _draw_pie(ax, chart)
    elif kind == "box_and_whisker":
        _draw_box(ax, chart, overlaid)
    elif kind == "unknown" and any(chart.get(k) for k in _GRIDDED + ("shapes",)):
        x, y = _axes_of(ax, chart)
        _draw_gridded(ax, chart)
        _draw_shapes(ax, chart)
        _finish_axes(ax, chart, x, y)
    else:
        text = ax.text2D if hasattr(ax, "text2D") else ax.text
        text(0.5, 0.5, "%s chart: nothing to draw" % (kind or "empty"),
             ha="center", va="center", transform=ax.transAxes, color="0.5")
        ax.set_axis_off()
    if kind not in ("line", "scatter", "unknown"):
        _draw_shapes(ax, chart)
    _draw_reference_lines(ax, chart)
    _draw_notes(ax, chart)
    if hasattr(ax, "set_zlabel"):
        _finish_z(ax, chart)
    if kind in ("line", "scatter", "bar") and any(
            not _default_label(e, kind) for e in chart.get("elements") or []):
        ax.legend(fontsize="small")


_GRIDDED = ("image", "heatmap", "cells", "contours")


def _draw_gridded(ax, chart):
    if chart.get("image"):
        _draw_image(ax, chart["image"])
    if chart.get("heatmap"):
        _draw_heatmap(ax, chart["heatmap"])
    if chart.get("cells"):
        _draw_cells(ax, chart["cells"])
    if chart.get("contours"):
        _draw_contours(ax, chart["contours"])


def _draw_shapes(ax, chart):
    """A chart's shapes: 3-D polygons and polylines as mplot3d
    collections, free 2-D patches as open paths through their points."""
    from matplotlib.path import Path
    from matplotlib.patches import PathPatch

    flat = not hasattr(ax, "set_zlabel")
    if flat and chart.get("shapes"):
        # (dates and categories by the chart's axes: a Plotly shape's)
        x, y = _axes_of(ax, chart)
    for shape in chart.get("shapes") or []:
        polygons = [[[x.number(p[0]), y.number(p[1])] if flat else [_f(v) for v in p]
                     for p in poly] for poly in shape.get("polygons") or []]
        label = shape.get("label")
        kwargs = {"label": label} if label else {}
        if hasattr(ax, "set_zlabel"):
            from mpl_toolkits.mplot3d import art3d

            if shape.get("kind") == "lines":
                coll = art3d.Line3DCollection(polygons, **kwargs)
            else:
                coll = art3d.Poly3DCollection(polygons, alpha=0.6, **kwargs)
            ax.add_collection3d(coll)
            continue
        for poly in polygons:
            if poly:
                ax.add_patch(PathPatch(Path(poly), alpha=0.5, **kwargs))
    if chart.get("shapes"):
        ax.autoscale_view()


def _draw_notes(ax, chart):
    """Annotations at their data positions, and tables."""
    if not hasattr(ax, "set_zlabel") and chart.get("type") in ("line", "scatter", "unknown"):
        x, y = _axes_of(ax, chart)
        place = lambda n: (x.number(n.get("x")), y.number(n.get("y")))  # noqa: E731
    else:
        place = lambda n: (n.get("x"), n.get("y"))  # noqa: E731
    for note in chart.get("annotations") or []:
        ax.annotate(note.get("text") or "", xy=place(note))
    for table in chart.get("tables") or []:
        rows = [[str(c) for c in row] for row in table if row]
        if rows:
            ax.table(cellText=rows, loc="bottom")


def _finish_z(ax, chart):
    # A 3-D Axes does not widen its view to the ticks it is given: the
    # view must hold them to show them.
    for which in "xyz":
        ticks = [_f(t) for t in chart.get(which + "_ticks") or [] if not isinstance(t, str)]
        if ticks:
            get = getattr(ax, "get_%slim" % which)
            lo, hi = get()
            getattr(ax, "set_%slim" % which)(min(lo, min(ticks)), max(hi, max(ticks)))
    if chart.get("z_label"):
        ax.set_zlabel(chart["z_label"])
    ticks = chart.get("z_ticks")
    if ticks is not None:
        ax.set_zticks([_f(t) for t in ticks])
        labels = chart.get("z_tick_labels") or []
        if len(labels) == len(ticks):
            ax.set_zticklabels(labels)


def _default_label(element, kind):
    label = (element.get("group") if kind == "bar" else element.get("label")) or ""
    name, _, k = label.rpartition(" ")
    return k.isdigit() and name in ("Line", "Scatter", "Area", "Group")


def render(chart: "dict[str, Any] | str | bytes", figsize: "tuple[float, float] | None" = None,
           dpi: float = 100) -> "Figure":
    """A new matplotlib Figure drawing chart (a chart dict, or its JSON
    text).  The figure is not registered with pyplot: save it with
    fig.savefig(...)."""
    import json

    from matplotlib.figure import Figure

    if isinstance(chart, (str, bytes)):
        chart = json.loads(chart)
    if not isinstance(chart, dict):
        raise TypeError("render() takes a chart dict or its JSON, not %s"
                        % type(chart).__name__)
    if chart.get("type") == "superchart" and chart.get("overlaid"):
        fig = Figure(figsize=figsize or (6.4, 4.8), dpi=dpi, layout="constrained")
        _draw_overlaid(fig.add_subplot(), chart)
        return fig
    if chart.get("type") == "superchart":
        charts = [c for c in chart.get("elements") or [] if isinstance(c, dict)]
        n = max(len(charts), 1)
        cols = math.ceil(math.sqrt(n))
        rows = math.ceil(n / cols)
        fig = Figure(figsize=figsize or (4.8 * cols, 3.6 * rows), dpi=dpi,
                     layout="constrained")
        for i, sub in enumerate(charts):
            ax = fig.add_subplot(rows, cols, i + 1, **_projection(sub))
            if sub.get("type") == "superchart":
                _draw_overlaid(ax, sub)
            else:
                draw_chart(ax, sub)
        if chart.get("title"):
            fig.suptitle(chart["title"])
        return fig
    fig = Figure(figsize=figsize or (6.4, 4.8), dpi=dpi, layout="constrained")
    if chart:
        draw_chart(fig.add_subplot(**_projection(chart)), chart)
    return fig


def _draw_overlaid(ax, chart):
    """The superchart of one Axes: its charts drawn over each other on
    ax, in their order (bars, then the line drawn over them).  When one
    of them has a category x axis, the bars stand at its categories
    (mplfinance's dated positions), not at dates."""
    subs = [s for s in chart.get("elements") or []
            if isinstance(s, dict) and s.get("type") != "superchart"]
    categorical = any(s.get("x_scale") == "categorical" for s in subs)
    for sub in subs:
        draw_chart(ax, sub, overlaid=True, _categorical_x=categorical)


def _projection(chart):
    """A chart with a third axis is drawn on a 3-D Axes."""
    return {"projection": "3d"} if "z_scale" in chart else {}


def render_png(chart, path_or_file, dpi=100):
    """Draws chart into a PNG file."""
    render(chart, dpi=dpi).savefig(path_or_file, format="png")


__all__ = ["render", "render_png", "draw_chart"]
