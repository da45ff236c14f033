"""Ufuncs that leave no floating-point exception flags behind, so calls need no ``np.errstate``.

NumPy clears the FPU's exception flags before a ufunc's inner loop and tests them after
it; a flag left set (a kernel's ``exp(-800)`` underflowing on the way to a correct 0, a
pole's division by zero) becomes a RuntimeWarning.  Special values are results here, not
errors, so every call used to run inside ``errstate(all="ignore")``: 0.09 us of the 0.31 us
a Python-scalar call cost, against scipy.special's whole 0.06 us (scipy's loops clear the
flags themselves).

:func:`assemble` gives each compiled loop the same manners.  One small function, JIT-compiled
once per process, calls the Numba loop and then clears the SSE status flags that NumPy
reports (invalid, divide, overflow, underflow) when any of them is set.  Reading MXCSR
costs nothing measurable; writing it is slow (~0.1 us, it serializes), so it is written only
when a flag is up.  The denormal-operand flag is not looked at: NumPy never clears or
reports it, so it is usually set and would force the write on every call.  A new NumPy
ufunc is made from the same type signatures with this function as every loop and a
``{loop, data}`` pair as its data.

x86-64 only (MXCSR); elsewhere the loops are used bare and the dispatch keeps ``errstate``.
The same assembly puts a function's float32 kernel (``f32_kernel=`` in its registration)
behind the float32 loop of the one ufunc.  x87 flags are not cleared: Numba and glibc's double functions use SSE
(tests/test_dispatch.py calls every function on special values with warnings as errors).
"""
from __future__ import annotations

import ctypes
import platform
import threading

import numpy as np

SUPPORTED = platform.machine().lower() in ("x86_64", "amd64")

_lock = threading.Lock()
_wrapper: int | None = None
_keep: list = []  # the C arrays each new ufunc points into (NumPy does not copy them)
QUIET: set = set()  # the dispatch keys whose ufunc clears the FP flags itself (name, name#default)
_ERROR_FLAGS = 0x1D  # MXCSR: IE 0x01, ZE 0x04, OE 0x08, UE 0x10 (not DE 0x02, not PE 0x20)


class _UFuncHead(ctypes.Structure):
    """The leading fields of NumPy's PyUFuncObject (numpy/ufuncobject.h, stable in NumPy 2)."""

    _fields_ = [("ob_refcnt", ctypes.c_ssize_t), ("ob_type", ctypes.c_void_p),
                ("nin", ctypes.c_int), ("nout", ctypes.c_int), ("nargs", ctypes.c_int),
                ("identity", ctypes.c_int),
                ("functions", ctypes.POINTER(ctypes.c_void_p)), ("data", ctypes.POINTER(ctypes.c_void_p)),
                ("ntypes", ctypes.c_int), ("reserved1", ctypes.c_int),
                ("name", ctypes.c_char_p), ("types", ctypes.c_void_p)]


def _build_wrapper() -> int:
    """Compile ``void loop(char **args, npy_intp *dims, npy_intp *steps, void *pair)``
    (with llvmlite alone: the ufuncs loaded from specfun's loop cache do not import Numba)."""
    from llvmlite import ir

    from specfun._targets import _objcache

    i8p = ir.IntType(8).as_pointer()
    i32 = ir.IntType(32)
    loop_ty = ir.FunctionType(ir.VoidType(), [i8p.as_pointer(), ir.IntType(64).as_pointer(),
                                              ir.IntType(64).as_pointer(), i8p])
    mod = ir.Module("specfun_quiet")
    fn = ir.Function(mod, loop_ty, "specfun_quiet_loop")
    b = ir.IRBuilder(fn.append_basic_block())
    args, dims, steps, pair = fn.args
    slot = b.bitcast(pair, i8p.as_pointer())
    inner = b.bitcast(b.load(slot), loop_ty.as_pointer())
    b.call(inner, [args, dims, steps, b.load(b.gep(slot, [ir.Constant(i32, 1)]))])
    stmxcsr = ir.Function(mod, ir.FunctionType(ir.VoidType(), [i8p]), "llvm.x86.sse.stmxcsr")
    ldmxcsr = ir.Function(mod, ir.FunctionType(ir.VoidType(), [i8p]), "llvm.x86.sse.ldmxcsr")
    word = b.alloca(i32)
    b.call(stmxcsr, [b.bitcast(word, i8p)])
    csr = b.load(word)
    raised = b.icmp_unsigned("!=", b.and_(csr, ir.Constant(i32, _ERROR_FLAGS)), ir.Constant(i32, 0))
    with b.if_then(raised, likely=False):
        b.store(b.and_(csr, ir.Constant(i32, ~0x3F & 0xFFFFFFFF)), word)
        b.call(ldmxcsr, [b.bitcast(word, i8p)])
    b.ret_void()
    with _objcache._lock:
        llvm, eng = _objcache.engine()
        parsed = llvm.parse_assembly(str(mod))
        parsed.verify()
        eng.add_module(parsed)
        eng.finalize_object()
        _keep.append(parsed)
        return eng.get_function_address("specfun_quiet_loop")


def _from_func_and_data():
    import numpy._core._multiarray_umath as mu

    get = ctypes.pythonapi.PyCapsule_GetPointer
    get.restype, get.argtypes = ctypes.c_void_p, [ctypes.py_object, ctypes.c_char_p]
    api = (ctypes.c_void_p * 2).from_address(get(mu._UFUNC_API, None))
    proto = ctypes.PYFUNCTYPE(ctypes.py_object, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_char_p,
                              ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                              ctypes.c_char_p, ctypes.c_char_p, ctypes.c_int)
    return proto(api[1])  # PyUFunc_FromFuncAndData, entry 1 of NumPy's ufunc C-API table


def _loops(uf: np.ufunc) -> dict | None:
    """``{type signature bytes: (loop pointer, data pointer)}`` of a ufunc, in its order."""
    head = _UFuncHead.from_address(id(uf))
    nt, nargs = head.ntypes, head.nargs
    if (nt, head.nin, head.nout) != (uf.ntypes, uf.nin, uf.nout):  # not the layout we know
        return None
    codes = ctypes.string_at(head.types, nt * nargs)
    return {codes[i * nargs:(i + 1) * nargs]: (head.functions[i], head.data[i]) for i in range(nt)}


def merged_loops(primary: np.ufunc, overrides=()) -> dict | None:
    """``primary``'s loops, each replaced by the loop of the same type signature in
    ``overrides`` where there is one; None where a ufunc's layout is not the one known here."""
    loops = _loops(primary)
    for o in overrides:
        more = _loops(o) if loops is not None else None
        if more is None:
            return None
        loops.update((k, v) for k, v in more.items() if k in loops)
    return loops


def assemble(primary: np.ufunc, overrides=(), doc: str = "", quiet: bool = True) -> np.ufunc | None:
    """One NumPy ufunc from Numba-built ones: ``primary``'s loops, each replaced by the loop of
    the same type signature in ``overrides`` where there is one (a float32 kernel's loop), all
    wrapped to clear the NumPy-reported FP flags when ``quiet`` (x86-64 only).

    None where the ufunc layout is not the one known here, or nothing would change.
    """
    quiet = quiet and SUPPORTED
    if type(primary) is not np.ufunc or primary.signature is not None or not (quiet or overrides):
        return None
    loops = merged_loops(primary, overrides)
    if loops is None:
        return None
    uf = make(loops, primary.nin, primary.nout, primary.__name__, doc, quiet)
    if uf.types != primary.types:
        return None
    _keep.append((primary, tuple(overrides)))
    return uf


def make(loops: dict, nin: int, nout: int, name: str, doc: str = "", quiet: bool = True) -> np.ufunc:
    """A NumPy ufunc from ``{type codes: (loop address, data address)}``, each loop wrapped to
    clear the NumPy-reported FP flags when ``quiet`` (x86-64 only)."""
    global _wrapper
    quiet = quiet and SUPPORTED
    with _lock:
        if quiet and _wrapper is None:
            _wrapper = _build_wrapper()
        nt = len(loops)
        pairs = (ctypes.c_void_p * (2 * nt))()
        for i, (fn, data) in enumerate(loops.values()):
            pairs[2 * i], pairs[2 * i + 1] = fn, data
        step = 2 * ctypes.sizeof(ctypes.c_void_p)
        if quiet:
            funcs = (ctypes.c_void_p * nt)(*([_wrapper] * nt))
            data = (ctypes.c_void_p * nt)(*(ctypes.addressof(pairs) + i * step for i in range(nt)))
        else:
            funcs = (ctypes.c_void_p * nt)(*(pairs[2 * i] for i in range(nt)))
            data = (ctypes.c_void_p * nt)(*(pairs[2 * i + 1] for i in range(nt)))
        types = ctypes.create_string_buffer(b"".join(loops), nt * (nin + nout))
        cname = ctypes.create_string_buffer(name.encode())
        docb = ctypes.create_string_buffer(doc.encode())
        uf = _from_func_and_data()(ctypes.addressof(funcs), ctypes.addressof(data), types, nt,
                                   nin, nout, -1, cname, docb, 0)  # -1: PyUFunc_None
        _keep.append((pairs, funcs, data, types, cname, docb))
        return uf
