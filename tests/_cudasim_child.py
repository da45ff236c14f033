"""Run in a separate process with NUMBA_ENABLE_CUDASIM=1 by tests/test_cudasim.py.

For every registered function: evaluate a few dozen points from its reference data
(or a generic grid when none exists) on the simulated CUDA target and on the CPU
ufunc, and print one JSON line per function with the max difference in ULPs.
"""
import json
import math
import sys

import numpy as np

import specfun
from specfun._registry import REGISTRY


def points(spec, n=24):
    try:
        from specfun.testing import load_reference

        ref = load_reference(spec.name, "d")
        args = [np.asarray(a, dtype=np.float64) for a in ref.args]
        idx = np.linspace(0, len(args[0]) - 1, n).astype(int)
        return [a[idx] for a in args]
    except Exception:
        pass
    rng = np.random.default_rng(0)
    cols = []
    for a in spec.positional:
        if a.kind == "int":
            cols.append(rng.integers(0, 6, n).astype(np.float64))
        else:
            lo = a.lo if math.isfinite(a.lo) else -5.0
            hi = a.hi if math.isfinite(a.hi) else lo + 10.0
            cols.append(rng.uniform(lo, hi, n))
    return cols


def main(names):
    from numba import cuda

    from specfun._targets import cpu

    for name in names:
        spec = REGISTRY[name]
        cols = points(spec)
        for dtype in (np.float64, np.float32):
            host, dev_args = [], []
            pos = iter(cols)
            for a in spec.args:
                c = cols[0] if a.keyword else next(pos)
                if a.scalar:  # a Python-int parameter: the same small value everywhere
                    host.append(np.full(c.shape, 2.0, dtype))
                    dev_args.append(2)
                elif a.keyword:  # keyword parameters keep their default (None reads as nan)
                    host.append(np.full(c.shape, np.nan if a.default is None else a.default, dtype))
                else:
                    with np.errstate(all="ignore"):
                        host.append(c.astype(dtype))
                    dev_args.append(cuda.to_device(host[-1]))
            with np.errstate(all="ignore"):
                want = cpu.ufunc(name).ufunc(*host)
            got = specfun.__dict__[name](*dev_args).copy_to_host()
            finite = np.isfinite(want)
            same_special = np.array_equal(np.isnan(got), np.isnan(want)) and np.array_equal(
                got[~finite & ~np.isnan(want)], want[~finite & ~np.isnan(want)])
            with np.errstate(all="ignore"):
                err = np.abs(got[finite].astype(np.float64) - want[finite])
                ulp = err / np.spacing(np.abs(want[finite]).astype(dtype))
            print(json.dumps({"name": name, "dtype": np.dtype(dtype).name, "n": len(got),
                              "max_ulp": float(ulp.max()) if ulp.size else 0.0, "specials_ok": bool(same_special),
                              "dtype_ok": got.dtype == want.dtype}), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:] or sorted(REGISTRY))
