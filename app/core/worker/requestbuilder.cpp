#include "core/worker/requestbuilder.h"

namespace facet::app {
namespace {

// `level` > 0: every image at that level (a turn answered by a compared reply, see
// Message::level), else each image at its own.
std::vector<generate::UserPart> userParts(const Message& m, const ImagePathResolver& imagePath,
                                          int level = 0) {
    // Images first, then the text: the order Gemma's chat template examples use.
    std::vector<generate::UserPart> parts;
    for (const auto& image : m.images) {
        generate::UserPart part;
        part.kind = generate::UserPart::Kind::Image;
        part.image.path = imagePath(image).toStdString();
        part.image.level = level > 0 ? level : image.level;
        parts.push_back(part);
    }
    if (!m.text.isEmpty()) {
        generate::UserPart part;
        part.kind = generate::UserPart::Kind::Text;
        part.text = m.text.toStdString();
        parts.push_back(part);
    }
    return parts;
}

} // namespace

generate::Request buildRequest(const Conversation& c, int userRow,
                               const generate::SamplingSettings& sampling,
                               const ImagePathResolver& imagePath) {
    generate::Request request;
    if (!c.systemPrompt.trimmed().isEmpty())
        request.systemPrompt = c.systemPrompt.toStdString();
    request.enableThinking = c.enableThinking;
    request.sampling = sampling;
    for (int i = 0; i < userRow && i < c.messages.size(); ++i) {
        const Message& m = c.messages[i];
        // A question whose reply failed or was stopped before any text got no answer the user
        // read: neither goes back (an empty assistant turn would say the model answered
        // nothing; the question alone would break the user/model alternation the template
        // needs). The question is still on screen, to edit or ask again.
        if (m.role == Message::Role::User && i + 1 < userRow &&
            c.messages[i + 1].role == Message::Role::Model && c.messages[i + 1].text.isEmpty() &&
            c.messages[i + 1].reasoning.isEmpty()) {
            ++i;
            continue;
        }
        generate::Turn turn;
        if (m.role == Message::Role::User) {
            turn.role = generate::Turn::Role::User;
            // The reply the conversation continued with was made at its compared level.
            const int answeredAt = i + 1 < c.messages.size() ? c.messages[i + 1].level : 0;
            turn.parts = userParts(m, imagePath, answeredAt);
        } else {
            turn.role = generate::Turn::Role::Model;
            turn.modelText = m.text.toStdString();
        }
        request.history.push_back(std::move(turn));
    }
    if (userRow >= 0 && userRow < c.messages.size())
        request.newUserTurn = userParts(c.messages[userRow], imagePath);
    return request;
}

generate::SamplingSettings toEngine(const Sampling& s) {
    generate::SamplingSettings e;
    e.doSample = s.doSample;
    e.temperature = s.temperature;
    e.topK = s.topK;
    e.topP = s.topP;
    e.seed = s.seed;
    e.maxNewTokens = s.maxNewTokens;
    e.stopOnRepetition = s.stopOnRepetition;
    return e;
}

Sampling fromEngine(const generate::SamplingSettings& e) {
    Sampling s;
    s.doSample = e.doSample;
    s.temperature = e.temperature;
    s.topK = e.topK;
    s.topP = e.topP;
    s.seed = e.seed;
    s.maxNewTokens = e.maxNewTokens;
    s.stopOnRepetition = e.stopOnRepetition;
    return s;
}

Sampling effectiveSampling(const Conversation& conversation,
                           const generate::SamplingSettings& modelDefaults) {
    return conversation.sampling ? *conversation.sampling : fromEngine(modelDefaults);
}

} // namespace facet::app
