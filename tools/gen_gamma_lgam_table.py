"""Regenerate specfun/families/gamma_lgam_table.npz: lnGamma tables and trigamma on [0.5, 32) (mpmath).

544 intervals for lnGamma (192 for trigamma), 32 per binade ([2^-11, 2^-10) ... [32, 64); the
NLOW = 10 binades below 0.5 hold lnGamma itself, -log x included, so that gammaln needs no
logarithm there), so that
the interval is read from the bits of t (t's exponent and the first 5 mantissa bits: no branch); relative width 1/32.
Interval j has a centre c (its midpoint, except that the four intervals touching the zeros
1 and 2 are centred on them, so lnGamma keeps its relative accuracy there), and
    lnGamma(c + u) = L0 + L1 u + u^2 P(u),
L0 = lnGamma(c) as a double-double, L1 = psi(c) as a 26-bit head plus the rest (so that
L1h * uh is exact for u's 26-bit head), P a Chebyshev fit (60 digits) of
(lnGamma(c + u) - L0 - L1 u)/u^2 on the interval (plus a margin of 1/64 of its width, for
an index read from a rounded t), degree DEG, highest coefficient first.
Row layout: c, L0h, L0l, L1h, L1l, P[DEG] ... P[0].
The array "neg" holds log|Gamma| on (-10, 0) the same way, 641 rows per unit interval (see neg_rows).
The array "digamma" holds psi(c + u) = P0 + P1 u + u^2 Q(u) on [0.5, 64) in lnGamma's layout
(the interval of the positive root x0 centred on it).
The array "trigamma" holds psi'(c + u) = T0 + T1 u + u^2 Q(u) the same way on the same
intervals (all centred on their midpoints: psi' has no zero), row c, T0h, T0l, T1, Q[DEG] ... Q[0]
(|T1 u| < T0/32, so T1 need not be split).
Run:  .venv/bin/python tools/gen_gamma_lgam_table.py
"""
from pathlib import Path

import mpmath as mp
import numpy as np

mp.mp.dps = 60
DEG = 8
NLOW = 10                                    # binades of the lnGamma table below 0.5
NNEG = 10                                    # unit intervals of the negative-axis table, (-NNEG, 0)
OUT = Path(__file__).resolve().parent.parent / "specfun" / "families" / "gamma_lgam_table.npz"


def split26(v):
    t = 134217729.0 * v
    return t - (t - v)


def rows():
    out = []
    worst = 0.0
    for b in range(-NLOW, 7):                # binades [2^(b-1), 2^b)
        base = mp.mpf(2) ** (b - 1)
        for k in range(32):
            lo = base * (1 + mp.mpf(k) / 32)
            hi = base * (1 + mp.mpf(k + 1) / 32)
            c = (lo + hi) / 2
            if hi == 1 or lo == 1:
                c = mp.mpf(1)
            if hi == 2 or lo == 2:
                c = mp.mpf(2)
            c = mp.mpf(float(c))             # exactly representable already (few bits)
            L0 = mp.loggamma(c) if c not in (1, 2) else mp.mpf(0)
            L1 = mp.digamma(c)
            L2 = mp.psi(1, c) / 2
            L3 = mp.psi(2, c) / 6

            def q(u, c=c, L0=L0, L1=L1, L2=L2, L3=L3):
                if abs(u) < mp.mpf(10) ** -20:
                    return L2 + L3 * u
                return (mp.loggamma(c + u) - L0 - L1 * u) / (u * u)

            m = (hi - lo) / 64
            ua, ub = lo - c - m, hi - c + m
            poly, err = mp.chebyfit(q, [ua, ub], DEG + 1, error=True)
            # the fit's error against the result's size (u^2 err / |lnGamma|), worst on the interval
            for u in (ua, ub, (ua + ub) / 2, ua / 2, ub / 2):
                if u == 0:
                    continue
                v = mp.loggamma(c + u)
                if v != 0:
                    worst = max(worst, float(u * u * err / abs(v)))
            l0h = float(L0)
            l0l = float(L0 - l0h)
            l1 = float(L1)
            l1h = split26(l1)
            l1l = float(L1 - l1h)
            out.append([float(c), l0h, l0l, l1h, l1l] + [float(p) for p in poly])
    return np.array(out, dtype=np.float64), worst


def neg_rows():
    """log|Gamma| on (-NNEG, 0) by tables in the same layout as lnGamma's (rows c, L0h, L0l,
    L1h, L1l, P[DEG] .. P[0]), 641 rows per unit interval (-n-1, -n), n = 0 .. NNEG-1, in two
    halves with 32 intervals per binade read from the bits of their variable, so that each
    keeps its relative accuracy at its log singularity: with f = x + n in (-1, 0),
    log|Gamma(-n - t)| for t = -f in [2^-11, 0.5] (NLOW binades and the first interval of
    [0.5, 1), for t = 0.5 itself), then log|Gamma(s - n - 1)| for s = 1 + f in [2^-11, 0.5)
    (NLOW binades).  An interval holding a zero of log|Gamma| is centred on the zero's double
    (L0 ~ 1e-17 then, relative accuracy kept around the zero)."""
    out = []
    worst = 0.0
    for n in range(NNEG):
        def f(t, n=n):
            return mp.log(abs(mp.gamma(-n - t)))

        def g(s, n=n):
            return mp.log(abs(mp.gamma(s - n - 1)))

        def derivs_f(c, n=n):
            return (f(c), -mp.digamma(-n - c), mp.psi(1, -n - c) / 2, -mp.psi(2, -n - c) / 6)

        def derivs_g(c, n=n):
            return (g(c), mp.digamma(c - n - 1), mp.psi(1, c - n - 1) / 2, mp.psi(2, c - n - 1) / 6)

        for fun, der, extra in ((f, derivs_f, 1), (g, derivs_g, 0)):
            for b in range(-NLOW, 1 if extra else 0):
                base = mp.mpf(2) ** (b - 1)
                for k in range(32 if b < 0 else extra):
                    lo = base * (1 + mp.mpf(k) / 32)
                    hi = base * (1 + mp.mpf(k + 1) / 32)
                    c = (lo + hi) / 2
                    if fun(lo) * fun(hi) < 0:     # a zero inside: centre on it
                        c = mp.findroot(fun, (lo, hi), solver="anderson")
                    c = mp.mpf(float(c))
                    L0, L1, L2, L3 = der(c)

                    def q(u, c=c, L0=L0, L1=L1, L2=L2, L3=L3, fun=fun):
                        if abs(u) < mp.mpf(10) ** -20:
                            return L2 + L3 * u
                        return (fun(c + u) - L0 - L1 * u) / (u * u)

                    m = (hi - lo) / 64
                    ua, ub = lo - c - m, hi - c + m
                    poly, err = mp.chebyfit(q, [ua, ub], DEG + 1, error=True)
                    for u in (ua, ub, ua / 2, ub / 2):
                        v = fun(c + u)
                        # against max(|value|, |L1 u|): near a zero the error is relative to the
                        # terms, as the evaluation's own rounding is
                        worst = max(worst, float(u * u * err / max(abs(v), abs(L1 * u))))
                    l0h = float(L0)
                    l1h = split26(float(L1))
                    out.append([float(c), l0h, float(L0 - l0h), l1h, float(L1 - l1h)] + [float(p) for p in poly])
    return np.array(out, dtype=np.float64), worst


def digamma_rows():
    """psi(c + u) = P0 + P1 u + u^2 Q(u) on [0.5, 64) (224 intervals); the interval holding the
    positive root x0 is centred on x0's double (P0 = psi(c), ~1e-16, then exact to 2^-53 of
    itself), so psi keeps its relative accuracy there.  Row: c, P0h, P0l, P1h, P1l, Q[DEG] .. Q[0]."""
    x0 = mp.findroot(mp.digamma, 1.4616321449683623)
    out = []
    worst = 0.0
    for b in range(7):
        base = mp.mpf(2) ** (b - 1)
        for k in range(32):
            lo = base * (1 + mp.mpf(k) / 32)
            hi = base * (1 + mp.mpf(k + 1) / 32)
            c = (lo + hi) / 2
            if lo <= x0 < hi:
                c = x0
            c = mp.mpf(float(c))
            P0, P1, P2, P3 = (mp.psi(n, c) / mp.factorial(n) for n in (0, 1, 2, 3))

            def q(u, c=c, P0=P0, P1=P1, P2=P2, P3=P3):
                if abs(u) < mp.mpf(10) ** -20:
                    return P2 + P3 * u
                return (mp.digamma(c + u) - P0 - P1 * u) / (u * u)

            m = (hi - lo) / 64
            ua, ub = lo - c - m, hi - c + m
            poly, err = mp.chebyfit(q, [ua, ub], DEG + 1, error=True)
            for u in (ua, ub, ua / 2, ub / 2):
                v = mp.digamma(c + u)
                worst = max(worst, float(u * u * err / abs(v)))
            p0h = float(P0)
            p1 = float(P1)
            p1h = split26(p1)
            out.append([float(c), p0h, float(P0 - p0h), p1h, float(P1 - p1h)] + [float(p) for p in poly])
    return np.array(out, dtype=np.float64), worst


def trigamma_rows():
    out = []
    worst = 0.0
    for b in range(6):
        base = mp.mpf(2) ** (b - 1)
        for k in range(32):
            lo = base * (1 + mp.mpf(k) / 32)
            hi = base * (1 + mp.mpf(k + 1) / 32)
            c = mp.mpf(float((lo + hi) / 2))
            T0, T1, T2, T3 = (mp.psi(n, c) / mp.factorial(n - 1) for n in (1, 2, 3, 4))

            def q(u, c=c, T0=T0, T1=T1, T2=T2, T3=T3):
                if abs(u) < mp.mpf(10) ** -20:
                    return T2 + T3 * u
                return (mp.psi(1, c + u) - T0 - T1 * u) / (u * u)

            m = (hi - lo) / 64
            ua, ub = lo - c - m, hi - c + m
            poly, err = mp.chebyfit(q, [ua, ub], DEG + 1, error=True)
            for u in (ua, ub):
                worst = max(worst, float(u * u * err / mp.psi(1, c + u)))
            t0h = float(T0)
            out.append([float(c), t0h, float(T0 - t0h), float(T1)] + [float(p) for p in poly])
    return np.array(out, dtype=np.float64), worst


if __name__ == "__main__":
    import sys

    tab, worst = rows()
    print("rows", tab.shape, f"worst fit error relative to lnGamma: 2^{np.log2(worst):.1f}")
    neg, worst = neg_rows()
    print("neg rows", neg.shape, f"worst fit error relative: 2^{np.log2(worst):.1f}")
    if "--lgam-only" in sys.argv:             # keep the other arrays as they are
        old = np.load(OUT)
        np.savez(OUT, table=tab, neg=neg, trigamma=old["trigamma"], digamma=old["digamma"])
        print("wrote", OUT, "(lnGamma table only)")
        sys.exit(0)
    tri, worst = trigamma_rows()
    print("trigamma rows", tri.shape, f"worst fit error relative: 2^{np.log2(worst):.1f}")
    psi, worst = digamma_rows()
    print("digamma rows", psi.shape, f"worst fit error relative: 2^{np.log2(worst):.1f}")
    np.savez(OUT, table=tab, neg=neg, trigamma=tri, digamma=psi)
    print("wrote", OUT)
