"""The attention targets of the demo model's training (scripts/demo-model/attention_targets.py)
point at what the answer needs, checked against the answers themselves on generated cases:
- colour of a shape: every pointed-at soft token shows the answer's colour;
- shape of a colour: every pointed-at soft token belongs to a shape of the answer's kind;
- count: the pointed-at centre tokens are as many as the answer says;
and the loss is zero exactly at its target attention and positive elsewhere."""
import math
import os
import random
import sys

import torch

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts", "demo-model"))
import attention_targets  # noqa: E402
import aux_targets  # noqa: E402
import make_data  # noqa: E402
import twin  # noqa: E402

LEVEL, CASES, SEED = 280, 60, 7_000_000_000  # seeds far from training's and the bench's


def targets_of(case):
    _, _, pw, ph = twin.preprocess(case["image"], LEVEL)
    return {k: torch.from_numpy(v) for k, v in aux_targets.token_targets(case, pw, ph).items()}


def check_colour():
    for i in range(CASES):
        case = make_data.make_case(random.Random(SEED + i), "color")
        field, label = attention_targets.pointer(case["question"], "color")
        t = targets_of(case)
        chosen = t[field] == label
        answer = aux_targets.COLORS.index(case["answer"][:-1].lower()) + 1
        assert chosen.any(), case["question"]
        assert bool((t["color"][chosen] == answer).all()), (case["question"], case["answer"])


def check_shape():
    for i in range(CASES):
        case = make_data.make_case(random.Random(SEED + 2 * CASES + i), "shape")
        field, label = attention_targets.pointer(case["question"], "shape")
        t = targets_of(case)
        chosen = t[field] == label
        answer = aux_targets.KINDS.index(case["answer"].split()[-1][:-1]) + 1  # "A star."
        assert chosen.any(), case["question"]
        assert bool((t["kind"][chosen] == answer).all()), (case["question"], case["answer"])


def check_count():
    agree = 0
    for i in range(CASES):
        case = make_data.make_case(random.Random(SEED + CASES + i), "count")
        field, label = attention_targets.pointer(case["question"], "count")
        t = targets_of(case)
        chosen = t["center"] == 1
        if label:
            chosen = chosen & (t["kind"] == label)
        agree += int(chosen.sum()) == int(case["answer"][:-1])
    # two small shapes may share a centre token; anything more is a wrong pointer
    assert agree >= 0.95 * CASES, f"count pointer agrees with the answer on {agree}/{CASES}"
    return agree


def check_loss():
    T = 12
    targets = {"center": torch.tensor([0, 1, 0, 1, 1, 0]), "kind": torch.tensor([0, 2, 2, 1, 2, 0])}
    tokens = slice(0, 6)
    img_start, query = 3, T - 1
    probs = torch.zeros(1, 4, T, T)
    # count head: uniform over <bos> and the three centres (image tokens 1, 3, 4)
    for j in (0, img_start + 1, img_start + 3, img_start + 4):
        probs[0, attention_targets.COUNT_HEAD, query, j] = 0.25
    # colour head: all weight on the tokens of kind 2 (image tokens 1, 2, 4)
    for j in (img_start + 1, img_start + 2, img_start + 4):
        probs[0, attention_targets.OBJECT_HEAD, query, j] = 1 / 3
    count_row = (0, query, img_start, ("count", 0), tokens)
    colour_row = (0, query, img_start, ("kind", 2), tokens)
    for row in (count_row, colour_row):
        assert abs(float(attention_targets.loss(probs, [row], targets))) < 1e-4, row
    # of one kind: <bos> and the two kind-2 centres -> the 0.25s are no longer uniform over them
    assert float(attention_targets.loss(probs, [(0, query, img_start, ("count", 2), tokens)],
                                        targets)) > 0.05
    wrong = probs.clone()
    wrong[0, :, query] = 0
    wrong[0, :, query, img_start + 5] = 1.0  # all weight on background
    for row in (count_row, colour_row):
        assert float(attention_targets.loss(wrong, [row], targets)) > math.log(10), row


def main():
    check_colour()
    check_shape()
    agree = check_count()
    check_loss()
    print(f"attention targets: colour {CASES}/{CASES}, shape {CASES}/{CASES}, "
          f"count {agree}/{CASES}, loss ok")


if __name__ == "__main__":
    main()
