"""Whole images' soft tokens, computed once by a frozen vision side, for train.py --whole-cache
(retrain.sh's reading part; what it measured is in tools/demo-model/bench/RESULTS.md).

Why: trained on windows around the word only, the decoder read 6 of 12 windows and 0 of 8 whole
1120 images (~1,050 soft tokens). Whole 1120 images in training cost tens of seconds a batch,
almost all of it the vision side's attention over ~9,700 patches; with that side frozen
(--freeze-vision) its output never changes, so it is computed here once per image (in chunks of
queries: ~2 s an image instead of 10-14) and the decoder trains on it in about a second. A
local side (reading_stage.py --local, retrain.sh's) needs no attention: ~0.14 s an image.

  whole_cache.py TOKENS.json MODEL.pt OUT.pt [--first SEED] [--count N] [--level 1120]
                 [--word-share 0.7]

MODEL.pt: a checkpoint with a vision side (reading_stage.py's output, or train.py's). Each
entry is what train.make_sample gives, with the projected soft tokens ("feats") in place of the
pixels. --word-share of the images are asked the word first; the rest any question at the
level's mix. Seeds: --first + i (train.py's own seeds are 14,000,000 + step; use others).
"""
import argparse
import random
import time

import torch

from . import export
from . import reading_stage
from . import train
from . import twin


def vision_feats(model, sample):
    """The projected soft tokens of one sample's image, as train.forward_batch computes them."""
    with torch.no_grad():
        return reading_stage.soft_tokens(model, sample["pixels"], sample["positions"],
                                         sample["pool"], sample["per_row"], sample["n"])[1]


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("tokens")
    ap.add_argument("model")
    ap.add_argument("out")
    ap.add_argument("--first", type=int, default=19_000_000)
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--level", type=int, default=1120)
    ap.add_argument("--word-share", type=float, default=0.7)
    args = ap.parse_args(argv)
    torch.set_num_threads(1)
    tok = train.Tokens(args.tokens)
    model, state = export.load(args.model)
    entries, t0 = [], time.time()
    for i in range(args.count):
        rng = random.Random(args.first + i)
        qtype = "word" if rng.random() < args.word_share else None
        s = train.make_sample(rng, args.level, tok, False, False, reading=True, qtype=qtype)
        entries.append(dict(feats=vision_feats(model, s), targets=s["targets"], seqs=s["seqs"],
                            n=s["n"], img_start=s["img_start"], level=args.level))
        if (i + 1) % 25 == 0:
            print(f"{i + 1}/{args.count} images, {time.time() - t0:.0f}s", flush=True)
    torch.save({"entries": entries, "vision": state["vision"],
                "vision_state": {k: v for k, v in state["model"].items()
                                 if k.startswith(twin.VISION_PARAMS)}}, args.out)


if __name__ == "__main__":
    main()
