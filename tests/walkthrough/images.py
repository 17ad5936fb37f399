"""Test images, made here so the test needs no binary files: a small one for the dialogs and the
keyboard question, a large one (3000×2000) whose encoding at level Maximum lasts long enough to
press Stop during it."""

import os

from PIL import Image, ImageDraw


def make(path, size, colour):
    image = Image.new("RGB", size, colour)
    draw = ImageDraw.Draw(image)
    w, h = size
    # Some structure, so an encoder (or a PNG writer) does not see one flat colour.
    for i in range(0, w, max(1, w // 16)):
        draw.line([(i, 0), (w - i, h)], fill=(255 - colour[0], colour[1], 255 - colour[2]),
                  width=max(1, w // 200))
    draw.ellipse([w // 4, h // 4, 3 * w // 4, 3 * h // 4], outline=(0, 0, 0), width=max(2, w // 100))
    image.save(path)
    return path


def make_all(folder):
    os.makedirs(folder, exist_ok=True)
    return {
        "small": make(os.path.join(folder, "walk-small.png"), (320, 240), (200, 60, 40)),
        "large": make(os.path.join(folder, "walk-large.png"), (3000, 2000), (40, 90, 200)),
    }
