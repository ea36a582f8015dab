"""The matplotlib wing's Python side, for the walker (python/_chartex/matplotlib/):
what matplotlib keeps privately or changes between releases (compat), the
readers of some artists written in Python (artists), and the names a legend
gives to artists without their own (legend).  The extension imports the
three by name on its first figure."""
