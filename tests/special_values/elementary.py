import math

inf, nan = math.inf, math.nan

ROWS = [
    ("exp2", (0.0,), 1.0), ("exp2", (-0.0,), 1.0), ("exp2", (10.0,), 1024.0),
    ("exp2", (-1074.0,), 5e-324, ("float64",)),
    ("exp2", (1024.0,), inf, ("float64",)), ("exp2", (-inf,), 0.0), ("exp2", (inf,), inf), ("exp2", (nan,), nan),
    ("expm1", (0.0,), 0.0), ("expm1", (-0.0,), -0.0), ("expm1", (inf,), inf), ("expm1", (-inf,), -1.0),
    ("expm1", (nan,), nan),
    ("log1p", (0.0,), 0.0), ("log1p", (-0.0,), -0.0), ("log1p", (-1.0,), -inf), ("log1p", (-2.0,), nan),
    ("log1p", (inf,), inf), ("log1p", (nan,), nan),
    ("expit", (0.0,), 0.5), ("expit", (inf,), 1.0), ("expit", (-inf,), 0.0), ("expit", (nan,), nan),
    ("expit", (800.0,), 1.0),
    ("logit", (0.5,), 0.0), ("logit", (0.0,), -inf), ("logit", (1.0,), inf), ("logit", (-0.5,), nan),
    ("logit", (1.5,), nan), ("logit", (nan,), nan),
    ("sinc", (0.0,), 1.0), ("sinc", (-0.0,), 1.0), ("sinc", (1.0,), 0.0), ("sinc", (-3.0,), 0.0),
    ("sinc", (1e6,), 0.0), ("sinc", (inf,), 0.0), ("sinc", (-inf,), 0.0), ("sinc", (nan,), nan),
    ("entr", (0.0,), 0.0), ("entr", (1.0,), -0.0), ("entr", (-1.0,), -inf), ("entr", (inf,), -inf),
    ("entr", (nan,), nan),
    ("xlogy", (0.0, 0.0), 0.0), ("xlogy", (0.0, -1.0), 0.0), ("xlogy", (0.0, inf), 0.0), ("xlogy", (0.0, nan), nan),
    ("xlogy", (1.0, 1.0), 0.0), ("xlogy", (1.0, 0.0), -inf), ("xlogy", (nan, 1.0), nan),
    ("xlog1py", (0.0, -1.0), 0.0), ("xlog1py", (0.0, nan), nan), ("xlog1py", (1.0, -1.0), -inf),
    ("xlog1py", (2.0, 0.0), 0.0),
    # correctly rounded values at table edges and tails (mpmath at 50 digits)
    ("log1p", (-0.5,), -0.6931471805599453, ("float64",)), ("log1p", (2.0**-60,), 8.673617379884035e-19, ("float64",)),
    ("expm1", (-40.0,), -1.0), ("expm1", (-1e300,), -1.0, ("float64",)),
    ("expit", (-745.1,), 5e-324, ("float64",)), ("expit", (-37.0,), 8.533047625744065e-17, ("float64",)),
    ("logit", (1.0 - 2.0**-53,), 36.7368005696771, ("float64",)),
    ("entr", (0.5,), 0.34657359027997264, ("float64",)),
    ("sinc", (0.5,), 0.6366197723675814, ("float64",)), ("sinc", (-1.5,), -0.2122065907891938, ("float64",)),
    ("xlogy", (3.45516389190009e-309, 23.43796193127804), 1.089882045211211e-308, ("float64",)),
    ("round", (2.5,), 2.0), ("round", (3.5,), 4.0), ("round", (-2.5,), -2.0), ("round", (-0.4,), -0.0),
    ("round", (0.5,), 0.0), ("round", (inf,), inf), ("round", (nan,), nan), ("round", (4503599627370497.0,),
                                                                              4503599627370497.0, ("float64",)),
]
