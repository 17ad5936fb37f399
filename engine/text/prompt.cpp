#include "text/prompt.h"

#include "common/error.h"
#include "text/utf8.h"

namespace facet::text {

namespace {

constexpr std::string_view kImagePlaceholder = "<|image|>";

std::vector<std::string_view> splitOn(std::string_view text, std::string_view separator) {
    std::vector<std::string_view> parts; // Python's str.split(sep)
    size_t start = 0;
    for (size_t at = text.find(separator); at != std::string_view::npos;
         at = text.find(separator, start)) {
        parts.push_back(text.substr(start, at - start));
        start = at + separator.size();
    }
    parts.push_back(text.substr(start));
    return parts;
}

} // namespace

std::string stripThinking(std::string_view text) {
    std::string result;
    for (std::string_view part : splitOn(text, "<channel|>")) {
        if (part.find("<|channel>") != std::string_view::npos)
            result += splitOn(part, "<|channel>").front();
        else
            result += part;
    }
    return utf8::pythonStrip(result);
}

std::string renderPrompt(const Conversation& conversation, TemplateVariant variant,
                         bool addGenerationPrompt, TemplateRevision revision) {
    const bool revised = revision == TemplateRevision::Revised31B;
    // Both templates read messages[0] and so raise on an empty list (a system prompt alone is
    // the message list [system]).
    if (conversation.messages.empty() && !conversation.systemPrompt)
        throw Error("cannot render a prompt for a conversation without messages");
    std::string out = "<bos>";
    if (conversation.enableThinking || conversation.systemPrompt) {
        out += "<|turn>system\n";
        if (conversation.enableThinking)
            out += revised ? "<|think|>\n" : "<|think|>";
        if (conversation.systemPrompt)
            out += utf8::pythonStrip(*conversation.systemPrompt);
        out += "<turn|>\n";
    }
    const Message* previous = nullptr;
    for (const Message& message : conversation.messages) {
        const bool model = message.role == Role::Model;
        // The 31B template maps "assistant" to "model" for the current message but compares the
        // previous message's role as written: only an "assistant" predecessor continues.
        const bool continuesModelTurn = revised && model && previous &&
                                        previous->role == Role::Model && !previous->spelledModel;
        if (!continuesModelTurn)
            out += model ? "<|turn>model\n" : "<|turn>user\n";
        for (const ContentPart& part : message.parts) {
            if (part.kind == ContentPart::Kind::Image)
                out += revised ? "<|image|>" : "\n\n<|image|>\n\n";
            else
                out += model ? stripThinking(part.text) : utf8::pythonStrip(part.text);
        }
        out += "<turn|>\n";
        previous = &message;
    }
    if (addGenerationPrompt) {
        out += "<|turn>model\n";
        if (variant == TemplateVariant::Large && !conversation.enableThinking)
            out += "<|channel>thought\n<channel|>";
    }
    return out;
}

std::string expandImages(const std::string& prompt, const Conversation& conversation) {
    std::vector<int> counts;
    for (const Message& m : conversation.messages)
        for (const ContentPart& p : m.parts)
            if (p.kind == ContentPart::Kind::Image) {
                if (p.softTokens <= 0)
                    throw Error("image " + std::to_string(counts.size() + 1) +
                                " has no soft-token count (got " + std::to_string(p.softTokens) +
                                ")");
                counts.push_back(p.softTokens);
            }
    std::string out;
    size_t next = 0;
    size_t start = 0;
    for (size_t at = prompt.find(kImagePlaceholder); at != std::string::npos;
         at = prompt.find(kImagePlaceholder, start)) {
        if (next >= counts.size())
            throw Error("the prompt has more image placeholders than the conversation has "
                        "images (" +
                        std::to_string(counts.size()) + ")");
        out.append(prompt, start, at - start);
        out += "<|image>";
        for (int i = 0; i < counts[next]; ++i)
            out += kImagePlaceholder;
        out += "<image|>";
        ++next;
        start = at + kImagePlaceholder.size();
    }
    if (next != counts.size())
        throw Error("the prompt has " + std::to_string(next) +
                    " image placeholders but the "
                    "conversation has " +
                    std::to_string(counts.size()) + " images");
    out.append(prompt, start);
    return out;
}

std::vector<int32_t> encodePrompt(const Tokenizer& tokenizer, const Conversation& conversation,
                                  TemplateVariant variant, TemplateRevision revision) {
    return tokenizer.encode(
        expandImages(renderPrompt(conversation, variant, true, revision), conversation));
}

TemplateRevision detectTemplateRevision(std::string_view text, const std::filesystem::path& file) {
    const bool gemma4 = text.find("<|turn>") != std::string_view::npos &&
                        text.find("strip_thinking") != std::string_view::npos;
    const bool paddedImage = text.find(R"('\n\n<|image|>\n\n')") != std::string_view::npos;
    const bool bareImage = text.find(R"('<|image|>')") != std::string_view::npos;
    const bool thinkNewline = text.find(R"('<|think|>\n')") != std::string_view::npos;
    const bool thinkBare = text.find(R"('<|think|>')") != std::string_view::npos;
    if (gemma4 && paddedImage && !bareImage && thinkBare && !thinkNewline)
        return TemplateRevision::Original;
    if (gemma4 && bareImage && !paddedImage && thinkNewline && !thinkBare)
        return TemplateRevision::Revised31B;
    throw fileError(file, "not a Gemma 4 chat template revision Facet knows (it recognises the "
                          "one writing images as '\\n\\n<|image|>\\n\\n' with '<|think|>', and "
                          "the one writing '<|image|>' with '<|think|>\\n')");
}

} // namespace facet::text
