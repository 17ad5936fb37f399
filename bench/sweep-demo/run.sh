#!/bin/sh
# Issue #58 §4, measured on the built-in demo model (docs/sweep-demo.md holds the results):
# generates COUNT word images from seeds training never used (generate.py), sweeps them at
# 70/280/1120 with the word question, greedy (`facet-cli sweep`, resumable: run it again to go
# on), asks the region-zoom comparison (region_zoom.py, resumable too) and prints the tables
# (tabulate.py). Everything runs under `nice -n 5`: the machines this was measured on are
# shared, so the load average is printed before and after each step and is part of the result.
#
#   bench/sweep-demo/run.sh BUILD_DIR WORK_DIR [COUNT]     e.g. build/dev /tmp/sweep-demo 100
set -eu
build=$1
work=$(mkdir -p "$2" && cd "$2" && pwd)
count=${3:-100}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
cli=$(cd "$build" && pwd)/app/cli/facet-cli
question="What word is written in the image?"  # make_data.ask's word question
export PYTHONPATH="$repo/tools/demo-model:$here"

load() { echo "load ($1): $(cat /proc/loadavg) on $(nproc) cores" >&2; }

[ -f "$work/truth.json" ] || /usr/bin/python3 "$here/generate.py" "$work" "$count"
load "before the sweep"
nice -n 5 "$cli" sweep --images "$work/images" --question "$question" \
    --levels 70,280,1120 --greedy --out "$work/sweep" >"$work/sweep.txt"
load "after the sweep"
# The report as a browser shows it (docs/screenshots/sweep-report.png), where one is installed.
for browser in chromium firefox-esr; do
    command -v $browser >/dev/null || continue
    if [ $browser = chromium ]; then
        nice -n 5 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
            --window-size=1280,1500 --screenshot="$work/report.png" \
            "file://$work/sweep/report.html" >/dev/null 2>&1 || true
    else
        nice -n 5 firefox-esr --headless --window-size=1280,1500 \
            --screenshot "$work/report.png" "file://$work/sweep/report.html" >/dev/null 2>&1 || true
    fi
    break
done
nice -n 5 /usr/bin/python3 "$here/region_zoom.py" "$cli" "$work"
load "after region zoom"
/usr/bin/python3 "$here/tabulate.py" "$work"
