"""Hurwitz zeta and its x-derivative: mpmath spot values (x near 1, q tiny and huge), identities."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import specfun

mp = pytest.importorskip("mpmath")


def _ulps(got, want):
    return abs(float(got) - float(want)) / np.spacing(abs(float(want)))


def _ref(x, q, d=0):
    # mpmath's Hurwitz zeta needs >= 100 digits at some points (ANCHORS.md): use 120
    with mp.workdps(120):
        return mp.zeta(mp.mpf(float(x)), mp.mpf(float(q)), d)


ZETA_POINTS = [(2.0, 1.0), (3.0, 1.0), (1.0000000001, 1.0), (1.0 + 2**-40, 0.5), (1.5, 1e-10), (2.0, 1e-150),
               (50.0, 0.3), (4.5, 1e8), (31.89, 415.4), (1.01, 1e12), (7.0, 7.0), (100.0, 2.0), (2.0, -1.5),
               (3.0, -2.25)]


@pytest.mark.parametrize("x, q", ZETA_POINTS)
def test_zeta_spot(x, q):
    assert _ulps(specfun.zeta(x, q), _ref(x, q)) <= 4.0


@pytest.mark.parametrize("x, q", [(2.0, 1.0), (1.0000001, 1.0), (3.5, 2.0), (1.5, 1e-5), (10.0, 0.1), (2.0, 1e6),
                                  (31.89, 415.4)])
def test_zeta_dx_spot(x, q):
    # where no term cancels the sum (measured <= 6 ulp where the first term has the other sign)
    assert _ulps(specfun.zeta_dx(x, q), _ref(x, q, 1)) <= 4.0


def test_zeta_dx_is_the_x_rule():
    x, q = np.array([2.5, 4.0]), np.array([0.7, 3.0])
    spec = specfun.zeta.spec
    from specfun.autodiff._ns import NUMPY

    got = spec.grad["x"](NUMPY, x, q, out=None)
    assert np.allclose(got, specfun.zeta_dx(x, q), rtol=0, atol=0)


@settings(max_examples=200, deadline=None)
@given(st.floats(min_value=1.01, max_value=60.0), st.floats(min_value=1e-3, max_value=1e4))
def test_zeta_shift(x, q):
    # zeta(x, q) = zeta(x, q + 1) + q^-x
    if q + 1.0 - q != 1.0:
        return
    lhs = float(specfun.zeta(x, q))
    rhs = float(specfun.zeta(x, q + 1.0)) + q ** (-x)
    if lhs == 0.0 or lhs < 1e-300:
        return
    assert abs(lhs - rhs) <= 8 * np.spacing(lhs)


@settings(max_examples=100, deadline=None)
@given(st.floats(min_value=1e-3, max_value=1e3), st.integers(min_value=1, max_value=30))
def test_polygamma_is_zeta(x, n):
    # psi^(n)(x) = (-1)^(n+1) n! zeta(n+1, x)
    import math

    z = float(specfun.zeta(n + 1.0, x))
    if not (1e-280 < z < 1e280):
        return
    want = (-1) ** (n + 1) * math.factorial(n) * z
    got = float(specfun.polygamma(n, x))
    assert abs(got - want) <= 4 * np.spacing(abs(want))


def test_zeta_near_pole_correctly_rounded():
    # 1 < x <= 1.125: the pole 1/(x - 1) in double-double and the tail's b^(1-x)/(x-1) as
    # 1/(x-1) - log b (e^y - 1)/y, summed in double-double (was 2.35 ulp, scipy/torch 2.07)
    rng = np.random.default_rng(21)
    xs = 1.0 + np.exp(rng.uniform(np.log(1e-15), np.log(0.125), 120))
    qs = np.concatenate([rng.uniform(0.5, 5.0, 80), np.exp(rng.uniform(np.log(1e-3), np.log(100.0), 40))])
    got = specfun.zeta(xs, qs)
    worst = 0.0
    for x, q, g in zip(xs, qs, got):
        want = _ref(x, q)
        worst = max(worst, float(abs(mp.mpf(float(g)) - want) / np.spacing(abs(float(want)))))
    assert worst <= 0.55
