"""Zeta family: the Hurwitz zeta function and its derivative in the exponent.

Sources: Euler-Maclaurin summation (DLMF 25.11.5 with 2.10.1, as Cephes zeta.c)
after a few direct terms, the shift chosen from the exponent so that at most 20
Bernoulli terms reach 1e-18 relative; the derivative in the exponent is the
Euler-Maclaurin expansion of the differentiated series.  The summation kernel is
``_gam_hurwitz`` in gamma.py (polygamma uses it too).
"""
import math

from specfun._registry import Arg, NotImplementedGrad, defun, helper
from specfun.families._tools import polevl, two_prod_err, two_sum_err
from specfun.families.elementary import _elem_log_pair0
from specfun.families.gamma import _EM_B1, _EM_B2, _gam_hurwitz

_INF = math.inf
_NAN = math.nan


# (e^y - 1)/y - 1 - y/2 = y^2 (1/3! + y/4! + ... + y^12/15!), highest first (1/n!: exact
# rationals rounded; on |y| <= 1/2 the first omitted term is below 2^-62)
_EXPM1_Y = (7.647163731819816e-13, 1.1470745597729725e-11, 1.6059043836821613e-10, 2.08767569878681e-09,
            2.505210838544172e-08, 2.755731922398589e-07, 2.7557319223985893e-06, 2.48015873015873e-05,
            0.0001984126984126984, 0.001388888888888889, 0.008333333333333333, 0.041666666666666664,
            0.16666666666666666)


@helper
def _zeta_near_pole(s, q):
    """zeta(s, q) for 1 < s <= 1.125 and q > 0 with (s - 1) log(max(q, 8) + 1) <= 1/2: the pole
    1/(s - 1) in double-double and the tail's b^(1-s)/(s - 1) written as
    1/(s-1) - L - L y (1/2 + y P(y)), L = log b, y = -(s - 1) L, so nothing large is rounded twice.

    sum_{k<N} (q+k)^-s directly (b = q + k carried with its rounding error, Neumaier sum), then
    the Euler-Maclaurin tail at b = q + N >= 8 (DLMF 25.11.5 with 2.10.1):
    b^(1-s)/(s-1) + b^-s/2 + sum_j B_2j/(2j)! (s)_(2j-1) b^(-s-2j+1).  The pieces that are not
    small against the result (1/(s-1), log b, the direct sum) are added in double-double;
    one rounding at the end.
    """
    e = s - 1.0                             # exact (Sterbenz)
    total = 0.0
    comp = 0.0
    k = 0.0
    b = q
    while b < 8.0:
        bk = b - q
        be = (q - (b - bk)) + (k - bk)      # TwoSum: q + k = b + be
        t = b ** (-s)
        if be != 0.0:
            t = t - s * (be / b) * t
        u = total + t
        if abs(total) >= abs(t):            # Neumaier
            comp += (total - u) + t
        else:
            comp += (t - u) + total
        total = u
        k += 1.0
        b = q + k
    if total == _INF:
        return _INF                         # a term overflowed (tiny q): beyond float64
    bk = b - q
    be = (q - (b - bk)) + (k - bk)
    lh, ll = _elem_log_pair0(b)
    ll += be / b                            # L = log(b + be) = lh + ll
    y = -e * (lh + ll)
    # b^-s (1/2 + sum_j B_2j/(2j)! (s)_(2j-1) b^(1-2j)) (1 - s be/b): small against 1/(s-1)
    ib2 = 1.0 / (b * b)
    fac = s
    w = 1.0 / b
    em = 0.5
    j = 0.0
    for c in _EM_B1:
        t = c * fac * w
        em += t
        if abs(t) < 1e-19:
            break
        fac *= (s + 2.0 * j + 1.0) * (s + 2.0 * j + 2.0)
        w *= ib2
        j += 1.0
    small = b ** (-s) * em * (1.0 - s * (be / b)) - (lh + ll) * y * (0.5 + y * polevl(y, _EXPM1_Y))
    # 1/(s - 1) = qh + ql (Dekker residual), then - L and the direct sum by TwoSum
    qh = 1.0 / e
    p = qh * e
    ql = ((1.0 - p) - two_prod_err(qh, e, p)) / e
    s1 = qh - lh
    err = two_sum_err(qh, -lh, s1) + (ql - ll)
    s2 = s1 + total
    err += two_sum_err(s1, total, s2) + comp
    return s2 + (err + small)


@defun(
    "zeta",
    sigs=("ff->f", "dd->d"),
    inline=True,
    args=(Arg("x", lo=1.0), Arg("q", lo=0.0)),
    grad={
        # d/dx zeta(x, q) is a function of its own (zeta_dx)
        "x": lambda ns, x, q, out: ns.zeta_dx(x, q),
        # d/dq zeta(x, q) = -x zeta(x + 1, q)   (DLMF 25.11.17)
        "q": lambda ns, x, q, out: -x * ns.zeta(x + 1.0, q),
    },
    doc=r"""
    Hurwitz zeta function :math:`\zeta(x, q) = \sum_{k\ge0} (k+q)^{-x}`.

    ``zeta(x, 1)`` is the Riemann zeta function.  ``+inf`` at ``x = 1`` and at the
    non-positive integers ``q``; nan for ``x < 1``, and for negative non-integer
    ``q`` unless ``x`` is an integer (then the series is summed with its negative
    bases), as torch and scipy.  At ``x = inf`` the limit: 0 for ``q > 1``, 1 for
    ``q = 1``, ``inf`` for ``0 < q < 1``; 0 at ``q = inf``.  Direct terms (with the
    base carried to double-double accuracy and compensated summation) until
    :math:`q + k \ge 7 + 0.45x`, then Euler-Maclaurin.  Near the pole (:math:`1 < x \le 1.125`) the
    pole term :math:`1/(x-1)` is kept in double-double and the tail's
    :math:`b^{1-x}/(x-1)` is written as :math:`1/(x-1) - \log b\,(e^y - 1)/y`,
    :math:`y = -(x-1)\log b`, so the result is rounded once (measured 0.5 ulp there).

    Examples
    --------
    >>> import specfun
    >>> float(specfun.zeta(2.0, 1.0))
    1.6449340668482264
    """,
)
def zeta(x, q):
    # near the pole first (the conditions exclude every special case below; q = inf makes the
    # log test false): the call then looks common enough to LLVM's static branch weights to be
    # inlined into the ufunc loop, which leaves the loop without an exception path
    if 1.0 < x <= 1.125 and q > 0.0 and (x - 1.0) * math.log(max(q, 8.0) + 1.0) <= 0.5:
        return _zeta_near_pole(x, q)        # the pole term and log(q + N) kept unrounded
    if x != x or q != q:
        return _NAN
    if x == 1.0:
        return _INF
    if x < 1.0:
        return _NAN
    if q <= 0.0:
        if q == -_INF:
            return _NAN
        if q == math.floor(q):
            return _INF                      # pole of the first term
        if x != math.floor(x):
            return _NAN                      # (negative)^-x is not real
    if x == _INF:
        if q > 1.0:
            return 0.0
        if q == 1.0:
            return 1.0
        if q > 0.0:
            return _INF
        return _NAN
    if q == _INF:
        return 0.0
    return _gam_hurwitz(x, q)


@helper
def _zeta_dx_sum(s, q):
    """-sum log(q+k) (q+k)^-s for s > 1, q > 0: direct terms, then Euler-Maclaurin differentiated in s."""
    big = 7.0 + 0.45 * s
    sm1 = s - 1.0
    total = 0.0
    comp = 0.0
    k = 0.0
    b = q
    while b < big:
        bk = b - q
        be = (q - (b - bk)) + (k - bk)       # TwoSum: q + k = b + be exactly
        lb = math.log(b) + be / b
        t = b ** (-s)
        if be != 0.0:
            t = t - s * (be / b) * t
        v = -lb * t
        u = total + v
        if abs(total) >= abs(v):             # Neumaier summation
            comp += (total - u) + v
        else:
            comp += (v - u) + total
        total = u
        if abs(total) == _INF:               # a term overflowed: beyond float64
            return total
        if b > 1.0:
            if t == 0.0:
                return total + comp
            # remainder <= t (lb + b (lb/(s-1) + 1/(s-1)^2)) (integral bound)
            if t * (lb + b * (lb / sm1 + 1.0 / (sm1 * sm1))) < -1e-18 * total:
                return total + comp
        k += 1.0
        b = q + k
    bk = b - q
    be = (q - (b - bk)) + (k - bk)
    lb = math.log(b) + be / b
    ib = 1.0 / b
    ib2 = ib * ib
    lead = b / sm1 + 0.5
    dlead = -b / (sm1 * sm1)
    em = 0.0
    dem = 0.0
    fac = s            # Pochhammer (s)_(2j-1)
    hs = 1.0 / s       # its logarithmic derivative, sum 1/(s+i)
    w = ib
    j = 0.0
    done = False
    for c in _EM_B1:                 # two short tables (a long tuple loop is not unrolled: slow)
        t = c * fac * w
        em += t
        dem += t * hs
        if abs(t) * (1.0 + abs(hs)) < 1e-18 * lead:
            done = True
            break
        a1 = s + 2.0 * j + 1.0
        a2 = s + 2.0 * j + 2.0
        fac *= a1 * a2
        hs += 1.0 / a1 + 1.0 / a2
        w *= ib2
        j += 1.0
    if not done:
        for c in _EM_B2:
            t = c * fac * w
            em += t
            dem += t * hs
            if abs(t) * (1.0 + abs(hs)) < 1e-18 * lead:
                break
            a1 = s + 2.0 * j + 1.0
            a2 = s + 2.0 * j + 2.0
            fac *= a1 * a2
            hs += 1.0 / a1 + 1.0 / a2
            w *= ib2
            j += 1.0
    g = ((dlead + dem) - lb * (lead + em)) * (1.0 - s * (be / b))
    p = g * b ** (-s)
    if abs(p) < 1e-290:
        h = b ** (-0.5 * s)        # subnormal result: apply the factor before the last halving
        p = (g * h) * h
    return total + (comp + p)


@defun(
    "zeta_dx",
    sigs=("ff->f", "dd->d"),
    # inlined into the loop: called, the kernel kept stale "may raise" return codes of its helpers
    # (status checks of inlined callees fold away only after the return code was analysed) and with
    # them the loop's exception path
    inline=True,
    args=(Arg("x", lo=1.0), Arg("q", lo=0.0)),
    grad={
        "x": NotImplementedGrad("second derivative in x not provided"),
        # d/dq d/dx zeta(x, q) = d/dx (-x zeta(x+1, q)) = -zeta(x+1, q) - x zeta_dx(x+1, q)
        "q": lambda ns, x, q, out: -ns.zeta(x + 1.0, q) - x * ns.zeta_dx(x + 1.0, q),
    },
    doc=r"""
    Derivative of the Hurwitz zeta function in its exponent,
    :math:`\partial\zeta(x, q)/\partial x = -\sum_{k\ge0} \log(k+q)\,(k+q)^{-x}`.

    Defined for ``x > 1`` and ``q > 0`` (nan otherwise; ``-inf`` at ``x = 1``,
    where it behaves as :math:`-1/(x-1)^2`).  Direct terms, then the
    Euler-Maclaurin expansion differentiated term by term in ``x``.  This is the
    ``x``-derivative rule of :func:`zeta`.

    Examples
    --------
    >>> import specfun
    >>> round(float(specfun.zeta_dx(2.0, 1.0)), 12)
    -0.937548254316
    """,
)
def zeta_dx(x, q):
    if x != x or q != q:
        return _NAN
    if x < 1.0 or q <= 0.0:
        return _NAN
    if x == 1.0:
        return -_INF
    if x == _INF:
        if q >= 1.0:
            return -0.0
        return -_INF
    if q == _INF:
        return -0.0
    return _zeta_dx_sum(x, q)
