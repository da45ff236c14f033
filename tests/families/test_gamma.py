"""gammaln, digamma, polygamma, multigammaln: mpmath spot values in the hard regions, identities."""
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import specfun

mp = pytest.importorskip("mpmath")


def _ulps(got, want):
    return abs(float(got) - float(want)) / np.spacing(abs(float(want)))


def _mp(fn, *args, dps=40):
    with mp.workdps(dps):
        return fn(*[mp.mpf(float(a)) for a in args])


def _lgamma_ref(x):
    return mp.log(abs(mp.gamma(x))) if x < 0 else mp.loggamma(x)


GAMMALN_POINTS = [0.9999999999999999, 1.0000000000000002, 0.999, 1.001, 1.9999999999999998, 2.0000000000000004,
                  1.5, 0.5, 2.5, 0.25, 1e-300, 5e-324, 3.0, 7.999, 8.0, 12.5, 1e5, 1e17, 1e300, 2.5e305,
                  -0.5, -1e-10, -0.9999999, -1.5, -2.5, -3.1, -10.3, -59.5, -60.5, -123.456, -1e10 - 0.5]


@pytest.mark.parametrize("x", GAMMALN_POINTS)
def test_gammaln_spot(x):
    want = _mp(_lgamma_ref, x)
    assert _ulps(specfun.gammaln(x), want) <= 2.0


def test_gammaln_near_one_beats_scipy_bar():
    # scipy has ~100 ulp here
    x = 0.9999999999999999
    assert _ulps(specfun.gammaln(x), _mp(_lgamma_ref, x)) <= 1.0


@pytest.mark.parametrize("root", ["-2.4570247382208005860", "-2.7476826467274126919", "-3.1435808883499798405",
                                  "-3.9552942848585979085"])
def test_gammaln_negative_roots_absolute(root):
    # near the negative zeros the error is small in absolute terms (the lgamma of the shifted
    # argument and the log of the exact product are both below 0.13 in size there)
    x0 = float(mp.mpf(root))
    for x in (x0, np.nextafter(x0, 0.0), np.nextafter(x0, -np.inf), x0 + 1e-9, x0 - 1e-6):
        want = _mp(_lgamma_ref, x)
        assert abs(float(specfun.gammaln(x)) - float(want)) <= 4e-17


DIGAMMA_POINTS = [1.4616321449683622, 1.4616321449683625, 1.46163, 1.5, 1.0, 2.0, 0.5, 0.75, 2.9, 3.0, 9.99, 10.0,
                  1e-300, 1e-8, 0.3, 1e10, 1e300, -0.5, -1.5, -2.25, -10.3, -1e-10]


@pytest.mark.parametrize("x", DIGAMMA_POINTS)
def test_digamma_spot(x):
    want = _mp(mp.digamma, x)
    assert _ulps(specfun.digamma(x), want) <= 2.0


def test_psi_alias():
    assert specfun.psi is specfun.digamma


@pytest.mark.parametrize("n", [1, 2, 3, 4, 7, 10, 20, 30, 60, 100])
@pytest.mark.parametrize("x", [0.3, 1.0, 1.7, 4.5, 12.25, 1e3, 1e6, -1.5, -2.25, -6.4983409002284205, -1e-5, -0.99999,
                               -100.25])
def test_polygamma_spot(n, x):
    # mpmath's polygamma on the negative axis cancels internally: 40-50 digits are not enough
    want = _mp(lambda t: mp.polygamma(n, t), x, dps=40 if x > 0 else 250)
    got = specfun.polygamma(n, x)
    if float(want) == 0.0 or not math.isfinite(float(want)):
        pytest.skip("outside float64")
    assert _ulps(got, want) <= 4.0


def test_polygamma_torch_defects():
    # torch: polygamma(1, 0.3) has 1e-10 relative error, polygamma(1, -2) is finite
    assert _ulps(specfun.polygamma(1, 0.3), _mp(lambda t: mp.polygamma(1, t), 0.3)) <= 1.0
    assert specfun.polygamma(1, -2.0) == math.inf


def test_polygamma_n_checked():
    with pytest.raises(ValueError):
        specfun.polygamma(-1, 1.0)
    with pytest.raises(ValueError):
        specfun.polygamma(1.5, 1.0)


@pytest.mark.parametrize("x, p", [(2.5, 1), (3.0, 2), (10.25, 5), (100.0, 30), (7.5, 3)])
def test_multigammaln_spot(x, p):
    with mp.workdps(40):
        want = p * (p - 1) / mp.mpf(4) * mp.log(mp.pi) + mp.fsum(mp.loggamma(mp.mpf(x) - mp.mpf(j) / 2)
                                                                for j in range(p))
    assert _ulps(specfun.multigammaln(x, p), want) <= 4.0


finite_pos = st.floats(min_value=1e-3, max_value=1e6)


@settings(max_examples=200, deadline=None)
@given(finite_pos)
def test_gammaln_recurrence(x):
    # lnGamma(x + 1) = lnGamma(x) + log x, compared in float64 where no cancellation occurs
    lhs = float(specfun.gammaln(x + 1.0))
    rhs = float(specfun.gammaln(x)) + math.log(x)
    if x + 1.0 - x != 1.0 or abs(lhs) < 1.0:
        return
    assert abs(lhs - rhs) <= 4 * np.spacing(abs(lhs)) + 2 * np.spacing(abs(float(specfun.gammaln(x))))


@settings(max_examples=200, deadline=None)
@given(st.floats(min_value=0.5, max_value=1e6))
def test_digamma_recurrence(x):
    # psi(x + 1) = psi(x) + 1/x
    lhs = float(specfun.digamma(x + 1.0))
    if x + 1.0 - x != 1.0:
        return
    rhs = float(specfun.digamma(x)) + 1.0 / x
    assert abs(lhs - rhs) <= 4 * np.spacing(max(abs(lhs), abs(float(specfun.digamma(x))), 1.0 / x))


@settings(max_examples=100, deadline=None)
@given(st.floats(min_value=1e-3, max_value=0.999))
def test_gammaln_reflection(x):
    # lnGamma(x) + lnGamma(1 - x) = log(pi / sin(pi x)) for 0 < x < 1
    lhs = float(specfun.gammaln(x)) + float(specfun.gammaln(1.0 - x))
    with mp.workdps(40):
        rhs = float(mp.log(mp.pi / mp.sin(mp.pi * mp.mpf(x))))
    assert abs(lhs - rhs) <= 8 * np.spacing(max(abs(lhs), 1.0))


def test_float32_rounds_once():
    x = np.linspace(0.01, 50.0, 997).astype(np.float32)
    for name in ("gammaln", "digamma"):
        f = getattr(specfun, name)
        assert np.array_equal(f(x), f(x.astype(np.float64)).astype(np.float32))


# negative axis away from the zeros (|psi| > 1/4): the reflection's two terms in double-double,
# including x in (-1, 0), where 1 - x rounds, and mild cancellations (to a half or an eighth)
DIGAMMA_NEG_POINTS = [-0.3211217349030987, -0.4511826218973908, -0.5551837634922431, -0.6882981557602198,
                      -1.6558641057947732, -4.827612899110065, -17.863546997206306, -23.645663243396548,
                      -26.86701132000379, -573.7482974483253, -0.25240713038850254,
                      -1e-10, -3.7e-300]


@pytest.mark.parametrize("x", DIGAMMA_NEG_POINTS)
def test_digamma_negative_reflection(x):
    assert _ulps(specfun.digamma(x), _mp(mp.digamma, x)) <= 1.5


@pytest.mark.parametrize("n", [2, 5, 9, 17, 33, 58])
def test_gammaln_negative_near_poles(n):
    # x = -n +- d: one of the two factors below 1 in the exact product (r or 1 - r) is tiny,
    # the case the product's 26-bit head split cannot take alone (it is formed first, by Dekker)
    for d in (1e-13, 1e-7, 0.01, 0.3):
        for x in (-n + d, -n - d):
            want = _mp(_lgamma_ref, x)
            assert _ulps(specfun.gammaln(x), want) <= 1.5, x


def _ulps_mp(got, want):
    """|got - want| in ulps of want, want an mpf (not rounded to double first)."""
    return float(abs(mp.mpf(float(got)) - want) / np.spacing(abs(float(want))))


def _dense(lo, hi, n, seed, log=False):
    """n points in [lo, hi] (uniform or log-uniform); a negative range [lo, hi] (hi <= 0) is
    drawn as the magnitudes [|hi|, |lo|] (|hi| = 0 replaced by 1e-300 when log) and negated."""
    rng = np.random.default_rng(seed)
    if hi <= 0.0:
        a = abs(hi) if (abs(hi) > 0.0 or not log) else 1e-300
        return -_dense(a, abs(lo), n, seed, log)
    if log:
        return np.exp(rng.uniform(math.log(lo), math.log(hi), n))
    return rng.uniform(lo, hi, n)


@pytest.mark.parametrize("lo,hi,log", [(1e-8, 0.5, True), (0.5, 3.0, False), (3.0, 32.0, False), (30.0, 1e300, True),
                                       (-1.0, 0.0, False), (-10.0, -1.0, False), (-60.0, -10.0, False),
                                       (-1e6, -60.0, True)])
def test_gammaln_dense_correctly_rounded(lo, hi, log):
    # every path forms lnGamma as a double-double pair and rounds once: measured max 0.50-0.51 ulp
    # per piece on dense samples; the bound leaves only the pair's own 2^-60 or so
    xs = _dense(lo, hi, 150, 11, log)
    got = specfun.gammaln(xs)
    worst = max(_ulps_mp(g, _mp(_lgamma_ref, x)) for x, g in zip(xs, got) if x != math.floor(x))
    assert worst <= 0.55


@pytest.mark.parametrize("center", [1.0, 2.0])
def test_gammaln_near_zeros_correctly_rounded(center):
    # the table intervals touching 1 and 2 are centred on them: relative accuracy kept
    d = _dense(1e-16, 1e-2, 150, 12, log=True) * np.where(np.arange(150) % 2 == 0, 1.0, -1.0)
    xs = center + d
    got = specfun.gammaln(xs)
    assert max(_ulps_mp(g, _mp(_lgamma_ref, x)) for x, g in zip(xs, got)) <= 0.55


@pytest.mark.parametrize("root", ["-2.4570247382208005860", "-2.7476826467274126919", "-3.1435808883499798405",
                                  "-3.9552942848585979085", "-4.0393598354041799", "-4.9915452682128026",
                                  "-5.0082181688225097", "-5.9986074800808754"])
def test_gammaln_negative_zeros_relative(root):
    # the (-10, 0) table intervals holding a zero of log|Gamma| are centred on it: the value keeps
    # its relative accuracy there (measured max 0.5006 ulp on 1e-15..1e-3 relative offsets)
    x0 = float(mp.findroot(lambda t: mp.log(abs(mp.gamma(t))), mp.mpf(root)))
    d = _dense(1e-15, 1e-3, 40, 14, log=True) * np.where(np.arange(40) % 2 == 0, 1.0, -1.0)
    xs = x0 * (1.0 + d)
    got = specfun.gammaln(xs)
    assert max(_ulps_mp(g, _mp(_lgamma_ref, x)) for x, g in zip(xs, got)) <= 0.55


@pytest.mark.parametrize("lo,hi,log", [(1e-4, 0.5, True), (-0.5, -1e-4, True), (-1.0, -0.5, False),
                                       (-10.0, -1.0, False)])
def test_gammaln_small_and_negative_tables(lo, hi, log):
    # the lnGamma table below 0.5 and the (-10, 0) tables, by their ends too: max 0.50 ulp measured
    xs = np.concatenate([_dense(lo, hi, 150, 15, log), [lo, hi, -0.5, -1.0 + 2.0**-11, -(2.0**-11),
                                                         -9.0 - 2.0**-11, -9.0 + 2.0**-11, -9.5, 2.0**-11]])
    xs = xs[(xs >= lo) & (xs <= hi) & (xs != np.floor(xs))]
    got = specfun.gammaln(xs)
    assert max(_ulps_mp(g, _mp(_lgamma_ref, x)) for x, g in zip(xs, got)) <= 0.55


@pytest.mark.parametrize("lo,hi,log", [(1e-200, 0.5, True), (0.5, 32.0, False), (32.0, 1e300, True),
                                       (-0.5, 0.0, False), (-10.0, -0.5, False), (-1e5, -10.0, True)])
def test_trigamma_dense(lo, hi, log):
    # polygamma(1, x): table / asymptotic series / 1/x^2 + psi'(1 + x) / pi^2 + (pi cot pi x)^2 - psi'(1 - x),
    # each as a pair rounded once (measured max 0.50-0.51 ulp)
    xs = _dense(lo, hi, 150, 13, log)
    got = specfun.polygamma(1, xs)
    worst = max(_ulps_mp(g, _mp(lambda t: mp.psi(1, t), x)) for x, g in zip(xs, got) if x != math.floor(x))
    assert worst <= 0.55


def test_trigamma_near_poles_and_specials():
    for k in range(0, 21):
        for d in (1e-14, 1e-9, 1e-4, 0.3):
            for x in (-k + d, -k - d):
                if x == 0.0:
                    continue
                assert _ulps_mp(specfun.polygamma(1, x), _mp(lambda t: mp.psi(1, t), x)) <= 0.55
    assert float(specfun.polygamma(1, 0.0)) == math.inf
    assert float(specfun.polygamma(1, -3.0)) == math.inf
    assert float(specfun.polygamma(1, math.inf)) == 0.0
    assert math.isnan(float(specfun.polygamma(1, -math.inf)))
    assert float(specfun.polygamma(1, 1e-200)) == math.inf or float(specfun.polygamma(1, 1e-200)) > 1e300


@pytest.mark.parametrize("p", [2, 3, 7, 10])
def test_multigammaln_dense_correctly_rounded(p):
    # the terms' pairs and the constant summed in double-double, rounded once (measured max 0.50 ulp)
    xs = np.concatenate([_dense((p - 1) / 2 + 1e-6, 60.0, 60, 14), _dense(60.0, 1e200, 20, 15, log=True)])
    got = specfun.multigammaln(xs, p)

    def ref(x):
        with mp.workdps(40):
            x = mp.mpf(float(x))
            return p * (p - 1) / 4 * mp.log(mp.pi) + mp.fsum(mp.loggamma(x - mp.mpf(j) / 2) for j in range(p))

    assert max(_ulps_mp(g, ref(x)) for x, g in zip(xs, got)) <= 0.55


@pytest.mark.parametrize("lo,hi,log", [(1e-300, 0.5, True), (0.5, 64.0, False), (64.0, 1e300, True),
                                       (-0.125, 0.0, False), (-30.0, -0.125, False)])
def test_digamma_dense(lo, hi, log):
    # x > 0: the psi table / psi(1 + x) - 1/x / asymptotic series with the log as a pair, each
    # rounded once (measured max 0.50 ulp); x < 0: reflection in double-double (absolute scale
    # 1/4 near the negative zeros, as the report's; the cotangent's 1 - a was rounded: 1.16 -> 0.54)
    xs = _dense(lo, hi, 150, 17, log) if lo > 0 else _dense(lo, hi, 150, 17)
    got = specfun.digamma(xs)
    worst = 0.0
    for x, g in zip(xs, got):
        want = _mp(mp.digamma, x)
        scale = abs(float(want)) if x > 0 else max(abs(float(want)), 0.25)
        worst = max(worst, float(abs(mp.mpf(float(g)) - want) / np.spacing(scale)))
    assert worst <= 0.55


def test_digamma_near_positive_root():
    x0 = 1.4616321449683622
    xs = [x0 + k * np.spacing(x0) for k in range(-8, 9)] + [x0 * (1 + d) for d in (1e-12, -1e-9, 3e-6, -1e-3)]
    for x in xs:
        assert _ulps_mp(specfun.digamma(x), _mp(mp.digamma, x)) <= 0.55


# --- float32 kernels (f32_kernel=): the float32 result must be the float64 kernel's rounded once
# (the float64 kernel is checked against mpmath above and in the accuracy report)

def _f32_regions():
    rng = np.random.default_rng(20261122)
    half = np.arange(-10, 10, dtype=np.float64) + 0.5       # ties of the pole distance
    poles = np.arange(-10, 1, dtype=np.float64)
    edges = np.concatenate([poles + 2.0 ** -11, poles - 2.0 ** -11, poles + 2.0 ** -12, half,
                            [2.0 ** -11, 0.5, 1.0, 2.0, 63.99, 64.0, 1e-30, 1e30, 3e38]])
    # the zeros of log|Gamma| on the negative axis and at 1, 2 (relative accuracy there)
    zeros = np.array([-2.457024738220800, -2.747682646727412, -3.143580888349980, -3.955294284858598,
                      -4.039101839577793, -4.991678839209380, -5.008152527598394, -5.998790677028879,
                      -6.001209640687215, 1.0, 2.0])
    near = np.concatenate([zeros * (1.0 + k * 2.0 ** -22) for k in range(-40, 41)])
    xs = [edges, near, rng.uniform(-10, 10, 20000), rng.uniform(-200, -10, 5000), rng.uniform(0, 2.0 ** -11, 2000),
          np.exp(rng.uniform(np.log(64), np.log(3e38), 5000))]
    x = np.concatenate(xs).astype(np.float32)
    return np.concatenate([x, np.nextafter(x, np.float32(np.inf)), np.nextafter(x, np.float32(-np.inf))])


def _same_f32(a, b):
    return (a == b) | (np.isnan(a) & np.isnan(b))


def test_gammaln_f32_kernel_rounds_like_float64():
    x = _f32_regions()
    with np.errstate(all="ignore"):
        got = specfun.gammaln(x)
        want = specfun.gammaln(x.astype(np.float64)).astype(np.float32)
    assert got.dtype == np.float32
    bad = ~_same_f32(got, want)
    assert not bad.any(), (x[bad][:5], got[bad][:5], want[bad][:5])


@pytest.mark.parametrize("p", [1, 2, 3, 7, 64, 65])
def test_multigammaln_f32_kernel_rounds_like_float64(p):
    rng = np.random.default_rng(p)
    lo = 0.5 * (p - 1)
    x = np.concatenate([rng.uniform(lo, lo + 2, 3000), rng.uniform(lo, 100, 3000), rng.uniform(lo - 3, lo, 500),
                        np.exp(rng.uniform(np.log(100), np.log(1e30), 1000))]).astype(np.float32)
    with np.errstate(all="ignore"):
        got = specfun.multigammaln(x, p)
        want = specfun.multigammaln(x.astype(np.float64), p).astype(np.float32)
    bad = ~_same_f32(got, want)
    assert not bad.any(), (x[bad][:5], got[bad][:5], want[bad][:5])


@pytest.mark.parametrize("n", [1, 2])
def test_polygamma_f32_kernel_rounds_like_float64(n):
    rng = np.random.default_rng(n)
    x = np.concatenate([_f32_regions()[:3000].astype(np.float64), rng.uniform(-10, 10, 20000),
                        rng.uniform(-0.5, 0.5, 3000), np.exp(rng.uniform(np.log(32), np.log(3e38), 3000)),
                        rng.uniform(-1e6, -10, 3000)]).astype(np.float32)
    with np.errstate(all="ignore"):
        got = specfun.polygamma(n, x)
        want = specfun.polygamma(n, x.astype(np.float64)).astype(np.float32)
    bad = ~_same_f32(got, want)
    assert not bad.any(), (x[bad][:5], got[bad][:5], want[bad][:5])
