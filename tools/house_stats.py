#!/usr/bin/env python3
"""The size of the house's rooms and functions, per folder: how many C
functions each folder defines, how many run over 60 lines (the share a
reader cannot hold in view), the longest, and each folder's lines.

    python3 tools/house_stats.py            one line per folder
    python3 tools/house_stats.py -v         and every function over 60 lines

A function is a definition starting at the beginning of a line (the house
style puts the return type on the line before) whose body opens with "{"
at the start of a line and ends at the first "}" at the start of a line;
its length counts from its name's line to that brace, as a reader sees it.
"""
import argparse
import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LONG = 60
FOLDERS = ("src/base", "src/scene", "src/chart", "src/table",
           "python/_chartex", "python/_chartex/matplotlib", "python/_chartex/plotly",
           "python/_chartex/plotly/calc", "python/_chartex/frames",
           "python/_chartex/altair")
_DEF = re.compile(r"^([A-Za-z_]\w*)\s*\(")
_KEYWORDS = {"if", "for", "while", "switch", "return", "sizeof"}


def functions(path):
    """[(name, lines)] of the functions defined in the C file at path."""
    lines = Path(path).read_text(encoding="utf-8").split("\n")
    out, i = [], 0
    while i < len(lines):
        m = _DEF.match(lines[i])
        if m and m.group(1) not in _KEYWORDS:
            j = i
            while j < len(lines) and not lines[j].startswith("{"):
                if lines[j].rstrip().endswith(";"):
                    break
                j += 1
            if j < len(lines) and lines[j].startswith("{"):
                k = j
                while k < len(lines) and not lines[k].startswith("}"):
                    k += 1
                out.append((m.group(1), k - i + 1))
                i = k
        i += 1
    return out


def folder_stats(folder):
    files = sorted(p for p in (ROOT / folder).glob("*.[ch]"))
    funcs = [(name, n, p.name) for p in files if p.suffix == ".c" for name, n in functions(p)]
    lines = sum(p.read_text(encoding="utf-8").count("\n") for p in files)
    long = sorted(((n, name, f) for name, n, f in funcs if n > LONG), reverse=True)
    return {"files": len(files), "lines": lines, "functions": len(funcs), "long": long}


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    print("%-30s %5s %6s %5s %5s %6s  %s" % ("folder", "files", "lines", "funcs",
                                              ">60", "share", "longest"))
    for folder in FOLDERS:
        if not (ROOT / folder).is_dir():
            continue
        s = folder_stats(folder)
        share = 100.0 * len(s["long"]) / max(s["functions"], 1)
        top = "%s (%d)" % (s["long"][0][1], s["long"][0][0]) if s["long"] else "-"
        print("%-30s %5d %6d %5d %5d %5.1f%%  %s" % (folder, s["files"], s["lines"],
                                                   s["functions"], len(s["long"]), share, top))
        if args.verbose:
            for n, name, f in s["long"]:
                print("    %4d  %s  (%s)" % (n, name, f))
    return 0


if __name__ == "__main__":
    sys.exit(main())
