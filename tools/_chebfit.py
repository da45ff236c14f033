"""Shared Chebyshev-fitting pieces of the table generators (mpmath; run a generator from the
repository root, e.g. ``python tools/gen_bessel_phase.py``: tools/ is then on sys.path).

``nodes(n)``: the n Chebyshev points cos(pi (k + 1/2)/n) of [-1, 1]; ``cheb(vals)``: the
coefficients of the interpolant through values at those points; ``to_mono(c)``: a Chebyshev
series as monomial coefficients in the same variable, lowest degree first.
"""
import mpmath as mp


def nodes(n):
    return [mp.cos(mp.pi * (k + 0.5) / n) for k in range(n)]


def cheb(vals):
    n = len(vals)
    c = []
    for j in range(n):
        c.append(2 * mp.fsum(vals[k] * mp.cos(j * mp.pi * (k + 0.5) / n) for k in range(n)) / n)
    c[0] /= 2
    return c


def to_mono(c):
    n = len(c)
    T = [[mp.mpf(1)], [mp.mpf(0), mp.mpf(1)]]
    for j in range(2, n):
        a = [mp.mpf(0)] + [2 * v for v in T[j - 1]]
        b = T[j - 2] + [mp.mpf(0)] * (len(a) - len(T[j - 2]))
        T.append([p - q for p, q in zip(a, b)])
    mono = [mp.mpf(0)] * n
    for j in range(n):
        for i, v in enumerate(T[j]):
            mono[i] += c[j] * v
    return mono
