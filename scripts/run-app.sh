#!/usr/bin/env bash
# Sets everything up, builds, and starts Facet on its built-in default: the simulated NPU with
# the tiny demo model (choose a real compiled model folder from the app).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake --preset dev >/dev/null
cmake --build --preset dev -j2 --target facet
exec build/dev/app/gui/facet "$@"
