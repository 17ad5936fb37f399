#include "remote/chat_request.h"

#include "common/error.h"
#include "remote/image_data_url.h"
#include "text/response_parser.h"

namespace facet::remote {

using generate::Request;
using generate::Turn;
using generate::UserPart;

namespace {

bool hasImage(const std::vector<UserPart>& parts) {
    for (const UserPart& p : parts)
        if (p.kind == UserPart::Kind::Image)
            return true;
    return false;
}

std::optional<int> oneLevel(const std::vector<UserPart>& parts) {
    std::optional<int> level;
    bool mixed = false;
    std::string listed;
    for (const UserPart& p : parts) {
        if (p.kind != UserPart::Kind::Image)
            continue;
        listed += (listed.empty() ? "" : ", ") + p.image.path.filename().string() + " at " +
                  (p.image.level == kServerDefaultLevel ? std::string("the server default")
                                                        : std::to_string(p.image.level));
        if (level && *level != p.image.level)
            mixed = true;
        level = level.value_or(p.image.level);
    }
    if (mixed)
        throw Error(ErrorKind::BadInput,
                    "the images of this message have different detail levels (" + listed +
                        "); a server applies one level to every image of a request, so choose one");
    return level;
}

nlohmann::json content(const std::vector<UserPart>& parts) {
    nlohmann::json items = nlohmann::json::array();
    for (const UserPart& p : parts) {
        if (p.kind == UserPart::Kind::Image)
            items.push_back(
                {{"type", "image_url"}, {"image_url", {{"url", imageDataUrl(p.image.path)}}}});
        else
            items.push_back({{"type", "text"}, {"text", p.text}});
    }
    return items;
}

} // namespace

std::optional<int> requestLevel(const Request& request) {
    if (hasImage(request.newUserTurn))
        return oneLevel(request.newUserTurn);
    for (auto turn = request.history.rbegin(); turn != request.history.rend(); ++turn)
        if (turn->role == Turn::Role::User && hasImage(turn->parts))
            return oneLevel(turn->parts);
    return std::nullopt;
}

std::string visibleReply(const std::string& modelText) {
    text::ResponseParser parser;
    parser.feed(modelText);
    parser.finish();
    return parser.content();
}

nlohmann::json buildChatRequest(const Request& request, const std::string& servedModel,
                                std::optional<int> level) {
    nlohmann::json messages = nlohmann::json::array();
    if (request.systemPrompt)
        messages.push_back({{"role", "system"}, {"content", *request.systemPrompt}});
    for (const Turn& turn : request.history) {
        if (turn.role == Turn::Role::User)
            messages.push_back({{"role", "user"}, {"content", content(turn.parts)}});
        else
            messages.push_back({{"role", "assistant"}, {"content", visibleReply(turn.modelText)}});
    }
    messages.push_back({{"role", "user"}, {"content", content(request.newUserTurn)}});

    const generate::SamplingSettings& s = request.sampling;
    nlohmann::json body = {{"model", servedModel},
                           {"messages", std::move(messages)},
                           {"stream", true},
                           {"stream_options", {{"include_usage", true}}},
                           {"max_tokens", s.maxNewTokens},
                           // vLLM's default (true) strips <|channel> / <channel|> without a
                           // reasoning parser: the thought would arrive as answer text.
                           // Gemma4ReasoningParser.adjust_request sets false itself
                           // (vllm-project/vllm, vllm/reasoning/gemma4_reasoning_parser.py,
                           // commit 109eefd6), so one value fits both kinds of server.
                           {"skip_special_tokens", false},
                           {"chat_template_kwargs", {{"enable_thinking", request.enableThinking}}}};
    if (s.doSample) {
        body["temperature"] = s.temperature;
        body["top_p"] = s.topP;
        body["top_k"] = s.topK;
        if (s.seed)
            body["seed"] = *s.seed;
    } else {
        body["temperature"] = 0.0; // vLLM's greedy decoding
    }
    if (level && *level != kServerDefaultLevel)
        body["mm_processor_kwargs"] = {{"max_soft_tokens", *level}};
    return body;
}

} // namespace facet::remote
