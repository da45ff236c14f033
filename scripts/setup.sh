#!/usr/bin/env bash
# Set up everything the tests and the accuracy report need, on a fresh machine:
# a virtual environment in .venv with specfun (editable) and its optional extras.
# torch is pinned to the CPU build 2.13.0 (a plain `torch` pulls several GB of CUDA packages).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip >/dev/null 2>&1 || true
.venv/bin/python -m pip install -q -e ".[test,cuda,compare,reference,half,jax,dask,docs,dev]" 2>&1 \
  | grep -v -E "^WARNING: Location .* is ignored" || true
.venv/bin/python -c "import specfun, numba, mpmath, torch, scipy; print('specfun', specfun.__version__, 'ready')"
