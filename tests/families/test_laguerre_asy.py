"""Laguerre L_n(x) of large degree in O(1) time: specfun.families._laguerre_asy._laguerre_large.

References from python-flint's Arb (``arb.laguerre_l`` at a working precision covering the
cancellation of the hypergeometric sum, ~2 sqrt(n x) nats), never from the code under test.
Errors in ulps of max(|L_n(x)|, E), E = e^{x/2} (4/(pi^2 x (nu - x)))^{1/4}, nu = 4n + 2
(the size of L_n in its oscillatory region, DLMF 18.15.20).  Timing is not asserted.
"""
from __future__ import annotations

import math

import numpy as np
import pytest

import specfun  # noqa: F401  (registers the families)
import specfun.families._laguerre_asy as LA

flint = pytest.importorskip("flint")


@pytest.fixture(scope="module")
def large():
    from specfun._targets.cpu import SCALARS

    return SCALARS.get("_laguerre_large")


def _ref(x, n):
    flint.ctx.prec = int(2.0 * math.sqrt(n * x) * 1.4427 * 1.05) + 300
    r = flint.arb(x).laguerre_l(n)
    for _ in range(3):  # a value next to a zero: more bits until its sign is certain
        if r.mid() != 0 and abs(r.mid()) > r.rad():
            break
        flint.ctx.prec *= 2
        r = flint.arb(x).laguerre_l(n)
    return r


def _ulps(v, r, x, n):
    nu = 4.0 * n + 2.0
    env = math.exp(x / 4.0) * (math.exp(x / 4.0) * (4.0 / (math.pi ** 2 * x * (nu - x))) ** 0.25) if x > 0 else 1.0
    big = max(abs(float(r.mid())), env)
    u = 2.0 ** (math.floor(math.log2(big)) - 52)
    return abs(float((flint.arb(v) - r).mid())) / u


def _points(seed, count):
    rng = np.random.default_rng(seed)
    out = []
    for n in rng.integers(2000, 20001, size=count):
        n = int(n)
        nu = 4 * n + 2
        for x in (10 ** rng.uniform(-6, math.log10(1420.0)), rng.uniform(0, 1420.0),
                  625.0 / nu * rng.uniform(0.0, 1.7)):
            out.append((float(x), n))
    return out


# (region, points, bound in ulps of the envelope: measured max + margin)
@pytest.mark.parametrize("region,bound", [("tricomi", 2.0), ("expansion", 2.0)])
def test_accuracy_against_arb(large, region, bound):
    worst = 0.0
    count = 0
    for x, n in _points(7, 60) + [(0.37, 100000), (55.5, 1000000), (1000.0, 654321), (1e-3, 1000000)]:
        s = math.sqrt((4.0 * n + 2.0) * x)
        if (s < 25.0) != (region == "tricomi"):
            continue
        r = _ref(x, n)
        count += 1
        worst = max(worst, _ulps(large(x, float(n)), r, x, n))
    assert count >= 40
    assert worst <= bound, worst


def test_special_points(large):
    assert large(0.0, 2000.0) == 1.0
    assert large(1e-300, 5000.0) == 1.0
    assert math.isnan(large(math.nan, 3000.0))
    assert large(math.inf, 2000.0) == math.inf
    assert large(math.inf, 2001.0) == -math.inf
    # beyond the zeros (x >= nu): the sign of (-x)^n
    assert large(8002.0, 2000.0) == math.inf
    assert large(4.0 * 2001 + 2.0, 2001.0) == -math.inf


def test_signs_where_the_value_overflows(large):
    """x > 1500 up to and past the turning point nu: +-inf with the sign of the Arb value (or nan,
    'run the recurrence', next to a zero)."""
    rng = np.random.default_rng(11)
    checked = 0
    for n in (2000, 2001, 3333, 6000):
        nu = 4 * n + 2
        xs = list(rng.uniform(1500.0, nu + 5.0, 25)) + list(nu - rng.uniform(-2.0, 12.0, 25) * nu ** (1.0 / 3.0))
        for x in xs:
            x = float(x)
            v = large(x, float(n))
            if v != v:
                continue
            r = _ref(x, n)
            assert math.isinf(v), (x, n, v)
            assert (v > 0) == (float(r.mid()) > 0), (x, n, v, r.str(5))
            checked += 1
    assert checked >= 190


def test_largest_zero_neighbourhood(large):
    """Around the largest zero (Airy regime): sign changes where Arb's does."""
    n = 2500
    nu = 4 * n + 2
    for x in np.linspace(nu - 6.0 * nu ** (1.0 / 3.0), nu - 2.0 * nu ** (1.0 / 3.0), 30):
        v = large(float(x), float(n))
        if v == v:
            r = _ref(float(x), n)
            assert (v > 0) == (float(r.mid()) > 0), (x, v, r.str(5))


def test_python_and_compiled_agree(large):
    rng = np.random.default_rng(3)
    for _ in range(200):
        n = float(rng.integers(2000, 10 ** 6))
        x = float(10 ** rng.uniform(-5, 3.2))
        a = LA._laguerre_large(x, n)
        b = large(x, n)
        assert (a == b) or (a != a and b != b) or abs(a - b) <= 4e-16 * abs(b), (x, n, a, b)


def test_public_function_takes_the_large_degree_path(large):
    """specfun.laguerre_polynomial_l uses _laguerre_large from degree LAG_LARGE_N0 on (x >= 0):
    the same values, within the bound against Arb, float32 rounded from them, bounded time."""
    from specfun.families._laguerre_asy import LAG_LARGE_N0

    pts = _points(23, 12) + [(2.5, 1999), (2.5, 2000), (1e4, 5000), (2e4 + 0.5, 5000)]
    x = np.array([p[0] for p in pts])
    n = np.array([float(p[1]) for p in pts])
    got = specfun.laguerre_polynomial_l(x, n)
    for xi, ni, g in zip(x, n, got):
        if ni >= LAG_LARGE_N0:
            want = large(float(xi), float(ni))
            if want == want:
                assert g == want or (math.isinf(g) and g == want), (xi, ni)
        r = _ref(float(xi), int(ni))
        if math.isfinite(g):
            assert _ulps(float(g), r, float(xi), int(ni)) <= 2.0, (xi, ni)
        else:  # overflow: the sign is right
            assert math.copysign(1.0, g) == math.copysign(1.0, float(r.mid())), (xi, ni)
    f32 = specfun.laguerre_polynomial_l(x.astype(np.float32), n.astype(np.float32))
    with np.errstate(over="ignore"):
        want32 = specfun.laguerre_polynomial_l(x.astype(np.float32).astype(np.float64), n).astype(np.float32)
    assert np.array_equal(f32, want32, equal_nan=True)
