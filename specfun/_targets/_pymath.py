"""A ``math`` stand-in with IEEE results instead of exceptions, for interpreted kernels.

Compiled kernels (Numba CPU, CUDA) get IEEE semantics from the C library or libdevice:
``log(0) = -inf``, ``sqrt(-1) = nan``, ``exp(1000) = inf``.  Python's ``math`` raises
instead, which matters where kernels run as Python: Numba's CUDA simulator and the
pure-Python debug mode.  The retargeter rebinds ``math`` to this module there.
"""
import math as _math

import numpy as _np

_NUMPY_NAMES = {"asin": "arcsin", "acos": "arccos", "atan": "arctan", "atan2": "arctan2", "asinh": "arcsinh",
                "acosh": "arccosh", "atanh": "arctanh", "pow": "power", "fabs": "fabs"}


def _ieee(name, f):
    npf = getattr(_np, _NUMPY_NAMES.get(name, name), None)

    def g(*args):
        try:
            return f(*args)
        except (ValueError, OverflowError, ZeroDivisionError):
            if name == "lgamma":
                return _math.inf
            if name == "gamma":
                x = float(args[0])
                return _math.copysign(_math.inf, x) if x == 0.0 else (_math.nan if x < 0 else _math.inf)
            if npf is not None:
                with _np.errstate(all="ignore"):
                    return float(npf(*(float(a) for a in args)))
            return _math.nan

    g.__name__ = name
    return g


for _name in dir(_math):
    _obj = getattr(_math, _name)
    if _name.startswith("_"):
        continue
    globals()[_name] = _ieee(_name, _obj) if callable(_obj) else _obj
