#pragma once
// PNG files of RGB8 pixels, written with zlib (deflate) and the engine's CRC-32, so no encoder
// library is needed: the sweep report's thumbnails and the region crops that are attached as
// images of their own (lossless, so the crop the model sees is exactly the pixels cut out).
#include <cstdint>
#include <vector>

namespace facet::image {

// A PNG file of `rgb` (width * height * 3 bytes, 8-bit RGB, no alpha). Throws facet::Error
// when zlib fails.
[[nodiscard]] std::vector<std::uint8_t> encodePng(const std::uint8_t* rgb, int width, int height);

} // namespace facet::image
