"""The count row of accuracy.py broken down by what makes a count hard: the number counted,
the width of the smallest counted shape in soft tokens at 280 (one soft token = 48x48 px of
the resized image), and the shapes in the image. Same images and questions as accuracy.py's
count row (its seeds), asked the same way (`facet-cli ask --greedy`).

  count_by_size.py --cli build/dev/app/cli/facet-cli [--model DIR] [--per-row 200]

Why: the recipes' count misses are one too few, and two models that differ by 6 points on the
row differ almost only where the smallest counted shape is under 1.5 soft tokens wide
(tools/demo-model/bench/RESULTS.md), i.e. in what the vision side sees, not in the readout.
"""
import argparse
import collections
import os
import tempfile

from accuracy import ROWS, SEED_BASE, ask, row_case  # bench/accuracy.py, beside this file
from facet_demo_model import twin

LEVEL = 280
ROW = [r[1] for r in ROWS].index("count")


def smallest_counted(case):
    """Width in soft tokens at LEVEL of the smallest shape the question counts."""
    w, _ = case["image"].size
    _, _, pw, _ = twin.preprocess(case["image"], LEVEL)
    per_px = pw * twin.PATCH / w / (twin.PATCH * twin.POOL)
    word = case["question"].split()[2]
    counted = [box for kind, _, box in case["shapes"] if word == "shapes" or word == kind + "s"]
    return min(min(b[2] - b[0], b[3] - b[1]) for b in counted) * per_px


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--model", help="model folder (default: the built-in demo model)")
    ap.add_argument("--per-row", type=int, default=200)
    args = ap.parse_args()
    tables = collections.defaultdict(lambda: collections.defaultdict(lambda: [0, 0]))
    misses = collections.Counter()
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(args.per_row):
            _, case = row_case(SEED_BASE, ROW, "count", i)  # accuracy.py's count images
            path = os.path.join(tmp, f"count-{i}.png")
            case["image"].save(path)
            answer, _ = ask(args.cli, args.model, path, LEVEL, case["question"])
            ok = answer == case["answer"]
            want = int(case["answer"][:-1])
            if not ok:
                got = answer[:-1]
                misses["one too few" if got == str(want - 1) else
                       "one too many" if got == str(want + 1) else "other"] += 1
            size = smallest_counted(case)
            for table, key in (("counted", want),
                               ("smallest counted shape, tokens wide", min(3.0, int(size * 2) / 2)),
                               ("shapes in the image", len(case["shapes"]))):
                tables[table][key][0] += ok
                tables[table][key][1] += 1
    total = sum(a for a, _ in tables["counted"].values())
    print(f"count of shapes @{LEVEL}: {total} of {args.per_row} right; misses: {dict(misses)}")
    for table, rows in tables.items():
        print(f"\n| {table} | right | of |\n|---|---|---|")
        for key in sorted(rows):
            label = f"{key:.1f}-{key + 0.5:.1f}" if isinstance(key, float) and key < 3 else (
                f">= {key:.1f}" if isinstance(key, float) else str(key))
            print(f"| {label} | {rows[key][0]} | {rows[key][1]} |")


if __name__ == "__main__":
    main()
