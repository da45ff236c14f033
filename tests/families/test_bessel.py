"""Bessel J0 J1 Y0 Y1 and spherical j0 j1: identities, symmetries, and mpmath spot values.

Reference values come from mpmath only.  Error near zeros is measured against
the local amplitude sqrt(2/(pi x)) (1/x for the spherical functions), as the
accuracy goals state.
"""
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import specfun

mp = pytest.importorskip("mpmath")

FUNCS = {
    "bessel_j0": lambda x: mp.besselj(0, x),
    "bessel_j1": lambda x: mp.besselj(1, x),
    "bessel_y0": lambda x: mp.bessely(0, x),
    "bessel_y1": lambda x: mp.bessely(1, x),
}


def _ulp_err(got, want, scale):
    """|got - want| in units of the spacing of max(|want|, scale)."""
    return abs(float(got) - float(want)) / np.spacing(max(abs(float(want)), scale))


def _ref(name, x):
    with mp.workdps(40):
        return FUNCS[name](mp.mpf(float(x)))


def _amp(x):
    return math.sqrt(2.0 / (math.pi * x))


def _pts_near_zeros(kind, v, count):
    """Floats within +-1e-3 (and the nearest floats) of the first zeros."""
    pts = []
    with mp.workdps(30):
        for k in range(1, count + 1):
            z = float(mp.besseljzero(v, k) if kind == "J" else mp.besselyzero(v, k))
            pts += [z, np.nextafter(z, 0), np.nextafter(z, 10), z - 1e-3, z + 1e-3, z * (1 + 1e-9)]
    return pts


@pytest.mark.parametrize("name", sorted(FUNCS))
def test_near_zeros_and_hard_regions(name):
    kind, v = name[-2].upper(), int(name[-1])
    pts = _pts_near_zeros(kind, v, 8)
    pts += [0.5, 1.0, 2.0, 4.99, 5.0, 5.01, 7.3, 12.5, 25.0, 33.3, 1e3 + 0.1, 12345.678, 1e5 + 0.3, 3.14e6,
            99999999.5, 1e8, 4e8 + 1.5, 1e10 + 0.25, 1e15 + 2.0]
    fn = getattr(specfun, name)
    got = fn(np.array(pts))
    errs = [_ulp_err(g, _ref(name, x), _amp(x)) for g, x in zip(got, pts)]
    worst = int(np.argmax(errs))
    assert errs[worst] <= 4.0, f"{name}({pts[worst]!r}): {errs[worst]} ulp of the amplitude"


@pytest.mark.parametrize("name", sorted(FUNCS))
def test_relative_away_from_zeros(name):
    """Relative error <= 4 ulp at points where the function is not small (|f| > amplitude/4)."""
    rng = np.random.default_rng(7)
    xs = np.concatenate([rng.uniform(0.05, 30.0, 60), np.exp(rng.uniform(np.log(30.0), np.log(1e8), 40))])
    fn = getattr(specfun, name)
    got = fn(xs)
    for g, x in zip(got, xs):
        want = _ref(name, x)
        if abs(want) < 0.25 * _amp(x):
            continue
        assert _ulp_err(g, want, 0.0) <= 4.0, f"{name}({x!r}) = {g!r}, want {float(want)!r}"


def test_small_arguments():
    xs = np.array([1e-300, 1e-20, 1e-9, 1e-6, 1e-3, 0.1])
    for name in ("bessel_j0", "bessel_j1", "bessel_y0", "bessel_y1"):
        got = getattr(specfun, name)(xs)
        for g, x in zip(got, xs):
            want = _ref(name, x)
            assert _ulp_err(g, want, 0.0) <= 2.0, (name, x)


def test_y0_tiny_log_nearly_correctly_rounded():
    """Y0 for x < 1e-3 (subnormals included): (2/pi) log x carried as a double-double, so the
    result is within 0.51 ulp (scipy and torch reach 0.97 / 1.33 there)."""
    rng = np.random.default_rng(7)
    xs = np.exp(rng.uniform(math.log(5e-324), math.log(1e-3), 300))
    xs = np.concatenate([xs, [5e-324, 2.225073858507201e-308, 2.2250738585072014e-308, np.nextafter(1e-3, 0)]])
    got = specfun.bessel_y0(xs)
    for g, x in zip(got, xs):
        want = _ref("bessel_y0", x)
        err = float(abs(mp.mpf(float(g)) - want)) / np.spacing(abs(float(want)))  # not rounded first
        assert err <= 0.51, f"bessel_y0({x!r}) = {g!r}, want {float(want)!r}"


finite = st.floats(min_value=-1e9, max_value=1e9, allow_nan=False)


@settings(max_examples=200, deadline=None)
@given(finite)
def test_symmetry(x):
    a = np.array([x, -x])
    j0 = specfun.bessel_j0(a)
    j1 = specfun.bessel_j1(a)
    assert j0[0] == j0[1]
    assert j1[0] == -j1[1]
    s0 = specfun.spherical_bessel_j0(a)
    s1 = specfun.spherical_bessel_j1(a)
    assert s0[0] == s0[1]
    assert s1[0] == -s1[1]


@settings(max_examples=300, deadline=None)
@given(st.floats(min_value=1e-3, max_value=1e8, allow_nan=False))
def test_wronskian(x):
    """J1 Y0 - J0 Y1 = 2/(pi x) (DLMF 10.5.2), to a few ulp of the terms (no cancellation allowance)."""
    a = np.array([x])
    j0, j1 = specfun.bessel_j0(a)[0], specfun.bessel_j1(a)[0]
    y0, y1 = specfun.bessel_y0(a)[0], specfun.bessel_y1(a)[0]
    w = j1 * y0 - j0 * y1
    want = 2.0 / (math.pi * x)
    terms = abs(j1 * y0) + abs(j0 * y1)
    assert abs(w - want) <= 10.0 * np.spacing(max(terms, want)), (x, w, want)


def test_float32_rounds_float64():
    rng = np.random.default_rng(11)
    xs = np.concatenate([rng.uniform(-30, 30, 500), np.exp(rng.uniform(0, 18, 200))]).astype(np.float32)
    for name in ("bessel_j0", "bessel_j1", "spherical_bessel_j0", "spherical_bessel_j1"):
        fn = getattr(specfun, name)
        assert np.array_equal(fn(xs), fn(xs.astype(np.float64)).astype(np.float32), equal_nan=True)
    pos = np.abs(xs) + np.float32(1e-3)
    for name in ("bessel_y0", "bessel_y1"):
        fn = getattr(specfun, name)
        assert np.array_equal(fn(pos), fn(pos.astype(np.float64)).astype(np.float32))


def _sph_ref(n, x):
    with mp.workdps(40):
        x = mp.mpf(float(x))
        return mp.sqrt(mp.pi / (2 * x)) * mp.besselj(n + mp.mpf(0.5), x)


@pytest.mark.parametrize("n", [0, 1])
def test_spherical_no_cancellation(n):
    """<= 2 ulp near 0 (series), and against the amplitude 1/x elsewhere."""
    fn = specfun.spherical_bessel_j0 if n == 0 else specfun.spherical_bessel_j1
    small = np.array([1e-300, 1e-100, 1e-10, 1e-5, 1e-3, 0.1, 0.3, 0.49, 0.5, 1.0, 1.5, 1.99, 2.0, 2.5])
    for g, x in zip(fn(small), small):
        assert _ulp_err(g, _sph_ref(n, x), 0.0) <= 2.0, (n, x)
    rng = np.random.default_rng(5)
    xs = np.concatenate([rng.uniform(2.0, 50.0, 80), np.exp(rng.uniform(4, 30, 40))])
    for g, x in zip(fn(xs), xs):
        assert _ulp_err(g, _sph_ref(n, x), 1.0 / x) <= 2.0, (n, x)


def test_derivative_rules_at_zero():
    d_j1 = specfun.derivatives["bessel_j1"][0]
    d_s1 = specfun.derivatives["spherical_bessel_j1"][0]
    x = np.array([0.0, 1e-3])
    assert d_j1(x)[0] == 0.5
    assert d_s1(x)[0] == 1.0 / 3.0
    assert np.all(np.isfinite(d_j1(x))) and np.all(np.isfinite(d_s1(x)))
    # d/dx spherical j0 = -j1 (no cancellation at small x)
    assert specfun.derivatives["spherical_bessel_j0"][0](np.array([1e-200]))[0] == -specfun.spherical_bessel_j1(
        np.array([1e-200]))[0]


@pytest.mark.parametrize("name", sorted(FUNCS))
def test_relative_at_first_five_zeros(name):
    """Full relative accuracy (<= 4 ulp of the value itself) within 1e-3 (relative) of the first five zeros."""
    kind, v = name[-2].upper(), int(name[-1])
    pts = []
    with mp.workdps(30):
        for k in range(1, 6):
            z = float(mp.besseljzero(v, k) if kind == "J" else mp.besselyzero(v, k))
            pts += [np.nextafter(z, 0), np.nextafter(z, 20), z * (1 - 1e-3), z * (1 + 1e-3), z * (1 + 1e-7)]
    fn = getattr(specfun, name)
    for g, x in zip(fn(np.array(pts)), pts):
        assert _ulp_err(g, _ref(name, x), 0.0) <= 4.0, (name, x)


def test_spherical_j1_first_zero_relative():
    with mp.workdps(30):
        z = float(mp.findroot(lambda t: mp.tan(t) - t, 4.49))
    pts = np.array([np.nextafter(z, 0), z * (1 - 1e-6), z * (1 + 1e-3), 4.4, 4.6])
    for g, x in zip(specfun.spherical_bessel_j1(pts), pts):
        assert _ulp_err(g, _sph_ref(1, x), 0.0) <= 2.0, x


# --- spherical j0 float32 kernel (f32_kernel=) -------------------------------------------------

def _f32_nearest(v):
    """The float32 nearest the mpf ``v``."""
    hi = np.float32(float(v))
    cands = (np.nextafter(hi, np.float32(-np.inf)), hi, np.nextafter(hi, np.float32(np.inf)))
    return min(cands, key=lambda c: abs(mp.mpf(float(c)) - v))


def test_spherical_j0_f32_kernel_correctly_rounded_near_zeros():
    # the float32 numbers nearest k pi (and their neighbours), where sin(x)/x is smallest relative to
    # 1/x: the reduction must keep full relative accuracy there
    from specfun.families import bessel as B
    ks = [1, 2, 3, 10, 57, 1000, 31416, 10 ** 6, 12345678, 10 ** 8]
    with mp.workdps(40):
        for k in ks:
            c = np.float32(k * np.pi)
            for x in (c, np.nextafter(c, np.float32(0)), np.nextafter(c, np.float32(np.inf)), np.float32(k + 0.5)):
                xm = mp.mpf(float(x))
                want = _f32_nearest(mp.sin(xm) / xm)
                assert np.float32(B._sj0_f32(float(x))) == want, (k, x)


def test_spherical_j0_f32_loop_matches_float64_kernel():
    rng = np.random.default_rng(3)
    x = np.r_[rng.uniform(-20, 20, 100000), np.exp(rng.uniform(-5, 45, 100000)),
              [0.0, -0.0, np.inf, -np.inf, np.nan, 1e-45, 3e38, 0.5, -0.5, 4e8]].astype(np.float32)
    got = specfun.spherical_bessel_j0(x, target="cpu")
    assert got.dtype == np.float32
    want = specfun.spherical_bessel_j0(x.astype(np.float64), target="cpu").astype(np.float32)
    assert np.array_equal(got, want, equal_nan=True), x[got != want][:5]


# --- J0, J1 float32 kernels (f32_kernel=) -------------------------------------------------------

def _f32_neighbours(z, k):
    """The 2k+1 float32 numbers centred on the float32 nearest z."""
    c = np.array([np.float32(z)]).view(np.int32).astype(np.int64)
    return (c + np.arange(-k, k + 1)).astype(np.int32).view(np.float32)


_JY_F32 = [("bessel_j0", "j", 0), ("bessel_j1", "j", 1), ("bessel_y0", "y", 0), ("bessel_y1", "y", 1)]


@pytest.mark.parametrize("name, kind, nu", _JY_F32)
def test_jy_f32_kernel_correctly_rounded_near_first_zeros(name, kind, nu):
    # relative accuracy where the value is smallest: the float32 numbers nearest the first five zeros
    # (the three nearest against mpmath, 400 on each side against the float64 kernel, which has Taylor
    # windows there, rounded once)
    from specfun.families import bessel as B
    k32 = getattr(B, f"_{kind}{nu}_f32")
    fn = getattr(specfun, name)
    zero = mp.besseljzero if kind == "j" else mp.besselyzero
    ref = mp.besselj if kind == "j" else mp.bessely
    with mp.workdps(40):
        for j in range(1, 6):
            xs = _f32_neighbours(float(zero(nu, j)), 400)
            for x in xs[399:402]:
                want = _f32_nearest(ref(nu, mp.mpf(float(x))))
                assert np.float32(k32(float(x))) == want, (j, x)
            if kind == "j":
                xs = np.r_[xs, -xs]
            got = fn(xs, target="cpu")
            want = fn(xs.astype(np.float64), target="cpu").astype(np.float32)
            assert np.array_equal(got, want), (j, xs[got != want][:5])


@pytest.mark.parametrize("name", [c[0] for c in _JY_F32])
def test_jy_f32_loop_matches_float64_kernel(name):
    fn = getattr(specfun, name)
    rng = np.random.default_rng(5)
    x = np.r_[rng.uniform(-20, 20, 100000), np.exp(rng.uniform(-90, 88, 100000)) * rng.choice([-1, 1], 100000),
              rng.uniform(0, 5, 50000),
              [0.0, -0.0, np.inf, -np.inf, np.nan, 1e-45, -1e-45, 3e38, -3e38, 5.0, -5.0, 4e8, 1e-3, 0.7, 1.1,
               1.5, 2.5]].astype(np.float32)
    with np.errstate(over="ignore"):
        got = fn(x, target="cpu")
        want = fn(x.astype(np.float64), target="cpu").astype(np.float32)
    assert got.dtype == np.float32
    same = ((got == want) & (np.signbit(got) == np.signbit(want))) | (np.isnan(got) & np.isnan(want))
    assert same.all(), (x[~same][:5], got[~same][:5], want[~same][:5])


@pytest.mark.parametrize("name, zeros", [("bessel_y0", (0.8935769662791675, 3.957678419314858)),
                                         ("bessel_y1", (2.197141326031017,))])
def test_y_f32_windows_match_float64_kernel(name, zeros):
    # the float32 kernels' Taylor windows (|x - zero| < 4e-3) and the cancelling sum just outside them
    fn = getattr(specfun, name)
    rng = np.random.default_rng(2)
    for z in zeros:
        x = (z + rng.uniform(-0.012, 0.012, 200000)).astype(np.float32)
        got = fn(x, target="cpu")
        want = fn(x.astype(np.float64), target="cpu").astype(np.float32)
        assert np.array_equal(got, want), (z, x[got != want][:5])
