#pragma once
// Internal: reading an image file safely. Only regular files are opened (symlinks resolved by
// open()), FIFOs and devices are refused without blocking, the signature is checked before the
// rest is read, and the size is checked against a limit before any buffer of that size exists.
#include <cstdint>
#include <filesystem>
#include <vector>

namespace facet::image::detail {

// Image files larger than this are refused before reading: a 178.9-megapixel 24-bit BMP, the
// largest uncompressed image Facet accepts, is 512 MiB; nothing legitimate is larger.
inline constexpr std::uint64_t kMaxImageFileBytes = std::uint64_t{768} << 20;

// The whole file, after its first bytes passed sniffFormat. Throws facet::Error (reason only).
std::vector<std::uint8_t> readImageFile(const std::filesystem::path& file);

} // namespace facet::image::detail
