"""Whether a frozen vision side's soft tokens tell the four shapes apart at a level: a small
kind head (pretrain_vision.py's, on each shape's soft tokens averaged) trained on them alone,
then scored on held-out shapes. Tells a vision side that lost the shapes from a decoder that
did not learn to look them up (RESULTS.md, nineteenth session).

  kind_probe.py SIDE [SIDE ...] [--level 280] [--steps 150]

SIDE: export.py's weights (.rbln), a reading_stage.py or train.py checkpoint, or
pretrain_vision.py's output. Training shapes: seeds 15,500,000 + 6 x step + i (stage 1 draws
from 15,000,000 up to 15,024,000); held out: 16,500,000 + i, 60 images. ~0.7 s a step at 280.
"""
import argparse
import time

import torch
import torch.nn.functional as F

from facet_demo_model import export
from facet_demo_model import pretrain_vision
from facet_demo_model import twin


def load_side(path):
    if path.endswith(".rbln"):
        return export.read(path)
    if "model" in torch.load(path):  # a whole model
        return export.load(path)[0]
    model = twin.Twin(used_tokens=[])  # stage 1: the vision side alone
    model.load_state_dict(torch.load(path)["vision"], strict=False)
    return model


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("sides", nargs="+")
    ap.add_argument("--level", type=int, default=280)
    ap.add_argument("--steps", type=int, default=150)
    args = ap.parse_args()
    torch.set_num_threads(1)
    pretrain_vision.LEVEL = args.level  # make_image preprocesses at this level
    held_out = [pretrain_vision.make_image(16_500_000 + i) for i in range(60)]
    for path in args.sides:
        torch.manual_seed(3)
        model = load_side(path)
        for p in model.parameters():
            p.requires_grad_(False)
        head = pretrain_vision.kind_head(model.t["hidden"])
        opt = torch.optim.AdamW(head.parameters(), lr=3e-3)
        t0 = time.time()
        for step in range(args.steps):
            images = [pretrain_vision.make_image(15_500_000 + 6 * step + i) for i in range(6)]
            logits, kinds = pretrain_vision.per_shape(model, head, images)
            loss = F.cross_entropy(logits, kinds)
            opt.zero_grad()
            loss.backward()
            opt.step()
        with torch.no_grad():
            logits, kinds = pretrain_vision.per_shape(model, head, held_out)
        kind = (logits.argmax(-1) == kinds).float().mean()
        print(f"{path} at {args.level}: held-out kind {kind:.3f}"
              f" of {len(kinds)} shapes, {args.steps} steps, {time.time() - t0:.0f} s", flush=True)


if __name__ == "__main__":
    main()
