"""CUDA target: one grid-stride ``@cuda.jit`` kernel per function, calling the device function.

Why not ``vectorize(target="cuda")``: numba-cuda 0.30's simulator cannot build it, and an own
kernel gives control of broadcasting, streams and ``out=``.

Broadcasting without copies: every array argument is passed as a 1-D view of its
underlying device memory (in elements) plus its strides in elements along the
broadcast shape (0 on broadcast axes, negative strides allowed); the kernel
unravels the flat output index and gathers.  Python scalars travel as 1-element
device arrays with stride 0.  Results are written into ``out`` (any strides) or
a new C-contiguous array of the result dtype, on the stream of the inputs'
``__cuda_array_interface__`` (the default stream otherwise).  Kernel templates live
at module level, as the CUDA simulator requires.
"""
from __future__ import annotations

import math
import os
import threading

import numba
import numpy as np
from numba import cuda

from specfun import _signatures as sg
from specfun._registry import REGISTRY
from specfun._targets._retarget import ScalarCompiler, clone

SIMULATOR = os.environ.get("NUMBA_ENABLE_CUDASIM") == "1"


def _device_jit(fn):
    if SIMULATOR:  # the simulator runs kernels as Python: give them IEEE math, not exceptions
        from specfun._targets import _pymath

        fn = clone(fn, {"math": _pymath})
    return cuda.jit(device=True)(fn)


_libdevice = None


def _fma_two_prod_err(a, b, p):
    return _libdevice.fma(a, b, -p)  # exact a*b - p: one rounding of an exact value


def _fma(a, b, c):
    return _libdevice.fma(a, b, c)


def _native_primitives() -> dict:
    """The CUDA versions of the @primitive operations (libdevice bit casts and fma); Python in the simulator."""
    global _libdevice
    if SIMULATOR:
        return {}  # the kernels run as Python: the plain-Python meanings serve
    from numba.cuda import libdevice

    _libdevice = libdevice
    return {"f64_bits": libdevice.double_as_longlong, "bits_f64": libdevice.longlong_as_double,
            "two_prod_err": cuda.jit(device=True)(_fma_two_prod_err), "fma": cuda.jit(device=True)(_fma)}


_BIG_TABLE = 32768  # bytes


def _big_tables_in_global_memory() -> None:
    """Put specfun's tables of 32 KB or more in global memory instead of constant memory.

    numba-cuda lowers a kernel's global NumPy arrays into CUDA constant memory, 64 KB per
    module; past that ptxas refuses the module ("too much global constant data", numba issue
    9084). gammaln's tables are ~770 KB, Hermite's and Laguerre's ~200 KB. In global memory
    they are read through the L1/L2 caches, which also suits tables indexed per thread
    (constant memory serializes divergent reads). Only the arrays of specfun's families are
    moved (by identity), so user kernels compile as before. Not yet run on a GPU: no GPU was
    lent to the sessions that wrote it (the simulator does not lower arrays).
    """
    import sys

    from numba.cuda import target as ctarget

    real = ctarget.CUDATargetContext.make_constant_array
    if getattr(real, "_specfun", False):
        return
    big = {id(v) for name, mod in list(sys.modules.items()) if name.startswith("specfun.families.")
           for v in vars(mod).values() if isinstance(v, np.ndarray) and v.nbytes >= _BIG_TABLE}
    nvvm = ctarget.nvvm

    def make_constant_array(self, builder, aryty, arr):
        if id(arr) not in big:
            return real(self, builder, aryty, arr)
        saved = nvvm.ADDRSPACE_CONSTANT  # read by the real method when it makes the variable
        nvvm.ADDRSPACE_CONSTANT = nvvm.ADDRSPACE_GLOBAL  # under Numba's compiler lock
        try:
            return real(self, builder, aryty, arr)
        finally:
            nvvm.ADDRSPACE_CONSTANT = saved

    make_constant_array._specfun = True
    ctarget.CUDATargetContext.make_constant_array = make_constant_array


if not SIMULATOR:
    _big_tables_in_global_memory()
DEVICE = ScalarCompiler(_device_jit, _native_primitives())


# ``_dev`` (the device function) and ``_cast`` (to the compute dtype) are rebound per function.
def _kernel1(out, so, a, sa, shape, n):
    i = cuda.grid(1)
    step = cuda.gridsize(1)
    nd = shape.shape[0]
    while i < n:
        r = i
        oo = so[nd]
        oa = sa[nd]
        for k in range(nd - 1, -1, -1):
            idx = r % shape[k]
            r = r // shape[k]
            oo += idx * so[k]
            oa += idx * sa[k]
        out[oo] = _dev(_cast(a[oa]))  # noqa: F821
        i += step


def _kernel2(out, so, a, sa, b, sb, shape, n):
    i = cuda.grid(1)
    step = cuda.gridsize(1)
    nd = shape.shape[0]
    while i < n:
        r = i
        oo = so[nd]
        oa = sa[nd]
        ob = sb[nd]
        for k in range(nd - 1, -1, -1):
            idx = r % shape[k]
            r = r // shape[k]
            oo += idx * so[k]
            oa += idx * sa[k]
            ob += idx * sb[k]
        out[oo] = _dev(_cast(a[oa]), _cast(b[ob]))  # noqa: F821
        i += step


def _kernel3(out, so, a, sa, b, sb, c, sc, shape, n):
    i = cuda.grid(1)
    step = cuda.gridsize(1)
    nd = shape.shape[0]
    while i < n:
        r = i
        oo = so[nd]
        oa = sa[nd]
        ob = sb[nd]
        oc = sc[nd]
        for k in range(nd - 1, -1, -1):
            idx = r % shape[k]
            r = r // shape[k]
            oo += idx * so[k]
            oa += idx * sa[k]
            ob += idx * sb[k]
            oc += idx * sc[k]
        out[oo] = _dev(_cast(a[oa]), _cast(b[ob]), _cast(c[oc]))  # noqa: F821
        i += step


# Flat variants: every operand is a single-stride sequence along the (C-order) output, the
# common case of contiguous arrays and scalars.  No index unravelling: the general kernels
# spend one 64-bit division and modulo per dimension and element, which on a GPU costs more
# than a memory-bound special function itself.
def _flat1(out, o0, so, a, a0, sa, n):
    i = cuda.grid(1)
    step = cuda.gridsize(1)
    while i < n:
        out[o0 + i * so] = _dev(_cast(a[a0 + i * sa]))  # noqa: F821
        i += step


def _flat2(out, o0, so, a, a0, sa, b, b0, sb, n):
    i = cuda.grid(1)
    step = cuda.gridsize(1)
    while i < n:
        out[o0 + i * so] = _dev(_cast(a[a0 + i * sa]), _cast(b[b0 + i * sb]))  # noqa: F821
        i += step


def _flat3(out, o0, so, a, a0, sa, b, b0, sb, c, c0, sc, n):
    i = cuda.grid(1)
    step = cuda.gridsize(1)
    while i < n:
        out[o0 + i * so] = _dev(_cast(a[a0 + i * sa]), _cast(b[b0 + i * sb]),  # noqa: F821
                                _cast(c[c0 + i * sc]))  # noqa: F821
        i += step


_TEMPLATES = {1: _kernel1, 2: _kernel2, 3: _kernel3}
_FLAT_TEMPLATES = {1: _flat1, 2: _flat2, 3: _flat3}
_kernels: dict[tuple, object] = {}
_lock = threading.Lock()


def kernel(name: str, flat: bool = False):
    """The compiled (lazily, per argument types) CUDA kernel of ``name`` (general or flat)."""
    k = _kernels.get((name, flat))
    if k is None:
        with _lock:
            k = _kernels.get((name, flat))
            if k is None:
                spec = REGISTRY[name]
                dev = DEVICE.get(spec.kernel.__name__)
                template = (_FLAT_TEMPLATES if flat else _TEMPLATES)[spec.nin]
                body = clone(template, {"_dev": dev, "_cast": numba.float64},
                             name=f"_cuda_{'flat_' if flat else ''}{name}")
                k = _kernels[(name, flat)] = cuda.jit(body)
    return k


def _single_stride(strides, out_shape):
    """s if ``strides`` walk the C-order output with one element step s (0: broadcast), else None."""
    s = None
    acc = 1
    for k in range(len(out_shape) - 1, -1, -1):
        d = out_shape[k]
        if d != 1:
            if s is None:
                if strides[k] % acc:
                    return None
                s = strides[k] // acc
            if strides[k] != s * acc:
                return None
        acc *= d
    return 0 if s is None else s


# ---------------------------------------------------------------------------
# device-array plumbing

def is_device_array(a) -> bool:
    return hasattr(a, "__cuda_array_interface__") or type(a).__name__ == "FakeCUDAArray"


def _interface(a) -> dict:
    if type(a).__name__ == "FakeCUDAArray":  # simulator: host memory behind the fake
        ai = a._ary.__array_interface__
        return {"shape": ai["shape"], "strides": ai["strides"], "typestr": ai["typestr"],
                "data": ai["data"], "version": 3, "stream": None}
    return a.__cuda_array_interface__


def _flat(a, fname: str, argname: str):
    """(1-D device view of the memory a spans, element strides, dtype) for one device array."""
    cai = _interface(a)
    dtype = np.dtype(cai["typestr"])
    if dtype.kind not in "biuf":
        raise TypeError(f"{fname}: unsupported dtype {dtype} for argument {argname!r} on CUDA")
    shape = tuple(cai["shape"])
    item = dtype.itemsize
    strides = cai.get("strides")
    if strides is None:  # C-contiguous
        strides, acc = [], item
        for d in reversed(shape):
            strides.insert(0, acc)
            acc *= max(d, 1)
    if any(s % item for s in strides):
        raise ValueError(f"{fname}: argument {argname!r} has strides that are not a multiple of its itemsize")
    est = [s // item for s in strides]
    lo = sum(min(0, (d - 1) * s) for d, s in zip(shape, est)) if all(shape) else 0
    hi = sum(max(0, (d - 1) * s) for d, s in zip(shape, est)) if all(shape) else 0
    extent = max(hi - lo + 1, 1)
    ptr = cai["data"][0] + lo * item
    if SIMULATOR:
        import ctypes

        from numba.cuda.simulator.cudadrv.devicearray import FakeCUDAArray

        buf = (ctypes.c_char * (extent * item)).from_address(ptr)
        view = FakeCUDAArray(np.frombuffer(buf, dtype=dtype))
    else:
        desc = {"shape": (extent,), "strides": None, "typestr": cai["typestr"], "data": (ptr, False),
                "version": 3}
        view = cuda.from_cuda_array_interface(desc, owner=a, sync=False)
    # element strides relative to the view's start
    return view, shape, est, -lo, dtype


def _aligned_strides(shape, est, start, out_shape):
    """Strides of an argument along the broadcast shape (0 where broadcast); start folded into the view."""
    nd = len(out_shape)
    pad = nd - len(shape)
    res = []
    for k in range(nd):
        if k < pad:
            res.append(0)
        else:
            d = shape[k - pad]
            res.append(0 if d == 1 else est[k - pad])
    return res


def _stream_of(args):
    for a in args:
        if hasattr(a, "__cuda_array_interface__"):
            s = a.__cuda_array_interface__.get("stream")
            if s not in (None, 1, 2):
                return cuda.external_stream(s)
    return cuda.default_stream()


def call(spec, values, kinds, out):
    """Run ``spec`` on device arrays (and Python scalars); returns an array of the inputs' kind."""
    fname = spec.name
    views, shapes, dts = [], [], []
    starts, ests = [], []
    stream = _stream_of(values)
    for arg, v, k in zip(spec.args, values, kinds):
        if k == "scalar" or isinstance(v, (int, float, np.number)):
            if arg.scalar:
                from specfun._dispatch import _scalar_param

                v = _scalar_param(spec, arg, v)
            host = np.array([v], dtype=np.float64 if isinstance(v, float) or arg.keyword else None)
            sg.check_dtype(fname, arg.name, host.dtype)
            view = cuda.to_device(host.astype(np.float64) if host.dtype.kind == "b" else host, stream=stream)
            views.append(view)
            shapes.append(())
            ests.append([])
            starts.append(0)
            dts.append(v if not arg.keyword else None)
            continue
        obj = v if k != "torch-cuda" else v.detach()
        view, shape, est, start, dtype = _flat(obj, fname, arg.name)
        views.append(view)
        shapes.append(shape)
        ests.append(est)
        starts.append(start)
        dts.append(np.empty(0, dtype))

    from specfun._dispatch import resolve_loop

    promoting = [d if d is not None else 0.0 for d in dts]
    loop = resolve_loop(spec, [p if not isinstance(p, np.ndarray) else p for p in promoting])
    try:
        out_shape = np.broadcast_shapes(*shapes)
    except ValueError:
        names = ", ".join(f"{a.name}{s}" for a, s in zip(spec.args, shapes))
        raise ValueError(f"{fname}: arguments cannot be broadcast together: {names}") from None

    n = math.prod(out_shape)
    if out is None:
        if loop.result == sg.BF16:
            raise TypeError(f"{fname}: bfloat16 is not supported on CUDA; use float16 or float32")
        result = cuda.device_array(out_shape, dtype=loop.result, stream=stream)
        target = result
    else:
        if not is_device_array(out):
            raise TypeError(f"{fname}: out must be a CUDA device array for CUDA inputs")
        result = out
        target = out.detach() if type(out).__module__.startswith("torch") else out
    oview, oshape, oest, ostart, odt = _flat(target, fname, "out")
    if tuple(oshape) != tuple(out_shape):
        raise ValueError(f"{fname}: out has shape {tuple(oshape)}, but the result has shape {tuple(out_shape)}")
    if not np.can_cast(loop.result, odt, "same_kind"):
        raise TypeError(f"{fname}: cannot write a {loop.result} result into out of dtype {odt} "
                        f"(casting rule 'same_kind')")
    if n == 0:
        return _wrap(values, kinds, result)

    def dev_ints(xs):
        return cuda.to_device(np.asarray(xs if xs else [0], dtype=np.int64), stream=stream)

    nd = len(out_shape)
    so = _aligned_strides(oshape, oest, ostart, out_shape)
    arg_strides = [_aligned_strides(shape, est, start, out_shape) if nd else [0]
                   for shape, est, start in zip(shapes, ests, starts)]
    threads = 256
    blocks = min(max(1, (n + threads - 1) // threads), 65535 if not SIMULATOR else 4)
    if SIMULATOR:
        threads = min(threads, 32)
    # Indices stay non-negative: each view starts at the lowest address its array spans and the
    # element of logical index 0 sits at ``start`` in it (a view sliced at ``start`` would need
    # negative indices for negative strides, and Numba wraps those around).
    single = [_single_stride(st, out_shape) for st in [so, *arg_strides]] if nd else [1] + [0] * len(views)
    if all(s is not None for s in single):  # the flat kernel: strides as plain integers
        pairs = [x for view, start, s in zip(views, starts, single[1:]) for x in (view, start, s)]
        kernel(spec.name, flat=True)[blocks, threads, stream](oview, ostart, single[0], *pairs, n)
        return _wrap(values, kinds, result)
    shape_arr = dev_ints(list(out_shape) if nd else [1])
    launch = [(view, dev_ints((st or [0])[:max(nd, 1)] + [start]))
              for view, start, st in zip(views, starts, arg_strides)]
    flat_args = [x for pair in launch for x in pair]
    kernel(spec.name)[blocks, threads, stream](oview, dev_ints((so or [0])[:max(nd, 1)] + [ostart]), *flat_args,
                                               shape_arr, n)
    return _wrap(values, kinds, result)


def _wrap(values, kinds, result):
    """Return the result as the same kind of device array the caller passed."""
    if type(result).__module__.startswith(("torch", "cupy")):
        return result  # the caller's own out=
    for v, k in zip(values, kinds):
        mod = type(v).__module__
        if mod.startswith("cupy"):
            import cupy

            return cupy.asarray(result)
        if k == "torch-cuda":
            import torch

            return torch.as_tensor(result, device=v.device)
    return result
