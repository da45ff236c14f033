"""specfun.jax: every specfun function on JAX arrays, differentiable from the derivative table.

``specfun.jax.<name>`` exists for every public name (functions, aliases,
reductions).  Each is a ``jax.custom_jvp`` function:

* primal: ``jax.pure_callback`` to specfun's NumPy path (the compiled CPU
  kernels), with ``vmap_method="broadcast_all"``;
* JVP: the registered rule (``spec.grad``) evaluated with :data:`JAX` —
  ``jax.numpy`` ops plus the specfun.jax functions themselves — so JVPs of
  JVPs, and reverse mode through JAX's transposition of the linear tangent
  map, compose to any order (``jax.test_util.check_grads`` order 2, fwd and rev).
  ``NONDIFF`` arguments carry no tangent; a ``NotImplementedGrad`` argument
  raises ``NotImplementedError`` only when a tangent actually flows into it
  (``symbolic_zeros=True``).

Behaviour under transformations:

* ``jax.jit``: works; the kernel runs on the host through the callback (one
  device-to-host copy per call on accelerators; none on the CPU backend).
  Keyword and Python-int parameters are static (part of the traced function).
* ``jax.vmap``: works; the callback receives the batched, broadcast arrays in
  one call (elementwise kernels do not care about the extra axes; reductions
  take ``dim`` counted from the end, so leading batch axes are harmless).
* ``jax.grad``/``jax.jvp``/``jax.hessian``: as above; reductions have JVPs
  written from their Jacobians (softmax ``y(t - Σ y t)``, log_softmax
  ``t - Σ softmax t``, logsumexp ``Σ t e^{x - out}``).

Promotion is JAX's: ``jnp.result_type`` over the real arguments (Python
scalars weak); integer/bool results become JAX's default float dtype
(float32 unless ``jax_enable_x64``).
"""
from __future__ import annotations

import functools
import math

import jax
import jax.numpy as jnp
import numpy as np
from jax.custom_derivatives import SymbolicZero

import specfun as _sf
from specfun._registry import ALIASES, NONDIFF, REDUCTIONS, REGISTRY, NotImplementedGrad
from specfun.autodiff._ns import OPS

__all__ = sorted([*REGISTRY, *ALIASES, *REDUCTIONS])


class JaxNS:
    """Rules on JAX arrays: jax.numpy ops and the specfun.jax functions."""

    pi = math.pi
    inf = math.inf
    nan = math.nan

    def __init__(self):
        for op in OPS:
            setattr(self, op, getattr(jnp, op))

    def __getattr__(self, name):
        fn = globals().get(name)
        if fn is None or not callable(fn):
            raise AttributeError(f"specfun.jax has no function {name!r}")
        setattr(self, name, fn)
        return fn


JAX = JaxNS()


def _float_dtype(dt):
    dt = jnp.dtype(dt)
    if jnp.issubdtype(dt, jnp.floating):
        return dt
    if jnp.issubdtype(dt, jnp.complexfloating):
        raise TypeError(f"unsupported dtype {dt}")
    return jnp.dtype(jax.dtypes.canonicalize_dtype(jnp.float64))


# ---------------------------------------------------------------------------
# elementwise functions

@functools.cache
def _core(name, params):
    """The custom_jvp function of the array arguments for fixed static params."""
    spec = REGISTRY[name]
    public = getattr(_sf, name)
    args = spec.args

    def assemble(arrays):
        vals, it = [], iter(arrays)
        for p in params:
            vals.append(next(it) if p is _ARRAY else p)
        return vals

    def host(*arrays):
        vals = assemble(arrays)
        pos = [np.asarray(v) if p is _ARRAY else v for v, p, a in zip(vals, params, args, strict=True)
               if not a.keyword]
        kw = {a.name: v for v, a in zip(vals, args, strict=True) if a.keyword}
        dt = arrays[0].dtype
        return np.asarray(public(*pos, **kw)).astype(dt, copy=False)

    @jax.custom_jvp
    def f(*arrays):
        shape = jnp.broadcast_shapes(*(jnp.shape(a) for a in arrays))
        # equal ranks (no copy), so that vmap's leading batch axis lines up in NumPy's broadcasting
        arrays = [jnp.reshape(a, (1,) * (len(shape) - jnp.ndim(a)) + jnp.shape(a)) for a in arrays]
        return jax.pure_callback(host, jax.ShapeDtypeStruct(shape, arrays[0].dtype), *arrays,
                                 vmap_method="broadcast_all")

    def jvp(primals, tangents):
        out = f(*primals)
        vals = assemble(primals)
        rule_args = [math.nan if (a.keyword and v is None) else v for a, v in zip(args, vals, strict=True)]
        tans = assemble(tangents)
        total = None
        for a, p, t in zip(args, params, tans, strict=True):
            if p is not _ARRAY or isinstance(t, SymbolicZero):
                continue
            rule = spec.grad[a.name]
            if rule == NONDIFF:
                continue
            if isinstance(rule, NotImplementedGrad):
                raise NotImplementedError(f"{name}: derivative w.r.t. {a.name!r}: {rule.reason}")
            term = rule(JAX, *rule_args, out) * t
            total = term if total is None else total + term
        if total is None:
            total = jnp.zeros_like(out)
        return out, jnp.broadcast_to(total, out.shape).astype(out.dtype)

    f.defjvp(jvp, symbolic_zeros=True)
    return f


_ARRAY = "<array>"  # marks an array slot in the params tuple


def _make_function(spec):
    args = spec.args
    arrays_idx = [i for i, a in enumerate(args) if not a.keyword and not a.scalar]
    promoting = [i for i in arrays_idx if args[i].kind == "real"] or arrays_idx
    nargs = len(spec.positional)
    kws = spec.keywords

    def fn(*call_args, **kwargs):
        if len(call_args) > nargs + len(kws) or len(call_args) < nargs:
            raise TypeError(f"{spec.name}() takes {nargs} positional argument{'s' * (nargs != 1)}, "
                            f"got {len(call_args)}")
        given = dict(zip((a.name for a in kws), call_args[nargs:], strict=False))
        for k, v in kwargs.items():
            if k in given or k not in {a.name for a in kws}:
                raise TypeError(f"{spec.name}() got an unexpected or repeated keyword argument {k!r}")
            given[k] = v
        vals = list(call_args[:nargs]) + [given.get(a.name, a.default) for a in kws]
        try:
            dt = _float_dtype(jnp.result_type(*(vals[i] for i in promoting)))
        except TypeError as exc:
            raise TypeError(f"{spec.name}: {exc}") from None
        params, arrays = [], []
        for i, a in enumerate(args):
            v = vals[i]
            if i in arrays_idx:
                params.append(_ARRAY)
                arrays.append(jnp.asarray(v, dtype=dt))
            elif a.scalar:
                # a Python integer parameter: validated as the NumPy path does, static under jit
                if isinstance(v, float) and v.is_integer():
                    v = int(v)
                params.append(int(v) if isinstance(v, (int, np.integer)) else v)
            else:
                params.append(v if v is None else float(v))
        return _core(spec.name, tuple(params))(*arrays)

    fn.__name__ = fn.__qualname__ = spec.name
    fn.__doc__ = f"specfun.{spec.name} on JAX arrays, differentiable (see specfun.{spec.name})."
    fn.spec = spec
    return fn


# ---------------------------------------------------------------------------
# reductions

def _neg_dims(name, dim, ndim):
    """dim as a tuple of negative axes (robust to leading vmap batch axes)."""
    dims = dim if isinstance(dim, (tuple, list)) else (dim,)
    lo, hi = (-1, 0) if ndim == 0 else (-ndim, ndim - 1)
    out = []
    for d in dims:
        if isinstance(d, bool) or not isinstance(d, (int, np.integer)):
            raise TypeError(f"specfun.jax.{name}: dim must be an int, got {d!r}")
        if not lo <= d <= hi:
            raise IndexError(f"specfun.jax.{name}: dimension out of range (expected to be in range of "
                             f"[{lo}, {hi}], but got {d})")
        out.append(int(d) % ndim - ndim if ndim else -1)
    if isinstance(dim, (tuple, list)) and not dims:
        out = list(range(-ndim, 0))
    return tuple(sorted(out))


@functools.cache
def _red_core(name, dims, keepdim, nd):
    fn = REDUCTIONS[name].fn

    if name == "logsumexp":
        def host(x):
            x = np.asarray(x)
            return np.asarray(fn(x, dims if dims else (), keepdim)).astype(x.dtype, copy=False) \
                if nd else x.copy()
    else:
        def host(x):
            x = np.asarray(x)
            if not nd:  # 0-d (batched or not): elementwise, softmax of one entry
                return np.asarray(fn(x[..., None], -1))[..., 0].astype(x.dtype, copy=False)
            return np.asarray(fn(x, dims[0])).astype(x.dtype, copy=False)

    def out_shape(shape):
        if name != "logsumexp" or not nd:
            return shape
        k = len(shape)
        red = {d % k for d in dims}
        if keepdim:
            return tuple(1 if i in red else s for i, s in enumerate(shape))
        return tuple(s for i, s in enumerate(shape) if i not in red)

    @jax.custom_jvp
    def f(x):
        return jax.pure_callback(host, jax.ShapeDtypeStruct(out_shape(x.shape), x.dtype), x,
                                 vmap_method="broadcast_all")

    def jvp(primals, tangents):
        (x,), (t,) = primals, tangents
        out = f(x)
        if not nd:
            return out, (t if name == "logsumexp" else jnp.zeros_like(t))
        if name == "softmax":
            return out, out * (t - jnp.sum(out * t, axis=dims, keepdims=True))
        if name == "log_softmax":
            return out, t - jnp.sum(jnp.exp(out) * t, axis=dims, keepdims=True)
        o = out if keepdim else jnp.expand_dims(out, dims)
        tan = jnp.sum(t * jnp.exp(x - o), axis=dims, keepdims=keepdim)
        return out, tan

    f.defjvp(jvp)
    return f


def _make_reduction(red):
    name = red.name

    def _prep(x, dtype=None):
        x = jnp.asarray(x)
        if jnp.issubdtype(x.dtype, jnp.complexfloating):
            raise TypeError(f"specfun.jax.{name}: unsupported dtype {x.dtype}")
        if dtype is not None:
            if not jnp.issubdtype(jnp.dtype(dtype), jnp.floating):
                raise TypeError(f"specfun.jax.{name}: dtype must be a floating dtype, got {dtype}")
            return x.astype(dtype)
        return x.astype(_float_dtype(x.dtype))

    if name == "logsumexp":
        def fn(input, dim, keepdim=False):  # noqa: A002
            x = _prep(input)
            return _red_core(name, _neg_dims(name, dim, x.ndim), bool(keepdim), x.ndim)(x)
    else:
        def fn(input, dim, *, dtype=None):  # noqa: A002
            x = _prep(input, dtype)
            return _red_core(name, _neg_dims(name, dim, x.ndim), False, x.ndim)(x)

    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"specfun.{name} on JAX arrays, differentiable.\n\n" + (red.doc or "")
    return fn


for _name, _spec in REGISTRY.items():
    globals()[_name] = _make_function(_spec)
for _name, _red in REDUCTIONS.items():
    globals()[_name] = _make_reduction(_red)
for _alias, _canonical in ALIASES.items():
    globals()[_alias] = globals()[_canonical]
