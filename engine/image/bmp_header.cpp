// BMP headers as Pillow 9.4 reads them (BmpImagePlugin._bitmap). Pillow's rules, not the BMP
// specification's, decide here, because the reference is what Pillow opens:
// - headers of 12 (OS/2 1.x), 40, 64 (OS/2 2.x), 108 and 124 bytes; others are refused;
// - the height is "top-down" only when its top byte is 0xFF; sizes are unsigned;
// - the palette has `colors` entries (1 << bits when the field is 0), 3 bytes each after a
//   12-byte header and 4 after the others, read right after the header, wherever the pixel data
//   offset points; a short palette is used as far as it goes;
// - a pixel offset that points right after the header is moved past a palette of 4 * colors
//   bytes (files written without counting their palette);
// - a palette that is exactly black and white (2 colors) or the gray ramp (i, i, i) makes the
//   image mode "1" or "L", whose raw modes then read the stored rows at 1 or 8 bits per pixel;
// - BI_BITFIELDS only with the masks Pillow lists; RLE8 and RLE4 through its Python decoder.
#include "image/bmp_header.h"

#include "common/error.h"

#include <string>

namespace facet::image::detail {
namespace {

constexpr std::uint32_t kRaw = 0, kRle8 = 1, kRle4 = 2, kBitfields = 3;

struct Masks {
    std::uint32_t r = 0, g = 0, b = 0, a = 0;
};

BmpPixels bitfieldPixels(unsigned bits, const Masks& m) {
    auto is = [&](std::uint32_t r, std::uint32_t g, std::uint32_t b, std::uint32_t a) {
        return m.r == r && m.g == g && m.b == b && m.a == a;
    };
    if (bits == 32) {
        if (is(0xFF0000, 0xFF00, 0xFF, 0) || is(0xFF0000, 0xFF00, 0xFF, 0xFF000000) ||
            is(0, 0, 0, 0))
            return BmpPixels::Bgrx;
        if (is(0xFF000000, 0xFF0000, 0xFF00, 0) || is(0xFF000000, 0xFF0000, 0xFF00, 0xFF))
            return BmpPixels::Xbgr;
        if (is(0xFF, 0xFF00, 0xFF0000, 0xFF000000))
            return BmpPixels::Rgbx;
    } else if (bits == 24 && m.r == 0xFF0000 && m.g == 0xFF00 && m.b == 0xFF) {
        return BmpPixels::Bgr24;
    } else if (bits == 16 && m.r == 0xF800 && m.g == 0x7E0 && m.b == 0x1F) {
        return BmpPixels::Bgr16;
    } else if (bits == 16 && m.r == 0x7C00 && m.g == 0x3E0 && m.b == 0x1F) {
        return BmpPixels::Bgr15;
    }
    throw Error("unsupported BMP bit field layout");
}

} // namespace

BmpLayout parseBmp(Bytes file) {
    if (file.size() < 18)
        throw Error("truncated BMP header");
    BmpLayout out;
    size_t offset = le32(&file[10]);
    const std::uint32_t headerSize = le32(&file[14]);
    if (headerSize != 12 && headerSize != 40 && headerSize != 64 && headerSize != 108 &&
        headerSize != 124)
        throw Error("unsupported BMP header type (" + std::to_string(headerSize) + " bytes)");
    if (file.size() < 14 + size_t{headerSize})
        throw Error("truncated BMP header");
    const std::uint8_t* h = &file[18]; // the header after its size field
    std::uint64_t width = 0, height = 0;
    std::uint32_t compression = kRaw, colors = 0;
    size_t paletteEntryBytes = 4, position = 14 + size_t{headerSize};
    Masks masks;
    if (headerSize == 12) {
        width = le16(h);
        height = le16(h + 2);
        out.bits = le16(h + 6);
        paletteEntryBytes = 3;
    } else {
        out.topDown = h[7] == 0xFF;
        width = le32(h);
        height = out.topDown ? (std::uint64_t{1} << 32) - le32(h + 4) : le32(h + 4);
        out.bits = le16(h + 10);
        compression = le32(h + 12);
        colors = le32(h + 28);
        if (compression == kBitfields) {
            if (headerSize - 4 >= 52) {
                masks = {le32(h + 36), le32(h + 40), le32(h + 44), le32(h + 48)};
            } else { // a 40-byte header: three masks follow it
                if (file.size() < position + 12)
                    throw Error("truncated BMP (bit field masks)");
                masks = {le32(&file[position]), le32(&file[position + 4]),
                         le32(&file[position + 8]), 0};
                position += 12;
            }
        }
    }
    if (width == 0 || height == 0)
        throw Error("corrupt BMP (zero width or height)");
    // Beyond this Pillow's decompression-bomb check refuses anyway; keep the values in an int.
    if (width > 0x7FFFFFFF || height > 0x7FFFFFFF)
        throw Error("image is " + std::to_string(width) + "x" + std::to_string(height) +
                    " pixels, which exceeds the limit of " + std::to_string(kMaxImagePixels) +
                    " pixels (decompression bomb protection)");
    out.width = static_cast<int>(width);
    out.height = static_cast<int>(height);
    if (colors == 0)
        colors = out.bits < 32 ? std::uint32_t{1} << out.bits : 0;
    if (offset == 14 + size_t{headerSize} && out.bits <= 8)
        offset += 4 * size_t{colors};

    const unsigned bits = out.bits;
    if (bits != 1 && bits != 4 && bits != 8 && bits != 16 && bits != 24 && bits != 32)
        throw Error("unsupported BMP pixel depth (" + std::to_string(bits) + " bits)");
    if (compression == kBitfields) {
        out.pixels = bitfieldPixels(bits, masks);
    } else if (compression == kRaw) {
        out.pixels = bits <= 8    ? BmpPixels::Palette
                     : bits == 16 ? BmpPixels::Bgr15
                     : bits == 24 ? BmpPixels::Bgr24
                                  : BmpPixels::Bgrx;
    } else if (compression == kRle8 || compression == kRle4) {
        if (bits > 8) // Pillow's RLE decoder writes palette indices only
            throw Error("unsupported BMP: RLE with " + std::to_string(bits) + " bits per pixel");
        out.pixels = compression == kRle4 ? BmpPixels::Rle4 : BmpPixels::Rle8;
    } else {
        throw Error("unsupported BMP compression (" + std::to_string(compression) + ")");
    }
    out.unpackBits = bits;

    if (bits <= 8) {
        if (colors == 0 || colors > 65536)
            throw Error("unsupported BMP palette size (" + std::to_string(colors) + " colors)");
        const size_t wanted = paletteEntryBytes * colors;
        const size_t available = position < file.size() ? file.size() - position : 0;
        const Bytes palette =
            file.subspan(std::min(position, file.size()), std::min(wanted, available));
        position += palette.size();
        bool gray = true;
        for (size_t i = 0; i < colors && gray; ++i) {
            const std::uint8_t value = colors == 2 ? static_cast<std::uint8_t>(i * 255)
                                                   : static_cast<std::uint8_t>(i & 255);
            const size_t at = i * paletteEntryBytes;
            gray = at + 3 <= palette.size() && palette[at] == value && palette[at + 1] == value &&
                   palette[at + 2] == value;
        }
        const bool rle = out.pixels != BmpPixels::Palette;
        if (gray && colors == 2) {
            out.blackWhiteRle = rle;
            if (!rle)
                out.pixels = BmpPixels::Gray1, out.unpackBits = 1;
        } else if (gray) {
            out.grayRle = rle;
            if (!rle)
                out.pixels = BmpPixels::Gray8, out.unpackBits = 8;
        } else {
            // Pillow unpacks floor(bytes * 8 / bits-per-entry) entries ("BGR" or "BGRX").
            out.paletteEntries = palette.size() / paletteEntryBytes;
            for (size_t i = 0; i < out.paletteEntries && i < 256; ++i)
                for (size_t c = 0; c < 3; ++c)
                    out.palette[i * 3 + c] = palette[i * paletteEntryBytes + 2 - c];
        }
        for (size_t i = out.paletteEntries; i < 256; ++i) // ImagingPaletteNew's gray ramp
            out.palette[i * 3] = out.palette[i * 3 + 1] = out.palette[i * 3 + 2] =
                static_cast<std::uint8_t>(i);
    }
    out.dataOffset = offset != 0 ? offset : position;
    out.stride = ((static_cast<size_t>(out.width) * bits + 31) >> 3) & ~size_t{3};
    return out;
}

} // namespace facet::image::detail
