"""Training windows around the printed word, labelled per patch with the letter under it and
per soft token with the word (reading_stage.py reads them).

A window is a block of whole soft tokens (3x3 patches) of the image as the engine would resize
it for a detail level, cut around the word with a random margin. Only the window is resized
(Image.resize's box: the same source-to-target mapping as resizing the whole image and
cutting it), so a 1120 window costs ~1/20 of the whole image. Patches keep their absolute
positions (the position table and RoPE see where they are), pooling slots are window-local.
"""
import random

import numpy as np
from PIL import Image

from . import make_data
from . import twin

SIDE = twin.PATCH * twin.POOL  # resized pixels per soft token, per axis
MIN_COVER = 0.12  # the word must cover this share of a soft token to name it (aux_targets)
LETTERS = 26  # letter labels 1..26 (A..Z); 0: no letter under the patch's centre
_ADVANCES = make_data._font(64)  # letter boundaries scale with the font size: one size suffices


def letter_bounds(word, box):
    """The x boundaries of the word's letters in image pixels: from the font's advances,
    scaled to the drawn box (so the gaps between letters go to the letter before them)."""
    adv = [_ADVANCES.getlength(word[:i]) for i in range(len(word) + 1)]
    scale = (box[2] - box[0]) / adv[-1]
    return np.array([box[0] + a * scale for a in adv])


def _window(rng, box, gw, gh, sx, sy):
    """A window (x0, y0, cols, rows) of whole soft tokens holding the word, margins random."""
    x0, x1 = int(box[0] / sx) // SIDE, min(gw - 1, int(box[2] / sx) // SIDE)
    y0, y1 = int(box[1] / sy) // SIDE, min(gh - 1, int(box[3] / sy) // SIDE)
    cols = min(gw, x1 - x0 + 1 + rng.randint(1, 4))
    rows = min(gh, y1 - y0 + 1 + rng.randint(1, 3))
    wx0 = rng.randint(max(0, x1 - cols + 1), min(x0, gw - cols))
    wy0 = rng.randint(max(0, y1 - rows + 1), min(y0, gh - rows))
    return wx0, wy0, cols, rows


def word_crop(seed, level, context=0):
    """dict(pixels [P, 768], positions [P, 2] absolute, pool [P, 2] window-local, per_row, n,
    letters [P] (0..26), word [n] (1 + index in make_data.WORDS where the word covers the
    token, else 0), word_id). context: up to that many more patches of the image outside the
    window, drawn at random, appended after the window's (pool and letters cover the window's
    only): the vision side's attention then also sees the rest of the image, as in a whole
    1120 image's ~9,700 patches, of which a window is ~1/10."""
    rng = random.Random(seed)
    scene = make_data.word_scene(rng)
    img, word, box = scene["image"], scene["word"], scene["word_box"]
    W, H = img.size
    th, tw = twin.target_size(H, W, level)
    sx, sy = W / tw, H / th  # image pixels per resized pixel
    wx0, wy0, cols, rows = _window(rng, box, tw // SIDE, th // SIDE, sx, sy)
    left, top, w, h = wx0 * SIDE, wy0 * SIDE, cols * SIDE, rows * SIDE
    if (tw, th) == (W, H):
        part = img.crop((left, top, left + w, top + h))
    else:
        part = img.resize((w, h), Image.BICUBIC,
                          box=(left * sx, top * sy, (left + w) * sx, (top + h) * sy))
    arr = twin.UNIT_PIXEL[np.asarray(part)]
    P = twin.PATCH
    ph, pw = h // P, w // P
    pixels = arr.reshape(ph, P, pw, P, 3).transpose(0, 2, 1, 3, 4).reshape(ph * pw, -1)
    ys, xs = np.meshgrid(np.arange(ph), np.arange(pw), indexing="ij")
    local = np.stack([xs.reshape(-1), ys.reshape(-1)], 1).astype(np.int64)
    # the letter under each patch's centre
    cx = (left + (local[:, 0] + 0.5) * P) * sx
    cy = (top + (local[:, 1] + 0.5) * P) * sy
    bounds = letter_bounds(word, box)
    inside = (cy >= box[1]) & (cy <= box[3]) & (cx >= box[0]) & (cx <= box[2])
    which = np.clip(np.searchsorted(bounds, cx) - 1, 0, len(word) - 1)
    codes = np.array([ord(c) - ord("A") + 1 for c in word])
    letters = np.where(inside, codes[which], 0)
    # the soft tokens the word covers
    gx, gy = np.arange(cols) + wx0, np.arange(rows) + wy0
    over_x = np.clip(np.minimum((gx + 1) * SIDE * sx, box[2]) - np.maximum(gx * SIDE * sx, box[0]),
                     0, None) / sx
    over_y = np.clip(np.minimum((gy + 1) * SIDE * sy, box[3]) - np.maximum(gy * SIDE * sy, box[1]),
                     0, None) / sy
    cover = (over_y[:, None] * over_x[None, :]).reshape(-1) / (SIDE * SIDE)
    word_id = make_data.WORDS.index(word) + 1
    positions = local + np.array([3 * wx0, 3 * wy0])
    if context:
        more, at = context_patches(img, level, (wx0, wy0, cols, rows), context, rng)
        pixels, positions = np.concatenate([pixels, more]), np.concatenate([positions, at])
    return dict(pixels=pixels, positions=positions, pool=local,
                per_row=cols, n=cols * rows, letters=letters,
                word=np.where(cover >= MIN_COVER, word_id, 0), word_id=word_id)


def context_patches(img, level, window, count, rng):
    """Up to `count` patches of the image resized for `level`, outside the window (in soft
    tokens x0, y0, cols, rows), drawn at random: pixels [K, 768], absolute positions [K, 2]."""
    pixels, positions, _, _ = twin.preprocess(img, level)
    x0, y0, cols, rows = window
    gx, gy = positions[:, 0] // twin.POOL, positions[:, 1] // twin.POOL
    outside = np.nonzero(~((gx >= x0) & (gx < x0 + cols) & (gy >= y0) & (gy < y0 + rows)))[0]
    chosen = sorted(rng.sample(list(outside), min(count, len(outside))))
    return pixels[chosen], positions[chosen]
