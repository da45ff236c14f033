"""Gamma family: gammaln, digamma (psi), polygamma, multigammaln.

Sources: DLMF 5.5 (recurrence, reflection), 5.11 (Stirling series with Bernoulli
numbers), 5.15 and 25.11.12 (polygamma as a Hurwitz zeta); the factored form
lnGamma(t) = (t-1)(t-2) h(t) on [1, 3] follows Boost's lgamma_small; psi around its
positive root x0 as (x - x0) k(x) with x0 in double-double (Cody-Strecok-Thacher's idea).
Polynomial tables for h and k: Chebyshev interpolation with mpmath at 60 digits
(tools/gen_gamma_tables.py).  Dekker's exact product for the compensated steps.
The Hurwitz zeta helper used by polygamma lives here (zeta.py imports it), because
this family is imported first.
"""
import math

from specfun._registry import NONDIFF, Arg, defun, helper
from specfun.families._constants import PI
from specfun.families._tools import polevl
from specfun.families.elementary import _cospi_over_pi, _rint, _sinpi_over_pi

_INF = math.inf
_NAN = math.nan

_PSI_X0_HI = 1.4616321449683622
_PSI_X0_LO = 9.549995429965697e-17
_LGAM_H0 = (
    -96.83485451418929, 64.02290651767974, -35.66262870113051, 23.779601322354214,
    -16.126381714858663, 10.853964671996787, -7.345404407314992, 5.007715344904304,
    -3.442248624462939, 2.389842002326167, -1.6797913041299928, 1.1994434748878309,
    -0.8745863565683104, 0.6568740685613175, -0.5164035011657253, 0.4397133931689541,
    -0.4423279036923649,
)
_LGAM_H1 = (
    -0.2441074419153132, 0.22738680721338173, -0.19744164224889021, 0.18570023343320552,
    -0.17602854870663986, 0.16758455720748477, -0.160792782442542, 0.15575096561715698,
    -0.15265665521171706, 0.1519104012768997, -0.15428577086402115, 0.1613445005968747,
    -0.17656397230608759, 0.20906035989821561, -0.29033644713284945,
)
_LGAM_H2 = (
    0.006382844147785439, -0.007666978163423935, 0.008878166350503456, -0.010775737430820689,
    0.01317075527469669, -0.01620913368419058, 0.020132839632242782, -0.025296546738213962,
    0.032263887170593746, -0.04199485601417791, 0.05628216876883048, -0.07892681966460473,
    0.11960320844256132, -0.21115323425817586,
)
_LGAM_H3 = (
    -0.0005430797828011383, 0.0007999458920144447, -0.0011547723532122807, 0.0017208938099960117,
    -0.002584261755913247, 0.0039151952261154985, -0.0059998887943776705, 0.009333106080517439,
    -0.014816927002199328, 0.02422218928134156, -0.04142369437388282, 0.07643313760044856,
    -0.16329915582013632,
)
_LGAM_H4 = (
    0.0001043754953345027, -0.00018241941402939794, 0.0003154601419150187, -0.0005588902551839677,
    0.0009992730733731062, -0.0018070645825291297, 0.0033172708582194063, -0.00621545041098882,
    0.011991915956997145, -0.02419443643070551, 0.05257942622043391, -0.13157899128683392,
)
_LGAM_H5 = (
    1.8256915408247806e-05, -3.677835908082623e-05, 7.36118249415437e-05, -0.0001503090614536026,
    0.00030973238506191097, -0.0006455971396959693, 0.0013661088720631463, -0.0029506372006568244,
    0.006561971241562896, -0.015252472846050963, 0.038122502984276094, -0.10918086531277577,
)
_LGAM_H6 = (
    -9.051811706260705e-06, 2.077396388022855e-05, -4.760306110098066e-05, 0.00011107402100867173,
    -0.00026219667491598277, 0.0006283509762057361, -0.00153704509285046, 0.003870695253927324,
    -0.010181689504895218, 0.02875148710045416, -0.0926199246144818,
)
_LGAM_H7 = (
    -2.6051498331659677e-06, 6.677796467605261e-06, -1.712176426432311e-05, 4.462397204533481e-05,
    -0.000117663613074035, 0.00031498831267558485, -0.0008606734821590562, 0.0024204947168202677,
    -0.007105905590302951, 0.022358674946393976, -0.07993806775035653,
)
_LGAM_H8 = (
    -8.49070416984356e-07, 2.4042876389754197e-06, -6.818990185520176e-06, 1.9634040287619542e-05,
    -5.7196052957061885e-05, 0.0001691627420018596, -0.0005106229391468014, 0.0015859969236439472,
    -0.0051388526902859215, 0.017818765861370763, -0.0699549524686498,
)
_LGAM_H9 = (
    9.494062778433424e-07, -2.965287341241673e-06, 9.306460933808485e-06, -2.968267543381345e-05,
    9.61174637188803e-05, -0.00031761925367409865, 0.0010796664605467693, -0.0038260020077307676,
    0.014488449985799137, -0.061919050539471956,
)
_LGAM_H_C0 = (
    0.6997905367058234, 0.6105508069357107, 0.5487833977237905, 0.5024224884952695,
    0.46580963736232694, 0.43586455222115017, 0.41073672199355643, 0.38923337770173255,
    0.3705439330706761, 0.3540943079760371,
)
_LGAM_H_C0LO = (
    1.8981194694536047e-17, 1.22957808963668e-17, -5.601967482407018e-18, -5.4833901444550234e-17,
    -2.231012453713763e-17, -1.7681523258146515e-18, -1.0352213479364528e-17, -1.1646126649461783e-17,
    -2.6761599543657474e-18, 7.50573170087369e-19,
)
_PSI_K0 = (
    6269.364599032895, -3918.352915592383, 1983.6662353619897, -1239.7915028561993,
    789.4106238004877, -493.3819194163393, 308.11565483235654, -192.57302373024655,
    120.36186740946067, -75.22812892062699, 47.020768235499595, -29.39322651930654,
    18.379405137904843, -11.501482671113342, 7.212669290670697, -4.550107576652279,
    2.92171458554983, -1.9898903503859362,
)
_PSI_K1 = (
    7.227457926486769, -6.3240351568104645, 5.0536001520934395, -4.42193284607072,
    3.88237624399494, -3.3971946118108085, 2.9725719112954616, -2.601409306648393,
    2.2770071118142092, -1.993846579375118, 1.747415150202243, -1.5343979028750552,
    1.3532575529970916, -1.2058407918925853, 1.1024326124709343, -1.082751208696587,
)
_PSI_K2 = (
    0.12248756680382525, -0.13780359368670966, 0.14786285703025331, -0.16636848112172922,
    0.18738136024845958, -0.21090805870555385, 0.23749297240848735, -0.2676620325681993,
    0.30217049809349733, -0.34226142782972785, 0.3902804901361399, -0.4513453357905052,
    0.5386324954190613, -0.6953480467852611,
)
_PSI_K3 = (
    -0.008159176397684273, 0.011221149528568813, -0.014988320268391385, 0.020621832423311042,
    -0.028395521196625008, 0.03911830666739954, -0.05396811100286526, 0.0746482704436973,
    -0.10374091729749495, 0.1454465475442058, -0.20743227574845274, 0.30647763934072314,
    -0.49154547027318196,
)
_PSI_K4 = (
    -0.0007808011361734784, 0.0012693659340579533, -0.0020215096258403014, 0.0032888682640936605,
    -0.0053557345329645146, 0.008730873697286895, -0.014262521318805073, 0.023380439903781757,
    -0.03855782679608956, 0.06426251743366883, -0.10919698588596102, 0.19272012460146237,
    -0.3697749644574109,
)
_PSI_K5 = (
    0.000196530677805882, -0.00036895474178347937, 0.0006831466258655343, -0.0012847789233847702,
    0.002420549643033788, -0.004572289000229444, 0.008674309739872984, -0.016573784390238905,
    0.032048520802252976, -0.0632891706560423, 0.13002343970158603, -0.2905097569443759,
)
_PSI_K6 = (
    3.855854374705053e-05, -8.209380070581311e-05, 0.00017298832452807401, -0.0003691745222727655,
    0.0007895798146714105, -0.0016941819365293414, 0.0036536686367112403, -0.007943071006464736,
    0.01749568241771813, -0.03940341033552186, 0.0924137227529346, -0.23564139051472313,
)
_PSI_K7 = (
    -2.161268348424998e-05, 5.15300198569525e-05, -0.00012206010697628085, 0.00029227855380692825,
    -0.0007025535901208918, 0.0016983831601342628, -0.004142048250801643, 0.010243605535667704,
    -0.025925303016441147, 0.06836496941412083, -0.19586547296558002,
)
_PSI_K8 = (
    -6.517734572110435e-06, 1.7195080933204658e-05, -4.515123009151594e-05, 0.00011971521121490454,
    -0.00031877597218684045, 0.0008541553027781757, -0.002310372406331943, 0.0063412203008425755,
    -0.017821977032965137, 0.05220201692850705, -0.16597577809485412,
)
_PSI_K9 = (
    -2.1949191043584955e-06, 6.349640535472451e-06, -1.8308703663858452e-05, 5.3264010311733865e-05,
    -0.00015568223598703995, 0.0004581007718980611, -0.0013614278315463117, 0.0041076357138873235,
    -0.012695666913121347, 0.040896736518655954, -0.14286067563855892,
)
_PSI_K_C0 = (
    1.7363769409451766, 1.3705642939001523, 1.154056940499151, 1.0080828832111486,
    0.9015925158282158, 0.8197059040391854, 0.7543269119803354, 0.700638128733015,
    0.655575833137755, 0.6170887511965224,
)
_PSI_K_C0LO = (
    6.675893901785186e-17, 8.557523212122223e-17, -1.0565127243504961e-16, 1.8746189187600115e-17,
    -1.4762706689288293e-18, -3.1394125513546527e-17, -3.2110170883265486e-17, 2.995329439520709e-17,
    -4.433651198727035e-17, 1.1562814188745557e-17,
)

# Stirling series for lnGamma: B_2k / (2k (2k-1)), k = 11..1 (DLMF 5.11.1), highest first
_STIRLING = (13.402864044168393, -1.3924322169059011, 0.17964437236883057, -0.029550653594771242,
             0.00641025641025641, -0.0019175269175269176, 0.0008417508417508417, -0.0005952380952380953,
             0.0007936507936507937, -0.002777777777777778, 0.08333333333333333)
# Asymptotic series of psi: B_2k / (2k), k = 11..1 (DLMF 5.11.2), highest first
_PSI_ASY = (281.46014492753625, -26.456212121212122, 3.0539543302701198, -0.4432598039215686,
            0.08333333333333333, -0.021092796092796094, 0.007575757575757576, -0.004166666666666667,
            0.003968253968253968, -0.008333333333333333, 0.08333333333333333)
# Euler-Maclaurin weights B_2j / (2j)!, j = 1..24 (DLMF 24.2, 2.10.1), lowest first
_EM_B = (0.08333333333333333, -0.001388888888888889, 3.306878306878307e-05, -8.267195767195768e-07,
         2.08767569878681e-08, -5.284190138687493e-10, 1.3382536530684679e-11, -3.3896802963225827e-13,
         8.586062056277845e-15, -2.174868698558062e-16, 5.5090028283602295e-18, -1.3954464685812522e-19,
         3.534707039629467e-21, -8.953517427037546e-23, 2.267952452337683e-24, -5.744790668872202e-26,
         1.455172475614865e-27, -3.6859949406653103e-29, 9.336734257095045e-31, -2.36502241570063e-32)

_LN2_HI = 6.93147180369123816490e-01   # fdlibm ln2_hi: 32 significant bits, e*_LN2_HI exact for |e| < 2048
_LN2_LO = 1.90821492927058770002e-10   # ln 2 - _LN2_HI
_HALF_LOG_2PI_M_HALF = 0.4189385332046727  # log(2 pi)/2 - 1/2
_LGAM_XMAX = 2.5599833278516383e+305   # lnGamma(x) > DBL_MAX above (mpmath bisection)


@helper
def _gam_prod_err(a, b, p):
    """Exact ``a*b - p`` for ``p = fl(a*b)`` (Dekker 1971, Veltkamp splitting; |a|, |b| < 2**995)."""
    c = 134217729.0 * a
    ah = c - (c - a)
    al = a - ah
    c = 134217729.0 * b
    bh = c - (c - b)
    bl = b - bh
    return ((ah * bh - p) + ah * bl + al * bh) + al * bl


@helper
def _gam_h_poly(i, u):
    """The non-constant part of piece i of _LGAM_H at u (a static branch per piece: numba copies a
    tuple indexed by a run-time integer to the stack on every call)."""
    if i == 0:
        return polevl(u, _LGAM_H0)
    elif i == 1:
        return polevl(u, _LGAM_H1)
    elif i == 2:
        return polevl(u, _LGAM_H2)
    elif i == 3:
        return polevl(u, _LGAM_H3)
    elif i == 4:
        return polevl(u, _LGAM_H4)
    elif i == 5:
        return polevl(u, _LGAM_H5)
    elif i == 6:
        return polevl(u, _LGAM_H6)
    elif i == 7:
        return polevl(u, _LGAM_H7)
    elif i == 8:
        return polevl(u, _LGAM_H8)
    return polevl(u, _LGAM_H9)


@helper
def _gam_k_poly(i, u):
    """The non-constant part of piece i of _PSI_K at u (a static branch per piece: numba copies a
    tuple indexed by a run-time integer to the stack on every call)."""
    if i == 0:
        return polevl(u, _PSI_K0)
    elif i == 1:
        return polevl(u, _PSI_K1)
    elif i == 2:
        return polevl(u, _PSI_K2)
    elif i == 3:
        return polevl(u, _PSI_K3)
    elif i == 4:
        return polevl(u, _PSI_K4)
    elif i == 5:
        return polevl(u, _PSI_K5)
    elif i == 6:
        return polevl(u, _PSI_K6)
    elif i == 7:
        return polevl(u, _PSI_K7)
    elif i == 8:
        return polevl(u, _PSI_K8)
    return polevl(u, _PSI_K9)


@helper
def _gam_lgam_core(z1, z2, t):
    """lnGamma(t), t in [0.5, 3], from z1 = t - 1 and z2 = t - 2 each rounded once.

    lnGamma(t) = z1 z2 h(t), h a piecewise polynomial on quarters of [0.5, 3] whose
    constant term is held in double-double; z1*z2 is formed exactly (Dekker), so the
    zeros at 1 and 2 are relative-accurate and only the last rounding is large.
    """
    i = int((t - 0.5) * 4.0)
    if i > 9:
        i = 9
    elif i < 0:
        i = 0
    u = t - (0.625 + 0.25 * i)
    c0 = _LGAM_H_C0[i]
    tail = u * _gam_h_poly(i, u)
    hh = c0 + tail                          # h = hh + hl, Fast2Sum (|c0| > |tail|)
    hl = (c0 - hh) + tail + _LGAM_H_C0LO[i]
    p = z1 * z2
    e = _gam_prod_err(z1, z2, p)
    return p * hh + (p * hl + e * hh)


@helper
def _gam_lgam_stirling(x):
    """lnGamma(x) for x >= 8 (finite): Stirling with log x in extended precision.

    lnGamma = (x - 1/2)(log x - 1) + (log(2 pi) - 1)/2 + S(1/x); log x = e ln2 + log(m)
    so that log x - 1 = A + B with A exact, and (x - 1/2) A is formed exactly.
    """
    m, e = math.frexp(x)
    if m < 0.7071067811865476:
        m *= 2.0
        e -= 1
    a = e * _LN2_HI - 1.0                       # exact (few significant bits)
    b = e * _LN2_LO + math.log(m)               # |log m| < 0.35: its rounding is tiny against A
    w = x - 0.5
    p = w * a
    pe = 0.0
    if x < 1e290:  # the splitting would overflow above; the correction is below 1 ulp there anyway
        pe = _gam_prod_err(w, a, p)
    r = 1.0 / x
    s = r * polevl(r * r, _STIRLING)
    return p + (pe + w * b + (_HALF_LOG_2PI_M_HALF + s))


@helper
def _gam_lgam_pos(x):
    """lnGamma(x) for finite x > 0."""
    if x < 0.5:
        # lnGamma(x) = lnGamma(1 + x) - log x: -log x >= log 2 dominates, no cancellation
        return _gam_lgam_core(x, x - 1.0, 1.0 + x) - math.log(x)
    if x <= 3.0:
        return _gam_lgam_core(x - 1.0, x - 2.0, x)
    if x < 8.0:
        # downward recurrence to [2, 3): every t - 1 is exact, all terms positive
        t = x
        prod = 1.0
        while t >= 3.0:
            t -= 1.0
            prod *= t
        return _gam_lgam_core(t - 1.0, t - 2.0, t) + math.log(prod)
    if x > _LGAM_XMAX:
        return _INF
    return _gam_lgam_stirling(x)


@helper
def _gam_log_abs_sinpi_over_pi(x):
    """log(|sin(pi x)| / pi) for non-integer finite x, the argument reduced exactly."""
    r = x - 2.0 * _rint(0.5 * x)      # exact, in [-1, 1]
    a = abs(r)
    if a > 0.5:
        a = 1.0 - a                   # exact (Sterbenz)
    if a <= 0.25:
        v = _sinpi_over_pi(a)
    else:
        v = _cospi_over_pi(0.5 - a)
    return math.log(v)


@defun(
    "gammaln",
    sigs=("f->f", "d->d"),
    args=(Arg("x"),),
    grad={"x": lambda ns, x, out: ns.digamma(x)},
    doc=r"""
    Logarithm of the absolute value of the gamma function, :math:`\log|\Gamma(x)|`.

    ``+inf`` at 0 (either sign), at the negative integers, at ``±inf`` and above
    about 2.56e305.  Relative-accurate at the zeros 1 and 2: on [0.5, 3] the value
    is :math:`(x-1)(x-2)\,h(x)` with a piecewise polynomial :math:`h`.  Stirling's
    series with :math:`\log x` in extended precision above 8.  On the negative
    axis, :math:`\log|\Gamma(x)| = \log\Gamma(1+r) - \log|x(x+1)\cdots(x+m)|` with
    :math:`r = x + m` and the product formed exactly in double-double (the
    factors are exact), for :math:`-60 < x < -1`; reflection with an exactly
    reduced :math:`\sin\pi x` below.  Close to the negative zeros (near
    -2.457, -2.747, -3.144, ...) the error is small in absolute terms (about
    1e-17), not relative.

    Examples
    --------
    >>> import specfun
    >>> float(specfun.gammaln(3.0))
    0.6931471805599453
    >>> float(specfun.gammaln(0.5))
    0.5723649429247001
    """,
)
def gammaln(x):
    if x != x:
        return x
    if x > 0.0:
        if x == _INF:
            return _INF
        return _gam_lgam_pos(x)
    # x <= 0: poles at 0 and the negative integers (every |x| >= 2**52 is one), and at -inf
    if x == math.floor(x):
        return _INF
    if x > -1.0:
        if x >= -0.5:
            # lnGamma(x) = lnGamma(1 + x) - log|x|; 1 + x in [0.5, 1)
            return _gam_lgam_core(x, x - 1.0, 1.0 + x) - math.log(-x)
        # x in (-1, -0.5): 1 + x exact; lnGamma(x) = lnGamma(2 + x) - log|x (1 + x)|
        y = 1.0 + x
        return _gam_lgam_core(y, x, 2.0 + x) - math.log(-x) - math.log(y)
    if x > -60.0:
        # x in (-m, -m+1): Gamma(x) = Gamma(1 + r) / (x (x+1) ... (x+m)), r = x + m in (0, 1);
        # every factor x + k is exact, the product is carried in double-double.
        m = math.floor(-x) + 1.0
        r = x + m
        mh = r
        ml = 0.0
        k = 0.0
        while k < m:
            a = -(x + k)
            p = mh * a
            ml = ml * a + _gam_prod_err(mh, a, p)
            mh = p
            k += 1.0
        s = mh + ml
        ml = ml - (s - mh)
        mh = s
        if 0.5 < mh < 2.0:
            logm = math.log1p((mh - 1.0) + ml)   # mh - 1 exact: log M near 0 stays accurate
        else:
            logm = math.log(mh) + ml / mh
        return _gam_lgam_core(r, r - 1.0, 1.0 + r) - logm
    # reflection: log|Gamma(x)| = -log(|sin(pi x)|/pi) - lnGamma(1 - x), no cancellation for x <= -60
    return -_gam_log_abs_sinpi_over_pi(x) - _gam_lgam_pos(1.0 - x)


@helper
def _gam_psi_core(t):
    """psi(t) for t in [0.5, 3] as (t - x0) k(t): x0 the positive root and k's constant
    terms in double-double, so the root is relative-accurate and one rounding dominates."""
    i = int((t - 0.5) * 4.0)
    if i > 9:
        i = 9
    elif i < 0:
        i = 0
    u = t - (0.625 + 0.25 * i)
    c0 = _PSI_K_C0[i]
    tail = u * _gam_k_poly(i, u)
    kh = c0 + tail                          # k = kh + kl (Fast2Sum, k > 0 dominated by c0)
    kl = (c0 - kh) + tail + _PSI_K_C0LO[i]
    dh = t - _PSI_X0_HI                     # exact for t in [0.74, 2.9]; t - x0 = dh - _PSI_X0_LO
    p = dh * kh
    if abs(dh) < 0.7:
        e = _gam_prod_err(dh, kh, p)
    else:
        e = 0.0
    return p + (e + (dh * kl - _PSI_X0_LO * kh))


@helper
def _gam_psi_pos(x):
    """psi(x) for finite x > 0."""
    if x < 0.5:
        # psi(x) = psi(1 + x) - 1/x; -1/x <= -2 dominates
        return _gam_psi_core(1.0 + x) - 1.0 / x
    if x <= 3.0:
        return _gam_psi_core(x)
    if x < 10.0:
        # downward recurrence to [2, 3): psi(x) = psi(t) + sum 1/(t + k), all terms positive
        t = x
        acc = 0.0
        while t >= 3.0:
            t -= 1.0
            acc += 1.0 / t
        return _gam_psi_core(t) + acc
    # asymptotic series (DLMF 5.11.2): log x - 1/(2x) - sum B_2k/(2k x^2k)
    r2 = 1.0 / (x * x)
    return math.log(x) - 0.5 / x - r2 * polevl(r2, _PSI_ASY)


@helper
def _gam_pi_cotpi(x):
    """pi cot(pi x) for non-integer finite x, the argument reduced exactly to [-1/2, 1/2]."""
    r = x - _rint(x)
    a = abs(r)
    if a <= 0.25:
        v = _cospi_over_pi(a) / _sinpi_over_pi(a)
    else:
        b = 0.5 - a                  # exact; cot(pi (1/2 - b)) = tan(pi b)
        v = _sinpi_over_pi(b) / _cospi_over_pi(b)
    if r < 0.0:
        v = -v
    return PI * v


@defun(
    "digamma",
    sigs=("f->f", "d->d"),
    args=(Arg("x"),),
    grad={"x": lambda ns, x, out: ns.polygamma(1, x)},
    aliases=("psi",),
    doc=r"""
    Digamma function :math:`\psi(x) = \Gamma'(x)/\Gamma(x)`.

    ``-inf`` at ``+0``, ``+inf`` at ``-0``, nan at the negative integers and at
    ``-inf`` (as torch and scipy), ``+inf`` at ``+inf``.  On [0.5, 3] the value is
    :math:`(x - x_0)\,k(x)` with the positive root :math:`x_0 = 1.46163214496836\ldots`
    held in double-double and a piecewise polynomial :math:`k`, so it is
    relative-accurate around the root.  Recurrence on [3, 10), the asymptotic series
    above; reflection :math:`\psi(1-x) - \pi\cot\pi x` for negative :math:`x` with the
    cotangent from an exactly reduced argument.  Near the negative roots the error is
    small in absolute, not relative, terms.

    Examples
    --------
    >>> import specfun
    >>> float(specfun.digamma(1.0))
    -0.5772156649015329
    """,
)
def digamma(x):
    if x != x:
        return x
    if x > 0.0:
        if x == _INF:
            return _INF
        return _gam_psi_pos(x)
    if x == 0.0:
        return -math.copysign(_INF, x)      # -inf at +0, +inf at -0 (the one-sided limits)
    if x == math.floor(x):
        return _NAN                         # negative integers and -inf: no limit
    # reflection (DLMF 5.5.4): psi(x) = psi(1 - x) - pi cot(pi x)
    return _gam_psi_pos(1.0 - x) - _gam_pi_cotpi(x)


# n! for n = 0..170, correctly rounded (Python's exact integers, then float())
_FACTORIAL = tuple(float(math.factorial(_n)) for _n in range(171))


@helper
def _gam_fpow(b, s, f, split):
    """f * b**-s; with ``split`` as (f b^(-s/2)) b^(-s/2), for results that b^-s alone would underflow."""
    if split:
        h = b ** (-0.5 * s)
        return (f * h) * h
    return f * b ** (-s)


@helper
def _gam_hurwitz(s, q):
    """Hurwitz zeta(s, q) for s > 1 and q not a non-positive integer (negative q: s integral)."""
    return _gam_hurwitz_f(s, q, 1.0, False)


@helper
def _gam_hurwitz_f(s, q, f, split):
    """f * zeta(s, q) (Hurwitz) for s > 1, q not a non-positive integer (negative q: s integral).

    Direct terms (q + k)^-s (the base carried as a two-term sum, corrected to first
    order) until q + k >= 7 + 0.45 s, then Euler-Maclaurin (DLMF 25.11.5 / 2.10.1) with
    up to 20 Bernoulli terms; the direct sum stops early once its remainder (bounded by
    b^-s (1 + b/(s-1))) is negligible.
    """
    if q < -1e6:
        return _NAN                     # direct summation would take more than 1e6 terms
    big = 7.0 + 0.45 * s
    total = 0.0
    comp = 0.0
    k = 0.0
    b = q
    while b < big:
        # b = q + k rounded; be = its rounding error (TwoSum), so (q+k)^-s = b^-s (1 - s be/b)
        bk = b - q
        be = (q - (b - bk)) + (k - bk)
        t = _gam_fpow(b, s, f, split)
        if be != 0.0:
            t = t - s * (be / b) * t
        u = total + t
        # Neumaier summation: many small terms join a large first one
        if abs(total) >= abs(t):
            comp += (total - u) + t
        else:
            comp += (t - u) + total
        total = u
        if b > 0.0:
            if total == _INF:               # a term overflowed: the value is beyond float64
                return _INF
            if t == 0.0:                    # the rest underflows
                return total + comp
            if t * (1.0 + b / (s - 1.0)) < 1e-18 * total:  # remainder below 1e-18 relative
                return total + comp
        k += 1.0
        b = q + k
    bk = b - q
    be = (q - (b - bk)) + (k - bk)
    ib = 1.0 / b
    ib2 = ib * ib
    lead = b / (s - 1.0) + 0.5
    em = 0.0
    fac = s
    w = ib
    for j in range(20):
        t = _EM_B[j] * fac * w
        em += t
        if abs(t) < 1e-18 * lead:
            break
        fac *= (s + 2.0 * j + 1.0) * (s + 2.0 * j + 2.0)
        w *= ib2
    # tail b^-s (lead + em), the factor (lead + em) applied before a split power can underflow
    g = (lead + em) * (1.0 - s * (be / b))
    p = _gam_fpow(b, s, f * g, split)
    if p < 1e-290 and not split:
        p = _gam_fpow(b, s, f * g, True)   # subnormal result: apply the factor before the last halving
    return total + (comp + p)


@helper
def _gam_hurwitz_negodd(s, x):
    """zeta(s, x) for odd integer s >= 3 and negative non-integer x (DLMF 25.11.4 split by sign).

    With x in (-m, -m+1), r = x + m: the negative bases pair with the positive ones,
    zeta(s, x) = sum_i [(r+i)^-s - (1-r+i)^-s] + zeta(s, 1 - x).  Each pair is formed as
    a^-s (-expm1(-s log1p(d/a))) with d = 1 - 2r exact, so the poles' huge terms never
    cancel in floating point; all pairs share one sign.  The pairs' tail after the shift
    is a difference of two Euler-Maclaurin sums, small against the head.
    """
    m = math.floor(-x) + 1.0
    a = x + m                 # r: exact for m >= 2; for m = 1 one rounding, harmless (then r > 1/2 + ...)
    b = (1.0 - m) - x         # 1 - r, exact
    d = b - a                 # 1 - 2r
    big = 7.0 + 0.45 * s
    total = 0.0
    comp = 0.0
    i = 0.0
    a0 = a
    while a < big:
        ai = a0 + i
        aa = ai - a0
        ae = (a0 - (ai - aa)) + (i - aa)    # TwoSum: a0 + i = ai + ae
        g = -s * math.log1p((d - ae) / ai)   # log((b_i/a_i)^-s)
        if abs(g) > 1.0:
            # the two powers differ by more than a factor e: subtracting them loses < 1 ulp,
            # whereas expm1(g) would magnify the rounding of g by |g|
            t = ai ** (-s) - (b + i) ** (-s)
        else:
            t = ai ** (-s) * (-math.expm1(g))
        if ae != 0.0:
            t = t - s * (ae / ai) * t
        u = total + t
        if abs(total) >= abs(t):
            comp += (total - u) + t
        else:
            comp += (t - u) + total
        total = u
        if abs(total) == _INF:
            return total
        i += 1.0
        a = a0 + i
    tail = _gam_hurwitz(s, a0 + i) - _gam_hurwitz(s, b + i)
    return total + (comp + tail) + _gam_hurwitz(s, 1.0 - x)


@defun(
    "polygamma",
    sigs=("ff->f", "dd->d"),
    args=(Arg("n", lo=0, hi=100, kind="int", scalar=True), Arg("x")),
    grad={"n": NONDIFF, "x": lambda ns, n, x, out: ns.polygamma(n + 1, x)},
    doc=r"""
    Polygamma function :math:`\psi^{(n)}(x)`, the n-th derivative of digamma.

    :math:`\psi^{(n)}(x) = (-1)^{n+1} n!\,\zeta(n+1, x)` for :math:`n \ge 1`
    (DLMF 25.11.12), with the Hurwitz zeta summed directly (compensated) and by
    Euler-Maclaurin.  For negative non-integer :math:`x` and odd ``n`` the same series
    (all terms positive); for even ``n`` the terms with negative bases are paired with
    their positive mirror images, each pair formed without cancellation, which amounts
    to the reflection formula with the derivatives of :math:`\pi\cot\pi x` summed
    exactly (torch and scipy cancel the poles' huge terms in floating point).  Below
    ``x = -1e6`` nan (more than 1e6 terms).  ``n = 0`` is :func:`digamma`.

    At the poles (0 and the negative integers): for odd ``n`` the limit is ``+inf``
    from both sides, returned as ``+inf``; for even ``n >= 2`` the one-sided limits
    differ, so the result is nan at the negative integers and ``-inf`` at ``+0``,
    ``+inf`` at ``-0`` (as digamma).  ``polygamma(n, inf) = 0``, nan at ``-inf``.
    Full accuracy is measured for ``n`` up to 100; beyond 170, ``n!`` overflows and the
    result is formed through logarithms.

    Examples
    --------
    >>> import specfun
    >>> float(specfun.polygamma(1, 1.0))
    1.6449340668482264
    """,
)
def polygamma(n, x):
    if n != n or x != x or n < 0.0 or n != math.floor(n):
        return _NAN
    if n == 0.0:
        return digamma(x)
    odd = n - 2.0 * math.floor(0.5 * n) == 1.0
    if x == _INF:
        return 0.0 if odd else -0.0
    if x <= 0.0 and x == math.floor(x):      # poles, and -inf
        if x == -_INF:
            return _NAN
        if odd:
            return _INF
        if x == 0.0:
            return -math.copysign(_INF, x)
        return _NAN
    if x < 0.0 and not odd:
        # even order on the negative axis: pair the negative bases with the positive ones
        z = _gam_hurwitz_negodd(n + 1.0, x)
        if n <= 170.0:
            return -(_FACTORIAL[int(n)] * z)
        return -math.exp(gammaln(n + 1.0) + math.log(abs(z))) * (1.0 if z > 0.0 else -1.0)
    if n <= 170.0:
        f = _FACTORIAL[int(n)]
        # n! zeta(n+1, x) formed term by term; split powers where x^-(n+1) would underflow
        split = x > 1.0 and (n + 1.0) * math.log(x) > 650.0
        v = _gam_hurwitz_f(n + 1.0, x, f, split)
        return v if odd else -v
    z = _gam_hurwitz(n + 1.0, x)
    # n! overflows: combine in logarithms (sign of z kept)
    if z == 0.0:
        return 0.0 if odd else -0.0
    v = math.exp(gammaln(n + 1.0) + math.log(abs(z)))
    if z < 0.0:
        v = -v
    return v if odd else -v


@defun(
    "multigammaln",
    sigs=("ff->f", "dd->d"),
    args=(Arg("x"), Arg("p", lo=1, hi=10000, kind="int", scalar=True)),
    grad={
        "x": lambda ns, x, p, out: sum(ns.digamma(x - 0.5 * j) for j in range(int(p))),
        "p": NONDIFF,
    },
    doc=r"""
    Multivariate log-gamma function of dimension :math:`p`.

    .. math:: \log\Gamma_p(x) = \frac{p(p-1)}{4}\log\pi + \sum_{j=0}^{p-1} \log\Gamma(x - j/2)

    evaluated with :func:`gammaln` and compensated (Neumaier) summation.  For
    :math:`x \le (p-1)/2`, where the multivariate gamma is not defined, the formula is
    returned with :math:`\log|\Gamma|` (``inf`` where a term hits a pole), as torch
    computes it (torch raises instead of returning it).

    Examples
    --------
    >>> import specfun
    >>> float(specfun.multigammaln(2.5, 1))
    0.2846828704729192
    """,
)
def multigammaln(x, p):
    if p != p or p < 1.0 or p != math.floor(p):
        return _NAN
    total = 0.25 * p * (p - 1.0) * 1.1447298858494002   # p (p - 1)/4 log(pi)
    comp = 0.0
    j = 0.0
    while j < p:
        t = gammaln(x - 0.5 * j)
        if t == _INF:
            return _INF                 # a pole of a term
        s = total + t
        # Neumaier: keep the rounding error of every addition
        if abs(total) >= abs(t):
            comp += (total - s) + t
        else:
            comp += (t - s) + total
        total = s
        j += 1.0
    return total + comp
