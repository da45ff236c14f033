"""``specfun accuracy``: every function against its mpmath reference data, and the regression gate.

    specfun accuracy [names] [--target cpu|parallel|cuda] [--half] [--regions]
                     [--compare scipy,torch] [--json FILE] [--markdown FILE] [--plots DIR]
                     [--update-baseline [names]] [--allow-loosen]

For each implemented function (``specfun._registry.REGISTRY``) and dtype it prints
the number of points, the max / p99 / median ULP error, the number of wrong
special values (nan, +-inf, exact zeros) and the worst point.  Functions with a
reference definition but no kernel are listed as MISSING.  The exit status is 1
when any figure is worse than ``reference_data/baseline.json`` (the regressions
are listed), 0 otherwise.  ``--update-baseline`` records the measured figures of
the given (or all measured) functions, only tightening unless ``--allow-loosen``;
it holds a file lock and rewrites only those functions, so several people can
update different functions at once.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from contextlib import contextmanager

import numpy as np

from specfun import testing as T

SIGS = ("d", "f")
HALF_SIGS = ("e", "bf16")


# ---------------------------------------------------------------------------
# the compared libraries, in torch.special's argument order

def _scipy_table():
    import scipy.special as sc

    def spj(k):
        return lambda x: sc.spherical_jn(k, x)

    def poly(fn, valid_n=lambda n: n >= 0):
        def f(x, n):
            x, n = np.broadcast_arrays(np.asarray(x, np.float64), np.asarray(n, np.float64))
            out = np.where(np.isnan(n) | (n != np.floor(n)), np.nan, 0.0)
            ok = np.isfinite(n) & (n == np.floor(n)) & valid_n(n)
            if ok.any():
                out = out.copy()
                out[ok] = fn(n[ok].astype(np.int64), x[ok])
            return out

        return f

    def mgl(x, p):
        out = np.full(np.shape(x), np.nan)
        for i, v in enumerate(np.asarray(x, np.float64)):
            try:
                out[i] = sc.multigammaln(v, p)
            except (ValueError, OverflowError):
                pass
        return out

    return {
        "airy_ai": lambda x: sc.airy(x)[0], "airy_ai_prime": lambda x: sc.airy(x)[1],
        "bessel_j0": sc.j0, "bessel_j1": sc.j1, "bessel_y0": sc.y0, "bessel_y1": sc.y1,
        "digamma": sc.psi, "entr": sc.entr, "erf": sc.erf, "erfc": sc.erfc, "erfcx": sc.erfcx,
        "erfinv": sc.erfinv, "exp2": sc.exp2, "expit": sc.expit, "expm1": sc.expm1, "gammaln": sc.gammaln,
        "i0e": sc.i0e, "i1e": sc.i1e, "log1p": sc.log1p, "log_ndtr": sc.log_ndtr, "ndtr": sc.ndtr,
        "ndtri": sc.ndtri, "modified_bessel_i0": sc.i0, "modified_bessel_i1": sc.i1,
        "modified_bessel_k0": sc.k0, "modified_bessel_k1": sc.k1, "scaled_modified_bessel_k0": sc.k0e,
        "scaled_modified_bessel_k1": sc.k1e, "sinc": np.sinc, "spherical_bessel_j0": spj(0),
        "spherical_bessel_j1": spj(1), "logit": sc.logit, "xlogy": sc.xlogy, "xlog1py": sc.xlog1py,
        "zeta": sc.zeta, "gammainc": sc.gammainc, "gammaincc": sc.gammaincc,
        "polygamma": lambda n, x: sc.polygamma(n, x), "multigammaln": mgl,
        "chebyshev_polynomial_t": poly(sc.eval_chebyt), "chebyshev_polynomial_u": poly(sc.eval_chebyu),
        "shifted_chebyshev_polynomial_t": poly(sc.eval_sh_chebyt),
        "shifted_chebyshev_polynomial_u": poly(sc.eval_sh_chebyu),
        "hermite_polynomial_h": poly(sc.eval_hermite), "hermite_polynomial_he": poly(sc.eval_hermitenorm),
        "laguerre_polynomial_l": poly(sc.eval_laguerre), "legendre_polynomial_p": poly(sc.eval_legendre),
        "gegenbauer_polynomial_c": _poly3(sc.eval_gegenbauer),
        "generalized_laguerre_polynomial_l": _poly3(sc.eval_genlaguerre),
    }


def _poly3(fn):
    """scipy's eval_*(n, alpha, x) in torch order (x, n, alpha), torch's conventions for bad n."""

    def f(x, n, a):
        x, n, a = np.broadcast_arrays(np.asarray(x, np.float64), np.asarray(n, np.float64), np.asarray(a, np.float64))
        out = np.where(np.isnan(n) | (n != np.floor(n)), np.nan, 0.0)
        ok = np.isfinite(n) & (n == np.floor(n)) & (n >= 0)
        if ok.any():
            out = out.copy()
            out[ok] = fn(n[ok].astype(np.int64), a[ok], x[ok])
        return out

    return f


def _torch_fn(name):
    import torch

    fn = getattr(torch.special, name, None)
    if fn is None:
        return None

    def tt(a):
        a = np.asarray(a)
        if a.dtype.name == "bfloat16":
            return torch.from_numpy(a.astype(np.float32)).to(torch.bfloat16)
        return torch.from_numpy(np.ascontiguousarray(a))

    def back(t):
        if t.dtype == torch.bfloat16:
            t = t.to(torch.float32)
        return t.numpy()

    if name == "polygamma":
        return lambda n, x: back(fn(int(n), tt(x)))
    if name == "multigammaln":
        def mgl(x, p):
            x = np.asarray(x)
            out = np.full(x.shape, np.nan, dtype=np.float64)
            ok = x > (p - 1) / 2.0
            if ok.any():
                out[ok] = back(fn(tt(x[ok]), int(p))).astype(np.float64)
            return out

        return mgl
    if "polynomial" in name:
        def poly(x, n):
            xt = tt(x)
            nd = xt.dtype if xt.dtype in (torch.float32, torch.float64) else torch.float32
            return back(fn(xt, torch.from_numpy(np.asarray(n, np.float64)).to(nd)))

        return poly
    return lambda *a: back(fn(*[tt(v) for v in a]))


def compared(lib: str, name: str):
    """The compared library's callable for ``name`` (torch.special's argument order) or None."""
    if lib == "scipy":
        fn = _scipy_table().get(name)
        if fn is None:
            return None

        def f(*a):
            # scipy has no half types: compute in float32 (or float64) and round
            a2 = [np.asarray(v).astype(np.float32) if isinstance(v, np.ndarray) and v.dtype.itemsize == 2 else v
                  for v in a]
            return np.asarray(fn(*a2))

        return f
    if lib == "torch":
        return _torch_fn(name)
    raise ValueError(f"unknown library {lib!r} (expected scipy or torch)")


# ---------------------------------------------------------------------------
# baseline

@contextmanager
def _locked(path):
    import fcntl

    lock = path.with_name(path.name + ".lock")
    lock.parent.mkdir(parents=True, exist_ok=True)
    with open(lock, "w") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _ceil3(v: float) -> float:
    """Round up to 3 significant digits (the stored figure is never below the measured one)."""
    if v == 0 or not math.isfinite(v):
        return v
    e = math.floor(math.log10(abs(v))) - 2
    q = 10.0 ** e
    r = math.ceil(v / q - 1e-9) * q
    return float(f"{r:.3g}") if float(f"{r:.3g}") >= v else float(f"{r:.4g}")


def baseline_entry(figs: dict) -> dict:
    return {rn: {"max_ulp": _ceil3(f.max_ulp), "wrong_special": f.wrong_special, "points": f.points}
            for rn, f in figs.items() if f.points}


def update_baseline(results: dict, names, allow_loosen=False, target="cpu", checksums=None) -> list[str]:
    """Write measured figures for ``names``; returns the lines describing what changed.

    ``checksums[(name, sig)]`` is the input checksum of the data measured: an entry
    recorded on other data (the reference was regenerated) is replaced, not tightened.
    """
    checksums = checksums or {}
    path = T.baseline_path()
    changes = []
    with _locked(path):
        data = json.loads(path.read_text()) if path.exists() else {}
        funcs = data.setdefault("functions", {})
        for (name, sig), figs in sorted(results.items()):
            if name not in names or figs is None:
                continue
            key = sig if target in ("cpu", "parallel") else f"{target}:{sig}"
            old = funcs.setdefault(name, {}).get(key, {})
            new = baseline_entry(figs)
            merged = {}
            csum = checksums.get((name, sig))
            if csum and old.get("_data") not in (None, csum):
                changes.append(f"{name}[{key}]: reference data regenerated, baseline reset")
                old = {}
            for rn, e in new.items():
                o = old.get(rn)
                if o is None or allow_loosen:
                    merged[rn] = e
                else:
                    merged[rn] = {"max_ulp": min(o["max_ulp"], e["max_ulp"]),
                                  "wrong_special": min(o["wrong_special"], e["wrong_special"]),
                                  "points": e["points"]}
                    if e["max_ulp"] > o["max_ulp"] or e["wrong_special"] > o["wrong_special"]:
                        changes.append(f"{name}[{key}] {rn}: measured worse than baseline, kept the baseline "
                                       f"(use --allow-loosen)")
                if o != merged[rn] and rn != "_data":
                    changes.append(f"{name}[{key}] {rn}: {o and (o['max_ulp'], o['wrong_special'])} -> "
                                   f"{(merged[rn]['max_ulp'], merged[rn]['wrong_special'])}")
            if csum:
                merged["_data"] = csum
            funcs[name][key] = merged
        data["comment"] = ("Accepted accuracy per function, dtype (d f e bf16; 'cuda:d' for other targets) and region: "
                           "max ULP (rounded up to 3 digits), wrong special values, points. Written by "
                           "`specfun accuracy --update-baseline NAMES`; tightens only unless --allow-loosen.")
        text = _dump_baseline(data["comment"], funcs)
        tmp = path.with_name(path.name + f".{os.getpid()}.tmp")
        tmp.write_text(text)
        os.replace(tmp, path)
    return changes


def _dump_baseline(comment, funcs) -> str:
    """Stable sorted JSON, one line per region (readable diffs)."""
    lines = ["{", f' "comment": {json.dumps(comment)},', ' "functions": {']
    names = sorted(funcs)
    for i, n in enumerate(names):
        lines.append(f"  {json.dumps(n)}: {{")
        sigs = sorted(funcs[n])
        for j, s in enumerate(sigs):
            lines.append(f"   {json.dumps(s)}: {{")
            regs = sorted(funcs[n][s])
            for k, r in enumerate(regs):
                comma = "," if k < len(regs) - 1 else ""
                lines.append(f"    {json.dumps(r)}: {json.dumps(funcs[n][s][r], sort_keys=True)}{comma}")
            lines.append("   }" + ("," if j < len(sigs) - 1 else ""))
        lines.append("  }" + ("," if i < len(names) - 1 else ""))
    lines += [" }", "}"]
    return "\n".join(lines) + "\n"


def is_stale(name, sig, checksum, base, target="cpu") -> bool:
    """The baseline was recorded on other reference data (regenerated since)."""
    key = sig if target in ("cpu", "parallel") else f"{target}:{sig}"
    recorded = base.get(name, {}).get(key, {}).get("_data")
    return bool(recorded and checksum and recorded != checksum)


def regressions(name, sig, figs, base, target="cpu", checksum=None) -> list[str]:
    key = sig if target in ("cpu", "parallel") else f"{target}:{sig}"
    b = base.get(name, {}).get(key)
    if not b or is_stale(name, sig, checksum, base, target):
        return []
    out = []
    for rn, f in figs.items():
        e = b.get(rn)
        if e is None or not f.points:
            continue
        if f.max_ulp > e["max_ulp"] * (1 + 1e-12):
            out.append(f"{name}[{key}] {rn}: max ULP {f.max_ulp:.3g} > baseline {e['max_ulp']:.3g}")
        if f.wrong_special > e["wrong_special"]:
            out.append(f"{name}[{key}] {rn}: {f.wrong_special} wrong special values > baseline {e['wrong_special']}")
    return out


# ---------------------------------------------------------------------------
# report

def _fmt(v):
    if isinstance(v, float):
        if v == 0:
            return "0"
        if not math.isfinite(v):
            return str(v)
        return f"{v:.3g}"
    return str(v)


def _worst_str(ref, got, i):
    if i < 0:
        return ""
    args = ", ".join(repr(float(a[i])) for a in ref.args)
    want = float(ref.hi[i])
    return f"({args}) got {float(got[i])!r} want {want!r}"


class _Progress:
    def __init__(self, total):
        self.total = total
        self.n = 0
        self.on = sys.stderr.isatty() and os.environ.get("CI", "").lower() not in ("1", "true", "yes")

    def step(self, label):
        self.n += 1
        if self.on:
            w = 30
            k = int(w * self.n / max(1, self.total))
            sys.stderr.write(f"\r[{'#' * k}{'.' * (w - k)}] {self.n}/{self.total} {label[:40]:<40}")
            sys.stderr.flush()

    def done(self):
        if self.on:
            sys.stderr.write("\r" + " " * 90 + "\r")
            sys.stderr.flush()


CHECKSUMS: dict = {}  # (name, sig) -> input checksum of the data measured by the last run()


def run(names=None, sigs=SIGS, target="cpu", compare=(), per_region=False):
    """Measure; returns (rows, results, missing, nodata, compare_rows)."""
    import specfun  # noqa: F401 - registers the functions
    from specfun._registry import ALIASES, REGISTRY
    from specfun.reference.definitions import REFS

    all_names = sorted(REFS)
    if names:
        names = [ALIASES.get(n, n) for n in names]
        unknown = [n for n in names if n not in REFS and n not in REGISTRY]
        if unknown:
            raise SystemExit(f"specfun accuracy: unknown function(s): {' '.join(unknown)}")
        all_names = [n for n in all_names if n in names]
    missing = [n for n in all_names if n not in REGISTRY]
    todo = [(n, s) for n in all_names if n in REGISTRY for s in sigs]
    extra = sorted(set(REGISTRY) - set(REFS) - {"round"}) if not names else []
    prog = _Progress(len(todo))
    rows, results, nodata, comp = [], {}, [], {}
    CHECKSUMS.clear()
    import specfun as sf

    for name, sig in todo:
        prog.step(f"{name}[{sig}]")
        if not T.has_reference(name, sig):
            nodata.append(f"{name}[{sig}]")
            results[(name, sig)] = None
            continue
        ref = T.load_reference(name, sig)
        CHECKSUMS[(name, sig)] = ref.meta.get("input_checksum")
        try:
            figs, got, err, ref = T.measure(name, sig, getattr(sf, name), target, ref)
        except Exception as exc:  # noqa: BLE001 - a crash is a report row, not a crashed report
            rows.append({"name": name, "sig": sig, "error": f"{type(exc).__name__}: {exc}"})
            results[(name, sig)] = None
            continue
        results[(name, sig)] = figs
        for rn, f in figs.items():
            if rn != "all" and not per_region:
                continue
            if not f.points:
                continue
            exact = f.max_ulp == 0 and f.wrong_special == 0  # nothing to show
            rows.append({"name": name, "sig": sig, "region": rn, **f.as_dict(),
                         "worst": "" if exact else _worst_str(ref, got, f.worst),
                         "_x": None})
        for lib in compare:
            fn = compared(lib, name)
            if fn is None:
                continue
            try:
                lfigs, lgot, lerr, _ = T.measure(name, sig, fn, None, ref)
            except Exception as exc:  # noqa: BLE001
                comp[(lib, name, sig)] = f"{type(exc).__name__}: {exc}"
                continue
            comp[(lib, name, sig)] = (lfigs, lerr, lgot)
    prog.done()
    return rows, results, missing, nodata, comp, extra


def _table(rows, comp, compare, per_region):
    head = ["function", "dtype", *(["region"] if per_region else []), "points", "max", "p99", "median", "wrong sp."]
    for lib in compare:
        head += [f"{lib} max", f"{lib} p99", f"{lib} wrong"]
    head.append("worst point (args) got / want")
    lines = []
    for r in rows:
        if "error" in r:
            lines.append([r["name"], T.SIG_DTYPES[r["sig"]], *([""] if per_region else []), "ERROR", r["error"]])
            continue
        line = [r["name"], T.SIG_DTYPES[r["sig"]], *([r["region"]] if per_region else []), str(r["points"]),
                _fmt(r["max_ulp"]), _fmt(r["p99_ulp"]), _fmt(r["median_ulp"]), str(r["wrong_special"])]
        for lib in compare:
            c = comp.get((lib, r["name"], r["sig"]))
            if c is None:
                line += ["-", "-", "-"]
            elif isinstance(c, str):
                line += ["err", "", ""]
            else:
                f = c[0].get(r["region"])
                line += ([_fmt(f.max_ulp), _fmt(f.p99_ulp), str(f.wrong_special)] if f and f.points else ["", "", ""])
        line.append(r["worst"])
        lines.append(line)
    return head, lines


def _print_table(head, lines, out=None):
    out = out or sys.stdout
    widths = [max(len(h), *(len(ln[i]) for ln in lines if i < len(ln))) if lines else len(h)
              for i, h in enumerate(head)]
    widths[-1] = 0
    print("  ".join(h.ljust(w) for h, w in zip(head, widths)).rstrip(), file=out)
    for ln in lines:
        print("  ".join(c.ljust(w) for c, w in zip(ln, widths)).rstrip(), file=out)


def _markdown(head, lines, path, missing):
    with open(path, "w") as fh:
        fh.write("# Accuracy against mpmath\n\nGenerated by `specfun accuracy --markdown`. ULP errors of the output "
                 "dtype; 'wrong sp.' counts special values (nan, inf, exact zeros) that do not match.\n\n")
        fh.write("| " + " | ".join(head) + " |\n|" + "---|" * len(head) + "\n")
        for ln in lines:
            cells = [c.replace("|", "\\|") for c in ln] + [""] * (len(head) - len(ln))
            fh.write("| " + " | ".join(cells) + " |\n")
        if missing:
            fh.write(f"\nMISSING (reference but no kernel): {', '.join(missing)}\n")


def _plots(directory, names, compare, target):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    import specfun as sf

    os.makedirs(directory, exist_ok=True)
    for name in names:
        if not T.has_reference(name, "d"):
            continue
        ref = T.load_reference(name, "d")
        xi = next((i for i, k in enumerate(ref.meta["kinds"]) if k == "real"), 0)
        x = ref.args[xi]
        fig, ax = plt.subplots(figsize=(6.4, 3.4))
        # the compared libraries first, specfun drawn last (on top)
        series = [(lib, compared(lib, name), None) for lib in compare] + [("specfun", getattr(sf, name, None), target)]
        ok = np.isfinite(x) & ((ref.flags & T.FAILED) == 0)
        ax_x = np.abs(x[ok])
        pos = ax_x[ax_x > 0]
        logx = bool(len(pos)) and math.log10(pos.max()) - math.log10(pos.min()) > 3  # spans decades
        for label, fn, tgt in series:
            if fn is None:
                continue
            try:
                _, got, err, _ = T.measure(name, "d", fn, tgt, ref)
            except Exception:  # noqa: BLE001
                continue
            e = np.maximum(err.err[ok], 1e-3)
            # log10|x| on a linear axis: matplotlib's log ticks overflow near the float64 maximum
            with np.errstate(divide="ignore"):
                xs = np.log10(np.maximum(ax_x, 1e-320)) if logx else x[ok]
            ax.scatter(xs, e, s=3, alpha=0.6, label=label, rasterized=True)
        ax.set_yscale("log")
        ax.set_xlabel(("log10 |" + ref.meta["args"][xi] + "|") if logx else ref.meta["args"][xi])
        ax.set_ylabel("error (ULP, float64; floor 1e-3)")
        ax.set_title(f"{name}: error against mpmath")
        ax.legend(fontsize="small", markerscale=2)
        fig.tight_layout()
        # small files: the plots are committed under docs/_static/accuracy/
        fig.savefig(os.path.join(directory, f"{name}.png"), dpi=72)
        plt.close(fig)


def _run_meta(argv, seconds) -> dict:
    """Which run produced a report: date, command, library versions, git commit (for the docs)."""
    import datetime
    import platform
    import subprocess

    import mpmath
    import numba

    import specfun

    meta = {"date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            "command": "specfun accuracy " + " ".join(sys.argv[1:] if argv is None else argv),
            "seconds_measured": round(seconds, 1), "python": platform.python_version(),
            "machine": platform.machine(), "specfun": specfun.__version__, "numpy": np.__version__,
            "numba": numba.__version__, "mpmath": mpmath.__version__}
    for mod in ("scipy", "torch"):
        try:
            meta[mod] = __import__(mod).__version__
        except ImportError:
            meta[mod] = None
    try:
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        meta["git_commit"] = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True,
                                            text=True, timeout=10).stdout.strip() or None
        # uncommitted changes to the library itself: the figures are not exactly those of the commit
        meta["git_dirty"] = bool(subprocess.run(["git", "status", "--porcelain", "--", "specfun"], cwd=root,
                                                capture_output=True, text=True, timeout=10).stdout.strip())
    except (OSError, subprocess.SubprocessError):
        meta["git_commit"] = None
    return meta


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="specfun accuracy", description=__doc__.split("\n\n")[0])
    p.add_argument("names", nargs="*", help="functions to measure, by space or comma (default: all)")
    p.add_argument("--target", default="cpu", choices=("cpu", "parallel", "cuda"))
    p.add_argument("--half", action="store_true", help="also float16 and bfloat16")
    p.add_argument("--regions", action="store_true", help="one row per region")
    p.add_argument("--compare", default="", help="comma-separated: scipy,torch")
    p.add_argument("--json", metavar="FILE")
    p.add_argument("--markdown", metavar="FILE")
    p.add_argument("--plots", metavar="DIR")
    p.add_argument("--update-baseline", nargs="*", metavar="NAME", default=None,
                   help="record the measured figures of these functions (default: the measured ones)")
    p.add_argument("--allow-loosen", action="store_true")
    a = p.parse_args(argv)
    compare = [c for c in a.compare.split(",") if c]
    a.names = [n for arg in a.names for n in arg.split(",") if n]  # "erf erfc" or "erf,erfc"
    if a.update_baseline:
        a.update_baseline = [n for arg in a.update_baseline for n in arg.split(",") if n]
    names = list(a.names) + list(a.update_baseline or [])
    sigs = SIGS + (HALF_SIGS if a.half or a.update_baseline is not None else ())
    if a.target == "cuda":
        sigs = tuple(s for s in sigs if s in ("d", "f", "e"))
    t0 = time.perf_counter()
    rows, results, missing, nodata, comp, extra = run(names or None, sigs, a.target, compare, a.regions)
    head, lines = _table(rows, comp, compare, a.regions)
    _print_table(head, lines)
    if missing:
        print(f"\nMISSING (reference but no kernel): {' '.join(missing)}")
    if nodata:
        print(f"NO DATA (run `specfun refgen`): {' '.join(nodata)}")
    if extra:
        print(f"NO REFERENCE DEFINITION: {' '.join(extra)}")
    base = T.load_baseline()
    regs = []
    for (name, sig), figs in sorted(results.items()):
        if figs:
            regs += regressions(name, sig, figs, base, a.target, CHECKSUMS.get((name, sig)))
    stale = [f"{n}[{s}]" for (n, s), f in sorted(results.items())
             if f and is_stale(n, s, CHECKSUMS.get((n, s)), base, a.target)]
    errors = [r for r in rows if "error" in r]
    if a.update_baseline is not None:
        from specfun._registry import ALIASES

        which = {ALIASES.get(n, n) for n in (a.update_baseline or [n for n, _ in results])}
        changes = update_baseline(results, which, a.allow_loosen, a.target, CHECKSUMS)
        kept = [c for c in changes if "kept the baseline" in c]
        print(f"\nbaseline: {len(changes) - len(kept)} figure(s) written for {len(which)} function(s)")
        for c in kept:
            print("  " + c)
        base = T.load_baseline()
        regs = []
        for (name, sig), figs in sorted(results.items()):
            if figs:
                regs += regressions(name, sig, figs, base, a.target, CHECKSUMS.get((name, sig)))
        stale = [f"{n}[{s}]" for (n, s), f in sorted(results.items())
                 if f and is_stale(n, s, CHECKSUMS.get((n, s)), base, a.target)]
    if a.json:
        worst = {f"{r['name']}[{r['sig']}]": r["worst"] for r in rows if r.get("region") == "all"}
        out = {"meta": _run_meta(argv, time.perf_counter() - t0),
               "target": a.target, "missing": missing, "no_data": nodata, "regressions": regs, "stale": stale,
               "worst": worst,
               "results": {f"{n}[{s}]": ({rn: f.as_dict() for rn, f in figs.items()} if figs else None)
                           for (n, s), figs in sorted(results.items())},
               "compare": {f"{lib}:{n}[{s}]": ({rn: f.as_dict() for rn, f in c[0].items()}
                                               if not isinstance(c, str) else c)
                           for (lib, n, s), c in sorted(comp.items())}}
        with open(a.json, "w") as fh:
            json.dump(out, fh, indent=1, sort_keys=True, default=float)
    if a.markdown:
        _markdown(head, lines, a.markdown, missing)
    if a.plots:
        measured = sorted({n for (n, s), f in results.items() if f})
        _plots(a.plots, measured, compare, a.target)
    print(f"\n{len(results)} function/dtype pairs in {time.perf_counter() - t0:.1f} s")
    if stale:
        print("STALE baseline (reference data regenerated since; run --update-baseline): " + " ".join(stale))
    if regs:
        print("REGRESSED against reference_data/baseline.json:")
        for r in regs:
            print("  " + r)
    if errors:
        print("ERRORS: " + ", ".join(f"{r['name']}[{r['sig']}]" for r in errors))
    return 1 if (regs or errors) else 0
