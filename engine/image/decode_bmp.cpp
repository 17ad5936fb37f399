// BMP pixels with Pillow 9.4's semantics (bmp_header.cpp reads the headers): the raw decoder's
// row layout for uncompressed data, its Python RLE decoder for RLE8/RLE4, Pillow's unpackers
// ("BGR;15": v * 255 / 31 per 5-bit channel, "BGR;16" likewise with 6-bit green) and palette
// lookup with the gray ramp past the palette's end. Every check that can be made before the
// pixel buffer exists is made first: a 54-byte file claiming 16000 x 11000 pixels is refused as
// truncated, as Pillow refuses it, without allocating anything.
#include "common/error.h"
#include "image/bmp_header.h"
#include "image/formats.h"

#include <string>

namespace facet::image::detail {
namespace {

// Raw data: `unpack` bytes of each row are used, rows are `unpack + skip` apart (Pillow's raw
// decoder: skip = stride - unpack when positive), and the last row needs no padding.
struct RowLayout {
    size_t unpack = 0, step = 0;
};

RowLayout rowLayout(const BmpLayout& b) {
    RowLayout r;
    r.unpack = (static_cast<size_t>(b.width) * b.unpackBits + 7) / 8;
    r.step = std::max(r.unpack, b.stride);
    return r;
}

void writeRgb(std::uint8_t* dst, unsigned r, unsigned g, unsigned b) {
    dst[0] = static_cast<std::uint8_t>(r);
    dst[1] = static_cast<std::uint8_t>(g);
    dst[2] = static_cast<std::uint8_t>(b);
}

void unpackRow(const BmpLayout& b, const std::uint8_t* row, std::uint8_t* dst) {
    const auto w = static_cast<size_t>(b.width);
    const std::uint8_t* pal = b.palette.data();
    for (size_t x = 0; x < w; ++x, dst += 3) {
        switch (b.pixels) {
        case BmpPixels::Palette: {
            const unsigned i = b.bits == 8   ? row[x]
                               : b.bits == 4 ? (row[x / 2] >> (x % 2 ? 0 : 4)) & 15
                                             : (row[x / 8] >> (7 - x % 8)) & 1;
            writeRgb(dst, pal[i * 3], pal[i * 3 + 1], pal[i * 3 + 2]);
            break;
        }
        case BmpPixels::Gray1: {
            const unsigned v = (row[x / 8] >> (7 - x % 8)) & 1 ? 255 : 0;
            writeRgb(dst, v, v, v);
            break;
        }
        case BmpPixels::Gray8:
            writeRgb(dst, row[x], row[x], row[x]);
            break;
        case BmpPixels::Bgr15: {
            const unsigned v = le16(row + x * 2);
            writeRgb(dst, ((v >> 10) & 31) * 255 / 31, ((v >> 5) & 31) * 255 / 31,
                     (v & 31) * 255 / 31);
            break;
        }
        case BmpPixels::Bgr16: {
            const unsigned v = le16(row + x * 2);
            writeRgb(dst, ((v >> 11) & 31) * 255 / 31, ((v >> 5) & 63) * 255 / 63,
                     (v & 31) * 255 / 31);
            break;
        }
        case BmpPixels::Bgr24:
            writeRgb(dst, row[x * 3 + 2], row[x * 3 + 1], row[x * 3]);
            break;
        case BmpPixels::Bgrx:
            writeRgb(dst, row[x * 4 + 2], row[x * 4 + 1], row[x * 4]);
            break;
        case BmpPixels::Xbgr:
            writeRgb(dst, row[x * 4 + 3], row[x * 4 + 2], row[x * 4 + 1]);
            break;
        case BmpPixels::Rgbx:
            writeRgb(dst, row[x * 4], row[x * 4 + 1], row[x * 4 + 2]);
            break;
        case BmpPixels::Rle8:
        case BmpPixels::Rle4:
            break; // decodeRle
        }
    }
}

// A gray-ramp palette on a 1- or 4-bit file makes Pillow read 8-bit rows ("L") that are longer
// than the file's stride. When the file holds height * stride bytes Pillow memory-maps it and the
// rows overlap (row r starts at r * stride); bytes past the end of the file read as zero, as in
// the mapping's last page.
RgbImage decodeOverlappingGray(Bytes file, const BmpLayout& b, size_t unpack) {
    const auto h = static_cast<size_t>(b.height), w = static_cast<size_t>(b.width);
    RgbImage out{b.width, b.height, PixelBytes(w * 3 * h)};
    for (size_t r = 0; r < h; ++r) {
        std::uint8_t* dst = &out.rgb[(b.topDown ? r : h - 1 - r) * w * 3];
        const size_t start = b.dataOffset + r * b.stride;
        for (size_t x = 0; x < unpack; ++x, dst += 3) {
            const std::uint8_t v = start + x < file.size() ? file[start + x] : 0;
            writeRgb(dst, v, v, v);
        }
    }
    return out;
}

RgbImage decodeRaw(Bytes file, const BmpLayout& b) {
    const RowLayout rows = rowLayout(b);
    const auto h = static_cast<size_t>(b.height);
    if (b.pixels == BmpPixels::Gray8 && rows.unpack > b.stride && b.dataOffset <= file.size() &&
        (file.size() - b.dataOffset) / b.stride >= h)
        return decodeOverlappingGray(file, b, rows.unpack);
    const size_t needed = (h - 1) * rows.step + rows.unpack; // no overflow: h, step < 2^31 * 4
    if (b.dataOffset > file.size() || file.size() - b.dataOffset < needed)
        throw Error("truncated BMP (pixel data cut off: " + std::to_string(needed) +
                    " bytes needed from offset " + std::to_string(b.dataOffset) + ", " +
                    std::to_string(file.size() > b.dataOffset ? file.size() - b.dataOffset : 0) +
                    " present)");
    const size_t outRow = static_cast<size_t>(b.width) * 3;
    RgbImage out{b.width, b.height, PixelBytes(outRow * h)};
    for (size_t r = 0; r < h; ++r) {
        const size_t y = b.topDown ? r : h - 1 - r;
        unpackRow(b, &file[b.dataOffset + r * rows.step], &out.rgb[y * outRow]);
    }
    return out;
}

// Pillow 9.4's BmpRleDecoder, rule for rule: the indices form one stream that fills the image
// row after row (bottom-up unless the header says top-down); a run is clipped at the row's end,
// an absolute run is not (it flows into the next row); end of line pads the stream to a whole
// row; a delta reads two bytes it ignores and then two more (right, up) and pads the stream by
// right + up * width; an RLE4 absolute run of n pixels reads n / 2 bytes (an odd last pixel is
// lost); after an absolute run the file position is rounded up to even. The stream must fill the
// image, else Pillow raises "not enough image data".
RgbImage decodeRle(Bytes file, const BmpLayout& b) {
    if (b.blackWhiteRle)
        throw Error("unsupported BMP: RLE with a black-and-white palette (Pillow cannot load it)");
    const auto w = static_cast<size_t>(b.width);
    const size_t total = w * static_cast<size_t>(b.height);
    std::vector<std::uint8_t> indices(total, 0);
    const bool rle4 = b.pixels == BmpPixels::Rle4;
    size_t length = 0, x = 0, pos = b.dataOffset;
    auto append = [&](std::uint8_t v) {
        if (length < total)
            indices[length] = v;
        ++length;
    };
    auto readByte = [&](std::uint8_t& v) {
        if (pos >= file.size())
            return false;
        v = file[pos++];
        return true;
    };
    while (length < total) {
        std::uint8_t count = 0, value = 0;
        if (!readByte(count) || !readByte(value))
            break;
        if (count != 0) { // encoded run
            const size_t n = x + count > w ? (x < w ? w - x : 0) : count;
            for (size_t i = 0; i < n; ++i)
                append(rle4 ? (i % 2 == 0 ? value >> 4 : value & 15) : value);
            x += n;
        } else if (value == 0) { // end of line
            length = (length + w - 1) / w * w;
            x = 0;
        } else if (value == 1) { // end of bitmap
            break;
        } else if (value == 2) { // delta
            if (file.size() - std::min(pos, file.size()) < 2)
                break;
            pos += 2;
            if (file.size() - pos < 2)
                throw Error("truncated BMP (RLE delta cut off)");
            const size_t right = file[pos], up = file[pos + 1];
            pos += 2;
            length += right + up * w;
            x = length % w;
        } else { // absolute run of `value` pixels
            const size_t bytes = rle4 ? value / 2 : value;
            const size_t got = std::min(bytes, file.size() - std::min(pos, file.size()));
            for (size_t i = 0; i < got; ++i) {
                const std::uint8_t v = file[pos + i];
                if (rle4) {
                    append(v >> 4);
                    append(v & 15);
                } else {
                    append(v);
                }
            }
            pos += got;
            if (got < bytes)
                break;
            x += value;
            if (pos % 2 != 0)
                ++pos;
        }
    }
    if (length < total)
        throw Error("truncated BMP (RLE data ends before the image is filled: " +
                    std::to_string(length) + " of " + std::to_string(total) + " pixels)");
    const size_t outRow = w * 3;
    const auto h = static_cast<size_t>(b.height);
    RgbImage out{b.width, b.height, PixelBytes(outRow * h)};
    for (size_t r = 0; r < h; ++r) {
        std::uint8_t* dst = &out.rgb[(b.topDown ? r : h - 1 - r) * outRow];
        for (size_t i = 0; i < w; ++i, dst += 3) {
            const unsigned v = indices[r * w + i];
            if (b.grayRle)
                writeRgb(dst, v, v, v);
            else
                writeRgb(dst, b.palette[v * 3], b.palette[v * 3 + 1], b.palette[v * 3 + 2]);
        }
    }
    return out;
}

} // namespace

HeaderInfo probeBmp(Bytes file) {
    const BmpLayout b = parseBmp(file);
    HeaderInfo info{Format::Bmp, b.width, b.height, 1};
    const bool rle = b.pixels == BmpPixels::Rle8 || b.pixels == BmpPixels::Rle4;
    info.workingBytes = rle ? static_cast<std::uint64_t>(b.width) * // the index stream
                                  static_cast<std::uint64_t>(b.height)
                            : 0;
    return info;
}

RgbImage decodeBmp(Bytes file, const HeaderInfo&) {
    const BmpLayout b = parseBmp(file);
    // Pillow's putpalette refuses more than 256 entries when the pixels are loaded.
    if (b.paletteEntries > 256)
        throw Error("unsupported BMP palette size (" + std::to_string(b.paletteEntries) +
                    " colors; at most 256)");
    if (b.pixels == BmpPixels::Rle8 || b.pixels == BmpPixels::Rle4)
        return decodeRle(file, b);
    return decodeRaw(file, b);
}

} // namespace facet::image::detail
