"""Stage 3 of the demo model's training: a vision side that reads (retrain.sh runs it once,
with --local, as the committed model was made; what each run measured is in
tools/demo-model/bench/RESULTS.md).

The vision side of stages 1-2 (one layer, one head) cannot see letters: at 1120 a capital is
1-3.5 patches tall and sits anywhere inside them. This stage replaces it by a new one of two
layers of two heads (VISION_READING), trained on windows around printed words (word_crops.py)
with two per-token targets:
  - each patch's letter (the letter under its centre), read from the vision encoder's output;
  - each word soft token's word (one of the 100), read from the projected soft tokens: the
    decoder would then only have to look at the word's tokens and name what they carry;
and taught to give the decoder what the old vision side gave it: on a full image at level 70
or 140 each step, its projected soft tokens are held to the old side's (a squared error
relative to their size). The decoder and the vocabulary rows are the old model's, unchanged.

Measured (RESULTS.md): the word named from its tokens, chance -> 59 % of 100 held-out 1120
windows in 3,000 steps (560: 47 %, 70: 2 %), 0.27 s a step; the old side, grown to this size
with its function kept (zeroed new outputs), learnt letters at half the pace and was dropped.
That side read 3 % of 100 whole 1120 images; with --context, then --whole, 20 %, then 32 % and
39 % (tools/demo-model/bench/reading_report.py).

  reading_stage.py WEIGHTS.rbln OUT.pt [--steps N] [--held-out N] [--init READING.pt]
                   [--context MIN MAX] [--whole N] [--whole-held-out N] [--local]

--context: each window also carries MIN-MAX random patches of the rest of its image
(word_crops.context_patches), so the vision side learns to read amid a whole image's patches:
trained on windows alone, its word tokens' soft tokens on whole 1120 images were far from
those of the same tokens in a window (cosine 0.2-0.98 over 8 images), and the decoder on top
read none of the whole images. --whole: that many whole 1120 word images a step besides the
windows (~3.5 s each, forward and backward). --whole-held-out: also report the word named on
that many whole 1120 images. --init: go on from an earlier output (its vision side and heads);
--first-step: the steps the earlier runs took, so that the images drawn are new ones (each
step's images are a function of its number).

--local (retrain.sh, since 2026-12-03; RESULTS.md): a side without attention between patches,
its o_proj held at zero (the simulator still runs the attention, which then adds exactly
zero): each patch's output depends only on its own pixels and position, so a word's soft
tokens are the same in a window and in the whole image, and training on windows alone reads
whole images too. Only the patch embedding, the position table, the MLPs and their norms and
the projection train; ~0.11-0.17 s a step instead of ~0.27. In 9,000 steps (17 min) it named
the word on 52-63 % of 40 held-out whole 1120 images, against 39 % for the attention side
after --context and --whole (~1.5 hours); in 18,000 steps (what retrain.sh runs), 65-80 %.
The runs above are how the committed model was made before.

WEIGHTS.rbln: a model from stages 1-2 (export.py); OUT.pt: that model with the new vision side,
which train.py --init-model --reading takes on (the decoder learns to answer with the word).
"""
import argparse
import math
import random
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

from . import aux_targets
from . import data_workers
from . import export
from . import make_data
from . import twin
from . import word_crops

VISION_READING = dict(twin.VISION, layers=2, heads=2, intermediate=256)
CROPS_PER_STEP = 6
CROP_LEVELS = [1120, 1120, 560]  # reading is asked at 1120; 560 shows most words too
KEEP_LEVELS = [70, 140]  # 280 too costs ~1 s a step (attention over 2,520 patches)
KEEP_WEIGHT = 3.0
# steps between the held-out report's lines (and the last step's): each is ~4 s of forwards
# over 340 windows and images, which every 250 steps was ~3 minutes of the recipe's 12,000
# steps; it only reads the model, so how often it runs leaves the weights as they are
HELD_OUT_EVERY = 2000
VISION_PARAMS = twin.VISION_PARAMS
# a vision layer's attention (all that --local leaves untrained; its o_proj is zero)
ATTENTION_PARAMS = ("q_proj", "k_proj", "v_proj", "o_proj", "q_norm", "k_norm", "input_norm",
                    "post_attention_norm")


def fresh_vision(small):
    """A Twin with VISION_READING: `small`'s decoder and vocabulary rows, a new vision side."""
    big = twin.Twin(small.t, VISION_READING, used_tokens=small.used.tolist())
    with torch.no_grad():
        ours = big.state_dict()
        for name, value in small.state_dict().items():
            if not name.startswith(VISION_PARAMS):
                ours[name].copy_(value)
    return big


def soft_tokens(model, pixels, positions, pool, per_row, n):
    """The vision encoder's output per patch and the projected soft tokens of one image (or
    window: its patches are the first len(pool); any after them are context, attended to but
    not pooled)."""
    px, pos = torch.from_numpy(pixels), torch.from_numpy(positions)
    pad = torch.zeros(len(px), dtype=torch.bool)
    emb, _ = model.vision_inputs(px, pos, exact=False)
    x = model.vision_encoder(emb, pos, pad, attention=model.vision_attends(),
                             chunk=twin.QUERY_CHUNK)[:len(pool)]
    pooled = model.pool(x, torch.from_numpy(pool), pad[:len(pool)], per_row, 0, n)
    return x, model.project(pooled, exact=False)


def keep_image(seed):
    rng = random.Random(seed)
    case = make_data.make_case(rng, rng.choice(make_data.QUESTION_TYPES))
    pixels, positions, pw, ph = twin.preprocess(case["image"], rng.choice(KEEP_LEVELS))
    return pixels, positions, positions, pw // twin.POOL, twin.soft_tokens(pw, ph)


class Crops(torch.utils.data.IterableDataset):
    """Word windows and an image to keep, drawn by the worker processes (windows: seeds
    17,000,000 + CROPS_PER_STEP x step + i, the step counted from first_step)."""

    def __init__(self, steps, context=(0, 0), whole=0, first_step=0):
        self.steps, self.context, self.whole = steps, context, whole
        self.first_step = first_step

    def __iter__(self):
        for run_step in data_workers.worker_steps(0, self.steps):
            step = self.first_step + run_step
            levels = random.Random(17_500_000 + step)
            windows = [word_crops.word_crop(17_000_000 + CROPS_PER_STEP * step + i,
                                            levels.choice(CROP_LEVELS),
                                            levels.randint(*self.context)
                                            if self.context[1] else 0)
                       for i in range(CROPS_PER_STEP)]
            wholes = [whole_image(17_800_000 + self.whole * step + i) for i in range(self.whole)]
            yield run_step, windows + wholes, keep_image(17_700_000 + step)


class Heads(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.letter = nn.Linear(hidden, word_crops.LETTERS + 1)
        self.word = nn.Linear(hidden, len(make_data.WORDS) + 1)


def reading_loss(model, heads, crops):
    """Letter and word losses over the windows, and per window (word right, letters right)."""
    letter_loss, word_loss, scores = 0.0, 0.0, []
    for c in crops:
        x, feats = soft_tokens(model, c["pixels"], c["positions"], c["pool"], c["per_row"], c["n"])
        letters, words = torch.from_numpy(c["letters"]), torch.from_numpy(c["word"])
        on_letter, on_word = letters > 0, words > 0
        letter_logits, word_logits = heads.letter(x[on_letter]), heads.word(feats[on_word])
        if on_letter.any():
            letter_loss = letter_loss + F.cross_entropy(letter_logits, letters[on_letter])
        if on_word.any():
            word_loss = word_loss + F.cross_entropy(word_logits, words[on_word])
            letters_right = (letter_logits.argmax(-1) == letters[on_letter]).float()
            scores.append((word_logits.mean(0).argmax().item() == c["word_id"],
                           letters_right.mean().item() if on_letter.any() else 0.0))
    return letter_loss / len(crops), word_loss / len(crops), scores


def keep_loss(model, teacher, image):
    """How far the image's soft tokens are from the old vision side's (relative squared error)."""
    with torch.no_grad():
        old = soft_tokens(teacher, *image)[1]
    return (soft_tokens(model, *image)[1] - old).pow(2).mean() / old.pow(2).mean()


WHOLE = "1120 whole"  # the held-out whole images' key


def whole_image(seed):
    """A whole 1120 word image as reading_loss takes it (no letter labels: all unscored)."""
    scene = make_data.word_scene(random.Random(seed))
    pixels, positions, pw, ph = twin.preprocess(scene["image"], 1120)
    return dict(pixels=pixels, positions=positions, pool=positions, per_row=pw // twin.POOL,
                n=twin.soft_tokens(pw, ph), letters=np.zeros(len(pixels), dtype=np.int64),
                word=aux_targets.token_targets(scene, pw, ph)["word"],
                word_id=make_data.WORDS.index(scene["word"]) + 1)


def held_out_report(model, heads, held):
    with torch.no_grad():
        parts = []
        for level, crops in held.items():
            _, _, scores = reading_loss(model, heads, crops)
            s = np.array(scores, dtype=float)
            letters = "" if level == WHOLE else f" letters {s[:, 1].mean():.3f}"
            parts.append(f"{level}: word {s[:, 0].mean():.3f}{letters}")
    return " | ".join(parts)


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("weights")
    ap.add_argument("out")
    ap.add_argument("--steps", type=int, default=3000)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--held-out", type=int, default=100, help="windows per level for the log")
    ap.add_argument("--whole-held-out", type=int, default=0,
                    help="whole 1120 images for the log (~1.5 s each)")
    ap.add_argument("--context", type=int, nargs=2, default=(0, 0), metavar=("MIN", "MAX"),
                    help="patches of the rest of the image with each window")
    ap.add_argument("--whole", type=int, default=0,
                    help="whole 1120 word images a step besides the windows (word loss only)")
    ap.add_argument("--init", help="an earlier output to go on from")
    ap.add_argument("--first-step", type=int, default=0,
                    help="with --init: the earlier runs' steps, so this run draws new images")
    ap.add_argument("--local", action="store_true",
                    help="no attention between patches (o_proj held at zero; see above)")
    args = ap.parse_args(argv)
    torch.set_num_threads(1)
    torch.manual_seed(17)
    teacher = export.read(args.weights)
    model = fresh_vision(teacher)
    heads = Heads(model.t["hidden"])
    if args.init:
        earlier = torch.load(args.init)
        model.load_state_dict(earlier["model"])
        if "heads" in earlier:
            heads.load_state_dict(earlier["heads"])
    if args.local:
        with torch.no_grad():
            for layer in model.vision_layers:
                layer.o_proj.zero_()

    def trained(name):
        return name.startswith(VISION_PARAMS) and not (
            args.local and name.split(".")[-1] in ATTENTION_PARAMS)
    params = [p for name, p in model.named_parameters() if trained(name)]
    for name, p in model.named_parameters():
        p.requires_grad_(trained(name))
    opt = torch.optim.AdamW(params + list(heads.parameters()), lr=args.lr, weight_decay=0.0)
    warm = 100

    def sched(s):
        return min(1.0, (s + 1) / warm) * (0.1 + 0.9 * 0.5 * (1 + math.cos(
            math.pi * s / args.steps)))
    held = {level: [word_crops.word_crop(18_000_000 + level * 1000 + i, level)
                    for i in range(args.held_out)]
            for level in (1120, 560, 70)}
    if args.whole_held_out:
        held[WHOLE] = [whole_image(18_500_000 + i) for i in range(args.whole_held_out)]
    loader = data_workers.loader(Crops(args.steps, args.context, args.whole, args.first_step))
    t0 = time.time()
    for step, crops, kept_image in loader:
        for g in opt.param_groups:
            g["lr"] = args.lr * sched(step)
        letter_loss, word_loss, _ = reading_loss(model, heads, crops)
        kept = keep_loss(model, teacher, kept_image)
        loss = letter_loss + word_loss + KEEP_WEIGHT * kept
        opt.zero_grad()
        loss.backward()
        opt.step()
        last = step == args.steps - 1
        if step % 250 == 249 or last:
            held_out = (f" | held out {held_out_report(model, heads, held)}"
                        if (step + 1) % HELD_OUT_EVERY == 0 or last else "")
            print(f"step {step + 1} letters {float(letter_loss):.3f} word {float(word_loss):.3f} "
                  f"keep {float(kept):.4f}{held_out} | elapsed {time.time() - t0:.0f}s",
                  flush=True)
    torch.save({"model": model.state_dict(), "heads": heads.state_dict(),
                "used": model.used, "vision": model.v,
                "step": 0, "loss": loss.item(), "seconds": time.time() - t0}, args.out)


if __name__ == "__main__":
    main()
