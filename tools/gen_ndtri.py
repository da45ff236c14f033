"""ndtri's own fits (specfun/families/error.py _ND_*), printed as Python literals.

1. Centre, q = 2 min(p, 1 - p) >= 1/4 (|c| <= 3/4, c = 1 - q): ndtri = +-c G(c^2) with
   G(z) = sqrt2 erfinv(sqrt z)/sqrt z, the interpolant of degree 24 at 25 Chebyshev points of
   z in [0, 9/16] (mpmath, 60 digits), written in w = z - 1/4 (monomials, lowest first: the sum of
   |c_k w^k|, k >= 1, stays <= 12% of G, so plain doubles suffice past c2); c0..c2 as double-doubles.
   Interpolation error 1.3e-19 relative, 3.8e-19 with the rounded coefficients.
   _ND_D1: G'(z) as a degree-5 weighted least-squares polynomial on 200 Chebyshev points of
   [0, 9/16] (relative error 1.8e-4; it only scales the rounding error of c^2).
2. Far rows (q < 1/4): Boost's fits rewritten as T(r) + P''(r)/Q(r) (_erf_far_row_t) evaluated
   with P'' rounded to doubles: E_k(r) = erfinv(1 - q)/s - (T + P''/Q)(r), s = B_k + r,
   q = exp(-s^2) (x = erfcinv(q) by Newton on log erfc at 50 digits), fitted per row by a cubic
   least-squares polynomial on 120 Chebyshev points of the row's r interval (residual <= 2.9e-20,
   1.3e-20, and Boost's own fit error 1.6e-19, 6.8e-20 on the last two rows).
   The kernel evaluates the rows at s's rounded part and carries s's low part ds through the slope:
3. _ND_DS: f'(s) on the whole far range as one degree-6 polynomial in T = 1/(sqrt2 s) (slope()).
Run from the repository root: python tools/gen_ndtri.py
"""
import sys

import mpmath as mp
import numpy as np

from specfun.families import error as E

mp.mp.dps = 60
Z1 = mp.mpf(9) / 16
Z0 = mp.mpf(1) / 4
DEG = 24


def g(z):
    if z == 0:
        return mp.sqrt(mp.pi / 2)
    x = mp.sqrt(z)
    return mp.sqrt(2) * mp.erfinv(x) / x


def interp(f, a, b, n):
    """Monomial coefficients (lowest first) of the interpolant at n + 1 Chebyshev points of [a, b]."""
    xs = [(a + b) / 2 + (b - a) / 2 * mp.cos(mp.pi * (2 * k + 1) / (2 * (n + 1))) for k in range(n + 1)]
    a_ = mp.matrix([[x ** j for j in range(n + 1)] for x in xs])
    c = mp.lu_solve(a_, mp.matrix([f(x) for x in xs]))
    return [c[j] for j in range(n + 1)]


def dd(v):
    h = float(v)
    return h, float(v - mp.mpf(h))


def centre():
    cs = interp(lambda w: g(w + Z0), -Z0, Z1 - Z0, DEG)
    test = [Z1 * mp.mpf(i) / 400 for i in range(401)]
    rounded = [mp.mpf(float(c)) for c in cs[3:]]
    err = max(abs(sum(c * (z - Z0) ** j for j, c in enumerate(cs[:3])) + sum(
        c * (z - Z0) ** j for j, c in enumerate(rounded, 3)) - g(z)) / g(z) for z in test)
    print("# centre: max rel err with rounded coefficients", mp.nstr(err, 3))
    print("_ND_C0, _ND_C0_LO =", dd(cs[0]))
    print("_ND_C1, _ND_C1_LO =", dd(cs[1]))
    print("_ND_C2, _ND_C2_LO =", dd(cs[2]))
    print("_ND_S3 =", tuple(float(c) for c in reversed(cs[3:])))
    zs = [Z1 * (1 - mp.cos(mp.pi * (k + 0.5) / 200)) / 2 for k in range(200)]
    gp = np.array([float(mp.diff(g, z)) for z in zs])
    x = np.array([[float(z) ** j for j in range(6)] for z in zs])
    coef = np.linalg.lstsq(x / gp[:, None], np.ones_like(gp), rcond=None)[0]
    print("# G' fit: max rel err", np.abs(x @ coef / gp - 1).max())
    print("_ND_D1 =", tuple(float(c) for c in reversed(coef)))


def x_of_s(s):
    """erfcinv(exp(-s^2)) by Newton on log erfc."""
    s2 = s * s
    x = s - mp.log(s * mp.sqrt(mp.pi)) / (2 * s) if s > 2 else s * mp.mpf(0.8)
    for _ in range(60):
        ec = mp.erfc(x)
        dx = (mp.log(ec) + s2) / (-2 / mp.sqrt(mp.pi) * mp.exp(-x * x) / ec)
        x -= dx
        if abs(dx) < mp.mpf(10) ** -50 * x:
            break
    return x


def far():
    rows = (E._BI_D0, E._BI_D1, E._BI_D2, E._BI_D3)
    spans = ((float(mp.sqrt(mp.log(4))) - 1.125, 1.875), (0.0, 3.0), (0.0, 12.0), (0.0, 9.3))
    mp.mp.dps = 50
    out = []
    for row, (a, b) in zip(rows, spans):
        rs = [a + (b - a) * (1 - np.cos(np.pi * (i + 0.5) / 120)) / 2 for i in range(120)]
        err = []
        for r in rs:
            rm = mp.mpf(r)
            t = ((mp.mpf(row[4]) * rm + row[3]) * rm + row[2]) * rm + row[1]
            p = q = mp.mpf(0)
            for i in range(5, 16):
                p = p * rm + mp.mpf(row[i])
            for i in range(16, 24):
                q = q * rm + mp.mpf(row[i])
            s = mp.mpf(row[0]) + rm
            err.append(float(x_of_s(s) / s - (t + p / q)))
        err = np.array(err)
        c = np.polyfit(rs, err * 1e18, 3) / 1e18
        res = np.abs(np.polyval(c, rs) - err).max()
        print(f"# row B={row[0]}: |E| <= {np.abs(err).max():.3g}, cubic residual {res:.3g}")
        out.append(tuple(float(v) for v in c))
    print("_ND_E =", tuple(out))


def slope():
    """_ND_DS: f'(s), f = erfinv(1 - q)/s, s = sqrt(-log q) in [sqrt(log 4), 27.28] (the whole far range,
    q down to 2^-1073), as one degree-6 polynomial in T = 1/(sqrt2 s), weighted least squares (weight s)
    on 400 Chebyshev points of T.  x'(s) = s sqrt(pi) exp(x^2 - s^2) (x = erfcinv(exp(-s^2))), so
    f' = (x' - x/s)/s.  The kernel multiplies it by s's low part ds (|ds| <~ 2^-52 s), so |error| s
    <= 6.8e-5 is <= 1.4e-4 ulp of f."""
    mp.mp.dps = 30
    ta, tb = 1 / (mp.sqrt(2) * mp.sqrt(1073 * mp.log(2))), 1 / (mp.sqrt(2) * mp.sqrt(mp.log(4)))
    ts = [(ta + tb) / 2 + (tb - ta) / 2 * mp.cos(mp.pi * (k + mp.mpf(1) / 2) / 400) for k in range(400)]
    ss = [1 / (mp.sqrt(2) * t) for t in ts]
    fp = []
    for s in ss:
        x = x_of_s(s)
        fp.append(float((s * mp.sqrt(mp.pi) * mp.exp(x * x - s * s) - x / s) / s))
    t = np.array([float(v) for v in ts])
    s = np.array([float(v) for v in ss])
    fp = np.array(fp)
    c = np.polyfit(t, fp, 6, w=s)
    print(f"# f' in [{fp.min():.3g}, {fp.max():.3g}]: max |err| s = {(np.abs(np.polyval(c, t) - fp) * s).max():.2g}")
    print("_ND_DS =", tuple(float(v) for v in c))


def one_row_study(degrees=(12, 14, 16), var="T"):
    """Not used by the kernel: how far one rational row for the whole far range gets (session 6).

    f(s) = erfinv(1 - q)/s, s = sqrt(-log q) in [sqrt(log 4), 27.28], fitted as P(u)/Q(u) (degrees n/n,
    Chebyshev basis of u in [-1, 1]; linearized least squares, then Lawson reweighting towards minimax,
    mpmath at 34 digits, 300 points) with u affine in T = 1/s ("T") or in log s ("v").  Prints the fit's
    max relative error and min |Q| / sum |q_k| on [-1, 1] (how far Q's evaluation is from cancelling).
    Measured: T 12/12 1e-17, 14/14 1.7e-19, 16/16 1.7e-22 but min|Q| 3.9e-6 of sum|q_k| ~5 (a pole next to
    the large-s end, from the log branch point at T = 0), and the monomial form with rounded coefficients
    is off by 9e-13; v: 10/10 3e-16, 13/13 6.6e-20, min|Q| 0.0069 of 4.5 (and v needs a second log).
    x(s) is singular where s^2 = -log 2 + 2 pi i k (s_1 = 1.68 +- 1.87i, then along the 45-degree rays), so
    polynomials converge like 1.5^-n to 1.6^-n in T, s, log s or a Moebius variable of s^2, and a single
    row needs a fully compensated P and Q: not cheaper than the four rows with selects."""
    mp.mp.dps = 34
    a, b = mp.sqrt(mp.log(4)), mp.sqrt(1073 * mp.log(2))
    n_pts = 300
    if var == "T":
        ends = (1 / b, 1 / a)
        to_s = lambda w: 1 / w  # noqa: E731
    else:
        ends = (mp.log(a), mp.log(b))
        to_s = mp.exp
    ws = [(ends[0] + ends[1]) / 2 + (ends[1] - ends[0]) / 2 * mp.cos(mp.pi * (k + mp.mpf(1) / 2) / n_pts)
          for k in range(n_pts)]
    us = [(2 * w - ends[0] - ends[1]) / (ends[1] - ends[0]) for w in ws]
    fs = [x_of_s(to_s(w)) / to_s(w) for w in ws]
    for n in degrees:
        cheb = [[mp.chebyt(j, u) for j in range(n + 1)] for u in us]
        qv = [mp.mpf(1)] * n_pts
        lw = [mp.mpf(1)] * n_pts
        best = None
        for _ in range(12):
            m = mp.matrix(n_pts, 2 * n + 1)
            rhs = mp.matrix(n_pts, 1)
            for i in range(n_pts):
                sc = lw[i] / (qv[i] * fs[i])
                for j in range(n + 1):
                    m[i, j] = cheb[i][j] * sc
                for j in range(1, n + 1):
                    m[i, n + j] = -fs[i] * cheb[i][j] * sc
                rhs[i] = fs[i] * sc
            c = mp.qr_solve(m, rhs)[0]
            p, q = [c[j] for j in range(n + 1)], [mp.mpf(1)] + [c[n + j] for j in range(1, n + 1)]
            err = []
            for i in range(n_pts):
                qv[i] = mp.fsum(q[j] * cheb[i][j] for j in range(n + 1))
                err.append((mp.fsum(p[j] * cheb[i][j] for j in range(n + 1)) / qv[i] - fs[i]) / fs[i])
            e = max(abs(v) for v in err)
            if best is None or e < best[0]:
                best = (e, q)
            lw = [lw[i] * mp.sqrt(abs(err[i]) / e) + mp.mpf(10) ** -30 for i in range(n_pts)]
            tot = mp.fsum(lw)
            lw = [v * n_pts / tot for v in lw]
        e, q = best
        grid = np.linspace(-1, 1, 4001)
        qg = np.polynomial.chebyshev.chebval(grid, [float(v) for v in q])
        print(f"# {var} {n}/{n}: max rel err {mp.nstr(e, 3)}, min|Q| {np.abs(qg).min():.2g} "
              f"of sum|q_k| {sum(abs(float(v)) for v in q):.2g}")


if __name__ == "__main__":
    centre()
    far()
    slope()
    if "--one-row" in sys.argv:
        one_row_study()
        one_row_study((10, 13), "v")
