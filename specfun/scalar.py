"""Compiled scalar kernels for your own ``@numba.njit`` code.

>>> import numba, specfun.scalar as sfs
>>> @numba.njit
... def f(x):
...     return sfs.erf(x) + sfs.gammaln(x)
>>> round(f(1.5), 12)
0.84532290884

Every public function (and alias) is available by name; float arguments in,
a float64 out.  Integer parameters (``polygamma``'s ``n``, the polynomial
degree) are passed as floats.  Compiled on first attribute access.
"""
from __future__ import annotations

from specfun._registry import ALIASES, REGISTRY


def __getattr__(name):
    canonical = ALIASES.get(name, name)
    spec = REGISTRY.get(canonical)
    if spec is None:
        raise AttributeError(f"module 'specfun.scalar' has no function {name!r}")
    from specfun._targets.cpu import SCALARS

    fn = SCALARS.get(spec.kernel.__name__)
    globals()[name] = fn
    return fn


def __dir__():
    return sorted([*REGISTRY, *ALIASES])
