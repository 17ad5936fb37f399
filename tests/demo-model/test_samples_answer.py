"""The built-in demo model answers the "Try it" menu's examples as samples.json records them.

samples.json's "answer" is what the menu promises a newcomer; only the model decides whether
it is true, and new weights can change it (two retrained candidates described shapes.png in
the wrong order: tools/demo-model/bench/RESULTS.md). Each example is asked like a user asks it,
`facet-cli ask --greedy` on the demo folder at the example's level, and must get that answer
exactly. An example with "compare_with_level" exists to show that the other level cannot see
what this one sees, so there the answer must differ.

  test_samples_answer.py --cli FACET_CLI --model DEMO_FOLDER [--samples SAMPLES_DIR]
"""
import argparse
import json
import os
import sys

# the bench's own way of asking (tools/demo-model/facet_demo_model/ask.py), so both ask alike;
# PYTHONPATH names tools/demo-model (the test's ENVIRONMENT)
from facet_demo_model.ask import ask

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SAMPLES = os.path.join(ROOT, "resources", "demo-model", "samples")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--model", required=True, help="the demo model folder the build writes")
    ap.add_argument("--samples", default=SAMPLES)
    args = ap.parse_args()
    with open(os.path.join(args.samples, "samples.json"), encoding="utf-8") as f:
        samples = json.load(f)["samples"]
    failures = []
    for s in samples:
        image = os.path.join(args.samples, s["image"])
        got, _ = ask(args.cli, args.model, image, s["level"], s["question"])
        ok = got == s["answer"]
        print(f"{'ok ' if ok else 'BAD'} {s['image']}@{s['level']} {s['question']!r} -> {got!r}"
              + ("" if ok else f" (samples.json: {s['answer']!r})"))
        if not ok:
            failures.append(s["question"])
        other = s.get("compare_with_level")
        if other:
            got, _ = ask(args.cli, args.model, image, other, s["question"])
            ok = got != s["answer"]
            print(f"{'ok ' if ok else 'BAD'} {s['image']}@{other} {s['question']!r} -> {got!r}"
                  + ("" if ok else " (the same as at the example's level: nothing to compare)"))
            if not ok:
                failures.append(f"{s['question']} at {other}")
    if failures:
        sys.exit(f"{len(failures)} of the Try-it examples answered otherwise: {failures}")
    print(f"all {len(samples)} examples answered as samples.json says")


if __name__ == "__main__":
    main()
