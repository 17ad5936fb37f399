#include "sweep/thumbnail.h"

#include "common/error.h"
#include "image/image.h"
#include "image/png_encode.h"
#include "image/preprocess.h"

#include <algorithm>
#include <cmath>
#include <span>

namespace facet::sweep {

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
           base64(image::encodePng(shown.rgb.data(), shown.width, shown.height));
}

} // namespace facet::sweep
