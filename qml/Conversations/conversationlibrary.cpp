#include "Conversations/conversationlibrary.h"

#include "Chat/conversationmodel.h"
#include "Conversations/chatlistmodel.h"
#include "Conversations/conversationloader.h"
#include "core/conversations/conversationexport.h"
#include "core/conversations/exportwriter.h"

#include <QDir>
#include <QFileInfo>
#include <QSet>
#include <QSettings>
#include <QStandardPaths>

#include <exception>

namespace facet::ui {
namespace {

ChatListModel::Entry entryFor(const app::Conversation& c, const app::ConversationStore& store) {
    const QString title = c.title.isEmpty() ? ConversationLibrary::tr("New chat") : c.title;
    // The first image the user sent, as the row's thumbnail (the messages on screen: an edited
    // question's image in another version is not what the conversation shows).
    QString firstImage;
    for (const auto& m : c.messages)
        if (!m.images.isEmpty()) {
            firstImage = store.imagePath(c.id, m.images.first().file);
            break;
        }
    return {c.id, title, c.updated, app::searchableText(c), firstImage};
}

} // namespace

ConversationLibrary::ConversationLibrary(ConversationModel& conversation, ChatListModel& chats,
                                         app::ConversationStore& store, QObject* parent)
    : QObject(parent), conversation_(conversation), chats_(chats), store_(store),
      loader_(new ConversationLoader(this)) {
    connect(loader_, &ConversationLoader::loaded, this, &ConversationLibrary::adoptListing);
    connect(&conversation_, &ConversationModel::detailsChanged, this,
            &ConversationLibrary::currentChanged);
    newChat();
}

QString ConversationLibrary::currentId() const {
    return conversation_.conversation().id;
}

QString ConversationLibrary::title() const {
    // A new chat has no title of its own until its first message: "New chat" is said in the
    // language in use when it is shown (the window title is bound to this and re-read on
    // retranslate), never stored in the language of the moment it was made — the first chat is
    // made before the translators are installed, and the Korean window said "New chat".
    const QString& title = conversation_.conversation().title;
    return title.isEmpty() ? tr("New chat") : title;
}

void ConversationLibrary::loadConversations() {
    try {
        store_.purgeTrash();
    } catch (const std::exception& e) { // a trash that is not ours is left alone, and said so
        emit notice(QString::fromStdString(e.what()));
    }
    if (loader_->start(store_.root()))
        emit loadingChanged();
}

bool ConversationLibrary::loading() const {
    return loader_->running();
}

void ConversationLibrary::adoptListing(const app::ConversationStore::Listing& listing) {
    store_.adopt(listing);
    QList<ChatListModel::Entry> entries;
    QSet<QString> ids;
    for (const auto& c : listing.conversations) {
        entries.append(entryFor(c, store_));
        ids.insert(c.id);
    }
    // Chats saved while the files were read are newer than what was read.
    for (const auto& entry : chats_.entries())
        if (!ids.contains(entry.id))
            entries.append(entry);
    chats_.setEntries(entries);
    storeProblems_ = listing.problems;
    emit storeProblemsChanged();
    for (const QString& problem : listing.problems)
        emit notice(tr("Could not read a conversation (left untouched): %1").arg(problem));
    emit loadingChanged();
    emit conversationsLoaded();
}

void ConversationLibrary::newChat() {
    emit leaving();
    app::Conversation c;
    c.id = app::newId();
    // No title yet: title() says "New chat" in the language of the moment.
    c.created = c.updated = QDateTime::currentDateTime();
    if (newChatSetup_)
        newChatSetup_(c);
    // Pending attachments stay in the composer (as they do when switching conversations).
    conversation_.setConversation(c, store_.folder(c.id));
    emit currentChanged();
}

void ConversationLibrary::openChat(const QString& id) {
    if (id == currentId())
        return;
    try {
        const std::optional<app::Conversation> live = liveSource_ ? liveSource_(id) : std::nullopt;
        const app::Conversation c = live ? *live : store_.load(id);
        emit leaving();
        conversation_.setConversation(c, store_.folder(id));
        emit currentChanged();
        emit opened(id);
    } catch (const std::exception& e) {
        emit notice(QString::fromStdString(e.what()));
    }
}

void ConversationLibrary::renameChat(const QString& id, const QString& title) {
    const QString clean = title.simplified();
    if (clean.isEmpty())
        return;
    if (id == currentId()) {
        conversation_.setTitle(clean);
        save();
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

void ConversationLibrary::deleteChat(const QString& id) {
    const int row = chats_.rowOf(id);
    const QString title = row >= 0
                              ? chats_.data(chats_.index(row), ChatListModel::TitleRole).toString()
                              : this->title();
    emit aboutToDelete(id);
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

void ConversationLibrary::undoDelete() {
    if (undoId_.isEmpty())
        return;
    try {
        store_.restoreFromTrash(undoId_);
        const app::Conversation c = store_.load(undoId_);
        chats_.upsert(entryFor(c, store_));
    } catch (const std::exception& e) {
        emit notice(QString::fromStdString(e.what()));
    }
    undoId_.clear();
    undoTitle_.clear();
    emit undoChanged();
}

namespace {

app::ExportFormat formatFrom(const QString& format) {
    return format == QLatin1String("json") ? app::ExportFormat::Json : app::ExportFormat::Markdown;
}

const QString kExportFolderKey = QStringLiteral("export/folder");

} // namespace

QString ConversationLibrary::proposedExportName(const QString& format) const {
    // A clean name from the title (conversationexport.h), with the format's extension.
    return app::exportBaseName(title()) + (formatFrom(format) == app::ExportFormat::Json
                                               ? QStringLiteral(".json")
                                               : QStringLiteral(".md"));
}

QString ConversationLibrary::exportFolder() const {
    const QString last = QSettings().value(kExportFolderKey).toString();
    if (!last.isEmpty() && QFileInfo(last).isDir())
        return last;
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return QFileInfo(documents).isDir() ? documents : QDir::homePath();
}

QString ConversationLibrary::exportPath(const QString& folder, const QString& name,
                                        const QString& format) const {
    return QDir(folder).filePath(app::withExportExtension(name, formatFrom(format)));
}

bool ConversationLibrary::exportExists(const QString& folder, const QString& name,
                                       const QString& format) const {
    return QFileInfo::exists(exportPath(folder, name, format));
}

bool ConversationLibrary::exportConversation(const QString& folder, const QString& name,
                                             const QString& format) {
    const auto& c = conversation_.conversation();
    const QString path = exportPath(folder, name, format);
    try {
        if (name.trimmed().isEmpty())
            throw std::runtime_error(tr("Export: type a file name").toStdString());
        const int images = app::writeExport(c, store_.folder(c.id), path, formatFrom(format));
        QSettings().setValue(kExportFolderKey, QFileInfo(path).absolutePath());
        emit notice(images > 0 ? tr("Exported to %1 (%n image(s) beside it)", nullptr, images)
                                     .arg(QDir::toNativeSeparators(path))
                               : tr("Exported to %1").arg(QDir::toNativeSeparators(path)));
        return true;
    } catch (const std::exception& e) {
        const QString message = tr("Export failed: %1").arg(QString::fromStdString(e.what()));
        qWarning().noquote() << message;
        emit notice(message);
        return false;
    }
}

void ConversationLibrary::save() {
    if (conversation_.conversation().messages.isEmpty())
        return; // a new chat is stored once it has a message
    conversation_.touch(QDateTime::currentDateTime());
    saveConversation(conversation_.conversation());
}

void ConversationLibrary::saveOther(app::Conversation conversation) {
    conversation.updated = QDateTime::currentDateTime();
    saveConversation(conversation);
}

void ConversationLibrary::saveConversation(const app::Conversation& c) {
    try {
        store_.save(c);
        chats_.upsert(entryFor(c, store_));
    } catch (const std::exception& e) {
        emit notice(QString::fromStdString(e.what()));
    }
}

} // namespace facet::ui
