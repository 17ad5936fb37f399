#include "sweep/thumbnail.h"

#include "common/crc32.h"
#include "common/error.h"
#include "image/image.h"
#include "image/preprocess.h"

#include <zlib.h>

#include <algorithm>
#include <cmath>
#include <span>

namespace facet::sweep {
namespace {

void put32(std::vector<std::uint8_t>& out, std::uint32_t v) {
    for (int shift = 24; shift >= 0; shift -= 8)
        out.push_back(static_cast<std::uint8_t>(v >> shift));
}

void chunk(std::vector<std::uint8_t>& out, const char* type,
           const std::vector<std::uint8_t>& data) {
    put32(out, static_cast<std::uint32_t>(data.size()));
    const std::size_t start = out.size();
    out.insert(out.end(), type, type + 4);
    out.insert(out.end(), data.begin(), data.end());
    // The CRC covers the type and the data.
    put32(out, facet::crc32(std::as_bytes(std::span(out.data() + start, out.size() - start))));
}

} // namespace

std::vector<std::uint8_t> encodePng(const std::uint8_t* rgb, int width, int height) {
    std::vector<std::uint8_t> out = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    std::vector<std::uint8_t> header;
    put32(header, static_cast<std::uint32_t>(width));
    put32(header, static_cast<std::uint32_t>(height));
    header.insert(header.end(),
                  {8, 2, 0, 0, 0}); // 8-bit, RGB, deflate, no filter set, no interlace
    chunk(out, "IHDR", header);

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
        throw Error("PNG thumbnail: zlib could not compress the pixels");
    deflated.resize(size);
    chunk(out, "IDAT", deflated);
    chunk(out, "IEND", {});
    return out;
}

std::string base64(const std::vector<std::uint8_t>& bytes) {
    static const char* const alphabet =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    for (std::size_t i = 0; i < bytes.size(); i += 3) {
        const std::uint32_t n = (std::uint32_t{bytes[i]} << 16) |
                                (i + 1 < bytes.size() ? std::uint32_t{bytes[i + 1]} << 8 : 0) |
                                (i + 2 < bytes.size() ? std::uint32_t{bytes[i + 2]} : 0);
        out += alphabet[(n >> 18) & 63];
        out += alphabet[(n >> 12) & 63];
        out += i + 1 < bytes.size() ? alphabet[(n >> 6) & 63] : '=';
        out += i + 2 < bytes.size() ? alphabet[n & 63] : '=';
    }
    return out;
}

std::string thumbnailDataUri(const std::filesystem::path& file, int maxSide) {
    const image::RgbImage decoded = image::decodeImage(file);
    const double scale =
        std::min(1.0, static_cast<double>(maxSide) / std::max(decoded.width, decoded.height));
    const int w = std::max(1, static_cast<int>(std::lround(decoded.width * scale)));
    const int h = std::max(1, static_cast<int>(std::lround(decoded.height * scale)));
    const image::RgbImage small =
        scale < 1.0 ? image::resizeBicubic(decoded, w, h) : image::RgbImage{};
    const image::RgbImage& shown = scale < 1.0 ? small : decoded;
    return "data:image/png;base64," +
           base64(encodePng(shown.rgb.data(), shown.width, shown.height));
}

} // namespace facet::sweep
