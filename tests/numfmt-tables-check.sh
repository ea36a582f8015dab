#!/bin/sh
# numfmt-tables-check.sh - src/base/numfmt_tables.h is exactly what
# tools/gen_numfmt_tables.py generates (run by make check).
srcdir=${CHARTEX_SRCDIR:-.}
exec "${PYTHON:-python3}" "$srcdir/tools/gen_numfmt_tables.py" --check "$srcdir/src/base/numfmt_tables.h"
