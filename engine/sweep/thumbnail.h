#pragma once
// Small PNG thumbnails as data: URIs, so the sweep's report.html is one self-contained file
// (no folder of pictures beside it to lose or leak). The image is decoded as the model sees it
// (EXIF orientation applied) and scaled with the engine's Pillow-exact bicubic resize; PNG is
// written by image/png_encode.h.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace facet::sweep {

[[nodiscard]] std::string base64(const std::vector<std::uint8_t>& bytes);

// "data:image/png;base64,..." of `image` scaled to fit `maxSide` pixels (never enlarged).
// Throws facet::Error "PATH: reason" when the image cannot be decoded.
[[nodiscard]] std::string thumbnailDataUri(const std::filesystem::path& image, int maxSide = 96);

} // namespace facet::sweep
