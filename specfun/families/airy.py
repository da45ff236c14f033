"""Airy family: airy_ai and its derivative airy_ai_prime.

Sources: Cephes airy.c (Moshier 2000) rational approximations of the
asymptotic factors in 1/zeta for |x| >= 2.09 (DLMF 9.7.5, 9.7.9, zeta =
(2/3)|x|^{3/2}); Chebyshev series fitted here with mpmath (50 digits, 64
nodes) on [-2.09, 0] and [0, 2.09], where Cephes' power series cancels.  zeta
is formed as a double-double, so that exp(-zeta) and the phase zeta - pi/4 keep
full accuracy for large |x| (the phase is reduced by bessel._hankel_phase).
"""
import math

from specfun._registry import Arg, defun, helper
from specfun.families._tools import chbevl, p1evl, polevl
from specfun.families.bessel import _hankel_phase, _near_zeros, _poly_eo, _zero_rows

_INV_SQRT_PI = 0.5641895835477563      # 1/sqrt(pi)
_SPLIT = 134217729.0                   # 2**27 + 1, Dekker's splitter
_AIRY_B = 2.09                         # Cephes' switch to the asymptotic forms
_AP1_HI = -1.018792971647471           # first zero of Ai', double-double (mpmath airyaizero)
_AP1_LO = -2.0609116444448518e-17

# x >= 2.09: Ai = exp(-zeta) F0(1/zeta) / x^(1/4), Ai' = -exp(-zeta) x^(1/4) F1(1/zeta), F0, F1 -> 1/(2 sqrt(pi))
# (DLMF 9.7.5-6).  F0, F1 on 1/zeta in [0, 0.4964] as polynomials in t = 1/zeta - 0.24822289373184497,
# split into even/odd parts: Chebyshev interpolants (mpmath, 50 digits, 70 nodes) truncated below
# 1e-18 and converted to monomials (sum of |terms| within 5% of the value).  They replace Cephes'
# AN/AD, APN/APD, whose own error reached 4 ulp.
_ASY_C = 0.24822289373184497
_AI_ASY_E = (1550.1381791944432, -336.9660555497123, 51.38684980165758, -1.9261556571900385,
             0.5431056601708386, 0.10237240430725984, 0.03459725959360786, 0.012766603083525655,
             0.005732267534245418, 0.003369236953275554, 0.003003672895247159, 0.005849902949132432,
             0.27775583752112015)
_AI_ASY_O = (-599.7590386422243, 117.8168096967826, -18.27114823918804, 0.3389661723644543,
             -0.24791825453201724, -0.058519441132952196, -0.020581202387296747, -0.008319589520177301,
             -0.004220511975217561, -0.002977021549467674, -0.003642787696932103, -0.01574161104227885)
_AIP_ASY_E = (-1593.3152894477823, 345.9172531004037, -52.826100195365086, 1.9604471155643317,
              -0.5633457032639058, -0.1071721046752558, -0.0363615231744233, -0.013509429840031407,
              -0.006125267408859776, -0.003657107713721662, -0.0033600550978481903, -0.007138324049673284,
              0.2882768173318518)
_AIP_ASY_O = (616.9949513242524, -121.01386665937775, 18.805684188019384, -0.33904122709023476,
              0.25797321270586293, 0.06137594624988273, 0.0216985921648982, 0.008842292794553307,
              0.004540597129910386, 0.00327103752224905, 0.004196238797654568, 0.022805812932601807)
# Cephes airy.c: x <= -2.09, modulus/phase factors in zz = 1/zeta^2 (AF, AG for Ai; APF, APG for Ai').
_AFN = (-1.31696323418331795333E-1, -6.26456544431912369773E-1, -6.93158036036933542233E-1,
        -2.79779981545119124951E-1, -4.91900132609500318020E-2, -4.06265923594885404393E-3,
        -1.59276496239262096340E-4, -2.77649108155232920844E-6, -1.67787698489114633780E-8)
_AFD = (1.33560420706553243746E1, 3.26825032795224613948E1, 2.67367040941499554804E1,
        9.18707402907259625840E0, 1.47529146771666414581E0, 1.15687173795188044134E-1,
        4.40291641615211203805E-3, 7.54720348287414296618E-5, 4.51850092970580378464E-7)
_AGN = (1.97339932091685679179E-2, 3.91103029615688277255E-1, 1.06579897599595591108E0,
        9.39169229816650230044E-1, 3.51465656105547619242E-1, 6.33888919628925490927E-2,
        5.85804113048388458567E-3, 2.82851600836737019778E-4, 6.98793669997260967291E-6,
        8.11789239554389293311E-8, 3.41551784765923618484E-10)
_AGD = (9.30892908077441974853E0, 1.98352928718312140417E1, 1.55646628932864612953E1,
        5.47686069422975497931E0, 9.54293611618961883998E-1, 8.64580826352392193095E-2,
        4.12656523824222607191E-3, 1.01259085116509135510E-4, 1.17166733214413521882E-6,
        4.91834570062930015649E-9)
_APFN = (1.85365624022535566142E-1, 8.86712188052584095637E-1, 9.87391981747398547272E-1,
         4.01241082318003734092E-1, 7.10304926289631174579E-2, 5.90618657995661810071E-3,
         2.33051409401776799569E-4, 4.08718778289035454598E-6, 2.48379932900442457853E-8)
_APFD = (1.47345854687502542552E1, 3.75423933435489594466E1, 3.14657751203046424330E1,
         1.09969125207298778536E1, 1.78885054766999417817E0, 1.41733275753662636873E-1,
         5.44066067017226003627E-3, 9.39421290654511171663E-5, 5.65978713036027009243E-7)
_APGN = (-3.55615429033082288335E-2, -6.37311518129435504426E-1, -1.70856738884312371053E0,
         -1.50221872117316635393E0, -5.63606665822102676611E-1, -1.02101031120216891789E-1,
         -9.48396695961445269093E-3, -4.60325307486780994357E-4, -1.14300836484517375919E-5,
         -1.33415518685547420648E-7, -5.63803833958893494476E-10)
_APGD = (9.85865801696130355144E0, 2.16401867356585941885E1, 1.73130776389749389525E1,
         6.17872175280828766327E0, 1.08848694396321495475E0, 9.95005543440888479402E-2,
         4.78468199683886610842E-3, 1.18159633322838625562E-4, 1.37480673554219441465E-6,
         5.79912514929147598821E-9)

# Chebyshev series in u = (x -+ 1.045)/1.045 for _tools.chbevl(2u, .), highest first
# (fitted with mpmath, 50 digits, 64 nodes; truncated below 1e-19 relative):
# Ai(x) e^x on [0, 2.09]
_AI_POS = (-5.071565345045302e-20, -9.090690372368441e-19, 2.178434831964833e-17, -3.688285592912556e-18,
           -4.649824885255357e-15, 4.226444198960903e-14, 4.99424911566328e-13, -1.1187251561254428e-11,
           7.31712604583638e-12, 1.523270987075959e-09, -1.102801528756977e-08, -1.045603427326473e-07,
           1.6888989576533233e-06, 4.2157482715590173e-07, -0.00012697200246900985, 0.0004855469117161142,
           0.004670661266662036, -0.03211461446859986, -0.059086547468050823, 0.6642312451859741)
# Ai'(x) e^x on [0, 2.09]
_AIP_POS = (2.6116692615220633e-19, -9.365709403240725e-19, -5.289110789912494e-17, 7.106157009914696e-16,
            4.505775408955112e-15, -1.7504531032316809e-13, 6.32875417626322e-13, 2.3480353660121374e-11,
            -2.6311691898947273e-10, -1.3569331261173789e-09, 3.992572720899856e-08, -8.522956359419878e-08,
            -3.2609251536001784e-06, 2.2015032785317757e-05, 0.00013024102691982934, -0.0016781533899314861,
            -0.0009502866979730213, 0.057739201865955984, -0.060119831910053885, -0.751690959162878)
# Ai(x) on [-2.09, 0]
_AI_NEG = (-6.160332849491609e-19, 1.6628742414951396e-17, -9.254546096020736e-17, -1.808808261813072e-15,
           3.6103405608285063e-14, -1.275714578055175e-13, -3.665354480502174e-12, 5.316242260868913e-11,
           -8.417885923670136e-11, -4.785244321195961e-09, 4.829537352204135e-08, 1.5003051069163683e-08,
           -3.602292524223688e-06, 2.3098275849429844e-05, 5.087415569789268e-05, -0.001281575524895697,
           0.00419150066265457, 0.018010509955960135, -0.1365150993604357, 0.07573670810013992,
           0.7896311628739315)
# Ai'(x)/(x - a'_1) on [-2.09, 0], a'_1 = -1.0188 the first zero of Ai'
_AIP_NEG = (4.4524157703612745e-19, -3.253837571104689e-18, -4.5293381635330726e-17, 1.1549783342956494e-15,
            -6.043220149140266e-15, -1.1293792509721298e-13, 2.110134220625998e-12, -6.9019642166981026e-12,
            -1.8830915362105368e-10, 2.521822181848154e-09, -3.5711415967316194e-09, -1.9298420281615377e-07,
            1.7590264983156305e-06, 5.855231740790625e-07, -0.00010552379259487779, 0.0005866759567749567,
            0.0011492432745195788, -0.023408020993395815, 0.060103497541725025, 0.2014568048648721,
            -0.9876599356838099)

# Neighbourhoods of the first five zeros of Ai and of Ai' (|x - z| < 0.03): zero as a
# double-double and f(z + t)/t as a Taylor polynomial in t (mpmath derivatives, 40 digits).
_AI_ZH = (-2.338107410459767, -4.08794944413097, -5.520559828095551, -6.786708090071759,
          -7.944133587120853)
_AI_ZL = (-3.912260409818305e-17, -3.387261694242901e-16, -2.674142599618633e-16, -9.56301343655757e-17,
          3.4021391708444276e-17)
_AI_ZC = (
    (0.0, -3.393916013626929e-05, -0.00017718920132546784, 0.0011408754894571798,
     -0.0003870349759524905, -0.01366255184081532, 0.03194451370480103, 0.05843423522672428,
     -0.2732510368163064, -1.28072880184153e-47, 0.7012108227206914),
    (0.0, 0.00028467905572535627, -0.00014760712751364172, -0.003994362992058796,
     0.009292361042237988, 0.027358988976298862, -0.11184216377764629, -0.06692594747123866,
     0.5471797795259773, 4.0267363857613897e-47, -0.803111369654864),
    (0.0, -0.000783222261926592, 0.0015301123354424402, 0.00784775607652689, -0.027165996636626184,
     -0.039803421570481654, 0.21973717014275293, 0.07210033549117932, -0.796068431409633,
     6.182388469016408e-47, 0.8652040258941519),
    (0.0001603765562825381, 0.0015491678856944286, -0.00443919282750077, -0.012486084684708812,
     0.054685697769464185, 0.05151398388318631, -0.34961037117184673, -0.07590422808746682,
     1.0302796776637262, -1.0187720377850294e-46, -0.9108507370496018),
    (-0.0005112568183297995, -0.002596758598617924, 0.00931902751214878, 0.017793349442286457,
     -0.09235552894376721, -0.062714678563781, 0.4982137843840208, 0.07894464245346398,
     -1.25429357127562, -4.825715944448761e-47, 0.9473357094415678),
)
_AIP_ZH = (-1.018792971647471, -3.2481975821798366, -4.820099211178736, -6.163307355639486,
           -7.37217725504777)
_AIP_ZL = (-2.0609116444448518e-17, 2.435739819073974e-17, 1.0363241404277874e-16,
           -1.5197805615644732e-16, 3.974148683907331e-17)
_AIP_ZC = (
    (0.0, -3.813263266242759e-05, 0.00015159276485871972, 0.00014721097333898994,
     -0.002917297275227855, 0.006949737470916942, 0.013134992740413161, -0.09095387272749701,
     0.09266316627889255, 0.26782832800784995, -0.5457232363649821),
    (0.0, -0.0002163299751890474, -0.0008007715851877276, 0.005407468330176706,
     -0.001693486409973556, -0.055261791021366045, 0.10570029472060026, 0.22684084377355043,
     -0.7368238802848806, -0.20950773901628197, 1.3610450626413026),
    (0.0, 0.0012731680217083548, -0.0002919512394283423, -0.016640833099863316, 0.03055524929399445,
     0.11047648830794767, -0.3423248738103518, -0.30559948656030833, 1.473019844105969,
     0.19020323431407665, -1.83359691936185),
    (0.0, -0.0033877728633306464, 0.005024983874975292, 0.033003031923223694, -0.0902148695901767,
     -0.1699452390431006, 0.6863528964430922, 0.3676494436872957, -2.265936520574675,
     -0.17895397185614612, 2.205896662123774),
    (0.0004857301783611051, 0.006771045421706509, -0.015414438883908888, -0.05418689050759993,
     0.18659442331706105, 0.2325466183734337, -1.1315065523268806, -0.42058424140432016,
     3.1006215783124493, 0.17115062220581193, -2.523505448425921),
)

# as one array for _near_zeros (row i: hi, lo, coefficients): indexed at run time, so not tuples
_AI_Z = _zero_rows(_AI_ZH, _AI_ZL, _AI_ZC)
_AIP_Z = _zero_rows(_AIP_ZH, _AIP_ZL, _AIP_ZC)


@helper
def _zeta_lo(a, zh):
    """Low word of zeta = (2/3) a^(3/2) given its rounded value zh (a <= 1e100).

    Error-free transformations (Dekker's split products, no fma): sqrt(a) and
    a*sqrt(a) as double-doubles, then the exact residual of 3*zh.
    """
    s = math.sqrt(a)
    # s*s = p + pe exactly
    c = _SPLIT * s
    sh = c - (c - s)
    sl = s - sh
    p = s * s
    pe = ((sh * sh - p) + 2.0 * sh * sl) + sl * sl
    s_lo = ((a - p) - pe) / (2.0 * s)
    # a*s = t + te exactly
    c = _SPLIT * a
    ah = c - (c - a)
    al = a - ah
    t = a * s
    te = (((ah * sh - t) + ah * sl) + al * sh) + al * sl
    t_lo = te + a * s_lo
    # 3*zh = q + qe exactly; zeta - zh = (2 t - q - qe + 2 t_lo)/3
    c = _SPLIT * zh
    zhh = c - (c - zh)
    zhl = zh - zhh
    q = 3.0 * zh
    qe = ((3.0 * zhh - q) + 3.0 * zhl)
    return (((2.0 * t - q) - qe) + 2.0 * t_lo) / 3.0


@defun(
    "airy_ai",
    sigs=("f->f", "d->d"),
    # inlined into the loop: called, the kernel kept stale "may raise" return codes of its helpers
    # (their checks fold away only late) and with them the loop's exception path
    inline=True,
    args=(Arg("x"),),
    grad={"x": lambda ns, x, out: ns.airy_ai_prime(x)},
    doc=r"""
    Airy function of the first kind, :math:`\operatorname{Ai}(x)`, the solution of
    :math:`y'' = x y` that decays as :math:`x \to +\infty`.

    :math:`\operatorname{Ai}(\pm\infty) = 0` (the limit; torch gives nan at
    :math:`-\infty`).  Chebyshev series on :math:`|x| < 2.09`; beyond, the
    asymptotic forms in :math:`\zeta = \tfrac23 |x|^{3/2}` with :math:`\zeta`
    carried as a double-double, so that :math:`e^{-\zeta}` and the oscillation
    phase :math:`\zeta - \pi/4` keep full accuracy for large :math:`|x|`.

    Far negative axis: the value is accurate (about 1 ulp of the local
    amplitude :math:`|x|^{-1/4}/\sqrt\pi`) up to :math:`|x| = 10^{10}`; beyond,
    the double-double phase carries an absolute error of about
    :math:`10^{-32}\zeta` (measured against mpmath: :math:`10^{-15}` of the
    amplitude at :math:`|x| = 10^{12}`, :math:`5\cdot10^{-13}` at :math:`10^{14}`),
    and past :math:`|x| \approx 10^{21}` the phase, hence the value, is not
    determined.  The exact phase of such a double needs
    :math:`\tfrac23|x|^{3/2} \bmod 2\pi`, i.e. :math:`\sqrt{|x|}` to up to
    about 1600 bits (an irrational square root cannot be split exactly), which
    these kernels do not compute; any value inside the envelope is
    :math:`\operatorname{Ai}` at a point within far less than one ulp of
    :math:`x` there.  For :math:`x < -10^{200}`, where :math:`\zeta` overflows,
    the result is 0 (a zero of :math:`\operatorname{Ai}` lies within
    :math:`2\cdot10^{-100}` of any such :math:`x`; the true value, e.g.
    :math:`3.04\cdot10^{-78}` at the most negative double, is not computed).

    Examples
    --------
    >>> import specfun
    >>> float(specfun.airy_ai(0.0))
    0.3550280538878172
    """,
)
def airy_ai(x):
    if x != x:
        return x
    if x >= _AIRY_B:
        if x > 105.0:
            # Ai(x) < 1e-309 ... underflows to 0 past x ~ 105
            if x > 110.0:
                return 0.0
        zh = (2.0 / 3.0) * (x * math.sqrt(x))
        zl = _zeta_lo(x, zh)
        f = _poly_eo(1.0 / zh - _ASY_C, _AI_ASY_E, _AI_ASY_O)
        # exp(-zeta) with the low word of zeta as a first-order correction, applied last
        y = (f / math.sqrt(math.sqrt(x))) * math.exp(-zh)
        return y - y * zl
    if abs(x) < 1.0e-9:
        # Ai(0) + Ai'(0) x: the x^3/6 Ai(0) term is below 1e-28 (exact Ai(0) at 0)
        return 0.3550280538878172 - 0.2588194037928068 * x
    if x >= 0.0:
        # Ai(x) e^x is smooth and flat on [0, 2.09]: no cancellation
        return chbevl((x - 1.045) * 1.9138755980861244, _AI_POS) * math.exp(-x)
    if x > -_AIRY_B:
        # Ai is positive and O(1) on [-2.09, 0]
        return chbevl((x + 1.045) * 1.9138755980861244, _AI_NEG)
    a = -x
    if a < 7.98:
        # near the zeros -2.34 .. -7.94: Taylor polynomial about the zero (full relative accuracy)
        v = _near_zeros(x, 0, _AI_Z)
        if v == v:
            return v
    if a == math.inf:
        return 0.0
    if a > 1.0e200:
        # zeta overflows; the amplitude a^(-1/4)/sqrt(pi) is below 1e-50 and the phase is lost
        return 0.0
    zh = (2.0 / 3.0) * (a * math.sqrt(a))
    zl = 0.0
    if a <= 1.0e100:
        zl = _zeta_lo(a, zh)
    z = 1.0 / zh
    zz = z * z
    uf = 1.0 + zz * polevl(zz, _AFN) / p1evl(zz, _AFD)
    ug = z * polevl(zz, _AGN) / p1evl(zz, _AGD)
    # Ai = a^(-1/4)/sqrt(pi) (uf sin(zeta + pi/4) - ug cos(zeta + pi/4))
    #    = a^(-1/4)/sqrt(pi) (uf cos(zeta - pi/4) + ug sin(zeta - pi/4))
    return _hankel_phase(zh, zl, 1.0, uf, -ug) * (_INV_SQRT_PI / math.sqrt(math.sqrt(a)))


@defun(
    "airy_ai_prime",
    sigs=("f->f", "d->d"),
    # inlined into the loop: called, the kernel kept stale "may raise" return codes of its helpers
    # (their checks fold away only late) and with them the loop's exception path
    inline=True,
    args=(Arg("x"),),
    grad={"x": lambda ns, x, out: x * ns.airy_ai(x)},
    doc=r"""
    Derivative of the Airy function, :math:`\operatorname{Ai}'(x)`.

    0 at :math:`+\infty`, nan at :math:`-\infty` (the oscillation grows like
    :math:`|x|^{1/4}`).  Same construction as :func:`airy_ai`; its derivative is
    :math:`x \operatorname{Ai}(x)`.  The far negative axis has the limits
    described for :func:`airy_ai` (accurate to :math:`|x| = 10^{10}`, phase
    undetermined past about :math:`10^{21}`); for :math:`x < -10^{200}` the
    result is nan (phase lost, amplitude :math:`|x|^{1/4}/\sqrt\pi` only).

    Examples
    --------
    >>> import specfun
    >>> float(specfun.airy_ai_prime(0.0))
    -0.2588194037928068
    """,
)
def airy_ai_prime(x):
    if x != x:
        return x
    if x >= _AIRY_B:
        if x > 110.0:
            # underflows (-0 for finite x, the value is negative; the limit at +inf is 0)
            if x == math.inf:
                return 0.0
            return -0.0
        zh = (2.0 / 3.0) * (x * math.sqrt(x))
        zl = _zeta_lo(x, zh)
        f = _poly_eo(1.0 / zh - _ASY_C, _AIP_ASY_E, _AIP_ASY_O)
        k = -f * math.sqrt(math.sqrt(x))
        if zh > 700.0:
            # exp(-zeta) is subnormal while Ai' is not: split it in two halves
            e = math.exp(-0.5 * zh)
            y = (k * e) * e
        else:
            y = k * math.exp(-zh)
        # the low word of zeta as a first-order correction
        return y - y * zl
    if abs(x) < 1.0e-9:
        # Ai'(0) + Ai(0) x^2/2: the quadratic term is below 1e-19 relative (exact Ai'(0) at 0)
        return -0.2588194037928068 + 0.1775140269439086 * (x * x)
    if x >= 0.0:
        # Ai'(x) e^x on [0, 2.09]
        return chbevl((x - 1.045) * 1.9138755980861244, _AIP_POS) * math.exp(-x)
    if x > -_AIRY_B:
        # the zero a'_1 factored out as a double-double
        return ((x - _AP1_HI) - _AP1_LO) * chbevl((x + 1.045) * 1.9138755980861244, _AIP_NEG)
    a = -x
    if a < 7.41:
        # near the zeros -3.25 .. -7.37: Taylor polynomial about the zero (full relative accuracy)
        v = _near_zeros(x, 1, _AIP_Z)
        if v == v:
            return v
    if a == math.inf:
        # oscillation with amplitude a^(1/4) -> no limit
        return math.nan
    if a > 1.0e200:
        # zeta overflows: the phase is lost
        return math.nan
    zh = (2.0 / 3.0) * (a * math.sqrt(a))
    zl = 0.0
    if a <= 1.0e100:
        zl = _zeta_lo(a, zh)
    z = 1.0 / zh
    zz = z * z
    uf = 1.0 + zz * polevl(zz, _APFN) / p1evl(zz, _APFD)
    ug = z * polevl(zz, _APGN) / p1evl(zz, _APGD)
    # Ai' = -a^(1/4)/sqrt(pi) (uf cos(zeta + pi/4) + ug sin(zeta + pi/4))
    #     = a^(1/4)/sqrt(pi) (uf cos(zeta - 3pi/4) + ug sin(zeta - 3pi/4))
    return _hankel_phase(zh, zl, 3.0, uf, -ug) * (_INV_SQRT_PI * math.sqrt(math.sqrt(a)))
