"""Accuracy and speed of the built-in demo model (issue #14), measured like a user runs it:
`facet-cli ask --greedy` with the default demo model, on freshly generated images whose
seeds training never uses (training: 14,000,000 + step; here: 10**9 and up).

  accuracy.py --cli build/dev/app/cli/facet-cli [--per-row 200] [--model DIR] [--json OUT]
              [--rows 4 5] [--seed-base N]

Prints the goals table (exact-answer accuracy per row), then the speed numbers: time to first
token at 280 and 1120 for a 1024x768 image, and decode tokens/s. --rows: only those rows of the
table (numbered from 1; each keeps its own images), and no speed numbers. --seed-base: other
fresh images (e.g. 3000000000), to choose between candidate weights without looking at the
goals' own. After the table: each row's wrong answers by kind ("5." -> "6."), most first.
"""
import argparse
import collections
import json
import os
import random
import statistics
import tempfile

from facet_demo_model import make_data
from facet_demo_model.ask import ask


# (label, question type, level, goal text)
ROWS = [
    ("color of a shape", "color", 280, ">= 95 %"),
    ("shape of a colour", "shape", 280, ">= 95 %"),
    ("count of shapes (1-6)", "count", 280, ">= 85 %"),
    ("printed word", "word", 1120, ">= 80 %"),
    ("printed word", "word", 70, "30 points below the 1120 row"),
    ("off-task question (held-out questions)", "offtask", None, ">= 95 %"),
]
SEED_BASE = 10 ** 9


def row_case(seed_base, index, qtype, i):
    """Row `index`'s i-th case and the generator it came from (which goes on to draw the rest
    of the case: its level where the row has none, its held-out off-task question)."""
    rng = random.Random(seed_base + index * 1_000_000 + i)
    return rng, make_data.make_case(rng, qtype)


def run_row(args, index, qtype, level, tmp):
    correct, samples, mistakes = 0, [], collections.Counter()
    for i in range(args.per_row):
        rng, case = row_case(args.seed_base, index, qtype, i)
        lvl = level or rng.choice([70, 140, 280, 560, 1120])
        question = case["question"]
        if qtype == "offtask":
            question = rng.choice(make_data.OFFTASK_HELD_OUT)
        path = os.path.join(tmp, f"row{index}-{i}.png")
        case["image"].save(path)
        answer, _ = ask(args.cli, args.model, path, lvl, question)
        ok = answer == case["answer"]
        correct += ok
        if not ok:
            mistakes[(case["answer"], answer)] += 1
        if len(samples) < 3 or not ok and len(samples) < 6:
            samples.append({"question": question, "level": lvl, "expected": case["answer"],
                            "answer": answer})
    return correct / args.per_row, samples, mistakes


def speed(args, tmp):
    rng = random.Random(SEED_BASE - 1)
    scene = make_data.word_scene(rng)
    path = os.path.join(tmp, "speed-1024x768.png")
    scene["image"].resize((1024, 768)).save(path)
    result = {}
    for level in (280, 1120):
        question = "What word is written in the image?"
        ttft = [ask(args.cli, args.model, path, level, question)[1]["ttft_ms"] for _ in range(3)]
        result[f"ttft_ms_{level}"] = statistics.median(ttft)
    # decode speed on the longest answers the task has: descriptions of 6 shapes
    rates = []
    for i in range(3):
        s = make_data.shape_scene(random.Random(SEED_BASE - 10 - i), count=6)
        p = os.path.join(tmp, f"speed-describe-{i}.png")
        s["image"].save(p)
        _, stats = ask(args.cli, args.model, p, 280, "Describe the image.", max_new=64)
        rates.append(stats["decode_tokens_per_s"])
    result["decode_tokens_per_s"] = statistics.median(rates)
    return result


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--model", help="model folder (default: the built-in demo model)")
    ap.add_argument("--per-row", type=int, default=200)
    ap.add_argument("--json", help="write the results here too")
    ap.add_argument("--rows", type=int, nargs="+", choices=range(1, len(ROWS) + 1),
                    help="only these rows (1 = the table's first), without the speed numbers")
    ap.add_argument("--seed-base", type=int, default=SEED_BASE,
                    help="the first image's seed (default: the goals' images)")
    args = ap.parse_args()
    results = {"per_row": args.per_row, "seed_base": args.seed_base, "rows": []}
    with tempfile.TemporaryDirectory() as tmp:
        print(f"| question | level | goal | exact-answer accuracy ({args.per_row} images) |")
        print("|---|---|---|---|")
        for index, (label, qtype, level, goal) in enumerate(ROWS):
            if args.rows and index + 1 not in args.rows:
                continue
            acc, samples, mistakes = run_row(args, index, qtype, level, tmp)
            results["rows"].append({"row": label, "level": level or "any", "goal": goal,
                                    "accuracy": acc, "samples": samples,
                                    "mistakes": [{"expected": e, "answer": a, "times": n}
                                                 for (e, a), n in mistakes.most_common()]})
            print(f"| {label} | {level or 'any'} | {goal} | {100 * acc:.1f} % |", flush=True)
        if args.rows:
            results["speed"] = None
        else:
            results["speed"] = speed(args, tmp)
    s = results["speed"]
    if s:
        print(f"\nspeed (1024x768 image, median of 3): ttft {s['ttft_ms_280']:.0f} ms at 280, "
              f"{s['ttft_ms_1120']:.0f} ms at 1120; decode {s['decode_tokens_per_s']:.0f} tokens/s")
    for row in results["rows"]:
        if row["mistakes"]:  # short answers (counts, colours) repeat: where a row goes wrong
            kinds = ", ".join(f"{m['expected']!r} -> {m['answer']!r} x{m['times']}"
                              for m in row["mistakes"][:8])
            print(f"  {row['row']} @{row['level']}, wrong answers: {kinds}")
    for row in results["rows"]:
        for sample in row["samples"]:
            if sample["answer"] != sample["expected"]:
                print(f"  {row['row']} @{sample['level']}: {sample['question']!r} -> "
                      f"{sample['answer']!r} (expected {sample['expected']!r})")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
