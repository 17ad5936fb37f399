#include "chatcontroller.h"

#include "attachmentmodel.h"
#include "chatlistmodel.h"
#include "conversationexport.h"
#include "conversationmodel.h"
#include "engineclient.h"
#include "requestbuilder.h"

#include <QClipboard>
#include <QFileInfo>
#include <QGuiApplication>
#include <QSaveFile>

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

ChatListModel::Entry entryFor(const app::Conversation& c) {
    return {c.id, c.title, c.updated, app::searchableText(c)};
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

QString ChatController::systemPrompt() const {
    return conversation_.conversation().systemPrompt;
}

void ChatController::setSystemPrompt(const QString& prompt) {
    if (prompt == systemPrompt())
        return;
    conversation_.conversationForUpdate().systemPrompt = prompt;
    save();
    emit currentChanged();
}

void ChatController::loadConversations() {
    store_.purgeTrash();
    const auto listing = store_.loadAll();
    QList<ChatListModel::Entry> entries;
    for (const auto& c : listing.conversations)
        entries.append(entryFor(c));
    chats_.setEntries(entries);
    storeProblems_ = listing.problems;
    emit storeProblemsChanged();
    for (const QString& problem : listing.problems)
        emit notice(tr("Could not read a conversation (left untouched): %1").arg(problem));
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

void ChatController::regenerate() {
    const auto& messages = conversation_.conversation().messages;
    if (busy() || !engine_.ready() || messages.size() < 2 ||
        messages.last().role != app::Message::Role::Model)
        return;
    const int replyRow = static_cast<int>(messages.size()) - 1;
    conversation_.truncate(replyRow);
    startReply(replyRow - 1);
}

void ChatController::editAndResend(int row, const QString& text) {
    const app::Conversation original = conversation_.conversation();
    if (busy() || !engine_.ready() || row < 0 || row >= original.messages.size() ||
        original.messages[row].role != app::Message::Role::User)
        return;
    app::Conversation branch = original;
    branch.id = app::newId();
    branch.title = tr("%1 (edited)").arg(original.title);
    branch.created = branch.updated = QDateTime::currentDateTime();
    branch.messages = original.messages.mid(0, row + 1);
    branch.messages[row].text = text.trimmed();
    branch.messages[row].id = app::newId();
    try {
        for (auto& m : branch.messages)
            for (auto& image : m.images)
                image.file =
                    store_.importImage(branch.id, store_.imagePath(original.id, image.file));
    } catch (const std::exception& e) {
        emit notice(QString::fromStdString(e.what()));
        return;
    }
    conversation_.setConversation(branch, store_.folder(branch.id));
    emit currentChanged();
    emit samplingChanged();
    startReply(row);
}

void ChatController::newChat() {
    finishForQuit();
    app::Conversation c;
    c.id = app::newId();
    c.title = tr("New chat");
    c.created = c.updated = QDateTime::currentDateTime();
    conversation_.setConversation(c, store_.folder(c.id));
    attachments_.clear();
    emit currentChanged();
    emit samplingChanged();
}

void ChatController::openChat(const QString& id) {
    if (id == currentId())
        return;
    try {
        const app::Conversation c = store_.load(id);
        finishForQuit();
        conversation_.setConversation(c, store_.folder(id));
        emit currentChanged();
        emit samplingChanged();
    } catch (const std::exception& e) {
        emit notice(QString::fromStdString(e.what()));
    }
}

void ChatController::renameChat(const QString& id, const QString& title) {
    const QString clean = title.simplified();
    if (clean.isEmpty())
        return;
    if (id == currentId()) {
        conversation_.conversationForUpdate().title = clean;
        save();
        emit currentChanged();
        return;
    }
    try {
        app::Conversation c = store_.load(id);
        c.title = clean;
        saveConversation(c);
    } catch (const std::exception& e) {
        emit notice(QString::fromStdString(e.what()));
    }
}

void ChatController::deleteChat(const QString& id) {
    const int row = chats_.rowOf(id);
    const QString title = row >= 0
                              ? chats_.data(chats_.index(row), ChatListModel::TitleRole).toString()
                              : this->title();
    if (id == currentId())
        newChat();
    try {
        if (!undoId_.isEmpty())
            store_.purgeTrash(); // only the latest delete can be undone
        store_.moveToTrash(id);
    } catch (const std::exception& e) {
        emit notice(QString::fromStdString(e.what()));
        return;
    }
    chats_.remove(id);
    undoId_ = id;
    undoTitle_ = title;
    emit undoChanged();
}

void ChatController::undoDelete() {
    if (undoId_.isEmpty())
        return;
    try {
        store_.restoreFromTrash(undoId_);
        const app::Conversation c = store_.load(undoId_);
        chats_.upsert(entryFor(c));
    } catch (const std::exception& e) {
        emit notice(QString::fromStdString(e.what()));
    }
    undoId_.clear();
    undoTitle_.clear();
    emit undoChanged();
}

app::Sampling ChatController::effectiveSampling() const {
    const auto& own = conversation_.conversation().sampling;
    return own ? *own : app::fromEngine(engine_.defaultSampling());
}

QVariantMap ChatController::sampling() const {
    const app::Sampling s = effectiveSampling();
    return {{"doSample", s.doSample},
            {"temperature", s.temperature},
            {"topK", s.topK},
            {"topP", s.topP},
            {"seed", s.seed ? QString::number(*s.seed) : QString()},
            {"maxNewTokens", s.maxNewTokens}};
}

bool ChatController::samplingIsDefault() const {
    return !conversation_.conversation().sampling.has_value();
}

void ChatController::setSamplingValue(const QString& key, const QVariant& value) {
    app::Sampling s = effectiveSampling();
    if (key == QLatin1String("doSample"))
        s.doSample = value.toBool();
    else if (key == QLatin1String("temperature"))
        s.temperature = value.toDouble();
    else if (key == QLatin1String("topK"))
        s.topK = value.toInt();
    else if (key == QLatin1String("topP"))
        s.topP = value.toDouble();
    else if (key == QLatin1String("maxNewTokens"))
        s.maxNewTokens = value.toInt();
    else if (key == QLatin1String("seed")) {
        bool ok = false;
        const quint64 seed = value.toString().trimmed().toULongLong(&ok);
        s.seed = ok ? std::optional<quint64>(seed) : std::nullopt;
    } else
        return;
    conversation_.conversationForUpdate().sampling = s;
    save();
    emit samplingChanged();
}

void ChatController::resetSampling() {
    conversation_.conversationForUpdate().sampling.reset();
    save();
    emit samplingChanged();
}

void ChatController::save() {
    app::Conversation& c = conversation_.conversationForUpdate();
    if (c.messages.isEmpty())
        return; // a new chat is stored once it has a message
    c.updated = QDateTime::currentDateTime();
    saveConversation(c);
}

void ChatController::saveConversation(const app::Conversation& c) {
    try {
        store_.save(c);
        chats_.upsert(entryFor(c));
    } catch (const std::exception& e) {
        emit notice(QString::fromStdString(e.what()));
    }
}

bool ChatController::writeExport(const QUrl& file, const QByteArray& bytes) {
    QSaveFile out(file.toLocalFile());
    if (!out.open(QIODevice::WriteOnly) || out.write(bytes) != bytes.size() || !out.commit()) {
        emit notice(tr("%1: %2").arg(file.toLocalFile(), out.errorString()));
        return false;
    }
    emit notice(tr("Exported to %1").arg(file.toLocalFile()));
    return true;
}

bool ChatController::exportMarkdown(const QUrl& file) {
    const auto& c = conversation_.conversation();
    return writeExport(file, app::toMarkdown(c, store_.folder(c.id)).toUtf8());
}

bool ChatController::exportJson(const QUrl& file) {
    const auto& c = conversation_.conversation();
    return writeExport(file, app::toJsonExport(c, store_.folder(c.id)));
}

void ChatController::copyText(const QString& text) {
    QGuiApplication::clipboard()->setText(text);
}

} // namespace facet::ui
