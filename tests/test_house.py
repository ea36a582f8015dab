"""The house (doc/architecture.md) kept true by the tree itself.

- Every source file under src/, include/ and python/ is named in
  doc/architecture.md, under the heading of its folder, and every file
  named there exists.
- No circles: no two C files call each other, directly or through others
  (a file calls another when it uses a function defined there); no
  #include loop; no Python module of the package imports one that imports
  it back, counting the extension module (which imports some modules by
  name) as one module.
- The core's folders are layers (base <- scene <- chart; base <- table)
  and calls go down them.
- No C room over 900 lines.
- No two source files share a name (nor names a letter apart), and the
  Plotly wing's calc port (plotly/calc/) is plain C: no Python, its own
  headers and the core's public one.
- The Plotly wing allocates through the calc port's one allocator
  (calc_alloc.c) and its functions jump only forward to their one cleanup
  label; no more than LONG_SHARE_BOUND of the functions of the Plotly
  wing, its calc port, the matplotlib walker and the table wing run over
  60 lines (tools/house_stats.py's reading).
- Names say who owns them: each folder's non-static functions carry its
  prefix (chartex_ public and chartex__ in src/, chx_ for the module's own
  files, mpl_ the matplotlib walker, px_ the Plotly reader and its calc
  port, tbl_ the table reader), and architecture.md states each prefix.
- The core never includes Python.h; the extension includes the public
  header alone, never the core's private ones.

These are read from the text of the files (comments and strings left
out), the way a reviewer would check them, not from a build.
"""
import ast
import importlib.util
import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "doc" / "architecture.md"

if not (ROOT / "src").is_dir() or not DOC.is_file():
    pytest.skip("the source tree is not here (an installed package is tested)",
                allow_module_level=True)

MAX_ROOM_LINES = 900

# folder -> the prefixes its non-static functions may carry; a folder not
# named takes its parent's (src/chart takes src's, plotly/calc plotly's).
PREFIXES = {
    "src": ("chartex_",),
    "python/_chartex": ("chx_",),
    "python/_chartex/matplotlib": ("mpl_",),
    "python/_chartex/plotly": ("px_",),
    "python/_chartex/frames": ("tbl_",),
}

# The Plotly reader's port of plotly.js's calc step: plain C on doubles,
# also built alone into tests/plotly_stats_tests.
PLOTLY = "python/_chartex/plotly"
CALC = PLOTLY + "/calc"

# Rooms of the Plotly wing that still allocate with malloc and jump to an
# "ok" label: bar placement and histogram bins are being rewritten (issue
# 34's wave); they follow px_calc_alloc and the one cleanup label when
# that work lands, and leave this set.
PLOTLY_PENDING = {PLOTLY + "/barmode.c", PLOTLY + "/histograms.c"}

# At most this share of a folder's functions may run over 60 lines (as
# tools/house_stats.py counts them: a reader cannot hold them in view).
# The core's folders stand at 2.4 to 6.9 % (5.6 % over src/).  The Plotly
# wing was at 19.6 %, its calc port at 12.5 %, the matplotlib walker at
# 9.8 % and the table wing at 12.5 %; split into named steps they stand at
# 2.0 % (all five in PLOTLY_PENDING's rooms), 0 %, 5.5 % and 0 %.  8 %
# keeps each near the core and leaves a rewrite (bars and histograms) a
# long function or two, not a return to where they were.
LONG_SHARE_BOUND = {PLOTLY: 0.08, CALC: 0.08, "python/_chartex/matplotlib": 0.08,
                    "python/_chartex/frames": 0.08}


def prefixes_of(folder):
    while folder not in PREFIXES and "/" in folder:
        folder = folder.rsplit("/", 1)[0]
    return PREFIXES.get(folder)


def source_files():
    """Repository-relative paths of every source file of the house."""
    found = []
    for folder, exts in (("src", (".c", ".h")), ("include", (".h",)),
                         ("python/_chartex", (".c", ".h")),
                         ("python/chartex", (".py", ".pyi"))):
        for top, dirs, names in os.walk(ROOT / folder):
            dirs[:] = sorted(d for d in dirs if not d.startswith((".", "__")))
            for name in sorted(names):
                if name.endswith(exts):
                    found.append(Path(top, name).relative_to(ROOT).as_posix())
    return found


def c_files():
    return [p for p in source_files() if p.endswith(".c")]


# ------------------------------------------------------------ the document

HEADING = re.compile(r"^#+ .*?`([^`]+/)`", re.M)


def documented():
    """{(folder, file name)} named in architecture.md: a file is named in
    backquotes in the part that follows a heading which names its folder
    in backquotes (`src/`, `python/_chartex/matplotlib/`)."""
    text = DOC.read_text(encoding="utf-8")
    marks = [(m.start(), m.group(1).rstrip("/")) for m in HEADING.finditer(text)]
    out = set()
    for i, (start, folder) in enumerate(marks):
        end = marks[i + 1][0] if i + 1 < len(marks) else len(text)
        part = text[start:end]
        for name in re.findall(r"`([A-Za-z0-9_./-]+\.(?:c|h|py|pyi))`", part):
            if "/" not in name:
                out.add((folder, name))
    return out


def test_every_source_file_is_in_the_architecture():
    files = {tuple(p.rsplit("/", 1)) for p in source_files()}
    named = documented()
    missing = sorted("/".join(f) for f in files - named)
    stale = sorted("/".join(f) for f in named - files)
    assert not missing, "not in doc/architecture.md: %s" % ", ".join(missing)
    assert not stale, "doc/architecture.md names files that do not exist: %s" % \
        ", ".join(stale)


def test_the_architecture_states_each_prefix():
    text = DOC.read_text(encoding="utf-8")
    for folder, prefixes in PREFIXES.items():
        for p in prefixes:
            assert "`%s`" % p in text, "architecture.md does not state %s (%s)" % (p, folder)


# ----------------------------------------------------------- reading C text

_NOISE = re.compile(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)
_DEF = re.compile(r"^([A-Za-z_]\w*)\s*\(", re.M)
_KEYWORDS = {"if", "for", "while", "switch", "return", "sizeof", "defined"}


def _code(path):
    return _NOISE.sub(" ", (ROOT / path).read_text(encoding="utf-8"))


def _definitions(code):
    """(name, static) of each function defined at the start of a line (the
    house style puts the return type on the line before)."""
    out = []
    for m in _DEF.finditer(code):
        name = m.group(1)
        if name in _KEYWORDS:
            continue
        depth, i = 0, m.end() - 1
        while i < len(code):
            if code[i] == "(":
                depth += 1
            elif code[i] == ")":
                depth -= 1
                if depth == 0:
                    break
            i += 1
        if not code[i + 1:i + 200].lstrip().startswith("{"):
            continue  # a call or a macro use at the start of a line
        line_start = code.rfind("\n", 0, m.start() - 1) + 1
        before = code[line_start:m.start()]
        out.append((name, "static" in before))
    return out


def _cycles(graph):
    """The strongly connected components of more than one node."""
    index, low, stack, on, comps, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                comps.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return comps


def c_call_graph():
    """{file: {file it calls}} over the C files of the core and the
    extension (the test programs and benchmarks are not rooms)."""
    code = {p: _code(p) for p in c_files()}
    owner = {}
    for p, text in code.items():
        for name, static in _definitions(text):
            if not static:
                owner.setdefault(name, set()).add(p)
    graph = {}
    for p, text in code.items():
        used = set(re.findall(r"\b[A-Za-z_]\w*\b", text))
        graph[p] = {q for name in used for q in owner.get(name, ()) if q != p}
    return graph


def test_no_c_file_calls_a_file_that_calls_it():
    graph = c_call_graph()
    cycles = _cycles(graph)
    detail = []
    for comp in cycles:
        for a in comp:
            for b in sorted(graph[a] & set(comp)):
                detail.append("%s -> %s" % (a, b))
    assert not cycles, "C files calling in a circle:\n  " + "\n  ".join(detail)


def test_the_call_graph_is_read():
    # The reading above must see real edges, or the test before it proves
    # nothing: module.c calls the readers' entry points, the walker's
    # rooms call values.c.
    graph = c_call_graph()
    assert "python/_chartex/matplotlib/walker.c" in graph["python/_chartex/module.c"]
    assert "python/_chartex/matplotlib/values.c" in graph["python/_chartex/matplotlib/lines.c"]
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


# The core's folders are layers: a folder calls its own rooms and those of
# the folders it stands on, never one above it.
CORE_LAYERS = {
    "src/base": set(),
    "src/scene": {"src/base"},
    "src/chart": {"src/scene", "src/base"},
    "src/table": {"src/base"},
}


def test_the_core_folders_call_down():
    graph = c_call_graph()
    wrong = []
    for a, targets in graph.items():
        fa = a.rsplit("/", 1)[0]
        if fa not in CORE_LAYERS:
            continue
        for b in targets:
            fb = b.rsplit("/", 1)[0]
            if fb != fa and fb not in CORE_LAYERS[fa]:
                wrong.append("%s -> %s" % (a, b))
    assert not wrong, "core rooms calling a layer above their own:\n  " + "\n  ".join(wrong)
    assert set(CORE_LAYERS) == {p.rsplit("/", 1)[0] for p in c_files() if p.startswith("src/")}


def _include_target(path, name):
    here = (ROOT / path).parent
    for base in (here, ROOT / "include", ROOT / "src", ROOT / "python" / "_chartex"):
        cand = (base / name).resolve()
        if cand.is_file():
            return cand.relative_to(ROOT).as_posix()
    return None


def test_no_include_loop():
    graph = {}
    for p in source_files():
        if not p.endswith((".c", ".h")):
            continue
        text = (ROOT / p).read_text(encoding="utf-8")
        targets = set()
        for name in re.findall(r'^\s*#\s*include\s+"([^"]+)"', text, re.M):
            t = _include_target(p, name)
            if t is not None and t != p:
                targets.add(t)
        graph[p] = targets
    assert _cycles(graph) == []


def test_no_room_over_the_limit():
    over = []
    for p in source_files():
        if p.endswith((".c", ".h")) and not p.endswith("numfmt_tables.h"):
            n = (ROOT / p).read_text(encoding="utf-8").count("\n")
            if n > MAX_ROOM_LINES:
                over.append("%s (%d lines)" % (p, n))
    assert not over, "rooms over %d lines: %s" % (MAX_ROOM_LINES, ", ".join(over))


def test_names_carry_their_wing_prefix():
    wrong = []
    for p in c_files():
        folder = p.rsplit("/", 1)[0]
        prefixes = prefixes_of(folder)
        assert prefixes is not None, "%s: a folder with no prefix in PREFIXES" % folder
        for name, static in _definitions(_code(p)):
            if not static and not name.startswith(prefixes) and name != "PyInit__chartex":
                wrong.append("%s: %s" % (p, name))
    assert not wrong, "non-static names without their folder's prefix:\n  " + "\n  ".join(wrong)


def test_the_core_and_the_extension_keep_their_headers():
    for p in source_files():
        if not p.endswith((".c", ".h")):
            continue
        includes = re.findall(r'^\s*#\s*include\s+[<"]([^">]+)[">]',
                              (ROOT / p).read_text(encoding="utf-8"), re.M)
        if p.startswith(("src/", "include/")):
            assert "Python.h" not in includes, "%s includes Python.h" % p
        if p.startswith("python/"):
            private = [i for i in includes
                       if (_include_target(p, i) or "").startswith("src/")
                       or i.split("/")[0] in ("base", "scene", "chart", "table")]
            assert not private, "%s includes the core's private %s" % (p, private)


def test_the_calc_port_is_plain_c():
    """The calc port's boundary: no Python (no Python.h, no Py* name), no
    header of the reader or the module above it; it includes its own
    headers, the core's public one (chartex_format_double) and the C
    library's alone, and allocates through calc_alloc.c."""
    files = [p for p in source_files() if p.startswith(CALC + "/")]
    assert len(files) >= 8, files
    for p in files:
        text = (ROOT / p).read_text(encoding="utf-8")
        for inc in re.findall(r'^\s*#\s*include\s+"([^"]+)"', text, re.M):
            target = _include_target(p, inc)
            assert target is not None and (target.startswith(CALC + "/")
                                           or target == "include/chartex.h"), \
                "%s includes %s, outside the calc port and the core's public header" % (p, inc)
        assert "Python.h" not in text, p
        used = set(re.findall(r"\b(Py[A-Z_]\w*|_Py\w*)\b", _code(p)))
        assert not used, "%s uses Python: %s" % (p, sorted(used))


def test_the_plotly_wing_allocates_through_calc_alloc():
    """One allocation convention in the Plotly wing: px_calc_alloc,
    px_calc_zalloc and px_calc_grow (calc/calc_alloc.c: overflow-checked,
    never NULL for a count of none), no raw malloc, calloc or realloc and
    no zero-size guard of its own; PLOTLY_PENDING's rooms are to follow."""
    files = [p for p in source_files()
             if p.startswith(PLOTLY + "/") and p.endswith((".c", ".h"))]
    assert len(files) >= 30, files
    raw = {}
    for p in files:
        if p == CALC + "/calc_alloc.c" or p in PLOTLY_PENDING:
            continue
        used = set(re.findall(r"\b(malloc|calloc|realloc)\s*\(", _code(p)))
        if used:
            raw[p] = sorted(used)
    assert not raw, "allocating with malloc, calloc or realloc, not calc_alloc.c's: %s" % raw
    for p in PLOTLY_PENDING:
        assert p in files, "%s is gone: take it out of PLOTLY_PENDING" % p


_BODY = re.compile(r"^([A-Za-z_]\w*)\s*\([^;{]*?\)\s*^\{(.*?)^\}", re.M | re.S)
_LABEL = re.compile(r"^([A-Za-z_]\w*):", re.M)
_GOTO = re.compile(r"\bgoto\s+([A-Za-z_]\w*)\s*;")


def test_the_plotly_wing_jumps_only_to_cleanup():
    """goto only for a function's one cleanup label: at most one label per
    function, after every goto that reaches it (no retry, no skip)."""
    wrong, seen = [], 0
    for p in c_files():
        if not p.startswith(PLOTLY + "/") or p in PLOTLY_PENDING:
            continue
        for m in _BODY.finditer(_code(p)):
            name, body = m.group(1), m.group(2)
            seen += 1
            labels = [(lm.group(1), lm.start()) for lm in _LABEL.finditer(body)
                      if lm.group(1) != "default"]
            if len(labels) > 1:
                wrong.append("%s: %s has labels %s" % (p, name, [n for n, _ in labels]))
            for gm in _GOTO.finditer(body):
                at = [pos for n, pos in labels if n == gm.group(1)]
                if not at or at[0] < gm.start():
                    wrong.append("%s: %s jumps back or away: goto %s" % (p, name, gm.group(1)))
    assert seen > 250, seen
    assert not wrong, "\n  ".join([""] + wrong)


def _house_stats():
    """tools/house_stats.py, which prints these shares, as a module."""
    spec = importlib.util.spec_from_file_location("house_stats",
                                                  ROOT / "tools" / "house_stats.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("folder", sorted(LONG_SHARE_BOUND))
def test_functions_stay_short(folder):
    """Rooms and functions stay small (doc/architecture.md): no more than
    LONG_SHARE_BOUND of the folder's functions over 60 lines."""
    stats = _house_stats()
    assert stats.LONG == 60
    s = stats.folder_stats(folder)
    assert s["functions"] >= 10, s
    share = len(s["long"]) / s["functions"]
    assert share <= LONG_SHARE_BOUND[folder], (
        "%s: %d of %d functions over %d lines (%.1f %%, at most %.0f %%): %s"
        % (folder, len(s["long"]), s["functions"], stats.LONG, 100 * share,
           100 * LONG_SHARE_BOUND[folder],
           ", ".join("%s (%s, %d)" % (name, f, n) for n, name, f in s["long"])))


def test_no_file_name_repeats_across_the_house():
    """A name says what a file holds: no two source files of the house
    share one (a sibling wing's axis.c would be another axis.c)."""
    seen = {}
    for p in source_files():
        name = p.rsplit("/", 1)[1]
        if name == "__init__.py":
            continue
        seen.setdefault(name, []).append(p)
    twice = {n: ps for n, ps in seen.items() if len(ps) > 1}
    assert not twice, twice
    # Nor names a letter apart (text.c and texts.c were).
    stems = sorted({n.rsplit(".", 1)[0] for n in seen})
    close = [(a, b) for a in stems for b in stems if a < b and (a + "s" == b or b + "s" == a)]
    assert not close, close


# -------------------------------------------------------- the Python side

def _python_modules():
    """{dotted name below chartex ("cli", "_matplotlib.compat"): path}."""
    pkg = ROOT / "python" / "chartex"
    out = {}
    for p in sorted(pkg.rglob("*.py")):
        rel = p.relative_to(pkg).with_suffix("").parts
        if "__pycache__" in rel:
            continue
        if rel[-1] == "__init__":
            rel = rel[:-1]
        out[".".join(rel) or "__init__"] = p
    return out


def python_import_graph():
    """{module: {module it imports}} over the package's modules (dotted
    below chartex: "cli", "_matplotlib.compat"), any import anywhere in a
    module (a lazy one is an import all the same), with the extension
    module as the node "_chartex" importing the modules its C text names
    ("chartex._matplotlib.compat")."""
    mods = _python_modules()

    def known(name):
        return name if name in mods or name == "_chartex" else None

    graph = {}
    for name, p in mods.items():
        is_pkg = p.name == "__init__.py"
        here = name.split(".") if is_pkg and name != "__init__" else name.split(".")[:-1]
        tree = ast.parse(p.read_text(encoding="utf-8"))
        deps = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = here[:len(here) - (node.level - 1)] if node.level > 1 else here
                elif node.module and node.module.split(".")[0] == "chartex":
                    base = []
                else:
                    continue
                mod = node.module or ""
                if not node.level:
                    mod = mod.split(".", 1)[1] if "." in mod else ""
                prefix = ".".join(base + ([mod] if mod else []))
                for a in node.names:
                    full = known((prefix + "." if prefix else "") + a.name)
                    if full is None:
                        full = known(prefix)
                    if full is not None:
                        deps.add(full)
            elif isinstance(node, ast.Import):
                for a in node.names:
                    parts = a.name.split(".")
                    if parts[0] == "chartex" and len(parts) > 1:
                        full = known(".".join(parts[1:]))
                        if full:
                            deps.add(full)
        graph[name] = deps - {name}
    ext = set()
    for p in c_files():
        if p.startswith("python/"):
            text = (ROOT / p).read_text(encoding="utf-8")
            ext |= {m for m in re.findall(r'"chartex\.([\w.]+)"', text) if m in mods}
    graph["_chartex"] = ext
    return graph


def test_no_python_import_circle():
    graph = python_import_graph()
    assert {"_matplotlib.compat", "_matplotlib.artists", "_matplotlib.legend",
            "_tables.frames"} <= graph["_chartex"]
    assert "_golden.diff" in graph["cli"] and "_matplotlib.compat" in graph["_golden.render"]
    assert _cycles(graph) == [], graph
