#!/usr/bin/env bash
# The main job: the accuracy report of every function against the mpmath references,
# compared with scipy.special and torch.special, gated by reference_data/baseline.json.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/specfun accuracy --compare scipy,torch "$@"
