"""``specfun refgen [names] [--force] [--jobs N] [--sigs d,f,e,bf16]``: regenerate reference data.

For each function and compute dtype, the sampling regions draw the inputs
(deterministic from SEED), every point is evaluated with mpmath at two
precisions (``specfun.reference._mp``), and the result is written to
``reference_data/<name>/<sig>.npz``.  A file is rewritten only when its
checksum changes: the sources of the definition (and the helpers it calls),
the region table of that function, the generator version and the inputs.
"""
from __future__ import annotations

import argparse
import hashlib
import inspect
import json
import os
import sys
import time
import types
from pathlib import Path

import numpy as np

GENERATOR_VERSION = 1
SEED = 20261122
SIGS = ("d", "f", "e", "bf16")
CHUNK = 40


def data_dir() -> Path:
    env = os.environ.get("SPECFUN_REFERENCE_DATA")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[2] / "reference_data"


def _sources(fn, module, seen) -> list[str]:
    """Source of ``fn`` and of every module-level function it (transitively) names."""
    out = []
    if fn in seen:
        return out
    seen.add(fn)
    try:
        out.append(inspect.getsource(fn))
    except (OSError, TypeError):
        out.append(repr(fn))
    code = fn.__code__
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= set(const.co_names)
    for cell in fn.__closure__ or ():
        try:
            v = cell.cell_contents
        except ValueError:
            continue
        if isinstance(v, types.FunctionType):
            out += _sources(v, module, seen)
        elif isinstance(v, (str, int, float, bool, tuple)):
            out.append(repr(v))
    for n in sorted(names):
        v = getattr(module, n, None)
        if isinstance(v, types.FunctionType) and v.__module__ == module.__name__:
            out += _sources(v, module, seen)
    return out


def spec_checksum(name: str) -> str:
    from specfun.reference import _mp, definitions, regions

    h = hashlib.sha256()
    h.update(f"v{GENERATOR_VERSION} seed{SEED} dps{_mp.DPS}/{_mp.DPS_CHECK}/{_mp.AGREE} "
             f"prec{definitions.PREC_BITS.get(name, 0)}".encode())
    for s in _sources(definitions.REFS[name], definitions, set()):
        h.update(s.encode())
    h.update(f"eval{_mp.EVAL_VERSION} negzero{definitions.NEG_ZERO.get(name)} odd{name in definitions.ODD}".encode())
    for r in regions.REGIONS[name]:
        h.update(r.name.encode())
        if r.scale is not None:
            h.update(_scale_source(r.scale).encode())
    return h.hexdigest()[:16]


def _scale_source(fn) -> str:
    try:
        return inspect.getsource(fn)
    except (OSError, TypeError):
        return repr(fn)


def input_checksum(args) -> str:
    h = hashlib.sha256()
    for a in args:
        h.update(np.ascontiguousarray(a, dtype=np.float64).tobytes())
    return h.hexdigest()[:16]


def _work(task):
    name, rows = task
    from specfun.reference._mp import evaluate

    out = []
    for r in rows:
        out.append(evaluate(name, r))
    return out


def _existing_meta(path: Path):
    if not path.exists():
        return None
    try:
        with np.load(path, allow_pickle=False) as z:
            return json.loads(str(z["meta"]))
    except Exception:  # noqa: BLE001 - a broken file is regenerated
        return None


def build(names, sigs, force=False, jobs=1, verbose=True) -> int:

    from specfun.reference import regions

    root = data_dir()
    plans = []
    for name in names:
        spec_sum = spec_checksum(name)
        for sig in sigs:
            if sig not in regions.DTYPES:
                continue
            args, reg, rnames = regions.sample(name, sig, SEED)
            in_sum = input_checksum(args)
            path = root / name / f"{sig}.npz"
            meta = _existing_meta(path)
            if not force and meta and meta.get("spec_checksum") == spec_sum and meta.get("input_checksum") == in_sum:
                continue
            plans.append((name, sig, args, reg, rnames, spec_sum, in_sum, path))
    if not plans:
        if verbose:
            print("reference data up to date")
        return 0
    tasks = []
    for pi, (name, _sig, args, *_rest) in enumerate(plans):
        rows = list(zip(*[a.tolist() for a in args]))
        for s in range(0, len(rows), CHUNK):
            tasks.append(((pi, s), (name, rows[s:s + CHUNK])))
    results: dict = {}
    t0 = time.perf_counter()
    npts = sum(len(p[2][0]) for p in plans)
    if verbose:
        print(f"evaluating {npts} points for {len(plans)} files on {jobs} process(es)", flush=True)
    remaining = {pi: sum(1 for t in tasks if t[0][0] == pi) for pi in range(len(plans))}
    last = [t0]

    def collect(key, res):
        pi = key[0]
        results[key] = res
        remaining[pi] -= 1
        if remaining[pi] == 0:
            now = time.perf_counter()
            _write(pi, plans[pi], results, verbose, now - last[0])
            last[0] = now

    if jobs > 1:
        import multiprocessing as mp_

        ctx = mp_.get_context("fork")
        with ctx.Pool(jobs) as pool:
            for key, res in zip((t[0] for t in tasks), pool.imap(_work, [t[1] for t in tasks], chunksize=1)):
                collect(key, res)
    else:
        for key, task in tasks:
            collect(key, _work(task))
    per_file_time = time.perf_counter() - t0
    if verbose:
        print(f"done in {per_file_time:.1f} s")
    return 0


def _write(pi, plan, results, verbose, seconds):
    import mpmath

    from specfun.reference import _mp, regions
    from specfun.reference.definitions import ARGS

    name, sig, args, reg, rnames, spec_sum, in_sum, path = plan
    keys = sorted(k for k in results if k[0] == pi)
    vals = []
    for k in keys:
        vals += results.pop(k)
    hi = np.array([v[0] for v in vals], dtype=np.float64)
    lo = np.array([v[1] for v in vals], dtype=np.float64)
    flags = np.array([v[2] for v in vals], dtype=np.uint8)
    scale = np.full(len(hi), np.nan)
    for i, r in enumerate(regions.REGIONS[name]):
        if r.scale is None:
            continue
        m = reg == i
        if m.any():
            with np.errstate(all="ignore"):
                scale[m] = r.scale(tuple(a[m] for a in args), hi[m])
    meta = {
        "name": name, "sig": sig, "args": [a for a, _ in ARGS[name]], "kinds": [k for _, k in ARGS[name]],
        "mpmath": mpmath.__version__, "dps": _mp.DPS, "dps_check": _mp.DPS_CHECK, "agree_digits": _mp.AGREE,
        "prec_bits": max(regions_prec(name), int(_mp.DPS * 3.33) + 1), "seed": SEED,
        "generator_version": GENERATOR_VERSION, "spec_checksum": spec_sum, "input_checksum": in_sum,
        "points": int(len(hi)), "unstable": int(np.count_nonzero(flags & _mp.UNSTABLE)),
        "failed": int(np.count_nonzero(flags & _mp.FAILED)),
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    arrays = {f"arg{i}": a for i, a in enumerate(args)}
    tmp = path.with_name(f"{path.stem}.{os.getpid()}.tmp.npz")
    np.savez_compressed(tmp, hi=hi, lo=lo, flags=flags, region=reg, scale=scale,
                        region_names=np.array(rnames), meta=np.array(json.dumps(meta, sort_keys=True)), **arrays)
    os.replace(tmp, path)
    if verbose:
        print(f"  {name}[{sig}]: {len(hi)} points, {meta['unstable']} unstable, {meta['failed']} failed, "
              f"{seconds:.1f} s", flush=True)


def regions_prec(name):
    from specfun.reference.definitions import PREC_BITS

    return PREC_BITS.get(name, 0)


def main(argv=None) -> int:
    from specfun.reference.definitions import REFS

    p = argparse.ArgumentParser(prog="specfun refgen", description=__doc__.split("\n\n")[0])
    p.add_argument("names", nargs="*", help="functions (default: all in the reference table)")
    p.add_argument("--force", action="store_true", help="regenerate even when the checksum matches")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1; the machine is shared)")
    p.add_argument("--sigs", default=",".join(SIGS), help="comma-separated dtypes: d,f,e,bf16")
    p.add_argument("--list", action="store_true", help="list the functions and their regions")
    a = p.parse_args(argv)
    names = a.names or sorted(REFS)
    unknown = [n for n in names if n not in REFS]
    if unknown:
        print(f"no reference definition for: {' '.join(unknown)}", file=sys.stderr)
        return 2
    if a.list:
        from specfun.reference.regions import REGIONS

        for n in names:
            print(f"{n}: {', '.join(r.name for r in REGIONS[n])}")
        return 0
    t0 = time.perf_counter()
    rc = build(names, [s for s in a.sigs.split(",") if s], force=a.force, jobs=max(1, a.jobs))
    print(f"refgen: {time.perf_counter() - t0:.1f} s")
    return rc
