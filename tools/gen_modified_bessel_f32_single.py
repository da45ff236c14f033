"""Two-piece tables for the vectorizable float32 kernels of i0e and i1e (mpmath, 30 digits).

e^-a I0(a) and e^-a I1(a)/a on [0, 6] in u = a/3 - 1 (NS terms), and sqrt(a) e^-a I_n(a) as a function
of t = 6/a on (0, 1] in u = 2 t - 1 (NL terms): Chebyshev interpolants at 48 nodes, truncated, as
monomial coefficients in u, highest first.  The split at 6 gives both sides the same length (24), so
the kernel evaluates one polynomial with its coefficients picked per value.  Prints the worst
relative error of the truncated monomial form in double arithmetic on 20001 points per side
(against mpmath).
"""
import mpmath as mp
from _chebfit import cheb, nodes, to_mono

mp.mp.dps = 30
N = 48
NS = 24
NL = 24
B = 6


def fs(n, a):
    if a == 0:
        return mp.mpf(1) if n == 0 else mp.mpf(0.5)
    return mp.exp(-a) * mp.besseli(n, a) / (a if n else 1)


def fl(n, t):
    return mp.sqrt(B / t) * mp.exp(-B / t) * mp.besseli(n, B / t)


def horner(c, u):
    r = 0.0
    for v in c:
        r = r * u + v
    return r


us = nodes(N)
for n in (0, 1):
    cs = cheb([fs(n, B / 2 * (u + 1)) for u in us])
    cl = cheb([fl(n, (u + 1) / 2) for u in us])
    ms = [float(v) for v in reversed(to_mono(cs[:NS]))]
    ml = [float(v) for v in reversed(to_mono(cl[:NL]))]
    es = max(abs(horner(ms, 2 * a / B - 1) / fs(n, mp.mpf(a)) - 1) for a in [B * k / 20000 for k in range(20001)])
    el = max(abs(horner(ml, 2 * t - 1) / fl(n, mp.mpf(t)) - 1) for t in [(k + 1) / 20001 for k in range(20001)])
    print(f"# n={n}: small next cheb {float(abs(cs[NS] / cs[0])):.1e}, max rel err {float(es):.1e}; "
          f"large next cheb {float(abs(cl[NL] / cl[0])):.1e}, max rel err {float(el):.1e}")
    for nm, m in (("S", ms), ("L", ml)):
        print(f"_I{n}E_F32{nm} = (")
        for i in range(0, len(m), 4):
            print("    " + ", ".join(repr(v) for v in m[i:i + 4]) + ",")
        print(")")
