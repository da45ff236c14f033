"""The callable users hold: classify, promote, broadcast, check ``out=``, run, wrap back.

``make_public(spec)`` builds ``specfun.<name>``.  A fast path sends plain
float32/float64 NumPy arrays and Python floats straight to the compiled ufunc;
everything else goes through :func:`call`.
"""
from __future__ import annotations

import functools
import inspect
import operator

import numpy as np

from specfun import _signatures as sg
from specfun._registry import REGISTRY
from specfun._targets import _chunks

try:  # NumPy's errstate as a bare context variable: ~0.1 us instead of ~0.8 us for np.errstate
    from numpy._core._ufunc_config import _extobj_contextvar as _EXTOBJ
    from numpy._core.umath import _make_extobj

    _QUIET = _make_extobj(all="ignore")
    quiet_set, quiet_reset = _EXTOBJ.set, _EXTOBJ.reset
except (ImportError, AttributeError):  # pragma: no cover - other NumPy versions
    _QUIET = None

    def quiet_set(_):
        es = np.errstate(all="ignore")
        es.__enter__()
        return es

    def quiet_reset(es):
        es.__exit__(None, None, None)

# Special values are results, not errors (scipy.special and torch do not warn either):
# every ufunc call runs with NumPy's floating-point warnings off.
# When target=None, a host array runs in parallel once its serial time would exceed the thread
# pool's break-even time.  Each function keeps its own threshold in elements, learned from the
# time of its own serial calls of >= _MEASURE_MIN elements (a cheap kernel like expit needs
# ~1e5 elements, gammainc ~1e4: one element count for all was wrong by 10x either way, see
# benchmarks/ "parallel_crossover").  PARALLEL_THRESHOLD is the start value before a measurement.
PARALLEL_THRESHOLD = 1 << 17
_MEASURE_MIN = 1 << 13
_THRESHOLDS: dict[str, list] = {}  # name -> [elements, serial s/element]; read in the closures
_perf = __import__("time").perf_counter


_NEVER = 1 << 62


def _learn(cell: list, n: int, seconds: float) -> None:
    """Update a function's parallel threshold from one timed serial call of ``n`` elements.

    ``cell`` is ``[threshold, serial seconds per element]``.
    """
    from specfun._targets.parallel import break_even_seconds

    if seconds > 0.0:
        cell[1] = seconds / n
        if cell[0] != _NEVER:
            even = break_even_seconds()
            # one thread (a 1-CPU machine, SPECFUN_NUM_THREADS=1): the pool never wins
            cell[0] = _NEVER if even == float("inf") else min(max(int(even / cell[1]), _MEASURE_MIN), 1 << 26)


def _learn_parallel(cell: list, n: int, seconds: float) -> None:
    """After an automatic parallel call: if it was not clearly faster than serial, stop choosing it.

    Kernels that already fill a core's vector units (expit, log1p: vectorized loops) gain
    nothing from a second thread on a machine whose two CPUs share a core; the serial
    estimate comes from the function's own serial calls.
    """
    # judged only far above the threshold, where the pool's round trip is negligible
    if cell[1] > 0.0 and n >= 16 * cell[0] and seconds > 0.95 * cell[1] * n:
        cell[0] = _NEVER
_F32, _F64 = np.dtype(np.float32), np.dtype(np.float64)
_ndarray = np.ndarray
_CPU_UFUNCS: dict[str, np.ufunc] = {}  # filled by _cpu_ufunc(); read without a lock on the fast path
_ON_QUIET: dict = {}  # name -> the fast path's setter, told when its ufunc clears FP flags itself


def _forget_ufunc(name: str) -> None:
    """Drop ``name``'s compiled ufuncs (every loop set) from every cache of this process (tests of
    first calls)."""
    from specfun._targets import cpu

    keys = [name] + [k for k in set(_CPU_UFUNCS) | set(cpu._default_raw) | set(cpu._keep)
                     if k.startswith(name + "#")]
    for key in keys:
        _CPU_UFUNCS.pop(key, None)
        if key in _ON_QUIET:
            _ON_QUIET[key](None)
        for d in (cpu._ufuncs, cpu._raw, cpu._keep, cpu._default_raw):
            d.pop(key, None)
        cpu._quiet_names.discard(key)


def _part_ufunc(name: str, part: str):
    """The ufunc of one of ``name``'s other loop sets (``FunctionSpec.loop_set``), or None."""
    key = f"{name}#{part}"
    uf = _CPU_UFUNCS.get(key)
    if uf is None:
        from specfun._targets import _objcache

        uf = _objcache.ufunc(REGISTRY[name], part)  # machine code on disk: no Numba import
        if uf is None:
            from specfun._targets import cpu

            uf = cpu.default_ufunc(name) if part == "default" else cpu.part_ufunc(name, part)
        if uf is not None:
            _publish(key, uf)
    return uf


def _default_ufunc(name: str):
    """The ufunc for ``name`` with its keyword parameters at their defaults, or None."""
    return _part_ufunc(name, "default")


def _publish(key: str, uf) -> None:
    """Record a compiled ufunc and tell the fast path, which calls it bare once it is quiet."""
    from specfun._targets import _quiet

    _CPU_UFUNCS[key] = uf  # before the fast path is told: it calls its cell unchecked
    if key in _PUBLIC:
        _PUBLIC[key].ufunc = uf
    if key in _quiet.QUIET and key in _ON_QUIET:
        _ON_QUIET[key](uf)


def _at_defaults(spec, values) -> bool:
    """Whether the bound keyword values (kernel form: None is nan) are all their defaults."""
    for a, v in zip(spec.keywords, values[len(spec.positional):]):
        d = _keyword_param(spec, a, a.default)
        if not (v == d or (v != v and d != d)):
            return False
    return True


def _cpu_ufunc(name: str) -> np.ufunc:
    uf = _CPU_UFUNCS.get(name)
    if uf is None:
        from specfun._targets import _objcache

        uf = _objcache.ufunc(REGISTRY[name])  # machine code on disk: no Numba import
        if uf is None:
            from specfun._targets import cpu

            uf = cpu.raw_ufunc(name)  # a plain np.ufunc (not Numba's DUFunc: 0.2 us a call instead of 0.7)
        _publish(name, uf)
    return uf


# ---------------------------------------------------------------------------
# argument classification

def _kind(a) -> str:
    t = type(a)
    if t is np.ndarray:
        return "numpy"
    if t is float or t is int or t is bool:
        return "scalar"
    if isinstance(a, np.generic):
        return "numpy"
    mod = t.__module__
    if mod.startswith("torch"):
        return "torch-cuda" if getattr(a, "is_cuda", False) else "torch"
    if hasattr(a, "__cuda_array_interface__") or t.__name__ == "FakeCUDAArray":  # the latter: CUDA simulator
        return "cuda"
    if hasattr(a, "__array_ufunc__") and not isinstance(a, np.ndarray):
        return "protocol"  # dask, xarray, pandas: they apply the ufunc themselves
    return "numpy"


def _host(spec, arg, a):
    """A NumPy array (or weak Python scalar) for one host argument, dtype checked."""
    if type(a) is float or type(a) is int or type(a) is bool:
        return a
    if isinstance(a, complex):
        raise TypeError(f"{spec.name}: unsupported dtype complex for argument {arg.name!r}; "
                        f"expected a real (bool, integer or floating) dtype")
    try:
        arr = np.asarray(a)
    except Exception as exc:  # ragged lists and the like
        raise TypeError(f"{spec.name}: argument {arg.name!r} is not array-like: {exc}") from None
    sg.check_dtype(spec.name, arg.name, arr.dtype)
    return arr


def _scalar_param(spec, arg, v):
    """Validate a Python-integer parameter (polygamma's n, multigammaln's p)."""
    try:
        iv = operator.index(v)
    except TypeError:
        if isinstance(v, (float, np.floating)) and float(v).is_integer():
            iv = int(v)
        else:
            raise ValueError(f"{spec.name}: {arg.name} must be an integer, got {v!r}") from None
    if iv < arg.lo or iv > arg.hi:
        raise ValueError(f"{spec.name}: {arg.name} must be in [{arg.lo:g}, {arg.hi:g}], got {iv}")
    return float(iv)


def _keyword_param(spec, arg, v):
    if v is None:
        return float("nan")  # kernels read nan as "not given"
    if arg.kind == "int":
        try:
            return float(operator.index(v))
        except TypeError:
            raise TypeError(f"{spec.name}: {arg.name} must be an integer, got {v!r}") from None
    if not isinstance(v, (int, float, np.integer, np.floating)) or isinstance(v, bool):
        raise TypeError(f"{spec.name}: {arg.name} must be a real number or None, got {v!r}")
    return float(v)


def _bind(spec, args, kwargs):
    """Positional arrays + keyword parameters, in the kernel's argument order."""
    npos = len(spec.positional)
    kws = spec.keywords
    if len(args) > npos + len(kws) or len(args) < npos:
        raise TypeError(f"{spec.name}() takes {npos} positional argument{'s' * (npos != 1)}, got {len(args)}")
    values = list(args[:npos])
    extra = dict(zip((a.name for a in kws), args[npos:]))
    for k, v in kwargs.items():
        if k in extra or k not in {a.name for a in kws}:
            raise TypeError(f"{spec.name}() got an unexpected or repeated keyword argument {k!r}")
        extra[k] = v
    for a in kws:
        values.append(_keyword_param(spec, a, extra.get(a.name, a.default)))
    return values


# ---------------------------------------------------------------------------
# the slow path

def call(spec, args, out=None, target=None, kwargs=None):
    values = _bind(spec, args, kwargs or {})
    kinds = [_kind(v) for v in values]
    device = any(k in ("cuda", "torch-cuda") for k in kinds)
    host = any(k in ("numpy", "torch", "protocol") for k in kinds)
    if device and host:
        raise TypeError(f"{spec.name}: cannot mix host and CUDA device arrays; move them to one place first")
    if target not in (None, "cpu", "parallel", "cuda"):
        raise ValueError(f"{spec.name}: unknown target {target!r}; expected 'cpu', 'parallel' or 'cuda'")
    if device or target == "cuda":
        if not device and any(k != "scalar" for k in kinds):
            raise TypeError(f"{spec.name}: target='cuda' needs CUDA device arrays, got host arrays")
        if target in ("cpu", "parallel"):
            raise TypeError(f"{spec.name}: target={target!r} cannot run on CUDA device arrays")
        from specfun._targets import cuda

        return cuda.call(spec, values, kinds, out)

    if "protocol" in kinds:
        return _call_protocol(spec, values, kinds)

    torch_in = "torch" in kinds
    if torch_in:
        values = [_torch_to_numpy(v) if k == "torch" else v for v, k in zip(values, kinds)]
        if out is not None and _kind(out) == "torch":
            out_t, out = out, _torch_to_numpy(out)
        else:
            out_t = None

    hvals = []
    for arg, v in zip(spec.args, values):
        if arg.scalar:
            v = _scalar_param(spec, arg, v)
        elif not arg.keyword:
            v = _host(spec, arg, v)
        hvals.append(v)

    uf = None
    if spec.keywords and "default_kernel" in spec.extra and _at_defaults(spec, hvals):
        uf = _default_ufunc(spec.name)
        if uf is not None:
            hvals = hvals[:len(spec.positional)]  # the keyword parameters are in its kernel
    loop = resolve_loop(spec, hvals)
    shape = broadcast_shape(spec, hvals)
    out = check_out(spec, out, shape, loop.result)
    if "value_kernels" in spec.extra:
        # the integer parameter at a value with a kernel of its own (polygamma's n = 1): that
        # kernel's loops, which take the other arguments
        v = next(h for a, h in zip(spec.args, hvals) if a.scalar)
        if v in spec.extra["value_kernels"]:
            vuf = _part_ufunc(spec.name, f"n{v:g}")
            if vuf is not None:
                uf = vuf
                hvals = [h for a, h in zip(spec.args, hvals) if not a.scalar]

    n = 1
    for s in shape:
        n *= s
    cell = _THRESHOLDS.get(spec.name) or _THRESHOLDS.setdefault(spec.name, [PARALLEL_THRESHOLD, 0.0])
    auto = target is None
    if auto:
        # until a serial call of this function has been timed (cell[1]), run serial: a
        # function only ever called on huge arrays would otherwise never learn its threshold
        target = "parallel" if n >= cell[0] and cell[1] > 0.0 else "cpu"
    if uf is None:
        uf = _cpu_ufunc(spec.name)
    dest = out if out is not None else np.empty(shape, loop.result)
    if target == "parallel":
        from specfun._targets.parallel import run_parallel

        t0 = _perf()
        run_parallel(uf, hvals, dest, loop.compute, "unsafe", scalar_blocks=bool(spec.extra.get("inline")))
        if auto:
            _learn_parallel(cell, n, _perf() - t0)
    else:
        tok = quiet_set(_QUIET)
        try:
            t0 = _perf()
            if spec.extra.get("inline") and n >= _CHUNK and any(np.ndim(v) == 0 for v in hvals):
                _run_scalars_as_blocks(uf, hvals, dest, loop.compute)
            else:
                uf(*hvals, out=dest, dtype=loop.compute, casting="unsafe")
            if n >= _MEASURE_MIN:
                _learn(cell, n, _perf() - t0)
        finally:
            quiet_reset(tok)
    if torch_in:
        import torch

        if out_t is not None:
            return out_t
        return torch.from_numpy(dest) if dest.ndim else torch.from_numpy(np.asarray(dest))
    if out is not None:
        return out
    return dest[()] if dest.ndim == 0 else dest


_CHUNK = 1 << 14


def _run_scalars_as_blocks(uf, hvals, dest, compute):
    """Run ``uf`` with its scalar operands as filled contiguous blocks, chunk by chunk.

    Numba's ufunc loop takes its vectorized (contiguous) path only when every operand's
    stride is its itemsize; a broadcast scalar (stride 0, e.g. logit's default ``eps``)
    sends the whole call down the scalar strided loop, 3x slower for the kernels built to
    vectorize (``inline=True``).  Where the array operands and the output are C-contiguous,
    the scalars become one reusable block of ``_CHUNK`` elements instead.  Same elements,
    same compiled code: the results are identical.
    """
    arrays = [v for v in hvals if np.ndim(v)]
    if not dest.flags.c_contiguous or any(
            not (isinstance(a, np.ndarray) and a.flags.c_contiguous and a.shape == dest.shape) for a in arrays):
        uf(*hvals, out=dest, dtype=compute, casting="unsafe")
        return
    flat_out = dest.reshape(-1)
    flats = [np.asarray(v).reshape(-1) if np.ndim(v) else None for v in hvals]
    blocks = [None if f is not None else np.full(_CHUNK, v, dtype=compute) for f, v in zip(flats, hvals)]
    n = flat_out.size
    for lo in range(0, n, _CHUNK):
        hi = min(n, lo + _CHUNK)
        ops = [f[lo:hi] if f is not None else b[:hi - lo] for f, b in zip(flats, blocks)]
        uf(*ops, out=flat_out[lo:hi], dtype=compute, casting="unsafe")


def resolve_loop(spec, hvals) -> sg.Loop:
    promoting = [v for a, v in zip(spec.args, hvals) if a.kind == "real" and not a.keyword]
    if not promoting:
        promoting = [v for a, v in zip(spec.args, hvals) if not a.keyword and not a.scalar]
    if not promoting:
        return sg.Loop(sg.F64, sg.F64)
    return sg.resolve(sg.result_dtype(promoting))


def broadcast_shape(spec, values) -> tuple:
    shapes = [np.shape(v) for v in values]
    try:
        return np.broadcast_shapes(*shapes)
    except ValueError:
        names = ", ".join(f"{a.name}{s}" for a, s in zip(spec.args, shapes))
        raise ValueError(f"{spec.name}: arguments cannot be broadcast together: {names}") from None


def check_out(spec, out, shape, result):
    """Validate ``out=`` before anything is written; returns the array to write into."""
    if out is None:
        return None
    if isinstance(out, tuple):
        if len(out) != 1:
            raise TypeError(f"{spec.name}: out must be one array, got a tuple of {len(out)}")
        out = out[0]
    if not isinstance(out, np.ndarray):
        raise TypeError(f"{spec.name}: out must be a NumPy array, got {type(out).__name__}")
    if out.shape != tuple(shape):
        raise ValueError(f"{spec.name}: out has shape {out.shape}, but the result has shape {tuple(shape)}")
    if not (np.can_cast(result, out.dtype, "same_kind") or (sg.BF16 is not None and out.dtype == sg.BF16
                                                             and result.kind == "f")):
        raise TypeError(f"{spec.name}: cannot write a {result} result into out of dtype {out.dtype} "
                        f"(casting rule 'same_kind')")
    if not out.flags.writeable:
        raise ValueError(f"{spec.name}: out is read-only")
    return out


def _torch_to_numpy(t):
    t = t.detach()
    if t.dtype.is_complex:
        raise TypeError(f"unsupported dtype {t.dtype}")
    if str(t.dtype) == "torch.bfloat16":
        return t.view(dtype=__import__("torch").int16).numpy().view(sg.BF16)
    return t.numpy()


def _call_protocol(spec, values, kinds):
    """dask/xarray/pandas: let the container apply the ufunc (lazily for dask)."""
    promoting = [v if k == "scalar" else np.empty(0, getattr(v, "dtype", np.float64))
                 for v, k in zip(values, kinds)]
    for arg, v in zip(spec.args, promoting):
        if not isinstance(v, (int, float, bool)):
            sg.check_dtype(spec.name, arg.name, v.dtype)
    loop = resolve_loop(spec, promoting)
    uf = _cpu_ufunc(spec.name)
    tok = quiet_set(_QUIET)
    try:
        res = uf(*values, dtype=loop.compute)
    finally:
        quiet_reset(tok)
    return res if loop.result == loop.compute else res.astype(loop.result)


# ---------------------------------------------------------------------------
# the public callable

def _lean(spec) -> bool:
    """Whether the function gets a lean front: one or two real arrays, no parameters."""
    return spec.nin <= 2 and not spec.keywords and not any(a.scalar for a in spec.args) \
        and all(a.kind == "real" for a in spec.args)


def public_signature(spec) -> inspect.Signature:
    P = inspect.Parameter
    params = [P(a.name, P.POSITIONAL_ONLY) for a in spec.positional]
    params += [P(a.name, P.POSITIONAL_OR_KEYWORD, default=a.default) for a in spec.keywords]
    # The lean fronts take out and target by position too (out like a NumPy ufunc's): filling
    # keyword-only defaults costs each call ~20 ns, 15% of a scalar call
    kind = P.POSITIONAL_OR_KEYWORD if _lean(spec) else P.KEYWORD_ONLY
    params += [P("out", kind, default=None), P("target", kind, default=None)]
    return inspect.Signature(params)


def make_public(spec):
    name = spec.name
    get = _CPU_UFUNCS.get
    f32, f64 = _F32, _F64
    threshold = PARALLEL_THRESHOLD
    qset, qreset, quiet = quiet_set, quiet_reset, _QUIET
    simple = _lean(spec)

    ndarray = np.ndarray
    th = _THRESHOLDS.setdefault(name, [threshold, 0.0])
    measure_min, perf, learn = _MEASURE_MIN, _perf, _learn
    # This function's ufunc once it is known to clear the FP flags itself
    # (specfun._targets._quiet): small calls then run it bare, without errstate (0.09 us)
    # and without the dict lookup.
    quf = None

    def set_quiet(uf):
        nonlocal quf
        quf = uf

    _ON_QUIET[name] = set_quiet
    # Fast paths: float32/float64 arrays of the native dtype objects (``is``, not ``==``: 0.02 us
    # against 0.05) and Python floats, no ``out=``, no **kwargs.  Anything else, and every
    # error, goes through call().
    # Each public function is a lean front (free variables: the ufunc cell and the rest;
    # module globals for the constants, since a closure call copies every free variable
    # into its frame: 15 of them cost 0.025 us) and a continuation with everything else.
    def one_array_rest(uf_of, bare):
        """The continuation of a one-array front for the ufunc ``uf_of()`` (None until it is
        known): serial (asked for, or automatic below the learned threshold, timed to learn
        it) on the loop, parallel on the threads by the lean path, anything else call().
        ``bare``: the ufunc clears the FP flags itself (no quiet state to set around it)."""
        def rest(x, out, target):
            t = type(x)
            if out is None and (target is None or target == "cpu") and (t is float or (
                    t is ndarray and (x.dtype is f64 or x.dtype is f32)
                    and (target is not None or x.size < th[0]))):
                uf = uf_of()
                if uf is not None and bare:
                    if t is float or x.size < measure_min:
                        return uf(x)
                    t0 = perf()
                    r = uf(x)
                    learn(th, x.size, perf() - t0)
                    return r
                if uf is not None:
                    tok = qset(quiet)
                    try:
                        if t is float or x.size < measure_min:
                            return uf(x)
                        t0 = perf()
                        r = uf(x)
                        learn(th, x.size, perf() - t0)
                        return r
                    finally:
                        qreset(tok)
            if out is None and t is ndarray and (target == "parallel" or (
                    target is None and x.size >= th[0] and th[1] > 0.0)):
                r = _parallel_lean(uf_of(), (x,), th, target)
                if r is not None:
                    return r
            return call(spec, (x,), out, target, None)

        return rest

    if spec.nin == 1 and simple:
        rest = one_array_rest(functools.partial(get, name), False)

        def fn(x, /, out=None, target=None):
            if quf is not None and out is None and target is None:
                t = type(x)
                if t is float or (t is _ndarray and x.size < _MEASURE_MIN
                                  and (x.dtype is _F64 or x.dtype is _F32)):
                    return quf(x)
            return rest(x, out, target)
    elif simple and spec.nin == 2:
        def rest(x, y, out, target):
            tx, ty = type(x), type(y)
            if out is None and (target is None or target == "cpu") and (
                    (tx is float and ty is float)
                    or (tx is ndarray and (x.dtype is f64 or x.dtype is f32)
                        and (target is not None or x.size < th[0])
                        and (ty is float or (ty is ndarray and y.dtype is x.dtype and y.shape == x.shape)))):
                uf = get(name)
                if uf is not None:
                    tok = qset(quiet)
                    try:
                        if tx is float or x.size < measure_min:
                            return uf(x, y)
                        t0 = perf()
                        r = uf(x, y)
                        learn(th, x.size, perf() - t0)
                        return r
                    finally:
                        qreset(tok)
            if out is None and tx is ndarray and ty is ndarray and (target == "parallel" or (
                    target is None and x.size >= th[0] and th[1] > 0.0)):
                r = _parallel_lean(get(name), (x, y), th, target)
                if r is not None:
                    return r
            return call(spec, (x, y), out, target, None)

        def fn(x, y, /, out=None, target=None):
            if quf is not None and out is None and target is None:
                tx = type(x)
                if tx is _ndarray:
                    dt = x.dtype  # each ndarray attribute costs ~15 ns: looked up once
                    if (dt is _F64 or dt is _F32) and x.size < _MEASURE_MIN:
                        ty = type(y)
                        if ty is float or (ty is _ndarray and y.dtype is dt and y.shape == x.shape):
                            return quf(x, y)
                elif tx is float and type(y) is float:
                    return quf(x, y)
            return rest(x, y, out, target)
    elif len(spec.positional) == 1 and "default_kernel" in spec.extra and not any(a.scalar for a in spec.args):
        # keyword parameters left at their defaults: the default kernel's ufunc, bare
        qdef = None

        def set_quiet_default(uf):
            nonlocal qdef
            qdef = uf

        _ON_QUIET[name + "#default"] = set_quiet_default

        # at the defaults, the one-array continuation on the default loop (call() costs 20-70 us
        # more a large call)
        rest = one_array_rest(lambda: qdef, True)  # qdef is the quiet ufunc

        def fn(x, /, *args, out=None, target=None, **kwargs):
            if not args and not kwargs:
                if qdef is not None and out is None and target is None:
                    t = type(x)
                    if t is float or (t is _ndarray and x.size < _MEASURE_MIN
                                      and (x.dtype is _F64 or x.dtype is _F32)):
                        return qdef(x)
                return rest(x, out, target)
            return call(spec, (x, *args), out, target, kwargs)
    else:
        def fn(*args, out=None, target=None, **kwargs):
            return call(spec, args, out, target, kwargs)

    from specfun._docs import render_docstring

    fn.__name__ = fn.__qualname__ = name
    fn.__module__ = "specfun"  # pickled by reference: specfun.<name>
    fn.__doc__ = render_docstring(spec)
    fn.__signature__ = public_signature(spec)
    fn.spec = spec
    fn.nin = spec.nin
    fn.ufunc = _LazyUfunc(name)  # replaced by the ufunc itself once it is compiled
    _PUBLIC[name] = fn
    return fn


_PUBLIC: dict = {}  # name -> the public function, whose .ufunc _cpu_ufunc fills in


_ONE_CHUNK = _chunks.CHUNK  # (a module of NumPy and ctypes: importing it costs nothing here)


def _parallel_lean(uf, args, cell, target):
    """A parallel call of C-contiguous float32/float64 arrays of one dtype and shape, without
    the general path (whose ~100 small Python steps cost ~100 us right after a large call
    has left the caches cold); None where it does not apply."""
    x = args[0]
    if uf is None or not (x.dtype is _F64 or x.dtype is _F32):
        return None
    for a in args:
        if a.dtype is not x.dtype or a.shape != x.shape or not a.flags.c_contiguous:
            return None
    if x.size <= _ONE_CHUNK:
        # one chunk: the calling thread would run it alone, so run it without the block
        # (target="parallel" on 1e3 elements cost 12 us against 5 us serial)
        tok = quiet_set(_QUIET)
        try:
            return uf(*args)
        finally:
            quiet_reset(tok)
    from specfun._targets import parallel

    r = np.empty_like(x)  # new, C-contiguous: no input overlaps it
    t0 = _perf()
    if not parallel.run_parallel_contiguous(uf, args, r):
        return None
    if target is None:
        _learn_parallel(cell, x.size, _perf() - t0)
    return r


class _SpecialFunctionMeta(type):
    def __instancecheck__(cls, obj):
        return callable(obj) and getattr(obj, "__module__", None) == "specfun" and \
            _PUBLIC.get(getattr(obj, "__name__", None)) is obj


class SpecialFunction(metaclass=_SpecialFunctionMeta):
    """What every public specfun function is: ``isinstance(specfun.erf, specfun.SpecialFunction)``.

    The functions themselves are plain Python functions (the dispatch closure), because
    calling an instance of a class costs ~0.05 µs more, a quarter of a Python-scalar call.
    Each carries ``.spec`` (its registration), ``.nin`` and ``.ufunc``: the raw NumPy ufunc,
    a lazy stand-in that compiles on first use until the function has been compiled, the
    ufunc itself from then on.  They pickle by reference (``specfun.<name>``).
    """

    __module__ = "specfun"


class _LazyUfunc:
    """``specfun.<name>.ufunc`` before the function is compiled: compiles on first use and
    forwards everything to the real ufunc (which then replaces it on the function)."""

    __slots__ = ("_name",)

    def __init__(self, name):
        self._name = name

    def _real(self) -> np.ufunc:
        return _cpu_ufunc(self._name)

    def __call__(self, *args, **kwargs):
        return self._real()(*args, **kwargs)

    def __getattr__(self, attr):
        return getattr(self._real(), attr)

    def __reduce__(self):
        return self._real().__reduce__()

    def __repr__(self):
        return f"<ufunc of specfun.{self._name}, compiled on first use>"
