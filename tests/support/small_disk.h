#pragma once
// A small disk for the full-disk tests (issue #56): a 64 KiB tmpfs mounted on a folder (root only;
// the caller skips otherwise), and a way to fill it to the last byte. Header-only: the tests that
// use it link different libraries.
#include <QFile>
#include <QString>

#include <cerrno>
#include <cstring>

#include <sys/mount.h>
#include <unistd.h>

namespace facet::testing {

// Mounts a 64 KiB tmpfs on `folder`. Returns an empty string, or why it could not.
inline QString mountSmallDisk(const QString& folder) {
    if (::geteuid() != 0)
        return QStringLiteral("needs root to mount a 64 KiB tmpfs (the full-disk case); not run");
    if (::mount("tmpfs", folder.toLocal8Bit().constData(), "tmpfs", 0, "size=64k,mode=0700") != 0)
        return QStringLiteral("cannot mount a tmpfs on %1 (%2); not run")
            .arg(folder, QString::fromLocal8Bit(std::strerror(errno)));
    return {};
}

inline void unmountSmallDisk(const QString& folder) {
    ::umount2(folder.toLocal8Bit().constData(), MNT_DETACH);
}

// Fills the file system of `folder` to the last byte with one file, `folder`/filler (4 KiB
// blocks, then single bytes, unbuffered so every write reaches the kernel).
inline bool fillDisk(const QString& folder) {
    QFile filler(folder + QStringLiteral("/filler"));
    if (!filler.open(QIODevice::WriteOnly | QIODevice::Unbuffered))
        return false;
    const QByteArray block(4096, 'f');
    while (filler.write(block) == block.size()) {
    }
    while (filler.write("f", 1) == 1) {
    }
    return true;
}

} // namespace facet::testing
