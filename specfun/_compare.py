"""The same function in scipy.special and torch.special, for the report and the benchmarks.

``scipy_function(name)`` / ``torch_function(name)`` return a callable with specfun's
argument order taking NumPy arrays (and Python ints for integer parameters) and
returning a NumPy array, or None where the library lacks the function.  Imports
scipy/torch only when called.
"""
from __future__ import annotations

import numpy as np

# specfun name -> (scipy attribute, adapter); the adapter reorders or fixes arguments
_SCIPY = {
    "airy_ai": ("airy", lambda f: lambda x: f(x)[0]),
    "airy_ai_prime": ("airy", lambda f: lambda x: f(x)[1]),
    "bessel_j0": ("j0", None), "bessel_j1": ("j1", None), "bessel_y0": ("y0", None), "bessel_y1": ("y1", None),
    "digamma": ("digamma", None), "entr": ("entr", None), "erf": ("erf", None), "erfc": ("erfc", None),
    "erfcx": ("erfcx", None), "erfinv": ("erfinv", None), "exp2": ("exp2", None), "expit": ("expit", None),
    "expm1": ("expm1", None), "gammaln": ("gammaln", None), "i0e": ("i0e", None), "i1e": ("i1e", None),
    "log1p": ("log1p", None), "log_ndtr": ("log_ndtr", None), "logit": ("logit", lambda f: lambda x, eps=None: f(x)),
    "modified_bessel_i0": ("i0", None), "modified_bessel_i1": ("i1", None), "modified_bessel_k0": ("k0", None),
    "modified_bessel_k1": ("k1", None), "scaled_modified_bessel_k0": ("k0e", None),
    "scaled_modified_bessel_k1": ("k1e", None), "ndtr": ("ndtr", None), "ndtri": ("ndtri", None),
    "sinc": (None, lambda _: np.sinc),  # numpy's normalized sinc (scipy.special has none)
    "spherical_bessel_j0": ("spherical_jn", lambda f: lambda x: f(0, x)),
    "spherical_bessel_j1": ("spherical_jn", lambda f: lambda x: f(1, x)),
    "xlogy": ("xlogy", None), "xlog1py": ("xlog1py", None), "zeta": ("zeta", None),
    "gammainc": ("gammainc", None), "gammaincc": ("gammaincc", None),
    "polygamma": ("polygamma", None), "multigammaln": ("multigammaln", None),
    "round": (None, lambda _: lambda x, decimals=0: np.round(x, decimals)),
    "chebyshev_polynomial_t": ("eval_chebyt", lambda f: lambda x, n: f(n, x)),
    "chebyshev_polynomial_u": ("eval_chebyu", lambda f: lambda x, n: f(n, x)),
    "shifted_chebyshev_polynomial_t": ("eval_sh_chebyt", lambda f: lambda x, n: f(n, x)),
    "shifted_chebyshev_polynomial_u": ("eval_sh_chebyu", lambda f: lambda x, n: f(n, x)),
    "hermite_polynomial_h": ("eval_hermite", lambda f: lambda x, n: f(np.asarray(n).astype(np.int64), x)),
    "hermite_polynomial_he": ("eval_hermitenorm", lambda f: lambda x, n: f(np.asarray(n).astype(np.int64), x)),
    "laguerre_polynomial_l": ("eval_laguerre", lambda f: lambda x, n: f(n, x)),
    "legendre_polynomial_p": ("eval_legendre", lambda f: lambda x, n: f(n, x)),
    "softmax": ("softmax", lambda f: lambda x, dim: f(x, axis=dim)),
    "log_softmax": ("log_softmax", lambda f: lambda x, dim: f(x, axis=dim)),
    "logsumexp": ("logsumexp", lambda f: lambda x, dim, keepdim=False: f(x, axis=dim, keepdims=keepdim)),
}

_TORCH_SPECIAL = {
    "airy_ai", "bessel_j0", "bessel_j1", "bessel_y0", "bessel_y1", "digamma", "entr", "erf", "erfc", "erfcx",
    "erfinv", "exp2", "expit", "expm1", "gammainc", "gammaincc", "gammaln", "i0", "i0e", "i1", "i1e", "log1p",
    "log_ndtr", "logit", "modified_bessel_i0", "modified_bessel_i1", "modified_bessel_k0", "modified_bessel_k1",
    "ndtr", "ndtri", "round", "scaled_modified_bessel_k0", "scaled_modified_bessel_k1", "sinc",
    "spherical_bessel_j0", "xlog1py", "xlogy", "zeta", "polygamma", "multigammaln", "softmax", "log_softmax",
    "logsumexp", "chebyshev_polynomial_t", "chebyshev_polynomial_u", "chebyshev_polynomial_v",
    "chebyshev_polynomial_w", "shifted_chebyshev_polynomial_t", "shifted_chebyshev_polynomial_u",
    "shifted_chebyshev_polynomial_v", "shifted_chebyshev_polynomial_w", "hermite_polynomial_h",
    "hermite_polynomial_he", "laguerre_polynomial_l", "legendre_polynomial_p",
}


def scipy_function(name: str):
    entry = _SCIPY.get(name)
    if entry is None:
        return None
    attr, adapt = entry
    f = None
    if attr is not None:
        import scipy.special

        f = getattr(scipy.special, attr, None)
        if f is None:
            return None
    return adapt(f) if adapt else f


def torch_function(name: str):
    """torch.special.<name> on NumPy arrays (CPU tensors in between, no copies)."""
    if name not in _TORCH_SPECIAL:
        return None
    import torch

    f = getattr(torch.special, name)

    def t(v):
        return torch.from_numpy(np.ascontiguousarray(v)) if isinstance(v, np.ndarray) else v

    if name == "polygamma":
        return lambda n, x: f(int(n), t(x)).numpy()
    if name == "multigammaln":
        return lambda x, p: f(t(x), int(p)).numpy()
    if name in ("softmax", "log_softmax"):
        return lambda x, dim: f(t(x), dim).numpy()
    if name == "logsumexp":
        return lambda x, dim, keepdim=False: f(t(x), dim, keepdim).numpy()
    if name == "logit":
        return lambda x, eps=None: f(t(x), eps).numpy()
    if name == "round":
        return lambda x, decimals=0: f(t(x), decimals=decimals).numpy()
    if name.endswith("_polynomial_" + name[-1]) and "polynomial" in name:
        return lambda x, n: f(t(x), t(np.asarray(n, dtype=np.asarray(x).dtype))).numpy()
    return lambda *args: f(*(t(a) for a in args)).numpy()
