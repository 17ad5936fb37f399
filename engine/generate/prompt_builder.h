#pragma once
// The token sequence of a request "as the model saw it": the first turn exactly as the chat
// template renders it; every later turn appended after the previous model reply in the exact
// ids that were sampled (when the engine remembers them), then "<turn|>\n", the next user turn
// and the generation prompt, each rendered by the template. This differs from re-rendering
// the whole history with the template (which strips the thought channel of past replies) and is
// what makes KV-cache continuation exact: turn k+1's prompt extends turn k's cache.
#include "generate/engine.h"
#include "text/prompt.h"
#include "text/tokenizer.h"

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace facet::generate {

struct ImageEntry {
    ImageInput input;
    std::string key; // SHA-256 of the file's bytes + "@" + level
    int width = 0, height = 0;
    int softTokens = 0;
    int bucket = 0;
};

struct BuiltPrompt {
    std::vector<std::int32_t> tokens;
    std::vector<ImageEntry> images; // in order of appearance
};

// Exact sampled ids of earlier replies, by reply text.
using ReplyMemory = std::map<std::string, std::vector<std::int32_t>>;

class PromptBuilder {
public:
    PromptBuilder(const text::Tokenizer& tokenizer, text::TemplateVariant variant,
                  text::TemplateRevision revision);

    // `describe` fills softTokens/bucket/key for an image (and throws for a bad one).
    // Throws facet::Error when the history does not alternate user and model turns.
    [[nodiscard]] BuiltPrompt
    build(const Request& request, const ReplyMemory& memory,
          const std::function<ImageEntry(const ImageInput&)>& describe) const;

private:
    std::vector<std::int32_t> encode(const text::RenderedPrompt& prompt) const {
        return tokenizer_->encode(prompt.text, prompt.literal);
    }

    const text::Tokenizer* tokenizer_;
    text::TemplateVariant variant_;
    text::TemplateRevision revision_;
};

} // namespace facet::generate
