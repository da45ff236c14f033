"""Generate docs/functions/*.rst, docs/derivatives.rst and docs/benchmarks.rst from the registry.

Runs at ``builder-inited``, so the pages never go stale: the function pages come from
the FunctionSpec (doc, arguments, aliases, derivative rules), the accuracy tables from
``reference_data/baseline.json`` when present, and the benchmark page from the newest
``benchmarks/results/cpu-*.md``.
"""
from __future__ import annotations

import inspect
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


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
        src = src[src.index("lambda"):]
    return src.rstrip(",")


def _rule_block(argname, rule) -> list[str]:
    src = _rule_source(rule)
    if not callable(rule):
        return [f"- d/d{argname}: {src}", ""]
    return [f"- d/d{argname}:", "", "  .. code-block:: python", "", *("     " + ln for ln in src.splitlines()), ""]


def _accuracy_table(name: str) -> list[str]:
    path = ROOT / "reference_data" / "baseline.json"
    if not path.exists():
        return ["(no accuracy figures recorded yet)"]
    data = json.loads(path.read_text())
    entry = data.get(name) or data.get("functions", {}).get(name)
    if not entry:
        return ["(no accuracy figures recorded yet)"]
    return [".. code-block:: json", "", *("   " + line for line in json.dumps(entry, indent=1).splitlines())]


def generate(app=None):
    import specfun
    from specfun._registry import REDUCTIONS, REGISTRY

    docs = ROOT / "docs"
    fdir = docs / "functions"
    fdir.mkdir(exist_ok=True)
    by_family: dict[str, list[str]] = {}
    for name, spec in sorted(REGISTRY.items()):
        by_family.setdefault(spec.family, []).append(name)
        lines = [name, "=" * len(name), "", f".. autofunction:: specfun.{name}", "", "Derivative rules", "-" * 16, ""]
        for a in spec.args:
            lines += _rule_block(a.name, spec.grad[a.name])
        lines += ["", "Accuracy (ULP against mpmath, from reference_data/baseline.json)", "-" * 64, ""]
        lines += _accuracy_table(name)
        (fdir / f"{name}.rst").write_text("\n".join(lines) + "\n")
    for name in sorted(REDUCTIONS):
        by_family.setdefault("reductions", []).append(name)
        (fdir / f"{name}.rst").write_text(f"{name}\n{'=' * len(name)}\n\n.. autofunction:: specfun.{name}\n")
    idx = ["Functions", "=========", ""]
    for fam, names in sorted(by_family.items()):
        idx += [fam, "-" * len(fam), "", ".. toctree::", "   :maxdepth: 1", ""] + [f"   functions/{n}" for n in names] + [""]
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
        bench += [f"Latest: ``{results[-1].name}``", "", ".. code-block:: text", ""]
        bench += ["   " + line for line in results[-1].read_text().splitlines()]
    (docs / "benchmarks.rst").write_text("\n".join(bench) + "\n")
    del specfun


def setup(app):
    app.connect("builder-inited", generate)
    return {"parallel_read_safe": True}
