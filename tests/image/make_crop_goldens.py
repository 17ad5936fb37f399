#!/usr/bin/python3
"""Writes the region-crop test set (issue #58): images, and per rectangle the pixels of Pillow's
crop of the image as the model sees it (ImageOps.exif_transpose applied, as
gemma4_reference.load_image does), and the default level computed from the Python size rule.

usage: make_crop_goldens.py OUTPUT_DIR

OUTPUT_DIR/crop/            the images and NAME.rgb per case (the crop as RGB8, row-major)
OUTPUT_DIR/crop/manifest.json  {"cases": [{file, rect, golden, width, height, default_level}],
                                "bad": [{file, rect, words}],
                                "levels": [{width, height, default_level}]}
"""
import json
import os
import sys

from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gemma4_reference as ref  # noqa: E402
import image_samples  # noqa: E402


def default_level(width, height):
    """The lowest level at which the crop is not scaled down, else 1120: the Python size rule
    (gemma4_reference, transformers' expressions), decided independently of the C++ code."""
    for level in ref.SUPPORTED_SOFT_TOKENS:
        try:
            th, tw = ref.get_aspect_ratio_preserving_size(
                height, width, ref.PATCH_SIZE, level * ref.POOLING_KERNEL_SIZE**2,
                ref.POOLING_KERNEL_SIZE)
        except ValueError:
            continue
        if tw >= width and th >= height:
            return level
    return 1120


def main():
    out = os.path.join(sys.argv[1], "crop")
    os.makedirs(out, exist_ok=True)
    # A PNG as stored, and JPEGs whose EXIF orientation turns (6: 90° clockwise, 8: 90°
    # counter-clockwise) or flips (3: 180°) them: the rectangle is in the oriented pixels.
    Image.fromarray(image_samples.photo(640, 480, 5)).save(os.path.join(out, "photo.png"))
    for orientation in (3, 6, 8):
        Image.fromarray(image_samples.photo(320, 200, orientation)).save(
            os.path.join(out, f"exif{orientation}.jpg"), quality=92,
            exif=image_samples.exif_with_orientation(orientation))
    rects = {
        "photo.png": [(0, 0, 640, 480), (100, 50, 64, 48), (600, 440, 40, 40), (13, 7, 1, 1),
                      (0, 0, 500, 30), (250, 0, 20, 480)],
        # oriented 200 x 320 for 6 and 8 (320 x 200 stored), 320 x 200 for 3
        "exif6.jpg": [(10, 250, 150, 60), (0, 0, 200, 320), (190, 0, 10, 10)],
        "exif8.jpg": [(10, 250, 150, 60), (0, 300, 30, 20)],
        "exif3.jpg": [(300, 10, 20, 190), (5, 5, 100, 80)],
    }
    manifest = {"cases": [], "bad": []}
    for file, boxes in rects.items():
        image = ref.load_image(os.path.join(out, file))
        for i, (x, y, w, h) in enumerate(boxes):
            crop = image.crop((x, y, x + w, y + h))
            golden = f"{file}.{i}.rgb"
            with open(os.path.join(out, golden), "wb") as f:
                f.write(crop.tobytes())
            manifest["cases"].append({"file": file, "rect": [x, y, w, h], "golden": golden,
                                      "width": crop.size[0], "height": crop.size[1],
                                      "default_level": default_level(w, h)})
    # Rectangles that must be refused, with words the error must contain besides the file.
    # exif6.jpg is 320 wide as stored but 200 wide as seen: x 250 is outside.
    manifest["bad"] = [
        {"file": "photo.png", "rect": [0, 0, 0, 10], "words": "no area"},
        {"file": "photo.png", "rect": [5, 5, 10, 0], "words": "no area"},
        {"file": "photo.png", "rect": [600, 0, 41, 10], "words": "640x480"},
        {"file": "photo.png", "rect": [0, 470, 10, 11], "words": "outside"},
        {"file": "photo.png", "rect": [640, 480, 1, 1], "words": "outside"},
        {"file": "photo.png", "rect": [2147483000, 0, 2000, 1], "words": "outside"},
        {"file": "exif6.jpg", "rect": [250, 10, 20, 20], "words": "200x320"},
    ]
    # The default level for sizes without pixels: each level's bound, the 1120 cap, and shapes
    # so thin that some levels' size rule refuses them.
    sizes = [(1, 1), (432, 336), (433, 336), (640, 480), (1500, 1100), (1600, 1200),
             (2000, 1500), (4000, 3000), (10000, 5), (5, 3000), (3000, 40), (48, 48)]
    manifest["levels"] = [{"width": w, "height": h, "default_level": default_level(w, h)}
                          for w, h in sizes]
    with open(os.path.join(out, "manifest.json"), "w", encoding="utf-8") as f:
        json.dump(manifest, f, indent=1)


if __name__ == "__main__":
    main()
