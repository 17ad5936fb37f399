// Region crops: parsing and checking the rectangle, cutting the pixels, the default level.
#include "image/crop.h"

#include "common/error.h"
#include "image/png_encode.h"

#include <algorithm>
#include <charconv>
#include <climits>
#include <cstring>

namespace facet::image {
namespace {

std::string sizeText(Dimensions size) {
    return std::to_string(size.width) + "x" + std::to_string(size.height);
}

} // namespace

CropRect parseCropRect(const std::string& text) {
    unsigned values[4] = {};
    const char* p = text.data();
    const char* const end = text.data() + text.size();
    for (int i = 0; i < 4; ++i) {
        // Unsigned from_chars takes no sign or space: "-1", "+1" and " 1" are refused.
        const auto [next, ec] = std::from_chars(p, end, values[i]);
        const bool last = i == 3;
        if (ec != std::errc() || next == p || values[i] > unsigned{INT_MAX} ||
            (last ? next != end : next == end || *next != ','))
            throw Error(ErrorKind::BadInput,
                        "crop '" + text + "' is not X,Y,W,H (four whole numbers of pixels)");
        p = last ? next : next + 1;
    }
    return {static_cast<int>(values[0]), static_cast<int>(values[1]), static_cast<int>(values[2]),
            static_cast<int>(values[3])};
}

std::string toString(const CropRect& r) {
    return std::to_string(r.x) + "," + std::to_string(r.y) + "," + std::to_string(r.width) + "," +
           std::to_string(r.height);
}

void checkCropRect(const std::filesystem::path& file, Dimensions size, const CropRect& r) {
    if (r.width <= 0 || r.height <= 0)
        throw fileError(file, "crop " + toString(r) +
                                  " has no area (width and height must be "
                                  "at least 1 pixel)");
    // In 64 bits: x + width of two large ints must not wrap into the image.
    const bool inside = r.x >= 0 && r.y >= 0 && std::int64_t{r.x} + r.width <= size.width &&
                        std::int64_t{r.y} + r.height <= size.height;
    if (!inside)
        throw fileError(file, "crop " + toString(r) + " reaches outside the " + sizeText(size) +
                                  " image (pixels after its EXIF orientation)");
}

RgbImage cropImage(const RgbImage& source, const CropRect& r) {
    RgbImage out;
    out.width = r.width;
    out.height = r.height;
    out.rgb.resize(static_cast<std::size_t>(r.width) * static_cast<std::size_t>(r.height) * 3);
    const std::size_t rowBytes = static_cast<std::size_t>(r.width) * 3;
    for (int y = 0; y < r.height; ++y) {
        const std::size_t from =
            (static_cast<std::size_t>(r.y + y) * static_cast<std::size_t>(source.width) +
             static_cast<std::size_t>(r.x)) *
            3;
        std::memcpy(out.rgb.data() + static_cast<std::size_t>(y) * rowBytes,
                    source.rgb.data() + from, rowBytes);
    }
    return out;
}

std::vector<std::uint8_t> croppedPng(const std::filesystem::path& file, const CropRect& rect) {
    // The header first: a bad rectangle is refused before the pixels are decoded.
    checkCropRect(file, probeDimensions(file), rect);
    const RgbImage whole = decodeImage(file);
    checkCropRect(file, {whole.width, whole.height}, rect);
    const RgbImage crop = cropImage(whole, rect);
    return encodePng(crop.rgb.data(), crop.width, crop.height);
}

int defaultCropLevel(int width, int height, std::span<const int> levels) {
    if (levels.empty())
        throw Error("defaultCropLevel: no levels to choose from");
    std::vector<int> sorted(levels.begin(), levels.end());
    std::sort(sorted.begin(), sorted.end());
    for (int level : sorted) {
        try {
            // The size preprocessing resizes to at this level (the size rule softTokensFor
            // and preprocess use), so "not scaled down" follows the model's own input.
            const TargetSize target = resizedSizeFor(width, height, level);
            if (target.width >= width && target.height >= height)
                return level;
        } catch (const Error&) {
            // This level's size rule refuses the shape; a larger budget may not.
        }
    }
    return sorted.back();
}

} // namespace facet::image
