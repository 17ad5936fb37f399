"""Hand-written PNGs (and one JPEG) for the chunk-level decisions of Pillow 9.4: orientation from
XMP and from ImageMagick's "Raw profile type exif" text, text chunks past Pillow's limits,
unknown compression methods, APNG frame-sequence errors, checksums, malformed EXIF."""
import io
import os
import struct
import zlib

import numpy as np
from PIL import Image

from png_craft import chunk, ihdr

W, H = 7, 5


def _pixels():
    rng = np.random.default_rng(17)
    rows = rng.integers(0, 256, size=(H, W * 3), dtype=np.uint8)
    return b"".join(b"\0" + bytes(r) for r in rows)


def _png(path, before=b"", after=b"", idat=None):
    data = b"\x89PNG\r\n\x1a\n" + ihdr(W, H, 8, 2) + before
    data += idat if idat is not None else chunk(b"IDAT", zlib.compress(_pixels()))
    with open(path, "wb") as f:
        f.write(data + after + chunk(b"IEND", b""))


def _exif(orientation=None):
    exif = Image.Exif()
    if orientation is not None:
        exif[0x0112] = orientation
    else:
        exif[0x010F] = "maker"  # an EXIF block without an Orientation tag
    return exif.tobytes()[6:] if exif.tobytes().startswith(b"Exif") else exif.tobytes()


def _raw_profile(exif):
    hexdigits = exif.hex()
    lines = "\n".join(hexdigits[i:i + 72] for i in range(0, len(hexdigits), 72))
    return f"\nexif\n{len(exif):8d}\n{lines}\n".encode()


def _xmp_attr(n):
    return (f'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><rdf:Description '
            f'xmlns:tiff="http://ns.adobe.com/tiff/1.0/" tiff:Orientation="{n}"/>'
            f"</rdf:RDF></x:xmpmeta>").encode()


def _xmp_element(n):
    return (f'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><rdf:Description '
            f'xmlns:tiff="http://ns.adobe.com/tiff/1.0/"><tiff:Orientation>{n}</tiff:Orientation>'
            f"</rdf:Description></rdf:RDF></x:xmpmeta>").encode()


def itxt(key, text, compressed=False, method=0):
    body = zlib.compress(text) if compressed else text
    return chunk(b"iTXt", key + b"\0" + bytes([1 if compressed else 0, method]) + b"\0\0" + body)


def ztxt(key, text, method=0):
    return chunk(b"zTXt", key + b"\0" + bytes([method]) + zlib.compress(text, 9))


def text(key, value):
    return chunk(b"tEXt", key + b"\0" + value)


def actl(frames):
    return chunk(b"acTL", struct.pack(">II", frames, 0))


def fctl(seq, w=W, h=H, x=0, y=0):
    return chunk(b"fcTL", struct.pack(">IIIIIHHBB", seq, w, h, x, y, 1, 10, 0, 0))


def fdat(seq):
    return chunk(b"fdAT", struct.pack(">I", seq) + zlib.compress(_pixels()))


def cases(folder):
    p = lambda name: os.path.join(folder, name)
    xmp = b"XML:com.adobe.xmp"
    raw = b"Raw profile type exif"
    # Orientation outside the eXIf chunk
    _png(p("png_xmp_attr6.png"), itxt(xmp, _xmp_attr(6)))
    yield "png_xmp_attr6.png"
    _png(p("png_xmp_element8.png"), text(xmp, _xmp_element(8)))
    yield "png_xmp_element8.png"
    _png(p("png_xmp_after_idat5.png"), after=itxt(xmp, _xmp_attr(5), compressed=True))
    yield "png_xmp_after_idat5.png"
    _png(p("png_xmp_attr9.png"), itxt(xmp, _xmp_attr(9)))
    yield "png_xmp_attr9.png"
    _png(p("png_raw_profile7.png"), ztxt(raw, _raw_profile(_exif(7))))
    yield "png_raw_profile7.png"
    _png(p("png_raw_profile3_text.png"), text(raw, _raw_profile(_exif(3))))
    yield "png_raw_profile3_text.png"
    _png(p("png_raw_profile_badhex.png"), text(raw, b"\nexif\n      12\n0g1122\n"))
    yield "png_raw_profile_badhex.png"
    _png(p("png_exif1_xmp6.png"), chunk(b"eXIf", _exif(1)) + itxt(xmp, _xmp_attr(6)))
    yield "png_exif1_xmp6.png"
    _png(p("png_exif_without_tag_xmp6.png"), chunk(b"eXIf", _exif()) + itxt(xmp, _xmp_attr(6)))
    yield "png_exif_without_tag_xmp6.png"
    _png(p("png_raw_profile_xmp.png"), ztxt(raw, _raw_profile(_exif())) + text(xmp, _xmp_attr(2)))
    yield "png_raw_profile_xmp.png"
    _png(p("png_exif_garbage.png"), chunk(b"eXIf", b"garbage, not TIFF"))
    yield "png_exif_garbage.png"

    # Text limits: 1 MiB per compressed chunk, 64 MiB in all; compression methods
    _png(p("png_ztxt_1mib_plus.png"), ztxt(b"Comment", b"a" * ((1 << 20) + 1)))
    yield "png_ztxt_1mib_plus.png"
    _png(p("png_ztxt_1mib.png"), ztxt(b"Comment", b"a" * (1 << 20)))
    yield "png_ztxt_1mib.png"
    _png(p("png_itxt_bomb_after_idat.png"),
         after=itxt(b"Comment", b"b" * (3 << 20), compressed=True))
    yield "png_itxt_bomb_after_idat.png"
    many = b"".join(ztxt(b"Comment%d" % i, b"c" * (1 << 20)) for i in range(65))
    _png(p("png_text_65mib.png"), many)
    yield "png_text_65mib.png"
    _png(p("png_ztxt_method1.png"), ztxt(b"Comment", b"hello", method=1))
    yield "png_ztxt_method1.png"
    _png(p("png_ztxt_method1_after_idat.png"), after=ztxt(b"Comment", b"hello", method=1))
    yield "png_ztxt_method1_after_idat.png"
    _png(p("png_itxt_method1.png"), itxt(b"Comment", b"hello", compressed=True, method=1))
    yield "png_itxt_method1.png"

    # APNG sequence numbers and frames
    _png(p("apng_ok.png"), actl(2) + fctl(0), after=fctl(1) + fdat(2))
    yield "apng_ok.png"
    _png(p("apng_start1.png"), actl(2) + fctl(1), after=fctl(2) + fdat(3))
    yield "apng_start1.png"
    _png(p("apng_gap_later_frame.png"), actl(2) + fctl(0), after=fctl(2) + fdat(3))
    yield "apng_gap_later_frame.png"
    _png(p("apng_one_frame_gap.png"), actl(1) + fctl(0), after=fctl(2) + fdat(3))
    yield "apng_one_frame_gap.png"
    _png(p("apng_default_image_gap.png"), actl(1), after=fctl(1) + fdat(2))
    yield "apng_default_image_gap.png"
    _png(p("apng_frame_outside.png"), actl(2) + fctl(0, w=W + 1), after=fctl(1) + fdat(2))
    yield "apng_frame_outside.png"
    _png(p("apng_short_fctl.png"), actl(2) + chunk(b"fcTL", b"\0" * 10))
    yield "apng_short_fctl.png"
    split = zlib.compress(_pixels())
    _png(p("apng_fdat_in_idat_run.png"), actl(2) + fctl(0),
         idat=chunk(b"IDAT", split[:10]) + chunk(b"fdAT", struct.pack(">I", 5) + split[10:]))
    yield "apng_fdat_in_idat_run.png"

    # Chunk types must be four word characters while Pillow opens the file
    _png(p("png_bad_chunk_type.png"), chunk(b"a-b!", b"x"))
    yield "png_bad_chunk_type.png"

    # Checksums: Pillow checks the chunks before IDAT only
    bad = bytearray(text(b"Comment", b"hello"))
    bad[-1] ^= 1
    _png(p("png_bad_crc_before_idat.png"), bytes(bad))
    yield "png_bad_crc_before_idat.png"
    _png(p("png_bad_crc_after_idat.png"), after=bytes(bad))
    yield "png_bad_crc_after_idat.png"

    # JPEG whose APP1 EXIF is not TIFF: Pillow's exif_transpose fails
    buf = io.BytesIO()
    Image.new("RGB", (8, 8), (10, 200, 30)).save(buf, "JPEG")
    jpeg = buf.getvalue()
    app1 = b"\xff\xe1" + struct.pack(">H", 2 + 6 + 12) + b"Exif\0\0" + b"not a tiff!!"
    with open(p("jpeg_exif_garbage.jpg"), "wb") as f:
        f.write(jpeg[:2] + app1 + jpeg[2:])
    yield "jpeg_exif_garbage.jpg"
    # ... unless a JFIF header gave the resolution first: then Pillow reads the EXIF only in
    # exif_transpose, and the load fails.
    assert jpeg[2:4] == b"\xff\xe0" and jpeg[6:11] == b"JFIF\0"
    app0_end = 4 + struct.unpack(">H", jpeg[4:6])[0]
    jfif = bytearray(jpeg)
    jfif[13] = 1  # density unit: dots per inch
    with open(p("jpeg_jfif_exif_garbage.jpg"), "wb") as f:
        f.write(bytes(jfif[:app0_end]) + app1 + bytes(jfif[app0_end:]))
    yield "jpeg_jfif_exif_garbage.jpg"
