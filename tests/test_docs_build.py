"""The Sphinx site builds with warnings as errors (pages generated from the registry)."""
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("sphinx")
pytest.importorskip("numpydoc")

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_sphinx_builds_without_warnings(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "sphinx", "-W", "-q", "-b", "html", str(ROOT / "docs"),
                           str(tmp_path / "html")], capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-5000:]
