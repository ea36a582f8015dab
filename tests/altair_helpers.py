"""What the Altair tests share: the skip when Altair is not installed (with
its reason), the reading of a chart with every invariant checked, and the
oracles' access to VegaFusion's own numbers (Altair's transformed_data).

Every chart read here is also read from its Vega-Lite dict (chart.to_dict(),
the data inline as JSON, as a .vl.json file holds it): both must give the
same chart, and E2B's client must deserialize it.
"""
import json

import pytest

REASON = ("the Altair reader's tests need altair, vegafusion, vl-convert-python "
          "and pyarrow (pip install 'chartex[altair]'), which %s lacks")


def need_altair():
    """Skips the calling module, with the reason, when chartex[altair] is
    not installed (Debian's python3 has no Altair)."""
    import sys

    for name in ("altair", "vegafusion", "vl_convert", "pyarrow"):
        try:
            __import__(name)
        except ImportError:
            pytest.skip(REASON % sys.executable, allow_module_level=True)


def read(chart_fixture, c, spec_too=True):
    """The chart of c (invariants checked by the suite's chart fixture),
    which its Vega-Lite dict also gives and E2B's client reads."""
    d = chart_fixture(c)
    if spec_too and hasattr(c, "to_dict"):
        import altair as alt

        with alt.data_transformers.disable_max_rows():
            spec = c.to_dict()
        assert chart_fixture(json.loads(json.dumps(spec))) == d
    try:
        from e2b_code_interpreter import charts
    except ImportError:
        return d
    if d:
        obj = charts._deserialize_chart(d)
        assert obj is not None and obj.type.value == d["type"]
    return d


def transformed(c):
    """VegaFusion's data of a single view (Altair's transformed_data)."""
    return c.transformed_data()


def elements(d, **where):
    """The elements of chart d whose keys equal where's."""
    return [e for e in d["elements"] if all(e.get(k) == v for k, v in where.items())]


def encoding(d, channel):
    """The encoding record of a channel of chart d."""
    for rec in d.get("encoding", []):
        if rec["channel"] == channel:
            return rec
    raise KeyError(channel)
