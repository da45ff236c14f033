"""Modulus-phase tables for J0 Y0 J1 Y1 on x >= 5 (mpmath, 40 digits).

J_nu(x) + i Y_nu(x) = M e^{i theta},  w = x M^2,  phi = theta - (x - (2 nu + 1) pi/4),
as functions of t = 1/x on the eight pieces [i/40, (i+1)/40], i = 0..7 (x >= 5), each a
Chebyshev interpolant (40 nodes) in u = 2 (40 t - i) - 1, truncated to 9 terms, as monomials
in u, highest first.  Plus sin/cos of |r| <= 0.87 as polynomials in r^2.
"""
import mpmath as mp
from _chebfit import cheb, nodes, to_mono

mp.mp.dps = 40
N = 40
K = 40
NT = 9
def funcs(nu, x):
    J = mp.besselj(nu, x)
    Y = mp.bessely(nu, x)
    th = mp.atan2(Y, J)
    ph = th - (x - (2*nu+1)*mp.pi/4)
    ph = ph - 2*mp.pi*mp.nint(ph/(2*mp.pi))
    return (J*J + Y*Y) * x, ph
tabs = {}
worst = {}
for i in range(8):
    t0 = mp.mpf(i) / K
    t1 = mp.mpf(i + 1) / K
    us = nodes(N)
    ts = [t0 + (t1 - t0) * (u + 1) / 2 for u in us]
    for nu in (0, 1):
        vals = [funcs(nu, 1 / t) for t in ts]
        for idx, nm in ((0, 'W'), (1, 'PHI')):
            c = cheb([v[idx] for v in vals])
            mono = to_mono(c[:NT])
            tail = abs(c[NT]) / (abs(c[0]) if nm == 'W' else 1)
            worst[(nu, nm)] = max(worst.get((nu, nm), 0), float(tail))
            tabs.setdefault((nu, nm), []).extend(float(v) for v in reversed(mono))
for k, v in worst.items():
    print(f"# {k}: worst next coefficient {v:.1e}")
for nu in (0, 1):
    for nm in ('W', 'PHI'):
        co = tabs[(nu, nm)]
        print(f"_JY{nu}_{nm} = np.array((")
        for i in range(0, len(co), 9):
            row = co[i:i+9]
            print("    " + ", ".join(repr(v) for v in row[:5]) + ",")
            print("    " + ", ".join(repr(v) for v in row[5:]) + ",")
        print("))")
RMAX = mp.mpf('0.87')
a = 2 / RMAX**2
rows = []
for nm, f, nt in (('C', lambda r: (mp.cos(r) - 1) / r**2, 8), ('S', lambda r: (mp.sin(r) - r) / r**3, 7)):
    us = nodes(N)
    vs = [f(mp.sqrt(RMAX**2 * (u + 1) / 2)) for u in us]
    c = cheb(vs)
    print(f"# {nm}: next cheb {float(abs(c[nt]/c[0])):.1e}")
    mono = to_mono(c[:nt])
    poly = [mp.mpf(0)] * nt
    for i, ci in enumerate(mono):
        for j in range(i + 1):
            poly[j] += ci * mp.binomial(i, j) * a**j * (-1)**(i - j)
    row = [float(v) for v in reversed(poly)]
    rows.append([0.0] * (8 - nt) + row)
print("_JY_SC = np.array((")
for row in rows:
    print("    " + ", ".join(repr(v) for v in row[:4]) + ",")
    print("    " + ", ".join(repr(v) for v in row[4:]) + ",")
print("))")
