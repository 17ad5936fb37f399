#pragma once
// Internal: reading an image file safely. Only regular files are opened (symlinks resolved by
// open()), FIFOs and devices are refused without blocking, the signature is checked before the
// rest is read, and the size is checked against a limit before any buffer of that size exists.
// The file is read in two steps — its head, then the rest — so that what the head says (the
// dimensions, where the format puts them near the start) is judged before the rest is read.
#include "common/regular_file.h"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <vector>

namespace facet::image::detail {

// Image files larger than this are refused before reading: a 178.9-megapixel 24-bit BMP, the
// largest uncompressed image Facet accepts, is 512 MiB; nothing legitimate is larger.
inline constexpr std::uint64_t kMaxImageFileBytes = std::uint64_t{768} << 20;
// How much is read first: the headers of every format Facet reads fit (a JPEG's frame header
// may follow up to a few 64 KiB APP segments; when it does not fit, the whole file is judged).
inline constexpr std::uint64_t kImageHeadBytes = std::uint64_t{256} << 10;

struct OpenedImageFile {
    std::unique_ptr<RegularFile> file;
    std::vector<std::uint8_t> head; // the first kImageHeadBytes, or the whole of a smaller file
};

// Opens the file and reads its head, after its first bytes passed sniffFormat and its size the
// limit. Throws facet::Error (reason only, or "PATH: reason" from RegularFile).
OpenedImageFile openImageFile(const std::filesystem::path& file);

// The whole file: the head and the rest (the head's buffer is reused).
std::vector<std::uint8_t> readWholeImageFile(OpenedImageFile opened);

} // namespace facet::image::detail
