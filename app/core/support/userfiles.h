#pragma once
// The user's own data on disk (conversations, images, logs, caches): created private to its
// owner (folders 0700, files 0600: chats and images are nobody else's business on a shared
// workstation), and deleted without ever following a symbolic link or leaving its folder (a link
// planted in the trash must not make the app delete what it points to).
#include <QFileDevice>
#include <QString>

namespace facet::app {

// Creates `path` and any missing parents; the folders it creates get mode 0700, and `path` itself
// too when it already existed. False when it cannot be created.
bool makePrivateDir(const QString& path);

// Owner read/write only; call on an open QFile/QSaveFile before writing.
void makePrivate(QFileDevice& file);

// Deletes `path` and everything below it when it is a real folder (not a link) inside `root`.
// Links inside are removed as links, never followed. A `path` that is a link is removed as a
// link only. Throws std::runtime_error naming the path when `path` is not inside `root`.
void removeTreeInside(const QString& path, const QString& root);

} // namespace facet::app
