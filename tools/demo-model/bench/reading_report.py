"""How well a reading stage's vision side reads (facet_demo_model/reading_stage.py's output):
the word named by its word head (the mean of the word tokens' logits) on held-out windows
around the word and on held-out whole images, at 1120. RESULTS.md's "Reading on whole
images" table came from here.

  reading_report.py READING.pt [READING.pt ...] [--count 100]

Windows: seeds 18,000,000 + 1,120,000 + i (the reading stage's own held-out windows, and more);
whole images: 18,600,000 + i (never used by the reading stage). ~2 s a whole image.
"""
import argparse

import torch

from facet_demo_model import export
from facet_demo_model import reading_stage
from facet_demo_model import word_crops


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("reading", nargs="+")
    ap.add_argument("--count", type=int, default=100, help="windows and whole images each")
    args = ap.parse_args()
    torch.set_num_threads(1)
    held = {1120: [word_crops.word_crop(18_000_000 + 1120 * 1000 + i, 1120)
                   for i in range(args.count)],
            reading_stage.WHOLE: [reading_stage.whole_image(18_600_000 + i)
                                  for i in range(args.count)]}
    for path in args.reading:
        model, state = export.load(path)
        heads = reading_stage.Heads(model.t["hidden"])
        heads.load_state_dict(state["heads"])
        print(f"{path}: {reading_stage.held_out_report(model, heads, held)}", flush=True)


if __name__ == "__main__":
    main()
