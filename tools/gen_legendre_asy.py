"""Generate the tables of the large-degree Legendre path in specfun/families/orthopoly.py
(run by hand, prints Python).

* sin(j/256), cos(j/256), j = 0..402, as double-doubles (the dd sine/cosine of a reduced
  argument |u| <= pi/4: table point plus a short Taylor series);
* pi/4 in three doubles (Cody-Waite style reduction of the phase (n + 1/2) theta - pi/4);
* sqrt(2/pi) as a double-double;
* G(z) = sqrt(z) Gamma(z + 1/4)/Gamma(z + 3/4), z = n + 3/4, as 1 + sum g_j z^(-2j): the
  exponential of the Bernoulli-polynomial series of log Gamma(z+a)/Gamma(z+b)
  (DLMF 5.11.13: only odd B_{k+1}(1/4) survive since B_k(3/4) = (-1)^k B_k(1/4)).

The expansion itself is Stieltjes' (Szego, Orthogonal Polynomials, Thm 8.21.5, eq. 8.21.14),
P_n(cos t) = (4/pi) (2n)!!/(2n+1)!! sum_m h_m cos((n+m+1/2)t - (m+1/2)pi/2)/(2 sin t)^(m+1/2),
h_m = ((1/2)_m)^2 / (m! (n+3/2)_m); its coefficients are formed in the kernel by recurrence.

Usage: python tools/gen_legendre_asy.py > /tmp/legendre_tables.py
"""
import mpmath as mp

mp.mp.prec = 300


def dd(v):
    hi = float(v)
    lo = float(v - mp.mpf(hi))
    return hi, lo


def tup(name, vals, per=4):
    print(f"{name} = (")
    for i in range(0, len(vals), per):
        print("    " + " ".join(repr(v) + "," for v in vals[i:i + per]))
    print(")")


def main():
    sh, sl, ch, cl = [], [], [], []
    for j in range(403):
        a, b = dd(mp.sin(mp.mpf(j) / 256))
        c, d = dd(mp.cos(mp.mpf(j) / 256))
        sh.append(a)
        sl.append(b)
        ch.append(c)
        cl.append(d)
    print("# sin(j/256), cos(j/256), j = 0..402, double-double (mpmath, 300 bits; tools/gen_legendre_asy.py)")
    tup("_SIN256_HI", sh)
    tup("_SIN256_LO", sl)
    tup("_COS256_HI", ch)
    tup("_COS256_LO", cl)
    q = mp.pi / 4
    p1 = float(q)
    p2 = float(q - p1)
    p3 = float(q - p1 - p2)
    print(f"_PIO4_1 = {p1!r}\n_PIO4_2 = {p2!r}\n_PIO4_3 = {p3!r}   # pi/4 = sum of three doubles")
    a, b = dd(mp.sqrt(2 / mp.pi))
    print(f"_SQ2PI_HI = {a!r}\n_SQ2PI_LO = {b!r}   # sqrt(2/pi)")
    # log G(z) = sum_{k even >= 2} -2 B_{k+1}(1/4) / (k (k+1) z^k) = sum_j d_j u^j, u = z^-2
    J = 12
    d = [mp.mpf(0)] + [-2 * mp.bernpoly(2 * j + 1, mp.mpf(1) / 4) / ((2 * j) * (2 * j + 1)) for j in range(1, J)]
    # exp of the series: e_0 = 1, j e_j = sum_{i=1..j} i d_i e_{j-i}
    e = [mp.mpf(1)]
    for j in range(1, J):
        e.append(mp.fsum(i * d[i] * e[j - i] for i in range(1, j + 1)) / j)
    # check at z = 20.75
    z = mp.mpf(20.75)
    g = mp.sqrt(z) * mp.gamma(z + mp.mpf(1) / 4) / mp.gamma(z + mp.mpf(3) / 4)
    for m in range(2, J):
        s = mp.fsum(e[j] * z ** (-2 * j) for j in range(m))
        print(f"# {m} terms: rel err at z = 20.75: {mp.nstr(abs(s - g) / g, 3)}")
    print("# G(z) - 1 = sum g_j u^j, u = z^-2, highest first for polevl (DLMF 5.11.13 exponentiated)")
    tup("_LEG_G", [float(v) for v in reversed(e[1:8])])


main()
