"""The reading stage's labels (facet_demo_model/word_crops.py) against Pillow's own drawing.

Letters: word_crops.letter_bounds splits the drawn word's box by the font's advances. Here
each letter's ink is found independently, by drawing the word's prefixes with Pillow and
keeping the pixels that the letter adds; nearly all of a letter's ink must fall between its
bounds (glyphs may overhang their advance by a pixel or two, and kerning pairs such as "AY"
move a letter a few pixels into its neighbour's advance: 96.8 % of "DAY"'s Y at 45 px).
Windows: a window's pixels are resized from a box of the image (Image.resize's box); they
must equal the same window cut from the whole image resized the way the engine resizes it
(twin.preprocess), and its word labels must sit on the word's ink. Context patches (the rest
of the image a window may carry) must be the image's own, outside the window.
"""
import random

import numpy as np
from PIL import Image, ImageDraw

from facet_demo_model import make_data
from facet_demo_model import twin
from facet_demo_model import word_crops


def ink(word, size, origin):
    img = Image.new("L", (size * 7 + 2 * origin[0], 3 * size), 0)
    ImageDraw.Draw(img).text(origin, word, font=make_data._font(size), fill=255)
    return np.asarray(img) > 127


def check_letter_bounds():
    rng = random.Random(7)
    worst = 1.0
    for _ in range(40):
        word, size = rng.choice(make_data.WORDS), rng.randint(14, 60)
        origin = (rng.randint(0, 9), size // 2)
        left, top, right, bottom = make_data._font(size).getbbox(word)
        box = (origin[0] + left, origin[1] + top, origin[0] + right, origin[1] + bottom)
        bounds = word_crops.letter_bounds(word, box)
        previous = np.zeros_like(ink(word, size, origin))
        for i in range(len(word)):
            now = ink(word[:i + 1], size, origin)
            added = now & ~previous
            previous = now
            xs = np.nonzero(added)[1]
            if len(xs) == 0:
                continue
            within = ((xs + 0.5 >= bounds[i] - 1.5) & (xs + 0.5 <= bounds[i + 1] + 1.5)).mean()
            worst = min(worst, within)
            assert within >= 0.95, (word, size, i, within, bounds, xs.min(), xs.max())
    print(f"letter bounds: 40 words, worst letter has {100 * worst:.1f} % of its ink inside")


def check_windows():
    lettered = 0
    for seed in range(6):
        level = (1120, 560)[seed % 2]
        crop = word_crops.word_crop(seed, level)
        scene = make_data.word_scene(random.Random(seed))
        pixels, positions, pw, ph = twin.preprocess(scene["image"], level)
        index = {tuple(p): i for i, p in enumerate(positions.tolist())}
        rows = [index[tuple(p)] for p in crop["positions"].tolist()]
        diff = np.abs(pixels[rows] - crop["pixels"]).max()
        assert diff <= 1.5 / 255, (seed, diff)  # resampling a box: the same filter taps
        # the word's tokens hold dark (ink) pixels; the others of the window mostly do not
        dark = (crop["pixels"].reshape(len(rows), -1, 3).mean(-1) < 0.35).sum(1)
        per_token = np.zeros(crop["n"])
        slot = crop["pool"][:, 0] // 3 + crop["per_row"] * (crop["pool"][:, 1] // 3)
        np.add.at(per_token, slot, dark)
        on_word = crop["word"] > 0
        assert on_word.any() and (per_token[on_word] > 0).mean() >= 0.8, (
            seed, per_token, crop["word"])
        assert (crop["word"][on_word] == crop["word_id"]).all()
        # (print under 16 resized pixels tall can pass between the patches' centres: no letters)
        letters = crop["letters"] > 0
        assert set(np.unique(crop["letters"][letters])) <= {ord(c) - 64 for c in scene["word"]}
        lettered += letters.any()
    assert lettered >= 4, lettered
    print(f"windows: 6 at 1120 and 560 equal the engine's resize, labels on the word "
          f"({lettered} with letters)")


def check_context():
    """Context patches: the window comes first and is the same as without context; after it,
    distinct patches of the rest of the whole resized image, each equal to that patch."""
    for seed, count in ((1, 500), (2, 100000)):
        bare, crop = word_crops.word_crop(seed, 1120), word_crops.word_crop(seed, 1120, count)
        w = len(bare["pixels"])
        assert np.array_equal(crop["pixels"][:w], bare["pixels"])
        assert np.array_equal(crop["positions"][:w], bare["positions"])
        scene = make_data.word_scene(random.Random(seed))
        pixels, positions, _, _ = twin.preprocess(scene["image"], 1120)
        index = {tuple(p): i for i, p in enumerate(positions.tolist())}
        window = {tuple(p) for p in bare["positions"].tolist()}
        more = [tuple(p) for p in crop["positions"][w:].tolist()]
        assert len(set(more)) == len(more) and not set(more) & window
        assert len(more) == min(count, len(positions) - w), (len(more), count)
        rows = [index[p] for p in more]
        assert np.array_equal(crop["pixels"][w:], pixels[rows])
    print(f"context: {len(more)} patches outside the window, each the image's own")


if __name__ == "__main__":
    check_letter_bounds()
    check_windows()
    check_context()
