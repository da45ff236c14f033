"""The derivative table: ``specfun.derivatives[name]`` is a tuple with one entry per argument.

Each entry is either ``None`` (the argument is not differentiable: an integer
parameter) or a rule ``rule(*args, result=None)`` returning the partial
derivative on NumPy arrays.  The rules are the ones registered next to each
kernel (``grad=`` in ``@defun``), evaluated with specfun's own functions, so
rules of rules give higher derivatives.
"""
from __future__ import annotations

from collections.abc import Mapping

from specfun._registry import ALIASES, NONDIFF, REGISTRY, NotImplementedGrad
from specfun.autodiff._ns import NUMPY


class Rule:
    """A partial derivative of one function with respect to one argument, on NumPy arrays."""

    __slots__ = ("spec", "arg", "_fn")

    def __init__(self, spec, arg, fn):
        self.spec, self.arg, self._fn = spec, arg, fn

    def __call__(self, *args, result=None):
        import specfun

        if len(args) != spec_arity(self.spec):
            raise TypeError(f"d{self.spec.name}/d{self.arg}: expected {spec_arity(self.spec)} arguments")
        args = _kernel_args(self.spec, args)
        if isinstance(self._fn, NotImplementedGrad):
            raise NotImplementedError(f"{self.spec.name}: derivative w.r.t. {self.arg!r}: {self._fn.reason}")
        if result is None:
            result = getattr(specfun, self.spec.name)(*args)
        return self._fn(NUMPY, *args, result)

    def __repr__(self):
        return f"<derivative of {self.spec.name} w.r.t. {self.arg}>"


def spec_arity(spec) -> int:
    return len(spec.args)


def _kernel_args(spec, args):
    """Keyword parameters given as None become nan, as the kernels read them."""
    import numpy as np

    return tuple(np.nan if (a.keyword and v is None) else v for a, v in zip(spec.args, args))


class _Table(Mapping):
    def __init__(self):
        self._rows = {}

    def _row(self, name):
        spec = REGISTRY[ALIASES.get(name, name)]
        row = self._rows.get(spec.name)
        if row is None:
            row = tuple(None if spec.grad[a.name] == NONDIFF else Rule(spec, a.name, spec.grad[a.name])
                        for a in spec.args)
            self._rows[spec.name] = row
        return row

    def __getitem__(self, name):
        if name not in REGISTRY and name not in ALIASES:
            raise KeyError(name)
        return self._row(name)

    def __iter__(self):
        return iter(REGISTRY)

    def __len__(self):
        return len(REGISTRY)


TABLE = _Table()
