"""Regenerate the tables of specfun/families/elementary.py (mpmath, 50 digits).

log: Tang's table-driven method (P. T. P. Tang, "Table-driven implementation of the
logarithm function in IEEE floating-point arithmetic", ACM TOMS 16 (1990) 378-400), in the
division-free form: m in [1/sqrt2, sqrt2) is rounded to c = j/256, j = 181..362; invc = 1/c
rounded to 24 significant bits (so m*invc is exact after one split of m), and
log(1/invc) stored as hi (on the 2**-32 grid, so k*ln2_hi + hi is exact) + lo.
log1p(r) = r - r^2/2 + r^3 Q(r) on |r| <= 0.00277.
exp: 2^(j/64), j = 0..63, as double-doubles (Tang, "Table-driven implementation of the
exponential function", ACM TOMS 15 (1989) 144-157).
Run:  .venv/bin/python tools/gen_elementary_tables.py
"""
import mpmath as mp

mp.mp.dps = 50


def row(name, vals, per=4, array=False):
    """A tuple (polynomials, read at constant indices) or, for runtime-indexed tables, a
    float64 ndarray (Numba freezes it as constant data; a tuple indexed at run time was ~6x
    slower in the kernels)."""
    print(f"{name} = np.array((" if array else f"{name} = (")
    for j in range(0, len(vals), per):
        print("    " + ", ".join(repr(float(v)) for v in vals[j:j + per]) + ",")
    print("), dtype=np.float64)" if array else ")")


def r24(v):
    """v rounded to 24 significant bits."""
    m, e = mp.frexp(v)
    return mp.ldexp(mp.nint(mp.ldexp(m, 24)), e - 24)


def fit(f, w, tol, start=3):
    for deg in range(start, 30):
        poly, err = mp.chebyfit(f, [-w, w], deg + 1, error=True)
        if err < tol:
            return poly, err
    raise RuntimeError(w)


if __name__ == "__main__":
    # log: c = j/256, j = 181..362 (m in [1/sqrt2, sqrt2) from the exponent bits), padded to 256
    # entries (the kernel masks its index with & 255, so the loads are provably in bounds).
    # log(1/invc) = hi + lo with hi on the 2**-32 grid (Tang): k*ln2_hi + hi is then exact
    # (both multiples of 2**-32, below 2**10), so no error term is needed for that sum
    invc = [r24(mp.mpf(256) / j) for j in range(181, 363)]
    lhi = [mp.nint(-mp.log(c) * 2**32) / 2**32 for c in invc]
    llo = [float(-mp.log(c) - h) for c, h in zip(invc, lhi)]
    pad = 256 - len(invc)
    print("# j = 181..362: invc = 256/j to 24 bits; log(1/invc) = _LOG_C_HI (2**-32 grid) + _LOG_C_LO")
    row("_LOG_INVC", invc + [1.0] * pad, array=True)
    row("_LOG_C_HI", lhi + [0.0] * pad, array=True)
    row("_LOG_C_LO", llo + [0.0] * pad, array=True)
    rmax = max(abs(mp.mpf(j + s * 0.5) / 256 * c - 1) for j, c in zip(range(181, 363), invc) for s in (-1, 1))
    print(f"# max |r| = {float(rmax)!r}")
    # Q to 2**-48 absolute: r^3 Q's error is then below 2**-65 of the result (|r| <= 2**-8.5)
    q, err = fit(lambda r: (mp.log1p(r) - r + r * r / 2) / r**3 if r != 0 else mp.mpf(1) / 3, 0.00277,
                 mp.mpf(2) ** -48)
    print(f"# log1p tail Q, degree {len(q) - 1}, abs err {float(err):.3g} (relative to r^3)")
    row("_LOG1P_Q", q)
    thi = [float(mp.mpf(2) ** (mp.mpf(j) / 64)) for j in range(64)]
    tlo = [float(mp.mpf(2) ** (mp.mpf(j) / 64) - mp.mpf(h)) for j, h in enumerate(thi)]
    row("_EXP_T_HI", thi, array=True)
    row("_EXP_T_LO", tlo, array=True)
    l64 = mp.log(2) / 64
    # hi part with 36 significant bits: k*hi exact for |k| < 2**17
    m, ex = mp.frexp(l64)
    hi = mp.ldexp(mp.nint(mp.ldexp(m, 36)), ex - 36)
    print(f"_LN2_64_HI = {float(hi)!r}\n_LN2_64_LO = {float(l64 - hi)!r}\n_INV_LN2_64 = {float(64 / mp.log(2))!r}")
    # expit (vectorized kernel): 2^(j/1024) as double-doubles, ln2/1024 with a 32-bit high part
    # (k*hi exact for |k| < 2**21); |r| <= ln2/2048 makes exp(r) - 1 to r^5/120 good to 2**-64
    thi = [float(mp.mpf(2) ** (mp.mpf(j) / 1024)) for j in range(1024)]
    tlo = [float(mp.mpf(2) ** (mp.mpf(j) / 1024) - mp.mpf(h)) for j, h in enumerate(thi)]
    row("_EXP1K_HI", thi, array=True)
    row("_EXP1K_LO", tlo, array=True)
    l1k = mp.log(2) / 1024
    m, ex = mp.frexp(l1k)
    hi = mp.ldexp(mp.nint(mp.ldexp(m, 32)), ex - 32)
    print(f"_LN2_1K_HI = {float(hi)!r}\n_LN2_1K_LO = {float(l1k - hi)!r}\n_INV_LN2_1K = {float(1024 / mp.log(2))!r}")
    # sinc (vectorized kernel): sin(pi w) = sin(pi c) cos(pi d) + cos(pi c) sin(pi d), c = k/64,
    # k = 0..32 (padded to 64 entries): sin(pi c)/pi as a double-double, cos(pi c) as a 26-bit
    # high part (exact products with a split d) plus a double low part
    shi = [float(mp.sin(mp.pi * k / 64) / mp.pi) for k in range(33)]
    slo = [float(mp.sin(mp.pi * k / 64) / mp.pi - mp.mpf(h)) for k, h in enumerate(shi)]
    chh = []
    for k in range(33):
        cv = mp.cos(mp.pi * k / 64)
        if k == 32:  # cos(pi/2) = 0 exactly
            chh.append(mp.mpf(0))
            continue
        m, ex = mp.frexp(cv)
        chh.append(mp.ldexp(mp.nint(mp.ldexp(m, 26)), ex - 26))
    clo = [float(mp.cos(mp.pi * k / 64) - h) if k < 32 else 0.0 for k, h in enumerate(chh)]
    pad = [0.0] * 31
    row("_SINC_S_HI", shi + pad, array=True)
    row("_SINC_S_LO", slo + pad, array=True)
    row("_SINC_C_HI", [float(h) for h in chh] + pad, array=True)
    row("_SINC_C_LO", clo + pad, array=True)
    kap = [float((-1) ** i * mp.pi ** (2 * i) / mp.factorial(2 * i)) for i in range(1, 5)]
    sig = [float((-1) ** i * mp.pi ** (2 * i) / mp.factorial(2 * i + 1)) for i in range(1, 4)]
    print("# cos(pi d) - 1 = sum K_i d^(2i), i = 1..4; sin(pi d)/(pi d) - 1 = sum G_i d^(2i), i = 1..3")
    print(f"_SINC_K = {tuple(kap)!r}")
    print(f"_SINC_G = {tuple(sig)!r}")
