"""Modified Bessel family: parity, scaling identities, the Wronskian, mpmath spot values in hard regions.

Reference values come from mpmath (at 50 digits), never from scipy/torch or the code under test.
"""
import math

import mpmath as mp
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import specfun

mp.mp.dps = 50


def ulp_err(got, want):
    """|got - want| in ulps of the float64 nearest ``want`` (an mpf); subnormal spacing below."""
    w = float(want)
    sp = float(np.spacing(abs(w))) if w != 0.0 else 5e-324
    return float(abs(mp.mpf(float(got)) - want) / sp)


def f(name, x):
    return float(getattr(specfun, name)(x))


anyx = st.floats(-740.0, 740.0, allow_nan=False, allow_infinity=False)
posx = st.floats(1e-300, 740.0, allow_nan=False, allow_infinity=False)


# --- parity (exact) ------------------------------------------------------------------------

@settings(max_examples=200, deadline=None)
@given(anyx)
def test_parity(x):
    assert f("i0", -x) == f("i0", x)
    assert f("i0e", -x) == f("i0e", x)
    assert f("i1", -x) == -f("i1", x)
    assert f("i1e", -x) == -f("i1e", x)


# --- scaled = e^{+-x} unscaled, where both are representable ---------------------------------

@settings(max_examples=200, deadline=None)
@given(st.floats(0.0, 700.0))
def test_i_scaling(x):
    # the two sides differ by the rounding of exp and of one product (<= 2 ulp of each side each)
    for scaled, plain in (("i0e", "i0"), ("i1e", "i1")):
        lhs = f(scaled, x) * math.exp(x)
        rhs = f(plain, x)
        assert abs(lhs - rhs) <= 6 * np.spacing(abs(rhs)) + 1e-300


@settings(max_examples=200, deadline=None)
@given(st.floats(1e-300, 700.0))
def test_k_scaling(x):
    for scaled, plain in (("k0e", "k0"), ("k1e", "k1")):
        rhs = f(plain, x)
        lhs = f(scaled, x) * math.exp(-x)
        assert abs(lhs - rhs) <= 6 * np.spacing(abs(rhs))


# --- Wronskian I0 K1 + I1 K0 = 1/x (DLMF 10.28.2) ----------------------------------------------

@settings(max_examples=300, deadline=None)
@given(st.floats(1e-300, 700.0))
def test_wronskian(x):
    # in scaled form (no overflow): i0e k1e + i1e k0e = 1/x; each product within ~3 ulp, sum of positives
    w = f("i0e", x) * f("k1e", x) + f("i1e", x) * f("k0e", x)
    if x < 1e-150:
        return  # k1e(x) = 1/x exactly there; the identity is trivial and 1/x may not be representable as a sum
    assert abs(w * x - 1.0) <= 8 * 2.0 ** -52


# --- mpmath spot values in the hard regions (2 ulp goal) -------------------------------------

SPOTS = [0.0078125, 0.3, 0.5, 0.999, 1.0, 1.5, 2.75, 4.343, 7.75, 7.999, 8.0, 15.99, 16.0, 39.9, 40.0, 123.4,
         499.9, 500.0, 599.9, 600.0, 699.9, 700.0, 709.7, 711.855, 713.9]


@pytest.mark.parametrize("x", SPOTS)
def test_i_spot(x):
    mx = mp.mpf(x)
    i0, i1 = mp.besseli(0, mx), mp.besseli(1, mx)
    e = mp.exp(-mx)
    assert ulp_err(f("i0", x), i0) <= 2
    assert ulp_err(f("i1", x), i1) <= 2
    assert ulp_err(f("i0e", x), i0 * e) <= 2
    assert ulp_err(f("i1e", x), i1 * e) <= 2


def test_i0_no_early_overflow():
    # scipy and torch overflow to inf here; the true value is about 2.1e307
    assert ulp_err(f("i0", 711.855), mp.besseli(0, mp.mpf(711.855))) <= 2
    assert math.isinf(f("i0", 714.0)) and math.isfinite(f("i0", 713.98))


KSPOTS = [5e-324, 1.5e-323, 1e-310, 1e-300, 1e-150, 1e-20, 1e-8, 0.01, 0.25, 0.4999, 0.5, 0.75, 0.999, 1.0,
          1.001, 1.999, 2.0, 3.9, 4.0, 7.9, 8.0, 15.9, 16.0, 39.9, 40.0, 300.0, 699.9, 700.0, 705.0, 720.0, 740.0]


@pytest.mark.parametrize("x", KSPOTS)
def test_k_spot(x):
    mx = mp.mpf(x)
    k0, k1 = mp.besselk(0, mx), mp.besselk(1, mx)
    e = mp.exp(mx)
    assert ulp_err(f("k0", x), k0) <= 2
    assert ulp_err(f("k0e", x), k0 * e) <= 2
    if k1 < mp.mpf(1.7976931348623157e308):
        assert ulp_err(f("k1", x), k1) <= 2
        assert ulp_err(f("k1e", x), k1 * e) <= 2
    else:
        assert f("k1", x) == math.inf and f("k1e", x) == math.inf


def test_k0_subnormal_argument():
    # both scipy and torch are wrong in the 4th digit here (log(x/2) with x/2 rounded)
    assert ulp_err(f("k0", 1.5e-323), mp.besselk(0, mp.mpf(1.5e-323))) <= 1


# --- float32: computed in float64 and rounded once ---------------------------------------------

@pytest.mark.parametrize("name", ["i0", "i1", "i0e", "i1e", "k0", "k1", "k0e", "k1e"])
def test_float32_within_1ulp(name):
    ref = {"i0": lambda x: mp.besseli(0, x), "i1": lambda x: mp.besseli(1, x),
           "i0e": lambda x: mp.besseli(0, x) * mp.exp(-x), "i1e": lambda x: mp.besseli(1, x) * mp.exp(-x),
           "k0": lambda x: mp.besselk(0, x), "k1": lambda x: mp.besselk(1, x),
           "k0e": lambda x: mp.besselk(0, x) * mp.exp(x), "k1e": lambda x: mp.besselk(1, x) * mp.exp(x)}[name]
    xs = np.geomspace(1e-6, 88.0, 60).astype(np.float32)
    got = getattr(specfun, name)(xs)
    assert got.dtype == np.float32
    for x, g in zip(xs, got):
        w = ref(mp.mpf(float(x)))
        w32 = np.float32(float(w))
        if not np.isfinite(w32) or w32 == 0:
            continue
        assert abs(float(g) - float(w)) <= float(np.spacing(w32)), (name, x, g, w)


# --- derivative rules against mpmath.diff ------------------------------------------------------

@pytest.mark.parametrize("name, fn", [
    ("modified_bessel_i0", lambda x: mp.besseli(0, x)), ("modified_bessel_i1", lambda x: mp.besseli(1, x)),
    ("i0e", lambda x: mp.besseli(0, x) * mp.exp(-abs(x))), ("i1e", lambda x: mp.besseli(1, x) * mp.exp(-abs(x))),
    ("modified_bessel_k0", lambda x: mp.besselk(0, x)), ("modified_bessel_k1", lambda x: mp.besselk(1, x)),
    ("scaled_modified_bessel_k0", lambda x: mp.besselk(0, x) * mp.exp(x)),
    ("scaled_modified_bessel_k1", lambda x: mp.besselk(1, x) * mp.exp(x)),
])
def test_derivative_rules(name, fn):
    rule = specfun.derivatives[name][0]
    xs = np.array([0.1, 0.7, 1.3, 5.0, 9.5, 30.0])
    if name in ("modified_bessel_i0", "modified_bessel_i1", "i0e", "i1e"):
        xs = np.concatenate([xs, -xs])
    got = rule(xs)
    for x, g in zip(xs, got):
        want = mp.diff(fn, mp.mpf(float(x)))
        assert abs(g - float(want)) <= 1e-14 * abs(float(want)) + 1e-300, (name, x, g, want)


def test_derivative_limits_at_zero():
    for name in ("modified_bessel_i1", "i1e"):
        assert float(specfun.derivatives[name][0](np.array([0.0]))[0]) == 0.5
    assert float(specfun.derivatives["modified_bessel_i0"][0](np.array([0.0]))[0]) == 0.0
    assert float(specfun.derivatives["i0e"][0](np.array([0.0]))[0]) == 0.0


@pytest.mark.parametrize("x", [1e300, 1.7976931348623157e308])
def test_scaled_near_dbl_max(x):
    mx = mp.mpf(x)
    assert ulp_err(f("i0e", x), mp.besseli(0, mx) * mp.exp(-mx)) <= 2
    assert ulp_err(f("i1e", -x), -mp.besseli(1, mx) * mp.exp(-mx)) <= 2
    assert ulp_err(f("k0e", x), mp.besselk(0, mx) * mp.exp(mx)) <= 2
    assert ulp_err(f("k1e", x), mp.besselk(1, mx) * mp.exp(mx)) <= 2


# --- float32 kernels of i0e, i1e (f32_kernel=): correctly rounded, same as the float64 kernel rounded --

def _f32_round(v):
    """The float32 nearest the mpf ``v`` (round to nearest even, from its exact value)."""
    hi = np.float32(float(v))
    if not np.isfinite(hi) or hi == 0:
        return hi
    lo, up = np.nextafter(hi, np.float32(-np.inf)), np.nextafter(hi, np.float32(np.inf))
    # choose among the three candidates the one nearest the exact value
    return min((lo, hi, up), key=lambda c: abs(mp.mpf(float(c)) - v))


@pytest.mark.parametrize("name, n", [("i0e", 0), ("i1e", 1), ("i0", 0), ("i1", 1),
                                     ("k0", 0), ("k1", 1), ("k0e", 0), ("k1e", 1)])
def test_f32_kernel_correctly_rounded(name, n):
    from specfun.families import modified_bessel as mb
    k = getattr(mb, f"_{name}_f32")
    scaled = name.endswith("e")
    if name[0] == "k":
        xs = np.r_[np.random.default_rng(8).uniform(0, 20, 200), np.geomspace(1e-40, 110, 120),
                   np.arange(0.25, 9.0, 0.25)].astype(np.float32)
        for x in xs:
            xm = mp.mpf(float(x))
            w = _f32_round(mp.besselk(n, xm) * (mp.exp(xm) if scaled else 1))
            g = np.float32(k(float(x)))
            assert g == w, (name, x, g, w)
        return
    rng = np.random.default_rng(7)
    xs = np.r_[rng.uniform(-20, 20, 200), rng.uniform(7.9, 8.1, 40), np.geomspace(1e-30, 3e38, 80),
               -np.geomspace(1e-6, 1e6, 40), np.arange(0.0, 9.0, 0.5)].astype(np.float32)
    for x in xs:
        xm = mp.mpf(float(x))
        w = _f32_round(mp.besseli(n, xm) * (mp.exp(-abs(xm)) if scaled else 1))
        g = np.float32(k(float(x)))  # the interpreted kernel
        assert g == w, (name, x, g, w)


@pytest.mark.parametrize("name", ["i0e", "i1e", "i0", "i1", "k0", "k1", "k0e", "k1e"])
def test_f32_loop_matches_float64_kernel(name):
    # the float32 ufunc loop (its own kernel) against the float64 kernel rounded once, on 2e5 random
    # points and the special values (signed zeros, infinities, nan, subnormals)
    fn = getattr(specfun, name)
    rng = np.random.default_rng(11)
    x = np.r_[rng.uniform(-30, 30, 100000), np.exp(rng.uniform(-100, 88, 100000)),
              [0.0, -0.0, np.inf, -np.inf, np.nan, 1e-45, -1e-45, 3e38, -3e38, 8.0, -8.0, 7.9999995]].astype(np.float32)
    got = fn(x, target="cpu")
    assert got.dtype == np.float32
    want = fn(x.astype(np.float64), target="cpu").astype(np.float32)
    same = (got == want) & (np.signbit(got) == np.signbit(want)) | (np.isnan(got) & np.isnan(want))
    # Where the value is a float32 subnormal, the float64 result can sit exactly on a float32 tie
    # (i1e(x) = x/2 (1 - |x| ...) is x/2 in double for tiny x) and rounding it again is wrong: there
    # the float32 loop must give the correctly rounded value (mpmath) instead.
    tie = ~same & (np.abs(want) < np.float32(1.1754944e-38)) & (want != 0)
    for i in np.flatnonzero(tie)[:200]:
        xm = mp.mpf(float(x[i]))
        v = getattr(mp, "besseli" if name[0] == "i" else "besselk")(int(name[1]), xm)
        v = v * (mp.exp(-abs(xm)) if name.endswith("e") and name[0] == "i" else
                 mp.exp(xm) if name.endswith("e") else 1)
        assert got[i] == _f32_round(v), (name, x[i], got[i], want[i])
    same |= tie
    assert same.all(), (x[~same][:5], got[~same][:5], want[~same][:5])
