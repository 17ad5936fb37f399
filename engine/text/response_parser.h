#pragma once
// Streaming parser of Gemma 4 replies. Fed decoded text (special tokens kept) in pieces of any
// size, it separates the thought channel (<|channel>thought\n ... <channel|>) from the answer,
// stops at <turn|>, <eos> or <|tool_response>, and never hands out a marker or part of one:
// text that could still become a marker is held until it is decided. The result is the same
// however the text is cut into pieces.
//
// Use in a generation loop:
//   ResponseDelta d = parser.feed(decoder.push(id));   // show d.content / d.reasoning
//   if (parser.stopped()) break;                        // a stop marker was seen
//   ... at the end: parser.finish()
#include <string>
#include <string_view>

namespace facet::text {

struct ResponseDelta {
    std::string content;
    std::string reasoning;
    [[nodiscard]] bool empty() const { return content.empty() && reasoning.empty(); }
};

class ResponseParser {
public:
    // New visible text since the previous call. After a stop marker everything is ignored.
    ResponseDelta feed(std::string_view text);
    // End of generation: decides held text. A held partial marker (e.g. "<tur" when the
    // token limit cut the reply) is dropped, never shown.
    ResponseDelta finish();

    [[nodiscard]] bool stopped() const { return !stopMarker_.empty(); }
    // "<turn|>", "<eos>" or "<|tool_response>"; empty while not stopped.
    [[nodiscard]] const std::string& stopMarker() const { return stopMarker_; }
    [[nodiscard]] const std::string& content() const { return content_; }
    [[nodiscard]] const std::string& reasoning() const { return reasoning_; }

private:
    ResponseDelta process(bool finishing);
    void emit(std::string_view text, ResponseDelta& delta);

    std::string pending_; // text not decided yet (starts with a possible marker)
    std::string content_;
    std::string reasoning_;
    std::string stopMarker_;
    bool inReasoning_ = false;
    bool finished_ = false;
};

} // namespace facet::text
