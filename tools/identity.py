#!/usr/bin/env python3
"""Record, or compare with a record, every output chartex gives for a fixed
set of figures: the proof that a refactoring changed no behaviour.

    PYTHONPATH=OLD/python python3 tools/identity.py record old.json.gz
    PYTHONPATH=NEW/python python3 tools/identity.py compare old.json.gz

The figures are every golden fixture (fixtures/*.py), each read as built
and again after drawing it to a PNG (as a kernel does), and N figures made
by the property tests' strategy (tests/test_properties.py) from a fixed
seed (--examples, default 3000), which the record keeps (pickled) so that
`compare` replays the very same figures whatever Hypothesis does.  For each figure the record keeps
  - figure_to_json (compact and indent=2), repr(figure_to_dict),
  - figure_to_json and the dict with max_points=6 and 50 (the reducer),
  - figure_to_scene_json compact, and the parsed value of indent=2 (the
    indented text's layout is not part of the contract: json-c ignored the
    indent asked for),
  - scene_json_to_json of that scene (the pure-C path),
or the exception type and message where chartex raised.  `compare` prints
every difference (the first 20 in full) and exits 1 when there is one.

Plotly figures (when plotly is installed): every figure object or JSON form
that the Plotly tests (tests/test_plotly.py, test_plotly_convert.py,
test_plotly_families.py, test_plotly_golden.py) hand to chartex, captured by
running them in this process with the public functions wrapped, and
--plotly-examples figures of those tests' random strategy from a fixed
seed.  The record keeps them pickled, as it keeps the property specs; a
figure whose pickle exceeds 8 MB (the million-point test's) is left out
and counted.
"""
import argparse
import base64
import gzip
import json
import os
import pickle
import sys
import warnings
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def outputs(fig):
    import chartex

    out = {}

    def run(key, fn):
        try:
            out[key] = fn()
        except Exception as e:  # recorded: a change of error is a change
            out[key] = "!%s: %s" % (type(e).__name__, e)

    run("json", lambda: chartex.figure_to_json(fig))
    run("json2", lambda: chartex.figure_to_json(fig, indent=2))
    run("dict", lambda: repr(chartex.figure_to_dict(fig)))
    for m in (6, 50):
        run("json_max%d" % m, lambda: chartex.figure_to_json(fig, max_points=m))
        run("dict_max%d" % m, lambda: repr(chartex.figure_to_dict(fig, max_points=m)))
    run("scene", lambda: chartex.figure_to_scene_json(fig))
    run("scene2_parsed", lambda: repr(json.loads(chartex.figure_to_scene_json(fig, indent=2))))
    if isinstance(out.get("scene"), str) and not out["scene"].startswith("!"):
        run("scene_chart", lambda: chartex.scene_json_to_json(out["scene"]))
    return out


def fixture_outputs(record):
    sys.path.insert(0, str(ROOT / "tests"))
    import golden
    import io

    for path in golden.fixture_paths(ROOT / "fixtures"):
        for drawn in (False, True):
            key = "fixture:%s%s" % (path.stem, ":drawn" if drawn else "")
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    try:
                        fig = golden._golden().build_figure(path)
                    except golden._golden().FixtureSkipped as e:
                        # A fixture this matplotlib cannot draw: its reason
                        # is recorded, a change of it is a change.
                        record[key] = {"skipped": str(e)}
                        continue
                    if drawn:
                        fig.savefig(io.BytesIO(), format="png")
                    record[key] = outputs(fig)
            finally:
                golden.close_all()


def property_specs(examples):
    """The property tests' figure specs: `examples` of them from a fixed
    seed (the same whatever this file's text: @seed, not derandomize,
    which hashes the test function's source)."""
    sys.path.insert(0, str(ROOT / "tests"))
    from hypothesis import HealthCheck, Phase, given, seed, settings

    import test_properties as tp

    specs = []

    @seed(20261203)
    @settings(max_examples=examples, deadline=None, database=None,
              suppress_health_check=list(HealthCheck), phases=[Phase.generate])
    @given(tp.figure_spec())
    def each(spec):
        specs.append(spec)

    each()
    return specs


def property_outputs(record, specs):
    sys.path.insert(0, str(ROOT / "tests"))
    import numpy as np

    import test_properties as tp

    for i, spec in enumerate(specs):
        with np.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            built = tp.Built(spec)
            record["random:%05d" % i] = outputs(built.fig)


PLOTLY_TEST_FILES = ["test_plotly.py", "test_plotly_convert.py", "test_plotly_families.py",
                     "test_plotly_golden.py"]
PLOTLY_PICKLE_LIMIT = 8 << 20


def plotly_captured():
    """Every figure the Plotly tests give chartex's public functions, in
    the order first met, as pickles (dicts and plotly Figures both
    pickle).  The tests run here, in this process, with the functions
    wrapped; their own result does not matter."""
    import hashlib

    import pytest

    import chartex

    wrapped = ["figure_to_dict", "figure_to_json", "figure_to_scene_json"]
    seen, blobs, skipped = set(), [], [0]
    originals = {name: getattr(chartex, name) for name in wrapped}

    def is_plotly(fig):
        if isinstance(fig, dict):
            return "data" in fig or "layout" in fig
        return type(fig).__module__.startswith("plotly")

    def wrap(fn):
        def capture(fig, *args, **kwargs):
            if is_plotly(fig):
                try:
                    blob = pickle.dumps(fig, protocol=4)
                except Exception:
                    blob = None
                if blob is not None and len(blob) > PLOTLY_PICKLE_LIMIT:
                    skipped[0] += 1
                elif blob is not None:
                    h = hashlib.sha256(blob).hexdigest()
                    if h not in seen:
                        seen.add(h)
                        blobs.append(blob)
            return fn(fig, *args, **kwargs)
        return capture

    class Capture:
        def pytest_sessionstart(self, session):
            for name, fn in originals.items():
                setattr(chartex, name, wrap(fn))

        def pytest_sessionfinish(self, session):
            for name, fn in originals.items():
                setattr(chartex, name, fn)

    files = [str(ROOT / "tests" / f) for f in PLOTLY_TEST_FILES
             if (ROOT / "tests" / f).exists()]
    # (not the million-point memory test: its figure is over the limit, and
    # the pickling here would count against its memory bound)
    pytest.main(["-q", "-p", "no:cacheprovider", "--no-header", "-o", "addopts=",
                 "-k", "not no_object_per_point"] + files,
                plugins=[Capture()])
    return blobs, skipped[0]


def plotly_random(examples):
    """Figures of test_plotly's random strategy, from a fixed seed."""
    sys.path.insert(0, str(ROOT / "tests"))
    from hypothesis import HealthCheck, Phase, given, seed, settings

    import test_plotly as tpl

    figs = []

    @seed(20261205)
    @settings(max_examples=examples, deadline=None, database=None,
              suppress_health_check=list(HealthCheck), phases=[Phase.generate])
    @given(tpl.st.lists(tpl.TRACES, max_size=4), tpl.LAYOUTS)
    def each(traces, layout):
        figs.append(pickle.dumps({"data": traces, "layout": layout}, protocol=4))

    each()
    return figs


def plotly_outputs(record, blobs):
    for i, blob in enumerate(blobs):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            record["plotly:%05d" % i] = outputs(pickle.loads(blob))


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("mode", choices=["record", "compare"])
    p.add_argument("file")
    p.add_argument("--examples", type=int, default=3000)
    p.add_argument("--plotly-examples", type=int, default=1000)
    a = p.parse_args(argv)
    os.environ.setdefault("MPLBACKEND", "Agg")
    import matplotlib

    matplotlib.use("Agg")
    import chartex

    record = {}
    if a.mode == "compare":
        with gzip.open(a.file, "rt", encoding="utf-8") as f:
            old = json.load(f)
        # The very figures of the record: its specs, replayed.
        specs = pickle.loads(base64.b64decode(old.pop("specs")))
        plotly_figs = pickle.loads(base64.b64decode(old.pop("plotly_figures", "gAJdcQAu")))
    else:
        specs = property_specs(a.examples)
        blob = base64.b64encode(pickle.dumps(specs)).decode()  # before any use
        plotly_figs, skipped = [], 0
        try:
            import plotly  # noqa: F401
        except ImportError:
            print("plotly is not installed: no Plotly figures recorded")
        else:
            plotly_figs, skipped = plotly_captured()
            plotly_figs += plotly_random(a.plotly_examples)
            print("Plotly: %d figures (%d over %d bytes left out)"
                  % (len(plotly_figs), skipped, PLOTLY_PICKLE_LIMIT))
        plotly_blob = base64.b64encode(pickle.dumps(plotly_figs, protocol=4)).decode()
    fixture_outputs(record)
    property_outputs(record, specs)
    plotly_outputs(record, plotly_figs)
    nfig = len(record)
    if a.mode == "record":
        record["specs"] = blob
        record["plotly_figures"] = plotly_blob
        with gzip.open(a.file, "wt", encoding="utf-8") as f:
            json.dump(record, f, ensure_ascii=False, sort_keys=True)
        print("recorded %d figures (%d outputs) with %s" % (
            nfig, sum(len(v) for k, v in record.items() if k != "specs"), chartex.__file__))
        return 0
    diffs = []
    for key in sorted(set(old) | set(record)):
        if key not in old or key not in record:
            diffs.append((key, "-", "only in %s" % ("new" if key in record else "old")))
            continue
        for k in sorted(set(old[key]) | set(record[key])):
            if old[key].get(k) != record[key].get(k):
                diffs.append((key, k, (old[key].get(k), record[key].get(k))))
    for key, k, what in diffs[:20]:
        print("DIFF %s %s\n  old: %.600r\n  new: %.600r" % (key, k, what[0], what[1])
              if isinstance(what, tuple) else "DIFF %s %s" % (key, what))
    kinds = {}
    for _, k, _ in diffs:
        kinds[k] = kinds.get(k, 0) + 1
    if kinds:
        print("differing outputs by kind: %s" % ", ".join(
            "%s %d" % (k, n) for k, n in sorted(kinds.items())))
    print("%d figures, %d outputs compared with %s: %d differ" % (
        nfig, sum(len(v) for v in record.values()), a.file, len(diffs)))
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
