"""Exact values of gammaln, digamma (psi), polygamma and multigammaln: zeros, poles, limits."""
import math

inf, nan = math.inf, math.nan

ROWS = [
    # gammaln: exact zeros at 1 and 2, poles at 0 and the negative integers, +inf at +-inf
    ("gammaln", (1.0,), 0.0), ("gammaln", (2.0,), 0.0), ("gammaln", (0.0,), inf), ("gammaln", (-0.0,), inf),
    ("gammaln", (-1.0,), inf), ("gammaln", (-7.0,), inf), ("gammaln", (-4503599627370496.0,), inf, ("float64",)),
    ("gammaln", (inf,), inf), ("gammaln", (-inf,), inf), ("gammaln", (nan,), nan),
    ("gammaln", (3e305,), inf, ("float64",)), ("gammaln", (1e308,), inf, ("float64",)),
    # digamma: the one-sided limits at +-0, nan at the negative integers and -inf
    ("digamma", (0.0,), -inf), ("digamma", (-0.0,), inf), ("digamma", (-1.0,), nan), ("digamma", (-5.0,), nan),
    ("digamma", (inf,), inf), ("digamma", (-inf,), nan), ("digamma", (nan,), nan),
    ("psi", (0.0,), -inf), ("psi", (-2.0,), nan),
    # polygamma: odd n -> +inf at every pole; even n: -inf at +0, +inf at -0, nan at negative integers
    ("polygamma", (1, 0.0), inf), ("polygamma", (1, -0.0), inf), ("polygamma", (1, -2.0), inf),
    ("polygamma", (3, -1.0), inf), ("polygamma", (2, 0.0), -inf), ("polygamma", (2, -0.0), inf),
    ("polygamma", (2, -1.0), nan), ("polygamma", (4, -3.0), nan), ("polygamma", (3, -3.0), inf),
    ("polygamma", (0, 0.0), -inf), ("polygamma", (0, -1.0), nan),
    ("polygamma", (1, inf), 0.0), ("polygamma", (2, inf), -0.0), ("polygamma", (1, -inf), nan),
    ("polygamma", (1, nan), nan), ("polygamma", (23, 1.3999799457681347e+289), 0.0, ("float64",)),
    ("polygamma", (2, 1e300), -0.0, ("float64",)),
    # multigammaln: p = 1 is gammaln; a pole of any term gives +inf
    ("multigammaln", (1.0, 1), 0.0), ("multigammaln", (2.0, 1), 0.0), ("multigammaln", (1.0, 3), inf),
    ("multigammaln", (inf, 3), inf), ("multigammaln", (nan, 2), nan),
]
