"""The dispatch matrix: promotion, broadcasting, out=, bad inputs, targets, array kinds."""
import pickle
import threading
import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import specfun
from specfun._registry import ALIASES, REDUCTIONS, REGISTRY

ml_dtypes = pytest.importorskip("ml_dtypes")
BF16 = np.dtype(ml_dtypes.bfloat16)

PROMOTION = [
    (np.bool_, np.float64), (np.int8, np.float64), (np.int16, np.float64), (np.int32, np.float64),
    (np.int64, np.float64), (np.uint8, np.float64), (np.uint64, np.float64), (np.float16, np.float16),
    (BF16, BF16), (np.float32, np.float32), (np.float64, np.float64),
]


@pytest.mark.parametrize("dtype_in, dtype_out", PROMOTION, ids=lambda d: np.dtype(d).name)
def test_unary_promotion(dtype_in, dtype_out):
    x = np.array([0, 1, 1, 0], dtype=dtype_in)
    r = specfun.expit(x)
    assert r.dtype == np.dtype(dtype_out)
    want = specfun.expit(x.astype(np.float64)).astype(dtype_out)
    assert np.array_equal(r.astype(np.float64), want.astype(np.float64))


def test_half_computed_in_float32():
    x = np.array([0.1, 2.5, -3.0], dtype=np.float16)
    want = specfun.expm1(x.astype(np.float32)).astype(np.float16)
    assert np.array_equal(specfun.expm1(x), want)


@pytest.mark.parametrize("a, b, want", [
    (np.float32, np.float32, np.float32), (np.float32, np.float64, np.float64), (np.float16, np.float32, np.float32),
    (np.int64, np.float32, np.float64), (np.int32, np.int32, np.float64), (np.float16, np.float16, np.float16),
    (BF16, np.float16, np.float32), (BF16, BF16, BF16),
], ids=str)
def test_binary_promotion(a, b, want):
    x = np.array([0.5, 1.0], dtype=a)
    y = np.array([2.0, 3.0], dtype=b)
    assert specfun.xlogy(x, y).dtype == np.dtype(want)


def test_python_scalars_are_weak():
    x = np.array([0.5, 1.0], dtype=np.float32)
    assert specfun.xlogy(x, 2.0).dtype == np.float32
    assert specfun.xlogy(x, 2).dtype == np.float32
    assert specfun.xlogy(2.0, x).dtype == np.float32
    r = specfun.expit(0.25)
    assert isinstance(r, np.float64)
    assert isinstance(specfun.expit(1), np.float64)
    assert isinstance(specfun.expit(True), np.float64)
    assert isinstance(specfun.xlogy(1.0, 2.0), np.float64)


@pytest.mark.parametrize("bad", [np.array([1 + 2j]), np.array(["a"]), np.array([object()], dtype=object),
                                 np.array(["2020-01-01"], dtype="datetime64[D]"), 1 + 2j, "str"],
                         ids=["complex", "str", "object", "datetime", "pycomplex", "pystr"])
def test_bad_dtypes_raise_typeerror_naming_function(bad):
    with pytest.raises(TypeError, match="expit"):
        specfun.expit(bad)


def test_wrong_arity_and_keywords():
    with pytest.raises(TypeError, match="expit"):
        specfun.expit(1.0, 2.0)
    with pytest.raises(TypeError, match="xlogy"):
        specfun.xlogy(1.0)
    with pytest.raises(TypeError, match="expit"):
        specfun.expit(1.0, bogus=3)
    with pytest.raises(TypeError, match="round"):
        specfun.round(1.5, decimals=1.5)
    with pytest.raises(ValueError, match="target"):
        specfun.expit(1.0, target="gpu")


@pytest.mark.parametrize("shapes", [((3, 1), (1, 4)), ((), (5,)), ((2, 3), (3,)), ((0,), (1,)), ((1, 0), (3, 1))])
def test_broadcasting(shapes):
    rng = np.random.default_rng(0)
    a = rng.uniform(0.1, 2, shapes[0])
    b = rng.uniform(0.1, 2, shapes[1])
    r = specfun.xlogy(a, b)
    assert r.shape == np.broadcast_shapes(*shapes)
    assert np.array_equal(r, a * np.log(b)) or np.allclose(r, a * np.log(b), rtol=1e-15, atol=0)


def test_non_broadcastable_names_both_shapes():
    with pytest.raises(ValueError, match=r"xlogy.*\(3,\).*\(4,\)"):
        specfun.xlogy(np.ones(3), np.ones(4))


def test_out_right_shape_and_dtype():
    x = np.linspace(-2, 2, 7)
    out = np.empty(7)
    r = specfun.expit(x, out=out)
    assert r is out and np.array_equal(out, specfun.expit(x))
    out32 = np.empty(7, np.float32)  # float64 -> float32 is same_kind
    specfun.expit(x, out=out32)
    assert np.array_equal(out32, specfun.expit(x).astype(np.float32))
    out_t = np.empty(7)
    specfun.expit(x, out=(out_t,))
    assert np.array_equal(out_t, out)


@pytest.mark.parametrize("out, exc", [(np.zeros(6), ValueError), (np.zeros((7, 1)), ValueError),
                                      (np.zeros(7, dtype=np.int64), TypeError), ([0.0] * 7, TypeError)])
def test_out_errors_write_nothing(out, exc):
    x = np.linspace(-2, 2, 7)
    before = np.array(out, copy=True)
    with pytest.raises(exc, match="expit"):
        specfun.expit(x, out=out)
    assert np.array_equal(np.asarray(out), before)


def test_read_only_out():
    out = np.zeros(3)
    out.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        specfun.expit(np.ones(3), out=out)


def test_layouts():
    base = np.linspace(-3, 3, 60).reshape(6, 10)
    want = specfun.expit(base)
    assert np.array_equal(specfun.expit(np.asfortranarray(base)), want)
    assert np.array_equal(specfun.expit(base[::-1, ::-2]), want[::-1, ::-2])
    assert np.array_equal(specfun.expit(base.T), want.T)
    assert specfun.expit(np.empty((0, 3))).shape == (0, 3)
    z = specfun.expit(np.array(0.5))
    assert np.ndim(z) == 0 and z == specfun.expit(0.5)


def test_lists_and_numpy_scalars():
    assert np.array_equal(specfun.expit([0.0, 1.0]), specfun.expit(np.array([0.0, 1.0])))
    assert specfun.expit(np.float32(0.5)).dtype == np.float32


def test_keyword_parameters():
    x = np.array([0.0, 0.1, 0.5, 0.95, 1.0])
    clamped = specfun.logit(x, eps=0.2)
    assert np.array_equal(clamped, specfun.logit(np.clip(x, 0.2, 0.8)))
    assert np.array_equal(specfun.logit(x, 0.2), clamped)  # eps may be positional, as in torch
    assert specfun.round(np.array([1.2345]), decimals=2)[0] == 1.23
    assert specfun.round(np.array([1234.5]), decimals=-2)[0] == 1200.0


def test_serial_and_parallel_bit_identical():
    rng = np.random.default_rng(1)
    x = rng.standard_normal(300_001) * 30
    y = rng.uniform(-1, 5, (1, 300_001))
    for name, args in [("expit", (x,)), ("log1p", (x,)), ("sinc", (x,)), ("xlog1py", (x, y))]:
        fn = getattr(specfun, name)
        a = fn(*args, target="cpu")
        b = fn(*args, target="parallel")
        assert a.dtype == b.dtype and np.array_equal(a, b, equal_nan=True), name
    x2 = rng.standard_normal((2000, 300))
    assert np.array_equal(specfun.expm1(x2, target="cpu"), specfun.expm1(x2, target="parallel"))
    assert np.array_equal(specfun.expm1(x2.T, target="cpu"), specfun.expm1(x2.T, target="parallel"))


def test_parallel_native_chunks_taken_and_bit_identical(monkeypatch):
    """The native chunk driver (specfun._targets._chunks) runs contiguous same-dtype calls,
    broadcast scalars included, with results identical to serial; overlapping or strided
    operands fall back to the ufunc-call driver, also identical."""
    from specfun._targets import parallel

    taken = []
    real, real_contiguous = parallel._run_native_chunks, parallel.run_parallel_contiguous
    monkeypatch.setattr(parallel, "_run_native_chunks", lambda *a: taken.append(real(*a)) or taken[-1])
    monkeypatch.setattr(parallel, "run_parallel_contiguous",
                        lambda *a: taken.append(real_contiguous(*a)) or taken[-1])
    rng = np.random.default_rng(2)
    x = rng.uniform(-40, 40, 200_003)
    cases = [("expit", (x,), True), ("erf", (x.astype(np.float32),), True),
             ("xlogy", (x, 2.5), True), ("xlogy", (np.float32(2.5), x.astype(np.float32)), True),
             ("logit", (x / 80 + 0.5,), True), ("bessel_j0", (x,), True),
             ("expit", (x[::2],), False), ("xlogy", (x, x[:, None][:3]), False)]
    for name, args, native in cases:
        fn = getattr(specfun, name)
        taken.clear()
        b = fn(*args, target="parallel")
        assert taken and (True in taken) == native, (name, taken)
        a = fn(*args, target="cpu")
        assert a.dtype == b.dtype and np.array_equal(a.view(np.uint8), b.view(np.uint8)), name
    for shift in (1, -1, 40_000):  # out overlaps the input, shifted: chunks must not race
        y = x.copy()
        src, dst = (y[shift:], y[:-shift]) if shift > 0 else (y[:shift], y[-shift:])
        want = specfun.expm1(src.copy(), target="cpu")
        specfun.expm1(src, out=dst, target="parallel")
        assert np.array_equal(dst, want), shift
    y = x[:160_000].reshape(400, 400).copy()
    want = specfun.expm1(y.T.copy(), target="cpu")
    specfun.expm1(y.T, out=y, target="parallel")  # the transpose, in place
    assert np.array_equal(y, want)
    y = x.copy()
    specfun.expm1(y, out=y, target="parallel")  # in place, element for element: no copy needed
    assert taken[-1] is True and np.array_equal(y, specfun.expm1(x, target="cpu"))


def test_parallel_calls_from_several_threads_at_once():
    """Several user threads calling parallel functions back to back share the pool and its
    spinning threads (specfun._targets._chunks.serve): every result stays identical to serial,
    nothing hangs."""
    import threading
    import time

    x = np.random.default_rng(4).uniform(0.1, 5.0, 300_001)
    x32 = x.astype(np.float32)
    want = {"expit": specfun.expit(x, target="cpu"), "erf": specfun.erf(x32, target="cpu"),
            "xlogy": specfun.xlogy(x, x, target="cpu")}
    bad = []

    def work(k):
        for i in range(60):
            name = ("expit", "erf", "xlogy")[(i + k) % 3]
            args = {"expit": (x,), "erf": (x32,), "xlogy": (x, x)}[name]
            if not np.array_equal(getattr(specfun, name)(*args, target="parallel"), want[name]):
                bad.append((k, i, name))
            if i % 17 == 0:
                time.sleep(0.002)  # spinners time out and are woken again

    threads = [threading.Thread(target=work, args=(k,)) for k in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not any(t.is_alive() for t in threads) and not bad, bad


@pytest.mark.parametrize("threads", ["1", "3"])
def test_thread_counts_other_than_the_cores(threads):
    """SPECFUN_NUM_THREADS=1 (as on a 1-CPU machine: the pool never wins, so a timed serial call
    must not divide by an infinite break-even time) and more threads than cores: results equal."""
    import subprocess
    import sys

    code = ("import numpy as np, specfun\n"
            "x = np.random.default_rng(0).uniform(0.1, 20.0, 300_003)\n"
            "for f in (specfun.expit, specfun.bessel_j0, specfun.xlogy):\n"
            "    args = (x, x) if f.nin == 2 else (x,)\n"
            "    a = f(*args); b = f(*args, target='cpu'); c = f(*args, target='parallel'); d = f(*args)\n"
            "    assert np.array_equal(a, b) and np.array_equal(a, c) and np.array_equal(a, d)\n"
            "print('ok')\n")
    env = dict(__import__("os").environ, SPECFUN_NUM_THREADS=threads)
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0 and "ok" in proc.stdout, proc.stderr[-2000:]


def test_parallel_after_fork():
    """A forked child (multiprocessing's default on Linux) gets its own thread pool: the
    parent's pool object has no threads there, and a call used to wait for ever."""
    import multiprocessing as mp

    x = np.linspace(0.0, 3.0, 400_000)
    specfun.erf(x, target="parallel")  # the parent's pool exists
    ctx = mp.get_context("fork")
    q = ctx.Queue()
    p = ctx.Process(target=_erf_sum_in_child, args=(x, q))
    p.start()
    p.join(60)
    if p.is_alive():
        p.kill()
        pytest.fail("a parallel call in a forked child hung")
    assert q.get(timeout=5) == float(specfun.erf(x, target="cpu").sum())


def _erf_sum_in_child(x, q):
    q.put(float(specfun.erf(x, target="parallel").sum()))


def test_ufunc_attribute_is_a_numpy_ufunc():
    lazy = specfun.expit.ufunc  # a stand-in until compiled, the ufunc itself from then on
    assert lazy.nin == 1 and set(lazy.types) >= {"f->f", "d->d"}
    uf = specfun.expit.ufunc
    assert isinstance(uf, np.ufunc) and uf.nin == 1
    assert np.array_equal(lazy(np.array([0.0, 1.0])), uf(np.array([0.0, 1.0])))


def test_public_functions_are_plain_functions():
    import inspect

    for name in ("expit", "xlogy", "round", "polygamma"):
        fn = getattr(specfun, name)
        assert inspect.isfunction(fn) and isinstance(fn, specfun.SpecialFunction)
        assert fn.__module__ == "specfun" and fn.__name__ == name and fn.spec is REGISTRY[name]
        assert "Examples" in fn.__doc__
    assert not isinstance(len, specfun.SpecialFunction)
    assert not isinstance(lambda x: x, specfun.SpecialFunction)


def test_pickle_by_reference():
    for name in ["expit", "xlogy", "round"]:
        fn = getattr(specfun, name)
        assert pickle.loads(pickle.dumps(fn)) is fn


def test_every_registered_name_exported():
    for name in [*REGISTRY, *ALIASES, *REDUCTIONS]:
        assert callable(getattr(specfun, name)), name


def test_no_floating_point_warnings(recwarn):
    specfun.log1p(np.array([-1.0, -2.0]))
    specfun.exp2(np.array([5000.0]))
    specfun.log1p(-1.0)
    assert not [w for w in recwarn if issubclass(w.category, RuntimeWarning)]


_NASTY = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -3.0, 1e-320, -1e-320, 1e-300, 1e300, -1e300,
          40.0, -40.0, 800.0, -800.0, 1e10, -1e10, np.inf, -np.inf, np.nan]


@pytest.mark.parametrize("name", sorted(n for n, s in REGISTRY.items() if len(s.positional) <= 2))
def test_no_floating_point_warnings_on_any_path(name):
    """Poles, overflow, underflow and nan are results: no RuntimeWarning on the fast paths
    (the ufunc clears the flags itself, specfun._targets._quiet), the slow path, or the ufunc."""
    fn = getattr(specfun, name)
    spec = REGISTRY[name]
    vals = np.array(_NASTY)
    grid = np.meshgrid(*([vals] * len(spec.positional)), indexing="ij")  # keyword parameters: defaults
    for dt in (np.float64, np.float32):
        with np.errstate(over="ignore"):  # 1e300 -> float32 inf: the test's own cast
            cols = [g.ravel().astype(dt) for g in grid]
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            if any(a.scalar for a in spec.args):
                continue  # scalar parameters are validated, covered elsewhere
            if any(a.kind == "int" for a in spec.positional):
                cols = [np.where(np.isfinite(c) & (c == np.round(c)) & (np.abs(c) < 50), c, 2).astype(dt)
                        if a.kind == "int" else c for a, c in zip(spec.positional, cols)]
            fn(*cols)                                   # one call on the whole grid
            fn(*[c[:10] for c in cols])                 # a small array: the bare quiet ufunc
            fn(*[np.tile(c, 400) for c in cols])        # >= 8192 elements: the timed path
            fn(*cols, target="parallel")
            if not spec.keywords:
                fn.ufunc(*cols)                         # the raw ufunc users may call
            for i in range(0, cols[0].size, 7):         # Python floats
                fn(*[float(c[i]) for c in cols])


def test_raw_ufunc_pickles_by_reference():
    for name in ["expit", "xlogy"]:
        uf = getattr(specfun, name).ufunc
        assert pickle.loads(pickle.dumps(uf)) is uf


def test_torch_cpu_tensors_roundtrip():
    torch = pytest.importorskip("torch")
    t = torch.linspace(-2, 2, 5, dtype=torch.float64)
    r = specfun.expit(t)
    assert isinstance(r, torch.Tensor) and r.dtype == torch.float64
    assert np.array_equal(r.numpy(), specfun.expit(t.numpy()))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_fuzz_never_crashes_and_matches_serial_ufunc(data):
    dtype = data.draw(st.sampled_from([np.float64, np.float32, np.float16, np.int32, np.uint8, np.bool_]))
    shape = data.draw(hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=5))
    x = data.draw(hnp.arrays(dtype, shape))
    if x.ndim >= 1 and data.draw(st.booleans()):
        x = x[::-1]
    y = data.draw(hnp.arrays(np.float64, hnp.broadcastable_shapes(shape, max_dims=3, max_side=5)))
    for name in ("expit", "sinc", "entr"):
        r = getattr(specfun, name)(x)
        compute = np.float32 if np.dtype(dtype) in (np.float16, np.float32) else np.float64
        with np.errstate(all="ignore"):
            want = getattr(specfun, name).ufunc(x.astype(compute)).astype(np.asarray(r).dtype)
        assert np.array_equal(np.asarray(r), want, equal_nan=True)
    r = specfun.xlogy(x, y)
    assert np.shape(r) == np.broadcast_shapes(x.shape, y.shape)


def test_first_calls_from_many_threads():
    """8 threads calling not-yet-compiled functions at once all get correct results."""
    from specfun._dispatch import _forget_ufunc

    names = ["entr", "exp2"]
    for n in names:  # force a fresh build in this process
        _forget_ufunc(n)
    x = np.linspace(0.01, 5, 101)
    results, errors = {}, []
    barrier = threading.Barrier(8)

    def work(i):
        try:
            barrier.wait()
            name = names[i % 2]
            results[i] = getattr(specfun, name)(x)
        except Exception as exc:  # pragma: no cover - the assertion below reports it
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    for i, r in results.items():
        want = -x * np.log(x) if i % 2 == 0 else 2.0 ** x
        assert np.allclose(r, want, rtol=4e-16, atol=0)
    assert len(results) == 8


def test_fingerprint_covers_constant_arrays():
    """A kernel's disk-cache key changes when a global table it reads changes (no stale loops)."""
    from specfun._targets._retarget import fingerprint
    from specfun.families import error

    before = fingerprint(REGISTRY["erfcx"].kernel)
    keep = error._CX_TAB[0]
    try:
        error._CX_TAB[0] = keep + 1.0
        assert fingerprint(REGISTRY["erfcx"].kernel) != before
    finally:
        error._CX_TAB[0] = keep
    assert fingerprint(REGISTRY["erfcx"].kernel) == before


def test_parallel_threshold_is_learned_per_function(monkeypatch):
    """Each function's parallel threshold comes from its own measured serial time per element."""
    from specfun import _dispatch
    from specfun._targets import parallel

    monkeypatch.setattr(parallel, "break_even_seconds", lambda: 1e-3)
    cell = [_dispatch.PARALLEL_THRESHOLD, 0.0]
    _dispatch._learn(cell, 10_000, 1e-3)        # 100 ns/element: parallel pays from 10k elements
    assert cell[0] == 10_000
    _dispatch._learn(cell, 10_000, 2e-5)        # 2 ns/element: from 500k
    assert abs(cell[0] - 500_000) <= 1
    _dispatch._learn(cell, 10_000, 1.0)         # absurdly slow: clamped at the measuring floor
    assert cell[0] == _dispatch._MEASURE_MIN
    _dispatch._learn(cell, 10_000, 1e-3)
    _dispatch._learn_parallel(cell, 200_000, 12e-3)   # 0.6x the serial estimate: parallel pays, kept
    assert cell[0] == 10_000
    _dispatch._learn_parallel(cell, 20_000, 1.98e-3)  # 0.99x but near the threshold: not judged
    assert cell[0] == 10_000
    _dispatch._learn_parallel(cell, 200_000, 19.6e-3)  # 0.98x far above it: no gain, never again
    assert cell[0] == _dispatch._NEVER
    _dispatch._learn(cell, 10_000, 1e-3)
    assert cell[0] == _dispatch._NEVER
    # the automatic choice follows the cell, and the result is the same either way
    calls = []
    real = parallel.run_parallel
    monkeypatch.setattr(parallel, "run_parallel", lambda *a, **k: calls.append(1) or real(*a, **k))
    x = np.linspace(0.5, 30.0, 20_000)
    specfun.gammainc(x[:10], x[:10])  # built, so the fast path is live too
    cell = _dispatch._THRESHOLDS["gammainc"]  # the list the fast path's closure reads
    keep = cell[0]
    cell[1] = cell[1] or 1e-8  # as if a serial call had been timed (the automatic choice waits for one)
    try:
        cell[0] = 10_000
        a = specfun.gammainc(x, x[::-1])
        assert calls == [1]
        cell[0] = 1 << 26
        b = specfun.gammainc(x, x[::-1])
        assert calls == [1] and np.array_equal(a, b)
    finally:
        cell[0] = keep


def test_scalar_operands_as_blocks_give_identical_results():
    """inline=True functions run broadcast scalars as filled blocks (vectorized loop): same numbers."""
    from specfun import _dispatch

    rng = np.random.default_rng(11)
    n = 3 * _dispatch._CHUNK + 17
    for dt in (np.float64, np.float32):
        x = rng.uniform(1e-6, 1 - 1e-6, n).astype(dt)
        for eps in (None, 0.05):
            want = specfun.logit.ufunc(x, np.nan if eps is None else eps)
            for target in ("cpu", "parallel"):
                got = specfun.logit(x, eps, target=target)
                assert got.dtype == dt and np.array_equal(got, want), (dt, eps, target)
        x2 = x[: 2 * _dispatch._CHUNK].reshape(64, -1)
        assert np.array_equal(specfun.logit(x2.T, target="cpu"), specfun.logit.ufunc(x2.T, np.nan))  # strided
        out = np.empty(n, dt)
        assert specfun.logit(x, out=out) is out and np.array_equal(out, specfun.logit.ufunc(x, np.nan))


_DEFAULT_KERNELS = sorted(n for n, s in REGISTRY.items() if "default_kernel" in s.extra)


@pytest.mark.parametrize("name", _DEFAULT_KERNELS)
def test_default_kernel_matches_the_full_kernel(name):
    """A default_kernel= (keyword parameters at their defaults) gives the full kernel's values
    on every path: scalars, small and large arrays, parallel, keywords passed explicitly."""
    from specfun._dispatch import _keyword_param
    from specfun._targets import cpu

    spec = REGISTRY[name]
    fn = getattr(specfun, name)
    full = cpu.raw_ufunc(name)
    defaults = [_keyword_param(spec, a, a.default) for a in spec.keywords]
    rng = np.random.default_rng(7)
    x = np.concatenate([rng.uniform(-1e3, 1e3, 40000), rng.uniform(0, 1, 1000), _NASTY,
                        np.arange(-20, 20) + 0.5])
    for dt in (np.float64, np.float32):
        with np.errstate(all="ignore"):
            xx = x.astype(dt)
            want = full(xx, *[dt(d) for d in defaults])
        for got in (fn(xx), fn(xx[:10]), fn(xx, target="parallel"), fn(xx, target="cpu"),
                    fn(xx, **{a.name: a.default for a in spec.keywords})):
            assert got.dtype == dt
            assert np.array_equal(got, want[:got.size], equal_nan=True)
        for v in xx[::997]:
            got = fn(float(v))
            assert got == full(float(v), *defaults) or (got != got)


@pytest.mark.parametrize("name", _DEFAULT_KERNELS)
def test_default_keyword_front_runs_large_arrays_without_the_general_path(name, monkeypatch):
    """At the keyword defaults, large float arrays go from the front straight to the default
    loop, serial or on the threads (the general path cost 20-70 us a call), same values."""
    from specfun import _dispatch
    from specfun._dispatch import _keyword_param
    from specfun._targets import cpu

    spec = REGISTRY[name]
    fn = getattr(specfun, name)
    full = cpu.raw_ufunc(name)
    defaults = [_keyword_param(spec, a, a.default) for a in spec.keywords]
    x = np.random.default_rng(3).uniform(0.01, 0.99, 3 * _dispatch._ONE_CHUNK)
    fn(x[:5])  # builds the loop; the front learns it is quiet

    def general(*a, **k):
        raise AssertionError("the general path was taken")

    monkeypatch.setattr(_dispatch, "call", general)
    for dt in (np.float64, np.float32):
        xx = x.astype(dt)
        want = full(xx, *[dt(d) for d in defaults])
        for target in ("cpu", "parallel"):
            got = fn(xx, target=target)
            assert got.dtype == dt and np.array_equal(got, want)


def test_parallel_target_runs_a_single_chunk_without_the_pool(monkeypatch):
    """target="parallel" on arrays of at most one chunk runs the serial loop directly (the pool
    could not split the work), with the same results; above one chunk the pool runs."""
    from specfun import _dispatch
    from specfun._targets import _chunks, parallel

    assert _dispatch._ONE_CHUNK == _chunks.CHUNK
    pooled = []
    real = parallel.run_parallel_contiguous
    monkeypatch.setattr(parallel, "run_parallel_contiguous", lambda *a: pooled.append(1) or real(*a))
    rng = np.random.default_rng(3)
    for n, want_pool in ((1000, False), (_chunks.CHUNK, False), (_chunks.CHUNK + 1, True)):
        x = rng.uniform(-5, 5, n)
        for fn, args in ((specfun.erf, (x,)), (specfun.xlogy, (x, x.astype(np.float64) + 6))):
            pooled.clear()
            got = fn(*args, target="parallel")
            assert bool(pooled) == want_pool, (fn.__name__, n)
            assert got.dtype == x.dtype and np.array_equal(got, fn(*args, target="cpu")), (fn.__name__, n)
    with np.errstate(all="raise"):  # the quiet context holds on the shortcut too
        assert np.isnan(specfun.xlogy(np.array([1.0]), np.array([-1.0]), target="parallel")[0])


def test_lean_fronts_take_out_by_position_like_a_ufunc():
    import inspect

    x = np.linspace(0.1, 2.0, 7)
    o = np.empty_like(x)
    assert specfun.erf(x, o) is o and np.array_equal(o, specfun.erf(x))
    o2 = np.empty_like(x)
    assert specfun.xlogy(x, x, o2, "cpu") is o2 and np.array_equal(o2, specfun.xlogy(x, x))
    sig = inspect.signature(specfun.erf)
    assert list(sig.parameters) == ["x", "out", "target"]
    assert sig.parameters["out"].kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
    # functions with parameters keep out and target keyword-only
    assert inspect.signature(specfun.round).parameters["out"].kind is inspect.Parameter.KEYWORD_ONLY
    with pytest.raises(TypeError, match="erf"):
        specfun.erf(x, 3.0)  # not an array: a clear error naming the function


def test_value_kernel_loops_match_the_general_loop():
    """polygamma(1, x) runs its value_kernels= loop set (trigamma alone; float32 vectorized),
    bit-identical to the general loop at n = 1 on every kind of x, poles and specials included;
    other orders run the general loop."""
    from specfun import _dispatch
    from specfun._targets import cpu

    rng = np.random.default_rng(8)
    x = np.concatenate([rng.uniform(-10, 10, 20000), np.exp(rng.uniform(-745, 709, 20000)),
                        -np.exp(rng.uniform(-745, 709, 20000)), -np.arange(0.0, 3000.0), -np.arange(0.0, 3000.0) - 0.5,
                        [0.0, -0.0, np.inf, -np.inf, np.nan, 5e-324, -5e-324, -2.0**52, -2.0**52 + 0.5, -2.0**64]])
    general = cpu.raw_ufunc("polygamma")
    for dtype, u in ((np.float64, np.uint64), (np.float32, np.uint32)):
        with np.errstate(all="ignore"):
            y = x.astype(dtype)
        got = specfun.polygamma(1, y)
        assert got.dtype == dtype
        assert np.array_equal(got.view(u), general(dtype(1.0), y).view(u)), dtype
        assert np.array_equal(specfun.polygamma(1.0, y, target="parallel").view(u), got.view(u))
    assert "polygamma#n1" in _dispatch._CPU_UFUNCS and _dispatch._CPU_UFUNCS["polygamma#n1"].nin == 1
    assert np.array_equal(specfun.polygamma(2, x[:100]), general(2.0, x[:100]), equal_nan=True)
