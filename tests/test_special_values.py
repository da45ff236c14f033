"""Exact special values, collected from tests/special_values/<family>.py."""
import importlib
import pkgutil

import numpy as np
import pytest

import specfun
from tests import special_values


def _rows():
    for mod in pkgutil.iter_modules(special_values.__path__):
        rows = importlib.import_module(f"tests.special_values.{mod.name}").ROWS
        for row in rows:
            name, args, expected = row[:3]
            dtypes = row[3] if len(row) > 3 else ("float64", "float32")
            for dt in dtypes:
                yield pytest.param(name, args, expected, dt, id=f"{name}{args}-{dt}")


def _same(got, want) -> bool:
    if np.isnan(want):
        return bool(np.isnan(got))
    return bool(got == want and np.signbit(got) == np.signbit(want))


@pytest.mark.parametrize("name, args, expected, dtype", list(_rows()))
def test_special_value(name, args, expected, dtype):
    fn = getattr(specfun, name)
    spec = fn.spec
    call = []
    for a, v in zip(spec.args, args):
        if a.scalar or a.keyword:
            call.append(v)
        else:
            call.append(np.array([v], dtype=dtype))
    want = np.asarray(expected, dtype=dtype)
    got = fn(*call)
    assert got.dtype == np.dtype(dtype)
    assert _same(got[0], want), f"{name}{args} [{dtype}]: got {got[0]!r}, want {want!r}"
