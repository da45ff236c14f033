"""Target-neutral building blocks for family kernels.

Everything here follows the kernel rules (docs/design.md): scalars in, scalar
out, ``math`` only, no exceptions, no comprehensions.  Kernels call these by
bare global name so the retargeter can rebind them for each target.
"""
import math
import struct as _struct

from specfun._registry import helper, primitive

_SPLIT_DEKKER = 134217729.0  # 2**27 + 1: Veltkamp's splitting constant for float64


@primitive
def f64_bits(x):
    """The IEEE-754 bit pattern of the float64 ``x`` as an int64 (a bit cast, one instruction when compiled).

    Gives kernels the exponent and mantissa without ``math.frexp``, a C call that keeps
    the loop around a kernel from vectorizing.
    """
    return _struct.unpack("<q", _struct.pack("<d", float(x)))[0]


@primitive
def bits_f64(i):
    """The float64 whose IEEE-754 bit pattern is the int64 ``i`` (the inverse of :func:`f64_bits`)."""
    return _struct.unpack("<d", _struct.pack("<q", int(i)))[0]


@helper
def polevl(x, coef):
    """Horner evaluation of ``coef[0]*x**(n-1) + ... + coef[n-1]``.

    ``coef`` is a module-level tuple, highest degree first (the Cephes order,
    so ported tables keep their published layout).

    Numba unrolls iteration over a tuple of at most 15 items; from 16 on it
    copies the tuple to the stack and loops at run time, about 2x slower (and
    the loop around the kernel stops vectorizing).  So the tuple is walked in
    two static slices of at most 15 items each (tables up to 28 terms stay
    fast).  The first slice gets a leading 0, harmless at the head of Horner's
    rule, so it is never empty (Numba cannot type a loop over ``()``); the
    sequence of roundings is exactly the plain Horner loop's.
    """
    acc = 0.0
    for c in (0.0,) + coef[:-14]:
        acc = acc * x + c
    for c in coef[-14:]:
        acc = acc * x + c
    return acc


@helper
def p1evl(x, coef):
    """Horner evaluation with an implicit leading coefficient 1 (Cephes ``p1evl``).

    Evaluates ``x**n + coef[0]*x**(n-1) + ... + coef[n-1]``; torch's port of
    this routine as a plain Horner loop dropped the leading term.
    """
    return polevl(x, (1.0,) + coef)


@helper
def chbevl(x, coef):
    """Clenshaw sum of a Chebyshev series in Cephes' convention (``coef[0]`` is the highest term).

    Returns ``sum' c_k T_k(x/2)`` with the first term halved, as Cephes ``chbevl``.
    """
    b0 = 0.0
    b1 = 0.0
    b2 = 0.0
    # two static slices for the same reason as polevl; leading zeros leave b0 = b1 = 0
    for c in (0.0,) + coef[:-14]:
        b2 = b1
        b1 = b0
        b0 = x * b1 - b2 + c
    for c in coef[-14:]:
        b2 = b1
        b1 = b0
        b0 = x * b1 - b2 + c
    return 0.5 * (b0 - b2)


# error-free transformations (Knuth, Dekker): shared by the families that carry double-doubles

@helper
def two_sum_err(a, b, s):
    """Exact error a + b - s of s = fl(a + b) (Knuth's TwoSum, any magnitudes)."""
    bb = s - a
    return (a - (s - bb)) + (b - bb)


@helper
def dekker_two_prod_err(a, b, p):
    """Exact error a*b - p of p = fl(a*b) by Dekker's product (Veltkamp split, no FMA): exact
    when |a|, |b| < 2**995 and no partial product underflows (|p| > ~2**-900)."""
    c = _SPLIT_DEKKER * a
    ah = c - (c - a)
    al = a - ah
    c = _SPLIT_DEKKER * b
    bh = c - (c - b)
    bl = b - bh
    return ((ah * bh - p) + ah * bl + al * bh) + al * bl


@helper
def emulated_fma(a, b, c):
    """``a*b + c`` with the product's rounding error carried (Dekker's exact product, then
    one TwoSum): what :func:`fma` is on CPUs without the instruction.  Within an ulp of the
    fused result, and equal to it unless the final sum rounds across a tie."""
    p = a * b
    e = dekker_two_prod_err(a, b, p)
    s = p + c
    bb = s - p
    return s + (((p - (s - bb)) + (c - bb)) + e)


@primitive
def fma(a, b, c):
    """``a*b + c`` rounded once: the fused multiply-add.

    Numba never contracts ``a*b + c`` by itself (each step costs two roundings and two
    instructions).  The CPU target (where the CPU has FMA) and CUDA use the instruction;
    other CPUs :func:`emulated_fma`.  This plain-Python meaning (the CUDA simulator,
    interpreted kernels) is exact rational arithmetic rounded once, so it equals the
    instruction for every input.
    """
    if not (math.isfinite(a) and math.isfinite(b) and math.isfinite(c)):
        return a * b + c
    from fractions import Fraction

    r = Fraction(a) * Fraction(b) + Fraction(c)
    if r == 0:  # IEEE: -0 only when both a*b and c are -0
        neg = (a == 0 or b == 0) and math.copysign(1.0, a) * math.copysign(1.0, b) < 0 and math.copysign(1.0, c) < 0
        return -0.0 if neg else 0.0
    try:
        return float(r)
    except OverflowError:
        return math.inf if r > 0 else -math.inf


@primitive
def two_prod_err(a, b, p):
    """Exact error a*b - p of p = fl(a*b), as one fused multiply-add ``fma(a, b, -p)``.

    The CPU target (where the CPU has FMA) and CUDA use the instruction; elsewhere
    :func:`dekker_two_prod_err`.  This plain-Python meaning (the CUDA simulator,
    interpreted kernels) is Dekker's product where that is exact and exact rational
    arithmetic elsewhere, so it equals ``fma(a, b, -p)`` for every input.
    """
    if 1e-250 < abs(p) < 1e300 and abs(a) < 1e300 and abs(b) < 1e300:
        return dekker_two_prod_err(a, b, p)
    if not (math.isfinite(a) and math.isfinite(b) and math.isfinite(p)):
        return a * b - p
    from fractions import Fraction

    return float(Fraction(a) * Fraction(b) - Fraction(p))
