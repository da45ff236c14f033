"""The CPU benchmark harness end to end on a tiny run (the numbers mean nothing; the output does)."""
import json
import math
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_bench_writes_rows_ratios_and_overhead(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "specfun", "bench", "--names", "erf,xlogy,softmax", "--sizes", "1e3",
                           "--dtypes", "float64", "--repeat", "1", "--no-startup", "--no-extras",
                           "--out", str(tmp_path)], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    (js,) = tmp_path.glob("cpu-*.json")
    data = json.loads(js.read_text())
    rows = {(r["name"], r["dtype"], r["n"]): r for r in data["rows"]}
    assert set(rows) == {("erf", "float64", 1000), ("xlogy", "float64", 1000), ("softmax", "float64", 1000),
                         ("softmax(dim=0)", "float64", 1000)}
    for r in rows.values():
        assert r["specfun_melem_s"] > 0 and r["scipy_melem_s"] > 0
        # every row has a parallel column: the reductions' is their default (the thread pool),
        # their serial column one thread
        assert r["specfun_par_melem_s"] > 0
    assert {"erf/1", "erf/10", "erf/scalar", "xlogy/10"} <= set(data["overhead_us"])
    assert (tmp_path / js.name.replace(".json", ".md")).read_text().count("| erf | float64 |") == 1


def test_settle_runs_a_contender_for_the_settle_time():
    sys.path.insert(0, str(ROOT))
    try:
        from benchmarks import run
    finally:
        sys.path.remove(str(ROOT))
    calls = []
    med = run.time_interleaved({"a": lambda: calls.append(1)}, (), repeat=2, number=1)
    # one warm-up call, then per repeat: settle calls for SETTLE_S (at least one) and one timed call
    assert med["a"] >= 0 and len(calls) >= 1 + 2 * 2
    calls.clear()
    run.time_interleaved({"a": lambda: calls.append(1)}, (), repeat=2, number=1, settle=False)
    assert len(calls) == 3


@pytest.mark.parametrize("name", ["hermite_polynomial_h", "hermite_polynomial_he", "laguerre_polynomial_l"])
def test_huge_degree_points_lie_in_their_regions(name):
    sys.path.insert(0, str(ROOT))
    try:
        from benchmarks import run
    finally:
        sys.path.remove(str(ROOT))
    n = 1e6
    pts = run._huge_degree_points(name, n)
    if name.startswith("hermite"):
        t = math.sqrt(2 * n + 1) if name.endswith("_h") else math.sqrt(4 * n + 2)
        assert np.all(np.abs(pts["inside"]) < t) and np.all(pts["near_turning"] < t)
        assert np.all(pts["outside"] > t)
    else:
        assert np.all((pts["finite"] > 0) & (pts["finite"] < 1420))
        assert np.all(pts["inside"] > 1420) and np.all(pts["inside"] < 4 * n + 2)
        assert np.all(pts["negative"] < 0)
