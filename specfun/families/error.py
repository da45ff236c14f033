"""Error-function family: erf erfc erfcx erfinv ndtr ndtri log_ndtr.

Sources: Sun fdlibm ``s_erf.c`` (rational approximations of erf/erfc on
[0, 0.84375], [0.84375, 1.25], [1.25, 1/0.35], [1/0.35, 28]; the erfc tail is
written as exp(-x^2) * exp(R/S - 0.5625) / x, which also gives erfcx directly);
Boost.Math erf_inv.hpp (J. Maddock 2006) rational fits for erfinv and the normal
quantile (refined by one Newton step only in the far tails); DLMF 7.12.1 for the
asymptotic series of erfcx.  x*x and x/sqrt(2) are carried as double-doubles
(Veltkamp/Dekker splitting) so that exp(-x^2) and the normal tails keep full
relative accuracy.
"""
import math

from specfun._registry import Arg, defun, helper
from specfun.families._tools import polevl

# ---------------------------------------------------------------------------
# constants (correctly rounded float64, from mpmath at 50 digits)
_SPLIT = 134217729.0                  # 2**27 + 1, Veltkamp splitter
_INV_SQRT_PI = 0.5641895835477563     # 1/sqrt(pi)
_TWO_OVER_SQRT_PI = 1.1283791670955126  # 2/sqrt(pi)
_SQRT_PI_OVER_2 = 0.886226925452758   # sqrt(pi)/2
_SQRT_2_OVER_PI = 0.7978845608028654  # sqrt(2/pi)
_SQRT_2PI = 2.5066282746310007        # sqrt(2 pi)
_S12 = 0.7071067811865476             # 1/sqrt(2), rounded
_S12_LO = -4.833646656726457e-17      # 1/sqrt(2) - _S12
_S12_HI = 0.7071067839860916          # _S12 split: 26 leading bits
_S12_HL = -2.7995440410322203e-09     # _S12 - _S12_HI

# fdlibm s_erf.c coefficients (Sun Microsystems 1993), highest degree first for polevl.
_ERX = 8.45062911510467529297e-01     # erf(1) rounded to float precision
_EFX = 1.28379167095512586316e-01     # 2/sqrt(pi) - 1
_EFX8 = 1.02703333676410069053e+00    # 8 * _EFX
# erf(x) = x + x*P(x^2)/Q(x^2) on [0, 0.84375]
_PP = (-2.37630166566501626084e-05, -5.77027029648944159157e-03, -2.84817495755985104766e-02,
       -3.25042107247001499370e-01, 1.28379167095512558561e-01)
_QQ = (-3.96022827877536812320e-06, 1.32494738004321644526e-04, 5.08130628187576562776e-03,
       6.50222499887672944485e-02, 3.97917223959155352819e-01, 1.0)
# erf(1 + s) = erx + P(s)/Q(s) on [0.84375, 1.25]
_PA = (-2.16637559486879084300e-03, 3.54783043256182359371e-02, -1.10894694282396677476e-01,
       3.18346619901161753674e-01, -3.72207876035701323847e-01, 4.14856118683748331666e-01,
       -2.36211856075265944077e-03)
_QA = (1.19844998467991074170e-02, 1.36370839120290507362e-02, 1.26171219808761642112e-01,
       7.18286544141962662868e-02, 5.40397917702171048937e-01, 1.06420880400844228286e-01, 1.0)
# log(x erfc(x) e^{x^2}) + 0.5625 = R(1/x^2)/S(1/x^2) on [1.25, 1/0.35]
_RA = (-9.81432934416914548592e+00, -8.12874355063065934246e+01, -1.84605092906711035994e+02,
       -1.62396669462573470355e+02, -6.23753324503260060396e+01, -1.05586262253232909814e+01,
       -6.93858572707181764372e-01, -9.86494403484714822705e-03)
_SA = (-6.04244152148580987438e-02, 6.57024977031928170135e+00, 1.08635005541779435134e+02,
       4.29008140027567833386e+02, 6.45387271733267880336e+02, 4.34565877475229228821e+02,
       1.37657754143519042600e+02, 1.96512716674392571292e+01, 1.0)
# ... and on [1/0.35, 28]
_RB = (-4.83519191608651397019e+02, -1.02509513161107724954e+03, -6.37566443368389627722e+02,
       -1.60636384855821916062e+02, -1.77579549177547519889e+01, -7.99283237680523006574e-01,
       -9.86494292470009928597e-03)
_SB = (-2.24409524465858183362e+01, 4.74528541206955367215e+02, 2.55305040643316442583e+03,
       3.19985821950859553908e+03, 1.53672958608443695994e+03, 3.25792512996573918826e+02,
       3.03380607434824582924e+01, 1.0)
# erfcx(x) ~ (1/(x sqrt(pi))) sum_k (-1)^k (2k-1)!!/2^k x^{-2k}  (DLMF 7.12.1), x >= 28:
# the first omitted term (k = 9) is below 1e-21 relative there.
_ASY = (7918.06640625, -1055.7421875, 162.421875, -29.53125, 6.5625, -1.875, 0.75, -0.5, 1.0)

# expm1(v) = v * E(v), E(v) = sum_(k<=12) v^k/(k+1)! (Taylor): for |v| <= 0.22 (the range of
# fdlibm's R/S) the omitted terms are below 4e-19, under exp's own rounding
_EXPM1_T = (1.6059043836821613e-10, 2.08767569878681e-09, 2.505210838544172e-08, 2.755731922398589e-07,
            2.7557319223985893e-06, 2.48015873015873e-05, 0.0001984126984126984, 0.001388888888888889,
            0.008333333333333333, 0.041666666666666664, 0.16666666666666666, 0.5,
            1.0)
# Boost.Math erf_inv.hpp (J. Maddock 2006), the 64-bit-precision rational fits (max error of the
# fits 1e-18 .. 1e-20, far below double rounding), highest degree first for polevl.
# p <= 1/2: erfinv(p) = g Y + g P(p)/Q(p), g = p (p + 10)
_BI_Y0 = 0.0891314744949340820313
_BI_P0 = (-0.00538772965071242932965, 0.00822687874676915743155, 0.0219878681111168899165,
          -0.0365637971411762664006, -0.0126926147662974029034, 0.0334806625409744615033,
          -0.00836874819741736770379, -0.000508781949658280665617)
_BI_Q0 = (0.000886216390456424707504, -0.00233393759374190016776, 0.0795283687341571680018,
          -0.0527396382340099713954, -0.71228902341542847553, 0.662328840472002992063,
          1.56221558398423026363, -1.56574558234175846809, -0.970005043303290640362, 1.0)
# 1/4 <= q = 1 - p < 1/2: erfinv = sqrt(-2 log q) / (Y + P(q - 1/4)/Q(q - 1/4))
_BI_Y1 = 2.249481201171875
_BI_P1 = (-3.67192254707729348546, 21.1294655448340526258, 17.445385985570866523,
          -44.6382324441786960818, -18.8510648058714251895, 17.6447298408374015486,
          8.37050328343119927838, 0.105264680699391713268, -0.202433508355938759655)
_BI_Q1 = (1.72114765761200282724, -22.6436933413139721736, 10.8268667355460159008,
          48.5609213108739935468, -20.1432634680485188801, -28.6608180499800029974,
          3.9713437953343869095, 6.24264124854247537712, 1.0)
# q < 1/4, s = sqrt(-log q): erfinv = Y s + s P(s - B)/Q(s - B) on [1.125.., 3), [3, 6), [6, 18), [18, 44)
_BI_Y2 = 0.807220458984375
_BI_P2 = (-0.681149956853776992068e-9, 0.285225331782217055858e-7, -0.679465575181126350155e-6,
          0.00214558995388805277169, 0.0290157910005329060432, 0.142869534408157156766,
          0.337785538912035898924, 0.387079738972604337464, 0.117030156341995252019,
          -0.163794047193317060787, -0.131102781679951906451)
_BI_Q2 = (0.01105924229346489121, 0.152264338295331783612, 0.848854343457902036425,
          2.59301921623620271374, 4.77846592945843778382, 5.38168345707006855425,
          3.46625407242567245975, 1.0)
_BI_Y3 = 0.93995571136474609375
_BI_P3 = (0.266339227425782031962e-11, -0.230404776911882601748e-9, 0.460469890584317994083e-5,
          0.000157544617424960554631, 0.00187123492819559223345, 0.00950804701325919603619,
          0.0185573306514231072324, -0.00222426529213447927281, -0.0350353787183177984712)
_BI_Q3 = (0.764675292302794483503e-4, 0.00263861676657015992959, 0.0341589143670947727934,
          0.220091105764131249824, 0.762059164553623404043, 1.3653349817554063097, 1.0)
_BI_Y4 = 0.98362827301025390625
_BI_P4 = (0.99055709973310326855e-16, -0.281128735628831791805e-13, 0.462596163522878599135e-8,
          0.449696789927706453732e-6, 0.149624783758342370182e-4, 0.000209386317487588078668,
          0.00105628862152492910091, -0.00112951438745580278863, -0.0167431005076633737133)
_BI_Q4 = (0.282243172016108031869e-6, 0.275335474764726041141e-4, 0.000964011807005165528527,
          0.0160746087093676504695, 0.138151865749083321638, 0.591429344886417493481, 1.0)
_BI_Y5 = 0.99714565277099609375
_BI_P5 = (-0.116765012397184275695e-17, 0.145596286718675035587e-11, 0.411632831190944208473e-9,
          0.396341011304801168516e-7, 0.162397777342510920873e-5, 0.254723037413027451751e-4,
          -0.779190719229053954292e-5, -0.0024978212791898131227)
_BI_Q5 = (0.509761276599778486139e-9, 0.144437756628144157666e-6, 0.145007359818232637924e-4,
          0.000690538265622684595676, 0.0169410838120975906478, 0.207123112214422517181, 1.0)

# ---------------------------------------------------------------------------
# helpers (private, but global names: prefixed _erf_ to stay unique across families)

@helper
def _erf_sq_lo(x):
    """The exact rounding error of x*x: x*x = fl(x*x) + _erf_sq_lo(x) (Dekker), |x| < 1e150."""
    c = _SPLIT * x
    hi = c - (c - x)
    lo = x - hi
    h = x * x
    return ((hi * hi - h) + 2.0 * hi * lo) + lo * lo


@helper
def _erf_small_y(z):
    """fdlibm: erf(x) = x + x*y with y = P(z)/Q(z), z = x*x, |x| < 0.84375."""
    return polevl(z, _PP) / polevl(z, _QQ)


@helper
def _erf_mid(a):
    """fdlibm: erf(a) - erx = P(a-1)/Q(a-1) on [0.84375, 1.25]."""
    s = a - 1.0
    return polevl(s, _PA) / polevl(s, _QA)


@helper
def _erf_rs(a):
    """fdlibm R/S: log(a * erfcx(a)) + 0.5625 for 1.25 <= a <= 28 (|R/S| < 0.02)."""
    s = 1.0 / (a * a)
    if a < 2.857142857142857:  # 1/0.35: the [1.25, 1/0.35] fit
        return polevl(s, _RA) / polevl(s, _SA)
    return polevl(s, _RB) / polevl(s, _SB)  # the [1/0.35, 28] fit


@helper
def _erf_erfcx_big(a):
    """erfcx(a) for a >= 1.25: exp(R/S - 0.5625)/a up to 28, the asymptotic series beyond."""
    if a < 28.0:
        rs = _erf_rs(a)
        # g = rs - 0.5625 carried as g + gl exactly (Fast2Sum, |0.5625| > |rs|), so the
        # rounding of g does not enter exp's argument: exp(g + gl) = exp(g) (1 + gl)
        g = rs - 0.5625
        gl = rs - (g + 0.5625)
        e = math.exp(g)
        return (e + e * gl) / a
    # 1/(a*a) underflows harmlessly to 0 for huge a (a*a = inf), leaving 1/(a sqrt(pi))
    u = 1.0 / (a * a)
    return (_INV_SQRT_PI / a) * polevl(u, _ASY)


@helper
def _erf_erfc_big(a, tl, sh, sl):
    """erfc(a + tl) for 1.25 <= a < 28, |tl| <= ulp(a), given (a + tl)^2 = sh + sl exactly
    where sh has at most 52 significant bits (so sh + 0.5625 is exact) and |sl| < 1e-4.

    As fdlibm: erfc(t) = exp(-(sh + 0.5625)) * exp(R/S - sl) / t; the first exp has
    an exact argument, the second a small one (|R/S| < 0.22), so both are accurate
    to their own rounding.  tl enters to first order through
    d log erfcx/dt = 2t (1 - 1/(sqrt(pi) erfcx(t) t)).  exp(-(sh + 0.5625)) is
    multiplied first and the division comes last, so subnormal results keep an
    absolute error below one subnormal spacing.
    """
    rs = _erf_rs(a)
    # exp(rs - sl) = 1 + m: keeping the 1 apart leaves a single rounding in e1 + e1 m; m from
    # a Taylor polynomial (|rs - sl| < 0.22), 3x cheaper than libm expm1
    v = rs - sl
    m = v * polevl(v, _EXPM1_T)
    if tl != 0.0:
        # 1/(sqrt(pi) a erfcx(a)) = exp(0.5625 - rs)/sqrt(pi), to ~1e-5: enough for a correction
        m = m + (1.0 + m) * (2.0 * a * tl * (1.0 - 0.9901835560139811 / (1.0 + m)))
    e1 = math.exp(-(sh + 0.5625))
    if e1 < 1e-290:
        # (nearly) subnormal: only the absolute error counts, divide last
        return (e1 + e1 * m) / a
    # e1 (1 + m) / a with the division's rounding recovered exactly (Dekker product q*a),
    # so the only roundings left are exp's and the final sum's
    # (1/a is formed off the critical path; q's own rounding is recovered by rem whatever it is)
    ia = 1.0 / a
    q = e1 * ia
    c = _SPLIT * q
    qh = c - (c - q)
    ql = q - qh
    c = _SPLIT * a
    ah = c - (c - a)
    al = a - ah
    p = q * a
    rem = (e1 - p) - (((qh * ah - p) + qh * al + ql * ah) + ql * al)
    return q + (q * m + rem * ia)


@helper
def _erf_hi(x):
    """The 26 leading bits of x (Veltkamp split), so that _erf_hi(x)**2 is exact."""
    c = _SPLIT * x
    return c - (c - x)


@helper
def _erf_q(x):
    """Upper normal tail Q(x) = erfc(x/sqrt(2))/2 for x >= 0, accurate to the last bit.

    x/sqrt(2) is formed as a double-double th + tl (1/sqrt(2) itself carried in two
    parts), so its rounding error (which would cost up to x^2/2 ulps in the tail) is
    corrected to first order on every branch.
    """
    if x > 40.0:  # Q(40) ~ 3.7e-350: below the smallest subnormal
        return 0.0
    # th + tl = x * (1/sqrt(2)) to ~2^-106 relative (Dekker product + low part of 1/sqrt(2))
    th = x * _S12
    c = _SPLIT * x
    xh = c - (c - x)
    xl = x - xh
    tl = (((xh * _S12_HI - th) + xh * _S12_HL + xl * _S12_HI) + xl * _S12_HL) + x * _S12_LO
    if th < 0.84375:
        # erfc(t) = 1 - erf(t), erf(t) = th + th*y + tl; fdlibm's rearrangement for t >= 1/4
        # keeps the cancellation exact (x - 1/2 is exact by Sterbenz)
        z = th * th
        y = _erf_small_y(z)
        # tl enters through erf'(th) = 2/sqrt(pi) exp(-z); a 5-term Taylor exp(-z) (z < 0.72,
        # error < 2e-4) is plenty for a correction of ~1 ulp
        tl = tl * _TWO_OVER_SQRT_PI * (1.0 + z * (-1.0 + z * (0.5 + z * (-0.16666666666666666 + z * (
            0.041666666666666664 - z * 0.008333333333333333)))))
        if th < 0.25:
            return 0.5 * (1.0 - (th + (th * y + tl)))
        return 0.5 * (0.5 - ((th * y + tl) + (th - 0.5)))
    if th < 1.25:
        # erfc(th) - tl * 2/sqrt(pi) exp(-th^2): the correction is ~1e-16 relative, so the
        # exp needs no care
        return 0.5 * (((1.0 - _ERX) - _erf_mid(th)) - tl * _TWO_OVER_SQRT_PI * math.exp(-th * th))
    # t^2 = x^2/2 = xh^2/2 + (xh xl + xl^2/2) exactly, xh having 26 bits
    return 0.5 * _erf_erfc_big(th, tl, 0.5 * (xh * xh), xl * (xh + 0.5 * xl))


@helper
def _erf_inv_far(q, m):
    """sqrt(m) erfinv(1 - q), m = 1 or 2, for 0 < q < 1/4 given q itself: Boost's fits
    s' (Y + R(s - B)) in s = sqrt(-log q) >= 1.177, s' = sqrt(-m log q) (m scales exactly).

    s' is carried as sh + sl, the rounding of the square root recovered from the exact
    square sh^2 (Veltkamp/Dekker), and Y + R as t + tl (Fast2Sum): the result then carries
    only log's rounding (halved by the root) and the last product's.
    """
    lm = -m * math.log(q)
    sh = math.sqrt(lm)
    c = _SPLIT * sh
    hi = c - (c - sh)
    lo = sh - hi
    p2 = sh * sh
    sl = ((lm - p2) - (((hi * hi - p2) + 2.0 * hi * lo) + lo * lo)) / (sh + sh)
    # the fits' argument s - B must carry s to ~1e-17 too (R's slope feeds its error through
    # at up to half strength): s + ds = sqrt(-log q) as a double-double
    s = sh
    ds = sl
    if m != 1.0:
        # s + ds = (sh + sl)/sqrt2: Dekker product with the split 1/sqrt2 plus the low parts
        s = sh * _S12
        ds = ((((hi * _S12_HI - s) + hi * _S12_HL) + lo * _S12_HI) + lo * _S12_HL) + (
            sh * _S12_LO + sl * _S12)
    if s < 3.0:
        r = (s - 1.125) + ds
        y = _BI_Y2
        rr = polevl(r, _BI_P2) / polevl(r, _BI_Q2)
    elif s < 6.0:
        r = (s - 3.0) + ds
        y = _BI_Y3
        rr = polevl(r, _BI_P3) / polevl(r, _BI_Q3)
    elif s < 18.0:
        r = (s - 6.0) + ds
        y = _BI_Y4
        rr = polevl(r, _BI_P4) / polevl(r, _BI_Q4)
    else:  # s <= 27.3 for any positive double q
        r = (s - 18.0) + ds
        y = _BI_Y5
        rr = polevl(r, _BI_P5) / polevl(r, _BI_Q5)
    t = y + rr
    tl = (y - t) + rr  # exact: y > |rr|
    # sh t = ph + pl exactly (Dekker), so the result is rounded once
    ph = sh * t
    c = _SPLIT * t
    thi = c - (c - t)
    tlo = t - thi
    pl = ((hi * thi - ph) + hi * tlo + lo * thi) + lo * tlo
    return ph + (pl + (sh * tl + sl * t))


@helper
def _erf_inv_mid(q, m):
    """sqrt(m) erfinv(1 - q), m = 1 or 2, for 1/4 <= q <= 1/2: Boost's sqrt(-2 log q) / (Y + R)."""
    r = q - 0.25
    rr = polevl(r, _BI_P1) / polevl(r, _BI_Q1)
    d = _BI_Y1 + rr
    dl = (_BI_Y1 - d) + rr  # the rounding of Y + R, exact (Fast2Sum, Y > |R|)
    # g = sqrt(-2 m log q) = gh + gl: the root's rounding recovered from the exact square
    lm = -2.0 * m * math.log(q)
    gh = math.sqrt(lm)
    c = _SPLIT * gh
    hi = c - (c - gh)
    lo = gh - hi
    p2 = gh * gh
    gl = ((lm - p2) - (((hi * hi - p2) + 2.0 * hi * lo) + lo * lo)) / (gh + gh)
    # (gh + gl)/(d + dl) = t + (gh - t d + gl - t dl)/d with gh - t d exact (Dekker): the
    # division's rounding is recovered too, leaving log's (halved) and the final sum's
    t = gh / d
    c = _SPLIT * t
    thi = c - (c - t)
    tlo = t - thi
    c = _SPLIT * d
    dhi = c - (c - d)
    dlo = d - dhi
    pd = t * d
    rem = (gh - pd) - (((thi * dhi - pd) + thi * dlo + tlo * dhi) + tlo * dlo)
    return t + (rem + gl - t * dl) * (1.0 / d)


@helper
def _erf_inv_pq(p, q):
    """erfinv(p) for 0 <= p < 1 given q = 1 - p exactly (Boost's three regimes, no refinement:
    the fits are 1e-18 accurate, so only the few roundings of the evaluation remain)."""
    if p <= 0.5:
        # p (p + 10)(Y + R) = p (10 Y) + p (p Y + (p + 10) R): 10 Y is exact, and the second
        # term is < 7% of the sum, so its roundings enter damped
        r = polevl(p, _BI_P0) / polevl(p, _BI_Q0)
        # p (10 Y) = h + l exactly (10 Y has 27 bits: Dekker with p split), one rounding left
        h = p * 0.891314744949340820313
        c = _SPLIT * p
        ph = c - (c - p)
        pl = p - ph
        l = (ph * 0.891314744949340820313 - h) + pl * 0.891314744949340820313
        return h + (l + p * (p * _BI_Y0 + (p + 10.0) * r))
    if q >= 0.25:
        return _erf_inv_mid(q, 1.0)
    return _erf_inv_far(q, 1.0)


@helper
def _erf_ndtri_pq(p, q):
    """sqrt(2) erfinv(p) for 0 <= p < 1 given q = 1 - p exactly: as _erf_inv_pq with sqrt(2)
    folded into the leading constants (10 sqrt(2) Y carried as two doubles)."""
    if p <= 0.5:
        r = polevl(p, _BI_P0) / polevl(p, _BI_Q0)
        # p C = h + l exactly, C = 10 sqrt2 Y = 1.2605094015598297 - 9.093557018502452e-10
        # (+ -1.0075e-16) split in 26-bit parts (Dekker), so one rounding is left
        h = p * 1.260509400650474
        c = _SPLIT * p
        ph = c - (c - p)
        pl = p - ph
        l = (((ph * 1.2605094015598297 - h) + ph * -9.093557018502452e-10) + pl * 1.2605094015598297) + (
            pl * -9.093557018502452e-10)
        return h + (l + p * (-1.0075313570188824e-16 + 1.4142135623730951 * (
            p * _BI_Y0 + (p + 10.0) * r)))
    if q >= 0.25:
        return _erf_inv_mid(q, 2.0)
    return _erf_inv_far(q, 2.0)


# ---------------------------------------------------------------------------
# erf, erfc, erfcx

@defun(
    "erf",
    sigs=("f->f", "d->d"),
    args=(Arg("x"),),
    grad={"x": lambda ns, x, out: _TWO_OVER_SQRT_PI * ns.exp(-x * x)},
    doc=r"""
    Error function.

    .. math:: \operatorname{erf}(x) = \frac{2}{\sqrt\pi}\int_0^x e^{-t^2}\,dt

    Odd, with ``erf(±0) = ±0`` and ``erf(±inf) = ±1``.  fdlibm's rational
    approximations; beyond 1.25 computed as ``1 - erfc(|x|)``.

    Examples
    --------
    >>> import specfun
    >>> float(specfun.erf(0.5))
    0.5204998778130465
    """,
)
def erf(x):
    """fdlibm s_erf.c algorithm (Sun 1993)."""
    if x != x:
        return x
    a = abs(x)
    if a < 0.84375:
        if a < 3.725290298461914e-09:  # 2**-28: erf(x) = x(1 + efx) to full precision
            if a < 1e-300:
                # scale up first so x*efx does not lose bits in the subnormal range
                return 0.125 * (8.0 * x + _EFX8 * x)
            return x + _EFX * x
        return x + x * _erf_small_y(x * x)
    if a < 1.25:
        # erf = erx + P/Q, erx being erf(1) to 24 bits: the sum is nearly exact
        return math.copysign(_ERX + _erf_mid(a), x)
    if a < 6.0:
        # 1 - erfc(a), erfc(a) <= 0.08 so the subtraction loses nothing
        # erfc(a) = exp(-a^2 - 0.5625 + R/S)/a <= 0.077 enters 1 - erfc damped 13x or more, so
        # one exp of the rounded argument (relative error <= ulp(a^2), times erfc(a) < 2^-60
        # at the worst point) is enough
        return math.copysign(1.0 - math.exp((_erf_rs(a) - 0.5625) - a * a) / a, x)
    # erfc(6) = 2e-17 < ulp(1)/2: erf rounds to ±1 (inf included)
    return math.copysign(1.0, x)


@defun(
    "erfc",
    sigs=("f->f", "d->d"),
    args=(Arg("x"),),
    grad={"x": lambda ns, x, out: -_TWO_OVER_SQRT_PI * ns.exp(-x * x)},
    doc=r"""
    Complementary error function, :math:`1 - \operatorname{erf}(x)`.

    Accurate in the right tail down to the subnormal range (``erfc(26.65)`` is
    about 6.5e-311, not 0); ``erfc(inf) = 0``, ``erfc(-inf) = 2``.

    Examples
    --------
    >>> import specfun
    >>> float(specfun.erfc(0.5))
    0.4795001221869535
    """,
)
def erfc(x):
    """fdlibm s_erf.c algorithm, with exp(-x^2) from the exact double-double square."""
    if x != x:
        return x
    a = abs(x)
    if a < 0.84375:
        y = _erf_small_y(x * x)
        if x < 0.25:
            # 1 - erf(x): erf(x) < 0.28 here, so no cancellation worth the name
            return 1.0 - (x + x * y)
        # 1/2 - (x y + (x - 1/2)): x - 1/2 is exact, the only cancellation is exact
        return 0.5 - (x * y + (x - 0.5))
    if a < 1.25:
        if x > 0.0:
            return (1.0 - _ERX) - _erf_mid(a)
        return 1.0 + (_ERX + _erf_mid(a))
    if x > 0.0:
        if x >= 28.0:  # erfc(27.3) is already below the smallest subnormal
            return 0.0
        z = _erf_hi(a)  # a^2 = z^2 + (a - z)(a + z), z^2 exact (fdlibm's truncated z)
        return _erf_erfc_big(a, 0.0, z * z, (a - z) * (a + z))
    if a >= 6.0:  # erfc(-6) = 2 - 2e-17 rounds to 2 (also -inf)
        return 2.0
    # 2 - erfc(a), erfc(a) < 0.08 damped 25x: one exp of the rounded argument suffices (as erf)
    return 2.0 - math.exp((_erf_rs(a) - 0.5625) - a * a) / a


@defun(
    "erfcx",
    sigs=("f->f", "d->d"),
    args=(Arg("x"),),
    grad={"x": lambda ns, x, out: 2.0 * x * out - _TWO_OVER_SQRT_PI},
    doc=r"""
    Scaled complementary error function, :math:`e^{x^2}\operatorname{erfc}(x)`.

    Behaves like :math:`1/(x\sqrt\pi)` for large positive :math:`x` and
    overflows to ``inf`` for :math:`x < -26.7`; accurate for negative
    :math:`x` as well (:math:`e^{x^2}` is formed from the exact square).

    Examples
    --------
    >>> import specfun
    >>> float(specfun.erfcx(0.0))
    1.0
    """,
)
def erfcx(x):
    """fdlibm's erfc tail R/S gives erfcx = exp(R/S - 0.5625)/x directly; DLMF 7.12.1 beyond 28."""
    if x != x:
        return x
    if x >= 1.25:
        return _erf_erfcx_big(x)
    if x < -26.65:  # 2 exp(x^2) > DBL_MAX
        return math.inf
    # exp(x^2) = exp(h) (1 + l) with x^2 = h + l exactly
    ex2 = math.exp(x * x)
    if ex2 == math.inf:  # x^2 > log(DBL_MAX) (|x| > 26.6417): inf, not inf - inf from the correction
        return math.inf
    ex2 = ex2 + ex2 * _erf_sq_lo(x)
    a = abs(x)
    if a < 0.84375:
        y = _erf_small_y(x * x)
        if x < 0.25:
            # erfc(x) = 1 - erf(x); for x < 0 this is 1 + erf(|x|), no cancellation
            return ex2 * (1.0 - (x + x * y))
        return ex2 * (0.5 - (x * y + (x - 0.5)))
    if x > 0.0:
        return ex2 * ((1.0 - _ERX) - _erf_mid(a))
    # x <= -0.84375: erfcx(x) = 2 exp(x^2) - erfcx(-x); 2 exp(x^2) >= 4 > 2 erfcx(-x):
    # at most one bit of cancellation
    if a < 1.25:
        return ex2 * (1.0 + (_ERX + _erf_mid(a)))
    return 2.0 * ex2 - _erf_erfcx_big(a)


# ---------------------------------------------------------------------------
# normal distribution

@defun(
    "ndtr",
    sigs=("f->f", "d->d"),
    args=(Arg("x"),),
    grad={"x": lambda ns, x, out: 0.3989422804014327 * ns.exp(-0.5 * x * x)},
    doc=r"""
    Standard normal cumulative distribution function.

    .. math:: \Phi(x) = \tfrac12\operatorname{erfc}(-x/\sqrt2)

    Relative accuracy is kept in the left tail down to the subnormal range
    (``ndtr(-38)`` is about 2.9e-318): :math:`x/\sqrt2` is carried as a
    double-double, and :math:`e^{-x^2/2}` is formed from the exact square.

    Examples
    --------
    >>> import specfun
    >>> float(specfun.ndtr(0.0))
    0.5
    """,
)
def ndtr(x):
    """Phi(x) = Q(-x) for x < 0, 1 - Q(x) for x >= 0 (Q <= 1/2: no cancellation)."""
    if x != x:
        return x
    if x < 0.0:
        return _erf_q(-x)
    if x >= 8.3:  # Q(8.3) = 5.2e-17 < 2^-54: 1 - Q rounds to 1 (inf included)
        return 1.0
    if x >= 1.7677669529663689:  # x/sqrt2 >= 1.25: Q(x) < 0.04 enters 1 - Q damped 25x or more,
        # so one exp of the rounded argument -x^2/2 - 0.5625 + R/S (as erf) is accurate enough
        t = x * _S12
        return 1.0 - math.exp((_erf_rs(t) - 0.5625) - 0.5 * (x * x)) / (t + t)
    return 1.0 - _erf_q(x)


@defun(
    "log_ndtr",
    sigs=("f->f", "d->d"),
    args=(Arg("x"),),
    grad={"x": lambda ns, x, out: ns.where(
        x < 0.0,
        # left tail: phi/Phi = sqrt(2/pi) / erfcx(-x/sqrt2) -> -x, never 0/0
        _SQRT_2_OVER_PI / ns.erfcx(-_S12 * ns.minimum(x, 0.0)),
        0.3989422804014327 * ns.exp(-0.5 * x * x - out))},
    doc=r"""
    Logarithm of the standard normal cumulative distribution function.

    .. math:: \log\Phi(x)

    Finite far into the left tail (``log_ndtr(-40)`` is about -804.6) and
    nonzero in the right tail (``log_ndtr(10)`` is about -7.6e-24).

    Examples
    --------
    >>> import specfun
    >>> float(specfun.log_ndtr(0.0))
    -0.6931471805599453
    """,
)
def log_ndtr(x):
    """log(1 - Q(x)) for x > 0, log Q(-x) where Q is normal, -x^2/2 + log(erfcx/2) beyond."""
    if x != x:
        return x
    if x > 0.0:
        q = _erf_q(x)
        if x >= 8.3:
            # Q < 5.2e-17: log(1 - Q) = -Q - Q^2/2 to far below an ulp, no log1p call
            return -(q + 0.5 * q * q) + 0.0  # +0.0: log_ndtr(inf) = +0
        # log1p(-Q) ~ -Q keeps the tiny right tail
        return math.log1p(-q)
    if x > -20.0:
        # Q(-x) >= 2.7e-89 is normal and accurate: the log adds a rounding only
        return math.log(_erf_q(-x))
    if x == -math.inf:
        return x
    # log Phi(x) = -x^2/2 + log(erfcx(t)/2), t = -x/sqrt(2) >= 14: x^2 is split exactly,
    # and the rounding of t perturbs log erfcx(t) only by ~|dt|/t (negligible here).
    a = -x
    t = a * _S12
    h = a * a
    if a >= 1e150:
        return -0.5 * h  # -inf only where -x^2/2 itself overflows
    l = _erf_sq_lo(a)
    if t < 28.0:
        lg = (_erf_rs(t) - 0.5625) - math.log(2.0 * t)
    else:
        lg = math.log(0.5 * _erf_erfcx_big(t))
    return -0.5 * h + (lg - 0.5 * l)


@defun(
    "ndtri",
    sigs=("f->f", "d->d"),
    args=(Arg("p", lo=0.0, hi=1.0),),
    grad={"p": lambda ns, p, out: _SQRT_2PI * ns.exp(0.5 * out * out)},
    doc=r"""
    Inverse of :func:`ndtr`: the standard normal quantile :math:`\Phi^{-1}(p)`.

    ``ndtri(0) = -inf``, ``ndtri(1) = inf``, nan outside ``[0, 1]``; accurate
    down to the smallest subnormal ``p``.  Boost.Math's ``erf_inv`` rational fits
    evaluated with double-double corrections; one Newton step on the accurate tail
    :math:`Q` only where ``min(p, 1 - p) < 1e-3``.

    Examples
    --------
    >>> import specfun
    >>> float(specfun.ndtri(0.5))
    0.0
    """,
)
def ndtri(p):
    """Phi^{-1}(p) = -sqrt(2) erfinv(1 - 2 pp) on the lower half pp = min(p, 1 - p) (Boost fits)."""
    if not (p > 0.0 and p < 1.0):
        if p == 0.0:
            return -math.inf
        if p == 1.0:
            return math.inf
        return math.nan
    # ndtri(p) = -ndtri(1 - p); 1 - p is exact for p >= 1/2 (Sterbenz)
    sgn = -1.0
    pp = p
    if p > 0.5:
        sgn = 1.0
        pp = 1.0 - p
    # ndtri(pp) = -sqrt2 erfinv(1 - q), q = 2 pp exact; 1 - q is exact too where it is used
    # (q >= 1/2), and q itself feeds the tail fits, so subnormal pp keeps full accuracy
    q = pp + pp
    z = _erf_ndtri_pq(1.0 - q, q)
    if pp < 1e-3:
        # far tails: the fits land within ~1 ulp; one Newton step on the accurate tail Q
        # (the inverse damps Q's error by 1/z^2 there) brings it to ~0.5 ulp
        if z < 37.0:
            z = z + (_erf_q(z) - pp) / (math.exp(-0.5 * z * z) * 0.3989422804014327)
        else:
            # pp < 1e-297, possibly subnormal (few bits): Newton on log Q(z) = log pp, with
            # log Q from log_ndtr's exact-square form and d log Q/dz = -1/M(z), M = Q/phi the
            # Mills ratio (1/z)(1 - 1/z^2 + 3/z^4) (DLMF 7.12.1; ample for a correction)
            u = 1.0 / (z * z)
            z = z + (log_ndtr(-z) - math.log(pp)) * (1.0 + u * (-1.0 + 3.0 * u)) / z
    return sgn * z + 0.0  # +0.0: ndtri(1/2) = +0


@defun(
    "erfinv",
    sigs=("f->f", "d->d"),
    args=(Arg("x", lo=-1.0, hi=1.0),),
    grad={"x": lambda ns, x, out: _SQRT_PI_OVER_2 * ns.exp(out * out)},
    doc=r"""
    Inverse error function: :math:`y` with :math:`\operatorname{erf}(y) = x`.

    ``erfinv(±1) = ±inf``, nan for :math:`|x| > 1`, odd.  Boost.Math's
    ``erf_inv`` rational fits (Maddock 2006) evaluated with double-double
    corrections; one Newton step on erfc only where :math:`1 - |x| < 10^{-2}`.

    Examples
    --------
    >>> import specfun
    >>> float(specfun.erfinv(0.5))
    0.4769362762044699
    """,
)
def erfinv(x):
    """Boost's erf_inv rational fits (Maddock 2006), evaluated without refinement."""
    a = abs(x)
    if not (a < 1.0):
        if a == 1.0:
            return math.copysign(math.inf, x)
        return math.nan
    if a < 1e-8:
        # erfinv(x) = sqrt(pi)/2 x (1 + pi x^2/12 + ...): the next term is < 1e-16 relative
        return _SQRT_PI_OVER_2 * x
    # 1 - a is exact for a >= 1/2, the only place it is used
    c = 1.0 - a
    y = _erf_inv_pq(a, c)
    if c < 1e-2:
        # far tail: the fit lands within ~1 ulp; one Newton step on erfc(y) = c (erfc is
        # relative-accurate, and the inverse damps its error by 1/(2 y^2)) gives ~0.5 ulp
        y = y + (erfc(y) - c) * _SQRT_PI_OVER_2 * math.exp(y * y)
    return math.copysign(y, x)
