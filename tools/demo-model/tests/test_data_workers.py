"""The training streams drawn by several worker processes (facet_demo_model/data_workers.py)
against the same streams drawn in this one process, item by item: the stage 1 images
(pretrain_vision.Images), the reading stage's windows (reading_stage.Crops) and train.py's
batches (decoder and counting mixes). The workers must give the same items in the same order,
or retrain.sh would no longer repeat its weights. An odd number of steps checks the end, where
one worker has run out before the other.

With the vision side frozen (the decoder and readout stages), the workers send each image's
soft tokens instead of its pixels (train.with_feats): they must equal, bit for bit, what the
trainer computes from the same batch drawn in one process.

Also the faster forms of three pixel computations against the plain expressions they replace:
the noisy background (make_data._background, with numpy and with the C library that retrain.sh
has draw it, native_data.py), the byte-to-[0, 1] lookup (twin.UNIT_PIXEL) and the patches put
in order before that lookup (twin.preprocess); and the library's normal draws against numpy's,
value for value; and the pixels' trip from the workers to the trainer as bytes
(data_workers.PixelBytes). The streams are drawn with the library, as retrain.sh draws them.
"""
import argparse
import contextlib
import hashlib
import io
import os
import random
import subprocess

import numpy as np
import torch
from PIL import Image

from facet_demo_model import data_workers
from facet_demo_model import make_data
from facet_demo_model import native_data
from facet_demo_model import pretrain_vision
from facet_demo_model import reading_stage
from facet_demo_model import tokens as facet_tokens
from facet_demo_model import train
from facet_demo_model import twin



def digest(items):
    """One hash per item, over every array's dtype and bytes and every other value's repr."""
    def feed(h, value):
        if isinstance(value, dict):
            for key in sorted(value):
                h.update(key.encode())
                feed(h, value[key])
        elif isinstance(value, (list, tuple)):
            h.update(f"[{len(value)}".encode())
            for v in value:
                feed(h, v)
        elif isinstance(value, np.ndarray):
            h.update(value.dtype.str.encode() + str(value.shape).encode())
            h.update(np.ascontiguousarray(value).tobytes())
        else:
            h.update(repr(value).encode())
    out = []
    for item in items:
        h = hashlib.sha256()
        feed(h, item)
        out.append(h.hexdigest()[:16])
    return out


def check_stream(name, stream):
    alone = digest(iter(stream))
    drawn = digest(data_workers.loader(stream))
    assert data_workers.WORKERS > 1
    if alone != drawn:
        first = next(i for i, (a, b) in enumerate(zip(alone + [""] * 9, drawn + [""] * 9))
                     if a != b)
    assert alone == drawn, (f"{name}: {len(drawn)} items from the workers, {len(alone)} alone; "
                            f"first difference at {first}")
    print(f"{name}: {len(alone)} items, the same from {data_workers.WORKERS} workers")


def check_background(how):
    """make_data._background's noise (in place with numpy, or drawn by the C library) against
    the expression it replaced."""
    noisy = 0
    for seed in range(60):
        rng, plain_rng = random.Random(seed), random.Random(seed)
        w, h = rng.randint(16, 300), rng.randint(16, 300)
        ours = make_data._background(rng, w, h)
        plain_rng.randint(16, 300), plain_rng.randint(16, 300)
        bg = ((255, 255, 255) if plain_rng.random() < 0.4
              else tuple(plain_rng.randint(228, 255) for _ in range(3)))
        plain = Image.new("RGB", (w, h), bg)
        if plain_rng.random() < 0.3:
            sigma = plain_rng.uniform(2.0, 6.0)
            nrng = np.random.default_rng(plain_rng.getrandbits(32))
            arr = np.asarray(plain, dtype=np.float32) + nrng.normal(0, sigma, (h, w, 3))
            plain = Image.fromarray(np.clip(arr + 0.5, 0, 255).astype(np.uint8))
            noisy += 1
        assert ours.mode == "RGB" and ours.tobytes() == plain.tobytes(), f"seed {seed}"
        assert rng.random() == plain_rng.random(), f"seed {seed}: the draws after differ"
    assert noisy >= 5, noisy
    print(f"background ({how}): 60 images ({noisy} noisy) as the plain expression makes them")


def check_native_normals():
    """The library's standard normal draws against numpy's, every float64 exact. Of two
    million draws ~1 % go through the ziggurat's wedge test and ~500 through its tail (beyond
    3.65). Checked to fail with the last bit of one layer's width (wi) changed (1,861 draws
    of seed 0 differ) and with the tail's start one step of a double higher (135 differ); a
    last bit of an acceptance bound (ki, fi) moves it by a part in 2^52, which no draw here
    lands in."""
    draws = tail = 0
    for seed in (0, 7, 2**32 - 1, 123456789):
        ours = native_data.standard_normals(seed, 500_000)
        theirs = np.random.default_rng(seed).standard_normal(500_000)
        differ = np.flatnonzero(ours.view(np.uint64) != theirs.view(np.uint64))
        assert differ.size == 0, \
            f"seed {seed}: {differ.size} draws differ, first #{differ[0]}: " \
            f"{ours[differ[0]]!r} against numpy's {theirs[differ[0]]!r}"
        draws += ours.size
        tail += int((np.abs(theirs) > 3.6541528853610088).sum())
    assert tail > 50, tail
    print(f"noise library: {draws} normal draws equal numpy's bit for bit")


def check_pixel_bytes(stream):
    """A stream item's patch arrays go as bytes (data_workers.PixelBytes) and come back the
    same floats; an array of other values goes as it is."""
    def count(value):
        if isinstance(value, data_workers.PixelBytes):
            return 1
        if isinstance(value, dict):
            return sum(count(v) for v in value.values())
        if isinstance(value, (list, tuple)):
            return sum(count(v) for v in value)
        return 0
    item = next(iter(stream))
    packed = data_workers._pack(item)
    assert count(packed) > 0, "no pixels went as bytes"
    assert digest([data_workers._unpack(packed)]) == digest([item])
    every = np.arange(256, dtype=np.uint8).reshape(1, 256).repeat(3, 0).reshape(1, 768)
    pixels = twin.UNIT_PIXEL[every]
    assert data_workers._unpack(data_workers._pack(pixels)).tobytes() == pixels.tobytes()
    off = pixels.copy()
    off[0, 5] = np.nextafter(off[0, 5], np.float32(2))
    assert data_workers._pack(off) is off, "an array of other values was changed"
    print(f"pixel bytes: {count(packed)} patch arrays of an item as bytes and back, all 256 "
          "values exact, other values left as floats")


def check_unit_pixel():
    byte = np.arange(256, dtype=np.uint8)
    plain = (byte.astype(np.float64) * (1 / 255)).astype(np.float32)
    assert twin.UNIT_PIXEL.dtype == np.float32
    assert twin.UNIT_PIXEL.tobytes() == plain.tobytes()
    print("pixel lookup: all 256 bytes as the plain conversion gives them")


def check_patch_order():
    """twin.preprocess's patches against the lookup of the whole image put in order after."""
    for seed, level in enumerate((70, 280, 1120, 560, 140)):
        image = make_data.make_case(random.Random(seed), "word")["image"]
        ours, _, pw, ph = twin.preprocess(image, level)
        th, tw = twin.target_size(image.height, image.width, level)
        arr = twin.UNIT_PIXEL[np.asarray(image.convert("RGB").resize((tw, th), Image.BICUBIC))]
        plain = arr.reshape(ph, twin.PATCH, pw, twin.PATCH, 3).transpose(0, 2, 1, 3, 4)
        plain = plain.reshape(ph * pw, -1)
        assert ours.dtype == plain.dtype and ours.shape == plain.shape, f"level {level}"
        assert ours.tobytes() == plain.tobytes(), f"level {level}: other patches"
    print("patches: 5 images at the five levels as the plain expression orders them")


def check_frozen_feats(tok):
    """Decoder-stage batches with their soft tokens made in the workers against the trainer's
    own forward over the same batches (a local two-layer side, as the recipe's)."""
    torch.manual_seed(3)
    model = twin.Twin(vision=reading_stage.VISION_READING, used_tokens=tok.used())
    with torch.no_grad():
        for layer in model.vision_layers:
            layer.o_proj.zero_()
    for p in model.parameters():
        p.requires_grad_(False)
    args = (tok, 4009, 4000, False, True, 1200, 0.5, False, [0.1, 0.2, 0.34, 0.06, 0.30])
    plain = list(train.Batches(*args))
    drawn = list(data_workers.loader(train.Batches(*args, frozen_vision=model)))
    assert len(drawn) == len(plain) == 9
    images = 0
    for step, ((level, ours), (_, batch)) in enumerate(zip(drawn, plain)):
        if isinstance(batch, tuple):  # a whole-image cache batch: no pixels either way
            assert ours == batch, f"step {step}"
            continue
        feats = train.image_feats(model, batch, vision_grad=False)
        assert "pixels" not in ours[0], f"step {step}: the pixels still travel"
        got = torch.cat([s["feats"] for s in ours])
        assert got.dtype == feats.dtype and torch.equal(got, feats), \
            f"step {step} (level {level}): max difference {(got - feats).abs().max()}"
        assert [s["targets"]["kind"].tolist() for s in ours] == \
               [s["targets"]["kind"].tolist() for s in batch], f"step {step}: other targets"
        images += len(batch)
    assert images >= 20, images
    print(f"frozen vision: {images} images' soft tokens from the workers equal the trainer's")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--data-lib", required=True, help="the built facet_demo_data library")
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    frame, tokens = os.path.join(args.work, "frame"), os.path.join(args.work, "tokens.json")
    if not os.path.isdir(frame):
        subprocess.run([args.cli, "make-sim-model", frame, "--seed", "1"], check=True,
                       stdout=subprocess.DEVNULL)
    with contextlib.redirect_stdout(io.StringIO()):
        facet_tokens.main([args.cli, frame, tokens])
    os.environ.pop(native_data.ENV, None)
    check_background("numpy")
    os.environ[native_data.ENV] = args.data_lib  # from here on, as retrain.sh draws
    check_native_normals()
    check_background("C library")
    check_unit_pixel()
    check_patch_order()
    tok = train.Tokens(tokens)
    check_frozen_feats(tok)
    check_pixel_bytes(pretrain_vision.Images(7, 12, 15_000_000, (140,)))
    check_stream("stage 1 images", pretrain_vision.Images(7, 12, 15_000_000, (140,)))
    check_stream("reading windows", reading_stage.Crops(5, first_step=300))
    check_stream("decoder batches", train.Batches(tok, 4005, 4000, False, True, 1200, 0.5, False,
                                                  [0.1, 0.2, 0.34, 0.06, 0.30]))
    check_stream("counting batches", train.Batches(tok, 6005, 6000, True, True, 0, 0.0, True,
                                                   [0.1, 0.2, 0.5, 0.1, 0.1]))


if __name__ == "__main__":
    main()
