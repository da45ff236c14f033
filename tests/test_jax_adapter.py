"""specfun.jax: check_grads orders 1 and 2 (fwd and rev) on every differentiable function, under jit and vmap."""
from __future__ import annotations

import numpy as np
import pytest

jax = pytest.importorskip("jax")

import jax.numpy as jnp  # noqa: E402
from jax.test_util import check_grads  # noqa: E402

import specfun  # noqa: E402
from specfun._registry import REDUCTIONS, REGISTRY  # noqa: E402
from tests.test_derivatives import differentiable_args, sample_args  # noqa: E402

NAMES = sorted(n for n in REGISTRY if differentiable_args(REGISTRY[n]))
EPS = 1e-6  # central differences in float64: truncation ~1e-12, rounding ~1e-10 (JAX's 1e-4 is too coarse)


@pytest.fixture(autouse=True, scope="module")
def _x64():
    prev = jax.config.jax_enable_x64
    jax.config.update("jax_enable_x64", True)
    yield
    jax.config.update("jax_enable_x64", prev)


def _setup(spec):
    args = sample_args(spec, n=3, seed=3)
    diff = {i for i, _ in differentiable_args(spec)}
    arrays = [jnp.asarray(v) for i, v in enumerate(args) if i in diff]
    sj = specfun.jax

    def f(*xs):
        it = iter(xs)
        pos = [next(it) if i in diff else (jnp.asarray(v) if isinstance(v, np.ndarray) else v)
               for i, (a, v) in enumerate(zip(spec.args, args, strict=True)) if not a.keyword]
        kw = {a.name: v for a, v in zip(spec.args, args, strict=True) if a.keyword}
        return getattr(sj, spec.name)(*pos, **kw)

    return f, tuple(arrays)


@pytest.mark.parametrize("name", NAMES)
def test_check_grads(name):
    f, xs = _setup(REGISTRY[name])
    check_grads(f, xs, order=1, modes=("fwd", "rev"), eps=EPS)
    try:  # order 2 in reverse mode: the VJP of the VJP runs the JVP rule of every rule's functions
        check_grads(f, xs, order=2, modes=("rev",), eps=EPS)
    except NotImplementedError as exc:
        pytest.skip(f"second order not provided: {exc}")


@pytest.mark.parametrize("name", NAMES[:: max(1, len(NAMES) // 8)])
def test_jit_and_vmap(name):
    f, xs = _setup(REGISTRY[name])
    want = np.asarray(f(*xs))
    np.testing.assert_array_equal(np.asarray(jax.jit(f)(*xs)), want)
    # vmap over the differentiable arguments: one call per element, stacked
    each = np.stack([np.asarray(f(*(x[k] for x in xs))) for k in range(xs[0].shape[0])])
    np.testing.assert_array_equal(np.asarray(jax.vmap(f)(*xs)), each)
    g = jax.jit(jax.vmap(jax.grad(lambda *a: jnp.sum(f(*a)))))
    assert np.all(np.isfinite(np.asarray(g(*xs))))
    check_grads(jax.jit(f), xs, order=1, modes=("fwd", "rev"), eps=EPS)


@pytest.mark.parametrize("name", sorted(REDUCTIONS))
def test_reductions(name):
    x = jnp.asarray(np.random.default_rng(4).normal(size=(3, 4)) * 3)
    sj = specfun.jax
    dims = [0, 1, -1] if name != "logsumexp" else [0, (0, 1), ()]
    for d in dims:
        f = lambda t, d=d: getattr(sj, name)(t, d)  # noqa: E731
        check_grads(f, (x,), order=2, modes=("fwd", "rev"), eps=EPS)
        np.testing.assert_allclose(np.asarray(jax.jit(f)(x)), np.asarray(getattr(specfun, name)(np.asarray(x), d)))
        batched = jax.vmap(f)(jnp.stack([x, 2 * x]))
        np.testing.assert_array_equal(np.asarray(batched[1]), np.asarray(f(2 * x)))


def test_promotion():
    assert specfun.jax.expit(jnp.array([1, 2])).dtype == jnp.float64
    assert specfun.jax.xlogy(jnp.array([1.0], dtype=jnp.float32), 2.0).dtype == jnp.float32
