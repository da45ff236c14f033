"""One scalar source, many targets: clone a kernel with its globals rebound.

A kernel calls other kernels and helpers by bare global name.  For a target we
compile the dependencies first, then clone the kernel's function object with a
globals dict in which those names point at the compiled versions (the trick
numba-cuda uses in ``vectorizers._get_globals``).  The plain Python kernel is
untouched, so it stays callable for debugging and for interpreted tests.
"""
from __future__ import annotations

import hashlib
import threading
import types

from specfun._registry import HELPERS, PRIMITIVES, REGISTRY

_KERNELS_BY_FUNC = {}  # id(plain kernel) -> name, built lazily


def _callables():
    table = {spec.kernel.__name__: spec.kernel for spec in REGISTRY.values()}
    table.update(HELPERS)
    table.update(PRIMITIVES)
    return table


def deps_of(fn) -> list[str]:
    """Names of kernels and helpers that ``fn`` calls by global name (direct only)."""
    table = _callables()
    out = []
    for name in fn.__code__.co_names:
        obj = fn.__globals__.get(name)
        if obj is not None and table.get(name) is obj and obj is not fn:
            out.append(name)
    for const in fn.__code__.co_consts:  # nested code objects are not allowed in kernels
        if isinstance(const, types.CodeType):
            raise TypeError(f"{fn.__name__}: kernels may not define nested functions or comprehensions")
    return out


def _code_key(code) -> bytes:
    """The bytes that define a code object, independent of the process's state.  (Not
    ``marshal.dumps``: marshal writes back-references for objects whose reference count is
    above one, so the same code dumped after Numba compiled it, and holds references to its
    names, gave other bytes and another fingerprint in the same process.)"""
    consts = tuple(_code_key(c) if hasattr(c, "co_code") else c for c in code.co_consts)
    return b"\0".join([code.co_code, repr(consts).encode(), repr(code.co_names).encode(),
                       repr(code.co_varnames).encode(),
                       repr((code.co_argcount, code.co_posonlyargcount, code.co_kwonlyargcount)).encode()])


def fingerprint(fn, _seen=None) -> str:
    """Hash of a kernel's code, the constants it reads and everything it calls.

    Used in the names of generated loops so that Numba's on-disk cache never
    serves a loop compiled from an older version of any kernel it depends on.
    """
    seen = {} if _seen is None else _seen
    if fn.__name__ in seen:
        return seen[fn.__name__]
    seen[fn.__name__] = ""
    h = hashlib.sha1(_code_key(fn.__code__))
    table = _callables()
    for name in fn.__code__.co_names:
        obj = fn.__globals__.get(name)
        if obj is None:
            continue
        if table.get(name) is obj and obj is not fn:
            h.update(fingerprint(obj, seen).encode())
        elif isinstance(obj, (int, float, tuple, str)):
            h.update(f"{name}={obj!r}".encode())
        elif type(obj).__name__ == "ndarray":  # a constant table (Numba freezes global arrays)
            h.update(f"{name}:{obj.dtype.str}{obj.shape}".encode() + obj.tobytes())
    seen[fn.__name__] = h.hexdigest()[:12]
    return seen[fn.__name__]


def clone(fn, rebinds: dict, name: str | None = None):
    """A copy of ``fn`` whose globals have ``rebinds`` applied."""
    g = dict(fn.__globals__)
    g.update(rebinds)
    new = types.FunctionType(fn.__code__, g, name or fn.__name__, fn.__defaults__, fn.__closure__)
    new.__qualname__ = name or fn.__qualname__
    new.__module__ = fn.__module__
    new.__doc__ = fn.__doc__
    return new


class ScalarCompiler:
    """Compiles kernels and helpers for one target, dependencies first; thread-safe."""

    def __init__(self, jit, primitives=None):
        self._jit = jit            # fn -> compiled scalar (numba.njit / cuda.jit(device=True))
        self._prims = primitives or {}  # name -> this target's native version of a @primitive
        self._done: dict[str, object] = {}
        self._lock = threading.RLock()

    def get(self, name: str):
        done = self._done.get(name)
        if done is not None:
            return done
        with self._lock:
            if name not in self._done and name in PRIMITIVES:
                self._done[name] = self._prims.get(name) or self._jit(PRIMITIVES[name])
            if name not in self._done:
                fn = _callables()[name]
                rebinds = {d: self.get(d) for d in deps_of(fn)}
                self._done[name] = self._jit(clone(fn, rebinds))
            return self._done[name]
