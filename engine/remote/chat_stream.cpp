#include "remote/chat_stream.h"

#include "common/error.h"
#include "common/json_text.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>

namespace facet::remote {

namespace {

std::string excerpt(const std::string& s) {
    return textExcerpt(s, 80);
}

// A delta field that may be absent or null; any other non-string is not vLLM's shape.
std::string_view stringField(const nlohmann::json& object, const char* key) {
    const auto it = object.find(key);
    if (it == object.end() || it->is_null())
        return {};
    if (!it->is_string())
        throw Error(std::string("a stream chunk's delta.") + key + " is not a string");
    return it->get_ref<const std::string&>();
}

// A token count from `usage`: absent is 0; anything but a whole number in int's range is not
// vLLM's shape (a float like 3e101 used to be converted to int: undefined behaviour).
int tokenCount(const nlohmann::json& usage, const char* key) {
    const auto it = usage.find(key);
    if (it == usage.end() || it->is_null())
        return 0;
    if (it->is_number_unsigned() && it->get<std::uint64_t>() <= std::numeric_limits<int>::max())
        return static_cast<int>(it->get<std::uint64_t>());
    throw Error(std::string("a stream chunk's usage.") + key +
                " is not a token count: " + jsonExcerpt(*it, 80));
}

// The choice's index when it is a whole number; anything else is not a choice we asked for.
bool isFirstChoice(const nlohmann::json& choice) {
    const auto it = choice.find("index");
    return it == choice.end() || (it->is_number_unsigned() && it->get<std::uint64_t>() == 0) ||
           (it->is_number_integer() && it->get<std::int64_t>() == 0);
}

bool isErrorObject(const nlohmann::json& chunk) {
    const auto it = chunk.find("object");
    return it != chunk.end() && it->is_string() && it->get_ref<const std::string&>() == "error";
}

// An error object's fields; one without a message keeps the start of its JSON as the words
// (jsonExcerpt replaces invalid UTF-8 from the server rather than throwing).
ServerErrorBody streamError(const nlohmann::json& json, const nlohmann::json& error) {
    ServerErrorBody out = parseServerError(json);
    if (out.message.empty())
        out.message = jsonExcerpt(error, kMaxQuotedServerText);
    return out;
}

} // namespace

std::size_t maxReplyBytes(int maxTokens) {
    return kReplyFixedBytes +
           static_cast<std::size_t>(std::max(maxTokens, 0)) * kReplyBytesPerToken;
}

ChatStream::ChatStream(Emit emit, std::size_t maxBodyBytes)
    : emit_(std::move(emit)), maxBodyBytes_(maxBodyBytes),
      sse_([this](const SseEvent& e) { onEvent(e); }) {}

void ChatStream::feed(std::string_view bytes) {
    if (bytes.size() > maxBodyBytes_ - bodyBytes_) {
        // What fits is still read, so the text up to the limit reaches the caller.
        sse_.feed(bytes.substr(0, maxBodyBytes_ - bodyBytes_));
        bodyBytes_ = maxBodyBytes_;
        throw ReplyTooLarge(ErrorKind::Server,
                            "more than " + std::to_string(maxBodyBytes_) + " bytes");
    }
    bodyBytes_ += bytes.size();
    sse_.feed(bytes);
}

bool ChatStream::finish() {
    const bool partial = sse_.finish();
    const text::ResponseDelta held = parser_.finish();
    if (!held.empty())
        emit_(held.content, held.reasoning);
    reasoning_ += held.reasoning;
    return !partial;
}

void ChatStream::onEvent(const SseEvent& event) {
    if (done_ || serverError_)
        return; // nothing after [DONE] or an error counts
    if (event.event == "error") {
        serverError_ = parseServerError(event.data);
        return;
    }
    if (event.data == "[DONE]") {
        done_ = true;
        return;
    }
    onChunk(event.data);
}

void ChatStream::onChunk(const std::string& data) {
    // Depth-limited: nlohmann's dump() and copies recurse once per level, so a chunk of
    // 60,000 nested brackets must never become a tree.
    std::string problem;
    std::optional<nlohmann::json> parsed = tryParseJson(data, &problem);
    if (!parsed)
        throw Error(problem == jsonTooDeepReason()
                        ? "a stream event is " + problem
                        : "a stream event is not JSON: " + excerpt(data));
    const nlohmann::json& chunk = *parsed;
    if (!chunk.is_object())
        throw Error("a stream event is not a JSON object: " + excerpt(data));
    if (chunk.contains("error")) { // current vLLM: {"error": {"message": ...}}
        serverError_ = streamError(chunk, chunk.at("error"));
        return;
    }
    if (isErrorObject(chunk)) { // vLLM 0.22 (vllm-rbln) and older: the ErrorResponse itself
        serverError_ = streamError(chunk, chunk);
        return;
    }
    const auto choices = chunk.find("choices");
    if (choices == chunk.end() || !choices->is_array())
        throw Error("a stream chunk has no \"choices\" list: " + excerpt(data));
    if (const auto usage = chunk.find("usage"); usage != chunk.end() && usage->is_object()) {
        StreamUsage u;
        u.promptTokens = tokenCount(*usage, "prompt_tokens");
        u.completionTokens = tokenCount(*usage, "completion_tokens");
        usage_ = u;
    }
    for (const nlohmann::json& choice : *choices) {
        if (!choice.is_object() || !isFirstChoice(choice))
            continue; // we ask for n = 1
        if (const auto delta = choice.find("delta"); delta != choice.end()) {
            if (!delta->is_object())
                throw Error("a stream chunk's delta is not an object: " + excerpt(data));
            // `reasoning` on current vLLM; `reasoning_content` on servers from before its removal.
            std::string_view reasoning = stringField(*delta, "reasoning");
            if (reasoning.empty())
                reasoning = stringField(*delta, "reasoning_content");
            text(stringField(*delta, "content"), reasoning);
        }
        if (const auto reason = choice.find("finish_reason");
            reason != choice.end() && reason->is_string())
            finishReason_ = reason->get<std::string>();
    }
}

void ChatStream::text(std::string_view content, std::string_view reasoning) {
    if (content.empty() && reasoning.empty())
        return;
    const auto now = Clock::now();
    if (!firstText_)
        firstText_ = now;
    lastText_ = now;
    ++textChunks_;
    if (!reasoning.empty()) {
        reasoning_ += reasoning;
        emit_({}, reasoning);
    }
    if (!content.empty() && !parser_.stopped()) {
        const text::ResponseDelta d = parser_.feed(content);
        reasoning_ += d.reasoning;
        if (!d.empty())
            emit_(d.content, d.reasoning);
    }
}

std::string ChatStream::rawReply() const {
    if (reasoning_.empty())
        return parser_.content();
    return "<|channel>thought\n" + reasoning_ + "<channel|>" + parser_.content();
}

} // namespace facet::remote
