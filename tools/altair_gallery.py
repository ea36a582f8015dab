#!/usr/bin/env python3
"""Altair's own gallery as a corpus for the Altair reader (issue 33).

    python3 tools/altair_gallery.py ALTAIR_GIT VEGA_DATASETS_GIT [--out REPORT.json]
        [--jobs N] [--only NAME...] [--timeout S]

ALTAIR_GIT is a git directory of the vega/altair repository (a bare mirror
is enough), VEGA_DATASETS_GIT one of vega/vega-datasets.  The example
scripts of tests/examples_methods_syntax and tests/examples_arguments_syntax
are run offline, each in a worker process (a crash or a hang costs that
example only), with the data files of vega-datasets:

- `from altair.datasets import data; data.cars()` loads from a local
  cache: Altair's datasets are cached by their git blob's sha, so every
  blob its metadata names is written from the vega-datasets repository
  into ALTAIR_DATASETS_DIR;
- `data.cars.url` stays the CDN URL Altair gives; chartex never fetches a
  URL, so for this corpus only chartex._altair.plan.url_resolver maps each
  dataset URL to the local file (what a browser would fetch).

Each example's chart is the value of its last statement (as the gallery
shows it); chartex.figure_to_dict reads it.  The report: how many run,
how many give a chart that carries data (an element, a heatmap, cells or
a geo record in some view), per mark (the Vega-Lite marks of the spec),
how many E2B's client (e2b_code_interpreter) reads,
and every example that gives none, with the reason (the script's error,
the reader's error, or the chart's data_notes).  Nothing of the two
repositories is kept in the tree: they are read from the paths given.
"""
import argparse
import concurrent.futures as cf
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

EXAMPLE_DIRS = ("tests/examples_methods_syntax", "tests/examples_arguments_syntax")
DATA_KEYS = ("heatmap", "cells", "image", "geo", "hierarchy", "table", "annotations")


# ------------------------------------------------------------- the corpus

def git(git_dir, *args, **kw):
    return subprocess.run(["git", "--git-dir", str(git_dir)] + list(args), check=True,
                          stdout=subprocess.PIPE, **kw).stdout


def extract_examples(altair_git, work):
    archive = git(altair_git, "archive", "HEAD", *EXAMPLE_DIRS)
    with tempfile.TemporaryFile() as f:
        f.write(archive)
        f.seek(0)
        with tarfile.open(fileobj=f) as tar:
            tar.extractall(work, filter="data")
    out = []
    for d in EXAMPLE_DIRS:
        out += sorted(p for p in (Path(work) / d).glob("*.py") if p.name != "__init__.py")
    return out


def extract_data(datasets_git, work):
    """ALTAIR_DATASETS_DIR's files (named by sha) and {url: local file}."""
    import pandas as pd
    import altair.datasets as ad

    meta = pd.read_parquet(Path(ad.__file__).parent / "_metadata" / "metadata.parquet")
    cache = Path(work) / "altair-cache"
    files = Path(work) / "files"
    cache.mkdir(parents=True, exist_ok=True)
    files.mkdir(parents=True, exist_ok=True)
    urls = {}
    for row in meta.itertuples():
        try:
            blob = git(datasets_git, "cat-file", "blob", row.sha, stderr=subprocess.DEVNULL)
        except subprocess.CalledProcessError:
            try:
                blob = git(datasets_git, "show", "HEAD:data/%s" % row.file_name,
                           stderr=subprocess.DEVNULL)
            except subprocess.CalledProcessError:
                continue
        (cache / (row.sha + row.suffix)).write_bytes(blob)
        local = files / row.file_name
        local.write_bytes(blob)
        urls[row.url] = str(local)
    return cache, urls


# ------------------------------------------------------------- the worker

_URLS = {}


def _init(cache, urls):
    os.environ["ALTAIR_DATASETS_DIR"] = str(cache)
    os.environ.setdefault("MPLBACKEND", "Agg")
    _URLS.update(urls)
    from chartex._altair import plan

    def resolve(url):
        if url in _URLS:
            return _URLS[url]
        base = url.rsplit("/", 1)[-1]
        for u, local in _URLS.items():
            if u.rsplit("/", 1)[-1] == base:
                return local
        return None

    plan.url_resolver = resolve


def _marks(spec):
    """The Vega-Lite marks of a spec (every unit's)."""
    found = set()
    stack = [spec]
    while stack:
        o = stack.pop()
        if isinstance(o, dict):
            m = o.get("mark")
            if isinstance(m, str):
                found.add(m)
            elif isinstance(m, dict) and isinstance(m.get("type"), str):
                found.add(m["type"])
            stack.extend(v for k, v in o.items() if k not in ("data", "datasets"))
        elif isinstance(o, list):
            stack.extend(o)
    return sorted(found)


def _views(chart):
    if chart.get("type") == "superchart":
        for c in chart.get("elements", []):
            yield from _views(c)
    elif chart:
        yield chart


def _carries_data(chart):
    return any(v.get("elements") or any(k in v for k in DATA_KEYS) for v in _views(chart))


def _run_script(path):
    """The chart the script's last statement gives, run as the gallery runs
    it (the script's folder current, notebook semantics)."""
    import ast

    source = Path(path).read_text(encoding="utf-8")
    tree = ast.parse(source, str(path))
    last = None
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        keep = ast.Assign(targets=[ast.Name(id="__gallery_last__", ctx=ast.Store())],
                          value=tree.body[-1].value)
        tree.body[-1] = ast.fix_missing_locations(ast.copy_location(keep, tree.body[-1]))
    ns = {"__name__": "__main__", "__file__": str(path)}
    exec(compile(tree, str(path), "exec"), ns)
    last = ns.get("__gallery_last__")
    if last is None:
        import altair as alt

        charts = [v for v in ns.values() if isinstance(v, alt.TopLevelMixin)]
        last = charts[-1] if charts else None
    return last


def _e2b_reads(d):
    """Whether E2B's client (e2b_code_interpreter) reads chart d: True,
    None when it is not installed, else the error's text."""
    try:
        from e2b_code_interpreter import charts
    except ImportError:
        return None
    if not d:
        return True
    try:
        obj = charts._deserialize_chart(d)
        return True if obj is not None and obj.type.value == d["type"] else "not read"
    except Exception as e:
        return "%s: %s" % (type(e).__name__, str(e)[:200])


def example(path, timeout):
    import signal

    name = "%s/%s" % (Path(path).parent.name, Path(path).stem)
    out = {"name": name, "ran": False, "marks": [], "data": False, "reason": None}

    def alarm(*_):
        raise TimeoutError("over %ss" % timeout)

    signal.signal(signal.SIGALRM, alarm)
    signal.alarm(int(timeout))
    try:
        try:
            chart = _run_script(path)
        except Exception as e:
            out["reason"] = "script: %s: %s" % (type(e).__name__, str(e).splitlines()[0][:200]
                                                 if str(e) else "")
            return out
        if chart is None:
            out["reason"] = "script: no chart"
            return out
        out["ran"] = True
        try:
            import altair as alt

            with alt.data_transformers.disable_max_rows():
                out["marks"] = _marks(chart.to_dict())
        except Exception:
            pass
        import chartex

        start = time.perf_counter()
        try:
            d = chartex.figure_to_dict(chart)
        except Exception as e:
            out["reason"] = "chartex: %s: %s" % (type(e).__name__, str(e)[:300])
            return out
        out["seconds"] = round(time.perf_counter() - start, 4)
        out["types"] = sorted({v.get("type") for v in _views(d)}) if d else []
        out["data"] = bool(d) and _carries_data(d)
        notes = [n["reason"] for v in _views(d) for n in v.get("data_notes", [])] if d else []
        out["notes"] = sorted(set(notes))
        out["e2b"] = _e2b_reads(d)
        if not out["data"]:
            out["reason"] = "; ".join(out["notes"]) or ("empty chart" if not d else
                                                         "no data in the chart")
        return out
    except TimeoutError as e:
        out["reason"] = "timeout: %s" % e
        return out
    finally:
        signal.alarm(0)


# ------------------------------------------------------------- the report

def report(results):
    ran = [r for r in results if r["ran"]]
    data = [r for r in ran if r["data"]]
    partial = [r for r in data if r.get("notes")]
    lines = ["examples: %d   ran offline: %d   with data: %d (%.1f%% of those that ran)"
             % (len(results), len(ran), len(data), 100.0 * len(data) / max(len(ran), 1)),
             "with data in every view but some notes: %d" % len(partial),
             "read by E2B's client (e2b_code_interpreter): %d of %d"
             % (sum(r.get("e2b") is True for r in ran), len(ran)), "",
             "%-14s %6s %6s %7s" % ("mark", "charts", "data", "share")]
    per = defaultdict(Counter)
    for r in ran:
        for m in r["marks"]:
            per[m]["charts"] += 1
            per[m]["data"] += bool(r["data"])
    for m in sorted(per):
        c = per[m]
        lines.append("%-14s %6d %6d %6.1f%%" % (m, c["charts"], c["data"],
                                                100.0 * c["data"] / c["charts"]))
    lines += ["", "no data:"]
    for r in results:
        if not r["data"]:
            lines.append("  %s [%s]: %s" % (r["name"], ",".join(r["marks"]), r["reason"]))
    for r in ran:
        if r.get("e2b") not in (True, None):
            lines.append("  E2B's client cannot read %s: %s" % (r["name"], r["e2b"]))
    lines += ["", "partly (notes):"]
    for r in partial:
        lines.append("  %s: %s" % (r["name"], "; ".join(r["notes"])))
    return "\n".join(lines)


def _one(path, cache, urls_file, timeout):
    """--one: a worker process of its own per example (a crash of the
    reader costs that example only, and is reported as one)."""
    with open(urls_file, encoding="utf-8") as f:
        _init(cache, json.load(f))
    print(json.dumps(example(path, timeout)))
    return 0


def _spawn(script, cache, urls_file, timeout):
    name = "%s/%s" % (script.parent.name, script.stem)
    try:
        p = subprocess.run([sys.executable, os.path.abspath(__file__), "--one", str(script),
                            str(cache), urls_file, str(timeout)],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           timeout=timeout + 60)
    except subprocess.TimeoutExpired:
        return {"name": name, "ran": False, "marks": [], "data": False,
                "reason": "timeout: the worker hung"}
    if p.returncode != 0 or not p.stdout.strip():
        return {"name": name, "ran": True, "marks": [], "data": False,
                "reason": "worker died (exit %d): %s" % (p.returncode,
                                                         p.stderr.strip().splitlines()[-1:])}
    return json.loads(p.stdout.strip().splitlines()[-1])


def main(argv=None):
    if argv is None and len(sys.argv) > 1 and sys.argv[1] == "--one":
        return _one(sys.argv[2], sys.argv[3], sys.argv[4], float(sys.argv[5]))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("altair_git")
    ap.add_argument("datasets_git")
    ap.add_argument("--out", help="write every example's record as JSON")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("--only", nargs="*", help="example names (file stems) to run")
    ap.add_argument("--work", help="where the examples and data are extracted (a temporary "
                                   "folder by default)")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(args.work or tmp)
        scripts = extract_examples(args.altair_git, work)
        if args.only:
            scripts = [s for s in scripts if s.stem in args.only]
        cache, urls = extract_data(args.datasets_git, work)
        urls_file = str(work / "urls.json")
        with open(urls_file, "w", encoding="utf-8") as f:
            json.dump(urls, f)
        with cf.ThreadPoolExecutor(args.jobs) as pool:
            results = list(pool.map(lambda s: _spawn(s, cache, urls_file, args.timeout),
                                    scripts))
        results.sort(key=lambda r: r["name"])
    print(report(results))
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump(results, f, indent=1, ensure_ascii=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
