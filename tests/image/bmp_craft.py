"""Hand-written BMPs for the edge cases of Pillow 9.4's BmpImagePlugin that its encoder never
writes: RLE8/RLE4 streams (deltas, top-down, skipped pixels), OS/2 headers, odd palette sizes and
offsets, bit field layouts, truncation. Every file is decoded by Pillow at test time; Facet must
make the same decision and, where Pillow decodes, produce the same pixels."""
import os
import struct

import numpy as np


def write_bmp(path, width, height, bits, pixels, compression=0, palette=None, header_size=40,
              colors=0, offset=None, masks=None, masks_in_header=False, cut=0):
    """palette: list of (r, g, b); stored as BGRX (BGR for 12-byte headers). offset None: right
    after the palette. masks: (r, g, b[, a]) after a 40-byte header, or inside a larger header
    when masks_in_header. cut: bytes dropped from the end of the file."""
    if header_size == 12:
        info = struct.pack("<IHHHH", 12, width, height, 1, bits)
        entry = 3
    else:
        info = struct.pack("<IiiHHIIiiII", header_size, width, height, 1, bits, compression,
                           len(pixels), 2835, 2835, colors, 0)
        if masks_in_header:
            info += struct.pack("<4I", *(tuple(masks) + (0,) * (4 - len(masks))))
        info = info.ljust(header_size, b"\0")
        entry = 4
    extra = struct.pack("<3I", *masks[:3]) if masks is not None and not masks_in_header else b""
    pal = b"".join(bytes((b, g, r)) + (b"\0" if entry == 4 else b"") for r, g, b in palette or [])
    start = 14 + len(info) + len(extra) + len(pal)
    offset = start if offset is None else offset
    body = info + extra + pal
    gap = b"\0" * max(0, offset - start)
    data = b"BM" + struct.pack("<IHHI", 14 + len(body) + len(gap) + len(pixels), 0, 0, offset)
    data += body + gap + pixels
    with open(path, "wb") as f:
        f.write(data[: len(data) - cut])


def _rows(indices, bits, top_down=False):
    """Uncompressed rows (4-byte aligned) of an (h, w) index array at 1, 4 or 8 bits."""
    h, w = indices.shape
    stride = (w * bits + 31) // 32 * 4
    out = []
    for y in (range(h) if top_down else range(h - 1, -1, -1)):
        row = indices[y]
        if bits == 8:
            raw = bytes(row.astype(np.uint8))
        elif bits == 4:
            padded = np.append(row, 0) if w % 2 else row
            raw = bytes((padded[0::2] << 4 | padded[1::2]).astype(np.uint8))
        else:
            raw = bytes(np.packbits(row.astype(np.uint8)))
        out.append(raw.ljust(stride, b"\0"))
    return b"".join(out)


def _palette(n, seed):
    rng = np.random.default_rng(seed)
    return [tuple(int(v) for v in rng.integers(0, 256, 3)) for _ in range(n)]


def _rle8_stream(w, h, rng):
    """Encoded runs, absolute runs (odd and even lengths, so word padding matters), a delta, a
    run clipped at the row end, an end of line mid-row, and the end of bitmap."""
    out = bytearray()
    for y in range(h):
        if y == 3:
            out += bytes([0, 2, 9, 9, 3, 1])  # delta (Pillow 9.4 reads right=3, up=1 after 2 bytes)
            continue
        if y == 4:
            continue  # covered by the delta's "up"
        x = 0
        while x < w:
            if (x + y) % 3 == 0 and w - x >= 5:
                n = 3 + (x % 2)
                out += bytes([0, n]) + bytes(int(v) for v in rng.integers(0, 40, n))
                if n % 2:
                    out += b"\0"
            else:
                n = min(w - x, 1 + (x * 7 + y) % 6)
                out += bytes([n + (2 if y == 5 else 0), int(rng.integers(0, 40))])
            x += n
        if y == 6:
            out = out[:-2]  # drop the last run: the end of line pads the row
        out += b"\0\0"
    return bytes(out + b"\0\1")


def _rle4_stream(w, h, rng):
    out = bytearray()
    for y in range(h):
        x = 0
        while x < w:
            if x % 4 == 1 and w - x >= 5:
                n = 3 + (y % 3)  # odd n: Pillow reads n // 2 bytes and loses a pixel
                nbytes = n // 2
                out += bytes([0, n]) + bytes(int(v) for v in rng.integers(0, 256, nbytes))
                # Pillow aligns the absolute file offset: this stream starts at an even offset
                if nbytes % 2:
                    out += b"\0"
            else:
                n = min(w - x, 1 + (x + y) % 5)
                out += bytes([n, int(rng.integers(0, 256))])
            x += n
        out += b"\0\0"
    return bytes(out + b"\0\1")


def cases(folder):
    """Yields file names; the golden script records Pillow's decision for each."""
    rng = np.random.default_rng(91)
    p = lambda name: os.path.join(folder, name)
    pal16 = _palette(16, 1)
    pal40 = _palette(40, 2)

    # RLE8: bottom-up and top-down; the stream starts at an even offset (54 + 160). It encodes
    # more rows than the header's 12 (the delta and the cut row lose some): Pillow stops when the
    # image is full.
    stream = _rle8_stream(23, 16, rng)
    write_bmp(p("bmp_rle8.bmp"), 23, 12, 8, stream, compression=1, palette=pal40, colors=40)
    yield "bmp_rle8.bmp"
    write_bmp(p("bmp_rle8_topdown.bmp"), 23, -12, 8, stream, compression=1, palette=pal40,
              colors=40)
    yield "bmp_rle8_topdown.bmp"
    # Indices past the 40-entry palette (gray ramp in Pillow), skipped pixels (index 0).
    wild = bytes([5, 200, 0, 2, 0, 0, 4, 1, 3, 77, 0, 0]) * 3 + bytes([0, 1])
    write_bmp(p("bmp_rle8_skips.bmp"), 9, 4, 8, wild + b"\0" * 64, compression=1,
              palette=pal40, colors=40)
    yield "bmp_rle8_skips.bmp"
    # Ends before the image is filled: Pillow raises "not enough image data".
    write_bmp(p("bmp_rle8_short.bmp"), 23, 12, 8, stream[: len(stream) // 3] + b"\0\1",
              compression=1, palette=pal40, colors=40)
    yield "bmp_rle8_short.bmp"
    write_bmp(p("bmp_rle4.bmp"), 21, 9, 4, _rle4_stream(21, 9, rng), compression=2,
              palette=pal16)
    yield "bmp_rle4.bmp"
    write_bmp(p("bmp_rle4_topdown.bmp"), 21, -9, 4, _rle4_stream(21, 9, rng), compression=2,
              palette=pal16)
    yield "bmp_rle4_topdown.bmp"
    gray = [(i, i, i) for i in range(256)]
    write_bmp(p("bmp_rle8_gray.bmp"), 23, 12, 8, stream, compression=1, palette=gray)
    yield "bmp_rle8_gray.bmp"
    write_bmp(p("bmp_rle8_blackwhite.bmp"), 23, 12, 8, stream, compression=1,
              palette=[(0, 0, 0), (255, 255, 255)], colors=2)
    yield "bmp_rle8_blackwhite.bmp"
    write_bmp(p("bmp_rle_24bit.bmp"), 23, 12, 24, stream, compression=1)
    yield "bmp_rle_24bit.bmp"

    # Headers: OS/2 2.x (64 bytes), OS/2 1.x with a 252-entry palette, V2 (52 bytes, refused).
    idx = rng.integers(0, 40, size=(11, 13))
    write_bmp(p("bmp_os2v2.bmp"), 13, 11, 8, _rows(idx, 8), palette=pal40, colors=40,
              header_size=64)
    yield "bmp_os2v2.bmp"
    idx252 = rng.integers(0, 256, size=(10, 17))
    write_bmp(p("bmp_os2_252.bmp"), 17, 10, 8, _rows(idx252, 8), palette=_palette(252, 3),
              header_size=12)
    yield "bmp_os2_252.bmp"
    write_bmp(p("bmp_header52.bmp"), 13, 11, 8, _rows(idx, 8), palette=pal40, colors=40,
              header_size=52)
    yield "bmp_header52.bmp"

    # Palette offsets: pixel offset right after the header (Pillow skips 4 * colors bytes), 0
    # (pixels follow the palette), pointing past a gap; indices past a short palette.
    write_bmp(p("bmp_offset_header.bmp"), 13, 11, 8, _rows(idx, 8), palette=pal40, colors=40,
              offset=54)
    yield "bmp_offset_header.bmp"
    write_bmp(p("bmp_offset_zero.bmp"), 13, 11, 8, _rows(idx, 8), palette=pal40, colors=40,
              offset=0)
    yield "bmp_offset_zero.bmp"
    write_bmp(p("bmp_offset_gap.bmp"), 13, 11, 8, _rows(idx, 8), palette=pal40, colors=40,
              offset=54 + 160 + 30)
    yield "bmp_offset_gap.bmp"
    wide = rng.integers(0, 256, size=(11, 13))
    write_bmp(p("bmp_past_palette.bmp"), 13, 11, 8, _rows(wide, 8), palette=_palette(5, 4),
              colors=5)
    yield "bmp_past_palette.bmp"
    # Palette sizes: gray ramp (mode L), black and white at 8 bits (mode "1" reads bits),
    # a 16-entry (i, i, i) ramp at 4 bits (mode L reads bytes), too many colors.
    write_bmp(p("bmp_gray_ramp.bmp"), 13, 11, 8, _rows(wide, 8), palette=gray)
    yield "bmp_gray_ramp.bmp"
    write_bmp(p("bmp_bw_8bit.bmp"), 13, 11, 8, _rows(wide, 8),
              palette=[(0, 0, 0), (255, 255, 255)], colors=2)
    yield "bmp_bw_8bit.bmp"
    idx16 = rng.integers(0, 16, size=(11, 13))
    write_bmp(p("bmp_gray16_4bit.bmp"), 13, 11, 4, _rows(idx16, 4),
              palette=[(i, i, i) for i in range(16)])
    yield "bmp_gray16_4bit.bmp"
    write_bmp(p("bmp_1bit.bmp"), 29, 7, 1, _rows(rng.integers(0, 2, size=(7, 29)), 1),
              palette=[(200, 10, 10), (10, 10, 200)])
    yield "bmp_1bit.bmp"
    write_bmp(p("bmp_colors_300.bmp"), 13, 11, 8, _rows(idx, 8), palette=_palette(300, 5),
              colors=300)
    yield "bmp_colors_300.bmp"
    write_bmp(p("bmp_colors_70000.bmp"), 13, 11, 8, _rows(idx, 8), palette=pal40, colors=70000)
    yield "bmp_colors_70000.bmp"

    # Bit fields: supported 32-bit layouts (masks after a 40-byte header or inside a V4 one),
    # 24-bit, 16-bit 5-6-5 in a V4 header; unsupported layouts.
    px32 = bytes(int(v) for v in rng.integers(0, 256, 4 * 9 * 6))
    for name, masks in (("xbgr", (0xFF000000, 0xFF0000, 0xFF00)),
                        ("bgrx", (0xFF0000, 0xFF00, 0xFF)),
                        ("zero", (0, 0, 0)),
                        ("10bit", (0x3FF00000, 0xFFC00, 0x3FF))):
        write_bmp(p(f"bmp_bitfields_{name}.bmp"), 9, 6, 32, px32, compression=3, masks=masks)
        yield f"bmp_bitfields_{name}.bmp"
    for name, masks in (("rgba", (0xFF, 0xFF00, 0xFF0000, 0xFF000000)),
                        ("bgra", (0xFF0000, 0xFF00, 0xFF, 0xFF000000)),
                        ("abgr", (0xFF000000, 0xFF0000, 0xFF00, 0xFF))):
        write_bmp(p(f"bmp_v4_{name}.bmp"), 9, 6, 32, px32, compression=3, masks=masks,
                  masks_in_header=True, header_size=108)
        yield f"bmp_v4_{name}.bmp"
    px24 = bytes(int(v) for v in rng.integers(0, 256, 28 * 5))
    write_bmp(p("bmp_bitfields_24.bmp"), 9, 5, 24, px24, compression=3,
              masks=(0xFF0000, 0xFF00, 0xFF))
    yield "bmp_bitfields_24.bmp"
    px16 = bytes(int(v) for v in rng.integers(0, 256, 20 * 5))
    write_bmp(p("bmp_v5_565.bmp"), 9, 5, 16, px16, compression=3, masks=(0xF800, 0x7E0, 0x1F),
              masks_in_header=True, header_size=124)
    yield "bmp_v5_565.bmp"
    write_bmp(p("bmp_bitfields_444.bmp"), 9, 5, 16, px16, compression=3,
              masks=(0xF00, 0xF0, 0xF))
    yield "bmp_bitfields_444.bmp"
    write_bmp(p("bmp_bitfields_8bit.bmp"), 13, 11, 8, _rows(idx, 8), compression=3,
              masks=(0xFF0000, 0xFF00, 0xFF), palette=pal40, colors=40)
    yield "bmp_bitfields_8bit.bmp"
    write_bmp(p("bmp_compression4.bmp"), 9, 5, 24, px24, compression=4)
    yield "bmp_compression4.bmp"
    write_bmp(p("bmp_2bit.bmp"), 13, 11, 2, _rows(idx16 % 4, 8), palette=pal16[:4])
    yield "bmp_2bit.bmp"

    # Truncation: one byte short (refused); only the last row's padding missing (Pillow's raw
    # decoder does not need it).
    rows24 = bytes(int(v) for v in rng.integers(0, 256, 12 * 7))  # 3 px * 3 = 9 -> stride 12
    write_bmp(p("bmp_cut_pixel.bmp"), 3, 7, 24, rows24, cut=4)
    yield "bmp_cut_pixel.bmp"
    write_bmp(p("bmp_cut_padding.bmp"), 3, 7, 24, rows24, cut=3)
    yield "bmp_cut_padding.bmp"
    write_bmp(p("bmp_no_palette_room.bmp"), 13, 11, 8, _rows(idx, 8)[:40], palette=pal40,
              colors=40)
    yield "bmp_no_palette_room.bmp"
