"""Named constants with their provenance (all correctly rounded float64 values)."""
import math

PI = math.pi
SQRT2 = 1.4142135623730951          # sqrt(2)
SQRT1_2 = 0.7071067811865476        # 1/sqrt(2)
SQRT_PI = 1.7724538509055160        # sqrt(pi)
INV_SQRT_PI = 0.5641895835477563    # 1/sqrt(pi)
TWO_OVER_SQRT_PI = 1.1283791670955126  # 2/sqrt(pi)
SQRT_2PI = 2.5066282746310007       # sqrt(2 pi)
INV_SQRT_2PI = 0.3989422804014327   # 1/sqrt(2 pi)
LN2 = 0.6931471805599453            # log(2)
LN10 = 2.302585092994046            # log(10)
LOG_SQRT_2PI = 0.9189385332046728   # log(sqrt(2 pi))
LOG_PI = 1.1447298858494002         # log(pi)
EULER = 0.5772156649015329          # Euler-Mascheroni gamma
MAXLOG = 709.782712893384           # log(DBL_MAX)
MINLOG = -745.1332191019412         # log(2**-1075): exp(x) rounds to 0 below this
DBL_EPS = 2.220446049250313e-16
DBL_MAX = 1.7976931348623157e308
