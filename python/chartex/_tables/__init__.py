"""The table wing's Python side: what each column of a pandas or polars frame
holds (frames, read by python/_chartex/frames/), and the kernel's e2b/data
and strict application/json formatters (formatters)."""
