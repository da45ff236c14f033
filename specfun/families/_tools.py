"""Target-neutral building blocks for family kernels.

Everything here follows the kernel rules (docs/design.md): scalars in, scalar
out, ``math`` only, no exceptions, no comprehensions.  Kernels call these by
bare global name so the retargeter can rebind them for each target.
"""
from specfun._registry import helper


@helper
def polevl(x, coef):
    """Horner evaluation of ``coef[0]*x**(n-1) + ... + coef[n-1]``.

    ``coef`` is a module-level tuple, highest degree first (the Cephes order,
    so ported tables keep their published layout).
    """
    acc = 0.0
    for c in coef:
        acc = acc * x + c
    return acc


@helper
def p1evl(x, coef):
    """Horner evaluation with an implicit leading coefficient 1 (Cephes ``p1evl``).

    Evaluates ``x**n + coef[0]*x**(n-1) + ... + coef[n-1]``; torch's port of
    this routine as a plain Horner loop dropped the leading term.
    """
    acc = 1.0
    for c in coef:
        acc = acc * x + c
    return acc


@helper
def chbevl(x, coef):
    """Clenshaw sum of a Chebyshev series in Cephes' convention (``coef[0]`` is the highest term).

    Returns ``sum' c_k T_k(x/2)`` with the first term halved, as Cephes ``chbevl``.
    """
    b0 = 0.0
    b1 = 0.0
    b2 = 0.0
    for c in coef:
        b2 = b1
        b1 = b0
        b0 = x * b1 - b2 + c
    return 0.5 * (b0 - b2)
