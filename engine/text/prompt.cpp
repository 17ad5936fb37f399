#include "text/prompt.h"

#include "common/error.h"
#include "text/utf8.h"

#include <algorithm>

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

namespace {

// Appends markup or message text, keeping where the message text lies.
struct PromptWriter {
    RenderedPrompt out;
    void markup(std::string_view text) { out.text += text; }
    void message(std::string_view text) {
        if (text.empty())
            return;
        const size_t begin = out.text.size();
        out.text += text;
        if (!out.literal.empty() && out.literal.back().end == begin)
            out.literal.back().end = out.text.size(); // adjacent messages: one span
        else
            out.literal.push_back({begin, out.text.size()});
    }
};

std::vector<int> imageCounts(const Conversation& conversation) {
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
    return counts;
}

// Whether `at` lies inside one of the sorted spans.
bool insideSpan(const std::vector<TextSpan>& spans, size_t at) {
    const auto after = std::upper_bound(spans.begin(), spans.end(), at,
                                        [](size_t pos, const TextSpan& s) { return pos < s.end; });
    return after != spans.end() && after->begin <= at;
}

} // namespace

RenderedPrompt renderPromptParts(const Conversation& conversation, TemplateVariant variant,
                                 bool addGenerationPrompt, TemplateRevision revision) {
    const bool revised = revision == TemplateRevision::Revised31B;
    // Both templates read messages[0] and so raise on an empty list (a system prompt alone is
    // the message list [system]).
    if (conversation.messages.empty() && !conversation.systemPrompt)
        throw Error("cannot render a prompt for a conversation without messages");
    PromptWriter w;
    w.markup("<bos>");
    if (conversation.enableThinking || conversation.systemPrompt) {
        w.markup("<|turn>system\n");
        if (conversation.enableThinking)
            w.markup(revised ? "<|think|>\n" : "<|think|>");
        if (conversation.systemPrompt)
            w.message(utf8::pythonStrip(*conversation.systemPrompt));
        w.markup("<turn|>\n");
    }
    const Message* previous = nullptr;
    for (const Message& message : conversation.messages) {
        const bool model = message.role == Role::Model;
        // The 31B template maps "assistant" to "model" for the current message but compares the
        // previous message's role as written: only an "assistant" predecessor continues.
        const bool continuesModelTurn = revised && model && previous &&
                                        previous->role == Role::Model && !previous->spelledModel;
        if (!continuesModelTurn)
            w.markup(model ? "<|turn>model\n" : "<|turn>user\n");
        for (const ContentPart& part : message.parts) {
            if (part.kind == ContentPart::Kind::Image)
                w.markup(revised ? "<|image|>" : "\n\n<|image|>\n\n");
            else
                w.message(model ? stripThinking(part.text) : utf8::pythonStrip(part.text));
        }
        w.markup("<turn|>\n");
        previous = &message;
    }
    if (addGenerationPrompt) {
        w.markup("<|turn>model\n");
        if (variant == TemplateVariant::Large && !conversation.enableThinking)
            w.markup("<|channel>thought\n<channel|>");
    }
    return std::move(w.out);
}

std::string renderPrompt(const Conversation& conversation, TemplateVariant variant,
                         bool addGenerationPrompt, TemplateRevision revision) {
    return renderPromptParts(conversation, variant, addGenerationPrompt, revision).text;
}

RenderedPrompt expandImages(const RenderedPrompt& prompt, const Conversation& conversation) {
    const std::vector<int> counts = imageCounts(conversation);
    RenderedPrompt out;
    size_t next = 0;
    size_t start = 0;
    std::vector<TextSpan> literal = prompt.literal;
    auto span = literal.begin();
    std::ptrdiff_t shift = 0; // how far the text after `start` has moved so far
    // Copies prompt.text[start, to) and moves the spans that lie there.
    auto copyUpTo = [&](size_t to) {
        out.text.append(prompt.text, start, to - start);
        for (; span != literal.end() && span->begin < to; ++span)
            out.literal.push_back(
                {static_cast<size_t>(static_cast<std::ptrdiff_t>(span->begin) + shift),
                 static_cast<size_t>(static_cast<std::ptrdiff_t>(span->end) + shift)});
        start = to;
    };
    for (size_t at = prompt.text.find(kImagePlaceholder); at != std::string::npos;
         at = prompt.text.find(kImagePlaceholder, at + kImagePlaceholder.size())) {
        if (insideSpan(prompt.literal, at))
            continue; // typed by a person or the model: text, not an image
        if (next >= counts.size())
            throw Error("the prompt has more image placeholders than the conversation has "
                        "images (" +
                        std::to_string(counts.size()) + ")");
        copyUpTo(at);
        const size_t before = out.text.size();
        out.text += "<|image>";
        for (int i = 0; i < counts[next]; ++i)
            out.text += kImagePlaceholder;
        out.text += "<image|>";
        shift += static_cast<std::ptrdiff_t>(out.text.size() - before) -
                 static_cast<std::ptrdiff_t>(kImagePlaceholder.size());
        ++next;
        start = at + kImagePlaceholder.size();
    }
    if (next != counts.size())
        throw Error("the prompt has " + std::to_string(next) +
                    " image placeholders but the "
                    "conversation has " +
                    std::to_string(counts.size()) + " images");
    copyUpTo(prompt.text.size());
    return out;
}

std::string expandImages(const std::string& prompt, const Conversation& conversation) {
    return expandImages(RenderedPrompt{prompt, {}}, conversation).text;
}

std::vector<int32_t> encodePrompt(const Tokenizer& tokenizer, const Conversation& conversation,
                                  TemplateVariant variant, TemplateRevision revision) {
    const RenderedPrompt prompt =
        expandImages(renderPromptParts(conversation, variant, true, revision), conversation);
    return tokenizer.encode(prompt.text, prompt.literal);
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
