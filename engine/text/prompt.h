#pragma once
// Renders a Conversation to the Gemma 4 prompt exactly as the chat template does (checked
// byte for byte against Jinja2 in tests/text), expands image placeholders and encodes.
//
// Two revisions of the 26B/31B template ship; for conversations without tools they differ in:
//   Original (resources/gemma4-tokenizer/chat_template.jinja, the default):
//     image -> "\n\n<|image|>\n\n", thinking -> "<|think|>" at the top of the system turn.
//   Revised31B (chat_template.gemma-4-31B-it.jinja):
//     image -> "<|image|>", thinking -> "<|think|>\n", and a model message that directly
//     follows a message written with role "assistant" continues that turn (no second
//     "<|turn>model\n"); after one written "model" it opens a new turn, as Jinja2 renders it.
// A conversation with no messages at all is refused (both templates raise on it).
//
// What a message says is text, never markup. The reference renders the template to one string
// and tokenizes it whole, so a "<|image|>" or "<turn|>" typed by the user (or written by the
// model and kept in the history) becomes a control token: an image placeholder without an
// image fails every later request of the conversation (the processor's placeholder count no
// longer matches), and a "<turn|>" ends the user's turn early. Facet renders the same string
// and keeps, beside it, where each message's text lies (RenderedPrompt::literal): image
// placeholders are expanded only in the markup, and the tokenizer does not match special
// tokens inside message text (Tokenizer::encode with spans, tokenizers' encode_special_tokens
// applied to the messages only). A conversation without special-token strings in its text
// gets exactly the reference's ids; one with them gets the ids of its text as text.
#include "text/conversation.h"
#include "text/tokenizer.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace facet::text {

// Large: 26B/31B, generation prompt "<|turn>model\n<|channel>thought\n<channel|>" with
// thinking off. Small: E2B/E4B, generation prompt "<|turn>model\n" only.
enum class TemplateVariant { Large, Small };
enum class TemplateRevision { Original, Revised31B };

[[nodiscard]] std::string renderPrompt(const Conversation& conversation, TemplateVariant variant,
                                       bool addGenerationPrompt = true,
                                       TemplateRevision revision = TemplateRevision::Original);

// A rendered prompt and the byte ranges of it that are message text (system prompt, user
// text, model replies), sorted and disjoint; the rest is the template's markup.
struct RenderedPrompt {
    std::string text;
    std::vector<TextSpan> literal;
};
[[nodiscard]] RenderedPrompt
renderPromptParts(const Conversation& conversation, TemplateVariant variant,
                  bool addGenerationPrompt = true,
                  TemplateRevision revision = TemplateRevision::Original);

// Each "<|image|>" placeholder (in order) becomes "<|image>" + n x "<|image|>" + "<image|>",
// n = that image's softTokens. Throws facet::Error when counts do not match. The string form
// expands every placeholder (what the reference's processor does to the whole text); the
// parts form only those of the markup, and moves the spans along.
[[nodiscard]] std::string expandImages(const std::string& prompt, const Conversation& conversation);
[[nodiscard]] RenderedPrompt expandImages(const RenderedPrompt& prompt,
                                          const Conversation& conversation);

// renderPromptParts + expandImages + encode with the message spans. No extra BOS: the template
// writes <bos>.
[[nodiscard]] std::vector<int32_t>
encodePrompt(const Tokenizer& tokenizer, const Conversation& conversation, TemplateVariant variant,
             TemplateRevision revision = TemplateRevision::Original);

// Recognises which Gemma 4 revision a chat template file is by the strings it writes for an
// image and for the think token. Throws facet::Error "FILE: ..." for a template it does not
// know, so a prompt is never rendered for the wrong one.
[[nodiscard]] TemplateRevision detectTemplateRevision(std::string_view templateText,
                                                      const std::filesystem::path& file);

// The template's strip_thinking macro: drops every <|channel>...<channel|> span, then trims.
[[nodiscard]] std::string stripThinking(std::string_view text);

} // namespace facet::text
