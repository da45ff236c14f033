"""The full reference data on a real GPU (``pytest -m gpu`` on a machine with one).

Every function and every reference set (float64, float32) runs through the CUDA target
on device arrays; each region must be within the budget accepted for the CPU in
reference_data/baseline.json (the same kernels, compiled by numba-cuda with libdevice).
"""
import numpy as np
import pytest

import specfun
from specfun._registry import REGISTRY

pytestmark = pytest.mark.gpu


def _cuda():
    try:
        from numba import cuda

        return cuda if cuda.is_available() else None
    except Exception:
        return None


def _on_device(fn, cuda):
    def call(*args):
        dev = [cuda.to_device(np.ascontiguousarray(a)) if isinstance(a, np.ndarray) else a for a in args]
        return fn(*dev).copy_to_host()

    return call


CASES = [pytest.param(name, sig, id=f"{name}[{sig}]") for name in sorted(REGISTRY) for sig in ("d", "f")]


@pytest.mark.parametrize("name, sig", CASES)
def test_reference_on_gpu(name, sig):
    cuda = _cuda()
    if cuda is None:
        pytest.skip("no CUDA GPU visible")
    from specfun.testing import has_reference, measure, tolerance_for

    if not has_reference(name, sig):
        pytest.skip(f"no reference data for {name}[{sig}]")
    figs, _got, _err, _ref = measure(name, sig, func=_on_device(getattr(specfun, name), cuda), target=None)
    bad = []
    for region, f in figs.items():
        tol = tolerance_for(name, sig, region)
        if tol is None:
            continue
        if f.max_ulp > max(1.0, tol["max_ulp"]) or f.wrong_special > tol.get("wrong_special", 0):
            bad.append(f"{region}: max {f.max_ulp:.3g} ULP (CPU budget {tol['max_ulp']}), "
                       f"wrong specials {f.wrong_special}")
    assert not bad, f"{name}[{sig}] on CUDA: " + "; ".join(bad)


def test_device_array_kinds_round_trip():
    cuda = _cuda()
    if cuda is None:
        pytest.skip("no CUDA GPU visible")
    x = np.linspace(0.1, 5, 1000)
    d = cuda.to_device(x)
    assert np.allclose(specfun.bessel_j0(d).copy_to_host(), specfun.bessel_j0(x), rtol=1e-14, atol=1e-300)
    cp = pytest.importorskip("cupy")
    c = cp.asarray(x)
    r = specfun.erf(c)
    assert isinstance(r, cp.ndarray) and r.device == c.device
    out = cp.empty_like(c)
    assert specfun.erf(c, out=out) is out
    h = cp.asarray(x.astype(np.float16))
    assert specfun.expit(h).dtype == np.float16


def test_torch_cuda_bfloat16_and_float16():
    """bf16/f16 CUDA tensors through specfun.torch: computed in float32 on the device, rounded once."""
    torch = pytest.importorskip("torch")
    if not torch.cuda.is_available():
        pytest.skip("no CUDA GPU visible to torch")
    import specfun.torch as sft

    x = torch.linspace(-3, 3, 1001, device="cuda")
    for dt in (torch.bfloat16, torch.float16):
        xt = x.to(dt)
        got = sft.erf(xt)
        assert got.device.type == "cuda" and got.dtype == dt
        want = specfun.erf(xt.float().cpu().numpy())
        assert torch.equal(got.cpu(), torch.from_numpy(want).to(dt))
