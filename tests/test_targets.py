"""Target machinery: @primitive bit casts on each target, and inline=True ufunc builds."""
import math
import os
import subprocess
import sys
from pathlib import Path

import numba
import numpy as np
import pytest

from specfun.families._tools import bits_f64, f64_bits

ROOT = Path(__file__).resolve().parent.parent
VALUES = [0.0, -0.0, 1.0, 3.5, -2.0, 1e-300, 5e-324, 1.7976931348623157e308, math.inf, -math.inf]


def test_bit_casts_in_python():
    assert f64_bits(1.0) == 0x3FF0000000000000 and f64_bits(-0.0) == -(1 << 63)
    assert bits_f64(0x3FF8000000000000) == 1.5
    for v in VALUES:
        assert bits_f64(f64_bits(v)) == v and math.copysign(1, bits_f64(f64_bits(v))) == math.copysign(1, v)
    assert math.isnan(bits_f64(f64_bits(math.nan)))


def test_bit_casts_compiled_for_cpu():
    from specfun._targets import cpu

    fb, bf = cpu.SCALARS.get("f64_bits"), cpu.SCALARS.get("bits_f64")

    @numba.njit
    def split(x):
        b = fb(x)
        return (b >> 52) & 0x7FF, bf((b & 0x000FFFFFFFFFFFFF) | 0x3FF0000000000000), bf(fb(x))

    for v in VALUES:
        e, m, back = split(v)
        assert back == v and math.copysign(1, back) == math.copysign(1, v)
        assert e == (f64_bits(v) >> 52) & 0x7FF
        if v != 0 and math.isfinite(v) and e > 0:
            assert m == abs(math.frexp(v)[0]) * 2.0


def test_bit_casts_in_cuda_simulator():
    code = r'''
import numpy as np
from specfun._targets import cuda as c
fb, bf = c.DEVICE.get("f64_bits"), c.DEVICE.get("bits_f64")
from numba import cuda
@cuda.jit
def k(out, x):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = bf(fb(x[i]) + 1)
x = np.array([1.0, 2.0, 1e-300])
out = cuda.device_array(3)
k[1, 3](out, cuda.to_device(x))
assert list(out.copy_to_host()) == list(np.nextafter(x, np.inf)), out.copy_to_host()
print("ok")
'''
    env = dict(os.environ, NUMBA_ENABLE_CUDASIM="1")
    proc = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0 and "ok" in proc.stdout, proc.stderr[-2000:]


def test_inline_build_gives_identical_results(tmp_path):
    """inline=True only changes how LLVM compiles the loop, never the numbers (fresh process)."""
    code = r'''
import numpy as np
import specfun
from specfun._registry import REGISTRY
x = np.random.default_rng(0).uniform(0.01, 50.0, 4096)
plain = specfun.gammaln(x, target="cpu")
from specfun._dispatch import _forget_ufunc
from specfun._targets import cpu
old = cpu.raw_ufunc("gammaln")
REGISTRY["gammaln"].extra["inline"] = True
_forget_ufunc("gammaln")
assert np.array_equal(specfun.gammaln(x, target="cpu"), plain)
assert cpu.raw_ufunc("gammaln") is not old and cpu.raw_ufunc("gammaln").__name__.endswith("_inl")
print("ok")
'''
    env = dict(os.environ, SPECFUN_CACHE_DIR=str(tmp_path), NUMBA_CACHE_DIR=str(tmp_path))
    proc = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0 and "ok" in proc.stdout, proc.stderr[-2000:]


def test_two_prod_err_is_exact_everywhere():
    """The two_prod_err primitive (fma(a, b, -p) on the CPU, Dekker / rationals in Python) is the
    correctly rounded a*b - p for p = fl(a*b), also where Dekker's product is not exact."""
    from fractions import Fraction

    import numba
    import numpy as np

    from specfun._targets import cpu
    from specfun.families._tools import two_prod_err

    prim = cpu.SCALARS.get("two_prod_err")  # the CPU target's: fma where the CPU has it
    compiled = numba.njit(lambda a, b, p: prim(a, b, p))
    rng = np.random.default_rng(11)
    a = rng.standard_normal(3000) * 10.0 ** rng.uniform(-320, 300, 3000)
    b = rng.standard_normal(3000) * 10.0 ** rng.uniform(-320, 300, 3000)
    with np.errstate(all="ignore"):
        p = a * b
    for x, y, q in zip(a, b, p):
        x, y, q = float(x), float(y), float(q)
        if not np.isfinite(q):
            continue
        want = float(Fraction(x) * Fraction(y) - Fraction(q))
        got = two_prod_err(x, y, q)
        assert got == want, (x, y)
        assert compiled(x, y, q) == want, (x, y)


def test_fma_is_rounded_once_everywhere():
    """The fma primitive (llvm.fma on the CPU, rationals in Python) is a*b + c rounded once,
    signed zeros, overflow and non-finite operands included; the emulation for CPUs without
    FMA stays within an ulp of it."""
    import math
    from fractions import Fraction

    import numba

    from specfun._targets import cpu
    from specfun._targets._retarget import clone
    from specfun.families._tools import dekker_two_prod_err, emulated_fma, fma

    prim = cpu.SCALARS.get("fma")
    compiled = numba.njit(lambda a, b, c: prim(a, b, c))
    emu = numba.njit(clone(emulated_fma, {"dekker_two_prod_err": numba.njit(dekker_two_prod_err)}))
    rng = np.random.default_rng(12)
    a = rng.standard_normal(3000) * 10.0 ** rng.uniform(-150, 140, 3000)
    b = rng.standard_normal(3000) * 10.0 ** rng.uniform(-150, 140, 3000)
    with np.errstate(all="ignore"):
        c = -(a * b) * rng.choice([1.0, 1.0 + 2.0 ** -40, 0.5, 1e-20], 3000)  # cancellation and not
    for x, y, z in zip(a, b, c):
        x, y, z = float(x), float(y), float(z)
        want = float(Fraction(x) * Fraction(y) + Fraction(z))
        assert fma(x, y, z) == want, (x, y, z)
        if cpu._host_has_fma():
            assert compiled(x, y, z) == want, (x, y, z)
        if 1e-250 < abs(x * y) < 1e250:
            assert abs(emu(x, y, z) - want) <= math.ulp(want), (x, y, z)
    special = [(0.0, -1.0, -0.0), (-0.0, -1.0, -0.0), (2.0, 3.0, -6.0), (1e300, 1e300, 0.0), (-1e300, 1e300, 1.0),
               (math.inf, 0.0, 1.0), (math.inf, 2.0, -math.inf), (math.nan, 1.0, 1.0), (1e308, 10.0, math.nan)]
    for x, y, z in special:
        want = compiled(x, y, z) if cpu._host_has_fma() else x * y + z
        got = fma(x, y, z)
        same = got == want and math.copysign(1, got) == math.copysign(1, want)
        assert (math.isnan(got) and math.isnan(want)) or same, (x, y, z, got)


def test_cuda_big_tables_lowered_to_global_memory():
    """Tables of 32 KB or more go to CUDA global memory (constant memory holds 64 KB a module:
    gammaln's tables alone are ~770 KB); smaller ones stay in constant memory. Checked on the
    LLVM IR numba-cuda generates, which needs no GPU."""
    if os.environ.get("NUMBA_ENABLE_CUDASIM") == "1":
        pytest.skip("the simulator does not lower arrays")
    pytest.importorskip("numba.cuda")
    try:
        from numba.core import types
        from numba.cuda.compiler import compile_cuda

        import specfun._targets.cuda  # noqa: F401  (installs the lowering)
    except Exception as exc:  # pragma: no cover - numba-cuda without its compiler parts
        pytest.skip(f"numba-cuda cannot compile here: {exc}")
    from specfun.families import orthopoly

    big, small = orthopoly._HERM_T, orthopoly._HERM_P1
    assert big.nbytes >= 32768 > small.nbytes

    def f(i):
        return big[i] + small[i]

    ir = compile_cuda(f, types.float64, (types.int64,), cc=(9, 0)).library.get_llvm_str()
    spaces = sorted(line.split("addrspace(")[1][0] for line in ir.splitlines()
                    if line.startswith('@"_cudapy_cmem') and " constant [" in line)
    assert spaces == ["1", "4"], spaces  # global for the big table, constant for the small one


def test_loop_cache_loads_without_numba(tmp_path):
    """A process whose functions were built before loads their machine code from specfun's loop
    cache (specfun._targets._objcache) without importing Numba, and gets identical results;
    a damaged cache file is rebuilt through Numba, never trusted."""
    code = r'''
import sys, numpy as np
import specfun
x = np.random.default_rng(0).uniform(-3.0, 30.0, 4097)
xf = x.astype(np.float32)
got = [specfun.erf(x), specfun.erf(xf), specfun.expit(x), specfun.round(x), specfun.xlogy(x, x + 1.0),
       specfun.erf(0.5)]
# on the threads too: the native chunk driver is machine code from the same cache
xl = np.random.default_rng(1).uniform(-3.0, 30.0, 300_001)
got += [specfun.erf(xl, target="parallel"), specfun.xlogy(xl, xl, target="parallel"),
        specfun.expit(xl.astype(np.float32), target="parallel")]
# the reductions' piece loops are machine code from the same cache: one piece, and on the threads
xr = xl[:300_000].reshape(300, 1000)
got += [specfun.softmax(x[:1000], 0), specfun.log_softmax(xr.astype(np.float32), 0), specfun.logsumexp(xr, 1)]
np.save(sys.argv[1], np.concatenate([np.ravel(g).astype(np.float64) for g in got]))
print("numba" in sys.modules)
'''
    env = dict(os.environ, SPECFUN_CACHE_DIR=str(tmp_path), NUMBA_CACHE_DIR=str(tmp_path))

    def run(tag):
        out = tmp_path / f"{tag}.npy"
        proc = subprocess.run([sys.executable, "-c", code, str(out)], env=env, cwd=ROOT, capture_output=True,
                              text=True, timeout=600)
        assert proc.returncode == 0, proc.stderr[-2000:]
        return proc.stdout.split()[-1], np.load(out)

    used_numba, first = run("build")
    assert used_numba == "True"
    files = sorted((tmp_path / "specfun_loops").glob("*.pkl"))
    assert {f.name.split("-")[0] for f in files} >= {"erf", "expit", "round", "xlogy", "native"}
    used_numba, second = run("load")
    assert used_numba == "False"
    assert np.array_equal(first.view(np.uint64), second.view(np.uint64))
    next(f for f in files if f.name.startswith("erf-")).write_bytes(b"not a pickle")
    used_numba, third = run("damaged")
    assert used_numba == "True" and np.array_equal(first.view(np.uint64), third.view(np.uint64))


def test_loop_cache_key_follows_what_the_code_depends_on(monkeypatch):
    from specfun._registry import REGISTRY
    from specfun._targets import _objcache

    erf, erfc = REGISTRY["erf"], REGISTRY["erfc"]
    key = _objcache._key(erf, "main")
    assert key == _objcache._key(erf, "main") and key != _objcache._key(erfc, "main")
    assert key != _objcache._key(erf, "default")
    monkeypatch.setenv("SPECFUN_NO_FMA", "1")
    assert _objcache._key(erf, "main") != key


def test_loop_cache_loads_exception_paths_without_numba(tmp_path):
    """A loop that keeps Numba's exception path (here run-time tuple indexing) loads from the loop
    cache without importing Numba (its C helpers are bound from numba._helperlib loaded on its own,
    exception classes to the class objects) and raises the same exception when the path is taken."""
    (tmp_path / "raising_kernel.py").write_text(
        "_T = (1.0, 2.0, 3.0)\n\n\ndef k(x):\n    return _T[int(x)]  # IndexError beyond 2\n")
    code = r'''
import sys, dataclasses, numpy as np
sys.path.insert(0, sys.argv[1])
import raising_kernel
import specfun
from specfun._registry import REGISTRY
REGISTRY["erf"] = dataclasses.replace(REGISTRY["erf"], kernel=raising_kernel.k, sigs=("d->d",), extra={})
ok = specfun.erf(np.array([1.0, 2.0, 0.0]))
before = "numba" in sys.modules
try:
    specfun.erf(np.array([1.0, 5.0]))
    raised = "none"
except IndexError as exc:
    raised = str(exc).replace(" ", "_")
print(before, raised, ok.tolist() == [2.0, 3.0, 1.0])
'''
    env = dict(os.environ, SPECFUN_CACHE_DIR=str(tmp_path), NUMBA_CACHE_DIR=str(tmp_path))

    def run():
        proc = subprocess.run([sys.executable, "-c", code, str(tmp_path)], env=env, cwd=ROOT, capture_output=True,
                              text=True, timeout=600)
        assert proc.returncode == 0, proc.stderr[-2000:]
        return proc.stdout.split()[-3:]

    assert run() == ["True", "tuple_index_out_of_range", "True"]  # built by Numba
    assert run() == ["False", "tuple_index_out_of_range", "True"]  # loaded without it
