#include "common/json_text.h"

#include "common/error.h"

namespace facet {
namespace {

struct TooDeep {};

} // namespace

std::string jsonTooDeepReason() {
    return "JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels";
}

nlohmann::json parseJson(std::string_view text, const std::filesystem::path& file) {
    // The callback sees every event with its depth; throwing stops the parse before the deep
    // part is built. (nlohmann's parser itself is iterative, so parsing alone is safe.)
    const nlohmann::json::parser_callback_t limit = [](int depth, nlohmann::json::parse_event_t,
                                                       nlohmann::json&) {
        if (depth > static_cast<int>(kMaxJsonDepth))
            throw TooDeep{};
        return true;
    };
    try {
        return nlohmann::json::parse(text, limit);
    } catch (const TooDeep&) {
        throw fileError(file, jsonTooDeepReason());
    } catch (const nlohmann::json::exception& e) {
        throw fileError(file, std::string("invalid JSON: ") + e.what());
    }
}

std::string jsonExcerpt(const nlohmann::json& value, std::size_t limit) {
    // Values reaching here came through parseJson, so dump() cannot recurse too deeply; the
    // replace handler keeps invalid UTF-8 from turning into a second exception.
    std::string text = value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    if (text.size() > limit)
        text = text.substr(0, limit) + "...";
    return text;
}

} // namespace facet
