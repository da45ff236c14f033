"""Incomplete gamma family: mpmath spot values in the hard regions, P + Q = 1, the recurrence
in a, float32, the a-derivative and the derivative rules.

Reference values come from mpmath (50 digits; a direct positive series or quadrature where
mpmath's gammainc fails to converge), never from scipy/torch or the code under test.
"""
import math

import mpmath as mp
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import specfun

mp.mp.dps = 50
EPS = 2.0 ** -52


def ulp_err(got, want):
    """|got - want| in ulps of the float64 nearest ``want`` (an mpf); subnormal spacing below."""
    w = float(want)
    sp = float(np.spacing(abs(w))) if w != 0.0 else 5e-324
    return float(abs(mp.mpf(float(got)) - want) / sp)


def P(a, x):
    return float(specfun.gammainc(a, x))


def Q(a, x):
    return float(specfun.gammaincc(a, x))


def _series(a, x):
    """P(a, x) by its positive power series (DLMF 8.7.1): no cancellation, any a, x."""
    t = s = mp.mpf(1)
    k = 0
    while True:
        k += 1
        t = t * x / (a + k)
        s += t
        if t < s * mp.eps and x < a + k:
            break
    return s * mp.exp(a * mp.log(x) - x - mp.loggamma(a + 1))


def ref_pq(a, x):
    """(P, Q) at 50 digits: series + 1 - P near and below the transition, mpmath's upper CF above."""
    a, x = mp.mpf(a), mp.mpf(x)
    if x <= a + 10 * mp.sqrt(a) + 10:
        with mp.workdps(90):
            p = _series(a, x)
            return +p, 1 - p
    q = mp.gammainc(a, x, mp.inf, regularized=True)
    return 1 - q, q


# --- mpmath spot values in the hard regions (<= 4 ulp) ------------------------------------

SPOTS = [
    (100.0, 100.0),                      # torch: 3.6e-10 relative error
    (3.28e-10, 0.3115),                  # torch: wrong in the 8th digit of Q
    (30.0, 31.0), (50.0, 49.5), (75.5, 76.0), (99.9, 100.2),   # torch loses ~9 digits here
    (1e-3, 1e-3), (1e-3, 5.0), (0.5, 2.0), (5.0, 0.1), (0.28, 0.77), (10.05, 9.75),
    (1e4, 1.05e4), (1e5, 9.9e4), (1e5, 1.001e5), (22553.239, 23110.89),
    (10.0, 300.0),                       # Q = 2.9e-114
    (0.7, 700.0),                        # Q = 1.1e-305
    (1.0, 740.0),                        # Q = e^-740, subnormal
    (324.78, 168.2), (1000.0, 500.0),    # P tiny, lower tail
    (1e-3, 1e-250), (20.5, 1e-10),       # P = x^a/Gamma(a+1) regime
    (2.5, 730.0), (600.0, 1300.0),
]


@pytest.mark.parametrize("a, x", SPOTS)
def test_spot_values(a, x):
    p, q = ref_pq(a, x)
    assert ulp_err(P(a, x), p) <= 4, (P(a, x), float(p))
    assert ulp_err(Q(a, x), q) <= 4, (Q(a, x), float(q))


# method and truncation boundaries near the transition: the Temme rows' a-tiers (120, 810, 5910)
# and the short rows (|eta| <= 0.05, x within ~5% of a); P's series up to x = a + 1 (a <= 20);
# Q = 1 - P up to x = a + 0.1 sqrt(a) (a >= 3); the series' double-double phase switch (x = 1, 3)
BOUNDARY = [
    (a * f, a * f * r)
    for a in (119.0, 121.0, 809.0, 811.0, 5909.0, 5911.0)
    for f in (1.0,)
    for r in (0.9499, 0.9501, 0.997, 1.0, 1.003, 1.0499, 1.0501, 1.2)
] + [
    (a, x)
    for a in (0.3, 0.95, 2.9, 3.0, 3.1, 7.7, 15.3, 19.9)
    for x in (0.9 * a, a, a + 0.0999 * math.sqrt(a), a + 0.1001 * math.sqrt(a), a + 0.5, a + 1.0, a + 1.001)
] + [(0.99, 0.999), (0.999, 1.0), (2.98, 2.999), (2.999, 3.0), (1.05, 1.1), (1.1, 1.1)]


@pytest.mark.parametrize("a, x", BOUNDARY)
def test_boundaries_near_transition(a, x):
    p, q = ref_pq(a, x)
    assert ulp_err(P(a, x), p) <= 4, (P(a, x), float(p))
    assert ulp_err(Q(a, x), q) <= 4, (Q(a, x), float(q))

def test_tails_not_flushed_to_zero():
    # the true values are representable (subnormal): never 0
    assert 0.0 < Q(1.0, 744.0) < 1e-322
    assert 0.0 < Q(0.5, 700.0) and 0.0 < P(150.0, 1.0) and 0.0 < P(170.0, 1.5)
    assert ulp_err(Q(1.0, 744.0), mp.exp(-744)) <= 1


def _p_quad(a, x):
    """P(a, x) for huge a by quadrature of the density around x (mpmath's gammainc fails there)."""
    a, x = mp.mpf(a), mp.mpf(x)
    lg = mp.loggamma(a)

    def f(t):
        return mp.exp((a - 1) * mp.log(t) - t - lg)

    w = 60 * mp.sqrt(a)
    with mp.workdps(30):
        if x < a:
            pts = [x - w + w * k / 8 for k in range(9)]
            return mp.quad(f, pts)
        pts = [x + w * k / 8 for k in range(9)]
        return 1 - mp.quad(f, pts)


@pytest.mark.parametrize("a, x", [(5e6, 5e6 - 3000.0), (5e6, 5e6 - 10.0), (5e6, 5e6 + 2000.0), (2e6, 2e6 + 500.0)])
def test_huge_a_near_transition(a, x):
    # torch and scipy are ~1% off here; mpmath's gammainc raises NoConvergence
    p = _p_quad(a, x)
    assert ulp_err(P(a, x), p) <= 4
    assert ulp_err(Q(a, x), 1 - p) <= 4


# --- identities (hypothesis) --------------------------------------------------------------

a_st = st.floats(1e-3, 1e4, allow_nan=False, allow_infinity=False)
r_st = st.floats(1e-3, 4.0)


@settings(max_examples=300, deadline=None)
@given(a_st, r_st)
def test_p_plus_q(a, r):
    x = a * r
    p, q = P(a, x), Q(a, x)
    # each is within 4 ulp of its true value, so the sum is 1 within 4 ulp(max) + rounding
    assert abs((p + q) - 1.0) <= 5 * EPS * max(p, q) + EPS


@settings(max_examples=200, deadline=None)
@given(st.floats(1e-3, 2000.0), r_st)
def test_recurrence_in_a(a, r):
    # Q(a + 1, x) = Q(a, x) + x^a e^-x / Gamma(a + 1)  and  P(a, x) = P(a + 1, x) + x^a e^-x / Gamma(a + 1)
    # (DLMF 8.8.5-6): all terms positive, so each side is relatively accurate
    x = a * r
    a1 = a + 1.0
    if a1 - 1.0 != a:
        return
    d = mp.exp(mp.mpf(a) * mp.log(x) - x - mp.loggamma(mp.mpf(a) + 1))
    lhs = Q(a1, x)
    rhs = mp.mpf(Q(a, x)) + d
    if float(rhs) > 1e-300:
        assert abs(lhs - rhs) <= 9 * np.spacing(float(rhs))
    lhs = P(a, x)
    rhs = mp.mpf(P(a1, x)) + d
    if float(rhs) > 1e-300:
        assert abs(lhs - rhs) <= 9 * np.spacing(float(rhs))


@settings(max_examples=100, deadline=None)
@given(st.floats(1e-3, 200.0), st.floats(0.0, 400.0))
def test_monotone_in_x(a, x):
    dx = max(1e-3 * x, 1e-6)
    assert P(a, x + dx) >= P(a, x)
    assert Q(a, x + dx) <= Q(a, x)


# --- float32: computed in float64 and rounded once (<= 1 ulp) ------------------------------

def test_float32():
    rng = np.random.default_rng(7)
    a = np.exp(rng.uniform(np.log(1e-3), np.log(1e4), 60)).astype(np.float32)
    x = (a * rng.uniform(0.05, 3.0, 60)).astype(np.float32)
    gp = specfun.gammainc(a, x)
    gq = specfun.gammaincc(a, x)
    assert gp.dtype == np.float32 and gq.dtype == np.float32
    for i in range(len(a)):
        p, q = ref_pq(float(a[i]), float(x[i]))
        for got, want in ((gp[i], p), (gq[i], q)):
            w32 = np.float32(float(want))
            assert abs(float(got) - float(want)) <= float(np.spacing(np.abs(w32))), (a[i], x[i], got, w32)


# --- the a-derivative --------------------------------------------------------------------

def ref_da(a, x):
    a, x = mp.mpf(a), mp.mpf(x)
    with mp.workdps(60):
        if x <= a + 5 * mp.sqrt(a) + 2:
            return mp.diff(lambda t: _series(t, x), a)
        return -mp.diff(lambda t: mp.gammainc(t, x, mp.inf, regularized=True), a)


DA_SPOTS = [(1e-3, 0.5), (1e-3, 5.0), (0.0142, 1.02), (0.5, 0.1), (1.0, 1.0), (2.27, 3.58), (5.5, 2.0),
            (15.4, 16.44), (30.0, 29.0), (136.3, 148.3), (1000.0, 1010.0), (8736.5, 8726.1), (1e4, 1.02e4),
            (3.0, 40.0), (50.0, 10.0)]


@pytest.mark.parametrize("a, x", DA_SPOTS)
def test_gammainc_da(a, x):
    # dP/da < 0 for every a, x > 0 (no sign change): measured max ~11 eps relative
    want = ref_da(a, x)
    got = float(specfun.gammainc_da(a, x))
    assert got < 0.0
    assert abs(got - want) <= 32 * EPS * abs(want), (got, float(want))


def test_gammainc_da_at_zero():
    # P(a, x) = 1 - a E1(x) + O(a^2): the right derivative at a = 0 is -E1(x)
    for x in (0.3, 1.0, 4.0):
        assert ulp_err(specfun.gammainc_da(0.0, x), -mp.e1(x)) <= 8


# --- derivative rules --------------------------------------------------------------------

@pytest.mark.parametrize("a, x", [(0.5, 0.3), (2.0, 1.5), (7.5, 9.0), (40.0, 35.0)])
def test_rules(a, x):
    A, X = mp.mpf(a), mp.mpf(x)
    dens = mp.exp((A - 1) * mp.log(X) - X - mp.loggamma(A))
    da = ref_da(a, x)
    arr = (np.array([a]), np.array([x]))
    dP = specfun.derivatives["gammainc"]
    dQ = specfun.derivatives["gammaincc"]
    assert abs(float(dP[1](*arr)[0]) - dens) <= 1e-14 * dens
    assert abs(float(dQ[1](*arr)[0]) + dens) <= 1e-14 * dens
    assert abs(float(dP[0](*arr)[0]) - da) <= 1e-13 * abs(da)
    assert abs(float(dQ[0](*arr)[0]) + da) <= 1e-13 * abs(da)
    # d/dx of gammainc_da is the a-derivative of the density
    ddens = mp.diff(lambda t: mp.exp((t - 1) * mp.log(X) - X - mp.loggamma(t)), A)
    got = float(specfun.derivatives["gammainc_da"][1](*arr)[0])
    assert abs(got - ddens) <= 1e-12 * abs(dens)
    with pytest.raises(NotImplementedError):
        specfun.derivatives["gammainc_da"][0](*arr)


def test_rule_x_at_zero():
    z = (np.array([2.0, 1.0]), np.array([0.0, 0.0]))
    assert list(specfun.derivatives["gammainc"][1](*z)) == [0.0, 1.0]
    assert math.isinf(float(specfun.derivatives["gammainc"][1](np.array([0.5]), np.array([0.0]))[0]))


# --- robustness over the whole float range ------------------------------------------------

EDGE = [5e-324, 1e-310, 1e-300, 1e-20, 1e-3, 0.5, 1.0, 10.0, 20.0, 20.0000001, 100.0, 1e4, 1e6, 1e10, 1e20,
        1e100, 1e300, 1.7e308]


def test_edge_grid():
    a, x = np.meshgrid(np.array(EDGE), np.array(EDGE))
    p = specfun.gammainc(a, x)
    q = specfun.gammaincc(a, x)
    d = specfun.gammainc_da(a, x)
    assert np.all((p >= 0) & (p <= 1) & (q >= 0) & (q <= 1))
    assert np.all(np.abs(p + q - 1) <= 4 * EPS)
    assert np.all(np.isfinite(d) & (d <= 0))


def test_gammainc_da_huge_a_continuous():
    # the uniform-expansion branch above a = 1e6 joins the series below it
    lo = float(specfun.gammainc_da(999999.0, 999000.0))
    hi = float(specfun.gammainc_da(1000001.0, 1000001.0 - 999.0))
    assert abs(lo - hi) <= 1e-4 * abs(lo)


# the complement paths (1 - Q by the fraction for x > a, 1 - P by the series for x < a), which
# run the fraction/series only to the tolerance the result needs, and the forward compensated
# series for x < 0.9a: against mpmath, both functions
COMPLEMENT_POINTS = [(0.5, 30.0), (3.7, 25.0), (12.5, 40.0), (0.01, 7.0), (5.3, 9.0), (2.2, 3.1),
                     (40.0, 5.0), (25.0, 12.0), (8.5, 1.5), (17.0, 13.0), (3.3, 2.5), (49.0, 33.0)]


@pytest.mark.parametrize("a,x", COMPLEMENT_POINTS)
def test_complement_paths(a, x):
    with mp.workdps(40):
        q = mp.gammainc(mp.mpf(a), mp.mpf(x), mp.inf, regularized=True)
        p = 1 - q
    assert abs(float(specfun.gammainc(a, x)) - float(p)) <= 2.0 * np.spacing(float(p))
    assert abs(float(specfun.gammaincc(a, x)) - float(q)) <= 2.5 * np.spacing(float(q))


# the transition band x = a + c sqrt(a), a <= 20 (below Temme's a > 20): Q = 1 - P with P as a
# double-double on x <= a + k sqrt(a) (k = 1.5, 1, 0.3 for a < 3, < 6, >= 6; Temme's expansion on
# a in (12, 20], x >= a: Q <= 2.87), the fraction with a double-double prefactor beyond.
# 1500-pt mpmath check: Q <= 1.28 ulp on the series band
# (was up to 4.42 at c < 0.05), <= 3.32 on the fraction's; P <= 2.23
def _band_points():
    rng = np.random.default_rng(11)
    a = rng.uniform(1.0, 20.0, 48)
    c = rng.uniform(-0.3, 1.5, 48)
    return [(float(ai), float(ai + ci * math.sqrt(ai))) for ai, ci in zip(a, c)]


@pytest.mark.parametrize("a, x", _band_points() + [(3.5, 3.55), (7.25, 7.3), (15.1, 15.2), (19.9, 20.0),
                                                  (1.2, 2.8), (4.0, 6.0), (12.0, 13.0)])
def test_transition_band(a, x):
    p, q = ref_pq(a, x)
    k = 1.5 if a < 3.0 else (1.0 if a < 6.0 else 0.3)
    series_band = x <= a + k * math.sqrt(a) and not (a > 12.0 and x >= a)   # (Temme's there)
    assert ulp_err(P(a, x), p) <= 2.5, (P(a, x), float(p))
    assert ulp_err(Q(a, x), q) <= (1.5 if series_band else 4), (Q(a, x), float(q))


# the float32 loop has its own kernel (plain doubles, sums to ~1e-14, Temme's expansion from
# a > 20): its float32 results must be the correctly rounded ones (mpmath), except where the
# true value lies within 1e-12 relative of a float32 rounding midpoint (a near-tie)
def _f32_points():
    rng = np.random.default_rng(23)
    a = np.exp(rng.uniform(np.log(1e-3), np.log(200.0), 70))
    r = np.concatenate([rng.uniform(0.7, 1.3, 40), np.exp(rng.uniform(-4.0, 2.0, 30))])
    x = a * r
    return a.astype(np.float32), x.astype(np.float32)


@pytest.mark.parametrize("name", ["gammainc", "gammaincc"])
def test_float32_kernel_correctly_rounded(name):
    a, x = _f32_points()
    got = getattr(specfun, name)(a, x)
    assert got.dtype == np.float32
    for i in range(len(a)):
        p, q = ref_pq(float(a[i]), float(x[i]))
        want = p if name == "gammainc" else q
        w32 = np.float32(float(want))
        if got[i] == w32:
            continue
        # a near-tie: the midpoint between the two candidates within 1e-12 relative of the value
        lo, hi = sorted((float(got[i]), float(w32)))
        mid = (mp.mpf(lo) + mp.mpf(hi)) / 2
        assert abs(mid - want) <= 1e-12 * abs(want), (a[i], x[i], got[i], w32)


# the float32 kernel's sums run a fixed block of terms first, then a tested loop; it returns early
# where the result rounds to 0 or 1: against the float64 kernel rounded once (no mpmath), on
# points past the blocks (the series from x = 0.5a at large a, the fraction at x in (1, 4) for
# a < 1 and x in (1.1a, 1.2a) for a in (20, 50), x >= 1e6 without the block) and around the early
# exits; a difference only at a near-tie (the float64 value within 1e-12 relative of the float32
# midpoint)
def _f32_block_points():
    rng = np.random.default_rng(5)
    u = rng.uniform
    n = 400
    a1 = np.exp(u(np.log(200.0), np.log(5000.0), n))
    a2 = np.exp(u(np.log(0.01), 0.0, n))
    a3 = u(20.0, 50.0, n)
    a4 = np.exp(u(np.log(1e5), np.log(1e7), n))
    a5 = u(1.0, 60.0, n)
    a = np.concatenate([a1, a2, a3, a4, a4, a5, a5])
    x = np.concatenate([a1 * u(0.5, 0.69, n),                      # series past its 40 terms
                        1.0 + u(0.05, 3.0, n),                       # fraction past its 20 steps
                        a3 * u(1.1, 1.2, n),
                        a4 * u(1.21, 1.5, n), a4 * u(0.5, 0.69, n),   # x >= 1e6
                        a5 * u(0.01, 0.3, n), a5 * u(2.0, 6.0, n)])  # Q -> 1, Q -> 0: early exits
    return a.astype(np.float32), x.astype(np.float32)


@pytest.mark.parametrize("name", ["gammainc", "gammaincc"])
def test_float32_kernel_blocks_match_float64(name):
    a, x = _f32_block_points()
    f = getattr(specfun, name)
    got = f(a, x)
    r64 = f(a.astype(np.float64), x.astype(np.float64))
    want = r64.astype(np.float32)
    assert got.dtype == np.float32
    for i in np.nonzero(got != want)[0]:
        lo, hi = sorted((float(got[i]), float(want[i])))
        assert abs((lo + hi) / 2 - r64[i]) <= 1e-12 * abs(r64[i]), (a[i], x[i], got[i], want[i])


# Q for x <= 1.1 and a in [0.5, 1.1x] (Q ~ 0.1-0.4): P as a double-double and Q = 1 - P
# (the small-x form, u + a s, cancelled there: 3.6 ulp on 318 mpmath points; this 1.5)
def _smallx_band_points():
    rng = np.random.default_rng(31)
    a = rng.uniform(0.5, 1.2, 40)
    x = np.maximum(a / 1.1, 0.5) + rng.uniform(0.0, 1.0, 40) * (1.1 - np.maximum(a / 1.1, 0.5))
    return [(float(ai), float(xi)) for ai, xi in zip(a, x)]


@pytest.mark.parametrize("a, x", _smallx_band_points())
def test_q_small_x_band(a, x):
    p, q = ref_pq(a, x)
    assert ulp_err(Q(a, x), q) <= 2.0, (Q(a, x), float(q))
    assert ulp_err(P(a, x), p) <= 2.0, (P(a, x), float(p))


# Q and P on a dense grid over small a and x near 1 (issue 5): for 0.001 < a < 2.5, 1e-6 <= x <= 3
# (2 for a in (0.1, 0.35)) both from Q in double-double (x^a/Gamma(1 + a) and the alternating sum,
# _q_small_dd); the plain forms had cancelled there (Q 5-10 ulp at a in (0.1, 0.5), x in (0.5, 1.4)).
# Reference: Arb (python-flint) at 160 bits, Q and P = 1 - Q both from the enclosure
def test_small_a_unit_x_dense():
    flint = pytest.importorskip("flint")
    a = np.exp(np.linspace(math.log(0.02), math.log(2.4), 41))
    x = np.concatenate([np.exp(np.linspace(math.log(1e-6), math.log(0.1), 8)), np.linspace(0.1, 2.9, 49)])
    A, X = (v.ravel() for v in np.meshgrid(a, x))
    q_hi, q_lo, p_hi, p_lo = (np.empty(A.size) for _ in range(4))
    with flint.ctx.workprec(160):
        for i, (ai, xi) in enumerate(zip(A, X)):
            q = flint.arb(float(xi)).gamma_upper(flint.arb(float(ai)), regularized=1)
            p = 1 - q
            q_hi[i] = float(q.mid())
            q_lo[i] = float((q - q_hi[i]).mid())
            p_hi[i] = float(p.mid())
            p_lo[i] = float((p - p_hi[i]).mid())
    eq = np.abs((specfun.gammaincc(A, X) - q_hi) - q_lo) / np.spacing(q_hi)
    ep = np.abs((specfun.gammainc(A, X) - p_hi) - p_lo) / np.spacing(p_hi)
    dd = (A < 2.5) & (X >= 1e-6) & (X <= np.where((A > 0.1) & (A < 0.35), 2.0, 3.0))
    # measured: Q 1.38 ulp (a = 0.095, x = 2.9: Q ~ a/100, the 2^-61 absolute error shows) in the band,
    # 1.53 on the whole grid (a in (0.1, 0.35), x > 2: the older paths); P 0.53 in the band, 0.57 on
    # the grid (before the band: Q 9.5, P 3.2 on a sampled grid of the same box; scipy 380, torch 86)
    for e, band in ((eq, 1.5), (ep, 0.75)):
        for sel, bound in ((dd, band), (np.ones_like(dd), 2.0)):
            i = np.nonzero(sel)[0][e[sel].argmax()]
            assert e[i] <= bound, (A[i], X[i], e[i])


# --- issue 5, a in [1, 1e5]: Arb scan of the transition and the far sides -------------------------
# Reference: Arb (python-flint): Q = gamma_upper(regularized) to ~1e-33 relative (precision raised
# until the enclosure is that tight); P = 1 - Q where that keeps ~1e-30 of P, else P by its positive
# series (DLMF 8.7.1) in Arb with a geometric tail bound.

def _arb_pq(flint, a, x):
    arb = flint.arb
    for prec in (128, 256, 512):
        with flint.ctx.workprec(prec):
            q = arb(x).gamma_upper(arb(a), regularized=1)
        if q.rad() < 1e-33 * abs(q.mid()):
            break
    else:
        raise AssertionError(("Arb Q", a, x))
    with flint.ctx.workprec(256):
        p = 1 - q
        if not p.rad() < 1e-30 * abs(p.mid()):
            s = t = arb(1)
            n = 0
            while True:
                n += 1
                t = t * x / (a + n)
                s = s + t
                r = x / (a + n + 1)
                if r < 1 and float(t.mid()) * r / (1 - r) < 1e-40 * float(s.mid()):
                    break
            p = (arb(a) * arb(x).log() - x - (arb(a) + 1).lgamma()).exp() * s
    assert p.rad() < 1e-30 * abs(p.mid()) or abs(float(p.mid())) < 1e-320, ("Arb P", a, x)
    return p, q


def _arb_ulp(flint, got, ref):
    """|got - ref| in ulps of the float64 nearest ref (subnormal spacing below)."""
    w = float(ref.mid())
    sp = float(np.spacing(abs(w))) if w != 0.0 else 5e-324
    with flint.ctx.workprec(256):
        return float(abs(flint.arb(float(got)) - ref).mid()) / sp


# the worst points of a 114779-point Arb scan before the fix (ulp then): Temme's erfc(z) exp(z^2) in
# libm (P at t = (x - a)/sqrt(a) < -3, Q at t > 1), and Q far above a (the prefactor's exp and, from
# y = 700, the rounding of log|m|)
ISSUE5_WORST = [
    (70288.51177990843, 68735.96182363106),      # P 4.77
    (27014.173245064867, 26236.779937457468),    # P 4.15
    (1680.760954135765, 1421.6651069982465),     # P 4.14
    (2008.3594288915835, 2129.831077475938),     # Q 5.21
    (2308.9875236392777, 2470.826841746587),     # Q 5.17
    (93229.57593465675, 95113.15159417813),      # Q 4.80
    (635.8176205897544, 812.6551116207332),      # Q 4.76
    (4866.609535923824, 7968.894869936905),      # Q 5.00 (y = 702)
    (4203.396335772573, 7071.50667803645),       # Q 4.95 (y = 682)
    (19.069054247751616, 555.9232746752158),     # Q 4.37 (x = 29a)
    (7.986502747341074, 264.2206095098023),      # Q 3.99
]


@pytest.mark.parametrize("a, x", ISSUE5_WORST)
def test_issue5_worst_points(a, x):
    flint = pytest.importorskip("flint")
    p, q = _arb_pq(flint, a, x)
    # measured after the fix: <= 2.37 ulp on these (P 2.15 at a = 27014, Q 2.37 at x = 29a)
    assert _arb_ulp(flint, P(a, x), p) <= 3.0
    assert _arb_ulp(flint, Q(a, x), q) <= 3.0


def test_issue5_large_a_scan():
    """A compact version of the scan: a log-uniform in [1, 1e5]; x = a + t sqrt(a) with t uniform
    in [-8, 8] and denser in the boxes that were worst (t < -3, t in [1, 8]) and at Temme's
    z = +-1/4 (t ~ +-0.354), plus x/a log-uniform in [0.01, 100].  The full scan (114779 points):
    every (a decade, t band) box <= 3.87 ulp (P) and 3.20 (Q); scipy up to 3905 / 4161 in the same
    boxes, torch up to 1.6e7 (its asymptotic series)."""
    flint = pytest.importorskip("flint")
    rng = np.random.default_rng(20261122)
    n = 120
    a = 10.0 ** rng.uniform(0.0, 5.0, 5 * n)
    t = np.concatenate([rng.uniform(-8, 8, n), rng.uniform(-8, -3, n), rng.uniform(1, 8, n),
                        0.354 * rng.choice([-1.0, 1.0], n) * (1 + rng.uniform(-0.1, 0.1, n)),
                        np.zeros(n)])
    x = a + t * np.sqrt(a)
    far = slice(4 * n, 5 * n)
    x[far] = a[far] * 10.0 ** rng.uniform(-2.0, 2.0, n)
    keep = x > 0
    A, X = a[keep], x[keep]
    gp, gq = np.asarray(specfun.gammainc(A, X)), np.asarray(specfun.gammaincc(A, X))
    ep = np.empty(A.size)
    eq = np.empty(A.size)
    for i in range(A.size):
        p, q = _arb_pq(flint, float(A[i]), float(X[i]))
        ep[i] = _arb_ulp(flint, gp[i], p)
        eq[i] = _arb_ulp(flint, gq[i], q)
    for e in (ep, eq):
        i = int(e.argmax())
        assert e[i] <= 4.0, (A[i], X[i], e[i])
