"""numpydoc docstrings generated from a FunctionSpec (hand-written summary + generated sections)."""
from __future__ import annotations

import inspect
import math


def _domain(arg) -> str:
    if arg.kind == "int":
        lo = "" if math.isinf(arg.lo) else f", >= {arg.lo:g}"
        return f"integer-valued{lo}"
    if math.isinf(arg.lo) and math.isinf(arg.hi):
        return "real"
    lo = "-inf" if math.isinf(arg.lo) else f"{arg.lo:g}"
    hi = "inf" if math.isinf(arg.hi) else f"{arg.hi:g}"
    return f"real, domain [{lo}, {hi}]"


def render_docstring(spec) -> str:
    from specfun._dispatch import public_signature
    from specfun._registry import NONDIFF

    body = inspect.cleandoc(spec.doc)
    summary, _, rest = body.partition("\n\n")
    sig = f"{spec.name}{public_signature(spec)}"
    lines = [sig, "", summary, ""]
    if rest:
        main, ex_sep, example = rest.partition("Examples\n--------")
        if main.strip():
            lines += [main.strip(), ""]
    else:
        example = ""
    lines += ["Parameters", "----------"]
    for a in spec.args:
        if a.scalar:
            typ = "int"
        elif a.keyword:
            typ = f"{'int' if a.kind == 'int' else 'float'} or None, optional"
        else:
            typ = "array_like"
        lines += [f"{a.name} : {typ}", f"    {_domain(a)}."]
    lines += ["out : ndarray, optional",
              "    Array of the broadcast shape to write into (cast with ``same_kind``).",
              "target : {'cpu', 'parallel', 'cuda'}, optional",
              "    Where to run; by default chosen from the array kind and size.", "",
              "Returns", "-------", "ndarray or scalar",
              "    Float64 for integer inputs; float16/bfloat16 computed in float32.", ""]
    rules = []
    for a in spec.args:
        r = spec.grad[a.name]
        rules.append(f"d/d{a.name}: " + ("not differentiable." if r == NONDIFF else
                                         f"``specfun.derivatives['{spec.name}'][{spec.args.index(a)}]``."))
    lines += ["Notes", "-----", "Derivatives: " + "; ".join(rules), ""]
    if spec.aliases:
        lines += ["See Also", "--------", ", ".join(spec.aliases) + " : aliases of this function.", ""]
    if example.strip():
        lines += ["Examples", "--------", inspect.cleandoc(example), ""]
    return "\n".join(lines)
