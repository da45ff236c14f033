"""Tables for the float32 kernels of i0e and i1e (mpmath, 30 digits; made for specfun's modified_bessel.py).

e^-a I0(a) and e^-a I1(a)/a on [k, k+1], k = 0..7 (u = 2 (a - k) - 1), and sqrt(a) e^-a I_n(a) as
functions of t = 8/a on [j/4, (j+1)/4], j = 0..3 (u = 2 (4 t - j) - 1): twelve rows of 14 monomial
coefficients in u (Chebyshev interpolants at 30 nodes, truncated), highest first.
"""
import mpmath as mp
from _chebfit import cheb, nodes, to_mono

mp.mp.dps = 30
N = 30
NT = 14


def rows(n):
    fa = (lambda a: mp.exp(-a) * mp.besseli(0, a)) if n == 0 else (
        lambda a: mp.exp(-a) * mp.besseli(1, a) / a if a != 0 else mp.mpf(0.5))
    fb = lambda t: mp.sqrt(8 / t) * mp.exp(-8 / t) * mp.besseli(n, 8 / t)  # noqa: E731
    out = []
    worst = 0
    us = nodes(N)
    pieces = [(fa, mp.mpf(k), mp.mpf(k + 1)) for k in range(8)] + [
        (fb, mp.mpf(j) / 4, mp.mpf(j + 1) / 4) for j in range(4)]
    for f, lo, hi in pieces:
        c = cheb([f(lo + (hi - lo) * (u + 1) / 2) for u in us])
        worst = max(worst, float(abs(c[NT]) / abs(c[0])))
        out.append([float(v) for v in reversed(to_mono(c[:NT]))])
    return out, worst


for n in (0, 1):
    r, w = rows(n)
    print(f"# n={n}: worst next Chebyshev coefficient {w:.1e} relative")
    print(f"_I{n}E_F32 = np.array((")
    for row in r:
        for i in range(0, NT, 4):
            print("    " + ", ".join(repr(v) for v in row[i:i + 4]) + ",")
    print("))")
