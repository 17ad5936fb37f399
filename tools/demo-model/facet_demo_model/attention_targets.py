"""Where the answer should look: supervision of attention heads of the decoder's last two
layers (never exported; only the loss is).

Why: after stage 1 the decoder's image span knows each soft token's kind (a linear read-out
after layer 1 is 97 % right), yet "What color is the triangle?" stayed at 51 %: 100 % with one
shape, ~40 % with two or more, i.e. the answer read the colour of whichever shape, not of the
triangle. The lookup "tokens of the asked kind" is learnt late from the answer alone; a loss on
the attention itself teaches it directly (measured from the stage-2 weights, 400 steps of
colour questions at 280: 64 % -> 85 % with this loss, vs 64 % at 300 steps without).

At the position that predicts the answer's token that names what was looked up (layer LAYER):
  colour of a shape:  head OBJECT_HEAD puts its weight on the tokens of the asked kind;
  shape of a colour:  the same head, on the tokens of the asked colour (without it, the colour
                      supervision took that head from this question: 94 % -> 62 % on 120 images);
                      its answer is "A SHAPE.", so that is the position of "A", which predicts
                      the shape (answer_token). Pointed at the position before it, which only
                      predicts "A", the lookup was taught where nothing needs it, and a decoder
                      trained from scratch named the asked colour's shape on ~60 % of its batches
                      for thousands of steps (tools/demo-model/bench/RESULTS.md);
  count:              heads COUNT_HEADS spread their weight evenly over <bos> and the first
                      token (in reading order) of each counted shape, so the share left on <bos>
                      is 1 / (count + 1), a quantity the next MLP can read (attention averages,
                      it cannot sum); three heads give three estimates of it.
On every shape token (layer FIRST_LAYER, first_loss): head FIRST_HEAD looks at the earlier
tokens of the same shape, or at <bos> when there are none: that is how a token can know it is
its shape's first, which no single token shows. The count used to point at each shape's centre
token instead, which nothing local marks either: 26-39 % of the count heads' weight went to
other tokens of the shapes, and counting stayed at 62.5 % (4 shapes: 50 %, 5: 9 %).
"""
import math

import torch

from .aux_targets import COLORS, KINDS, WORD_KIND  # labels: KINDS.index + 1, COLORS.index + 1

LAYER = 3  # the last decoder layer (global)
OBJECT_HEAD, COUNT_HEADS = 0, (1, 2, 3)
FIRST_LAYER, FIRST_HEAD = 2, 0
# train.py --count-readout, the last stage: the count is read from the attention's output,
# sum_j p_j v_j, not from the share itself. On 300 count images at 280 a calibrated threshold
# on the shares would count 87 % right, on that output only 76-80 %: the counted tokens'
# values vary with what each token shows. Head 1 shares its key/value head with OBJECT_HEAD,
# whose values must carry colour and kind, so it is told to look at <bos> alone (a constant
# output); heads 2 and 3 count, and their values on the counted tokens are pulled together
# (value_loss). tools/demo-model/bench/RESULTS.md has the measurements.
READOUT_COUNT_HEADS, QUIET_HEAD, VALUE_HEAD = (2, 3), 1, 2


def pointer(question, qtype, reading=False):
    """What the answer to `question` must read, or None: ("kind", label) for the colour of a
    shape, ("color", label) for the shape of a colour, ("count", label) for a count (label 0:
    all shapes); with `reading` (train.py --reading), ("kind", WORD_KIND) for the word."""
    if qtype == "word" and reading:  # the word's tokens, which reading_stage.py taught to name it
        return ("kind", WORD_KIND)
    if qtype == "color":  # "What color is the KIND?"
        return ("kind", KINDS.index(question.split()[-1][:-1]) + 1)
    if qtype == "shape":  # "What shape is COLOR?"
        return ("color", COLORS.index(question.split()[-1][:-1]) + 1)
    if qtype == "count":  # "How many shapes are there?" / "How many KINDs are there?"
        word = question.split()[2]
        return ("count", 0 if word == "shapes" else KINDS.index(word[:-1]) + 1)
    return None


def answer_token(qtype):
    """Which token of the answer names what the pointer looks up: 1 for "A SHAPE." (after the
    article), 0 for the rest ("COLOR.", "3.", the word)."""
    return 1 if qtype == "shape" else 0


def loss(probs, rows, targets, count_readout=False):
    """Mean over `rows` of the attention loss. probs: LAYER's attention [B, heads, T, T];
    rows: [(b, query position, image start, pointer, image token slice)]; targets: the
    per-token targets of aux_targets, concatenated over the batch's images. count_readout:
    the count heads of the last stage (READOUT_COUNT_HEADS, QUIET_HEAD on <bos>)."""
    count_heads = READOUT_COUNT_HEADS if count_readout else COUNT_HEADS
    losses = []
    for b, query, img_start, (field, label), tokens in rows:
        if field == "count":
            chosen = targets["first"][tokens] == 1
            if label > 0:
                chosen = chosen & (targets["kind"][tokens] == label)
            where = torch.nonzero(chosen).reshape(-1) + img_start
            if count_readout:  # its values vary with the token: its output held constant
                losses.append(-torch.log(probs[b, QUIET_HEAD, query, 0] + 1e-6))
            for head in count_heads:  # several estimates of the same share: less noise
                p = probs[b, head, query]
                # cross-entropy to the uniform target over <bos> + firsts, minus its entropy: >= 0
                picked = torch.cat([p[:1], p[where]])
                losses.append(-torch.log(picked + 1e-6).mean() - math.log(len(picked)))
        else:
            where = torch.nonzero(targets[field][tokens] == label).reshape(-1) + img_start
            if len(where):
                losses.append(-torch.log(probs[b, OBJECT_HEAD, query, where].sum() + 1e-6))
    return torch.stack(losses).mean() if losses else torch.zeros(())


def first_loss(probs, rows, targets):
    """Mean of the "earlier token of my shape" loss over the shape tokens of each image.
    probs: FIRST_LAYER's attention [B, heads, T, T]; rows: [(b, image start, image token
    slice)], one per image. Each shape token looks at the earlier tokens of its own shape, or
    at <bos> when it is the first: the flag the count reads is then one per shape by
    construction, even where the model draws a shape's edge a token off."""
    losses = []
    for b, start, tokens in rows:
        owner = targets["owner"][tokens]
        n = len(owner)
        p = probs[b, FIRST_HEAD, start:start + n, start:start + n]
        same = (owner[:, None] == owner[None, :]) & (owner[:, None] > 0)
        before = same & torch.ones(n, n, dtype=torch.bool).tril(-1)
        mass = (p * before).sum(1)
        first = before.sum(1) == 0
        mass = torch.where(first, probs[b, FIRST_HEAD, start:start + n, 0], mass)
        shape = owner > 0
        if shape.any():
            losses.append(-torch.log(mass[shape] + 1e-6).mean())
    return torch.stack(losses).mean() if losses else torch.zeros(())


def value_loss(values, rows, targets):
    """The spread of VALUE_HEAD's values over the counted (first) tokens of the batch's images,
    as the squared distance to their mean. values: LAYER's context values [I, C, heads, hd];
    rows: [(image, image start, image token slice)]."""
    picked = []
    for i, start, tokens in rows:
        first = torch.nonzero(targets["first"][tokens] == 1).reshape(-1) + start
        if len(first):
            picked.append(values[i, first, VALUE_HEAD])
    if not picked:
        return torch.zeros(())
    v = torch.cat(picked)
    return ((v - v.mean(0)) ** 2).sum(-1).mean()
