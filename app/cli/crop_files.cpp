#include "crop_files.h"

#include "args.h"
#include "common/error.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <system_error>

#include <stdlib.h>

namespace facet::cli {

CropSpec splitCropSpec(const std::string& spec) {
    static const std::string marker = ":crop=";
    const auto at = spec.rfind(marker);
    if (at == std::string::npos || spec.find('/', at) != std::string::npos)
        return {spec, std::nullopt};
    try {
        return {spec.substr(0, at), image::parseCropRect(spec.substr(at + marker.size()))};
    } catch (const facet::Error& e) {
        throw UsageError("--image " + spec + ": " + e.what());
    }
}

CropFiles::~CropFiles() {
    if (dir_.empty())
        return;
    std::error_code ignored; // nothing to tell the user at exit: the folder is ours alone
    std::filesystem::remove_all(dir_, ignored);
}

std::filesystem::path CropFiles::write(const std::filesystem::path& source,
                                       const image::CropRect& rect) {
    const std::vector<std::uint8_t> png = image::croppedPng(source, rect);
    if (dir_.empty()) {
        // mkdtemp: a fresh folder only this user can enter, never one another user made.
        std::string pattern =
            (std::filesystem::temp_directory_path() / "facet-cli-crops-XXXXXX").string();
        if (!mkdtemp(pattern.data()))
            throw facet::fileError(pattern, std::string("cannot make a folder for the crops: ") +
                                                std::strerror(errno));
        dir_ = pattern;
    }
    const auto file = dir_ / ("crop-" + std::to_string(++count_) + ".png");
    std::ofstream out(file, std::ios::binary);
    out.write(reinterpret_cast<const char*>(png.data()), static_cast<std::streamsize>(png.size()));
    out.close();
    if (!out)
        throw facet::fileError(file, "cannot write the crop");
    return file;
}

} // namespace facet::cli
