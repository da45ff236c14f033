"""Device functions for your own ``@cuda.jit`` kernels.

.. code-block:: python

    from numba import cuda
    import specfun.cuda as sfc

    @cuda.jit
    def kernel(out, x):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = sfc.erf(x[i]) * sfc.bessel_j0(x[i])

Every public function (and alias) is available by name, compiled as a CUDA
device function (``cuda.jit(device=True)``) on first attribute access; float
arguments in, a float64 out.  Works in Numba's CUDA simulator too
(``NUMBA_ENABLE_CUDASIM=1``).
"""
from __future__ import annotations

from specfun._registry import ALIASES, REGISTRY


def __getattr__(name):
    canonical = ALIASES.get(name, name)
    spec = REGISTRY.get(canonical)
    if spec is None:
        raise AttributeError(f"module 'specfun.cuda' has no function {name!r}")
    from specfun._targets.cuda import DEVICE

    fn = DEVICE.get(spec.kernel.__name__)
    globals()[name] = fn
    return fn


def __dir__():
    return sorted([*REGISTRY, *ALIASES])
