"""A hand-assembled animated WebP whose first frame is smaller than the canvas and placed at an
offset (Pillow's encoder always starts with a full-canvas frame): Pillow's WebPAnimDecoder draws
it on a canvas cleared to transparent black."""
import io
import os
import struct

import numpy as np
from PIL import Image


def _chunk(fourcc, data):
    return fourcc + struct.pack("<I", len(data)) + data + (b"\0" if len(data) % 2 else b"")


def _u24(v):
    return struct.pack("<I", v)[:3]


def _still_bitstream(pixels, **save):
    """The VP8/VP8L (and ALPH) chunks of a still WebP written by Pillow."""
    buf = io.BytesIO()
    Image.fromarray(pixels).save(buf, "WEBP", **save)
    data = buf.getvalue()[12:]
    out, pos = b"", 0
    while pos < len(data):
        fourcc, size = data[pos:pos + 4], struct.unpack("<I", data[pos + 4:pos + 8])[0]
        if fourcc in (b"VP8 ", b"VP8L", b"ALPH"):
            out += data[pos:pos + 8 + size + size % 2]
        pos += 8 + size + size % 2
    return out


def write_offset_animation(path, canvas, box, seed, **save):
    """canvas: (w, h); box: (x, y, w, h) with even x, y."""
    rng = np.random.default_rng(seed)
    mode_channels = 4 if save.get("lossless") else 3
    pixels = rng.integers(0, 256, size=(box[3], box[2], mode_channels), dtype=np.uint8)
    frame = _still_bitstream(pixels, **save)
    anmf = (_u24(box[0] // 2) + _u24(box[1] // 2) + _u24(box[2] - 1) + _u24(box[3] - 1)
            + _u24(100) + b"\0" + frame)
    second = (_u24(0) + _u24(0) + _u24(canvas[0] - 1) + _u24(canvas[1] - 1) + _u24(100) + b"\0"
              + _still_bitstream(np.full((canvas[1], canvas[0], 3), 77, np.uint8), quality=80))
    body = b"WEBP" + _chunk(b"VP8X", bytes([0x12, 0, 0, 0]) + _u24(canvas[0] - 1)
                                    + _u24(canvas[1] - 1))
    body += _chunk(b"ANIM", bytes([255, 255, 255, 255]) + struct.pack("<H", 0))
    body += _chunk(b"ANMF", anmf) + _chunk(b"ANMF", second)
    with open(path, "wb") as f:
        f.write(b"RIFF" + struct.pack("<I", len(body)) + body)


def cases(folder):
    write_offset_animation(os.path.join(folder, "webp_anim_offset_lossy.webp"), (40, 30),
                           (6, 4, 20, 14), 5, quality=80)
    yield "webp_anim_offset_lossy.webp"
    write_offset_animation(os.path.join(folder, "webp_anim_offset_lossless.webp"), (40, 30),
                           (10, 8, 17, 13), 6, lossless=True)
    yield "webp_anim_offset_lossless.webp"
