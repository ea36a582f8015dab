"""The build of the Python package (pip install ., the sdist, the wheels).

pyproject.toml holds the metadata; this file only compiles.  It builds one
extension module, chartex/_chartex*.so, out of the core (src/*.c) and the
extension's own files with its readers (python/_chartex/), linked against json-c found with
pkg-config.  The source lists, the preprocessor and warning flags and the
version are not written here: tools/buildinfo.py reads them from
Makefile.am and configure.ac, the autotools build's files, so that the two
builds compile the same files with the same flags (make check compares
them).  The core is compiled with its own flags (-Iinclude -Isrc) and the
extension with its own, as make does; files compile in parallel
(CHARTEX_BUILD_JOBS, default: one per CPU).
"""
import importlib.util
import os
import shlex
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
JSONC_HINT = ("chartex needs json-c and pkg-config to build: "
              "apt-get install libjson-c-dev pkg-config")


def _load_buildinfo():
    spec = importlib.util.spec_from_file_location(
        "chartex_buildinfo", os.path.join(HERE, "tools", "buildinfo.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.buildinfo(HERE)


def _fail(message):
    # One line, the last of the build's output, which pip shows.
    raise SystemExit("error: %s" % message)


def _pkg_config(*args):
    pkg_config = os.environ.get("PKG_CONFIG", "pkg-config")
    if shutil.which(pkg_config) is None:
        _fail(JSONC_HINT + " (pkg-config not found)")
    try:
        out = subprocess.run([pkg_config, *args, "json-c"], check=True,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             universal_newlines=True).stdout
    except subprocess.CalledProcessError:
        _fail(JSONC_HINT + " (pkg-config does not know json-c)")
    return shlex.split(out)


def _jsonc():
    """(include dirs, other cflags, library dirs, libraries, other ldflags)."""
    cflags = _pkg_config("--cflags")
    libs = _pkg_config("--libs")
    incs = [f[2:] for f in cflags if f.startswith("-I")]
    other_c = [f for f in cflags if not f.startswith("-I")]
    libdirs = [f[2:] for f in libs if f.startswith("-L")]
    names = [f[2:] for f in libs if f.startswith("-l")]
    other_l = [f for f in libs if not f.startswith(("-L", "-l"))]
    return incs, other_c, libdirs, names, other_l


INFO = _load_buildinfo()


def _macros(pairs):
    return [(name, value) for name, value in pairs]


class BuildExt(build_ext):
    """Compiles the core with the core's flags and the extension's files
    with the extension's, in parallel, then links them into the module."""

    def build_extension(self, ext):
        import numpy

        jsonc_inc, jsonc_cflags, jsonc_libdirs, jsonc_libs, jsonc_ldflags = _jsonc()
        core = INFO["core"]
        core_objects = self._compile(
            core["sources"], os.path.join(self.build_temp, "core"),
            include_dirs=core["include_dirs"] + jsonc_inc,
            macros=_macros(core["macros"]),
            extra=core["cflags"] + jsonc_cflags)
        ext_info = INFO["ext"]
        # The interpreter's headers come from build_ext (self.include_dirs).
        ext_objects = self._compile(
            ext_info["sources"], os.path.join(self.build_temp, "ext"),
            include_dirs=ext_info["include_dirs"] + jsonc_inc + [numpy.get_include()],
            macros=_macros(ext_info["macros"]),
            extra=ext_info["cflags"] + jsonc_cflags)
        ext.sources = []
        ext.extra_objects = ext_objects + core_objects
        ext.library_dirs = jsonc_libdirs
        ext.libraries = jsonc_libs + ["m"]
        ext.extra_link_args = jsonc_ldflags
        super().build_extension(ext)

    def _compile(self, sources, output_dir, include_dirs, macros, extra):
        jobs = int(os.environ.get("CHARTEX_BUILD_JOBS", "0") or 0) or os.cpu_count() or 1

        for src in sources:
            os.makedirs(os.path.join(output_dir, os.path.dirname(src)), exist_ok=True)

        def one(src):
            return self.compiler.compile(
                [src], output_dir=output_dir, macros=macros,
                include_dirs=include_dirs, debug=self.debug,
                extra_postargs=extra)

        with ThreadPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(one, sources))
        return [obj for objs in results for obj in objs]


def _depends():
    """Every C file and header of both parts, and the files that say how to
    build them: a change to any rebuilds the module."""
    found = INFO["core"]["sources"] + INFO["ext"]["sources"] + [
        "Makefile.am", "configure.ac", "setup.py", "tools/buildinfo.py"]
    for folder in ("include", "src", "python/_chartex"):
        for top, dirs, names in sorted(os.walk(os.path.join(HERE, folder))):
            dirs.sort()
            for name in sorted(names):
                if name.endswith(".h"):
                    found.append(os.path.relpath(os.path.join(top, name), HERE))
    return found


setup(
    version=INFO["version"],
    ext_modules=[Extension("chartex._chartex", sources=[], depends=_depends())],
    cmdclass={"build_ext": BuildExt},
)
