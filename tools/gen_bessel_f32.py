"""Tables for the float32 kernels of J0, J1, Y0, Y1 (mpmath): single-piece modulus-phase tables on x >= 5
(30 digits) and 2^e mod 2 pi (100 digits).

J_nu(x) + i Y_nu(x) = M e^{i theta} (DLMF 10.18), w = x M^2 and g = x (theta - (x - (2 nu + 1) pi/4)),
both functions of s = 25/x^2 in (0, 1] (their asymptotic series run in 1/x^2), as Chebyshev interpolants
at 48 nodes in u = 2 s - 1, truncated to NW and NG terms, converted to monomials in s, highest first.
Prints the worst relative error of w and absolute error of phi = g/x in double arithmetic (Horner)
on a grid of 4001 points per table against mpmath.
"""
import mpmath as mp
from _chebfit import cheb, nodes, to_mono

mp.mp.dps = 30
N = 48
NW = 14
NG = 22


def funcs(nu, x):
    J = mp.besselj(nu, x)
    Y = mp.bessely(nu, x)
    th = mp.atan2(Y, J)
    ph = th - (x - (2 * nu + 1) * mp.pi / 4)
    ph = ph - 2 * mp.pi * mp.nint(ph / (2 * mp.pi))
    return (J * J + Y * Y) * x, ph * x


def to_s(mono_u):
    """Monomials in u = 2 s - 1 (lowest first) -> monomials in s (lowest first)."""
    out = [mp.mpf(0)] * len(mono_u)
    for i, c in enumerate(mono_u):
        for j in range(i + 1):
            out[j] += c * mp.binomial(i, j) * mp.mpf(2) ** j * (-1) ** (i - j)
    return out


def horner(c, s):
    r = 0.0
    for v in c:
        r = r * s + v
    return r


us = nodes(N)
for nu in (0, 1):
    vals = [funcs(nu, 5 / mp.sqrt((u + 1) / 2)) for u in us]
    tabs = {}
    for idx, nm, nt in ((0, "W", NW), (1, "G", NG)):
        c = cheb([v[idx] for v in vals])
        tabs[nm] = [float(v) for v in reversed(to_s(to_mono(c[:nt])))]
    ew = eg = 0
    for k in range(4001):
        s = (k + 0.5) / 4001
        x = 5 / mp.sqrt(s)
        w, g = funcs(nu, x)
        ew = max(ew, abs(horner(tabs["W"], float(s)) / w - 1))
        eg = max(eg, abs((horner(tabs["G"], float(s)) - g) / x))
    print(f"# nu={nu}: w max rel err {float(ew):.1e}, phi max abs err {float(eg):.1e}")
    for nm in ("W", "G"):
        co = tabs[nm]
        print(f"_JY{nu}_F32{nm} = (")
        for i in range(0, len(co), 4):
            print("    " + ", ".join(repr(v) for v in co[i:i + 4]) + ",")
        print(")")

# 2^e mod 2 pi, e = 0..104 (float32 arguments x = M 2^e, M < 2^24), as c0 + c1 + c2: c0 and c1 with 26
# significant bits (M c0, M c1 exact in double), c2 the rest rounded.
mp.mp.dps = 100
rows = []
for e in range(105):
    c = mp.fmod(mp.mpf(2) ** e, 2 * mp.pi)
    q = mp.mpf(2) ** (int(mp.floor(mp.log(c, 2))) - 25)
    c0 = mp.floor(c / q) * q
    q1 = q * mp.mpf(2) ** -26
    c1 = mp.floor((c - c0) / q1) * q1
    rows.append((float(c0), float(c1), float(c - c0 - c1)))
print("_TWO_E_MOD_2PI = np.array((  # 105 rows (e = 0..104) of 3")
for r in rows:
    print("    " + ", ".join(repr(v) for v in r) + ",")
print("))")
