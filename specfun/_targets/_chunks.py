"""Parallel chunks taken and run from native code, so that no thread needs the GIL between chunks.

The first parallel driver ran each chunk as a Python-level ufunc call.  NumPy releases the
GIL inside the loop, but a thread must take it back after every chunk, and CPython hands
the GIL to a waiting thread only when that thread has woken up: a thread whose chunk ends
while the other holds the GIL sleeps, and the other (whose next chunk starts ~5 us later)
takes the GIL back before the sleeper wakes.  Measured on exp2, float32, 1e6 elements in
16 chunks: in most calls one thread ran 15 or 16 chunks and the other one, so two threads
took as long as one.

Here every thread calls one Numba function, released from the GIL for the whole call, that
takes chunk numbers from an atomic counter in a small control block and calls the ufunc's
own inner loop (the same compiled loop, so results are bit-identical to serial) on each.
The calling thread waits for the last chunk natively too.  A pool thread that wakes late
finds the counter exhausted and returns without touching the arrays.

Control block (int64): next chunk, chunks done, number of chunks, operands, loop, loop data,
whether a spinning pool thread has left it, then per operand its step in bytes (given to the
loop), its base address and its advance in bytes per element (0 for a broadcast scalar),
then the chunk bounds in elements.
"""
from __future__ import annotations

import platform

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.core.extending import intrinsic

_I64P = ir.IntType(64).as_pointer()
_HEAD = 7  # next, done, chunks, operands, loop, data, left (a spinning pool thread is done with it)
CHUNK = 1 << 14  # elements: 128 KiB of doubles per operand, in L2; ~0.2 us to hand out
_X86 = platform.machine().lower() in ("x86_64", "amd64", "i686", "x86")


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
def _cycles(typingctx):
    """The CPU's cycle counter (x86: the TSC; 0 where LLVM has none)."""

    def codegen(context, builder, sig, args):
        fn = cgutils.get_or_insert_function(builder.module, ir.FunctionType(ir.IntType(64), []),
                                            "llvm.readcyclecounter")
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


@njit(nogil=True, cache=True)
def _offer(base, mb, nslots, offered):
    """Offer the block at ``base`` to every spinning pool thread not offered it yet."""
    for j in range(nslots):
        if offered[j] == 0 and _load_acquire(mb + 16 * j + 8) == 1 and _cas(mb + 16 * j, 0, base) == 0:
            offered[j] = 1


@njit(nogil=True, cache=True)
def _run(base, argv, dim, mb, nslots, offered):
    """Run chunks of the control block at address ``base`` until none is left (offering it,
    before each chunk, to pool threads that started spinning since: they wake late); how
    many.  ``nslots`` 0: no offering (a pool thread)."""
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
        dim[0] = _load_acquire(bounds + 8 * i + 8) - lo
        for k in range(nargs):
            argv[k] = _load_acquire(ptrs + 8 * k) + lo * _load_acquire(advance + 8 * k)
        _call_loop(_load_acquire(base + 32), argv.ctypes.data, dim.ctypes.data, steps, _load_acquire(base + 40))
        _fetch_add(base + 8, 1)
    return ran


@njit(nogil=True, cache=True)
def _drive_block(base, mb, nslots):
    """The calling thread's part: run chunks, then return only when every chunk is done and
    every pool thread that took the block has left it."""
    argv = np.empty(64, np.int64)
    dim = np.empty(1, np.int64)
    offered = np.zeros(max(nslots, 1), np.int64)
    ran = _run(base, argv, dim, mb, nslots, offered)
    chunks = _load_acquire(base + 16)
    spins = 0
    while _load_acquire(base + 8) < chunks:  # the other threads' last chunks
        spins += 1
        if spins > 256:
            _yield_cpu()
    taken = 0
    for j in range(nslots):
        if offered[j] and _cas(mb + 16 * j, base, 0) != base:
            taken += 1
    while _load_acquire(base + 48) < taken:  # a taker still holds the block
        _yield_cpu()
    return ran


@njit(nogil=True, cache=True)
def drive(ctl, mailbox):
    """Run the control block ``ctl`` on the calling thread and the spinning pool threads of
    ``mailbox``; returns the number of chunks the calling thread ran."""
    return _drive_block(ctl.ctypes.data, mailbox.ctypes.data, mailbox.size // 2)


@njit(nogil=True, cache=True)
def serve(ctl, mailbox, slot, cycles):
    """A pool thread: run chunks of ``ctl``, then stay for ~``cycles`` CPU cycles spinning
    (GIL released, x86 pause) in ``slot`` of ``mailbox`` (per slot: a block's address, and 1
    while a thread spins there), running each block a caller offers.  A sleeping thread
    takes ~60 us to wake here; a spinning one takes the next call's block at once.  One
    spinner per slot; returns the chunks it ran."""
    argv = np.empty(64, np.int64)
    dim = np.empty(1, np.int64)
    none = np.zeros(1, np.int64)
    ran = _run(ctl.ctypes.data, argv, dim, 0, 0, none)
    mb = mailbox.ctypes.data + 16 * slot
    if _cas(mb + 8, 0, 1) != 0:
        return ran
    t0 = _cycles()
    n = 0
    while True:
        job = _load_acquire(mb)
        if job != 0 and _cas(mb, job, 0) == job:
            ran += _run(job, argv, dim, 0, 0, none)
            _fetch_add(job + 48, 1)  # left: the caller may let the block go
            t0 = _cycles()
            n = 0
            continue
        n += 1
        if _cycles() - t0 > cycles or n > 4 * cycles:  # (the count: where there is no cycle counter)
            _store_release(mb + 8, 0)
            job = _load_acquire(mb)  # offered just before the flag went down: take it still
            if job != 0 and _cas(mb, job, 0) == job:
                ran += _run(job, argv, dim, 0, 0, none)
                _fetch_add(job + 48, 1)
            return ran
        _pause()


@njit(nogil=True, cache=True)
def _block(n, nargs, loop, data, itemsize):
    chunks = (n + CHUNK - 1) // CHUNK
    ctl = np.empty(_HEAD + 3 * nargs + chunks + 1, np.int64)
    ctl[0] = 0
    ctl[1] = 0
    ctl[2] = chunks
    ctl[3] = nargs
    ctl[4] = loop
    ctl[5] = data
    ctl[6] = 0
    for k in range(nargs):
        ctl[_HEAD + k] = itemsize
        ctl[_HEAD + 2 * nargs + k] = itemsize
    b = _HEAD + 3 * nargs
    for i in range(chunks):
        ctl[b + i] = i * CHUNK
    ctl[b + chunks] = n
    return ctl


@njit(nogil=True, cache=True)
def block1(x, out, loop, data):
    """The control block of ``out = loop(x)``, C-contiguous arrays of one dtype and size."""
    ctl = _block(out.size, 2, loop, data, out.itemsize)
    ctl[_HEAD + 2] = x.ctypes.data
    ctl[_HEAD + 3] = out.ctypes.data
    return ctl


@njit(nogil=True, cache=True)
def block2(x, y, out, loop, data):
    """The control block of ``out = loop(x, y)``, C-contiguous arrays of one dtype and size."""
    ctl = _block(out.size, 3, loop, data, out.itemsize)
    ctl[_HEAD + 3] = x.ctypes.data
    ctl[_HEAD + 4] = y.ctypes.data
    ctl[_HEAD + 5] = out.ctypes.data
    return ctl


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


@njit(nogil=True, cache=True)
def pieces_block(pieces, loop, words):
    """The control block that calls ``loop`` once per piece ``0 <= i < pieces``, the pieces
    shared by the threads like chunks: one operand, the piece's index (base 0, one per
    element), so the loop's ``args[0]`` is the index of its first piece and ``dims[0]`` the
    number of pieces (1).  What a piece is, ``loop`` reads from its ``data``: the block's last
    ``words`` int64s, for the caller to fill."""
    ctl = np.empty(_HEAD + 3 + pieces + 1 + words, np.int64)
    ctl[0] = 0
    ctl[1] = 0
    ctl[2] = pieces
    ctl[3] = 1
    ctl[4] = loop
    ctl[5] = ctl.ctypes.data + 8 * (ctl.size - words)
    ctl[6] = 0
    ctl[_HEAD] = 0
    ctl[_HEAD + 1] = 0
    ctl[_HEAD + 2] = 1
    for i in range(pieces + 1):
        ctl[_HEAD + 3 + i] = i
    return ctl


@njit(nogil=True, cache=True)
def run_here(ctl):
    """Run every chunk of the control block ``ctl`` on the calling thread (no pool)."""
    argv = np.empty(64, np.int64)
    dim = np.empty(1, np.int64)
    none = np.zeros(1, np.int64)
    return _run(ctl.ctypes.data, argv, dim, 0, 0, none)


# a pool thread spins ~0.3-2 ms after its work (the cycle counter's rate varies); 1e7 measured worse
SPIN_CYCLES = 1_000_000
MAILBOX = np.zeros(2, np.int64)  # replaced by one slot per pool thread (see mailbox())


def mailbox(threads: int) -> np.ndarray:
    """The slots for ``threads - 1`` spinning pool threads."""
    global MAILBOX
    if MAILBOX.size != 2 * max(threads - 1, 1):
        MAILBOX = np.zeros(2 * max(threads - 1, 1), np.int64)
    return MAILBOX




def plan(loop_pointers: dict, args: list, out: np.ndarray, dtype, blocks: bool):
    """The control block for ``out[...] = loop(*args)``, or None where this driver does not
    apply and the ufunc-call driver must: every operand already of the computing dtype,
    ``out`` C-contiguous, each input C-contiguous of ``out``'s shape or a single element, no
    input overlapping ``out`` other than ``out`` itself.  ``blocks``: broadcast scalars
    become a filled block of ``CHUNK`` elements (so a vectorizing loop sees unit strides).
    The second result keeps alive what the control block points into.
    """
    dt = np.dtype(dtype)
    if out.dtype != dt or not out.flags.c_contiguous or out.size == 0:
        return None
    entry = loop_pointers.get(bytes([dt.num] * (len(args) + 1)))
    if entry is None:
        return None
    n = out.size
    keep = []
    rows = []  # (step, base, advance)
    for a in args:
        if not isinstance(a, np.ndarray) or a.dtype != dt:
            return None
        if a.size == 1:
            if blocks:
                a = np.full(min(CHUNK, n), a.reshape(()), dt)
                rows.append((dt.itemsize, a.ctypes.data, 0))
            else:
                a = np.ascontiguousarray(a)
                rows.append((0, a.ctypes.data, 0))
        elif a.shape == out.shape and a.flags.c_contiguous:
            if a.ctypes.data != out.ctypes.data and np.may_share_memory(a, out):
                return None
            rows.append((dt.itemsize, a.ctypes.data, dt.itemsize))
        else:
            return None
        keep.append(a)
    rows.append((dt.itemsize, out.ctypes.data, dt.itemsize))
    nargs = len(rows)
    if nargs > 64:
        return None
    ctl = _block(n, nargs, entry[0] or 0, entry[1] or 0, dt.itemsize)
    for k, (step, ptr, adv) in enumerate(rows):
        ctl[_HEAD + k], ctl[_HEAD + nargs + k], ctl[_HEAD + 2 * nargs + k] = step, ptr, adv
    return ctl, keep
