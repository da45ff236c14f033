"""Process an on-disk array larger than memory with specfun and dask, chunk by chunk.

    python examples/larger_than_memory.py --gib 28 --dir /data/scratch

makes a float32 array of shape (rows, 64) and ``--gib`` GiB in a memory-mapped file,
then, lazily and in chunks of rows, writes ``ndtr(x)`` to a second memory-mapped file
of the same size and ``logsumexp(x, dim=1)`` (one value per row) to a third.  Only a
few chunks are in memory at any time, so ``--gib`` may exceed the machine's RAM; the
files need about ``2 * gib`` GiB of disk.  At the end a sample of chunks is recomputed
in memory and compared bit for bit.
"""
from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

import numpy as np

COLS = 64


class OnDisk:
    """A raw file on disk that dask reads and writes block by block.

    ``da.from_array`` copies anything array-like that has ``.copy()`` (a memmap
    included: the whole file would be read into memory), so dask gets this
    minimal object instead: shape, dtype, ``__getitem__`` reading only the requested
    block, and ``__setitem__`` (for ``da.store``) writing one block and dropping its
    mapping, so written pages do not pile up in this process.
    """

    def __init__(self, path: Path, shape: tuple, dtype, create: bool = False):
        self.path, self.shape, self.dtype, self.ndim = path, shape, np.dtype(dtype), len(shape)
        if create:
            with open(path, "wb") as f:
                f.truncate(int(np.prod(shape)) * self.dtype.itemsize)

    def _map(self, mode):
        return np.memmap(self.path, dtype=self.dtype, mode=mode, shape=self.shape)

    def __getitem__(self, idx):
        return np.array(self._map("r")[idx])

    def __setitem__(self, idx, value):
        mm = self._map("r+")
        mm[idx] = value
        mm.flush()
        del mm


def make_input(path: Path, rows: int, block: int) -> np.memmap:
    """Random normal float32 rows written block by block (plain writes: no dirty mapping)."""
    rng = np.random.default_rng(0)
    with open(path, "wb") as f:
        for lo in range(0, rows, block):
            hi = min(rows, lo + block)
            f.write((rng.standard_normal((hi - lo, COLS), dtype=np.float32) * 3).tobytes())
    return np.memmap(path, dtype=np.float32, mode="r", shape=(rows, COLS))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gib", type=float, default=1.0, help="size of the input array in GiB")
    ap.add_argument("--dir", default=".", help="where the three memory-mapped files go")
    ap.add_argument("--chunk-rows", type=int, default=1 << 20,
                    help="rows per dask chunk (256 MiB at 64 float32 columns)")
    ap.add_argument("--keep", action="store_true", help="keep the files")
    args = ap.parse_args(argv)

    import dask
    import dask.array as da

    import specfun

    rows = int(args.gib * 2**30) // (4 * COLS)
    d = Path(args.dir)
    d.mkdir(parents=True, exist_ok=True)
    paths = [d / f"specfun_{n}.f32" for n in ("x", "ndtr", "lse")]
    t = time.perf_counter()
    x_mm = make_input(paths[0], rows, args.chunk_rows)
    gib = rows * COLS * 4 / 2**30
    print(f"input {rows} x {COLS} float32 ({gib:.1f} GiB) written in {time.perf_counter() - t:.0f} s")

    x = da.from_array(OnDisk(paths[0], (rows, COLS), np.float32), chunks=(args.chunk_rows, COLS))
    p = specfun.ndtr(x)                 # lazy, elementwise: one kernel call per chunk
    lse = specfun.logsumexp(x, 1)       # lazy reduction along the short axis
    assert isinstance(p, da.Array) and p.dtype == np.float32 and lse.shape == (rows,)

    p_out = OnDisk(paths[1], (rows, COLS), np.float32, create=True)
    lse_out = OnDisk(paths[2], (rows,), np.float32, create=True)
    t = time.perf_counter()
    with dask.config.set(scheduler="threads"):  # specfun's loops release the GIL
        da.store([p, lse], [p_out, lse_out], lock=False)  # blocks never overlap
    secs = time.perf_counter() - t
    print(f"ndtr + logsumexp over {rows * COLS:.3g} elements in {secs:.0f} s "
          f"({rows * COLS / secs / 1e6:.0f} Melem/s, I/O included)")

    rng = np.random.default_rng(1)
    starts = rng.integers(0, max(1, rows - 1000), 8)
    for lo in starts:
        blk = np.asarray(x_mm[lo:lo + 1000])
        assert np.array_equal(p_out[lo:lo + 1000], specfun.ndtr(blk))
        assert np.array_equal(lse_out[lo:lo + 1000], specfun.logsumexp(blk, 1))
    print("sampled chunks agree bit for bit with in-memory results")
    del x_mm
    if not args.keep:
        for q in paths:
            os.remove(q)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
