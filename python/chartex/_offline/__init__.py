"""Offline conversion's private side: one conversion in a worker process,
bounded in time and memory (worker), and the safe unpickling of figures
(unpickle).  The public front is chartex.cli and chartex.batch."""
