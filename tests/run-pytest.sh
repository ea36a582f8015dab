#!/bin/sh
# Runs the pytest suite against the extension built in this tree, with the
# interpreter configure chose.
#
# CHARTEX_TEST_INSTALLED=1 tests the chartex installed for $PYTHON (a wheel
# or `pip install .` in a virtual environment) instead: nothing of the
# source tree goes on PYTHONPATH, the tests run from an empty folder, and
# conftest.py checks that `import chartex` is the installed distribution.
# The tests still read fixtures/, doc/ and the other source files from
# CHARTEX_SRCDIR (default: the tree this script is in).
#
#   CHARTEX_TEST_INSTALLED=1 PYTHON=venv/bin/python tests/run-pytest.sh [PYTEST ARGS]
#
# Configured with --enable-sanitizers (CHARTEX_SANITIZERS=yes, set by make
# check), the extension needs the ASan and UBSan runtimes, which Python is
# not built with: they are preloaded, and LeakSanitizer is turned off for
# this process, since CPython leaves its own objects allocated at exit.  Leak
# detection stays on for the C test programs.
set -e
: "${PYTHON:=python3}"
: "${CHARTEX_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
if [ -n "${CHARTEX_TEST_INSTALLED:-}" ]; then
    export CHARTEX_TEST_INSTALLED=1 CHARTEX_SRCDIR
    unset CHARTEX_BUILDDIR
    rundir=$(mktemp -d "${TMPDIR:-/tmp}/chartex-installed-tests.XXXXXX")
else
    : "${CHARTEX_BUILDDIR:=$CHARTEX_SRCDIR}"
    export CHARTEX_SRCDIR CHARTEX_BUILDDIR
    export PYTHONPATH="$CHARTEX_BUILDDIR/python${PYTHONPATH:+:$PYTHONPATH}"
    rundir=$CHARTEX_BUILDDIR
fi
export MPLBACKEND=Agg
export PYTHONDONTWRITEBYTECODE=1
if [ "${CHARTEX_SANITIZERS:-no}" = yes ]; then
    for rt in "$CHARTEX_ASAN_RUNTIME" "$CHARTEX_UBSAN_RUNTIME"; do
        if [ ! -f "$rt" ]; then
            echo "run-pytest.sh: sanitizer runtime '$rt' not found" >&2
            exit 1
        fi
    done
    export LD_PRELOAD="$CHARTEX_ASAN_RUNTIME $CHARTEX_UBSAN_RUNTIME${LD_PRELOAD:+ $LD_PRELOAD}"
    # Python's own allocator hides its blocks from ASan: use malloc so that
    # ASan sees (and checks) every Python object the extension touches.
    export PYTHONMALLOC=malloc
    export ASAN_OPTIONS="detect_leaks=0:abort_on_error=0:halt_on_error=1${CHARTEX_ASAN_EXTRA:+:$CHARTEX_ASAN_EXTRA}"
    export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
    # Everything runs some 3 to 5 times slower: fewer random figures and
    # leak rounds (still every test), unless asked for more.
    export HYPOTHESIS_PROFILE="${HYPOTHESIS_PROFILE:-sanitizers}"
    export CHARTEX_LEAK_ROUNDS="${CHARTEX_LEAK_ROUNDS:-500}"
fi
# CHARTEX_PYTEST_ARGS: more pytest arguments (split at spaces), for runs
# that make check starts (.ci/run's sanitizer step narrows its run so).
if [ -n "${CHARTEX_PYTEST_ARGS:-}" ]; then
    # shellcheck disable=SC2086
    set -- "$@" $CHARTEX_PYTEST_ARGS
fi
# A test that hangs fails after CHARTEX_TEST_TIMEOUT seconds (pytest-timeout,
# when installed) instead of stalling make check; 0 turns the limit off.
if "$PYTHON" -c 'import pytest_timeout' 2>/dev/null; then
    set -- --timeout="${CHARTEX_TEST_TIMEOUT:-600}" "$@"
fi
# The tests run in CHARTEX_TEST_JOBS processes (pytest-xdist, when
# installed; default: one per CPU); 1 runs them in this process.  Each file
# runs whole in one process, in its own order, as it does without xdist.
if [ "${CHARTEX_TEST_JOBS:-auto}" != 1 ] && "$PYTHON" -c 'import xdist' 2>/dev/null; then
    set -- -n "${CHARTEX_TEST_JOBS:-auto}" --dist loadfile "$@"
fi
cd "$rundir"
if [ -n "${CHARTEX_TEST_INSTALLED:-}" ]; then
    status=0
    "$PYTHON" -m pytest -p no:cacheprovider -q "$CHARTEX_SRCDIR/tests" "$@" || status=$?
    cd / && rm -rf "$rundir"
    exit $status
fi
exec "$PYTHON" -m pytest -p no:cacheprovider -q "$CHARTEX_SRCDIR/tests" "$@"
