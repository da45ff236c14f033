"""Tables of specfun/families/_laguerre_asy.py: the Liouville-Green (Milne amplitude-phase) expansion of
the Laguerre polynomial in t = x/nu, w = 1/s^2 (nu = 4n + 2, s = sqrt(nu x)):

    L_n(x) = e^{x/2} (4/(pi^2 x (nu - x)))^{1/4} M(t, w) cos(theta - pi/4),
    theta = s G_0(t) + sum_{k>=1} s^{1-2k} G_k(t),   M = 1 + sum_{k>=1} w^k M_k(t).

W = e^{-x/2} sqrt(x) L_n(x) solves W_tt + (nu^2 (1 - t)/(4t) + 1/(4t^2)) W = 0; its phase derivative
y = theta_t solves y^2 = Q + (3/4)(y'/y)^2 - (1/2) y''/y, expanded as y = nu t^{-1/2} sum_k w^k a_k(t)
with a_0 = sqrt(1 - t)/2 (power series in t, computed here in 60-digit arithmetic).  The constants
(phase -pi/4, amplitude 1/sqrt(pi), no constant in the antiderivatives) come from matching Hilb's
limit e^{-x/2} L_n(x) -> J_0(sqrt(nu x)) as t -> 0: G_k(0), M_k(0) are Hankel's coefficients of J_0's
phase and modulus (DLMF 10.18.17-18), -1/8, 25/384, -1073/5120, ... .
Run: .venv/bin/python tools/gen_laguerre_asy.py  (prints the tables; N0, S0, X_ACC below)
"""
import textwrap

import mpmath as mp

mp.mp.dps = 60
N = 48          # t-degree of the series
K = 13          # w-degree
N0 = 2000       # smallest degree served (t <= X_ACC/(4 N0 + 2))
S0 = 25.0       # s = sqrt(nu x) >= S0 on the expansion (Tricomi's series below)
X_ACC = 1500.0  # x above this: only the sign is needed (the value overflows)
TOL = 2e-18     # absolute truncation error allowed per dropped term (phase in radians, amplitude relative)


def _z():
    return [mp.mpf(0)] * (N + 1)


def _mul(a, b):
    r = _z()
    for i, ai in enumerate(a):
        if ai:
            for j in range(N + 1 - i):
                r[i + j] += ai * b[j]
    return r


def _inv(a):
    r = _z()
    r[0] = 1 / a[0]
    for m in range(1, N + 1):
        r[m] = -sum(a[j] * r[m - j] for j in range(1, m + 1)) / a[0]
    return r


def _add(a, b, c=1):
    return [x + c * y for x, y in zip(a, b)]


def _bmul(X, Y, k):
    r = [_z() for _ in range(k)]
    for i in range(k):
        for j in range(k - i):
            r[i + j] = _add(r[i + j], _mul(X[i], Y[j]))
    return r


def _binv(X, k):
    i0 = _inv(X[0])
    r = [i0] + [_z() for _ in range(k - 1)]
    for m in range(1, k):
        acc = _z()
        for j in range(1, m + 1):
            acc = _add(acc, _mul(X[j], r[m - j]))
        r[m] = [-v for v in _mul(acc, i0)]
    return r


def series():
    half = mp.mpf(1) / 2
    a0 = [mp.binomial(half, j) * (-1) ** j / 2 for j in range(N + 1)]
    a = [a0]
    for m in range(1, K + 1):
        # t P'/P and t^2 P''/P as series in w (P = t^{-1/2} sum w^k a_k, w = 1/(nu^2 t))
        B = [_add([(-half - k) * v for v in a[k]], [i * a[k][i] for i in range(N + 1)]) for k in range(m)]
        C = [[(-half - k) * (-half - 1 - k) * a[k][i] + 2 * (-half - k) * i * a[k][i] + i * (i - 1) * a[k][i]
              for i in range(N + 1)] for k in range(m)]
        Ai = _binv(a[:m], m)
        BA = _bmul(B, Ai, m)
        BA2 = _bmul(BA, BA, m)
        CA = _bmul(C, Ai, m)
        rhs = _add([mp.mpf(3) / 4 * v for v in BA2[m - 1]], [-half * v for v in CA[m - 1]])
        if m == 1:
            rhs[0] += mp.mpf(1) / 4
        for i in range(1, m):
            rhs = _add(rhs, _mul(a[i], a[m - i]), -1)
        a.append(_mul(rhs, _inv([2 * v for v in a0])))
    G = [[a[k][j] / (j + half - k) for j in range(N + 1)] for k in range(K + 1)]
    R = [_mul(a[k], _inv(a0)) for k in range(K + 1)]
    X = [_z()] + R[1:]
    one = [mp.mpf(1)] + [mp.mpf(0)] * N
    M = [one] + [_z() for _ in range(K)]
    Xp = [one] + [_z() for _ in range(K)]
    for j in range(1, K + 1):
        Xp = _bmul(Xp, X, K + 1)
        c = mp.binomial(-half, j)
        M = [_add(M[i], [c * v for v in Xp[i]]) for i in range(K + 1)]
    return G, M


def degrees(T, e):
    nu = 4 * N0 + 2
    tmax = X_ACC / nu
    ts = [tmax * 10 ** (-12 * i / 400.0) for i in range(401)] + [0.0]
    out = []
    for k in range(1, len(T)):
        deg = -1
        for j in range(len(T[k])):
            mx = max(abs(T[k][j]) * t ** j * max(S0, nu * t ** 0.5) ** (e - 2 * k) for t in ts)
            if mx > TOL:
                deg = j
        out.append(deg)
    return out


def main():
    G, M = series()
    nu = 4 * N0 + 2
    tmax = X_ACC / nu
    d0 = max(j for j in range(N + 1) if abs(G[0][j]) * X_ACC * tmax ** (j - 0.5) > TOL)
    fmt = lambda v: repr(float(v))
    def tup(name, coefs, src):
        body = textwrap.fill(", ".join(fmt(c) for c in reversed(coefs)) + ",", 100,
                             initial_indent="    ", subsequent_indent="    ")
        print(f"# {src}\n{name} = (\n{body}\n)")
    c1 = G[0][1]
    c2 = G[0][2]
    print(f"_G0_C1_HI, _G0_C1_LO = {fmt(c1)}, {fmt(c1 - mp.mpf(float(c1)))}")
    print(f"_G0_C2_HI, _G0_C2_LO = {fmt(c2)}, {fmt(c2 - mp.mpf(float(c2)))}")
    tup("_G0_REST", G[0][3:d0 + 1], f"G_0(t) coefficients t^3..t^{d0}, shifted (G_0 = 1 + c1 t + c2 t^2 + t^3 R(t))")
    gd = degrees(G, 1)
    md = degrees(M, 0)
    for k, dg in enumerate(gd, 1):
        if dg >= 0:
            tup(f"_G{k}", G[k][:dg + 1], f"G_{k}(t), degree {dg}")
    for k, dg in enumerate(md, 1):
        if dg >= 0:
            tup(f"_M{k}", M[k][:dg + 1], f"M_{k}(t), degree {dg}")


if __name__ == "__main__":
    main()
