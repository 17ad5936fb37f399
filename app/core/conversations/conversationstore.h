#pragma once
// Conversations on disk: one folder per conversation under the XDG data folder
// (<AppDataLocation>/conversations/<id>/conversation.json + the images it uses), written
// atomically (durablefile.h: every write checked, synced, size verified), private to the user
// (folders 0700, files 0600). A file that does not parse is reported and never written over.
#include "core/conversations/conversation.h"

#include <QSet>
#include <QStringList>

namespace facet::app {

class ConversationStore {
public:
    // `root` empty: QStandardPaths::AppDataLocation + "/conversations".
    explicit ConversationStore(QString root = {});

    // Larger conversation files are refused unread (a 30,000-message one is about 3 MB).
    static constexpr qint64 kMaxFileBytes = qint64{256} << 20;

    struct Listing {
        QList<Conversation> conversations; // newest first
        QStringList problems;              // "PATH: reason" for every file that failed to load
        QSet<QString> unreadable;          // ids of the conversations that failed to load
    };
    // Reads every conversation and changes nothing: safe on another thread while this store
    // saves on its own (the app reads them off the GUI thread at start).
    [[nodiscard]] Listing scan() const;
    // From now on save() refuses to replace the broken ones of `listing`.
    void adopt(const Listing& listing) { unreadable_ = listing.unreadable; }
    // scan() and adopt() in one.
    Listing loadAll();
    // Throws std::runtime_error "PATH: reason".
    [[nodiscard]] Conversation load(const QString& id) const;
    // Throws std::runtime_error "PATH: reason"; refuses to overwrite a file that failed to parse.
    void save(const Conversation& conversation);

    // Larger images are refused unread: the engine's own limit (engine/image/file_input.h).
    static constexpr qint64 kMaxImageBytes = qint64{768} << 20;
    // Copies an image into the conversation's folder (named by content hash, so the same image
    // added twice is stored once) and returns its file name relative to that folder. Only a
    // regular file of at most kMaxImageBytes, read once. Throws std::runtime_error
    // "PATH: reason"; nothing is left behind on failure.
    [[nodiscard]] QString importImage(const QString& conversationId, const QString& sourcePath);

    // Delete moves the folder into <root>/.trash so it can be restored; purgeTrash() empties it.
    // Neither follows a symbolic link nor deletes anything outside the root (userfiles.h).
    void moveToTrash(const QString& id);
    void restoreFromTrash(const QString& id);
    void purgeTrash();

    [[nodiscard]] QString root() const { return root_; }
    [[nodiscard]] QString folder(const QString& id) const;
    [[nodiscard]] QString file(const QString& id) const;
    [[nodiscard]] QString imagePath(const QString& id, const QString& relative) const;

private:
    [[nodiscard]] QString trashFolder() const;

    QString root_;
    QSet<QString> unreadable_;
};

} // namespace facet::app
