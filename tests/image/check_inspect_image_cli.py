#!/usr/bin/python3
"""Runs `facet-cli inspect-image` and compares its JSON and dumps with the Pillow reference.

usage: check_inspect_image_cli.py FACET_CLI GOLDEN_DATA_DIR OUTPUT_DIR
"""
import json
import os
import subprocess
import sys

import numpy as np
from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gemma4_reference as ref  # noqa: E402

KEYS = ("width", "height", "resized_width", "resized_height", "patches", "soft_tokens", "max_patches")


def run(cli, *args):
    return subprocess.run([cli, "inspect-image", *args], capture_output=True, text=True)


def expected_json(image, result):
    return {"width": image.size[0], "height": image.size[1],
            "resized_width": result["resized"].shape[1], "resized_height": result["resized"].shape[0],
            "patches": result["patches"], "soft_tokens": result["soft_tokens"],
            "max_patches": result["max_patches"]}


def check(condition, message):
    if not condition:
        print("FAIL:", message)
        sys.exit(1)


def main():
    cli, data, out = sys.argv[1:4]
    os.makedirs(out, exist_ok=True)
    images = os.path.join(data, "images")

    # One level with every dump, on an image with an EXIF rotation (sides swap).
    path = os.path.join(images, "orient6_150x90.jpg")
    dumps = [os.path.join(out, n) for n in ("pixels.f32", "positions.i64", "resized.png")]
    proc = run(cli, path, "--detail", "140", "--json", "--dump-pixels", dumps[0],
               "--dump-positions", dumps[1], "--dump-resized", dumps[2])
    check(proc.returncode == 0, f"exit {proc.returncode}: {proc.stderr}")
    image = ref.load_image(path)
    result = ref.preprocess(image, 140)
    got = json.loads(proc.stdout)
    check({k: got[k] for k in KEYS} == expected_json(image, result), f"json {got}")
    pixels = np.fromfile(dumps[0], dtype="<f4").reshape(-1, 768)
    check(pixels.shape == result["pixel_values"].shape, f"pixels shape {pixels.shape}")
    check(pixels.tobytes() == result["pixel_values"].tobytes(), "pixel dump differs")
    positions = np.fromfile(dumps[1], dtype="<i8").reshape(-1, 2)
    check(positions.tobytes() == result["positions"].tobytes(), "position dump differs")
    resized = np.asarray(Image.open(dumps[2]).convert("RGB"))
    check(resized.tobytes() == result["resized"].tobytes(), "resized PNG differs")

    # --detail all: a JSON array, one object per level in level order.
    path = os.path.join(images, "rgb_1920x1080.png")
    proc = run(cli, path, "--detail", "all", "--json")
    check(proc.returncode == 0, f"exit {proc.returncode}: {proc.stderr}")
    got = json.loads(proc.stdout)
    image = ref.load_image(path)
    check([o["level"] for o in got] == list(ref.SUPPORTED_SOFT_TOKENS), f"levels {got}")
    for obj, level in zip(got, ref.SUPPORTED_SOFT_TOKENS):
        h, w = ref.get_aspect_ratio_preserving_size(1080, 1920, 16, level * 9, 3)
        patches = (h // 16) * (w // 16)
        expected = {"width": 1920, "height": 1080, "resized_width": w, "resized_height": h,
                    "patches": patches, "soft_tokens": patches // 9, "max_patches": level * 9}
        check({k: obj[k] for k in KEYS} == expected, f"level {level}: {obj}")

    # Refused input: exit 2, message names the file. Usage errors: exit 1.
    bad = os.path.join(images, "text.png")
    proc = run(cli, bad, "--detail", "70")
    check(proc.returncode == 2 and bad in proc.stderr, f"bad image: {proc.returncode} {proc.stderr}")
    proc = run(cli, os.path.join(images, "truncated.jpg"), "--detail", "70", "--json")
    check(proc.returncode == 2 and "truncated" in proc.stderr, f"truncated: {proc.stderr}")
    proc = run(cli, path, "--detail", "100")
    check(proc.returncode == 1, f"bad level: {proc.returncode}")
    proc = run(cli, path, "--detail", "all", "--dump-pixels", os.path.join(out, "p.f32"))
    check(proc.returncode == 1, f"all without {{level}}: {proc.returncode}")
    print("inspect-image CLI matches the reference")


if __name__ == "__main__":
    main()
