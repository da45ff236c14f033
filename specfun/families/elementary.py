"""Elementary family: exp2 expm1 log1p expit logit sinc entr xlogy xlog1py round.

Sources: IEEE-754 error-free transformations (Dekker 1971, Knuth's TwoSum) for
the compensated steps; torch.special's documentation for special values.
"""
import math

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


@helper
def _sinpi_over_pi(r):
    """sin(pi*r)/pi for |r| <= 1/4, as r + r*(t*P(t)): the leading coefficient is exactly 1."""
    return r + r * polevl(r * r, _SINPI_T)


@helper
def _cospi_over_pi(r):
    """cos(pi*r)/pi for |r| <= 1/4."""
    return _INV_PI + polevl(r * r, _COSPI_T)


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
    return math.expm1(x)


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
    return math.log1p(x)


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
    # e <= 1 on both branches: expit = e/(1+e) for x < 0, 1/(1+e) for x >= 0.
    e = math.exp(-abs(x))
    # 1 + e rounded, with its rounding error recovered exactly (Fast2Sum, 1 >= e),
    # so the only roundings left are exp's and the final division's.
    s = 1.0 + e
    c = (1.0 - s) + e
    num = e if x < 0.0 else 1.0
    q = num / s
    return q - q * (c / s)


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
    if x < 0.25:
        # log(x) dominates and log1p(-x) is small and accurate: no cancellation
        return math.log(x) - math.log1p(-x)
    # 2x - 1 is exact for x in [1/4, 1] (Sterbenz), and logit(x) = 2 atanh(2x - 1)
    return 2.0 * math.atanh(2.0 * x - 1.0)


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
        return _sinpi_over_pi(a) / a
    # exact reduction: a = 2k + r with r in [-1, 1]
    r = a - 2.0 * _rint(0.5 * a)
    if r == 0.0 or abs(r) == 1.0:
        return 0.0
    s = 1.0
    if r < 0.0:
        r = -r
        s = -1.0
    # sin(pi r) on [0, 1] from the two kernels on [-1/4, 1/4]
    if r <= 0.25:
        v = _sinpi_over_pi(r)
    elif r <= 0.75:
        v = _cospi_over_pi(r - 0.5)
    else:
        v = _sinpi_over_pi(1.0 - r)
    return s * v / a


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
        return -x * math.log(x)
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
    return x * math.log(y)


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
    return x * math.log1p(y)


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
