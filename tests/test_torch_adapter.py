"""specfun.torch: gradcheck/gradgradcheck on every differentiable function and argument (registry-driven)."""
from __future__ import annotations

import numpy as np
import pytest

torch = pytest.importorskip("torch")

import specfun  # noqa: E402
from specfun._registry import REDUCTIONS, REGISTRY  # noqa: E402
from tests.test_derivatives import differentiable_args, sample_args  # noqa: E402

st = specfun.torch
NAMES = sorted(n for n in REGISTRY if differentiable_args(REGISTRY[n]))


def _inputs(spec, n=3, broadcast=False):
    args = sample_args(spec, n=n, seed=1)
    diff = {i for i, _ in differentiable_args(spec)}
    out, first = [], True
    for i, v in enumerate(args):
        if isinstance(v, np.ndarray):
            t = torch.tensor(v, dtype=torch.float64)
            if broadcast:  # the first array argument as a column, the others as rows
                t = t.reshape(-1, 1) if first else t[:2]
                first = False
            out.append(t.requires_grad_(i in diff))
        else:
            out.append(v)
    return out


def _call(spec, vals):
    pos = [v for a, v in zip(spec.args, vals, strict=True) if not a.keyword]
    kw = {a.name: v for a, v in zip(spec.args, vals, strict=True) if a.keyword}
    return lambda *ts: getattr(st, spec.name)(*_merge(pos, ts), **kw)


def _merge(pos, ts):
    it = iter(ts)
    return [next(it) if isinstance(v, torch.Tensor) and v.requires_grad else v for v in pos]


@pytest.mark.parametrize("broadcast", [False, True])
@pytest.mark.parametrize("name", NAMES)
def test_gradcheck(name, broadcast):
    spec = REGISTRY[name]
    vals = _inputs(spec, broadcast=broadcast)
    ts = tuple(v for v in vals if isinstance(v, torch.Tensor) and v.requires_grad)
    f = _call(spec, vals)
    assert f(*ts).grad_fn is not None
    assert torch.autograd.gradcheck(f, ts)
    try:
        assert torch.autograd.gradgradcheck(f, ts)
    except NotImplementedError as exc:  # a documented NotImplementedGrad in a rule's own rule
        pytest.skip(f"second order not provided: {exc}")


@pytest.mark.parametrize("name", sorted(REDUCTIONS))
def test_reductions_gradcheck(name):
    x = torch.tensor(np.random.default_rng(2).normal(size=(3, 4)) * 3, requires_grad=True)
    dims = [0, 1, -1] if name != "logsumexp" else [0, (0, 1), ()]
    for d in dims:
        f = (lambda t, d=d: getattr(st, name)(t, d)) if name != "logsumexp" else (lambda t, d=d: st.logsumexp(t, d))
        assert torch.autograd.gradcheck(f, (x,))
        assert torch.autograd.gradgradcheck(f, (x,))
    if name == "logsumexp":
        assert torch.autograd.gradcheck(lambda t: st.logsumexp(t, 1, keepdim=True), (x,))


def test_promotion_and_dtypes():
    assert st.expit(torch.tensor([1, 2])).dtype == torch.get_default_dtype()
    assert st.expit(torch.tensor([True])).dtype == torch.get_default_dtype()
    assert st.expit(torch.tensor([1.0], dtype=torch.float16)).dtype == torch.float16
    assert st.expit(torch.tensor([1.0], dtype=torch.bfloat16)).dtype == torch.bfloat16
    x32 = torch.tensor([1.0, 2.0])
    assert st.xlogy(x32, 2.0).dtype == torch.float32                      # Python scalar is weak
    assert st.xlogy(x32, torch.tensor(2.0, dtype=torch.float64)).dtype == torch.float32  # 0-d is weaker
    assert st.xlogy(x32, torch.tensor([2.0], dtype=torch.float64)).dtype == torch.float64
    assert st.xlogy(2, 3.0).dtype == torch.get_default_dtype()
    assert st.softmax(torch.tensor([1, 2]), 0).dtype == torch.get_default_dtype()
    assert st.softmax(x32, 0, dtype=torch.float64).dtype == torch.float64
    with pytest.raises(TypeError):
        st.expit(torch.tensor([1j]))
    with pytest.raises(IndexError):
        st.softmax(x32, 1)


def test_values_match_numpy_path():
    x = torch.linspace(-3, 3, 7, dtype=torch.float64)
    np.testing.assert_array_equal(st.expit(x).numpy(), specfun.expit(x.numpy()))
    np.testing.assert_array_equal(st.logsumexp(x, 0).numpy(), specfun.logsumexp(x.numpy(), 0))


def test_keyword_and_nondiff():
    x = torch.tensor([0.05, 0.5, 0.97], dtype=torch.float64, requires_grad=True)
    y = st.logit(x, eps=0.1)
    (g,) = torch.autograd.grad(y.sum(), x)
    assert g[0] == 0 and g[2] == 0 and g[1] == 4.0
    r = st.round(torch.tensor([1.26], requires_grad=True), decimals=1)
    assert float(r) == pytest.approx(1.3)


def test_torch_compile_falls_back():
    f = torch.compile(st.expit, backend="eager")
    x = torch.tensor([0.0, 1.0])
    np.testing.assert_array_equal(f(x).numpy(), st.expit(x).numpy())


def test_import_specfun_does_not_import_torch():
    import subprocess
    import sys

    code = "import sys, specfun; assert 'torch' not in sys.modules and 'jax' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)
