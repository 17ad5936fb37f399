#pragma once
// The images of a sweep: files named on the command line and, in folders named there, every
// file with an image extension Facet decodes (JPEG, PNG, WebP, BMP, GIF), found recursively
// (links to folders not followed, so a loop cannot trap the walk). Each is checked by reading
// its header (image::probeDimensions); one that cannot be read is listed with the reason and
// left out, never the sweep's end.
#include <filesystem>
#include <string>
#include <vector>

namespace facet::sweep {

struct SkippedImage {
    std::string path;   // as found (UTF-8 where the name is)
    std::string reason; // "PATH: reason", the decoder's words
};

struct FoundImages {
    std::vector<std::filesystem::path> images; // sorted within each folder, no duplicates
    std::vector<SkippedImage> skipped;
};

// True for the extensions looked for inside folders (case-insensitive).
[[nodiscard]] bool hasImageExtension(const std::filesystem::path& file);

[[nodiscard]] FoundImages findImages(const std::vector<std::filesystem::path>& inputs);

} // namespace facet::sweep
