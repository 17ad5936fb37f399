#!/bin/sh
# Retrains the built-in demo model from scratch, reproducibly (fixed seeds, fixed step count),
# on the CPU, and writes resources/demo-model/weights.rbln. Needs a built facet-cli (for the
# engine's own tokenizer and chat template) and Debian's python3-torch, python3-pil,
# python3-numpy and fonts-dejavu-core. About 45-60 minutes on 2 cores (one trains, one draws
# the images).
#   scripts/demo-model/retrain.sh [BUILD_DIR]      (default build/dev)
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$root/build/dev}
cli=$build/app/cli/facet-cli
work=$build/demo-train
python=/usr/bin/python3
mkdir -p "$work"
"$cli" make-sim-model "$work/frame-model" --seed 1 >/dev/null  # for its chat template
"$python" "$root/scripts/demo-model/tokens.py" "$cli" "$work/frame-model" "$work/tokens.json"
nice -n 5 "$python" "$root/scripts/demo-model/train.py" "$work/tokens.json" "$work/run"
"$python" "$root/scripts/demo-model/export.py" "$work/run/checkpoint.pt" \
    "$root/resources/demo-model/weights.rbln"
echo "now rebuild (the demo-model folder is rewritten from the new weights) and measure:"
echo "  $python $root/bench/demo-model/accuracy.py --cli $cli"
