#include "level_args.h"

#include "args.h"
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

generate::UserPart imageArg(const std::string& spec, int defaultLevel, bool serverDefault) {
    generate::UserPart part{generate::UserPart::Kind::Image, {}, {spec, defaultLevel}};
    const auto at = spec.rfind('@');
    if (at != std::string::npos && at + 1 < spec.size() &&
        spec.find('/', at) == std::string::npos) {
        part.image.path = spec.substr(0, at);
        part.image.level = parseLevel(spec.substr(at + 1), "--image " + spec, serverDefault);
    }
    return part;
}

} // namespace facet::cli
