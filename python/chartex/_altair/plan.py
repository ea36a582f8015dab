"""The plan of an Altair chart or a Vega-Lite spec: what the Altair reader
of the extension (python/_chartex/altair/, prefix vl_) reads.

    plan(obj) -> {"vega": spec, "datasets": {key: dataset}, "notes": {key: reason}}

- "vega": the chart compiled to Vega by Vega-Lite itself (vl-convert runs
  the Vega-Lite compiler), the spec the browser would draw: every view,
  mark, scale, axis, legend and title, with the field names the marks
  read.  The C reader walks it.
- "datasets": the data the marks show, after every transform, evaluated by
  VegaFusion (pre_transform_datasets): one entry per dataset a mark reads
  (a facet's marks read their facet's dataset, which the C reader splits),
  keyed by the dataset's name, or "name@i.j" for one defined inside the
  group marks i, j (VegaFusion's scope).  Each is {"rows": n, "columns":
  {field: array}, "temporal": [field, ...]}: numbers as float64 arrays
  (null: NaN), dates and times as float64 milliseconds since 1970 UTC
  (named in "temporal"), texts as object arrays of str (null: None).
  Only the columns the spec names are converted.
- "notes": why a dataset a mark reads has no data: its data comes from a
  URL (never fetched: a display must not reach the network), or it needs
  a transform no engine here could evaluate.  The reader gives the reason
  in the chart (the "data_notes" key).

The work here is per chart and per column, never per value: VegaFusion
evaluates the transforms in Rust and hands Arrow tables, whose columns
become NumPy arrays in pyarrow's C++.  A dataset VegaFusion cannot
evaluate (it has no density, regression, loess or quantile transform) is
evaluated by Vega itself, in the JavaScript engine vl-convert embeds
(chartex._altair.probe), when its input is small enough.

Times are read in UTC: VegaFusion's local time zone and the zone of
naive dates are both UTC, so a naive pandas date reads as the date given
(a browser would show it in its own zone).
"""
import importlib
import json
import math
import re
import sys
import threading
import uuid

from . import INSTALL, VEGAFUSION_PREFIX, ZONE, is_chart, is_spec

TRANSFORMER = "chartex"

# For offline corpora only (tools/altair_gallery.py): a callable that maps
# a data URL to a local file (or None).  Off by default: a chart's data
# URL is never fetched, and no local file is read for it.
url_resolver = None

# Transforms of Vega that VegaFusion 2 evaluates; a dataset that needs
# another one is evaluated by Vega itself (probe.py) or noted.
VEGAFUSION_TRANSFORMS = frozenset((
    "aggregate", "bin", "collect", "extent", "filter", "fold", "formula",
    "identifier", "impute", "joinaggregate", "pivot", "project", "sequence",
    "stack", "timeunit", "window", "lookup"))

_store = threading.local()


def _module(name, package):
    try:
        return importlib.import_module(name)
    except ImportError:
        raise ImportError("reading an Altair chart needs %s (%s)" % (package, INSTALL)) from None


# ------------------------------------------------------------ Vega-Lite

def _is_table(data):
    """A data frame VegaFusion reads as it is (pandas, polars, pyarrow and
    every frame of the Arrow PyCapsule interface); geo interfaces and
    anything else go through Altair's own to_values."""
    if hasattr(data, "__geo_interface__"):
        return False
    if hasattr(data, "__arrow_c_stream__"):
        return True
    for module, name in (("pandas", "DataFrame"), ("polars", "DataFrame"),
                         ("pyarrow", "Table")):
        cls = getattr(sys.modules.get(module), name, None)
        if isinstance(cls, type) and isinstance(data, cls):
            return True
    return False


def _transformer(data, **kwargs):
    """Altair's data transformer while chartex reads a chart: a frame is
    kept aside as it is (no copy, no JSON) and named by a VegaFusion
    dataset URL; other data is Altair's own to_values."""
    store = getattr(_store, "tables", None)
    if store is not None and _is_table(data):
        name = "chartex_" + uuid.uuid4().hex
        store[name] = data
        return {"url": VEGAFUSION_PREFIX + name}
    return sys.modules["altair"].to_values(data)


def _chart_spec(chart):
    """(Vega-Lite dict, {dataset name: frame}) of an Altair chart."""
    alt = sys.modules["altair"]
    registry = alt.data_transformers
    if TRANSFORMER not in registry.names():
        registry.register(TRANSFORMER, _transformer)
    tables = {}
    _store.tables = tables
    try:
        with registry.enable(TRANSFORMER):
            spec = chart.to_dict()
    finally:
        _store.tables = None
    return spec, tables


def _finite(obj):
    """A copy of obj (a spec's JSON value) with NaN and infinities as None:
    JSON has no literal for them."""
    if isinstance(obj, float):
        return obj if math.isfinite(obj) else None
    if isinstance(obj, dict):
        return {k: _finite(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_finite(v) for v in obj]
    return obj


def _checked(spec):
    """spec, checked as JSON before it reaches vl-convert: the C encoder
    stops at cycles and at Python's recursion limit, so a hostile dict
    never reaches the compiler unchecked; NaN and infinities (which JSON
    has no literal for) become None in a copy.  The dict itself is handed
    on: vl-convert's JSON text parser reads some doubles one unit in the
    last place off, its dict conversion reads them exactly."""
    try:
        json.dumps(spec, allow_nan=False)
        return spec
    except ValueError as exc:
        if "Circular" in str(exc):
            raise
        return _finite(spec)


def _version(spec, available):
    """The Vega-Lite version its "$schema" names ("5.17"), when vl-convert
    has it; else None (its latest)."""
    schema = spec.get("$schema") if isinstance(spec, dict) else None
    match = re.search(r"/v(\d+)\.(\d+)", schema) if isinstance(schema, str) else None
    if match is None:
        return None
    wanted = "%s.%s" % match.groups()
    if wanted in available:
        return wanted
    same = [v for v in available if v.split(".")[0] == match.group(1)]
    return same[-1] if same else None


def compile_vega(spec):
    """The Vega spec Vega-Lite compiles spec (a dict) to."""
    vlc = _module("vl_convert", "vl-convert-python")
    try:
        versions = list(vlc.get_vegalite_versions())
    except Exception:
        versions = []
    try:
        return vlc.vegalite_to_vega(_checked(spec), vl_version=_version(spec, versions))
    except ValueError as exc:
        # vl-convert's message holds the compiler's JavaScript stack
        raise ValueError("Vega-Lite cannot compile the spec: %s" % _first_line(exc)) from None


# ------------------------------------------------------- the Vega spec

def _list(v):
    return v if isinstance(v, list) else []


def _dict(v):
    return v if isinstance(v, dict) else {}


def dataset_key(name, scope):
    """The plan's key of dataset name defined in the group marks scope."""
    return name if not scope else "%s@%s" % (name, ".".join(map(str, scope)))


class _Scope:
    """The datasets and facets a group's marks can name."""

    def __init__(self, parent, group, path):
        self.parent = parent
        self.path = path
        self.data = {d.get("name") for d in _list(group.get("data")) if isinstance(d, dict)}
        self.facets = {}

    def resolve(self, name):
        """(name, scope path) of the dataset a mark names; a facet's name
        resolves to the dataset it splits."""
        scope = self
        while scope is not None:
            if name in scope.facets:
                return scope.facets[name]
            if name in scope.data:
                return name, scope.path
            scope = scope.parent
        return None


_DATUM = re.compile(r'datum\[\s*"((?:[^"\\]|\\.)*)"\s*\]'
                    r"|datum\[\s*'((?:[^'\\]|\\.)*)'\s*\]"
                    r"|datum\.([A-Za-z_$][\w$]*)")


_FIELD_KEYS = ("field", "fields", "groupby")


def _field_names(obj, out, keys=_FIELD_KEYS):
    """The field names obj (a mark, a facet, a scale's domain) reads: the
    values of its "field", "fields" and "groupby" keys (keys), and the
    datum fields its expressions name ("datum[\"a\"]", "datum.a")."""
    stack = [obj]
    while stack:
        o = stack.pop()
        if isinstance(o, dict):
            for k, v in o.items():
                if k == "marks":
                    continue
                if k in keys:
                    for f in (v if isinstance(v, list) else [v]):
                        if isinstance(f, str):
                            out.add(f)
                            out.add(f.replace("\\.", "."))
                stack.append(v)
        elif isinstance(o, list):
            stack.extend(o)
        elif isinstance(o, str) and "datum" in o and len(o) < 100000:
            for m in _DATUM.finditer(o):
                name = m.group(1) or m.group(2) or m.group(3)
                out.add(re.sub(r"\\(.)", r"\1", name))
    return out


def _domain_data(scale):
    """The dataset names a scale's domain reads."""
    domain = _dict(scale.get("domain"))
    names = [domain.get("data")] + [_dict(f).get("data") for f in _list(domain.get("fields"))]
    return [n for n in names if isinstance(n, str)]


def read_datasets(vega, limit=10000):
    """([(name, scope path)], {(name, path): fields}): every dataset a mark
    or a scale's domain reads, in the order first read, and the fields read
    of each."""
    out, fields = [], {}

    def use(found, obj):
        if found is None:
            return
        if found not in fields:
            if len(out) >= limit:
                return
            out.append(found)
            fields[found] = set()
        _field_names(obj, fields[found])

    root = _Scope(None, vega, ())
    stack = [(vega, root)]
    while stack:
        group, scope = stack.pop()
        for scale in _list(group.get("scales")):
            for name in _domain_data(_dict(scale)):
                use(scope.resolve(name), _dict(scale).get("domain"))
        index = 0
        children = []
        for mark in _list(group.get("marks")):
            if not isinstance(mark, dict):
                continue
            source = _dict(mark.get("from"))
            facet = _dict(source.get("facet"))
            inner = None
            if mark.get("type") == "group":
                inner = _Scope(scope, mark, scope.path + (index,))
                index += 1
            name = facet.get("data") if facet else source.get("data")
            found = scope.resolve(name) if isinstance(name, str) else None
            use(found, mark)
            if found is not None and mark.get("type") == "shape":
                fields[found].add("id")     # a geoshape's features are named by it
            if inner is not None:
                if found is not None and isinstance(facet.get("name"), str):
                    inner.facets[facet["name"]] = found
                children.append((mark, inner))
        stack.extend(reversed(children))
    return out, fields


def _data_entries(vega):
    """(entry, scope path) of every dataset the spec defines."""
    out = []
    stack = [(vega, ())]
    while stack:
        group, path = stack.pop()
        out.extend((d, path) for d in _list(group.get("data")) if isinstance(d, dict))
        index = 0
        for mark in _list(group.get("marks")):
            if isinstance(mark, dict) and mark.get("type") == "group":
                stack.append((mark, path + (index,)))
                index += 1
    return out


def _unfetched(vega):
    """Replaces every data URL of the spec by no data (a local file when
    url_resolver maps it) and returns {key: reason} of those datasets."""
    notes = {}
    for entry, path in _data_entries(vega):
        url = entry.get("url")
        if url is None or (isinstance(url, str) and url.startswith(VEGAFUSION_PREFIX)):
            continue
        local = url_resolver(url) if url_resolver is not None and isinstance(url, str) else None
        if local:
            entry["url"] = str(local)
            continue
        shown = url if isinstance(url, str) else json.dumps(url)[:200]
        entry.pop("url", None)
        entry["values"] = []
        entry["format"] = {"type": "json"}
        notes[dataset_key(entry.get("name"), path)] = \
            "data from a URL is not fetched: %s" % shown
    return notes


def _lineage(vega):
    """{key: (entry, [source keys])}: each dataset and those it derives
    from (by "source"), resolved in its scope."""
    entries = _data_entries(vega)
    defined = {}
    for entry, path in entries:
        defined[dataset_key(entry.get("name"), path)] = (entry, path)
    out = {}
    for key, (entry, path) in defined.items():
        sources = entry.get("source")
        sources = [sources] if isinstance(sources, str) else _list(sources)
        keys = []
        for s in sources:
            for cut in range(len(path), -1, -1):
                k = dataset_key(s, path[:cut])
                if k in defined:
                    keys.append(k)
                    break
        out[key] = (entry, keys)
    return out


def _ancestors(key, lineage):
    """key and every dataset it derives from (cycles stop)."""
    seen, todo = [], [key]
    while todo:
        k = todo.pop()
        if k in seen or k not in lineage:
            continue
        seen.append(k)
        todo.extend(lineage[k][1])
    return seen


def _transform_types(key, lineage):
    types = []
    for k in _ancestors(key, lineage):
        for t in _list(lineage[k][0].get("transform")):
            kind = _dict(t).get("type")
            if isinstance(kind, str) and kind not in types:
                types.append(kind)
    return types


# ----------------------------------------------------------- the data

def _numbers(pa, pc, col):
    return pc.cast(col, pa.float64(), safe=False).to_numpy(zero_copy_only=False)


def _column(np, pa, pc, col):
    """(array, temporal) of an Arrow column, or None when it holds what no
    mark reads (lists, structs, bytes)."""
    t = col.type
    if pa.types.is_timestamp(t) or pa.types.is_date(t):
        ms = pc.cast(pc.cast(col, pa.timestamp("ms", tz=ZONE) if pa.types.is_date(t)
                             else pa.timestamp("ms", tz=getattr(t, "tz", None))),
                     pa.int64())
        return _numbers(pa, pc, ms), True
    if pa.types.is_integer(t) or pa.types.is_floating(t) or pa.types.is_decimal(t):
        return _numbers(pa, pc, col), False
    if pa.types.is_null(t):
        return np.full(len(col), np.nan), False
    if pa.types.is_boolean(t):
        truth = pc.fill_null(col, False).to_numpy(zero_copy_only=False).astype(bool)
        out = np.where(truth, "true", "false").astype(object)
        out[col.is_null().to_numpy(zero_copy_only=False)] = None
        return out, False
    if pa.types.is_dictionary(t) or pa.types.is_large_string(t) \
            or getattr(pa.types, "is_string_view", lambda _t: False)(t):
        col = pc.cast(col, pa.string())
        t = col.type
    if pa.types.is_string(t):
        return col.to_numpy(zero_copy_only=False).astype(object, copy=False), False
    return None


def table_columns(table, wanted):
    """A plan's dataset of a pyarrow Table: the columns named in wanted."""
    np = sys.modules["numpy"]
    pa = sys.modules["pyarrow"]
    pc = importlib.import_module("pyarrow.compute")
    columns, temporal = {}, []
    for name in table.column_names:
        if name not in wanted:
            continue
        got = _column(np, pa, pc, table.column(name))
        if got is None:
            continue
        columns[name] = got[0]
        if got[1]:
            temporal.append(name)
    return {"rows": table.num_rows, "columns": columns, "temporal": temporal}


def _evaluate(vf, vega, wanted, fields, tables, lineage, notes):
    """{key: plan dataset} of the datasets wanted ((name, path) pairs, the
    fields read of each in fields), each evaluated by VegaFusion; those it
    cannot evaluate go to the probe (Vega itself), or get a note."""
    done = {}
    todo = [w for w in wanted if dataset_key(*w) not in notes]

    def run(pairs):
        values, _ = vf.runtime.pre_transform_datasets(
            vega, [(n, list(p)) for n, p in pairs], local_tz=ZONE, default_input_tz=ZONE,
            inline_datasets=tables, dataset_format="pyarrow")
        return values

    try:
        results = list(zip(todo, run(todo))) if todo else []
    except MemoryError:
        raise
    except Exception:
        results = []
        for pair in todo:
            try:
                results.append((pair, run([pair])[0]))
            except MemoryError:
                raise
            except Exception as exc:
                key = dataset_key(*pair)
                unsupported = [t for t in _transform_types(key, lineage)
                               if t not in VEGAFUSION_TRANSFORMS]
                notes[key] = ("not evaluated: VegaFusion cannot evaluate %s (%s)"
                              % (", ".join(unsupported) or "its transforms",
                                 _first_line(exc)))
    for pair, table in results:
        done[dataset_key(*pair)] = table_columns(table, fields[pair])
    missing = [p for p in todo if dataset_key(*p) in notes]
    if missing:
        from . import probe

        heavy = any(probe.ROW_BY_ROW.intersection(_transform_types(dataset_key(*p), lineage))
                    for p in missing)
        try:
            got = probe.evaluate(vf, vega, missing, tables, fields, row_by_row=heavy)
        except MemoryError:
            raise
        except probe.TooLarge as exc:
            got = {}
            for pair in missing:
                notes[dataset_key(*pair)] += "; %s" % exc
        except Exception as exc:    # the spec's own fault: kept in the notes
            got = {}
            for pair in missing:
                notes[dataset_key(*pair)] += "; nor could Vega: %s" % _first_line(exc)
        for pair, dataset in got.items():
            done[dataset_key(*pair)] = dataset
            notes.pop(dataset_key(*pair), None)
    return done


def _first_line(exc):
    """The first line of an engine's message that says something (not a
    JavaScript stack frame)."""
    lines = [ln.strip() for ln in str(exc).splitlines() if ln.strip()]
    return next((ln for ln in lines[1:] if not ln.startswith("at ")),
                lines[0] if lines else type(exc).__name__)[:200]


def plan(obj):
    """The plan of obj, an Altair top-level chart or a Vega-Lite spec dict
    (see the module's text)."""
    if is_chart(obj):
        spec, tables = _chart_spec(obj)
    elif is_spec(obj):
        spec, tables = obj, {}
    else:
        raise TypeError("not an Altair chart or a Vega-Lite spec: %s" % type(obj).__name__)
    vf = _module("vegafusion", "vegafusion")
    _module("pyarrow", "pyarrow")
    _module("numpy", "numpy")
    vega = compile_vega(spec)
    if not isinstance(vega, dict):
        raise TypeError("Vega-Lite compiled to %s, not a Vega spec" % type(vega).__name__)
    notes = _unfetched(vega)
    lineage = _lineage(vega)
    wanted, fields = read_datasets(vega)
    for name, path in wanted:
        key = dataset_key(name, path)
        for k in _ancestors(key, lineage):
            if k in notes and key not in notes:
                notes[key] = notes[k]
            # what the reader follows back: a stack's own field, an error
            # bar's centre, a box's statistics
            _field_names(lineage[k][0].get("transform"), fields[(name, path)],
                         _FIELD_KEYS + ("as",))
    datasets = _evaluate(vf, vega, wanted, fields, tables, lineage, notes)
    return {"vega": vega, "datasets": datasets,
            "notes": {k: v for k, v in notes.items()
                      if any(dataset_key(*w) == k for w in wanted)}}
