"""Review pages: the original figure beside chartex's reading of it.

A page is one folder holding index.html and its PNGs.  Each entry shows,
side by side, the original figure (its PNG, when there is one) and the
chart redrawn from its numbers alone (chartex._golden.render), a baseline redrawn
too for a failing comparison, the chart's key facts under them (type,
title, element count, scales) and, for a failure, the diff.

    page = Page("review/", "chartex convert --review")
    page.add("plot.py (figure 0)", original_png=png_bytes, chart=chart_dict)
    page.finish()                       # writes review/index.html

`chartex convert --review DIR` and `chartex render --compare` write a Page;
the pytest plugin's --chartex-report adds each failing comparison with
add_failure(), which keeps one entry file per failure in DIR/entries/ and
rewrites index.html from all of them, so that pytest-xdist's workers can
share the folder.
"""

import html
import io
import json
import os
import re

_STYLE = """
body { font-family: sans-serif; margin: 1.5em; color: #222; }
h1 { font-size: 1.3em; }
.entry { border-top: 1px solid #bbb; padding: 1em 0; }
.entry h2 { font-size: 1.05em; font-family: monospace; }
.pictures { display: flex; flex-wrap: wrap; gap: 1em; }
figure { margin: 0; max-width: 32%; }
figure img { max-width: 100%; border: 1px solid #ddd; }
figcaption { font-size: 0.85em; color: #555; }
.facts { font-size: 0.9em; }
.facts td { padding: 0 1em 0 0; vertical-align: top; }
pre.diff { background: #fff4f4; border: 1px solid #e0b0b0; padding: 0.6em; overflow-x: auto; }
.error { color: #a00; }
"""


def facts(chart):
    """The key facts of a chart, as (name, text) pairs."""
    if not isinstance(chart, dict) or not chart:
        return [("type", "(no chart: the figure has no data)")]
    rows = [("type", str(chart.get("type"))),
            ("title", "(none)" if chart.get("title") is None else str(chart["title"]))]
    elements = chart.get("elements") or []
    if chart.get("type") == "superchart":
        rows.append(("charts", str(len(elements))))
        for i, sub in enumerate(elements):
            one = ", ".join("%s %s" % (k, v) for k, v in facts(sub) if k != "type")
            rows.append(("chart %d" % i, "%s: %s" % (sub.get("type"), one)))
        return rows
    rows.append(("elements", _element_count(chart)))
    for axis in ("x", "y"):
        if (axis + "_scale") in chart:
            rows.append((axis + " scale", str(chart[axis + "_scale"])))
    if chart.get("x_label") is not None or chart.get("y_label") is not None:
        rows.append(("labels", "x %s, y %s" % (_q(chart.get("x_label")),
                                               _q(chart.get("y_label")))))
    if chart.get("orientation"):
        rows.append(("orientation", chart["orientation"]))
    if chart.get("violin"):
        rows.append(("violin", "yes"))
    if chart.get("image"):
        image = chart["image"]
        rows.append(("image", "%s x %s values" % (_n(image.get("rows")), _n(image.get("cols")))))
    if chart.get("budget"):
        rows.append(("budget", json.dumps(chart["budget"])))
    return rows


def _q(text):
    return "(none)" if text is None else repr(text)


def _n(value):
    return "%d" % value if isinstance(value, float) and value.is_integer() else str(value)


def _element_count(chart):
    elements = chart.get("elements") or []
    n = len(elements)
    text = "%d" % n
    if chart.get("type") in ("line", "scatter"):
        points = sum(len(e.get("points") or []) for e in elements)
        text += " (%d points)" % points
    if chart.get("type") == "bar":
        groups = []
        for e in elements:
            if e.get("group") not in groups:
                groups.append(e.get("group"))
        text += " (%d group%s)" % (len(groups), "" if len(groups) == 1 else "s")
    return text


def _safe(name):
    return re.sub(r"[^\w.-]+", "_", name).strip("_")[:120] or "figure"


def _png_of_chart(chart):
    from . import render as _render

    buf = io.BytesIO()
    fig = _render.render(chart)
    fig.savefig(buf, format="png")
    return buf.getvalue()


def _png_of_figure(fig):
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    return buf.getvalue()


class Page:
    """An HTML review page being built in folder."""

    def __init__(self, folder, title):
        self.folder = folder
        self.title = title
        self.entries = []
        os.makedirs(folder, exist_ok=True)

    def _write_png(self, stem, data):
        if not data:
            return None
        name = "%s.png" % stem
        with open(os.path.join(self.folder, name), "wb") as f:
            f.write(data)
        return name

    def add(self, name, original_png=None, chart=None, error=None, diff=None,
            baseline=None):
        """One entry: name, the original's PNG bytes (or None), the chart
        read (redrawn here), an error text instead of a chart, and for a
        failing comparison the diff text and the baseline chart."""
        stem = "%03d-%s" % (len(self.entries), _safe(name))
        entry = {"name": name, "facts": None, "error": error, "diff": diff,
                 "pictures": []}
        entry["pictures"].append(("original", self._write_png(stem + "-original",
                                                              original_png)))
        if baseline is not None:
            entry["pictures"].append(("baseline, redrawn", self._render(
                stem + "-baseline", baseline, entry)))
        if chart is not None:
            entry["pictures"].append(("chartex's reading, redrawn" if baseline is None
                                      else "new chart, redrawn",
                                      self._render(stem + "-chart", chart, entry)))
            entry["facts"] = facts(chart)
        self.entries.append(entry)
        return entry

    def _render(self, stem, chart, entry):
        try:
            return self._write_png(stem, _png_of_chart(chart))
        except Exception as e:  # a chart we cannot draw is shown as such
            note = "cannot redraw: %s: %s" % (type(e).__name__, e)
            entry["error"] = note if not entry["error"] else entry["error"] + "; " + note
            return None

    def html(self):
        out = ["<!DOCTYPE html>", "<html><head><meta charset=\"utf-8\">",
               "<title>%s</title>" % html.escape(self.title),
               "<style>%s</style></head><body>" % _STYLE,
               "<h1>%s</h1>" % html.escape(self.title),
               "<p>%d figure%s. Each redrawing is made from the chart's numbers alone: "
               "where it differs from the original, the reading differs.</p>"
               % (len(self.entries), "" if len(self.entries) == 1 else "s")]
        for entry in self.entries:
            out.append('<div class="entry"><h2>%s</h2>' % html.escape(entry["name"]))
            if entry["error"]:
                out.append('<p class="error">%s</p>' % html.escape(entry["error"]))
            out.append('<div class="pictures">')
            for caption, src in entry["pictures"]:
                if src:
                    out.append('<figure><img src="%s" alt="%s"><figcaption>%s</figcaption>'
                               '</figure>' % (html.escape(src), html.escape(caption),
                                              html.escape(caption)))
                else:
                    out.append('<figure><figcaption>%s: none</figcaption></figure>'
                               % html.escape(caption))
            out.append("</div>")
            if entry["facts"]:
                out.append('<table class="facts">')
                for k, v in entry["facts"]:
                    out.append("<tr><td>%s</td><td>%s</td></tr>"
                               % (html.escape(k), html.escape(v)))
                out.append("</table>")
            if entry["diff"]:
                out.append('<pre class="diff">%s</pre>' % html.escape(entry["diff"]))
            out.append("</div>")
        out.append("</body></html>")
        return "\n".join(out) + "\n"

    def finish(self):
        """Writes index.html; returns its path."""
        path = os.path.join(self.folder, "index.html")
        tmp = path + ".tmp%d" % os.getpid()
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(self.html())
        os.replace(tmp, path)
        return path


ENTRIES = "entries"
REPORT_TITLE = "chartex: failing chart comparisons"


def clear_report(folder):
    """Removes a previous run's report entries and page from folder."""
    entries = os.path.join(folder, ENTRIES)
    if os.path.isdir(entries):
        for name in os.listdir(entries):
            if name.endswith((".json", ".png")):
                os.unlink(os.path.join(entries, name))
    index = os.path.join(folder, "index.html")
    if os.path.exists(index):
        os.unlink(index)


def add_failure(folder, name, fig, baseline, chart, message):
    """Adds a failing comparison to the report in folder and rewrites its
    index.html."""
    entries = os.path.join(folder, ENTRIES)
    page = Page(entries, REPORT_TITLE)
    entry = page.add(name, original_png=_png_of_figure(fig), chart=chart,
                     diff=message, baseline=baseline)
    # The PNGs are named after the failure, not after the page's count.
    stem = _safe(name)
    pictures = []
    for caption, src in entry["pictures"]:
        if src:
            new = "%s-%s" % (stem, src.rsplit("-", 1)[1])
            os.replace(os.path.join(entries, src), os.path.join(entries, new))
            src = "%s/%s" % (ENTRIES, new)
        pictures.append((caption, src))
    entry["pictures"] = pictures
    with open(os.path.join(entries, stem + ".json"), "w", encoding="utf-8") as f:
        json.dump(entry, f)
    write_report(folder)


def write_report(folder):
    """index.html of every failure entry in folder/entries, by name."""
    entries = os.path.join(folder, ENTRIES)
    page = Page(folder, REPORT_TITLE)
    for name in sorted(os.listdir(entries)):
        if name.endswith(".json"):
            with open(os.path.join(entries, name), encoding="utf-8") as f:
                entry = json.load(f)
            entry["pictures"] = [tuple(p) for p in entry["pictures"]]
            entry["facts"] = [tuple(p) for p in entry["facts"]] if entry["facts"] else None
            page.entries.append(entry)
    return page.finish()
