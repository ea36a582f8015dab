#!/bin/sh
# The test driver of the C test programs when configured with
# --enable-sanitizers: runs PROGRAM and fails if any sanitizer reported an
# error in it or in any process it forked.
#
# Criterion runs each test in a forked worker that reports its result
# before it exits, and LeakSanitizer only looks at exit: a leak makes the
# worker exit non-zero after its test has passed, which Criterion ignores.
# So every report goes to a file of its own (log_path, one per process) and
# this script fails the test when any file appears.
set -u
dir=$(mktemp -d "${TMPDIR:-/tmp}/chartex-san.XXXXXX") || exit 99
trap 'rm -rf "$dir"' EXIT
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}log_path=$dir/asan"
UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}log_path=$dir/ubsan"
LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}log_path=$dir/lsan"
export ASAN_OPTIONS UBSAN_OPTIONS LSAN_OPTIONS
"$@"
rc=$?
reports=$(ls "$dir")
if [ -n "$reports" ]; then
    for f in "$dir"/*; do
        echo "=== sanitizer report $(basename "$f")"
        cat "$f"
    done
    echo "FAIL: a sanitizer reported errors (above)"
    [ "$rc" -eq 0 ] && rc=1
fi
exit "$rc"
