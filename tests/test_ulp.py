"""The ULP measure itself (specfun.testing.ulp_error): it is the instrument every accuracy figure uses."""
import math

import ml_dtypes
import numpy as np
import pytest

from specfun.testing import OVERFLOW, UNDERFLOW, round_to, spacing, ulp_error

BF16 = np.dtype(ml_dtypes.bfloat16)
DTYPES = [np.float64, np.float32, np.float16, BF16]


def _err(got, hi, lo=0.0, dtype=np.float64, **kw):
    r = ulp_error(np.array([got], dtype=dtype), np.array([hi]), np.array([lo]), dtype, **kw)
    return float(r.err[0]), bool(r.special[0]), bool(r.wrong_special[0])


@pytest.mark.parametrize("dtype", DTYPES)
def test_adjacent_floats_are_one_ulp_apart(dtype):
    dt = np.dtype(dtype)
    rng = np.random.default_rng(0)
    with np.errstate(all="ignore"):
        x = (rng.standard_normal(200) * np.exp(rng.uniform(-20, 20, 200))).astype(dt)
    x = x[np.isfinite(x.astype(np.float64)) & (x.astype(np.float64) != 0)]
    xf = x.astype(np.float64)
    if dt == BF16:  # no nextafter for bfloat16: step by one ULP toward +inf (smaller ULP below a power of 2)
        up = (xf + np.where(xf > 0, spacing(np.abs(xf), dt), spacing(np.abs(xf) * (1 - 2.0**-9), dt))).astype(dt)
    else:
        up = np.nextafter(x, dt.type(np.inf))
    r = ulp_error(up, x.astype(np.float64), np.zeros(len(x)), dt)
    np.testing.assert_array_equal(r.err, 1.0)
    assert not r.wrong_special.any()


def test_float64_uses_the_exact_reference():
    # want = 1 + 2^-53 (a tie): hi = 1, lo = 2^-53; got 1 is half an ULP away
    assert _err(1.0, 1.0, 2.0**-53)[0] == 0.5
    assert _err(1.0 + 2.0**-52, 1.0, 2.0**-53)[0] == 0.5
    assert _err(1.0, 1.0, 0.0)[0] == 0.0


def test_lower_dtypes_round_the_reference_first():
    # 1 + 2^-24 + tiny rounds up to 1 + 2^-23 in float32 (tie broken by lo)
    w = round_to(np.array([1.0 + 2.0**-24]), np.array([1e-30]), np.float32)
    assert w[0] == 1.0 + 2.0**-23
    w = round_to(np.array([1.0 + 2.0**-24]), np.array([-1e-30]), np.float32)
    assert w[0] == 1.0
    w = round_to(np.array([1.0 + 2.0**-24]), np.array([0.0]), np.float32)  # exact tie: to even
    assert w[0] == 1.0
    assert _err(1.0 + 2.0**-23, 1.0 + 2.0**-24, 1e-30, np.float32)[0] == 0.0
    # bfloat16 rounding is done directly (no double rounding through float32)
    w = round_to(np.array([1.0 + 2.0**-8 + 2.0**-30]), np.array([0.0]), BF16)
    assert w[0] == 1.0 + 2.0**-7


@pytest.mark.parametrize("dtype", DTYPES)
def test_subnormals(dtype):
    dt = np.dtype(dtype)
    tiny = float(spacing(0.0, dt))  # the smallest subnormal
    assert tiny == {8: 5e-324, 4: 2.0**-149, 2: (2.0**-24 if dt == np.float16 else 2.0**-133)}[dt.itemsize]
    assert _err(2 * tiny, tiny, 0.0, dt)[0] == 1.0
    assert _err(3 * tiny, tiny, 0.0, dt)[0] == 2.0
    # the ULP of every subnormal is the smallest subnormal
    assert spacing(np.array([5 * tiny]), dt)[0] == tiny


@pytest.mark.parametrize("dtype", DTYPES)
def test_signed_zeros(dtype):
    # an exact zero is special: +0 accepts either sign, -0 requires -0
    assert _err(0.0, 0.0, dtype=dtype) == (0.0, True, False)
    assert _err(-0.0, 0.0, dtype=dtype) == (0.0, True, False)
    assert _err(0.0, -0.0, dtype=dtype)[2] is True
    assert _err(-0.0, -0.0, dtype=dtype)[2] is False
    r = ulp_error(np.array([-0.0], dtype), np.array([0.0]), np.array([0.0]), dtype, strict_zero_sign=np.array([True]))
    assert r.wrong_special[0]
    # a nonzero result where the exact value is zero is a wrong special value
    assert _err(1e-30, 0.0, dtype=np.float64)[2] is True


@pytest.mark.parametrize("dtype", DTYPES)
def test_infinities_and_nan(dtype):
    assert _err(math.inf, math.inf, dtype=dtype) == (0.0, True, False)
    assert _err(-math.inf, math.inf, dtype=dtype)[2] is True
    assert _err(1.0, math.inf, dtype=dtype)[2] is True
    assert _err(math.nan, math.nan, dtype=dtype) == (0.0, True, False)
    assert _err(1.0, math.nan, dtype=dtype)[2] is True
    # a nan or inf result where the reference is finite counts as a wrong special value
    assert _err(math.nan, 1.0, dtype=dtype)[2] is True
    assert _err(math.inf, 1.0, dtype=dtype)[2] is True


def test_overflow_of_the_dtype():
    # 1e39 overflows float32: the correctly rounded result is inf (special, must match)
    assert _err(math.inf, 1e39, dtype=np.float32) == (0.0, True, False)
    assert _err(3.4028235e38, 1e39, dtype=np.float32)[2] is True
    # just below the float32 overflow threshold rounds to the largest finite float
    big = float(np.finfo(np.float32).max)
    assert _err(big, big * (1 + 2.0**-26), dtype=np.float32)[0] == 0.0
    # float64 overflow flagged in the data: hi = inf, flags OVERFLOW
    r = ulp_error(np.array([math.inf]), np.array([math.inf]), np.array([0.0]), np.float64,
                  flags=np.array([OVERFLOW], np.uint8))
    assert not r.wrong_special[0]


@pytest.mark.parametrize("dtype", DTYPES)
def test_underflow_of_the_dtype(dtype):
    dt = np.dtype(dtype)
    tiny = float(spacing(0.0, dt))
    if dt == np.float64:
        pytest.skip("float64's own underflow is flagged in the data; tested below")
    # exact value 0.3 of the smallest subnormal: rounds to 0, and 0 is the right answer (not special)
    e, special, wrong = _err(0.0, 0.3 * tiny, 0.0, dt)
    assert (special, wrong) == (False, False) and e == 0.0
    e, special, wrong = _err(tiny, 0.3 * tiny, 0.0, dt)
    assert not special and e == 1.0
    # underflow of float64 itself is flagged in the data (hi = 0, flags UNDERFLOW): not an exact zero
    r = ulp_error(np.array([0.0]), np.array([0.0]), np.array([0.0]), np.float64, flags=np.array([UNDERFLOW], np.uint8))
    assert not r.special[0] and r.err[0] == 0.0


def test_absolute_scale():
    # near a zero, the error is measured against the spacing of the scale, not of the tiny value
    r = ulp_error(np.array([1e-17]), np.array([0.0 + 2e-17]), np.array([0.0]), np.float64, scale=np.array([1.0]))
    assert r.err[0] == pytest.approx(1e-17 / 2.0**-52)
    # nan scale means relative
    r = ulp_error(np.array([2.0]), np.array([2.0 + 2 * 4.440892098500626e-16]), np.array([0.0]), np.float64,
                  scale=np.array([np.nan]))
    assert r.err[0] == 2.0


@pytest.mark.parametrize("dtype", DTYPES)
def test_spacing_matches_numpy(dtype):
    dt = np.dtype(dtype)
    if dt == BF16:
        v = np.array([1.0, 3.0, 1e30, 1e-38])
        assert list(spacing(v, dt)) == [2.0**-7, 2.0**-6, 2.0 ** (99 - 7), 2.0**-133]
        return
    v = np.array([1.0, 3.0, 1000.0, float(np.finfo(dt).tiny), float(np.finfo(dt).max) / 2], dtype=dt)
    np.testing.assert_array_equal(spacing(v.astype(np.float64), dt), np.spacing(v).astype(np.float64))
