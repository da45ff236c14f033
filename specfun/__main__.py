"""The ``specfun`` command: info, compile, accuracy, refgen, bench."""
from __future__ import annotations

import argparse
import sys
import time


def _info(args) -> int:
    import numba
    import numpy as np

    import specfun
    from specfun._registry import REDUCTIONS, REGISTRY

    print(f"specfun {specfun.__version__}")
    print(f"python {sys.version.split()[0]}, numpy {np.__version__}, numba {numba.__version__}")
    try:
        from importlib.metadata import version

        print(f"numba-cuda {version('numba-cuda')}")
    except Exception:
        print("numba-cuda not installed")
    from specfun._targets.cache import cache_dir

    print(f"kernel cache: {cache_dir()}")
    try:
        from numba import cuda

        gpu = cuda.is_available()
        print(f"CUDA GPU visible: {gpu}" + (f" ({cuda.get_current_device().name})" if gpu else ""))
    except Exception as exc:  # pragma: no cover - depends on the machine
        print(f"CUDA GPU visible: False ({exc.__class__.__name__})")
    from specfun._targets.parallel import num_threads

    print(f"CPU threads for target='parallel': {num_threads()}")
    print(f"{len(REGISTRY)} elementwise functions, {len(REDUCTIONS)} reductions:")
    for name, spec in sorted(REGISTRY.items()):
        alias = f"  (aliases: {', '.join(spec.aliases)})" if spec.aliases else ""
        args_ = ", ".join(a.name for a in spec.args)
        print(f"  {name}({args_})  arity {spec.nin}, {spec.family}{alias}")
    for name in sorted(REDUCTIONS):
        print(f"  {name}(x, dim, ...)  reduction")
    return 0


def _compile(args) -> int:
    from specfun._registry import REGISTRY
    from specfun._targets import cpu

    names = args.names or sorted(REGISTRY)
    unknown = [n for n in names if n not in REGISTRY]
    if unknown:
        print(f"unknown function(s): {' '.join(unknown)}", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    for n in names:
        t = time.perf_counter()
        cpu.ufunc(n)
        cpu.default_ufunc(n)  # None unless it registers a default_kernel=
        print(f"  {n}: {time.perf_counter() - t:.2f} s")
    if not args.names:  # and the native code the threads and the reductions run
        import numpy as np

        from specfun._targets import _chunks
        from specfun.families import reductions

        t = time.perf_counter()
        _chunks._functions()
        reductions._loop("rows", np.float64)  # (builds the four piece loops)
        print(f"  parallel driver and reductions: {time.perf_counter() - t:.2f} s")
    print(f"compiled or loaded {len(names)} functions in {time.perf_counter() - t0:.1f} s")
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="specfun", description=__doc__)
    sub = parser.add_subparsers(dest="cmd", required=True)
    sub.add_parser("info", help="versions, cache location, GPU, functions").set_defaults(run=_info)
    p = sub.add_parser("compile", help="compile (warm the disk cache of) all or some functions")
    p.add_argument("names", nargs="*")
    p.set_defaults(run=_compile)
    # the accuracy report and the reference generator parse their own arguments
    for cmd, mod, help_ in (("accuracy", "specfun.accuracy", "the accuracy report against mpmath references"),
                            ("refgen", "specfun.reference.generate", "regenerate reference data"),
                            ("bench", "benchmarks.run", "CPU benchmarks (from a source checkout)")):
        sp = sub.add_parser(cmd, help=help_, add_help=False)
        sp.set_defaults(module=mod)
    args, rest = parser.parse_known_args(argv)
    if hasattr(args, "module"):
        import importlib
        from pathlib import Path

        checkout = Path(__file__).resolve().parent.parent
        if args.module.startswith("benchmarks.") and (checkout / "benchmarks").is_dir() \
                and str(checkout) not in sys.path:
            sys.path.insert(0, str(checkout))  # the `specfun` script's own directory is on sys.path, not the checkout
        return int(importlib.import_module(args.module).main(rest) or 0)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
