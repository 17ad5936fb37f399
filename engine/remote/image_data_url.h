#pragma once
// An image file as an OpenAI `image_url` data URL: the original file bytes, base64, with the
// MIME type read from the content (not the file name), so the server's Pillow decodes exactly
// the bytes the Python path would open.
#include <filesystem>
#include <string>
#include <string_view>

namespace facet::remote {

// "image/jpeg", "image/png", "image/gif", "image/webp" or "image/bmp"; empty when the bytes
// are none of these.
[[nodiscard]] std::string imageMimeType(std::string_view bytes);

[[nodiscard]] std::string base64Encode(std::string_view bytes);

// Throws facet::Error "PATH: reason" when the file cannot be read or is not an image format
// the server's Pillow is known to open.
[[nodiscard]] std::string imageDataUrl(const std::filesystem::path& file);

} // namespace facet::remote
