#!/usr/bin/env bash
# Sets everything up, builds, and runs every test (ctest). Usage: scripts/test.sh [PRESET]
# PRESET is dev (default) or asan.
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${1:-dev}
scripts/setup.sh
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" -j2
ctest --preset "$preset"
