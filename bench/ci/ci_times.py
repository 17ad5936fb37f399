#!/usr/bin/env python3
"""Prints where a build's time went, as the tables of docs/build-times.md: the build's compile,
link and code-generation time (from ninja's .ninja_log: the last run of each output), the test
time per label and the slowest tests (from ctest's last run: Testing/Temporary/LastTest.log,
with each test's labels from `ctest --show-only=json-v1`). Not a test: it measures.

Usage: ci_times.py BUILD_DIR CTEST_OUTPUT [--slowest N]
(`ctest --show-only` rewrites Testing/Temporary/LastTest.log, so the times come from the console
output that scripts/test.sh prints, saved to a file.)"""
import argparse
import collections
import json
import os
import re
import subprocess


def build_times(build):
    """Seconds of wall time per kind of step, from the last entry of each output."""
    last = {}
    with open(os.path.join(build, ".ninja_log")) as f:
        for line in f:
            if line.startswith("#"):
                continue
            start, end, _, output, command = line.rstrip("\n").split("\t")
            last[output] = (int(start), int(end), command)
    # A step with several outputs (AUTOMOC's timestamp and mocs_compilation.cpp, rcc's files) is
    # logged once per output with the same times and command hash: counted once.
    steps = {(start, end, command): output for output, (start, end, command) in last.items()}
    kinds = collections.Counter()
    counts = collections.Counter()
    span = 0
    for (start, end, _), output in steps.items():
        if output.endswith(".o"):
            kind = "compile"
        elif re.search(r"(\.so|\.a|/[^./]+)$", output) and "autogen" not in output:
            kind = "link"
        else:
            kind = "generate (moc, rcc, QML, demo model)"
        kinds[kind] += (end - start) / 1000
        counts[kind] += 1
        span = max(span, end)
    return kinds, counts, span / 1000


def test_times(build, ctest_log):
    """(name, seconds, labels) of each test in ctest's console output (what scripts/test.sh
    prints: "12/102 Test  #7: name ....   Passed   3.21 sec")."""
    listing = json.loads(subprocess.run(["ctest", "--test-dir", build, "--show-only=json-v1"],
                                        capture_output=True, text=True, check=True).stdout)
    labels = {}
    for test in listing["tests"]:
        props = {p["name"]: p["value"] for p in test.get("properties", [])}
        labels[test["name"]] = props.get("LABELS", []) or ["(none)"]
    times = []
    pattern = re.compile(r"\d+/\d+ Test +#\d+: (\S+) .*?([\d.]+) sec$")
    with open(ctest_log, errors="replace") as f:
        for line in f:
            m = pattern.search(line.rstrip())
            if m:
                times.append((m.group(1), float(m.group(2)), labels.get(m.group(1), ["(none)"])))
    return times


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("ctest_output")
    ap.add_argument("--slowest", type=int, default=10)
    args = ap.parse_args()
    kinds, counts, span = build_times(args.build)
    print("| build step | steps | time (s, summed over both cores) |")
    print("|---|---:|---:|")
    for kind, seconds in kinds.most_common():
        print(f"| {kind} | {counts[kind]} | {seconds:.0f} |")
    print(f"| wall time of the build | | {span:.0f} |")
    times = test_times(args.build, args.ctest_output)
    per_label = collections.Counter()
    per_label_count = collections.Counter()
    for _, seconds, labels in times:
        for label in labels:
            per_label[label] += seconds
            per_label_count[label] += 1
    print()
    print("| label | tests | time (s, summed) |")
    print("|---|---:|---:|")
    for label, seconds in per_label.most_common():
        print(f"| {label} | {per_label_count[label]} | {seconds:.0f} |")
    print(f"| all | {len(times)} | {sum(t for _, t, _ in times):.0f} |")
    print()
    print(f"| {args.slowest} slowest tests | labels | time (s) |")
    print("|---|---|---:|")
    for name, seconds, labels in sorted(times, key=lambda t: -t[1])[:args.slowest]:
        print(f"| {name} | {', '.join(labels)} | {seconds:.1f} |")


if __name__ == "__main__":
    main()
