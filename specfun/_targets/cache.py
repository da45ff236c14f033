"""Where Numba's on-disk cache lives.

Numba writes next to the source (``__pycache__``) when the package directory is
writable and falls back to a per-user directory otherwise; ``SPECFUN_CACHE_DIR``
(or Numba's own ``NUMBA_CACHE_DIR``) overrides both.  It must be set before
Numba is imported, which happens on the first compile.
"""
from __future__ import annotations

import os
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent.parent


def configure() -> None:
    """Apply SPECFUN_CACHE_DIR, or choose a user cache when the package directory is read-only."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return
    env = os.environ.get("SPECFUN_CACHE_DIR")
    if env:
        os.environ["NUMBA_CACHE_DIR"] = env
    elif not os.access(PACKAGE_DIR, os.W_OK):
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        os.environ["NUMBA_CACHE_DIR"] = os.path.join(base, "specfun")


def cache_dir() -> str:
    configure()
    return os.environ.get("NUMBA_CACHE_DIR") or str(PACKAGE_DIR / "families" / "__pycache__") + " (next to the source)"
