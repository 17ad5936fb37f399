"""Hand-written GIFs for the cases Pillow's encoder never produces: a frame smaller than the
logical screen (at an offset), indices past the end of the palette, no global palette."""
import struct

import numpy as np


def _lzw_literals(indices, min_code_size):
    """LZW data that uses literal codes only, with a clear code often enough that the code size
    never grows: valid for any decoder, easy to write."""
    clear, end = 1 << min_code_size, (1 << min_code_size) + 1
    size = min_code_size + 1
    codes = []
    for i, v in enumerate(indices):
        if i % ((1 << size) - end - 2) == 0:
            codes.append(clear)
        codes.append(int(v))
    codes.append(end)
    bits, count, out = 0, 0, bytearray()
    for code in codes:
        bits |= code << count
        count += size
        while count >= 8:
            out.append(bits & 0xFF)
            bits >>= 8
            count -= 8
    if count:
        out.append(bits & 0xFF)
    blocks = b"".join(bytes([len(out[i:i + 255])]) + out[i:i + 255] for i in range(0, len(out), 255))
    return bytes([min_code_size]) + blocks + b"\0"


def write_gif(path, screen, frame_box, indices, global_palette=None, local_palette=None,
              transparency=None):
    """screen: (w, h); frame_box: (x0, y0, w, h); indices: (h, w) uint8; palettes: lists of
    (r, g, b) whose length is a power of two."""
    def table(palette):
        return bytes(v for rgb in palette for v in rgb)

    def size_bits(palette):
        return (len(palette).bit_length() - 2) & 7

    flags = 0x80 | size_bits(global_palette) if global_palette else 0
    data = b"GIF89a" + struct.pack("<HHBBB", screen[0], screen[1], flags, 0, 0)
    if global_palette:
        data += table(global_palette)
    if transparency is not None:
        data += b"!\xf9\x04" + bytes([1, 0, 0, transparency]) + b"\0"
    x0, y0, w, h = frame_box
    local = 0x80 | size_bits(local_palette) if local_palette else 0
    data += b"," + struct.pack("<HHHHB", x0, y0, w, h, local)
    if local_palette:
        data += table(local_palette)
    data += _lzw_literals(np.asarray(indices, dtype=np.uint8).ravel(), 8) + b";"
    with open(path, "wb") as f:
        f.write(data)
