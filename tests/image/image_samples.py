"""Generates the test images (every format, mode and EXIF orientation the decoder supports) into a
folder. Content is deterministic 'photo-like' data: smooth gradients, hard edges and noise, so
that resampling and JPEG/WebP coding are exercised in earnest."""
import io
import os
import struct

import numpy as np
from PIL import Image

import bmp_craft
import gif_craft
import png_craft
import png_edge_craft
import webp_craft


def photo(width, height, seed):
    rng = np.random.default_rng(seed)
    y = np.arange(height, dtype=np.float32)[:, None]
    x = np.arange(width, dtype=np.float32)[None, :]
    r = 128 + 90 * np.sin(x / (7 + width / 23) + seed) * np.cos(y / (5 + height / 31))
    g = 128 + 100 * np.sin((x + 2 * y) / (9 + (width + height) / 40))
    b = 255 * (x / max(width, 1)) * (1 - y / max(height, 1)) + 0 * y
    img = np.stack(np.broadcast_arrays(r, g, b), axis=-1)
    # hard-edged blocks and noise
    img[(height // 5) : (height // 3), (width // 4) : (width // 2)] = (250, 30, 60)
    img[(height // 2) :: 7, :] *= 0.35
    img += rng.normal(0, 9, size=img.shape).astype(np.float32)
    return np.clip(img, 0, 255).astype(np.uint8)


def exif_with_orientation(value):
    exif = Image.Exif()
    exif[0x0112] = value
    return exif.tobytes()


def _save(folder, name, image, **kwargs):
    path = os.path.join(folder, name)
    image.save(path, **kwargs)
    return name


def _craft(folder, name, *args, **kwargs):
    png_craft.write_png(os.path.join(folder, name), *args, **kwargs)
    return name


def _write_bmp16(folder, name, words, masks):
    """16-bit BMP (Pillow only writes 1/8/24-bit): BI_RGB 5-5-5, or BI_BITFIELDS with masks."""
    h, w = words.shape
    stride = (w * 16 + 31) // 32 * 4
    rows = b"".join(words[y].tobytes().ljust(stride, b"\0") for y in range(h - 1, -1, -1))
    extra = struct.pack("<III", *masks) if masks else b""
    offset = 14 + 40 + len(extra)
    header = b"BM" + struct.pack("<IHHI", offset + len(rows), 0, 0, offset)
    header += struct.pack("<IiiHHIIiiII", 40, w, h, 1, 16, 3 if masks else 0, len(rows), 2835,
                          2835, 0, 0)
    with open(os.path.join(folder, name), "wb") as f:
        f.write(header + extra + rows)
    return name


def good_images(folder):
    """Yields (file name, levels, dump_full) for every decodable sample."""
    rgb = lambda w, h, seed=1: Image.fromarray(photo(w, h, seed))
    all_levels = [70, 140, 280, 560, 1120]

    yield _save(folder, "rgb_20x20.png", rgb(20, 20)), all_levels, [70]
    yield _save(folder, "rgb_40x3000.png", rgb(40, 3000, 2)), all_levels, [140]
    yield _save(folder, "rgb_2500x30.png", rgb(2500, 30, 3)), all_levels, []
    yield _save(folder, "rgb_1x1.png", rgb(1, 1, 4)), [70, 1120], []
    yield _save(folder, "rgb_1920x1080.png", rgb(1920, 1080, 5)), [70, 280, 1120], [280]
    yield _save(folder, "rgb_640x480.png", rgb(640, 480, 6)), [280], [280]
    yield _save(folder, "rgb_768x768.png", rgb(768, 768, 7)), [280, 70], []  # 280: no resize
    # Only one side changes at 70 (factor is exactly 1): one resample pass is skipped.
    yield _save(folder, "rgb_384x420.png", rgb(384, 420, 17)), [70], []
    yield _save(folder, "rgb_420x384.png", rgb(420, 384, 18)), [70], []
    yield _save(folder, "rgb_1000x37.png", rgb(1000, 37, 8)), [140, 560], []
    yield _save(folder, "rgb_333x999.png", rgb(333, 999, 9)), [140, 560], []

    # JPEG: chroma subsamplings, progressive, grayscale, CMYK (Adobe, inverted as Photoshop writes)
    yield _save(folder, "baseline_800x600.jpg", rgb(800, 600, 10), quality=90), [280], []
    yield _save(folder, "s444_500x300.jpg", rgb(500, 300, 11), quality=85, subsampling=0), [140], []
    yield _save(folder, "s422_300x500.jpg", rgb(300, 500, 12), quality=80, subsampling=1), [70], []
    yield _save(folder, "progressive_640x360.jpg", rgb(640, 360, 13), quality=88,
                progressive=True), [280], []
    yield _save(folder, "gray_300x200.jpg", rgb(300, 200, 14).convert("L"), quality=90), [70], []
    cmy = 255 - photo(320, 240, 15)
    black = photo(320, 240, 16)[:, :, 1:2] // 2  # non-zero K, so the CMYK->RGB formula matters
    cmyk = Image.fromarray(np.concatenate([cmy, black], axis=-1), "CMYK")
    yield _save(folder, "cmyk_320x240.jpg", cmyk, quality=90), [140], []
    for orientation in range(1, 9):
        yield _save(folder, f"orient{orientation}_150x90.jpg", rgb(150, 90, 20 + orientation),
                    quality=92, exif=exif_with_orientation(orientation)), [70], []
    yield _save(folder, "orient6_120x70.png", rgb(120, 70, 30), exif=exif_with_orientation(6)), [70], []
    yield _save(folder, "orient3_100x60.webp", rgb(100, 60, 31), quality=80,
                exif=exif_with_orientation(3)), [70], []

    # PNG colour modes
    base = photo(200, 150, 40)
    yield _save(folder, "gray_L.png", Image.fromarray(base).convert("L")), [70], []
    yield _save(folder, "gray_LA.png", Image.fromarray(base).convert("LA")), [70], []
    yield _save(folder, "mono_1.png", Image.fromarray(base).convert("1")), [70], []
    pal = Image.fromarray(base).quantize(64)
    yield _save(folder, "palette_P.png", pal), [70], []
    yield _save(folder, "palette_P_trns.png", pal, transparency=3), [70], []
    rgba = Image.fromarray(base).convert("RGBA")
    rgba.putalpha(Image.fromarray(photo(200, 150, 41)[:, :, 0]))
    yield _save(folder, "rgba.png", rgba), [70], []
    wide = (base.astype(np.uint32) * 257).astype(np.uint16)
    gray16 = wide[:, :, 0].copy()
    gray16[:40, :60] //= 300  # keep a region below 256, where Pillow's I->RGB does not clip
    yield _save(folder, "gray_I16.png", Image.fromarray(gray16)), [70], []
    yield _craft(folder, "rgb16.png", wide + np.arange(200, dtype=np.uint16)[None, :, None], 16, 2), [70], []
    la16 = np.stack([wide[:, :, 1], wide[:, :, 2]], axis=-1)
    yield _craft(folder, "gray_alpha16.png", la16, 16, 4), [70], []
    yield _craft(folder, "interlaced_rgb_37x23.png", photo(37, 23, 42), 8, 2, interlace=True), [70], []
    yield _craft(folder, "interlaced_gray16_45x31.png", wide[:31, :45, 1], 16, 0, interlace=True), [70], []

    # WebP, BMP, GIF
    yield _save(folder, "lossy.webp", rgb(300, 200, 50), quality=75), [140], []
    yield _save(folder, "lossless.webp", rgb(300, 200, 51), lossless=True), [140], []
    yield _save(folder, "lossy_alpha.webp", rgba, quality=70), [70], []
    yield _save(folder, "rgb24.bmp", rgb(150, 100, 52)), [70], []
    yield _save(folder, "palette8.bmp", pal), [70], []
    words = np.random.default_rng(55).integers(0, 65536, size=(37, 21)).astype("<u2")
    yield _write_bmp16(folder, "rgb555.bmp", words, None), [70], []
    yield _write_bmp16(folder, "rgb565_bitfields.bmp", words, (0xF800, 0x7E0, 0x1F)), [70], []
    gif = Image.fromarray(photo(120, 80, 53)).quantize(100)
    yield _save(folder, "palette.gif", gif, transparency=5), [70], []
    yield _save(folder, "interlaced.gif", gif, interlace=True), [70], []
    indices = np.random.default_rng(54).integers(0, 12, size=(20, 30)).astype(np.uint8)
    palette = [(10 * i, 255 - 10 * i, (37 * i) % 256) for i in range(4)]
    gif_craft.write_gif(os.path.join(folder, "offset_frame.gif"), (40, 32), (5, 7, 30, 20),
                        indices, global_palette=palette, transparency=2)
    yield "offset_frame.gif", [70], []  # canvas fill, indices past the palette (gray ramp)
    gif_craft.write_gif(os.path.join(folder, "local_palette.gif"), (30, 20), (0, 0, 30, 20),
                        indices, local_palette=palette * 4)
    yield "local_palette.gif", [70], []
    gif_craft.write_gif(os.path.join(folder, "no_palette.gif"), (30, 20), (0, 0, 30, 20), indices)
    yield "no_palette.gif", [70], []  # Pillow opens it as mode L

    # The 4000x3000 photo: the expensive one, done once at one level (the benchmark does all).
    yield _save(folder, "photo_4000x3000.jpg", rgb(4000, 3000, 60), quality=90), [280], []


def bad_images(folder, good_jpeg, good_png):
    """Yields (file name, keyword the error must contain) for every file that must be refused."""
    def write(name, data):
        with open(os.path.join(folder, name), "wb") as f:
            f.write(data)
        return name

    with open(os.path.join(folder, good_jpeg), "rb") as f:
        jpeg = f.read()
    with open(os.path.join(folder, good_png), "rb") as f:
        png = f.read()
    yield write("truncated.jpg", jpeg[: len(jpeg) // 2]), "truncated"
    yield write("truncated.png", png[: len(png) // 2]), "truncated"
    yield write("text.png", b"This is a text file, not an image.\n" * 4), "not a supported image"
    yield write("empty.jpg", b""), "not a supported image"
    tiff = io.BytesIO()
    Image.fromarray(photo(32, 32, 70)).save(tiff, format="TIFF")
    yield write("photo.tiff", tiff.getvalue()), "unsupported image format"
    png_craft.write_bomb_png(os.path.join(folder, "bomb_20000x20000.png"), 20000, 20000)
    yield "bomb_20000x20000.png", "exceeds"
    bmp = bytearray(b"BM" + (54).to_bytes(4, "little") + bytes(4) + (54).to_bytes(4, "little"))
    bmp += (40).to_bytes(4, "little") + (20000).to_bytes(4, "little") + (20000).to_bytes(4, "little")
    bmp += (1).to_bytes(2, "little") + (24).to_bytes(2, "little") + bytes(24)
    yield write("bomb_20000x20000.bmp", bytes(bmp)), "exceeds"
    yield gif_frame_bomb(folder, "bomb_frame_65535x65535.gif"), "exceeds"


def pillow_edge_cases(folder):
    """Yields file names of crafted edge cases of Pillow's own decoders; the golden script records
    whether Pillow decodes each (and its pixels) or refuses it, and Facet must agree."""
    yield from bmp_craft.cases(folder)
    yield from png_edge_craft.cases(folder)
    yield from webp_craft.cases(folder)
    yield from gif_craft.cases(folder)


def gif_frame_bomb(folder, name):
    """A GIF whose 100 x 100 screen is grown by a 65535 x 65535 frame, with nothing after the
    frame's descriptor: Pillow reports the decompression bomb, not the missing data."""
    data = b"GIF89a" + struct.pack("<HHBBB", 100, 100, 0, 0, 0)
    data += b"," + struct.pack("<HHHHB", 0, 0, 65535, 65535, 0)
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)
    return name
