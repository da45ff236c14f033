"""CPU targets: a NumPy ufunc per function (the parallel driver: specfun._targets.parallel)."""
from __future__ import annotations

import os
import threading

from specfun._targets import cache

cache.configure()  # before Numba reads its cache settings

import numba  # noqa: E402
import numpy as np  # noqa: E402


def _import_arraymath_without_blas_probe() -> None:
    """Import numba.np.arraymath with its BLAS probe answered without importing scipy.linalg.

    Numba imports ``numba.np.arraymath`` on the first compile *or cache load*, and that
    module asks ``ensure_blas()`` at import time whether scipy's BLAS is there, which
    imports ``scipy.linalg``: about 0.2 s of the 0.5 s first call (measured with cProfile,
    scipy 1.16).  The answer only picks how ``np.convolve``/``np.correlate`` inner products
    are done in user njit code; "scipy is installed" gives the same answer without the
    import.  The real ``ensure_blas`` is put back afterwards, so linear algebra in njit code
    still checks for itself.
    """
    import importlib.util
    import sys

    if "numba.np.arraymath" in sys.modules:
        return
    from numba.np import linalg

    real = linalg.ensure_blas
    have_scipy = importlib.util.find_spec("scipy") is not None

    def probe():
        if not have_scipy:
            raise ImportError("scipy 0.16+ is required for linear algebra")

    linalg.ensure_blas = probe
    try:
        import numba.np.arraymath as arraymath
    finally:
        linalg.ensure_blas = real
    arraymath.ensure_blas = real


_import_arraymath_without_blas_probe()

from specfun._registry import REGISTRY  # noqa: E402
from specfun._targets import _objcache, _quiet  # noqa: E402
from specfun._targets._retarget import ScalarCompiler, clone, fingerprint  # noqa: E402

_NUMBA_TYPES = {"f": numba.float32, "d": numba.float64, "l": numba.int64}

def _native_primitives() -> dict:
    """The CPU versions of the @primitive operations: LLVM bit casts (no call, so loops vectorize)."""
    from llvmlite import ir
    from numba.core import types
    from numba.core.extending import intrinsic

    @intrinsic
    def f64_bits(typingctx, x):
        if not isinstance(x, (types.Float, types.Integer)):
            return None

        def codegen(context, builder, sig, args):
            v = context.cast(builder, args[0], sig.args[0], types.float64)
            return builder.bitcast(v, ir.IntType(64))

        return types.int64(x), codegen

    @intrinsic
    def bits_f64(typingctx, i):
        if not isinstance(i, types.Integer):
            return None

        def codegen(context, builder, sig, args):
            v = context.cast(builder, args[0], sig.args[0], types.int64)
            return builder.bitcast(v, ir.DoubleType())

        return types.float64(i), codegen

    prims = {"f64_bits": f64_bits, "bits_f64": bits_f64}
    if _host_has_fma():
        prims["two_prod_err"] = _llvm_fma("two_prod_err", negate_c=True)   # a*b - p, rounded once
        prims["fma"] = _llvm_fma("fma", negate_c=False)                    # a*b + c, rounded once
    else:  # a software fma() call would be slower than Dekker's exact product
        from specfun.families._tools import dekker_two_prod_err, emulated_fma

        prims["two_prod_err"] = dekker = numba.njit(dekker_two_prod_err, nogil=True)
        prims["fma"] = numba.njit(clone(emulated_fma, {"dekker_two_prod_err": dekker}), nogil=True)
    return prims


def _llvm_fma(name: str, negate_c: bool):
    """A Numba intrinsic ``name(a, b, c)``: LLVM's fma of a, b and c (or -c), as float64."""
    from llvmlite import ir
    from numba.core import types
    from numba.core.extending import intrinsic

    def op(typingctx, a, b, c):
        if not all(isinstance(t, (types.Float, types.Integer)) for t in (a, b, c)):
            return None

        def codegen(context, builder, sig, args):
            x, y, z = (context.cast(builder, v, t, types.float64) for v, t in zip(args, sig.args))
            d = ir.DoubleType()
            f = builder.module.declare_intrinsic("llvm.fma", [d], ir.FunctionType(d, [d, d, d]))
            return builder.call(f, [x, y, builder.fsub(ir.Constant(d, -0.0), z) if negate_c else z])

        return types.float64(a, b, c), codegen

    op.__name__ = op.__qualname__ = name
    return intrinsic(op)


def _host_has_fma() -> bool:
    """Whether Numba compiles for a CPU with fused multiply-add (x86 FMA3, every AArch64)."""
    from llvmlite import binding

    if os.environ.get("SPECFUN_NO_FMA"):  # Dekker's product instead (for comparisons)
        return False
    try:
        feats = binding.get_host_cpu_features()
    except RuntimeError:  # pragma: no cover - platforms where LLVM cannot tell
        return False
    if numba.config.CPU_NAME or numba.config.CPU_FEATURES:  # the user chose the target
        spec = numba.config.CPU_FEATURES or ""
        return "+fma" in spec or "+neon" in spec
    return bool(feats.get("fma") or feats.get("neon"))


_PRIMS = _native_primitives()
SCALARS = ScalarCompiler(lambda fn: numba.njit(fn, cache=False, nogil=True), _PRIMS)
# in every loop's name, so the disk cache never serves a loop built with the other two_prod_err
_PRIM_TAG = "" if isinstance(_PRIMS["two_prod_err"], numba.core.registry.CPUDispatcher) else "_fma"


# Loop bodies, one per arity.  ``_kernel`` and ``_cast`` are rebound per function
# by clone(); float32 loops compute in the float64 kernel and round once on return.
def _loop1(a):
    return _kernel(_cast(a))  # noqa: F821


def _loop2(a, b):
    return _kernel(_cast(a), _cast(b))  # noqa: F821


def _loop3(a, b, c):
    return _kernel(_cast(a), _cast(b), _cast(c))  # noqa: F821


_LOOPS = {1: _loop1, 2: _loop2, 3: _loop3}


def numba_signature(sig: str):
    ins, _, out = sig.partition("->")
    return _NUMBA_TYPES[out](*(_NUMBA_TYPES[c] for c in ins))


_ufuncs: dict[str, np.ufunc] = {}
_lock = threading.Lock()
_building: dict[str, threading.Lock] = {}


_raw: dict[str, np.ufunc] = {}
_default_raw: dict[str, np.ufunc] = {}
_keep: dict = {}  # the DUFuncs whose loops an assembled ufunc calls, kept alive with it
_quiet_names: set[str] = _quiet.QUIET
_objcache.install_capture()


def _build_lock(key: str) -> threading.Lock:
    with _lock:
        return _building.setdefault(key, threading.Lock())


def _build_stored(spec, part: str, key: str, doc: str, build):
    """``build()`` -> (DUFunc, float32 DUFunc or None); the assembled ufunc of the two, whose
    loops' machine code is also written to the loop cache (``_objcache``).  (DUFunc, ufunc)."""
    _objcache.prepare(spec, part)  # its cache key, before building changes anything
    _objcache.start_capture()
    try:
        duf, f32 = build()
    finally:
        infos = _objcache.captured()
    over = [f32] if f32 is not None else []
    raw = _plain(key, duf, over, doc)
    _objcache.store(spec, part, _quiet.merged_loops(duf.ufunc, [o.ufunc for o in over]) or {}, infos,
                    raw.__name__)
    return duf, raw


def _f32_sigs(sigs) -> list:
    """The all-float32 signatures among ``sigs`` (the slots of a float32 kernel)."""
    return [s for s in sigs if set(s.replace("->", "")) == {"f"}]


def _plain(key: str, duf, overrides, doc: str) -> np.ufunc:
    """The NumPy ufunc assembled from ``duf``'s loops (``overrides``' where they have the type,
    see ``_quiet.assemble``), or ``duf``'s own where that is not possible."""
    raw = _quiet.assemble(duf.ufunc, [o.ufunc for o in overrides], doc)
    if raw is None:
        raw = duf.ufunc
    elif _quiet.SUPPORTED:
        _quiet_names.add(key)
    _keep[key] = (duf, *overrides)
    return raw


def ufunc(name: str):
    """The serial Numba DUFunc of ``name``, compiled (or loaded from cache) on first use."""
    uf = _ufuncs.get(name)
    if uf is not None:
        return uf
    with _build_lock(name):  # one build per function, other functions build concurrently
        if name not in _ufuncs:
            spec = REGISTRY[name]
            duf, raw = _build_stored(spec, "main", name, f"specfun.{name} (the raw NumPy ufunc)",
                                     lambda: (_build(spec), _build_f32(spec)))
            from specfun import _ufuncs as home

            setattr(home, raw.__name__, raw)  # pickled by reference from there
            _raw[name] = raw
            _ufuncs[name] = duf
        return _ufuncs[name]


def default_ufunc(name: str) -> np.ufunc | None:
    """The ufunc of the function's ``default_kernel=``, or None.

    Such a kernel takes only the positional arguments and computes the function with every
    keyword parameter at its default (``round`` with ``decimals=0``): the dispatch uses it
    then, so the loop does not carry a broadcast constant and the other parameter's path
    (``round``'s power-of-ten scaling) that a branch-free vectorized kernel would compute
    and discard.
    """
    spec = REGISTRY[name]
    npos = len(spec.positional)
    if "default_kernel" in spec.extra and spec.args[:npos] != spec.positional:
        raise TypeError(f"{name}: default_kernel= needs the keyword parameters after the positional ones")
    return part_ufunc(name, "default")


def part_ufunc(name: str, part: str) -> np.ufunc | None:
    """The ufunc of one of the function's other loop sets (``FunctionSpec.loop_set``: "default",
    "n<v>"), or None where it has none."""
    key = f"{name}#{part}"
    uf = _default_raw.get(key)
    if uf is not None:
        return uf
    spec = REGISTRY[name]
    found = spec.loop_set(part)
    if found is None:
        return None
    kernel, k32, sigs, take = found
    tag = "_" + part.replace(".", "_")
    with _build_lock(key):
        if key not in _default_raw:
            def build():
                duf = _vectorize(spec, kernel, list(sigs), tag=tag, nin=len(take))
                sigs32 = _f32_sigs(sigs)
                return duf, (_vectorize(spec, k32, sigs32, tag=tag + "_f32", nin=len(take))
                             if k32 and sigs32 else None)

            doc = f"specfun.{name} " + ("at its keyword defaults" if part == "default"
                                        else f"at {part[0]} = {part[1:]}")
            _default_raw[key] = _build_stored(spec, part, key, doc, build)[1]
        return _default_raw[key]


def raw_ufunc(name: str) -> np.ufunc:
    """The plain NumPy ufunc of ``name``: the quiet one (see ``_quiet``) where it could be made."""
    uf = _raw.get(name)
    if uf is None:
        ufunc(name)
        uf = _raw[name]
    return uf


def is_quiet(name: str) -> bool:
    """Whether ``raw_ufunc(name)`` clears the FP flags itself (no ``errstate`` needed around it)."""
    return name in _quiet_names


_INLINE_THRESHOLD = 4000  # for kernels registered with inline=True (LLVM's -O3 default is 250)
# The vector width LLVM may use in those loops (its function attribute "prefer-vector-width";
# a registration's vector_width= overrides it, None keeps LLVM's choice). LLVM's tuning for
# AVX-512 Intel CPUs prefers 256-bit vectors; 512 measured 1.1-1.5x on the vectorized loops
# here (log1p 1.26/1.39 float64/float32, xlogy 1.46/1.48, entr 1.43/1.45, erf 1.19/1.21,
# log_ndtr 1.32/1.33, erfinv 1.15/1.10; bit-identical), 1.00 on loops that do not vectorize,
# 0.86 on modified_bessel_i0/i1's float32 loop (registered with vector_width=256). Machines
# without AVX-512 ignore it.
_VECTOR_WIDTH = 512


class wide_vectors:
    """While compiling: LLVM's "prefer-vector-width" attribute set to ``width`` on the functions
    Numba adds whose name starts with ``prefix`` ("" for every function), under Numba's compiler
    lock.  Used for the inline=True ufunc loops (prefix "__ufunc__.") and for the reductions'
    njit kernels (specfun.families.reductions)."""

    def __init__(self, width=_VECTOR_WIDTH, prefix=""):
        self._width = width
        self._prefix = prefix

    def __enter__(self):
        from numba.core import codegen
        from numba.core.compiler_lock import global_compiler_lock

        self._lock = global_compiler_lock
        self._lock.acquire()
        if self._width:
            width, prefix = self._width, self._prefix
            self._add = add = codegen.CPUCodeLibrary.add_ir_module

            def add_ir_module(lib, module):
                for f in module.functions:
                    if f.name.startswith(prefix) and not f.is_declaration:
                        set.add(f.attributes, f'"prefer-vector-width"="{width}"')
                return add(lib, module)

            codegen.CPUCodeLibrary.add_ir_module = add_ir_module
        return self

    def __exit__(self, *exc):
        from numba.core import codegen

        if self._width:
            codegen.CPUCodeLibrary.add_ir_module = self._add
        self._lock.release()


class _inline_threshold(wide_vectors):
    """Raise LLVM's inline threshold while one ufunc compiles (and set its loop's vector width),
    under Numba's compiler lock.

    A ufunc loop vectorizes only when the whole kernel, helpers included, is inlined into
    it; double-double kernels are past LLVM's default budget.  The option is process-wide
    in LLVM, so it is set only for the duration of the build and put back to the -O3 value.
    """

    def __init__(self, width=None):
        super().__init__(width, "__ufunc__.")  # the ufunc loop Numba wraps around the kernel

    def __enter__(self):
        from llvmlite import binding

        super().__enter__()
        binding.set_option("specfun", f"-inline-threshold={_INLINE_THRESHOLD}")
        return self

    def __exit__(self, *exc):
        from llvmlite import binding

        binding.set_option("specfun", "-inline-threshold=250")
        super().__exit__(*exc)


def _vectorize(spec, kernel_fn, sigs, tag="", nin=None):
    kernel = SCALARS.get(kernel_fn.__name__)
    inline = bool(spec.extra.get("inline"))
    # the fingerprint in the loop's name keys Numba's disk cache to the exact kernel source
    loop = clone(_LOOPS[nin or spec.nin], {"_kernel": kernel, "_cast": numba.float64},
                 name=f"{spec.name}{tag}__{fingerprint(kernel_fn)}{_PRIM_TAG}{'_inl' if inline else ''}")
    sigs = [numba_signature(s) for s in sigs]
    if inline:
        with _inline_threshold(spec.extra.get("vector_width", _VECTOR_WIDTH)):
            uf = numba.vectorize(sigs, cache=True, nopython=True)(loop)
    else:
        uf = numba.vectorize(sigs, cache=True, nopython=True)(loop)
    uf.__name__ = spec.name
    return uf


def _build(spec):
    """The function's Numba DUFunc: its kernel behind every signature."""
    return _vectorize(spec, spec.kernel, spec.sigs)


def _build_f32(spec):
    """The DUFunc of the function's float32 kernel (``f32_kernel=``) for its all-float32
    signatures, or None.  Such a kernel takes and returns doubles like the main one, but may
    carry less precision than a float64 result needs (~2**-50 instead of double-doubles): the
    accuracy report holds it to the same float32 baseline."""
    k32 = spec.extra.get("f32_kernel")
    sigs = _f32_sigs(spec.sigs)
    if k32 is None or not sigs:
        return None
    return _vectorize(spec, k32, sigs, tag="_f32")

