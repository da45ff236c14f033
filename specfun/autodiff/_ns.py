"""Namespaces that derivative rules are written against.

A rule is ``lambda ns, *args, out: ...``.  ``ns`` supplies array operations
(the names below) and every specfun function by its public name, already
wrapped for the active framework, so rules of rules compose.  Arithmetic
operators work on the framework's arrays directly.

Array operations every namespace provides:
    exp log log1p expm1 sqrt sin cos tan sinh cosh tanh abs sign floor
    where isnan isinf isfinite maximum minimum square zeros_like ones_like
and constants pi, inf, nan.
"""
from __future__ import annotations

import math

import numpy as np

OPS = ("exp", "log", "log1p", "expm1", "sqrt", "sin", "cos", "tan", "sinh", "cosh", "tanh", "abs", "sign",
       "floor", "where", "isnan", "isinf", "isfinite", "maximum", "minimum", "square", "zeros_like", "ones_like")


class NumpyNS:
    """Rules evaluated on NumPy arrays with specfun's own functions."""

    pi = math.pi
    inf = math.inf
    nan = math.nan

    def __init__(self):
        for op in OPS:
            setattr(self, op, getattr(np, op))

    def __getattr__(self, name):
        import specfun

        fn = getattr(specfun, name)
        setattr(self, name, fn)
        return fn


NUMPY = NumpyNS()
