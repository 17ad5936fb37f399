#include "core/conversations/conversationstore.h"

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
    Listing listing;
    unreadable_.clear();
    const QDir dir(root_);
    for (const QString& id : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        if (!QFileInfo::exists(file(id)))
            continue;
        try {
            listing.conversations.append(load(id));
        } catch (const std::exception& e) {
            unreadable_.insert(id);
            listing.problems.append(QString::fromStdString(e.what()));
        }
    }
    std::sort(listing.conversations.begin(), listing.conversations.end(),
              [](const Conversation& a, const Conversation& b) { return a.updated > b.updated; });
    return listing;
}

Conversation ConversationStore::load(const QString& id) const {
    const QString path = file(id);
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
    if (!QDir().mkpath(folder(c.id)))
        fail(folder(c.id),
             QCoreApplication::translate("ConversationStore", "cannot create the folder"));
    QSaveFile out(path);
    if (!out.open(QIODevice::WriteOnly))
        fail(path, out.errorString());
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
    if (!QDir().mkpath(folder(conversationId)))
        fail(folder(conversationId),
             QCoreApplication::translate("ConversationStore", "cannot create the folder"));
    QSaveFile out(target);
    if (!out.open(QIODevice::WriteOnly))
        fail(target, out.errorString());
    out.write(bytes);
    if (!out.commit())
        fail(target, out.errorString());
    return name;
}

void ConversationStore::moveToTrash(const QString& id) {
    const QString trash = root_ + QLatin1String("/.trash");
    QDir().mkpath(trash);
    QDir(trash + QLatin1Char('/') + id).removeRecursively();
    if (!QDir().rename(folder(id), trash + QLatin1Char('/') + id))
        fail(folder(id), QCoreApplication::translate("ConversationStore",
                                                     "cannot move the conversation to the trash"));
}

void ConversationStore::restoreFromTrash(const QString& id) {
    const QString from = root_ + QLatin1String("/.trash/") + id;
    if (!QDir().rename(from, folder(id)))
        fail(from,
             QCoreApplication::translate("ConversationStore", "cannot restore the conversation"));
}

void ConversationStore::purgeTrash() {
    QDir(root_ + QLatin1String("/.trash")).removeRecursively();
}

} // namespace facet::app
