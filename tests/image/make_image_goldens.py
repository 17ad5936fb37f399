#!/usr/bin/python3
"""Writes the image test set and its goldens, computed by the reference Pillow path.

usage: make_image_goldens.py OUTPUT_DIR

OUTPUT_DIR/images/   the generated images (and the files that must be refused)
OUTPUT_DIR/golden/   per case and level: NAME.LEVEL.rgb (resized RGB8), and for selected cases
                     NAME.LEVEL.f32 (pixel_values, LE float32) and NAME.LEVEL.i64 (positions)
OUTPUT_DIR/manifest.json  everything else: sizes, counts, CRC-32s of decoded RGB, pixel_values
                     and positions, error cases, size-rule cases.
"""
import json
import os
import sys
import zlib

import numpy as np
from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gemma4_reference as ref  # noqa: E402
import image_samples  # noqa: E402


def crc(array):
    return zlib.crc32(np.ascontiguousarray(array).tobytes()) & 0xFFFFFFFF


def golden_case(out, name, levels, full_levels):
    path = os.path.join(out, "images", name)
    image = ref.load_image(path)
    decoded = np.asarray(image, dtype=np.uint8)
    case = {"file": name, "width": image.size[0], "height": image.size[1],
            "decoded_crc": crc(decoded), "levels": []}
    if decoded.size <= 200_000:  # small images keep their decoded pixels for readable failures
        case["decoded"] = f"{name}.decoded.rgb"
        decoded.tofile(os.path.join(out, "golden", case["decoded"]))
    for level in levels:
        result = ref.preprocess(image, level)
        stem = f"{name}.{level}"
        entry = {
            "level": level,
            "resized_width": result["resized"].shape[1],
            "resized_height": result["resized"].shape[0],
            "patches": result["patches"],
            "soft_tokens": result["soft_tokens"],
            "max_patches": result["max_patches"],
            "resized": f"{stem}.rgb",
            "pixels_crc": crc(result["pixel_values"]),
            "positions_crc": crc(result["positions"]),
        }
        result["resized"].tofile(os.path.join(out, "golden", entry["resized"]))
        if level in full_levels:
            entry["pixels"] = f"{stem}.f32"
            entry["positions"] = f"{stem}.i64"
            result["pixel_values"].astype("<f4").tofile(os.path.join(out, "golden", entry["pixels"]))
            result["positions"].astype("<i8").tofile(os.path.join(out, "golden", entry["positions"]))
        case["levels"].append(entry)
    return case


def pillow_case(out, name):
    """Pillow's decision on a crafted edge case: the pixels it decodes, or that it refuses."""
    path = os.path.join(out, "images", name)
    try:
        decoded = np.asarray(ref.load_image(path), dtype=np.uint8)
    except Exception as e:  # any refusal: OSError, SyntaxError, ValueError, bomb errors
        return {"file": name, "pillow": "refuses", "reason": f"{type(e).__name__}: {e}"}
    case = {"file": name, "pillow": "decodes", "width": decoded.shape[1],
            "height": decoded.shape[0], "decoded_crc": crc(decoded)}
    if decoded.size <= 200_000:
        case["decoded"] = f"{name}.decoded.rgb"
        decoded.tofile(os.path.join(out, "golden", case["decoded"]))
    return case


def size_rule_cases():
    rng = np.random.default_rng(7)
    shapes = [(1080, 1920), (224, 224), (480, 640), (1024, 1024), (1, 1), (1, 20000), (20000, 1),
              (3, 2000), (2000, 3), (30, 2500), (3000, 40), (13377, 13377), (17, 10_000_000 // 17)]
    shapes += [tuple(int(v) for v in rng.integers(1, 13000, size=2)) for _ in range(300)]
    shapes += [tuple(int(v) for v in rng.integers(1, 60, size=2)) for _ in range(100)]
    params = [(16, level * 9, 3) for level in ref.SUPPORTED_SOFT_TOKENS]
    params += [(16, 1, 3), (16, 4, 1), (14, 10, 3), (16, 9, 3)]  # small budgets reach the errors
    cases = []
    for patch, max_patches, pool in params:
        for h, w in shapes:
            try:
                result = list(ref.get_aspect_ratio_preserving_size(h, w, patch, max_patches, pool))
            except ValueError:
                result = "error"
            cases.append({"height": h, "width": w, "patch_size": patch,
                          "max_patches": max_patches, "pooling": pool, "result": result})
    return cases


def main():
    out = sys.argv[1]
    for sub in ("images", "golden"):
        os.makedirs(os.path.join(out, sub), exist_ok=True)
    images = os.path.join(out, "images")
    cases = [golden_case(out, name, levels, full)
             for name, levels, full in image_samples.good_images(images)]
    errors = []
    for name, keyword in image_samples.bad_images(images, "baseline_800x600.jpg", "rgb_640x480.png"):
        try:
            ref.load_image(os.path.join(images, name)).load()
            pillow_refuses = False
        except (OSError, SyntaxError, Image.DecompressionBombError):
            pillow_refuses = True
        errors.append({"file": name, "keyword": keyword, "pillow_refuses": pillow_refuses})
    pillow = [pillow_case(out, name) for name in image_samples.pillow_edge_cases(images)]
    manifest = {"cases": cases, "errors": errors, "pillow_cases": pillow,
                "size_rule": size_rule_cases()}
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)


if __name__ == "__main__":
    main()
