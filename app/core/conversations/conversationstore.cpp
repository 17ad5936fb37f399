#include "core/conversations/conversationstore.h"

#include "core/support/durablefile.h"
#include "core/support/userfiles.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QStandardPaths>

#include <algorithm>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <unistd.h>

namespace facet::app {
namespace {

[[noreturn]] void fail(const QString& path, const QString& reason) {
    throw std::runtime_error((path + QLatin1String(": ") + reason).toStdString());
}

} // namespace

ConversationStore::ConversationStore(QString root) : root_(std::move(root)) {
    if (root_.isEmpty())
        root_ = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
                QLatin1String("/conversations");
}

QString ConversationStore::folder(const QString& id) const {
    return root_ + QLatin1Char('/') + id;
}

QString ConversationStore::file(const QString& id) const {
    return folder(id) + QLatin1String("/conversation.json");
}

QString ConversationStore::imagePath(const QString& id, const QString& relative) const {
    return folder(id) + QLatin1Char('/') + relative;
}

ConversationStore::Listing ConversationStore::loadAll() {
    Listing listing = scan();
    adopt(listing);
    return listing;
}

ConversationStore::Listing ConversationStore::scan() const {
    Listing listing;
    const QDir dir(root_);
    for (const QString& id : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        if (!QFileInfo::exists(file(id)))
            continue;
        try {
            listing.conversations.append(load(id));
        } catch (const std::exception& e) {
            listing.unreadable.insert(id);
            listing.problems.append(QString::fromStdString(e.what()));
        }
    }
    std::sort(listing.conversations.begin(), listing.conversations.end(),
              [](const Conversation& a, const Conversation& b) { return a.updated > b.updated; });
    return listing;
}

Conversation ConversationStore::load(const QString& id) const {
    const QString path = file(id);
    // A FIFO or a device here would block or never end: only regular files (links resolved),
    // and no larger than any conversation Facet writes.
    const QFileInfo info(path);
    if (!info.exists())
        fail(path, QStringLiteral("no such file"));
    if (!info.isFile())
        fail(path, QStringLiteral("not a regular file"));
    if (info.size() > kMaxFileBytes)
        fail(path, QStringLiteral("%1 bytes, more than a conversation file may have (%2)")
                       .arg(info.size())
                       .arg(kMaxFileBytes));
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        fail(path, f.errorString());
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &error);
    if (error.error != QJsonParseError::NoError)
        fail(path,
             QCoreApplication::translate("ConversationStore", "not valid JSON at byte %1 (%2)")
                 .arg(error.offset)
                 .arg(error.errorString()));
    if (!doc.isObject())
        fail(path, QCoreApplication::translate("ConversationStore", "not a JSON object"));
    try {
        Conversation c = conversationFromJson(doc.object());
        if (c.id != id)
            fail(path, QCoreApplication::translate("ConversationStore",
                                                   "id \"%1\" does not match its folder")
                           .arg(c.id));
        return c;
    } catch (const std::runtime_error& e) {
        if (QString::fromStdString(e.what()).startsWith(path))
            throw;
        fail(path, QString::fromStdString(e.what()));
    }
}

void ConversationStore::save(const Conversation& c) {
    const QString path = file(c.id);
    if (unreadable_.contains(c.id))
        fail(path, QCoreApplication::translate(
                       "ConversationStore",
                       "not saved: the file on disk could not be read and is kept as it is"));
    if (!makePrivateDir(folder(c.id)))
        fail(folder(c.id),
             QCoreApplication::translate("ConversationStore", "cannot create the folder"));
    // Every write checked, synced and its size verified before it replaces the previous file
    // (QSaveFile in Qt 6.4 commits a short file after a failed flush: durablefile.h).
    writeFileDurably(path, QJsonDocument(toJson(c)).toJson(QJsonDocument::Indented),
                     FileAccess::Private);
}

QString ConversationStore::importImage(const QString& conversationId, const QString& sourcePath) {
    // Regular files only, opened without blocking, no larger than the engine reads; read once,
    // hashed while it is copied into a temporary file beside the conversation.
    qint64 size = 0;
    const int in = openRegularFileForReading(sourcePath, kMaxImageBytes, size);
    struct Closer {
        int fd;
        ~Closer() { ::close(fd); }
    } closer{in};
    if (!makePrivateDir(folder(conversationId)))
        fail(folder(conversationId),
             QCoreApplication::translate("ConversationStore", "cannot create the folder"));
    const QString suffix = QFileInfo(sourcePath).suffix().toLower();
    DurableFile out(
        imagePath(conversationId, QStringLiteral("import") +
                                      (suffix.isEmpty() ? QString() : QLatin1Char('.') + suffix)),
        FileAccess::Private);
    QCryptographicHash hash(QCryptographicHash::Sha256);
    QByteArray block(1 << 20, Qt::Uninitialized);
    for (;;) {
        const ssize_t n = ::read(in, block.data(), static_cast<size_t>(block.size()));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            fail(sourcePath, QString::fromLocal8Bit(std::strerror(errno)));
        if (n == 0 || out.written() + n > size) // the end, or it grew after it was measured
            break;
        hash.addData(QByteArrayView(block.constData(), n));
        out.write(block.constData(), n);
    }
    if (out.written() != size)
        fail(sourcePath,
             QCoreApplication::translate("ConversationStore", "changed while it was being read"));
    const QString name = QString::fromLatin1(hash.result().toHex().left(16)) +
                         (suffix.isEmpty() ? QString() : QLatin1Char('.') + suffix);
    const QString target = imagePath(conversationId, name);
    // The same content is stored once; a file of that name but another size (a copy an older
    // version cut short on a full disk) is replaced.
    const QFileInfo existing(target);
    if (existing.isFile() && existing.size() == size) {
        out.discard();
        return name;
    }
    out.commit(target);
    return name;
}

QString ConversationStore::trashFolder() const {
    return root_ + QLatin1String("/.trash");
}

void ConversationStore::moveToTrash(const QString& id) {
    const QString trash = trashFolder();
    // A link or a file in the trash's place is removed as such (never followed), then a real,
    // private folder is made.
    const QFileInfo info(trash);
    if (info.isSymLink() || (info.exists() && !info.isDir()))
        QFile::remove(trash);
    if (!makePrivateDir(trash))
        fail(trash, QStringLiteral("cannot create the trash folder"));
    removeTreeInside(trash + QLatin1Char('/') + id, root_);
    if (!QDir().rename(folder(id), trash + QLatin1Char('/') + id))
        fail(folder(id), QCoreApplication::translate("ConversationStore",
                                                     "cannot move the conversation to the trash"));
}

void ConversationStore::restoreFromTrash(const QString& id) {
    const QString from = trashFolder() + QLatin1Char('/') + id;
    if (!QDir().rename(from, folder(id)))
        fail(from,
             QCoreApplication::translate("ConversationStore", "cannot restore the conversation"));
}

void ConversationStore::purgeTrash() {
    removeTreeInside(trashFolder(), root_);
}

} // namespace facet::app
