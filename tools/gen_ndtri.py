"""ndtri's own fits (specfun/families/error.py _ND_*), printed as Python literals.

1. Centre, q = 2 min(p, 1 - p) >= 1/4 (|c| <= 3/4, c = 1 - q): ndtri = +-c G(c^2) with
   G(z) = sqrt2 erfinv(sqrt z)/sqrt z, the interpolant of degree 24 at 25 Chebyshev points of
   z in [0, 9/16] (mpmath, 60 digits), written in w = z - 1/4 (monomials, lowest first: the sum of
   |c_k w^k|, k >= 1, stays <= 12% of G, so plain doubles suffice past c2); c0..c2 as double-doubles.
   Interpolation error 1.3e-19 relative, 3.8e-19 with the rounded coefficients.
   _ND_D1: G'(z) as a degree-5 weighted least-squares polynomial on 200 Chebyshev points of
   [0, 9/16] (relative error 1.8e-4; it only scales the rounding error of c^2).
2. Far rows (q < 1/4), far2(): four rows s = B + r (B = 1.125, 3, 6, 18), f = erfinv(1 - q)/s as
   T5(r) (least-squares quintic, evaluated compensated) + P''(u)/Q(u) (a 10/8 rational in u = 2r/L - 1
   fitted by linearized least squares with Lawson's reweighting; plain doubles, <= 4.4e-5 of f).
   The kernel evaluates the rows at s's rounded part and carries s's low part ds through the slope:
3. _ND_DS: f'(s) on the whole far range as one degree-6 polynomial in T = 1/(sqrt2 s) (slope()).
Run from the repository root: python tools/gen_ndtri.py
"""
import sys

import mpmath as mp
import numpy as np

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
        e, _, q = _lawson(us, fs, [1 / f for f in fs], n, n, iters=12)  # relative error: weight 1/f
        grid = np.linspace(-1, 1, 4001)
        qg = np.polynomial.chebyshev.chebval(grid, [float(v) for v in q])
        print(f"# {var} {n}/{n}: max rel err {mp.nstr(e, 3)}, min|Q| {np.abs(qg).min():.2g} "
              f"of sum|q_k| {sum(abs(float(v)) for v in q):.2g}")


FAR2_ROWS = ((1.125, 1.875), (3.0, 3.0), (6.0, 12.0), (18.0, 9.3))  # (B, L): s = B + r, r in [0, L]
FAR2_MN = (10, 8)  # degrees of each row's P'' (Chebyshev) and Q (monomials in u)


def _lawson(us, gs, wt, m, n, iters=14):
    """P/Q (Chebyshev coefficients, q_0 = 1) of degrees m/n minimizing max |P/Q - g| wt: linearized
    least squares (divided by the previous Q), then Lawson's reweighting towards minimax."""
    cheb = [[mp.chebyt(j, u) for j in range(max(m, n) + 1)] for u in us]
    npt = len(us)
    qv = [mp.mpf(1)] * npt
    lw = [mp.mpf(1)] * npt
    best = None
    for _ in range(iters):
        a = mp.matrix(npt, m + 1 + n)
        rhs = mp.matrix(npt, 1)
        for i in range(npt):
            sc = lw[i] * wt[i] / qv[i]
            for j in range(m + 1):
                a[i, j] = cheb[i][j] * sc
            for j in range(1, n + 1):
                a[i, m + j] = -gs[i] * cheb[i][j] * sc
            rhs[i] = gs[i] * sc
        c = mp.qr_solve(a, rhs)[0]
        p, q = [c[j] for j in range(m + 1)], [mp.mpf(1)] + [c[m + j] for j in range(1, n + 1)]
        err = []
        for i in range(npt):
            qv[i] = mp.fsum(q[j] * cheb[i][j] for j in range(n + 1))
            err.append((mp.fsum(p[j] * cheb[i][j] for j in range(m + 1)) / qv[i] - gs[i]) * wt[i])
        e = max(abs(v) for v in err)
        if best is None or e < best[0]:
            best = (e, p, q)
        lw = [lw[i] * mp.sqrt(abs(err[i]) / e) + mp.mpf(10) ** -30 for i in range(npt)]
        tot = mp.fsum(lw)
        lw = [v * npt / tot for v in lw]
    return best


def _cheb2mono(c):
    """Monomial coefficients (lowest first) of sum c_k T_k(u)."""
    tk = [[mp.mpf(1)], [mp.mpf(0), mp.mpf(1)]]
    while len(tk) < len(c):
        a = [mp.mpf(0)] + [2 * v for v in tk[-1]]
        b = tk[-2] + [mp.mpf(0)] * (len(a) - len(tk[-2]))
        tk.append([x - y for x, y in zip(a, b)])
    out = [mp.mpf(0)] * len(c)
    for k, ck in enumerate(c):
        for j, v in enumerate(tk[k]):
            out[j] += ck * v
    return out


def far2():
    """_ND_G: the far rows as T5(r) + P''(u)/Q(u), r = s - B exact, u = 2r/L - 1 (rounded: harmless).

    f(s) = erfinv(1 - q)/s (x_of_s, mpmath at 40 digits) on 240 Chebyshev points of each row.  T5: the
    least-squares quintic in r, rounded to doubles: it carries the value and is evaluated compensated.
    g = f - T5 (<= 4.4e-5 of f) as a rational of degrees 10/8 in u (_lawson, weight 1/f), P'' by
    Clenshaw (Chebyshev coefficients), Q by Horner in u (monomials, q_0 = 1): both in plain doubles,
    their roundings times |g| stay ~1e-4 ulp.  Fit error checked on 300 random points per row in exact
    arithmetic with the rounded coefficients.  Row: (B, 2/L, T5..T0, c_10..c_0, q_8..q_0)."""
    mp.mp.dps = 40
    m, n = FAR2_MN
    rng = np.random.default_rng(5)
    out = []
    for b0, ln in FAR2_ROWS:
        b0, ln = mp.mpf(b0), mp.mpf(ln)

        def fx(r):
            s = b0 + r
            return x_of_s(s) / s

        rs = [ln * (1 - mp.cos(mp.pi * (i + mp.mpf(1) / 2) / 240)) / 2 for i in range(240)]
        fs = [fx(r) for r in rs]
        a = mp.matrix([[r ** j for j in range(6)] for r in rs[::2]])
        c = mp.qr_solve(a, mp.matrix(fs[::2]))[0]
        t5 = [float(c[j]) for j in range(5, -1, -1)]  # highest first
        tm = [mp.mpf(v) for v in t5]
        gs = [f - mp.polyval(tm, r) for f, r in zip(fs, rs)]
        e, p, q = _lawson([2 * r / ln - 1 for r in rs], gs, [1 / f for f in fs], m, n)
        qm = _cheb2mono(q)
        pd = [float(v / qm[0]) for v in p]
        qd = [float(v / qm[0]) for v in qm]
        err = cq = cp = 0
        for r in rng.uniform(0, float(ln), 300):
            r = mp.mpf(r)
            u = 2 * r / ln - 1
            qv = mp.polyval([mp.mpf(v) for v in qd[::-1]], u)
            pv = mp.fsum(mp.mpf(cv) * mp.chebyt(j, u) for j, cv in enumerate(pd))
            f = fx(r)
            err = max(err, abs((mp.polyval(tm, r) + pv / qv - f) / f))
            cq = max(cq, mp.polyval([abs(mp.mpf(v)) for v in qd[::-1]], abs(u)) / abs(qv))
            cp = max(cp, mp.fsum(abs(mp.mpf(v)) for v in pd) / abs(qv) / f)
        gmax = max(abs(g) for g in gs)
        print(f"# row B={float(b0)}: |f - T5| <= {mp.nstr(gmax, 3)}, fit {mp.nstr(e, 3)}, rounded "
              f"{mp.nstr(err, 3)}; sum|q_j u^j|/Q <= {mp.nstr(cq, 3)}, sum|c_k|/(Q f) <= {mp.nstr(cp, 3)}")
        out.append(tuple([float(b0), float(2 / ln)] + t5 + pd[::-1] + qd[::-1]))
    print("_ND_G =", tuple(out))

if __name__ == "__main__":
    centre()
    far2()
    slope()
    if "--one-row" in sys.argv:
        one_row_study()
        one_row_study((10, 13), "v")
