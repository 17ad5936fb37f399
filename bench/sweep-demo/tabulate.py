"""Issue #58 §4's tables from a run of run.sh: the sweep's per-level summary (summary.json)
with each level's accuracy against the true word (runs.jsonl and truth.json: an answer is
right when it is exactly make_data's "WORD.", as tools/demo-model/bench/accuracy.py counts),
and the region-zoom comparison (region.jsonl). Markdown on stdout.

  tabulate.py WORK_DIR
"""
import json
import math
import os
import statistics
import sys

from region_zoom import WAYS


def p95(values):
    """Nearest rank, as the sweep's summary computes it (engine/sweep/summary)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


def read_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def sweep_table(work, expected):
    with open(os.path.join(work, "sweep", "summary.json"), encoding="utf-8") as f:
        summary = json.load(f)
    runs = [r for r in read_jsonl(os.path.join(work, "sweep", "runs.jsonl"))
            if r.get("type") == "run" and "answer" in r]
    rows = ["| level | runs | agreement with 1120 | accuracy (true word) | median TTFT | "
            "p95 TTFT | image tokens (mean) | total time |",
            "|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for lv in summary["levels"]:
        mine = [r for r in runs if r["level"] == lv["level"]]
        right = sum(r["answer"] == expected[os.path.basename(r["image"])] for r in mine)
        ref = " (reference)" if lv["level"] == summary["reference"] else ""
        rows.append(f"| {lv['level']}{ref} | {lv['runs']} | {100 * lv['agreement']:.0f} % "
                    f"({lv['agreeing']}/{lv['compared']}) | {100 * right / len(mine):.0f} % "
                    f"({right}/{len(mine)}) | {lv['median_ttft_ms'] / 1000:.2f} s | "
                    f"{lv['p95_ttft_ms'] / 1000:.2f} s | {lv['mean_image_tokens']:.0f} | "
                    f"{lv['total_ms'] / 1000:.0f} s |")
    rows.append("")
    rows.append(f"Recommendation (threshold {100 * summary['threshold']:.0f} %): "
                f"{summary['recommendation']['text']}")
    return rows


def by_size_table(work, truth):
    """Accuracy per level and per way by the word's height as a share of the image's height
    (make_data draws the cap height uniformly in 1.2-4 % of it): where each level stops reading."""
    share = {e["file"]: (e["box"][3] - e["box"][1]) / e["size"][1] for e in truth}
    expected = {e["file"]: e["answer"] for e in truth}
    bands = [(0, 0.02), (0.02, 0.03), (0.03, 1)]
    names = ["< 2 %", "2-3 %", ">= 3 %"]
    rows = {}
    for r in read_jsonl(os.path.join(work, "sweep", "runs.jsonl")):
        if r.get("type") == "run" and "answer" in r:
            f = os.path.basename(r["image"])
            rows.setdefault(f"sweep {r['level']}", []).append((f, r["answer"] == expected[f]))
    if os.path.exists(os.path.join(work, "region.jsonl")):
        for r in read_jsonl(os.path.join(work, "region.jsonl")):
            rows.setdefault(r["way"], []).append((r["file"], r["correct"]))
    counts = [sum(lo <= share[f] < hi for f in share) for lo, hi in bands]
    out = ["| word height / image height | " + " | ".join(
               f"{n} ({c} images)" for n, c in zip(names, counts)) + " |",
           "|---|" + "---:|" * len(bands)]
    for name, results in rows.items():
        cells = []
        for lo, hi in bands:
            mine = [ok for f, ok in results if lo <= share[f] < hi]
            cells.append(f"{100 * sum(mine) / len(mine):.0f} %" if mine else "-")
        out.append(f"| {name} | " + " | ".join(cells) + " |")
    return out


def region_table(work, expected):
    records = read_jsonl(os.path.join(work, "region.jsonl"))
    rows = ["| images sent | asks | accuracy (true word) | median TTFT | p95 TTFT | "
            "image tokens (mean) | crop level(s) |",
            "|---|---:|---:|---:|---:|---:|---|"]
    # The whole image at 280 without the crop, from the sweep (the same images; its first
    # token came in a comparison after the 70 run, so its time is not this table's kind).
    asked = {r["file"] for r in records}
    alone = [r for r in read_jsonl(os.path.join(work, "sweep", "runs.jsonl"))
             if r.get("type") == "run" and r.get("level") == 280
             and os.path.basename(r["image"]) in asked]
    if alone:
        right = sum(r["answer"] == expected[os.path.basename(r["image"])] for r in alone)
        rows.append(f"| whole@280 alone (the sweep's runs) | {len(alone)} | "
                    f"{100 * right / len(alone):.0f} % ({right}/{len(alone)}) | (sweep) | "
                    f"(sweep) | {statistics.mean(r['soft_tokens'] for r in alone):.0f} | - |")
    for way in WAYS:
        mine = [r for r in records if r["way"] == way]
        if not mine:
            continue
        right = sum(r["correct"] for r in mine)
        ttft = [r["ttft_ms"] for r in mine]
        crop_levels = sorted({r["levels"][-1] for r in mine}) if "crop" in way else []
        rows.append(f"| {way} | {len(mine)} | {100 * right / len(mine):.0f} % "
                    f"({right}/{len(mine)}) | {statistics.median(ttft) / 1000:.2f} s | "
                    f"{p95(ttft) / 1000:.2f} s | "
                    f"{statistics.mean(r['image_tokens'] for r in mine):.0f} | "
                    f"{', '.join(map(str, crop_levels)) or '-'} |")
    return rows


def same_answers(work):
    """How many images got the same 1120 answer from the sweep (one comparison per image,
    the prompt prefix reused across levels) and from region_zoom.py's separate `ask`: greedy
    decoding is deterministic, so any difference would be a fault of the reuse."""
    sweep = {os.path.basename(r["image"]): r["answer"]
             for r in read_jsonl(os.path.join(work, "sweep", "runs.jsonl"))
             if r.get("type") == "run" and r.get("level") == 1120}
    asked = {r["file"]: r["answer"] for r in read_jsonl(os.path.join(work, "region.jsonl"))
             if r["way"] == "whole@1120"}
    both = [f for f in asked if f in sweep]
    same = sum(sweep[f] == asked[f] for f in both)
    return (f"The sweep's 1120 answer and a separate `ask` at 1120: the same for {same} of "
            f"{len(both)} images.")


def main(argv):
    work = argv[0]
    with open(os.path.join(work, "truth.json"), encoding="utf-8") as f:
        truth = json.load(f)["images"]
    expected = {e["file"]: e["answer"] for e in truth}
    print("\n".join(sweep_table(work, expected)))
    if os.path.exists(os.path.join(work, "region.jsonl")):
        print()
        print("\n".join(region_table(work, expected)))
        print()
        print(same_answers(work))
    print()
    print("\n".join(by_size_table(work, truth)))


if __name__ == "__main__":
    main(sys.argv[1:])
