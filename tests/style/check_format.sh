#!/usr/bin/env bash
# Fails when a tracked C++ file differs from what clang-format (the repo's .clang-format) makes
# of it, and names the files. Usage: check_format.sh SOURCE_DIR
set -euo pipefail
cd "$1"
mapfile -t files < <(git ls-files '*.cpp' '*.h' 2>/dev/null || find engine app qml tests bench -name '*.cpp' -o -name '*.h')
bad=()
for f in "${files[@]}"; do
    [ -f "$f" ] || continue
    if ! clang-format --dry-run --Werror "$f" >/dev/null 2>&1; then
        bad+=("$f")
    fi
done
if [ ${#bad[@]} -gt 0 ]; then
    printf 'not clang-formatted (run clang-format -i): %s\n' "${bad[@]}"
    exit 1
fi
echo "check_format: ${#files[@]} files clang-formatted"
