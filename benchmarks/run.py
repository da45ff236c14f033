"""CPU benchmarks: specfun (serial, parallel) against scipy.special and torch.special, in one run.

    specfun bench [--sizes 1e3,1e6,1e7] [--names erf,...] [--dtypes float64,float32] [--repeat 5]

For every function, size and dtype the contenders run interleaved (round-robin, so
machine noise hits all of them alike) and the median time is kept: specfun serial,
specfun parallel (thread pool, all cores), scipy.special (single-threaded) and
torch.special with 1 and with all threads.  Also: per-call overhead on 1- and
10-element arrays and Python scalars, ``import specfun`` time, first-call time
from a cold and from a warm kernel cache, and NumPy's copy bandwidth as the ceiling.
Writes ``benchmarks/results/cpu-<date>.{json,md,png}``.
"""
from __future__ import annotations

import argparse
import datetime as _dt
import functools
import json
import math
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

RESULTS = Path(__file__).resolve().parent / "results"

# argument ranges for the throughput inputs (defaults come from the Arg domains)
RANGES = {
    "erfinv": [(-0.999, 0.999)], "ndtri": [(1e-6, 1 - 1e-6)], "logit": [(1e-6, 1 - 1e-6)],
    "gammainc": [(0.0, 50.0), (0.0, 50.0)], "gammaincc": [(0.0, 50.0), (0.0, 50.0)],
    "gammainc_da": [(0.01, 50.0), (0.0, 50.0)],
    "zeta": [(1.5, 10.0), (0.5, 10.0)], "zeta_dx": [(1.5, 10.0), (0.5, 10.0)],
    "airy_ai": [(-10.0, 10.0)], "airy_ai_prime": [(-10.0, 10.0)], "exp2": [(-20.0, 20.0)],
    "expm1": [(-5.0, 5.0)], "log1p": [(-0.9, 10.0)], "expit": [(-20.0, 20.0)], "multigammaln": [(2.0, 50.0)],
    # polynomials: x over the range where degrees up to 100 oscillate, not only [-1, 1]
    "hermite_polynomial_h": [(-10.0, 10.0)], "hermite_polynomial_he": [(-10.0, 10.0)],
    "laguerre_polynomial_l": [(0.0, 50.0)],
}
INT_PARAM = {"polygamma": 1, "multigammaln": 3}


def make_inputs(spec, n, dtype, rng):
    cols = []
    for i, a in enumerate(spec.args):
        if a.keyword:
            continue
        if a.scalar:
            cols.append(INT_PARAM.get(spec.name, 1))
            continue
        if a.kind == "int":  # polynomial degree: mixed sizes 0..100
            cols.append(rng.integers(0, 101, n).astype(dtype))
            continue
        lo, hi = RANGES.get(spec.name, [None] * 3)[i] if spec.name in RANGES else (None, None)
        if lo is None:
            lo = a.lo if math.isfinite(a.lo) else -10.0
            hi = a.hi if math.isfinite(a.hi) else (lo + 20.0 if math.isfinite(a.lo) else 10.0)
            if spec.family == "orthopoly":
                lo, hi = -1.0, 1.0
        cols.append(rng.uniform(lo, hi, n).astype(dtype))
    return cols


def contenders(name, spec, threads):
    import specfun
    from specfun._compare import scipy_function, torch_function

    fn = getattr(specfun, name)
    out = {"specfun": lambda *a: fn(*a, target="cpu"), "specfun_par": lambda *a: fn(*a, target="parallel")}
    sp = scipy_function(name)
    if sp is not None:
        out["scipy"] = sp
    try:
        import torch

        tf = torch_function(name)
    except ImportError:
        tf = None
    if tf is not None:
        def t1(*a, tf=tf):
            torch.set_num_threads(1)
            return tf(*a)

        def tn(*a, tf=tf):
            torch.set_num_threads(threads)
            return tf(*a)

        out["torch1"] = t1
        out[f"torch{threads}"] = tn
    return out


# Before each timed block a contender runs untimed for at least this long.  A threaded library
# keeps its workers spinning after a call (torch's OpenMP pool for a few ms, specfun's pool for
# ~0.3 ms); timed right after another library's call, a contender would share a core with those
# spinning threads (measured: specfun parallel log1p float32 at 1e6 ran 893 Melem/s right after a
# torch 2-thread call, 1290-1470 after 2-5 ms).  Settling gives every contender the machine as its
# own users see it, each with its own workers warm.
SETTLE_S = 0.01


def _settle(f, args):
    end = time.perf_counter() + SETTLE_S
    f(*args)
    while time.perf_counter() < end:
        f(*args)


def time_interleaved(funcs, args, repeat, number, settle=True):
    times = {k: [] for k in funcs}
    with np.errstate(all="ignore"):
        for k, f in funcs.items():  # warm-up (compiles, first-touch)
            try:
                f(*args)
            except Exception as exc:  # a library that rejects a dtype: recorded, not fatal
                times[k] = None
                print(f"    {k}: {type(exc).__name__}: {str(exc)[:80]}", file=sys.stderr)
        for _ in range(repeat):
            for k, f in funcs.items():
                if times[k] is None:
                    continue
                if settle:
                    _settle(f, args)
                t = time.perf_counter()
                for _ in range(number):
                    f(*args)
                times[k].append((time.perf_counter() - t) / number)
    return {k: (statistics.median(v) if v else None) for k, v in times.items()}


def throughput(names, sizes, dtypes, repeat, threads):
    from specfun._registry import REGISTRY

    rng = np.random.default_rng(12345)
    rows = []
    for name in names:
        spec = REGISTRY[name]
        funcs = contenders(name, spec, threads)
        for dtype in dtypes:
            for n in sizes:
                args = make_inputs(spec, n, np.dtype(dtype), rng)
                number = max(1, int(2e5 // n))
                med = time_interleaved(funcs, args, repeat, number)
                row = {"name": name, "dtype": dtype, "n": n}
                row.update({f"{k}_melem_s": (n / v / 1e6 if v else None) for k, v in med.items()})
                rows.append(row)
                print("  " + fmt_row(row), flush=True)
    return rows


def fmt_row(row):
    parts = [f"{row['name']}[{row['dtype']}] n={row['n']:.0e}"]
    for k, v in row.items():
        if k.endswith("_melem_s") and v:
            parts.append(f"{k[:-8]}={v:.1f}")
    return " ".join(parts)


def overhead(repeat):
    import scipy.special as sc

    import specfun

    res = {}
    x1, x10 = np.array([0.3]), np.linspace(0, 1, 10)
    cases = {"expit": (specfun.expit, sc.expit), "erf": (getattr(specfun, "erf", None), sc.erf),
             "xlogy": (specfun.xlogy, sc.xlogy)}
    try:
        import torch

        torch.set_num_threads(1)
    except ImportError:
        torch = None
    for name, (ours, theirs) in cases.items():
        if ours is None:
            continue
        for label, args in (("1", (x1,)), ("10", (x10,)), ("scalar", (0.3,))):
            if name == "xlogy":
                args = args + (args[0],)
            # functools.partial (C) rather than a lambda: a Python frame around each call would
            # add the same ~0.05 us to every contender and flatten the ratios
            funcs = {"specfun": functools.partial(ours, *args), "scipy": functools.partial(theirs, *args)}
            if torch is not None and label != "scalar":
                targs = [torch.from_numpy(a) for a in args]
                funcs["torch"] = functools.partial(getattr(torch.special, name), *targs)
            med = time_interleaved(funcs, (), repeat, 20000)
            res[f"{name}/{label}"] = {k: v * 1e6 for k, v in med.items()}
    return res


def _huge_degree_points(name, n):
    """x by kind for a degree-n polynomial: the orthogonality interval and its edge for the Jacobi
    kinds; for Hermite and Laguerre the oscillatory region (where values are finite and where they
    overflow), its turning point and beyond."""
    if name.startswith("hermite"):
        t = math.sqrt(2 * n + 1) if name.endswith("_h") else math.sqrt(4 * n + 2)  # largest zero ~ t
        return {"small_x": np.linspace(-0.999, 0.999, 8), "inside": np.linspace(-0.9 * t, 0.9 * t, 8),
                "near_turning": t * (1.0 - np.logspace(-6, -2, 8)), "outside": t * (1.0 + np.logspace(-6, 0, 8))}
    if name.startswith("laguerre"):
        t = 4 * n + 2  # largest zero ~ t
        return {"small_x": np.linspace(0.001, 0.999, 8), "finite": np.linspace(1.0, 1400.0, 8),
                "inside": np.linspace(1500.0, 0.9 * t, 8), "near_turning": t * (1.0 - np.logspace(-6, -2, 8)),
                "negative": np.linspace(-2000.0, -5.0, 8)}
    return {"inside": np.linspace(-0.999, 0.999, 64), "near_one": 1.0 - np.logspace(-16, -3, 64),
            "outside": 1.0 + np.logspace(-16, 1, 64), "far_outside": np.linspace(-2000.0, -5.0, 64)}


def huge_degree(repeat):
    """Time per element (us) of each polynomial at n = 1e6, by kind of x (bounded time, issue 7)."""
    import specfun

    names = ["chebyshev_polynomial_t", "hermite_polynomial_h", "hermite_polynomial_he",
             "laguerre_polynomial_l", "legendre_polynomial_p"]
    res = {}
    for name in names:
        fn = getattr(specfun, name)
        for label, x in _huge_degree_points(name, 1e6).items():
            n = np.full(x.size, 1e6)
            med = time_interleaved({"specfun": lambda x=x, n=n: fn(x, n, target="cpu")}, (), max(3, repeat // 2), 1,
                                   settle=False)
            res[f"{name}/{label}"] = med["specfun"] / x.size * 1e6
    return res


def parallel_crossover(repeat):
    """Serial vs parallel time over sizes, for a cheap and an expensive kernel: where parallel starts to win."""
    import specfun

    rng = np.random.default_rng(7)
    res = {}
    for name in ("expit", "erf", "bessel_j0", "gammainc"):
        fn = getattr(specfun, name)
        rows = []
        for k in range(10, 22):
            n = 1 << k
            args = [rng.uniform(0.1, 20.0, n) for _ in range(fn.nin)]
            med = time_interleaved({"serial": lambda a=args: fn(*a, target="cpu"),
                                    "parallel": lambda a=args: fn(*a, target="parallel")}, (), repeat,
                                   max(1, int(2e5 // n)))
            rows.append({"n": n, "serial_us": med["serial"] * 1e6, "parallel_us": med["parallel"] * 1e6})
        wins = [r["n"] for r in rows if r["parallel_us"] < 0.9 * r["serial_us"]]
        res[name] = {"rows": rows, "parallel_wins_from": min(wins) if wins else None}
    return res


def startup():
    py = sys.executable
    imp = []
    for _ in range(5):
        out = subprocess.run([py, "-c", "import time; t=time.perf_counter(); import specfun; "
                                        "print(time.perf_counter()-t)"], capture_output=True, text=True)
        imp.append(float(out.stdout.strip()))
    # the first call (it imports Numba and loads or compiles the kernel), then a second function
    code = ("import time, numpy as np; import specfun; x=np.linspace(0,1,10); "
            "t1=time.perf_counter(); specfun.expit(x); t2=time.perf_counter(); specfun.xlogy(x, x); "
            "print(t2-t1, time.perf_counter()-t2)")

    def run(env):
        out = subprocess.run([py, "-c", code], env=env, capture_output=True, text=True).stdout.split()
        return float(out[0]), float(out[1])

    # other first calls, each in a fresh process: a reduction (compiled with Numba, loaded
    # through it), and a 1e6-element call and the one after it (the first takes the serial
    # loop and times it, the second the threads: the native chunk driver's first load)
    firsts = {"first_reduction_warm_s": "x=np.ones((10, 10)); t1=time.perf_counter(); specfun.softmax(x, 0); "
                                        "print(time.perf_counter()-t1)",
              "first_large_calls_warm_s": "x=np.linspace(0,1,10**6); t1=time.perf_counter(); specfun.erf(x); "
                                          "specfun.erf(x); print(time.perf_counter()-t1)"}

    def first(env, snippet):
        out = subprocess.run([py, "-c", "import time, numpy as np; import specfun; " + snippet], env=env,
                             capture_output=True, text=True).stdout.split()
        return float(out[0])

    with tempfile.TemporaryDirectory() as d:
        env = dict(os.environ, SPECFUN_CACHE_DIR=d, NUMBA_CACHE_DIR=d)
        cold = run(env)
        warm = [run(env) for _ in range(5)]
        for snippet in firsts.values():
            first(env, snippet)  # fills the cache
        other = {k: statistics.median(first(env, v) for _ in range(5)) for k, v in firsts.items()}
    return {"import_s": statistics.median(imp), "first_call_cold_s": cold[0], "second_function_cold_s": cold[1],
            "first_call_warm_s": statistics.median(w[0] for w in warm),
            "second_function_warm_s": statistics.median(w[1] for w in warm), **other}


def copy_bandwidth(sizes):
    res = {}
    for n in sizes:
        a = np.ones(n)
        b = np.empty_like(a)
        number = max(1, int(2e6 // n))
        ts = []
        for _ in range(7):
            t = time.perf_counter()
            for _ in range(number):
                np.copyto(b, a)
            ts.append((time.perf_counter() - t) / number)
        res[str(n)] = n / statistics.median(ts) / 1e6
    return res


def geomean(xs):
    xs = [x for x in xs if x and x > 0]
    return math.exp(sum(map(math.log, xs)) / len(xs)) if xs else float("nan")


REDUCTION_NAMES = ("softmax", "log_softmax", "logsumexp")


def _one_thread(fn, *args):
    """A reduction with SPECFUN_NUM_THREADS=1 (its serial column; by default it shares the work
    with the thread pool above 2^17 elements)."""
    saved = os.environ.get("SPECFUN_NUM_THREADS")
    os.environ["SPECFUN_NUM_THREADS"] = "1"
    try:
        return fn(*args)
    finally:
        if saved is None:
            del os.environ["SPECFUN_NUM_THREADS"]
        else:
            os.environ["SPECFUN_NUM_THREADS"] = saved


def reduction_rows(names, sizes, dtypes, repeat, threads):
    """The reductions (not ufuncs) on n elements: rows of 1000 reduced along the last dim, and
    along dim 0 of a (1000, n/1000) array; specfun on one thread and on the pool (its default)
    against scipy.special (axis=) and torch with 1 and ``threads`` threads."""
    import scipy.special as sc

    import specfun

    try:
        import torch
    except ImportError:
        torch = None
    rng = np.random.default_rng(54321)
    rows = []
    for name in names:
        fn, sp = getattr(specfun, name), getattr(sc, name)
        tf = getattr(torch.special, name) if torch is not None else None
        for dim in (-1, 0):
            label = name if dim == -1 else f"{name}(dim=0)"
            for dtype in dtypes:
                for n in sizes:
                    if n < 1000:
                        continue
                    shape = (n // 1000, 1000) if dim == -1 else (1000, n // 1000)
                    x = (rng.standard_normal(shape) * 5).astype(dtype)
                    funcs = {"specfun": functools.partial(_one_thread, fn, x, dim),
                             "specfun_par": functools.partial(fn, x, dim),
                             "scipy": functools.partial(sp, x, axis=dim)}
                    if tf is not None:
                        tx = torch.from_numpy(x)

                        def t1(tx=tx, dim=dim, tf=tf):
                            torch.set_num_threads(1)
                            return tf(tx, dim)

                        def tn(tx=tx, dim=dim, tf=tf):
                            torch.set_num_threads(threads)
                            return tf(tx, dim)

                        funcs["torch1"], funcs[f"torch{threads}"] = t1, tn
                    med = time_interleaved(funcs, (), repeat, max(1, int(2e5 // n)))
                    row = {"name": label, "dtype": dtype, "n": n}
                    row.update({f"{k}_melem_s": (n / v / 1e6 if v else None) for k, v in med.items()})
                    rows.append(row)
                    print("  " + fmt_row(row), flush=True)
    return rows


def _ratios(rows, mine, other):
    """specfun / other per row of n >= 1e6 that has both, one per (function, dtype): the largest n."""
    last = {}
    for r in rows:
        if r["n"] >= 10**6 and r.get(mine) and r.get(other):
            last[(r["name"], r["dtype"])] = r[mine] / r[other]
    return last


def summarize(rows, threads):
    big = [r for r in rows if r["n"] >= 10**6]
    vs_scipy = [r["specfun_melem_s"] / r["scipy_melem_s"] for r in big if r.get("scipy_melem_s")]
    vs_t1 = [r["specfun_melem_s"] / r["torch1_melem_s"] for r in big if r.get("torch1_melem_s")]
    vs_tn = [r["specfun_par_melem_s"] / r[f"torch{threads}_melem_s"] for r in big
             if r.get(f"torch{threads}_melem_s") and r.get("specfun_par_melem_s")]
    # the README's headline: per dtype, the geometric mean and how many functions are >= 1.0
    by_dtype = {}
    for label, mine, other in (("serial_vs_scipy", "specfun_melem_s", "scipy_melem_s"),
                               ("serial_vs_torch1", "specfun_melem_s", "torch1_melem_s"),
                               (f"parallel_vs_torch{threads}", "specfun_par_melem_s", f"torch{threads}_melem_s")):
        rat = _ratios(rows, mine, other)
        for dt in sorted({d for _, d in rat}):
            v = [x for (_, d), x in rat.items() if d == dt]
            by_dtype[f"{label}[{dt}]"] = f"{geomean(v):.2f}x ({sum(x >= 1.0 for x in v)} of {len(v)} >= 1)"
    return {"geomean_serial_vs_scipy": geomean(vs_scipy), "geomean_serial_vs_torch1": geomean(vs_t1),
            f"geomean_parallel_vs_torch{threads}": geomean(vs_tn), "by_dtype": by_dtype,
            "serial_below_scipy": sorted({f"{r['name']}[{r['dtype']}]" for r in big if r.get("scipy_melem_s")
                                          and r["specfun_melem_s"] < r["scipy_melem_s"]}),
            "parallel_below_torch": sorted({f"{r['name']}[{r['dtype']}]" for r in big
                                            if r.get(f"torch{threads}_melem_s") and r.get("specfun_par_melem_s")
                                            and r["specfun_par_melem_s"] < r[f"torch{threads}_melem_s"]}),
            "serial_below_torch1": sorted({f"{r['name']}[{r['dtype']}]" for r in big if r.get("torch1_melem_s")
                                           and r["specfun_melem_s"] < r["torch1_melem_s"]})}


def markdown(meta, rows, summary, over, start, bw, threads):
    lines = [f"# CPU benchmarks, {meta['date']}", "", f"Machine: {meta['machine']}; {meta['versions']}", "",
             "Throughput in Melem/s (median of interleaved repeats); ratios are specfun / other.", "",
             "## Summary (n >= 1e6)", ""]
    for k, v in summary.items():
        if isinstance(v, dict):
            lines += [f"- {k}:"] + [f"  - {kk}: {vv}" for kk, vv in v.items()]
        else:
            lines.append(f"- {k}: {v if isinstance(v, list) else f'{v:.2f}'}")
    lines += ["", "## Startup", ""] + [f"- {k}: {v:.3f}" for k, v in start.items()]
    lines += ["", "## Per-call overhead (us)", "", "| case | specfun | scipy | torch |", "|---|---|---|---|"]
    for k, v in over.items():
        lines.append(f"| {k} | {v.get('specfun', 0):.2f} | {v.get('scipy', 0):.2f} | "
                     f"{v['torch']:.2f} |" if v.get("torch") else f"| {k} | {v.get('specfun', 0):.2f} | "
                     f"{v.get('scipy', 0):.2f} | - |")
    lines += ["", "## NumPy copy bandwidth (Melem/s float64): " + ", ".join(f"n={k}: {v:.0f}" for k, v in bw.items()),
              "", "## Throughput", "",
              f"| function | dtype | n | specfun | specfun par | scipy | torch 1 | torch {threads} "
              f"| /scipy | par/torch{threads} |",
              "|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        def g(k):
            v = r.get(k)
            return f"{v:.1f}" if v else "-"

        rs = r["specfun_melem_s"] / r["scipy_melem_s"] if r.get("scipy_melem_s") else None
        rt = r["specfun_par_melem_s"] / r[f"torch{threads}_melem_s"] \
            if r.get(f"torch{threads}_melem_s") and r.get("specfun_par_melem_s") else None
        lines.append(f"| {r['name']} | {r['dtype']} | {r['n']:.0e} | {g('specfun_melem_s')} | "
                     f"{g('specfun_par_melem_s')} | {g('scipy_melem_s')} | {g('torch1_melem_s')} | "
                     f"{g(f'torch{threads}_melem_s')} | {f'{rs:.2f}' if rs else '-'} | {f'{rt:.2f}' if rt else '-'} |")
    return "\n".join(lines) + "\n"


def plot(rows, path, threads):
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return
    big = [r for r in rows if r["n"] == max(x["n"] for x in rows) and r["dtype"] == "float64"]
    names = [r["name"] for r in big]
    fig, ax = plt.subplots(figsize=(max(8, len(names) * 0.3), 5))
    xs = np.arange(len(names))
    for off, key, lab in ((-0.2, "scipy_melem_s", "serial / scipy"),
                          (0.2, f"torch{threads}_melem_s", f"parallel / torch {threads} threads")):
        num = "specfun_melem_s" if key == "scipy_melem_s" else "specfun_par_melem_s"
        vals = [r[num] / r[key] if r.get(key) and r.get(num) else np.nan for r in big]
        ax.bar(xs + off, vals, width=0.4, label=lab)
    ax.axhline(1.0, color="k", lw=0.8)
    ax.set_yscale("log")
    ax.set_xticks(xs, names, rotation=90, fontsize=7)
    ax.set_ylabel("speed ratio (higher is better)")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="specfun bench", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="1e3,1e6")
    ap.add_argument("--dtypes", default="float64,float32")
    ap.add_argument("--names", default="")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--out", default=str(RESULTS))
    ap.add_argument("--no-startup", action="store_true")
    ap.add_argument("--no-extras", action="store_true", help="skip the huge-degree and crossover measurements")
    args = ap.parse_args(argv)
    from specfun._registry import REGISTRY
    from specfun._targets.parallel import num_threads

    names = [n for n in args.names.split(",") if n] or sorted(REGISTRY)
    sizes = [int(float(s)) for s in args.sizes.split(",")]
    dtypes = args.dtypes.split(",")
    threads = num_threads()
    import numba

    versions = {"numpy": np.__version__, "numba": numba.__version__}
    for mod in ("scipy", "torch"):
        try:
            versions[mod] = __import__(mod).__version__
        except ImportError:
            pass
    cpu = platform.processor() or platform.machine()
    try:
        cpu = next(line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    meta = {"date": _dt.date.today().isoformat(), "machine": f"{cpu}, {os.cpu_count()} cores",
            "versions": ", ".join(f"{k} {v}" for k, v in versions.items()), "threads": threads}
    print(f"benchmarking {len(names)} functions, sizes {sizes}, dtypes {dtypes}, {threads} threads", flush=True)
    start = {} if args.no_startup else startup()
    over = overhead(args.repeat)
    bw = copy_bandwidth(sorted(set(sizes)))
    extras = {} if args.no_extras else {"huge_degree_us_per_element": huge_degree(args.repeat),
                                         "parallel_crossover": parallel_crossover(args.repeat)}
    reductions = [n for n in names if n in REDUCTION_NAMES] if args.names else list(REDUCTION_NAMES)
    rows = throughput([n for n in names if n not in REDUCTION_NAMES], sizes, dtypes, args.repeat, threads)
    rows += reduction_rows(reductions, sizes, dtypes, args.repeat, threads)
    summary = summarize(rows, threads)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    stem = out / f"cpu-{meta['date']}"
    stem.with_suffix(".json").write_text(json.dumps({"meta": meta, "startup": start, "overhead_us": over,
                                                     "copy_melem_s": bw, "summary": summary, "rows": rows,
                                                     **extras}, indent=1))
    md = markdown(meta, rows, summary, over, start, bw, threads)
    if extras:
        md += "\n## Polynomials at n = 1e6 (us per element)\n\n| function / x | us |\n|---|---|\n"
        md += "".join(f"| {k} | {v:.3g} |\n" for k, v in extras["huge_degree_us_per_element"].items())
        md += "\n## Serial vs parallel (us per call)\n\n| function | n | serial | parallel |\n|---|---|---|---|\n"
        for name, d in extras["parallel_crossover"].items():
            md += "".join(f"| {name} | {r['n']} | {r['serial_us']:.1f} | {r['parallel_us']:.1f} |\n" for r in d["rows"])
        md += "\nParallel first wins (>10%) at: " + ", ".join(
            f"{k} n={d['parallel_wins_from']}" for k, d in extras["parallel_crossover"].items()) + "\n"
    stem.with_suffix(".md").write_text(md)
    plot(rows, stem.with_suffix(".png"), threads)
    print(json.dumps(summary, indent=1))
    print(f"wrote {stem}.json/.md/.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
