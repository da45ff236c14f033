"""specfun: torch.special's functions as Numba-compiled CPU and CUDA kernels.

``import specfun`` registers every function and builds the public callables
from the registry; it compiles nothing and does not import Numba.
"""
from specfun import families as _families  # noqa: F401  (registers every function)
from specfun._dispatch import SpecialFunction, make_public  # noqa: F401  (public base class)
from specfun._registry import ALIASES, REDUCTIONS, REGISTRY

__version__ = "0.1.0"

for _name, _spec in REGISTRY.items():
    globals()[_name] = make_public(_spec)
for _name, _red in REDUCTIONS.items():
    globals()[_name] = _red.fn
for _alias, _canonical in ALIASES.items():
    globals()[_alias] = globals()[_canonical]

_LAZY = {"derivatives": "specfun.autodiff", "scalar": "specfun.scalar", "cuda": "specfun.cuda",
         "torch": "specfun.autodiff.torch", "jax": "specfun.autodiff.jax"}


def __getattr__(name):
    """Lazily import the heavier submodules (``specfun.torch``, ``specfun.derivatives``, ...)."""
    mod = _LAZY.get(name)
    if mod is None:
        raise AttributeError(f"module 'specfun' has no attribute {name!r}")
    import importlib

    m = importlib.import_module(mod)
    value = m.TABLE if name == "derivatives" else m
    globals()[name] = value
    return value


__all__ = sorted([*REGISTRY, *REDUCTIONS, *ALIASES, "SpecialFunction"])
