#pragma once
// The body of a streaming chat completion as vLLM sends it — SSE events, each `data:` a JSON
// chunk {"choices":[{"delta":{...},"finish_reason":...}], "usage":...}, then `data: [DONE]` —
// turned into the local engine's text events. Reasoning comes from `delta.reasoning_content`
// (older vLLM), `delta.reasoning` (newer) or, when the server runs no reasoning parser, from the
// thought channel markers inside `delta.content`, separated by text::ResponseParser exactly as
// for a local reply. Anything else in the body is reported as "not what vLLM sends".
#include "common/error.h"
#include "remote/server_messages.h"
#include "remote/sse_parser.h"
#include "text/response_parser.h"

#include <cstddef>
#include <limits>

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace facet::remote {

// The most body bytes a reply of `maxTokens` tokens can take on vLLM, with a wide margin: a
// chunk per token is ~250 bytes of JSON around the token's text (Gemma 4's longest token is 93
// bytes, JSON escapes make at most 6 bytes of one), plus the model's name in every chunk; the
// role, finish, usage and [DONE] events and keep-alive comments fit in the fixed part. A body
// past this is not a reply to this request: reading stops there.
inline constexpr std::size_t kReplyBytesPerToken = 4096;
inline constexpr std::size_t kReplyFixedBytes = std::size_t{1} << 20;
[[nodiscard]] std::size_t maxReplyBytes(int maxTokens);

// Thrown by ChatStream::feed once the body passes its limit (kind Server): the caller stops
// reading and reports it, keeping the text delivered so far.
class ReplyTooLarge : public facet::Error {
public:
    using facet::Error::Error;
};

struct StreamUsage {
    int promptTokens = 0;
    int completionTokens = 0;
};

class ChatStream {
public:
    using Clock = std::chrono::steady_clock;
    using Emit = std::function<void(std::string_view content, std::string_view reasoning)>;
    // `maxBodyBytes`: the most the body may hold (a request passes maxReplyBytes of its
    // max_tokens; unbounded only for tests and fuzzers, where the SSE limits still hold).
    explicit ChatStream(Emit emit,
                        std::size_t maxBodyBytes = std::numeric_limits<std::size_t>::max());

    // Body bytes, cut anywhere. Throws facet::Error describing a chunk that is not vLLM's
    // shape, a line or event past the SSE parser's limits, or ReplyTooLarge (the caller adds
    // the server's URL).
    void feed(std::string_view bytes);
    // End of the body: hands out held text. Returns false when the body ended inside an event.
    bool finish();

    [[nodiscard]] bool done() const { return done_; } // "data: [DONE]" arrived
    [[nodiscard]] const std::optional<std::string>& finishReason() const { return finishReason_; }
    [[nodiscard]] const std::optional<StreamUsage>& usage() const { return usage_; }
    // An error object the server sent inside the stream: vLLM's chat stream generator turns an
    // exception (EngineDeadError "EngineCore encountered an issue…", a GenerationError for
    // finish_reason "error") into `data: {"error": {message, type, param, code}}` and then
    // `data: [DONE]` (vllm-project/vllm, vllm/entrypoints/openai/chat_completion/serving.py,
    // chat_completion_stream_generator, commit 006c49d4). Old servers send the flat shape.
    [[nodiscard]] const std::optional<ServerErrorBody>& serverError() const { return serverError_; }
    // Chunks that carried text: one per generated token on vLLM, the count when no usage came.
    [[nodiscard]] int textChunks() const { return textChunks_; }
    [[nodiscard]] std::optional<Clock::time_point> firstText() const { return firstText_; }
    [[nodiscard]] std::optional<Clock::time_point> lastText() const { return lastText_; }
    [[nodiscard]] const std::string& content() const { return parser_.content(); }
    [[nodiscard]] const std::string& reasoning() const { return reasoning_; }
    // The reply in Gemma 4 markup (thought channel kept): what a conversation stores for the
    // model turn, the same form the local engine hands out.
    [[nodiscard]] std::string rawReply() const;

private:
    void onEvent(const SseEvent& event);
    void onChunk(const std::string& data);
    void text(std::string_view content, std::string_view reasoning);

    Emit emit_;
    std::size_t maxBodyBytes_;
    std::size_t bodyBytes_ = 0;
    SseParser sse_;
    text::ResponseParser parser_; // the content channel (inline thought markers)
    std::string reasoning_;       // all reasoning, from either source
    bool done_ = false;
    std::optional<std::string> finishReason_;
    std::optional<StreamUsage> usage_;
    std::optional<ServerErrorBody> serverError_;
    int textChunks_ = 0;
    std::optional<Clock::time_point> firstText_, lastText_;
};

} // namespace facet::remote
