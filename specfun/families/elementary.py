"""Elementary family: exp2 expm1 log1p expit logit sinc entr xlogy xlog1py round.

Sources: IEEE-754 error-free transformations (Dekker 1971, Knuth's TwoSum) for
the compensated steps; torch.special's documentation for special values.
"""
import math

import numpy as np

from specfun._registry import NONDIFF, Arg, defun, helper
from specfun.families._constants import LN2, PI
from specfun.families._tools import polevl


@helper
def _rint(x):
    """Round half to even (IEEE roundTiesToEven), exact for every float64.

    For |x| < 2**52, adding and removing 2**52 leaves the integer the current
    rounding mode (to nearest, ties to even) picks; the sign goes back on so
    -0.3 gives -0.0.  Larger magnitudes, inf and nan are already their own rint.
    """
    a = abs(x)
    if a < 4503599627370496.0:
        return math.copysign((a + 4503599627370496.0) - 4503599627370496.0, x)
    return x


# Taylor coefficients of sin(pi r)/(pi r) and cos(pi r)/pi in t = r*r, highest first
# ((-1)^k pi^(2k)/(2k+1)! and (-1)^k pi^(2k-1)/(2k)!, DLMF 4.19.1-2; computed with mpmath).
# On |r| <= 1/4 the first omitted term is below 2**-60 relative.
_SINPI_T = (-7.304711822217775e-09, 2.5312174041370274e-07, -6.975873661656381e-06,
            0.000148428793031071, -0.0023460810354558235, 0.0261478478176548,
            -0.19075182412208422, 0.8117424252833536, -1.6449340668482264, 0.0)
_COSPI_T = (1.1474214498634937e-09, -4.417807778597507e-08, 1.3697095904893886e-06,
            -3.3307343269115184e-05, 0.0006142025788095293, -0.008214588661112823,
            0.07490806616509901, -0.42502733997955755, 1.2919281950124926,
            -1.5707963267948966, 0.0)
_INV_PI = 0.3183098861837907


# ---------------------------------------------------------------------------
# Tables for the double-double log and exp (tools/gen_elementary_tables.py, mpmath 50 digits).
# log: Tang, "Table-driven implementation of the logarithm function in IEEE floating-point
# arithmetic", ACM TOMS 16 (1990) 378-400, division-free: m in [1/sqrt2, sqrt2) near c = j/64
# (j = 45..91), invc = 1/c rounded to 24 bits so that m*invc - 1 is exact after one split of m.
# exp: Tang, "Table-driven implementation of the exponential function", ACM TOMS 15 (1989)
# 144-157: 2^(j/64) as double-doubles.
# Runtime-indexed tables are module-level float64 arrays (frozen as constant data by Numba):
# measured here, expit with tuple tables ran at 29.6 ns/elem and with arrays at 4.6 ns.
# j = 45..91: invc = 64/j to 24 bits; log(1/invc) = _LOG_C_HI + _LOG_C_LO
_LOG_INVC = np.array((
    1.4222222566604614, 1.39130437374115, 1.3617020845413208, 1.3333333730697632,
    1.3061224222183228, 1.2799999713897705, 1.2549020051956177, 1.2307692766189575,
    1.2075471878051758, 1.185185194015503, 1.163636326789856, 1.1428571939468384,
    1.1228070259094238, 1.1034482717514038, 1.0847457647323608, 1.0666667222976685,
    1.049180269241333, 1.0322580337524414, 1.0158730745315552, 1.0,
    0.9846153855323792, 0.9696969985961914, 0.9552238583564758, 0.9411764740943909,
    0.9275362491607666, 0.9142857193946838, 0.9014084339141846, 0.8888888955116272,
    0.8767123222351074, 0.8648648858070374, 0.8533333539962769, 0.8421052694320679,
    0.8311688303947449, 0.8205128312110901, 0.8101266026496887, 0.800000011920929,
    0.790123462677002, 0.7804877758026123, 0.7710843086242676, 0.761904776096344,
    0.7529411911964417, 0.7441860437393188, 0.7356321811676025, 0.7272727489471436,
    0.7191011309623718, 0.7111111283302307, 0.7032967209815979,
), dtype=np.float64)
_LOG_C_HI = np.array((
    -0.35222061780373876, -0.3302417054970282, -0.30873544998464525, -0.28768210225410284,
    -0.2670627647599484, -0.24686005557978374, -0.2270574860256033, -0.20763940203114678,
    -0.1885911847087111, -0.16989904424597804, -0.1515498664622329, -0.1335314373280052,
    -0.11583182297570227, -0.09844006908796221, -0.08134564131659755, -0.064538573291634,
    -0.04800916330700457, -0.031748668512257466, -0.01574841471013713, 0.0,
    0.01550418560464268, 0.030771628864431744, 0.04580955931435884, 0.06062461809114455,
    0.0752234026111362, 0.0896121531017517, 0.10379681230809523, 0.11778302820580289,
    0.1315763652392999, 0.14518198563011125, 0.15860500596225194, 0.17185024947607866,
    0.18492233942533456, 0.19782573029140393, 0.21056474396164043, 0.22314353641304868,
    0.23556606386218634, 0.24783620115748495, 0.25995756168982975, 0.27193369685719043,
    0.2837681535728707, 0.2954642166191262, 0.3070250390202022, 0.31845370131621265,
    0.3297532761279197, 0.3409265627562066, 0.35197639801146896,
), dtype=np.float64)
_LOG_C_LO = np.array((
    9.889174856279856e-18, 1.776721338727494e-17, 1.7933920144297946e-17, -2.6071614987685308e-17,
    -4.814146137388803e-18, -1.361742999517086e-17, 6.061080745970299e-18, -1.2053260449615077e-17,
    7.432163116289455e-18, 4.868007385804725e-19, -3.4322253093117156e-18, 3.664427885159031e-18,
    -4.33848450767153e-18, -2.4998842529991633e-18, -3.342352882108479e-18, 6.470439374536432e-18,
    -1.4390321735899629e-18, -3.0382174852080215e-18, 7.325014396516145e-19, 0.0,
    1.0584876643569432e-19, 1.0431643796409267e-18, 2.3366449427266933e-18, 2.642402576639764e-18,
    1.0082875534978391e-18, -3.692089515849043e-18, -1.4611675925244294e-18, -1.1971687126228024e-18,
    1.1123001017593023e-17, -3.900650281408333e-18, -8.860651922482164e-19, -6.0224539588748054e-18,
    3.457342284620873e-18, -1.3199658505533807e-17, 6.5926111101916564e-18, -9.091271700232269e-18,
    -2.39433728738217e-18, -1.2432192345772614e-17, -7.057488992909654e-18, 7.722211387488523e-18,
    4.393151227744235e-18, -1.4707214682919743e-17, -5.381022278961806e-18, 2.7114770544066565e-17,
    -9.137458251535428e-19, -2.2431508236514975e-17, 2.5643699010358502e-17,
), dtype=np.float64)
# max |r| = 0.011111135594546795
# log1p tail Q, degree 6, abs err 3.71e-17 (relative to r^3)
_LOG1P_Q = (
    0.11113142817321235, -0.1250223487225754, 0.14285714155994747, -0.16666666523975554,
    0.20000000000002072, -0.25000000000002276, 0.3333333333333333,
)
_EXP_T_HI = np.array((
    1.0, 1.0108892860517005, 1.0218971486541166, 1.0330248790212284,
    1.0442737824274138, 1.0556451783605572, 1.0671404006768237, 1.0787607977571199,
    1.0905077326652577, 1.102382583307841, 1.1143867425958924, 1.1265216186082418,
    1.1387886347566916, 1.1511892299529827, 1.1637248587775775, 1.1763969916502812,
    1.189207115002721, 1.202156731452703, 1.215247359980469, 1.22848053610687,
    1.241857812073484, 1.255380757024691, 1.2690509571917332, 1.2828700160787783,
    1.2968395546510096, 1.3109612115247644, 1.3252366431597413, 1.339667524053303,
    1.3542555469368927, 1.3690024229745905, 1.383909881963832, 1.3989796725383112,
    1.4142135623730951, 1.42961333839197, 1.4451808069770467, 1.460917794180647,
    1.4768261459394993, 1.4929077282912648, 1.5091644275934228, 1.5255981507445384,
    1.5422108254079407, 1.559004400237837, 1.5759808451078865, 1.593142151342267,
    1.6104903319492543, 1.6280274218573478, 1.645755478153965, 1.6636765803267364,
    1.681792830507429, 1.7001063537185235, 1.718619298122478, 1.7373338352737062,
    1.7562521603732995, 1.7753764925265212, 1.7947090750031072, 1.8142521755003989,
    1.8340080864093424, 1.8539791250833855, 1.8741676341103, 1.8945759815869656,
    1.9152065613971474, 1.9360617934922943, 1.9571441241754002, 1.978456026387951,
), dtype=np.float64)
_EXP_T_LO = np.array((
    0.0, -1.5234778603368577e-17, 5.109225028973444e-17, 7.600838874027088e-18,
    8.551889705537965e-17, 1.759325738772092e-18, -7.899853966841582e-17, -6.656660436056593e-17,
    -3.046782079812471e-17, 5.2660368715706944e-17, 1.0410278456845571e-16, 5.165856758795457e-17,
    8.912812676025408e-17, 3.250710218863827e-17, 3.8292048369240935e-17, 5.554203254218079e-17,
    3.982015231465646e-17, 6.644981499252301e-17, -7.712630692681488e-17, -1.89878163130253e-17,
    4.658027591836937e-17, -6.7113898212968784e-18, 2.667932131342186e-18, 1.713594918243561e-17,
    2.5382502794888315e-17, -7.181536135519454e-17, -2.8587312100388614e-17, 8.927282594831732e-17,
    7.70094837980299e-17, 9.593797919118849e-17, -6.770511658794786e-17, -9.614213209051323e-17,
    -9.667293313452913e-17, -1.2031642489053655e-17, -3.0237581349939873e-17, -5.600377186075216e-17,
    -3.483994556892796e-17, 1.4192920154284036e-17, -1.016455327754295e-16, -1.1024941712342561e-16,
    7.949834809697621e-17, 3.7812070533575275e-17, -1.0136916471278304e-17, -1.0094406542311964e-16,
    2.4707192569797888e-17, -6.712955084707084e-17, -1.0125679913674773e-16, 5.8909926967131e-17,
    8.199010020581497e-17, -8.0237193703977e-18, -1.851380418263111e-17, 3.164389299292957e-17,
    2.960140695448873e-17, 6.429731796556572e-17, 1.8227458427912087e-17, -9.969531538920349e-17,
    3.283107224245627e-17, 9.761887490727594e-17, -6.122763413004143e-17, 3.4034035352165297e-17,
    -1.0619946056195963e-16, 1.0332385960676326e-16, 8.960767791036668e-17, 4.0388753109278167e-17,
), dtype=np.float64)
# expm1 tail E, degree 10, abs err 9.95e-20
_EXPM1_E = (
    1.6084322823993442e-10, 2.0914679376583935e-09, 2.5052078014485868e-08, 2.7557273661348637e-07,
    2.7557319239947517e-06, 2.4801587325533363e-05, 0.00019841269841266418, 0.0013888888888883752,
    0.008333333333333333, 0.04166666666666667, 0.16666666666666666,
)
_LN2_64_HI = 0.010830424696223417
_LN2_64_LO = 2.572804622327669e-14
_INV_LN2_64 = 92.33248261689366
_INV_PI_LO = -1.9678676675182486e-17
_MPIO2_LO = -6.123233995736766e-17
_MPI2O6_LO = -3.040672350398476e-17
_SINPI_R = _SINPI_T[:-2]                  # the t^2 and higher terms of _SINPI_T (/t^2)
_COSPI_R = _COSPI_T[:-2]
_LN2_HI = 0.6931471803691238              # fdlibm ln2_hi (32 significant bits: k*_LN2_HI is exact)
_LN2_LO = 1.9082149292705877e-10          # fdlibm ln2_lo
_P2 = np.array([2.0 ** i for i in range(-64, 65)], dtype=np.float64)  # 2**i, i = -64..64: exact scalings
_SPLIT = 134217729.0                      # 2**27 + 1 (Veltkamp's splitter)


@helper
def _sinpi_over_pi(r):
    """sin(pi*r)/pi for |r| <= 1/4, as r + r*(t*P(t)): the leading coefficient is exactly 1."""
    return r + r * polevl(r * r, _SINPI_T)


@helper
def _cospi_over_pi(r):
    """cos(pi*r)/pi for |r| <= 1/4."""
    return _INV_PI + polevl(r * r, _COSPI_T)


@helper
def _elem_prod_err(a, b, p):
    """Exact ``a*b - p`` for ``p = fl(a*b)`` (Dekker 1971, Veltkamp splitting; no fma in
    Numba's math).  Needs |a|, |b|, |p| below ~2**995 and |p| above ~2**-969 (no underflow)."""
    c = _SPLIT * a
    ah = c - (c - a)
    al = a - ah
    c = _SPLIT * b
    bh = c - (c - b)
    bl = b - bh
    return ((ah * bh - p) + ah * bl + al * bh) + al * bl


@helper
def _elem_log1p_q(r, r2):
    """Q(r) of log1p(r) = r - r^2/2 + r^3 Q(r) (_LOG1P_Q, degree 6) by Estrin, r2 = r*r."""
    r4 = r2 * r2
    return ((_LOG1P_Q[6] + r * _LOG1P_Q[5]) + r2 * (_LOG1P_Q[4] + r * _LOG1P_Q[3])) + r4 * (
        (_LOG1P_Q[2] + r * _LOG1P_Q[1]) + r2 * _LOG1P_Q[0])


@helper
def _elem_log_dd(u, e):
    """log(u + e) as a double-double (hi, lo), for 0 < u < inf and |e| <= ulp(u).

    u = 2**k * m with m in [1/sqrt2, sqrt2); c = j/64 nearest m, invc = 1/c to 24 bits;
    r = (m + e/2**k)*invc - 1 exactly as rh + rl (|r| <= 0.0112), then
    log(u + e) = k ln2 + log(1/invc) + r - r^2/2 + r^3 Q(r), summed with Fast2Sums
    (each partial sum dominates the next term) so that only the final rounding of
    hi + lo is large: about 2**-62 relative error.
    """
    fr, ex = math.frexp(u)
    # m in [1/sqrt2, sqrt2): log m is small, and m near 1 keeps log(u) near 0 relative
    # (selects, not a branch: random inputs would mispredict it half the time)
    low = fr < 0.7071067811865476
    fr = fr * (2.0 if low else 1.0)
    ex = ex - (1 if low else 0)
    j = int(fr * 64.0 + 0.5) - 45
    ic = _LOG_INVC[j]
    mh = (fr + 134217728.0) - 134217728.0   # fr to a multiple of 2**-25: 26 bits
    a = mh * ic - 1.0                        # exact: 50-bit product in [0.98, 1.02], Sterbenz
    b = (fr - mh) * ic                       # exact: 27 x 24 bits
    rh = a + b
    bb = rh - a
    rl = (a - (rh - bb)) + (b - bb)          # TwoSum: a + b = rh + rl exactly
    if ex > -65 and ex < 65:
        # e / 2**k by table: exact scaling
        rl += e * _P2[64 - ex] * ic
    else:
        # far exponents (subnormal or huge u): e*fr/u is e/2**k up to one rounding
        rl += (e / u) * fr * ic
    kf = float(ex)
    r2 = rh * rh
    p = 0.5 * r2
    tail = r2 * rh * _elem_log1p_q(rh, r2)
    t0 = kf * _LN2_HI                        # exact: _LN2_HI has 32 bits, |k| <= 1075
    c_hi = _LOG_C_HI[j]
    s1 = t0 + c_hi
    e1 = c_hi - (s1 - t0)                    # Fast2Sum: |k ln2| >= 0.69 > |log c|, or k = 0
    s2 = s1 + rh
    e2 = rh - (s2 - s1)                      # Fast2Sum: |log c| >= 0.0155 > |r|, or c = 1
    s3 = s2 - p
    e3 = (s2 - s3) - p                       # Fast2Sum: |s2| >= |r| > r^2/2
    lo = (e1 + e2 + e3) + (kf * _LN2_LO + _LOG_C_LO[j] + (rl - rh * rl) + tail)
    hi = s3 + lo
    return hi, lo - (hi - s3)


@helper
def _elem_log1p_dd(x):
    """log(1 + x) as a double-double (hi, lo) for -1 < x < inf."""
    if abs(x) < 0.0078125:
        # |x| < 1/128: the series r - r^2/2 + r^3 Q(r) with r = x exactly (no table, no 1 + x)
        r2 = x * x
        p = 0.5 * r2
        s = x - p
        e = (x - s) - p                      # Fast2Sum: |x| > x^2/2
        lo = e + r2 * x * _elem_log1p_q(x, r2)
        hi = s + lo
        return hi, lo - (hi - s)
    # u = 1 + x with its rounding error (TwoSum), then log(u + e)
    u = 1.0 + x
    bb = u - 1.0
    e = (1.0 - (u - bb)) + (x - bb)
    return _elem_log_dd(u, e)


@helper
def _elem_exp_dd(x):
    """exp(x) for |x| <= 44 as an unnormalized pair (hi, lo), hi = 2**(k/64) rounded exactly
    scaled; |lo| <= 0.0055 |hi|, relative error about 2**-62.

    x = k ln2/64 + r (Cody-Waite, r as rh + rl), exp(x) = 2**(k>>6) 2**((k&63)/64) exp(r) with
    exp(r) - 1 = r + r^2/2 + ... + r^7/7! on |r| <= ln2/128 (truncation 2**-65).
    """
    t = x * _INV_LN2_64 + 6755399441055744.0  # 1.5*2**52: t - 1.5*2**52 is rint(x*64/ln2)
    kf = t - 6755399441055744.0
    ki = int(kf)
    a = x - kf * _LN2_64_HI                  # exact: kf*_LN2_64_HI has <= 53 bits, Sterbenz
    b = kf * _LN2_64_LO
    rh = a - b
    rl = (a - rh) - b                        # Fast2Sum: |b| < 2**-27 is small against a
    r2 = rh * rh
    # 1/2 + r/6 + ... + r^5/7! by Estrin (short dependency chain)
    pl = rl + rh * rl + r2 * ((0.5 + rh * 0.16666666666666666) + r2 * (
        (0.041666666666666664 + rh * 0.008333333333333333) + r2 * (0.001388888888888889 + rh * 0.0001984126984126984)))
    j = ki & 63
    sc = _P2[(ki >> 6) + 64]
    th = _EXP_T_HI[j]
    pp = rh + pl
    return sc * th, sc * (_EXP_T_LO[j] + th * pp + _EXP_T_LO[j] * pp)


@helper
def _elem_sinpi_dd(r):
    """sin(pi r)/pi for |r| <= 1/4 as (hi, lo): r - (pi^2/6) r^3 + r^5 R(r^2) with r^2 and the
    r^3 term exact (Dekker), so the rounded part is below 0.7% of the value."""
    th = r * r
    tl = _elem_prod_err(r, r, th)
    ch = r * th
    cl = _elem_prod_err(r, th, ch) + r * tl      # r^3 = ch + cl
    f = _SINPI_T[8] * ch                           # -pi^2/6 r^3
    fl = _elem_prod_err(_SINPI_T[8], ch, f)
    s = r + f
    e = f - (s - r)                                # Fast2Sum: |r| > 0.103 |r|
    return s, e + (fl + _SINPI_T[8] * cl + _MPI2O6_LO * ch + ch * th * polevl(th, _SINPI_R))


@helper
def _elem_cospi_dd(u):
    """cos(pi u)/pi for |u| <= 1/4 as (hi, lo): 1/pi - (pi/2) u^2 + u^4 R(u^2) with 1/pi, u^2
    and the u^2 term exact (Dekker), so the rounded part is below 2% of the value."""
    th = u * u
    tl = _elem_prod_err(u, u, th)
    f = _COSPI_T[9] * th                           # -pi/2 u^2
    fl = _elem_prod_err(_COSPI_T[9], th, f)
    s = _INV_PI + f
    e = f - (s - _INV_PI)                          # Fast2Sum: 1/pi > pi/32
    return s, e + (_INV_PI_LO + fl + _COSPI_T[9] * tl + _MPIO2_LO * th + th * th * polevl(th, _COSPI_R))


@helper
def _elem_mul_dd(x, h, lo):
    """x*(h + lo) with one large rounding (h + lo a double-double, |h| <= 745)."""
    p = x * h
    ap = abs(p)
    if ap < 1e-280:
        if ap == 0.0:
            # x*h is 0 (h = 0): the product is lo-sized, sign of x*h kept when lo is 0 too
            return p + x * lo
        # tiny products: scale x by 2**300 so Dekker's split stays clear of underflow; the
        # scaled sum s + es is rounded into the subnormals as r1, and the exact remainder
        # (s - r1*2**300) + es added back (no double rounding: r1 is on the final grid)
        xs = x * 2.037035976334486e90
        ps = xs * h
        cc = _elem_prod_err(xs, h, ps) + xs * lo
        s = ps + cc
        es = cc - (s - ps)                   # Fast2Sum: |cc| is below ulp(ps)
        r1 = s * 4.909093465297727e-91
        return r1 + ((s - r1 * 2.037035976334486e90) + es) * 4.909093465297727e-91
    if not (ap < 1e300) or not (abs(x) < 1e300):
        if not (ap < math.inf):
            # overflow, inf or nan: nothing to correct
            return p
        # |x| >= 1e300 (too large to split): scale by 2**-300 and back, both exact
        xs = x * 4.909093465297727e-91
        ps = xs * h
        return (ps + (_elem_prod_err(xs, h, ps) + xs * lo)) * 2.037035976334486e90
    return p + (_elem_prod_err(x, h, p) + x * lo)


@defun(
    "exp2",
    sigs=("f->f", "d->d"),
    args=(Arg("x"),),
    grad={"x": lambda ns, x, out: LN2 * out},
    doc=r"""
    Base-2 exponential, :math:`2^x`.

    Overflows to ``inf`` above 1024 and underflows through the subnormals to 0
    below -1074 (the subnormal results are correctly rounded).

    Examples
    --------
    >>> import specfun
    >>> float(specfun.exp2(10.0))
    1024.0
    """,
)
def exp2(x):
    # pow(2, x) in the C library is correctly rounded in practice and exact at integers
    return 2.0 ** x


@defun(
    "expm1",
    sigs=("f->f", "d->d"),
    args=(Arg("x"),),
    grad={"x": lambda ns, x, out: out + 1.0},
    doc=r"""
    :math:`e^x - 1`, accurate for small :math:`x`.

    Examples
    --------
    >>> import specfun
    >>> float(specfun.expm1(1e-10))
    1.00000000005e-10
    """,
)
def expm1(x):
    if x != x:
        return x
    ax = abs(x)
    if ax < 0.34657359027997264:
        # |x| < ln2/2: x + x^2/2 + x^3 E(x), x^2 exact (Dekker) so that x + x^2/2 is a
        # double-double and the tail (<= x^2/6 relative) adds only a small rounding
        if ax < 5.551115123125783e-17:
            return x  # |x| < 2**-54: x^2/2 is below half an ulp (also keeps -0.0)
        h = x * x
        hl = _elem_prod_err(x, x, h)
        h2 = 0.5 * h
        s = x + h2
        e = h2 - (s - x)                     # Fast2Sum: |x| > x^2/2
        return s + (e + 0.5 * hl + x * h * polevl(x, _EXPM1_E))
    if x > 40.0:
        # exp(x) > 2**57: subtracting 1 changes at most 1/32 ulp; inf past the overflow
        return math.exp(x)
    if x < -40.0:
        # exp(x) < 2**-57: -1 + exp(x) rounds to -1
        return -1.0
    # exp(x) = hi + lo from the table (hi = 2**k * 2**(j/64) rounded: scaling exact), then
    # hi - 1 by TwoSum; |lo| <= 0.0055 hi is the only part rounded before the final sum
    hi, lo = _elem_exp_dd(x)
    a = hi - 1.0
    bb = a - hi
    ea = (hi - (a - bb)) + (-1.0 - bb)
    return a + (ea + lo)


@defun(
    "log1p",
    sigs=("f->f", "d->d"),
    args=(Arg("x", lo=-1.0),),
    grad={"x": lambda ns, x, out: 1.0 / (1.0 + x)},
    doc=r"""
    :math:`\log(1 + x)`, accurate for small :math:`x`; ``-inf`` at -1, nan below.

    Examples
    --------
    >>> import specfun
    >>> float(specfun.log1p(1e-10))
    9.999999999500001e-11
    """,
)
def log1p(x):
    if not (x > -1.0):
        # -1 is the pole; below it (and nan) no real value
        if x == -1.0:
            return -math.inf
        return math.nan
    if x == math.inf:
        return x
    if abs(x) < 1.1102230246251565e-16:
        return x  # |x| < 2**-53: x - x^2/2 rounds to x (also keeps -0.0)
    hi, lo = _elem_log1p_dd(x)
    return hi


@defun(
    "expit",
    sigs=("f->f", "d->d"),
    args=(Arg("x"),),
    # expit(x) expit(-x), not out (1 - out): 1 - out cancels for x > 0 (23 ULP at x = 3.9)
    grad={"x": lambda ns, x, out: ns.expit(x) * ns.expit(-x)},
    doc=r"""
    Logistic sigmoid :math:`1/(1 + e^{-x})`.

    Correct far into the left tail, where the result is subnormal
    (``expit(-711.56)`` is about 9.4e-310, not 0).

    Examples
    --------
    >>> import specfun
    >>> float(specfun.expit(0.0))
    0.5
    """,
)
def expit(x):
    if x != x:
        return x
    if x < -40.0:
        # e/(1 + e) = e (1 - e + ...) with e < 2**-57: the correction is below 1/32 ulp
        return math.exp(x)
    if x > 40.0:
        # 1/(1 + e) with e < 2**-57 rounds to 1
        return 1.0
    # e = exp(-|x|) as a double-double from the table; expit = e/(1 + e) for x < 0 and
    # 1/(1 + e) for x >= 0, chosen by selects (random signs would mispredict a branch).
    # The quotient's residual is recovered exactly (Dekker), so the final rounding is the
    # only large error on both sides.
    eh, el = _elem_exp_dd(-abs(x))
    e = eh + el
    el = el - (e - eh)                       # Fast2Sum: |el| <= 0.0055 eh
    s = 1.0 + e
    dl = ((1.0 - s) + e) + el                # denominator s + dl (Fast2Sum, 1 >= e)
    neg = x < 0.0
    nh = e if neg else 1.0
    nl = el if neg else 0.0
    inv = 1.0 / s
    q = nh * inv
    pq = q * s
    return q + (((nh - pq) - _elem_prod_err(q, s, pq)) + (nl - q * dl)) * inv


@defun(
    "logit",
    sigs=("ff->f", "dd->d"),
    args=(Arg("x", lo=0.0, hi=1.0), Arg("eps", lo=0.0, hi=0.5, keyword=True, default=None)),
    grad={
        # torch: zero outside [eps, 1-eps] when eps is given (the clamp has zero slope there)
        "x": lambda ns, x, eps, out: ns.where((x < eps) | (x > 1.0 - eps), 0.0, 1.0 / (x * (1.0 - x))),
        "eps": NONDIFF,
    },
    doc=r"""
    Log-odds :math:`\log(x / (1 - x))`, the inverse of :func:`expit`.

    With ``eps`` given, ``x`` is first clamped to ``[eps, 1 - eps]`` (torch's
    rule).  ``logit(0) = -inf``, ``logit(1) = inf``, nan outside ``[0, 1]``.

    Examples
    --------
    >>> import specfun
    >>> float(specfun.logit(0.5))
    0.0
    """,
)
def logit(x, eps):
    if eps == eps:  # eps given (nan means None)
        lo = eps
        hi = 1.0 - eps
        if x < lo:
            x = lo
        elif x > hi:
            x = hi
    if not (x > 0.0 and x < 1.0):
        # the end points are the poles; outside [0, 1] (and nan) no real value
        if x == 0.0:
            return -math.inf
        if x == 1.0:
            return math.inf
        return math.nan
    # q = x/(1 - x) as a double-double: 1 - x = w + ew (Fast2Sum, 1 > x), q = qh + ql with
    # the residual x - qh*(w + ew) exact (Dekker; x - qh*w is exact by Sterbenz); then
    # log(qh + ql) from the double-double log (q near 1 keeps the result's relative accuracy)
    w = 1.0 - x
    ew = (1.0 - w) - x
    inv = 1.0 / w
    qh = x * inv
    pq = qh * w
    ql = (((x - pq) - _elem_prod_err(qh, w, pq)) - qh * ew) * inv
    hi, lo = _elem_log_dd(qh, ql)
    return hi


@defun(
    "sinc",
    sigs=("f->f", "d->d"),
    args=(Arg("x"),),
    # cos(pi x) of the exactly reduced r = x - 2 round(x/2) in [-1, 1], so pi*r's rounding stays small
    grad={"x": lambda ns, x, out: ns.where(
        x == 0.0, 0.0, (ns.cos(PI * (x - 2.0 * ns.floor(0.5 * x + 0.5))) - out) / ns.where(x == 0.0, 1.0, x))},
    doc=r"""
    Normalized sinc, :math:`\sin(\pi x)/(\pi x)`, with ``sinc(0) = 1``.

    Exactly 0 at the nonzero integers, and accurate for large :math:`|x|`
    (the argument is reduced exactly modulo 2 before any multiplication by pi).

    Examples
    --------
    >>> import specfun
    >>> float(specfun.sinc(0.5))
    0.6366197723675814
    """,
)
def sinc(x):
    if x != x:
        return x
    a = abs(x)
    if a == math.inf:
        return 0.0
    if a < 0.25:
        if a < 1e-9:  # 1 - (pi x)^2/6 rounds to 1
            return 1.0
        vh, vl = _elem_sinpi_dd(a)
    else:
        # exact reduction: a = 2k + r with r in [-1, 1]
        r = a - 2.0 * _rint(0.5 * a)
        if r == 0.0 or abs(r) == 1.0:
            return 0.0
        neg = r < 0.0
        if neg:
            r = -r
        # sin(pi r) on [0, 1] from the two kernels on [-1/4, 1/4] (r - 1/2 and 1 - r exact)
        if r <= 0.25:
            vh, vl = _elem_sinpi_dd(r)
        elif r <= 0.75:
            vh, vl = _elem_cospi_dd(r - 0.5)
        else:
            vh, vl = _elem_sinpi_dd(1.0 - r)
        if neg:
            vh = -vh
            vl = -vl
    # (vh + vl)/a with the quotient's residual recovered exactly (Dekker)
    inv = 1.0 / a
    q = vh * inv
    pq = q * a
    return q + (((vh - pq) - _elem_prod_err(q, a, pq)) + vl) * inv


@defun(
    "entr",
    sigs=("f->f", "d->d"),
    args=(Arg("x", lo=0.0),),
    grad={"x": lambda ns, x, out: -(ns.log(x) + 1.0)},
    doc=r"""
    Elementwise entropy :math:`-x \log x`; 0 at 0 and ``-inf`` for :math:`x < 0`.

    Examples
    --------
    >>> import specfun
    >>> float(specfun.entr(1.0))
    -0.0
    """,
)
def entr(x):
    if x != x:
        return x
    if x > 0.0:
        if x == math.inf:
            return -x
        # x*log(x) with log(x) a double-double and the product's error recovered
        h, lo = _elem_log_dd(x, 0.0)
        return -_elem_mul_dd(x, h, lo)
    if x == 0.0:
        return 0.0
    return -math.inf


@defun(
    "xlogy",
    sigs=("ff->f", "dd->d"),
    args=(Arg("x"), Arg("y", lo=0.0)),
    grad={
        # torch: d/dx is 0 where x == 0 and y <= 0 (the value is pinned to 0 there)
        "x": lambda ns, x, y, out: ns.where((x == 0.0) & (y <= 0.0), 0.0, ns.log(ns.where(y <= 0.0, 1.0, y)))
        + ns.where(y <= 0.0, ns.where(x == 0.0, 0.0, ns.log(y)), 0.0),
        "y": lambda ns, x, y, out: x / y,
    },
    doc=r"""
    :math:`x \log y`, defined as 0 where ``x == 0`` (unless ``y`` is nan).

    Examples
    --------
    >>> import specfun
    >>> float(specfun.xlogy(0.0, 0.0))
    0.0
    """,
)
def xlogy(x, y):
    if x == 0.0 and y == y:
        return 0.0
    if not (y > 0.0 and y < math.inf) or y == 1.0:
        # log(y) is -inf, inf, nan or 0: the plain product has the limit's sign rules
        return x * math.log(y) if y >= 0.0 else math.nan
    # x*log(y) with log(y) a double-double and the product's error recovered
    h, lo = _elem_log_dd(y, 0.0)
    return _elem_mul_dd(x, h, lo)


@defun(
    "xlog1py",
    sigs=("ff->f", "dd->d"),
    args=(Arg("x"), Arg("y", lo=-1.0)),
    grad={
        "x": lambda ns, x, y, out: ns.where((x == 0.0) & (y <= -1.0), 0.0, ns.log1p(ns.where(y <= -1.0, 0.0, y)))
        + ns.where(y <= -1.0, ns.where(x == 0.0, 0.0, ns.log1p(y)), 0.0),
        "y": lambda ns, x, y, out: x / (1.0 + y),
    },
    doc=r"""
    :math:`x \log(1 + y)`, defined as 0 where ``x == 0`` (unless ``y`` is nan).

    Examples
    --------
    >>> import specfun
    >>> float(specfun.xlog1py(2.0, 0.0))
    0.0
    """,
)
def xlog1py(x, y):
    if x == 0.0 and y == y:
        return 0.0
    if not (y > -1.0 and y < math.inf) or y == 0.0:
        # log1p(y) is -inf, inf, nan or 0: the plain product has the limit's sign rules
        return x * log1p(y)
    # x*log1p(y) with log1p(y) a double-double and the product's error recovered
    h, lo = _elem_log1p_dd(y)
    return _elem_mul_dd(x, h, lo)


@defun(
    "round",
    sigs=("ff->f", "dd->d"),
    args=(Arg("x"), Arg("decimals", kind="int", keyword=True, default=0)),
    grad={"x": NONDIFF, "decimals": NONDIFF},
    doc=r"""
    Round to ``decimals`` decimal places, ties to even (torch.round's rule).

    ``decimals`` may be negative.  With ``decimals != 0`` the value is scaled by
    a power of ten, rounded and scaled back, as torch does.

    Examples
    --------
    >>> import specfun
    >>> float(specfun.round(2.5)), float(specfun.round(1.2345, decimals=2))
    (2.0, 1.23)
    """,
)
def round(x, decimals):  # noqa: A001  (torch.special spells it so)
    if decimals == 0.0 or decimals != decimals:
        return _rint(x)
    if decimals > 0.0:
        p = 10.0 ** decimals
        return _rint(x * p) / p
    p = 10.0 ** (-decimals)
    return _rint(x / p) * p
