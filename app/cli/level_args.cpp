#include "level_args.h"

#include "args.h"
#include "crop_files.h"
#include "image/crop.h"
#include "remote/chat_request.h"

#include <sstream>

namespace facet::cli {

int parseLevel(const std::string& text, const std::string& what, bool serverDefault) {
    if (serverDefault && text == "default")
        return remote::kServerDefaultLevel;
    try {
        std::size_t used = 0;
        const int v = std::stoi(text, &used);
        if (used == text.size())
            return v;
    } catch (const std::exception&) {
    }
    throw UsageError(what + ": '" + text + "' is not a detail level (70, 140, 280, 560 or 1120" +
                     (serverDefault ? ", or default" : "") + ")");
}

std::vector<int> parseLevels(const std::string& text, bool serverDefault) {
    std::vector<int> levels;
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ',')) {
        const int v = parseLevel(item, "--levels", serverDefault);
        if (v <= 0 && !(serverDefault && v == remote::kServerDefaultLevel && item == "default"))
            throw UsageError("--levels: '" + item +
                             "' is not a detail level (70, 140, 280, 560 or 1120)");
        levels.push_back(v);
    }
    return levels;
}

generate::UserPart imageArg(const std::string& spec, int defaultLevel, bool serverDefault,
                            CropFiles* crops, std::span<const int> cropLevels) {
    const CropSpec split = splitCropSpec(spec);
    const std::string& head = split.head;
    generate::UserPart part{generate::UserPart::Kind::Image, {}, {head, defaultLevel}};
    const auto at = head.rfind('@');
    const bool levelGiven =
        at != std::string::npos && at + 1 < head.size() && head.find('/', at) == std::string::npos;
    if (levelGiven) {
        part.image.path = head.substr(0, at);
        part.image.level = parseLevel(head.substr(at + 1), "--image " + spec, serverDefault);
    }
    if (!split.crop)
        return part;
    if (!crops)
        throw UsageError("--image " + spec + ": this command takes no crops");
    const image::CropRect rect = *split.crop;
    part.image.path = crops->write(part.image.path, rect);
    if (!levelGiven)
        part.image.level = image::defaultCropLevel(rect.width, rect.height, cropLevels);
    return part;
}

std::filesystem::path compareImage(const std::string& spec, CropFiles& crops) {
    const CropSpec split = splitCropSpec(spec);
    return split.crop ? crops.write(split.head, *split.crop) : std::filesystem::path(spec);
}

} // namespace facet::cli
