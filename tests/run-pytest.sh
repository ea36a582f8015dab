#!/bin/sh
# Runs the pytest suite against the extension built in this tree, with the
# interpreter configure chose.
set -e
: "${PYTHON:=python3}"
: "${CHARTEX_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${CHARTEX_BUILDDIR:=$CHARTEX_SRCDIR}"
export CHARTEX_SRCDIR CHARTEX_BUILDDIR
export PYTHONPATH="$CHARTEX_BUILDDIR/python${PYTHONPATH:+:$PYTHONPATH}"
export MPLBACKEND=Agg
export PYTHONDONTWRITEBYTECODE=1
cd "$CHARTEX_BUILDDIR"
exec "$PYTHON" -m pytest -p no:cacheprovider -q "$CHARTEX_SRCDIR/tests" "$@"
