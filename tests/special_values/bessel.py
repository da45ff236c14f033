"""Special values of the Bessel family (torch.special semantics; limits at infinity are 0)."""
import math

inf, nan = math.inf, math.nan

ROWS = [
    # J0: even, J0(0) = 1, 0 at +-inf
    ("bessel_j0", (0.0,), 1.0), ("bessel_j0", (-0.0,), 1.0), ("bessel_j0", (inf,), 0.0),
    ("bessel_j0", (-inf,), 0.0), ("bessel_j0", (nan,), nan), ("bessel_j0", (1e-300,), 1.0, ("float64",)),
    # J1: odd, J1(0) = 0 with the sign of the argument
    ("bessel_j1", (0.0,), 0.0), ("bessel_j1", (-0.0,), -0.0), ("bessel_j1", (inf,), 0.0),
    ("bessel_j1", (-inf,), -0.0), ("bessel_j1", (nan,), nan), ("bessel_j1", (1e-300,), 5e-301, ("float64",)),
    ("bessel_j1", (-1e-300,), -5e-301, ("float64",)),
    # Y0, Y1: -inf at 0, nan for x < 0, 0 at +inf
    ("bessel_y0", (0.0,), -inf), ("bessel_y0", (-0.0,), -inf), ("bessel_y0", (-1.0,), nan),
    ("bessel_y0", (-inf,), nan), ("bessel_y0", (inf,), 0.0), ("bessel_y0", (nan,), nan),
    ("bessel_y1", (0.0,), -inf), ("bessel_y1", (-0.0,), -inf), ("bessel_y1", (-1.0,), nan),
    ("bessel_y1", (-inf,), nan), ("bessel_y1", (inf,), 0.0), ("bessel_y1", (nan,), nan),
    ("bessel_y1", (5e-324,), -inf, ("float64",)),
    # spherical j0 = sin(x)/x: even, 1 at 0, 0 at +-inf
    ("spherical_bessel_j0", (0.0,), 1.0), ("spherical_bessel_j0", (-0.0,), 1.0),
    ("spherical_bessel_j0", (1e-300,), 1.0, ("float64",)), ("spherical_bessel_j0", (inf,), 0.0),
    ("spherical_bessel_j0", (-inf,), 0.0), ("spherical_bessel_j0", (nan,), nan),
    # spherical j1: odd, x/3 near 0, 0 at +-inf
    ("spherical_bessel_j1", (0.0,), 0.0), ("spherical_bessel_j1", (-0.0,), -0.0),
    ("spherical_bessel_j1", (3e-300,), 1e-300, ("float64",)), ("spherical_bessel_j1", (inf,), 0.0),
    ("spherical_bessel_j1", (-inf,), -0.0), ("spherical_bessel_j1", (nan,), nan),
]
