"""Error-function family: erf erfc erfcx erfinv ndtr ndtri log_ndtr.

Sources: Sun fdlibm ``s_erf.c`` (rational approximations of erf/erfc on
[0, 0.84375], [0.84375, 1.25], [1.25, 1/0.35], [1/0.35, 28]; the erfc tail is
written as exp(-x^2) * exp(R/S - 0.5625) / x, which also gives erfcx directly);
Wichura (1988) Algorithm AS 241 (PPND16) for the normal quantile, refined by one
Newton step; DLMF 7.12.1 for the asymptotic series of erfcx.  x*x and x/sqrt(2)
are carried as double-doubles (Veltkamp/Dekker splitting) so that exp(-x^2) and
the normal tails keep full relative accuracy.
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

# Wichura (1988) AS 241 PPND16, highest degree first.
# central: x = q A(r)/B(r), r = 0.180625 - q^2, |q| = |p - 1/2| <= 0.425
_AS_A = (2509.0809287301226727, 33430.575583588128105, 67265.770927008700853, 45921.953931549871457,
         13731.693765509461125, 1971.5909503065514427, 133.14166789178437745, 3.387132872796366608)
_AS_B = (5226.495278852854561, 28729.085735721942674, 39307.89580009271061, 21213.794301586595867,
         5394.1960214247511077, 687.1870074920579083, 42.313330701600911252, 1.0)
# intermediate: r = sqrt(-log p) - 1.6, for sqrt(-log p) <= 5
_AS_C = (7.7454501427834140764e-4, 0.0227238449892691845833, 0.24178072517745061177, 1.27045825245236838258,
         3.64784832476320460504, 5.7694972214606914055, 4.6303378461565452959, 1.42343711074968357734)
_AS_D = (1.05075007164441684324e-9, 5.475938084995344946e-4, 0.0151986665636164571966,
         0.14810397642748007459, 0.68976733498510000455, 1.6763848301838038494,
         2.05319162663775882187, 1.0)
# far tail: r = sqrt(-log p) - 5
_AS_E = (2.01033439929228813265e-7, 2.71155556874348757815e-5, 0.0012426609473880784386,
         0.026532189526576123093, 0.29656057182850489123, 1.7848265399172913358,
         5.4637849111641143699, 6.6579046435011037772)
_AS_F = (2.04426310338993978564e-15, 1.4215117583164458887e-7, 1.8463183175100546818e-5,
         7.868691311456132591e-4, 0.0148753612908506148525, 0.13692988092273580531,
         0.59983220655588793769, 1.0)


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
    an exact argument, the second a small one (|R/S| < 0.02), so both are accurate
    to their own rounding.  tl enters to first order through
    d log erfcx/dt = 2t (1 - 1/(sqrt(pi) erfcx(t) t)).  exp(-(sh + 0.5625)) is
    multiplied first and the division comes last, so subnormal results keep an
    absolute error below one subnormal spacing.
    """
    rs = _erf_rs(a)
    # exp(rs - sl) = 1 + m: keeping the 1 apart leaves a single rounding in e1 + e1 m
    m = math.expm1(rs - sl)
    if tl != 0.0:
        # 1/(sqrt(pi) a erfcx(a)) = exp(0.5625 - rs)/sqrt(pi), to ~1e-5: enough for a correction
        m = m + (1.0 + m) * (2.0 * a * tl * (1.0 - 0.9901835560139811 / (1.0 + m)))
    e1 = math.exp(-(sh + 0.5625))
    if e1 < 1e-290:
        # (nearly) subnormal: only the absolute error counts, divide last
        return (e1 + e1 * m) / a
    # e1 (1 + m) / a with the division's rounding recovered exactly (Dekker product q*a),
    # so the only roundings left are exp's and the final sum's
    q = e1 / a
    c = _SPLIT * q
    qh = c - (c - q)
    ql = q - qh
    c = _SPLIT * a
    ah = c - (c - a)
    al = a - ah
    p = q * a
    rem = (e1 - p) - (((qh * ah - p) + qh * al + ql * ah) + ql * al)
    return q + (q * m + rem / a)


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
def _erf_as241_tail(r):
    """AS 241: the positive normal deviate whose tail is p, given r = sqrt(-log p) >= ~1.6."""
    if r <= 5.0:
        s = r - 1.6
        return polevl(s, _AS_C) / polevl(s, _AS_D)
    s = r - 5.0
    return polevl(s, _AS_E) / polevl(s, _AS_F)


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
        # log1p(-Q) ~ -Q keeps the tiny right tail
        return math.log1p(-_erf_q(x)) + 0.0  # +0.0: log_ndtr(inf) = +0
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
    down to the smallest subnormal ``p``.  Wichura's AS 241 followed by one
    Newton step on the accurate tail :math:`Q`.

    Examples
    --------
    >>> import specfun
    >>> float(specfun.ndtri(0.5))
    0.0
    """,
)
def ndtri(p):
    """AS 241 (Wichura 1988) + one Newton step with the double-double normal tail."""
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
    # now pp in (0, 1/2]: x = sgn * z with z >= 0 and Q(z) = pp
    if pp >= 0.075:
        q = 0.5 - pp
        r = 0.180625 - q * q
        z = q * polevl(r, _AS_A) / polevl(r, _AS_B)
    else:
        z = _erf_as241_tail(math.sqrt(-math.log(pp)))
    # Newton on Q(z) = pp: z += (Q(z) - pp) / phi(z); Q is accurate to ~1 ulp relative and
    # pp/(z phi(z)) <= ~1.3, so the step lands within ~1 ulp
    if z < 0.6:
        # near the center pp/(z phi) blows up: take the residual Q(z) - pp = q - erf(z/sqrt2)/2
        # from erf instead (q = 1/2 - pp is exact there), z/sqrt2 = th + tl as a double-double
        phi = math.exp(-0.5 * z * z) * 0.3989422804014327
        q = 0.5 - pp
        th = z * _S12
        c = _SPLIT * z
        zh = c - (c - z)
        zl = z - zh
        tl = (((zh * _S12_HI - th) + zh * _S12_HL + zl * _S12_HI) + zl * _S12_HL) + z * _S12_LO
        # erf(th + tl) = erf(th) + tl 2/sqrt(pi) exp(-th^2), and 2/sqrt(pi) exp(-z^2/2) = 2 sqrt2 phi
        z = z + ((q - 0.5 * erf(th)) - 1.4142135623730951 * tl * phi) / phi
    elif z < 37.0:
        phi = math.exp(-0.5 * z * z) * 0.3989422804014327
        z = z + (_erf_q(z) - pp) / phi
    else:
        # pp < 1e-297, possibly subnormal (few bits): Newton on log Q(z) = log pp instead, with
        # log Q from log_ndtr's exact-square form and d log Q/dz = -1/M(z), M = Q/phi the Mills
        # ratio (1/z)(1 - 1/z^2 + 3/z^4) (DLMF 7.12.1; ample for a correction)
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

    ``erfinv(±1) = ±inf``, nan for :math:`|x| > 1`, odd.  Wichura's AS 241
    (through :math:`\operatorname{erfinv}(x) = \Phi^{-1}((1+x)/2)/\sqrt2`)
    followed by one Newton step on erf (center) or erfc (tails, where
    :math:`1 - |x|` is exact).

    Examples
    --------
    >>> import specfun
    >>> float(specfun.erfinv(0.5))
    0.4769362762044699
    """,
)
def erfinv(x):
    """AS 241 start + one Newton step on erf/erfc."""
    a = abs(x)
    if not (a < 1.0):
        if a == 1.0:
            return math.copysign(math.inf, x)
        return math.nan
    if a < 1e-8:
        # erfinv(x) = sqrt(pi)/2 x (1 + pi x^2/12 + ...): the next term is < 1e-16 relative
        return _SQRT_PI_OVER_2 * x
    if a <= 0.85:
        # Phi^{-1}(1/2 + a/2): q = a/2 exact, z = q A(r)/B(r), erfinv = z/sqrt(2)
        q = 0.5 * a
        r = 0.180625 - q * q
        y = q * polevl(r, _AS_A) / polevl(r, _AS_B) * _S12
        # Newton on erf(y) = a
        y = y - (erf(y) - a) * _SQRT_PI_OVER_2 * math.exp(y * y)
        return math.copysign(y, x)
    # tails: 1 - a exact (a >= 1/2), the normal tail is (1 - a)/2
    c = 1.0 - a
    y = _erf_as241_tail(math.sqrt(-math.log(0.5 * c))) * _S12
    # Newton on erfc(y) = c (erfc is relative-accurate, the problem well conditioned)
    y = y + (erfc(y) - c) * _SQRT_PI_OVER_2 * math.exp(y * y)
    return math.copysign(y, x)
