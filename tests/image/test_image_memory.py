#!/usr/bin/python3
"""Peak memory of crafted small-file, huge-image inputs (issue #17, finding 6): each file is
decoded and preprocessed in a fresh image_memory_probe process, at the largest level alone and at
all five levels, and the process's peak RSS and peak virtual size above its start may not exceed
1 GiB (one level) and 1.5 GiB (all levels). Files that cannot fit must be refused with a message
that names the file and says why, having cost at most 64 MiB (issue #56: a header and the sizes
decide before anything image-sized is allocated or the whole file is read).

usage: test_image_memory.py IMAGE_MEMORY_PROBE WORK_DIR
"""
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import memory_bombs  # noqa: E402

GIB = 1 << 30
LIMITS = {"1120": GIB, "all": 3 * GIB // 2}
# A refused file is judged from its header and sizes before anything image-sized exists.
REFUSED_LIMIT = 64 << 20
# Thread stacks and allocator arenas are virtual, not resident: VmPeak gets this much slack.
VIRTUAL_SLACK = 256 << 20


def cases(folder):
    """(file, expected outcome: "accept", or a keyword the refusal must contain)."""
    p = lambda name: os.path.join(folder, name)
    # The file is 1 x 16,777,216 (14.5 GB at all levels before the fix); a quarter of it
    # needs the same banded path (4 GB before) and a quarter of the time: the vertical pass of
    # such a resize is inherently long (every output row sums thousands of source rows, in Pillow
    # too).
    memory_bombs.png_column(p("column_1x4194304.png"), 4_194_304)
    yield "column_1x4194304.png", "accept"
    memory_bombs.bmp_without_pixels(p("no_pixels_16000x11000.bmp"), 16000, 11000)
    yield "no_pixels_16000x11000.bmp", "truncated"
    memory_bombs.webp_lossless_flat(p("flat_16383x10922.webp"), 16383, 10922)
    yield "flat_16383x10922.webp", "memory"
    memory_bombs.webp_lossless_flat(p("flat_8000x8000.webp"), 8000, 8000)
    yield "flat_8000x8000.webp", "accept"
    memory_bombs.jpeg_progressive_cut(p("progressive_16000x11000.jpg"), 16000, 11000, 3)
    yield "progressive_16000x11000.jpg", "memory"
    # The largest kind of image that is accepted: 176 megapixels, decoded and resized for real.
    memory_bombs.jpeg_baseline_flat(p("baseline_gray_16000x11000.jpg"), 16000, 11000)
    yield "baseline_gray_16000x11000.jpg", "accept"
    memory_bombs.jpeg_progressive_cut(p("progressive_gray_8000x6000.jpg"), 8000, 6000, 1)
    yield "progressive_gray_8000x6000.jpg", "truncated"
    # Issue #56: inside the caps, yet costly.
    memory_bombs.gif_cut(p("cut_13000x13000.gif"), 13000, 13000)
    yield "cut_13000x13000.gif", "truncated"
    memory_bombs.png_column_cut(p("cut_column_1x16777216.png"), 16_777_216)
    yield "cut_column_1x16777216.png", "truncated"
    memory_bombs.png_sparse(p("sparse_12000x12000.png"), 12000, 12000, 600 << 20)
    yield "sparse_12000x12000.png", "memory"
    # Pillow opens these two: accepted, within the memory limits, their time printed.
    memory_bombs.png_column_bits(p("column_1bit_1x16777216.png"), 16_777_216)
    yield "column_1bit_1x16777216.png", "accept"
    memory_bombs.bmp_rle_row(p("rle_row_178956970x1.bmp"), 178_956_970)
    yield "rle_row_178956970x1.bmp", "accept"


def main():
    probe, folder = sys.argv[1], sys.argv[2]
    os.makedirs(folder, exist_ok=True)
    failures = []
    print(f"{'file':34} {'levels':6} {'bytes':>10} {'peak RSS MiB':>12} {'peak VM MiB':>12} "
          f"{'s':>5}  outcome")
    for name, expected in cases(folder):
        path = os.path.join(folder, name)
        for levels, limit in LIMITS.items():
            started = time.monotonic()
            out = subprocess.run([probe, path, levels], capture_output=True, text=True, check=True)
            seconds = time.monotonic() - started
            r = json.loads(out.stdout)
            rss = r["rss_peak"] - r["rss_before"]
            vm = r["vm_peak"] - r["vm_before"]
            outcome = "accepted" if r["accepted"] else r["error"]
            print(f"{name:34} {levels:6} {os.path.getsize(path):10} {rss >> 20:12} "
                  f"{vm >> 20:12} {seconds:5.1f}  {outcome}")
            if rss > limit or vm > limit + VIRTUAL_SLACK:
                failures.append(f"{name} at {levels}: {rss >> 20} MiB resident, {vm >> 20} MiB "
                                f"virtual, limit {limit >> 20} MiB")
            if expected == "accept" and not r["accepted"]:
                failures.append(f"{name}: refused: {r['error']}")
            if expected != "accept":
                if rss > REFUSED_LIMIT:
                    failures.append(f"{name} at {levels}: refused only after {rss >> 20} MiB")
                if r["accepted"]:
                    failures.append(f"{name}: accepted, expected a refusal ({expected})")
                elif not r["error"].startswith(path + ": ") or expected not in r["error"]:
                    failures.append(f"{name}: refusal does not name the file and '{expected}': "
                                    f"{r['error']}")
        os.remove(path)
    for f in failures:
        print("FAIL:", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
