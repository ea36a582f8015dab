"""The structural diff of two charts (chart dicts as chartex writes them).

    diffs = chartex._golden.diff.diff(baseline, chart, rtol=1e-9, atol=0.0, ignore=("x_ticks",))
    print(chartex._golden.diff.format_diff(diffs, rtol=1e-9, atol=0.0))

Each difference names its path in the chart (`elements[1].points[3][1]`,
`x_label`) and both values.  Elements are matched by label (by label and
group for bars), so that an element added or removed is reported once, by
its label (`missing element 'Oslo'`), instead of shifting every element
after it; when labels repeat, elements are matched by position.  Numbers
are equal within `abs(a - b) <= atol + rtol * abs(b)` (b the baseline's);
NaN equals NaN and null equals null.  `ignore` holds key names (`x_ticks`:
that key wherever it appears) or path patterns (`elements[*].downsampled`,
where * matches any text).  A superchart's charts are diffed chart by chart, by
position.

This module is pure Python and imports nothing of matplotlib: the pytest
plugin and `chartex diff` both use it.
"""

import math
import re

DEFAULT_RTOL = 1e-9
DEFAULT_ATOL = 0.0

# The kinds of a difference, in the order the summary names them.
CHANGED = "changed"      # a value (or a whole list of another length) changed
MISSING = "missing"      # an element of the baseline is not in the new chart
EXTRA = "extra"          # an element of the new chart is not in the baseline
REMOVED = "removed"      # a key of the baseline is not in the new chart
ADDED = "added"          # a key of the new chart is not in the baseline
ORDER = "order"          # the same elements in another order

_NOUNS = {
    CHANGED: ("value changed", "values changed"),
    MISSING: ("element missing", "elements missing"),
    EXTRA: ("extra element", "extra elements"),
    REMOVED: ("key removed", "keys removed"),
    ADDED: ("key added", "keys added"),
    ORDER: ("order changed", "orders changed"),
}

ABSENT = object()
_MAX_SHOWN = 72  # characters of a value shown in a difference line


class Difference:
    """One difference: kind (CHANGED, MISSING, ...), path, old and new value
    (ABSENT where a side has none)."""

    __slots__ = ("kind", "path", "old", "new")

    def __init__(self, kind, path, old=ABSENT, new=ABSENT):
        self.kind = kind
        self.path = path
        self.old = old
        self.new = new

    def __repr__(self):
        return "Difference(%r, %r)" % (self.kind, str(self))

    def __str__(self):
        where = self.path + ": " if self.path else ""
        if self.kind == MISSING:
            return "%smissing element %s" % (where, _element_name(self.old.element))
        if self.kind == EXTRA:
            return "%sextra element %s" % (where, _element_name(self.new.element))
        if self.kind == ORDER:
            return "%selements in another order: %s -> %s" % (
                where, show(self.old), show(self.new))
        return "%s%s -> %s" % (where, show(self.old), show(self.new))


def show(value, limit=_MAX_SHOWN):
    """A value as a difference line shows it: strings quoted, null, numbers
    as Python writes them, lists compact (cut with their length)."""
    text = _show(value)
    if len(text) > limit:
        n = len(value) if isinstance(value, (list, dict)) else None
        tail = "... (%d items)" % n if n is not None else "..."
        text = text[:limit - len(tail)] + tail
    return text


def _show(value):
    if value is ABSENT:
        return "(absent)"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, float):
        return "NaN" if math.isnan(value) else repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join("%s: %s" % (k, _show(v)) for k, v in value.items()) + "}"
    return repr(value)


def _number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _close(old, new, rtol, atol):
    if math.isnan(old) or math.isnan(new):
        return math.isnan(old) and math.isnan(new)
    if old == new:
        return True
    return abs(new - old) <= atol + rtol * abs(old)


def _element_key(element):
    """What names an element: its label (and its group, for bars)."""
    if not isinstance(element, dict) or not isinstance(element.get("label"), str):
        return None
    if "group" in element:
        return (element["label"], element.get("group"))
    return element["label"]


def _element_name(element):
    key = _element_key(element)
    if key is None:
        return element.get("type", "chart") if isinstance(element, dict) else element
    if isinstance(key, tuple):
        return "%s (group %s)" % (show(key[0]), show(key[1]))
    return show(key)


class _Named:
    """An element shown by its name in a MISSING/EXTRA line."""

    def __init__(self, element):
        self.element = element


class _Differ:
    def __init__(self, rtol, atol, ignore):
        self.rtol = rtol
        self.atol = atol
        self.ignore = tuple(ignore or ())
        # A pattern's "*" matches anything; its brackets are the path's own.
        self.patterns = [re.compile(".*".join(re.escape(p) for p in pattern.split("*")) + r"\Z")
                         for pattern in self.ignore if "*" in pattern]
        self.found = []

    def ignored(self, key, path):
        if key in self.ignore or path in self.ignore:
            return True
        return any(p.match(path) for p in self.patterns)

    def add(self, kind, path, old=ABSENT, new=ABSENT):
        self.found.append(Difference(kind, path, old, new))

    def value(self, path, old, new):
        if isinstance(old, dict) and isinstance(new, dict):
            return self.mapping(path, old, new)
        if isinstance(old, list) and isinstance(new, list):
            return self.sequence(path, old, new)
        if _number(old) and _number(new):
            if not _close(float(old), float(new), self.rtol, self.atol):
                self.add(CHANGED, path, old, new)
            return
        if type(old) is not type(new) or old != new:
            self.add(CHANGED, path, old, new)

    def mapping(self, path, old, new):
        prefix = path + "." if path else ""
        for key in list(old) + [k for k in new if k not in old]:
            sub = prefix + str(key)
            if self.ignored(key, sub):
                continue
            if key not in new:
                self.add(REMOVED, sub, old[key], ABSENT)
            elif key not in old:
                self.add(ADDED, sub, ABSENT, new[key])
            elif key == "elements" and isinstance(old[key], list) \
                    and isinstance(new[key], list):
                self.elements(sub, old[key], new[key])
            else:
                self.value(sub, old[key], new[key])

    def sequence(self, path, old, new):
        if len(old) != len(new):
            # A list of another length: shown whole (compactly), since an
            # index-by-index comparison would report every shifted item.
            self.add(CHANGED, path, old, new)
            return
        for i, (a, b) in enumerate(zip(old, new)):
            self.value("%s[%d]" % (path, i), a, b)

    def elements(self, path, old, new):
        old_keys = [_element_key(e) for e in old]
        new_keys = [_element_key(e) for e in new]
        by_label = (None not in old_keys and None not in new_keys
                    and len(set(old_keys)) == len(old_keys)
                    and len(set(new_keys)) == len(new_keys))
        if not by_label:
            for i in range(max(len(old), len(new))):
                sub = "%s[%d]" % (path, i)
                if i >= len(new):
                    self.add(MISSING, "", _Named(old[i]))
                elif i >= len(old):
                    self.add(EXTRA, "", ABSENT, _Named(new[i]))
                else:
                    self.value(sub, old[i], new[i])
            return
        where = {k: i for i, k in enumerate(new_keys)}
        for i, key in enumerate(old_keys):
            if key not in where:
                self.add(MISSING, "", _Named(old[i]))
            else:
                self.value("%s[%d]" % (path, i), old[i], new[where[key]])
        for j, key in enumerate(new_keys):
            if key not in set(old_keys):
                self.add(EXTRA, "", ABSENT, _Named(new[j]))
        common = set(old_keys) & set(new_keys)
        old_order = [k for k in old_keys if k in common]
        new_order = [k for k in new_keys if k in common]
        if old_order != new_order:
            label = (lambda k: k[0] if isinstance(k, tuple) else k)
            self.add(ORDER, path, [label(k) for k in old_order],
                     [label(k) for k in new_order])


def diff(old, new, rtol=DEFAULT_RTOL, atol=DEFAULT_ATOL, ignore=()):
    """The differences from chart `old` (the baseline) to chart `new`, a
    list of Difference in the order of old's keys (then new's)."""
    if rtol < 0 or atol < 0:
        raise ValueError("rtol and atol must be >= 0")
    d = _Differ(rtol, atol, ignore)
    d.value("", old, new)
    return d.found


def line(difference):
    """The text of one difference."""
    return str(difference)


def _tol(x):
    return "%g" % x


def summary(differences, rtol=DEFAULT_RTOL, atol=DEFAULT_ATOL):
    """One line: `6 differences: 5 values changed, 1 element missing
    (rtol 1e-09, atol 0)`."""
    tol = "(rtol %s, atol %s)" % (_tol(rtol), _tol(atol))
    if not differences:
        return "no differences %s" % tol
    counts = {}
    for d in differences:
        counts[d.kind] = counts.get(d.kind, 0) + 1
    parts = []
    for kind in (CHANGED, MISSING, EXTRA, REMOVED, ADDED, ORDER):
        n = counts.get(kind)
        if n:
            parts.append("%d %s" % (n, _NOUNS[kind][n != 1]))
    n = len(differences)
    return "%d difference%s: %s %s" % (n, "" if n == 1 else "s", ", ".join(parts), tol)


def format_diff(differences, rtol=DEFAULT_RTOL, atol=DEFAULT_ATOL, indent="  ",
                limit=None):
    """The lines of the differences (at most `limit` of them, then a count
    of the rest) and the summary, as one text."""
    shown = differences if limit is None else differences[:limit]
    lines = [indent + line(d) for d in shown]
    if len(shown) < len(differences):
        lines.append(indent + "... and %d more" % (len(differences) - len(shown)))
    lines.append(summary(differences, rtol, atol))
    return "\n".join(lines)
