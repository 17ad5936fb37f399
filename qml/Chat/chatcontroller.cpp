// The chat controller: sending, streaming the reply into the open conversation, stop, and the
// branches (regenerate any reply, edit-and-resend, switch versions).
#include "chatcontroller.h"

#include "attachmentmodel.h"
#include "conversationmodel.h"
#include "engineclient.h"
#include "requestbuilder.h"

#include <QClipboard>
#include <QGuiApplication>

#include <exception>

namespace facet::ui {
namespace {

QString levelLabel(int level) {
    switch (level) {
    case 70:
        return ChatController::tr("Minimal");
    case 140:
        return ChatController::tr("Low");
    case 280:
        return ChatController::tr("Standard");
    case 560:
        return ChatController::tr("High");
    case 1120:
        return ChatController::tr("Maximum");
    default:
        return QString::number(level);
    }
}

QString titleFrom(const QString& text) {
    const QString line = text.simplified();
    if (line.isEmpty())
        return ChatController::tr("Image question");
    return line.size() <= 48 ? line : line.left(47) + QChar(0x2026);
}

} // namespace

ChatController::ChatController(EngineClient& engine, AttachmentModel& attachments,
                               ConversationModel& conversation, ChatListModel& chats,
                               app::ConversationStore& store, QObject* parent)
    : QObject(parent), engine_(engine), attachments_(attachments), conversation_(conversation),
      chats_(chats), store_(store) {
    connect(&engine_, &EngineClient::textArrived, this,
            [this](quint64 id, const QString& content, const QString& reasoning) {
                if (id == activeJob_)
                    conversation_.appendReplyText(activeRow_, content, reasoning);
            });
    connect(&engine_, &EngineClient::phaseChanged, this, &ChatController::onPhase);
    connect(&engine_, &EngineClient::finished, this,
            [this](quint64 id, const QJsonObject& stats, const QString&) {
                if (id == activeJob_)
                    endActiveReply(stats, stats.value(QLatin1String("finish_reason")).toString(),
                                   {});
            });
    connect(&engine_, &EngineClient::failed, this,
            [this](quint64 id, const QString& message, const QJsonObject& stats) {
                if (id == activeJob_)
                    endActiveReply(stats, QStringLiteral("error"), message);
            });
    connect(&engine_, &EngineClient::stateChanged, this, &ChatController::samplingChanged);
    newChat();
}

ChatController::~ChatController() = default;

QString ChatController::currentId() const {
    return conversation_.conversation().id;
}

QString ChatController::title() const {
    return conversation_.conversation().title;
}

bool ChatController::send(const QString& text) {
    if (busy() || !engine_.ready() || (text.trimmed().isEmpty() && attachments_.rowCount() == 0))
        return false;
    app::Conversation& c = conversation_.conversationForUpdate();
    app::Message user;
    user.id = app::newId();
    user.role = app::Message::Role::User;
    user.text = text.trimmed();
    user.created = QDateTime::currentDateTime();
    try {
        for (int row = 0; row < attachments_.rowCount(); ++row) {
            const auto& item = attachments_.items().at(row);
            app::StoredImage image;
            image.file = store_.importImage(c.id, item.path);
            image.originalName = item.name;
            image.level = attachments_.levelAt(row);
            image.width = item.width;
            image.height = item.height;
            image.softTokens = attachments_.tokensAt(row, image.level);
            user.images.append(image);
        }
    } catch (const std::exception& e) {
        emit notice(QString::fromStdString(e.what()));
        return false;
    }
    if (c.messages.isEmpty()) {
        c.title = titleFrom(user.text);
        c.created = user.created;
        emit currentChanged();
    }
    attachments_.clear();
    const int userRow = conversation_.appendMessage(user);
    startReply(userRow);
    return true;
}

void ChatController::startReply(int userRow) {
    app::Message reply;
    reply.id = app::newId();
    reply.role = app::Message::Role::Model;
    reply.created = QDateTime::currentDateTime();
    activeRow_ = conversation_.appendMessage(reply);
    save();
    const app::Conversation& c = conversation_.conversation();
    app::GenerateJob job;
    job.sessionKey = c.id;
    job.request = app::buildRequest(
        c, userRow, app::toEngine(effectiveSampling()),
        [this, &c](const app::StoredImage& image) { return store_.imagePath(c.id, image.file); });
    activeJob_ = engine_.submit(std::move(job));
    conversation_.setPhase(activeRow_, tr("Waiting for the engine"));
    emit busyChanged();
}

void ChatController::onPhase(quint64 id, const generate::PhaseEvent& phase) {
    if (id != activeJob_)
        return;
    QString text;
    switch (phase.phase) {
    case generate::Phase::LoadingModel:
        text = tr("Loading the model");
        break;
    case generate::Phase::Vision:
        text = tr("Encoding image %1/%2 at %3")
                   .arg(phase.imageIndex + 1)
                   .arg(phase.imageCount)
                   .arg(levelLabel(phase.level));
        break;
    case generate::Phase::Prefill:
        text = tr("Reading prompt");
        break;
    case generate::Phase::Decode:
        text = tr("Writing");
        break;
    }
    conversation_.setPhase(activeRow_, text);
}

void ChatController::endActiveReply(const QJsonObject& stats, const QString& finishReason,
                                    const QString& error) {
    conversation_.finishReply(activeRow_, stats, finishReason, error);
    activeJob_ = 0;
    activeRow_ = -1;
    save();
    emit busyChanged();
}

void ChatController::stop() {
    if (activeJob_ != 0)
        engine_.stop(activeJob_);
}

void ChatController::finishForQuit() {
    if (activeJob_ == 0)
        return;
    engine_.stop(activeJob_);
    endActiveReply({{"finish_reason", QStringLiteral("cancelled")}}, QStringLiteral("cancelled"),
                   {});
}

bool ChatController::canBranch(int row, app::Message::Role role) const {
    const auto& messages = conversation_.conversation().messages;
    return !busy() && engine_.ready() && row >= 0 && row < messages.size() &&
           messages[row].role == role;
}

void ChatController::regenerate(int row) {
    if (row < 0)
        row = static_cast<int>(conversation_.conversation().messages.size()) - 1;
    // A reply answers the user message before it; the first row can never be a reply.
    if (row < 1 || !canBranch(row, app::Message::Role::Model) ||
        conversation_.conversation().messages[row - 1].role != app::Message::Role::User)
        return;
    conversation_.detachTail(row); // the old reply and what followed stay as a version
    startReply(row - 1);
}

void ChatController::editAndResend(int row, const QString& text) {
    if (!canBranch(row, app::Message::Role::User))
        return;
    const app::Message& original = conversation_.conversation().messages[row];
    if (text.trimmed().isEmpty() && original.images.isEmpty())
        return;
    app::Message edited;
    edited.id = app::newId();
    edited.role = app::Message::Role::User;
    edited.text = text.trimmed();
    edited.images = original.images; // already stored in this conversation's folder
    edited.created = QDateTime::currentDateTime();
    conversation_.detachTail(row); // the original message and its replies stay as a version
    const int userRow = conversation_.appendMessage(edited);
    startReply(userRow);
}

void ChatController::switchBranch(int row, int index) {
    if (busy() || !conversation_.switchBranch(row, index))
        return;
    save();
}

void ChatController::copyText(const QString& text) {
    QGuiApplication::clipboard()->setText(text);
}

} // namespace facet::ui
