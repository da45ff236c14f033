"""The native chunk driver's code (see :mod:`specfun._targets._chunks`), compiled with Numba
into C functions that take addresses: imported only to build them.  The loop cache keeps
their machine code (:func:`specfun._targets._objcache.native`), so a later process loads
them without importing Numba.

Nothing here allocates (Numba's runtime is not there when the code is loaded alone): the
few words of scratch a thread needs are on its stack (:func:`stack`).
"""
from __future__ import annotations

import platform

from llvmlite import ir
from numba import cfunc, njit, types
from numba.core import cgutils
from numba.core.extending import intrinsic

from specfun._targets._chunks import _HEAD

_I64 = ir.IntType(64)
_I64P = _I64.as_pointer()
_X86 = platform.machine().lower() in ("x86_64", "amd64", "i686", "x86")
MAX_OFFERED = 256  # spinning pool threads a caller offers its block to (slots beyond: none)


@intrinsic
def _fetch_add(typingctx, addr, value):
    """Atomically add ``value`` to the int64 at ``addr``; the old value."""
    if not (isinstance(addr, types.Integer) and isinstance(value, types.Integer)):
        return None

    def codegen(context, builder, sig, args):
        return builder.atomic_rmw("add", builder.inttoptr(args[0], _I64P), args[1], "seq_cst")

    return types.int64(types.int64, types.int64), codegen


@intrinsic
def _load_acquire(typingctx, addr):
    """The int64 at ``addr``, read atomically (never hoisted out of a wait loop)."""
    if not isinstance(addr, types.Integer):
        return None

    def codegen(context, builder, sig, args):
        return builder.load_atomic(builder.inttoptr(args[0], _I64P), "acquire", 8)

    return types.int64(types.int64), codegen


@intrinsic
def _cas(typingctx, addr, expected, new):
    """Atomically replace the int64 at ``addr`` by ``new`` if it equals ``expected``; the old value."""
    if not all(isinstance(t, types.Integer) for t in (addr, expected, new)):
        return None

    def codegen(context, builder, sig, args):
        pair = builder.cmpxchg(builder.inttoptr(args[0], _I64P), args[1], args[2], "seq_cst", "seq_cst")
        return builder.extract_value(pair, 0)

    return types.int64(types.int64, types.int64, types.int64), codegen


@intrinsic
def _store_release(typingctx, addr, value):
    if not (isinstance(addr, types.Integer) and isinstance(value, types.Integer)):
        return None

    def codegen(context, builder, sig, args):
        builder.store_atomic(args[1], builder.inttoptr(args[0], _I64P), "release", 8)
        return context.get_dummy_value()

    return types.void(types.int64, types.int64), codegen


@intrinsic
def _store(typingctx, addr, value):
    """A plain store of the int64 ``value`` at ``addr`` (this thread's own scratch)."""
    if not (isinstance(addr, types.Integer) and isinstance(value, types.Integer)):
        return None

    def codegen(context, builder, sig, args):
        builder.store(args[1], builder.inttoptr(args[0], _I64P))
        return context.get_dummy_value()

    return types.void(types.int64, types.int64), codegen


@intrinsic
def _load(typingctx, addr):
    """A plain load of the int64 at ``addr`` (this thread's own scratch)."""
    if not isinstance(addr, types.Integer):
        return None

    def codegen(context, builder, sig, args):
        return builder.load(builder.inttoptr(args[0], _I64P))

    return types.int64(types.int64), codegen


@intrinsic
def stack(typingctx, words):
    """The address of ``words`` (a literal) zeroed int64s on the calling function's stack (an
    alloca in its entry block: one per call, not per loop iteration)."""
    if not isinstance(words, types.IntegerLiteral):
        return None
    n = words.literal_value

    def codegen(context, builder, sig, args):
        with builder.goto_entry_block():
            p = builder.alloca(_I64, size=n)
        cgutils.memset(builder, p, ir.Constant(_I64, 8 * n), 0)
        return builder.ptrtoint(p, _I64)

    return types.int64(words), codegen


@intrinsic
def pointer_at(typingctx, addr, dtype):
    """The address ``addr`` (an integer) as a pointer to ``dtype`` (a NumPy scalar type), for
    ``numba.carray``: loops run by this driver receive their arrays as addresses."""
    if not (isinstance(addr, types.Integer) and isinstance(dtype, types.NumberClass)):
        return None
    ptr = types.CPointer(dtype.dtype)

    def codegen(context, builder, sig, args):
        return builder.inttoptr(args[0], context.get_value_type(ptr))

    return ptr(addr, dtype), codegen


@intrinsic
def _cycles(typingctx):
    """The CPU's cycle counter (x86: the TSC; 0 where LLVM has none)."""

    def codegen(context, builder, sig, args):
        fn = cgutils.get_or_insert_function(builder.module, ir.FunctionType(_I64, []), "llvm.readcyclecounter")
        return builder.call(fn, [])

    return types.int64(), codegen


@intrinsic
def _pause(typingctx):
    """The spin-wait hint (x86 ``pause``; nothing elsewhere)."""

    def codegen(context, builder, sig, args):
        if _X86:
            fn = cgutils.get_or_insert_function(builder.module, ir.FunctionType(ir.VoidType(), []),
                                                "llvm.x86.sse2.pause")
            builder.call(fn, [])
        return context.get_dummy_value()

    return types.void(), codegen


@intrinsic
def _call_loop(typingctx, loop, argv, dims, steps, data):
    """Call ``void loop(char **args, npy_intp *dims, npy_intp *steps, void *data)``."""
    if not all(isinstance(t, types.Integer) for t in (loop, argv, dims, steps, data)):
        return None

    def codegen(context, builder, sig, args):
        i8p = ir.IntType(8).as_pointer()
        fnty = ir.FunctionType(ir.VoidType(), [i8p.as_pointer(), _I64P, _I64P, i8p])
        fn = builder.inttoptr(args[0], fnty.as_pointer())
        builder.call(fn, [builder.inttoptr(args[1], i8p.as_pointer()), builder.inttoptr(args[2], _I64P),
                          builder.inttoptr(args[3], _I64P), builder.inttoptr(args[4], i8p)])
        return context.get_dummy_value()

    return types.void(types.int64, types.int64, types.int64, types.int64, types.int64), codegen


@intrinsic
def _yield_cpu(typingctx):
    """``sched_yield()``: let a preempted thread that holds the last chunk run."""

    def codegen(context, builder, sig, args):
        fn = cgutils.get_or_insert_function(builder.module, ir.FunctionType(ir.IntType(32), []), "sched_yield")
        builder.call(fn, [])
        return context.get_dummy_value()

    return types.void(), codegen


@njit(nogil=True)
def _offer(base, mb, nslots, offered):
    """Offer the block at ``base`` to every spinning pool thread not offered it yet
    (``offered``: the address of one flag per slot)."""
    for j in range(nslots):
        if _load(offered + 8 * j) == 0 and _load_acquire(mb + 16 * j + 8) == 1 and _cas(mb + 16 * j, 0, base) == 0:
            _store(offered + 8 * j, 1)


@njit(nogil=True)
def _run(base, argv, dim, mb, nslots, offered):
    """Run chunks of the control block at address ``base`` until none is left (offering it,
    before each chunk, to pool threads that started spinning since: they wake late); how
    many.  ``argv``, ``dim``: this thread's scratch (64 pointers, one extent).  ``nslots`` 0:
    no offering (a pool thread)."""
    chunks = _load_acquire(base + 16)
    nargs = _load_acquire(base + 24)
    steps = base + 8 * _HEAD
    ptrs = steps + 8 * nargs
    advance = ptrs + 8 * nargs
    bounds = advance + 8 * nargs
    ran = 0
    while True:
        if nslots:
            _offer(base, mb, nslots, offered)
        i = _fetch_add(base, 1)
        if i >= chunks:
            break
        ran += 1
        lo = _load_acquire(bounds + 8 * i)
        _store(dim, _load_acquire(bounds + 8 * i + 8) - lo)
        for k in range(nargs):
            _store(argv + 8 * k, _load_acquire(ptrs + 8 * k) + lo * _load_acquire(advance + 8 * k))
        _call_loop(_load_acquire(base + 32), argv, dim, steps, _load_acquire(base + 40))
        _fetch_add(base + 8, 1)
    return ran


_ADDR3 = types.int64(types.int64, types.int64, types.int64)


@cfunc(_ADDR3, nopython=True)
def drive(base, mb, nslots):
    """The calling thread's part of the control block at ``base``: run chunks, then return
    only when every chunk is done and every pool thread that took the block has left it;
    ``mb``: the mailbox of ``nslots`` spinning-thread slots (per slot: a block's address, and
    1 while a thread spins there).  Returns the chunks this thread ran."""
    argv = stack(64)
    dim = stack(1)
    offered = stack(MAX_OFFERED)
    nslots = min(nslots, MAX_OFFERED)
    ran = _run(base, argv, dim, mb, nslots, offered)
    chunks = _load_acquire(base + 16)
    spins = 0
    while _load_acquire(base + 8) < chunks:  # the other threads' last chunks
        spins += 1
        if spins > 256:
            _yield_cpu()
    taken = 0
    for j in range(nslots):
        if _load(offered + 8 * j) and _cas(mb + 16 * j, base, 0) != base:
            taken += 1
    while _load_acquire(base + 48) < taken:  # a taker still holds the block
        _yield_cpu()
    return ran


@cfunc(types.int64(types.int64, types.int64, types.int64, types.int64), nopython=True)
def serve(base, mb, slot, cycles):
    """A pool thread: run chunks of the block at ``base``, then stay for ~``cycles`` CPU
    cycles spinning (x86 pause) in ``slot`` of the mailbox ``mb``, running each block a caller
    offers.  A sleeping thread takes ~60 us to wake; a spinning one takes the next call's block
    at once.  One spinner per slot; returns the chunks it ran."""
    argv = stack(64)
    dim = stack(1)
    ran = _run(base, argv, dim, 0, 0, 0)
    mb = mb + 16 * slot
    if _cas(mb + 8, 0, 1) != 0:
        return ran
    t0 = _cycles()
    n = 0
    while True:
        job = _load_acquire(mb)
        if job != 0 and _cas(mb, job, 0) == job:
            ran += _run(job, argv, dim, 0, 0, 0)
            _fetch_add(job + 48, 1)  # left: the caller may let the block go
            t0 = _cycles()
            n = 0
            continue
        n += 1
        if _cycles() - t0 > cycles or n > 4 * cycles:  # (the count: where there is no cycle counter)
            _store_release(mb + 8, 0)
            job = _load_acquire(mb)  # offered just before the flag went down: take it still
            if job != 0 and _cas(mb, job, 0) == job:
                ran += _run(job, argv, dim, 0, 0, 0)
                _fetch_add(job + 48, 1)
            return ran
        _pause()


def functions() -> dict:
    """The C functions by name, for :func:`specfun._targets._objcache.native`."""
    return {"drive": drive, "serve": serve}
