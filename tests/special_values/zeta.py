"""Exact values of the Hurwitz zeta function and its x-derivative: poles, domain edges, limits."""
import math

inf, nan = math.inf, math.nan

ROWS = [
    ("zeta", (1.0, 1.0), inf), ("zeta", (1.0, 5.0), inf), ("zeta", (0.5, 1.0), nan), ("zeta", (-2.0, 1.0), nan),
    ("zeta", (2.0, 0.0), inf), ("zeta", (2.0, -0.0), inf), ("zeta", (2.5, 0.0), inf), ("zeta", (2.0, -2.0), inf),
    ("zeta", (2.5, -1.5), nan), ("zeta", (2.0, inf), 0.0), ("zeta", (inf, 2.0), 0.0), ("zeta", (inf, 1.0), 1.0),
    ("zeta", (inf, 0.5), inf), ("zeta", (2.0, -inf), nan), ("zeta", (nan, 1.0), nan), ("zeta", (2.0, nan), nan),
    ("zeta", (3.0, 1e200), 0.0, ("float64",)), ("zeta", (2.0, 1e-300), inf, ("float64",)),
    ("zeta_dx", (2.0, 1e-300), inf, ("float64",)), ("polygamma", (1, 1e-300), inf, ("float64",)),
    ("zeta_dx", (1.0, 1.0), -inf), ("zeta_dx", (0.5, 1.0), nan), ("zeta_dx", (2.0, 0.0), nan),
    ("zeta_dx", (2.0, -1.5), nan), ("zeta_dx", (2.0, inf), -0.0), ("zeta_dx", (inf, 2.0), -0.0),
    ("zeta_dx", (inf, 0.5), -inf), ("zeta_dx", (nan, 1.0), nan),
]
