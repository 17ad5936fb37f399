#!/usr/bin/env bash
# The weekly ThreadSanitizer run (issue #52): builds the tsan preset and runs the tests of the
# layers with threads of their own — the engine's worker pool, the simulator, the remote client,
# the app's engine worker and everything on top of it (labels image, sim, generate, remote, ui).
# Too slow for every CI run on 2 cores (a separate instrumented build, tests 5-15x slower); run
# it after changing threads, locks or the worker, and weekly. Prints ctest's summary; exit code
# is ctest's. Usage: scripts/tsan.sh [CTEST ARGS...]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake --preset tsan >/dev/null
cmake --build --preset tsan -j2
ctest --preset tsan -L 'image|sim|generate|remote|ui' -E 'walkthrough|packaging' "$@"
