"""The demo model on real photographs it never saw (issue #55), asked as a user asks:
`facet-cli ask --greedy` with the repetition guard off (so a babbling answer shows its whole
length), on the original files of real_images.HELD_OUT_PACKAGES (Debian packages that training
never opens), then the task family's goals table (accuracy.py's rows and images).

  real_photos.py --cli build/dev/app/cli/facet-cli [--model DIR] [--per-row 200]
                 [--no-task-table] [--json OUT]

Each held-out image is asked "What is in this photo?" at 280 (a newcomer's first question,
not among the trained ones) and, at each other level, one question drawn (seeded) from the
task's own forms and the held-out off-task questions: every answer must be the refusal sentence
exactly, in at most 40 tokens. The table gives the share of exact refusals and the longest
answer in tokens, per package and per kind of question.
"""
import argparse
import collections
import json
import random
import sys
import tempfile
import types

import accuracy
from facet_demo_model import make_data
from facet_demo_model import real_images
from facet_demo_model.ask import ask

PHOTO_QUESTION = "What is in this photo?"
OTHER_LEVELS = [70, 140, 560, 1120]
MAX_TOKENS = 40  # the goal; answers are generated up to MAX_NEW to see past it
MAX_NEW = 64
SEED = 55


def cases():
    """(package, path, level, question, kind) for every held-out image, in a fixed order."""
    rng = random.Random(SEED)
    task = [q for group in make_data.task_question_groups() for q in group]
    others = task + make_data.OFFTASK_HELD_OUT
    out = []
    for package in real_images.HELD_OUT_PACKAGES:
        for path in real_images.package_images(package):
            out.append((package, path, 280, PHOTO_QUESTION, "photo question @280"))
            for level in OTHER_LEVELS:
                q = rng.choice(others)
                kind = "task question" if q in task else "held-out off-task question"
                out.append((package, path, level, q, kind + " @70-1120"))
    return out


def ask_all(args):
    results = []
    for package, path, level, question, kind in cases():
        answer, stats = ask(args.cli, args.model, path, level, question, max_new=MAX_NEW,
                            repetition_guard=False)
        results.append({"package": package, "image": path, "level": level,
                        "question": question, "kind": kind, "answer": answer,
                        "tokens": stats.get("generated_tokens", 0),
                        "refused": answer == make_data.REFUSAL})
    return results


def table(results):
    """The real-photo table's lines, by package and by kind of question, then all."""
    groups = collections.defaultdict(list)
    for r in results:
        for key in (f"package {r['package']}", r["kind"], "all"):
            groups[key].append(r)
    order = sorted(groups, key=lambda k: (k == "all", not k.startswith("package"), k))
    lines = ["| held-out real photos | answers | refusal sentence exactly | "
             f"most tokens (goal <= {MAX_TOKENS}) |", "|---|---|---|---|"]
    for key in order:
        rows = groups[key]
        refused = sum(r["refused"] for r in rows)
        lines.append(f"| {key} | {len(rows)} | {100 * refused / len(rows):.1f} % | "
                     f"{max(r['tokens'] for r in rows)} |")
    return lines


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--model", help="model folder (default: the built-in demo model)")
    ap.add_argument("--per-row", type=int, default=200, help="the task table's images a row")
    ap.add_argument("--no-task-table", action="store_true")
    ap.add_argument("--json", help="write every answer and the task table here too")
    args = ap.parse_args()
    results = ask_all(args)
    print("\n".join(table(results)), flush=True)
    for r in results:
        if not r["refused"]:
            print(f"  {r['image']} @{r['level']} {r['question']!r} -> {r['answer'][:80]!r} "
                  f"({r['tokens']} tokens)")
    task_rows = []
    if not args.no_task_table:
        print(f"\n| question | level | goal | exact-answer accuracy ({args.per_row} images) |")
        print("|---|---|---|---|")
        bench = types.SimpleNamespace(cli=args.cli, model=args.model, per_row=args.per_row,
                                      seed_base=accuracy.SEED_BASE)
        with tempfile.TemporaryDirectory() as tmp:
            for index, (label, qtype, level, goal) in enumerate(accuracy.ROWS):
                acc, _, mistakes = accuracy.run_row(bench, index, qtype, level, tmp)
                task_rows.append({"row": label, "level": level or "any", "goal": goal,
                                  "accuracy": acc})
                print(f"| {label} | {level or 'any'} | {goal} | {100 * acc:.1f} % |",
                      flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"real": results, "task": task_rows}, f, indent=1)
    refused = sum(r["refused"] for r in results) / len(results)
    longest = max(r["tokens"] for r in results)
    sys.exit(0 if refused >= 0.95 and longest <= MAX_TOKENS else 1)


if __name__ == "__main__":
    main()
