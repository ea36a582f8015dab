"""Altair charts and Vega-Lite specs: the Python side of the Altair reader
(python/_chartex/altair/, prefix vl_).

This module only recognises what the reader reads, and imports nothing
but the standard library, so that the e2b/chart formatter, which asks it
about every displayed object, never loads Altair, VegaFusion or
vl-convert in a kernel that shows no Altair chart:

    is_chart(obj)   an Altair top-level chart (altair already imported)
    is_spec(obj)    a Vega-Lite spec as a dict (what chart.to_dict() gives,
                    json.load of a .vl.json file)

chartex._altair.plan does the work (compiles the spec to Vega, evaluates
the marks' data with VegaFusion, hands the C reader NumPy arrays); it is
imported by the extension on the first Altair chart it reads.
"""
import sys

# What `pip install 'chartex[altair]'` brings, named in the one-line
# message when one of them is missing.
INSTALL = "pip install 'chartex[altair]'"

# The time zone VegaFusion and Vega evaluate dates in (local and input):
# UTC, so that a chart reads the same on every machine.
ZONE = "UTC"

# The URL that names a data frame chartex keeps aside while Altair writes
# the spec (plan.py), as VegaFusion's inline datasets are named.
VEGAFUSION_PREFIX = "vegafusion+dataset://"

# A Vega-Lite spec's top-level keys that say which view it is.
_VIEW_KEYS = ("mark", "layer", "hconcat", "vconcat", "concat", "facet", "repeat")


def is_chart(obj):
    """True when obj is an Altair top-level chart (Chart, LayerChart,
    HConcatChart, VConcatChart, ConcatChart, FacetChart, RepeatChart);
    never imports altair: a chart can only exist once it is imported."""
    module = sys.modules.get("altair")
    if module is None:
        return False
    cls = getattr(module, "TopLevelMixin", None)
    return isinstance(cls, type) and isinstance(obj, cls)


def is_spec(obj):
    """True when obj is a Vega-Lite spec as a dict: its "$schema" names
    Vega-Lite, or, without one, it has a view's key ("mark", "layer",
    "hconcat", "vconcat", "concat", "facet" or "repeat") and no "data"
    list (a Plotly figure's JSON form has one)."""
    if not isinstance(obj, dict):
        return False
    schema = obj.get("$schema")
    if isinstance(schema, str):
        return "vega-lite" in schema
    if isinstance(obj.get("data"), list):
        return False
    return any(key in obj for key in _VIEW_KEYS)
