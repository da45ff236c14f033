"""Special values of the Airy family (Ai(-inf) = 0 is the limit; torch gives nan)."""
import math

inf, nan = math.inf, math.nan

ROWS = [
    # Ai(0) = 3^(-2/3)/Gamma(2/3), Ai'(0) = -3^(-1/3)/Gamma(1/3) (correctly rounded, mpmath)
    ("airy_ai", (0.0,), 0.3550280538878172), ("airy_ai", (-0.0,), 0.3550280538878172),
    ("airy_ai", (inf,), 0.0), ("airy_ai", (-inf,), 0.0), ("airy_ai", (nan,), nan),
    ("airy_ai", (200.0,), 0.0), ("airy_ai", (1e300,), 0.0),
    ("airy_ai_prime", (0.0,), -0.2588194037928068), ("airy_ai_prime", (-0.0,), -0.2588194037928068),
    ("airy_ai_prime", (inf,), 0.0), ("airy_ai_prime", (-inf,), nan), ("airy_ai_prime", (nan,), nan),
    ("airy_ai_prime", (200.0,), -0.0),
]
