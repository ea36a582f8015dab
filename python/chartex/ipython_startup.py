# chartex: register the e2b/chart and e2b/data display formatters in every
# IPython kernel (and the "chartex" plotly renderer, added to plotly's
# default renderers when plotly is imported, so that Plotly figures carry
# their chart too: chartex.ipython.register does all of it).  With
# JSON_FORMATTER = True (`chartex ipython install --json`), also the strict
# application/json formatter: this file then replaces E2B's 0002_data.py.
#
# Copy this file into an IPython profile's startup folder, e.g.
#     python3 -m chartex.ipython install
# which writes ~/.ipython/profile_default/startup/00-chartex.py (or under
# $IPYTHONDIR).  IPython runs it in the user's namespace at start-up, so it
# leaves no names behind.  The "chartex" logger's messages (why a figure gave
# no chart, once per distinct failure) go to the kernel process's own stderr,
# which ends up in the Jupyter server's log and never in a notebook cell.


JSON_FORMATTER = False


def _chartex_register():
    import logging
    import sys

    try:
        import chartex.ipython
    except ImportError as exc:
        print("chartex: e2b/chart and e2b/data formatters not registered: %s" % exc,
              file=sys.__stderr__)
        return
    log = logging.getLogger("chartex")
    if not any(isinstance(h, logging.StreamHandler) for h in log.handlers):
        handler = logging.StreamHandler(sys.__stderr__)
        handler.setFormatter(logging.Formatter("%(name)s: %(levelname)s: %(message)s"))
        log.addHandler(handler)
    chartex.ipython.register(json=JSON_FORMATTER)


try:
    _chartex_register()
finally:
    del _chartex_register, JSON_FORMATTER
