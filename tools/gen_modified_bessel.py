"""Generate the coefficient tables of specfun/families/modified_bessel.py (run by hand, prints Python).

Each table is a Chebyshev interpolant computed with mpmath at 50 digits, converted
exactly (in mpmath) to monomials of the reduced variable u in [-1, 1] and rounded
to float64; the degree is the smallest whose rounded polynomial meets the
tolerance on a 300-point grid (checked in mpmath).  The functions fitted are

* ``e^-x I_n(x)`` on x in [k, k+1], k = 1..7, u = 2 (x - k - 1/2)  (n = 0, 1), the
  constant term split in two doubles (the last two entries: c0_hi, c0_lo);
* ``S(t) = (sqrt(x) e^-x I_n(x) - C)/t``, t = 1/x, C = (2 pi)^-1/2, on t pieces of [0, 1/8];
* ``S(t) = (sqrt(x) e^x K_n(x) - C)/t``, C = (pi/2)^1/2, on t pieces of [0, 2].

Usage: python tools/gen_modified_bessel.py > /tmp/tables.py
"""
import mpmath as mp

mp.mp.dps = 50


def cheb_fit(f, a, b, n):
    """Chebyshev interpolation coefficients c_0..c_{n-1} of f on [a, b] (first kind nodes)."""
    nodes = [mp.cos(mp.pi * (k + mp.mpf(1) / 2) / n) for k in range(n)]
    vals = [f((b - a) / 2 * u + (b + a) / 2) for u in nodes]
    c = []
    for j in range(n):
        s = mp.fsum(vals[k] * mp.cos(mp.pi * j * (k + mp.mpf(1) / 2) / n) for k in range(n))
        c.append(2 * s / n)
    c[0] /= 2
    return c


def cheb_to_mono(c):
    """Monomial coefficients (lowest first) of sum c_j T_j(u), exactly in mpmath."""
    n = len(c)
    t_prev, t_cur = [mp.mpf(1)], [mp.mpf(0), mp.mpf(1)]
    out = [mp.mpf(0)] * n
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


def fit(f, a, b, tol, nmax=40, split0=False):
    """Monomial table (highest first); with split0 the constant term is kept exact (emitted as hi + lo)."""
    grid = [a + (b - a) * mp.mpf(i) / 299 for i in range(300)]
    ref = [f(x) for x in grid]
    for n in range(4, nmax):
        exact = cheb_to_mono(cheb_fit(f, a, b, n))
        mono = [float(v) for v in exact]
        if split0:
            hi = float(exact[0])
            lo = float(exact[0] - hi)
            mono[0] = mp.mpf(hi) + mp.mpf(lo)
        err = 0
        for x, y in zip(grid, ref):
            u = (2 * x - (a + b)) / (b - a)
            p = mp.mpf(0)
            for cf in reversed(mono):
                p = p * u + cf
            err = max(err, abs(p - y) / abs(y))
        if err < tol:
            if split0:
                mono = mono[1:][::-1] + [hi, lo]   # ..., c1, c0_hi, c0_lo
                return mono, n, err
            return mono[::-1], n, err  # highest degree first (polevl order)
    raise RuntimeError(f"no fit on [{a}, {b}]")


def emit(name, coefs, note):
    body = ", ".join(repr(c) for c in coefs)
    print(f"# {note}")
    print(f"{name} = ({body})")


C_I = 1 / mp.sqrt(2 * mp.pi)
C_K = mp.sqrt(mp.pi / 2)


def s_i(n):
    def f(t):
        if t == 0:
            return C_I * (mp.mpf(1) / 8 if n == 0 else -mp.mpf(3) / 8)
        x = 1 / t
        return (mp.sqrt(x) * mp.exp(-x) * mp.besseli(n, x) - C_I) / t
    return f


def s_k(n):
    def f(t):
        if t == 0:
            return C_K * (-mp.mpf(1) / 8 if n == 0 else mp.mpf(3) / 8)
        x = 1 / t
        return (mp.sqrt(x) * mp.exp(x) * mp.besselk(n, x) - C_K) / t
    return f


if __name__ == "__main__":
    for nm, c in (("_C_I", C_I), ("_C_K", C_K)):
        hi = float(c)
        print(f"{nm}_HI = {hi!r}\n{nm}_LO = {float(c - hi)!r}")
    for n in (0, 1):
        for k in range(1, 8):
            coefs, deg, err = fit(lambda x: mp.exp(-x) * mp.besseli(n, x), mp.mpf(k), mp.mpf(k + 1), 3e-17,
                                   split0=True)
            emit(f"_I{n}E_X{k}", coefs, f"e^-x I{n}(x), x in [{k}, {k + 1}], u = 2(x - {k + 0.5}); {deg} terms, "
                 f"max rel err {float(err):.1e}")
    T_I = ((16, 8), (40, 16), (None, 40))
    T_K = ((1, 0.5), (2, 1), (4, 2), (8, 4), (16, 8), (40, 16), (None, 40))
    for n in (0, 1):
        for lab, f, pieces in (("I", s_i(n), T_I), ("K", s_k(n), T_K)):
            for hi_x, lo_x in pieces:
                a = mp.mpf(0) if hi_x is None else mp.mpf(1) / hi_x
                b = 1 / mp.mpf(lo_x)
                coefs, deg, err = fit(f, a, b, 1e-16, nmax=60)
                tag = "HALF" if lo_x == 0.5 else lo_x
                emit(f"_{lab}{n}_T{tag}", coefs, f"S(t) for {lab}{n}, x in [{lo_x}, {hi_x or 'inf'}], "
                     f"t in [{float(a):.6g}, {float(b):.6g}]; {deg} terms, max rel err {float(err):.1e}")
