#include "model/mapped_file.h"

#include "common/error.h"
#include "common/regular_file.h"

#include <cerrno>
#include <cstring>
#include <sys/mman.h>

namespace facet::model {

namespace {
// Mapping costs address space, not memory, so the limit only keeps sizes sane.
constexpr std::uint64_t kMaxMappedBytes = std::uint64_t{1} << 40;
} // namespace

MappedFile::MappedFile(const std::filesystem::path& path) : path_(path) {
    // RegularFile refuses FIFOs and devices (a FIFO would block the open, /dev/zero would map
    // as an endless file) before anything is mapped.
    const RegularFile file(path, kMaxMappedBytes, "a mapped file");
    size_ = static_cast<size_t>(file.size());
    if (size_ == 0)
        throw fileError(path, "file is empty");
    void* mapping = ::mmap(nullptr, size_, PROT_READ, MAP_PRIVATE, file.descriptor(), 0);
    if (mapping == MAP_FAILED)
        throw fileError(path, std::string("cannot memory-map: ") + std::strerror(errno));
    data_ = static_cast<const std::byte*>(mapping); // stays valid after the descriptor closes
}

MappedFile::~MappedFile() {
    if (data_ != nullptr)
        ::munmap(const_cast<std::byte*>(data_), size_);
}

} // namespace facet::model
