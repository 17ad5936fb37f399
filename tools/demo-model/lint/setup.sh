#!/bin/sh
# Installs ruff's WebAssembly build (npm's @astral-sh/ruff-wasm-nodejs, the version pinned in
# package-lock.json) into this folder's node_modules, for ruff.mjs and ctest demo_model_ruff.
# ruff itself is not in Debian 12; node and npm are. Idempotent: when node_modules already holds
# what package-lock.json names, it returns at once without asking the registry. Without node
# and npm it says so and succeeds (the test then reports itself skipped).
#   tools/demo-model/lint/setup.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
stamp="$here/node_modules/.facet-installed-lock"
if [ -f "$stamp" ] && cmp -s "$stamp" "$here/package-lock.json" \
    && [ -f "$here/node_modules/@astral-sh/ruff-wasm-nodejs/package.json" ]; then
    exit 0
fi
if ! command -v npm >/dev/null 2>&1 || ! command -v node >/dev/null 2>&1; then
    # not fatal: ctest demo_model_ruff reports itself skipped until ruff is installed
    echo "lint/setup.sh: node or npm is missing; ruff not installed (demo_model_ruff skips)" >&2
    exit 0
fi
(cd "$here" && npm ci --no-audit --no-fund --loglevel=error)
cp "$here/package-lock.json" "$stamp"
echo "lint/setup.sh: ruff $(cd "$here" && node -e \
    'console.log(require("@astral-sh/ruff-wasm-nodejs").Workspace.version())') installed"
