"""The attention targets of the demo model's training (facet_demo_model/attention_targets.py)
point at what the answer needs, checked against the answers themselves on generated cases:
- colour of a shape: every pointed-at soft token shows the answer's colour;
- shape of a colour: every pointed-at soft token belongs to a shape of the answer's kind;
- count: the pointed-at tokens (the first token of each counted shape) are as many as the
  answer says, and each shape token's "earlier token of my shape" set is empty exactly at
  those first tokens, all of them showing that shape's kind and colour;
and the losses are zero exactly at their target attention and positive elsewhere (the last
stage's count heads and value spread, train.py --count-readout, too)."""
import math
import random

import torch

from facet_demo_model import attention_targets
from facet_demo_model import aux_targets
from facet_demo_model import make_data
from facet_demo_model import twin


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
        chosen = t["first"] == 1
        if label:
            chosen = chosen & (t["kind"] == label)
        agree += int(chosen.sum()) == int(case["answer"][:-1])
        check_owners(case, t)
    # a shape too small to own a soft token has no first token; anything more is a wrong pointer
    assert agree >= 0.95 * CASES, f"count pointer agrees with the answer on {agree}/{CASES}"
    return agree


def check_owners(case, t):
    owner = t["owner"]
    n = len(owner)
    before = (owner[:, None] == owner[None, :]) & torch.ones(n, n, dtype=torch.bool).tril(-1)
    starts = (owner > 0) & (before.sum(1) == 0)
    assert torch.equal(starts, t["first"] == 1), case["question"]
    for i, (kind, colour, _) in enumerate(case["shapes"]):
        mine = owner == i + 1
        kind_label = aux_targets.KINDS.index(kind) + 1
        colour_label = aux_targets.COLORS.index(colour) + 1
        assert bool((t["kind"][mine] == kind_label).all()), case["shapes"]
        assert bool((t["color"][mine] == colour_label).all()), case["shapes"]


def check_loss():
    T = 12
    targets = {"first": torch.tensor([0, 1, 0, 1, 1, 0]), "kind": torch.tensor([0, 2, 2, 1, 2, 0])}
    tokens = slice(0, 6)
    img_start, query = 3, T - 1
    probs = torch.zeros(1, 4, T, T)
    # count heads: uniform over <bos> and the three first tokens (image tokens 1, 3, 4)
    for j in (0, img_start + 1, img_start + 3, img_start + 4):
        probs[0, list(attention_targets.COUNT_HEADS), query, j] = 0.25
    # colour head: all weight on the tokens of kind 2 (image tokens 1, 2, 4)
    for j in (img_start + 1, img_start + 2, img_start + 4):
        probs[0, attention_targets.OBJECT_HEAD, query, j] = 1 / 3
    count_row = (0, query, img_start, ("count", 0), tokens)
    colour_row = (0, query, img_start, ("kind", 2), tokens)
    for row in (count_row, colour_row):
        assert abs(float(attention_targets.loss(probs, [row], targets))) < 1e-4, row
    # of one kind: <bos> and the two kind-2 first tokens: the 0.25s are no longer uniform there
    assert float(attention_targets.loss(probs, [(0, query, img_start, ("count", 2), tokens)],
                                        targets)) > 0.05
    wrong = probs.clone()
    wrong[0, :, query] = 0
    wrong[0, :, query, img_start + 5] = 1.0  # all weight on background
    for row in (count_row, colour_row):
        assert float(attention_targets.loss(wrong, [row], targets)) > math.log(10), row


def check_count_readout_loss():
    T = 12
    targets = {"first": torch.tensor([0, 1, 0, 1, 1, 0]), "kind": torch.tensor([0, 2, 2, 1, 2, 0])}
    img_start, query = 3, T - 1
    row = (0, query, img_start, ("count", 0), slice(0, 6))
    probs = torch.zeros(1, 4, T, T)
    for j in (0, img_start + 1, img_start + 3, img_start + 4):
        probs[0, list(attention_targets.READOUT_COUNT_HEADS), query, j] = 0.25
    probs[0, attention_targets.QUIET_HEAD, query, 0] = 1.0  # <bos> alone: a constant output
    assert abs(float(attention_targets.loss(probs, [row], targets, count_readout=True))) < 1e-4
    # the first stages' target for the quiet head (a count head then) is wrong now, and back
    counting = probs.clone()
    counting[0, attention_targets.QUIET_HEAD, query] = probs[0, 2, query]
    assert float(attention_targets.loss(counting, [row], targets, count_readout=True)) > 0.3
    assert float(attention_targets.loss(probs, [row], targets)) > 0.3


def check_value_loss():
    # two images; their counted (first) tokens' values of VALUE_HEAD equal: no spread
    head, hd = attention_targets.VALUE_HEAD, 16
    targets = {"first": torch.tensor([0, 1, 1, 0, 1])}  # image 0: tokens 0-2, image 1: 3-4
    rows = [(0, 2, slice(0, 3)), (1, 2, slice(3, 5))]
    values = torch.randn(2, 6, 4, hd)
    same = torch.randn(hd)
    for i, j in ((0, 3), (0, 4), (1, 3)):
        values[i, j, head] = same
    assert abs(float(attention_targets.value_loss(values, rows, targets))) < 1e-6
    values[1, 3, head] = same + 1.0  # one value off by 1 in every dimension
    spread = float(attention_targets.value_loss(values, rows, targets))
    # distances to the mean: 1/3 * 16 dims for two of them, 2/3 * 16 for the third, squared
    assert abs(spread - (2 * 16 / 9 + 4 * 16 / 9) / 3) < 1e-4, spread
    values[1, 3, (head + 1) % 4] += 5.0  # another head's values: not this loss's business
    assert abs(float(attention_targets.value_loss(values, rows, targets)) - spread) < 1e-5


def check_first_loss():
    # image tokens: background, shape 1, shape 1, shape 2, shape 1, shape 2
    targets = {"owner": torch.tensor([0, 1, 1, 2, 1, 2])}
    img_start, T = 3, 9
    rows = [(0, img_start, slice(0, 6))]
    probs = torch.zeros(1, 4, T, T)
    head = attention_targets.FIRST_HEAD
    probs[0, head, img_start + 1, 0] = 1.0  # first of shape 1: <bos>
    probs[0, head, img_start + 2, img_start + 1] = 1.0
    probs[0, head, img_start + 3, 0] = 1.0  # first of shape 2: <bos>
    probs[0, head, img_start + 4, [img_start + 1, img_start + 2]] = 0.5
    probs[0, head, img_start + 5, img_start + 3] = 1.0
    assert abs(float(attention_targets.first_loss(probs, rows, targets))) < 1e-4
    wrong = probs.clone()
    wrong[0, head, img_start + 3] = 0
    wrong[0, head, img_start + 3, img_start + 1] = 1.0  # shape 2 taken for more of shape 1
    assert float(attention_targets.first_loss(wrong, rows, targets)) > math.log(10) / 5


def main():
    check_colour()
    check_shape()
    agree = check_count()
    check_loss()
    check_count_readout_loss()
    check_value_loss()
    check_first_loss()
    print(f"attention targets: colour {CASES}/{CASES}, shape {CASES}/{CASES}, "
          f"count {agree}/{CASES}, loss ok")


if __name__ == "__main__":
    main()
