"""`python -m chartex`: the chartex command line (chartex.cli)."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
