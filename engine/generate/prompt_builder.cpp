#include "generate/prompt_builder.h"

#include "common/error.h"

namespace facet::generate {
namespace {

text::Message userMessage(const std::vector<UserPart>& parts, std::vector<ImageEntry>& images,
                          const std::function<ImageEntry(const ImageInput&)>& describe) {
    text::Message m;
    m.role = text::Role::User;
    for (const UserPart& part : parts) {
        text::ContentPart c;
        if (part.kind == UserPart::Kind::Image) {
            images.push_back(describe(part.image));
            c.kind = text::ContentPart::Kind::Image;
            c.softTokens = images.back().softTokens;
        } else {
            c.text = part.text;
        }
        m.parts.push_back(std::move(c));
    }
    return m;
}

} // namespace

PromptBuilder::PromptBuilder(const text::Tokenizer& tokenizer, text::TemplateVariant variant,
                             text::TemplateRevision revision)
    : tokenizer_(&tokenizer), variant_(variant), revision_(revision) {}

BuiltPrompt
PromptBuilder::build(const Request& request, const ReplyMemory& memory,
                     const std::function<ImageEntry(const ImageInput&)>& describe) const {
    // history + new turn must read user, model, user, ..., user
    std::vector<const Turn*> turns;
    for (const Turn& t : request.history)
        turns.push_back(&t);
    const Turn newTurn{Turn::Role::User, request.newUserTurn, {}};
    turns.push_back(&newTurn);
    for (std::size_t i = 0; i < turns.size(); ++i) {
        const auto want = i % 2 == 0 ? Turn::Role::User : Turn::Role::Model;
        if (turns[i]->role != want) {
            throw Error("the conversation must alternate user and model turns, starting with the "
                        "user (turn " +
                        std::to_string(i + 1) + " is not)");
        }
    }

    BuiltPrompt out;
    text::Conversation first;
    first.systemPrompt = request.systemPrompt;
    first.enableThinking = request.enableThinking;
    first.messages.push_back(userMessage(turns[0]->parts, out.images, describe));
    const text::RenderedPrompt withPrompt =
        text::renderPromptParts(first, variant_, true, revision_);
    const std::string withoutPrompt = text::renderPrompt(first, variant_, false, revision_);
    if (!withPrompt.text.starts_with(withoutPrompt))
        throw Error("internal: the generation prompt is not a suffix");
    const std::string generationPrompt = withPrompt.text.substr(withoutPrompt.size());
    out.tokens = encode(text::expandImages(withPrompt, first));

    for (std::size_t i = 1; i + 1 < turns.size(); i += 2) {
        const std::string& reply = turns[i]->modelText;
        const auto remembered = memory.find(reply);
        // A reply not remembered (a stored conversation, one from a server) is the model's
        // text: a special token's text in it stays text (text/prompt.h).
        const std::vector<std::int32_t> replyIds =
            remembered != memory.end() ? remembered->second : encode({reply, {{0, reply.size()}}});
        out.tokens.insert(out.tokens.end(), replyIds.begin(), replyIds.end());

        text::Conversation next; // one user message, no system turn
        next.messages.push_back(userMessage(turns[i + 1]->parts, out.images, describe));
        text::RenderedPrompt piece =
            text::expandImages(text::renderPromptParts(next, variant_, false, revision_), next);
        if (!piece.text.starts_with("<bos>"))
            throw Error("internal: the template no longer starts with <bos>");
        const std::string close = "<turn|>\n";
        piece.text = close + piece.text.substr(5) + generationPrompt;
        for (text::TextSpan& span : piece.literal) { // "<bos>" out, "<turn|>\n" in
            span.begin = span.begin - 5 + close.size();
            span.end = span.end - 5 + close.size();
        }
        const std::vector<std::int32_t> ids = encode(piece);
        out.tokens.insert(out.tokens.end(), ids.begin(), ids.end());
    }
    return out;
}

} // namespace facet::generate
