"""The Plotly wing's Python side: the chartex renderer behind fig.show() in
a kernel and in `chartex convert`'s worker (hook).  The Plotly reader itself
is C (python/_chartex/plotly/) and imports nothing of plotly."""
