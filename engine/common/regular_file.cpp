#include "common/regular_file.h"

#include "common/error.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace facet {
namespace {

std::string typeName(mode_t mode) {
    if (S_ISDIR(mode))
        return "a directory";
    if (S_ISFIFO(mode))
        return "a FIFO";
    if (S_ISCHR(mode))
        return "a character device";
    if (S_ISBLK(mode))
        return "a block device";
    if (S_ISSOCK(mode))
        return "a socket";
    return "not a plain file";
}

void checkStat(const std::filesystem::path& path, const struct stat& info, std::uint64_t maxBytes,
               std::string_view kind) {
    if (!S_ISREG(info.st_mode))
        throw fileError(path, "not a regular file (" + typeName(info.st_mode) + ")");
    const auto size = static_cast<std::uint64_t>(info.st_size);
    if (size > maxBytes)
        throw fileError(path, "is " + std::to_string(size) + " bytes; " + std::string(kind) +
                                  " may be at most " + std::to_string(maxBytes) + " bytes");
}

} // namespace

RegularFile::RegularFile(const std::filesystem::path& path, std::uint64_t maxBytes,
                         std::string_view kind)
    : path_(path) {
    // stat first so a device is never opened at all; fstat again on the descriptor because
    // the path may have been replaced in between.
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0)
        throw fileError(path, std::string("cannot open: ") + std::strerror(errno));
    checkStat(path, info, maxBytes, kind);
    // O_NONBLOCK: a FIFO swapped in after the stat must not block the open.
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (fd_ < 0)
        throw fileError(path, std::string("cannot open: ") + std::strerror(errno));
    if (::fstat(fd_, &info) != 0) {
        const int error = errno;
        ::close(fd_);
        throw fileError(path, std::string("cannot read: ") + std::strerror(error));
    }
    try {
        checkStat(path, info, maxBytes, kind);
    } catch (...) {
        ::close(fd_);
        throw;
    }
    size_ = static_cast<std::uint64_t>(info.st_size);
}

RegularFile::~RegularFile() {
    if (fd_ >= 0)
        ::close(fd_);
}

std::size_t RegularFile::readSome(std::uint64_t offset, void* out, std::size_t count) const {
    std::size_t done = 0;
    auto* bytes = static_cast<char*>(out);
    while (done < count) {
        const ssize_t n =
            ::pread(fd_, bytes + done, count - done, static_cast<off_t>(offset + done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            throw fileError(path_, std::string("cannot read: ") + std::strerror(errno));
        if (n == 0)
            break;
        done += static_cast<std::size_t>(n);
    }
    return done;
}

void RegularFile::readAt(std::uint64_t offset, void* out, std::size_t count) const {
    if (readSome(offset, out, count) != count)
        throw fileError(path_, "the file became shorter while it was read");
}

std::string readTextFile(const std::filesystem::path& path, std::uint64_t maxBytes,
                         std::string_view kind) {
    const RegularFile file(path, maxBytes, kind);
    std::string text(static_cast<std::size_t>(file.size()), '\0');
    file.readAt(0, text.data(), text.size());
    return text;
}

std::vector<std::uint8_t> readBinaryFile(const std::filesystem::path& path, std::uint64_t maxBytes,
                                         std::string_view kind) {
    const RegularFile file(path, maxBytes, kind);
    std::vector<std::uint8_t> bytes(static_cast<std::size_t>(file.size()));
    file.readAt(0, bytes.data(), bytes.size());
    return bytes;
}

} // namespace facet
