// PNG writing: one IHDR, one IDAT deflated by zlib, IEND; each row filtered with Sub.
#include "image/png_encode.h"

#include "common/crc32.h"
#include "common/error.h"

#include <zlib.h>

#include <span>

namespace facet::image {
namespace {

void pngPut32(std::vector<std::uint8_t>& out, std::uint32_t v) {
    for (int shift = 24; shift >= 0; shift -= 8)
        out.push_back(static_cast<std::uint8_t>(v >> shift));
}

void pngChunk(std::vector<std::uint8_t>& out, const char* type,
              const std::vector<std::uint8_t>& data) {
    pngPut32(out, static_cast<std::uint32_t>(data.size()));
    const std::size_t start = out.size();
    out.insert(out.end(), type, type + 4);
    out.insert(out.end(), data.begin(), data.end());
    // The CRC covers the type and the data.
    pngPut32(out, facet::crc32(std::as_bytes(std::span(out.data() + start, out.size() - start))));
}

} // namespace

std::vector<std::uint8_t> encodePng(const std::uint8_t* rgb, int width, int height) {
    std::vector<std::uint8_t> out = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    std::vector<std::uint8_t> header;
    pngPut32(header, static_cast<std::uint32_t>(width));
    pngPut32(header, static_cast<std::uint32_t>(height));
    header.insert(header.end(),
                  {8, 2, 0, 0, 0}); // 8-bit, RGB, deflate, no filter set, no interlace
    pngChunk(out, "IHDR", header);

    // Each row starts with its filter type; 1 (Sub) suits photographs and flat areas alike.
    const std::size_t rowBytes = static_cast<std::size_t>(width) * 3;
    std::vector<std::uint8_t> raw;
    raw.reserve((rowBytes + 1) * static_cast<std::size_t>(height));
    for (int y = 0; y < height; ++y) {
        const std::uint8_t* row = rgb + static_cast<std::size_t>(y) * rowBytes;
        raw.push_back(1);
        for (std::size_t x = 0; x < rowBytes; ++x)
            raw.push_back(static_cast<std::uint8_t>(row[x] - (x >= 3 ? row[x - 3] : 0)));
    }
    uLongf size = compressBound(static_cast<uLong>(raw.size()));
    std::vector<std::uint8_t> deflated(size);
    if (compress2(deflated.data(), &size, raw.data(), static_cast<uLong>(raw.size()), 9) != Z_OK)
        throw Error("PNG: zlib could not compress the pixels");
    deflated.resize(size);
    pngChunk(out, "IDAT", deflated);
    pngChunk(out, "IEND", {});
    return out;
}

} // namespace facet::image
