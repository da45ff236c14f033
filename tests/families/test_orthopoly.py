"""Orthogonal polynomials: symmetries, shifted = plain, recurrences, references, derivatives.

References are computed here, apart from the kernels: the three-term recurrence
run in mpmath at 400 bits on the exact float64 input (mpmath's own legendre and
chebyu are wrong at tiny x), and python-flint's Arb for large degrees.  Errors are
measured in ulps of max(|p_n(x)|, envelope), the envelope being the size of the
polynomial on its orthogonality interval (1 for T and P, n+1 for U, 2n+1 for V
and W, e^(x/2) for L, the Cramer-type bound for H and He).
"""
from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import specfun

mpmath = pytest.importorskip("mpmath")

CHEB = ("t", "u", "v", "w")
SYMMETRIC = ("chebyshev_polynomial_t", "chebyshev_polynomial_u", "hermite_polynomial_h",
             "hermite_polynomial_he", "legendre_polynomial_p")
ALL = tuple(f"chebyshev_polynomial_{k}" for k in CHEB) + tuple(f"shifted_chebyshev_polynomial_{k}" for k in CHEB) + (
    "hermite_polynomial_h", "hermite_polynomial_he", "laguerre_polynomial_l", "legendre_polynomial_p")
SETTINGS = settings(max_examples=60, deadline=None)


def f64(name, x, n):
    return float(getattr(specfun, name)(np.float64(x), np.float64(n)))


# --------------------------------------------------------------------------
# references: the recurrence at 400 bits on the exact input

def mp_poly(name, x, n):
    """p_n(x) by its three-term recurrence in mpmath at 400 bits (exact input, exact coefficients)."""
    with mpmath.workprec(400):
        x = mpmath.mpf(x)
        if name.startswith("shifted_"):
            x = 2 * x - 1
            name = name[len("shifted_"):]
        if n == 0:
            return mpmath.mpf(1)
        if name.startswith("chebyshev"):
            kind = name[-1]
            p0, p1 = mpmath.mpf(1), {"t": x, "u": 2 * x, "v": 2 * x - 1, "w": 2 * x + 1}[kind]
            for _ in range(1, n):
                p0, p1 = p1, 2 * x * p1 - p0
        elif name == "hermite_polynomial_h":
            p0, p1 = mpmath.mpf(1), 2 * x
            for k in range(1, n):
                p0, p1 = p1, 2 * x * p1 - 2 * k * p0
        elif name == "hermite_polynomial_he":
            p0, p1 = mpmath.mpf(1), x
            for k in range(1, n):
                p0, p1 = p1, x * p1 - k * p0
        elif name == "laguerre_polynomial_l":
            p0, p1 = mpmath.mpf(1), 1 - x
            for k in range(1, n):
                p0, p1 = p1, ((2 * k + 1 - x) * p1 - k * p0) / (k + 1)
        elif name == "legendre_polynomial_p":
            p0, p1 = mpmath.mpf(1), x
            for k in range(1, n):
                p0, p1 = p1, ((2 * k + 1) * x * p1 - k * p0) / (k + 1)
        else:
            raise KeyError(name)
        return p1


def envelope(name, x, n):
    if name.startswith("shifted_"):
        name = name[len("shifted_"):]
    if name.startswith("chebyshev"):
        return {"t": 1.0, "u": n + 1.0, "v": 2 * n + 1.0, "w": 2 * n + 1.0}[name[-1]]
    if name == "legendre_polynomial_p":
        return 1.0
    if name == "laguerre_polynomial_l":
        return math.exp(min(x, 1400.0) / 2) if x > 0 else 1.0
    lf = math.lgamma(n + 1)
    if name == "hermite_polynomial_h":
        return math.exp(min(0.5 * (n * math.log(2) + lf) + x * x / 2, 709.0))
    return math.exp(min(0.5 * lf + x * x / 4, 709.0))


def ulp_err(got, want_mp, scale, dtype=np.float64):
    want = float(want_mp)
    if math.isinf(want) or abs(want) > float(np.finfo(dtype).max):
        return 0.0 if got == math.copysign(math.inf, want) else math.inf
    if not math.isfinite(got):
        return math.inf
    s = np.spacing(dtype(min(max(abs(want), scale), 0.5 * float(np.finfo(dtype).max)))).astype(np.float64)
    return float(abs(mpmath.mpf(got) - want_mp) / s)


REGIONS = {
    "cheb": [(-1.0, 1.0), (0.999, 1.0), (-1.0, -0.999), (1.0, 1.001), (1.001, 3.0)],
    "shifted": [(0.0, 1.0), (0.0, 1e-3), (0.999, 1.0), (1.0, 1.001), (-1.0, 0.0)],
    "hermite": [(-1.0, 1.0), (-6.0, 6.0), (0.0, 30.0)],
    "laguerre": [(0.0, 1.0), (0.0, 10.0), (0.0, 200.0), (-10.0, 0.0)],
    "legendre": [(-1.0, 1.0), (0.999, 1.0), (-1.0, -0.999), (1.0, 1.001), (1.001, 3.0)],
}


def regions_of(name):
    if name.startswith("shifted"):
        return REGIONS["shifted"]
    for key in ("cheb", "hermite", "laguerre", "legendre"):
        if key in name:
            return REGIONS[key]
    raise KeyError(name)


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("n", [2, 3, 10, 57, 64, 65, 300])
def test_against_mpmath_recurrence(name, n):
    """float64 <= 4 ulps and float32 <= 1 ulp of max(|p_n|, envelope) in every region (measured: 0 and 0.5)."""
    rng = np.random.default_rng(n + sum(map(ord, name)))
    fn = getattr(specfun, name)
    for lo, hi in regions_of(name):
        x = rng.uniform(lo, hi, 6)
        x32 = x.astype(np.float32)
        got = fn(x, np.full(6, float(n)))
        got32 = fn(x32, np.full(6, n, np.float32))
        for xi, gi, xi32, gi32 in zip(x, got, x32, got32):
            want = mp_poly(name, float(xi), n)
            e = ulp_err(float(gi), want, envelope(name, float(xi), n))
            assert e <= 4.0, f"{name}({xi!r}, {n}) = {gi!r}, want {mpmath.nstr(want, 20)}: {e:.1f} ulp"
            want32 = mp_poly(name, float(xi32), n)
            e32 = ulp_err(float(gi32), want32, envelope(name, float(xi32), n), np.float32)
            assert e32 <= 1.0, f"{name}({xi32!r}, {n}) float32 = {gi32!r}: {e32:.2f} ulp"


def _arb_ref(name, x, n):
    flint = pytest.importorskip("flint")
    for prec in (320, 1280, 5120):
        flint.ctx.prec = prec
        y = flint.arb(x)
        if name.startswith("shifted_"):
            y, name2 = 2 * y - 1, name[len("shifted_"):]
        else:
            name2 = name
        if name2.startswith("chebyshev"):
            k = name2[-1]
            if k == "t":
                r = y.chebyshev_t(n)
            else:
                u, u1 = y.chebyshev_u(n), y.chebyshev_u(n - 1)
                r = {"u": u, "v": u - u1, "w": u + u1}[k]
        elif name2 == "legendre_polynomial_p":
            r = y.legendre_p(n)
        elif name2 == "laguerre_polynomial_l":
            r = y.laguerre_l(n)
        elif name2 == "hermite_polynomial_h":
            r = y.hermite_h(n)
        else:
            r = (y / flint.arb(2).sqrt()).hermite_h(n) * flint.arb(2) ** (flint.arb(-n) / 2)
        if r.rad() <= abs(r.mid()) * 1e-25 + 1e-300:
            break
    flint.ctx.prec = 53
    return mpmath.mpf(r.mid().str(40, radius=False))


@pytest.mark.parametrize("name", ALL)
def test_large_degree_against_arb(name):
    """n = 10000 (and the Chebyshev doubling at n = 100000) against Arb: <= 4 ulps of the scale."""
    rng = np.random.default_rng(7)
    fn = getattr(specfun, name)
    degrees = (10000, 100000) if "chebyshev" in name else (10000,)
    for n in degrees:
        for lo, hi in regions_of(name):
            for xi in rng.uniform(lo, hi, 3):
                got = float(fn(xi, float(n)))
                want = _arb_ref(name, float(xi), n)
                e = ulp_err(got, want, envelope(name, float(xi), n))
                assert e <= 4.0, f"{name}({xi!r}, {n}) = {got!r}, want {mpmath.nstr(want, 20)}: {e:.1f} ulp"


def test_anchor_defect_u58_near_minus_one():
    # torch: U_58(-0.9999999999999997) = 59.00000043; true 58.99999999998...
    want = mp_poly("chebyshev_polynomial_u", -0.9999999999999997, 58)
    got = f64("chebyshev_polynomial_u", -0.9999999999999997, 58)
    assert ulp_err(got, want, 59.0) <= 0.5


# --------------------------------------------------------------------------
# properties

deg = st.integers(min_value=0, max_value=300)
xs = st.floats(min_value=-3.0, max_value=3.0, allow_nan=False)


@SETTINGS
@given(x=xs, n=deg)
def test_parity(x, n):
    """p_n(-x) = (-1)^n p_n(x) bit for bit; V_n(-x) = (-1)^n W_n(x) (DLMF table 18.6.1)."""
    s = -1.0 if n % 2 else 1.0
    for name in SYMMETRIC:
        assert f64(name, -x, n) == s * f64(name, x, n) or (
            f64(name, x, n) == 0.0), name
    assert f64("chebyshev_polynomial_v", -x, n) == s * f64("chebyshev_polynomial_w", x, n)


@SETTINGS
@given(x=st.floats(min_value=0.25, max_value=1.0), n=deg)
def test_shifted_equals_plain_where_exact(x, n):
    y = 2.0 * x - 1.0  # exact on [1/4, 1]
    for k in CHEB:
        assert f64(f"shifted_chebyshev_polynomial_{k}", x, n) == f64(f"chebyshev_polynomial_{k}", y, n)


@SETTINGS
@given(x=st.floats(min_value=-1e-3, max_value=1e-3), n=st.integers(1, 200))
def test_shifted_is_accurate_where_two_x_minus_one_rounds(x, n):
    """Near x = 0 the shifted argument 2x - 1 rounds; the kernel keeps it exact."""
    want = mp_poly("shifted_chebyshev_polynomial_t", x, n)
    assert ulp_err(f64("shifted_chebyshev_polynomial_t", x, n), want, 1.0) <= 1.0


def _close(lhs, rhs, bound_terms, ulps=4.0):
    scale = sum(abs(t) for t in bound_terms)
    return abs(lhs - rhs) <= ulps * np.spacing(scale) + 1e-300


@SETTINGS
@given(x=st.floats(min_value=-1.0, max_value=1.0), n=st.integers(1, 500))
def test_chebyshev_recurrences(x, n):
    """p_{n+1} = 2x p_n - p_{n-1} for every kind (DLMF 18.9.1), and T_n = (U_n - U_{n-2})/2."""
    for k in CHEB:
        name = f"chebyshev_polynomial_{k}"
        a, b, c = f64(name, x, n - 1), f64(name, x, n), f64(name, x, n + 1)
        assert _close(c, 2 * x * b - a, (c, 2 * x * b, a, 2 * n + 3)), (name, x, n)
    t, u, u2 = (f64("chebyshev_polynomial_t", x, n), f64("chebyshev_polynomial_u", x, n),
                f64("chebyshev_polynomial_u", x, n - 2))
    assert _close(t, 0.5 * (u - u2), (t, u, u2, n + 1))


@SETTINGS
@given(x=st.floats(min_value=-8.0, max_value=8.0), n=st.integers(1, 120))
def test_hermite_recurrences(x, n):
    """H_{n+1} = 2x H_n - 2n H_{n-1}; He_{n+1} = x He_n - n He_{n-1}; H_n(x) = 2^(n/2) He_n(x sqrt2)."""
    a, b, c = (f64("hermite_polynomial_h", x, k) for k in (n - 1, n, n + 1))
    env = envelope("hermite_polynomial_h", x, n + 1)
    assert _close(c, 2 * x * b - 2 * n * a, (c, 2 * x * b, 2 * n * a, env / 16))
    a, b, c = (f64("hermite_polynomial_he", x, k) for k in (n - 1, n, n + 1))
    env = envelope("hermite_polynomial_he", x, n + 1)
    assert _close(c, x * b - n * a, (c, x * b, n * a, env / 16))


@SETTINGS
@given(x=st.floats(min_value=-1.5, max_value=1.5), n=st.integers(1, 500))
def test_legendre_recurrence(x, n):
    """(n+1) P_{n+1} = (2n+1) x P_n - n P_{n-1} (DLMF 18.9.1)."""
    a, b, c = (f64("legendre_polynomial_p", x, k) for k in (n - 1, n, n + 1))
    assert _close((n + 1) * c, (2 * n + 1) * x * b - n * a, ((n + 1) * c, (2 * n + 1) * x * b, n * a, n + 1))


@SETTINGS
@given(x=st.floats(min_value=-5.0, max_value=60.0), n=st.integers(1, 500))
def test_laguerre_recurrence(x, n):
    """(n+1) L_{n+1} = (2n+1-x) L_n - n L_{n-1} (DLMF 18.9.1)."""
    a, b, c = (f64("laguerre_polynomial_l", x, k) for k in (n - 1, n, n + 1))
    env = envelope("laguerre_polynomial_l", x, n)
    assert _close((n + 1) * c, (2 * n + 1 - x) * b - n * a,
                  ((n + 1) * c, (2 * n + 1) * b, x * b, n * a, (n + 1) * env), ulps=8.0)


def test_float32_is_float64_rounded():
    rng = np.random.default_rng(3)
    x = rng.uniform(-1.5, 1.5, 200).astype(np.float32)
    n = rng.integers(0, 80, 200).astype(np.float32)
    for name in ALL:
        fn = getattr(specfun, name)
        assert np.array_equal(fn(x, n), fn(x.astype(np.float64), n.astype(np.float64)).astype(np.float32),
                              equal_nan=True), name


@pytest.mark.parametrize("name", ALL[:8])
def test_float32_kernel_correctly_rounded(name):
    """The Chebyshev float32 kernels (plain recurrence n <= 64, plain angle form above; outside [-1, 1]
    the plain recurrence n < 16, plain powers of e^acosh|y| above) round to the
    float32 nearest the mpmath value wherever |p_n| >= 2**-8 of the envelope, and elsewhere stay
    within half a float32 ulp of the value plus 2**-40 of the envelope (near the zeros), on
    x ~ U(-1, 1) and near the ends +-1."""
    rng = np.random.default_rng(sum(map(ord, name)))
    fn = getattr(specfun, name)
    shifted = name.startswith("shifted")
    for n in (5, 16, 17, 40, 64, 65, 100, 1000):
        d = np.exp(rng.uniform(math.log(1e-6), math.log(0.05), 6)) * rng.choice([-1.0, 1.0], 6)
        o = np.exp(rng.uniform(math.log(1e-6), math.log(3.0), 6)) * rng.choice([-1.0, 1.0], 6)
        y = np.concatenate([rng.uniform(-1.0, 1.0, 8), np.sign(d) * (1.0 - np.abs(d)), np.sign(o) * (1.0 + np.abs(o))])
        x32 = ((y + 1.0) / 2.0 if shifted else y).astype(np.float32)
        with np.errstate(over="ignore"):
            got = fn(x32, np.full(len(x32), n, np.float32))
        for xi, gi in zip(x32, got):
            want = mp_poly(name, float(xi), n)
            env = max(abs(float(want)), envelope(name, float(xi), n))
            if abs(want) >= 2.0**128 * (1.0 - 2.0**-25):   # rounds beyond the float32 range
                assert gi == math.copysign(math.inf, want), f"{name}({xi!r}, {n}) = {gi!r}"
                continue
            with mpmath.workprec(24):
                want32 = np.float32(float(+want))   # correctly rounded to 24 bits
            if abs(want) >= env * 2.0**-8:
                assert gi == want32, f"{name}({xi!r}, {n}) = {gi!r}, want {mpmath.nstr(want, 12)}"
            else:
                tol = 0.5 * float(np.spacing(abs(want32))) + env * 2.0**-40
                assert abs(float(gi) - want) <= tol, f"{name}({xi!r}, {n}) = {gi!r}, want {mpmath.nstr(want, 12)}"


@pytest.mark.parametrize("name", ["hermite_polynomial_h", "hermite_polynomial_he"])
def test_hermite_float32_kernel_correctly_rounded(name):
    """The Hermite float32 kernel (half-step recurrence in plain doubles, |x| <= 8, n <= 128) rounds to
    the float32 nearest the mpmath value wherever |p_n| >= 2**-8 of the envelope (elsewhere within half
    a float32 ulp plus 2**-40 of the envelope), overflowing to the right signed infinity."""
    rng = np.random.default_rng(sum(map(ord, name)))
    fn = getattr(specfun, name)
    for n in (0, 1, 2, 5, 6, 13, 20, 37, 64, 100, 128):
        x32 = np.concatenate([rng.uniform(-1.0, 1.0, 6), rng.uniform(-8.0, 8.0, 6)]).astype(np.float32)
        with np.errstate(over="ignore"):
            got = fn(x32, np.full(len(x32), n, np.float32))
        for xi, gi in zip(x32, got):
            want = mp_poly(name, float(xi), n)
            if abs(want) >= 2.0**128 * (1.0 - 2.0**-25):
                assert gi == math.copysign(math.inf, want), f"{name}({xi!r}, {n}) = {gi!r}"
                continue
            with mpmath.workprec(24):
                want32 = np.float32(float(+want))
            env = max(abs(float(want)), envelope(name, float(xi), n))
            if abs(want) >= env * 2.0**-8:
                assert gi == want32, f"{name}({xi!r}, {n}) = {gi!r}, want {mpmath.nstr(want, 12)}"
            else:
                tol = 0.5 * float(np.spacing(abs(want32))) + env * 2.0**-40
                assert abs(float(gi) - want) <= tol, f"{name}({xi!r}, {n}) = {gi!r}, want {mpmath.nstr(want, 12)}"


@pytest.mark.parametrize("name", ["gegenbauer_polynomial_c", "generalized_laguerre_polynomial_l"])
def test_gegenbauer_laguerre_float32_kernel(name):
    """The float32 kernels of C_n^(a) and L_n^(a) (plain recurrence, n <= 256, a <= 50) round to the float32
    nearest the mpmath value where |p_n| >= 2**-8 of max(|p_n|, p_n's envelope), else within half a float32
    ulp plus 2**-40 of it (envelope: C_n^(a)(1) for a > 0, (a+1)_n/n! e^(x/2) for Laguerre, x >= 0)."""
    rng = np.random.default_rng(sum(map(ord, name)))
    fn = getattr(specfun, name)
    lag = name.startswith("generalized")
    for n in (2, 3, 7, 20, 64, 100, 256):
        m = 10
        x32 = (rng.uniform(0.0, 60.0, m) if lag else rng.uniform(-1.0, 1.0, m)).astype(np.float32)
        a32 = rng.uniform(-0.5, 50.0, m).astype(np.float32)
        with np.errstate(over="ignore"):
            got = fn(x32, np.full(m, n, np.float32), a32)
        for xi, ai, gi in zip(x32, a32, got):
            with mpmath.workprec(300):
                xm, am = mpmath.mpf(float(xi)), mpmath.mpf(float(ai))
                if lag:
                    want = mpmath.laguerre(n, am, xm)
                    env = mpmath.binomial(n + am, n) * mpmath.exp(xm / 2)
                else:
                    want = mpmath.gegenbauer(n, am, xm)
                    env = abs(mpmath.gegenbauer(n, am, 1)) if am > 0 else mpmath.mpf(1)
            if abs(want) >= 2.0**128 * (1.0 - 2.0**-25):
                assert gi == math.copysign(math.inf, want), f"{name}({xi!r}, {n}, {ai!r}) = {gi!r}"
                continue
            env = max(abs(float(want)), float(env))
            with mpmath.workprec(24):
                want32 = np.float32(float(+want))
            if abs(want) >= env * 2.0**-8:
                assert gi == want32, f"{name}({xi!r}, {n}, {ai!r}) = {gi!r}, want {mpmath.nstr(want, 12)}"
            else:
                tol = 0.5 * float(np.spacing(abs(want32))) + env * 2.0**-40
                assert abs(float(gi) - want) <= tol, f"{name}({xi!r}, {n}, {ai!r}) = {gi!r}"


def test_huge_degree_values():
    """n = 1e6 gives numbers, not nan (time per element is measured in benchmarks/, not here)."""
    x = np.linspace(-0.99, 0.99, 200)
    for k in CHEB:
        assert not np.isnan(getattr(specfun, f"chebyshev_polynomial_{k}")(x, 1e6)).any()
    for name in ("hermite_polynomial_h", "hermite_polynomial_he", "laguerre_polynomial_l", "legendre_polynomial_p"):
        v = getattr(specfun, name)(np.array([0.3]), 1e6)
        assert not np.isnan(v).any()
    # P_n(cos t) ~ sqrt(2/(pi n sin t)) cos((n+1/2)t - pi/4) (Laplace-Heine, DLMF 18.15.1 leading term)
    t = 1.0
    n = 1_000_000
    p = float(specfun.legendre_polynomial_p(math.cos(t), float(n)))
    approx = math.sqrt(2 / (math.pi * n * math.sin(t))) * math.cos((n + 0.5) * t - math.pi / 4)
    assert abs(p - approx) < 1e-6


# --------------------------------------------------------------------------
# Legendre of large degree: Stieltjes' series inside, Bessel forms near and beyond +-1

def _leg_scale(x, n):
    s = math.sqrt(max((1.0 - x) * (1.0 + x), 0.0))
    return min(1.0, math.sqrt(2.0 / (math.pi * n * s))) if s > 0 else 1.0


def test_legendre_stieltjes_region_against_arb():
    """n sin(theta) >= 22, 36 <= n <= 1e6: the double-double asymptotic path rounds (nearly) correctly.

    Measured <= 0.504 ulp of max(|P_n|, sqrt(2/(pi n sin t))) on 10^4 points (Arb)."""
    rng = np.random.default_rng(11)
    n = np.floor(np.exp(rng.uniform(math.log(36), math.log(1e6), 40)))
    k = rng.uniform(22.0, 200.0, 40)          # n sin(theta), from the switch point inward
    s = np.minimum(k / n, 1.0)
    x = np.sqrt(1.0 - s * s) * rng.choice([-1.0, 1.0], 40)
    got = specfun.legendre_polynomial_p(x, n)
    for xi, ni, gi in zip(x, n, got):
        want = _arb_ref("legendre_polynomial_p", float(xi), int(ni))
        e = ulp_err(float(gi), want, _leg_scale(float(xi), ni))
        assert e <= 0.75, f"P_{int(ni)}({xi!r}) = {gi!r}, want {mpmath.nstr(want, 20)}: {e:.2f} ulp"


@pytest.mark.parametrize("lo, hi", [(1e-16, 1e-11), (1e-11, 3e-6)])
def test_legendre_boundary_forms_against_arb(lo, hi):
    """n > 1e4 within n sin(theta) < 22 of +-1 (J0/J1 form) and just beyond (I0/I1 and the growing
    Stieltjes half): <= 4 ulps (measured 3.3 inside, 2.1 outside)."""
    rng = np.random.default_rng(12)
    n = np.floor(np.exp(rng.uniform(math.log(1.1e4), math.log(1e6), 24)))
    d = np.exp(rng.uniform(math.log(lo), math.log(hi), 24))
    x = np.where(rng.uniform(size=24) < 0.5, 1.0 - d, 1.0 + d) * rng.choice([-1.0, 1.0], 24)
    got = specfun.legendre_polynomial_p(x, n)
    for xi, ni, gi in zip(x, n, got):
        want = _arb_ref("legendre_polynomial_p", float(xi), int(ni))
        e = ulp_err(float(gi), want, _leg_scale(float(xi), ni))
        assert e <= 4.0, f"P_{int(ni)}({xi!r}) = {gi!r}, want {mpmath.nstr(want, 20)}: {e:.2f} ulp"


def test_legendre_odd_degree_near_zero_is_relatively_accurate():
    """Odd n >= 37, n |x| < 3e-4: P_n'(0) x (1 + ...) keeps the tiny values to a few ulps of themselves
    (measured 1.8), with the exact signed zero at +-0."""
    rng = np.random.default_rng(14)
    for _ in range(12):
        n = 2 * int(np.exp(rng.uniform(math.log(18), math.log(5e5)))) + 1
        x = float(np.exp(rng.uniform(math.log(1e-300), math.log(3e-4 / n)))) * rng.choice([-1.0, 1.0])
        got = f64("legendre_polynomial_p", x, n)
        want = _arb_ref("legendre_polynomial_p", x, n)
        assert ulp_err(got, want, abs(float(want))) <= 4.0, (x, n, got, want)
    assert math.copysign(1.0, f64("legendre_polynomial_p", -0.0, 100001)) == -1.0


def test_legendre_degree_1e6_every_kind_of_x():
    """n = 1e6 for every kind of x (the O(1) paths; their time per element is in benchmarks/)."""
    x = np.concatenate([np.linspace(-0.999, 0.999, 500), 1.0 - np.logspace(-16, -3, 200),
                        1.0 + np.logspace(-16, 1, 200), [1.0, -1.0]])
    n = np.full(x.size, 1e6)
    v = specfun.legendre_polynomial_p(x, n)
    assert not np.isnan(v).any()
    assert v[-2] == 1.0 and v[-1] == 1.0
    assert float(specfun.legendre_polynomial_p(-1.0, 999999.0)) == -1.0


@pytest.mark.parametrize("name", ["hermite_polynomial_h", "hermite_polynomial_he", "legendre_polynomial_p",
                                  "laguerre_polynomial_l"])
def test_overflow_shortcut_agrees_with_the_recurrence(name):
    """The O(1) +-inf answers (a rigorous lower bound above e^710.5) only where the true value overflows."""
    rng = np.random.default_rng(13)
    fn = getattr(specfun, name)
    for ni in (70, 150, 400):
        if name == "legendre_polynomial_p":
            x = np.cosh(rng.uniform(0.8, 1.3, 8) * 709.8 / ni)
        elif name == "laguerre_polynomial_l":
            x = np.where(np.arange(8) < 4, -(rng.uniform(0.7, 1.5, 8) * 355.0) ** 2 / ni,
                         4 * ni + 3 + rng.uniform(0.5, 60.0, 8) * ni)
        else:
            z = math.sqrt((4 * ni + 2) / (2.0 if name.endswith("_h") else 1.0))
            x = z * rng.uniform(1.0, 4.0, 8)
        if name != "laguerre_polynomial_l":
            x = x * rng.choice([-1.0, 1.0], 8)
        for xi, gi in zip(x, fn(x, np.full(8, float(ni)))):
            want = mp_poly(name, float(xi), ni)
            e = ulp_err(float(gi), want, abs(float(want)) if math.isfinite(float(want)) else 1.0)
            assert e <= 4.0, f"{name}({xi!r}, {ni}) = {gi!r}, want {mpmath.nstr(want, 20)}"


def test_hermite_degree_1e6_beyond_the_zeros_overflows():
    v = specfun.hermite_polynomial_h(np.full(2000, -2000.0), np.full(2000, 1e6 + 1))
    assert (v == -np.inf).all()


def _arb_hermite_sign(name, x, n):
    """(sign, overflows) of H_n(x) / He_n(x) from Arb, the precision raised until the sign is certain."""
    flint = pytest.importorskip("flint")
    prec = 256
    while True:
        flint.ctx.prec = prec
        y = flint.arb(x)
        if name == "hermite_polynomial_h":
            r = y.hermite_h(flint.arb(n))
        else:
            r = (y / flint.arb(2).sqrt()).hermite_h(flint.arb(n)) * flint.arb(2) ** (flint.arb(-n) / 2)
        if r.is_finite() and r.rad() < abs(r.mid()) * 1e-3:
            break
        if prec >= 2**16:
            flint.ctx.prec = 53
            return None   # Arb's own bound does not settle it (some x at n ~ 1e6)
        prec *= 4
    flint.ctx.prec = 53
    return (1.0 if r > 0 else -1.0), bool(abs(r) > flint.arb(np.finfo(float).max)), float(r.mid())


@pytest.mark.parametrize("name", ["hermite_polynomial_h", "hermite_polynomial_he"])
def test_hermite_huge_degree_sign_against_arb(name):
    """n >= 271 (H) / 304 (He): the Airy-type expansion's +-inf (every x off a zero overflows) has Arb's
    sign, inside, at the turning point sqrt(2n+1) (H) / sqrt(4n+2) (He), just beyond it, and next to zeros
    (where the recurrence decides): 0 sign errors (the validation ran 4000 points, n up to 2e4, and 400 at
    1e5..2**31)."""
    rng = np.random.default_rng(17)
    fn = getattr(specfun, name)
    m = 2.0 if name == "hermite_polynomial_h" else 1.0
    n0 = 271 if m == 2.0 else 304
    for n in (n0, n0 + 1, 1000, 20001, 10**5, 10**6 + 1):
        z = math.sqrt((4 * n + 2) / m)
        t = np.concatenate([rng.uniform(0.0, 1.0, 6), 1.0 + rng.uniform(-6.0, 3.0, 6) * (2 * n + 1) ** (-2 / 3),
                            1.0 + rng.uniform(-1e-6, 1e-6, 2), rng.uniform(0.0, 1e-3, 2)])
        if n > 10**5:
            t = rng.uniform(0.0, 0.02, 8)   # Arb settles only small x at n = 1e6
        x = t * z * rng.choice([-1.0, 1.0], t.size)
        checked = 0
        for xi, gi in zip(x, fn(x, np.full(x.size, float(n)))):
            ref = _arb_hermite_sign(name, float(xi), n)
            if ref is None:
                continue
            sg, over, mid = ref
            want = sg * math.inf if over else mid
            assert gi == want or abs(gi - want) <= 1e-13 * abs(want), f"{name}({xi!r}, {n}) = {gi!r}, want {want!r}"
            checked += 1
        assert checked >= (12 if n <= 20001 else 4), (n, checked)


@pytest.mark.parametrize("m, x, n", [(2.0, 18787.66596111054, 2.0**31), (2.0, 31157.009302573904, 2.0**31),
                                     (1.0, 28547.151778764153, 2.0**31), (1.0, 76648.30907753321, 2.0**31),
                                     (2.0, 44226.55061336569, 1e9)])
def test_hermite_second_pass_double_double_phase(m, x, n):
    """Points where the first pass (phase in doubles: ~5 ulp of 2n+1 of rounding) leaves the sign open at
    n = 1e9, 2**31: the double-double phase decides (no 2e9-step recurrence).  Reference: the sign of
    Ai(sigma) with sigma from mpmath at 300 bits (|Ai|/M >= 4e-6 here, the expansion's error <= 1e-11)."""
    from specfun.families import orthopoly
    asy = getattr(orthopoly._hermite_asy, "py_func", orthopoly._hermite_asy)
    assert math.isnan(asy(x, n, m, 0))
    with mpmath.workprec(300):
        t = mpmath.mpf(x) / mpmath.sqrt((4 * mpmath.mpf(n) + 2) / m)
        xi = (2 * mpmath.mpf(n) + 1) * (mpmath.acos(t) - t * mpmath.sqrt(1 - t * t)) / 2
        a = mpmath.airyai(-(mpmath.mpf(1.5) * xi) ** (mpmath.mpf(2) / 3))
    want = math.copysign(math.inf, float(a))
    assert asy(x, n, m, 1) == want
    fn = specfun.hermite_polynomial_h if m == 2.0 else specfun.hermite_polynomial_he
    assert float(fn(x, n)) == want


@pytest.mark.parametrize("name", ["hermite_polynomial_h", "hermite_polynomial_he"])
def test_hermite_huge_degree_next_to_zeros(name):
    """x within 1e-9 (relative) of a zero of H_n / He_n (n = 300..1000): the expansion leaves the sign open
    there and the recurrence runs; still Arb's answer (+-inf, or the finite value near x = 0)."""
    fn = getattr(specfun, name)
    m = 2.0 if name == "hermite_polynomial_h" else 1.0
    for n in (305, 1000, 1001):
        s = math.sqrt(2.0 / m)
        xs = []
        for j in (0, 1, 7):
            # small zeros of H_n: about pi (j + (1 + (-1)^n)/4) / sqrt(2n + 1), refined by Newton in mpmath
            x0 = math.pi * (j + (0.5 if n % 2 == 0 else 0.0)) / math.sqrt(2 * n + 1)
            if x0 == 0.0:
                xs += [0.0, 1e-300, -3e-20]
                continue
            with mpmath.workprec(200):
                xz = float(mpmath.findroot(lambda u: mpmath.hermite(n, u), x0, verify=False)) * s
            xs += [xz, math.nextafter(xz, 1.0), xz * (1 + 1e-9), -xz * (1 - 1e-12)]
        for xi in xs:
            gi = float(fn(xi, float(n)))
            # mpmath (its hypergeometric sum raises the precision against cancellation), 300 and 600 bits agree
            vals = []
            for prec in (300, 600):
                with mpmath.workprec(prec):
                    v = mpmath.hermite(n, mpmath.mpf(xi) / mpmath.sqrt(2)) * mpmath.mpf(2) ** (-mpmath.mpf(n) / 2) \
                        if m == 1.0 else mpmath.hermite(n, mpmath.mpf(xi))
                    vals.append(v)
            assert mpmath.sign(vals[0]) == mpmath.sign(vals[1])
            v = vals[1]
            want = float(mpmath.sign(v)) * math.inf if abs(v) > np.finfo(float).max else float(v)
            assert gi == want or abs(gi - want) <= 1e-13 * abs(want), f"{name}({xi!r}, {n}) = {gi!r}, want {want!r}"


# --------------------------------------------------------------------------
# derivatives (rules written with specfun's own functions; checked against mpmath.diff)

DERIV_CASES = [(name, x, n) for name in ALL for n in (0, 1, 2, 5, 17)
               for x in ((0.3, 0.9999, -0.75, 1.0, -1.0) if "shifted" not in name else (0.1, 0.99995, 0.0, 1.0))]


@pytest.mark.parametrize("name, x, n", DERIV_CASES)
def test_derivative_rule(name, x, n):
    rule = specfun.derivatives[name][0]
    assert specfun.derivatives[name][1] is None  # n is not differentiable
    got = float(rule(np.array([x]), np.array([float(n)]))[0])
    with mpmath.workdps(40):
        want = mpmath.diff(lambda t: mp_poly_mp(name, t, n), mpmath.mpf(x))
    scale = max(abs(float(want)), 1.0)
    assert abs(got - float(want)) <= 8 * np.spacing(scale) * max(1, n), (name, x, n, got, want)


def mp_poly_mp(name, x, n):
    """mp_poly on an mpf argument (for mpmath.diff)."""
    with mpmath.workprec(400):
        return mp_poly(name, x, n)


def test_derivative_limits_at_the_ends():
    """U_n'(1) = n(n+1)(n+2)/3 and P_n'(1) = n(n+1)/2 come out exactly (no 0/0 at x = +-1)."""
    for n in (3, 10, 58):
        du = specfun.derivatives["chebyshev_polynomial_u"][0](np.array([1.0, -1.0]), np.array([float(n)] * 2))
        want = n * (n + 1) * (n + 2) / 3
        assert du[0] == want and du[1] == (-1) ** (n + 1) * want
        dp = specfun.derivatives["legendre_polynomial_p"][0](np.array([1.0, -1.0]), np.array([float(n)] * 2))
        assert dp[0] == n * (n + 1) / 2 and dp[1] == (-1) ** (n + 1) * n * (n + 1) / 2
        dl = specfun.derivatives["laguerre_polynomial_l"][0](np.array([0.0]), np.array([float(n)]))
        assert dl[0] == -n


def test_second_derivative_through_the_table():
    """Rules of rules: d2/dx2 T_n = n d/dx U_{n-1}, vs mpmath."""
    n, x = 7, 0.4
    d2 = n * specfun.derivatives["chebyshev_polynomial_u"][0](np.array([x]), np.array([n - 1.0]))[0]
    with mpmath.workdps(40):
        want = mpmath.diff(lambda t: mpmath.chebyt(n, t), x, 2)
    assert abs(d2 - float(want)) <= 4 * np.spacing(abs(float(want)))


# --------------------------------------------------------------------------
# Hermite / Laguerre Horner path (|x| <= 1, 2 <= n <= 128): tables and accuracy

def test_horner_tables_are_exact():
    """Head/tail rows: C + c_Q and C exact doubles on one binade, c_Q a multiple of Q with <= 27 bits."""
    from fractions import Fraction

    from specfun.families import orthopoly as O

    for tab, off, p1, width in ((O._HERM_T, O._HERM_OFF, O._HERM_P1, 6), (O._LAG_T, O._LAG_OFF, O._LAG_P1, 3)):
        for j in range(len(p1)):
            for i in range(int(off[j]), int(off[j]) + int(p1[j])):
                for k in range(6 * i if width == 6 else 3 * i, (6 * i if width == 6 else 3 * i) + width, 3):
                    big = tab[k + 1]
                    m, e = math.frexp(big)
                    assert m == 0.75  # C = 3 2^(q+51)
                    q = e - 53
                    aq = Fraction(tab[k]) - Fraction(big)
                    assert aq.denominator == 1 or (aq * 2 ** -q).denominator == 1
                    assert abs(aq / Fraction(2) ** q) < 2 ** 27


@pytest.mark.parametrize("name", ["hermite_polynomial_h", "hermite_polynomial_he", "laguerre_polynomial_l"])
def test_horner_path_against_mpmath(name):
    """|x| <= 1 (the Horner path): <= 0.5 ulp of max(|p_n|, envelope) on 300 points (measured max 0.46 / 0.25 /
    0.499 over 3000), float32 exactly the rounded float64."""
    rng = np.random.default_rng(sum(map(ord, name)))
    x = rng.uniform(-1.0, 1.0, 300)
    x[:40] = 1.0 - rng.uniform(0.0, 1e-3, 40)
    x[40:60] = rng.uniform(-1e-6, 1e-6, 20)
    n = rng.integers(2, 129, 300).astype(np.float64)
    got = getattr(specfun, name)(x, n)
    for xi, ni, gi in zip(x, n, got):
        want = mp_poly(name, float(xi), int(ni))
        e = ulp_err(float(gi), want, envelope(name, float(xi), int(ni)))
        assert e <= 0.5, f"{name}({xi!r}, {ni}) = {gi!r}, want {mpmath.nstr(want, 20)}: {e:.3f} ulp"


def test_stored_horner_tables_match_a_fresh_build():
    """specfun/families/orthopoly_horner.npz is build_horner_tables() (stored only to keep import fast)."""
    from specfun.families import orthopoly

    fresh = orthopoly.build_horner_tables()
    with np.load(orthopoly.HORNER_TABLES_FILE) as z:
        assert sorted(z.files) == sorted(fresh)
        for k, v in fresh.items():
            assert z[k].dtype == v.dtype and np.array_equal(z[k], v), k


def test_stored_hermite_roots_match_a_fresh_build():
    """specfun/families/orthopoly_hroots.npz (the squared zeros of He_n as grid head + tail, used by
    _hermite_prod) is build_hermite_roots() on a sample of rows (a full build takes ~10 s), every stored
    head on the grid 2**-41 with |tail| <= 2**-42, rows ascending, unused entries 0; and He_n is
    (nearly) zero at the stored zeros: |He_n(sqrt(G + T))| <= 2**-90 |He_n'| sqrt(G + T) (mpmath)."""
    from specfun.families import orthopoly

    rows = [(0, 1), (1, 1), (0, 2), (1, 7), (0, 23), (1, 40), (0, 64), (1, 64)]
    g, t = orthopoly.build_hermite_roots(rows)
    with np.load(orthopoly.HERMITE_ROOTS_FILE) as z:
        sg, st = z["G"], z["T"]
    for o, h in rows:
        assert np.array_equal(sg[o, h], g[o, h]) and np.array_equal(st[o, h], t[o, h]), (o, h)
    for o in range(2):
        for h in range(65):
            assert not sg[o, h, h:].any() and not st[o, h, h:].any()
            assert np.all(np.diff(sg[o, h, :h]) > 0)
    assert np.array_equal(sg * 2.0**41, np.round(sg * 2.0**41)) and np.abs(st).max() <= 2.0**-42
    with mpmath.workprec(300):
        for o, h in rows:
            n = 2 * h + o
            for i in (0, h // 2, h - 1):
                x = mpmath.sqrt(mpmath.mpf(sg[o, h, i]) + mpmath.mpf(st[o, h, i]))
                p0, p1 = mpmath.mpf(1), x
                for k in range(1, n):
                    p0, p1 = p1, x * p1 - k * p0
                assert abs(p1) <= 2.0**-90 * abs(n * p0) * x, (o, h, i)


# --------------------------------------------------------------------------
# Chebyshev O(1) angle form (|y| < 1, 24 <= n <= 2**15) and power form (1 < |y| <= 4, 30 <= n <= 200)

def _cheb_env(kind, t, n):
    """The tight envelope of the accuracy report: 1 (T), min(n+1, 1/s) (U), min(2n+1, sqrt(2/(1 +- t))) (V, W)."""
    if kind == "t":
        return 1.0
    if kind == "u":
        s = math.sqrt(max(1.0 - t * t, 0.0))
        return n + 1.0 if s == 0 else min(n + 1.0, 1.0 / s)
    d = 1.0 + t if kind == "v" else 1.0 - t
    return 2.0 * n + 1.0 if d <= 0 else min(2.0 * n + 1.0, math.sqrt(2.0 / d))


def _cheb_trig_ref(kind, t, n):
    """p_n(cos theta) at 400 bits from the angle (DLMF 18.5.1-18.5.4), for large degrees inside (-1, 1)."""
    with mpmath.workprec(400):
        th = mpmath.acos(t)
        if kind == "t":
            return mpmath.cos(n * th)
        if kind == "u":
            return mpmath.sin((n + 1) * th) / mpmath.sin(th)
        h = mpmath.mpf(n) + mpmath.mpf(1) / 2
        if kind == "v":
            return mpmath.cos(h * th) / mpmath.cos(th / 2)
        return mpmath.sin(h * th) / mpmath.sin(th / 2)


@pytest.mark.parametrize("kind", CHEB)
@pytest.mark.parametrize("shifted", [False, True])
def test_chebyshev_angle_form_against_mpmath(kind, shifted):
    """Inside (-1, 1), 12 <= n <= 2**15 (the table/angle path from 24, the two-step recurrence below):
    <= 0.5 ulp of the tight envelope (the
    computed value is within ~2**-66 of it before its one rounding), float32 the correctly rounded value."""
    name = ("shifted_" if shifted else "") + "chebyshev_polynomial_" + kind
    fn = getattr(specfun, name)
    rng = np.random.default_rng(sum(map(ord, name)))
    t = rng.uniform(-1.0, 1.0, 160)
    t[:30] = np.sign(t[:30]) * (1.0 - 10.0 ** rng.uniform(-4, -1, 30))   # toward the ends
    n = rng.integers(12, 101, 160)
    n[:15] = rng.integers(101, 32769, 15)
    x = (t + 1.0) / 2.0 if shifted else t
    got = fn(x, n.astype(np.float64))
    x32 = x.astype(np.float32)
    got32 = fn(x32, n.astype(np.float32))
    for xi, ni, gi, xi32, gi32 in zip(x, n, got, x32, got32):
        ti = 2 * mpmath.mpf(float(xi)) - 1 if shifted else mpmath.mpf(float(xi))
        want = mp_poly(name, float(xi), int(ni)) if ni <= 300 else _cheb_trig_ref(kind, ti, int(ni))
        e = ulp_err(float(gi), want, _cheb_env(kind, float(ti), int(ni)))
        assert e <= 0.501, f"{name}({xi!r}, {ni}) = {gi!r}, want {mpmath.nstr(want, 20)}: {e:.3f} ulp"
        if ni <= 300:
            want32 = mp_poly(name, float(xi32), int(ni))
            assert gi32 == np.float32(float(want32)), f"{name}({xi32!r}, {ni}) float32 = {gi32!r} (not rounded)"


@pytest.mark.parametrize("kind", CHEB)
@pytest.mark.parametrize("shifted", [False, True])
def test_chebyshev_power_form_against_mpmath(kind, shifted):
    """1 < |y| <= 4, 20 <= n <= 200 (from n = 30 powers of e^acosh|y| in double-double): <= 0.5 ulp
    relative, also within 1e-15 of +-1 where y = 2x - 1 carries a low part (x just below 0), float32
    correctly rounded."""
    name = ("shifted_" if shifted else "") + "chebyshev_polynomial_" + kind
    fn = getattr(specfun, name)
    rng = np.random.default_rng(7 + sum(map(ord, name)))
    sg = np.where(rng.uniform(-1.0, 1.0, 120) < 0, -1.0, 1.0)
    t = sg * rng.uniform(1.0, 4.0, 120)
    t[:40] = sg[:40] * (1.0 + 10.0 ** rng.uniform(-15, -2, 40))
    x = (t + 1.0) / 2.0 if shifted else t
    if shifted:
        x[:20] = -(10.0 ** rng.uniform(-16, -3, 20))          # y = 2x - 1 just below -1, inexact
    n = rng.integers(20, 201, 120)
    got = fn(x, n.astype(np.float64))
    x32 = x.astype(np.float32)
    got32 = fn(x32, n.astype(np.float32))
    for xi, ni, gi, xi32, gi32 in zip(x, n, got, x32, got32):
        want = mp_poly(name, float(xi), int(ni))
        e = ulp_err(float(gi), want, 0.0)
        assert e <= 0.501, f"{name}({xi!r}, {ni}) = {gi!r}, want {mpmath.nstr(want, 20)}: {e:.3f} ulp"
        want32 = mp_poly(name, float(xi32), int(ni))
        if abs(float(want32)) < 3e38:
            assert gi32 == np.float32(float(want32)), f"{name}({xi32!r}, {ni}) float32 = {gi32!r} (not rounded)"


@pytest.mark.parametrize("kind", CHEB)
@pytest.mark.parametrize("shifted", [False, True])
def test_chebyshev_two_step_recurrence_against_mpmath(kind, shifted):
    """|y| <= 4, 2 <= n <= 44 off the angle/power forms (the compensated two-step recurrence
    p_{k+2} = 2 T_2(y) p_k - p_{k-2}): <= 0.5 ulp relative to the value itself (mpmath, 400 bits),
    near y = 0 (c = -2, the recurrence's worst conditioning), y^2 = 1/2 (c cancels) and +-1 included;
    float32 correctly rounded."""
    name = ("shifted_" if shifted else "") + "chebyshev_polynomial_" + kind
    fn = getattr(specfun, name)
    rng = np.random.default_rng(11 + sum(map(ord, name)))
    t = rng.uniform(-4.0, 4.0, 200)
    t[:40] = rng.uniform(-1.0, 1.0, 40)
    t[40:60] = rng.uniform(-1e-3, 1e-3, 20)
    t[60:80] = np.sign(t[60:80]) * (math.sqrt(0.5) + rng.uniform(-1e-6, 1e-6, 20))
    t[80:100] = np.sign(t[80:100]) * (1.0 - 10.0 ** rng.uniform(-12, -3, 20))
    n = rng.integers(2, 45, 200)
    n[:40] = rng.integers(2, 25, 40)
    x = (t + 1.0) / 2.0 if shifted else t
    got = fn(x, n.astype(np.float64))
    x32 = x.astype(np.float32)
    got32 = fn(x32, n.astype(np.float32))
    for xi, ni, gi, xi32, gi32 in zip(x, n, got, x32, got32):
        want = mp_poly(name, float(xi), int(ni))
        e = ulp_err(float(gi), want, 0.0)
        assert e <= 0.501, f"{name}({xi!r}, {ni}) = {gi!r}, want {mpmath.nstr(want, 20)}: {e:.3f} ulp"
        want32 = mp_poly(name, float(xi32), int(ni))
        assert gi32 == np.float32(float(want32)), f"{name}({xi32!r}, {ni}) float32 = {gi32!r} (not rounded)"


@pytest.mark.parametrize("name", ["hermite_polynomial_h", "hermite_polynomial_he"])
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7, 8, 11, 12, 13, 20, 25, 26, 29, 36])
def test_hermite_small_degrees_against_mpmath(name, n):
    """|x| <= 1, n = 2..5 (closed forms in double-double) and 6..36 (compensated Horner in y = 2m x^2):
    <= 0.5 ulp relative to the value itself (mpmath recurrence at 400 bits; measured 0.5 over 400-1500
    points each), tiny |x| included, odd
    degrees at +-0 signed zeros, float32 the correctly rounded value."""
    fn = getattr(specfun, name)
    rng = np.random.default_rng(n + sum(map(ord, name)))
    x = rng.uniform(-1.0, 1.0, 120)
    x[:20] = rng.uniform(-1e-9, 1e-9, 20)
    got = fn(x, np.full(x.size, float(n)))
    x32 = x.astype(np.float32)
    got32 = fn(x32, np.full(x.size, n, np.float32))
    for xi, gi, xi32, gi32 in zip(x, got, x32, got32):
        want = mp_poly(name, float(xi), n)
        e = ulp_err(float(gi), want, 0.0)
        assert e <= 0.5, f"{name}({xi!r}, {n}) = {gi!r}, want {mpmath.nstr(want, 20)}: {e:.3f} ulp"
        assert gi32 == np.float32(float(mp_poly(name, float(xi32), n))), f"{name}({xi32!r}, {n}) float32 = {gi32!r}"
    if n % 2 == 1:
        for z in (0.0, -0.0):
            sign = 1.0 if (n - 1) % 4 == 0 else -1.0
            assert math.copysign(1.0, f64(name, z, n)) == sign * math.copysign(1.0, z)


@pytest.mark.parametrize("name", ["hermite_polynomial_h", "hermite_polynomial_he"])
def test_hermite_every_degree_against_mpmath(name):
    """1 < |x| <= 20, every n = 2..128 (both parities of n and of h = floor(n/2): every row of the stored
    zeros of _hermite_prod and both of its chains, every start and meeting point of the float32 kernel's):
    <= 0.5 ulp relative to the value itself (mpmath recurrence at 400 bits; measured 0.4998 on 1524
    points), x^2 next to the first coefficient 1 + 2o included; float32 (|x| <= 8) the correctly
    rounded value where |p_n| >= 2**-8 of the envelope, else within half a float32 ulp + 2**-40 of it."""
    fn = getattr(specfun, name)
    rng = np.random.default_rng(5 + sum(map(ord, name)))
    n = np.repeat(np.arange(2, 129), 3)
    x = np.where(rng.random(n.size) < 0.5, -1.0, 1.0) * rng.uniform(1.0, 20.0, n.size)
    x[::3] = np.sign(x[::3]) * np.sqrt(1.0 + 2.0 * (n[::3] % 2) + rng.uniform(-1e-6, 1e-6, x[::3].size))
    x[1::3] = np.clip(x[1::3], -8.0, 8.0)
    got = fn(x, n.astype(np.float64))
    x32 = x.astype(np.float32)
    got32 = fn(x32, n.astype(np.float32))
    for xi, ni, gi, xi32, gi32 in zip(x, n, got, x32, got32):
        want = mp_poly(name, float(xi), int(ni))
        e = ulp_err(float(gi), want, 0.0)
        assert e <= 0.5, f"{name}({xi!r}, {ni}) = {gi!r}, want {mpmath.nstr(want, 20)}: {e:.3f} ulp"
        want = mp_poly(name, float(xi32), int(ni))
        if abs(want) >= 2.0**128 * (1.0 - 2.0**-25):
            assert gi32 == math.copysign(math.inf, want), f"{name}({xi32!r}, {ni}) = {gi32!r}"
            continue
        with mpmath.workprec(24):
            want32 = np.float32(float(+want))
        env = max(abs(float(want)), envelope(name, float(xi32), int(ni)))
        if abs(want) >= env * 2.0**-8:
            assert gi32 == want32, f"{name}({xi32!r}, {ni}) float32 = {gi32!r}, want {mpmath.nstr(want, 12)}"
        else:
            tol = 0.5 * float(np.spacing(abs(want32))) + env * 2.0**-40
            assert abs(float(gi32) - want) <= tol, f"{name}({xi32!r}, {ni}) float32 = {gi32!r}"


@pytest.mark.parametrize("lo,hi", [(1.0, 3.0), (3.0, 60.0), (60.0, 200.0), (-200.0, -1.0)])
def test_laguerre_two_chain_against_mpmath(lo, hi):
    """1 < |x| <= 200, n <= 128: the monic recurrence from both ends (_laguerre_mid, combined in
    double-double): <= 0.5 ulp of max(|L_n|, e^(x/2)) (x > 0) or of |L_n| (x < 0), odd and even n,
    mpmath recurrence at 400 bits (measured <= 0.4986 on 750 points)."""
    rng = np.random.default_rng(int(abs(lo) * 7 + hi))
    x = rng.uniform(lo, hi, 40)
    n = rng.integers(2, 129, 40).astype(float)
    if lo > 0:
        n = np.where(x <= 4.0 * n + 3.0, n, 64.0)   # beyond the zeros for n > 64: the overflow test path
    else:
        n = np.minimum(n, 64.0 + (rng.random(40) < 0.5) * 64.0)
    got = specfun.laguerre_polynomial_l(x, n)
    for xi, ni, gi in zip(x, n, got):
        want = mp_poly("laguerre_polynomial_l", float(xi), int(ni))
        scale = math.exp(xi / 2.0) if xi > 0 else 0.0
        e = ulp_err(float(gi), want, scale)
        assert e <= 0.5, f"L_{int(ni)}({xi!r}) = {gi!r}, want {mpmath.nstr(want, 20)}: {e:.3f} ulp"
