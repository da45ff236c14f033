"""The parallel CPU driver: a call's output in chunks that the pool's threads and the calling
thread run, each chunk the function's own serial ufunc loop (bit-identical to serial).

This module does not import Numba: the native chunk driver (:mod:`specfun._targets._chunks`)
is machine code loaded from the loop cache, so a process that only calls already-compiled
functions, on any size of array, never imports Numba.
"""
from __future__ import annotations

import itertools
import os
import threading
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from specfun._targets import _chunks, _quiet


def num_threads() -> int:
    env = os.environ.get("SPECFUN_NUM_THREADS")
    if env:
        return max(1, int(env))
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


_pool: ThreadPoolExecutor | None = None
_pool_lock = threading.Lock()


def _get_pool() -> ThreadPoolExecutor:
    global _pool
    if _pool is None:
        with _pool_lock:
            if _pool is None:
                _pool = ThreadPoolExecutor(num_threads(), thread_name_prefix="specfun")
    return _pool


def _forget_pool_in_child() -> None:
    """After fork() the child has the pool object but none of its threads: a call would
    queue work that nothing runs and wait for ever.  The child makes its own pool."""
    global _pool, _pool_lock
    _pool, _pool_lock = None, threading.Lock()
    _chunks.MAILBOX[:] = 0  # the spinning threads were the parent's


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_pool_in_child)

_break_even: float | None = None
_round_trip = 0.0


def pool_round_trip() -> float:
    """The pool's measured round trip in seconds (0 before break_even_seconds() has run)."""
    return _round_trip


def break_even_seconds() -> float:
    """Serial time above which the thread pool wins: measured once per process.

    The pool's round trip ``o`` (hand ``p - 1`` workers an empty task and wait for all:
    the calling thread is the p-th) is timed a few times; with ``p`` threads, parallel
    costs about ``o + T/p`` for serial time ``T``, so it wins from ``T = o p/(p-1)``;
    twice that is asked, so that a noisy round trip does not make small calls slower.  One thread: never.
    """
    global _break_even, _round_trip
    if _break_even is None:
        import time

        p = num_threads()
        if p == 1:
            _break_even = float("inf")
        else:
            pool = _get_pool()
            times = []
            for _ in range(7):
                t0 = time.perf_counter()
                for f in [pool.submit(int) for _ in range(p - 1)]:
                    f.result()
                times.append(time.perf_counter() - t0)
            times.sort()
            _round_trip = times[len(times) // 2]
            _break_even = 2.0 * _round_trip * p / (p - 1)
    return _break_even


def _unshared(a: np.ndarray, out: np.ndarray) -> np.ndarray:
    """``a``, or a copy of it where it overlaps ``out`` other than element for element: one
    ufunc call copies such an input itself, but chunks run in any order would read elements
    that another chunk has already overwritten."""
    if a.ndim and np.may_share_memory(a, out) and not (
            a.ctypes.data == out.ctypes.data and a.shape == out.shape and a.strides == out.strides):
        return a.copy()
    return a


_loop_tables: dict = {}


def _loops_of(uf) -> dict:
    """``{type codes: (loop, data)}`` of a one-output NumPy ufunc ({} for anything else), cached."""
    loops = _loop_tables.get(uf)
    if loops is None:
        ok = type(uf) is np.ufunc and uf.nout == 1
        loops = _loop_tables[uf] = (_quiet._loops(uf) or {}) if ok else {}
    return loops


def _run_native_chunks(uf, args, out, dtype, blocks: bool, n: int) -> bool:
    """Run the call with :mod:`specfun._targets._chunks` (chunks taken and run natively,
    no GIL between them) where its plan applies; False where it does not."""
    loops = _loops_of(uf)
    if not loops:
        return False
    plan = _chunks.plan(loops, [np.asarray(a) for a in args], out, dtype, blocks)
    if plan is None:
        return False
    ctl, _ = plan  # the second item keeps the scalar blocks alive until the call returns
    _chunks.drive(ctl, _hand_out(ctl, n))
    return True


def _hand_out(ctl, n: int) -> np.ndarray:
    """Give the block to the pool: a serve() task for every mailbox slot nobody spins in (the
    spinning ones are offered the block by the caller between its chunks); the mailbox."""
    mailbox = _chunks.mailbox(n)
    chunks = int(ctl[2])
    if chunks > 1:
        pool = _get_pool()
        for slot in range(min(n - 1, chunks - 1)):
            if not mailbox[2 * slot + 1]:
                pool.submit(_chunks.serve, ctl, mailbox, slot, _chunks.SPIN_CYCLES)
    return mailbox


def contiguous_operands(args, out) -> bool:
    """Whether every input is a C-contiguous array of ``out``'s dtype and shape that does not
    overlap ``out`` (other than being it), ``out`` C-contiguous."""
    if not out.flags.c_contiguous:
        return False
    for a in args:
        if type(a) is not np.ndarray or a.dtype != out.dtype or a.shape != out.shape or not a.flags.c_contiguous:
            return False
        if a is not out and a.ctypes.data != out.ctypes.data and np.may_share_memory(a, out):
            return False
    return True


def run_parallel_contiguous(uf, args, out) -> bool:
    """``out[...] = uf(*args)`` on the threads for one or two C-contiguous inputs of out's
    dtype and shape (the common case, control block built natively: Python costs ~2 us
    against ~30-80 us for the general driver right after a large call has left the caches
    cold); False where that does not apply."""
    entry = _loops_of(uf).get(_SAME_TYPE_KEYS[len(args)].get(out.dtype.char))
    if entry is None:
        return False
    if len(args) == 1:
        ctl = _chunks.block1(args[0], out, entry[0] or 0, entry[1] or 0)
    else:
        ctl = _chunks.block2(args[0], args[1], out, entry[0] or 0, entry[1] or 0)
    _chunks.drive(ctl, _hand_out(ctl, num_threads()))
    return True


def run_block(ctl) -> None:
    """Run the control block ``ctl`` of :mod:`specfun._targets._chunks` on the calling thread
    and the pool's threads (spinning ones take it at once)."""
    _chunks.drive(ctl, _hand_out(ctl, num_threads()))


_SAME_TYPE_KEYS = {k: {c: bytes([np.dtype(c).num] * (k + 1)) for c in "fd"} for k in (1, 2)}


# Work is handed out in chunks from a shared counter, and the calling thread takes chunks
# too.  Two fixed halves were measured to fall back to serial speed on about one call in
# five (bessel_y0, 1e6 elements: 17 ms instead of 10): a woken pool thread can sit queued
# behind another on the same CPU for milliseconds before the scheduler migrates it, and
# with fixed halves the whole call waits for it.  With several chunks per thread the
# thread that runs takes the work of the one that does not.
_CHUNKS_PER_THREAD = 8
_MIN_CHUNK = 1 << 15  # elements: a chunk's ufunc call (~1 us) stays under 1% of its work


def run_parallel(uf: np.ufunc, args: list, out: np.ndarray, dtype, casting: str,
                 scalar_blocks: bool = False) -> np.ndarray:
    """Evaluate ``uf(*args)`` into ``out`` (already of the broadcast shape) on threads.

    The output is split along its longest axis into chunks that the pool's threads and
    the calling thread take from a shared counter; inputs of extent 1 on that axis are
    broadcast, not sliced.  Every element is computed by the same compiled loop as in the
    serial target, so results are bit-identical whatever the split.
    """
    from specfun._dispatch import _QUIET, quiet_reset, quiet_set

    n = num_threads()
    if out.ndim == 0 or n == 1 or out.size < 2 * n:
        tok = quiet_set(_QUIET)
        try:
            uf(*args, out=out, dtype=dtype, casting=casting)
        finally:
            quiet_reset(tok)
        return out
    args = [_unshared(np.asarray(a), out) for a in args]
    if casting == "unsafe" and 1 <= len(args) <= 2 and out.dtype == dtype and contiguous_operands(args, out) \
            and run_parallel_contiguous(uf, args, out):
        return out
    if casting == "unsafe" and _run_native_chunks(uf, args, out, dtype, scalar_blocks, n):
        return out
    axis = int(np.argmax(out.shape))
    length = out.shape[axis]
    chunks = max(min(n * _CHUNKS_PER_THREAD, length, out.size // _MIN_CHUNK), n)
    chunks = min(chunks, length)
    bounds = np.linspace(0, length, chunks + 1).astype(int).tolist()
    args = [np.asarray(a) for a in args]
    # align every input to out.ndim so the slicing axis means the same thing
    args = [a.reshape((1,) * (out.ndim - a.ndim) + a.shape) for a in args]
    counter = itertools.count()

    def work():
        tok = quiet_set(_QUIET)  # each thread has its own context
        try:
            while True:
                i = next(counter)  # atomic: a C iterator called under the GIL
                if i >= chunks:
                    return
                idx = (slice(None),) * axis + (slice(bounds[i], bounds[i + 1]),)
                sub = [a[idx] if a.shape[axis] != 1 else a for a in args]
                if scalar_blocks and casting == "unsafe" and any(a.size == 1 for a in sub):
                    # vectorizing kernels: broadcast scalars as blocks
                    from specfun._dispatch import _run_scalars_as_blocks

                    _run_scalars_as_blocks(uf, [a if a.size != 1 else a.reshape(()) for a in sub], out[idx], dtype)
                else:
                    uf(*sub, out=out[idx], dtype=dtype, casting=casting)
        finally:
            quiet_reset(tok)

    pool = _get_pool()
    futures = [pool.submit(work) for _ in range(min(n, chunks) - 1)]
    work()  # the calling thread works too instead of waiting
    for f in futures:
        f.result()
    return out
