#include "common/json_text.h"

#include "common/error.h"

namespace facet {
namespace {

struct TooDeep {};

// The callback sees every event with its depth; throwing stops the parse before the deep part
// is built. (nlohmann's parser itself is iterative, so parsing alone is safe.)
nlohmann::json parseLimited(std::string_view text) {
    const nlohmann::json::parser_callback_t limit = [](int depth, nlohmann::json::parse_event_t,
                                                       nlohmann::json&) {
        if (depth > static_cast<int>(kMaxJsonDepth))
            throw TooDeep{};
        return true;
    };
    return nlohmann::json::parse(text, limit);
}

} // namespace

std::string jsonTooDeepReason() {
    return "JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels";
}

nlohmann::json parseJson(std::string_view text, const std::filesystem::path& file) {
    try {
        return parseLimited(text);
    } catch (const TooDeep&) {
        throw fileError(file, jsonTooDeepReason());
    } catch (const nlohmann::json::exception& e) {
        throw fileError(file, std::string("invalid JSON: ") + e.what());
    }
}

std::optional<nlohmann::json> tryParseJson(std::string_view text, std::string* problem) {
    try {
        return parseLimited(text);
    } catch (const TooDeep&) {
        if (problem)
            *problem = jsonTooDeepReason();
    } catch (const nlohmann::json::exception& e) {
        if (problem)
            *problem = std::string("invalid JSON: ") + e.what();
    }
    return std::nullopt;
}

std::string textExcerpt(std::string_view text, std::size_t limit) {
    if (text.size() <= limit)
        return std::string(text);
    std::size_t cut = limit;
    // Back to the start of the character the limit falls in (at most 3 continuation bytes).
    for (int i = 0; i < 3 && cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80; ++i)
        --cut;
    return std::string(text.substr(0, cut)) + "…";
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
