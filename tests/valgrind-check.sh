#!/bin/sh
# make valgrind: the C test programs and the pytest suite under memcheck.
#
#   tests/valgrind-check.sh [PYTEST ARGS...]   (make valgrind VALGRIND_PYTEST_ARGS=...)
#
# With no arguments pytest runs the whole suite (tests/), which takes hours
# under valgrind; arguments replace that, e.g. one file or -k EXPR.
#
# Fails on any invalid read or write, use of an uninitialised value or bad
# free in any process (valgrind's error count, with tests/valgrind.supp
# silencing CPython's, NumPy's and matplotlib's own), and on any block
# "definitely lost" whose allocation stack passes through chartex (the core
# or the extension).  CPython leaves objects allocated at exit and its
# libraries leak a little on purpose: those leaks are not chartex's and are
# not counted.  In the C test programs every definite leak counts.
#
# Criterion runs each test in a forked worker whose exit status it ignores
# once the test has reported, so each process writes its own log
# (valgrind-logs/NAME.PID.log in the build tree) and this script reads them.
set -u
: "${VALGRIND:=valgrind}"
: "${PYTHON:=python3}"
: "${CHARTEX_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${CHARTEX_BUILDDIR:=$CHARTEX_SRCDIR}"
logs="$CHARTEX_BUILDDIR/valgrind-logs"
rm -rf "$logs"
mkdir -p "$logs" || exit 1
# --error-limit=no: past 1,000 contexts valgrind stops printing errors, and
# CPython's own uninitialised-value reports (not counted, see below) fill
# that many in a few tests; a chartex error after them would go unseen.
common="--tool=memcheck --num-callers=40 --track-origins=yes --error-limit=no
        --suppressions=$CHARTEX_SRCDIR/tests/valgrind.supp
        --leak-check=full --show-leak-kinds=definite"
failed=0

run_c() {
    name=$1
    shift
    echo "=== valgrind: $name"
    # Criterion's workers are forked (and may re-execute the program).
    $VALGRIND $common --trace-children=yes --errors-for-leak-kinds=definite \
        --log-file="$logs/$name.%p.log" "$@" || failed=1
}

# VALGRIND_C=no skips the C test programs (about 10 minutes of the run).
if [ "${VALGRIND_C:-yes}" != no ]; then
    for prog in core_tests alloc_tests plotly_stats_tests; do
        if [ -x "$CHARTEX_BUILDDIR/tests/$prog" ]; then
            run_c "$prog" "$CHARTEX_BUILDDIR/tests/$prog" --jobs 1
        fi
    done
    run_c fuzz_replay "$CHARTEX_BUILDDIR/tests/fuzz_replay"
fi

if [ $# -eq 0 ]; then
    set -- "$CHARTEX_SRCDIR/tests"
fi
echo "=== valgrind: pytest $*"
# PYTHONMALLOC=malloc: every Python object is a malloc block valgrind checks.
PYTHONMALLOC=malloc \
PYTHONPATH="$CHARTEX_BUILDDIR/python${PYTHONPATH:+:$PYTHONPATH}" \
MPLBACKEND=Agg PYTHONDONTWRITEBYTECODE=1 \
CHARTEX_SRCDIR="$CHARTEX_SRCDIR" CHARTEX_BUILDDIR="$CHARTEX_BUILDDIR" \
    $VALGRIND $common --errors-for-leak-kinds=none \
    --log-file="$logs/pytest.%p.log" \
    "$PYTHON" -m pytest -p no:cacheprovider -q "$@" || failed=1

# Memory errors.  In the C test programs every error counts.  In the Python
# processes an invalid access, bad free or overlap counts wherever it is;
# an uninitialised value counts when a chartex frame (the extension or the
# core) is among the innermost TOP frames of its stack or of the stack that
# made the value: CPython 3.11 itself reports some (an int made by
# PyLong_FromString inside a tick locator, then every read of that int),
# and those reports have chartex far down, as the caller of the locator.
TOP=4
# Every C file of the core and the extension, listed from the tree (a
# written-out list fell behind as rooms were added: reports in the walker's
# rooms and the Plotly reader went unseen).
names=$(cd "$CHARTEX_SRCDIR" && find src python/_chartex -name "*.c" | sort -u | sed 's|.*/||; s|[.]c$||' | paste -sd'|' -)
CHARTEX_FRAMES="_chartex|[(]($names)[.]c:"
for f in "$logs"/*.log; do
    if ! grep -q 'ERROR SUMMARY:' "$f"; then
        # A child that execs a program (pytest's subprocess.run of
        # sys.executable) leaves valgrind's preamble and nothing else: the
        # new program is not traced.  Anything more is an unfinished run.
        if ! grep -qvE '^==[0-9]+== *(Memcheck, a memory|Copyright|Using Valgrind|Command:|Parent PID:|$)' "$f"; then
            echo "$f: a child that executed an untraced program (no report)"
            continue
        fi
        echo "$f: valgrind did not finish (no ERROR SUMMARY)"
        failed=1
        continue
    fi
    case $(basename "$f") in
    pytest.*)
        out=$(awk -v frames="$CHARTEX_FRAMES" -v top="$TOP" '
            function done() {
                inrec = 0
                noise = rec ~ /^==[0-9]+== (Conditional jump|Use of uninitialised)/
                if (!noise || near) { printf "%s", rec; bad++ } else other++
                near = 0
            }
            # Frames counted from each stack start (the error, its origin).
            inrec && /^==[0-9]+== +(at|by) 0x/ {
                depth++
                if (depth <= top && $0 ~ frames) near = 1
                rec = rec $0 "\n"; next
            }
            inrec && /^==[0-9]+== +Uninitialised value was created/ { depth = 0 }
            /HEAP SUMMARY|LEAK SUMMARY|ERROR SUMMARY/ { if (inrec) done(); next }
            /^==[0-9]+== (Invalid|Conditional jump|Use of uninitialised|Syscall param|Mismatched|Source and destination|Argument|Jump to|Process terminating)/ \
                { if (inrec) done(); inrec = 1; depth = 0; near = 0; rec = $0 "\n"; next }
            inrec { rec = rec $0 "\n" }
            END { if (inrec) done(); printf "%d\n", other > "/dev/stderr"; exit bad ? 1 : 0 }' "$f" 2>"$f.noise")
        if [ $? -ne 0 ]; then
            echo "=== $f: errors through chartex or invalid accesses:"
            echo "$out"
            failed=1
        fi
        echo "$f: $(cat "$f.noise") uninitialised-value reports with no chartex frame near the top (CPython's own, not counted)"
        rm -f "$f.noise"
        ;;
    *)
        n=$(sed -n 's/.*ERROR SUMMARY: \([0-9][0-9]*\) errors.*/\1/p' "$f" | tail -1)
        if [ "$n" != 0 ]; then
            echo "=== $f: $n errors"
            cat "$f"
            failed=1
        fi
        ;;
    esac
done
# Definite leaks allocated through chartex, in the Python processes.
# Any chartex frame in the allocation stack counts (a reference chartex
# forgot to release leaves an object made by whatever it called).
leaks=$(awk -v frames="$CHARTEX_FRAMES" '
    / are definitely lost in loss record / { inrec = 1; rec = $0 "\n"; next }
    inrec && /^==[0-9]+== *$/ { if (rec ~ frames) { printf "%s", rec; found++ } inrec = 0; next }
    inrec { rec = rec $0 "\n" }
    END { exit found ? 1 : 0 }' "$logs"/pytest.*.log) || {
    echo "=== definitely lost, allocated through chartex:"
    echo "$leaks"
    failed=1
}
total=$(cat "$logs"/pytest.*.log | grep -c 'are definitely lost' || true)
echo "valgrind: $(ls "$logs" | wc -l) process logs in $logs;" \
     "pytest processes: $total definite-leak records, none through chartex unless listed above"
if [ "$failed" = 0 ]; then
    echo "valgrind: clean"
fi
exit "$failed"
