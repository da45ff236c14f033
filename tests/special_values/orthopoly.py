"""Special values of the orthogonal polynomials (DLMF 18.6.1 table 18.6.1, 18.5.* closed forms)."""
import math

inf, nan = math.inf, math.nan
_CHEB = ("chebyshev_polynomial_t", "chebyshev_polynomial_u", "chebyshev_polynomial_v", "chebyshev_polynomial_w")
_SHIFTED = tuple("shifted_" + c for c in _CHEB)
_ALL = _CHEB + _SHIFTED + ("hermite_polynomial_h", "hermite_polynomial_he", "laguerre_polynomial_l",
                           "legendre_polynomial_p")

ROWS = []
for _f in _ALL:
    ROWS += [
        (_f, (nan, 3.0), nan), (_f, (0.5, nan), nan), (_f, (nan, 0.0), nan),   # nan in, nan out (torch: garbage)
        (_f, (0.5, -1.0), 0.0), (_f, (0.5, -7.0), 0.0), (_f, (nan, -1.0), nan),  # n < 0 gives 0 (torch)
        (_f, (0.5, 2.5), nan), (_f, (0.5, inf), nan),                           # a degree must be an integer
        (_f, (0.3, 0.0), 1.0), (_f, (inf, 0.0), 1.0), (_f, (-inf, 0.0), 1.0),
    ]

# values at the ends of the interval: T_n(1) = 1, U_n(1) = n+1, V_n(1) = 1, W_n(1) = 2n+1, and
# p_n(-1) = (-1)^n p_n(1) for T, U; V_n(-1) = (-1)^n (2n+1), W_n(-1) = (-1)^n
for _n in (1.0, 2.0, 7.0, 64.0, 65.0, 1000.0, 1000001.0):
    _s = -1.0 if _n % 2 else 1.0
    ROWS += [
        ("chebyshev_polynomial_t", (1.0, _n), 1.0), ("chebyshev_polynomial_t", (-1.0, _n), _s),
        ("chebyshev_polynomial_u", (1.0, _n), _n + 1.0), ("chebyshev_polynomial_u", (-1.0, _n), _s * (_n + 1.0)),
        ("chebyshev_polynomial_v", (1.0, _n), 1.0), ("chebyshev_polynomial_v", (-1.0, _n), _s * (2 * _n + 1.0)),
        ("chebyshev_polynomial_w", (1.0, _n), 2 * _n + 1.0), ("chebyshev_polynomial_w", (-1.0, _n), _s),
        ("shifted_chebyshev_polynomial_t", (1.0, _n), 1.0), ("shifted_chebyshev_polynomial_t", (0.0, _n), _s),
        ("shifted_chebyshev_polynomial_u", (1.0, _n), _n + 1.0),
        ("shifted_chebyshev_polynomial_u", (0.0, _n), _s * (_n + 1.0)),
        ("shifted_chebyshev_polynomial_v", (0.0, _n), _s * (2 * _n + 1.0)),
        ("shifted_chebyshev_polynomial_w", (1.0, _n), 2 * _n + 1.0),
        ("legendre_polynomial_p", (1.0, _n), 1.0), ("legendre_polynomial_p", (-1.0, _n), _s),
    ]
    if _n < 100:
        ROWS += [("laguerre_polynomial_l", (0.0, _n), 1.0)]

ROWS += [
    # n = 1, 2 closed forms at exact points
    ("chebyshev_polynomial_t", (0.5, 2.0), -0.5), ("chebyshev_polynomial_u", (0.5, 2.0), 0.0),
    ("chebyshev_polynomial_v", (0.5, 2.0), -1.0), ("chebyshev_polynomial_w", (0.5, 2.0), 1.0),
    ("chebyshev_polynomial_t", (0.0, 2.0), -1.0),
    ("chebyshev_polynomial_t", (3.0, 1.0), 3.0), ("chebyshev_polynomial_u", (3.0, 1.0), 6.0),
    ("chebyshev_polynomial_v", (3.0, 1.0), 5.0), ("chebyshev_polynomial_w", (3.0, 1.0), 7.0),
    ("hermite_polynomial_h", (0.0, 4.0), 12.0),
    ("hermite_polynomial_h", (1.0, 3.0), -4.0), ("hermite_polynomial_h", (0.5, 2.0), -1.0),
    ("hermite_polynomial_he", (0.0, 4.0), 3.0), ("hermite_polynomial_he", (2.0, 3.0), 2.0),
    ("hermite_polynomial_he", (1.0, 2.0), 0.0), ("hermite_polynomial_he", (-0.0, 5.0), -0.0),
    # odd polynomials at +-0: p_n(x) ~ (-1)^((n-1)/2) c x, an exactly signed zero
    ("chebyshev_polynomial_t", (-0.0, 1.0), -0.0), ("chebyshev_polynomial_t", (-0.0, 3.0), 0.0),
    ("chebyshev_polynomial_t", (0.0, 3.0), -0.0), ("chebyshev_polynomial_u", (0.0, 5.0), 0.0),
    ("chebyshev_polynomial_u", (-0.0, 101.0), -0.0), ("legendre_polynomial_p", (0.0, 7.0), -0.0),
    ("legendre_polynomial_p", (-0.0, 1.0), -0.0), ("hermite_polynomial_h", (0.0, 3.0), -0.0),
    ("hermite_polynomial_he", (-0.0, 301.0), -0.0),
    ("laguerre_polynomial_l", (1.0, 2.0), -0.5), ("laguerre_polynomial_l", (2.0, 1.0), -1.0),
    ("laguerre_polynomial_l", (4.0, 2.0), 1.0),
    ("legendre_polynomial_p", (0.5, 2.0), -0.125), ("legendre_polynomial_p", (0.0, 3.0), -0.0),
    ("legendre_polynomial_p", (0.0, 2.0), -0.5), ("legendre_polynomial_p", (0.25, 1.0), 0.25),
    # infinities: the sign of the leading term
    ("chebyshev_polynomial_t", (inf, 5.0), inf), ("chebyshev_polynomial_t", (-inf, 5.0), -inf),
    ("chebyshev_polynomial_u", (-inf, 4.0), inf), ("chebyshev_polynomial_w", (-inf, 3.0), -inf),
    ("shifted_chebyshev_polynomial_t", (-inf, 3.0), -inf), ("shifted_chebyshev_polynomial_v", (inf, 3.0), inf),
    ("hermite_polynomial_h", (-inf, 3.0), -inf), ("hermite_polynomial_he", (-inf, 4.0), inf),
    ("laguerre_polynomial_l", (inf, 3.0), -inf), ("laguerre_polynomial_l", (inf, 4.0), inf),
    ("laguerre_polynomial_l", (-inf, 3.0), inf), ("legendre_polynomial_p", (-inf, 3.0), -inf),
    ("chebyshev_polynomial_t", (inf, 1.0), inf), ("laguerre_polynomial_l", (inf, 1.0), -inf),
    # values past the float64 range are inf (torch gives nan)
    ("hermite_polynomial_h", (10.0, 300.0), inf, ("float64",)),
    ("hermite_polynomial_h", (-30.0, 301.0), -inf, ("float64",)),
    ("legendre_polynomial_p", (2.0, 1000.0), inf, ("float64",)),
    ("chebyshev_polynomial_t", (-2.0, 1001.0), -inf, ("float64",)),
    ("chebyshev_polynomial_u", (1e200, 3.0), inf, ("float64",)),
    ("laguerre_polynomial_l", (-1e200, 3.0), inf, ("float64",)),
    ("hermite_polynomial_he", (1e300, 2.0), inf, ("float64",)),
    # the O(1) overflow shortcuts (a lower bound above e^710.5): beyond the largest Hermite zero, |x| > 1
    ("hermite_polynomial_h", (-2000.0, 1000001.0), -inf, ("float64",)),
    ("hermite_polynomial_he", (3000.0, 1000000.0), inf, ("float64",)),
    # n >= 271 (H) / 304 (He): every value off a zero overflows, the sign from the Airy-type expansion
    # (signs from Arb: H_1e6(0.3) = -8.36e2933367, He_1e6(0.3) = -1.83e2782851, H_1000002(0) = -1.62e2933374,
    # He_100001(1) = 9.51e228287, H_1000(44.7325) = 2.13e1868 and H_1001(-44.7325) = -1.02e1870 at the turning
    # point, He_1000(63.2) = 1.07e1717, He_304(-2.5) = 1.51e312, H_271(12) = -3.54e342)
    ("hermite_polynomial_h", (0.3, 1000000.0), -inf, ("float64",)),
    ("hermite_polynomial_he", (0.3, 1000000.0), -inf, ("float64",)),
    ("hermite_polynomial_h", (0.0, 1000002.0), -inf, ("float64",)),
    ("hermite_polynomial_he", (1.0, 100001.0), inf, ("float64",)),
    ("hermite_polynomial_h", (44.7325, 1000.0), inf, ("float64",)),
    ("hermite_polynomial_h", (-44.7325, 1001.0), -inf, ("float64",)),
    ("hermite_polynomial_he", (63.2, 1000.0), inf, ("float64",)),
    ("hermite_polynomial_he", (-2.5, 304.0), inf, ("float64",)),
    ("hermite_polynomial_h", (12.0, 271.0), -inf, ("float64",)),
    ("legendre_polynomial_p", (-1.5, 1001.0), -inf, ("float64",)),
    ("legendre_polynomial_p", (1.001, 1000000.0), inf, ("float64",)),
    ("laguerre_polynomial_l", (-1.0, 1000000.0), inf, ("float64",)),
    ("laguerre_polynomial_l", (5e6, 1000001.0), -inf, ("float64",)),
    # exact values at y = +-1/2 and y = 0 of degrees the O(1) Chebyshev angle form would take (they stay exact):
    # T_13(1/2) = cos(13 pi/3), U_14(+-1/2) = sin(5 pi)/sin(pi/3), V_13(1/2) = cos(13.5 pi/3)/cos(pi/6)
    ("chebyshev_polynomial_t", (0.5, 13.0), 0.5), ("chebyshev_polynomial_u", (0.5, 14.0), 0.0),
    ("chebyshev_polynomial_u", (-0.5, 14.0), 0.0), ("shifted_chebyshev_polynomial_v", (0.75, 13.0), 0.0),
    ("chebyshev_polynomial_t", (-0.0, 13.0), -0.0), ("shifted_chebyshev_polynomial_t", (0.5, 13.0), 0.0),
    ("shifted_chebyshev_polynomial_u", (0.5, 101.0), 0.0),
]
