"""Special values of the error-function family (exact facts: limits, symmetry points, poles)."""
import math

inf, nan = math.inf, math.nan

ROWS = [
    ("erf", (0.0,), 0.0), ("erf", (-0.0,), -0.0), ("erf", (inf,), 1.0), ("erf", (-inf,), -1.0),
    # exp(x^2) overflows between -26.65 and -26.6417: +inf, never inf - inf
    ("erfcx", (-26.645,), inf, ("float64",)), ("erfcx", (-26.642,), inf, ("float64",)),
    ("erf", (nan,), nan), ("erf", (6.0,), 1.0), ("erf", (5e-324,), 5e-324, ("float64",)),
    ("erfc", (0.0,), 1.0), ("erfc", (-0.0,), 1.0), ("erfc", (inf,), 0.0), ("erfc", (-inf,), 2.0),
    ("erfc", (nan,), nan), ("erfc", (30.0,), 0.0), ("erfc", (-7.0,), 2.0),
    ("erfcx", (0.0,), 1.0), ("erfcx", (-0.0,), 1.0), ("erfcx", (inf,), 0.0), ("erfcx", (-inf,), inf),
    ("erfcx", (-30.0,), inf), ("erfcx", (-27.0,), inf), ("erfcx", (nan,), nan),
    ("erfinv", (0.0,), 0.0), ("erfinv", (-0.0,), -0.0), ("erfinv", (1.0,), inf), ("erfinv", (-1.0,), -inf),
    ("erfinv", (1.5,), nan), ("erfinv", (-1.0000001,), nan), ("erfinv", (inf,), nan), ("erfinv", (nan,), nan),
    ("ndtr", (0.0,), 0.5), ("ndtr", (-0.0,), 0.5), ("ndtr", (inf,), 1.0), ("ndtr", (-inf,), 0.0),
    ("ndtr", (nan,), nan), ("ndtr", (40.0,), 1.0), ("ndtr", (-40.0,), 0.0),
    ("ndtri", (0.0,), -inf), ("ndtri", (1.0,), inf), ("ndtri", (0.5,), 0.0), ("ndtri", (-0.5,), nan),
    ("ndtri", (1.5,), nan), ("ndtri", (nan,), nan), ("ndtri", (-0.0,), -inf),
    ("log_ndtr", (0.0,), -0.6931471805599453, ("float64",)), ("log_ndtr", (inf,), 0.0),
    ("log_ndtr", (-inf,), -inf), ("log_ndtr", (nan,), nan),
]
