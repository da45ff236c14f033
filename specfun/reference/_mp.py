"""Evaluate one definition at one point: two precisions, a timeout, hi + lo floats.

``evaluate(name, args)`` returns ``(hi, lo, flags)`` where ``hi + lo`` is the
reference value (``hi`` the correctly rounded float64, ``lo`` the rounded
remainder) and ``flags`` is a bit set:

* ``UNSTABLE``: the digits at the two precisions disagree even at the raised
  precision (the value at the highest precision is kept);
* ``FAILED``: timeout or exception (value nan: such points are skipped by the report);
* ``UNDERFLOW``: the exact value is nonzero but rounds to +-0 in float64;
* ``OVERFLOW``: the exact value is finite but beyond the float64 range.
"""
from __future__ import annotations

import math
import signal
from fractions import Fraction

import mpmath

from specfun.reference.definitions import ARGS, NEG_ZERO, ODD, PREC_BITS, REFS

# bump when the evaluation itself changes (part of every file's checksum)
EVAL_VERSION = 1

UNSTABLE, FAILED, UNDERFLOW, OVERFLOW = 1, 2, 4, 8

DPS = 50          # first working precision (decimal digits); >= 40 as DESIGN.md asks
DPS_CHECK = 70    # second precision: digits must agree to AGREE digits
AGREE = 30
TIMEOUT_S = 20.0  # per point


class _Timeout(Exception):
    pass


def _alarm(signum, frame):
    raise _Timeout()


def _to_mpf(mp, v: float, kind: str):
    if kind in ("int", "scalar") and math.isfinite(v) and float(v).is_integer():
        return int(v) if kind == "scalar" else mp.mpf(v)
    return mp.mpf(v)


def _eval_at(name, args, prec_bits):
    mp = mpmath.mp
    with mp.workprec(prec_bits):
        margs = [_to_mpf(mp, float(v), k) for v, (_, k) in zip(args, ARGS[name])]
        v = REFS[name](mp, *margs)
        if isinstance(v, float):
            return v
        v = mp.mpf(mp.re(v)) if isinstance(v, mpmath.mpc) else mp.mpf(v)
        return v


def _agree(a, b, digits=AGREE):
    if isinstance(a, float) or isinstance(b, float):
        return (a == b) or (a != a and b != b)
    mp = mpmath.mp
    sa, sb = split(a), split(b)
    if sa[2] & (UNDERFLOW | OVERFLOW) and sa == sb:
        return True  # both beyond the float64 range on the same side: the stored value is the same
    if mp.isnan(a) or mp.isnan(b):
        return bool(mp.isnan(a) and mp.isnan(b))
    if mp.isinf(a) or mp.isinf(b):
        return a == b
    if a == b:
        return True
    with mp.workprec(400):
        return abs(a - b) <= abs(b) * mp.mpf(10) ** (-digits)


def split(v) -> tuple[float, float, int]:
    """(hi, lo, flags) for an mpf (or float): hi correctly rounded to float64."""
    if isinstance(v, float):
        return v, 0.0, 0
    mp = mpmath.mp
    if mp.isnan(v):
        return math.nan, 0.0, 0
    if mp.isinf(v):
        return (math.inf if v > 0 else -math.inf), 0.0, 0
    if v == 0:
        return 0.0, 0.0, 0
    sign, man, exp, bc = v._mpf_
    mag = exp + bc  # 2^(mag-1) <= |v| < 2^mag
    if mag < -1080:
        return (-0.0 if sign else 0.0), 0.0, UNDERFLOW
    if mag > 1030:
        return (-math.inf if sign else math.inf), 0.0, OVERFLOW
    f = Fraction(man) * (Fraction(2) ** exp)
    if sign:
        f = -f
    try:
        hi = float(f)
    except OverflowError:
        return (-math.inf if sign else math.inf), 0.0, OVERFLOW
    flags = 0
    if hi == 0.0:
        hi = -0.0 if sign else 0.0
        flags |= UNDERFLOW
        return hi, 0.0, flags
    lo = float(f - Fraction(hi))
    return hi, lo, flags


def evaluate(name: str, args, timeout: float = TIMEOUT_S) -> tuple[float, float, int]:
    """Reference value of ``name`` at the float64 point ``args``."""
    bits = PREC_BITS.get(name, 0)
    p1 = max(bits, int(DPS * 3.33) + 1)
    p2 = max(bits + 100, int(DPS_CHECK * 3.33) + 1)
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    flags = 0
    if any(v != v for v in args):
        return math.nan, 0.0, 0  # every function is nan at a nan argument
    if name in NEG_ZERO and float(args[0]) == 0.0 and math.copysign(1.0, float(args[0])) < 0:
        return NEG_ZERO[name], 0.0, 0  # mpf has no signed zero: the value at x = -0.0
    try:
        a = _eval_at(name, args, p1)
        b = _eval_at(name, args, p2)
        if not _agree(a, b):
            # raise the precision once more; keep the highest if still unstable
            a = _eval_at(name, args, 2 * p2)
            b2 = _eval_at(name, args, 3 * p2)
            if not _agree(a, b2):
                flags |= UNSTABLE
            b = b2
        v = b
    except (_Timeout, Exception):  # noqa: BLE001 - any failure is recorded, never fatal
        signal.setitimer(signal.ITIMER_REAL, 0)
        return math.nan, 0.0, FAILED
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    hi, lo, f2 = split(v)
    flags |= f2
    if hi == 0.0 and lo == 0.0 and not (flags & UNDERFLOW) and name in ODD and len(args) >= 1:
        x = float(args[0])
        if x == 0.0 and math.copysign(1.0, x) < 0:
            hi = -0.0
    return hi, lo, flags
