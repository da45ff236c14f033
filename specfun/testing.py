"""Measuring against the mpmath reference data: load it, call a function on it, ULP errors.

* :func:`load_reference` reads ``reference_data/<name>/<sig>.npz``.
* :func:`ulp_error` is the error measure of DESIGN.md: ``|got - want| / spacing(want)``
  in the OUTPUT dtype (the reference is first correctly rounded to that dtype for
  float32 and the half types; for float64 the exact ``hi + lo`` is used, so a
  correctly rounded result has error <= 0.5), or ``/ spacing(scale)`` where the
  data declares an absolute scale.  nan, +-inf and exact zeros are *special*: they
  must match exactly and are counted apart (so are nan/inf results where the
  reference is finite).
* :func:`measure` runs a function on its reference points and returns per-region figures;
  :func:`tolerance_for` reads the accepted figure from ``reference_data/baseline.json``.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

SIG_DTYPES = {"d": "float64", "f": "float32", "e": "float16", "bf16": "bfloat16"}
UNSTABLE, FAILED, UNDERFLOW, OVERFLOW = 1, 2, 4, 8


def data_dir() -> Path:
    from specfun.reference.generate import data_dir as _dd

    return _dd()


def np_dtype(sig_or_dtype) -> np.dtype:
    s = SIG_DTYPES.get(str(sig_or_dtype), sig_or_dtype)
    if str(s) == "bfloat16":
        import ml_dtypes

        return np.dtype(ml_dtypes.bfloat16)
    return np.dtype(s)


def sig_of(dtype) -> str:
    dt = np_dtype(dtype)
    for k, v in SIG_DTYPES.items():
        if np_dtype(v) == dt:
            return k
    raise ValueError(f"no reference signature for dtype {dt}")


def _finfo(dt):
    dt = np_dtype(dt)
    if dt.name == "bfloat16":
        import ml_dtypes

        return ml_dtypes.finfo(dt)
    return np.finfo(dt)


def spacing(v, dtype) -> np.ndarray:
    """ULP of the (non-negative) float64 values ``v`` in ``dtype``: 2^(max(e, emin) - p + 1).

    Values at or beyond the dtype's largest finite number get the ULP of that number;
    0 gets the smallest subnormal.
    """
    fi = _finfo(dtype)
    nmant, minexp, maxexp = int(fi.nmant), int(fi.minexp), int(fi.maxexp)
    v = np.abs(np.asarray(v, dtype=np.float64))
    with np.errstate(all="ignore"):
        _, e = np.frexp(np.where(np.isfinite(v), v, 1.0))
        e = e.astype(np.int64) - 1  # v = 1.m * 2^e
        e = np.where(v == 0, minexp, e)
        e = np.where(np.isfinite(v), e, maxexp - 1)
        e = np.clip(e, minexp, maxexp - 1)
    return np.ldexp(1.0, (e - nmant).astype(np.int32))


def round_to(hi, lo, dtype) -> np.ndarray:
    """Correctly round the exact value ``hi + lo`` to ``dtype`` (returned as float64)."""
    hi = np.asarray(hi, dtype=np.float64)
    lo = np.asarray(lo, dtype=np.float64)
    dt = np_dtype(dtype)
    if dt == np.float64:
        return hi.copy()
    fi = _finfo(dt)
    big = float(fi.max)
    with np.errstate(all="ignore"):
        q = spacing(hi, dt)
        t = hi / q  # exact: q is a power of two (finite, no underflow for these dtypes)
        fl = np.floor(t)
        frac = t - fl
        r = np.round(t)  # half to even
        tie = (frac == 0.5) & (lo != 0) & np.isfinite(t)
        r = np.where(tie, fl + (lo > 0), r)
        out = r * q
        out = np.where(np.abs(out) > big, np.copysign(np.inf, hi), out)
        out = np.where(np.isfinite(hi), out, hi)
    return out


@dataclass
class ULP:
    err: np.ndarray            # ULP error, 0 at special points (matched or not)
    special: np.ndarray        # the reference is special (nan, inf in the dtype, exact zero)
    wrong_special: np.ndarray  # special mismatch (or a nan/inf result where the reference is finite)


def ulp_error(got, want_hi, want_lo, dtype, scale=None, flags=None, strict_zero_sign=None) -> ULP:
    """The error measure; see the module docstring.

    ``flags`` (the data's bit set) tells exact zeros from underflowed ones;
    without it an ``hi == 0`` reference counts as an exact zero.
    ``strict_zero_sign``: points where the sign of a zero must match both ways
    (by default a reference -0.0 requires -0.0; a +0.0 accepts either sign).
    """
    dt = np_dtype(dtype)
    g = np.asarray(got).astype(np.float64)
    hi = np.asarray(want_hi, dtype=np.float64)
    lo = np.asarray(want_lo, dtype=np.float64)
    n = hi.shape
    flags = np.zeros(n, np.uint8) if flags is None else np.asarray(flags)
    w = round_to(hi, lo, dt)
    with np.errstate(all="ignore"):
        exact_zero = (hi == 0) & (lo == 0) & ((flags & UNDERFLOW) == 0)
        special = np.isnan(hi) | np.isinf(w) | exact_zero
        match = np.where(np.isnan(hi), np.isnan(g), g == w)
        zsign = np.signbit(g) == np.signbit(hi)
        need_sign = np.signbit(hi) if strict_zero_sign is None else (np.signbit(hi) | np.asarray(strict_zero_sign))
        match = np.where(exact_zero, (g == 0) & (zsign | ~need_sign), match)
        wrong = (special & ~match) | (~special & ~np.isfinite(g))
        if dt == np.float64:
            num = np.abs((g - hi) - lo)
        else:
            num = np.abs(g - w)
        if scale is None:
            sc = np.abs(w)
        else:
            s = np.asarray(scale, dtype=np.float64)
            sc = np.where(np.isnan(s), np.abs(w), s)
        err = num / spacing(sc, dt)
        err = np.where(special | ~np.isfinite(g), 0.0, err)
    return ULP(err, special, wrong)


# ---------------------------------------------------------------------------
# reference data

@dataclass
class Reference:
    name: str
    sig: str
    args: tuple
    hi: np.ndarray
    lo: np.ndarray
    flags: np.ndarray
    region: np.ndarray
    scale: np.ndarray
    region_names: list
    meta: dict = field(default_factory=dict)

    @property
    def dtype(self) -> np.dtype:
        return np_dtype(self.sig)

    def __len__(self):
        return len(self.hi)

    def strict_zero_sign(self) -> np.ndarray:
        """Points where the sign of a zero result must match both ways: odd functions at x = +-0."""
        from specfun.reference.definitions import ODD

        m = np.zeros(len(self.hi), bool)
        if self.name in ODD:
            m |= self.args[0] == 0
        return m


def load_reference(name: str, sig: str = "d") -> Reference:
    from specfun.reference.definitions import ALIASES

    name = ALIASES.get(name, name)
    sig = sig if sig in SIG_DTYPES else sig_of(sig)
    path = data_dir() / name / f"{sig}.npz"
    if not path.exists():
        raise FileNotFoundError(f"no reference data {path}; run `specfun refgen {name}`")
    with np.load(path, allow_pickle=False) as z:
        meta = json.loads(str(z["meta"]))
        k = len(meta["args"])
        return Reference(name, sig, tuple(z[f"arg{i}"] for i in range(k)), z["hi"], z["lo"], z["flags"],
                         z["region"], z["scale"], [str(s) for s in z["region_names"]], meta)


def has_reference(name: str, sig: str = "d") -> bool:
    return (data_dir() / name / f"{sig}.npz").exists()


# ---------------------------------------------------------------------------
# running a function on its reference points

def call_on_reference(func, ref: Reference, target: str | None = "cpu", dtype=None):
    """``func`` (a specfun public callable, or any callable with torch.special's argument
    order) on the reference inputs, in ``ref``'s dtype; returns a float64-convertible array."""
    dt = np_dtype(dtype or ref.sig)
    kinds = ref.meta["kinds"]
    kw = {} if target is None else {"target": target}
    scalar_pos = [i for i, k in enumerate(kinds) if k == "scalar"]
    n = len(ref.hi)
    out = np.empty(n, dtype=dt)

    dev = None
    if target == "cuda":  # the reference goes to the device and the result comes back
        from numba import cuda as dev

    def arrays(idx):
        vals = []
        for a, k in zip(ref.args, kinds, strict=True):
            if k == "real":
                vals.append(a[idx].astype(dt))
            elif k == "int":
                vals.append(a[idx].astype(np.float64))
            else:
                vals.append(None)
        if dev is not None:
            vals = [v if v is None else dev.to_device(np.ascontiguousarray(v)) for v in vals]
        return vals

    def host(res):
        return res.copy_to_host() if hasattr(res, "copy_to_host") else np.asarray(res)

    with np.errstate(all="ignore"):
        if not scalar_pos:
            idx = np.arange(n)
            res = func(*arrays(idx), **kw)
            out[:] = host(res).astype(dt)
            return out
        key = np.stack([ref.args[i] for i in scalar_pos], axis=1)
        out[:] = np.nan
        for combo in np.unique(key, axis=0):
            idx = np.nonzero((key == combo).all(axis=1))[0]
            vals = arrays(idx)
            for j, i in enumerate(scalar_pos):
                vals[i] = int(combo[j])
            try:
                res = func(*vals, **kw)
            except (ValueError, TypeError, RuntimeError):
                continue  # an invalid integer parameter: the points stay nan
            out[idx] = host(res).astype(dt)
    return out


@dataclass
class Figures:
    points: int
    max_ulp: float
    p99_ulp: float
    median_ulp: float
    wrong_special: int
    worst: int  # index into the reference (-1 if none)

    def as_dict(self):
        return {"points": self.points, "max_ulp": _r(self.max_ulp), "p99_ulp": _r(self.p99_ulp),
                "median_ulp": _r(self.median_ulp), "wrong_special": self.wrong_special}


def _r(v):
    if not math.isfinite(v):
        return v
    return float(f"{v:.3g}")


def figures(err: ULP, mask) -> Figures:
    idx = np.nonzero(mask)[0]
    if len(idx) == 0:
        return Figures(0, 0.0, 0.0, 0.0, 0, -1)
    e = err.err[idx]
    ws = int(np.count_nonzero(err.wrong_special[idx]))
    order = np.argsort(e, kind="stable")
    worst = int(idx[order[-1]])
    if ws and e[order[-1]] == 0:
        worst = int(idx[np.nonzero(err.wrong_special[idx])[0][0]])
    return Figures(len(idx), float(e.max()), float(np.percentile(e, 99)), float(np.median(e)), ws, worst)


def measure(name: str, sig: str, func=None, target: str | None = "cpu", ref: Reference | None = None):
    """{"all": Figures, region: Figures, ...}, the got array and the ULP result."""
    if ref is None:
        ref = load_reference(name, sig)
    if func is None:
        import specfun

        func = getattr(specfun, name)
    got = call_on_reference(func, ref, target)
    err = ulp_error(got, ref.hi, ref.lo, ref.dtype, ref.scale, ref.flags, ref.strict_zero_sign())
    ok = (ref.flags & FAILED) == 0
    out = {"all": figures(err, ok)}
    for i, rn in enumerate(ref.region_names):
        out[rn] = figures(err, ok & (ref.region == i))
    return out, got, err, ref


# ---------------------------------------------------------------------------
# baseline

def baseline_path() -> Path:
    return data_dir() / "baseline.json"


def load_baseline() -> dict:
    p = baseline_path()
    if not p.exists():
        return {}
    return json.loads(p.read_text()).get("functions", {})


def tolerance_for(name: str, dtype, region: str = "all", target: str = "cpu"):
    """The accepted figures ``{"max_ulp", "wrong_special", "points"}`` or None when not recorded."""
    sig = dtype if dtype in SIG_DTYPES else sig_of(dtype)
    key = sig if target in ("cpu", "parallel") else f"{target}:{sig}"
    return load_baseline().get(name, {}).get(key, {}).get(region)
