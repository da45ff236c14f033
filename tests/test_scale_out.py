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
