#!/bin/sh
# Runs the pytest suite against the extension built in this tree, with the
# interpreter configure chose.
#
# Configured with --enable-sanitizers (CHARTEX_SANITIZERS=yes, set by make
# check), the extension needs the ASan and UBSan runtimes, which Python is
# not built with: they are preloaded, and LeakSanitizer is turned off for
# this process, since CPython leaves its own objects allocated at exit.  Leak
# detection stays on for the C test programs.
set -e
: "${PYTHON:=python3}"
: "${CHARTEX_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${CHARTEX_BUILDDIR:=$CHARTEX_SRCDIR}"
export CHARTEX_SRCDIR CHARTEX_BUILDDIR
export PYTHONPATH="$CHARTEX_BUILDDIR/python${PYTHONPATH:+:$PYTHONPATH}"
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
cd "$CHARTEX_BUILDDIR"
exec "$PYTHON" -m pytest -p no:cacheprovider -q "$CHARTEX_SRCDIR/tests" "$@"
