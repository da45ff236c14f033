"""Modified Bessel I0 I1 K0 K1 and their scaled forms: exact limits, poles, parity, nan."""
import math

inf, nan = math.inf, math.nan

ROWS = [
    # I0: even, I0(0) = 1, +inf at both infinities (scipy/torch give nan there)
    ("modified_bessel_i0", (0.0,), 1.0), ("modified_bessel_i0", (-0.0,), 1.0),
    ("modified_bessel_i0", (inf,), inf), ("modified_bessel_i0", (-inf,), inf), ("modified_bessel_i0", (nan,), nan),
    ("i0", (1e-200,), 1.0, ("float64",)), ("i0", (800.0,), inf), ("i0", (-800.0,), inf),
    # I1: odd, signed zero kept, +-inf at +-inf
    ("modified_bessel_i1", (0.0,), 0.0), ("modified_bessel_i1", (-0.0,), -0.0),
    ("modified_bessel_i1", (inf,), inf), ("modified_bessel_i1", (-inf,), -inf), ("modified_bessel_i1", (nan,), nan),
    ("i1", (1e-300,), 5e-301, ("float64",)), ("i1", (-1e-300,), -5e-301, ("float64",)), ("i1", (800.0,), inf),
    ("i1", (-800.0,), -inf), ("i1", (5e-324,), 0.0, ("float64",)),
    # scaled I: 1 and 0 at the origin, 0 at infinity (sign follows parity)
    ("i0e", (0.0,), 1.0), ("i0e", (-0.0,), 1.0), ("i0e", (inf,), 0.0), ("i0e", (-inf,), 0.0), ("i0e", (nan,), nan),
    ("i1e", (0.0,), 0.0), ("i1e", (-0.0,), -0.0), ("i1e", (inf,), 0.0), ("i1e", (-inf,), -0.0), ("i1e", (nan,), nan),
    # K: poles at 0, nan for x < 0, 0 at +inf
    ("modified_bessel_k0", (0.0,), inf), ("modified_bessel_k0", (-0.0,), inf), ("modified_bessel_k0", (-1.0,), nan),
    ("modified_bessel_k0", (-inf,), nan), ("modified_bessel_k0", (inf,), 0.0), ("modified_bessel_k0", (nan,), nan),
    ("k0", (800.0,), 0.0),
    ("modified_bessel_k1", (0.0,), inf), ("modified_bessel_k1", (-0.0,), inf), ("modified_bessel_k1", (-1.0,), nan),
    ("modified_bessel_k1", (-inf,), nan), ("modified_bessel_k1", (inf,), 0.0), ("modified_bessel_k1", (nan,), nan),
    ("k1", (800.0,), 0.0), ("k1", (5e-324,), inf, ("float64",)), ("k1", (1e-310,), inf, ("float64",)),
    ("scaled_modified_bessel_k0", (0.0,), inf), ("scaled_modified_bessel_k0", (-1.0,), nan),
    ("scaled_modified_bessel_k0", (inf,), 0.0), ("scaled_modified_bessel_k0", (nan,), nan),
    ("scaled_modified_bessel_k1", (0.0,), inf), ("scaled_modified_bessel_k1", (-1.0,), nan),
    ("scaled_modified_bessel_k1", (inf,), 0.0), ("scaled_modified_bessel_k1", (nan,), nan),
    ("k0e", (-0.0,), inf), ("k1e", (-0.0,), inf),
]
