// The server client's stream reader (SSE events carrying vLLM's chat chunks). Its contract: the
// result is the same however the body is cut into pieces — inside lines, "data:", UTF-8
// characters, CRLF pairs — and anything that is not vLLM's shape is a facet::Error, never a
// crash. The first byte picks the piece length; the rest is the body.
#include "common/error.h"
#include "remote/chat_stream.h"

#include <string>
#include <string_view>

namespace {

struct Outcome {
    bool threw = false;
    bool finished = false;
    std::string content;
    std::string reasoning;
    std::string emitted;
    bool done = false;
    std::string finishReason;
    int promptTokens = -1;
    int completionTokens = -1;

    bool operator==(const Outcome&) const = default;
};

Outcome run(std::string_view body, std::size_t step) {
    Outcome out;
    facet::remote::ChatStream stream([&](std::string_view content, std::string_view reasoning) {
        out.emitted.append(content).append("|").append(reasoning).append("|");
    });
    try {
        for (std::size_t at = 0; at < body.size(); at += step)
            stream.feed(body.substr(at, step));
        out.finished = stream.finish();
    } catch (const facet::Error&) {
        out.threw = true;
        return out; // where it stopped may differ with the cut; that it stopped may not
    }
    out.content = stream.content();
    out.reasoning = stream.reasoning();
    out.done = stream.done();
    out.finishReason = stream.finishReason().value_or("-");
    if (const auto& usage = stream.usage()) {
        out.promptTokens = usage->promptTokens;
        out.completionTokens = usage->completionTokens;
    }
    return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0)
        return 0;
    const std::size_t step = data[0] % 16 + 1;
    const std::string_view body(reinterpret_cast<const char*>(data + 1), size - 1);
    const Outcome whole = run(body, body.size() + 1);
    Outcome pieces = run(body, step);
    // Pieces may hand text out in more, smaller deltas; what was handed out must add up.
    std::string wholeText, pieceText;
    if (!whole.threw) {
        wholeText = whole.content + "/" + whole.reasoning;
        pieceText = pieces.content + "/" + pieces.reasoning;
    }
    pieces.emitted = whole.emitted;
    if (whole.threw != pieces.threw || wholeText != pieceText || !(whole == pieces))
        __builtin_trap();
    return 0;
}
