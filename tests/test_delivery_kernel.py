"""The e2b/chart formatter's bounded default, in real kernels: what a reader
receives for a large figure (the inline backend draws the PNG first, then
the formatter runs), how a user turns the bound off or fixes it, and that
the chart decodes to the same dict whichever packer the kernel uses.

The kernels come from tests/test_ipython_kernel.py (a real ipykernel through
jupyter_client; every message parsed as strict JSON).  The packer is set in
the profile's ipython_kernel_config.py (c.Session.packer), as a user would.
"""
import importlib.util
import json
import math

import pytest

from test_ipython_kernel import MIME, Kernel, displays

BIG_LINE = (
    "import numpy as np, matplotlib.pyplot as plt\n"
    "x = np.arange(100_000, dtype=float)\n"
    "rng = np.random.default_rng(7)\n"
    "ys = [np.cumsum(rng.normal(size=x.size)) for _ in range(2)]\n"
    "fig, ax = plt.subplots()\n"
    "for k, y in enumerate(ys): ax.plot(x, y, label='s%d' % k)\n"
    "plt.show()\n")

# What the test compares the received chart with, computed in the kernel
# from the plotted arrays after the display (the figure was drawn then).
FACTS = (
    "import json\n"
    "print(json.dumps({'width': ax.bbox.width, 'first': [[x[0], y[0]] for y in ys],\n"
    "                  'last': [[x[-1], y[-1]] for y in ys],\n"
    "                  'min': [y.min() for y in ys], 'max': [y.max() for y in ys]}))\n")


def start(tmp_path, config="", env=None):
    ipython_dir = tmp_path / "ipython"
    profile = ipython_dir / "profile_default"
    profile.mkdir(parents=True)
    (profile / "ipython_kernel_config.py").write_text(
        "c.InteractiveShellApp.extensions = ['chartex']\n" + config)
    return Kernel(tmp_path, ipython_dir, extra_env=env)


def chart_of(k, code):
    (shown,) = displays(k.run_ok(code))
    assert "image/png" in shown[1]
    return shown[1][MIME]


def test_default_bound_sends_the_picture_not_every_point(tmp_path):
    k = start(tmp_path)
    try:
        d = chart_of(k, BIG_LINE)
        facts = json.loads(k.stdout(FACTS))
        limit = math.ceil(4 * facts["width"]) + 2
        assert len(d["elements"]) == 2
        for i, el in enumerate(d["elements"]):
            pts = el["points"]
            assert el["downsampled"] == {"method": "minmax", "max_points": float(limit),
                                         "original_points": 100_000.0}
            assert len(pts) <= limit
            assert pts[0] == facts["first"][i] and pts[-1] == facts["last"][i]
            assert min(p[1] for p in pts) == facts["min"][i]
            assert max(p[1] for p in pts) == facts["max"][i]
        # The whole chart is small: what travels is about the picture's size.
        assert len(json.dumps(d)) < 200_000
    finally:
        k.close()


def test_budget_bounds_a_grid_of_many_series(tmp_path):
    k = start(tmp_path)
    try:
        d = chart_of(k, "import numpy as np, matplotlib.pyplot as plt\n"
                        "rng = np.random.default_rng(0)\n"
                        "fig, axs = plt.subplots(12, 12, figsize=(12, 12))\n"
                        "for ax in axs.flat: ax.plot(np.cumsum(rng.normal(size=10_000)))\n"
                        "plt.show()\n")
        assert d["type"] == "superchart" and len(d["elements"]) == 144
        total = sum(len(el["points"]) for c in d["elements"] for el in c["elements"])
        assert total <= 30_000
        assert d["budget"] == {"max_total_points": 30_000.0, "original_points": 1_440_000.0}
        assert len(json.dumps(d, ensure_ascii=False).encode()) < 2_000_000
    finally:
        k.close()


def test_huge_heatmap_travels_as_block_means(tmp_path):
    k = start(tmp_path)
    try:
        d = chart_of(k, "import numpy as np, matplotlib.pyplot as plt\n"
                        "a = np.random.default_rng(1).normal(size=(2000, 2000))\n"
                        "plt.imshow(a); plt.colorbar(); plt.show()\n")
        img = d["image"]
        assert img["downsampled"]["method"] == "block_mean"
        assert img["rows"] * img["cols"] <= 30_000
        fy, fx = (int(v) for v in img["downsampled"]["block"])
        mean = float(k.stdout("print(repr(float(a[:%d, :%d].mean())))" % (fy, fx)))
        assert img["values"][0][0] == pytest.approx(mean, rel=1e-12)
        assert len(json.dumps(d).encode()) < 2_000_000
    finally:
        k.close()


@pytest.mark.parametrize("how", ["environment", "config"])
def test_no_limit_sends_every_point(tmp_path, how):
    if how == "environment":
        k = start(tmp_path, env={"CHARTEX_MAX_POINTS": "0"})
    else:
        k = start(tmp_path, config="c.ChartFormatter.max_points = 0\n")
    try:
        d = chart_of(k, BIG_LINE)
        for el in d["elements"]:
            assert len(el["points"]) == 100_000
            assert "downsampled" not in el
        assert "budget" not in d
        assert d == json.loads(k.stdout(
            "import chartex, json\nprint(json.dumps(chartex.figure_to_dict(fig)))"))
    finally:
        k.close()


def test_fixed_limit_from_the_environment(tmp_path):
    k = start(tmp_path, env={"CHARTEX_MAX_POINTS": "500"})
    try:
        d = chart_of(k, BIG_LINE)
        for el in d["elements"]:
            assert len(el["points"]) <= 500
            assert el["downsampled"]["max_points"] == 500.0
    finally:
        k.close()


# A chart with every kind of value: NaN and infinities (null), dates,
# categories, text beyond ASCII and a bare surrogate in a label.
TRICKY = (
    "import datetime as dt, numpy as np, matplotlib.pyplot as plt\n"
    "fig, (a, b) = plt.subplots(1, 2)\n"
    "t = [dt.datetime(2024, 1, 1) + dt.timedelta(hours=7 * i) for i in range(50)]\n"
    "y = np.sin(np.arange(50.0)); y[3] = np.nan; y[7] = np.inf\n"
    "a.plot(t, y, label='température °C \\u2212 \\U0001F600')\n"
    "b.bar(['α', 'β', 'γ'], [1.5, float('nan'), -2.25])\n"
    "fig.suptitle('quotes \" and \\\\ backslash')\n"
    "plt.show()\n")


@pytest.mark.parametrize("packer", ["json", "orjson"])
def test_the_chart_decodes_the_same_under_either_packer(tmp_path, packer):
    if packer == "orjson" and importlib.util.find_spec("orjson") is None:
        pytest.skip("orjson is not installed for this interpreter")
    k = start(tmp_path, config="c.Session.packer = %r\n" % packer)
    try:
        assert k.stdout("print(get_ipython().kernel.session.packer)").strip() == packer
        d = chart_of(k, TRICKY)
        # The reference: the library's JSON text of the same drawn figure,
        # carried as a string (the same under every packer).
        ref = json.loads(json.loads(k.stdout(
            "import chartex, json\nprint(json.dumps(chartex.figure_to_json(fig)))")))
        assert d == ref
        dates = [p[0] for p in d["elements"][0]["elements"][0]["points"]]
        assert dates[0] == "2024-01-01T00:00:00"
        ys = [p[1] for p in d["elements"][0]["elements"][0]["points"]]
        assert ys[3] is None and ys[7] is None
        assert [e["label"] for e in d["elements"][1]["elements"]] == ["α", "β", "γ"]
        assert d["elements"][1]["elements"][1]["value"] is None
    finally:
        k.close()
