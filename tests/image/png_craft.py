"""Hand-written PNG encoder for the layouts Pillow cannot save (16-bit RGB, 16-bit gray+alpha,
Adam7 interlacing) and for crafted headers (decompression-bomb dimensions)."""
import struct
import zlib

import numpy as np

# (x0, y0, dx, dy) of the seven Adam7 passes
ADAM7 = ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2))
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def ihdr(width, height, bit_depth, color_type, interlace=0):
    return chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, bit_depth, color_type, 0, 0, interlace))


def _scanlines(pixels, bit_depth):
    """Rows of an (h, w, c) array as filter-type-0 scanlines (8 or 16 bits per sample)."""
    h = pixels.shape[0]
    if bit_depth == 16:
        raw = pixels.astype(">u2").reshape(h, -1).view(np.uint8)
    else:
        raw = pixels.astype(np.uint8).reshape(h, -1)
    out = np.zeros((h, raw.shape[1] + 1), dtype=np.uint8)
    out[:, 1:] = raw
    return out.tobytes()


def write_png(path, pixels, bit_depth, color_type, interlace=False, palette=None, trns=None, extra=b""):
    """pixels: (h, w, channels) integer array; palette: list of (r, g, b) for color type 3."""
    pixels = np.asarray(pixels)
    if pixels.ndim == 2:
        pixels = pixels[:, :, None]
    h, w, c = pixels.shape
    assert c == CHANNELS[color_type] and bit_depth in (8, 16)
    if interlace:
        data = b"".join(
            _scanlines(pixels[y0::dy, x0::dx], bit_depth)
            for x0, y0, dx, dy in ADAM7
            if x0 < w and y0 < h
        )
    else:
        data = _scanlines(pixels, bit_depth)
    parts = [b"\x89PNG\r\n\x1a\n", ihdr(w, h, bit_depth, color_type, 1 if interlace else 0)]
    if palette is not None:
        parts.append(chunk(b"PLTE", bytes(v for rgb in palette for v in rgb)))
    if trns is not None:
        parts.append(chunk(b"tRNS", trns))
    parts.append(extra)
    parts.append(chunk(b"IDAT", zlib.compress(data, 6)))
    parts.append(chunk(b"IEND", b""))
    with open(path, "wb") as f:
        f.write(b"".join(parts))


def write_bomb_png(path, width, height):
    """A tiny PNG whose header claims width x height RGB pixels and whose IDAT is a few bytes."""
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + ihdr(width, height, 8, 2) +
                chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b""))
