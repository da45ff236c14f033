"""Reductions family: softmax, log_softmax, logsumexp (torch.special's spelling and semantics).

These are not ufuncs: each is a NumPy function reducing along ``dim``.  The
work is one Numba-compiled loop over a ``(outer, n, inner)`` view of the input
(``n`` the reduced length), compiled lazily on the first call (``import
specfun`` compiles nothing) and cached on disk.

Numerics (per slice along ``dim``, max ``m`` at index ``k``):

* ``x_i - m`` is formed exactly as a double-word ``d_i + e_i`` (Knuth's
  TwoSum), and ``exp(x_i - m) = exp(d_i) (1 + e_i)``, so large ``|x|`` lose
  nothing to the shift;
* ``t = sum_{i != k} exp(x_i - m)`` is summed with Neumaier's compensation,
  and ``log(sum_i exp(x_i - m)) = log1p(t)`` (the max term, exactly 1, is left
  out of the sum so a dominant entry keeps full relative accuracy);
* ``logsumexp = m + log1p(t)``; ``softmax_i = exp(x_i - m)/(1 + t)``;
  ``log_softmax_i = (d_i - log1p(t)) + e_i`` (``d_i <= 0 <= log1p(t)``: no
  cancellation).

Special slices follow torch 2.13 exactly: a nan anywhere gives nan
(logsumexp) or a nan slice (softmax, log_softmax); an all ``-inf`` or empty
slice gives ``logsumexp = -inf`` and a nan softmax/log_softmax slice; a
``+inf`` entry gives ``logsumexp = inf`` and a nan softmax/log_softmax slice.
Measured against mpmath (50 digits, rows of 33 with |x| from 1e-3 to 1e5):
float64 max 2 ULP (softmax, logsumexp; logsumexp near a zero of the result
with the absolute scale max|x|/16), 1 ULP (log_softmax); float32 0 ULP.  The
exp is a vectorizable Cody-Waite + Taylor kernel (<= 1 ULP); logsumexp is 2-6x
faster than scipy.special, softmax/log_softmax about scipy's speed on batches
of rows (slower, 0.4-0.6x, on one long 1-D row and for softmax along a
non-last axis, where scipy's NumPy SIMD exp wins).

Dtypes: float32 and float64 compute in their own dtype (accumulating in
float64); float16/bfloat16 compute in float32 and round once; bool and integer
inputs give float64 (specfun's promotion; torch raises for integer softmax and
uses its default float dtype for logsumexp).  ``dtype=`` casts the input first,
as torch does; it must be a floating dtype.  Complex input is a ``TypeError``.
"""
from __future__ import annotations

import math
import operator
import threading

import numpy as np

from specfun import _signatures as sg
from specfun._registry import defreduction

_LSE, _SOFTMAX, _LOG_SOFTMAX = 0, 1, 2
_CHUNK = 2048  # elements of a row processed per exp/sum chunk (scratch stays in L1/L2)


# exp on [-746, 0] without calls, so that LLVM vectorizes the loop: exp(d) = 2^k exp(r),
# k = round(d/ln 2), r = d - k ln2 (Cody-Waite, fdlibm's split of ln 2), exp(r) by its Taylor series
# to r^13/13! (remainder < 2^-57 relative on |r| <= ln2/2), 2^(k+60) built from its bits, then
# one multiplication by 2^-60 (the single rounding of a subnormal result).  Measured <= 1 ULP.
_LN2_HI = 6.93147180369123816490e-01
_LN2_LO = 1.90821492927058770002e-10
_INV_LN2 = 1.44269504088896338700e+00
_ROUND = 6755399441055744.0  # 1.5 * 2^52: (y + R) - R rounds y to an integer
_TWOM60 = 8.673617379884035e-19  # 2^-60


def _reduce3(x, out, mode, m, t, c, k, bad, P, F, E):
    """One slab (n, inner) at a time of the (outer, n, inner) array ``x``.

    mode 0 writes logsumexp into out[o, 0, j]; mode 1 softmax and mode 2
    log_softmax write out[o, i, j].  Scratch: m t c k bad (length inner);
    P, F (n, inner) float64 with E the int64 view of F.
    """
    outer, n, inner = x.shape
    inf = math.inf
    for o in range(outer):
        for j in range(inner):
            m[j] = -inf
            k[j] = -1
            bad[j] = 0
        # pass 1: the max and its (first) index; nan is flagged, never the max
        for i in range(n):
            for j in range(inner):
                v = float(x[o, i, j])
                if v > m[j]:
                    m[j] = v
                    k[j] = i
                elif v != v:
                    bad[j] = 1
        # pass 2 (vectorized): P = exp(r) (1 + lo), E = bits of 2^(k+60), for x - m = d + lo exactly
        for i in range(n):
            for j in range(inner):
                v = float(x[o, i, j])
                mj = m[j]
                d = v - mj  # TwoSum: v - mj = d + lo
                bp = d - v
                ap = d - bp
                lo = (v - ap) + (-mj - bp)
                ok = d > -746.0  # false for -inf, nan, and where exp(d) rounds to 0
                lo = lo if ok else 0.0
                y = d if ok else -746.0
                kf = (y * _INV_LN2 + _ROUND) - _ROUND
                r = (y - kf * _LN2_HI) - kf * _LN2_LO
                q = 1.6059043836821613e-10
                q = q * r + 2.08767569878681e-09
                q = q * r + 2.505210838544172e-08
                q = q * r + 2.755731922398589e-07
                q = q * r + 2.7557319223985893e-06
                q = q * r + 2.48015873015873e-05
                q = q * r + 0.0001984126984126984
                q = q * r + 0.001388888888888889
                q = q * r + 0.008333333333333333
                q = q * r + 0.041666666666666664
                q = q * r + 0.16666666666666666
                q = q * r + 0.5
                q = 1.0 + (r + r * (r * q))
                P[i, j] = q + q * lo
                E[i, j] = (int(kf) + 1083) << 52
        # pass 3 (vectorized): the scaling; the max term is left out of the sum (it is exactly 1)
        for i in range(n):
            for j in range(inner):
                P[i, j] = (P[i, j] * F[i, j]) * _TWOM60
        for j in range(inner):
            if k[j] >= 0:
                P[k[j], j] = 0.0
            t[j] = 0.0
            c[j] = 0.0
        # pass 4: t = sum over i != k of exp(x_i - m), compensated (Neumaier), vectorized over j
        for i in range(n):
            for j in range(inner):
                e = P[i, j]
                tj = t[j]
                u = tj + e
                c[j] += ((tj - u) + e) if tj >= e else ((e - u) + tj)
                t[j] = u
        # pass 5: the results; slices with nan, +inf, or no finite max are special (torch's values)
        if mode == 0:
            for j in range(inner):
                mj = m[j]
                if bad[j]:
                    out[o, 0, j] = math.nan
                elif mj - mj != 0.0:  # -inf (all -inf or empty) or +inf: the max is the answer
                    out[o, 0, j] = mj
                else:
                    out[o, 0, j] = mj + math.log1p(t[j] + c[j])
        elif mode == 1:
            for j in range(inner):
                t[j] = 1.0 + (t[j] + c[j])  # the full sum, >= 1
            for i in range(n):
                for j in range(inner):
                    out[o, i, j] = P[i, j] / t[j]
            for j in range(inner):
                mj = m[j]
                if bad[j] or mj - mj != 0.0:  # nan, all -inf, or +inf present: torch gives nan
                    for i in range(n):
                        out[o, i, j] = math.nan
                elif k[j] >= 0:
                    out[o, k[j], j] = 1.0 / t[j]
        else:
            for j in range(inner):
                t[j] = math.log1p(t[j] + c[j])
            for i in range(n):
                for j in range(inner):
                    v = float(x[o, i, j])
                    mj = m[j]
                    d = v - mj  # (d - log sum) + lo: d <= 0 <= log sum, no cancellation
                    bp = d - v
                    ap = d - bp
                    lo = (v - ap) + (-mj - bp)
                    lo = lo if lo == lo else 0.0  # d = -inf: the result is -inf
                    out[o, i, j] = (d - t[j]) + lo
            for j in range(inner):
                mj = m[j]
                if bad[j] or mj - mj != 0.0:
                    for i in range(n):
                        out[o, i, j] = math.nan


def _reduce_rows(x, out, mode, P, F, E, B, store):
    """The same reductions over the contiguous last axis of the (outer, n) array ``x``.

    The slab loops of :func:`_reduce3` with inner = 1 do not vectorize; here the
    max, shift and exp loops run over i with scalar m, in chunks of ``B`` (the
    scratch P, F stay in cache), and the compensated sum runs in four
    independent lanes.  ``store``: softmax keeps exp(x_i - m) in ``out``
    between the passes (float64 out); otherwise B = n and P keeps them.
    """
    outer, n = x.shape
    inf = math.inf
    for o in range(outer):
        mx = -inf
        kk = -1
        nan_seen = False
        for i in range(n):
            v = float(x[o, i])
            if v > mx:
                mx = v
                kk = i
            elif v != v:
                nan_seen = True
        finite = mx - mx == 0.0
        if nan_seen or not finite:
            # nan present: nan; all -inf / empty: -inf (lse) or nan; +inf present: inf (lse) or nan
            if mode == 0:
                out[o, 0] = math.nan if nan_seen else mx
            else:
                for i in range(n):
                    out[o, i] = math.nan
            continue
        t0 = t1 = t2 = t3 = 0.0
        c0 = c1 = c2 = c3 = 0.0
        for st in range(0, n, B):
            cn = min(B, n - st)
            for ii in range(cn):  # vectorized: exp(x_i - m) as in _reduce3
                v = float(x[o, st + ii])
                d = v - mx
                bp = d - v
                ap = d - bp
                lo = (v - ap) + (-mx - bp)
                ok = d > -746.0
                lo = lo if ok else 0.0
                y = d if ok else -746.0
                kf = (y * _INV_LN2 + _ROUND) - _ROUND
                r = (y - kf * _LN2_HI) - kf * _LN2_LO
                q = 1.6059043836821613e-10
                q = q * r + 2.08767569878681e-09
                q = q * r + 2.505210838544172e-08
                q = q * r + 2.755731922398589e-07
                q = q * r + 2.7557319223985893e-06
                q = q * r + 2.48015873015873e-05
                q = q * r + 0.0001984126984126984
                q = q * r + 0.001388888888888889
                q = q * r + 0.008333333333333333
                q = q * r + 0.041666666666666664
                q = q * r + 0.16666666666666666
                q = q * r + 0.5
                q = 1.0 + (r + r * (r * q))
                P[ii] = q + q * lo
                E[ii] = (int(kf) + 1083) << 52
            for ii in range(cn):
                P[ii] = (P[ii] * F[ii]) * _TWOM60
            if st <= kk < st + cn:
                P[kk - st] = 0.0  # the max term (exactly 1) stays out of the sum
            if store:
                for ii in range(cn):
                    out[o, st + ii] = P[ii]
            # Neumaier summation in four lanes (independent dependency chains)
            n4 = cn - cn % 4
            for ii in range(0, n4, 4):
                e = P[ii]
                u = t0 + e
                c0 += ((t0 - u) + e) if t0 >= e else ((e - u) + t0)
                t0 = u
                e = P[ii + 1]
                u = t1 + e
                c1 += ((t1 - u) + e) if t1 >= e else ((e - u) + t1)
                t1 = u
                e = P[ii + 2]
                u = t2 + e
                c2 += ((t2 - u) + e) if t2 >= e else ((e - u) + t2)
                t2 = u
                e = P[ii + 3]
                u = t3 + e
                c3 += ((t3 - u) + e) if t3 >= e else ((e - u) + t3)
                t3 = u
            for ii in range(n4, cn):
                e = P[ii]
                u = t0 + e
                c0 += ((t0 - u) + e) if t0 >= e else ((e - u) + t0)
                t0 = u
        # combine the lanes: (t0 + t1) + (t2 + t3) with their rounding errors (TwoSum)
        a = t0 + t1
        ea = (t0 - (a - (a - t0))) + (t1 - (a - t0))
        b = t2 + t3
        eb = (t2 - (b - (b - t2))) + (t3 - (b - t2))
        tt = a + b
        et = (a - (tt - (tt - a))) + (b - (tt - a))
        tsum = tt + ((c0 + c1 + c2 + c3) + (ea + eb + et))
        if mode == 0:
            out[o, 0] = mx + math.log1p(tsum)
        elif mode == 1:
            s = 1.0 + tsum
            if store:
                for i in range(n):
                    out[o, i] = out[o, i] / s
            else:
                for i in range(n):
                    out[o, i] = P[i] / s
            out[o, kk] = 1.0 / s
        else:
            L = math.log1p(tsum)
            for i in range(n):
                v = float(x[o, i])
                d = v - mx
                bp = d - v
                ap = d - bp
                lo = (v - ap) + (-mx - bp)
                lo = lo if lo == lo else 0.0
                out[o, i] = (d - L) + lo


_compiled = None
_compile_lock = threading.Lock()


def _kernel():
    global _compiled
    if _compiled is None:
        with _compile_lock:
            if _compiled is None:
                from specfun._targets import cache

                cache.configure()
                import numba

                jit = numba.njit(cache=True, nogil=True, boundscheck=False)
                _compiled = (jit(_reduce3), jit(_reduce_rows))
    return _compiled


def _run(name, x3, mode):
    outer, n, inner = x3.shape
    out = np.empty((outer, 1 if mode == _LSE else n, inner), x3.dtype)
    if out.size == 0 and not (mode == _LSE and outer * inner):
        return out
    if inner == 1:
        store = mode == _SOFTMAX and out.dtype == np.float64
        B = n if (mode == _SOFTMAX and not store) else max(1, min(n, _CHUNK))
        P = np.empty(B)
        F = np.empty(B)
        _kernel()[1](x3.reshape(outer, n), out.reshape(outer, -1), mode, P, F, F.view(np.int64), B, store)
        return out
    m = np.empty(inner)
    t = np.empty(inner)
    c = np.empty(inner)
    k = np.empty(inner, np.int64)
    bad = np.empty(inner, np.int8)
    P = np.empty((n, inner))
    F = np.empty((n, inner))
    _kernel()[0](x3, out, mode, m, t, c, k, bad, P, F, F.view(np.int64))
    return out


# ---------------------------------------------------------------------------
# argument handling

def _as_array(name, x):
    """(NumPy array, torch-wrapper or None) for the input."""
    back = None
    if type(x).__module__.startswith("torch"):
        import torch

        if x.is_cuda:
            raise TypeError(f"{name}: CUDA tensors are not supported here; use specfun.torch.{name} "
                            f"or torch.special.{name}")
        t = x.detach()
        if t.dtype.is_complex:
            raise TypeError(f"{name}: unsupported dtype {t.dtype}; expected a real dtype")
        if t.dtype == torch.bfloat16:
            arr = t.view(torch.int16).numpy().view(sg.BF16) if sg.BF16 is not None else t.float().numpy()
        else:
            arr = t.numpy()
        back = _to_torch
        return arr, back
    if isinstance(x, complex):
        raise TypeError(f"{name}: unsupported dtype complex; expected a real (bool, integer or floating) dtype")
    try:
        arr = np.asarray(x)
    except Exception as exc:
        raise TypeError(f"{name}: input is not array-like: {exc}") from None
    sg.check_dtype(name, "input", arr.dtype)
    return arr, back


def _to_torch(arr):
    import torch

    if sg.BF16 is not None and arr.dtype == sg.BF16:
        return torch.from_numpy(np.ascontiguousarray(arr).view(np.int16)).view(torch.bfloat16)
    return torch.from_numpy(np.ascontiguousarray(arr))


def _dtype_arg(name, dtype):
    if dtype is None:
        return None
    if type(dtype).__module__.startswith("torch"):
        import torch

        if dtype == torch.bfloat16:
            if sg.BF16 is None:
                raise TypeError(f"{name}: bfloat16 needs ml_dtypes")
            return sg.BF16
        dtype = str(dtype).replace("torch.", "")
    try:
        dt = np.dtype(dtype)
    except TypeError:
        raise TypeError(f"{name}: dtype must be a floating dtype, got {dtype!r}") from None
    if not (dt.kind == "f" or (sg.BF16 is not None and dt == sg.BF16)):
        raise TypeError(f"{name}: dtype must be a floating dtype (float16, bfloat16, float32, float64), "
                        f"got {dt}")
    return dt


def _compute_dtype(arr_dtype):
    """(compute dtype, result dtype) by specfun's promotion."""
    loop = sg.resolve(arr_dtype)
    return loop.compute, loop.result


def _norm_dim(name, d, ndim):
    if isinstance(d, bool) or d is None:
        raise TypeError(f"{name}: dim must be an int, got {d!r}")
    try:
        d = operator.index(d)
    except TypeError:
        raise TypeError(f"{name}: dim must be an int, got {type(d).__name__} {d!r}") from None
    lo, hi = (-1, 0) if ndim == 0 else (-ndim, ndim - 1)
    if not lo <= d <= hi:
        raise IndexError(f"{name}: dimension out of range (expected to be in range of [{lo}, {hi}], but got {d})")
    return d % max(ndim, 1) if ndim else 0


def _prepare(name, x, dtype):
    arr, back = _as_array(name, x)
    if dtype is not None:
        arr = arr.astype(dtype)
    compute, result = _compute_dtype(arr.dtype)
    if arr.dtype != compute:
        arr = arr.astype(compute)
    return arr, compute, result, back


def _three(arr, axes):
    """A C-contiguous (outer, n, inner) view (a copy only when the reduced axes are not adjacent)."""
    nd = arr.ndim
    axes = sorted(axes)
    if axes and axes != list(range(axes[0], axes[-1] + 1)):
        rest = [a for a in range(nd) if a not in axes]
        arr = np.transpose(arr, rest + axes)
        axes = list(range(nd - len(axes), nd))
    if not arr.flags.c_contiguous:
        arr = np.ascontiguousarray(arr)
    shape = arr.shape
    if not axes:
        return arr.reshape(-1, 1, 1), shape
    a0, a1 = axes[0], axes[-1] + 1
    outer = math.prod(shape[:a0])
    n = math.prod(shape[a0:a1])
    inner = math.prod(shape[a1:])
    return arr.reshape(outer, n, inner), shape


def _finish(res, result, back):
    if res.dtype != result:
        res = res.astype(result)
    if back is not None:
        return back(res)
    return res[()] if res.ndim == 0 else res



def _is_dask(x) -> bool:
    return type(x).__module__.startswith("dask.")


def _dask_reduce(name, x, dims, keepdim, dtype, block_fn):
    """A lazy dask result: the reduced dims rechunked into one chunk, then ``block_fn`` per block.

    Each block holds whole slices along ``dims``, so every block computes exactly
    what the NumPy call computes on those slices (bit-identical to it).
    """
    nd = x.ndim
    dims = sorted(_norm_dim(name, d, nd) for d in dims)
    dt = _dtype_arg(name, dtype)
    _, result = _compute_dtype(np.dtype(dt) if dt is not None else x.dtype)
    if nd == 0:
        return x.map_blocks(block_fn, dtype=result)
    xs = x.rechunk({d: -1 for d in dims})
    if keepdim:
        chunks = tuple((1,) if a in dims else c for a, c in enumerate(xs.chunks))
        return xs.map_blocks(block_fn, dtype=result, chunks=chunks)
    return xs.map_blocks(block_fn, dtype=result, drop_axis=dims)


def _softmax_like(name, mode, x, dim, dtype):
    if _is_dask(x):  # lazy: one task per block of whole slices
        return _dask_reduce(name, x, [dim], True, dtype,
                            lambda b: _softmax_like(name, mode, b, dim, dtype))
    dt = _dtype_arg(name, dtype)
    arr, compute, result, back = _prepare(name, x, dt)
    nd = arr.ndim
    d = _norm_dim(name, dim, nd)
    if nd == 0:
        arr = arr.reshape(1)
    x3, shape = _three(arr, [d])
    res = _run(name, x3, mode).reshape(shape)
    if nd == 0:
        res = res.reshape(())
    return _finish(res, result, back)


# ---------------------------------------------------------------------------
# vector-Jacobian products, written once for NumPy, torch and JAX arrays

def _sum(a, dim, keepdim=True):
    if type(a).__module__.startswith("torch"):
        return a.sum(dim=dim, keepdim=keepdim)
    return a.sum(axis=dim, keepdims=keepdim)


def _exp(a):
    mod = type(a).__module__
    if mod.startswith("torch"):
        return a.exp()
    if mod.startswith("jax"):
        import jax.numpy as jnp

        return jnp.exp(a)
    return np.exp(a)


def _dims(dim, ndim):
    if isinstance(dim, (tuple, list)):
        if len(dim) == 0:
            return tuple(range(ndim))
        return tuple(sorted(int(d) % max(ndim, 1) for d in dim)) if ndim else ()
    return (int(dim) % max(ndim, 1),) if ndim else ()


def _vjp_softmax(g, x, out, dim, keepdim=False):
    """softmax: g -> y (g - sum(g y))."""
    dims = _dims(dim, out.ndim)
    if not dims:  # 0-d: softmax is constant 1 (or nan)
        return g * 0.0
    return out * (g - _sum(g * out, dims))


def _vjp_log_softmax(g, x, out, dim, keepdim=False):
    """log_softmax: g -> g - softmax sum(g)."""
    dims = _dims(dim, out.ndim)
    if not dims:
        return g * 0.0
    return g - _exp(out) * _sum(g, dims)


def _vjp_logsumexp(g, x, out, dim, keepdim=False):
    """logsumexp: g -> g exp(x - out), broadcast back over the reduced dims."""
    dims = _dims(dim, x.ndim)
    if not keepdim and dims:
        for d in dims:  # ascending: re-insert the reduced dims
            if type(g).__module__.startswith("torch"):
                g, out = g.unsqueeze(d), out.unsqueeze(d)
            else:
                import numpy as _np

                xp = _np
                if type(g).__module__.startswith("jax"):
                    import jax.numpy as xp
                g, out = xp.expand_dims(g, d), xp.expand_dims(out, d)
    return g * _exp(x - out)


# ---------------------------------------------------------------------------
# the public functions

@defreduction(
    "softmax",
    vjp=_vjp_softmax,
    doc=r"""
    Softmax along ``dim``: :math:`e^{x_i} / \sum_j e^{x_j}`.

    ``softmax(input, dim, *, dtype=None)`` as torch.special.softmax.  The max is
    subtracted exactly (double-word difference), so any finite input works.
    ``dtype=`` casts the input first (a floating dtype).  A slice holding nan,
    ``+inf``, or only ``-inf`` gives nan (as torch).  Integer input gives
    float64 (torch raises).

    Examples
    --------
    >>> import specfun
    >>> [round(float(v), 6) for v in specfun.softmax([0.0, 1.0], 0)]
    [0.268941, 0.731059]
    """,
)
def softmax(input, dim, *, dtype=None):  # noqa: A002  (torch's spelling)
    return _softmax_like("softmax", _SOFTMAX, input, dim, dtype)


@defreduction(
    "log_softmax",
    vjp=_vjp_log_softmax,
    doc=r"""
    Log of the softmax along ``dim``: :math:`x_i - \log\sum_j e^{x_j}`.

    ``log_softmax(input, dim, *, dtype=None)`` as torch.special.log_softmax;
    computed as :math:`(x_i - m) - \log(1 + t)` with :math:`m` the max, so the
    two terms never cancel.  Special slices as :func:`softmax`.

    Examples
    --------
    >>> import specfun
    >>> float(specfun.log_softmax([0.0, 0.0], 0)[0]) == -0.6931471805599453
    True
    """,
)
def log_softmax(input, dim, *, dtype=None):  # noqa: A002
    return _softmax_like("log_softmax", _LOG_SOFTMAX, input, dim, dtype)


@defreduction(
    "logsumexp",
    vjp=_vjp_logsumexp,
    doc=r"""
    :math:`\log\sum_i e^{x_i}` over ``dim`` (an int or a tuple of ints).

    ``logsumexp(input, dim, keepdim=False)`` as torch.special.logsumexp.  An
    all ``-inf`` or empty slice gives ``-inf``; ``+inf`` present gives ``inf``;
    nan present gives nan.  ``dim=()`` reduces every dimension (torch 2.13
    raises there).  Computed as :math:`m + \operatorname{log1p}(t)` with the max
    :math:`m` left out of the compensated sum :math:`t`.

    Examples
    --------
    >>> import specfun
    >>> float(specfun.logsumexp([1000.0, 1000.0], 0)) == 1000.0 + 0.6931471805599453
    True
    """,
)
def logsumexp(input, dim, keepdim=False):  # noqa: A002
    name = "logsumexp"
    if _is_dask(input):  # lazy: one task per block of whole slices
        dims = list(dim) if isinstance(dim, (tuple, list)) else [dim]
        if len(dims) == 0:
            dims = list(range(input.ndim))
        return _dask_reduce(name, input, dims, keepdim, None, lambda b: logsumexp(b, dim, keepdim))
    arr, compute, result, back = _prepare(name, input, None)
    nd = arr.ndim
    if isinstance(dim, (tuple, list)):
        dims = [_norm_dim(name, d, nd) for d in dim]
        if len(set(dims)) != len(dims):
            raise ValueError(f"{name}: dim {sorted(dims)} appears multiple times in the list of dims")
        if not dims:
            dims = list(range(nd))
    else:
        dims = [_norm_dim(name, dim, nd)]
    if nd == 0:
        res = arr.astype(compute).reshape(())
        return _finish(res.copy(), result, back)
    x3, shape = _three(arr, dims)
    res = _run(name, x3, _LSE)
    keep_shape = tuple(1 if a in dims else s for a, s in enumerate(arr.shape))
    res = res.reshape(keep_shape)
    if not keepdim:
        res = res.reshape(tuple(s for a, s in enumerate(arr.shape) if a not in dims))
    return _finish(res, result, back)
