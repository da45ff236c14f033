"""Orthogonal polynomials: Chebyshev T U V W (plain and shifted), Hermite H and He,
Laguerre L, Legendre P, and the Gegenbauer and generalized Laguerre polynomials
that their derivatives are written with.

Every polynomial is evaluated from its three-term recurrence (DLMF 18.9.1,
18.9.2) run in *compensated* arithmetic: beside the floating-point sequence
p_k the kernel carries the exact rounding error of every product (Dekker's
TwoProduct) and sum (Knuth's TwoSum) through the same recurrence (the
compensated-Horner/Clenshaw scheme of Graillat, Langlois and Louvet), so the
result is as if the recurrence ran in about twice the working precision.  The
plain recurrence loses up to n^2 ulps near x = +-1 (scipy and torch both do);
the compensated one stays within an ulp of the envelope for n up to 1e4 and
beyond.  Chebyshev polynomials of large degree use a doubling scheme for
U_m in double-double arithmetic (O(log n) steps, DLMF 18.9.1 iterated), so
n = 1e6 costs microseconds.  Values beyond the float64 range come out as
+-inf: the recurrences rescale by 2**-400 when they grow.

Sources: DLMF ch. 18 (recurrences, special values, derivatives 18.9.19-20,
18.9.23); Dekker 1971 and Knuth TAOCP 4.2.2 (error-free transformations).
"""
import math

from specfun._registry import NONDIFF, Arg, NotImplementedGrad, defun, helper

_SPLIT = 134217729.0        # 2**27 + 1: Dekker's splitting constant for float64
_UP = 2.0 ** 400            # rescaling step of the growing recurrences
_DOWN = 2.0 ** -400
_HUGE = 1e150               # above this |x| only n <= 2 can be finite
_CHEB_DOUBLING = 44         # Chebyshev degrees above this use the O(log n) doubling (measured crossover)
_INF = math.inf
_MAX_DEGREE = 4.611686018427388e18   # 2**62: larger degrees give nan (the kernels count in int64)
_MAX_LINEAR = 4294967296.0           # 2**32: above this the O(n) recurrences are not run (nan)


# --------------------------------------------------------------------------
# argument checks shared by every kernel

@helper
def _degree_status(x, n):
    """0: compute; 1: result is nan; 2: result is 0 (n < 0, as torch)."""
    if x != x or n != n:
        return 1
    if math.floor(n) != n or n > _MAX_DEGREE:  # a degree must be an integer (int64-safe: < 2**62)
        return 1
    if n < 0.0:
        return 2
    return 0


@helper
def _scale_back(r, s):
    """r * 2**(400 s) with overflow to +-inf (s counts the rescalings)."""
    while s > 0 and r != 0.0 and abs(r) < _INF:
        r = r * _UP
        s -= 1
    return r


@helper
def _inf_power(sgn, n):
    """sgn**n * inf for an integer n >= 1 (the sign of a leading term at +-inf)."""
    if sgn < 0.0 and n - 2.0 * math.floor(0.5 * n) == 1.0:
        return -_INF
    return _INF


# --------------------------------------------------------------------------
# double-double building blocks (error-free transformations, Dekker/Knuth)

@helper
def _two_prod(a, b):
    """(p, e) with p = fl(a*b) and p + e = a*b exactly (Dekker's split; |a|,|b| < 2**995)."""
    p = a * b
    c = _SPLIT * a
    ah = c - (c - a)
    al = a - ah
    c = _SPLIT * b
    bh = c - (c - b)
    bl = b - bh
    e = ((ah * bh - p) + ah * bl + al * bh) + al * bl
    return p, e


@helper
def _two_sum(a, b):
    """(s, e) with s = fl(a+b) and s + e = a+b exactly (Knuth)."""
    s = a + b
    bb = s - a
    e = (a - (s - bb)) + (b - bb)
    return s, e


@helper
def _dd_mul(ah, al, bh, bl):
    """Double-double product (relative error ~2**-104)."""
    p, e = _two_prod(ah, bh)
    e += ah * bl + al * bh
    h = p + e
    return h, e - (h - p)


@helper
def _dd_add(ah, al, bh, bl):
    """Double-double sum (accurate to ~2**-104 of the larger operand)."""
    s, e = _two_sum(ah, bh)
    e += al + bl
    h = s + e
    return h, e - (h - s)


# --------------------------------------------------------------------------
# Chebyshev: every kind obeys p_{k+1} = 2y p_k - p_{k-1}, p_0 = 1, and differs only in p_1

@helper
def _cheb_rec(yh, yl, p1h, p1l, n, pre):
    """p_n for y = yh + yl (double-double) by the compensated recurrence, p_0 = pre.

    ``pre`` is 1 or 2**-400 (a pre-scaling for values that would overflow midway);
    p1 = (p1h + p1l) * pre is passed already scaled.
    """
    ty = 2.0 * yh
    tyl = 2.0 * yl
    c = _SPLIT * ty
    th = c - (c - ty)
    tl = ty - th
    a = pre
    b = p1h
    ea = 0.0
    eb = p1l
    k = 1
    m = int(n)
    while k < m:
        # q + pe = 2y*b exactly (2y split once above)
        q = ty * b
        c = _SPLIT * b
        bh = c - (c - b)
        bl = b - bh
        pe = ((th * bh - q) + th * bl + tl * bh) + tl * bl
        # r + se = q - a exactly
        r = q - a
        bb = r - q
        se = (q - (r - bb)) + (-a - bb)
        # the error sequence obeys the same recurrence, driven by the local errors
        # (eb enters last: the error chain is one multiply-add deep per step)
        e = ty * eb + (((pe + se) + tyl * b) - ea)
        a = b
        b = r
        ea = eb
        eb = e
        k += 1
    return b + eb


@helper
def _cheb_doubling(yh, yl, p1h, p1l, n):
    """p_n = U_{n-1} p_1 - U_{n-2} from (U_m, U_{m-1}) doubled in double-double, O(log n).

    With A = U_m, B = U_{m-1} (DLMF 18.9.1 and the product formulas of U):
        U_{2m}   = (A - B)(A + B)
        U_{2m-1} = 2B(A - yB)      (bit 0: m -> 2m)
        U_{2m+1} = 2A(yA - B)      (bit 1: m -> 2m + 1)
    Values are kept below 2**400 by rescaling; s counts the factors 2**400 taken out
    (a doubling squares the scale, so s doubles with it).
    """
    big = int(n) - 1
    bit = 1
    while bit * 2 <= big:
        bit *= 2
    ah = 1.0
    al = 0.0  # U_m, m = 0
    bh = 0.0
    bl = 0.0  # U_{m-1}
    s = 0
    while bit > 0:
        dh, dl = _dd_add(ah, al, -bh, -bl)
        sh, sl = _dd_add(ah, al, bh, bl)
        ch, cl = _dd_mul(dh, dl, sh, sl)  # U_{2m}
        if big & bit:
            # U_{2m+1} = 2A(yA - B); the pair becomes (U_{2m+1}, U_{2m})
            yah, yal = _dd_mul(yh, yl, ah, al)
            wh, wl = _dd_add(yah, yal, -bh, -bl)
            nh, nl = _dd_mul(2.0 * ah, 2.0 * al, wh, wl)
            ah = nh
            al = nl
            bh = ch
            bl = cl
        else:
            # U_{2m-1} = 2B(A - yB); the pair becomes (U_{2m}, U_{2m-1})
            ybh, ybl = _dd_mul(yh, yl, bh, bl)
            wh, wl = _dd_add(ah, al, -ybh, -ybl)
            nh, nl = _dd_mul(2.0 * bh, 2.0 * bl, wh, wl)
            ah = ch
            al = cl
            bh = nh
            bl = nl
        s = 2 * s
        if abs(ah) > _UP or abs(bh) > _UP:
            ah *= _DOWN
            al *= _DOWN
            bh *= _DOWN
            bl *= _DOWN
            s += 1
        bit = bit // 2
    rh, rl = _dd_mul(ah, al, p1h, p1l)
    rh, rl = _dd_add(rh, rl, -bh, -bl)
    return _scale_back(rh + rl, s)


@helper
def _cheb_hyp_log(yh, n):
    """An upper estimate of log|p_n(y)| for |y| > 1: n acosh|y| + log(2n + 2)."""
    return n * math.acosh(abs(yh)) + math.log(2.0 * n + 2.0)


@helper
def _chebyshev(yh, yl, kind, n):
    """Chebyshev polynomial of the given kind (0 T, 1 U, 2 V, 3 W) at y = yh + yl, n >= 0 integral."""
    if n == 0.0:
        return 1.0
    if abs(yh) == _INF:
        # leading coefficient 2^(n-1) or 2^n > 0: the sign is that of y^n
        return _inf_power(yh, n)
    # p_1 as a double-double: T_1 = y, U_1 = 2y, V_1 = 2y - 1, W_1 = 2y + 1
    if kind == 0:
        p1h = yh
        p1l = yl
    elif kind == 1:
        p1h = 2.0 * yh
        p1l = 2.0 * yl
    else:
        p1h, p1l = _two_sum(2.0 * yh, -1.0 if kind == 2 else 1.0)
        p1l += 2.0 * yl
    if n == 1.0:
        return p1h + p1l
    ay = abs(yh)
    pre = 1.0
    s = 0
    if ay > 1.0:
        # outside [-1, 1] |p_n| grows like e^(n acosh|y|): overflow is decided up front
        lg = _cheb_hyp_log(yh, n)
        if lg > 800.0:
            return _inf_power(yh, n)
        if lg > 600.0 and n <= _CHEB_DOUBLING:
            # run the recurrence on p_k * 2**-400 (exact) and scale back at the end
            pre = _DOWN
            s = 1
    if n > _CHEB_DOUBLING:
        return _cheb_doubling(yh, yl, p1h, p1l, n)
    return _scale_back(_cheb_rec(yh, yl, p1h * pre, p1l * pre, n, pre), s)


@helper
def _chebyshev_plain(x, kind, n):
    st = _degree_status(x, n)
    if st == 1:
        return math.nan
    if st == 2:
        return 0.0
    return _chebyshev(x, 0.0, kind, n)


@helper
def _chebyshev_shifted(x, kind, n):
    st = _degree_status(x, n)
    if st == 1:
        return math.nan
    if st == 2:
        return 0.0
    # y = 2x - 1 kept exactly as a double-double (it is exact as a double only for x in [1/4, 1])
    if abs(x) == _INF:
        return _chebyshev(x, 0.0, kind, n)
    yh, yl = _two_sum(2.0 * x, -1.0)
    return _chebyshev(yh, yl, kind, n)


_N_ARGS = (Arg("x"), Arg("n", lo=0, kind="int"))


def _cheb_doc(title, formula, example_call, example_value, extra=""):
    return rf"""
    {title}.

    {formula}

    ``n`` must be integral (a non-integral ``n`` gives nan); ``n < 0`` gives 0 as in
    torch.special.  Evaluated by a compensated three-term recurrence for ``n <= 44`` and
    by double-double doubling of :math:`U_m` above (O(log n)), accurate to an ulp of
    the polynomial's size on :math:`[-1, 1]` for every degree; values past the float64
    range are ``+-inf``.{extra}

    Examples
    --------
    >>> import specfun
    >>> float(specfun.{example_call})
    {example_value}
    """


# derivative helpers: d/dx C_n^(a)(x) = 2a C_{n-1}^(a+1)(x) (DLMF 18.9.19), U_n = C_n^(1)
def _du(ns, y, n):
    return 2.0 * ns.gegenbauer_polynomial_c(y, n - 1.0, 2.0)


@defun(
    "chebyshev_polynomial_t",
    sigs=("ff->f", "dd->d"),
    args=_N_ARGS,
    grad={"x": lambda ns, x, n, out: n * ns.chebyshev_polynomial_u(x, n - 1.0), "n": NONDIFF},
    doc=_cheb_doc("Chebyshev polynomial of the first kind, :math:`T_n(x)`",
                  r":math:`T_n(\cos\theta) = \cos n\theta`; :math:`T_n'(x) = n U_{n-1}(x)`.",
                  "chebyshev_polynomial_t(0.5, 3.0)", "-1.0"),
)
def chebyshev_polynomial_t(x, n):
    return _chebyshev_plain(x, 0, n)


@defun(
    "chebyshev_polynomial_u",
    sigs=("ff->f", "dd->d"),
    args=_N_ARGS,
    grad={"x": lambda ns, x, n, out: _du(ns, x, n), "n": NONDIFF},
    doc=_cheb_doc("Chebyshev polynomial of the second kind, :math:`U_n(x)`",
                  r":math:`U_n(\cos\theta) = \sin((n+1)\theta)/\sin\theta`; "
                  r":math:`U_n'(x) = 2 C^{(2)}_{n-1}(x)` (Gegenbauer, stable at :math:`\pm1`).",
                  "chebyshev_polynomial_u(0.5, 3.0)", "-1.0"),
)
def chebyshev_polynomial_u(x, n):
    return _chebyshev_plain(x, 1, n)


@defun(
    "chebyshev_polynomial_v",
    sigs=("ff->f", "dd->d"),
    args=_N_ARGS,
    grad={"x": lambda ns, x, n, out: _du(ns, x, n) - _du(ns, x, n - 1.0), "n": NONDIFF},
    doc=_cheb_doc("Chebyshev polynomial of the third kind, :math:`V_n(x)`",
                  r":math:`V_n(\cos\theta) = \cos((n+\frac12)\theta)/\cos(\theta/2)`, "
                  r":math:`V_n = U_n - U_{n-1}`.",
                  "chebyshev_polynomial_v(0.5, 3.0)", "-1.0"),
)
def chebyshev_polynomial_v(x, n):
    return _chebyshev_plain(x, 2, n)


@defun(
    "chebyshev_polynomial_w",
    sigs=("ff->f", "dd->d"),
    args=_N_ARGS,
    grad={"x": lambda ns, x, n, out: _du(ns, x, n) + _du(ns, x, n - 1.0), "n": NONDIFF},
    doc=_cheb_doc("Chebyshev polynomial of the fourth kind, :math:`W_n(x)`",
                  r":math:`W_n(\cos\theta) = \sin((n+\frac12)\theta)/\sin(\theta/2)`, "
                  r":math:`W_n = U_n + U_{n-1}`.",
                  "chebyshev_polynomial_w(0.5, 3.0)", "-1.0"),
)
def chebyshev_polynomial_w(x, n):
    return _chebyshev_plain(x, 3, n)


_SHIFT_NOTE = r"""

    The argument :math:`2x - 1` is formed exactly (as a double-double), so the
    shifted polynomial is as accurate as the plain one at every :math:`x`."""


@defun(
    "shifted_chebyshev_polynomial_t",
    sigs=("ff->f", "dd->d"),
    args=_N_ARGS,
    grad={"x": lambda ns, x, n, out: 2.0 * n * ns.shifted_chebyshev_polynomial_u(x, n - 1.0), "n": NONDIFF},
    doc=_cheb_doc("Shifted Chebyshev polynomial of the first kind, :math:`T^*_n(x) = T_n(2x - 1)`",
                  r"Orthogonal on :math:`[0, 1]`.", "shifted_chebyshev_polynomial_t(0.25, 2.0)", "-0.5",
                  _SHIFT_NOTE),
)
def shifted_chebyshev_polynomial_t(x, n):
    return _chebyshev_shifted(x, 0, n)


@defun(
    "shifted_chebyshev_polynomial_u",
    sigs=("ff->f", "dd->d"),
    args=_N_ARGS,
    grad={"x": lambda ns, x, n, out: 2.0 * _du(ns, 2.0 * x - 1.0, n), "n": NONDIFF},
    doc=_cheb_doc("Shifted Chebyshev polynomial of the second kind, :math:`U^*_n(x) = U_n(2x - 1)`",
                  r"Orthogonal on :math:`[0, 1]`.", "shifted_chebyshev_polynomial_u(0.25, 2.0)", "0.0",
                  _SHIFT_NOTE),
)
def shifted_chebyshev_polynomial_u(x, n):
    return _chebyshev_shifted(x, 1, n)


@defun(
    "shifted_chebyshev_polynomial_v",
    sigs=("ff->f", "dd->d"),
    args=_N_ARGS,
    grad={"x": lambda ns, x, n, out: 2.0 * (_du(ns, 2.0 * x - 1.0, n) - _du(ns, 2.0 * x - 1.0, n - 1.0)),
          "n": NONDIFF},
    doc=_cheb_doc("Shifted Chebyshev polynomial of the third kind, :math:`V^*_n(x) = V_n(2x - 1)`",
                  r"Orthogonal on :math:`[0, 1]`.", "shifted_chebyshev_polynomial_v(0.25, 2.0)", "1.0",
                  _SHIFT_NOTE),
)
def shifted_chebyshev_polynomial_v(x, n):
    return _chebyshev_shifted(x, 2, n)


@defun(
    "shifted_chebyshev_polynomial_w",
    sigs=("ff->f", "dd->d"),
    args=_N_ARGS,
    grad={"x": lambda ns, x, n, out: 2.0 * (_du(ns, 2.0 * x - 1.0, n) + _du(ns, 2.0 * x - 1.0, n - 1.0)),
          "n": NONDIFF},
    doc=_cheb_doc("Shifted Chebyshev polynomial of the fourth kind, :math:`W^*_n(x) = W_n(2x - 1)`",
                  r"Orthogonal on :math:`[0, 1]`.", "shifted_chebyshev_polynomial_w(0.25, 2.0)", "-1.0",
                  _SHIFT_NOTE),
)
def shifted_chebyshev_polynomial_w(x, n):
    return _chebyshev_shifted(x, 3, n)


# --------------------------------------------------------------------------
# Hermite: p_{k+1} = m (x p_k - k p_{k-1}); m = 2 for H_n (p_1 = 2x), m = 1 for He_n (p_1 = x)

@helper
def _hermite(x, n, m):
    st = _degree_status(x, n)
    if st == 1:
        return math.nan
    if st == 2:
        return 0.0
    if n == 0.0:
        return 1.0
    if n == 1.0:
        return m * x
    if n > _MAX_LINEAR:
        return math.nan  # O(n) recurrence: degrees above 2**32 are not evaluated
    ax = abs(x)
    if ax > _HUGE:
        # p_n = (m x)^n (1 + O(n^2/x^2)): n = 2 is m^2 x^2 to the last bit, n >= 3 overflows
        if n == 2.0:
            return m * m * x * x
        return _inf_power(x, n)
    if ax == 0.0 and n - 2.0 * math.floor(0.5 * n) == 1.0:
        return 0.0  # odd polynomial at 0 (without a rounding residue)
    mx = m * x  # exact (m = 1 or 2): p_{k+1} = (m x) p_k - (m k) p_{k-1}
    c = _SPLIT * mx
    xh = c - (c - mx)
    xl = mx - xh
    a = 1.0
    ah = 1.0
    al = 0.0
    b = mx
    c = _SPLIT * b
    bh = c - (c - b)
    bl = b - bh
    ea = 0.0
    eb = 0.0
    s = 0
    k = 1
    nn = int(n)
    while k < nn:
        fk = m * float(k)
        # q + qe = (m x) b exactly (m x and b split in halves: Dekker)
        q = mx * b
        qe = ((xh * bh - q) + xh * bl + xl * bh) + xl * bl
        # v + ve = (m k) a exactly (m k < 2**26 is its own high half; a's halves are b's from the last step)
        v = fk * a
        ve = (fk * ah - v) + fk * al
        # r + re = q - v exactly
        r = q - v
        bb = r - q
        re = (q - (r - bb)) + (-v - bb)
        # the error sequence: eb enters last (one multiply-add of latency per step)
        e = mx * eb + (((qe - ve) + re) - fk * ea)
        a = b
        ah = bh
        al = bl
        ea = eb
        b = r
        c = _SPLIT * b
        bh = c - (c - b)
        bl = b - bh
        eb = e
        if abs(b) > _UP:
            # rescale by 2**-400 (exact, halves included)
            a *= _DOWN
            ah *= _DOWN
            al *= _DOWN
            b *= _DOWN
            bh *= _DOWN
            bl *= _DOWN
            ea *= _DOWN
            eb *= _DOWN
            s += 1
        if (k & 63) == 0:
            # fold the error terms back in every 64 steps, so that the carried sequence
            # never drifts far from the true one (the compensation stays second order)
            b, eb = _two_sum(b, eb)
            a, ea = _two_sum(a, ea)
            c = _SPLIT * a
            ah = c - (c - a)
            al = a - ah
            c = _SPLIT * b
            bh = c - (c - b)
            bl = b - bh
        k += 1
    return _scale_back(b + eb, s)


_HERMITE_NOTE = r"""

    ``n`` must be integral (a non-integral ``n`` gives nan); ``n < 0`` gives 0 as in
    torch.special.  Compensated recurrence with rescaling (O(n): about 4 ms at n = 1e6;
    degrees above 2**32 give nan),
    accurate to an ulp of the envelope :math:`\sqrt{2^n n!}\,e^{x^2/2}`; values past the
    float64 range are ``+-inf`` (torch gives nan)."""


@defun(
    "hermite_polynomial_h",
    sigs=("ff->f", "dd->d"),
    args=_N_ARGS,
    grad={"x": lambda ns, x, n, out: 2.0 * n * ns.hermite_polynomial_h(x, n - 1.0), "n": NONDIFF},
    doc=r"""
    Physicists' Hermite polynomial :math:`H_n(x)`.

    :math:`H_{n+1} = 2x H_n - 2n H_{n-1}`, :math:`H_n' = 2n H_{n-1}` (DLMF 18.9.1, 18.9.25).""" + _HERMITE_NOTE + r"""

    Examples
    --------
    >>> import specfun
    >>> float(specfun.hermite_polynomial_h(1.0, 3.0))
    -4.0
    """,
)
def hermite_polynomial_h(x, n):
    return _hermite(x, n, 2.0)


@defun(
    "hermite_polynomial_he",
    sigs=("ff->f", "dd->d"),
    args=_N_ARGS,
    grad={"x": lambda ns, x, n, out: n * ns.hermite_polynomial_he(x, n - 1.0), "n": NONDIFF},
    doc=r"""
    Probabilists' Hermite polynomial :math:`He_n(x) = 2^{-n/2} H_n(x/\sqrt2)`.

    :math:`He_{n+1} = x He_n - n He_{n-1}`, :math:`He_n' = n He_{n-1}` (DLMF 18.9.1).""" + _HERMITE_NOTE + r"""

    Examples
    --------
    >>> import specfun
    >>> float(specfun.hermite_polynomial_he(2.0, 3.0))
    2.0
    """,
)
def hermite_polynomial_he(x, n):
    return _hermite(x, n, 1.0)


# --------------------------------------------------------------------------
# Gegenbauer C_n^(a) (Legendre is a = 1/2) and generalized Laguerre L_n^(a) (Laguerre is a = 0):
# (k+1) p_{k+1} = (u_k) p_k - c_k p_{k-1}, with the division compensated by its exact remainder

@helper
def _rec_div(x, n, alpha, lag, p1h, p1l):
    """Compensated recurrence (k+1) p_{k+1} = u_k p_k - c_k p_{k-1}, p_0 = 1, p_1 = p1h + p1l.

    Gegenbauer (lag = 0): u_k = 2(k+a) x,       c_k = k + 2a - 1   (DLMF 18.9.1, table 18.9.1)
    Laguerre   (lag = 1): u_k = 2k + a + 1 - x, c_k = k + a        (DLMF 18.9.1, table 18.9.1)
    """
    a = 1.0
    b = p1h
    ea = 0.0
    eb = p1l
    s = 0
    k = 1
    nn = int(n)
    while k < nn:
        fk = float(k)
        # the coefficients are formed exactly as double-doubles (a need not be a small dyadic)
        if lag:
            # u = (2k + 1 + a) - x,  c = k + a
            gh, gl = _two_sum(2.0 * fk + 1.0, alpha)
            uh, ul = _two_sum(gh, -x)
            ul += gl
            ck, cl = _two_sum(fk, alpha)
        else:
            # u = 2(k + a) x,  c = (k - 1) + 2a
            gh, gl = _two_sum(fk, alpha)
            uh, ul = _two_prod(2.0 * gh, x)
            ul += 2.0 * gl * x
            ck, cl = _two_sum(fk - 1.0, 2.0 * alpha)
        # q + qe = u b (exact up to the second-order low-part products)
        q, qe = _two_prod(uh, b)
        qe += ul * b
        v, ve = _two_prod(ck, a)
        ve += cl * a
        r, re = _two_sum(q, -v)
        # divide by k + 1: w = r/(k+1) rounded, the remainder r - w (k+1) is exact
        d = fk + 1.0
        w = r / d
        ph, pl = _two_prod(w, d)
        rem = (r - ph) - pl
        inv = 1.0 / d
        e = (uh * inv) * eb + ((((qe - ve) + re) + rem) - ck * ea) * inv
        a = b
        b = w
        ea = eb
        eb = e
        if abs(b) > _UP:
            a *= _DOWN
            b *= _DOWN
            ea *= _DOWN
            eb *= _DOWN
            s += 1
        if (k & 63) == 0:
            # fold the error terms back in every 64 steps (keeps the compensation second order)
            b, eb = _two_sum(b, eb)
            a, ea = _two_sum(a, ea)
        k += 1
    return _scale_back(b + eb, s)


@helper
def _legendre_rec(x, n):
    """P_n(x), n >= 2, by (k+1) P_{k+1} = (2k+1) x P_k - k P_{k-1}, compensated.

    x is split once; the integer coefficients (< 2**26) are their own high halves, so
    every product error costs three flops; the division by k+1 is a multiplication by
    its reciprocal (off the critical path) whose exact remainder goes into the error term.
    """
    c = _SPLIT * x
    xh = c - (c - x)
    xl = x - xh
    a = 1.0
    ah = 1.0
    al = 0.0
    b = x
    bh = xh
    bl = xl
    ea = 0.0
    eb = 0.0
    s = 0
    k = 1
    nn = int(n)
    while k < nn:
        fk = float(k)
        f2 = 2.0 * fk + 1.0
        d = fk + 1.0
        inv = 1.0 / d
        # t + te = x*b exactly
        t = x * b
        te = ((xh * bh - t) + xh * bl + xl * bh) + xl * bl
        # u + ue = (2k+1)(t + te) (to second order)
        c = _SPLIT * t
        th = c - (c - t)
        tl = t - th
        u = f2 * t
        ue = ((f2 * th - u) + f2 * tl) + f2 * te
        # v + ve = k*a exactly
        v = fk * a
        ve = (fk * ah - v) + fk * al
        # r + re = u - v exactly
        r = u - v
        bb = r - u
        re = (u - (r - bb)) + (-v - bb)
        # w ~ r/(k+1); r - w(k+1) = rem exactly (w split, k+1 < 2**26)
        w = r * inv
        c = _SPLIT * w
        wh = c - (c - w)
        wl = w - wh
        p = w * d
        pe = (wh * d - p) + wl * d
        rem = (r - p) - pe
        # the error sequence; eb enters last (the factor (2k+1)x/(k+1) is formed off the chain)
        e = ((f2 * x) * inv) * eb + ((((ue - ve) + re) + rem) - fk * ea) * inv
        a = b
        ah = bh
        al = bl
        ea = eb
        b = w
        bh = wh
        bl = wl
        eb = e
        if abs(b) > _UP:
            a *= _DOWN
            ah *= _DOWN
            al *= _DOWN
            b *= _DOWN
            bh *= _DOWN
            bl *= _DOWN
            ea *= _DOWN
            eb *= _DOWN
            s += 1
        if (k & 63) == 0:
            # fold the error terms back in every 64 steps, so that the carried sequence
            # never drifts far from the true one (the compensation stays second order)
            b, eb = _two_sum(b, eb)
            a, ea = _two_sum(a, ea)
            c = _SPLIT * a
            ah = c - (c - a)
            al = a - ah
            c = _SPLIT * b
            bh = c - (c - b)
            bl = b - bh
        k += 1
    return _scale_back(b + eb, s)


@helper
def _laguerre_rec(x, n, p1h, p1l):
    """L_n(x), n >= 2, by (k+1) L_{k+1} = (2k+1) L_k - x L_k - k L_{k-1}, compensated.

    Same scheme as _legendre_rec; L_1 = 1 - x enters as the double-double p1h + p1l.
    """
    c = _SPLIT * x
    xh = c - (c - x)
    xl = x - xh
    a = 1.0
    ah = 1.0
    al = 0.0
    b = p1h
    c = _SPLIT * b
    bh = c - (c - b)
    bl = b - bh
    ea = 0.0
    eb = p1l
    s = 0
    k = 1
    nn = int(n)
    while k < nn:
        fk = float(k)
        f2 = 2.0 * fk + 1.0
        d = fk + 1.0
        inv = 1.0 / d
        # t + te = x*b, u + ue = (2k+1) b, v + ve = k a, all exact
        t = x * b
        te = ((xh * bh - t) + xh * bl + xl * bh) + xl * bl
        u = f2 * b
        ue = (f2 * bh - u) + f2 * bl
        v = fk * a
        ve = (fk * ah - v) + fk * al
        # r1 + re1 = u - t, r + re = r1 - v, exactly
        r1 = u - t
        bb = r1 - u
        re1 = (u - (r1 - bb)) + (-t - bb)
        r = r1 - v
        bb = r - r1
        re = (r1 - (r - bb)) + (-v - bb)
        w = r * inv
        c = _SPLIT * w
        wh = c - (c - w)
        wl = w - wh
        p = w * d
        pe = (wh * d - p) + wl * d
        rem = (r - p) - pe
        e = ((f2 - x) * inv) * eb + (((((ue - te) - ve) + (re1 + re)) + rem) - fk * ea) * inv
        a = b
        ah = bh
        al = bl
        ea = eb
        b = w
        bh = wh
        bl = wl
        eb = e
        if abs(b) > _UP:
            a *= _DOWN
            ah *= _DOWN
            al *= _DOWN
            b *= _DOWN
            bh *= _DOWN
            bl *= _DOWN
            ea *= _DOWN
            eb *= _DOWN
            s += 1
        if (k & 63) == 0:
            # fold the error terms back in every 64 steps, so that the carried sequence
            # never drifts far from the true one (the compensation stays second order)
            b, eb = _two_sum(b, eb)
            a, ea = _two_sum(a, ea)
            c = _SPLIT * a
            ah = c - (c - a)
            al = a - ah
            c = _SPLIT * b
            bh = c - (c - b)
            bl = b - bh
        k += 1
    return _scale_back(b + eb, s)


@helper
def _gegenbauer(x, n, alpha):
    st = _degree_status(x, n)
    if st == 1 or alpha != alpha:
        return math.nan
    if st == 2:
        return 0.0
    if n == 0.0:
        return 1.0
    if n == 1.0:
        return 2.0 * alpha * x
    ax = abs(x)
    if ax == _INF or ax > _HUGE:
        if n == 2.0:
            # C_2 = 2a(a+1) x^2 - a
            return 2.0 * alpha * (alpha + 1.0) * x * x - alpha
        if alpha > 0.0:
            return _inf_power(x, n)  # leading coefficient > 0 for a > 0
    if n > _MAX_LINEAR:
        return math.nan  # O(n) recurrence: degrees above 2**32 are not evaluated
    if alpha == 0.5:
        return _legendre_rec(x, n)
    # p_1 = 2a x exactly as a double-double
    p1h, p1l = _two_prod(2.0 * alpha, x)
    return _rec_div(x, n, alpha, 0, p1h, p1l)


@helper
def _laguerre(x, n, alpha):
    st = _degree_status(x, n)
    if st == 1 or alpha != alpha:
        return math.nan
    if st == 2:
        return 0.0
    if n == 0.0:
        return 1.0
    if abs(x) == _INF:
        return _inf_power(-x, n)  # leading term (-x)^n / n!
    # p_1 = (a + 1) - x exactly as a double-double (a + 1 itself may round)
    gh, gl = _two_sum(alpha, 1.0)
    p1h, p1l = _two_sum(gh, -x)
    p1l += gl
    if n == 1.0:
        return p1h + p1l
    if abs(x) > _HUGE:
        # leading term (-x)^n / n!; n = 2: x^2/2 - (a+2) x + (a+1)(a+2)/2
        if n == 2.0:
            return 0.5 * x * x - (alpha + 2.0) * x
        return _inf_power(-x, n)
    if n > _MAX_LINEAR:
        return math.nan  # O(n) recurrence: degrees above 2**32 are not evaluated
    if alpha == 0.0:
        return _laguerre_rec(x, n, p1h, p1l)
    return _rec_div(x, n, alpha, 1, p1h, p1l)


@defun(
    "legendre_polynomial_p",
    sigs=("ff->f", "dd->d"),
    args=_N_ARGS,
    grad={"x": lambda ns, x, n, out: ns.gegenbauer_polynomial_c(x, n - 1.0, 1.5), "n": NONDIFF},
    doc=r"""
    Legendre polynomial :math:`P_n(x)`.

    :math:`(n+1) P_{n+1} = (2n+1) x P_n - n P_{n-1}`; :math:`P_n = C^{(1/2)}_n` and
    :math:`P_n' = C^{(3/2)}_{n-1}` (DLMF 18.9.19), stable at :math:`x = \pm1`.

    ``n`` must be integral (a non-integral ``n`` gives nan); ``n < 0`` gives 0 as in
    torch.special.  Compensated recurrence (O(n): about 7 ms at n = 1e6; degrees above
    2**32 give nan), accurate to an ulp of :math:`\max(|P_n(x)|, 1)`; values past the
    float64 range are ``+-inf``.

    Examples
    --------
    >>> import specfun
    >>> float(specfun.legendre_polynomial_p(0.5, 2.0))
    -0.125
    """,
)
def legendre_polynomial_p(x, n):
    return _gegenbauer(x, n, 0.5)


@defun(
    "laguerre_polynomial_l",
    sigs=("ff->f", "dd->d"),
    args=_N_ARGS,
    grad={"x": lambda ns, x, n, out: -ns.generalized_laguerre_polynomial_l(x, n - 1.0, 1.0), "n": NONDIFF},
    doc=r"""
    Laguerre polynomial :math:`L_n(x)`.

    :math:`(n+1) L_{n+1} = (2n+1-x) L_n - n L_{n-1}`;
    :math:`L_n' = -L^{(1)}_{n-1}` (DLMF 18.9.23).

    ``n`` must be integral (a non-integral ``n`` gives nan); ``n < 0`` gives 0 as in
    torch.special.  Compensated recurrence (O(n): about 7 ms at n = 1e6; degrees above
    2**32 give nan), accurate to an ulp of :math:`\max(|L_n(x)|, e^{x/2})`; values past
    the float64 range are ``+-inf``.

    Examples
    --------
    >>> import specfun
    >>> float(specfun.laguerre_polynomial_l(1.0, 2.0))
    -0.5
    """,
)
def laguerre_polynomial_l(x, n):
    return _laguerre(x, n, 0.0)


@defun(
    "gegenbauer_polynomial_c",
    sigs=("fff->f", "ddd->d"),
    args=(Arg("x"), Arg("n", lo=0, kind="int"), Arg("alpha", lo=-0.5)),
    grad={"x": lambda ns, x, n, alpha, out: 2.0 * alpha * ns.gegenbauer_polynomial_c(x, n - 1.0, alpha + 1.0),
          "n": NONDIFF,
          "alpha": NotImplementedGrad("d/dalpha of a Gegenbauer polynomial is not provided")},
    doc=r"""
    Gegenbauer (ultraspherical) polynomial :math:`C^{(\alpha)}_n(x)`.

    :math:`(n+1) C_{n+1} = 2(n+\alpha) x C_n - (n+2\alpha-1) C_{n-1}`,
    :math:`C_0 = 1`, :math:`C_1 = 2\alpha x`; :math:`\frac{d}{dx} C^{(\alpha)}_n =
    2\alpha C^{(\alpha+1)}_{n-1}` (DLMF 18.9.19).  :math:`C^{(1/2)}_n = P_n` and
    :math:`C^{(1)}_n = U_n`.  Provided for the derivatives of the Chebyshev and
    Legendre polynomials; same conventions for ``n`` as they have.

    Examples
    --------
    >>> import specfun
    >>> float(specfun.gegenbauer_polynomial_c(0.5, 2.0, 1.0))
    0.0
    """,
)
def gegenbauer_polynomial_c(x, n, alpha):
    return _gegenbauer(x, n, alpha)


@defun(
    "generalized_laguerre_polynomial_l",
    sigs=("fff->f", "ddd->d"),
    args=(Arg("x"), Arg("n", lo=0, kind="int"), Arg("alpha", lo=-1.0)),
    grad={"x": lambda ns, x, n, alpha, out: -ns.generalized_laguerre_polynomial_l(x, n - 1.0, alpha + 1.0),
          "n": NONDIFF,
          "alpha": NotImplementedGrad("d/dalpha of a generalized Laguerre polynomial is not provided")},
    doc=r"""
    Generalized (associated) Laguerre polynomial :math:`L^{(\alpha)}_n(x)`.

    :math:`(n+1) L_{n+1} = (2n+\alpha+1-x) L_n - (n+\alpha) L_{n-1}`,
    :math:`L_0 = 1`, :math:`L_1 = \alpha + 1 - x`;
    :math:`\frac{d}{dx} L^{(\alpha)}_n = -L^{(\alpha+1)}_{n-1}` (DLMF 18.9.23).
    Provided for the derivative of :func:`laguerre_polynomial_l`; same conventions
    for ``n``.

    Examples
    --------
    >>> import specfun
    >>> float(specfun.generalized_laguerre_polynomial_l(1.0, 1.0, 1.0))
    1.0
    """,
)
def generalized_laguerre_polynomial_l(x, n, alpha):
    return _laguerre(x, n, alpha)
