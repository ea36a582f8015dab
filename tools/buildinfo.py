#!/usr/bin/env python3
"""What the pip build compiles, read from the autotools build's own files.

    python3 tools/buildinfo.py [SRCDIR]     prints it as JSON

The Python package's build (setup.py, for `pip install .`, the sdist and
the wheels) compiles the same sources with the same flags as `make`: it
takes them from here, and this module reads them from Makefile.am and
configure.ac, so that those two files stay the one place where a source
file or a warning flag is named:

- the core's C files: `CORE_SOURCES` in Makefile.am (the .c files of it);
- the extension's C files: `python__chartex_la_SOURCES` (the .c files);
- each one's preprocessor flags (`-I`, `-D`): the target's own `_CPPFLAGS`
  when Makefile.am sets one, else `AM_CPPFLAGS`, as automake does;
- each one's compiler flags: the target's `_CFLAGS` (`$(AM_CFLAGS)`, which
  is `$(CHARTEX_CFLAGS)`, plus literal flags such as
  `-fno-strict-aliasing`);
- `CHARTEX_CFLAGS`: its first literal assignment in configure.ac (the
  warning flags; --enable-sanitizers only appends to it);
- the version: the second argument of AC_INIT.

Configure's other substitutions (`$(JSONC_CFLAGS)`, `$(PYTHON_INCLUDES)`,
`$(NUMPY_INCLUDES)`) expand to nothing here: setup.py asks pkg-config,
the interpreter and NumPy for them itself.  `make check` compares this
reading with make's own expansion of the same variables
(tests/test_packaging.py, through `make print-buildinfo`), so a Makefile.am
construct this small reader does not understand fails a test instead of
silently building something else.

Only the standard library: setup.py runs this before anything is installed.
"""
import json
import os
import re
import sys

CORE_SOURCES = "CORE_SOURCES"
CORE_TARGET = "libchartex_core_la"
EXT_SOURCES = "python__chartex_la_SOURCES"
EXT_TARGET = "python__chartex_la"

# configure substitutions the pip build supplies in its own way.
_EXTERNAL = ("JSONC_CFLAGS", "JSONC_LIBS", "PYTHON_INCLUDES", "NUMPY_INCLUDES",
             "CHARTEX_LDFLAGS")

_VAR_REF = re.compile(r"\$\(([A-Za-z0-9_]+)\)|\$\{([A-Za-z0-9_]+)\}")


class BuildInfoError(Exception):
    pass


def _logical_lines(text):
    """The lines of a makefile, continuation lines joined, comments gone."""
    lines = []
    current = ""
    for raw in text.splitlines():
        if not current and raw.lstrip().startswith("#"):
            continue
        if raw.endswith("\\"):
            current += raw[:-1] + " "
            continue
        current += raw
        lines.append(current)
        current = ""
    if current:
        lines.append(current)
    return lines


_ASSIGN = re.compile(r"^([A-Za-z0-9_]+)\s*(\+?=)\s*(.*)$")


def read_makefile_am(path):
    """Makefile.am's variables: name -> unexpanded value.  Assignments
    inside automake conditionals count, whatever the condition (the
    variables read here are not conditional)."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    variables = {}
    for line in _logical_lines(text):
        if line.startswith("\t"):
            continue  # a recipe line
        m = _ASSIGN.match(line.strip())
        if not m:
            continue
        name, op, value = m.groups()
        value = value.split(" #", 1)[0].strip()
        if op == "+=" and name in variables:
            variables[name] = (variables[name] + " " + value).strip()
        else:
            variables[name] = value
    return variables


def read_configure_ac(path):
    """(version, CHARTEX_CFLAGS) from configure.ac."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"^AC_INIT\(\[chartex\],\s*\[([^\]]+)\]", text, re.M)
    if not m:
        raise BuildInfoError("%s: no AC_INIT([chartex], [VERSION], ...)" % path)
    version = m.group(1).strip()
    cflags = None
    for m in re.finditer(r'^\s*CHARTEX_CFLAGS="([^"$]*)"\s*$', text, re.M):
        cflags = m.group(1).split()
        break
    if cflags is None:
        raise BuildInfoError('%s: no literal CHARTEX_CFLAGS="..." assignment' % path)
    return version, cflags


def _expand(value, variables, substitutions, seen=()):
    def replace(m):
        name = m.group(1) or m.group(2)
        if name in substitutions:
            return substitutions[name]
        if name in variables:
            if name in seen:
                raise BuildInfoError("Makefile.am: $(%s) refers to itself" % name)
            return _expand(variables[name], variables, substitutions, seen + (name,))
        return ""  # a configure substitution nobody here needs
    return _VAR_REF.sub(replace, value)


def _c_files(words):
    return [w for w in words if w.endswith(".c")]


def _split_cppflags(words):
    """-I and -D flags (as make would pass them) -> (include dirs, macros)."""
    includes, macros, rest = [], [], []
    it = iter(words)
    for w in it:
        if w in ("-I", "-D"):
            w += next(it, "")
        if w.startswith("-I"):
            includes.append(w[2:])
        elif w.startswith("-D"):
            name, eq, val = w[2:].partition("=")
            macros.append((name, val if eq else None))
        else:
            rest.append(w)
    return includes, macros, rest


def buildinfo(srcdir="."):
    """What to compile, as a dict of plain values; paths relative to srcdir
    (with "/" separators)."""
    makefile_am = os.path.join(srcdir, "Makefile.am")
    configure_ac = os.path.join(srcdir, "configure.ac")
    variables = read_makefile_am(makefile_am)
    version, chartex_cflags = read_configure_ac(configure_ac)
    subst = {"top_srcdir": ".", "srcdir": ".", "abs_top_srcdir": ".",
             "abs_srcdir": ".", "CHARTEX_CFLAGS": " ".join(chartex_cflags)}
    subst.update({name: "" for name in _EXTERNAL})

    def words(name, default=None):
        if name not in variables:
            if default is None:
                raise BuildInfoError("Makefile.am sets no %s" % name)
            return words(default)
        return _expand(variables[name], variables, subst).split()

    def norm(path):
        return os.path.normpath(path).replace(os.sep, "/")

    info = {"version": version, "chartex_cflags": chartex_cflags}
    for key, sources, target in (("core", CORE_SOURCES, CORE_TARGET),
                                 ("ext", EXT_SOURCES, EXT_TARGET)):
        files = [norm(p) for p in _c_files(words(sources))]
        if not files:
            raise BuildInfoError("Makefile.am: %s names no .c file" % sources)
        for p in files:
            if not os.path.isfile(os.path.join(srcdir, p)):
                raise BuildInfoError("Makefile.am: %s names %s, which does not exist"
                                     % (sources, p))
        includes, macros, other = _split_cppflags(words(target + "_CPPFLAGS", "AM_CPPFLAGS"))
        info[key] = {
            "sources": files,
            "include_dirs": [norm(p) for p in includes],
            "macros": macros,
            # flags of the preprocessor line that are neither -I nor -D, then
            # the compiler flags: the order make passes them in.
            "cflags": other + words(target + "_CFLAGS", "AM_CFLAGS"),
        }
    return info


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    srcdir = argv[0] if argv else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    try:
        info = buildinfo(srcdir)
    except (BuildInfoError, OSError) as e:
        print("buildinfo: %s" % e, file=sys.stderr)
        return 1
    json.dump(info, sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
