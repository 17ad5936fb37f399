#!/usr/bin/python3
"""Python side of bench_image: the Gemma4ImageProcessorPil path (tests/image/gemma4_reference.py)
on the 4000x3000 photo-like JPEG, timed case by case.

usage: bench_reference.py WORK_DIR RUNS [--smoke]
Writes WORK_DIR/photo_4000x3000.jpg (if missing) and prints one JSON object:
{"image": path, "size": "WxH", "cases": {name: {"median_ms": m, "crc": [...]}}} where crc
lists, per level, the CRC-32 of pixel_values and of positions, so the C++ side can check
identical outputs. --smoke: the same cases on a 640x480 photo without warm-up runs (the
bench-smoke ctest checks that the bench still runs, not its numbers).
"""
import json
import os
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tests", "image"))
sys.path.insert(0, os.path.join(HERE, "..", "common"))
from bench_timing import median_ms  # noqa: E402
import gemma4_reference as ref  # noqa: E402
import image_samples  # noqa: E402
from PIL import Image  # noqa: E402

LEVELS = ref.SUPPORTED_SOFT_TOKENS


def crcs(results):
    return [[zlib.crc32(r["pixel_values"].tobytes()), zlib.crc32(r["positions"].tobytes())]
            for r in results]


def main():
    work, runs = sys.argv[1], int(sys.argv[2])
    smoke = "--smoke" in sys.argv[3:]
    width, height = (640, 480) if smoke else (4000, 3000)
    warm_up = 0 if smoke else 1
    os.makedirs(work, exist_ok=True)
    path = os.path.join(work, f"photo_{width}x{height}.jpg")
    if not os.path.exists(path):
        Image.fromarray(image_samples.photo(width, height, 60)).save(path, quality=90)
    cases = {}
    ms, image = median_ms(lambda: ref.load_image(path), runs, warm_up=warm_up)
    cases["decode"] = {"median_ms": ms, "crc": []}
    for level in LEVELS:
        ms, result = median_ms(lambda: ref.preprocess(image, level), runs, warm_up=warm_up)
        cases[f"level {level}"] = {"median_ms": ms, "crc": crcs([result])}
    ms, results = median_ms(lambda: [ref.preprocess(image, level) for level in LEVELS], runs,
                            warm_up=warm_up)
    cases["all five levels"] = {"median_ms": ms, "crc": crcs(results)}
    ms, results = median_ms(lambda: [ref.preprocess(ref.load_image(path), 280)], runs,
                            warm_up=warm_up)
    cases["decode + level 280"] = {"median_ms": ms, "crc": crcs(results)}

    def decode_all():
        decoded = ref.load_image(path)
        return [ref.preprocess(decoded, level) for level in LEVELS]

    ms, results = median_ms(decode_all, runs, warm_up=warm_up)
    cases["decode + all five"] = {"median_ms": ms, "crc": crcs(results)}
    print(json.dumps({"image": path, "size": f"{width}x{height}", "cases": cases}))


if __name__ == "__main__":
    main()
