"""erf on [1/2, 6) as pieces in x itself (specfun/families/error.py _ERF_TAB): Chebyshev interpolants
of degree DEG at 50 digits (mpmath), as monomials in t = x - c, c the piece's centre; tiers of
steps 1/16 on [1/2, 3), 1/8 on [3, 6) (64 rows).  Row: (c, c0_hi, c0_lo, c1_hi, c1_lo,
c2..c_DEG).  Prints the rows and the max abs error of the rounded pieces (exact rational evaluation
of the doubles at 40 points a piece).  Run from the repository root: python tools/gen_erf_mid.py
"""
import mpmath as mp
from _chebfit import cheb, nodes, to_mono

mp.mp.dps = 50
DEG = 9


def centres():
    out = []
    for lo, hi, h in ((0.5, 3.0, 1 / 16), (3.0, 6.0, 1 / 8)):
        n = round((hi - lo) / h)
        out += [(lo + (k + 0.5) * h, h) for k in range(n)]
    return out


def main():
    rows = []
    worst = 0
    for c, h in centres():
        c = mp.mpf(c)
        hw = mp.mpf(h) / 2
        xs = nodes(DEG + 1)
        vals = [mp.erf(c + hw * x) for x in xs]
        mono = to_mono(cheb(vals))  # in u = t / hw, lowest first
        coef = [mono[j] / hw ** j for j in range(DEG + 1)]
        c0h = float(coef[0])
        c0l = float(coef[0] - c0h)
        c1h = float(coef[1])
        c1l = float(coef[1] - c1h)
        row = [float(c), c0h, c0l, c1h, c1l] + [float(v) for v in coef[2:]]
        rows.append(row)
        dd = [mp.mpf(c0h) + mp.mpf(c0l), mp.mpf(c1h) + mp.mpf(c1l)] + [mp.mpf(v) for v in row[5:]]
        for k in range(41):
            t = hw * (2 * mp.mpf(k) / 40 - 1)
            v = mp.fsum(dd[j] * t ** j for j in range(DEG + 1))
            worst = max(worst, abs(v - mp.erf(c + t)))
    print(f"# max abs err of the rounded pieces {float(worst):.3g}, {len(rows)} rows")
    for r in rows:
        print("    " + ", ".join(repr(v) for v in r) + ",")


if __name__ == "__main__":
    main()
