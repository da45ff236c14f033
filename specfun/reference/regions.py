"""Named sampling regions per function, deterministic from a seed.

``REGIONS[name]`` is a list of :class:`Region`.  A region draws ``n`` points
(one float64 array per argument) with ``draw(rng, n)`` and declares its error
scale: ``scale=None`` means relative ULPs; otherwise ``scale(args, hi)``
returns a per-point absolute scale (the local amplitude of an oscillating
function, or ``max(|P_n(x)|, envelope)`` for polynomials), and the error is
``|got - want| / spacing(scale)``.  Fixed special values are listed in the
``specials`` region of every function.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

inf, nan = math.inf, math.nan
TINY = 5e-324
BIG = 1.7976931348623157e308


@dataclass
class Region:
    name: str
    draw: Callable  # (rng, n) -> tuple of float64 arrays
    weight: float = 1.0
    scale: Callable | None = None  # (args, hi) -> float64 array, or None for relative
    fixed: bool = False  # draw ignores n (a list of exact values)


# ---------------------------------------------------------------------------
# samplers: (rng, n) -> float64 array


def U(lo, hi):
    return lambda rng, n: rng.uniform(lo, hi, n)


def L(lo, hi, sign=1):
    """Log-uniform magnitude in [lo, hi]; sign +1, -1, or 0 for a random sign."""

    def f(rng, n):
        v = np.exp(rng.uniform(math.log(lo), math.log(hi), n))
        if sign == 0:
            v *= rng.choice([-1.0, 1.0], n)
        return v * (1.0 if sign >= 0 else -1.0) if sign != 0 else v

    return f


def I(lo, hi):  # noqa: E743 - integers in [lo, hi] as floats
    return lambda rng, n: rng.integers(lo, hi + 1, n).astype(np.float64)


def IL(lo, hi):
    """Log-uniform integers in [lo, hi]."""
    return lambda rng, n: np.floor(np.exp(rng.uniform(math.log(lo), math.log(hi + 1), n)))


def near(centers, rel_hi=1e-3):
    """Points within a few ULP to rel_hi (relative) of each center, both sides."""
    centers = np.asarray(centers, dtype=np.float64)

    def f(rng, n):
        c = rng.choice(centers, n)
        k = rng.integers(1, 9, n).astype(np.float64)
        ulp_pts = c + rng.choice([-1.0, 1.0], n) * k * np.spacing(np.abs(c))
        d = np.exp(rng.uniform(math.log(2.2e-16), math.log(rel_hi), n)) * rng.choice([-1.0, 1.0], n)
        rel_pts = c + d * np.abs(c)
        return np.where(rng.random(n) < 0.3, ulp_pts, rel_pts)

    return f


def offset(centers, lo, hi):
    """center + s*d, d log-uniform in [lo, hi] (absolute), random side."""
    centers = np.asarray(centers, dtype=np.float64)

    def f(rng, n):
        c = rng.choice(centers, n)
        d = np.exp(rng.uniform(math.log(lo), math.log(hi), n)) * rng.choice([-1.0, 1.0], n)
        return c + d

    return f


def noninteger(s):
    """Sampler s with exact integers nudged off (for arguments with poles at integers)."""

    def f(rng, n):
        v = s(rng, n)
        return np.where(v == np.round(v), v + 0.5, v)

    return f


def R(name, *samplers, weight=1.0, scale=None):
    return Region(name, lambda rng, n: tuple(s(rng, n) for s in samplers), weight, scale)


def paired(name, fn, weight=1.0, scale=None):
    return Region(name, fn, weight, scale)


def S(*values):
    """Fixed special points: each value a scalar (unary) or a tuple."""
    rows = [v if isinstance(v, tuple) else (v,) for v in values]
    k = len(rows[0])

    def f(rng, n):
        return tuple(np.array([r[i] for r in rows], dtype=np.float64) for i in range(k))

    return Region("specials", f, 0.0, None, True)


UNARY_SPECIALS = (0.0, -0.0, inf, -inf, nan, 1.0, -1.0, TINY, -TINY, BIG, -BIG)


# ---------------------------------------------------------------------------
# scales


def amp_bessel(args, hi):
    """Local amplitude of J/Y: sqrt(2/(pi x)) (DLMF 10.17.3), or |want| if larger."""
    x = np.abs(args[0])
    with np.errstate(divide="ignore", invalid="ignore"):
        a = np.sqrt(2.0 / (np.pi * x))
    return np.fmax(a, np.abs(hi))


def amp_inv(args, hi):
    """1/|x| (spherical Bessel amplitude)."""
    with np.errstate(divide="ignore"):
        return np.fmax(1.0 / np.abs(args[0]), np.abs(hi))


def amp_airy(power):
    def f(args, hi):
        x = np.abs(args[0])
        return np.fmax(x ** power / math.sqrt(math.pi), np.abs(hi))

    return f


def unit_scale(args, hi):
    """Absolute scale 1 (near the negative-axis zeros of gammaln and digamma)."""
    return np.fmax(1.0, np.abs(hi))


def _lgamma_arr(v):
    return np.array([math.lgamma(t + 1.0) for t in v])


def poly_scale(kind, shifted):
    """max(|P_n(x)|, envelope): the size of the polynomial near x."""

    def f(args, hi):
        x = args[0]
        n = np.maximum(np.where(np.isfinite(args[1]), args[1], 0.0), 0.0)
        t = 2.0 * x - 1.0 if shifted else x
        with np.errstate(all="ignore"):
            s = np.sqrt(np.maximum(1.0 - t * t, 0.0))
            if kind == "T":
                env = np.ones_like(t)
            elif kind == "U":
                env = np.minimum(n + 1.0, 1.0 / s)
            elif kind == "V":
                env = np.minimum(2.0 * n + 1.0, np.sqrt(2.0 / np.maximum(1.0 + t, 0.0)))
            elif kind == "W":
                env = np.minimum(2.0 * n + 1.0, np.sqrt(2.0 / np.maximum(1.0 - t, 0.0)))
            elif kind == "P":
                env = np.minimum(1.0, np.sqrt(2.0 / (np.pi * np.maximum(n, 1.0) * s)))
            elif kind == "H":
                env = np.exp(np.minimum(t * t / 2.0 + 0.5 * (n * math.log(2.0) + _lgamma_arr(n)), 709.0))
            elif kind == "He":
                env = np.exp(np.minimum(t * t / 4.0 + 0.5 * _lgamma_arr(n), 709.0))
            else:  # L, x >= 0: |L_n(x)| <= e^(x/2) (DLMF 18.14.8)
                env = np.exp(np.minimum(np.abs(t) / 2.0, 709.0))
            env = np.where(np.isfinite(t), env, np.nan)
        return np.fmax(env, np.abs(hi))

    return f


# ---------------------------------------------------------------------------
# zeros, computed once (mpmath, modest precision; the reference values of the
# sampled points are computed separately at full precision)

_ZEROS: dict = {}


def _bessel_zeros(kind, v):
    key = ("JY", kind, v)
    if key in _ZEROS:
        return _ZEROS[key]
    import mpmath

    mp = mpmath.mp
    out = []
    with mp.workdps(30):
        f = mp.besselj if kind == "J" else mp.bessely
        for m in range(1, 6):
            z = mp.besseljzero(v, m) if kind == "J" else mp.besselyzero(v, m)
            out.append(float(z))
        for x0 in (1e3, 1e4, 1e5, 1e6):
            # the zero nearest x0: McMahon's phase (m + v/2 - 1/4) pi for J, (m + v/2 - 3/4) pi for Y
            shift = v / 2.0 - (0.25 if kind == "J" else 0.75)
            m = round(x0 / math.pi - shift)
            guess = (m + shift) * math.pi
            z = mp.findroot(lambda t: f(v, t), mp.mpf(guess))
            out.append(float(z))
    _ZEROS[key] = out
    return out


def _airy_zeros(derivative):
    key = ("Ai", derivative)
    if key in _ZEROS:
        return _ZEROS[key]
    import mpmath

    mp = mpmath.mp
    with mp.workdps(30):
        out = [float(mp.airyaizero(k, derivative=derivative)) for k in (1, 2, 3, 4, 5, 20, 100)]
    _ZEROS[key] = out
    return out


def _digamma_neg_roots():
    if "psi" in _ZEROS:
        return _ZEROS["psi"]
    import mpmath

    mp = mpmath.mp
    out = []
    with mp.workdps(30):
        for k in list(range(0, 12)) + [30, 100, 1000]:
            # one root in (-k-1, -k) (DLMF 5.7, Hermite): bisection on psi
            a, b = -k - 1 + 1e-9, -k - 1e-9
            fa = mp.digamma(a)
            for _ in range(80):
                m = (a + b) / 2
                fm = mp.digamma(m)
                if (fm > 0) == (fa > 0):
                    a, fa = m, fm
                else:
                    b = m
            out.append(float((a + b) / 2))
    _ZEROS["psi"] = out
    return out


def _lgamma_neg_roots():
    if "lgamma" in _ZEROS:
        return _ZEROS["lgamma"]
    import mpmath

    mp = mpmath.mp
    out = []
    psi_roots = _digamma_neg_roots()
    with mp.workdps(30):

        def g(t):
            return mp.log(abs(mp.gamma(t)))

        for k in range(2, 12):
            xm = psi_roots[k]  # extremum of |Gamma| in (-k-1, -k)
            if g(mp.mpf(xm)) >= 0:
                continue
            for a, b in ((-k - 1 + 1e-12, xm), (xm, -k - 1e-12)):
                ga = g(mp.mpf(a))
                for _ in range(70):
                    m = (a + b) / 2
                    gm = g(mp.mpf(m))
                    if (gm > 0) == (ga > 0):
                        a, ga = m, gm
                    else:
                        b = m
                out.append((a + b) / 2)
    _ZEROS["lgamma"] = out
    return out


def lazy_near(centers_fn, rel_hi=1e-3):
    def f(rng, n):
        return near(centers_fn(), rel_hi)(rng, n)

    return f


# ---------------------------------------------------------------------------
# the table

REGIONS: dict[str, list[Region]] = {}


def regions(name, *rs):
    REGIONS[name] = list(rs)


_x = UNARY_SPECIALS

regions("exp2", R("typical", U(-10, 10), weight=3), R("tiny", L(TINY, 1e-5, 0)),
        R("huge", U(-1080, 1030), weight=2), R("near_integers", offset(np.arange(-20, 21), 1e-15, 1e-3)),
        S(*_x, 1024.0, -1074.0, -1075.0, 1023.9999999999999, -1022.0, 0.5))
regions("expm1", R("typical", U(-5, 5), weight=3), R("tiny", L(TINY, 1e-5, 0), weight=2),
        R("huge", U(-800, 720)), R("negative_tail", L(30, BIG, -1)),
        S(*_x, 709.782712893384, 709.7827128933841, -745.0))
regions("log1p", R("typical", U(-0.99, 5), weight=3), R("tiny", L(TINY, 1e-5, 0), weight=2),
        R("near_minus_one", offset([-1.0], 1e-16, 1e-2)), R("huge", L(10, BIG)), R("domain", U(-10, -1), weight=0.2),
        S(*_x, -0.5, -2.0))
regions("expit", R("typical", U(-20, 20), weight=3), R("tiny", L(TINY, 1e-5, 0)),
        R("left_tail", U(-760, -30), weight=2), R("right_tail", U(30, 800)), R("huge", L(1e3, BIG, 0)),
        S(*_x, -711.56, -745.1, 36.8, 37.5))
regions("logit", R("typical", U(0, 1), weight=3), R("near_zero", L(TINY, 1e-3)),
        R("near_one", offset([1.0], 1e-16, 1e-3)), R("near_half", offset([0.5], 1e-17, 1e-3)),
        R("domain", U(-2, 3), weight=0.3), S(*_x, 0.5, 0.25, 0.75, 1 - 2**-53))
regions("sinc", R("typical", U(-5, 5), weight=3), R("tiny", L(1e-300, 1e-4, 0)),
        R("near_zeros", offset(np.r_[np.arange(-10, 0), np.arange(1, 11), [1e3 + 1, 1e6, 2**40 + 1]], 1e-15, 1e-3),
          weight=2),
        R("huge", L(10, BIG, 0), weight=2), S(*_x, 0.5, 2.0, 1e6, 2.0**52 + 1, 0.25))
regions("entr", R("typical", U(0, 5), weight=3), R("tiny", L(TINY, 1e-3)),
        R("near_one", offset([1.0], 1e-16, 1e-3)), R("huge", L(10, BIG)), R("negative", U(-5, 0), weight=0.2),
        S(*_x, 0.5, 2.0))
regions("xlogy", R("typical", U(-10, 10), U(0, 20), weight=3), R("y_tiny", L(1e-10, 1e10, 0), L(TINY, 1e-5)),
        R("y_huge", L(1e-10, 1e10, 0), L(10, BIG)), R("y_near_one", U(-10, 10), offset([1.0], 1e-16, 1e-3)),
        R("x_tiny", L(TINY, 1e-10, 0), U(0, 100)), R("y_negative", U(-3, 3), U(-5, 0), weight=0.2),
        S(*[(a, b) for a in (0.0, -0.0, 1.0, -1.0, inf, -inf, nan, 2.0) for b in (0.0, 1.0, -1.0, inf, nan, 0.5)]))
regions("xlog1py", R("typical", U(-10, 10), U(-1, 20), weight=3), R("y_tiny", L(1e-10, 1e10, 0), L(TINY, 1e-5, 0)),
        R("y_near_minus_one", U(-10, 10), offset([-1.0], 1e-16, 1e-3)), R("y_huge", U(-10, 10), L(10, BIG)),
        R("x_tiny", L(TINY, 1e-10, 0), U(-1, 100)), R("y_domain", U(-3, 3), U(-5, -1), weight=0.2),
        S(*[(a, b) for a in (0.0, -0.0, 1.0, -1.0, inf, -inf, nan, 2.0) for b in (0.0, -1.0, -2.0, inf, nan, 1.0)]))

regions("erf", R("typical", U(-3, 3), weight=3), R("tiny", L(TINY, 1e-3, 0), weight=2),
        R("tail", U(3, 6.5), weight=1), R("negative_tail", U(-6.5, -3)), R("huge", L(6, BIG, 0)),
        S(*_x, 0.5, 5.9, 6.0))
regions("erfc", R("typical", U(-3, 3), weight=3), R("tiny", L(TINY, 1e-3, 0)), R("tail", U(3, 27.3), weight=2),
        R("huge", L(27.3, BIG)), R("negative", U(-10, -3)), R("negative_huge", L(10, BIG, -1)),
        S(*_x, 26.55, 26.65, 27.2, 1e300))
regions("erfcx", R("typical", U(-3, 3), weight=3), R("tiny", L(TINY, 1e-3, 0)), R("positive_tail", L(3, BIG), weight=2),
        R("negative", U(-26.7, -3), weight=2), R("negative_huge", L(27, BIG, -1)), S(*_x, 9.3, 1e8, 2e8, -26.6))
regions("erfinv", R("typical", U(-1, 1), weight=3), R("tiny", L(TINY, 1e-3, 0), weight=2),
        R("near_one", offset([1.0, -1.0], 1.1e-16, 1e-2), weight=2), R("domain", U(1, 3), weight=0.2),
        S(*_x, 0.5, -0.5, 1 - 2**-53, -1 + 2**-53, 1 - 2**-52))
regions("ndtr", R("typical", U(-5, 5), weight=3), R("tiny", L(TINY, 1e-3, 0)), R("lower_tail", U(-38.6, -5), weight=2),
        R("upper_tail", U(5, 9)), R("huge", L(40, BIG, 0)), S(*_x, -8.3, -13.3175, -37.5, -38.4))
regions("ndtri", R("typical", U(0, 1), weight=3), R("small", L(TINY, 1e-3), weight=2),
        R("near_one", offset([1.0], 1.1e-16, 1e-3)), R("near_half", offset([0.5], 1e-17, 1e-3)),
        R("domain", U(-1, 2), weight=0.2), S(*_x, 0.5, 0.25, 0.975, 1 - 2**-53, 1e-300))
regions("log_ndtr", R("typical", U(-5, 5), weight=3), R("negative_tail", L(5, BIG, -1), weight=2),
        R("positive_tail", U(5, 40)), R("huge", L(40, BIG)), S(*_x, -20.0, 8.3, 38.0))

# gamma family
_NEG_POLES = -np.arange(0, 21, dtype=np.float64)
regions("gammaln", R("typical", U(0, 10), weight=3), R("tiny", L(TINY, 1e-3, 0)),
        R("near_one_two", offset([1.0, 2.0], 1e-16, 1e-2), weight=2), R("huge", L(10, BIG), weight=2),
        R("negative", noninteger(U(-50, 0)), weight=2), R("near_poles", offset(_NEG_POLES[1:], 1e-14, 1e-2)),
        R("near_negative_roots", lazy_near(_lgamma_neg_roots), scale=unit_scale),
        S(*_x, 0.5, 2.0, 3.0, -2.0, -0.5, 0.9999999999999999, 2.5e305, 2.6e305, 4503599627370496.5))
regions("digamma", R("typical", U(0.01, 10), weight=3), R("tiny", L(TINY, 1e-3, 0)),
        R("near_positive_root", near([1.4616321449683623]), weight=2), R("huge", L(10, BIG), weight=2),
        R("negative", noninteger(U(-30, 0)), weight=2), R("near_poles", offset(_NEG_POLES[1:], 1e-14, 1e-2)),
        R("near_negative_roots", lazy_near(_digamma_neg_roots), scale=unit_scale),
        S(*_x, 0.5, 2.0, -2.0, -0.5, 1.4616321449683623))


def _pg_draw(nlo, nhi, xs):
    def f(rng, n):
        return I(nlo, nhi)(rng, n), xs(rng, n)

    return f


regions("polygamma", paired("typical", _pg_draw(1, 4, U(0.01, 10)), weight=3),
        paired("high_order", _pg_draw(5, 30, U(0.05, 30)), weight=2),
        paired("order_zero", _pg_draw(0, 0, U(0.01, 10)), weight=0.5),
        paired("tiny", _pg_draw(1, 30, L(1e-300, 1e-2))),
        paired("huge", _pg_draw(1, 30, L(10, 1e300))),
        paired("negative", _pg_draw(1, 6, noninteger(U(-20, 0))), weight=1.5),
        S(*[(n, x) for n in (0.0, 1.0, 2.0, 3.0, 30.0) for x in (0.0, -2.0, 1.0, 0.3, inf, -inf, nan, 1e-300)]))


def _mg_draw(plo, phi, off):
    def f(rng, n):
        p = I(plo, phi)(rng, n)
        return (p - 1.0) / 2.0 + off(rng, n), p

    return f


regions("multigammaln", paired("typical", _mg_draw(1, 10, U(1e-6, 10)), weight=3),
        paired("huge", _mg_draw(1, 10, L(10, 1e300))), paired("near_edge", _mg_draw(2, 10, L(1e-15, 1e-3))),
        paired("domain", _mg_draw(2, 10, U(-3, 0)), weight=0.2),
        S(*[(x, p) for p in (1.0, 2.0, 5.0) for x in (2.0, 0.5, inf, nan, 10.0)]))


def _ginc_near(alo, ahi, rel_lo, rel_hi):
    def f(rng, n):
        a = L(alo, ahi)(rng, n)
        d = np.exp(rng.uniform(math.log(rel_lo), math.log(rel_hi), n)) * rng.choice([-1.0, 1.0], n)
        return a, a * (1.0 + d)

    return f


def _ginc_sqrt(alo, ahi):
    def f(rng, n):
        a = L(alo, ahi)(rng, n)
        return a, np.maximum(a + np.sqrt(a) * rng.uniform(-3, 3, n), 0.0)

    return f


_GI_SPECIALS = S(*[(a, x) for a in (0.0, 1.0, 0.5, -1.0, inf, nan, 100.0) for x in (0.0, 1.0, 100.0, -1.0, inf, nan)],
                 (100.0, 100.0), (3.28e-10, 0.3115), (5e6, 5e6), (5e6, 5.001e6))
for _gi in ("gammainc", "gammaincc"):
    regions(_gi, R("typical", U(0.01, 20), U(0, 40), weight=3), R("small_a", L(1e-3, 1e-1), L(1e-3, 10)),
            R("tiny_a", L(1e-12, 1e-3), L(1e-3, 3), weight=0.5),
            paired("a_near_x", _ginc_near(1, 1e5, 1e-8, 0.1), weight=2),
            paired("a_x_sqrt_band", _ginc_sqrt(30, 1e5), weight=2),
            paired("huge_a", _ginc_sqrt(1e6, 6e6), weight=0.05),
            R("tiny_x", U(0.1, 50), L(1e-300, 1e-3)), R("large_x", U(0.1, 50), L(60, 1e4)),
            _GI_SPECIALS,
            # small a, x near 1 (appended last: the other regions keep their index, hence their points)
            R("small_a_unit_x", L(0.02, 1), U(0.2, 2.5), weight=2))
regions("gammainc_da", R("typical", U(0.1, 20), U(0.01, 30), weight=3), R("small_a", L(1e-3, 1e-1), L(1e-3, 10)),
        paired("a_near_x", _ginc_near(1, 1e3, 1e-6, 0.1)), R("large_x", U(0.1, 20), U(30, 200), weight=0.5),
        S((1.0, 0.0), (1.0, inf), (0.0, 1.0), (-1.0, 1.0), (nan, 1.0), (1.0, nan), (2.0, 2.0)))

regions("zeta", R("typical", U(1.01, 20), U(0.1, 10), weight=3), R("near_pole", offset([1.0], 1e-15, 1e-1), U(0.5, 5)),
        R("q_tiny", U(1.1, 10), L(1e-300, 1e-3)), R("q_huge", U(1.1, 50), L(50, 1e300)),
        R("large_x", U(20, 200), U(0.5, 3)), R("q_negative", I(2, 20), noninteger(U(-20, 0))),
        R("domain", U(-5, 1), U(0.1, 5), weight=0.2),
        S(*[(x, q) for x in (1.0, 2.0, 3.0, 0.5, inf, nan) for q in (1.0, 0.0, -1.0, -1.5, 0.5, inf, nan)],
          (31.89, 415.4)))
regions("zeta_dx", R("typical", U(1.01, 20), U(0.1, 10), weight=3),
        R("near_pole", offset([1.0], 1e-12, 1e-1), U(0.5, 5)),
        R("q_huge", U(1.1, 30), L(50, 1e100)), R("q_small", U(1.1, 10), L(1e-3, 1e-1)),
        S((2.0, 1.0), (1.0, 1.0), (0.5, 1.0), (2.0, 0.0), (nan, 1.0), (2.0, inf)))


# Bessel


def _jy(name, kind, v, even):
    sgn = 0 if kind == "J" else 1
    rs = [R("small", U(0, 2.4) if sgn else U(-2.4, 2.4), weight=2), R("tiny", L(1e-300, 1e-3, sgn)),
          R("oscillatory", L(2.4, 25, sgn), weight=3, scale=amp_bessel),
          R("large", L(25, 1e15, sgn), weight=2, scale=amp_bessel),
          R("huge", L(1e15, BIG, sgn), scale=amp_bessel),
          R("first_zeros", lazy_near(lambda: _bessel_zeros(kind, v)[:5]), weight=1.5),
          R("far_zeros", lazy_near(lambda: _bessel_zeros(kind, v)[5:]), scale=amp_bessel)]
    if kind == "Y":
        rs.append(R("tiny", L(TINY, 1e-300), weight=0.3))
        rs.append(R("negative", U(-10, 0), weight=0.2))
        rs[1] = R("tiny_log", L(1e-300, 1e-3))
    rs.append(S(*_x, 5.1, 1e6, 2.0**60))
    regions(name, *rs)


_jy("bessel_j0", "J", 0, True)
_jy("bessel_j1", "J", 1, False)
_jy("bessel_y0", "Y", 0, True)
_jy("bessel_y1", "Y", 1, False)
for _nm in ("modified_bessel_i0", "modified_bessel_i1"):
    regions(_nm, R("typical", U(-20, 20), weight=3), R("tiny", L(TINY, 1e-3, 0)),
            R("large", U(20, 714), weight=2), R("huge", L(714, BIG, 0), weight=0.5), R("negative_large", U(-714, -20)),
            S(*_x, 711.855, 713.0, 0.5))
for _nm in ("i0e", "i1e"):
    regions(_nm, R("typical", U(-20, 20), weight=3), R("tiny", L(TINY, 1e-3, 0)), R("large", L(20, BIG, 0), weight=2),
            S(*_x, 0.5, 1e300))
for _nm in ("modified_bessel_k0", "modified_bessel_k1"):
    regions(_nm, R("typical", U(0, 20), weight=3), R("tiny", L(TINY, 1e-3), weight=2), R("tail", U(20, 745), weight=2),
            R("huge", L(745, BIG), weight=0.3), R("negative", U(-5, 0), weight=0.2),
            S(*_x, 1.5e-323, 0.5, 700.0, 5e-309))
for _nm in ("scaled_modified_bessel_k0", "scaled_modified_bessel_k1"):
    regions(_nm, R("typical", U(0, 20), weight=3), R("tiny", L(TINY, 1e-3), weight=2), R("large", L(20, BIG), weight=2),
            R("negative", U(-5, 0), weight=0.2), S(*_x, 1.5e-323, 0.5, 1e300))
regions("spherical_bessel_j0", R("small", U(-3.1, 3.1), weight=2), R("tiny", L(1e-300, 1e-3, 0)),
        R("oscillatory", L(3.1, 50, 0), weight=2, scale=amp_inv), R("huge", L(50, BIG, 0), weight=2, scale=amp_inv),
        R("near_zeros", near(np.pi * np.r_[1.0, 2.0, 3.0, 10.0, 1000.0])), S(*_x, 0.5, np.pi))
regions("spherical_bessel_j1", R("small", U(-4.4, 4.4), weight=2), R("tiny", L(1e-300, 1e-3, 0), weight=1.5),
        R("oscillatory", L(4.4, 50, 0), weight=2, scale=amp_inv), R("huge", L(50, BIG, 0), weight=2, scale=amp_inv),
        S(*_x, 0.5, 1e-8, 2.0))

regions("airy_ai", R("positive", U(0, 5), weight=2), R("tiny", L(1e-300, 1e-3, 0)), R("tail", L(5, 107), weight=2),
        R("huge", L(107, BIG), weight=0.3), R("negative", U(-25, 0), weight=2, scale=amp_airy(-0.25)),
        R("negative_large", L(25, 1e8, -1), scale=amp_airy(-0.25)),
        R("first_zeros", lazy_near(lambda: _airy_zeros(0)[:5])),
        R("far_zeros", lazy_near(lambda: _airy_zeros(0)[5:]), scale=amp_airy(-0.25)), S(*_x, 5.1, -2.338107410459767))
regions("airy_ai_prime", R("positive", U(0, 5), weight=2), R("tiny", L(1e-300, 1e-3, 0)),
        R("tail", L(5, 107), weight=2),
        R("huge", L(107, BIG), weight=0.3), R("negative", U(-25, 0), weight=2, scale=amp_airy(0.25)),
        R("negative_large", L(25, 1e8, -1), scale=amp_airy(0.25)),
        R("first_zeros", lazy_near(lambda: _airy_zeros(1)[:5])),
        R("far_zeros", lazy_near(lambda: _airy_zeros(1)[5:]), scale=amp_airy(0.25)), S(*_x, 5.1))


# orthogonal polynomials: (x, n)

def _poly(name, kind, shifted):
    lo, hi = (0.0, 1.0) if shifted else (-1.0, 1.0)
    sc = poly_scale(kind, shifted)
    edges = [0.0, 1.0] if shifted else [-1.0, 1.0]
    if kind in ("H", "He"):
        lo, hi = (-30.0, 30.0)
    if kind == "L":
        lo, hi = (0.0, 100.0)
    rs = [R("typical", U(lo, hi), I(0, 50), weight=3, scale=sc),
          R("large_degree", U(lo, hi), IL(51, 10000), weight=0.4, scale=sc),
          R("tiny_x", L(1e-300, 1e-5, 0), I(0, 50), scale=sc),
          R("outside", L(1, 1e3, 0) if kind not in ("H", "He", "L") else L(30, 1e5, 0), I(0, 60), scale=sc)]
    if kind in ("T", "U", "V", "W", "P"):
        rs.append(R("near_edges", offset(edges, 1e-16, 1e-3), I(0, 200), scale=sc))
    if kind == "L":
        rs.append(R("negative_x", U(-50, 0), I(0, 50), scale=sc))
    if kind in ("T", "U", "V", "W"):
        rs.append(R("degree_1e6", U(lo, hi), I(999_990, 1_000_000), weight=0.02, scale=sc))
    rs.append(R("bad_degree", U(lo, hi), U(-10, 10), weight=0.2))
    sp = [(x, n) for x in (0.0, -0.0, 0.5, 1.0, -1.0, 2.0, inf, -inf, nan) for n in (0.0, 1.0, 2.0, 3.0, 10.0, -1.0,
                                                                                      2.5, nan, inf)]
    sp += [(-0.9999999999999997, 58.0), (300.0, 10.0), (-3.2e-300, 11.0)]
    rs.append(S(*sp))
    regions(name, *rs)


from specfun.reference.definitions import POLYS  # noqa: E402

for _name, (_kind, _shift) in POLYS.items():
    _poly(_name, _kind, _shift)


def _gen_scale(kind):
    """max(|value|, envelope): C_n^a(1) = (2a)_n/n! for a > 0 (else 1); (a+1)_n/n! e^(x/2) for Laguerre."""

    def f(args, hi):
        x, n, a = args
        n = np.maximum(np.where(np.isfinite(n), n, 0.0), 0.0)
        with np.errstate(all="ignore"):
            if kind == "C":
                lg = np.array([math.lgamma(k + 2 * al) - math.lgamma(2 * al) - math.lgamma(k + 1) if al > 0 else 0.0
                               for k, al in zip(n, a, strict=True)])
                env = np.exp(np.minimum(lg, 709.0))
            else:
                lg = np.array([math.lgamma(k + al + 1) - math.lgamma(al + 1) - math.lgamma(k + 1) if al >= 0 else 0.0
                               for k, al in zip(n, a, strict=True)])
                env = np.exp(np.minimum(lg + np.abs(x) / 2.0, 709.0))
            env = np.where(np.isfinite(x), env, np.nan)
        return np.fmax(env, np.abs(hi))

    return f


_gc, _gl = _gen_scale("C"), _gen_scale("L")
regions("gegenbauer_polynomial_c", R("typical", U(-1, 1), I(0, 50), U(-0.49, 5), weight=3, scale=_gc),
        R("large_degree", U(-1, 1), IL(51, 2000), U(0.01, 3), weight=0.4, scale=_gc),
        R("large_alpha", U(-1, 1), I(0, 30), L(5, 1e3), scale=_gc),
        R("outside", L(1, 1e2, 0), I(0, 40), U(-0.49, 5), scale=_gc),
        R("near_edges", offset([-1.0, 1.0], 1e-16, 1e-3), I(0, 100), U(0.01, 3), scale=_gc),
        R("bad_degree", U(-1, 1), U(-10, 10), U(0.1, 2), weight=0.2),
        S(*[(x, n, a) for x in (0.0, 0.5, 1.0, -1.0, inf, -inf, nan) for n in (0.0, 1.0, 2.0, 7.0, -1.0, 2.5, nan)
            for a in (0.5, 1.0, 2.0)]))
regions("generalized_laguerre_polynomial_l", R("typical", U(0, 100), I(0, 50), U(-0.99, 5), weight=3, scale=_gl),
        R("large_degree", U(0, 100), IL(51, 2000), U(0, 3), weight=0.4, scale=_gl),
        R("large_alpha", U(0, 50), I(0, 30), L(5, 1e3), scale=_gl),
        R("negative_x", U(-50, 0), I(0, 50), U(-0.99, 5), scale=_gl),
        R("outside", L(100, 1e5), I(0, 40), U(0, 3), scale=_gl),
        R("bad_degree", U(0, 10), U(-10, 10), U(0.1, 2), weight=0.2),
        S(*[(x, n, a) for x in (0.0, 0.5, 1.0, -1.0, inf, -inf, nan) for n in (0.0, 1.0, 2.0, 7.0, -1.0, 2.5, nan)
            for a in (0.0, 1.0, -0.5)]))


# ---------------------------------------------------------------------------
# sizes

# points per dtype for an ordinary function; COST scales them down for expensive ones
SIZES = {"d": 2000, "f": 1000, "e": 200, "bf16": 200}
COST = {"zeta": 0.5, "zeta_dx": 0.2, "gammainc": 0.5951, "gammaincc": 0.5951, "gammainc_da": 0.15, "polygamma": 0.5,
        "airy_ai": 0.6, "airy_ai_prime": 0.6, "multigammaln": 0.5}
# gammainc/gammaincc: 0.5 scaled by 12.55/10.55 when small_a_unit_x (weight 2) was added, so that every
# earlier region keeps its point count (and so its points: each region has its own seeded stream)
for _name in (*POLYS, "gegenbauer_polynomial_c", "generalized_laguerre_polynomial_l"):
    COST[_name] = 0.4


def sample(name: str, sig: str, seed: int):
    """(args tuple of float64 arrays, region index array, region names, scale array or None per region)."""
    from specfun.reference.definitions import ARGS

    kinds = [k for _, k in ARGS[name]]
    dt = DTYPES[sig]
    total = max(20, int(SIZES[sig] * COST.get(name, 1.0)))
    rs = REGIONS[name]
    wsum = sum(r.weight for r in rs if not r.fixed) or 1.0
    cols: list[list[np.ndarray]] = [[] for _ in kinds]
    reg: list[np.ndarray] = []
    for i, r in enumerate(rs):
        rng = np.random.default_rng([seed, i, _stable_hash(name), _stable_hash(sig)])
        n = 0 if r.fixed else max(4, int(round(total * r.weight / wsum)))
        pts = r.draw(rng, n if r.fixed or dt == np.float64 else 3 * n)
        pts = [np.asarray(p, dtype=np.float64) for p in pts]
        # inputs exactly representable in the dtype (integer parameters stay exact)
        rounded = [p if k != "real" else _round_to(p, dt) for p, k in zip(pts, kinds)]
        if not r.fixed:
            m = np.ones(len(pts[0]), bool)
            for p, q in zip(pts, rounded):
                # drop nan draws and points the rounding moved to 0 or inf (outside the dtype's range)
                m &= ~np.isnan(q) & ((q == p) | (np.isfinite(q) & ((q != 0) | (p == 0))))
            pts = [q[m] for q in rounded]
        else:
            pts = rounded
        # deduplicate within the region, keep the draw order
        key = np.stack([p.view(np.int64) for p in pts], axis=1)
        _, idx = np.unique(key, axis=0, return_index=True)
        idx.sort()
        if not r.fixed:
            idx = idx[:n]
        for c, p in zip(cols, pts):
            c.append(p[idx])
        reg.append(np.full(len(idx), i, dtype=np.int16))
    args = tuple(np.concatenate(c) for c in cols)
    return args, np.concatenate(reg), [r.name for r in rs]


def _stable_hash(s: str) -> int:
    import zlib

    return zlib.crc32(s.encode())


def _dtypes():
    d = {"d": np.dtype(np.float64), "f": np.dtype(np.float32), "e": np.dtype(np.float16)}
    try:
        import ml_dtypes

        d["bf16"] = np.dtype(ml_dtypes.bfloat16)
    except ImportError:  # pragma: no cover
        pass
    return d


DTYPES = _dtypes()


def _round_to(p, dt):
    if dt == np.float64:
        return p
    with np.errstate(all="ignore"):
        return p.astype(dt).astype(np.float64)
