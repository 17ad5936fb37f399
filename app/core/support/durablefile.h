#pragma once
// Writing the user's files so that a full disk, a read-only folder or a crash never leaves a
// short file where a whole one was: the bytes go to a temporary file beside the target, every
// write is checked (a short write is continued, a failed one ends it), the file is fsync'ed and
// its size compared with what was written, and only then renamed over the target (and the
// folder synced). On any failure the temporary file is removed, the target is left as it was and
// std::runtime_error "PATH: reason" is thrown.
//
// Why not QSaveFile: its commit() (qt/qtbase src/corelib/io/qsavefile.cpp) acts only on errors
// that write() reported itself ("if (d->writeError != QFileDevice::NoError)" before
// renameOverwrite); the flush inside QFileDevice::close() and syncToDisk() may fail unnoticed.
// With Debian's Qt 6.4.2 on a full 64 KiB tmpfs, a 1,700-byte QSaveFile write commits as a 0-byte
// file and a 200,000-byte one as 4,096 bytes, both returning true (measured for issue #56). Newer
// qtbase's commit() also takes close()'s error ("ensure we act on either a close()/flush()
// failure or a previous write() problem").
#include <QByteArray>
#include <QString>

namespace facet::app {

enum class FileAccess {
    Private, // 0600: conversations, their images, pasted images
    Shared,  // 0666 less the umask, or the mode of the file it replaces: exports the user saves
};

// Writes a file in pieces and puts it in place whole, or not at all.
class DurableFile {
public:
    // Creates the temporary file in the folder of `target` (which must exist). Throws.
    DurableFile(QString target, FileAccess access);
    // Removes the temporary file unless commit() put it in place.
    ~DurableFile();
    DurableFile(const DurableFile&) = delete;
    DurableFile& operator=(const DurableFile&) = delete;

    // Writes all of `size` bytes or throws.
    void write(const char* data, qint64 size);
    void write(const QByteArray& bytes) { write(bytes.constData(), bytes.size()); }
    [[nodiscard]] qint64 written() const { return written_; }

    // fsync, size check, rename over `target` (the constructor's when empty: a file named after
    // its content is known only once it is written; it must be in the same folder). Throws.
    void commit(const QString& target = {});
    // Drops what was written; the target is untouched.
    void discard();

private:
    [[noreturn]] void fail(const QString& path, int error);

    QString target_;
    QString temporary_;
    FileAccess access_;
    int fd_ = -1;
    qint64 written_ = 0;
};

// DurableFile in one call.
void writeFileDurably(const QString& path, const QByteArray& bytes, FileAccess access);

// Copies `from` (a regular file, at most `maxBytes`, opened without blocking so a FIFO in its
// place cannot hang the caller) into `to` durably. Throws "PATH: reason".
void copyFileDurably(const QString& from, const QString& to, qint64 maxBytes, FileAccess access);

// Opens `path` for reading only when it is a regular file of at most `maxBytes` (links followed),
// without blocking on a FIFO or a device. Returns the descriptor (close it) and its size in
// `size`. Throws std::runtime_error "PATH: reason".
int openRegularFileForReading(const QString& path, qint64 maxBytes, qint64& size);

} // namespace facet::app
