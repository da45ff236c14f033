"""GPU benchmarks: specfun's CUDA kernels next to torch.special and cupyx.scipy.special.

    python -m benchmarks.gpu [--n 1e8] [--names erf,...] [--dtypes float32,float64] [--repeat 10]

For every elementwise function and dtype, on ``n`` elements already on the device:
specfun (``specfun.<f>(*device_arrays, out=...)``), torch.special on CUDA tensors that
share the same memory (DLPack, no copies), and cupyx.scipy.special where it has the
function.  Each contender is warmed up, then timed ``repeat`` times with CUDA events on
the default stream (round-robin, so clock and thermal drift hit all alike); medians are
kept.  The device's copy bandwidth (a device-to-device copy of the same array, the same
bytes moved as a unary elementwise function) is the ceiling.
Writes ``benchmarks/results/gpu-<date>-<device>.{json,md}``.

Goals (issue 9): >= torch.special on every function it has, and >= 80% of the copy
bandwidth for the elementary and erf families.
"""
from __future__ import annotations

import argparse
import datetime as _dt
import json
import platform
import re
import statistics
import sys
from pathlib import Path

import numpy as np

from benchmarks.run import make_inputs

RESULTS = Path(__file__).resolve().parent / "results"
# adapters in specfun._compare that need host NumPy: not usable on device arrays
_NOT_ON_DEVICE = {"sinc", "round", "hermite_polynomial_h", "hermite_polynomial_he"}
MEMORY_BOUND = {"exp2", "expm1", "log1p", "expit", "logit", "sinc", "entr", "xlogy", "xlog1py", "round",
                "erf", "erfc", "erfcx", "erfinv", "ndtr", "ndtri", "log_ndtr"}


class Timer:
    """Median device time of a callable, by CUDA events (wall clock + sync in the simulator)."""

    def __init__(self, cuda):
        self.cuda = cuda

    def __call__(self, f):
        cuda = self.cuda
        try:
            start, stop = cuda.event(), cuda.event()
            start.record()
            f()
            stop.record()
            stop.synchronize()
            return cuda.event_elapsed_time(start, stop) / 1e3
        except Exception:  # the simulator has no working events
            import time

            cuda.synchronize()
            t = time.perf_counter()
            f()
            cuda.synchronize()
            return time.perf_counter() - t


def contenders(name, spec, dargs, dout, targs):
    import specfun
    from specfun._compare import _SCIPY, _TORCH_SPECIAL

    fn = getattr(specfun, name)
    out = {"specfun": lambda: fn(*dargs, out=dout)}
    if targs is not None and name in _TORCH_SPECIAL:
        import torch

        tf = getattr(torch.special, name)
        out["torch"] = lambda: tf(*targs)
    entry = _SCIPY.get(name)
    if entry is not None and entry[0] is not None and name not in _NOT_ON_DEVICE:
        try:
            import cupyx.scipy.special as cs

            cf = getattr(cs, entry[0], None)
        except Exception:
            cf = None
        if cf is not None:
            cf = entry[1](cf) if entry[1] else cf
            cargs = [_as_cupy(a) for a in dargs]
            out["cupy"] = lambda: cf(*cargs)
    return out


def _as_cupy(a):
    if not hasattr(a, "__cuda_array_interface__"):
        return a
    import cupy

    return cupy.asarray(a)


def _as_torch(a):
    if not hasattr(a, "__cuda_array_interface__"):
        return a
    import torch

    return torch.as_tensor(a, device="cuda")


def copy_rate(cuda, timer, n, dtype, repeat):
    a = cuda.to_device(np.ones(n, dtype))
    b = cuda.device_array_like(a)
    ts = [timer(lambda: b.copy_to_device(a)) for _ in range(repeat)]
    return n / statistics.median(ts) / 1e6


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=float, default=1e8)
    ap.add_argument("--names", default="")
    ap.add_argument("--dtypes", default="float32,float64")
    ap.add_argument("--repeat", type=int, default=10)
    ap.add_argument("--out", default=str(RESULTS))
    args = ap.parse_args(argv)

    from numba import cuda

    import specfun
    from specfun._registry import REGISTRY

    n = int(args.n)
    names = [s for s in args.names.split(",") if s] or sorted(REGISTRY)
    dtypes = [d for d in args.dtypes.split(",") if d]
    timer = Timer(cuda)
    try:
        import torch

        have_torch = torch.cuda.is_available()
    except Exception:
        have_torch = False
    dev = cuda.get_current_device()
    device = getattr(dev, "name", b"cuda")
    device = device.decode() if isinstance(device, bytes) else str(device)
    rng = np.random.default_rng(12345)
    copy = {d: copy_rate(cuda, timer, n, np.dtype(d), args.repeat) for d in dtypes}
    print(f"device {device}; copy {', '.join(f'{d} {v:.0f} Melem/s' for d, v in copy.items())}", flush=True)
    rows = []
    for name in names:
        spec = REGISTRY[name]
        for dtype in dtypes:
            host = make_inputs(spec, n, np.dtype(dtype), rng)
            dargs = [cuda.to_device(np.ascontiguousarray(a)) if isinstance(a, np.ndarray) else a for a in host]
            dout = cuda.device_array(n, dtype)
            targs = [_as_torch(a) for a in dargs] if have_torch else None
            funcs = contenders(name, spec, dargs, dout, targs)
            times = {k: [] for k in funcs}
            for k, f in list(funcs.items()):  # warm-up: compiles, first touch
                try:
                    f()
                except Exception as exc:
                    print(f"    {name}[{dtype}] {k}: {type(exc).__name__}: {str(exc)[:80]}", file=sys.stderr)
                    times.pop(k)
            for _ in range(args.repeat):
                for k in times:
                    times[k].append(timer(funcs[k]))
            row = {"name": name, "dtype": dtype, "n": n}
            row.update({f"{k}_melem_s": n / statistics.median(v) / 1e6 for k, v in times.items()})
            row["copy_fraction"] = row["specfun_melem_s"] / copy[dtype]
            rows.append(row)
            print("  " + "  ".join(f"{k}={v:.4g}" if isinstance(v, float) else f"{k}={v}"
                                   for k, v in row.items()), flush=True)
            del dargs, dout, targs, funcs

    import numba

    meta = {"date": _dt.date.today().isoformat(), "device": device, "n": n, "repeat": args.repeat,
            "python": platform.python_version(), "numpy": np.__version__, "numba": numba.__version__,
            "specfun": specfun.__version__, "copy_melem_s": copy}
    for mod in ("numba_cuda", "torch", "cupy"):
        try:
            meta[mod] = __import__(mod).__version__
        except Exception:
            meta[mod] = None
    below_torch = [f"{r['name']}[{r['dtype']}]" for r in rows
                   if r.get("torch_melem_s") and r["specfun_melem_s"] < r["torch_melem_s"]]
    below_copy = [f"{r['name']}[{r['dtype']}]" for r in rows
                  if r["name"] in MEMORY_BOUND and r["copy_fraction"] < 0.8]
    summary = {"below_torch": below_torch, "memory_bound_below_80pct_copy": below_copy}
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    stem = f"gpu-{meta['date']}-{re.sub(r'[^A-Za-z0-9]+', '-', device).strip('-').lower()}"
    (out / f"{stem}.json").write_text(json.dumps({"meta": meta, "summary": summary, "rows": rows}, indent=1))
    lines = [f"# GPU benchmark {meta['date']} on {device}", "",
             f"Melem/s, medians of CUDA-event timings, n = {n:.0e}; copy = device-to-device copy of the same array."
             , "", "| function | dtype | specfun | torch | cupy | /torch | /copy |",
             "|---|---|---|---|---|---|---|"]
    for r in rows:
        s, t, c = r["specfun_melem_s"], r.get("torch_melem_s"), r.get("cupy_melem_s")
        ts = f"{t:.0f}" if t else "-"
        cs = f"{c:.0f}" if c else "-"
        ratio = f"{s / t:.2f}" if t else "-"
        lines.append(f"| {r['name']} | {r['dtype']} | {s:.0f} | {ts} | {cs} | {ratio} | {r['copy_fraction']:.2f} |")
    lines += ["", f"Below torch: {', '.join(below_torch) or 'none'}",
              f"Memory-bound functions below 80% of copy: {', '.join(below_copy) or 'none'}", "",
              "```", json.dumps(meta, indent=1), "```"]
    (out / f"{stem}.md").write_text("\n".join(lines) + "\n")
    print(f"wrote {out / stem}.json/.md")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
