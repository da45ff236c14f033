"""Regenerate the piecewise polynomial tables of specfun/families/gamma.py (mpmath).

h(t) = lnGamma(t) / ((t-1)(t-2))  and  k(t) = psi(t) / (t - x0)  on the pieces
[0.5, 1], [1, 2], [2, 3] (and h on [3, 5], [5, 8], [8, 12], [12, 20], [20, 30]; psi on [3, 5],
[5, 7.5], [7.5, 10]), each as a polynomial in u = t - centre (Chebyshev interpolation
at 60 digits, converted to monomials), degree chosen so the truncation is below 2**-62
relative.  Three wide pieces rather than many narrow ones: the piece is then predictable
from the caller's branch (a ten-way data-dependent dispatch cost more than the longer
polynomials).
Run:  .venv/bin/python tools/gen_gamma_tables.py
"""
import mpmath as mp

mp.mp.dps = 60
X0 = mp.findroot(mp.digamma, 1.4616321449683623)


def h(t):
    if abs(t - 1) < mp.mpf(10) ** -40:  # removable singularities: the limits
        return -mp.digamma(1)
    if abs(t - 2) < mp.mpf(10) ** -40:
        return mp.digamma(2)
    return mp.loggamma(t) / ((t - 1) * (t - 2))


def k(t):
    if abs(t - X0) < mp.mpf(10) ** -40:
        return mp.psi(1, X0)
    return mp.digamma(t) / (t - X0)


def fit(f, c, w, tol=None):
    tol = mp.mpf(2) ** -62 if tol is None else tol
    for deg in range(6, 60):
        poly, err = mp.chebyfit(lambda u: f(c + u), [-w, w], deg + 1, error=True)
        scale = min(abs(f(c - w)), abs(f(c + w)), abs(f(c)))
        if err / scale < tol:
            return poly
    raise RuntimeError(c)


PIECES = ((0.5, 1.0), (1.0, 2.0), (2.0, 3.0))
H_EXTRA = ((3.0, 5.0), (5.0, 8.0), (8.0, 12.0), (12.0, 20.0), (20.0, 30.0))  # h only: lnGamma up to 30
PSI_EXTRA = ((3.0, 5.0), (5.0, 7.5), (7.5, 10.0))  # psi itself (no zero there) up to 10


def table(f, name, pieces=PIECES):
    """One tuple per piece (constant term dropped, highest degree first, for polevl), then
    the constant terms in double-double: {name}_C0 (rounded) and {name}_C0LO (remainder)."""
    his, lows = [], []
    for i, (lo, hi) in enumerate(pieces):
        c = (mp.mpf(lo) + hi) / 2
        poly = fit(f, c, (mp.mpf(hi) - lo) / 2)
        row = [repr(float(p)) for p in poly[:-1]]
        his.append(float(poly[-1]))
        lows.append(float(poly[-1] - float(poly[-1])))
        print(f"# {name}{i}: [{lo}, {hi}] in u = t - {float(c)!r}, degree {len(poly) - 1}")
        print(f"{name}{i} = (")
        for j in range(0, len(row), 4):
            print("    " + ", ".join(row[j:j + 4]) + ",")
        print(")")
    for suffix, vals in (("_C0", his), ("_C0LO", lows)):
        print(f"{name}{suffix} = (")
        for j in range(0, len(vals), 3):
            print("    " + ", ".join(repr(v) for v in vals[j:j + 3]) + ",")
        print(")")


if __name__ == "__main__":
    x0 = X0
    hi = float(x0)
    lo = float(x0 - hi)
    print(f"_PSI_X0_HI = {hi!r}\n_PSI_X0_LO = {lo!r}")
    table(h, "_LGAM_H")
    table(h, "_LGAM_HX", H_EXTRA)
    table(k, "_PSI_K")
    table(mp.digamma, "_PSI_M", PSI_EXTRA)
