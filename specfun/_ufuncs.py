"""Home of the raw NumPy ufuncs, so that they pickle by reference (dask ships them to workers).

NumPy pickles a ufunc as (module, name) found by searching ``sys.modules``; each ufunc
built by ``specfun._targets.cpu`` is set here under its own name (``<function>__<fingerprint>``).
On a worker, unpickling looks the name up here and ``__getattr__`` builds (or loads from the
disk cache) the ufunc of that function.
"""


def __getattr__(name):
    base = name.partition("__")[0]
    from specfun._registry import REGISTRY

    if not base or base not in REGISTRY:
        raise AttributeError(f"module 'specfun._ufuncs' has no attribute {name!r}")
    import specfun  # noqa: F401  (registers the families)
    from specfun._dispatch import _cpu_ufunc

    return _cpu_ufunc(base)
