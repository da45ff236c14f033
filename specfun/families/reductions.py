"""Reductions family: softmax, log_softmax, logsumexp (torch.special's spelling and semantics).

These are not ufuncs: each is a NumPy function reducing along ``dim``.  The
work is one Numba-compiled loop over a ``(outer, n, inner)`` view of the input
(``n`` the reduced length), compiled lazily on the first call (``import
specfun`` compiles nothing) and cached on disk.

Numerics (per slice along ``dim``, max ``m``):

* ``x_i - m`` is formed exactly as a double-word ``d_i + e_i`` (Knuth's
  TwoSum), and ``exp(x_i - m) = exp(d_i + e_i)``, so large ``|x|`` lose
  nothing to the shift;
* ``t = sum exp(x_i - m)`` over all but one maximum (the maxima are exactly 1:
  they are counted, not summed), so a dominant entry keeps full relative
  accuracy, and ``log(sum_i exp(x_i - m)) = log1p(t)``;
* ``logsumexp = m + log1p(t)``; ``softmax_i = exp(x_i - m)/(1 + t)``;
  ``log_softmax_i = (d_i - log1p(t)) + e_i`` (``d_i <= 0 <= log1p(t)``: no
  cancellation).

Speed: every loop vectorizes (512-bit vectors, call-free fma exp kernels, no
conditional stores).  Along the last axis the max comes from the integers of
the bits (two integer reductions); ``t`` is summed per chunk of 2048 by an exact
split at ``2^(E+22)`` (``E`` from the chunk's largest term: the high parts sum
exactly in any order, the low parts within ``2^-60``), chunks joined by
Fast2Sum; along other axes each pass runs over the contiguous axis with
per-column state (Fast2Sum per column), four rows a pass where nothing is stored
(the state in registers; the exps there by Estrin's scheme: four long Horner
chains a pass were latency-bound).  float32 input computes in float64 with
a shorter exp (``2^-50`` relative) and plain float64 sums (relative error
``<= n 2^-53``), rounded once: the same float32 results as the float64 path
rounded (0 mismatches on 6e7 random values).  Serial, 1e6 elements (loaded
2-core machine, ratios): 1.3-20x scipy.special everywhere; vs torch.special
with one thread about 1.05-2x for float64 ((1000, 1000) along dim 0: logsumexp
1.4-1.6x, log_softmax 1.07-1.2x, softmax 1.3-1.5x), float32 logsumexp 1.2-1.7x,
float32 softmax/log_softmax 0.75-1.05x (torch computes float32 in float32).

Special slices follow torch 2.13 exactly: a nan anywhere gives nan
(logsumexp) or a nan slice (softmax, log_softmax); an all ``-inf`` or empty
slice gives ``logsumexp = -inf`` and a nan softmax/log_softmax slice; a
``+inf`` entry gives ``logsumexp = inf`` and a nan softmax/log_softmax slice.
Measured against mpmath (50 digits; rows of 17 and 203 with |x| from 1e-3 to
1e5, rows of 5000 with a dominant max): float64 max 2 ULP (softmax, logsumexp;
logsumexp near a zero of the result with the absolute scale max|x|/16; results
below 1e-300 within n/2 subnormal spacings, each exp rounded there), 1 ULP (log_softmax); float32 0 ULP.

Dtypes: float32 and float64 results (float32 input computes in float64 and
rounds once); float16/bfloat16 compute in float32 and round once; bool and integer
inputs give float64 (specfun's promotion; torch raises for integer softmax and
uses its default float dtype for logsumexp).  ``dtype=`` casts the input first,
as torch does; it must be a floating dtype.  Complex input is a ``TypeError``.
"""
from __future__ import annotations

import math
import operator
import threading

import numpy as np

from specfun import _signatures as sg
from specfun._registry import defreduction
from specfun._targets import _chunks  # (NumPy and ctypes only: no Numba)

_LSE, _SOFTMAX, _LOG_SOFTMAX = 0, 1, 2
_CHUNK = 2048  # elements of a row processed per exp/sum chunk (scratch stays in L1/L2)


# exp on [-746, 0] without calls, so that LLVM vectorizes the loop: exp(d) = 2^k exp(r),
# k = round(d/ln 2), r = d - k ln2 (Cody-Waite, fdlibm's split of ln 2), exp(r) by its Taylor series
# to r^13/13! (remainder < 2^-57 relative on |r| <= ln2/2), 2^(k+60) built from its bits, then
# one multiplication by 2^-60 (the single rounding of a subnormal result).  Measured max 1.001 ULP
# (16000 random d in [-745, 0] with a random low word, against mpmath).
_LN2_HI = 6.93147180369123816490e-01
_LN2_LO = 1.90821492927058770002e-10
_INV_LN2 = 1.44269504088896338700e+00
_LN2 = 0.6931471805599453
_ROUND = 6755399441055744.0  # 1.5 * 2^52: (y + R) - R rounds y to an integer
# the same plus an exponent bias b: the bits of y + R are those of 1.5 2^52 + b + k, so
# (bits << 52) is the bit pattern of 2^(k + b - 1023) (the leading bits shift out)
_ROUND1083 = _ROUND + 1083.0
_ROUND1023 = _ROUND + 1023.0
_TWOM60 = 8.673617379884035e-19  # 2^-60

# Taylor coefficients of exp: 1/13!, 1/12!, ..., 1/3! (the float64 kernel's polynomial to r^13,
# remainder < 2^-57 relative on |r| <= ln2/2)
_C13, _C12, _C11 = 1.6059043836821613e-10, 2.08767569878681e-09, 2.505210838544172e-08
_C10, _C9, _C8 = 2.755731922398589e-07, 2.7557319223985893e-06, 2.48015873015873e-05
_C7, _C6, _C5 = 0.0001984126984126984, 0.001388888888888889, 0.008333333333333333
_C4, _C3 = 0.041666666666666664, 0.16666666666666666

# (e^r - 1)/r ~ H9 r^9 + ... + H0 on |r| <= ln2/2: Chebyshev fit (mpmath.chebyfit, degree 9)
_H9, _H8, _H7 = 2.7620076242527254e-07, 2.7632641110638403e-06, 2.4801521321606647e-05
_H6, _H5, _H4 = 0.0001984119064662946, 0.0013888888917197209, 0.008333333367312193
_H3, _H2, _H1, _H0 = 0.041666666666624164, 0.16666666666615645, 0.5000000000000001, 1.0000000000000013

fma = bits_f64 = f64_bits = None  # the CPU primitives (LLVM intrinsics), bound in _loop()


def _radd(s, e):
    """s + e, reassociable (compiled with fastmath reassoc): lets LLVM vectorize a plain sum."""
    return s + e


def _rowmax_bits(xi, o, n):
    """The bit pattern of the largest of the floats x[o, :n] (n >= 1), from their bits ``xi``.

    As signed integers, non-negative floats order as their values and negative ones reversed:
    the largest value is the largest integer when that is >= 0, else the smallest integer
    (two integer reductions, vectorized; a nan can come out only where no finite or
    infinite value is larger by this order: callers treat a non-finite max specially).
    """
    kmax = xi[o, 0]
    kmin = kmax
    for i in range(n):
        b = xi[o, i]
        kmax = b if b > kmax else kmax
        kmin = b if b < kmin else kmin
    return kmax if kmax >= 0 else kmin


def _special_row(x, out, o, n, mode, mx):
    """A row whose max ``mx`` is not finite (torch's values): nan present -> nan; all -inf ->
    logsumexp -inf, softmax/log_softmax nan; +inf present -> logsumexp inf, the others nan."""
    nan_seen = mx != mx
    for i in range(n):
        v = x[o, i]
        nan_seen = nan_seen or v != v
    if mode == 0:
        out[o, 0] = math.nan if nan_seen else mx
    else:
        for i in range(n):
            out[o, i] = math.nan


def _rows64(x, xi, out, mode, S, B):
    """softmax (mode 1), log_softmax (2), logsumexp (0) over the contiguous last axis of float64 ``x``.

    ``xi`` is ``x`` viewed as int64.  Per row: the max from the integers of the bits
    (vectorized); then in chunks of ``B`` the exps (vectorized; the masked values, 0 at the
    maxima, into the scratch ``S``; softmax also keeps the unmasked values in ``out``),
    each chunk summed by an exact split (vectorized), the chunks by Fast2Sum.
    """
    outer, n = x.shape
    inf = math.inf
    if n == 0:  # (softmax/log_softmax of empty rows never get here)
        for o in range(outer):
            out[o, 0] = -inf
        return
    # The max of row o + 1 is taken in row o's exp loops (its loads overlap the exp arithmetic;
    # the last row takes its own again)
    bits = _rowmax_bits(xi, 0, n)
    for o in range(outer):
        mx = bits_f64(bits)
        o2 = o + 1 if o + 1 < outer else o
        if not (mx - mx == 0.0):
            _special_row(x, out, o, n, mode, mx)
            bits = _rowmax_bits(xi, o2, n)
            continue
        kmax = xi[o2, 0]
        kmin = kmax
        # (a nan in a row with a finite max propagates through the exps into the sum: nan results)
        T = 0.0  # the sum of the chunks' exact parts (Fast2Sum), C its error
        C = 0.0
        cnt = 0
        for st in range(0, n, B):
            cn = min(B, n - st)
            # vectorized: exp(x_i - m) with x_i - m = d + lo exactly; into the scratch with the
            # maxima (exactly 1, counted) as 0; softmax also keeps the exps in the output row;
            # the largest of the others (>= 0: its bits, an integer max)
            xr = x[o, st:st + cn]
            xn = xi[o2, st:st + cn]
            kb = 0
            if mode == 1:
                orow = out[o, st:st + cn]
                for ii in range(cn):
                    v = xr[ii]
                    d = v - mx
                    bp = d - v
                    ap = d - bp
                    lo = (v - ap) + (-mx - bp)
                    p = _exp64(d, lo)
                    orow[ii] = p
                    eq = d == 0.0
                    cnt += eq
                    e = 0.0 if eq else p
                    S[ii] = e
                    be = f64_bits(e)
                    kb = be if be > kb else kb
                    b = xn[ii]
                    kmax = b if b > kmax else kmax
                    kmin = b if b < kmin else kmin
            else:
                for ii in range(cn):
                    v = xr[ii]
                    d = v - mx
                    bp = d - v
                    ap = d - bp
                    lo = (v - ap) + (-mx - bp)
                    p = _exp64(d, lo)
                    eq = d == 0.0
                    cnt += eq
                    e = 0.0 if eq else p
                    S[ii] = e
                    be = f64_bits(e)
                    kb = be if be > kb else kb
                    b = xn[ii]
                    kmax = b if b > kmax else kmax
                    kmin = b if b < kmin else kmin
            # The chunk's sum, vectorized and within 2^-60 relative: with every term e < 2^E (E from
            # the largest), sig = 2^(E+22) splits e = hi + lo exactly (hi = (e + sig) - sig, a
            # multiple of 2^(E-30), lo = e - hi, |lo| <= 2^(E-31)); the hi sum is exact in any order
            # (all partial sums are multiples of 2^(E-30) below 2^(E+11) for cn <= 2048), the lo sum
            # has error <= cn^2 2^-53 2^(E-31), below 2^-60 of the chunk's largest term (sig is
            # normal for every E, subnormal terms included: E >= -1022)
            sig = bits_f64(((kb >> 52) + 23) << 52)
            hs = 0.0
            ls = 0.0
            for ii in range(cn):
                e = S[ii]
                hi = (e + sig) - sig
                hs = _radd(hs, hi)
                ls = _radd(ls, e - hi)
            u = T + hs  # T += hs by Fast2Sum (both >= 0), the errors into C
            C += ((hs if T >= hs else T) - (u - (T if T >= hs else hs))) + ls
            T = u
        bits = kmax if kmax >= 0 else kmin
        tt = T
        comp = C
        # the other maxima (each term exactly 1) join as an exact integer
        tsum = float(cnt - 1) + (tt + comp)
        if mode == 0:
            out[o, 0] = mx + math.log1p(tsum)
        elif mode == 1:
            s = 1.0 + tsum
            rs = 1.0 / s
            for i in range(n):  # vectorized p / s: the quotient p rs corrected by its exact residual
                p = out[o, i]
                qq = p * rs
                out[o, i] = fma(fma(-qq, s, p), rs, qq)
        else:
            L = math.log1p(tsum)
            for i in range(n):
                v = x[o, i]
                d = v - mx  # (d - log sum) + lo: d <= 0 <= log sum, no cancellation
                bp = d - v
                ap = d - bp
                lo = (v - ap) + (-mx - bp)
                lo = lo if lo == lo else 0.0  # d = -inf: the result is -inf
                out[o, i] = (d - L) + lo


def _rows32(x, xi, out, mode, S, kb, kf32):
    """The float32 version of :func:`_rows64`: exps in float64 by a shorter polynomial (to r^11,
    < 2^-47 relative), the sum plain in float64 (vectorized; relative error <= n 2^-53, far
    below a float32 half ulp), results rounded once to float32.  ``S`` (length n) keeps the
    exps for softmax; ``kb``/``kf32``: one int32 and its float32 view (the max from its key).
    """
    outer, n = x.shape
    inf = math.inf
    if n == 0:
        for o in range(outer):
            out[o, 0] = -inf
        return
    # The max of row o + 1 is taken in row o's exp loop (its loads overlap the exp arithmetic;
    # the last row takes its own again)
    bits = _rowmax_bits(xi, 0, n)
    for o in range(outer):
        kb[0] = bits
        mx = np.float64(kf32[0])  # (numba's float() keeps a float32 a float32)
        o2 = o + 1 if o + 1 < outer else o
        if not (mx - mx == 0.0):
            _special_row(x, out, o, n, mode, mx)
            bits = _rowmax_bits(xi, o2, n)
            continue
        kmax = xi[o2, 0]
        kmin = kmax
        t = 0.0
        cnt = 0
        # vectorized: exp(x_i - m) (x_i - m exact or within 2^-53) and the sum without the maxima;
        # softmax keeps the exps (two copies of the loop: a store under a flag would make LLVM's
        # run-time alias check fail)
        if mode == 1:  # softmax needs only the full sum (>= 1) to 2^-40: no mask
            for i in range(n):
                p = _exp32(np.float64(x[o, i]) - mx)
                S[i] = p
                t = _radd(t, p)
                b = xi[o2, i]
                kmax = b if b > kmax else kmax
                kmin = b if b < kmin else kmin
            cnt = 1
            t -= 1.0
        else:
            for i in range(n):
                d = np.float64(x[o, i]) - mx
                p = _exp32(d)
                eq = d == 0.0
                cnt += eq
                t = _radd(t, 0.0 if eq else p)
                b = xi[o2, i]
                kmax = b if b > kmax else kmax
                kmin = b if b < kmin else kmin
        bits = kmax if kmax >= 0 else kmin
        tsum = float(cnt - 1) + t
        if mode == 0:
            out[o, 0] = mx + math.log1p(tsum)
        elif mode == 1:
            rs = 1.0 / (1.0 + tsum)
            for i in range(n):
                out[o, i] = S[i] * rs
        else:
            L = math.log1p(tsum)
            for i in range(n):
                out[o, i] = (np.float64(x[o, i]) - mx) - L


def _exp64(d, lo):
    """exp(d + lo) for d <= 0, |lo| <= ulp(d)/2, without calls (vectorizes); max 1.001 ULP measured.

    exp(d) = 2^k exp(r), k = round(d/ln 2), r = d - k ln2 + lo (Cody-Waite, fdlibm's split
    of ln 2, products exact), exp(r) by its Taylor series to r^13 (remainder < 2^-57 relative
    on |r| <= ln2/2), 2^(k+60) built from k's bits, then one multiplication by 2^-60 (the
    single rounding of a subnormal result).  d <= -746 (exp rounds to 0), -inf and nan give 0.
    """
    ok = not (d < -746.0)  # a nan propagates (nan results for its row)
    lo = lo if ok else 0.0
    y = d if ok else -746.0
    kr = fma(y, _INV_LN2, _ROUND1083)  # 1.5 2^52 + 1083 + k: k in the low bits
    kf = kr - _ROUND1083
    r = fma(-kf, _LN2_LO, fma(-kf, _LN2_HI, y)) + lo
    q = fma(_C13, r, _C12)
    q = fma(q, r, _C11)
    q = fma(q, r, _C10)
    q = fma(q, r, _C9)
    q = fma(q, r, _C8)
    q = fma(q, r, _C7)
    q = fma(q, r, _C6)
    q = fma(q, r, _C5)
    q = fma(q, r, _C4)
    q = fma(q, r, _C3)
    q = fma(q, r, 0.5)
    q = 1.0 + fma(r * r, q, r)
    return (q * bits_f64(f64_bits(kr) << 52)) * _TWOM60


def _exp32(d):
    """exp(d) for d <= 0 to 2^-50 relative (for results rounded to float32), without calls.

    As :func:`_exp64` without the low word: exp(r) = 1 + r h(r), h a degree-9 Chebyshev fit
    of (e^r - 1)/r on |r| <= ln2/2 (2^-50.6 relative, measured in mpmath), so exp(0) = 1
    exactly.  d < -700 (0 in float32, and beside the max term 1 in every sum) is evaluated
    at -700 (-inf included); a nan propagates.
    """
    y = -700.0 if d < -700.0 else d
    kr = fma(y, _INV_LN2, _ROUND1023)
    kf = kr - _ROUND1023
    r = fma(-kf, _LN2, y)  # one constant: error |k| 2.3e-17, < 2^-48 where float32 results are not 0
    h = fma(_H9, r, _H8)
    h = fma(h, r, _H7)
    h = fma(h, r, _H6)
    h = fma(h, r, _H5)
    h = fma(h, r, _H4)
    h = fma(h, r, _H3)
    h = fma(h, r, _H2)
    h = fma(h, r, _H1)
    h = fma(h, r, _H0)
    return fma(h, r, 1.0) * bits_f64(f64_bits(kr) << 52)


def _exp64e(d, lo):
    """:func:`_exp64` with the polynomial by Estrin's scheme (the same coefficients; depth 6
    instead of 12): for loops whose exps are latency-bound (the slab kernel's four rows a pass,
    one long dependency chain each: 1.25-1.29 ms -> 0.93-1.02 ms on (1000, 1000)).  The sum
    of r^2 (1/2 + r/6 + ...) is evaluated in another order (its terms below 2^-56 of the
    result, relative): results within the same bound as _exp64's, not always bit-identical to it.
    """
    ok = not (d < -746.0)  # a nan propagates (nan results for its column)
    lo = lo if ok else 0.0
    y = d if ok else -746.0
    kr = fma(y, _INV_LN2, _ROUND1083)  # 1.5 2^52 + 1083 + k: k in the low bits
    kf = kr - _ROUND1083
    r = fma(-kf, _LN2_LO, fma(-kf, _LN2_HI, y)) + lo
    r2 = r * r
    r4 = r2 * r2
    a0 = fma(_C3, r, 0.5)
    a1 = fma(_C5, r, _C4)
    a2 = fma(_C7, r, _C6)
    a3 = fma(_C9, r, _C8)
    a4 = fma(_C11, r, _C10)
    a5 = fma(_C13, r, _C12)
    b0 = fma(a1, r2, a0)
    b1 = fma(a3, r2, a2)
    b2 = fma(a5, r2, a4)
    q = fma(fma(b2, r4, b1), r4, b0)
    q = 1.0 + fma(r2, q, r)
    return (q * bits_f64(f64_bits(kr) << 52)) * _TWOM60


def _exp_dw(v, mj):
    """exp(v - mj) with v - mj = d + lo formed exactly (TwoSum), by :func:`_exp64e`."""
    d = v - mj
    bp = d - v
    ap = d - bp
    lo = (v - ap) + (-mj - bp)
    return _exp64e(d, lo)


def _acc(p, eq, j, T, C, CNT):
    """Adds p = exp(x - m) to column j's Fast2Sum (T, C); a maximum (eq: x = m, p = 1) is counted instead."""
    CNT[j] += 1.0 if eq else 0.0
    e = 0.0 if eq else p
    tj = T[j]
    u = tj + e
    C[j] += (e if tj >= e else tj) - (u - (tj if tj >= e else e))
    T[j] = u


def _acc_r(v, mj, t, c, k):
    """:func:`_acc` on a column's state held in registers: (t, c, k) after adding exp(v - mj)
    (the same operations in the same order), and the exp."""
    p = _exp_dw(v, mj)
    eq = v == mj
    k += 1.0 if eq else 0.0
    e = 0.0 if eq else p
    u = t + e  # its exact error by TwoSum (the same value as Fast2Sum's, without the ordering)
    bp = u - t
    c += (t - (u - bp)) + (e - bp)
    return u, c, k, p


def _exp_pass(x, o, n, j0, j1, M, T, C, CNT):
    """Columns j0 <= j < j1: exps and each column's Fast2Sum (T, C) and count of maxima (CNT),
    four rows a pass with the column's state in registers, vectorized over j."""
    n4 = n - n % 4
    for i in range(0, n4, 4):
        for j in range(j0, j1):
            mj = M[j]
            t, c, k, p = _acc_r(x[o, i, j], mj, T[j], C[j], CNT[j])
            t, c, k, p = _acc_r(x[o, i + 1, j], mj, t, c, k)
            t, c, k, p = _acc_r(x[o, i + 2, j], mj, t, c, k)
            t, c, k, p = _acc_r(x[o, i + 3, j], mj, t, c, k)
            T[j] = t
            C[j] = c
            CNT[j] = k
    for i in range(n4, n):
        for j in range(j0, j1):
            v = x[o, i, j]
            mj = M[j]
            p = _exp_dw(v, mj)
            eq = v == mj
            _acc(p, eq, j, T, C, CNT)


def _col_max(x, o, n, j0, j1, M):
    """M[j] = the max of column j of slab o (j0 <= j < j1), compared as floats in x's dtype: a nan
    is never taken (it propagates through its column's exps instead).  Vectorized over j, four
    rows a pass (M[j] loaded and stored once per four elements; the same comparisons in order)."""
    for j in range(j0, j1):
        M[j] = -math.inf
    n4 = n - n % 4
    for i in range(0, n4, 4):
        for j in range(j0, j1):
            mj = M[j]
            v = x[o, i, j]
            mj = v if v > mj else mj
            v = x[o, i + 1, j]
            mj = v if v > mj else mj
            v = x[o, i + 2, j]
            mj = v if v > mj else mj
            v = x[o, i + 3, j]
            M[j] = v if v > mj else mj
    for i in range(n4, n):
        for j in range(j0, j1):
            v = x[o, i, j]
            mj = M[j]
            M[j] = v if v > mj else mj


def _slab(x, out, mode, M, T, C, CNT, store, j0, j1):
    """The reductions over the middle axis of the float64 (outer, n, inner) array ``x`` (inner > 1).

    Every pass runs over the contiguous last axis j with per-column state in the
    scratch vectors (vectorized across columns): the max compared as floats (a nan is
    never taken; it propagates through its column's exps into the sum instead), then
    the exps and a Neumaier (Fast2Sum) sum per column (T, C; CNT counts the maxima, a
    float).  Without ``store`` four rows a pass, each column's (T, C, CNT) in registers
    across them (the same sums in the same order; 1.8 -> 1.3 ms for logsumexp of
    (1000, 1000) along dim 0, with :func:`_exp64e`); from 64 columns on, the max of the
    columns' second half is taken in the first half's exp pass, its memory traffic under the
    exp arithmetic (the same comparisons in the same order: 1.26-1.32 -> 1.14-1.19 ms).
    ``store``: softmax keeps the exps in ``out`` until the sums are known.  Only the columns
    ``j0 <= j < j1`` are computed (threads share the columns of one slab); the bounds are
    unsigned, so the indexing has no negative-index wraparound, which would stop the column
    loops from vectorizing (measured 5x slower with signed bounds).
    """
    outer, n = x.shape[0], x.shape[1]
    # logsumexp/log_softmax of 64 columns or more: the max of the columns' second half is taken
    # in the first half's exp pass
    W = np.uint64(0) if store or j1 - j0 < 64 or n < 4 else (j1 - j0) // np.uint64(2)
    for o in range(outer):
        if W == 0:
            _col_max(x, o, n, j0, j1, M)
        else:
            _col_max(x, o, n, j0, j0 + W, M)
            _col_max(x, o, n, j0 + 2 * W, j1, M)
            for j in range(j0 + W, j0 + 2 * W):
                M[j] = -math.inf
        for j in range(j0, j1):
            T[j] = 0.0
            C[j] = 0.0
            CNT[j] = 0.0
        # vectorized over j: exps, Fast2Sum per column, the maxima counted (two copies of the
        # loop: a store to out under a flag would make LLVM's alias check fail at run time)
        # four rows a pass: each column's (T, C, CNT) in registers across them (the same sums)
        n4 = n - n % 4
        if store:  # (four rows a pass here measured 4x slower: LLVM's alias checks fail)
            for i in range(n):
                for j in range(j0, j1):
                    v = np.float64(x[o, i, j])
                    mj = M[j]
                    p = _exp_dw(v, mj)
                    out[o, i, j] = p
                    eq = v == mj
                    _acc(p, eq, j, T, C, CNT)
        elif W == 0:
            _exp_pass(x, o, n, j0, j1, M, T, C, CNT)
        else:  # the exps of the first half with the max of the second (loads under the arithmetic)
            b0 = j0 + W
            for i in range(0, n4, 4):
                for jj in range(W):
                    a = j0 + jj
                    b = b0 + jj
                    mj = M[a]
                    t, c, k, p = _acc_r(x[o, i, a], mj, T[a], C[a], CNT[a])
                    t, c, k, p = _acc_r(x[o, i + 1, a], mj, t, c, k)
                    t, c, k, p = _acc_r(x[o, i + 2, a], mj, t, c, k)
                    t, c, k, p = _acc_r(x[o, i + 3, a], mj, t, c, k)
                    T[a] = t
                    C[a] = c
                    CNT[a] = k
                    mb = M[b]
                    v = x[o, i, b]
                    mb = v if v > mb else mb
                    v = x[o, i + 1, b]
                    mb = v if v > mb else mb
                    v = x[o, i + 2, b]
                    mb = v if v > mb else mb
                    v = x[o, i + 3, b]
                    M[b] = v if v > mb else mb
            for i in range(n4, n):
                for jj in range(W):
                    a = j0 + jj
                    b = b0 + jj
                    v = x[o, i, a]
                    mj = M[a]
                    p = _exp_dw(v, mj)
                    eq = v == mj
                    _acc(p, eq, a, T, C, CNT)
                    v = x[o, i, b]
                    mb = M[b]
                    M[b] = v if v > mb else mb
            _exp_pass(x, o, n, b0, j1, M, T, C, CNT)
        for j in range(j0, j1):
            T[j] = (CNT[j] - 1.0) + (T[j] + C[j])  # t: the sum without one maximum (CNT: a float count)
        if mode == 0:
            for j in range(j0, j1):
                out[o, 0, j] = M[j] + math.log1p(T[j])
        elif mode == 1:
            for j in range(j0, j1):
                s = 1.0 + T[j]
                T[j] = s
                C[j] = 1.0 / s
            for i in range(n):  # p / s as p rs corrected by the exact residual
                for j in range(j0, j1):
                    p = out[o, i, j]
                    qq = p * C[j]
                    out[o, i, j] = fma(fma(-qq, T[j], p), C[j], qq)
        else:
            for j in range(j0, j1):
                T[j] = math.log1p(T[j])
            for i in range(n):
                for j in range(j0, j1):
                    v = x[o, i, j]
                    mj = M[j]
                    d = v - mj  # (d - log sum) + lo: d <= 0 <= log sum, no cancellation
                    bp = d - v
                    ap = d - bp
                    lo = (v - ap) + (-mj - bp)
                    lo = lo if lo == lo else 0.0  # d = -inf: the result is -inf
                    out[o, i, j] = (d - T[j]) + lo
        _special_cols(x, out, o, n, j0, j1, mode, M)


def _special_cols(x, out, o, n, j0, j1, mode, M):
    """Columns whose max is not finite (all -inf, only nans, empty, or +inf present): torch's values."""
    for j in range(j0, j1):
        mj = M[j]
        if not (mj - mj == 0.0):
            nan_seen = False
            for i in range(n):
                v = x[o, i, j]
                nan_seen = nan_seen or v != v
            if mode == 0:
                out[o, 0, j] = math.nan if nan_seen else mj
            else:
                for i in range(n):
                    out[o, i, j] = math.nan


def _slab32(x, out, mode, M32, M, T, K, j0, j1, E):
    """The float32 version of :func:`_slab`: the column max compared as floats (a nan is never
    taken, it propagates through its column's exps into the sum instead), exps by
    :func:`_exp32`, plain float64 column sums (relative error <= n 2^-53), the maxima counted
    in ``K``.  Softmax keeps the exps of a block of W columns in the float64 scratch ``E``
    (n, W) between its sum and output passes; where ``E`` has not n rows (n too large), it
    computes them again in the output pass (the same values either way).
    Columns ``j0 <= j < j1`` only, as :func:`_slab`.
    """
    outer, n = x.shape[0], x.shape[1]
    for o in range(outer):
        _col_max(x, o, n, j0, j1, M32)
        for j in range(j0, j1):
            M[j] = np.float64(M32[j])
            T[j] = 0.0
            K[j] = 0.0
        if mode == 1 and E.shape[0] == n:  # blocks of W columns: exps kept in E (one exp per element)
            W = np.uint64(E.shape[1])
            for jb in range(j0, j1, W):
                je = min(jb + W, j1)
                for i in range(n):  # vectorized over j: the full sums, as below
                    for j in range(jb, je):
                        p = _exp32(np.float64(x[o, i, j]) - M[j])
                        E[i, j - jb] = p
                        T[j] += p
                for j in range(jb, je):
                    T[j] = 1.0 / (1.0 + (T[j] - 1.0))  # the same operations as the other path
                for i in range(n):
                    for j in range(jb, je):
                        out[o, i, j] = E[i, j - jb] * T[j]
        elif mode == 1:  # vectorized over j: the full sums (>= 1; softmax needs them to 2^-40 only)
            for i in range(n):
                for j in range(j0, j1):
                    T[j] += _exp32(np.float64(x[o, i, j]) - M[j])
            for j in range(j0, j1):
                T[j] -= 1.0
        else:  # vectorized over j: exps, plain sums without the maxima, maxima counted
            n4 = n - n % 4  # four rows a pass, each column's (T, K) in registers (the same sums)
            for i in range(0, n4, 4):
                for j in range(j0, j1):
                    mj = M[j]
                    t = T[j]
                    k = K[j]
                    d = np.float64(x[o, i, j]) - mj
                    eq = d == 0.0
                    k += 1.0 if eq else 0.0
                    p = _exp32(d)
                    t += 0.0 if eq else p
                    d = np.float64(x[o, i + 1, j]) - mj
                    eq = d == 0.0
                    k += 1.0 if eq else 0.0
                    p = _exp32(d)
                    t += 0.0 if eq else p
                    d = np.float64(x[o, i + 2, j]) - mj
                    eq = d == 0.0
                    k += 1.0 if eq else 0.0
                    p = _exp32(d)
                    t += 0.0 if eq else p
                    d = np.float64(x[o, i + 3, j]) - mj
                    eq = d == 0.0
                    K[j] = k + (1.0 if eq else 0.0)
                    p = _exp32(d)
                    T[j] = t + (0.0 if eq else p)
            for i in range(n4, n):
                for j in range(j0, j1):
                    d = np.float64(x[o, i, j]) - M[j]
                    p = _exp32(d)
                    eq = d == 0.0
                    K[j] += 1.0 if eq else 0.0
                    T[j] += 0.0 if eq else p
            for j in range(j0, j1):
                T[j] = (K[j] - 1.0) + T[j]  # t: the sum without one maximum (nan if a nan was met)
        if mode == 0:
            for j in range(j0, j1):
                out[o, 0, j] = M[j] + math.log1p(T[j])
        elif mode == 1 and E.shape[0] == n:
            pass  # done block by block above
        elif mode == 1:
            for j in range(j0, j1):
                T[j] = 1.0 / (1.0 + T[j])
            for i in range(n):
                for j in range(j0, j1):
                    out[o, i, j] = _exp32(np.float64(x[o, i, j]) - M[j]) * T[j]
        else:
            for j in range(j0, j1):
                T[j] = math.log1p(T[j])
            for i in range(n):
                for j in range(j0, j1):
                    out[o, i, j] = (np.float64(x[o, i, j]) - M[j]) - T[j]
        _special_cols(x, out, o, n, j0, j1, mode, M)


# Each kernel runs as the loop of the native chunk driver (specfun._targets._chunks): a C
# function called once per piece, whose arrays it builds from the addresses in ``data``.  The
# pool's threads (spinning ones at once) and the calling thread take pieces from a shared
# counter without the GIL, as the elementwise ufuncs' chunks; a Python thread pool with
# futures cost ~100-180 us a call to wake and join (softmax, float64, (1000, 1000): 825 us on
# two threads against 650 for half the rows on one).  The loops allocate nothing: each piece
# takes one of the call's scratch slots (as many as threads can run its pieces at once), so
# their machine code loads from the loop cache without Numba (specfun._targets._objcache.native)
# and a failed allocation is a MemoryError in the caller, not in a C callback.
# data: outer, n, inner, mode, x's address, out's address, _E_BYTES, _E_ROWS_MAX, the scratch's
# address, words per slot, slots, the slots' busy flags' address; then (o0, o1, j0, j1) per piece
_P_HEAD = 12
# bound in _build()
_rows64_nb = _rows32_nb = _slab_nb = _slab32_nb = carray = pointer_at = _cas = _store_release = None


def _scratch_words(slab, f32, mode, n, inner, e_cols):
    """Words (8 bytes) of scratch one piece uses: rows, float64: a chunk of exps; float32: the
    row's exps for softmax, and one word for the max's key; slabs: four per column, and the
    float32 softmax's kept exps (n rows of ``e_cols``)."""
    if slab:
        return 4 * inner + n * e_cols
    if f32:
        return (n if mode == _SOFTMAX else 1) + 1
    return max(1, min(n, _CHUNK))


def _e_cols(n, cols, e_bytes):
    """Columns of kept float32 softmax exps a block of ``cols`` columns takes (n rows, <= e_bytes)."""
    return max(_COL_ALIGN, min(cols, e_bytes // (8 * n)) // _COL_ALIGN * _COL_ALIGN)


def _take_slot(data):
    """The address of a scratch slot no other thread holds (there are as many as threads can
    run this call's pieces at once, so one is free), marked busy."""
    while True:
        for s in range(data[10]):
            if _cas(data[11] + 8 * s, 0, 1) == 0:
                return s


def _piece_rows64(args, dims, steps, data):
    """Pieces ``args[0] ..`` (rows o0 <= o < o1) of a float64 reduction over the last axis."""
    n, mode = data[1], data[3]
    m = 1 if mode == _LSE else n
    b = max(1, min(n, _CHUNK))
    s = _take_slot(data)
    S = carray(pointer_at(data[8] + 8 * data[9] * s, np.float64), (b,))
    for p in range(args[0], args[0] + dims[0]):
        o0, o1 = data[_P_HEAD + 4 * p], data[_P_HEAD + 4 * p + 1]
        x = carray(pointer_at(data[4] + 8 * o0 * n, np.float64), (o1 - o0, n))
        xi = carray(pointer_at(data[4] + 8 * o0 * n, np.int64), (o1 - o0, n))
        out = carray(pointer_at(data[5] + 8 * o0 * m, np.float64), (o1 - o0, m))
        _rows64_nb(x, xi, out, mode, S, b)
    _store_release(data[11] + 8 * s, 0)


def _piece_rows32(args, dims, steps, data):
    """:func:`_piece_rows64` for float32."""
    n, mode = data[1], data[3]
    m = 1 if mode == _LSE else n
    ns = n if mode == _SOFTMAX else 1
    s = _take_slot(data)
    slot = data[8] + 8 * data[9] * s
    S = carray(pointer_at(slot, np.float64), (ns,))
    kb = carray(pointer_at(slot + 8 * ns, np.int32), (1,))
    kf = carray(pointer_at(slot + 8 * ns, np.float32), (1,))
    for p in range(args[0], args[0] + dims[0]):
        o0, o1 = data[_P_HEAD + 4 * p], data[_P_HEAD + 4 * p + 1]
        x = carray(pointer_at(data[4] + 4 * o0 * n, np.float32), (o1 - o0, n))
        xi = carray(pointer_at(data[4] + 4 * o0 * n, np.int32), (o1 - o0, n))
        out = carray(pointer_at(data[5] + 4 * o0 * m, np.float32), (o1 - o0, m))
        _rows32_nb(x, xi, out, mode, S, kb, kf)
    _store_release(data[11] + 8 * s, 0)


def _piece_slab64(args, dims, steps, data):
    """Pieces (slices o0 <= o < o1, columns j0 <= j < j1) of a float64 reduction over the
    middle axis of (outer, n, inner), inner > 1."""
    n, inner, mode = data[1], data[2], data[3]
    m = 1 if mode == _LSE else n
    s = _take_slot(data)
    slot = data[8] + 8 * data[9] * s
    M = carray(pointer_at(slot, np.float64), (inner,))
    T = carray(pointer_at(slot + 8 * inner, np.float64), (inner,))
    C = carray(pointer_at(slot + 16 * inner, np.float64), (inner,))
    CNT = carray(pointer_at(slot + 24 * inner, np.float64), (inner,))
    for p in range(args[0], args[0] + dims[0]):
        q = _P_HEAD + 4 * p
        o0, o1, j0, j1 = data[q], data[q + 1], data[q + 2], data[q + 3]
        x = carray(pointer_at(data[4] + 8 * o0 * n * inner, np.float64), (o1 - o0, n, inner))
        out = carray(pointer_at(data[5] + 8 * o0 * m * inner, np.float64), (o1 - o0, m, inner))
        _slab_nb(x, out, mode, M, T, C, CNT, mode == _SOFTMAX, np.uint64(j0), np.uint64(j1))
    _store_release(data[11] + 8 * s, 0)


def _piece_slab32(args, dims, steps, data):
    """:func:`_piece_slab64` for float32; softmax keeps the exps of up to ``_E_BYTES`` of
    columns in the slot (computed once, not twice) where n <= ``_E_ROWS_MAX`` (both read
    from ``data``; the caller passes 0 rows when the pieces run on several threads)."""
    n, inner, mode, e_bytes, e_rows = data[1], data[2], data[3], data[6], data[7]
    m = 1 if mode == _LSE else n
    s = _take_slot(data)
    slot = data[8] + 8 * data[9] * s
    M32 = carray(pointer_at(slot, np.float32), (inner,))
    M = carray(pointer_at(slot + 8 * inner, np.float64), (inner,))
    T = carray(pointer_at(slot + 16 * inner, np.float64), (inner,))
    K = carray(pointer_at(slot + 24 * inner, np.float64), (inner,))
    for p in range(args[0], args[0] + dims[0]):
        q = _P_HEAD + 4 * p
        o0, o1, j0, j1 = data[q], data[q + 1], data[q + 2], data[q + 3]
        x = carray(pointer_at(data[4] + 4 * o0 * n * inner, np.float32), (o1 - o0, n, inner))
        out = carray(pointer_at(data[5] + 4 * o0 * m * inner, np.float32), (o1 - o0, m, inner))
        w = _e_cols(n, j1 - j0, e_bytes) if mode == _SOFTMAX and 0 < n <= e_rows else 0
        E = carray(pointer_at(slot + 32 * inner, np.float64), (n if w else 0, max(w, 1)))
        _slab32_nb(x, out, mode, M32, M, T, K, np.uint64(j0), np.uint64(j1), E)
    _store_release(data[11] + 8 * s, 0)


_LOOPS = {}
_compile_lock = threading.Lock()
_PIECES = {"rows64": _piece_rows64, "rows32": _piece_rows32, "slab64": _piece_slab64, "slab32": _piece_slab32}


def _loop(which, dtype):
    """The address of the piece loop ``which`` ("rows" or "slab") for float32/float64 arrays:
    machine code from the loop cache, or the four compiled with Numba (and stored there)."""
    key = which + ("32" if dtype == np.float32 else "64")
    address = _LOOPS.get(key)
    if address is None:
        with _compile_lock:
            if not _LOOPS:
                from specfun._targets import _objcache

                _LOOPS.update(_objcache.native("reductions", ("families/reductions.py", "_targets/_chunks_native.py"),
                                               _build))
            address = _LOOPS[key]
    return address


def _build() -> dict:
    """The four piece loops compiled with Numba (C functions), their helpers and kernels
    compiled in place of the Python functions."""
    from specfun._targets import cache

    cache.configure()
    import numba
    from numba import types as nt

    from specfun._targets import _chunks_native
    from specfun._targets.cpu import SCALARS, wide_vectors

    g = globals()
    if g["carray"] is None:
        for name in ("fma", "bits_f64", "f64_bits"):
            g[name] = SCALARS.get(name)  # the CPU's native primitives
        g["carray"] = numba.carray
        for name in ("pointer_at", "_cas", "_store_release"):
            g[name] = getattr(_chunks_native, name)
        g["_radd"] = numba.njit(fastmath={"reassoc"}, nogil=True)(_radd)
        for name in ("_exp64", "_exp64e", "_exp32", "_exp_dw", "_rowmax_bits", "_acc", "_acc_r", "_exp_pass",
                     "_col_max", "_e_cols"):
            g[name] = numba.njit(inline="always", nogil=True)(g[name])
        for name in ("_special_row", "_special_cols", "_take_slot"):
            g[name] = numba.njit(nogil=True)(g[name])
        for name in ("_rows64", "_rows32", "_slab", "_slab32"):
            g[name + "_nb"] = numba.njit(nogil=True, boundscheck=False)(g[name])
    p = nt.CPointer(nt.int64)
    # not Numba's cache: the loop cache keeps the machine code, emitted from the compiled IR
    # (a library Numba loads from its cache has none)
    with wide_vectors(512):  # 512-bit vectors, as the inline=True ufunc loops
        return {k: numba.cfunc(nt.void(p, p, p, p), boundscheck=False)(f) for k, f in _PIECES.items()}


# float32 softmax over a leading axis keeps the exps of (n, W) columns, up to 8 MB: (1000, 1000)
# in one block, 1.09-1.15x faster than computing them twice; L2-sized blocks (W = 128) measured
# 0.85x (each block's short column loops pay their setup again)
_E_BYTES = 1 << 23
_E_ROWS_MAX = 1 << 16    # up to n = 2^16 (E of 16 columns: 8 MB); beyond, the exps are computed twice
# elements: below this a second thread costs more than it saves (two threads over one, rows of
# 256 or a (256, m) slab: 0.43-0.82x at 2^13, 0.60-1.05x at 2^14, 0.82-1.22x at 2^15, 1.02-1.46x
# at 2^16, 1.25-1.88x at 2^17; float32 softmax is the last to gain)
_PARALLEL_MIN = 1 << 16
_PIECES_PER_THREAD = 4   # slices taken from a shared counter, so a late thread's share is taken over
_COL_ALIGN = 16          # column blocks in multiples of 16 elements (whole 64-byte lines for float32)


def _pieces(outer, inner, threads):
    """The independent pieces of an (outer, n, inner) reduction, flat (o0, o1, j0, j1, ...):
    ranges of the outer axis when it has enough slices to share, else (reductions along a
    leading axis, e.g. dim=0) blocks of columns, which the slab kernels compute independently."""
    k = threads * _PIECES_PER_THREAD
    if outer >= k or inner == 1:
        k = min(outer, k)
        ob = [outer * i // k for i in range(k + 1)]  # (np.linspace here cost 30 us a call)
        return [v for i in range(k) for v in (ob[i], ob[i + 1], 0, inner)]
    # one block of columns per thread: (1, 1000, 1000) float64 softmax on two threads took
    # 1.21 ms in 2 blocks, 1.32 in 4, 1.65 in 8 (narrow blocks read x in short strided runs)
    blocks = -(-inner // _COL_ALIGN)
    k = max(1, min(threads // max(outer, 1), blocks))
    jb = [min(inner, _COL_ALIGN * (blocks * i // k)) for i in range(k + 1)]
    return [v for o in range(outer) for i in range(k) for v in (o, o + 1, jb[i], jb[i + 1])]


# One-piece calls (the small ones) on a thread reuse that thread's data array: its header's
# fixed words and its one slot's address stay, so a call writes the arrays' addresses and the
# shape (softmax of 10 elements ~5.5 -> ~4 us).  Up to _KEEP_WORDS of scratch (512 KB a thread).
_KEEP_WORDS = 1 << 16
_tls = threading.local()


def _one_piece_data():
    """(data, its address) for one piece: the header (E_BYTES, one slot, the slot's and its
    flag's addresses filled in), the piece (0, outer, 0, inner), the flag, then the slot."""
    data = np.zeros(_P_HEAD + 5 + _KEEP_WORDS, np.int64)
    da = _chunks.address(data)
    data[6], data[8], data[10], data[11] = _E_BYTES, da + 8 * (_P_HEAD + 5), 1, da + 8 * (_P_HEAD + 4)
    return data, da


def _run(name, x3, mode):
    """The reduction ``mode`` of the C-contiguous (outer, n, inner) array ``x3`` along its middle axis.

    The pieces are independent (whole rows, or whole columns of a slab): the same kernel on the
    same elements whichever thread takes them, so results are bit-identical to one thread."""
    outer, n, inner = x3.shape
    dt = x3.dtype
    out = np.empty((outer, 1 if mode == _LSE else n, inner), dt)
    if out.size == 0 and not (mode == _LSE and outer * inner):
        return out
    pieces = None
    if x3.size >= _PARALLEL_MIN:
        from specfun._targets import parallel

        threads = parallel.num_threads()
        if threads >= 2:
            pieces = _pieces(outer, inner, threads)
            if len(pieces) < 8:
                pieces = None
    if pieces is None:
        pieces, slots = [0, outer, 0, inner], 1
    else:
        slots = min(threads, len(pieces) // 4)
    slab, f32 = inner > 1, dt == np.float32
    # float32 softmax along a leading axis keeps its exps on one thread (1.10x); on two, whose
    # memory traffic the scratch adds to, computing them twice measured 1.08x faster
    e_rows = _E_ROWS_MAX if slots == 1 else 0
    e_cols = _e_cols(n, inner, _E_BYTES) if slab and f32 and mode == _SOFTMAX and 0 < n <= e_rows else 0
    words = _scratch_words(slab, f32, mode, n, inner, e_cols)
    loop = _loop("slab" if slab else "rows", dt.type)
    if slots == 1 and words <= _KEEP_WORDS:  # this thread's own data array, kept between calls
        d = getattr(_tls, "data", None)
        if d is None:
            d = _tls.data = _one_piece_data()
        data = d[0]
        data[:6] = (outer, n, inner, mode, _chunks.address(x3), _chunks.address(out))
        data[7], data[9], data[_P_HEAD + 1], data[_P_HEAD + 3] = e_rows, words, outer, inner
        _chunks.call_loop(loop, d[1])
        return out
    # data: the header, the pieces, the slots' flags, then the slots (untouched pages cost nothing)
    head = [outer, n, inner, mode, _chunks.address(x3), _chunks.address(out), _E_BYTES, e_rows, 0, words, slots, 0,
            *pieces, *([0] * slots)]
    data = np.empty(len(head) + slots * words, np.int64)
    data[:len(head)] = head
    da = _chunks.address(data)
    data[8] = da + 8 * len(head)  # the slots
    data[11] = da + 8 * (len(head) - slots)  # their flags
    if slots == 1:
        _chunks.call_loop(loop, da)
    else:
        parallel.run_block(_chunks.pieces_block(len(pieces) // 4, loop, da))
    return out


# ---------------------------------------------------------------------------
# argument handling

def _as_array(name, x):
    """(NumPy array, torch-wrapper or None) for the input."""
    back = None
    if type(x).__module__.startswith("torch"):
        import torch

        if x.is_cuda:
            raise TypeError(f"{name}: CUDA tensors are not supported here; use specfun.torch.{name} "
                            f"or torch.special.{name}")
        t = x.detach()
        if t.dtype.is_complex:
            raise TypeError(f"{name}: unsupported dtype {t.dtype}; expected a real dtype")
        if t.dtype == torch.bfloat16:
            arr = t.view(torch.int16).numpy().view(sg.BF16) if sg.BF16 is not None else t.float().numpy()
        else:
            arr = t.numpy()
        back = _to_torch
        return arr, back
    if isinstance(x, complex):
        raise TypeError(f"{name}: unsupported dtype complex; expected a real (bool, integer or floating) dtype")
    try:
        arr = np.asarray(x)
    except Exception as exc:
        raise TypeError(f"{name}: input is not array-like: {exc}") from None
    sg.check_dtype(name, "input", arr.dtype)
    return arr, back


def _to_torch(arr):
    import torch

    if sg.BF16 is not None and arr.dtype == sg.BF16:
        return torch.from_numpy(np.ascontiguousarray(arr).view(np.int16)).view(torch.bfloat16)
    return torch.from_numpy(np.ascontiguousarray(arr))


def _dtype_arg(name, dtype):
    if dtype is None:
        return None
    if type(dtype).__module__.startswith("torch"):
        import torch

        if dtype == torch.bfloat16:
            if sg.BF16 is None:
                raise TypeError(f"{name}: bfloat16 needs ml_dtypes")
            return sg.BF16
        dtype = str(dtype).replace("torch.", "")
    try:
        dt = np.dtype(dtype)
    except TypeError:
        raise TypeError(f"{name}: dtype must be a floating dtype, got {dtype!r}") from None
    if not (dt.kind == "f" or (sg.BF16 is not None and dt == sg.BF16)):
        raise TypeError(f"{name}: dtype must be a floating dtype (float16, bfloat16, float32, float64), "
                        f"got {dt}")
    return dt


def _compute_dtype(arr_dtype):
    """(compute dtype, result dtype) by specfun's promotion."""
    loop = sg.resolve(arr_dtype)
    return loop.compute, loop.result


def _norm_dim(name, d, ndim):
    if isinstance(d, bool) or d is None:
        raise TypeError(f"{name}: dim must be an int, got {d!r}")
    try:
        d = operator.index(d)
    except TypeError:
        raise TypeError(f"{name}: dim must be an int, got {type(d).__name__} {d!r}") from None
    lo, hi = (-1, 0) if ndim == 0 else (-ndim, ndim - 1)
    if not lo <= d <= hi:
        raise IndexError(f"{name}: dimension out of range (expected to be in range of [{lo}, {hi}], but got {d})")
    return d % max(ndim, 1) if ndim else 0


def _prepare(name, x, dtype):
    arr, back = _as_array(name, x)
    if dtype is not None:
        arr = arr.astype(dtype)
    compute, result = _compute_dtype(arr.dtype)
    if arr.dtype != compute:
        arr = arr.astype(compute)
    return arr, compute, result, back


def _three(arr, axes):
    """A C-contiguous (outer, n, inner) view (a copy only when the reduced axes are not adjacent)."""
    nd = arr.ndim
    axes = sorted(axes)
    if axes and axes != list(range(axes[0], axes[-1] + 1)):
        rest = [a for a in range(nd) if a not in axes]
        arr = np.transpose(arr, rest + axes)
        axes = list(range(nd - len(axes), nd))
    if not arr.flags.c_contiguous:
        arr = np.ascontiguousarray(arr)
    shape = arr.shape
    if not axes:
        return arr.reshape(-1, 1, 1), shape
    a0, a1 = axes[0], axes[-1] + 1
    outer = math.prod(shape[:a0])
    n = math.prod(shape[a0:a1])
    inner = math.prod(shape[a1:])
    return arr.reshape(outer, n, inner), shape


def _finish(res, result, back):
    if res.dtype != result:
        res = res.astype(result)
    if back is not None:
        return back(res)
    return res[()] if res.ndim == 0 else res



def _is_dask(x) -> bool:
    return type(x).__module__.startswith("dask.")


def _dask_reduce(name, x, dims, keepdim, dtype, block_fn):
    """A lazy dask result: the reduced dims rechunked into one chunk, then ``block_fn`` per block.

    Each block holds whole slices along ``dims``, so every block computes exactly
    what the NumPy call computes on those slices (bit-identical to it).
    """
    nd = x.ndim
    dims = sorted(_norm_dim(name, d, nd) for d in dims)
    dt = _dtype_arg(name, dtype)
    _, result = _compute_dtype(np.dtype(dt) if dt is not None else x.dtype)
    if nd == 0:
        return x.map_blocks(block_fn, dtype=result)
    xs = x.rechunk({d: -1 for d in dims})
    if keepdim:
        chunks = tuple((1,) if a in dims else c for a, c in enumerate(xs.chunks))
        return xs.map_blocks(block_fn, dtype=result, chunks=chunks)
    return xs.map_blocks(block_fn, dtype=result, drop_axis=dims)


_FAST_DTYPES = (np.dtype(np.float64), np.dtype(np.float32))


def _fast3(x, dim):
    """The (outer, n, inner) view of ``x`` along ``dim`` for the common call (a C-contiguous
    float64/float32 NumPy array of ndim >= 1 and an int dim in range: nothing to convert or
    check), else None for the general path (a call's overhead 5.4 -> ~3.5 us)."""
    if type(x) is np.ndarray and type(dim) is int and x.dtype in _FAST_DTYPES and x.flags.c_contiguous:
        shape = x.shape
        nd = len(shape)
        if nd and -nd <= dim < nd:
            d = dim % nd
            return x.reshape(math.prod(shape[:d]), shape[d], math.prod(shape[d + 1:]))
    return None


def _softmax_like(name, mode, x, dim, dtype):
    if dtype is None:
        x3 = _fast3(x, dim)
        if x3 is not None:
            return _run(name, x3, mode).reshape(x.shape)
    if _is_dask(x):  # lazy: one task per block of whole slices
        return _dask_reduce(name, x, [dim], True, dtype,
                            lambda b: _softmax_like(name, mode, b, dim, dtype))
    dt = _dtype_arg(name, dtype)
    arr, compute, result, back = _prepare(name, x, dt)
    nd = arr.ndim
    d = _norm_dim(name, dim, nd)
    if nd == 0:
        arr = arr.reshape(1)
    x3, shape = _three(arr, [d])
    res = _run(name, x3, mode).reshape(shape)
    if nd == 0:
        res = res.reshape(())
    return _finish(res, result, back)


# ---------------------------------------------------------------------------
# vector-Jacobian products, written once for NumPy, torch and JAX arrays

def _sum(a, dim, keepdim=True):
    if type(a).__module__.startswith("torch"):
        return a.sum(dim=dim, keepdim=keepdim)
    return a.sum(axis=dim, keepdims=keepdim)


def _exp(a):
    mod = type(a).__module__
    if mod.startswith("torch"):
        return a.exp()
    if mod.startswith("jax"):
        import jax.numpy as jnp

        return jnp.exp(a)
    return np.exp(a)


def _dims(dim, ndim):
    if isinstance(dim, (tuple, list)):
        if len(dim) == 0:
            return tuple(range(ndim))
        return tuple(sorted(int(d) % max(ndim, 1) for d in dim)) if ndim else ()
    return (int(dim) % max(ndim, 1),) if ndim else ()


def _vjp_softmax(g, x, out, dim, keepdim=False):
    """softmax: g -> y (g - sum(g y))."""
    dims = _dims(dim, out.ndim)
    if not dims:  # 0-d: softmax is constant 1 (or nan)
        return g * 0.0
    return out * (g - _sum(g * out, dims))


def _vjp_log_softmax(g, x, out, dim, keepdim=False):
    """log_softmax: g -> g - softmax sum(g)."""
    dims = _dims(dim, out.ndim)
    if not dims:
        return g * 0.0
    return g - _exp(out) * _sum(g, dims)


def _vjp_logsumexp(g, x, out, dim, keepdim=False):
    """logsumexp: g -> g exp(x - out), broadcast back over the reduced dims."""
    dims = _dims(dim, x.ndim)
    if not keepdim and dims:
        for d in dims:  # ascending: re-insert the reduced dims
            if type(g).__module__.startswith("torch"):
                g, out = g.unsqueeze(d), out.unsqueeze(d)
            else:
                import numpy as _np

                xp = _np
                if type(g).__module__.startswith("jax"):
                    import jax.numpy as xp
                g, out = xp.expand_dims(g, d), xp.expand_dims(out, d)
    return g * _exp(x - out)


# ---------------------------------------------------------------------------
# the public functions

@defreduction(
    "softmax",
    vjp=_vjp_softmax,
    doc=r"""
    Softmax along ``dim``: :math:`e^{x_i} / \sum_j e^{x_j}`.

    ``softmax(input, dim, *, dtype=None)`` as torch.special.softmax.  The max is
    subtracted exactly (double-word difference), so any finite input works.
    ``dtype=`` casts the input first (a floating dtype).  A slice holding nan,
    ``+inf``, or only ``-inf`` gives nan (as torch).  Integer input gives
    float64 (torch raises).

    Examples
    --------
    >>> import specfun
    >>> [round(float(v), 6) for v in specfun.softmax([0.0, 1.0], 0)]
    [0.268941, 0.731059]
    """,
)
def softmax(input, dim, *, dtype=None):  # noqa: A002  (torch's spelling)
    return _softmax_like("softmax", _SOFTMAX, input, dim, dtype)


@defreduction(
    "log_softmax",
    vjp=_vjp_log_softmax,
    doc=r"""
    Log of the softmax along ``dim``: :math:`x_i - \log\sum_j e^{x_j}`.

    ``log_softmax(input, dim, *, dtype=None)`` as torch.special.log_softmax;
    computed as :math:`(x_i - m) - \log(1 + t)` with :math:`m` the max, so the
    two terms never cancel.  Special slices as :func:`softmax`.

    Examples
    --------
    >>> import specfun
    >>> float(specfun.log_softmax([0.0, 0.0], 0)[0]) == -0.6931471805599453
    True
    """,
)
def log_softmax(input, dim, *, dtype=None):  # noqa: A002
    return _softmax_like("log_softmax", _LOG_SOFTMAX, input, dim, dtype)


@defreduction(
    "logsumexp",
    vjp=_vjp_logsumexp,
    doc=r"""
    :math:`\log\sum_i e^{x_i}` over ``dim`` (an int or a tuple of ints).

    ``logsumexp(input, dim, keepdim=False)`` as torch.special.logsumexp.  An
    all ``-inf`` or empty slice gives ``-inf``; ``+inf`` present gives ``inf``;
    nan present gives nan.  ``dim=()`` reduces every dimension (torch 2.13
    raises there).  Computed as :math:`m + \operatorname{log1p}(t)` with the max
    :math:`m` left out of the compensated sum :math:`t`.

    Examples
    --------
    >>> import specfun
    >>> float(specfun.logsumexp([1000.0, 1000.0], 0)) == 1000.0 + 0.6931471805599453
    True
    """,
)
def logsumexp(input, dim, keepdim=False):  # noqa: A002
    name = "logsumexp"
    x3 = _fast3(input, dim)
    if x3 is not None:
        res = _run(name, x3, _LSE)
        d = dim % input.ndim
        shape = input.shape
        res = res.reshape(shape[:d] + (1,) + shape[d + 1:] if keepdim else shape[:d] + shape[d + 1:])
        return res[()] if res.ndim == 0 else res
    if _is_dask(input):  # lazy: one task per block of whole slices
        dims = list(dim) if isinstance(dim, (tuple, list)) else [dim]
        if len(dims) == 0:
            dims = list(range(input.ndim))
        return _dask_reduce(name, input, dims, keepdim, None, lambda b: logsumexp(b, dim, keepdim))
    arr, compute, result, back = _prepare(name, input, None)
    nd = arr.ndim
    if isinstance(dim, (tuple, list)):
        dims = [_norm_dim(name, d, nd) for d in dim]
        if len(set(dims)) != len(dims):
            raise ValueError(f"{name}: dim {sorted(dims)} appears multiple times in the list of dims")
        if not dims:
            dims = list(range(nd))
    else:
        dims = [_norm_dim(name, dim, nd)]
    if nd == 0:
        res = arr.astype(compute).reshape(())
        return _finish(res.copy(), result, back)
    x3, shape = _three(arr, dims)
    res = _run(name, x3, _LSE)
    keep_shape = tuple(1 if a in dims else s for a, s in enumerate(arr.shape))
    res = res.reshape(keep_shape)
    if not keepdim:
        res = res.reshape(tuple(s for a, s in enumerate(arr.shape) if a not in dims))
    return _finish(res, result, back)
