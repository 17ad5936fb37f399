// BMP: 16-bit images are unpacked here with Pillow's formulas ("BGR;15": v * 255 / 31 per 5-bit
// channel, "BGR;16": 5-6-5 likewise), because stb_image scales by bit replication, which differs
// by one level for some values; every other depth goes through stb_image, which matches Pillow.
#include "common/error.h"
#include "image/formats.h"

#include <string>

namespace facet::image::detail {
namespace {

RgbImage decodeBmp16(Bytes file, const HeaderInfo& header) {
    const std::uint32_t compression = le32(&file[30]);
    bool sixBitGreen = false; // BI_RGB 16-bit is 5-5-5
    if (compression == 3) {
        if (file.size() < 66)
            throw Error("truncated BMP (bit field masks)");
        const std::uint32_t r = le32(&file[54]), g = le32(&file[58]), b = le32(&file[62]);
        if (r == 0xF800 && g == 0x7E0 && b == 0x1F)
            sixBitGreen = true;
        else if (!(r == 0x7C00 && g == 0x3E0 && b == 0x1F))
            throw Error("unsupported BMP bit field layout");
    }
    const size_t offset = le32(&file[10]);
    const size_t w = static_cast<size_t>(header.width), h = static_cast<size_t>(header.height);
    const size_t stride = ((w * 16 + 31) / 32) * 4;
    if (offset > file.size() || (file.size() - offset) / stride < h)
        throw Error("truncated BMP (pixel data cut off)");
    const bool bottomUp = static_cast<std::int32_t>(le32(&file[22])) > 0;
    RgbImage out{header.width, header.height, PixelBytes(w * h * 3)};
    for (size_t y = 0; y < h; ++y) {
        const std::uint8_t* row = &file[offset + (bottomUp ? h - 1 - y : y) * stride];
        std::uint8_t* dst = &out.rgb[y * w * 3];
        for (size_t x = 0; x < w; ++x) {
            const std::uint32_t v = le16(row + x * 2);
            const std::uint32_t r = sixBitGreen ? (v >> 11) & 31 : (v >> 10) & 31;
            const std::uint32_t g = sixBitGreen ? (v >> 5) & 63 : (v >> 5) & 31;
            dst[x * 3 + 0] = static_cast<std::uint8_t>(r * 255 / 31);
            dst[x * 3 + 1] = static_cast<std::uint8_t>(g * 255 / (sixBitGreen ? 63 : 31));
            dst[x * 3 + 2] = static_cast<std::uint8_t>((v & 31) * 255 / 31);
        }
    }
    return out;
}

} // namespace

RgbImage decodeBmp(Bytes file, const HeaderInfo& header) {
    // probeBmp checked the header size; 16-bit needs the BITMAPINFOHEADER layout.
    if (le32(&file[14]) >= 40 && le16(&file[28]) == 16)
        return decodeBmp16(file, header);
    return decodePngOrBmp(file, header);
}

} // namespace facet::image::detail
