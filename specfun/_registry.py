"""The registry: one record per public function, filled by the family modules.

A family module decorates a plain scalar kernel with :func:`defun`; everything
else (public callables, ufuncs, CUDA kernels, adapters, docs, tests, report
rows) is generated from :data:`REGISTRY`.  Nothing here imports Numba.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

NONDIFF = "nondiff"  # discrete argument: no gradient flows


@dataclass(frozen=True)
class NotImplementedGrad:
    """A derivative that exists but is not provided; raised only when requested."""

    reason: str


@dataclass(frozen=True)
class Arg:
    """One argument of a function, spelled as torch.special spells it.

    ``lo``/``hi`` bound the mathematical domain (used by the reference grids and
    the docs).  ``kind`` is ``"real"`` or ``"int"`` (an integer-valued
    parameter: integral floats are accepted; a non-integral array value gives
    nan).  ``scalar=True`` marks a parameter that must be a Python integer (such
    as ``polygamma``'s ``n``): anything else raises ``ValueError``.
    ``keyword=True`` marks a keyword-only parameter with ``default`` (``logit``'s
    ``eps``, ``round``'s ``decimals``); the kernel still receives it as its
    positional argument, after the array arguments.
    """

    name: str
    lo: float = -math.inf
    hi: float = math.inf
    kind: str = "real"
    scalar: bool = False
    keyword: bool = False
    default: Any = None
    grad_lo: float | None = None
    grad_hi: float | None = None


Rule = Callable | str | NotImplementedGrad


@dataclass(frozen=True)
class FunctionSpec:
    """Everything known about one elementwise function."""

    name: str
    kernel: Callable
    sigs: tuple[str, ...]
    args: tuple[Arg, ...]
    grad: Mapping[str, Rule]
    doc: str
    aliases: tuple[str, ...] = ()
    family: str = ""
    default: Callable | None = None  # maps a keyword default (e.g. eps=None) to the kernel's value
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def nin(self) -> int:
        return len(self.args)

    @cached_property  # read on every general-path call: computed once
    def positional(self) -> tuple[Arg, ...]:
        return tuple(a for a in self.args if not a.keyword)

    @cached_property
    def keywords(self) -> tuple[Arg, ...]:
        return tuple(a for a in self.args if a.keyword)

    def loop_set(self, part: str):
        """(kernel, float32 kernel or None, the signatures, the indices of ``args`` its loops
        take) of one set of ufunc loops: "main" (the kernel, every argument), "default"
        (``default_kernel=``: the positional arguments, keyword parameters at their defaults),
        "n<v>" (``value_kernels={v: kernel}``: the other arguments, the integer parameter at v,
        e.g. polygamma's n = 1, trigamma alone, whose loop vectorizes; ``value_f32_kernels=``
        their float32 loops)."""
        if part == "main":
            return self.kernel, self.extra.get("f32_kernel"), self.sigs, tuple(range(self.nin))
        if part == "default":
            take = tuple(i for i, a in enumerate(self.args) if not a.keyword)
            k, k32 = self.extra.get("default_kernel"), self.extra.get("default_f32_kernel")
        else:
            v = float(part[1:])
            take = tuple(i for i, a in enumerate(self.args) if not a.scalar)
            k = (self.extra.get("value_kernels") or {}).get(v)
            k32 = (self.extra.get("value_f32_kernels") or {}).get(v)
        if k is None:
            return None
        sigs = tuple(dict.fromkeys("".join(s[i] for i in take) + "->" + s.partition("->")[2] for s in self.sigs))
        return k, k32, sigs, take


REGISTRY: dict[str, FunctionSpec] = {}
ALIASES: dict[str, str] = {}
HELPERS: dict[str, Callable] = {}
PRIMITIVES: dict[str, Callable] = {}  # name -> plain-Python meaning; each target brings its own version


def defun(name, *, sigs, args, grad, doc, aliases=(), default=None, **extra):
    """Register ``kernel`` as the public function ``name`` (the kernel stays a plain function)."""

    def register(kernel):
        names = [a.name for a in args]
        missing = set(names) - set(grad)
        unknown = set(grad) - set(names)
        if missing or unknown:
            raise TypeError(f"{name}: grad keys must match args; missing {sorted(missing)}, unknown {sorted(unknown)}")
        if name in REGISTRY or name in ALIASES:
            raise ValueError(f"{name}: registered twice")
        for sig in sigs:
            ins, _, outs = sig.partition("->")
            if len(ins) != len(args) or len(outs) != 1:
                raise ValueError(f"{name}: signature {sig!r} does not match {len(args)} arguments")
        family = kernel.__module__.rpartition(".")[2]
        REGISTRY[name] = FunctionSpec(
            name, kernel, tuple(sigs), tuple(args), dict(grad), doc, tuple(aliases), family, default, extra
        )
        for alias in aliases:
            if alias in REGISTRY or alias in ALIASES:
                raise ValueError(f"{name}: alias {alias!r} already taken")
            ALIASES[alias] = name
        return kernel

    return register


@dataclass(frozen=True)
class ReductionSpec:
    """A reduction along a dimension (softmax, log_softmax, logsumexp): not a ufunc.

    ``fn`` is the public NumPy implementation; ``vjp(g, x, out, dim, keepdim)``
    its vector-Jacobian product (the adapters build autograd from it).
    """

    name: str
    fn: Callable
    vjp: Callable
    doc: str
    family: str = "reductions"


REDUCTIONS: dict[str, ReductionSpec] = {}


def defreduction(name, *, vjp, doc):
    """Register a reduction; the decorated function is exported as ``specfun.<name>`` as is."""

    def register(fn):
        REDUCTIONS[name] = ReductionSpec(name, fn, vjp, doc)
        fn.__doc__ = doc
        return fn

    return register


def helper(fn):
    """Mark a target-neutral helper that kernels may call by bare global name."""
    HELPERS[fn.__name__] = fn
    return fn


def primitive(fn):
    """Mark an operation that each target implements natively (e.g. a bit cast).

    ``fn`` is its plain-Python meaning, used where kernels run as Python (the CUDA
    simulator, interpreted tests); the CPU and CUDA targets map the name to their own
    implementation (an LLVM intrinsic, a libdevice call).  Kernels call it by bare
    global name, like a helper.
    """
    PRIMITIVES[fn.__name__] = fn
    return fn


def spec_of(name: str) -> FunctionSpec:
    return REGISTRY[ALIASES.get(name, name)]
