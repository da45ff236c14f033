"""Regenerate the tables of specfun/families/elementary.py (mpmath, 50 digits).

log: Tang's table-driven method (P. T. P. Tang, "Table-driven implementation of the
logarithm function in IEEE floating-point arithmetic", ACM TOMS 16 (1990) 378-400), in the
division-free form: m in [0.706, 1.412) falls in one of 256 intervals read from its bits,
c is the interval's midpoint (1 for the one around 1); invc = 1/c rounded to 24 significant
bits (so m*invc is exact after one split of m), and log(1/invc) stored as hi (on the 2**-32
grid, so k*ln2_hi + hi is exact) + lo.
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
    # log: u = 2**k m, m = bits(ix - k<<52) in [0.7060546875, 1.412109375) with k from the
    # bits of u minus OFF = bits(0.7060546875); the table index i = bits 44..51 of ix - OFF
    # (integer ops only).  Interval i holds the m whose bit patterns lie in
    # [OFF + i 2**44, OFF + (i+1) 2**44): width 2**-9 below 1 and 2**-8 above; OFF puts m = 1
    # at the centre of interval 150 (c = 1, invc = 1: log u near 1 keeps its relative accuracy).
    # invc = 1/c to 24 bits for the interval's midpoint c; log(1/invc) = hi + lo with hi on the
    # 2**-32 grid (Tang): k*ln2_hi + hi is then exact (both multiples of 2**-32, below 2**10)
    import struct

    def bits_f64(i):
        return mp.mpf(struct.unpack("<d", struct.pack("<q", i))[0])

    off = 0x3FE6980000000000
    invc = []
    rmax = 0
    for i in range(256):
        lo_m, hi_m = bits_f64(off + i * 2**44), bits_f64(off + (i + 1) * 2**44)
        c = mp.mpf(1) if lo_m < 1 < hi_m else (lo_m + hi_m) / 2
        ic = mp.mpf(1) if c == 1 else r24(1 / c)
        invc.append(ic)
        rmax = max(rmax, abs(lo_m * ic - 1), abs(hi_m * ic - 1))
    lhi = [mp.nint(-mp.log(c) * 2**32) / 2**32 for c in invc]
    llo = [float(-mp.log(c) - h) for c, h in zip(invc, lhi)]
    print("# i = 0..255 (bits 44..51 of ix - OFF): invc = 1/c to 24 bits; log(1/invc) = _LOG_C_HI (2**-32 grid)"
          " + _LOG_C_LO")
    row("_LOG_INVC", invc, array=True)
    row("_LOG_C_HI", lhi, array=True)
    row("_LOG_C_LO", llo, array=True)
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
