#!/usr/bin/env bash
# Builds the libFuzzer targets (the `fuzz` preset: clang, ASan + UBSan) and runs each for
# SECONDS (default 60) with its seeds (fuzz/make_seeds.py) and dictionary (fuzz/dict/).
# Prints executions per target; a crash leaves its input in build/fuzz/findings/<target>/
# and makes the script fail. With RUNS=N set, each target runs exactly N inputs instead
# (a fixed, short smoke run).
#   usage: scripts/fuzz.sh [SECONDS]        e.g. scripts/fuzz.sh 300
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
build=build/fuzz
cmake --preset fuzz >/dev/null
nice -n 5 cmake --build --preset fuzz
work="$build/work"
rm -rf "$work/seeds"
/usr/bin/python3 -W ignore fuzz/make_seeds.py "$work/seeds"

declare -A dict=([fuzz_image]=image [fuzz_pth]=pth [fuzz_model_configs]=json
                 [fuzz_tokenizer]=json [fuzz_prompt]=json [fuzz_response_parser]=response
                 [fuzz_chat_stream]=sse [fuzz_conversation]=json)
status=0
printf '%-22s %12s %8s\n' target executions exec/s
for target in fuzz_image fuzz_pth fuzz_model_configs fuzz_tokenizer fuzz_response_parser fuzz_prompt \
    fuzz_chat_stream fuzz_conversation; do
    corpus="$work/corpus/$target"
    findings="$build/findings/$target"
    mkdir -p "$corpus" "$findings"
    limit=(-max_total_time="$seconds")
    [[ -n "${RUNS:-}" ]] && limit=(-runs="$RUNS")
    log="$work/$target.log"
    if ! "$build/fuzz/$target" "${limit[@]}" -dict="fuzz/dict/${dict[$target]}.dict" \
        -max_len=65536 -rss_limit_mb=3072 -timeout=30 -print_final_stats=1 \
        -artifact_prefix="$findings/" "$corpus" "$work/seeds/$target" >"$log" 2>&1; then
        echo "$target: FINDING, see $log and $findings" >&2
        status=1
    fi
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    printf '%-22s %12s %8s\n' "$target" "${runs:-?}" "${rate:-?}"
done
exit $status
