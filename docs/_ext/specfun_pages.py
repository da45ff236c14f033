"""Generate the reference pages from the registry and the committed accuracy report.

Runs at ``builder-inited``, so the pages never go stale: ``docs/functions/<name>.rst``
comes from the FunctionSpec (doc, arguments as torch spells them, domain, aliases,
derivative rules), the special values tested in ``tests/special_values/``, and the
accuracy figures and error plot of the committed report ``docs/_data/accuracy_report.json``
and ``docs/_static/accuracy/<name>.png`` (regenerate both with the command in
``docs/accuracy.rst``); ``docs/accuracy_results.rst`` is the summary of that report;
``docs/derivatives.rst`` and ``docs/benchmarks.rst`` as before.
"""
from __future__ import annotations

import importlib.util
import inspect
import json
import math
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REPORT = ROOT / "docs" / "_data" / "accuracy_report.json"
PLOTS = ROOT / "docs" / "_static" / "accuracy"
LIBS = ("scipy", "torch")
DTYPES = (("d", "float64"), ("f", "float32"))
REGENERATE = ("python -m specfun accuracy --compare scipy,torch --regions "
              "--json docs/_data/accuracy_report.json --plots docs/_static/accuracy")


def _lambda_source(src: str) -> str:
    """The lambda expression alone: cut where its enclosing bracket closes or a top-level comma ends it."""
    src = src[src.index("lambda"):]
    depth, quote, colon_seen = 0, None, False
    for i, ch in enumerate(src):
        if quote:
            if ch == quote:
                quote = None
            continue
        if ch in "'\"":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth < 0:
                return src[:i].rstrip()
        elif ch == ":" and depth == 0:
            colon_seen = True
        elif ch == "," and depth == 0 and colon_seen:
            return src[:i].rstrip()
    return src.rstrip().rstrip(",")


def _rule_source(rule) -> str:
    if isinstance(rule, str):
        return "not differentiable (integer or discrete parameter)"
    if not callable(rule):
        return f"not provided: {getattr(rule, 'reason', rule)}"
    try:
        src = inspect.getsource(rule).strip()
    except (OSError, TypeError):
        return repr(rule)
    if "lambda" in src:
        return _lambda_source(src)
    return src.rstrip(",")


def _rule_block(argname, rule) -> list[str]:
    src = _rule_source(rule)
    if not callable(rule):
        return [f"- d/d{argname}: {src}", ""]
    return [f"- d/d{argname}:", "", "  .. code-block:: python", "", *("     " + ln for ln in src.splitlines()), ""]


# ---------------------------------------------------------------------------
# helpers for tables

def _fmt(v) -> str:
    if v is None:
        return "n/a"
    if isinstance(v, str):
        return v
    if isinstance(v, int):
        return str(v)
    v = float(v)
    if math.isnan(v):
        return "nan"
    if math.isinf(v):
        return "inf"
    if v == 0:
        return "0"
    return f"{v:.3g}"


def _list_table(head, rows, widths=None, title="") -> list[str]:
    out = [f".. list-table:: {title}".rstrip(), "   :header-rows: 1", ""]
    if widths:
        out[2:2] = [f"   :widths: {' '.join(map(str, widths))}"]
    for row in [head, *rows]:
        out.append(f"   * - {row[0] or ' '}")
        out += [f"     - {c if c != '' else ' '}" for c in row[1:]]
    return out + [""]


def _float(v) -> str:
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
    return repr(v)


def _load_report():
    if not REPORT.exists():
        return None
    try:
        return json.loads(REPORT.read_text())
    except ValueError:
        return None


def _run_line(meta) -> str:
    if not meta:
        return "The report records no run information."
    vers = ", ".join(f"{k} {meta[k]}" for k in ("numpy", "numba", "scipy", "torch", "mpmath", "python") if meta.get(k))
    commit = f" at commit ``{meta['git_commit']}``" if meta.get("git_commit") else ""
    if commit and meta.get("git_dirty"):
        commit += " (with uncommitted changes under specfun/)"
    if commit and meta.get("source"):
        commit += f" ({meta['source']})"
    return (f"Figures and plots from the report run of {meta.get('date', '?')}: specfun {meta.get('specfun', '?')}"
            f"{commit}, {vers} ({meta.get('machine', '?')}); command ``{meta.get('command', '?')}``.")


def _figs(report, lib, name, sig):
    """The region -> figures dict of specfun (lib None) or a compared library; a str for a failure; None."""
    if lib is None:
        return report.get("results", {}).get(f"{name}[{sig}]")
    return report.get("compare", {}).get(f"{lib}:{name}[{sig}]")


def _get(figs, region, key):
    if not isinstance(figs, dict):
        return "err" if isinstance(figs, str) else None
    f = figs.get(region)
    return f.get(key) if f else None


# ---------------------------------------------------------------------------
# per-function sections

def _torch_names():
    try:
        import torch

        return {n for n in dir(torch.special) if not n.startswith("_")}
    except ImportError:
        return None


def _scipy_equivalents():
    try:
        import numpy as np

        from specfun.accuracy import _scipy_table

        out = {}
        for name, fn in _scipy_table().items():
            if isinstance(fn, np.ufunc):
                mod = "numpy" if fn is getattr(np, fn.__name__, None) else "scipy.special"
                out[name] = f"{mod}.{fn.__name__}"
            elif getattr(fn, "__name__", "") == "sinc":
                out[name] = "numpy.sinc"
        return out
    except Exception:  # noqa: BLE001 - the docs still build without the equivalents
        return {}


def _special_rows() -> dict:
    """name -> rows of tests/special_values/*.py (exact facts checked by tests/test_special_values.py)."""
    out: dict = {}
    for path in sorted((ROOT / "tests" / "special_values").glob("*.py")):
        if path.name.startswith("_"):
            continue
        spec = importlib.util.spec_from_file_location(f"_specfun_docs_sv_{path.stem}", path)
        mod = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(mod)
        except Exception:  # noqa: BLE001
            continue
        for row in getattr(mod, "ROWS", ()):
            out.setdefault(row[0], []).append(row)
    return out


def _domain(a) -> str:
    lo = "-inf" if a.lo == -math.inf else _float(a.lo)
    hi = "inf" if a.hi == math.inf else _float(a.hi)
    left = "(" if a.lo == -math.inf else "["
    right = ")" if a.hi == math.inf else "]"
    return f"{left}{lo}, {hi}{right}"


def _kind(a) -> str:
    if a.scalar:
        return "Python int"
    if a.kind == "int":
        return "integer-valued array"
    if a.keyword:
        return f"keyword-only, default {a.default!r}"
    return "real array"


def _signature_section(name, spec, torch_names, scipy_eq) -> list[str]:
    pos = [a.name for a in spec.args if not a.keyword]
    kw = [f"{a.name}={a.default!r}" for a in spec.args if a.keyword]
    sig = ", ".join(pos + (["*"] + kw if kw else []))
    lines = ["Signature and domain", "-" * 20, "", f"``specfun.{name}({sig})``", ""]
    if torch_names is not None and name in torch_names:
        lines += [f"The arguments are ``torch.special.{name}``'s, in its order; the accuracy table below compares"
                  " with it" + (f" and with ``{scipy_eq[name]}``." if name in scipy_eq else "."), ""]
    elif torch_names is not None:
        lines += ["Not in ``torch.special``: a specfun addition (see its description above).", ""]
    if spec.aliases:
        lines += ["Aliases: " + ", ".join(f"``specfun.{a}``" for a in spec.aliases), ""]
    outs = sorted({s.split("->")[1] for s in spec.sigs})
    dnames = {"d": "float64", "f": "float32"}
    lines += ["Compiled loops: " + ", ".join(dnames.get(d, d) for d in reversed(outs))
              + " (float32 computes in float64 and rounds once; float16/bfloat16 go through float32).", ""]
    rows = [[f"``{a.name}``", _kind(a), _domain(a),
             "no" if isinstance(spec.grad[a.name], str) else ("yes" if callable(spec.grad[a.name]) else "not provided")]
            for a in spec.args]
    lines += _list_table(["argument", "kind", "domain", "differentiable"], rows)
    lines += ["Outside the domain the result is nan; at a pole it is an infinity (see the special values).", ""]
    return lines


def _special_section(rows) -> list[str]:
    if not rows:
        return []
    lines = ["Special values", "-" * 14, "",
             "Exact results (the sign of zero included), checked by ``tests/test_special_values.py``.", ""]
    body = []
    for row in rows:
        args = ", ".join(_float(v) for v in row[1])
        dtypes = ", ".join(row[3]) if len(row) > 3 else "float64, float32"
        body.append([f"``({args})``", f"``{_float(row[2])}``", dtypes])
    return lines + _list_table(["arguments", "value", "dtypes"], body)


def _accuracy_section(name, report) -> list[str]:
    title = "Accuracy against mpmath"
    lines = [title, "-" * len(title), ""]
    if report is None or not any(_figs(report, None, name, s) for s, _ in DTYPES):
        try:
            from specfun.reference.definitions import REFS
        except ImportError:
            REFS = {}
        if name not in REFS:
            return lines + ["Not measured: the accuracy report has no mpmath definition for this function.", ""]
        return lines + ["(not in the committed accuracy report yet; regenerate it as :doc:`/accuracy` says)", ""]
    lines += [_run_line(report.get("meta")), "",
              "Errors in ULP of the output dtype against correctly rounded mpmath references",
              "(``reference_data/``); *wrong sp.* counts special values (nan, infinities, exact zeros) that do not",
              "match; n/a: the library has no such function.", ""]
    head = ["dtype", "points", "specfun max", "specfun median", "scipy max", "scipy median", "torch max",
            "torch median", "wrong sp. (specfun / scipy / torch)"]
    rows = []
    for sig, dt in DTYPES:
        mine = _figs(report, None, name, sig)
        if not mine:
            continue
        libs = {lib: _figs(report, lib, name, sig) for lib in LIBS}
        row = [dt, _fmt(_get(mine, "all", "points")), _fmt(_get(mine, "all", "max_ulp")),
               _fmt(_get(mine, "all", "median_ulp"))]
        for lib in LIBS:
            row += [_fmt(_get(libs[lib], "all", "max_ulp")), _fmt(_get(libs[lib], "all", "median_ulp"))]
        row.append(" / ".join(_fmt(_get(f, "all", "wrong_special")) for f in (mine, *libs.values())))
        rows.append(row)
    lines += _list_table(head, rows)
    mine = _figs(report, None, name, "d")
    if isinstance(mine, dict):
        regions = [r for r in mine if r != "all" and mine[r].get("points")]
        if regions:
            libs = {lib: _figs(report, lib, name, "d") for lib in LIBS}
            body = []
            for rn in regions:
                row = [rn, _fmt(mine[rn]["points"]), _fmt(mine[rn]["max_ulp"]), _fmt(mine[rn]["median_ulp"])]
                row += [_fmt(_get(libs[lib], rn, "max_ulp")) for lib in LIBS]
                row.append(" / ".join(_fmt(_get(f, rn, "wrong_special")) for f in (mine, *libs.values())))
                body.append(row)
            lines += ["Per sampling region, float64:", ""]
            lines += _list_table(["region", "points", "specfun max", "specfun median", "scipy max", "torch max",
                                  "wrong sp. (specfun / scipy / torch)"], body)
    lines += _freshness(name, report)
    worst = report.get("worst", {})
    for sig, dt in DTYPES:
        w = worst.get(f"{name}[{sig}]")
        if w:
            lines += [f"Worst point, {dt}: ``{w}``", ""]
    if (PLOTS / f"{name}.png").exists():
        lines += [".. figure:: /_static/accuracy/" + name + ".png", "   :alt: error plot of " + name, "",
                  "   float64 error against mpmath over the reference points (specfun drawn on top of the",
                  "   compared libraries; errors below 1e-3 ULP drawn at 1e-3).", ""]
    return lines


def _freshness(name, report) -> list[str]:
    """Say so when reference_data/baseline.json has changed for this function since the report run."""
    path = ROOT / "reference_data" / "baseline.json"
    try:
        base = json.loads(path.read_text()).get("functions", {}).get(name, {})
    except (OSError, ValueError):
        return []
    notes = []
    for sig, dt in DTYPES:
        b = base.get(sig, {}).get("all", {}).get("max_ulp")
        r = _get(_figs(report, None, name, sig), "all", "max_ulp")
        if isinstance(b, (int, float)) and isinstance(r, (int, float)) and b < r * (1 - 1e-9) and b < float(_fmt(r)):
            notes.append(f"{dt} {_fmt(b)}")
    if not notes:
        return []
    return ["Since this report run the accepted maximum in ``reference_data/baseline.json`` has tightened to "
            + ", ".join(notes) + " ULP; regenerate the report (:doc:`/accuracy`) to refresh the figures.", ""]


# ---------------------------------------------------------------------------
# the summary page

def _verdict(mine, others) -> str:
    others = [o for o in others if isinstance(o, (int, float))]
    if not isinstance(mine, (int, float)) or not others:
        return ""
    best = min(others)
    if mine <= 1 and best <= 1:
        return "tie (both <= 1)"
    if mine < 0.8 * best:
        return "**better**"
    if mine > 1.25 * best:
        return "worse"
    return "similar"


def _results_page(report) -> list[str]:
    title = "Accuracy results"
    lines = [title, "=" * len(title), ""]
    if report is None:
        return lines + ["No committed accuracy report (``docs/_data/accuracy_report.json``); see :doc:`accuracy`.", ""]
    lines += [_run_line(report.get("meta")), "",
              "Maximum error in ULP of the output dtype over each function's reference points (all sampling",
              "regions together), specfun next to scipy.special and torch.special evaluated on the same points.",
              "*Verdict* compares specfun's float64 maximum with the better of scipy and torch: **better** below",
              "0.8x, *worse* above 1.25x, a tie when both are within 1 ULP, *similar* otherwise. *wrong sp.* counts",
              "special values (nan, infinities, exact zeros) that do not match the reference. Each function's page",
              "has the per-region figures and the error plot. Regenerate with the command in :doc:`accuracy`.", ""]
    names = sorted({k.rsplit("[", 1)[0] for k, v in report.get("results", {}).items() if v})
    head = ["function", "f64 specfun", "f64 scipy", "f64 torch", "verdict f64", "f32 specfun", "f32 scipy",
            "f32 torch", "wrong sp. f64 (specfun / scipy / torch)"]
    rows, tally = [], {}
    for n in names:
        row = [f":doc:`functions/{n}`"]
        for sig in ("d", "f"):
            vals = [_get(_figs(report, lib, n, sig), "all", "max_ulp") for lib in (None, *LIBS)]
            row += [_fmt(v) for v in vals]
            if sig == "d":
                v = _verdict(vals[0], vals[1:])
                key = v.strip("*").split(" ")[0] or "no comparison"
                tally[key] = tally.get(key, 0) + 1
                row.append(v)
        row.append(" / ".join(_fmt(_get(_figs(report, lib, n, "d"), "all", "wrong_special")) for lib in (None, *LIBS)))
        rows.append(row)
    counts = ", ".join(f"{k}: {v}" for k, v in sorted(tally.items()))
    lines += [f"Float64 verdicts over {len(names)} functions: {counts}.", ""]
    behind = []
    for n in names:
        vals = [_get(_figs(report, lib, n, "d"), "all", "max_ulp") for lib in (None, *LIBS)]
        if _verdict(vals[0], vals[1:]) == "worse":
            others = ", ".join(f"{lib} {_fmt(v)}" for lib, v in zip(LIBS, vals[1:]) if isinstance(v, (int, float)))
            behind.append(f"``{n}`` ({_fmt(vals[0])} against {others})")
    if behind:
        lines += ["Behind at float64 (max ULP): " + "; ".join(behind) + ".", ""]
    exact = []
    for lib in (None, *LIBS):
        vals = [_get(_figs(report, lib, n, "f"), "all", "max_ulp") for n in names]
        have = [v for v in vals if isinstance(v, (int, float))]
        exact.append(f"{lib or 'specfun'} {sum(v == 0 for v in have)} of {len(have)}")
    lines += ["Float32, correctly rounded on every reference point (max 0 ULP against the float32 rounding of "
              "the reference): " + ", ".join(exact) + " functions.", ""]
    lines += _list_table(head, rows)
    missing = report.get("missing") or []
    if missing:
        lines += ["Reference but no kernel: " + ", ".join(f"``{m}``" for m in missing), ""]
    regs = report.get("regressions") or []
    lines += [f"Regressions against ``reference_data/baseline.json`` in this run: {len(regs)}.", ""]
    return lines


def generate(app=None):
    import specfun
    from specfun._registry import REDUCTIONS, REGISTRY

    docs = ROOT / "docs"
    fdir = docs / "functions"
    fdir.mkdir(exist_ok=True)
    by_family: dict[str, list[str]] = {}
    report = _load_report()
    torch_names, scipy_eq, specials = _torch_names(), _scipy_equivalents(), _special_rows()
    for name, spec in sorted(REGISTRY.items()):
        by_family.setdefault(spec.family, []).append(name)
        lines = [name, "=" * len(name), "", f".. autofunction:: specfun.{name}", ""]
        lines += _signature_section(name, spec, torch_names, scipy_eq)
        lines += _special_section(specials.get(name))
        lines += ["Derivative rules", "-" * 16, ""]
        for a in spec.args:
            lines += _rule_block(a.name, spec.grad[a.name])
        lines += _accuracy_section(name, report)
        (fdir / f"{name}.rst").write_text("\n".join(lines) + "\n")
    (docs / "accuracy_results.rst").write_text("\n".join(_results_page(report)) + "\n")
    for name in sorted(REDUCTIONS):
        by_family.setdefault("reductions", []).append(name)
        (fdir / f"{name}.rst").write_text(f"{name}\n{'=' * len(name)}\n\n.. autofunction:: specfun.{name}\n")
    idx = ["Functions", "=========", ""]
    for fam, names in sorted(by_family.items()):
        idx += [fam, "-" * len(fam), "", ".. toctree::", "   :maxdepth: 1", ""]
        idx += [f"   functions/{n}" for n in names] + [""]
    (docs / "functions.rst").write_text("\n".join(idx))

    der = ["Derivative table", "================", "",
           "``specfun.derivatives[name]`` holds one rule per argument. Each rule below is the",
           "registered formula, written with specfun's own functions (``ns.<name>``) so that the",
           "torch and JAX adapters evaluate the same formula and rules of rules give higher derivatives.", ""]
    for name, spec in sorted(REGISTRY.items()):
        der += [f"**{name}**", ""]
        for a in spec.args:
            der += _rule_block(a.name, spec.grad[a.name])
        der += [""]
    for name, red in sorted(REDUCTIONS.items()):
        der += [f"**{name}**", ""] + _rule_block("(vector-Jacobian product)", red.vjp)
    (docs / "derivatives.rst").write_text("\n".join(der))

    results = sorted((ROOT / "benchmarks" / "results").glob("cpu-*.md"))
    bench = ["Benchmarks", "==========", "", "Reproduce with ``specfun bench`` (see benchmarks/run.py).", ""]
    if results:
        day = max(p.name[4:14] for p in results)  # cpu-YYYY-MM-DD[...].md: every file of the newest day
        for path in sorted((p for p in results if p.name[4:14] == day), key=lambda p: len(p.name)):
            bench += [f"``benchmarks/results/{path.name}``", "", ".. code-block:: text", ""]
            bench += ["   " + line for line in path.read_text().splitlines()] + [""]
    (docs / "benchmarks.rst").write_text("\n".join(bench) + "\n")
    del specfun


def setup(app):
    app.connect("builder-inited", generate)
    return {"parallel_read_safe": True}
