"""Family modules: the one place each function is written.

Importing this package registers every function (explicit, ordered imports:
a family may use kernels of the families imported before it).
"""
import importlib

FAMILIES = ("elementary", "error", "gamma", "incomplete_gamma", "zeta", "modified_bessel", "bessel", "airy",
            "orthopoly", "reductions")

for _fam in FAMILIES:
    try:
        importlib.import_module(f"{__name__}.{_fam}")
    except ModuleNotFoundError as _exc:  # a family not written yet
        if _exc.name != f"{__name__}.{_fam}":
            raise
