#!/usr/bin/env python3
"""Writes the seed corpus of the Altair fuzz target (fuzz/fuzz_altair.c):
one small Altair plan per file in its JSON form, for every mark family
and view the reader has a room for.

    python tools/altair_fuzz_seeds.py [OUT_DIR]     (default: fuzz/altair-seeds)

A plan is what chartex._altair.plan hands the C reader: {"vega": the Vega
spec Vega-Lite compiles the chart to, "datasets": {key: {"rows", "columns",
"temporal"}}, "notes": {...}}; here its columns are JSON lists (the reader
reads lists as NumPy arrays), so the fuzzer reaches the reader without
Vega-Lite, VegaFusion or vl-convert.  What only describes a mark to a
screen reader or a tooltip (description, tooltip, aria) is left out of
each spec, so that every seed stays under 4 KiB, libFuzzer's default
-max_len.
"""
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DROP = ("description", "tooltip", "ariaRoleDescription", "aria", "$schema", "background",
        "padding", "autosize", "config", "usermeta")


def charts():
    import altair as alt
    import pandas as pd

    df = pd.DataFrame({"k": ["a", "b", "a", "c"], "g": ["p", "p", "q", "q"],
                       "v": [1.0, 2.5, -3.0, 4.0], "w": [2.0, 1.0, 0.5, 3.0],
                       "t": pd.to_datetime(["2024-01-01", "2024-02-01", "2024-03-01",
                                            "2024-04-01"])})
    c = alt.Chart(df)
    yield "bar", c.mark_bar().encode(x="k:N", y="sum(v):Q")
    yield "bar_stacked", c.mark_bar().encode(x="k:N", y="v:Q", color="g:N")
    yield "bar_grouped", c.mark_bar().encode(x="k:N", y="v:Q", xOffset="g:N", color="g:N")
    yield "bar_horizontal", c.mark_bar().encode(y="k:N", x="v:Q")
    yield "histogram", c.mark_bar().encode(alt.X("v:Q", bin=True), y="count()")
    yield "gantt", c.mark_bar().encode(y="k:N", x="min(t):T", x2="max(t):T")
    yield "line", c.mark_line().encode(x="t:T", y="v:Q", color="g:N")
    yield "line_timeunit", c.mark_line().encode(x="month(t):T", y="mean(v):Q")
    yield "area", c.mark_area().encode(x="t:T", y="v:Q", color="g:N")
    yield "scatter", c.mark_point().encode(x="v:Q", y="w:Q", color="g:N", shape="k:N")
    yield "tick", c.mark_tick().encode(x="v:Q", y="k:N")
    yield "pie", c.mark_arc(innerRadius=5).encode(theta="sum(w):Q", color="k:N")
    yield "heatmap", c.mark_rect().encode(x="k:N", y="g:N", color="sum(v):Q")
    yield "heatmap_binned", c.mark_rect().encode(alt.X("v:Q", bin=True), alt.Y("w:Q", bin=True),
                                                 color="count():Q")
    yield "boxplot", c.mark_boxplot().encode(x="g:N", y="v:Q")
    yield "errorbar", c.mark_errorbar(extent="stdev").encode(x="g:N", y="v:Q")
    yield "rule", c.mark_point().encode(x="v:Q", y="w:Q") + c.mark_rule().encode(y="mean(w):Q")
    yield "text", c.mark_text().encode(x="k:N", y="v:Q", text="g:N")
    yield "candles", (c.mark_rule().encode(x="t:T", y="v:Q", y2="w:Q")
                      + c.mark_bar().encode(x="t:T", y="v:Q", y2="w:Q"))
    yield "facet", c.mark_bar().encode(x="k:N", y="v:Q").facet(column="g:N")
    yield "layered_facet", alt.layer(alt.Chart().mark_bar().encode(x="k:N", y="sum(v):Q"),
                                     alt.Chart().mark_rule().encode(y="mean(v):Q"),
                                     data=df).facet(column="g:N")
    yield "concat", c.mark_point().encode(x="v:Q", y="w:Q") | c.mark_bar().encode(x="k:N", y="v:Q")
    yield "twin", alt.layer(c.mark_bar().encode(x="k:N", y="sum(v):Q"),
                            c.mark_line().encode(x="k:N", y="count():Q")).resolve_scale(
                                y="independent")
    yield "sorted", c.mark_bar().encode(x=alt.X("k:N", sort="-y"), y="sum(w):Q")
    yield "url", alt.Chart("https://example.invalid/x.csv").mark_point().encode(x="a:Q", y="b:Q")


def strip(obj):
    if isinstance(obj, dict):
        return {k: strip(v) for k, v in obj.items() if k not in DROP}
    if isinstance(obj, list):
        return [strip(v) for v in obj]
    return obj


def plan_json(chart):
    sys.path.insert(0, str(ROOT / "python"))
    from chartex._altair import plan

    p = plan.plan(chart)
    out = {"vega": strip(p["vega"]), "datasets": {}, "notes": p["notes"]}
    for key, ds in p["datasets"].items():
        out["datasets"][key] = {"rows": ds["rows"], "temporal": ds["temporal"],
                                "columns": {k: [None if v != v else v for v in a.tolist()]
                                            for k, a in ds["columns"].items()}}
    return out


def main(argv):
    out = Path(argv[1]) if len(argv) > 1 else ROOT / "fuzz" / "altair-seeds"
    out.mkdir(parents=True, exist_ok=True)
    for name, chart in charts():
        text = json.dumps(plan_json(chart), separators=(",", ":"), ensure_ascii=False)
        if len(text.encode("utf-8")) > 4096:
            print("%s: %d bytes (over 4 KiB)" % (name, len(text)), file=sys.stderr)
        (out / (name + ".json")).write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
