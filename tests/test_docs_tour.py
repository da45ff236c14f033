"""The code blocks of docs/tour.rst run, in order, as one script (CUDA ones under Numba's simulator)."""
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOUR = ROOT / "docs" / "tour.rst"


def tour_blocks() -> list[str]:
    """The ``.. code-block:: python`` bodies of the tour, dedented; blocks starting ``# GPU only`` are left out."""
    blocks, lines = [], TOUR.read_text().splitlines()
    i = 0
    while i < len(lines):
        if re.match(r"\s*\.\. code-block:: python\s*$", lines[i]):
            i += 1
            body = []
            while i < len(lines) and (not lines[i].strip() or lines[i].startswith("   ")):
                body.append(lines[i][3:])
                i += 1
            code = "\n".join(body).strip("\n")
            if not code.lstrip().startswith("# GPU only"):
                blocks.append(code)
        else:
            i += 1
    return blocks


def test_tour_has_the_topics():
    text = TOUR.read_text()
    for topic in ("NumPy", "CUDA arrays", "torch", "JAX", "@numba.njit", "@cuda.jit", "dask"):
        assert topic in text, topic


@pytest.mark.slow
def test_tour_examples_run(tmp_path):
    for mod in ("torch", "jax", "dask", "xarray"):
        pytest.importorskip(mod)
    script = tmp_path / "tour.py"
    script.write_text("\n\n".join(tour_blocks()) + "\nprint('TOUR OK')\n")
    env = dict(os.environ, NUMBA_ENABLE_CUDASIM="1")
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=900, env=env,
                          cwd=str(ROOT))
    assert proc.returncode == 0 and "TOUR OK" in proc.stdout, proc.stderr[-5000:]
