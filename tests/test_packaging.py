"""The Python package as pip installs it: one version everywhere, the
`chartex` command, `chartex ipython install`, the typing files, and the
pip build's agreement with the autotools build.

Some tests only mean something for one way of testing (tests/run-pytest.sh):
against a build tree (make check), the pip build's reading of Makefile.am
is compared with make's; against an installed wheel
(CHARTEX_TEST_INSTALLED=1), the distribution's metadata, entry point and
files are checked.
"""
import ast
import importlib.util
import inspect
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import chartex
import golden

SRCDIR = golden.SRCDIR
PACKAGE_DIR = Path(chartex.__file__).resolve().parent
needs_installed = pytest.mark.skipif(
    not golden.INSTALLED, reason="tests the installed distribution (CHARTEX_TEST_INSTALLED=1)")


def _buildinfo():
    spec = importlib.util.spec_from_file_location("buildinfo", SRCDIR / "tools" / "buildinfo.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.buildinfo(str(SRCDIR))


def _configure_version():
    text = (SRCDIR / "configure.ac").read_text()
    (version,) = re.findall(r"AC_INIT\(\[chartex\],\s*\[([^\]]+)\]", text)
    return version


# ---------------------------------------------------------------- version

def test_one_version():
    """configure.ac's AC_INIT is the version of the C library
    (CHARTEX_VERSION, which the extension exports as __version__), of the
    pip build (setup.py reads it), and of the ChangeLog's newest entry."""
    version = _configure_version()
    assert chartex.__version__ == version
    assert _buildinfo()["version"] == version
    header = (SRCDIR / "include" / "chartex.h").read_text()
    assert re.search(r'#define CHARTEX_VERSION "%s"' % re.escape(version), header)
    first = (SRCDIR / "ChangeLog").read_text().splitlines()[0]
    m = re.match(r"\d{4}-\d\d-\d\d  chartex (\S+)", first)
    assert m, first
    assert m.group(1) == version, "the ChangeLog's newest entry is %s, configure.ac says %s" \
        % (m.group(1), version)
    assert "Version: @PACKAGE_VERSION@" in (SRCDIR / "chartex.pc.in").read_text()


def test_pkg_config_file_version():
    builddir = os.environ.get("CHARTEX_BUILDDIR")
    pc = Path(builddir or "/nonexistent") / "chartex.pc"
    if golden.INSTALLED or not pc.is_file():
        pytest.skip("no configured build tree")
    assert "Version: %s\n" % _configure_version() in pc.read_text()


@needs_installed
def test_distribution_metadata():
    from importlib import metadata

    dist = metadata.distribution("chartex")
    assert metadata.version("chartex") == chartex.__version__ == _configure_version()
    requires = dist.requires or []
    runtime = sorted(r for r in requires if "extra ==" not in r)
    assert runtime == ["matplotlib>=3.6", "numpy>=1.24"]
    extras = dist.metadata.get_all("Provides-Extra")
    assert sorted(extras) == ["dask", "ipython", "test"]
    ipython_extra = {re.split(r"[ ;<>=]", r)[0] for r in requires if "extra == \"ipython\"" in r}
    assert ipython_extra == {"ipython", "ipykernel", "orjson"}
    dask_extra = {re.split(r"[ ;<>=]", r)[0] for r in requires if "extra == \"dask\"" in r}
    assert dask_extra == {"distributed"}
    (script,) = [e for e in dist.entry_points if e.group == "console_scripts"]
    assert (script.name, script.value) == ("chartex", "chartex.cli:main")
    files = {str(f) for f in dist.files}
    assert "chartex/py.typed" in files and "chartex/_chartex.pyi" in files
    assert any(re.fullmatch(r"chartex/_chartex\..*\.so", f) for f in files)
    assert not any(f.startswith(("tests/", "src/", "fixtures/")) for f in files)


def test_lower_bounds_are_the_tested_lowest_releases():
    """pyproject.toml's runtime lower bounds are the releases of
    requirements-lowest.txt, which tools/packaging-check.sh --lowest runs
    the suite against (Debian 12's pair, which make distcheck tests)."""
    text = (SRCDIR / "pyproject.toml").read_text()
    deps = re.search(r"^dependencies = \[(.*?)\]", text, re.S | re.M).group(1)
    bounds = dict(re.findall(r'"(\w+)>=([\d.]+)"', deps))
    assert sorted(bounds) == ["matplotlib", "numpy"]
    pins = dict(re.findall(r"^(\w+)==([\d.]+)", (SRCDIR / "requirements-lowest.txt").read_text(),
                           re.M))
    for name, bound in bounds.items():
        assert pins[name].split(".")[:2] == bound.split(".")[:2], (name, bound, pins[name])


# ------------------------------------------------------------ entry point

def _chartex_command():
    """The installed `chartex` script of this interpreter's environment."""
    script = Path(sys.executable).parent / "chartex"
    if not script.exists():
        pytest.skip("no chartex command beside %s" % sys.executable)
    return script


@needs_installed
def test_chartex_command_converts(tmp_path):
    script = _chartex_command()
    r = subprocess.run([str(script), "convert", str(SRCDIR / "examples" / "quickstart.py")],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, cwd=str(tmp_path), timeout=120)
    assert r.returncode == 0, r.stderr
    chart = golden.strict_loads(r.stdout)
    assert chart["type"] == "line"
    assert [e["label"] for e in chart["elements"]] == ["Berlin", "Lisbon"]
    r = subprocess.run([str(script), "--help"], stdout=subprocess.PIPE,
                       universal_newlines=True, timeout=60)
    assert r.returncode == 0 and r.stdout.startswith("usage: chartex ")
    assert "ipython" in r.stdout


def _run(args, **kw):
    return subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True, timeout=120, **kw)


@pytest.mark.parametrize("how", ["chartex ipython", "python -m chartex ipython",
                                 "python -m chartex.ipython"])
def test_ipython_install_subcommand(tmp_path, how):
    """`chartex ipython install` does what `python -m chartex.ipython
    install` does: copies the start-up file into the profile and prints
    where."""
    pytest.importorskip("IPython")
    from chartex import ipython as cx_ipython

    if how == "chartex ipython":
        if not golden.INSTALLED:
            pytest.skip("the chartex command is tested installed")
        prefix = [str(_chartex_command()), "ipython"]
    elif how == "python -m chartex ipython":
        prefix = [sys.executable, "-m", "chartex", "ipython"]
    else:
        prefix = [sys.executable, "-m", "chartex.ipython"]
    r = _run(prefix + ["install", "--ipython-dir", str(tmp_path / "ip"), "--profile", "k"])
    assert r.returncode == 0, r.stderr
    target = tmp_path / "ip" / "profile_k" / "startup" / "00-chartex.py"
    assert r.stdout.strip() == str(target)
    assert target.read_bytes() == Path(cx_ipython.STARTUP_FILE).read_bytes()
    r = _run(prefix + ["startup-file"])
    assert r.returncode == 0 and r.stdout.strip() == cx_ipython.STARTUP_FILE
    r = _run(prefix + ["--help"])
    assert r.returncode == 0 and "install" in r.stdout
    assert r.stdout.startswith("usage: %s" % ("chartex ipython" if how == "chartex ipython"
                                             else how))


# ----------------------------------------------------------------- typing

def test_typing_files_beside_the_package():
    assert (PACKAGE_DIR / "py.typed").is_file()
    assert (PACKAGE_DIR / "_chartex.pyi").is_file()


def _stub_functions():
    tree = ast.parse((PACKAGE_DIR / "_chartex.pyi").read_text())
    return {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)}, tree


def test_stub_signatures_are_the_extension_s():
    """Every function of _chartex.pyi has the parameters (names, kinds,
    defaults) of the extension's own text signature; the stub's other
    names exist; every public name of chartex is typed."""
    from chartex import _chartex

    functions, tree = _stub_functions()
    assert functions, "no function in the stub"
    for name, node in functions.items():
        runtime = inspect.signature(getattr(_chartex, name))
        a = node.args
        stub = [(p.arg, inspect.Parameter.POSITIONAL_ONLY) for p in a.posonlyargs]
        stub += [(p.arg, inspect.Parameter.POSITIONAL_OR_KEYWORD) for p in a.args]
        stub += [(p.arg, inspect.Parameter.KEYWORD_ONLY) for p in a.kwonlyargs]
        assert [(p.name, p.kind) for p in runtime.parameters.values()] == stub, name
        stub_defaults = [None if d is None else ast.literal_eval(d) for d in a.kw_defaults]
        runtime_kw = [p for p in runtime.parameters.values()
                      if p.kind == inspect.Parameter.KEYWORD_ONLY]
        assert [p.default for p in runtime_kw] == stub_defaults, name
    others = [n.name for n in tree.body if isinstance(n, ast.ClassDef)]
    others += [n.target.id for n in tree.body if isinstance(n, ast.AnnAssign)]
    for name in others:
        assert hasattr(_chartex, name), name
    # render is pure Python (chartex._golden.render), typed by its annotations.
    typed = set(functions) | set(others) | {"chart_figure_to_dict", "render"}
    assert set(chartex.__all__) <= typed


# ------------------------------------------- the two builds agree (make)

def _make_buildinfo(builddir):
    env = {k: v for k, v in os.environ.items()
           if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES")}
    r = subprocess.run(["make", "-s", "--no-print-directory", "-C", builddir, "print-buildinfo"],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    values = {}
    for line in r.stdout.splitlines():
        key, _, value = line.partition(":")
        values[key.strip()] = value.split()
    return values


def test_pip_build_compiles_what_make_compiles():
    """setup.py compiles the files and flags tools/buildinfo.py reads from
    Makefile.am and configure.ac; make's own expansion of the same
    variables must give the same (a construct the reader misreads fails
    here, not in a wheel)."""
    builddir = os.environ.get("CHARTEX_BUILDDIR")
    if golden.INSTALLED or not builddir or not (Path(builddir) / "Makefile").is_file():
        pytest.skip("needs a configured build tree (make check)")
    if shutil.which("make") is None:
        pytest.skip("no make")
    made = _make_buildinfo(builddir)
    info = _buildinfo()
    assert made["version"] == [info["version"]]
    chartex_cflags = made["chartex_cflags"]
    if os.environ.get("CHARTEX_SANITIZERS") == "yes":
        # configure appends the sanitizer flags to the warning flags.
        assert chartex_cflags[:len(info["chartex_cflags"])] == info["chartex_cflags"]
    else:
        assert chartex_cflags == info["chartex_cflags"]
    external = set(made["external"])

    def source_path(flag_path):
        p = Path(flag_path)
        if not p.is_absolute():
            p = Path(builddir) / p
        return os.path.relpath(str(p.resolve()), str(SRCDIR)).replace(os.sep, "/")

    for part in ("core", "ext"):
        mine = info[part]
        assert made[part + "_sources"] == mine["sources"], part
        includes, macros, other = [], [], []
        for w in made[part + "_cppflags"]:
            if w.startswith("-I"):
                includes.append(source_path(w[2:]))
            elif w.startswith("-D"):
                name, eq, val = w[2:].partition("=")
                macros.append([name, val if eq else None])
            else:
                other.append(w)
        assert includes == mine["include_dirs"], part
        assert macros == [list(m) for m in mine["macros"]], part
        cflags = other + [w for w in made[part + "_cflags"] if w not in external]
        expected = []
        for w in mine["cflags"]:
            expected.append(w)
            if expected[-len(info["chartex_cflags"]):] == info["chartex_cflags"]:
                # make's CHARTEX_CFLAGS (with the sanitizers' flags, if any)
                del expected[-len(info["chartex_cflags"]):]
                expected.extend(chartex_cflags)
        assert cflags == expected, part


def test_buildinfo_sees_renames(tmp_path):
    """The reader follows Makefile.am: a renamed or split source file, a
    per-target CPPFLAGS and continued lines are what setup.py compiles."""
    spec = importlib.util.spec_from_file_location("buildinfo", SRCDIR / "tools" / "buildinfo.py")
    bi = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bi)
    for d in ("src", "python", "include"):
        (tmp_path / d).mkdir()
    for f in ("src/node.c", "src/utf8.c", "python/state.c", "python/walk_axis.c"):
        (tmp_path / f).write_text("")
    (tmp_path / "configure.ac").write_text(
        'AC_INIT([chartex], [9.8.7], [], [chartex])\n'
        'CHARTEX_CFLAGS="-std=c11 -Wall"\n'
        'CHARTEX_CFLAGS="$CHARTEX_CFLAGS -fsanitize=address"\n')
    (tmp_path / "Makefile.am").write_text(
        "AM_CPPFLAGS = -I$(top_srcdir)/include -I$(top_srcdir)/src\n"
        "AM_CFLAGS = $(CHARTEX_CFLAGS)\n"
        "CORE_C = src/node.c \\\n\tsrc/utf8.c\n"
        "# a comment\n"
        "CORE_SOURCES = src/internal.h $(CORE_C)\n"
        "libchartex_core_la_CFLAGS = $(AM_CFLAGS) $(JSONC_CFLAGS)\n"
        "python__chartex_la_SOURCES = python/walk.h python/state.c\n"
        "python__chartex_la_SOURCES += python/walk_axis.c\n"
        "python__chartex_la_CPPFLAGS = -I$(top_srcdir)/include -DX=1\n"
        "python__chartex_la_CFLAGS = $(AM_CFLAGS) -fno-strict-aliasing $(PYTHON_INCLUDES)\n")
    info = bi.buildinfo(str(tmp_path))
    assert info["version"] == "9.8.7"
    assert info["core"] == {"sources": ["src/node.c", "src/utf8.c"],
                            "include_dirs": ["include", "src"], "macros": [],
                            "cflags": ["-std=c11", "-Wall"]}
    assert info["ext"] == {"sources": ["python/state.c", "python/walk_axis.c"],
                           "include_dirs": ["include"], "macros": [("X", "1")],
                           "cflags": ["-std=c11", "-Wall", "-fno-strict-aliasing"]}
    (tmp_path / "python" / "state.c").unlink()
    with pytest.raises(bi.BuildInfoError, match="python/state.c"):
        bi.buildinfo(str(tmp_path))


def test_tools_the_tests_load_are_distributed():
    """A test that loads a tool (tools/x.py by path) runs from `make dist`'s
    tarball too (.ci/run's sanitizer build): the tool must be in EXTRA_DIST.
    Found the way CI found it: test_house loaded tools/house_stats.py, which
    the tarball lacked."""
    makefile = (SRCDIR / "Makefile.am").read_text()
    loaded = set()
    for test in (SRCDIR / "tests").glob("*.py"):
        text = test.read_text()
        loaded.update(re.findall(r'"tools"\s*/\s*"([\w.-]+)"', text))
    assert loaded, "no test loads a tool by path: the pattern above is stale"
    missing = sorted(name for name in loaded
                     if not re.search(r"(^|\s)tools/" + re.escape(name) + r"(\s|\\|$)",
                                      makefile, re.M))
    assert not missing, f"tools loaded by tests but not in EXTRA_DIST: {missing}"


def test_every_test_file_is_distributed():
    """Every tests/*.py of the source tree is in `make dist`'s tarball, so
    that distcheck and the sanitizer build run it too (two delivery test
    files were left out and ran only in the source tree)."""
    makefile = (SRCDIR / "Makefile.am").read_text()
    listed = set(re.findall(r"tests/([\w.-]+\.py)\b", makefile))
    missing = sorted(p.name for p in (SRCDIR / "tests").glob("*.py") if p.name not in listed)
    assert not missing, f"tests/*.py not in Makefile.am (PYTEST_FILES or EXTRA_DIST): {missing}"
