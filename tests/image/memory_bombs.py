"""Small files that claim huge images (issue #17, finding 6): each is a few hundred bytes to a
few tens of kilobytes and would cost gigabytes if decoded naively."""
import struct
import zlib

import png_craft


def png_column(path, height):
    """1 x height 8-bit gray, all zero: 2 bytes a row before compression (32 KB at 16 Mi rows)."""
    raw = zlib.compress(b"\0" * (2 * height), 9)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + png_craft.ihdr(1, height, 8, 0) +
                png_craft.chunk(b"IDAT", raw) + png_craft.chunk(b"IEND", b""))


def bmp_without_pixels(path, width, height):
    """A 54-byte 24-bit BMP: headers only, the pixel data missing (Pillow: truncated)."""
    header = b"BM" + struct.pack("<IHHI", 54, 0, 0, 54)
    header += struct.pack("<IiiHHIIiiII", 40, width, height, 1, 24, 0, 0, 2835, 2835, 0, 0)
    with open(path, "wb") as f:
        f.write(header)


class _Bits:
    """LSB-first bit writer, the order of the VP8L bitstream."""

    def __init__(self):
        self.value, self.count = 0, 0

    def put(self, value, bits):
        self.value |= value << self.count
        self.count += bits

    def bytes(self):
        return self.value.to_bytes((self.count + 7) // 8, "little")


def webp_lossless_flat(path, width, height):
    """A VP8L image whose five prefix codes have one symbol each, so its pixels take no bits at
    all: a few dozen bytes for any size (opaque black)."""
    bits = _Bits()
    bits.put(width - 1, 14)
    bits.put(height - 1, 14)
    bits.put(0, 1)  # alpha not used
    bits.put(0, 3)  # version
    bits.put(0, 1)  # no transform
    bits.put(0, 1)  # no colour cache
    bits.put(0, 1)  # no meta prefix codes
    for symbol in (0, 0, 0, 255, 0):  # green, red, blue, alpha, distance
        bits.put(1, 1)  # simple code
        bits.put(0, 1)  # one symbol
        if symbol < 2:
            bits.put(0, 1)
            bits.put(symbol, 1)
        else:
            bits.put(1, 1)
            bits.put(symbol, 8)
    data = b"\x2f" + bits.bytes()
    if len(data) % 2:
        data += b"\0"
    chunk = b"VP8L" + struct.pack("<I", len(data)) + data
    with open(path, "wb") as f:
        f.write(b"RIFF" + struct.pack("<I", 4 + len(chunk)) + b"WEBP" + chunk)


def jpeg_progressive_cut(path, width, height, components):
    """A progressive JPEG header (4:2:0 when it has three components) and the first few bytes of
    its first DC scan, then nothing: truncated, but its header claims width x height."""
    def segment(marker, body):
        return bytes([0xFF, marker]) + struct.pack(">H", len(body) + 2) + body

    dqt = segment(0xDB, b"\0" + b"\1" * 64)
    comps = b"".join(bytes([i + 1, 0x22 if i == 0 and components == 3 else 0x11, 0])
                     for i in range(components))
    sof = segment(0xC2, struct.pack(">BHHB", 8, height, width, components) + comps)
    dht = segment(0xC4, b"\0" + bytes([1] + [0] * 15) + b"\0")  # DC table 0: one code, category 0
    sos = segment(0xDA, bytes([components]) + b"".join(bytes([i + 1, 0]) for i in range(components))
                  + b"\0\0\0")
    with open(path, "wb") as f:
        f.write(b"\xff\xd8" + dqt + sof + dht + sos + b"\0" * 64)


def jpeg_baseline_flat(path, width, height):
    """A complete baseline gray JPEG, mid-gray everywhere: with one-code Huffman tables every 8x8
    block costs two zero bits (DC difference 0, end of block), so 16000 x 11000 is 690 KB."""
    def segment(marker, body):
        return bytes([0xFF, marker]) + struct.pack(">H", len(body) + 2) + body

    dqt = segment(0xDB, b"\0" + b"\1" * 64)
    sof = segment(0xC0, struct.pack(">BHHB", 8, height, width, 1) + bytes([1, 0x11, 0]))
    one_code = bytes([1] + [0] * 15) + b"\0"  # one code of length 1, for symbol 0
    dht = segment(0xC4, b"\x00" + one_code + b"\x10" + one_code)  # DC table 0, AC table 0
    sos = segment(0xDA, bytes([1, 1, 0x00, 0, 63, 0]))
    blocks = ((width + 7) // 8) * ((height + 7) // 8)
    with open(path, "wb") as f:
        f.write(b"\xff\xd8" + dqt + sof + dht + sos + bytes((2 * blocks + 7) // 8) + b"\xff\xd9")
