"""Datasets VegaFusion cannot evaluate, evaluated by Vega itself.

VegaFusion 2 has no density (kde), regression, loess or quantile
transform (and none of Vega's geo, layout and contour transforms).  vl-convert
embeds the real Vega in its JavaScript engine, but hands back pictures and
scene graphs, not datasets.  So the dataset is asked for through a scene
graph: VegaFusion first evaluates what it can and inlines every dataset
into the spec (pre_transform_extract), the spec's marks are replaced by
one text mark per wanted dataset whose text, for each row, lists the
fields the chart's marks read, each tagged with its kind
("n" number, "d" date in ms, "s" text, "z" null), and Vega renders it
(vega_to_scenegraph).  Every number is JavaScript's String() of the double
Vega computed, the shortest text that reads back to it.

When VegaFusion cannot even start on the spec (a date text it cannot
parse, as "1875" on a temporal axis), Vega gets the spec whole, each data
frame as the values Altair itself would embed.

This is the fallback path, bounded: an input of more than MAX_ROWS rows is
not sent, nor one of more than ROW_BY_ROW_MAX_ROWS for a transform that
gives a row per input row at a cost (a loess, whose cost in Vega grows as
the square of its rows: 5,000 take 6 s; Vega's geo projections of points);
the dataset then keeps its note.  The rows come back as text, one Python
string per value.
"""
import json
import sys

from . import VEGAFUSION_PREFIX, ZONE

MAX_ROWS = 50000
ROW_BY_ROW_MAX_ROWS = 5000
ROW_BY_ROW = frozenset(("loess", "geopoint", "geojson", "geoshape", "geopath"))


class TooLarge(Exception):
    """An input too large to send through the JavaScript engine."""


def _cell(field):
    v = "datum[%s]" % json.dumps(field)
    return ("(isValid({v}) ? (isDate({v}) ? 'd' + toString(+{v}) : isNumber({v}) ? "
            "'n' + toString({v}) : isBoolean({v}) ? ({v} ? 'strue' : 'sfalse') : "
            "'s' + toString({v})) : 'z')").format(v=v)


def _parent_cell(field):
    v = "parent[%s]" % json.dumps(field)
    return ("(isValid({v}) ? (isDate({v}) ? 'd' + toString(+{v}) : isNumber({v}) ? "
            "'n' + toString({v}) : 's' + toString({v})) : 'z')").format(v=v)


def _probe_mark(i, name, fields, facet_fields):
    cells = [_cell(f) for f in fields] + [_parent_cell(f) for f in facet_fields]
    return {"type": "text", "name": "chartex_probe_%d" % i, "from": {"data": name},
            "encode": {"update": {"text": {"signal": "[%s]" % ", ".join(cells)}}}}


def _unproject(group):
    """Takes out the "project" transforms VegaFusion adds to keep the
    columns the marks draw: the reader also reads what made them (a
    geopoint's longitude and latitude).  A projection keeps the rows."""
    for d in group.get("data", []):
        ts = d.get("transform") if isinstance(d, dict) else None
        if isinstance(ts, list):
            d["transform"] = [t for t in ts if not (isinstance(t, dict)
                                                   and t.get("type") == "project")]
    for g in _groups(group):
        _unproject(g)


def _inline_files(group):
    """Puts into the spec, as values, the local files its datasets still
    name (VegaFusion left them: a topojson's features); returns the URLs
    that are no local file (none, as plan.py replaced them)."""
    import os

    out = []
    for d in group.get("data", []):
        url = d.get("url") if isinstance(d, dict) else None
        if not isinstance(url, str):
            continue
        if not os.path.isfile(url):
            out.append(url)
            continue
        with open(url, "rb") as f:
            text = f.read().decode("utf-8", "replace")
        kind = (d.get("format") or {}).get("type", "json") if isinstance(d.get("format"),
                                                                        dict) else "json"
        d["values"] = json.loads(text) if kind in ("json", "topojson") else text
        del d["url"]
    for g in _groups(group):
        out += _inline_files(g)
    return out


def _with_values(vega, tables, limit):
    """A copy of the Vega spec whose datasets that name a frame (a
    VegaFusion dataset URL) hold the frame's rows as Altair's to_values
    writes them (dates as ISO 8601 texts); TooLarge over limit rows."""
    spec = json.loads(json.dumps(vega))

    def walk(group):
        for d in group.get("data", []):
            url = d.get("url") if isinstance(d, dict) else None
            if not (isinstance(url, str) and url.startswith(VEGAFUSION_PREFIX)):
                continue
            table = tables.get(url[len(VEGAFUSION_PREFIX):])
            if table is None:
                continue
            if len(table) > limit:
                raise TooLarge("too large for Vega here (over %d rows)" % limit)
            d["values"] = sys.modules["altair"].to_values(table)["values"]
            del d["url"]
            if isinstance(d.get("format"), dict):
                d["format"].pop("type", None)
        for g in _groups(group):
            walk(g)

    walk(spec)
    return spec


def _groups(group):
    return [m for m in group.get("marks", []) if isinstance(m, dict) and m.get("type") == "group"]


def _facet_fields(spec, path):
    """The groupby fields of the facet group at path (none when it is no
    facet): a probe in a facet's cell lists its cell's values too."""
    group = spec
    for i in path:
        groups = _groups(group)
        if i >= len(groups):
            return []
        group = groups[i]
    facet = (group.get("from") or {}).get("facet") if isinstance(group.get("from"), dict) else None
    groupby = facet.get("groupby") if isinstance(facet, dict) else None
    return [g for g in (groupby if isinstance(groupby, list) else [groupby]) if isinstance(g, str)]


def _strip(group, path, probes):
    """A copy of group for the probe: its groups (for their data, scales,
    facets) in their places, its own marks replaced by the probes of its
    path; no axes, legends or titles."""
    keep = {k: v for k, v in group.items()
            if k not in ("marks", "axes", "legends", "title", "encode")}
    marks = [_strip(g, path + (i,), probes) for i, g in enumerate(_groups(group))]
    keep["marks"] = marks + probes.get(path, [])
    return keep


def _probe_spec(spec, pairs, fields):
    """The probe spec and, per pair, its fields and facet fields."""
    probes, columns = {}, []
    for i, (name, path) in enumerate(pairs):
        facet = _facet_fields(spec, path)
        own = sorted(f for f in fields[(name, path)] if f not in facet)
        probes.setdefault(path, []).append(_probe_mark(i, name, own, facet))
        columns.append(own + facet)
    probe = _strip(spec, (), probes)
    for k in ("axes", "legends", "title", "encode"):
        probe.pop(k, None)
    return probe, columns


def _texts(graph, count):
    """The text arrays of each probe mark, every instance (a facet's cells)
    in the scene graph's order."""
    out = [[] for _ in range(count)]
    stack = [graph.get("scenegraph", {}) if isinstance(graph, dict) else {}]
    while stack:
        node = stack.pop()
        if not isinstance(node, dict):
            continue
        name = node.get("name")
        if node.get("marktype") == "text" and isinstance(name, str) \
                and name.startswith("chartex_probe_"):
            i = int(name[len("chartex_probe_"):])
            if i < count:
                out[i].extend(item.get("text") for item in node.get("items", []))
            continue
        stack.extend(reversed(node.get("items", [])))
    return out


def _dataset(np, field_names, rows):
    """A plan dataset of the probe's rows (lists of tagged texts)."""
    columns, temporal = {}, []
    for i, name in enumerate(field_names):
        cells = [r[i] if isinstance(r, list) and i < len(r) else "z" for r in rows]
        kinds = {c[:1] for c in cells if isinstance(c, str)} - {"z"}
        if not kinds:
            continue
        if kinds <= {"n"} or kinds <= {"d"}:
            values = np.array([float(c[1:]) if c[:1] in "nd" else np.nan for c in cells])
            if kinds == {"d"}:
                temporal.append(name)
        else:
            values = np.array([c[1:] if c[:1] != "z" else None for c in cells], dtype=object)
        columns[name] = values
    return {"rows": len(rows), "columns": columns, "temporal": temporal}


def evaluate(vf, vega, pairs, tables, fields, row_by_row=False):
    """{(name, path): plan dataset} of the datasets pairs that Vega could
    evaluate here; TooLarge when an input holds more than MAX_ROWS rows
    (ROW_BY_ROW_MAX_ROWS when a transform is row_by_row).  A dataset defined in a facet's cell (Vega-Lite's
    layers in a facet) is evaluated in every cell, its rows carrying their
    cell's facet values."""
    import vl_convert as vlc

    np = sys.modules["numpy"]
    pairs = [p for p in pairs if fields.get(p)]
    if not pairs:
        return {}
    limit = ROW_BY_ROW_MAX_ROWS if row_by_row else MAX_ROWS
    try:
        spec, extracted, _ = vf.runtime.pre_transform_extract(
            vega, local_tz=ZONE, default_input_tz=ZONE, preserve_interactivity=False,
            extract_threshold=limit + 1, extracted_format="pyarrow", inline_datasets=tables)
    except MemoryError:
        raise
    except Exception:
        # VegaFusion cannot even start (a date it cannot parse, "1875"):
        # Vega gets the spec whole, each frame as the values Altair
        # itself would embed in it.
        spec, extracted = _with_values(vega, tables, limit), None
    if extracted:
        raise TooLarge("too large for Vega here (over %d rows)" % limit)
    _unproject(spec)
    urls = _inline_files(spec)
    if urls:
        # vl-convert's Vega reads no file and fetches nothing: a dataset
        # left as a URL would read as empty, a wrong answer.
        raise TooLarge("Vega here cannot load %s" % urls[0][:200])
    probe, columns = _probe_spec(spec, pairs, fields)
    texts = _texts(vlc.vega_to_scenegraph(probe), len(pairs))
    return {p: _dataset(np, cols, rows) for p, cols, rows in zip(pairs, columns, texts)}
