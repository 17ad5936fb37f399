#!/usr/bin/env bash
# Every benchmark's table from one run on one machine, for docs/performance.md (issue #59): the
# machine (CPU, cores, memory, load before and after), the commit, then `--target bench`'s
# output, into BUILD_DIR/performance.txt and the terminal. Run it on a quiet machine: the
# load average is printed so that a reader can tell.
#   bench/performance.sh [BUILD_DIR]      (default build/dev; built first)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build/dev}
out=$build/performance.txt
cmake --build "$build" -j2 >/dev/null
{
    echo "# Facet benchmarks, one run"
    echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "commit: $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet || echo ' (with local changes)')"
    echo "cpu: $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores," \
         "flags: $(grep -o -w 'avx2\|avx512f\|avx512_bf16' /proc/cpuinfo | sort -u | tr '\n' ' ')"
    echo "memory: $(free -g | awk '/^Mem:/ {print $2}') GiB"
    echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo
} | tee "$out"
start=$(date +%s)
cmake --build "$build" --target bench 2>&1 | grep -v '^\[[0-9]*/[0-9]*\]' | tee -a "$out"
{
    echo
    echo "load after: $(cut -d' ' -f1-3 /proc/loadavg); $(($(date +%s) - start)) s in all"
} | tee -a "$out"
