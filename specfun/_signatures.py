"""Dtype policy: one table for every function (DESIGN.md, "Dispatch and promotion").

| input dtype(s)             | computed in | result             |
|----------------------------|-------------|--------------------|
| bool, int*, uint*          | float64     | float64            |
| float16, bfloat16          | float32     | float16, bfloat16  |
| float32                    | float32     | float32            |
| float64                    | float64     | float64            |
| mixed                      | np.result_type, Python scalars weak (NEP 50) |
| complex, object, str, ...  | TypeError naming the function and dtype      |

Integer-valued parameters (``Arg(kind="int")``) and keyword parameters do not
take part in promotion: ``chebyshev_polynomial_t(x_float32, n_int64)`` is float32,
as in torch.
"""
from __future__ import annotations

import numpy as np

F32 = np.dtype(np.float32)
F64 = np.dtype(np.float64)
F16 = np.dtype(np.float16)

try:  # bfloat16 is optional (ml_dtypes); a missing package only removes that dtype
    import ml_dtypes as _ml

    BF16 = np.dtype(_ml.bfloat16)
except ImportError:  # pragma: no cover - exercised only without ml_dtypes
    BF16 = None

HALF = (F16,) if BF16 is None else (F16, BF16)


class Loop:
    """The resolved loop: the dtype the kernel computes in and the dtype returned."""

    __slots__ = ("compute", "result")

    def __init__(self, compute: np.dtype, result: np.dtype):
        self.compute = compute
        self.result = result

    def __repr__(self):
        return f"Loop(compute={self.compute}, result={self.result})"


_SUPPORTED_KINDS = frozenset("biuf")


def check_dtype(fname: str, argname: str, dt: np.dtype) -> None:
    if dt.kind in _SUPPORTED_KINDS or (BF16 is not None and dt == BF16):
        return
    raise TypeError(f"{fname}: unsupported dtype {dt} for argument {argname!r}; "
                    f"expected a real (bool, integer or floating) dtype")


def result_dtype(values) -> np.dtype:
    """np.result_type over array dtypes and weak Python scalars (NEP 50)."""
    try:
        return np.result_type(*(v if isinstance(v, (bool, int, float)) else v.dtype for v in values))
    except TypeError:  # bfloat16 with float16: ml_dtypes has no common type; float32 holds both
        return F32


def resolve(res: np.dtype) -> Loop:
    """Loop for a promoted result dtype."""
    if res.kind in "biu":
        return Loop(F64, F64)
    if res == F64:
        return Loop(F64, F64)
    if res == F32:
        return Loop(F32, F32)
    if res in HALF:
        return Loop(F32, res)
    if res.kind == "f":  # float128 and friends: compute in float64, return float64
        return Loop(F64, F64)
    raise TypeError(f"unsupported result dtype {res}")
