"""Golden-file testing's private side: the fixture runner (runner), the
structural diff of two charts (diff), a chart redrawn with matplotlib
(render) and the review pages (review).  The public front is
chartex.pytest_plugin and `chartex check|diff|render`."""
