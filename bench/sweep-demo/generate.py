"""Issue #58 §4's images: COUNT images of the demo model's word task, drawn by the training
pipeline's own generator (tools/demo-model/facet_demo_model/make_data.py, `word_scene`) so
they are the task family the model learned, from seeds no stage of training draws (training:
14,000,000 + step, the reading stage 17,000,000 + ..., the whole-image cache 19,000,000 + ...;
the accuracy bench 10**9 + row x 10**6 + i; here 5,800,000,000 + i).

  generate.py OUT_DIR [COUNT]

Writes OUT_DIR/images/word-NNN.png and OUT_DIR/truth.json: per image its file, the word, the
expected answer ("WORD.", make_data.ask's form), the image size, the word's box (x0, y0, x1, y1
in pixels) and the crop X,Y,W,H that region zoom asks about: that box grown by 25 % of its
width on the left and right and 25 % of its height above and below, kept inside the image.
"""
import json
import os
import random
import sys

from facet_demo_model import make_data

SEED_BASE = 5_800_000_000
QUESTION = "What word is written in the image?"  # make_data.ask's word question, verbatim


def padded_crop(box, size, pad=0.25):
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    left = max(0, int(x0 - pad * w))
    top = max(0, int(y0 - pad * h))
    right = min(size[0], int(round(x1 + pad * w)))
    bottom = min(size[1], int(round(y1 + pad * h)))
    return [left, top, right - left, bottom - top]


def main(argv):
    out = argv[0]
    count = int(argv[1]) if len(argv) > 1 else 100
    os.makedirs(os.path.join(out, "images"), exist_ok=True)
    truth = []
    for i in range(count):
        scene = make_data.word_scene(random.Random(SEED_BASE + i))
        _, answer = make_data.ask(None, scene, "word")
        name = f"word-{i:03d}.png"
        scene["image"].save(os.path.join(out, "images", name))
        box = [int(v) for v in scene["word_box"]]
        truth.append({"file": name, "seed": SEED_BASE + i, "word": scene["word"],
                      "answer": answer, "size": list(scene["image"].size), "box": box,
                      "crop": padded_crop(box, scene["image"].size)})
    with open(os.path.join(out, "truth.json"), "w", encoding="utf-8") as f:
        json.dump({"question": QUESTION, "images": truth}, f, indent=1)
    print(f"{count} images in {out}/images, truth in {out}/truth.json")


if __name__ == "__main__":
    main(sys.argv[1:])
