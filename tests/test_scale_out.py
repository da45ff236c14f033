"""dask (lazy, and on a 2-process LocalCluster), xarray, pickling, multiprocessing, read-only installs."""
import multiprocessing as mp
import os
import pickle
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import specfun
from specfun._registry import ALIASES, REDUCTIONS, REGISTRY

ROOT = Path(__file__).resolve().parent.parent


def test_every_public_callable_pickles_by_reference():
    import copy

    for name in [*REGISTRY, *ALIASES, *REDUCTIONS]:
        fn = getattr(specfun, name)
        assert pickle.loads(pickle.dumps(fn)) is fn
        assert copy.copy(fn) is fn and copy.deepcopy(fn) is fn


def _work(x):
    return specfun.expit(np.asarray(x)).tolist()


@pytest.mark.parametrize("method", ["fork", "spawn"])
def test_multiprocessing_pool(method):
    ctx = mp.get_context(method)
    with ctx.Pool(2) as pool:
        got = pool.map(_work, [[0.0, 1.0], [2.0, -3.0]])
    assert got == [specfun.expit(np.array(v)).tolist() for v in ([0.0, 1.0], [2.0, -3.0])]


def test_dask_stays_lazy_with_right_dtype():
    da = pytest.importorskip("dask.array")
    x = da.from_array(np.linspace(-3, 3, 100), chunks=25)
    r = specfun.expit(x)
    assert isinstance(r, da.Array) and r.dtype == np.float64 and r.chunks == x.chunks
    assert np.array_equal(r.compute(), specfun.expit(np.linspace(-3, 3, 100)))
    assert specfun.expit(x.astype(np.float16)).dtype == np.float16
    assert specfun.expit(da.arange(10, chunks=5)).dtype == np.float64


def test_dask_distributed_local_cluster():
    pytest.importorskip("dask.array")
    distributed = pytest.importorskip("dask.distributed")
    import dask.array as da

    x = np.linspace(0.1, 20, 10_000)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cl, \
            distributed.Client(cl):
        got = specfun.xlogy(da.from_array(x, chunks=2500), 3.0).compute()
    assert np.array_equal(got, specfun.xlogy(x, 3.0))


def test_xarray_keeps_coordinates():
    xr = pytest.importorskip("xarray")
    a = xr.DataArray(np.linspace(0, 1, 5), dims="t", coords={"t": np.arange(5)})
    r = specfun.expit(a)
    assert isinstance(r, xr.DataArray) and (r.coords["t"].values == np.arange(5)).all()
    assert np.array_equal(r.values, specfun.expit(a.values))


def test_read_only_install_caches_elsewhere(tmp_path):
    """With the package directory read-only, kernels still compile and cache in a user directory."""
    import shutil

    pkg = tmp_path / "site" / "specfun"
    shutil.copytree(ROOT / "specfun", pkg, ignore=shutil.ignore_patterns("__pycache__"))
    for dirpath, _dirs, _files in os.walk(pkg):
        os.chmod(dirpath, 0o555)
    try:
        env = dict(os.environ, PYTHONPATH=str(tmp_path / "site"), XDG_CACHE_HOME=str(tmp_path / "cache"),
                   HOME=str(tmp_path))
        env.pop("NUMBA_CACHE_DIR", None)
        env.pop("SPECFUN_CACHE_DIR", None)
        code = ("import specfun, numpy as np; print(specfun.__file__); print(float(specfun.expit(np.array([0.0]))[0]));"
                "from specfun._targets.cache import cache_dir; print(cache_dir())")
        proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300,
                              cwd=tmp_path)
        if os.geteuid() == 0 and os.access(pkg, os.W_OK):
            pytest.skip("running as root: directories are writable whatever their mode")
        assert proc.returncode == 0, proc.stderr[-3000:]
        assert str(tmp_path / "site") in proc.stdout and "0.5" in proc.stdout
        assert (tmp_path / "cache" / "specfun").exists()
    finally:
        for dirpath, _dirs, _files in os.walk(pkg):
            os.chmod(dirpath, 0o755)


def test_cache_falls_back_when_package_dir_not_writable(monkeypatch, tmp_path):
    """The decision itself, testable as root (where chmod does not stop writes)."""
    from specfun._targets import cache

    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.delenv("SPECFUN_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(cache.os, "access", lambda path, mode: False)
    cache.configure()
    assert os.environ["NUMBA_CACHE_DIR"] == str(tmp_path / "specfun")
    monkeypatch.setenv("SPECFUN_CACHE_DIR", str(tmp_path / "mine"))
    monkeypatch.delenv("NUMBA_CACHE_DIR")
    cache.configure()
    assert os.environ["NUMBA_CACHE_DIR"] == str(tmp_path / "mine")


def test_dask_reductions_stay_lazy_along_a_dimension():
    da = pytest.importorskip("dask.array")
    x = np.random.default_rng(3).standard_normal((12, 10, 4))
    dx = da.from_array(x, chunks=(5, 3, 2))
    for name in ("softmax", "log_softmax"):
        for dim in (0, 1, -1):
            r = getattr(specfun, name)(dx, dim)
            assert isinstance(r, da.Array) and r.dtype == np.float64
            assert np.array_equal(r.compute(), getattr(specfun, name)(x, dim)), (name, dim)
    for dim, keepdim in [(0, False), ((1, 2), True), (-1, False)]:
        r = specfun.logsumexp(dx, dim, keepdim=keepdim)
        want = specfun.logsumexp(x, dim, keepdim=keepdim)
        assert isinstance(r, da.Array) and r.shape == want.shape
        assert np.array_equal(r.compute(), want)
    assert specfun.softmax(dx.astype(np.float16), 1).dtype == np.float16


def test_gil_released_in_compiled_loops():
    """While one thread is inside a compiled loop, another runs Python code.

    If the loop held the GIL, the main thread could not execute a single
    bytecode between the worker's start and end of the call.
    """
    import threading
    import time

    x = np.linspace(0.5, 60.0, 1_500_000)
    specfun.gammainc(x[:10], x[:10], target="cpu")  # compiled before timing
    span = {}

    def work():
        span["t0"] = time.perf_counter()
        specfun.gammainc(x, x, target="cpu")  # serial: one ufunc call, ~0.1-0.3 s
        span["t1"] = time.perf_counter()

    th = threading.Thread(target=work)
    ticks = []
    th.start()
    while th.is_alive():
        ticks.append(time.perf_counter())
    th.join()
    t0, t1 = span["t0"], span["t1"]
    middle = [t for t in ticks if t0 + 0.25 * (t1 - t0) < t < t1 - 0.25 * (t1 - t0)]
    assert t1 - t0 > 0.02 and len(middle) > 100


@pytest.mark.parametrize("threads", [1, 2, 3, 7])
def test_results_independent_of_thread_count(monkeypatch, threads):
    from specfun._targets import parallel

    rng = np.random.default_rng(5)
    x = rng.standard_normal((301, 997)) * 20
    want = specfun.erfcx(x, target="cpu")
    monkeypatch.setenv("SPECFUN_NUM_THREADS", str(threads))
    monkeypatch.setattr(parallel, "_pool", None)  # a fresh pool of that size
    for arr in (x, x.T, x[::3, ::-2]):
        got = specfun.erfcx(arr, target="parallel")
        assert np.array_equal(got, want if arr is x else specfun.erfcx(arr, target="cpu"), equal_nan=True)
    monkeypatch.setattr(parallel, "_pool", None)


def test_concurrent_first_calls_compile_each_kernel_once(monkeypatch):
    import threading

    from specfun._dispatch import _forget_ufunc
    from specfun._targets import cpu

    names = ["xlogy", "xlog1py", "entr"]
    builds = []
    real = cpu._build

    def counting(spec):
        builds.append(spec.name)
        return real(spec)

    monkeypatch.setattr(cpu, "_build", counting)
    from specfun._targets import _objcache

    monkeypatch.setattr(_objcache, "load", lambda spec, part: None)  # build, not the loop cache
    for n in names:
        _forget_ufunc(n)
    x = np.linspace(0.1, 3.0, 64)
    barrier = threading.Barrier(9)
    out, errors = {}, []

    def work(i):
        try:
            barrier.wait()
            name = names[i % 3]
            args = (x,) if name == "entr" else (x, x)
            out[i] = getattr(specfun, name)(*args)
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)

    ts = [threading.Thread(target=work, args=(i,)) for i in range(9)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert not errors and len(out) == 9
    assert sorted(builds) == sorted(names)  # one build per function, however many callers
    for i, r in out.items():
        assert np.array_equal(r, out[i % 3])


def test_larger_than_memory_example_runs_small(tmp_path):
    """examples/larger_than_memory.py end to end on a small file (the docs run it at 28 GiB)."""
    pytest.importorskip("dask.array")
    proc = subprocess.run([sys.executable, str(ROOT / "examples" / "larger_than_memory.py"), "--gib", "0.02",
                           "--dir", str(tmp_path), "--chunk-rows", "10000"], capture_output=True, text=True,
                          timeout=600, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "agree bit for bit" in proc.stdout
    assert not list(tmp_path.glob("specfun_*"))  # cleaned up
