#pragma once
// The conversation library: the sidebar's list (load, new, open, rename, delete with undo), the
// open conversation's saving, and export. Before it replaces the open conversation it emits
// leaving(), so the chat session can end a running reply first.
#include "core/conversations/conversationstore.h"

#include <QObject>

#include <QStringList>
#include <QUrl>
#include <QtQml/qqmlregistration.h>
#include <functional>
#include <optional>

namespace facet::ui {

class ChatListModel;
class ConversationLoader;
class ConversationModel;

class ConversationLibrary : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by the application")
    Q_PROPERTY(QString currentId READ currentId NOTIFY currentChanged)
    Q_PROPERTY(QString title READ title NOTIFY currentChanged)
    Q_PROPERTY(QString undoTitle READ undoTitle NOTIFY undoChanged)
    Q_PROPERTY(QStringList storeProblems READ storeProblems NOTIFY storeProblemsChanged)
    // The saved conversations are being read (at start, off the GUI thread).
    Q_PROPERTY(bool loading READ loading NOTIFY loadingChanged)
public:
    ConversationLibrary(ConversationModel& conversation, ChatListModel& chats,
                        app::ConversationStore& store, QObject* parent = nullptr);

    QString currentId() const;
    QString title() const;
    QString undoTitle() const { return undoTitle_; }
    QStringList storeProblems() const { return storeProblems_; }
    app::ConversationStore& store() { return store_; }

    // Reads the conversations on disk into the sidebar on another thread (problems go to
    // storeProblems); conversationsLoaded() when they are in. Chats made meanwhile stay.
    void loadConversations();
    bool loading() const;
    // Saves the open conversation (a new chat is stored once it has a message).
    void save();
    // Saves a conversation that is not the open one (a reply finished in the background).
    void saveOther(app::Conversation conversation);
    // Where openChat() gets a conversation that is live in memory (a reply streaming into it
    // while it was not open) instead of from disk.
    using LiveSource = std::function<std::optional<app::Conversation>(const QString& id)>;
    void setLiveSource(LiveSource source) { liveSource_ = std::move(source); }
    // What every chat made from now on starts with (Settings → New chats: NewChatDefaults,
    // wired in AppController); called on the conversation before it is opened.
    using NewChatSetup = std::function<void(app::Conversation& conversation)>;
    void setNewChatSetup(NewChatSetup setup) { newChatSetup_ = std::move(setup); }

    Q_INVOKABLE void newChat();
    Q_INVOKABLE void openChat(const QString& id);
    Q_INVOKABLE void renameChat(const QString& id, const QString& title);
    Q_INVOKABLE void deleteChat(const QString& id);
    Q_INVOKABLE void undoDelete();
    // Export of the open conversation ("md" or "json"): a proposed file name from its title, the
    // folder used last (else Documents), and the export itself — written atomically with its
    // images beside it; the notice names the path, a failure names the path and the reason.
    Q_INVOKABLE QString proposedExportName(const QString& format) const;
    Q_INVOKABLE QString exportFolder() const;
    Q_INVOKABLE QString exportPath(const QString& folder, const QString& name,
                                   const QString& format) const;
    Q_INVOKABLE bool exportExists(const QString& folder, const QString& name,
                                  const QString& format) const;
    Q_INVOKABLE bool exportConversation(const QString& folder, const QString& name,
                                        const QString& format);
    // Folder dialogs speak URLs, the export fields paths.
    Q_INVOKABLE QString localPath(const QUrl& url) const { return url.toLocalFile(); }
    Q_INVOKABLE QUrl fileUrl(const QString& path) const { return QUrl::fromLocalFile(path); }

signals:
    void leaving();                        // the open conversation is about to be replaced
    void opened(const QString& id);        // after a saved conversation was opened
    void aboutToDelete(const QString& id); // before a conversation goes to the trash
    void currentChanged();
    void undoChanged();
    void storeProblemsChanged();
    void loadingChanged();
    void conversationsLoaded();
    void notice(const QString& message);

private:
    void saveConversation(const app::Conversation& conversation);
    void adoptListing(const app::ConversationStore::Listing& listing);

    ConversationModel& conversation_;
    ChatListModel& chats_;
    app::ConversationStore& store_;
    QString undoId_;
    QString undoTitle_;
    QStringList storeProblems_;
    LiveSource liveSource_;
    NewChatSetup newChatSetup_;
    ConversationLoader* loader_;
};

} // namespace facet::ui
