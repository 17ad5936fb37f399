#include "Chat/contextcounter.h"

#include "Attachments/attachmentmodel.h"
#include "Chat/conversationmodel.h"
#include "Conversations/conversationlibrary.h"
#include "core/worker/engineclient.h"
#include "core/worker/requestbuilder.h"

#include <QFileInfo>

namespace facet::ui {

ContextCounter::ContextCounter(app::EngineClient& engine, ConversationModel& conversation,
                               AttachmentModel& attachments, ConversationLibrary& library,
                               QObject* parent)
    : QObject(parent), engine_(engine), conversation_(conversation), attachments_(attachments),
      library_(library) {
    settle_.setSingleShot(true);
    settle_.setInterval(kSettleMs);
    connect(&settle_, &QTimer::timeout, this, &ContextCounter::count);
    // Whatever changes the request: the draft's images and levels, the conversation (opened,
    // a message added, a reply finished, system prompt or thinking), the model; and the end
    // of a reply or load, after which the session's KV cache (its reusable prefix) is another.
    connect(&attachments_, &AttachmentModel::totalTokensChanged, this, &ContextCounter::schedule);
    connect(&conversation_, &ConversationModel::countChanged, this, &ContextCounter::schedule);
    connect(&conversation_, &ConversationModel::historyTokensChanged, this,
            &ContextCounter::schedule);
    connect(&conversation_, &ConversationModel::detailsChanged, this, &ContextCounter::schedule);
    connect(&engine_.model(), &app::ModelLoader::stateChanged, this, &ContextCounter::schedule);
    connect(&engine_.requests(), &app::RequestStream::idleChanged, this, &ContextCounter::schedule);
    connect(&engine_.counter(), &app::PromptCounter::counted, this,
            [this](bool exact, int promptTokens, int, int positions, const QString& problem) {
                setCount(exact, promptTokens, positions, problem);
            });
}

void ContextCounter::setDraftText(const QString& text) {
    if (text == draftText_)
        return;
    draftText_ = text;
    emit draftTextChanged();
    schedule();
}

void ContextCounter::schedule() {
    settle_.start();
    if (!pending_) {
        pending_ = true;
        emit countChanged();
    }
}

void ContextCounter::count() {
    if (!engine_.model().ready()) {
        setCount(false, 0, 0, {});
        return;
    }
    // The conversation as Send will store it: the draft appended as the next user message
    // (text trimmed, each image at its level), its images still at their own paths.
    app::Conversation c = conversation_.conversation();
    app::Message draft;
    draft.role = app::Message::Role::User;
    draft.text = draftText_.trimmed();
    for (int row = 0; row < attachments_.rowCount(); ++row) {
        app::StoredImage image;
        image.file = attachments_.items().at(row).path; // absolute: not in the store yet
        image.level = attachments_.levelAt(row);
        draft.images.append(image);
    }
    c.messages.append(draft);
    const QString id = c.id;
    generate::Request request = app::buildRequest(
        c, static_cast<int>(c.messages.size()) - 1,
        app::toEngine(app::effectiveSampling(c, engine_.model().defaultSampling())),
        [this, &id](const app::StoredImage& image) {
            return QFileInfo(image.file).isAbsolute() ? image.file
                                                      : library_.store().imagePath(id, image.file);
        });
    engine_.counter().count(id, std::move(request));
}

void ContextCounter::setCount(bool exact, int promptTokens, int positions, const QString& problem) {
    exact_ = exact;
    promptTokens_ = promptTokens;
    positions_ = positions;
    problem_ = problem;
    // Still waiting when another change came meanwhile (its timer runs) or a newer count is on
    // its way.
    pending_ = settle_.isActive() || engine_.counter().busy();
    emit countChanged();
}

} // namespace facet::ui
