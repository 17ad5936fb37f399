// The chat controller's conversation library: the sidebar list (load, new, open, rename, delete
// with undo), saving the open conversation, and export.
#include "chatcontroller.h"

#include "attachmentmodel.h"
#include "chatlistmodel.h"
#include "conversationexport.h"
#include "conversationmodel.h"

#include <QSaveFile>

#include <exception>

namespace facet::ui {
namespace {

ChatListModel::Entry entryFor(const app::Conversation& c) {
    return {c.id, c.title, c.updated, app::searchableText(c)};
}

} // namespace

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

} // namespace facet::ui
