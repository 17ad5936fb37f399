#pragma once
// Image decoding with the semantics of the Hugging Face PIL path: PIL.Image.open →
// ImageOps.exif_transpose → convert("RGB"). JPEG goes through libjpeg-turbo and WebP through
// libwebp with Pillow's settings, PNG through stb_image, BMP and GIF through our own
// decoders; the results are bit-identical to Pillow 9.4 (Debian 12) on the formats listed in
// tests/image/image_samples.py.
#include "common/large_buffer.h"

#include <cstdint>
#include <filesystem>
#include <vector>

namespace facet::image {

// Image-sized byte buffers live on huge pages (see common/large_buffer.h).
using PixelBytes = LargeVector<std::uint8_t>;

// Row-major RGB8, width * height * 3 bytes.
struct RgbImage {
    int width = 0, height = 0;
    PixelBytes rgb;
};

// Size as the model sees it: after the EXIF orientation is applied.
struct Dimensions {
    int width = 0, height = 0;
};

// Pillow refuses images above 2 * Image.MAX_IMAGE_PIXELS (DecompressionBombError); so do we,
// from the header alone, before any pixel buffer is allocated.
inline constexpr std::int64_t kMaxImagePixels = 2 * std::int64_t{89'478'485};

// Reads only the header (and EXIF). Throws facet::Error "PATH: reason". Only regular files are
// read (symlinks followed), at most 768 MiB, signature first.
Dimensions probeDimensions(const std::filesystem::path& file);

// Decodes, applies the EXIF orientation and converts to RGB. Throws facet::Error "PATH: reason"
// for unsupported formats, truncated or corrupt data and over-limit sizes; never returns a
// partial image.
RgbImage decodeImage(const std::filesystem::path& file);

} // namespace facet::image
