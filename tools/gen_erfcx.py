"""Generate the erfcx table of specfun/families/error.py (run by hand, prints Python).

The scheme is S. G. Johnson's (Faddeeva package, ``erfcx_y100``: erfcx on [0, inf) as
piecewise low-degree polynomials picked by a table index, an asymptotic form for large x),
with our own pieces and coefficients:

* x in [-1, 32): erfcx(x) as a degree-DEG polynomial in t = x - c on each interval
  [c - h/2, c + h/2), h = 1/16 on [-1, 0), 1/8 on [0, 3), 1/4 on [3, 6), 1/2 on [6, 16), 1 on [16, 32)
  (88 rows).  The
  variable is x itself (not Johnson's y = 4/(4+x)), so the reduced argument t is exact
  and no rounding of the argument is amplified (at x = 0.8 Johnson's y would pass its own
  rounding on 4x).  Each row is ``c, c0_hi, c0_lo, c1, ..., cDEG`` (c0 in two doubles).
* x >= 32: erfcx(x) = H(w)/x, w = 1/x^2, H(w) = x erfcx(x) (-> 1/sqrt(pi)), a polynomial
  in w on [0, 1/1024]; H(0) split in two doubles.

Each polynomial is the Chebyshev interpolant at 50 digits, converted exactly (in mpmath)
to monomials and rounded to float64; the maximum relative error of the rounded
polynomial (constant term exact as hi + lo) is checked on a 64-point grid per piece and
printed.

Usage: python tools/gen_erfcx.py > /tmp/erfcx_table.py
       python tools/gen_erfcx.py --mills > /tmp/mills_table.py  (the normal-tail table)
"""
import mpmath as mp

mp.mp.dps = 50

DEG = 9
TIERS = ((-1, 0, mp.mpf(1) / 16), (0, 3, mp.mpf(1) / 8), (3, 6, mp.mpf(1) / 4), (6, 16, mp.mpf(1) / 2), (16, 32, mp.mpf(1)))
TAIL_X = 32
TAIL_DEG = 6


def erfcx(x):
    return mp.exp(x * x) * mp.erfc(x)


def cheb_mono(f, a, b, n):
    """Monomial coefficients (lowest first) in u = (x - (a+b)/2) / ((b-a)/2) of the Chebyshev
    interpolant of f on [a, b] with n nodes (degree n - 1)."""
    nodes = [mp.cos(mp.pi * (k + mp.mpf(1) / 2) / n) for k in range(n)]
    vals = [f((b - a) / 2 * u + (b + a) / 2) for u in nodes]
    c = []
    for j in range(n):
        s = mp.fsum(vals[k] * mp.cos(mp.pi * j * (k + mp.mpf(1) / 2) / n) for k in range(n))
        c.append(2 * s / n)
    c[0] /= 2
    out = [mp.mpf(0)] * n
    t_prev, t_cur = [mp.mpf(1)], [mp.mpf(0), mp.mpf(1)]
    out[0] += c[0]
    if n > 1:
        out[1] += c[1]
    for j in range(2, n):
        t_next = [mp.mpf(0)] * (j + 1)
        for i, v in enumerate(t_cur):
            t_next[i + 1] += 2 * v
        for i, v in enumerate(t_prev):
            t_next[i] -= v
        for i, v in enumerate(t_next):
            out[i] += c[j] * v
        t_prev, t_cur = t_cur, t_next
    return out


def piece(f, a, b, deg):
    """Rounded monomial coefficients in t = x - (a+b)/2 (lowest first, c0 as hi, lo) and the
    max relative error of the rounded polynomial on a grid."""
    half = (b - a) / 2
    mono = cheb_mono(f, a, b, deg + 1)
    coef = [m / half**j for j, m in enumerate(mono)]  # u = t / half
    hi = float(coef[0])
    lo = float(coef[0] - hi)
    rest = [float(v) for v in coef[1:]]
    err = 0
    mid = (a + b) / 2
    for i in range(64):
        x = a + (b - a) * mp.mpf(i) / 63
        t = x - mid
        p = mp.mpf(0)
        for cf in reversed(rest):
            p = (p + cf) * t
        p = p + lo + hi
        err = max(err, abs(p / f(x) - 1))
    return hi, lo, rest, err


def main():
    rows = []
    worst = 0
    for lo_x, hi_x, h in TIERS:
        x = mp.mpf(lo_x)
        while x < hi_x:
            c0h, c0l, rest, err = piece(erfcx, x, x + h, DEG)
            worst = max(worst, err)
            rows.append((float(x + h / 2), c0h, c0l, rest, float(err)))
            x += h
    print(f"# erfcx on [-1, {TAIL_X}): {len(rows)} rows of (c, c0_hi, c0_lo, c1..c{DEG}), t = x - c;"
          f" max rel err of the rounded pieces {float(worst):.2e} (tools/gen_erfcx.py)")
    print("_CX_TAB = (")
    for c, c0h, c0l, rest, _err in rows:
        print(f"    {c!r}, {c0h!r}, {c0l!r}, " + ", ".join(repr(v) for v in rest) + ",")
    print(")")

    def hfun(w):
        if w == 0:
            return 1 / mp.sqrt(mp.pi)
        x = 1 / mp.sqrt(w)
        return x * erfcx(x)

    c0h, c0l, rest, err = piece(hfun, mp.mpf(0), mp.mpf(1) / TAIL_X**2, TAIL_DEG)
    # piece() expands about the midpoint: re-expand about w = 0 exactly (Taylor shift in mpmath)
    mid = mp.mpf(1) / (2 * TAIL_X**2)
    coef = [mp.mpf(c0h) + mp.mpf(c0l)] + [mp.mpf(v) for v in rest]
    n = len(coef)
    shifted = [mp.mpf(0)] * n  # p(w - mid) = sum coef_j (w - mid)^j
    for j, cj in enumerate(coef):
        for k in range(j + 1):
            shifted[k] += cj * mp.binomial(j, k) * (-mid) ** (j - k)
    hh = float(shifted[0])
    hl = float(shifted[0] - hh)
    tail = [float(v) for v in shifted[1:]]
    err = 0
    for i in range(64):
        w = mp.mpf(i) / 63 / TAIL_X**2
        p = mp.mpf(0)
        for cf in reversed(tail):
            p = (p + cf) * w
        p = p + hl + hh
        err = max(err, abs(p / hfun(w) - 1))
    print(f"# x erfcx(x) = H(w), w = 1/x^2 <= 1/{TAIL_X**2}: H0 = _CX_H0 + _CX_H0_LO, the rest highest"
          f" degree first (w H1(w)); max rel err {float(err):.2e}")
    print(f"_CX_H0 = {hh!r}\n_CX_H0_LO = {hl!r}")
    print("_CX_H = (" + ", ".join(repr(v) for v in reversed(tail)) + ")")


# The normal tail table: M(x) = erfcx(x/sqrt2) = sqrt(2 pi) times Mills' ratio Q/phi, so
# Q(x) = exp(-x^2/2) M(x) / 2, as pieces in x itself (so ndtr/log_ndtr need no x/sqrt2
# double-double); c0_hi is rounded to 26 significant bits so that e * c0_hi is exact with
# only e split (Dekker), c0_lo carries the rest.
M_TIERS = ((0, 4, mp.mpf(1) / 8), (4, 8, mp.mpf(1) / 4), (8, 16, mp.mpf(1) / 2), (16, 40, mp.mpf(1)))


def mills(x):
    return erfcx(x / mp.sqrt(2))


def hi26(v):
    m, e = mp.frexp(v)
    return float(mp.ldexp(mp.nint(mp.ldexp(m, 26)), e - 26))


def main_mills():
    rows = []
    worst = 0
    for lo_x, hi_x, h in M_TIERS:
        x = mp.mpf(lo_x)
        while x < hi_x:
            c0h, c0l, rest, err = piece(mills, x, x + h, DEG)
            c0 = mp.mpf(c0h) + mp.mpf(c0l)
            c0h = hi26(c0)
            c0l = float(c0 - c0h)
            worst = max(worst, err)
            rows.append((float(x + h / 2), c0h, c0l, rest, float(err)))
            x += h
    print(f"# M(x) = erfcx(x/sqrt2) on [0, 40): {len(rows)} rows of (c, c0_hi (26 bits), c0_lo, c1..c{DEG}),"
          f" t = x - c; max rel err of the rounded pieces {float(worst):.2e} (tools/gen_erfcx.py --mills)")
    print("_M_TAB = np.array((")
    for c, c0h, c0l, rest, _err in rows:
        print(f"    {c!r}, {c0h!r}, {c0l!r}, " + ", ".join(repr(v) for v in rest) + ",")
    print("), dtype=np.float64)")


if __name__ == "__main__":
    import sys

    if "--mills" in sys.argv:
        main_mills()
    else:
        main()
