"""The CUDA path of every function, run in Numba's CUDA simulator in a process of its own.

The simulator interprets the same device functions the GPU compiles; it costs ~0.1 ms
per element, so each function gets a few dozen points.  The CUDA result must agree with
the CPU ufunc. The kernels are the same source, but the simulator runs them as Python
(CPython's ``math`` and float arithmetic) while the CPU runs LLVM-compiled code, so the two
may differ by the function's own error budget each way: the allowance is twice the
accepted float64/float32 figure in reference_data/baseline.json (at least 1 ULP; 2 ULP per
side where no figure is recorded yet). Special values must match exactly.
"""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numba.cuda")

from specfun._registry import REGISTRY  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def simulated():
    env = dict(os.environ, NUMBA_ENABLE_CUDASIM="1", SPECFUN_CUDASIM_CHILD="1")
    proc = subprocess.run([sys.executable, str(ROOT / "tests" / "_cudasim_child.py")], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=1500)
    assert proc.returncode == 0, proc.stderr[-4000:]
    rows = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
    return {(r["name"], r["dtype"]): r for r in rows}


@pytest.mark.cudasim
@pytest.mark.parametrize("dtype", ["float64", "float32"])
@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_cuda_simulator_matches_cpu(simulated, name, dtype):
    row = simulated[(name, dtype)]
    assert row["dtype_ok"], row
    assert row["specials_ok"], row
    assert row["max_ulp"] <= _allowance(name, dtype), row


def _allowance(name, dtype):
    try:
        from specfun.testing import tolerance_for

        fig = tolerance_for(name, dtype)
    except Exception:  # the instrument is not importable: fall back to the generic budget
        fig = None
    budget = fig["max_ulp"] if fig and fig.get("max_ulp") is not None else 2.0
    return max(1.0, 2.0 * budget)


def test_user_device_function_in_own_kernel():
    code = r'''
import numpy as np
from numba import cuda
import specfun, specfun.cuda as sfc

@cuda.jit
def kern(out, x):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = sfc.expit(x[i]) + sfc.sinc(x[i])

x = np.linspace(-3, 3, 16)
out = cuda.device_array(16)
kern[1, 16](out, cuda.to_device(x))
want = specfun.expit(x) + specfun.sinc(x)
assert np.allclose(out.copy_to_host(), want, rtol=1e-15, atol=0), (out.copy_to_host(), want)
print("ok")
'''
    env = dict(os.environ, NUMBA_ENABLE_CUDASIM="1", SPECFUN_CUDASIM_CHILD="1")
    proc = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0 and "ok" in proc.stdout, proc.stderr[-3000:]


def test_user_scalar_function_in_own_njit():
    import numba
    import numpy as np

    import specfun
    import specfun.scalar as sfs

    @numba.njit
    def f(x):
        return sfs.expit(x) * sfs.log1p(x)

    x = 0.75
    assert f(x) == pytest.approx(float(specfun.expit(x) * specfun.log1p(x)), rel=1e-15)
    assert np.isfinite(f(2.0))


@pytest.mark.cudasim
def test_gpu_benchmark_harness_runs_in_simulator(tmp_path):
    """benchmarks/gpu.py end to end on a few elements (the numbers mean nothing in the simulator)."""
    env = dict(os.environ, NUMBA_ENABLE_CUDASIM="1")
    proc = subprocess.run([sys.executable, "-m", "benchmarks.gpu", "--n", "64", "--names", "erf,xlogy",
                           "--repeat", "1", "--out", str(tmp_path)], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    (js,) = tmp_path.glob("gpu-*.json")
    data = json.loads(js.read_text())
    assert {(r["name"], r["dtype"]) for r in data["rows"]} == {(n, d) for n in ("erf", "xlogy")
                                                               for d in ("float32", "float64")}
    assert all(r["specfun_melem_s"] > 0 for r in data["rows"])


@pytest.mark.cudasim
def test_device_dispatch_layouts_in_simulator():
    """Broadcasting, strides (flat and general kernels), out=, Python scalars and float16 on device arrays."""
    code = r'''
import numpy as np
from numba import cuda
import specfun

rng = np.random.default_rng(0)
x = rng.uniform(0.1, 4.0, (5, 7))
y = rng.uniform(0.1, 4.0, 7)
def close(d, want):
    got = d.copy_to_host()
    assert got.dtype == want.dtype and got.shape == want.shape, (got.dtype, want.dtype, got.shape, want.shape)
    assert np.allclose(got, want, rtol=1e-13, atol=0), (got, want)
dx, dy = cuda.to_device(x), cuda.to_device(y)
close(specfun.gammaln(dx), specfun.gammaln(x))                         # flat, contiguous
close(specfun.xlogy(dx, dy), specfun.xlogy(x, y))                      # broadcast row: general kernel
close(specfun.xlogy(dx, 2.5), specfun.xlogy(x, 2.5))                   # Python scalar: flat, stride 0
close(specfun.xlogy(dx[:, ::-1], dy), specfun.xlogy(x[:, ::-1], y))    # negative strides
close(specfun.erf(dx.T), specfun.erf(x.T))                             # transposed: general kernel
close(specfun.erf(dx[::2]), specfun.erf(x[::2]))                       # every other row
out = cuda.device_array((7, 5))
r = specfun.gammainc(2.0, dx.T, out=out)
assert r is out
close(out, specfun.gammainc(2.0, x.T))
h = x.astype(np.float16)
close(specfun.expit(cuda.to_device(h)), specfun.expit(h))              # float16 in, float16 out
f = x.astype(np.float32)
close(specfun.polygamma(1, cuda.to_device(f)), specfun.polygamma(1, f))
print("ok")
'''
    env = dict(os.environ, NUMBA_ENABLE_CUDASIM="1", SPECFUN_CUDASIM_CHILD="1")
    proc = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0 and "ok" in proc.stdout, proc.stderr[-3000:]
