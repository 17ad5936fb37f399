"""Stage 1 of the demo model's training: the vision side alone (patch embedder, position table,
vision layers, projector) learns to tell the shapes apart, before train.py joins the decoder.

Why a stage of its own: telling a circle from a square is the hard part of the task family, and
it is learnt late. Measured with this script's loss (each shape's soft tokens averaged, a small
head names its kind): the kind stays at chance (30-36 % of 238 held-out shapes) for ~750 steps,
then jumps (54 % at 1,000, 84 % at 1,500 steps, 93-98 % on shapes 5+ patches wide). Inside the
full training, where the same signal is one of many, it never got past 31 %.

Images: shape scenes (make_data.shape_scene) at max_soft_tokens 140, 6 per step, seeds
15,000,000 + 6 x step + i (train.py uses 14,000,000 + step, the bench >= 10^9). The head (each
shape's kind) is dropped afterwards; colour needs no stage of its own (learnt in ~250 steps). Usage:

  pretrain_vision.py OUT.pt [--steps N]
  pretrain_vision.py OUT.pt --init STAGE1.pt --first-step N --steps M --levels 140,280,140 \
      --colour-weight 0.5 [--lr 1e-3]

The second form goes on from stage 1 with a loss on every soft token: the colour of the shape
that touches it (>= TOUCH_COVER), at 140 and 280. Why: stage 1's kind loss looks only at
tokens a shape owns (>= MIN_COVER) at 140, so a shape that is small at 280 owns none and is
never trained on; the recipe's count misses are such shapes (tools/demo-model/bench/RESULTS.md:
token_probe.py's colour of a 3-10 % covering shape 0.40 -> 0.65 in 1,000 such steps). From
scratch, the same loss kept the kind at chance for 2,750 steps.
"""
import argparse
import random
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from PIL import Image

from . import data_workers
from . import make_data
from . import twin

LEVEL = 140
IMAGES_PER_STEP = 6
MIN_COVER = 0.12  # a shape must cover this share of a soft token to own it
TOUCH_COVER = 0.03  # ... and this share to give it its colour (colour_of_token)
COLOURS = list(make_data.COLORS)
SIDE = twin.PATCH * twin.POOL
VISION_PARAMS = twin.VISION_PARAMS


def cover_of_token(scene, pw, ph):
    """For each soft token: 1 + the index of the shape that covers most of it, and the share of
    the token that shape covers (float in [0, 1])."""
    gw, gh = pw // twin.POOL, ph // twin.POOL
    mask = np.asarray(make_data.label_mask(scene).resize((gw * SIDE, gh * SIDE), Image.NEAREST))
    blocks = mask.reshape(gh, SIDE, gw, SIDE)
    cover = np.stack([(blocks == label).sum((1, 3)) for label in range(7)], -1).reshape(-1, 7)
    top = cover[:, 1:].argmax(-1) + 1
    return top, cover[np.arange(len(top)), top] / (SIDE * SIDE)


def shape_of_token(scene, pw, ph, min_cover=MIN_COVER):
    """int [tokens]: 1 + the index of the shape that covers most of each soft token, 0 none
    (or less than min_cover of it)."""
    top, share = cover_of_token(scene, pw, ph)
    return np.where(share >= min_cover, top, 0)


def colour_of_token(scene, pw, ph):
    """int [tokens]: 1 + the colour index of the shape covering most of each soft token, if it
    covers at least TOUCH_COVER of it; 0 none."""
    owner = shape_of_token(scene, pw, ph, TOUCH_COVER)
    colours = [0] + [1 + COLOURS.index(c) for _, c, _ in scene["shapes"]]
    return np.asarray(colours)[owner]


def make_image(seed, levels=(LEVEL,)):
    level = levels[seed % len(levels)]
    scene = make_data.shape_scene(random.Random(seed))
    pixels, positions, pw, ph = twin.preprocess(scene["image"], level)
    kinds = [make_data.SHAPES.index(k) for k, _, _ in scene["shapes"]]
    return (pixels, positions, pw, ph, shape_of_token(scene, pw, ph), kinds,
            colour_of_token(scene, pw, ph))


class Images(torch.utils.data.IterableDataset):
    """Drawn by worker processes (data_workers.py), ahead of the trainer."""

    def __init__(self, first, steps, base, levels):
        self.first, self.steps, self.base, self.levels = first, steps, base, levels

    def __iter__(self):
        for step in data_workers.worker_steps(self.first, self.steps):
            yield [make_image(self.base + step * IMAGES_PER_STEP + i, self.levels)
                   for i in range(IMAGES_PER_STEP)]


# a token touched by a shape is rarer than an empty one (~1 in 10 at 280): weighed up, so that
# the small shapes' few tokens are not drowned by the background's
COLOUR_CLASS_WEIGHTS = torch.tensor([1.0] + [4.0] * len(make_data.COLORS))


def kind_head(hidden):
    return nn.Sequential(nn.Linear(hidden, hidden), nn.GELU(), nn.Linear(hidden, 4))


def per_shape(model, head, images, colour_head=None):
    """The kind logits of every shape (its soft tokens averaged) and the kinds; with
    colour_head, also the mean per-token colour loss of the images."""
    kind_logits, kinds, colour_losses = [], [], []
    for pixels, positions, pw, ph, owner, shape_kinds, colours in images:
        px, pos = torch.from_numpy(pixels), torch.from_numpy(positions)
        pad = torch.zeros(len(px), dtype=torch.bool)
        emb, _ = model.vision_inputs(px, pos, exact=False)
        x = model.vision_encoder(emb, pos, pad, attention=True)
        n = (pw // twin.POOL) * (ph // twin.POOL)
        feats = model.project(model.pool(x, pos, pad, pw // twin.POOL, 0, n), exact=False)
        if colour_head is not None:
            colour_losses.append(F.cross_entropy(colour_head(feats), torch.from_numpy(colours),
                                                 weight=COLOUR_CLASS_WEIGHTS))
        owner = torch.from_numpy(owner)
        for s, kind in enumerate(shape_kinds):
            mine = owner == s + 1
            if mine.any():
                kind_logits.append(head(feats[mine].mean(0)))
                kinds.append(kind)
    if colour_head is not None:
        return torch.stack(kind_logits), torch.tensor(kinds), torch.stack(colour_losses).mean()
    return torch.stack(kind_logits), torch.tensor(kinds)


def vision_state(model):
    return {k: v for k, v in model.state_dict().items() if k.startswith(VISION_PARAMS)}


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--steps", type=int, default=4000)
    ap.add_argument("--lr", type=float, default=4e-3)
    ap.add_argument("--init", help="go on from this output of an earlier run (its vision side; "
                    "the kind head starts afresh)")
    ap.add_argument("--first-step", type=int, default=0,
                    help="with --init: the steps it took, so that the images drawn are new")
    ap.add_argument("--levels", type=lambda s: [int(x) for x in s.split(",")], default=[LEVEL],
                    help="the levels the images are drawn at, by seed (default 140)")
    ap.add_argument("--colour-weight", type=float, default=0.0,
                    help="weight of a per-token loss: the colour of the shape touching each "
                         "soft token (>= TOUCH_COVER of it), so that small shapes show")
    args = ap.parse_args(argv)
    torch.set_num_threads(1)
    torch.manual_seed(0)
    model = twin.Twin(used_tokens=[])
    if args.init:
        missing = model.load_state_dict(torch.load(args.init)["vision"], strict=False)
        assert not missing.unexpected_keys, missing.unexpected_keys
    head = kind_head(model.t["hidden"])
    params = [p for name, p in model.named_parameters() if name.startswith(VISION_PARAMS)]
    params += list(head.parameters())
    colour_head = None
    if args.colour_weight:
        colour_head = nn.Linear(model.t["hidden"], 1 + len(COLOURS))
        params += list(colour_head.parameters())
    opt = torch.optim.AdamW(params, lr=args.lr)
    held_out = [make_image(16_000_000 + i, args.levels) for i in range(30)]
    loader = data_workers.loader(Images(args.first_step, args.steps, 15_000_000, args.levels))
    t0 = time.time()
    for step, images in enumerate(loader, start=args.first_step):
        if colour_head is not None:
            logits, kinds, colour_loss = per_shape(model, head, images, colour_head)
            loss = F.cross_entropy(logits, kinds) + args.colour_weight * colour_loss
        else:
            logits, kinds = per_shape(model, head, images)
            loss = F.cross_entropy(logits, kinds)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 250 == 249 or step == args.steps - 1:
            with torch.no_grad():
                logits, kinds = per_shape(model, head, held_out)
            print(f"step {step + 1} loss {loss.item():.3f} held-out shapes: kind "
                  f"{(logits.argmax(-1) == kinds).float().mean():.3f} (n {len(kinds)}) "
                  f"elapsed {time.time() - t0:.0f}s", flush=True)
    torch.save({"vision": vision_state(model), "steps": args.steps,
                "seconds": time.time() - t0}, args.out)


if __name__ == "__main__":
    main()
