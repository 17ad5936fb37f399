#include "core/support/durablefile.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace facet::app {
namespace {

QString errnoText(int error) {
    return QString::fromLocal8Bit(std::strerror(error));
}

[[noreturn]] void throwFor(const QString& path, const QString& reason) {
    throw std::runtime_error((path + QLatin1String(": ") + reason).toStdString());
}

QByteArray encoded(const QString& path) {
    return QFile::encodeName(path);
}

// fsync of the folder makes the rename itself durable; file systems that cannot sync a folder
// (EINVAL) are fine, the data is already synced.
void syncFolder(const QString& folder) {
    const int fd = ::open(encoded(folder).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return;
    ::fsync(fd);
    ::close(fd);
}

} // namespace

DurableFile::DurableFile(QString target, FileAccess access)
    : target_(std::move(target)), access_(access) {
    const QFileInfo info(target_);
    // A hidden name beside the target: same file system, so the rename is atomic.
    const QString stem = info.absolutePath() + QLatin1String("/.") + info.fileName();
    mode_t mode = access_ == FileAccess::Private ? 0600 : 0666; // the umask applies to 0666
    for (int attempt = 0; attempt < 16 && fd_ < 0; ++attempt) {
        temporary_ =
            stem + QStringLiteral(".%1.part")
                       .arg(QRandomGenerator::global()->generate(), 8, 16, QLatin1Char('0'));
        fd_ = ::open(encoded(temporary_).constData(),
                     O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode);
        if (fd_ < 0 && errno != EEXIST)
            break;
    }
    if (fd_ < 0) {
        const int error = errno;
        temporary_.clear();
        throwFor(target_, QCoreApplication::translate(
                              "DurableFile", "could not be written (%1); the file on disk was "
                                             "left as it was")
                              .arg(errnoText(error)));
    }
    // A shared file that replaces another keeps that file's permissions, as an editor would.
    struct stat existing {};
    if (access_ == FileAccess::Shared && ::stat(encoded(target_).constData(), &existing) == 0 &&
        S_ISREG(existing.st_mode))
        ::fchmod(fd_, existing.st_mode & 07777);
}

DurableFile::~DurableFile() {
    discard();
}

void DurableFile::discard() {
    if (fd_ >= 0)
        ::close(fd_);
    fd_ = -1;
    if (!temporary_.isEmpty())
        ::unlink(encoded(temporary_).constData());
    temporary_.clear();
}

void DurableFile::fail(const QString& path, int error) {
    discard();
    throwFor(path,
             QCoreApplication::translate(
                 "DurableFile", "could not be written (%1); the file on disk was left as it was")
                 .arg(errnoText(error)));
}

void DurableFile::write(const char* data, qint64 size) {
    if (fd_ < 0)
        throwFor(target_, QStringLiteral("written after it was closed"));
    while (size > 0) {
        const ssize_t n = ::write(fd_, data, static_cast<size_t>(size));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) // 0 for a non-empty write is a full disk that did not set errno
            fail(target_, n < 0 ? errno : ENOSPC);
        data += n;
        size -= n;
        written_ += n;
    }
}

void DurableFile::commit(const QString& target) {
    const QString final = target.isEmpty() ? target_ : target;
    if (fd_ < 0)
        throwFor(final, QStringLiteral("committed after it was closed"));
    // Delayed allocation (ext4, XFS, NFS) can report a full disk only here.
    if (::fsync(fd_) != 0)
        fail(final, errno);
    struct stat st {};
    if (::fstat(fd_, &st) != 0)
        fail(final, errno);
    if (st.st_size != written_) {
        discard();
        throwFor(final, QCoreApplication::translate("DurableFile",
                                                    "%1 of %2 bytes reached the disk; the file "
                                                    "on disk was left as it was")
                            .arg(st.st_size)
                            .arg(written_));
    }
    const int closed = ::close(fd_);
    fd_ = -1;
    if (closed != 0)
        fail(final, errno);
    if (::rename(encoded(temporary_).constData(), encoded(final).constData()) != 0)
        fail(final, errno);
    temporary_.clear();
    syncFolder(QFileInfo(final).absolutePath());
}

void writeFileDurably(const QString& path, const QByteArray& bytes, FileAccess access) {
    DurableFile out(path, access);
    out.write(bytes);
    out.commit();
}

int openRegularFileForReading(const QString& path, qint64 maxBytes, qint64& size) {
    // O_NONBLOCK: a FIFO opened for reading would wait for a writer for ever.
    const int fd = ::open(encoded(path).constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        throwFor(path, errnoText(errno));
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        throwFor(path, QCoreApplication::translate("DurableFile", "not a regular file"));
    }
    if (st.st_size > maxBytes) {
        ::close(fd);
        throwFor(path,
                 QCoreApplication::translate("DurableFile", "%1 bytes, more than the %2 allowed")
                     .arg(st.st_size)
                     .arg(maxBytes));
    }
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    size = st.st_size;
    return fd;
}

void copyFileDurably(const QString& from, const QString& to, qint64 maxBytes, FileAccess access) {
    qint64 size = 0;
    const int in = openRegularFileForReading(from, maxBytes, size);
    try {
        DurableFile out(to, access);
        QByteArray block(1 << 20, Qt::Uninitialized);
        for (;;) {
            const ssize_t n = ::read(in, block.data(), static_cast<size_t>(block.size()));
            if (n < 0 && errno == EINTR)
                continue;
            if (n < 0)
                throwFor(from, errnoText(errno));
            if (n == 0)
                break;
            if (out.written() + n > size) // grew after it was measured
                break;
            out.write(block.constData(), n);
        }
        if (out.written() != size)
            throwFor(from, QCoreApplication::translate("DurableFile",
                                                       "changed while it was being copied"));
        out.commit();
    } catch (...) {
        ::close(in);
        throw;
    }
    ::close(in);
}

} // namespace facet::app
