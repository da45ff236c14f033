"""softmax, log_softmax, logsumexp: accuracy against mpmath, torch's semantics, VJPs by exact algebra."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

import specfun

mpmath = pytest.importorskip("mpmath")

NI, INF, NAN = -np.inf, np.inf, np.nan


def _mp_rows(x):
    """(logsumexp, softmax, log_softmax) of each row of x at 50 digits.

    Written around the row max m (log sum = m + log(1 + t), t the rest of the sum)
    so that a log_softmax of the max near -1e-300 keeps its digits.
    """
    lse, sm, lsm = [], [], []
    with mpmath.workdps(50):
        for row in x:
            r = [mpmath.mpf(float(v)) for v in row]
            k = int(np.argmax(row))
            m = r[k]
            t = mpmath.fsum(mpmath.exp(v - m) for i, v in enumerate(r) if i != k)
            L = mpmath.log1p(t)
            lse.append(float(m + L))
            sm.append([float(mpmath.exp(v - m) / (1 + t)) for v in r])
            lsm.append([float((v - m) - L) for v in r])
    return np.array(lse), np.array(sm), np.array(lsm)


def _ulp(got, want, scale=0.0):
    return np.abs(got - want) / np.spacing(np.maximum(np.abs(want), scale))


@pytest.mark.parametrize("mag", [1e-3, 1.0, 30.0, 700.0, 1e5, 1e300])
def test_accuracy_against_mpmath(mag):
    rng = np.random.default_rng(int(np.log10(mag) + 10))
    x = rng.normal(size=(40, 17)) * mag
    if mag < 1e200:
        x += rng.uniform(-5, 5, size=(40, 1)) * mag  # an offset per row
    lse, sm, lsm = _mp_rows(x)
    # logsumexp: relative error, with the absolute scale max|x| where the result is near 0 (ill-conditioned)
    scale = np.max(np.abs(x), axis=1) * 2.0 ** -4
    assert _ulp(specfun.logsumexp(x, 1), lse, scale).max() <= 2
    assert _ulp(specfun.log_softmax(x, 1), lsm).max() <= 2
    got = specfun.softmax(x, 1)
    tiny = sm < 1e-300  # subnormal/underflowed results: absolute scale
    assert _ulp(got[~tiny], sm[~tiny]).max() <= 2
    assert np.all(np.abs(got[tiny] - sm[tiny]) <= 1e-300)


def test_float32_accuracy():
    x = np.random.default_rng(5).normal(size=(30, 9)).astype(np.float32) * 10
    lse, sm, lsm = _mp_rows(x.astype(np.float64))
    f32 = np.float32
    assert (np.abs(specfun.logsumexp(x, 1) - lse.astype(f32)) / np.spacing(np.abs(lse).astype(f32))).max() <= 1
    got = specfun.softmax(x, 1)
    assert got.dtype == np.float32
    ok = sm > 1e-30
    assert (np.abs(got[ok] - sm[ok].astype(f32)) / np.spacing(sm[ok].astype(f32))).max() <= 1


def test_dominant_entry_keeps_relative_accuracy():
    x = np.array([0.0, -40.0, -45.0])
    with mpmath.workdps(50):
        want = float(mpmath.log(1 + mpmath.exp(-40) + mpmath.exp(-45)))
    assert abs(specfun.logsumexp(x, 0) - want) <= np.spacing(want)  # 1 ULP; a naive log(sum) gives 0


EDGE = np.array([[NI, NI], [1.0, 2.0], [INF, 1.0], [INF, INF], [NAN, 1.0], [NI, 0.0], [INF, NAN], [INF, NI]])


@pytest.mark.parametrize("name", ["softmax", "log_softmax", "logsumexp"])
def test_special_slices_match_torch(name):
    torch = pytest.importorskip("torch")
    got = getattr(specfun, name)(EDGE, 1)
    want = getattr(torch.special, name)(torch.from_numpy(EDGE), 1).numpy()
    same = (np.isnan(got) == np.isnan(want)) & ((got == want) | np.isnan(got) | (np.abs(got - want) < 1e-15))
    assert same.all()


def test_exact_special_values():
    assert specfun.logsumexp(np.array([NI, NI]), 0) == NI
    assert specfun.logsumexp(np.empty(0), 0) == NI
    assert np.isnan(specfun.softmax(np.array([NI, NI]), 0)).all()
    assert specfun.logsumexp(np.array([INF, NI]), 0) == INF
    np.testing.assert_array_equal(specfun.softmax(np.array([NI, 0.0]), 0), [0.0, 1.0])
    np.testing.assert_array_equal(specfun.log_softmax(np.array([NI, 0.0]), 0), [NI, 0.0])
    assert specfun.softmax(3.0, 0) == 1.0 and specfun.logsumexp(3.0, 0) == 3.0


SHAPES = [(5,), (2, 3, 4), (0, 3), (2, 0), (3, 1, 2)]


@pytest.mark.parametrize("shape", SHAPES)
def test_shapes_and_dims_match_torch(shape):
    torch = pytest.importorskip("torch")
    x = np.random.default_rng(6).normal(size=shape) * 5
    t = torch.from_numpy(x)
    nd = len(shape)
    for d in range(-nd, nd):
        for name in ("softmax", "log_softmax"):
            got = getattr(specfun, name)(x, d)
            want = getattr(torch.special, name)(t, d).numpy()
            assert got.shape == want.shape
            np.testing.assert_allclose(got, want, rtol=1e-13, atol=1e-15)
    for r in range(1, nd + 1):
        for dims in itertools.permutations(range(nd), r):
            for keep in (False, True):
                got = specfun.logsumexp(x, dims, keep)
                want = torch.special.logsumexp(t, dims, keep).numpy()
                assert np.shape(got) == want.shape
                np.testing.assert_allclose(got, want, rtol=1e-13)


def test_dtypes():
    import ml_dtypes

    assert specfun.softmax([1, 2], 0).dtype == np.float64  # ints -> float64 (specfun promotion)
    assert specfun.logsumexp(np.array([True, False]), 0).dtype == np.float64
    assert specfun.softmax(np.ones(3, np.float16), 0).dtype == np.float16
    assert specfun.softmax(np.ones(3, ml_dtypes.bfloat16), 0).dtype == ml_dtypes.bfloat16
    assert specfun.softmax(np.ones(3), 0, dtype=np.float32).dtype == np.float32
    assert specfun.log_softmax(np.ones(3, np.float32), 0, dtype="float64").dtype == np.float64


def test_errors():
    with pytest.raises(IndexError, match="softmax"):
        specfun.softmax(np.ones((2, 3)), 2)
    with pytest.raises(TypeError, match="softmax"):
        specfun.softmax(np.ones(2, complex), 0)
    with pytest.raises(TypeError, match="log_softmax"):
        specfun.log_softmax(np.ones(2), 0, dtype=np.int64)
    with pytest.raises(TypeError, match="softmax"):
        specfun.softmax(np.ones(2), None)
    with pytest.raises(ValueError, match="logsumexp"):
        specfun.logsumexp(np.ones((2, 2)), (0, 0))
    with pytest.raises(TypeError, match="logsumexp"):
        specfun.logsumexp(np.ones(2), 1.0)


def test_torch_tensor_roundtrip():
    torch = pytest.importorskip("torch")
    t = torch.tensor([[1.0, 2.0]], dtype=torch.float32)
    r = specfun.softmax(t, 1)
    assert isinstance(r, torch.Tensor) and r.dtype == torch.float32


def _jac(f, x):
    """Jacobian by exact algebra is what we test against: build it column by column from f's formula."""
    n = x.size
    J = np.empty((n, n))
    for j in range(n):
        e = np.zeros(n)
        e[j] = 1.0
        J[:, j] = f(e)
    return J


def test_vjps_exact_algebra():
    from specfun._registry import REDUCTIONS

    rng = np.random.default_rng(7)
    x = rng.normal(size=5)
    g = rng.normal(size=5)
    y = specfun.softmax(x, 0)
    # softmax Jacobian: diag(y) - y y^T
    J = np.diag(y) - np.outer(y, y)
    np.testing.assert_allclose(REDUCTIONS["softmax"].vjp(g, x, y, 0, False), g @ J, rtol=1e-14, atol=1e-16)
    ls = specfun.log_softmax(x, 0)
    J = np.eye(5) - np.outer(np.ones(5), y)
    np.testing.assert_allclose(REDUCTIONS["log_softmax"].vjp(g, x, ls, 0, False), g @ J, rtol=1e-14, atol=1e-15)
    X = rng.normal(size=(3, 4))
    out = specfun.logsumexp(X, 1)
    gg = rng.normal(size=3)
    want = gg[:, None] * specfun.softmax(X, 1)
    np.testing.assert_allclose(REDUCTIONS["logsumexp"].vjp(gg, X, out, 1, False), want, rtol=1e-14)
    outk = specfun.logsumexp(X, (0, 1), True)
    np.testing.assert_allclose(REDUCTIONS["logsumexp"].vjp(np.ones((1, 1)), X, outk, (0, 1), True),
                               np.exp(X - outk), rtol=1e-14)


@pytest.mark.parametrize("lo,hi", [(-45.0, -40.0), (-744.0, -738.0), (-3.0, 0.0)])
def test_long_rows_many_small_terms(lo, hi):
    """Rows longer than a chunk (2048): a dominant max with thousands of small (or subnormal) terms,
    and repeated maxima; the sum of the small terms must keep its relative accuracy."""
    rng = np.random.default_rng(11)
    x = rng.uniform(lo, hi, size=(3, 5000))
    x[:, 17] = 0.0
    x[1, 4000] = 0.0  # a second maximum
    x[2, :] = np.round(x[2, :])  # many repeated values, maxima included
    x[2, 2500] = 0.0
    for X, d in ((x, 1), (np.ascontiguousarray(x.T), 0)):
        lse, sm, lsm = _mp_rows(x)
        got = specfun.logsumexp(X, d)
        sub = np.abs(lse) < 1e-300  # a sum of subnormal exps: each rounded to 2^-1074 (as before)
        assert _ulp(got[~sub], lse[~sub]).max() <= 2
        assert np.all(np.abs(got[sub] - lse[sub]) <= 5e-324 * x.shape[1] / 2)
        got = specfun.softmax(X, d)
        got = got if d == 1 else got.T
        ok = sm > 1e-300
        assert _ulp(got[ok], sm[ok]).max() <= 2
        assert np.all(np.abs(got[~ok] - sm[~ok]) <= 1e-300)
        got = specfun.log_softmax(X, d)
        got = got if d == 1 else got.T
        sub = np.abs(lsm) < 1e-300  # minus such a subnormal sum
        assert _ulp(got[~sub], lsm[~sub]).max() <= 2
        assert np.all(np.abs(got[sub] - lsm[sub]) <= 5e-324 * x.shape[1] / 2)
    # float32: correctly rounded (the float64 path rounded once)
    x32 = x.astype(np.float32)
    lse, sm, lsm = _mp_rows(x32.astype(np.float64))
    f32 = np.float32
    np.testing.assert_array_equal(specfun.logsumexp(x32, 1), lse.astype(f32))
    np.testing.assert_array_equal(specfun.softmax(x32, 1), sm.astype(f32))


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("name", ["softmax", "log_softmax", "logsumexp"])
def test_nan_inf_anywhere_match_torch(name, dtype):
    """A nan (either sign) or an infinity at any position of a longer slice, along either axis."""
    torch = pytest.importorskip("torch")
    nneg = np.copysign(NAN, -1.0)
    rows = []
    for bad in (NAN, nneg, INF, NI):
        for pos in (0, 3, 9):
            r = np.linspace(-3.0, 2.0, 10)
            r[pos] = bad
            rows.append(r)
    rows += [[NI] * 9 + [nneg], [INF] + [nneg] * 9, [nneg] * 10, [NI] * 10]
    x = np.array(rows, dtype)
    for X, d in ((x, 1), (np.ascontiguousarray(x.T), 0)):
        got = getattr(specfun, name)(X, d)
        want = getattr(torch.special, name)(torch.from_numpy(X), d).numpy()
        np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
        ok = ~np.isnan(want)
        np.testing.assert_allclose(got[ok], want[ok], rtol=1e-6 if dtype == np.float32 else 1e-13, atol=0)


def test_float32_is_float64_rounded():
    """float32 results are the float64 path's rounded once (0 mismatches on 2e5 random values)."""
    rng = np.random.default_rng(12)
    x = (rng.standard_normal((200, 500)) * rng.uniform(0.1, 50, size=(200, 1))).astype(np.float32)
    for X, d in ((x, 1), (np.ascontiguousarray(x.T), 0)):
        for name in ("softmax", "log_softmax", "logsumexp"):
            f = getattr(specfun, name)
            np.testing.assert_array_equal(f(X, d), f(X.astype(np.float64), d).astype(np.float32))


def test_threads_share_the_work_bit_identically(monkeypatch):
    """Above _PARALLEL_MIN elements the pool's threads and the caller share slices of the outer
    axis, or, with too few of those (dim=0), blocks of columns (including blocks that do not end
    on the alignment and a column of nan); every piece is the same kernel on the same elements
    as one thread."""
    from specfun._targets import parallel
    from specfun.families import reductions

    blocks = []
    real = parallel.run_block
    monkeypatch.setattr(parallel, "run_block", lambda ctl: blocks.append(int(ctl[2])) or real(ctl))
    rng = np.random.default_rng(11)
    cases = [((300, 1000), -1), ((40, 300, 50), 1), ((7, 20000), 1), ((3, 5, 20000), -1),
             ((1000, 1000), 0), ((200, 1003), 0), ((2, 300, 333), 1), ((20000, 7), 0)]
    for shape, dim in cases:
        for dtype in (np.float64, np.float32):
            x = (rng.standard_normal(shape) * 7).astype(dtype)
            x.flat[::997] = -np.inf  # special entries along the way
            x[..., -1] = np.nan  # a column (or row) of nan: the special-column pass
            assert x.size >= reductions._PARALLEL_MIN
            for name in ("softmax", "log_softmax", "logsumexp"):
                fn = getattr(specfun, name)
                monkeypatch.setattr(parallel, "num_threads", lambda: 1)
                blocks.clear()
                one = fn(x, dim)
                assert not blocks  # one thread: one piece, no control block
                monkeypatch.setattr(parallel, "num_threads", lambda: 3)
                many = fn(x, dim)
                d = dim % x.ndim
                outer, inner = int(np.prod(shape[:d])), int(np.prod(shape[d + 1:]))
                # the pieces of one block on the threads (7 columns make one block: one thread)
                assert blocks == ([] if (outer, inner) == (1, 7) else [len(reductions._pieces(outer, inner, 3)) // 4])
                assert not blocks or blocks[0] >= 2
                assert one.dtype == many.dtype == dtype
                assert np.array_equal(one.view(np.uint8), many.view(np.uint8)), (name, shape, dim, dtype)


def test_float32_softmax_keeps_or_recomputes_the_exps_identically(monkeypatch):
    """float32 softmax along a leading axis keeps the exps of blocks of columns (E) or, for a very
    long axis, computes them again: the same values either way, blocks ending anywhere."""
    from specfun.families import reductions

    rng = np.random.default_rng(5)
    x = (rng.standard_normal((300, 1000)) * 9).astype(np.float32)
    x[7, 3] = np.nan
    kept = specfun.softmax(x, 0)
    monkeypatch.setattr(reductions, "_E_BYTES", 300 * 8 * 48)  # blocks of 48 columns
    blocks = specfun.softmax(x, 0)
    monkeypatch.setattr(reductions, "_E_ROWS_MAX", 0)
    again = specfun.softmax(x, 0)
    assert np.array_equal(kept.view(np.uint32), again.view(np.uint32))
    assert np.array_equal(blocks.view(np.uint32), again.view(np.uint32))


def test_fast_path_matches_the_general_path():
    """C-contiguous float32/float64 arrays with an int dim skip the argument handling (the fast
    path): the same results, bit for bit, as the general path (a NumPy integer dim, a
    Fortran-ordered copy, a list), shapes and keepdim included."""
    from specfun.families import reductions

    rng = np.random.default_rng(21)
    for dtype in (np.float64, np.float32):
        x = (rng.standard_normal((3, 40, 5)) * 9).astype(dtype)
        xf = np.asfortranarray(x)
        for d in (0, 1, 2, -1, -3):
            assert reductions._fast3(x, d) is not None and reductions._fast3(xf, d) is None
            assert reductions._fast3(x, np.int64(d)) is None
            for name in ("softmax", "log_softmax"):
                f = getattr(specfun, name)
                want = f(x, d)
                for got in (f(x, np.int64(d)), f(xf, d)):
                    assert got.dtype == want.dtype and got.shape == want.shape
                    assert np.array_equal(got.view(np.uint8), want.view(np.uint8)), (name, d)
            for keep in (False, True):
                want = specfun.logsumexp(x, d, keep)
                got = specfun.logsumexp(xf, np.int64(d), keep)
                assert got.shape == want.shape and np.array_equal(got, want)
    v = [0.5, -1.0, 3.0]
    assert np.array_equal(specfun.softmax(np.array(v), 0), specfun.softmax(v, 0))
    r = specfun.logsumexp(np.array(v), 0)
    assert np.ndim(r) == 0 and r == specfun.logsumexp(v, 0)


def test_small_calls_from_several_threads():
    """One-piece calls reuse their thread's data array: threads calling at once with
    different shapes and modes each get their own results."""
    import threading

    rng = np.random.default_rng(23)
    xs = [(rng.standard_normal(s) * 5).astype(dt) for s, dt in (((7, 30), np.float64), ((300,), np.float32),
                                                               ((20, 9, 4), np.float64), ((1000,), np.float64))]
    want = {(i, name): getattr(specfun, name)(x, 0) for i, x in enumerate(xs) for name in ("softmax", "logsumexp")}
    errors = []

    def work(k):
        try:
            for r in range(300):
                i, name = (k + r) % len(xs), ("softmax", "logsumexp")[r % 2]
                got = getattr(specfun, name)(xs[i], 0)
                if not np.array_equal(got, want[i, name]):
                    errors.append((k, r))
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors[:5]
