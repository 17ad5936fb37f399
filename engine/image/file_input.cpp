// Reads an image file without trusting what the path names: a FIFO would block a plain open()
// forever, /dev/zero would be read until memory runs out, and a multi-gigabyte file used to be
// read whole before its 8-byte signature was looked at.
#include "image/file_input.h"

#include "common/error.h"
#include "image/formats.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace facet::image::detail {
namespace {

class Fd {
public:
    explicit Fd(int fd) : fd_(fd) {}
    ~Fd() {
        if (fd_ >= 0)
            ::close(fd_);
    }
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    int get() const { return fd_; }

private:
    int fd_;
};

std::string describe(mode_t mode) {
    if (S_ISDIR(mode))
        return "is a directory, not an image";
    if (S_ISFIFO(mode))
        return "is a FIFO (named pipe), not an image file";
    if (S_ISSOCK(mode))
        return "is a socket, not an image file";
    if (S_ISCHR(mode) || S_ISBLK(mode))
        return "is a device, not an image file";
    return "is not a regular file";
}

// Reads exactly `size` bytes at `into`, or throws (the file changed under us).
void readExactly(int fd, std::uint8_t* into, size_t size) {
    size_t done = 0;
    while (done < size) {
        const ssize_t n = ::read(fd, into + done, size - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            throw Error(std::string("cannot read the file (") + std::strerror(errno) + ")");
        if (n == 0)
            throw Error("the file became shorter while it was read");
        done += static_cast<size_t>(n);
    }
}

std::string mebibytes(std::uint64_t bytes) {
    return std::to_string((bytes + (1 << 20) - 1) >> 20) + " MiB";
}

} // namespace

std::vector<std::uint8_t> readImageFile(const std::filesystem::path& file) {
    // O_NONBLOCK: opening a FIFO with no writer returns at once instead of waiting for one.
    const Fd fd(::open(file.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY));
    if (fd.get() < 0)
        throw Error(std::string("cannot open the file (") + std::strerror(errno) + ")");
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0)
        throw Error(std::string("cannot read the file (") + std::strerror(errno) + ")");
    if (!S_ISREG(st.st_mode))
        throw Error(describe(st.st_mode));
    const auto size = static_cast<std::uint64_t>(st.st_size);
    // The signature first: a large file that is not an image is named as such, unread.
    std::uint8_t head[16];
    const size_t headSize = static_cast<size_t>(std::min<std::uint64_t>(size, sizeof head));
    readExactly(fd.get(), head, headSize);
    sniffFormat(Bytes(head, headSize));
    if (size > kMaxImageFileBytes)
        throw Error("the file is " + mebibytes(size) + ", more than the " +
                    mebibytes(kMaxImageFileBytes) + " Facet reads as an image");
    std::vector<std::uint8_t> bytes(static_cast<size_t>(size));
    std::memcpy(bytes.data(), head, headSize);
    readExactly(fd.get(), bytes.data() + headSize, bytes.size() - headSize);
    return bytes;
}

} // namespace facet::image::detail
