#include "model/mapped_file.h"

#include "common/error.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace facet::model {

MappedFile::MappedFile(const std::filesystem::path& path) : path_(path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        throw fileError(path, std::string("cannot open: ") + std::strerror(errno));
    struct stat info {};
    if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
        ::close(fd);
        throw fileError(path, "not a regular file");
    }
    size_ = static_cast<size_t>(info.st_size);
    if (size_ == 0) {
        ::close(fd);
        throw fileError(path, "file is empty");
    }
    void* mapping = ::mmap(nullptr, size_, PROT_READ, MAP_PRIVATE, fd, 0);
    const int mapErrno = errno;
    ::close(fd); // the mapping stays valid after the descriptor is closed
    if (mapping == MAP_FAILED)
        throw fileError(path, std::string("cannot memory-map: ") + std::strerror(mapErrno));
    data_ = static_cast<const std::byte*>(mapping);
}

MappedFile::~MappedFile() {
    if (data_ != nullptr)
        ::munmap(const_cast<std::byte*>(data_), size_);
}

} // namespace facet::model
