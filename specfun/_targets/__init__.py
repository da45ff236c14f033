"""Compilation targets built lazily from the scalar kernels in the registry.

* ``cpu``: a NumPy ufunc per function (``numba.vectorize``, cached on disk);
* ``parallel``: the same ufunc run on chunks of the output by a thread pool
  (the GIL is released inside NumPy's ufunc loop), bit-identical to ``cpu``;
* ``cuda``: a grid-stride ``@cuda.jit`` kernel per function calling the
  kernel compiled as a device function.

Nothing here imports Numba until a target is first used.
"""
TARGETS = ("cpu", "parallel", "cuda")
