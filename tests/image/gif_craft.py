"""Hand-written GIFs for the cases Pillow's encoder never produces: a frame smaller than the
logical screen (at an offset), indices past the end of the palette, no global palette; and
(cases()) first frames whose data ends before the frame is full."""
import os
import struct

import numpy as np


def _lzw_literals(indices, min_code_size, end_code=True):
    """LZW data that uses literal codes only, with a clear code often enough that the code size
    never grows: valid for any decoder, easy to write. Without `end_code` the data just stops
    (the block terminator follows the last code)."""
    clear, end = 1 << min_code_size, (1 << min_code_size) + 1
    size = min_code_size + 1
    codes = []
    for i, v in enumerate(indices):
        if i % ((1 << size) - end - 2) == 0:
            codes.append(clear)
        codes.append(int(v))
    if end_code:
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
              transparency=None, end_code=True, after=b"", cut=None):
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
    data += _lzw_literals(np.asarray(indices, dtype=np.uint8).ravel(), 8, end_code) + after + b";"
    with open(path, "wb") as f:
        f.write(data[:cut])
    return data[:cut]


def cases(folder):
    """Issue #56: first frames whose data stops short. Pillow's decoder reads on past an end code
    or a block terminator until the frame is full, so each of these is refused as truncated
    (Facet used to keep the rest at the fill value), and a full frame without an end code opens."""
    palette = [(i, 255 - i, (7 * i) % 256) for i in range(256)]
    full = np.arange(20 * 10, dtype=np.uint8).reshape(10, 20)
    short = full.ravel()[:50]

    def write(name, indices, **kw):
        write_gif(os.path.join(folder, name), (20, 10), (0, 0, 20, 10), indices,
                  global_palette=palette, **kw)
        return name

    yield write("gif_short_end_code.gif", short)
    yield write("gif_short_no_end_code.gif", short, end_code=False)
    # A second frame after the short one: Pillow reads its bytes as the first frame's data.
    second = b"," + struct.pack("<HHHHB", 0, 0, 20, 10, 0) + _lzw_literals(full.ravel(), 8)
    yield write("gif_short_then_frame.gif", short, after=second)
    yield write("gif_full_no_end_code.gif", full, end_code=False)
    data = write_gif(os.path.join(folder, "unused.gif"), (20, 10), (0, 0, 20, 10), full,
                     global_palette=palette)
    os.remove(os.path.join(folder, "unused.gif"))
    with open(os.path.join(folder, "gif_cut_in_data.gif"), "wb") as f:
        f.write(data[: len(data) - 60])
    yield "gif_cut_in_data.gif"
