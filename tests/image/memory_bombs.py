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


def gif_cut(path, width, height):
    """A GIF whose first frame claims width x height and whose LZW data stops after a few
    hundred pixels (issue #56: 798 bytes for 13000 x 13000 were decoded into 818 MB and accepted;
    Pillow refuses it as truncated)."""
    codes = []
    for i in range(1500):  # literal codes, a clear code every other one: the size stays 3 bits
        if i % 2 == 0:
            codes.append(4)
        codes.append(1)
    bits, count, out = 0, 0, bytearray()
    for code in codes:
        bits |= code << count
        count += 3
        while count >= 8:
            out.append(bits & 0xFF)
            bits >>= 8
            count -= 8
    blocks = b"".join(bytes([len(out[i:i + 255])]) + out[i:i + 255] for i in range(0, len(out), 255))
    header = b"GIF89a" + struct.pack("<HHBBB", width, height, 0x81, 0, 0) + bytes(12)
    frame = b"," + struct.pack("<HHHHB", 0, 0, width, height, 0) + b"\x02" + blocks + b"\0;"
    with open(path, "wb") as f:
        f.write(header + frame)


def bmp_rle_row(path, width):
    """An 8-bit RLE BMP one row high: 4,000 runs of 255, then end of line, which fills the row
    (9 KB for 178,956,970 pixels, the most Pillow opens; it opens this one)."""
    rle = bytes([255, 1]) * 4000 + bytes([0, 0, 0, 1])
    palette = bytes([0, 0, 0, 0, 255, 255, 255, 0]) + bytes(4 * 254)
    offset = 14 + 40 + len(palette)
    dib = struct.pack("<IiiHHIIiiII", 40, width, 1, 1, 8, 1, len(rle), 2835, 2835, 256, 0)
    with open(path, "wb") as f:
        f.write(b"BM" + struct.pack("<IHHI", offset + len(rle), 0, 0, offset) + dib + palette +
                rle)


def png_column_bits(path, height):
    """1 x height, 1-bit gray, complete: 2 bytes a row before compression, 32 KB at 16 Mi rows
    (issue #56's 32 KB 1 x 16.7 M PNG; Pillow opens it)."""
    raw = zlib.compress(b"\0\x80" * height, 9)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + png_craft.ihdr(1, height, 1, 0) +
                png_craft.chunk(b"IDAT", raw) + png_craft.chunk(b"IEND", b""))


def png_column_cut(path, height):
    """1 x height RGB whose image data holds 32 KB: deflate cannot code 48 MB of pixels in that
    (it compresses at most 1032:1), so the file is truncated, and said to be before inflating."""
    raw = zlib.compress(b"\0\x10\x20\x30" * height, 9)[:32000]
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + png_craft.ihdr(1, height, 8, 2) +
                png_craft.chunk(b"IDAT", raw) + png_craft.chunk(b"IEND", b""))


def png_sparse(path, width, height, data_bytes):
    """A 16-bit RGB PNG whose header claims more than the decode-memory plan and whose one IDAT
    chunk is data_bytes long, written sparse (zeros the disk does not store): the file was read
    whole before its header was judged."""
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + png_craft.ihdr(width, height, 16, 2))
        f.write(struct.pack(">I", data_bytes) + b"IDAT")
        f.seek(data_bytes, 1)
        f.write(b"\0\0\0\0" + png_craft.chunk(b"IEND", b""))
