#pragma once
// Region zoom on the command line (issue #58): `--image PATH[@LEVEL]:crop=X,Y,W,H` attaches the
// rectangle of PATH (pixels of the image after its EXIF orientation) as an image of its own.
// The engine takes images as files, so each crop is written as a lossless PNG into a private
// temporary folder that lives as long as this object (the command's run) and is then removed.
#include "image/crop.h"

#include <filesystem>
#include <optional>
#include <string>

namespace facet::cli {

// `--image` split into its parts; `crop` only when the spec ends in ":crop=X,Y,W,H" (with no
// '/' after it, so a folder named "x:crop=1" stays part of a path). Throws UsageError for a
// malformed rectangle.
struct CropSpec {
    std::string head; // "PATH[@LEVEL]": what --image took before crops existed
    std::optional<image::CropRect> crop;
};
[[nodiscard]] CropSpec splitCropSpec(const std::string& spec);

class CropFiles {
public:
    CropFiles() = default;
    ~CropFiles();
    CropFiles(const CropFiles&) = delete;
    CropFiles& operator=(const CropFiles&) = delete;

    // Cuts `rect` out of `source` and writes it as a PNG; the file's path. Throws facet::Error
    // "SOURCE: crop … reaches outside the WxH image" (or "has no area", or why SOURCE cannot
    // be decoded).
    std::filesystem::path write(const std::filesystem::path& source, const image::CropRect& rect);

private:
    std::filesystem::path dir_; // made on the first write (mode 0700), removed by the destructor
    int count_ = 0;
};

} // namespace facet::cli
