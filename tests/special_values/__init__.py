"""Special-value rows, one module per family: ``ROWS = [(name, args, expected[, dtypes]), ...]``.

``expected`` must match exactly (the sign of zero included; nan matches nan).
``dtypes`` defaults to ("float64", "float32"): arguments and expected value are
cast to each dtype first.  Rows are for exact facts (limits, poles, symmetries
at special points), not for approximate values: those live in reference_data/.
"""
