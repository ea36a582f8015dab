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

This is the fallback path, bounded: an input of more than MAX_ROWS rows is
not sent (the dataset keeps its note), and the rows come back as text, one
Python string per value.
"""
import json
import sys

from .plan import ZONE

MAX_ROWS = 50000


def _cell(field):
    v = "datum[%s]" % json.dumps(field)
    return ("(isValid({v}) ? (isDate({v}) ? 'd' + toString(+{v}) : isNumber({v}) ? "
            "'n' + toString({v}) : isBoolean({v}) ? ({v} ? 'strue' : 'sfalse') : "
            "'s' + toString({v})) : 'z')").format(v=v)


def _probe_spec(spec, pairs, fields):
    probe = {k: spec[k] for k in ("$schema", "data", "signals", "scales", "projections")
             if k in spec}
    probe["marks"] = [
        {"type": "text", "from": {"data": name},
         "encode": {"update": {"text": {"signal": "[%s]" % ", ".join(
             _cell(f) for f in fields[(name, path)])}}}}
        for name, path in pairs]
    return probe


def _texts(scenegraph, count):
    """The text arrays of the probe's marks, mark by mark."""
    root = scenegraph.get("scenegraph", {}) if isinstance(scenegraph, dict) else {}
    marks = []
    for group in root.get("items", []):
        for mark in group.get("items", []):
            if isinstance(mark, dict) and mark.get("marktype") == "text":
                marks.append([item.get("text") for item in mark.get("items", [])])
    return marks if len(marks) == count else None


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


def evaluate(vf, vega, pairs, tables, fields):
    """{(name, path): plan dataset} of the datasets pairs that Vega could
    evaluate here (top-level ones whose inputs hold at most MAX_ROWS rows);
    the others are left out."""
    import vl_convert as vlc

    np = sys.modules["numpy"]
    pairs = [p for p in pairs if not p[1] and fields.get(p)]
    if not pairs:
        return {}
    spec, extracted, _ = vf.runtime.pre_transform_extract(
        vega, local_tz=ZONE, default_input_tz=ZONE, preserve_interactivity=False,
        extract_threshold=MAX_ROWS + 1, extracted_format="pyarrow", inline_datasets=tables)
    if extracted:
        # An input too large to send through the JavaScript engine.
        return {}
    order = [(p, sorted(fields[p])) for p in pairs]
    ordered = {p: f for p, f in order}
    graph = vlc.vega_to_scenegraph(_probe_spec(spec, pairs, ordered))
    texts = _texts(graph, len(pairs))
    if texts is None:
        return {}
    return {p: _dataset(np, f, rows) for (p, f), rows in zip(order, texts)}
