"""How well a vision side's soft tokens show a shape that covers only part of a token: a
linear probe, fitted on one set of generated shape images and scored on another, names each
token's colour (the colour of the shape covering most of it, when that shape covers at least
3 % of the token; otherwise "none"). Scored by the share of the token the shape covers.

  token_probe.py MODEL... [--level 280]

MODEL: a weights file as export.py writes it (.rbln), a checkpoint of train.py or
reading_stage.py (.pt with "model"), or pretrain_vision.py's output (the vision side alone).

Why: the fast recipe's count misses are shapes under 1.5 soft tokens wide at 280
(count_by_size.py), and this tells vision sides apart on exactly that without training a
decoder on each (tools/demo-model/bench/RESULTS.md has the figures). Images: make_data.shape_scene
with seeds 30,500,000 + i (150 to fit, 60 to score), never used in training.
"""
import argparse
import os
import random

import torch
import torch.nn.functional as F

from facet_demo_model import export
from facet_demo_model import make_data
from facet_demo_model import pretrain_vision
from facet_demo_model import twin


COLORS = list(make_data.COLORS)
FIT, SCORE = 150, 60
BANDS = ((0.03, 0.10), (0.10, 0.25), (0.25, 0.50), (0.50, 1.01))


def load(path):
    """A twin.Twin with the vision side of `path` (the decoder is not used)."""
    if path.endswith(".rbln"):
        stored = export.read(path)
        model = twin.Twin(vision=stored.v, used_tokens=stored.used.tolist())
        model.load_state_dict(stored.state_dict())
        return model
    saved = torch.load(path)
    if "model" not in saved:  # pretrain_vision.py: {"vision": its state dict}
        model = twin.Twin(used_tokens=[])
        model.load_state_dict(saved["vision"], strict=False)
        return model
    model = twin.Twin(vision=saved["vision"], used_tokens=saved["used"].tolist())
    model.load_state_dict(saved["model"])
    return model


def tokens_and_labels(model, seed, level):
    """The image's soft tokens, each token's colour class (0 none) and the covering share."""
    scene = make_data.shape_scene(random.Random(seed))
    pixels, positions, pw, ph = twin.preprocess(scene["image"], level)
    px, pos = torch.from_numpy(pixels), torch.from_numpy(positions)
    pad = torch.zeros(len(px), dtype=torch.bool)
    gw, gh = pw // twin.POOL, ph // twin.POOL
    with torch.no_grad():
        emb, _ = model.vision_inputs(px, pos, exact=False)
        x = model.vision_encoder(emb, pos, pad, attention=model.vision_attends())
        feats = model.project(model.pool(x, pos, pad, gw, 0, gw * gh), exact=False)
    share = pretrain_vision.cover_of_token(scene, pw, ph)[1]
    colour = pretrain_vision.colour_of_token(scene, pw, ph)
    return feats, torch.from_numpy(colour), torch.from_numpy(share)


def probe(path, level):
    model = load(path)
    data = [tokens_and_labels(model, 30_500_000 + i, level) for i in range(FIT + SCORE)]
    x, y, _ = (torch.cat(part) for part in zip(*data[:FIT]))
    xt, yt, share = (torch.cat(part) for part in zip(*data[FIT:]))
    mean, std = x.mean(0), x.std(0) + 1e-6
    x, xt = (x - mean) / std, (xt - mean) / std
    w = torch.zeros(x.shape[1], 1 + len(COLORS), requires_grad=True)
    b = torch.zeros(1 + len(COLORS), requires_grad=True)
    opt = torch.optim.Adam([w, b], lr=0.05)
    counts = torch.bincount(y, minlength=1 + len(COLORS)).float()
    weight = (counts.sum() / (counts + 1)).clamp(max=50).sqrt()  # the rare classes count too
    for _ in range(400):
        loss = F.cross_entropy(x @ w + b, y, weight=weight)
        opt.zero_grad()
        loss.backward()
        opt.step()
    with torch.no_grad():
        guess = (xt @ w + b).argmax(-1)
    cells = []
    for lo, hi in BANDS:
        sel = (yt > 0) & (share >= lo) & (share < hi)
        cells.append(f"{(guess[sel] == yt[sel]).float().mean():.3f} ({int(sel.sum())})")
    none = yt == 0
    cells.append(f"{(guess[none] == 0).float().mean():.3f} ({int(none.sum())})")
    return cells


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("models", nargs="+")
    ap.add_argument("--level", type=int, default=280)
    args = ap.parse_args()
    torch.manual_seed(0)
    print(f"Colour of the covering shape, right, by the share it covers (level {args.level}):\n")
    print("| model | " + " | ".join(f"{lo:.2f}-{min(hi, 1):.2f}" for lo, hi in BANDS) +
          " | no shape |")
    print("|---" * (len(BANDS) + 2) + "|")
    for path in args.models:
        print(f"| {os.path.basename(path)} | " + " | ".join(probe(path, args.level)) + " |",
              flush=True)


if __name__ == "__main__":
    main()
