#include "core/conversations/conversationstore.h"

#include "core/support/userfiles.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSaveFile>
#include <QStandardPaths>

#include <algorithm>
#include <stdexcept>

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
    QSaveFile out(path);
    if (!out.open(QIODevice::WriteOnly))
        fail(path, out.errorString());
    makePrivate(out);
    out.write(QJsonDocument(toJson(c)).toJson(QJsonDocument::Indented));
    if (!out.commit())
        fail(path, out.errorString());
}

QString ConversationStore::importImage(const QString& conversationId, const QString& sourcePath) {
    QFile in(sourcePath);
    if (!in.open(QIODevice::ReadOnly))
        fail(sourcePath, in.errorString());
    const QByteArray bytes = in.readAll();
    const QString hash = QString::fromLatin1(
        QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex().left(16));
    const QString suffix = QFileInfo(sourcePath).suffix().toLower();
    const QString name = suffix.isEmpty() ? hash : hash + QLatin1Char('.') + suffix;
    const QString target = imagePath(conversationId, name);
    if (QFileInfo::exists(target))
        return name;
    if (!makePrivateDir(folder(conversationId)))
        fail(folder(conversationId),
             QCoreApplication::translate("ConversationStore", "cannot create the folder"));
    QSaveFile out(target);
    if (!out.open(QIODevice::WriteOnly))
        fail(target, out.errorString());
    makePrivate(out);
    out.write(bytes);
    if (!out.commit())
        fail(target, out.errorString());
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
