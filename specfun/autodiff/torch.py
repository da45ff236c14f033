"""specfun.torch: every specfun function on torch tensors, with autograd from the derivative table.

``specfun.torch.<name>`` exists for every public name (the registry's functions,
their aliases, and the reductions).  For each elementwise function one
``torch.autograd.Function`` is generated:

* forward: the tensors are viewed as NumPy arrays (no copy; bfloat16 through
  an int16 view and ml_dtypes), specfun's compiled kernel runs, and the result
  is wrapped back with ``torch.from_numpy``.  CUDA tensors go to specfun's CUDA
  target (``specfun._targets.cuda``) through ``__cuda_array_interface__``, with
  no host round trip; without it they raise ``TypeError``.
* backward: each partial derivative is the registered rule (``spec.grad``)
  evaluated with :data:`TORCH` — torch ops plus the specfun.torch functions
  themselves — so with ``create_graph=True`` the backward is itself
  differentiable and higher derivatives follow (gradgradcheck passes).
  Gradients of broadcast arguments are summed back to the argument's shape.
  ``NONDIFF`` arguments get no gradient; a ``NotImplementedGrad`` argument
  raises ``NotImplementedError`` only when its gradient is requested.

Promotion is torch's: ``torch.result_type`` over the real arguments (Python
scalars weak), integer and bool results become ``torch.get_default_dtype()``.
Integer-order arguments (polynomial ``n``) do not take part.  Keyword
parameters (``logit``'s ``eps``, ``round``'s ``decimals``) and Python-int
parameters (``polygamma``'s ``n``, ``multigammaln``'s ``p``) pass through.

The reductions (softmax, log_softmax, logsumexp) use the NumPy implementation
forward and the registered vector-Jacobian product, evaluated with torch ops,
backward (so double backward works too).

``torch.compile``: the functions run NumPy code, which dynamo cannot trace;
each is wrapped in ``torch.compiler.disable``, so a compiled function that
calls specfun.torch gets a clean graph break around each call, which runs
eagerly (correct, autograd included, but not fused).
"""
from __future__ import annotations

import functools
import math

import numpy as np
import torch

import specfun as _sf
from specfun import _signatures as sg
from specfun._registry import ALIASES, NONDIFF, REDUCTIONS, REGISTRY, NotImplementedGrad
from specfun.autodiff._ns import OPS

__all__ = sorted([*REGISTRY, *ALIASES, *REDUCTIONS])


# ---------------------------------------------------------------------------
# the namespace rules are evaluated with

def _t(v, like=None):
    if isinstance(v, torch.Tensor):
        return v
    if like is not None:
        return torch.as_tensor(v, dtype=like.dtype, device=like.device)
    return torch.as_tensor(v, dtype=torch.get_default_dtype())


def _first_tensor(*vals):
    for v in vals:
        if isinstance(v, torch.Tensor):
            return v
    return None


class TorchNS:
    """Rules on torch tensors: torch ops (scalars wrapped) and the specfun.torch functions."""

    pi = math.pi
    inf = math.inf
    nan = math.nan

    def __init__(self):
        def unary(op):
            f = getattr(torch, op)
            return lambda a: f(_t(a))

        for op in OPS:
            if op not in ("where", "maximum", "minimum"):
                setattr(self, op, unary(op))

    @staticmethod
    def where(cond, a, b):
        like = _first_tensor(a, b, cond if not isinstance(cond, torch.Tensor) or cond.is_floating_point() else None)
        if like is None or not like.is_floating_point():
            like = torch.empty((), dtype=torch.get_default_dtype(),
                               device=cond.device if isinstance(cond, torch.Tensor) else None)
        return torch.where(_t(cond, None) if not isinstance(cond, torch.Tensor) else cond, _t(a, like), _t(b, like))

    @staticmethod
    def maximum(a, b):
        like = _first_tensor(a, b)
        return torch.maximum(_t(a, like), _t(b, like))

    @staticmethod
    def minimum(a, b):
        like = _first_tensor(a, b)
        return torch.minimum(_t(a, like), _t(b, like))

    def __getattr__(self, name):
        fn = globals().get(name)
        if fn is None or not callable(fn):
            raise AttributeError(f"specfun.torch has no function {name!r}")
        setattr(self, name, fn)
        return fn


TORCH = TorchNS()


def _no_trace(fn):
    """torch.compile: a clean graph break around the call (dynamo would otherwise trace into NumPy)."""
    disable = getattr(getattr(torch, "compiler", None), "disable", None)
    if disable is None:  # pragma: no cover - torch < 2.1
        return fn
    wrapped = disable(fn)
    functools.update_wrapper(wrapped, fn)
    return wrapped


# ---------------------------------------------------------------------------
# tensors <-> NumPy

def _to_numpy(t):
    if t.dtype == torch.bfloat16:
        if sg.BF16 is None:
            return t.float().numpy()
        return t.view(torch.int16).numpy().view(sg.BF16)
    return t.numpy()


def _from_numpy(a, dtype):
    a = np.asarray(a)
    if sg.BF16 is not None and a.dtype == sg.BF16:
        r = torch.from_numpy(np.ascontiguousarray(a).view(np.int16)).view(torch.bfloat16)
    else:
        r = torch.from_numpy(np.ascontiguousarray(a) if a.ndim else a.reshape(()).copy())
    return r if r.dtype == dtype else r.to(dtype)


def _reduce_to(g, shape):
    """Sum a broadcast gradient back to ``shape``."""
    if g.shape == shape:
        return g
    extra = g.dim() - len(shape)
    if extra:
        g = g.sum(dim=tuple(range(extra)))
    dims = tuple(i for i, s in enumerate(shape) if s == 1 and g.shape[i] != 1)
    if dims:
        g = g.sum(dim=dims, keepdim=True)
    return g.reshape(shape)


def _run_cuda(public, arrays, kwargs, dtype, device):
    try:
        from specfun._targets import cuda  # noqa: F401
    except ImportError:
        raise TypeError(f"{public.__name__}: CUDA tensors need specfun's CUDA target (numba-cuda)") from None
    # bfloat16 has no __cuda_array_interface__ typestr: widen to float32 on the device (exact), compute
    # there in float32 as for float16, and round once to bfloat16 below (``res.to(dtype)``)
    arrays = [a.float() if isinstance(a, torch.Tensor) and a.dtype == torch.bfloat16 else a for a in arrays]
    res = public(*arrays, **kwargs)
    if not isinstance(res, torch.Tensor):
        res = torch.as_tensor(res, device=device)
    return res if res.dtype == dtype else res.to(dtype)


# ---------------------------------------------------------------------------
# elementwise functions

_TENSOR = "<tensor>"  # marks a tensor slot in the params tuple


def _tiny(v):
    if isinstance(v, torch.Tensor):
        return torch.empty((0,) if v.dim() else (), dtype=v.dtype)
    if isinstance(v, (bool, int, float)):
        return v
    return _tiny(torch.as_tensor(v))


def _promote(values):
    """torch's result dtype over tensors (dimensioned > 0-d) and weak Python scalars."""
    r = _tiny(values[0])
    for v in values[1:]:
        w = _tiny(v)
        dt = torch.result_type(r, w)
        if isinstance(r, torch.Tensor) or isinstance(w, torch.Tensor):
            dimd = any(isinstance(z, torch.Tensor) and z.dim() for z in (r, w))
            r = torch.empty((0,) if dimd else (), dtype=dt)
        else:
            r = 1.0 if dt.is_floating_point else (True if dt == torch.bool else 1)
    dt = r.dtype if isinstance(r, torch.Tensor) else torch.get_default_dtype()
    return dt

def _make_function(spec):
    public = getattr(_sf, spec.name)
    args = spec.args
    arrays_idx = [i for i, a in enumerate(args) if not a.keyword and not a.scalar]
    promoting = [i for i in arrays_idx if args[i].kind == "real"] or arrays_idx

    def forward(ctx, params, *tensors):
        # params: one entry per spec arg, _TENSOR where the value is the next tensor
        vals, it = [], iter(tensors)
        for p in params:
            vals.append(next(it) if p is _TENSOR else p)
        pos = [vals[i] for i in range(len(args)) if not args[i].keyword]
        pos = [_to_numpy(v) if isinstance(v, torch.Tensor) and not v.is_cuda else v for v in pos]
        kw = {a.name: vals[i] for i, a in enumerate(args) if a.keyword}
        dtype = tensors[0].dtype
        if tensors[0].is_cuda:
            out = _run_cuda(public, pos, kw, dtype, tensors[0].device)
        else:
            out = _from_numpy(public(*pos, **kw), dtype)
        ctx.params = params
        ctx.save_for_backward(*tensors, out)
        return out

    def backward(ctx, g):
        *tensors, out = ctx.saved_tensors
        params = ctx.params
        vals, it = [], iter(tensors)
        for p in params:
            vals.append(next(it) if p is _TENSOR else p)
        rule_args = [math.nan if (a.keyword and v is None) else v for a, v in zip(args, vals, strict=True)]
        grads, ti = [None], 0
        for i, (a, p) in enumerate(zip(args, params, strict=True)):
            if p is not _TENSOR:
                continue
            ti += 1
            if not ctx.needs_input_grad[ti]:
                grads.append(None)
                continue
            rule = spec.grad[a.name]
            if rule == NONDIFF:
                grads.append(None)
                continue
            if isinstance(rule, NotImplementedGrad):
                raise NotImplementedError(f"{spec.name}: derivative w.r.t. {a.name!r}: {rule.reason}")
            d = rule(TORCH, *rule_args, out)
            grads.append(_reduce_to(g * d, vals[i].shape))
        return tuple(grads)

    Fn = type(f"{spec.name}_Function", (torch.autograd.Function,),
              {"forward": staticmethod(forward), "backward": staticmethod(backward)})

    nargs = len(spec.positional)
    kws = spec.keywords

    def fn(*call_args, out=None, **kwargs):
        if len(call_args) > nargs + len(kws) or len(call_args) < nargs:
            raise TypeError(f"{spec.name}() takes {nargs} positional argument{'s' * (nargs != 1)}, "
                            f"got {len(call_args)}")
        given = dict(zip((a.name for a in kws), call_args[nargs:], strict=False))
        for k, v in kwargs.items():
            if k in given or k not in {a.name for a in kws}:
                raise TypeError(f"{spec.name}() got an unexpected or repeated keyword argument {k!r}")
            given[k] = v
        vals = list(call_args[:nargs]) + [given.get(a.name, a.default) for a in kws]
        # torch's promotion over the real arguments; integer/bool -> default float dtype
        device = None
        for i in arrays_idx:
            v = vals[i]
            if isinstance(v, torch.Tensor):
                if device is not None and v.device != device:
                    raise TypeError(f"{spec.name}: tensors on different devices ({device}, {v.device})")
                device = v.device
                if v.dtype.is_complex:
                    raise TypeError(f"{spec.name}: unsupported dtype {v.dtype} for argument {args[i].name!r}")
            elif isinstance(v, complex):
                raise TypeError(f"{spec.name}: unsupported complex argument {args[i].name!r}")
        dt = _promote([vals[i] for i in promoting])
        if not dt.is_floating_point:
            dt = torch.get_default_dtype()
        params, tensors = [], []
        for i in range(len(args)):
            v = vals[i]
            if i in arrays_idx:
                t = v.to(dt) if isinstance(v, torch.Tensor) else torch.as_tensor(v, dtype=dt, device=device)
                params.append(_TENSOR)
                tensors.append(t)
            else:
                params.append(v)
        res = Fn.apply(tuple(params), *tensors)
        if out is not None:
            with torch.no_grad():
                out.copy_(res)
            return out
        return res

    fn.__name__ = fn.__qualname__ = spec.name
    fn.__doc__ = f"specfun.{spec.name} on torch tensors, differentiable (see specfun.{spec.name}).\n\n" \
                 + (public.__doc__ or "")
    fn = _no_trace(fn)
    fn.autograd_function = Fn
    fn.spec = spec
    return fn


# ---------------------------------------------------------------------------
# reductions

def _make_reduction(red):
    name = red.name

    def forward(ctx, x, dim, keepdim):
        if x.is_cuda:
            raise TypeError(f"specfun.torch.{name}: CUDA tensors are not supported (CPU only)")
        xa = _to_numpy(x)
        if name == "logsumexp":
            res = red.fn(xa, dim, keepdim)
        else:
            res = red.fn(xa, dim)
        out = _from_numpy(res, x.dtype)
        ctx.dim, ctx.keepdim = dim, keepdim
        ctx.save_for_backward(x, out)
        return out

    def backward(ctx, g):
        x, out = ctx.saved_tensors
        return red.vjp(g, x, out, ctx.dim, ctx.keepdim), None, None

    Fn = type(f"{name}_Function", (torch.autograd.Function,),
              {"forward": staticmethod(forward), "backward": staticmethod(backward)})

    def _prep(x, dtype=None):
        if not isinstance(x, torch.Tensor):
            x = torch.as_tensor(x)
        if x.dtype.is_complex:
            raise TypeError(f"specfun.torch.{name}: unsupported dtype {x.dtype}")
        if dtype is not None:
            if not dtype.is_floating_point:
                raise TypeError(f"specfun.torch.{name}: dtype must be a floating dtype, got {dtype}")
            x = x.to(dtype)
        elif not x.dtype.is_floating_point:
            x = x.to(torch.get_default_dtype())
        return x

    def _check_dim(x, dim):
        nd = x.dim()
        lo, hi = (-1, 0) if nd == 0 else (-nd, nd - 1)
        for d in (dim if isinstance(dim, (tuple, list)) else (dim,)):
            if isinstance(d, bool) or not isinstance(d, (int, np.integer)):
                raise TypeError(f"specfun.torch.{name}: dim must be an int, got {d!r}")
            if not lo <= d <= hi:
                raise IndexError(f"specfun.torch.{name}: dimension out of range (expected to be in range of "
                                 f"[{lo}, {hi}], but got {d})")

    if name == "logsumexp":
        def fn(input, dim, keepdim=False):  # noqa: A002
            x = _prep(input)
            _check_dim(x, dim)
            if isinstance(dim, list):
                dim = tuple(dim)
            return Fn.apply(x, dim, bool(keepdim))
    else:
        def fn(input, dim, *, dtype=None):  # noqa: A002
            x = _prep(input, dtype)
            _check_dim(x, dim)
            return Fn.apply(x, int(dim), False)

    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"specfun.{name} on torch tensors, differentiable.\n\n" + (red.doc or "")
    fn = _no_trace(fn)
    fn.autograd_function = Fn
    return fn


for _name, _spec in REGISTRY.items():
    globals()[_name] = _make_function(_spec)
for _name, _red in REDUCTIONS.items():
    globals()[_name] = _make_reduction(_red)
for _alias, _canonical in ALIASES.items():
    globals()[_alias] = globals()[_canonical]
