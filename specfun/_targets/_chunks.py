"""Parallel chunks taken and run from native code, so that no thread needs the GIL between chunks.

The first parallel driver ran each chunk as a Python-level ufunc call.  NumPy releases the
GIL inside the loop, but a thread must take it back after every chunk, and CPython hands
the GIL to a waiting thread only when that thread has woken up: a thread whose chunk ends
while the other holds the GIL sleeps, and the other (whose next chunk starts ~5 us later)
takes the GIL back before the sleeper wakes.  Measured on exp2, float32, 1e6 elements in
16 chunks: in most calls one thread ran 15 or 16 chunks and the other one, so two threads
took as long as one.

Here every thread calls one native function, released from the GIL for the whole call, that
takes chunk numbers from an atomic counter in a small control block and calls the ufunc's
own inner loop (the same compiled loop, so results are bit-identical to serial) on each.
The functions are written with Numba (:mod:`specfun._targets._chunks_native`) as C functions
of addresses; their machine code is kept in the loop cache, and this module calls them with
ctypes (which releases the GIL), so the driver runs without importing Numba.
The calling thread waits for the last chunk natively too.  A pool thread that wakes late
finds the counter exhausted and returns without touching the arrays.

Control block (int64): next chunk, chunks done, number of chunks, operands, loop, loop data,
whether a spinning pool thread has left it, then per operand its step in bytes (given to the
loop), its base address and its advance in bytes per element (0 for a broadcast scalar),
then the chunk bounds in elements.
"""
from __future__ import annotations

import ctypes
import threading

import numpy as np

_HEAD = 7  # next, done, chunks, operands, loop, data, left (a spinning pool thread is done with it)
CHUNK = 1 << 14  # elements: 128 KiB of doubles per operand, in L2; ~0.2 us to hand out
# a pool thread spins ~0.3-2 ms after its work (the cycle counter's rate varies); 1e7 measured worse
SPIN_CYCLES = 1_000_000
MAILBOX = np.zeros(2, np.int64)  # replaced by one slot per pool thread (see mailbox())

_native = None
_native_lock = threading.Lock()


def _functions():
    """(drive, serve) as ctypes functions of the native code: from the loop cache,
    or built with Numba (once per machine) and stored there."""
    global _native
    if _native is None:
        with _native_lock:
            if _native is None:
                from specfun._targets import _objcache

                addr = _objcache.native("chunks", ("_targets/_chunks.py", "_targets/_chunks_native.py"), _build)
                i64 = ctypes.c_int64
                _native = (ctypes.CFUNCTYPE(i64, i64, i64, i64)(addr["drive"]),
                           ctypes.CFUNCTYPE(i64, i64, i64, i64, i64)(addr["serve"]))
    return _native


def _build() -> dict:
    from specfun._targets import _chunks_native

    return _chunks_native.functions()


_char = ctypes.c_char


def address(a: np.ndarray) -> int:
    """The address of a C-contiguous array's data: 0.3 us through a writable buffer against
    0.85 us for ``a.ctypes.data`` (the fallback: read-only or empty arrays)."""
    try:
        return ctypes.addressof(_char.from_buffer(a))
    except (TypeError, ValueError, BufferError):
        return a.ctypes.data


def drive(ctl, mailbox) -> int:
    """Run the control block ``ctl`` on the calling thread and the spinning pool threads of
    ``mailbox``; returns the number of chunks the calling thread ran."""
    return _functions()[0](address(ctl), address(mailbox), mailbox.size // 2)


def serve(ctl, mailbox, slot, cycles) -> int:
    """A pool thread: run chunks of ``ctl``, then stay for ~``cycles`` CPU cycles spinning
    (GIL released, x86 pause) in ``slot`` of ``mailbox`` (per slot: a block's address, and 1
    while a thread spins there), running each block a caller offers.  A sleeping thread
    takes ~60 us to wake here; a spinning one takes the next call's block at once.  One
    spinner per slot; returns the chunks it ran.  (``ctl`` and ``mailbox`` stay referenced
    here, so alive, while the thread may still touch them.)"""
    return _functions()[1](address(ctl), address(mailbox), slot, cycles)


def mailbox(threads: int) -> np.ndarray:
    """The slots for ``threads - 1`` spinning pool threads."""
    global MAILBOX
    if MAILBOX.size != 2 * max(threads - 1, 1):
        MAILBOX = np.zeros(2 * max(threads - 1, 1), np.int64)
    return MAILBOX


_templates: dict = {}  # (n, nargs, loop, data, itemsize) -> a fresh control block, copied per call


def _block(n, nargs, loop, data, itemsize):
    """A control block of ``n`` elements in chunks of CHUNK, every operand's step and advance
    ``itemsize``, their base addresses left to the caller.  Built once per shape and loop and
    copied (0.3 us; building it costs ~3 us, the compiled builder it replaces ~0.6)."""
    key = (n, nargs, loop, data, itemsize)
    t = _templates.get(key)
    if t is None:
        chunks = (n + CHUNK - 1) // CHUNK
        b = _HEAD + 3 * nargs
        t = np.empty(b + chunks + 1, np.int64)
        t[:_HEAD] = (0, 0, chunks, nargs, loop, data, 0)
        t[_HEAD:b] = 0
        t[_HEAD:_HEAD + nargs] = itemsize
        t[_HEAD + 2 * nargs:b] = itemsize
        t[b:b + chunks] = np.arange(0, chunks * CHUNK, CHUNK)
        t[b + chunks] = n
        if len(_templates) >= 64:
            _templates.clear()
        _templates[key] = t
    return t.copy()


def block1(x, out, loop, data):
    """The control block of ``out = loop(x)``, C-contiguous arrays of one dtype and size."""
    ctl = _block(out.size, 2, loop, data, out.itemsize)
    ctl[_HEAD + 2] = address(x)
    ctl[_HEAD + 3] = address(out)
    return ctl


def block2(x, y, out, loop, data):
    """The control block of ``out = loop(x, y)``, C-contiguous arrays of one dtype and size."""
    ctl = _block(out.size, 3, loop, data, out.itemsize)
    ctl[_HEAD + 3] = address(x)
    ctl[_HEAD + 4] = address(y)
    ctl[_HEAD + 5] = address(out)
    return ctl


def pieces_block(pieces, loop, data):
    """The control block that calls ``loop`` once per piece ``0 <= i < pieces``, the pieces
    shared by the threads like chunks: one operand, the piece's index (base 0, one per
    element), so the loop's ``args[0]`` is the index of its first piece and ``dims[0]`` the
    number of pieces (1).  What a piece is, ``loop`` reads from ``data`` (an address: the
    caller keeps it alive until the block has run)."""
    return np.array([0, 0, pieces, 1, loop, data, 0, 0, 0, 1, *range(pieces + 1)], np.int64)


_ARG0 = np.zeros(1, np.int64)  # piece 0
_DIM1 = np.ones(1, np.int64)   # one piece
_ONE = (_ARG0.ctypes.data, _DIM1.ctypes.data)
_loop_calls: dict = {}


def call_loop(loop: int, data: int) -> None:
    """Call ``loop`` on piece 0 of ``data`` on this thread (GIL released), without a control
    block: a one-piece call's shortest way."""
    fn = _loop_calls.get(loop)
    if fn is None:
        i64 = ctypes.c_int64
        fn = _loop_calls[loop] = ctypes.CFUNCTYPE(None, i64, i64, i64, i64)(loop)
    fn(_ONE[0], _ONE[1], 0, data)


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
