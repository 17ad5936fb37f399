#pragma once
// Generated ids → printable content and reasoning pieces as they become final: the text
// module's incremental detokenizer (special tokens kept) feeding its streaming response parser,
// which separates the thought channel and never hands out a marker. The ids and the raw reply
// (markers kept) are kept for the conversation history.
#include "text/incremental_decoder.h"
#include "text/response_parser.h"
#include "text/tokenizer.h"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace facet::generate {

class ReplyStream {
public:
    using Emit = std::function<void(std::string_view content, std::string_view reasoning)>;
    ReplyStream(const text::Tokenizer& tokenizer, Emit emit);

    void push(std::int32_t id);
    void finish();
    // Raw reply text (markers kept, stop token excluded): what the app stores as the model turn.
    [[nodiscard]] std::string rawText() const;
    [[nodiscard]] const std::vector<std::int32_t>& ids() const { return ids_; }

private:
    void forward(const text::ResponseDelta& delta);

    const text::Tokenizer* tokenizer_;
    text::IncrementalDecoder decoder_;
    text::ResponseParser parser_;
    Emit emit_;
    std::vector<std::int32_t> ids_;
};

} // namespace facet::generate
