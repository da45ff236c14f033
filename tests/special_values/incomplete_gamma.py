"""Exact special values of the incomplete gamma family (torch.special semantics)."""
import math

inf, nan = math.inf, math.nan

ROWS = [
    # domain: nan for a negative argument, for a = x = 0, and for nan in
    ("gammainc", (0.0, 0.0), nan), ("gammaincc", (0.0, 0.0), nan),
    ("gammainc", (-1.0, 1.0), nan), ("gammaincc", (-1.0, 1.0), nan),
    ("gammainc", (1.0, -1.0), nan), ("gammaincc", (1.0, -1.0), nan),
    ("gammainc", (nan, 1.0), nan), ("gammaincc", (1.0, nan), nan),
    ("gammainc", (inf, inf), nan), ("gammaincc", (inf, inf), nan),
    # x = 0 and a = 0
    ("gammainc", (2.5, 0.0), 0.0), ("gammaincc", (2.5, 0.0), 1.0),
    ("gammainc", (1e-300, 0.0), 0.0, ("float64",)), ("gammaincc", (1e5, 0.0), 1.0),
    ("gammainc", (0.0, 3.0), 1.0), ("gammaincc", (0.0, 3.0), 0.0),
    ("gammainc", (0.0, 1e-300), 1.0, ("float64",)), ("gammaincc", (0.0, inf), 0.0),
    # x = inf, a = inf
    ("gammainc", (7.0, inf), 1.0), ("gammaincc", (7.0, inf), 0.0),
    ("gammainc", (inf, 7.0), 0.0), ("gammaincc", (inf, 7.0), 1.0),
    # tails that round to exactly 0 or 1
    ("gammaincc", (1.0, 800.0), 0.0), ("gammainc", (1.0, 800.0), 1.0),
    ("gammainc", (1000.0, 1.0), 0.0), ("gammaincc", (1000.0, 1.0), 1.0),
    # the derivative in a
    ("gammainc_da", (0.0, 0.0), nan), ("gammainc_da", (-1.0, 1.0), nan), ("gammainc_da", (1.0, -1.0), nan),
    ("gammainc_da", (nan, 1.0), nan), ("gammainc_da", (1.0, nan), nan),
    ("gammainc_da", (2.0, 0.0), 0.0), ("gammainc_da", (2.0, inf), 0.0), ("gammainc_da", (inf, 2.0), 0.0),
]
