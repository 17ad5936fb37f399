// facet-cli inspect-image: what the model would see of an image at one or all detail levels —
// size after EXIF orientation, resized size, patches, soft tokens — with optional binary dumps
// of the exact model inputs (LE float32 [max_patches x 768], LE int64 [max_patches x 2]) and of
// the resized image as PNG. With --detail all, --json prints a JSON array (one object per level,
// in level order) and dump paths must contain "{level}", which is replaced by each level.
#include "args.h"
#include "cmd_inspect_image_png.h"
#include "command.h"
#include "common/error.h"
#include "image/preprocess.h"

#include <bit>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>
#include <span>

namespace facet::cli {
namespace {

static_assert(std::endian::native == std::endian::little, "dumps are written in native order");

std::vector<int> parseDetailLevels(const std::string& detail) {
    if (detail == "all")
        return {image::kDetailLevels.begin(), image::kDetailLevels.end()};
    int level = 0;
    try {
        size_t used = 0;
        level = std::stoi(detail, &used);
        if (used != detail.size())
            level = 0;
    } catch (const std::exception&) {
        level = 0;
    }
    if (!image::isDetailLevel(level))
        throw UsageError("--detail expects 70, 140, 280, 560, 1120 or all, got '" + detail + "'");
    return {level};
}

std::string pathForLevel(std::string pattern, int level, bool several) {
    const auto at = pattern.find("{level}");
    if (at == std::string::npos) {
        if (several)
            throw UsageError("with --detail all, dump paths must contain {level}");
        return pattern;
    }
    return pattern.replace(at, 7, std::to_string(level));
}

template <typename T> void writeRaw(const std::string& file, std::span<const T> values) {
    std::ofstream out(file, std::ios::binary);
    if (!out.write(reinterpret_cast<const char*>(values.data()),
                   static_cast<std::streamsize>(values.size() * sizeof(T))))
        throw fileError(file, "cannot write the file");
}

nlohmann::json describe(const image::RgbImage& decoded, const image::PreprocessedImage& p) {
    return {{"level", p.level},
            {"width", decoded.width},
            {"height", decoded.height},
            {"resized_width", p.resized.width},
            {"resized_height", p.resized.height},
            {"patches", p.patches},
            {"soft_tokens", p.softTokens},
            {"max_patches", p.maxPatches}};
}

int runInspectImage(const std::vector<std::string>& argv) {
    const Args args(argv, {"detail", "dump-pixels", "dump-positions", "dump-resized"}, {"json"});
    if (args.positionals().size() != 1)
        throw UsageError("expected exactly one image path");
    const auto detail = args.value("detail");
    if (!detail)
        throw UsageError("--detail is required");
    const std::vector<int> levels = parseDetailLevels(*detail);
    const bool several = levels.size() > 1;
    // Validate dump patterns before the (slow) work.
    for (const char* option : {"dump-pixels", "dump-positions", "dump-resized"})
        if (auto v = args.value(option))
            pathForLevel(*v, 0, several);

    const std::filesystem::path path = args.positionals().front();
    const image::RgbImage decoded = image::decodeImage(path);
    const auto results = image::preprocessLevels(decoded, levels);

    nlohmann::json all = nlohmann::json::array();
    for (const auto& p : results) {
        if (auto v = args.value("dump-pixels"))
            writeRaw<float>(pathForLevel(*v, p.level, several), p.pixelValues);
        if (auto v = args.value("dump-positions"))
            writeRaw<std::int64_t>(pathForLevel(*v, p.level, several), p.positions);
        if (auto v = args.value("dump-resized"))
            writeRgbPng(pathForLevel(*v, p.level, several), p.resized);
        all.push_back(describe(decoded, p));
    }
    if (args.flag("json")) {
        std::cout << (several ? all : all.front())
                         .dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
                  << "\n";
        return 0;
    }
    std::cout << path.string() << ": " << decoded.width << "x" << decoded.height << "\n"
              << "level  resized      patches  soft_tokens  max_patches\n";
    for (const auto& p : results) {
        const std::string size =
            std::to_string(p.resized.width) + "x" + std::to_string(p.resized.height);
        std::cout << std::left << std::setw(7) << p.level << std::setw(13) << size << std::setw(9)
                  << p.patches << std::setw(13) << p.softTokens << p.maxPatches << "\n";
    }
    return 0;
}

const Registration inspectImageRegistration{
    "inspect-image",
    "inspect-image PATH --detail 70|140|280|560|1120|all [--json] "
    "[--dump-pixels FILE] [--dump-positions FILE] [--dump-resized FILE.png]",
    &runInspectImage};

} // namespace
} // namespace facet::cli
