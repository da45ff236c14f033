#!/usr/bin/env bash
# The whole test suite (CPU, the CUDA simulator in its own process, adapters, accuracy gates).
# GPU tests run separately with `.venv/bin/python -m pytest -m gpu` on a machine with a GPU.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/specfun compile >/dev/null   # warm the kernel cache once, outside the timed tests
exec .venv/bin/python -m pytest -q "$@"
