"""Figures converted from 4 threads at once give the results of one at a
time, with no crash: each thread its own figures, and all threads one
shared figure.  (The core runs without the GIL; the walker and the sinks
hold it.)"""
import datetime as dt
import threading

import numpy as np

import chartex

from matplotlib.figure import Figure

THREADS = 4
ROUNDS = 200


def make_figures():
    """One figure of each kind."""
    figs = []
    fig = Figure()
    ax = fig.add_subplot()
    ax.plot([0, 1, 2], [1.0, np.nan, 3.0], label="line")
    ax.set_title("t")
    figs.append(fig)
    fig = Figure()
    fig.add_subplot().bar(["a", "b", "c"], [3, 1, 2])
    figs.append(fig)
    fig = Figure()
    fig.add_subplot().pie([1, 2, 3], labels=["x", "y", "z"])
    figs.append(fig)
    fig = Figure()
    fig.add_subplot().boxplot([[1, 2, 3, 4, 10], [2, 3, 4]])
    figs.append(fig)
    fig = Figure()
    a, b = fig.subplots(1, 2)
    a.scatter([1, 2], [3, 4])
    b.plot([dt.datetime(2024, 1, d) for d in (1, 2, 3)], [1, 2, 3])
    figs.append(fig)
    fig = Figure()
    fig.add_subplot().imshow(np.arange(6.0).reshape(2, 3))
    figs.append(fig)
    return figs


def _run(n, work):
    errors = []
    barrier = threading.Barrier(n)

    def target(i):
        try:
            barrier.wait()
            work(i)
        except BaseException as e:  # reported by the main thread
            errors.append(e)
    threads = [threading.Thread(target=target, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]


def test_own_figures_in_threads_match_one_at_a_time():
    per_thread = [make_figures() for _ in range(THREADS)]
    want = [(chartex.figure_to_dict(f), chartex.figure_to_json(f))
            for f in per_thread[0]]
    assert want[0][0]["type"] == "line"
    results = [[] for _ in range(THREADS)]

    def work(i):
        for _ in range(ROUNDS // 4):
            for f in per_thread[i]:
                results[i].append((chartex.figure_to_dict(f), chartex.figure_to_json(f)))
    _run(THREADS, work)
    for r in results:
        assert r == want * (ROUNDS // 4)


def test_one_shared_figure_from_threads():
    fig = make_figures()[4]
    want = (chartex.figure_to_dict(fig), chartex.figure_to_json(fig))
    assert want[0]["type"] == "superchart"
    results = [[] for _ in range(THREADS)]

    def work(i):
        for _ in range(ROUNDS):
            results[i].append((chartex.figure_to_dict(fig), chartex.figure_to_json(fig)))
    _run(THREADS, work)
    for r in results:
        assert r == [want] * ROUNDS
