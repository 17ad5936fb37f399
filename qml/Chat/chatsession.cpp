#include "Chat/chatsession.h"

#include "Attachments/attachmentmodel.h"
#include "Chat/conversationmodel.h"
#include "Conversations/conversationlibrary.h"
#include "core/support/imagefacts.h"
#include "core/support/userfiles.h"
#include "core/worker/engineclient.h"
#include "core/worker/requestbuilder.h"
#include "remote/chat_request.h"

#include <QClipboard>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QGuiApplication>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <exception>

namespace facet::ui {
namespace {

QString titleFrom(const QString& text) {
    const QString line = text.simplified();
    if (line.isEmpty())
        return ChatSession::tr("Image question");
    return line.size() <= 48 ? line : line.left(47) + QChar(0x2026);
}

// An image of the composer, as it is when Send is pressed.
struct PendingImage {
    QString path;
    QString name;
    int level = 0;
    // A region crop: the image it was cut from (copied into the conversation too) and where.
    QString regionSource;
    QString regionSourceName;
    QRect region;
};

struct ImportedImages {
    QList<app::StoredImage> images;
    QString error; // "FILE: reason" of the first that failed
};

// On a pool thread: each image judged before it is read (inspectImage: a regular file — a FIFO
// or a device is refused unopened —, at most kMaxImageFileBytes, a header the engine decodes),
// then copied. The file may have changed since it was attached: its size and token cost are
// taken from it now. `store` is a copy: it holds only the root folder. `cancelled` (Stop, another
// conversation opened, quitting) is looked at before each image.
ImportedImages importImages(app::ConversationStore store, const QString& conversationId,
                            const QList<PendingImage>& pending,
                            const std::shared_ptr<std::atomic<bool>>& cancelled) {
    ImportedImages out;
    try {
        for (const PendingImage& p : pending) {
            if (cancelled->load())
                return {};
            const app::ImageFacts facts = app::inspectImage(p.path);
            app::StoredImage image;
            image.file = store.importImage(conversationId, p.path);
            image.originalName = p.name;
            image.level = p.level;
            image.width = facts.width;
            image.height = facts.height;
            image.softTokens = app::softTokensFor(facts.width, facts.height, p.level);
            if (!p.regionSource.isEmpty()) // the source is stored beside its crop
                image.region = app::ImageRegion{store.importImage(conversationId, p.regionSource),
                                                p.regionSourceName,
                                                p.region.x(),
                                                p.region.y(),
                                                p.region.width(),
                                                p.region.height()};
            out.images.append(image);
        }
    } catch (const std::exception& e) {
        out.images.clear();
        out.error = QString::fromStdString(e.what());
    } catch (...) { // nothing may escape a pool thread: result() would throw it on the GUI thread
        out.images.clear();
        out.error = ChatSession::tr("the images could not be copied");
    }
    return out;
}

} // namespace

ChatSession::ChatSession(app::EngineClient& engine, AttachmentModel& attachments,
                         ConversationModel& conversation, ConversationLibrary& library,
                         QObject* parent)
    : QObject(parent), engine_(engine), attachments_(attachments), conversation_(conversation),
      library_(library) {
    using app::RequestStream;
    connect(&library_, &ConversationLibrary::leaving, this, &ChatSession::onLeaving);
    connect(&library_, &ConversationLibrary::opened, this, &ChatSession::onOpened);
    connect(&library_, &ConversationLibrary::aboutToDelete, this, [this](const QString& id) {
        if (busy() && id == activeConversationId_)
            stopAndKeepReply();
    });
    library_.setLiveSource([this](const QString& id) { return liveCopy(id); });
    connect(&conversation_, &ConversationModel::detailsChanged, this, &ChatSession::busyChanged);
    connect(&engine_.requests(), &RequestStream::textArrived, this,
            [this](quint64 id, const QString& content, const QString& reasoning) {
                if (id != activeJob_)
                    return;
                if (background_) {
                    app::Message& m = background_->messages[activeRow_];
                    m.text += content;
                    m.reasoning += reasoning;
                } else {
                    conversation_.appendReplyText(activeRow_, content, reasoning);
                }
            });
    connect(&engine_.requests(), &RequestStream::phaseChanged, this, &ChatSession::onPhase);
    connect(&engine_.requests(), &RequestStream::finished, this,
            [this](quint64 id, const QJsonObject& stats, const QString&) {
                if (id == activeJob_)
                    endActiveReply(stats,
                                   app::finishReasonFromKey(
                                       stats.value(QLatin1String("finish_reason")).toString()),
                                   {});
            });
    connect(&engine_.requests(), &RequestStream::failed, this,
            [this](quint64 id, const QString& message, const QJsonObject& stats) {
                if (id == activeJob_)
                    endActiveReply(stats, app::FinishReason::Error, message);
            });
}

bool ChatSession::send(const QString& text) {
    if (busy() || held() || !engine_.model().ready() ||
        (text.trimmed().isEmpty() && attachments_.rowCount() == 0))
        return false;
    if (const QString mixed = mixedLevelsForServer(); !mixed.isEmpty()) {
        emit notice(mixed);
        return false; // nothing is lost: text and images stay in the composer
    }
    appendUserMessage(text, [this](int userRow) { startReply(userRow, true); });
    return true;
}

QString ChatSession::mixedLevelsForServer() const {
    // vLLM takes one max_soft_tokens per request: said before anything is sent, and the user
    // picks the level (the chips' "Same as the message", or one level on each image).
    if (!engine_.serverSession().connected())
        return {};
    QList<int> levels;
    for (int row = 0; row < attachments_.rowCount(); ++row)
        if (!levels.contains(attachments_.levelAt(row)))
            levels.append(attachments_.levelAt(row));
    if (levels.size() < 2)
        return {};
    std::sort(levels.begin(), levels.end());
    QStringList names;
    for (int level : levels)
        names << QString::number(level);
    return tr("A server takes one detail level per message, and these images are at %1. Give "
              "them one level (\"Same as the message\" on each image's level) and send again.")
        .arg(names.join(QStringLiteral(", ")));
}

void ChatSession::appendUserMessage(const QString& text, std::function<void(int row)> then,
                                    std::function<void()> otherwise) {
    const QString conversationId = conversation_.conversation().id;
    QList<PendingImage> pending;
    for (int row = 0; row < attachments_.rowCount(); ++row) {
        const AttachmentModel::Item& item = attachments_.items().at(row);
        pending.append({item.path, item.name, attachments_.levelAt(row), item.regionSource,
                        item.regionSourceName, item.region});
    }
    const auto finish = [this, text, conversationId, pending, then = std::move(then),
                         otherwise = std::move(otherwise)](const ImportedImages& imported) {
        const SendCancel cancelled = sendCancel_;
        sending_ = false;
        sendCancel_ = SendCancel::No;
        sendWatcher_ = nullptr;
        sendingConversationId_.clear();
        QString why;
        if (cancelled == SendCancel::Left)
            why = tr("Not sent: another conversation was opened while the images were being "
                     "copied. Your message and its images are still in the message box.");
        else if (cancelled == SendCancel::No && !imported.error.isEmpty())
            why = tr("Not sent: %1. Your message and its images are still in the message box.")
                      .arg(imported.error);
        if (cancelled != SendCancel::No || !imported.error.isEmpty()) {
            forgetCopies(conversationId);
            emit busyChanged();
            if (!why.isEmpty())
                emit notice(why);
            if (otherwise)
                otherwise();
            return;
        }
        app::Message user;
        user.id = app::newId();
        user.role = app::Message::Role::User;
        user.text = text.trimmed();
        user.created = QDateTime::currentDateTime();
        user.images = imported.images;
        if (conversation_.conversation().messages.isEmpty()) {
            conversation_.setTitle(titleFrom(user.text));
            conversation_.setCreated(user.created);
        }
        // The images sent leave the composer; one added while they were copied stays.
        for (int row = attachments_.rowCount(); row-- > 0;)
            if (std::any_of(pending.begin(), pending.end(), [&](const PendingImage& p) {
                    return p.path == attachments_.items().at(row).path;
                }))
                attachments_.remove(row);
        const int row = conversation_.appendMessage(user);
        emit sent();
        // Busy again at once (the reply or the comparison starts): the change is announced once
        // it has, so nothing that waits for an idle chat (the background encoder) starts between.
        then(row);
        emit busyChanged();
    };
    sending_ = true;
    sendCancel_ = SendCancel::No;
    sendingConversationId_ = conversationId;
    emit busyChanged();
    if (pending.isEmpty()) { // nothing to read: no reason to wait for a thread
        finish({});
        return;
    }
    sendCancelled_ = std::make_shared<std::atomic<bool>>(false);
    auto* watcher = new QFutureWatcher<ImportedImages>(this);
    sendWatcher_ = watcher;
    // Destroyed with this session (quitting), the watcher takes the connection with it: `finish`
    // never runs on a session that is gone (abandonSending() waited for the task first).
    connect(watcher, &QFutureWatcherBase::finished, this, [watcher, finish] {
        watcher->deleteLater();
        finish(watcher->result());
    });
    watcher->setFuture(
        QtConcurrent::run(importImages, library_.store(), conversationId, pending, sendCancelled_));
}

void ChatSession::cancelSend(SendCancel why) {
    if (!sending_ || sendCancel_ != SendCancel::No)
        return;
    sendCancel_ = why;
    if (sendCancelled_)
        sendCancelled_->store(true);
}

void ChatSession::cancelSending() {
    cancelSend(SendCancel::Stopped);
}

void ChatSession::abandonSending() {
    if (!sendWatcher_)
        return;
    cancelSend(SendCancel::Stopped);
    QFutureWatcherBase* watcher = sendWatcher_;
    watcher->disconnect(this);
    watcher->waitForFinished(); // at most the image being copied: each is looked at before
    watcher->deleteLater();
    sendWatcher_ = nullptr;
    sending_ = false;
    sendCancel_ = SendCancel::No;
    sendingConversationId_.clear();
}

ChatSession::~ChatSession() {
    abandonSending();
}

void ChatSession::forgetCopies(const QString& conversationId) {
    // The message was not appended. Its copies stay in a conversation still open (its next
    // message may use them) or one on disk (unused files, named by content: a later send of the
    // same image finds them). A folder with no conversation file that is not open — a new chat
    // left before its first message was in, or a conversation deleted while its images were
    // copied (the copy made its folder again) — is removed: no conversation owns it, and the
    // deleted one's Undo needs the place free.
    if (conversation_.conversation().id == conversationId)
        return;
    const app::ConversationStore& store = library_.store();
    const QString folder = store.folder(conversationId);
    const QFileInfo info(folder);
    if (QFileInfo::exists(store.file(conversationId)) || !info.isDir() || info.isSymLink())
        return;
    try {
        app::removeTreeInside(folder, store.root());
    } catch (const std::exception&) { // left as it is: it holds nothing of the user's
    }
}

void ChatSession::hold(const QString& conversationId, std::function<void()> stop) {
    heldId_ = conversationId;
    heldStop_ = std::move(stop);
    emit busyChanged();
}

void ChatSession::release() {
    heldId_.clear();
    heldStop_ = nullptr;
    emit busyChanged();
}

void ChatSession::startReply(int userRow, bool sendsAttachments) {
    app::Message reply;
    reply.id = app::newId();
    reply.role = app::Message::Role::Model;
    reply.created = QDateTime::currentDateTime();
    activeRow_ = conversation_.appendMessage(reply);
    library_.save();
    const app::Conversation& c = conversation_.conversation();
    app::GenerateJob job;
    job.sessionKey = c.id;
    job.request = app::buildRequest(
        c, userRow, app::toEngine(app::effectiveSampling(c, engine_.model().defaultSampling())),
        [this, &c](const app::StoredImage& image) {
            return library_.store().imagePath(c.id, image.file);
        });
    noteServerLevel(job.request);
    // Its images may be in the vision encoder already (encoded while the user typed): the request
    // waits for that, and the user should read what the device is doing meanwhile.
    const bool afterBackgroundEncoding = sendsAttachments && engine_.requests().preencoding();
    activeJob_ = engine_.requests().submit(
        std::move(job), sendsAttachments ? app::RequestStream::PreencodeUse::Wait
                                         : app::RequestStream::PreencodeUse::Cancel);
    activeConversationId_ = c.id;
    activePhase_ = afterBackgroundEncoding ? tr("Encoding images (started while you typed)")
                                           : app::phaseText(app::Phase::Waiting);
    conversation_.setPhase(activeRow_, activePhase_);
    emit busyChanged();
}

void ChatSession::noteServerLevel(const generate::Request& request) {
    // A server takes one detail level per request (mm_processor_kwargs applies to every image
    // of it): earlier images at another level are seen at this one. Said, not done silently.
    const app::ServerSession& server = engine_.serverSession();
    if (!server.connected() || server.serverDefaultLevel())
        return;
    std::optional<int> level;
    try {
        level = remote::requestLevel(request);
    } catch (const std::exception&) { // mixed levels in the new turn: the engine says so
        return;
    }
    if (!level)
        return;
    QList<int> others;
    for (const auto& turn : request.history)
        for (const auto& part : turn.parts)
            if (part.kind == generate::UserPart::Kind::Image && part.image.level != *level &&
                !others.contains(part.image.level))
                others << part.image.level;
    if (others.isEmpty())
        return;
    std::sort(others.begin(), others.end());
    QStringList names;
    for (int l : others)
        names << QString::number(l);
    emit notice(tr("A server takes one detail level per request: the earlier images of this "
                   "conversation (at %1) are sent at %2 this time.")
                    .arg(names.join(QStringLiteral(", ")))
                    .arg(*level));
}

bool ChatSession::writingElsewhere() const {
    return activeJob_ != 0 && activeConversationId_ != conversation_.conversation().id;
}

void ChatSession::onLeaving() {
    // Images being copied for the open conversation: that message is not sent (said when the copy
    // ends; the composer keeps it, as it does when switching).
    if (sending_ && sendingConversationId_ == conversation_.conversation().id)
        cancelSend(SendCancel::Left);
    // The open conversation is about to be replaced: a reply it is writing goes on in a copy.
    if (busy() && !background_ && conversation_.conversation().id == activeConversationId_)
        background_ = conversation_.conversation();
}

void ChatSession::onOpened(const QString& id) {
    // Back in the conversation being written: the live copy is on screen again (the library
    // opened it from liveCopy()), streaming into the view from here on.
    if (!busy() || !background_ || id != activeConversationId_)
        return;
    background_.reset();
    conversation_.resumeStreaming(activeRow_, activePhase_);
}

std::optional<app::Conversation> ChatSession::liveCopy(const QString& id) const {
    if (background_ && id == activeConversationId_)
        return background_;
    return std::nullopt;
}

void ChatSession::onPhase(quint64 id, const generate::PhaseEvent& phase) {
    if (id != activeJob_ || stopping_)
        return;
    activePhase_ = app::phaseText(app::fromEngine(phase.phase), phase.imageIndex, phase.imageCount,
                                  phase.level);
    if (!background_)
        conversation_.setPhase(activeRow_, activePhase_);
}

void ChatSession::endActiveReply(const QJsonObject& stats, app::FinishReason finishReason,
                                 const QString& error) {
    if (background_) { // written while another conversation was open: saved as it is
        app::Message& m = background_->messages[activeRow_];
        m.stats = stats;
        m.finishReason = finishReason;
        m.error = error;
        library_.saveOther(*background_);
        background_.reset();
    } else {
        conversation_.finishReply(activeRow_, stats, finishReason, error);
        library_.save();
    }
    activeJob_ = 0;
    activeRow_ = -1;
    activeConversationId_.clear();
    stopping_ = false;
    emit busyChanged();
}

void ChatSession::stop() {
    if (sending_) { // the images are still being copied: nothing is sent
        cancelSending();
        return;
    }
    if (activeJob_ == 0 && heldStop_) {
        heldStop_();
        return;
    }
    if (activeJob_ == 0)
        return;
    engine_.requests().stop(activeJob_);
    // Said at once; the engine ends the reply at its next check (between device calls).
    stopping_ = true;
    activePhase_ = tr("Stopping…");
    if (!background_)
        conversation_.setPhase(activeRow_, activePhase_);
}

void ChatSession::stopAndKeepReply() {
    if (activeJob_ == 0)
        return;
    engine_.requests().stop(activeJob_);
    endActiveReply({{"finish_reason", app::finishReasonKey(app::FinishReason::Cancelled)}},
                   app::FinishReason::Cancelled, {});
}

bool ChatSession::canBranch(int row, app::Message::Role role) const {
    const auto& messages = conversation_.conversation().messages;
    return !busy() && !held() && engine_.model().ready() && row >= 0 && row < messages.size() &&
           messages[row].role == role;
}

void ChatSession::regenerate(int row) {
    if (row < 0)
        row = static_cast<int>(conversation_.conversation().messages.size()) - 1;
    // A reply answers the user message before it; the first row can never be a reply.
    if (row < 1 || !canBranch(row, app::Message::Role::Model) ||
        conversation_.conversation().messages[row - 1].role != app::Message::Role::User)
        return;
    conversation_.detachTail(row); // the old reply and what followed stay as a version
    startReply(row - 1);
}

void ChatSession::editAndResend(int row, const QString& text) {
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

void ChatSession::switchBranch(int row, int index) {
    if (busy() || held() || !conversation_.switchBranch(row, index))
        return;
    library_.save();
}

void ChatSession::copyText(const QString& text) {
    QGuiApplication::clipboard()->setText(text);
}

} // namespace facet::ui
